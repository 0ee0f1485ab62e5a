/*
 * dump.c — the board as text: each tile a 3x3 block of characters, laid
 * out on the x,y grid with the coordinates on the margins, then the
 * followers on the board, the scores and the tile count.  With
 * ARB_DUMP_LABELS it prints the coordinate diagram of the notation (how
 * x, y, rotations and follower spots are named) instead.
 *
 * Picture characters: '#' city, '-' '|' '+' road, '.' field, '@' cloister,
 * and a follower as its colour's letter (R B G Y K) on the spot it
 * occupies.  Plain ASCII, so it reads in any terminal and diffs cleanly.
 */
#include <stdio.h>
#include <string.h>

#include "carcassonne.h"

static const char follower_char[CC_MAXSEATS] = { 'R', 'B', 'G', 'Y', 'K' };
/* The picture cell (row, col) of each side and of each half-edge's corner. */
static const int side_rc[4][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 }, { 1, 0 } };
static const int half_rc[8][2] = { { 0, 0 }, { 0, 2 }, { 0, 2 }, { 2, 2 },
				   { 2, 2 }, { 2, 0 }, { 2, 0 }, { 0, 0 } };

/* Draw tile t into pic[3][3]. */
static void draw_tile(const cc_game *g, unsigned t, char pic[3][3])
{
	const cc_type *ty = &g->data->type[g->tile[t].type];
	const cc_orient *o = &ty->rot[g->tile[t].rot];
	for (unsigned s = 0; s < 4; s++) {
		char c = o->edge[s] == CC_ECITY	   ? '#'
			 : o->edge[s] == CC_EFIELD ? '.'
						   : (s % 2 ? '-' : '|');
		pic[side_rc[s][0]][side_rc[s][1]] = c;
	}
	/* A corner is field when either half-edge beside it is field. */
	for (unsigned h = 0; h < 8; h += 2) {
		unsigned a = h, b = (h + 7) % 8; /* NL & WR, EL & NR, ... */
		bool field = o->half_seg[a] >= 0 || o->half_seg[b] >= 0;
		pic[half_rc[a][0]][half_rc[a][1]] = field ? '.' : '#';
	}
	char centre = '.';
	unsigned nroads = 0;
	bool bigcity = false;
	for (unsigned i = 0; i < ty->nseg; i++) {
		const cc_seg *sg = &o->seg[i];
		if (sg->kind == CC_ROAD) {
			nroads++;
			if (sg->sides == 0x5)
				centre = '|';
			else if (sg->sides == 0xA)
				centre = '-';
			else if (__builtin_popcount(sg->sides) == 2)
				centre = '+';
		} else if (sg->kind == CC_CITY && __builtin_popcount(sg->sides) > 1) {
			bigcity = true;
		}
	}
	if (nroads >= 3)
		centre = '+';
	else if (centre == '.' && bigcity)
		centre = '#';
	if (ty->cloister)
		centre = '@';
	pic[1][1] = centre;
	for (unsigned i = 0; i < ty->nseg; i++) {
		int f = g->node[t * CC_MAXSEG + i].follower;
		if (f < 0)
			continue;
		const cc_seg *sg = &o->seg[i];
		char c = follower_char[g->colour[f]];
		if (sg->kind == CC_CLOISTER)
			pic[1][1] = c;
		else if (sg->kind == CC_FIELD) {
			unsigned h = (unsigned)__builtin_ctz(sg->halves);
			pic[half_rc[h][0]][half_rc[h][1]] = c;
		} else {
			unsigned s = (unsigned)__builtin_ctz(sg->sides);
			pic[side_rc[s][0]][side_rc[s][1]] = c;
		}
	}
}

/* Drop trailing blanks of the line that starts at `from`, end it. */
static void end_line(arb_buf *out, size_t from)
{
	while (out->len > from && out->p[out->len - 1] == ' ')
		out->p[--out->len] = 0;
	arb_buf_putc(out, '\n');
}

