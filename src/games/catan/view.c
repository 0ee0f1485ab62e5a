/*
 * view.c — the text board of `arbiter dump` (and its labelled diagram for
 * `dump --labels`), and the legal moves for `arbiter moves`.
 *
 * The picture puts node column x at text column 6x+2 and node row r on
 * text lines 4r (nodes pointing up) and 4r+2 (pointing down); paths are
 * the '/', '\' and '|' between them, hexes the space inside.  It is 64
 * columns wide so it fits any terminal.
 *
 * moves() builds candidate turn lines and keeps those that apply() accepts
 * on a scratch copy of the game, so what it lists is legal by construction
 * (the rules are not restated here).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"

extern const char *const cat_colours[];

#define XS 6                   /* text columns per half-hex column */
#define PIC_W (10 * XS + 4)
#define PIC_H 23

static void pic_put(char pic[PIC_H][PIC_W + 1], unsigned line, unsigned col,
		    const char *s)
{
	for (; *s && col < PIC_W; s++, col++)
		pic[line][col] = *s;
}

/* Centre `s` in the 9 columns inside a hex centred on column x. */
static void pic_centre(char pic[PIC_H][PIC_W + 1], unsigned line, unsigned x,
		       const char *s)
{
	size_t n = strlen(s);
	if (n > 2 * XS - 3)
		n = 2 * XS - 3;
	unsigned col = XS * x + 3 - (unsigned)((n + 1) / 2);
	for (size_t i = 0; i < n; i++)
		pic[line][col + i] = s[i];
}

void cat_dump(const void *game, unsigned flags, arb_buf *out)
{
	const cat_game *g = game;
	const cat_geom *G = &g->d->g;
	const cat_state *s = &g->s;
	bool labels = flags & ARB_DUMP_LABELS;
	char pic[PIC_H][PIC_W + 1];
	memset(pic, ' ', sizeof pic);
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		unsigned a = G->edge_node[e][0], b = G->edge_node[e][1];
		unsigned x = G->node_x[a], r = G->node_row[a];
		bool up = (x + r) % 2;
		char c[2] = {0, 0};
		unsigned line, col;
		if (G->node_row[b] == r) {        /* a slanted path */
			line = 4 * r + 1;
			col = XS * x + 2 + XS / 2;
			c[0] = up ? '\\' : '/';
		} else {                          /* a vertical path */
			line = 4 * r + 3;
			col = XS * x + 2;
			c[0] = '|';
		}
		if (!labels && s->edge_owner[e])
			c[0] = (char)(cat_colours[g->colour[s->edge_owner[e] - 1]][0]
				      | 0x20);
		pic_put(pic, line, col, c);
	}
	for (unsigned v = 0; v < CAT_NODES; v++) {
		unsigned x = G->node_x[v], r = G->node_row[v];
		unsigned line = 4 * r + ((x + r) % 2 ? 0 : 2);
		char nm[4] = ".";
		if (labels) {
			cat_node_name(g->d, v, nm);
		} else if (s->node_owner[v]) {
			nm[0] = cat_colours[g->colour[s->node_owner[v] - 1]][0];
			nm[1] = s->node_city[v] ? '*' : 0;
			nm[2] = 0;
		}
		pic_put(pic, line, XS * x + 2, nm);
	}
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		unsigned x = G->hex_x[h], r = G->hex_row[h];
		unsigned t = g->b.terrain[h];
		char buf[16];
		pic_centre(pic, 4 * r + 2, x, t == T_DESERT ? "desert"
							   : cat_res_name[t]);
		if (g->b.token[h])
			snprintf(buf, sizeof buf, "%c %u", 'A' + h, g->b.token[h]);
		else
			snprintf(buf, sizeof buf, "%c", 'A' + h);
		pic_centre(pic, 4 * r + 3, x, buf);
		if (!labels && s->robber == h)
			pic_centre(pic, 4 * r + 4, x, "robber");
	}
	for (unsigned l = 0; l < PIC_H; l++) {
		size_t n = PIC_W;
		while (n && pic[l][n - 1] == ' ')
			n--;
		arb_buf_put(out, pic[l], n);
		arb_buf_putc(out, '\n');
	}
	arb_buf_puts(out, "harbours:");
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		char en[8];
		cat_edge_name(g->d, g->b.harb_edge[i], en);
		unsigned k = g->b.harb_kind[i];
		arb_buf_printf(out, " %s@%s", k == HARB_GENERIC ? "3:1"
						: cat_res_name[k], en);
	}
	arb_buf_putc(out, '\n');
	if (labels) {
		arb_buf_puts(out, "hexes A..S row by row; intersections "
			     "column a..k + row 1..6 (c1); paths by their two "
			     "intersections (c1-d1)\n");
		return;
	}
	arb_buf_puts(out, "legend: . empty intersection, R settlement, R* city, "
		     "r road (first letter of the colour)\n");
	char b[64];
	cat_bundle_str(s->bank, b, sizeof b);
	unsigned deck = 0;
	for (unsigned k = 0; k < CAT_DEV; k++)
		deck += s->deck[k];
	arb_buf_printf(out, "bank: %s; development cards left: %u\n", b, deck);
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		cat_bundle_str(pl->res, b, sizeof b);
		arb_buf_printf(out, "%-6s %2u points; hand %s; roads %u, "
			       "settlements %u, cities %u; road length %u; "
			       "knights %u", cat_colours[g->colour[p]],
			       cat_vp(g, p), b, pl->roads, pl->settlements,
			       pl->cities, pl->road_len, pl->knights);
		unsigned nd = 0;
		for (unsigned k = 0; k < CAT_DEV; k++)
			nd += pl->dev[k];
		if (nd) {
			arb_buf_puts(out, "; cards");
			for (unsigned k = 0; k < CAT_DEV; k++)
				if (pl->dev[k])
					arb_buf_printf(out, " %ux%s", pl->dev[k],
						       cat_dev_name[k]);
		}
		if (s->lr == p)
			arb_buf_puts(out, "; longest road");
		if (s->la == p)
			arb_buf_puts(out, "; largest army");
		arb_buf_putc(out, '\n');
	}
	if (s->over)
		arb_buf_printf(out, "game over: %s wins\n",
			       cat_colours[g->colour[s->winner]]);
	else
		arb_buf_printf(out, "to move: %s%s\n",
			       cat_colours[g->colour[s->active]],
			       s->setup_step < 2 * g->nseats ? " (set-up)" : "");
}

