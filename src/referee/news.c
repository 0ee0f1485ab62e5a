/*
 * news.c — what a live game writes (table.h): the record, a view record
 * per seat, and what each view has not been told yet (news), kept as
 * the open turn goes (arb_tbl_tell_action) and as each turn ends
 * (arb_tbl_commit_line).  Split from table.c, which plays the turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "table_impl.h"
#include "../core/reader.h"
#include "../core/tokens.h"
#include "../core/util.h"
#include "../games/registry.h"

/* ------------------------------------------------------------ views */

/* The action's words in canonical notation: the action parsed alone, as
 * a line "Colour words", and formatted; or, where the notation reads an
 * action only in its line's context (Elasund's items), the turn line so
 * far formatted, less the line before it (t->turn_canon: an item may
 * merge into the one before, as a second seat's discard does).
 * Formatting the whole line at every action cost half of a live Catan
 * action, so the line is formatted only where it must be. */
static void canonical_words(arb_table *t, const void *game, const char *colour, const char *words,
			    arb_buf *out)
{
	arb_buf one = t->scratch[0]; /* kept: allocated once, not per action */
	arb_buf_reset(&one);
	arb_buf_put_all(&one, colour, " ", words, (char *)NULL);
	size_t nt = arb_split_tokens(one.p, one.len, 1, 1, t->tok1, ARB_MAX_TOKENS_PER_TURN);
	arb_reject rej;
	memset(t->one, 0, t->g->move_size ? t->g->move_size : 1);
	arb_buf *canon = &t->turn_canon;
	if (nt && nt <= ARB_MAX_TOKENS_PER_TURN &&
	    t->g->parse(game, t->tok1, nt, t->one, &rej) == 0) {
		arb_buf_reset(&one);
		t->g->format(game, t->one, &one);
		const char *sp = strchr(one.p ? one.p : "", ' ');
		arb_buf_puts(out, sp ? sp + 1 : "");
		if (!canon->len)
			arb_buf_puts(canon, colour);
		arb_buf_put_all(canon, " ", sp ? sp + 1 : "", (char *)NULL);
	} else {
		arb_buf_reset(&one);
		t->g->format(game, t->move, &one);
		const char *l = one.p ? one.p : "";
		size_t had = canon->len;
		if (had && one.len > had && strncmp(l, canon->p, had) == 0 && l[had] == ' ')
			arb_buf_puts(out, l + had + 1);
		else /* the line's first action: after the colour */
			arb_buf_puts(out, strchr(l, ' ') ? strchr(l, ' ') + 1 : l);
		arb_buf_reset(canon);
		arb_buf_put(canon, l, one.len);
	}
	t->scratch[0] = one;
}

/* Tell every view the new action of the open turn, as it saw it (the
 * turn line so far, parsed in t->move and played on `game`, rewritten for
 * the view; less what the view was told of the turn before).  A view
 * that sees the line as it is (view_turn changes nothing) is told the
 * action's canonical words. */
void arb_tbl_tell_action(arb_table *t, const void *game, unsigned seat, const char *words)
{
	const char *colour = arb_table_colour(t, seat);
	arb_buf canon = t->scratch[1], line = t->scratch[2], told = t->scratch[3];
	arb_buf_reset(&canon);
	arb_buf_reset(&told);
	canonical_words(t, game, arb_table_colour(t, seat), words, &canon);
	const char *cw = canon.p ? canon.p : "";
	/* what a view that sees the action as it is is told, made once:
	 * appending it piece by piece to every view was a tenth of an action */
	arb_buf_put_all(&told, colour, " ", cw, "\n", (char *)NULL);
	size_t colour_len = strlen(colour);
	for (size_t v = 0; v < NVIEWS; v++) {
		if (v >= t->nseats && v != ARB_VIEW_OBSERVER)
			continue;
		arb_buf *said = &t->turn_view[v];
		bool same = !t->g->view_turn;
		if (!same) {
			memcpy(t->vmove, t->move, t->g->move_size);
			t->g->view_turn(game, t->vmove, (unsigned)v);
			same = memcmp(t->vmove, t->move, t->g->move_size) == 0;
		}
		if (same) {
			arb_buf_put(&t->news[v], told.p, told.len);
			/* said: "Colour w w ..." — the told line less its newline,
			 * or its words after a space */
			if (!said->len)
				arb_buf_put(said, told.p, told.len - 1);
			else
				arb_buf_put(said, told.p + colour_len, told.len - colour_len - 1);
			continue;
		}
		arb_buf_reset(&line);
		t->g->format(game, t->vmove, &line);
		const char *lp = line.p ? line.p : "";
		size_t had = said->len;
		if (had && line.len > had && strncmp(lp, said->p, had) == 0 && lp[had] == ' ')
			arb_buf_put_all(&t->news[v], colour, " ", lp + had + 1, "\n", (char *)NULL);
		else /* the line's first action: after the colour */
			arb_buf_put_all(&t->news[v], colour, " ",
					strchr(lp, ' ') ? strchr(lp, ' ') + 1 : lp, "\n",
					(char *)NULL);
		arb_buf_reset(said);
		arb_buf_put(said, lp, line.len);
	}
	t->scratch[1] = canon;
	t->scratch[2] = line;
	t->scratch[3] = told;
}

