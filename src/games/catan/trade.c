/*
 * trade.c — the trades of a Catan turn: domestic trades between players
 * and maritime trades with the bank at the rates a player is entitled to
 * (notation/catan.md, "Rule choices").  Split from rules.c, which calls
 * these from its action loop.
 *
 * Each rule function's contract names the rule ids it can reject with.
 */
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"
#include "lanes.h"

/* No trade after building under phases=strict.  Rejects with
 * trade-after-build. */
static int strict_trade(cat_turn *t, const cat_act *a)
{
	if (t->built && t->g->opt_phases == PH_STRICT)
		return cat_rej_kw(t, a, CAT_R_TRADE_AFTER_BUILD,
				  "%s has already built "
				  "this turn, and trading comes before building "
				  "(Variant phases=combined allows it)",
				  cat_cname(t->g, t->seat));
	return 0;
}

/* like_for_like past its common case: the refusals (cold). */
static __attribute__((cold, noinline)) int like_for_like_rest(cat_turn *t, const cat_act *a)
{
	if (!cat_bundle_total(a->give) || !cat_bundle_total(a->get))
		return cat_rej_kw(t, a, CAT_R_TRADE_GIFT,
				  "a trade needs cards on both "
				  "sides: cards are never given away");
	if (!((a->give[0] && a->get[0]) | (a->give[1] && a->get[1]) | (a->give[2] && a->get[2]) |
	      (a->give[3] && a->get[3]) | (a->give[4] && a->get[4])))
		return 0; /* every trade asks: the loop below only names the resource */
	for (unsigned r = 0; r < CAT_RES; r++)
		if (a->give[r] && a->get[r])
			return cat_rej_kw(t, a, CAT_R_TRADE_LIKE_FOR_LIKE,
					  "a trade "
					  "cannot give and take %s at once",
					  cat_res_name[r]);
	return 0;
}

/* Cards on both sides, no resource on both.  Rejects with trade-gift,
 * trade-like-for-like.  Inline: every trade and bank trade asks. */
static inline __attribute__((always_inline)) int like_for_like(cat_turn *t, const cat_act *a)
{
	uint64_t give = lanes(a->give), get = lanes(a->get);
	if (give && get && !(lanes_nonzero(give) & lanes_nonzero(get)))
		return 0; /* the common case, in three tests */
	return like_for_like_rest(t, a);
}

/* A domestic trade.  Rejects with trade-not-active, trade-not-held and
 * as need_roll, strict_trade, like_for_like. */
int cat_act_trade(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (a->c != CAT_NONE && a->c != t->seat)
		return cat_rej_kw(t, a, CAT_R_TRADE_NOT_ACTIVE,
				  "only the player whose "
				  "turn it is trades: %s may not trade with %s "
				  "during %s's turn",
				  cat_cname(g, a->c), cat_cname(g, a->a), cat_cname(g, t->seat));
	if (a->a == t->seat)
		return cat_rej_arg(t, a, CAT_R_TRADE_NOT_ACTIVE,
				   "%s cannot trade with "
				   "themselves",
				   cat_cname(g, t->seat));
	if (cat_need_roll(t, a, "trading") < 0 || strict_trade(t, a) < 0 || like_for_like(t, a) < 0)
		return -1;
	if (cat_rej_not_held(t, a->col, CAT_R_TRADE_NOT_HELD, t->seat, a->give, "gives",
			     cat_cname(g, a->a)) < 0 ||
	    cat_rej_not_held(t, a->col, CAT_R_TRADE_NOT_HELD, a->a, a->get, "gives",
			     cat_cname(g, t->seat)) < 0)
		return -1;
	/* both hands hold what they give (checked): the counts never go
	 * below 0, so the byte arithmetic is exact */
	cat_player *me = &s->p[t->seat], *other = &s->p[a->a];
	uint64_t give = lanes(a->give), get = lanes(a->get);
	/* all five counts a word at a time, as cat_bank_move: no lane
	 * borrows (each hand holds what it gives) nor carries (a count
	 * stays below a byte), and the lanes past res add 0 */
	uint8_t *mp = (uint8_t *)me + offsetof(cat_player, res);
	uint8_t *tp = (uint8_t *)other + offsetof(cat_player, res);
	static_assert(offsetof(cat_player, res) + 8 <= sizeof(cat_player),
		      "eight bytes from res stay in the player");
	lanes_shift(mp, give, get);
	lanes_shift(tp, get, give);
	unsigned gave = lanes_sum(give), got = lanes_sum(get);
	me->ncards = (uint8_t)(me->ncards - gave + got);
	other->ncards = (uint8_t)(other->ncards + gave - got);
	return 0;
}

