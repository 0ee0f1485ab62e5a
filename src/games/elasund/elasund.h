/*
 * elasund.h — the private types of the Elasund engine (the board data
 * loaded from notation/elasund/elasund.yaml, the position, the parsed turn
 * line), its rule table, the small helpers every rule file inlines, and
 * every function one file of the engine offers another, under the file's
 * name.
 *
 * Sizes shaped the design: the board is 9 columns by 10 rows (90 squares),
 * at most 4 seats, 37 building tiles, 9 church tiles and 9 wall tiles per
 * seat.  Everything fits in small fixed arrays, so the whole position is
 * one flat struct (about 800 bytes).  A rejected turn leaves no trace: apply()
 * copies the small fields at its head before a turn, and saves a board
 * row or a tile the first time the turn writes it (most turns write a few
 * of the 30 rows and of the 48 tiles), then puts all of it back on a
 * rejection.
 *
 * Internal coordinates: x = column 0..8 from the sea, y = row index 0..9
 * from the north (row numbers 2 3 4 5 6 8 9 10 11 12).  The notation shows
 * x + 1 and the row number.
 */
#ifndef ARB_ELASUND_H
#define ARB_ELASUND_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../game.h"

#define EL_W 9	/* columns of the largest building area      */
#define EL_H 10 /* rows                                      */
#define EL_SEATS 4
#define EL_MAXNEUTRAL 32 /* neutral tiles in the stacks (21 printed)  */
#define EL_MAXTILES (EL_MAXNEUTRAL + 4 * EL_SEATS)
#define EL_MAXWALL 10 /* wall spaces of one line                   */
#define EL_NCHURCH 9
#define EL_NWALL 9
#define EL_NPERMIT 5   /* permit values 0..4                        */
#define EL_MAXDRAW 48  /* influence cards one income may deal       */
#define EL_MAXHUT 8    /* huts one build may displace               */
#define EL_MAXEVENT 48 /* score events one turn may emit            */

/* Building types; the YAML must list exactly these names. */
enum {
	B_WELL,
	B_MARKET,
	B_TAVERN,
	B_MERCHANT,
	B_LARGE,
	B_HOUSE,
	B_WORKSHOP,
	B_HUT,
	B_LONGHUT,
	B_NTYPES
};
enum { K_NEUTRAL, K_OWN, K_HUT };
enum { INC_NONE, INC_GOLD, INC_INFL };
enum { W_INF1 = 1, W_INF2 = 2, W_TOWER = 3 };
enum { LINE_N, LINE_S, LINE_E };
/* Influence colours: red, blue, green (letters r b g); EL_U (`?`) is a
 * card a view record did not see (notation/elasund.md, "Records of what
 * one player could see"). */
enum { IR, IB, IG, NINFL };
#define EL_U NINFL
#define EL_OBSERVER EL_SEATS	/* g->view: someone at no seat          */
#define EL_NOVIEW (-1)		/* g->view: a full record               */
#define EL_CHURCH_UNSEEN (-2)	/* cret / church_bottom: not seen       */
#define EL_MAXWORLDS (1u << 14) /* families dump lists at most          */
#define EL_MAXSTEPS (1u << 21)	/* families one search plays from       */
#define EL_MAXVOP 256		/* card moves one turn makes            */

typedef struct el_btype {
	char name[12];
	uint8_t kind;	   /* K_*                                     */
	uint8_t w, h;	   /* squares wide (east) and high (south)    */
	uint8_t size;	   /* w * h: what overbuilding compares        */
	uint8_t permits;   /* permits needed                          */
	uint8_t cost;	   /* gold to the bank                        */
	uint8_t nflags;	   /* VP cubes the builder puts on it         */
	uint8_t flagdy[3]; /* row offset of each flag                 */
	uint8_t income;	   /* INC_*                                   */
	uint8_t copies;	   /* neutral: tiles in the stack              */
} el_btype;

typedef struct el_layout {
	uint8_t cols;		     /* building area: x < cols            */
	uint8_t nline[3];	     /* wall spaces per line               */
	uint8_t line[3][EL_MAXWALL]; /* N/S: x of each space; E: y         */
	uint8_t east_x;		     /* x of the east wall line            */
	uint16_t east_row[EL_H];     /* bit k: east space k is in row y    */
	uint8_t space_of[3][16];     /* 1 + the space k at x (N/S) or y (E), 0 none */
	uint8_t mills[EL_H][EL_W];   /* windmills (trade points) a square  */
	uint8_t ngate;
	int8_t gate[8][2]; /* x, y (y -1 north line, 10 south)   */
} el_layout;

/* One physical building tile.  Neutral tiles have ids 0..nneutral-1; seat
 * s owns ids nneutral + 4s + {0 house, 1 workshop, 2 hut, 3 longhut}. */
typedef struct el_tile {
	uint8_t type;  /* B_*                                     */
	int8_t owner;  /* seat whose income/cubes/trade it is      */
	int8_t x, y;   /* top-left square when on the board       */
	uint8_t on;    /* 1 on the board                          */
	uint8_t gone;  /* 1 hut removed from the game             */
	uint8_t cubes; /* VP cubes on it (on its first flags)     */
	uint8_t trade; /* trade points it gave its owner          */
} el_tile;

/* 16 bytes, no padding (the 16-bit fields first): a seat's address is a
 * shift, and the head of el_pos that every turn copies is 16 bytes
 * shorter. */
