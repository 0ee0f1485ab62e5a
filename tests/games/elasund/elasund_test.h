/*
 * elasund_test.h — what the Elasund unit tests add to the one engine test
 * harness (tests/games/engine_test.h): the engine's private header (white
 * box: el_game, el_pos), the embedded data loaded once per program, games
 * seated by colour letters ("RBG") with their Hands tag (et_try_start_tags),
 * and turn lines played through et_try (so position_ok runs after every
 * accepted turn) with two more checks on every line: its canonical form
 * (format) parses back to the same text, and a refused line leaves the
 * position exactly as it was.
 *
 *   tg_game t;
 *   tg_start(&t, "RB", "Red=r Blue=g", NULL);
 *   TG_OK(&t, "Red 3 gold");
 *   TG_BAD(&t, "Blue 3 gold", "ship-must-move");
 *   tg_stop(&t);
 */
#ifndef ELASUND_TEST_H
#define ELASUND_TEST_H

#include "../engine_test.h"
#include "games/elasund/elasund.h"

extern const arb_game_ops elasund_game;

#define OPS (&elasund_game)

static void *tg_data; /* the embedded data, for every game     */
/* A test that arranges a position the counters cannot show (a trade
 * total without the buildings, a disk moved by hand) plays through these
 * ops, without position_ok (tg_unchecked). */
static arb_game_ops tg_ops_unchecked;

static int tg_setup_data(void **state)
{
	(void)state;
	tg_data = et_data(OPS, NULL);
	return 0;
}

static int tg_teardown_data(void **state)
{
	(void)state;
	OPS->data_free(tg_data);
	return 0;
}

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
	int rc = et_try_start_tags(&t->et, OPS, tg_data, tg_seats(letters), opts, setup,
				   &t->hands_tag, nextra);
	t->g = t->et.g;
	if (rc < 0) {
		free(t->et.move);
		t->et.move = NULL;
	}
	return rc;
}

static inline void tg_start(tg_game *t, const char *letters, const char *hands, const char *opts)
{
	if (tg_try_start(t, letters, hands, opts, NULL) < 0)
		fail_msg("create: %s: %s", t->et.rej.rule, t->et.rej.msg);
}

static inline void tg_stop(tg_game *t)
{
	et_end(&t->et);
	t->g = NULL;
}

/* From now on the game plays without position_ok (see tg_ops_unchecked). */
static inline void tg_unchecked(tg_game *t)
{
	tg_ops_unchecked = elasund_game;
	tg_ops_unchecked.position_ok = NULL;
	t->et.ops = &tg_ops_unchecked;
}

/* Play one turn line with et_try; returns NULL, or the rule broken (the
 * message in t->et.rej).  A line that parses must format to a canonical
 * text that parses and formats the same; a refused line changes nothing. */
static inline const char *tg_play(tg_game *t, const char *line)
{
	arb_token tok[ET_MAX_TOKENS];
	size_t n = arb_split_tokens(line, strlen(line), 1, 1, tok, ET_MAX_TOKENS);
	assert_true(n > 0 && n <= ET_MAX_TOKENS);
	el_move m;
	arb_reject rej;
	memset(&m, 0, sizeof m);
	if (OPS->parse(t->g, tok, n, &m, &rej) == 0) {
		/* fmt(parse(fmt(m))) == fmt(m) */
		arb_buf a = { 0 }, b = { 0 };
		OPS->format(t->g, &m, &a);
		arb_token tok2[ET_MAX_TOKENS];
		size_t n2 = arb_split_tokens(a.p, a.len, 1, 1, tok2, ET_MAX_TOKENS);
		el_move m2;
		memset(&m2, 0, sizeof m2);
		if (OPS->parse(t->g, tok2, n2, &m2, &rej) != 0)
			fail_msg("'%s' formats as '%s', which does not parse: %s", line, a.p,
				 rej.msg);
		OPS->format(t->g, &m2, &b);
		assert_string_equal(a.p, b.p);
		arb_buf_free(&a);
		arb_buf_free(&b);
	}
	el_pos before = t->g->pos;
	if (et_try(&t->et, line) == 0)
		return NULL;
	assert_memory_equal(&before, &t->g->pos, sizeof before);
	return t->et.rej.rule;
}

/* A line that must be accepted / refused by `rule`. */
#define TG_OK(t, line)                                                                \
	do {                                                                          \
		const char *r_ = tg_play((t), (line));                                \
		if (r_)                                                               \
			fail_msg("%s: rejected %s: %s", (line), r_, (t)->et.rej.msg); \
	} while (0)
#define TG_BAD(t, line, rule)                                                                  \
	do {                                                                                   \
		const char *r_ = tg_play((t), (line));                                         \
		if (!r_)                                                                       \
			fail_msg("%s: accepted, expected %s", (line), (rule));                 \
		if (strcmp(r_, (rule)) != 0)                                                   \
			fail_msg("%s: rule %s (%s), expected %s", (line), r_, (t)->et.rej.msg, \
				 (rule));                                                      \
	} while (0)

/* The points seat s gained from the score events of the game so far. */
static inline int tg_delta(const tg_game *t, unsigned s)
{
	int sum = 0;
	for (size_t i = 0; i < t->et.nev; i++)
		sum += t->et.ev[i].delta[s];
	return sum;
}

/* The kinds of the score events so far, each followed by a blank. */
static inline const char *tg_kinds(const tg_game *t)
{
	static char out[2048];
	out[0] = 0;
	for (size_t i = 0; i < t->et.nev; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s ", t->et.ev[i].kind);
	return out;
}

/* Notation square ("3,8") to internal x, y. */
static inline void tg_xy(const char *s, int *x, int *y)
{
	assert_int_equal(el_square(tg_data, s, strlen(s), x, y), 0);
}

#endif
