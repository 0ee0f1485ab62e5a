/*
 * pool_cut.h — where the -j pool (pool.c) cuts a stream into batches and
 * how it counts their lines (pool_cut.c): private to pool.c and to its
 * unit test (tests/unit/test_pool_cut.c), which calls every path of the
 * count, not only the one this processor chooses.
 */
#ifndef ARB_POOL_CUT_H
#define ARB_POOL_CUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "../core/reader.h"

/* The stream is read this much at a time to begin with (the head, which
 * tells a file that is no TGN, is in it) and grown by as much. */
#define POOL_READ_BLOCK (256u << 10)
/* Past a batch's size, the stream is read this much at a time until a
 * place to cut: what follows the cut, copied to the next batch, is at
 * most this much. */
#define POOL_CUT_STEP 4096u
/* A stream without a place to cut for this long (no "[Game" line at the
 * start of a line: a game past the size limit, or games that do not
 * name their game first) is read on by the reading thread. */
#define POOL_BATCH_MAX (2 * (size_t)ARB_MAX_GAME_BYTES + 2 * ARB_MAX_LINE)
/* A stream whose last this many batches were all cut inside a game (120 MB
 * of [Game lines, or records of tags alone) is read on by the reading
 * thread: every batch read twice, once in vain, took 2.5 times the time of
 * one thread. */
#define POOL_REREADS_MAX 8

/* The newlines in s[0..n) (see pool_count_lines_fn). */
typedef uint32_t (*pool_count_fn)(const char *s, size_t n);
uint32_t pool_count_lines_bytes(const char *s, size_t n);
#if defined(__SSE2__)
#define POOL_COUNT_SSE2 1
uint32_t pool_count_lines_sse2(const char *s, size_t n);
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define POOL_COUNT_AVX2 1
/* Only where __builtin_cpu_supports("avx2") says so. */
uint32_t pool_count_lines_avx2(const char *s, size_t n);
#endif
/* The fastest of those this processor runs, chosen once per pool (at
 * arb_pool_new, before any thread) and kept in it. */
pool_count_fn pool_count_lines_fn(void);

/* Where a batch may end in b[0..len): the start of a line that starts
 * with a [Game tag, at or after `from` (> 0); 0 when there is none yet. */
size_t pool_find_cut(const char *b, size_t len, size_t from);

/* Bytes per batch: ARBITER_BATCH_BYTES, else 256 KiB; a value that is
 * not a whole number from 1 to 64 MiB is said on stderr (not when
 * `quiet`), once a run, and the default used. */
size_t pool_batch_bytes(bool quiet);
/* For a single small input b[0..len) of records costly to replay (one
 * seat's view), cut for `nthreads` workers: the smaller batch size when
 * there is a cut past it and it is below `batch`; 0 when not. */
size_t pool_costly_batch(const char *b, size_t len, size_t nthreads, size_t batch);
/* The bytes of a regular file not read yet (-1: not known, a pipe): only
 * a hint for pool_batch_size, never for what is read. */
off_t pool_bytes_left(FILE *f);
/* The size to cut the next batch at: `batch`, but near the end of a
 * stream whose size is known (`left` bytes unread and `held` read but
 * in no batch yet) a share of what is left for `nthreads` workers. */
size_t pool_batch_size(size_t batch, size_t nthreads, off_t left, size_t held);

#endif
