/*
 * features.c — roads, cities and cloisters: where a tile fits, whether a
 * follower's feature is free, joining a placed tile's segments to its
 * neighbours' features (cc_place_at() in carcassonne.h), and scoring the
 * features a placement completes.
 *
 * Features (roads, cities, fields) are sets of tile segments kept in a
 * union-find: a node per segment of a placed tile (tile * CC_MAXSEG + seg),
 * each pointing straight at its root (cc_find is one load; a merge of two
 * older features relabels one of them).  Each root carries what scoring
 * needs and what merges add up: the open road/city sides, the followers
 * per seat; a circular `next` list links the members so a feature is
 * walked once when it scores (counting distinct tiles, shields, and
 * sending followers home) or is relabelled.
 * A feature is complete when its open side count reaches 0 — a road's two
 * ends (a segment covering one side ends on its tile) or a loop, a city's
 * walls.  Cloisters matter only while a monk sits on them: each monk's
 * cloister keeps a count of its occupied neighbours, raised as tiles
 * arrive next to it, and scores at 8.  Follower counts per feature are
 * byte lanes of one 64-bit word, so a merge is one add.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "carcassonne.h"

const int cc_dx[4] = { 0, 1, 0, -1 };
const int cc_dy[4] = { -1, 0, 1, 0 }; /* y grows south */

/* (carcassonne.h) */
int cc_tile_at(const cc_game *g, int x, int y)
{
	if (x < -g->span || x > g->span || y < -g->span || y > g->span)
		return -1;
	return (int)g->cell[cc_cell_index(g, x, y)] - 1;
}

/* Followers' seats with the most followers in root r, as a bit mask
 * (0 when the feature is empty); *most gets their count. */
unsigned cc_majority(const cc_game *g, unsigned r, unsigned *most)
{
	uint64_t lanes = g->nfol[r];
	unsigned best = 0, mask = 0;
	/* most features that hold followers hold one seat's: its lane is
	 * the only one not zero, so it is the majority alone */
	unsigned low = lanes ? (unsigned)__builtin_ctzll(lanes) & ~7u : 0;
	if (lanes >> low <= 0xFF) {
		*most = (unsigned)(lanes >> low);
		return lanes ? 1u << (low / 8) : 0;
	}
	/* most completed features hold no follower */
	for (unsigned s = 0; lanes && s < g->nseats; s++) {
		unsigned n = (unsigned)(lanes >> (8 * s)) & 0xFF;
		if (n > best) {
			best = n;
			mask = 1u << s;
		} else if (n == best && n > 0) {
			mask |= 1u << s;
		}
	}
	*most = best;
	return mask;
}

/* A fresh stamp for stamp[] / nstamp[].  Stamps only grow, also across
 * recycled games, so a finished game's marks never need clearing; on the
 * rare wrap to 0 the arrays are cleared instead. */
uint32_t cc_new_stamp(cc_game *g)
{
	if (++g->stampno == 0) {
		memset(g->stamp, 0, g->data->total * sizeof *g->stamp);
		memset(g->nstamp, 0, (size_t)g->data->total * CC_MAXSEG * sizeof *g->nstamp);
		g->stampno = 1;
	}
	return g->stampno;
}

/* Walk road or city root r: count its distinct tiles and shields, and when
 * `release` send its followers home.  Returns the number of followers. */
long cc_walk_feature(cc_game *g, unsigned r, bool release, long *tiles, long *shields)
{
	long nt = 0, ns = 0, nf = 0;
	uint32_t st = cc_new_stamp(g);
	unsigned m = r;
	do {
		unsigned t = m / CC_MAXSEG;
		if (g->stamp[t] != st) { /* a wrapped H/I city: count once */
			g->stamp[t] = st;
			nt++;
		}
		ns += cc_seg_of(g, m)->shield;
		if (g->node[m].follower >= 0) {
			nf++;
			if (release) {
				g->supply[g->node[m].follower]++;
				g->node[m].follower = -1;
			}
		}
		m = g->node[m].next;
	} while (m != r);
	if (release)
		g->nfol[r] = 0;
	*tiles = nt;
	*shields = ns;
	return nf;
}

