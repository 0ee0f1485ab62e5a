/*
 * test_suggest.c — the "did you mean" helper (src/core/suggest.c) and the
 * registry's use of it: edit distances counted by hand, case ignored,
 * nothing suggested beyond two edits, the earliest of equals, and game
 * names found in any case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/suggest.h"
#include "games/registry.h"

static void test_distance(void **state)
{
	(void)state;
	assert_int_equal(arb_edit_distance("check", "check"), 0);
	assert_int_equal(arb_edit_distance("", "gen"), 3);
	assert_int_equal(arb_edit_distance("gen", ""), 3);
	assert_int_equal(arb_edit_distance("chek", "check"), 1);  /* a letter missing */
	assert_int_equal(arb_edit_distance("chekc", "check"), 1); /* two swapped */
	assert_int_equal(arb_edit_distance("chack", "check"), 1); /* one changed */
	assert_int_equal(arb_edit_distance("CHECK", "check"), 0); /* case ignored */
	assert_int_equal(arb_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(arb_edit_distance("ab", "ba"), 1);
	assert_int_equal(arb_edit_distance("abc", "ca"), 3); /* no swap then insert */
	char longw[ARB_SUGGEST_MAX_LEN + 2];
	memset(longw, 'a', sizeof longw - 1);
	longw[sizeof longw - 1] = '\0';
	assert_int_equal(arb_edit_distance(longw, "a"), ARB_SUGGEST_FAR);
}

/* arb_within_one_edit agrees with arb_edit_distance <= 1 on every pair
 * of a list that has each kind of edit, and the misses around it. */
static void test_within_one(void **state)
{
	(void)state;
	static const char *const w[] = {
		"Blue",	  "Bleu", "blue", "Blu",    "Blues",  "Glue",	"Black",  "Red",
		"Rd",	  "Reed", "eRd",  "Seed",   "Site",   "White",	"Yellow", "Yelow",
		"Yellwo", "",	  "B",	  "Orange", "Ornage", "Oragne", "Green",  "Gren",
	};
	size_t n = sizeof w / sizeof *w;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (arb_within_one_edit(w[i], w[j]) != (arb_edit_distance(w[i], w[j]) <= 1))
				fail_msg("'%s' '%s': within_one %d, distance %u", w[i], w[j],
					 arb_within_one_edit(w[i], w[j]),
					 arb_edit_distance(w[i], w[j]));
}

static void test_suggest(void **state)
{
	(void)state;
	const char *const cmds[] = { "check", "score", "dump", "fmt", "moves", NULL, "gen" };
	size_t n = sizeof cmds / sizeof cmds[0];
	assert_string_equal(arb_suggest("chek", cmds, n), "check");
	assert_string_equal(arb_suggest("Dupm", cmds, n), "dump");
	assert_string_equal(arb_suggest("gne", cmds, n), "gen");
	assert_null(arb_suggest("standings", cmds, n)); /* far from all */
	assert_null(arb_suggest("frobnicate", cmds, n));
	/* "mt" is 1 from fmt and 3 from moves; "scre" is 1 from score */
	assert_string_equal(arb_suggest("mt", cmds, n), "fmt");
	assert_string_equal(arb_suggest("scre", cmds, n), "score");
	/* equals: the earliest wins */
	const char *const two[] = { "cat", "bat" };
	assert_string_equal(arb_suggest("at", two, 2), "cat");
	assert_null(arb_suggest("x", NULL, 0));
}

static void test_games(void **state)
{
	(void)state;
	assert_non_null(arb_game_find("catan"));
	assert_ptr_equal(arb_game_find("Carcassonne"), arb_game_find("carcassonne"));
	assert_ptr_equal(arb_game_find("ELASUND"), arb_game_find("elasund"));
	assert_null(arb_game_find("chess"));
	assert_null(arb_game_find("catan "));
	assert_string_equal(arb_game_suggest("Catann"), "catan");
	assert_string_equal(arb_game_suggest("carcasone"), "carcassonne");
	assert_null(arb_game_suggest("chess"));
	char list[64];
	arb_game_list(list, sizeof list);
	assert_string_equal(list, "carcassonne, catan, elasund");
	arb_game_list(list, 8); /* truncated, still a string */
	assert_string_equal(list, "carcass");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_within_one),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_games),
	};
	return cmocka_run_group_tests_name("suggest", tests, NULL, NULL);
}
