/*
 * tokens.h — the words of an Elasund turn line as notation.c's parsers
 * read them: a token's place (at_of), card letters, colours (seat_of),
 * the keywords, card lists, fees, squares and building names.  Private to
 * notation.c, which alone includes it.
 *
 * A header, not a file of its own, as these are inlined into both
 * instances of the item parsers (notation.c: the fast one must call
 * nothing) and el_parse runs on every turn: called across files they
 * would cost instructions a move.  Apart from the parsers so neither file
 * passes 900 lines; the code gcc makes of the two is that of the one file
 * they were.
 */
#ifndef ARB_ELASUND_TOKENS_H
#define ARB_ELASUND_TOKENS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "elasund.h"
#include "../../core/suggest.h"

/* A token's line and column, copied as the one 8-byte word they are in
 * both structs (every item keeps several). */
_Static_assert(offsetof(arb_token, col) == offsetof(arb_token, line) + 4 &&
		       offsetof(el_at, col) == offsetof(el_at, line) + 4 && sizeof(el_at) == 8,
	       "el_at mirrors arb_token's line and col");
static inline el_at at_of(const arb_token *t)
{
	el_at a;
	memcpy(&a, (const char *)t + offsetof(arb_token, line), sizeof a);
	return a;
}

/* Influence colour of a card letter (r b g, either case), or -1: a table
 * lookup, as income draws and card lists are read a letter at a time. */
static const int8_t infl_of[256] = {
	['r'] = IR + 1, ['R'] = IR + 1, ['b'] = IB + 1,
	['B'] = IB + 1, ['g'] = IG + 1, ['G'] = IG + 1,
};

static inline int infl_letter(char c)
{
	return infl_of[(unsigned char)c] - 1;
}

/* A drawn card's letter: r b g (either case), or '?' (EL_U, a card not
 * seen); -1 for any other byte.  One lookup per letter of a '+' word. */
static const int8_t draw_of[256] = {
	['r'] = IR + 1, ['R'] = IR + 1, ['b'] = IB + 1,	  ['B'] = IB + 1,
	['g'] = IG + 1, ['G'] = IG + 1, ['?'] = EL_U + 1,
};

static inline int draw_letter(char c)
{
	return draw_of[(unsigned char)c] - 1;
}

/* s[0..n) equals the lower-case word w (game.h, arb_word_ieq). */
static inline bool ieq(const char *s, size_t n, const char *w, size_t wn)
{
	return arb_word_ieq(s, n, w, wn);
}
#define IEQ(s, n, lit) ieq((s), (n), lit, sizeof lit - 1)

/* The seat whose colour the token names (case-insensitive), or -1.  The
 * four colours' names differ in length, so the length picks the colour
 * and one compare tells; create() tabled the seat of each colour. */
static inline int seat_of(const el_game *g, const arb_token *t)
{
	const char *s = t->s;
	size_t n = t->len;
	if (IEQ(s, n, "red"))
		return g->seat_of_colour[0];
	if (IEQ(s, n, "blue"))
		return g->seat_of_colour[1];
	if (IEQ(s, n, "green"))
		return g->seat_of_colour[2];
	if (IEQ(s, n, "yellow"))
		return g->seat_of_colour[3];
	return -1;
}

/* Keywords of a turn line (keyword() tells which a word is). */
enum {
	KW_NONE,
	KW_DISCARD,
	KW_HALVE,
	KW_LOOT,
	KW_BUILD,
	KW_WALL,
	KW_CHURCH,
	KW_HUT,
	KW_LONGHUT,
	KW_GOLD,
	KW_PERMIT,
	KW_MOVE,
	KW_RAISE,
	KW_PLACE,
	KW_CASH,
	KW_PLUS /* a '+' word: income or a wall's draws */
};

/* always_inline: with two instances of el_parse's parsers gcc would call
 * keyword(), building_type() and cards(), and a call is what the fast
 * instance must not make (EL_SLOW). */
