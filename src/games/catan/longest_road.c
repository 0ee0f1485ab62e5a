/*
 * longest_road.c — the Longest Road: the longest trail through a player's
 * roads, and the card moving between players by the fact sheet's rule 2.9.
 *
 * This is the one search in the engine: a depth-first walk over a
 * player's roads (at most 15: the data loader refuses more, and the masks
 * below are sized for it) with the used roads as a bit mask, run only for
 * the players whose network a road or settlement touched, and after a
 * road whose new end is a leaf only from that leaf.  While a view record
 * is followed one way at a time, its answers are remembered
 * (cat_trail_memo): the search (hidden/) plays the same roads again in
 * every way it tries, and walking them again was a fifth of its costliest
 * game; elsewhere a road is played once, and the memo would cost more
 * than it saves.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "catan.h"

/* The longest road works on "chains": maximal runs of roads whose inner
 * intersections have exactly two of the player's roads and no opponent's
 * building.  A trail can only turn or stop at a chain's end (a "key" node:
 * one or three roads, or an opponent's building), so the search walks
 * chains instead of single roads: a network of 15 roads is usually a
 * handful of chains. */
typedef struct chains {
	uint8_t end[CAT_MAX_ROADS][2]; /* key nodes at its ends           */
	uint8_t len[CAT_MAX_ROADS];    /* roads in it                     */
	uint8_t nat[CAT_NODES];	       /* chain ends at each key node     */
	uint8_t at[CAT_NODES][3];      /* ... which chains                */
	uint64_t stop;		       /* key nodes with an opponent's building */
} chains;

/* Longest continuation from key node v with chains `used` taken.  The
 * first node of a trail may hold an opponent's building (the trail
 * leaves it); the caller checks `stop` for every later one. */
static unsigned chain_walk(const chains *c, unsigned v, uint32_t used)
{
	unsigned best = 0;
	for (unsigned i = 0; i < c->nat[v]; i++) {
		unsigned k = c->at[v][i];
		if (used >> k & 1)
			continue;
		unsigned w = c->end[k][0] ^ c->end[k][1] ^ v;
		unsigned l = c->len[k];
		if (!(c->stop >> w & 1))
			l += chain_walk(c, w, used | 1u << k);
		if (l > best)
			best = l;
	}
	return best;
}

/* Eight bytes of an array as a little-endian word, whatever the host
 * (compilers turn this into one load where they can). */
static inline uint64_t load8(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	       (uint64_t)p[7] << 56;
}

/* The bytes of the word w equal to o, one bit per byte: bit j for byte j.
 * Exact per byte (no borrow runs between bytes), so eight at once replace
 * a byte loop over the 72 edges on every search. */
static inline unsigned bytes_eq(uint64_t w, unsigned o)
{
	const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
	uint64_t x = w ^ (0x0101010101010101ull * o);
	uint64_t z = ~(((x & lo7) + lo7) | x | lo7); /* 0x80 where x is 0 */
	return (unsigned)(((z >> 7) * 0x0102040810204080ull) >> 56);
}

/* The trails walked in a game, by what they depend on alone: the
 * player's roads (72 bits), the intersections that hold an opponent's
 * building (54 bits) and the leaf a trail starts at (trail_leaf; 0 for
 * cat_trail's any start).  Direct-mapped: a newer trail takes an older
 * one's entry.  The geometry is the game's, so a memo serves one game. */
#define TRAIL_MEMO 512u

typedef struct trail_key {
	uint64_t own_lo; /* edges 0..63                              */
	uint64_t rest;	 /* edges 64..71, and the leaf + 1 from bit 8 */
	uint64_t opp;	 /* intersections with an opponent's building */
} trail_key;

struct cat_trail_memo {
	trail_key key[TRAIL_MEMO];
	uint8_t len1[TRAIL_MEMO]; /* the trail's length + 1; 0: unused */
};

struct cat_trail_memo *cat_trail_memo_new(void)
{
	/* a key is read only where len1 says the entry is used: only len1
	 * is cleared (calloc's 13 kB cost 0.4 % of an observer view) */
	struct cat_trail_memo *m = arb_xmalloc(sizeof *m);
	memset(m->len1, 0, sizeof m->len1);
	return m;
}

void cat_trail_memo_free(struct cat_trail_memo *m)
{
	free(m);
}

