/*
 * score.c — score events (one per feature scored, with its details for
 * the machine formats), the final scoring of what is left open at the
 * end, and the standing: scores, winners and points per kind.
 *
 * The final scoring walks only the features that still hold followers
 * (the list of follower placements, cc_final_items), never the whole board: roads,
 * cities and cloisters here, then the fields by their farm system
 * (farms.c).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "carcassonne.h"

/* Credit sc's points to its winners and tell the sink. */
void cc_award(cc_game *g, const arb_sink *sink, const cc_score *sc)
{
	/* the winners' bits only: most events have one winner */
	for (unsigned w = sc->winners; w; w &= w - 1) {
		unsigned s = (unsigned)__builtin_ctz(w);
		assert(s < g->nseats);
		g->score[s] += sc->points;
		g->by_kind[s][sc->by] += sc->points;
	}
	if (!sink || !sink->event)
		return;
	arb_event ev;
	arb_event_init(&ev, sc->kind);
	for (unsigned s = 0; s < g->nseats; s++)
		if (sc->winners >> s & 1)
			ev.delta[s] = sc->points;
	ev.owners = sc->winners; /* a field worth nothing still has its owners */
	char players[64];
	arb_seat_list(players, sizeof players, cc_colours, g->colour, g->nseats, sc->winners,
		      false);
	bool many = __builtin_popcount(sc->winners) > 1;
	int n = snprintf(ev.text, sizeof ev.text, "%s score%s %d point%s%s for %s", players,
			 many ? "" : "s", sc->points, sc->points == 1 ? "" : "s",
			 many ? " each" : "", sc->what);
	if (sc->returned && n > 0 && (size_t)n < sizeof ev.text)
		snprintf(ev.text + n, sizeof ev.text - (size_t)n, " (%ld follower%s return%s)",
			 sc->followers, sc->followers == 1 ? "" : "s",
			 sc->followers == 1 ? "s" : "");
	arb_event_seats(&ev, "players", sc->winners);
	if (sc->by == CC_FIELD) {
		arb_event_num(&ev, "cities", sc->cities);
		arb_event_num(&ev, "farmers", sc->followers);
	} else {
		arb_event_num(&ev, "tiles", sc->tiles);
		if (sc->by == CC_CITY)
			arb_event_num(&ev, "shields", sc->shields);
		arb_event_num(&ev, "followers", sc->followers);
	}
	arb_event_num(&ev, "x", sc->x);
	arb_event_num(&ev, "y", sc->y);
	sink->event(sink->ctx, &ev);
}

/* (carcassonne.h) One pass over the followers placed in the game (not
 * the whole board): each feature holding one marks its root (its first
 * node) in a bitmap, fields apart from the others, and the roots are read
 * out of the bitmaps in order, with no sort. */
void cc_final_items(cc_game *g, uint16_t *others, unsigned *nothers, uint16_t *fields,
		    unsigned *nfields)
{
	uint64_t bits[2][CC_NODES / 64 + 1];
	unsigned words = (g->ntiles * CC_MAXSEG + 63) / 64;
	for (unsigned w = 0; w < words; w++)
		bits[0][w] = bits[1][w] = 0;
	for (unsigned i = 0; i < g->nplaced; i++) {
		unsigned v = g->placed[i];
		if (g->node[v].follower < 0)
			continue;
		/* a cloister's node is alone: its own root */
		unsigned r = cc_find(g, v), is_field = cc_seg_of(g, v)->kind == CC_FIELD;
		bits[is_field][r / 64] |= 1ull << (r % 64);
	}
	uint16_t *out[2] = { others, fields };
	unsigned n[2] = { 0, 0 };
	for (unsigned k = 0; k < 2; k++)
		for (unsigned w = 0; w < words; w++)
			for (uint64_t b = bits[k][w]; b; b &= b - 1)
				out[k][n[k]++] = (uint16_t)(w * 64 + (unsigned)__builtin_ctzll(b));
	*nothers = n[0];
	*nfields = n[1];
}

