/*
 * hidden.c — records written from one seat's view (notation/catan.md,
 * "Records of what one player could see"): cards the writer did not see
 * ('?' in a steal, a purchase, a discard), and a referee that still
 * proves what it can.
 *
 * A replay keeps every way the unseen cards could have gone that the
 * record so far allows: a set of "worlds", each the part of the position
 * that unseen cards can change (every hand, the development cards held and
 * left in the deck, whether the game is over, whose turn it is, and the
 * turn's own bookkeeping that depends on them).  The rest (the board, the
 * robber, knights played, the special cards) is the same in every world,
 * so it lives once in the game's position, which always holds one world
 * loaded: the representative, which dump and score show.
 *
 * Each action is played once per world (and once per guess of its own
 * '?') by the same rule code that plays a full record, or, where its only
 * use of the hands is what some players must hold, once on one world and
 * carried to the others as the change it made (fast_act, fast_unseen;
 * a run of such actions in one pass, pending until flush(), and an unseen
 * discard once per group of worlds that differ only in the discarding
 * hand); the worlds in which it is illegal are dropped.  The action is illegal
 * only when no world is left: then no assignment of the unseen cards
 * explains the record, and the message says so in terms of what the
 * worlds held.  What later actions force (a spend, a knight played, a
 * count) so narrows what earlier '?' were.  Worlds are deduplicated after
 * every action (a hash set): only how many of each card each player may
 * hold matters, not which steal brought them, which keeps the set small.
 * Past CAT_MAX_WORLDS the replay stops listing them and follows one at a
 * time, searching every way only when that one fails (see "lazy" below);
 * a record whose search needs more than LAZY_MEMO states is refused as
 * undecidable (too-many-unknowns) instead of followed at any cost.  When
 * one world is left, everything is known again and the replay goes back
 * to playing the one position; a full record never enters this file.
 *
 * Memory: three sets of at most CAT_MAX_WORLDS worlds of 56 bytes (the
 * line's start, and two to play its actions on) and a hash table of
 * 2 x CAT_MAX_WORLDS slots, allocated on the first unseen card and grown as
 * needed: at most about 12 MB, and 5 MB more while an unseen discard is
 * made; the search's memo adds 37 MB and the lines since the listed
 * worlds about 1 kB each, whatever the record.
 */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "catan.h"

/* One way the unseen cards could have gone.  All bytes, padding named
 * and zeroed, so worlds compare and hash as bytes. */
typedef struct cat_world {
	uint8_t res[CAT_SEATS][CAT_RES];
	uint8_t over, winner, active;
	/* the turn's bookkeeping, zero between turn lines */
	uint8_t must_discard[CAT_SEATS], discarded[CAT_SEATS];
	uint8_t got[CAT_SEATS][CAT_RES];
	uint8_t pad[5];
} cat_world;

static_assert(sizeof(cat_world) % 8 == 0, "a world hashes as 64-bit words");

/* The turn's bookkeeping of a world, from must_discard on. */
#define BOOKS (offsetof(cat_world, pad) - offsetof(cat_world, must_discard))

typedef struct wset {
	cat_world *w;
	unsigned n, cap;
} wset;

#define SLOTS (2u * CAT_MAX_WORLDS)

/* The unseen cards that touched each seat's hand since everything was
 * last known (the worlds were one, or the record began), which a refusal
 * names in a player's words ("the three cards Blue stole").  A seat's
 * hand is its last known hand changed by what every player saw and by
 * these alone, but for a monopoly's take the line does not say (`others`:
 * what the others' unseen cards held came into it). */
typedef struct unseen_tally {
	uint32_t stole[CAT_SEATS];     /* cards the seat stole unseen     */
	uint32_t lost[CAT_SEATS];      /* cards stolen from it unseen     */
	uint32_t discarded[CAT_SEATS]; /* cards it discarded unseen       */
	bool others[CAT_SEATS];
} unseen_tally;

struct cat_hidden {
	bool on;    /* some card is unseen: the worlds are in use */
	bool fresh; /* turned on during the line being applied    */
	wset set[3];
	unsigned committed; /* the worlds at the start of the line        */
	unsigned in;	    /* the worlds the next action is played on    */
	uint32_t gen;	    /* a slot is in use when its stamp is gen     */
	uint32_t *stamp, *slot;
	/* Of the set `in` (kept by every pass): every world has the same
	 * hand sizes (same_sizes), the same turn bookkeeping (same_books);
	 * and bounds on the bank's stock over the worlds (lo <= every
	 * world's, hi >= every world's). */
	bool same_sizes, same_books;
	/* Separable actions (fast_act) not yet made in the set `in`: the
	 * worlds that hold at least pend_lo[] (bytes laid out as res[][])
	 * become each world + pend_d[], with the game's state of pend_nw
	 * (and its bookkeeping too when pend_books); flush() makes them. */
	bool pend, pend_books;
	uint8_t pend_lo[24], pend_d[24];
	cat_world pend_nw;
	unsigned limit; /* worlds listed at most (cat_game.max_worlds) */
	uint8_t bank_lo[CAT_RES], bank_hi[CAT_RES];
	/* Followed one way at a time (see "lazy" below): the worlds at the
	 * start of the first line so followed (the set `committed`, kept),
	 * the position then, the lines since, and the tries already known
	 * to lead nowhere. */
	bool lazy;
	bool pending; /* the last line of `log` is the one being applied */
	cat_state base_s;
	cat_move *log;
	cat_state *snap;     /* the witness's position at each log line's start */
	cat_state *snap_try; /* ... as the search reaches them              */
	unsigned nlog, caplog;
	cat_world *memo;
	uint32_t *mstamp, *mslot;
	uint32_t mgen;
	unsigned mn;
	/* The unseen cards refusals name: the tally as of the start of the
	 * line being applied, which is `line` (NULL between lines); its own
	 * are counted from it, up to the action refused, and added to the
	 * tally when it is committed. */
	unseen_tally tally;
	const cat_move *line;
};

/* The worlds listed; 0 while they are followed one at a time. */
unsigned cat_hidden_count(const cat_game *g)
{
	if (!cat_hidden_on(g))
		return 1;
	return g->hid->lazy ? 0 : g->hid->set[g->hid->committed].n;
}

void cat_hidden_free(cat_game *g)
{
	cat_hidden *h = g->hid;
	if (!h)
		return;
	for (unsigned i = 0; i < 3; i++)
		free(h->set[i].w);
	free(h->stamp);
	free(h->slot);
	free(h->log);
	free(h->snap);
	free(h->snap_try);
	free(h->memo);
	free(h->mstamp);
	free(h->mslot);
	free(h);
	g->hid = NULL;
	g->hidden_on = false;
}

/* Put world `w` into the position (and, with `t`, the turn). */
static void world_load(cat_game *g, cat_turn *t, const cat_world *w)
{
	cat_state *s = &g->s;
	for (unsigned r = 0; r < CAT_RES; r++)
		s->bank[r] = (uint8_t)cat_bank_size(g); /* 19, or bank=unlimited's */
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_player *pl = &s->p[p];
		memcpy(pl->res, w->res[p], CAT_RES);
		pl->ncards = (uint8_t)cat_bundle_total(pl->res);
		for (unsigned r = 0; r < CAT_RES; r++)
			s->bank[r] = (uint8_t)(s->bank[r] - pl->res[r]);
	}
	s->over = w->over;
	s->winner = w->winner;
	s->active = w->active;
	if (!t)
		return;
	memcpy(t->must_discard, w->must_discard, CAT_SEATS);
	memcpy(t->discarded, w->discarded, CAT_SEATS);
	memcpy(t->got, w->got, sizeof t->got);
}

