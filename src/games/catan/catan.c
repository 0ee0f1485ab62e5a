/*
 * catan.c — the Catan engine's ops table: creating a game from its tags
 * (seats, Variant options, the board in the Setup tag), the end of the
 * game, and the standing with its VP breakdown.
 *
 * The rules live in rules.c, the notation in notation.c, the geometry and
 * the data in board.c, the dump and move generation in view.c.
 */
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "catan.h"

ARB_DECLARE_DATA(catan);

const char *const cat_colours[] = {"Red", "Blue", "White", "Orange", NULL};

/* One Variant option: its name, its values, and where the value goes. */
static const struct opt {
	const char *name;
	const char *const values[4];   /* index = the enum value, first default */
	size_t off;
} options[] = {
	{"phases", {"strict", "combined"}, offsetof(cat_game, opt_phases)},
	{"robber", {"token", "any"}, offsetof(cat_game, opt_robber)},
	{"shortage", {"roll", "resource", "single"},
	 offsetof(cat_game, opt_shortage)},
	{"vp-cards", {"hidden", "revealed"}, offsetof(cat_game, opt_vpc)},
	{"start-resources", {"second", "none"}, offsetof(cat_game, opt_start)},
	{"longest-road-tie", {"keep", "aside"}, offsetof(cat_game, opt_lrtie)},
};

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
		return arb_reject_pos(rej, line, col, "bad-option", "option "
				      "edition takes 5 or sv");
	}
	for (size_t i = 0; i < ARB_COUNT(options); i++) {
		if (strcmp(o->name, options[i].name))
			continue;
		for (unsigned v = 0; options[i].values[v]; v++)
			if (o->value && strcmp(o->value, options[i].values[v]) == 0) {
				*((uint8_t *)g + options[i].off) = (uint8_t)v;
				return 0;
			}
		const char *const *vs = options[i].values;
		return arb_reject_pos(rej, line, col, "bad-option", "option %s "
				      "takes %s%s%s%s%s", o->name, vs[0],
				      vs[1] ? " or " : "", vs[1] ? vs[1] : "",
				      vs[2] ? " or " : "", vs[2] ? vs[2] : "");
	}
	return arb_reject_pos(rej, line, col, "unknown-option", "unknown option "
			      "'%s' (known: edition, phases, robber, shortage, "
			      "vp-cards, start-resources, longest-road-tie)",
			      o->name);
}

static void *cat_create(const void *data, const arb_setup *setup,
			arb_reject *rej)
{
	const cat_data *d = data;
	if (setup->nseats < 3 || setup->nseats > CAT_SEATS) {
		const arb_tag *t = setup->nseats ? setup->seats[0].tag : NULL;
		arb_reject_pos(rej, t ? t->line : 0, t ? t->col : 0,
			       "seat-count", "Catan is played by 3 or 4 players, "
			       "not %zu", setup->nseats);
		return NULL;
	}
	cat_game *g = arb_xcalloc(1, sizeof *g);
	g->d = d;
	g->nseats = (unsigned)setup->nseats;
	memset(g->seat_of, -1, sizeof g->seat_of);
	for (unsigned i = 0; i < g->nseats; i++) {
		unsigned c = setup->seats[i].colour;
		if (c >= CAT_SEATS || g->seat_of[c] >= 0) {
			const arb_tag *t = setup->seats[i].tag;
			arb_reject_pos(rej, t ? t->line : 0, t ? t->col : 0,
				       "seat-count", "each colour sits once");
			goto fail;
		}
		g->colour[i] = (uint8_t)c;
		g->seat_of[c] = (int8_t)i;
	}
	for (size_t i = 0; i < setup->noptions; i++)
		if (set_option(g, &setup->options[i], rej) < 0)
			goto fail;
	if (setup->setup) {
		char why[ARB_MSG_MAX - 32];
		if (cat_board_from_setup(d, setup->setup->value, &g->b, why,
					 sizeof why) < 0) {
			arb_reject_pos(rej, setup->setup->line, setup->setup->col,
				       "bad-setup", "Setup: %s", why);
			goto fail;
		}
	} else {
		cat_board_default(d, &g->b);
	}
	cat_state *s = &g->s;
	for (unsigned r = 0; r < CAT_RES; r++)
		s->bank[r] = (uint8_t)d->bank;
	for (unsigned k = 0; k < CAT_DEV; k++)
		s->deck[k] = (uint8_t)d->dev_count[k];
	s->robber = g->b.robber0;
	s->lr = s->la = s->winner = CAT_NONE;
	if (setup->setup) {
		char why[ARB_MSG_MAX - 32];
		if (cat_position_from_setup(g, setup->setup->value, why,
					    sizeof why) < 0) {
			arb_reject_pos(rej, setup->setup->line, setup->setup->col,
				       "bad-setup", "Setup: %s", why);
			goto fail;
		}
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
	free(g);
}

static bool cat_over(const void *game)
{
	return ((const cat_game *)game)->s.over;
}

/* No final scoring in Catan: points are counted as they change. */
static void cat_finish(void *game, const arb_sink *sink)
{
	(void)game;
	(void)sink;
}

static void cat_standing(const void *game, arb_standing *out)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	static const char *const keys[] = {"settlements", "cities",
					   "longest_road", "largest_army",
					   "vp_cards"};
	memset(out, 0, sizeof *out);
	out->over = s->over;
	out->nbd = ARB_COUNT(keys);
	for (size_t k = 0; k < ARB_COUNT(keys); k++)
		out->bd_key[k] = keys[k];
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		out->score[p] = (int)cat_vp(g, p);
		out->bd[p][0] = pl->settlements;
		out->bd[p][1] = 2L * pl->cities;
		out->bd[p][2] = s->lr == p ? 2 : 0;
		out->bd[p][3] = s->la == p ? 2 : 0;
		out->bd[p][4] = g->opt_vpc == VPC_HIDDEN ? pl->dev[D_VP]
							  : pl->vp_shown;
		out->winner[p] = s->over && s->winner == p;
	}
}

const arb_game_ops catan_game = {
	.name = "catan",
	.title = "The Settlers of Catan",
	.colours = cat_colours,
	.min_seats = 3,
	.max_seats = 4,
	.move_size = sizeof(cat_move),
	.data_name = "notation/catan/catan.yaml",
	.data = arb_data_catan,
	.data_size = &arb_data_catan_size,
	.data_load = cat_data_load,
	.data_free = cat_data_free,
	.create = cat_create,
	.destroy = cat_destroy,
	.parse = cat_parse,
	.format = cat_format,
	.apply = cat_apply,
	.over = cat_over,
	.finish = cat_finish,
	.standing = cat_standing,
	.moves = cat_moves,
	.dump = cat_dump,
	.snapshot = cat_snapshot,
	.random_turn = cat_random_turn,
};
