/*
 * dump.c — the text picture of an Elasund position (dump) and the
 * coordinate diagram of the notation (dump --labels).
 *
 * One cell per square, 4 characters wide, north at the top and the sea on
 * the left, with the wall lines around the building area; below the board
 * every seat's hand, supply, cubes and trade track, then the stacks.  Runs
 * once per dump, so it is written for clarity, not speed.
 */
#include <stdio.h>
#include <string.h>

#include "elasund.h"

static const char type_letter[B_NTYPES] = { 'W', 'M', 'T', 'K', 'L', 'H', 'S', 'h', 'l' };

static char initial(const el_game *g, int seat)
{
	return el_colours[g->colour[seat]][0];
}

/* What stands at (x, y) of a wall line, y = -1 (north) or EL_H (south),
 * or x = east_x for the east line: a gate, nothing, or wall space k
 * (returned) of *line; the text dump and the picture ask alike. */
enum { WALL_GATE = -2, WALL_NONE = -1 };
static int wall_space_at(const el_game *g, int x, int y, int *line)
{
	const el_layout *L = g->L;
	for (int i = 0; i < L->ngate; i++)
		if (L->gate[i][0] == x && L->gate[i][1] == y)
			return WALL_GATE;
	*line = y < 0 ? LINE_N : y >= EL_H ? LINE_S : LINE_E;
	if (*line == LINE_E && x != L->east_x)
		return WALL_NONE;
	int coord = *line == LINE_E ? y : x;
	for (int k = 0; k < L->nline[*line]; k++)
		if (L->line[*line][k] == coord)
			return k;
	return WALL_NONE;
}

/* One wall-line cell at (x, y) (wall_space_at); "" when nothing is
 * printed there. */
static void wall_cell(const el_game *g, int x, int y, bool labels, char out[16])
{
	out[0] = 0;
	int line, k = wall_space_at(g, x, y, &line);
	if (k == WALL_GATE)
		snprintf(out, 16, "gate");
	if (k < 0)
		return;
	if (labels) {
		if (line == LINE_E)
			snprintf(out, 16, "E%u", g->d->rownum[y]);
		else
			snprintf(out, 16, "%c%d", line == LINE_N ? 'N' : 'S', x + 1);
		return;
	}
	uint8_t w = g->pos.wall[line][k];
	if (!w)
		snprintf(out, 16, "_");
	else
		snprintf(out, 16, "%c%c", w & 16 ? '#' : '=', initial(g, (w & 15) - 1));
}

static void square_cell(const el_game *g, int x, int y, bool labels, char out[16])
{
	const el_pos *p = &g->pos;
	const el_data *d = g->d;
	const el_layout *L = g->L;
	if (labels) {
		if (x == d->found_x && y == d->found_y)
			snprintf(out, 16, "@");
		else if (L->mills[y][x] == 2)
			snprintf(out, 16, "~~");
		else if (L->mills[y][x] == 1)
			snprintf(out, 16, "~");
		else
			snprintf(out, 16, ".");
		for (unsigned s = 0; s < g->nseats; s++)
			for (int k = 0; k < 2; k++)
				if (d->start[g->colour[s]][k][0] == x &&
				    (d->start[g->colour[s]][k][1] == y ||
				     (k && d->start[g->colour[s]][k][1] + 1 == y)))
					snprintf(out, 16, "%c%c", initial(g, (int)s),
						 k ? 'l' : 'h');
		return;
	}
	int c = p->church[y][x];
	if (c >= 0) {
		snprintf(out, 16, "+%d%c", c + 1, initial(g, p->church_owner[c]));
		return;
	}
	int t = p->bld[y][x];
	if (t >= 0) {
		const el_tile *tl = &p->tile[t];
		if (tl->x == x && tl->y == y)
			snprintf(out, 16, "%c%c", initial(g, tl->owner), type_letter[tl->type]);
		else if (tl->y == y)
			snprintf(out, 16, "<");
		else
			snprintf(out, 16, "^");
		return;
	}
	int pm = p->permit[y][x];
	if (pm >= 0) {
		snprintf(out, 16, "%c%d", initial(g, pm >> 3) + ('a' - 'A'), pm & 7);
		return;
	}
	if (x == d->found_x && y == d->found_y)
		snprintf(out, 16, "@");
	else if (L->mills[y][x])
		snprintf(out, 16, L->mills[y][x] == 2 ? "~~" : "~");
	else
		snprintf(out, 16, ".");
}

