/*
 * tokens.c — the whitespace splitter behind every turn line.  It runs once
 * per line of every replayed game, so it is a plain byte loop with no
 * allocation.
 */
#include "tokens.h"

static inline int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

size_t arb_split_tokens(const char *s, size_t len, uint32_t line, uint32_t col0, arb_token *out,
			size_t max)
{
	size_t n = 0, i = 0;
	while (i < len) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			break;
		size_t start = i;
		while (i < len && !is_blank(s[i]))
			i++;
		if (n == max)
			return max + 1;
		out[n].s = s + start;
		out[n].len = (uint32_t)(i - start);
		out[n].line = line;
		out[n].col = col0 + (uint32_t)start;
		n++;
	}
	return n;
}
