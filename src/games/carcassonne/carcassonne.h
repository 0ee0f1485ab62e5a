/*
 * carcassonne.h — the Carcassonne engine's private types, its rule table,
 * the hot path of a placement (inline here, so apply() in rules.c makes no
 * call for it), and every function one of its files offers another:
 *
 *   carcassonne.c  the ops table, the rule table, create/destroy, options,
 *                  position_ok
 *   rules.c        apply(), rule by rule
 *   features.c     roads, cities and cloisters: fitting a tile, joining
 *                  features, scoring the completed ones
 *   farms.c        the final scoring of fields, one function per system
 *   score.c        score events, the final scoring, standings
 *   notation.c     parse and format a turn line
 *   data.c         the tile set from YAML
 *   dump.c         the board picture and the --labels diagram
 *   snapshot.c     the Setup tag in and out
 *   moves.c        the legal moves
 *   gen.c          the random player
 *
 * Sizes that shaped the design: a game has 72 tiles, at most 8 feature
 * segments per tile (tile X: 4 roads, 4 fields), so about 600 segments in
 * all.  Features are kept in a union-find over segment nodes with a circular
 * member list per feature, so placing a tile costs a few unions and a
 * completed feature is walked exactly once when it scores.  The board is a
 * flat byte array wide enough that no placement can leave it.
 *
 * Geometry: sides are numbered N=0 E=1 S=2 W=3; half-edges clockwise
 * NL=0 NR=1 EL=2 ER=3 SL=4 SR=5 WL=6 WR=7 (half 2s+i lies on side s).
 * A quarter turn clockwise maps side s to s+1 and half h to h+2 (mod 4, 8).
 * Coordinates: x grows east, y grows south (the north neighbour of x,y is
 * x,y-1), as in JCloisterZone and Board Game Arena logs.
 */
#ifndef ARB_CARCASSONNE_H
#define ARB_CARCASSONNE_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../game.h"

/* Every rule a turn, the options or a Setup tag can break, as
 * notation/carcassonne.md lists them ("Rules enforced, with their ids"). */
#define CC_RULES(X)                                                                              \
	X(CC_R_UNKNOWN_COLOUR, "unknown-colour", "a turn starts with one of the five colours")   \
	X(CC_R_NOT_SEATED, "not-seated", "the colour must play in this game")                    \
	X(CC_R_UNKNOWN_TILE, "unknown-tile", "the tile is a letter A to X")                      \
	X(CC_R_MISSING_TOKEN, "missing-token",                                                   \
	  "a turn has a tile, then a position and a rotation, or discard")                       \
	X(CC_R_BAD_POSITION, "bad-position", "the position is x,y with integers")                \
	X(CC_R_BAD_ROTATION, "bad-rotation", "the rotation is 0, 90, 180 or 270")                \
	X(CC_R_BAD_FOLLOWER, "bad-follower",                                                     \
	  "a follower is road or city with a side, field with a half-edge, "                     \
	  "or cloister")                                                                         \
	X(CC_R_NO_SUCH_FEATURE, "no-such-feature",                                               \
	  "the tile, so turned, has that feature at that spot")                                  \
	X(CC_R_EXTRA_TOKEN, "extra-token", "nothing follows a complete turn")                    \
	X(CC_R_TURN_ORDER, "turn-order",                                                         \
	  "players move in seat order; after a discard the same player "                         \
	  "moves again")                                                                         \
	X(CC_R_TILE_SUPPLY, "tile-supply",                                                       \
	  "no more copies of a tile are drawn than the box holds")                               \
	X(CC_R_OCCUPIED, "occupied", "a tile goes on an empty cell")                             \
	X(CC_R_NOT_ADJACENT, "not-adjacent", "a tile shares a side with a placed tile")          \
	X(CC_R_EDGE_MISMATCH, "edge-mismatch", "every side touching a placed tile continues it") \
	X(CC_R_DISCARD_PLACEABLE, "discard-placeable",                                           \
	  "a tile is discarded only when it fits nowhere")                                       \
	X(CC_R_FOLLOWER_SUPPLY, "follower-supply", "a follower comes from the player's supply")  \
	X(CC_R_FEATURE_OCCUPIED, "feature-occupied",                                             \
	  "a follower goes on a feature that holds no follower")                                 \
	X(CC_R_FARMERS_OFF, "farmers-off", "with farmers=off no follower goes on a field")       \
	X(CC_R_GAME_OVER, "game-over", "no turn follows the last tile drawn")                    \
	X(CC_R_SEAT_COUNT, "seat-count", "2 to 5 players play")                                  \
	X(CC_R_UNKNOWN_OPTION, "unknown-option",                                                 \
	  "the Variant tag names only small-city and farmers")                                   \
	X(CC_R_BAD_OPTION_VALUE, "bad-option-value", "an option takes one of its values")        \
	X(CC_R_BAD_SETUP, "bad-setup", "a Setup tag describes a position the rules can reach")   \
	X(CC_R_BAD_VIEW, "bad-view", "the View tag names a seat or observer")
