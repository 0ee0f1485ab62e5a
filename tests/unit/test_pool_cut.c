/*
 * test_pool_cut.c — the -j pool's cuts and line counts (src/cli/pool_cut.c).
 * Every path of the newline count (bytes, SSE2, and AVX2 where this
 * processor has it: the machines that run the tests mostly take AVX2
 * only) against a plain count, on random buffers of every length 0..300
 * at every misalignment 0..31, and on large ones that fill the byte
 * counters to their flush (a buffer of newlines only is where a counter
 * would wrap); where a batch may be cut, on the cases pool_find_cut's
 * comment names; and the batch sizes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/pool_cut.h"

typedef struct {
	const char *name;
	pool_count_fn fn;
} count_path;

/* The paths this build has and this processor runs. */
static size_t count_paths(count_path *paths)
{
	size_t n = 0;
	paths[n++] = (count_path){ "bytes", pool_count_lines_bytes };
#ifdef POOL_COUNT_SSE2
	paths[n++] = (count_path){ "sse2", pool_count_lines_sse2 };
#endif
#ifdef POOL_COUNT_AVX2
	if (__builtin_cpu_supports("avx2"))
		paths[n++] = (count_path){ "avx2", pool_count_lines_avx2 };
#endif
	return n;
}

static uint32_t plain_count(const char *s, size_t n)
{
	uint32_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] == '\n')
			k++;
	return k;
}

static uint64_t rng = 88172645463325252ull;

static uint32_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 32);
}

/* s[0..n) with a newline where a random number below `per256` falls
 * (0: none, 256: every byte), other bytes random but '\n' (0x0A's
 * neighbours 0x09 and 0x0B and bytes with the high bit included: a
 * signed compare would take 0x8A for one). */
static void fill(char *s, size_t n, unsigned per256)
{
	static const unsigned char near[] = { 0x09, 0x0B, 0x8A, 0x0D, 0xFF, 0x00, 'a', '[' };
	for (size_t i = 0; i < n; i++) {
		uint32_t r = next_rand();
		if ((r & 0xFF) < per256)
			s[i] = '\n';
		else
			s[i] = (char)((r >> 8) & 1 ? near[(r >> 9) & 7] : (r >> 12) & 0xFF);
		if (s[i] == '\n' && (r & 0xFF) >= per256)
			s[i] = 'x';
	}
}

static void check_all(const count_path *paths, size_t np, const char *s, size_t n)
{
	uint32_t want = plain_count(s, n);
	for (size_t p = 0; p < np; p++) {
		uint32_t got = paths[p].fn(s, n);
		if (got != want)
			fail_msg("%s: %u newlines in %zu bytes at %p, not %u", paths[p].name, got,
				 n, (const void *)s, want);
	}
}

static void test_count_small_misaligned(void **state)
{
	(void)state;
	count_path paths[3];
	size_t np = count_paths(paths);
	static const unsigned density[] = { 0, 3, 40, 128, 250, 256 };
	/* 64-byte aligned, so that offset m is misaligned by exactly m */
	char *buf = aligned_alloc(64, 448);
	assert_non_null(buf);
	for (size_t d = 0; d < sizeof density / sizeof *density; d++)
		for (size_t m = 0; m < 32; m++)
			for (size_t n = 0; n <= 300; n++) {
				fill(buf, 448, 128); /* bytes around the buffer too */
				fill(buf + m, n, density[d]);
				check_all(paths, np, buf + m, n);
			}
	free(buf);
}

static void test_count_large(void **state)
{
	(void)state;
	count_path paths[3];
	size_t np = count_paths(paths);
	/* past the flushes: 255 steps of 16 (SSE2) and of 64 (AVX2)
	 * bytes, once, several times, and a tail after them */
	static const size_t lens[] = { 4079,  4080,  4081,   4095,   4096,   16319,
				       16320, 16321, 16383,  16384,  32640,  32641,
				       48960, 49023, 100000, 262144, 262207, 1 << 20 };
	char *buf = aligned_alloc(64, (1 << 20) + 128);
	assert_non_null(buf);
	for (size_t l = 0; l < sizeof lens / sizeof *lens; l++)
		for (size_t m = 0; m < 32; m += 7) {
			memset(buf + m, '\n', lens[l]); /* every counter at its fullest */
			check_all(paths, np, buf + m, lens[l]);
			fill(buf + m, lens[l], 60);
			check_all(paths, np, buf + m, lens[l]);
		}
	free(buf);
}

/* The path the pool takes is one of those, and counts alike. */
static void test_count_chosen(void **state)
{
	(void)state;
	pool_count_fn fn = pool_count_lines_fn();
	assert_non_null(fn);
	char buf[1000];
	fill(buf, sizeof buf, 30);
	assert_int_equal(fn(buf, sizeof buf), plain_count(buf, sizeof buf));
#ifdef POOL_COUNT_AVX2
	if (__builtin_cpu_supports("avx2"))
		assert_ptr_equal(fn, pool_count_lines_avx2);
#endif
}

static size_t cut_of(const char *s, size_t from)
{
	return pool_find_cut(s, strlen(s), from);
}

