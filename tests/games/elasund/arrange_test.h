/*
 * arrange_test.h — what Elasund's rules tests (test_rules.c, the rules
 * of play; test_tags_and_notation.c, the tags and the words of a line)
 * share: arranging a position by hand through the engine's private
 * struct (elasund.h) — a permit or a free tile put on a square, what
 * stands on a square, cards given from the bank and the deck — and a
 * brute-force recount of the cubes against the engine's counters.
 * Split from test_rules.c, which had grown past 900 lines.
 */
#ifndef ARRANGE_TEST_H
#define ARRANGE_TEST_H

#include "elasund_test.h"

static inline void put_permit(tg_game *t, int seat, int v, const char *s)
{
	int x, y;
	tg_xy(s, &x, &y);
	assert_true(t->g->pos.seat[seat].permits & (1u << v));
	t->g->pos.seat[seat].permits &= (uint8_t) ~(1u << v);
	t->g->pos.permit[y][x] = (int8_t)(seat * 8 + v);
}

/* Put a free tile of `type` for `seat` at square s with its cubes. */
static inline int put_tile(tg_game *t, int type, int seat, const char *s)
{
	el_game *g = t->g;
	int x, y, id = -1;
	tg_xy(s, &x, &y);
	if (type == B_HOUSE || type == B_WORKSHOP)
		id = g->nneutral + 4 * seat + (type == B_HOUSE ? 0 : 1);
	else
		for (int i = 0; i < g->nneutral; i++)
			if (g->pos.tile[i].type == type && !g->pos.tile[i].on) {
				id = i;
				break;
			}
	assert_true(id >= 0);
	el_tile *tl = &g->pos.tile[id];
	const el_btype *bt = &g->d->bt[type];
	tl->owner = (int8_t)seat;
	tl->x = (int8_t)x;
	tl->y = (int8_t)y;
	tl->on = 1;
	tl->cubes = bt->nflags;
	g->pos.seat[seat].cubes = (uint8_t)(g->pos.seat[seat].cubes + bt->nflags);
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++) {
			assert_int_equal(g->pos.bld[y + dy][x + dx], -1);
			g->pos.bld[y + dy][x + dx] = (int8_t)id;
		}
	el_row_income(&g->pos, tl, bt, 1);
	return id;
}

static inline int tile_at(tg_game *t, const char *s)
{
	int x, y;
	tg_xy(s, &x, &y);
	return t->g->pos.bld[y][x];
}

static inline int permit_at(tg_game *t, const char *s)
{
	int x, y;
	tg_xy(s, &x, &y);
	return t->g->pos.permit[y][x];
}

/* Give a seat cards from the bank/deck (keeps the card count exact). */
static inline void give(tg_game *t, int seat, int gold, int r, int b, int gr)
{
	el_pos *p = &t->g->pos;
	int v[3] = { r, b, gr };
	p->seat[seat].gold = (int16_t)(p->seat[seat].gold + gold);
	for (int k = 0; k < 3; k++) {
		assert_true(p->deck[k] >= v[k]);
		p->deck[k] = (int16_t)(p->deck[k] - v[k]);
		p->seat[seat].infl[k] = (int16_t)(p->seat[seat].infl[k] + v[k]);
	}
}

/* Brute-force recount of every seat's cubes from what is on the board. */
static inline void recount(tg_game *t)
{
	el_game *g = t->g;
	for (unsigned s = 0; s < g->nseats; s++) {
		int n = 0;
		for (int i = 0; i < g->nneutral; i++)
			if (g->pos.tile[i].on && g->pos.tile[i].owner == (int)s)
				n += g->pos.tile[i].cubes;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < EL_W; x++)
				if (g->pos.church[y][x] >= 0 &&
				    g->pos.church_owner[g->pos.church[y][x]] == (int)s)
					n++;
		for (int li = 0; li < 3; li++)
			for (int k = 0; k < EL_MAXWALL; k++)
				if (g->pos.wall[li][k] == s + 1 + 16)
					n++;
		for (int f = 0; f < 16; f++)
			if (g->pos.seat[s].flags & (1u << f))
				n++;
		arb_standing st;
		OPS->standing(g, &st);
		assert_int_equal(st.score[s], n);
	}
}

#endif
