/*
 * gen.c — random legal Catan turns for `arbiter gen` (the random_turn op).
 *
 * Chance comes from the real distributions, drawn with arb_rng_below() so
 * the same seed gives the same game on every machine: both dice are
 * uniform d6; a development card bought is drawn uniformly from the cards
 * left in the deck (kind k with probability deck[k] / cards left); the
 * card the robber steals is drawn uniformly from the victim's hand.
 *
 * The choices are a simple goal-directed player, so that games reach 10
 * points (see "Generated games" in notation/catan.md for the weights):
 * set-up settlements weighted by the production of the spot; a knight
 * before the roll when the robber blocks one of the player's hexes, after
 * it sometimes; progress cards when they help; then trades toward the
 * cheapest worthwhile build (a city, a settlement, a road when no spot is
 * reachable, a development card), domestic (a surplus card, sometimes
 * two, for a card lacking, with an opponent who holds it and accepts at
 * random) or maritime at the player's best rate; then builds: cities,
 * settlements, roads that lead to free spots, cards.  A 7 discards
 * uniformly chosen cards and sends the robber to an opponent's hex,
 * preferring rich ones.
 *
 * Legality is the engine's own: every action is appended to the line so
 * far and the whole line is replayed with cat_apply() on a scratch copy of
 * the game (the position, not the heap: with no sink apply() writes no
 * events), and an action apply() refuses is dropped.  The candidates are
 * picked with the engine's predicates (cat_settle_ok, cat_road_ok) and the
 * position, so refusals are rare; the mandatory part (the roll, discards
 * and robber) falls back to trying every robber move.  The line returned
 * is one apply() accepted.  Nothing is allocated: the scratch game and the
 * line live on the stack.
 *
 * Guard against endless games: after CAT_GEN_LONG turn lines trades are
 * always accepted, and from CAT_GEN_MAX_TURNS on random_turn gives up
 * (returns -1, the record ends unfinished with Result "*").
 */
#include <string.h>

#include "catan.h"

#define CAT_GEN_LONG 400       /* turn lines before trades always succeed */
#define CAT_GEN_MAX_TURNS 3000 /* turn lines before gen gives up          */
#define GEN_RESERVE 4	       /* actions kept free for the reveal etc.   */

/* The turn being built. */
typedef struct gen {
	const cat_game *g; /* the position before the turn         */
	cat_game w;	   /* scratch copy that apply() runs on    */
	cat_state cur;	   /* the position after the line so far   */
	cat_move m;	   /* the line so far                      */
	uint64_t *rng;
	unsigned seat;
	bool played;		 /* a knight or progress card this turn  */
	uint8_t bought[CAT_DEV]; /* cards bought this turn               */
	unsigned version;	 /* bumped whenever cur changes          */
	unsigned spot_version;	 /* ... when `spot` was computed, + 1    */
	bool spot;		 /* a settlement spot is reachable       */
} gen;

/* ------------------------------------------------------------ helpers */

static unsigned rnd(gen *G, unsigned n)
{
	return arb_rng_below(G->rng, n);
}

/* Index drawn with probability w[i] / sum(w), or n when all are 0. */
static unsigned pick(gen *G, const unsigned *w, unsigned n)
{
	unsigned long tot = 0;
	for (unsigned i = 0; i < n; i++)
		tot += w[i];
	if (!tot)
		return n;
	unsigned long k = arb_rng_below(G->rng, (uint32_t)tot);
	for (unsigned i = 0; i < n; i++) {
		if (k < w[i])
			return i;
		k -= w[i];
	}
	return n; /* not reached */
}

/* A card drawn uniformly from a hand of resource counts (CAT_NONE when
 * the hand is empty). */
static unsigned pick_card(gen *G, const uint8_t hand[CAT_RES])
{
	unsigned w[CAT_RES];
	for (unsigned r = 0; r < CAT_RES; r++)
		w[r] = hand[r];
	unsigned r = pick(G, w, CAT_RES);
	return r < CAT_RES ? r : CAT_NONE;
}

/* Pips of a hex: the number of dice outcomes (of 36) that make it
 * produce; 0 on the desert. */
