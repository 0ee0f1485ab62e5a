/*
 * elasund_test.h — what the Elasund unit tests add to the one engine test
 * harness (tests/games/engine_test.h), whose shared-data section they use
 * (ET_GAME_OPS: et_shared_data, et_setup_data, et_teardown_data): the
 * engine's private header (white box: el_game, el_pos), games seated by
 * colour letters ("RBG") with their Hands tag (tg_start), played with
 * et_ok / et_bad on the game's et_game and two more checks on every line
 * (check_format: its canonical form parses back to the same text;
 * position: a refused line leaves el_pos exactly as it was), and board
 * squares in notation (tg_xy).
 *
 *   tg_game t;
 *   tg_start(&t, "RB", "Red=r Blue=g", NULL);
 *   et_ok(&t.et, "Red 3 gold");
 *   et_bad(&t.et, "Blue 3 gold", "ship-must-move", 0, NULL);
 *   et_end(&t.et);
 */
#ifndef ELASUND_TEST_H
#define ELASUND_TEST_H

#include "games/game.h"
#include "games/elasund/elasund.h"

extern const arb_game_ops elasund_game;

#define ET_GAME_OPS (&elasund_game)
#include "../engine_test.h"

#define OPS (&elasund_game)

/* A game being played: the harness's game and the engine's view of it. */
typedef struct tg_game {
	et_game et;
	el_game *g;	 /* et.g                                    */
	char hands[128]; /* the Hands tag's value                   */
	arb_tag hands_tag;
} tg_game;

/* Colour names in turn order ("Red Blue") of letters ("RB"; R B G Y). */
static inline const char *tg_seats(const char *letters)
{
	static char out[64];
	out[0] = 0;
	for (const char *c = letters; *c; c++) {
		int k = *c == 'R' ? 0 : *c == 'B' ? 1 : *c == 'G' ? 2 : 3;
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s",
			 c == letters ? "" : " ", el_colours[k]);
	}
	return out;
}

/* The bytes a refused line must leave unchanged: the position. */
static inline const void *tg_position(const void *g, size_t *size)
{
	const el_game *eg = g;
	*size = sizeof eg->pos;
	return &eg->pos;
}

/* A game of the seats `letters` with the Hands tag `hands` (NULL: none,
 * a game that can be drawn but not played), Variant options `opts` and
 * Setup value `setup` (NULL: none).  0, or -1 with t->et.rej when create()
 * refuses (then nothing is left to free). */
static inline int tg_try_start(tg_game *t, const char *letters, const char *hands, const char *opts,
			       const char *setup)
{
	memset(t, 0, sizeof *t);
	size_t nextra = 0;
	if (hands) {
		snprintf(t->hands, sizeof t->hands, "%s", hands);
		t->hands_tag = (arb_tag){ "Hands", t->hands, 4, 1 };
		nextra = 1;
	}
	int rc = et_try_start_tags(&t->et, OPS, et_shared_data, tg_seats(letters), opts, setup,
				   &t->hands_tag, nextra);
	t->g = t->et.g;
	t->et.check_format = true;
	t->et.position = tg_position;
	return rc;
}

static inline void tg_start(tg_game *t, const char *letters, const char *hands, const char *opts)
{
	if (tg_try_start(t, letters, hands, opts, NULL) < 0)
		fail_msg("create: %s: %s", t->et.rej.rule, t->et.rej.msg);
}

/* Notation square ("3,8") to internal x, y. */
static inline void tg_xy(const char *s, int *x, int *y)
{
	assert_int_equal(el_square(et_shared_data, s, strlen(s), x, y), 0);
}

#endif