/* Score what is left open at the end: roads, cities, cloisters, in the
 * order of their first tile. */
static void final_features(cc_game *g, unsigned n, const arb_sink *sink)
{
	for (unsigned i = 0; i < n; i++) {
		unsigned v = g->clist[i], t = v / CC_MAXSEG;
		unsigned k = cc_seg_of(g, v)->kind;
		int x = g->tile[t].x, y = g->tile[t].y;
		char what[160];
		cc_score sc = { .x = x, .y = y, .by = k, .what = what };
		if (k == CC_CLOISTER) {
			assert(!g->cloister_done[t]);
			g->cloister_done[t] = 2;
			int nb = cc_neighbours8(g, t);
			sc.kind = "incomplete-cloister";
			sc.winners = 1u << g->node[v].follower;
			sc.points = 1 + nb;
			sc.tiles = 1 + nb;
			sc.followers = 1;
			if (sink)
				snprintf(what, sizeof what,
					 "an incomplete cloister at "
					 "%d,%d with %d neighbour%s",
					 x, y, nb, nb == 1 ? "" : "s");
			cc_award(g, sink, &sc);
			continue;
		}
		unsigned most;
		assert(!g->node[v].done); /* complete ones sent their followers home */
		g->node[v].done = 2;
		sc.winners = cc_majority(g, v, &most);
		sc.followers = cc_walk_feature(g, v, false, &sc.tiles, &sc.shields);
		if (k == CC_ROAD) {
			sc.kind = "incomplete-road";
			sc.points = (int)sc.tiles;
			if (sink)
				snprintf(what, sizeof what,
					 "an incomplete road of %ld "
					 "tile%s at %d,%d",
					 sc.tiles, sc.tiles == 1 ? "" : "s", x, y);
		} else {
			sc.kind = "incomplete-city";
			sc.points = (int)(sc.tiles + sc.shields);
			if (sink)
				snprintf(what, sizeof what,
					 "an incomplete city of %ld "
					 "tile%s and %ld shield%s at %d,%d",
					 sc.tiles, sc.tiles == 1 ? "" : "s", sc.shields,
					 sc.shields == 1 ? "" : "s", x, y);
		}
		cc_award(g, sink, &sc);
	}
}

/* (carcassonne.h) The final scoring, once the last tile is drawn. */
void cc_finish(void *game, const arb_sink *sink)
{
	cc_game *g = game;
	if (g->finished || !cc_over(g))
		return;
	g->finished = true;
	/* the fields' followers stay where they are while the others score */
	unsigned nothers, nfields;
	cc_final_items(g, g->clist, &nothers, g->item, &nfields);
	final_features(g, nothers, sink);
	if (g->farm != CC_FARM_OFF)
		cc_final_farms(g, nfields, sink);
}

/* (carcassonne.h) Scores, winners once over, points per kind. */
void cc_standing(const void *game, arb_standing *out)
{
	const cc_game *g = game;
	memset(out, 0, sizeof *out);
	out->over = cc_over(g);
	int best = 0;
	for (unsigned s = 0; s < g->nseats; s++) {
		out->score[s] = g->score[s];
		if (s == 0 || g->score[s] > best)
			best = g->score[s];
	}
	for (unsigned s = 0; s < g->nseats && out->over; s++)
		out->winner[s] = g->score[s] == best;
	static const char *const keys[] = { "roads", "cities", "cloisters", "farms", "followers" };
	out->nbd = 5;
	for (unsigned k = 0; k < 5; k++)
		out->bd_key[k] = keys[k];
	for (unsigned s = 0; s < g->nseats; s++) {
		out->bd[s][0] = g->by_kind[s][CC_ROAD];
		out->bd[s][1] = g->by_kind[s][CC_CITY];
		out->bd[s][2] = g->by_kind[s][CC_CLOISTER];
		out->bd[s][3] = g->by_kind[s][CC_FIELD];
		out->bd[s][4] = g->supply[s];
	}
}
