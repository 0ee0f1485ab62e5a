/*
 * reader.c — the TGN lexer: bytes in, one game (arb_record) at a time out.
 *
 * The input is read in 128 KiB blocks and cut into lines with memchr; each
 * line is checked (length, NUL bytes, UTF-8) and lexed by a small state
 * machine that knows three things: tag lines `[Name "value"]`, movetext
 * tokens, and comments (`;` to the end of the line, `{...}` across lines).
 * A game ends where a tag line follows movetext, or at the end of input.
 *
 * The game is lexed where it lies in the input block: no line is copied.
 * Its bytes stay in the block from its first line until the next game is
 * asked for; a refill moves them to the block's front (and the tokens,
 * which point into them, with them), and the block grows only for a game
 * longer than it (up to ARB_MAX_GAME_BYTES and a line).  Comments are kept
 * as offsets from the game's first byte and tags as offsets into the
 * strings buffer; build_views() turns both into pointers once the game is
 * complete.  Token and tag arrays are reused from game to game, so a 100
 * MB stream of small games runs in the memory of one game.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "util.h"

#define IN_CAP (2 * ARB_MAX_LINE + 65536)
/* The largest block: the largest game, a line and a read's worth. */
#define IN_MAX ((size_t)ARB_MAX_GAME_BYTES + 2 * ARB_MAX_LINE + 65536)

typedef struct {	 /* a comment while the game grows           */
	size_t off, len; /* from the game's first byte               */
	uint32_t line, col;
} span;

typedef struct {	    /* a tag while the game grows               */
	size_t name, value; /* offsets into the strings buffer          */
	uint32_t line, col;
} tagspan;

enum section { SEC_NONE, SEC_TAGS, SEC_MOVES };

struct arb_reader {
	FILE *f; /* NULL: the input is the caller's bytes  */
	const char *name;
	char *in; /* input block (the caller's: arb_reader_new_mem) */
	bool in_borrowed;
	size_t in_len, in_pos;
	size_t in_cap; /* bytes it holds, less the NUL after in_len */
	bool eof, read_error;
	int read_errno;
	uint32_t lineno; /* lines consumed so far                */
	size_t games;

	/* the game being read: in[game_pos..in_pos) */
	arb_buf strs; /* tag names and unescaped values       */
	arb_token *toks;
	size_t ntoks, cap_toks; /* point into in[]: moved with it */
	span *coms;
	size_t ncoms, cap_coms;
	tagspan *tags;
	size_t ntags, cap_tags;
	arb_turn *turns;
	size_t nturns, cap_turns;
	arb_item *items;
	size_t nitems, cap_items;
	uint32_t last_item_line;
	enum section sec;
	bool in_brace;	     /* inside a {...} comment               */
	span brace;	     /* where it started                     */
	bool turn_open;	     /* a turn continues across a {...}      */
	uint32_t first_line; /* first tag line of the game           */

	/* the output views, rebuilt per game */
	arb_tag *out_tags;
	size_t cap_out_tags;
	arb_comment *out_coms;
	size_t cap_out_coms;

	bool skipping;	   /* after an error: skip the rest of the game */
	bool bom_checked;  /* a byte order mark at the start is skipped */
	bool end_seen;	   /* the input's end was met between lines     */
	bool end_mid_game; /* ...inside a {...} comment or a game's tags */
	bool skip_seen_moves;
	bool hold;	     /* keep a game open at the end (see header)  */
	bool held;	     /* ...and one was                             */
	size_t game_pos;     /* in[] offset of the game's first byte       */
	uint32_t game_lines; /* lines before it                         */
	uint32_t raw_line;   /* line of the game's first raw byte          */
	bool raw_whole;	     /* a bad game's bytes are all in raw          */

	/* [Origin "FILE:LINE"] as the game's second tag, on the line after
	 * the first tag's: that line was LINE of FILE, and the lines after
	 * origin_at follow it there */
	bool origin;
	uint32_t origin_at, origin_line;
	size_t origin_tag; /* its index among the tags */
	arb_buf origin_file;
};

#define GROW(arr, n, cap)                                                   \
	do {                                                                \
		if ((n) == (cap)) {                                         \
			(cap) = (cap) ? (cap)*2 : 64;                       \
			(arr) = arb_xrealloc((arr), (cap) * sizeof *(arr)); \
		}                                                           \
	} while (0)