/* The roads of seat `me` (seat + 1) and its opponents' buildings in s. */
static trail_key trail_key_of(const cat_state *s, unsigned me, int leaf)
{
	trail_key k = { 0, 0, 0 };
	for (unsigned i = 0; i < 8; i++)
		k.own_lo |= (uint64_t)bytes_eq(load8(s->edge_owner + 8 * i), me) << (8 * i);
	k.rest = bytes_eq(load8(s->edge_owner + 64), me) | (uint64_t)(leaf + 1) << 8;
	static_assert(CAT_EDGES == 72 && CAT_NODES <= 64, "the masks hold the board");
	unsigned v = 0;
	for (; v + 8 <= CAT_NODES; v += 8) {
		uint64_t w = load8(s->node_owner + v);
		k.opp |= (uint64_t)(~(bytes_eq(w, 0) | bytes_eq(w, me)) & 0xffu) << v;
	}
	for (; v < CAT_NODES; v++)
		if (s->node_owner[v] && s->node_owner[v] != me)
			k.opp |= 1ull << v;
	return k;
}

static unsigned trail_slot(const trail_key *k)
{
	uint64_t h = (k->own_lo ^ k->rest * 0x9e3779b97f4a7c15ull) * 0xff51afd7ed558ccdull;
	h = (h ^ k->opp ^ h >> 29) * 0xc4ceb9fe1a85ec53ull;
	return (unsigned)(h >> 32) & (TRAIL_MEMO - 1);
}

/* The remembered length of trail k at slot i, or -1. */
static int trail_recalled(const struct cat_trail_memo *m, unsigned i, const trail_key *k)
{
	const trail_key *e = &m->key[i];
	if (m->len1[i] && e->own_lo == k->own_lo && e->rest == k->rest && e->opp == k->opp)
		return m->len1[i] - 1;
	return -1;
}

static void trail_remember(struct cat_trail_memo *m, unsigned i, const trail_key *k, unsigned len)
{
	m->key[i] = *k;
	m->len1[i] = (uint8_t)(len + 1);
}

/* The player's roads (own_lo, own_hi: 72 bits by edge id) and those
 * walked (walked_lo, walked_hi), for walk_trail and longest_cycle. */
#define OWN(e) ((e) < 64 ? own_lo >> (e)&1 : own_hi >> ((e)-64) & 1)
#define WALKED(e) ((e) < 64 ? walked_lo >> (e)&1 : walked_hi >> ((e)-64) & 1)
#define WALK(e) ((e) < 64 ? (walked_lo |= 1ull << (e)) : (walked_hi |= 1ull << ((e)-64)))

/* The longest of the cycles of plain intersections that the roads
 * mine[0..n) not walked from a key node form: each counts whole.  Apart
 * from walk_trail for its length only; inlined there (one caller). */
static inline unsigned longest_cycle(const cat_geom *G, const uint8_t *mine, unsigned n,
				     uint64_t own_lo, uint64_t own_hi, uint64_t walked_lo,
				     uint64_t walked_hi)
{
	unsigned best = 0;
	for (unsigned i = 0; i < n; i++) {
		if (WALKED(mine[i]))
			continue;
		unsigned prev = G->edge_node[mine[i]][0], e = mine[i], len = 0;
		while (!WALKED(e)) {
			WALK(e);
			len++;
			unsigned v = G->edge_node[e][0] ^ G->edge_node[e][1] ^ prev;
			for (unsigned j = 0; j < G->node_nadj[v]; j++) {
				unsigned f = G->node_edge[v][j];
				if (f != e && OWN(f)) {
					prev = v;
					e = f;
					break;
				}
			}
		}
		if (len > best)
			best = len;
	}
	return best;
}

/* Longest trail through a player's roads: no road used twice; an
 * opponent's building at an intersection ends a trail there (it may reach
 * it but not pass through).  A longest trail can always be taken to start
 * at a key node, except a whole cycle of plain intersections, which is
 * measured apart. */
