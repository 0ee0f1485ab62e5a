/*
 * pool_cut.c — how the -j pool (pool.c) cuts a stream into batches and
 * counts their lines: where a batch may end (a "[Game" line), how large
 * a batch is (ARBITER_BATCH_BYTES, smaller near a file's end and for
 * costly views), and the newline count that gives every batch its first
 * line number.  Kept apart from the pool's threads and ring because none
 * of it touches them: these are pure functions of the bytes (and of the
 * file's size), which tests/unit/test_pool_cut.c calls directly, every
 * path of the count included, not only the one this processor chooses.
 */
#define _GNU_SOURCE /* memmem */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pool_cut.h"

/* The newlines in s[0..n).  Every byte of the input passes here (on
 * the reading thread, as it is read), so the bytes are compared sixteen
 * or, where the processor has AVX2, 32 at a time: each compare gives 0xFF
 * (-1) where s has '\n', subtracted into byte counters that are summed
 * before they could wrap (255 steps at most). */
uint32_t pool_count_lines_bytes(const char *s, size_t n)
{
	uint32_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

#ifdef POOL_COUNT_SSE2
#include <emmintrin.h>
uint32_t pool_count_lines_sse2(const char *s, size_t n)
{
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
	uint32_t k = 0;
	size_t i = 0;
	while (n - i >= 16) {
		size_t blocks = (n - i) / 16 < 255 ? (n - i) / 16 : 255;
		__m128i acc = zero;
		for (size_t b = 0; b < blocks; b++, i += 16)
			acc = _mm_sub_epi8(acc,
					   _mm_cmpeq_epi8(_mm_loadu_si128((const void *)(s + i)),
							  nl));
		__m128i sum = _mm_sad_epu8(acc, zero);
		k += (uint32_t)_mm_extract_epi16(sum, 0) + (uint32_t)_mm_extract_epi16(sum, 4);
	}
	return k + pool_count_lines_bytes(s + i, n - i);
}
#endif

#ifdef POOL_COUNT_AVX2
#include <immintrin.h>
/* Two counters of 32 bytes each a step: half the instructions of SSE2. */
__attribute__((target("avx2"))) uint32_t pool_count_lines_avx2(const char *s, size_t n)
{
	const __m256i nl = _mm256_set1_epi8('\n'), zero = _mm256_setzero_si256();
	uint64_t k = 0;
	size_t i = 0;
	while (n - i >= 64) {
		size_t blocks = (n - i) / 64 < 255 ? (n - i) / 64 : 255;
		__m256i a = zero, b = zero;
		for (size_t m = 0; m < blocks; m++, i += 64) {
			a = _mm256_sub_epi8(a, _mm256_cmpeq_epi8(_mm256_loadu_si256(
									 (const void *)(s + i)),
								 nl));
			b = _mm256_sub_epi8(b, _mm256_cmpeq_epi8(_mm256_loadu_si256((
									 const void *)(s + i + 32)),
								 nl));
		}
		__m256i sum = _mm256_add_epi64(_mm256_sad_epu8(a, zero), _mm256_sad_epu8(b, zero));
		k += (uint64_t)_mm256_extract_epi64(sum, 0) +
		     (uint64_t)_mm256_extract_epi64(sum, 1) +
		     (uint64_t)_mm256_extract_epi64(sum, 2) +
		     (uint64_t)_mm256_extract_epi64(sum, 3);
	}
#ifdef POOL_COUNT_SSE2
	return (uint32_t)k + pool_count_lines_sse2(s + i, n - i);
#else
	return (uint32_t)k + pool_count_lines_bytes(s + i, n - i);
#endif
}
#endif

pool_count_fn pool_count_lines_fn(void)
{
#ifdef POOL_COUNT_AVX2
	if (__builtin_cpu_supports("avx2"))
		return pool_count_lines_avx2;
#endif
#ifdef POOL_COUNT_SSE2
	return pool_count_lines_sse2;
#else
	return pool_count_lines_bytes;
#endif
}

/* Such a line starts a new game unless the reader is among a game's tags
 * or inside a {...} comment there, which the batch's reader tells (its
 * game held open: arb_reader_held, read again by pool.c with the next
 * batch); a line the reader would refuse as too long is no cut. */
size_t pool_find_cut(const char *b, size_t len, size_t from)
{
	const char *s = b + from - 1, *end = b + len;
	const char *hit;
	while ((hit = memmem(s, (size_t)(end - s), "\n[Game", 6))) {
		size_t at = (size_t)(hit + 1 - b);
		if (at + 5 >= len)
			return 0; /* the byte that decides is still to come */
		char c = b[at + 5];
		if (c == ' ' || c == '\t' || c == '\r' || c == '"') {
			size_t rest = len - at < ARB_MAX_LINE + 1 ? len - at : ARB_MAX_LINE + 1;
			if (memchr(b + at, '\n', rest))
				return at;
			/* too long (the serial reader takes it), or its end is
			 * still to come */
			return 0;
		}
		s = hit + 1;
	}
	return 0;
}

#define BATCH_DEFAULT (256u << 10)
#define BATCH_LARGEST (64u << 20)

/* For tests, small batches cut small inputs at many places; a mistyped
 * setting is never silently lost. */
size_t pool_batch_bytes(bool quiet)
{
	static bool said; /* read and set by the calling thread only, before any worker */
	const char *e = getenv("ARBITER_BATCH_BYTES");
	if (!e || !*e) /* unset, or set empty: the default */
		return BATCH_DEFAULT;
	/* digits only: strtoull alone would take " 5", "+5" and wrap "-5" */
	bool digits = strspn(e, "0123456789") == strlen(e);
	errno = 0;
	unsigned long long v = digits ? strtoull(e, NULL, 10) : 0;
	if (digits && errno == 0 && v >= 1 && v <= BATCH_LARGEST)
		return (size_t)v;
	if (!said && !quiet)
		fprintf(stderr,
			"arbiter: ARBITER_BATCH_BYTES=%.40s%s is not a number of bytes from 1 to %u; "
			"using the default %u\n",
			e, strlen(e) > 40 ? "..." : "", BATCH_LARGEST, BATCH_DEFAULT);
	said = true;
	return BATCH_DEFAULT;
}

/* Records from one seat's view ([View tag), whose hidden cards may take
 * a second a line to search: those cut into batches, a few per worker,
 * are replayed on every thread instead of one (20 copies of a costly
 * view took 24 s on one thread); the bytes written are the same, as for
 * any batches.  Other small inputs, which one thread replays in less
 * time than threads take to start, are not cut. */
size_t pool_costly_batch(const char *b, size_t len, size_t nthreads, size_t batch)
{
	if (!b || len < 2 || !memmem(b, len, "\n[View ", 7))
		return 0;
	size_t small = len / (4 * (nthreads ? nthreads : 1));
	if (small < 1)
		small = 1;
	if (small >= batch || !pool_find_cut(b, len, small))
		return 0;
	return small;
}

/* A stream's last batches are cut smaller, to no less than this: the
 * workers then end together rather than one waiting on the other's last
 * large batch. */
#define BATCH_TAIL_MIN (32u << 10)

off_t pool_bytes_left(FILE *f)
{
	struct stat st;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode))
		return -1;
	off_t at = ftello(f);
	return at >= 0 && at <= st.st_size ? st.st_size - at : -1;
}

/* The last batches shrink so the workers end together.  Sizes change
 * where the cuts fall, never what is read or written. */
size_t pool_batch_size(size_t batch, size_t nthreads, off_t left, size_t held)
{
	if (left < 0)
		return batch;
	size_t share = ((size_t)left + held) / (2 * (nthreads ? nthreads : 1));
	if (share < BATCH_TAIL_MIN)
		share = BATCH_TAIL_MIN;
	return share < batch ? share : batch;
}
