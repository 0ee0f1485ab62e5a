/*
 * moves.c — the legal choices of the player to act, for `arbiter moves`.
 *
 * A whole Elasund turn combines a ship choice, up to two builds, hut
 * moves, a permit or 2 gold and a special action: the complete turn lines
 * run into the millions, so this lists every single choice instead, each
 * as a complete legal turn line that makes that one choice and otherwise
 * takes the plainest path (no build, `gold`, no special action):
 *
 *   - the roll and everything chance decided come from `next`, the
 *     record's next line (without it nothing is listed: the dice are not
 *     known); the pirate discards and shortage cards are taken from it too;
 *   - each building at each square (displaced huts, each owner's hut
 *     before its long hut, go to the first legal squares in reading order;
 *     with huts=bigger a hut covered by a build no bigger leaves the game
 *     and has no move), each wall space, the church, each with
 *     `gold` — or with nothing after it when its cube wins (U15); wall
 *     draws and church tiles come from `next` when it has them, otherwise
 *     from the first colours the deck allows after the line's income and
 *     the first tiles the stack allows;
 *   - `gold`, each permit on each square, and each special action after
 *     `gold`.
 *
 * Each way to pay is a choice of its own (notation/elasund.md): a build,
 * a permit, a move or a raise is listed once per fee it can legally be
 * paid with (no fee, 3r/3b/3g, 2r/2b/2g), never just the first.
 *
 * Every candidate is played on a scratch copy of the position, so a line
 * is listed only when apply() accepts it.  This runs once per command, not
 * per move, so it may allocate and try thousands of candidates.
 */
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "elasund.h"

typedef struct lister {
	const el_game *g;
	el_game *scratch;
	arb_buf buf;
	void (*emit)(void *ctx, const char *move);
	void *ctx;
	size_t n;
} lister;

/* Emit `m` when it is legal from the current position. */
static bool offer(lister *l, const el_move *m)
{
	arb_reject rej;
	el_scratch(l->scratch, l->g);
	if (el_apply(l->scratch, m, NULL, &rej) < 0)
		return false;
	arb_buf_reset(&l->buf);
	el_format(l->g, m, &l->buf);
	l->emit(l->ctx, l->buf.p);
	l->n++;
	return true;
}

/* A displaced hut may go to (x,y) (rule hut-square). */
static bool empty_for_hut(const el_game *g, int x, int y)
{
	return el_empty_sq(g, x, y) && !g->L->mills[y][x];
}

/* Emit build line `m` (one build, then gold) when legal; when its cube
 * wins, the line ends with the build (U15: no hut moves, no phase 3). */
static bool offer_build(lister *l, const el_move *m)
{
	if (offer(l, m))
		return true;
	el_move won = *m;
	won.p3 = 0;
	won.build[0].nhut = 0;
	return offer(l, &won);
}

/* Fill the hut moves of build b of `size` squares: every hut under the
 * footprint (x0, y0, w, h) that moves (el_hut_moves: with huts=bigger a
 * hut covered by a build no bigger leaves the game without a move), in
 * the engine's order, each to the first free square. */
static void plan_huts(const el_game *g, el_build *b, int x0, int y0, int w, int h, int size)
{
	const el_pos *p = &g->pos;
	int ids[EL_MAXHUT], n = 0;
	bool used[EL_H][EL_W] = { { false } };
	for (int dy = 0; dy < h; dy++)
		for (int dx = 0; dx < w; dx++) {
			int t = p->bld[y0 + dy][x0 + dx];
			used[y0 + dy][x0 + dx] = true;
			if (t < 0 || g->d->bt[p->tile[t].type].kind != K_HUT ||
			    !el_hut_moves(g, g->d->bt[p->tile[t].type].size, size))
				continue;
			bool dup = false;
			for (int k = 0; k < n; k++)
				dup |= ids[k] == t;
			if (!dup && n < EL_MAXHUT)
				ids[n++] = t;
		}
	b->nhut = 0;
	for (unsigned j = 0; j < g->nseats; j++) {
		int s = (p->active + (int)j) % (int)g->nseats;
		for (int kind = B_HUT; kind <= B_LONGHUT; kind++)
			for (int k = 0; k < n; k++) {
				const el_tile *t = &p->tile[ids[k]];
				if (t->owner != s || t->type != kind)
					continue;
				el_hutmv *hm = &b->hut[b->nhut++];
				hm->seat = (uint8_t)s;
				hm->lng = kind == B_LONGHUT;
				hm->x = hm->y = -1;
				for (int y = 0; y < EL_H && hm->x < 0; y++)
					for (int x = 0; x < g->L->cols && hm->x < 0; x++) {
						bool ok = !used[y][x] && empty_for_hut(g, x, y);
						if (ok && kind == B_LONGHUT)
							ok = y + 1 < EL_H && !used[y + 1][x] &&
							     empty_for_hut(g, x, y + 1);
						if (!ok)
							continue;
						hm->x = (int8_t)x;
						hm->y = (int8_t)y;
						used[y][x] = true;
						if (kind == B_LONGHUT)
							used[y + 1][x] = true;
					}
			}
	}
}

