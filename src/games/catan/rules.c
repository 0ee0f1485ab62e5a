/*
 * rules.c — playing a Catan turn line: set-up placements, the dice and
 * production, the 7 and the robber, trades, building, development cards,
 * longest road, largest army and the win.
 *
 * A turn line is a sequence of actions, checked one by one against the
 * position as it evolves, so every rejection points at the action that
 * breaks a rule.  apply() first copies the position (a few hundred bytes)
 * and restores it when an action fails, so a rejected line leaves no
 * trace; score events are held back for the same reason and sent only when
 * the whole line is legal.
 *
 * Longest road is the one search in the engine: a depth-first walk over a
 * player's at most 15 roads with the used roads as a bit mask, run only
 * for the players whose network a road or settlement touched.
 */
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"

extern const char *const cat_colours[];

static const char *cname(const cat_game *g, unsigned seat)
{
	return cat_colours[g->colour[seat]];
}

/* Victory points of a seat now (VP cards in hand count unless the
 * vp-cards=revealed option says only shown ones do). */
unsigned cat_vp(const cat_game *g, unsigned seat)
{
	const cat_player *p = &g->s.p[seat];
	unsigned v = p->settlements + 2u * p->cities;
	v += g->s.lr == seat ? 2 : 0;
	v += g->s.la == seat ? 2 : 0;
	v += g->opt_vpc == VPC_HIDDEN ? p->dev[D_VP] : p->vp_shown;
	return v;
}

/* ------------------------------------------------------------ events */

/* A new event in the turn's buffer, or NULL when nobody listens. */
static arb_event *event(cat_game *g, const arb_sink *sink, const char *kind)
{
	if (!sink || g->nev >= CAT_MAX_EVENTS)
		return NULL;
	arb_event *ev = &g->ev[g->nev++];
	memset(ev, 0, sizeof *ev);
	ev->kind = kind;
	return ev;
}

static void field_num(arb_event *ev, const char *key, long v)
{
	assert(ev->nfields < ARB_MAX_FIELDS);
	ev->fields[ev->nfields].key = key;
	ev->fields[ev->nfields].str = NULL;
	ev->fields[ev->nfields++].num = v;
}

static void field_str(arb_event *ev, const char *key, const char *s)
{
	assert(ev->nfields < ARB_MAX_FIELDS);
	ev->fields[ev->nfields].key = key;
	ev->fields[ev->nfields++].str = s;
}

/* ------------------------------------------------------ longest road */

/* The longest road works on "chains": maximal runs of roads whose inner
 * intersections have exactly two of the player's roads and no opponent's
 * building.  A trail can only turn or stop at a chain's end (a "key" node:
 * one or three roads, or an opponent's building), so the search walks
 * chains instead of single roads: a network of 15 roads is usually a
 * handful of chains. */