/* A maritime trade.  Rejects with maritime-rate, trade-not-held,
 * bank-empty and as need_roll, strict_trade, like_for_like. */
int cat_act_bank(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	cat_player *p = &s->p[t->seat];
	if (cat_need_roll(t, a, "trading") < 0 || strict_trade(t, a) < 0 || like_for_like(t, a) < 0)
		return -1;
	/* The line's maritime trades, one card from the bank each: a player
	 * may trade a resource at any rate from their best (2:1, 3:1 or
	 * 4:1) to 4:1 (a worse rate is a poor trade, not an illegal one).
	 * The n cards of a resource given with best rate b can so be split
	 * into k trades exactly when ceil(n/4) <= k <= n/b (the rates from b
	 * to 4 are consecutive, so every sum in between is reached); the
	 * trade is legal when the cards asked for lie within the sums of
	 * those bounds (notation/catan.md, "Maritime trade"). */
	unsigned fewest = 0, most = 0;
	uint64_t give = lanes(a->give), get = lanes(a->get);
	for (uint64_t m = lanes_nonzero(give); m; m &= m - 1) { /* the resources given */
		unsigned r = (unsigned)__builtin_ctzll(m) / 8;
		unsigned n = a->give[r], rate = cat_maritime_rate(p, r);
		unsigned lo = (n + 3) / 4, hi = n / rate;
		if (lo > hi && rate == 4)
			return cat_rej_kw(t, a, CAT_R_MARITIME_RATE,
					  "%s trades "
					  "%s with the bank at 4:1, and %u is "
					  "no multiple of 4",
					  cat_cname(g, t->seat), cat_res_name[r], n);
		if (lo > hi)
			return cat_rej_kw(t, a, CAT_R_MARITIME_RATE,
					  "%s trades "
					  "%s with the bank at %s, and %u "
					  "cannot be split into trades at those "
					  "rates",
					  cat_cname(g, t->seat), cat_res_name[r],
					  rate == 2 ? "2:1, 3:1 or 4:1" : "3:1 or 4:1", n);
		fewest += lo;
		most += hi;
	}
	unsigned n = cat_bundle_total(a->get);
	if ((n < fewest || n > most) && fewest == most)
		return cat_rej_kw(t, a, CAT_R_MARITIME_RATE,
				  "at %s's rates "
				  "these cards buy %u from the bank, not %u",
				  cat_cname(g, t->seat), most, n);
	if (n < fewest || n > most)
		return cat_rej_kw(t, a, CAT_R_MARITIME_RATE,
				  "at %s's rates "
				  "these cards buy %u to %u from the bank, not "
				  "%u",
				  cat_cname(g, t->seat), fewest, most, n);
	if (cat_rej_not_held(t, a->col, CAT_R_TRADE_NOT_HELD, t->seat, a->give, "gives",
			     "the bank") < 0)
		return -1;
	for (uint64_t m = lanes_nonzero(get); m; m &= m - 1) { /* the resources asked */
		unsigned k = (unsigned)__builtin_ctzll(m) / 8;
		if (a->get[k] > s->bank[k] + a->give[k])
			return cat_rej_bank_empty(t, a->col, k, s->bank[k]);
	}
	/* cat_bank_move both ways in one step: the hand holds what it
	 * gives and the bank, with those, what it pays (both checked) */
	uint8_t *hp = (uint8_t *)p + offsetof(cat_player, res);
	uint8_t *bp = (uint8_t *)s + offsetof(cat_state, bank);
	static_assert(offsetof(cat_state, bank) + 8 <= sizeof(cat_state),
		      "eight bytes from bank stay in the state");
	lanes_shift(hp, give, get);
	lanes_shift(bp, get, give);
	p->ncards = (uint8_t)(p->ncards - lanes_sum(give) + lanes_sum(get));
	return 0;
}