static void board(const el_game *g, bool labels, arb_buf *out)
{
	const el_layout *L = g->L;
	int ncol = L->east_x + 1;
	arb_buf_puts(out, "      ");
	for (int x = 0; x < ncol; x++)
		arb_buf_printf(out, "%5d", x + 1);
	arb_buf_putc(out, '\n');
	for (int y = -1; y <= EL_H; y++) {
		if (y < 0 || y == EL_H)
			arb_buf_printf(out, "    %c ", y < 0 ? 'N' : 'S');
		else
			arb_buf_printf(out, "%c %2u |", !labels && g->pos.ship == y ? '>' : ' ',
				       g->d->rownum[y]);
		for (int x = 0; x < ncol; x++) {
			char cell[16] = "";
			if (y >= 0 && y < EL_H && x < L->cols)
				square_cell(g, x, y, labels, cell);
			else
				wall_cell(g, x, y, labels, cell);
			arb_buf_printf(out, "%5s", cell);
		}
		arb_buf_putc(out, '\n');
	}
}

static void labels(const el_game *g, arb_buf *out)
{
	arb_buf_printf(
		out,
		"Elasund coordinates, %u players: a square is COLUMN,ROW (column 1-%u from the sea,\n"
		"row = the ship number printed beside it; there is no row 7).  A building is placed\n"
		"by its top-left square.  Wall spaces: N<column>, S<column>, E<row>.\n",
		g->nseats, g->L->cols);
	board(g, true, out);
	arb_buf_puts(
		out,
		"~ trade field (1 windmill), ~~ trade field (2 windmills), @ church foundation,\n"
		"Xh / Xl starting squares of colour X's hut and long hut, gate = gate tile.\n"
		"The church tiles 1-9 read like the 3x3 picture:  1 2 3 / 4 5 6 / 7 8 9.\n");
	for (int n = 2; n <= 4; n++) {
		const el_layout *L = &g->d->layout[n - 2];
		if ((unsigned)n == g->nseats)
			continue;
		arb_buf_printf(
			out,
			"With %d players the area is columns 1-%u, the east wall stands on column %u",
			n, L->cols, L->east_x + 1);
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < L->cols; x++)
				if (L->mills[y][x] == 2)
					arb_buf_printf(out, ", ~~ at %d,%u", x + 1,
						       g->d->rownum[y]);
		arb_buf_puts(out, ".\n");
	}
}

void el_dump(const void *game, unsigned flags, arb_buf *out)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	const el_data *d = g->d;
	if (flags & ARB_DUMP_LABELS) {
		labels(g, out);
		return;
	}
	arb_buf_printf(out, "Elasund, %u players, after %u turn%s: ", g->nseats, p->turns,
		       p->turns == 1 ? "" : "s");
	if (p->over)
		arb_buf_printf(out, "%s has won\n", el_colours[g->colour[p->winner]]);
	else
		arb_buf_printf(out, "%s to act\n", el_colours[g->colour[p->active]]);
	if (p->ship < 0)
		arb_buf_puts(out, "ship: beside the board\n");
	else
		arb_buf_printf(out, "ship: row %u\n", d->rownum[p->ship]);
	board(g, false, out);
	arb_buf_puts(
		out,
		"key: XT building of X (W well, M market, T tavern, K merchant, L large, H house,\n"
		"     S workshop, h hut, l long hut; < and ^ its other squares), x2 permit of X worth 2,\n"
		"     +5X church tile 5 with X's cube, =X wall, #X tower, _ free wall space\n");
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		if (g->view != EL_NOVIEW) /* colours below, with the view */
			arb_buf_printf(
				out,
				"%-6s cubes %2u  gold %2d  influence %d  track %2d  walls %u/9  permits",
				el_colours[g->colour[s]], ps->cubes, ps->gold, ps->infl[0],
				g->opt.track_uncapped ? ps->trade : ps->track, ps->walls);
		else
			arb_buf_printf(
				out,
				"%-6s cubes %2u  gold %2d  influence r%d b%d g%d  track %2d  walls %u/9  permits",
				el_colours[g->colour[s]], ps->cubes, ps->gold, ps->infl[0],
				ps->infl[1], ps->infl[2],
				g->opt.track_uncapped ? ps->trade : ps->track, ps->walls);
		for (int v = 0; v < EL_NPERMIT; v++)
			if (ps->permits & (1u << v))
				arb_buf_printf(out, " %d", v);
		if (ps->flags) {
			arb_buf_puts(out, "  flags");
			for (int f = 0; f < 16; f++)
				if (ps->flags & (1u << f))
					arb_buf_printf(out, " %d", f);
		}
		arb_buf_putc(out, '\n');
	}
	if (g->view != EL_NOVIEW)
		arb_buf_printf(out, "influence deck %d, discards %d; ", p->deck[0], p->disc[0]);
	else
		arb_buf_printf(out, "influence deck r%d b%d g%d, discards r%d b%d g%d; ",
			       p->deck[0], p->deck[1], p->deck[2], p->disc[0], p->disc[1],
			       p->disc[2]);
	arb_buf_printf(out, "bank %d gold\n",
		       g->gold_total - p->seat[0].gold - p->seat[1].gold -
			       (g->nseats > 2 ? p->seat[2].gold : 0) -
			       (g->nseats > 3 ? p->seat[3].gold : 0));
	int left = __builtin_popcount(p->church_left);
	arb_buf_printf(out, "church: %d of 9 built", EL_NCHURCH - left);
	if (p->church_bottom >= 0 && (p->church_left & (1u << p->church_bottom)))
		arb_buf_printf(out, ", tile %d under the stack", p->church_bottom + 1);
	arb_buf_puts(out, "\nstacks:");
	for (int t = 0; t < B_NTYPES; t++) {
		if (d->bt[t].kind != K_NEUTRAL)
			continue;
		int n = 0;
		for (int i = 0; i < g->nneutral; i++)
			n += p->tile[i].type == t && !p->tile[i].on;
		arb_buf_printf(out, " %s %d", d->bt[t].name, n);
	}
	arb_buf_putc(out, '\n');
	el_view_dump(g, out); /* a view: the colours known, as ranges */
}

