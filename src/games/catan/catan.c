/*
 * catan.c — the Catan engine's ops table and rule table: creating a game
 * from its tags (seats, Variant options, the board and position in the
 * Setup tag), and the position's invariants (position_ok) that debug
 * builds check after every accepted turn.
 *
 * The files of the engine: catan.h (types, rule table, every cross-file
 * function), data.c (the YAML data and geometry), notation.c (a turn line
 * in and out, names of places), rules.c (apply), undo.c (a refused
 * line's buildings taken off), placement.c (where roads and settlements
 * go), longest_road.c, score.c (points, win, standing), snapshot.c (the
 * Setup tag), dump.c, moves.c, gen.c (the random player).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "catan.h"

ARB_DECLARE_DATA(catan);

const char *const cat_colours[] = { "Red", "Blue", "White", "Orange", NULL };

const arb_rule cat_rules[CAT_NRULES] = { CAT_RULES(ARB_RULE_ENTRY) };

/* The Variant options with words (word index = the enum value, the first
 * the default); edition and bank=N are read before them. */
static const arb_option_spec options[] = {
	{ "phases", { "strict", "combined" }, NULL, -1, offsetof(cat_game, opt_phases) },
	{ "robber", { "token", "any" }, NULL, -1, offsetof(cat_game, opt_robber) },
	{ "shortage",
	  { "roll", "resource", "single", "order" },
	  NULL,
	  -1,
	  offsetof(cat_game, opt_shortage) },
	{ "vp-cards", { "hidden", "revealed" }, NULL, -1, offsetof(cat_game, opt_vpc) },
	{ "start-resources", { "second", "none" }, NULL, -1, offsetof(cat_game, opt_start) },
	{ "longest-road-tie", { "keep", "aside" }, NULL, -1, offsetof(cat_game, opt_lrtie) },
	{ "bank", { "limited", "unlimited" }, NULL, -1, offsetof(cat_game, opt_bank) },
};

/* Set one Variant option.  Rejects with bad-option, unknown-option. */
static int set_option(cat_game *g, const arb_option *o, arb_reject *rej)
{
	uint32_t line = o->tag ? o->tag->line : 0, col = o->tag ? o->tag->col : 0;
	if (strcmp(o->name, "edition") == 0) {
		/* A preset: the 5th edition's readings where they differ. */
		if (o->value && strcmp(o->value, "5") == 0) {
			g->opt_phases = PH_COMBINED;
			g->opt_robber = ROB_ANY;
			g->opt_shortage = SH_RESOURCE;
			return 0;
		}
		if (o->value && strcmp(o->value, "sv") == 0) {
			g->opt_phases = PH_STRICT;
			g->opt_robber = ROB_TOKEN;
			g->opt_shortage = SH_ROLL;
			return 0;
		}
		return cat_reject(rej, CAT_R_BAD_OPTION, line, col,
				  "option "
				  "edition takes 5 or sv");
	}
	if (strcmp(o->name, "bank") == 0 && o->value && o->value[0] >= '0' && o->value[0] <= '9') {
		/* bank=N: a bank of N cards per resource (Pioneers'
		 * resource-count), limited like the box's */
		char *end;
		long n = strtol(o->value, &end, 10);
		if (*end || n < 1 || n > CAT_MAX_BANK)
			return cat_reject(rej, CAT_R_BAD_OPTION, line, col,
					  "option bank=N takes a number of cards per resource "
					  "from 1 to %d, not '%s'",
					  CAT_MAX_BANK, o->value);
		g->opt_bank = BANK_LIMITED;
		g->bank_cards = (uint8_t)n;
		return 0;
	}
	size_t row;
	int r = arb_option_set(g, options, ARB_COUNT(options), o, &row);
	if (r >= 0) {
		if (strcmp(o->name, "bank") == 0)
			g->bank_cards = 0; /* limited (the box's) or unlimited */
		return 0;
	}
	if (r == ARB_OPTION_BAD_VALUE) {
		/* "a, b or c"; bank takes a number besides its words */
		static_assert(CAT_MAX_BANK == 51, "the words below say 51");
		char list[160];
		arb_option_words(list, sizeof list, &options[row],
				 strcmp(o->name, "bank") == 0
					 ? "a number of cards per resource (1 to 51)"
					 : NULL);
		return cat_reject(rej, CAT_R_BAD_OPTION, line, col, "option %s takes %s", o->name,
				  list);
	}
	return cat_reject(rej, CAT_R_UNKNOWN_OPTION, line, col,
			  "unknown option "
			  "'%s' (known: edition, phases, robber, shortage, "
			  "vp-cards, start-resources, longest-road-tie, bank)",
			  o->name);
}

/* A new game from the seats, options and Setup tag.  Rejects with
 * seat-count, bad-option, unknown-option, bad-setup.  Catan keeps
 * nothing in the worker. */
