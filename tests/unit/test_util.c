/*
 * test_util.c — the message helpers of src/core/util.c that every
 * protocol and warning goes through: a message longer than its cap is cut
 * where a character ends, never inside one, and what a player or a file
 * sent comes out as UTF-8 whatever bytes it held.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/util.h"
#include "games/game.h"

static void put_msg(arb_buf *b, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void put_msg(arb_buf *b, size_t cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_buf_put_vmsg(b, cap, fmt, ap);
	va_end(ap);
}

/* "ab" then "ä" (2 bytes), "€" (3 bytes), "😀" (4 bytes): with room for
 * n bytes, the message keeps the characters that fit whole. */
static void test_cut_on_character(void **state)
{
	(void)state;
	static const struct {
		size_t cap;
		const char *want;
	} cases[] = {
		{ 3, "ab" },			  /* "ä" would need bytes 3 and 4 */
		{ 4, "ab" },			  /* its lead byte fits, its second not */
		{ 5, "ab\xc3\xa4" },		  /* "ä" whole */
		{ 6, "ab\xc3\xa4" },		  /* one byte of "€" would fit: cut */
		{ 7, "ab\xc3\xa4" },		  /* two bytes of "€": cut */
		{ 8, "ab\xc3\xa4\xe2\x82\xac" },  /* "€" whole */
		{ 11, "ab\xc3\xa4\xe2\x82\xac" }, /* three of the four bytes of "😀" */
		{ 12, "ab\xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		arb_buf b = { 0 };
		put_msg(&b, cases[i].cap, "%s%s", "ab", "\xc3\xa4\xe2\x82\xac\xf0\x9f\x98\x80");
		assert_non_null(b.p);
		assert_string_equal(b.p, cases[i].want);
		arb_buf_free(&b);
	}
}

/* Bytes that are not UTF-8 in what was quoted come out as \xHH, so the
 * message stays text; a message within its cap is kept whole. */
static void test_invalid_bytes_escaped(void **state)
{
	(void)state;
	arb_buf b = { 0 };
	put_msg(&b, 64, "bad move '%s'", "a\xff\xc3z");
	assert_string_equal(b.p, "bad move 'a\\xFF\\xC3z'");
	arb_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut_on_character),
		cmocka_unit_test(test_invalid_bytes_escaped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
