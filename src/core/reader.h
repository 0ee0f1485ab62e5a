/*
 * reader.h — the TGN record reader: a stream of bytes in, one game at a
 * time out (tags, turn lines split into tokens, comments, raw bytes).
 *
 * Games stream: the reader keeps one game in memory, so memory is bounded
 * by the largest game (ARB_MAX_GAME_BYTES), never by the input.  Every
 * malformed input is reported with FILE:LINE:COL.
 */
#ifndef ARB_READER_H
#define ARB_READER_H

#include <stdio.h>
#include "../games/game.h"

#define ARB_MAX_LINE 65536	      /* bytes in one line            */
#define ARB_MAX_GAME_BYTES (8u << 20) /* bytes in one game            */
#define ARB_MAX_TOKENS_PER_TURN 1024
#define ARB_MAX_TAGS 256
/* What is looked at of a stream's start to tell a file that is no TGN
 * (arb_reader_head): the same bytes whether read whole or in batches. */
#define ARB_HEAD_BYTES 65536
/* Each word, turn and comment costs the reader a few dozen bytes of
 * bookkeeping, so 8 MiB of one-letter turns once took 330 MB.  These
 * bound a game's memory to about 60 MB whatever its bytes; real games
 * hold a few hundred turns. */
#define ARB_MAX_GAME_TOKENS (1u << 20)	 /* words in one game            */
#define ARB_MAX_GAME_TURNS (1u << 17)	 /* turn lines in one game       */
#define ARB_MAX_GAME_COMMENTS (1u << 17) /* comments in one game        */

/* A diagnostic: where and what.  `file` is borrowed. */
typedef struct arb_diag {
	const char *file;
	uint32_t line, col; /* 0 = the whole file */
	char msg[ARB_MSG_MAX];
} arb_diag;

/* Fill `d`: file:line:col and the message, cut between characters when
 * longer than ARB_MSG_MAX (core/reject.c, with the rejections). */
void arb_diag_vset(arb_diag *d, const char *file, uint32_t line, uint32_t col, const char *fmt,
		   va_list ap) __attribute__((format(printf, 5, 0)));

/* A turn line (arb_turn) is in games/game.h: engines may read ahead. */

/* A comment, kept so `fmt` loses nothing the user wrote. */
typedef struct arb_comment {
	const char *text; /* the whole comment, `;...` or `{...}`   */
	size_t len;
	uint32_t line, col;
} arb_comment;

/* What a game is made of, in input order (for `fmt`). */
typedef enum { ARB_ITEM_TAG, ARB_ITEM_TURN, ARB_ITEM_COMMENT } arb_item_kind;
typedef struct arb_item {
	arb_item_kind kind;
	size_t index;	/* into tags, turns or comments           */
	bool same_line; /* on the same line as the item before    */
} arb_item;

/* One game.  Everything points into the reader's buffers and stays valid
 * until the next call to arb_reader_next(). */
typedef struct arb_record {
	const char *file;
	uint32_t line; /* line of the first tag                  */
	arb_tag *tags;
	size_t ntags;
	arb_token *tok;
	size_t ntok;
	arb_turn *turns;
	size_t nturns;
	arb_comment *comments;
	size_t ncomments;
	arb_item *items;
	size_t nitems;
	const char *raw; /* the game's bytes exactly as read       */
	size_t rawlen;
	uint32_t raw_line; /* line of raw[0] in `file` as read         */
	bool has_origin;   /* placed by an [Origin "FILE:LINE"] tag   */
	size_t origin_tag; /* that tag's index in tags[]              */
	/* the keep of the thread that reads it (arb_reader_set_worker;
	 * NULL: none): its games are created there (arb_replay_init) */
	arb_worker *worker;
} arb_record;

/* The tag `select` writes first in a game it copies from a named file:
 * [Origin "FILE:LINE"] says that the line after it was line LINE of
 * FILE.  When it is a game's first tag, the reader reports the game's
 * positions (record, tags, words, diagnostics) in FILE, so a verdict on a
 * selected game names the place the user can open. */
