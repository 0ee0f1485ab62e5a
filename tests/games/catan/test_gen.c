/*
 * test_gen.c — the Catan engine's random_turn (src/games/catan/gen.c), as
 * `arbiter gen` drives it: create a game, ask for a turn, split it into
 * tokens, parse and apply it like any record line.  Checked here: every
 * turn generated is accepted and already canonical (format(parse(line)) is
 * the line); games end with a winner within a bound, for both player
 * counts, with the Variant options, on a variable board and from a
 * snapshot; every kind of development card, domestic and maritime trades,
 * 7s with discards and robber moves occur; the same seed gives the same
 * text and different seeds different texts; a finished game yields no
 * turn.
 */
#include "catan_test.h"

/* Turn lines within which a game must end, and the share that must. */
#define BOUND 300
#define GAMES 400
#define MAX_TOK 512 /* tokens of one turn line (40 actions at most) */

/* Counts of what the generated games did, by action kind. */
typedef struct stats {
	unsigned games, ended, lines, max_lines;
	unsigned long kinds[32];
	unsigned buys[CAT_DEV];
} stats;

/* One generated game on a new game with the given seats, options and
 * Setup; its movetext appended to `text` when non-NULL.  Fails the test
 * on any turn the engine refuses or that is not canonical.  Returns the
 * game's turn lines. */
static unsigned gen_game(const char *seats, const char *opts, const char *setup, uint64_t seed,
			 arb_buf *text, stats *st)
{
	cat_game *g = et_new_game(seats, opts, setup);
	if (!g)
		fail_msg("create: %s", et_shared.rej.msg);
	uint64_t rng = seed;
	arb_buf line = { 0 }, again = { 0 };
	unsigned n = 0;
	while (!catan_game.over(g) && n < 2 * BOUND) {
		arb_buf_reset(&line);
		assert_int_equal(catan_game.random_turn(g, &rng, &line), 0);
		assert_non_null(line.p);
		arb_token tok[MAX_TOK];
		size_t nt = arb_split_tokens(line.p, line.len, n + 1, 1, tok, MAX_TOK);
		assert_true(nt > 0 && nt <= MAX_TOK);
		cat_move m;
		memset(&m, 0, sizeof m);
		arb_reject rej;
		if (catan_game.parse(g, tok, nt, &m, &rej) < 0)
			fail_msg("seed %llu line %u '%s' does not parse: %s",
				 (unsigned long long)seed, n + 1, line.p, rej.msg);
		arb_buf_reset(&again);
		catan_game.format(g, &m, &again);
		assert_string_equal(line.p, again.p);
		if (catan_game.apply(g, &m, NULL, &rej) < 0)
			fail_msg("seed %llu line %u '%s' refused: %s [%s]",
				 (unsigned long long)seed, n + 1, line.p, rej.msg, rej.rule);
		for (unsigned i = 0; i < m.n; i++) {
			st->kinds[m.act[i].kind]++;
			if (m.act[i].kind == A_BUY)
				st->buys[m.act[i].a]++;
		}
		if (text) {
			arb_buf_put(text, line.p, line.len);
			arb_buf_putc(text, '\n');
		}
		n++;
	}
	catan_game.finish(g, NULL);
	arb_standing sd;
	catan_game.standing(g, &sd);
	st->games++;
	if (sd.over && n <= BOUND) {
		st->ended++;
		unsigned w = 0;
		for (unsigned p = 0; p < g->nseats; p++)
			w += sd.winner[p];
		assert_int_equal(w, 1);
		assert_true(sd.score[g->s.winner] >= 10);
	}
	/* A finished game yields no turn. */
	if (sd.over) {
		uint64_t r2 = seed;
		arb_buf_reset(&line);
		assert_int_equal(catan_game.random_turn(g, &r2, &line), -1);
	}
	st->lines += n;
	if (n > st->max_lines)
		st->max_lines = n;
	arb_buf_free(&line);
	arb_buf_free(&again);
	catan_game.destroy(g);
	return n;
}

static void report(const char *what, const stats *st)
{
	print_message("%s: %u of %u games end within %u turn lines (mean %.1f, "
		      "max %u); knights %lu, road building %lu, plenty %lu, "
		      "monopoly %lu, vp cards bought %u, reveals %lu, trades "
		      "%lu, maritime %lu, robber %lu, discards %lu\n",
		      what, st->ended, st->games, BOUND, (double)st->lines / st->games,
		      st->max_lines, st->kinds[A_KNIGHT], st->kinds[A_ROADS], st->kinds[A_PLENTY],
		      st->kinds[A_MONOPOLY], st->buys[D_VP], st->kinds[A_REVEAL],
		      st->kinds[A_TRADE], st->kinds[A_BANK], st->kinds[A_ROBBER],
		      st->kinds[A_DISCARD]);
}

/* Everything a game of Catan has happens somewhere in the batch. */
static void assert_variety(const stats *st)
{
	assert_true(st->kinds[A_KNIGHT] > 0);
	assert_true(st->kinds[A_ROADS] > 0);
	assert_true(st->kinds[A_PLENTY] > 0);
	assert_true(st->kinds[A_MONOPOLY] > 0);
	assert_true(st->buys[D_VP] > 0);
	assert_true(st->kinds[A_TRADE] > 0);
	assert_true(st->kinds[A_BANK] > 0);
	assert_true(st->kinds[A_ROBBER] > 0);
	assert_true(st->kinds[A_DISCARD] > 0);
	assert_true(st->kinds[A_CITY] > 0);
}

