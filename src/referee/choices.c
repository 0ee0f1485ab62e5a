/*
 * choices.c — the requests a seat may send now (arb_table_choices): the
 * engine's candidates, with `end`, consents and choices added; the test
 * builds try each on the probe as play would (table.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "table_impl.h"
#include "../core/reader.h"
#include "../core/tokens.h"
#include "../core/util.h"

/* ---------------------------------------------------------- choices */

/* Would the dealt action `dealt` (len bytes) play after the turn so far?
 * Tried on the probe, as play_dealt tries it. */
static bool would_play(arb_table *t, const char *dealt, size_t len)
{
	const arb_game_ops *g = t->g;
	arb_buf line = { 0 };
	arb_reject rej;
	if (arb_tbl_plays_on(t)) {
		int rc = arb_tbl_play_on(t, dealt, len, t->turn.len + 1, NULL, &rej);
		if (rc != ARB_OPEN_REPLAY)
			return rc == 0;
	}
	if (t->nacts) {
		arb_buf_put(&line, t->turn.p, t->turn.len);
	} else {
		arb_asked a;
		arb_table_asked(t, &a, NULL);
		arb_buf_puts(&line, arb_table_colour(t, a.active));
	}
	arb_buf_putc(&line, ' ');
	arb_buf_put(&line, dealt, len);
	g->copy(t->probe, t->r.state);
	bool ok = arb_tbl_parse_line(t, t->probe, line.p, line.len, t->r.moves + 1, t->pmove,
				     &rej) == 0 &&
		  (g->apply_open ? g->apply_open : g->apply)(t->probe, t->pmove, NULL, &rej) == 0;
	arb_buf_free(&line);
	return ok;
}

#ifndef NDEBUG
/* Would the table accept `words` from `seat` now?  Nothing changes: the
 * dealer draws from a copy of its numbers and the play is tried on the
 * probe (would_play). */
static bool would_accept(arb_table *t, unsigned seat, const char *words)
{
	const arb_game_ops *g = t->g;
	arb_buf action = { 0 }, dealt = { 0 };
	bool ok = false;
	size_t len = strlen(words), sl = t->start_words.len;
	if (!t->nacts && sl &&
	    !(len >= sl && strncasecmp(words, t->start_words.p, sl) == 0 &&
	      (len == sl || words[sl] == ' '))) {
		arb_buf_put(&action, t->start_words.p, sl);
		arb_buf_putc(&action, ' ');
	}
	arb_buf_put(&action, words, len);
	size_t nt = arb_split_tokens(action.p, action.len, (uint32_t)t->r.moves + 1, 1, t->tok,
				     ARB_MAX_TOKENS_PER_TURN);
	if (nt == 0 || nt >= ARB_MAX_TOKENS_PER_TURN)
		goto done;
	uint64_t rng = t->rng;
	unsigned consent = 0;
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	/* chance is dealt even when the seats supply it: the candidates
	 * leave it out, and whether `roll` is legal does not hang on the
	 * dice */
	int rc = g->deal(arb_tbl_now(t), seat, t->tok, nt, &rng, &dealt, &consent, &rej);
	if (rc < 0)
		goto done;
	/* a choice still to make, or a partner's consent: the seat's side
	 * is what deal() judged (the partner's hand is not the seat's to
	 * see); an engine without copy lists legal actions only */
	ok = rc == ARB_DEAL_CHOOSE || (consent & ~(1u << seat)) || !g->copy ||
	     would_play(t, dealt.p ? dealt.p : "", dealt.len);
done:
	arb_buf_free(&action);
	arb_buf_free(&dealt);
	return ok;
}
#endif

/* The turn so far may end now (close_turn would accept it). */
static bool would_end(arb_table *t, unsigned seat)
{
	arb_buf line = { 0 };
	arb_reject rej;
	if (t->nacts && t->g->close_open) {
		t->g->copy(t->probe, t->work);
		int rc = t->g->close_open(t->probe, t->move, NULL, &rej);
		if (rc != ARB_OPEN_REPLAY)
			return rc == 0;
	}
	if (t->nacts)
		arb_buf_put(&line, t->turn.p, t->turn.len);
	else
		arb_buf_puts(&line, arb_table_colour(t, seat));
	t->g->copy(t->probe, t->r.state);
	bool ok = arb_tbl_parse_line(t, t->probe, line.p, line.len, t->r.moves + 1, t->pmove,
				     &rej) == 0 &&
		  t->g->apply(t->probe, t->pmove, NULL, &rej) == 0;
	arb_buf_free(&line);
	return ok;
}

typedef struct choice_list {
	arb_table *t;
	unsigned seat;
	arb_buf *out;
	int n;
} choice_list;

/* The engines list legal actions only (game.h, choices): the test builds
 * try each on the probe to prove it, where a release build trusts the
 * list (the trial runs were two thirds of a `moves` request's cost). */
static void keep_choice(void *ctx, const char *action)
{
	choice_list *c = ctx;
#ifndef NDEBUG
	if (!would_accept(c->t, c->seat, action)) {
		fprintf(stderr,
			"arbiter: internal error: the engine listed '%s', which the referee refuses\n",
			action);
		abort();
	}
#endif
	arb_buf_put_all(c->out, "play ", arb_table_colour(c->t, c->seat), " ", action, "\n",
			(char *)NULL);
	c->n++;
}

int arb_table_choices(arb_table *t, unsigned seat, arb_buf *out)
{
	const arb_game_ops *g = t->g;
	const char *colour = arb_table_colour(t, seat);
	if (!g->choices || !g->deal || !g->asked)
		return -1;
	if (g->over(t->r.state))
		return 0;
	if (t->pending_seat >= 0) {
		if (!(t->consent_need & ~t->consent_got & (1u << seat)))
			return 0;
		/* accept only what would then play: the partner holds what
		 * it gives (its own hand, which it sees) */
		bool can =
			!g->copy || would_play(t, t->pending.p ? t->pending.p : "", t->pending.len);
		if (can)
			arb_buf_put_all(out, "accept ", colour, "\n", (char *)NULL);
		arb_buf_put_all(out, "decline ", colour, "\n", (char *)NULL);
		return can ? 2 : 1;
	}
	int n = 0;
	if (t->choice_seat >= 0) {
		if ((unsigned)t->choice_seat != seat)
			return 0;
		for (const char *c = t->choices.p; c && *c; n++) {
			const char *e = strchr(c, '|');
			size_t len = e ? (size_t)(e - c) : strlen(c);
			arb_buf_put_all(out, "play ", colour, " ", (char *)NULL);
			arb_buf_put(out, c, len);
			arb_buf_putc(out, '\n');
			c = e ? e + 1 : c + len;
		}
		return n;
	}
	arb_asked a;
	const char *start;
	arb_table_asked(t, &a, &start);
	if (!(a.seats & (1u << seat)))
		return 0;
	choice_list c = { t, seat, out, 0 };
	g->choices(arb_tbl_now(t), seat, start, keep_choice, &c);
	/* after a win, what the engine still lists comes first (a Catan
	 * winner's victory point cards, shown so that every view sees the
	 * win: notation/catan.md) */
	if (a.may_end && seat == a.active && g->apply_open && g->copy && !(a.over && c.n) &&
	    would_end(t, seat)) {
		arb_buf_put_all(out, "end ", colour, "\n", (char *)NULL);
		c.n++;
	}
	return c.n;
}
