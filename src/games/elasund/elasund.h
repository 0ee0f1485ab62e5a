/*
 * elasund.h — the private types of the Elasund engine: the board data
 * loaded from notation/elasund/elasund.yaml, the position, and the parsed
 * turn line.
 *
 * Sizes shaped the design: the board is 9 columns by 10 rows (90 squares),
 * at most 4 seats, 37 building tiles, 9 church tiles and 9 wall tiles per
 * seat.  Everything fits in small fixed arrays, so the whole position is
 * one flat struct (under 1 KiB).  A rejected turn leaves no trace: apply()
 * copies the small fields at its head before a turn, and saves a board
 * row or a tile the first time the turn writes it (most turns write a few
 * of the 30 rows and of the 48 tiles), then puts all of it back on a
 * rejection.
 *
 * Internal coordinates: x = column 0..8 from the sea, y = row index 0..9
 * from the north (row numbers 2 3 4 5 6 8 9 10 11 12).  The notation shows
 * x + 1 and the row number.
 */
#ifndef ELASUND_H
#define ELASUND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../game.h"

#define EL_W 9            /* columns of the largest building area      */
#define EL_H 10           /* rows                                      */
#define EL_SEATS 4
#define EL_MAXNEUTRAL 32  /* neutral tiles in the stacks (21 printed)  */
#define EL_MAXTILES (EL_MAXNEUTRAL + 4 * EL_SEATS)
#define EL_MAXWALL 10     /* wall spaces of one line                   */
#define EL_NCHURCH 9
#define EL_NWALL 9
#define EL_NPERMIT 5      /* permit values 0..4                        */
#define EL_MAXDRAW 48     /* influence cards one income may deal       */
#define EL_MAXHUT 8       /* huts one build may displace               */
#define EL_MAXEVENT 48    /* score events one turn may emit            */

/* Building types; the YAML must list exactly these names. */
enum { B_WELL, B_MARKET, B_TAVERN, B_MERCHANT, B_LARGE, B_HOUSE,
       B_WORKSHOP, B_HUT, B_LONGHUT, B_NTYPES };
enum { K_NEUTRAL, K_OWN, K_HUT };
enum { INC_NONE, INC_GOLD, INC_INFL };
enum { W_INF1 = 1, W_INF2 = 2, W_TOWER = 3 };
enum { LINE_N, LINE_S, LINE_E };
/* Influence colours: red, blue, green (letters r b g). */
enum { IR, IB, IG, NINFL };

typedef struct el_btype {
	char name[12];
	uint8_t kind;            /* K_*                                     */
	uint8_t w, h;            /* squares wide (east) and high (south)    */
	uint8_t size;            /* w * h: what overbuilding compares        */
	uint8_t permits;         /* permits needed                          */
	uint8_t cost;            /* gold to the bank                        */
	uint8_t nflags;          /* VP cubes the builder puts on it         */
	uint8_t flagdy[3];       /* row offset of each flag                 */
	uint8_t income;          /* INC_*                                   */
	uint8_t copies;          /* neutral: tiles in the stack              */
} el_btype;

typedef struct el_layout {
	uint8_t cols;                    /* building area: x < cols            */
	uint8_t nline[3];                /* wall spaces per line               */
	uint8_t line[3][EL_MAXWALL];     /* N/S: x of each space; E: y         */
	uint8_t east_x;                  /* x of the east wall line            */
	uint8_t mills[EL_H][EL_W];       /* windmills (trade points) a square  */
	uint8_t ngate;
	int8_t gate[8][2];               /* x, y (y -1 north line, 10 south)   */
} el_layout;

typedef struct el_data {
	uint8_t rownum[EL_H];            /* ship number of each row            */
	int8_t rowidx[16];               /* row index of a ship number, or -1  */
	el_layout layout[3];             /* 2, 3 and 4 players                 */
	uint8_t found_x, found_y;        /* the church foundation              */
	uint8_t church_cost, church_flags;
	uint8_t start[EL_SEATS][2][2];   /* colour, hut/longhut, x/y           */
	el_btype bt[B_NTYPES];
	uint8_t wall[EL_NWALL];          /* W_* per tile, in stack order       */
	uint8_t towers[EL_NWALL + 1];    /* towers among the first k tiles     */
	uint8_t wall_cost[2];            /* blue (N/S), red (E)                */
	uint8_t track_last;              /* last space of the trade track      */
	uint8_t flagcap[16];             /* cubes a flag space holds, by space */
	uint8_t cards[2][1 + NINFL];     /* classic, smart: gold, r, b, g      */
	uint8_t hand_gold, hand_infl;    /* the starting hand                  */
} el_data;

