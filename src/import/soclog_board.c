/*
 * soclog_board.c — JSettlers2's classic board (SOCBoardLayout: 37 hexes,
 * ports in the ring of water hexes) mapped onto the engine's island, and
 * its node and edge coordinates onto the engine's places.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"

/* The hex coordinate of each of SOCBoardLayout's 37 hexes, row by row
 * (the classic encoding: the first digit runs north-west to south-east,
 * the second south-west to north-east; 0x77 is the centre). */
static const uint8_t soc_hex_id[SOC_HEXES] = {
	0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79,
	0x9B, 0xBD, 0x11, 0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97,
	0xB9, 0xDB, 0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5, 0xD7,
};
/* The 19 land hexes among them, row by row: our hexes A..S. */
static const uint8_t soc_land[CAT_HEXES] = { 5,	 6,  7,	 10, 11, 12, 13, 16, 17, 18,
					     19, 20, 23, 24, 25, 26, 29, 30, 31 };
/* A hex's corners from its coordinate, N NE SE S SW NW (the engine's
 * hex_node order). */
static const int soc_corner[6] = { 0x01, 0x12, 0x21, 0x10, -0x01, -0x10 };
/* Sent dice numbers (SOCBoardLayout's numberLayout 0..9) to numbers. */
static const int soc_number[10] = { 2, 3, 4, 5, 6, 8, 9, 10, 11, 12 };

/* ------------------------------------------------------------ the board */

/* Parse "{ n n n ... }" (SOC_HEXES numbers) after field `key`. */
static int layout_field(const char *body, const char *key, long out[SOC_HEXES])
{
	const char *s = soc_field(body, key);
	if (!s || *s != '{')
		return -1;
	s++;
	for (int i = 0; i < SOC_HEXES; i++) {
		char *end;
		out[i] = strtol(s, &end, 10);
		if (end == s)
			return -1;
		s = end;
	}
	while (*s == ' ')
		s++;
	return *s == '}' ? 0 : -1;
}

/* Our node at JSettlers2 node coordinate `coord`, or -1. */
int soc_node_at(const conv *c, int coord)
{
	return coord >= 0 && coord < 256 ? c->node_of[coord] : -1;
}

/* A JSettlers2 edge: (even, even) digits are the vertical edge from
 * coord+0x01 to coord+0x10; otherwise the slanted one from coord to
 * coord+0x11. */
int soc_edge_at(const conv *c, int coord)
{
	if (coord < 0 || coord > 0xEE)
		return -1;
	bool vertical = ((coord & 0x0F) + (coord >> 4)) % 2 == 0;
	int a = vertical ? coord + 0x01 : coord, b = vertical ? coord + 0x10 : coord + 0x11;
	return cat_edge_between(c->d, soc_node_at(c, a), soc_node_at(c, b));
}

/* SOCBoardLayout: hexLayout (6 water, 0 desert, 1..5 clay ore sheep wheat
 * wood, 7..12 a 3:1 port facing 1..6, 16+ facing << 4 | port kind),
 * numberLayout, robberHex. */
int soc_board_layout(conv *c, const char *body)
{
	long hl[SOC_HEXES], nl[SOC_HEXES], robber;
	if (layout_field(body, "hexLayout", hl) || layout_field(body, "numberLayout", nl))
		return fail(c, "SOCBoardLayout without its 37 hexes and numbers");
	if (soc_int_field(body, "robberHex", false, &robber) &&
	    (!soc_field(body, "robberHex") ||
	     sscanf(soc_field(body, "robberHex"), "0x%lx", &robber) != 1))
		return fail(c, "SOCBoardLayout without the robber's hex");
	for (int i = 0; i < 256; i++)
		c->node_of[i] = c->hex_of[i] = -1;
	bool land[SOC_HEXES] = { false };
	int terrain[CAT_HEXES], token[CAT_HEXES];
	for (int h = 0; h < CAT_HEXES; h++) {
		int i = soc_land[h];
		land[i] = true;
		long v = hl[i];
		static const int terr[7] = { T_DESERT, R_BRICK, R_ORE, R_WOOL, R_GRAIN, R_LUMBER };
		if (v < 0 || v > 5)
			return fail(
				c,
				"hex %d of the board (0x%02X) is %s, where the classic board has "
				"land",
				i, soc_hex_id[i], v == 6 ? "water" : "no land hex");
		terrain[h] = terr[v];
		token[h] = 0;
		if (v != 0) {
			if (nl[i] < 0 || nl[i] > 9)
				return fail(c, "land hex 0x%02X has no number", soc_hex_id[i]);
			token[h] = soc_number[nl[i]];
		}
		c->hex_of[soc_hex_id[i]] = h;
		for (int k = 0; k < 6; k++)
			c->node_of[soc_hex_id[i] + soc_corner[k]] =
				cat_hex_corner(c->d, (unsigned)h, (unsigned)k);
	}
	int harb_kind[CAT_HARBOURS], harb_edge[CAT_HARBOURS], nharb = 0;
	for (int i = 0; i < SOC_HEXES; i++) {
		if (land[i])
			continue;
		long v = hl[i];
		int kind, facing;
		if (v == 6)
			continue;
		if (v >= 7 && v <= 12) {
			kind = 0;
			facing = (int)v - 6;
		} else if (v >= 16 && (v & 0x0F) >= 1 && (v & 0x0F) <= 5 && (v >> 4) >= 1 &&
			   (v >> 4) <= 6) {
			kind = (int)(v & 0x0F);
			facing = (int)(v >> 4);
		} else {
			return fail(
				c,
				"hex 0x%02X of the water ring is %ld: land or no port, which the "
				"classic board has not",
				soc_hex_id[i], v);
		}
		/* The port's side facing land joins its corners facing-1 and
		 * facing (mod 6), which are the land's. */
		int a = soc_node_at(c, soc_hex_id[i] + soc_corner[facing - 1]);
		int e = cat_edge_between(c->d, a,
					 soc_node_at(c, soc_hex_id[i] + soc_corner[facing % 6]));
		if (e < 0)
			return fail(c, "the port at hex 0x%02X faces no coast of the island",
				    soc_hex_id[i]);
		if (nharb < CAT_HARBOURS) {
			harb_kind[nharb] = kind ? soc_res[kind] : CAT_RES;
			harb_edge[nharb] = e;
		}
		nharb++;
	}
	if (nharb != CAT_HARBOURS)
		return fail(c, "the board has %d ports: the classic board has 9", nharb);
	arb_buf_reset(&c->setup_tag);
	arb_icat_board(&c->setup_tag, c->d, terrain, token, harb_kind, harb_edge);
	int rh = robber >= 0 && robber < 256 ? c->hex_of[robber] : -1;
	if (rh < 0 || terrain[rh] != T_DESERT)
		return fail(c, "the robber starts at hex 0x%lX, not on the desert", robber);
	c->board = true;
	return 0;
}
