/*
 * search.c — the depth-first search of the lazy lines: every guess of
 * every '?' since the listed worlds tried, with its memo, backjumping and
 * the refusal it keeps.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* ---------------------------------------------------------------- lazy
 *
 * When the worlds would pass CAT_MAX_WORLDS, the replay stops listing
 * them and follows one, the witness: a way the unseen cards could have
 * gone that explains the record so far.  Each new line is played on the
 * witness (trying every guess of its own '?'); while that works, a view
 * record costs what a full record does.  When it does not, a depth-first
 * search replays every line since the last listed worlds (`log`), trying
 * every guess of every '?', for any way that explains them all and the
 * new line: found, it is the new witness; none, the line is illegal, with
 * the message said over every way tried (the search is exhaustive, and
 * made again without backjumping, below, for the message's words).
 * A try from which some seat could not give what the lines say it
 * gives, however the unseen cards went, goes no further (bounds).
 * Tries known to lead nowhere are remembered (the memo, keyed on the
 * world, the line and the action, where a line starts and after each
 * guess), so no state is explored twice, also
 * by the searches of the same line that follow (from further back); when
 * the memo is full (LAZY_MEMO states), the worlds are listed again
 * (relist), and past that the record is refused as undecidable
 * (too-many-unknowns): it says so rather than guess. */

#define LAZY_SLOTS (2u * LAZY_MEMO)

#define CS_BITS (64 * CS_WORDS)

#define BANK_BIT CAT_SEATS /* it depends on the bank's stock too */

#define ALL_BIT (CAT_SEATS + 1) /* every guess (cs_all)               */

#define FIRST_GUESS (CAT_SEATS + 2) /* the bit of the first guess         */

static inline void cs_all(cset *c)
{
	memset(c->w, 0xff, sizeof c->w);
}

static inline void cs_add(cset *c, unsigned bit)
{
	c->w[bit / 64] |= 1ull << (bit % 64);
}

static inline bool cs_has(const cset *c, unsigned bit)
{
	return c->w[bit / 64] >> (bit % 64) & 1;
}

static inline void cs_or(cset *c, const cset *d)
{
	for (unsigned i = 0; i < CS_WORDS; i++)
		c->w[i] |= d->w[i];
}

/* What the guesses so far make of the hands: the guesses each seat's hand
 * depends on, those the bank's stock depends on (unseen discards, and the
 * listed worlds' when their stocks differ), and how much less of each
 * resource the stock may hold under other guesses (slack: it holds more
 * when a discard guessed otherwise gave it less of r, so at most the r
 * the guesses discarded, the r of the listed world beyond the fewest the
 * listed worlds hold, and what a roll the bank did not cover was owed). */
/* The slack (and tolerance) a byte can say at most: more than the bank
 * holds (CAT_MAX_BANK), so it means "any", and twice it below 128, as
 * the byte-parallel sums need. */
#define SLACK_MOST 60u

static_assert(SLACK_MOST > CAT_MAX_BANK && 2 * SLACK_MOST < 128, "slack fits a byte");

static inline uint64_t slack_most(void)
{
	return 0x0000003c3c3c3c3cull; /* SLACK_MOST in bytes 0..4 */
}

/* Whether the bounds rule out the position at action ai of line li: then
 * *seat is the seat whose hand holds too little. */
bool hid_ruled_out(const dfs *D, unsigned li, unsigned ai, unsigned *seat)
{
	const uint64_t *need = need_at(D, li, ai);
	for (unsigned p = 0; p < D->g->nseats; p++)
		if (!bytes_at_least(hand_word(D->g->s.p[p].res), need[p])) {
			*seat = p;
			return true;
		}
	return false;
}

/* What the memo keeps of why a state led nowhere: the seats whose hands
 * there made it so (by bit), with the bank's stock (MEMO_BANK: every
 * seat's hand then), or not known (MEMO_ALL). */
#define MEMO_BANK 0x80u

#define MEMO_ALL 0xffu

