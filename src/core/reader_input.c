/*
 * reader_input.c — the reader's line source: the input block (read in
 * 128 KiB steps from a FILE, or the caller's bytes in place), refills
 * that keep the game being read in the block, lines cut with memchr, and
 * the check that a line is UTF-8 text without NUL bytes.  Also the
 * reader's life cycle (new, free) and its queries on the stream.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reader_impl.h"

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

void arb_reader_set_worker(arb_reader *r, arb_worker *w)
{
	r->worker = w;
}

void arb_reader_keep_order(arb_reader *r, bool keep)
{
	r->no_items = !keep;
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
	ARB_FREE_ALL(r->toks, r->coms, r->tags, r->turns, r->items, r->out_tags, r->out_coms, r);
}

void arb_reader_unread(arb_reader *r, uint32_t lines, const char *bytes, size_t len)
{
	if (len > ARB_MAX_LINE + 1)
		len = ARB_MAX_LINE + 1; /* still too long a line, as it was */
	if (len) /* bytes may be NULL when there are none (memcpy's arguments never are) */
		memcpy(r->in, bytes, len);
	r->in_len = len;
	r->in[len] = '\0';
	r->lines_known = false;
	r->in_pos = 0;
	r->lineno = lines;
	r->bom_checked = lines || len; /* the stream's first bytes are gone */
}

/* One read from the FILE into the block past in_len, as much as it holds.
 * A read of nothing is the end of input, or a read error kept for
 * arb_reader_next to report. */
static void read_more(arb_reader *r)
{
	size_t got = fread(r->in + r->in_len, 1, r->in_cap - r->in_len, r->f);
	r->in_len += got;
	r->in[r->in_len] = '\0'; /* the last line's end, for reader_lex_move_line */
	r->lines_known = false;
	if (got == 0) {
		r->eof = true;
		if (ferror(r->f)) {
			r->read_error = true;
			r->read_errno = errno;
		}
	}
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
	read_more(r);
}

const char *arb_reader_head(arb_reader *r, size_t *len)
{
	if (r->bom_checked || r->lineno || r->games)
		return NULL;
	if (!r->eof && r->f && r->in_len - r->in_pos < ARB_HEAD_BYTES) {
		/* one read, as reader_line_peek would do: a pipe is not waited on
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

/* ------------------------------------------------------------ lines */

/* The next line without its newline, or NULL at the end of input.  The
 * line stays in place until reader_line_consume(); *full is its length with the
 * newline.  A line longer than ARB_MAX_LINE comes back truncated with
 * *too_long set (the rest is skipped by reader_line_consume). */
const char *reader_line_peek(arb_reader *r, size_t *len, size_t *full, bool *too_long)
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
			*full = avail; /* reader_line_consume skips the rest */
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
void reader_line_consume(arb_reader *r, size_t full, bool too_long)
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
		read_more(r);
	}
}

/* Column (1-based) of the first byte that is NUL or not valid UTF-8, or 0;
 * *nul tells which.  Every byte of the input passes here, so ASCII is
 * checked eight bytes at a time and only words with a high bit or a zero
 * byte fall back to the byte-wise decoder. */
uint32_t reader_bad_byte(const char *s, size_t len, bool *nul)
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

/* The end of the block's last whole line (past its newline), or at most
 * in_pos when the block holds no newline after it: the fast path reads
 * lines below it with no bound check, since a newline stops every scan.
 * Found once for each block (walking back over its last, partial line). */
size_t reader_lines_end(arb_reader *r)
{
	if (!r->lines_known) {
		size_t e = r->in_len;
		while (e > r->in_pos && r->in[e - 1] != '\n')
			e--;
		r->lines_end = e;
		r->lines_known = true;
	}
	return r->lines_end;
}