static unsigned hex_pips(const cat_game *g, unsigned h)
{
	unsigned t = g->b.token[h];
	if (!t)
		return 0;
	return 6 - (t > 7 ? t - 7 : 7 - t);
}

static unsigned node_pips(const cat_game *g, unsigned v)
{
	const cat_geom *geo = &g->d->g;
	unsigned p = 0;
	for (unsigned i = 0; i < geo->node_nhex[v]; i++)
		p += hex_pips(g, geo->node_hex[v][i]);
	return p;
}

/* An empty intersection with no building next to it (the distance rule
 * allows a settlement there, roads aside). */
static bool free_spot(const cat_game *g, const cat_state *s, unsigned v)
{
	const cat_geom *geo = &g->d->g;
	if (s->node_owner[v])
		return false;
	for (unsigned i = 0; i < geo->node_nadj[v]; i++)
		if (s->node_owner[geo->node_adj[v][i]])
			return false;
	return true;
}

static bool afford(const uint8_t hand[CAT_RES], const uint8_t cost[CAT_RES])
{
	for (unsigned r = 0; r < CAT_RES; r++)
		if (hand[r] < cost[r])
			return false;
	return true;
}

static unsigned missing(const uint8_t hand[CAT_RES], const uint8_t cost[CAT_RES])
{
	unsigned n = 0;
	for (unsigned r = 0; r < CAT_RES; r++)
		if (hand[r] < cost[r])
			n += cost[r] - hand[r];
	return n;
}

static unsigned deck_left(const cat_state *s)
{
	unsigned n = 0;
	for (unsigned k = 0; k < CAT_DEV; k++)
		n += s->deck[k];
	return n;
}

/* Replay the whole line on the scratch copy.  True (and cur updated) when
 * apply() accepts it. */
static bool attempt(gen *G)
{
	arb_reject rej;
	G->w.s = G->g->s;
	if (cat_apply(&G->w, &G->m, NULL, &rej) < 0)
		return false;
	G->cur = G->w.s;
	G->version++;
	return true;
}

/* Append `a` when the longer line stays legal. */
static bool push(gen *G, const cat_act *a)
{
	if (G->m.n >= CAT_MAX_ACTS - GEN_RESERVE)
		return false;
	G->m.act[G->m.n++] = *a;
	if (attempt(G))
		return true;
	G->m.n--;
	return false;
}

/* The game ended on this line (the player won, or the next player
 * reaches 10 at the start of their turn). */
static bool ended(const gen *G)
{
	return G->cur.over;
}

/* May the player still play a card of kind k this turn? */
static bool can_play(const gen *G, unsigned k)
{
	return !G->played && G->cur.p[G->seat].dev[k] > G->bought[k];
}

/* ------------------------------------------------------------- robber */

/* A robber move (kind A_ROBBER or A_KNIGHT) chosen against the hands `h`
 * (after the discards): a hex where an opponent with cards builds and the
 * player does not (weight 4 + pips), else an empty one (weight 1), a hex
 * of the player's own only when nothing else is legal; the victim uniform
 * among those there with cards, the card uniform from their hand.  False
 * when no hex is legal (never on the real board). */
static bool robber_pick(gen *G, unsigned kind, uint8_t h[CAT_SEATS][CAT_RES], cat_act *a)
{
	const cat_game *g = G->g;
	const cat_state *s = &G->cur;
	unsigned w[CAT_HEXES], legal[CAT_HEXES], victims[CAT_HEXES];
	for (unsigned x = 0; x < CAT_HEXES; x++) {
		legal[x] = x != s->robber &&
			   !(g->b.terrain[x] == T_DESERT && g->opt_robber == ROB_TOKEN);
		unsigned owners = cat_hex_owners(g, s, x);
		bool mine = owners >> G->seat & 1;
		victims[x] = 0;
		for (unsigned p = 0; p < g->nseats; p++)
			if ((owners >> p & 1) && p != G->seat && cat_bundle_total(h[p]))
				victims[x] |= 1u << p;
		w[x] = !legal[x] || mine ? 0 : victims[x] ? 4 + hex_pips(g, x) : 1;
	}
	unsigned x = pick(G, w, CAT_HEXES);
	if (x == CAT_HEXES)
		x = pick(G, legal, CAT_HEXES);
	if (x == CAT_HEXES)
		return false;
	memset(a, 0, sizeof *a);
	a->kind = (uint8_t)kind;
	a->a = (uint8_t)x;
	a->b = a->c = CAT_NONE;
	if (victims[x]) {
		unsigned vw[CAT_SEATS] = { 0 };
		for (unsigned p = 0; p < g->nseats; p++)
			vw[p] = victims[x] >> p & 1;
		unsigned v = pick(G, vw, g->nseats);
		a->b = (uint8_t)v;
		a->c = (uint8_t)pick_card(G, h[v]);
	}
	return true;
}

