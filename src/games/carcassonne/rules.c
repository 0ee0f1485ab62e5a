/*
 * rules.c — apply(): checking and playing one Carcassonne turn, rule by
 * rule (notation/carcassonne.md, "Rules enforced, with their ids").
 *
 * A turn draws a tile (chance, written in the record), then either
 * discards it — only when it fits nowhere, and the same player draws
 * again — or places it where it continues every edge it touches,
 * optionally with a follower from the supply on a free feature of it.
 * Every check runs before the first write, so a rejected turn leaves the
 * game untouched; the placement itself (joining features, scoring what
 * completes) is cc_place_at() in carcassonne.h, inlined here so a turn
 * reads its neighbours once and makes no call for it.
 */
#include <stdio.h>

#include "carcassonne.h"

static const char *const edge_word[3] = { "a field", "a road", "a city" };

/* May m's player draw m's tile now?  Rejects CC_R_GAME_OVER,
 * CC_R_TURN_ORDER, CC_R_TILE_SUPPLY. */
static int check_draw(const cc_game *g, const cc_move *m, arb_reject *rej)
{
	const cc_data *d = g->data;
	const cc_type *ty = &d->type[m->type];
	if (g->drawn >= g->drawable) /* the tool stops before; be safe */
		return cc_reject(rej, CC_R_GAME_OVER, m->line, m->col_colour,
				 "the game is over: all %u tiles have been drawn", g->drawable);
	if (m->seat != g->turn)
		return cc_reject(rej, CC_R_TURN_ORDER, m->line, m->col_colour,
				 "it is %s's turn, not %s's", cc_colours[g->colour[g->turn]],
				 cc_colours[g->colour[m->seat]]);
	if (g->drawn_of[m->type] >= ty->count && ty->count == 1)
		return cc_reject(rej, CC_R_TILE_SUPPLY, m->line, m->col_tile,
				 "%s cannot draw tile %c: the only tile %c is already drawn%s",
				 cc_colours[g->colour[m->seat]], ty->letter, ty->letter,
				 m->type == d->start ? " (it is the start tile)" : "");
	if (g->drawn_of[m->type] >= ty->count)
		return cc_reject(rej, CC_R_TILE_SUPPLY, m->line, m->col_tile,
				 "%s cannot draw tile %c: all %u tiles %c are already drawn%s",
				 cc_colours[g->colour[m->seat]], ty->letter, (unsigned)ty->count,
				 ty->letter,
				 m->type == d->start ? " (the start tile is one of them)" : "");
	return 0;
}

/* Discard m's tile, which must fit nowhere; the same player draws again.
 * Rejects CC_R_DISCARD_PLACEABLE. */
static int play_discard(cc_game *g, const cc_move *m, arb_reject *rej)
{
	int x, y;
	unsigned rot;
	if (cc_placeable(g, m->type, &x, &y, &rot))
		return cc_reject(rej, CC_R_DISCARD_PLACEABLE, m->line, m->col_pos,
				 "tile %c fits on the board (for example at %d,%d rotated "
				 "%u), so it may not be discarded",
				 g->data->type[m->type].letter, x, y, rot * 90);
	g->drawn_of[m->type]++;
	g->drawn++;
	g->ndiscards++;
	g->moves++;
	return 0;
}

/* The fix a player needs after an edge mismatch: "it fits there rotated
 * 90 or 270", or "no rotation of it fits there", into out. */
static void fitting_rotations(const cc_game *g, const cc_type *ty, int at, char *out, size_t cap)
{
	unsigned rots[4], n = 0;
	for (unsigned r = 0; r < 4; r++) {
		uint8_t nb[4];
		int side = 0;
		if (cc_fit_at(g, &ty->rot[r], at, nb, &side) == CC_FITS)
			rots[n++] = r * 90u;
	}
	if (n == 0) {
		snprintf(out, cap, "no rotation of it fits there");
		return;
	}
	int w = snprintf(out, cap, "it fits there rotated %u", rots[0]);
	for (unsigned i = 1; i < n && w > 0 && (size_t)w < cap; i++)
		w += snprintf(out + w, cap - (size_t)w, "%s%u", i + 1 == n ? " or " : ", ",
			      rots[i]);
}

/* Does m's tile, turned as o, fit at m's cell?  *at gets the cell and
 * nb[] its neighbours (cc_fit_at).  Rejects CC_R_OCCUPIED,
 * CC_R_NOT_ADJACENT, CC_R_EDGE_MISMATCH. */