typedef struct el_seat {
	int16_t gold;	     /* gold cards in hand                      */
	int16_t infl[NINFL]; /* influence cards in hand, by colour      */
	int16_t trade;	     /* trade points held (uncapped)            */
	uint16_t flags;	     /* bit s: a cube on the flag beside space s */
	uint8_t permits;     /* bit v: permit of value v in supply      */
	uint8_t cubes;	     /* VP cubes on the board                   */
	uint8_t track;	     /* disk on the trade track                 */
	uint8_t walls;	     /* wall tiles built (next is walls + 1)    */
} el_seat;
_Static_assert(sizeof(el_seat) == 16, "el_seat packs in 16 bytes");

/* The position: everything apply() changes.  The turn count first,
 * which apply() writes only once the turn is accepted; the small fields a
 * turn writes (apply() copies them whole before a turn: 80 bytes, five
 * 16-byte moves); the few written by walls, churches and the trade
 * track, the three boards and the tiles follow (saved whole, a row or a
 * tile at a time, when first written). */
typedef struct el_pos {
	uint32_t turns; /* turn lines played                  */
	el_seat seat[EL_SEATS];
	int16_t deck[NINFL], disc[NINFL]; /* influence deck and discard pile    */
	int8_t ship;			  /* row index, -1 before the first roll */
	bool over;
	int8_t winner;	/* seat, or -1                        */
	uint8_t active; /* seat to act (passed on once the turn is accepted) */
	/* Written by walls, churches and the trade track only: saved whole
	 * when a turn first writes one of them. */
	uint16_t church_left;		 /* bit k: tile k still in the stack   */
	int8_t church_bottom;		 /* tile put back under the stack, or -1 */
	int8_t corg_x, corg_y;		 /* church origin once started         */
	int8_t church_owner[EL_NCHURCH]; /* seat whose cube is on the tile     */
	uint8_t wall[3][EL_MAXWALL];	 /* 0 empty, else owner + 1 (+16 tower) */
	uint8_t flagused[16];		 /* cubes on the flag beside space s   */
	int8_t bld[EL_H][EL_W];		 /* tile id or -1                      */
	int8_t permit[EL_H][EL_W];	 /* owner * 8 + value, or -1           */
	int8_t church[EL_H][EL_W];	 /* church tile 0..8, or -1            */
	/* Income buildings of each seat touching row y, by kind (0 gold, 1
	 * influence): what the ship's row pays, kept as tiles go on and off
	 * the board (el_row_income) so that income() scans no row.  Saved
	 * whole when a turn first writes it (a build: a third of the turns). */
	uint8_t row_inc[EL_H][2][EL_SEATS];
	/* VP cubes of each seat where the pirates count them in row y (U13,
	 * el_cubes_in_row: building flags, church tiles, east towers), kept
	 * as cubes, church tiles and towers go on and off the board (the
	 * flag loop and el_remove_tile of buildings.c, church.c, walls.c;
	 * el_setup counts them anew) so that a roll of 7 scans no row.  Not
	 * saved: a rejected turn that wrote a tile or the church and walls
	 * counts them anew from what it put back (undo_turn, rules.c);
	 * position_ok recounts them. */
	uint8_t row_cubes[EL_H][EL_SEATS];
	el_tile tile[EL_MAXTILES];
} el_pos;

typedef struct el_data {
	uint8_t rownum[EL_H];	  /* ship number of each row            */
	int8_t rowidx[16];	  /* row index of a ship number, or -1  */
	el_layout layout[3];	  /* 2, 3 and 4 players                 */
	uint8_t found_x, found_y; /* the church foundation              */
	uint8_t church_cost, church_flags;
	uint8_t start[EL_SEATS][2][2]; /* colour, hut/longhut, x/y           */
	el_btype bt[B_NTYPES];
	uint8_t wall[EL_NWALL];	      /* W_* per tile, in stack order       */
	uint8_t towers[EL_NWALL + 1]; /* towers among the first k tiles     */
	uint8_t wall_cost[2];	      /* blue (N/S), red (E)                */
	uint8_t track_last;	      /* last space of the trade track      */
	uint8_t flagcap[16];	      /* cubes a flag space holds, by space */
	uint8_t cards[2][1 + NINFL];  /* classic, smart: gold, r, b, g      */
	uint8_t hand_gold, hand_infl; /* the starting hand                  */
	/* What create() copies before it seats anyone (data.c): the empty
	 * boards, the neutral tiles in their stacks (ids 0..nneutral-1). */
	uint8_t nneutral;
	uint8_t first_tile[B_NTYPES]; /* neutral: id of the type's first tile */
	el_pos start_pos;
} el_data;

/* The head of el_pos that apply() copies whole (from EL_POS_HEAD_AT, past
 * the turn count), and the run after it (church_left .. flagused) that
 * it saves when first written. */
#define EL_POS_HEAD_AT offsetof(el_pos, seat)
#define EL_POS_HEAD (offsetof(el_pos, church_left) - EL_POS_HEAD_AT)
#define EL_POS_RARE (offsetof(el_pos, bld) - offsetof(el_pos, church_left))
_Static_assert(EL_POS_HEAD == 80, "the head is five 16-byte moves");

/* Options (Variant tag); see notation/elasund.md. */
typedef struct el_opts {
	uint8_t cards;		  /* 0 classic 51/39, 1 smart 56/54 (U1)     */
	uint8_t halve_up;	  /* shortage halving rounds up (U4)         */
	uint8_t walls_blue_first; /* east walls only once N/S are full (U5)  */
	uint8_t huts_bigger;	  /* huts move only after a bigger build (U8) */
	uint8_t track_uncapped;	  /* flags follow the uncapped total (U10)   */
	uint8_t mills_near;	  /* only the squares next to the gates (U12) */
} el_opts;

