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
#include <stdlib.h>
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
	g->open_turn.nacts = t->m->n;
	g->open_turn.roll = (uint8_t)t->roll;
	memcpy(g->open_turn.got, t->got, sizeof t->got);
	return 0;
}

/* The turn cat_open_keep kept, back in t (the line's actions from
 * open_turn.nacts on are then played as the whole line would play them). */
static void open_resume(cat_turn *t, const cat_game *g)
{
	const struct cat_turn_state *o = &g->open_turn;
	t->rolled = o->rolled;
	t->seven = o->seven;
	t->robbed = o->robbed;
	t->played = o->played;
	t->built = o->built;
	memcpy(t->bought, o->bought, sizeof t->bought);
	t->last_node = o->setup_node == CAT_NONE ? -1 : o->setup_node;
	memcpy(t->must_discard, o->must_discard, sizeof t->must_discard);
	memcpy(t->discarded, o->discarded, sizeof t->discarded);
	t->roll = o->roll;
	memcpy(t->got, o->got, sizeof t->got);
}

/* The events the actions collected, to the sink (as cat_apply sends
 * them, after the actions). */
static void send_events(cat_game *g, const arb_sink *sink)
{
	arb_sink_events(sink, g->ev, g->nev);
	g->nev = 0;
}

/* The actions of a line are read one by one (notation.c reads no action
 * in the light of another, but for the line's seat and its limit of
 * CAT_MAX_ACTS): the new words are parsed as a line of their own, led by
 * the turn's colour, and their actions appended. */
int cat_parse_more(const void *game, void *move, const arb_token *tok, size_t ntok, arb_reject *rej)
{
	const cat_game *g = game;
	cat_move *m = move;
	/* an action is a few words; a request of many actions is read too */
	arb_token small[32], *k = ntok < 32 ? small : malloc((ntok + 1) * sizeof *k);
	if (!k)
		return cat_reject(rej, CAT_R_SYNTAX, m->line, m->col, "out of memory");
	const char *colour = cat_cname(g, m->seat);
	k[0] = (arb_token){ .s = colour, .len = strlen(colour), .line = m->line, .col = m->col };
	memcpy(k + 1, tok, ntok * sizeof *tok);
	cat_move more;
	more.n = 0;
	int rc = cat_parse(g, k, ntok + 1, &more, rej);
	if (k != small)
		free(k);
	/* the whole line's parse stops at its (CAT_MAX_ACTS+1)th keyword,
	 * before reading what follows it */
	unsigned room = CAT_MAX_ACTS - m->n;
	if (more.n > room || (rc < 0 && more.n == room && room < CAT_MAX_ACTS))
		return cat_reject(rej, CAT_R_TOO_MANY_ACTIONS, m->line, more.act[room].col,
				  "a turn line holds at most %d actions", CAT_MAX_ACTS);
	if (rc < 0)
		return -1;
	memcpy(&m->act[m->n], more.act, more.n * sizeof *more.act);
	m->n = (uint8_t)(m->n + more.n);
	m->unseen |= more.unseen;
	return 0;
}

/* A regular turn's line played on from the actions the open turn played
 * (the set-up's line, two actions, and a line with unseen cards, never
 * live, are played again from the start: ARB_OPEN_REPLAY). */
int cat_apply_more(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cat_game *g = game;
	const cat_move *m = move;
	if (!g->open_valid || g->s.setup_step < 2 * g->nseats || m->unseen || cat_hidden_on(g) ||
	    g->open_turn.nacts > m->n || m->seat != g->s.active)
		return ARB_OPEN_REPLAY;
	cat_turn t;
	cat_turn_start(&t, g, m, sink, rej);
	open_resume(&t, g);
	g->nev = 0;
	for (unsigned i = g->open_turn.nacts; i < m->n; i++)
		if (cat_turn_step(&t, &m->act[i]) < 0) {
			g->nev = 0;
			return -1;
		}
	cat_open_keep(&t, 0);
	send_events(g, sink);
	return 0;
}

/* The end apply() judges after the line's actions (apply_setup's and
 * cat_turn_end's), on the open turn: cat_apply has counted the turn
 * already, when apply_open played its first action. */
int cat_close_open(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cat_game *g = game;
	const cat_move *m = move;
	cat_state *s = &g->s;
	unsigned n = g->nseats;
	if (!g->open_valid || m->unseen || cat_hidden_on(g) || g->open_turn.nacts != m->n)
		return ARB_OPEN_REPLAY;
	g->nev = 0;
	if (s->setup_step < 2 * n) {
		if (g->open_setup_phase != 2)
			return cat_reject(rej, CAT_R_SETUP_PLACEMENT, m->line, m->col,
					  "a set-up turn is one settlement and then "
					  "one road that touches it");
		unsigned k = ++s->setup_step;
		s->active = (uint8_t)(k >= 2 * n ? 0 : k < n ? k : 2 * n - 1 - k);
	} else {
		cat_turn t;
		cat_turn_start(&t, g, m, sink, rej);
		open_resume(&t, g);
		if (cat_turn_end(&t) < 0) {
			g->nev = 0;
			return -1;
		}
	}
	g->open_valid = false;
	send_events(g, sink);
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