/* Score the completed road or city at root r (placed tile at x,y). */
void cc_score_complete(cc_game *g, unsigned r, int x, int y, const arb_sink *sink)
{
	unsigned most, win = cc_majority(g, r, &most);
	g->node[r].done = 1;
	if (cc_seg_of(g, r)->kind == CC_CITY) {
		assert(g->ndone_cities < sizeof g->done_city / sizeof g->done_city[0]);
		g->done_city[g->ndone_cities++] = (uint16_t)r;
	}
	if (!win)
		return; /* complete, but nobody scores: no event */
	cc_score sc = { .winners = win, .x = x, .y = y, .returned = true };
	sc.by = cc_seg_of(g, r)->kind;
	sc.followers = cc_walk_feature(g, r, true, &sc.tiles, &sc.shields);
	char what[160];
	if (sc.by == CC_ROAD) {
		sc.kind = "road";
		sc.points = (int)sc.tiles;
		if (sink)
			snprintf(what, sizeof what, "a completed road of %ld tile%s at %d,%d",
				 sc.tiles, sc.tiles == 1 ? "" : "s", x, y);
	} else {
		sc.kind = "city";
		sc.points = (int)(2 * sc.tiles + 2 * sc.shields);
		if (g->small_city && sc.tiles == 2)
			sc.points = (int)(sc.tiles + sc.shields);
		if (sink)
			snprintf(what, sizeof what,
				 "a completed city of %ld tiles and %ld shield%s at %d,%d%s",
				 sc.tiles, sc.shields, sc.shields == 1 ? "" : "s", x, y,
				 g->small_city && sc.tiles == 2 ? " (small city)" : "");
	}
	sc.what = what;
	cc_award(g, sink, &sc);
}

/* Tiles on the 8 cells around tile t. */
int cc_neighbours8(const cc_game *g, unsigned t)
{
	int n = 0, x = g->tile[t].x, y = g->tile[t].y;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			if ((dx || dy) && g->cell[cc_cell_index(g, x + dx, y + dy)])
				n++;
	return n;
}

/* Score the cloister of monk list entry i (its tile is surrounded) and
 * drop the entry, keeping the others in the order they came. */
void cc_score_cloister(cc_game *g, unsigned i, const arb_sink *sink)
{
	unsigned t = g->monk_tile[i];
	const cc_type *ty = &g->data->type[g->tile[t].type];
	unsigned node = t * CC_MAXSEG + (unsigned)ty->cloister_seg;
	unsigned seat = (unsigned)g->node[node].follower;
	assert(g->node[node].follower >= 0 && g->ncount[t] == 8);
	g->cloister_done[t] = 1;
	g->node[node].follower = -1;
	g->supply[seat]++;
	memmove(&g->monk_tile[i], &g->monk_tile[i + 1],
		(g->monks - i - 1) * sizeof g->monk_tile[0]);
	g->monks--;
	char what[96];
	if (sink)
		snprintf(what, sizeof what, "a completed cloister at %d,%d", g->tile[t].x,
			 g->tile[t].y);
	cc_score sc = { .kind = "cloister",
			.winners = 1u << seat,
			.points = 9,
			.x = g->tile[t].x,
			.y = g->tile[t].y,
			.tiles = 9,
			.followers = 1,
			.by = CC_CLOISTER,
			.what = what,
			.returned = true };
	cc_award(g, sink, &sc);
}

/* (carcassonne.h) */
unsigned cc_fit(const cc_game *g, unsigned type, unsigned rot, int x, int y, int *side)
{
	if (!cc_inside(g, x, y))
		return CC_R_NOT_ADJACENT;
	uint8_t nb[4];
	return cc_fit_at(g, &g->data->type[type].rot[rot], cc_cell_index(g, x, y), nb, side);
}