/* The world the position (and, with `t`, the turn) is in. */
static void world_store(const cat_game *g, const cat_turn *t, cat_world *w)
{
	const cat_state *s = &g->s;
	memset(w, 0, sizeof *w);
	for (unsigned p = 0; p < g->nseats; p++)
		memcpy(w->res[p], s->p[p].res, CAT_RES);
	w->over = s->over;
	w->winner = s->winner;
	w->active = s->active;
	if (!t)
		return;
	memcpy(w->must_discard, t->must_discard, CAT_SEATS);
	memcpy(w->discarded, t->discarded, CAT_SEATS);
	memcpy(w->got, t->got, sizeof w->got);
}

static uint64_t world_hash(const cat_world *w)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	const unsigned char *p = (const unsigned char *)w;
	for (size_t i = 0; i < sizeof *w; i += 8) {
		uint64_t x;
		memcpy(&x, p + i, 8);
		h = (h ^ x) * 0xff51afd7ed558ccdull;
		h ^= h >> 29;
	}
	return h;
}

/* Start building a new set: every slot of the hash table free. */
static void new_gen(cat_hidden *h)
{
	if (++h->gen == 0) {
		memset(h->stamp, 0, SLOTS * sizeof *h->stamp);
		h->gen = 1;
	}
}

/* Add `w` to `out` (the set being built) unless it is there.  -1 when
 * the set is full. */
static int insert(cat_hidden *h, wset *out, const cat_world *w)
{
	unsigned i = (unsigned)world_hash(w) & (SLOTS - 1);
	while (h->stamp[i] == h->gen) {
		if (memcmp(&out->w[h->slot[i]], w, sizeof *w) == 0)
			return 0;
		i = (i + 1) & (SLOTS - 1);
	}
	if (out->n == h->limit)
		return -1;
	if (out->n == out->cap) {
		out->cap = out->cap ? 2 * out->cap : 64;
		out->w = arb_xrealloc(out->w, out->cap * sizeof *out->w);
	}
	out->w[out->n] = *w;
	h->stamp[i] = h->gen;
	h->slot[i] = out->n++;
	return 0;
}

/* The set an action writes to: neither the line's start nor its input. */
static unsigned spare(const cat_hidden *h)
{
	for (unsigned i = 0;; i++)
		if (i != h->committed && i != h->in)
			return i;
}

/* The first '?' of a record: the one world so far becomes the set. */
static void enter(cat_game *g, const cat_turn *t)
{
	if (!g->hid) {
		g->hid = arb_xcalloc(1, sizeof *g->hid);
		g->hid->stamp = arb_xcalloc(SLOTS, sizeof *g->hid->stamp);
		g->hid->slot = arb_xmalloc(SLOTS * sizeof *g->hid->slot);
	}
	cat_hidden *h = g->hid;
	h->on = true;
	g->hidden_on = true;
	h->fresh = true;
	h->committed = h->in = 0;
	h->pend = false;
	h->set[0].n = 0;
	h->limit = g->max_worlds && g->max_worlds < CAT_MAX_WORLDS ? g->max_worlds : CAT_MAX_WORLDS;
	new_gen(h);
	cat_world w;
	world_store(g, t, &w);
	int rc = insert(h, &h->set[0], &w);
	assert(rc == 0);
	(void)rc;
	h->same_sizes = h->same_books = true;
	memcpy(h->bank_lo, g->s.bank, CAT_RES);
	memcpy(h->bank_hi, g->s.bank, CAT_RES);
	memset(&h->tally, 0, sizeof h->tally); /* all was known until now */
}

/* Load world i of the line's start into the position (position_ok checks
 * each world this way). */
void cat_hidden_load(cat_game *g, unsigned i)
{
	assert(cat_hidden_on(g) && i < g->hid->set[g->hid->committed].n);
	world_load(g, NULL, &g->hid->set[g->hid->committed].w[i]);
}

/* A new turn line: the worlds in which the game is over cannot go on.
 * Rejects with game-over when it is over in every one. */
int cat_hidden_begin(cat_game *g, const cat_move *m, arb_reject *rej)
{
	cat_hidden *h = g->hid;
	h->fresh = false;
	if (h->lazy) { /* the witness is the position */
		if (g->s.over)
			return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
					  "the game is over (%s has won, however the "
					  "unseen cards went)",
					  cat_cname(g, g->s.winner));
		return 0;
	}
	h->in = h->committed;
	const wset *in = &h->set[h->in];
	unsigned going = 0;
	for (unsigned i = 0; i < in->n; i++)
		going += !in->w[i].over;
	if (!going)
		return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
				  "the game is over (%s has won, however the "
				  "unseen cards went)",
				  cat_cname(g, in->w[0].winner));
	if (going < in->n) {
		unsigned o = spare(h);
		wset *out = &h->set[o];
		out->n = 0;
		new_gen(h);
		for (unsigned i = 0; i < in->n; i++)
			if (!in->w[i].over)
				insert(h, out, &in->w[i]);
		h->in = o;
	}
	world_load(g, NULL, &h->set[h->in].w[0]);
	return 0;
}

/* One action (or, with a NULL action, the end of the line) played on
 * every world. */
typedef struct pass {
	cat_turn *t;
	cat_hidden *h;
	wset *out;
	arb_reject *rej;	  /* the caller's                     */
	cat_state base_s, keep_s; /* before; after in the first world */
	cat_turn base_t, keep_t;
	unsigned ev_base, ev_keep; /* events before; after the first   */
	bool ok;		   /* some world allows the action     */
	bool full;		   /* the set overflowed               */
	bool have_first;
	arb_reject first;	  /* the first world's refusal        */
	cat_shortage first_short; /* ... and what it lacked           */
} pass;

/* Play the action (or end the line) in world `w`; keep the world it
 * leads to. */
static void attempt(pass *P, const cat_world *w, const cat_act *a)
{
	if (P->full)
		return;
	cat_turn *t = P->t;
	cat_game *g = t->g;
	g->s = P->base_s;
	*t = P->base_t;
	world_load(g, t, w);
	g->nev = P->ok ? P->ev_keep : P->ev_base;
	arb_reject rj;
	t->rej = &rj;
	g->shortage.seat = CAT_NONE;
	int rc = a ? cat_turn_step(t, a) : cat_turn_end(t);
	if (rc < 0) {
		if (!P->have_first) {
			P->first = rj;
			P->first_short = g->shortage;
			P->have_first = true;
		}
		return;
	}
	if (!a) { /* the line is over: its bookkeeping too */
		memset(t->must_discard, 0, sizeof t->must_discard);
		memset(t->discarded, 0, sizeof t->discarded);
		memset(t->got, 0, sizeof t->got);
	}
	cat_world nw;
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

/* Every way of discarding `left` more cards of the resources r.. within
 * `room`, added to c->give.  Returns the guesses tried. */
static unsigned discard_guesses(pass *P, const cat_world *w, cat_act *c,
				const uint8_t room[CAT_RES], unsigned r, unsigned left)
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
	for (unsigned k = 0; k <= left && k <= room[r]; k++) {
		c->give[r] = (uint8_t)(c->give[r] + k);
		n += discard_guesses(P, w, c, room, r + 1, left - k);
		c->give[r] = (uint8_t)(c->give[r] - k);
	}
	return n;
}

/* The action in world `w`, once per guess of its '?' that the world
 * allows; with no guess possible, as written, so that the rule code says
 * why not. */
static void expand(pass *P, const cat_world *w, const cat_act *a)
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
	case A_KNIGHT:
		for (unsigned r = 0; r < CAT_RES; r++)
			if (w->res[a->b][r]) {
				c.c = (uint8_t)r;
				attempt(P, w, &c);
				tried++;
			}
		break;
	case A_DISCARD: {
		uint8_t room[CAT_RES];
		bool held = true;
		for (unsigned r = 0; r < CAT_RES; r++) {
			held &= w->res[a->a][r] >= a->give[r];
			room[r] = held ? (uint8_t)(w->res[a->a][r] - a->give[r]) : 0;
		}
		c.b = 0;
		if (held)
			tried = discard_guesses(P, w, &c, room, 0, a->b);
		break;
	}
	}
	if (!tried)
		attempt(P, w, a);
}

