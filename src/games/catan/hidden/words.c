/*
 * words.c — the words of a refusal over every way the unseen cards could
 * have gone: the unseen cards that touched each hand ("the three cards
 * Blue stole"), what the ways refused held, and the sentence made of it.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* Add to u the unseen cards of the actions before `upto` of line m. */
void hid_tally_line(unseen_tally *u, const cat_move *m, unsigned upto)
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
unseen_tally hid_tally_at(const cat_game *g, const cat_move *m, const cat_act *a)
{
	unseen_tally u = g->hid->tally;
	unsigned upto = m->n;
	for (unsigned i = 0; a && i < m->n; i++)
		if (&m->act[i] == a)
			upto = i;
	assert(!a || upto < m->n);
	hid_tally_line(&u, m, upto);
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
	unseen_tally u = hid_tally_at(g, m, a);
	unseen_words(g, &u, p, out, n);
}

/* Add to wh one way in which action `a` of `seat` was refused, with the
 * hands hand[] of nseats seats, the bank's stock bank[] and what each
 * seat got this turn, got[][]. */
void hid_ways_note(ways_held *wh, unsigned nseats, unsigned seat, const cat_act *a,
		   const uint8_t *const hand[CAT_SEATS], const uint8_t bank[CAT_RES],
		   const uint8_t got[CAT_SEATS][CAT_RES])
{
	if (a && a->kind == A_GETS && a->a < nseats) {
		if (!wh->n)
			memcpy(wh->got, got[a->a], CAT_RES);
		wh->got_differs |= memcmp(wh->got, got[a->a], CAT_RES) != 0;
	}
	wh->n++;
	for (unsigned p = 0; p < nseats; p++)
		for (unsigned r = 0; r < CAT_RES; r++)
			if (hand[p][r] > wh->most[p][r])
				wh->most[p][r] = hand[p][r];
	for (unsigned p = 0; p < nseats; p++) {
		unsigned size = cat_bundle_total(hand[p]);
		if (size < wh->size_least[p])
			wh->size_least[p] = (uint8_t)size;
		if (size > wh->size_most[p])
			wh->size_most[p] = (uint8_t)size;
	}
	for (unsigned r = 0; r < CAT_RES; r++) {
		if (bank[r] < wh->bank_least[r])
			wh->bank_least[r] = bank[r];
		if (bank[r] > wh->bank_most[r])
			wh->bank_most[r] = bank[r];
	}
	if (!a)
		return;
	if (a->kind == A_MONOPOLY && a->a < CAT_RES) {
		for (unsigned p = 0; p < nseats; p++)
			if (hand[p][a->a] == a->give[p])
				wh->met |= 1u << p;
	} else if (a->kind == A_TRADE && seat < nseats && a->a < nseats) {
		bool give = true, get = true;
		for (unsigned r = 0; r < CAT_RES; r++) {
			give &= hand[seat][r] >= a->give[r];
			get &= hand[a->a][r] >= a->get[r];
		}
		wh->met |= (unsigned)give << seat | (unsigned)get << a->a;
	}
}

/* Nothing noted yet; or, with `every`, words that hold of any ways: a
 * refusal known to hold in every way but not how each way went says "no
 * way ... all of ... at once". */
void hid_ways_start(ways_held *wh, bool every)
{
	memset(wh->most, every ? 0xff : 0, sizeof wh->most);
	memset(wh->bank_most, every ? 0xff : 0, CAT_RES);
	memset(wh->bank_least, every ? 0 : 0xff, CAT_RES);
	wh->got_differs = every;
	/* sizes unknown with `every`: none said (least above most) */
	memset(wh->size_least, 0xff, CAT_SEATS);
	memset(wh->size_most, 0, CAT_SEATS);
	wh->met = every ? ~0u : 0;
	wh->n = 0;
}

/* A domestic trade (a, made by `seat`) refused in every way, each in
 * the words of one: the refusal is about the maker when no way leaves
 * them the cards they give, else the partner when none leaves them
 * theirs (*sh made so); false when each is short only in ways where the
 * other holds theirs: then no way leaves both at once, and rej says so. */
static bool trade_short(const cat_game *g, arb_reject *rej, const cat_act *a, unsigned seat,
			unsigned met, cat_shortage *sh)
{
	unsigned partner = a->a;
	char give[48], get[48]; /* "19brick+19lumber+19wool+19grain+19ore" at most */
	cat_bundle_str(a->give, give, sizeof give);
	cat_bundle_str(a->get, get, sizeof get);
	const char *maker = cat_cname(g, seat), *other = cat_cname(g, partner);
	if (!(met >> seat & 1) || !(met >> partner & 1)) {
		bool mine = !(met >> seat & 1);
		sh->seat = (uint8_t)(mine ? seat : partner);
		memcpy(sh->need, mine ? a->give : a->get, CAT_RES);
		snprintf(sh->what, sizeof sh->what, "gives %s to %s", mine ? give : get,
			 mine ? other : maker);
		return true;
	}
	snprintf(rej->msg, sizeof rej->msg,
		 "%s gives %s to %s for %s, but no way the unseen cards could have gone "
		 "leaves %s with %s and %s with %s at once",
		 maker, give, other, get, maker, give, other, get);
	return false;
}

