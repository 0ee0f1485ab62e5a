/*
 * replay.c — the harnesses' driver without libFuzzer: every file named on
 * the command line, or every file in a folder named there, is one input
 * handed to LLVMFuzzerTestOneInput.  `make check` links each harness with
 * this file (any C compiler, assertions on) and replays the committed
 * seeds of tests/fuzz/seeds/, so what once crashed stays fixed;
 * `make fuzz-coverage` replays the corpora with it to measure coverage.
 * Prints the number of inputs run; exits 2 when an input cannot be read.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* libFuzzer calls it before the first input when a harness defines it
 * (fuzz_cli: the binary serving as a match's built-in bot); so do we. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Run one file.  Returns 0, or -1 (with a message) when it cannot be read. */
static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		return -1;
	}
	size_t cap = 1 << 16, n = 0;
	uint8_t *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			uint8_t *more = realloc(buf, cap *= 2);
			if (!more)
				free(buf);
			buf = more;
		}
	}
	int bad = !buf || ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "%s: cannot read\n", path);
		free(buf);
		return -1;
	}
	/* a copy of exactly n bytes, as libFuzzer gives, so overreads show */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every regular file of a folder, in name order.  Returns the number
 * run, or -1. */
static long run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **more = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
			if (!more)
				abort();
			names = more;
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		names[n] = malloc(len);
		if (!names[n])
			abort();
		snprintf(names[n++], len, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, by_name);
	long run = 0;
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			if (run_file(names[i]))
				run = -1;
			else if (run >= 0)
				run++;
		}
		free(names[i]);
	}
	free(names);
	return run;
}

int main(int argc, char **argv)
{
	long total = 0;
	int status = 0;
	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;
		long n;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			n = run_dir(argv[i]);
		else
			n = run_file(argv[i]) ? -1 : 1;
		if (n < 0)
			status = 2;
		else
			total += n;
	}
	/* stdout may be /dev/null by now (fuzz_common.h): report on fd 2 */
	char msg[64];
	int len = snprintf(msg, sizeof msg, "%ld inputs\n", total);
	if (len > 0 && write(2, msg, (size_t)len) < 0)
		status = 2;
	return status;
}
