/*
 * buildings.c — building in Elasund: a neutral building or a player's
 * own house or workshop on its permits (notation/elasund.md), what it
 * covers (tiles removed with their cubes and trade points), and the
 * displaced workers' huts that move after it (U8, U9, U20).  The church
 * tiles (church.c) remove and move huts the same way.
 */
#include <stdio.h>
#include <string.h>

#include "elasund.h"

/* ------------------------------------------------------------ buildings */

/* A building's name in a sentence ("long hut", not the keyword). */
static const char *say(const el_game *g, int type)
{
	return type == B_LONGHUT ? "long hut" : g->d->bt[type].name;
}

/* Take tile `id` off the board: cubes back, trade points back, a hut into
 * the relocation queue (or out of the game).  `why` names the cause. */
void el_remove_tile(el_game *g, int id, const char *why, bool hut_may_move, el_hutq *q)
{
	el_tile *t = el_tile_w(g, id);
	const el_btype *bt = &g->d->bt[t->type];
	assert(t->on);
	el_tile_cells(g, id, -1);
	t->on = 0;
	if (t->cubes) {
		g->pos.seat[t->owner].cubes = (uint8_t)(g->pos.seat[t->owner].cubes - t->cubes);
		for (int f = 0; f < t->cubes; f++)
			g->pos.row_cubes[t->y + bt->flagdy[f]][t->owner]--;
		arb_event *ev = EL_EVENT(g, "building-lost", t->owner, -t->cubes,
					 "%s loses the %s at %s (%s) and takes %d cube%s back",
					 el_cname(g, t->owner), bt->name, el_sq(g, t->x, t->y), why,
					 t->cubes, t->cubes == 1 ? "" : "s");
		EL_EVENT_STR(ev, "building", bt->name);
		EL_EVENT_COPY(g, ev, "square", el_sq(g, t->x, t->y));
		EL_EVENT_NUM(ev, "cubes", t->cubes);
		t->cubes = 0;
	}
	if (t->trade) {
		int pts = t->trade;
		t->trade = 0;
		el_trade_move(g, t->owner, -pts, "a trade building lost");
	}
	if (bt->kind == K_HUT) {
		if (hut_may_move) {
			assert(q->n < EL_MAXHUT);
			q->id[q->n++] = (uint8_t)id;
		} else {
			t->gone = 1;
		}
	}
}

/* Sort the hut queue: the builder's own huts first, then clockwise; within
 * a seat the small hut before the long one (ids are in that order), the
 * order `hut` assumes when it does not say `longhut`. */
static void sort_huts(el_game *g, el_hutq *q)
{
	int act = g->pos.active;
	for (int i = 1; i < q->n; i++)
		for (int j = i; j > 0; j--) {
			const el_tile *a = &g->pos.tile[q->id[j - 1]], *b = &g->pos.tile[q->id[j]];
			int ka = ((a->owner - act + (int)g->nseats) % (int)g->nseats) * 64 +
				 q->id[j - 1];
			int kb = ((b->owner - act + (int)g->nseats) % (int)g->nseats) * 64 +
				 q->id[j];
			if (ka <= kb)
				break;
			uint8_t tmp = q->id[j - 1];
			q->id[j - 1] = q->id[j];
			q->id[j] = tmp;
		}
}

/* (elasund.h) "columns 1-5, rows 2-6 and 8-12": the building area of
 * this game, for the messages about squares; the rows are the ship
 * numbers printed beside them, in runs (there is no row 7). */
void el_area(const el_game *g, char *out, size_t cap)
{
	const el_data *d = g->d;
	int n = snprintf(out, cap, "columns 1-%u, rows ", g->L->cols);
	for (int y = 0; y < EL_H && n > 0 && (size_t)n < cap; y++) {
		if (y > 0 && d->rownum[y] == d->rownum[y - 1] + 1)
			continue; /* inside a run */
		int e = y;
		while (e + 1 < EL_H && d->rownum[e + 1] == d->rownum[e] + 1)
			e++;
		n += snprintf(out + n, cap - (size_t)n, "%s%u-%u",
			      y == 0	      ? ""
			      : e == EL_H - 1 ? " and "
					      : ", ",
			      d->rownum[y], d->rownum[e]);
	}
}
/* el_move_huts (elasund.h): rules hut-order, hut-square, hut-missing,
 * game-over.  The seats' turns come from the queue (sort_huts: the
 * builder's first, then clockwise, U20); within a seat the owner chooses
 * the order (notation/elasund.md, U20): `hut` names its small hut while that one
 * waits, else its long hut, and `longhut` names the long hut.  A build
 * whose cube won the game ends the line (U15): its displaced huts stay
 * off the board and no hut move may follow.  In an open turn (open.c) the
 * huts not yet moved after the build that ends the line wait. */