/* Add to u the unseen cards of the actions before `upto` of line m. */
static void tally_line(unseen_tally *u, const cat_move *m, unsigned upto)
{
	for (unsigned i = 0; i < upto && i < m->n; i++) {
		const cat_act *a = &m->act[i];
		if (a->kind == A_MONOPOLY && a->b == MONO_TAKE_NONE && m->seat < CAT_SEATS)
			u->others[m->seat] = true;
		if (!cat_is_unseen(a))
			continue;
		if (a->kind == A_DISCARD) {
			if (a->a < CAT_SEATS)
				u->discarded[a->a] += a->b;
		} else if (m->seat < CAT_SEATS && a->b < CAT_SEATS) {
			u->stole[m->seat]++;
			u->lost[a->b]++;
		}
	}
}

/* The tally as of action `a` of line m (NULL: the line's end): the
 * line's start's and the line's own before it. */
static unseen_tally tally_at(const cat_game *g, const cat_move *m, const cat_act *a)
{
	unseen_tally u = g->hid->tally;
	unsigned upto = m->n;
	for (unsigned i = 0; a && i < m->n; i++)
		if (&m->act[i] == a)
			upto = i;
	assert(!a || upto < m->n);
	tally_line(&u, m, upto);
	return u;
}

/* A count as a sentence says it: a word up to twelve, then digits. */
static const char *count_word(unsigned n, char buf[12])
{
	static const char *const word[] = { "no",   "one",    "two",   "three", "four",
					    "five", "six",    "seven", "eight", "nine",
					    "ten",  "eleven", "twelve" };
	if (n < sizeof word / sizeof *word)
		return word[n];
	int k = snprintf(buf, 12, "%u", n);
	return k > 0 && k < 12 ? buf : "many";
}

/* The unseen cards that touched seat p's hand (u) in a player's words,
 * into out: "the card Blue stole", "the three cards Blue stole and the
 * two stolen from Blue", "the four cards Blue discarded unseen".  "the
 * unseen cards" when p is no seat, when none touched its hand (it is
 * uncertain only through the others'), or when others' came into it. */
static void unseen_words(const cat_game *g, const unseen_tally *u, unsigned p, char *out, size_t n)
{
	static const char generic[] = "the unseen cards";
	static_assert(sizeof generic <= 64, "out holds the generic words");
	assert(n >= 64);
	memcpy(out, generic, sizeof generic);
	if (p >= g->nseats || u->others[p])
		return;
	const char *who = cat_cname(g, p);
	/* each kind: the count, the words before the seat and after it */
	const struct {
		uint32_t k;
		const char *before, *after;
	} part[] = {
		{ u->stole[p], " ", " stole" },
		{ u->lost[p], " stolen from ", "" },
		{ u->discarded[p], " ", " discarded unseen" },
	};
	unsigned nparts = 0, done = 0;
	for (size_t i = 0; i < sizeof part / sizeof *part; i++)
		nparts += part[i].k > 0;
	if (!nparts)
		return;
	size_t len = 0;
	for (size_t i = 0; i < sizeof part / sizeof *part; i++) {
		if (!part[i].k)
			continue;
		char num[12], head[32];
		const char *k = count_word(part[i].k, num);
		/* "the card", "the three cards"; after the first, "the one",
		 * "the two" */
		int hk = part[i].k == 1
				 ? snprintf(head, sizeof head, "the %s", done ? "one" : "card")
			 : done ? snprintf(head, sizeof head, "the %s", k)
				: snprintf(head, sizeof head, "the %s cards", k);
		const char *sep = !done ? "" : done + 1 == nparts ? " and " : ", ";
		int w = hk < 0 || (size_t)hk >= sizeof head
				? -1
				: snprintf(out + len, n - len, "%s%s%s%s%s", sep, head,
					   part[i].before, who, part[i].after);
		if (w < 0 || (size_t)w >= n - len) { /* never cut: the generic words */
			memcpy(out, generic, sizeof generic);
			return;
		}
		len += (size_t)w;
		done++;
	}
}

/* The unseen cards that touched seat p's hand before action `a` of
 * line m (NULL: its end), in a player's words as unseen_words says them,
 * for a rule's message that holds in every way they could have gone. */
void cat_hidden_words(const cat_game *g, unsigned p, const cat_move *m, const cat_act *a, char *out,
		      size_t n)
{
	unseen_tally u = tally_at(g, m, a);
	unseen_words(g, &u, p, out, n);
}

/* The message of a refusal that holds in every way the unseen cards
 * could have gone: `first` is the refusal in one of them, `sh` what it
 * lacked there, most[] the most of each resource the player short held
 * in any of them, `several` that there was more than one, `a` the action
 * refused (NULL: the line's end) and u the unseen cards before it, named
 * for the player the refusal is about.  Returns -1. */
static int explain_msg(const cat_game *g, arb_reject *rej, const arb_reject *first,
		       const cat_shortage *sh, const uint8_t most[CAT_RES], bool several,
		       const cat_act *a, const unseen_tally *u)
{
	*rej = *first;
	const char *rule = first->rule;
	char cards[160];
	bool shortage = rule == cat_rules[CAT_R_CANNOT_AFFORD].id ||
			rule == cat_rules[CAT_R_TRADE_NOT_HELD].id ||
			rule == cat_rules[CAT_R_DISCARD_NOT_HELD].id;
	if (shortage && sh->seat < g->nseats) {
		const char *who = cat_cname(g, sh->seat);
		unseen_words(g, u, sh->seat, cards, sizeof cards);
		/* the resource no way leaves enough of, if one */
		unsigned r = 0;
		while (r < CAT_RES && sh->need[r] <= most[r])
			r++;
		char held[24], b[64];
		if (r < CAT_RES && most[r])
			snprintf(held, sizeof held, "at most %u", most[r]);
		else if (r < CAT_RES)
			snprintf(held, sizeof held, "no");
		cat_bundle_str(sh->need, b, sizeof b);
		for (int tries = 0; tries < 2; tries++) {
			int w = r < CAT_RES
					? snprintf(rej->msg, sizeof rej->msg,
						   "%s %s, but every way %s could have gone "
						   "leaves %s with %s %s",
						   who, sh->what, cards, who, held, cat_res_name[r])
					: snprintf(rej->msg, sizeof rej->msg,
						   "%s %s, but no way %s could have gone "
						   "leaves %s with all of %s at once",
						   who, sh->what, cards, who, b);
			if (w >= 0 && (size_t)w < sizeof rej->msg)
				break;
			/* never cut: said again with the generic words, or in
			 * the rule's own of one way */
			unseen_words(g, u, CAT_NONE, cards, sizeof cards);
			*rej = *first;
		}
		return -1;
	}
	/* Other refusals that depend on which cards the hands hold: said to
	 * hold in every way; the rest (the board, the cards played, the hand
	 * sizes, which every view sees) hold in all alike.  A steal's is
	 * about its victim's hand. */
	static const enum cat_rule by_hands[] = {
		CAT_R_STEAL_CARD,
		CAT_R_BANK_EMPTY,
		CAT_R_ASSERT_PRODUCTION,
	};
	bool hands = false;
	for (size_t i = 0; i < sizeof by_hands / sizeof *by_hands; i++)
		hands |= rule == cat_rules[by_hands[i]].id;
	if (hands && several) {
		bool steal = rule == cat_rules[CAT_R_STEAL_CARD].id && a &&
			     (a->kind == A_ROBBER || a->kind == A_KNIGHT);
		unseen_words(g, u, steal ? a->b : CAT_NONE, cards, sizeof cards);
		size_t n = strlen(rej->msg);
		for (int tries = 0; tries < 2; tries++) {
			int w = snprintf(rej->msg + n, sizeof rej->msg - n, ", however %s went",
					 cards);
			if (w >= 0 && (size_t)w < sizeof rej->msg - n)
				break;
			/* never cut: said again with the generic words, or not */
			unseen_words(g, u, CAT_NONE, cards, sizeof cards);
			rej->msg[n] = 0;
		}
	}
	return -1;
}

