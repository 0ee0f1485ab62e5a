/*
 * robber.c — the 7 and the robber: the discards a 7 owes, the robber's
 * move (after a 7 or a knight) and its steal.  Out of rules.c as a rule of
 * its own, like placement.c and trade.c; rules.c's act() calls in.
 *
 * Each rule function's contract names the rule ids it can reject with.
 */
#include <stdio.h>
#include <string.h>

#include "catan.h"

/* "A, B and F": the hexes at whose corners `seat` has a building. */
static void hexes_of(const cat_game *g, const cat_state *s, unsigned seat, char *out, size_t cap)
{
	size_t used = 0, k = 0, n = 0;
	for (unsigned h = 0; h < CAT_HEXES; h++)
		n += cat_hex_owners(g, s, h) >> seat & 1;
	out[0] = '\0';
	for (unsigned h = 0; h < CAT_HEXES && used < cap; h++)
		if (cat_hex_owners(g, s, h) >> seat & 1) {
			k++;
			int w = snprintf(out + used, cap - used, "%s%c",
					 k == 1	  ? ""
					 : k == n ? " and "
						  : ", ",
					 'A' + h);
			used += w > 0 ? (size_t)w : 0;
		}
}

/* "Blue and White": the seats in the bit set `seats`. */
static void seats_in(const cat_game *g, unsigned seats, char *out, size_t cap)
{
	size_t used = 0, k = 0, n = (size_t)__builtin_popcount(seats);
	out[0] = '\0';
	for (unsigned p = 0; p < g->nseats && used < cap; p++)
		if (seats >> p & 1) {
			k++;
			int w = snprintf(out + used, cap - used, "%s%s",
					 k == 1	  ? ""
					 : k == n ? " and "
						  : ", ",
					 cat_cname(g, p));
			used += w > 0 ? (size_t)w : 0;
		}
}

/* The robber to a->a, with the steal of a->c from a->b.  Rejects with
 * robber-must-move, robber-token, steal-required, steal-victim,
 * steal-card. */
int cat_move_robber(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned h = a->a;
	if (h == s->robber)
		return cat_rej_arg(t, a, CAT_R_ROBBER_MUST_MOVE,
				   "the robber is already "
				   "at %c and must move to another hex",
				   'A' + h);
	if (g->b.terrain[h] == T_DESERT && g->opt_robber == ROB_TOKEN)
		return cat_rej_arg(t, a, CAT_R_ROBBER_TOKEN,
				   "the robber goes to a "
				   "number token and the desert at %c has none "
				   "(Variant robber=any allows it)",
				   'A' + h);
	unsigned cand = cat_hex_owners(g, s, h) & ~(1u << t->seat);
	s->robber = (uint8_t)h;
	if (a->b == CAT_NONE) {
		for (unsigned p = 0; p < g->nseats; p++)
			if ((cand >> p & 1) && s->p[p].ncards) {
				char must[48];
				int n = snprintf(must, sizeof must, "%s must steal a card at %c",
						 cat_cname(g, t->seat), 'A' + h);
				cat_note_seat(t, p);
				cat_note_said(t, n > 0 ? (size_t)n : 0);
				return cat_rej_arg(t, a, CAT_R_STEAL_REQUIRED,
						   "%s: %s holds %u card%s", must, cat_cname(g, p),
						   s->p[p].ncards, arb_s(s->p[p].ncards));
			}
		return 0;
	}
	if (a->b == t->seat)
		return cat_rej_arg(t, a, CAT_R_STEAL_VICTIM,
				   "%s cannot steal from "
				   "themselves",
				   cat_cname(g, t->seat));
	if (!(cand >> a->b & 1)) {
		/* where the robber would find the victim, and whom at h */
		char where[64] = "", there[64] = "";
		hexes_of(g, s, a->b, where, sizeof where);
		seats_in(g, cand, there, sizeof there);
		return cat_rej_arg(t, a, CAT_R_STEAL_VICTIM,
				   "%s cannot steal from %s: "
				   "%s has no settlement or city at %c (%s%s%s; at %c: %s)",
				   cat_cname(g, t->seat), cat_cname(g, a->b), cat_cname(g, a->b),
				   'A' + h, cat_cname(g, a->b),
				   *where ? " borders " : " borders no hex", where, 'A' + h,
				   *there ? there : "no one to rob");
	}
	if (a->c == CAT_UNSEEN) /* the solver (hidden/) guesses it from any card held */
		return cat_rej_arg(t, a, CAT_R_STEAL_CARD,
				   "%s cannot steal "
				   "from %s, who holds no card",
				   cat_cname(g, t->seat), cat_cname(g, a->b));
	if (!s->p[a->b].res[a->c])
		return cat_rej_arg(t, a, CAT_R_STEAL_CARD,
				   "%s cannot steal %s from %s, "
				   "who holds none",
				   cat_cname(g, t->seat), cat_res_name[a->c], cat_cname(g, a->b));
	cat_give_card(s, a->b, t->seat, a->c, 1);
	return 0;
}

