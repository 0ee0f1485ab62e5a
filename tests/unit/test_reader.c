/*
 * test_reader.c — the TGN lexer: tags and escapes, comments, turn lines,
 * game boundaries, and the exact diagnostic (line, column, message) of
 * every kind of malformed input.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/reader.h"
#include "core/reader_impl.h"

typedef struct {
	FILE *f;
	arb_reader *r;
	arb_record rec;
	arb_diag d;
} fixture;

static void open_text(fixture *fx, const char *text, size_t len)
{
	fx->f = fmemopen((void *)text, len, "rb");
	assert_non_null(fx->f);
	fx->r = arb_reader_new(fx->f, "t.tgn");
}

static void close_text(fixture *fx)
{
	arb_reader_free(fx->r);
	fclose(fx->f);
}

static int next(fixture *fx)
{
	return arb_reader_next(fx->r, &fx->rec, &fx->d);
}

static void tok_is(const arb_token *t, const char *s, unsigned line, unsigned col)
{
	assert_int_equal(t->len, strlen(s));
	assert_memory_equal(t->s, s, t->len);
	assert_int_equal(t->line, line);
	assert_int_equal(t->col, col);
}

static void test_tags_and_turns(void **state)
{
	(void)state;
	static const char text[] = "[Game \"carcassonne\"]\n"
				   "[Red \"Anna \\\"the\\\" \\\\ Virtanen\"] [Blue \"Bo\"]\n"
				   "\n"
				   "Red D 0,1 0 ; a comment\n"
				   "  12. Blue  E 1,0  90\n";
	fixture fx;
	open_text(&fx, text, sizeof text - 1);
	assert_int_equal(next(&fx), 1);
	assert_int_equal(fx.rec.ntags, 3);
	assert_string_equal(fx.rec.tags[0].name, "Game");
	assert_string_equal(fx.rec.tags[0].value, "carcassonne");
	assert_string_equal(fx.rec.tags[1].value, "Anna \"the\" \\ Virtanen");
	assert_int_equal(fx.rec.tags[2].line, 2);
	assert_int_equal(fx.rec.tags[2].col, 34);
	assert_int_equal(fx.rec.nturns, 2);
	assert_int_equal(fx.rec.turns[0].ntok, 4);
	assert_int_equal(fx.rec.turns[0].number, -1);
	tok_is(&fx.rec.tok[0], "Red", 4, 1);
	tok_is(&fx.rec.tok[3], "0", 4, 11);
	assert_int_equal(fx.rec.turns[1].number, 12);
	assert_int_equal(fx.rec.turns[1].ntok, 4);
	tok_is(&fx.rec.tok[fx.rec.turns[1].first], "Blue", 5, 7);
	tok_is(&fx.rec.tok[fx.rec.turns[1].first + 3], "90", 5, 20);
	assert_int_equal(fx.rec.ncomments, 1);
	assert_int_equal(fx.rec.comments[0].col, 13);
	assert_int_equal(fx.rec.rawlen, sizeof text - 1);
	assert_int_equal(next(&fx), 0);
	close_text(&fx);
}

/* A stream whose first lines were read elsewhere (the -j loop going on
 * alone: arb_loop_serial): unread with no bytes counts the lines only.
 * fuzz_cli found memcpy given a NULL source there (undefined even for 0
 * bytes: make sanitize fails without the guard). */
static void test_unread_lines_only(void **state)
{
	(void)state;
	static const char text[] = "[Game \"a\"]\nRed x\n";
	fixture fx;
	open_text(&fx, text, sizeof text - 1);
	arb_reader_unread(fx.r, 41, NULL, 0);
	assert_int_equal(next(&fx), 1);
	assert_int_equal(fx.rec.line, 42);
	tok_is(&fx.rec.tok[0], "Red", 43, 1);
	assert_int_equal(next(&fx), 0);
	close_text(&fx);
}

static void test_games_split_at_tag_after_moves(void **state)
{
	(void)state;
	static const char text[] = "[Game \"a\"]\nRed x\n{ a comment\n[not a tag]\n}\nBlue y\n"
				   "[Game \"b\"]\n[Event \"E\"]\nRed z\n";
	fixture fx;
	open_text(&fx, text, sizeof text - 1);
	assert_int_equal(next(&fx), 1);
	assert_string_equal(fx.rec.tags[0].value, "a");
	assert_int_equal(fx.rec.nturns, 2);
	assert_int_equal(fx.rec.line, 1);
	assert_int_equal(next(&fx), 1);
	assert_int_equal(fx.rec.ntags, 2);
	assert_int_equal(fx.rec.line, 7);
	assert_int_equal(fx.rec.nturns, 1);
	assert_memory_equal(fx.rec.raw, "[Game \"b\"]\n", 11);
	assert_int_equal(next(&fx), 0);
	close_text(&fx);
}

