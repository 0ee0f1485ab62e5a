/*
 * suggest.c — the closest known word to a misspelled one.  The candidate
 * lists are tiny (nine commands, three games, a game's five colours), so a
 * plain dynamic-programming edit distance over each is instant; it only
 * runs when an input is already wrong.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "suggest.h"

/* Optimal string alignment distance: Levenshtein plus adjacent swaps
 * ("chekc" is one edit from "check"), ignoring ASCII case. */
unsigned arb_edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > ARB_SUGGEST_MAX_LEN || lb > ARB_SUGGEST_MAX_LEN)
		return ARB_SUGGEST_FAR;
	/* rows[i % 3] holds the distances from a's first i letters */
	unsigned rows[3][ARB_SUGGEST_MAX_LEN + 1];
	for (size_t j = 0; j <= lb; j++)
		rows[0][j] = (unsigned)j;
	for (size_t i = 1; i <= la; i++) {
		unsigned *cur = rows[i % 3], *prev = rows[(i + 2) % 3];
		unsigned *prev2 = rows[(i + 1) % 3]; /* read only when i > 1 */
		cur[0] = (unsigned)i;
		for (size_t j = 1; j <= lb; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			unsigned best = prev[j - 1] + (ca != cb);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (cur[j - 1] + 1 < best)
				best = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
			    cb == tolower((unsigned char)a[i - 2]) && prev2[j - 2] + 1 < best)
				best = prev2[j - 2] + 1;
			cur[j] = best;
		}
	}
	return rows[la % 3][lb];
}

static inline int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* a and b equal ignoring ASCII case */
static bool same_fold(const char *a, const char *b)
{
	while (*a && fold((unsigned char)*a) == fold((unsigned char)*b))
		a++, b++;
	return !*a && !*b;
}

bool arb_within_one_edit(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > lb + 1 || lb > la + 1)
		return false;
	size_t i = 0;
	while (i < la && fold((unsigned char)a[i]) == fold((unsigned char)b[i]))
		i++;
	if (i == la && i == lb)
		return true;
	/* the one edit at i: substitution, insertion, deletion or a swap */
	if (la == lb)
		return same_fold(a + i + 1, b + i + 1) ||
		       (i + 1 < la && fold((unsigned char)a[i]) == fold((unsigned char)b[i + 1]) &&
			fold((unsigned char)a[i + 1]) == fold((unsigned char)b[i]) &&
			same_fold(a + i + 2, b + i + 2));
	return la < lb ? same_fold(a + i, b + i + 1) : same_fold(a + i + 1, b + i);
}

const char *arb_suggest(const char *word, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	unsigned best_d = 3; /* more than 2 edits away suggests nothing */
	for (size_t i = 0; i < n; i++) {
		if (!candidates[i])
			continue;
		unsigned d = arb_edit_distance(word, candidates[i]);
		if (d < best_d) {
			best_d = d;
			best = candidates[i];
		}
	}
	return best;
}