/* A reader without its input block. */
static arb_reader *reader_alloc(const char *name)
{
	arb_reader *r = arb_xcalloc(1, sizeof *r);
	r->name = name;
	return r;
}

arb_reader *arb_reader_new(FILE *f, const char *name)
{
	arb_reader *r = reader_alloc(name);
	r->f = f;
	r->in_cap = IN_CAP;
	r->in = arb_xmalloc(IN_CAP + 1);
	r->in[0] = '\0';
	return r;
}

arb_reader *arb_reader_new_mem(const char *bytes, size_t len, const char *name,
			       uint32_t lines_before)
{
	arb_reader *r = reader_alloc(name);
	/* read in place: the block never refills, so it is never written */
	r->in = (char *)bytes;
	r->in_borrowed = true;
	r->in_len = len;
	r->eof = true;
	r->lineno = lines_before;
	r->bom_checked = lines_before > 0;
	return r;
}

bool arb_reader_ended_inside_game(const arb_reader *r)
{
	return r->end_seen && r->end_mid_game;
}

void arb_reader_hold_open_game(arb_reader *r)
{
	r->hold = true;
}

bool arb_reader_held(const arb_reader *r, size_t *off, uint32_t *lines_before)
{
	*off = r->game_pos;
	*lines_before = r->game_lines;
	return r->held;
}

void arb_reader_free(arb_reader *r)
{
	if (!r)
		return;
	if (!r->in_borrowed)
		free(r->in);
	arb_buf_free(&r->strs);
	arb_buf_free(&r->origin_file);
	free(r->toks);
	free(r->coms);
	free(r->tags);
	free(r->turns);
	free(r->items);
	free(r->out_tags);
	free(r->out_coms);
	free(r);
}

void arb_reader_unread(arb_reader *r, uint32_t lines, const char *bytes, size_t len)
{
	if (len > ARB_MAX_LINE + 1)
		len = ARB_MAX_LINE + 1; /* still too long a line, as it was */
	memcpy(r->in, bytes, len);
	r->in_len = len;
	r->in[len] = '\0';
	r->in_pos = 0;
	r->lineno = lines;
	r->bom_checked = lines || len; /* the stream's first bytes are gone */
}

/* Read more into the block.  The game being read (from game_pos, while
 * its bytes are still wanted: raw_whole) or else the current line (from
 * in_pos) moves to the block's front, with the tokens that point into it;
 * the block grows when what is kept leaves less than IN_CAP past the
 * current line, as much as a line and a read need. */
static void refill(arb_reader *r)
{
	bool keep = r->raw_whole && r->game_pos <= r->in_pos;
	size_t from = keep ? r->game_pos : r->in_pos;
	size_t avail = r->in_len - from;
	size_t need = r->in_pos - from + IN_CAP;
	char *to = r->in;
	size_t cap = r->in_cap;
	if (need > cap) {
		cap = 2 * cap > need ? 2 * cap : need;
		if (cap > IN_MAX && need <= IN_MAX)
			cap = IN_MAX;
		to = arb_xmalloc(cap + 1);
	}
	if (from || to != r->in) {
		memmove(to, r->in + from, avail);
		if (keep)
			for (size_t i = 0; i < r->ntoks; i++)
				r->toks[i].s = to + (r->toks[i].s - (r->in + from));
		if (to != r->in) {
			free(r->in);
			r->in = to;
			r->in_cap = cap;
		}
		r->in_pos -= from;
		r->game_pos = keep ? r->game_pos - from : r->in_pos;
		r->in_len = avail;
	}
	size_t got = fread(r->in + r->in_len, 1, r->in_cap - r->in_len, r->f);
	r->in_len += got;
	r->in[r->in_len] = '\0'; /* the last line's end, for lex_move_line */
	if (got == 0) {
		r->eof = true;
		if (ferror(r->f)) {
			r->read_error = true;
			r->read_errno = errno;
		}
	}
}

const char *arb_reader_head(arb_reader *r, size_t *len)
{
	if (r->bom_checked || r->lineno || r->games)
		return NULL;
	if (!r->eof && r->f && r->in_len - r->in_pos < ARB_HEAD_BYTES) {
		/* one read, as line_peek would do: a pipe is not waited on
		 * longer than the first line needs of it anyway */
		r->game_pos = r->in_pos;
		refill(r);
	}
	*len = r->in_len - r->in_pos;
	return r->in + r->in_pos;
}

uint32_t arb_reader_lines(const arb_reader *r)
{
	return r->lineno;
}

