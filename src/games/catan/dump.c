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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catan.h"

#define XS 6 /* text columns per half-hex column */
#define PIC_W (10 * XS + 4)
#define PIC_H 23

static void pic_put(char pic[PIC_H][PIC_W + 1], unsigned line, unsigned col, const char *s)
{
	for (; *s && col < PIC_W; s++, col++)
		pic[line][col] = *s;
}

/* Centre `s` in the 9 columns inside a hex centred on column x. */
static void pic_centre(char pic[PIC_H][PIC_W + 1], unsigned line, unsigned x, const char *s)
{
	size_t n = strlen(s);
	if (n > 2 * XS - 3)
		n = 2 * XS - 3;
	unsigned col = XS * x + 3 - (unsigned)((n + 1) / 2);
	for (size_t i = 0; i < n; i++)
		pic[line][col + i] = s[i];
}

/* The board as a picture: paths, intersections (with what stands on
 * them, or their names with `labels`), and each hex's terrain, letter,
 * number and the robber. */
static void put_picture(const cat_game *g, bool labels, arb_buf *out)
{
	const cat_geom *G = &g->d->g;
	const cat_state *s = &g->s;
	char pic[PIC_H][PIC_W + 1];
	memset(pic, ' ', sizeof pic);
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		unsigned a = G->edge_node[e][0], b = G->edge_node[e][1];
		unsigned x = G->node_x[a], r = G->node_row[a];
		bool up = (x + r) % 2;
		char c[2] = { 0, 0 };
		unsigned line, col;
		if (G->node_row[b] == r) { /* a slanted path */
			line = 4 * r + 1;
			col = XS * x + 2 + XS / 2;
			c[0] = up ? '\\' : '/';
		} else { /* a vertical path */
			line = 4 * r + 3;
			col = XS * x + 2;
			c[0] = '|';
		}
		if (!labels && s->edge_owner[e])
			c[0] = (char)(cat_colours[g->colour[s->edge_owner[e] - 1]][0] | 0x20);
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
		pic_centre(pic, 4 * r + 2, x, t == T_DESERT ? "desert" : cat_res_name[t]);
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
}

/* A line a player: points, hand, buildings, cards and titles. */
static void put_players(const cat_game *g, arb_buf *out)
{
	const cat_state *s = &g->s;
	char b[64];
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		cat_bundle_str(pl->res, b, sizeof b);
		arb_buf_printf(out,
			       "%-6s %2u point%s; hand %s; roads %u, "
			       "settlements %u, cities %u; road length %u; "
			       "knights %u",
			       cat_colours[g->colour[p]], cat_vp(g, p), arb_s(cat_vp(g, p)), b,
			       pl->roads, pl->settlements, pl->cities, pl->road_len, pl->knights);
		unsigned nd = 0;
		for (unsigned k = 0; k < CAT_DEV; k++)
			nd += pl->dev[k];
		if (nd) {
			arb_buf_puts(out, "; cards");
			for (unsigned k = 0; k < CAT_DEV; k++)
				if (pl->dev[k])
					arb_buf_printf(out, " %ux%s", pl->dev[k], cat_dev_name[k]);
		}
		if (s->lr == p)
			arb_buf_puts(out, "; longest road");
		if (s->la == p)
			arb_buf_puts(out, "; largest army");
		arb_buf_putc(out, '\n');
	}
}

void cat_dump(const void *game, unsigned flags, arb_buf *out)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	bool labels = flags & ARB_DUMP_LABELS;
	put_picture(g, labels, out);
	arb_buf_puts(out, "harbours:");
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		char en[8];
		cat_edge_name(g->d, g->b.harb_edge[i], en);
		unsigned k = g->b.harb_kind[i];
		arb_buf_printf(out, " %s@%s", k == HARB_GENERIC ? "3:1" : cat_res_name[k], en);
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
	arb_buf_printf(out, "bank: %s; development cards left: %u\n", b, cat_deck_left(g));
	put_players(g, out);
	if (s->over)
		arb_buf_printf(out, "game over: %s wins\n", cat_colours[g->colour[s->winner]]);
	else
		arb_buf_printf(out, "to move: %s%s\n", cat_colours[g->colour[s->active]],
			       s->setup_step < 2 * g->nseats ? " (set-up)" : "");
	cat_hidden_dump(g, out);
}

