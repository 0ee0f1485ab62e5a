/*
 * data.c — the Carcassonne tile set: from the YAML tree of
 * notation/carcassonne/carcassonne.yaml into cc_data, with every tile
 * pre-turned into its four orientations so the hot path only indexes.
 *
 * The data is checked hard here (every side covered by exactly one segment
 * of the right kind, every field half-edge on a road or field side, city
 * references in range) because a replaced data file (--data) is input like
 * any other, and the engine relies on these invariants without checking.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "carcassonne.h"
#include "../../core/util.h"

static const char side_letters[] = "NESW";

/* The side index of letter c, or -1. */
static int side_of(char c)
{
	const char *p = strchr(side_letters, c);
	return c && p ? (int)(p - side_letters) : -1;
}

/* The half-edge index of name ("NL".."WR"), or -1. */
static int half_of(const char *s)
{
	int side = side_of(s[0]);
	if (side < 0 || (s[1] != 'L' && s[1] != 'R') || s[2])
		return -1;
	return side * 2 + (s[1] == 'R');
}

static int get_bool(const arb_node *map, const char *key, bool *out, arb_data_error *err)
{
	const arb_node *n = arb_node_get(map, key);
	*out = false;
	if (!n)
		return 0;
	const char *s = arb_node_str(n, err);
	if (!s)
		return -1;
	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes"))
		*out = true;
	else if (strcasecmp(s, "false") && strcasecmp(s, "no"))
		return arb_data_fail(err, n, "%s: expected true or false", key);
	return 0;
}

/* A string of side letters ("NEW") as a side mask; 0 and err when bad. */
static unsigned side_mask(const arb_node *n, arb_data_error *err)
{
	const char *s = arb_node_str(n, err);
	unsigned mask = 0;
	if (!s)
		return 0;
	for (const char *p = s; *p; p++) {
		int side = side_of(*p);
		if (side < 0 || (mask >> side & 1)) {
			arb_data_fail(err, n, "'%s' is no set of sides N, E, S, W", s);
			return 0;
		}
		mask |= 1u << side;
	}
	if (!mask)
		arb_data_fail(err, n, "a segment covers no side");
	return mask;
}

/* A placed tile's nodes as it arrives (cc_type.node0): each alone, with
 * its segment's open sides, no follower. */
static void set_node0(cc_type *t)
{
	for (unsigned i = 0; i < CC_MAXSEG; i++)
		t->node0[i] = (cc_node){ .parent = (uint16_t)i,
					 .next = (uint16_t)i,
					 .open = i < t->nseg ? t->rot[0].seg[i].nsides : 0,
					 .follower = -1 };
}

/* The fields each city segment of t touches (cc_type.city_fields): the
 * segments' `cities` read the other way. */
static void set_city_fields(cc_type *t)
{
	for (unsigned f = 0; f < t->nseg; f++)
		for (unsigned c = 0; c < CC_MAXSEG; c++)
			if (t->rot[0].seg[f].kind == CC_FIELD && (t->rot[0].seg[f].cities >> c & 1))
				t->city_fields[c] |= (uint16_t)(1u << f);
}

/* Fill t->rot[1..3] from t->rot[0] by turning it clockwise. */
static void turn_tile(cc_type *t)
{
	for (unsigned r = 1; r < 4; r++) {
		const cc_orient *a = &t->rot[0];
		cc_orient *b = &t->rot[r];
		memset(b, 0, sizeof *b);
		for (unsigned s = 0; s < 4; s++) {
			b->edge[(s + r) % 4] = a->edge[s];
			b->side_seg[(s + r) % 4] = a->side_seg[s];
		}
		for (unsigned h = 0; h < 8; h++)
			b->half_seg[(h + 2 * r) % 8] = a->half_seg[h];
		for (unsigned i = 0; i < t->nseg; i++) {
			cc_seg sg = a->seg[i];
			sg.sides = (uint8_t)(((sg.sides << r) | (sg.sides >> (4 - r))) & 0xF);
			sg.halves = (uint8_t)(((sg.halves << 2 * r) | (sg.halves >> (8 - 2 * r))) &
					      0xFF);
			b->seg[i] = sg;
		}
	}
}

/* Add the road or city segments listed in `list` to t; -1 and err on bad
 * data. */