/* Set the message of a refusal of action `a` of the line (NULL: its
 * end) in every world of `in`.  Returns -1. */
static int explain(pass *P, const cat_act *a, const wset *in)
{
	const cat_shortage *sh = &P->first_short;
	uint8_t most[CAT_RES] = { 0 };
	if (sh->seat < P->t->g->nseats)
		for (unsigned i = 0; i < in->n; i++)
			for (unsigned r = 0; r < CAT_RES; r++)
				if (in->w[i].res[sh->seat][r] > most[r])
					most[r] = in->w[i].res[sh->seat][r];
	unseen_tally u = tally_at(P->t->g, P->t->m, a);
	return explain_msg(P->t->g, P->rej, &P->first, sh, most,
			   in->n > 1 || (a && cat_is_unseen(a)), a, &u);
}

/* Recompute the set's flags (struct cat_hidden): whether every world
 * agrees on the hand sizes and the turn's bookkeeping, and the bank's
 * bounds.  After a pass that played the action world by world. */
static void set_flags(cat_hidden *h, const cat_game *g, const wset *set)
{
	h->same_sizes = h->same_books = true;
	memset(h->bank_lo, 0xff, CAT_RES);
	memset(h->bank_hi, 0, CAT_RES);
	const cat_world *w0 = &set->w[0];
	for (unsigned i = 0; i < set->n; i++) {
		const cat_world *w = &set->w[i];
		unsigned sum[CAT_RES] = { 0 };
		for (unsigned p = 0; p < g->nseats; p++) {
			unsigned n = 0, n0 = 0;
			for (unsigned r = 0; r < CAT_RES; r++) {
				n += w->res[p][r];
				n0 += w0->res[p][r];
				sum[r] += w->res[p][r];
			}
			h->same_sizes &= n == n0;
		}
		h->same_books &= memcmp(w->must_discard, w0->must_discard, BOOKS) == 0;
		for (unsigned r = 0; r < CAT_RES; r++) {
			uint8_t b = (uint8_t)(cat_bank_size(g) - sum[r]);
			h->bank_lo[r] = b < h->bank_lo[r] ? b : h->bank_lo[r];
			h->bank_hi[r] = b > h->bank_hi[r] ? b : h->bank_hi[r];
		}
	}
}

/* The bank's stock of r is the same in every world, or at least `need`
 * in every one: what an action takes from it does not depend on how the
 * unseen cards went. */
static bool bank_settled(const cat_hidden *h, unsigned r, unsigned need)
{
	return h->bank_lo[r] == h->bank_hi[r] || h->bank_lo[r] >= need;
}

/* The cards a roll of `roll` produces of each resource: the buildings
 * on its hexes but the robber's, cities counting 2.  The board says it,
 * the same in every world. */
static void produced(const cat_game *g, unsigned roll, unsigned out[CAT_RES])
{
	memset(out, 0, CAT_RES * sizeof *out);
	for (unsigned k = 0; k < 2; k++) {
		unsigned x = g->b.by_token[roll][k];
		if (x == CAT_NONE || x == g->s.robber || g->b.terrain[x] >= CAT_RES)
			continue;
		for (unsigned c = 0; c < 6; c++) {
			unsigned v = g->d->g.hex_node[x][c];
			if (g->s.node_owner[v])
				out[g->b.terrain[x]] += 1u + g->s.node_city[v];
		}
	}
}

/* What a seen action (or, a NULL one, the line's end) asks of the
 * hands: need[p], the cards seat p must hold for it, when that is the
 * only way it reads them, so that it changes every world in which seat
 * p holds need[p] alike.  False when it reads the hands otherwise in a
 * way the worlds may answer differently (a hand's size, the bank, a
 * monopoly's take): then it is played world by world. */
static bool separable(const cat_turn *t, const cat_act *a, const wset *in,
		      uint8_t need[CAT_SEATS][CAT_RES], unsigned *exact)
{
	const cat_game *g = t->g;
	const cat_hidden *h = g->hid;
	memset(need, 0, CAT_SEATS * CAT_RES);
	*exact = CAT_RES;
	if (!a) /* the end reads the discards owed */
		return h->same_books;
	switch (a->kind) {
	case A_ROLL: {
		unsigned roll = a->a + a->b;
		if (roll == 7) /* the discards owed: half of each hand */
			return h->same_sizes && h->same_books;
		if (roll < 2 || roll > 12)
			return true;
		unsigned made[CAT_RES];
		produced(g, roll, made);
		for (unsigned r = 0; r < CAT_RES; r++)
			if (made[r] && !bank_settled(h, r, made[r]))
				return false;
		return true;
	}
	case A_DISCARD:
		if (a->b || !h->same_books)
			return false;
		memcpy(need[a->a], a->give, CAT_RES);
		return true;
	case A_ROBBER:
	case A_KNIGHT:
		if (a->kind == A_ROBBER && !h->same_books)
			return false; /* the discards owed before it */
		if (a->b != CAT_NONE) {
			if (a->c >= CAT_RES || a->b >= g->nseats)
				return false;
			need[a->b][a->c] = 1;
			return true;
		}
		return h->same_sizes; /* nobody there holds a card? */
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
		memcpy(need[t->seat], g->d->cost[C_ROAD], CAT_RES);
		return true;
	case A_SETTLE:
		memcpy(need[t->seat], g->d->cost[C_SETTLEMENT], CAT_RES);
		return true;
	case A_CITY:
		memcpy(need[t->seat], g->d->cost[C_CITY], CAT_RES);
		return true;
	case A_BUY:
		memcpy(need[t->seat], g->d->cost[C_DEV], CAT_RES);
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
				if (in->w[i].res[p][a->a] != in->w[0].res[p][a->a])
					return false;
		return true;
	case A_GETS:
		return h->same_books;
	default: /* the roads of road building, reveal, assertions */
		return true;
	}
}

/* The hands of a world as three 64-bit words (bytes 0..23: the 20 of
 * res[][] and 4 more), for the byte-parallel sums and comparisons below. */
#define RES_WORDS 3 /* 24 bytes: cat_hidden's pend_lo, pend_d */
static_assert(sizeof(((cat_world *)0)->res) <= RES_WORDS * 8 &&
		      offsetof(cat_world, must_discard) < RES_WORDS * 8,
	      "the hands fit three words");
#define HIGH_BITS 0x8080808080808080ull

/* x + d in each byte, modulo 256, no carry between bytes. */
static inline uint64_t add_bytes(uint64_t x, uint64_t d)
{
	return ((x & ~HIGH_BITS) + (d & ~HIGH_BITS)) ^ ((x ^ d) & HIGH_BITS);
}

/* Every byte of x is at least the byte of n (n's bytes below 128, x's
 * counts below 128: a hand holds at most CAT_MAX_BANK of a kind). */
static inline bool bytes_at_least(uint64_t x, uint64_t n)
{
	return (((x | HIGH_BITS) - n) & HIGH_BITS) == HIGH_BITS;
}

/* What an action needs of the hands, as words (need[][] laid out as a
 * world's res[][], zero beyond), and a monopoly's exact take. */
typedef struct needs {
	uint64_t at_least[RES_WORDS];
	unsigned exact, skip; /* resource held exactly by all but skip */
	uint8_t exact_n[CAT_SEATS];
} needs;

