/*
 * lazy.c — lines followed one way at a time (the lazy lines): the witness
 * played, the search when it fails, and the worlds listed again when the
 * search cannot tell.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* The hands of the seats in `mask` of listed world w, as a key. */
static wid masked_hands(const wid *w, unsigned mask)
{
	wid k = { .tail = mask };
	for (unsigned p = 0; p < CAT_SEATS; p++)
		k.hand[p] = mask >> p & 1 ? w->hand[p] : 0;
	return k;
}

/* The hands known to lead nowhere (search_listed): keys of masked_hands
 * in an open table, and the masks met. */
typedef struct nogoods {
	wid *key;
	uint8_t *used;
	unsigned nslots, masks;
} nogoods;

/* The slot of world w's hands of the seats in `mask`: where they are
 * (*there) or would go. */
static unsigned nogood_slot(const nogoods *ng, const wid *w, unsigned mask, bool *there)
{
	wid k = masked_hands(w, mask);
	uint64_t x[3];
	wid_words(&k, x);
	unsigned j = (unsigned)mix64(x[0] ^ mix64(x[1] ^ mix64(x[2]))) & (ng->nslots - 1);
	for (*there = false; ng->used[j]; j = (j + 1) & (ng->nslots - 1))
		if (memcmp(&ng->key[j], &k, sizeof k) == 0) {
			*there = true;
			break;
		}
	return j;
}

/* The search from every listed world in turn (exhaustive).  With
 * backjumping it begins at the world the witness came from and goes round
 * to those before it: that world explained every line since but this
 * one, so the ways on from it are the likeliest to explain this one too
 * (trying the worlds before it first cost one generated game 440 million
 * instructions instead of 274).  The search for a refusal's words takes
 * them in order.  Backjumping, a world whose try led nowhere for the
 * hands of some seats alone (its conflict holds only their bits) tells
 * that every world with those hands does too: they are not tried (a
 * nogood; a seat's hand is an id, the same in every listed world). */
static bool search_listed(dfs *D, bool cbj, bool keep)
{
	cat_game *g = D->g;
	cat_hidden *h = D->h;
	const wset *base = &h->set[h->committed];
	hid_new_search(D, cbj, keep);
	/* the most of each resource the listed worlds' hands hold together:
	 * the least the bank may hold */
	uint64_t most = 0;
	for (unsigned i = 0; i < base->n; i++)
		most = bytes_max(most, hid_held_by_all(g, base, i));
	/* the nogoods: a table of keys (masked_hands), and the masks met */
	nogoods ng = { .nslots = 64 };
	while (ng.nslots < 2 * base->n)
		ng.nslots *= 2;
	ng.key = cbj ? arb_xmalloc(ng.nslots * sizeof *ng.key) : NULL;
	ng.used = cbj ? arb_xcalloc(ng.nslots, 1) : NULL;
	D->bd.prune = cbj && hid_bounds_from(D, 0);
	bool found = false;
	unsigned start = cbj ? h->wbase : 0; /* (the words' search: in order) */
	for (unsigned k = 0; k < base->n && !found && !D->full; k++) {
		unsigned i = (start + k) % base->n;
		const wid *w = &base->w[i];
		bool known = false;
		for (unsigned m = 0; m < 1u << CAT_SEATS && !known; m++)
			if (ng.masks >> m & 1)
				(void)nogood_slot(&ng, w, m, &known);
		for (unsigned p = 0; p < g->nseats && !known && D->bd.prune; p++)
			known = !bytes_at_least(h->hands[p].word[w->hand[p]], need_at(D, 0, 0)[p]);
		if (known)
			continue;
		g->s = h->base_s;
		world_load(g, NULL, w);
		/* how much less the bank may hold (no borrow: most >= held) */
		hid_start_deps(D, most - hid_held_by_all(g, base, i));
		found = hid_explore(D, 0, 0);
		if (found)
			h->wbase = i;
		if (found || D->full || !cbj)
			continue;
		bool seats_only = (D->conf.w[0] >> CAT_SEATS) == 0; /* no bank, no guess */
		for (unsigned k = 1; k < CS_WORDS; k++)
			seats_only &= D->conf.w[k] == 0;
		if (!seats_only)
			continue;
		unsigned m = (unsigned)D->conf.w[0];
		if (!m) /* whatever the hands: no world is left */
			break;
		ng.masks |= 1u << m;
		bool there;
		unsigned j = nogood_slot(&ng, w, m, &there);
		ng.used[j] = 1;
		ng.key[j] = masked_hands(w, m);
	}
	free(ng.key);
	free(ng.used);
	return found;
}