enum cc_rule { CC_RULES(ARB_RULE_ENUM) CC_NRULES };
/* What cc_fit() returns for a tile that fits. */
#define CC_FITS CC_NRULES

#define CC_MAXTYPES 26	/* tile types: letters A..Z                    */
#define CC_MAXSEG 10	/* feature segments on one tile                */
#define CC_MAXTILES 200 /* tiles in a set, the start tile included     */
#define CC_MAXSEATS 5
#define CC_NODES (CC_MAXTILES * CC_MAXSEG) /* feature nodes, at most   */
/* The board's layout: a game's tiles lie within total + 1 <= CC_SPAN of
 * 0,0 (cc_inside), so no neighbour of a placed tile is off the board. */
#define CC_SPAN (CC_MAXTILES + 1)
#define CC_WIDTH (2 * CC_SPAN + 1)
/* Cell index offset to the neighbour on side s (N E S W). */
#define CC_STEP(s) ((s) == 0 ? -CC_WIDTH : (s) == 1 ? 1 : (s) == 2 ? CC_WIDTH : -1)
#define CC_NONE 0xFFFFu /* no node / no tile                           */

enum cc_edge { CC_EFIELD = 0, CC_EROAD = 1, CC_ECITY = 2 };
enum cc_kind { CC_KNONE = 0, CC_ROAD = 1, CC_CITY = 2, CC_FIELD = 3, CC_CLOISTER = 4 };

/* Farm scoring systems (notation/carcassonne.md, Scoring). */
enum cc_farm {
	CC_FARM_FIELD, /* 2002+: 3 per completed city per field            */
	CC_FARM_ONCE,  /* 2nd revision: a city scores once per player       */
	CC_FARM_CITY,  /* 1st edition: 4 per city to its farmer majority    */
	CC_FARM_OFF,   /* no farmers: field placements are refused          */
};

/* One feature segment of a tile in one orientation. */
typedef struct cc_seg {
	uint8_t kind;	 /* enum cc_kind                                  */
	uint8_t shield;	 /* 1 when a city segment carries a shield        */
	uint8_t sides;	 /* road/city: bit s = covers side s              */
	uint8_t halves;	 /* field: bit h = covers half-edge h             */
	uint8_t nsides;	 /* road/city: sides covered (open at first)      */
	uint16_t cities; /* field: bit i = touches city segment i         */
} cc_seg;

/* A tile type turned by some quarter turns: everything the hot path reads. */
typedef struct cc_orient {
	uint8_t edge[4];       /* enum cc_edge per side                      */
	int8_t side_seg[4];    /* road/city segment on side s, or -1         */
	int8_t half_seg[8];    /* field segment on half h, or -1 (city side) */
	cc_seg seg[CC_MAXSEG]; /* same order in every orientation            */
} cc_orient;

/* A feature node (tile * CC_MAXSEG + segment) of the union-find: one
 * 8-byte record, so a union reads and writes one place per node and a
 * tile's nodes are set up by copying its type's node0[]. */
