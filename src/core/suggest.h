/*
 * suggest.h — "did you mean ...?": the closest of a few known words to a
 * misspelled one, for commands, game names, option values and seat tags.
 */
#ifndef ARB_SUGGEST_H
#define ARB_SUGGEST_H

#include <stdbool.h>
#include <stddef.h>

/* The edit distance between a and b, ignoring ASCII case: insertions,
 * deletions, substitutions and swaps of two neighbouring letters count 1
 * each.  Words longer than ARB_SUGGEST_MAX_LEN bytes count as far from
 * everything (returns ARB_SUGGEST_FAR). */
#define ARB_SUGGEST_MAX_LEN 64
#define ARB_SUGGEST_FAR 1000
unsigned arb_edit_distance(const char *a, const char *b);

/* The candidate closest to `word` (ignoring case) if it is at most 2
 * edits away, else NULL; on a tie, the earliest candidate.  NULL entries
 * in `candidates` are skipped.  The result is one of `candidates`. */
const char *arb_suggest(const char *word, const char *const *candidates, size_t n);

/* arb_edit_distance(a, b) <= 1, in one pass and without allocation: for
 * checks that run on every record. */
bool arb_within_one_edit(const char *a, const char *b);

#endif