/* Huts waiting to move after a build, in the order they were displaced. */
typedef struct el_hutq {
	int n;
	uint8_t id[EL_MAXHUT];
} el_hutq;

typedef struct el_at {
	uint32_t line, col;
} el_at;

typedef struct el_cards {
	uint8_t gold;
	uint8_t infl[NINFL];
	uint8_t unseen; /* influence cards written `?` (a view record) */
} el_cards;

/* A family of ways the unseen influence cards may have gone (views.c):
 * in each place (the hands, the deck, the discards, the pirates' pool)
 * the cards whose colour the family fixes, by colour; the others belong
 * to groups, each a multiset of colours (the cards of the box not yet
 * seen; the discards as they were shuffled into the deck) spread over
 * the places in any way. */
enum { WL_DECK = EL_SEATS, WL_DISC, WL_POOL, WL_N };
#define EL_MAXGROUP 6
typedef struct el_world {
	uint8_t k[WL_N][NINFL];	       /* cards of fixed colour          */
	uint8_t ng;		       /* groups                         */
	uint8_t m[EL_MAXGROUP][NINFL]; /* a group's colours              */
	uint8_t u[EL_MAXGROUP][WL_N];  /* its cards in each place        */
} el_world;

/* A card move of the turn being played, as a view record writes it
 * (colour EL_U: unseen), replayed over every world once the turn is
 * otherwise legal (views.c). */
enum { VOP_DRAW, VOP_PAY, VOP_PDISC, VOP_LOOT, VOP_POOLEND, VOP_MERGE, VOP_HALVE };
typedef struct el_vop {
	uint8_t kind, seat, colour, n;
	el_at at;
} el_vop;

/* What an open turn (a turn line cut short, played by apply_open: open.c)
 * still owes, as its last apply_open found it.  Valid while `begun` and
 * `turn` equals pos.turns: apply() passes the turn on and never writes
 * it, so after a whole turn it no longer counts. */
typedef struct el_owed {
	bool begun;	 /* the roll is played                         */
	uint32_t turn;	 /* pos.turns of the turn it describes         */
	uint8_t roll;	 /* the dice sum                               */
	uint8_t income;	 /* influence cards the income still draws     */
	uint8_t discard; /* bit s: seat s owes its pirate discard     */
	uint8_t loot;	 /* cards of loot the roller still draws      */
	uint8_t halve;	 /* bit s: seat s owes its shortage halving   */
	bool phase3;	 /* the permit or the 2 gold is played        */
	uint8_t nbuild;	 /* builds played                              */
	bool special;	 /* the special action is played               */
	el_cards pool;	 /* the pirates' discards, the loot's source  */
	el_hutq huts;	 /* displaced huts still to move, in order    */
} el_owed;

/* What a line cut short may still owe (el_game.owe_ok): nothing follows
 * the item in the line, so its absence waits instead of refusing. */
enum {
	EL_OWE_INCOME = 1,  /* the income's influence draws            */
	EL_OWE_DISCARD = 2, /* pirate discards                          */
	EL_OWE_LOOT = 4,    /* the loot                                 */
	EL_OWE_HALVE = 8,   /* shortage halvings                        */
	EL_OWE_PHASE3 = 16, /* the permit or the 2 gold                 */
};

/* el_sq's names: a square named in a message lives until the fourth
 * name after it, as one message names up to 4.  The game owns them,
 * after its events' strings in one block (g->evstr + EL_MAXEVENT, made by
 * el_event_block), so no two threads share them. */
typedef struct el_sq_names {
	char name[4][24];
	unsigned next; /* the one written last */
} el_sq_names;
/* The bytes el_event_block gives them: a whole 64, so that what is allocated
 * after the block keeps the alignment it had (memset of a move costs
 * more at some alignments than others). */
#define EL_SQ_NAMES_ROOM 128
_Static_assert(sizeof(el_sq_names) <= EL_SQ_NAMES_ROOM, "el_sq_names fits its room");

