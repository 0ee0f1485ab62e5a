/*
 * digest.c — the game fingerprint of digest.h.  Two 64-bit lanes, each a
 * multiply-and-fold over 8-byte words with its own constants, fed every
 * field with its length first (so "ab"+"c" and "a"+"bc" differ), then
 * mixed once more at the end.  A game's tags and words are a few KiB, so
 * this costs far less than the replay it accompanies.
 */
#include <string.h>

#include "digest.h"
#include "util.h"

typedef struct lanes {
	uint64_t a, b;
} lanes;

/* A final mix that spreads every input bit over the whole word. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x7fb5d329728ea185ull;
	x ^= x >> 27;
	x *= 0x81dadef4bc2dd44dull;
	x ^= x >> 33;
	return x;
}

static void feed_word(lanes *l, uint64_t w)
{
	l->a = (l->a ^ w) * 0x9e3779b97f4a7c15ull;
	l->a ^= l->a >> 29;
	l->b = (l->b ^ ((w << 23) | (w >> 41))) * 0xc2b2ae3d27d4eb4full;
	l->b ^= l->b >> 32;
}

/* One field: its length, then its bytes eight at a time. */
static void feed(lanes *l, const void *p, size_t len)
{
	const unsigned char *s = p;
	feed_word(l, (uint64_t)len ^ 0xa0761d6478bd642full);
	for (; len >= 8; s += 8, len -= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		feed_word(l, w);
	}
	if (len) {
		uint64_t w = 0;
		for (size_t i = 0; i < len; i++)
			w |= (uint64_t)s[i] << (8 * i);
		feed_word(l, w);
	}
}

static void finish(const lanes *l, arb_digest *d)
{
	d->h[0] = mix(l->a ^ mix(l->b));
	d->h[1] = mix(l->b + 0x165667b19e3779f9ull) ^ l->a;
}

void arb_record_digest(const arb_record *rec, arb_digest *d)
{
	lanes l = { 0x243f6a8885a308d3ull, 0x13198a2e03707344ull };
	feed_word(&l, rec->ntags);
	for (size_t i = 0; i < rec->ntags; i++) {
		feed(&l, rec->tags[i].name, strlen(rec->tags[i].name));
		feed(&l, rec->tags[i].value, strlen(rec->tags[i].value));
	}
	/* each turn as its words joined by one blank: usually the very bytes
	 * of the record, hashed in place; a turn laid out otherwise (more
	 * blanks, a comment inside) is joined in a scratch buffer first */
	feed_word(&l, rec->nturns);
	arb_buf joined = { 0 };
	for (size_t t = 0; t < rec->nturns; t++) {
		const arb_turn *turn = &rec->turns[t];
		if (!turn->ntok) {
			feed(&l, "", 0);
			continue;
		}
		const arb_token *tok = &rec->tok[turn->first];
		size_t k = 1;
		while (k < turn->ntok && tok[k].s == tok[k - 1].s + tok[k - 1].len + 1 &&
		       tok[k - 1].s[tok[k - 1].len] == ' ')
			k++;
		if (k == turn->ntok) {
			const arb_token *last = &tok[turn->ntok - 1];
			feed(&l, tok->s, (size_t)(last->s + last->len - tok->s));
			continue;
		}
		arb_buf_reset(&joined);
		for (k = 0; k < turn->ntok; k++) {
			if (k)
				arb_buf_putc(&joined, ' ');
			arb_buf_put(&joined, tok[k].s, tok[k].len);
		}
		feed(&l, joined.p, joined.len);
	}
	arb_buf_free(&joined);
	finish(&l, d);
}

void arb_bytes_digest(const void *bytes, size_t len, arb_digest *d)
{
	lanes l = { 0x452821e638d01377ull, 0xbe5466cf34e90c6cull };
	feed(&l, bytes, len);
	finish(&l, d);
}

void arb_digest_hex(const arb_digest *d, char hex[ARB_DIGEST_HEX])
{
	static const char digits[] = "0123456789abcdef";
	for (int i = 0; i < 32; i++)
		hex[i] = digits[(d->h[i / 16] >> (60 - 4 * (i % 16))) & 15];
	hex[32] = '\0';
}

bool arb_digest_parse(const char *s, arb_digest *d)
{
	d->h[0] = d->h[1] = 0;
	for (int i = 0; i < 32; i++) {
		char c = s[i];
		int v = c >= '0' && c <= '9'   ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10
					       : -1;
		if (v < 0)
			return false;
		d->h[i / 16] = (d->h[i / 16] << 4) | (uint64_t)v;
	}
	return s[32] == '\0';
}
