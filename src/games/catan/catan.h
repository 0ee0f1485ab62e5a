/*
 * catan.h — the Catan engine's shared types: the island's fixed geometry,
 * the component tables loaded from notation/catan/catan.yaml, the board of
 * one game, its position, and the parsed turn line.
 *
 * Sizes that shaped the design: 19 land hexes, 54 intersections ("nodes"),
 * 72 paths ("edges"), at most 4 seats, 5 resources, 5 development card
 * kinds.  Everything fits in small fixed arrays of bytes, so a position is
 * a few hundred bytes and apply() can back it up with one memcpy and
 * restore it when a turn turns out to be illegal halfway.
 *
 * Coordinates (see notation/catan.md for the diagram): hexes are letters
 * A..S row by row; nodes lie on 6 zig-zag rows 1..6 and 11 half-hex columns
 * a..k and are named like chess squares ("e3"); an edge is named by its two
 * nodes, lower one first ("e3-f3", "e3-e4").
 */
#ifndef ARB_CATAN_H
#define ARB_CATAN_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../game.h"
#include "catan_api.h"

#define CAT_NODES 54
#define CAT_EDGES 72
#define CAT_SEATS 4
#define CAT_MAX_ACTS 40	  /* actions in one turn line                */
#define CAT_MAX_ROADS 15  /* roads per player: longest_road.c sizes for it */
#define CAT_LONGEST_MIN 5 /* roads the Longest Road card takes (rules 2.9) */
#define CAT_ARMY_MIN 3	  /* knights the Largest Army card takes           */
#define CAT_NONE 0xff	  /* no seat / no hex / no node              */
#define CAT_OBSERVER 0xfe /* the View of a record written by no seat */
#define CAT_UNSEEN 0xfe	  /* a card the writer did not see ('?')     */
#define CAT_MAX_WORLDS \
	32768 /* ways the unseen cards may have gone that
			     * a replay follows (hidden/)       */
/* ... and that a replay showing no position follows (arb_setup's
 * verdict_only: check, standings, select --valid), past which one way at
 * a time costs less, measured (notation/catan.md, "Limits") */
#define CAT_VERDICT_WORLDS 512

enum { C_ROAD, C_SETTLEMENT, C_CITY, C_DEV, C_NCOST };
#define HARB_GENERIC CAT_RES /* harbour kind: a resource (2:1) or generic */

/* Option values (Variant tag), see notation/catan.md "Rule options". */
enum { PH_STRICT, PH_COMBINED };		    /* phases=                */
enum { ROB_TOKEN, ROB_ANY };			    /* robber=                */
enum { SH_ROLL, SH_RESOURCE, SH_SINGLE, SH_ORDER }; /* shortage=     */
enum { VPC_HIDDEN, VPC_REVEALED };		    /* vp-cards=              */
enum { SR_SECOND, SR_NONE };			    /* start-resources=       */
enum { LRT_KEEP, LRT_ASIDE };			    /* longest-road-tie=      */
enum { BANK_LIMITED, BANK_UNLIMITED };		    /* bank=                  */

/* The island, computed once in data_load; never changes. */
typedef struct cat_geom {
	uint8_t hex_node[CAT_HEXES][6]; /* N NE SE S SW NW                */
	uint8_t hex_x[CAT_HEXES], hex_row[CAT_HEXES];
	uint8_t node_x[CAT_NODES], node_row[CAT_NODES]; /* column 0..10, row 0..5 */
	int8_t node_at[6][11];				/* node id at (row, column) or -1 */
	uint8_t node_nadj[CAT_NODES];			/* neighbouring nodes (2 or 3)    */
	uint8_t node_adj[CAT_NODES][3];
	uint8_t node_edge[CAT_NODES][3]; /* edge to node_adj[i]            */
	uint8_t node_nhex[CAT_NODES];	 /* land hexes at the node (1..3)  */
	uint8_t node_hex[CAT_NODES][3];
	uint8_t edge_node[CAT_EDGES][2]; /* lower node id first            */
	uint8_t edge_nhex[CAT_EDGES];	 /* 1 = coast, 2 = inland          */
	/* The edge from node (row, column) to its right [0] or lower [1]
	 * neighbour, or -1: a path's name read without searching the
	 * node's neighbours (cat_parse_edge, every road of every record). */
	int8_t edge_at[6][11][2];
} cat_geom;

/* The components (catan.yaml) plus the geometry. */
typedef struct cat_data {
	cat_geom g;
	unsigned bank; /* cards per resource              */
	unsigned terrain_count[CAT_RES + 1];
	uint8_t tokens[18]; /* spiral order A..R               */
	unsigned pieces[3]; /* road, settlement, city          */
	uint8_t cost[C_NCOST][CAT_RES];
	unsigned dev_count[CAT_DEV];
	unsigned harb_generic, harb_special;
	unsigned goal;
	uint8_t beg_terrain[CAT_HEXES], beg_token[CAT_HEXES];
	uint8_t beg_harb_kind[CAT_HARBOURS], beg_harb_edge[CAT_HARBOURS];
} cat_data;

/* One game's board: fixed after create(). */
typedef struct cat_board {
	uint8_t terrain[CAT_HEXES]; /* resource index or T_DESERT      */
	uint8_t token[CAT_HEXES];   /* 2..12, 0 on the desert          */
	uint8_t harb_kind[CAT_HARBOURS];
	uint8_t harb_edge[CAT_HARBOURS];
	uint8_t node_harb[CAT_NODES]; /* bitmask: 1<<res, 1<<HARB_GENERIC */
	uint8_t by_token[13][2];      /* hexes per number (CAT_NONE)     */
	uint8_t robber0;	      /* the desert                      */
} cat_board;

