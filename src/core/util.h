/*
 * util.h — allocation wrappers that never return NULL, and small string
 * helpers shared by the core and the command line tool.
 */
#ifndef ARB_UTIL_H
#define ARB_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct arb_buf;

void *arb_xmalloc(size_t n);
void *arb_xcalloc(size_t n, size_t size);
void *arb_xrealloc(void *p, size_t n);
char *arb_xstrdup(const char *s);
char *arb_xstrndup(const char *s, size_t n);
/* free() each of the n pointers.  Through ARB_FREE_ALL(a, b, ...): the
 * heap blocks of one struct freed in one statement, so that a struct's
 * teardown reads as the list of what it owns. */
void arb_free_each(void *const *p, size_t n);
#define ARB_FREE_ALL(...)                             \
	arb_free_each((void *const[]){ __VA_ARGS__ }, \
		      sizeof((void *const[]){ __VA_ARGS__ }) / sizeof(void *))

/* UTF-8.  Messages hold the user's words (tag values, moves), and fixed
 * message buffers cut them: a cut must fall between characters, and what
 * is printed must be UTF-8 whatever bytes a file name holds. */

/* The length (1-4) of the valid UTF-8 character at p[0..avail) (avail
 * >= 1), or 0: overlong forms, surrogates and code points past U+10FFFF
 * are not valid.  Inline: the reader checks every non-ASCII byte. */
static inline size_t arb_utf8_char(const unsigned char *p, size_t avail)
{
	unsigned c = p[0];
	if (c < 0x80)
		return 1;
	size_t n;
	unsigned min;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 1;
		min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 2;
		min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 3;
		min = 0x10000;
	} else {
		return 0;
	}
	if (avail < n + 1)
		return 0;
	unsigned cp = c & (0x3F >> n);
	for (size_t k = 1; k <= n; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[k] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n + 1;
}

/* The length of s[0..len) without a last character that is cut short. */
size_t arb_utf8_trim(const char *s, size_t len);
/* Is s[0..len) valid UTF-8 (shortest forms, no surrogates)? */
bool arb_utf8_valid(const char *s, size_t len);

/* What the JSON text p[0..len) would cost parsed, counted before parsing
 * it (outside strings): 1 for the document, `object` for each object, 1
 * for each array and each element or member after a comma; the count
 * stops once past `max`.  A parser spends memory by value, not by byte,
 * so import and standings bound a document by this (an empty object
 * costs jansson some 230 bytes, a number 40). */
size_t arb_json_cost(const char *p, size_t len, size_t object, size_t max);
/* Append the string s, each byte that is not part of valid UTF-8 written
 * as the four characters \xHH, so the result is always UTF-8. */
void arb_buf_put_utf8(struct arb_buf *b, const char *s);
/* vsnprintf into dst[cap], cut on a character boundary when too long. */
void arb_vformat_msg(char *dst, size_t cap, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
/* A message formatted as arb_vformat_msg does into `cap` bytes, appended
 * as arb_buf_put_utf8 writes it: a message that quotes what a player or a
 * file sent is always UTF-8 text. */
void arb_buf_put_vmsg(struct arb_buf *b, size_t cap, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

#define ARB_COUNT(a) (sizeof(a) / sizeof((a)[0]))

#endif