/* The line cannot be decided (the sets would pass RELIST_WORLDS, or the
 * search LAZY_MEMO states): too-many-unknowns. */
int hid_undecidable(cat_turn *t)
{
	return cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
			  "the unseen cards could have gone in too many ways to tell whether "
			  "any explains this line (more than %u states searched, and more than "
			  "%u ways at once listed); arbiter cannot decide this record from "
			  "here on",
			  LAZY_MEMO, RELIST_WORLDS);
}

/* The searches of the line passed LAZY_WORK (a step: a state the memo
 * was asked about, or an action tried): too-many-unknowns. */
static int undecidable_work(cat_turn *t)
{
	return cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
			  "the unseen cards could have gone in too many ways to tell whether "
			  "any explains this line (more than %u steps of search); arbiter "
			  "cannot decide this record from here on",
			  LAZY_WORK);
}

/* Relisting: the line being applied lists up to RELIST_WORLDS worlds
 * (cleared when it is committed or refused). */
static void start_relisting(cat_hidden *h, const cat_game *g)
{
	h->relisting = true;
	set_limit(h, g);
}

/* List the worlds again, up to RELIST_WORLDS at once, from the listed
 * worlds and the position where following one way at a time began,
 * through the lines since, each as cat_apply plays a line: 0, the replay
 * listing them at the end of the last; -1, all given back as it was. */
static int relist_lines(cat_game *g)
{
	cat_hidden *h = g->hid;
	free(h->memo); /* no use to the listing, which needs the room */
	free(h->mwhy);
	free(h->mslack);
	free(h->mtab);
	h->memo = NULL;
	h->mwhy = NULL;
	h->mslack = NULL;
	h->mtab = NULL;
	/* what is given back when the listing fails: the worlds in full, as
	 * the ids of hands and tails may be collected on the way */
	const wset *base = &h->set[h->committed];
	unsigned keep_n = base->n;
	cat_world *keep_w = arb_xmalloc((keep_n ? keep_n : 1) * sizeof *keep_w);
	for (unsigned i = 0; i < keep_n; i++)
		world_expand(h, &base->w[i], &keep_w[i]);
	set_state keep_kept = h->kept, keep_now = h->now;
	needs keep_need = h->kept_need;
	unseen_tally keep_tally = h->tally;
	cat_state keep_s = g->s, keep_bak = g->bak;
	unsigned nlog = h->nlog;

	h->lazy = false;
	h->tally = h->base_tally; /* the lines since are tallied anew */
	h->in = h->committed;
	h->now.pend = false; /* (go_lazy made the pending actions) */
	hid_set_flags(h, g, base);
	h->kept = h->now;
	g->s = h->base_s;
	arb_reject rj;
	memset(&rj, 0, sizeof rj);
	int rc = 0;
	for (unsigned li = 0; li < nlog && rc == 0; li++) {
		start_relisting(h, g);
		rc = cat_apply(g, &h->log[li], NULL, &rj);
	}
	if (rc == 0) { /* listed up to here */
		h->nlog = 0;
		h->pending = false;
		free(keep_w);
		return 0;
	}
	h->relisting = false;
	set_limit(h, g);
	h->on = true;
	g->hidden_on = true;
	h->lazy = true;
	h->nlog = nlog;
	h->committed = h->in = 0;
	wset *back = start_set(h, 0);
	hid_reserve(back, keep_n);
	for (unsigned i = 0; i < keep_n; i++)
		world_compress(h, &keep_w[i], &back->w[i]);
	back->n = keep_n;
	h->kept = keep_kept;
	h->now = keep_now;
	h->kept_need = keep_need;
	h->tally = keep_tally;
	g->s = keep_s;
	g->bak = keep_bak;
	free(keep_w);
	return -1;
}

