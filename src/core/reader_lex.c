/*
 * reader_lex.c — movetext: a line cut into words (tokens that point
 * into the input block), turns (one a line, with its number when it has
 * one) and comments (`;` to the end of the line, `{...}` across lines).
 */
#include <stdlib.h>
#include <string.h>

#include "reader_impl.h"

/* SSE2 is in every x86-64; without it (or with ARB_LEX_BYTES defined) the
 * fast path cuts words byte by byte, as it always does for a line holding
 * a tab or CR. */
#if defined(__SSE2__) && !defined(ARB_LEX_BYTES)
#define ARB_LEX_SSE2 1
#include <emmintrin.h>
#endif

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

/* The fast path's byte classes: a word byte, a blank, or a byte that
 * stops it (a line's end, a comment, NUL, and every byte >= 0x80, whose
 * UTF-8 the slow path checks). */
enum { F_WORD = 0, F_BLANK = 1, F_STOP = 2 };
#define F_STOP8 F_STOP, F_STOP, F_STOP, F_STOP, F_STOP, F_STOP, F_STOP, F_STOP
#define F_STOP64 F_STOP8, F_STOP8, F_STOP8, F_STOP8, F_STOP8, F_STOP8, F_STOP8, F_STOP8
static const unsigned char fast_class[256] = {
	['\0'] = F_STOP, ['\t'] = F_BLANK, ['\n'] = F_STOP, ['\r'] = F_BLANK,  [' '] = F_BLANK,
	[';'] = F_STOP,	 ['{'] = F_STOP,   ['}'] = F_STOP,  [0x80] = F_STOP64, F_STOP64,
};

/* The same for a line's first byte, where '[' starts a tag line. */
static const unsigned char first_class[256] = {
	['\0'] = F_STOP, ['\t'] = F_BLANK,  ['\n'] = F_STOP, ['\r'] = F_BLANK,
	[' '] = F_BLANK, [';'] = F_STOP,    ['{'] = F_STOP,  ['}'] = F_STOP,
	['['] = F_STOP,	 [0x80] = F_STOP64, F_STOP64,
};

/* Past the word at p (p[0] is a word byte). */
static inline const char *word_end(const char *p)
{
	p++;
	while (fast_class[(unsigned char)*p] == F_WORD)
		p++;
	return p;
}

static inline const char *skip_blanks(const char *p)
{
	while (fast_class[(unsigned char)*p] == F_BLANK)
		p++;
	return p;
}

/* The value of a turn number "12." (w[0..n), n >= 2, w[n-1] == '.'), -1
 * when it is no number, -2 when it has more than 9 digits (an error the
 * slow path reports). */
static inline long turn_number(const char *w, size_t n)
{
	long v = 0;
	for (size_t k = 0; k < n - 1; k++) {
		if (w[k] < '0' || w[k] > '9')
			return -1;
		v = v * 10 + (w[k] - '0');
	}
	return n - 1 > 9 ? -2 : v;
}

/* How a line's words were cut: stored with the line's newline found, or
 * the line is the slow path's, or (SSE2 only) a byte the byte-wise cut
 * must see. */
enum { LINE_OK, LINE_SLOW, LINE_BYTES };

/* Whether the line[0..nl) of `words` words (its turn number counted) is
 * the slow path's for a limit: longer than ARB_MAX_LINE, or more words
 * than a turn holds (a turn of 1024 words is longer than 2046 bytes, so
 * a shorter line is never one). */
static inline bool line_too_big(const char *line, const char *nl, size_t words)
{
	return nl - line > 2 * ARB_MAX_TOKENS_PER_TURN - 2 &&
	       (words > ARB_MAX_TOKENS_PER_TURN || nl - line > ARB_MAX_LINE);
}

/* The words of the line at `line` (line `ln`) stored at *tpp, byte by
 * byte; *nlp is set to its newline.  Blanks are spaces, tabs and CRs; a
 * first word starting with '[' (a tag line), a comment, NUL, a byte >=
 * 0x80, no room before tok_end or a line too big leave the line to the
 * slow path. */
static inline int words_bytes(const char *line, arb_token **tpp, const arb_token *tok_end,
			      uint32_t ln, const char **nlp)
{
	arb_token *tp = *tpp;
	const char *p = skip_blanks(line);
	if (first_class[(unsigned char)*p] != F_WORD) {
		*nlp = p;
		return *p == '\n' && !line_too_big(line, p, 0) ? LINE_OK : LINE_SLOW;
	}
	uint32_t col = 1 - (uint32_t)(uintptr_t)line; /* plus a byte's address */
	for (;;) {
		const char *w = p;
		p = word_end(p);
		if (tp == tok_end)
			return LINE_SLOW;
		*tp++ = (arb_token){ w, (uint32_t)(p - w), ln, col + (uint32_t)(uintptr_t)w };
		/* words are mostly one space apart, the last one before the
		 * newline */
		if (*p == ' ' && fast_class[(unsigned char)p[1]] == F_WORD) {
			p++;
			continue;
		}
		if (*p == '\n')
			break;
		p = skip_blanks(p);
		if (fast_class[(unsigned char)*p] != F_WORD) {
			if (*p != '\n')
				return LINE_SLOW; /* a comment or a byte the slow path checks */
			break;
		}
	}
	if (line_too_big(line, p, (size_t)(tp - *tpp)))
		return LINE_SLOW;
	*tpp = tp;
	*nlp = p;
	return LINE_OK;
}

