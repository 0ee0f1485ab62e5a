/*
 * reader_tags.c — tag lines `[Name "value"]`: their syntax and
 * diagnostics, the unescaped names and values (kept in the reader's
 * strings buffer), the [Origin "FILE:LINE"] tag that places a selected
 * game in its first file, and the tests that tell a line starts a tag or
 * a game.
 */
#include <stdlib.h>
#include <string.h>

#include "reader_impl.h"

/* As in reader_lex.c: SSE2 where there is (reader_fast_tag_lines reads a
 * value's bytes 16 at a time), byte by byte with ARB_LEX_BYTES. */
#if defined(__SSE2__) && !defined(ARB_LEX_BYTES)
#define ARB_TAGS_SSE2 1
#include <emmintrin.h>
#endif

/* A tag name's bytes: a letter (NAME_FIRST, which may start it), then
 * letters, digits or '_' (NAME_REST).  One table look-up a byte. */
enum { NAME_REST = 1, NAME_FIRST = 2 };
#define LETTERS(a)                                                                             \
	[a] = 3, [a + 1] = 3, [a + 2] = 3, [a + 3] = 3, [a + 4] = 3, [a + 5] = 3, [a + 6] = 3, \
	[a + 7] = 3, [a + 8] = 3, [a + 9] = 3, [a + 10] = 3, [a + 11] = 3, [a + 12] = 3,       \
	[a + 13] = 3, [a + 14] = 3, [a + 15] = 3, [a + 16] = 3, [a + 17] = 3, [a + 18] = 3,    \
	[a + 19] = 3, [a + 20] = 3, [a + 21] = 3, [a + 22] = 3, [a + 23] = 3, [a + 24] = 3,    \
	[a + 25] = 3
static const unsigned char name_class[256] = {
	LETTERS('A'), LETTERS('a'), ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
	['5'] = 1,    ['6'] = 1,    ['7'] = 1, ['8'] = 1, ['9'] = 1, ['_'] = 1,
};
#undef LETTERS

static inline bool is_name_char(char c, bool first)
{
	return name_class[(unsigned char)c] & (first ? NAME_FIRST : NAME_REST);
}

/* The second tag `t` (on line `ln`, the line after the first tag's),
 * when it is [Origin "FILE:LINE"]: the first tag's line was LINE of FILE,
 * and the lines after this one follow it there.  The tag goes second so
 * that a game still starts with its [Game tag line (what
 * `parallel --recstart '[Game'` cuts at).  A value of another form leaves
 * it an ordinary tag. */
