/*
 * registry.c — the table of games arbiter knows.  Adding a game is one
 * folder under src/games/ and one line here.
 */
#include <string.h>

#include "registry.h"

/* Weak while the engines are being built side by side, so the tool links
 * with whichever have landed; an absent engine is skipped. */
extern const arb_game_ops carcassonne_game __attribute__((weak));
extern const arb_game_ops catan_game __attribute__((weak));
extern const arb_game_ops elasund_game __attribute__((weak));

static const arb_game_ops *const all_games[] = {
	&carcassonne_game,
	&catan_game,
	&elasund_game,
};

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
	for (size_t i = 0; i < arb_game_count(); i++)
		if (all_games[i] && strcmp(all_games[i]->name, name) == 0)
			return all_games[i];
	return NULL;
}