/* The hands of the position after the line so far. */
static void hands_now(const gen *G, uint8_t h[CAT_SEATS][CAT_RES])
{
	memset(h, 0, CAT_SEATS * CAT_RES);
	for (unsigned p = 0; p < G->g->nseats; p++)
		memcpy(h[p], G->cur.p[p].res, CAT_RES);
}

/* The knight's or robber's effect on cur, for a part of the line not yet
 * replayed (the knight before the roll). */
static void rob_in_cur(gen *G, const cat_act *a)
{
	cat_state *s = &G->cur;
	s->robber = a->a;
	if (a->b == CAT_NONE)
		return;
	cat_player *v = &s->p[a->b], *me = &s->p[G->seat];
	v->res[a->c]--;
	v->ncards--;
	me->res[a->c]++;
	me->ncards++;
}

/* The roll, and after a 7 the discards (half of every hand above 7, cards
 * chosen uniformly one by one) and the robber; appended to the line and
 * replayed.  False when apply() refuses the result. */
static bool roll_part(gen *G)
{
	unsigned n0 = G->m.n;
	cat_act a;
	memset(&a, 0, sizeof a);
	a.kind = A_ROLL;
	a.a = (uint8_t)(1 + rnd(G, 6));
	a.b = (uint8_t)(1 + rnd(G, 6));
	G->m.act[G->m.n++] = a;
	if (a.a + a.b == 7) {
		uint8_t h[CAT_SEATS][CAT_RES];
		hands_now(G, h);
		for (unsigned p = 0; p < G->g->nseats; p++) {
			unsigned n = G->cur.p[p].ncards;
			if (n <= 7)
				continue;
			cat_act d;
			memset(&d, 0, sizeof d);
			d.kind = A_DISCARD;
			d.a = (uint8_t)p;
			for (unsigned k = n / 2; k; k--) {
				unsigned r = pick_card(G, h[p]);
				h[p][r]--;
				d.give[r]++;
			}
			G->m.act[G->m.n++] = d;
		}
		if (!robber_pick(G, A_ROBBER, h, &a)) {
			G->m.n = (uint8_t)n0;
			return false;
		}
		G->m.act[G->m.n++] = a;
	}
	if (attempt(G))
		return true;
	G->m.n = (uint8_t)n0;
	return false;
}

/* Last resort for a 7 whose chosen robber move apply() refused: every
 * hex, victim and card in turn, after the line's roll and discards. */
static bool robber_brute(gen *G)
{
	unsigned n0 = G->m.n;
	for (unsigned x = 0; x < CAT_HEXES; x++)
		for (unsigned v = 0; v <= G->g->nseats; v++)
			for (unsigned c = 0; c < CAT_RES; c++) {
				cat_act a;
				memset(&a, 0, sizeof a);
				a.kind = A_ROBBER;
				a.a = (uint8_t)x;
				a.b = v == G->g->nseats ? CAT_NONE : (uint8_t)v;
				a.c = a.b == CAT_NONE ? CAT_NONE : (uint8_t)c;
				G->m.act[G->m.n++] = a;
				if (attempt(G))
					return true;
				G->m.n = (uint8_t)n0;
				if (a.b == CAT_NONE)
					break;
			}
	return false;
}

/* ------------------------------------------------------------- places */

/* A settlement spot for the player (after the set-up), weighted 1 + pips;
 * CAT_NODES when there is none. */
