/*
 * catan_test.h — the Catan unit tests' white-box helpers, built on the
 * one engine harness (tests/games/engine_test.h): games created and turn
 * lines played through et_try_start / et_try (so position_ok runs after
 * every accepted turn), with the names the tests use (tt_game, tt_ok,
 * tt_bad), plus what only white-box tests need: handing a player cards
 * from the bank (tt_give, tt_empty, always conserving cards), the hand as
 * text, the standard 3-player opening, and the score events as
 * "kind:text" lines (tt_events).
 */
#ifndef CATAN_TEST_H
#define CATAN_TEST_H

#include "../engine_test.h"
#include "games/catan/catan.h"

extern const arb_game_ops catan_game;

static void *tt_data;
static arb_reject tt_rej;
static et_game tt_et; /* plays every game's lines: tt_play      */
/* A test that pretends a position the board does not show (piece counts
 * set by hand, a longest road without roads) plays through these ops,
 * without position_ok, until the next tt_game_opts. */
static arb_game_ops tt_ops_unchecked;
static bool tt_is_unchecked;

static inline void tt_unchecked(void)
{
	tt_ops_unchecked = catan_game;
	tt_ops_unchecked.position_ok = NULL;
	tt_is_unchecked = true;
}

/* Events of the accepted turns since the last reset, "kind:text" lines. */
static char tt_events[8192];

static int tt_setup_data(void **state)
{
	(void)state;
	tt_data = et_data(&catan_game, NULL);
	return 0;
}

static int tt_teardown_data(void **state)
{
	(void)state;
	catan_game.data_free(tt_data);
	free(tt_et.move);
	tt_et.move = NULL;
	return 0;
}

/* A game: `colours` like "Red Blue White", options like "phases=combined"
 * (name=value pairs separated by spaces), setup a Setup value or NULL.
 * NULL and tt_rej set when create() refuses.  The caller destroys it. */
static cat_game *tt_game_opts(const char *colours, const char *opts, const char *setup)
{
	et_game t;
	int rc = et_try_start(&t, &catan_game, tt_data, colours, opts, setup);
	tt_rej = t.rej;
	free(t.move);
	tt_events[0] = 0;
	tt_is_unchecked = false;
	return rc < 0 ? NULL : t.g;
}

static inline cat_game *tt_game(const char *colours)
{
	cat_game *g = tt_game_opts(colours, NULL, NULL);
	assert_non_null(g);
	return g;
}

/* Parse and apply one line on `g` with et_try; 0 or -1 (tt_rej set). */
static int tt_play(cat_game *g, const char *line)
{
	if (!tt_et.move) {
		tt_et.ops = &catan_game;
		tt_et.listen = true;
		tt_et.move = calloc(1, catan_game.move_size);
		assert_non_null(tt_et.move);
	}
	tt_et.ops = tt_is_unchecked ? &tt_ops_unchecked : &catan_game;
	tt_et.g = g;
	tt_et.nev = 0;
	int rc = et_try(&tt_et, line);
	tt_rej = tt_et.rej;
	for (size_t i = 0; i < tt_et.nev; i++) {
		size_t n = strlen(tt_events);
		snprintf(tt_events + n, sizeof tt_events - n, "%s:%s\n", tt_et.ev[i].kind,
			 tt_et.ev[i].text);
	}
	return rc;
}

#define tt_ok(g, line)                                                                      \
	do {                                                                                \
		if (tt_play((g), (line)) < 0)                                               \
			fail_msg("rejected '%s': %s: %s", (line), tt_rej.rule, tt_rej.msg); \
	} while (0)

/* The line must be rejected by `rule` at column `col` (0 = any) with a
 * message containing `words`. */
#define tt_bad(g, line_, rule_, col_, words_)                                                     \
	do {                                                                                      \
		if (tt_play((g), (line_)) == 0)                                                   \
			fail_msg("accepted '%s'", (line_));                                       \
		if (strcmp(tt_rej.rule, (rule_)))                                                 \
			fail_msg("'%s': rule %s (%s), wanted %s", (line_), tt_rej.rule,           \
				 tt_rej.msg, (rule_));                                            \
		if ((col_) && tt_rej.col != (unsigned)(col_))                                     \
			fail_msg("'%s': column %u, wanted %u (%s)", (line_), tt_rej.col,          \
				 (unsigned)(col_), tt_rej.msg);                                   \
		if (!strstr(tt_rej.msg, (words_)))                                                \
			fail_msg("'%s': message '%s' lacks '%s'", (line_), tt_rej.msg, (words_)); \
	} while (0)

/* Hand `seat` cards from the bank ("2ore+brick"). */
static inline void tt_give(cat_game *g, unsigned seat, const char *bundle)
{
	cat_player *p = &g->s.p[seat];
	const char *s = bundle;
	while (*s) {
		unsigned n = 0;
		while (*s >= '0' && *s <= '9')
			n = n * 10 + (unsigned)(*s++ - '0');
		if (!n)
			n = 1;
		const char *e = s;
		while (*e && *e != '+')
			e++;
		int r = cat_parse_res(s, (size_t)(e - s));
		assert_true(r >= 0);
		assert_true(g->s.bank[r] >= n);
		g->s.bank[r] = (uint8_t)(g->s.bank[r] - n);
		p->res[r] = (uint8_t)(p->res[r] + n);
		p->ncards = (uint8_t)(p->ncards + n);
		s = *e ? e + 1 : e;
	}
}

/* Return all of a seat's cards to the bank. */
static inline void tt_empty(cat_game *g, unsigned seat)
{
	cat_player *p = &g->s.p[seat];
	for (unsigned r = 0; r < CAT_RES; r++) {
		g->s.bank[r] = (uint8_t)(g->s.bank[r] + p->res[r]);
		p->res[r] = 0;
	}
	p->ncards = 0;
}

static inline void tt_hand_is(const cat_game *g, unsigned seat, const char *want)
{
	char b[64];
	cat_bundle_str(g->s.p[seat].res, b, sizeof b);
	assert_string_equal(b, want);
}

/* The standard 3-player opening used by many tests (beginner board):
 * Red e3 + g2, Blue h3 + c2, White d5 + g5.  Hands after it:
 * Red wool+lumber+wool, Blue ore+grain, White grain+grain+wool. */
static const char *const tt_open3[] = {
	"Red settlement e3 road e3-f3",
	"Blue settlement h3 road h3-i3",
	"White settlement d5 road d5-e5",
	"White settlement g5 road g5-h5",
	"Blue settlement c2 road c2-d2",
	"Red settlement g2 road g2-h2",
	NULL,
};

static inline cat_game *tt_opened(const char *opts)
{
	cat_game *g = tt_game_opts("Red Blue White", opts, NULL);
	assert_non_null(g);
	for (unsigned i = 0; tt_open3[i]; i++)
		tt_ok(g, tt_open3[i]);
	return g;
}

#endif
