/*
 * buf.c — growable NUL-terminated byte buffers (arb_buf, see game.h).
 *
 * Engines write dumps and canonical moves into these and the tool writes
 * them out; growth doubles so appending is amortised O(1).  Allocation
 * failure is fatal: there is nothing sensible a referee can do without
 * memory, and every caller would otherwise need an error path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/game.h"
#include "util.h"

static void buf_grow(arb_buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	if (need <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < need)
		cap *= 2;
	b->p = arb_xrealloc(b->p, cap);
	b->cap = cap;
}

void arb_buf_put(arb_buf *b, const char *s, size_t n)
{
	buf_grow(b, n);
	if (n) /* an empty buffer's bytes may be NULL: memcpy must not see it */
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void arb_buf_putc(arb_buf *b, char c)
{
	buf_grow(b, 1);
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

void arb_buf_puts(arb_buf *b, const char *s)
{
	arb_buf_put(b, s, strlen(s));
}

void arb_buf_put_all(arb_buf *b, ...)
{
	va_list ap;
	va_start(ap, b);
	for (const char *s = va_arg(ap, const char *); s; s = va_arg(ap, const char *))
		arb_buf_puts(b, s);
	va_end(ap);
}

void arb_buf_vprintf(arb_buf *b, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	char small[256];
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0) {
		va_end(ap2);
		return;
	}
	if ((size_t)n < sizeof small) {
		arb_buf_put(b, small, (size_t)n);
	} else {
		buf_grow(b, (size_t)n);
		vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap2);
		b->len += (size_t)n;
	}
	va_end(ap2);
}

void arb_buf_printf(arb_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void arb_buf_reset(arb_buf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

void arb_buf_free(arb_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}
