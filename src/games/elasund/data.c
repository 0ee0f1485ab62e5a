/*
 * data.c — loading notation/elasund/elasund.yaml into el_data.
 *
 * Runs once per process on a few KiB of YAML, so it favours plain code and
 * precise error positions over speed.  Every number the rules engine uses
 * about the board and the components comes from here; the engine keeps
 * only the rules themselves (what a permit majority is, how walls chain).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "elasund.h"

static const char *const type_names[B_NTYPES] = {
	"well", "market", "tavern", "merchant", "large", "house", "workshop", "hut", "longhut",
};

/* Row index of a printed row number, or -1 (before rowidx is filled the
 * loader itself uses the scan). */
static int row_index(const el_data *d, long num)
{
	for (int y = 0; y < EL_H; y++)
		if (d->rownum[y] == num)
			return y;
	return -1;
}

/* Parse a decimal number from s[0..n), at most 2 digits; -1 if none. */
static long small_num(const char *s, size_t n)
{
	if (n == 0 || n > 2)
		return -1;
	long v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* "C,R" with column 1..maxcol and a printed row number. */
static int square_any(const el_data *d, const char *s, size_t n, int maxcol, int *x, int *y)
{
	const char *comma = memchr(s, ',', n);
	if (!comma)
		return -1;
	long c = small_num(s, (size_t)(comma - s));
	long r = small_num(comma + 1, n - (size_t)(comma - s) - 1);
	if (c < 1 || c > maxcol || r < 0)
		return -1;
	int yy = row_index(d, r);
	if (yy < 0)
		return -1;
	*x = (int)c - 1;
	*y = yy;
	return 0;
}

int el_square(const el_data *d, const char *s, size_t n, int *x, int *y)
{
	/* The hot path of parse(): "C,R" with one-digit column, 1-2 digit row. */
	if ((n == 3 || n == 4) && s[1] == ',' && s[0] >= '1' && s[0] <= '9' && s[2] >= '0' &&
	    s[2] <= '9' && (n == 3 || (s[3] >= '0' && s[3] <= '9'))) {
		int r = n == 3 ? s[2] - '0' : (s[2] - '0') * 10 + s[3] - '0';
		if (r > 15 || d->rowidx[r] < 0)
			return -1;
		*x = s[0] - '1';
		*y = d->rowidx[r];
		return 0;
	}
	return square_any(d, s, n, EL_W, x, y);
}

static int need_square(const el_data *d, const arb_node *node, int maxcol, int *x, int *y,
		       arb_data_error *err)
{
	const char *s = arb_node_str(node, err);
	if (!s)
		return -1;
	if (square_any(d, s, strlen(s), maxcol, x, y) < 0)
		return arb_data_fail(err, node, "\"%s\" is no square (column,row)", s);
	return 0;
}

static int need_int(const arb_node *map, const char *key, long min, long max, long *out,
		    arb_data_error *err)
{
	const arb_node *n = arb_node_need(map, key, ARB_SCALAR, err);
	if (!n)
		return -1;
	return arb_node_int(n, min, max, out, err);
}

static int load_layout(el_data *d, const arb_node *lay, arb_data_error *err)
{
	long players, cols, ex;
	if (lay->kind != ARB_MAP)
		return arb_data_fail(err, lay, "a layout must be a mapping");
	if (need_int(lay, "players", 2, 4, &players, err) < 0 ||
	    need_int(lay, "columns", 1, EL_W, &cols, err) < 0 ||
	    need_int(lay, "east_column", 2, EL_W + 1, &ex, err) < 0)
		return -1;
	el_layout *L = &d->layout[players - 2];
	if (L->cols)
		return arb_data_fail(err, lay, "two layouts for %ld players", players);
	L->cols = (uint8_t)cols;
	L->east_x = (uint8_t)(ex - 1);
	static const char *const lines[3] = { "north", "south", "east" };
	for (int li = 0; li < 3; li++) {
		const arb_node *seq = arb_node_need(lay, lines[li], ARB_SEQ, err);
		if (!seq)
			return -1;
		if (seq->n == 0 || seq->n > EL_MAXWALL)
			return arb_data_fail(err, seq, "1 to %d wall spaces", EL_MAXWALL);
		L->nline[li] = (uint8_t)seq->n;
		for (size_t i = 0; i < seq->n; i++) {
			long v;
			if (arb_node_int(&seq->items[i], li == LINE_E ? 2 : 1,
					 li == LINE_E ? 12 : (long)cols, &v, err) < 0)
				return -1;
			if (li == LINE_E) {
				int y = row_index(d, v);
				if (y < 0)
					return arb_data_fail(err, &seq->items[i], "no row %ld", v);
				L->line[li][i] = (uint8_t)y;
				L->east_row[y] |= (uint16_t)(1u << i);
			} else {
				L->line[li][i] = (uint8_t)(v - 1);
			}
			/* a space listed twice: the last, as el_build_wall's scan took */
			L->space_of[li][L->line[li][i]] = (uint8_t)(i + 1);
		}
	}
	const arb_node *gates = arb_node_need(lay, "gates", ARB_SEQ, err);
	if (!gates)
		return -1;
	if (gates->n > 8)
		return arb_data_fail(err, gates, "at most 8 gate squares");
	L->ngate = (uint8_t)gates->n;
	for (size_t i = 0; i < gates->n; i++) {
		const char *s = arb_node_str(&gates->items[i], err);
		int x, y;
		if (!s)
			return -1;
		if (s[0] == 'N' || s[0] == 'S') {
			long c = small_num(s + 1, strlen(s + 1));
			if (c < 1 || c > EL_W + 1)
				return arb_data_fail(err, &gates->items[i],
						     "bad gate square \"%s\"", s);
			x = (int)c - 1;
			y = s[0] == 'N' ? -1 : EL_H;
		} else if (need_square(d, &gates->items[i], EL_W + 1, &x, &y, err) < 0) {
			return -1;
		}
		L->gate[i][0] = (int8_t)x;
		L->gate[i][1] = (int8_t)y;
	}
	const arb_node *m2 = arb_node_need(lay, "mills2", ARB_SEQ, err);
	if (!m2)
		return -1;
	for (size_t i = 0; i < m2->n; i++) {
		int x, y;
		if (need_square(d, &m2->items[i], (int)cols, &x, &y, err) < 0)
			return -1;
		L->mills[y][x] = 2;
	}
	return 0;
}

static int load_building(el_data *d, const arb_node *b, arb_data_error *err)
{
	const arb_node *nn = arb_node_need(b, "name", ARB_SCALAR, err);
	if (!nn)
		return -1;
	int t = -1;
	for (int i = 0; i < B_NTYPES; i++)
		if (strcmp(nn->str, type_names[i]) == 0)
			t = i;
	if (t < 0)
		return arb_data_fail(err, nn, "unknown building \"%s\"", nn->str);
	el_btype *bt = &d->bt[t];
	if (bt->name[0])
		return arb_data_fail(err, nn, "building \"%s\" twice", nn->str);
	snprintf(bt->name, sizeof bt->name, "%s", type_names[t]);
	long w, h, permits, cost, copies;
	if (need_int(b, "w", 1, 3, &w, err) < 0 || need_int(b, "h", 1, 3, &h, err) < 0 ||
	    need_int(b, "permits", 0, 5, &permits, err) < 0 ||
	    need_int(b, "cost", 0, 20, &cost, err) < 0 ||
	    need_int(b, "copies", 0, EL_MAXNEUTRAL, &copies, err) < 0)
		return -1;
	bt->w = (uint8_t)w;
	bt->h = (uint8_t)h;
	bt->size = (uint8_t)(w * h);
	bt->permits = (uint8_t)permits;
	bt->cost = (uint8_t)cost;
	bt->copies = (uint8_t)copies;
	const arb_node *kind = arb_node_need(b, "kind", ARB_SCALAR, err);
	const arb_node *inc = kind ? arb_node_need(b, "income", ARB_SCALAR, err) : NULL;
	const arb_node *flags = inc ? arb_node_need(b, "flags", ARB_SEQ, err) : NULL;
	if (!flags)
		return -1;
	static const uint8_t want_kind[B_NTYPES] = {
		K_NEUTRAL, K_NEUTRAL, K_NEUTRAL, K_NEUTRAL, K_NEUTRAL, K_OWN, K_OWN, K_HUT, K_HUT,
	};
	const char *kinds[3] = { "neutral", "own", "hut" };
	if (strcmp(kind->str, kinds[want_kind[t]]) != 0)
		return arb_data_fail(err, kind, "%s must be of kind %s", bt->name,
				     kinds[want_kind[t]]);
	bt->kind = want_kind[t];
	if (strcmp(inc->str, "none") == 0)
		bt->income = INC_NONE;
	else if (strcmp(inc->str, "gold") == 0)
		bt->income = INC_GOLD;
	else if (strcmp(inc->str, "influence") == 0)
		bt->income = INC_INFL;
	else
		return arb_data_fail(err, inc, "income is none, gold or influence");
	if (flags->n > 3)
		return arb_data_fail(err, flags, "at most 3 flags");
	bt->nflags = (uint8_t)flags->n;
	for (size_t i = 0; i < flags->n; i++) {
		long dy;
		if (arb_node_int(&flags->items[i], 0, h - 1, &dy, err) < 0)
			return -1;
		bt->flagdy[i] = (uint8_t)dy;
	}
	if (bt->kind != K_NEUTRAL && bt->nflags)
		return arb_data_fail(err, flags, "only neutral buildings carry flags");
	return 0;
}

static int load_cards(const arb_node *m, uint8_t out[1 + NINFL], arb_data_error *err)
{
	static const char *const keys[1 + NINFL] = { "gold", "red", "blue", "green" };
	if (!m || m->kind != ARB_MAP)
		return arb_data_fail(err, m, "cards must be a mapping");
	for (int i = 0; i < 1 + NINFL; i++) {
		long v;
		if (need_int(m, keys[i], 1, 120, &v, err) < 0)
			return -1;
		out[i] = (uint8_t)v;
	}
	return 0;
}

/* The board: its columns and ship rows, the layouts per player count,
 * the windmills of the first column. */
static int load_board(el_data *d, const arb_node *root, arb_data_error *err)
{
	long v;
	if (need_int(root, "columns", EL_W, EL_W, &v, err) < 0)
		return -1;
	const arb_node *rows = arb_node_need(root, "rows", ARB_SEQ, err);
	if (!rows)
		return -1;
	if (rows->n != EL_H)
		return arb_data_fail(err, rows, "the board has %d rows", EL_H);
	for (size_t i = 0; i < rows->n; i++) {
		if (arb_node_int(&rows->items[i], 2, 12, &v, err) < 0)
			return -1;
		if (v == 7 || (i && v <= d->rownum[i - 1]))
			return arb_data_fail(err, &rows->items[i],
					     "rows are ship numbers 2..12 without 7, ascending");
		d->rownum[i] = (uint8_t)v;
	}
	memset(d->rowidx, -1, sizeof d->rowidx);
	for (int y = 0; y < EL_H; y++)
		d->rowidx[d->rownum[y]] = (int8_t)y;
	const arb_node *lays = arb_node_need(root, "layouts", ARB_SEQ, err);
	if (!lays)
		return -1;
	for (size_t i = 0; i < lays->n; i++)
		if (load_layout(d, &lays->items[i], err) < 0)
			return -1;
	for (int i = 0; i < 3; i++)
		if (!d->layout[i].cols)
			return arb_data_fail(err, lays, "no layout for %d players", i + 2);
	if (need_int(root, "mills1_column", 1, EL_W, &v, err) < 0)
		return -1;
	for (int i = 0; i < 3; i++)
		for (int y = 0; y < EL_H; y++)
			if (!d->layout[i].mills[y][v - 1])
				d->layout[i].mills[y][v - 1] = 1;
	return 0;
}

/* The church: its foundation, tiles, cost and flag. */
static int load_church(el_data *d, const arb_node *root, arb_data_error *err)
{
	long v;
	const arb_node *ch = arb_node_need(root, "church", ARB_MAP, err);
	if (!ch)
		return -1;
	int fx, fy;
	const arb_node *fn = arb_node_need(ch, "foundation", ARB_SCALAR, err);
	if (!fn || need_square(d, fn, EL_W, &fx, &fy, err) < 0)
		return -1;
	if (fx < 2 || fy < 2 || fy > EL_H - 3)
		return arb_data_fail(err, fn, "the foundation must leave room for any 3x3 church");
	d->found_x = (uint8_t)fx;
	d->found_y = (uint8_t)fy;
	if (need_int(ch, "tiles", EL_NCHURCH, EL_NCHURCH, &v, err) < 0 ||
	    need_int(ch, "cost", 0, 20, &v, err) < 0)
		return -1;
	d->church_cost = (uint8_t)v;
	if (need_int(ch, "flags", 0, 1, &v, err) < 0)
		return -1;
	d->church_flags = (uint8_t)v;
	return 0;
}

/* Where each colour's huts start. */
static int load_start(el_data *d, const arb_node *root, arb_data_error *err)
{
	const arb_node *st = arb_node_need(root, "start", ARB_MAP, err);
	if (!st)
		return -1;
	/* Which colour's hut starts on each square: the board holds one tile
	 * per square, so two huts sharing one would leave a tile off its squares. */
	signed char start_owner[EL_H][EL_W];
	memset(start_owner, -1, sizeof start_owner);
	for (int c = 0; c < EL_SEATS; c++) {
		const arb_node *sc = arb_node_need(st, el_colours[c], ARB_MAP, err);
		if (!sc)
			return -1;
		static const char *const hk[2] = { "hut", "longhut" };
		for (int k = 0; k < 2; k++) {
			const arb_node *sq = arb_node_need(sc, hk[k], ARB_SCALAR, err);
			int x, y;
			if (!sq || need_square(d, sq, 5, &x, &y, err) < 0)
				return -1;
			if (k == 1 && y == EL_H - 1)
				return arb_data_fail(err, sq, "the long hut needs two rows");
			for (int dy = 0; dy <= k; dy++) {
				signed char *owner = &start_owner[y + dy][x];
				if (*owner >= 0)
					return arb_data_fail(
						err, sq,
						"%s's %s would share a square with %s's hut",
						el_colours[c], hk[k], el_colours[*owner]);
				*owner = (signed char)c;
			}
			d->start[c][k][0] = (uint8_t)x;
			d->start[c][k][1] = (uint8_t)y;
		}
	}
	return 0;
}

/* The buildings and their copies. */
static int load_buildings(el_data *d, const arb_node *root, arb_data_error *err)
{
	const arb_node *bs = arb_node_need(root, "buildings", ARB_SEQ, err);
	if (!bs)
		return -1;
	for (size_t i = 0; i < bs->n; i++)
		if (load_building(d, &bs->items[i], err) < 0)
			return -1;
	int nneutral = 0;
	for (int t = 0; t < B_NTYPES; t++) {
		if (!d->bt[t].name[0])
			return arb_data_fail(err, bs, "building \"%s\" missing", type_names[t]);
		if (d->bt[t].kind == K_NEUTRAL)
			nneutral += d->bt[t].copies;
	}
	if (nneutral > EL_MAXNEUTRAL)
		return arb_data_fail(err, bs, "at most %d neutral tiles", EL_MAXNEUTRAL);
	if (d->bt[B_HUT].w != 1 || d->bt[B_HUT].h != 1 || d->bt[B_LONGHUT].w != 1 ||
	    d->bt[B_LONGHUT].h != 2)
		return arb_data_fail(err, bs, "the huts are 1x1 and 1x2");
	return 0;
}

/* The wall tiles of a colour, in stack order, and their costs. */
static int load_walls(el_data *d, const arb_node *root, arb_data_error *err)
{
	long v;
	const arb_node *ws = arb_node_need(root, "walls", ARB_SEQ, err);
	if (!ws)
		return -1;
	if (ws->n != EL_NWALL)
		return arb_data_fail(err, ws, "%d wall tiles per colour", EL_NWALL);
	for (size_t i = 0; i < ws->n; i++) {
		const char *s = arb_node_str(&ws->items[i], err);
		if (!s)
			return -1;
		if (strcmp(s, "inf1") == 0)
			d->wall[i] = W_INF1;
		else if (strcmp(s, "inf2") == 0)
			d->wall[i] = W_INF2;
		else if (strcmp(s, "tower") == 0)
			d->wall[i] = W_TOWER;
		else
			return arb_data_fail(err, &ws->items[i], "a wall is inf1, inf2 or tower");
	}
	/* A seat builds its wall tiles in stack order, so its towers are the
	 * towers among its first `walls` tiles (the pirates' loot reads it). */
	d->towers[0] = 0;
	for (int i = 0; i < EL_NWALL; i++)
		d->towers[i + 1] = (uint8_t)(d->towers[i] + (d->wall[i] == W_TOWER));
	const arb_node *wc = arb_node_need(root, "wall_cost", ARB_MAP, err);
	if (!wc || need_int(wc, "blue", 0, 20, &v, err) < 0)
		return -1;
	d->wall_cost[0] = (uint8_t)v;
	if (need_int(wc, "red", 0, 20, &v, err) < 0)
		return -1;
	d->wall_cost[1] = (uint8_t)v;
	return 0;
}

/* The trade track and its flags, the permits, the influence cards and
 * the starting hand. */
static int load_track(el_data *d, const arb_node *root, arb_data_error *err)
{
	long v;
	const arb_node *tr = arb_node_need(root, "track", ARB_MAP, err);
	if (!tr || need_int(tr, "last", 1, 15, &v, err) < 0)
		return -1;
	d->track_last = (uint8_t)v;
	const arb_node *fl = arb_node_need(tr, "flags", ARB_MAP, err);
	if (!fl)
		return -1;
	for (size_t i = 0; i < fl->n; i++) {
		long sp, cap;
		if (arb_node_int(&fl->keys[i], 1, d->track_last, &sp, err) < 0 ||
		    arb_node_int(&fl->values[i], 1, EL_SEATS, &cap, err) < 0)
			return -1;
		d->flagcap[sp] = (uint8_t)cap;
	}

	const arb_node *ps = arb_node_need(root, "permits", ARB_SEQ, err);
	if (!ps)
		return -1;
	if (ps->n != EL_NPERMIT)
		return arb_data_fail(err, ps, "permits are valued 0..4");
	for (size_t i = 0; i < ps->n; i++)
		if (arb_node_int(&ps->items[i], (long)i, (long)i, &v, err) < 0)
			return -1;

	const arb_node *cards = arb_node_need(root, "cards", ARB_MAP, err);
	if (!cards || load_cards(arb_node_get(cards, "classic"), d->cards[0], err) < 0 ||
	    load_cards(arb_node_get(cards, "smart"), d->cards[1], err) < 0)
		return -1;
	const arb_node *sh = arb_node_need(root, "start_hand", ARB_MAP, err);
	if (!sh || need_int(sh, "gold", 0, 10, &v, err) < 0)
		return -1;
	d->hand_gold = (uint8_t)v;
	if (need_int(sh, "influence", 1, 1, &v, err) < 0)
		return -1;
	d->hand_infl = (uint8_t)v;
	return 0;
}

/* The data file, part by part in the order of its keys' checks. */
static int load(el_data *d, const arb_node *root, arb_data_error *err)
{
	static int (*const part[])(el_data *, const arb_node *, arb_data_error *) = {
		load_board, load_church, load_start, load_buildings, load_walls, load_track,
	};
	for (size_t i = 0; i < ARB_COUNT(part); i++)
		if (part[i](d, root, err) < 0)
			return -1;
	return 0;
}

/* The position create() starts from, before the options and the seats:
 * built once here, so that a game's set-up is a copy (it ran once per
 * game, a sixth of create()). */
static void start_pos(el_data *d)
{
	el_pos *p = &d->start_pos;
	memset(p, 0, sizeof *p);
	memset(p->bld, -1, sizeof p->bld);
	memset(p->permit, -1, sizeof p->permit);
	memset(p->church, -1, sizeof p->church);
	memset(p->church_owner, -1, sizeof p->church_owner);
	p->ship = -1;
	p->church_left = (1u << EL_NCHURCH) - 1;
	p->church_bottom = -1;
	p->corg_x = p->corg_y = -1;
	p->winner = -1;
	int id = 0;
	for (int t = 0; t < B_NTYPES; t++)
		if (d->bt[t].kind == K_NEUTRAL) {
			d->first_tile[t] = (uint8_t)id;
			for (int c = 0; c < d->bt[t].copies; c++)
				p->tile[id++].type = (uint8_t)t;
		}
	d->nneutral = (uint8_t)id;
}

void *el_data_load(const arb_node *root, arb_data_error *err)
{
	el_data *d = arb_xcalloc(1, sizeof *d);
	if (load(d, root, err) < 0) {
		free(d);
		return NULL;
	}
	start_pos(d);
	return d;
}

void el_data_free(void *data)
{
	free(data);
}
