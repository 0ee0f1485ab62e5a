/*
 * carry.c — actions played once and carried to every world as the change
 * they made (separable actions, kept pending until flush()): a few
 * lookups a world instead of the rules once a world.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* Recompute the set's flags (struct cat_hidden): whether every world
 * agrees on the hand sizes and the turn's bookkeeping, and the bank's
 * bounds.  After a pass that played the action world by world. */
void hid_set_flags(cat_hidden *h, const cat_game *g, const wset *set)
{
	h->now.same_books = true;
	uint64_t lo = ~0ull & ~HIGH_BITS, hi = 0; /* bytes below 128 */
	const wid *w0 = &set->w[0];
	const uint8_t *books0 = tail_of(h, w0) + BOOKS_AT;
	uint32_t tail0 = w0->tail;
	bool same_sizes = true;
	for (unsigned i = 0; i < set->n; i++) {
		const wid *w = &set->w[i];
		uint64_t sum = 0; /* of each resource: at most the bank's size, no carry */
		for (unsigned p = 0; p < g->nseats; p++) {
			const hand_table *ht = &h->hands[p];
			sum += ht->word[w->hand[p]];
			same_sizes &= ht->total[w->hand[p]] == ht->total[w0->hand[p]];
		}
		if (w->tail != tail0 && h->now.same_books)
			h->now.same_books = memcmp(tail_of(h, w) + BOOKS_AT, books0, BOOKS) == 0;
		lo = bytes_min(lo, sum);
		hi = bytes_max(hi, sum);
	}
	h->now.same_sizes = same_sizes;
	for (unsigned r = 0; r < CAT_RES; r++) { /* the bank: what the hands leave */
		h->now.bank_lo[r] = (uint8_t)(cat_bank_size(g) - (uint8_t)(hi >> (8 * r)));
		h->now.bank_hi[r] = (uint8_t)(cat_bank_size(g) - (uint8_t)(lo >> (8 * r)));
	}
}

/* The bank's stock of r is the same in every world, or at least `need`
 * in every one: what an action takes from it does not depend on how the
 * unseen cards went. */
static bool bank_settled(const cat_hidden *h, unsigned r, unsigned need)
{
	return h->now.bank_lo[r] == h->now.bank_hi[r] || h->now.bank_lo[r] >= need;
}

/* The cards a roll of `roll` produces of each resource: the buildings
 * on its hexes but the robber's, cities counting 2; and, when `seats` is
 * not NULL, the seats they go to (by bit) of each resource.  The board
 * says it, the same in every world. */
void hid_produced(const cat_game *g, unsigned roll, unsigned out[CAT_RES], unsigned seats[CAT_RES])
{
	uint8_t owed[CAT_SEATS][CAT_RES];
	unsigned touched = cat_roll_owed(g, &g->s, roll, g->s.robber, owed, out);
	if (!seats)
		return;
	memset(seats, 0, CAT_RES * sizeof *seats);
	for (unsigned m = touched; m; m &= m - 1) {
		unsigned r = (unsigned)__builtin_ctz(m);
		for (unsigned p = 0; p < CAT_SEATS; p++)
			if (owed[p][r])
				seats[r] |= 1u << p;
	}
}

/* What a seen action (or, a NULL one, the line's end) asks of the
 * hands: need[p], the cards seat p must hold for it, when that is the
 * only way it reads them, so that it changes every world in which seat
 * p holds need[p] alike.  False when it reads the hands otherwise in a
 * way the worlds may answer differently (a hand's size, the bank, a
 * monopoly's take): then it is played world by world. */

/* Every world of `in` owes and has made the same discards: the turn's
 * bookkeeping differs at most in what each seat got (a production the
 * bank fell short of differently). */
static bool same_discards(const cat_hidden *h, const wset *in)
{
	enum { DISCARDS = 2 * CAT_SEATS }; /* must_discard[], discarded[] */
	static_assert(offsetof(cat_world, discarded) ==
			      offsetof(cat_world, must_discard) + CAT_SEATS,
		      "the discards first in the bookkeeping");
	const uint8_t *d0 = tail_of(h, &in->w[0]) + BOOKS_AT;
	uint32_t last = in->w[0].tail;
	for (unsigned i = 1; i < in->n; i++) {
		if (in->w[i].tail == last)
			continue;
		last = in->w[i].tail;
		if (memcmp(tail_of(h, &in->w[i]) + BOOKS_AT, d0, DISCARDS))
			return false;
	}
	return true;
}