/* The seats of `mask` as "Blue", "Blue or White", "Red, Blue or White"
 * ("a player" for none). */
static void seats_or(const cat_game *g, unsigned mask, char *out, size_t n)
{
	size_t len = 0;
	snprintf(out, n, "a player");
	for (unsigned p = 0; p < g->nseats && len < n; p++) {
		if (!(mask >> p & 1))
			continue;
		mask &= ~(1u << p);
		const char *sep = !len ? "" : mask >> p ? ", " : " or ";
		int w = snprintf(out + len, n - len, "%s%s", sep, cat_cname(g, p));
		len = w < 0 ? n : len + (size_t)w;
	}
}

/* The seats one of which a discard-missing or steal-required refusal of
 * `a` (NULL: the line's end) is about in each way, when that is not the
 * same seat in all (then its words name them all): those that hold more
 * than 7 cards in some way and have not discarded in the line before `a`;
 * or those at the robber's hex, but its mover, that hold cards in some
 * way. */
static unsigned seats_concerned(const cat_game *g, const cat_act *a, bool steal,
				const ways_held *wh)
{
	const cat_move *m = g->hid->line;
	unsigned mask = 0;
	if (!m)
		return 0;
	if (steal && (!a || a->a >= CAT_HEXES))
		return 0;
	unsigned there = steal ? cat_hex_owners(g, &g->s, a->a) & ~(1u << m->seat) : ~0u;
	for (unsigned p = 0; p < g->nseats; p++)
		if ((there >> p & 1) && wh->size_most[p] > (steal ? 0 : 7))
			mask |= 1u << p;
	if (steal)
		return mask;
	for (const cat_act *d = m->act; d < m->act + m->n && d != a; d++)
		if (d->kind == A_DISCARD && d->a < CAT_SEATS)
			mask &= ~(1u << d->a);
	return mask;
}

/* A refusal about a hand's size (rej: in the words of one way, about
 * `seat`, a the action refused or NULL: the line's end; its first `said`
 * bytes true of every way, cat_note_said) where the sizes differ between
 * ways (after a monopoly whose take from each the record does not say):
 * said with the least and the most the seat holds, or, when the seat is
 * not the one concerned in every way, of every way, naming the players
 * one of whom is (seats_concerned).  False when the sizes do not differ,
 * or the rule is not one of these. */
static bool sizes_differ(const cat_game *g, arb_reject *rej, const cat_act *a, unsigned seat,
			 size_t said, const ways_held *wh)
{
	unsigned lo = wh->size_least[seat], hi = wh->size_most[seat];
	if (lo >= hi)
		return false;
	const char *who = cat_cname(g, seat), *rule = rej->rule;
	char held[96], them[64];
	snprintf(held, sizeof held, "%s holds %u to %u cards, however the unseen cards went", who,
		 lo, hi);
	if (rule == cat_rules[CAT_R_DISCARD_COUNT].id && a && a->kind == A_DISCARD) {
		snprintf(rej->msg, sizeof rej->msg,
			 "%s, and must discard half of them (rounded down), not %u", held,
			 cat_bundle_total(a->give) + a->b);
	} else if (rule == cat_rules[CAT_R_DISCARD_UNNEEDED].id) {
		snprintf(rej->msg, sizeof rej->msg,
			 "%s, and keeps them (only a hand of more than 7 is halved)", held);
	} else if (rule == cat_rules[CAT_R_DISCARD_MISSING].id) {
		const char *when = a ? "before the robber moves" : "after the 7";
		seats_or(g, seats_concerned(g, a, false, wh), them, sizeof them);
		if (lo > 7)
			snprintf(rej->msg, sizeof rej->msg,
				 "%s, and must discard half of them (rounded down) %s", held, when);
		else
			snprintf(rej->msg, sizeof rej->msg,
				 "every way the unseen cards could have gone leaves %s with "
				 "more than 7 cards, and whoever holds them must discard half "
				 "of them (rounded down) %s",
				 them, when);
	} else if (rule == cat_rules[CAT_R_STEAL_REQUIRED].id) {
		size_t at = said; /* "Red must steal a card at E" */
		if (!at || at >= strlen(rej->msg))
			return false;
		seats_or(g, seats_concerned(g, a, true, wh), them, sizeof them);
		if (lo > 0)
			snprintf(rej->msg + at, sizeof rej->msg - at, ": %s", held);
		else
			snprintf(rej->msg + at, sizeof rej->msg - at,
				 ": every way the unseen cards could have gone leaves %s there "
				 "with cards",
				 them);
	} else {
		return false;
	}
	return true;
}

