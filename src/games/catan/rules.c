/*
 * rules.c — playing a Catan turn line (the apply op): set-up lines, then
 * per turn the dice and production, the 7 (discards, the robber), trades
 * (trade.c), building, development cards and the largest army
 * (development.c), and the assertions.  The 7's discards and the robber
 * are in robber.c.  The placement rules of roads and
 * settlements are in placement.c, the longest road in longest_road.c,
 * points and the win in score.c.
 *
 * A turn line is a sequence of actions, checked one by one against the
 * position as it evolves, so every rejection points at the action that
 * breaks a rule.  apply() first copies the position (a few hundred bytes;
 * a full record's line leaves the board out, undo.c) and restores it when
 * an action fails, so a rejected line leaves no trace; score events are
 * held back for the same reason and sent only when the whole line is
 * legal.
 *
 * Each rule function's contract names the rule ids it can reject with.
 */
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"
#include "lanes.h"
#include "undo.h"

/* --------------------------------------------------------- resources */

/* Move cards: seat -> bank (dir < 0) or bank -> seat (dir > 0).  Counts
 * never go negative: callers check first (cat_lacks(), the bank's stock). */
void cat_bank_move(cat_state *s, unsigned seat, const uint8_t v[CAT_RES], int dir)
{
	cat_player *p = &s->p[seat];
	/* All five counts at once, a byte lane each (lanes.h): the hand
	 * holds what it gives (asserted) and the cards of a resource, at
	 * most CAT_MAX_BANK (51, the data's limit and bank=unlimited's
	 * stock), never pass a byte. */
	uint64_t w = lanes(v), hand, bank;
	uint8_t *hp = (uint8_t *)p + offsetof(cat_player, res);
	uint8_t *bp = (uint8_t *)s + offsetof(cat_state, bank);
	static_assert(offsetof(cat_player, res) + 8 <= sizeof(cat_player),
		      "eight bytes from res stay in the player");
	static_assert(offsetof(cat_state, bank) + 8 <= sizeof(cat_state),
		      "eight bytes from bank stay in the state");
	memcpy(&hand, hp, 8);
	memcpy(&bank, bp, 8);
	unsigned n = lanes_sum(w);
	if (dir < 0) {
		assert(lanes_ge(hand, w));
		hand -= w;
		bank += w;
		p->ncards = (uint8_t)(p->ncards - n);
	} else {
		assert(lanes_ge(bank, w));
		hand += w;
		bank -= w;
		p->ncards = (uint8_t)(p->ncards + n);
	}
	memcpy(hp, &hand, 8);
	memcpy(bp, &bank, 8);
}

/* produce()'s rare end: a resource the bank cannot cover for all
 * (`short_res`, by bit) is handled by the shortage= option, then the
 * cards owed in `got` are paid. */
static __attribute__((noinline)) void
produce_short(cat_game *g, unsigned roller, uint8_t got[CAT_SEATS][CAT_RES], unsigned short_res)
{
	cat_state *s = &g->s;
	if (g->opt_shortage == SH_ROLL) {
		memset(got, 0, CAT_SEATS * CAT_RES);
		return;
	}
	for (unsigned m = short_res; m; m &= m - 1) {
		unsigned r = (unsigned)__builtin_ctz(m);
		if (g->opt_shortage == SH_ORDER) {
			/* Pioneers: paid in seat order from the roller,
			 * each what it is owed while the bank has it */
			unsigned left = s->bank[r];
			for (unsigned i = 0; i < g->nseats; i++) {
				unsigned p = (roller + i) % g->nseats;
				if (got[p][r] > left)
					got[p][r] = (uint8_t)left;
				left -= got[p][r];
			}
			continue;
		}
		unsigned owers = 0, who = 0;
		for (unsigned p = 0; p < g->nseats; p++)
			if (got[p][r]) {
				owers++;
				who = p;
			}
		for (unsigned p = 0; p < g->nseats; p++)
			got[p][r] = 0;
		if (g->opt_shortage == SH_SINGLE && owers == 1)
			got[who][r] = s->bank[r];
	}
	for (unsigned p = 0; p < g->nseats; p++)
		if (got[p][0] | got[p][1] | got[p][2] | got[p][3] | got[p][4])
			cat_bank_move(s, p, got[p], 1);
}

