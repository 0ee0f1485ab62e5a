/*
 * play.c — one action played over every world the record allows (a
 * pass): by the rules world by world, or by the faster ways of carry.c,
 * unseen.c and bank.c where they apply.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* Play the action (or end the line) in world `w`; keep the world it
 * leads to.  Only the first refusal, and the first by another rule, are
 * said in words (hid_explain() uses no others), so the rest are quiet: a
 * refusal's printf costs more than the rest of an attempt, and an
 * unseen discard can be refused in thousands of worlds. */
static void attempt(pass *P, const wid *w, const cat_act *a)
{
	P->refused = false;
	if (P->full)
		return;
	cat_turn *t = P->t;
	cat_game *g = t->g;
	bool quiet = P->have_first;
	for (;;) {
		g->s = P->base_s;
		*t = P->base_t;
		t->quiet |= quiet;
		world_load(g, t, w);
		g->nev = P->ok ? P->ev_keep : P->ev_base;
		arb_reject rj;
		t->rej = &rj;
		g->shortage.seat = CAT_NONE;
		int rc = a ? cat_turn_step(t, a) : cat_turn_end(t);
		t->quiet = P->base_t.quiet;
		if (rc >= 0)
			break;
		P->refused = true;
		if (!P->have_first) {
			P->first = rj;
			P->first_short = g->shortage;
			P->have_first = true;
		} else if (!P->have_other && rj.rule != P->first.rule) {
			if (quiet && !P->base_t.quiet) { /* again, in words */
				quiet = false;
				continue;
			}
			P->other = rj;
			P->have_other = true;
		}
		return;
	}
	if (!a) { /* the line is over: its bookkeeping too */
		memset(t->must_discard, 0, sizeof t->must_discard);
		memset(t->discarded, 0, sizeof t->discarded);
		memset(t->got, 0, sizeof t->got);
	}
	wid nw;
	world_store(g, t, &nw);
	if (insert(P->h, P->out, &nw) < 0) {
		P->full = true;
		return;
	}
	if (!P->ok) {
		P->ok = true;
		P->keep_s = g->s;
		P->keep_t = *t;
		P->ev_keep = g->nev;
	}
}

/* Every way of discarding `left` more cards of the resources r..
 * within `room`, added to c->give.  Returns the guesses tried.  The
 * guesses stand or fall together: a guess never discards a card the
 * hand lacks, and what else refuses a discard (its count, its timing)
 * no guess changes; so the first refused guess ends them (P->refused). */
static unsigned discard_guesses(pass *P, const wid *w, cat_act *c, const uint8_t room[CAT_RES],
				unsigned r, unsigned left)
{
	if (r == CAT_RES - 1) {
		if (left > room[r])
			return 0;
		c->give[r] = (uint8_t)(c->give[r] + left);
		attempt(P, w, c);
		c->give[r] = (uint8_t)(c->give[r] - left);
		return 1;
	}
	unsigned n = 0;
	for (unsigned k = 0; k <= left && k <= room[r] && !P->refused; k++) {
		c->give[r] = (uint8_t)(c->give[r] + k);
		n += discard_guesses(P, w, c, room, r + 1, left - k);
		c->give[r] = (uint8_t)(c->give[r] - k);
	}
	return n;
}

/* The action in world `w`, once per guess of its '?' that the world
 * allows; with no guess possible, as written, so that the rule code says
 * why not. */
static void expand(pass *P, const wid *w, const cat_act *a)
{
	if (!a || !cat_is_unseen(a)) {
		attempt(P, w, a);
		return;
	}
	cat_act c = *a;
	c.guessed = 1;
	unsigned tried = 0;
	switch (a->kind) {
	case A_ROBBER:
	case A_KNIGHT: {
		if (a->b >= CAT_SEATS)
			break;
		uint8_t held[CAT_RES]; /* a copy: each attempt may add hands to the table */
		memcpy(held, hand_res(P->h, a->b, w->hand[a->b]), CAT_RES);
		for (unsigned r = 0; r < CAT_RES; r++)
			if (held[r]) {
				c.c = (uint8_t)r;
				attempt(P, w, &c);
				tried++;
			}
		break;
	}
	case A_DISCARD: {
		if (a->a >= CAT_SEATS)
			break;
		const uint8_t *hand = hand_res(P->h, a->a, w->hand[a->a]);
		uint8_t room[CAT_RES];
		bool held = true;
		for (unsigned r = 0; r < CAT_RES; r++) {
			held &= hand[r] >= a->give[r];
			room[r] = held ? (uint8_t)(hand[r] - a->give[r]) : 0;
		}
		c.b = 0;
		P->refused = false;
		if (held)
			tried = discard_guesses(P, w, &c, room, 0, a->b);
		break;
	}
	}
	if (!tried)
		attempt(P, w, a);
}

