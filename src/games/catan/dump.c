/*
 * dump.c — the text board of `arbiter dump` (and its labelled diagram for
 * `dump --labels`).
 *
 * The picture puts node column x at text column 6x+2 and node row r on
 * text lines 4r (nodes pointing up) and 4r+2 (pointing down); paths are
 * the '/', '\' and '|' between them, hexes the space inside.  It is 64
 * columns wide so it fits any terminal.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"

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
	arb_buf_printf(out, "bank: %s; development cards left: %u\n", b,
		       cat_deck_left(g));
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
	cat_hidden_dump(g, out);
}