/* ------------------------------------------------------------ the picture
 *
 * cat_draw() draws the island with pointy-topped hexes: node column x at
 * x * HW / 2, node row r at r * 1.5 R (half R lower for the nodes that
 * point down), so each hex is the polygon of its six nodes.  Around the
 * land a ring of sea hexes holds the harbours; right of the board a
 * panel gives each player's points, cards, road and army. */

#define R 46.0			    /* hex radius (centre to corner)    */
#define HW (R * 1.7320508075688772) /* hex width, sqrt(3) R             */
#define OX (HW + 14)		    /* where node column 0 lies         */
#define OY (1.5 * R + 14)	    /* where node row 0 lies            */
#define BOARD_W (OX * 2 + 5 * HW)
#define BOARD_H (OY * 2 + 8 * R)
#define CAT_PANEL 400.0

static arb_pt node_pt(const cat_geom *G, unsigned v)
{
	unsigned x = G->node_x[v], r = G->node_row[v];
	return (arb_pt){ OX + x * HW / 2, OY + r * 1.5 * R + ((x + r) % 2 ? 0 : R / 2) };
}

static arb_pt hex_centre(const cat_geom *G, unsigned h)
{
	return (arb_pt){ OX + G->hex_x[h] * HW / 2, OY + G->hex_row[h] * 1.5 * R + R };
}

/* The pointy-topped hexagon of radius `r` around c. */
static void hexagon(arb_pt c, double r, arb_pt p[6])
{
	static const double dx[6] = { 0, 0.8660254, 0.8660254, 0, -0.8660254, -0.8660254 };
	static const double dy[6] = { -1, -0.5, 0.5, 1, 0.5, -0.5 };
	for (unsigned k = 0; k < 6; k++)
		p[k] = (arb_pt){ c.x + dx[k] * r, c.y + dy[k] * r };
}

static const arb_role terrain_role[CAT_RES + 1] = {
	ARB_ROLE_HILLS, ARB_ROLE_FOREST,    ARB_ROLE_PASTURE,
	ARB_ROLE_GRAIN, ARB_ROLE_MOUNTAINS, ARB_ROLE_DESERT,
};

/* A settlement (a house) or a city (a house with a hall) at p. */
static void building(const arb_canvas *cv, arb_pt p, arb_role r, bool city)
{
	if (city) {
		arb_pt s[] = {
			{ p.x - 13, p.y + 9 }, { p.x - 13, p.y - 3 }, { p.x - 6, p.y - 11 },
			{ p.x + 1, p.y - 3 },  { p.x + 13, p.y - 3 }, { p.x + 13, p.y + 9 }
		};
		cv->polygon(cv->ctx, s, 6, r, ARB_ROLE_INK, 1.8);
	} else {
		arb_pt s[] = { { p.x - 8, p.y + 8 },
			       { p.x - 8, p.y - 2 },
			       { p.x, p.y - 10 },
			       { p.x + 8, p.y - 2 },
			       { p.x + 8, p.y + 8 } };
		cv->polygon(cv->ctx, s, 5, r, ARB_ROLE_INK, 1.8);
	}
}

/* A road along edge e, its ends kept off the corners. */
static void road(const arb_canvas *cv, const cat_geom *G, unsigned e, arb_role r, double width)
{
	arb_pt a = node_pt(G, G->edge_node[e][0]), b = node_pt(G, G->edge_node[e][1]);
	arb_pt p = { a.x + (b.x - a.x) * 0.18, a.y + (b.y - a.y) * 0.18 };
	arb_pt q = { a.x + (b.x - a.x) * 0.82, a.y + (b.y - a.y) * 0.82 };
	arb_draw_line(cv, p.x, p.y, q.x, q.y, ARB_ROLE_INK, width + 3);
	arb_draw_line(cv, p.x, p.y, q.x, q.y, r, width);
}

/* The sea: the ring of hexes around the land, centred on hex J. */
static void sea(const arb_canvas *cv, const cat_geom *G)
{
	arb_pt c = hex_centre(G, 9), p[6];
	for (int q = -3; q <= 3; q++)
		for (int r = -3; r <= 3; r++) {
			int s = -q - r;
			if ((abs(q) + abs(r) + abs(s)) / 2 != 3)
				continue;
			arb_pt h = { c.x + HW * (q + r / 2.0), c.y + 1.5 * R * r };
			hexagon(h, R, p);
			cv->polygon(cv->ctx, p, 6, ARB_ROLE_WATER, ARB_ROLE_PAPER, 1);
		}
}