/* ------------------------------------------------------------ the picture
 *
 * el_draw() draws the same board on a canvas: CELL units a square, the
 * sea and the ship on the left, the wall lines (north, south, east) around
 * the building area, then the trade fields, permits, buildings (framed in
 * their owner's colour, with their VP cubes), the church and its
 * foundation; the trade track runs under the board and each player's
 * gold, influence cards, cubes and permits sit in the panel on the right. */

#define CELL 52.0
#define SEA 70.0 /* the sea strip left of column 1        */
#define TOP 30.0 /* the column numbers                    */
#define EL_PANEL 300.0

static double cell_x(int x)
{
	return SEA + x * CELL;
}
static double cell_y(int y)
{
	return TOP + (y + 1) * CELL;
} /* y -1: north line */

/* A VP cube of seat colour r at x,y. */
static void cube(const arb_canvas *cv, double x, double y, arb_role r)
{
	arb_draw_rect(cv, x, y, 9, 9, r, ARB_ROLE_INK, 1);
}

/* The wall space or gate at column x / row y of a wall line. */
static void draw_wall_cell(const el_game *g, int x, int y, const arb_canvas *cv)
{
	double px = cell_x(x), py = cell_y(y);
	int line, k = wall_space_at(g, x, y, &line);
	if (k == WALL_GATE) {
		arb_draw_rect(cv, px + 4, py + 4, CELL - 8, CELL - 8, ARB_ROLE_WALL, ARB_ROLE_INK,
			      1);
		arb_draw_textf(cv, px + CELL / 2, py + CELL / 2 + 5, 12, ARB_MIDDLE, true,
			       ARB_ROLE_PAPER, "gate");
		return;
	}
	if (k < 0)
		return;
	uint8_t w = g->pos.wall[line][k];
	if (!w) {
		arb_draw_rect(cv, px + 6, py + 6, CELL - 12, CELL - 12, ARB_ROLE_NONE,
			      ARB_ROLE_LABEL, 1);
		return;
	}
	arb_role owner = ARB_ROLE_COLOUR(g->colour[(w & 15) - 1]);
	arb_draw_rect(cv, px + 4, py + 4, CELL - 8, CELL - 8, ARB_ROLE_WALL, owner, 4);
	if (w & 16) { /* a tower: battlements */
		for (int b = 0; b < 3; b++)
			arb_draw_rect(cv, px + 10 + b * 12, py + 12, 8, 8, ARB_ROLE_PAPER,
				      ARB_ROLE_INK, 1);
		arb_draw_textf(cv, px + CELL / 2, py + CELL - 11, 11, ARB_MIDDLE, true,
			       ARB_ROLE_PAPER, "tower");
	}
}

