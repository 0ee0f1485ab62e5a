/*
 * pioneers.h — what the files of the Pioneers importer share (pioneers.c
 * reads the log's lines, folds each message's copies into one event and
 * writes the record; pioneers_board.c maps the map; pioneers_params.c reads
 * the game parameters; pioneers_lines.c writes the turn lines;
 * pioneers_events.c and pioneers_cards.c turn each event into actions).
 * Private to src/import/: the converter's state, one struct, is read and
 * written by all of them.
 */
#ifndef ARB_IMPORT_PIONEERS_H
#define ARB_IMPORT_PIONEERS_H

#include <stdint.h>

#include "catan_board.h"

#define PIO_MAX_CONNS 32  /* connections in one server's life           */
#define PIO_MAX_PLAYERS 4 /* TGN's Catan seats                          */
#define PIO_MAX_W 16	  /* map columns                                */
#define PIO_MAX_H 16	  /* map rows                                   */
#define PIO_MAX_LINE 1024 /* a longer line is no Pioneers message       */
#define PIO_VERSION "15"  /* the server versions this reads: 15.x       */

/* Pioneers' resource order (brick grain ore wool lumber) to ours. */
extern const unsigned pio_res[CAT_RES];

typedef struct conn {
	char id[24];
	int player;  /* -1 until the server names it */
	bool viewer; /* a spectator: told the game, never in it */
} conn;

typedef struct cell {
	char kind; /* 0 none, 's' sea, terrain letter (p t f m h d g) */
	char port; /* sea: 0, '?' generic or b g o w l                 */
	int num;   /* land: chit order; port: the side facing land     */
	int hex;   /* land: our hex                                    */
} cell;

typedef struct conv {
	arb_import_error *err;
	const cat_data *d;
	uint32_t lineno;
	uint32_t nsent; /* "-->" lines seen */
	conn conns[PIO_MAX_CONNS];
	int nconns;
	/* the game block, read from the first connection that gets it */
	int params_conn; /* -1: not yet; reading while block_open      */
	bool block_open, params_done, in_map;
	int map_h;
	int off_x, off_r; /* map cell lattice -> the engine's (map_board) */
	bool mapped;	  /* map_board has run                       */
	cell map[PIO_MAX_H][PIO_MAX_W];
	int chits[CAT_HEXES], nchits;
	bool strict_trade;
	int bank_cards; /* resource-count */
	char title[64], version[32], game_id[40];
	int nplayers;
	char names[PIO_MAX_PLAYERS][PIO_MAX_LINE]; /* whole: a line holds them */
	bool viewer_num[100];			   /* the spectators' numbers (num-players up) */
	/* the events */
	bool started, over;
	char run_key[PIO_MAX_LINE + 64], run_msg[PIO_MAX_LINE];
	int run_player;
	uint32_t run_conns;
	bool run_open;
	uint32_t run_line;
	/* the turn line being written */
	arb_buf moves, line;
	arb_buf setup_tag;	      /* the map as the Setup tag's value */
	int seat_of[PIO_MAX_PLAYERS]; /* player -> seat, -1 until known    */
	int player_at[PIO_MAX_PLAYERS];
	int nseated;
	int cur;       /* the player whose line it is, -1: none          */
	bool cur_done; /* the player sent "done"                        */
	bool setup;    /* the line is a set-up placement                */
	int set_node[2], nset, set_edge[2], nsetedge;
	unsigned set_gets[CAT_RES];
	bool set_got;
	int knight;	/* 1: a knight played, its robber move to come   */
	int roads_left; /* road building: free roads still to come       */
	bool monopoly;	/* a monopoly played, its resource to come       */
	/* the monopoly's take, told one opponent a message */
	int mono_res;			     /* its resource, -1: no take being told */
	unsigned mono_named;		     /* the seats whose share was told */
	unsigned mono_take[PIO_MAX_PLAYERS]; /* by seat */
} conv;

/* Set *c->err at the current line (0: the whole log) and return -1. */
#define fail(c, ...) ARB_ICAT_FAIL(c, __VA_ARGS__)
/* The active line's player must be `p` (p is a player: 0 or more). */
#define need_turn(c, p, what) arb_icat_need_turn((c)->err, (c)->lineno, (c)->cur, p, what)

/* The first `nl` bytes of `n` in the first `hl` of `h`, or NULL. */
const char *pio_find(const void *h, size_t hl, const char *n, size_t nl);

/* ------------------------------------------------ the map (pioneers_board.c) */

/* Our node at corner k (Pioneers: 0 upper right, counter-clockwise) of map
 * cell (x, y), our edge at its side k (0 east); -1 when off the island. */
int pio_node(const conv *c, int x, int y, int k);
int pio_edge(const conv *c, int x, int y, int k);
/* One map row "-,s?5,p0,...": cells into c->map[c->map_h]. */
int pio_map_row(conv *c, const char *s);
/* The map and chits as a Setup tag; sets each land cell's hex. */
int pio_map_board(conv *c, arb_buf *setup);
/* Our hex at map cell (x, y), where the robber goes; else -1, the error
 * set. */
int pio_hex_at(conv *c, int x, int y);

/* --------------------------------------- the game block (pioneers_params.c) */

/* One line of the game block (parameters, chits, map).  Refuses what TGN
 * cannot hold. */
int pio_param(conv *c, const char *m);

/* ---------------------------------------------- lines (pioneers_lines.c) */

const char *pio_colour_of(const conv *c, int player);
/* Close the line being written (a set-up placement is written here, its
 * settlement and road paired by the engine's geometry). */
int pio_flush_line(conv *c);
/* Close the line being written and open player's (a set-up placement or
 * a turn). */
int pio_start_line(conv *c, int player, bool setup);
/* Five counts in Pioneers' order into ours.  Returns 0 or -1. */
int pio_read_res(const char *s, unsigned out[CAT_RES], const char **rest);
/* Our resource named by the `n` bytes at s, or -1. */
int pio_res_named(const char *s, size_t n);

/* ------------------------- events (pioneers_events.c, pioneers_cards.c) */

/* One event: player p's message m (the "player N" prefix removed). */
int pio_event(conv *c, int p, const char *m);

/* An event of one kind: PIO_NOT_MINE when m is of another kind, else 0
 * or -1 (the error set).  pio_event tries them in its order. */
#define PIO_NOT_MINE 1
typedef int pio_event_kind(conv *c, int p, const char *m);
/* The cards (pioneers_cards.c): the robber, a theft, a development card
 * bought or played, year of plenty's and monopoly's cards. */
pio_event_kind pio_moved_robber, pio_stole, pio_bought, pio_play_develop, pio_plenty, pio_monopoly;
/* Write the monopoly whose take was being told, if any. */
void pio_put_take(conv *c);

#endif