/* The bank short of `get` in every way the unseen cards could have
 * gone, each in the words of one, which need not hold of the others (the
 * cards discarded unseen went to the bank): said of a resource the bank
 * is short of in every way, with the most it holds of it ("the bank has
 * at most 1 ore"), or, when it is short of each only in some ways, that
 * no way leaves it all at once (then false, rej said). */
static bool bank_short(arb_reject *rej, const uint8_t get[CAT_RES], const ways_held *wh)
{
	for (unsigned r = 0; r < CAT_RES; r++)
		if (get[r] > wh->bank_most[r]) {
			if (!wh->bank_most[r])
				snprintf(rej->msg, sizeof rej->msg, "the bank has no %s",
					 cat_res_name[r]);
			else
				snprintf(rej->msg, sizeof rej->msg, "the bank has %s %u %s",
					 wh->bank_least[r] == wh->bank_most[r] ? "only" : "at most",
					 wh->bank_most[r], cat_res_name[r]);
			return true;
		}
	char b[48];
	cat_bundle_str(get, b, sizeof b);
	snprintf(rej->msg, sizeof rej->msg,
		 "no way the unseen cards could have gone leaves the bank with all of %s at "
		 "once",
		 b);
	return false;
}

/* A monopoly's wrong take (a: the monopoly, of `seat`, with each
 * opponent's take stated), said of every way the unseen cards could have
 * gone: met[] has bit p when some way left opponent p with what the line
 * says it took.  One way's refusal names the first opponent whose count
 * is wrong in that way, who may hold the count in another; so the words
 * name an opponent no way left with it, or, when each holds its count in
 * some way but no way has them all at once, say that.  Returns -1. */
static int explain_take(const cat_game *g, arb_reject *rej, const cat_act *a, unsigned seat,
			unsigned met, const unseen_tally *u)
{
	const char *who = cat_cname(g, seat), *res = cat_res_name[a->a];
	char cards[160];
	for (unsigned p = 0; p < g->nseats; p++) {
		if (p == seat || met >> p & 1)
			continue;
		const char *from = cat_cname(g, p);
		unseen_words(g, u, p, cards, sizeof cards);
		int w = snprintf(rej->msg, sizeof rej->msg,
				 "%s's monopoly takes %u %s from %s, but no way %s could have "
				 "gone leaves %s with exactly %u %s",
				 who, a->give[p], res, from, cards, from, a->give[p], res);
		if (w < 0 || (size_t)w >= sizeof rej->msg) /* never cut: the generic words */
			snprintf(rej->msg, sizeof rej->msg,
				 "%s's monopoly takes %u %s from %s, but no way the unseen "
				 "cards could have gone leaves %s with exactly %u %s",
				 who, a->give[p], res, from, from, a->give[p], res);
		return -1;
	}
	/* "1 ore from Blue, 2 from White and 0 from Orange" */
	char takes[128];
	size_t len = 0;
	unsigned n = 0, of = g->nseats - 1;
	for (unsigned p = 0; p < g->nseats && len < sizeof takes; p++) {
		if (p == seat)
			continue;
		n++;
		int w = snprintf(takes + len, sizeof takes - len, "%s%u%s%s from %s",
				 n == 1	   ? ""
				 : n == of ? " and "
					   : ", ",
				 a->give[p], n == 1 ? " " : "", n == 1 ? res : "", cat_cname(g, p));
		len = w < 0 ? sizeof takes : len + (size_t)w;
	}
	if (len >= sizeof takes)
		snprintf(takes, sizeof takes, "the %s the line says", res);
	snprintf(rej->msg, sizeof rej->msg,
		 "%s's monopoly takes %s, but no way the unseen cards could have gone "
		 "leaves %s's opponents with all of that at once",
		 who, takes, who);
	return -1;
}

/* What the hands of world i of `set` hold together, as a hand word. */
uint64_t hid_held_by_all(const cat_game *g, const wset *set, unsigned i)
{
	const cat_hidden *h = g->hid;
	uint64_t held = 0; /* no carry: at most the bank's size a byte */
	for (unsigned p = 0; p < g->nseats; p++)
		held += h->hands[p].word[set->w[i].hand[p]];
	return held;
}

/* A refusal by one rule in some ways the unseen cards could have gone,
 * and by another in others (`first`, `other`: one of each): neither's
 * words hold of every way, so both are said, each of some (by the rule
 * of `first`); when they do not fit, the other by its rule's name, and
 * failing that, first's words alone.  Returns -1. */
