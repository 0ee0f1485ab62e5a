/*
 * open.c — Catan played live (the referee's ops of game.h): the open turn,
 * what the rules wait for, and the chance the referee deals.
 *
 * The referee plays the turn so far on a copy of its start: copy() copies
 * the position (plain bytes, the cat_state), apply_open() plays the line
 * with open_mode set, so rules.c keeps the turn instead of ending it (no
 * roll-missing, discard-missing, robber-missing; a set-up line may lack
 * its road) and records the turn's duties for asked().  A live game is a
 * full record: it never holds unseen cards, so the solver (hidden/) is
 * never entered.
 *
 * Chance: `roll` gets two dice, `buy` the card drawn (weighted by the
 * deck's counts), a steal (`robber H steal C`, `play knight H steal C`)
 * the card taken (weighted by the victim's hand), as gen draws them.  A
 * trade between players waits for the partner's consent.  The discards
 * of a 7 are the discarding seat's to send.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catan.h"

int cat_open_keep(const cat_turn *t, unsigned setup_phase)
{
	cat_game *g = t->g;
	g->open_valid = true;
	g->open_setup_phase = (uint8_t)setup_phase;
	g->open_turn.rolled = t->rolled;
	g->open_turn.seven = t->seven;
	g->open_turn.robbed = t->robbed;
	g->open_turn.played = t->played;
	g->open_turn.built = t->built;
	memcpy(g->open_turn.bought, t->bought, sizeof t->bought);
	g->open_turn.setup_node = t->last_node < 0 ? CAT_NONE : (uint8_t)t->last_node;
	memcpy(g->open_turn.must_discard, t->must_discard, sizeof t->must_discard);
	memcpy(g->open_turn.discarded, t->discarded, sizeof t->discarded);
	return 0;
}

void cat_copy(void *dst, const void *src)
{
	cat_game *d = dst;
	const cat_game *s = src;
	d->s = s->s;
	d->open_valid = s->open_valid;
	d->open_setup_phase = s->open_setup_phase;
	d->open_turn = s->open_turn;
}

int cat_apply_open(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cat_game *g = game;
	g->open_mode = true;
	int rc = cat_apply(g, move, sink, rej);
	g->open_mode = false;
	return rc;
}

void cat_asked(const void *game, arb_asked *out)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	memset(out, 0, sizeof *out);
	out->active = s->active;
	out->seats = 1u << s->active;
	out->over = s->over;
	bool setup = s->setup_step < 2 * g->nseats;
	out->what = setup ? "setup" : "turn";
	if (!g->open_valid || s->over)
		return;
	if (setup) {
		out->may_end = g->open_setup_phase == 2;
		return;
	}
	const struct cat_turn_state *t = &g->open_turn;
	if (!t->rolled)
		return;
	if (t->seven) {
		unsigned owe = 0;
		for (unsigned p = 0; p < g->nseats; p++)
			if (t->must_discard[p] && !t->discarded[p])
				owe |= 1u << p;
		out->seats = owe ? owe : 1u << s->active;
		out->what = owe ? "discard" : "robber";
		return;
	}
	out->may_end = true;
}

size_t cat_actions(const void *game, const void *move, uint32_t *cols, size_t max)
{
	(void)game;
	const cat_move *m = move;
	size_t n = 0;
	for (unsigned i = 0; i < m->n && n < max; i++)
		cols[n++] = m->act[i].col;
	return n;
}

/* The seat whose colour token `tok` names, or -1. */
static int seat_named(const cat_game *g, const arb_token *tok)
{
	for (unsigned s = 0; s < g->nseats; s++)
		if (arb_tok_ieq(tok, cat_cname(g, s)))
			return (int)s;
	return -1;
}

/* k drawn from counts c[0..n) with weights c[i], or -1 when all are 0. */
static int draw_weighted(const uint8_t *c, unsigned n, uint64_t *rng)
{
	unsigned total = 0;
	for (unsigned i = 0; i < n; i++)
		total += c[i];
	if (!total)
		return -1;
	unsigned k = arb_rng_below(rng, total);
	for (unsigned i = 0; i < n; i++) {
		if (k < c[i])
			return (int)i;
		k -= c[i];
	}
	return -1;
}

int cat_deal(const void *game, unsigned seat, const arb_token *tok, size_t ntok, uint64_t *rng,
	     arb_buf *out, unsigned *consent, arb_reject *rej)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	if (consent)
		*consent = 0;
	if (!ntok)
		return cat_reject(rej, CAT_R_SYNTAX, 0, 0, "no action");
	for (size_t i = 0; i < ntok; i++) {
		if (i)
			arb_buf_putc(out, ' ');
		arb_buf_put(out, tok[i].s, tok[i].len);
	}
	const char *who = seat < g->nseats ? cat_cname(g, seat) : "nobody";
	if (arb_tok_ieq(&tok[0], "discard")) { /* the discarding seat's own */
		int d = ntok > 1 ? seat_named(g, &tok[1]) : -1;
		if (d >= 0 && (unsigned)d != seat)
			return cat_reject(rej, CAT_R_WRONG_PLAYER, tok[1].line, tok[1].col,
					  "%s chooses %s's discards, not %s", cat_cname(g, d),
					  cat_cname(g, d), who);
		return ARB_DEAL_PLAY;
	}
	if (seat != s->active)
		return cat_reject(rej, CAT_R_WRONG_PLAYER, tok[0].line, tok[0].col,
				  "it is %s's turn, not %s's", cat_cname(g, s->active), who);
	if (arb_tok_ieq(&tok[0], "trade") && ntok > 1) {
		int p = seat_named(g, &tok[1]);
		if (p >= 0 && consent)
			*consent = 1u << p;
		return ARB_DEAL_PLAY;
	}
	if (!rng)
		return ARB_DEAL_PLAY;
	/* the dealer's chance is not the seat's to write: rule NULL, a
	 * request the referee does not take (table.h) */
	const char *own = NULL;
	if (arb_tok_ieq(&tok[0], "roll") && ntok > 1)
		own = "the referee rolls the dice: write roll";
	else if (arb_tok_ieq(&tok[0], "buy") && ntok > 1)
		own = "the referee draws the card: write buy";
	else if (ntok >= 4 && arb_tok_ieq(&tok[ntok - 3], "steal"))
		own = "the referee draws the card stolen: end the action with steal COLOUR";
	if (own) {
		rej->rule = NULL;
		rej->line = tok[0].line;
		rej->col = tok[0].col;
		snprintf(rej->msg, sizeof rej->msg, "%s", own);
		return -1;
	}
	if (ntok == 1 && arb_tok_ieq(&tok[0], "roll")) {
		unsigned a = arb_rng_below(rng, 6) + 1, b = arb_rng_below(rng, 6) + 1;
		arb_buf_printf(out, " %u+%u", a, b);
	} else if (ntok == 1 && arb_tok_ieq(&tok[0], "buy")) {
		int k = draw_weighted(s->deck, CAT_DEV, rng);
		arb_buf_printf(out, " %s", cat_dev_name[k < 0 ? 0 : k]);
	} else if (ntok >= 4 && arb_tok_ieq(&tok[ntok - 2], "steal")) {
		int v = seat_named(g, &tok[ntok - 1]);
		int r = v >= 0 ? draw_weighted(s->p[v].res, CAT_RES, rng) : -1;
		if (r >= 0)
			arb_buf_printf(out, " %s", cat_res_name[r]);
	}
	return ARB_DEAL_PLAY;
}
