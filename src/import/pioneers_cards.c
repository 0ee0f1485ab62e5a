/*
 * pioneers_cards.c — the events of the cards: the robber moved, a card
 * stolen, a development card bought or played, year of plenty's cards and
 * monopoly's take, which Pioneers tells one opponent a message and is
 * written whole when told.  pio_event (pioneers_events.c) tries each in
 * its order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pioneers.h"

/* Write the monopoly whose take was being told: " play monopoly R takes
 * Colour N ..." with every opponent in seat order (TGN's canonical
 * order), 0 for one the log did not name.  The server names every
 * opponent, those who held none too, so an opponent not named kept the
 * cards (a player who had left the game): the engine then refuses the
 * take, as it should. */
void pio_put_take(conv *c)
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

/* "moved-robber X Y": by a knight played, or after a seven. */
int pio_moved_robber(conv *c, int p, const char *m)
{
	int x, y;
	(void)p;
	if (sscanf(m, "moved-robber %d %d", &x, &y) != 2)
		return PIO_NOT_MINE;
	int h = pio_hex_at(c, x, y);
	if (h < 0)
		return -1;
	c->roads_left = 0;
	arb_buf_printf(&c->line, " %s %c", c->knight ? "play knight" : "robber", 'A' + h);
	c->knight = 0;
	return 0;
}

/* "stole R from V" (the thief's and the victim's copies), "stole from V"
 * (the others'): the card named, or refused when no copy named it. */
int pio_stole(conv *c, int p, const char *m)
{
	int v;
	char r1[16];
	if (sscanf(m, "stole %15s from %d", r1, &v) == 2) {
		int r = pio_res_named(r1, strlen(r1));
		if (r < 0 || v < 0 || v >= c->nplayers || c->seat_of[v] < 0)
			return fail(c, "\"%.60s\" names no resource or player", m);
		arb_buf_printf(&c->line, " steal %s %s", pio_colour_of(c, v), cat_res_name[r]);
		return 0;
	}
	if (sscanf(m, "stole from %d", &v) == 1)
		return fail(c,
			    "the log does not say which card player %d stole from player %d "
			    "(the thief's connection is missing)",
			    p, v);
	return PIO_NOT_MINE;
}

/* "bought-develop N" (the buyer's copy), "bought-develop" (the others'):
 * the card named, or refused when no copy named it. */
int pio_bought(conv *c, int p, const char *m)
{
	int n;
	if (!strcmp(m, "bought-develop"))
		return fail(c,
			    "the log does not say which development card player %d bought "
			    "(the buyer's connection is missing)",
			    p);
	if (sscanf(m, "bought-develop %d", &n) != 1)
		return PIO_NOT_MINE;
	static const int kind[9] = { D_ROADS, D_MONOPOLY, D_PLENTY, D_VP,    D_VP,
				     D_VP,    D_VP,	  D_VP,	    D_KNIGHT };
	if (n < 0 || n > 8)
		return fail(c, "development card %d is not one of the base game", n);
	c->roads_left = 0;
	arb_buf_printf(&c->line, " buy %s", cat_dev_name[kind[n]]);
	return 0;
}

/* "play-develop K N": card N played; its effect comes in the events that
 * follow (a victory point card is revealed at once). */
int pio_play_develop(conv *c, int p, const char *m)
{
	int k, n;
	(void)p;
	if (sscanf(m, "play-develop %d %d", &k, &n) != 2)
		return PIO_NOT_MINE;
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

/* "plenty ...": year of plenty's two cards. */
int pio_plenty(conv *c, int p, const char *m)
{
	unsigned res[CAT_RES];
	(void)p;
	if (strncmp(m, "plenty ", 7))
		return PIO_NOT_MINE;
	if (pio_read_res(m + 7, res, NULL))
		return fail(c, "\"%.60s\" is not five counts", m);
	arb_buf_puts(&c->line, " play year-of-plenty ");
	arb_icat_cards(&c->line, res);
	return 0;
}

/* "monopoly N R from V": one opponent's share of the take
 * ("monopoly 2 grain from 1"), written with the others by pio_put_take. */
int pio_monopoly(conv *c, int p, const char *m)
{
	int n, v;
	char r1[16];
	if (sscanf(m, "monopoly %d %15s from %d", &n, r1, &v) != 3)
		return PIO_NOT_MINE;
	int r = pio_res_named(r1, strlen(r1));
	if (r < 0 || n < 0 || n > 19 || v < 0 || v >= c->nplayers || c->seat_of[v] < 0 || v == p)
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
