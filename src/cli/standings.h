/*
 * standings.h — what the parts of `standings` share: the tables being
 * built (st_ctx: schemes, players, groups, fingerprints) and the calls
 * between its files: cmd_standings.c (adding games, printing the
 * tables), standings_read.c (the input streams and partial tables, each
 * value checked before it is added), standings_scheme.c (the points
 * schemes) and standings_fit.c (--rating and --sprt, by rating.h and
 * standings_rating.c).  Private to src/cli.
 */
#ifndef ARB_STANDINGS_H
#define ARB_STANDINGS_H

#include <jansson.h>

#include "cli.h"
#include "../core/digest.h"

/* One result (a JSON line, a YAML document, a TSV row) is the verdict of
 * one game: a few KiB.  Longer ones are refused, so a malformed stream
 * cannot make standings hold it all. */
#define ARB_MAX_RESULT_BYTES (1u << 20)
/* A partial table (standings' own output, a group per document) grows
 * with the group's players; it may be larger, up to this. */
#define ARB_MAX_TABLE_BYTES (64u << 20)
/* What a document may cost once parsed, counted before (a JSON line) or
 * while (YAML) it is parsed: 4 an object, 1 any other value.  jansson
 * spends about 230 bytes on an object and 40 on a number, so a document
 * takes at most about 60 MB whatever its bytes say; a partial table of
 * 40,000 players (25 a row) or 100,000 games left out (8 each) fits. */
#define ARB_MAX_DOC_COST 1000000u

enum points_kind { PTS_PLACEMENT, PTS_WINS, PTS_SHARE, PTS_LIST };
enum tiebreak { TB_POINTS, TB_WINS, TB_SCORE, TB_SHARE };
extern const char *const st_tb_names[4]; /* by enum tiebreak */

typedef struct scheme {
	char name[64];
	enum points_kind kind;
	double list[ARB_MAX_SEATS]; /* PTS_LIST: points by place      */
	size_t nlist;
	bool ties_best;	     /* tied places all get the best   */
	enum tiebreak tb[4]; /* after points, in order         */
	size_t ntb;
} scheme;

/* Points and shares are summed as integers, so a sum is the same
 * whatever the order the games (or partial tables) come in: points in
 * sixtieths (a tie of k places shares their points in k parts, and 60 is
 * divisible by every k up to ARB_MAX_SEATS), shares in billionths (one
 * game's share rounded once).  The "share" scheme's points are shares. */
#define POINTS_UNIT 60
/* A score is from 0 to this in a result read: no game arbiter referees
 * comes near it, and it bounds what a table's row can sum per game. */
#define ST_MAX_SCORE 1000000
#define SHARE_UNIT 1000000000

typedef struct player {
	size_t event; /* index into events              */
	char *name;   /* as first seen (trimmed unless --names=exact) */
	char *key;    /* what identifies the player: name, folded */
	long games, wins;
	long places[ARB_MAX_SEATS]; /* finishes per place             */
	int64_t points;		    /* in units of st_ctx.points_unit */
	int64_t share;		    /* in SHARE_UNITs                 */
	long score;
	uint32_t rid; /* --rating, --sprt: its id in its group's fit */
} player;

typedef struct event {
	char *name;
	long games, duplicates;
	json_t *left_out; /* array of {file, line, verdict, why} */
	json_t *stopped;  /* array of {file, line, termination, moves, winners} */
	bool unrated;	  /* --rating=elo met a game not of two seats */
} event;

/* A counted game's outcome, kept for --rating and --sprt (which need the
 * games, not sums): 36 bytes a game. */
typedef struct st_game {
	uint32_t ev;
	uint32_t who[ARB_MAX_SEATS]; /* indices into st_ctx.pl */
	uint8_t place[ARB_MAX_SEATS];
	uint8_t n;
} st_game;

/* One game's result as the tables need it, whichever route it came by:
 * a record replayed here (its strings the record's and the replay's, no
 * document built), or a result document read (its strings the
 * document's).  Strings are "" when absent. */
typedef struct st_seat {
	const char *colour, *player;
	long score;
	bool winner; /* as the result says (counted only if it counts) */
} st_seat;

typedef struct st_result {
	const char *file; /* where the game is, as its result names it */
	long line, moves;
	arb_verdict verdict;
	const char *event, *round, *table, *forfeit; /* its tags */
	const char *termination;		     /* a stopped game's, else "" */
	const char *message;			     /* why an illegal or broken game is so */
	bool has_digest; /* its fingerprint, unless --duplicates=count */
	arb_digest digest;
	size_t nseats;
	st_seat seat[ARB_MAX_SEATS];
} st_result;

/* One group's ratings and test, made when its table prints. */
typedef struct st_fitted {
	struct arb_rating_player *row; /* [n], by the table's order; NULL: none */
	const char *model;
	char why[ARB_MSG_MAX]; /* why there are no ratings, or "" */
	bool sprt;	       /* a test was made */
	size_t tested, other;  /* the players, by the table's order */
	unsigned long wins, draws, losses;
	double llr, lower, upper;
	int decision;
} st_fitted;

