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

/* One wall-line cell at (x, y) with y = -1 (north) or EL_H (south), or
 * x = east_x for the east line; "" when nothing is printed there. */
static void wall_cell(const el_game *g, int x, int y, bool labels, char out[16])
{
	const el_layout *L = g->L;
	out[0] = 0;
	for (int i = 0; i < L->ngate; i++)
		if (L->gate[i][0] == x && L->gate[i][1] == y) {
			snprintf(out, 16, "gate");
			return;
		}
	int line = y < 0 ? LINE_N : y >= EL_H ? LINE_S : LINE_E;
	if (line == LINE_E && x != L->east_x)
		return;
	int coord = line == LINE_E ? y : x;
	for (int k = 0; k < L->nline[line]; k++) {
		if (L->line[line][k] != coord)
			continue;
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
		return;
	}
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
				    (d->start[g->colour[s]][k][1] == y || (k && d->start[g->colour[s]][k][1] + 1 == y)))
					snprintf(out, 16, "%c%c", initial(g, (int)s), k ? 'l' : 'h');
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
			arb_buf_printf(out, "%c %2u |", !labels && g->pos.ship == y ? '>' : ' ', g->d->rownum[y]);
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
	arb_buf_printf(out, "Elasund coordinates, %u players: a square is COLUMN,ROW (column 1-%u from the sea,\n"
			    "row = the ship number printed beside it; there is no row 7).  A building is placed\n"
			    "by its top-left square.  Wall spaces: N<column>, S<column>, E<row>.\n",
		       g->nseats, g->L->cols);
	board(g, true, out);
	arb_buf_puts(out, "~ trade field (1 windmill), ~~ trade field (2 windmills), @ church foundation,\n"
			  "Xh / Xl starting squares of colour X's hut and long hut, gate = gate tile.\n"
			  "The church tiles 1-9 read like the 3x3 picture:  1 2 3 / 4 5 6 / 7 8 9.\n");
	for (int n = 2; n <= 4; n++) {
		const el_layout *L = &g->d->layout[n - 2];
		if ((unsigned)n == g->nseats)
			continue;
		arb_buf_printf(out, "With %d players the area is columns 1-%u, the east wall stands on column %u",
			       n, L->cols, L->east_x + 1);
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < L->cols; x++)
				if (L->mills[y][x] == 2)
					arb_buf_printf(out, ", ~~ at %d,%u", x + 1, g->d->rownum[y]);
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
	arb_buf_printf(out, "Elasund, %u players, after %u turn%s: ", g->nseats, p->turns, p->turns == 1 ? "" : "s");
	if (p->over)
		arb_buf_printf(out, "%s has won\n", el_colours[g->colour[p->winner]]);
	else
		arb_buf_printf(out, "%s to act\n", el_colours[g->colour[p->active]]);
	if (p->ship < 0)
		arb_buf_puts(out, "ship: beside the board\n");
	else
		arb_buf_printf(out, "ship: row %u\n", d->rownum[p->ship]);
	board(g, false, out);
	arb_buf_puts(out, "key: XT building of X (W well, M market, T tavern, K merchant, L large, H house,\n"
			  "     S workshop, h hut, l long hut; < and ^ its other squares), x2 permit of X worth 2,\n"
			  "     +5X church tile 5 with X's cube, =X wall, #X tower, _ free wall space\n");
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		arb_buf_printf(out, "%-6s cubes %2u  gold %2d  influence r%d b%d g%d  track %2d  walls %u/9  permits",
			       el_colours[g->colour[s]], ps->cubes, ps->gold, ps->infl[0], ps->infl[1],
			       ps->infl[2], g->opt.track_uncapped ? ps->trade : ps->track, ps->walls);
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
	arb_buf_printf(out, "influence deck r%d b%d g%d, discards r%d b%d g%d; bank %d gold\n",
		       p->deck[0], p->deck[1], p->deck[2], p->disc[0], p->disc[1], p->disc[2],
		       g->gold_total - p->seat[0].gold - p->seat[1].gold -
			       (g->nseats > 2 ? p->seat[2].gold : 0) - (g->nseats > 3 ? p->seat[3].gold : 0));
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
}