static void dump_labels(arb_buf *out)
{
	arb_buf_puts(out,
		     "Carcassonne coordinates: x grows to the east, y grows to the south.\n"
		     "The start tile D lies at 0,0 (rotated 0: city north, road west-east).\n"
		     "\n"
		     "          x=-1    x=0     x=1\n"
		     "  y=-1    -1,-1   0,-1    1,-1\n"
		     "  y=0     -1,0    0,0     1,0\n"
		     "  y=1     -1,1    0,1     1,1\n"
		     "\n"
		     "Rotation: 0, 90, 180 or 270 degrees clockwise from the tile's canonical\n"
		     "orientation (notation/carcassonne.md lists the 24 tiles A-X).\n"
		     "\n"
		     "Follower spots, named as seen on the placed tile (after its rotation):\n"
		     "\n"
		     "            NL   N   NR\n"
		     "          +------------+\n"
		     "       WR |            | EL\n"
		     "        W |  cloister  | E\n"
		     "       WL |            | ER\n"
		     "          +------------+\n"
		     "            SR   S   SL\n"
		     "\n"
		     "  road R S, city C N: a side N, E, S or W of the road or city;\n"
		     "  field F NL: a half-edge, clockwise NL NR EL ER SL SR WL WR\n"
		     "  (L is the half met first going clockwise round the tile);\n"
		     "  cloister: no spot.\n"
		     "\n"
		     "Board picture: # city, - | + road, . field, @ cloister;\n"
		     "followers as R Red, B Blue, G Green, Y Yellow, K Black.\n");
}

/* The cells the placed tiles span (the start tile's 0,0 among them): what
 * the dump prints and the picture draws. */
static void board_bounds(const cc_game *g, int *minx, int *maxx, int *miny, int *maxy)
{
	*minx = *maxx = *miny = *maxy = 0;
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_placed *p = &g->tile[t];
		*minx = p->x < *minx ? p->x : *minx;
		*maxx = p->x > *maxx ? p->x : *maxx;
		*miny = p->y < *miny ? p->y : *miny;
		*maxy = p->y > *maxy ? p->y : *maxy;
	}
}

void cc_dump(const void *game, unsigned flags, arb_buf *out)
{
	const cc_game *g = game;
	const char *const *colours = cc_colours;
	if (flags & ARB_DUMP_LABELS) {
		dump_labels(out);
		return;
	}
	int minx, maxx, miny, maxy;
	board_bounds(g, &minx, &maxx, &miny, &maxy);
	size_t from = out->len;
	arb_buf_puts(out, "     ");
	for (int x = minx; x <= maxx; x++)
		arb_buf_printf(out, "%-4d", x);
	end_line(out, from);
	for (int y = miny; y <= maxy; y++) {
		for (int row = 0; row < 3; row++) {
			from = out->len;
			if (row == 1)
				arb_buf_printf(out, "%4d ", y);
			else
				arb_buf_puts(out, "     ");
			for (int x = minx; x <= maxx; x++) {
				int t = cc_tile_at(g, x, y);
				char pic[3][3];
				if (t < 0)
					memset(pic, ' ', sizeof pic);
				else
					draw_tile(g, (unsigned)t, pic);
				arb_buf_put(out, pic[row], 3);
				arb_buf_putc(out, ' ');
			}
			end_line(out, from);
		}
	}
	arb_buf_putc(out, '\n');
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_type *ty = &g->data->type[g->tile[t].type];
		const cc_orient *o = &ty->rot[g->tile[t].rot];
		for (unsigned i = 0; i < ty->nseg; i++) {
			int f = g->node[t * CC_MAXSEG + i].follower;
			if (f < 0)
				continue;
			const cc_seg *sg = &o->seg[i];
			const char *spot = cc_spot_name(sg);
			arb_buf_printf(out, "%s: %s%s%s", colours[g->colour[f]],
				       cc_kind_name[sg->kind], spot ? " " : "", spot ? spot : "");
			arb_buf_printf(out, " of tile %c at %d,%d (rotated %u)", ty->letter,
				       g->tile[t].x, g->tile[t].y, g->tile[t].rot * 90u);
			arb_buf_putc(out, '\n');
		}
	}
	for (unsigned s = 0; s < g->nseats; s++)
		arb_buf_printf(out, "%s%s %d (%u in supply)", s ? ", " : "", colours[g->colour[s]],
			       g->score[s], g->supply[s]);
	arb_buf_printf(out, "\nTiles drawn: %u of %u (%u discarded)", g->drawn, g->drawable,
		       g->ndiscards);
	if (g->drawn < g->drawable)
		arb_buf_printf(out, "; %s to play", colours[g->colour[g->turn]]);
	arb_buf_putc(out, '\n');
}