/* ------------------------------------------------------------- moves */

typedef struct gen {
	cat_game scratch;              /* a copy to try moves on           */
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
		cat_act a = {0};
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
	cat_act a = {0};
	try_move(x, m);                            /* end the turn here */
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		a = (cat_act){.kind = A_ROAD, .a = (uint8_t)e};
		try_with(x, m, &a);
	}
	for (unsigned v = 0; v < CAT_NODES; v++) {
		a = (cat_act){.kind = A_SETTLE, .a = (uint8_t)v};
		try_with(x, m, &a);
		a.kind = A_CITY;
		try_with(x, m, &a);
	}
	for (unsigned k = 0; k < CAT_DEV; k++) {
		a = (cat_act){.kind = A_BUY, .a = (uint8_t)k};
		try_with(x, m, &a);
	}
	for (unsigned r = 0; r < CAT_RES; r++)
		for (unsigned rate = 2; rate <= 4; rate++)
			for (unsigned q = 0; q < CAT_RES; q++) {
				if (q == r)
					continue;
				a = (cat_act){.kind = A_BANK};
				a.give[r] = (uint8_t)rate;
				a.get[q] = 1;
				try_with(x, m, &a);
			}
	for (unsigned r = 0; r < CAT_RES; r++) {
		a = (cat_act){.kind = A_MONOPOLY, .a = (uint8_t)r};
		try_with(x, m, &a);
		for (unsigned q = r; q < CAT_RES; q++) {
			a = (cat_act){.kind = A_PLENTY};
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
				a = (cat_act){.kind = A_ROADS, .a = (uint8_t)e,
					      .b = f == CAT_EDGES ? CAT_NONE
								  : (uint8_t)f};
				try_with(x, m, &a);
			}
}

size_t cat_moves(const void *game, const void *next,
		 void (*emit)(void *ctx, const char *move), void *ctx)
{
	const cat_game *g = game;
	const cat_move *nx = next;
	const cat_state *s = &g->s;
	if (s->over)
		return 0;
	static gen x;   /* large; moves() is not on the replay path */
	memset(&x, 0, sizeof x);
	x.scratch = *g;
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
				m.act[0] = (cat_act){.kind = A_SETTLE,
						     .a = (uint8_t)v};
				m.act[1] = (cat_act){
					.kind = A_ROAD,
					.a = g->d->g.node_edge[v][i]};
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
			m.act[0] = (cat_act){.kind = A_ROLL,
					     .a = (uint8_t)(d > 7 ? 6 : d - 1),
					     .b = (uint8_t)(d > 7 ? d - 6 : 1)};
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
