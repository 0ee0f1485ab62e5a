/*
 * sets.c — the sets of worlds: the hash set that keeps them distinct, the
 * first unseen card that turns them on, and a line begun, committed or
 * given back over them (solver.h says what a world is).
 */
#include <assert.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* The worlds listed that are the record's (not those the pending actions
 * drop); 0 while they are followed one at a time. */
unsigned cat_hidden_count(const cat_game *g)
{
	if (!cat_hidden_on(g))
		return 1;
	const cat_hidden *h = g->hid;
	if (h->lazy)
		return 0;
	unsigned n = 0;
	for (unsigned i = 0; i < h->set[h->committed].n; i++)
		n += kept_alive(h, i);
	return n;
}

/* The worlds listed, with those the pending actions drop (position_ok
 * loads each: cat_hidden_load). */
unsigned cat_hidden_listed(const cat_game *g)
{
	return cat_hidden_on(g) && !g->hid->lazy ? g->hid->set[g->hid->committed].n : 1;
}

/* Free a table of hands, leaving it empty. */
static void hand_table_free(hand_table *ht)
{
	ARB_FREE_ALL(ht->word, ht->slot); /* (word starts the block of the lists by id) */
	memset(ht, 0, sizeof *ht);
}

void cat_hidden_free(cat_game *g)
{
	cat_hidden *h = g->hid;
	if (!h)
		return;
	for (unsigned i = 0; i < 3; i++)
		free(h->set[i].w);
	hid_free_slots(h);
	for (unsigned p = 0; p < CAT_SEATS; p++)
		hand_table_free(&h->hands[p]);
	ARB_FREE_ALL(h->tails.bytes, h->tails.slot, h->log, h->snap, h->snap_try, h->memo, h->mwhy,
		     h->mslack, h->mtab, h->dpool, h->dkept, h->dlists, h->dmemo, h->kslot);
	cat_trail_memo_free(h->trails);
	free(h);
	g->hid = NULL;
	g->trails = NULL;
	g->hidden_on = false;
}

/* The hash tables of worlds a game gave back, kept for the thread's next
 * game, one of each size up to 2 x CAT_MAX_WORLDS slots (256 x 4^k:
 * every size hid_ensure_slots makes): zeroing the tables anew each game
 * cost more than most games' worlds.  A table's stamps are of the
 * generations up to its gen, so one taken goes on from there with every
 * slot free (new_gen), which is what keeps it right.  Freed when the
 * thread ends (spare_key's destructor). */
#define SPARE_SIZES 5 /* 256 .. 65536 slots */
static_assert(256u << 2 * (SPARE_SIZES - 1) == 2 * CAT_MAX_WORLDS, "a spare of each size");

typedef struct spare_tabs {
	hslot *tab[SPARE_SIZES];
	uint32_t gen[SPARE_SIZES];
} spare_tabs;

static _Thread_local spare_tabs spares;
static pthread_key_t spare_key;
static pthread_once_t spare_once = PTHREAD_ONCE_INIT;

static void spare_free(void *p)
{
	spare_tabs *S = p;
	for (unsigned c = 0; c < SPARE_SIZES; c++)
		free(S->tab[c]);
	memset(S, 0, sizeof *S);
}

static bool spare_keyed; /* else no spare is kept: none would be freed */

static void spare_key_make(void)
{
	spare_keyed = pthread_key_create(&spare_key, spare_free) == 0;
}

/* The spare size class of a table of k slots, or SPARE_SIZES. */
static unsigned spare_class(unsigned k)
{
	for (unsigned c = 0; c < SPARE_SIZES; c++)
		if (k == 256u << 2 * c)
			return c;
	return SPARE_SIZES;
}

/* Give the hash table back: kept as the thread's spare of its size when
 * there is none, else freed. */
void hid_free_slots(cat_hidden *h)
{
	unsigned c = spare_class(h->nslots);
	if (h->tab && c < SPARE_SIZES && !spares.tab[c]) {
		pthread_once(&spare_once, spare_key_make);
		if (spare_keyed && pthread_setspecific(spare_key, &spares) == 0) {
			spares.tab[c] = h->tab;
			spares.gen[c] = h->gen;
			h->tab = NULL;
		}
	}
	free(h->tab);
	h->tab = NULL;
	h->nslots = 0;
}

/* A hash table of k slots (a power of 2), every one free. */
void hid_set_slots(cat_hidden *h, unsigned k)
{
	h->nslots = k;
	h->shift = 64;
	while (k > 1) {
		h->shift--;
		k >>= 1;
	}
	unsigned c = spare_class(h->nslots);
	if (c < SPARE_SIZES && spares.tab[c]) {
		h->tab = spares.tab[c];
		h->gen = spares.gen[c];
		spares.tab[c] = NULL;
		new_gen(h); /* past every stamp it holds */
		return;
	}
	h->tab = arb_xcalloc(h->nslots, sizeof *h->tab);
	h->gen = 256;
}

