/*
 * data.c — the island's geometry and the game data (notation/catan/
 * catan.yaml, or the file given with --data): the bank, terrain and
 * tokens, pieces, costs, development cards, harbours, the goal and the
 * beginner board; every limit the rest of the engine assumes is checked
 * here, at the YAML key that breaks it.  Also the board checks against
 * the box (a variable board in the Setup tag must use its components).
 *
 * The geometry is computed, not tabulated: pointy-top hexes in rows of
 * 3-4-5-4-3, each hex centred on a half-hex column x (0..10), its six
 * corners on zig-zag node rows r (its N, NE, NW) and r+1 (its S, SE, SW).
 * A node (x, row) points up when x + row is odd.  Computing it once at load
 * time keeps the tables and the diagram in notation/catan.md in step.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "catan.h"

static const uint8_t row_len[5] = { 3, 4, 5, 4, 3 };
static const uint8_t row_x0[5] = { 3, 2, 1, 2, 3 };
static const uint8_t node_row_x0[6] = { 2, 1, 0, 0, 1, 2 };
static const uint8_t node_row_x1[6] = { 8, 9, 10, 10, 9, 8 };

void cat_geom_init(cat_geom *g)
{
	memset(g, 0, sizeof *g);
	memset(g->node_at, -1, sizeof g->node_at);
	memset(g->edge_at, -1, sizeof g->edge_at);
	unsigned n = 0;
	for (unsigned r = 0; r < 6; r++)
		for (unsigned x = node_row_x0[r]; x <= node_row_x1[r]; x++) {
			g->node_at[r][x] = (int8_t)n;
			g->node_x[n] = (uint8_t)x;
			g->node_row[n] = (uint8_t)r;
			n++;
		}
	assert(n == CAT_NODES);
	unsigned h = 0;
	for (unsigned r = 0; r < 5; r++)
		for (unsigned c = 0; c < row_len[r]; c++, h++) {
			unsigned x = row_x0[r] + 2 * c;
			g->hex_x[h] = (uint8_t)x;
			g->hex_row[h] = (uint8_t)r;
			const int8_t ids[6] = { g->node_at[r][x],	  g->node_at[r][x + 1],
						g->node_at[r + 1][x + 1], g->node_at[r + 1][x],
						g->node_at[r + 1][x - 1], g->node_at[r][x - 1] };
			for (unsigned k = 0; k < 6; k++) {
				assert(ids[k] >= 0);
				unsigned v = (unsigned)ids[k];
				g->hex_node[h][k] = (uint8_t)v;
				g->node_hex[v][g->node_nhex[v]++] = (uint8_t)h;
			}
		}
	assert(h == CAT_HEXES);
	/* Edges in node order: from each node to its right and lower
	 * neighbours, so edge ids follow the names. */
	unsigned e = 0;
	for (unsigned v = 0; v < CAT_NODES; v++) {
		unsigned x = g->node_x[v], r = g->node_row[v];
		int nb[2] = { x + 1 <= 10 ? g->node_at[r][x + 1] : -1,
			      ((x + r) % 2 == 0 && r + 1 < 6) ? g->node_at[r + 1][x] : -1 };
		for (unsigned k = 0; k < 2; k++) {
			if (nb[k] < 0)
				continue;
			unsigned w = (unsigned)nb[k];
			g->edge_node[e][0] = (uint8_t)v;
			g->edge_node[e][1] = (uint8_t)w;
			g->edge_at[r][x][k] = (int8_t)e;
			g->node_adj[v][g->node_nadj[v]] = (uint8_t)w;
			g->node_edge[v][g->node_nadj[v]++] = (uint8_t)e;
			g->node_adj[w][g->node_nadj[w]] = (uint8_t)v;
			g->node_edge[w][g->node_nadj[w]++] = (uint8_t)e;
			for (unsigned i = 0; i < g->node_nhex[v]; i++)
				for (unsigned j = 0; j < g->node_nhex[w]; j++)
					if (g->node_hex[v][i] == g->node_hex[w][j])
						g->edge_nhex[e]++;
			e++;
		}
	}
	assert(e == CAT_EDGES);
}