#ifdef ARB_LEX_SSE2
/* Bit i of each mask tells of q[i]: a word byte or a stop from ';' on
 * (above ' ', signed: no byte >= 0x80), and a byte that stops the SSE2
 * cut: below ' ' (signed: with every byte >= 0x80), ';', or above 'z':
 * '{' and '}', and with them '|', '~' and DEL, word bytes rare enough
 * to leave to the byte-wise cut (a range is one compare where the two
 * braces took four instructions).  The line's newline is its first
 * stop, or a byte for the byte-wise cut is. */
typedef struct {
	unsigned word, stop;
} masks16;

static inline masks16 classify16(const char *q)
{
	__m128i v = _mm_loadu_si128((const __m128i *)q);
	__m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(' ')),
						 _mm_cmpgt_epi8(v, _mm_set1_epi8('z'))),
				    _mm_cmpeq_epi8(v, _mm_set1_epi8(';')));
	return (masks16){ (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(' '))),
			  (unsigned)_mm_movemask_epi8(stop) };
}

/* The same for 64 bytes. */
typedef struct {
	uint64_t word, stop;
} masks16w;

/* The masks of q[0..64), or of the bytes up to the first stop in it (16
 * at a time: the bytes past it may be anything). */
static inline masks16w classify64(const char *q)
{
	masks16 m = classify16(q);
	masks16w r = { m.word, m.stop };
	if (r.stop)
		return r;
	m = classify16(q + 16);
	r.word |= m.word << 16;
	r.stop = m.stop << 16;
	if (r.stop)
		return r;
	m = classify16(q + 32);
	r.word |= (uint64_t)m.word << 32;
	r.stop = (uint64_t)m.stop << 32;
	if (r.stop)
		return r;
	m = classify16(q + 48);
	r.word |= (uint64_t)m.word << 48;
	r.stop = (uint64_t)m.stop << 48;
	return r;
}

/* Where the words of the line whose first stop is at e end: e when it
 * is the newline or a CR before it (a blank, as Windows ends lines),
 * NULL when it is a byte the SSE2 cut leaves to the byte-wise one.  A CR
 * is never the last byte before `end`, which follows a newline. */
static inline const char *words_end(const char *e)
{
	return *e == '\n' || (*e == '\r' && e[1] == '\n') ? e : NULL;
}

/* The words of window q (mask w) that cross its edges: the one open
 * from before (*ws) ends in it or goes on, and one reaching its last
 * byte is left open.  Returns w without them. */
static uint64_t words_across(arb_token **tpp, const char **ws, const char *q, uint64_t w,
			     const char *line, uint32_t ln)
{
	if (*ws) {
		if (!~w)
			return 0; /* it goes on */
		unsigned e = (unsigned)__builtin_ctzll(~w);
		*(*tpp)++ =
			(arb_token){ *ws, (uint32_t)(q + e - *ws), ln, (uint32_t)(*ws - line) + 1 };
		*ws = NULL;
		w &= w + 1; /* its bytes */
	}
	if (w >> 63) {
		unsigned s = ~w ? 64 - (unsigned)__builtin_clzll(~w) : 0;
		*ws = q + s;
		w &= s ? ~(uint64_t)0 >> (64 - s) : 0;
	}
	return w;
}

/* Stores the words of mask w (none reaching its last bit) of the window
 * q, whose first byte is column col; returns past the last.  The bits
 * of w ^ w << 1 are, in turn, a word's first byte and the byte past it. */
static inline arb_token *words_of(arb_token *tp, const char *q, uint64_t w, uint32_t ln,
				  uint32_t col)
{
	for (uint64_t edges = w ^ w << 1; edges; edges &= edges - 1) {
		unsigned s = (unsigned)__builtin_ctzll(edges);
		edges &= edges - 1;
		unsigned e = (unsigned)__builtin_ctzll(edges);
		*tp++ = (arb_token){ q + s, e - s, ln, col + s };
	}
	return tp;
}

/* Stores the words of a line that starts with one and has one blank
 * between two (the common line): bit i of `gaps` (none of them
 * neighbours, bit 0 clear) is the blank or the stop that ends a word.
 * The mask is shifted past each word and its blank, so a word's length
 * is one count of trailing zeros and the next starts at bit 0. */