/* The search from the listed worlds filled its memo: the states it keeps
 * are those of every line since, where listing keeps one line's worlds
 * (at most RELIST_WORLDS).  So list them again through the lines since;
 * on success the replay lists again, at the start of line t->m, and the
 * caller plays it so (CAT_RELISTED).  Else the line is undecidable. */
static int relist(cat_turn *t)
{
	cat_game *g = t->g;
	if (relist_lines(g) < 0)
		return hid_undecidable(t);
	/* listed up to this line: decided from here */
	start_relisting(g->hid, g);
	int rc = cat_hidden_on(g) ? cat_hidden_begin(g, t->m, t->rej) : 0;
	g->bak = g->s;			   /* the line's start, as cat_apply keeps it */
	return rc < 0 ? -1 : CAT_RELISTED; /* -1: over in every way */
}

/* The record's end (or where dump stops it) while following one way at
 * a time: the worlds are listed again as relist() lists them, so that
 * dump shows each hand's range over every way rather than bounds; when
 * they pass RELIST_WORLDS, all stays as it was. */
void cat_hidden_settle(cat_game *g)
{
	if (cat_hidden_on(g) && g->hid->lazy && relist_lines(g) == 0)
		g->bak = g->s;
}

/* The memo of the lazy search, made on the first lazy line (and again
 * after relist() freed it). */
static void memo_alloc(cat_hidden *h)
{
	h->memo = arb_xmalloc(LAZY_MEMO * sizeof *h->memo);
	h->mwhy = arb_xmalloc(LAZY_MEMO);
	h->mslack = arb_xmalloc(LAZY_MEMO * sizeof *h->mslack);
	h->mtab = arb_xcalloc(MEMO_SLOTS_FIRST, sizeof *h->mtab);
	h->mnslots = MEMO_SLOTS_FIRST;
	h->mgen = 0;
}

/* Whether the backjumping search from the listed worlds proved there
 * was no way (lazy_line), and the refusal it found. */
typedef struct proof {
	bool proved;
	int best;
	arb_reject rej;
	cat_shortage sh;
} proof;

/* The searches for a way through line D->cur, which starts at `start`:
 * the witness, then the witness from 1, 2, 4, ... 64 lines back (the
 * search from there may change what their '?' were), then every way from
 * the listed worlds: only that last search is exhaustive.  Whether one
 * found a way (*from: the line it began at); when the last found none
 * without filling the memo, *pr is its refusal (and `proved`). */
