/*
 * fuzz_limits.c — libFuzzer/AFL++ harness for inputs past the reader's
 * limits (reader.h: ARB_MAX_LINE bytes in a line, ARB_MAX_GAME_BYTES in a
 * game, ARB_MAX_TOKENS_PER_TURN, ARB_MAX_TAGS), which a fuzzer's inputs of
 * a few kilobytes never reach by themselves.
 *
 * Input: byte 0 scales the count (bit 0: times 1024), bytes 1-2 the
 * count (big-endian); the rest is PREFIX NUL UNIT NUL SUFFIX (a missing
 * part is empty).  The stream is PREFIX, UNIT count times, SUFFIX, capped
 * a little past ARB_MAX_GAME_BYTES, read game by game like --keep-going
 * and every game replayed.  Nothing may crash, leak or trip a sanitizer,
 * and memory stays bounded by the largest game.
 */
#include "fuzz_common.h"
#include "core/reader.h"
#include "core/replay.h"
#include "games/registry.h"

#define FZ_CAP (ARB_MAX_GAME_BYTES + (1u << 16))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	size_t count = (size_t)data[1] << 8 | data[2];
	if (data[0] & 1)
		count *= 1024;
	const uint8_t *p = data + 3, *end = data + size;
	const uint8_t *z1 = memchr(p, 0, (size_t)(end - p));
	const uint8_t *unit = z1 ? z1 + 1 : end;
	const uint8_t *z2 = memchr(unit, 0, (size_t)(end - unit));
	const uint8_t *suffix = z2 ? z2 + 1 : end;
	size_t plen = (size_t)((z1 ? z1 : end) - p);
	size_t ulen = (size_t)((z2 ? z2 : end) - unit);
	size_t slen = (size_t)(end - suffix);
	if (ulen == 0)
		count = 0;
	else if (count > (FZ_CAP - plen) / ulen)
		count = (FZ_CAP - plen) / ulen;

	size_t total = plen + count * ulen + slen;
	char *text = malloc(total ? total : 1);
	if (!text)
		abort();
	memcpy(text, p, plen);
	for (size_t i = 0; i < count; i++)
		memcpy(text + plen + i * ulen, unit, ulen);
	memcpy(text + plen + count * ulen, suffix, slen);

	FILE *f = fz_memopen(text, total);
	arb_reader *rd = arb_reader_new(f, "fuzz");
	arb_record rec;
	arb_diag d;
	int rc;
	while ((rc = arb_reader_next(rd, &rec, &d)) != 0) {
		if (rc < 0)
			continue;
		fz_replay(&rec);
	}
	arb_reader_free(rd);
	fclose(f);
	free(text);
	return 0;
}