/* World w holds what the action needs. */
static inline bool holds(const cat_world *w, const needs *nd)
{
	uint64_t x[RES_WORDS];
	memcpy(x, w, sizeof x);
	for (unsigned i = 0; i < RES_WORDS; i++)
		if (!bytes_at_least(x[i], nd->at_least[i]))
			return false;
	if (nd->exact < CAT_RES)
		for (unsigned p = 0; p < CAT_SEATS; p++)
			if (p != nd->skip && w->res[p][nd->exact] != nd->exact_n[p])
				return false;
	return true;
}

/* Room for n worlds in `s` (doubling, so a set that grows a little
 * line by line is not copied each time). */
static void reserve(wset *s, unsigned n)
{
	if (s->cap >= n)
		return;
	s->cap = s->cap * 2 > n ? s->cap * 2 : n;
	s->w = arb_xrealloc(s->w, s->cap * sizeof *s->w);
}

/* World w with the pending actions made (see struct cat_hidden). */
static inline void pend_apply(const cat_hidden *h, const cat_world *w, const uint64_t d[RES_WORDS],
			      cat_world *x)
{
	size_t tail = offsetof(cat_world, over), books = offsetof(cat_world, must_discard);
	*x = *w;
	uint64_t v[RES_WORDS];
	memcpy(v, x, sizeof v);
	for (unsigned k = 0; k < RES_WORDS; k++)
		v[k] = add_bytes(v[k], d[k]);
	memcpy(x, v, sizeof v);
	/* the game's state as in the one played; the bookkeeping too when
	 * it moved (alike in all), else each world's own */
	memcpy((char *)x + tail, (const char *)&h->pend_nw + tail, books - tail);
	if (h->pend_books)
		memcpy((char *)x + books, (const char *)&h->pend_nw + books, sizeof *x - books);
}

/* Make the pending actions in the set `in` (one pass over it). */
static void flush(cat_hidden *h)
{
	if (!h->pend)
		return;
	h->pend = false;
	const wset *in = &h->set[h->in];
	needs nd = { .exact = CAT_RES };
	memcpy(nd.at_least, h->pend_lo, sizeof nd.at_least);
	uint64_t d[RES_WORDS];
	memcpy(d, h->pend_d, sizeof d);
	unsigned o = spare(h);
	wset *out = &h->set[o];
	reserve(out, in->n);
	out->n = 0;
	for (unsigned i = 0; i < in->n; i++)
		if (holds(&in->w[i], &nd))
			pend_apply(h, &in->w[i], d, &out->w[out->n++]);
	assert(out->n > 0);
	h->in = o;
	if (h->pend_books) /* every world has the bookkeeping of pend_nw */
		h->same_books = true;
}

/* A separable action (see separable) played once, on the first world
 * that holds what it needs, and then carried to every such world as the
 * change it made to the hands: a few byte operations a world instead of
 * the rules once a world, and those made once for all the separable
 * actions in a row (pending until flush()).  False (nothing changed)
 * when no world holds what it needs or the rules refuse it there: then
 * the caller plays it world by world, which finds the refusal and says
 * it over all. */
static bool fast_act(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	if (a && a->kind == A_MONOPOLY) /* its take reads the worlds */
		flush(h);
	const wset *in = &h->set[h->in];
	uint8_t need[CAT_SEATS][CAT_RES];
	unsigned exact;
	if (!separable(t, a, in, need, &exact))
		return false;
	/* what the worlds must hold before the pending actions: at least
	 * the pending bound, and this action's need less what they add */
	uint8_t lo[RES_WORDS * 8] = { 0 };
	if (h->pend) {
		bool fits = true;
		for (unsigned i = 0; i < CAT_SEATS * CAT_RES; i++) {
			int v = need[i / CAT_RES][i % CAT_RES] - (int8_t)h->pend_d[i];
			v = v > h->pend_lo[i] ? v : h->pend_lo[i];
			fits &= v < 128;
			lo[i] = (uint8_t)v;
		}
		if (!fits) {
			flush(h);
			in = &h->set[h->in];
		}
	}
	if (!h->pend)
		memcpy(lo, need, CAT_SEATS * CAT_RES);
	needs nd = { .exact = exact, .skip = t->seat };
	memcpy(nd.at_least, lo, sizeof nd.at_least);
	for (unsigned p = 0; exact < CAT_RES && p < CAT_SEATS; p++)
		nd.exact_n[p] = need[p][exact];
	uint64_t d[RES_WORDS] = { 0 };
	if (h->pend)
		memcpy(d, h->pend_d, sizeof d);
	unsigned first = 0;
	while (first < in->n && !holds(&in->w[first], &nd))
		first++;
	if (first == in->n)
		return false;
	cat_world w0;
	if (h->pend)
		pend_apply(h, &in->w[first], d, &w0);
	else
		w0 = in->w[first];
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	world_load(g, t, &w0);
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
	world_store(g, t, &nw);
	bool books_moved = memcmp(nw.must_discard, w0.must_discard, BOOKS) != 0;
	if (books_moved && !h->same_books && !(h->pend && h->pend_books)) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return false;
	}
	uint8_t db[RES_WORDS * 8] = { 0 };
	memcpy(db, d, sizeof db);
	for (unsigned p = 0; p < CAT_SEATS; p++)
		for (unsigned r = 0; r < CAT_RES; r++) {
			int dr = nw.res[p][r] - w0.res[p][r];
			db[p * CAT_RES + r] = (uint8_t)(db[p * CAT_RES + r] + dr);
			/* the bank moved alike in every world */
			h->bank_lo[r] = (uint8_t)(h->bank_lo[r] - dr);
			h->bank_hi[r] = (uint8_t)(h->bank_hi[r] - dr);
		}
	if (exact < CAT_RES) { /* made now: the pending bound cannot say it */
		assert(!h->pend);
		unsigned o = spare(h);
		wset *out = &h->set[o];
		reserve(out, in->n);
		out->n = 0;
		h->pend_nw = nw;
		h->pend_books = books_moved;
		uint64_t dw[RES_WORDS];
		memcpy(dw, db, sizeof dw);
		for (unsigned i = first; i < in->n; i++)
			if (holds(&in->w[i], &nd))
				pend_apply(h, &in->w[i], dw, &out->w[out->n++]);
		h->in = o;
		return true;
	}
	h->pend_books = (h->pend && h->pend_books) || books_moved;
	h->pend = true;
	memcpy(h->pend_lo, lo, sizeof h->pend_lo);
	memcpy(h->pend_d, db, sizeof h->pend_d);
	h->pend_nw = nw;
	return true;
}

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
 * the message said over every way tried (the search is exhaustive).
 * Tries known to lead nowhere are remembered (the memo, keyed on the
 * world, the line and the action), so no state is explored twice; when
 * the memo is full (LAZY_MEMO states), the record is refused as
 * undecidable (too-many-unknowns): it says so rather than guess. */

#define LAZY_MEMO (1u << 19)
#define LAZY_SLOTS (2u * LAZY_MEMO)

/* The search of one line: its state and the refusal it finds. */
typedef struct dfs {
	cat_game *g;
	cat_hidden *h;
	const cat_move *cur; /* the line being applied, after log[]     */
	unsigned first_li;   /* the first line of log[] searched        */
	const arb_sink *sink;
	cat_turn t;
	arb_reject rj;
	bool full; /* the memo overflowed                     */
	/* the refusal of the line: at the latest action any try reached
	 * (the first action that no way the cards went allows) */
	int best;
	arb_reject best_rej;
	cat_shortage best_short;
	uint8_t most[CAT_RES];
	unsigned tries_at_best;
	int unseen_bad; /* a '?' the view may not write, or -1     */
	const arb_reject *unseen_rej;
} dfs;

