/*
 * test_replay.c — from tags to a game: the Game tag, seat tags in turn
 * order, the Variant tag's options, the Result tag, and the record errors
 * (exit status 2) with their exact messages and positions.  Uses the
 * Carcassonne engine as the game behind the envelope.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "core/gamedata.h"
#include "core/reader.h"
#include "core/replay.h"
#include "games/registry.h"

typedef struct {
	FILE *f;
	arb_reader *rd;
	arb_record rec;
	arb_replay r;
} fixture;

/* Read the first game of `text` and set it up (not replayed). */
static int setup_text(fixture *fx, const char *text)
{
	arb_diag d;
	fx->f = fmemopen((void *)text, strlen(text), "rb");
	assert_non_null(fx->f);
	fx->rd = arb_reader_new(fx->f, "t.tgn");
	assert_int_equal(arb_reader_next(fx->rd, &fx->rec, &d), 1);
	memset(&fx->r, 0, sizeof fx->r);
	fx->r.rec = &fx->rec;
	fx->r.games = &arb_registry;
	return arb_replay_setup(&fx->r);
}

/* A set of one game, Carcassonne: the replay knows the games it is
 * given (arb_replay.games), not the registry's. */
extern const arb_game_ops carcassonne_game;

static size_t one_count(void)
{
	return 1;
}
static const arb_game_ops *one_at(size_t i)
{
	return i == 0 ? &carcassonne_game : NULL;
}
static const arb_game_ops *one_find(const char *name)
{
	return arb_game_find(name) == &carcassonne_game ? &carcassonne_game : NULL;
}
static const char *one_suggest(const char *name)
{
	(void)name;
	return NULL;
}
static void one_list(char *out, size_t cap)
{
	snprintf(out, cap, "carcassonne");
}
static const arb_games just_carcassonne = { one_count, one_at, one_find, one_suggest, one_list };

static void done(fixture *fx)
{
	arb_replay_free(&fx->r);
	arb_reader_free(fx->rd);
	fclose(fx->f);
}

static void test_seats_in_tag_order(void **state)
{
	(void)state;
	fixture fx;
	assert_int_equal(
		setup_text(
			&fx,
			"[Game \"carcassonne\"]\n[Event \"x\"]\n[yellow \"Y\"]\n[Red \"R\"]\n[BLUE \"B\"]\n"
			"[Result \"*\"]\n"),
		0);
	assert_int_equal(fx.r.setup.nseats, 3);
	const char *const *c = fx.r.game->colours;
	assert_string_equal(c[fx.r.setup.seats[0].colour], "Yellow");
	assert_string_equal(c[fx.r.setup.seats[1].colour], "Red");
	assert_string_equal(c[fx.r.setup.seats[2].colour], "Blue");
	assert_string_equal(fx.r.setup.seats[2].player, "B");
	assert_int_equal(fx.r.setup.seats[0].tag->line, 3);
	done(&fx);
}

static void test_variant_options(void **state)
{
	(void)state;
	fixture fx;
	assert_int_equal(setup_text(&fx, "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n"
					 "[Variant \"small-city=2,  farmers=once\"]\n"),
			 0);
	assert_int_equal(fx.r.setup.noptions, 2);
	assert_string_equal(fx.r.setup.options[0].name, "small-city");
	assert_string_equal(fx.r.setup.options[0].value, "2");
	assert_string_equal(fx.r.setup.options[1].name, "farmers");
	assert_string_equal(fx.r.setup.options[1].value, "once");
	assert_int_equal(fx.r.setup.options[1].tag->line, 4);
	done(&fx);
}

static void test_result_winners(void **state)
{
	(void)state;
	fixture fx;
	assert_int_equal(
		setup_text(&fx, "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Green \"G\"]\n"
				"[Result \"green, Red\"]\n"),
		0);
	assert_true(fx.r.result_winner[0]);
	assert_false(fx.r.result_winner[1]);
	assert_true(fx.r.result_winner[2]);
	assert_false(fx.r.result_star);
	done(&fx);
}

