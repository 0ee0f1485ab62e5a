/*
 * registry.h — looking games up by the name in a record's Game tag.
 */
#ifndef ARB_REGISTRY_H
#define ARB_REGISTRY_H

#include <stddef.h>
#include "game.h"

size_t arb_game_count(void);
/* The i-th registered game, or NULL when that engine is not linked in. */
const arb_game_ops *arb_game_at(size_t i);
/* The game whose Game-tag name is `name`, or NULL. */
const arb_game_ops *arb_game_find(const char *name);

#endif