/* Harbour i: a disc in the sea off its edge, joined to its two corners. */
static void harbour(const arb_canvas *cv, const cat_game *g, unsigned i)
{
	const cat_geom *G = &g->d->g;
	unsigned e = g->b.harb_edge[i], k = g->b.harb_kind[i];
	arb_pt a = node_pt(G, G->edge_node[e][0]), b = node_pt(G, G->edge_node[e][1]);
	arb_pt c = hex_centre(G, 9);
	arb_pt m = { (a.x + b.x) / 2, (a.y + b.y) / 2 };
	double dx = m.x - c.x, dy = m.y - c.y, len = sqrt(dx * dx + dy * dy);
	arb_pt h = { m.x + dx / len * R * 0.62, m.y + dy / len * R * 0.62 };
	arb_draw_line(cv, a.x, a.y, h.x, h.y, ARB_ROLE_HARBOUR, 4);
	arb_draw_line(cv, b.x, b.y, h.x, h.y, ARB_ROLE_HARBOUR, 4);
	bool generic = k == HARB_GENERIC;
	cv->circle(cv->ctx, h.x, h.y, 16, generic ? ARB_ROLE_HARBOUR : terrain_role[k],
		   ARB_ROLE_INK, 1.2);
	arb_draw_textf(cv, h.x, h.y + 5, 13, ARB_MIDDLE, true,
		       generic || k == R_GRAIN || k == R_WOOL ? ARB_ROLE_INK : ARB_ROLE_PAPER, "%s",
		       generic ? "3:1" : "2:1");
}

/* The number token of hex h: the number, red for 6 and 8, and its pips. */
static void token(const arb_canvas *cv, arb_pt c, unsigned n)
{
	arb_role r = n == 6 || n == 8 ? ARB_ROLE_HOT : ARB_ROLE_INK;
	cv->circle(cv->ctx, c.x, c.y, 17, ARB_ROLE_TOKEN, ARB_ROLE_INK, 1);
	arb_draw_textf(cv, c.x, c.y + 5, 17, ARB_MIDDLE, true, r, "%u", n);
	unsigned pips = 6 - (n > 7 ? n - 7 : 7 - n);
	for (unsigned i = 0; i < pips; i++)
		cv->circle(cv->ctx, c.x + (i - (pips - 1) / 2.0) * 4.2, c.y + 11, 1.4, r,
			   ARB_ROLE_NONE, 0);
}

/* The robber: a dark pawn at p. */
static void robber(const arb_canvas *cv, arb_pt p)
{
	arb_pt body[] = { { p.x - 8, p.y + 12 },
			  { p.x - 6, p.y - 2 },
			  { p.x + 6, p.y - 2 },
			  { p.x + 8, p.y + 12 } };
	cv->polygon(cv->ctx, body, 4, ARB_ROLE_ROBBER, ARB_ROLE_PAPER, 1.2);
	cv->circle(cv->ctx, p.x, p.y - 7, 6, ARB_ROLE_ROBBER, ARB_ROLE_PAPER, 1.2);
}

/* Mark what the refused action of the turn tried to use. */
static void draw_mark(const arb_canvas *cv, const cat_game *g, const arb_mark *mark)
{
	const cat_move *m = mark->move;
	const cat_geom *G = &g->d->g;
	const cat_act *a = NULL;
	for (unsigned i = 0; i < m->n && i < CAT_MAX_ACTS; i++)
		if (m->act[i].col <= mark->col)
			a = &m->act[i];
	if (!a)
		return;
	switch (a->kind) {
	case A_ROADS:
		if (a->b < CAT_EDGES && mark->col >= a->bcol && a->bcol) {
			road(cv, G, a->b, ARB_ROLE_HIGHLIGHT, 6);
			break;
		}
		/* fall through */
	case A_ROAD:
		if (a->a < CAT_EDGES)
			road(cv, G, a->a, ARB_ROLE_HIGHLIGHT, 6);
		break;
	case A_SETTLE:
	case A_CITY:
		if (a->a < CAT_NODES) {
			arb_pt p = node_pt(G, a->a);
			cv->circle(cv->ctx, p.x, p.y, 17, ARB_ROLE_NONE, ARB_ROLE_HIGHLIGHT, 4);
		}
		break;
	case A_ROBBER:
	case A_KNIGHT:
		if (a->a < CAT_HEXES) {
			arb_pt p[6];
			hexagon(hex_centre(G, a->a), R - 3, p);
			cv->polygon(cv->ctx, p, 6, ARB_ROLE_NONE, ARB_ROLE_HIGHLIGHT, 5);
		}
		break;
	default: /* trades, cards, rolls: the message says it */
		break;
	}
}