static void test_brace_comment_inside_turn(void **state)
{
	(void)state;
	static const char text[] = "[Game \"a\"]\nRed {spans\nlines} x y\nBlue z\n";
	fixture fx;
	open_text(&fx, text, sizeof text - 1);
	assert_int_equal(next(&fx), 1);
	assert_int_equal(fx.rec.nturns, 2);
	assert_int_equal(fx.rec.turns[0].ntok, 3);
	tok_is(&fx.rec.tok[2], "y", 3, 10);
	assert_int_equal(fx.rec.comments[0].len, strlen("{spans\nlines}"));
	close_text(&fx);
}

/* Each malformed input: its text, the line, column and message. */
static const struct bad {
	const char *text;
	size_t len; /* 0: strlen */
	unsigned line, col;
	const char *msg;
} bad_inputs[] = {
	{ "[Game \"a\n", 0, 1, 7,
	  "unterminated string: the value of tag Game has no closing '\"' on its line" },
	{ "[Game \"a\"\n", 0, 1, 10, "expected ']' to close tag Game" },
	{ "[Game a]\n", 0, 1, 7, "expected '\"' to open the value of tag Game" },
	{ "[1x \"a\"]\n", 0, 1, 2,
	  "expected a tag name (a letter, then letters, digits or '_') after '['" },
	{ "[Game \"a\\n\"]\n", 0, 1, 9,
	  "unknown escape in a tag value: only \\\" and \\\\ are allowed" },
	{ "[Game \"a\"] junk\n", 0, 1, 12,
	  "unexpected text after a tag: a tag line holds only tags and comments" },
	{ "Red x\n", 0, 1, 1,
	  "movetext before any tag: a game starts with its tags, [Game \"...\"] first" },
	{ "[Game \"a\"]\nRed { never closed\n", 0, 2, 5,
	  "unterminated comment: '{' is never closed" },
	{ "[Game \"a\"]\nRed x }\n", 0, 2, 7, "'}' without an opening '{'" },
	{ "[Game \"a\"]\nRed \xff\n", 0, 2, 5, "invalid UTF-8: TGN is UTF-8 text" },
	{ "[Game \"a\"]\nRed \xc3\n", 0, 2, 5, "invalid UTF-8: TGN is UTF-8 text" },
	{ "[Game \"a\"]\nRed \xed\xa0\x80\n", 0, 2, 5, "invalid UTF-8: TGN is UTF-8 text" },
	{ "[Game \"a\"]\nRed \0x\n", 17, 2, 5, "NUL byte in the input: TGN is text" },
	{ "[Game \"a\"]\n9999999999. Red x\n", 0, 2, 1, "turn number 9999999999. is out of range" },
};

static void test_bad_inputs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof bad_inputs / sizeof bad_inputs[0]; i++) {
		const struct bad *b = &bad_inputs[i];
		fixture fx;
		open_text(&fx, b->text, b->len ? b->len : strlen(b->text));
		int rc = next(&fx);
		if (rc != -1)
			fail_msg("case %zu: expected an error, got %d", i, rc);
		assert_string_equal(fx.d.msg, b->msg);
		assert_int_equal(fx.d.line, b->line);
		assert_int_equal(fx.d.col, b->col);
		assert_string_equal(fx.d.file, "t.tgn");
		close_text(&fx);
	}
}

static void test_long_line_is_an_error_then_resync(void **state)
{
	(void)state;
	size_t n = ARB_MAX_LINE + 100;
	char *text = malloc(n + 64);
	strcpy(text, "[Game \"a\"]\nRed ");
	size_t k = strlen(text);
	memset(text + k, 'x', n);
	k += n;
	strcpy(text + k, "\n[Game \"b\"]\nBlue y\n");
	fixture fx;
	open_text(&fx, text, strlen(text));
	assert_int_equal(next(&fx), -1);
	assert_int_equal(fx.d.line, 2);
	assert_string_equal(fx.d.msg, "line longer than 65536 bytes");
	assert_int_equal(next(&fx), 1); /* --keep-going resumes at game b */
	assert_string_equal(fx.rec.tags[0].value, "b");
	assert_int_equal(fx.rec.line, 3);
	close_text(&fx);
	free(text);
}

static void test_byte_order_mark(void **state)
{
	(void)state;
	static const char text[] = "\xEF\xBB\xBF[Game \"a\"]\nRed x\n";
	fixture fx;
	open_text(&fx, text, sizeof text - 1);
	assert_int_equal(next(&fx), 1);
	assert_string_equal(fx.rec.tags[0].name, "Game");
	assert_int_equal(fx.rec.tags[0].col, 1);
	close_text(&fx);
}