/* A discard after a 7.  Rejects with discard-without-seven,
 * discard-twice, discard-unneeded, discard-count, discard-not-held. */
int cat_act_discard(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_player *p = &g->s.p[a->a];
	/* after the 7's robber nobody can still owe a discard (the robber
	 * waits for them), so a late one is a second or an unneeded one */
	if (!t->seven && !t->robbed)
		return cat_rej_kw(t, a, CAT_R_DISCARD_WITHOUT_SEVEN,
				  "cards are "
				  "discarded only after a roll of 7");
	if (t->discarded[a->a])
		return cat_rej_arg(t, a, CAT_R_DISCARD_TWICE,
				   "%s has already "
				   "discarded",
				   cat_cname(g, a->a));
	unsigned n = cat_bundle_total(a->give) + a->b;
	if (!t->must_discard[a->a] || n != t->must_discard[a->a])
		cat_note_seat(t, a->a);
	if (!t->must_discard[a->a])
		return cat_rej_arg(t, a, CAT_R_DISCARD_UNNEEDED,
				   "%s holds %u card%s and "
				   "keeps %s (only a hand of more than 7 is "
				   "halved)",
				   cat_cname(g, a->a), p->ncards, p->ncards == 1 ? "" : "s",
				   p->ncards == 1 ? "it" : "them");
	if (n != t->must_discard[a->a])
		return cat_rej_arg(t, a, CAT_R_DISCARD_COUNT,
				   "%s holds %u cards and "
				   "must discard %u, not %u",
				   cat_cname(g, a->a), p->ncards, t->must_discard[a->a], n);
	if (cat_rej_not_held(t, a->acol, CAT_R_DISCARD_NOT_HELD, a->a, a->give, "discards", NULL) <
	    0)
		return -1;
	/* the solver (hidden/) replaces the unseen cards by every guess the hand allows;
	 * an unseen card left here is one the hand cannot hold. */
	if (a->b)
		return cat_rej_arg(t, a, CAT_R_DISCARD_NOT_HELD,
				   "%s holds no "
				   "%u more cards to discard",
				   cat_cname(g, a->a), a->b);
	cat_bank_move(&g->s, a->a, a->give, -1);
	t->discarded[a->a] = 1;
	return 0;
}

/* The 7's robber.  Rejects with robber-without-seven, discard-missing
 * and as cat_move_robber. */
int cat_act_robber(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	if (!t->seven)
		return cat_rej_kw(t, a, CAT_R_ROBBER_WITHOUT_SEVEN,
				  "the robber moves "
				  "only after a roll of 7 or with a knight");
	for (unsigned p = 0; p < g->nseats; p++)
		if (t->must_discard[p] && !t->discarded[p]) {
			cat_note_seat(t, p);
			return cat_rej_kw(t, a, CAT_R_DISCARD_MISSING,
					  "%s holds %u "
					  "cards and must discard %u before the "
					  "robber moves",
					  cat_cname(g, p), g->s.p[p].ncards, t->must_discard[p]);
		}
	if (cat_move_robber(t, a) < 0)
		return -1;
	t->seven = false;
	t->robbed = true;
	return 0;
}