static int diag_set(arb_diag *d, const arb_reader *r, uint32_t line, uint32_t col, const char *fmt,
		    ...) __attribute__((format(printf, 5, 6)));

static int diag_set(arb_diag *d, const arb_reader *r, uint32_t line, uint32_t col, const char *fmt,
		    ...)
{
	va_list ap;
	d->file = r->name;
	d->line = line;
	d->col = col;
	if (r->origin && line > r->origin_at) {
		d->file = r->origin_file.p;
		d->line = r->origin_line + (line - r->origin_at);
	}
	va_start(ap, fmt);
	arb_vformat_msg(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* ------------------------------------------------------------ lines */

/* The next line without its newline, or NULL at the end of input.  The
 * line stays in place until line_consume(); *full is its length with the
 * newline.  A line longer than ARB_MAX_LINE comes back truncated with
 * *too_long set (the rest is skipped by line_consume). */
static const char *line_peek(arb_reader *r, size_t *len, size_t *full, bool *too_long)
{
	*too_long = false;
	for (;;) {
		char *start = r->in + r->in_pos;
		size_t avail = r->in_len - r->in_pos;
		char *nl = memchr(start, '\n', avail);
		if (nl) {
			*len = (size_t)(nl - start);
			*full = *len + 1;
			if (*len > ARB_MAX_LINE) {
				*too_long = true;
				*len = ARB_MAX_LINE;
			}
			return start;
		}
		if (avail > ARB_MAX_LINE) {
			*too_long = true;
			*len = ARB_MAX_LINE;
			*full = avail; /* line_consume skips the rest */
			return start;
		}
		if (r->eof) {
			if (avail == 0)
				return NULL;
			*len = *full = avail;
			return start;
		}
		refill(r);
	}
}

/* Consume the peeked line; a too-long line is skipped up to its newline. */
static void line_consume(arb_reader *r, size_t full, bool too_long)
{
	r->in_pos += full;
	r->lineno++;
	if (!too_long || (r->in_pos > 0 && r->in[r->in_pos - 1] == '\n'))
		return;
	/* skip the rest of an over-long line */
	for (;;) {
		char *start = r->in + r->in_pos;
		size_t avail = r->in_len - r->in_pos;
		char *nl = memchr(start, '\n', avail);
		if (nl) {
			r->in_pos += (size_t)(nl - start) + 1;
			return;
		}
		/* the game's bytes go too: it is bad (raw_whole is false) */
		r->in_pos = r->in_len = r->game_pos = 0;
		r->in[0] = '\0';
		if (r->eof)
			return;
		size_t got = fread(r->in, 1, r->in_cap, r->f);
		r->in_len = got;
		r->in[got] = '\0';
		if (got == 0) {
			r->eof = true;
			if (ferror(r->f)) {
				r->read_error = true;
				r->read_errno = errno;
			}
		}
	}
}

/* The common case inline: a whole line already in the block. */
static inline const char *line_next(arb_reader *r, size_t *len, size_t *full, bool *too_long)
{
	char *start = r->in + r->in_pos;
	char *nl = memchr(start, '\n', r->in_len - r->in_pos);
	if (nl && (size_t)(nl - start) <= ARB_MAX_LINE) {
		*len = (size_t)(nl - start);
		*full = *len + 1;
		*too_long = false;
		return start;
	}
	return line_peek(r, len, full, too_long);
}

static inline void line_done(arb_reader *r, size_t full, bool too_long)
{
	if (too_long) {
		line_consume(r, full, too_long);
		return;
	}
	r->in_pos += full;
	r->lineno++;
}

/* Column (1-based) of the first byte that is NUL or not valid UTF-8, or 0;
 * *nul tells which.  Every byte of the input passes here, so ASCII is
 * checked eight bytes at a time and only words with a high bit or a zero
 * byte fall back to the byte-wise decoder. */
static uint32_t bad_byte(const char *s, size_t len, bool *nul)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	if (len >= 8) {
		/* the common line is all ASCII with no NUL: OR the flags of
		 * every word (the last one overlapping) and test once */
		uint64_t flags = 0, w;
		for (; i + 8 < len; i += 8) {
			memcpy(&w, p + i, 8);
			flags |= w | ((w - 0x0101010101010101ull) & ~w);
		}
		memcpy(&w, p + len - 8, 8);
		flags |= w | ((w - 0x0101010101010101ull) & ~w);
		if (!(flags & 0x8080808080808080ull))
			return 0;
		i = 0;
	}
	while (i < len) {
		if (i + 8 <= len) {
			uint64_t w;
			memcpy(&w, p + i, 8);
			uint64_t high = w & 0x8080808080808080ull;
			uint64_t zero = (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
			if (!(high | zero)) {
				i += 8;
				continue;
			}
		}
		unsigned c = p[i];
		if (c < 0x80) {
			if (c == 0) {
				*nul = true;
				return (uint32_t)i + 1;
			}
			i++;
			continue;
		}
		*nul = false;
		size_t n = arb_utf8_char(p + i, len - i);
		if (!n)
			return (uint32_t)i + 1;
		i += n;
	}
	return 0;
}

/* ------------------------------------------------------------ lexing */

static inline void add_item(arb_reader *r, arb_item_kind kind, size_t index, uint32_t line)
{
	GROW(r->items, r->nitems, r->cap_items);
	r->items[r->nitems].kind = kind;
	r->items[r->nitems].index = index;
	r->items[r->nitems].same_line = r->nitems > 0 && line == r->last_item_line;
	r->nitems++;
	r->last_item_line = line;
}

static int diag_set(arb_diag *d, const arb_reader *r, uint32_t line, uint32_t col, const char *fmt,
		    ...) __attribute__((format(printf, 5, 6)));

/* Returns 0, or -1 with *d set when the game holds too many comments. */
static int add_comment(arb_reader *r, size_t off, size_t len, uint32_t line, uint32_t col,
		       arb_diag *d)
{
	if (r->ncoms == ARB_MAX_GAME_COMMENTS)
		return diag_set(d, r, line, col, "more than %u comments in one game",
				ARB_MAX_GAME_COMMENTS);
	GROW(r->coms, r->ncoms, r->cap_coms);
	r->coms[r->ncoms] = (span){ off, len, line, col };
	add_item(r, ARB_ITEM_COMMENT, r->ncoms, line);
	r->ncoms++;
	return 0;
}

static inline bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Movetext byte classes: a word runs until a blank or one of ; { }. */
enum { C_WORD = 0, C_BLANK = 1, C_SPECIAL = 2 };
static const unsigned char byte_class[256] = {
	[' '] = C_BLANK,    ['\t'] = C_BLANK,	['\r'] = C_BLANK,
	[';'] = C_SPECIAL,  ['{'] = C_SPECIAL,	['}'] = C_SPECIAL,
	['\n'] = C_SPECIAL, ['\0'] = C_SPECIAL, /* end sentinels, see lex_move_line */
};

static bool is_name_char(char c, bool first)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
		return true;
	return !first && ((c >= '0' && c <= '9') || c == '_');
}

/* Lex the rest of a brace comment starting at s[i] (inside the comment).
 * Returns the index after the closing brace, or len when it goes on. */
static size_t lex_brace_rest(arb_reader *r, const char *s, size_t i, size_t len, size_t base)
{
	const char *close = memchr(s + i, '}', len - i);
	if (!close)
		return len;
	size_t end = (size_t)(close - s) + 1;
	r->in_brace = false;
	r->coms[r->ncoms - 1].len = base + end - r->coms[r->ncoms - 1].off;
	return end;
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
static int lex_tag_line(arb_reader *r, const char *s, size_t len, size_t i, size_t base,
			arb_diag *d)
{
	uint32_t ln = r->lineno + 1;
	for (;;) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			return 0;
		if (s[i] == ';')
			return add_comment(r, base + i, len - i, ln, (uint32_t)i + 1, d);
		if (s[i] == '{') {
			r->in_brace = true;
			r->brace = (span){ base + i, 0, ln, (uint32_t)i + 1 };
			if (add_comment(r, base + i, len - i, ln, (uint32_t)i + 1, d))
				return -1;
			i = lex_brace_rest(r, s, i + 1, len, base);
			if (r->in_brace)
				return 0;
			continue;
		}
		if (s[i] != '[')
			return diag_set(
				d, r, ln, (uint32_t)i + 1,
				"unexpected text after a tag: a tag line holds only tags and comments");
		uint32_t tag_col = (uint32_t)i + 1;
		i++;
		while (i < len && is_blank(s[i]))
			i++;
		size_t ns = i;
		if (i == len || !is_name_char(s[i], true))
			return diag_set(
				d, r, ln, (uint32_t)i + 1,
				"expected a tag name (a letter, then letters, digits or '_') after '['");
		while (i < len && is_name_char(s[i], false))
			i++;
		size_t nlen = i - ns;
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len || s[i] != '"')
			return diag_set(d, r, ln, (uint32_t)i + 1,
					"expected '\"' to open the value of tag %.*s", (int)nlen,
					s + ns);
		uint32_t str_col = (uint32_t)i + 1;
		i++;
		if (r->ntags == ARB_MAX_TAGS)
			return diag_set(d, r, ln, tag_col, "more than %d tags in one game",
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
				return diag_set(
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
				return diag_set(
					d, r, ln, (uint32_t)i + 1,
					"unknown escape in a tag value: only \\\" and \\\\ are allowed");
			}
			return diag_set(d, r, ln, (uint32_t)i + 1,
					"control character 0x%02X in a tag value",
					(unsigned)(unsigned char)c);
		}
		arb_buf_putc(&r->strs, '\0');
		i++; /* closing quote */
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len || s[i] != ']')
			return diag_set(d, r, ln, (uint32_t)i + 1, "expected ']' to close tag %.*s",
					(int)nlen, s + ns);
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

static void close_turn(arb_reader *r)
{
	if (!r->turn_open)
		return;
	r->turn_open = false;
	arb_turn *t = &r->turns[r->nturns - 1];
	if (t->ntok == 0) { /* only a turn number: keep it, engines reject */
		return;
	}
}

static int add_token(arb_reader *r, size_t off, size_t len, uint32_t col, arb_diag *d)
{
	uint32_t ln = r->lineno + 1;
	const char *s = r->in + r->game_pos + off;
	if (r->sec == SEC_NONE)
		return diag_set(
			d, r, ln, col,
			"movetext before any tag: a game starts with its tags, [Game \"...\"] first");
	r->sec = SEC_MOVES;
	if (!r->turn_open) {
		if (r->nturns == ARB_MAX_GAME_TURNS)
			return diag_set(d, r, ln, col, "more than %u turns in one game",
					ARB_MAX_GAME_TURNS);
		GROW(r->turns, r->nturns, r->cap_turns);
		arb_turn *t = &r->turns[r->nturns];
		t->first = r->ntoks;
		t->ntok = 0;
		t->line = ln;
		t->col = col;
		t->number = -1;
		add_item(r, ARB_ITEM_TURN, r->nturns, ln);
		r->nturns++;
		r->turn_open = true;
		/* a leading turn number "12." */
		if (len >= 2 && s[len - 1] == '.') {
			size_t k = 0;
			while (k < len - 1 && s[k] >= '0' && s[k] <= '9')
				k++;
			if (k == len - 1) {
				if (len - 1 > 9)
					return diag_set(d, r, ln, col,
							"turn number %.*s is out of range",
							(int)len, s);
				t->number = strtol(s, NULL, 10);
				return 0;
			}
		}
	}
	arb_turn *t = &r->turns[r->nturns - 1];
	if (t->ntok == ARB_MAX_TOKENS_PER_TURN)
		return diag_set(d, r, ln, col, "more than %d words in one turn",
				ARB_MAX_TOKENS_PER_TURN);
	if (r->ntoks == ARB_MAX_GAME_TOKENS)
		return diag_set(d, r, ln, col, "more than %u words in one game",
				ARB_MAX_GAME_TOKENS);
	GROW(r->toks, r->ntoks, r->cap_toks);
	r->toks[r->ntoks++] = (arb_token){ s, (uint32_t)len, ln, col };
	t->ntok++;
	return 0;
}

/* Words stored in a register-kept run (toks[r->ntoks..ntoks)) are
 * counted into the array and the open turn `t`. */
static inline void words_done(arb_reader *r, arb_turn *t, size_t ntoks)
{
	if (t)
		t->ntok += ntoks - r->ntoks;
	r->ntoks = ntoks;
}

/* How many words of the open turn `t` fit under both limits and below
 * `most` (the room made for this line); 0 without an open turn. */
static inline size_t words_room(const arb_reader *r, const arb_turn *t, size_t most)
{
	if (!t || t->ntok >= ARB_MAX_TOKENS_PER_TURN || r->ntoks >= most)
		return 0;
	size_t turn = ARB_MAX_TOKENS_PER_TURN - t->ntok, line = most - r->ntoks;
	return turn < line ? turn : line;
}

/* One movetext line (possibly continuing a brace comment).  This loop
 * sees every byte of every turn, so room for all the words a line can
 * hold is made once, and a word of an already open turn is stored with
 * no further bookkeeping: the array and its count stay in locals (a
 * store of a word could otherwise alias the counts) and are written
 * back before any call. */
static int lex_move_line(arb_reader *r, const char *s, size_t len, size_t i, size_t base,
			 arb_diag *d)
{
	uint32_t ln = r->lineno + 1;
	bool open_end = r->in_borrowed && (size_t)(s + len - r->in) == r->in_len;
	size_t most = r->ntoks + len / 2 + 1;
	if (most > ARB_MAX_GAME_TOKENS)
		most = ARB_MAX_GAME_TOKENS; /* the words past it take the slow path */
	if (most > r->cap_toks) {
		r->cap_toks = most > 2 * r->cap_toks ? most : 2 * r->cap_toks;
		if (r->cap_toks > ARB_MAX_GAME_TOKENS)
			r->cap_toks = ARB_MAX_GAME_TOKENS;
		r->toks = arb_xrealloc(r->toks, r->cap_toks * sizeof *r->toks);
	}
	arb_turn *t = r->turn_open ? &r->turns[r->nturns - 1] : NULL;
	arb_token *toks = r->toks;
	size_t ntoks = r->ntoks;
	size_t room = words_room(r, t, most);
	while (i < len) {
		char c = s[i];
		unsigned cls = byte_class[(unsigned char)c];
		if (cls == C_BLANK) {
			i++;
			continue;
		}
		if (cls == C_SPECIAL) {
			words_done(r, t, ntoks);
			if (c == ';') {
				if (add_comment(r, base + i, len - i, ln, (uint32_t)i + 1, d))
					return -1;
				break;
			}
			if (c == '{') {
				r->in_brace = true;
				r->brace = (span){ base + i, 0, ln, (uint32_t)i + 1 };
				if (add_comment(r, base + i, len - i, ln, (uint32_t)i + 1, d))
					return -1;
				i = lex_brace_rest(r, s, i + 1, len, base);
				continue;
			}
			return diag_set(d, r, ln, (uint32_t)i + 1, "'}' without an opening '{'");
		}
		size_t st = i;
		/* s[len] is the line's '\n' or the block's NUL: no bound check,
		 * but on the last line of a caller's bytes */
		if (open_end)
			while (i < len && byte_class[(unsigned char)s[i]] == C_WORD)
				i++;
		else
			while (byte_class[(unsigned char)s[i]] == C_WORD)
				i++;
		if (room) {
			room--;
			toks[ntoks++] =
				(arb_token){ s + st, (uint32_t)(i - st), ln, (uint32_t)st + 1 };
			continue;
		}
		words_done(r, t, ntoks);
		if (add_token(r, base + st, i - st, (uint32_t)st + 1, d))
			return -1;
		t = &r->turns[r->nturns - 1];
		toks = r->toks;
		ntoks = r->ntoks;
		room = words_room(r, t, most);
	}
	words_done(r, t, ntoks);
	if (!r->in_brace)
		close_turn(r);
	return 0;
}

static void game_reset(arb_reader *r)
{
	arb_buf_reset(&r->strs);
	r->ntoks = r->ncoms = r->ntags = r->nturns = r->nitems = 0;
	r->last_item_line = 0;
	r->sec = SEC_NONE;
	r->in_brace = false;
	r->turn_open = false;
	r->first_line = 0;
	r->raw_line = r->lineno + 1;
	r->raw_whole = true;
	r->game_pos = r->in_pos;
	r->game_lines = r->lineno;
	r->origin = false;
}

/* After an error the rest of the bad game is skipped; `in_moves` tells
 * whether the error was already in movetext, so that the next tag line
 * starts a new game rather than continuing the bad game's tags. */
static void skip_bad_game(arb_reader *r);
static int fail(arb_reader *r, int rc, bool in_moves)
{
	r->skipping = true;
	r->skip_seen_moves = in_moves || r->sec == SEC_MOVES;
	skip_bad_game(r);
	return rc;
}

/* A line of a bad game stays in its bytes, for arb_reader_broken(), while
 * they are whole and within the size limit. */
static void keep_bad_line(arb_reader *r, size_t full, bool too_long)
{
	if (too_long || r->in_pos - r->game_pos + full > ARB_MAX_GAME_BYTES)
		r->raw_whole = false;
}

void arb_reader_broken(const arb_reader *r, arb_broken *b)
{
	b->raw = r->in + r->game_pos;
	b->len = r->in_pos - r->game_pos;
	b->line = r->raw_line;
	b->whole = r->raw_whole;
}

/* Is this line a tag line (first non-blank byte '[')? */
static bool starts_tag(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && is_blank(s[i]))
		i++;
	return i < len && s[i] == '[';
}

