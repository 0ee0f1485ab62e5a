/*
 * placement.c — where roads and settlements may go: one piece per place,
 * the distance rule, connection to one's own roads (an opponent's building
 * cuts it), the set-up road beside the new settlement, the pieces left;
 * and placing them, which may move the Longest Road (longest_road.c).
 *
 * The predicates (cat_road_ok, cat_settle_ok) are what moves.c and gen.c
 * pick candidates with; the checks reject in words naming the rule.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"

/* May `seat` build a settlement at `node`: free, no building next to it,
 * and (after the set-up) one of the seat's roads touching it.  Inline in
 * cat_check_settlement (every settlement of every record);
 * cat_settle_ok for the others.  road_ok below likewise. */

static inline __attribute__((always_inline)) bool
settle_ok(const cat_game *g, const cat_state *s, unsigned seat, unsigned node, bool setup)
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

bool cat_settle_ok(const cat_game *g, const cat_state *s, unsigned seat, unsigned node, bool setup)
{
	return settle_ok(g, s, seat, node, setup);
}

/* The corner nearest to `from` (by roads to build) that one of `seat`'s
 * roads reaches, named into `name`; returns how many roads away, 0 when
 * the seat has none.  For the message that says where to build. */
static unsigned nearest_road_end(const cat_game *g, const cat_state *s, unsigned seat,
				 unsigned from, char name[4])
{
	const cat_geom *G = &g->d->g;
	uint8_t dist[CAT_NODES], queue[CAT_NODES];
	memset(dist, 0xff, sizeof dist);
	size_t head = 0, tail = 0;
	dist[from] = 0;
	queue[tail++] = (uint8_t)from;
	while (head < tail) {
		unsigned v = queue[head++];
		for (unsigned i = 0; i < G->node_nadj[v]; i++)
			if (v != from && s->edge_owner[G->node_edge[v][i]] == seat + 1) {
				cat_node_name(g->d, v, name);
				return dist[v];
			}
		for (unsigned i = 0; i < G->node_nadj[v]; i++) {
			unsigned w = G->node_adj[v][i];
			if (dist[w] == 0xff) {
				dist[w] = (uint8_t)(dist[v] + 1);
				queue[tail++] = (uint8_t)w;
			}
		}
	}
	return 0;
}

/* Does an end `v` of a new road connect it for `seat`? */
static bool end_connects(const cat_game *g, const cat_state *s, unsigned seat, unsigned v,
			 unsigned edge)
{
	const cat_geom *G = &g->d->g;
	if (s->node_owner[v] == seat + 1)
		return true;
	if (s->node_owner[v])
		return false; /* an opponent's building cuts it */
	for (unsigned i = 0; i < G->node_nadj[v]; i++)
		if (G->node_edge[v][i] != edge && s->edge_owner[G->node_edge[v][i]] == seat + 1)
			return true;
	return false;
}

/* May `seat` build a road at `edge`: free, and touching the settlement
 * just placed (set-up, setup_node >= 0) or connected (end_connects). */
static inline __attribute__((always_inline)) bool
road_ok(const cat_game *g, const cat_state *s, unsigned seat, unsigned edge, int setup_node)
{
	const cat_geom *G = &g->d->g;
	if (s->edge_owner[edge])
		return false;
	if (setup_node >= 0)
		return G->edge_node[edge][0] == setup_node || G->edge_node[edge][1] == setup_node;
	return end_connects(g, s, seat, G->edge_node[edge][0], edge) ||
	       end_connects(g, s, seat, G->edge_node[edge][1], edge);
}

bool cat_road_ok(const cat_game *g, const cat_state *s, unsigned seat, unsigned edge,
		 int setup_node)
{
	return road_ok(g, s, seat, edge, setup_node);
}

/* cat_check_road's refusal, composed apart (cold): the road is not
 * allowed. */
