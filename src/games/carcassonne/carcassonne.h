/*
 * carcassonne.h — the Carcassonne engine's private types, shared by its
 * files: tiles.c (the tile set from YAML), notation.c (parse/format),
 * engine.c (rules and scoring), moves.c (legal move generation) and
 * dump.c (the board picture).
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
#ifndef CC_CARCASSONNE_H
#define CC_CARCASSONNE_H

#include <stdbool.h>
#include <stdint.h>

#include "../game.h"

#define CC_MAXTYPES 26     /* tile types: letters A..Z                    */
#define CC_MAXSEG 10       /* feature segments on one tile                */
#define CC_MAXTILES 200    /* tiles in a set, the start tile included     */
#define CC_MAXSEATS 5
#define CC_NONE 0xFFFFu    /* no node / no tile                           */

enum cc_edge { CC_EFIELD = 0, CC_EROAD = 1, CC_ECITY = 2 };
enum cc_kind { CC_KNONE = 0, CC_ROAD = 1, CC_CITY = 2, CC_FIELD = 3,
	       CC_CLOISTER = 4 };

/* Farm scoring systems (fact sheet §2.3). */
enum cc_farm {
	CC_FARM_FIELD,  /* 2002+: 3 per completed city per field            */
	CC_FARM_ONCE,   /* 2nd revision: a city scores once per player       */
	CC_FARM_CITY,   /* 1st edition: 4 per city to its farmer majority    */
	CC_FARM_OFF,    /* no farmers: field placements are refused          */
};

/* One feature segment of a tile in one orientation. */
typedef struct cc_seg {
	uint8_t kind;       /* enum cc_kind                                  */
	uint8_t shield;     /* 1 when a city segment carries a shield        */
	uint8_t sides;      /* road/city: bit s = covers side s              */
	uint8_t halves;     /* field: bit h = covers half-edge h             */
	uint8_t nsides;     /* road/city: sides covered (open at first)      */
	uint16_t cities;    /* field: bit i = touches city segment i         */
} cc_seg;

/* A tile type turned by some quarter turns: everything the hot path reads. */
typedef struct cc_orient {
	uint8_t edge[4];       /* enum cc_edge per side                      */
	int8_t side_seg[4];    /* road/city segment on side s, or -1         */
	int8_t half_seg[8];    /* field segment on half h, or -1 (city side) */
	cc_seg seg[CC_MAXSEG]; /* same order in every orientation            */
} cc_orient;

typedef struct cc_type {
	char letter;           /* 'A'..'Z'                                    */
	uint8_t count;         /* copies, the start tile included            */
	uint8_t nseg;
	bool cloister;         /* segment `cloister_seg` is the cloister     */
	int8_t cloister_seg;
	int16_t open[CC_MAXSEG];  /* per segment: nsides, 0 past nseg; copied
				   * whole into a placed tile's nodes       */
	cc_orient rot[4];      /* rot[r] = turned r quarter turns clockwise  */
} cc_type;

/* The tile set loaded from notation/carcassonne/carcassonne.yaml. */
typedef struct cc_data {
	cc_type type[CC_MAXTYPES];
	int8_t by_letter[26];  /* letter - 'A' -> type index, or -1          */
	int8_t by_byte[256];   /* the same for a byte, either case: parse()  */
	unsigned ntypes;
	unsigned total;        /* tiles in the box, the start tile included  */
	unsigned start;        /* type index of the start tile               */
	unsigned followers;    /* supply per player                          */
} cc_data;

/* A parsed turn line.  Positions of the tokens are kept for rejections. */
typedef struct cc_move {
	uint8_t seat;          /* seat index (turn order)                    */
	uint8_t type;          /* tile type index                            */
	uint8_t discard;       /* 1: the drawn tile is discarded             */
	uint8_t rot;           /* quarter turns clockwise                    */
	uint8_t fkind;         /* follower: enum cc_kind, CC_KNONE = none    */
	int8_t seg;            /* follower's segment index on the tile       */
	uint8_t spot;          /* side (road/city) or half-edge (field)      */
	int32_t x, y;
	uint32_t line;         /* every token is on this line                */
	uint32_t col_colour, col_tile, col_pos, col_rot, col_follower;
} cc_move;

/* One tile on the board. */
typedef struct cc_placed {
	const cc_orient *o;    /* its type turned: what lookups read         */
	uint8_t type, rot;
	int16_t x, y;
} cc_placed;

