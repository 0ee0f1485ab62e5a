/*
 * cat_test.h — a small harness for the Catan unit tests: load the
 * embedded data through the core's YAML tree, create a game with given
 * seats, options and Setup, feed it turn lines as the tool would
 * (arb_split_tokens, parse, apply) and check acceptance or the exact
 * rejection (rule, column, words of the message).  White box: tests may
 * hand cards to players through the engine's own types (catan.h), always
 * taking them from the bank so cards stay conserved.
 */
#ifndef CAT_TEST_H
#define CAT_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/data.h"
#include "core/tokens.h"
#include "games/catan/catan.h"

extern const arb_game_ops catan_game;
ARB_DECLARE_DATA(catan);

static void *tt_data;
static arb_reject tt_rej;
static arb_tag tt_tags[8];

/* Events seen by the sink, as "kind:text" lines. */
static char tt_events[8192];

static void tt_sink_fn(void *ctx, const arb_event *ev)
{
	(void)ctx;
	size_t n = strlen(tt_events);
	snprintf(tt_events + n, sizeof tt_events - n, "%s:%s\n", ev->kind,
		 ev->text);
}
static const arb_sink tt_sink = {tt_sink_fn, NULL};

static void *tt_load(const unsigned char *bytes, size_t len)
{
	arb_data_error err;
	arb_node *root = arb_data_parse(bytes, len, &err);
	if (!root)
		return NULL;
	void *d = catan_game.data_load(root, &err);
	arb_data_free(root);
	return d;
}

static int tt_setup_data(void **state)
{
	(void)state;
	tt_data = tt_load(arb_data_catan, arb_data_catan_size);
	assert_non_null(tt_data);
	return 0;
}

static int tt_teardown_data(void **state)
{
	(void)state;
	catan_game.data_free(tt_data);
	return 0;
}

/* A game: `colours` like "Red Blue White", options like "phases=combined"
 * (name=value pairs separated by spaces), setup a Setup value or NULL.
 * NULL and tt_rej set when create() refuses. */
static cat_game *tt_game_opts(const char *colours, const char *opts,
			      const char *setup)
{
	static char obuf[256];
	arb_setup su;
	memset(&su, 0, sizeof su);
	memset(tt_tags, 0, sizeof tt_tags);
	char cb[64];
	snprintf(cb, sizeof cb, "%s", colours);
	for (char *w = strtok(cb, " "); w; w = strtok(NULL, " ")) {
		unsigned c = 0;
		while (strcmp(catan_game.colours[c], w))
			c++;
		su.seats[su.nseats].colour = c;
		su.seats[su.nseats].player = "p";
		su.seats[su.nseats].tag = &tt_tags[0];
		su.nseats++;
	}
	tt_tags[1].name = "Variant";
	tt_tags[1].line = 2;
	tt_tags[1].col = 1;
	if (opts) {
		snprintf(obuf, sizeof obuf, "%s", opts);
		for (char *w = strtok(obuf, " "); w; w = strtok(NULL, " ")) {
			char *eq = strchr(w, '=');
			if (eq)
				*eq = 0;
			su.options[su.noptions].name = w;
			su.options[su.noptions].value = eq ? eq + 1 : NULL;
			su.options[su.noptions].tag = &tt_tags[1];
			su.noptions++;
		}
	}
	if (setup) {
		tt_tags[2].name = "Setup";
		tt_tags[2].value = setup;
		tt_tags[2].line = 3;
		tt_tags[2].col = 1;
		su.setup = &tt_tags[2];
	}
	tt_events[0] = 0;
	return catan_game.create(tt_data, &su, &tt_rej);
}

static inline cat_game *tt_game(const char *colours)
{
	cat_game *g = tt_game_opts(colours, NULL, NULL);
	assert_non_null(g);
	return g;
}