/* Record errors: the text, then line, column and message. */
static const struct {
	const char *text;
	unsigned line, col;
	const char *msg;
} errors[] = {
	{ "[Event \"x\"]\n[Red \"R\"]\n", 1, 1,
	  "missing [Game \"...\"] tag: every game names its game" },
	{ "[Game \"go\"]\n[Red \"R\"]\n", 1, 1,
	  "unknown game \"go\": arbiter knows carcassonne, catan, elasund" },
	/* a tag line whose first tag is Game starts the next game (tgn.md):
	 * a Game tag later on a line is the same game's, twice */
	{ "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"] [Game \"catan\"]\n", 3, 12,
	  "duplicate tag Game (first at line 1)" },
	{ "[Game \"carcassonne\"]\n[Red \"R\"]\n[red \"S\"]\n", 3, 1,
	  "colour Red is seated twice" },
	{ "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Variant \"a b a\"]\n", 4, 1,
	  "option \"a\" is given twice in the Variant tag" },
	{ "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Variant \"=3\"]\n", 4, 1,
	  "malformed option \"=3\" in the Variant tag: write name or name=value" },
	{ "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Variant \"a.b=1\"]\n", 4, 1,
	  "malformed option name \"a.b\" in the Variant tag" },
	{ "[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Result \"\"]\n", 4, 1,
	  "the Result tag is empty; write the winners' colours, or \"*\" for an unfinished game" },
};

static void test_record_errors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
		fixture fx;
		if (setup_text(&fx, errors[i].text) != -1)
			fail_msg("case %zu: set-up succeeded", i);
		assert_int_equal(fx.r.verdict, ARB_ERROR);
		assert_string_equal(fx.r.diag.msg, errors[i].msg);
		assert_int_equal(fx.r.diag.line, errors[i].line);
		assert_int_equal(fx.r.diag.col, errors[i].col);
		done(&fx);
	}
}

static void test_unfinished_needs_star(void **state)
{
	(void)state;
	fixture fx;
	assert_int_equal(
		setup_text(
			&fx,
			"[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n\nRed E 0,-1 180 city S\n"),
		0);
	arb_replay_run(&fx.r);
	assert_int_equal(fx.r.verdict, ARB_ERROR);
	assert_int_equal(fx.r.diag.line, 5);
	assert_string_equal(
		fx.r.diag.msg,
		"game truncated: the record ends after move 1 but the game is not over (mark an unfinished game with [Result \"*\"])");
	done(&fx);
	assert_int_equal(
		setup_text(
			&fx,
			"[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Result \"*\"]\n\nRed E 0,-1 180 city S\n"),
		0);
	arb_replay_run(&fx.r);
	assert_int_equal(fx.r.verdict, ARB_UNFINISHED);
	assert_int_equal(fx.r.moves, 1);
	assert_int_equal(fx.r.st.score[0], 4);
	done(&fx);
}

static void test_stop_after(void **state)
{
	(void)state;
	fixture fx;
	assert_int_equal(
		setup_text(
			&fx,
			"[Game \"carcassonne\"]\n[Red \"R\"]\n[Blue \"B\"]\n\nRed E 0,-1 180 city S\nBlue U 1,0 90\n"),
		0);
	fx.r.stop = true;
	fx.r.stop_after = 1;
	arb_replay_run(&fx.r);
	assert_int_equal(fx.r.moves, 1);
	assert_int_equal(fx.r.verdict, ARB_UNFINISHED);
	done(&fx);
}

static int teardown(void **state)
{
	(void)state;
	arb_gamedata_free_all();
	return 0;
}

static void test_games_given(void **state)
{
	(void)state;
	fixture fx;
	const char *catan = "[Game \"catan\"]\n[Red \"R\"]\n[Blue \"B\"]\n[Result \"*\"]\n";
	setup_text(&fx, catan); /* the registry knows Catan (two seats are too few) */
	assert_null(strstr(fx.r.diag.msg, "unknown game"));
	done(&fx);
	arb_diag d;
	fx.f = fmemopen((void *)catan, strlen(catan), "rb");
	fx.rd = arb_reader_new(fx.f, "t.tgn");
	assert_int_equal(arb_reader_next(fx.rd, &fx.rec, &d), 1);
	memset(&fx.r, 0, sizeof fx.r);
	fx.r.rec = &fx.rec;
	fx.r.games = &just_carcassonne;
	assert_int_equal(arb_replay_setup(&fx.r), -1);
	assert_int_equal(fx.r.verdict, ARB_ERROR);
	assert_string_equal(fx.r.diag.msg, "unknown game \"catan\": arbiter knows carcassonne");
	done(&fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seats_in_tag_order),
		cmocka_unit_test(test_variant_options),
		cmocka_unit_test(test_result_winners),
		cmocka_unit_test(test_record_errors),
		cmocka_unit_test(test_unfinished_needs_star),
		cmocka_unit_test(test_stop_after),
		cmocka_unit_test(test_games_given),
	};
	return cmocka_run_group_tests_name("replay", tests, NULL, teardown);
}
