/*
 * registry.h — the games arbiter knows, looked up by the name in a
 * record's Game tag or given to --game.
 */
#ifndef ARB_REGISTRY_H
#define ARB_REGISTRY_H

#include <stddef.h>
#include "game.h"

/* How many games there are; arb_game_at(0 .. count-1) are never NULL. */
size_t arb_game_count(void);
/* The i-th game in the registry's order, or NULL when i is out of range. */
const arb_game_ops *arb_game_at(size_t i);
/* The game called `name` in any case ("Catan" is catan), or NULL. */
const arb_game_ops *arb_game_find(const char *name);
/* The name of the game closest to the unknown `name` (at most two edits
 * away, any case), for "did you mean ...?"; NULL when none is close. */
const char *arb_game_suggest(const char *name);
/* Every game's name, ", "-separated, into out (truncated to cap bytes). */
void arb_game_list(char *out, size_t cap);

/* The functions above as a set, for the core (arb_replay.games). */
extern const arb_games arb_registry;

#endif