static bool search_back(dfs *D, const cat_state *start, bool ahead, unsigned *from, proof *pr)
{
	cat_game *g = D->g;
	cat_hidden *h = D->h;
	bool found = false;
	memo_clear(h);	  /* what it knew was of the lines before */
	bool kept = true; /* the memo holds only states that led nowhere */
	for (unsigned back = 0; !found; back = back ? 2 * back : 1) {
		bool all = back > h->nlog || back > 64;
		/* each search keeps the memo of those before; one that fills
		 * it is made again, anew (as it was when each began anew); a
		 * search that filled it leaves in it the states it was on,
		 * which did not lead nowhere: the next begins anew */
		for (bool keep = kept;; keep = false) {
			bool fresh = !keep || h->mn == 0;
			if (all) {
				*from = 0;
				found = search_listed(D, true, keep);
			} else {
				hid_new_search(D, true, keep);
				*from = h->nlog - back;
				g->s = back ? h->snap[*from] : *start;
				/* (from the witness's own line only when the
				 * lines ahead bound it: a refusal is then said
				 * by a replay without them, ahead_undo) */
				D->bd.prune = (back || ahead) && hid_bounds_from(D, *from);
				unsigned lacks;
				found = !(D->bd.prune && hid_ruled_out(D, *from, 0, &lacks)) &&
					hid_explore(D, *from, 0);
			}
			if (!D->full || fresh)
				break;
		}
		kept = !D->full;
		if (!all)
			continue;
		/* none: the line is refused, in the words of every way tried
		 * (when trying every guess passes the memo, as listed again
		 * below, or failing that, in words that hold of the ways the
		 * backjumping search tried) */
		if (!found && !D->full) {
			*pr = (proof){ true, D->best, D->best_rej, D->best_short };
			/* backjumping skips only guesses that would fail as the
			 * one tried did: a way it missed is a conflict put down
			 * to too few guesses (the tests run with assertions).
			 * Not when the lines ahead bounded it, which may rule
			 * out every way this line has (the words are then
			 * those of the replay without them) */
			if (!ahead) {
				found = search_listed(D, false, false);
				assert(!found);
			}
		}
		break;
	}
	return found;
}

/* No way through line t->m was found: the worlds listed again when the
 * memo filled (relist), or the line refused, in the words of every way
 * the searches tried (or of the proof's, when too many to list but none
 * left). */
static int refuse_line(cat_turn *t, dfs *D, const proof *pr)
{
	cat_game *g = t->g;
	bool said = false;
	int rc = 0;
	if (D->work > LAZY_WORK) /* (listing again would be more work still) */
		return undecidable_work(t);
	if (D->full) {
		rc = relist(t);
		said = !pr->proved || rc >= 0 ||
		       t->rej->rule != cat_rules[CAT_R_TOO_MANY_UNKNOWNS].id;
		if (!said) { /* too many to list, but no way is left */
			D->best = pr->best;
			D->best_rej = pr->rej;
			D->best_short = pr->sh;
			D->have_other = false;		/* (not looked for) */
			hid_ways_start(&D->ways, true); /* "no way ... at once" */
		}
	}
	if (said)
		return rc;
	if (D->best < 0)
		return cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
				  "no way the unseen cards could have gone explains the "
				  "lines before this one");
	const cat_act *a = (unsigned)D->best < t->m->n ? &t->m->act[D->best] : NULL;
	unseen_tally u = hid_tally_at(g, t->m, a);
	return hid_explain_msg(g, t->rej, &D->best_rej, &D->best_short,
			       D->have_other ? &D->other_rej : NULL, &D->ways, true, a, t->seat,
			       &u);
}

/* Search for a way the unseen cards could have gone that explains the
 * line t->m: first from the witness (the position), then, failing that,
 * from every listed world through every line since.  0, with the
 * position at the line's end, or -1 (refused, or undecidable). */
static int lazy_line(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	h->line = t->m;
	if (!h->memo) /* (relist frees it) */
		memo_alloc(h);
	/* on the stack, not calloc'd: a line's searches are many and short,
	 * and calloc cleared its 2 kB a byte at a time (1.4 % of the
	 * replay of an observer view) */
	dfs search = {
		.g = g,
		.h = h,
		.cur = t->m,
		.sink = t->sink,
		.best = -1,
		.work_most = g->verdict_only ? VERDICT_WORK : LAZY_WORK,
		.unseen_bad = unseen_bad,
		.unseen_rej = unseen_rej,
	};
	dfs *D = &search;
	cat_state start = g->s;
	D->cur_start = &start;
	/* the lines ahead bound the search (bounds_from): a way through
	 * this line that they rule out is not taken, so it may cut some way,
	 * and a refusal is undone (ahead_undo) */
	bool ahead = hid_ahead_search(g, t->m);
	unsigned from = 0; /* the line the search that found a way began at */
	proof pr = { .best = -1 };
	bool found = search_back(D, &start, ahead, &from, &pr);
	int rc = 0;
	if (found) {
		/* the witness's line starts, for the next repair */
		memcpy(h->snap + from, h->snap_try + from, (h->nlog + 1 - from) * sizeof *h->snap);
		arb_reject *rej = t->rej;
		*t = D->t;
		t->rej = rej;
		t->quiet = false; /* the search's own */
	} else {
		g->s = start;
		rc = refuse_line(t, D, &pr);
	}
	free(D->path);
	free(D->bd.need);
	free(D->bd.at);
	return rc;
}