typedef struct cat_player {
	uint8_t res[CAT_RES];		    /* resource cards in hand          */
	uint8_t dev[CAT_DEV];		    /* development cards held, unplayed */
	uint8_t vp_shown;		    /* VP cards revealed (still in dev) */
	uint8_t knights;		    /* knights played                  */
	uint8_t roads, settlements, cities; /* pieces on the board             */
	uint8_t road_len;		    /* longest trail, cached           */
	uint8_t harb;			    /* harbours owned (node_harb bits) */
	uint8_t ncards;			    /* sum of res[]                    */
	uint8_t unseen_dev;		    /* cards bought unseen ('buy ?'),
					    * not yet played or revealed: the
					    * deck's counts still hold them  */
	uint8_t unseen_ever;		    /* cards ever bought unseen        */
} cat_player;

/* The position.  Plain bytes, copied whole to undo a rejected turn. */
typedef struct cat_state {
	uint8_t node_owner[CAT_NODES]; /* seat + 1, 0 = empty             */
	uint8_t node_city[CAT_NODES];  /* 1 when the building is a city   */
	uint8_t edge_owner[CAT_EDGES]; /* seat + 1, 0 = empty             */
	uint8_t bank[CAT_RES];
	uint8_t deck[CAT_DEV];
	uint8_t robber;	    /* hex                             */
	uint8_t lr, la;	    /* holders (seat) or CAT_NONE      */
	uint8_t active;	    /* seat to move                    */
	uint8_t setup_step; /* 0 .. 2n-1 in set-up, 2n after   */
	uint8_t over;	    /* the game has ended              */
	uint8_t winner;	    /* seat or CAT_NONE                */
	uint32_t turns;	    /* turn lines applied              */
	cat_player p[CAT_SEATS];
	/* What each hex yields its corners' owners, 4 bits a seat (seat p
	 * at bit 4p): 1 a settlement, 2 a city, at most 12.  Kept by
	 * cat_yield_add as buildings go up, so a roll reads two words
	 * instead of twelve corners (rules.c's produce). */
	uint16_t yield[CAT_HEXES];
} cat_state;

/* What a shortage rejection (cannot-afford, trade-not-held,
 * discard-not-held) was about, for the solver (hidden/) to say it over every way the
 * unseen cards could have gone. */
typedef struct cat_shortage {
	uint8_t seat;	       /* the player short, or CAT_NONE */
	uint8_t need[CAT_RES]; /* what they had to hold         */
	char what[96];	       /* "pays 3ore+2grain for a city" */
	/* With steal-required and assert-production: how much of the
	 * message is true however the unseen cards went ("the record says
	 * White gets 2ore from the roll of 8"), before what was so in one
	 * way only (", but White gets ore"): cat_note_said. */
	uint16_t said;
} cat_shortage;

typedef struct cat_hidden cat_hidden; /* the solver (hidden/) */
typedef struct cat_ahead cat_ahead;   /* the solver (hidden/): the lines ahead */

typedef struct cat_game {
	const cat_data *d;
	unsigned nseats;
	uint8_t colour[CAT_SEATS]; /* seat -> colour index            */
	int8_t seat_of[CAT_SEATS]; /* colour index -> seat or -1      */
	uint8_t opt_phases, opt_robber, opt_shortage, opt_vpc, opt_start, opt_lrtie, opt_bank;
	uint8_t bank_cards; /* bank=N: cards per resource; 0: the data's */
	uint8_t view;	    /* View tag: a seat, CAT_OBSERVER,
					    * or CAT_NONE (no tag: full record) */
	cat_board b;
	cat_state s;
	cat_state bak;	       /* undo copy for apply()           */
	cat_shortage shortage; /* the last shortage rejection     */
	/* the unseen cards' possibilities (hidden/), NULL or off while all
	 * is seen; hidden_on: hid is in use (the solver sets it) */
	cat_hidden *hid;
	/* worlds listed before the solver follows one at a time: 0 =
	 * CAT_MAX_WORLDS; CAT_VERDICT_WORLDS when only the verdict is read
	 * (verdict_only); tests lower it to compare the two */
	unsigned max_worlds;
	/* only the verdict and the standing will be read (arb_setup's): the
	 * worlds are listed up to CAT_VERDICT_WORLDS, and a search passing
	 * VERDICT_WORK steps lists them again (hidden/search.h), thinned
	 * past RELIST_VERDICT_WORLDS (hidden/solver.h) */
	bool verdict_only;
	unsigned thinned; /* the times it was thinned (for tests) */
	bool hidden_on;
	arb_event *ev; /* events of the turn being applied */
	unsigned nev;  /* ... sent only when it is legal   */
	/* longest_road.c's memo of trails: NULL, or the solver's while a view
	 * record is followed one way at a time (its search plays the same
	 * roads in every way it tries) */
	struct cat_trail_memo *trails;
	cat_ahead *ahead; /* the record's lines, for a view record (hidden/) */
	/* The referee's open turn (open.c): apply_open sets open_mode, and
	 * the turn so far is kept for asked() instead of being ended. */
	bool open_mode;
	bool open_valid;	  /* open_turn holds the line just played  */
	uint8_t open_setup_phase; /* set-up: 0 want settlement, 1 road, 2 done */
	struct cat_turn_state {
		bool rolled, seven, robbed;
		/* for choices.c: a card played, a build (phases=strict
		 * trades before it), the cards bought this turn, and in the
		 * set-up the settlement the road must touch */
		bool played, built;
		uint8_t bought[CAT_DEV];
		uint8_t setup_node;
		uint8_t must_discard[CAT_SEATS], discarded[CAT_SEATS];
		/* for apply_more, which plays the line on from here: the
		 * actions played, the roll and its production (a `gets`
		 * later on the line is checked against them) */
		uint8_t nacts, roll;
		uint8_t got[CAT_SEATS][CAT_RES];
	} open_turn;
	/* What the line cat_apply plays with the short undo copy has built
	 * (undo.h, keeps_board; undo.c): each a road (its edge), a settlement
	 * (CAT_EDGES + its node) or a city (CAT_EDGES + CAT_NODES + its
	 * node), all on places that were empty, so a refusal undoes them by
	 * emptying the places (and counting the yields again).  A line
	 * builds at most two an action, so the list has room; were it ever
	 * full, cat_built_full keeps the board whole instead (nbuilt is
	 * then CAT_BUILT_WHOLE).  Played otherwise (the solver's worlds),
	 * the list is not read and stops filling. */
	uint8_t nbuilt;
	uint8_t built[2 * CAT_MAX_ACTS + 8];
} cat_game;

