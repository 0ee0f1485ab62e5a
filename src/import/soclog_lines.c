/*
 * soclog_lines.c — the turn lines being written: a player's line opened
 * and closed (a set-up placement or a turn), the seats fixed by the first.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"

/* The colour of seated player pn. */
const char *soc_colour_of(const conv *c, int pn)
{
	return cat_colours[c->seat_of[pn]];
}

/* pn when that player sits in this game; else -1, the error set. */
int soc_player(conv *c, long pn)
{
	if (pn < 0 || pn >= SOC_SEATS || !c->seated[pn] || c->seat_of[pn] < 0)
		return fail(c, "player %ld does not play in this game", pn);
	return (int)pn;
}

/* Close the line being written. */
int soc_flush_line(conv *c)
{
	if (soc_flush_secret(c))
		return -1;
	if (c->cur < 0)
		return 0;
	if (c->knight || c->plenty || c->monopoly)
		return fail(c, "player %d's development card is played without its %s", c->cur,
			    c->knight	? "robber move"
			    : c->plenty ? "resources"
					: "resource");
	if (c->setup) {
		if (c->set_node < 0 || c->set_edge < 0)
			return fail(c,
				    "player %d's set-up placement is not a settlement and a road",
				    c->cur);
		arb_icat_put_placement(&c->moves, c->d, soc_colour_of(c, c->cur), c->set_node,
				       c->set_edge);
		arb_buf_putc(&c->moves, '\n');
		arb_buf_reset(&c->line); /* nothing of its own */
	} else {
		arb_icat_put_turn(&c->moves, soc_colour_of(c, c->cur), &c->line);
	}
	c->cur = -1;
	c->setup = false;
	c->roads_left = 0;
	return 0;
}

/* The seats, in turn order from `first`: JSettlers2 plays in ascending
 * player numbers, round the table, skipping empty seats. */
static int seat_players(conv *c, int first)
{
	c->nseats = 0;
	for (int i = 0; i < SOC_SEATS; i++) {
		int pn = (first + i) % SOC_SEATS;
		c->seat_of[pn] = -1;
		if (c->seated[pn]) {
			c->seat_of[pn] = c->nseats;
			c->pn_at[c->nseats++] = pn;
		}
	}
	if (c->nseats < 3)
		return fail(c, "%d players: TGN's Catan seats 3 or 4", c->nseats);
	return 0;
}

/* Close the line being written and open player pn's (a set-up
 * placement or a turn); the first one fixes the seats' colours. */
int soc_start_line(conv *c, long pn, bool setup)
{
	if (soc_flush_line(c))
		return -1;
	if (c->nseats == 0) {
		if (pn < 0 || pn >= SOC_SEATS || !c->seated[pn])
			return fail(c, "player %ld starts, but sits in no seat", pn);
		if (seat_players(c, (int)pn))
			return -1;
	}
	if (soc_player(c, pn) < 0)
		return -1;
	c->cur = (int)pn;
	c->setup = setup;
	c->set_node = c->set_edge = -1;
	c->knight = c->plenty = c->monopoly = false;
	c->roads_left = 0;
	return 0;
}