/* The record is followed one way at a time (see "lazy"). */
bool cat_hidden_lazy(const cat_game *g)
{
	return cat_hidden_on(g) && g->hid->lazy;
}

/* A whole turn line while following one way at a time; unseen_bad: the
 * first action with a '?' the view may not write (refused with
 * unseen_rej when reached), or -1.  Rejects as the line's actions, or
 * with too-many-unknowns. */
int cat_hidden_line(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	if (h->nlog + 1 >= h->caplog) { /* room for this line */
		h->caplog = h->caplog ? 2 * h->caplog : 64;
		h->log = arb_xrealloc(h->log, h->caplog * sizeof *h->log);
		h->snap = arb_xrealloc(h->snap, h->caplog * sizeof *h->snap);
		h->snap_try = arb_xrealloc(h->snap_try, h->caplog * sizeof *h->snap_try);
	}
	int rc = lazy_line(t, unseen_bad, unseen_rej);
	if (rc == 0) {
		h->log[h->nlog++] = *t->m;
		h->pending = true;
	}
	return rc;
}

/* Stop listing the worlds: from the start of the line being applied,
 * follow one way at a time (see "lazy" above), and apply that line so.
 * 0 (the line is applied) or -1. */
int hid_go_lazy(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	h->base_tally = h->tally;	 /* (this line's are added when it is committed) */
	if (h->kept.pend && !h->fresh) { /* the worlds of the line's start, made */
		unsigned o = spare(h);
		wset *out = start_set(h, o);
		tail_change tc = { .nw = &h->kept.pend_nw, .books = h->kept.pend_books };
		hid_carry(h, &h->set[h->committed], 0, out, NULL, h->kept.pend_lo, h->kept.pend_d,
			  &tc);
		h->committed = o;
		h->kept.pend = false;
	}
	h->lazy = true;
	h->nlog = 0;
	h->wbase = 0; /* the witness: the first listed world, below */
	if (!h->trails)
		h->trails = cat_trail_memo_new();
	g->trails = h->trails; /* the search walks the same roads in every way */
	h->base_s = g->bak;
	if (h->fresh) { /* the line's own '?' made the worlds: from its start */
		wid w;
		cat_state keep = g->s;
		g->s = g->bak;
		world_store(g, NULL, &w);
		g->s = keep;
		wset *base = start_set(h, h->committed);
		new_gen(h);
		insert(h, base, &w);
	}
	/* what a relist grew beyond the usual sets is not needed while the
	 * worlds are followed one at a time */
	for (unsigned i = 0; i < 3; i++)
		if (i != h->committed && h->set[i].cap > CAT_MAX_WORLDS) {
			free(h->set[i].w);
			h->set[i] = (wset){ .version = h->set[i].version + 1 };
		}
	if (h->nslots > 2 * CAT_MAX_WORLDS) {
		hid_free_slots(h);
		hid_set_slots(h, 256);
	}
	g->s = g->bak;
	world_load(g, NULL, &h->set[h->committed].w[0]);
	int rc = cat_hidden_line(t, unseen_bad, unseen_rej);
	if (rc < 0)
		h->lazy = false;
	return rc;
}
