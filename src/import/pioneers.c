/*
 * pioneers.c — Pioneers server logs (pioneers-server-console --debug) to
 * TGN Catan records.
 *
 * With --debug the server logs every line it sends to each client,
 * "HH:MM:SS (0xCONN) --> MESSAGE\n", and every line it receives ("<--").
 * That is the only complete record Pioneers keeps: a message every player
 * sees is logged once per connection, a secret (the card stolen, the
 * development card bought) only on the connections allowed to see it.  The
 * converter names each message by its player (a connection's own messages
 * lack the "player N" prefix), folds the copies of one broadcast into one
 * event (keeping the copy that names the secret), and writes the events as
 * turn lines: the game parameters and the map become the Variant and Setup
 * tags, the moves become actions, and the server's production messages
 * become `gets` assertions, so that `arbiter check` proves the board was
 * mapped right.  notation/import.md documents the mapping and its limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan_board.h"
#include "../core/util.h"

#define PIO_MAX_CONNS 32  /* connections in one server's life           */
#define PIO_MAX_PLAYERS 4 /* TGN's Catan seats                          */
#define PIO_MAX_W 16	  /* map columns                                */
#define PIO_MAX_H 16	  /* map rows                                   */
#define PIO_MAX_LINE 1024 /* a longer line is no Pioneers message       */
#define PIO_VERSION "15"  /* the server versions this reads: 15.x       */

/* Pioneers' resource order (brick grain ore wool lumber) to ours. */
static const unsigned pio_res[CAT_RES] = { R_BRICK, R_GRAIN, R_ORE, R_WOOL, R_LUMBER };

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

/* The first `nl` bytes of `n` in the first `hl` of `h`, or NULL. */
static const char *find(const void *h, size_t hl, const char *n, size_t nl)
{
	const char *p = h;
	for (size_t i = 0; i + nl <= hl; i++)
		if (p[i] == n[0] && !memcmp(p + i, n, nl))
			return p + i;
	return NULL;
}

/* ------------------------------------------------------------ the board */

/* Column of a map cell's centre on the engine's half-hex lattice, before
 * the offset: Pioneers shifts odd rows half a hex to the right. */
static int cell_x2(int x, int y)
{
	return y % 2 ? 2 * x : 2 * x - 1;
}

/* Corner k (Pioneers: 0 upper right, counter-clockwise) of cell (x, y)
 * as lattice column and row offsets from the centre. */
static const int corner_dx[6] = { 1, 0, -1, -1, 0, 1 };
static const int corner_dr[6] = { 0, 0, 0, 1, 1, 1 };

static int pio_node(const conv *c, int x, int y, int k)
{
	if (!c->mapped || x < 0 || y < 0 || x >= PIO_MAX_W || y >= PIO_MAX_H || k < 0 || k > 5)
		return -1;
	return cat_node_at(c->d, cell_x2(x, y) + c->off_x + corner_dx[k],
			   y + c->off_r + corner_dr[k]);
}

/* Side k of a cell (Pioneers: 0 east, counter-clockwise) joins corners
 * k-1 and k. */
static int pio_edge(const conv *c, int x, int y, int k)
{
	if (k < 0 || k > 5)
		return -1;
	return cat_edge_between(c->d, pio_node(c, x, y, (k + 5) % 6), pio_node(c, x, y, k));
}

static int terrain_of(char t)
{
	switch (t) {
	case 'h':
		return R_BRICK;
	case 't':
		return R_LUMBER;
	case 'p':
		return R_WOOL;
	case 'f':
		return R_GRAIN;
	case 'm':
		return R_ORE;
	case 'd':
		return T_DESERT;
	default:
		return -1;
	}
}

/* One map row "-,s?5,p0,...": cells into c->map[c->map_h]. */
static int map_row(conv *c, const char *s)
{
	if (c->map_h == PIO_MAX_H)
		return fail(c, "the map has more than %d rows", PIO_MAX_H);
	int y = c->map_h++, x = 0;
	while (*s) {
		if (x == PIO_MAX_W)
			return fail(c, "map row %d has more than %d cells", y, PIO_MAX_W);
		cell *m = &c->map[y][x];
		memset(m, 0, sizeof *m);
		m->hex = -1;
		if (*s == '-') {
			s++;
		} else if (*s == 's') {
			m->kind = 's';
			s++;
			if (*s && *s != ',') {
				if (!strchr("?bgowl", *s) || s[1] < '0' || s[1] > '5')
					return fail(
						c,
						"map row %d: sea cell with \"%.8s\" is not a harbour of "
						"the base game",
						y, s);
				m->port = *s;
				m->num = s[1] - '0';
				s += 2;
			}
		} else if (*s == 'g') {
			return fail(c, "the map has a gold field, which the base game has not");
		} else if (terrain_of(*s) >= 0) {
			m->kind = *s++;
			char *end;
			long n = strtol(s, &end, 10);
			if (end == s || n < 0 || n > 99)
				return fail(c, "map row %d: land without its chit order", y);
			m->num = (int)n;
			s = end;
		} else {
			return fail(c, "map row %d: unknown cell \"%.8s\"", y, s);
		}
		if (*s == 'R' || *s == '+')
			s++; /* markers some map files carry; the robber comes from RO */
		if (*s == ',')
			s++;
		else if (*s)
			return fail(c, "map row %d: unknown cell ending \"%.8s\"", y, s);
		x++;
	}
	return 0;
}

