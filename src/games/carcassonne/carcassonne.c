/*
 * carcassonne.c — the Carcassonne engine as arbiter sees it: the ops
 * table, the rule table, creating a game (seats, the Variant options, a
 * Setup tag), recycling finished games, and the invariants the debug
 * builds check after every turn (position_ok).
 *
 * A turn does: look up 4 neighbours, a few unions, find() on the new
 * tile's segments, and a pass over the monks on the board (rules.c,
 * features.c).  Nothing is allocated after create().
 */
#include <assert.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "carcassonne.h"
#include "../../core/util.h"

const char *const cc_colours[] = { "Red", "Blue", "Green", "Yellow", "Black", NULL };

const arb_rule cc_rules[CC_NRULES] = { CC_RULES(ARB_RULE_ENTRY) };

/* Finished games are kept for the next create() in the worker's slot
 * (arb_worker, game.h): a stream of games would otherwise clear a fresh
 * 160 KB board and make 9 allocations per game.  Recycling clears only the cells the game used.  free_game()
 * really frees; cc_release_kept() drops the kept games when the worker
 * ends.  A worker is one thread's, so its few kept games need no lock:
 * one is enough for a replay, a few for the referee's copies. */
#define CC_SPARES 4
typedef struct cc_kept {
	cc_game *game[CC_SPARES];
} cc_kept;

extern const arb_game_ops carcassonne_game; /* the key of its slot */

static void free_game(cc_game *g)
{
	ARB_FREE_ALL(g->stamp, g->nstamp, g->farm_tally, g->city_buf, g->scored, g->item, g->key,
		     g->clist, g);
}

/* Keep `g` in its worker for a later create(); false when it has no
 * worker or every place there is taken. */
static bool keep_spare(cc_game *g)
{
	void **slot = arb_worker_slot(g->worker, &carcassonne_game);
	if (!slot)
		return false;
	if (!*slot)
		*slot = arb_xcalloc(1, sizeof(cc_kept));
	cc_kept *k = *slot;
	for (size_t i = 0; i < CC_SPARES; i++)
		if (!k->game[i]) {
			k->game[i] = g;
			return true;
		}
	return false;
}

/* A game of data `d` kept in worker `w`, now the caller's, or NULL. */
static cc_game *take_spare(arb_worker *w, const cc_data *d)
{
	void **slot = arb_worker_slot(w, &carcassonne_game);
	cc_kept *k = slot ? *slot : NULL;
	for (size_t i = 0; k && i < CC_SPARES; i++)
		if (k->game[i] && k->game[i]->data == d) {
			cc_game *g = k->game[i];
			k->game[i] = NULL;
			return g;
		}
	return NULL;
}

static void cc_release_kept(void *kept)
{
	cc_kept *k = kept;
	for (size_t i = 0; i < CC_SPARES; i++)
		if (k->game[i])
			free_game(k->game[i]);
	free(k);
}

static void cc_destroy(void *game)
{
	cc_game *g = game;
	if (!g)
		return;
	/* a local: a byte store could alias g's fields and reload them */
	uint8_t *cell = g->cell;
	/* unrolled: a store a tile, the loop's own work shared by four */
#pragma GCC unroll 4
	for (unsigned i = 0, n = g->ntiles; i < n; i++)
		cell[g->cell_of[i]] = 0;
	/* its stamps stay: new_stamp() only counts up */
	if (!keep_spare(g))
		free_game(g);
}

/* The Variant options, in bytes for arb_option_set. */
struct cc_opts {
	uint8_t small_city; /* 1: a city of 2 tiles scores 2 a tile (pre-2002) */
	uint8_t farm;	    /* enum cc_farm                                     */
};

static const arb_option_spec cc_options[] = {
	{ "small-city",
	  { "2", "4" },
	  (const uint8_t[]){ 1, 0 },
	  1,
	  offsetof(struct cc_opts, small_city) },
	{ "farmers",
	  { "field", "2002", "once", "city", "2000", "off" },
	  (const uint8_t[]){ CC_FARM_FIELD, CC_FARM_FIELD, CC_FARM_ONCE, CC_FARM_CITY, CC_FARM_CITY,
			     CC_FARM_OFF },
	  -1,
	  offsetof(struct cc_opts, farm) },
};

/* Set the Variant options in *opt.  Rejects with unknown-option,
 * bad-option-value. */
static int set_options(struct cc_opts *opt, const arb_setup *setup, arb_reject *rej)
{
	for (size_t i = 0; i < setup->noptions; i++) {
		const arb_option *op = &setup->options[i];
		uint32_t line = op->tag ? op->tag->line : 0, col = op->tag ? op->tag->col : 0;
		const char *v = op->value;
		size_t row;
		int r = arb_option_set(opt, cc_options, ARB_COUNT(cc_options), op, &row);
		if (r == ARB_OPTION_UNKNOWN)
			return cc_reject(rej, CC_R_UNKNOWN_OPTION, line, col,
					 "unknown option '%s': Carcassonne knows small-city=2|4 "
					 "and farmers=field|once|city|off",
					 op->name);
		if (r == ARB_OPTION_BAD_VALUE)
			return cc_reject(rej, CC_R_BAD_OPTION_VALUE, line, col,
					 "option %s does not take %s%s%s: use %s", op->name,
					 v ? "the value '" : "no value", v ? v : "", v ? "'" : "",
					 row == 0 ? "small-city=2 (pre-2002) or "
						    "small-city=4 (the default)"
						  : "farmers=field (the default), "
						    "once, city or off");
	}
	return 0;
}