/* One physical building tile.  Neutral tiles have ids 0..nneutral-1; seat
 * s owns ids nneutral + 4s + {0 house, 1 workshop, 2 hut, 3 longhut}. */
typedef struct el_tile {
	uint8_t type;            /* B_*                                     */
	int8_t owner;            /* seat whose income/cubes/trade it is      */
	int8_t x, y;             /* top-left square when on the board       */
	uint8_t on;              /* 1 on the board                          */
	uint8_t gone;            /* 1 hut removed from the game             */
	uint8_t cubes;           /* VP cubes on it (on its first flags)     */
	uint8_t trade;           /* trade points it gave its owner          */
} el_tile;

typedef struct el_seat {
	int16_t gold;            /* gold cards in hand                      */
	int16_t infl[NINFL];     /* influence cards in hand, by colour      */
	uint8_t permits;         /* bit v: permit of value v in supply      */
	uint8_t cubes;           /* VP cubes on the board                   */
	uint8_t track;           /* disk on the trade track                 */
	int16_t trade;           /* trade points held (uncapped)            */
	uint16_t flags;          /* bit s: a cube on the flag beside space s */
	uint8_t walls;           /* wall tiles built (next is walls + 1)    */
} el_seat;

/* The position: everything apply() changes.  The small fields come first
 * (apply() copies them whole before a turn); the few written by walls,
 * churches and the trade track, the three boards and the tiles follow
 * (saved whole, a row or a tile at a time, when first written). */
typedef struct el_pos {
	uint32_t turns;                  /* turn lines played                  */
	el_seat seat[EL_SEATS];
	int16_t deck[NINFL], disc[NINFL];/* influence deck and discard pile    */
	uint16_t church_left;            /* bit k: tile k still in the stack   */
	int8_t ship;                     /* row index, -1 before the first roll */
	int8_t church_bottom;            /* tile put back under the stack, or -1 */
	int8_t corg_x, corg_y;           /* church origin once started         */
	uint8_t active;                  /* seat to act                        */
	bool over;
	int8_t winner;                   /* seat, or -1                        */
	/* Written by walls, churches and the trade track only: saved whole
	 * when a turn first writes one of them. */
	int8_t church_owner[EL_NCHURCH]; /* seat whose cube is on the tile     */
	uint8_t wall[3][EL_MAXWALL];     /* 0 empty, else owner + 1 (+16 tower) */
	uint8_t flagused[16];            /* cubes on the flag beside space s   */
	int8_t bld[EL_H][EL_W];          /* tile id or -1                      */
	int8_t permit[EL_H][EL_W];       /* owner * 8 + value, or -1           */
	int8_t church[EL_H][EL_W];       /* church tile 0..8, or -1            */
	el_tile tile[EL_MAXTILES];
} el_pos;

/* Bytes of the head of el_pos that apply() copies whole, and the run after
 * it (church_owner, wall, flagused) that it saves when first written. */
#define EL_POS_HEAD offsetof(el_pos, church_owner)
#define EL_POS_RARE (offsetof(el_pos, bld) - offsetof(el_pos, church_owner))

/* Options (Variant tag); see notation/elasund.md. */
typedef struct el_opts {
	uint8_t cards;           /* 0 classic 51/39, 1 smart 56/54 (U1)     */
	uint8_t halve_up;        /* shortage halving rounds up (U4)         */
	uint8_t walls_blue_first;/* east walls only once N/S are full (U5)  */
	uint8_t huts_bigger;     /* huts move only after a bigger build (U8) */
	uint8_t track_uncapped;  /* flags follow the uncapped total (U10)   */
	uint8_t mills_near;      /* only the squares next to the gates (U12) */
} el_opts;

