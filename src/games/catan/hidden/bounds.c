/*
 * bounds.c — the least each seat must hold at each point of a run of
 * lines, worked out backwards: they spare the search the tries that fail
 * and let reading ahead cut worlds.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* ------------------------------------------------------------ bounds
 *
 * A bound that spares the search most tries that fail: the most of each
 * resource a seat can hold through the lines ahead, from its hand at some
 * point, counting every unseen card in its favour (a steal it made took
 * any card it needed, one made from it took another, its unseen discards
 * gave up other cards, each roll paid it in full whatever the bank held,
 * a monopoly it played took what its line says, or without end when it
 * does not say, and one played on it took what the line says it took
 * from it).  When a card it must give in
 * those lines (a price, a trade, a card seen stolen or discarded) is
 * beyond that bound, no way from there explains them: the try is put
 * down to the guesses that seat's hand depends on, as when it lacks
 * cards, and goes no further.  Each resource of each seat is bounded
 * apart, so the bound is a least count at each point, made once from the
 * end backwards (need_before) and compared a hand word at a time.
 *
 * In the game that cost most (10:247 of bench-views) eleven listed
 * worlds in which White held no lumber took 35 000 states to fail, and
 * the search from the witness two lines back 13 000 more: White never
 * gets lumber before the line that gives it away.  A bound, so a try it
 * lets through may still fail; it cuts only tries that fail, so the
 * search finds the same way.  Not in the search from the witness's own
 * line (its refusal words a line too costly to search without
 * backjumping), nor in the search for a refusal's words (which says what
 * the latest action reached was); not over set-up lines, whose buildings
 * are free. */
#define NEED_NEVER 0x7fu /* more than any hand holds (bytes_at_least) */
#define ONE_EACH 0x0101010101ull /* a card of each resource: an unseen steal's */
/* the bits of a byte that keep the word at a time of need_before from
 * carrying: counts below 0x40 (a parsed count can be more: the loop) */
#define LOW_ONLY 0xc0c0c0c0c0c0c0c0ull

/* The least a seat must hold before an action in which it gives gw and
 * gets tw (hand words, each count below 0x40: LOW_ONLY), from the least
 * x after: need_before's loop, max(x + give - get, give), at most NEVER,
 * NEVER kept, here as give + (x - get, 0 at least): no byte passes
 * 0x7f + 0x3f, so none carries, and one at 0x7f or more is NEVER (+ 1
 * sets its high bit). */
static inline uint64_t need_word(uint64_t x, uint64_t gw, uint64_t tw)
{
	uint64_t never = 0x7f7f7f7f7f7f7f7full;
	static_assert(NEED_NEVER == 0x7f, "NEED_NEVER in each byte");
	uint64_t kept = bytes_ge_mask(x, never);
	uint64_t y = gw + bytes_less(x, tw);
	uint64_t over = (((y + 0x0101010101010101ull) & HIGH_BITS) >> 7) * 0xff;
	return (((y & ~over) | (never & over)) & ~kept) | (x & kept);
}

/* The least seat p must hold before action a (`mine`: p's own line)
 * from the least after it; roll: what the line's roll pays p in full. */
