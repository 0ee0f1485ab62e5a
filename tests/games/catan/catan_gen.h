/*
 * catan_gen.h — random legal Catan games, for the unit tests, the fuzz
 * harness (tests/fuzz/fuzz_catan.c) and the complete games of the corpus.
 *
 * A turn is built action by action: each candidate is appended to the turn
 * so far and the whole line is tried with apply() on a copy of the game, so
 * everything generated is legal by the engine's own judgement (the rules
 * are not restated here).  The choices lean towards what players do —
 * build when possible, trade for what a build lacks, play cards — so games
 * reach 10 points with 7s, trades, every development card and broken roads.
 *
 * Header-only (static functions) so each program that includes it builds
 * without Makefile changes.
 */
#ifndef CATAN_GEN_H
#define CATAN_GEN_H

#include <stdint.h>
#include <string.h>

#include "games/catan/catan.h"

extern const arb_game_ops catan_game;

typedef struct cg_rng {
	uint64_t s;
} cg_rng;

static inline unsigned cg_next(cg_rng *r, unsigned n)
{
	r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
	return n ? (unsigned)((r->s >> 33) % n) : 0;
}

/* Is `m` legal from the position of `g`?  Leaves g unchanged. */
static inline bool cg_legal(cat_game *g, const cat_move *m)
{
	static cat_state save;
	arb_reject rej;
	save = g->s;
	int rc = cat_apply(g, m, NULL, &rej);
	g->s = save;
	return rc == 0;
}

/* Append `a` to m when the longer turn stays legal. */
static inline bool cg_try(cat_game *g, cat_move *m, const cat_act *a)
{
	if (m->n >= CAT_MAX_ACTS - 2)
		return false;
	m->act[m->n++] = *a;
	if (cg_legal(g, m))
		return true;
	m->n--;
	return false;
}

/* A robber move (kind A_ROBBER or A_KNIGHT) to a random hex, stealing a
 * random card of a random victim when there is one. */
static inline bool cg_robber(cat_game *g, cg_rng *r, cat_move *m,
			     unsigned kind)
{
	for (unsigned tries = 0; tries < 60; tries++) {
		cat_act a = {0};
		a.kind = (uint8_t)kind;
		a.a = (uint8_t)cg_next(r, CAT_HEXES);
		a.b = a.c = CAT_NONE;
		if (cg_try(g, m, &a))
			return true;
		a.b = (uint8_t)cg_next(r, g->nseats);
		a.c = (uint8_t)cg_next(r, CAT_RES);
		if (cg_try(g, m, &a))
			return true;
	}
	return false;
}

/* Random discards of exactly half for every hand above 7. */
static inline void cg_discards(cat_game *g, cg_rng *r, cat_move *m)
{
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &g->s.p[p];
		if (pl->ncards <= 7)
			continue;
		cat_act a = {0};
		a.kind = A_DISCARD;
		a.a = (uint8_t)p;
		uint8_t left[CAT_RES];
		memcpy(left, pl->res, CAT_RES);
		for (unsigned k = pl->ncards / 2; k;) {
			unsigned res = cg_next(r, CAT_RES);
			if (left[res]) {
				left[res]--;
				a.give[res]++;
				k--;
			}
		}
		m->act[m->n++] = a;
	}
}

