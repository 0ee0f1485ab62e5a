/*
 * pioneers_lines.c — the turn lines being written: a player's line opened
 * and closed (a set-up placement, its pieces paired here, or a turn), and
 * the counts of resources the messages carry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pioneers.h"

/* Pioneers' resource order (brick grain ore wool lumber) to ours. */
const unsigned pio_res[CAT_RES] = { R_BRICK, R_GRAIN, R_ORE, R_WOOL, R_LUMBER };

const char *pio_colour_of(const conv *c, int player)
{
	return cat_colours[c->seat_of[player]];
}

/* A set-up placement: each settlement written with the road that
 * touches it, and the production of the last, told by the server. */
static int put_placements(conv *c)
{
	if (c->nset != c->nsetedge || !c->nset)
		return fail(c, "player %d's set-up placement is not a settlement and a road",
			    c->cur);
	for (int i = 0; i < c->nset; i++) {
		int road = -1;
		for (int j = 0; j < c->nsetedge; j++) {
			if (c->set_edge[j] < 0)
				continue;
			if (cat_edge_touches(c->d, (unsigned)c->set_edge[j], c->set_node[i]))
				road = j;
		}
		if (road < 0)
			return fail(c, "player %d's set-up road touches no settlement of theirs",
				    c->cur);
		arb_icat_put_placement(&c->moves, c->d, pio_colour_of(c, c->cur), c->set_node[i],
				       c->set_edge[road]);
		c->set_edge[road] = -1;
		if (i == c->nset - 1 && c->set_got) {
			arb_buf_printf(&c->moves, " gets %s ", pio_colour_of(c, c->cur));
			arb_icat_cards(&c->moves, c->set_gets);
		}
		arb_buf_putc(&c->moves, '\n');
	}
	arb_buf_reset(&c->line);
	return 0;
}

/* Close the line being written (a set-up placement is written here, its
 * settlement and road paired by the engine's geometry). */
int pio_flush_line(conv *c)
{
	if (c->cur < 0)
		return 0;
	pio_put_take(c);
	if (c->knight || c->roads_left == 2 || c->monopoly)
		return fail(c, "player %d's development card is played without its %s", c->cur,
			    c->knight	  ? "robber move"
			    : c->monopoly ? "resource"
					  : "roads");
	if (c->setup) {
		if (put_placements(c))
			return -1;
	} else {
		arb_icat_put_turn(&c->moves, pio_colour_of(c, c->cur), &c->line);
	}
	c->cur = -1;
	c->setup = false;
	c->nset = c->nsetedge = 0;
	c->set_got = false;
	c->roads_left = 0;
	return 0;
}

int pio_start_line(conv *c, int player, bool setup)
{
	if (pio_flush_line(c))
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
int pio_read_res(const char *s, unsigned out[CAT_RES], const char **rest)
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

int pio_res_named(const char *s, size_t n)
{
	static const char *const names[] = { "brick", "grain", "ore", "wool", "lumber" };
	for (int i = 0; i < CAT_RES; i++)
		if (strlen(names[i]) == n && !strncmp(s, names[i], n))
			return (int)pio_res[i];
	return -1;
}