static void test_empty_and_comment_only(void **state)
{
	(void)state;
	fixture fx;
	open_text(&fx, "\n\n; nothing\n{ at all }\n", 22);
	assert_int_equal(next(&fx), 0);
	close_text(&fx);
}

static void test_many_games_bounded_buffers(void **state)
{
	(void)state;
	/* 10,000 games in one stream: each comes out with its own line. */
	size_t cap = 10000 * 32, len = 0;
	char *text = malloc(cap);
	for (int i = 0; i < 10000; i++)
		len += (size_t)snprintf(text + len, cap - len, "[Game \"g%d\"]\nRed x\n", i);
	fixture fx;
	open_text(&fx, text, len);
	int games = 0;
	while (next(&fx) == 1) {
		assert_int_equal(fx.rec.line, (unsigned)(2 * games + 1));
		games++;
	}
	assert_int_equal(games, 10000);
	close_text(&fx);
	free(text);
}

/* A batch before a stream's last (-j): the game still open at its end
 * (among its tags, in a {...} comment) is held back, with the offset and
 * line where a reader of the bytes from there on takes it up. */
static void test_hold_open_game(void **state)
{
	(void)state;
	static const char *const ends[] = {
		"[Game \"a\"]\nRed x\n[Game \"b\"]\n[Red \"r\"]\n",  /* tags   */
		"[Game \"a\"]\nRed x\n[Game \"b\"]\nRed y { open\n", /* a {... */
	};
	for (size_t k = 0; k < 2; k++) {
		const char *text = ends[k];
		arb_reader *r = arb_reader_new_mem(text, strlen(text), "t.tgn", 10);
		arb_reader_hold_open_game(r);
		arb_record rec;
		arb_diag d;
		assert_int_equal(arb_reader_next(r, &rec, &d), 1);
		assert_int_equal(rec.line, 11);
		assert_int_equal(arb_reader_next(r, &rec, &d), 0);
		size_t off;
		uint32_t lines;
		assert_true(arb_reader_held(r, &off, &lines));
		assert_int_equal(off, strlen("[Game \"a\"]\nRed x\n"));
		assert_int_equal(lines, 12);
		arb_reader_free(r);
	}
	/* a batch that ends after a game's moves holds nothing back */
	static const char done[] = "[Game \"a\"]\nRed x\n";
	arb_reader *r = arb_reader_new_mem(done, sizeof done - 1, "t.tgn", 0);
	arb_reader_hold_open_game(r);
	arb_record rec;
	arb_diag d;
	assert_int_equal(arb_reader_next(r, &rec, &d), 1);
	assert_int_equal(arb_reader_next(r, &rec, &d), 0);
	size_t off;
	uint32_t lines;
	assert_false(arb_reader_held(r, &off, &lines));
	arb_reader_free(r);
}

/* Every record, diagnostic and item of `text` (read from memory of its
 * exact length, so a load past it shows under ASan) into out, as text. */
static void read_all(const char *text, size_t len, bool bytes, arb_buf *out)
{
	char *copy = malloc(len ? len : 1);
	assert_non_null(copy);
	memcpy(copy, text, len);
	arb_reader *r = arb_reader_new_mem(copy, len, "t.tgn", 0);
	r->lex_bytes = bytes;
	arb_record rec;
	arb_diag d;
	int rc;
	char line[1024];
	while ((rc = arb_reader_next(r, &rec, &d)) != 0) {
		if (rc < 0) {
			snprintf(line, sizeof line, "diag %u:%u %s\n", d.line, d.col, d.msg);
			arb_buf_puts(out, line);
			continue;
		}
		snprintf(line, sizeof line,
			 "game %u tags %zu turns %zu toks %zu coms %zu items %zu\n", rec.line,
			 rec.ntags, rec.nturns, rec.ntok, rec.ncomments, rec.nitems);
		arb_buf_puts(out, line);
		for (size_t i = 0; i < rec.ntok; i++) {
			snprintf(line, sizeof line, "tok %td %u %u:%u\n", rec.tok[i].s - copy,
				 rec.tok[i].len, rec.tok[i].line, rec.tok[i].col);
			arb_buf_puts(out, line);
		}
		for (size_t i = 0; i < rec.nturns; i++) {
			const arb_turn *t = &rec.turns[i];
			snprintf(line, sizeof line, "turn %zu+%zu %u:%u %ld\n", t->first, t->ntok,
				 t->line, t->col, t->number);
			arb_buf_puts(out, line);
		}
		for (size_t i = 0; i < rec.ncomments; i++) {
			snprintf(line, sizeof line, "com %u:%u %zu\n", rec.comments[i].line,
				 rec.comments[i].col, rec.comments[i].len);
			arb_buf_puts(out, line);
		}
		for (size_t i = 0; i < rec.nitems; i++) {
			snprintf(line, sizeof line, "item %d %zu %d\n", (int)rec.items[i].kind,
				 rec.items[i].index, rec.items[i].same_line);
			arb_buf_puts(out, line);
		}
	}
	arb_reader_free(r);
	free(copy);
}