#define CAT_BUILT_WHOLE 0xFF /* nbuilt: g->bak holds the line's board */

void cat_built_full(cat_game *g, unsigned what);
/* Cold here as at its definition (undo.c), so cat_apply's refusal path
 * goes to cat_apply's cold part. */
void cat_undo_built(cat_game *g) __attribute__((cold));

/* Note what a line built, for cat_apply's undo. */
static inline void cat_built(cat_game *g, unsigned what)
{
	static_assert(CAT_EDGES + 2 * CAT_NODES <= 256, "a byte names what was built");
	static_assert(sizeof((cat_game *)0)->built >= 2 * CAT_MAX_ACTS + 2 &&
			      sizeof((cat_game *)0)->built < CAT_BUILT_WHOLE,
		      "two buildings an action, and a count apart from CAT_BUILT_WHOLE");
	if (g->nbuilt < sizeof g->built) {
		g->built[g->nbuilt++] = (uint8_t)what;
	} else if (g->nbuilt != CAT_BUILT_WHOLE) {
		cat_built_full(g, what);
	}
}

#define CAT_MAX_EVENTS (3 * CAT_MAX_ACTS + 4)

/* Resource cards of each kind in the game: the data's bank, bank=N's
 * (Pioneers' resource-count), or with bank=unlimited (JSettlers2's
 * bank, which never runs out) CAT_MAX_BANK, the most a hand's byte can
 * count: more than any game puts in hands. */
static inline unsigned cat_bank_size(const cat_game *g)
{
	return g->opt_bank == BANK_UNLIMITED ? CAT_MAX_BANK
	       : g->bank_cards		     ? g->bank_cards
					     : g->d->bank;
}

/* Action kinds of a turn line. */
enum {
	A_ROLL,	    /* a = die 1, b = die 2; or a = the sum, b = 0    */
	A_DISCARD,  /* a = seat, give = cards seen, b = cards unseen  */
	A_ROBBER,   /* a = hex, b = victim seat or NONE, c = res or UNSEEN */
	A_TRADE,    /* a = partner, c = giver (NONE: the active seat)  */
	A_BANK,	    /* give / get                                     */
	A_ROAD,	    /* a = edge                                       */
	A_SETTLE,   /* a = node                                       */
	A_CITY,	    /* a = node                                       */
	A_BUY,	    /* a = card or UNSEEN                             */
	A_KNIGHT,   /* like A_ROBBER                                   */
	A_ROADS,    /* a = edge, b = edge or NONE                     */
	A_PLENTY,   /* get                                            */
	A_MONOPOLY, /* a = resource, b = MONO_TAKE_*, c = the total
		     * taken, give[seat] = taken from each opponent  */
	A_REVEAL,   /* a = count                                      */
	A_LONGEST,  /* assertion: a = seat or NONE                    */
	A_ARMY,	    /* assertion: a = seat or NONE                    */
	A_VP,	    /* assertion: a = seat, b = points                */
	A_GETS,	    /* assertion: a = seat, get = production          */
};

/* What a monopoly's line says of its take (A_MONOPOLY's b). */
enum { MONO_TAKE_NONE, MONO_TAKE_EACH, MONO_TAKE_TOTAL };

typedef struct cat_act {
	uint8_t kind, a, b, c;
	uint8_t give[CAT_RES], get[CAT_RES];
	uint8_t guessed; /* a '?' replaced by one guess     */
	uint8_t pad;
	uint32_t col;  /* of the keyword token            */
	uint32_t acol; /* of its first argument           */
	uint32_t bcol; /* A_ROADS: of the second path; A_MONOPOLY: of its take */
} cat_act;

typedef struct cat_move {
	uint8_t seat;	/* the acting seat                 */
	uint8_t n;	/* actions                         */
	uint8_t unseen; /* some action writes '?'         */
	uint8_t pad;
	uint32_t col;  /* of the colour token             */
	uint32_t line; /* of the whole turn line          */
	cat_act act[CAT_MAX_ACTS];
} cat_move;

