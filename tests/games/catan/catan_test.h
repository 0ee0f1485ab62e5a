/*
 * catan_test.h — what the Catan unit tests add to the one engine harness
 * (tests/games/engine_test.h), whose shared-data games they play
 * (ET_GAME_OPS: et_new_game, et_on, et_ok, et_bad, et_shared.events):
 * the engine's private header (white box: cat_game), handing a player
 * cards from the bank (tt_give, tt_empty, always conserving cards), the
 * hand as text (tt_hand_is) and the standard 3-player opening (tt_opened).
 */
#ifndef CATAN_TEST_H
#define CATAN_TEST_H

#include "games/game.h"
#include "games/catan/catan.h"

extern const arb_game_ops catan_game;

#define ET_GAME_OPS (&catan_game)
#include "../engine_test.h"

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
	cat_game *g = et_new_game("Red Blue White", opts, NULL);
	assert_non_null(g);
	for (unsigned i = 0; tt_open3[i]; i++)
		et_ok(et_on(g), tt_open3[i]);
	return g;
}

#endif