/* Is this line's first tag [Game ...]?  After an error among the tags,
 * such a line starts the next game (a game names its game first). */
static bool starts_game_tag(const char *s, size_t len)
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
static bool has_game_tag(const arb_reader *r)
{
	for (size_t i = 0; i < r->ntags; i++)
		if (!strcmp(r->strs.p + r->tags[i].name, "Game"))
			return true;
	return false;
}

static int read_error(arb_reader *r, arb_diag *d)
{
	r->read_error = false;
	return diag_set(d, r, 0, 0, "read error: %s", strerror(r->read_errno));
}

/* After an error: drop lines up to the tag line that starts a new game. */
static void skip_bad_game(arb_reader *r)
{
	const char *s;
	size_t len, full;
	bool too_long;
	while ((s = line_peek(r, &len, &full, &too_long))) {
		bool tag = !too_long && starts_tag(s, len);
		if (tag && (r->skip_seen_moves || starts_game_tag(s, len)))
			break;
		if (!tag) {
			size_t i = 0;
			while (i < len && is_blank(s[i]))
				i++;
			if (i < len && s[i] != ';' && s[i] != '{')
				r->skip_seen_moves = true;
		}
		keep_bad_line(r, full, too_long);
		line_consume(r, full, too_long);
	}
	r->skipping = false;
}

