/*
 * frame.c — the referee's answers in text (frame.h), shared by the
 * referee's pipes and the match runner's seats so both speak the same
 * frames.
 */
#include <string.h>

#include "frame.h"
#include "../core/reader.h"
#include "../core/replay.h"
#include "../games/registry.h"

void arb_frame_seats(const arb_table *t, unsigned m, arb_buf *out)
{
	bool first = true;
	for (unsigned s = 0; s < arb_table_seats(t); s++)
		if (m >> s & 1) {
			arb_buf_puts(out, first ? "" : ",");
			arb_buf_puts(out, arb_table_colour(t, s));
			first = false;
		}
}

void arb_frame_next(const arb_table *t, arb_buf *out)
{
	arb_asked a;
	const char *start;
	arb_table_asked(t, &a, &start);
	if (a.over && !a.may_end) {
		arb_buf_puts(out, "next over\n");
		return;
	}
	arb_buf_puts(out, "next ");
	arb_frame_seats(t, a.seats, out);
	arb_buf_putc(out, ' ');
	arb_buf_puts(out, a.what ? a.what : "turn");
	if (a.may_end)
		arb_buf_puts(out, " may-end");
	if (*start) {
		arb_buf_puts(out, " dealt ");
		arb_buf_puts(out, start);
	}
	arb_buf_putc(out, '\n');
}

void arb_frame_play(const arb_table *t, const arb_play *p, arb_buf *status, arb_buf *body)
{
	static const char *const kind[] = { "accepted", "refused", "choose", "consent", "error" };
	arb_buf_puts(status, "= ");
	arb_buf_puts(status, kind[p->kind]);
	arb_buf_putc(status, ' ');
	arb_buf_puts(status, arb_table_colour(t, p->seat));
	if (p->words.len) {
		arb_buf_putc(status, ' ');
		arb_buf_puts(status, p->words.p);
	}
	if (p->kind == ARB_PLAY_REFUSED)
		arb_buf_printf(body, "[%s] %s\n", p->rej.rule ? p->rej.rule : "illegal",
			       p->rej.msg);
	if (p->kind == ARB_PLAY_CONSENT) {
		arb_buf_puts(body, "asked ");
		arb_frame_seats(t, p->consent, body);
		arb_buf_putc(body, '\n');
	}
	if (p->kind == ARB_PLAY_ACCEPTED && p->turn_ended)
		arb_buf_puts(body, "turn ended\n");
	for (size_t i = 0; i < p->nevents; i++)
		arb_buf_printf(body, "event %s\n",
			       p->events[i].text[0] ? p->events[i].text : p->events[i].kind);
	arb_frame_next(t, body);
}

void arb_frame_board(arb_table *t, int view, arb_buf *text,
		     void (*with)(void *ctx, const arb_game_ops *g, const void *state), void *ctx)
{
	arb_buf rec = { 0 };
	arb_table_record(t, view, &rec);
	arb_replayed m;
	arb_replay_bytes(&m, rec.p, rec.len, "referee", &arb_registry);
	const arb_replay *rp = &m.rp;
	const arb_game_ops *g = arb_table_game(t);
	if (rp->state && (rp->verdict == ARB_LEGAL || rp->verdict == ARB_UNFINISHED)) {
		if (g->settle)
			g->settle(rp->state);
		g->dump(rp->state, 0, text);
		if (with)
			with(ctx, g, rp->state);
	} else {
		arb_buf_puts(text, "the view record cannot be replayed: ");
		arb_buf_puts(text, rp->verdict == ARB_ERROR ? rp->diag.msg : rp->rej.msg);
		arb_buf_putc(text, '\n');
	}
	arb_replayed_free(&m);
	arb_buf_free(&rec);
}

void arb_frame_text(const char *status, const arb_buf *body, arb_buf *out)
{
	arb_buf_puts(out, status);
	arb_buf_putc(out, '\n');
	/* the payload's lines, none empty: an empty line ends the frame, so
	 * one inside (a board's blank line) is sent as a blank, and those at
	 * the end are dropped */
	size_t len = body ? body->len : 0;
	while (len && body->p[len - 1] == '\n')
		len--;
	for (size_t i = 0; i < len;) {
		const char *l = body->p + i;
		const char *e = memchr(l, '\n', len - i);
		size_t n = e ? (size_t)(e - l) : len - i;
		if (n)
			arb_buf_put(out, l, n);
		else
			arb_buf_putc(out, ' ');
		arb_buf_putc(out, '\n');
		i += n + 1;
	}
	arb_buf_putc(out, '\n');
}