static void *cat_create(const void *data, const arb_setup *setup, arb_worker *worker,
			arb_reject *rej)
{
	(void)worker;
	const cat_data *d = data;
	if (setup->nseats < 3 || setup->nseats > CAT_SEATS) {
		const arb_tag *t = setup->nseats ? setup->seats[0].tag : NULL;
		cat_reject(rej, CAT_R_SEAT_COUNT, t ? t->line : 0, t ? t->col : 0,
			   "Catan is played by 3 or 4 players, "
			   "not %zu",
			   setup->nseats);
		return NULL;
	}
	cat_game *g = arb_xcalloc(1, sizeof *g);
	g->d = d;
	g->nbuilt = CAT_BUILT_WHOLE; /* nothing listed but in cat_apply */
	g->nseats = (unsigned)setup->nseats;
	if (setup->verdict_only) {
		g->verdict_only = true;
		g->max_worlds = CAT_VERDICT_WORLDS;
	}
	memset(g->seat_of, -1, sizeof g->seat_of);
	for (unsigned i = 0; i < g->nseats; i++) {
		unsigned c = setup->seats[i].colour;
		if (c >= CAT_SEATS || g->seat_of[c] >= 0) {
			const arb_tag *t = setup->seats[i].tag;
			cat_reject(rej, CAT_R_SEAT_COUNT, t ? t->line : 0, t ? t->col : 0,
				   "each colour sits once");
			goto fail;
		}
		g->colour[i] = (uint8_t)c;
		g->seat_of[c] = (int8_t)i;
	}
	for (size_t i = 0; i < setup->noptions; i++)
		if (set_option(g, &setup->options[i], rej) < 0)
			goto fail;
	/* The View tag: whose view of the game the record is (notation/catan.md,
	 * "Records of what one player could see").  Rejects with bad-view. */
	int view = arb_view_seat(setup, cat_colours, cat_rules, CAT_R_BAD_VIEW, rej);
	if (view < 0)
		goto fail;
	g->view = view == ARB_VIEW_NONE	      ? CAT_NONE
		  : view == ARB_VIEW_OBSERVER ? CAT_OBSERVER
					      : (uint8_t)view;
	if (setup->setup) {
		char why[ARB_MSG_MAX - 32];
		if (cat_board_from_setup(d, setup->setup->value, &g->b, why, sizeof why) < 0) {
			cat_reject(rej, CAT_R_BAD_SETUP, setup->setup->line, setup->setup->col,
				   "Setup: %s", why);
			goto fail;
		}
	} else {
		cat_board_default(d, &g->b);
	}
	cat_state *s = &g->s;
	for (unsigned r = 0; r < CAT_RES; r++)
		s->bank[r] = (uint8_t)cat_bank_size(g);
	for (unsigned k = 0; k < CAT_DEV; k++)
		s->deck[k] = (uint8_t)d->dev_count[k];
	s->robber = g->b.robber0;
	s->lr = s->la = s->winner = CAT_NONE;
	if (setup->setup) {
		char why[ARB_MSG_MAX - 32];
		if (cat_position_from_setup(g, setup->setup->value, why, sizeof why) < 0) {
			cat_reject(rej, CAT_R_BAD_SETUP, setup->setup->line, setup->setup->col,
				   "Setup: %s", why);
			goto fail;
		}
		cat_yield_recount(g, s);
	}
	/* Not zeroed: event() clears each entry it hands out, and zeroing
	 * 100 kB per game showed in the replay profile. */
	g->ev = arb_xmalloc(CAT_MAX_EVENTS * sizeof *g->ev);
	return g;
fail:
	free(g);
	return NULL;
}

static void cat_destroy(void *game)
{
	cat_game *g = game;
	if (!g)
		return;
	free(g->ev);
	cat_hidden_free(g);
	cat_ahead_free(g);
	free(g);
}

/* Over, as the replay asks before each line: where some ways the unseen
 * cards went were cut by reading ahead, the position is first made
 * again without (cat_over_now).  The game is the replay's, made by
 * cat_create, never const. */
static bool cat_over(const void *game)
{
	/* not over: cat_over_now has nothing to undo */
	return ((const cat_game *)game)->s.over && cat_over_now((cat_game *)game);
}

/* The position's invariants: the resource cards in hands and the bank
 * are the game's bank (cat_bank_size); knights (held, played, in the deck) and victory
 * point cards are the data's, other development cards at most that; pieces on the board are counted in the
 * players' tallies and within the data's supply; the cached hand sizes,
 * harbours and longest trails agree with the position.  Cheap enough for
 * every turn of a debug build; *why names the first that fails. */