/* A line of the game as the Origin tag places it: the lines up to the
 * first tag's keep their distance to it, the lines after the tag follow
 * on from it (a line that would fall before line 1 stays as read). */
static inline uint32_t origin_of(const arb_reader *r, uint32_t line)
{
	if (line > r->origin_at)
		return r->origin_line + (line - r->origin_at);
	uint32_t back = r->origin_at - 1 - line; /* lines before the first tag's */
	return back < r->origin_line ? r->origin_line - back : line;
}

/* Report the game where its Origin tag says it came from. */
static void map_origin(arb_reader *r, arb_record *rec)
{
	rec->file = r->origin_file.p;
	rec->line = r->origin_line;
	for (size_t i = 0; i < r->ntags; i++)
		r->out_tags[i].line = origin_of(r, r->out_tags[i].line);
	for (size_t i = 0; i < r->ntoks; i++)
		r->toks[i].line = origin_of(r, r->toks[i].line);
	for (size_t i = 0; i < r->nturns; i++)
		r->turns[i].line = origin_of(r, r->turns[i].line);
	for (size_t i = 0; i < r->ncoms; i++)
		r->out_coms[i].line = origin_of(r, r->out_coms[i].line);
}

static void build_views(arb_reader *r, arb_record *rec)
{
	if (r->ntags > r->cap_out_tags) {
		r->cap_out_tags = r->ntags;
		r->out_tags = arb_xrealloc(r->out_tags, r->ntags * sizeof *r->out_tags);
	}
	for (size_t i = 0; i < r->ntags; i++) {
		r->out_tags[i].name = r->strs.p + r->tags[i].name;
		r->out_tags[i].value = r->strs.p + r->tags[i].value;
		r->out_tags[i].line = r->tags[i].line;
		r->out_tags[i].col = r->tags[i].col;
	}
	if (r->ncoms > r->cap_out_coms) {
		r->cap_out_coms = r->ncoms;
		r->out_coms = arb_xrealloc(r->out_coms, r->ncoms * sizeof *r->out_coms);
	}
	for (size_t i = 0; i < r->ncoms; i++) {
		r->out_coms[i].text = r->in + r->game_pos + r->coms[i].off;
		r->out_coms[i].len = r->coms[i].len;
		r->out_coms[i].line = r->coms[i].line;
		r->out_coms[i].col = r->coms[i].col;
	}
	rec->file = r->name;
	rec->line = r->first_line;
	rec->tags = r->out_tags;
	rec->ntags = r->ntags;
	rec->tok = r->toks;
	rec->ntok = r->ntoks;
	rec->turns = r->turns;
	rec->nturns = r->nturns;
	rec->comments = r->out_coms;
	rec->ncomments = r->ncoms;
	rec->items = r->items;
	rec->nitems = r->nitems;
	rec->raw = r->in ? r->in + r->game_pos : "";
	rec->rawlen = r->in_pos - r->game_pos;
	rec->raw_line = r->raw_line;
	rec->has_origin = r->origin;
	rec->origin_tag = r->origin_tag;
	if (r->origin)
		map_origin(r, rec);
}

