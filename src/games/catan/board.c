/*
 * board.c — the island's geometry, the names of hexes, nodes and edges,
 * loading catan.yaml, and reading a variable board from the Setup tag.
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

const char *const cat_res_name[CAT_RES] = {"brick", "lumber", "wool",
					    "grain", "ore"};
const char *const cat_dev_name[CAT_DEV] = {"knight", "road-building",
					    "year-of-plenty", "monopoly",
					    "victory-point"};
const char *const cat_terrain_name[CAT_RES + 1] = {
	"hills", "forest", "pasture", "fields", "mountains", "desert"};
const char cat_res_letter[CAT_RES + 1] = {'B', 'L', 'W', 'G', 'O', 'D'};

static const uint8_t row_len[5] = {3, 4, 5, 4, 3};
static const uint8_t row_x0[5] = {3, 2, 1, 2, 3};
static const uint8_t node_row_x0[6] = {2, 1, 0, 0, 1, 2};
static const uint8_t node_row_x1[6] = {8, 9, 10, 10, 9, 8};

/* Spiral order of the variable set-up: the outer ring counter-clockwise
 * from A, then the inner ring from E, then the centre. */
static const uint8_t outer_ring[12] = {0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1};
static const uint8_t inner_ring[6] = {4, 8, 13, 14, 10, 5};