static int need_count(const arb_node *map, const char *key, long max, long *out,
		      arb_data_error *err)
{
	const arb_node *v = arb_node_need(map, key, ARB_SCALAR, err);
	if (!v)
		return -1;
	return arb_node_int(v, 0, max, out, err);
}

static int load_bundle(const arb_node *map, uint8_t out[CAT_RES], arb_data_error *err)
{
	if (!map || map->kind != ARB_MAP)
		return arb_data_fail(err, map, "a cost must be a map of resources");
	for (size_t i = 0; i < map->n; i++) {
		const char *k = map->keys[i].str;
		int r = cat_parse_res(k, strlen(k));
		long v;
		if (r < 0)
			return arb_data_fail(err, &map->keys[i], "unknown resource '%s'", k);
		if (arb_node_int(&map->values[i], 0, 20, &v, err) < 0)
			return -1;
		out[r] = (uint8_t)v;
	}
	return 0;
}

/* The island: the bank, the terrain hexes and the number tokens. */
static int load_island(cat_data *d, const arb_node *root, arb_data_error *err)
{
	const arb_node *n;
	long v;
	/* A hand's size is a byte (cat_player.ncards): a player holding the
	 * whole bank of 5 resources must fit, so at most 51 cards each. */
	if (need_count(root, "bank", CAT_MAX_BANK, &v, err) < 0)
		return -1;
	d->bank = (unsigned)v;
	if (!(n = arb_node_need(root, "terrain", ARB_MAP, err)))
		return -1;
	for (unsigned t = 0; t <= CAT_RES; t++) {
		const arb_node *m = arb_node_need(n, cat_terrain_name[t], ARB_MAP, err);
		if (!m || need_count(m, "count", CAT_HEXES, &v, err) < 0)
			return -1;
		d->terrain_count[t] = (unsigned)v;
	}
	unsigned total = 0;
	for (unsigned t = 0; t <= CAT_RES; t++)
		total += d->terrain_count[t];
	if (total != CAT_HEXES) {
		arb_data_fail(err, n,
			      "the terrain counts add up to %u, "
			      "not the island's 19 hexes",
			      total);
		return -1;
	}
	if (!(n = arb_node_need(root, "tokens", ARB_SEQ, err)))
		return -1;
	if (n->n != CAT_HEXES - d->terrain_count[T_DESERT] || n->n != 18) {
		arb_data_fail(err, n, "there must be 18 number tokens");
		return -1;
	}
	for (size_t i = 0; i < n->n; i++) {
		if (arb_node_int(&n->items[i], 2, 12, &v, err) < 0)
			return -1;
		if (v == 7) {
			arb_data_fail(err, &n->items[i], "no token shows 7");
			return -1;
		}
		/* Production looks up at most two hexes per number
		 * (cat_board.by_token). */
		unsigned same = 0;
		for (size_t j = 0; j < i; j++)
			same += d->tokens[j] == v;
		if (same >= 2) {
			arb_data_fail(err, &n->items[i],
				      "a third token shows "
				      "%ld (at most 2 tokens per number)",
				      v);
			return -1;
		}
		d->tokens[i] = (uint8_t)v;
	}
	return 0;
}

/* The pieces, the building costs, the development cards, the harbours and
 * the goal. */
