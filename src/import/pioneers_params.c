/*
 * pioneers_params.c — the game block Pioneers sends each player before the
 * game: the parameters, the chits and the map; what TGN's Catan cannot hold
 * refused, naming it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pioneers.h"

/* A parameter other than the map's and the game's description: one that
 * must have the base game's value, a development card's count, or
 * harmless; else refused.  `sp` is the space before its value (NULL:
 * none), v the value as a number. */
static int rule_param(conv *c, const char *key, const char *sp, const char *val, long v)
{
	/* Parameters that must have the base game's value. */
	static const struct {
		const char *key;
		long want;
		const char *why;
	} fixed[] = {
		{ "sevens-rule", 0, "sevens re-rolled" },
		{ "victory-points", 10, "a victory target other than 10" },
		{ "num-bridges", 0, "bridges" },
		{ "num-ships", 0, "ships" },
		{ "num-city-walls", 0, "city walls" },
		{ "num-roads", 15, "a supply of roads other than 15" },
		{ "num-settlements", 5, "a supply of settlements other than 5" },
		{ "num-cities", 4, "a supply of cities other than 4" },
		{ "island-discovery-bonus", 0, "an island discovery bonus" },
		{ "use-pirate", 0, "the pirate" },
	};
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		if (!strcmp(key, fixed[i].key)) {
			if (!sp && fixed[i].want == 0)
				v = 1; /* a flag without a value: on */
			if (v != fixed[i].want)
				return fail(c, "%s %s: %s, which TGN's Catan cannot hold", key, val,
					    fixed[i].why);
			return 0;
		}
	/* Development cards: the deck may be smaller than ours (Pioneers
	 * has 13 soldiers), never larger. */
	static const struct {
		const char *key;
		int kind;
	} devs[] = {
		{ "develop-road", D_ROADS },	{ "develop-monopoly", D_MONOPOLY },
		{ "develop-plenty", D_PLENTY }, { "develop-soldier", D_KNIGHT },
		{ "develop-chapel", D_VP },	{ "develop-university", D_VP },
		{ "develop-governor", D_VP },	{ "develop-library", D_VP },
		{ "develop-market", D_VP },
	};
	for (size_t i = 0; i < sizeof devs / sizeof devs[0]; i++)
		if (!strcmp(key, devs[i].key)) {
			if (v < 0 || v > (long)cat_dev_cards(c->d, (unsigned)devs[i].kind))
				return fail(c, "%s %ld: more %s cards than the base game's deck",
					    key, v, cat_dev_name[devs[i].kind]);
			return 0;
		}
	static const char *const harmless[] = {
		"game",		  "desc",	    "random-terrain",	      "domestic-trade",
		"use-dice-deck",  "num-dice-decks", "num-removed-dice-cards", "variant",
		"exit-when-done", "comment",
	};
	for (size_t i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
		if (!strcmp(key, harmless[i]))
			return 0;
	return fail(c, "game parameter \"%s\" is not supported", key);
}

/* One line of the game block (parameters, chits, map).  Refuses what TGN
 * cannot hold. */
int pio_param(conv *c, const char *m)
{
	if (c->in_map) {
		if (!strcmp(m, "."))
			c->in_map = false;
		return c->in_map ? pio_map_row(c, m) : 0;
	}
	if (!strcmp(m, "end")) {
		c->block_open = false;
		c->params_done = true;
		return pio_map_board(c, &c->setup_tag);
	}
	char key[48];
	long v = 0;
	const char *sp = strchr(m, ' ');
	size_t kl = sp ? (size_t)(sp - m) : strlen(m);
	snprintf(key, sizeof key, "%.*s", (int)(kl < 47 ? kl : 47), m);
	const char *val = sp ? sp + 1 : "";
	if (sp)
		v = strtol(val, NULL, 10);
	if (!strcmp(key, "map")) {
		c->in_map = true;
		return 0;
	}
	if (!strcmp(key, "title")) {
		snprintf(c->title, sizeof c->title, "%s", val);
		return 0;
	}
	if (!strcmp(key, "strict-trade")) {
		c->strict_trade = true;
		return 0;
	}
	if (!strcmp(key, "chits")) {
		c->nchits = 0;
		for (const char *p = val; *p;) {
			char *end;
			long n = strtol(p, &end, 10);
			if (end == p || n < 2 || n > 12 || n == 7 || c->nchits == CAT_HEXES)
				return fail(c, "chits \"%.60s\" are not the base game's", val);
			c->chits[c->nchits++] = (int)n;
			p = *end == ',' ? end + 1 : end;
		}
		return 0;
	}
	if (!strcmp(key, "resource-count")) {
		/* the bank's size: the Variant's bank=N when not the box's */
		if (v < 1 || v > CAT_MAX_BANK)
			return fail(c,
				    "resource-count %s: TGN's Catan holds a bank of 1 to %d cards "
				    "per resource",
				    val, CAT_MAX_BANK);
		c->bank_cards = (int)v;
		return 0;
	}
	if (!strcmp(key, "num-players")) {
		if (v < 3 || v > PIO_MAX_PLAYERS)
			return fail(c, "num-players %ld: TGN's Catan seats 3 or 4", v);
		c->nplayers = (int)v;
		return 0;
	}
	return rule_param(c, key, sp, val, v);
}
