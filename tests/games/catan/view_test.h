/*
 * view_test.h — what the two files of Catan's view tests share
 * (test_view.c, generated games seen from one seat; test_view_by_hand.c,
 * view records written by hand): a game seen by one seat or the
 * observer (view_game).  Split from test_view.c, which had grown past
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

#endif
