/*
 * game.h — the interface every game engine implements, and the few core
 * services an engine may use (string buffers, rejections, the YAML data
 * tree).
 *
 * The command line tool (src/cli, src/main.c) reads TGN records, hands each
 * game's tags to an engine, then feeds it the movetext one turn line at a
 * time.  Engines never print, never exit and know nothing about files or
 * output formats: everything they tell the tool travels as data through the
 * structures below.  This is jq's split between library and command, and it
 * is what lets `check`, `score`, `dump`, `fmt` and `moves` share one engine.
 *
 * Units: a "move" is one turn line of movetext (tokens on one physical line,
 * comments removed).  Move numbers count turn lines from 1.  An engine may
 * split a turn into several actions internally; the tool only sees turns.
 *
 * Adding a game is one folder under src/games/ defining one arb_game_ops
 * and one line in src/games/registry.c.
 */
#ifndef ARB_GAME_H
#define ARB_GAME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARB_MAX_SEATS 6	   /* no supported game seats more players        */
#define ARB_MAX_OPTIONS 16 /* name=value pairs in a Variant tag           */
#define ARB_MAX_FIELDS 8   /* detail fields of one score event / standing */
#define ARB_MSG_MAX 512	   /* bytes of a rejection or event sentence      */

/* ---------------------------------------------------------------- tokens */

/* One whitespace-separated word of movetext.  `s` points into the tool's
 * line buffer and is NOT NUL-terminated; compare with arb_tok_eq().  line and
 * col are 1-based; col counts bytes. */
typedef struct arb_token {
	const char *s; /* first byte of the word                     */
	uint32_t len;  /* bytes                                      */
	uint32_t line; /* 1-based line in the input file             */
	uint32_t col;  /* 1-based byte column of the first byte      */
} arb_token;

/* One turn line of a record: tokens tok[first .. first+ntok). */
typedef struct arb_turn {
	size_t first, ntok;
	uint32_t line, col; /* where the turn starts (its number, if any) */
	long number;	    /* the written turn number, or -1         */
} arb_turn;

/* True when the token is exactly `word` (case-sensitive). */
bool arb_tok_eq(const arb_token *tok, const char *word);
/* True when the token equals `word` ignoring ASCII case. */
bool arb_tok_ieq(const arb_token *tok, const char *word);

/* s[0..n) equals the word w of wn bytes ignoring ASCII case, where w is
 * written with bit 5 set in every byte (lower-case letters, digits, '-',
 * ','): setting bit 5 lower-cases a letter and turns no other byte into
 * one.  The length is compared first, so most misses cost one test; a
 * hit is two loads that overlap in the middle (never a byte past either
 * word), compared two, four or eight bytes at a time; the byte-wise OR
 * and equality do not depend on the host's byte order.  Inline because
 * engines compare every word of every turn line with keywords: with a
 * literal w the loads of w fold into constants. */
static inline bool arb_word_ieq(const char *s, size_t n, const char *w, size_t wn)
{
	if (n != wn)
		return false;
	if (wn >= 8 && wn <= 16) {
		uint64_t a, b, c, d;
		__builtin_memcpy(&a, s, 8);
		__builtin_memcpy(&b, s + wn - 8, 8);
		__builtin_memcpy(&c, w, 8);
		__builtin_memcpy(&d, w + wn - 8, 8);
		return ((a | 0x2020202020202020ull) == c) & ((b | 0x2020202020202020ull) == d);
	}
	if (wn >= 4 && wn < 8) {
		uint32_t a, b, c, d;
		__builtin_memcpy(&a, s, 4);
		__builtin_memcpy(&b, s + wn - 4, 4);
		__builtin_memcpy(&c, w, 4);
		__builtin_memcpy(&d, w + wn - 4, 4);
		return ((a | 0x20202020u) == c) & ((b | 0x20202020u) == d);
	}
	if (wn >= 2 && wn < 4) {
		uint16_t a, b, c, d;
		__builtin_memcpy(&a, s, 2);
		__builtin_memcpy(&b, s + wn - 2, 2);
		__builtin_memcpy(&c, w, 2);
		__builtin_memcpy(&d, w + wn - 2, 2);
		return ((uint16_t)(a | 0x2020u) == c) & ((uint16_t)(b | 0x2020u) == d);
	}
	for (size_t i = 0; i < wn; i++)
		if ((char)(s[i] | 0x20) != w[i])
			return false;
	return true;
}

/* ------------------------------------------------------------ rejections */

/* Why a move (or a tag, at create time) is refused.  `rule` is a stable
 * identifier of the rule broken ("edge-mismatch", "distance-rule"), used by
 * the machine output formats and by tests; `msg` is one sentence in words a
 * player understands, without the file position and without a final period.
 * line/col locate the offending token (0 = unknown: the tool then uses the
 * start of the turn). */
typedef struct arb_reject {
	const char *rule;      /* static string, kebab-case               */
	uint32_t line, col;    /* position of the offending token         */
	char msg[ARB_MSG_MAX]; /* formatted message                       */
} arb_reject;

/* The plural ending of a count in a sentence: "" for 1, else "s", as in
 * ("%u card%s", n, arb_s(n)); "1 card", "0 cards", "2 cards".  Every
 * count shown to people goes through it (or a ternary for an irregular
 * noun: city / cities). */
static inline const char *arb_s(long n)
{
	return n == 1 ? "" : "s";
}

/* ----------------------------------------------------------- rule tables */