/* Where the last line of `b` (no newline at its end yet) starts. */
static size_t line_start(const arb_buf *b)
{
	size_t i = b->len;
	while (i > 0 && b->p[i - 1] != '\n')
		i--;
	return i;
}

/* The turn line in t->move, just played on the start position, goes
 * into the record and every view record. */
void arb_tbl_commit_line(arb_table *t, unsigned seat)
{
	const void *game = t->r.state;
	size_t at = t->moves.len;
	t->g->format(game, t->move, &t->moves);
	const char *full = t->moves.p + at;
	size_t full_len = t->moves.len - at;
	for (size_t v = 0; v < NVIEWS; v++) {
		if (v >= t->nseats && v != ARB_VIEW_OBSERVER)
			continue;
		memcpy(t->vmove, t->move, t->g->move_size);
		if (t->g->view_turn)
			t->g->view_turn(game, t->vmove, (unsigned)v);
		if (memcmp(t->vmove, t->move, t->g->move_size) != 0)
			t->g->format(game, t->vmove, &t->vmoves[v]);
		else
			arb_buf_put(&t->vmoves[v], full, full_len);
		if (!t->g->apply_open) /* the line was its one action */
			arb_buf_printf(&t->news[v], "%s\n",
				       t->vmoves[v].p + (line_start(&t->vmoves[v])));
		arb_buf_putc(&t->vmoves[v], '\n');
		arb_buf_put_all(&t->news[v], "end ", arb_table_colour(t, seat), "\n", (char *)NULL);
		arb_buf_reset(&t->turn_view[v]);
	}
	arb_buf_putc(&t->moves, '\n');
	t->r.moves++;
	arb_buf_reset(&t->turn);
	arb_buf_reset(&t->turn_canon);
	t->nacts = 0;
	t->prev_events = 0;
	t->start_dealt = false;
}

/* ----------------------------------------------------------- record */

/* The view's closing line (view_close): what the view must see of the
 * end, worked out on a replay of the view record. */
static void view_close(arb_table *t, int view, const arb_buf *vhead, arb_buf *out)
{
	if (!t->g->view_close || !t->g->over(t->r.state))
		return;
	arb_buf text = { 0 };
	arb_buf_put(&text, vhead->p, vhead->len);
	arb_buf_puts(&text, "\n");
	arb_buf_put(&text, t->vmoves[view].p ? t->vmoves[view].p : "", t->vmoves[view].len);
	arb_replayed m;
	arb_replay_bytes(&m, text.p, text.len, "referee", &arb_registry);
	if (m.rp.state && m.rp.verdict != ARB_ERROR && m.rp.verdict != ARB_ILLEGAL)
		if (t->g->view_close(t->r.state, m.rp.state, (unsigned)view, out))
			arb_buf_putc(out, '\n');
	arb_replayed_free(&m);
	arb_buf_free(&text);
}

void arb_table_record(arb_table *t, int view, arb_buf *out)
{
	const arb_buf *moves = &t->moves;
	if (t->g->over(t->r.state))
		t->g->finish(t->r.state, NULL);
	arb_buf vhead = { 0 };
	if (view >= 0 && t->g->view_turn) /* the tags as the view saw them */
		arb_view_head(t->g, t->head.p ? t->head.p : "", t->head.len, (unsigned)view,
			      &vhead);
	else
		arb_buf_put(&vhead, t->head.p ? t->head.p : "", t->head.len);
	if (view >= 0 && t->g->view_turn) {
		arb_buf_printf(&vhead, "[View \"%s\"]\n",
			       view == ARB_VIEW_OBSERVER ? "observer"
							 : arb_table_colour(t, (unsigned)view));
		moves = &t->vmoves[view];
	}
	arb_buf_put(out, vhead.p, vhead.len);
	arb_result_tag(t->g, t->r.state, &t->r.setup, out);
	arb_buf_put(out, moves->p ? moves->p : "", moves->len);
	if (view >= 0 && t->g->view_turn)
		view_close(t, view, &vhead, out);
	if (t->nacts) {
		const arb_buf *open = view >= 0 && t->g->view_turn ? &t->turn_view[view] : &t->turn;
		arb_buf_printf(out, "{ the turn being played: %s }\n", open->p ? open->p : "");
	}
	arb_buf_free(&vhead);
}

void arb_table_news(arb_table *t, int view, arb_buf *out)
{
	size_t v = view < 0 ? ARB_VIEW_OBSERVER : (size_t)view;
	arb_buf_put(out, t->news[v].p ? t->news[v].p : "", t->news[v].len);
	arb_buf_reset(&t->news[v]);
}