static unsigned settle_pick(gen *G)
{
	unsigned w[CAT_NODES];
	const cat_player *me = &G->cur.p[G->seat];
	if (me->settlements >= G->g->d->pieces[1])
		return CAT_NODES;
	for (unsigned v = 0; v < CAT_NODES; v++)
		w[v] = cat_settle_ok(G->g, &G->cur, G->seat, v, false) ? 1 + node_pips(G->g, v) : 0;
	return pick(G, w, CAT_NODES);
}

/* Is a settlement spot reachable now?  Cached until cur changes. */
static bool has_settle_spot(gen *G)
{
	if (G->spot_version == G->version + 1)
		return G->spot;
	G->spot_version = G->version + 1;
	G->spot = false;
	if (G->cur.p[G->seat].settlements >= G->g->d->pieces[1])
		return false;
	for (unsigned v = 0; v < CAT_NODES; v++)
		if (cat_settle_ok(G->g, &G->cur, G->seat, v, false))
			return G->spot = true;
	return false;
}

/* One of the player's settlements to upgrade, weighted 1 + pips. */
static unsigned city_pick(gen *G)
{
	unsigned w[CAT_NODES];
	if (G->cur.p[G->seat].cities >= G->g->d->pieces[2])
		return CAT_NODES;
	for (unsigned v = 0; v < CAT_NODES; v++)
		w[v] = G->cur.node_owner[v] == G->seat + 1 && !G->cur.node_city[v]
			       ? 1 + node_pips(G->g, v)
			       : 0;
	return pick(G, w, CAT_NODES);
}

/* Has the player a road piece and a legal path for it? */
static bool has_road(const gen *G)
{
	const cat_state *s = &G->cur;
	if (s->p[G->seat].roads >= G->g->d->pieces[0])
		return false;
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (!s->edge_owner[e] && cat_road_ok(G->g, s, G->seat, e, -1))
			return true;
	return false;
}

/* A road for the player in position s: weight 1, +8 when an end is a free
 * spot, +2 per end next to a free spot; CAT_EDGES when none is legal. */
static unsigned road_pick(gen *G, const cat_state *s)
{
	const cat_game *g = G->g;
	const cat_geom *geo = &g->d->g;
	unsigned w[CAT_EDGES];
	if (s->p[G->seat].roads >= g->d->pieces[0])
		return CAT_EDGES;
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		if (s->edge_owner[e] || !cat_road_ok(g, s, G->seat, e, -1)) {
			w[e] = 0;
			continue;
		}
		w[e] = 1;
		for (unsigned k = 0; k < 2; k++) {
			unsigned v = geo->edge_node[e][k];
			if (s->node_owner[v])
				continue;
			if (free_spot(g, s, v)) {
				w[e] += 8;
				continue;
			}
			for (unsigned i = 0; i < geo->node_nadj[v]; i++)
				if (free_spot(g, s, geo->node_adj[v][i]))
					w[e] += 2;
		}
	}
	return pick(G, w, CAT_EDGES);
}

/* ------------------------------------------------------------- set-up */

/* A set-up line: a settlement weighted 1 + pips^2 among the legal spots,
 * then a road uniform among the free paths at it. */
static void setup_turn(gen *G)
{
	const cat_game *g = G->g;
	const cat_geom *geo = &g->d->g;
	unsigned w[CAT_NODES];
	for (unsigned v = 0; v < CAT_NODES; v++) {
		unsigned p = node_pips(g, v);
		w[v] = cat_settle_ok(g, &g->s, G->seat, v, true) ? 1 + p * p : 0;
	}
	for (;;) {
		unsigned v = pick(G, w, CAT_NODES);
		if (v == CAT_NODES)
			return; /* no spot at all: not on a real board */
		unsigned rw[3] = { 0 };
		for (unsigned i = 0; i < geo->node_nadj[v]; i++)
			rw[i] = !g->s.edge_owner[geo->node_edge[v][i]];
		unsigned i = pick(G, rw, geo->node_nadj[v]);
		if (i < geo->node_nadj[v]) {
			G->m.n = 2;
			memset(G->m.act, 0, 2 * sizeof G->m.act[0]);
			G->m.act[0].kind = A_SETTLE;
			G->m.act[0].a = (uint8_t)v;
			G->m.act[1].kind = A_ROAD;
			G->m.act[1].a = geo->node_edge[v][i];
			if (attempt(G))
				return;
		}
		w[v] = 0;
		G->m.n = 0;
	}
}