/* The move of line li of the search. */
static const cat_move *line_of(const dfs *D, unsigned li)
{
	return li < D->h->nlog ? &D->h->log[li] : D->cur;
}

/* A try reached (li, ai) in the world the position holds: false when
 * one already did (it led nowhere) or the memo is full. */
static bool memo_visit(dfs *D, unsigned li, unsigned ai)
{
	cat_hidden *h = D->h;
	cat_world w;
	world_store(D->g, &D->t, &w);
	memcpy(w.pad, &li, 4);
	w.pad[4] = (uint8_t)ai;
	unsigned i = (unsigned)world_hash(&w) & (LAZY_SLOTS - 1);
	while (h->mstamp[i] == h->mgen) {
		if (memcmp(&h->memo[h->mslot[i]], &w, sizeof w) == 0)
			return false;
		i = (i + 1) & (LAZY_SLOTS - 1);
	}
	if (h->mn == LAZY_MEMO) {
		D->full = true;
		return false;
	}
	h->memo[h->mn] = w;
	h->mstamp[i] = h->mgen;
	h->mslot[i] = h->mn++;
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
		memset(D->most, 0, CAT_RES);
		D->tries_at_best = 0;
	}
	D->tries_at_best++;
	unsigned seat = D->best_short.seat;
	if (seat < g->nseats)
		for (unsigned r = 0; r < CAT_RES; r++)
			if (g->s.p[seat].res[r] > D->most[r])
				D->most[r] = g->s.p[seat].res[r];
}

static bool explore(dfs *D, unsigned li, unsigned ai);

/* Try action `a` (a guess, or the action as written) at (li, ai) and go
 * on from there; the position and turn come back as they were when it
 * leads nowhere. */
static bool try_act(dfs *D, unsigned li, unsigned ai, const cat_act *a)
{
	cat_game *g = D->g;
	cat_state s0 = g->s;
	cat_turn t0 = D->t;
	unsigned nev0 = g->nev;
	g->shortage.seat = CAT_NONE;
	if (cat_turn_step(&D->t, a) == 0) {
		if (explore(D, li, ai + 1))
			return true;
	} else if (li == D->h->nlog) {
		note_refusal(D, ai);
	}
	g->s = s0;
	D->t = t0;
	g->nev = nev0;
	return false;
}

/* Every way of discarding `left` more unseen cards of the resources r..
 * within `room`, tried in turn.  *tried counts them. */
static bool try_discards(dfs *D, unsigned li, unsigned ai, cat_act *c, const uint8_t room[CAT_RES],
			 unsigned r, unsigned left, unsigned *tried)
{
	if (r == CAT_RES - 1) {
		if (left > room[r])
			return false;
		c->give[r] = (uint8_t)(c->give[r] + left);
		++*tried;
		bool ok = try_act(D, li, ai, c);
		c->give[r] = (uint8_t)(c->give[r] - left);
		return ok;
	}
	for (unsigned k = 0; k <= left && k <= room[r]; k++) {
		c->give[r] = (uint8_t)(c->give[r] + k);
		bool ok = try_discards(D, li, ai, c, room, r + 1, left - k, tried);
		c->give[r] = (uint8_t)(c->give[r] - k);
		if (ok || D->full)
			return ok;
	}
	return false;
}

/* Go on from action ai of line li with the position and turn as they
 * are: true (the position at the end of the line being applied) when
 * some way of the unseen cards from here explains the rest. */
static bool explore(dfs *D, unsigned li, unsigned ai)
{
	cat_game *g = D->g;
	for (;;) {
		const cat_move *m = line_of(D, li);
		bool cur = li == D->h->nlog;
		if (ai == 0) { /* a line starts: as cat_apply and apply_turn */
			if (g->s.over || m->seat != g->s.active) {
				if (cur) {
					cat_reject(&D->rj,
						   g->s.over ? CAT_R_GAME_OVER : CAT_R_WRONG_PLAYER,
						   m->line, m->col, "the game is over");
					note_refusal(D, 0);
				}
				return false;
			}
			D->h->snap_try[li] = g->s;
			memset(&D->t, 0, sizeof D->t);
			D->t.g = g;
			D->t.m = m;
			D->t.sink = cur ? D->sink : NULL;
			D->t.rej = &D->rj;
			D->t.seat = m->seat;
			D->t.last_node = -1;
			if (cur)
				g->nev = 0;
		}
		if (!memo_visit(D, li, ai))
			return false;
		if (cur && (int)ai == D->unseen_bad) {
			D->rj = *D->unseen_rej;
			note_refusal(D, ai);
			return false;
		}
		if (ai == m->n) {
			g->shortage.seat = CAT_NONE;
			if (cat_turn_end(&D->t) < 0) {
				if (cur)
					note_refusal(D, ai);
				return false;
			}
			memset(D->t.must_discard, 0, sizeof D->t.must_discard);
			memset(D->t.discarded, 0, sizeof D->t.discarded);
			memset(D->t.got, 0, sizeof D->t.got);
			if (cur)
				return true;
			g->s.turns++;
			li++;
			ai = 0;
			continue;
		}
		const cat_act *a = &m->act[ai];
		if (!cat_is_unseen(a)) {
			g->shortage.seat = CAT_NONE;
			if (cat_turn_step(&D->t, a) < 0) {
				if (cur)
					note_refusal(D, ai);
				return false;
			}
			ai++;
			continue;
		}
		cat_act c = *a;
		c.guessed = 1;
		unsigned tried = 0;
		if (a->kind == A_DISCARD) {
			const cat_player *p = &g->s.p[a->a];
			uint8_t room[CAT_RES];
			bool held = true;
			for (unsigned r = 0; r < CAT_RES; r++) {
				held &= p->res[r] >= a->give[r];
				room[r] = held ? (uint8_t)(p->res[r] - a->give[r]) : 0;
			}
			c.b = 0;
			if (held && try_discards(D, li, ai, &c, room, 0, a->b, &tried))
				return true;
		} else {
			for (unsigned r = 0; r < CAT_RES && !D->full; r++)
				if (a->b < g->nseats && g->s.p[a->b].res[r]) {
					c.c = (uint8_t)r;
					tried++;
					if (try_act(D, li, ai, &c))
						return true;
				}
		}
		if (!tried) /* as written, so that the rules say why not */
			return try_act(D, li, ai, a);
		return false;
	}
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
	dfs *D = arb_xcalloc(1, sizeof *D);
	D->g = g;
	D->h = h;
	D->cur = t->m;
	D->sink = t->sink;
	D->best = -1;
	D->unseen_bad = unseen_bad;
	D->unseen_rej = unseen_rej;
	cat_state start = g->s;
	bool found = false;
	unsigned from = 0; /* the line the search that found a way began at */
	/* the witness, then the witness from 1, 2, 4, ... 64 lines back
	 * (the search from there may change what their '?' were), then every
	 * way from the listed worlds: only that last search is exhaustive */
	for (unsigned back = 0; !found; back = back ? 2 * back : 1) {
		bool all = back > h->nlog || back > 64;
		if (++h->mgen == 0) {
			memset(h->mstamp, 0, LAZY_SLOTS * sizeof *h->mstamp);
			h->mgen = 1;
		}
		h->mn = 0;
		D->full = false;
		D->best = -1;
		if (!all) {
			from = h->nlog - back;
			g->s = back ? h->snap[from] : start;
			found = explore(D, from, 0);
			continue;
		}
		const wset *base = &h->set[h->committed];
		from = 0;
		for (unsigned i = 0; i < base->n && !found && !D->full; i++) {
			g->s = h->base_s;
			world_load(g, NULL, &base->w[i]);
			found = explore(D, 0, 0);
		}
		break;
	}
	if (found) /* the witness's line starts, for the next repair */
		memcpy(h->snap + from, h->snap_try + from, (h->nlog + 1 - from) * sizeof *h->snap);
	int rc = 0;
	if (found) {
		arb_reject *rej = t->rej;
		*t = D->t;
		t->rej = rej;
	} else {
		g->s = start;
		if (D->full)
			rc = cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
					"the unseen cards could have gone in too many ways to "
					"tell whether any explains this line (more than %u "
					"states tried); arbiter cannot decide this record "
					"from here on",
					LAZY_MEMO);
		else if (D->best < 0)
			rc = cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
					"no way the unseen cards could have gone explains the "
					"lines before this one");
		else {
			const cat_act *a = (unsigned)D->best < t->m->n ? &t->m->act[D->best] : NULL;
			unseen_tally u = tally_at(g, t->m, a);
			rc = explain_msg(g, t->rej, &D->best_rej, &D->best_short, D->most, true, a,
					 &u);
		}
	}
	free(D);
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
static int go_lazy(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	if (!h->memo) {
		h->memo = arb_xmalloc(LAZY_MEMO * sizeof *h->memo);
		h->mstamp = arb_xcalloc(LAZY_SLOTS, sizeof *h->mstamp);
		h->mslot = arb_xmalloc(LAZY_SLOTS * sizeof *h->mslot);
	}
	h->lazy = true;
	h->nlog = 0;
	h->base_s = g->bak;
	if (h->fresh) { /* the line's own '?' made the worlds: from its start */
		cat_world w;
		cat_state keep = g->s;
		g->s = g->bak;
		world_store(g, NULL, &w);
		g->s = keep;
		wset *base = &h->set[h->committed];
		base->n = 0;
		new_gen(h);
		insert(h, base, &w);
	}
	g->s = g->bak;
	world_load(g, NULL, &h->set[h->committed].w[0]);
	int rc = cat_hidden_line(t, unseen_bad, unseen_rej);
	if (rc < 0)
		h->lazy = false;
	return rc;
}