/* s[0..n) equals w[0..n) ignoring ASCII case, for a `w` of lower-case
 * letters only: OR-ing 0x20 into a byte turns exactly 'A'..'Z' and
 * 'a'..'z' into 'a'..'z' (no other byte, NUL included, lands there), so
 * the bytes are compared two, four or eight at a time, the two reads
 * overlapping for lengths in between.  Byte-wise OR and equality do not
 * depend on the host's byte order.  Words are read in every action of
 * every turn line. */
static inline bool cat_letters_ieq(const char *s, const char *w, size_t n)
{
	if (n >= 8) {
		if (n > 16)
			goto bytes;
		uint64_t a, b, c, d;
		memcpy(&a, s, 8);
		memcpy(&b, w, 8);
		memcpy(&c, s + n - 8, 8);
		memcpy(&d, w + n - 8, 8);
		return (a | 0x2020202020202020ull) == b && (c | 0x2020202020202020ull) == d;
	}
	if (n >= 4) {
		uint32_t a, b, c, d;
		memcpy(&a, s, 4);
		memcpy(&b, w, 4);
		memcpy(&c, s + n - 4, 4);
		memcpy(&d, w + n - 4, 4);
		return (a | 0x20202020u) == b && (c | 0x20202020u) == d;
	}
	if (n >= 2) { /* "buy", "for", "ore", "red": two bytes at a time */
		uint16_t a, b, c, d;
		memcpy(&a, s, 2);
		memcpy(&b, w, 2);
		memcpy(&c, s + n - 2, 2);
		memcpy(&d, w + n - 2, 2);
		return (uint16_t)(a | 0x2020u) == b && (uint16_t)(c | 0x2020u) == d;
	}
bytes:
	for (size_t i = 0; i < n; i++)
		if ((char)(s[i] | 0x20) != w[i])
			return false;
	return true;
}

/* Every rule the engine enforces, with its id (as rejections and
 * notation/catan.md name it) and a one-line summary; rejections go through
 * the enum (cat_reject and the turn's helpers in rules.c). */