static bool separable(const cat_turn *t, const cat_act *a, const wset *in,
		      uint8_t need[CAT_SEATS][CAT_RES], unsigned *exact)
{
	const cat_game *g = t->g;
	const cat_hidden *h = g->hid;
	memset(need, 0, CAT_SEATS * CAT_RES);
	*exact = CAT_RES;
	if (!a) /* the end reads the discards owed, and clears the rest */
		return h->now.same_books || same_discards(h, in);
	switch (a->kind) {
	case A_ROLL: {
		unsigned roll = a->a + a->b;
		if (roll == 7) /* the discards owed: half of each hand */
			return h->now.same_sizes && h->now.same_books;
		if (roll < 2 || roll > 12)
			return true;
		unsigned made[CAT_RES];
		hid_produced(g, roll, made, NULL);
		for (unsigned r = 0; r < CAT_RES; r++)
			if (made[r] && !bank_settled(h, r, made[r]))
				return false;
		return true;
	}
	case A_DISCARD:
		if (a->b || !h->now.same_books)
			return false;
		memcpy(need[a->a], a->give, CAT_RES);
		return true;
	case A_ROBBER:
	case A_KNIGHT:
		if (a->kind == A_ROBBER && !h->now.same_books)
			return false; /* the discards owed before it */
		if (a->b != CAT_NONE) {
			if (a->c >= CAT_RES || a->b >= g->nseats)
				return false;
			need[a->b][a->c] = 1;
			return true;
		}
		return h->now.same_sizes; /* nobody there holds a card? */
	case A_TRADE:
		for (unsigned r = 0; r < CAT_RES; r++) {
			need[t->seat][r] = (uint8_t)(need[t->seat][r] + a->give[r]);
			need[a->a][r] = (uint8_t)(need[a->a][r] + a->get[r]);
		}
		return true;
	case A_BANK:
		for (unsigned r = 0; r < CAT_RES; r++)
			if (a->get[r] && !bank_settled(h, r, a->get[r]))
				return false;
		memcpy(need[t->seat], a->give, CAT_RES);
		return true;
	case A_PLENTY:
		for (unsigned r = 0; r < CAT_RES; r++)
			if (a->get[r] && !bank_settled(h, r, a->get[r]))
				return false;
		return true;
	case A_ROAD:
	case A_SETTLE:
	case A_CITY:
	case A_BUY:
		memcpy(need[t->seat], price_of(g, a), CAT_RES);
		return true;
	case A_MONOPOLY: /* the take: stated, or the same in every world? */
		if (a->a >= CAT_RES)
			return false;
		if (a->b == MONO_TAKE_EACH) { /* the worlds where each holds it */
			for (unsigned p = 0; p < g->nseats; p++)
				if (p != t->seat)
					need[p][a->a] = a->give[p];
			*exact = a->a;
			return true;
		}
		for (unsigned i = 1; i < in->n; i++)
			for (unsigned p = 0; p < g->nseats; p++)
				if (hand_res(h, p, in->w[i].hand[p])[a->a] !=
				    hand_res(h, p, in->w[0].hand[p])[a->a])
					return false;
		return true;
	case A_GETS:
		return h->now.same_books;
	default: /* the roads of road building, reveal, assertions */
		return true;
	}
}

/* The needs of bytes laid out as res[][] (lo), with no exact take. */
static void needs_of(needs *nd, const uint8_t lo[CAT_SEATS * CAT_RES])
{
	memset(nd, 0, sizeof *nd);
	nd->exact = CAT_RES;
	for (unsigned p = 0; p < CAT_SEATS; p++)
		nd->at_least[p] = hand_word(lo + p * CAT_RES);
}