/* The worlds after an unseen discard, grouped (unseen_discards): the
 * worlds that differ only in the discarding seat's hand share a key (the
 * world with that hand emptied) and lead to the same worlds wherever
 * their hands have a part in common, so each group is made once. */
typedef struct discard_groups {
	cat_world *key;
	uint32_t *head, *next; /* each group's hands, as a list     */
	uint8_t (*hand)[CAT_RES];
	unsigned *total;	 /* of each hand                     */
	uint8_t most[CAT_RES];	 /* of the group being made          */
	unsigned after[CAT_RES]; /* most[r + 1] + ... : what r.. can still hold */
	unsigned kept;		 /* the size of the hands kept       */
	uint8_t part[CAT_RES];	 /* the hand kept being built        */
	unsigned who, left, grp; /* seat, cards discarded unseen     */
	uint32_t *from;		 /* each world made: the first world of `in`
				  * that leads to it, to put them in order */
	unsigned cap_from;
} discard_groups;

/* Hand part[] (its r.. still to choose, `rem` cards) is kept by some
 * hand of group D->grp that discards D->left cards: each way added to
 * `out`, most kept first (of brick, then of lumber, ...).  False when
 * the set overflowed. */
static bool kept_parts(cat_hidden *h, wset *out, discard_groups *D, unsigned r, unsigned rem)
{
	if (r == CAT_RES - 1) {
		if (rem > D->most[r])
			return true;
		D->part[r] = (uint8_t)rem;
		for (uint32_t j = D->head[D->grp]; j != UINT32_MAX; j = D->next[j]) {
			const uint8_t *hd = D->hand[j];
			if (D->total[j] != D->kept + D->left)
				continue;
			bool below = true;
			for (unsigned q = 0; q < CAT_RES; q++)
				below &= D->part[q] <= hd[q];
			if (!below)
				continue;
			cat_world x = D->key[D->grp];
			memcpy(x.res[D->who], D->part, CAT_RES);
			unsigned made = out->n;
			if (insert(h, out, &x) < 0)
				return false;
			if (out->n > made) {
				if (made == D->cap_from) {
					D->cap_from = D->cap_from ? 2 * D->cap_from : 256;
					D->from = arb_xrealloc(D->from,
							       D->cap_from * sizeof *D->from);
				}
				D->from[made] = j;
			}
			return true;
		}
		return true;
	}
	unsigned top = D->most[r] < rem ? D->most[r] : rem;
	for (unsigned k = top + 1; k-- > 0 && rem - k <= D->after[r];) {
		D->part[r] = (uint8_t)k;
		if (!kept_parts(h, out, D, r + 1, rem - k))
			return false;
	}
	return true;
}

/* An unseen discard of `a` by seat `who` in every world of `in` (their
 * game state and bookkeeping from nw), into `out`: every way of
 * choosing the unseen cards from what each world's hand holds beyond the
 * seen ones.  False when the set overflowed. */
static bool unseen_discards(cat_hidden *h, wset *out, const wset *in, const cat_world *nw,
			    unsigned who, const cat_act *a)
{
	size_t tail = offsetof(cat_world, over);
	unsigned n = in->n, ngroups = 0;
	discard_groups D = { .who = who, .left = a->b };
	D.key = arb_xmalloc(n * sizeof *D.key);
	D.head = arb_xmalloc(n * sizeof *D.head);
	D.next = arb_xmalloc(n * sizeof *D.next);
	D.hand = arb_xmalloc(n * sizeof *D.hand);
	D.total = arb_xmalloc(n * sizeof *D.total);
	uint32_t *last = arb_xmalloc(n * sizeof *last);
	new_gen(h);
	for (unsigned i = 0; i < n; i++) {
		cat_world x = in->w[i];
		memcpy((char *)&x + tail, (const char *)nw + tail, sizeof x - tail);
		bool held = true;
		for (unsigned r = 0; r < CAT_RES; r++)
			held &= x.res[who][r] >= a->give[r];
		if (!held)
			continue;
		for (unsigned r = 0; r < CAT_RES; r++)
			D.hand[i][r] = (uint8_t)(x.res[who][r] - a->give[r]);
		D.total[i] = cat_bundle_total(D.hand[i]);
		memset(x.res[who], 0, CAT_RES);
		unsigned slot = (unsigned)world_hash(&x) & (SLOTS - 1);
		while (h->stamp[slot] == h->gen && memcmp(&D.key[h->slot[slot]], &x, sizeof x))
			slot = (slot + 1) & (SLOTS - 1);
		D.next[i] = UINT32_MAX;
		if (h->stamp[slot] != h->gen) { /* a new group */
			h->stamp[slot] = h->gen;
			h->slot[slot] = ngroups;
			D.key[ngroups] = x;
			D.head[ngroups] = last[ngroups] = i;
			ngroups++;
		} else {
			unsigned k = h->slot[slot];
			D.next[last[k]] = i;
			last[k] = i;
		}
	}
	new_gen(h);
	bool ok = true;
	for (D.grp = 0; D.grp < ngroups && ok; D.grp++) {
		memset(D.most, 0, CAT_RES);
		bool size[CAT_RES * 255 + 1] = { false }; /* by cards kept */
		for (uint32_t j = D.head[D.grp]; j != UINT32_MAX; j = D.next[j])
			for (unsigned r = 0; r < CAT_RES; r++)
				D.most[r] = D.hand[j][r] > D.most[r] ? D.hand[j][r] : D.most[r];
		D.after[CAT_RES - 1] = 0;
		for (unsigned r = CAT_RES - 1; r-- > 0;)
			D.after[r] = D.after[r + 1] + D.most[r + 1];
		/* each size of the hands kept, once */
		for (uint32_t j = D.head[D.grp]; j != UINT32_MAX && ok; j = D.next[j]) {
			unsigned tot = D.total[j];
			if (tot < D.left || size[tot - D.left])
				continue;
			size[tot - D.left] = true;
			D.kept = tot - D.left;
			ok = kept_parts(h, out, &D, 0, D.kept);
		}
	}
	/* in the order of the worlds they come from (as each world's ways one
	 * after the other would give them), so that the world shown and the
	 * one followed past CAT_MAX_WORLDS do not depend on the grouping */
	if (ok && out->n > 1) {
		uint32_t *start = arb_xcalloc(n + 1, sizeof *start);
		cat_world *sorted = arb_xmalloc(out->n * sizeof *sorted);
		for (unsigned i = 0; i < out->n; i++)
			start[D.from[i] + 1]++;
		for (unsigned i = 0; i < n; i++)
			start[i + 1] += start[i];
		for (unsigned i = 0; i < out->n; i++)
			sorted[start[D.from[i]]++] = out->w[i];
		memcpy(out->w, sorted, out->n * sizeof *sorted);
		free(sorted);
		free(start);
	}
	free(D.key);
	free(D.head);
	free(D.next);
	free(D.hand);
	free(D.total);
	free(D.from);
	free(last);
	return ok;
}

