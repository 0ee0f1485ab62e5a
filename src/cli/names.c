/*
 * names.c — players' names as `standings` and `select --player` compare
 * them: without surrounding blanks and folded to lower case (ASCII and
 * the Latin-1 capitals), so " Ann" and "ann" are one player in a table and
 * in a selection alike; --names=exact keeps them as written.
 */
#include <ctype.h>
#include <string.h>

#include "cli.h"
#include "../core/util.h"

/* The first UTF-8 character of s, folded to lower case: ASCII and the
 * Latin-1 letters (À-Þ, which are most European names' capitals), into
 * out; returns the bytes read.  Other scripts are kept as they are. */
static size_t fold_char(const char *s, arb_buf *out)
{
	unsigned char c0 = (unsigned char)s[0];
	if (c0 < 0x80) {
		arb_buf_putc(out, (char)tolower(c0));
		return 1;
	}
	unsigned char c1 = (unsigned char)s[1];
	if (c0 == 0xC3 && c1 >= 0x80 && c1 <= 0x9E && c1 != 0x97) { /* U+00C0-00DE, not × */
		arb_buf_putc(out, (char)c0);
		arb_buf_putc(out, (char)(c1 + 0x20));
		return 2;
	}
	arb_buf_putc(out, (char)c0);
	return 1;
}

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
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
	if (exact)
		arb_buf_put(b, name, (size_t)(end - name));
	else
		for (const char *p = name; p < end;)
			p += fold_char(p, b);
	arb_buf_putc(b, '\0');
}