static void read_origin(arb_reader *r, const tagspan *t, uint32_t ln)
{
	if (strcmp(r->strs.p + t->name, ARB_ORIGIN_TAG) != 0)
		return;
	const char *v = r->strs.p + t->value;
	const char *colon = strrchr(v, ':');
	if (!colon || colon == v || !colon[1] || strlen(colon + 1) > 9)
		return;
	for (const char *p = colon + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return;
	long line = strtol(colon + 1, NULL, 10);
	if (line < 1)
		return;
	arb_buf_reset(&r->origin_file);
	arb_buf_put(&r->origin_file, v, (size_t)(colon - v));
	arb_buf_putc(&r->origin_file, '\0');
	r->origin = true;
	r->origin_tag = r->ntags;
	r->origin_at = ln;
	r->origin_line = (uint32_t)line;
}

/* A tag of line ln was read into t, by the slow path or the fast one: it
 * opens the tag section, may be the origin tag, and takes its place. */
static inline void tag_read(arb_reader *r, const tagspan *t, uint32_t ln)
{
	if (r->sec == SEC_NONE) {
		r->sec = SEC_TAGS;
		r->first_line = ln;
	}
	if (r->ntags && ln == r->tags[0].line + 1 && r->tags[r->ntags - 1].line == r->tags[0].line)
		read_origin(r, t, ln);
	add_item(r, ARB_ITEM_TAG, r->ntags, ln);
	r->ntags++;
}

/* Bytes that end the plain run of a tag value: its closing quote, an
 * escape and the control characters but tab (each an error). */
static const unsigned char value_stop[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1,
	[0x07] = 1, [0x08] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1, [0x0E] = 1,
	[0x0F] = 1, [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1,
	[0x16] = 1, [0x17] = 1, [0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1, [0x1C] = 1,
	[0x1D] = 1, [0x1E] = 1, [0x1F] = 1, ['"'] = 1,	['\\'] = 1,
};

/* Room for n more bytes (and a NUL) at the end of b: where to write them.
 * The caller sets b->len past what it wrote. */
static char *strs_room(arb_buf *b, size_t n)
{
	size_t need = b->len + n + 1;
	if (need > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < need)
			cap *= 2;
		b->p = arb_xrealloc(b->p, cap);
		b->cap = cap;
	}
	return b->p + b->len;
}

/* One tag line, s[i] == '['. */
int reader_lex_tag_line(arb_reader *r, const char *s, size_t len, size_t i, size_t base,
			arb_diag *d)
{
	uint32_t ln = r->lineno + 1;
	for (;;) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			return 0;
		if (s[i] == ';')
			return reader_add_comment(r, base + i, len - i, ln, (uint32_t)i + 1, d);
		if (s[i] == '{') {
			r->in_brace = true;
			r->brace = (span){ base + i, 0, ln, (uint32_t)i + 1 };
			if (reader_add_comment(r, base + i, len - i, ln, (uint32_t)i + 1, d))
				return -1;
			i = reader_lex_brace_rest(r, s, i + 1, len, base);
			if (r->in_brace)
				return 0;
			continue;
		}
		if (s[i] != '[')
			return reader_diag(
				d, r, ln, (uint32_t)i + 1,
				"unexpected text after a tag: a tag line holds only tags and comments");
		uint32_t tag_col = (uint32_t)i + 1;
		i++;
		while (i < len && is_blank(s[i]))
			i++;
		size_t ns = i;
		if (i == len || !is_name_char(s[i], true))
			return reader_diag(
				d, r, ln, (uint32_t)i + 1,
				"expected a tag name (a letter, then letters, digits or '_') after '['");
		while (i < len && is_name_char(s[i], false))
			i++;
		size_t nlen = i - ns;
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len || s[i] != '"')
			return reader_diag(d, r, ln, (uint32_t)i + 1,
					   "expected '\"' to open the value of tag %.*s", (int)nlen,
					   s + ns);
		uint32_t str_col = (uint32_t)i + 1;
		i++;
		if (r->ntags == ARB_MAX_TAGS)
			return reader_diag(d, r, ln, tag_col, "more than %d tags in one game",
					   ARB_MAX_TAGS);
		GROW(r->tags, r->ntags, r->cap_tags);
		tagspan *t = &r->tags[r->ntags];
		t->line = ln;
		t->col = tag_col;
		/* the name, its NUL, the value (no longer than the rest of the
		 * line: an escape only shortens it) and its NUL fit in the room
		 * made here once, so the bytes are written with no call */
		char *o = strs_room(&r->strs, nlen + 2 + (len - i));
		t->name = r->strs.len;
		memcpy(o, s + ns, nlen);
		o += nlen;
		*o++ = '\0';
		t->value = t->name + nlen + 1;
		for (;;) {
			/* copy the run of ordinary bytes at once */
			size_t run = i;
			while (run < len && !value_stop[(unsigned char)s[run]])
				run++;
			memcpy(o, s + i, run - i);
			o += run - i;
			i = run;
			if (i == len)
				return reader_diag(
					d, r, ln, str_col,
					"unterminated string: the value of tag %.*s has no closing '\"' on its line",
					(int)nlen, s + ns);
			char c = s[i];
			if (c == '"')
				break;
			if (c == '\\') {
				if (i + 1 < len && (s[i + 1] == '"' || s[i + 1] == '\\')) {
					*o++ = s[i + 1];
					i += 2;
					continue;
				}
				return reader_diag(
					d, r, ln, (uint32_t)i + 1,
					"unknown escape in a tag value: only \\\" and \\\\ are allowed");
			}
			return reader_diag(d, r, ln, (uint32_t)i + 1,
					   "control character 0x%02X in a tag value",
					   (unsigned)(unsigned char)c);
		}
		*o++ = '\0';
		r->strs.len = (size_t)(o - r->strs.p);
		r->strs.p[r->strs.len] = '\0';
		i++; /* closing quote */
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len || s[i] != ']')
			return reader_diag(d, r, ln, (uint32_t)i + 1,
					   "expected ']' to close tag %.*s", (int)nlen, s + ns);
		i++;
		tag_read(r, t, ln);
	}
}

/* Is this line a tag line (first non-blank byte '[')? */
bool reader_starts_tag(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && is_blank(s[i]))
		i++;
	return i < len && s[i] == '[';
}

/* Is this line's first tag [Game ...]?  After an error among the tags,
 * such a line starts the next game (a game names its game first). */
bool reader_starts_game_tag(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && is_blank(s[i]))
		i++;
	if (i == len || s[i++] != '[')
		return false;
	while (i < len && is_blank(s[i]))
		i++;
	return len - i > 4 && !memcmp(s + i, "Game", 4) && (is_blank(s[i + 4]) || s[i + 4] == '"');
}

