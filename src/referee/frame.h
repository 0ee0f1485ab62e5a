/*
 * frame.h — the referee's answers in text, built into buffers: the
 * `next` line, an action's answer, a seat's board.  Two hosts speak them:
 * `arbiter referee` on its pipes (src/cli/cmd_referee.c) and the match
 * runner to each seat's program (src/match/game.c), so a bot reads the
 * same frames from both (notation/protocol.md, "Answers").  No I/O.
 */
#ifndef ARB_FRAME_H
#define ARB_FRAME_H

#include "table.h"

/* The colours of the seats in mask `m`, ',' between them. */
void arb_frame_seats(const arb_table *t, unsigned m, arb_buf *out);
/* "next Red turn may-end dealt B\n" (or "next over\n"). */
void arb_frame_next(const arb_table *t, arb_buf *out);
/* An action's answer: its status line (without newline) into `status`,
 * its payload lines (the `next` line last) into `body`.  Not for
 * ARB_PLAY_INVALID, which is an error ("? why"). */
void arb_frame_play(const arb_table *t, const arb_play *p, arb_buf *status, arb_buf *body);
/* The board as `view` sees it (the text of `arbiter dump`), worked out
 * by replaying the view record, so it never shows what the view hides;
 * `with` (may be NULL) is then given the settled position, for an
 * answer that also holds it as data. */
void arb_frame_board(arb_table *t, int view, arb_buf *text,
		     void (*with)(void *ctx, const arb_game_ops *g, const void *state), void *ctx);
/* The whole frame: the status line, the payload's lines (an empty one
 * sent as a blank: it would end the frame), the empty line. */
void arb_frame_text(const char *status, const arb_buf *body, arb_buf *out);

#endif