/* A try met a state the memo knows: its conflict is the guesses the
 * hands it led nowhere for depend on along this try. */
static void memo_conflict(dfs *D, unsigned why)
{
	memset(&D->conf, 0, sizeof D->conf);
	if (why == MEMO_ALL) {
		cs_all(&D->conf);
		return;
	}
	for (unsigned p = 0; p < CAT_SEATS; p++)
		if (why >> p & 1)
			cs_or(&D->conf, &D->dp.seat[p]);
	if (why & MEMO_BANK) {
		cs_or(&D->conf, &D->dp.bank);
		cs_add(&D->conf, BANK_BIT);
	}
}

static void path_push(dfs *D, uint32_t state)
{
	if (D->npath == D->cap_path) {
		D->cap_path = D->cap_path ? 2 * D->cap_path : 256;
		D->path = arb_xrealloc(D->path, D->cap_path * sizeof *D->path);
	}
	D->path[D->npath++] = state;
}

/* The states of the memo from path[from] on led nowhere, as D->conf says:
 * the seats whose hands they led nowhere for, over-counted by the
 * guesses made since (the hands depend on more, never less, as a try goes
 * on).  Whether the bank covered a roll on the way is put down to the
 * guesses only within the slack of the try that met them (deps_after):
 * the memo keeps the most slack they bear (the slack there, and the
 * tolerance of the rolls since, over-counted as the rolls of the whole
 * hid_explore(), and of those after a state of the memo it met: memo_visit),
 * and a try with more is told they depend on the bank. */
static void memo_why(dfs *D, unsigned from)
{
	unsigned why = 0;
	if (cs_has(&D->conf, ALL_BIT)) {
		why = MEMO_ALL;
	} else if (cs_has(&D->conf, BANK_BIT)) {
		why = MEMO_BANK | ((1u << CAT_SEATS) - 1);
	} else {
		for (unsigned p = 0; p < CAT_SEATS; p++)
			for (unsigned k = 0; k < CS_WORDS; k++)
				if (D->dp.seat[p].w[k] & D->conf.w[k])
					why |= 1u << p;
	}
	for (unsigned i = from; i < D->npath; i++) {
		uint32_t k = D->path[i];
		D->h->mwhy[k] = (uint8_t)why;
		D->h->mslack[k] = bytes_min(add_bytes(D->h->mslack[k], D->tol), slack_most());
	}
}

/* The memo's table four times the size (at most LAZY_SLOTS), with the
 * states it holds put in it again. */
static void __attribute__((noinline)) memo_grow(cat_hidden *h)
{
	unsigned k = 4 * h->mnslots < LAZY_SLOTS ? 4 * h->mnslots : LAZY_SLOTS;
	free(h->mtab);
	h->mtab = arb_xcalloc(k, sizeof *h->mtab);
	h->mnslots = k;
	h->mgen = 1;
	for (unsigned m = 0; m < h->mn; m++) {
		unsigned i = (unsigned)hid_world_hash(&h->memo[m]) & (k - 1);
		while (h->mtab[i].stamp == h->mgen)
			i = (i + 1) & (k - 1);
		h->mtab[i] = (hslot){ h->mgen, m };
	}
}

/* One more unit of the line's work: false, and the search full (it
 * stops: past LAZY_WORK the line is undecidable, past VERDICT_WORK the
 * worlds are listed again), past work_most. */
static inline bool work_left(dfs *D)
{
	if (++D->work <= D->work_most)
		return true;
	D->full = true;
	return false;
}

/* A try reached (li, ai) in the world the position holds: false when
 * one already did (it led nowhere), the memo is full, or the line's work
 * is spent. */
