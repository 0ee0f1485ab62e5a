/*
 * test_gen.c — the engine's random_turn (src/games/carcassonne/gen.c), the
 * generator behind `arbiter gen`, driven through the engine API exactly as
 * the tool drives it: create, then random_turn / parse / apply until
 * over(), then finish.
 *
 * What is checked:
 *   - every generated turn is accepted by parse() + apply() and is already
 *     canonical (format() prints it back byte for byte), for 2000 games
 *     over every seat count, with farmers on and off;
 *   - every game reaches its end: exactly 71 turns (one tile drawn per
 *     turn), so 100% of the games end within the bound of 71 turns;
 *   - discards occur and are followed by the same player;
 *   - gen offers exactly the moves the engine lists: from fixed positions,
 *     many draws produce every line of moves() and nothing else (early
 *     positions, whole lines) or every placement (later positions);
 *   - the first tile is drawn in proportion to the copies in the pile;
 *   - the same seed gives the same text, different seeds differ;
 *   - random_turn refuses a finished game.
 */
#include <math.h>

#include "cc_test.h"

static void *data;

static int setup_data(void **state)
{
	(void)state;
	data = et_data(OPS, NULL);
	return 0;
}

static int teardown_data(void **state)
{
	(void)state;
	OPS->data_free(data);
	return 0;
}

/* Generate one turn of t's game with *rng, parse and apply it, and check
 * that format() gives the same line.  The line goes to `text` (appended,
 * with a newline) when it is non-NULL.  Returns the parsed move. */
static cc_move gen_turn(et_game *t, uint64_t *rng, arb_buf *text)
{
	arb_buf line = { 0 }, canon = { 0 };
	assert_int_equal(OPS->random_turn(t->g, rng, &line), 0);
	assert_non_null(line.p);
	arb_token tok[16];
	size_t n = arb_split_tokens(line.p, line.len, ++t->line, 1, tok, 16);
	assert_true(n >= 3 && n <= 6);
	cc_move m;
	memset(&m, 0, sizeof m);
	memset(&t->rej, 0, sizeof t->rej);
	if (OPS->parse(t->g, tok, n, &m, &t->rej) < 0 || OPS->apply(t->g, &m, NULL, &t->rej) < 0)
		fail_msg("generated '%s' refused: %s: %s", line.p, t->rej.rule, t->rej.msg);
	OPS->format(t->g, &m, &canon);
	assert_string_equal(canon.p, line.p);
	if (text) {
		arb_buf_puts(text, line.p);
		arb_buf_putc(text, '\n');
	}
	arb_buf_free(&line);
	arb_buf_free(&canon);
	return m;
}

typedef struct game_stats {
	unsigned turns, discards, followers, fields;
	bool ended;
} game_stats;

/* A whole game of `nseats` (options NULL-ended or NULL) from `seed`, at
 * most `bound` turns; its text in `text` when non-NULL. */
static game_stats play(unsigned nseats, const char *const *opts, uint64_t seed, unsigned bound,
		       arb_buf *text)
{
	et_game t;
	if (et_try_start_n(&t, OPS, data, nseats, opts) < 0)
		fail_msg("create: %s", t.rej.msg);
	uint64_t rng = seed;
	game_stats st = { 0 };
	while (!OPS->over(t.g) && st.turns < bound) {
		unsigned before = ((cc_game *)t.g)->turn;
		cc_move m = gen_turn(&t, &rng, text);
		st.turns++;
		assert_int_equal(m.seat, before);
		if (m.discard) {
			st.discards++;
			/* the same player draws again */
			assert_int_equal(((cc_game *)t.g)->turn, before);
		}
		if (m.fkind != CC_KNONE)
			st.followers++;
		if (m.fkind == CC_FIELD)
			st.fields++;
	}
	st.ended = OPS->over(t.g);
	if (st.ended) {
		arb_buf junk = { 0 };
		assert_int_equal(OPS->random_turn(t.g, &rng, &junk), -1);
		assert_int_equal(junk.len, 0);
		arb_buf_free(&junk);
	}
	OPS->finish(t.g, NULL);
	arb_standing sd;
	OPS->standing(t.g, &sd);
	assert_int_equal(sd.over, st.ended);
	et_end(&t);
	return st;
}