static unsigned walk_trail(const cat_game *g, const cat_state *s, unsigned seat)
{
	const cat_geom *G = &g->d->g;
	const unsigned me = seat + 1;
	/* The player's roads as a 72-bit mask, eight edges a step. */
	uint64_t own_lo = 0, own_hi = 0;
	for (unsigned i = 0; i < 8; i++)
		own_lo |= (uint64_t)bytes_eq(load8(s->edge_owner + 8 * i), me) << (8 * i);
	own_hi = bytes_eq(load8(s->edge_owner + 64), me);
	uint8_t mine[CAT_MAX_ROADS + 1], n = 0;
	uint8_t deg[CAT_NODES];
	memset(deg, 0, sizeof deg);
	for (uint64_t m = own_lo; m && n <= CAT_MAX_ROADS; m &= m - 1)
		mine[n++] = (uint8_t)__builtin_ctzll(m);
	for (uint64_t m = own_hi; m && n <= CAT_MAX_ROADS; m &= m - 1)
		mine[n++] = (uint8_t)(64 + __builtin_ctzll(m));
	if (n == 0)
		return 0;
	assert(n <= CAT_MAX_ROADS);
	for (unsigned i = 0; i < n; i++) {
		deg[G->edge_node[mine[i]][0]]++;
		deg[G->edge_node[mine[i]][1]]++;
	}
	chains c;
	unsigned nc = 0;
	c.stop = 0;
	uint64_t key = 0;
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < 2; k++) {
			unsigned v = G->edge_node[mine[i]][k];
			unsigned o = s->node_owner[v];
			bool opp = o && o != me;
			if (deg[v] != 2 || opp) {
				key |= 1ull << v;
				c.nat[v] = 0;
				if (opp)
					c.stop |= 1ull << v;
			}
		}
	/* Walk every chain from its key ends; `walked` marks roads. */
	uint64_t walked_lo = 0, walked_hi = 0; /* by edge id (72 bits) */
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < 2; k++) {
			unsigned v0 = G->edge_node[mine[i]][k];
			if (!(key >> v0 & 1) || WALKED(mine[i]))
				continue;
			unsigned prev = v0, e = mine[i], len = 0, v;
			for (;;) {
				WALK(e);
				len++;
				v = G->edge_node[e][0] ^ G->edge_node[e][1] ^ prev;
				if (key >> v & 1)
					break;
				unsigned next = CAT_NONE;
				for (unsigned j = 0; j < G->node_nadj[v]; j++) {
					unsigned f = G->node_edge[v][j];
					if (f != e && OWN(f))
						next = f;
				}
				assert(next != CAT_NONE);
				prev = v;
				e = next;
			}
			assert(nc < CAT_MAX_ROADS);
			c.end[nc][0] = (uint8_t)v0;
			c.end[nc][1] = (uint8_t)v;
			c.len[nc] = (uint8_t)len;
			c.at[v0][c.nat[v0]++] = (uint8_t)nc;
			c.at[v][c.nat[v]++] = (uint8_t)nc;
			nc++;
		}
	unsigned best = 0;
	/* Roads not walked form cycles of plain intersections: all count. */
	if ((walked_lo != own_lo || walked_hi != own_hi))
		best = longest_cycle(G, mine, n, own_lo, own_hi, walked_lo, walked_hi);
#undef WALKED
#undef WALK
#undef OWN
	for (uint64_t m = key; m && best < n; m &= m - 1) {
		unsigned l = chain_walk(&c, (unsigned)__builtin_ctzll(m), 0);
		if (l > best)
			best = l;
	}
	return best;
}

/* The longest trail from node v, road by road: free[] is the edges'
 * owners with the roads the trail has taken cleared (on the way down,
 * set again on the way back, so a step tests one byte).  Cheaper than
 * building the chains when only one start matters (trail_leaf).  A trail
 * of `enough` roads ends the search: the caller only asks whether the
 * new road lengthened the player's longest, and one such trail answers
 * that. */
typedef struct road_walk_ctx {
	const cat_geom *G;
	const uint8_t *node_owner;
	unsigned me;
	uint8_t free[CAT_EDGES];
} road_walk_ctx;

static unsigned road_walk(road_walk_ctx *w, unsigned v, unsigned enough)
{
	const cat_geom *G = w->G;
	unsigned best = 0;
	for (unsigned j = 0; j < G->node_nadj[v]; j++) {
		unsigned f = G->node_edge[v][j];
		if (w->free[f] != w->me)
			continue;
		unsigned u = G->node_adj[v][j];
		unsigned o = w->node_owner[u];
		unsigned l = 1;
		if ((!o || o == w->me) && enough > 1) { /* an opponent's building: stop */
			w->free[f] = 0;
			l += road_walk(w, u, enough - 1);
			w->free[f] = (uint8_t)w->me;
		}
		if (l > best)
			best = l;
		if (best >= enough)
			break;
	}
	return best;
}

/* A walk over `seat`'s roads but `road` (just built: the trail takes it
 * apart), its buildings passable and the opponents' stopping it. */
static inline void walk_from(road_walk_ctx *w, const cat_geom *G, const cat_state *s, unsigned seat,
			     unsigned road)
{
	w->G = G;
	w->node_owner = s->node_owner;
	w->me = seat + 1;
	memcpy(w->free, s->edge_owner, sizeof w->free);
	w->free[road] = 0;
}