/* Whether a line may end with its pending actions not yet made, and the
 * next line go on adding to them: a run of lines that only build, buy
 * and produce then costs no pass over the worlds.  The worlds they drop
 * stay listed (kept_alive tells them), so the line's end looks only for
 * whether there is a second world they keep after the first (which
 * fast_act found): with one, all is known again, and the actions are
 * made now.  Leaves kept_need what they need. */
bool hid_keep_pending(cat_hidden *h)
{
	if (!h->now.pend)
		return false;
	const wset *in = &h->set[h->in];
	needs_of(&h->kept_need, h->now.pend_lo);
	for (unsigned i = h->now.first + 1; i < in->n; i++)
		if (holds(h, &in->w[i], &h->kept_need))
			return true;
	return false;
}

/* carried() the first time the pass meets hand `id`: out of line, so
 * that the loops over the worlds keep only the lookup. */
uint32_t __attribute__((noinline))
hid_carried_anew(cat_hidden *h, unsigned p, uint32_t id, uint64_t lo, uint64_t d)
{
	hand_table *ht = &h->hands[p];
	uint64_t w = ht->word[id];
	uint32_t to = bytes_at_least(w, lo) ? hid_hand_id(ht, add_bytes(w, d)) : NO_ID;
	ht->stamp[id] = ht->gen; /* after hand_id, which may move the arrays */
	ht->to[id] = to;
	return to;
}

/* The change of lo[] and d[] (bytes laid out as res[][]), its seats'
 * marks made fresh for a pass. */
void hid_change_start(cat_hidden *h, hand_change *c, const uint8_t lo[CAT_SEATS * CAT_RES],
		      const uint8_t d[CAT_SEATS * CAT_RES])
{
	c->n = 0;
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		c->lo[c->n] = hand_word(lo + p * CAT_RES);
		c->d[c->n] = hand_word(d + p * CAT_RES);
		if (!(c->lo[c->n] | c->d[c->n]))
			continue;
		c->seat[c->n++] = p;
		hand_marks(&h->hands[p]);
	}
}

/* Tail `tail` as the change c makes it. */
static inline uint32_t carried_tail(cat_hidden *h, tail_change *c, uint32_t tail)
{
	if (tail == c->from)
		return c->to;
	uint8_t b[TAIL_SIZE];
	memcpy(b, h->tails.bytes[tail], TAIL_SIZE);
	memcpy(b, (const uint8_t *)c->nw + TAIL_AT, c->books ? TAIL_SIZE : BOOKS_AT);
	c->from = tail;
	c->to = hid_tail_id(&h->tails, b);
	return c->to;
}

/* The worlds of `in` from `first` that hold nd (when not NULL) and lo[],
 * each with the change d[] made to its hands (lo, d: bytes laid out as
 * res[][]) and its tail changed as `tc` says, into `out`.  Each hand's
 * change is worked out once (carried), the first time a world holds it.
 * Made a seat at a time over the worlds copied (a column of ids: a
 * lookup a world), and the worlds that lost a hand dropped after. */
void hid_carry(cat_hidden *h, const wset *in, unsigned first, wset *out, const needs *nd,
	       const uint8_t lo[CAT_SEATS * CAT_RES], const uint8_t d[CAT_SEATS * CAT_RES],
	       tail_change *tc)
{
	hand_change c;
	hid_change_start(h, &c, lo, d);
	const unsigned nmoved = c.n, *moved = c.seat;
	const uint64_t *lw = c.lo, *dw = c.d;
	tc->from = NO_ID;
	hid_reserve(out, in->n);
	wid *o = out->w;
	unsigned n = 0;
	const wid *from = in->w + first; /* the worlds the first column reads */
	if (nd) {
		for (unsigned i = first; i < in->n; i++)
			if (holds(h, &in->w[i], nd))
				o[n++] = in->w[i];
		from = o;
	} else {
		n = in->n - first;
	}
	/* the first seat's column and the tails, as the worlds are copied
	 * (a loop, not memcpy: valgrind counts rep movsb a byte a step) */
	unsigned p0 = nmoved ? moved[0] : 0;
	uint32_t dropped = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t xw[3]; /* (in words: wid_words_set) */
		wid_words(&from[i], xw);
		if (nmoved) {
			uint32_t id = carried(h, p0, from[i].hand[p0], lw[0], dw[0]);
			dropped |= id == NO_ID;
			wid_words_set(xw, p0, id);
		}
		wid_words_set(xw, WID_TAIL, carried_tail(h, tc, from[i].tail));
		memcpy(&o[i], xw, sizeof xw);
	}
	for (unsigned k = 1; k < nmoved; k++) {
		unsigned p = moved[k];
		for (unsigned i = 0; i < n; i++) {
			uint32_t id = carried(h, p, o[i].hand[p], lw[k], dw[k]);
			dropped |= id == NO_ID;
			o[i].hand[p] = id;
		}
	}
	unsigned kept = n;
	if (dropped) {
		kept = 0;
		for (unsigned i = 0; i < n; i++) {
			bool lost = false;
			for (unsigned k = 0; k < nmoved; k++)
				lost |= o[i].hand[moved[k]] == NO_ID;
			if (!lost)
				o[kept++] = o[i];
		}
	}
	out->n = kept;
}