/* The fast path's two ways of cutting words (SSE2, where there is SSE2,
 * and byte by byte) agree on lines made to fall on their edges: words
 * across 16- and 64-byte boundaries, blanks of every kind, comments,
 * NUL, bytes >= 0x80, turn numbers, long lines and words, no newline at
 * the end. */
static void test_fast_words_agree(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"Red O 1,0 90",
		"Blue roll 3+3 trade White lumber+grain for ore buy knight",
		"Red 12 wall S4 +g permit 0 2,12",
		"  Red B 1,5 90 cloister",
		"Red\tB 1,5\r",
		"Red O 1,0 90\r",
		"Red O 1,0 90 \r",
		"\r",
		"Red \r O",
		"Red B 1,5 90 ; a comment",
		"Red {a comment} B 1,5",
		"Red {a comment",
		"going on} B 1,5",
		"Red } B",
		"12. Red B 1,5",
		"1234567890. Red",
		"12.",
		"Red\x01\x0b word",
		("R\xc3\xa9"
		 "d B 1,5"), /* split: \xa9d would be one escape */
		"Red \xff B",
		"Red a|b ~c d\x7f e z{ y",
		"Red a|b ~c d\x7f e",
		" [Game \"x\"]",
		"",
		"   ",
		"\t \r",
		"a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j",
		"a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j\r",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz\r",
	};
	static const char *const tags = "[Game \"carcassonne\"]\n[Red \"a\"]\n\n";
	arb_buf text = { 0 }, a = { 0 }, b = { 0 };
	unsigned seed = 1;
	for (int round = 0; round < 400; round++) {
		text.len = 0;
		arb_buf_puts(&text, tags);
		/* words enough that the arrays grow past the fast path's margin */
		for (int i = 0; i < 40; i++)
			arb_buf_puts(&text, "a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh\n");
		int n = 1 + (int)(seed % 60);
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned k = (seed >> 8) % (sizeof lines / sizeof *lines + 20);
			if (k < sizeof lines / sizeof *lines) {
				arb_buf_puts(&text, lines[k]);
			} else { /* words of 1..80 bytes, 1..4 spaces apart, or
				  * one apart with none after the last (the
				  * common line, cut a word a count) */
				unsigned words = 1 + (seed >> 16) % 12;
				bool one = (seed >> 24) % 3 == 0;
				for (unsigned w = 0; w < words; w++) {
					seed = seed * 1103515245u + 12345u;
					unsigned wl = 1 + (seed >> 9) % (k % 3 ? 9 : 80);
					for (unsigned c = 0; c < wl; c++)
						arb_buf_putc(&text, (char)('a' + (c + w) % 26));
					unsigned sp = one ? w + 1 < words : 1 + (seed >> 20) % 4;
					for (unsigned c = 0; c < sp; c++)
						arb_buf_putc(&text, ' ');
				}
			}
			if (i < n - 1 || seed % 5)
				arb_buf_putc(&text, (seed >> 12) % 41 ? '\n' : '\0');
			if ((seed >> 14) % 97 == 0)
				arb_buf_puts(&text, tags);
		}
		if (round % 50 == 0) { /* a NUL inside, a line of 70,000 bytes */
			for (int i = 0; i < 35000; i++)
				arb_buf_puts(&text, "a ");
			arb_buf_putc(&text, '\n');
		}
		if (round % 50 == 25) { /* a turn's most words, with a number */
			arb_buf_puts(&text, "7.");
			for (int i = 0; i < 1024; i++)
				arb_buf_puts(&text, " a");
			arb_buf_putc(&text, '\n');
		}
		a.len = b.len = 0;
		read_all(text.p, text.len, false, &a);
		read_all(text.p, text.len, true, &b);
		assert_int_equal(a.len, b.len);
		assert_memory_equal(a.p, b.p, a.len);
	}
	arb_buf_free(&text);
	arb_buf_free(&a);
	arb_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tags_and_turns),
		cmocka_unit_test(test_games_split_at_tag_after_moves),
		cmocka_unit_test(test_unread_lines_only),
		cmocka_unit_test(test_brace_comment_inside_turn),
		cmocka_unit_test(test_bad_inputs),
		cmocka_unit_test(test_long_line_is_an_error_then_resync),
		cmocka_unit_test(test_byte_order_mark),
		cmocka_unit_test(test_empty_and_comment_only),
		cmocka_unit_test(test_many_games_bounded_buffers),
		cmocka_unit_test(test_hold_open_game),
		cmocka_unit_test(test_fast_words_agree),
	};
	return cmocka_run_group_tests_name("reader", tests, NULL, NULL);
}