/* Slots for n worlds at least (twice as many, up to max_slots).  The slots
 * in use are lost: called before a set is begun (new_gen), or to rehash
 * the one being built. */
void hid_ensure_slots(cat_hidden *h, unsigned n)
{
	if (2 * n <= h->nslots || h->nslots >= h->max_slots)
		return;
	unsigned k = h->nslots;
	while (k < 2 * n && k < h->max_slots)
		k *= 4; /* a set that grows grows much: few rehashes */
	k = k < h->max_slots ? k : h->max_slots;
	hid_free_slots(h);
	hid_set_slots(h, k);
}

/* Room for n worlds in `s`: room for CAT_MAX_WORLDS at once, whose pages
 * are only touched as they fill (a set that grew by doubling was copied
 * at each step: a tenth of a game's allocations), then doubling (while
 * relisting). */
void hid_reserve(wset *s, unsigned n)
{
	if (s->cap >= n)
		return;
	s->cap = s->cap * 2 > n ? s->cap * 2 : n;
	s->cap = s->cap < CAT_MAX_WORLDS ? CAT_MAX_WORLDS : s->cap;
	s->w = arb_xrealloc(s->w, s->cap * sizeof *s->w);
}

/* More slots for `out` (the set being built), for `more` worlds beyond
 * those it holds, and its worlds put in them again.  Out of insert()'s
 * way, so that the common case stays small enough to be inlined. */
void __attribute__((noinline)) hid_rehash(cat_hidden *h, const wset *out, unsigned more)
{
	hid_ensure_slots(h, out->n + more);
	for (unsigned k = 0; k < out->n; k++) {
		uint64_t y[3];
		wid_words(&out->w[k], y);
		uint64_t hash = wid_hash(y);
		unsigned j = (unsigned)(hash >> h->shift);
		while (slot_used(h, j))
			j = (j + 1) & (h->nslots - 1);
		h->tab[j] = (hslot){ wid_stamp(h, hash), k };
	}
}

static_assert(offsetof(wid, tail) == CAT_SEATS * sizeof(uint32_t), "the tail follows the hands");

void hid_enter(cat_game *g, const cat_turn *t)
{
	hid_ahead_enter(g);
	if (!g->hid) {
		g->hid = arb_xcalloc(1, sizeof *g->hid);
		cat_hidden *h = g->hid;
		hid_set_slots(h, 256);
		for (unsigned r = 0; r < CAT_RES; r++) {
			uint8_t one[CAT_RES] = { 0 };
			one[r] = 1;
			h->unit[r] = hand_word(one);
		}
	}
	cat_hidden *h = g->hid;
	h->on = true;
	g->hidden_on = true;
	h->fresh = true;
	h->committed = h->in = 0;
	h->now.pend = false;
	h->kept.pend = false;
	start_set(h, 0);
	set_limit(h, g);
	new_gen(h);
	wid w;
	world_store(g, t, &w);
	int rc = insert(h, &h->set[0], &w);
	assert(rc == 0);
	(void)rc;
	h->now.same_sizes = h->now.same_books = true;
	memcpy(h->now.bank_lo, g->s.bank, CAT_RES);
	memcpy(h->now.bank_hi, g->s.bank, CAT_RES);
	memset(&h->tally, 0, sizeof h->tally); /* all was known until now */
}

/* World i of the set `committed` in full, with the pending actions it
 * keeps. */
static void committed_world(const cat_hidden *h, unsigned i, cat_world *x)
{
	world_expand(h, &h->set[h->committed].w[i], x);
	if (h->kept.pend)
		pend_apply(h->kept.pend_d, &h->kept.pend_nw, h->kept.pend_books, x);
}

/* The line starts from the set `committed` and what is known of it
 * (struct cat_hidden's kept), and ends (legal) with the set `in` and
 * its; a refused line goes back. */
static void restore_committed(cat_hidden *h)
{
	h->in = h->committed;
	h->now = h->kept;
}

/* Load world i of the line's start (i < cat_hidden_listed) into the
 * position (position_ok checks each world this way); false, nothing
 * loaded, when the pending actions drop it. */
bool cat_hidden_load(cat_game *g, unsigned i)
{
	assert(cat_hidden_on(g) && i < g->hid->set[g->hid->committed].n);
	if (!kept_alive(g->hid, i))
		return false;
	cat_world x;
	committed_world(g->hid, i, &x);
	hid_world_load_x(g, NULL, &x);
	return true;
}

/* A new turn line: the worlds in which the game is over cannot go on.
 * Rejects with game-over when it is over in every one. */