static void need_before(const cat_game *g, const cat_act *a, bool mine, unsigned p,
			const uint8_t roll[CAT_RES], const uint8_t after[CAT_RES],
			uint8_t before[CAT_RES])
{
	const uint8_t *give = NULL, *get = NULL;
	uint8_t one[CAT_RES] = { 0 };
	unsigned more = 0; /* an unseen steal's card, of any resource */
	switch (a->kind) {
	case A_ROLL:
		get = roll;
		break;
	case A_DISCARD:
		if (a->a == p)
			give = a->give; /* (the unseen: other cards) */
		break;
	case A_ROBBER:
	case A_KNIGHT:
		if (a->b >= g->nseats || (a->b != p && !mine))
			break;
		if (a->c < CAT_RES) {
			one[a->c] = 1;
			if (a->b == p)
				give = one;
			else
				get = one;
		} else if (mine) {
			more = 1;
		}
		break;
	case A_TRADE:
		if (mine) {
			give = a->give;
			get = a->get;
		} else if (a->a == p) {
			give = a->get;
			get = a->give;
		}
		break;
	case A_BANK:
		if (mine) {
			give = a->give;
			get = a->get;
		}
		break;
	case A_ROAD:
	case A_SETTLE:
	case A_CITY:
	case A_BUY:
		if (mine)
			give = price_of(g, a);
		break;
	case A_PLENTY:
		if (mine)
			get = a->get;
		break;
	default: /* the roads of road building, reveal, assertions */
		break;
	}
	if (!give && !get && !more && a->kind != A_MONOPOLY) { /* p's hand as it was */
		memcpy(before, after, CAT_RES);
		return;
	}
	uint64_t gw = give ? hand_word(give) : 0, tw = get ? hand_word(get) : more ? ONE_EACH : 0;
	if (a->kind != A_MONOPOLY && !((gw | tw) & LOW_ONLY)) { /* a word at a time */
		uint64_t y = need_word(hand_word(after), gw, tw);
		memcpy(before, &y, CAT_RES);
		return;
	}
	for (unsigned r = 0; r < CAT_RES; r++) {
		int t = after[r];
		if (a->kind == A_MONOPOLY && a->a == r) { /* it takes all, or all of it */
			/* what it took, when the line says: each opponent held
			 * their take exactly, and the player who played it held
			 * the rest */
			unsigned took = a->b == MONO_TAKE_TOTAL ? a->c : 0;
			for (unsigned q = 0; a->b == MONO_TAKE_EACH && q < CAT_SEATS; q++)
				took += a->give[q]; /* (0 for the player) */
			int held = 0;		    /* before it */
			if (mine && a->b != MONO_TAKE_NONE && t > (int)took)
				held = t >= (int)NEED_NEVER ? t : t - (int)took;
			else if (!mine)
				held = t			? (int)NEED_NEVER
				       : a->b == MONO_TAKE_EACH ? a->give[p]
								: 0;
			before[r] = (uint8_t)held;
			continue;
		}
		if (t < (int)NEED_NEVER) {
			int x = give ? give[r] : 0;
			t += x - (get ? get[r] : 0) - (int)more;
			t = t > x ? t : x;
		}
		before[r] = (uint8_t)(t < (int)NEED_NEVER ? t : (int)NEED_NEVER);
	}
}

/* The seats (bit p) whose least need_before may change for action a of
 * a line played by `seat`: every other's is as it was after it (what
 * need_before makes of it where it gives and gets nothing). */
static unsigned seats_touched(const cat_game *g, const cat_act *a, unsigned seat,
			      const uint8_t roll[CAT_SEATS][CAT_RES])
{
	unsigned me = seat < CAT_SEATS ? 1u << seat : 0, all = (1u << CAT_SEATS) - 1, bits = 0;
	switch (a->kind) {
	case A_ROLL: /* (a seat the roll pays nothing keeps its least) */
		for (unsigned p = 0; p < CAT_SEATS; p++)
			if (hand_word(roll[p]))
				bits |= 1u << p;
		return bits;
	case A_DISCARD:
		return a->a < CAT_SEATS ? 1u << a->a : 0;
	case A_ROBBER:
	case A_KNIGHT:
		return a->b >= g->nseats ? 0 : (me | 1u << a->b) & all;
	case A_TRADE:
		return a->a < CAT_SEATS ? me | 1u << a->a : me;
	case A_BANK:
	case A_ROAD:
	case A_SETTLE:
	case A_CITY:
	case A_BUY:
	case A_PLENTY:
		return me;
	case A_MONOPOLY:
		return all;
	default:
		return 0;
	}
}

/* The least each seat must hold before action a of a line played by
 * `seat` (roll: what its roll pays each seat), from the least after it:
 * need[] (hand words, by seat) is changed from the one to the other. */