typedef struct cc_node {
	uint16_t parent;
	uint16_t next;	 /* circular member list of a feature        */
	int16_t open;	 /* root: open road/city sides               */
	int8_t follower; /* seat of the follower on the node, or -1  */
	uint8_t done;	 /* root: 1 completed and scored, 2 in the final scoring */
} cc_node;

typedef struct cc_type {
	char letter;   /* 'A'..'Z'                                    */
	uint8_t count; /* copies, the start tile included            */
	uint8_t nseg;
	bool cloister; /* segment `cloister_seg` is the cloister     */
	int8_t cloister_seg;
	/* a placed tile's nodes as it arrives, parent and next counted from
	 * its first node: alone, open sides nsides (0 past nseg), no
	 * follower; copied whole (cc_place_at) */
	cc_node node0[CC_MAXSEG];
	/* city_fields[c]: bit f = field segment f touches city segment c
	 * (the fields' cities read the other way; in every orientation) */
	uint16_t city_fields[CC_MAXSEG];
	cc_orient rot[4]; /* rot[r] = turned r quarter turns clockwise  */
} cc_type;

/* The tile set loaded from notation/carcassonne/carcassonne.yaml. */
typedef struct cc_data {
	cc_type type[CC_MAXTYPES];
	int8_t by_letter[26]; /* letter - 'A' -> type index, or -1          */
	int8_t by_byte[256];  /* the same for a byte, either case: parse()  */
	unsigned ntypes;
	unsigned total;	    /* tiles in the box, the start tile included  */
	unsigned start;	    /* type index of the start tile               */
	unsigned followers; /* supply per player                          */
} cc_data;

/* A parsed turn line.  Positions of the tokens are kept for rejections. */
typedef struct cc_move {
	uint8_t seat;	 /* seat index (turn order)                    */
	uint8_t type;	 /* tile type index                            */
	uint8_t discard; /* 1: the drawn tile is discarded             */
	uint8_t rot;	 /* quarter turns clockwise                    */
	uint8_t fkind;	 /* follower: enum cc_kind, CC_KNONE = none    */
	int8_t seg;	 /* follower's segment index on the tile       */
	uint8_t spot;	 /* side (road/city) or half-edge (field)      */
	int32_t x, y;
	uint32_t line; /* every token is on this line                */
	uint32_t col_colour, col_tile, col_pos, col_rot, col_follower;
} cc_move;

/* One tile on the board. */
typedef struct cc_placed {
	const cc_orient *o; /* its type turned: what lookups read         */
	uint8_t type, rot;
	int16_t x, y;
} cc_placed;