static inline arb_token *words_spaced(arb_token *tp, const char *line, uint64_t gaps, uint32_t ln)
{
	const char *w = line;
	uint32_t col = 1;
	do {
		uint32_t len = (uint32_t)__builtin_ctzll(gaps);
		*tp++ = (arb_token){ w, len, ln, col };
		gaps >>= len; /* in two: a shift by 64 is undefined */
		gaps >>= 1;
		w += len + 1;
		col += len + 1;
	} while (gaps);
	return tp;
}

/* words_sse2 for a line longer than its first window, 64 bytes a time. */
static int words_sse2_long(const char *line, uintptr_t end_lim, arb_token **tpp, uintptr_t tok_lim,
			   uint32_t ln, const char **nlp)
{
	arb_token *tp = *tpp;
	const char *q = line;  /* the window: q[0..64) or to the newline */
	const char *ws = NULL; /* a word going on past the window */
	for (;;) {
		if ((uintptr_t)q > end_lim || (uintptr_t)tp > tok_lim)
			return LINE_BYTES;
		masks16w m = classify64(q);
		const char *e = m.stop ? words_end(q + __builtin_ctzll(m.stop)) : NULL;
		if (m.stop && (!e || e == q))
			return LINE_BYTES; /* or a window from the line's end on */
		uint64_t w = m.word & (m.stop - 1) & ~m.stop; /* all 64 without a stop */
		if (ws || w >> 63)
			w = words_across(&tp, &ws, q, w, line, ln);
		tp = words_of(tp, q, w, ln, (uint32_t)(q - line) + 1);
		if (m.stop) {
			e += *e == '\r';
			if (line_too_big(line, e, (size_t)(tp - *tpp)))
				return LINE_SLOW;
			*tpp = tp;
			*nlp = e;
			return LINE_OK;
		}
		q += 64;
	}
}

/* The last line start up to which words_sse2 may cut lines, from `line`
 * on with *tp the next word's place: none past end_lim (no load past
 * end_lim + 64), nor once the words stored pass tok_lim (a window of 64
 * bytes holds 32 words, and one from before: tok_lim is tok_end - 33).
 * A line's words take two of its bytes each at least, its newline
 * counted, so none passes it before `line` + 2 * (the words' room).  0:
 * no line can. */
static inline uintptr_t sse2_lines_lim(const char *line, const arb_token *tp, uintptr_t end_lim,
				       uintptr_t tok_lim)
{
	if ((uintptr_t)tp > tok_lim)
		return 0;
	uintptr_t lim = (uintptr_t)line + 2 * ((tok_lim - (uintptr_t)tp) / sizeof *tp);
	return lim < end_lim ? lim : end_lim;
}

/* words_bytes for a line of word bytes and spaces only (of any size: one
 * in a window of 64 bytes is too small for line_too_big), read as bit
 * masks of 16 bytes at a time: a word is a run of ones in the word mask,
 * its first byte and the byte past it found with a count of trailing
 * zeros, not a byte at a time.  LINE_BYTES for any other line.  The
 * caller sees that `line` is below sse2_lines_lim. */
static inline int words_sse2(const char *line, uintptr_t end_lim, arb_token **tpp,
			     uintptr_t tok_lim, uint32_t ln, const char **nlp)
{
	masks16w m = classify64(line);
	if (!m.stop)
		return words_sse2_long(line, end_lim, tpp, tok_lim, ln, nlp);
	const char *nl = line + __builtin_ctzll(m.stop);
	if (*nl != '\n') {
		if (!words_end(nl))
			return LINE_BYTES;
		nl++; /* past a CR */
	}
	/* the bytes that end a word: blanks and the stop */
	uint64_t gaps = ~m.word & (m.stop ^ (m.stop - 1));
	if (gaps & (gaps << 1 | 1))
		*tpp = words_of(*tpp, line, m.word & (m.stop - 1) & ~m.stop, ln, 1);
	else
		*tpp = words_spaced(*tpp, line, gaps, ln);
	*nlp = nl;
	return LINE_OK;
}
#endif

/* The end of the lines from p to `end` that can be the game's: `end`, or
 * past the last newline before the game's size limit (a line whose
 * newline lies there or further makes the game too long). */
static const char *game_lines_end(const arb_reader *r, const char *p, const char *end)
{
	size_t game_end = r->game_pos + ARB_MAX_GAME_BYTES;
	if (game_end >= (size_t)(end - r->in))
		return end;
	const char *e = r->in + game_end;
	while (e > p && e[-1] != '\n')
		e--;
	return e;
}

