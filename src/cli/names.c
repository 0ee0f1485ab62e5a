/*
 * names.c — players' names as `standings` and `select --player` compare
 * them: without surrounding blanks and folded by Unicode's simple case
 * folding, so " Ann" and "ann", "Łukasz" and "łukasz", "ΣΟΦΊΑ" and
 * "σοφία" are one player in a table and in a selection alike;
 * --names=exact keeps them as written.
 *
 * The folding table is Unicode's own (CaseFolding.txt, its C and S
 * lines), turned into C at build time by tools/casefold.awk from Debian's
 * unicode-data package: never typed by hand.  Simple folding maps one
 * character to one (ß stays ß; the full folding's "ss" would change a
 * name's length and is not what a player list means by "the same").
 */
#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "../core/util.h"

extern const uint32_t arb_casefold_from[], arb_casefold_to[];
extern const size_t arb_casefold_count;

/* What code point c folds to (itself when nothing). */
static uint32_t fold_code(uint32_t c)
{
	if (c < 0x80)
		return c >= 'A' && c <= 'Z' ? c + 32 : c;
	size_t lo = 0, hi = arb_casefold_count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (arb_casefold_from[mid] < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < arb_casefold_count && arb_casefold_from[lo] == c ? arb_casefold_to[lo] : c;
}

/* The UTF-8 character at s (at most `left` bytes): its code point and
 * length; 0 for a byte that starts no well-formed character. */
static size_t decode(const unsigned char *s, size_t left, uint32_t *c)
{
	size_t n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
	if (s[0] >= 0xF5 || n == 0 || n > left)
		return 0;
	uint32_t v = s[0] & (0x7Fu >> n);
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3F);
	}
	static const uint32_t least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (v < least[n] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*c = v;
	return n;
}

static void encode(uint32_t c, arb_buf *out)
{
	if (c < 0x80) {
		arb_buf_putc(out, (char)c);
	} else if (c < 0x800) {
		arb_buf_putc(out, (char)(0xC0 | c >> 6));
		arb_buf_putc(out, (char)(0x80 | (c & 0x3F)));
	} else if (c < 0x10000) {
		arb_buf_putc(out, (char)(0xE0 | c >> 12));
		arb_buf_putc(out, (char)(0x80 | (c >> 6 & 0x3F)));
		arb_buf_putc(out, (char)(0x80 | (c & 0x3F)));
	} else {
		arb_buf_putc(out, (char)(0xF0 | c >> 18));
		arb_buf_putc(out, (char)(0x80 | (c >> 12 & 0x3F)));
		arb_buf_putc(out, (char)(0x80 | (c >> 6 & 0x3F)));
		arb_buf_putc(out, (char)(0x80 | (c & 0x3F)));
	}
}

/* The first character of s[0..left), folded, into out; returns the bytes
 * read.  A byte that starts no well-formed character is kept as it is. */
static size_t fold_char(const char *s, size_t left, arb_buf *out)
{
	uint32_t c;
	size_t n = decode((const unsigned char *)s, left, &c);
	if (n == 0) {
		if ((unsigned char)s[0] < 0x80)
			encode(fold_code((unsigned char)s[0]), out);
		else
			arb_buf_putc(out, s[0]);
		return 1;
	}
	encode(fold_code(c), out);
	return n;
}

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* Fold the bytes s..end in place when they are all ASCII (most names
 * are, and fold_char would fold them alike, a byte at a time); false,
 * with some folded, when one is not. */
static bool fold_ascii(char *s, const char *end)
{
	for (; s < end; s++) {
		if ((unsigned char)*s >= 0x80)
			return false;
		if (*s >= 'A' && *s <= 'Z')
			*s = (char)(*s + ('a' - 'A'));
	}
	return true;
}

/* A player's name as shown (*shown) and as compared (*key), both in b:
 * by default without surrounding blanks, and the key folded to lower
 * case, so " Ann" and "ann" are one player; --names=exact keeps both as
 * written.  Returns the offsets of the two strings in b. */
void arb_name_forms(const char *name, bool exact, arb_buf *b, size_t *shown, size_t *key)
{
	arb_buf_reset(b);
	const char *end = name + strlen(name);
	if (!exact) {
		while (is_blank(*name))
			name++;
		while (end > name && is_blank(end[-1]))
			end--;
	}
	*shown = 0;
	arb_buf_put(b, name, (size_t)(end - name));
	arb_buf_putc(b, '\0');
	*key = b->len;
	arb_buf_put(b, name, (size_t)(end - name));
	if (!exact && !fold_ascii(b->p + *key, b->p + b->len)) {
		b->len = *key; /* not ASCII: folded character by character */
		for (const char *p = name; p < end;)
			p += fold_char(p, (size_t)(end - p), b);
	}
	arb_buf_putc(b, '\0');
}