/* The longest trail that starts at `leaf`, a node where the player has
 * exactly one road (`road`, the one just built), or `enough` when it is
 * at least that.  Such a trail is that road and then a trail of the
 * network as it was from the road's other end, so the answer is at most
 * the cached length plus one (see cat_lr_update); the walk starts past
 * the road, which is what road_walk would take first from the leaf. */
static unsigned trail_leaf(const cat_game *g, const cat_state *s, unsigned seat, unsigned leaf,
			   unsigned road, unsigned enough)
{
	const cat_geom *G = &g->d->g;
	unsigned u = G->edge_node[road][0] ^ G->edge_node[road][1] ^ leaf;
	unsigned o = s->node_owner[u];
	if ((o && o != seat + 1) || enough <= 1) /* an opponent's building: stop */
		return 1;
	road_walk_ctx w;
	walk_from(&w, G, s, seat, road);
	return 1 + road_walk(&w, u, enough - 1);
}

/* The longest trail that goes through `road` (its roads in w->free, the
 * road itself cleared), one end of the road at v and the other at `b`:
 * `len` roads taken back from v so far (the trail's first part, walked
 * in reverse from the road), then the road, then the longest trail on
 * from b over the roads left (road_walk with all of them as `enough`,
 * so exact).  `left` counts the free roads: a trail of all of them ends
 * the search. */
static unsigned through_walk(road_walk_ctx *w, unsigned v, unsigned b, bool b_stops, unsigned len,
			     unsigned left)
{
	unsigned best = 1 + len + (b_stops || !left ? 0 : road_walk(w, b, left));
	const cat_geom *G = w->G;
	for (unsigned j = 0; j < G->node_nadj[v] && best < len + 1 + left; j++) {
		unsigned f = G->node_edge[v][j];
		if (w->free[f] != w->me)
			continue;
		unsigned u = G->node_adj[v][j];
		unsigned o = w->node_owner[u];
		w->free[f] = 0;
		unsigned l;
		if (!o || o == w->me) /* else an opponent's building ends it at u */
			l = through_walk(w, u, b, b_stops, len + 1, left - 1);
		else
			l = 1 + len + 1 + (b_stops || left == 1 ? 0 : road_walk(w, b, left - 1));
		w->free[f] = (uint8_t)w->me;
		if (l > best)
			best = l;
	}
	return best;
}

/* The longest trail of `seat` that uses `road`, just built between two of
 * its roads: the new longest trail is the old one or such a trail, and
 * this search, from the road's two ends, is cheaper than the whole
 * network's (walk_trail). */
static unsigned trail_through(const cat_game *g, const cat_state *s, unsigned seat, unsigned road)
{
	const cat_geom *G = &g->d->g;
	road_walk_ctx w;
	walk_from(&w, G, s, seat, road);
	unsigned a = G->edge_node[road][0], b = G->edge_node[road][1];
	unsigned oa = s->node_owner[a], ob = s->node_owner[b];
	bool a_stops = oa && oa != w.me, b_stops = ob && ob != w.me;
	unsigned left = s->p[seat].roads - 1u;
	if (a_stops) { /* the trail cannot go on past a: it starts there */
		unsigned t = a;
		a = b;
		b = t;
		b_stops = true;
		a_stops = ob && ob != w.me;
	}
	if (a_stops)
		return 1;
	return through_walk(&w, a, b, b_stops, 0, left);
}

/* The longest trail of `seat` from `leaf` (by `road`), or from anywhere
 * when it is -1: recalled when the game keeps a memo and met it before.  From a leaf
 * without a memo the search stops at `enough` roads (trail_leaf); the
 * memo keeps only exact lengths, so with one it walks every trail. */
static inline unsigned trail(const cat_game *g, const cat_state *s, unsigned seat, int leaf,
			     unsigned road, unsigned enough)
{
	trail_key k;
	unsigned i = 0;
	if (g->trails) {
		k = trail_key_of(s, seat + 1, leaf);
		i = trail_slot(&k);
		int len = trail_recalled(g->trails, i, &k);
		if (len >= 0)
			return (unsigned)len;
	}
	if (g->trails)
		enough = CAT_MAX_ROADS + 1;
	unsigned len = leaf < 0 ? walk_trail(g, s, seat)
				: trail_leaf(g, s, seat, (unsigned)leaf, road, enough);
	if (g->trails)
		trail_remember(g->trails, i, &k, len);
	return len;
}

unsigned cat_trail(const cat_game *g, const cat_state *s, unsigned seat)
{
	return trail(g, s, seat, -1, 0, 0);
}