static inline __attribute__((always_inline)) int keyword(const arb_token *t)
{
	const char *s = t->s;
	size_t n = t->len;
	/* A token is a whitespace-separated word, never empty (every
	 * splitter makes one only of a byte or more): s[0] is its own. */
	if (s[0] == '+')
		return KW_PLUS;
	/* Whole words compared, the most frequent first: most misses are a
	 * length that differs, one test each, and a hit costs no dispatch
	 * on the first letter. */
	if (IEQ(s, n, "gold"))
		return KW_GOLD;
	if (IEQ(s, n, "permit"))
		return KW_PERMIT;
	if (IEQ(s, n, "build"))
		return KW_BUILD;
	if (IEQ(s, n, "wall"))
		return KW_WALL;
	if (IEQ(s, n, "raise"))
		return KW_RAISE;
	if (IEQ(s, n, "discard"))
		return KW_DISCARD;
	if (IEQ(s, n, "loot"))
		return KW_LOOT;
	if (IEQ(s, n, "cash"))
		return KW_CASH;
	if (IEQ(s, n, "hut"))
		return KW_HUT;
	if (IEQ(s, n, "move"))
		return KW_MOVE;
	if (IEQ(s, n, "longhut"))
		return KW_LONGHUT;
	if (IEQ(s, n, "place"))
		return KW_PLACE;
	if (IEQ(s, n, "church"))
		return KW_CHURCH;
	if (IEQ(s, n, "halve"))
		return KW_HALVE;
	return KW_NONE;
}

/* A word that is no item: the closest keyword, when one is a letter or
 * two away ("glod": gold), else the keywords a turn may hold. */
static int unknown_item(const arb_token *t, arb_reject *rej)
{
	static const char *const words[] = { "build",  "church", "cash",  "discard", "gold",
					     "hut",    "halve",	 "loot",  "longhut", "move",
					     "permit", "place",	 "raise", "wall" };
	char word[ARB_SUGGEST_MAX_LEN + 1];
	snprintf(word, sizeof word, "%.*s", (int)(t->len < sizeof word ? t->len : 0), t->s);
	const char *close = arb_suggest(word, words, sizeof words / sizeof words[0]);
	if (close)
		return EL_REJ_TOK(rej, t, EL_R_SYNTAX,
				  "'%.*s' is no item of a turn (did you mean %s?)", (int)t->len,
				  t->s, close);
	return EL_REJ_TOK(
		rej, t, EL_R_SYNTAX,
		"'%.*s' is no item of a turn (the words of one: build, cash, church, "
		"discard, gold, halve, hut, longhut, loot, move, permit, place, raise, wall)",
		(int)t->len, t->s);
}

/* The first c in s[0..n), or NULL: memchr, but with no call (the fast
 * parse calls nothing) and none of its set-up for words this short.  A
 * word of 4 to 8 bytes ("Red=1r", and the keyword that ends a list of
 * them) is read as two overlapping 4-byte words, whose bytes equal to c
 * are found at once (a byte of x ^ k is 0 where x's is c; the lowest bit
 * that (y - 0x01..) & ~y & 0x80.. keeps is the first such byte exactly). */
static inline const char *find(const char *s, size_t n, char c)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n - 4 <= 4) {
		uint32_t a, b, k = 0x01010101u * (unsigned char)c;
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		a ^= k;
		b ^= k;
		uint32_t ma = (a - 0x01010101u) & ~a & 0x80808080u;
		uint32_t mb = (b - 0x01010101u) & ~b & 0x80808080u;
		if (ma) /* the first byte is the first of s */
			return s + (__builtin_ctz(ma) >> 3);
		if (mb) /* none in s[0..4): b's first is s's first */
			return s + n - 4 + (__builtin_ctz(mb) >> 3);
		return NULL;
	}
#endif
	for (size_t i = 0; i < n; i++)
		if (s[i] == c)
			return s + i;
	return NULL;
}

/* Cards "[N]letters", at least one card.  0 or -1 (always_inline: see
 * keyword()). */