/* ------------------------------------------------------------ the picture
 *
 * cc_draw() draws the same board on a canvas: each tile from its feature
 * segments as placed (already turned: cc_orient holds each rotation), a
 * TILE-unit square with x growing east and y south as in the notation.
 * Fields are the tile's ground; cities are the tile's sides joined by
 * curves that dip towards the centre across the non-city sides; roads
 * run from the middle of their sides to the centre; a cloister is a
 * building in the middle.  Followers stand on their spots (farmers lie
 * down), and the panel on the right holds the scores, the supplies and
 * the tiles left. */

#define TILE 64.0   /* units per tile side                   */
#define MARGIN 34.0 /* room for the coordinates               */
#define PANEL 250.0 /* the panel right of the board           */

/* The tile corners clockwise from the north-west, on a tile centred at
 * 0,0: side s runs from corner s to corner s+1. */
static arb_pt corner(unsigned k)
{
	static const int cx[4] = { -1, 1, 1, -1 }, cy[4] = { -1, -1, 1, 1 };
	return (arb_pt){ cx[k % 4] * TILE / 2, cy[k % 4] * TILE / 2 };
}

/* The middle of side s. */
static arb_pt side_mid(unsigned s)
{
	arb_pt a = corner(s), b = corner(s + 1);
	return (arb_pt){ (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

/* Append the quadratic curve a..b with control c, without a, as `n`
 * points to pt[*np]. */
static void curve(arb_pt *pt, size_t *np, arb_pt a, arb_pt c, arb_pt b, unsigned n)
{
	for (unsigned i = 1; i <= n; i++) {
		double t = (double)i / n, u = 1 - t;
		pt[(*np)++] = (arb_pt){ u * u * a.x + 2 * u * t * c.x + t * t * b.x,
					u * u * a.y + 2 * u * t * c.y + t * t * b.y };
	}
}

/* The outline of a city segment covering `sides` (bit s = side s): along
 * its sides, and across each run of other sides a curve bowing into the
 * tile (a cap when the city has one side). */
static size_t city_outline(unsigned sides, arb_pt *pt)
{
	size_t n = 0;
	if (sides == 0xF) {
		for (unsigned k = 0; k < 4; k++)
			pt[n++] = corner(k);
		return n;
	}
	if (__builtin_popcount(sides) == 1) {
		unsigned s = (unsigned)__builtin_ctz(sides);
		arb_pt m = side_mid(s);
		pt[n++] = corner(s);
		pt[n++] = corner(s + 1);
		arb_pt c = { m.x * -0.35, m.y * -0.35 };
		curve(pt, &n, corner(s + 1), c, corner(s), 8);
		return n;
	}
	unsigned start = 0; /* a city side after a non-city side */
	while (!((sides >> start) & 1) || ((sides >> ((start + 3) % 4)) & 1))
		start++;
	pt[n++] = corner(start);
	for (unsigned i = 0; i < 4;) {
		unsigned s = (start + i) % 4;
		if ((sides >> s) & 1) {
			pt[n++] = corner(s + 1);
			i++;
			continue;
		}
		unsigned run = 0; /* non-city sides from s on */
		while (i + run < 4 && !((sides >> ((s + run) % 4)) & 1))
			run++;
		arb_pt a = corner(s), b = corner(s + run);
		double dx = b.x - a.x, dy = b.y - a.y, len = __builtin_sqrt(dx * dx + dy * dy);
		double depth = run == 1 ? 0.55 * TILE : 0.18 * TILE;
		arb_pt c = { (a.x + b.x) / 2 - dy / len * depth,
			     (a.y + b.y) / 2 + dx / len * depth };
		n--; /* corner(s) is already there */
		pt[n++] = a;
		curve(pt, &n, a, c, b, 8);
		i += run;
	}
	n--; /* the last point repeats corner(start) */
	return n;
}

/* Where a follower on segment sg stands, tile-centred. */
static arb_pt spot_point(const cc_seg *sg)
{
	if (sg->kind == CC_CLOISTER)
		return (arb_pt){ 0, TILE * 0.16 };
	if (sg->kind == CC_FIELD) {
		unsigned h = (unsigned)__builtin_ctz(sg->halves);
		arb_pt a = corner(h / 2), b = corner(h / 2 + 1);
		double t = h % 2 ? 0.72 : 0.28;
		arb_pt p = { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
		return (arb_pt){ p.x * 0.62, p.y * 0.62 };
	}
	unsigned s = (unsigned)__builtin_ctz(sg->sides);
	double k = sg->kind == CC_CITY && __builtin_popcount(sg->sides) == 1 ? 0.62 : 0.5;
	arb_pt m = side_mid(s);
	return (arb_pt){ m.x * k, m.y * k };
}

/* A follower (a meeple) of role `r` standing at p, or lying (a farmer). */
static void meeple(const arb_canvas *cv, arb_pt p, arb_role r, bool lying)
{
	static const arb_pt shape[] = {
		{ 0, -9 },   { 3, -8 },	   { 3.5, -4.5 },  { 9, -2.5 }, { 9, 0.5 }, { 4, 0.5 },
		{ 7, 9 },    { 1.5, 9 },   { 0, 5 },	   { -1.5, 9 }, { -7, 9 },  { -4, 0.5 },
		{ -9, 0.5 }, { -9, -2.5 }, { -3.5, -4.5 }, { -3, -8 },
	};
	cv->group(cv->ctx, p.x, p.y, lying ? 90 : 0);
	cv->polygon(cv->ctx, shape, sizeof shape / sizeof shape[0], r, ARB_ROLE_INK, 1.5);
	cv->end_group(cv->ctx);
}

/* A shield: a small pointed badge at p. */
static void shield(const arb_canvas *cv, arb_pt p)
{
	arb_pt s[] = { { p.x - 5, p.y - 6 },
		       { p.x + 5, p.y - 6 },
		       { p.x + 5, p.y + 1 },
		       { p.x, p.y + 6 },
		       { p.x - 5, p.y + 1 } };
	cv->polygon(cv->ctx, s, 5, ARB_ROLE_SHIELD, ARB_ROLE_PAPER, 1.2);
}

/* Tile type `type` turned `o` centred at cx,cy, with the followers of
 * placed tile `t` (or none when t < 0). */
static void draw_tile_at(const cc_game *g, const cc_type *ty, const cc_orient *o, int t, double cx,
			 double cy, const arb_canvas *cv)
{
	void *c = cv->ctx;
	cv->group(c, cx, cy, 0);
	arb_draw_rect(cv, -TILE / 2, -TILE / 2, TILE, TILE, ARB_ROLE_FIELD, ARB_ROLE_NONE, 0);
	arb_pt pt[64];
	for (unsigned i = 0; i < ty->nseg; i++) {
		const cc_seg *sg = &o->seg[i];
		if (sg->kind != CC_CITY)
			continue;
		size_t n = city_outline(sg->sides, pt);
		cv->polygon(c, pt, n, ARB_ROLE_CITY, ARB_ROLE_WALL, 1.5);
		if (sg->shield) {
			unsigned s = (unsigned)__builtin_ctz(sg->sides);
			arb_pt m = side_mid(s), q = side_mid(s + 1);
			arb_pt at =
				__builtin_popcount(sg->sides) == 1
					? (arb_pt){ m.x * 0.72 + q.x * 0.2, m.y * 0.72 + q.y * 0.2 }
					: (arb_pt){ (m.x + q.x) * 0.45, (m.y + q.y) * 0.45 };
			shield(cv, at);
		}
	}
	unsigned road_ends = 0;
	for (unsigned i = 0; i < ty->nseg; i++) {
		const cc_seg *sg = &o->seg[i];
		if (sg->kind != CC_ROAD)
			continue;
		size_t n = 0;
		unsigned a = (unsigned)__builtin_ctz(sg->sides);
		pt[n++] = side_mid(a);
		if (__builtin_popcount(sg->sides) >= 2) {
			unsigned b = 31u - (unsigned)__builtin_clz(sg->sides);
			curve(pt, &n, side_mid(a), (arb_pt){ 0, 0 }, side_mid(b), 10);
		} else {
			pt[n++] = (arb_pt){ 0, 0 };
			road_ends++;
		}
		cv->polyline(c, pt, n, ARB_ROLE_INK, 9);
		cv->polyline(c, pt, n, ARB_ROLE_ROAD, 6);
	}
	if (ty->cloister) {
		arb_draw_rect(cv, -11, -9, 22, 18, ARB_ROLE_ROAD, ARB_ROLE_INK, 1.5);
		arb_pt roof[] = { { -14, -8 }, { 0, -19 }, { 14, -8 } };
		cv->polygon(c, roof, 3, ARB_ROLE_CLOISTER, ARB_ROLE_INK, 1.5);
	} else if (road_ends >= 3) { /* a crossing: a small village */
		arb_draw_rect(cv, -7, -7, 14, 14, ARB_ROLE_CLOISTER, ARB_ROLE_INK, 1.5);
	}
	arb_draw_rect(cv, -TILE / 2, -TILE / 2, TILE, TILE, ARB_ROLE_NONE, ARB_ROLE_INK, 0.6);
	for (unsigned i = 0; t >= 0 && i < ty->nseg; i++) {
		int f = g->node[(unsigned)t * CC_MAXSEG + i].follower;
		if (f >= 0)
			meeple(cv, spot_point(&o->seg[i]), ARB_ROLE_COLOUR(g->colour[f]),
			       o->seg[i].kind == CC_FIELD);
	}
	cv->end_group(c);
}

/* The panel: per seat its score and supply, the tiles, who plays. */
static void draw_panel(const cc_game *g, double x, double y, const arb_canvas *cv)
{
	arb_draw_textf(cv, x, y, 16, ARB_START, true, ARB_ROLE_INK, "Scores");
	y += 26;
	for (unsigned s = 0; s < g->nseats; s++) {
		arb_role r = ARB_ROLE_COLOUR(g->colour[s]);
		meeple(cv, (arb_pt){ x + 10, y - 5 }, r, false);
		arb_draw_textf(cv, x + 26, y, 15, ARB_START, s == g->turn && !cc_over(g),
			       ARB_ROLE_INK, "%s %d", cc_colours[g->colour[s]], g->score[s]);
		arb_draw_textf(cv, x + 140, y, 13, ARB_START, false, ARB_ROLE_LABEL, "%u in supply",
			       g->supply[s]);
		y += 26;
	}
	y += 8;
	arb_draw_textf(cv, x, y, 14, ARB_START, false, ARB_ROLE_INK, "Tiles left: %u of %u",
		       g->drawable - g->drawn, g->drawable);
	y += 20;
	if (g->ndiscards) {
		arb_draw_textf(cv, x, y, 14, ARB_START, false, ARB_ROLE_INK, "Discarded: %u",
			       g->ndiscards);
		y += 20;
	}
	if (!cc_over(g))
		arb_draw_textf(cv, x, y, 14, ARB_START, true, ARB_ROLE_INK, "%s to play",
			       cc_colours[g->colour[g->turn]]);
	else
		arb_draw_textf(cv, x, y, 14, ARB_START, true, ARB_ROLE_INK, "Game over");
	y += 34;
	static const struct {
		arb_role r;
		const char *what;
	} legend[] = {
		{ ARB_ROLE_CITY, "city" },	   { ARB_ROLE_SHIELD, "shield" },
		{ ARB_ROLE_ROAD, "road" },	   { ARB_ROLE_FIELD, "field" },
		{ ARB_ROLE_CLOISTER, "cloister" },
	};
	for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
		arb_draw_rect(cv, x, y - 12, 14, 14, legend[i].r, ARB_ROLE_INK, 1);
		arb_draw_textf(cv, x + 20, y, 13, ARB_START, false, ARB_ROLE_INK, "%s",
			       legend[i].what);
		y += 20;
	}
	arb_draw_textf(cv, x, y + 4, 13, ARB_START, false, ARB_ROLE_LABEL,
		       "Farmers lie down; x east, y south");
}

void cc_draw(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark)
{
	const cc_game *g = game;
	(void)flags; /* the coordinates are always on the margins */
	const cc_move *bad = mark ? mark->move : NULL;
	if (bad && (bad->discard || bad->type >= g->data->ntypes || bad->rot > 3))
		bad = NULL; /* nothing on the board to mark */
	int minx, maxx, miny, maxy;
	board_bounds(g, &minx, &maxx, &miny, &maxy);
	if (bad && bad->x > -1000 && bad->x < 1000 && bad->y > -1000 && bad->y < 1000) {
		minx = bad->x < minx ? bad->x : minx;
		maxx = bad->x > maxx ? bad->x : maxx;
		miny = bad->y < miny ? bad->y : miny;
		maxy = bad->y > maxy ? bad->y : maxy;
	} else {
		bad = NULL;
	}
	double bw = (maxx - minx + 1) * TILE, bh = (maxy - miny + 1) * TILE;
	double h = MARGIN + bh + 12;
	double ph = 26.0 * g->nseats + 250;
	cv->begin(cv->ctx, MARGIN + bw + 20 + PANEL, h > ph ? h : ph);
	double ox = MARGIN - minx * TILE + TILE / 2, oy = MARGIN - miny * TILE + TILE / 2;
	for (int x = minx; x <= maxx; x++)
		arb_draw_textf(cv, ox + x * TILE, MARGIN - 10, 13, ARB_MIDDLE, false,
			       ARB_ROLE_LABEL, "%d", x);
	for (int y = miny; y <= maxy; y++)
		arb_draw_textf(cv, MARGIN - 6, oy + y * TILE + 5, 13, ARB_END, false,
			       ARB_ROLE_LABEL, "%d", y);
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_placed *p = &g->tile[t];
		const cc_type *ty = &g->data->type[p->type];
		draw_tile_at(g, ty, p->o, (int)t, ox + p->x * TILE, oy + p->y * TILE, cv);
	}
	if (bad) {
		double cx = ox + bad->x * TILE, cy = oy + bad->y * TILE;
		if (cc_tile_at(g, bad->x, bad->y) < 0) {
			const cc_type *ty = &g->data->type[bad->type];
			draw_tile_at(g, ty, &ty->rot[bad->rot], -1, cx, cy, cv);
		}
		arb_draw_rect(cv, cx - TILE / 2 + 2, cy - TILE / 2 + 2, TILE - 4, TILE - 4,
			      ARB_ROLE_NONE, ARB_ROLE_HIGHLIGHT, 4);
	}
	draw_panel(g, MARGIN + bw + 20, MARGIN, cv);
}
