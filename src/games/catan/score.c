/*
 * score.c — Catan's points: victory points counted from the position, the
 * score events of a turn (held back by apply() until the line is legal),
 * the win (10 points during one's own turn, or at its start when points
 * came on another's turn), and the standing with its breakdown.
 *
 * Catan has no final scoring: points change as pieces and cards do, so
 * finish() has nothing to add.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../core/util.h"
#include "catan.h"

/* A new event of `kind` in the turn's buffer (sent by apply() once the
 * line is legal), or NULL when nobody listens. */
arb_event *cat_event(cat_game *g, const arb_sink *sink, const char *kind)
{
	if (!sink || g->nev >= CAT_MAX_EVENTS)
		return NULL;
	return arb_event_init(&g->ev[g->nev++], kind);
}

/* A point event for the active seat: `delta` points, the sentence from
 * fmt, the player as its detail. */
void cat_vp_event(cat_turn *t, const char *kind, int delta, const char *fmt, ...)
{
	arb_event *ev = cat_event(t->g, t->sink, kind);
	if (!ev)
		return;
	ev->delta[t->seat] = delta;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ev->text, sizeof ev->text, fmt, ap);
	va_end(ap);
	arb_event_str(ev, "player", cat_cname(t->g, t->seat));
}

/* The game ends with `seat` the winner at `vp` points; `when` ends the
 * event's sentence ("during their turn"). */
void cat_win(cat_game *g, const arb_sink *sink, unsigned seat, unsigned vp, const char *when)
{
	g->s.over = 1;
	g->s.winner = (uint8_t)seat;
	arb_event *ev = cat_event(g, sink, "win");
	if (!ev)
		return;
	snprintf(ev->text, sizeof ev->text, "%s has %u point%s %s and wins", cat_cname(g, seat), vp,
		 arb_s(vp), when);
	arb_event_str(ev, "player", cat_cname(g, seat));
	arb_event_num(ev, "total", vp);
}

/* No final scoring in Catan: points are counted as they change. */
void cat_finish(void *game, const arb_sink *sink)
{
	(void)game;
	(void)sink;
}

/* Scores, winner and the breakdown: settlements, cities (2 each), the
 * two special cards and the victory point cards that count. */
void cat_standing(const void *game, arb_standing *out)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	static const char *const keys[] = { "settlements",  "cities",	"longest_road",
					    "largest_army", "vp_cards", "vp_unseen_max" };
	memset(out, 0, sizeof *out);
	out->over = s->over;
	/* a view record adds the most points that victory point cards
	 * bought unseen could add to the points seen (notation/catan.md,
	 * "Points and the end") */
	bool view = g->view != CAT_NONE;
	out->nbd = ARB_COUNT(keys) - !view;
	for (size_t k = 0; k < ARB_COUNT(keys); k++)
		out->bd_key[k] = keys[k];
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		out->score[p] = (int)cat_vp(g, p);
		out->bd[p][0] = pl->settlements;
		out->bd[p][1] = 2L * pl->cities;
		out->bd[p][2] = s->lr == p ? 2 : 0;
		out->bd[p][3] = s->la == p ? 2 : 0;
		out->bd[p][4] = g->opt_vpc == VPC_HIDDEN ? pl->dev[D_VP] : pl->vp_shown;
		if (view) {
			unsigned more = cat_vp_more(g, p);
			out->bd[p][5] = more;
			out->score_hi[p] = out->score[p] + (int)more;
		}
		out->winner[p] = s->over && s->winner == p;
	}
}