/* Production of `roller`'s roll: what it owes (cat_roll_owed), read from
 * the hexes' yields (cat_state.yield); a resource the bank cannot cover
 * is produce_short's.  `got` receives the cards.  What each seat is owed
 * and the total are also summed a byte lane per resource (lanes.h), so
 * the bank's check and the payment take a word each. */
static void produce(cat_game *g, unsigned roller, unsigned roll, uint8_t got[CAT_SEATS][CAT_RES])
{
	cat_state *s = &g->s;
	uint64_t owed[CAT_SEATS] = { 0 }, tot = 0;
	unsigned paid = 0; /* seats by bit */
	memset(got, 0, CAT_SEATS * CAT_RES);
	for (unsigned k = 0; k < 2; k++) {
		unsigned h = g->b.by_token[roll][k];
		if (h == CAT_NONE || h == s->robber || g->b.terrain[h] >= CAT_RES || !s->yield[h])
			continue;
		unsigned r = g->b.terrain[h], y = s->yield[h];
		const uint64_t unit = lanes_unit(r);
		for (unsigned p = 0; y; p++, y >>= 4) {
			unsigned n = y & 15;
			if (!n)
				continue;
			got[p][r] = (uint8_t)(got[p][r] + n);
			owed[p] += n * unit;
			tot += n * unit;
			paid |= 1u << p;
		}
	}
	if (!paid)
		return;
	/* the bank's five counts, eight bytes from bank inside the state
	 * (asserted at cat_bank_move); a lane is short where it holds less
	 * than the total owed (at most 12 cards a resource: no lane passes
	 * 0x80) */
	uint8_t *bp = (uint8_t *)s + offsetof(cat_state, bank);
	uint64_t bank;
	memcpy(&bank, bp, 8);
	if (!lanes_ge(bank, tot)) {
		uint8_t t8[8];
		memcpy(t8, &tot, 8);
		unsigned short_res = 0;
		for (unsigned r = 0; r < CAT_RES; r++)
			if (t8[r] > s->bank[r])
				short_res |= 1u << r;
		produce_short(g, roller, got, short_res);
		return;
	}
	lanes_shift(bp, tot, 0);
	for (; paid; paid &= paid - 1) {
		unsigned p = (unsigned)__builtin_ctz(paid);
		lanes_shift(s->p[p].res, 0, owed[p]);
		s->p[p].ncards = (uint8_t)(s->p[p].ncards + lanes_sum(owed[p]));
	}
}

/* The hexes' yields (cat_state.yield) counted again from the buildings:
 * for a position set whole (a Setup tag's). */
void cat_yield_recount(const cat_game *g, cat_state *s)
{
	memset(s->yield, 0, sizeof s->yield);
	for (unsigned v = 0; v < CAT_NODES; v++)
		if (s->node_owner[v])
			for (unsigned n = 0; n <= s->node_city[v]; n++)
				cat_yield_add(g, s, s->node_owner[v] - 1u, v);
}

/* ------------------------------------------------------------ a turn */

/* cat_pay's refusal: the seat cannot pay the cost `what`. */
int cat_pay_refused(cat_turn *t, const cat_act *a, unsigned what, const char *name)
{
	cat_state *s = &t->g->s;
	const uint8_t *cost = t->g->d->cost[what];
	char c[64], h[64];
	cat_refusal_words(t, cost, c, sizeof c);
	cat_refusal_words(t, s->p[t->seat].res, h, sizeof h);
	cat_note_shortage(t, t->seat, cost, "pays %s for %s", c, name);
	return cat_rej_kw(t, a, CAT_R_CANNOT_AFFORD,
			  "%s cannot pay for %s "
			  "(%s) holding %s",
			  cat_cname(t->g, t->seat), name, c, h);
}

/* cat_need_roll's refusals (cold): roll-first, robber-first. */
int cat_need_roll_refused(cat_turn *t, const cat_act *a, const char *what)
{
	if (!t->rolled)
		return cat_rej_kw(t, a, CAT_R_ROLL_FIRST,
				  "%s must roll the dice before "
				  "%s",
				  cat_cname(t->g, t->seat), what);
	if (t->seven)
		return cat_rej_kw(t, a, CAT_R_ROBBER_FIRST,
				  "after a 7 the discards and "
				  "the robber come before anything else");
	return 0;
}

