/*
 * undo.h — what cat_apply's undo copy of a full record's line leaves out
 * (the board's arrays) and when it may, for rules.c (cat_apply) and
 * undo.c (taking a refused line's buildings off).  Private to the engine.
 *
 * keeps_board is static inline here, not in undo.c: cat_apply calls it on
 * every line and gcc inlines it there, as it did when it sat in rules.c.
 */
#ifndef ARB_CATAN_UNDO_H
#define ARB_CATAN_UNDO_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>

#include "catan.h"

/* What a full record's line changes of the position apart from the
 * board: all but the board's arrays before the bank and the yields after
 * the players.  The board's changes are few (cat_game.built). */
#define KEPT_FROM offsetof(cat_state, bank)
#define KEPT_TO offsetof(cat_state, yield)
static_assert(offsetof(cat_state, edge_owner) < KEPT_FROM &&
		      offsetof(cat_state, node_owner) < KEPT_FROM &&
		      offsetof(cat_state, node_city) < KEPT_FROM &&
		      offsetof(cat_state, p) < KEPT_TO &&
		      offsetof(cat_state, yield) + sizeof(((cat_state *)0)->yield) + 4 >
			      sizeof(cat_state),
	      "the board's arrays lie outside [bank, yield)");

/* g->bak is read by nothing but cat_apply's restore: a full record's
 * line, all seen and not the referee's open turn.  Then the undo copy
 * leaves the board's arrays out (they are most of the position; copying
 * them on every line showed in the profile): the line's buildings are
 * noted as they go up (cat_built) and taken off on a refusal
 * (cat_undo_built), and g->bak holds a stale board, which nobody reads: the
 * solver (hidden/) and reading ahead work only on view records or lines
 * with unseen cards, which copy the whole position. */
static inline bool keeps_board(const cat_game *g, const cat_move *m)
{
	return g->view == CAT_NONE && !g->hid && !m->unseen && !g->open_mode;
}

#endif
