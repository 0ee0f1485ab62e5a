/*
 * engine_test.h — the one harness every engine's unit tests use: load a
 * game's data (embedded, or YAML text for a variant), seat colours with
 * options, a Setup tag and tags of the game's own (et_try_start_tags:
 * Elasund's Hands), play turn lines through parse() + apply()
 * exactly as the tool does, and check acceptance or the exact rejection
 * (rule id, column, words of the message); capture score events.  Its
 * et_* names are the one vocabulary of every engine's unit tests: a
 * game's own header (carcassonne/cc_test.h, catan/catan_test.h,
 * elasund/elasund_test.h) adds only what belongs to that game.
 *
 * Header-only on purpose: the Makefile builds each tests/games/<g>/test_*.c
 * as one program, so shared code lives in static functions here.  Engine
 * tests may still reach into their engine's private header (white box) for
 * what the interface does not show.
 *
 *   et_game t;
 *   et_start(&t, &carcassonne_game, NULL, "Red Blue", "farmers=off", NULL);
 *   et_ok(&t, "Red B 0,1 0 cloister");
 *   et_bad(&t, "Blue E 0,-1 0", "edge-mismatch", 8, "south edge");
 *   et_end(&t);
 */
#ifndef ENGINE_TEST_H
#define ENGINE_TEST_H

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

#define ET_MAX_EVENTS 256
#define ET_MAX_TOKENS 256
#define ET_MAX_EXTRA_TAGS 4 /* game tags beyond Seats, Variant, Setup */

/* One captured score event. */
typedef struct et_event {
	char kind[32];
	int delta[ARB_MAX_SEATS];
	char text[ARB_MSG_MAX];
	arb_field fields[ARB_MAX_FIELDS]; /* str fields point into strs */
	char strs[ARB_MAX_FIELDS][64];
	size_t nfields;
} et_event;

typedef struct et_game {
	const arb_game_ops *ops;
	void *data; /* owned when own_data                      */
	bool own_data;
	void *g;			     /* the engine's game                        */
	void *move;			     /* ops->move_size bytes                     */
	arb_tag tags[3 + ET_MAX_EXTRA_TAGS]; /* seats, Variant, Setup, extra */
	char variant[512];		     /* the Variant value, kept for the tag      */
	char optbuf[512];		     /* the Variant words, split in place        */
	arb_setup setup;
	arb_reject rej; /* the last rejection                       */
	unsigned line;	/* line number given to the next turn       */
	bool listen;	/* pass a sink to apply() (default true)    */
	et_event ev[ET_MAX_EVENTS];
	size_t nev;		    /* events of every accepted turn so far     */
	size_t nev_turn;	    /* events of the last turn tried            */
	char events[8192];	    /* "kind:text" lines of accepted turns       */
	arb_game_ops unchecked_ops; /* ops without position_ok: et_unchecked */
	/* Checks a game may ask of every line (Elasund's tests do): that a
	 * line which parses formats to a canonical text that parses and
	 * formats the same, and that a refused line leaves the bytes of
	 * `position` (the engine's own state) exactly as they were. */
	bool check_format;
	const void *(*position)(const void *g, size_t *size);
} et_game;

/* A game's data from YAML text (NULL: the embedded default); fails the
 * test when it does not load. */
static inline void *et_data(const arb_game_ops *ops, const char *yaml)
{
	arb_data_error err = { 0 };
	const unsigned char *b = yaml ? (const unsigned char *)yaml : ops->data;
	size_t n = yaml ? strlen(yaml) : *ops->data_size;
	arb_node *root = arb_data_parse(b, n, &err);
	if (!root)
		fail_msg("yaml %u:%u: %s", err.line, err.col, err.msg);
	void *d = ops->data_load(root, &err);
	arb_data_free(root);
	if (!d)
		fail_msg("data %u:%u: %s", err.line, err.col, err.msg);
	return d;
}

/* Like et_data, but NULL and `err` for data that does not load. */
static inline void *et_data_try(const arb_game_ops *ops, const char *yaml, arb_data_error *err)
{
	arb_node *root = arb_data_parse((const unsigned char *)yaml, strlen(yaml), err);
	if (!root)
		return NULL;
	void *d = ops->data_load(root, err);
	arb_data_free(root);
	return d;
}