static void test_find_cut(void **state)
{
	(void)state;
	/* the start of a line that starts with a [Game tag, at or after from */
	assert_int_equal(cut_of("[Game \"a\"]\n1\n[Game \"b\"]\n2\n", 1), 13);
	assert_int_equal(cut_of("[Game \"a\"]\n1\n[Game \"b\"]\n2\n", 13), 13);
	assert_int_equal(cut_of("[Game \"a\"]\n1\n[Game \"b\"]\n2\n", 14), 0);
	/* a stream's first line is not a place to cut */
	assert_int_equal(cut_of("[Game \"a\"]\n", 1), 0);
	/* the tag's name must end there: a blank, CR or the value's quote */
	assert_int_equal(cut_of("x\n[Gamer \"a\"]\n[Game\t\"b\"]\n", 1), 14);
	assert_int_equal(cut_of("x\n[Game\"b\"]\n", 1), 2);
	assert_int_equal(cut_of("x\r\n[Game \"b\"]\r\n", 1), 3);
	assert_int_equal(cut_of("x\n[Game\r\n", 1), 2);
	assert_int_equal(cut_of("x\n [Game \"b\"]\n", 1), 0);
	assert_int_equal(cut_of("x\n[game \"b\"]\n", 1), 0);
	/* the byte that decides, or the line's end, still to come */
	assert_int_equal(cut_of("x\n[Game", 1), 0);
	assert_int_equal(cut_of("x\n[Gam", 1), 0);
	assert_int_equal(cut_of("x\n[Game \"b\"]", 1), 0);
	/* a [Game line inside a {...} comment looks the same: a cut (the
	 * batch's reader holds the game open, see pool.c) */
	assert_int_equal(cut_of("{ a\n[Game \"b\"]\n}\n", 1), 4);

	/* a line the reader refuses as too long is no cut; one byte
	 * shorter, it is */
	size_t len = 2 + ARB_MAX_LINE + 2;
	char *b = malloc(len + 1);
	assert_non_null(b);
	memset(b, 'x', len);
	b[len] = '\0';
	b[1] = '\n';
	memcpy(b + 2, "[Game \"", 7);
	b[2 + ARB_MAX_LINE] = '\n'; /* a line of ARB_MAX_LINE bytes */
	assert_int_equal(pool_find_cut(b, len, 1), 2);
	b[2 + ARB_MAX_LINE] = 'x';
	b[2 + ARB_MAX_LINE + 1] = '\n'; /* one more */
	assert_int_equal(pool_find_cut(b, len, 1), 0);
	free(b);
}

static void test_batch_sizes(void **state)
{
	(void)state;
	/* a pipe (size unknown): the batch as set */
	assert_int_equal(pool_batch_size(256 << 10, 2, -1, 5), 256 << 10);
	/* far from the end: the batch; near it, a share, down to 32 KiB */
	assert_int_equal(pool_batch_size(256 << 10, 2, 50 << 20, 0), 256 << 10);
	assert_int_equal(pool_batch_size(256 << 10, 2, 400 << 10, 0), 100 << 10);
	assert_int_equal(pool_batch_size(256 << 10, 2, 300 << 10, 100 << 10), 100 << 10);
	assert_int_equal(pool_batch_size(256 << 10, 2, 10, 0), 32 << 10);
	assert_int_equal(pool_batch_size(1000, 2, 0, 0), 1000);

	/* costly views only: a few batches a worker */
	static const char plain[] = "[Game \"a\"]\n1\n[Game \"a\"]\n2\n";
	assert_int_equal(pool_costly_batch(plain, sizeof plain - 1, 2, 256 << 10), 0);
	static const char views[] =
		"[Game \"a\"]\n[View \"1\"]\n1\n[Game \"a\"]\n[View \"1\"]\n2\n";
	size_t small = pool_costly_batch(views, sizeof views - 1, 2, 256 << 10);
	assert_int_equal(small, (sizeof views - 1) / 8);
	/* not smaller than the batch asked for */
	assert_int_equal(pool_costly_batch(views, sizeof views - 1, 2, small), 0);
	assert_int_equal(pool_costly_batch(NULL, 0, 2, 256 << 10), 0);
}

static void test_batch_bytes(void **state)
{
	(void)state;
	unsetenv("ARBITER_BATCH_BYTES");
	assert_int_equal(pool_batch_bytes(true), 256 << 10);
	setenv("ARBITER_BATCH_BYTES", "300", 1);
	assert_int_equal(pool_batch_bytes(true), 300);
	setenv("ARBITER_BATCH_BYTES", "1", 1);
	assert_int_equal(pool_batch_bytes(true), 1);
	static const char *const bad[] = {
		"0", "-5", "+5", " 5", "5k", "67108865", "99999999999999999999999"
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		setenv("ARBITER_BATCH_BYTES", bad[i], 1);
		assert_int_equal(pool_batch_bytes(true), 256 << 10);
	}
	setenv("ARBITER_BATCH_BYTES", "67108864", 1);
	assert_int_equal(pool_batch_bytes(true), 64 << 20);
	unsetenv("ARBITER_BATCH_BYTES");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_small_misaligned),
		cmocka_unit_test(test_count_large),
		cmocka_unit_test(test_count_chosen),
		cmocka_unit_test(test_find_cut),
		cmocka_unit_test(test_batch_sizes),
		cmocka_unit_test(test_batch_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