/* The worlds outgrew what is listed: followed one at a time from here
 * (go_lazy: 1, the line is played, or CAT_RELISTED, or -1), or, when
 * they are listed again after the search failed, undecidable (-1). */
static int overflowed(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	if (t->g->hid->relisting)
		return hid_undecidable(t);
	int rc = hid_go_lazy(t, unseen_bad, unseen_rej);
	return rc == CAT_RELISTED ? rc : rc < 0 ? -1 : 1;
}

/* play_act's word that the action overflowed the set, all undone. */
#define PLAY_OVERFLOWED 3

static_assert(PLAY_OVERFLOWED != CAT_RELISTED, "play_act's own code");

/* Every other world of `in` dropped (the first kept), for a listing
 * again that only the verdict reads (relist_cap): those kept are each a
 * way the record so far allows, so one that explains the rest proves the
 * record legal; spread over the set rather than its first half, which
 * holds the first guesses of the last unseen cards (cutting every set
 * that overflowed so, not only those listed again: keeping the first
 * half lost every way that explains the record in each of the 5
 * costliest of the 200 4-player observer views of gen --seed 1, every
 * other world in 1 of them). */
static void keep_every_other(cat_game *g, cat_hidden *h, wset *in)
{
	g->thinned++;
	unsigned n = 0;
	for (unsigned i = 0; i < in->n; i += 2)
		in->w[n++] = in->w[i];
	in->n = n;
	/* no world before `first` holds what the pending actions need: nor
	 * before first / 2 of those kept (world i is the 2i-th) */
	h->now.first /= 2;
}

static int play_act(cat_turn *t, const cat_act *a);

/* Play one action of a turn line (NULL: the line's end) in every world
 * the record allows so far.  Rejects with too-many-unknowns, or as the
 * action in the world that fails first when it fails in all.  Listing
 * again for the verdict alone (relist_cap), every other world is dropped
 * until the action's worlds fit. */
int cat_hidden_act(cat_turn *t, const cat_act *a, int unseen_bad, const arb_reject *unseen_rej)
{
	for (;;) {
		int rc = play_act(t, a);
		if (rc != PLAY_OVERFLOWED)
			return rc;
		cat_hidden *h = t->g->hid;
		wset *in = &h->set[h->in];
		if (!relist_cap(h, t->g) || in->n <= 1)
			return overflowed(t, unseen_bad, unseen_rej);
		keep_every_other(t->g, h, in);
	}
}

/* cat_hidden_act's one try: PLAY_OVERFLOWED when the worlds outgrow
 * what is listed, all undone. */
static int play_act(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	if (!cat_hidden_on(g))
		hid_enter(g, t);
	cat_hidden *h = g->hid;
	h->line = t->m; /* its unseen cards are tallied when it is committed */
	if (hid_fast_act(t, a))
		return 0;
	int fu = a && cat_is_unseen(a) ? hid_fast_unseen(t, a) : 0; /* makes the pending */
	if (fu > 0)
		return 0;
	if (fu == -2)
		return -1;
	hid_flush(h); /* what follows plays the worlds one by one */
	if (fu == 0)
		fu = hid_by_bank(t, a);
	if (fu > 0)
		return 0;
	if (fu < 0) /* too many to list */
		return PLAY_OVERFLOWED;
	unsigned o = spare(h);
	pass *P = arb_xmalloc(sizeof *P);
	memset(P, 0, sizeof *P);
	P->t = t;
	P->h = h;
	P->out = start_set(h, o);
	P->rej = t->rej;
	P->base_s = g->s;
	P->base_t = *t;
	P->ev_base = g->nev;
	new_gen(h);
	const wset *in = &h->set[h->in];
	for (unsigned i = 0; i < in->n && !P->full; i++)
		expand(P, &in->w[i], a);
	int rc = 0;
	if (P->full || !P->ok) {
		g->s = P->base_s;
		*t = P->base_t;
		g->nev = P->ev_base;
		if (P->full) {
			t->rej = P->rej;
			rc = PLAY_OVERFLOWED;
		} else {
			rc = hid_explain(P, a, in);
		}
	} else {
		g->s = P->keep_s;
		*t = P->keep_t;
		t->rej = P->rej;
		g->nev = P->ev_keep;
		h->in = o;
		hid_set_flags(h, g, &h->set[o]);
	}
	free(P);
	return rc;
}
