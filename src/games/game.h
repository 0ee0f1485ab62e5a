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

#define ARB_MAX_SEATS 6     /* no supported game seats more players        */
#define ARB_MAX_OPTIONS 16  /* name=value pairs in a Variant tag           */
#define ARB_MAX_FIELDS 8    /* detail fields of one score event / standing */
#define ARB_MSG_MAX 512     /* bytes of a rejection or event sentence      */

/* ---------------------------------------------------------------- tokens */

/* One whitespace-separated word of movetext.  `s` points into the tool's
 * line buffer and is NOT NUL-terminated; compare with arb_tok_eq().  line and
 * col are 1-based; col counts bytes. */
typedef struct arb_token {
	const char *s;   /* first byte of the word                     */
	uint32_t len;    /* bytes                                      */
	uint32_t line;   /* 1-based line in the input file             */
	uint32_t col;    /* 1-based byte column of the first byte      */
} arb_token;

/* True when the token is exactly `word` (case-sensitive). */
bool arb_tok_eq(const arb_token *tok, const char *word);
/* True when the token equals `word` ignoring ASCII case. */
bool arb_tok_ieq(const arb_token *tok, const char *word);

/* ------------------------------------------------------------ rejections */

/* Why a move (or a tag, at create time) is refused.  `rule` is a stable
 * identifier of the rule broken ("edge-mismatch", "distance-rule"), used by
 * the machine output formats and by tests; `msg` is one sentence in words a
 * player understands, without the file position and without a final period.
 * line/col locate the offending token (0 = unknown: the tool then uses the
 * start of the turn). */
typedef struct arb_reject {
	const char *rule;        /* static string, kebab-case               */
	uint32_t line, col;      /* position of the offending token         */
	char msg[ARB_MSG_MAX];   /* formatted message                       */
} arb_reject;

/* Fill `rej` at the position of `tok` (may be NULL) and return -1, so an
 * engine can write `return arb_reject_at(rej, tok, "rule", "fmt", ...)`. */
