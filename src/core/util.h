/*
 * util.h — allocation wrappers that never return NULL, and small string
 * helpers shared by the core and the command line tool.
 */
#ifndef ARB_UTIL_H
#define ARB_UTIL_H

#include <stddef.h>

void *arb_xmalloc(size_t n);
void *arb_xcalloc(size_t n, size_t size);
void *arb_xrealloc(void *p, size_t n);
char *arb_xstrdup(const char *s);
char *arb_xstrndup(const char *s, size_t n);

#define ARB_COUNT(a) (sizeof(a) / sizeof((a)[0]))

#endif