/* The dice: production, or a 7's discards owed.  Rejects with
 * one-roll. */
static __attribute__((noinline)) int act_roll(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (t->rolled)
		return cat_rej_kw(t, a, CAT_R_ONE_ROLL, "%s has already rolled this turn",
				  cat_cname(g, t->seat));
	t->rolled = true;
	t->roll = a->a + a->b;
	if (t->roll != 7) {
		produce(g, t->seat, t->roll, t->got);
		return 0;
	}
	memset(t->got, 0, sizeof t->got);
	t->seven = true;
	for (unsigned p = 0; p < g->nseats; p++)
		t->must_discard[p] = s->p[p].ncards > 7 ? (uint8_t)(s->p[p].ncards / 2) : 0;
	return 0;
}

/* A city on one's settlement.  Rejects with city-needs-settlement,
 * no-pieces, cannot-afford. */
static __attribute__((noinline)) int act_city(cat_turn *t, const cat_act *a)
{
	if (cat_need_roll(t, a, "building") < 0)
		return -1;
	t->built = true;
	cat_game *g = t->g;
	cat_state *s = &g->s;
	unsigned v = a->a;
	char nn[4];
	cat_node_name(g->d, v, nn);
	if (s->node_owner[v] != t->seat + 1 || s->node_city[v])
		return cat_rej_arg(t, a, CAT_R_CITY_NEEDS_SETTLEMENT,
				   "%s cannot build "
				   "a city at %s: a city replaces one of %s's own "
				   "settlements",
				   cat_cname(g, t->seat), nn, cat_cname(g, t->seat));
	if (s->p[t->seat].cities >= g->d->pieces[2])
		return cat_rej_kw(t, a, CAT_R_NO_PIECES,
				  "%s has no cities left (all %u "
				  "are on the board)",
				  cat_cname(g, t->seat), g->d->pieces[2]);
	if (cat_pay(t, a, C_CITY, "a city") < 0)
		return -1;
	s->node_city[v] = 1;
	cat_built(g, CAT_EDGES + CAT_NODES + v);
	cat_yield_add(g, s, t->seat, v);
	s->p[t->seat].settlements--;
	s->p[t->seat].cities++;
	cat_vp_event(t, "city", 1,
		     "%s upgrades the settlement at %s to a city: "
		     "1 more point",
		     cat_cname(g, t->seat), nn);
	return 0;
}

/* Development cards left in the deck: those of no hand, less the ones
 * drawn unseen (counted in the deck's kinds until seen). */
unsigned cat_deck_left(const cat_game *g)
{
	unsigned left = 0;
	for (unsigned k = 0; k < CAT_DEV; k++)
		left += g->s.deck[k];
	for (unsigned p = 0; p < g->nseats; p++)
		left -= g->s.p[p].unseen_dev;
	return left;
}

/* An assertion (gets, longest, army, score).  Rejects with
 * assert-production, assert-longest, assert-army, assert-score. */
static __attribute__((noinline)) int act_assert(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	char b1[64], b2[64];
	switch (a->kind) {
	case A_LONGEST:
	case A_ARMY: {
		bool lr = a->kind == A_LONGEST;
		unsigned h = lr ? s->lr : s->la;
		if (h == a->a)
			return 0;
		return cat_rej_arg(t, a, lr ? CAT_R_ASSERT_LONGEST : CAT_R_ASSERT_ARMY,
				   "the record says %s holds %s, but %s does",
				   a->a == CAT_NONE ? "nobody" : cat_cname(g, a->a),
				   lr ? "the longest road" : "the largest army",
				   h == CAT_NONE ? "nobody" : cat_cname(g, h));
	}
	case A_VP: {
		unsigned v = cat_vp(g, a->a);
		if (v == a->b)
			return 0;
		return cat_rej_arg(t, a, CAT_R_ASSERT_SCORE,
				   "the record says %s has %u "
				   "point%s, but %s has %u",
				   cat_cname(g, a->a), a->b, arb_s(a->b), cat_cname(g, a->a), v);
	}
	case A_GETS: {
		bool setup = s->setup_step < 2 * g->nseats;
		if (!t->rolled)
			return cat_rej_kw(t, a, CAT_R_ASSERT_PRODUCTION,
					  setup ? "starting resources are stated "
						  "after the settlement"
						: "production is stated after the "
						  "roll");
		if (memcmp(t->got[a->a], a->get, CAT_RES) == 0)
			return 0;
		cat_bundle_str(a->get, b1, sizeof b1);
		cat_bundle_str(t->got[a->a], b2, sizeof b2);
		char from[32], nn[4];
		if (setup) {
			cat_node_name(g->d, (unsigned)t->last_node, nn);
			snprintf(from, sizeof from, "the settlement at %s", nn);
		} else {
			snprintf(from, sizeof from, "the roll of %u", t->roll);
		}
		char says[ARB_MSG_MAX];
		int n = snprintf(says, sizeof says, "the record says %s gets %s from %s",
				 cat_cname(g, a->a), b1, from);
		cat_note_said(t, n > 0 ? (size_t)n : 0);
		return cat_rej_arg(t, a, CAT_R_ASSERT_PRODUCTION, "%s, but %s gets %s", says,
				   cat_cname(g, a->a), b2);
	}
	}
	assert(!"not an assertion");
	return -1;
}