static int load_sides(cc_type *t, const arb_node *list, unsigned kind, bool shield,
		      arb_data_error *err)
{
	cc_orient *o = &t->rot[0];
	for (size_t i = 0; i < list->n; i++) {
		const arb_node *n = &list->items[i];
		unsigned mask = side_mask(n, err);
		if (!mask)
			return -1;
		if (t->nseg == CC_MAXSEG)
			return arb_data_fail(err, n, "more than %d segments on a tile", CC_MAXSEG);
		unsigned want = kind == CC_CITY ? CC_ECITY : CC_EROAD;
		for (unsigned s = 0; s < 4; s++) {
			if (!(mask >> s & 1))
				continue;
			if (o->edge[s] != want || o->side_seg[s] >= 0)
				return arb_data_fail(err, n,
						     "side %c of tile %c is no free %s edge",
						     side_letters[s], t->letter,
						     kind == CC_CITY ? "city" : "road");
			o->side_seg[s] = (int8_t)t->nseg;
		}
		cc_seg *sg = &o->seg[t->nseg++];
		sg->kind = (uint8_t)kind;
		sg->sides = (uint8_t)mask;
		sg->nsides = (uint8_t)__builtin_popcount(mask);
		sg->shield = shield && kind == CC_CITY;
	}
	return 0;
}

/* A tile's edges: four letters C, R, F for N E S W; -1 and err on bad data. */
static int load_edges(cc_orient *o, const arb_node *n, arb_data_error *err)
{
	if (strlen(n->str) != 4)
		return arb_data_fail(err, n, "edges are four letters C, R, F for N E S W");
	for (unsigned s = 0; s < 4; s++) {
		char c = n->str[s];
		if (c == 'C')
			o->edge[s] = CC_ECITY;
		else if (c == 'R')
			o->edge[s] = CC_EROAD;
		else if (c == 'F')
			o->edge[s] = CC_EFIELD;
		else
			return arb_data_fail(err, n, "edge '%c' is not C, R or F", c);
	}
	return 0;
}

/* Add the field segments listed in `fields` to t (each its half-edges and
 * the city segments it borders, 0..ncities-1); -1 and err on bad data. */
static int load_fields(cc_type *t, const arb_node *fields, unsigned ncities, arb_data_error *err)
{
	cc_orient *o = &t->rot[0];
	for (size_t i = 0; i < fields->n; i++) {
		const arb_node *fn = &fields->items[i];
		const arb_node *halves = arb_node_need(fn, "halves", ARB_SEQ, err);
		const arb_node *fc = halves ? arb_node_need(fn, "cities", ARB_SEQ, err) : NULL;
		if (!fc)
			return -1;
		if (t->nseg == CC_MAXSEG)
			return arb_data_fail(err, fn, "more than %d segments on a tile", CC_MAXSEG);
		cc_seg *sg = &o->seg[t->nseg];
		sg->kind = CC_FIELD;
		for (size_t j = 0; j < halves->n; j++) {
			const char *s = arb_node_str(&halves->items[j], err);
			int h = s ? half_of(s) : -1;
			if (h < 0)
				return s ? arb_data_fail(
						   err, &halves->items[j],
						   "'%s' is no half-edge (NL NR EL ER SL SR WL WR)",
						   s)
					 : -1;
			if (o->edge[h / 2] == CC_ECITY || o->half_seg[h] >= 0)
				return arb_data_fail(
					err, &halves->items[j],
					"half-edge %s of tile %c is on a city side or taken twice",
					s, t->letter);
			o->half_seg[h] = (int8_t)t->nseg;
			sg->halves |= (uint8_t)(1u << h);
		}
		for (size_t j = 0; j < fc->n; j++) {
			long ci;
			if (arb_node_int(&fc->items[j], 0, (long)ncities - 1, &ci, err) < 0)
				return -1;
			sg->cities |= (uint16_t)(1u << ci);
		}
		t->nseg++;
	}
	return 0;
}