static int mixed_msg(arb_reject *rej, const arb_reject *first, const arb_reject *other)
{
	static const char *const forms[] = {
		"no way the unseen cards could have gone allows this: in some, %s; in the "
		"others, %s",
		"no way the unseen cards could have gone allows this: in some, %s; in the "
		"others, the rule %s refuses it",
	};
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		int w = snprintf(rej->msg, sizeof rej->msg, forms[i], first->msg,
				 i ? other->rule : other->msg);
		if (w >= 0 && (size_t)w < sizeof rej->msg)
			return -1;
	}
	snprintf(rej->msg, sizeof rej->msg, "%s", first->msg);
	return -1;
}

/* The message of a refusal that holds in every way the unseen cards
 * could have gone: `first` is the refusal in one of them, `sh` what it
 * lacked there, wh what the ways held, `several` that there was more
 * than one, `a` the action refused (NULL: the line's end), made by
 * `seat`, and u the unseen cards before it, named for the player the
 * refusal is about.  Returns -1. */
int hid_explain_msg(const cat_game *g, arb_reject *rej, const arb_reject *first,
		    const cat_shortage *first_sh, const arb_reject *other, const ways_held *wh,
		    bool several, const cat_act *a, unsigned seat, const unseen_tally *u)
{
	*rej = *first;
	if (other)
		return mixed_msg(rej, first, other);
	const char *rule = first->rule;
	char cards[160];
	if (rule == cat_rules[CAT_R_MONOPOLY_TAKE].id && a && a->kind == A_MONOPOLY &&
	    a->b == MONO_TAKE_EACH && seat < g->nseats)
		return explain_take(g, rej, a, seat, wh->met, u);
	cat_shortage trade_sh = *first_sh;
	const cat_shortage *sh = first_sh;
	if (rule == cat_rules[CAT_R_TRADE_NOT_HELD].id && a && a->kind == A_TRADE &&
	    seat < g->nseats && a->a < g->nseats) {
		if (!trade_short(g, rej, a, seat, wh->met, &trade_sh))
			return -1;
		sh = &trade_sh;
	}
	bool shortage = rule == cat_rules[CAT_R_CANNOT_AFFORD].id ||
			rule == cat_rules[CAT_R_TRADE_NOT_HELD].id ||
			rule == cat_rules[CAT_R_DISCARD_NOT_HELD].id;
	if (shortage && sh->seat < g->nseats) {
		const char *who = cat_cname(g, sh->seat);
		const uint8_t *most = wh->most[sh->seat];
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
	if (several && sh->seat < g->nseats && sizes_differ(g, rej, a, sh->seat, sh->said, wh))
		return -1;
	if (hands && several && rule == cat_rules[CAT_R_BANK_EMPTY].id && a &&
	    (a->kind == A_PLENTY || a->kind == A_BANK) && !bank_short(rej, a->get, wh))
		return -1;
	/* a production stated that the ways give differently (a bank short of
	 * what the roll owes in some): said of them all */
	size_t said = sh->said; /* "the record says White gets 2ore from the roll of 8" */
	if (hands && several && rule == cat_rules[CAT_R_ASSERT_PRODUCTION].id && a &&
	    a->kind == A_GETS && a->a < g->nseats && wh->got_differs && said &&
	    said < strlen(rej->msg)) {
		snprintf(rej->msg + said, sizeof rej->msg - said,
			 ", but no way the unseen cards could have gone gives %s that",
			 cat_cname(g, a->a));
		return -1;
	}
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
int hid_explain(pass *P, const cat_act *a, const wset *in)
{
	const cat_game *g = P->t->g;
	ways_held wh;
	hid_ways_start(&wh, false);
	for (unsigned i = 0; i < in->n; i++) {
		const uint8_t *hand[CAT_SEATS];
		for (unsigned p = 0; p < CAT_SEATS; p++)
			hand[p] = hand_res(P->h, p, in->w[i].hand[p]);
		uint64_t held = hid_held_by_all(g, in, i);
		uint8_t bank[CAT_RES]; /* what the hands leave */
		for (unsigned r = 0; r < CAT_RES; r++)
			bank[r] = (uint8_t)(cat_bank_size(g) - (uint8_t)(held >> (8 * r)));
		uint8_t got[CAT_SEATS][CAT_RES];
		memcpy(got, tail_of(P->h, &in->w[i]) + TAIL_GOT, sizeof got);
		hid_ways_note(&wh, g->nseats, P->t->seat, a, hand, bank,
			      (const uint8_t(*)[CAT_RES])got);
	}
	unseen_tally u = hid_tally_at(g, P->t->m, a);
	return hid_explain_msg(g, P->rej, &P->first, &P->first_short,
			       P->have_other ? &P->other : NULL, &wh,
			       in->n > 1 || (a && cat_is_unseen(a)), a, P->t->seat, &u);
}