/* The kinds by bit: one test of a mask where a chain of comparisons
 * would run for every action of every line. */
#define KIND_BIT(k) (1u << (k))
static_assert(A_GETS < 32, "the action kinds fit a mask");

static bool is_assertion(unsigned kind)
{
	const unsigned assertions =
		KIND_BIT(A_LONGEST) | KIND_BIT(A_ARMY) | KIND_BIT(A_VP) | KIND_BIT(A_GETS);
	return assertions >> kind & 1;
}

/* The actions of act() below, each a function of its own (noinline):
 * act() then only dispatches, by jumps, and saves no registers of its
 * own on each of the line's actions.  The place is checked before the
 * price: a broken placement rule is the more useful message. */
static __attribute__((noinline)) int act_road(cat_turn *t, const cat_act *a)
{
	if (cat_need_roll(t, a, "building") < 0 || cat_check_road(t, a, a->a, -1) < 0 ||
	    cat_pay(t, a, C_ROAD, "a road") < 0)
		return -1;
	t->built = true;
	cat_put_road(t, a->a);
	return 0;
}

static __attribute__((noinline)) int act_settle(cat_turn *t, const cat_act *a)
{
	if (cat_need_roll(t, a, "building") < 0 || cat_check_settlement(t, a, false) < 0 ||
	    cat_pay(t, a, C_SETTLEMENT, "a settlement") < 0)
		return -1;
	t->built = true;
	cat_put_settlement(t, a->a);
	return 0;
}

static __attribute__((noinline)) int act_buy(cat_turn *t, const cat_act *a)
{
	if (cat_need_roll(t, a, "buying") < 0)
		return -1;
	t->built = true;
	return cat_act_buy(t, a);
}

static __attribute__((noinline)) int act_knight(cat_turn *t, const cat_act *a)
{
	if (cat_play_card(t, a, D_KNIGHT) < 0 || cat_move_robber(t, a) < 0)
		return -1;
	t->g->s.p[t->seat].knights++;
	cat_la_update(t);
	return 0;
}

/* reveal: victory point cards shown.  Rejects with reveal-not-held. */
static __attribute__((noinline)) int act_reveal(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	cat_player *p = &s->p[t->seat];
	unsigned hidden = (unsigned)(p->dev[D_VP] - p->vp_shown);
	unsigned more = a->a > hidden ? a->a - hidden : 0;
	unsigned held = hidden + (p->unseen_dev < s->deck[D_VP] ? p->unseen_dev : s->deck[D_VP]);
	if (more > p->unseen_dev || more > s->deck[D_VP])
		return cat_rej_arg(t, a, CAT_R_REVEAL_NOT_HELD,
				   "%s holds %u "
				   "hidden victory point card%s, not %u%s",
				   cat_cname(g, t->seat), held, arb_s(held), a->a,
				   p->unseen_dev ? ", however the cards "
						   "bought unseen went"
						 : "");
	if (more) {
		/* Cards bought unseen shown to be victory points:
		 * this turn's first, which leaves older ones to be
		 * played. */
		s->deck[D_VP] = (uint8_t)(s->deck[D_VP] - more);
		p->unseen_dev = (uint8_t)(p->unseen_dev - more);
		p->dev[D_VP] = (uint8_t)(p->dev[D_VP] + more);
		t->bought_unseen = (uint8_t)(t->bought_unseen -
					     (more < t->bought_unseen ? more : t->bought_unseen));
		if (g->opt_vpc == VPC_HIDDEN)
			cat_vp_event(t, "vp-card", (int)more,
				     "%s shows "
				     "%u victory point card%s bought "
				     "unseen: %u point%s",
				     cat_cname(g, t->seat), more, more > 1 ? "s" : "", more,
				     more > 1 ? "s" : "");
	}
	p->vp_shown = (uint8_t)(p->vp_shown + a->a);
	if (g->opt_vpc == VPC_REVEALED)
		cat_vp_event(t, "vp-card", a->a,
			     "%s shows %u victory "
			     "point card%s: %u point%s",
			     cat_cname(g, t->seat), a->a, a->a > 1 ? "s" : "", a->a,
			     a->a > 1 ? "s" : "");
	return 0;
}