/* Whether the game read so far has a Game tag. */
bool reader_has_game_tag(const arb_reader *r)
{
	for (size_t i = 0; i < r->ntags; i++)
		if (!strcmp(r->strs.p + r->tags[i].name, "Game"))
			return true;
	return false;
}

/* Bytes a tag value may hold on the fast path: printable ASCII but the
 * quote and the backslash (anything else is the slow path's).  A table:
 * one look-up a byte where the four compares took seven instructions. */
#define PLAIN4(a) [a] = 1, [a + 1] = 1, [a + 2] = 1, [a + 3] = 1
#define PLAIN16(a) PLAIN4(a), PLAIN4(a + 4), PLAIN4(a + 8), PLAIN4(a + 12)
static const unsigned char plain_value[256] = {
	[0x20] = 1,    [0x21] = 1,    PLAIN4(0x23),  PLAIN4(0x27), PLAIN4(0x2B), [0x2F] = 1,
	PLAIN16(0x30), PLAIN16(0x40), PLAIN4(0x50),  PLAIN4(0x54), PLAIN4(0x58), [0x5D] = 1,
	[0x5E] = 1,    [0x5F] = 1,    PLAIN16(0x60), PLAIN4(0x70), PLAIN4(0x74), PLAIN4(0x78),
	[0x7C] = 1,    [0x7D] = 1,    [0x7E] = 1,
};
#undef PLAIN16
#undef PLAIN4

static inline bool plain_value_byte(unsigned char c)
{
	return plain_value[c];
}

/* Past the plain value bytes from v on (the first byte that is none).
 * No load reaches `end`, after which the bytes may not be there. */
static inline const char *plain_value_end(const char *v, const char *end)
{
#ifdef ARB_TAGS_SSE2
	while (end - v >= 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)v);
		/* ' ' to DEL, less '"', '\\' and DEL: plain_value's bytes */
		__m128i odd = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
							_mm_cmpeq_epi8(x, _mm_set1_epi8('\\'))),
					   _mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)));
		__m128i plain = _mm_andnot_si128(odd, _mm_cmpgt_epi8(x, _mm_set1_epi8(' ' - 1)));
		unsigned stop = (unsigned)_mm_movemask_epi8(plain) ^ 0xFFFF;
		if (stop)
			return v + __builtin_ctz(stop);
		v += 16;
	}
#else
	(void)end;
#endif
	while (plain_value_byte((unsigned char)*v))
		v++;
	return v;
}

/* Whole tag lines of the plain form `[Name "value"]` from in_pos on,
 * what the slow path (arb_reader_next, refuse_line, reader_lex_tag_line)
 * would do with them, without its memchr, byte check and calls per line.
 * It stops before any other line (blanks, an escape, a byte outside
 * printable ASCII, a comment, a second tag on the line, a limit, a [Game
 * tag once the game has tags, the block's last partial line), which the
 * slow path takes and gives every diagnostic for.  Called with no {...}
 * comment or turn open, outside movetext. */
void reader_fast_tag_lines(arb_reader *r)
{
	const char *end = r->in + reader_lines_end(r);
	const char *game_end = r->in + r->game_pos + ARB_MAX_GAME_BYTES;
	const char *p = r->in + r->in_pos;
	uint32_t lineno = r->lineno;
	while (p < end && *p == '[' && r->ntags < ARB_MAX_TAGS) {
		const char *name = p + 1, *q = name;
		if (!is_name_char(*q, true))
			break;
		while (is_name_char(*++q, false))
			;
		size_t nlen = (size_t)(q - name);
		if (q[0] != ' ' || q[1] != '"')
			break;
		if (nlen == 4 && r->sec == SEC_TAGS && !memcmp(name, "Game", 4))
			break; /* it may start the next game: the slow path knows */
		const char *v = plain_value_end(q + 2, end);
		if (v[0] != '"' || v[1] != ']' || v[2] != '\n')
			break;
		const char *nl = v + 2;
		if (nl - p > ARB_MAX_LINE || nl + 1 > game_end)
			break;
		uint32_t ln = lineno + 1;
		GROW(r->tags, r->ntags, r->cap_tags);
		tagspan *t = &r->tags[r->ntags];
		t->line = ln;
		t->col = 1;
		/* name and value copied at once with the ` "` between them,
		 * the space made the name's NUL: only their offsets are read */
		size_t n = (size_t)(v - name);
		char *o = strs_room(&r->strs, n + 1);
		t->name = r->strs.len;
		t->value = t->name + nlen + 2;
		memcpy(o, name, n);
		o[nlen] = '\0';
		o[n] = '\0';
		r->strs.len += n + 1;
		tag_read(r, t, ln);
		p = nl + 1;
		lineno = ln;
	}
	r->in_pos = (size_t)(p - r->in);
	r->lineno = lineno;
}
