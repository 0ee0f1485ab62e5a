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

/* UTF-8.  Messages hold the user's words (tag values, moves), and fixed
 * message buffers cut them: a cut must fall between characters, and what
 * is printed must be UTF-8 whatever bytes a file name holds. */

/* The length of s[0..len) without a last character that is cut short. */
size_t arb_utf8_trim(const char *s, size_t len);
/* Is s[0..len) valid UTF-8 (shortest forms, no surrogates)? */
bool arb_utf8_valid(const char *s, size_t len);
/* Append the string s, each byte that is not part of valid UTF-8 written
 * as the four characters \xHH, so the result is always UTF-8. */
void arb_buf_put_utf8(struct arb_buf *b, const char *s);
/* vsnprintf into dst[cap], cut on a character boundary when too long. */
void arb_vformat_msg(char *dst, size_t cap, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

#define ARB_COUNT(a) (sizeof(a) / sizeof((a)[0]))

#endif