/* One rule an engine (or the tool, for the envelope) enforces: its stable
 * id, as rejections name it, and a one-line summary in a player's words.
 * Each engine keeps its rules in one X-macro list and rejects by the enum
 * it generates, so an id is written once; notation/<game>.md lists the
 * same ids (tests/unit/test_rule_tables.c compares the two and requires a
 * rule-<id>-ok and a rule-<id>-bad record in corpus/<game>/ for each):
 *
 *   #define CC_RULES(X) \
 *       X(CC_R_EDGE_MISMATCH, "edge-mismatch", "every side ... continues it")
 *   enum cc_rule { CC_RULES(ARB_RULE_ENUM) CC_NRULES };
 *   const arb_rule cc_rules[CC_NRULES] = { CC_RULES(ARB_RULE_ENTRY) };
 */
typedef struct arb_rule {
	const char *id;	     /* kebab-case, as in rejections            */
	const char *summary; /* one line, no final period               */
} arb_rule;

#define ARB_RULE_ENUM(e, id, summary) e,
#define ARB_RULE_ENTRY(e, id, summary) [e] = { id, summary },

/* Fill `rej` with rule `rule` of an engine's table, at line:col (0:0 when
 * unknown: the tool then uses the start of the turn), and return -1, so an
 * engine writes `return arb_reject_rule(rej, table, R, line, col, "fmt", ...)`.
 * The one way every engine rejects; each binds its own table in a one-line
 * macro (cc_reject, cat_reject, EL_REJ).  The message is cut between
 * characters if it is longer than ARB_MSG_MAX. */
