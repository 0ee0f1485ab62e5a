/*
 * engine.c — the Carcassonne rules: creating a game, checking and playing a
 * turn, completing and scoring features, the final scoring, standings, and
 * the ops table that plugs the engine into arbiter.
 *
 * Features (roads, cities, fields) are sets of tile segments kept in a
 * union-find: a node per segment of a placed tile (tile * CC_MAXSEG + seg).
 * Each root carries what scoring needs and what merges add up: the open
 * road/city sides, the followers per seat, the member count; a circular
 * `next` list links the members so a feature is walked once, when it
 * scores (counting distinct tiles, shields, and sending followers home).
 * A feature is complete when its open side count reaches 0 — a road's two
 * ends (a segment covering one side ends on its tile) or a loop, a city's
 * walls.  Cloisters matter only while a monk sits on them: each monk's
 * cloister keeps a count of its occupied neighbours, raised as tiles
 * arrive next to it, and scores at 8.  The final scoring walks only the
 * features that still hold followers (the list of follower placements),
 * never the whole board.
 *
 * A turn does: look up 4 neighbours, a few unions, find() on the new
 * tile's segments, and a pass over the monks on the board.  Nothing is
 * allocated after create().  apply() validates everything before the first
 * write, so a rejected move leaves the game untouched.  Follower counts
 * per feature are byte lanes of one 64-bit word, so a merge is one add.
 */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carcassonne.h"
#include "../../core/util.h"

const int cc_dx[4] = { 0, 1, 0, -1 };
const int cc_dy[4] = { -1, 0, 1, 0 };   /* y grows south */

static const char *const colours[] = { "Red", "Blue", "Green", "Yellow",
				       "Black", NULL };
static const char *const side_word[4] = { "north", "east", "south", "west" };
static const char *const edge_word[3] = { "a field", "a road", "a city" };

/* ------------------------------------------------------------ union-find */

static inline unsigned find(const cc_game *g, unsigned a)
{
	uint16_t *p = g->parent;
	while (p[a] != a) {
		p[a] = p[p[a]];     /* path halving */
		a = p[a];
	}
	return a;
}

/* Merge the features of nodes a and b; returns the new root. */
static inline unsigned unite(cc_game *g, unsigned a, unsigned b)
{
	a = find(g, a);
	b = find(g, b);
	if (a == b)
		return a;
	if (g->size[a] < g->size[b]) {
		unsigned t = a;
		a = b;
		b = t;
	}
	assert(!(g->done[a] | g->done[b]));  /* complete features are closed */
	g->parent[b] = (uint16_t)a;
	g->size[a] = (uint16_t)(g->size[a] + g->size[b]);
	g->open[a] = (int16_t)(g->open[a] + g->open[b]);
	g->nfol[a] += g->nfol[b];    /* byte lanes: at most 7 per seat */
	uint16_t t = g->next[a];    /* splice the two circular lists */
	g->next[a] = g->next[b];
	g->next[b] = t;
	return a;
}

/* Followers of seat s on the feature of root r. */
static inline unsigned nfol_of(const cc_game *g, unsigned r, unsigned s)
{
	return (unsigned)(g->nfol[r] >> (8 * s)) & 0xFF;
}

static inline const cc_orient *orient_of(const cc_game *g, unsigned t)
{
	return g->tile[t].o;
}

static inline const cc_seg *seg_of(const cc_game *g, unsigned node)
{
	return &orient_of(g, node / CC_MAXSEG)->seg[node % CC_MAXSEG];
}

int cc_tile_at(const cc_game *g, int x, int y)
{
	if (x < -g->span || x > g->span || y < -g->span || y > g->span)
		return -1;
	return (int)g->cell[cc_cell_index(g, x, y)] - 1;
}

/* Followers' seats with the most followers in root r, as a bit mask
 * (0 when the feature is empty); *most gets their count. */
