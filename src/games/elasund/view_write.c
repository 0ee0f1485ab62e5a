/*
 * view_write.c — an Elasund view record written from a full one
 * (`arbiter gen --view`): the game.h view ops that hide what one seat, or
 * the observer, did not see.  views.c reads such records; this
 * file only writes them, and needs none of its search.
 */
#include <stdbool.h>
#include <string.h>

#include "elasund.h"

/* game.h view_turn: what seat `view` (or the observer) did not see of the
 * move just applied becomes `?`.  g->inc_due says how many income draws
 * each seat made (rules.c keeps it for the turn last played, when it
 * drew); they go seat by seat from the mover's, as draw_income takes them. */
void el_view_turn(const void *game, void *move, unsigned view)
{
	const el_game *g = game;
	el_move *m = move;
	int k = 0;
	for (unsigned j = 0; j < g->nseats && k < m->ninc; j++) {
		unsigned s = (m->seat + j) % g->nseats;
		for (int n = 0; n < g->inc_due[s] && k < m->ninc; n++, k++)
			if (s != view)
				m->inc[k] = EL_U;
	}
	for (unsigned s = 0; s < g->nseats; s++) {
		if (s == view)
			continue;
		/* only the seats listed: parse leaves the others' cards unwritten */
		el_cards *c[2] = { &m->disc[s], &m->halve[s] };
		bool set[2] = { m->disc_set >> s & 1, m->halve_set >> s & 1 };
		for (int j = 0; j < 2; j++) {
			if (!set[j])
				continue;
			c[j]->unseen = (uint8_t)(c[j]->unseen + c[j]->infl[0] + c[j]->infl[1] +
						 c[j]->infl[2]);
			memset(c[j]->infl, 0, sizeof c[j]->infl);
		}
	}
	if (m->seat == view)
		return;
	m->loot.unseen =
		(uint8_t)(m->loot.unseen + m->loot.infl[0] + m->loot.infl[1] + m->loot.infl[2]);
	memset(m->loot.infl, 0, sizeof m->loot.infl);
	for (int b = 0; b < m->nbuild; b++) {
		el_build *bd = &m->build[b];
		for (int k = 0; k < bd->ndraw; k++)
			bd->draw[k] = EL_U;
		if (bd->kind == BK_CHURCH && bd->cret >= 0)
			bd->cret = EL_CHURCH_UNSEEN;
	}
}

/* game.h view_close: an Elasund win is public (cubes on the board), so
 * a view ends where the full record ends; nothing is needed. */
int el_view_close(const void *game, const void *view_game, unsigned view, arb_buf *out)
{
	(void)game;
	(void)view_game;
	(void)view;
	(void)out;
	return 0;
}

/* game.h view_tag: the Hands tag names the view's own starting card
 * only ("Red=r Blue=?"); the observer sees none. */
int el_view_tag(const char *name, const char *value, unsigned view, arb_buf *out)
{
	if (strcmp(name, "Hands") != 0)
		return 0;
	unsigned seat = 0;
	for (const char *s = value; *s; s++) {
		if (*s != '=') {
			arb_buf_putc(out, *s);
			continue;
		}
		arb_buf_putc(out, '=');
		bool own = seat++ == view;
		for (; s[1] && s[1] != ' '; s++)
			arb_buf_putc(out, own ? s[1] : '?');
	}
	return 1;
}