typedef struct cc_game {
	const cc_data *data;
	arb_worker *worker; /* create()'s: destroy() leaves the game there */
	unsigned nseats;
	uint8_t colour[CC_MAXSEATS]; /* colour index per seat              */
	int8_t seat_of[CC_MAXSEATS]; /* seat per colour index, or -1       */
	enum cc_farm farm;
	bool small_city; /* pre-2002: 2-tile city scores 2     */

	/* position */
	unsigned turn;		       /* seat to act                        */
	unsigned moves;		       /* turn lines applied                 */
	unsigned drawn;		       /* tiles drawn (placed or discarded)  */
	unsigned drawable;	       /* total - 1                          */
	uint8_t drawn_of[CC_MAXTYPES]; /* per type, the start tile included  */
	unsigned ndiscards;
	bool finished; /* final scoring done                 */
	int score[CC_MAXSEATS];
	int by_kind[CC_MAXSEATS][5]; /* points per enum cc_kind (0 unused) */
	uint8_t supply[CC_MAXSEATS]; /* followers not on the board         */

	unsigned monks;	       /* unscored monks on the board         */
	unsigned ndone_cities; /* entries in done_city[]          */
	unsigned ntiles;
	int span; /* tiles go strictly within span of 0,0   */

	unsigned nplaced; /* entries in placed[]                 */

	/* From here on, create() does not clear a recycled game: the
	 * buffers and the stamps are kept (stamps only count up), the arrays
	 * are written before they are read (per tile as it is placed). */
	uint32_t *stamp;  /* per tile, for counting distinct tiles */
	uint32_t *nstamp; /* per node, for distinct features      */
	uint32_t stampno;
	uint16_t *farm_tally;	      /* farmers=city: farmers per city, seat */
	unsigned *city_buf;	      /* final scoring: cities of one field   */
	uint8_t *scored;	      /* farmers=once: seats paid per city    */
	uint16_t *item, *key, *clist; /* final scoring: fields, sort keys, others */
	cc_placed tile[CC_MAXTILES];
	uint32_t cell_of[CC_MAXTILES];	/* each tile's cell: destroy() clears them */
	uint8_t monk_tile[CC_MAXTILES]; /* unscored monks' tiles, in order    */
	uint8_t ncount[CC_MAXTILES];	/* monk tiles: tiles on the 8 around   */
	uint8_t cloister_done[CC_MAXTILES];
	uint16_t placed[CC_MAXTILES]; /* nodes that ever got a follower       */
	/* roots of the cities completed in play, in order (a tile has at
	 * most 4 city segments): farms=field counts each field's from here */
	uint16_t done_city[CC_MAXTILES * 4];

	/* features: union-find over nodes tile * CC_MAXSEG + seg, in the
	 * game itself (no pointer to load on every union); place() sets up
	 * a tile's nodes as it arrives */
	cc_node node[CC_NODES];
	uint64_t nfol[CC_NODES]; /* root: followers, a byte per seat     */

	/* The board, tile index + 1 (0 = empty), CC_WIDTH cells a row with
	 * 0,0 in the middle, for every tile set: constant offsets to the
	 * neighbours (CC_STEP), no pointer.  A new game has it zeroed, a
	 * recycled one has had its used cells cleared (destroy()). */
	uint8_t cell[CC_WIDTH * CC_WIDTH];
} cc_game;

/* The stamps of one score event before it goes to the sink (award()). */
typedef struct cc_score {
	const char *kind; /* event kind                                  */
	unsigned winners; /* seat mask                                   */
	int points;	  /* each winner's points                        */
	int x, y;	  /* a tile of the feature                       */
	long tiles, shields, followers, cities;
	unsigned by;	  /* enum cc_kind, for the per-kind breakdown    */
	bool returned;	  /* completed in play: the followers go home    */
	const char *what; /* "a completed road of 4 tiles", for the text */
} cc_score;

/* carcassonne.c */
extern const arb_rule cc_rules[CC_NRULES];
extern const char *const cc_colours[];
bool cc_over(const void *game);
/* Reject by rule r of cc_rules at line:col; returns -1. */
#define cc_reject(rej, r, line, col, ...) \
	arb_reject_rule((rej), cc_rules, (r), (line), (col), __VA_ARGS__)
/* The same at token *tok. */
#define cc_reject_at(rej, r, tok, ...) cc_reject((rej), (r), (tok)->line, (tok)->col, __VA_ARGS__)

/* rules.c */
int cc_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej);

/* gen.c: the tile type of the copy numbered k (0-based) among the copies
 * left in the pile, types in table order (the draw of gen and the referee) */
unsigned cc_nth_left(const cc_game *g, unsigned k);

/* open.c: played live (the referee's ops, game.h) */
void cc_asked(const void *game, arb_asked *out);
size_t cc_actions(const void *game, const void *move, uint32_t *cols, size_t max);
int cc_deal(const void *game, unsigned seat, const arb_token *tok, size_t ntok, uint64_t *rng,
	    arb_buf *out, unsigned *consent, arb_reject *rej);
int cc_deal_start(const void *game, uint64_t *rng, arb_buf *out);
size_t cc_choices(const void *game, unsigned seat, const char *start,
		  void (*emit)(void *ctx, const char *action), void *ctx);

/* features.c */
extern const int cc_dx[4], cc_dy[4];
/* The tile index at x,y or -1 (also outside the board). */
int cc_tile_at(const cc_game *g, int x, int y);
/* CC_FITS when `type` turned `rot` fits at x,y; otherwise the rule broken
 * (CC_R_OCCUPIED, CC_R_NOT_ADJACENT, CC_R_EDGE_MISMATCH) with *side the
 * first mismatching side.  Pure. */