/* Make the pending actions in the set `in` (one pass over it). */
void hid_flush(cat_hidden *h)
{
	if (!h->now.pend)
		return;
	h->now.pend = false;
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	tail_change tc = { .nw = &h->now.pend_nw, .books = h->now.pend_books };
	hid_carry(h, &h->set[h->in], 0, out, NULL, h->now.pend_lo, h->now.pend_d, &tc);
	assert(out->n > 0);
	h->in = o;
	if (h->now.pend_books) /* every world has the bookkeeping of pend_nw */
		h->now.same_books = true;
}

/* What the worlds must hold before the pending actions (d[], pend_lo[])
 * for an action that needs need[] after them: in each byte the most of
 * need - d (d signed) and pend_lo, into lo[]; false when some byte comes
 * to 128 or more (lo[] is then not used: the actions are made first).
 * Eight bytes at a time when need[] and pend_lo[] are below 128 (a byte
 * at a time, this and pend_moved's loop cost a third of fast_act's own
 * instructions). */
static bool pend_bound(const uint8_t need[CAT_SEATS][CAT_RES], const uint8_t d[24],
		       const uint8_t pend_lo[24], uint8_t lo[24])
{
	uint64_t n[3] = { 0 }, dw[3], pl[3];
	memcpy(n, need, CAT_SEATS * CAT_RES);
	memcpy(dw, d, sizeof dw);
	memcpy(pl, pend_lo, sizeof pl);
	if (((n[0] | n[1] | n[2] | pl[0] | pl[1] | pl[2]) & HIGH_BITS) == 0) {
		uint64_t most = 0;
		for (unsigned k = 0; k < 3; k++) {
			/* d's negative bytes: need + |d|, at most 255, no carry
			 * out of the byte; the others need - d, 0 at least */
			uint64_t neg = ((dw[k] & HIGH_BITS) >> 7) * 0xff;
			uint64_t v = bytes_less(n[k], dw[k] & ~neg) + (sub_bytes(0, dw[k]) & neg);
			most |= v;
			uint64_t x = bytes_max(v, pl[k]);
			memcpy(lo + 8 * k, &x, sizeof x);
		}
		return !(most & HIGH_BITS);
	}
	bool fits = true;
	for (unsigned i = 0; i < CAT_SEATS * CAT_RES; i++) {
		int v = need[i / CAT_RES][i % CAT_RES] - (int8_t)d[i];
		v = v > pend_lo[i] ? v : pend_lo[i];
		fits &= v < 128;
		lo[i] = (uint8_t)v;
	}
	return fits;
}

/* The change from w0 to nw added to db[] (bytes laid out as res[][],
 * modulo 256), and taken from the bounds of the bank's stock (it moved
 * alike in every world): a seat's hand a word at a time. */