/* One random legal turn line for the seat to move (set-up or play). */
static inline void cg_turn(cat_game *g, cg_rng *r, cat_move *m)
{
	memset(m, 0, sizeof *m);
	m->seat = g->s.active;
	cat_act a;
	if (g->s.setup_step < 2 * g->nseats) {
		for (;;) {
			m->n = 2;
			m->act[0] = (cat_act){.kind = A_SETTLE,
					      .a = (uint8_t)cg_next(r, CAT_NODES)};
			unsigned v = m->act[0].a;
			m->act[1] = (cat_act){
				.kind = A_ROAD,
				.a = g->d->g.node_edge[v][cg_next(
					r, g->d->g.node_nadj[v])]};
			if (cg_legal(g, m))
				return;
		}
	}
	const cat_player *me = &g->s.p[m->seat];
	for (;;) {
		unsigned n0 = m->n;
		a = (cat_act){.kind = A_ROLL,
			      .a = (uint8_t)(1 + cg_next(r, 6)),
			      .b = (uint8_t)(1 + cg_next(r, 6))};
		m->act[m->n++] = a;
		if (a.a + a.b != 7) {
			if (cg_legal(g, m))
				break;
		} else {
			cg_discards(g, r, m);
			if (cg_robber(g, r, m, A_ROBBER))
				break;
		}
		m->n = (uint8_t)n0;
	}
	/* A knight or a progress card, sometimes. */
	if (me->dev[D_KNIGHT] && cg_next(r, 2) == 0) {
		cat_move k = *m;
		if (cg_robber(g, r, &k, A_KNIGHT))
			*m = k;
	}
	if (cg_next(r, 2) == 0) {
		a = (cat_act){.kind = A_MONOPOLY,
			      .a = (uint8_t)cg_next(r, CAT_RES)};
		if (!cg_try(g, m, &a)) {
			a = (cat_act){.kind = A_PLENTY};
			a.get[cg_next(r, CAT_RES)]++;
			a.get[cg_next(r, CAT_RES)]++;
			if (!cg_try(g, m, &a))
				for (unsigned t = 0; t < 40; t++) {
					a = (cat_act){
						.kind = A_ROADS,
						.a = (uint8_t)cg_next(r, CAT_EDGES),
						.b = (uint8_t)cg_next(r, CAT_EDGES)};
					if (cg_try(g, m, &a))
						break;
				}
		}
	}
	/* Trades: a domestic swap of one card, then maritime for what a
	 * city or settlement lacks. */
	if (cg_next(r, 3) == 0) {
		unsigned partner = cg_next(r, g->nseats);
		a = (cat_act){.kind = A_TRADE, .a = (uint8_t)partner,
			      .c = CAT_NONE};
		a.give[cg_next(r, CAT_RES)] = 1;
		a.get[cg_next(r, CAT_RES)] = 1;
		cg_try(g, m, &a);
	}
	for (unsigned k = 0; k < 3; k++) {
		unsigned want = cg_next(r, 2) ? C_CITY : C_SETTLEMENT;
		const uint8_t *cost = g->d->cost[want];
		int lack = -1;
		for (unsigned res = 0; res < CAT_RES; res++)
			if (g->s.p[m->seat].res[res] < cost[res])
				lack = (int)res;
		if (lack < 0)
			break;
		bool done = false;
		for (unsigned res = 0; res < CAT_RES && !done; res++)
			for (unsigned rate = 2; rate <= 4 && !done; rate++) {
				a = (cat_act){.kind = A_BANK};
				a.give[res] = (uint8_t)rate;
				a.get[lack] = 1;
				if (g->s.p[m->seat].res[res] >= cost[res] + rate)
					done = cg_try(g, m, &a);
			}
		if (!done)
			break;
	}
	/* Builds: cities, settlements, then roads and cards. */
	for (unsigned v = 0; v < CAT_NODES; v++) {
		a = (cat_act){.kind = A_CITY, .a = (uint8_t)v};
		cg_try(g, m, &a);
	}
	unsigned off = cg_next(r, CAT_NODES);
	for (unsigned i = 0; i < CAT_NODES; i++) {
		a = (cat_act){.kind = A_SETTLE,
			      .a = (uint8_t)((i + off) % CAT_NODES)};
		cg_try(g, m, &a);
	}
	for (unsigned k = 0; k < 4; k++) {
		bool built = false;
		off = cg_next(r, CAT_EDGES);
		for (unsigned i = 0; i < CAT_EDGES && !built; i++) {
			a = (cat_act){.kind = A_ROAD,
				      .a = (uint8_t)((i + off) % CAT_EDGES)};
			if (cg_next(r, 2))
				built = cg_try(g, m, &a);
		}
		if (!built)
			break;
	}
	for (unsigned k = 0; k < 3; k++) {
		a = (cat_act){.kind = A_BUY, .a = (uint8_t)cg_next(r, CAT_DEV)};
		for (unsigned t = 0; t < CAT_DEV; t++) {
			a.a = (uint8_t)((a.a + 1) % CAT_DEV);
			if (g->s.deck[a.a] && cg_try(g, m, &a))
				break;
		}
	}
	/* The winner shows the victory point cards. */
	{
		cat_state save = g->s;
		arb_reject rej;
		if (cat_apply(g, m, NULL, &rej) == 0 && g->s.over &&
		    g->s.p[m->seat].dev[D_VP] && m->n < CAT_MAX_ACTS) {
			a = (cat_act){.kind = A_REVEAL,
				      .a = g->s.p[m->seat].dev[D_VP]};
			m->act[m->n++] = a;
		}
		g->s = save;
	}
}

#endif