unsigned cc_fit(const cc_game *g, unsigned type, unsigned rot, int x, int y, int *side);
/* True when placing `type` turned `rot` at x,y (which must fit) would put
 * segment `seg` into a feature that already holds a follower; `who` gets a
 * bit per seat with a follower there. */
bool cc_seg_occupied(const cc_game *g, unsigned type, unsigned rot, int x, int y, unsigned seg,
		     unsigned *who);
/* cc_seg_occupied() given the neighbours' cells nb[] (cc_fit_at's). */
bool cc_seg_occupied_nb(const cc_game *g, const cc_orient *o, const uint8_t nb[4], unsigned seg,
			unsigned *who);
/* Put `type` turned `rot` at x,y (a legal spot), with a follower of `seat`
 * on segment `fseg` (-1: none), and score what it completes. */
void cc_place(cc_game *g, unsigned type, unsigned rot, int x, int y, int fseg, unsigned seat,
	      const arb_sink *sink);
/* Score the completed road or city at root r (placed tile at x,y). */
void cc_score_complete(cc_game *g, unsigned r, int x, int y, const arb_sink *sink);
/* Score the cloister of monk list entry i (its tile is surrounded) and
 * drop the entry, keeping the others in the order they came. */
void cc_score_cloister(cc_game *g, unsigned i, const arb_sink *sink);
/* Tiles on the 8 cells around tile t. */
int cc_neighbours8(const cc_game *g, unsigned t);
/* Followers' seats with the most followers in root r, as a bit mask (0
 * when the feature is empty); *most gets their count. */
unsigned cc_majority(const cc_game *g, unsigned r, unsigned *most);
/* A fresh stamp for stamp[] / nstamp[] (see features.c). */
uint32_t cc_new_stamp(cc_game *g);
/* Walk road or city root r: count its distinct tiles and shields, and
 * when `release` send its followers home.  Returns the followers. */
long cc_walk_feature(cc_game *g, unsigned r, bool release, long *tiles, long *shields);
/* The smallest node of feature root r: its first tile, and its first
 * segment there.  The final scoring reports features in this order. */
unsigned cc_first_node(const cc_game *g, unsigned r);

/* farms.c: the fields' final scoring by the Variant's farm system, of
 * the nfields fields holding farmers in g->item[] (cc_final_items). */
void cc_final_farms(cc_game *g, unsigned nfields, const arb_sink *sink);

/* score.c */
/* Credit sc's points to its winners and tell the sink. */
void cc_award(cc_game *g, const arb_sink *sink, const cc_score *sc);
/* The features that still hold followers, each once by its root (its
 * first node) in the order of the roots: fields into fields[], the
 * others (roads, cities, cloisters) into others[]; their counts into
 * *nfields and *nothers. */
void cc_final_items(cc_game *g, uint16_t *others, unsigned *nothers, uint16_t *fields,
		    unsigned *nfields);
void cc_finish(void *game, const arb_sink *sink);
void cc_standing(const void *game, arb_standing *out);

/* notation.c */
int cc_parse(const void *game, const arb_token *tok, size_t ntok, void *move, arb_reject *rej);
void cc_format(const void *game, const void *move, arb_buf *out);
/* The canonical spot of a follower on segment sg: its first half-edge
 * (field), its first side (road, city), NULL for a cloister. */
const char *cc_spot_name(const cc_seg *sg);
extern const char *const cc_side_name[4];
extern const char *const cc_half_name[8];
extern const char *const cc_kind_name[5];
extern const char *const cc_side_word[4];

/* data.c */
void *cc_data_load(const arb_node *root, arb_data_error *err);
void cc_data_free(void *data);

/* dump.c */
void cc_dump(const void *game, unsigned flags, arb_buf *out);
/* The board on a canvas (the draw op); mark: an illegal move to show. */
void cc_draw(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark);

