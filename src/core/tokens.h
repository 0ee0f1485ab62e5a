/*
 * tokens.h — splitting a line of movetext into arb_tokens.
 *
 * The record reader (reader.c) removes comments and turn numbers and then
 * uses this; tests and fuzz harnesses use it directly to feed engines.
 */
#ifndef ARB_TOKENS_H
#define ARB_TOKENS_H

#include "../games/game.h"

/* Split s[0..len) at ASCII blanks (space, tab, CR) into at most `max`
 * tokens, numbering columns from `col0` on line `line`.  Returns the
 * number of tokens, or max + 1 when there are more than `max`. */
size_t arb_split_tokens(const char *s, size_t len, uint32_t line, uint32_t col0, arb_token *out,
			size_t max);

#endif