/* 500 games per seat count 2..5: all accepted, all end in 71 turns. */
static void test_many_games(void **state)
{
	(void)state;
	const unsigned per = 500, bound = 71;
	unsigned games = 0, ended = 0, discards = 0, followers = 0, turns = 0;
	for (unsigned nseats = 2; nseats <= 5; nseats++)
		for (uint64_t seed = 1; seed <= per; seed++) {
			game_stats st = play(nseats, NULL, seed * 1000 + nseats, bound, NULL);
			games++;
			ended += st.ended;
			discards += st.discards;
			followers += st.followers;
			turns += st.turns;
			assert_int_equal(st.turns, 71);
		}
	print_message("%u games, %u ended within %u turns (%.1f%%), %u turns, "
		      "%u discards, %u followers placed\n",
		      games, ended, bound, 100.0 * ended / games, turns, discards, followers);
	/* Every turn draws a tile: every game ends after its 71st turn. */
	assert_int_equal(ended, games);
	assert_true(discards > 0);	    /* the discard path is exercised */
	assert_true(followers > turns / 4); /* followers are played */
}

/* With farmers=off no follower goes on a field, and the games stay legal. */
static void test_farmers_off(void **state)
{
	(void)state;
	static const char *const off[] = { "farmers=off", NULL };
	static const char *const small[] = { "small-city=2", "farmers=once", NULL };
	unsigned fields = 0, fields_on = 0;
	for (uint64_t seed = 1; seed <= 100; seed++) {
		game_stats st = play(2 + (unsigned)(seed % 4), off, seed, 71, NULL);
		assert_true(st.ended);
		fields += st.fields;
		st = play(2 + (unsigned)(seed % 4), small, seed, 71, NULL);
		assert_true(st.ended);
		fields_on += st.fields;
	}
	assert_int_equal(fields, 0);
	assert_true(fields_on > 0);
}

/* ---------------------------------------------- gen lists what moves() does */

typedef struct lines {
	char (*s)[48];
	unsigned char *seen;
	size_t n, cap;
} lines;

static void collect(void *ctx, const char *move)
{
	lines *l = ctx;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		l->s = realloc(l->s, l->cap * sizeof *l->s);
		assert_non_null(l->s);
	}
	snprintf(l->s[l->n++], sizeof l->s[0], "%s", move);
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* Cut a move line after its rotation (drop the follower). */
static void placement_only(char *s)
{
	char *p = s;
	for (int words = 0; *p; p++)
		if (*p == ' ' && ++words == 4) {
			*p = 0;
			break;
		}
}

/* From the position after `prefix` turns of the game of `seed`, draw
 * `samples` turns (on copies of the rng, not applied) and check that the
 * set of lines produced equals the set moves() lists for every tile still
 * in the pile (with `whole` false: compared without the follower). */
static void same_as_moves(unsigned nseats, uint64_t seed, unsigned prefix, unsigned samples,
			  bool whole)
{
	et_game t;
	et_start_n(&t, OPS, data, nseats);
	uint64_t rng = seed;
	for (unsigned i = 0; i < prefix && !OPS->over(t.g); i++)
		gen_turn(&t, &rng, NULL);
	lines l = { 0 };
	OPS->moves(t.g, NULL, collect, &l);
	assert_true(l.n > 0);
	if (!whole)
		for (size_t i = 0; i < l.n; i++)
			placement_only(l.s[i]);
	qsort(l.s, l.n, sizeof l.s[0], cmp_line);
	size_t u = 0; /* drop duplicates */
	for (size_t i = 0; i < l.n; i++)
		if (u == 0 || strcmp(l.s[u - 1], l.s[i]))
			memmove(l.s[u++], l.s[i], sizeof l.s[0]);
	l.n = u;
	l.seen = calloc(l.n, 1);
	assert_non_null(l.seen);
	arb_buf line = { 0 };
	uint64_t r2 = seed ^ 0x9E3779B97F4A7C15ull;
	for (unsigned i = 0; i < samples; i++) {
		arb_buf_reset(&line);
		assert_int_equal(OPS->random_turn(t.g, &r2, &line), 0);
		char key[48];
		snprintf(key, sizeof key, "%s", line.p);
		if (!whole)
			placement_only(key);
		char(*hit)[48] = bsearch(key, l.s, l.n, sizeof l.s[0], cmp_line);
		if (!hit)
			fail_msg("gen made '%s', which moves() does not list", line.p);
		l.seen[hit - l.s] = 1;
	}
	size_t missed = 0;
	for (size_t i = 0; i < l.n; i++)
		if (!l.seen[i]) {
			if (missed++ < 5)
				print_message("never generated: %s\n", l.s[i]);
		}
	print_message("after %u turns: %zu %s, all generated in %u draws\n", prefix, l.n,
		      whole ? "lines" : "placements", samples);
	assert_int_equal(missed, 0);
	arb_buf_free(&line);
	free(l.s);
	free(l.seen);
	et_end(&t);
}

