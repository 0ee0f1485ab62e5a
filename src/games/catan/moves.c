/*
 * moves.c — the legal moves for `arbiter moves` (the moves op).
 *
 * moves() builds candidate turn lines and keeps those that apply() accepts
 * on a scratch copy of the game, so what it lists is legal by construction
 * (the rules are not restated here).  It is not on the replay path: the
 * scratch game is a static, and every candidate is one apply().
 */
#include <string.h>

#include "catan.h"

typedef struct gen {
	cat_game scratch; /* a copy to try moves on           */
	const cat_game *g;
	void (*emit)(void *ctx, const char *move);
	void *ctx;
	size_t n;
	arb_buf buf;
} gen;

/* Emit `m` when it is legal from the real position. */
static void try_move(gen *x, const cat_move *m)
{
	arb_reject rej;
	x->scratch.s = x->g->s;
	if (cat_apply(&x->scratch, m, NULL, &rej) < 0)
		return;
	arb_buf_reset(&x->buf);
	cat_format(x->g, m, &x->buf);
	x->emit(x->ctx, x->buf.p);
	x->n++;
}

/* m with one more action appended, tried. */
static void try_with(gen *x, cat_move *m, const cat_act *a)
{
	if (m->n >= CAT_MAX_ACTS)
		return;
	m->act[m->n++] = *a;
	try_move(x, m);
	m->n--;
}

static void robber_acts(gen *x, cat_move *m, unsigned kind)
{
	const cat_game *g = x->g;
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		cat_act a = { 0 };
		a.kind = (uint8_t)kind;
		a.a = (uint8_t)h;
		a.b = a.c = CAT_NONE;
		try_with(x, m, &a);
		for (unsigned p = 0; p < g->nseats; p++)
			for (unsigned r = 0; r < CAT_RES; r++) {
				a.b = (uint8_t)p;
				a.c = (uint8_t)r;
				try_with(x, m, &a);
			}
	}
}

/* Every single action that may follow the prefix in m. */
static void one_more(gen *x, cat_move *m)
{
	const cat_game *g = x->g;
	cat_act a = { 0 };
	try_move(x, m); /* end the turn here */
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		a = (cat_act){ .kind = A_ROAD, .a = (uint8_t)e };
		try_with(x, m, &a);
	}
	for (unsigned v = 0; v < CAT_NODES; v++) {
		a = (cat_act){ .kind = A_SETTLE, .a = (uint8_t)v };
		try_with(x, m, &a);
		a.kind = A_CITY;
		try_with(x, m, &a);
	}
	for (unsigned k = 0; k < CAT_DEV; k++) {
		a = (cat_act){ .kind = A_BUY, .a = (uint8_t)k };
		try_with(x, m, &a);
	}
	for (unsigned r = 0; r < CAT_RES; r++)
		for (unsigned rate = 2; rate <= 4; rate++)
			for (unsigned q = 0; q < CAT_RES; q++) {
				if (q == r)
					continue;
				a = (cat_act){ .kind = A_BANK };
				a.give[r] = (uint8_t)rate;
				a.get[q] = 1;
				try_with(x, m, &a);
			}
	for (unsigned r = 0; r < CAT_RES; r++) {
		a = (cat_act){ .kind = A_MONOPOLY, .a = (uint8_t)r };
		try_with(x, m, &a);
		for (unsigned q = r; q < CAT_RES; q++) {
			a = (cat_act){ .kind = A_PLENTY };
			a.get[r]++;
			a.get[q]++;
			try_with(x, m, &a);
		}
	}
	if (g->s.p[m->seat].dev[D_KNIGHT])
		robber_acts(x, m, A_KNIGHT);
	if (g->s.p[m->seat].dev[D_ROADS])
		for (unsigned e = 0; e < CAT_EDGES; e++)
			for (unsigned f = e + 1; f <= CAT_EDGES; f++) {
				a = (cat_act){ .kind = A_ROADS,
					       .a = (uint8_t)e,
					       .b = f == CAT_EDGES ? CAT_NONE : (uint8_t)f };
				try_with(x, m, &a);
			}
}

size_t cat_moves(const void *game, const void *next, void (*emit)(void *ctx, const char *move),
		 void *ctx)
{
	const cat_game *g = game;
	const cat_move *nx = next;
	const cat_state *s = &g->s;
	if (s->over)
		return 0;
	static gen x; /* large; moves() is not on the replay path */
	memset(&x, 0, sizeof x);
	x.scratch = *g;
	/* In a view record: the moves of the position shown, one of the
	 * ways the unseen cards could have gone. */
	x.scratch.hid = NULL;
	x.scratch.hidden_on = false;
	x.g = g;
	x.emit = emit;
	x.ctx = ctx;
	cat_move m;
	memset(&m, 0, sizeof m);
	m.seat = s->active;
	if (s->setup_step < 2 * g->nseats) {
		for (unsigned v = 0; v < CAT_NODES; v++) {
			if (!cat_settle_ok(g, s, s->active, v, true))
				continue;
			for (unsigned i = 0; i < g->d->g.node_nadj[v]; i++) {
				m.n = 2;
				m.act[0] = (cat_act){ .kind = A_SETTLE, .a = (uint8_t)v };
				m.act[1] =
					(cat_act){ .kind = A_ROAD, .a = g->d->g.node_edge[v][i] };
				try_move(&x, &m);
			}
		}
		arb_buf_free(&x.buf);
		return x.n;
	}
	/* The dice come from the record's next line when it has them. */
	const cat_act *roll = NULL;
	if (nx && nx->seat == s->active)
		for (unsigned i = 0; i < nx->n && !roll; i++)
			if (nx->act[i].kind == A_ROLL)
				roll = &nx->act[i];
	if (!roll) {
		/* Without dice: list every roll. */
		for (unsigned d = 2; d <= 12; d++) {
			m.n = 1;
			m.act[0] = (cat_act){ .kind = A_ROLL,
					      .a = (uint8_t)(d > 7 ? 6 : d - 1),
					      .b = (uint8_t)(d > 7 ? d - 6 : 1) };
			if (d != 7)
				try_move(&x, &m);
			else
				robber_acts(&x, &m, A_ROBBER);
		}
		arb_buf_free(&x.buf);
		return x.n;
	}
	m.n = 1;
	m.act[0] = *roll;
	if (roll->a + roll->b == 7) {
		/* Discards are other players' choices: take the record's. */
		for (unsigned i = 0; i < nx->n; i++)
			if (nx->act[i].kind == A_DISCARD && m.n < CAT_MAX_ACTS)
				m.act[m.n++] = nx->act[i];
		robber_acts(&x, &m, A_ROBBER);
	} else {
		one_more(&x, &m);
	}
	arb_buf_free(&x.buf);
	return x.n;
}