int el_move_huts(el_game *g, const el_build *b, el_hutq *q, arb_reject *rej)
{
	if (g->pos.over) {
		if (b->nhut)
			return EL_REFUSE(
				rej, b->hut[0].at_kw, EL_R_GAME_OVER,
				"%s has all 10 cubes on the board and has won: the turn ends there, and the displaced huts stay off the board",
				el_cname(g, g->pos.active));
		for (int i = 0; i < q->n; i++)
			el_tile_w(g, q->id[i])->gone = 1;
		return 0;
	}
	sort_huts(g, q);
	unsigned done = 0; /* bit i: q->id[i] has moved */
	for (int i = 0; i < b->nhut; i++) {
		const el_hutmv *h = &b->hut[i];
		int k = 0;
		while (k < q->n && (done >> k & 1))
			k++;
		if (k == q->n)
			return EL_REFUSE(rej, h->at, EL_R_HUT_ORDER,
					 "no displaced hut of %s is waiting to move",
					 el_cname(g, h->seat));
		const el_tile *next = &g->pos.tile[q->id[k]];
		if (next->owner != h->seat)
			return EL_REFUSE(
				rej, h->at, EL_R_HUT_ORDER,
				"the %s of %s moves first (the builder's huts first, then clockwise)",
				say(g, next->type), el_cname(g, next->owner));
		if (h->lng) {
			while (k < q->n &&
			       ((done >> k & 1) || g->pos.tile[q->id[k]].owner != h->seat ||
				g->pos.tile[q->id[k]].type != B_LONGHUT))
				k++;
			if (k == q->n)
				return EL_REFUSE(rej, h->at_kw, EL_R_HUT_ORDER,
						 "the long hut of %s is not waiting to move",
						 el_cname(g, h->seat));
		}
		done |= 1u << k;
		el_tile *t = el_tile_w(g, q->id[k]);
		if (h->x < 0) {
			t->gone = 1;
			continue;
		}
		const el_btype *bt = &g->d->bt[t->type];
		for (int dy = 0; dy < bt->h; dy++) {
			int yy = h->y + dy;
			if (!el_empty_sq(g, h->x, yy))
				return EL_REFUSE(
					rej, h->at, EL_R_HUT_SQUARE,
					"the %s of %s cannot move to %s: %s is not an empty square of the building area",
					say(g, t->type), el_cname(g, t->owner),
					el_sq(g, h->x, h->y),
					yy < EL_H ? el_sq(g, h->x, yy) : "the square below");
			if (g->L->mills[yy][h->x])
				return EL_REFUSE(
					rej, h->at, EL_R_HUT_SQUARE,
					"the %s of %s cannot move to %s: %s is a trade field",
					say(g, t->type), el_cname(g, t->owner),
					el_sq(g, h->x, h->y), el_sq(g, h->x, yy));
		}
		t->x = h->x;
		t->y = h->y;
		t->on = 1;
		el_tile_cells(g, q->id[k], (int8_t)q->id[k]);
	}
	if (b->nhut < q->n) {
		if (g->open && b == g->open_last) {
			/* the line ends here: the huts still to move wait */
			el_hutq *w = &g->owed.huts;
			w->n = 0;
			for (int k = 0; k < q->n; k++)
				if (!(done >> k & 1))
					w->id[w->n++] = q->id[k];
			return 0;
		}
		int k = 0;
		while (done >> k & 1)
			k++;
		const el_tile *t = &g->pos.tile[q->id[k]];
		el_at at = b->nhut ? b->hut[b->nhut - 1].at : b->at_arg;
		return EL_REFUSE(
			rej, at, EL_R_HUT_MISSING,
			"the %s of %s was displaced: the record must say where it goes (hut %s SQUARE, or hut %s off)",
			say(g, t->type), el_cname(g, t->owner), el_cname(g, t->owner),
			el_cname(g, t->owner));
	}
	return 0;
}

/* What the squares of a building hold: the tiles it covers, whether one
 * is of its size, and the permits (their count, each seat's value, the
 * compensation owed to the others). */
