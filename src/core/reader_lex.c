/*
 * reader_lex.c — movetext: a line cut into words (tokens that point
 * into the input block), turns (one a line, with its number when it has
 * one) and comments (`;` to the end of the line, `{...}` across lines).
 */
#include <stdlib.h>
#include <string.h>

#include "reader_impl.h"

/* Returns 0, or -1 with *d set when the game holds too many comments. */
int reader_add_comment(arb_reader *r, size_t off, size_t len, uint32_t line, uint32_t col,
		       arb_diag *d)
{
	if (r->ncoms == ARB_MAX_GAME_COMMENTS)
		return reader_diag(d, r, line, col, "more than %u comments in one game",
				   ARB_MAX_GAME_COMMENTS);
	GROW(r->coms, r->ncoms, r->cap_coms);
	r->coms[r->ncoms] = (span){ off, len, line, col };
	add_item(r, ARB_ITEM_COMMENT, r->ncoms, line);
	r->ncoms++;
	return 0;
}

/* Movetext byte classes: a word runs until a blank or one of ; { }. */
enum { C_WORD = 0, C_BLANK = 1, C_SPECIAL = 2 };
static const unsigned char byte_class[256] = {
	[' '] = C_BLANK,    ['\t'] = C_BLANK,	['\r'] = C_BLANK,
	[';'] = C_SPECIAL,  ['{'] = C_SPECIAL,	['}'] = C_SPECIAL,
	['\n'] = C_SPECIAL, ['\0'] = C_SPECIAL, /* end sentinels, see reader_lex_move_line */
};

/* Lex the rest of a brace comment starting at s[i] (inside the comment).
 * Returns the index after the closing brace, or len when it goes on. */
size_t reader_lex_brace_rest(arb_reader *r, const char *s, size_t i, size_t len, size_t base)
{
	const char *close = memchr(s + i, '}', len - i);
	if (!close)
		return len;
	size_t end = (size_t)(close - s) + 1;
	r->in_brace = false;
	r->coms[r->ncoms - 1].len = base + end - r->coms[r->ncoms - 1].off;
	return end;
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
		return reader_diag(
			d, r, ln, col,
			"movetext before any tag: a game starts with its tags, [Game \"...\"] first");
	r->sec = SEC_MOVES;
	if (!r->turn_open) {
		if (r->nturns == ARB_MAX_GAME_TURNS)
			return reader_diag(d, r, ln, col, "more than %u turns in one game",
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
					return reader_diag(d, r, ln, col,
							   "turn number %.*s is out of range",
							   (int)len, s);
				t->number = strtol(s, NULL, 10);
				return 0;
			}
		}
	}
	arb_turn *t = &r->turns[r->nturns - 1];
	if (t->ntok == ARB_MAX_TOKENS_PER_TURN)
		return reader_diag(d, r, ln, col, "more than %d words in one turn",
				   ARB_MAX_TOKENS_PER_TURN);
	if (r->ntoks == ARB_MAX_GAME_TOKENS)
		return reader_diag(d, r, ln, col, "more than %u words in one game",
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
int reader_lex_move_line(arb_reader *r, const char *s, size_t len, size_t i, size_t base,
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
				if (reader_add_comment(r, base + i, len - i, ln, (uint32_t)i + 1,
						       d))
					return -1;
				break;
			}
			if (c == '{') {
				r->in_brace = true;
				r->brace = (span){ base + i, 0, ln, (uint32_t)i + 1 };
				if (reader_add_comment(r, base + i, len - i, ln, (uint32_t)i + 1,
						       d))
					return -1;
				i = reader_lex_brace_rest(r, s, i + 1, len, base);
				continue;
			}
			return reader_diag(d, r, ln, (uint32_t)i + 1, "'}' without an opening '{'");
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