/* The map and chits as a Setup tag; sets each land cell's hex. */
static int map_board(conv *c, arb_buf *setup)
{
	const cat_data *d = c->d;
	int nland = 0, first_x = -1, first_y = -1;
	for (int y = 0; y < c->map_h; y++)
		for (int x = 0; x < PIO_MAX_W; x++)
			if (c->map[y][x].kind && c->map[y][x].kind != 's') {
				if (!nland++) {
					first_x = x;
					first_y = y;
				}
			}
	if (nland != CAT_HEXES)
		return fail(c,
			    "the map has %d land hexes: TGN's Catan holds the base game's "
			    "island of 19",
			    nland);
	/* The first land cell is hex A: that fixes the offset; every other
	 * land cell must then be the island's. */
	int ax, ar;
	cat_hex_place(d, 0, &ax, &ar);
	c->off_x = ax - cell_x2(first_x, first_y);
	c->off_r = ar - first_y;
	c->mapped = true;
	for (int y = 0; y < c->map_h; y++)
		for (int x = 0; x < PIO_MAX_W; x++) {
			cell *m = &c->map[y][x];
			if (!m->kind || m->kind == 's')
				continue;
			m->hex = cat_hex_at(d, cell_x2(x, y) + c->off_x, y + c->off_r);
			if (m->hex < 0)
				return fail(
					c,
					"the map's land is not the base game's island (rows of 3, 4, "
					"5, 4 and 3 hexes): hex at column %d, row %d",
					x, y);
		}
	/* Chits go to the land hexes in their order number, deserts skipped. */
	int token[CAT_HEXES] = { 0 }, terrain[CAT_HEXES];
	int next = 0;
	for (int order = 0; order < 100; order++)
		for (int y = 0; y < c->map_h; y++)
			for (int x = 0; x < PIO_MAX_W; x++) {
				cell *m = &c->map[y][x];
				if (!m->kind || m->kind == 's' || m->num != order)
					continue;
				terrain[m->hex] = terrain_of(m->kind);
				if (terrain[m->hex] == T_DESERT)
					continue;
				if (next == c->nchits)
					return fail(c,
						    "the map has more numbered hexes than chits");
				token[m->hex] = c->chits[next++];
			}
	int harb_kind[CAT_HARBOURS], harb_edge[CAT_HARBOURS], nharb = 0;
	for (int y = 0; y < c->map_h; y++)
		for (int x = 0; x < PIO_MAX_W; x++) {
			cell *m = &c->map[y][x];
			if (m->kind != 's' || !m->port)
				continue;
			int e = pio_edge(c, x, y, m->num);
			if (e < 0)
				return fail(
					c,
					"the harbour at column %d, row %d faces no coast of the "
					"island",
					x, y);
			static const int kinds[] = { CAT_RES, R_BRICK, R_GRAIN,
						     R_ORE,   R_WOOL,  R_LUMBER };
			if (nharb < CAT_HARBOURS) {
				harb_kind[nharb] = kinds[strchr("?bgowl", m->port) - "?bgowl"];
				harb_edge[nharb] = e;
			}
			nharb++;
		}
	if (nharb != CAT_HARBOURS)
		return fail(c, "the map has %d harbours: TGN's Catan has 9", nharb);
	arb_icat_board(setup, d, terrain, token, harb_kind, harb_edge);
	return 0;
}

/* ------------------------------------------------------ the game block */

/* One line of the game block (parameters, chits, map).  Refuses what TGN
 * cannot hold. */
