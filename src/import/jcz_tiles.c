/*
 * jcz_tiles.c — JCloisterZone's tiles and draws: the tile ids, their
 * rotation offsets and counts, read from the Carcassonne data the engine
 * embeds (notation/carcassonne/carcassonne.yaml, key `jcz`) once per run,
 * and JCloisterZone's RandomGenerator, which picks each draw from the pack.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz.h"
#include "../core/data.h"

struct jcz_tiles jcz_tiles;

void arb_import_jcz_free(void)
{
	memset(&jcz_tiles, 0, sizeof jcz_tiles);
}

static int kind_cmp(const void *a, const void *b)
{
	/* Java's String.compareTo on these ASCII ids is strcmp's order. */
	return strcmp(((const jcz_kind *)a)->id, ((const jcz_kind *)b)->id);
}

static int add_kind(const char *id, char letter, int rotation, int c1, int c2,
		    arb_import_error *err)
{
	if (jcz_tiles.nkinds == JCZ_MAX_KINDS)
		return arb_import_fail(err, 0, 0, "carcassonne data: too many jcz tile ids");
	if (strlen(id) >= sizeof jcz_tiles.kinds[0].id)
		return arb_import_fail(err, 0, 0, "carcassonne data: jcz id \"%.40s\" too long",
				       id);
	jcz_kind *k = &jcz_tiles.kinds[jcz_tiles.nkinds++];
	snprintf(k->id, sizeof k->id, "%s", id);
	k->letter = letter;
	k->rotation = rotation;
	k->count[0] = c1;
	k->count[1] = c2;
	return 0;
}

/* Read the `jcz` keys of the engine's embedded Carcassonne data.  Returns 0
 * or -1 with *err set. */
int jcz_load_tiles(arb_import_error *err)
{
	if (jcz_tiles.loaded)
		return 0;
	memset(&jcz_tiles, 0, sizeof jcz_tiles);
	jcz_tiles.game = arb_game_find("carcassonne");
	if (!jcz_tiles.game || !jcz_tiles.game->data)
		return arb_import_fail(err, 0, 0, "this arbiter has no carcassonne engine");
	arb_data_error derr;
	memset(&derr, 0, sizeof derr);
	arb_node *root = arb_data_parse(jcz_tiles.game->data, *jcz_tiles.game->data_size, &derr);
	if (!root)
		return arb_import_fail(err, 0, 0, "%s:%u: %s", jcz_tiles.game->data_name,
				       (unsigned)derr.line, derr.msg);
	int rc = -1;
	const arb_node *tiles = arb_node_need(root, "tiles", ARB_SEQ, &derr);
	const arb_node *start = tiles ? arb_node_need(root, "start", ARB_SCALAR, &derr) : NULL;
	const arb_node *fol = start ? arb_node_need(root, "followers", ARB_SCALAR, &derr) : NULL;
	if (!fol || arb_node_int(fol, 0, 100, &jcz_tiles.followers, &derr))
		goto data_error;
	jcz_tiles.start = start->str[0];
	for (size_t i = 0; i < tiles->n; i++) {
		const arb_node *t = &tiles->items[i];
		const arb_node *letter = arb_node_need(t, "letter", ARB_SCALAR, &derr);
		const arb_node *count =
			letter ? arb_node_need(t, "count", ARB_SCALAR, &derr) : NULL;
		const arb_node *jcz = count ? arb_node_need(t, "jcz", ARB_MAP, &derr) : NULL;
		const arb_node *id = jcz ? arb_node_need(jcz, "id", ARB_SCALAR, &derr) : NULL;
		const arb_node *rot = id ? arb_node_need(jcz, "rotation", ARB_SCALAR, &derr) : NULL;
		const arb_node *garden = arb_node_get(jcz, "garden");
		long n, r;
		if (!rot || arb_node_int(count, 1, 20, &n, &derr) ||
		    arb_node_int(rot, 0, 270, &r, &derr))
			goto data_error;
		if (r % 90) {
			arb_data_fail(&derr, rot, "a jcz rotation is 0, 90, 180 or 270");
			goto data_error;
		}
		/* In basic:2 (JCloisterZone's C2 set) one copy carries a garden
		 * and has an id of its own; gardens matter only to the abbot. */
		bool has_garden = garden && garden->kind == ARB_SCALAR;
		if (add_kind(id->str, letter->str[0], (int)r, (int)n, (int)n - has_garden, err))
			goto out;
		if (has_garden && add_kind(garden->str, letter->str[0], (int)r, 0, 1, err))
			goto out;
	}
	qsort(jcz_tiles.kinds, jcz_tiles.nkinds, sizeof jcz_tiles.kinds[0], kind_cmp);
	jcz_tiles.loaded = true;
	rc = 0;
	goto out;
data_error:
	arb_import_fail(err, 0, 0, "%s:%u:%u: %s", jcz_tiles.game->data_name, (unsigned)derr.line,
			(unsigned)derr.col, derr.msg);
out:
	arb_data_free(root);
	return rc;
}

int jcz_find_kind(const char *id)
{
	for (size_t i = 0; i < jcz_tiles.nkinds; i++)
		if (!strcmp(jcz_tiles.kinds[i].id, id))
			return (int)i;
	return -1;
}

int jcz_rng_next_int(jcz_rng *g, int bound)
{
	int next = (int)(g->r * (double)bound);
	if (g->lcg) {
		const uint64_t m = (UINT64_C(1) << 48) - 1;
		uint64_t x;
		memcpy(&x, &g->r, sizeof x); /* Double.doubleToLongBits */
		x = (UINT64_C(25214903917) * (x & m) + 11) & m;
		g->r = (double)x / (double)(m + 1);
	}
	return next;
}