typedef struct cc_game {
	const cc_data *data;
	unsigned nseats;
	uint8_t colour[CC_MAXSEATS];  /* colour index per seat              */
	int8_t seat_of[CC_MAXSEATS];  /* seat per colour index, or -1       */
	enum cc_farm farm;
	bool small_city;              /* pre-2002: 2-tile city scores 2     */

	/* position */
	unsigned turn;                /* seat to act                        */
	unsigned moves;               /* turn lines applied                 */
	unsigned drawn;               /* tiles drawn (placed or discarded)  */
	unsigned drawable;            /* total - 1                          */
	uint8_t drawn_of[CC_MAXTYPES];/* per type, the start tile included  */
	unsigned ndiscards;
	bool finished;                /* final scoring done                 */
	int score[CC_MAXSEATS];
	int by_kind[CC_MAXSEATS][5];  /* points per enum cc_kind (0 unused) */
	uint8_t supply[CC_MAXSEATS];  /* followers not on the board         */

	unsigned monks;               /* unscored monks on the board         */
	unsigned ntiles;
	int span;                     /* board is (2 span + 1)^2 cells       */
	int width;
	int step[4];                  /* cell index offset to each neighbour */
	uint8_t *cell;                /* tile index + 1, 0 = empty           */

	/* features: union-find over nodes tile * CC_MAXSEG + seg */
	uint16_t *parent;
	uint16_t *next;               /* circular member list of a feature   */
	int8_t *follower;             /* seat of the follower on the node    */
	int16_t *open;                /* root: open road/city sides          */
	uint16_t *size;               /* root: members (union by size)       */
	uint64_t *nfol;               /* root: followers, a byte per seat     */
	uint8_t *done;                /* root: completed and scored          */
	uint32_t *stamp;              /* per tile, for counting distinct tiles */
	uint32_t *nstamp;             /* per node, for distinct features      */
	uint32_t stampno;
	uint16_t *farm_tally;         /* farmers=city: farmers per city, seat */
	unsigned *city_buf;           /* final scoring: cities of one field   */
	uint8_t *scored;              /* farmers=once: seats paid per city    */
	uint16_t *item, *key, *clist; /* final scoring: features in order     */
	unsigned nplaced;             /* entries in placed[]                 */

	/* Arrays from here on are written before they are read (per tile as
	 * it is placed), so create() does not clear them. */
	cc_placed tile[CC_MAXTILES];
	uint8_t monk_tile[CC_MAXTILES]; /* unscored monks' tiles, in order    */
	uint8_t ncount[CC_MAXTILES];  /* monk tiles: tiles on the 8 around   */
	uint8_t cloister_done[CC_MAXTILES];
	uint16_t placed[CC_MAXTILES]; /* nodes that ever got a follower       */
	char players[1 << CC_MAXSEATS][40];  /* "Red, Blue" per seat mask    */
} cc_game;

/* tiles.c */
void *cc_data_load(const arb_node *root, arb_data_error *err);
void cc_data_free(void *data);

/* notation.c */
int cc_parse(const void *game, const arb_token *tok, size_t ntok, void *move,
	     arb_reject *rej);
void cc_format(const void *game, const void *move, arb_buf *out);
extern const char *const cc_side_name[4];
extern const char *const cc_half_name[8];
extern const char *const cc_kind_name[5];

/* engine.c */
/* Free the game kept for reuse if it belongs to `data` (NULL: any). */
void cc_release_spare(const void *data);
static inline int cc_cell_index(const cc_game *g, int x, int y)
{
	return (y + g->span) * g->width + (x + g->span);
}
/* The tile index at x,y or -1 (also outside the board). */
int cc_tile_at(const cc_game *g, int x, int y);
/* 0 when `type` turned `rot` fits at x,y; otherwise the rule id broken
 * ("occupied", "not-adjacent", "edge-mismatch") with *side the first
 * mismatching side.  Pure. */
const char *cc_fit(const cc_game *g, unsigned type, unsigned rot, int x,
		   int y, int *side);
/* True when placing `type` turned `rot` at x,y (which must fit) would put
 * segment `seg` into a feature that already holds a follower; `who` gets a
 * bit per seat with a follower there. */
bool cc_seg_occupied(const cc_game *g, unsigned type, unsigned rot, int x,
		     int y, unsigned seg, unsigned *who);
extern const int cc_dx[4], cc_dy[4];
/* Put `type` turned `rot` at x,y (a legal spot), with a follower of `seat`
 * on segment `fseg` (-1: none), and score what it completes. */
void cc_place(cc_game *g, unsigned type, unsigned rot, int x, int y,
	      int fseg, unsigned seat, const arb_sink *sink);

/* moves.c */
size_t cc_moves(const void *game, const void *next,
		void (*emit)(void *ctx, const char *move), void *ctx);
/* True when `type` has a legal placement; its first one in *x,*y,*rot. */
bool cc_placeable(const cc_game *g, unsigned type, int *x, int *y,
		  unsigned *rot);

/* snapshot.c */
void cc_snapshot(const void *game, arb_buf *out);
/* Set up g (just created, start tile placed) from a Setup tag. */
int cc_setup(cc_game *g, const arb_tag *tag, arb_reject *rej);

/* gen.c: one random legal turn for `arbiter gen` (the random_turn op). */
int cc_random_turn(const void *game, uint64_t *rng, arb_buf *out);

/* dump.c */
void cc_dump(const void *game, unsigned flags, arb_buf *out);

#endif /* CC_CARCASSONNE_H */
