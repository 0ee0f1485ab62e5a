/*
 * ranges.c — what the worlds say of each hand, for score and dump: the
 * ranges of every hand over every way listed, and dump's lines on them.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* kept_alive, its fields in locals (hand_ranges_of stores bytes, which
 * may alias them, so that holds() would read them again each world):
 * the hands' words, the seats the kept bound holds back, and the bound. */
typedef struct alive_test {
	bool all; /* no pending actions kept: every world is alive */
	const uint64_t *word[CAT_SEATS];
	unsigned seat[CAT_SEATS], nseat;
	needs nd;
} alive_test;

static void alive_start(const cat_hidden *h, alive_test *at)
{
	at->all = !h->kept.pend;
	at->nd = h->kept_need;
	at->nseat = 0;
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		at->word[p] = h->hands[p].word;
		if (at->nd.at_least[p])
			at->seat[at->nseat++] = p;
	}
}

/* World w is one of the record's (kept_alive, as holds() says it). */
static inline bool alive(const alive_test *at, const wid *w)
{
	if (at->all)
		return true;
	for (unsigned k = 0; k < at->nseat; k++) {
		unsigned p = at->seat[k];
		if (!bytes_at_least(at->word[p][w->hand[p]], at->nd.at_least[p]))
			return false;
	}
	if (at->nd.exact < CAT_RES)
		for (unsigned p = 0; p < CAT_SEATS; p++)
			if (p != at->nd.skip &&
			    ((const uint8_t *)&at->word[p][w->hand[p]])[at->nd.exact] !=
				    at->nd.exact_n[p])
				return false;
	return true;
}

/* The ranges of the hands the worlds of `set` hold (those the pending
 * actions keep): each seat's distinct hands are listed first (marked in
 * pstamp, which every pass that uses it marks afresh), then read once
 * each, as a set holds thousands of worlds over tens of hands (and the
 * tables thousands more that no world holds now). */
static void hand_ranges_of(cat_hidden *h, unsigned nseats, const wset *set,
			   cat_hand_range out[CAT_SEATS])
{
	/* the set's fields in locals: a byte stored may alias them, and
	 * they would be read again each world */
	const wid *w = set->w;
	unsigned n = set->n;
	uint32_t *ids = arb_xmalloc((n ? n : 1) * sizeof *ids);
	alive_test at;
	alive_start(h, &at);
	for (unsigned p = 0; p < nseats; p++) {
		hand_table *ht = &h->hands[p];
		hand_pmarks(ht);
		uint32_t *pstamp = ht->pstamp, pgen = ht->pgen;
		unsigned nids = 0;
		for (unsigned i = 0; i < n; i++) {
			uint32_t id = w[i].hand[p];
			if (pstamp[id] != pgen && alive(&at, &w[i])) {
				pstamp[id] = pgen;
				ids[nids++] = id;
			}
		}
		cat_hand_range *o = &out[p];
		for (unsigned k = 0; k < nids; k++) {
			uint8_t held[CAT_RES];
			memcpy(held, hand_res(h, p, ids[k]), CAT_RES);
			unsigned cards = 0;
			for (unsigned r = 0; r < CAT_RES; r++) {
				if (h->kept.pend) /* what the set keeps pending */
					held[r] = (uint8_t)(held[r] +
							    h->kept.pend_d[p * CAT_RES + r]);
				o->lo[r] = held[r] < o->lo[r] ? held[r] : o->lo[r];
				o->hi[r] = held[r] > o->hi[r] ? held[r] : o->hi[r];
				cards += held[r];
			}
			o->cards_lo = cards < o->cards_lo ? (uint8_t)cards : o->cards_lo;
			o->cards_hi = cards > o->cards_hi ? (uint8_t)cards : o->cards_hi;
		}
	}
	free(ids);
}

void cat_hand_ranges(const cat_game *g, cat_hand_range out[CAT_SEATS])
{
	const cat_state *s = &g->s;
	memset(out, 0, CAT_SEATS * sizeof *out);
	bool lazy = cat_hidden_lazy(g);
	cat_hidden *h = g->hid; /* (its marks are used: hand_ranges_of) */
	const wset *set = cat_hidden_on(g) && !lazy ? &h->set[h->committed] : NULL;
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_hand_range *o = &out[p];
		o->exact = !lazy;
		memcpy(o->lo, s->p[p].res, CAT_RES);
		memcpy(o->hi, s->p[p].res, CAT_RES);
		o->cards_lo = o->cards_hi = s->p[p].ncards;
		if (lazy)
			for (unsigned r = 0; r < CAT_RES; r++) {
				o->lo[r] = 0;
				o->hi[r] = s->p[p].ncards;
			}
	}
	if (set)
		hand_ranges_of(h, g->nseats, set, out);
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_hand_range *o = &out[p];
		unsigned u = s->p[p].unseen_dev;
		o->dev_unseen = (uint8_t)u;
		o->vp_seen = (uint8_t)cat_vp(g, p);
		o->vp_more = (uint8_t)cat_vp_more(g, p);
	}
}

unsigned cat_vp_more(const cat_game *g, unsigned p)
{
	const cat_state *s = &g->s;
	if (g->opt_vpc != VPC_HIDDEN)
		return 0;
	unsigned u = s->p[p].unseen_dev;
	return u < s->deck[D_VP] ? u : s->deck[D_VP];
}

/* What a view record knows of each hand, for dump: the hand size, each
 * resource's count or its range over every way the unseen cards could
 * have gone, the development cards bought unseen, and the points seen
 * with what the victory point cards among them could add.  Nothing for a
 * full record. */
void cat_hidden_dump(const cat_game *g, arb_buf *out)
{
	if (g->view == CAT_NONE)
		return;
	cat_hand_range hr[CAT_SEATS];
	cat_hand_ranges(g, hr);
	const char *vn = g->view == CAT_OBSERVER ? "observer" : cat_cname(g, g->view);
	unsigned n = cat_hidden_count(g);
	if (cat_hidden_lazy(g))
		arb_buf_printf(out,
			       "view: %s; more than %u possibilities of the unseen cards, "
			       "followed one at a time (the ranges are bounds)\n",
			       vn, CAT_MAX_WORLDS);
	else
		arb_buf_printf(out, "view: %s; %u possibilit%s of the unseen cards\n", vn, n,
			       n == 1 ? "y" : "ies");
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_hand_range *o = &hr[p];
		if (o->cards_lo == o->cards_hi)
			arb_buf_printf(out, "%s: %u card%s", cat_cname(g, p), o->cards_lo,
				       o->cards_lo == 1 ? "" : "s");
		else
			arb_buf_printf(out, "%s: %u-%u cards", cat_cname(g, p), o->cards_lo,
				       o->cards_hi);
		const char *sep = ": ";
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (!o->hi[r])
				continue;
			if (o->lo[r] == o->hi[r])
				arb_buf_printf(out, "%s%u %s", sep, o->lo[r], cat_res_name[r]);
			else
				arb_buf_printf(out, "%s%u-%u %s", sep, o->lo[r], o->hi[r],
					       cat_res_name[r]);
			sep = ", ";
		}
		if (o->dev_unseen)
			arb_buf_printf(out, "; %u development card%s bought unseen", o->dev_unseen,
				       o->dev_unseen == 1 ? "" : "s");
		if (o->vp_more)
			arb_buf_printf(out, "; %u-%u points", o->vp_seen, o->vp_seen + o->vp_more);
		else
			arb_buf_printf(out, "; %u point%s", o->vp_seen, arb_s(o->vp_seen));
		arb_buf_putc(out, '\n');
	}
}