static inline int et_colour(const arb_game_ops *ops, const char *w)
{
	for (unsigned c = 0; ops->colours[c]; c++)
		if (!strcmp(ops->colours[c], w))
			return (int)c;
	fail_msg("%s has no colour '%s'", ops->name, w);
	return -1;
}

/* Create a game: `colours` in turn order ("Red Blue"), `options` the
 * Variant value ("farmers=off halve=up") or NULL, `setup` the Setup value
 * or NULL, on `data` (NULL: the embedded data, loaded and owned here),
 * with `nextra` more tags of the game's own (Elasund's Hands) from
 * `extra`, whose names and values, like `setup`, must outlive the game
 * (the options are copied).  Returns 0, or -1 with t->rej when create() refuses
 * (then nothing is left to free). */
static inline int et_try_start_tags(et_game *t, const arb_game_ops *ops, void *data,
				    const char *colours, const char *options, const char *setup,
				    const arb_tag *extra, size_t nextra)
{
	memset(t, 0, sizeof *t);
	t->ops = ops;
	t->listen = true;
	t->own_data = !data;
	t->data = data ? data : et_data(ops, NULL);
	t->tags[0] = (arb_tag){ "Seats", "", 1, 1 };
	snprintf(t->variant, sizeof t->variant, "%s", options ? options : "");
	t->tags[1] = (arb_tag){ "Variant", t->variant, 2, 1 };
	t->tags[2] = (arb_tag){ "Setup", setup ? setup : "", 3, 1 };
	assert_true(nextra <= ET_MAX_EXTRA_TAGS);
	for (size_t i = 0; i < nextra; i++)
		t->tags[3 + i] = extra[i];
	t->setup.tags = t->tags;
	t->setup.ntags = 3 + nextra;
	char cb[256]; /* the callers' colour lists are at most 255 bytes */
	size_t clen = strlen(colours);
	assert_true(clen < sizeof cb);
	memcpy(cb, colours, clen + 1);
	char *save = NULL;
	for (char *w = strtok_r(cb, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		assert_true(t->setup.nseats < ARB_MAX_SEATS);
		t->setup.seats[t->setup.nseats++] =
			(arb_seat){ (unsigned)et_colour(ops, w), "player", &t->tags[0] };
	}
	if (options) {
		snprintf(t->optbuf, sizeof t->optbuf, "%s", options);
		for (char *w = strtok_r(t->optbuf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			assert_true(t->setup.noptions < ARB_MAX_OPTIONS);
			char *eq = strchr(w, '=');
			if (eq)
				*eq = '\0';
			t->setup.options[t->setup.noptions++] =
				(arb_option){ w, eq ? eq + 1 : NULL, &t->tags[1] };
		}
	}
	if (setup)
		t->setup.setup = &t->tags[2];
	t->move = calloc(1, ops->move_size ? ops->move_size : 1);
	assert_non_null(t->move);
	t->line = 10;
	t->g = ops->create(t->data, &t->setup, NULL, &t->rej);
	if (t->g)
		return 0;
	/* nothing is left to free after a refusal (et_end is still harmless) */
	free(t->move);
	t->move = NULL;
	if (t->own_data)
		ops->data_free(t->data);
	t->data = NULL;
	return -1;
}

/* et_try_start_tags without tags of the game's own. */
static inline int et_try_start(et_game *t, const arb_game_ops *ops, void *data, const char *colours,
			       const char *options, const char *setup)
{
	return et_try_start_tags(t, ops, data, colours, options, setup, NULL, 0);
}

/* Like et_try_start, but the game must be created. */
static inline void et_start(et_game *t, const arb_game_ops *ops, void *data, const char *colours,
			    const char *options, const char *setup)
{
	if (et_try_start(t, ops, data, colours, options, setup) < 0)
		fail_msg("create: %s: %s", t->rej.rule, t->rej.msg);
}

/* The first n colours of the game in turn order ("Red Blue ...").  Past
 * the game's colours they start over, a repeated colour for create() to
 * refuse. */
static inline const char *et_seats(const arb_game_ops *ops, unsigned n)
{
	static char out[256];
	unsigned ncolours = 0;
	while (ops->colours[ncolours])
		ncolours++;
	out[0] = '\0';
	for (unsigned i = 0; i < n; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? " " : "",
			 ops->colours[i % ncolours]);
	return out;
}

/* A game of `nseats` (the game's first colours, et_seats) on `data` with
 * the options of the NULL-ended list ("farmers=off", ...; NULL: none).
 * Returns 0, or -1 with t->rej when create() refuses. */
static inline int et_try_start_n(et_game *t, const arb_game_ops *ops, void *data, unsigned nseats,
				 const char *const *opts)
{
	char buf[256] = ""; /* et_try_start copies it */
	for (size_t i = 0; opts && opts[i]; i++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", i ? " " : "",
			 opts[i]);
	/* a seat count the harness cannot seat is create()'s to refuse */
	return et_try_start(t, ops, data, et_seats(ops, nseats), opts ? buf : NULL, NULL);
}

/* Like et_try_start_n without options, but the game must be created. */
static inline void et_start_n(et_game *t, const arb_game_ops *ops, void *data, unsigned nseats)
{
	if (et_try_start_n(t, ops, data, nseats, NULL) < 0)
		fail_msg("create: %s: %s", t->rej.rule, t->rej.msg);
}

static inline void et_end(et_game *t)
{
	if (t->g)
		t->ops->destroy(t->g);
	if (t->own_data && t->data)
		t->ops->data_free(t->data);
	free(t->move);
	t->g = t->data = t->move = NULL;
}

static inline void et_capture(void *ctx, const arb_event *ev)
{
	et_game *t = ctx;
	assert_true(t->nev + t->nev_turn < ET_MAX_EVENTS);
	et_event *e = &t->ev[t->nev + t->nev_turn++];
	snprintf(e->kind, sizeof e->kind, "%s", ev->kind);
	memcpy(e->delta, ev->delta, sizeof e->delta);
	snprintf(e->text, sizeof e->text, "%s", ev->text);
	e->nfields = ev->nfields;
	for (size_t i = 0; i < ev->nfields; i++) {
		e->fields[i] = ev->fields[i];
		if (ev->fields[i].str) {
			snprintf(e->strs[i], sizeof e->strs[i], "%s", ev->fields[i].str);
			e->fields[i].str = e->strs[i];
		}
	}
}

/* Run the game's final scoring, its events appended to t->ev. */
static inline void et_finish(et_game *t)
{
	arb_sink sink = { et_capture, t };
	t->nev_turn = 0;
	t->ops->finish(t->g, &sink);
	t->nev += t->nev_turn;
	t->nev_turn = 0;
}

/* fmt(parse(fmt(m))) == fmt(m) for the move m of the tokens, if they parse. */
static inline void et_check_format(const et_game *t, const arb_token *tok, size_t n,
				   const char *line)
{
	size_t size = t->ops->move_size ? t->ops->move_size : 1;
	void *m = calloc(1, size), *m2 = calloc(1, size);
	assert_true(m && m2);
	arb_reject rej;
	if (t->ops->parse(t->g, tok, n, m, &rej) == 0) {
		arb_buf a = { 0 }, b = { 0 };
		t->ops->format(t->g, m, &a);
		arb_token tok2[ET_MAX_TOKENS];
		size_t n2 = arb_split_tokens(a.p, a.len, 1, 1, tok2, ET_MAX_TOKENS);
		if (t->ops->parse(t->g, tok2, n2, m2, &rej) != 0)
			fail_msg("'%s' formats as '%s', which does not parse: %s", line, a.p,
				 rej.msg);
		t->ops->format(t->g, m2, &b);
		assert_string_equal(a.p, b.p);
		arb_buf_free(&a);
		arb_buf_free(&b);
	}
	free(m);
	free(m2);
}

/* Parse and apply one turn line; 0, or -1 with t->rej.  Events of an
 * accepted turn are kept (t->ev), those of a refused one dropped, as the
 * tool does. */
static inline int et_try(et_game *t, const char *line)
{
	arb_token tok[ET_MAX_TOKENS];
	size_t n = arb_split_tokens(line, strlen(line), ++t->line, 1, tok, ET_MAX_TOKENS);
	assert_true(n > 0 && n <= ET_MAX_TOKENS);
	if (t->check_format)
		et_check_format(t, tok, n, line);
	size_t possize = 0;
	void *before = NULL; /* the position a refusal must leave unchanged */
	if (t->position) {
		const void *pos = t->position(t->g, &possize);
		before = malloc(possize);
		assert_non_null(before);
		memcpy(before, pos, possize);
	}
	memset(t->move, 0, t->ops->move_size ? t->ops->move_size : 1);
	memset(&t->rej, 0, sizeof t->rej);
	t->nev_turn = 0;
	arb_sink sink = { et_capture, t };
	int rc = t->ops->parse(t->g, tok, n, t->move, &t->rej);
	if (rc == 0)
		rc = t->ops->apply(t->g, t->move, t->listen ? &sink : NULL, &t->rej);
	if (rc == 0) {
		for (size_t i = t->nev; i < t->nev + t->nev_turn; i++) {
			size_t len = strlen(t->events);
			snprintf(t->events + len, sizeof t->events - len, "%s:%s\n", t->ev[i].kind,
				 t->ev[i].text);
		}
		t->nev += t->nev_turn;
		if (t->ops->position_ok) {
			const char *why = NULL;
			if (!t->ops->position_ok(t->g, &why))
				fail_msg("after '%s': position_ok: %s", line, why);
		}
	}
	t->nev_turn = 0;
	if (before && rc != 0)
		assert_memory_equal(before, t->position(t->g, &possize), possize);
	free(before);
	return rc;
}

/* From now on the game plays without position_ok: for a test that
 * arranges a position the board cannot show (pieces counted by hand). */
static inline void et_unchecked(et_game *t)
{
	t->unchecked_ops = *t->ops;
	t->unchecked_ops.position_ok = NULL;
	t->ops = &t->unchecked_ops;
}

/* Play a line that must be legal. */
#define et_ok(t, line_)                                                                         \
	do {                                                                                    \
		if (et_try((t), (line_)) < 0)                                                   \
			fail_msg("'%s' refused: %s: %s", (line_), (t)->rej.rule, (t)->rej.msg); \
	} while (0)

/* Play a line that must be refused by `rule` at column `col` (0: any)
 * with a message containing `words` (NULL: any). */
#define et_bad(t, line_, rule_, col_, words_)                                                    \
	do {                                                                                     \
		const char *et_w_ = (words_);                                                    \
		if (et_try((t), (line_)) == 0)                                                   \
			fail_msg("'%s' accepted, expected %s", (line_), (rule_));                \
		if (!(t)->rej.rule || strcmp((t)->rej.rule, (rule_)))                            \
			fail_msg("'%s': rule %s (%s), expected %s", (line_), (t)->rej.rule,      \
				 (t)->rej.msg, (rule_));                                         \
		if ((col_) && (t)->rej.col != (unsigned)(col_))                                  \
			fail_msg("'%s': column %u, expected %u (%s)", (line_), (t)->rej.col,     \
				 (unsigned)(col_), (t)->rej.msg);                                \
		if (et_w_ && !strstr((t)->rej.msg, et_w_))                                       \
			fail_msg("'%s': message '%s' lacks '%s'", (line_), (t)->rej.msg, et_w_); \
	} while (0)

/* create() must refuse with `rule` and a message containing `words`. */
#define et_bad_start(t, ops_, colours_, options_, setup_, rule_, words_)                           \
	do {                                                                                       \
		if (et_try_start((t), (ops_), NULL, (colours_), (options_), (setup_)) == 0)        \
			fail_msg("create accepted, expected %s", (rule_));                         \
		if (!(t)->rej.rule || strcmp((t)->rej.rule, (rule_)))                              \
			fail_msg("create: rule %s (%s), expected %s", (t)->rej.rule, (t)->rej.msg, \
				 (rule_));                                                         \
		if ((words_) && !strstr((t)->rej.msg, (words_)))                                   \
			fail_msg("create: message '%s' lacks '%s'", (t)->rej.msg, (words_));       \
		et_end(t);                                                                         \
	} while (0)

/* A numeric detail of a captured event, or -1. */
static inline long et_field(const et_event *e, const char *key)
{
	for (size_t i = 0; i < e->nfields; i++)
		if (!strcmp(e->fields[i].key, key))
			return e->fields[i].str ? -1 : e->fields[i].num;
	return -1;
}

/* The points of a captured event: its largest delta. */
static inline long et_points(const et_event *e)
{
	long p = 0;
	for (size_t i = 0; i < ARB_MAX_SEATS; i++)
		if (e->delta[i] > p)
			p = e->delta[i];
	return p;
}

/* The points seat s gained from the captured events so far. */
static inline int et_delta(const et_game *t, unsigned s)
{
	int sum = 0;
	for (size_t i = 0; i < t->nev; i++)
		sum += t->ev[i].delta[s];
	return sum;
}

/* The kinds of the captured events so far, each followed by a blank. */
static inline const char *et_kinds(const et_game *t)
{
	static char out[2048];
	out[0] = '\0';
	for (size_t i = 0; i < t->nev; i++)
		snprintf(out + strlen(out), sizeof out - strlen(out), "%s ", t->ev[i].kind);
	return out;
}

static inline int et_score(const et_game *t, unsigned seat)
{
	arb_standing st;
	t->ops->standing(t->g, &st);
	return st.score[seat];
}

/* The engine's Setup snapshot of the position, into `out` (cap bytes). */
static inline void et_snapshot(const et_game *t, char *out, size_t cap)
{
	arb_buf b = { 0 };
	t->ops->snapshot(t->g, &b);
	snprintf(out, cap, "%s", b.p ? b.p : "");
	arb_buf_free(&b);
}

/*
 * A program whose games share one load of the data defines ET_GAME_OPS
 * (the game's ops) before including this header, passes et_setup_data and
 * et_teardown_data to cmocka_run_group_tests, and may create engine games
 * it keeps and destroys itself (et_new_game), played through the one
 * harness et_shared (et_on):
 *
 *   cat_game *g = et_new_game_ok("Red Blue White");
 *   et_ok(et_on(g), "Red settlement e3 road e3-f3");
 *   catan_game.destroy(g);
 */
#ifdef ET_GAME_OPS
static void *et_shared_data; /* the embedded data, for every game    */
static et_game et_shared;    /* plays the games of et_new_game       */

static inline int et_setup_data(void **state)
{
	(void)state;
	et_shared_data = et_data(ET_GAME_OPS, NULL);
	return 0;
}

static inline int et_teardown_data(void **state)
{
	(void)state;
	ET_GAME_OPS->data_free(et_shared_data);
	free(et_shared.move);
	et_shared.move = NULL;
	return 0;
}

/* An engine game on the shared data, which the caller destroys: `colours`
 * like "Red Blue White", `options` the Variant value, `setup` the Setup
 * value (NULL: none).  NULL, and et_shared.rej set, when create() refuses.
 * It clears et_shared's event text and plays with position_ok again. */
static inline void *et_new_game(const char *colours, const char *options, const char *setup)
{
	et_game t;
	int rc = et_try_start(&t, ET_GAME_OPS, et_shared_data, colours, options, setup);
	et_shared.rej = t.rej;
	free(t.move);
	if (!et_shared.move) {
		et_shared.listen = true;
		et_shared.move = calloc(1, ET_GAME_OPS->move_size ? ET_GAME_OPS->move_size : 1);
		assert_non_null(et_shared.move);
	}
	et_shared.ops = ET_GAME_OPS;
	et_shared.events[0] = '\0';
	return rc < 0 ? NULL : t.g;
}

/* Like et_new_game without options or Setup, but it must be created. */
static inline void *et_new_game_ok(const char *colours)
{
	void *g = et_new_game(colours, NULL, NULL);
	assert_non_null(g);
	return g;
}

/* The harness pointed at `g` (a game of et_new_game) for et_ok, et_bad
 * and et_try; events of earlier turns are forgotten but for the text
 * of et_shared.events. */
static inline et_game *et_on(void *g)
{
	et_shared.g = g;
	et_shared.nev = 0;
	return &et_shared;
}
#endif

#endif