/* Building tile t on the board: framed in its owner's colour. */
static void draw_building(const el_game *g, const el_tile *tl, const arb_canvas *cv)
{
	const el_btype *bt = &g->d->bt[tl->type];
	double px = cell_x(tl->x), py = cell_y(tl->y);
	arb_role owner = tl->owner >= 0 ? ARB_ROLE_COLOUR(g->colour[tl->owner]) : ARB_ROLE_INK;
	arb_draw_rect(cv, px + 3, py + 3, bt->w * CELL - 6, bt->h * CELL - 6, ARB_ROLE_PERMIT,
		      owner, 4);
	double room = bt->w * CELL - 8, size = room / (0.66 * (double)strlen(bt->name));
	arb_draw_textf(cv, px + bt->w * CELL / 2, py + 20, size < 12 ? size : 12, ARB_MIDDLE, true,
		       ARB_ROLE_INK, "%s", bt->name);
	arb_draw_textf(cv, px + bt->w * CELL / 2, py + 34, 11, ARB_MIDDLE, false, ARB_ROLE_LABEL,
		       "%ux%u", bt->w, bt->h);
	for (unsigned c = 0; c < tl->cubes && c < 3; c++)
		cube(cv, px + 9 + c * 12, py + bt->h * CELL - 18, owner);
}

/* Mark what the refused turn tried to use: the building's footprint, the
 * wall space, the permit's or the special action's square. */
static void el_draw_mark(const el_game *g, const el_move *m, uint32_t col, const arb_canvas *cv)
{
	double x = -1, y = -1, w = 1, h = 1;
	uint32_t best = 0;
	for (unsigned i = 0; i < m->nbuild && i < 2; i++) {
		const el_build *b = &m->build[i];
		if (b->at.col > col || b->at.col < best)
			continue;
		best = b->at.col;
		if (b->kind == BK_BUILDING && b->type < B_NTYPES) {
			x = b->x, y = b->y, w = g->d->bt[b->type].w, h = g->d->bt[b->type].h;
		} else if (b->kind == BK_WALL && b->wline <= LINE_E) {
			x = b->wline == LINE_E ? g->L->east_x : b->widx;
			y = b->wline == LINE_N ? -1 : b->wline == LINE_S ? EL_H : b->widx;
		} else if (b->kind == BK_CHURCH) {
			x = g->d->found_x, y = g->d->found_y;
		} else {
			x = y = -1;
		}
	}
	if (m->p3 == 2 && m->at_p3.col && m->at_p3.col <= col && m->at_p3.col >= best) {
		best = m->at_p3.col;
		x = m->p3x, y = m->p3y, w = h = 1;
	}
	if (m->sp != SP_NONE && m->at_sp.col && m->at_sp.col <= col && m->at_sp.col >= best) {
		x = m->spx, y = m->spy, w = h = 1;
		/* only a move has a second square: place's and raise's second
		 * word is the square itself or the value */
		if (m->sp == SP_MOVE && m->at_sp2.col && m->at_sp2.col <= col)
			x = m->spx2, y = m->spy2;
	}
	if (x < 0 || x > EL_W || y < -1 || y > EL_H)
		return;
	arb_draw_rect(cv, cell_x((int)x) + 1, cell_y((int)y) + 1, w * CELL - 2, h * CELL - 2,
		      ARB_ROLE_NONE, ARB_ROLE_HIGHLIGHT, 5);
}