/* What a view knows of a hand, for the panel: "5 cards: 1-2 ore, 0-1
 * wool, 3 lumber" (each resource's count, or its range over the ways
 * the unseen cards could have gone). */
static void range_str(const cat_hand_range *o, char *out, size_t len)
{
	int n = o->cards_lo == o->cards_hi
			? snprintf(out, len, "%u card%s", o->cards_lo, o->cards_lo == 1 ? "" : "s")
			: snprintf(out, len, "%u-%u cards", o->cards_lo, o->cards_hi);
	size_t at = n > 0 && (size_t)n < len ? (size_t)n : len - 1;
	const char *sep = ": ";
	for (unsigned r = 0; r < CAT_RES && at + 1 < len; r++) {
		if (!o->hi[r])
			continue;
		n = o->lo[r] == o->hi[r] ? snprintf(out + at, len - at, "%s%u %s", sep, o->lo[r],
						    cat_res_name[r])
					 : snprintf(out + at, len - at, "%s%u-%u %s", sep, o->lo[r],
						    o->hi[r], cat_res_name[r]);
		at = n > 0 && at + (size_t)n < len ? at + (size_t)n : len - 1;
		sep = ", ";
	}
	if (o->dev_unseen && at + 1 < len)
		snprintf(out + at, len - at, "; %u development card%s bought unseen", o->dev_unseen,
			 o->dev_unseen == 1 ? "" : "s");
}

/* The panel: each player's points, cards, pieces, road and army; in a
 * view record, what the view knows of each hand (counts and ranges, the
 * points seen and what unseen victory point cards could add) instead of
 * the one possible hand the position holds. */
static void cat_panel(const cat_game *g, double x, double y, const arb_canvas *cv)
{
	const cat_state *s = &g->s;
	char b[64];
	bool view = g->view != CAT_NONE;
	cat_hand_range hr[CAT_SEATS];
	cat_hand_ranges(g, hr);
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		arb_role r = ARB_ROLE_COLOUR(g->colour[p]);
		building(cv, (arb_pt){ x + 10, y - 5 }, r, false);
		unsigned vp = cat_vp(g, p);
		if (view && hr[p].vp_more)
			arb_draw_textf(cv, x + 26, y, 16, ARB_START, true, ARB_ROLE_INK,
				       "%s %u-%u points%s", cat_cname(g, p), vp, vp + hr[p].vp_more,
				       !s->over && s->active == p ? "  (to move)" : "");
		else
			arb_draw_textf(cv, x + 26, y, 16, ARB_START, true, ARB_ROLE_INK,
				       "%s %u point%s%s", cat_cname(g, p), vp, arb_s(vp),
				       !s->over && s->active == p ? "  (to move)" : "");
		y += 20;
		if (view) {
			char v[160];
			range_str(&hr[p], v, sizeof v);
			arb_draw_textf(cv, x + 10, y, 13, ARB_START, false, ARB_ROLE_INK, "%s", v);
		} else {
			cat_bundle_str(pl->res, b, sizeof b);
			arb_draw_textf(cv, x + 10, y, 13, ARB_START, false, ARB_ROLE_INK,
				       "%u card%s: %s", pl->ncards, arb_s(pl->ncards),
				       pl->ncards ? b : "none");
		}
		y += 18;
		unsigned nd = 0;
		char dev[128] = "";
		size_t o = 0;
		for (unsigned k = 0; k < CAT_DEV; k++) {
			nd += pl->dev[k];
			if (pl->dev[k] && o < sizeof dev) {
				int w = snprintf(dev + o, sizeof dev - o, "%s%u %s", o ? ", " : "",
						 pl->dev[k], cat_dev_name[k]);
				o += w > 0 ? (size_t)w : 0;
			}
		}
		if (nd) {
			arb_draw_textf(cv, x + 10, y, 13, ARB_START, false, ARB_ROLE_INK,
				       "development: %s", dev);
			y += 18;
		}
		arb_draw_textf(cv, x + 10, y, 13, ARB_START, false, ARB_ROLE_LABEL,
			       "trail %u, knights %u; built %u road%s, %u settl., %u cit%s",
			       pl->road_len, pl->knights, pl->roads, arb_s(pl->roads),
			       pl->settlements, pl->cities, pl->cities == 1 ? "y" : "ies");
		y += 18;
		if (s->lr == p || s->la == p) {
			arb_draw_textf(cv, x + 10, y, 13, ARB_START, true, ARB_ROLE_INK, "%s%s%s",
				       s->lr == p ? "Longest road" : "",
				       s->lr == p && s->la == p ? ", " : "",
				       s->la == p ? "Largest army" : "");
			y += 18;
		}
		y += 12;
	}
	cat_bundle_str(s->bank, b, sizeof b);
	if (view && cat_hidden_count(g) != 1) /* the bank follows the hands */
		arb_draw_textf(cv, x, y, 13, ARB_START, false, ARB_ROLE_INK,
			       "Bank: what the hands leave (%s in the way shown)", b);
	else
		arb_draw_textf(cv, x, y, 13, ARB_START, false, ARB_ROLE_INK, "Bank: %s", b);
	y += 18;
	arb_draw_textf(cv, x, y, 13, ARB_START, false, ARB_ROLE_INK, "Development cards left: %u",
		       cat_deck_left(g)); /* less those bought unseen */
	y += 18;
	if (s->over && s->winner != CAT_NONE)
		arb_draw_textf(cv, x, y, 14, ARB_START, true, ARB_ROLE_INK, "Game over: %s wins",
			       cat_cname(g, s->winner));
	else if (s->setup_step < 2 * g->nseats)
		arb_draw_textf(cv, x, y, 14, ARB_START, true, ARB_ROLE_INK, "Set-up: %s places",
			       cat_cname(g, s->active));
	y += 30;
	for (unsigned t = 0; t <= CAT_RES; t++) {
		double lx = x + (t % 2) * 150, ly = y + (t / 2) * 20;
		arb_draw_rect(cv, lx, ly - 12, 14, 14, terrain_role[t], ARB_ROLE_INK, 1);
		arb_draw_textf(cv, lx + 20, ly, 13, ARB_START, false, ARB_ROLE_INK, "%s%s%s",
			       cat_terrain_name[t], t < CAT_RES ? ": " : "",
			       t < CAT_RES ? cat_res_name[t] : "");
	}
}