static bool memo_visit(dfs *D, unsigned li, unsigned ai)
{
	cat_hidden *h = D->h;
	if (!work_left(D))
		return false;
	cat_world w;
	hid_world_store_x(D->g, &D->t, &w);
	memcpy(w.pad, &li, 4);
	w.pad[4] = (uint8_t)ai;
	if (2 * (h->mn + 1) > h->mnslots && h->mnslots < LAZY_SLOTS)
		memo_grow(h);
	unsigned mask = h->mnslots - 1;
	unsigned i = (unsigned)hid_world_hash(&w) & mask;
	while (h->mtab[i].stamp == h->mgen) {
		if (memcmp(&h->memo[h->mtab[i].at], &w, sizeof w) == 0) {
			unsigned k = h->mtab[i].at, why = h->mwhy[k];
			if (why != MEMO_ALL && !bytes_at_least(h->mslack[k], D->dp.slack))
				why |= MEMO_BANK | ((1u << CAT_SEATS) - 1);
			/* the tries that led here lead nowhere only while the
			 * bank's stock stays within what the state bore: the
			 * rolls after it count for them as if made again */
			D->tol = bytes_min(D->tol, bytes_less(h->mslack[k], D->dp.slack));
			memo_conflict(D, why);
			return false;
		}
		i = (i + 1) & mask;
	}
	if (h->mn == LAZY_MEMO) {
		D->full = true;
		return false;
	}
	h->memo[h->mn] = w;
	h->mwhy[h->mn] = MEMO_ALL;
	h->mslack[h->mn] = D->dp.slack; /* (memo_why adds the tolerance) */
	h->mtab[i] = (hslot){ h->mgen, h->mn++ };
	path_push(D, h->mn - 1);
	return true;
}

/* A try of the line being applied was refused at action ai (m->n: its
 * end) with D->rj: keep the refusal of the latest action reached. */
static void note_refusal(dfs *D, unsigned ai)
{
	cat_game *g = D->g;
	const cat_shortage *sh = &g->shortage;
	if ((int)ai > D->best) {
		D->best = (int)ai;
		D->best_rej = D->rj;
		D->best_short = *sh;
		D->have_other = false;
		hid_ways_start(&D->ways, false);
	} else if ((int)ai == D->best && !D->have_other && D->rj.rule != D->best_rej.rule &&
		   D->rj.msg[0]) {
		D->have_other = true;
		D->other_rej = D->rj;
	}
	const uint8_t *hand[CAT_SEATS];
	for (unsigned p = 0; p < CAT_SEATS; p++)
		hand[p] = g->s.p[p].res;
	hid_ways_note(&D->ways, g->nseats, D->cur->seat, ai < D->cur->n ? &D->cur->act[ai] : NULL,
		      hand, g->s.bank, (const uint8_t(*)[CAT_RES])D->t.got);
}

/* Whether a refusal at (li, ai) would be the one the line keeps (later
 * than any so far: note_refusal), or, in the search for a refusal's
 * words, one at the same action that may be by another rule (mixed_msg):
 * only then is its sentence written, as the search refuses many more
 * tries than it keeps. */
static void words_if_kept(dfs *D, unsigned li, unsigned ai)
{
	D->t.quiet = !(li == D->h->nlog &&
		       ((int)ai > D->best || ((int)ai == D->best && !D->cbj && !D->have_other)));
}

/* A try was refused by a rule at action `a`: put down to the hand of the
 * seat that lacked cards, a monopoly's wrong take to the hand of the
 * opponent it is wrong for (a total: to all of theirs), anything else to
 * every guess. */
static void failed_rule(dfs *D, const cat_act *a)
{
	cat_game *g = D->g;
	unsigned seat = g->shortage.seat;
	if (seat < g->nseats) {
		D->conf = D->dp.seat[seat];
	} else if (a->kind == A_MONOPOLY && D->rj.rule == cat_rules[CAT_R_MONOPOLY_TAKE].id) {
		unsigned odd = CAT_NONE; /* the opponent a take from each is wrong for */
		if (a->b == MONO_TAKE_EACH)
			for (unsigned p = 0; p < g->nseats && odd == CAT_NONE; p++)
				if (p != D->t.seat && g->s.p[p].res[a->a] != a->give[p])
					odd = p;
		memset(&D->conf, 0, sizeof D->conf);
		for (unsigned p = 0; p < g->nseats; p++)
			if (p != D->t.seat && (odd == CAT_NONE || p == odd))
				cs_or(&D->conf, &D->dp.seat[p]);
	} else {
		cs_all(&D->conf);
	}
}

