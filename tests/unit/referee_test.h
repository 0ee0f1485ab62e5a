/*
 * referee_test.h — what the referee's three test files share
 * (test_referee.c, the table against `check`; test_referee_bots.c, games
 * the table deals played by bots; test_referee_open_turn.c, an engine's
 * open turn played on): a record's replay from its text (rgame), a turn
 * line cut into its actions (split_actions), and a record replayed for
 * its verdict and winners (replay_text).  Split from test_referee.c,
 * which had grown past 900 lines.
 */
#ifndef REFEREE_TEST_H
#define REFEREE_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/gamedata.h"
#include "core/reader.h"
#include "core/replay.h"
#include "core/tokens.h"
#include "core/util.h"
#include "games/registry.h"
#include "referee/table.h"

/* A replay of the tags in `head` (borrowed), set up, not played. */
typedef struct rgame {
	arb_reader *rd;
	arb_record rec;
	arb_replay r;
} rgame;

static inline void rgame_open(rgame *G, const char *text, size_t len)
{
	arb_diag d;
	memset(G, 0, sizeof *G);
	G->rd = arb_reader_new_mem(text, len, "test", 0);
	assert_int_equal(arb_reader_next(G->rd, &G->rec, &d), 1);
	G->r.rec = &G->rec;
	G->r.games = &arb_registry;
}

static inline void rgame_close(rgame *G)
{
	arb_replay_free(&G->r);
	arb_reader_free(G->rd);
}

/* The actions of turn line `line` (parsed and not yet applied on game
 * `state`), as strings "w w w" separated by '\n', into out. */
static inline void split_actions(const arb_game_ops *g, void *state, void *move, const char *line,
				 arb_buf *out)
{
	static arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t nt = arb_split_tokens(line, strlen(line), 1, 1, tok, ARB_MAX_TOKENS_PER_TURN);
	arb_reject rej;
	memset(move, 0, g->move_size);
	assert_int_equal(g->parse(state, tok, nt, move, &rej), 0);
	uint32_t cols[ARB_MAX_TOKENS_PER_TURN];
	size_t na = g->actions(state, move, cols, ARB_MAX_TOKENS_PER_TURN);
	size_t k = 1; /* token 0 is the colour */
	for (size_t a = 0; a < na; a++) {
		size_t end = nt;
		for (size_t j = k; j < nt; j++)
			if (a + 1 < na && tok[j].col == cols[a + 1]) {
				end = j;
				break;
			}
		for (size_t j = k; j < end; j++) {
			arb_buf_put(out, tok[j].s, tok[j].len);
			arb_buf_putc(out, j + 1 < end ? ' ' : '\n');
		}
		k = end;
	}
}

/* Replay `text` and return its verdict; its Result line into *result. */
/* Set when the last replay_text was refused as too-many-unknowns (an
 * Elasund view past the limits of what arbiter decides). */
static bool undecided;

static inline arb_verdict replay_text(const char *text, size_t len, arb_buf *winners)
{
	rgame G;
	rgame_open(&G, text, len);
	arb_replay_game(&G.r);
	arb_verdict v = G.r.verdict;
	undecided =
		v == ARB_ILLEGAL && G.r.rej.rule && strcmp(G.r.rej.rule, "too-many-unknowns") == 0;
	if (winners && G.r.state)
		arb_result_tag(G.r.game, G.r.state, &G.r.setup, winners);
	rgame_close(&G);
	return v;
}

#endif