void cat_draw(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark)
{
	const cat_game *g = game;
	const cat_geom *G = &g->d->g;
	const cat_state *s = &g->s;
	bool labels = flags & ARB_DUMP_LABELS;
	cv->begin(cv->ctx, BOARD_W + CAT_PANEL, BOARD_H);
	sea(cv, G);
	for (unsigned i = 0; i < CAT_HARBOURS; i++)
		harbour(cv, g, i);
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		arb_pt p[6];
		for (unsigned k = 0; k < 6; k++)
			p[k] = node_pt(G, G->hex_node[h][k]);
		cv->polygon(cv->ctx, p, 6, terrain_role[g->b.terrain[h]], ARB_ROLE_PAPER, 2.5);
		arb_pt c = hex_centre(G, h);
		arb_draw_textf(cv, c.x, c.y - R * 0.52, 12, ARB_MIDDLE, true,
			       g->b.terrain[h] == T_DESERT || g->b.terrain[h] == R_GRAIN
				       ? ARB_ROLE_INK
				       : ARB_ROLE_PAPER,
			       "%c", 'A' + h);
		if (g->b.token[h])
			token(cv, c, g->b.token[h]);
		if (s->robber == h)
			robber(cv, (arb_pt){ c.x - (g->b.token[h] ? 25 : 0), c.y + 4 });
	}
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (s->edge_owner[e])
			road(cv, G, e, ARB_ROLE_COLOUR(g->colour[s->edge_owner[e] - 1]), 6);
	for (unsigned v = 0; v < CAT_NODES; v++) {
		arb_pt p = node_pt(G, v);
		if (s->node_owner[v])
			building(cv, p, ARB_ROLE_COLOUR(g->colour[s->node_owner[v] - 1]),
				 s->node_city[v]);
		else if (labels) {
			char nm[4];
			cat_node_name(g->d, v, nm);
			cv->circle(cv->ctx, p.x, p.y, 9, ARB_ROLE_PAPER, ARB_ROLE_INK, 0.8);
			arb_draw_textf(cv, p.x, p.y + 4, 10, ARB_MIDDLE, false, ARB_ROLE_INK, "%s",
				       nm);
		}
	}
	if (mark && mark->move)
		draw_mark(cv, g, mark);
	if (labels)
		arb_draw_textf(cv, 14, BOARD_H - 8, 12, ARB_START, false, ARB_ROLE_LABEL,
			       "hexes A..S row by row; intersections column a..k, row 1..6");
	cat_panel(g, BOARD_W + 10, 30, cv);
}
