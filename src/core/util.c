/*
 * util.c — allocation that aborts with a message instead of returning NULL.
 *
 * arbiter's memory use is bounded by one game (a few hundred KiB), so an
 * allocation failure means the machine is out of memory: report it and
 * exit 2 rather than thread an error path through every caller.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void out_of_memory(size_t n)
{
	fprintf(stderr, "arbiter: error: out of memory (%zu bytes)\n", n);
	exit(2);
}

void *arb_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *arb_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *arb_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		out_of_memory(n);
	return q;
}

char *arb_xstrndup(const char *s, size_t n)
{
	char *p = arb_xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *arb_xstrdup(const char *s)
{
	return arb_xstrndup(s, strlen(s));
}