static __attribute__((cold, noinline)) int road_refused(cat_turn *t, const cat_act *a,
							unsigned edge, int setup_node)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	char en[8];
	cat_edge_name(g->d, edge, en);
	if (s->edge_owner[edge])
		return cat_rej_arg(t, a, CAT_R_PATH_OCCUPIED,
				   "%s cannot build a road "
				   "at %s: %s's road is there",
				   cat_cname(g, t->seat), en,
				   cat_cname(g, s->edge_owner[edge] - 1u));
	if (s->p[t->seat].roads >= g->d->pieces[0])
		return cat_rej_kw(t, a, CAT_R_NO_PIECES,
				  "%s has no roads left (all %u "
				  "are on the board)",
				  cat_cname(g, t->seat), g->d->pieces[0]);
	if (!cat_road_ok(g, s, t->seat, edge, setup_node)) {
		if (setup_node >= 0) {
			char nn[4];
			cat_node_name(g->d, (unsigned)setup_node, nn);
			return cat_rej_arg(t, a, CAT_R_SETUP_ROAD,
					   "%s's set-up road at "
					   "%s must touch the settlement just "
					   "placed at %s",
					   cat_cname(g, t->seat), en, nn);
		}
		/* Say so when an opponent's building is what cuts it off. */
		const cat_geom *G = &g->d->g;
		for (unsigned k = 0; k < 2; k++) {
			unsigned v = G->edge_node[edge][k];
			unsigned o = s->node_owner[v];
			if (!o || o == t->seat + 1u)
				continue;
			for (unsigned i = 0; i < G->node_nadj[v]; i++)
				if (s->edge_owner[G->node_edge[v][i]] == t->seat + 1u) {
					char nn[4];
					cat_node_name(g->d, v, nn);
					return cat_rej_arg(t, a, CAT_R_ROAD_UNCONNECTED,
							   "%s cannot build a road at "
							   "%s: %s's %s at %s cuts it "
							   "off from %s's road",
							   cat_cname(g, t->seat), en,
							   cat_cname(g, o - 1),
							   s->node_city[v] ? "city" : "settlement",
							   nn, cat_cname(g, t->seat));
				}
		}
		return cat_rej_arg(t, a, CAT_R_ROAD_UNCONNECTED,
				   "%s cannot build a "
				   "road at %s: it touches none of %s's roads, "
				   "settlements or cities",
				   cat_cname(g, t->seat), en, cat_cname(g, t->seat));
	}
	return 0;
}

int cat_check_road(cat_turn *t, const cat_act *a, unsigned edge, int setup_node)
{
	const cat_game *g = t->g;
	const cat_state *s = &g->s;
	if (!s->edge_owner[edge] && s->p[t->seat].roads < g->d->pieces[0] &&
	    road_ok(g, s, t->seat, edge, setup_node))
		return 0; /* the common case, without the words */
	return road_refused(t, a, edge, setup_node);
}

/* Place a checked road and update the longest road. */
void cat_put_road(cat_turn *t, unsigned edge)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	assert(!s->edge_owner[edge]);
	s->edge_owner[edge] = (uint8_t)(t->seat + 1);
	cat_built(g, edge);
	s->p[t->seat].roads++;
	char why[64]; /* read only by the events, when someone listens */
	why[0] = '\0';
	if (t->sink) { /* words only when someone listens */
		char en[8];
		cat_edge_name(g->d, edge, en);
		snprintf(why, sizeof why, "%s built a road at %s", cat_cname(g, t->seat), en);
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
	cat_lr_update(g, t->sink, 1u << t->seat, false, leaf < 0 ? CAT_LR_JOIN : leaf, edge, why);
}

/* Check and place a road.  Rejects as cat_check_road. */
int cat_place_road(cat_turn *t, const cat_act *a, unsigned edge, int setup_node)
{
	if (cat_check_road(t, a, edge, setup_node) < 0)
		return -1;
	cat_put_road(t, edge);
	return 0;
}

/* cat_check_settlement's refusal, composed apart (cold): the
 * settlement is not allowed. */
