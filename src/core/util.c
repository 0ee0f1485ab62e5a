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
#include "../games/game.h"

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

void arb_free_each(void *const *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(p[i]);
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

size_t arb_utf8_trim(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	/* back over at most three continuation bytes to the last lead byte */
	size_t i = len, back = 0;
	while (i > 0 && back < 3 && (p[i - 1] & 0xC0) == 0x80) {
		i--;
		back++;
	}
	if (i == 0 || p[i - 1] < 0xC0)
		return len; /* ASCII last, or no lead byte near the end */
	size_t need = p[i - 1] >= 0xF0 ? 4 : p[i - 1] >= 0xE0 ? 3 : 2;
	return back + 1 < need ? i - 1 : len;
}

bool arb_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		size_t n = arb_utf8_char(p + i, len - i);
		if (!n)
			return false;
		i += n;
	}
	return true;
}

void arb_buf_put_utf8(arb_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s);
	for (size_t i = 0; i < len;) {
		size_t n = arb_utf8_char(p + i, len - i);
		if (n) {
			arb_buf_put(b, s + i, n);
			i += n;
		} else {
			arb_buf_printf(b, "\\x%02X", p[i]);
			i++;
		}
	}
}

void arb_vformat_msg(char *dst, size_t cap, const char *fmt, va_list ap)
{
	int n = vsnprintf(dst, cap, fmt, ap);
	if (n >= 0 && (size_t)n >= cap)
		dst[arb_utf8_trim(dst, cap - 1)] = '\0';
}

void arb_buf_put_vmsg(arb_buf *b, size_t cap, const char *fmt, va_list ap)
{
	char *msg = arb_xmalloc(cap);
	arb_vformat_msg(msg, cap, fmt, ap);
	arb_buf_put_utf8(b, msg);
	free(msg);
}

size_t arb_json_cost(const char *p, size_t len, size_t object, size_t max)
{
	size_t cost = 1;
	bool in_string = false;
	for (size_t i = 0; i < len && cost <= max; i++) {
		if (in_string) {
			if (p[i] == '\\')
				i++;
			else if (p[i] == '"')
				in_string = false;
		} else if (p[i] == '"') {
			in_string = true;
		} else if (p[i] == '{') {
			cost += object;
		} else if (p[i] == '[' || p[i] == ',') {
			cost++;
		}
	}
	return cost;
}