/* --------------------------------------------------------------- goal */

/* What the player saves for now: the build among those possible with the
 * fewest cards missing, a city or settlement counting one card less; ties
 * at random.  A road only when no settlement spot is reachable.  Returns
 * C_CITY, C_SETTLEMENT, C_ROAD, C_DEV or C_NCOST (nothing). */
static unsigned choose_goal(gen *G)
{
	const cat_game *g = G->g;
	const cat_player *me = &G->cur.p[G->seat];
	bool ok[C_NCOST];
	bool spot = has_settle_spot(G);
	ok[C_CITY] = me->cities < g->d->pieces[2] && me->settlements > 0;
	ok[C_SETTLEMENT] = spot;
	ok[C_ROAD] = !spot && has_road(G);
	ok[C_DEV] = deck_left(&G->cur) > 0;
	unsigned best = C_NCOST, bscore = 0, ties = 0;
	for (unsigned k = 0; k < C_NCOST; k++) {
		if (!ok[k])
			continue;
		unsigned sc = 2 * missing(me->res, g->d->cost[k]) + 2 -
			      (k == C_CITY || k == C_SETTLEMENT ? 2 : 0);
		if (best == C_NCOST || sc < bscore) {
			best = k;
			bscore = sc;
			ties = 1;
		} else if (sc == bscore && rnd(G, ++ties) == 0) {
			best = k;
		}
	}
	return best;
}

/* ------------------------------------------------------------- cards */

/* Play one knight or progress card after the roll when it helps (or at
 * random); the robber as after a 7. */
static void play_card(gen *G, unsigned goal)
{
	const cat_game *g = G->g;
	const cat_player *me = &G->cur.p[G->seat];
	cat_act a;
	if (can_play(G, D_KNIGHT)) {
		unsigned la = G->cur.la;
		bool army = la != G->seat && me->knights + 1u >= CAT_ARMY_MIN &&
			    (la == CAT_NONE || G->cur.p[la].knights < me->knights + 1u);
		if (army || rnd(G, 2) == 0) {
			uint8_t h[CAT_SEATS][CAT_RES];
			hands_now(G, h);
			if (robber_pick(G, A_KNIGHT, h, &a) && push(G, &a)) {
				G->played = true;
				return;
			}
		}
	}
	/* The progress cards, in random order. */
	unsigned start = rnd(G, 3);
	for (unsigned i = 0; i < 3 && !G->played; i++) {
		unsigned k = D_ROADS + (start + i) % 3;
		if (!can_play(G, k))
			continue;
		memset(&a, 0, sizeof a);
		if (k == D_MONOPOLY) {
			/* The resource the opponents hold most of. */
			unsigned best = 0, most = 0;
			for (unsigned r = 0; r < CAT_RES; r++) {
				unsigned n = 0;
				for (unsigned p = 0; p < g->nseats; p++)
					if (p != G->seat)
						n += G->cur.p[p].res[r];
				if (n > most) {
					most = n;
					best = r;
				}
			}
			if (most < 2 && rnd(G, 4))
				continue;
			a.kind = A_MONOPOLY;
			a.a = (uint8_t)best;
			/* the take, from each opponent: every player sees it
			 * handed over, so a view record knows the hands' sizes */
			a.b = MONO_TAKE_EACH;
			for (unsigned p = 0; p < g->nseats; p++)
				if (p != G->seat)
					a.give[p] = G->cur.p[p].res[best];
		} else if (k == D_PLENTY) {
			/* What the goal lacks, else any the bank has. */
			a.kind = A_PLENTY;
			unsigned n = 0;
			if (goal < C_NCOST)
				for (unsigned r = 0; r < CAT_RES && n < 2; r++)
					while (n < 2 &&
					       me->res[r] + a.get[r] < g->d->cost[goal][r] &&
					       a.get[r] < G->cur.bank[r]) {
						a.get[r]++;
						n++;
					}
			if (!n && rnd(G, 3))
				continue;
			for (unsigned t = 0; n < 2 && t < 20; t++) {
				unsigned r = rnd(G, CAT_RES);
				if (a.get[r] < G->cur.bank[r]) {
					a.get[r]++;
					n++;
				}
			}
			if (n < 2)
				continue;
		} else {
			/* Road building: two roads, one when no second fits. */
			if (goal != C_ROAD && rnd(G, 2))
				continue;
			unsigned e1 = road_pick(G, &G->cur);
			if (e1 == CAT_EDGES)
				continue;
			cat_state s = G->cur;
			s.edge_owner[e1] = (uint8_t)(G->seat + 1);
			s.p[G->seat].roads++;
			unsigned e2 = road_pick(G, &s);
			a.kind = A_ROADS;
			a.a = (uint8_t)e1;
			a.b = e2 == CAT_EDGES ? CAT_NONE : (uint8_t)e2;
		}
		if (push(G, &a))
			G->played = true;
	}
}

