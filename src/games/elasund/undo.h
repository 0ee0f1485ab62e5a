/*
 * undo.h — how a turn is undone (rules.c): the inline helpers through
 * which every write to the position's boards and tiles goes, saving a
 * board row or a tile the first time a turn writes it, so that a refused
 * turn puts back only what it touched.  Included by elasund.h, after the
 * types and declarations these helpers use; apart from it for size.
 */
#ifndef ARB_ELASUND_UNDO_H
#define ARB_ELASUND_UNDO_H

#include "elasund.h"

_Static_assert(EL_MAXTILES <= 64, "tile_saved holds a bit per tile");
_Static_assert(3 * EL_H <= 32, "row_saved holds a bit per board row");

/* Save row y of `board` (pos.bld, .permit or .church) the first time the
 * turn writes it: a row is 9 bytes, one or two moves, and a turn writes a
 * few rows (a permit one, a building its height).  Every write to a board
 * during apply() goes through el_set_sq(), or follows el_save_row(). */
static inline void el_save_row(el_game *g, int8_t (*board)[EL_W], int y)
{
	int k = board == g->pos.bld ? 0 : board == g->pos.permit ? 1 : 2;
	uint32_t bit = 1u << (k * EL_H + y);
	if (!(g->row_saved & bit)) {
		g->row_saved |= bit;
		memcpy(g->board_old[k][y], board[y], EL_W);
	}
}

/* Write square (x,y) of `board`, saving its row first. */
static inline void el_set_sq(el_game *g, int8_t (*board)[EL_W], int x, int y, int8_t v)
{
	el_save_row(g, board, y);
	board[y][x] = v;
}

/* Before the first write of a turn to the church stack and origin,
 * church_owner, wall or flagused. */
static inline void el_save_rare(el_game *g)
{
	if (!g->rare_saved) {
		g->rare_saved = true;
		memcpy(g->save_rare, (char *)&g->pos + offsetof(el_pos, church_left), EL_POS_RARE);
	}
}

/* Tile `id` for writing: saved the first time the turn changes it.  Every
 * write to a tile during apply() goes through a pointer from here. */
static inline el_tile *el_tile_w(el_game *g, int id)
{
	uint64_t bit = 1ull << id;
	if (!(g->tile_saved & bit)) {
		g->tile_saved |= bit;
		g->tile_old[id] = g->pos.tile[id];
	}
	return &g->pos.tile[id];
}

/* Count tile t (of type bt) in pos.row_inc, and the cubes on it in
 * pos.row_cubes: delta 1 as it goes on the board, -1 as it comes off.
 * For a tile put down whole (a Setup tag, a test's position); a turn
 * moves the counts itself (el_tile_cells, the build's flags). */
static inline void el_row_income(el_pos *p, const el_tile *t, const el_btype *bt, int delta)
{
	for (int f = 0; f < t->cubes; f++) {
		uint8_t *n = &p->row_cubes[t->y + bt->flagdy[f]][t->owner];
		*n = (uint8_t)(*n + delta);
	}
	if (bt->income == INC_NONE)
		return;
	for (int dy = 0; dy < bt->h; dy++) {
		uint8_t *n = &p->row_inc[t->y + dy][bt->income - INC_GOLD][t->owner];
		*n = (uint8_t)(*n + delta);
	}
}

/* Write `v` into the board squares tile `id` covers (its rows saved):
 * the tile's id as it goes on the board, -1 as it comes off; its income
 * rows (el_row_income) move in the same pass.  Forced inline: every
 * build, removal and hut move writes cells, and a call cost a fifth. */
static inline __attribute__((always_inline)) void el_tile_cells(el_game *g, int id, int8_t v)
{
	const el_tile *t = &g->pos.tile[id];
	const el_btype *bt = &g->d->bt[t->type];
	const int h = bt->h, w = bt->w, x = t->x, y0 = t->y;
	const int kind = bt->income - INC_GOLD, owner = t->owner;
	const uint8_t delta = (uint8_t)(v >= 0 ? 1 : -1);
	if (bt->income != INC_NONE && !g->inc_saved) {
		g->inc_saved = true;
		memcpy(g->inc_old, g->pos.row_inc, sizeof g->inc_old);
	}
	for (int y = y0; y < y0 + h; y++) {
		uint32_t bit = 1u << y; /* el_save_row of pos.bld: k = 0 */
		if (!(g->row_saved & bit)) {
			g->row_saved |= bit;
			memcpy(g->board_old[0][y], g->pos.bld[y], EL_W);
		}
		int8_t *row = &g->pos.bld[y][x];
		switch (w) { /* at most 3 wide: unrolled, as every build writes */
		case 3:
			row[2] = v;
			/* fall through */
		case 2:
			row[1] = v;
			/* fall through */
		default:
			row[0] = v;
		}
		if (kind >= 0)
			g->pos.row_inc[y][kind][owner] =
				(uint8_t)(g->pos.row_inc[y][kind][owner] + delta);
	}
}

/* Pay n influence cards of colour c of seat s to the discard pile. */
static inline void el_pay_infl(el_game *g, int s, int c, int n)
{
	c = EL_CI(g, c);
	assert(g->pos.seat[s].infl[c] >= n);
	g->pos.seat[s].infl[c] = (int16_t)(g->pos.seat[s].infl[c] - n);
	g->pos.disc[c] = (int16_t)(g->pos.disc[c] + n);
}

#endif /* ARB_ELASUND_UNDO_H */