/* snapshot.c */
void cc_snapshot(const void *game, arb_buf *out);
void cc_describe(const void *game, const arb_doc *doc);
/* Set up g (just created, start tile placed) from a Setup tag. */
int cc_setup(cc_game *g, const arb_tag *tag, arb_reject *rej);

/* moves.c */
size_t cc_moves(const void *game, const void *next, void (*emit)(void *ctx, const char *move),
		void *ctx);
/* True when `type` has a legal placement; its first one in *x,*y,*rot. */
bool cc_placeable(const cc_game *g, unsigned type, int *x, int *y, unsigned *rot);

/* gen.c: one random legal turn for `arbiter gen` (the random_turn op). */
int cc_random_turn(const void *game, uint64_t *rng, arb_buf *out);

/* ------------------------------------------- the hot path, inline here */

static inline int cc_cell_index(const cc_game *g, int x, int y)
{
	(void)g;
	return (y + CC_SPAN) * CC_WIDTH + (x + CC_SPAN);
}

/* The root of node a's feature: every node's parent is its root (a
 * merge relabels the members of the root that stops being one), so this
 * is one load, not a walk. */
static inline unsigned cc_find(const cc_game *g, unsigned a)
{
	unsigned r = g->node[a].parent;
	assert(g->node[r].parent == r);
	return r;
}

/* Merge the features of nodes a and b; returns the new root.  The
 * smaller (older) root stays root, so a feature's root is its smallest
 * node (cc_first_node() needs no walk); the other feature's members are
 * walked once to point at it.  Such merges of two older features are
 * rare (a tile joining two features): a new tile's nodes hang straight
 * under the old roots (cc_join_new). */
static inline unsigned cc_unite(cc_game *g, unsigned a, unsigned b)
{
	a = cc_find(g, a);
	b = cc_find(g, b);
	if (a == b)
		return a;
	if (a > b) {
		unsigned t = a;
		a = b;
		b = t;
	}
	assert(!(g->node[a].done | g->node[b].done)); /* complete features are closed */
	unsigned m = b;
	do {
		g->node[m].parent = (uint16_t)a;
		m = g->node[m].next;
	} while (m != b);
	g->node[a].open = (int16_t)(g->node[a].open + g->node[b].open);
	g->nfol[a] += g->nfol[b];     /* byte lanes: at most 7 per seat */
	uint16_t t = g->node[a].next; /* splice the two circular lists */
	g->node[a].next = g->node[b].next;
	g->node[b].next = t;
	return a;
}

/* cc_unite() for node a of the tile being placed and node b of a placed
 * tile (a > b).  A new node is either alone (parent itself, its own list,
 * no follower yet) or hangs under an older root, never the root of
 * others, so the alone case just hangs it under b's root: no order
 * test, no follower lanes to add. */
static inline unsigned cc_join_new(cc_game *g, unsigned a, unsigned b)
{
	unsigned pa = g->node[a].parent;
	if (pa != a)
		return cc_unite(g, pa, b);
	unsigned rb = cc_find(g, b);
	assert(rb < a && !g->node[rb].done && g->nfol[a] == 0 && g->node[a].next == a);
	g->node[a].parent = (uint16_t)rb;
	g->node[rb].open = (int16_t)(g->node[rb].open + g->node[a].open);
	g->node[a].next = g->node[rb].next;
	g->node[rb].next = (uint16_t)a;
	return rb;
}

/* Followers of seat s on the feature of root r. */
static inline unsigned cc_nfol_of(const cc_game *g, unsigned r, unsigned s)
{
	return (unsigned)(g->nfol[r] >> (8 * s)) & 0xFF;
}

static inline const cc_orient *cc_orient_of(const cc_game *g, unsigned t)
{
	return g->tile[t].o;
}

static inline const cc_seg *cc_seg_of(const cc_game *g, unsigned node)
{
	return &cc_orient_of(g, node / CC_MAXSEG)->seg[node % CC_MAXSEG];
}

/* The board is off limits near its rim (cc_fit's CC_R_NOT_ADJACENT). */
static inline bool cc_inside(const cc_game *g, int x, int y)
{
	/* -span < x < span as one unsigned compare (|x| < 10^6, span small) */
	unsigned lim = 2u * (unsigned)g->span - 1u;
	return (unsigned)(x + g->span - 1) < lim && (unsigned)(y + g->span - 1) < lim;
}