/* Whole movetext and blank lines from in_pos on, while they need none of
 * the slow path's care: what reader_lex_move_line and add_token would do
 * with them, without a memchr, a byte check or a call per line.  It
 * stops before a line it cannot take whole (a tag line, a comment, a
 * byte >= 0x80 or NUL, a limit reached, no room left in the arrays, the
 * block's last partial line), leaving it to the slow path, so that every
 * diagnostic still comes from there.  A line is stored only once it is
 * known to be taken; until then its words are past r->ntoks and dropped.
 * Called with no {...} comment or turn open and a tag already read. */
void reader_lex_fast_lines(arb_reader *r)
{
	/* arrays not made yet (a game's first words): the slow path makes
	 * them, and a pointer into no array is undefined even at offset 0 */
	if (!r->toks || !r->turns || (!r->items && !r->no_items))
		return;
	const char *p = r->in + r->in_pos;
	const char *end = r->in + reader_lines_end(r);
	const char *lines_end = game_lines_end(r, p, end);
	uint32_t lineno = r->lineno;
	arb_token *toks = r->toks, *tp = toks + r->ntoks;
	arb_token *tok_end =
		toks + (r->cap_toks < ARB_MAX_GAME_TOKENS ? r->cap_toks : ARB_MAX_GAME_TOKENS);
	size_t ntoks = r->ntoks; /* the index of tp, kept to spare a division a line */
	arb_turn *turns = r->turns, *tn = turns + r->nturns; /* the next turn */
	/* turn lines this call can take: room in both arrays, under the limit */
	size_t nturns = r->nturns;
	size_t most_turns = r->cap_turns < ARB_MAX_GAME_TURNS ? r->cap_turns : ARB_MAX_GAME_TURNS;
	size_t turns_end = most_turns;
	/* each turn line taken here is one item: items[n] is turns[n]'s
	 * (NULL: none kept) */
	arb_item *items = NULL;
	if (!r->no_items) {
		items = r->items + (r->nitems - nturns);
		if (r->cap_items - r->nitems < most_turns - nturns)
			turns_end = nturns + (r->cap_items - r->nitems);
	}
	const arb_turn *tn_end = turns + turns_end;
#ifdef ARB_LEX_SSE2
	/* no SSE2 load past `end`, no 33 words past tok_end (0: never) */
	uintptr_t end_lim = end - r->in >= 64 ? (uintptr_t)end - 64 : 0;
	uintptr_t tok_lim = tok_end - toks >= 33 ? (uintptr_t)(tok_end - 33) : 0;
	if (r->lex_bytes)
		end_lim = 0;
	uintptr_t line_lim = 0; /* sse2_lines_lim's, from a line at or before p */
#endif
	while (p < lines_end) {
		const char *line = p;
		uint32_t ln = lineno + 1;
		arb_token *first = tp;
		const char *nl;
		int cut = LINE_BYTES;
#ifdef ARB_LEX_SSE2
		if ((uintptr_t)line > line_lim)
			line_lim = sse2_lines_lim(line, tp, end_lim, tok_lim);
		if ((uintptr_t)line <= line_lim)
			cut = words_sse2(line, end_lim, &tp, tok_lim, ln, &nl);
#endif
		if (cut == LINE_BYTES)
			cut = words_bytes(line, &tp, tok_end, ln, &nl);
		if (cut != LINE_OK)
			break;	   /* this line is the slow path's, whole */
		if (tp == first) { /* a blank line */
			p = nl + 1;
			lineno = ln;
			continue;
		}
		char c = first->s[0];
		if (tn == tn_end || c == '[')
			break;
		uint32_t col = first->col;
		long number = -1;
		/* a turn number "12." starts with a digit */
		if ((unsigned char)(c - '0') < 10 && first->len >= 2 &&
		    first->s[first->len - 1] == '.') {
			number = turn_number(first->s, first->len);
			if (number == -2)
				break;
			if (number >= 0) { /* no word: the turn's number */
				tp--;
				memmove(first, first + 1, (size_t)(tp - first) * sizeof *first);
			}
		}
		size_t ntok = (size_t)(tp - first);
		*tn = (arb_turn){
			.first = ntoks, .ntok = ntok, .line = ln, .col = col, .number = number
		};
		ntoks += ntok;
		/* the line's first item: same_line is false */
		if (items) {
			size_t n = (size_t)(tn - turns);
			items[n] = (arb_item){ ARB_ITEM_TURN, n, false };
		}
		tn++;
		p = nl + 1;
		lineno = ln;
	}
	nturns = (size_t)(tn - turns);
	if (nturns != r->nturns) {
		r->sec = SEC_MOVES;
		r->last_item_line = tn[-1].line;
		if (items)
			r->nitems += nturns - r->nturns;
	}
	r->in_pos = (size_t)(p - r->in);
	r->lineno = lineno;
	r->ntoks = ntoks;
	r->nturns = nturns;
}