/* A hash index over a table that grows (players, events): slots hold the
 * entry's hash and its index + 1 (0: empty), so the table's entries may
 * move and the index need not.  Open addressing, at most half full. */
typedef struct index_slot {
	uint64_t hash;
	size_t idx1;
} index_slot;
typedef struct index_map {
	index_slot *slot;
	size_t cap; /* a power of two, or 0 */
	size_t n;
} index_map;

/* The games seen, by fingerprint (--duplicates skip or warn): 32 bytes a
 * slot, at most half full, so about 64 bytes per game, and never the game
 * itself.  `file1` (0: empty) names where it was first seen, in files[]. */
typedef struct seen_game {
	arb_digest d;
	uint32_t file1, line;
	uint32_t event; /* its group, for the partial table's digests */
} seen_game;

typedef struct st_ctx {
	const arb_opts *o;
	arb_out *out;
	scheme sc;
	int64_t points_unit; /* POINTS_UNIT, or SHARE_UNIT for "share" */
	player *pl;
	size_t npl, cap_pl;
	event *ev;
	size_t nev, cap_ev;
	index_map pl_index, ev_index;
	seen_game *seen; /* open addressing by digest_slot() */
	size_t nseen, cap_seen;
	char **files; /* the file names games were read from */
	size_t nfiles, cap_files;
	index_map file_index;
	bool warned_seats[ARB_MAX_SEATS + 1]; /* points list too short, said once */
	arb_buf names;			      /* st_player_get's scratch: a name's two forms */
	arb_buf seat_keys[ARB_MAX_SEATS];     /* one game's players as compared */
	arb_buf group_tags;		      /* group_of's last game's tags, or empty */
	size_t group_last;		      /* and its group */
	const char *file_for;		      /* the record file named by file_shown */
	arb_buf file_shown;
	const char *raw; /* the JSON line or TSV row being added, or NULL */
	size_t rawlen;
	bool failed;
	st_game *games; /* --rating, --sprt: every counted game */
	size_t ngames, cap_games;
	size_t *game_first, *game_order; /* by group, made by st_fit_index */
} st_ctx;

/* standings_scheme.c */
void st_preset(scheme *s, const char *name);
bool st_is_preset(const char *name);
int st_load_scheme(scheme *s, const char *path, arb_diag *d);

/* cmd_standings.c */
size_t st_event_index(st_ctx *c, const char *name);
uint32_t st_file_index(st_ctx *c, const char *name);
size_t st_player_get(st_ctx *c, size_t ev, const char *name);
const char *st_str(json_t *o, const char *key);
int st_input_error(st_ctx *c, const char *src, size_t line, size_t col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void st_warn_at(st_ctx *c, const char *src, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
seen_game *st_seen_slot(st_ctx *c, const arb_digest *d);
int st_add_game(st_ctx *c, const st_result *g, const char *src, size_t line);

/* standings_fit.c */
int st_fit_add(st_ctx *c, size_t ev, size_t n, const size_t *who, const size_t *place,
	       const char *src, size_t line);
void st_fit_index(st_ctx *c);
void st_fit_group(st_ctx *c, size_t ev, player **list, size_t n, st_fitted *f);
void st_fitted_free(st_fitted *f);
void st_fit_tsv_head(const st_ctx *c, arb_buf *b);
void st_fit_text_head(const st_ctx *c, arb_buf *b);
void st_fit_row(const st_ctx *c, const st_fitted *f, size_t i, arb_buf *text, json_t *row);
void st_fit_text_tail(const st_ctx *c, const st_fitted *f, player **list, arb_buf *b);
void st_fit_doc(const st_ctx *c, const st_fitted *f, player **list, json_t *doc);
void st_fit_free(st_ctx *c);

/* standings_merge.c: a document read (a result, a partial table, its
 * fingerprints) checked and added; a result document as the tables take it */
int st_add_doc(st_ctx *c, json_t *doc, const char *src, size_t line);
int st_add_result_doc(st_ctx *c, json_t *doc, const char *src, size_t line);

/* standings_results.c: check's results in JSON lines, YAML or TSV, after
 * `lines_before` blank lines; whether f starts with standings' own TSV
 * header (the bytes read appended to taken's, blanks its buffer) */
int st_from_json(st_ctx *c, FILE *f, const char *name, size_t lines_before);
int st_from_yaml(st_ctx *c, FILE *f, const char *name, size_t lines_before);
int st_from_tsv(st_ctx *c, FILE *f, const char *name, size_t lines_before);
bool st_standings_tsv(FILE *f, char *blanks, arb_taken *taken);

/* standings_read.c */
const char *st_grouping_name(const st_ctx *c);
int st_read_input(st_ctx *c, const char *path);

#endif
