/*
 * test_gen.c — the engine's generator (random_turn, random_tags in
 * src/games/elasund/gen.c) driven through the ops table the way `arbiter
 * gen` drives it: every proposed turn must parse, be accepted by apply()
 * and already be in canonical form; games must reach their end; the same
 * seed must give the same text and different seeds different texts; the
 * dice must look like two d6.  Uses no test-only player.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/data.h"
#include "core/tokens.h"
#include "games/game.h"

extern const arb_game_ops elasund_game;
extern const unsigned char arb_data_elasund[];
extern const size_t arb_data_elasund_size;

static void *data;

/* Games per player count in the end-to-end test, and the bound (turn
 * lines) within which a game must have ended. */
#define NGAMES 400
#define BOUND 300

static int setup_data(void **state)
{
	(void)state;
	arb_data_error err;
	arb_node *root = arb_data_parse(arb_data_elasund, arb_data_elasund_size, &err);
	assert_non_null(root);
	data = elasund_game.data_load(root, &err);
	assert_non_null(data);
	arb_data_free(root);
	return 0;
}

static int teardown_data(void **state)
{
	(void)state;
	elasund_game.data_free(data);
	return 0;
}

typedef struct played {
	bool over;     /* the game reached its end                */
	int turns;     /* turn lines                              */
	int rolls[13]; /* dice sums seen                          */
} played;

/* Play one generated game of `nseats` from `seed` (with Variant options
 * `variant`, "a=b c=d", or NULL), checking every turn; the tags and turn
 * lines go to `text` when non-NULL. */
static played play(uint64_t seed, unsigned nseats, const char *variant, arb_buf *text)
{
	played r;
	memset(&r, 0, sizeof r);
	uint64_t rng = seed;
	arb_buf tags = { 0 }, line = { 0 }, again = { 0 };
	elasund_game.random_tags(data, nseats, &rng, &tags);
	assert_non_null(tags.p);
	/* one tag line: [Hands "..."] */
	assert_true(strncmp(tags.p, "[Hands \"", 8) == 0);
	assert_true(tags.len > 11 && strcmp(tags.p + tags.len - 3, "\"]\n") == 0);
	char hands[128];
	snprintf(hands, sizeof hands, "%.*s", (int)(tags.len - 11), tags.p + 8);

	arb_setup su;
	memset(&su, 0, sizeof su);
	static const char *const names[] = { "P1", "P2", "P3", "P4" };
	for (unsigned s = 0; s < nseats; s++)
		su.seats[su.nseats++] = (arb_seat){ s, names[s], NULL };
	char vbuf[128];
	snprintf(vbuf, sizeof vbuf, "%s", variant ? variant : "");
	for (char *o = strtok(vbuf, " "); o; o = strtok(NULL, " ")) {
		char *eq = strchr(o, '=');
		assert_non_null(eq);
		*eq = 0;
		su.options[su.noptions++] = (arb_option){ o, eq + 1, NULL };
	}
	arb_tag tag = { "Hands", hands, 1, 1 };
	su.tags = &tag;
	su.ntags = 1;
	arb_reject rej;
	void *g = elasund_game.create(data, &su, NULL, &rej);
	if (!g)
		fail_msg("seed %llu: Hands tag refused: %s: %s", (unsigned long long)seed, hands,
			 rej.msg);
	if (text)
		arb_buf_put(text, tags.p, tags.len);

	void *move = malloc(elasund_game.move_size);
	static arb_token tok[1024];
	while (!elasund_game.over(g)) {
		arb_buf_reset(&line);
		if (elasund_game.random_turn(g, &rng, &line) != 0)
			break;
		assert_non_null(line.p);
		size_t nt = arb_split_tokens(line.p, line.len, (uint32_t)r.turns + 1, 1, tok, 1024);
		assert_true(nt >= 2 && nt <= 1024);
		memset(move, 0, elasund_game.move_size);
		memset(&rej, 0, sizeof rej);
		if (elasund_game.parse(g, tok, nt, move, &rej) != 0)
			fail_msg("seed %llu, %u seats, turn %d does not parse: %s: %s",
				 (unsigned long long)seed, nseats, r.turns + 1, line.p, rej.msg);
		arb_buf_reset(&again);
		elasund_game.format(g, move, &again);
		assert_string_equal(again.p, line.p); /* already canonical */
		if (elasund_game.apply(g, move, NULL, &rej) != 0)
			fail_msg("seed %llu, %u seats, turn %d refused: %s: %s [%s]",
				 (unsigned long long)seed, nseats, r.turns + 1, line.p, rej.msg,
				 rej.rule);
		int roll = atoi(line.p + tok[1].col - 1);
		assert_true(roll >= 2 && roll <= 12);
		r.rolls[roll]++;
		r.turns++;
		if (text) {
			arb_buf_put(text, line.p, line.len);
			arb_buf_putc(text, '\n');
		}
		assert_true(r.turns <= 100000);
	}
	elasund_game.finish(g, NULL);
	arb_standing st;
	elasund_game.standing(g, &st);
	r.over = elasund_game.over(g);
	assert_int_equal(st.over, r.over);
	if (!r.over)
		assert_int_equal(r.turns, 500); /* gen.c's EL_GEN_MAX_TURNS */
	if (r.over) {
		int winners = 0;
		for (unsigned s = 0; s < nseats; s++) {
			winners += st.winner[s];
			if (st.winner[s])
				assert_int_equal(st.score[s], 10);
		}
		assert_int_equal(winners, 1);
	}
	/* once over (or given up), no further turn is proposed */
	arb_buf_reset(&line);
	assert_int_equal(elasund_game.random_turn(g, &rng, &line), -1);
	free(move);
	elasund_game.destroy(g);
	arb_buf_free(&tags);
	arb_buf_free(&line);
	arb_buf_free(&again);
	return r;
}

