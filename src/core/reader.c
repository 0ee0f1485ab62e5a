/*
 * reader.c — the TGN reader: bytes in, one game (arb_record) at a time out.
 * This file is its record state machine (arb_reader_next: where a game
 * starts and ends, errors and the bad game skipped after one); the line
 * source is reader_input.c, tag lines reader_tags.c, movetext
 * reader_lex.c, and reader_impl.h what they share.
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
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "reader_impl.h"

int reader_diag(arb_diag *d, const arb_reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_diag_vset(d, r->name, line, col, fmt, ap);
	va_end(ap);
	if (r->origin && line > r->origin_at) {
		d->file = r->origin_file.p;
		d->line = r->origin_line + (line - r->origin_at);
	}
	return -1;
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

static int read_error(arb_reader *r, arb_diag *d)
{
	r->read_error = false;
	return reader_diag(d, r, 0, 0, "read error: %s", strerror(r->read_errno));
}

/* After an error: drop lines up to the tag line that starts a new game. */
static void skip_bad_game(arb_reader *r)
{
	const char *s;
	size_t len, full;
	bool too_long;
	while ((s = reader_line_peek(r, &len, &full, &too_long))) {
		bool tag = !too_long && reader_starts_tag(s, len);
		if (tag && (r->skip_seen_moves || reader_starts_game_tag(s, len)))
			break;
		if (!tag) {
			size_t i = 0;
			while (i < len && is_blank(s[i]))
				i++;
			if (i < len && s[i] != ';' && s[i] != '{')
				r->skip_seen_moves = true;
		}
		keep_bad_line(r, full, too_long);
		reader_line_consume(r, full, too_long);
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
	rec->worker = r->worker;
	if (r->origin)
		map_origin(r, rec);
}

/* A line no game can hold: longer than ARB_MAX_LINE, not UTF-8 text, or
 * past the game's size limit.  It fails the game (the line is consumed and
 * the rest of the game skipped) and the error's code comes back; 0 when the
 * line is fit to lex. */
static int refuse_line(arb_reader *r, const char *s, size_t len, size_t full, bool too_long,
		       arb_diag *d)
{
	uint32_t ln = r->lineno + 1;
	if (too_long) {
		bool tag = reader_starts_tag(s, len);
		r->raw_whole = false;
		reader_line_consume(r, full, too_long);
		r->games++;
		return fail(r, reader_diag(d, r, ln, 1, "line longer than %d bytes", ARB_MAX_LINE),
			    !tag);
	}
	bool nul = false;
	uint32_t bad = reader_bad_byte(s, len, &nul);
	if (bad) {
		bool tag = reader_starts_tag(s, len);
		keep_bad_line(r, full, false);
		line_done(r, full, false);
		r->games++;
		return fail(r,
			    reader_diag(d, r, ln, bad,
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
			reader_diag(
				d, r, ln, 1,
				"game longer than %u MiB: is a game separator (a tag line) missing?",
				ARB_MAX_GAME_BYTES >> 20),
			true);
	}
	return 0;
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
		s = reader_line_peek(r, &len, &full, &too_long);
		if (s && len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
			r->in_pos += 3;
		r->game_pos = r->in_pos; /* the mark is no part of the game */
	}
	for (;;) {
		/* whole lines of the common forms, where they lie (a line that
		 * starts with '[' is a tag line, movetext's end) */
		if (!r->in_brace && !r->turn_open) {
			bool tag = r->in_pos < r->in_len && r->in[r->in_pos] == '[';
			if (tag && r->sec != SEC_MOVES) {
				reader_fast_tag_lines(r);
				/* the movetext after the tags (its blank line
				 * first) need not wait for the next turn */
				tag = r->in_pos < r->in_len && r->in[r->in_pos] == '[';
			}
			if (!tag && r->sec != SEC_NONE)
				reader_lex_fast_lines(r);
		}
		if (!(s = line_next(r, &len, &full, &too_long)))
			break;
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
		    s[lead] == '[' && reader_starts_game_tag(s, len) && reader_has_game_tag(r))
			break;
		int rc = refuse_line(r, s, len, full, too_long, d);
		if (rc)
			return rc;
		size_t base = r->in_pos - r->game_pos; /* the line in the game */
		const char *ls = s;
		bool tag_line = false;
		size_t i = 0;
		if (r->in_brace) {
			i = reader_lex_brace_rest(r, ls, 0, len, base);
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
			rc = reader_lex_tag_line(r, ls, len, i, base, d);
		} else
			rc = reader_lex_move_line(r, ls, len, i, base, d);
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
			    reader_diag(d, r, r->brace.line, r->brace.col,
					"unterminated comment: '{' is never closed"),
			    true);
	}
	if (r->sec == SEC_NONE)
		return 0; /* nothing but blank lines and comments */
	r->games++;
	build_views(r, rec);
	return 1;
}