static void *cc_create(const void *data, const arb_setup *setup, arb_worker *worker,
		       arb_reject *rej)
{
	const cc_data *d = data;
	if (setup->nseats < 2 || setup->nseats > CC_MAXSEATS) {
		cc_reject(rej, CC_R_SEAT_COUNT, 0, 0,
			  "Carcassonne is played by 2 to 5 players, not %zu", setup->nseats);
		return NULL;
	}
	/* small-city and farmers (the Variant tag), by cc_options */
	struct cc_opts opt = { .small_city = 0, .farm = CC_FARM_FIELD };
	if (set_options(&opt, setup, rej) < 0)
		return NULL;

	/* A view (notation/carcassonne.md, "Views"): every tile and follower
	 * is seen by all, so a view record is the full record; the tag only
	 * has to name a seat or the observer. */
	if (arb_view_seat(setup, cc_colours, cc_rules, CC_R_BAD_VIEW, rej) < 0)
		return NULL;

	cc_game *g;
	if ((g = take_spare(worker, d)) != NULL) {
		/* a recycled game: its board is clear, what follows stamp
		 * (carcassonne.h) is kept */
		memset(g, 0, offsetof(cc_game, stamp));
	} else {
		g = arb_xcalloc(1, sizeof *g); /* the board clear, no buffers */
	}
	g->data = d;
	g->worker = worker;
	g->nseats = (unsigned)setup->nseats;
	g->farm = (enum cc_farm)opt.farm;
	g->small_city = opt.small_city;
	memset(g->seat_of, -1, sizeof g->seat_of);
	for (unsigned s = 0; s < g->nseats; s++) {
		unsigned c = setup->seats[s].colour;
		assert(c < CC_MAXSEATS);
		g->colour[s] = (uint8_t)c;
		g->seat_of[c] = (int8_t)s;
		g->supply[s] = (uint8_t)d->followers;
	}
	g->drawable = d->total - 1;
	g->span = (int)d->total + 1;
	size_t nodes = (size_t)d->total * CC_MAXSEG;
	if (!g->stamp) {
		/* a new game's buffers; only the stamps need zeroing */
		g->stamp = arb_xcalloc(d->total, sizeof *g->stamp);
		g->nstamp = arb_xcalloc(nodes, sizeof *g->nstamp);
		g->farm_tally = arb_xmalloc(nodes * CC_MAXSEATS * sizeof *g->farm_tally);
		g->city_buf = arb_xmalloc(nodes * sizeof *g->city_buf);
		g->scored = arb_xmalloc(nodes);
		g->item = arb_xmalloc(nodes * sizeof *g->item);
		g->key = arb_xmalloc(nodes * sizeof *g->key);
		g->clist = arb_xmalloc(nodes * sizeof *g->clist);
	}
	cc_place(g, d->start, 0, 0, 0, -1, 0, NULL);
	if (setup->setup && cc_setup(g, setup->setup, rej) < 0) {
		cc_destroy(g);
		return NULL;
	}
	return g;
}

/* (carcassonne.h) The over op: all the tiles after the start tile drawn. */
bool cc_over(const void *game)
{
	const cc_game *g = game;
	return g->drawn >= g->drawable;
}

/* The invariants of a position (debug builds check them after every
 * turn): every placed tile's edges continue its neighbours', the tiles
 * drawn are the tiles placed and discarded, each tile's cell points back
 * at it, and every seat's followers on the board and in supply make the
 * data's supply. */
static bool cc_position_ok(const void *game, const char **why)
{
	const cc_game *g = game;
	const cc_data *d = g->data;
	unsigned drawn = 0;
	for (unsigned i = 0; i < d->ntypes; i++)
		drawn += g->drawn_of[i];
	if (drawn != g->drawn + 1 || g->ntiles + g->ndiscards != drawn || g->drawn > g->drawable) {
		*why = "the tiles drawn are not the tiles placed and discarded";
		return false;
	}
	unsigned on_board[CC_MAXSEATS] = { 0 };
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_placed *p = &g->tile[t];
		if (cc_tile_at(g, p->x, p->y) != (int)t) {
			*why = "a placed tile is not on its cell";
			return false;
		}
		for (unsigned s = 0; s < 4; s++) {
			int n = cc_tile_at(g, p->x + cc_dx[s], p->y + cc_dy[s]);
			if (n >= 0 && p->o->edge[s] != g->tile[n].o->edge[(s + 2) % 4]) {
				*why = "a placed tile's edge does not continue its "
				       "neighbour's";
				return false;
			}
		}
		for (unsigned k = 0; k < CC_MAXSEG; k++) {
			int f = g->node[t * CC_MAXSEG + k].follower;
			if (f >= (int)g->nseats || (f >= 0 && k >= d->type[p->type].nseg)) {
				*why = "a follower stands on no segment or seat";
				return false;
			}
			if (f >= 0)
				on_board[f]++;
		}
	}
	for (unsigned s = 0; s < g->nseats; s++)
		if (on_board[s] + g->supply[s] != d->followers) {
			*why = "a seat's followers on the board and in supply "
			       "are not its supply at the start";
			return false;
		}
	return true;
}

ARB_DECLARE_DATA(carcassonne);

const arb_game_ops carcassonne_game = {
	ARB_ENGINE_OPS(carcassonne, cc, "Carcassonne", 2, 5),
	.parse_clears = true, /* cc_parse writes the whole move */
	.apply = cc_apply,
	.deal_start = cc_deal_start,
	.release_kept = cc_release_kept,
};