void hid_needs_before(const cat_game *g, const cat_act *a, unsigned seat,
		      const uint8_t roll[CAT_SEATS][CAT_RES], uint64_t need[CAT_SEATS])
{
	if (a->kind == A_ROLL) { /* need_before's get = roll, a word a seat */
		for (unsigned p = 0; p < CAT_SEATS; p++)
			need[p] = need_less_paid(need[p], hand_word(roll[p]));
		return;
	}
	if (seat < CAT_SEATS && a->kind >= A_BANK && a->kind <= A_BUY) {
		/* (need_before's own line, one seat: the commonest kinds) */
		uint64_t gw = hand_word(a->kind == A_BANK ? a->give : price_of(g, a));
		uint64_t tw = a->kind == A_BANK ? hand_word(a->get) : 0;
		if (!((gw | tw) & LOW_ONLY)) {
			need[seat] = need_word(need[seat], gw, tw);
			return;
		}
	}
	unsigned touched = seats_touched(g, a, seat, roll);
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		if (!(touched >> p & 1))
			continue; /* (its word's bytes past CAT_RES are 0, as need_before leaves them) */
		uint8_t after[8], before[8] = { 0 };
		memcpy(after, &need[p], 8);
		need_before(g, a, seat == p, p, roll[p], after, before);
		memcpy(&need[p], before, 8);
	}
}

/* What line m's roll owes each seat (cat_roll_owed; on the robber's hex
 * too when a knight moved it first in the line), from the position s at
 * its start. */
void hid_roll_pays(const cat_game *g, const cat_move *m, const cat_state *s,
		   uint8_t pays[CAT_SEATS][CAT_RES])
{
	memset(pays, 0, CAT_SEATS * CAT_RES);
	unsigned robber = s->robber, tot[CAT_RES];
	for (unsigned ai = 0; ai < m->n; ai++) {
		const cat_act *a = &m->act[ai];
		unsigned roll = a->a + a->b;
		if (a->kind == A_KNIGHT)
			robber = CAT_NONE;
		if (a->kind == A_ROLL && roll >= 2 && roll <= 12 && roll != 7)
			cat_roll_owed(g, s, roll, robber, pays, tot);
	}
}

/* The bounds made for the lines from log[lo] on (the search from there
 * needs them): false when they are not to be.  After the line being
 * applied, the lines ahead bound them too, when read (ahead_end_need). */
bool hid_bounds_from(dfs *D, unsigned lo)
{
	bounds *bd = &D->bd;
	const cat_game *g = D->g;
	const cat_hidden *h = D->h;
	if (bd->made < 0)
		return false;
	unsigned end = h->nlog + 1; /* the lines, that being applied last */
	if (!bd->made) {	    /* room for each line's actions and its end */
		bd->at = arb_xmalloc(end * sizeof *bd->at);
		size_t n = 0;
		for (unsigned li = 0; li < end; li++) {
			bd->at[li] = (unsigned)n;
			n += line_of(D, li)->n + 1u;
		}
		bd->need = arb_xmalloc(n * CAT_SEATS * sizeof *bd->need);
		bd->lo = end;
		bd->made = 1;
	}
	for (unsigned li = bd->lo; li-- > lo;) {
		const cat_state *s = li < h->nlog ? &h->snap[li] : D->cur_start;
		const cat_move *m = line_of(D, li);
		if (s->setup_step < 2 * g->nseats) {
			bd->made = -1;
			free(bd->need);
			free(bd->at);
			bd->need = NULL;
			bd->at = NULL;
			return false;
		}
		uint8_t pays[CAT_SEATS][CAT_RES];
		hid_roll_pays(g, m, s, pays);
		uint64_t *at_end = need_at(D, li, m->n);
		const uint64_t *ahead = li + 1 < end ? NULL : hid_ahead_end_need(D->g, m);
		for (unsigned p = 0; p < CAT_SEATS; p++)
			at_end[p] = li + 1 < end ? need_at(D, li + 1, 0)[p] : ahead ? ahead[p] : 0;
		for (unsigned ai = m->n; ai-- > 0;) {
			uint64_t *need = need_at(D, li, ai);
			memcpy(need, need_at(D, li, ai + 1), CAT_SEATS * sizeof *need);
			hid_needs_before(g, &m->act[ai], m->seat, pays, need);
		}
		bd->lo = li;
	}
	return true;
}
