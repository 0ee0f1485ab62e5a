/*
 * pioneers_events.c — each event (one message, its copies folded by
 * pioneers.c) turned into the actions of the turn line being written: the
 * set-up and the turns, building, the dice and production, discards,
 * trades and the win; the cards' events are in pioneers_cards.c.  An
 * event of a kind the game does not take where it came is harmless or
 * unknown, naming it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pioneers.h"

/* "turn N": player p's turn line opened. */
static int ev_turn(conv *c, int p, const char *m)
{
	int n;
	if (sscanf(m, "turn %d", &n) != 1)
		return PIO_NOT_MINE;
	return pio_start_line(c, p, false);
}

/* "built road|settlement|city X Y K": a set-up piece, a free road, or one
 * bought. */
static int ev_built(conv *c, int p, const char *m)
{
	int x, y, k;
	char what[16];
	if (sscanf(m, "built %15s %d %d %d", what, &x, &y, &k) != 4)
		return PIO_NOT_MINE;
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
			return fail(c, "too many pieces in player %d's set-up placement", p);
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

/* "remove PIECE X Y K": a piece taken back, which TGN cannot write. */
static int ev_remove(conv *c, int p, const char *m)
{
	int x, y, k;
	char what[16];
	if (sscanf(m, "remove %15s %d %d %d", what, &x, &y, &k) != 4)
		return PIO_NOT_MINE;
	return fail(c, "player %d takes back a %s: undone moves are not supported", p, what);
}

/* "receives ..." in the set-up: the second settlement's production. */
static int ev_setup_receives(conv *c, int p, const char *m)
{
	(void)p;
	if (!c->setup || strncmp(m, "receives ", 9))
		return PIO_NOT_MINE;
	if (pio_read_res(m + 9, c->set_gets, NULL))
		return fail(c, "\"%.60s\" is not five counts", m);
	c->set_got = true;
	return 0;
}

/* "rolled A B": the two dice. */
static int ev_rolled(conv *c, int p, const char *m)
{
	int x, y;
	if (sscanf(m, "rolled %d %d", &x, &y) != 2)
		return PIO_NOT_MINE;
	if (need_turn(c, p, "rolls") || x < 1 || x > 6 || y < 1 || y > 6)
		return x < 1 || x > 6 || y < 1 || y > 6 ? fail(c, "dice %d %d", x, y) : -1;
	c->roads_left = 0;
	arb_buf_printf(&c->line, " roll %d+%d", x, y);
	return 0;
}

/* "receives ..." (production, as a `gets` assertion) or "discarded ...":
 * cards of a player seated in the set-up. */
static int ev_cards_counted(conv *c, int p, const char *m)
{
	bool gets = !strncmp(m, "receives ", 9);
	if (!gets && strncmp(m, "discarded ", 10))
		return PIO_NOT_MINE;
	if (c->seat_of[p] < 0)
		return fail(c, "player %d gets or discards cards before placing in the set-up", p);
	unsigned res[CAT_RES];
	if (pio_read_res(m + (gets ? 9 : 10), res, NULL))
		return fail(c, "\"%.60s\" is not five counts", m);
	if (!gets)
		c->roads_left = 0;
	arb_buf_printf(&c->line, " %s %s ", gets ? "gets" : "discard", pio_colour_of(c, p));
	arb_icat_cards(&c->line, res);
	return 0;
}

/* "maritime-trade N supply R1 receive R2": N of R1 to the bank for an R2. */
static int ev_maritime_trade(conv *c, int p, const char *m)
{
	int n;
	char r1[16], r2[16];
	(void)p;
	if (sscanf(m, "maritime-trade %d supply %15s receive %15s", &n, r1, r2) != 3)
		return PIO_NOT_MINE;
	int a = pio_res_named(r1, strlen(r1)), b = pio_res_named(r2, strlen(r2));
	if (a < 0 || b < 0 || n < 2 || n > 4)
		return fail(c, "\"%.60s\" is no maritime trade", m);
	unsigned give[CAT_RES] = { 0 }, get[CAT_RES] = { 0 };
	give[a] = (unsigned)n;
	get[b] = 1;
	c->roads_left = 0;
	arb_icat_put_trade(&c->line, "bank", give, get);
	return 0;
}

/* "domestic-trade accept player V quote N supply ... receive ...": the
 * partner's quote, which supplies `supply` and receives `receive`. */
static int ev_domestic_trade(conv *c, int p, const char *m)
{
	int v, n, k = 0; /* %n is stored only when the text before it matched */
	(void)p;
	if (sscanf(m, "domestic-trade accept player %d quote %d supply%n", &v, &n, &k) != 2 ||
	    k <= 0)
		return PIO_NOT_MINE;
	unsigned sup[CAT_RES], rec[CAT_RES];
	const char *rest;
	if (pio_read_res(m + k, sup, &rest) || strncmp(rest, " receive", 8) ||
	    pio_read_res(rest + 8, rec, NULL) || v < 0 || v >= c->nplayers || c->seat_of[v] < 0)
		return fail(c, "\"%.80s\" is no domestic trade", m);
	c->roads_left = 0;
	arb_icat_put_trade(&c->line, pio_colour_of(c, v), rec, sup);
	return 0;
}

/* "won with N": the game's end, the line before its last. */
static int ev_won(conv *c, int p, const char *m)
{
	int n;
	(void)p;
	if (sscanf(m, "won with %d", &n) != 1)
		return PIO_NOT_MINE;
	if (pio_flush_line(c))
		return -1;
	c->over = true;
	return 0;
}

/* The events of a game started, in a line or not. */
static pio_event_kind *const in_game[] = {
	ev_turn,
	ev_built,
	ev_remove,
	ev_setup_receives,
};
/* The events of a turn line (not a set-up placement), in the order they
 * are tried. */
static pio_event_kind *const in_turn[] = {
	ev_rolled,	   ev_cards_counted,  pio_moved_robber, pio_stole,
	pio_bought,	   pio_play_develop,  pio_plenty,	pio_monopoly,
	ev_maritime_trade, ev_domestic_trade, ev_won,
};

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

int pio_event(conv *c, int p, const char *m)
{
	if (p < 0 || p >= c->nplayers)
		return fail(c, "player %d does not play (num-players %d)", p, c->nplayers);
	if (strncmp(m, "monopoly ", 9))
		pio_put_take(c); /* the take is told: this is the next event */
	if (!strncmp(m, "setup", 5)) {
		if (!c->mapped)
			return fail(c, "the set-up begins before the server sent the map");
		c->started = true;
		return pio_start_line(c, p, true);
	}
	if (!c->started)
		return 0;
	int rc = PIO_NOT_MINE;
	for (size_t i = 0; rc == PIO_NOT_MINE && i < sizeof in_game / sizeof in_game[0]; i++)
		rc = in_game[i](c, p, m);
	for (size_t i = 0; rc == PIO_NOT_MINE && c->cur >= 0 && !c->setup &&
			   i < sizeof in_turn / sizeof in_turn[0];
	     i++)
		rc = in_turn[i](c, p, m);
	if (rc != PIO_NOT_MINE)
		return rc;
	for (size_t i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
		if (!strncmp(m, harmless[i], strlen(harmless[i])))
			return 0;
	return fail(c, "unknown message \"%.60s\": it may change the game", m);
}