/* One action of a regular turn.  Rejects with game-over and as the
 * act_* functions, need_roll, cat_check_road, cat_check_settlement, pay. */
static int act(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (is_assertion(a->kind))
		return act_assert(t, a);
	if (s->over && a->kind != A_REVEAL)
		return cat_rej_kw(t, a, CAT_R_GAME_OVER,
				  "%s has already won; nothing "
				  "more happens in this game",
				  cat_cname(g, s->winner));
	switch (a->kind) {
	case A_ROLL:
		return act_roll(t, a);
	case A_DISCARD:
		return cat_act_discard(t, a);
	case A_ROBBER:
		return cat_act_robber(t, a);
	case A_TRADE:
		return cat_act_trade(t, a);
	case A_BANK:
		return cat_act_bank(t, a);
	case A_ROAD:
		return act_road(t, a);
	case A_SETTLE:
		return act_settle(t, a);
	case A_CITY:
		return act_city(t, a);
	case A_BUY:
		return act_buy(t, a);
	case A_KNIGHT:
		return act_knight(t, a);
	case A_ROADS:
		return cat_act_road_building(t, a);
	case A_PLENTY:
		return cat_act_plenty(t, a);
	case A_MONOPOLY:
		return cat_act_monopoly(t, a);
	case A_REVEAL:
		return act_reveal(t, a);
	}
	assert(!"unknown action");
	return -1;
}

/* The set-up settlement just placed at t->last_node yields its starting
 * resources (the second round's, with start-resources=second): one card
 * per adjacent terrain while the bank has it.  Like a roll, it is what a
 * `gets` assertion on the line is checked against (t->got, t->rolled). */
static void starting_resources(cat_turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	t->rolled = true;
	if (s->setup_step < g->nseats || g->opt_start != SR_SECOND)
		return;
	const cat_geom *G = &g->d->g;
	uint8_t *got = t->got[t->seat];
	unsigned v = (unsigned)t->last_node;
	for (unsigned i = 0; i < G->node_nhex[v]; i++) {
		unsigned r = g->b.terrain[G->node_hex[v][i]];
		if (r != T_DESERT && s->bank[r] > got[r])
			got[r]++;
	}
	cat_bank_move(s, t->seat, got, 1);
}

/* A set-up line: one settlement, then one road touching it; the second
 * round's settlement yields the starting resources.  Rejects with
 * setup-placement and as cat_check_settlement, cat_check_road, act_assert. */
static int apply_setup(cat_turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_move *m = t->m;
	unsigned phase = 0; /* 0 want settlement, 1 want road, 2 done */
	for (unsigned i = 0; i < m->n; i++) {
		const cat_act *a = &m->act[i];
		if (is_assertion(a->kind)) {
			if (act_assert(t, a) < 0)
				return -1;
			continue;
		}
		if (phase == 0 && a->kind == A_SETTLE) {
			if (cat_check_settlement(t, a, true) < 0)
				return -1;
			cat_put_settlement(t, a->a);
			t->last_node = a->a;
			starting_resources(t);
			phase = 1;
		} else if (phase == 1 && a->kind == A_ROAD) {
			if (cat_place_road(t, a, a->a, t->last_node) < 0)
				return -1;
			phase = 2;
		} else {
			return cat_rej_kw(t, a, CAT_R_SETUP_PLACEMENT,
					  "a set-up turn is "
					  "one settlement and then one road that "
					  "touches it");
		}
	}
	if (g->open_mode) /* the referee's open turn: the line may go on */
		return cat_open_keep(t, phase);
	if (phase != 2)
		return cat_reject(t->rej, CAT_R_SETUP_PLACEMENT, m->line, m->col,
				  "a set-up turn is one settlement and then "
				  "one road that touches it");
	s->setup_step++;
	unsigned n = g->nseats, k = s->setup_step;
	s->active = (uint8_t)(k >= 2 * n ? 0 : k < n ? k : 2 * n - 1 - k);
	return 0;
}