int arb_reject_at(arb_reject *rej, const arb_token *tok, const char *rule,
		  const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Same, at an explicit position. */
int arb_reject_pos(arb_reject *rej, uint32_t line, uint32_t col,
		   const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

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
	const char *id;          /* kebab-case, as in rejections            */
	const char *summary;     /* one line, no final period               */
} arb_rule;

#define ARB_RULE_ENUM(e, id, summary) e,
#define ARB_RULE_ENTRY(e, id, summary) [e] = { id, summary },

/* Reject by a rule of a table: arb_reject_pos with table[rule].id. */
int arb_reject_rule(arb_reject *rej, const arb_rule *table, unsigned rule,
		    uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* ---------------------------------------------------------- text buffers */

/* A growable byte buffer, always NUL-terminated.  Engines write dumps,
 * canonical moves and snapshots into one; the tool decides where it goes. */
typedef struct arb_buf {
	char *p;        /* NUL-terminated contents (NULL while empty) */
	size_t len;     /* bytes used, excluding the NUL             */
	size_t cap;     /* bytes allocated                           */
} arb_buf;

void arb_buf_putc(arb_buf *b, char c);
void arb_buf_put(arb_buf *b, const char *s, size_t n);
void arb_buf_puts(arb_buf *b, const char *s);
void arb_buf_printf(arb_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arb_buf_vprintf(arb_buf *b, const char *fmt, va_list ap);
void arb_buf_reset(arb_buf *b);   /* len = 0, keeps the memory */
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
	uint32_t line, col;      /* 1-based position in the data file     */
	const char *str;         /* ARB_SCALAR: NUL-terminated value      */
	size_t n;                /* ARB_SEQ: items; ARB_MAP: pairs         */
	arb_node *items;         /* ARB_SEQ: n items                      */
	arb_node *keys;          /* ARB_MAP: n key scalars                */
	arb_node *values;        /* ARB_MAP: n values                     */
};

/* A data error: position and message; the tool adds the file name. */
typedef struct arb_data_error {
	uint32_t line, col;
	char msg[ARB_MSG_MAX];
} arb_data_error;

/* Set `err` at `node` (NULL = unknown position) and return -1. */
int arb_data_fail(arb_data_error *err, const arb_node *node,
		  const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The value under `key` in a map, or NULL (also when `map` is no map). */
const arb_node *arb_node_get(const arb_node *map, const char *key);
/* Like arb_node_get, but a missing key or wrong kind is an error. */
const arb_node *arb_node_need(const arb_node *map, const char *key,
			      arb_node_kind kind, arb_data_error *err);
/* Parse a scalar as a decimal integer in [min, max]; -1 and err on failure. */
int arb_node_int(const arb_node *node, long min, long max, long *out,
		 arb_data_error *err);
/* The scalar's string, or NULL and err when the node is no scalar. */
const char *arb_node_str(const arb_node *node, arb_data_error *err);

/* ------------------------------------------------------- a game's set-up */

/* One tag of the record, unescaped.  Strings live as long as the game. */
typedef struct arb_tag {
	const char *name;
	const char *value;
	uint32_t line, col;      /* position of the '[' */
} arb_tag;

/* One seat, in turn order.  `colour` indexes the engine's colours[]. */
typedef struct arb_seat {
	unsigned colour;         /* index into arb_game_ops.colours         */
	const char *player;      /* the tag's value: the player's name      */
	const arb_tag *tag;      /* the seat tag, for rejections            */
} arb_seat;

/* One rule option from the Variant tag: `name=value`, or a bare `name`
 * (value NULL).  The engine rejects options it does not know. */
typedef struct arb_option {
	const char *name;
	const char *value;
	const arb_tag *tag;      /* the Variant tag, for rejections         */
} arb_option;

typedef struct arb_setup {
	const arb_tag *tags;     /* every tag of the record, in order       */
	size_t ntags;
	arb_seat seats[ARB_MAX_SEATS];
	size_t nseats;           /* within [min_seats, max_seats]           */
	arb_option options[ARB_MAX_OPTIONS];
	size_t noptions;
	const arb_tag *setup;    /* the Setup tag (board/position) or NULL  */
} arb_setup;

/* The value of tag `name` in the set-up, or NULL. */
const arb_tag *arb_setup_tag(const arb_setup *setup, const char *name);

/* ------------------------------------------------- scores and standings */

/* A named detail: a number, or a string when `str` is non-NULL. */
typedef struct arb_field {
	const char *key;         /* static, snake_case                     */
	const char *str;         /* engine-owned, valid during the call;
				  * the tool copies what it keeps           */
	long num;
} arb_field;

/* Something that changed a score (or a VP, or a cube): a completed city,
 * the longest road changing hands, a cube placed.  Emitted during apply()
 * and finish(); the tool stamps the move number itself.  Build `text` only
 * when a sink is listening: `check` passes none.  The machine formats
 * write `fields` under their own key ("details"), so any key is free. */
typedef struct arb_event {
	const char *kind;                 /* "city", "longest-road", ...     */
	int delta[ARB_MAX_SEATS];         /* change per seat (turn order)    */
	char text[ARB_MSG_MAX];           /* one sentence for people         */
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

typedef struct arb_sink {
	void (*event)(void *ctx, const arb_event *ev);
	void *ctx;
} arb_sink;

/* Where the game stands now: scores per seat, winners, and an optional
 * per-seat breakdown (Catan: settlements, cities, longest_road, ...). */
typedef struct arb_standing {
	bool over;                        /* the game has ended             */
	int score[ARB_MAX_SEATS];
	bool winner[ARB_MAX_SEATS];       /* all tied winners are set       */
	const char *bd_key[ARB_MAX_FIELDS];      /* breakdown column names  */
	long bd[ARB_MAX_SEATS][ARB_MAX_FIELDS];  /* breakdown per seat      */
	size_t nbd;
} arb_standing;

/* --------------------------------------------------------- seat colours */

/* The colour names of the seats in `mask` (bit s = seat s), in turn order,
 * joined for a sentence ("Red", "Red and Blue", "Red, Blue and Green") or,
 * with `comma`, as a Result tag lists winners ("Red, Blue").  colour_of[s]
 * indexes `colours`.  Cut (at a name) to fit `cap`; "" for an empty mask. */
void arb_seat_list(char *out, size_t cap, const char *const *colours,
		   const uint8_t *colour_of, size_t nseats, unsigned mask,
		   bool comma);

/* ------------------------------------------------------------- the game */

/* Flags for dump(). */
enum {
	ARB_DUMP_LABELS = 1,   /* print the coordinate diagram of the notation */
};

typedef struct arb_game_ops {
	const char *name;             /* the Game tag value: "carcassonne" */
	const char *title;            /* "Carcassonne"                      */
	const char *const *colours;   /* canonical seat colours, NULL-ended;
				       * the seat tags of a record use them  */
	unsigned min_seats, max_seats;
	size_t move_size;             /* sizeof the engine's parsed move    */
	const arb_rule *rules;        /* every rule id the engine rejects   */
	size_t nrules;                /* ... with; see arb_rule             */
	const char *data_name;        /* "notation/carcassonne/carcassonne.yaml" */
	const unsigned char *data;    /* embedded default data (YAML) ...   */
	const size_t *data_size;      /* ... and its size in bytes          */

	/* Build the engine's tables from a YAML tree.  Returns an engine-owned
	 * object (freed by data_free) or NULL with err set. */
	void *(*data_load)(const arb_node *root, arb_data_error *err);
	void (*data_free)(void *data);

	/* A new game in its initial position (or the position in the Setup
	 * tag).  Rejects bad options, seat counts the game does not allow and
	 * malformed Setup tags; the position goes at the tag. */
	void *(*create)(const void *data, const arb_setup *setup,
			arb_reject *rej);
	void (*destroy)(void *game);

	/* Parse one turn line (tok[0..ntok-1], never empty) into `move`
	 * (move_size bytes, zeroed by the caller).  May read the game's
	 * configuration (seats, options, data) but not its position: `fmt`
	 * parses every line of a game, also after an illegal move.  Returns 0
	 * or -1 with rej set. */
	int (*parse)(const void *game, const arb_token *tok, size_t ntok,
		     void *move, arb_reject *rej);
	/* Append the canonical spelling of a parsed move to `out` (one line,
	 * no newline).  fmt(parse(fmt(m))) == fmt(m). */
	void (*format)(const void *game, const void *move, arb_buf *out);
	/* Play a parsed move.  Returns 0, or -1 with rej set and the position
	 * unchanged in every way that matters to later calls (the tool stops
	 * replaying the game after a rejection).  Score events go to `sink`
	 * when it is non-NULL; events sent during a turn that is then
	 * rejected are dropped by the tool. */
	int (*apply)(void *game, const void *move, const arb_sink *sink,
		     arb_reject *rej);
	/* True once the game has ended (a win, the last tile).  The tool
	 * rejects any further turn line without asking the engine. */
	bool (*over)(const void *game);
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
	/* The position as a Setup tag value that create() accepts; NULL when
	 * the engine has no snapshots yet. */
	void (*snapshot)(const void *game, arb_buf *out);

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
	void (*random_tags)(const void *data, size_t nseats, uint64_t *rng,
			    arb_buf *out);
	/* For `arbiter gen --view`: rewrite `move` (parsed and applied on
	 * `game`, a full record's position) as seat `view` saw it, or an
	 * observer for ARB_VIEW_OBSERVER: what that view did not see becomes
	 * the notation's unseen cards.  NULL when the notation has no views. */
	void (*view_turn)(const void *game, void *move, unsigned view);
} arb_game_ops;

#define ARB_VIEW_OBSERVER ARB_MAX_SEATS   /* view_turn: no seat's view */

/* The project's random numbers (splitmix64): portable and seedable, so
 * `arbiter gen --seed S` writes the same bytes on every machine. */
uint64_t arb_rng_next(uint64_t *state);
/* Uniform in [0, n), without modulo bias; n > 0. */
uint32_t arb_rng_below(uint64_t *state, uint32_t n);

/* Declares the embedded copy of notation/<game>/<game>.yaml that the build
 * generates (build/embed/<game>.c); use it in the engine's ops table:
 *   ARB_DECLARE_DATA(carcassonne)
 *   .data = arb_data_carcassonne, .data_size = &arb_data_carcassonne_size */
#define ARB_DECLARE_DATA(game)                                  \
	extern const unsigned char arb_data_##game[];           \
	extern const size_t arb_data_##game##_size

#endif /* ARB_GAME_H */
