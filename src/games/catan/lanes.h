/*
 * lanes.h — a bundle's five resource counts as the byte lanes of one
 * 64-bit word, for the hands, the bank and the trades (rules.c, trade.c).
 *
 * Counts are at most 95 (a bundle) or CAT_MAX_BANK (a hand or the bank's
 * stock of a resource), so every lane stays below 0x80: lane arithmetic
 * neither carries nor borrows between lanes as long as the callers check
 * that what is taken is held.  The words are filled byte by byte, so the
 * host's byte order does not matter.  A hand's res[] and the bank sit at
 * least eight bytes before their struct's end (asserted where they are
 * read), and the three lanes past the five add 0.
 */
#ifndef ARB_CATAN_LANES_H
#define ARB_CATAN_LANES_H

#include <stdint.h>
#include <string.h>

#include "catan.h"

/* A bundle's five counts as the low byte lanes of a word (the other
 * three 0). */
static inline uint64_t lanes(const uint8_t v[CAT_RES])
{
	uint8_t b8[8] = { 0 };
	memcpy(b8, v, CAT_RES);
	uint64_t w;
	memcpy(&w, b8, 8);
	return w;
}

/* One card in lane r: lanes() of a bundle of one r (the lanes lie in
 * memory order, so where lane r sits in the word is the host's). */
static inline uint64_t lanes_unit(unsigned r)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return 1ull << (56 - 8 * r);
#else
	return 1ull << (8 * r);
#endif
}

/* The cards in all of w's lanes: the multiply sums every lane into the
 * top one (the sum stays below a byte). */
static inline unsigned lanes_sum(uint64_t w)
{
	return (unsigned)((w * 0x0101010101010101ull) >> 56);
}

/* The five counts at `at` (a hand's res or the bank) less `out` plus
 * `in`, a byte lane each. */
static inline void lanes_shift(uint8_t *at, uint64_t out, uint64_t in)
{
	uint64_t w;
	memcpy(&w, at, 8);
	w = w - out + in;
	memcpy(at, &w, 8);
}

/* 0x80 in each lane of w that is not 0. */
static inline uint64_t lanes_nonzero(uint64_t w)
{
	const uint64_t L7 = 0x7f7f7f7f7f7f7f7full;
	return (w + L7) & ~L7;
}

/* Every byte lane of x is at least that of w: setting each lane's top
 * bit of x keeps a lane's subtraction from borrowing from the next, and
 * the bit survives exactly where x >= w. */
static inline bool lanes_ge(uint64_t x, uint64_t w)
{
	const uint64_t H = 0x8080808080808080ull;
	return !(w & H) && (((x | H) - w) & H) == H;
}

#endif
