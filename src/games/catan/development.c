/*
 * development.c — the development cards of a Catan turn: buying one, and
 * playing a knight (with the largest army), road building, monopoly and
 * year of plenty.  Split from rules.c, which calls these from its action
 * loop, so that each file stays readable; the same position and turn
 * bookkeeping (cat_turn) is shared through catan.h.
 *
 * Each rule function's contract names the rule ids it can reject with.
 */
#include <stdio.h>
#include <string.h>

#include "catan.h"

/* A development card to play: held, not bought this turn, the first.
 * Rejects with one-card-per-turn, robber-first, card-not-held,
 * card-bought-this-turn. */
int cat_play_card(cat_turn *t, const cat_act *a, unsigned card)
{
	cat_game *g = t->g;
	cat_player *p = &g->s.p[t->seat];
	if (t->played)
		return cat_rej_kw(t, a, CAT_R_ONE_CARD_PER_TURN,
				  "%s has already played "
				  "a development card this turn",
				  cat_cname(g, t->seat));
	if (t->seven)
		return cat_rej_kw(t, a, CAT_R_ROBBER_FIRST,
				  "after a 7 the discards and "
				  "the robber come before anything else");
	/* A card seen, or one bought unseen before this turn while some
	 * card of the kind is still unseen: then that is what it was. */
	bool seen = p->dev[card] > t->bought[card];
	bool unseen = p->unseen_dev > t->bought_unseen && g->s.deck[card];
	const char *who = cat_cname(g, t->seat), *what = cat_dev_name[card];
	if (!seen && !unseen) {
		if (p->dev[card] || (p->unseen_dev && g->s.deck[card]))
			return cat_rej_kw(t, a, CAT_R_CARD_BOUGHT_THIS_TURN,
					  "%s "
					  "bought that %s card this turn and may "
					  "play it only from the next turn",
					  who, what);
		if (p->unseen_dev > 1)
			return cat_rej_kw(t, a, CAT_R_CARD_NOT_HELD,
					  "%s holds no "
					  "%s card: every %s card is seen "
					  "elsewhere, so none of the %u cards "
					  "%s bought unseen is one",
					  who, what, what, p->unseen_dev, who);
		if (p->unseen_dev)
			return cat_rej_kw(t, a, CAT_R_CARD_NOT_HELD,
					  "%s holds no %s card: every %s card is seen "
					  "elsewhere, so the card %s bought unseen is not one",
					  who, what, what, who);
		if (p->unseen_ever > 1)
			return cat_rej_kw(t, a, CAT_R_CARD_NOT_HELD,
					  "%s holds no "
					  "%s card: the %u cards %s bought unseen "
					  "have all been shown to be others",
					  who, what, p->unseen_ever, who);
		if (p->unseen_ever)
			return cat_rej_kw(t, a, CAT_R_CARD_NOT_HELD,
					  "%s holds no "
					  "%s card: the card %s bought unseen has "
					  "been shown to be another",
					  who, what, who);
		return cat_rej_kw(t, a, CAT_R_CARD_NOT_HELD, "%s holds no %s card", who, what);
	}
	if (seen) {
		p->dev[card]--;
	} else {
		g->s.deck[card]--;
		p->unseen_dev--;
	}
	t->played = true;
	return 0;
}

/* The knight just played may move the Largest Army (CAT_ARMY_MIN
 * knights, more than the holder). */
void cat_la_update(cat_turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned k = s->p[t->seat].knights, h = s->la;
	if (k < CAT_ARMY_MIN || h == t->seat || (h != CAT_NONE && s->p[h].knights >= k))
		return;
	s->la = (uint8_t)t->seat;
	arb_event *ev = cat_event(g, t->sink, "largest-army");
	if (!ev)
		return;
	ev->delta[t->seat] = 2;
	if (h != CAT_NONE)
		ev->delta[h] = -2;
	snprintf(ev->text, sizeof ev->text,
		 "%s's %u knights: largest army "
		 "goes from %s to %s",
		 cat_cname(g, t->seat), k, h == CAT_NONE ? "nobody" : cat_cname(g, h),
		 cat_cname(g, t->seat));
	arb_event_str(ev, "from", h == CAT_NONE ? "nobody" : cat_cname(g, h));
	arb_event_str(ev, "to", cat_cname(g, t->seat));
	arb_event_num(ev, "knights", k);
}

/* A development card bought.  Rejects with deck-empty, deck-card,
 * cannot-afford. */