/* One action of a regular turn line, then the win it may bring.  Rejects
 * as act.  Always inline: the replay of a full record plays every action
 * here, and the solver (hidden/) once per way the unseen cards could have gone. */
static inline __attribute__((always_inline)) int turn_step(cat_turn *t, const cat_act *a)
{
	if (act(t, a) < 0)
		return -1;
	/* Points change only by building, cards and the special cards; a
	 * steal or trade cannot win. */
	const unsigned scoring = KIND_BIT(A_ROAD) | KIND_BIT(A_SETTLE) | KIND_BIT(A_CITY) |
				 KIND_BIT(A_BUY) | KIND_BIT(A_KNIGHT) | KIND_BIT(A_ROADS) |
				 KIND_BIT(A_REVEAL);
	if (scoring >> a->kind & 1)
		cat_check_win(t);
	return 0;
}

/* turn_step for the solver (hidden/). */
int cat_turn_step(cat_turn *t, const cat_act *a)
{
	return turn_step(t, a);
}

/* The end of a regular turn line: the roll and the 7's duties done, the
 * turn passes (and may win for the next seat).  Rejects with
 * roll-missing, discard-missing, robber-missing. */
static __attribute__((cold, noinline)) int turn_end_refused(cat_turn *t);

static inline __attribute__((always_inline)) int turn_end(cat_turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	if (s->over)
		return 0;
	if (!t->rolled || t->seven)
		return turn_end_refused(t);
	s->active = (uint8_t)((t->seat + 1) % g->nseats);
	/* Points gained on another's turn win at the start of one's own (a
	 * longest road handed over by a break). */
	cat_check_win_at_start(g, t->sink);
	return 0;
}

int cat_turn_end(cat_turn *t)
{
	return turn_end(t);
}

/* The turn line ends without the roll or the 7's duties: the refusal. */
static int turn_end_refused(cat_turn *t)
{
	cat_game *g = t->g;
	cat_state *s = &g->s;
	const cat_move *m = t->m;
	if (!t->rolled)
		return cat_reject(t->rej, CAT_R_ROLL_MISSING, m->line, m->col,
				  "%s's turn ends without a roll of the dice",
				  cat_cname(g, t->seat));
	if (t->seven) {
		for (unsigned p = 0; p < g->nseats; p++)
			if (t->must_discard[p] && !t->discarded[p]) {
				cat_note_seat(t, p);
				return cat_reject(t->rej, CAT_R_DISCARD_MISSING, m->line, m->col,
						  "%s holds %u cards and must "
						  "discard %u after the 7",
						  cat_cname(g, p), s->p[p].ncards,
						  t->must_discard[p]);
			}
		return cat_reject(t->rej, CAT_R_ROBBER_MISSING, m->line, m->col,
				  "%s rolled a 7 and must move the "
				  "robber: write robber HEX steal COLOUR CARD on the line, after "
				  "the discards (robber HEX alone when no opponent there holds a "
				  "card)",
				  cat_cname(g, t->seat));
	}
	return 0; /* not reached: turn_end found a duty undone */
}

/* A '?' is written only in a View record, and never for a card the
 * view's own seat takes, gives or draws.  Rejects with view-unseen. */
static int check_unseen(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	if (g->view == CAT_NONE)
		return cat_rej_arg(t, a, CAT_R_VIEW_UNSEEN,
				   "a full record names "
				   "every card; '?' (a card not seen) needs a "
				   "View tag saying whose view the record is");
	if (g->view == CAT_OBSERVER)
		return 0;
	unsigned v = g->view;
	bool own = a->kind == A_DISCARD ? a->a == v
		   : a->kind == A_BUY	? t->seat == v
					: t->seat == v || a->b == v;
	if (own)
		return cat_rej_arg(t, a, CAT_R_VIEW_UNSEEN,
				   "the record is %s's "
				   "view, and %s sees their own cards",
				   cat_cname(g, v), cat_cname(g, v));
	return 0;
}

