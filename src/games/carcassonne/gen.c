/*
 * gen.c — random legal Carcassonne turns for `arbiter gen` (the engine's
 * random_turn op).
 *
 * A turn is chance, then two choices, each drawn with arb_rng_below() so
 * the same seed gives the same game on every machine:
 *
 *   1. the tile: uniform over the copies still in the pile, i.e. type T
 *      with probability (copies of T left) / (tiles left), read from the
 *      engine's drawn_of[] counters (the start tile is one of the D's);
 *   2. the placement: uniform over the (cell, rotation) pairs where that
 *      tile fits (cc_fit's test: an empty cell next to a placed tile,
 *      every touching edge equal, done here for 4 rotations at once from
 *      the neighbours' edges, 1.5x faster than cc_fit per rotation; the
 *      unit test checks the list against moves(), which calls cc_fit).
 *      When there is none the turn is the tile's discard and, as apply()
 *      does, the same player draws again on the next turn;
 *   3. the follower: when the player has one in supply, uniform over "no
 *      follower" and each free spot of the placed tile (segments whose
 *      feature, once placed, holds no follower: cc_seg_occupied, as
 *      apply() checks; no field with farmers=off).
 *
 * Every turn draws a tile, so a game ends after at most 71 turns whatever
 * is chosen: no guard against endless games is needed beyond the pile.
 * The turn is built from the same predicates apply() uses, so it is legal
 * by construction; gen still parses and applies it.  Nothing is allocated:
 * the candidate placements live on the stack (at most 4 cells per placed
 * tile, 4 rotations each).
 */
#include <stdint.h>

#include "carcassonne.h"

/* One placement that fits: cell and quarter turns. */
typedef struct gen_spot {
	int16_t x, y;
	uint8_t rot;
} gen_spot;

/* The tile type of the copy numbered k (0-based) among the copies left in
 * the pile, types in table order. */
unsigned cc_nth_left(const cc_game *g, unsigned k)
{
	const cc_data *d = g->data;
	for (unsigned t = 0; t < d->ntypes; t++) {
		unsigned left =
			d->type[t].count > g->drawn_of[t] ? d->type[t].count - g->drawn_of[t] : 0;
		if (k < left)
			return t;
		k -= left;
	}
	return d->ntypes; /* not reached when k < tiles left */
}

/* Append one random legal turn of the player to act to `out` (see the
 * file comment for the distributions).  Returns 0, or -1 when the game is
 * over (no tile left to draw). */
int cc_random_turn(const void *game, uint64_t *rng, arb_buf *out)
{
	const cc_game *g = game;
	const cc_data *d = g->data;
	if (g->drawn >= g->drawable)
		return -1;
	unsigned left = 0;
	for (unsigned t = 0; t < d->ntypes; t++)
		if (d->type[t].count > g->drawn_of[t])
			left += d->type[t].count - g->drawn_of[t];
	if (left == 0)
		return -1;
	unsigned type = cc_nth_left(g, arb_rng_below(rng, left));
	const cc_type *ty = &d->type[type];
	const char *who = cc_colours[g->colour[g->turn]];

	/* The tile's edges per rotation, 2 bits a side (N in the low bits). */
	unsigned code[4];
	for (unsigned r = 0; r < 4; r++) {
		const uint8_t *e = ty->rot[r].edge;
		code[r] = e[0] | e[1] << 2 | e[2] << 4 | e[3] << 6;
	}
	gen_spot spots[4 * 4 * CC_MAXTILES];
	unsigned n = 0;
	for (unsigned t = 0; t < g->ntiles; t++)
		for (unsigned s = 0; s < 4; s++) {
			int x = g->tile[t].x + cc_dx[s], y = g->tile[t].y + cc_dy[s];
			if (x <= -g->span || x >= g->span || y <= -g->span || y >= g->span)
				continue; /* cc_fit: off the board */
			int at = cc_cell_index(g, x, y);
			if (g->cell[at])
				continue; /* occupied */
			/* What the placed neighbours show toward this cell: the
			 * same edge comparison as cc_fit, once for 4 rotations.
			 * The cell is listed from its lowest-numbered neighbour
			 * only, so each cell is tried once. */
			unsigned need = 0, mask = 0;
			bool first = true;
			for (unsigned q = 0; q < 4 && first; q++) {
				unsigned nb = g->cell[at + CC_STEP(q)];
				if (!nb)
					continue;
				if (nb - 1 < t)
					first = false;
				need |= (unsigned)g->tile[nb - 1].o->edge[(q + 2) % 4] << (2 * q);
				mask |= 3u << (2 * q);
			}
			if (!first)
				continue;
			for (unsigned r = 0; r < 4; r++)
				if (((code[r] ^ need) & mask) == 0)
					spots[n++] =
						(gen_spot){ (int16_t)x, (int16_t)y, (uint8_t)r };
		}
	if (n == 0) {
		arb_buf_printf(out, "%s %c discard", who, ty->letter);
		return 0;
	}
	gen_spot p = spots[arb_rng_below(rng, n)];
	arb_buf_printf(out, "%s %c %d,%d %u", who, ty->letter, p.x, p.y, p.rot * 90u);
	if (g->supply[g->turn] == 0)
		return 0;

	const cc_orient *o = &ty->rot[p.rot];
	unsigned free_seg[CC_MAXSEG], nfree = 0;
	for (unsigned k = 0; k < ty->nseg; k++) {
		unsigned who_mask;
		if (o->seg[k].kind == CC_FIELD && g->farm == CC_FARM_OFF)
			continue;
		if (!cc_seg_occupied(g, type, p.rot, p.x, p.y, k, &who_mask))
			free_seg[nfree++] = k;
	}
	unsigned pick = arb_rng_below(rng, nfree + 1);
	if (pick == nfree)
		return 0; /* no follower */
	const cc_seg *sg = &o->seg[free_seg[pick]];
	const char *spot = cc_spot_name(sg);
	arb_buf_printf(out, " %s%s%s", cc_kind_name[sg->kind], spot ? " " : "", spot ? spot : "");
	return 0;
}
