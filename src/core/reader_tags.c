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

static bool is_name_char(char c, bool first)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
		return true;
	return !first && ((c >= '0' && c <= '9') || c == '_');
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
		t->name = r->strs.len;
		arb_buf_put(&r->strs, s + ns, nlen);
		arb_buf_putc(&r->strs, '\0');
		t->value = r->strs.len;
		for (;;) {
			/* copy the run of ordinary bytes at once */
			size_t run = i;
			while (run < len && s[run] != '"' && s[run] != '\\' &&
			       ((unsigned char)s[run] >= 0x20 || s[run] == '\t'))
				run++;
			arb_buf_put(&r->strs, s + i, run - i);
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
					arb_buf_putc(&r->strs, s[i + 1]);
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
		arb_buf_putc(&r->strs, '\0');
		i++; /* closing quote */
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len || s[i] != ']')
			return reader_diag(d, r, ln, (uint32_t)i + 1,
					   "expected ']' to close tag %.*s", (int)nlen, s + ns);
		i++;
		if (r->sec == SEC_NONE) {
			r->sec = SEC_TAGS;
			r->first_line = ln;
		}
		if (r->ntags && ln == r->tags[0].line + 1 &&
		    r->tags[r->ntags - 1].line == r->tags[0].line)
			read_origin(r, t, ln);
		add_item(r, ARB_ITEM_TAG, r->ntags, ln);
		r->ntags++;
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