typedef struct el_game {
	const el_data *d;
	arb_worker *worker; /* whose slot keeps it when destroyed (NULL: none) */
	const el_layout *L;
	unsigned nseats;
	uint8_t colour[EL_SEATS];	 /* index into el_colours[]            */
	int8_t seat_of_colour[EL_SEATS]; /* first seat of each colour, or -1   */
	uint8_t next_seat[EL_SEATS];	 /* the seat after s in turn order     */
	uint8_t nneutral;
	int16_t gold_total;
	el_opts opt;
	el_pos pos; /* the position                       */
	/* The undo of the turn being played (see rules.c and el_set_sq);
	 * the copies themselves are at the end (scratch). */
	/* What each turn starts at zero, in 16 bytes that one store clears
	 * (undo_begin; nvop belongs to the views below). */
	union {
		struct {
			uint64_t tile_saved; /* bit id: tile id saved              */
			uint32_t row_saved;  /* bit k * EL_H + y: row y of board k
					      * saved (bld, permit, church)        */
			uint16_t nvop;	     /* card moves in vop[]                */
			bool rare_saved;     /* save_rare holds this turn's copy   */
			bool inc_saved;	     /* inc_old holds this turn's row_inc  */
		};
		unsigned char turn_zero[16];
	};
	/* EL_MAXEVENT buffered events, allocated by the first event (a
	 * replay without a sink, as `check`, never needs them) */
	arb_event *ev;
	char (*evstr)[2][16]; /* their copied string fields         */
	size_t nev;
	bool listening; /* a sink wants events this turn      */
	bool no_hands;	/* no Hands tag: no turn can be played */
	/* The open turn (open.c).  `open` is set only while apply_open
	 * plays: the rules then let what the line may still owe (owe_ok,
	 * open_last: the build that ends the line) wait in `owed` instead of
	 * refusing it, in branches apply() takes only to refuse. */
	bool open;
	uint8_t owe_ok; /* EL_OWE_*                           */
	const struct el_build *open_last;
	el_owed owed;
	/* A view record (views.c): whose view, or EL_NOVIEW.  In a view the
	 * position's influence cards are counted in colour 0 only (what
	 * every reader knows: how many each hand, the deck and the discards
	 * hold), and the colours live in the worlds. */
	int8_t view;
	uint32_t nworld;
	el_world *world;
	bool vop_full; /* a card move did not fit in vop[] */
	/* Scratch: written before it is read (each turn's undo copies, the
	 * income draws and card moves of the turn), so create() does not
	 * zero it; 4 of the struct's 5 KiB, zeroing which cost more than
	 * the rest of create(). */
	unsigned char save_head[EL_POS_HEAD]; /* the small fields, whole       */
	unsigned char save_rare[EL_POS_RARE]; /* church_left .. flagused       */
	int8_t board_old[3][EL_H][EL_W];      /* boards as they were                */
	el_tile tile_old[EL_MAXTILES];	      /* tiles as they were                 */
	uint8_t inc_old[EL_H][2][EL_SEATS];   /* pos.row_inc as it was              */
	uint8_t inc_due[EL_SEATS];	      /* each seat's income draws (last turn)   */
	el_vop vop[EL_MAXVOP];
} el_game;
_Static_assert(sizeof(((el_game *)0)->turn_zero) ==
		       offsetof(el_game, inc_saved) + 1 - offsetof(el_game, tile_saved),
	       "turn_zero covers the fields each turn clears");

/* Bytes of el_game that create() zeroes: all but the scratch. */
#define EL_GAME_ZEROED offsetof(el_game, save_head)

/* The colour slot a card of colour c is counted in: 0 in a view. */
#define EL_CI(g, c) ((g)->view != EL_NOVIEW ? 0 : (c))

/* ------------------------------------------------------ the parsed turn */

typedef struct el_hutmv {
	uint8_t seat;
	bool lng;	 /* written `longhut`: the long hut          */
	int8_t x, y;	 /* target square, x = -1: off the board     */
	el_at at, at_kw; /* the square (or off); the keyword         */
} el_hutmv;

enum { BK_BUILDING = 1, BK_WALL, BK_CHURCH };

typedef struct el_build {
	uint8_t kind;	     /* BK_*                                    */
	uint8_t type;	     /* BK_BUILDING: B_*                        */
	int8_t x, y;	     /* BK_BUILDING: top-left square            */
	uint8_t wline, widx; /* BK_WALL: LINE_*, x (N/S) or y (E)       */
	uint8_t ndraw;	     /* BK_WALL: influence drawn                */
	bool has_draw;
	int8_t draw[2];
	/* The three that start at -1, side by side: parse sets them at once. */
	int8_t fee;	    /* 3 cards of this colour paid, or -1       */
	int8_t ctile, cret; /* BK_CHURCH: tile kept, tile put back (-1) */
	uint8_t nhut;
	/* Not cleared by parse() (EL_BUILD_CLEARED: the fields above): each
	 * is written before a field above says it holds something. */
	el_at at, at_arg, at_fee, at_draw;
	el_hutmv hut[EL_MAXHUT];
} el_build;
#define EL_BUILD_CLEARED offsetof(el_build, at)

enum { SP_NONE, SP_MOVE, SP_RAISE, SP_PLACE, SP_CASH };

typedef struct el_move {
	/* Cleared by parse() (EL_MOVE_CLEARED): the fields up to disc[]. */
	uint8_t seat;
	uint8_t roll;
	/* The three that start at -1, side by side: parse sets them at once. */
	int8_t ship;	     /* row index written after '>', or -1       */
	int8_t p3fee, spfee; /* the 2 cards' colour paid, or -1           */
	bool has_inc;
	uint8_t ninc;
	bool has_disc, has_loot, has_halve;
	uint8_t disc_set, halve_set; /* bit s: the seat's token is present */
	uint8_t nbuild;
	uint8_t p3; /* 0 none, 1 gold, 2 permit                */
	int8_t p3v, p3x, p3y;
	uint8_t sp; /* SP_*                                    */
	int8_t spx, spy, spx2, spy2, spv;
	el_cards loot; /* read for its count also without has_loot */
	/* Not cleared by parse(): each is written before a field above
	 * (a count, a flag, a set bit, p3 or sp) says it holds something,
	 * so that replay need not zero 750 bytes a turn (game.h
	 * parse_clears).  A build is cleared as it starts. */
	el_cards disc[EL_SEATS], halve[EL_SEATS]; /* bit s of disc_set, halve_set */
	int8_t inc[EL_MAXDRAW];			  /* income influence colours, in order       */
	el_at at_seat, at_roll, at_inc, at_disc[EL_SEATS], at_loot, at_halve[EL_SEATS], at_p3,
		at_p3sq, at_p3fee, at_sp, at_sp2, at_spfee;
	el_at at_end; /* just past the last token                */
	/* Where each action starts (actions(), the referee): the loot's
	 * keyword; a seat's discard or halving, at its keyword when it is
	 * the first after one, else at its own Colour=cards word. */
	el_at at_loot_kw, at_disc_item[EL_SEATS], at_halve_item[EL_SEATS];
	el_build build[2];
} el_move;
#define EL_MOVE_CLEARED offsetof(el_move, disc)