/* cc_fit() at cell `at` (inside the board); nb[s] gets the cell of the
 * neighbour on side s (tile index + 1, 0 = empty), for cc_place_at().
 * apply() calls this and cc_place_at() directly, so a turn reads its
 * neighbours once. */
static inline unsigned cc_fit_at(const cc_game *g, const cc_orient *o, int at, uint8_t nb[4],
				 int *side)
{
	if (g->cell[at])
		return CC_R_OCCUPIED;
	bool touch = false;
	/* o's edges in one word: o's address is not worked out again per side */
	uint32_t mine;
	memcpy(&mine, o->edge, sizeof mine);
	/* unrolled: the 4 sides with constant offsets, no loop counter or
	 * spills (about 40 instructions a turn, here and in cc_place_at()) */
#pragma GCC unroll 4
	for (unsigned s = 0; s < 4; s++) {
		unsigned c = g->cell[at + CC_STEP(s)];
		nb[s] = (uint8_t)c;
		if (!c)
			continue;
		touch = true;
		if ((uint8_t)(mine >> (8 * s)) != cc_orient_of(g, c - 1)->edge[(s + 2) % 4]) {
			*side = (int)s;
			return CC_R_EDGE_MISMATCH;
		}
	}
	return touch ? CC_FITS : CC_R_NOT_ADJACENT;
}

/* A placed tile's nodes dst[], from its type's node0[] (src): parent and
 * next moved on by base.  restrict and the fixed count let the compiler
 * do it with five 16-byte additions. */
static inline void cc_new_nodes(cc_node *restrict dst, const cc_node *restrict src, unsigned base)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* parent and next are the low two 16-bit lanes of a node's 8 bytes;
	 * no lane carries (nodes stay below 65536) */
	_Static_assert(sizeof(cc_node) == 8 && offsetof(cc_node, next) == 2, "cc_node's layout");
	uint64_t add = (uint64_t)base * 0x00010001u;
#pragma GCC unroll 10
	for (unsigned i = 0; i < CC_MAXSEG; i++) {
		uint64_t v;
		memcpy(&v, &src[i], sizeof v);
		v += add;
		memcpy(&dst[i], &v, sizeof v);
	}
#else
	for (unsigned i = 0; i < CC_MAXSEG; i++) {
		dst[i] = src[i];
		dst[i].parent = (uint16_t)(dst[i].parent + base);
		dst[i].next = (uint16_t)(dst[i].next + base);
	}
#endif
}

/* The one place where the board changes: merge the new
 * tile's segments with its neighbours', close their open sides, then score
 * roads and cities whose last open side closed and monks' cloisters whose
 * eighth neighbour arrived.  Inlined into its two callers (apply() in
 * rules.c, cc_place() in features.c), so apply() makes no ten-argument
 * call on every turn.  o is type's orientation rot, which the callers
 * have at hand. */
