/*
 * gamedata.h — each game's data tables, loaded once per run: from the copy
 * embedded at build time, or from a file given with --data.
 */
#ifndef ARB_GAMEDATA_H
#define ARB_GAMEDATA_H

#include "reader.h"

/* Read a data file for --data: the file's `game:` key says which game of
 * `games` (arb_registry) it replaces.  Returns 0, or -1 with *d set
 * (file:line:col). */
int arb_gamedata_override(const arb_games *games, const char *path, arb_diag *d);

/* The engine's data object for `g`, loading it on first use.  NULL with *d
 * set when the data is malformed.  Only the first use of a game writes
 * the cache: threads may call it once arb_gamedata_load_all has run. */
const void *arb_gamedata_get(const arb_game_ops *g, arb_diag *d);
/* Load the data of every game of `games` (a failure is kept, and said by
 * arb_gamedata_get), before starting threads that replay. */
void arb_gamedata_load_all(const arb_games *games);

/* Free everything loaded (at exit, so leak checkers stay quiet). */
void arb_gamedata_free_all(void);

/* Parse data bytes for game `g` (used by the loader and the fuzz harness):
 * the engine's data object, or NULL with *d set. */
void *arb_gamedata_load(const arb_game_ops *g, const unsigned char *bytes, size_t len,
			const char *name, arb_diag *d);

#endif