static void test_same_as_moves(void **state)
{
	(void)state;
	/* early: every whole line (placement and follower) comes up */
	same_as_moves(2, 11, 2, 300000, true);
	same_as_moves(5, 12, 4, 300000, true);
	/* later: every placement of every tile left comes up */
	same_as_moves(3, 13, 25, 300000, false);
	same_as_moves(4, 14, 50, 300000, false);
	same_as_moves(2, 15, 66, 100000, false);
}

/* The first tile is drawn with probability (copies left) / 71. */
static void test_draw_distribution(void **state)
{
	(void)state;
	const cc_data *d = data;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	const unsigned n = 142000;
	unsigned count[26] = { 0 };
	uint64_t rng = 5;
	arb_buf line = { 0 };
	for (unsigned i = 0; i < n; i++) {
		arb_buf_reset(&line);
		assert_int_equal(OPS->random_turn(t.g, &rng, &line), 0);
		count[line.p[4] - 'A']++; /* "Red X ..." */
	}
	for (unsigned ty = 0; ty < d->ntypes; ty++) {
		unsigned copies = d->type[ty].count - (ty == d->start);
		double p = copies / 71.0, want = n * p;
		double sd = sqrt(n * p * (1 - p));
		unsigned got = count[d->type[ty].letter - 'A'];
		if (got < want - 5 * sd || got > want + 5 * sd)
			fail_msg("tile %c drawn %u times of %u, expected %.0f", d->type[ty].letter,
				 got, n, want);
	}
	arb_buf_free(&line);
	et_end(&t);
}

/* ---------------------------------------------------------- determinism */

static void game_text(unsigned nseats, uint64_t seed, arb_buf *out)
{
	arb_buf_reset(out);
	game_stats st = play(nseats, NULL, seed, 71, out);
	assert_true(st.ended);
}

static void test_same_seed_same_text(void **state)
{
	(void)state;
	arb_buf a = { 0 }, b = { 0 };
	for (unsigned nseats = 2; nseats <= 5; nseats++)
		for (uint64_t seed = 0; seed < 20; seed++) {
			game_text(nseats, seed, &a);
			game_text(nseats, seed, &b);
			assert_string_equal(a.p, b.p);
		}
	/* A pinned game: the stream must not change between machines or
	 * builds.  The first turns of seed 1, two players. */
	game_text(2, 1, &a);
	static const char first[] = "Red O 1,0 90\nBlue W 1,1 180 field ER\n"
				    "Red V 0,1 270 road E\n";
	assert_memory_equal(a.p, first, strlen(first));
	arb_buf_free(&a);
	arb_buf_free(&b);
}

static void test_different_seeds_differ(void **state)
{
	(void)state;
	enum { N = 100 };
	static arb_buf text[N];
	for (unsigned i = 0; i < N; i++)
		game_text(2 + i % 4, 1000 + i, &text[i]);
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = i + 1; j < N; j++)
			assert_true(strcmp(text[i].p, text[j].p) != 0);
	for (unsigned i = 0; i < N; i++)
		arb_buf_free(&text[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_many_games),
		cmocka_unit_test(test_farmers_off),
		cmocka_unit_test(test_same_as_moves),
		cmocka_unit_test(test_draw_distribution),
		cmocka_unit_test(test_same_seed_same_text),
		cmocka_unit_test(test_different_seeds_differ),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