static unsigned majority(const cc_game *g, unsigned r, unsigned *most)
{
	uint64_t lanes = g->nfol[r];
	unsigned best = 0, mask = 0;
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

/* --------------------------------------------------------------- events */

typedef struct cc_score {
	const char *kind;      /* event kind                                  */
	unsigned winners;      /* seat mask                                   */
	int points;            /* each winner's points                        */
	int x, y;              /* a tile of the feature                       */
	long tiles, shields, followers, cities;
	unsigned by;           /* enum cc_kind, for the per-kind breakdown    */
	bool returned;         /* completed in play: the followers go home    */
	const char *what;      /* "a completed road of 4 tiles", for the text */
} cc_score;

static void add_num(arb_event *ev, const char *key, long v)
{
	assert(ev->nfields < ARB_MAX_FIELDS);
	ev->fields[ev->nfields].key = key;
	ev->fields[ev->nfields].str = NULL;
	ev->fields[ev->nfields++].num = v;
}

/* "Red", "Red and Blue", "Red, Blue and Green" for a seat mask (with
 * `comma`: "Red, Blue, Green", as in the Result tag). */
static void seat_list_sep(const cc_game *g, unsigned mask, char *out,
			  size_t cap, bool comma)
{
	size_t len = 0;
	unsigned n = (unsigned)__builtin_popcount(mask), i = 0;
	out[0] = 0;
	for (unsigned s = 0; s < g->nseats; s++) {
		if (!(mask >> s & 1))
			continue;
		const char *sep = i == 0 ? "" : i + 1 == n && !comma ? " and " : ", ";
		const char *name = colours[g->colour[s]];
		size_t a = strlen(sep), b = strlen(name);
		if (len + a + b >= cap)
			break;
		memcpy(out + len, sep, a);
		memcpy(out + len + a, name, b);
		len += a + b;
		out[len] = 0;
		i++;
	}
}

static void seat_list(const cc_game *g, unsigned mask, char *out, size_t cap)
{
	seat_list_sep(g, mask, out, cap, false);
}

/* Credit sc's points to its winners and tell the sink. */
static void award(cc_game *g, const arb_sink *sink, const cc_score *sc)
{
	for (unsigned s = 0; s < g->nseats; s++)
		if (sc->winners >> s & 1) {
			g->score[s] += sc->points;
			g->by_kind[s][sc->by] += sc->points;
		}
	if (!sink || !sink->event)
		return;
	arb_event ev;
	memset(&ev, 0, sizeof ev);
	ev.kind = sc->kind;
	for (unsigned s = 0; s < g->nseats; s++)
		if (sc->winners >> s & 1)
			ev.delta[s] = sc->points;
	char players[64];
	seat_list(g, sc->winners, players, sizeof players);
	bool many = __builtin_popcount(sc->winners) > 1;
	int n = snprintf(ev.text, sizeof ev.text, "%s score%s %d point%s%s for %s",
			 players, many ? "" : "s", sc->points,
			 sc->points == 1 ? "" : "s", many ? " each" : "", sc->what);
	if (sc->returned && n > 0 && (size_t)n < sizeof ev.text)
		snprintf(ev.text + n, sizeof ev.text - (size_t)n,
			 " (%ld follower%s return%s)", sc->followers,
			 sc->followers == 1 ? "" : "s", sc->followers == 1 ? "s" : "");
	/* The tool keeps events past this call (game.h promises `str` only
	 * during it), so point into the game, which lives long enough. */
	ev.fields[ev.nfields].key = "players";
	ev.fields[ev.nfields++].str = g->players[sc->winners];
	if (sc->by == CC_FIELD) {
		add_num(&ev, "cities", sc->cities);
		add_num(&ev, "farmers", sc->followers);
	} else {
		add_num(&ev, "tiles", sc->tiles);
		if (sc->by == CC_CITY)
			add_num(&ev, "shields", sc->shields);
		add_num(&ev, "followers", sc->followers);
	}
	add_num(&ev, "x", sc->x);
	add_num(&ev, "y", sc->y);
	sink->event(sink->ctx, &ev);
}

/* ------------------------------------------------------------- scoring */

/* A fresh stamp for stamp[] / nstamp[].  Stamps only grow, also across
 * recycled games, so a finished game's marks never need clearing; on the
 * rare wrap to 0 the arrays are cleared instead. */
static uint32_t new_stamp(cc_game *g)
{
	if (++g->stampno == 0) {
		memset(g->stamp, 0, g->data->total * sizeof *g->stamp);
		memset(g->nstamp, 0,
		       (size_t)g->data->total * CC_MAXSEG * sizeof *g->nstamp);
		g->stampno = 1;
	}
	return g->stampno;
}

/* Walk road or city root r: count its distinct tiles and shields, and when
 * `release` send its followers home.  Returns the number of followers. */
static long walk_feature(cc_game *g, unsigned r, bool release, long *tiles,
			 long *shields)
{
	long nt = 0, ns = 0, nf = 0;
	uint32_t st = new_stamp(g);
	unsigned m = r;
	do {
		unsigned t = m / CC_MAXSEG;
		if (g->stamp[t] != st) {   /* a wrapped H/I city: count once */
			g->stamp[t] = st;
			nt++;
		}
		ns += seg_of(g, m)->shield;
		if (g->follower[m] >= 0) {
			nf++;
			if (release) {
				g->supply[g->follower[m]]++;
				g->follower[m] = -1;
			}
		}
		m = g->next[m];
	} while (m != r);
	if (release)
		g->nfol[r] = 0;
	*tiles = nt;
	*shields = ns;
	return nf;
}

/* Score the completed road or city at root r (placed tile at x,y). */
static void score_complete(cc_game *g, unsigned r, int x, int y,
			   const arb_sink *sink)
{
	unsigned most, win = majority(g, r, &most);
	g->done[r] = 1;
	if (!win)
		return;          /* complete, but nobody scores: no event */
	cc_score sc = { .winners = win, .x = x, .y = y, .returned = true };
	sc.by = seg_of(g, r)->kind;
	sc.followers = walk_feature(g, r, true, &sc.tiles, &sc.shields);
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
	award(g, sink, &sc);
}

/* Tiles on the 8 cells around tile t. */
static int neighbours8(const cc_game *g, unsigned t)
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
static void score_cloister(cc_game *g, unsigned i, const arb_sink *sink)
{
	unsigned t = g->monk_tile[i];
	const cc_type *ty = &g->data->type[g->tile[t].type];
	unsigned node = t * CC_MAXSEG + (unsigned)ty->cloister_seg;
	unsigned seat = (unsigned)g->follower[node];
	assert(g->follower[node] >= 0 && g->ncount[t] == 8);
	g->cloister_done[t] = 1;
	g->follower[node] = -1;
	g->supply[seat]++;
	memmove(&g->monk_tile[i], &g->monk_tile[i + 1],
		(g->monks - i - 1) * sizeof g->monk_tile[0]);
	g->monks--;
	char what[96];
	if (sink)
		snprintf(what, sizeof what, "a completed cloister at %d,%d",
			 g->tile[t].x, g->tile[t].y);
	cc_score sc = { .kind = "cloister", .winners = 1u << seat, .points = 9,
			.x = g->tile[t].x, .y = g->tile[t].y, .tiles = 9,
			.followers = 1, .by = CC_CLOISTER, .what = what,
			.returned = true };
	award(g, sink, &sc);
}

/* -------------------------------------------------------------- placing */

/* The board is off limits near its rim (cc_fit's "not-adjacent"). */
static inline bool inside(const cc_game *g, int x, int y)
{
	/* -span < x < span as one unsigned compare (|x| < 10^6, span small) */
	unsigned lim = 2u * (unsigned)g->span - 1u;
	return (unsigned)(x + g->span - 1) < lim &&
	       (unsigned)(y + g->span - 1) < lim;
}

/* cc_fit() at cell `at` (inside the board); nb[s] gets the cell of the
 * neighbour on side s (tile index + 1, 0 = empty), for place_at().  apply()
 * calls this and place_at() directly, so a turn reads its neighbours once. */
static inline const char *fit_at(const cc_game *g, const cc_orient *o,
				 int at, uint8_t nb[4], int *side)
{
	if (g->cell[at])
		return "occupied";
	bool touch = false;
	/* unrolled: the 4 sides with constant offsets, no loop counter or
	 * spills (about 40 instructions a turn, here and in place_at()) */
#pragma GCC unroll 4
	for (unsigned s = 0; s < 4; s++) {
		unsigned c = g->cell[at + g->step[s]];
		nb[s] = (uint8_t)c;
		if (!c)
			continue;
		touch = true;
		if (o->edge[s] != orient_of(g, c - 1)->edge[(s + 2) % 4]) {
			*side = (int)s;
			return "edge-mismatch";
		}
	}
	return touch ? NULL : "not-adjacent";
}

const char *cc_fit(const cc_game *g, unsigned type, unsigned rot, int x,
		   int y, int *side)
{
	if (!inside(g, x, y))
		return "not-adjacent";
	uint8_t nb[4];
	return fit_at(g, &g->data->type[type].rot[rot], cc_cell_index(g, x, y),
		      nb, side);
}

/* cc_seg_occupied() with the neighbours' cells nb[] of fit_at(). */
static bool seg_occupied_nb(const cc_game *g, const cc_orient *o,
			    const uint8_t nb[4], unsigned seg, unsigned *who)
{
	*who = 0;
	unsigned kind = o->seg[seg].kind;
	if (kind == CC_CLOISTER)
		return false;
	/* Every contact of the new tile with a placed feature of seg's kind
	 * (others cannot join it), as (segment of the new tile, root of the
	 * feature): at most 4 road/city sides or 8 field halves. */
	unsigned pseg[12], proot[12], n = 0;
	unsigned want = kind == CC_CITY ? CC_ECITY : CC_EROAD;
#pragma GCC unroll 4
	for (unsigned s = 0; s < 4; s++) {
		int t = (int)nb[s] - 1;
		if (t < 0)
			continue;
		const cc_orient *no = orient_of(g, (unsigned)t);
		unsigned os = (s + 2) % 4, nbase = (unsigned)t * CC_MAXSEG;
		if (kind != CC_FIELD) {
			if (o->edge[s] == want) {
				pseg[n] = (unsigned)o->side_seg[s];
				proot[n++] = find(g, nbase + (unsigned)no->side_seg[os]);
			}
		} else if (o->edge[s] != CC_ECITY) {
			pseg[n] = (unsigned)o->half_seg[2 * s];
			proot[n++] = find(g, nbase + (unsigned)no->half_seg[2 * os + 1]);
			pseg[n] = (unsigned)o->half_seg[2 * s + 1];
			proot[n++] = find(g, nbase + (unsigned)no->half_seg[2 * os]);
		}
	}
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
				if (nfol_of(g, proot[i], s))
					*who |= 1u << s;
	return *who != 0;
}

bool cc_seg_occupied(const cc_game *g, unsigned type, unsigned rot, int x,
		     int y, unsigned seg, unsigned *who)
{
	int at = cc_cell_index(g, x, y);
	uint8_t nb[4];
	for (unsigned s = 0; s < 4; s++)
		nb[s] = g->cell[at + g->step[s]];
	return seg_occupied_nb(g, &g->data->type[type].rot[rot], nb, seg, who);
}

/* (carcassonne.h) The one place where the board changes: merge the new
 * tile's segments with its neighbours', close their open sides, then score
 * roads and cities whose last open side closed and monks' cloisters whose
 * eighth neighbour arrived.  Inlined into its two callers, so apply()
 * makes no ten-argument call on every turn. */
static inline __attribute__((always_inline)) void
place_at(cc_game *g, unsigned type, unsigned rot, int x, int y, int at,
	 const uint8_t nb[4], int fseg, unsigned seat, const arb_sink *sink)
{
	assert(g->ntiles < g->data->total);
	unsigned t = g->ntiles++;
	const cc_type *ty = &g->data->type[type];
	const cc_orient *o = &ty->rot[rot];
	g->tile[t] = (cc_placed){ .o = o, .type = (uint8_t)type,
				  .rot = (uint8_t)rot, .x = (int16_t)x,
				  .y = (int16_t)y };
	g->cell[at] = (uint8_t)(t + 1);
	g->cloister_done[t] = 0;
	g->drawn_of[type]++;
	unsigned base = t * CC_MAXSEG;
	{
		/* All CC_MAXSEG nodes of the tile, used or not: fixed sizes make
		 * this a few vector stores.  Local copies, as the byte arrays'
		 * stores may alias g's fields. */
		static const uint16_t ones[CC_MAXSEG] = { 1, 1, 1, 1, 1, 1, 1,
							  1, 1, 1 };
		uint16_t *parent = g->parent + base, *next = g->next + base;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && CC_MAXSEG == 10
		/* base + 0..9 as four 16-bit lanes at a time (no lane carries:
		 * nodes stay below 65536) */
		uint64_t b4 = (uint64_t)base * 0x0001000100010001ull;
		uint64_t w0 = b4 + 0x0003000200010000ull;
		uint64_t w1 = b4 + 0x0007000600050004ull;
		uint32_t w2 = (uint32_t)b4 + 0x00090008u;
		memcpy(parent, &w0, 8);
		memcpy(parent + 4, &w1, 8);
		memcpy(parent + 8, &w2, 4);
#else
		for (unsigned i = 0; i < CC_MAXSEG; i++)
			parent[i] = (uint16_t)(base + i);
#endif
		memcpy(next, parent, CC_MAXSEG * sizeof *next);
		memcpy(g->size + base, ones, sizeof ones);
		memset(g->follower + base, -1, CC_MAXSEG);
		memcpy(g->open + base, ty->open, sizeof ty->open);
		memset(g->done + base, 0, CC_MAXSEG);
		memset(g->nfol + base, 0, CC_MAXSEG * sizeof *g->nfol);
	}
	/* Segments joined to a neighbour's road or city: only these can have
	 * completed (a lone segment keeps its open sides). */
	unsigned joined = 0;
#pragma GCC unroll 4
	for (unsigned s = 0; s < 4; s++) {
		int n = (int)nb[s] - 1;
		if (n < 0)
			continue;
		const cc_orient *no = orient_of(g, (unsigned)n);
		/* the edges match: every caller checked the spot (fit_at, cc_fit) */
		unsigned os = (s + 2) % 4, nbase = (unsigned)n * CC_MAXSEG;
		if (o->edge[s] != CC_EFIELD) {
			unsigned r = unite(g, base + (unsigned)o->side_seg[s],
					   nbase + (unsigned)no->side_seg[os]);
			g->open[r] = (int16_t)(g->open[r] - 2);
			assert(g->open[r] >= 0);
			joined |= 1u << o->side_seg[s];
		}
		if (o->edge[s] != CC_ECITY) {
			/* my half 2s+i meets the neighbour's 2os+(1-i); on a
			 * side without a road both halves are one field on
			 * both tiles, and the second union would change nothing */
			unsigned a0 = (unsigned)o->half_seg[2 * s];
			unsigned a1 = (unsigned)o->half_seg[2 * s + 1];
			unsigned b0 = (unsigned)no->half_seg[2 * os + 1];
			unsigned b1 = (unsigned)no->half_seg[2 * os];
			unite(g, base + a0, nbase + b0);
			if (a1 != a0 || b1 != b0)
				unite(g, base + a1, nbase + b1);
		}
	}
	if (fseg >= 0) {
		unsigned v = base + (unsigned)fseg;
		assert(g->supply[seat] > 0);
		g->follower[v] = (int8_t)seat;
		g->supply[seat]--;
		g->placed[g->nplaced++] = (uint16_t)v;
		if (o->seg[fseg].kind != CC_CLOISTER) {
			g->nfol[find(g, v)] += 1ull << (8 * seat);
		} else {
			assert(g->monks < sizeof g->monk_tile / sizeof g->monk_tile[0]);
			g->monk_tile[g->monks++] = (uint8_t)t;
			g->ncount[t] = (uint8_t)neighbours8(g, t);
		}
	}
	/* in segment order, as the events come out */
	while (joined) {
		unsigned i = (unsigned)__builtin_ctz(joined);
		joined &= joined - 1;
		unsigned r = find(g, base + i);
		if (g->open[r] == 0 && !g->done[r])
			score_complete(g, r, x, y, sink);
	}
	/* Cloisters with monks, in the order the monks came: this tile is
	 * one more neighbour of those within one step. */
	for (unsigned i = 0; i < g->monks;) {
		unsigned m = g->monk_tile[i];
		int dx = g->tile[m].x - x, dy = g->tile[m].y - y;
		if (m != t && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
			g->ncount[m]++;
		if (g->ncount[m] == 8)
			score_cloister(g, i, sink);    /* entry i now holds the next */
		else
			i++;
	}
}

void cc_place(cc_game *g, unsigned type, unsigned rot, int x, int y,
	      int fseg, unsigned seat, const arb_sink *sink)
{
	int at = cc_cell_index(g, x, y);
	uint8_t nb[4];
	for (unsigned s = 0; s < 4; s++)
		nb[s] = g->cell[at + g->step[s]];
	place_at(g, type, rot, x, y, at, nb, fseg, seat, sink);
}

/* ---------------------------------------------------------- the ops */

/* One finished game is kept for the next create(): a stream of games would
 * otherwise clear a fresh 21 KB board and make 17 allocations per game,
 * about 500 instructions per move.  Recycling clears only the cells the
 * game used.  free_game() really frees; cc_release_spare() drops the kept
 * game (called when the data it belongs to is freed). */
static cc_game *spare;

static void free_game(cc_game *g)
{
	free(g->cell);
	free(g->parent);
	free(g->next);
	free(g->follower);
	free(g->open);
	free(g->size);
	free(g->nfol);
	free(g->done);
	free(g->stamp);
	free(g->nstamp);
	free(g->farm_tally);
	free(g->city_buf);
	free(g->scored);
	free(g->item);
	free(g->key);
	free(g->clist);
	free(g);
}

void cc_release_spare(const void *data)
{
	if (spare && (!data || spare->data == data)) {
		free_game(spare);
		spare = NULL;
	}
}

static void cc_destroy(void *game)
{
	cc_game *g = game;
	if (!g)
		return;
	if (spare) {
		free_game(g);
		return;
	}
	/* locals: a byte store could alias g's fields and reload them */
	uint8_t *cell = g->cell;
	int span = g->span, width = g->width;
	for (unsigned i = 0, n = g->ntiles; i < n; i++)
		cell[(g->tile[i].y + span) * width + (g->tile[i].x + span)] = 0;
	spare = g;    /* its stamps stay: new_stamp() only counts up */
}

static void *cc_create(const void *data, const arb_setup *setup,
		       arb_reject *rej)
{
	const cc_data *d = data;
	if (setup->nseats < 2 || setup->nseats > CC_MAXSEATS) {
		arb_reject_at(rej, NULL, "seat-count",
			      "Carcassonne is played by 2 to 5 players, not %zu",
			      setup->nseats);
		return NULL;
	}
	bool small_city = false;
	enum cc_farm farm = CC_FARM_FIELD;
	for (size_t i = 0; i < setup->noptions; i++) {
		const arb_option *op = &setup->options[i];
		const arb_tag *tag = op->tag;
		uint32_t line = tag ? tag->line : 0, col = tag ? tag->col : 0;
		const char *v = op->value;
		if (!strcmp(op->name, "small-city")) {
			if (!v || !strcmp(v, "2"))
				small_city = true;
			else if (!strcmp(v, "4"))
				small_city = false;
			else
				goto bad_value;
		} else if (!strcmp(op->name, "farmers")) {
			if (!v)
				goto bad_value;
			if (!strcmp(v, "field") || !strcmp(v, "2002"))
				farm = CC_FARM_FIELD;
			else if (!strcmp(v, "once"))
				farm = CC_FARM_ONCE;
			else if (!strcmp(v, "city") || !strcmp(v, "2000"))
				farm = CC_FARM_CITY;
			else if (!strcmp(v, "off"))
				farm = CC_FARM_OFF;
			else
				goto bad_value;
		} else {
			arb_reject_pos(rej, line, col, "unknown-option",
				"unknown option '%s': Carcassonne knows small-city=2|4 "
				"and farmers=field|once|city|off", op->name);
			return NULL;
		}
		continue;
bad_value:
		arb_reject_pos(rej, line, col, "bad-option-value",
			"option %s does not take %s%s%s: use %s", op->name,
			v ? "the value '" : "no value", v ? v : "", v ? "'" : "",
			!strcmp(op->name, "small-city") ? "small-city=2 (pre-2002) or "
			"small-city=4 (the default)" : "farmers=field (the default), "
			"once, city or off");
		return NULL;
	}

	cc_game *g;
	/* the recycled game's seats: its players[] texts serve again when
	 * the colours are the same */
	unsigned old_nseats = 0;
	uint8_t old_colour[CC_MAXSEATS] = { 0 };
	if (spare && spare->data == d) {
		/* a recycled game: its board is clear, its stamps are below
		 * the stamp counter kept, its other arrays are written before
		 * they are read; keep the pointers */
		g = spare;
		spare = NULL;
		old_nseats = g->nseats;
		memcpy(old_colour, g->colour, sizeof old_colour);
		cc_game keep = *g;
		memset(g, 0, offsetof(cc_game, tile));
		g->cell = keep.cell;
		g->parent = keep.parent;
		g->next = keep.next;
		g->follower = keep.follower;
		g->open = keep.open;
		g->size = keep.size;
		g->nfol = keep.nfol;
		g->done = keep.done;
		g->stamp = keep.stamp;
		g->nstamp = keep.nstamp;
		g->stampno = keep.stampno;
		g->farm_tally = keep.farm_tally;
		g->city_buf = keep.city_buf;
		g->scored = keep.scored;
		g->item = keep.item;
		g->key = keep.key;
		g->clist = keep.clist;
	} else {
		g = arb_xmalloc(sizeof *g);
		memset(g, 0, offsetof(cc_game, tile));
	}
	g->data = d;
	g->nseats = (unsigned)setup->nseats;
	g->farm = farm;
	g->small_city = small_city;
	memset(g->seat_of, -1, sizeof g->seat_of);
	for (unsigned s = 0; s < g->nseats; s++) {
		unsigned c = setup->seats[s].colour;
		assert(c < CC_MAXSEATS);
		g->colour[s] = (uint8_t)c;
		g->seat_of[c] = (int8_t)s;
		g->supply[s] = (uint8_t)d->followers;
	}
	g->drawable = d->total - 1;
	g->span = (int)d->total + 1;
	g->width = 2 * g->span + 1;
	for (unsigned s = 0; s < 4; s++)
		g->step[s] = cc_dy[s] * g->width + cc_dx[s];
	size_t nodes = (size_t)d->total * CC_MAXSEG;
	if (!g->cell) {
		g->cell = arb_xcalloc((size_t)g->width * (size_t)g->width, 1);
		/* Node arrays are set up in place() as each tile arrives, so only
		 * the board and the stamps need zeroing here. */
		g->parent = arb_xmalloc(nodes * sizeof *g->parent);
		g->next = arb_xmalloc(nodes * sizeof *g->next);
		g->follower = arb_xmalloc(nodes * sizeof *g->follower);
		g->open = arb_xmalloc(nodes * sizeof *g->open);
		g->size = arb_xmalloc(nodes * sizeof *g->size);
		g->nfol = arb_xmalloc(nodes * sizeof *g->nfol);
		g->done = arb_xmalloc(nodes);
		g->stamp = arb_xcalloc(d->total, sizeof *g->stamp);
		g->nstamp = arb_xcalloc(nodes, sizeof *g->nstamp);
		g->farm_tally = arb_xmalloc(nodes * CC_MAXSEATS * sizeof *g->farm_tally);
		g->city_buf = arb_xmalloc(nodes * sizeof *g->city_buf);
		g->scored = arb_xmalloc(nodes);
		g->item = arb_xmalloc(nodes * sizeof *g->item);
		g->key = arb_xmalloc(nodes * sizeof *g->key);
		g->clist = arb_xmalloc(nodes * sizeof *g->clist);
	}
	if (old_nseats != g->nseats ||
	    memcmp(old_colour, g->colour, g->nseats) != 0) {
		g->players[0][0] = 0;
		for (unsigned mask = 1; mask < 1u << g->nseats; mask++)
			seat_list_sep(g, mask, g->players[mask],
				      sizeof g->players[mask], true);
	}
	cc_place(g, d->start, 0, 0, 0, -1, 0, NULL);
	if (setup->setup && cc_setup(g, setup->setup, rej) < 0) {
		cc_destroy(g);
		return NULL;
	}
	return g;
}

static int cc_apply(void *game, const void *move, const arb_sink *sink,
		    arb_reject *rej)
{
	cc_game *g = game;
	const cc_move *m = move;
	const cc_data *d = g->data;
	const cc_type *ty = &d->type[m->type];
	if (g->drawn >= g->drawable)    /* the tool stops before; be safe */
		return arb_reject_pos(rej, m->line, m->col_colour, "game-over",
			"the game is over: all %u tiles have been drawn", g->drawable);
	if (m->seat != g->turn)
		return arb_reject_pos(rej, m->line, m->col_colour, "turn-order",
			"it is %s's turn, not %s's", colours[g->colour[g->turn]],
			colours[g->colour[m->seat]]);
	if (g->drawn_of[m->type] >= ty->count)
		return arb_reject_pos(rej, m->line, m->col_tile, "tile-supply",
			"%s cannot draw tile %c: all %u tiles %c are already drawn%s",
			colours[g->colour[m->seat]], ty->letter,
			(unsigned)ty->count, ty->letter,
			m->type == d->start ? " (the start tile is one of them)" : "");
	if (m->discard) {
		int x, y;
		unsigned rot;
		if (cc_placeable(g, m->type, &x, &y, &rot))
			return arb_reject_pos(rej, m->line, m->col_pos, "discard-placeable",
				"tile %c fits on the board (for example at %d,%d rotated "
				"%u), so it may not be discarded", ty->letter, x, y, rot * 90);
		g->drawn_of[m->type]++;
		g->drawn++;
		g->ndiscards++;
		g->moves++;
		return 0;       /* the same player draws again */
	}
	int side = 0, at = 0;
	uint8_t nb[4];
	const cc_orient *o = &ty->rot[m->rot];
	const char *bad = "not-adjacent";
	if (inside(g, m->x, m->y)) {
		at = cc_cell_index(g, m->x, m->y);
		bad = fit_at(g, o, at, nb, &side);
	}
	if (bad && !strcmp(bad, "occupied")) {
		int t = cc_tile_at(g, m->x, m->y);
		return arb_reject_pos(rej, m->line, m->col_pos, bad,
			"there is already a tile at %d,%d (tile %c)", m->x, m->y,
			d->type[g->tile[t].type].letter);
	}
	if (bad && !strcmp(bad, "not-adjacent"))
		return arb_reject_pos(rej, m->line, m->col_pos, bad,
			"tile %c at %d,%d touches no tile: it must share a side "
			"with a placed tile", ty->letter, m->x, m->y);
	if (bad) {
		int nx = m->x + cc_dx[side], ny = m->y + cc_dy[side];
		unsigned mine = ty->rot[m->rot].edge[side];
		unsigned theirs = orient_of(g, (unsigned)cc_tile_at(g, nx, ny))
					  ->edge[(side + 2) % 4];
		return arb_reject_pos(rej, m->line, m->col_pos, bad,
			"tile %c at %d,%d rotated %u: its %s edge is %s but the tile "
			"at %d,%d shows %s there", ty->letter, m->x, m->y,
			m->rot * 90u, side_word[side], edge_word[mine], nx, ny,
			edge_word[theirs]);
	}
	if (m->fkind != CC_KNONE) {
		unsigned occ;
		if (m->fkind == CC_FIELD && g->farm == CC_FARM_OFF)
			return arb_reject_pos(rej, m->line, m->col_follower,
				"farmers-off", "this game is played without farmers "
				"(Variant farmers=off): no follower may go on a field");
		if (g->supply[m->seat] == 0)
			return arb_reject_pos(rej, m->line, m->col_follower,
				"follower-supply", "%s has no follower left in supply: "
				"all %u are on the board", colours[g->colour[m->seat]],
				d->followers);
		if (seg_occupied_nb(g, o, nb, (unsigned)m->seg, &occ)) {
			char owners[64];
			seat_list(g, occ, owners, sizeof owners);
			return arb_reject_pos(rej, m->line, m->col_follower,
				"feature-occupied", "the %s at %s of tile %c at %d,%d "
				"joins a %s that already holds a follower (%s)",
				cc_kind_name[m->fkind], m->fkind == CC_FIELD
				? cc_half_name[m->spot] : cc_side_name[m->spot],
				ty->letter, m->x, m->y, cc_kind_name[m->fkind], owners);
		}
	}
	g->moves++;
	g->drawn++;
	place_at(g, m->type, m->rot, m->x, m->y, at, nb,
		 m->fkind ? m->seg : -1, m->seat, sink);
	if (++g->turn == g->nseats)
		g->turn = 0;
	return 0;
}

static bool cc_over(const void *game)
{
	const cc_game *g = game;
	return g->drawn >= g->drawable;
}

/* ------------------------------------------------------ final scoring */

/* The smallest node of feature root r: its first tile, and its first
 * segment there.  The final scoring reports features in this order. */
static unsigned first_node(const cc_game *g, unsigned r)
{
	unsigned m = r, best = r;
	do {
		if (m < best)
			best = m;
		m = g->next[m];
	} while (m != r);
	return best;
}

/* The features that still hold followers — fields, or the others — each
 * once, sorted by first node into item[] (the root; the node itself for a
 * cloister) and key[] (the first node).  Only the followers placed in the
 * game are looked at, not the whole board.  Returns the count. */
static unsigned final_items(cc_game *g, bool fields, uint16_t *item,
			    uint16_t *key)
{
	uint32_t st = new_stamp(g);
	unsigned n = 0;
	for (unsigned i = 0; i < g->nplaced; i++) {
		unsigned v = g->placed[i];
		if (g->follower[v] < 0)
			continue;
		unsigned k = seg_of(g, v)->kind;
		if ((k == CC_FIELD) != fields)
			continue;
		unsigned r = k == CC_CLOISTER ? v : find(g, v);
		if (g->nstamp[r] == st)
			continue;
		g->nstamp[r] = st;
		unsigned f = k == CC_CLOISTER ? v : first_node(g, r);
		unsigned j = n++;
		for (; j > 0 && key[j - 1] > f; j--) {
			key[j] = key[j - 1];
			item[j] = item[j - 1];
		}
		key[j] = (uint16_t)f;
		item[j] = (uint16_t)r;
	}
	return n;
}

/* Score what is left open at the end: roads, cities, cloisters, in the
 * order of their first tile. */
static void final_features(cc_game *g, const arb_sink *sink)
{
	unsigned n = final_items(g, false, g->item, g->key);
	for (unsigned i = 0; i < n; i++) {
		unsigned v = g->item[i], t = g->key[i] / CC_MAXSEG;
		unsigned k = seg_of(g, v)->kind;
		int x = g->tile[t].x, y = g->tile[t].y;
		char what[160];
		cc_score sc = { .x = x, .y = y, .by = k, .what = what };
		if (k == CC_CLOISTER) {
			assert(!g->cloister_done[t]);
			g->cloister_done[t] = 2;
			int nb = neighbours8(g, t);
			sc.kind = "incomplete-cloister";
			sc.winners = 1u << g->follower[v];
			sc.points = 1 + nb;
			sc.tiles = 1 + nb;
			sc.followers = 1;
			if (sink)
				snprintf(what, sizeof what, "an incomplete cloister at "
					 "%d,%d with %d neighbour%s", x, y, nb,
					 nb == 1 ? "" : "s");
			award(g, sink, &sc);
			continue;
		}
		unsigned most;
		assert(!g->done[v]);    /* complete ones sent their followers home */
		g->done[v] = 2;
		sc.winners = majority(g, v, &most);
		sc.followers = walk_feature(g, v, false, &sc.tiles, &sc.shields);
		if (k == CC_ROAD) {
			sc.kind = "incomplete-road";
			sc.points = (int)sc.tiles;
			if (sink)
				snprintf(what, sizeof what, "an incomplete road of %ld "
					 "tile%s at %d,%d", sc.tiles,
					 sc.tiles == 1 ? "" : "s", x, y);
		} else {
			sc.kind = "incomplete-city";
			sc.points = (int)(sc.tiles + sc.shields);
			if (sink)
				snprintf(what, sizeof what, "an incomplete city of %ld "
					 "tile%s and %ld shield%s at %d,%d", sc.tiles,
					 sc.tiles == 1 ? "" : "s", sc.shields,
					 sc.shields == 1 ? "" : "s", x, y);
		}
		award(g, sink, &sc);
	}
}

/* The completed cities field root f touches, each once, into cities[];
 * returns how many.  (A field touching one city through two segments of
 * a tile, or through many tiles, counts it once.) */
static unsigned field_cities(cc_game *g, unsigned f, unsigned *cities)
{
	unsigned n = 0;
	uint32_t st = new_stamp(g);
	unsigned m = f;
	do {
		unsigned t = m / CC_MAXSEG;
		unsigned mask = seg_of(g, m)->cities;
		while (mask) {
			unsigned c = (unsigned)__builtin_ctz(mask);
			mask &= mask - 1;
			unsigned r = find(g, t * CC_MAXSEG + c);
			if (g->done[r] == 1 && g->nstamp[r] != st) {
				g->nstamp[r] = st;
				cities[n++] = r;
			}
		}
		m = g->next[m];
	} while (m != f);
	return n;
}

/* Farms, by the scoring system of the Variant option. */
static void final_farms(cc_game *g, const arb_sink *sink)
{
	unsigned *cities = g->city_buf;
	uint8_t *scored = g->scored;
	size_t nodes = (size_t)g->data->total * CC_MAXSEG;
	if (g->farm == CC_FARM_ONCE)
		memset(scored, 0, nodes);
	if (g->farm == CC_FARM_CITY)
		memset(g->farm_tally, 0, nodes * CC_MAXSEATS * sizeof *g->farm_tally);
	unsigned nfields = final_items(g, true, g->item, g->key), ncl = 0;
	if (g->farm == CC_FARM_CITY)
		memset(scored, 0, nodes);      /* here: city already listed */
	for (unsigned fi = 0; fi < nfields; fi++) {
		{
			unsigned f = g->item[fi], t = g->key[fi] / CC_MAXSEG, most;
			unsigned win = majority(g, f, &most);
			unsigned nc = field_cities(g, f, cities);
			long farmers = 0;
			for (unsigned s = 0; s < g->nseats; s++)
				farmers += nfol_of(g, f, s);
			if (g->farm == CC_FARM_CITY) {
				for (unsigned c = 0; c < nc; c++) {
					if (!scored[cities[c]]) {
						scored[cities[c]] = 1;
						g->clist[ncl++] = (uint16_t)cities[c];
					}
					for (unsigned s = 0; s < g->nseats; s++)
						g->farm_tally[cities[c] * CC_MAXSEATS + s] +=
							nfol_of(g, f, s);
				}
				continue;
			}
			char what[160];
			cc_score sc = { .kind = "farm", .winners = win, .by = CC_FIELD,
					.x = g->tile[t].x, .y = g->tile[t].y,
					.cities = nc, .followers = farmers, .what = what };
			if (sink)
				snprintf(what, sizeof what, "a field at %d,%d touching %u "
					 "completed cit%s (%ld farmer%s)", sc.x, sc.y, nc,
					 nc == 1 ? "y" : "ies", farmers, farmers == 1 ? "" : "s");
			if (g->farm == CC_FARM_ONCE) {
				/* Each owner scores only cities new to them; the
				 * owners may then differ in points: one event per
				 * owner. */
				for (unsigned s = 0; s < g->nseats; s++) {
					if (!(win >> s & 1))
						continue;
					unsigned fresh = 0;
					for (unsigned c = 0; c < nc; c++)
						if (!(scored[cities[c]] >> s & 1)) {
							scored[cities[c]] |= (uint8_t)(1u << s);
							fresh++;
						}
					cc_score one = sc;
					one.winners = 1u << s;
					one.points = 3 * (int)fresh;
					one.cities = fresh;
					if (sink)
						snprintf(what, sizeof what, "a field at %d,%d "
							 "touching %u completed cit%s, %u of them "
							 "not yet scored by them (%ld farmer%s)",
							 sc.x, sc.y, nc, nc == 1 ? "y" : "ies", fresh,
							 farmers, farmers == 1 ? "" : "s");
					award(g, sink, &one);
				}
				continue;
			}
			sc.points = 3 * (int)nc;
			award(g, sink, &sc);
		}
	}
	if (g->farm == CC_FARM_CITY) {
		/* 1st edition: each completed city goes to the majority of
		 * the farmers in all the fields touching it, 4 points. */
		/* the cities the farmed fields touch, by first node */
		for (unsigned i = 0; i < ncl; i++)
			g->key[i] = (uint16_t)first_node(g, g->clist[i]);
		for (unsigned i = 1; i < ncl; i++)
			for (unsigned j = i; j > 0 && g->key[j - 1] > g->key[j]; j--) {
				uint16_t k = g->key[j], c = g->clist[j];
				g->key[j] = g->key[j - 1];
				g->clist[j] = g->clist[j - 1];
				g->key[j - 1] = k;
				g->clist[j - 1] = c;
			}
		for (unsigned ci = 0; ci < ncl; ci++) {
			{
				unsigned v = g->clist[ci], t = g->key[ci] / CC_MAXSEG;
				assert(g->done[v] == 1);
				unsigned best = 0, win = 0;
				long farmers = 0;
				for (unsigned s = 0; s < g->nseats; s++) {
					unsigned n = g->farm_tally[v * CC_MAXSEATS + s];
					farmers += n;
					if (n > best) {
						best = n;
						win = 1u << s;
					} else if (n == best && n) {
						win |= 1u << s;
					}
				}
				if (!win)
					continue;
				char what[160];
				long tiles, shields;
				walk_feature(g, v, false, &tiles, &shields);
				if (sink)
					snprintf(what, sizeof what, "the farmers of the completed "
						 "city of %ld tiles at %d,%d (%ld in its fields)",
						 tiles, g->tile[t].x, g->tile[t].y, farmers);
				cc_score sc = { .kind = "farm", .winners = win,
						.points = 4, .by = CC_FIELD,
						.x = g->tile[t].x, .y = g->tile[t].y,
						.cities = 1, .followers = farmers,
						.what = what };
				award(g, sink, &sc);
			}
		}
	}
}

static void cc_finish(void *game, const arb_sink *sink)
{
	cc_game *g = game;
	if (g->finished || !cc_over(g))
		return;
	g->finished = true;
	final_features(g, sink);
	if (g->farm != CC_FARM_OFF)
		final_farms(g, sink);
}

static void cc_standing(const void *game, arb_standing *out)
{
	const cc_game *g = game;
	memset(out, 0, sizeof *out);
	out->over = cc_over(g);
	int best = 0;
	for (unsigned s = 0; s < g->nseats; s++) {
		out->score[s] = g->score[s];
		if (s == 0 || g->score[s] > best)
			best = g->score[s];
	}
	for (unsigned s = 0; s < g->nseats && out->over; s++)
		out->winner[s] = g->score[s] == best;
	static const char *const keys[] = { "roads", "cities", "cloisters",
					    "farms", "followers" };
	out->nbd = 5;
	for (unsigned k = 0; k < 5; k++)
		out->bd_key[k] = keys[k];
	for (unsigned s = 0; s < g->nseats; s++) {
		out->bd[s][0] = g->by_kind[s][CC_ROAD];
		out->bd[s][1] = g->by_kind[s][CC_CITY];
		out->bd[s][2] = g->by_kind[s][CC_CLOISTER];
		out->bd[s][3] = g->by_kind[s][CC_FIELD];
		out->bd[s][4] = g->supply[s];
	}
}

ARB_DECLARE_DATA(carcassonne);

const arb_game_ops carcassonne_game = {
	.name = "carcassonne",
	.title = "Carcassonne",
	.colours = colours,
	.min_seats = 2,
	.max_seats = 5,
	.move_size = sizeof(cc_move),
	.data_name = "notation/carcassonne/carcassonne.yaml",
	.data = arb_data_carcassonne,
	.data_size = &arb_data_carcassonne_size,
	.data_load = cc_data_load,
	.data_free = cc_data_free,
	.create = cc_create,
	.destroy = cc_destroy,
	.parse = cc_parse,
	.format = cc_format,
	.apply = cc_apply,
	.over = cc_over,
	.finish = cc_finish,
	.standing = cc_standing,
	.moves = cc_moves,
	.dump = cc_dump,
	.snapshot = cc_snapshot,
	.random_turn = cc_random_turn,
};
