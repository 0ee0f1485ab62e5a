/*
 * cc_test.h — what the Carcassonne unit tests add to the one engine test
 * harness (tests/games/engine_test.h): the engine's private header (white
 * box: cc_data, cc_game), games seated Red, Blue, ... by count, the final
 * scoring with its events captured, and an event's points.
 */
#ifndef CC_TEST_H
#define CC_TEST_H

#include "../engine_test.h"
#include "games/carcassonne/carcassonne.h"

extern const arb_game_ops carcassonne_game;

#define OPS (&carcassonne_game)

/* The first n colours in turn order: "Red Blue ...". */
static inline const char *ct_seats(unsigned n)
{
	static const char *const seats[] = {
		"",
		"Red",
		"Red Blue",
		"Red Blue Green",
		"Red Blue Green Yellow",
		"Red Blue Green Yellow Black",
		"Red Blue Green Yellow Black Red", /* 6: create() refuses */
	};
	assert_true(n < sizeof seats / sizeof seats[0]);
	return seats[n];
}

/* A game of `nseats` (Red, Blue, ...) on `data` with the options of the
 * NULL-ended list ("farmers=off", ...; NULL: none).  Returns 0, or -1
 * with t->rej when create() refuses (then nothing is left to free). */
static inline int ct_try_start(et_game *t, void *data, unsigned nseats, const char *const *opts)
{
	char buf[256] = "";
	for (size_t i = 0; opts && opts[i]; i++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "",
			 opts[i]);
	/* a seat count the harness cannot seat is create()'s to refuse */
	int rc =
		et_try_start(t, OPS, data, nseats ? ct_seats(nseats) : "", opts ? buf : NULL, NULL);
	if (rc < 0) {
		free(t->move);
		t->move = NULL;
	}
	return rc;
}

static inline void ct_start(et_game *t, void *data, unsigned nseats)
{
	if (ct_try_start(t, data, nseats, NULL) < 0)
		fail_msg("create: %s: %s", t->rej.rule, t->rej.msg);
}

/* Run the final scoring, its events appended to t->ev. */
static inline void ct_finish(et_game *t)
{
	arb_sink sink = { et_capture, t };
	t->nev_turn = 0;
	t->ops->finish(t->g, &sink);
	t->nev += t->nev_turn;
	t->nev_turn = 0;
}

/* The points of a captured event: its largest delta. */
static inline long ct_points(const et_event *e)
{
	long p = 0;
	for (size_t i = 0; i < ARB_MAX_SEATS; i++)
		if (e->delta[i] > p)
			p = e->delta[i];
	return p;
}

#endif