int arb_reader_next(arb_reader *r, arb_record *rec, arb_diag *d)
{
	if (r->skipping)
		skip_bad_game(r);
	game_reset(r);
	const char *s;
	size_t len, full;
	bool too_long;
	if (r->lineno == 0 && !r->bom_checked) {
		/* a UTF-8 byte order mark (Windows editors write one) is no text */
		r->bom_checked = true;
		s = line_peek(r, &len, &full, &too_long);
		if (s && len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
			r->in_pos += 3;
		r->game_pos = r->in_pos; /* the mark is no part of the game */
	}
	while ((s = line_next(r, &len, &full, &too_long))) {
		uint32_t ln = r->lineno + 1;
		/* the first non-blank byte, found once: it tells tag lines */
		size_t lead = 0;
		while (lead < len && is_blank(s[lead]))
			lead++;
		if (!r->in_brace && r->sec == SEC_MOVES && !too_long && lead < len &&
		    s[lead] == '[')
			break; /* the next game starts here */
		/* a second [Game tag line starts the next game too, after a
		 * game without movetext (one forfeited before its first turn) */
		if (!r->in_brace && r->sec == SEC_TAGS && !too_long && lead < len &&
		    s[lead] == '[' && starts_game_tag(s, len) && has_game_tag(r))
			break;
		if (too_long) {
			bool tag = starts_tag(s, len);
			r->raw_whole = false;
			line_consume(r, full, too_long);
			r->games++;
			return fail(r,
				    diag_set(d, r, ln, 1, "line longer than %d bytes",
					     ARB_MAX_LINE),
				    !tag);
		}
		bool nul = false;
		uint32_t bad = bad_byte(s, len, &nul);
		if (bad) {
			bool tag = starts_tag(s, len);
			keep_bad_line(r, full, false);
			line_done(r, full, false);
			r->games++;
			return fail(r,
				    diag_set(d, r, ln, bad,
					     nul ? "NUL byte in the input: TGN is text"
						 : "invalid UTF-8: TGN is UTF-8 text"),
				    !tag);
		}
		if (r->in_pos - r->game_pos + full > ARB_MAX_GAME_BYTES) {
			r->raw_whole = false;
			line_done(r, full, false);
			r->games++;
			return fail(
				r,
				diag_set(
					d, r, ln, 1,
					"game longer than %u MiB: is a game separator (a tag line) missing?",
					ARB_MAX_GAME_BYTES >> 20),
				true);
		}
		size_t base = r->in_pos - r->game_pos; /* the line in the game */
		const char *ls = s;
		int rc;
		bool tag_line = false;
		size_t i = 0;
		if (r->in_brace) {
			i = lex_brace_rest(r, ls, 0, len, base);
			if (r->in_brace) {
				line_done(r, full, false);
				continue;
			}
		}
		if (i == 0)
			i = lead; /* blanks skipped above, on the same bytes */
		while (i < len && is_blank(ls[i]))
			i++;
		if (i < len && ls[i] == '[' && !r->turn_open) {
			tag_line = true;
			rc = lex_tag_line(r, ls, len, i, base, d);
		} else
			rc = lex_move_line(r, ls, len, i, base, d);
		line_done(r, full, false);
		if (rc) {
			r->games++;
			return fail(r, rc, !tag_line);
		}
	}
	if (!s && r->hold && (r->in_brace || r->sec != SEC_MOVES) && r->game_pos < r->in_len) {
		/* more input could continue this game: its reader will */
		r->held = true;
		return 0;
	}
	if (!s && !r->end_seen) {
		/* what a tag line after the input would do: continue this
		 * game (its tags, or a {...} comment) or start the next */
		r->end_seen = true;
		r->end_mid_game = r->in_brace || r->sec == SEC_TAGS;
	}
	if (r->read_error) {
		r->games++;
		r->raw_whole = false;
		return fail(r, read_error(r, d), true);
	}
	if (r->in_brace) {
		r->games++;
		r->in_brace = false;
		return fail(r,
			    diag_set(d, r, r->brace.line, r->brace.col,
				     "unterminated comment: '{' is never closed"),
			    true);
	}
	if (r->sec == SEC_NONE)
		return 0; /* nothing but blank lines and comments */
	r->games++;
	build_views(r, rec);
	return 1;
}