typedef struct chains {
	uint8_t end[15][2];            /* key nodes at its ends           */
	uint8_t len[15];               /* roads in it                     */
	uint8_t nat[CAT_NODES];        /* chain ends at each key node     */
	uint8_t at[CAT_NODES][3];      /* ... which chains                */
	uint64_t stop;                 /* key nodes with an opponent's building */
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
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	       (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 |
	       (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 |
	       (uint64_t)p[7] << 56;
}

/* The bytes of the word w equal to o, one bit per byte: bit j for byte j.
 * Exact per byte (no borrow runs between bytes), so eight at once replace
 * a byte loop over the 72 edges on every search. */
static inline unsigned bytes_eq(uint64_t w, unsigned o)
{
	const uint64_t lo7 = 0x7f7f7f7f7f7f7f7full;
	uint64_t x = w ^ (0x0101010101010101ull * o);
	uint64_t z = ~(((x & lo7) + lo7) | x | lo7);   /* 0x80 where x is 0 */
	return (unsigned)(((z >> 7) * 0x0102040810204080ull) >> 56);
}

/* Longest trail through a player's roads: no road used twice; an
 * opponent's building at an intersection ends a trail there (it may reach
 * it but not pass through).  A longest trail can always be taken to start
 * at a key node, except a whole cycle of plain intersections, which is
 * measured apart. */
unsigned cat_trail(const cat_game *g, const cat_state *s, unsigned seat)
{
	const cat_geom *G = &g->d->g;
	const unsigned me = seat + 1;
	/* The player's roads as a 72-bit mask, eight edges a step. */
	uint64_t own_lo = 0, own_hi = 0;
	for (unsigned i = 0; i < 8; i++)
		own_lo |= (uint64_t)bytes_eq(load8(s->edge_owner + 8 * i), me)
			  << (8 * i);
	own_hi = bytes_eq(load8(s->edge_owner + 64), me);
#define OWN(e) ((e) < 64 ? own_lo >> (e) & 1 : own_hi >> ((e) - 64) & 1)
	uint8_t mine[16], n = 0;
	uint8_t deg[CAT_NODES];
	memset(deg, 0, sizeof deg);
	for (uint64_t m = own_lo; m && n < 16; m &= m - 1)
		mine[n++] = (uint8_t)__builtin_ctzll(m);
	for (uint64_t m = own_hi; m && n < 16; m &= m - 1)
		mine[n++] = (uint8_t)(64 + __builtin_ctzll(m));
	if (n == 0)
		return 0;
	assert(n <= 15);
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
	uint64_t walked_lo = 0, walked_hi = 0;   /* by edge id (72 bits) */
#define WALKED(e) ((e) < 64 ? walked_lo >> (e) & 1 : walked_hi >> ((e) - 64) & 1)
#define WALK(e) ((e) < 64 ? (walked_lo |= 1ull << (e)) : (walked_hi |= 1ull << ((e) - 64)))
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
			assert(nc < 15);
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
		for (unsigned i = 0; i < n; i++) {
			if (WALKED(mine[i]))
				continue;
			unsigned prev = G->edge_node[mine[i]][0], e = mine[i],
				 len = 0;
			while (!WALKED(e)) {
				WALK(e);
				len++;
				unsigned v = G->edge_node[e][0] ^
					     G->edge_node[e][1] ^ prev;
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

/* The longest trail from node v, road by road: lo/hi mark the roads
 * already used (72 bits in two words).  Cheaper than building the chains
 * when only one start matters (trail_leaf). */
typedef struct road_walk_ctx {
	const cat_geom *G;
	const cat_state *s;
	unsigned me;
} road_walk_ctx;

static unsigned road_walk(const road_walk_ctx *w, unsigned v, uint64_t lo,
			  uint64_t hi)
{
	const cat_geom *G = w->G;
	unsigned best = 0;
	for (unsigned j = 0; j < G->node_nadj[v]; j++) {
		unsigned f = G->node_edge[v][j];
		if (w->s->edge_owner[f] != w->me)
			continue;
		uint64_t nlo = lo, nhi = hi;
		if (f < 64) {
			if (lo >> f & 1)
				continue;
			nlo |= 1ull << f;
		} else {
			if (hi >> (f - 64) & 1)
				continue;
			nhi |= 1ull << (f - 64);
		}
		unsigned u = G->node_adj[v][j];
		unsigned o = w->s->node_owner[u];
		unsigned l = 1;
		if (!o || o == w->me)   /* an opponent's building: stop */
			l += road_walk(w, u, nlo, nhi);
		if (l > best)
			best = l;
	}
	return best;
}

/* The longest trail that starts at `leaf`, a node where the player has
 * exactly one road (the one just built).  Such a trail is that road and
 * then a trail of the network as it was, so the answer is at most the
 * cached length plus one (see lr_update). */
static unsigned trail_leaf(const cat_game *g, const cat_state *s,
			   unsigned seat, unsigned leaf)
{
	road_walk_ctx w = {&g->d->g, s, seat + 1};
	return road_walk(&w, leaf, 0, 0);
}

/* Recompute the roads of the seats in `mask` and move the Longest Road
 * card by the fact sheet's rule 2.9: nobody at 5+ -> nobody; the holder
 * among the longest keeps it; else a single longest player takes it; else
 * it is set aside.  `why` describes what changed, for the event text;
 * `broken` says a settlement cut a road (longest-road-tie=aside).
 * `leaf` >= 0: the one seat in `mask` has just built a road whose end
 * `leaf` touches no other road of theirs; the new longest trail is the
 * old one or one that starts at the leaf (the only trails that use the
 * new road), so only those are searched. */
static void lr_update(cat_game *g, const arb_sink *sink, unsigned mask,
		      bool broken, int leaf, const char *why)
{
	cat_state *s = &g->s;
	unsigned old_len[CAT_SEATS];
	for (unsigned p = 0; p < g->nseats; p++) {
		old_len[p] = s->p[p].road_len;
		if (!(mask >> p & 1))
			continue;
		if (leaf < 0) {
			s->p[p].road_len = (uint8_t)cat_trail(g, s, p);
		} else {
			unsigned l = trail_leaf(g, s, p, (unsigned)leaf);
			if (l > old_len[p])
				s->p[p].road_len = (uint8_t)l;
		}
	}
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
	unsigned h = s->lr, nh;
	if (max < 5)
		nh = CAT_NONE;
	else if (h != CAT_NONE && s->p[h].road_len == max &&
		 !(g->opt_lrtie == LRT_ASIDE && broken && nmax > 1 &&
		   s->p[h].road_len < old_len[h]))
		nh = h;
	else if (nmax == 1)
		nh = who;
	else
		nh = CAT_NONE;
	if (nh == h)
		return;
	s->lr = (uint8_t)nh;
	arb_event *ev = event(g, sink, "longest-road");
	if (!ev)
		return;
	if (h != CAT_NONE)
		ev->delta[h] = -2;
	if (nh != CAT_NONE)
		ev->delta[nh] = 2;
	char why2[64];
	if (nh != CAT_NONE)
		snprintf(why2, sizeof why2, "%u roads", max);
	else if (max < 5)
		snprintf(why2, sizeof why2, "no road of 5 or more");
	else
		snprintf(why2, sizeof why2, "the longest roads tie at %u, the "
			 "card is set aside", max);
	snprintf(ev->text, sizeof ev->text, "%s: longest road goes from %s to "
		 "%s (%s)", why, h == CAT_NONE ? "nobody" : cname(g, h),
		 nh == CAT_NONE ? "nobody" : cname(g, nh), why2);
	field_str(ev, "from", h == CAT_NONE ? "nobody" : cname(g, h));
	field_str(ev, "to", nh == CAT_NONE ? "nobody" : cname(g, nh));
	field_num(ev, "length", (long)max);
}

/* --------------------------------------------------------- resources */

static unsigned bundle_total(const uint8_t v[CAT_RES])
{
	unsigned t = 0;
	for (unsigned r = 0; r < CAT_RES; r++)
		t += v[r];
	return t;
}

/* The first resource of `v` the player lacks, or -1. */
static int lacks(const cat_player *p, const uint8_t v[CAT_RES])
{
	for (unsigned r = 0; r < CAT_RES; r++)
		if (p->res[r] < v[r])
			return (int)r;
	return -1;
}

static void hand_str(const cat_player *p, char *out, size_t len)
{
	cat_bundle_str(p->res, out, len);
}

/* Move cards: seat -> bank (dir < 0) or bank -> seat (dir > 0).  Counts
 * never go negative: callers check first (lacks(), the bank's stock). */
/* Every byte lane of x is at least that of w, for w's lanes below 0x80
 * (a bundle is at most 95 cards): setting each lane's top bit of x keeps
 * a lane's subtraction from borrowing from the next, and the bit survives
 * exactly where x >= w. */
static inline bool lanes_ge(uint64_t x, uint64_t w)
{
	const uint64_t H = 0x8080808080808080ull;
	return !(w & H) && (((x | H) - w) & H) == H;
}

static void bank_move(cat_state *s, unsigned seat, const uint8_t v[CAT_RES],
		      int dir)
{
	cat_player *p = &s->p[seat];
	/* All five counts at once, a byte lane each, in a word read from
	 * the hand and the bank (both arrays sit at least 8 bytes before
	 * their struct's end; the three lanes past them add 0).  No lane
	 * carries or borrows into the next: the hand holds what it gives
	 * (asserted) and the cards of a resource, at most 200 (the data's
	 * limit), never pass a byte.  Lanes are added byte for byte, so the host's byte order
	 * does not matter. */
	uint8_t b8[8] = {0};
	memcpy(b8, v, CAT_RES);
	uint64_t w, hand, bank;
	memcpy(&w, b8, 8);
	uint8_t *hp = (uint8_t *)p + offsetof(cat_player, res);
	uint8_t *bp = (uint8_t *)s + offsetof(cat_state, bank);
	static_assert(offsetof(cat_player, res) + 8 <= sizeof(cat_player),
		      "eight bytes from res stay in the player");
	static_assert(offsetof(cat_state, bank) + 8 <= sizeof(cat_state),
		      "eight bytes from bank stay in the state");
	memcpy(&hand, hp, 8);
	memcpy(&bank, bp, 8);
	unsigned n = (unsigned)((w * 0x0101010101010101ull) >> 56);
	if (dir < 0) {
		assert(lanes_ge(hand, w));
		hand -= w;
		bank += w;
		p->ncards = (uint8_t)(p->ncards - n);
	} else {
		assert(lanes_ge(bank, w));
		hand += w;
		bank -= w;
		p->ncards = (uint8_t)(p->ncards + n);
	}
	memcpy(hp, &hand, 8);
	memcpy(bp, &bank, 8);
}

static void give_card(cat_state *s, unsigned from, unsigned to, unsigned r,
		      unsigned n)
{
	assert(s->p[from].res[r] >= n);
	s->p[from].res[r] = (uint8_t)(s->p[from].res[r] - n);
	s->p[from].ncards = (uint8_t)(s->p[from].ncards - n);
	s->p[to].res[r] = (uint8_t)(s->p[to].res[r] + n);
	s->p[to].ncards = (uint8_t)(s->p[to].ncards + n);
}

/* Production of a roll: every hex with that number (not the robber's)
 * gives 1 card per settlement and 2 per city; a resource the bank cannot
 * cover is handled by the shortage= option.  `got` receives the cards. */
static void produce(cat_game *g, unsigned roll, uint8_t got[CAT_SEATS][CAT_RES])
{
	cat_state *s = &g->s;
	const cat_geom *G = &g->d->g;
	/* got[] first holds what is owed (at most 12 a cell: two hexes of
	 * three buildings each, cities counting 2); at most two hexes
	 * produce, so at most two resources are looked at after. */
	unsigned tot[CAT_RES] = {0};
	unsigned touched = 0;           /* resources produced, by bit */
	memset(got, 0, CAT_SEATS * CAT_RES);
	for (unsigned k = 0; k < 2; k++) {
		unsigned h = g->b.by_token[roll][k];
		if (h == CAT_NONE || h == s->robber)
			continue;
		unsigned r = g->b.terrain[h];
		for (unsigned c = 0; c < 6; c++) {
			unsigned v = G->hex_node[h][c];
			unsigned o = s->node_owner[v];
			if (!o)
				continue;
			unsigned n = 1u + s->node_city[v];
			got[o - 1][r] = (uint8_t)(got[o - 1][r] + n);
			tot[r] += n;
			touched |= 1u << r;
		}
	}
	if (!touched)
		return;
	unsigned short_res = 0;         /* resources the bank cannot cover */
	for (unsigned m = touched; m; m &= m - 1) {
		unsigned r = (unsigned)__builtin_ctz(m);
		if (tot[r] > s->bank[r])
			short_res |= 1u << r;
	}
	if (short_res) {
		if (g->opt_shortage == SH_ROLL) {
			memset(got, 0, CAT_SEATS * CAT_RES);
			return;
		}
		for (unsigned m = short_res; m; m &= m - 1) {
			unsigned r = (unsigned)__builtin_ctz(m);
			unsigned owers = 0, who = 0;
			for (unsigned p = 0; p < g->nseats; p++)
				if (got[p][r]) {
					owers++;
					who = p;
				}
			for (unsigned p = 0; p < g->nseats; p++)
				got[p][r] = 0;
			if (g->opt_shortage == SH_SINGLE && owers == 1)
				got[who][r] = s->bank[r];
		}
	}
	for (unsigned p = 0; p < g->nseats; p++)
		if (got[p][0] | got[p][1] | got[p][2] | got[p][3] | got[p][4])
			bank_move(s, p, got[p], 1);
}

/* ------------------------------------------------------- placements */

bool cat_settle_ok(const cat_game *g, const cat_state *s, unsigned seat,
		   unsigned node, bool setup)
{
	const cat_geom *G = &g->d->g;
	if (s->node_owner[node])
		return false;
	bool road = setup;
	for (unsigned i = 0; i < G->node_nadj[node]; i++) {
		if (s->node_owner[G->node_adj[node][i]])
			return false;
		if (s->edge_owner[G->node_edge[node][i]] == seat + 1)
			road = true;
	}
	return road;
}

/* Does an end `v` of a new road connect it for `seat`? */
static bool end_connects(const cat_game *g, const cat_state *s,
			 unsigned seat, unsigned v, unsigned edge)
{
	const cat_geom *G = &g->d->g;
	if (s->node_owner[v] == seat + 1)
		return true;
	if (s->node_owner[v])
		return false;          /* an opponent's building cuts it */
	for (unsigned i = 0; i < G->node_nadj[v]; i++)
		if (G->node_edge[v][i] != edge &&
		    s->edge_owner[G->node_edge[v][i]] == seat + 1)
			return true;
	return false;
}

bool cat_road_ok(const cat_game *g, const cat_state *s, unsigned seat,
		 unsigned edge, int setup_node)
{
	const cat_geom *G = &g->d->g;
	if (s->edge_owner[edge])
		return false;
	if (setup_node >= 0)
		return G->edge_node[edge][0] == setup_node ||
		       G->edge_node[edge][1] == setup_node;
	return end_connects(g, s, seat, G->edge_node[edge][0], edge) ||
	       end_connects(g, s, seat, G->edge_node[edge][1], edge);
}

/* ------------------------------------------------------------ a turn */

/* What the turn has done so far. */
typedef struct turn {
	cat_game *g;
	const cat_move *m;
	const arb_sink *sink;
	arb_reject *rej;
	unsigned seat;
	bool rolled, seven, built, played;
	bool robbed;          /* the 7's robber has moved this turn */
	unsigned roll;
	uint8_t must_discard[CAT_SEATS];   /* cards to discard, after a 7 */
	uint8_t discarded[CAT_SEATS];
	uint8_t bought[CAT_DEV];
	uint8_t got[CAT_SEATS][CAT_RES];   /* the roll's production       */
	int last_node;                     /* set-up: the new settlement  */
} turn;

/* A rejection at column `col` of the turn's line. */
static int rej_v(turn *t, uint32_t col, const char *rule, const char *fmt,
		 va_list ap) __attribute__((format(printf, 4, 0)));
static int rej_v(turn *t, uint32_t col, const char *rule, const char *fmt,
		 va_list ap)
{
	char msg[ARB_MSG_MAX];
	vsnprintf(msg, sizeof msg, fmt, ap);
	return arb_reject_pos(t->rej, t->m->line, col, rule, "%s", msg);
}

/* ... at the action's keyword */
static int rej_kw(turn *t, const cat_act *a, const char *rule,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int rej_kw(turn *t, const cat_act *a, const char *rule,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = rej_v(t, a->col, rule, fmt, ap);
	va_end(ap);
	return rc;
}

/* ... at the action's first argument */
static int rej_arg(turn *t, const cat_act *a, const char *rule,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int rej_arg(turn *t, const cat_act *a, const char *rule,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = rej_v(t, a->acol, rule, fmt, ap);
	va_end(ap);
	return rc;
}

static void vp_event(turn *t, const char *kind, int delta, const char *fmt,
		     ...) __attribute__((format(printf, 4, 5)));
static void vp_event(turn *t, const char *kind, int delta, const char *fmt,
		     ...)
{
	arb_event *ev = event(t->g, t->sink, kind);
	if (!ev)
		return;
	ev->delta[t->seat] = delta;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ev->text, sizeof ev->text, fmt, ap);
	va_end(ap);
	field_str(ev, "player", cname(t->g, t->seat));
}

/* Pay a cost to the bank, or reject naming what is missing. */
static int pay(turn *t, const cat_act *a, unsigned what, const char *name)
{
	cat_state *s = &t->g->s;
	const uint8_t *cost = t->g->d->cost[what];
	if (lacks(&s->p[t->seat], cost) >= 0) {
		char c[64], h[64];
		cat_bundle_str(cost, c, sizeof c);
		hand_str(&s->p[t->seat], h, sizeof h);
		return rej_kw(t, a, "cannot-afford", "%s cannot pay for %s "
			      "(%s) holding %s", cname(t->g, t->seat), name, c, h);
	}
	bank_move(s, t->seat, cost, -1);
	return 0;
}

/* Check a road at `edge` for the active seat (not its price). */
static int check_road(turn *t, const cat_act *a, unsigned edge, int setup_node)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	char en[8];
	if (!s->edge_owner[edge] && s->p[t->seat].roads < g->d->pieces[0] &&
	    cat_road_ok(g, s, t->seat, edge, setup_node))
		return 0;           /* the common case, without the words */
	cat_edge_name(g->d, edge, en);
	if (s->edge_owner[edge])
		return rej_arg(t, a, "path-occupied", "%s cannot build a road "
			       "at %s: %s's road is there", cname(g, t->seat),
			       en, cname(g, s->edge_owner[edge] - 1u));
	if (s->p[t->seat].roads >= g->d->pieces[0])
		return rej_kw(t, a, "no-pieces", "%s has no roads left (all %u "
			      "are on the board)", cname(g, t->seat),
			      g->d->pieces[0]);
	if (!cat_road_ok(g, s, t->seat, edge, setup_node)) {
		if (setup_node >= 0) {
			char nn[4];
			cat_node_name(g->d, (unsigned)setup_node, nn);
			return rej_arg(t, a, "setup-road", "%s's set-up road at "
				       "%s must touch the settlement just "
				       "placed at %s", cname(g, t->seat), en, nn);
		}
		/* Say so when an opponent's building is what cuts it off. */
		const cat_geom *G = &g->d->g;
		for (unsigned k = 0; k < 2; k++) {
			unsigned v = G->edge_node[edge][k];
			unsigned o = s->node_owner[v];
			if (!o || o == t->seat + 1u)
				continue;
			for (unsigned i = 0; i < G->node_nadj[v]; i++)
				if (s->edge_owner[G->node_edge[v][i]] ==
				    t->seat + 1u) {
					char nn[4];
					cat_node_name(g->d, v, nn);
					return rej_arg(t, a, "road-unconnected",
						       "%s cannot build a road at "
						       "%s: %s's %s at %s cuts it "
						       "off from %s's road",
						       cname(g, t->seat), en,
						       cname(g, o - 1),
						       s->node_city[v] ? "city"
								       : "settlement",
						       nn, cname(g, t->seat));
				}
		}
		return rej_arg(t, a, "road-unconnected", "%s cannot build a "
			       "road at %s: it touches none of %s's roads, "
			       "settlements or cities", cname(g, t->seat), en,
			       cname(g, t->seat));
	}
	return 0;
}

/* Place a checked road and update the longest road. */
static void put_road(turn *t, unsigned edge)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	assert(!s->edge_owner[edge]);
	s->edge_owner[edge] = (uint8_t)(t->seat + 1);
	s->p[t->seat].roads++;
	char why[64] = "";
	if (t->sink) {              /* words only when someone listens */
		char en[8];
		cat_edge_name(g->d, edge, en);
		snprintf(why, sizeof why, "%s built a road at %s",
			 cname(g, t->seat), en);
	}
	/* An end of the new road with no other road of the seat is a leaf:
	 * every trail through the new road starts there (reversed), so only
	 * those need measuring against the cached length. */
	const cat_geom *G = &g->d->g;
	int leaf = -1;
	for (unsigned k = 0; k < 2 && leaf < 0; k++) {
		unsigned v = G->edge_node[edge][k];
		bool alone = true;
		for (unsigned j = 0; j < G->node_nadj[v]; j++) {
			unsigned f = G->node_edge[v][j];
			if (f != edge && s->edge_owner[f] == t->seat + 1u)
				alone = false;
		}
		if (alone)
			leaf = (int)v;
	}
	lr_update(g, t->sink, 1u << t->seat, false, leaf, why);
}

static int place_road(turn *t, const cat_act *a, unsigned edge, int setup_node)
{
	if (check_road(t, a, edge, setup_node) < 0)
		return -1;
	put_road(t, edge);
	return 0;
}

/* Check a settlement at a->a for the active seat (not its price). */
static int check_settlement(turn *t, const cat_act *a, bool setup)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_geom *G = &g->d->g;
	unsigned v = a->a;
	char nn[4], on[4];
	cat_node_name(g->d, v, nn);
	if (s->node_owner[v])
		return rej_arg(t, a, "intersection-occupied", "%s cannot build "
			       "a settlement at %s: %s's %s is there",
			       cname(g, t->seat), nn,
			       cname(g, s->node_owner[v] - 1u),
			       s->node_city[v] ? "city" : "settlement");
	for (unsigned i = 0; i < G->node_nadj[v]; i++) {
		unsigned w = G->node_adj[v][i];
		if (s->node_owner[w]) {
			cat_node_name(g->d, w, on);
			return rej_arg(t, a, "distance-rule", "%s cannot build a "
				       "settlement at %s: %s's %s at %s is "
				       "adjacent (distance rule)",
				       cname(g, t->seat), nn,
				       cname(g, s->node_owner[w] - 1u),
				       s->node_city[w] ? "city" : "settlement",
				       on);
		}
	}
	if (s->p[t->seat].settlements >= g->d->pieces[1])
		return rej_kw(t, a, "no-pieces", "%s has all %u settlements on "
			      "the board and must upgrade one to a city first",
			      cname(g, t->seat), g->d->pieces[1]);
	if (!cat_settle_ok(g, s, t->seat, v, setup))
		return rej_arg(t, a, "settlement-unconnected", "%s cannot build "
			       "a settlement at %s: none of %s's roads leads "
			       "there", cname(g, t->seat), nn, cname(g, t->seat));
	return 0;
}

/* Place a checked settlement; it may cut opponents' roads. */
static void put_settlement(turn *t, unsigned v)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_geom *G = &g->d->g;
	char nn[4];
	cat_node_name(g->d, v, nn);
	s->node_owner[v] = (uint8_t)(t->seat + 1);
	s->node_city[v] = 0;
	s->p[t->seat].settlements++;
	s->p[t->seat].harb |= g->b.node_harb[v];
	vp_event(t, "settlement", 1, "%s builds a settlement at %s: 1 point",
		 cname(g, t->seat), nn);
	/* A settlement can cut an opponent's road that passes through. */
	unsigned cut = 0;
	for (unsigned i = 0; i < G->node_nadj[v]; i++) {
		unsigned o = s->edge_owner[G->node_edge[v][i]];
		if (o && o != t->seat + 1u)
			for (unsigned j = i + 1; j < G->node_nadj[v]; j++)
				if (s->edge_owner[G->node_edge[v][j]] == o)
					cut |= 1u << (o - 1);
	}
	if (cut) {
		char why[80] = "";
		unsigned o = 0;
		while (!(cut >> o & 1))
			o++;
		if (t->sink)
			snprintf(why, sizeof why, "a settlement at %s broke %s's "
				 "road", nn, cname(g, o));
		lr_update(g, t->sink, cut, true, -1, why);
	}
}

/* The robber to a->a, with the steal of a->c from a->b. */
static int move_robber(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_geom *G = &g->d->g;
	unsigned h = a->a;
	if (h == s->robber)
		return rej_arg(t, a, "robber-must-move", "the robber is already "
			       "at %c and must move to another hex", 'A' + h);
	if (g->b.terrain[h] == T_DESERT && g->opt_robber == ROB_TOKEN)
		return rej_arg(t, a, "robber-token", "the robber goes to a "
			       "number token and the desert at %c has none "
			       "(Variant robber=any allows it)", 'A' + h);
	unsigned cand = 0;
	for (unsigned c = 0; c < 6; c++) {
		unsigned o = s->node_owner[G->hex_node[h][c]];
		if (o && o != t->seat + 1u)
			cand |= 1u << (o - 1);
	}
	s->robber = (uint8_t)h;
	if (a->b == CAT_NONE) {
		for (unsigned p = 0; p < g->nseats; p++)
			if ((cand >> p & 1) && s->p[p].ncards)
				return rej_arg(t, a, "steal-required", "%s must "
					       "steal a card at %c: %s holds "
					       "%u cards", cname(g, t->seat),
					       'A' + h, cname(g, p),
					       s->p[p].ncards);
		return 0;
	}
	if (a->b == t->seat)
		return rej_arg(t, a, "steal-victim", "%s cannot steal from "
			       "themselves", cname(g, t->seat));
	if (!(cand >> a->b & 1))
		return rej_arg(t, a, "steal-victim", "%s cannot steal from %s: "
			       "%s has no settlement or city at %c",
			       cname(g, t->seat), cname(g, a->b),
			       cname(g, a->b), 'A' + h);
	if (!s->p[a->b].res[a->c])
		return rej_arg(t, a, "steal-card", "%s cannot steal %s from %s, "
			       "who holds none", cname(g, t->seat),
			       cat_res_name[a->c], cname(g, a->b));
	give_card(s, a->b, t->seat, a->c, 1);
	return 0;
}

/* A development card to play: held, not bought this turn, the first. */
static int play_card(turn *t, const cat_act *a, unsigned card)
{
	cat_game *g = t->g;
	cat_player *p = &g->s.p[t->seat];
	if (t->played)
		return rej_kw(t, a, "one-card-per-turn", "%s has already played "
			      "a development card this turn",
			      cname(g, t->seat));
	if (t->seven)
		return rej_kw(t, a, "robber-first", "after a 7 the discards and "
			      "the robber come before anything else");
	if (!p->dev[card])
		return rej_kw(t, a, "card-not-held", "%s holds no %s card",
			      cname(g, t->seat), cat_dev_name[card]);
	if (p->dev[card] <= t->bought[card])
		return rej_kw(t, a, "card-bought-this-turn", "%s bought that %s "
			      "card this turn and may play it only from the "
			      "next turn", cname(g, t->seat), cat_dev_name[card]);
	p->dev[card]--;
	t->played = true;
	return 0;
}

static void la_update(turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned k = s->p[t->seat].knights, h = s->la;
	if (k < 3 || h == t->seat || (h != CAT_NONE && s->p[h].knights >= k))
		return;
	s->la = (uint8_t)t->seat;
	arb_event *ev = event(g, t->sink, "largest-army");
	if (!ev)
		return;
	ev->delta[t->seat] = 2;
	if (h != CAT_NONE)
		ev->delta[h] = -2;
	snprintf(ev->text, sizeof ev->text, "%s's %u knights: largest army "
		 "goes from %s to %s", cname(g, t->seat), k,
		 h == CAT_NONE ? "nobody" : cname(g, h), cname(g, t->seat));
	field_str(ev, "from", h == CAT_NONE ? "nobody" : cname(g, h));
	field_str(ev, "to", cname(g, t->seat));
	field_num(ev, "knights", k);
}

/* The active seat reached the goal during its turn: it wins. */
static void check_win(turn *t)
{
	cat_game *g = t->g;
	if (g->s.over)
		return;
	unsigned vp = cat_vp(g, t->seat);
	if (vp < g->d->goal)
		return;
	g->s.over = 1;
	g->s.winner = (uint8_t)t->seat;
	arb_event *ev = event(g, t->sink, "win");
	if (!ev)
		return;
	snprintf(ev->text, sizeof ev->text, "%s has %u points during their "
		 "turn and wins", cname(g, t->seat), vp);
	field_str(ev, "player", cname(g, t->seat));
	field_num(ev, "total", vp);
}

static int need_roll(turn *t, const cat_act *a, const char *what)
{
	if (!t->rolled)
		return rej_kw(t, a, "roll-first", "%s must roll the dice before "
			      "%s", cname(t->g, t->seat), what);
	if (t->seven)
		return rej_kw(t, a, "robber-first", "after a 7 the discards and "
			      "the robber come before anything else");
	return 0;
}

static int strict_trade(turn *t, const cat_act *a)
{
	if (t->built && t->g->opt_phases == PH_STRICT)
		return rej_kw(t, a, "trade-after-build", "%s has already built "
			      "this turn, and trading comes before building "
			      "(Variant phases=combined allows it)",
			      cname(t->g, t->seat));
	return 0;
}

static int like_for_like(turn *t, const cat_act *a)
{
	if (!bundle_total(a->give) || !bundle_total(a->get))
		return rej_kw(t, a, "trade-gift", "a trade needs cards on both "
			      "sides: cards are never given away");
	for (unsigned r = 0; r < CAT_RES; r++)
		if (a->give[r] && a->get[r])
			return rej_kw(t, a, "trade-like-for-like", "a trade "
				      "cannot give and take %s at once",
				      cat_res_name[r]);
	return 0;
}

static int act_roll(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (t->rolled)
		return rej_kw(t, a, "one-roll", "%s has already rolled this turn",
			      cname(g, t->seat));
	t->rolled = true;
	t->roll = a->a + a->b;
	if (t->roll != 7) {
		produce(g, t->roll, t->got);
		return 0;
	}
	memset(t->got, 0, sizeof t->got);
	t->seven = true;
	for (unsigned p = 0; p < g->nseats; p++)
		t->must_discard[p] = s->p[p].ncards > 7
				   ? (uint8_t)(s->p[p].ncards / 2) : 0;
	return 0;
}

static int act_discard(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_player *p = &g->s.p[a->a];
	/* after the 7's robber nobody can still owe a discard (the robber
	 * waits for them), so a late one is a second or an unneeded one */
	if (!t->seven && !t->robbed)
		return rej_kw(t, a, "discard-without-seven", "cards are "
			      "discarded only after a roll of 7");
	if (t->discarded[a->a])
		return rej_arg(t, a, "discard-twice", "%s has already "
			       "discarded", cname(g, a->a));
	if (!t->must_discard[a->a])
		return rej_arg(t, a, "discard-unneeded", "%s holds %u card%s and "
			       "keeps %s (only a hand of more than 7 is "
			       "halved)", cname(g, a->a), p->ncards,
			       p->ncards == 1 ? "" : "s", p->ncards == 1 ? "it" : "them");
	unsigned n = bundle_total(a->give);
	if (n != t->must_discard[a->a])
		return rej_arg(t, a, "discard-count", "%s holds %u cards and "
			       "must discard %u, not %u", cname(g, a->a),
			       p->ncards, t->must_discard[a->a], n);
	int r = lacks(p, a->give);
	if (r >= 0)
		return rej_arg(t, a, "discard-not-held", "%s discards %u %s but "
			       "holds %u", cname(g, a->a), a->give[r],
			       cat_res_name[r], p->res[r]);
	bank_move(&g->s, a->a, a->give, -1);
	t->discarded[a->a] = 1;
	return 0;
}

static int act_robber(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	if (!t->seven)
		return rej_kw(t, a, "robber-without-seven", "the robber moves "
			      "only after a roll of 7 or with a knight");
	for (unsigned p = 0; p < g->nseats; p++)
		if (t->must_discard[p] && !t->discarded[p])
			return rej_kw(t, a, "discard-missing", "%s holds %u "
				      "cards and must discard %u before the "
				      "robber moves", cname(g, p),
				      g->s.p[p].ncards, t->must_discard[p]);
	if (move_robber(t, a) < 0)
		return -1;
	t->seven = false;
	t->robbed = true;
	return 0;
}

static int act_trade(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (a->c != CAT_NONE && a->c != t->seat)
		return rej_kw(t, a, "trade-not-active", "only the player whose "
			      "turn it is trades: %s may not trade with %s "
			      "during %s's turn", cname(g, a->c),
			      cname(g, a->a), cname(g, t->seat));
	if (a->a == t->seat)
		return rej_arg(t, a, "trade-not-active", "%s cannot trade with "
			       "themselves", cname(g, t->seat));
	if (need_roll(t, a, "trading") < 0 || strict_trade(t, a) < 0 ||
	    like_for_like(t, a) < 0)
		return -1;
	int r = lacks(&s->p[t->seat], a->give);
	if (r >= 0)
		return rej_kw(t, a, "trade-not-held", "%s gives %u %s but holds "
			      "%u", cname(g, t->seat), a->give[r],
			      cat_res_name[r], s->p[t->seat].res[r]);
	r = lacks(&s->p[a->a], a->get);
	if (r >= 0)
		return rej_kw(t, a, "trade-not-held", "%s gives %u %s but holds "
			      "%u", cname(g, a->a), a->get[r],
			      cat_res_name[r], s->p[a->a].res[r]);
	for (unsigned k = 0; k < CAT_RES; k++) {
		if (a->give[k])
			give_card(s, t->seat, a->a, k, a->give[k]);
		if (a->get[k])
			give_card(s, a->a, t->seat, k, a->get[k]);
	}
	return 0;
}

static int act_bank(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	cat_player *p = &s->p[t->seat];
	if (need_roll(t, a, "trading") < 0 || strict_trade(t, a) < 0 ||
	    like_for_like(t, a) < 0)
		return -1;
	unsigned buys = 0;
	for (unsigned r = 0; r < CAT_RES; r++) {
		if (!a->give[r])
			continue;
		unsigned rate = p->harb >> r & 1 ? 2
			      : p->harb >> HARB_GENERIC & 1 ? 3 : 4;
		if (a->give[r] % rate)
			return rej_kw(t, a, "maritime-rate", "%s trades %s with "
				      "the bank at %u:1, and %u is no multiple "
				      "of %u", cname(g, t->seat),
				      cat_res_name[r], rate, a->give[r], rate);
		buys += a->give[r] / rate;
	}
	unsigned n = bundle_total(a->get);
	if (n != buys)
		return rej_kw(t, a, "maritime-rate", "at %s's rates these cards "
			      "buy %u from the bank, not %u", cname(g, t->seat),
			      buys, n);
	int r = lacks(p, a->give);
	if (r >= 0)
		return rej_kw(t, a, "trade-not-held", "%s gives %u %s but holds "
			      "%u", cname(g, t->seat), a->give[r],
			      cat_res_name[r], p->res[r]);
	for (unsigned k = 0; k < CAT_RES; k++)
		if (a->get[k] > s->bank[k] + a->give[k])
			return rej_kw(t, a, "bank-empty", "the bank has only %u "
				      "%s", s->bank[k], cat_res_name[k]);
	bank_move(s, t->seat, a->give, -1);
	bank_move(s, t->seat, a->get, 1);
	return 0;
}

static int act_city(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned v = a->a;
	char nn[4];
	cat_node_name(g->d, v, nn);
	if (s->node_owner[v] != t->seat + 1 || s->node_city[v])
		return rej_arg(t, a, "city-needs-settlement", "%s cannot build "
			       "a city at %s: a city replaces one of %s's own "
			       "settlements", cname(g, t->seat), nn,
			       cname(g, t->seat));
	if (s->p[t->seat].cities >= g->d->pieces[2])
		return rej_kw(t, a, "no-pieces", "%s has no cities left (all %u "
			      "are on the board)", cname(g, t->seat),
			      g->d->pieces[2]);
	if (pay(t, a, C_CITY, "a city") < 0)
		return -1;
	s->node_city[v] = 1;
	s->p[t->seat].settlements--;
	s->p[t->seat].cities++;
	vp_event(t, "city", 1, "%s upgrades the settlement at %s to a city: "
		 "1 more point", cname(g, t->seat), nn);
	return 0;
}

static int act_buy(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned k = a->a;
	unsigned left = 0;
	for (unsigned i = 0; i < CAT_DEV; i++)
		left += s->deck[i];
	if (!left)
		return rej_kw(t, a, "deck-empty", "the development cards are "
			      "all gone");
	if (!s->deck[k])
		return rej_arg(t, a, "deck-card", "no %s card is left in the "
			       "deck (all %u have been drawn)", cat_dev_name[k],
			       g->d->dev_count[k]);
	if (pay(t, a, C_DEV, "a development card") < 0)
		return -1;
	s->deck[k]--;
	s->p[t->seat].dev[k]++;
	t->bought[k]++;
	if (k == D_VP && g->opt_vpc == VPC_HIDDEN)
		vp_event(t, "vp-card", 1, "%s draws a victory point card: 1 "
			 "point", cname(g, t->seat));
	return 0;
}

static int act_road_building(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (play_card(t, a, D_ROADS) < 0)
		return -1;
	if (place_road(t, a, a->a, -1) < 0)
		return -1;
	if (a->b != CAT_NONE) {
		cat_act b = *a;
		b.acol = a->bcol;        /* a refusal points at the second path */
		return place_road(t, &b, a->b, -1);
	}
	/* One road only when no second one can be placed. */
	if (s->p[t->seat].roads >= g->d->pieces[0])
		return 0;
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (cat_road_ok(g, s, t->seat, e, -1))
			return rej_kw(t, a, "road-building-two", "road building "
				      "places 2 roads while %s has roads and "
				      "room for them", cname(g, t->seat));
	return 0;
}

static int act_monopoly(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	if (play_card(t, a, D_MONOPOLY) < 0)
		return -1;
	for (unsigned p = 0; p < g->nseats; p++)
		if (p != t->seat && g->s.p[p].res[a->a])
			give_card(&g->s, p, t->seat, a->a, g->s.p[p].res[a->a]);
	return 0;
}

static int act_plenty(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	unsigned n = bundle_total(a->get);
	if (n != 2)
		return rej_arg(t, a, "plenty-two", "year of plenty takes exactly "
			       "2 cards from the bank, not %u", n);
	for (unsigned r = 0; r < CAT_RES; r++)
		if (a->get[r] > g->s.bank[r])
			return rej_arg(t, a, "bank-empty", "the bank has only %u "
				       "%s", g->s.bank[r], cat_res_name[r]);
	if (play_card(t, a, D_PLENTY) < 0)
		return -1;
	bank_move(&g->s, t->seat, a->get, 1);
	return 0;
}

static int act_assert(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	char b1[64], b2[64];
	switch (a->kind) {
	case A_LONGEST:
	case A_ARMY: {
		bool lr = a->kind == A_LONGEST;
		unsigned h = lr ? s->lr : s->la;
		if (h == a->a)
			return 0;
		return rej_arg(t, a, lr ? "assert-longest" : "assert-army",
			       "the record says %s holds %s, but %s does",
			       a->a == CAT_NONE ? "nobody" : cname(g, a->a),
			       lr ? "the longest road" : "the largest army",
			       h == CAT_NONE ? "nobody" : cname(g, h));
	}
	case A_VP: {
		unsigned v = cat_vp(g, a->a);
		if (v == a->b)
			return 0;
		return rej_arg(t, a, "assert-score", "the record says %s has %u "
			       "points, but %s has %u", cname(g, a->a), a->b,
			       cname(g, a->a), v);
	}
	case A_GETS:
		if (!t->rolled)
			return rej_kw(t, a, "assert-production", "production is "
				      "stated after the roll");
		if (memcmp(t->got[a->a], a->get, CAT_RES) == 0)
			return 0;
		cat_bundle_str(a->get, b1, sizeof b1);
		cat_bundle_str(t->got[a->a], b2, sizeof b2);
		return rej_arg(t, a, "assert-production", "the record says %s "
			       "gets %s from the roll of %u, but %s gets %s",
			       cname(g, a->a), b1, t->roll, cname(g, a->a), b2);
	}
	assert(!"not an assertion");
	return -1;
}

static bool is_assertion(unsigned kind)
{
	return kind == A_LONGEST || kind == A_ARMY || kind == A_VP ||
	       kind == A_GETS;
}

/* One action of a regular turn. */
static int act(turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (is_assertion(a->kind))
		return act_assert(t, a);
	if (s->over && a->kind != A_REVEAL)
		return rej_kw(t, a, "game-over", "%s has already won; nothing "
			      "more happens in this game",
			      cname(g, s->winner));
	switch (a->kind) {
	case A_ROLL:
		return act_roll(t, a);
	case A_DISCARD:
		return act_discard(t, a);
	case A_ROBBER:
		return act_robber(t, a);
	case A_TRADE:
		return act_trade(t, a);
	case A_BANK:
		return act_bank(t, a);
	/* The place is checked before the price: a broken placement rule
	 * is the more useful message. */
	case A_ROAD:
		if (need_roll(t, a, "building") < 0 ||
		    check_road(t, a, a->a, -1) < 0 ||
		    pay(t, a, C_ROAD, "a road") < 0)
			return -1;
		t->built = true;
		put_road(t, a->a);
		return 0;
	case A_SETTLE:
		if (need_roll(t, a, "building") < 0 ||
		    check_settlement(t, a, false) < 0 ||
		    pay(t, a, C_SETTLEMENT, "a settlement") < 0)
			return -1;
		t->built = true;
		put_settlement(t, a->a);
		return 0;
	case A_CITY:
		if (need_roll(t, a, "building") < 0)
			return -1;
		t->built = true;
		return act_city(t, a);
	case A_BUY:
		if (need_roll(t, a, "buying") < 0)
			return -1;
		t->built = true;
		return act_buy(t, a);
	case A_KNIGHT:
		if (play_card(t, a, D_KNIGHT) < 0 || move_robber(t, a) < 0)
			return -1;
		s->p[t->seat].knights++;
		la_update(t);
		return 0;
	case A_ROADS:
		return act_road_building(t, a);
	case A_PLENTY:
		return act_plenty(t, a);
	case A_MONOPOLY:
		return act_monopoly(t, a);
	case A_REVEAL: {
		cat_player *p = &s->p[t->seat];
		if (p->vp_shown + a->a > p->dev[D_VP])
			return rej_arg(t, a, "reveal-not-held", "%s holds %u "
				       "hidden victory point cards, not %u",
				       cname(g, t->seat),
				       p->dev[D_VP] - p->vp_shown, a->a);
		p->vp_shown = (uint8_t)(p->vp_shown + a->a);
		if (g->opt_vpc == VPC_REVEALED)
			vp_event(t, "vp-card", a->a, "%s shows %u victory "
				 "point card%s: %u point%s", cname(g, t->seat),
				 a->a, a->a > 1 ? "s" : "", a->a,
				 a->a > 1 ? "s" : "");
		return 0;
	}
	}
	assert(!"unknown action");
	return -1;
}

/* A set-up line: one settlement, then one road touching it; the second
 * round's settlement yields the starting resources. */
static int apply_setup(turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_move *m = t->m;
	unsigned phase = 0;        /* 0 want settlement, 1 want road, 2 done */
	for (unsigned i = 0; i < m->n; i++) {
		const cat_act *a = &m->act[i];
		if (a->kind == A_VP || a->kind == A_LONGEST ||
		    a->kind == A_ARMY) {
			if (act_assert(t, a) < 0)
				return -1;
			continue;
		}
		if (phase == 0 && a->kind == A_SETTLE) {
			if (check_settlement(t, a, true) < 0)
				return -1;
			put_settlement(t, a->a);
			t->last_node = a->a;
			phase = 1;
		} else if (phase == 1 && a->kind == A_ROAD) {
			if (place_road(t, a, a->a, t->last_node) < 0)
				return -1;
			phase = 2;
		} else {
			return rej_kw(t, a, "setup-placement", "a set-up turn is "
				      "one settlement and then one road that "
				      "touches it");
		}
	}
	if (phase != 2)
		return arb_reject_pos(t->rej, m->line, m->col, "setup-placement",
				      "a set-up turn is one settlement and then "
				      "one road that touches it");
	if (s->setup_step >= g->nseats && g->opt_start == SR_SECOND) {
		const cat_geom *G = &g->d->g;
		uint8_t got[CAT_RES] = {0};
		unsigned v = (unsigned)t->last_node;
		for (unsigned i = 0; i < G->node_nhex[v]; i++) {
			unsigned r = g->b.terrain[G->node_hex[v][i]];
			if (r != T_DESERT && s->bank[r] > got[r])
				got[r]++;
		}
		bank_move(s, t->seat, got, 1);
	}
	s->setup_step++;
	unsigned n = g->nseats, k = s->setup_step;
	s->active = (uint8_t)(k >= 2 * n ? 0 : k < n ? k : 2 * n - 1 - k);
	return 0;
}

static int apply_turn(turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_move *m = t->m;
	for (unsigned i = 0; i < m->n; i++) {
		if (act(t, &m->act[i]) < 0)
			return -1;
		/* Points change only by building, cards and the special
		 * cards; a steal or trade cannot win. */
		unsigned k = m->act[i].kind;
		if (k == A_ROAD || k == A_SETTLE || k == A_CITY || k == A_BUY ||
		    k == A_KNIGHT || k == A_ROADS || k == A_REVEAL)
			check_win(t);
	}
	if (!s->over) {
		if (!t->rolled)
			return arb_reject_pos(t->rej, m->line, m->col,
					      "roll-missing", "%s's turn ends "
					      "without a roll of the dice",
					      cname(g, t->seat));
		if (t->seven) {
			for (unsigned p = 0; p < g->nseats; p++)
				if (t->must_discard[p] && !t->discarded[p])
					return arb_reject_pos(
						t->rej, m->line, m->col,
						"discard-missing", "%s holds %u "
						"cards and must discard %u after "
						"the 7", cname(g, p),
						s->p[p].ncards,
						t->must_discard[p]);
			return arb_reject_pos(t->rej, m->line, m->col,
					      "robber-missing", "%s rolled a 7 "
					      "and must move the robber",
					      cname(g, t->seat));
		}
		s->active = (uint8_t)((t->seat + 1) % g->nseats);
		/* Points gained on another's turn win at the start of one's
		 * own (a longest road handed over by a break). */
		unsigned nx = s->active;
		unsigned vp = cat_vp(g, nx);
		if (vp >= g->d->goal) {
			s->over = 1;
			s->winner = (uint8_t)nx;
			arb_event *ev = event(g, t->sink, "win");
			if (ev) {
				snprintf(ev->text, sizeof ev->text, "%s has %u "
					 "points when their turn comes and wins",
					 cname(g, nx), vp);
				field_str(ev, "player", cname(g, nx));
				field_num(ev, "total", vp);
			}
		}
	}
	return 0;
}

int cat_apply(void *game, const void *move, const arb_sink *sink,
	      arb_reject *rej)
{
	cat_game *g = game;
	const cat_move *m = move;
	cat_state *s = &g->s;
	if (s->over)
		return arb_reject_pos(rej, m->line, m->col, "game-over",
				      "the game is over");
	if (m->seat != s->active)
		return arb_reject_pos(rej, m->line, m->col, "wrong-player",
				      "it is %s's turn, not %s's",
				      cname(g, s->active), cname(g, m->seat));
	g->bak = *s;
	g->nev = 0;
	turn t;
	memset(&t, 0, sizeof t);
	t.g = g;
	t.m = m;
	t.sink = sink;
	t.rej = rej;
	t.seat = m->seat;
	t.last_node = -1;
	int rc = s->setup_step < 2 * g->nseats ? apply_setup(&t)
					       : apply_turn(&t);
	if (rc < 0) {
		*s = g->bak;
		g->nev = 0;
		return -1;
	}
	s->turns++;
#ifndef NDEBUG
	/* The five sums side by side in 16-bit lanes of two words (no lane
	 * can overflow: at most 5 counts of 255), from one 8-byte read per
	 * hand (res[] and the bytes after it, masked off): even counts
	 * (brick, wool, ore) in one word, odd ones in the other.  This runs
	 * on every line of a debug build. */
	uint64_t even = 0, odd = 0;
	for (unsigned p = 0; p <= g->nseats; p++) {
		uint64_t x = p < g->nseats
			? load8((const uint8_t *)&s->p[p] +
				offsetof(cat_player, res))
			: load8((const uint8_t *)s + offsetof(cat_state, bank));
		even += x & 0x000000ff00ff00ffull;
		odd += x >> 8 & 0x0000000000ff00ffull;
	}
	assert(even == g->d->bank * 0x0000000100010001ull &&
	       odd == g->d->bank * 0x0000000000010001ull);
#endif
	if (sink)
		for (unsigned i = 0; i < g->nev; i++)
			sink->event(sink->ctx, &g->ev[i]);
	g->nev = 0;
	return 0;
}
