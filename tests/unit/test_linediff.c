/*
 * test_linediff.c — the page's line table and edits (src/cli/linediff.c):
 * a line interned twice has one id, however full the table; the edits
 * between two sequences, replayed as the page's script does (each hunk at
 * its index once the hunks before it are applied), give the second
 * sequence, for random pairs near and far apart (beyond the search's
 * limit too); and a move's few changes stay few hunks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/picture.h"

static void test_intern(void **state)
{
	(void)state;
	arb_lines t = { 0 };
	char line[32];
	for (unsigned i = 0; i < 5000; i++) { /* several rehashes */
		int n = snprintf(line, sizeof line, "<circle r=\"%u\"/>", i);
		assert_int_equal(arb_lines_intern(&t, line, (size_t)n), i);
	}
	for (unsigned i = 0; i < 5000; i += 7) {
		int n = snprintf(line, sizeof line, "<circle r=\"%u\"/>", i);
		assert_int_equal(arb_lines_intern(&t, line, (size_t)n), i);
	}
	assert_int_equal(arb_lines_intern(&t, "", 0), 5000);
	assert_int_equal(arb_lines_intern(&t, "", 0), 5000);
	assert_int_equal(t.n, 5001);
	arb_lines_free(&t);
}

/* Replay `edits` on a copy of a[..na) as the page's script does; the
 * result's length into *n. */
static unsigned *replay(const unsigned *a, size_t na, const char *edits, size_t *n)
{
	size_t cap = na + strlen(edits) + 1;
	unsigned *s = malloc(cap * sizeof *s);
	assert_non_null(s);
	memcpy(s, a, na * sizeof *s);
	size_t len = na;
	const char *p = edits;
	while (*p) {
		char *end;
		size_t at = strtoul(p, &end, 10);
		size_t del = strtoul(end, &end, 10);
		assert_true(at + del <= len);
		memmove(s + at, s + at + del, (len - at - del) * sizeof *s);
		len -= del;
		while (*end == ' ') {
			unsigned id = (unsigned)strtoul(end + 1, &end, 10);
			memmove(s + at + 1, s + at, (len - at) * sizeof *s);
			s[at++] = id;
			len++;
		}
		assert_true(*end == ';' || *end == '\0');
		p = *end ? end + 1 : end;
	}
	*n = len;
	return s;
}

static void check_diff(const unsigned *a, size_t na, const unsigned *b, size_t nb)
{
	arb_buf edits = { 0 };
	arb_lines_diff(a, na, b, nb, &edits);
	size_t n;
	unsigned *got = replay(a, na, edits.p ? edits.p : "", &n);
	assert_int_equal(n, nb);
	if (nb)
		assert_memory_equal(got, b, nb * sizeof *b);
	free(got);
	arb_buf_free(&edits);
}

static void test_replays(void **state)
{
	(void)state;
	srand(38);
	unsigned a[3000], b[3000];
	for (int round = 0; round < 300; round++) {
		size_t na = (size_t)rand() % 200, nb = 0;
		unsigned alphabet = 2 + (unsigned)rand() % 50;
		for (size_t i = 0; i < na; i++)
			a[i] = (unsigned)rand() % alphabet;
		/* b: a with some lines removed, changed and added */
		for (size_t i = 0; i < na; i++) {
			int r = rand() % 10;
			if (r == 0)
				continue;
			if (r == 1)
				b[nb++] = (unsigned)rand() % alphabet;
			if (r == 2)
				b[nb++] = 1000 + (unsigned)rand() % alphabet;
			b[nb++] = a[i];
		}
		check_diff(a, na, b, nb);
		check_diff(b, nb, a, na);
		check_diff(a, 0, b, nb);
		check_diff(a, na, b, 0);
	}
	/* farther apart than the search goes: the middle replaced whole */
	for (size_t i = 0; i < 3000; i++) {
		a[i] = (unsigned)i;
		b[i] = (unsigned)(5000 + i);
	}
	b[0] = a[0];
	b[2999] = a[2999];
	check_diff(a, 3000, b, 3000);
}

static void test_few_hunks(void **state)
{
	(void)state;
	unsigned a[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	unsigned b[] = { 1, 2, 9, 3, 4, 5, 7, 8, 10 };
	arb_buf edits = { 0 };
	arb_lines_diff(a, 8, b, 9, &edits);
	/* 9 put before 3; 6 taken (at index 6 once 9 is in); 10 appended */
	assert_string_equal(edits.p, "2 0 9;6 1;8 0 10");
	arb_buf_reset(&edits);
	arb_lines_diff(a, 8, a, 8, &edits);
	assert_int_equal(edits.len, 0);
	arb_buf_free(&edits);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intern),
		cmocka_unit_test(test_replays),
		cmocka_unit_test(test_few_hunks),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