typedef struct el_game {
	const el_data *d;
	const el_layout *L;
	unsigned nseats;
	uint8_t colour[EL_SEATS];        /* index into elasund colours[]       */
	int8_t seat_of_colour[EL_SEATS]; /* first seat of each colour, or -1   */
	uint8_t nneutral;
	int16_t gold_total;
	el_opts opt;
	el_pos pos;                      /* the position                       */
	/* The undo of the turn being played (see apply() in elasund.c). */
	unsigned char save_head[EL_POS_HEAD]; /* the small fields, whole       */
	unsigned char save_rare[EL_POS_RARE]; /* church_owner, wall, flagused  */
	bool rare_saved;                 /* save_rare holds this turn's copy   */
	uint32_t row_saved;              /* bit k * EL_H + y: row y of board k
					  * saved (bld, permit, church)        */
	uint64_t tile_saved;             /* bit id: tile id saved              */
	int8_t board_old[3][EL_H][EL_W]; /* boards as they were                */
	el_tile tile_old[EL_MAXTILES];   /* tiles as they were                 */
	arb_event *ev;                   /* EL_MAXEVENT buffered events        */
	char (*evstr)[2][16];            /* their copied string fields         */
	size_t nev;
	bool listening;                  /* a sink wants events this turn      */
	bool no_hands;                   /* no Hands tag: no turn can be played */
} el_game;

/* ------------------------------------------------------ the parsed turn */

typedef struct el_at { uint32_t line, col; } el_at;
typedef struct el_cards { uint8_t gold; uint8_t infl[NINFL]; } el_cards;

typedef struct el_hutmv {
	uint8_t seat;
	int8_t x, y;             /* target square, x = -1: off the board     */
	el_at at;
} el_hutmv;

enum { BK_BUILDING = 1, BK_WALL, BK_CHURCH };

typedef struct el_build {
	uint8_t kind;            /* BK_*                                    */
	uint8_t type;            /* BK_BUILDING: B_*                        */
	int8_t x, y;             /* BK_BUILDING: top-left square            */
	int8_t fee;              /* 3 cards of this colour paid, or -1       */
	uint8_t wline, widx;     /* BK_WALL: LINE_*, x (N/S) or y (E)       */
	uint8_t ndraw;           /* BK_WALL: influence drawn                */
	bool has_draw;
	int8_t draw[2];
	int8_t ctile, cret;      /* BK_CHURCH: tile kept, tile put back (-1) */
	uint8_t nhut;
	el_hutmv hut[EL_MAXHUT];
	el_at at, at_arg, at_fee, at_draw;
} el_build;

enum { SP_NONE, SP_MOVE, SP_RAISE, SP_PLACE, SP_CASH };

typedef struct el_move {
	uint8_t seat;
	uint8_t roll;
	int8_t ship;             /* row index written after '>', or -1       */
	bool has_inc;
	uint8_t ninc;
	int8_t inc[EL_MAXDRAW];  /* income influence colours, in order       */
	bool has_disc, has_loot, has_halve;
	uint8_t disc_set, halve_set;     /* bit s: the seat's token is present */
	el_cards disc[EL_SEATS], halve[EL_SEATS], loot;
	uint8_t nbuild;
	el_build build[2];
	uint8_t p3;              /* 0 none, 1 gold, 2 permit                */
	int8_t p3v, p3x, p3y, p3fee;
	uint8_t sp;              /* SP_*                                    */
	int8_t spx, spy, spx2, spy2, spv, spfee;
	el_at at_seat, at_roll, at_inc, at_disc[EL_SEATS], at_loot,
	      at_halve[EL_SEATS], at_p3, at_p3sq, at_p3fee, at_sp, at_sp2,
	      at_spfee;
	el_at at_end;            /* just past the last token                */
} el_move;

/* data.c */
void *elasund_data_load(const arb_node *root, arb_data_error *err);
void elasund_data_free(void *data);
/* Parse "C,R" (notation column and row number) into x, y; -1 if bad. */
int el_square(const el_data *d, const char *s, size_t n, int *x, int *y);

/* gen.c */
int elasund_random_turn(const void *game, uint64_t *rng, arb_buf *out);
void elasund_random_tags(const void *data, size_t nseats, uint64_t *rng, arb_buf *out);

/* dump.c */
void elasund_dump(const void *game, unsigned flags, arb_buf *out);
extern const char *const elasund_colours[];

#endif