/* The panel: per seat its cubes, gold, influence, track, walls, permits. */
static void el_panel(const el_game *g, double x, double y, const arb_canvas *cv)
{
	const el_pos *p = &g->pos;
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		arb_role r = ARB_ROLE_COLOUR(g->colour[s]);
		cube(cv, x, y - 11, r);
		arb_draw_textf(cv, x + 16, y, 16, ARB_START, true, ARB_ROLE_INK, "%s: %u cube%s%s",
			       el_cname(g, (int)s), ps->cubes, ps->cubes == 1 ? "" : "s",
			       !p->over && p->active == s ? " (to act)" : "");
		y += 20;
		arb_draw_textf(cv, x + 16, y, 13, ARB_START, false, ARB_ROLE_INK,
			       "gold %d; influence %d red, %d blue, %d green", ps->gold,
			       ps->infl[IR], ps->infl[IB], ps->infl[IG]);
		y += 18;
		char permits[32] = "";
		size_t o = 0;
		for (int v = 0; v < EL_NPERMIT; v++)
			if ((ps->permits & (1u << v)) && o + 3 < sizeof permits)
				o += (size_t)snprintf(permits + o, sizeof permits - o, "%s%d",
						      o ? " " : "", v);
		arb_draw_textf(cv, x + 16, y, 13, ARB_START, false, ARB_ROLE_LABEL,
			       "trade %d; walls %u of 9; permits %s",
			       g->opt.track_uncapped ? ps->trade : ps->track, ps->walls,
			       o ? permits : "none");
		y += 28;
	}
	arb_draw_textf(cv, x, y, 13, ARB_START, false, ARB_ROLE_INK,
		       "Influence deck: %d red, %d blue, %d green", p->deck[0], p->deck[1],
		       p->deck[2]);
	y += 18;
	arb_draw_textf(cv, x, y, 13, ARB_START, false, ARB_ROLE_INK,
		       "Bank: %d gold; church %d of 9", el_bank_gold(g),
		       EL_NCHURCH - __builtin_popcount(p->church_left));
	y += 18;
	if (p->over && p->winner >= 0)
		arb_draw_textf(cv, x, y, 14, ARB_START, true, ARB_ROLE_INK, "Game over: %s wins",
			       el_cname(g, p->winner));
	y += 30;
	static const struct {
		arb_role r;
		arb_role s;
		const char *what;
	} legend[] = {
		{ ARB_ROLE_PERMIT, ARB_ROLE_INK, "building (frame: owner)" },
		{ ARB_ROLE_WALL, ARB_ROLE_INK, "wall / gate" },
		{ ARB_ROLE_CHURCH, ARB_ROLE_INK, "church tile" },
		{ ARB_ROLE_NONE, ARB_ROLE_CHURCH, "church foundation" },
		{ ARB_ROLE_GOLD, ARB_ROLE_INK, "trade field (windmills)" },
	};
	for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
		arb_draw_rect(cv, x, y - 12, 14, 14, legend[i].r, legend[i].s, 1.5);
		arb_draw_textf(cv, x + 20, y, 13, ARB_START, false, ARB_ROLE_INK, "%s",
			       legend[i].what);
		y += 20;
	}
	arb_draw_textf(cv, x, y, 13, ARB_START, false, ARB_ROLE_LABEL,
		       "small squares: permits (value), cubes");
}