/* ------------------------------------------------------ the rule table */

/* Every rule the engine rejects with: enum, id (as rejections and
 * notation/elasund.md name it), summary.  Rejections go through EL_REJ
 * (a position in the turn) or EL_REJ_TOK (a token), never a literal id. */
#define EL_RULES(X)                                                                                    \
	X(EL_R_HANDS, "hands",                                                                         \
	  "the Hands tag lists every seat once with its starting influence card, drawn from the deck") \
	X(EL_R_SEATS, "seats", "Elasund is played by 2 to 4 players")                                  \
	X(EL_R_SETUP, "setup", "a Setup tag describes a position the game can reach")                  \
	X(EL_R_UNKNOWN_OPTION, "unknown-option",                                                       \
	  "the Variant tag names only options the engine knows")                                       \
	X(EL_R_BAD_OPTION, "bad-option", "each option takes one of its values")                        \
	X(EL_R_SYNTAX, "syntax", "every item of a turn line is spelled as the grammar says")           \
	X(EL_R_UNKNOWN_COLOUR, "unknown-colour",                                                       \
	  "a colour named in a turn is one of the four: Red, Blue, Green, Yellow")                     \
	X(EL_R_NOT_SEATED, "not-seated", "a colour named in a turn plays in this game")                \
	X(EL_R_ITEM_ORDER, "item-order",                                                               \
	  "the items come in phase order: roll, income or pirates, builds, permit or gold, special")   \
	X(EL_R_BUILD_LIMIT, "build-limit", "a turn has at most 2 builds")                              \
	X(EL_R_WRONG_TURN, "turn-order",                                                               \
	  "turns go around the table in the order of the seat tags")                                   \
	X(EL_R_GAME_OVER, "game-over",                                                                 \
	  "nothing is played after the win, not even the rest of the winning line")                    \
	X(EL_R_SHIP_TARGET, "ship-target",                                                             \
	  "the ship goes to the rolled row; on a 7 the record names the pirate row")                   \
	X(EL_R_SHIP_MUST_MOVE, "ship-must-move",                                                       \
	  "the ship always moves: a repeated row moves it 2 rows, the pirates leave their row")        \
	X(EL_R_DRAW_COUNT, "draw-count",                                                               \
	  "the income and wall draws list exactly the influence cards owed")                           \
	X(EL_R_DRAW_COLOUR, "draw-colour", "every colour drawn is in the deck at that moment")         \
	X(EL_R_PIRATE_DISCARD, "pirate-discard",                                                       \
	  "on a 7 each seat discards one card per own cube in the pirate row, at most its hand")       \
	X(EL_R_DISCARD_CARDS, "discard-cards", "cards given up are in the hand")                       \
	X(EL_R_LOOT_COUNT, "loot-count",                                                               \
	  "the roller takes one card of loot per own tower, at most the cards discarded")              \
	X(EL_R_LOOT_CARDS, "loot-cards", "the loot comes from the cards discarded")                    \
	X(EL_R_HALVE_COUNT, "halve-count",                                                             \
	  "on an influence shortage every seat gives up half its influence cards, and only then")      \
	X(EL_R_HUT_BUILD, "hut-build", "workers' huts are never built")                                \
	X(EL_R_NONE_LEFT, "none-left",                                                                 \
	  "the stack holds the building, or the player's house or workshop is not on the board")       \
	X(EL_R_OUTSIDE_AREA, "outside-area", "a building lies wholly inside the building area")        \
	X(EL_R_CHURCH_SITE, "church-site", "no building stands on the church foundation")              \
	X(EL_R_COVER_CHURCH, "cover-church", "no building covers a church tile")                       \
	X(EL_R_PERMIT_COUNT, "permit-count",                                                           \
	  "the footprint holds at least the permits the building needs")                               \
	X(EL_R_PERMIT_MAJORITY, "permit-majority",                                                     \
	  "the builder's permits there are worth strictly more than any other player's")               \
	X(EL_R_COVER_LARGER, "cover-larger", "a building never covers a larger one")                   \
	X(EL_R_SAME_SIZE_FEE, "same-size-fee",                                                         \
	  "covering a building of the same size costs 3 influence cards of one colour")                \
	X(EL_R_NEEDLESS_FEE, "needless-fee",                                                           \
	  "the 3 cards are paid only when a building of the same size is covered")                     \
	X(EL_R_NOT_ENOUGH_INFLUENCE, "not-enough-influence",                                           \
	  "the influence cards paid are in the hand")                                                  \
	X(EL_R_NOT_ENOUGH_GOLD, "not-enough-gold", "the gold paid is in the hand")                     \
	X(EL_R_HUT_ORDER, "hut-order", "displaced huts move the builder's first, then clockwise")      \
	X(EL_R_HUT_MISSING, "hut-missing", "every displaced hut is moved or taken off the board")      \
	X(EL_R_HUT_SQUARE, "hut-square",                                                               \
	  "a hut moves to empty squares of the area that are no trade fields")                         \
	X(EL_R_WALLS_LEFT, "walls-left", "each player has 9 wall tiles")                               \
	X(EL_R_WALL_SPACE, "wall-space",                                                               \
	  "a wall tile goes on a free wall space of this player count")                                \
	X(EL_R_WALL_ADJACENT, "wall-adjacent",                                                         \
	  "a wall tile goes next to a gate or to a wall tile of its line")                             \
	X(EL_R_WALL_ORDER, "wall-order",                                                               \
	  "with walls=blue-first the east wall waits for the north and south walls")                   \
	X(EL_R_CHURCH_COMPLETE, "church-complete", "the church has 9 tiles")                           \
	X(EL_R_CHURCH_FIRST, "church-first",                                                           \
	  "the first church builder draws 2 tiles and returns one; later builders draw 1")             \
	X(EL_R_CHURCH_TILE, "church-tile",                                                             \
	  "the church tile is still in the stack, and the returned one comes last")                    \
	X(EL_R_PHASE_THREE, "phase-three",                                                             \
	  "every turn takes 2 gold or places a permit, unless it was won before")                      \
	X(EL_R_PERMIT_SUPPLY, "permit-supply", "the permit comes from the player's supply")            \
	X(EL_R_PERMIT_SQUARE, "permit-square",                                                         \
	  "a permit goes on an empty square of the area, never the foundation")                        \
	X(EL_R_PERMIT_ROW, "permit-row",                                                               \
	  "a permit goes in the ship's row, a neighbour when it is full, or anywhere for 2 cards")     \
	X(EL_R_SPECIAL_PERMIT, "special-permit", "move and raise act on the player's own permit")      \
	X(EL_R_BAD_VIEW, "bad-view", "the View tag names a seat or observer")                          \
	X(EL_R_VIEW_UNSEEN, "view-unseen",                                                             \
	  "a card is written ? only in a view record, and never one the view sees")                    \
	X(EL_R_UNSEEN_CARDS, "unseen-cards",                                                           \
	  "in a view record, some way the unseen cards could have gone allows every card move")        \
	X(EL_R_TOO_MANY_UNKNOWNS, "too-many-unknowns",                                                 \
	  "the ways the unseen cards could have gone are few enough to be listed")

