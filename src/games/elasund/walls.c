/*
 * walls.c — the city wall in Elasund: each player's 9 wall tiles built in
 * stack order on the wall spaces next to a gate or to a tile of the same
 * line (U5), each drawing influence cards or, every third tile, a tower
 * with a cube.
 */
#include <stdio.h>

#include "elasund.h"

/* The space's name into the caller's char name[8] (b and d in scope),
 * spelled only for messages and events. */
#define WALL_NAME()                                                                               \
	(b->wline == LINE_E ? snprintf(name, sizeof name, "E%u", d->rownum[b->widx])              \
			    : snprintf(name, sizeof name, "%c%u", b->wline == LINE_N ? 'N' : 'S', \
				       b->widx + 1u),                                             \
	 name)

/* The refusal of a wall space the game's line has not (n spaces there),
 * naming those it has.  Cold and apart: el_build_wall runs on every wall
 * built, and this is most of its code. */
static __attribute__((cold, noinline)) int no_wall_space(const el_game *g, const el_build *b, int n,
							 arb_reject *rej)
{
	const el_data *d = g->d;
	const el_layout *L = g->L;
	char name[8];
	/* the spaces of that line there are, to pick from */
	char spaces[160];
	size_t used = 0;
	spaces[0] = '\0';
	unsigned order[EL_MAXWALL]; /* from the gate outwards: named in rising order */
	for (int k = 0; k < n; k++) {
		unsigned at = L->line[b->wline][k];
		int j = k;
		for (; j > 0 && order[j - 1] > at; j--)
			order[j] = order[j - 1];
		order[j] = at;
	}
	for (int k = 0; k < n && used < sizeof spaces; k++) {
		unsigned at = order[k];
		int w = b->wline == LINE_E
				? snprintf(spaces + used, sizeof spaces - used, "%sE%u",
					   k ? ", " : "", d->rownum[at])
				: snprintf(spaces + used, sizeof spaces - used, "%s%c%u",
					   k ? ", " : "", b->wline == LINE_N ? 'N' : 'S', at + 1u);
		used += w > 0 ? (size_t)w : 0;
	}
	return EL_REFUSE(rej, b->at_arg, EL_R_WALL_SPACE,
			 "%s is no wall space in a %u-player game (that line's are %s)",
			 WALL_NAME(), g->nseats, spaces);
}

int el_build_wall(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const el_layout *L = g->L;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	char name[8]; /* WALL_NAME() */

	if (ps->walls == EL_NWALL)
		return EL_REFUSE(rej, b->at, EL_R_WALLS_LEFT, "all 9 wall tiles of %s are built",
				 el_cname(g, me));
	int n = L->nline[b->wline], i = b->widx < 16 ? L->space_of[b->wline][b->widx] - 1 : -1;
	if (i < 0)
		return no_wall_space(g, b, n, rej);
	uint8_t *w = p->wall[b->wline];
	if (w[i])
		return EL_REFUSE(rej, b->at_arg, EL_R_WALL_SPACE,
				 "%s already holds a wall tile of %s", WALL_NAME(),
				 el_cname(g, (w[i] & 15) - 1));
	bool ok = b->wline == LINE_E ? (i == 0 || i == n - 1 || w[i - 1] || w[i + 1])
				     : (i == 0 || w[i - 1]);
	if (!ok)
		return EL_REFUSE(
			rej, b->at_arg, EL_R_WALL_ADJACENT,
			"a wall tile goes next to a gate or to a wall tile already built, and %s touches neither",
			WALL_NAME());
	if (b->wline == LINE_E && !el_east_wall_open(g, p))
		return EL_REFUSE(
			rej, b->at_arg, EL_R_WALL_ORDER,
			"the east wall is built only once the north and south walls are full (option walls=blue-first)");
	int cost = d->wall_cost[b->wline == LINE_E];
	if (ps->gold < cost)
		return EL_REFUSE(rej, b->at, EL_R_NOT_ENOUGH_GOLD,
				 "a wall tile at %s costs %d gold, and %s holds %d", WALL_NAME(),
				 cost, el_cname(g, me), ps->gold);
	ps->gold = (int16_t)(ps->gold - cost);
	int reward = d->wall[ps->walls];
	ps->walls++;
	el_save_rare(g);
	w[i] = (uint8_t)(me + 1 + (reward == W_TOWER ? 16 : 0));
	if (reward == W_TOWER) {
		if (b->wline == LINE_E) /* the pirates count it in its row */
			p->row_cubes[L->line[LINE_E][i]][me]++;
		if (b->has_draw)
			return EL_REFUSE(
				rej, b->at_draw, EL_R_DRAW_COUNT,
				"wall tile %u of %s is a tower, and a tower draws no cards",
				ps->walls, el_cname(g, me));
		arb_event *ev = NULL;
		if (g->listening) {
			ev = EL_EVENT(
				g, "tower", me, 1,
				"%s builds wall tile %u at %s, a tower, and puts a cube on it",
				el_cname(g, me), ps->walls, WALL_NAME());
			el_event_copy(g, ev, "wall", name);
		}
		EL_EVENT_NUM(ev, "tile", ps->walls);
		el_cube_on(g, me);
		return 0;
	}
	int want = reward == W_INF1 ? 1 : 2, avail = el_infl_available(g);
	if (want > avail)
		want = avail;
	if (b->ndraw != want)
		return EL_REFUSE(
			rej, b->has_draw ? b->at_draw : b->at_arg, EL_R_DRAW_COUNT,
			"wall tile %u of %s draws %d influence card%s: write them like +%.*s",
			ps->walls, el_cname(g, me), want, want == 1 ? "" : "s", want, "rb");
	for (int k = 0; k < b->ndraw; k++) {
		if (el_draw_infl(g, b->draw[k]) < 0)
			return EL_REFUSE(rej, b->at_draw, EL_R_DRAW_COLOUR,
					 "the influence deck holds no %s card now",
					 el_infl_names[b->draw[k]]);
		ps->infl[EL_CI(g, b->draw[k])]++;
		EL_VOP(g, VOP_DRAW, me, b->draw[k], 1, b->at_draw);
	}
	return 0;
#undef WALL_NAME
}

/* el_east_wall_open (elasund.h): the rule here, the lists of choices.c and gen.c. */
bool el_east_wall_open(const el_game *g, const el_pos *p)
{
	if (!g->opt.walls_blue_first)
		return true;
	for (int li = 0; li < 2; li++)
		for (int k = 0; k < g->L->nline[li]; k++)
			if (!p->wall[li][k])
				return false;
	return true;
}
