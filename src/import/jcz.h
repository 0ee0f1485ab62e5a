/*
 * jcz.h — what the files of the JCloisterZone importer share: the tile
 * table (JCloisterZone's tile ids, read from the engine's Carcassonne data)
 * and JCloisterZone's random generator, both in jcz_tiles.c, for jcz.c's
 * replay of the draws.  Private to src/import/.
 */
#ifndef ARB_IMPORT_JCZ_H
#define ARB_IMPORT_JCZ_H

#include <stdbool.h>

#include "import.h"
#include "../games/registry.h"

#define JCZ_MAX_KINDS 48 /* tile ids: 24 letters + 8 garden copies */
#define JCZ_MAX_PACK 96	 /* tiles in the pack (71 in the base game) */

typedef struct jcz_kind {
	char id[24];  /* JCloisterZone tile id, "BA/RCr"        */
	char letter;  /* our tile letter                        */
	int rotation; /* JCZ R0 = letter turned this far (deg)  */
	int count[2]; /* copies in basic:1 and in basic:2       */
} jcz_kind;

/* The tile table, loaded once per run (jcz_load_tiles). */
struct jcz_tiles {
	bool loaded;
	jcz_kind kinds[JCZ_MAX_KINDS]; /* sorted by id, as JCZ sorts its pack */
	size_t nkinds;
	char start;	/* the start tile's letter                */
	long followers; /* each player's supply                   */
	const arb_game_ops *game;
};
extern struct jcz_tiles jcz_tiles;

/* Read the `jcz` keys of the engine's embedded Carcassonne data.  Returns 0
 * or -1 with *err set. */
int jcz_load_tiles(arb_import_error *err);
/* The index in jcz_tiles.kinds of tile id `id`, or -1. */
int jcz_find_kind(const char *id);

/* JCloisterZone's RandomGenerator: the number in [0,1) a message set, and
 * since 5.9.0 a linear congruential step after every draw (so a redraw
 * after a discard gets a new number; before, it reused the same one). */
typedef struct jcz_rng {
	double r;
	bool set; /* a number has been given               */
	bool lcg; /* version >= 5.9.0                      */
} jcz_rng;
/* The next draw's index below `bound`, the generator stepped. */
int jcz_rng_next_int(jcz_rng *g, int bound);

#endif
