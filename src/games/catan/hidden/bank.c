/*
 * bank.c — an action that reads the bank's stock played once per stock
 * (by_bank): the worlds fall into classes by what they leave the bank,
 * and the action is played once a class and carried to the others.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* The classes of the worlds (by_bank): each class's key (the bank's
 * stock as the action reads it, or the hand sizes), its first world,
 * and what the rules made of that world. */
enum { BANK_CLASSES = 64 };

typedef struct bank_class {
	uint64_t key;
	unsigned first; /* its first world that holds `need` */
	bool ok;
	uint8_t d[CAT_SEATS][CAT_RES]; /* the change to the hands */
	uint32_t tail;
	cat_state s; /* the position and turn after it */
	cat_turn t;
	unsigned nev;
} bank_class;

typedef struct bank_classes {
	bank_class *cls;
	unsigned n;
	uint8_t *class_of; /* each world's class, 0xff: none (not `need`) */
	bool seven;	   /* classes by the hand sizes: the discards owed */
	/* the bank's stock over the worlds classed, as hand words */
	uint64_t stock_lo, stock_hi;
} bank_classes;

/* What action a takes from the bank (want) and what the acting seat
 * must hold (need), or whether it is a 7 (*seven); false when it is not
 * an action by_bank plays. */
static bool bank_wants(const cat_game *g, const cat_act *a, unsigned want[CAT_RES],
		       uint8_t need[CAT_RES], bool *seven)
{
	if (a->kind == A_ROLL) {
		unsigned roll = a->a + a->b;
		if (roll < 2 || roll > 12)
			return false;
		*seven = roll == 7;
		if (!*seven)
			hid_produced(g, roll, want, NULL);
	} else if (a->kind == A_BANK || a->kind == A_PLENTY) {
		for (unsigned r = 0; r < CAT_RES; r++)
			want[r] = a->get[r];
		if (a->kind == A_BANK)
			memcpy(need, a->give, CAT_RES);
	} else {
		return false;
	}
	return true;
}

/* The worlds of `in` in which `seat` holds `need`, put in classes by the
 * bank's stock up to cap[] (or by the hand sizes, for a 7): false when
 * there are more than BANK_CLASSES. */
static bool classify(const cat_hidden *h, const cat_game *g, unsigned seat, const wset *in,
		     const uint8_t need[CAT_RES], const uint8_t cap[CAT_RES], bank_classes *B)
{
	uint64_t need_w = hand_word(need);
	uint8_t size_b[CAT_RES];
	memset(size_b, (int)cat_bank_size(g), CAT_RES);
	uint64_t size_w = hand_word(size_b), cap_w = hand_word(cap);
	B->stock_lo = hand_word(size_b);
	B->stock_hi = 0;
	/* the last world classed: what it was classed by (its stock, or its
	 * sizes), and its class, which a world alike in that takes as it
	 * is (the stock moves only with the cards the bank got unseen, so
	 * long runs of worlds leave it the same) */
	bool have_last = false;
	uint64_t last = 0;
	unsigned c = 0;
	for (unsigned i = 0; i < in->n; i++) {
		const wid *w = &in->w[i];
		B->class_of[i] = 0xff;
		if (!bytes_at_least(h->hands[seat].word[w->hand[seat]], need_w))
			continue;
		uint64_t key = 0, by = 0;
		if (B->seven) { /* (the bank's stock does not move) */
			for (unsigned p = 0; p < g->nseats; p++)
				key |= (uint64_t)h->hands[p].total[w->hand[p]] << (8 * p);
			by = key;
		} else {
			uint64_t held = 0; /* of each resource, by all: no carry */
			for (unsigned p = 0; p < g->nseats; p++)
				held += h->hands[p].word[w->hand[p]];
			by = size_w - held; /* the stock (no borrow: held <= size) */
		}
		if (have_last && by == last) {
			B->class_of[i] = (uint8_t)c;
			continue;
		}
		have_last = true;
		last = by;
		if (!B->seven) {
			key = bytes_min(by, cap_w);
			B->stock_lo = bytes_min(B->stock_lo, by);
			B->stock_hi = bytes_max(B->stock_hi, by);
		}
		c = 0;
		while (c < B->n && B->cls[c].key != key)
			c++;
		if (c == B->n) {
			if (B->n == BANK_CLASSES) /* too many: world by world */
				return false;
			B->cls[B->n].key = key;
			B->cls[B->n++].first = i;
		}
		B->class_of[i] = (uint8_t)c;
	}
	return true;
}

