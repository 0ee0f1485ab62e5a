/*
 * undo.c — undoing a refused line of a full record without copying the
 * board: cat_apply's short undo copy leaves the board's arrays out (undo.h,
 * keeps_board), so the buildings a line puts up are listed as they go
 * (cat_built, catan.h) and taken off here on a refusal.  Apart from
 * rules.c, which plays the line, as this is only the way back; the rest
 * of the undo (the copy of the position and its restore) stays in
 * cat_apply, on the hot path.
 */
#include <string.h>

#include "catan.h"
#include "undo.h"

/* Empty the places the built list names, the last first. */
static void unbuild(cat_state *s, const uint8_t *built, unsigned n)
{
	for (unsigned i = n; i-- > 0;) {
		unsigned w = built[i];
		if (w < CAT_EDGES) {
			s->edge_owner[w] = 0;
		} else if (w < CAT_EDGES + CAT_NODES) {
			s->node_owner[w - CAT_EDGES] = 0;
			s->node_city[w - CAT_EDGES] = 0;
		} else {
			s->node_city[w - CAT_EDGES - CAT_NODES] = 0;
		}
	}
}

/* The built list is full as `what` goes up (it cannot be, a line
 * building at most two an action: this keeps a refusal exact were that
 * ever wrong): the board the line started from, the board as it stands
 * less the list and `what` (whether or not it is on the board yet), goes
 * into g->bak, and a refusal restores it whole; what is built after
 * this need not be listed. */
void cat_built_full(cat_game *g, unsigned what)
{
	uint8_t last = (uint8_t)what;
	memcpy(&g->bak, &g->s, KEPT_FROM);
	unbuild(&g->bak, &last, 1);
	unbuild(&g->bak, g->built, g->nbuilt);
	g->nbuilt = CAT_BUILT_WHOLE;
}

/* A refused line's buildings taken off the board kept (cat_game.built),
 * the yields counted again from what stands.  Cold: only a refusal. */
__attribute__((cold, noinline)) void cat_undo_built(cat_game *g)
{
	cat_state *s = &g->s;
	if (!g->nbuilt)
		return;
	if (g->nbuilt == CAT_BUILT_WHOLE)
		memcpy(s, &g->bak, KEPT_FROM);
	else
		unbuild(s, g->built, g->nbuilt);
	cat_yield_recount(g, s);
}