/* ------------------------------------------------------------ trades */

/* Trade toward the goal's cost: for each card lacking, first an offer of
 * a surplus card (1 time in 4 two) to a random opponent who holds it
 * (accepted with probability 1/2, always in a long game), else maritime
 * at the best rate from the resource with the largest surplus over the
 * cost. */
static void trade_toward(gen *G, unsigned goal)
{
	const cat_game *g = G->g;
	const uint8_t *cost = g->d->cost[goal];
	bool eager = g->s.turns >= CAT_GEN_LONG;
	for (unsigned round = 0; round < 6 && !ended(G); round++) {
		const cat_player *me = &G->cur.p[G->seat];
		unsigned lw[CAT_RES], sw[CAT_RES];
		for (unsigned r = 0; r < CAT_RES; r++) {
			lw[r] = me->res[r] < cost[r];
			sw[r] = me->res[r] > cost[r] ? me->res[r] - cost[r] : 0;
		}
		unsigned lack = pick(G, lw, CAT_RES);
		if (lack == CAT_RES)
			return;
		cat_act a;
		bool done = false;
		unsigned give = pick(G, sw, CAT_RES);
		if (give < CAT_RES) {
			unsigned pw[CAT_SEATS] = { 0 };
			for (unsigned p = 0; p < g->nseats; p++)
				pw[p] = p != G->seat && G->cur.p[p].res[lack];
			unsigned p = pick(G, pw, g->nseats);
			if (p < g->nseats && (eager || rnd(G, 2) == 0)) {
				memset(&a, 0, sizeof a);
				a.kind = A_TRADE;
				a.a = (uint8_t)p;
				a.b = CAT_NONE;
				a.c = CAT_NONE;
				a.give[give] = 1;
				a.get[lack] = 1;
				/* Sometimes a second surplus card sweetens it. */
				sw[give]--;
				unsigned more = pick(G, sw, CAT_RES);
				sw[give]++;
				if (more < CAT_RES && rnd(G, 4) == 0)
					a.give[more]++;
				done = push(G, &a);
			}
		}
		if (!done && G->cur.bank[lack]) {
			unsigned best = CAT_RES, most = 0, rate = 4;
			for (unsigned r = 0; r < CAT_RES; r++) {
				unsigned rt = cat_maritime_rate(me, r);
				if (sw[r] >= rt && sw[r] - rt + 1 > most) {
					most = sw[r] - rt + 1;
					best = r;
					rate = rt;
				}
			}
			if (best < CAT_RES) {
				memset(&a, 0, sizeof a);
				a.kind = A_BANK;
				a.b = a.c = CAT_NONE;
				a.give[best] = (uint8_t)rate;
				a.get[lack] = 1;
				done = push(G, &a);
			}
		}
		if (!done)
			return;
	}
}

/* ------------------------------------------------------------ builds */

/* Build while something is affordable: a city, else a settlement, else a
 * road (when no settlement spot is reachable, or 1 time in 3), else a
 * development card (when it is the goal, the hand is above 7, or 1 time
 * in 3), drawn uniformly from the deck. */
