/*
 * reader_impl.h — what the reader's files share and no caller sees: the
 * reader's state (struct arb_reader), the line source's inline fast
 * path and the functions one part of the reader calls in another.
 *
 * The reader is split along its concepts: reader_input.c is the line
 * source (the input block, refills, lines, the byte check),
 * reader_tags.c reads tag lines, reader_lex.c cuts movetext into words
 * and comments, and reader.c is the record state machine that decides
 * where a game starts and ends (arb_reader_next).
 */
#ifndef ARB_READER_IMPL_H
#define ARB_READER_IMPL_H

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
	arb_worker *worker; /* stamped on each record (arb_reader_set_worker) */
	char *in;	    /* input block (the caller's: arb_reader_new_mem) */
	bool in_borrowed;
	size_t in_len, in_pos;
	size_t in_cap; /* bytes it holds, less the NUL after in_len */
	bool eof, read_error;
	int read_errno;
	uint32_t lineno; /* lines consumed so far                */
	size_t games;
	/* in[0..lines_end) ends with a newline (0: none), found once per
	 * block for reader_lex_fast_lines; valid while lines_known */
	size_t lines_end;
	bool lines_known;
	/* reader_lex_fast_lines cuts words byte by byte, never with SSE2:
	 * set by the unit tests, which compare both ways */
	bool lex_bytes;

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
	bool no_items; /* nobody reads them (arb_reader_keep_order) */
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

static inline bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static inline void add_item(arb_reader *r, arb_item_kind kind, size_t index, uint32_t line)
{
	if (r->no_items)
		return;
	GROW(r->items, r->nitems, r->cap_items);
	r->items[r->nitems].kind = kind;
	r->items[r->nitems].index = index;
	r->items[r->nitems].same_line = r->nitems > 0 && line == r->last_item_line;
	r->nitems++;
	r->last_item_line = line;
}

int reader_diag(arb_diag *d, const arb_reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* the line source (reader_input.c) */
const char *reader_line_peek(arb_reader *r, size_t *len, size_t *full, bool *too_long);
void reader_line_consume(arb_reader *r, size_t full, bool too_long);
uint32_t reader_bad_byte(const char *s, size_t len, bool *nul);
size_t reader_lines_end(arb_reader *r);

/* tag lines (reader_tags.c) */
int reader_lex_tag_line(arb_reader *r, const char *s, size_t len, size_t i, size_t base,
			arb_diag *d);
bool reader_starts_tag(const char *s, size_t len);
bool reader_starts_game_tag(const char *s, size_t len);
bool reader_has_game_tag(const arb_reader *r);
void reader_fast_tag_lines(arb_reader *r);

/* movetext and comments (reader_lex.c) */
int reader_add_comment(arb_reader *r, size_t off, size_t len, uint32_t line, uint32_t col,
		       arb_diag *d);
size_t reader_lex_brace_rest(arb_reader *r, const char *s, size_t i, size_t len, size_t base);
int reader_lex_move_line(arb_reader *r, const char *s, size_t len, size_t i, size_t base,
			 arb_diag *d);
void reader_lex_fast_lines(arb_reader *r);

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
	return reader_line_peek(r, len, full, too_long);
}

static inline void line_done(arb_reader *r, size_t full, bool too_long)
{
	if (too_long) {
		reader_line_consume(r, full, too_long);
		return;
	}
	r->in_pos += full;
	r->lineno++;
}

#endif
