/*
 * registry.c — the table of games arbiter knows.  Adding a game is a
 * folder under src/games/ (the Makefile finds it) and one line here in
 * ARB_GAMES, its name, whose ops table is <name>_game; everything that
 * lists the games (--help, --game's values, the completions, the man
 * pages' lists through build/tools/game-lists, the tests) reads this
 * table (src/games/README.md, "Adding a game").
 */
#include <stdio.h>
#include <strings.h>

#include "../core/suggest.h"
#include "registry.h"

/* The games, one line each, in the order every list shows them. */
#define ARB_GAMES(GAME)   \
	GAME(carcassonne) \
	GAME(catan)       \
	GAME(elasund)

/* one line serves as the declaration and as the row: the ops table of a
 * game is always named <name>_game */
#define ARB_GAME_DECLARE(name) extern const arb_game_ops name##_game;
#define ARB_GAME_ROW(name) &name##_game,
ARB_GAMES(ARB_GAME_DECLARE)

static const arb_game_ops *const all_games[] = { ARB_GAMES(ARB_GAME_ROW) };

size_t arb_game_count(void)
{
	return sizeof all_games / sizeof all_games[0];
}

const arb_game_ops *arb_game_at(size_t i)
{
	return i < arb_game_count() ? all_games[i] : NULL;
}

const arb_game_ops *arb_game_find(const char *name)
{
	/* any case: [Game "Carcassonne"] and --game Catan name a game as
	 * surely as colours and keywords do */
	for (size_t i = 0; i < arb_game_count(); i++)
		if (strcasecmp(all_games[i]->name, name) == 0)
			return all_games[i];
	return NULL;
}

const char *arb_game_suggest(const char *name)
{
	const char *names[sizeof all_games / sizeof all_games[0]];
	for (size_t i = 0; i < arb_game_count(); i++)
		names[i] = all_games[i]->name;
	return arb_suggest(name, names, arb_game_count());
}

void arb_game_list(char *out, size_t cap)
{
	size_t n = 0;
	if (cap)
		out[0] = '\0';
	for (size_t i = 0; i < arb_game_count(); i++)
		n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", n ? ", " : "",
				      all_games[i]->name);
}

const arb_games arb_registry = {
	.count = arb_game_count,
	.at = arb_game_at,
	.find = arb_game_find,
	.suggest = arb_game_suggest,
	.list = arb_game_list,
};