typedef struct el_site {
	uint64_t covered;
	bool same;
	int npermit, val[EL_SEATS], comp;
	unsigned holders; /* bit s: seat s has a permit there (val[s] counts) */
	int mills;	  /* windmills under it: its trade points */
	uint8_t pm[9];	  /* the squares holding a permit, y << 4 | x */
} el_site;

/* The tile that building b puts on the board (the seat's own, or the
 * next of its type in the stack).  Rejects with none-left. */
static int building_tile(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int me = p->active;
	const el_btype *bt = &g->d->bt[b->type];
	int id = -1;
	if (bt->kind == K_OWN) {
		id = g->nneutral + 4 * me + (b->type == B_HOUSE ? 0 : 1);
		if (p->tile[id].on)
			return EL_REJ(rej, b->at, EL_R_NONE_LEFT, "%s's %s is already on the board",
				      el_cname(g, me), bt->name);
	} else {
		/* the stack: the type's tiles, whose ids follow each other */
		for (int i = g->d->first_tile[b->type], e = i + bt->copies; i < e; i++)
			if (!p->tile[i].on) {
				id = i;
				break;
			}
		if (id < 0)
			return EL_REJ(rej, b->at, EL_R_NONE_LEFT, "no %s is left in the stack",
				      bt->name);
	}
	return id;
}

/* Survey the squares of building b into *st: rejects with outside-area,
 * cover-church, church-site, cover-larger. */
static int survey(el_game *g, const el_build *b, el_site *st, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const int me = p->active;
	const el_btype *bt = &d->bt[b->type];
	if (b->x + bt->w > g->L->cols || b->y + bt->h > EL_H) {
		char area[64];
		el_area(g, area, sizeof area);
		return EL_REJ(
			rej, b->at_arg, EL_R_OUTSIDE_AREA,
			"a %s at %s would reach outside the building area of a %u-player game (%s)",
			bt->name, el_sq(g, b->x, b->y), g->nseats, area);
	}

	const int x0 = b->x, x1 = b->x + bt->w, y1 = b->y + bt->h;
	for (int y = b->y; y < y1; y++)
		for (int x = x0; x < x1; x++) {
			if (p->church[y][x] >= 0)
				return EL_REJ(
					rej, b->at_arg, EL_R_COVER_CHURCH,
					"%s holds a church tile, and church tiles are never built over",
					el_sq(g, x, y));
			if (x == d->found_x && y == d->found_y)
				return EL_REJ(
					rej, b->at_arg, EL_R_CHURCH_SITE,
					"%s is the church foundation, where no building may stand",
					el_sq(g, x, y));
			int t = p->bld[y][x];
			if (t >= 0 && !(st->covered & (1ull << t))) {
				const el_tile *ct = &p->tile[t];
				const el_btype *cb = &d->bt[ct->type];
				if (cb->size > bt->size)
					return EL_REJ(
						rej, b->at_arg, EL_R_COVER_LARGER,
						"the %s of %s at %s is larger than a %s and cannot be built over",
						say(g, ct->type), el_cname(g, ct->owner),
						el_sq(g, ct->x, ct->y), bt->name);
				if (cb->size == bt->size)
					st->same = true;
				st->covered |= 1ull << t;
			}
			st->mills += g->L->mills[y][x];
			int pm = p->permit[y][x];
			if (pm >= 0) {
				int o = pm >> 3, v = pm & 7;
				st->pm[st->npermit++] = (uint8_t)(y << 4 | x);
				st->val[o] += v;
				st->holders |= 1u << o;
				if (o != me)
					st->comp += v;
			}
		}
	return 0;
}

/* The permits, fee and gold that building b on *st needs: rejects with
 * permit-count, permit-majority, same-size-fee, needless-fee,
 * not-enough-influence, not-enough-gold. */
