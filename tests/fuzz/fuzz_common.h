/*
 * fuzz_common.h — what the harnesses share: stdio sent nowhere (the
 * commands print verdicts, dumps and diagnostics by the thousand per
 * second), a private temporary folder for the files the commands take as
 * operands, and writing the fuzz input there; the input's first line as
 * the harness's arguments (referee, match); fuzz bytes as a FILE and a
 * record read from them replayed (import, limits).
 *
 * Standard output is fd 1 pointed at /dev/null; standard error is only the
 * `stderr` stream pointed there, so fd 2 stays open for libFuzzer's and the
 * sanitizers' reports.  Header-only: each harness is one program.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/replay.h"
#include "games/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fz_dir[256]; /* the private folder, once made */

/* Remove the private folder and what the harness left in it (atexit). */
static inline void fz_cleanup(void)
{
	static const char *const names[] = { "file.tgn", "data.yaml", "out.tgn" };
	char path[320];
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", fz_dir, names[i]);
		unlink(path);
	}
	rmdir(fz_dir);
}

/* Once: stdin and stdout from and to /dev/null, stderr (the stream) to
 * /dev/null, and the private folder made.  Aborts when that fails: a
 * harness that cannot run must not look clean. */
static inline void fz_init_stdio(void)
{
	if (fz_dir[0])
		return;
	int null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0)
		abort();
	close(null);
	FILE *err = fopen("/dev/null", "w");
	if (!err)
		abort();
	stderr = err;
	const char *tmp = getenv("TMPDIR");
	snprintf(fz_dir, sizeof fz_dir, "%s/arbiter-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(fz_dir))
		abort();
	atexit(fz_cleanup);
}

/* The path of `name` in the private folder (a static buffer per name is
 * the caller's: pass one of at least 320 bytes). */
static inline char *fz_path(char *buf, size_t cap, const char *name)
{
	snprintf(buf, cap, "%s/%s", fz_dir, name);
	return buf;
}

/* The input's first line, the harness's arguments, copied into `line` as a
 * string; *rest gets the bytes after it.  False (an input to skip) for a
 * line longer than FZ_ARGS_MAX bytes or holding a NUL byte. */
#define FZ_ARGS_MAX 256
static inline bool fz_first_line(const uint8_t *data, size_t size, char line[FZ_ARGS_MAX + 1],
				 const uint8_t **rest)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t arglen = nl ? (size_t)(nl - data) : size;
	if (arglen > FZ_ARGS_MAX || memchr(data, 0, arglen))
		return false;
	memcpy(line, data, arglen);
	line[arglen] = 0;
	*rest = nl ? nl + 1 : data + size;
	return true;
}

/* The n bytes at p as a FILE read to its end; aborts on failure.  fmemopen
 * takes no empty buffer: no bytes is a one-byte buffer already read. */
static inline FILE *fz_memopen(const void *p, size_t n)
{
	static char one[1];
	FILE *f = n ? fmemopen((void *)p, n, "rb") : fmemopen(one, 1, "rb");
	if (!f)
		abort();
	if (!n)
		fgetc(f);
	return f;
}

/* A record replayed as check replays it; the verdict is free. */
static inline void fz_replay(const arb_record *rec)
{
	arb_replay r;
	arb_replay_init(&r, rec, &arb_registry);
	arb_replay_game(&r);
	arb_replay_free(&r);
}

/* Write n bytes to `path`, replacing it; aborts on failure. */
static inline void fz_write(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || (n && fwrite(p, 1, n, f) != n) || fclose(f) != 0)
		abort();
}

#endif