static int check_spot(const cc_game *g, const cc_move *m, const cc_orient *o, int *at,
		      uint8_t nb[4], arb_reject *rej)
{
	const cc_data *d = g->data;
	const cc_type *ty = &d->type[m->type];
	int side = 0;
	unsigned bad = CC_R_NOT_ADJACENT;
	if (cc_inside(g, m->x, m->y)) {
		*at = cc_cell_index(g, m->x, m->y);
		bad = cc_fit_at(g, o, *at, nb, &side);
	}
	if (bad == CC_FITS)
		return 0;
	if (bad == CC_R_OCCUPIED) {
		int t = cc_tile_at(g, m->x, m->y);
		return cc_reject(rej, bad, m->line, m->col_pos,
				 "there is already a tile at %d,%d (tile %c)", m->x, m->y,
				 d->type[g->tile[t].type].letter);
	}
	if (bad == CC_R_NOT_ADJACENT)
		return cc_reject(rej, bad, m->line, m->col_pos,
				 "tile %c at %d,%d touches no tile: it must share a side "
				 "with a placed tile",
				 ty->letter, m->x, m->y);
	int nx = m->x + cc_dx[side], ny = m->y + cc_dy[side];
	unsigned mine = o->edge[side];
	unsigned theirs = cc_orient_of(g, (unsigned)cc_tile_at(g, nx, ny))->edge[(side + 2) % 4];
	char fits[64];
	fitting_rotations(g, ty, *at, fits, sizeof fits);
	return cc_reject(rej, CC_R_EDGE_MISMATCH, m->line, m->col_pos,
			 "tile %c at %d,%d rotated %u: its %s edge is %s but the tile "
			 "at %d,%d shows %s there; %s",
			 ty->letter, m->x, m->y, m->rot * 90u, cc_side_word[side], edge_word[mine],
			 nx, ny, edge_word[theirs], fits);
}

/* May m's follower (if any) go where it says, the tile turned as o with
 * neighbours nb[]?  Rejects CC_R_FARMERS_OFF, CC_R_FOLLOWER_SUPPLY,
 * CC_R_FEATURE_OCCUPIED. */
static int check_follower(const cc_game *g, const cc_move *m, const cc_orient *o,
			  const uint8_t nb[4], arb_reject *rej)
{
	if (m->fkind == CC_KNONE)
		return 0;
	unsigned occ;
	if (m->fkind == CC_FIELD && g->farm == CC_FARM_OFF)
		return cc_reject(rej, CC_R_FARMERS_OFF, m->line, m->col_follower,
				 "this game is played without farmers (Variant "
				 "farmers=off): no follower may go on a field");
	if (g->supply[m->seat] == 0)
		return cc_reject(rej, CC_R_FOLLOWER_SUPPLY, m->line, m->col_follower,
				 "%s has no follower left in supply: "
				 "all %u are on the board",
				 cc_colours[g->colour[m->seat]], g->data->followers);
	if (cc_seg_occupied_nb(g, o, nb, (unsigned)m->seg, &occ)) {
		char owners[64];
		arb_seat_list(owners, sizeof owners, cc_colours, g->colour, g->nseats, occ, false);
		return cc_reject(rej, CC_R_FEATURE_OCCUPIED, m->line, m->col_follower,
				 "the %s at %s of tile %c at %d,%d "
				 "joins a %s that already holds a follower (%s)",
				 cc_kind_name[m->fkind],
				 m->fkind == CC_FIELD ? cc_half_name[m->spot]
						      : cc_side_name[m->spot],
				 g->data->type[m->type].letter, m->x, m->y, cc_kind_name[m->fkind],
				 owners);
	}
	return 0;
}

/* Every check of a placement in the order of the rule table, with its
 * message; *at and nb[] get the cell and its neighbours.  For the turns
 * turn_fits() does not pass, so kept off the hot path. */
static __attribute__((noinline, cold)) int check_all(const cc_game *g, const cc_move *m,
						     const cc_orient *o, int *at, uint8_t nb[4],
						     arb_reject *rej)
{
	if (check_draw(g, m, rej) < 0 || check_spot(g, m, o, at, nb, rej) < 0 ||
	    check_follower(g, m, o, nb, rej) < 0)
		return -1;
	return 0;
}

/* True when placement m, its tile turned as o, breaks no rule: what
 * check_draw(), check_spot() and check_follower() pass, tested without
 * their messages (check_all() finds the rule broken).  *at and nb[] get
 * the cell and its neighbours. */
static inline bool turn_fits(const cc_game *g, const cc_move *m, const cc_orient *o, int *at,
			     uint8_t nb[4])
{
	int side;
	if (g->drawn >= g->drawable || m->seat != g->turn ||
	    g->drawn_of[m->type] >= g->data->type[m->type].count || !cc_inside(g, m->x, m->y))
		return false;
	*at = cc_cell_index(g, m->x, m->y);
	if (cc_fit_at(g, o, *at, nb, &side) != CC_FITS)
		return false;
	if (m->fkind == CC_KNONE)
		return true;
	unsigned occ;
	return !(m->fkind == CC_FIELD && g->farm == CC_FARM_OFF) && g->supply[m->seat] > 0 &&
	       !cc_seg_occupied_nb(g, o, nb, (unsigned)m->seg, &occ);
}

/* A discard, checked and played. */
static __attribute__((noinline)) int apply_discard(cc_game *g, const cc_move *m, arb_reject *rej)
{
	if (check_draw(g, m, rej) < 0)
		return -1;
	return play_discard(g, m, rej);
}

/* (carcassonne.h) The apply op: one parsed turn, checked in the order of
 * the rule table, then played. */
int cc_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cc_game *g = game;
	const cc_move *m = move;
	if (m->discard)
		return apply_discard(g, m, rej);
	int at = 0;
	uint8_t nb[4];
	const cc_orient *o = &g->data->type[m->type].rot[m->rot];
	if (!turn_fits(g, m, o, &at, nb) && check_all(g, m, o, &at, nb, rej) < 0)
		return -1;
	g->moves++;
	g->drawn++;
	cc_place_at(g, o, m->type, m->rot, m->x, m->y, at, nb, m->fkind ? m->seg : -1, m->seat,
		    sink);
	if (++g->turn == g->nseats)
		g->turn = 0;
	return 0;
}
