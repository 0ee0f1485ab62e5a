/*
 * moves.c — legal move generation: where a drawn tile fits, and which
 * follower spots each placement leaves open.  Used by apply() to verify a
 * discard (a tile may only be discarded when it fits nowhere), by the
 * `moves` command, and by test and fuzz harnesses that play random games.
 *
 * The candidate cells are the empty neighbours of placed tiles (at most
 * 4 x 72); each is tried in 4 rotations.  This is a few thousand edge
 * comparisons, run only on a discard or when moves are asked for, never on
 * an ordinary turn.
 */
#include <stdio.h>
#include <stdlib.h>

#include "carcassonne.h"

/* (carcassonne.h) */
bool cc_placeable(const cc_game *g, unsigned type, int *x, int *y, unsigned *rot)
{
	for (unsigned t = 0; t < g->ntiles; t++)
		for (unsigned s = 0; s < 4; s++) {
			int cx = g->tile[t].x + cc_dx[s], cy = g->tile[t].y + cc_dy[s];
			for (unsigned r = 0; r < 4; r++) {
				int side;
				if (cc_fit(g, type, r, cx, cy, &side) == CC_FITS) {
					*x = cx;
					*y = cy;
					*rot = r;
					return true;
				}
			}
		}
	return false;
}

typedef struct cell_xy {
	int x, y;
} cell_xy;

static int cmp_cell(const void *a, const void *b)
{
	const cell_xy *p = a, *q = b;
	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	return (p->x > q->x) - (p->x < q->x);
}

/* Emit every legal move with tile `type` for the player to act; the
 * discard when there is none.  Returns the number emitted. */
static size_t moves_of(const cc_game *g, unsigned type, cell_xy *cells,
		       void (*emit)(void *ctx, const char *move), void *ctx)
{
	const cc_type *ty = &g->data->type[type];
	const char *who = cc_colours[g->colour[g->turn]];
	size_t n = 0, emitted = 0;
	for (unsigned t = 0; t < g->ntiles; t++)
		for (unsigned s = 0; s < 4; s++) {
			int cx = g->tile[t].x + cc_dx[s], cy = g->tile[t].y + cc_dy[s];
			if (cc_tile_at(g, cx, cy) < 0)
				cells[n++] = (cell_xy){ cx, cy };
		}
	qsort(cells, n, sizeof *cells, cmp_cell);
	char line[96];
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && !cmp_cell(&cells[i], &cells[i - 1]))
			continue;
		int x = cells[i].x, y = cells[i].y;
		for (unsigned r = 0; r < 4; r++) {
			int side;
			if (cc_fit(g, type, r, x, y, &side) != CC_FITS)
				continue;
			snprintf(line, sizeof line, "%s %c %d,%d %u", who, ty->letter, x, y,
				 r * 90);
			emit(ctx, line);
			emitted++;
			if (g->supply[g->turn] == 0)
				continue;
			const cc_orient *o = &ty->rot[r];
			for (unsigned k = 0; k < ty->nseg; k++) {
				const cc_seg *sg = &o->seg[k];
				unsigned occ;
				if (sg->kind == CC_FIELD && g->farm == CC_FARM_OFF)
					continue;
				if (cc_seg_occupied(g, type, r, x, y, k, &occ))
					continue;
				const char *spot = cc_spot_name(sg);
				snprintf(line, sizeof line, "%s %c %d,%d %u %s%s%s", who,
					 ty->letter, x, y, r * 90, cc_kind_name[sg->kind],
					 spot ? " " : "", spot ? spot : "");
				emit(ctx, line);
				emitted++;
			}
		}
	}
	if (emitted == 0) {
		snprintf(line, sizeof line, "%s %c discard", who, ty->letter);
		emit(ctx, line);
		emitted++;
	}
	return emitted;
}

/* (carcassonne.h) The moves op: every legal turn with the drawn tile
 * (`next`'s), or with every tile left when `next` is NULL. */
size_t cc_moves(const void *game, const void *next, void (*emit)(void *ctx, const char *move),
		void *ctx)
{
	const cc_game *g = game;
	const cc_move *m = next;
	if (g->drawn >= g->drawable)
		return 0;
	cell_xy *cells = malloc(4 * (g->ntiles + 1) * sizeof *cells);
	if (!cells)
		return 0;
	size_t n = 0;
	for (unsigned type = 0; type < g->data->ntypes; type++) {
		if (m && m->type != type)
			continue;
		if (g->drawn_of[type] >= g->data->type[type].count)
			continue;
		n += moves_of(g, type, cells, emit, ctx);
	}
	free(cells);
	return n;
}