static int load_pieces(cat_data *d, const arb_node *root, arb_data_error *err)
{
	const arb_node *n;
	long v;
	if (!(n = arb_node_need(root, "pieces", ARB_MAP, err)))
		return -1;
	{
		/* The set-up places 2 settlements and 2 roads per player;
		 * the longest-road search is sized for CAT_MAX_ROADS roads
		 * (longest_road.c); at most 54 intersections hold buildings. */
		static const char *const pk[3] = { "road", "settlement", "city" };
		static const long lo[3] = { 2, 2, 0 },
				  hi[3] = { CAT_MAX_ROADS, CAT_NODES, CAT_NODES };
		for (unsigned i = 0; i < 3; i++) {
			const arb_node *pv = arb_node_need(n, pk[i], ARB_SCALAR, err);
			if (!pv || arb_node_int(pv, 0, 1000, &v, err) < 0)
				return -1;
			if (v < lo[i] || v > hi[i]) {
				arb_data_fail(err, pv,
					      "pieces: %s: %ld, but the "
					      "engine supports %ld to %ld",
					      pk[i], v, lo[i], hi[i]);
				return -1;
			}
			d->pieces[i] = (unsigned)v;
		}
	}
	if (!(n = arb_node_need(root, "costs", ARB_MAP, err)))
		return -1;
	{
		static const char *const ck[C_NCOST] = { "road", "settlement", "city",
							 "development" };
		for (unsigned i = 0; i < C_NCOST; i++) {
			const arb_node *m = arb_node_need(n, ck[i], ARB_MAP, err);
			if (!m || load_bundle(m, d->cost[i], err) < 0)
				return -1;
		}
	}
	if (!(n = arb_node_need(root, "development", ARB_MAP, err)))
		return -1;
	for (unsigned i = 0; i < CAT_DEV; i++) {
		if (need_count(n, cat_dev_name[i], 100, &v, err) < 0)
			return -1;
		d->dev_count[i] = (unsigned)v;
	}
	if (!(n = arb_node_need(root, "harbours", ARB_MAP, err)))
		return -1;
	if (need_count(n, "generic", 9, &v, err) < 0)
		return -1;
	d->harb_generic = (unsigned)v;
	if (need_count(n, "special", 9, &v, err) < 0)
		return -1;
	d->harb_special = (unsigned)v;
	if (d->harb_generic + CAT_RES * d->harb_special != CAT_HARBOURS) {
		arb_data_fail(err, n, "there must be 9 harbours in all");
		return -1;
	}
	if (need_count(root, "goal", 100, &v, err) < 0)
		return -1;
	d->goal = (unsigned)v;
	return 0;
}

/* The beginner board (hexes and harbours), which must be a legal board. */
static int load_beginner(cat_data *d, const arb_node *root, arb_data_error *err)
{
	const arb_node *n;
	const arb_node *beg = arb_node_need(root, "beginner", ARB_MAP, err);
	if (!beg || !(n = arb_node_need(beg, "hexes", ARB_SEQ, err)))
		return -1;
	if (n->n != CAT_HEXES) {
		arb_data_fail(err, n, "the beginner board needs 19 hexes");
		return -1;
	}
	for (size_t i = 0; i < n->n; i++) {
		const char *s = arb_node_str(&n->items[i], err);
		if (!s)
			return -1;
		if (cat_parse_hexspec(s, strlen(s), &d->beg_terrain[i], &d->beg_token[i]) < 0) {
			arb_data_fail(err, &n->items[i],
				      "bad hex '%s' (want a "
				      "terrain letter B L W G O D and a token)",
				      s);
			return -1;
		}
	}
	if (!(n = arb_node_need(beg, "harbours", ARB_SEQ, err)))
		return -1;
	if (n->n != CAT_HARBOURS) {
		arb_data_fail(err, n, "the beginner board needs 9 harbours");
		return -1;
	}
	for (size_t i = 0; i < n->n; i++) {
		const arb_node *kn = arb_node_need(&n->items[i], "kind", ARB_SCALAR, err);
		const arb_node *pn = arb_node_need(&n->items[i], "path", ARB_SCALAR, err);
		if (!kn || !pn)
			return -1;
		int k = cat_parse_harb_kind(kn->str, strlen(kn->str));
		int e = cat_parse_edge(d, pn->str, strlen(pn->str));
		if (k < 0 || e < 0) {
			arb_data_fail(err, &n->items[i],
				      "a harbour needs kind "
				      "3:1 or a resource and a path between two "
				      "neighbouring intersections (c1-d1)");
			return -1;
		}
		d->beg_harb_kind[i] = (uint8_t)k;
		d->beg_harb_edge[i] = (uint8_t)e;
	}
	cat_board b;
	char why[ARB_MSG_MAX];
	cat_board_default(d, &b);
	if (!cat_board_check(d, &b, why, sizeof why)) {
		arb_data_fail(err, beg, "beginner board: %s", why);
		return -1;
	}
	return 0;
}

void *cat_data_load(const arb_node *root, arb_data_error *err)
{
	cat_data *d = arb_xcalloc(1, sizeof *d);
	cat_geom_init(&d->g);
	if (load_island(d, root, err) < 0 || load_pieces(d, root, err) < 0 ||
	    load_beginner(d, root, err) < 0) {
		free(d);
		return NULL;
	}
	return d;
}