#define CAT_RULES(X)                                                                               \
	X(CAT_R_SYNTAX, "syntax", "each word is what the grammar wants there")                     \
	X(CAT_R_UNKNOWN_COLOUR, "unknown-colour",                                                  \
	  "a colour named in a turn is one of the four: Red, Blue, White, Orange")                 \
	X(CAT_R_NOT_SEATED, "not-seated", "a colour named in a turn plays in this game")           \
	X(CAT_R_TOO_MANY_ACTIONS, "too-many-actions", "one turn line holds at most 40 actions")    \
	X(CAT_R_SEAT_COUNT, "seat-count", "3 or 4 seats, each colour once")                        \
	X(CAT_R_UNKNOWN_OPTION, "unknown-option",                                                  \
	  "the Variant tag names only options the engine knows")                                   \
	X(CAT_R_BAD_OPTION, "bad-option", "each Variant option takes one of its values")           \
	X(CAT_R_BAD_SETUP, "bad-setup",                                                            \
	  "the Setup tag describes a board the box allows and a position")                         \
	X(CAT_R_BAD_VIEW, "bad-view", "the View tag names a seat's colour or observer")            \
	X(CAT_R_VIEW_UNSEEN, "view-unseen",                                                        \
	  "a card is unseen (?) only in a View record, never the view's own")                      \
	X(CAT_R_TOO_MANY_UNKNOWNS, "too-many-unknowns",                                            \
	  "some way the unseen cards went is found within 524288 states searched, or 524288 "      \
	  "ways listed at once")                                                                   \
	X(CAT_R_WRONG_PLAYER, "turn-order", "the line's colour is the one to move")                \
	X(CAT_R_GAME_OVER, "game-over", "nothing happens after the win")                           \
	X(CAT_R_SETUP_PLACEMENT, "setup-placement",                                                \
	  "a set-up line is one settlement, then one road")                                        \
	X(CAT_R_SETUP_ROAD, "setup-road", "the set-up road touches the settlement just placed")    \
	X(CAT_R_ROLL_FIRST, "roll-first", "trades and builds come after the roll")                 \
	X(CAT_R_ROLL_MISSING, "roll-missing", "every turn has a roll")                             \
	X(CAT_R_ONE_ROLL, "one-roll", "a player rolls once a turn")                                \
	X(CAT_R_DISCARD_WITHOUT_SEVEN, "discard-without-seven",                                    \
	  "cards are discarded only after a 7")                                                    \
	X(CAT_R_DISCARD_TWICE, "discard-twice", "a player discards once")                          \
	X(CAT_R_DISCARD_UNNEEDED, "discard-unneeded",                                              \
	  "only a hand of more than 7 cards is halved")                                            \
	X(CAT_R_DISCARD_COUNT, "discard-count", "a discard is half the hand, rounded down")        \
	X(CAT_R_DISCARD_NOT_HELD, "discard-not-held", "a player discards cards they hold")         \
	X(CAT_R_DISCARD_MISSING, "discard-missing",                                                \
	  "every hand of more than 7 is halved before the robber moves")                           \
	X(CAT_R_ROBBER_WITHOUT_SEVEN, "robber-without-seven",                                      \
	  "the robber moves after a 7 or with a knight")                                           \
	X(CAT_R_ROBBER_MISSING, "robber-missing", "after a 7 the robber moves")                    \
	X(CAT_R_ROBBER_FIRST, "robber-first", "after a 7 the discards and the robber come first")  \
	X(CAT_R_ROBBER_MUST_MOVE, "robber-must-move", "the robber changes hex")                    \
	X(CAT_R_ROBBER_TOKEN, "robber-token", "the robber goes to a number token, not the desert") \
	X(CAT_R_STEAL_REQUIRED, "steal-required",                                                  \
	  "the robber steals when an opponent there holds a card")                                 \
	X(CAT_R_STEAL_VICTIM, "steal-victim",                                                      \
	  "the robber steals from an opponent with a building at the hex")                         \
	X(CAT_R_STEAL_CARD, "steal-card", "a stolen card is one the victim holds")                 \
	X(CAT_R_TRADE_NOT_ACTIVE, "trade-not-active",                                              \
	  "domestic trade is between the player to move and another")                              \
	X(CAT_R_TRADE_GIFT, "trade-gift", "a trade has cards on both sides")                       \
	X(CAT_R_TRADE_LIKE_FOR_LIKE, "trade-like-for-like",                                        \
	  "no resource on both sides of a trade")                                                  \
	X(CAT_R_TRADE_NOT_HELD, "trade-not-held", "both sides of a trade hold what they give")     \
	X(CAT_R_TRADE_AFTER_BUILD, "trade-after-build",                                            \
	  "trading comes before building (phases=strict)")                                         \
	X(CAT_R_MARITIME_RATE, "maritime-rate",                                                    \
	  "the bank trades 4:1, 3:1 with a 3:1 harbour, 2:1 for a harbour's resource")             \
	X(CAT_R_BANK_EMPTY, "bank-empty", "the bank gives only what it has")                       \
	X(CAT_R_CANNOT_AFFORD, "cannot-afford", "a player pays what they build")                   \
	X(CAT_R_NO_PIECES, "no-pieces", "a player builds with pieces they have left")              \
	X(CAT_R_PATH_OCCUPIED, "path-occupied", "one road per path")                               \
	X(CAT_R_INTERSECTION_OCCUPIED, "intersection-occupied", "one building per intersection")   \
	X(CAT_R_DISTANCE_RULE, "distance-rule", "no settlement next to another building")          \
	X(CAT_R_ROAD_UNCONNECTED, "road-unconnected",                                              \
	  "a road touches the player's road, settlement or city")                                  \
	X(CAT_R_SETTLEMENT_UNCONNECTED, "settlement-unconnected",                                  \
	  "a settlement after the set-up touches the player's road")                               \
	X(CAT_R_CITY_NEEDS_SETTLEMENT, "city-needs-settlement",                                    \
	  "a city replaces the player's own settlement")                                           \
	X(CAT_R_DECK_EMPTY, "deck-empty", "a card is bought while the deck has cards")             \
	X(CAT_R_DECK_CARD, "deck-card", "the card drawn is one the deck still holds")              \
	X(CAT_R_CARD_NOT_HELD, "card-not-held", "a player plays cards they hold")                  \
	X(CAT_R_CARD_BOUGHT_THIS_TURN, "card-bought-this-turn",                                    \
	  "a card bought this turn is played from the next turn")                                  \
	X(CAT_R_ONE_CARD_PER_TURN, "one-card-per-turn", "one development card played per turn")    \
	X(CAT_R_ROAD_BUILDING_TWO, "road-building-two",                                            \
	  "road building places 2 roads while there is room")                                      \
	X(CAT_R_PLENTY_TWO, "plenty-two", "year of plenty takes 2 cards")                          \
	X(CAT_R_MONOPOLY_TAKE, "monopoly-take",                                                    \
	  "a monopoly's stated take is what the opponents held")                                   \
	X(CAT_R_REVEAL_NOT_HELD, "reveal-not-held",                                                \
	  "a player reveals victory point cards they hold")                                        \
	X(CAT_R_ASSERT_PRODUCTION, "assert-production",                                            \
	  "a stated production is what the roll or set-up gave")                                   \
	X(CAT_R_ASSERT_LONGEST, "assert-longest", "a stated holder of the longest road holds it")  \
	X(CAT_R_ASSERT_ARMY, "assert-army", "a stated holder of the largest army holds it")        \
	X(CAT_R_ASSERT_SCORE, "assert-score", "a stated score is the score")

enum cat_rule { CAT_RULES(ARB_RULE_ENUM) CAT_NRULES };
extern const arb_rule cat_rules[CAT_NRULES];

/* What one turn line has done so far, while apply() plays it (rules.c,
 * placement.c, score.c share it). */
typedef struct cat_turn {
	cat_game *g;
	const cat_move *m;
	const arb_sink *sink;
	arb_reject *rej;
	unsigned seat;
	bool rolled, seven, built, played;
	bool robbed; /* the 7's robber has moved this turn */
	unsigned roll;
	uint8_t must_discard[CAT_SEATS]; /* cards to discard, after a 7 */
	uint8_t discarded[CAT_SEATS];
	uint8_t bought[CAT_DEV];
	uint8_t bought_unseen;		 /* this turn's 'buy ?'          */
	uint8_t got[CAT_SEATS][CAT_RES]; /* the roll's production       */
	int last_node;			 /* set-up: the new settlement  */
	/* a refusal's rule and place are wanted, not its sentence (the solver's
	 * search, which tries many ways and says one refusal): rej->msg and
	 * the shortage's words are left empty, unwritten */
	bool quiet;
} cat_turn;

/* The colour name of a seat. */
static inline const char *cat_cname(const cat_game *g, unsigned seat)
{
	return cat_colours[g->colour[seat]];
}