/* Every player count: every turn accepted, and at least 99% of the games
 * end within BOUND turn lines.  Measured over 10,000 games each: 2 and 3
 * players all end (99% within 89 and 112 lines); 4 players 99.8% end
 * (99% within 131), the rest reach a dead board where nobody can place a
 * cube any more, and the generator gives up after 500 lines (the guard
 * in gen.c; play() checks it stopped there). */
static void test_games_end(void **state)
{
	(void)state;
	int rolls[13] = { 0 };
	for (unsigned n = 2; n <= 4; n++) {
		int ended = 0, within = 0;
		long turns = 0;
		for (uint64_t seed = 1; seed <= NGAMES; seed++) {
			played r = play(seed * 1000 + n, n, NULL, NULL);
			ended += r.over;
			within += r.over && r.turns <= BOUND;
			turns += r.turns;
			for (int k = 2; k <= 12; k++)
				rolls[k] += r.rolls[k];
		}
		print_message(
			"%u players: %d of %d games ended, %d within %d turn lines, %.1f lines a game\n",
			n, ended, NGAMES, within, BOUND, (double)turns / NGAMES);
		assert_true(within * 100 >= NGAMES * 99);
	}
	/* the dice: two d6 (7 comes 1/6 of the time, 2 and 12 1/36 each) */
	long tot = 0;
	for (int k = 2; k <= 12; k++)
		tot += rolls[k];
	for (int k = 2; k <= 12; k++) {
		double want = (6 - abs(k - 7)) / 36.0, got = (double)rolls[k] / (double)tot;
		if (got < want * 0.85 || got > want * 1.15)
			fail_msg("roll %d: %.4f of the turns, want %.4f", k, got, want);
	}
}

/* The rule options change what is legal: the generator still only writes
 * accepted turns. */
static void test_variants(void **state)
{
	(void)state;
	static const char *const variants[] = {
		"huts=bigger",
		"walls=blue-first",
		"halve=up",
		"cards=smart",
		"track=uncapped mills=near",
		"huts=bigger walls=blue-first halve=up track=uncapped",
	};
	int ended = 0, games = 0;
	for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
		for (uint64_t seed = 1; seed <= 60; seed++) {
			played r = play(seed, 2 + (unsigned)(seed % 3), variants[v], NULL);
			ended += r.over;
			games++;
		}
	print_message("variants: %d of %d games ended\n", ended, games);
	assert_true(ended * 100 >= games * 95);
}

/* Same seed, same bytes; different seeds, different games. */
static void test_deterministic(void **state)
{
	(void)state;
	for (unsigned n = 2; n <= 4; n++) {
		arb_buf a = { 0 }, b = { 0 }, c = { 0 };
		play(42, n, NULL, &a);
		play(42, n, NULL, &b);
		play(43, n, NULL, &c);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.p, b.p, a.len);
		assert_false(a.len == c.len && memcmp(a.p, c.p, a.len) == 0);
		arb_buf_free(&a);
		arb_buf_free(&b);
		arb_buf_free(&c);
	}
	/* 200 seeds, 200 different games (FNV-1a of the whole text) */
	static uint64_t hash[200];
	for (uint64_t seed = 0; seed < 200; seed++) {
		arb_buf t = { 0 };
		play(seed, 3, NULL, &t);
		uint64_t h = 14695981039346656037ull;
		for (size_t i = 0; i < t.len; i++)
			h = (h ^ (unsigned char)t.p[i]) * 1099511628211ull;
		hash[seed] = h;
		arb_buf_free(&t);
	}
	for (int i = 0; i < 200; i++)
		for (int j = i + 1; j < 200; j++)
			assert_true(hash[i] != hash[j]);
}

/* The starting hands are drawn from the deck: over many deals each colour
 * comes about a third of the time, and create() accepts every deal. */
static void test_hands(void **state)
{
	(void)state;
	int count[3] = { 0 };
	for (uint64_t seed = 0; seed < 3000; seed++) {
		uint64_t rng = seed;
		arb_buf t = { 0 };
		elasund_game.random_tags(data, 4, &rng, &t);
		assert_non_null(strstr(t.p, "Red="));
		assert_non_null(strstr(t.p, "Yellow="));
		for (const char *p = strchr(t.p, '='); p; p = strchr(p + 1, '='))
			count[p[1] == 'r' ? 0 : p[1] == 'b' ? 1 : 2]++;
		arb_buf_free(&t);
	}
	for (int k = 0; k < 3; k++)
		assert_true(count[k] > 3600 && count[k] < 4400); /* 4000 expected */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games_end),
		cmocka_unit_test(test_variants),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_hands),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