/* The rules run on the first world of each class, from the position and
 * turn as they are now: what each made of it kept in the class.  The
 * class whose first world comes first of those allowed, or -1. */
static int play_classes(cat_turn *t, const cat_act *a, const wset *in, bank_classes *B)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	int first_ok = -1; /* the class of the first world allowed */
	for (unsigned c = 0; c < B->n; c++) {
		bank_class *k = &B->cls[c];
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		cat_world w0, nw;
		world_expand(h, &in->w[k->first], &w0);
		hid_world_load_x(g, t, &w0);
		k->ok = cat_turn_step(t, a) == 0;
		if (!k->ok)
			continue;
		hid_world_store_x(g, t, &nw);
		for (unsigned p = 0; p < CAT_SEATS; p++)
			for (unsigned r = 0; r < CAT_RES; r++)
				k->d[p][r] = (uint8_t)(nw.res[p][r] - w0.res[p][r]);
		k->tail = hid_tail_id(&h->tails, (const uint8_t *)&nw + TAIL_AT);
		k->s = g->s;
		k->t = *t;
		k->nev = g->nev;
		if (first_ok < 0 || k->first < B->cls[first_ok].first)
			first_ok = (int)c;
	}
	return first_ok;
}

/* Each world's hands changed, a class at a time, so that each hand's
 * change in a class is worked out once (carried): the worlds in the
 * order of their classes (a counting sort), then made.  The worlds of a
 * class refused, or of none, are left as they were (not read). */
static wid *changed_worlds(cat_hidden *h, const wset *in, const bank_classes *B)
{
	wid *changed = arb_xmalloc(in->n * sizeof *changed);
	unsigned *at = arb_xcalloc(B->n + 1, sizeof *at),
		 *order = arb_xmalloc(in->n * sizeof *order);
	for (unsigned i = 0; i < in->n; i++)
		if (B->class_of[i] != 0xff)
			at[B->class_of[i] + 1]++;
	for (unsigned c = 0; c < B->n; c++)
		at[c + 1] += at[c];
	for (unsigned i = 0; i < in->n; i++)
		if (B->class_of[i] != 0xff)
			order[at[B->class_of[i]]++] = i;
	for (unsigned c = 0, k = 0; c < B->n; c++) {
		unsigned end = at[c]; /* the placing moved it to the class's end */
		if (!B->cls[c].ok) {
			k = end;
			continue;
		}
		uint8_t none[CAT_SEATS * CAT_RES] = { 0 }, d[CAT_SEATS * CAT_RES];
		memcpy(d, B->cls[c].d, sizeof d);
		hand_change hc;
		hid_change_start(h, &hc, none, d);
		for (; k < end; k++) {
			wid x = in->w[order[k]];
			change_made(h, &hc, &x); /* no bound: drops none */
			x.tail = B->cls[c].tail;
			changed[order[k]] = x;
		}
	}
	free(at);
	free(order);
	return changed;
}

/* The set the changed worlds make, in their order, and its flags: each
 * world looked up, and the flags worked out over the set made.  The new
 * set's index, or -1 when it overflowed. */
static int changed_set(cat_hidden *h, const cat_game *g, const wset *in, const bank_classes *B,
		       const wid *changed)
{
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	new_gen(h);
	held_table T;
	held_load(h, out, &T);
	for (unsigned i = 0; i < in->n; i++) {
		if (B->class_of[i] == 0xff || !B->cls[B->class_of[i]].ok)
			continue;
		uint64_t x[3];
		wid_words(&changed[i], x);
		if (held_insert(h, out, &T, x) < 0) {
			out->n = T.n;
			return -1;
		}
	}
	out->n = T.n;
	hid_set_flags(h, g, out);
	return (int)o;
}

/* One class (allowed), and one tail before: every world changes alike,
 * so they stay as many, and are made in order straight into the new set
 * (no lookup, no sort by class); the flags follow without a pass: the
 * same bookkeeping, the same sizes if they were, the bank's stock over
 * the worlds classed less the change.  The new set's index. */
