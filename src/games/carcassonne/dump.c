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
		char c = o->edge[s] == CC_ECITY ? '#'
			: o->edge[s] == CC_EFIELD ? '.' : (s % 2 ? '-' : '|');
		pic[side_rc[s][0]][side_rc[s][1]] = c;
	}
	/* A corner is field when either half-edge beside it is field. */
	for (unsigned h = 0; h < 8; h += 2) {
		unsigned a = h, b = (h + 7) % 8;   /* NL & WR, EL & NR, ... */
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
		int f = g->follower[t * CC_MAXSEG + i];
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

void cc_dump(const void *game, unsigned flags, arb_buf *out)
{
	const cc_game *g = game;
	const char *const *colours = cc_colours;
	if (flags & ARB_DUMP_LABELS) {
		dump_labels(out);
		return;
	}
	int minx = 0, maxx = 0, miny = 0, maxy = 0;
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_placed *p = &g->tile[t];
		minx = p->x < minx ? p->x : minx;
		maxx = p->x > maxx ? p->x : maxx;
		miny = p->y < miny ? p->y : miny;
		maxy = p->y > maxy ? p->y : maxy;
	}
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
			int f = g->follower[t * CC_MAXSEG + i];
			if (f < 0)
				continue;
			const cc_seg *sg = &o->seg[i];
			const char *spot = cc_spot_name(sg);
			arb_buf_printf(out, "%s: %s%s%s", colours[g->colour[f]],
				       cc_kind_name[sg->kind], spot ? " " : "",
				       spot ? spot : "");
			arb_buf_printf(out, " of tile %c at %d,%d (rotated %u)",
				       ty->letter, g->tile[t].x, g->tile[t].y,
				       g->tile[t].rot * 90u);
			arb_buf_putc(out, '\n');
		}
	}
	for (unsigned s = 0; s < g->nseats; s++)
		arb_buf_printf(out, "%s%s %d (%u in supply)", s ? ", " : "",
			       colours[g->colour[s]], g->score[s], g->supply[s]);
	arb_buf_printf(out, "\nTiles drawn: %u of %u (%u discarded)", g->drawn,
		       g->drawable, g->ndiscards);
	if (g->drawn < g->drawable)
		arb_buf_printf(out, "; %s to play", colours[g->colour[g->turn]]);
	arb_buf_putc(out, '\n');
}