/* Parse and apply one line; 0 or -1 (tt_rej set). */
static int tt_play(cat_game *g, const char *line)
{
	arb_token tok[256];
	size_t n = arb_split_tokens(line, strlen(line), 1, 1, tok, 256);
	assert_true(n > 0 && n <= 256);
	cat_move m;
	memset(&m, 0, sizeof m);
	if (catan_game.parse(g, tok, n, &m, &tt_rej) < 0)
		return -1;
	return catan_game.apply(g, &m, &tt_sink, &tt_rej);
}

#define tt_ok(g, line)                                                      \
	do {                                                                \
		if (tt_play((g), (line)) < 0)                               \
			fail_msg("rejected '%s': %s: %s", (line), tt_rej.rule, \
				 tt_rej.msg);                               \
	} while (0)

/* The line must be rejected by `rule` at column `col` (0 = any) with a
 * message containing `words`. */
#define tt_bad(g, line_, rule_, col_, words_)                               \
	do {                                                                \
		if (tt_play((g), (line_)) == 0)                             \
			fail_msg("accepted '%s'", (line_));                 \
		if (strcmp(tt_rej.rule, (rule_)))                           \
			fail_msg("'%s': rule %s (%s), wanted %s", (line_),  \
				 tt_rej.rule, tt_rej.msg, (rule_));         \
		if ((col_) && tt_rej.col != (unsigned)(col_))               \
			fail_msg("'%s': column %u, wanted %u (%s)", (line_), \
				 tt_rej.col, (unsigned)(col_), tt_rej.msg); \
		if (!strstr(tt_rej.msg, (words_)))                          \
			fail_msg("'%s': message '%s' lacks '%s'", (line_),  \
				 tt_rej.msg, (words_));                     \
	} while (0)

/* Hand `seat` cards from the bank ("2ore+brick"). */
static inline void tt_give(cat_game *g, unsigned seat, const char *bundle)
{
	cat_player *p = &g->s.p[seat];
	const char *s = bundle;
	while (*s) {
		unsigned n = 0;
		while (*s >= '0' && *s <= '9')
			n = n * 10 + (unsigned)(*s++ - '0');
		if (!n)
			n = 1;
		const char *e = s;
		while (*e && *e != '+')
			e++;
		int r = cat_parse_res(s, (size_t)(e - s));
		assert_true(r >= 0);
		assert_true(g->s.bank[r] >= n);
		g->s.bank[r] = (uint8_t)(g->s.bank[r] - n);
		p->res[r] = (uint8_t)(p->res[r] + n);
		p->ncards = (uint8_t)(p->ncards + n);
		s = *e ? e + 1 : e;
	}
}

/* Return all of a seat's cards to the bank. */
static inline void tt_empty(cat_game *g, unsigned seat)
{
	cat_player *p = &g->s.p[seat];
	for (unsigned r = 0; r < CAT_RES; r++) {
		g->s.bank[r] = (uint8_t)(g->s.bank[r] + p->res[r]);
		p->res[r] = 0;
	}
	p->ncards = 0;
}

static inline void tt_hand_is(const cat_game *g, unsigned seat, const char *want)
{
	char b[64];
	cat_bundle_str(g->s.p[seat].res, b, sizeof b);
	assert_string_equal(b, want);
}

/* The standard 3-player opening used by many tests (beginner board):
 * Red e3 + g2, Blue h3 + c2, White d5 + g5.  Hands after it:
 * Red wool+lumber+wool, Blue ore+grain, White grain+grain+wool. */
static const char *const tt_open3[] = {
	"Red settlement e3 road e3-f3",
	"Blue settlement h3 road h3-i3",
	"White settlement d5 road d5-e5",
	"White settlement g5 road g5-h5",
	"Blue settlement c2 road c2-d2",
	"Red settlement g2 road g2-h2",
	NULL,
};

static inline cat_game *tt_opened(const char *opts)
{
	cat_game *g = tt_game_opts("Red Blue White", opts, NULL);
	assert_non_null(g);
	for (unsigned i = 0; tt_open3[i]; i++)
		tt_ok(g, tt_open3[i]);
	return g;
}

#endif