static int alike_set(cat_hidden *h, const wset *in, const bank_classes *B)
{
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	hid_reserve(out, in->n);
	uint8_t none[CAT_SEATS * CAT_RES] = { 0 }, d[CAT_SEATS * CAT_RES];
	memcpy(d, B->cls[0].d, sizeof d);
	hand_change hc;
	hid_change_start(h, &hc, none, d);
	/* in locals: a world stored may alias the fields */
	wid *w = out->w;
	unsigned n = 0;
	uint32_t tail = B->cls[0].tail;
	const uint8_t *class_of = B->class_of;
	for (unsigned i = 0; i < in->n; i++) {
		if (class_of[i] == 0xff)
			continue;
		wid x = in->w[i];
		change_made(h, &hc, &x); /* no bound: drops none */
		x.tail = tail;
		w[n++] = x;
	}
	out->n = n;
	h->now.same_books = true;
	for (unsigned r = 0; r < CAT_RES && !B->seven; r++) {
		int dr = 0; /* what the bank gave of r */
		for (unsigned p = 0; p < CAT_SEATS; p++)
			dr += (int8_t)B->cls[0].d[p][r];
		h->now.bank_lo[r] = (uint8_t)((uint8_t)(B->stock_lo >> (8 * r)) - dr);
		h->now.bank_hi[r] = (uint8_t)((uint8_t)(B->stock_hi >> (8 * r)) - dr);
	}
	return (int)o;
}

/* The worlds of `in` all have the tail of the first. */
static bool one_tail(const wset *in)
{
	for (unsigned i = 1; i < in->n; i++)
		if (in->w[i].tail != in->w[0].tail)
			return false;
	return true;
}

/* A seen action that reads the hands only as what the acting seat must
 * hold (`need`) and as the bank's stock of some resources, up to cap[]
 * (a roll's production, a bank trade, year of plenty; when the bank is
 * not settled): the worlds fall into classes by that stock, and the rules
 * run once a class, on its first world that holds `need`, whose change
 * is carried to the others.  A 7, which reads the hands only as their
 * sizes (the discards owed), when those differ between worlds, falls into
 * classes by the sizes.  The worlds are made in their order, as
 * world by world would make them.  1 done, 0 not (every class refused,
 * or not such an action: played world by world), -1 the set overflowed. */
int hid_by_bank(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	const wset *in = &h->set[h->in];
	uint8_t cap[CAT_RES] = { 0 }, need[CAT_RES] = { 0 };
	if (!a || !h->now.same_books || cat_is_unseen(a))
		return 0;
	bank_classes B = { 0 };
	unsigned want[CAT_RES] = { 0 }; /* what it takes from the bank */
	if (!bank_wants(g, a, want, need, &B.seven))
		return 0;
	for (unsigned r = 0; r < CAT_RES; r++) /* bytes_min's bound */
		cap[r] = (uint8_t)(want[r] < 127 ? want[r] : 127);
	B.cls = arb_xmalloc(BANK_CLASSES * sizeof *B.cls);
	B.class_of = arb_xmalloc(in->n ? in->n : 1);
	wid *changed = NULL; /* each world as the action makes it */
	int rc = 0;
	if (!classify(h, g, t->seat, in, need, cap, &B))
		goto done;
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	int first_ok = play_classes(t, a, in, &B);
	int o = -1; /* the set made */
	if (first_ok >= 0 && B.n == 1 && one_tail(in)) {
		o = alike_set(h, in, &B);
	} else if (first_ok >= 0) {
		changed = changed_worlds(h, in, &B);
		o = changed_set(h, g, in, &B, changed);
	}
	if (o < 0) { /* every class refused (rc 0), or the set overflowed */
		rc = first_ok < 0 ? 0 : -1;
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		goto done;
	}
	arb_reject *rej = t->rej;
	const bank_class *k = &B.cls[first_ok];
	g->s = k->s;
	*t = k->t;
	t->rej = rej;
	g->nev = k->nev;
	h->in = (unsigned)o;
	rc = 1;
done:
	free(changed);
	free(B.cls);
	free(B.class_of);
	return rc;
}
