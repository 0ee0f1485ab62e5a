/*
 * farms.c — the final scoring of fields, by the farm system the Variant
 * tag chose (notation/carcassonne.md, "Options"): one function per
 * system, each reading the fields that hold farmers in the order of their
 * first tile (cc_final_items: g->item[], their roots, which are their
 * first nodes).
 *
 *   field  the 2002 rule of the rulebook: each field scores 3 per
 *          completed city it touches to its farmer majority
 *   once   the second revision: as field, but a player scores a given
 *          city once over all their fields
 *   city   the first edition: each completed city scores 4 to the farmer
 *          majority of all the fields touching it
 *
 * Only completed cities count; a city is done == 1 once it scored in
 * play (done == 2 marks the incomplete ones the final scoring walked).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "carcassonne.h"

/* The completed cities field root f touches, each once, into cities[];
 * returns how many.  (A field touching one city through two segments of
 * a tile, or through many tiles, counts it once.) */
static unsigned field_cities(cc_game *g, unsigned f, unsigned *cities)
{
	unsigned n = 0;
	uint32_t st = cc_new_stamp(g);
	unsigned m = f;
	do {
		unsigned t = m / CC_MAXSEG;
		unsigned mask = cc_seg_of(g, m)->cities;
		while (mask) {
			unsigned c = (unsigned)__builtin_ctz(mask);
			mask &= mask - 1;
			unsigned r = cc_find(g, t * CC_MAXSEG + c);
			if (g->node[r].done == 1 && g->nstamp[r] != st) {
				g->nstamp[r] = st;
				cities[n++] = r;
			}
		}
		m = g->node[m].next;
	} while (m != f);
	return n;
}

/* The farmers of every seat on field root f. */
static long farmers_on(const cc_game *g, unsigned f)
{
	long n = 0;
	for (unsigned s = 0; s < g->nseats; s++)
		n += cc_nfol_of(g, f, s);
	return n;
}

/* The completed cities each field holding farmers touches, counted into
 * count[root of the field], each city once per field: walked from the
 * cities completed in play (few, and small) rather than from the fields
 * (field_cities(), which walks every segment of a large field). */
static void count_field_cities(cc_game *g, unsigned *count)
{
	for (unsigned i = 0; i < g->ndone_cities; i++) {
		unsigned r = g->done_city[i], m = r;
		uint32_t st = cc_new_stamp(g);
		do {
			unsigned t = m / CC_MAXSEG, base = t * CC_MAXSEG;
			unsigned mask = g->data->type[g->tile[t].type].city_fields[m - base];
			for (; mask; mask &= mask - 1) {
				unsigned f = cc_find(g, base + (unsigned)__builtin_ctz(mask));
				if (g->nfol[f] && g->nstamp[f] != st) {
					g->nstamp[f] = st;
					count[f]++;
				}
			}
			m = g->node[m].next;
		} while (m != r);
	}
}

/* farmers=field: each of the nfields fields in item[] scores 3 per
 * completed city it touches to each of its majority owners. */
static void farm_field(cc_game *g, unsigned nfields, const arb_sink *sink)
{
	unsigned *count = g->city_buf; /* per field root */
	for (unsigned fi = 0; fi < nfields; fi++)
		count[g->item[fi]] = 0;
	count_field_cities(g, count);
	for (unsigned fi = 0; fi < nfields; fi++) {
		unsigned f = g->item[fi], t = f / CC_MAXSEG, most;
		unsigned win = cc_majority(g, f, &most);
		unsigned nc = count[f];
		long farmers = farmers_on(g, f);
		char what[160];
		cc_score sc = { .kind = "farm",
				.winners = win,
				.by = CC_FIELD,
				.x = g->tile[t].x,
				.y = g->tile[t].y,
				.points = 3 * (int)nc,
				.cities = nc,
				.followers = farmers,
				.what = what };
		if (sink)
			snprintf(what, sizeof what,
				 "a field at %d,%d touching %u "
				 "completed cit%s (%ld farmer%s)",
				 sc.x, sc.y, nc, nc == 1 ? "y" : "ies", farmers,
				 farmers == 1 ? "" : "s");
		cc_award(g, sink, &sc);
	}
}

/* farmers=once: as farm_field, but each owner scores only the cities new
 * to them (scored[city] has a bit per seat that scored it); the owners
 * of one field may then differ in points, so one event per owner. */