int arb_reject_rule(arb_reject *rej, const arb_rule *table, unsigned rule, uint32_t line,
		    uint32_t col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* The same with the message's arguments in `ap`: for a caller that
 * rejects through its own variadic function (the replay's envelope). */
void arb_reject_vrule(arb_reject *rej, const arb_rule *table, unsigned rule, uint32_t line,
		      uint32_t col, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));

/* ---------------------------------------------------------- text buffers */

/* A growable byte buffer, always NUL-terminated.  Engines write dumps,
 * canonical moves and snapshots into one; the tool decides where it goes. */
typedef struct arb_buf {
	char *p;    /* NUL-terminated contents (NULL while empty) */
	size_t len; /* bytes used, excluding the NUL             */
	size_t cap; /* bytes allocated                           */
} arb_buf;

void arb_buf_putc(arb_buf *b, char c);
void arb_buf_put(arb_buf *b, const char *s, size_t n);
void arb_buf_puts(arb_buf *b, const char *s);
/* Append the strings of a NULL-ended list: printf without the parsing
 * of a format, for the hot paths (formatting a move, telling a seat). */
void arb_buf_put_all(arb_buf *b, ...);
void arb_buf_printf(arb_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void arb_buf_vprintf(arb_buf *b, const char *fmt, va_list ap);
void arb_buf_reset(arb_buf *b); /* len = 0, keeps the memory */
void arb_buf_free(arb_buf *b);

/* ------------------------------------------------------ YAML data trees */

/* The game data (tiles, boards, buildings) is YAML under notation/<game>/,
 * embedded at build time and replaceable with --data.  The tool parses it
 * with libyaml into this tree and hands the root to the engine's
 * data_load(), which copies what it needs into its own tables.  The tree is
 * freed after data_load returns. */
typedef enum arb_node_kind { ARB_SCALAR, ARB_SEQ, ARB_MAP } arb_node_kind;

typedef struct arb_node arb_node;
struct arb_node {
	arb_node_kind kind;
	uint32_t line, col; /* 1-based position in the data file     */
	const char *str;    /* ARB_SCALAR: NUL-terminated value      */
	size_t n;	    /* ARB_SEQ: items; ARB_MAP: pairs         */
	arb_node *items;    /* ARB_SEQ: n items                      */
	arb_node *keys;	    /* ARB_MAP: n key scalars                */
	arb_node *values;   /* ARB_MAP: n values                     */
};

/* A data error: position and message; the tool adds the file name. */
typedef struct arb_data_error {
	uint32_t line, col;
	char msg[ARB_MSG_MAX];
} arb_data_error;

/* Set `err` at `node` (NULL = unknown position) and return -1. */
int arb_data_fail(arb_data_error *err, const arb_node *node, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The value under `key` in a map, or NULL (also when `map` is no map). */
const arb_node *arb_node_get(const arb_node *map, const char *key);
/* Like arb_node_get, but a missing key or wrong kind is an error. */
const arb_node *arb_node_need(const arb_node *map, const char *key, arb_node_kind kind,
			      arb_data_error *err);
/* Parse a scalar as a decimal integer in [min, max]; -1 and err on failure. */
int arb_node_int(const arb_node *node, long min, long max, long *out, arb_data_error *err);
/* The scalar's string, or NULL and err when the node is no scalar. */
const char *arb_node_str(const arb_node *node, arb_data_error *err);

/* ------------------------------------------------------- a game's set-up */

/* One tag of the record, unescaped.  Strings live as long as the game. */
typedef struct arb_tag {
	const char *name;
	const char *value;
	uint32_t line, col; /* position of the '[' */
} arb_tag;

/* One seat, in turn order.  `colour` indexes the engine's colours[]. */
typedef struct arb_seat {
	unsigned colour;    /* index into arb_game_ops.colours         */
	const char *player; /* the tag's value: the player's name      */
	const arb_tag *tag; /* the seat tag, for rejections            */
} arb_seat;

/* One rule option from the Variant tag: `name=value`, or a bare `name`
 * (value NULL).  The engine rejects options it does not know. */
typedef struct arb_option {
	const char *name;
	const char *value;
	const arb_tag *tag; /* the Variant tag, for rejections         */
} arb_option;

typedef struct arb_setup {
	const arb_tag *tags; /* every tag of the record, in order       */
	size_t ntags;
	arb_seat seats[ARB_MAX_SEATS];
	size_t nseats; /* within [min_seats, max_seats]           */
	arb_option options[ARB_MAX_OPTIONS];
	size_t noptions;
	const arb_tag *setup; /* the Setup tag (board/position) or NULL  */
	/* the View tag or NULL, when view_found: the replay's set-up knows
	 * where the tags are (its memo of tag names), and arb_view_seat then
	 * need not look for it every game */
	const arb_tag *view;
	bool view_found;
	/* only the verdict and the standing will be read, never the position
	 * (arb_replay.verdict_only): what the record does not show may be
	 * followed a way that shows no position the same, as long as every
	 * legal record is legal and the standing the same */
	bool verdict_only;
} arb_setup;

/* The value of tag `name` in the set-up, or NULL. */
const arb_tag *arb_setup_tag(const arb_setup *setup, const char *name);

/* ------------------------------------------------- scores and standings */

/* A named detail: a number, a string when `str` is non-NULL, or a list
 * of seats (the machine formats write their colours as a list) when
 * `seat_list` is set, `num` holding the mask (bit s = seat s). */
typedef struct arb_field {
	const char *key; /* static, snake_case                     */
	const char *str; /* engine-owned, valid during the call;
				  * the tool copies what it keeps           */
	long num;
	bool seat_list; /* num is a seat mask                     */
} arb_field;

/* Something that changed a score (or a VP, or a cube): a completed city,
 * the longest road changing hands, a cube placed.  Emitted during apply()
 * and finish(); the tool stamps the move number itself.  Build `text` only
 * when a sink is listening: `check` passes none.  The machine formats
 * write `fields` under their own key ("details"), so any key is free.
 * `owners` names the seats a scoring is for when it may be worth nothing
 * (a farm beside no completed city): they are shown with their 0 as the
 * others are with their points, so no reader sees an event that scores
 * "nobody" while its sentence names an owner. */
typedef struct arb_event {
	const char *kind;		  /* "city", "longest-road", ...     */
	int delta[ARB_MAX_SEATS];	  /* change per seat (turn order)    */
	unsigned owners;		  /* seats scored, even for 0 points */
	char text[ARB_MSG_MAX];		  /* one sentence for people         */
	arb_field fields[ARB_MAX_FIELDS]; /* tiles, shields, ...             */
	size_t nfields;
} arb_event;

/* Start filling `ev`: kind set; deltas, text and fields cleared. */
arb_event *arb_event_init(arb_event *ev, const char *kind);
/* Append a numeric / string detail (`s` must outlive the event's delivery,
 * see arb_field).  Beyond ARB_MAX_FIELDS the detail is dropped and the
 * debug build asserts: every event's fields are fixed by its kind. */
void arb_event_num(arb_event *ev, const char *key, long v);
void arb_event_str(arb_event *ev, const char *key, const char *s);
/* Append a list of seats (bit s of `mask` = seat s, in turn order). */
void arb_event_seats(arb_event *ev, const char *key, unsigned mask);

typedef struct arb_sink {
	void (*event)(void *ctx, const arb_event *ev);
	void *ctx;
} arb_sink;

/* Send ev[0..n) to `sink` in order (a NULL sink: nowhere), as an engine
 * hands on the events a turn collected once the turn stands. */
void arb_sink_events(const arb_sink *sink, const arb_event *ev, size_t n);

/* Where the game stands now: scores per seat, winners, and an optional
 * per-seat breakdown (Catan: settlements, cities, longest_road, ...). */
typedef struct arb_standing {
	bool over; /* the game has ended             */
	int score[ARB_MAX_SEATS];
	/* the most a score may be when the record cannot tell it exactly
	 * (a Catan view record's victory point cards bought unseen): the
	 * score text shows "6-7"; 0 (or the score) when it is exact */
	int score_hi[ARB_MAX_SEATS];
	bool winner[ARB_MAX_SEATS];		/* all tied winners are set       */
	const char *bd_key[ARB_MAX_FIELDS];	/* breakdown column names  */
	long bd[ARB_MAX_SEATS][ARB_MAX_FIELDS]; /* breakdown per seat      */
	size_t nbd;
} arb_standing;

/* ------------------------------------------------------ Variant options */

/* One Variant option an engine knows: its name, the words it takes, what
 * each stores, and the byte it sets in the engine's option bytes.  Each
 * engine keeps one table of them and sets every option through
 * arb_option_set, so no engine writes the lookup again. */
typedef struct arb_option_spec {
	const char *name;
	const char *words[8];  /* the values it takes, NULL-terminated      */
	const uint8_t *stores; /* what word i stores; NULL: i               */
	int bare;	       /* what a bare `name` stores; -1: it needs one */
	size_t off;	       /* the byte it sets, from the options' start */
} arb_option_spec;

enum { ARB_OPTION_UNKNOWN = -1, ARB_OPTION_BAD_VALUE = -2 };

/* Set option `o` in the bytes at `dst` by the table spec[0..n).  Returns
 * the row's index, ARB_OPTION_UNKNOWN when no row has o's name, or
 * ARB_OPTION_BAD_VALUE when the row (*row) does not take o's value; the
 * engine then rejects in its own words, nothing set. */
int arb_option_set(void *dst, const arb_option_spec *spec, size_t n, const arb_option *o,
		   size_t *row);
/* A row's words joined for a sentence, "a, b or c", with `extra` (if not
 * NULL) as the last; cut to fit `cap`. */
void arb_option_words(char *out, size_t cap, const arb_option_spec *row, const char *extra);

/* ---------------------------------------------- words of tags and turns */

/* The next word of a tag value (Setup, Hands): skips the bytes of
 * `blanks` at *cursor, points *word at the run up to the next blank (or
 * the end), *len bytes, and moves *cursor past it; false when nothing but
 * blanks is left.  Engines read a value word by word with it:
 *   for (const char *c = tag->value, *w; arb_tag_word(&c, " ", &w, &n);) */
bool arb_tag_word(const char **cursor, const char *blanks, const char **word, size_t *len);

/* s[0..n) as a number of one to three decimal digits, or -1 when it is
 * none (empty, longer, or a byte that is not a digit).  Inline because
 * engines read rolls, counts and places with it on every turn line; one
 * digit, the usual case, goes first. */
static inline int arb_small_num(const char *s, size_t n)
{
	if (n == 0 || n > 3)
		return -1;
	unsigned a = (unsigned char)s[0] - '0';
	if (n == 1 || a > 9)
		return a <= 9 ? (int)a : -1;
	for (size_t i = 1; i < n; i++) {
		unsigned d = (unsigned char)s[i] - '0';
		if (d > 9)
			return -1;
		a = a * 10 + d;
	}
	return (int)a;
}

/* --------------------------------------------------------- seat colours */

/* The colour names of the seats in `mask` (bit s = seat s), in turn order,
 * joined for a sentence ("Red", "Red and Blue", "Red, Blue and Green") or,
 * with `comma`, as a Result tag lists winners ("Red, Blue").  colour_of[s]
 * indexes `colours`.  Cut (at a name) to fit `cap`; "" for an empty mask. */
void arb_seat_list(char *out, size_t cap, const char *const *colours, const uint8_t *colour_of,
		   size_t nseats, unsigned mask, bool comma);

/* The seat the View tag of `setup` names, by its colour in `colours` in
 * any case, ARB_VIEW_OBSERVER for "observer" or ARB_VIEW_NONE without a
 * View tag; else -1 with `rej` filled by rule `bad_view` of `rules`.
 * Every engine reads its View tag so (notation/<game>.md on views). */
int arb_view_seat(const arb_setup *setup, const char *const *colours, const arb_rule *rules,
		  unsigned bad_view, arb_reject *rej);

/* ------------------------------------------------------------ pictures */

/* What a drawn shape is, not what colour it has: the tool maps each role
 * to a colour (the physical games' colours) and the same drawing can
 * become SVG, a PNG or a terminal picture without the engine knowing.
 * ARB_ROLE_COLOUR(i) is the pieces of the seat colour colours[i] of the
 * engine's ops table ("Red", "White", ...). */
typedef enum arb_role {
	ARB_ROLE_NONE,	    /* no fill / no stroke                          */
	ARB_ROLE_PAPER,	    /* the background, panels                        */
	ARB_ROLE_INK,	    /* outlines and ordinary text                    */
	ARB_ROLE_LABEL,	    /* coordinates, legends: muted text             */
	ARB_ROLE_HIGHLIGHT, /* the place an illegal move tried to use       */
	ARB_ROLE_FIELD,	    /* Carcassonne: fields                           */
	ARB_ROLE_ROAD,
	ARB_ROLE_CITY,
	ARB_ROLE_SHIELD,
	ARB_ROLE_CLOISTER,
	ARB_ROLE_WATER, /* Catan: the sea                                */
	ARB_ROLE_DESERT,
	ARB_ROLE_HILLS,	    /* brick                                         */
	ARB_ROLE_FOREST,    /* lumber                                        */
	ARB_ROLE_PASTURE,   /* wool                                          */
	ARB_ROLE_GRAIN,	    /* grain fields                                  */
	ARB_ROLE_MOUNTAINS, /* ore                                           */
	ARB_ROLE_TOKEN,	    /* number tokens                                 */
	ARB_ROLE_HOT,	    /* the red numbers 6 and 8                        */
	ARB_ROLE_ROBBER,
	ARB_ROLE_HARBOUR,
	ARB_ROLE_GROUND, /* Elasund: the building area                    */
	ARB_ROLE_WALL,
	ARB_ROLE_CHURCH,
	ARB_ROLE_PERMIT,
	ARB_ROLE_GOLD,
	ARB_ROLE_COLOUR0, /* ... ARB_ROLE_COLOUR(i), i < 8                 */
	ARB_ROLE_COUNT = ARB_ROLE_COLOUR0 + 8
} arb_role;
#define ARB_ROLE_COLOUR(i) ((arb_role)(ARB_ROLE_COLOUR0 + (i)))

typedef struct arb_pt {
	double x, y;
} arb_pt;

enum arb_anchor { ARB_START, ARB_MIDDLE, ARB_END };

/* Where an engine draws: shapes in the engine's own units (one unit is
 * shown as one CSS pixel at 100% zoom, so text sizes mean pixels), y
 * growing downwards.  begin() comes first and sets the picture's size;
 * groups nest and move (then turn, degrees clockwise about the group's
 * origin) what they hold.  Strings are UTF-8, copied by the callee. */
typedef struct arb_canvas {
	void *ctx;
	void (*begin)(void *ctx, double width, double height);
	void (*polygon)(void *ctx, const arb_pt *pt, size_t n, arb_role fill, arb_role stroke,
			double stroke_width);
	void (*polyline)(void *ctx, const arb_pt *pt, size_t n, arb_role stroke, double width);
	void (*circle)(void *ctx, double x, double y, double r, arb_role fill, arb_role stroke,
		       double stroke_width);
	void (*text)(void *ctx, double x, double y, double size, enum arb_anchor anchor, bool bold,
		     arb_role fill, const char *s);
	void (*group)(void *ctx, double dx, double dy, double rotate);
	void (*end_group)(void *ctx);
} arb_canvas;

/* Shorthands for engines: an axis-aligned rectangle, a line segment, and
 * text built with printf. */
void arb_draw_rect(const arb_canvas *cv, double x, double y, double w, double h, arb_role fill,
		   arb_role stroke, double sw);
void arb_draw_line(const arb_canvas *cv, double x0, double y0, double x1, double y1,
		   arb_role stroke, double width);
void arb_draw_textf(const arb_canvas *cv, double x, double y, double size, enum arb_anchor anchor,
		    bool bold, arb_role fill, const char *fmt, ...)
	__attribute__((format(printf, 8, 9)));

/* ------------------------------------------------- positions as data */

/* A document tree an engine fills to describe a position for programs
 * (`dump --format=json|yaml`): maps and lists of strings, numbers and
 * booleans, opened and closed in order.  `key` names the value inside a
 * map and is NULL inside a list.  Keys are static snake_case; strings are
 * copied by the callee.  The tool builds a jansson value from the calls
 * and writes it as JSON or YAML, so an engine never spells a format and
 * never escapes anything. */
typedef struct arb_doc {
	void *ctx;
	void (*map)(void *ctx, const char *key);  /* open a map              */
	void (*list)(void *ctx, const char *key); /* open a list             */
	void (*end)(void *ctx);			  /* close the innermost one */
	void (*str)(void *ctx, const char *key, const char *s);
	void (*num)(void *ctx, const char *key, long v);
	void (*flag)(void *ctx, const char *key, bool v);
} arb_doc;

/* A string built with printf, for engines describing squares and bundles. */
void arb_doc_strf(const arb_doc *doc, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* An illegal move to mark on the picture of the position before it:
 * `move` is the engine's parsed move (NULL when the turn line did not
 * parse), `col` the column the rejection points at (so an engine whose
 * turn holds several actions marks the one refused). */
typedef struct arb_mark {
	const void *move;
	uint32_t line, col;
} arb_mark;

/* What the rules wait for in a turn played action by action (the
 * referee): the seats that must act before the turn can go on, for what,
 * and whether the player whose turn it is may end it now. */
typedef struct arb_asked {
	unsigned seats;	  /* bit s = seat s must act now; the active seat
			   * when no other is asked                     */
	unsigned active;  /* the seat whose turn it is                 */
	const char *what; /* static, one word: "turn", "setup",
			   * "discard", "robber", "huts", ...            */
	bool may_end;	  /* the turn may end here (its duties done)   */
	bool over;	  /* the game has ended                        */
} arb_asked;

/* ------------------------------------------------------- a worker's keep */

/* What one thread keeps from game to game as it replays them one after
 * another: a slot per engine, where an engine may keep what its next
 * create() can use (Carcassonne keeps its finished games, so that a
 * stream of games does not clear a fresh 21 KB board and allocate 17
 * arrays each time).  A worker belongs to the one thread that replays
 * with it, as Stockfish's per-thread tables belong to its Thread: nothing
 * in it is locked or atomic, and no engine keeps such things in statics.
 * Whoever runs replays owns one (the CLI's record loop: one for the
 * calling thread and one per -j worker, src/cli/pool.c) and passes it to
 * create() through arb_replay; a game remembers the worker it was created
 * in and gives back to it on destroy().  Zeroed, a worker is empty; end
 * it with arb_worker_end() when its thread is done, and before the game
 * data its games were created with is freed. */
#define ARB_WORKER_SLOTS 16 /* engines a worker keeps for (the games) */

struct arb_game_ops;
typedef struct arb_worker {
	struct {
		const struct arb_game_ops *game; /* whose slot                */
		void *kept;			 /* the engine's, or NULL     */
	} slot[ARB_WORKER_SLOTS];
	size_t nslots;
} arb_worker;

/* Engine `g`'s slot in `w`, NULL in the slot until the engine keeps
 * something there; NULL when w is NULL (a game created outside any
 * worker keeps nothing) or every slot is another engine's. */
void **arb_worker_slot(arb_worker *w, const struct arb_game_ops *g);
/* Free what every engine keeps in `w` (through its release_kept) and
 * empty it; w itself stays its owner's.  NULL: nothing. */
void arb_worker_end(arb_worker *w);

/* ------------------------------------------------------------- the game */

/* Flags for dump(). */
enum {
	ARB_DUMP_LABELS = 1, /* print the coordinate diagram of the notation */
};

typedef struct arb_game_ops {
	const char *name;	    /* the Game tag value: "carcassonne" */
	const char *title;	    /* "Carcassonne"                      */
	const char *const *colours; /* canonical seat colours, NULL-ended;
				       * the seat tags of a record use them  */
	unsigned min_seats, max_seats;
	size_t move_size;	   /* sizeof the engine's parsed move    */
	bool parse_clears;	   /* parse writes every field of the move
				    * that is read later (each action it
				    * starts, in full): replay need not zero
				    * the move before each turn           */
	const arb_rule *rules;	   /* every rule id the engine rejects   */
	size_t nrules;		   /* ... with; see arb_rule             */
	const char *data_name;	   /* "notation/carcassonne/carcassonne.yaml" */
	const unsigned char *data; /* embedded default data (YAML) ...   */
	const size_t *data_size;   /* ... and its size in bytes          */
	const arb_node *data_tree; /* the same parsed at build time (tools/
				    * embed.c), so a run that loads it pays
				    * no YAML; NULL: parse `data`          */

	/* Build the engine's tables from a YAML tree.  Returns an engine-owned
	 * object (freed by data_free) or NULL with err set. */
	void *(*data_load)(const arb_node *root, arb_data_error *err);
	void (*data_free)(void *data);

	/* A new game in its initial position (or the position in the Setup
	 * tag).  Rejects bad options, seat counts the game does not allow and
	 * malformed Setup tags; the position goes at the tag.  `worker` is
	 * the keep of the thread creating it (see arb_worker; NULL: none):
	 * the engine may take from its slot there what an earlier game left,
	 * and the game, destroyed, may leave itself there for the next; a
	 * game is used and destroyed on its worker's thread only. */
	void *(*create)(const void *data, const arb_setup *setup, arb_worker *worker,
			arb_reject *rej);
	void (*destroy)(void *game);
	/* Free what the engine keeps in a worker's slot (arb_worker_slot),
	 * when the worker ends.  NULL: the engine keeps nothing there. */
	void (*release_kept)(void *kept);

	/* Parse one turn line (tok[0..ntok-1], never empty) into `move`
	 * (move_size bytes, zeroed by the caller unless parse_clears).  May
	 * read the game's configuration (seats, options, data) but not its position: `fmt`
	 * parses every line of a game, also after an illegal move.  Returns 0
	 * or -1 with rej set. */
	int (*parse)(const void *game, const arb_token *tok, size_t ntok, void *move,
		     arb_reject *rej);
	/* Append the canonical spelling of a parsed move to `out` (one line,
	 * no newline).  fmt(parse(fmt(m))) == fmt(m). */
	void (*format)(const void *game, const void *move, arb_buf *out);
	/* Play a parsed move.  Returns 0, or -1 with rej set and the position
	 * unchanged in every way that matters to later calls (the tool stops
	 * replaying the game after a rejection).  Score events go to `sink`
	 * when it is non-NULL; events sent during a turn that is then
	 * rejected are dropped by the tool. */
	int (*apply)(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
	/* Before the first apply(): the turn lines the replay will play
	 * (turns[0..n), their tokens in tok[]), which the engine may read
	 * ahead of the move it plays, on condition that every verdict,
	 * message and final position stays what it would be without them
	 * (a view record's unseen cards, ruled out early by what later lines
	 * spend: notation/catan.md).  Both stay valid until the game is
	 * destroyed.  Not called when each position is shown as it is
	 * reached (on_move), whose shape may depend on what lies ahead.
	 * NULL: the engine does not read ahead. */
	void (*ahead)(void *game, const arb_token *tok, const arb_turn *turns, size_t n);
	/* True once the game has ended (a win, the last tile).  The tool
	 * rejects any further turn line without asking the engine. */
	bool (*over)(const void *game);
	/* Optional: where in the game a byte lies that is 0 whenever over()
	 * is false, as ARB_OVER_FLAG(type, member) gives it (0: no such
	 * byte).  The replay asks over() before a turn line only when the
	 * byte is set: a load instead of a call through a pointer every
	 * line (some 10 instructions), the answers the same. */
	size_t over_flag;
	/* End of the record: run the final scoring when the game is over
	 * (emitting its events).  Idempotent. */
	void (*finish)(void *game, const arb_sink *sink);
	/* Scores and winners now. */
	void (*standing)(const void *game, arb_standing *out);
	/* The engine's invariants hold (cards conserved, edges match,
	 * followers counted, ...): the debug builds (`make check`, `sanitize`,
	 * `fuzz`) call it after every accepted turn and abort when it fails,
	 * as chess engines assert pos_is_ok(); release builds (NDEBUG) never
	 * call it.  On false, *why names the broken invariant (static). */
	bool (*position_ok)(const void *game, const char **why);

	/* The legal moves of the player to act, each as one string in
	 * notation, passed to emit().  `next` is the record's next move, or
	 * NULL: engines take from it what chance decided (Carcassonne's drawn
	 * tile, Catan's dice) and list the choices that remain.  Returns the
	 * number of moves emitted. */
	size_t (*moves)(const void *game, const void *next,
			void (*emit)(void *ctx, const char *move), void *ctx);

	/* A text picture of the position (flags: ARB_DUMP_*).  With
	 * ARB_DUMP_LABELS the engine prints its coordinate diagram instead;
	 * `game` may then be in its initial position. */
	void (*dump)(const void *game, unsigned flags, arb_buf *out);
	/* Called once on the position a replay ended at, before `dump`
	 * shows it (text, picture or data), and never before another move:
	 * what the engine knows of it only roughly while replaying (a view
	 * record's hands, followed one way at a time), it may work out
	 * exactly here, at a cost paid only when asked.  NULL: nothing to
	 * work out. */
	void (*settle)(void *game);
	/* The position as a picture on `cv` (the board, and beside it the
	 * scores and what each player holds); `mark`, when non-NULL, is an
	 * illegal move to show on it.  ARB_DUMP_LABELS adds the notation's
	 * coordinate names.  NULL when the engine cannot draw. */
	void (*draw)(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark);
	/* The position as a Setup tag value that create() accepts; NULL when
	 * the engine has no snapshots yet. */
	void (*snapshot)(const void *game, arb_buf *out);
	/* The same position as data on `doc`, in one map: the board, what
	 * each seat holds, the supply, the scores and who is to act (keys by
	 * engine, documented in notation/<game>.md).  The tool opens and
	 * closes the map around it.  NULL when the engine cannot. */
	void (*describe)(const void *game, const arb_doc *doc);

	/* For `arbiter gen`: one random legal turn for the player to act,
	 * appended to `out` as a turn line in canonical notation (no newline).
	 * Chance comes from the real distributions (dice, the tiles or cards
	 * left) drawn with arb_rng_below(rng, n); choices are uniform among
	 * the legal ones, weighted so that games reach their end.  The same
	 * rng state gives the same turn on every machine.  Returns 0, or -1
	 * when the game is over or the generator gives up on an endless game
	 * (gen then records it unfinished).  NULL when the engine cannot
	 * generate. */
	int (*random_turn)(const void *game, uint64_t *rng, arb_buf *out);
	/* For `arbiter gen`: tag lines a random new game needs besides Game
	 * and the seats (chance decided before the first turn, such as
	 * starting hands), appended to `out`, each ending in a newline.  NULL
	 * when the game needs none. */
	void (*random_tags)(const void *data, size_t nseats, uint64_t *rng, arb_buf *out);
	/* For `arbiter gen --view`: rewrite `move` (parsed and applied on
	 * `game`, a full record's position) as seat `view` saw it, or an
	 * observer for ARB_VIEW_OBSERVER: what that view did not see becomes
	 * the notation's unseen cards.  NULL when the game hides nothing
	 * (Carcassonne): every view is then the full record. */
	void (*view_turn)(const void *game, void *move, unsigned view);
	/* For `arbiter gen --view`, after the last move: a turn the view
	 * (`view_game`, its replay) must see to end as the full record
	 * (`game`) ends, such as a Catan winner showing victory point cards
	 * the view has not seen at the start of the turn the win came,
	 * written to `out` as a line.  1 when written, 0 when none is
	 * needed.  NULL when views need none. */
	int (*view_close)(const void *game, const void *view_game, unsigned view, arb_buf *out);
	/* For `arbiter gen --view`: the value of tag `name` (one random_tags
	 * wrote) as seat `view` (or ARB_VIEW_OBSERVER) saw it, written to
	 * `out`: 1 when rewritten, 0 when the view sees it as it is (an
	 * Elasund Hands tag names the starting card of the view's own seat
	 * only).  NULL when no tag hides anything. */
	int (*view_tag)(const char *name, const char *value, unsigned view, arb_buf *out);

	/* ---- The open turn: a game played live, action by action (the
	 * referee, src/referee/).  The referee keeps the position at the
	 * start of the turn and plays the turn so far on a copy of it with
	 * apply_open (or, with parse_more and apply_more, each action on a
	 * copy of where the last left it); a refused action leaves the start
	 * and the actions accepted before it as they were.  All NULL in an engine that
	 * cannot be played live. */

	/* Make `dst` (a game create()d with the same data and set-up) the
	 * same position as `src`, so that it plays on as src would. */
	void (*copy)(void *dst, const void *src);
	/* apply() of a turn line cut short: the line's actions are judged
	 * as apply() judges them (the same rule ids and messages), but what
	 * only the end of a turn can judge is not (a missing roll, the 7's
	 * discards and robber still owed, phase three, a set-up line's
	 * road), and the turn stays with its player.  Returns 0, or -1 with
	 * rej set (the game is then to be thrown away). */
	int (*apply_open)(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
	/* Optional, with apply_open: the open turn played on from where the
	 * last action left it, so that an action costs the same however
	 * long the turn so far (a referee replaying the line from its start
	 * at every action pays for the turn's length squared).  NULL: the
	 * referee plays the whole line on a copy of the start each time.
	 *
	 * parse() of a turn line continued: tok[0..ntok) are the next words
	 * of the line (no colour; their columns as they stand in the whole
	 * line), appended to `move`, the line so far as parse() or
	 * parse_more gave it, in `game`, the position after it.  `move` is
	 * then what parse() of the whole line gives, and a refusal is the
	 * one parse() of the whole line gives (rule, place); on -1 `move` is
	 * to be thrown away. */
	int (*parse_more)(const void *game, void *move, const arb_token *tok, size_t ntok,
			  arb_reject *rej);
	/* apply_open of `move`, played on in `game`, which holds the open
	 * turn apply_open (or apply_more) left after a shorter line that
	 * `move` continues (parse_more): only the actions not played yet
	 * are judged and played, and only their events are sent.  0, -1
	 * with rej set (the game is then to be thrown away), or
	 * ARB_OPEN_REPLAY with the game untouched: the engine cannot go on
	 * from here (a Catan set-up line), and the whole line is to be
	 * played with apply_open on the turn's start. */
	int (*apply_more)(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
	/* apply() of `move` finished from the open turn apply_open or
	 * apply_more of it left in `game`: what only a turn's end can judge
	 * is judged, with apply()'s rule ids and messages, and the position
	 * becomes the one apply() of the whole line on the turn's start
	 * gives; only the end's events are sent (a win at the next seat's
	 * start).  0, -1 with rej set, or ARB_OPEN_REPLAY (untouched): play
	 * the whole line with apply() on the turn's start. */
	int (*close_open)(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
	/* In the position apply_open left (or at the start of a turn):
	 * what the rules wait for (see arb_asked). */
	void (*asked)(const void *game, arb_asked *out);
	/* Where each action of a parsed turn line starts: the column of its
	 * first token, in order, into cols[0..max).  Returns how many. */
	size_t (*actions)(const void *game, const void *move, uint32_t *cols, size_t max);
	/* The chance of one action, as the referee deals it.  `tok` is one
	 * action as seat `seat` wrote it (the turn's colour not included),
	 * played on top of the open turn whose position is `game`.  Writes
	 * to `out` the action's words in notation with what chance decides
	 * filled in, drawn from `rng` (the dice of `roll`, the card of `buy`
	 * or of a steal); with rng NULL the chance is the seat's to supply
	 * (a real table) and the words are copied as they are.  Returns
	 * ARB_DEAL_PLAY (out is the action to play, by `seat` unless
	 * *consent asks other seats first), ARB_DEAL_CHOOSE (chance was
	 * dealt and the seat must now choose: out holds the choices, each
	 * an action, separated by '|'; the seat's next action must be one
	 * of them), or -1 with rej set: the action is not the seat's to
	 * play now (not its turn, nothing asked of it, another seat's
	 * cards), by a rule of the engine's table; or, with rej->rule NULL
	 * and rej->msg saying why, the seat wrote what the dealer decides
	 * (the referee answers with an error, not a rule).  *consent (may be NULL): the seats
	 * that must accept the action before it is played (bit s = seat s:
	 * the partner of a trade between players). */
	int (*deal)(const void *game, unsigned seat, const arb_token *tok, size_t ntok,
		    uint64_t *rng, arb_buf *out, unsigned *consent, arb_reject *rej);
	/* The chance that comes before the first choice of a turn (the tile
	 * a Carcassonne player draws and must place), drawn from `rng` and
	 * written to `out` as the words the turn's first action starts
	 * with; the player to act is told them.  0 when written, 1 when the
	 * turn starts with no chance (out left empty).  NULL: none ever. */
	int (*deal_start)(const void *game, uint64_t *rng, arb_buf *out);
	/* The next actions seat `seat` may write now, for the referee's
	 * `moves` request and `arbiter bot`: candidates passed to emit(),
	 * each one action as the seat writes it with chance dealt (the
	 * dealer's part left out: `roll`, `buy`, `robber 3,4 steal White`,
	 * a Carcassonne placement without its tile; the turn's colour not
	 * included), in the position `game` (the turn's start, or after
	 * apply_open of the actions accepted so far).  `start` is the chance
	 * dealt at the turn's start (deal_start's words, "" when none).
	 * Every action the referee would accept must be among them, spelt
	 * as format() spells it (domestic trades aside: see the engine's
	 * notes), and every one listed must be legal: a release build's
	 * referee passes the list on untried (the test builds try each and
	 * abort on one refused).  Never lists `end`, a consent or a choice
	 * left by deal() (the referee adds those).  It may read the whole
	 * position, as the referee's answer says only what is legal.
	 * Returns how many were emitted.
	 * NULL: the engine cannot list its actions. */
	size_t (*choices)(const void *game, unsigned seat, const char *start,
			  void (*emit)(void *ctx, const char *action), void *ctx);
} arb_game_ops;

/* deal()'s answers. */
enum { ARB_DEAL_PLAY = 0, ARB_DEAL_CHOOSE = 1 };

/* apply_more's and close_open's answer: not from here, replay the line. */
#define ARB_OPEN_REPLAY 1

#define ARB_VIEW_OBSERVER ARB_MAX_SEATS	  /* view_turn: no seat's view */
#define ARB_VIEW_NONE (ARB_MAX_SEATS + 1) /* arb_view_seat: a full record */

/* The project's random numbers (splitmix64): portable and seedable, so
 * `arbiter gen --seed S` writes the same bytes on every machine. */
uint64_t arb_rng_next(uint64_t *state);
/* Uniform in [0, n), without modulo bias; n > 0. */
uint32_t arb_rng_below(uint64_t *state, uint32_t n);

/* Declares the embedded copy of notation/<game>/<game>.yaml that the build
 * generates (build/embed/<game>.c), its bytes and its parsed tree; use it
 * in the engine's ops table (ARB_ENGINE_OPS below does):
 *   ARB_DECLARE_DATA(carcassonne)
 *   .data = arb_data_carcassonne, .data_size = &arb_data_carcassonne_size,
 *   .data_tree = arb_tree_carcassonne */
#define ARB_DECLARE_DATA(game)                        \
	extern const unsigned char arb_data_##game[]; \
	extern const size_t arb_data_##game##_size;   \
	extern arb_node arb_tree_##game[]

/* The head of an engine's ops table: what every engine names after
 * itself (its Game tag name, its move <prefix>_move, its colours and rule
 * table <prefix>_colours and <prefix>_rules), the ops every engine has,
 * each named <prefix>_<op> (cc_create, cat_parse, el_dump), and its game
 * data, the embedded notation/<game>/<game>.yaml (ARB_DECLARE_DATA above)
 * that <prefix>_data_load reads, with the title and the least and most
 * seats it takes; so a table lists only the ops that set the engine apart:
 *   const arb_game_ops carcassonne_game = {
 *           ARB_ENGINE_OPS(carcassonne, cc, "Carcassonne", 2, 5), ... }; */
/* The over_flag of ops: member (a byte, 0 while the game is not over) of
 * the engine's game type; offset + 1, so that 0 is none. */
#define ARB_OVER_FLAG(type, member) (offsetof(type, member) + 1)

#define ARB_ENGINE_OPS(game, prefix, game_title, least_seats, most_seats)                          \
	.name = #game, .title = game_title, .min_seats = least_seats, .max_seats = most_seats,     \
	.colours = prefix##_colours, .rules = prefix##_rules,                                      \
	.nrules = sizeof prefix##_rules / sizeof prefix##_rules[0],                                \
	.move_size = sizeof(prefix##_move), .data_name = "notation/" #game "/" #game ".yaml",      \
	.data = arb_data_##game, .data_size = &arb_data_##game##_size,                             \
	.data_tree = arb_tree_##game, .data_load = prefix##_data_load,                             \
	.data_free = prefix##_data_free, .create = prefix##_create, .destroy = prefix##_destroy,   \
	.parse = prefix##_parse, .format = prefix##_format, .over = prefix##_over,                 \
	.finish = prefix##_finish, .standing = prefix##_standing,                                  \
	.position_ok = prefix##_position_ok, .moves = prefix##_moves, .dump = prefix##_dump,       \
	.draw = prefix##_draw, .snapshot = prefix##_snapshot, .describe = prefix##_describe,       \
	.random_turn = prefix##_random_turn, .asked = prefix##_asked, .actions = prefix##_actions, \
	.deal = prefix##_deal, .choices = prefix##_choices

/* ------------------------------------------------------ the set of games */

/* The games a record's Game tag may name, as functions: the core reads a
 * record through this (arb_replay.games) and so never depends on which
 * games there are; src/games/registry.c fills one, arb_registry. */
typedef struct arb_games {
	size_t (*count)(void);
	const arb_game_ops *(*at)(size_t i);	       /* NULL when i is out of range */
	const arb_game_ops *(*find)(const char *name); /* any case; NULL if none */
	const char *(*suggest)(const char *name);      /* the closest name, or NULL */
	void (*list)(char *out, size_t cap);	       /* every name, ", "-separated */
} arb_games;

#endif /* ARB_GAME_H */