/* GAMES games per player count on the beginner board: all accepted, at
 * least 99% end with a winner within BOUND turn lines (measured with
 * `arbiter gen` on 10 000 games per count: all end, the longest in 185
 * lines, 99% within 147). */
static void test_games_end(void **state)
{
	(void)state;
	static const char *const seats[] = { "Red Blue White", "Red Blue White Orange" };
	for (unsigned s = 0; s < 2; s++) {
		stats st;
		memset(&st, 0, sizeof st);
		for (unsigned seed = 1; seed <= GAMES; seed++)
			gen_game(seats[s], NULL, NULL, seed * 0x9E3779B97F4A7C15ull, NULL, &st);
		report(s ? "4 players" : "3 players", &st);
		assert_true(st.ended * 100 >= st.games * 99);
		assert_variety(&st);
	}
}

/* The Variant options change what is legal (trades after builds, the
 * robber on the desert, shown victory point cards, ...): gen follows. */
static void test_options(void **state)
{
	(void)state;
	static const char *const opts[] = {
		"phases=combined",   "robber=any shortage=resource",
		"vp-cards=revealed", "start-resources=none longest-road-tie=aside",
		"shortage=single",   "edition=5 vp-cards=revealed",
	};
	for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++) {
		stats st;
		memset(&st, 0, sizeof st);
		for (unsigned seed = 1; seed <= 60; seed++)
			gen_game(seed % 2 ? "Red Blue White" : "White Orange Red Blue", opts[o],
				 NULL, seed + 1000 * o, NULL, &st);
		report(opts[o], &st);
		assert_true(st.ended * 100 >= st.games * 95);
		if (strstr(opts[o], "revealed"))
			assert_true(st.kinds[A_REVEAL] > 0);
	}
}

/* A variable board from the Setup tag. */
static void test_variable_board(void **state)
{
	(void)state;
	stats st;
	memset(&st, 0, sizeof st);
	static const char *const boards[] = {
		"terrain=OWLGBWBGLDLOLOGWBGW start=A",
		"terrain=DOOOBBBLLLLWWWWGGGG start=S",
		"terrain=GGGGWWWWLLLLBBBOOOD start=H",
	};
	for (unsigned seed = 1; seed <= 90; seed++)
		gen_game("Red Blue White Orange", NULL, boards[seed % 3], seed, NULL, &st);
	report("variable boards", &st);
	assert_true(st.ended * 100 >= st.games * 95);
}

/* From a snapshot (a Setup tag with a position) gen plays on to the end:
 * the snapshot of a generated game at its 40th turn line. */
static void test_from_snapshot(void **state)
{
	(void)state;
	stats st;
	memset(&st, 0, sizeof st);
	for (uint64_t seed = 1; seed <= 30; seed++) {
		cat_game *g = et_new_game("Red Blue White Orange", NULL, NULL);
		assert_non_null(g);
		uint64_t rng = seed;
		arb_buf line = { 0 }, snap = { 0 };
		for (unsigned n = 0; n < 40 && !catan_game.over(g); n++) {
			arb_buf_reset(&line);
			assert_int_equal(catan_game.random_turn(g, &rng, &line), 0);
			et_ok(et_on(g), line.p);
		}
		catan_game.snapshot(g, &snap);
		catan_game.destroy(g);
		gen_game("Red Blue White Orange", NULL, snap.p, seed, NULL, &st);
		arb_buf_free(&line);
		arb_buf_free(&snap);
	}
	report("from snapshots", &st);
	assert_true(st.ended * 100 >= st.games * 95);
}

/* Same seed, same text; different seeds, different texts. */
static void test_determinism(void **state)
{
	(void)state;
	stats st;
	memset(&st, 0, sizeof st);
	arb_buf a = { 0 }, b = { 0 }, c = { 0 };
	for (uint64_t seed = 1; seed <= 20; seed++) {
		arb_buf_reset(&a);
		arb_buf_reset(&b);
		arb_buf_reset(&c);
		gen_game("Red Blue White", NULL, NULL, seed, &a, &st);
		gen_game("Red Blue White", NULL, NULL, seed, &b, &st);
		gen_game("Red Blue White", NULL, NULL, seed + 1, &c, &st);
		assert_string_equal(a.p, b.p);
		assert_true(strcmp(a.p, c.p) != 0);
	}
	/* A fixed seed gives fixed bytes on every machine: seed 1's game on
	 * the beginner board, by its length and FNV-1a hash. */
	arb_buf_reset(&a);
	gen_game("Red Blue White", NULL, NULL, 1, &a, &st);
	uint64_t h = 1469598103934665603ull; /* FNV-1a of the text */
	for (size_t i = 0; i < a.len; i++)
		h = (h ^ (unsigned char)a.p[i]) * 1099511628211ull;
	print_message("seed 1: %zu bytes, FNV-1a %016llx\n", a.len, (unsigned long long)h);
	/* Pinned: change these only when gen's choices (or the notation)
	 * change on purpose. */
	assert_int_equal(a.len, 3349);
	assert_true(h == 0x317f8b887af80053ull);
	arb_buf_free(&a);
	arb_buf_free(&b);
	arb_buf_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games_end),      cmocka_unit_test(test_options),
		cmocka_unit_test(test_variable_board), cmocka_unit_test(test_from_snapshot),
		cmocka_unit_test(test_determinism),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