/* What a seen action just made (from the bank's stock before it) did to
 * what the hands depend on: a monopoly's take is the others' hands; a
 * roll the bank may not cover in every way the guesses went (its stock
 * less the slack) gives what the bank's stock allows, to the seats it
 * owes that resource (or, under shortage=roll, anything). */
static void deps_after(dfs *D, const cat_act *a, const uint8_t bank_before[CAT_RES])
{
	cat_game *g = D->g;
	deps *dp = &D->dp;
	if (a->kind == A_MONOPOLY) {
		for (unsigned p = 0; p < g->nseats; p++)
			if (p != D->t.seat)
				cs_or(&dp->seat[D->t.seat], &dp->seat[p]);
	} else if (a->kind == A_ROLL && a->a + a->b != 7) {
		unsigned want[CAT_RES], to[CAT_RES], all = 0;
		hid_produced(g, a->a + a->b, want, to);
		for (unsigned r = 0; r < CAT_RES; r++)
			all |= to[r];
		unsigned unsure = 0; /* the seats some guess may make the bank
				      * give otherwise (by bit) */
		uint8_t slack[CAT_RES], tol[CAT_RES];
		memcpy(slack, &dp->slack, CAT_RES);
		memcpy(tol, &D->tol, CAT_RES);
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (!want[r])
				continue;
			if (want[r] + slack[r] > bank_before[r]) {
				/* a shortage loses this resource, or the whole roll */
				unsure |= g->opt_shortage == SH_ROLL ? all : to[r];
				slack[r] = (uint8_t)(slack[r] + want[r] < SLACK_MOST
							     ? slack[r] + want[r]
							     : SLACK_MOST);
			} else if (bank_before[r] - want[r] - slack[r] < tol[r]) {
				tol[r] = (uint8_t)(bank_before[r] - want[r] - slack[r]);
			}
		}
		dp->slack = hand_word(slack);
		D->tol = hand_word(tol);
		for (unsigned p = 0; p < g->nseats; p++)
			if (unsure >> p & 1) {
				cs_or(&dp->seat[p], &dp->bank);
				cs_add(&dp->seat[p], BANK_BIT);
			}
	}
}

/* One '?' being guessed: its bit (none past CS_BITS: then every guess
 * is tried, and the hands it changes depend on every guess), what the
 * hands depended on before it, and the conflicts of its guesses so far. */
typedef struct guess {
	unsigned bit;
	bool named;
	deps before;
	cset conf;
} guess;

static void guess_start(dfs *D, guess *q)
{
	q->before = D->dp;
	q->bit = D->dp.next;
	q->named = q->bit < CS_BITS;
	memset(&q->conf, 0, sizeof q->conf);
}

/* Before a guess that changes the hands of seats a and b (or CAT_NONE),
 * and with `gave` (not NULL) what it gave the bank. */
static void guess_made(dfs *D, const guess *q, unsigned a, unsigned b, const uint8_t *gave)
{
	deps *dp = &D->dp;
	*dp = q->before;
	dp->next = q->bit + 1;
	bool bank = gave != NULL;
	if (bank)
		dp->slack = bytes_min(add_bytes(dp->slack, hand_word(gave)), slack_most());
	cset *c[3] = { &dp->seat[a], b < CAT_SEATS ? &dp->seat[b] : NULL, bank ? &dp->bank : NULL };
	for (unsigned k = 0; k < 3; k++)
		if (c[k] && q->named)
			cs_add(c[k], q->bit);
		else if (c[k])
			cs_all(c[k]);
}

/* A guess led nowhere (D->conf says why): true when the others need not
 * be tried, as it had no part in the failure (D->conf is theirs too). */