static inline __attribute__((always_inline)) void
cc_place_at(cc_game *g, const cc_orient *o, unsigned type, unsigned rot, int x, int y, int at,
	    const uint8_t nb[4], int fseg, unsigned seat, const arb_sink *sink)
{
	assert(g->ntiles < g->data->total);
	unsigned t = g->ntiles++;
	const cc_type *ty = &g->data->type[type];
	assert(o == &ty->rot[rot]);
	g->tile[t] = (cc_placed){
		.o = o, .type = (uint8_t)type, .rot = (uint8_t)rot, .x = (int16_t)x, .y = (int16_t)y
	};
	g->cell[at] = (uint8_t)(t + 1);
	g->cell_of[t] = (uint32_t)at;
	g->cloister_done[t] = 0;
	g->drawn_of[type]++;
	unsigned base = t * CC_MAXSEG;
	{
		/* All CC_MAXSEG nodes of the tile, used or not, from the type's
		 * node0[]: a few vector operations. */
		cc_new_nodes(g->node + base, ty->node0, base);
		memset(g->nfol + base, 0, CC_MAXSEG * sizeof *g->nfol);
	}
	/* The sides of o in a local: the compiler would otherwise work out
	 * o's address again in each side's block (no register to keep it). */
	struct {
		uint8_t edge[4];
		int8_t side_seg[4], half_seg[8];
	} my;
	_Static_assert(sizeof my == offsetof(cc_orient, seg) && offsetof(cc_orient, half_seg) == 8,
		       "cc_orient's sides");
	memcpy(&my, o, sizeof my);
	/* Segments joined to a neighbour's road or city: only these can have
	 * completed (a lone segment keeps its open sides). */
	unsigned joined = 0;
#pragma GCC unroll 4
	for (unsigned s = 0; s < 4; s++) {
		int n = (int)nb[s] - 1;
		if (n < 0)
			continue;
		const cc_orient *no = cc_orient_of(g, (unsigned)n);
		/* every caller checked the spot (cc_fit_at, cc_fit) */
		unsigned os = (s + 2) % 4, nbase = (unsigned)n * CC_MAXSEG;
		assert(my.edge[s] == no->edge[os]);
		if (my.edge[s] != CC_EFIELD) {
			unsigned r = cc_join_new(g, base + (unsigned)my.side_seg[s],
						 nbase + (unsigned)no->side_seg[os]);
			g->node[r].open = (int16_t)(g->node[r].open - 2);
			assert(g->node[r].open >= 0);
			joined |= 1u << my.side_seg[s];
		}
		if (my.edge[s] != CC_ECITY) {
			/* my half 2s+i meets the neighbour's 2os+(1-i); on a
			 * side without a road both halves are one field on
			 * both tiles, and the second union would change nothing */
			unsigned a0 = (unsigned)my.half_seg[2 * s];
			unsigned a1 = (unsigned)my.half_seg[2 * s + 1];
			unsigned b0 = (unsigned)no->half_seg[2 * os + 1];
			unsigned b1 = (unsigned)no->half_seg[2 * os];
			cc_join_new(g, base + a0, nbase + b0);
			if (a1 != a0 || b1 != b0)
				cc_join_new(g, base + a1, nbase + b1);
		}
	}
	if (fseg >= 0) {
		unsigned v = base + (unsigned)fseg;
		assert(g->supply[seat] > 0);
		g->node[v].follower = (int8_t)seat;
		g->supply[seat]--;
		g->placed[g->nplaced++] = (uint16_t)v;
		/* the type's one cloister segment, if any */
		assert((fseg == ty->cloister_seg) == (o->seg[fseg].kind == CC_CLOISTER));
		if (fseg != ty->cloister_seg) {
			g->nfol[cc_find(g, v)] += 1ull << (8 * seat);
		} else {
			assert(g->monks < sizeof g->monk_tile / sizeof g->monk_tile[0]);
			g->monk_tile[g->monks++] = (uint8_t)t;
			g->ncount[t] = (uint8_t)cc_neighbours8(g, t);
		}
	}
	/* in segment order, as the events come out; x and y are read back
	 * from the tile (not kept live in registers through the joins) */
	while (joined) {
		unsigned i = (unsigned)__builtin_ctz(joined);
		joined &= joined - 1;
		unsigned r = cc_find(g, base + i);
		if (g->node[r].open == 0 && !g->node[r].done)
			cc_score_complete(g, r, g->tile[t].x, g->tile[t].y, sink);
	}
	/* Cloisters with monks, in the order the monks came: this tile is
	 * one more neighbour of those within one step. */
	for (unsigned i = 0; i < g->monks;) {
		unsigned m = g->monk_tile[i];
		int dx = g->tile[m].x - g->tile[t].x, dy = g->tile[m].y - g->tile[t].y;
		if (m != t && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
			g->ncount[m]++;
		if (g->ncount[m] == 8)
			cc_score_cloister(g, i, sink); /* entry i now holds the next */
		else
			i++;
	}
}

#endif /* ARB_CARCASSONNE_H */
