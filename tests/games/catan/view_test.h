/*
 * view_test.h — what the three files of Catan's view tests share
 * (test_view.c, generated games seen from one seat; test_view_by_hand.c,
 * view records written by hand; test_ahead_cuts.c, both): a game seen
 * by one seat or the observer (view_game), the board of the corpus's
 * view records (view_setup) and a generated game's next turn
 * (play_random_turn).  Split from test_view.c, which had grown past
 * 900 lines.
 */
#ifndef VIEW_TEST_H
#define VIEW_TEST_H

#include "catan_test.h"

/* A game of `seats` seen by `view` (a seat or CAT_OBSERVER). */
static inline cat_game *view_game(const char *seats, const char *opts, unsigned view)
{
	cat_game *g = et_new_game(seats, opts, NULL);
	assert_non_null(g);
	g->view = (uint8_t)view;
	return g;
}

/* The board of the corpus's view records (corpus/catan/view-*.tgn), with
 * `cards` (hands=, cards=, deck=): every colour's settlements and roads,
 * the robber on the desert, Red to move. */
static inline void view_setup(char *out, size_t n, const char *cards)
{
	int w = snprintf(
		out, n,
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:j3+j4,Blue:d1+d4,White:e2+c3 "
		"roads=Red:j2-j3+j4-j5,Blue:d1-e1+d4-e4+e4-f4,White:e2-f2+c3-c4 %s robber=J "
		"longest=none army=none turn=Red",
		cards);
	assert_true(w > 0 && (size_t)w < n);
}

/* The next turn of the generated game g: drawn by the engine's random
 * player into gl, parsed into m and applied (the test fails when the
 * engine refuses its own line).  False when the game has no turn left. */
static inline bool play_random_turn(cat_game *g, uint64_t *rng, unsigned seed, arb_buf *gl,
				    cat_move *m)
{
	arb_buf_reset(gl);
	if (catan_game.random_turn(g, rng, gl) < 0)
		return false;
	arb_token gt[256];
	size_t ng = arb_split_tokens(gl->p, gl->len, 1, 1, gt, 256);
	arb_reject rej;
	memset(m, 0, sizeof *m);
	if (catan_game.parse(g, gt, ng, m, &rej) < 0 || catan_game.apply(g, m, NULL, &rej) < 0)
		fail_msg("seed %u: %s", seed, rej.msg);
	return true;
}

#endif