static void farm_once(cc_game *g, unsigned nfields, const arb_sink *sink)
{
	uint8_t *scored = g->scored;
	unsigned *cities = g->city_buf;
	memset(scored, 0, (size_t)g->data->total * CC_MAXSEG);
	for (unsigned fi = 0; fi < nfields; fi++) {
		unsigned f = g->item[fi], t = f / CC_MAXSEG, most;
		unsigned win = cc_majority(g, f, &most);
		unsigned nc = field_cities(g, f, cities);
		long farmers = farmers_on(g, f);
		int x = g->tile[t].x, y = g->tile[t].y;
		for (unsigned s = 0; s < g->nseats; s++) {
			if (!(win >> s & 1))
				continue;
			unsigned fresh = 0;
			for (unsigned c = 0; c < nc; c++)
				if (!(scored[cities[c]] >> s & 1)) {
					scored[cities[c]] |= (uint8_t)(1u << s);
					fresh++;
				}
			char what[160];
			cc_score one = { .kind = "farm",
					 .winners = 1u << s,
					 .by = CC_FIELD,
					 .x = x,
					 .y = y,
					 .points = 3 * (int)fresh,
					 .cities = fresh,
					 .followers = farmers,
					 .what = what };
			if (sink && fresh == 0)
				snprintf(what, sizeof what,
					 "a field at %d,%d "
					 "touching %u completed cit%s, %s scored by them "
					 "(%ld farmer%s)",
					 x, y, nc, nc == 1 ? "y" : "ies",
					 nc == 1 ? "already" : "all already", farmers,
					 arb_s(farmers));
			else if (sink)
				snprintf(what, sizeof what,
					 "a field at %d,%d "
					 "touching %u completed cit%s, %u of them "
					 "not yet scored by them (%ld farmer%s)",
					 x, y, nc, nc == 1 ? "y" : "ies", fresh, farmers,
					 farmers == 1 ? "" : "s");
			cc_award(g, sink, &one);
		}
	}
}

/* farmers=city: tally the farmers of every field per completed city it
 * touches (farm_tally[city * CC_MAXSEATS + seat]), then each of those
 * cities, by first node, scores 4 to its farmer majority. */
static void farm_city(cc_game *g, unsigned nfields, const arb_sink *sink)
{
	size_t nodes = (size_t)g->data->total * CC_MAXSEG;
	unsigned *cities = g->city_buf, ncl = 0;
	uint8_t *listed = g->scored;
	memset(g->farm_tally, 0, nodes * CC_MAXSEATS * sizeof *g->farm_tally);
	memset(listed, 0, nodes);
	for (unsigned fi = 0; fi < nfields; fi++) {
		unsigned f = g->item[fi];
		unsigned nc = field_cities(g, f, cities);
		for (unsigned c = 0; c < nc; c++) {
			if (!listed[cities[c]]) {
				listed[cities[c]] = 1;
				g->clist[ncl++] = (uint16_t)cities[c];
			}
			for (unsigned s = 0; s < g->nseats; s++)
				g->farm_tally[cities[c] * CC_MAXSEATS + s] += cc_nfol_of(g, f, s);
		}
	}
	/* the cities the farmed fields touch, by first node */
	for (unsigned i = 0; i < ncl; i++)
		g->key[i] = (uint16_t)cc_first_node(g, g->clist[i]);
	for (unsigned i = 1; i < ncl; i++)
		for (unsigned j = i; j > 0 && g->key[j - 1] > g->key[j]; j--) {
			uint16_t k = g->key[j], c = g->clist[j];
			g->key[j] = g->key[j - 1];
			g->clist[j] = g->clist[j - 1];
			g->key[j - 1] = k;
			g->clist[j - 1] = c;
		}
	for (unsigned ci = 0; ci < ncl; ci++) {
		unsigned v = g->clist[ci], t = g->key[ci] / CC_MAXSEG;
		assert(g->node[v].done == 1);
		unsigned best = 0, win = 0;
		long farmers = 0;
		for (unsigned s = 0; s < g->nseats; s++) {
			unsigned n = g->farm_tally[v * CC_MAXSEATS + s];
			farmers += n;
			if (n > best) {
				best = n;
				win = 1u << s;
			} else if (n == best && n) {
				win |= 1u << s;
			}
		}
		if (!win)
			continue;
		char what[160];
		long tiles, shields;
		cc_walk_feature(g, v, false, &tiles, &shields);
		if (sink)
			snprintf(what, sizeof what,
				 "the farmers of the completed "
				 "city of %ld tiles at %d,%d (%ld in its fields)",
				 tiles, g->tile[t].x, g->tile[t].y, farmers);
		cc_score sc = { .kind = "farm",
				.winners = win,
				.points = 4,
				.by = CC_FIELD,
				.x = g->tile[t].x,
				.y = g->tile[t].y,
				.cities = 1,
				.followers = farmers,
				.what = what };
		cc_award(g, sink, &sc);
	}
}

/* (carcassonne.h) */
void cc_final_farms(cc_game *g, unsigned nfields, const arb_sink *sink)
{
	switch (g->farm) {
	case CC_FARM_FIELD:
		farm_field(g, nfields, sink);
		break;
	case CC_FARM_ONCE:
		farm_once(g, nfields, sink);
		break;
	case CC_FARM_CITY:
		farm_city(g, nfields, sink);
		break;
	case CC_FARM_OFF:
		break;
	}
}