static inline __attribute__((always_inline)) int apply_turn(cat_turn *t);
static int apply_unseen(cat_turn *t);

/* A turn at the start of line m: nothing played yet (cat_apply, and
 * the solver's search at each line it tries). */
void cat_turn_start(cat_turn *t, cat_game *g, const cat_move *m, const arb_sink *sink,
		    arb_reject *rej)
{
	memset(t, 0, sizeof *t);
	t->g = g;
	t->m = m;
	t->sink = sink;
	t->rej = rej;
	t->seat = m->seat;
	t->last_node = -1;
}

/* The line again from its start, after the hidden cards' worlds were
 * listed again up to it (CAT_RELISTED): a fresh turn, no events. */
static int replay_relisted(cat_turn *t)
{
	cat_turn_start(t, t->g, t->m, t->sink, t->rej);
	t->g->nev = 0;
	return apply_turn(t);
}

/* A regular turn line.  Rejects with view-unseen and as cat_turn_step,
 * cat_turn_end and the hidden cards' cat_hidden_act, cat_hidden_line.
 * Inline in cat_apply: a call of its own saved and restored registers
 * on every line (the unseen cards' part stays apart, apply_unseen). */
static inline __attribute__((always_inline)) int apply_turn(cat_turn *t)
{
	cat_game *g = t->g;
	const cat_move *m = t->m;
	/* All seen: the one position, played directly (every full record). */
	if (!cat_hidden_on(g) && !m->unseen) {
		for (unsigned i = 0; i < m->n; i++)
			if (turn_step(t, &m->act[i]) < 0)
				return -1;
		return g->open_mode ? cat_open_keep(t, 0) : turn_end(t);
	}
	return apply_unseen(t);
}

/* apply_turn's line with unseen cards or hidden worlds, apart (noinline)
 * so that a full record's line saves none of the registers it uses. */
static __attribute__((noinline)) int apply_unseen(cat_turn *t)
{
	cat_game *g = t->g;
	const cat_move *m = t->m;
	/* The first '?' the view may not write: refused when reached. */
	int bad = -1;
	arb_reject bad_rej;
	memset(&bad_rej, 0, sizeof bad_rej);
	for (unsigned i = 0; m->unseen && i < m->n && bad < 0; i++) {
		const cat_act *a = &m->act[i];
		if ((cat_is_unseen(a) || (a->kind == A_BUY && a->a == CAT_UNSEEN)) &&
		    check_unseen(t, a) < 0) {
			bad = (int)i;
			bad_rej = *t->rej;
		}
	}
	if (cat_hidden_lazy(g)) {
		int rc = cat_hidden_line(t, bad, &bad_rej);
		return rc == CAT_RELISTED ? replay_relisted(t) : rc;
	}
	for (unsigned i = 0; i < m->n; i++) {
		const cat_act *a = &m->act[i];
		if ((int)i == bad) {
			*t->rej = bad_rej;
			return -1;
		}
		if (!cat_hidden_on(g) && !cat_is_unseen(a)) {
			if (turn_step(t, a) < 0)
				return -1;
			continue;
		}
		int rc = cat_hidden_act(t, a, bad, &bad_rej);
		if (rc == CAT_RELISTED)
			return replay_relisted(t);
		if (rc != 0)
			return rc < 0 ? -1 : 0; /* 1: the whole line is played */
	}
	if (!cat_hidden_on(g))
		return cat_turn_end(t);
	int rc = cat_hidden_act(t, NULL, bad, &bad_rej);
	if (rc == CAT_RELISTED)
		return replay_relisted(t);
	return rc < 0 ? -1 : 0;
}

/* The seat that played the turn line before this one (snake order in the
 * set-up, turn order after it), or CAT_NONE before the first. */
static unsigned previous_seat(const cat_game *g)
{
	const cat_state *s = &g->s;
	unsigned n = g->nseats, k = s->setup_step;
	if (s->turns == 0)
		return CAT_NONE;
	if (k < 2 * n) /* set-up placement k - 1 was the line before */
		return k - 1 < n ? k - 1 : 2 * n - k;
	if (s->turns == 2 * n) /* the first roll follows the last placement */
		return 0;
	return (s->active + n - 1) % n;
}

