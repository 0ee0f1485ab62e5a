/*
 * gamedata.c — loading game data: YAML bytes -> arb_node tree (libyaml)
 * -> the engine's own tables (its data_load).  The embedded files come
 * already parsed (their trees are made at build time, tools/embed.c), so
 * only a --data file goes through libyaml.  Loading is lazy and cached
 * per game, so `arbiter check` on Catan records never parses Carcassonne's
 * tiles, and start-up stays in the microseconds.  Threads only read the
 * cache: whoever starts threads that replay (-j, match) first loads every
 * game's data with arb_gamedata_load_all, so no thread ever writes it and
 * nothing needs a lock.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "gamedata.h"
#include "util.h"
#include "../games/game.h"

#define MAX_GAMES 16
#define MAX_DATA_FILE (4u << 20)

static struct {
	const arb_game_ops *game;
	void *data;	      /* engine's object, once loaded      */
	unsigned char *bytes; /* an override file's bytes, or NULL */
	size_t len;
	char *name;   /* the override's path               */
	bool tried;   /* loaded, or failed with `why`      */
	arb_diag why; /* the failure, said again each time */
} cache[MAX_GAMES];
static size_t ncache;

/* g's index in the cache, or ncache when it has none */
static size_t find(const arb_game_ops *g)
{
	size_t i = 0;
	while (i < ncache && cache[i].game != g)
		i++;
	return i;
}

/* g's index in the cache, made if new; MAX_GAMES when the cache is full */
static size_t slot(const arb_game_ops *g)
{
	size_t i = find(g);
	if (i == ncache && ncache < MAX_GAMES)
		cache[ncache++].game = g;
	return i;
}

static void set_diag(arb_diag *d, const char *file, uint32_t line, uint32_t col, const char *msg)
{
	d->file = file;
	d->line = line;
	d->col = col;
	snprintf(d->msg, sizeof d->msg, "%s", msg);
}

/* The engine's tables from the tree `root` of the file `name` */
static void *load_tree(const arb_game_ops *g, const arb_node *root, const char *name, arb_diag *d)
{
	arb_data_error err;
	void *data = NULL;
	const arb_node *game = arb_node_get(root, "game");
	if (root->kind != ARB_MAP) {
		set_diag(d, name, root->line, root->col,
			 "game data must be a mapping with a `game:` key");
	} else if (!game || game->kind != ARB_SCALAR) {
		set_diag(d, name, root->line, root->col,
			 "missing key \"game\" (the game this data is for)");
	} else if (strcmp(game->str, g->name) != 0) {
		char msg[ARB_MSG_MAX];
		snprintf(msg, sizeof msg, "this data is for game \"%.100s\", not %s", game->str,
			 g->name);
		set_diag(d, name, game->line, game->col, msg);
	} else {
		memset(&err, 0, sizeof err);
		data = g->data_load(root, &err);
		if (!data)
			set_diag(d, name, err.line, err.col, err.msg);
	}
	return data;
}

void *arb_gamedata_load(const arb_game_ops *g, const unsigned char *bytes, size_t len,
			const char *name, arb_diag *d)
{
	arb_data_error err;
	arb_node *root = arb_data_parse(bytes, len, &err);
	if (!root) {
		set_diag(d, name, err.line, err.col, err.msg);
		return NULL;
	}
	void *data = load_tree(g, root, name, d);
	arb_data_free(root);
	return data;
}

int arb_gamedata_override(const arb_games *games, const char *path, arb_diag *d)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		char msg[ARB_MSG_MAX];
		snprintf(msg, sizeof msg, "cannot open data file: %s", strerror(errno));
		set_diag(d, path, 0, 0, msg);
		return -1;
	}
	unsigned char *bytes = arb_xmalloc(MAX_DATA_FILE + 1);
	size_t len = fread(bytes, 1, MAX_DATA_FILE + 1, f);
	int bad = ferror(f);
	fclose(f);
	if (bad || len > MAX_DATA_FILE) {
		free(bytes);
		set_diag(d, path, 0, 0, bad ? "read error" : "data file larger than 4 MiB");
		return -1;
	}
	/* Which game?  Parse just to find the key; the engine parses later. */
	arb_data_error err;
	arb_node *root = arb_data_parse(bytes, len, &err);
	if (!root) {
		free(bytes);
		set_diag(d, path, err.line, err.col, err.msg);
		return -1;
	}
	const arb_node *game = arb_node_get(root, "game");
	const arb_game_ops *g = NULL;
	if (game && game->kind == ARB_SCALAR)
		g = games->find(game->str);
	if (!g) {
		char msg[ARB_MSG_MAX];
		if (game && game->kind == ARB_SCALAR)
			snprintf(msg, sizeof msg, "unknown game \"%.100s\" in data file",
				 game->str);
		else
			snprintf(msg, sizeof msg,
				 "missing key \"game\" (the game this data is for)");
		set_diag(d, path, game ? game->line : root->line, game ? game->col : root->col,
			 msg);
		arb_data_free(root);
		free(bytes);
		return -1;
	}
	arb_data_free(root);
	size_t i = slot(g);
	if (i == MAX_GAMES) {
		free(bytes);
		set_diag(d, path, 0, 0, "too many data files");
		return -1;
	}
	free(cache[i].bytes);
	free(cache[i].name);
	cache[i].tried = false;
	cache[i].bytes = bytes;
	cache[i].len = len;
	cache[i].name = arb_xstrdup(path);
	/* Load now, so a bad file is reported even if no record needs it. */
	if (cache[i].data)
		g->data_free(cache[i].data);
	cache[i].data = arb_gamedata_load(g, bytes, len, cache[i].name, d);
	return cache[i].data ? 0 : -1;
}

const void *arb_gamedata_get(const arb_game_ops *g, arb_diag *d)
{
	size_t i = find(g);
	if (i < ncache && cache[i].data)
		return cache[i].data; /* what threads do: only read */
	if (i < ncache && cache[i].tried) {
		*d = cache[i].why;
		return NULL;
	}
	if (i == ncache && slot(g) == MAX_GAMES) {
		set_diag(d, g->data_name, 0, 0, "too many games' data");
		return NULL;
	}
	if (cache[i].bytes)
		cache[i].data =
			arb_gamedata_load(g, cache[i].bytes, cache[i].len, cache[i].name, d);
	else if (g->data_tree) /* the embedded file, parsed when built */
		cache[i].data = load_tree(g, g->data_tree, g->data_name, d);
	else
		cache[i].data = arb_gamedata_load(g, g->data, *g->data_size, g->data_name, d);
	cache[i].tried = true;
	if (!cache[i].data)
		cache[i].why = *d;
	return cache[i].data;
}

void arb_gamedata_load_all(const arb_games *games)
{
	arb_diag d;
	for (size_t i = 0; i < games->count(); i++)
		arb_gamedata_get(games->at(i), &d);
}

void arb_gamedata_free_all(void)
{
	for (size_t i = 0; i < ncache; i++) {
		if (cache[i].data)
			cache[i].game->data_free(cache[i].data);
		free(cache[i].bytes);
		free(cache[i].name);
		memset(&cache[i], 0, sizeof cache[i]);
	}
	ncache = 0;
}