/* Every building on every square, each with each fee (the builds are
 * offered followed by gold). */
static void offer_buildings(lister *l, const el_move *base)
{
	const el_game *g = l->g;
	el_move m;
	for (int t = 0; t < B_HUT; t++)
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++) {
				const el_btype *bt = &g->d->bt[t];
				if (x + bt->w > g->L->cols || y + bt->h > EL_H)
					continue;
				m = *base;
				m.nbuild = 1;
				el_build *b = &m.build[0];
				memset(b, 0, sizeof *b);
				b->kind = BK_BUILDING;
				b->type = (uint8_t)t;
				b->x = (int8_t)x;
				b->y = (int8_t)y;
				b->ctile = b->cret = -1;
				plan_huts(g, b, x, y, bt->w, bt->h, bt->size);
				for (int fee = -1; fee < NINFL; fee++) {
					b->fee = (int8_t)fee;
					offer_build(l, &m);
				}
			}
}

/* Every free wall space; a wall tile that draws takes the next line's draws
 * or the first colours the deck can give after `after`'s income. */
static void offer_walls(lister *l, const el_move *base, const el_build *nb, const el_pos *after)
{
	const el_game *g = l->g;
	const el_seat *me = &g->pos.seat[g->pos.active];
	el_move m;
	for (int li = 0; li < 3 && me->walls < EL_NWALL; li++)
		for (int k = 0; k < g->L->nline[li]; k++) {
			m = *base;
			m.nbuild = 1;
			el_build *b = &m.build[0];
			memset(b, 0, sizeof *b);
			b->kind = BK_WALL;
			b->wline = (uint8_t)li;
			b->widx = g->L->line[li][k];
			b->fee = b->ctile = b->cret = -1;
			int rw = g->d->wall[me->walls];
			if (rw != W_TOWER) {
				b->has_draw = true;
				if (nb && nb->has_draw) {
					b->ndraw = nb->ndraw;
					memcpy(b->draw, nb->draw, sizeof b->draw);
				} else {
					/* the first colours the deck can give
					 * after this line's income */
					int16_t deck[NINFL], disc[NINFL];
					memcpy(deck, after->deck, sizeof deck);
					memcpy(disc, after->disc, sizeof disc);
					for (int d = 0; d < (rw == W_INF1 ? 1 : 2); d++) {
						if (deck[0] + deck[1] + deck[2] == 0)
							for (int c = 0; c < NINFL; c++) {
								deck[c] = disc[c];
								disc[c] = 0;
							}
						for (int c = 0; c < NINFL; c++)
							if (deck[c] > 0) {
								deck[c]--;
								b->draw[b->ndraw++] = (int8_t)c;
								break;
							}
					}
				}
				if (!b->ndraw)
					b->has_draw = false;
			}
			offer_build(l, &m);
		}
}

/* The next church tile (the next line's, or the first the stack gives). */
static void offer_church(lister *l, const el_move *base, const el_build *nc)
{
	const el_game *g = l->g;
	const el_pos *p = &g->pos;
	el_move m;
	if (p->church_left) {
		m = *base;
		m.nbuild = 1;
		el_build *b = &m.build[0];
		memset(b, 0, sizeof *b);
		b->kind = BK_CHURCH;
		b->fee = -1;
		b->ctile = b->cret = -1;
		if (nc) {
			b->ctile = nc->ctile;
			b->cret = nc->cret;
		} else {
			for (int k = 0; k < EL_NCHURCH; k++)
				if ((p->church_left >> k & 1) &&
				    (k != p->church_bottom ||
				     !(p->church_left & (p->church_left - 1)))) {
					if (b->ctile < 0)
						b->ctile = (int8_t)k;
					else if (p->corg_x < 0 && b->cret < 0)
						b->cret = (int8_t)k;
				}
		}
		int x = p->corg_x < 0 ? g->d->found_x : p->corg_x + b->ctile % 3;
		int y = p->corg_x < 0 ? g->d->found_y : p->corg_y + b->ctile / 3;
		if (b->ctile >= 0) {
			plan_huts(g, b, x, y, 1, 1, 1);
			offer_build(l, &m);
		}
	}
}