static bool guess_failed(dfs *D, guess *q)
{
	D->dp = q->before;
	if (!D->cbj)
		return false;
	if (q->named && !cs_has(&D->conf, q->bit))
		return true;
	if (q->named)
		D->conf.w[q->bit / 64] &= ~(1ull << (q->bit % 64));
	cs_or(&q->conf, &D->conf);
	return false;
}

/* Every guess led nowhere: the conflict is theirs, and the guesses that
 * decided which guesses there were (the hand of seat `domain`). */
static void guesses_failed(dfs *D, const guess *q, unsigned domain)
{
	D->conf = q->conf;
	cs_or(&D->conf, &q->before.seat[domain]);
}

/* Try action `a` (a guess, or the action as written) at (li, ai) and go
 * on from there; the position and turn come back as they were when it
 * leads nowhere (or the line's work is spent). */
static bool try_act(dfs *D, unsigned li, unsigned ai, const cat_act *a)
{
	if (!work_left(D))
		return false;
	cat_game *g = D->g;
	cat_state s0 = g->s;
	cat_turn t0 = D->t;
	unsigned nev0 = g->nev;
	g->shortage.seat = CAT_NONE;
	words_if_kept(D, li, ai);
	if (cat_turn_step(&D->t, a) == 0) {
		if (hid_explore(D, li, ai + 1))
			return true;
	} else {
		failed_rule(D, a);
		if (li == D->h->nlog)
			note_refusal(D, ai);
	}
	g->s = s0;
	D->t = t0;
	g->nev = nev0;
	return false;
}

/* Every way of discarding `left` more unseen cards of the resources r..
 * within `room`, tried in turn, as guesses of q by seat `who`.  *tried
 * counts them; D->jump when the rest need not be tried. */
static bool try_discards(dfs *D, unsigned li, unsigned ai, cat_act *c, const uint8_t room[CAT_RES],
			 const uint8_t ord[CAT_RES], unsigned i, unsigned left, unsigned *tried,
			 guess *q, unsigned who, const uint8_t seen[CAT_RES])
{
	unsigned r = ord[i];
	if (i == CAT_RES - 1) {
		if (left > room[r])
			return false;
		c->give[r] = (uint8_t)(c->give[r] + left);
		++*tried;
		uint8_t gave[CAT_RES]; /* the unseen part of the guess */
		for (unsigned k = 0; k < CAT_RES; k++)
			gave[k] = (uint8_t)(c->give[k] - seen[k]);
		guess_made(D, q, who, CAT_NONE, gave);
		bool ok = try_act(D, li, ai, c);
		c->give[r] = (uint8_t)(c->give[r] - left);
		if (!ok && !D->full)
			D->jump = guess_failed(D, q);
		return ok;
	}
	for (unsigned k = 0; k <= left && k <= room[r]; k++) {
		c->give[r] = (uint8_t)(c->give[r] + k);
		bool ok =
			try_discards(D, li, ai, c, room, ord, i + 1, left - k, tried, q, who, seen);
		c->give[r] = (uint8_t)(c->give[r] - k);
		if (ok || D->full || D->jump)
			return ok;
	}
	return false;
}

/* The resources in the order the guesses of the backjumping search take
 * them: by `count`, the fewest first (ties by resource), or the most
 * first with `most`: a discard's first guesses keep the resources the
 * hand holds fewest of and give up those it holds most of, and a steal's
 * first guess is the card the victim holds most of.  So the way followed
 * is the likeliest, and the likeliest to explain the lines after it too
 * (the 22 games of bench-views cost 6% fewer instructions, the costliest
 * game of --seed 5 8% fewer).  The search for a refusal's words takes
 * them in order, as the listing does, so that its words are the same. */
static void likeliest_order(const dfs *D, const uint8_t count[CAT_RES], bool most,
			    uint8_t ord[CAT_RES])
{
	for (unsigned r = 0; r < CAT_RES; r++)
		ord[r] = (uint8_t)r;
	if (!D->cbj)
		return;
	for (unsigned r = 1; r < CAT_RES; r++) { /* (stable: ties stay in order) */
		uint8_t x = ord[r];
		unsigned j = r;
		while (j > 0 &&
		       (most ? count[ord[j - 1]] < count[x] : count[ord[j - 1]] > count[x])) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = x;
	}
}