static __attribute__((cold, noinline)) int settlement_refused(cat_turn *t, const cat_act *a,
							      bool setup)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_geom *G = &g->d->g;
	unsigned v = a->a;
	char nn[4], on[4];
	cat_node_name(g->d, v, nn);
	if (s->node_owner[v])
		return cat_rej_arg(t, a, CAT_R_INTERSECTION_OCCUPIED,
				   "%s cannot build "
				   "a settlement at %s: %s's %s is there",
				   cat_cname(g, t->seat), nn, cat_cname(g, s->node_owner[v] - 1u),
				   s->node_city[v] ? "city" : "settlement");
	for (unsigned i = 0; i < G->node_nadj[v]; i++) {
		unsigned w = G->node_adj[v][i];
		if (s->node_owner[w]) {
			cat_node_name(g->d, w, on);
			return cat_rej_arg(t, a, CAT_R_DISTANCE_RULE,
					   "%s cannot build a "
					   "settlement at %s: %s's %s at %s is "
					   "adjacent (distance rule)",
					   cat_cname(g, t->seat), nn,
					   cat_cname(g, s->node_owner[w] - 1u),
					   s->node_city[w] ? "city" : "settlement", on);
		}
	}
	if (s->p[t->seat].settlements >= g->d->pieces[1])
		return cat_rej_kw(t, a, CAT_R_NO_PIECES,
				  "%s has all %u settlements on "
				  "the board and must upgrade one to a city first",
				  cat_cname(g, t->seat), g->d->pieces[1]);
	if (!cat_settle_ok(g, s, t->seat, v, setup)) {
		char end[4] = "";
		unsigned far = nearest_road_end(g, s, t->seat, v, end);
		if (!far)
			return cat_rej_arg(t, a, CAT_R_SETTLEMENT_UNCONNECTED,
					   "%s cannot build a settlement at %s: none of %s's roads "
					   "leads there, and %s has no road",
					   cat_cname(g, t->seat), nn, cat_cname(g, t->seat),
					   cat_cname(g, t->seat));
		return cat_rej_arg(t, a, CAT_R_SETTLEMENT_UNCONNECTED,
				   "%s cannot build "
				   "a settlement at %s: none of %s's roads leads "
				   "there (the nearest ends at %s, %u road%s short of %s)",
				   cat_cname(g, t->seat), nn, cat_cname(g, t->seat), end, far,
				   far == 1 ? "" : "s", nn);
	}
	return 0; /* not reached: cat_check_settlement found a rule broken */
}

/* Check a settlement at a->a for the active seat (not its price).
 * Rejects with intersection-occupied, distance-rule, no-pieces,
 * settlement-unconnected. */
int cat_check_settlement(cat_turn *t, const cat_act *a, bool setup)
{
	const cat_game *g = t->g;
	if (g->s.p[t->seat].settlements < g->d->pieces[1] &&
	    settle_ok(g, &g->s, t->seat, a->a, setup))
		return 0; /* the common case, without the words */
	return settlement_refused(t, a, setup);
}

/* Place a checked settlement; it may cut opponents' roads. */
void cat_put_settlement(cat_turn *t, unsigned v)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_geom *G = &g->d->g;
	char nn[4];
	cat_node_name(g->d, v, nn);
	assert(!s->node_owner[v] && !s->node_city[v]);
	s->node_owner[v] = (uint8_t)(t->seat + 1);
	s->node_city[v] = 0;
	cat_built(g, CAT_EDGES + v);
	cat_yield_add(g, s, t->seat, v);
	s->p[t->seat].settlements++;
	s->p[t->seat].harb |= g->b.node_harb[v];
	cat_vp_event(t, "settlement", 1, "%s builds a settlement at %s: 1 point",
		     cat_cname(g, t->seat), nn);
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
			snprintf(why, sizeof why,
				 "a settlement at %s broke %s's "
				 "road",
				 nn, cat_cname(g, o));
		cat_lr_update(g, t->sink, cut, true, -1, 0, why);
	}
}

/* The robber to a->a, with the steal of a->c from a->b. */