/* Phase 3 (permits) and phase 4 (the special actions) after gold. */
static void offer_permits_and_specials(lister *l, const el_move *base)
{
	const el_game *g = l->g;
	const el_pos *p = &g->pos;
	el_move m;
	for (int v = 0; v < EL_NPERMIT; v++)
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++)
				for (int fee = -1; fee < NINFL; fee++) {
					m = *base;
					m.p3 = 2;
					m.p3v = (int8_t)v;
					m.p3x = (int8_t)x;
					m.p3y = (int8_t)y;
					m.p3fee = (int8_t)fee;
					offer(l, &m);
				}

	/* phase 4 after gold */
	m = *base;
	m.sp = SP_CASH;
	offer(l, &m);
	for (int v = 0; v < EL_NPERMIT; v++)
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++) {
				m = *base;
				m.sp = SP_PLACE;
				m.spv = (int8_t)v;
				m.spx = (int8_t)x;
				m.spy = (int8_t)y;
				offer(l, &m);
			}
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < g->L->cols; x++) {
			int pm = p->permit[y][x];
			if (pm < 0 || (pm >> 3) != p->active)
				continue;
			for (int fee = 0; fee < NINFL; fee++) {
				bool any = false;
				for (int v = 0; v < EL_NPERMIT; v++) {
					m = *base;
					m.sp = SP_RAISE;
					m.spx = (int8_t)x;
					m.spy = (int8_t)y;
					m.spv = (int8_t)v;
					m.spfee = (int8_t)fee;
					any |= offer(l, &m);
				}
				for (int y2 = 0; y2 < EL_H; y2++)
					for (int x2 = 0; x2 < g->L->cols; x2++) {
						m = *base;
						m.sp = SP_MOVE;
						m.spx = (int8_t)x;
						m.spy = (int8_t)y;
						m.spx2 = (int8_t)x2;
						m.spy2 = (int8_t)y2;
						m.spfee = (int8_t)fee;
						any |= offer(l, &m);
					}
				(void)any;
			}
		}
}

size_t el_moves(const void *game, const void *next, void (*emit)(void *ctx, const char *move),
		void *ctx)
{
	const el_game *g = game;
	const el_move *nx = next;
	if (!nx || g->pos.over || g->no_hands || nx->seat != g->pos.active)
		return 0;
	lister l = { .g = g, .emit = emit, .ctx = ctx };
	l.scratch = arb_xmalloc(sizeof *l.scratch);
	l.scratch->world = NULL; /* el_scratch gives it worlds of its own */
	l.scratch->nworld = 0;
	el_move base = *nx;
	base.nbuild = 0;
	base.p3 = 1;
	base.sp = SP_NONE;
	const el_pos *p = &g->pos;

	offer(&l, &base);

	/* builds, each followed by gold */
	offer_buildings(&l, &base);
	/* The position after the line's chance part (and gold): its deck
	 * is the one a wall draws from. */
	el_scratch(l.scratch, g);
	arb_reject rej;
	const el_pos *after = el_apply(l.scratch, &base, NULL, &rej) == 0 ? &l.scratch->pos : p;
	el_pos after_copy = *after;
	after = &after_copy;
	const el_build *nb = NULL, *nc = NULL;
	for (int k = 0; k < nx->nbuild; k++) {
		if (nx->build[k].kind == BK_WALL && !nb)
			nb = &nx->build[k];
		if (nx->build[k].kind == BK_CHURCH && !nc)
			nc = &nx->build[k];
	}
	offer_walls(&l, &base, nb, after);
	offer_church(&l, &base, nc);

	/* phase 3: permits */
	offer_permits_and_specials(&l, &base);
	arb_buf_free(&l.buf);
	el_view_free(l.scratch);
	free(l.scratch);
	return l.n;
}