/* Go on from action ai of line li with the position and turn as they
 * are: true (the position at the end of the line being applied) when
 * some way of the unseen cards from here explains the rest; else D->conf
 * is why not. */
static bool explore_from(dfs *D, unsigned li, unsigned ai);

bool hid_explore(dfs *D, unsigned li, unsigned ai)
{
	unsigned from = D->npath;
	uint64_t tol = D->tol;
	D->tol = slack_most();
	bool found = explore_from(D, li, ai);
	if (!found && !D->full && from < D->npath)
		memo_why(D, from);
	D->npath = from;
	D->tol = bytes_min(tol, D->tol);
	return found;
}

/* Line li starts, on the position the search reached: as cat_apply and
 * apply_turn, false (refused) when the game is over or it is not the
 * line's player's turn. */
static bool line_starts(dfs *D, unsigned li, const cat_move *m, bool cur)
{
	cat_game *g = D->g;
	if (g->s.over || m->seat != g->s.active) {
		if (cur) {
			cat_reject(&D->rj, g->s.over ? CAT_R_GAME_OVER : CAT_R_WRONG_PLAYER,
				   m->line, m->col, "the game is over");
			note_refusal(D, 0);
		}
		cs_all(&D->conf);
		return false;
	}
	D->h->snap_try[li] = g->s;
	cat_turn_start(&D->t, g, m, cur ? D->sink : NULL, &D->rj);
	if (cur)
		g->nev = 0;
	return true;
}

/* Line li ends (its actions made, ai its count): -1 refused, or ruled
 * out by the lines ahead; 1 the line being applied ended, a way found; 0
 * the next line follows. */
static int line_ends(dfs *D, unsigned li, unsigned ai, bool cur)
{
	cat_game *g = D->g;
	g->shortage.seat = CAT_NONE;
	words_if_kept(D, li, ai);
	if (cat_turn_end(&D->t) < 0) {
		if (cur)
			note_refusal(D, ai);
		cs_all(&D->conf);
		return -1;
	}
	memset(D->t.must_discard, 0, sizeof D->t.must_discard);
	memset(D->t.discarded, 0, sizeof D->t.discarded);
	memset(D->t.got, 0, sizeof D->t.got);
	unsigned lacks;
	if (cur && D->bd.prune && hid_ruled_out(D, li, ai, &lacks)) {
		D->conf = D->dp.seat[lacks]; /* the lines ahead */
		return -1;
	}
	if (cur)
		return 1;
	g->s.turns++;
	return 0;
}

/* The unseen action `a`, at action ai of line li, tried with every guess
 * of its '?' (the likeliest first) and the search explored on from each:
 * whether one found a way.  None failing for want of a guess is tried as
 * written, so that the rules say why not. */
static bool guess_unseen(dfs *D, unsigned li, unsigned ai, const cat_act *a)
{
	cat_game *g = D->g;
	cat_act c = *a;
	c.guessed = 1;
	unsigned tried = 0;
	guess q;
	guess_start(D, &q);
	unsigned domain; /* the seat whose hand the guesses are of */
	if (a->kind == A_DISCARD) {
		const cat_player *p = &g->s.p[a->a];
		uint8_t room[CAT_RES];
		bool held = true;
		for (unsigned r = 0; r < CAT_RES; r++) {
			held &= p->res[r] >= a->give[r];
			room[r] = held ? (uint8_t)(p->res[r] - a->give[r]) : 0;
		}
		c.b = 0;
		domain = a->a;
		D->jump = false;
		uint8_t ord[CAT_RES];
		likeliest_order(D, room, false, ord);
		if (held &&
		    try_discards(D, li, ai, &c, room, ord, 0, a->b, &tried, &q, a->a, a->give))
			return true;
		if (D->jump) { /* D->conf: the discard had no part in it */
			D->jump = false;
			return false;
		}
	} else {
		domain = a->b;
		uint8_t ord[CAT_RES] = { 0 };
		if (a->b < g->nseats)
			likeliest_order(D, g->s.p[a->b].res, true, ord);
		for (unsigned i = 0; i < CAT_RES && !D->full; i++)
			if (a->b < g->nseats && g->s.p[a->b].res[ord[i]]) {
				unsigned r = ord[i];
				c.c = (uint8_t)r;
				tried++;
				guess_made(D, &q, D->t.seat, a->b, NULL);
				if (try_act(D, li, ai, &c))
					return true;
				if (!D->full && guess_failed(D, &q))
					return false;
			}
	}
	if (!tried) /* as written, so that the rules say why not */
		return try_act(D, li, ai, a);
	if (domain < CAT_SEATS)
		guesses_failed(D, &q, domain);
	else
		cs_all(&D->conf);
	return false;
}