void cat_geom_init(cat_geom *g)
{
	memset(g, 0, sizeof *g);
	memset(g->node_at, -1, sizeof g->node_at);
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
			const int8_t ids[6] = {
				g->node_at[r][x], g->node_at[r][x + 1],
				g->node_at[r + 1][x + 1], g->node_at[r + 1][x],
				g->node_at[r + 1][x - 1], g->node_at[r][x - 1]};
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
		int nb[2] = {x + 1 <= 10 ? g->node_at[r][x + 1] : -1,
			     ((x + r) % 2 == 0 && r + 1 < 6)
				     ? g->node_at[r + 1][x] : -1};
		for (unsigned k = 0; k < 2; k++) {
			if (nb[k] < 0)
				continue;
			unsigned w = (unsigned)nb[k];
			g->edge_node[e][0] = (uint8_t)v;
			g->edge_node[e][1] = (uint8_t)w;
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

void cat_node_name(const cat_data *d, unsigned node, char out[4])
{
	assert(node < CAT_NODES);
	out[0] = (char)('a' + d->g.node_x[node]);
	out[1] = (char)('1' + d->g.node_row[node]);
	out[2] = 0;
}

void cat_edge_name(const cat_data *d, unsigned edge, char out[8])
{
	assert(edge < CAT_EDGES);
	cat_node_name(d, d->g.edge_node[edge][0], out);
	out[2] = '-';
	cat_node_name(d, d->g.edge_node[edge][1], out + 3);
}

/* A node name: column letter a..k and row digit 1..6, any case.  Returns
 * the node or -1. */
int cat_parse_node(const cat_data *d, const char *s, size_t n)
{
	if (n != 2)
		return -1;
	int x = (s[0] | 0x20) - 'a', r = s[1] - '1';
	if (x < 0 || x > 10 || r < 0 || r > 5)
		return -1;
	return d->g.node_at[r][x];
}

/* An edge: two adjacent nodes joined by '-', in either order. */
int cat_parse_edge(const cat_data *d, const char *s, size_t n)
{
	if (n != 5 || s[2] != '-')
		return -1;
	int a = cat_parse_node(d, s, 2), b = cat_parse_node(d, s + 3, 2);
	if (a < 0 || b < 0)
		return -1;
	for (unsigned i = 0; i < d->g.node_nadj[a]; i++)
		if (d->g.node_adj[a][i] == b)
			return d->g.node_edge[a][i];
	return -1;
}

/* A hex: one letter A..S, any case. */
int cat_parse_hex(const char *s, size_t n)
{
	if (n != 1)
		return -1;
	int h = (s[0] | 0x20) - 'a';
	return h >= 0 && h < CAT_HEXES ? h : -1;
}

/* Word lists carry their lengths so a lookup compares bytes only for
 * words of the token's length. */
#define AL(w, v) {w, sizeof w - 1, v}
static const struct alias {
	const char *word;
	uint8_t len;
	int val;
} res_alias[] = {
	AL("brick", R_BRICK), AL("bricks", R_BRICK), AL("clay", R_BRICK),
	AL("lumber", R_LUMBER), AL("wood", R_LUMBER),
	AL("wool", R_WOOL), AL("sheep", R_WOOL),
	AL("grain", R_GRAIN), AL("wheat", R_GRAIN), AL("corn", R_GRAIN),
	AL("ore", R_ORE), AL("stone", R_ORE), AL("ores", R_ORE),
}, dev_alias[] = {
	AL("knight", D_KNIGHT), AL("soldier", D_KNIGHT),
	AL("road-building", D_ROADS), AL("roadbuilding", D_ROADS),
	AL("roads", D_ROADS),
	AL("year-of-plenty", D_PLENTY), AL("yearofplenty", D_PLENTY),
	AL("plenty", D_PLENTY),
	AL("monopoly", D_MONOPOLY),
	AL("victory-point", D_VP), AL("victorypoint", D_VP), AL("vp", D_VP),
	AL("point", D_VP),
};
#undef AL

/* s[0..n) equals the lower-case word w (of length n) ignoring ASCII case,
 * as strncasecmp does in the C locale; inline, without a library call. */
static inline bool ascii_ieq(const char *s, const char *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		if (c != (unsigned char)w[i])
			return false;
	}
	return true;
}

static int find_alias(const struct alias *t, size_t nt, const char *s,
		      size_t n)
{
	for (size_t i = 0; i < nt; i++)
		if (t[i].len == n && ascii_ieq(s, t[i].word, n))
			return t[i].val;
	return -1;
}

/* Resources are read in every bundle of every line: the canonical words
 * are tried first by length and first letter, the aliases after. */
int cat_parse_res(const char *s, size_t n)
{
	if (n >= 3 && n <= 6) {
		static const int8_t by_len[7] = {-1, -1, -1, R_ORE, -1, R_BRICK,
						  R_LUMBER};
		int r = by_len[n];
		if (n == 4)
			r = (s[0] | 0x20) == 'w' ? R_WOOL : -1;
		else if (n == 5 && (s[0] | 0x20) == 'g')
			r = R_GRAIN;
		if (r >= 0 && cat_letters_ieq(s, cat_res_name[r], n))
			return r;
	}
	for (size_t i = 0; i < ARB_COUNT(res_alias); i++)   /* all letters */
		if (res_alias[i].len == n &&
		    cat_letters_ieq(s, res_alias[i].word, n))
			return res_alias[i].val;
	return -1;
}

int cat_parse_dev(const char *s, size_t n)
{
	return find_alias(dev_alias, ARB_COUNT(dev_alias), s, n);
}

/* "O10" / "D": a terrain letter and its token.  Returns 0 or -1. */
static int parse_hexspec(const char *s, size_t n, uint8_t *terrain,
			 uint8_t *token)
{
	if (n < 1)
		return -1;
	const char *p = memchr(cat_res_letter, s[0] & ~0x20, CAT_RES + 1);
	if (!p || s[0] == 0)
		return -1;
	*terrain = (uint8_t)(p - cat_res_letter);
	*token = 0;
	if (*terrain == T_DESERT)
		return n == 1 ? 0 : -1;
	if (n < 2 || n > 3)
		return -1;
	unsigned v = 0;
	for (size_t i = 1; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v < 2 || v > 12 || v == 7)
		return -1;
	*token = (uint8_t)v;
	return 0;
}

/* "3:1" or a resource name. */
static int parse_harb_kind(const char *s, size_t n)
{
	if ((n == 3 && memcmp(s, "3:1", 3) == 0) ||
	    (n == 7 && strncasecmp(s, "generic", 7) == 0))
		return HARB_GENERIC;
	return cat_parse_res(s, n);
}

/* ------------------------------------------------------------ data load */

static int need_count(const arb_node *map, const char *key, long max,
		      long *out, arb_data_error *err)
{
	const arb_node *v = arb_node_need(map, key, ARB_SCALAR, err);
	if (!v)
		return -1;
	return arb_node_int(v, 0, max, out, err);
}

static int load_bundle(const arb_node *map, uint8_t out[CAT_RES],
		       arb_data_error *err)
{
	if (!map || map->kind != ARB_MAP)
		return arb_data_fail(err, map, "a cost must be a map of resources");
	for (size_t i = 0; i < map->n; i++) {
		const char *k = map->keys[i].str;
		int r = cat_parse_res(k, strlen(k));
		long v;
		if (r < 0)
			return arb_data_fail(err, &map->keys[i],
					     "unknown resource '%s'", k);
		if (arb_node_int(&map->values[i], 0, 20, &v, err) < 0)
			return -1;
		out[r] = (uint8_t)v;
	}
	return 0;
}

void *cat_data_load(const arb_node *root, arb_data_error *err)
{
	cat_data *d = arb_xcalloc(1, sizeof *d);
	const arb_node *n;
	long v;
	cat_geom_init(&d->g);

	if (need_count(root, "bank", 200, &v, err) < 0)
		goto fail;
	d->bank = (unsigned)v;
	if (!(n = arb_node_need(root, "terrain", ARB_MAP, err)))
		goto fail;
	for (unsigned t = 0; t <= CAT_RES; t++) {
		const arb_node *m = arb_node_need(n, cat_terrain_name[t],
						  ARB_MAP, err);
		if (!m || need_count(m, "count", CAT_HEXES, &v, err) < 0)
			goto fail;
		d->terrain_count[t] = (unsigned)v;
	}
	unsigned total = 0;
	for (unsigned t = 0; t <= CAT_RES; t++)
		total += d->terrain_count[t];
	if (total != CAT_HEXES) {
		arb_data_fail(err, n, "the terrain counts add up to %u, "
			      "not the island's 19 hexes", total);
		goto fail;
	}
	if (!(n = arb_node_need(root, "tokens", ARB_SEQ, err)))
		goto fail;
	if (n->n != CAT_HEXES - d->terrain_count[T_DESERT] || n->n != 18) {
		arb_data_fail(err, n, "there must be 18 number tokens");
		goto fail;
	}
	for (size_t i = 0; i < n->n; i++) {
		if (arb_node_int(&n->items[i], 2, 12, &v, err) < 0)
			goto fail;
		if (v == 7) {
			arb_data_fail(err, &n->items[i], "no token shows 7");
			goto fail;
		}
		d->tokens[i] = (uint8_t)v;
	}
	if (!(n = arb_node_need(root, "pieces", ARB_MAP, err)))
		goto fail;
	{
		static const char *const pk[3] = {"road", "settlement", "city"};
		for (unsigned i = 0; i < 3; i++) {
			if (need_count(n, pk[i], 200, &v, err) < 0)
				goto fail;
			d->pieces[i] = (unsigned)v;
		}
	}
	if (!(n = arb_node_need(root, "costs", ARB_MAP, err)))
		goto fail;
	{
		static const char *const ck[C_NCOST] = {"road", "settlement",
							"city", "development"};
		for (unsigned i = 0; i < C_NCOST; i++) {
			const arb_node *m = arb_node_need(n, ck[i], ARB_MAP, err);
			if (!m || load_bundle(m, d->cost[i], err) < 0)
				goto fail;
		}
	}
	if (!(n = arb_node_need(root, "development", ARB_MAP, err)))
		goto fail;
	for (unsigned i = 0; i < CAT_DEV; i++) {
		if (need_count(n, cat_dev_name[i], 100, &v, err) < 0)
			goto fail;
		d->dev_count[i] = (unsigned)v;
	}
	if (!(n = arb_node_need(root, "harbours", ARB_MAP, err)))
		goto fail;
	if (need_count(n, "generic", 9, &v, err) < 0)
		goto fail;
	d->harb_generic = (unsigned)v;
	if (need_count(n, "special", 9, &v, err) < 0)
		goto fail;
	d->harb_special = (unsigned)v;
	if (d->harb_generic + CAT_RES * d->harb_special != CAT_HARBOURS) {
		arb_data_fail(err, n, "there must be 9 harbours in all");
		goto fail;
	}
	if (need_count(root, "goal", 100, &v, err) < 0)
		goto fail;
	d->goal = (unsigned)v;

	const arb_node *beg = arb_node_need(root, "beginner", ARB_MAP, err);
	if (!beg || !(n = arb_node_need(beg, "hexes", ARB_SEQ, err)))
		goto fail;
	if (n->n != CAT_HEXES) {
		arb_data_fail(err, n, "the beginner board needs 19 hexes");
		goto fail;
	}
	for (size_t i = 0; i < n->n; i++) {
		const char *s = arb_node_str(&n->items[i], err);
		if (!s)
			goto fail;
		if (parse_hexspec(s, strlen(s), &d->beg_terrain[i],
				  &d->beg_token[i]) < 0) {
			arb_data_fail(err, &n->items[i], "bad hex '%s' (want a "
				      "terrain letter B L W G O D and a token)", s);
			goto fail;
		}
	}
	if (!(n = arb_node_need(beg, "harbours", ARB_SEQ, err)))
		goto fail;
	if (n->n != CAT_HARBOURS) {
		arb_data_fail(err, n, "the beginner board needs 9 harbours");
		goto fail;
	}
	for (size_t i = 0; i < n->n; i++) {
		const arb_node *kn = arb_node_need(&n->items[i], "kind",
						   ARB_SCALAR, err);
		const arb_node *pn = arb_node_need(&n->items[i], "path",
						   ARB_SCALAR, err);
		if (!kn || !pn)
			goto fail;
		int k = parse_harb_kind(kn->str, strlen(kn->str));
		int e = cat_parse_edge(d, pn->str, strlen(pn->str));
		if (k < 0 || e < 0) {
			arb_data_fail(err, &n->items[i], "a harbour needs kind "
				      "3:1 or a resource and a path between two "
				      "neighbouring intersections (c1-d1)");
			goto fail;
		}
		d->beg_harb_kind[i] = (uint8_t)k;
		d->beg_harb_edge[i] = (uint8_t)e;
	}
	cat_board b;
	char why[ARB_MSG_MAX];
	cat_board_default(d, &b);
	if (!cat_board_check(d, &b, why, sizeof why)) {
		arb_data_fail(err, beg, "beginner board: %s", why);
		goto fail;
	}
	return d;
fail:
	free(d);
	return NULL;
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
bool cat_board_check(const cat_data *d, const cat_board *b, char *why,
		     size_t whylen)
{
	unsigned tc[CAT_RES + 1] = {0}, kc[13] = {0}, want[13] = {0};
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
			snprintf(why, whylen, "%u %s hexes, the box has %u",
				 tc[t], cat_terrain_name[t], d->terrain_count[t]);
			return false;
		}
	for (unsigned i = 0; i < 18; i++)
		want[d->tokens[i]]++;
	for (unsigned t = 2; t <= 12; t++)
		if (kc[t] != want[t]) {
			snprintf(why, whylen, "%u number tokens %u, the box has %u",
				 kc[t], t, want[t]);
			return false;
		}
	unsigned hk[CAT_RES + 1] = {0};
	uint8_t used[CAT_NODES] = {0};
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		unsigned e = b->harb_edge[i];
		char en[8];
		cat_edge_name(d, e, en);
		hk[b->harb_kind[i]]++;
		if (d->g.edge_nhex[e] != 1) {
			snprintf(why, whylen, "the harbour at %s is not on the "
				 "coast", en);
			return false;
		}
		for (unsigned k = 0; k < 2; k++) {
			unsigned v = d->g.edge_node[e][k];
			if (used[v]) {
				snprintf(why, whylen, "the harbour at %s touches "
					 "another harbour", en);
				return false;
			}
			used[v] = 1;
		}
	}
	if (hk[HARB_GENERIC] != d->harb_generic) {
		snprintf(why, whylen, "%u 3:1 harbours, the box has %u",
			 hk[HARB_GENERIC], d->harb_generic);
		return false;
	}
	for (unsigned r = 0; r < CAT_RES; r++)
		if (hk[r] != d->harb_special) {
			snprintf(why, whylen, "%u %s harbours, the box has %u",
				 hk[r], cat_res_name[r], d->harb_special);
			return false;
		}
	return true;
}