static void build(gen *G, unsigned goal)
{
	const cat_game *g = G->g;
	for (unsigned k = 0; k < 16 && !ended(G); k++) {
		const cat_player *me = &G->cur.p[G->seat];
		cat_act a;
		memset(&a, 0, sizeof a);
		a.b = a.c = CAT_NONE;
		bool done = false;
		if (afford(me->res, g->d->cost[C_CITY])) {
			unsigned v = city_pick(G);
			if (v < CAT_NODES) {
				a.kind = A_CITY;
				a.a = (uint8_t)v;
				done = push(G, &a);
			}
		}
		bool spot = has_settle_spot(G);
		if (!done && spot && afford(me->res, g->d->cost[C_SETTLEMENT])) {
			unsigned v = settle_pick(G);
			if (v < CAT_NODES) {
				a.kind = A_SETTLE;
				a.a = (uint8_t)v;
				done = push(G, &a);
			}
		}
		if (!done && afford(me->res, g->d->cost[C_ROAD]) && (!spot || rnd(G, 3) == 0)) {
			unsigned e = road_pick(G, &G->cur);
			if (e < CAT_EDGES) {
				a.kind = A_ROAD;
				a.a = (uint8_t)e;
				done = push(G, &a);
			}
		}
		unsigned left = deck_left(&G->cur);
		if (!done && left && afford(me->res, g->d->cost[C_DEV]) &&
		    (goal == C_DEV || me->ncards > 7 || rnd(G, 3) == 0)) {
			unsigned d = rnd(G, left), kind = 0;
			while (d >= G->cur.deck[kind])
				d -= G->cur.deck[kind++];
			a.kind = A_BUY;
			a.a = (uint8_t)kind;
			if (push(G, &a)) {
				G->bought[kind]++;
				done = true;
			}
		}
		if (!done)
			return;
	}
}

/* ------------------------------------------------------------- a turn */

/* Victory point cards: with vp-cards=revealed they count once shown,
 * so they are shown when they make 10; hidden, the winner shows them (so
 * that a view of the game sees the win, notation/catan.md). */
static void show_vp_cards(gen *G)
{
	const cat_game *g = G->g;
	const cat_player *me = &G->cur.p[G->seat];
	unsigned hidden = me->dev[D_VP] - me->vp_shown;
	if (hidden && G->m.n < CAT_MAX_ACTS) {
		G->w.s = G->cur;
		bool show = g->opt_vpc == VPC_REVEALED
				    ? !ended(G) && cat_vp(&G->w, G->seat) + hidden >= g->d->goal
				    : ended(G) && G->cur.winner == G->seat;
		if (show) {
			cat_act a;
			memset(&a, 0, sizeof a);
			a.kind = A_REVEAL;
			a.a = (uint8_t)hidden;
			G->m.act[G->m.n++] = a;
			if (!attempt(G))
				G->m.n--;
		}
	}
}

static void play_turn(gen *G)
{
	const cat_game *g = G->g;
	/* A knight before the roll when the robber sits on a hex of ours. */
	if (can_play(G, D_KNIGHT)) {
		const cat_geom *geo = &g->d->g;
		bool blocked = false;
		for (unsigned c = 0; c < 6; c++)
			blocked |= g->s.node_owner[geo->hex_node[g->s.robber][c]] == G->seat + 1;
		uint8_t h[CAT_SEATS][CAT_RES];
		hands_now(G, h);
		cat_act a;
		if (blocked && hex_pips(g, g->s.robber) && robber_pick(G, A_KNIGHT, h, &a)) {
			if (push(G, &a)) { /* the knight's army won the game */
				show_vp_cards(G);
				return;
			}
			G->m.act[G->m.n++] = a;
			rob_in_cur(G, &a);
			G->version++;
			G->cur.p[G->seat].dev[D_KNIGHT]--;
			G->played = true;
		}
	}
	if (!roll_part(G)) {
		/* The knight or the robber move was refused: start over with
		 * the roll alone, then every robber move. */
		G->m.n = 0;
		G->cur = g->s;
		G->version++;
		G->played = false;
		if (!roll_part(G)) {
			cat_act a;
			memset(&a, 0, sizeof a);
			a.kind = A_ROLL;
			a.a = 3;
			a.b = 4;
			G->m.n = 0;
			G->m.act[G->m.n++] = a;
			if (!robber_brute(G))
				return; /* unreachable on a consistent game */
		}
	}
	unsigned goal = choose_goal(G);
	if (!G->played && !ended(G))
		play_card(G, goal);
	if (!ended(G)) {
		goal = choose_goal(G);
		if (goal < C_NCOST)
			trade_toward(G, goal);
	}
	if (!ended(G))
		build(G, goal);
	show_vp_cards(G);
}

