/*
 * church.c — the church of Elasund: 9 tiles over the foundation, the
 * first builder drawing 2 and putting one under the stack, each tile a
 * cube for its builder; a tile removes the permit and the building under
 * it (a hut there moves, U8).
 */
#include "elasund.h"

int el_build_church(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	bool first = p->corg_x < 0;

	if (!p->church_left)
		return EL_REFUSE(rej, b->at, EL_R_CHURCH_COMPLETE, "all 9 church tiles are built");
	if (first && b->cret == -1)
		return EL_REFUSE(
			rej, b->at_arg, EL_R_CHURCH_FIRST,
			"the first church builder draws 2 tiles, keeps one and puts the other under the stack: write church KEPT/RETURNED");
	if (!first && b->cret != -1)
		return EL_REFUSE(rej, b->at_arg, EL_R_CHURCH_FIRST,
				 "only the first church builder draws 2 tiles");
	if (!(p->church_left & (1u << b->ctile)))
		return EL_REFUSE(rej, b->at_arg, EL_R_CHURCH_TILE,
				 "church tile %d is already built", b->ctile + 1);
	if (first && b->cret >= 0 && (b->cret == b->ctile || !(p->church_left & (1u << b->cret))))
		return EL_REFUSE(rej, b->at_arg, EL_R_CHURCH_TILE,
				 "the two tiles drawn must be two different tiles");
	if (!first && b->ctile == p->church_bottom && (p->church_left & (p->church_left - 1)))
		return EL_REFUSE(rej, b->at_arg, EL_R_CHURCH_TILE,
				 "church tile %d lies at the bottom of the stack and comes last",
				 b->ctile + 1);
	if (ps->gold < d->church_cost)
		return EL_REFUSE(rej, b->at, EL_R_NOT_ENOUGH_GOLD,
				 "a church tile costs %u gold, and %s holds %d", d->church_cost,
				 el_cname(g, me), ps->gold);
	ps->gold = (int16_t)(ps->gold - d->church_cost);
	el_save_rare(g); /* the stack, the origin, church_owner */
	if (first) {
		p->corg_x = (int8_t)(d->found_x - b->ctile % 3);
		p->corg_y = (int8_t)(d->found_y - b->ctile / 3);
		p->church_bottom = b->cret;
	}
	p->church_left &= (uint16_t) ~(1u << b->ctile);
	int x = p->corg_x + b->ctile % 3, y = p->corg_y + b->ctile / 3;
	assert(x >= 0 && x < g->L->cols && y >= 0 && y < EL_H);
	int pm = p->permit[y][x];
	if (pm >= 0) {
		p->seat[pm >> 3].permits |= (uint8_t)(1u << (pm & 7));
		el_set_sq(g, p->permit, x, y, -1);
	}
	el_hutq q = { 0 };
	if (p->bld[y][x] >= 0)
		el_remove_tile(g, p->bld[y][x], "a church tile was built there",
			       el_hut_moves(g, d->bt[p->tile[p->bld[y][x]].type].size, 1), &q);
	el_set_sq(g, p->church, x, y, b->ctile);
	p->church_owner[b->ctile] = (int8_t)me;
	p->row_cubes[y][me]++;
	if (d->church_flags && ps->cubes < 10) {
		arb_event *ev = EL_EVENT(g, "church", me, 1,
					 "%s builds church tile %d at %s and puts a cube on it",
					 el_cname(g, me), b->ctile + 1, el_sq(g, x, y));
		EL_EVENT_NUM(ev, "tile", b->ctile + 1);
		EL_EVENT_COPY(g, ev, "square", el_sq(g, x, y));
		el_cube_on(g, me);
	}
	return el_move_huts(g, b, &q, rej);
}
