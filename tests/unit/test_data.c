/*
 * test_data.c — the game data trees the build embeds (tools/embed.c) are
 * the run-time parser's trees of the embedded bytes: same kinds, same
 * strings, same lines and columns, node for node.  A run with no --data
 * loads the tree and never parses, so a tree that drifted from its file
 * would change the rules silently; and an error an engine reports in its
 * own data must still point at the right line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/data.h"
#include "games/registry.h"

/* Nodes compared; the test fails if a tree is found to hold nothing. */
static size_t compared;

/* Whether the two trees are the same; says where the first difference is */
static bool same_tree(const arb_node *built, const arb_node *parsed)
{
	compared++;
	if (built->kind != parsed->kind || built->line != parsed->line ||
	    built->col != parsed->col || built->n != parsed->n ||
	    (parsed->kind == ARB_SCALAR && (!built->str || strcmp(built->str, parsed->str)))) {
		print_message("the trees differ at line %u column %u\n", (unsigned)parsed->line,
			      (unsigned)parsed->col);
		return false;
	}
	for (size_t i = 0; parsed->kind != ARB_SCALAR && i < parsed->n; i++) {
		bool same = parsed->kind == ARB_SEQ
				    ? same_tree(&built->items[i], &parsed->items[i])
				    : same_tree(&built->keys[i], &parsed->keys[i]) &&
					      same_tree(&built->values[i], &parsed->values[i]);
		if (!same)
			return false;
	}
	return true;
}

static void every_embedded_tree_is_the_parse_of_its_bytes(void **state)
{
	(void)state;
	assert_true(arb_registry.count() >= 3);
	for (size_t i = 0; i < arb_registry.count(); i++) {
		const arb_game_ops *g = arb_registry.at(i);
		assert_non_null(g->data_tree);
		arb_data_error err;
		arb_node *parsed = arb_data_parse(g->data, *g->data_size, &err);
		assert_non_null(parsed);
		size_t before = compared;
		assert_true(same_tree(g->data_tree, parsed));
		/* every game's file is a map of a dozen keys or more */
		assert_true(compared - before > 20);
		arb_data_free(parsed);
	}
}

/* The comparison can fail: a tree with one string changed is caught. */
static void a_changed_string_is_caught(void **state)
{
	(void)state;
	const arb_game_ops *g = arb_registry.at(0);
	arb_data_error err;
	arb_node *a = arb_data_parse(g->data, *g->data_size, &err);
	arb_node *b = arb_data_parse(g->data, *g->data_size, &err);
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(b->kind, ARB_MAP);
	assert_string_equal(b->keys[0].str, "game");
	assert_int_equal(b->values[0].kind, ARB_SCALAR);
	const char *was = b->values[0].str;
	b->values[0].str = "a game of another name";
	assert_false(same_tree(a, b));
	b->values[0].str = was;
	assert_true(same_tree(a, b));
	b->values[1].line++; /* a line moved is caught too */
	assert_false(same_tree(a, b));
	b->values[1].line--;
	arb_data_free(a);
	arb_data_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_embedded_tree_is_the_parse_of_its_bytes),
		cmocka_unit_test(a_changed_string_is_caught),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