/* An unseen steal or discard when every world agrees on the hand sizes
 * and the bookkeeping: its rules are checked once, on one guess in the
 * first world, since only the guess's cards differ between worlds and
 * guesses; then every world and guess is made by moving the cards.
 * 1 done, 0 not (played world by world), -1 the worlds overflowed. */
static int fast_unseen(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	const wset *in = &h->set[h->in];
	if (!h->same_books || !in->n)
		return 0;
	const cat_world *w0 = &in->w[0];
	cat_act c = *a;
	c.guessed = 1;
	bool steal = a->kind != A_DISCARD;
	unsigned who = steal ? a->b : a->a;
	if (who >= g->nseats)
		return 0;
	if (steal) {
		unsigned r = 0;
		while (r < CAT_RES && !w0->res[who][r])
			r++;
		if (r == CAT_RES)
			return 0;
		c.c = (uint8_t)r;
	} else { /* the first guess: the seen cards, then the first held */
		unsigned left = a->b;
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (w0->res[who][r] < a->give[r])
				return 0;
			unsigned k = w0->res[who][r] - a->give[r];
			k = k < left ? k : left;
			c.give[r] = (uint8_t)(a->give[r] + k);
			left -= k;
		}
		if (left)
			return 0;
		c.b = 0;
	}
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	world_load(g, t, w0);
	if (cat_turn_step(t, &c) < 0) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return 0;
	}
	cat_world nw;
	world_store(g, t, &nw);
	size_t tail = offsetof(cat_world, over);
	unsigned o = spare(h);
	wset *out = &h->set[o];
	out->n = 0;
	new_gen(h);
	for (unsigned i = 0; steal && i < in->n; i++) {
		cat_world x = in->w[i];
		memcpy((char *)&x + tail, (const char *)&nw + tail, sizeof nw - tail);
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (!x.res[who][r])
				continue;
			x.res[who][r]--;
			x.res[t->seat][r]++;
			int rc = insert(h, out, &x);
			x.res[who][r]++;
			x.res[t->seat][r]--;
			if (rc < 0)
				goto full;
		}
	}
	if (!steal && !unseen_discards(h, out, in, &nw, who, a))
		goto full;
	if (!steal)
		for (unsigned r = 0; r < CAT_RES; r++) {
			h->bank_lo[r] = (uint8_t)(h->bank_lo[r] + a->give[r]);
			h->bank_hi[r] = (uint8_t)(h->bank_hi[r] + a->give[r] + a->b);
		}
	h->in = o;
	return 1;
full:
	g->s = base_s;
	*t = base_t;
	g->nev = ev_base;
	return -1;
}

/* Play one action of a turn line (NULL: the line's end) in every world
 * the record allows so far.  Rejects with too-many-unknowns, or as the
 * action in the world that fails first when it fails in all. */
int cat_hidden_act(cat_turn *t, const cat_act *a, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	if (!cat_hidden_on(g))
		enter(g, t);
	cat_hidden *h = g->hid;
	h->line = t->m; /* its unseen cards are tallied when it is committed */
	if (fast_act(t, a))
		return 0;
	flush(h); /* what follows plays the worlds one by one */
	int fu = a && cat_is_unseen(a) ? fast_unseen(t, a) : 0;
	if (fu > 0)
		return 0;
	if (fu < 0) { /* too many to list: one at a time from here */
		int rc = go_lazy(t, unseen_bad, unseen_rej);
		return rc < 0 ? -1 : 1;
	}
	unsigned o = spare(h);
	pass *P = arb_xmalloc(sizeof *P);
	memset(P, 0, sizeof *P);
	P->t = t;
	P->h = h;
	P->out = &h->set[o];
	P->out->n = 0;
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
			rc = go_lazy(t, unseen_bad, unseen_rej);
			rc = rc < 0 ? -1 : 1;
		} else {
			rc = explain(P, a, in);
		}
	} else {
		g->s = P->keep_s;
		*t = P->keep_t;
		t->rej = P->rej;
		g->nev = P->ev_keep;
		h->in = o;
		set_flags(h, g, &h->set[o]);
	}
	free(P);
	return rc;
}

/* The line was legal: its worlds are the record's now.  The position
 * shows one in which the game goes on, if any (a win is seen only when
 * every way the unseen cards went wins it); with one world left, all is
 * known again. */
void cat_hidden_commit(cat_game *g)
{
	if (!cat_hidden_on(g))
		return;
	cat_hidden *h = g->hid;
	if (h->line)
		tally_line(&h->tally, h->line, h->line->n);
	h->line = NULL;
	if (h->lazy) {
		h->pending = false;
		h->fresh = false;
		return;
	}
	flush(h);
	h->committed = h->in;
	h->fresh = false;
	const wset *set = &h->set[h->committed];
	unsigned rep = 0;
	while (rep + 1 < set->n && set->w[rep].over)
		rep++;
	if (set->w[rep].over)
		rep = 0;
	world_load(g, NULL, &set->w[rep]);
	if (set->n == 1) {
		h->on = false;
		g->hidden_on = false; /* and enter() starts the tally again */
	}
}

/* The line was refused: back to the worlds of its start (none, when its
 * own '?' brought them). */
void cat_hidden_abort(cat_game *g)
{
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
	h->in = h->committed;
	h->pend = false;
	h->fresh = false;
}

/* What is known of every hand (catan.h, cat_hand_range). */
void cat_hand_ranges(const cat_game *g, cat_hand_range out[CAT_SEATS])
{
	const cat_state *s = &g->s;
	memset(out, 0, CAT_SEATS * sizeof *out);
	bool lazy = cat_hidden_lazy(g);
	const wset *set = cat_hidden_on(g) && !lazy ? &g->hid->set[g->hid->committed] : NULL;
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
		for (unsigned i = 0; set && i < set->n; i++) {
			unsigned n = 0;
			for (unsigned r = 0; r < CAT_RES; r++) {
				uint8_t v = set->w[i].res[p][r];
				o->lo[r] = v < o->lo[r] ? v : o->lo[r];
				o->hi[r] = v > o->hi[r] ? v : o->hi[r];
				n += v;
			}
			o->cards_lo = n < o->cards_lo ? (uint8_t)n : o->cards_lo;
			o->cards_hi = n > o->cards_hi ? (uint8_t)n : o->cards_hi;
		}
		unsigned u = s->p[p].unseen_dev;
		o->dev_unseen = (uint8_t)u;
		o->vp_seen = (uint8_t)cat_vp(g, p);
		if (g->opt_vpc == VPC_HIDDEN)
			o->vp_more = (uint8_t)(u < s->deck[D_VP] ? u : s->deck[D_VP]);
	}
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