/* Split "a,b,c" items of a Setup field; calls back per item. */
static size_t split_commas(const char *s, size_t n, const char **item,
			   size_t *ilen, size_t max)
{
	size_t k = 0, i = 0;
	while (i <= n) {
		size_t j = i;
		while (j < n && s[j] != ',')
			j++;
		if (k < max) {
			item[k] = s + i;
			ilen[k] = j - i;
		}
		k++;
		i = j + 1;
	}
	return k;
}

/* Read a Setup tag value: space-separated fields
 *   hexes=O10,W2,...      19 hexes row by row (terrain letter + token)
 *   terrain=OWL...        19 terrain letters, tokens laid by the spiral
 *   start=A               the corner where the spiral starts (A C L S Q H)
 *   harbours=3:1@c1-d1,grain@f1-g1,...   9 harbours
 * Missing hexes/terrain or harbours fields keep the beginner board's.
 * Returns 0, or -1 with a sentence in `why`. */
int cat_board_from_setup(const cat_data *d, const char *spec, cat_board *b,
			 char *why, size_t whylen)
{
	cat_board_default(d, b);
	const char *p = spec;
	bool have_terrain = false, have_start = false, have_hexes = false;
	unsigned start = 0;
	uint8_t terr[CAT_HEXES];
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		const char *w = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		size_t wl = (size_t)(p - w);
		const char *eq = memchr(w, '=', wl);
		if (!eq) {
			snprintf(why, whylen, "'%.*s' is not name=value",
				 (int)wl, w);
			return -1;
		}
		size_t kl = (size_t)(eq - w);
		const char *v = eq + 1;
		size_t vl = wl - kl - 1;
		const char *item[CAT_HEXES + 1];
		size_t ilen[CAT_HEXES + 1];
		if (kl == 5 && strncmp(w, "hexes", 5) == 0) {
			size_t k = split_commas(v, vl, item, ilen, CAT_HEXES + 1);
			if (k != CAT_HEXES) {
				snprintf(why, whylen, "hexes= lists %zu hexes, "
					 "the island has 19", k);
				return -1;
			}
			for (unsigned h = 0; h < CAT_HEXES; h++)
				if (parse_hexspec(item[h], ilen[h], &b->terrain[h],
						  &b->token[h]) < 0) {
					snprintf(why, whylen, "hex %c: '%.*s' is not "
						 "a terrain letter (B L W G O D) "
						 "with a number token", 'A' + h,
						 (int)ilen[h], item[h]);
					return -1;
				}
			have_hexes = true;
		} else if (kl == 7 && strncmp(w, "terrain", 7) == 0) {
			if (vl != CAT_HEXES) {
				snprintf(why, whylen, "terrain= needs 19 letters");
				return -1;
			}
			for (unsigned h = 0; h < CAT_HEXES; h++) {
				const char *q = memchr(cat_res_letter,
						       v[h] & ~0x20, CAT_RES + 1);
				if (!q || v[h] == 0) {
					snprintf(why, whylen, "terrain= letter "
						 "'%c' is none of B L W G O D",
						 v[h]);
					return -1;
				}
				terr[h] = (uint8_t)(q - cat_res_letter);
			}
			have_terrain = true;
		} else if (kl == 5 && strncmp(w, "start", 5) == 0) {
			int h = cat_parse_hex(v, vl);
			unsigned i;
			for (i = 0; i < 12; i += 2)
				if (h >= 0 && outer_ring[i] == h)
					break;
			if (i >= 12) {
				snprintf(why, whylen, "start= must be a corner "
					 "hex: A, C, H, L, Q or S");
				return -1;
			}
			start = i;
			have_start = true;
		} else if (kl == 8 && strncmp(w, "harbours", 8) == 0) {
			size_t k = split_commas(v, vl, item, ilen,
						CAT_HARBOURS + 1);
			if (k != CAT_HARBOURS) {
				snprintf(why, whylen, "harbours= lists %zu "
					 "harbours, the game has 9", k);
				return -1;
			}
			for (unsigned i = 0; i < CAT_HARBOURS; i++) {
				const char *at = memchr(item[i], '@', ilen[i]);
				int kind = at ? parse_harb_kind(item[i],
						(size_t)(at - item[i])) : -1;
				int e = at ? cat_parse_edge(d, at + 1,
						ilen[i] - (size_t)(at - item[i]) - 1)
					   : -1;
				if (kind < 0 || e < 0) {
					snprintf(why, whylen, "harbour '%.*s' is "
						 "not KIND@PATH (3:1@c1-d1, "
						 "grain@f1-g1)", (int)ilen[i],
						 item[i]);
					return -1;
				}
				b->harb_kind[i] = (uint8_t)kind;
				b->harb_edge[i] = (uint8_t)e;
			}
		} else if (!cat_is_position_key(w, kl)) {
			snprintf(why, whylen, "unknown Setup field '%.*s' "
				 "(known: hexes, terrain, start, harbours and "
				 "the position: settlements, cities, roads, "
				 "hands, cards, knights, shown, deck, robber, "
				 "longest, army, turn, step)", (int)kl, w);
			return -1;
		}
	}
	if (have_hexes && (have_terrain || have_start)) {
		snprintf(why, whylen, "give either hexes= or terrain= with "
			 "start=, not both");
		return -1;
	}
	if (have_start && !have_terrain) {
		snprintf(why, whylen, "start= needs terrain=");
		return -1;
	}
	if (have_terrain) {
		memcpy(b->terrain, terr, CAT_HEXES);
		uint8_t order[CAT_HEXES];
		for (unsigned i = 0; i < 12; i++)
			order[i] = outer_ring[(start + i) % 12];
		for (unsigned i = 0; i < 6; i++)
			order[12 + i] = inner_ring[(start / 2 + i) % 6];
		order[18] = 9;
		unsigned t = 0;
		for (unsigned i = 0; i < CAT_HEXES; i++) {
			unsigned h = order[i];
			if (b->terrain[h] == T_DESERT) {
				b->token[h] = 0;
			} else if (t < 18) {
				b->token[h] = d->tokens[t++];
			} else {
				snprintf(why, whylen, "terrain= has no desert "
					 "and more land hexes than tokens");
				return -1;
			}
		}
	}
	cat_board_finish(d, b);
	if (!cat_board_check(d, b, why, whylen))
		return -1;
	return 0;
}