#define ARB_ORIGIN_TAG "Origin"

/* The bytes of a game the reader could not read (for `select`, which
 * writes such a game unchanged rather than drop it).  Valid until the
 * next arb_reader_next(). */
typedef struct arb_broken {
	const char *raw;
	size_t len;
	uint32_t line; /* line of raw[0] in the stream              */
	bool whole;    /* every byte is there (not a too-long line, a
			* game past the size limit or a read error) */
} arb_broken;

typedef struct arb_reader arb_reader;

/* Read from `f` (not closed), naming it `name` in diagnostics. */
arb_reader *arb_reader_new(FILE *f, const char *name);
/* Read the `len` bytes at `bytes` (borrowed, unchanged, valid until
 * arb_reader_free) as the part of a stream named `name` that follows its
 * first `lines_before` lines (0: the stream's start, where a byte order
 * mark is skipped).  -j workers read their batch of games this way. */
arb_reader *arb_reader_new_mem(const char *bytes, size_t len, const char *name,
			       uint32_t lines_before);
void arb_reader_free(arb_reader *r);
/* The records `r` reads are replayed by the thread whose keep is `w`
 * (arb_worker, game.h): they carry it to arb_replay_init. */
void arb_reader_set_worker(arb_reader *r, arb_worker *w);
/* Whether the records' items (their tags, turns and comments in input
 * order) are filled: yes unless told otherwise.  Only `fmt` reads them,
 * and a turn line's item is a fifth of the reader's work on short
 * lines; without them every record has nitems == 0. */
void arb_reader_keep_order(arb_reader *r, bool keep);
/* Whether the input ended inside a game: among its tags or in a {...}
 * comment, where more input would have continued the game rather than
 * start the next (false while the end has not been reached). */
bool arb_reader_ended_inside_game(const arb_reader *r);
/* The bytes are not the stream's end (a -j batch before the last): a game
 * still open where they end (among its tags, in a {...} comment, or only
 * blank lines and comments so far) is not returned, nor its error, since
 * more input could continue it; arb_reader_held() says where it began.
 * Call before the first arb_reader_next(). */
void arb_reader_hold_open_game(arb_reader *r);
/* After arb_reader_next() returned 0 on such a reader: whether a game was
 * held, and then the offset of its first byte in the bytes and the lines
 * of the stream before it (what arb_reader_new_mem takes to read it on). */
bool arb_reader_held(const arb_reader *r, size_t *off, uint32_t *lines_before);
/* Give back what a caller took from the stream before handing it over
 * (standings looks for the first byte that is not blank): `lines` lines
 * (counted, so diagnostics keep the stream's line numbers) and then `len`
 * bytes (at most ARB_MAX_LINE + 1) of the line that follows.  Call before
 * the first arb_reader_next(). */
void arb_reader_unread(arb_reader *r, uint32_t lines, const char *bytes, size_t len);

/* Before the first arb_reader_next() of a whole stream: its first bytes
 * (ARB_HEAD_BYTES or more, fewer when the stream is shorter), read but not
 * consumed, so that the caller can tell another program's file or a
 * binary one before reading it as TGN; NULL when the stream's start is
 * gone (a batch after the first, bytes unread by the caller). */
const char *arb_reader_head(arb_reader *r, size_t *len);

/* The next game: 1 and *rec filled, 0 at the end of the stream, -1 with
 * *diag set on a syntax or read error.  After an error the rest of the
 * bad game, up to the next tag line that starts a game, is read at once
 * (see arb_reader_broken) and the next call goes on from there. */
int arb_reader_next(arb_reader *r, arb_record *rec, arb_diag *diag);

/* After arb_reader_next() returned -1: the failed game's bytes, up to
 * the start of the next game (the reader skips them at once). */
void arb_reader_broken(const arb_reader *r, arb_broken *b);

/* Lines of the stream read so far, with those before the reader's bytes:
 * at the end of a batch, the lines before the next one. */
uint32_t arb_reader_lines(const arb_reader *r);

#endif
