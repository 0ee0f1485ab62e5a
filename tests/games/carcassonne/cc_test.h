/*
 * cc_test.h — helpers shared by the Carcassonne unit tests: load the tile
 * set (the embedded YAML or a string), start a game with some seats and
 * options, play turn lines through parse() + apply() exactly as the tool
 * does, and capture score events.
 *
 * Header-only on purpose: the Makefile builds each tests/games/<g>/test_*.c
 * as one program, so shared code lives in static functions here.
 */
#ifndef CC_TEST_H
#define CC_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/data.h"
#include "core/tokens.h"
#include "games/game.h"
#include "games/carcassonne/carcassonne.h"

extern const arb_game_ops carcassonne_game;
ARB_DECLARE_DATA(carcassonne);

#define OPS (&carcassonne_game)

/* The tile set from YAML text (NULL: the embedded default); fails the
 * test when it does not load. */
static inline void *tt_data_from(const char *yaml)
{
	arb_data_error err = { 0 };
	const unsigned char *b = yaml ? (const unsigned char *)yaml
				      : arb_data_carcassonne;
	size_t n = yaml ? strlen(yaml) : arb_data_carcassonne_size;
	arb_node *root = arb_data_parse(b, n, &err);
	if (!root)
		fail_msg("yaml %u:%u: %s", err.line, err.col, err.msg);
	void *d = OPS->data_load(root, &err);
	arb_data_free(root);
	if (!d)
		fail_msg("data %u:%u: %s", err.line, err.col, err.msg);
	return d;
}

/* Like tt_data_from, but returns NULL and the error for bad data. */
static inline void *tt_data_try(const char *yaml, arb_data_error *err)
{
	arb_node *root = arb_data_parse((const unsigned char *)yaml,
					strlen(yaml), err);
	if (!root)
		return NULL;
	void *d = OPS->data_load(root, err);
	arb_data_free(root);
	return d;
}

typedef struct tt_game {
	void *data;
	void *g;
	arb_tag tags[2];
	arb_setup setup;
	arb_reject rej;
	unsigned line;
} tt_game;

/* A game of `nseats` in colour order Red, Blue, ... with options
 * "name=value" strings (NULL-terminated list) on `data`.  Returns -1 and
 * t->rej when create() refuses. */
static inline int tt_start_opts(tt_game *t, void *data, unsigned nseats,
				const char *const *opts)
{
	memset(t, 0, sizeof *t);
	t->data = data;
	t->tags[0] = (arb_tag){ "Variant", "", 3, 1 };
	t->setup.tags = t->tags;
	t->setup.ntags = 1;
	t->setup.nseats = nseats;
	for (unsigned s = 0; s < nseats; s++)
		t->setup.seats[s] = (arb_seat){ s, "player", &t->tags[0] };
	static char buf[ARB_MAX_OPTIONS][64];
	for (size_t i = 0; opts && opts[i]; i++) {
		snprintf(buf[i], sizeof buf[i], "%s", opts[i]);
		char *eq = strchr(buf[i], '=');
		if (eq)
			*eq = 0;
		t->setup.options[i] = (arb_option){ buf[i], eq ? eq + 1 : NULL,
						    &t->tags[0] };
		t->setup.noptions++;
	}
	t->g = OPS->create(data, &t->setup, &t->rej);
	t->line = 10;
	return t->g ? 0 : -1;
}

static inline void tt_start(tt_game *t, void *data, unsigned nseats)
{
	if (tt_start_opts(t, data, nseats, NULL) < 0)
		fail_msg("create: %s", t->rej.msg);
}

static inline void tt_end(tt_game *t)
{
	OPS->destroy(t->g);
	t->g = NULL;
}

/* Captured score events. */
typedef struct tt_event {
	char kind[32];
	int delta[ARB_MAX_SEATS];
	char text[ARB_MSG_MAX];
	long tiles, shields, points, followers, cities;
} tt_event;

typedef struct tt_log {
	tt_event ev[256];
	size_t n;
} tt_log;

static inline long tt_field(const arb_event *ev, const char *key)
{
	for (size_t i = 0; i < ev->nfields; i++)
		if (!strcmp(ev->fields[i].key, key))
			return ev->fields[i].num;
	return -1;
}

static inline void tt_capture(void *ctx, const arb_event *ev)
{
	tt_log *log = ctx;
	assert_true(log->n < 256);
	tt_event *e = &log->ev[log->n++];
	snprintf(e->kind, sizeof e->kind, "%s", ev->kind);
	memcpy(e->delta, ev->delta, sizeof e->delta);
	snprintf(e->text, sizeof e->text, "%s", ev->text);
	e->tiles = tt_field(ev, "tiles");
	e->shields = tt_field(ev, "shields");
	e->points = 0;
	for (size_t i = 0; i < ARB_MAX_SEATS; i++)
		if (ev->delta[i] > e->points)
			e->points = ev->delta[i];
	e->followers = tt_field(ev, "followers");
	e->cities = tt_field(ev, "cities");
}

/* Parse and apply one turn line; 0 or -1 with t->rej (rule, msg). */
static inline int tt_try(tt_game *t, const char *line, tt_log *log)
{
	arb_token tok[16];
	size_t n = arb_split_tokens(line, strlen(line), ++t->line, 1, tok, 16);
	cc_move m;
	memset(&m, 0, sizeof m);
	memset(&t->rej, 0, sizeof t->rej);
	if (OPS->parse(t->g, tok, n, &m, &t->rej) < 0)
		return -1;
	arb_sink sink = { tt_capture, log };
	return OPS->apply(t->g, &m, log ? &sink : NULL, &t->rej);
}

/* Play a line that must be legal. */
static inline void tt_ok(tt_game *t, const char *line, tt_log *log)
{
	if (tt_try(t, line, log) < 0)
		fail_msg("'%s' refused: %s: %s", line, t->rej.rule, t->rej.msg);
}

/* Play a line that must be refused by `rule`, with a message containing
 * `part` (NULL: any). */
static inline void tt_bad(tt_game *t, const char *line, const char *rule,
			  const char *part)
{
	if (tt_try(t, line, NULL) == 0)
		fail_msg("'%s' accepted, expected %s", line, rule);
	if (strcmp(t->rej.rule, rule))
		fail_msg("'%s': rule %s (%s), expected %s", line, t->rej.rule,
			 t->rej.msg, rule);
	if (part && !strstr(t->rej.msg, part))
		fail_msg("'%s': message '%s' lacks '%s'", line, t->rej.msg, part);
}

static inline int tt_score(tt_game *t, unsigned seat)
{
	arb_standing st;
	OPS->standing(t->g, &st);
	return st.score[seat];
}

#endif