/* open.c: played live (the referee's ops, game.h) */
int cat_open_keep(const cat_turn *t, unsigned setup_phase);
void cat_copy(void *dst, const void *src);
int cat_apply_open(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
int cat_parse_more(const void *game, void *move, const arb_token *tok, size_t ntok,
		   arb_reject *rej);
int cat_apply_more(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
int cat_close_open(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
void cat_asked(const void *game, arb_asked *out);
size_t cat_actions(const void *game, const void *move, uint32_t *cols, size_t max);
int cat_deal(const void *game, unsigned seat, const arb_token *tok, size_t ntok, uint64_t *rng,
	     arb_buf *out, unsigned *consent, arb_reject *rej);

/* choices.c: the actions a seat may write now (the choices op) */
size_t cat_choices(const void *game, unsigned seat, const char *start,
		   void (*emit)(void *ctx, const char *action), void *ctx);

/* catan.c */
bool cat_position_ok(const void *game, const char **why);
/* Reject by rule r of cat_rules at line:col; returns -1 (arb_reject_rule,
 * as every engine rejects). */
#define cat_reject(rej, r, line, col, ...) \
	arb_reject_rule((rej), cat_rules, (r), (line), (col), __VA_ARGS__)

/* data.c */
void cat_geom_init(cat_geom *g);
void *cat_data_load(const arb_node *root, arb_data_error *err);
void cat_data_free(void *data);
void cat_board_default(const cat_data *d, cat_board *b);
void cat_board_finish(const cat_data *d, cat_board *b);
bool cat_board_check(const cat_data *d, const cat_board *b, char *why, size_t whylen);

/* notation.c */
extern const char *const cat_terrain_name[CAT_RES + 1];
int cat_parse_node(const cat_data *d, const char *s, size_t n);
int cat_parse_edge(const cat_data *d, const char *s, size_t n);
int cat_parse_hex(const char *s, size_t n);
int cat_parse_res(const char *s, size_t n);
int cat_parse_dev(const char *s, size_t n);
int cat_parse_hexspec(const char *s, size_t n, uint8_t *terrain, uint8_t *token);
int cat_parse_harb_kind(const char *s, size_t n);
int cat_parse(const void *game, const arb_token *tok, size_t ntok, void *move, arb_reject *rej);
void cat_format(const void *game, const void *move, arb_buf *out);
void cat_bundle_str(const uint8_t v[CAT_RES], char *out, size_t len);

/* rules.c */
int cat_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
int cat_play(void *game, const void *move, const arb_sink *sink, arb_reject *rej);
/* Cards in a bundle.  Inline, unrolled: every trade, discard and
 * purchase of every line asks it. */
static inline unsigned cat_bundle_total(const uint8_t v[CAT_RES])
{
	_Static_assert(CAT_RES == 5, "five resources");
	return (unsigned)v[0] + v[1] + v[2] + v[3] + v[4];
}
/* The seats (by bit) with a settlement or city at a corner of hex h in
 * position s: the robber's victims there, but its mover.  Inline: every
 * robber asks it.  An empty corner (owner 0) sets bit 0 of the shifted
 * set, which the shift right drops. */
static inline unsigned cat_hex_owners(const cat_game *g, const cat_state *s, unsigned h)
{
	const uint8_t *c = g->d->g.hex_node[h];
	unsigned set = 1u << s->node_owner[c[0]] | 1u << s->node_owner[c[1]] |
		       1u << s->node_owner[c[2]] | 1u << s->node_owner[c[3]] |
		       1u << s->node_owner[c[4]] | 1u << s->node_owner[c[5]];
	return set >> 1;
}
void cat_yield_recount(const cat_game *g, cat_state *s);
/* The player's best rate with the bank for resource r: 2 (cards for one)
 * with that resource's harbour, 3 with a 3:1 harbour, else 4. */
static inline unsigned cat_maritime_rate(const cat_player *p, unsigned r)
{
	return p->harb >> r & 1 ? 2 : p->harb >> HARB_GENERIC & 1 ? 3 : 4;
}
unsigned cat_deck_left(const cat_game *g);

int cat_turn_step(cat_turn *t, const cat_act *a);
int cat_turn_end(cat_turn *t);
/* The first resource of `v` the player lacks, or -1.  Inline for the
 * same reason as cat_bundle_total: every price and trade asks it. */
static inline int cat_lacks(const cat_player *p, const uint8_t v[CAT_RES])
{
	if (p->res[0] >= v[0] && p->res[1] >= v[1] && p->res[2] >= v[2] && p->res[3] >= v[3] &&
	    p->res[4] >= v[4])
		return -1;
	for (unsigned r = 0; r < CAT_RES; r++)
		if (p->res[r] < v[r])
			return (int)r;
	return -1;
}
void cat_bank_move(cat_state *s, unsigned seat, const uint8_t v[CAT_RES], int dir);
/* Rejects by `rule` at col when `seat` does not hold the cards v ("Red
 * gives 2 ore but holds 1"); 0 when it does.  The check inline, the
 * words (refusal.c) only for a refusal: every trade and discard asks. */
int cat_rej_not_held_words(cat_turn *t, uint32_t col, enum cat_rule rule, unsigned seat,
			   const uint8_t v[CAT_RES], const char *verb, const char *to);
static inline int cat_rej_not_held(cat_turn *t, uint32_t col, enum cat_rule rule, unsigned seat,
				   const uint8_t v[CAT_RES], const char *verb, const char *to)
{
	if (cat_lacks(&t->g->s.p[seat], v) < 0)
		return 0;
	return cat_rej_not_held_words(t, col, rule, seat, v, verb, to);
}
/* n cards of resource r from one hand to another (a steal, a
 * monopoly).  Inline: every steal of every record. */
static inline void cat_give_card(cat_state *s, unsigned from, unsigned to, unsigned r, unsigned n)
{
	assert(s->p[from].res[r] >= n);
	s->p[from].res[r] = (uint8_t)(s->p[from].res[r] - n);
	s->p[from].ncards = (uint8_t)(s->p[from].ncards - n);
	s->p[to].res[r] = (uint8_t)(s->p[to].res[r] + n);
	s->p[to].ncards = (uint8_t)(s->p[to].ncards + n);
}
int cat_pay_refused(cat_turn *t, const cat_act *a, unsigned what, const char *name)
	__attribute__((cold));
/* Pay the cost `what` to the bank.  Rejects with cannot-afford.  The
 * payment inline, the refusal apart: every building and card pays. */
static inline int cat_pay(cat_turn *t, const cat_act *a, unsigned what, const char *name)
{
	cat_state *s = &t->g->s;
	const uint8_t *cost = t->g->d->cost[what];
	if (cat_lacks(&s->p[t->seat], cost) >= 0)
		return cat_pay_refused(t, a, what, name);
	cat_bank_move(s, t->seat, cost, -1);
	return 0;
}
int cat_need_roll_refused(cat_turn *t, const cat_act *a, const char *what) __attribute__((cold));
/* Trading and building wait for the roll and the 7's robber.  Rejects
 * with roll-first, robber-first.  The check inline, the words apart:
 * every build and trade asks. */
static inline int cat_need_roll(cat_turn *t, const cat_act *a, const char *what)
{
	if (t->rolled && !t->seven)
		return 0;
	return cat_need_roll_refused(t, a, what);
}

/* robber.c: the 7's discards and the robber (after a 7, or a knight's). */
int cat_act_discard(cat_turn *t, const cat_act *a);
int cat_act_robber(cat_turn *t, const cat_act *a);
int cat_move_robber(cat_turn *t, const cat_act *a);

void cat_turn_start(cat_turn *t, cat_game *g, const cat_move *m, const arb_sink *sink,
		    arb_reject *rej);

/* refusal.c */
int cat_rej_kw(cat_turn *t, const cat_act *a, enum cat_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int cat_rej_arg(cat_turn *t, const cat_act *a, enum cat_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int cat_rej_bank_empty(cat_turn *t, uint32_t col, unsigned r, unsigned have);
const char *cat_refusal_words(const cat_turn *t, const uint8_t v[CAT_RES], char *out, size_t len);
void cat_note_shortage(cat_turn *t, unsigned seat, const uint8_t *need, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Remember the seat a refusal about hand sizes is about (discard-count,
 * discard-unneeded, discard-missing, steal-required), in g->shortage with
 * nothing needed, so that the solver (hidden/) can say it over every way. */
void cat_note_seat(cat_turn *t, unsigned seat);
/* Remember that the first `len` bytes of the refusal about to be made
 * (steal-required, assert-production) hold however the unseen cards
 * went, and the rest only of the way refused (cat_shortage.said). */
void cat_note_said(cat_turn *t, size_t len);

/* development.c */
int cat_play_card(cat_turn *t, const cat_act *a, unsigned card);
void cat_la_update(cat_turn *t);
int cat_act_buy(cat_turn *t, const cat_act *a);
int cat_act_road_building(cat_turn *t, const cat_act *a);
int cat_act_monopoly(cat_turn *t, const cat_act *a);
int cat_act_plenty(cat_turn *t, const cat_act *a);

/* trade.c */
int cat_act_trade(cat_turn *t, const cat_act *a);
int cat_act_bank(cat_turn *t, const cat_act *a);

/* What a roll of `roll` (2 to 12) owes each seat by the buildings of
 * position s, before the bank's stock is looked at: every hex with that
 * number but `robber` (a hex, or CAT_NONE) gives 1 card per settlement
 * and 2 per city (at most 12 a cell: two hexes of three buildings each);
 * tot[], what it owes of each resource in all.  The resources owed, by
 * bit: at most two, as at most two hexes produce.  Also how the solver (hidden/)
 * reads a roll of every way the unseen cards went. */
static inline unsigned cat_roll_owed(const cat_game *g, const cat_state *s, unsigned roll,
				     unsigned robber, uint8_t owed[CAT_SEATS][CAT_RES],
				     unsigned tot[CAT_RES])
{
	const cat_geom *G = &g->d->g;
	unsigned touched = 0;
	memset(owed, 0, CAT_SEATS * CAT_RES);
	memset(tot, 0, CAT_RES * sizeof *tot);
	for (unsigned k = 0; k < 2; k++) {
		unsigned h = g->b.by_token[roll][k];
		if (h == CAT_NONE || h == robber || g->b.terrain[h] >= CAT_RES)
			continue;
		unsigned r = g->b.terrain[h];
		for (unsigned c = 0; c < 6; c++) {
			unsigned v = G->hex_node[h][c];
			unsigned o = s->node_owner[v];
			if (!o)
				continue;
			unsigned n = 1u + s->node_city[v];
			owed[o - 1][r] = (uint8_t)(owed[o - 1][r] + n);
			tot[r] += n;
			touched |= 1u << r;
		}
	}
	return touched;
}

/* A building of `seat` at node v went up or became a city: each land
 * hex at v yields one card more to the seat (cat_state.yield). */
static inline void cat_yield_add(const cat_game *g, cat_state *s, unsigned seat, unsigned v)
{
	const cat_geom *G = &g->d->g;
	for (unsigned i = 0; i < G->node_nhex[v]; i++) {
		unsigned h = G->node_hex[v][i];
		s->yield[h] = (uint16_t)(s->yield[h] + (1u << (4 * seat)));
	}
}

/* An action holding a resource card the writer did not see ('?'): a
 * steal or a discard, played in every way it could have gone (hidden/).
 * A development card bought unseen needs no such care: see act_buy.
 * Inline: asked of every action of every line. */
static inline bool cat_is_unseen(const cat_act *a)
{
	return (a->kind == A_DISCARD && a->b) || ((a->kind == A_ROBBER || a->kind == A_KNIGHT) &&
						  a->b != CAT_NONE && a->c == CAT_UNSEEN);
}

/* Some resource card is unseen: the worlds of the solver (hidden/) are in use. */
static inline bool cat_hidden_on(const cat_game *g)
{
	return g->hidden_on;
}

/* hidden/hidden.h: the hidden-card solver (view records) */
#include "hidden/hidden.h"

/* placement.c */
bool cat_road_ok(const cat_game *g, const cat_state *s, unsigned seat, unsigned edge,
		 int setup_node);
bool cat_settle_ok(const cat_game *g, const cat_state *s, unsigned seat, unsigned node, bool setup);
int cat_check_road(cat_turn *t, const cat_act *a, unsigned edge, int setup_node);
void cat_put_road(cat_turn *t, unsigned edge);
int cat_place_road(cat_turn *t, const cat_act *a, unsigned edge, int setup_node);
int cat_check_settlement(cat_turn *t, const cat_act *a, bool setup);
void cat_put_settlement(cat_turn *t, unsigned v);

/* longest_road.c */
struct cat_trail_memo *cat_trail_memo_new(void);
void cat_trail_memo_free(struct cat_trail_memo *m);
unsigned cat_trail(const cat_game *g, const cat_state *s, unsigned seat);
/* cat_lr_update's `leaf` when the road built joins two of the seat's
 * roads (no end of it is a leaf); -1 recounts the seats in the mask. */
#define CAT_LR_JOIN (-2)
void cat_lr_update(cat_game *g, const arb_sink *sink, unsigned mask, bool broken, int leaf,
		   unsigned road, const char *why);

/* score.c */
/* Victory points of a seat now (VP cards in hand count unless the
 * vp-cards=revealed option says only shown ones do).  Inline: counted
 * after every building action and at the start of every turn. */
static inline unsigned cat_vp(const cat_game *g, unsigned seat)
{
	const cat_player *p = &g->s.p[seat];
	unsigned v = p->settlements + 2u * p->cities;
	v += g->s.lr == seat ? 2 : 0;
	v += g->s.la == seat ? 2 : 0;
	v += g->opt_vpc == VPC_HIDDEN ? p->dev[D_VP] : p->vp_shown;
	return v;
}
arb_event *cat_event(cat_game *g, const arb_sink *sink, const char *kind);
void cat_vp_event(cat_turn *t, const char *kind, int delta, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void cat_win(cat_game *g, const arb_sink *sink, unsigned seat, unsigned vp, const char *when)
	__attribute__((cold));

/* The active seat reached the goal during its turn: it wins. */
static inline void cat_check_win(cat_turn *t)
{
	cat_game *g = t->g;
	if (g->s.over)
		return;
	unsigned vp = cat_vp(g, t->seat);
	if (vp >= g->d->goal)
		cat_win(g, t->sink, t->seat, vp, "during their turn");
}

/* Points gained on another's turn (a longest road handed over by a
 * break) win at the start of one's own: called for the seat to move. */
static inline void cat_check_win_at_start(cat_game *g, const arb_sink *sink)
{
	unsigned nx = g->s.active, vp = cat_vp(g, nx);
	if (vp >= g->d->goal)
		cat_win(g, sink, nx, vp, "when their turn comes");
}
void cat_finish(void *game, const arb_sink *sink);
void cat_standing(const void *game, arb_standing *out);

/* snapshot.c */
int cat_board_from_setup(const cat_data *d, const char *spec, cat_board *b, char *why,
			 size_t whylen);
void cat_snapshot(const void *game, arb_buf *out);
void cat_describe(const void *game, const arb_doc *doc);
int cat_position_from_setup(cat_game *g, const char *spec, char *why, size_t whylen);
bool cat_is_position_key(const char *k, size_t n);

/* dump.c */
void cat_dump(const void *game, unsigned flags, arb_buf *out);
void cat_draw(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark);

/* moves.c */
size_t cat_moves(const void *game, const void *next, void (*emit)(void *ctx, const char *move),
		 void *ctx);

/* gen.c: one random legal turn for `arbiter gen` (the random_turn op). */
int cat_random_turn(const void *game, uint64_t *rng, arb_buf *out);
void cat_view_turn(cat_move *m, unsigned view);
bool cat_view_close(const cat_game *g, const cat_game *vg, cat_move *m);
int cat_view_close_op(const void *game, const void *view_game, unsigned view, arb_buf *out);
void cat_view_op(const void *game, void *move, unsigned view);

#endif /* ARB_CATAN_H */