int cat_hidden_begin(cat_game *g, const cat_move *m, arb_reject *rej)
{
	cat_hidden *h = g->hid;
	h->fresh = false;
	g->trails = h->lazy ? h->trails : NULL; /* (listing plays a road once) */
	if (h->lazy) {				/* the witness is the position */
		if (g->s.over)
			return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
					  "the game is over (%s has won, however the "
					  "unseen cards went)",
					  cat_cname(g, g->s.winner));
		return 0;
	}
	restore_committed(h);
	const wset *in = &h->set[h->in];
	if (h->now.pend) { /* the game's state is pend_nw's in every world */
		if (h->now.pend_nw.over)
			return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
					  "the game is over (%s has won, however the "
					  "unseen cards went)",
					  cat_cname(g, h->now.pend_nw.winner));
		cat_world x;
		committed_world(h, h->kept.first, &x);
		hid_world_load_x(g, NULL, &x);
		return 0;
	}
	unsigned going = 0;
	for (unsigned i = 0; i < in->n; i++)
		going += !tail_of(h, &in->w[i])[TAIL_OVER];
	if (!going)
		return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
				  "the game is over (%s has won, however the "
				  "unseen cards went)",
				  cat_cname(g, tail_of(h, &in->w[0])[TAIL_WINNER]));
	if (going < in->n) {
		unsigned o = spare(h);
		wset *out = start_set(h, o);
		new_gen(h);
		for (unsigned i = 0; i < in->n; i++)
			if (!tail_of(h, &in->w[i])[TAIL_OVER])
				insert(h, out, &in->w[i]);
		h->in = o;
	}
	world_load(g, NULL, &h->set[h->in].w[0]);
	return 0;
}

/* The line is over: the worlds are listed up to the usual limit again. */
static void end_relisting(cat_game *g)
{
	cat_hidden *h = g->hid;
	if (!h || !h->relisting)
		return;
	h->relisting = false;
	set_limit(h, g);
}

/* Drop the hands and tails no world of the set `committed` holds, when
 * a table has grown past HANDS_KEPT: the ids of the set are made anew,
 * so the tables stay the size of what the worlds hold. */
static void collect(cat_hidden *h)
{
	wset *set = &h->set[h->committed];
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		hand_table *old = &h->hands[p];
		if (old->n <= HANDS_KEPT)
			continue;
		hid_kept_forget(h); /* (it says hands by id) */
		hand_table fresh = { 0 };
		hand_marks(old); /* to[]: an old id's new one */
		for (unsigned i = 0; i < set->n; i++) {
			uint32_t id = set->w[i].hand[p];
			if (old->stamp[id] != old->gen) {
				old->stamp[id] = old->gen;
				old->to[id] = hid_hand_id(&fresh, old->word[id]);
			}
			set->w[i].hand[p] = old->to[id];
		}
		hand_table_free(old);
		*old = fresh;
	}
	tail_table *tt = &h->tails;
	if (tt->n > HANDS_KEPT) {
		tail_table fresh = { 0 };
		for (unsigned i = 0; i < set->n; i++)
			set->w[i].tail = hid_tail_id(&fresh, tt->bytes[set->w[i].tail]);
		free(tt->bytes);
		free(tt->slot);
		*tt = fresh;
	}
}

/* The line was legal: its worlds are the record's now.  The position
 * shows one in which the game goes on, if any (a win is seen only when
 * every way the unseen cards went wins it); with one world left, all is
 * known again. */
void cat_hidden_commit(cat_game *g)
{
	end_relisting(g);
	if (!cat_hidden_on(g))
		return;
	cat_hidden *h = g->hid;
	if (h->line)
		hid_tally_line(&h->tally, h->line, h->line->n);
	h->line = NULL;
	if (h->lazy) {
		h->pending = false;
		h->fresh = false;
		return;
	}
	if (!hid_keep_pending(h))
		hid_flush(h);
	h->committed = h->in;
	h->fresh = false;
	h->kept = h->now;
	const wset *set = &h->set[h->committed];
	unsigned rep =
		h->now.pend ? h->now.first : 0; /* with pending actions, all alike over or not */
	while (!h->now.pend && rep + 1 < set->n && tail_of(h, &set->w[rep])[TAIL_OVER])
		rep++;
	if (!h->now.pend && tail_of(h, &set->w[rep])[TAIL_OVER])
		rep = 0;
	cat_world x;
	committed_world(h, rep, &x);
	hid_world_load_x(g, NULL, &x);
	if (set->n == 1) { /* the position is the one world */
		g->trails = NULL;
		h->on = false;
		g->hidden_on = false; /* and hid_enter() starts the tally again */
		h->now.pend = h->kept.pend = false;
	}
	collect(h);
}

/* The line was refused: back to the worlds of its start (none, when its
 * own '?' brought them). */
void cat_hidden_abort(cat_game *g)
{
	end_relisting(g);
	if (!cat_hidden_on(g))
		return;
	cat_hidden *h = g->hid;
	h->line = NULL; /* its unseen cards are not tallied */
	if (h->lazy && h->pending) {
		h->nlog--;
		h->pending = false;
	}
	if (h->fresh) {
		h->on = false;
		g->hidden_on = false;
		h->lazy = false;
	}
	restore_committed(h);
	h->fresh = false;
}