void cat_data_free(void *data)
{
	free(data);
}

/* ---------------------------------------------------------------- boards */

/* Derived tables: harbours per node, hexes per token, the desert. */
void cat_board_finish(const cat_data *d, cat_board *b)
{
	memset(b->node_harb, 0, sizeof b->node_harb);
	memset(b->by_token, CAT_NONE, sizeof b->by_token);
	b->robber0 = CAT_NONE;
	for (unsigned i = 0; i < CAT_HARBOURS; i++)
		for (unsigned k = 0; k < 2; k++)
			b->node_harb[d->g.edge_node[b->harb_edge[i]][k]] |=
				(uint8_t)(1u << b->harb_kind[i]);
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		if (b->terrain[h] == T_DESERT && b->robber0 == CAT_NONE)
			b->robber0 = (uint8_t)h;
		unsigned t = b->token[h];
		if (t) {
			unsigned k = b->by_token[t][0] == CAT_NONE ? 0 : 1;
			if (b->by_token[t][k] == CAT_NONE)
				b->by_token[t][k] = (uint8_t)h;
		}
	}
}

void cat_board_default(const cat_data *d, cat_board *b)
{
	memset(b, 0, sizeof *b);
	memcpy(b->terrain, d->beg_terrain, CAT_HEXES);
	memcpy(b->token, d->beg_token, CAT_HEXES);
	memcpy(b->harb_kind, d->beg_harb_kind, CAT_HARBOURS);
	memcpy(b->harb_edge, d->beg_harb_edge, CAT_HARBOURS);
	cat_board_finish(d, b);
}

/* The board against the components: terrain and token counts, the desert
 * without a token, 4 generic and 5 special harbours on distinct coastal
 * paths that share no intersection.  Fills `why` when it fails. */
bool cat_board_check(const cat_data *d, const cat_board *b, char *why, size_t whylen)
{
	unsigned tc[CAT_RES + 1] = { 0 }, kc[13] = { 0 }, want[13] = { 0 };
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		tc[b->terrain[h]]++;
		if ((b->terrain[h] == T_DESERT) != (b->token[h] == 0)) {
			snprintf(why, whylen, "hex %c: %s", 'A' + h,
				 b->token[h] ? "the desert takes no number token"
					     : "a land hex needs a number token");
			return false;
		}
		kc[b->token[h]]++;
	}
	for (unsigned t = 0; t <= CAT_RES; t++)
		if (tc[t] != d->terrain_count[t]) {
			snprintf(why, whylen, "%u %s hexes, the box has %u", tc[t],
				 cat_terrain_name[t], d->terrain_count[t]);
			return false;
		}
	for (unsigned i = 0; i < 18; i++)
		want[d->tokens[i]]++;
	for (unsigned t = 2; t <= 12; t++)
		if (kc[t] != want[t]) {
			snprintf(why, whylen, "%u number tokens %u, the box has %u", kc[t], t,
				 want[t]);
			return false;
		}
	unsigned hk[CAT_RES + 1] = { 0 };
	uint8_t used[CAT_NODES] = { 0 };
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		unsigned e = b->harb_edge[i];
		char en[8];
		cat_edge_name(d, e, en);
		hk[b->harb_kind[i]]++;
		if (d->g.edge_nhex[e] != 1) {
			snprintf(why, whylen,
				 "the harbour at %s is not on the "
				 "coast",
				 en);
			return false;
		}
		for (unsigned k = 0; k < 2; k++) {
			unsigned v = d->g.edge_node[e][k];
			if (used[v]) {
				snprintf(why, whylen,
					 "the harbour at %s touches "
					 "another harbour",
					 en);
				return false;
			}
			used[v] = 1;
		}
	}
	if (hk[HARB_GENERIC] != d->harb_generic) {
		snprintf(why, whylen, "%u 3:1 harbours, the box has %u", hk[HARB_GENERIC],
			 d->harb_generic);
		return false;
	}
	for (unsigned r = 0; r < CAT_RES; r++)
		if (hk[r] != d->harb_special) {
			snprintf(why, whylen, "%u %s harbours, the box has %u", hk[r],
				 cat_res_name[r], d->harb_special);
			return false;
		}
	return true;
}
