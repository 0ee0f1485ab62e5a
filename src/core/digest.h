/*
 * digest.h — a 128-bit fingerprint of one game record, so `standings` can
 * tell the same game read twice (a file named twice, results concatenated
 * twice) while keeping 16 bytes per game, not the game.  `check` writes
 * the same fingerprint in its machine output, so the record route and the
 * results route find the same duplicates.
 *
 * What it covers: the tags (names and values, in order) and the words of
 * every turn, as written.  Layout, comments and turn numbers do not change
 * it; a different spelling of a move (an alias) does.  Not cryptographic:
 * 128 bits make an accidental collision negligible (about 1 in 10^22 for
 * ten million games), but a forged one is not hard.
 */
#ifndef ARB_DIGEST_H
#define ARB_DIGEST_H

#include <stdbool.h>
#include <stdint.h>

#include "reader.h"

typedef struct arb_digest {
	uint64_t h[2];
} arb_digest;

#define ARB_DIGEST_HEX 33 /* 32 hex digits and the NUL */

/* The fingerprint of `rec`'s tags and turns. */
void arb_record_digest(const arb_record *rec, arb_digest *d);
/* The fingerprint of `len` bytes (a result line that carries none). */
void arb_bytes_digest(const void *bytes, size_t len, arb_digest *d);
/* `d` as 32 lowercase hex digits into hex[ARB_DIGEST_HEX]. */
void arb_digest_hex(const arb_digest *d, char hex[ARB_DIGEST_HEX]);
/* Parse 32 hex digits (either case); false when `s` is not exactly that. */
bool arb_digest_parse(const char *s, arb_digest *d);

#endif