int cat_random_turn(const void *game, uint64_t *rng, arb_buf *out)
{
	const cat_game *g = game;
	if (g->s.over || g->s.turns >= CAT_GEN_MAX_TURNS)
		return -1;
	gen G;
	memset(&G, 0, sizeof G);
	G.g = g;
	G.w = *g;
	G.w.hid = NULL; /* plays the position shown (all seen) */
	G.w.hidden_on = false;
	G.cur = g->s;
	G.rng = rng;
	G.seat = g->s.active;
	G.m.seat = (uint8_t)G.seat;
	if (g->s.setup_step < 2 * g->nseats)
		setup_turn(&G);
	else
		play_turn(&G);
	cat_format(g, &G.m, out);
	return 0;
}

/* The turn a view needs after the full record's last (into m; false
 * when none): a game won at the start of the winner's turn (points gained
 * on another's, notation/catan.md "the win") ends the full record with
 * the line before, but a view that has not seen the winner's victory
 * point cards sees fewer points there.  The winner shows them, alone on
 * a line of their own, as a player at the table would to claim the win
 * (notation/catan.md, "Points and the end").  A win during the winner's
 * turn needs none: the winning line shows them (show_vp_cards). */
bool cat_view_close(const cat_game *g, const cat_game *vg, cat_move *m)
{
	if (!g->s.over || vg->s.over || vg->s.active != g->s.winner)
		return false;
	const cat_player *p = &g->s.p[g->s.winner];
	unsigned hidden = (unsigned)(p->dev[D_VP] - p->vp_shown);
	if (!hidden)
		return false;
	memset(m, 0, sizeof *m);
	m->seat = g->s.winner;
	m->n = 1;
	m->act[0].kind = A_REVEAL;
	m->act[0].a = (uint8_t)hidden;
	return true;
}

/* The view_close op: see cat_view_close. */
int cat_view_close_op(const void *game, const void *view_game, unsigned view, arb_buf *out)
{
	(void)view;
	cat_move m;
	if (!cat_view_close(game, view_game, &m))
		return 0;
	cat_format(view_game, &m, out);
	return 1;
}

/* The view_turn op: see cat_view_turn. */
void cat_view_op(const void *game, void *move, unsigned view)
{
	(void)game;
	cat_view_turn(move, view);
}

/* The turn `m` as seat `view` (or CAT_OBSERVER) saw it, for `gen
 * --view`: the cards it did not see become '?' (notation/catan.md,
 * "Records of what one player could see"): a card stolen neither by nor
 * from the view, a card another seat bought, the cards another seat
 * discarded.  The dice, trades and cards played are seen by all. */
void cat_view_turn(cat_move *m, unsigned view)
{
	if (view >= CAT_SEATS)
		view = CAT_OBSERVER;
	for (unsigned i = 0; i < m->n; i++) {
		cat_act *a = &m->act[i];
		switch (a->kind) {
		case A_ROBBER:
		case A_KNIGHT:
			if (a->b != CAT_NONE && m->seat != view && a->b != view)
				a->c = CAT_UNSEEN;
			break;
		case A_BUY:
			if (m->seat != view)
				a->a = CAT_UNSEEN;
			break;
		case A_DISCARD:
			if (a->a != view) {
				a->b = (uint8_t)cat_bundle_total(a->give);
				memset(a->give, 0, CAT_RES);
			}
			break;
		}
	}
}