void el_draw(const void *game, unsigned flags, const arb_canvas *cv, const arb_mark *mark)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	const el_data *d = g->d;
	const el_layout *L = g->L;
	(void)flags; /* the coordinates are always on the margins */
	int ncol = L->east_x + 1;
	double bw = SEA + ncol * CELL + 10;
	double track_y = cell_y(EL_H + 1) + 20;
	double h = track_y + 60;
	cv->begin(cv->ctx, bw + EL_PANEL, h > 520 ? h : 520);
	/* the sea, the ship and the row numbers */
	arb_draw_rect(cv, 0, cell_y(0), SEA - 4, EL_H * CELL, ARB_ROLE_WATER, ARB_ROLE_NONE, 0);
	for (int y = 0; y < EL_H; y++)
		arb_draw_textf(cv, 14, cell_y(y) + CELL / 2 + 6, 15, ARB_MIDDLE, true,
			       ARB_ROLE_PAPER, "%u", d->rownum[y]);
	if (p->ship >= 0) {
		double sy = cell_y(p->ship) + CELL / 2;
		arb_pt hull[] = {
			{ 28, sy + 2 }, { 62, sy + 2 }, { 56, sy + 13 }, { 34, sy + 13 }
		};
		cv->polygon(cv->ctx, hull, 4, ARB_ROLE_WALL, ARB_ROLE_INK, 1.2);
		arb_pt sail[] = { { 45, sy - 17 }, { 45, sy }, { 59, sy } };
		cv->polygon(cv->ctx, sail, 3, ARB_ROLE_PAPER, ARB_ROLE_INK, 1.2);
	}
	for (int x = 0; x < ncol; x++)
		arb_draw_textf(cv, cell_x(x) + CELL / 2, TOP - 8, 14, ARB_MIDDLE, false,
			       ARB_ROLE_LABEL, "%d", x + 1);
	/* the building area and its trade fields */
	arb_draw_rect(cv, cell_x(0), cell_y(0), L->cols * CELL, EL_H * CELL, ARB_ROLE_GROUND,
		      ARB_ROLE_INK, 1.5);
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < L->cols; x++) {
			double px = cell_x(x), py = cell_y(y);
			arb_draw_rect(cv, px, py, CELL, CELL, ARB_ROLE_NONE, ARB_ROLE_LABEL, 0.4);
			for (int m = 0; m < L->mills[y][x]; m++)
				cv->circle(cv->ctx, px + CELL - 9 - m * 12, py + 9, 4.5,
					   ARB_ROLE_GOLD, ARB_ROLE_INK, 0.8);
		}
	arb_draw_rect(cv, cell_x(d->found_x) + 3, cell_y(d->found_y) + 3, CELL - 6, CELL - 6,
		      ARB_ROLE_NONE, ARB_ROLE_CHURCH, 3);
	for (int y = -1; y <= EL_H; y++)
		for (int x = 0; x < ncol; x++)
			if (y < 0 || y == EL_H || x >= L->cols)
				draw_wall_cell(g, x, y, cv);
	/* permits, buildings, church tiles */
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < L->cols; x++) {
			int pm = p->permit[y][x];
			if (pm < 0 || p->bld[y][x] >= 0 || p->church[y][x] >= 0)
				continue;
			double px = cell_x(x) + 12, py = cell_y(y) + 14;
			arb_role r = ARB_ROLE_COLOUR(g->colour[pm >> 3]);
			arb_draw_rect(cv, px, py, 28, 26, r, ARB_ROLE_INK, 1);
			cv->circle(cv->ctx, px + 14, py + 13, 9, ARB_ROLE_PAPER, ARB_ROLE_NONE, 0);
			arb_draw_textf(cv, px + 14, py + 18, 13, ARB_MIDDLE, true, ARB_ROLE_INK,
				       "%d", pm & 7);
		}
	for (int t = 0; t < EL_MAXTILES; t++)
		if (p->tile[t].on && !p->tile[t].gone && p->tile[t].type < B_NTYPES)
			draw_building(g, &p->tile[t], cv);
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < L->cols; x++) {
			int c = p->church[y][x];
			if (c < 0)
				continue;
			double px = cell_x(x), py = cell_y(y);
			arb_draw_rect(cv, px + 2, py + 2, CELL - 4, CELL - 4, ARB_ROLE_CHURCH,
				      ARB_ROLE_INK, 1.5);
			arb_draw_textf(cv, px + CELL / 2, py + 22, 14, ARB_MIDDLE, true,
				       ARB_ROLE_INK, "%d", c + 1);
			if (p->church_owner[c] >= 0)
				cube(cv, px + CELL / 2 - 4.5, py + 30,
				     ARB_ROLE_COLOUR(g->colour[p->church_owner[c]]));
		}
	/* the trade track: a space per step, the players' disks on it */
	arb_draw_textf(cv, cell_x(0), track_y - 8, 13, ARB_START, false, ARB_ROLE_LABEL,
		       "trade track");
	double step = (ncol * CELL) / (d->track_last + 1.0);
	for (int sp = 0; sp <= d->track_last; sp++) {
		double px = cell_x(0) + sp * step;
		arb_draw_rect(cv, px, track_y, step - 2, 24,
			      d->flagcap[sp] ? ARB_ROLE_GOLD : ARB_ROLE_PERMIT, ARB_ROLE_INK, 0.8);
		arb_draw_textf(cv, px + step / 2 - 1, track_y + 38, 10, ARB_MIDDLE, false,
			       ARB_ROLE_LABEL, "%d", sp);
	}
	for (unsigned s = 0; s < g->nseats; s++) {
		int t = g->opt.track_uncapped ? p->seat[s].trade : p->seat[s].track;
		if (t > d->track_last)
			t = d->track_last;
		if (t < 0)
			t = 0;
		cv->circle(cv->ctx, cell_x(0) + t * step + step / 2 - 1, track_y + 6 + 4 * s, 5,
			   ARB_ROLE_COLOUR(g->colour[s]), ARB_ROLE_INK, 1);
	}
	if (mark && mark->move)
		el_draw_mark(g, mark->move, mark->col, cv);
	el_panel(g, bw + 6, TOP + 10, cv);
}