static inline __attribute__((always_inline)) int cards(const char *s, size_t n, el_cards *out)
{
	size_t i = 0;
	memset(out, 0, sizeof *out);
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i) {
		int v = arb_small_num(s, i);
		if (v < 0 || v > 99)
			return -1;
		out->gold = (uint8_t)v;
	}
	/* every byte after the digits is counted as one card (or refused) */
	bool any = out->gold || i < n;
	for (; i < n; i++) {
		if (s[i] == '?' && out->unseen < 99) {
			out->unseen++;
			continue;
		}
		int c = infl_letter(s[i]);
		if (c < 0 || out->infl[c] == 99)
			return -1;
		out->infl[c]++;
	}
	return any ? 0 : -1;
}

/* A permit's value as arb_small_num reads it (-1: no number), one digit
 * that is a value (0..4) read inline: the caller's range test then goes. */
static inline int permit_value(const arb_token *t)
{
	if (t->len == 1 && (unsigned)(t->s[0] - '0') < EL_NPERMIT)
		return t->s[0] - '0';
	return arb_small_num(t->s, t->len);
}

/* "2r" / "3b": n cards of one colour; returns the colour or -1. */
static int fee(const arb_token *t, char n)
{
	if (t->len != 2 || t->s[0] != n)
		return -1;
	return infl_letter(t->s[1]);
}

/* A square "C,R".  el_square's hot path (one-digit column, 1-2 digit
 * row) is repeated here inline, as every build and permit names a square;
 * anything else, a bad row included, goes to el_square itself. */
static inline int square(const el_game *g, const arb_token *t, int8_t *x, int8_t *y, bool fast)
{
	const unsigned char *s = (const unsigned char *)t->s;
	size_t n = t->len;
	/* The column and the comma as one 16-bit number: "1," to "9," are
	 * 9 values in a row (the compiler loads the two bytes at once). */
	unsigned col, d;
	if (n - 3 <= 1 && (col = (unsigned)(s[0] | s[1] << 8) - ('1' | ',' << 8)) < 9 &&
	    (d = (unsigned)s[2] - '0') < 10) {
		unsigned r = d;
		if (n == 4) {
			unsigned d2 = (unsigned)s[3] - '0';
			r = d2 < 10 ? d * 10 + d2 : 16;
		}
		int row = r <= 15 ? g->d->rowidx[r] : -1;
		if (row >= 0) {
			*x = (int8_t)col;
			*y = (int8_t)row;
			return 0;
		}
	}
	int xx, yy;
	if (fast || el_square(g->d, t->s, t->len, &xx, &yy) < 0)
		return -1;
	*x = (int8_t)xx;
	*y = (int8_t)yy;
	return 0;
}

/* The building a word names (keywords and their synonyms), or -1: whole
 * words compared, the most built first (a length that differs is one
 * test), as keyword() does (always_inline: see keyword()). */
static inline __attribute__((always_inline)) int building_type(const arb_token *t)
{
	const char *s = t->s;
	size_t n = t->len;
	if (IEQ(s, n, "well"))
		return B_WELL;
	if (IEQ(s, n, "merchant"))
		return B_MERCHANT;
	if (IEQ(s, n, "workshop"))
		return B_WORKSHOP;
	if (IEQ(s, n, "house"))
		return B_HOUSE;
	if (IEQ(s, n, "tavern"))
		return B_TAVERN;
	if (IEQ(s, n, "market"))
		return B_MARKET;
	if (IEQ(s, n, "large"))
		return B_LARGE;
	if (IEQ(s, n, "estate") || IEQ(s, n, "hall") || IEQ(s, n, "office") ||
	    IEQ(s, n, "townhall"))
		return B_LARGE;
	if (IEQ(s, n, "inn"))
		return B_TAVERN;
	if (IEQ(s, n, "stands"))
		return B_MARKET;
	if (IEQ(s, n, "shop"))
		return B_MERCHANT;
	if (IEQ(s, n, "hut"))
		return B_HUT;
	if (IEQ(s, n, "longhut"))
		return B_LONGHUT;
	return -1;
}

#endif /* ARB_ELASUND_TOKENS_H */