static void pend_moved(uint8_t db[24], const cat_world *nw, const cat_world *w0,
		       uint8_t bank_lo[CAT_RES], uint8_t bank_hi[CAT_RES])
{
	uint64_t moved = 0; /* what the hands took, of each resource */
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		uint64_t dp = sub_bytes(hand_word(nw->res[p]), hand_word(w0->res[p]));
		uint64_t x = add_bytes(hand_word(db + p * CAT_RES), dp);
		memcpy(db + p * CAT_RES, &x, CAT_RES);
		moved = add_bytes(moved, dp);
	}
	uint64_t lo = sub_bytes(hand_word(bank_lo), moved),
		 hi = sub_bytes(hand_word(bank_hi), moved);
	memcpy(bank_lo, &lo, CAT_RES);
	memcpy(bank_hi, &hi, CAT_RES);
}

/* A separable action (see separable) played once, on the first world
 * that holds what it needs, and then carried to every such world as the
 * change it made to the hands: a few lookups a world instead of the rules
 * once a world, and those made once for all the separable actions in a
 * row (pending until hid_flush()).  False (nothing changed) when no world
 * holds what it needs or the rules refuse it there: then the caller plays
 * it world by world, which finds the refusal and says it over all. */
bool hid_fast_act(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	if (a && a->kind == A_MONOPOLY) /* its take reads the worlds */
		hid_flush(h);
	const wset *in = &h->set[h->in];
	uint8_t need[CAT_SEATS][CAT_RES];
	unsigned exact;
	if (!separable(t, a, in, need, &exact))
		return false;
	/* what the worlds must hold before the pending actions: at least
	 * the pending bound, and this action's need less what they add */
	uint8_t lo[24] = { 0 };
	if (h->now.pend && !pend_bound(need, h->now.pend_d, h->now.pend_lo, lo)) {
		hid_flush(h);
		in = &h->set[h->in];
	}
	if (!h->now.pend)
		memcpy(lo, need, CAT_SEATS * CAT_RES);
	needs nd;
	needs_of(&nd, lo);
	nd.exact = exact;
	nd.skip = t->seat;
	for (unsigned p = 0; exact < CAT_RES && p < CAT_SEATS; p++)
		nd.exact_n[p] = need[p][exact];
	unsigned first = h->now.pend ? h->now.first : 0;
	while (first < in->n && !holds(h, &in->w[first], &nd))
		first++;
	if (first == in->n)
		return false;
	cat_world w0;
	world_expand(h, &in->w[first], &w0);
	if (h->now.pend)
		pend_apply(h->now.pend_d, &h->now.pend_nw, h->now.pend_books, &w0);
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	hid_world_load_x(g, t, &w0);
	int rc = a ? cat_turn_step(t, a) : cat_turn_end(t);
	if (rc < 0) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return false;
	}
	if (!a) {
		memset(t->must_discard, 0, sizeof t->must_discard);
		memset(t->discarded, 0, sizeof t->discarded);
		memset(t->got, 0, sizeof t->got);
	}
	cat_world nw;
	hid_world_store_x(g, t, &nw);
	bool books_moved = memcmp(nw.must_discard, w0.must_discard, BOOKS) != 0;
	/* the end leaves every world with no bookkeeping, whatever it was */
	if (a && books_moved && !h->now.same_books && !(h->now.pend && h->now.pend_books)) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return false;
	}
	uint8_t db[24] = { 0 };
	if (h->now.pend)
		memcpy(db, h->now.pend_d, sizeof db);
	pend_moved(db, &nw, &w0, h->now.bank_lo, h->now.bank_hi);
	if (exact < CAT_RES) { /* made now: the pending bound cannot say it */
		assert(!h->now.pend);
		unsigned o = spare(h);
		wset *out = start_set(h, o);
		uint8_t none[24] = { 0 };
		tail_change tc = { .nw = &nw, .books = books_moved };
		hid_carry(h, in, first, out, &nd, none, db, &tc);
		h->in = o;
		return true;
	}
	h->now.pend_books = (h->now.pend && h->now.pend_books) || books_moved;
	h->now.pend = true;
	h->now.first = first;
	memcpy(h->now.pend_lo, lo, sizeof h->now.pend_lo);
	memcpy(h->now.pend_d, db, sizeof h->now.pend_d);
	h->now.pend_nw = nw;
	return true;
}