static bool state_ok(const cat_game *g, const char **why)
{
	const cat_data *d = g->d;
	const cat_state *s = &g->s;
	unsigned res[CAT_RES], dev[CAT_DEV];
	unsigned roads[CAT_SEATS] = { 0 }, settle[CAT_SEATS] = { 0 }, city[CAT_SEATS] = { 0 };
	uint8_t harb[CAT_SEATS] = { 0 };
	for (unsigned r = 0; r < CAT_RES; r++)
		res[r] = s->bank[r];
	for (unsigned k = 0; k < CAT_DEV; k++)
		dev[k] = s->deck[k];
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (s->edge_owner[e]) {
			if (s->edge_owner[e] > g->nseats)
				return *why = "a road of no seat", false;
			roads[s->edge_owner[e] - 1]++;
		}
	for (unsigned v = 0; v < CAT_NODES; v++) {
		unsigned o = s->node_owner[v];
		if (!o) {
			if (s->node_city[v])
				return *why = "a city without an owner", false;
			continue;
		}
		if (o > g->nseats)
			return *why = "a building of no seat", false;
		if (s->node_city[v])
			city[o - 1]++;
		else
			settle[o - 1]++;
		harb[o - 1] |= g->b.node_harb[v];
	}
	bool lr_held = false;
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		unsigned n = 0;
		for (unsigned r = 0; r < CAT_RES; r++) {
			res[r] += pl->res[r];
			n += pl->res[r];
		}
		if (n != pl->ncards)
			return *why = "a hand's size is not its cards' sum", false;
		for (unsigned k = 0; k < CAT_DEV; k++)
			dev[k] += pl->dev[k];
		dev[D_KNIGHT] += pl->knights;
		if (pl->vp_shown > pl->dev[D_VP])
			return *why = "more victory point cards shown than held", false;
		if (pl->roads != roads[p] || pl->settlements != settle[p] || pl->cities != city[p])
			return *why = "a player's piece count is not the "
				      "board's",
			       false;
		if (roads[p] > d->pieces[0] || settle[p] > d->pieces[1] || city[p] > d->pieces[2])
			return *why = "more pieces on the board than in the "
				      "supply",
			       false;
		if (pl->harb != harb[p])
			return *why = "a player's harbours are not those of "
				      "their buildings",
			       false;
		if (pl->road_len != cat_trail(g, s, p))
			return *why = "a cached longest trail is stale", false;
		lr_held |= s->lr == p;
	}
	for (unsigned r = 0; r < CAT_RES; r++)
		if (res[r] != cat_bank_size(g))
			return *why = "resource cards are not conserved", false;
	/* Knights stay in front of their players and victory point cards in
	 * hand; played progress cards leave the game, so those are bounded. */
	for (unsigned k = 0; k < CAT_DEV; k++)
		if (k == D_KNIGHT || k == D_VP ? dev[k] != d->dev_count[k]
					       : dev[k] > d->dev_count[k])
			return *why = "development cards are not conserved", false;
	if (s->lr != CAT_NONE && !lr_held)
		return *why = "the longest road is held by no seat", false;
#define WORD_(x) #x
#define WORD(x) WORD_(x)
	if (s->la != CAT_NONE && (s->la >= g->nseats || s->p[s->la].knights < CAT_ARMY_MIN))
		return *why = "the largest army's holder has not " WORD(CAT_ARMY_MIN) " knights",
		       false;
#undef WORD
#undef WORD_
	unsigned unseen = 0, pool = 0;
	for (unsigned p = 0; p < g->nseats; p++)
		unseen += s->p[p].unseen_dev;
	for (unsigned k = 0; k < CAT_DEV; k++)
		pool += s->deck[k];
	if (unseen > pool)
		return *why = "more cards bought unseen than the deck's counts "
			      "hold",
		       false;
	if (s->robber >= CAT_HEXES)
		return *why = "the robber is off the island", false;
	if (s->over && (s->winner >= g->nseats || cat_vp(g, s->winner) < d->goal))
		return *why = "the winner has not the points to win", false;
	return true;
}

/* The position's invariants, in every way the unseen cards of a view
 * record could have gone (hidden/): each is a position of its own. */
bool cat_position_ok(const void *game, const char **why)
{
	const cat_game *g = game;
	if (!cat_hidden_on(g) || cat_hidden_lazy(g))
		return state_ok(g, why); /* one way at a time: the witness */
	cat_game *w = arb_xmalloc(sizeof *w);
	bool ok = true;
	for (unsigned i = 0; ok && i < cat_hidden_listed(g); i++) {
		*w = *g;
		if (cat_hidden_load(w, i)) /* not one the pending actions drop */
			ok = state_ok(w, why);
	}
	free(w);
	return ok;
}

/* Before dump: a view record's hands, followed one way at a time, are
 * listed again so that their ranges are exact (hidden/). */
static void cat_settle(void *game)
{
	cat_hidden_settle(game);
}

const arb_game_ops catan_game = {
	ARB_ENGINE_OPS(catan, cat, "The Settlers of Catan", 3, 4),
	.parse_clears = true, /* cat_parse: the header, then each action whole */
	.over_flag = ARB_OVER_FLAG(cat_game, s.over),
	.apply = cat_play,
	.ahead = cat_read_ahead,
	.settle = cat_settle,
	.view_turn = cat_view_op,
	.view_close = cat_view_close_op,
	.copy = cat_copy,
	.apply_open = cat_apply_open,
	.parse_more = cat_parse_more,
	.apply_more = cat_apply_more,
	.close_open = cat_close_open,
};
