/*
 * pioneers_board.c — a Pioneers map ("map" rows of cells, "chits" in their
 * order) mapped onto the engine's island: the cells' lattice placed on the
 * engine's by the first land hex, the harbours by the side they face.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pioneers.h"

/* ------------------------------------------------------------ the board */

/* Column of a map cell's centre on the engine's half-hex lattice, before
 * the offset: Pioneers shifts odd rows half a hex to the right. */
static int cell_x2(int x, int y)
{
	return y % 2 ? 2 * x : 2 * x - 1;
}

/* Corner k (Pioneers: 0 upper right, counter-clockwise) of cell (x, y)
 * as lattice column and row offsets from the centre. */
static const int corner_dx[6] = { 1, 0, -1, -1, 0, 1 };
static const int corner_dr[6] = { 0, 0, 0, 1, 1, 1 };

int pio_node(const conv *c, int x, int y, int k)
{
	if (!c->mapped || x < 0 || y < 0 || x >= PIO_MAX_W || y >= PIO_MAX_H || k < 0 || k > 5)
		return -1;
	return cat_node_at(c->d, cell_x2(x, y) + c->off_x + corner_dx[k],
			   y + c->off_r + corner_dr[k]);
}

/* Side k of a cell (Pioneers: 0 east, counter-clockwise) joins corners
 * k-1 and k. */
int pio_edge(const conv *c, int x, int y, int k)
{
	if (k < 0 || k > 5)
		return -1;
	return cat_edge_between(c->d, pio_node(c, x, y, (k + 5) % 6), pio_node(c, x, y, k));
}

static int terrain_of(char t)
{
	switch (t) {
	case 'h':
		return R_BRICK;
	case 't':
		return R_LUMBER;
	case 'p':
		return R_WOOL;
	case 'f':
		return R_GRAIN;
	case 'm':
		return R_ORE;
	case 'd':
		return T_DESERT;
	default:
		return -1;
	}
}

/* One map row "-,s?5,p0,...": cells into c->map[c->map_h]. */
int pio_map_row(conv *c, const char *s)
{
	if (c->map_h == PIO_MAX_H)
		return fail(c, "the map has more than %d rows", PIO_MAX_H);
	int y = c->map_h++, x = 0;
	while (*s) {
		if (x == PIO_MAX_W)
			return fail(c, "map row %d has more than %d cells", y, PIO_MAX_W);
		cell *m = &c->map[y][x];
		memset(m, 0, sizeof *m);
		m->hex = -1;
		if (*s == '-') {
			s++;
		} else if (*s == 's') {
			m->kind = 's';
			s++;
			if (*s && *s != ',') {
				if (!strchr("?bgowl", *s) || s[1] < '0' || s[1] > '5')
					return fail(
						c,
						"map row %d: sea cell with \"%.8s\" is not a harbour of "
						"the base game",
						y, s);
				m->port = *s;
				m->num = s[1] - '0';
				s += 2;
			}
		} else if (*s == 'g') {
			return fail(c, "the map has a gold field, which the base game has not");
		} else if (terrain_of(*s) >= 0) {
			m->kind = *s++;
			char *end;
			long n = strtol(s, &end, 10);
			if (end == s || n < 0 || n > 99)
				return fail(c, "map row %d: land without its chit order", y);
			m->num = (int)n;
			s = end;
		} else {
			return fail(c, "map row %d: unknown cell \"%.8s\"", y, s);
		}
		if (*s == 'R' || *s == '+')
			s++; /* markers some map files carry; the robber comes from RO */
		if (*s == ',')
			s++;
		else if (*s)
			return fail(c, "map row %d: unknown cell ending \"%.8s\"", y, s);
		x++;
	}
	return 0;
}

/* The map and chits as a Setup tag; sets each land cell's hex. */
int pio_map_board(conv *c, arb_buf *setup)
{
	const cat_data *d = c->d;
	int nland = 0, first_x = -1, first_y = -1;
	for (int y = 0; y < c->map_h; y++)
		for (int x = 0; x < PIO_MAX_W; x++)
			if (c->map[y][x].kind && c->map[y][x].kind != 's') {
				if (!nland++) {
					first_x = x;
					first_y = y;
				}
			}
	if (nland != CAT_HEXES)
		return fail(c,
			    "the map has %d land hexes: TGN's Catan holds the base game's "
			    "island of 19",
			    nland);
	/* The first land cell is hex A: that fixes the offset; every other
	 * land cell must then be the island's. */
	int ax, ar;
	cat_hex_place(d, 0, &ax, &ar);
	c->off_x = ax - cell_x2(first_x, first_y);
	c->off_r = ar - first_y;
	c->mapped = true;
	for (int y = 0; y < c->map_h; y++)
		for (int x = 0; x < PIO_MAX_W; x++) {
			cell *m = &c->map[y][x];
			if (!m->kind || m->kind == 's')
				continue;
			m->hex = cat_hex_at(d, cell_x2(x, y) + c->off_x, y + c->off_r);
			if (m->hex < 0)
				return fail(
					c,
					"the map's land is not the base game's island (rows of 3, 4, "
					"5, 4 and 3 hexes): hex at column %d, row %d",
					x, y);
		}
	/* Chits go to the land hexes in their order number, deserts skipped. */
	int token[CAT_HEXES] = { 0 }, terrain[CAT_HEXES];
	int next = 0;
	for (int order = 0; order < 100; order++)
		for (int y = 0; y < c->map_h; y++)
			for (int x = 0; x < PIO_MAX_W; x++) {
				cell *m = &c->map[y][x];
				if (!m->kind || m->kind == 's' || m->num != order)
					continue;
				terrain[m->hex] = terrain_of(m->kind);
				if (terrain[m->hex] == T_DESERT)
					continue;
				if (next == c->nchits)
					return fail(c,
						    "the map has more numbered hexes than chits");
				token[m->hex] = c->chits[next++];
			}
	int harb_kind[CAT_HARBOURS], harb_edge[CAT_HARBOURS], nharb = 0;
	for (int y = 0; y < c->map_h; y++)
		for (int x = 0; x < PIO_MAX_W; x++) {
			cell *m = &c->map[y][x];
			if (m->kind != 's' || !m->port)
				continue;
			int e = pio_edge(c, x, y, m->num);
			if (e < 0)
				return fail(
					c,
					"the harbour at column %d, row %d faces no coast of the "
					"island",
					x, y);
			static const int kinds[] = { CAT_RES, R_BRICK, R_GRAIN,
						     R_ORE,   R_WOOL,  R_LUMBER };
			if (nharb < CAT_HARBOURS) {
				harb_kind[nharb] = kinds[strchr("?bgowl", m->port) - "?bgowl"];
				harb_edge[nharb] = e;
			}
			nharb++;
		}
	if (nharb != CAT_HARBOURS)
		return fail(c, "the map has %d harbours: TGN's Catan has 9", nharb);
	arb_icat_board(setup, d, terrain, token, harb_kind, harb_edge);
	return 0;
}

int pio_hex_at(conv *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= PIO_MAX_W || y >= c->map_h || !c->map[y][x].kind ||
	    c->map[y][x].kind == 's' || c->map[y][x].hex < 0)
		return fail(c, "the robber goes to column %d, row %d, which is no land hex", x, y);
	return c->map[y][x].hex;
}