/* Recompute the roads of the seats in `mask` and move the Longest Road
 * card by the fact sheet's rule 2.9: nobody at CAT_LONGEST_MIN+ ->
 * nobody; the holder among the longest keeps it; else a single longest
 * player takes it; else it is set aside.  `why` describes what changed,
 * for the event text; `broken` says a settlement cut a road
 * (longest-road-tie=aside).  `leaf` >= 0: the one seat in `mask` has
 * just built `road`, whose end `leaf` touches no other road of theirs; the new longest trail is the
 * old one or one that starts at the leaf (the only trails that use the
 * new road), so only those are searched. */
void cat_lr_update(cat_game *g, const arb_sink *sink, unsigned mask, bool broken, int leaf,
		   unsigned road, const char *why)
{
	cat_state *s = &g->s;
	/* the holder's length before, for longest-road-tie=aside */
	unsigned h = s->lr, h_old = h != CAT_NONE ? s->p[h].road_len : 0;
	unsigned last = 0; /* the seat recomputed last */
	for (unsigned m = mask & ((1u << g->nseats) - 1); m; m &= m - 1) {
		unsigned p = (unsigned)__builtin_ctz(m), old = s->p[p].road_len;
		last = p;
		if (leaf == -1 || (leaf == CAT_LR_JOIN && g->trails)) {
			s->p[p].road_len = (uint8_t)cat_trail(g, s, p);
		} else if (leaf == CAT_LR_JOIN) {
			unsigned l = trail_through(g, s, p, road);
			if (l > old)
				s->p[p].road_len = (uint8_t)l;
			assert(s->p[p].road_len == walk_trail(g, s, p));
		} else if (s->p[p].roads > old) {
			/* A trail has at most all the player's roads: with no
			 * more roads than the old length, the new road cannot
			 * lengthen it, and a trail one longer is all it can. */
			unsigned l = trail(g, s, p, leaf, road, old + 1);
			if (l > old)
				s->p[p].road_len = (uint8_t)l;
		}
	}
	/* A held card stays when the one road built left the holder's road
	 * among the longest: a holder has CAT_LONGEST_MIN or more roads and
	 * no one a longer road (the Setup tag's loader refuses anything else,
	 * and every update below leaves it so), and only `last` grew, to no
	 * more than the holder's.  The assertion build goes on and checks the
	 * rule's answer is the same. */
	bool kept =
		h != CAT_NONE && leaf != -1 && !broken && s->p[last].road_len <= s->p[h].road_len;
#ifdef NDEBUG
	if (kept)
		return;
#endif
	unsigned max = 0, nmax = 0, who = CAT_NONE;
	for (unsigned p = 0; p < g->nseats; p++) {
		unsigned l = s->p[p].road_len;
		if (l > max) {
			max = l;
			nmax = 1;
			who = p;
		} else if (l == max) {
			nmax++;
		}
	}
	unsigned nh;
	if (max < CAT_LONGEST_MIN)
		nh = CAT_NONE;
	else if (h != CAT_NONE && s->p[h].road_len == max &&
		 !(g->opt_lrtie == LRT_ASIDE && broken && nmax > 1 && s->p[h].road_len < h_old))
		nh = h;
	else if (nmax == 1)
		nh = who;
	else
		nh = CAT_NONE;
	assert(!kept || nh == h);
	if (nh == h)
		return;
	s->lr = (uint8_t)nh;
	arb_event *ev = cat_event(g, sink, "longest-road");
	if (!ev)
		return;
	if (h != CAT_NONE)
		ev->delta[h] = -2;
	if (nh != CAT_NONE)
		ev->delta[nh] = 2;
	char why2[64];
	if (nh != CAT_NONE)
		snprintf(why2, sizeof why2, "%u roads", max);
	else if (max < CAT_LONGEST_MIN)
		snprintf(why2, sizeof why2, "no road of %u or more", CAT_LONGEST_MIN);
	else
		snprintf(why2, sizeof why2,
			 "the longest roads tie at %u, the "
			 "card is set aside",
			 max);
	snprintf(ev->text, sizeof ev->text,
		 "%s: longest road goes from %s to "
		 "%s (%s)",
		 why, h == CAT_NONE ? "nobody" : cat_cname(g, h),
		 nh == CAT_NONE ? "nobody" : cat_cname(g, nh), why2);
	arb_event_str(ev, "from", h == CAT_NONE ? "nobody" : cat_cname(g, h));
	arb_event_str(ev, "to", nh == CAT_NONE ? "nobody" : cat_cname(g, nh));
	arb_event_num(ev, "length", (long)max);
}