static int param(conv *c, const char *m)
{
	if (c->in_map) {
		if (!strcmp(m, "."))
			c->in_map = false;
		return c->in_map ? map_row(c, m) : 0;
	}
	if (!strcmp(m, "end")) {
		c->block_open = false;
		c->params_done = true;
		return map_board(c, &c->setup_tag);
	}
	char key[48];
	long v = 0;
	const char *sp = strchr(m, ' ');
	size_t kl = sp ? (size_t)(sp - m) : strlen(m);
	snprintf(key, sizeof key, "%.*s", (int)(kl < 47 ? kl : 47), m);
	const char *val = sp ? sp + 1 : "";
	if (sp)
		v = strtol(val, NULL, 10);
	if (!strcmp(key, "map")) {
		c->in_map = true;
		return 0;
	}
	if (!strcmp(key, "title")) {
		snprintf(c->title, sizeof c->title, "%s", val);
		return 0;
	}
	if (!strcmp(key, "strict-trade")) {
		c->strict_trade = true;
		return 0;
	}
	if (!strcmp(key, "chits")) {
		c->nchits = 0;
		for (const char *p = val; *p;) {
			char *end;
			long n = strtol(p, &end, 10);
			if (end == p || n < 2 || n > 12 || n == 7 || c->nchits == CAT_HEXES)
				return fail(c, "chits \"%.60s\" are not the base game's", val);
			c->chits[c->nchits++] = (int)n;
			p = *end == ',' ? end + 1 : end;
		}
		return 0;
	}
	if (!strcmp(key, "resource-count")) {
		/* the bank's size: the Variant's bank=N when not the box's */
		if (v < 1 || v > CAT_MAX_BANK)
			return fail(c,
				    "resource-count %s: TGN's Catan holds a bank of 1 to %d cards "
				    "per resource",
				    val, CAT_MAX_BANK);
		c->bank_cards = (int)v;
		return 0;
	}
	if (!strcmp(key, "num-players")) {
		if (v < 3 || v > PIO_MAX_PLAYERS)
			return fail(c, "num-players %ld: TGN's Catan seats 3 or 4", v);
		c->nplayers = (int)v;
		return 0;
	}
	/* Parameters that must have the base game's value. */
	static const struct {
		const char *key;
		long want;
		const char *why;
	} fixed[] = {
		{ "sevens-rule", 0, "sevens re-rolled" },
		{ "victory-points", 10, "a victory target other than 10" },
		{ "num-bridges", 0, "bridges" },
		{ "num-ships", 0, "ships" },
		{ "num-city-walls", 0, "city walls" },
		{ "num-roads", 15, "a supply of roads other than 15" },
		{ "num-settlements", 5, "a supply of settlements other than 5" },
		{ "num-cities", 4, "a supply of cities other than 4" },
		{ "island-discovery-bonus", 0, "an island discovery bonus" },
		{ "use-pirate", 0, "the pirate" },
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		if (!strcmp(key, fixed[i].key)) {
			if (!sp && fixed[i].want == 0)
				v = 1; /* a flag without a value: on */
			if (v != fixed[i].want)
				return fail(c, "%s %s: %s, which TGN's Catan cannot hold", key, val,
					    fixed[i].why);
			return 0;
		}
	/* Development cards: the deck may be smaller than ours (Pioneers
	 * has 13 soldiers), never larger. */
	static const struct {
		const char *key;
		int kind;
	} devs[] = {
		{ "develop-road", D_ROADS },	{ "develop-monopoly", D_MONOPOLY },
		{ "develop-plenty", D_PLENTY }, { "develop-soldier", D_KNIGHT },
		{ "develop-chapel", D_VP },	{ "develop-university", D_VP },
		{ "develop-governor", D_VP },	{ "develop-library", D_VP },
		{ "develop-market", D_VP },
	};
	for (size_t i = 0; i < sizeof devs / sizeof devs[0]; i++)
		if (!strcmp(key, devs[i].key)) {
			if (v < 0 || v > (long)cat_dev_cards(c->d, (unsigned)devs[i].kind))
				return fail(c, "%s %ld: more %s cards than the base game's deck",
					    key, v, cat_dev_name[devs[i].kind]);
			return 0;
		}
	static const char *const harmless[] = {
		"game",		  "desc",	    "random-terrain",	      "domestic-trade",
		"use-dice-deck",  "num-dice-decks", "num-removed-dice-cards", "variant",
		"exit-when-done", "comment",
	};
	for (size_t i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
		if (!strcmp(key, harmless[i]))
			return 0;
	return fail(c, "game parameter \"%s\" is not supported", key);
}

/* ------------------------------------------------------ writing lines */

static const char *colour_of(const conv *c, int player)
{
	return cat_colours[c->seat_of[player]];
}

/* Write the monopoly whose take was being told: " play monopoly R takes
 * Colour N ..." with every opponent in seat order (TGN's canonical
 * order), 0 for one the log did not name.  The server names every
 * opponent, those who held none too, so an opponent not named kept the
 * cards (a player who had left the game): the engine then refuses the
 * take, as it should. */
static void put_take(conv *c)
{
	if (c->mono_res < 0)
		return;
	arb_buf_printf(&c->line, " play monopoly %s takes", cat_res_name[c->mono_res]);
	for (int s = 0; s < c->nseated; s++)
		if (s != c->seat_of[c->cur])
			arb_buf_printf(&c->line, " %s %u", cat_colours[s], c->mono_take[s]);
	c->mono_res = -1;
	c->mono_named = 0;
	memset(c->mono_take, 0, sizeof c->mono_take);
}

/* Close the line being written (a set-up placement is written here, its
 * settlement and road paired by the engine's geometry). */
static int flush_line(conv *c)
{
	if (c->cur < 0)
		return 0;
	put_take(c);
	if (c->knight || c->roads_left == 2 || c->monopoly)
		return fail(c, "player %d's development card is played without its %s", c->cur,
			    c->knight	  ? "robber move"
			    : c->monopoly ? "resource"
					  : "roads");
	if (c->setup) {
		if (c->nset != c->nsetedge || !c->nset)
			return fail(c,
				    "player %d's set-up placement is not a settlement and a road",
				    c->cur);
		for (int i = 0; i < c->nset; i++) {
			int road = -1;
			for (int j = 0; j < c->nsetedge; j++) {
				if (c->set_edge[j] < 0)
					continue;
				if (cat_edge_touches(c->d, (unsigned)c->set_edge[j],
						     c->set_node[i]))
					road = j;
			}
			if (road < 0)
				return fail(
					c,
					"player %d's set-up road touches no settlement of theirs",
					c->cur);
			arb_icat_put_placement(&c->moves, c->d, colour_of(c, c->cur),
					       c->set_node[i], c->set_edge[road]);
			c->set_edge[road] = -1;
			if (i == c->nset - 1 && c->set_got) {
				arb_buf_printf(&c->moves, " gets %s ", colour_of(c, c->cur));
				arb_icat_cards(&c->moves, c->set_gets);
			}
			arb_buf_putc(&c->moves, '\n');
		}
	} else {
		arb_icat_put_turn(&c->moves, colour_of(c, c->cur), &c->line);
	}
	arb_buf_reset(&c->line);
	c->cur = -1;
	c->setup = false;
	c->nset = c->nsetedge = 0;
	c->set_got = false;
	c->roads_left = 0;
	return 0;
}

static int start_line(conv *c, int player, bool setup)
{
	if (flush_line(c))
		return -1;
	if (c->seat_of[player] < 0) {
		if (!setup)
			return fail(c, "player %d takes a turn before placing in the set-up",
				    player);
		c->seat_of[player] = c->nseated;
		c->player_at[c->nseated++] = player;
	}
	c->cur = player;
	c->cur_done = false;
	c->setup = setup;
	memset(c->set_gets, 0, sizeof c->set_gets);
	return 0;
}

/* Five counts in Pioneers' order into ours.  Returns 0 or -1. */
static int read_res(const char *s, unsigned out[CAT_RES], const char **rest)
{
	for (int i = 0; i < CAT_RES; i++) {
		char *end;
		long n = strtol(s, &end, 10);
		if (end == s || n < 0 || n > 99)
			return -1;
		out[pio_res[i]] = (unsigned)n;
		s = end;
	}
	if (rest)
		*rest = s;
	return 0;
}

static int res_named(const char *s, size_t n)
{
	static const char *const names[] = { "brick", "grain", "ore", "wool", "lumber" };
	for (int i = 0; i < CAT_RES; i++)
		if (strlen(names[i]) == n && !strncmp(s, names[i], n))
			return (int)pio_res[i];
	return -1;
}

static int hex_at(conv *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= PIO_MAX_W || y >= c->map_h || !c->map[y][x].kind ||
	    c->map[y][x].kind == 's' || c->map[y][x].hex < 0)
		return fail(c, "the robber goes to column %d, row %d, which is no land hex", x, y);
	return c->map[y][x].hex;
}

/* The active line's player must be `p` (p is a player: 0 or more). */
#define need_turn(c, p, what) arb_icat_need_turn((c)->err, (c)->lineno, (c)->cur, p, what)

/* One event: player p's message m (the "player N" prefix removed). */
static int event(conv *c, int p, const char *m)
{
	int x, y, k, n, v;
	char what[16], r1[16], r2[16];
	unsigned res[CAT_RES];
	if (p < 0 || p >= c->nplayers)
		return fail(c, "player %d does not play (num-players %d)", p, c->nplayers);
	if (strncmp(m, "monopoly ", 9))
		put_take(c); /* the take is told: this is the next event */
	if (!strncmp(m, "setup", 5)) {
		if (!c->mapped)
			return fail(c, "the set-up begins before the server sent the map");
		c->started = true;
		return start_line(c, p, true);
	}
	if (!c->started)
		return 0;
	if (sscanf(m, "turn %d", &n) == 1)
		return start_line(c, p, false);
	if (sscanf(m, "built %15s %d %d %d", what, &x, &y, &k) == 4) {
		if (need_turn(c, p, "builds"))
			return -1;
		bool road = !strcmp(what, "road");
		if (!road && strcmp(what, "settlement") && strcmp(what, "city"))
			return fail(c, "a %s is built, which TGN's Catan cannot hold", what);
		int at = road ? pio_edge(c, x, y, k) : pio_node(c, x, y, k);
		if (at < 0)
			return fail(c, "the %s at %d %d %d is not on the island", what, x, y, k);
		if (c->setup) {
			if (road && c->nsetedge < 2)
				c->set_edge[c->nsetedge++] = at;
			else if (!road && c->nset < 2 && strcmp(what, "city"))
				c->set_node[c->nset++] = at;
			else
				return fail(c, "too many pieces in player %d's set-up placement",
					    p);
			return 0;
		}
		char nm[8];
		if (road)
			cat_edge_name(c->d, (unsigned)at, nm);
		else
			cat_node_name(c->d, (unsigned)at, nm);
		if (road && c->roads_left) {
			arb_buf_printf(&c->line, " %s", nm);
			c->roads_left--;
			return 0;
		}
		c->roads_left = 0;
		arb_buf_printf(&c->line, " %s %s", what, nm);
		return 0;
	}
	if (sscanf(m, "remove %15s %d %d %d", what, &x, &y, &k) == 4)
		return fail(c, "player %d takes back a %s: undone moves are not supported", p,
			    what);
	if (c->setup && !strncmp(m, "receives ", 9)) {
		if (read_res(m + 9, c->set_gets, NULL))
			return fail(c, "\"%.60s\" is not five counts", m);
		c->set_got = true;
		return 0;
	}
	if (c->cur < 0 || c->setup)
		goto other;
	if (sscanf(m, "rolled %d %d", &x, &y) == 2) {
		if (need_turn(c, p, "rolls") || x < 1 || x > 6 || y < 1 || y > 6)
			return x < 1 || x > 6 || y < 1 || y > 6 ? fail(c, "dice %d %d", x, y) : -1;
		c->roads_left = 0;
		arb_buf_printf(&c->line, " roll %d+%d", x, y);
		return 0;
	}
	if ((!strncmp(m, "receives ", 9) || !strncmp(m, "discarded ", 10)) && c->seat_of[p] < 0)
		return fail(c, "player %d gets or discards cards before placing in the set-up", p);
	if (!strncmp(m, "receives ", 9)) {
		if (read_res(m + 9, res, NULL))
			return fail(c, "\"%.60s\" is not five counts", m);
		arb_buf_printf(&c->line, " gets %s ", colour_of(c, p));
		arb_icat_cards(&c->line, res);
		return 0;
	}
	if (!strncmp(m, "discarded ", 10)) {
		if (read_res(m + 10, res, NULL))
			return fail(c, "\"%.60s\" is not five counts", m);
		c->roads_left = 0;
		arb_buf_printf(&c->line, " discard %s ", colour_of(c, p));
		arb_icat_cards(&c->line, res);
		return 0;
	}
	if (sscanf(m, "moved-robber %d %d", &x, &y) == 2) {
		int h = hex_at(c, x, y);
		if (h < 0)
			return -1;
		c->roads_left = 0;
		arb_buf_printf(&c->line, " %s %c", c->knight ? "play knight" : "robber", 'A' + h);
		c->knight = 0;
		return 0;
	}
	if (sscanf(m, "stole %15s from %d", r1, &v) == 2) {
		int r = res_named(r1, strlen(r1));
		if (r < 0 || v < 0 || v >= c->nplayers || c->seat_of[v] < 0)
			return fail(c, "\"%.60s\" names no resource or player", m);
		arb_buf_printf(&c->line, " steal %s %s", colour_of(c, v), cat_res_name[r]);
		return 0;
	}
	if (sscanf(m, "stole from %d", &v) == 1)
		return fail(c,
			    "the log does not say which card player %d stole from player %d "
			    "(the thief's connection is missing)",
			    p, v);
	if (!strcmp(m, "bought-develop"))
		return fail(c,
			    "the log does not say which development card player %d bought "
			    "(the buyer's connection is missing)",
			    p);
	if (sscanf(m, "bought-develop %d", &n) == 1) {
		static const int kind[9] = { D_ROADS, D_MONOPOLY, D_PLENTY, D_VP,    D_VP,
					     D_VP,    D_VP,	  D_VP,	    D_KNIGHT };
		if (n < 0 || n > 8)
			return fail(c, "development card %d is not one of the base game", n);
		c->roads_left = 0;
		arb_buf_printf(&c->line, " buy %s", cat_dev_name[kind[n]]);
		return 0;
	}
	if (sscanf(m, "play-develop %d %d", &k, &n) == 2) {
		c->roads_left = 0;
		if (n == 8) {
			c->knight = 1;
		} else if (n == 0) {
			arb_buf_puts(&c->line, " play road-building");
			c->roads_left = 2;
		} else if (n == 1) {
			c->monopoly = true;
		} else if (n == 2) {
			/* the cards come with "plenty" */
		} else if (n >= 3 && n <= 7) {
			arb_buf_puts(&c->line, " reveal vp");
		} else {
			return fail(c, "development card %d is not one of the base game", n);
		}
		return 0;
	}
	if (!strncmp(m, "plenty ", 7)) {
		if (read_res(m + 7, res, NULL))
			return fail(c, "\"%.60s\" is not five counts", m);
		arb_buf_puts(&c->line, " play year-of-plenty ");
		arb_icat_cards(&c->line, res);
		return 0;
	}
	if (sscanf(m, "monopoly %d %15s from %d", &n, r1, &v) == 3) {
		/* one opponent's share: "monopoly 2 grain from 1" */
		int r = res_named(r1, strlen(r1));
		if (r < 0 || n < 0 || n > 19 || v < 0 || v >= c->nplayers || c->seat_of[v] < 0 ||
		    v == p)
			return fail(c, "\"%.60s\" is no monopoly's take from an opponent", m);
		if (need_turn(c, p, "takes by a monopoly"))
			return -1;
		if (c->monopoly)
			c->mono_res = r;
		else if (c->mono_res != r)
			return fail(c, "player %d takes %s by a monopoly not played", p, r1);
		c->monopoly = false;
		unsigned seat = (unsigned)c->seat_of[v];
		if (c->mono_named & 1u << seat)
			return fail(c, "the monopoly's take from player %d is told twice", v);
		c->mono_named |= 1u << seat;
		c->mono_take[seat] = (unsigned)n;
		return 0;
	}
	if (sscanf(m, "maritime-trade %d supply %15s receive %15s", &n, r1, r2) == 3) {
		int a = res_named(r1, strlen(r1)), b = res_named(r2, strlen(r2));
		if (a < 0 || b < 0 || n < 2 || n > 4)
			return fail(c, "\"%.60s\" is no maritime trade", m);
		unsigned give[CAT_RES] = { 0 }, get[CAT_RES] = { 0 };
		give[a] = (unsigned)n;
		get[b] = 1;
		c->roads_left = 0;
		arb_icat_put_trade(&c->line, "bank", give, get);
		return 0;
	}
	k = 0; /* %n is stored only when the text before it matched */
	if (sscanf(m, "domestic-trade accept player %d quote %d supply%n", &v, &n, &k) == 2 &&
	    k > 0) {
		/* The partner's quote: it supplies `supply`, receives `receive`. */
		unsigned sup[CAT_RES], rec[CAT_RES];
		const char *rest;
		if (read_res(m + k, sup, &rest) || strncmp(rest, " receive", 8) ||
		    read_res(rest + 8, rec, NULL) || v < 0 || v >= c->nplayers || c->seat_of[v] < 0)
			return fail(c, "\"%.80s\" is no domestic trade", m);
		c->roads_left = 0;
		arb_icat_put_trade(&c->line, colour_of(c, v), rec, sup);
		return 0;
	}
	if (sscanf(m, "won with %d", &n) == 1) {
		if (flush_line(c))
			return -1;
		c->over = true;
		return 0;
	}
other:;
	/* Messages that cannot change the game: prompts, notices, costs
	 * (derived), the special cards (derived), trade negotiation, chat. */
	static const char *const harmless[] = {
		"spent ",
		"chat ",
		"must-discard",
		"you-are-robber",
		"rolled",
		"discard-done",
		"is-robber",
		"robber-done",
		"rob ",
		"longest-road",
		"largest-army",
		"done-resources",
		"OK",
		"has quit",
		"is ",
		"style ",
		"NOTE",
		"domestic-trade call",
		"domestic-trade quote",
		"domestic-trade finish",
		"domestic-trade delete",
		"domestic-trade reject",
		"ERR ",
		"action ",
		"player ",
		"players follow",
		".",
		"turn num",
		"receives",
	};
	for (size_t i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
		if (!strncmp(m, harmless[i], strlen(harmless[i])))
			return 0;
	return fail(c, "unknown message \"%.60s\": it may change the game", m);
}

/* ------------------------------------------------------ reading lines */

/* The event key of a message: its copies to the other connections hide
 * the secret ("stole ore from 2" -> "stole from 2", "bought-develop 8"
 * -> "bought-develop"), so copies share the key. */
static void key_of(const char *m, char *key, size_t n)
{
	char r[16];
	int v;
	if (sscanf(m, "stole %15s from %d", r, &v) == 2 && strcmp(r, "from"))
		snprintf(key, n, "stole from %d", v);
	else if (!strncmp(m, "bought-develop", 14))
		snprintf(key, n, "bought-develop");
	else
		snprintf(key, n, "%s", m);
}

static int flush_run(conv *c)
{
	if (!c->run_open)
		return 0;
	c->run_open = false;
	uint32_t keep = c->lineno;
	c->lineno = c->run_line;
	int rc = c->over ? 0 : event(c, c->run_player, c->run_msg);
	c->lineno = keep;
	return rc;
}

/* After "player N " (N a number below 100): the rest, with *p = N; else
 * NULL. */
static const char *player_prefix(const char *m, int *p)
{
	if (strncmp(m, "player ", 7) || m[7] < '0' || m[7] > '9')
		return NULL;
	int n = 0, i = 7;
	while (m[i] >= '0' && m[i] <= '9' && n < 100)
		n = n * 10 + (m[i++] - '0');
	if (m[i] != ' ' || n >= 100)
		return NULL;
	*p = n;
	return m + i + 1;
}

/* A message about spectator p that every connection is told (it joins,
 * is named, talks, leaves): no seat's business. */
static bool spectator_notice(const conv *c, int p, const char *body)
{
	if (p < c->nplayers && !c->viewer_num[p])
		return false;
	static const char *const notices[] = { "is ", "style ", "has quit", "chat " };
	for (size_t i = 0; i < sizeof notices / sizeof notices[0]; i++)
		if (!strncmp(body, notices[i], strlen(notices[i])))
			return true;
	return false;
}

/* One message m sent to connection ci: fold it into the open event or
 * start the next one. */
static int message(conv *c, int ci, const char *m)
{
	conn *cn = &c->conns[ci];
	int p, n, got = 0; /* %n is stored only when the text before it matched */
	if (sscanf(m, "player %d of %d, welcome to pioneers server %n", &p, &n, &got) == 2 &&
	    got > 0) {
		cn->player = p;
		/* A spectator is numbered from num-players up ("player 4 of
		 * 4"): it watches, so its connection says nothing new. */
		cn->viewer = p >= n;
		if (cn->viewer && p >= 0 && p < 100)
			c->viewer_num[p] = true;
		if (!c->version[0]) {
			snprintf(c->version, sizeof c->version, "%.31s", m + got);
			if (strncmp(c->version, PIO_VERSION ".", sizeof PIO_VERSION))
				return fail(c,
					    "Pioneers %s logs are not supported: arbiter reads the "
					    "protocol of Pioneers " PIO_VERSION ".x",
					    c->version);
		}
		return 0;
	}
	if (cn->viewer)
		return 0;
	const char *body = player_prefix(m, &p);
	if (body && spectator_notice(c, p, body))
		return 0;
	if (body && !strncmp(body, "is ", 3) && p < PIO_MAX_PLAYERS) {
		if (!c->started)
			snprintf(c->names[p], sizeof c->names[p], "%s", body + 3);
		return 0;
	}
	/* the game block, from the first connection that gets it */
	if (!c->params_done) {
		if (c->block_open && c->params_conn == ci)
			return param(c, m);
		if (!c->block_open && !strcmp(m, "game")) {
			c->block_open = true;
			c->params_conn = ci;
			return 0;
		}
	}
	if (!c->started && !strncmp(m, "turn num ", 9) && strtol(m + 9, NULL, 10) > 0)
		return fail(c,
			    "the log starts in the middle of a game (turn %ld): the game's "
			    "start is missing",
			    strtol(m + 9, NULL, 10));
	if (!body) {
		/* The server's prompt to choose year of plenty's cards names
		 * what the bank holds; the choice comes as "player N plenty". */
		if (!strncmp(m, "plenty ", 7))
			return 0;
		body = m;
		p = cn->player;
	}
	if (p < 0)
		return 0; /* a connection not yet a player: lobby talk */
	char key[PIO_MAX_LINE];
	key_of(body, key, sizeof key);
	char full[PIO_MAX_LINE + 32];
	snprintf(full, sizeof full, "%d %s", p, key);
	if (c->run_open && !strcmp(full, c->run_key) && !(c->run_conns & (1u << ci))) {
		c->run_conns |= 1u << ci;
		if (strlen(body) > strlen(c->run_msg)) /* the copy naming the secret */
			snprintf(c->run_msg, sizeof c->run_msg, "%s", body);
		return 0;
	}
	if (flush_run(c))
		return -1;
	snprintf(c->run_key, sizeof c->run_key, "%s", full);
	snprintf(c->run_msg, sizeof c->run_msg, "%s", body);
	c->run_player = p;
	c->run_conns = 1u << ci;
	c->run_open = true;
	c->run_line = c->lineno;
	return 0;
}

/* The connection named `id`, added when new; -1 when there are too many. */
static int conn_of(conv *c, const char *id, size_t n)
{
	for (int i = 0; i < c->nconns; i++)
		if (strlen(c->conns[i].id) == n && !memcmp(c->conns[i].id, id, n))
			return i;
	if (c->nconns == PIO_MAX_CONNS || n >= sizeof c->conns[0].id)
		return -1;
	conn *cn = &c->conns[c->nconns];
	memcpy(cn->id, id, n);
	cn->id[n] = 0;
	cn->player = -1;
	return c->nconns++;
}

/* One log line "HH:MM:SS (0xID) --> MSG\n" (the \n written out); other
 * lines (the server's notices, "<--") say nothing new. */
static int log_line(conv *c, const char *s, size_t n)
{
	const char *open = memchr(s, '(', n);
	if (!open || (size_t)(open - s) > 12 || n - (size_t)(open - s) < 8)
		return 0;
	const char *close = memchr(open, ')', n - (size_t)(open - s));
	if (!close || close[1] != ' ' || (size_t)(close - s) + 6 > n)
		return 0;
	const char *id = open + 1;
	const char *dir = close + 2;
	if (!strncmp(dir, "<-- ", 4)) {
		/* "done" from the player whose turn it is: the turn is complete */
		int ci = conn_of(c, id, (size_t)(close - id));
		if (ci >= 0 && c->conns[ci].player >= 0 && c->conns[ci].player == c->cur &&
		    (size_t)(s + n - dir) >= 8 && !strncmp(dir + 4, "done", 4) &&
		    s + n == dir + 8) {
			if (flush_run(c))
				return -1;
			c->cur_done = true;
		}
		return 0;
	}
	if (strncmp(dir, "--> ", 4))
		return 0;
	const char *m = dir + 4;
	size_t ml = (size_t)(s + n - m);
	if (ml >= 2 && m[ml - 2] == '\\' && m[ml - 1] == 'n')
		ml -= 2;
	else
		return 0; /* a message cut short (the log was interleaved or truncated) */
	if (ml >= PIO_MAX_LINE)
		return fail(c, "a message of %zu bytes: not a Pioneers log", ml);
	c->nsent++;
	int ci = conn_of(c, id, (size_t)(close - id));
	if (ci < 0)
		return fail(c, "more than %d connections: not one game's log", PIO_MAX_CONNS);
	char msg[PIO_MAX_LINE];
	memcpy(msg, m, ml);
	msg[ml] = 0;
	return message(c, ci, msg);
}

/* ------------------------------------------------------------ the record */

/* The record (arb_import_put): its errors are the whole log's. */
static int put_record(void *ctx, arb_buf *out)
{
	conv *c = ctx;
	c->lineno = 0;
	if (!c->nsent)
		return fail(c, "not a Pioneers server log: no line \"HH:MM:SS (0xID) --> "
			       "MESSAGE\" (the server writes them with --debug)");
	if (!c->params_done)
		return fail(c, "no game parameters: this log does not show a game starting (run "
			       "the server with --debug)");
	if (!c->started)
		return fail(c, "the game never started: no set-up placement in the log");
	int rc = 0;
	if (c->nseated != c->nplayers)
		rc = fail(c, "%d of %d players placed in the set-up", c->nseated, c->nplayers);
	if (rc == 0) {
		arb_import_tag(out, "Game", "catan");
		if (c->title[0])
			arb_import_tag(out, "Event", c->title);
		char src[64];
		snprintf(src, sizeof src, "Pioneers %s", c->version[0] ? c->version : "?");
		arb_import_tag(out, "Source", src);
		if (c->game_id[0])
			arb_import_tag(out, "SourceId", c->game_id);
		const char *names[PIO_MAX_PLAYERS];
		for (int s = 0; s < c->nseated; s++)
			names[s] = c->names[c->player_at[s]];
		arb_import_seats(out, cat_colours, names, c->nseated, c->err);
		/* Pioneers' rules where they are not the rulebook's: a
		 * shortage is paid in seat order from the roller, and the
		 * bank holds resource-count cards of each resource. */
		char variant[128], bank[16] = "";
		if (c->bank_cards != (int)cat_bank_cards(c->d))
			snprintf(bank, sizeof bank, " bank=%d", c->bank_cards);
		snprintf(variant, sizeof variant,
			 "phases=%s robber=any vp-cards=revealed shortage=order%s",
			 c->strict_trade ? "strict" : "combined", bank);
		arb_import_tag(out, "Variant", variant);
		arb_icat_put_end(out, &c->setup_tag, c->over, &c->moves);
	}
	return rc;
}

/* Read the log a line at a time up to the game's end: memory is the
 * game's state and its record, whatever the length of the log. */
static int convert(conv *c, arb_import_in *in)
{
	char *s;
	size_t n;
	bool ended;
	int got = 0;
	while (!c->over && (got = arb_import_line(in, &s, &n, &ended, c->lineno + 1, c->err)) > 0) {
		if (!ended)
			break; /* a last line cut short: the log was truncated */
		c->lineno++;
		if (n && s[n - 1] == '\r')
			s[--n] = 0;
		const char *gid = n > 30 ? find(s, n, "Preparing game #", 16) : NULL;
		if (gid && !c->game_id[0]) {
			size_t gl = n - (size_t)(gid + 16 - s);
			if (gl >= 2 && gid[16 + gl - 2] == '\\')
				gl -= 2;
			snprintf(c->game_id, sizeof c->game_id, "%.*s", (int)(gl < 39 ? gl : 39),
				 gid + 16);
		}
		if (log_line(c, s, n))
			return -1;
	}
	if (!c->over && got < 0)
		return -1;
	if (flush_run(c))
		return -1;
	if (!c->over) {
		/* The last turn counts only when its player said "done". */
		if (c->cur >= 0 && (c->cur_done || c->setup)) {
			if (c->setup ? c->nset == c->nsetedge && c->nset : true) {
				if (flush_line(c))
					return -1;
			}
		}
		arb_buf_reset(&c->line);
	}
	return 0;
}

static bool pio_sniff(const unsigned char *b, size_t len)
{
	size_t n = len < 65536 ? len : 65536;
	return find(b, n, ") --> ", 6) &&
	       (find(b, n, "pioneers server", 15) || find(b, n, "Preparing game #", 16));
}

static int pio_convert(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err)
{
	size_t len;
	const unsigned char *head = arb_import_peek(in, &len);
	if (arb_import_compressed(head, len, err))
		return -1;
	conv *c = arb_xcalloc(1, sizeof *c);
	c->err = err;
	c->d = arb_icat_data(err);
	c->cur = -1;
	c->mono_res = -1;
	c->params_conn = -1;
	memset(c->seat_of, -1, sizeof c->seat_of);
	c->nplayers = PIO_MAX_PLAYERS;
	c->bank_cards =
		c->d ? (int)cat_bank_cards(c->d) : 0; /* a game block without resource-count */
	arb_buf *const bufs[] = { &c->moves, &c->line, &c->setup_tag };
	int rc = arb_import_finish(c->d ? convert(c, in) : -1, put_record, c, sink, bufs, 3, err);
	free(c);
	return rc;
}

const arb_importer arb_import_pioneers = {
	.name = "pioneers",
	.title = "Pioneers server log (pioneers-server-console --debug)",
	.sniff = pio_sniff,
	.convert = pio_convert,
};