/* (carcassonne.h) cc_seg_occupied() with the neighbours' cells nb[]. */
bool cc_seg_occupied_nb(const cc_game *g, const cc_orient *o, const uint8_t nb[4], unsigned seg,
			unsigned *who)
{
	*who = 0;
	unsigned kind = o->seg[seg].kind;
	if (kind == CC_CLOISTER)
		return false;
	/* Every contact of the new tile with a placed feature of seg's kind
	 * (others cannot join it), as (segment of the new tile, root of the
	 * feature): at most 4 road/city sides or 8 field halves. */
	unsigned pseg[12], proot[12], n = 0;
	uint64_t any = 0; /* the contacts' followers, all seats */
	unsigned want = kind == CC_CITY ? CC_ECITY : CC_EROAD;
#pragma GCC unroll 4
	for (unsigned s = 0; s < 4; s++) {
		int t = (int)nb[s] - 1;
		if (t < 0)
			continue;
		const cc_orient *no = cc_orient_of(g, (unsigned)t);
		unsigned os = (s + 2) % 4, nbase = (unsigned)t * CC_MAXSEG;
		if (kind != CC_FIELD) {
			if (o->edge[s] == want) {
				unsigned r = cc_find(g, nbase + (unsigned)no->side_seg[os]);
				pseg[n] = (unsigned)o->side_seg[s];
				proot[n++] = r;
				any |= g->nfol[r];
			}
		} else if (o->edge[s] != CC_ECITY) {
			unsigned r0 = cc_find(g, nbase + (unsigned)no->half_seg[2 * os + 1]);
			unsigned r1 = cc_find(g, nbase + (unsigned)no->half_seg[2 * os]);
			pseg[n] = (unsigned)o->half_seg[2 * s];
			proot[n++] = r0;
			pseg[n] = (unsigned)o->half_seg[2 * s + 1];
			proot[n++] = r1;
			any |= g->nfol[r0] | g->nfol[r1];
		}
	}
	/* Most contacts hold no follower: then nothing below can find one. */
	if (!any)
		return false;
	/* The feature of `seg` after the placement: its contacts' roots, and
	 * through them other segments of the new tile that touch the same
	 * feature (an H whose caps both reach one city), until nothing new. */
	unsigned group = 1u << seg;
	bool in[12] = { false }, changed = true;
	while (changed) {
		changed = false;
		for (unsigned i = 0; i < n; i++) {
			if (in[i] || !(group >> pseg[i] & 1))
				continue;
			in[i] = true;
			for (unsigned j = 0; j < n; j++)
				if (proot[j] == proot[i] && !(group >> pseg[j] & 1)) {
					group |= 1u << pseg[j];
					changed = true;
				}
		}
	}
	for (unsigned i = 0; i < n; i++)
		if (in[i])
			for (unsigned s = 0; s < g->nseats; s++)
				if (cc_nfol_of(g, proot[i], s))
					*who |= 1u << s;
	return *who != 0;
}

/* (carcassonne.h) */
bool cc_seg_occupied(const cc_game *g, unsigned type, unsigned rot, int x, int y, unsigned seg,
		     unsigned *who)
{
	int at = cc_cell_index(g, x, y);
	uint8_t nb[4];
	for (unsigned s = 0; s < 4; s++)
		nb[s] = g->cell[at + CC_STEP(s)];
	return cc_seg_occupied_nb(g, &g->data->type[type].rot[rot], nb, seg, who);
}

/* (carcassonne.h) cc_place_at() for callers without the neighbours. */
void cc_place(cc_game *g, unsigned type, unsigned rot, int x, int y, int fseg, unsigned seat,
	      const arb_sink *sink)
{
	int at = cc_cell_index(g, x, y);
	uint8_t nb[4];
	for (unsigned s = 0; s < 4; s++)
		nb[s] = g->cell[at + CC_STEP(s)];
	cc_place_at(g, &g->data->type[type].rot[rot], type, rot, x, y, at, nb, fseg, seat, sink);
}

/* The smallest node of feature root r: its first tile, and its first
 * segment there.  The final scoring reports features in this order. */
unsigned cc_first_node(const cc_game *g, unsigned r)
{
#ifndef NDEBUG
	unsigned m = r; /* cc_unite() keeps the smallest node at the root */
	do {
		assert(m >= r);
		m = g->node[m].next;
	} while (m != r);
#endif
	(void)g;
	return r;
}