static bool explore_from(dfs *D, unsigned li, unsigned ai)
{
	cat_game *g = D->g;
	for (;;) {
		const cat_move *m = line_of(D, li);
		bool cur = li == D->h->nlog;
		if (ai == 0 && !line_starts(D, li, m, cur))
			return false;
		/* a state is remembered where tries can meet: where a line
		 * starts and after a guess (the actions between follow from
		 * it); remembering it at every action cost the costliest game
		 * of bench-views 11% more instructions */
		unsigned lacks;
		if ((ai == 0 || cat_is_unseen(&m->act[ai - 1])) && D->bd.prune &&
		    hid_ruled_out(D, li, ai, &lacks)) { /* as when it lacks cards */
			D->conf = D->dp.seat[lacks];
			return false;
		}
		if ((ai == 0 || cat_is_unseen(&m->act[ai - 1])) &&
		    !memo_visit(D, li, ai)) /* D->conf: why it led nowhere before */
			return false;
		if (cur && (int)ai == D->unseen_bad) {
			D->rj = *D->unseen_rej;
			note_refusal(D, ai);
			cs_all(&D->conf);
			return false;
		}
		if (ai == m->n) {
			int end = line_ends(D, li, ai, cur);
			if (end)
				return end > 0;
			li++;
			ai = 0;
			continue;
		}
		const cat_act *a = &m->act[ai];
		if (cat_is_unseen(a))
			return guess_unseen(D, li, ai, a);
		g->shortage.seat = CAT_NONE;
		words_if_kept(D, li, ai);
		uint8_t bank[CAT_RES];
		memcpy(bank, g->s.bank, CAT_RES);
		if (cat_turn_step(&D->t, a) < 0) {
			if (cur)
				note_refusal(D, ai);
			failed_rule(D, a);
			return false;
		}
		deps_after(D, a, bank);
		ai++;
	}
}

/* No guess made yet: each seat's hand depends on what it was (its own
 * bit), the bank's stock on them all when the worlds the search starts
 * from may hold less of some resource in the bank (slack, or NULL). */
void hid_start_deps(dfs *D, uint64_t slack)
{
	memset(&D->dp, 0, sizeof D->dp);
	bool bank = slack != 0;
	D->dp.slack = bytes_min(slack, slack_most());
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		cs_add(&D->dp.seat[p], p);
		if (bank)
			cs_add(&D->dp.bank, p);
	}
	D->dp.next = FIRST_GUESS;
}

/* A search begun anew: no refusal, no guess made, and the memo empty,
 * or with `keep`, as the searches of the same line before left it (a
 * state that led nowhere then leads nowhere now: the lines ahead are the
 * same, and what it was for, the hands there). */
void hid_new_search(dfs *D, bool cbj, bool keep)
{
	if (!keep) {
		memo_clear(D->h);
		D->best = -1; /* (kept, the refusal of the tries of them all) */
	}
	D->full = false;
	D->cbj = cbj;
	D->npath = 0;
	D->tol = slack_most();
	hid_start_deps(D, 0);
}