static int load_tile(cc_data *d, const arb_node *tn, arb_data_error *err)
{
	if (tn->kind != ARB_MAP)
		return arb_data_fail(err, tn, "a tile must be a map");
	const arb_node *n = arb_node_need(tn, "letter", ARB_SCALAR, err);
	if (!n)
		return -1;
	const char *letter = n->str;
	if (strlen(letter) != 1 || letter[0] < 'A' || letter[0] > 'Z')
		return arb_data_fail(err, n, "a tile letter is one of A..Z");
	if (d->by_letter[letter[0] - 'A'] >= 0)
		return arb_data_fail(err, n, "tile %s is listed twice", letter);
	if (d->ntypes == CC_MAXTYPES)
		return arb_data_fail(err, n, "too many tile types");
	cc_type *t = &d->type[d->ntypes];
	memset(t, 0, sizeof *t);
	t->letter = letter[0];
	t->cloister_seg = -1;
	cc_orient *o = &t->rot[0];
	memset(o->side_seg, -1, sizeof o->side_seg);
	memset(o->half_seg, -1, sizeof o->half_seg);

	long count;
	if (!(n = arb_node_need(tn, "count", ARB_SCALAR, err)) ||
	    arb_node_int(n, 0, 255, &count, err) < 0)
		return -1;
	t->count = (uint8_t)count;

	if (!(n = arb_node_need(tn, "edges", ARB_SCALAR, err)) || load_edges(o, n, err) < 0)
		return -1;

	bool shield, cloister;
	if (get_bool(tn, "shield", &shield, err) < 0 ||
	    get_bool(tn, "cloister", &cloister, err) < 0)
		return -1;
	const arb_node *cities = arb_node_need(tn, "cities", ARB_SEQ, err);
	const arb_node *roads = cities ? arb_node_need(tn, "roads", ARB_SEQ, err) : NULL;
	const arb_node *fields = roads ? arb_node_need(tn, "fields", ARB_SEQ, err) : NULL;
	if (!fields)
		return -1;
	if (shield && cities->n != 1)
		return arb_data_fail(err, tn, "a shield needs exactly one city segment");
	if (load_sides(t, cities, CC_CITY, shield, err) < 0 ||
	    load_sides(t, roads, CC_ROAD, false, err) < 0)
		return -1;
	unsigned ncities = (unsigned)cities->n;
	for (unsigned s = 0; s < 4; s++)
		if (o->edge[s] != CC_EFIELD && o->side_seg[s] < 0)
			return arb_data_fail(err, tn, "tile %c: side %c has no segment", t->letter,
					     side_letters[s]);

	if (load_fields(t, fields, ncities, err) < 0)
		return -1;
	for (unsigned h = 0; h < 8; h++)
		if (o->edge[h / 2] != CC_ECITY && o->half_seg[h] < 0)
			return arb_data_fail(err, tn, "tile %c: half-edge %s is in no field",
					     t->letter, cc_half_name[h]);
	if (cloister) {
		if (t->nseg == CC_MAXSEG)
			return arb_data_fail(err, tn, "too many segments");
		t->cloister = true;
		t->cloister_seg = (int8_t)t->nseg;
		o->seg[t->nseg++].kind = CC_CLOISTER;
	}
	turn_tile(t);
	set_node0(t);
	set_city_fields(t);
	d->by_letter[t->letter - 'A'] = (int8_t)d->ntypes;
	d->total += t->count;
	d->ntypes++;
	return 0;
}

void *cc_data_load(const arb_node *root, arb_data_error *err)
{
	cc_data *d = arb_xcalloc(1, sizeof *d);
	memset(d->by_letter, -1, sizeof d->by_letter);
	const arb_node *tiles = arb_node_need(root, "tiles", ARB_SEQ, err);
	const arb_node *start = tiles ? arb_node_need(root, "start", ARB_SCALAR, err) : NULL;
	const arb_node *fol = start ? arb_node_need(root, "followers", ARB_SCALAR, err) : NULL;
	long followers;
	if (!fol || arb_node_int(fol, 0, 100, &followers, err) < 0)
		goto fail;
	d->followers = (unsigned)followers;
	for (size_t i = 0; i < tiles->n; i++)
		if (load_tile(d, &tiles->items[i], err) < 0)
			goto fail;
	if (strlen(start->str) != 1 || start->str[0] < 'A' || start->str[0] > 'Z' ||
	    d->by_letter[start->str[0] - 'A'] < 0) {
		arb_data_fail(err, start, "start tile '%s' is not in the tile list", start->str);
		goto fail;
	}
	d->start = (unsigned)d->by_letter[start->str[0] - 'A'];
	memset(d->by_byte, -1, sizeof d->by_byte);
	for (unsigned i = 0; i < 26; i++) {
		d->by_byte['A' + i] = d->by_letter[i];
		d->by_byte['a' + i] = d->by_letter[i];
	}
	if (d->type[d->start].count == 0) {
		arb_data_fail(err, start, "no copy of the start tile is counted");
		goto fail;
	}
	if (d->total > CC_MAXTILES) {
		arb_data_fail(err, tiles, "%u tiles; at most %d are supported", d->total,
			      CC_MAXTILES);
		goto fail;
	}
	return d;
fail:
	free(d);
	return NULL;
}

void cc_data_free(void *data)
{
	free(data);
}