int cat_act_buy(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned k = a->a;
	if (!cat_deck_left(g))
		return cat_rej_kw(t, a, CAT_R_DECK_EMPTY,
				  "the development cards are "
				  "all gone");
	/* A card drawn unseen stays a card of its kind not yet seen (the
	 * deck's count) until it is played or revealed, which says what it
	 * was (notation/catan.md, "Records of what one player could see"). */
	if (k == CAT_UNSEEN) {
		if (cat_pay(t, a, C_DEV, "a development card") < 0)
			return -1;
		s->p[t->seat].unseen_dev++;
		s->p[t->seat].unseen_ever++;
		t->bought_unseen++;
		return 0;
	}
	if (!s->deck[k])
		return cat_rej_arg(t, a, CAT_R_DECK_CARD,
				   "no %s card is left in the "
				   "deck (all %u have been drawn)",
				   cat_dev_name[k], g->d->dev_count[k]);
	if (cat_pay(t, a, C_DEV, "a development card") < 0)
		return -1;
	s->deck[k]--;
	s->p[t->seat].dev[k]++;
	t->bought[k]++;
	if (k == D_VP && g->opt_vpc == VPC_HIDDEN)
		cat_vp_event(t, "vp-card", 1,
			     "%s draws a victory point card: 1 "
			     "point",
			     cat_cname(g, t->seat));
	return 0;
}

/* Road building: two free roads.  Rejects with road-building-two and
 * as play_card, cat_check_road. */
int cat_act_road_building(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (cat_play_card(t, a, D_ROADS) < 0)
		return -1;
	if (cat_place_road(t, a, a->a, -1) < 0)
		return -1;
	if (a->b != CAT_NONE) {
		cat_act b = *a;
		b.acol = a->bcol; /* a refusal points at the second path */
		return cat_place_road(t, &b, a->b, -1);
	}
	/* One road only when no second one can be placed. */
	if (s->p[t->seat].roads >= g->d->pieces[0])
		return 0;
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (cat_road_ok(g, s, t->seat, e, -1))
			return cat_rej_kw(t, a, CAT_R_ROAD_BUILDING_TWO,
					  "road building "
					  "places 2 roads while %s has roads and "
					  "room for them",
					  cat_cname(g, t->seat));
	return 0;
}

/* A monopoly's take as the line states it (optional) is what the
 * opponents hold of the resource: from each one, or in all.  Rejects
 * with monopoly-take, pointing at the take; said over every way the
 * unseen cards could have gone in a view record that has some, naming
 * those that touched the opponent's hand. */
static int monopoly_take(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	const char *who = cat_cname(g, t->seat), *res = cat_res_name[a->a];
	cat_act at = *a;
	at.acol = a->bcol;
	bool unseen = cat_hidden_on(g);
	unsigned total = 0;
	for (unsigned p = 0; p < g->nseats; p++) {
		if (p == t->seat)
			continue;
		unsigned held = g->s.p[p].res[a->a];
		total += held;
		if (a->b != MONO_TAKE_EACH || held == a->give[p])
			continue;
		const char *from = cat_cname(g, p);
		if (unseen) {
			char cards[160] = ""; /* "the card stolen from White" */
			if (!t->quiet)	      /* (a search's try: the words are not kept) */
				cat_hidden_words(g, p, t->m, a, cards, sizeof cards);
			return cat_rej_arg(t, &at, CAT_R_MONOPOLY_TAKE,
					   "%s's monopoly takes %u %s from %s, but no way %s "
					   "could have gone leaves %s with exactly %u %s",
					   who, a->give[p], res, from, cards, from, a->give[p],
					   res);
		}
		return cat_rej_arg(t, &at, CAT_R_MONOPOLY_TAKE,
				   "%s holds %u %s, so %s's monopoly takes %u from %s, not %u",
				   from, held, res, who, held, from, a->give[p]);
	}
	if (a->b != MONO_TAKE_TOTAL || total == a->c)
		return 0;
	if (unseen)
		return cat_rej_arg(t, &at, CAT_R_MONOPOLY_TAKE,
				   "%s's monopoly takes %u %s, but no way the unseen cards could "
				   "have gone leaves %s's opponents with exactly %u %s together",
				   who, a->c, res, who, a->c, res);
	return cat_rej_arg(t, &at, CAT_R_MONOPOLY_TAKE,
			   "%s's opponents hold %u %s together, so the monopoly takes %u, not %u",
			   who, total, res, total, a->c);
}

/* Monopoly.  Rejects with monopoly-take and as play_card. */
int cat_act_monopoly(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	if (cat_play_card(t, a, D_MONOPOLY) < 0 || monopoly_take(t, a) < 0)
		return -1;
	for (unsigned p = 0; p < g->nseats; p++)
		if (p != t->seat && g->s.p[p].res[a->a])
			cat_give_card(&g->s, p, t->seat, a->a, g->s.p[p].res[a->a]);
	return 0;
}

/* Year of plenty.  Rejects with plenty-two, bank-empty and as
 * play_card. */
int cat_act_plenty(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	unsigned n = cat_bundle_total(a->get);
	if (n != 2)
		return cat_rej_arg(t, a, CAT_R_PLENTY_TWO,
				   "year of plenty takes exactly "
				   "2 cards from the bank, not %u",
				   n);
	for (unsigned r = 0; r < CAT_RES; r++)
		if (a->get[r] > g->s.bank[r])
			return cat_rej_bank_empty(t, a->acol, r, g->s.bank[r]);
	if (cat_play_card(t, a, D_PLENTY) < 0)
		return -1;
	cat_bank_move(&g->s, t->seat, a->get, 1);
	return 0;
}