static int afford(el_game *g, const el_build *b, const el_site *st, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	const el_btype *bt = &g->d->bt[b->type];
	if (st->npermit < bt->permits)
		return EL_REJ(rej, b->at_arg, EL_R_PERMIT_COUNT,
			      "a %s needs %u permit%s in its squares, and %s..%s holds %d",
			      bt->name, bt->permits, bt->permits == 1 ? "" : "s",
			      el_sq(g, b->x, b->y), el_sq(g, b->x + bt->w - 1, b->y + bt->h - 1),
			      st->npermit);
	if (!(st->holders & (1u << me)))
		return EL_REJ(rej, b->at_arg, EL_R_PERMIT_MAJORITY,
			      "%s has no permit in the squares of this %s", el_cname(g, me),
			      bt->name);
	for (unsigned o = st->holders & ~(1u << me); o; o &= o - 1) {
		int s = __builtin_ctz(o); /* the others with permits there, in seat order */
		if (st->val[s] >= st->val[me])
			return EL_REJ(
				rej, b->at_arg, EL_R_PERMIT_MAJORITY,
				"%s's permits there are worth %d and %s's %d: only a strictly higher value builds",
				el_cname(g, me), st->val[me], el_cname(g, s), st->val[s]);
	}
	if (st->same && b->fee < 0)
		return EL_REJ(
			rej, b->at_arg, EL_R_SAME_SIZE_FEE,
			"building over a building of the same size costs 3 influence cards of one colour (write 3r, 3b or 3g)");
	if (!st->same && b->fee >= 0)
		return EL_REJ(
			rej, b->at_fee, EL_R_NEEDLESS_FEE,
			"3 cards are paid only to build over a building of the same size, and this %s covers none",
			bt->name);
	if (b->fee >= 0 && g->view != EL_NOVIEW && ps->infl[0] < 3)
		return el_few_cards(g, me, 3, b->at_fee, rej);
	if (b->fee >= 0 && g->view == EL_NOVIEW && ps->infl[b->fee] < 3)
		return EL_REJ(rej, b->at_fee, EL_R_NOT_ENOUGH_INFLUENCE,
			      "%s holds %d %s influence card%s, not 3", el_cname(g, me),
			      ps->infl[b->fee], el_infl_names[b->fee],
			      ps->infl[b->fee] == 1 ? "" : "s");
	if (ps->gold < bt->cost + st->comp)
		return EL_REJ(rej, b->at, EL_R_NOT_ENOUGH_GOLD,
			      "a %s costs %u gold%s, and %s holds %d", bt->name,
			      bt->cost + st->comp,
			      st->comp ? " with the compensation for other permits" : "",
			      el_cname(g, me), ps->gold);

	return 0;
}

int el_build_building(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	const el_btype *bt = &d->bt[b->type];
	int id = building_tile(g, b, rej);
	if (id < 0)
		return -1;
	el_site site = { 0 }, *st = &site;
	if (survey(g, b, st, rej) < 0 || afford(g, b, st, rej) < 0)
		return -1;

	/* Pay, return the permits, clear the ground, place. */
	ps->gold = (int16_t)(ps->gold - bt->cost - st->comp);
	if (b->fee >= 0) {
		el_pay_infl(g, me, b->fee, 3);
		EL_VOP(g, VOP_PAY, me, b->fee, 3, b->at_fee);
	}
	for (int k = 0; k < st->npermit; k++) {
		int x = st->pm[k] & 15, y = st->pm[k] >> 4, pm = p->permit[y][x];
		int o = pm >> 3, v = pm & 7;
		p->seat[o].permits |= (uint8_t)(1u << v);
		if (o != me)
			p->seat[o].gold = (int16_t)(p->seat[o].gold + v);
		el_set_sq(g, p->permit, x, y, -1);
	}
	el_hutq q = { 0 };
	for (uint64_t c = st->covered; c; c &= c - 1) {
		int t = __builtin_ctzll(c);
		el_remove_tile(g, t, "built over",
			       el_hut_moves(g, d->bt[p->tile[t].type].size, bt->size), &q);
	}
	el_tile *nt = el_tile_w(g, id);
	nt->owner = (int8_t)me;
	nt->x = b->x;
	nt->y = b->y;
	nt->on = 1;
	nt->cubes = 0;
	el_tile_cells(g, id, (int8_t)id);
	for (int f = 0; f < bt->nflags && ps->cubes < 10 && !p->over; f++) {
		nt->cubes++;
		p->row_cubes[b->y + bt->flagdy[f]][me]++;
		arb_event *ev = EL_EVENT(g, "building", me, 1,
					 "%s builds a %s at %s and puts a cube on its flag",
					 el_cname(g, me), bt->name, el_sq(g, b->x, b->y));
		EL_EVENT_STR(ev, "building", bt->name);
		EL_EVENT_COPY(g, ev, "square", el_sq(g, b->x, b->y));
		el_cube_on(g, me);
	}
	int pts = st->mills;
	if (pts) {
		nt->trade = (uint8_t)pts;
		el_trade_move(g, me, pts, "");
	}
	if (!q.n && !b->nhut) /* no hut displaced, none written: nothing to move */
		return 0;
	return el_move_huts(g, b, &q, rej);
}