enum el_rule { EL_RULES(ARB_RULE_ENUM) EL_NRULES };
extern const arb_rule el_rules[EL_NRULES];

/* Reject by rule `r` at el_at `at` / at token `t` (arb_reject_rule). */
#define EL_REJ(rej, at, r, ...) \
	arb_reject_rule((rej), el_rules, (r), (at).line, (at).col, __VA_ARGS__)
#define EL_REJ_TOK(rej, t, r, ...) \
	arb_reject_rule((rej), el_rules, (r), (t)->line, (t)->col, __VA_ARGS__)
/* EL_REJ for the rules of a turn (rules.c and the build files): through
 * el_refuse, which the compiler knows is seldom called, so the turn's
 * code keeps its registers for the legal path. */
#define EL_REFUSE(rej, at, r, ...) el_refuse((rej), (r), (at).line, (at).col, __VA_ARGS__)
int el_refuse(arb_reject *rej, enum el_rule r, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((cold, format(printf, 5, 6)));

/* ---------------------------------------------------- inline helpers */

extern const char *const el_colours[]; /* elasund.c */

/* The colour name of seat s. */
static inline const char *el_cname(const el_game *g, int s)
{
	return el_colours[g->colour[s]];
}

/* Influence cards in a hand. */
static inline int el_hand_infl(const el_seat *p)
{
	return p->infl[0] + p->infl[1] + p->infl[2];
}

/* Gold in the bank.  The seats past nseats hold nothing (create() leaves
 * them zero and nothing writes them), so all four are summed unrolled. */
static inline int el_bank_gold(const el_game *g)
{
	const el_seat *ps = g->pos.seat;
	return g->gold_total - (ps[0].gold + ps[1].gold + ps[2].gold + ps[3].gold);
}

/* Influence cards in the deck and the discard pile together. */
static inline int el_infl_available(const el_game *g)
{
	const el_pos *p = &g->pos;
	return p->deck[0] + p->deck[1] + p->deck[2] + p->disc[0] + p->disc[1] + p->disc[2];
}

/* True when (x,y) is inside the building area and holds nothing at all
 * in position p: no building, permit or church tile, and is not the
 * church foundation. */
static inline bool el_empty_at(const el_game *g, const el_pos *p, int x, int y)
{
	if (x < 0 || x >= g->L->cols || y < 0 || y >= EL_H)
		return false;
	if (x == g->d->found_x && y == g->d->found_y)
		return false;
	return p->bld[y][x] < 0 && p->permit[y][x] < 0 && p->church[y][x] < 0;
}

/* el_empty_at in the game's position. */
static inline bool el_empty_sq(const el_game *g, int x, int y)
{
	return el_empty_at(g, &g->pos, x, y);
}

/* The level seat ps's disk shows on the trade track (capped at the last
 * space; with track=uncapped the capped total). */
static inline int el_track_level(const el_game *g, const el_seat *ps)
{
	return g->opt.track_uncapped ? (ps->trade < g->d->track_last ? ps->trade : g->d->track_last)
				     : ps->track;
}

/* Towers of seat s.  A seat builds its wall tiles in stack order (and a
 * Setup tag is checked to agree), so they are the towers among its first
 * `walls` tiles: no need to scan the wall lines. */
static inline int el_towers_of(const el_game *g, int s)
{
	return g->d->towers[g->pos.seat[s].walls];
}

/* Draw one influence card of colour c from the deck, reshuffling the
 * discard pile into it when it is empty (U3).  -1 when no such card. */
static inline int el_draw_infl(el_game *g, int c)
{
	el_pos *p = &g->pos;
	c = EL_CI(g, c);
	if (p->deck[c] <= 0) { /* else the deck is not empty: no reshuffle */
		if (p->deck[0] + p->deck[1] + p->deck[2] == 0)
			for (int k = 0; k < NINFL; k++) {
				p->deck[k] = p->disc[k];
				p->disc[k] = 0;
			}
		if (p->deck[c] <= 0)
			return -1;
	}
	p->deck[c]--;
	return 0;
}

/* A hut of `hut_size` squares covered by a build of `build_size` (a
 * church tile: 1) moves to another square; else it leaves the game.  It
 * always moves, but with huts=bigger only after a bigger build (U8).
 * Used by the rules, the random player and the legal moves alike. */
static inline bool el_hut_moves(const el_game *g, int hut_size, int build_size)
{
	return !g->opt.huts_bigger || hut_size < build_size;
}

/* Place one VP cube of seat s; the active player's tenth wins (U15). */
static inline void el_cube_on(el_game *g, int s)
{
	el_seat *ps = &g->pos.seat[s];
	assert(ps->cubes < 10);
	ps->cubes++;
	if (ps->cubes == 10 && s == g->pos.active) {
		g->pos.over = true;
		g->pos.winner = (int8_t)s;
	}
}

/* ------------------------------------------------ functions, by file */

/* elasund.c (and el_colours above) */
extern const char *const el_infl_names[NINFL];
/* The invariants (game.h position_ok): cards, gold, cubes, trade. */
bool el_position_ok(const void *game, const char **why);

/* rules.c */
/* Play a parsed move (game.h apply); over() after the win. */
int el_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
bool el_over(const void *game);
/* apply() without passing the turn, while g->open lets what the line may
 * still owe wait (open.c sets owe_ok and open_last first). */
int el_play_open(el_game *g, const el_move *m, const arb_sink *sink, arb_reject *rej);
/* Square (x,y) in notation, in a small rotating buffer (4 at a time). */
const char *el_sq(const el_game *g, int x, int y);
/* Cubes of each seat in row y of position p where the pirates count
 * them (U13). */
void el_cubes_in_row(const el_game *g, const el_pos *p, int y, int out[EL_SEATS]);
/* pos.row_cubes of position p counted anew (el_setup, position_ok). */
void el_count_row_cubes(const el_game *g, const el_pos *p, uint8_t out[EL_H][EL_SEATS]);

/* buildings.c */
/* A building (rules none-left .. hut-square, see the function). */
int el_build_building(el_game *g, const el_build *b, arb_reject *rej);
/* Take tile `id` off the board: cubes and trade points back, a hut into
 * `q` when it may move (else out of the game).  `why` names the cause. */
void el_remove_tile(el_game *g, int id, const char *why, bool hut_may_move, el_hutq *q);
/* Play the hut moves written after build b against the queue q. */
int el_move_huts(el_game *g, const el_build *b, el_hutq *q, arb_reject *rej);

/* walls.c */
/* A wall tile (rules walls-left .. wall-order, draw-count, draw-colour). */
int el_build_wall(el_game *g, const el_build *b, arb_reject *rej);

/* church.c */
/* A church tile (rules church-complete, church-first, church-tile). */
int el_build_church(el_game *g, const el_build *b, arb_reject *rej);

/* score.c */
/* The game's block of events, their strings and el_sq's names, made at
 * the first event or name: a replay that neither listens nor names a
 * square (check of a legal game) allocates nothing for them. */
void el_event_block(el_game *g);
/* Queue a score event when a sink listens (else NULL): `delta` to seat,
 * the sentence from fmt, the field `player`. */
arb_event *el_event(el_game *g, const char *kind, int seat, int delta, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* A string field copied into the game (events wait until the turn is
 * accepted, so short-lived strings such as squares must be kept). */
void el_event_copy(el_game *g, arb_event *ev, const char *key, const char *s);
/* Move seat s's disk by `pts` (negative: back), claiming and giving back
 * flag cubes; `why` names a loss. */
void el_trade_move(el_game *g, int s, int pts, const char *why);
void el_finish(void *game, const arb_sink *sink);
void el_standing(const void *game, arb_standing *out);

/* Evaluate the arguments (squares are spelled with snprintf) only when a
 * sink listens: `check` replays without one (so the branch is laid out
 * as the unlikely one). */
#define EL_EVENT(g, ...) (__builtin_expect((g)->listening, 0) ? el_event((g), __VA_ARGS__) : NULL)
#define EL_EVENT_NUM(ev, key, v)                         \
	do {                                             \
		if (ev)                                  \
			arb_event_num((ev), (key), (v)); \
	} while (0)
#define EL_EVENT_STR(ev, key, s)                         \
	do {                                             \
		if (ev)                                  \
			arb_event_str((ev), (key), (s)); \
	} while (0)
#define EL_EVENT_COPY(g, ev, key, s)                          \
	do {                                                  \
		if (ev)                                       \
			el_event_copy((g), (ev), (key), (s)); \
	} while (0)

/* buildings.c: "columns 1-5, rows 2-6 and 8-12" */
void el_area(const el_game *g, char *out, size_t cap);

/* notation.c */
int el_parse(const void *game, const arb_token *tok, size_t ntok, void *move, arb_reject *rej);
void el_format(const void *game, const void *move, arb_buf *out);

/* data.c */
void *el_data_load(const arb_node *root, arb_data_error *err);
void el_data_free(void *data);
/* Parse "C,R" (notation column and row number) into x, y; -1 if bad. */
int el_square(const el_data *d, const char *s, size_t n, int *x, int *y);

/* views.c */
/* The View tag (rule bad-view) and the worlds of the start, after the
 * Hands tag dealt (hands[s]: the seat's card, EL_U unseen). */
int el_view_setup(el_game *g, const arb_setup *su, arb_reject *rej);
void el_view_start(el_game *g, const int8_t hands[EL_SEATS]);
/* The worlds of a Setup tag's position (every card named): one. */
void el_view_known(el_game *g);
/* A view's refusal of a fee of n cards from a hand of fewer (rule
 * not-enough-influence: the count is seen, whatever the colours). */
int el_few_cards(const el_game *g, int s, int n, el_at at, arb_reject *rej);
/* Record a card move of the turn (a no-op in a full record). */
void el_vop_add(el_game *g, int kind, int seat, int colour, int n, el_at at);
/* el_vop_add, called only in a view record: a full record's turns (most
 * of them) skip the call. */
#define EL_VOP(g, ...)                                \
	do {                                          \
		if ((g)->view != EL_NOVIEW)           \
			el_vop_add((g), __VA_ARGS__); \
	} while (0)
/* Search for a way through the record's card moves with the turn's
 * (rules unseen-cards, too-many-unknowns, or the ordinary rule when
 * every family that reaches the move agrees). */
int el_view_commit(el_game *g, arb_reject *rej);
/* What a view knows of each hand, for dump: lines "Red: 2 gold, 3
 * influence: 0-1 red, ...". */
void el_view_dump(const el_game *g, arb_buf *out);
void el_view_free(el_game *g);
/* Every world holds the counts of the position (position_ok). */
bool el_view_ok(const el_game *g);
void el_view_copy(el_game *dst, const el_game *src);
/* dst a copy of src, whole, with worlds of its own (dst->world is its
 * previous worlds or NULL; el_view_free frees them). */
void el_scratch(el_game *dst, const el_game *src);

/* view_write.c: game.h view_turn / view_close / view_tag (arbiter gen --view). */
void el_view_turn(const void *game, void *move, unsigned view);
int el_view_close(const void *game, const void *view_game, unsigned view, arb_buf *out);
int el_view_tag(const char *name, const char *value, unsigned view, arb_buf *out);

/* dump.c */
void el_dump(const void *game, unsigned flags, arb_buf *out);
/* The position on a canvas (the draw op); mark: an illegal turn to show. */
void el_draw(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark);

/* snapshot.c */
void el_snapshot(const void *game, arb_buf *out);
void el_describe(const void *game, const arb_doc *doc);
/* The position of a Setup tag (rule setup), over the start position. */
int el_setup(el_game *g, const arb_tag *tag, arb_reject *rej);

/* moves.c */
size_t el_moves(const void *game, const void *next, void (*emit)(void *ctx, const char *move),
		void *ctx);

/* gen.c */
int el_random_turn(const void *game, uint64_t *rng, arb_buf *out);
void el_random_tags(const void *data, size_t nseats, uint64_t *rng, arb_buf *out);
/* Chance as the game deals it (gen and the referee draw alike): one
 * influence card from the deck counts, the discards shuffled in when the
 * deck is empty (-1: none left); n cards taken one by one, uniformly, from
 * a hand of *gold gold (gold NULL: none) and infl[] influence into out. */
int el_draw_card(uint64_t *rng, int16_t deck[NINFL], int16_t disc[NINFL]);
void el_take_cards(uint64_t *rng, int16_t *gold, int16_t infl[NINFL], int n, el_cards *out);
/* Building `t` at (x, y) in position `p` for seat `me` holding `gold`:
 * every rule of el_build_building but none-left (the caller checks that a
 * tile of the type is left), read off the board.  Sets *same when it
 * covers a building of its size (the 3-card fee is then owed). */
bool el_building_ok(const el_game *g, const el_pos *p, int me, int t, int x, int y, int gold,
		    bool *same);
/* Wall space k of line li is free and next to a gate or a wall tile of
 * its line (rules wall-space, wall-adjacent; not walls=blue-first). */
bool el_wall_space_ok(const el_game *g, const el_pos *p, int li, int k);
/* Every building seat `me` holding `gold` could put up in `p` on a
 * footprint that holds one of its permits (rule permit-majority asks for
 * one), each type at each square once, passing el_building_ok with a tile
 * of the type left: visit(ctx, type, x, y, same), same as el_building_ok
 * sets it.  gen.c's candidates and choices.c's list walk the same builds. */
void el_each_building(const el_game *g, const el_pos *p, int me, int gold,
		      void (*visit)(void *ctx, int t, int x, int y, bool same), void *ctx);
/* The east wall may be built: always, or with walls=blue-first once the
 * north and south walls are full (rule wall-order). */
bool el_east_wall_open(const el_game *g, const el_pos *p);

/* choices.c: the choices op (game.h) */
size_t el_choices(const void *game, unsigned seat, const char *start,
		  void (*emit)(void *ctx, const char *action), void *ctx);

/* open.c: the open turn (game.h copy .. deal_start) */
void el_copy(void *dst, const void *src);
int el_apply_open(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
void el_asked(const void *game, arb_asked *out);
size_t el_actions(const void *game, const void *move, uint32_t *cols, size_t max);
int el_deal(const void *game, unsigned seat, const arb_token *tok, size_t ntok, uint64_t *rng,
	    arb_buf *out, unsigned *consent, arb_reject *rej);
int el_deal_start(const void *game, uint64_t *rng, arb_buf *out);

/* The turn's undo: the inline helpers every write to the position goes
 * through (undo.h). */
#include "undo.h"

#endif /* ARB_ELASUND_H */
