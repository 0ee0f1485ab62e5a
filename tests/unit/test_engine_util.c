/*
 * test_engine_util.c — the reading helpers the engines share
 * (src/core/engine_util.c, game.h): a tag value read word by word with
 * the engine's blanks (Elasund's spaces, Catan's spaces and tabs), and
 * the small decimal numbers of turn lines and Setup tags.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "games/game.h"

/* The words of `value` split at `blanks`, joined by '|'. */
static void words(const char *value, const char *blanks, char *out, size_t cap)
{
	const char *w;
	size_t n, len = 0;
	out[0] = '\0';
	for (const char *c = value; arb_tag_word(&c, blanks, &w, &n);) {
		assert_true(len + n + 2 < cap);
		if (len)
			out[len++] = '|';
		memcpy(out + len, w, n);
		len += n;
		out[len] = '\0';
	}
}

static void test_tag_word(void **state)
{
	(void)state;
	char out[64];
	words("Red=r Blue=g", " ", out, sizeof out);
	assert_string_equal(out, "Red=r|Blue=g");
	words("  a   b  ", " ", out, sizeof out); /* blanks at both ends and doubled */
	assert_string_equal(out, "a|b");
	words("", " ", out, sizeof out);
	assert_string_equal(out, "");
	words("   ", " ", out, sizeof out);
	assert_string_equal(out, "");
	words("a\tb c", " ", out, sizeof out); /* a tab is a blank only when named */
	assert_string_equal(out, "a\tb|c");
	words("a\tb c", " \t", out, sizeof out);
	assert_string_equal(out, "a|b|c");
}

static void test_small_num(void **state)
{
	(void)state;
	assert_int_equal(arb_small_num("7", 1), 7);
	assert_int_equal(arb_small_num("0", 1), 0);
	assert_int_equal(arb_small_num("12", 2), 12);
	assert_int_equal(arb_small_num("999", 3), 999);
	assert_int_equal(arb_small_num("1000", 4), -1); /* four digits */
	assert_int_equal(arb_small_num("", 0), -1);
	assert_int_equal(arb_small_num("x", 1), -1);
	assert_int_equal(arb_small_num("1x", 2), -1);
	assert_int_equal(arb_small_num("x1", 2), -1);
	assert_int_equal(arb_small_num("12", 1), 1); /* only the n bytes count */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tag_word),
		cmocka_unit_test(test_small_num),
	};
	return cmocka_run_group_tests_name("engine_util", tests, NULL, NULL);
}