/* Play a turn line on the position, or restore it.  Rejects with
 * game-over, turn-order and as apply_setup, apply_turn. */
int cat_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cat_game *g = game;
	const cat_move *m = move;
	cat_state *s = &g->s;
	/* With unseen cards the game may be over in some ways they went and
	 * not in others: cat_hidden_begin decides. */
	if (s->over && !cat_hidden_on(g))
		return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col, "the game is over");
	if (cat_hidden_on(g) && cat_hidden_begin(g, m, rej) < 0)
		return -1;
	/* A player who goes on with the turn on a second line most likely
	 * takes a turn for several lines: say how turns are written. */
	if (m->seat != s->active && m->seat == previous_seat(g))
		return cat_reject(
			rej, CAT_R_WRONG_PLAYER, m->line, m->col,
			"it is %s's turn, not %s's: %s played the line before, and "
			"a turn is one line (%s)",
			cat_cname(g, s->active), cat_cname(g, m->seat), cat_cname(g, m->seat),
			s->setup_step < 2 * g->nseats
				? "a set-up placement is a settlement and its road"
				: "the roll and everything after it, up to the next player");
	if (m->seat != s->active)
		return cat_reject(rej, CAT_R_WRONG_PLAYER, m->line, m->col,
				  "it is %s's turn, not %s's", cat_cname(g, s->active),
				  cat_cname(g, m->seat));
	bool board_kept = keeps_board(g, m);
#ifndef NDEBUG
	/* the assertion build checks cat_undo_built gives the position back */
	cat_state was;
	memcpy(&was, s, sizeof was);
#endif
	if (board_kept) {
		memcpy((char *)&g->bak + KEPT_FROM, (const char *)s + KEPT_FROM,
		       KEPT_TO - KEPT_FROM);
		g->nbuilt = 0;
	} else {
		g->bak = *s;
	}
	g->nev = 0;
	g->open_valid = false;
	cat_turn t;
	cat_turn_start(&t, g, m, sink, rej);
	int rc = s->setup_step < 2 * g->nseats ? apply_setup(&t) : apply_turn(&t);
	if (rc < 0) {
		if (board_kept) {
			memcpy((char *)s + KEPT_FROM, (const char *)&g->bak + KEPT_FROM,
			       KEPT_TO - KEPT_FROM);
			cat_undo_built(g);
		} else {
			*s = g->bak;
		}
#ifndef NDEBUG
		assert(!board_kept || memcmp(s, &was, sizeof was) == 0);
#endif
		g->nbuilt = CAT_BUILT_WHOLE;
		g->nev = 0;
		cat_hidden_abort(g);
		return -1;
	}
	/* lines played outside cat_apply (the solver's worlds, reading
	 * ahead, the open turn) list nothing: CAT_BUILT_WHOLE stops
	 * cat_built, so it never takes g->bak, which is theirs */
	g->nbuilt = CAT_BUILT_WHOLE;
	if (g->hid) /* else cat_hidden_commit has nothing to do */
		cat_hidden_commit(g);
	s->turns++;
	arb_sink_events(sink, g->ev, g->nev);
	g->nev = 0;
	return 0;
}

/* The apply op: the line played by cat_apply; with unseen cards, a
 * refusal may come of worlds that reading ahead cut (hidden/ahead.c),
 * and stands only when the lines played again without that say so. */
static __attribute__((noinline)) int play_ahead(cat_game *g, const void *move, const arb_sink *sink,
						arb_reject *rej)
{
	if (cat_ahead_refused(g, rej))
		return -1;
	if (cat_apply(g, move, sink, rej) == 0)
		return 0;
	if (cat_ahead_undo(g, rej) > 0)
		return cat_apply(g, move, sink, rej);
	return -1;
}

/* Reading ahead's part apart (play_ahead, noinline): a full record's
 * line then jumps straight to cat_apply, without the registers that
 * part saves. */
int cat_play(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cat_game *g = game;
	if (g->ahead)
		return play_ahead(g, move, sink, rej);
	/* nothing read ahead (a full record): nothing to undo */
	return cat_apply(g, move, sink, rej);
}
