/*
 * fuzz_play.h — playing a record's game inside a harness: set it up from
 * a record's text through the reader and arb_replay_setup, as every
 * command does, then apply turn lines that must be legal (the ones the
 * engine listed or generated itself).  Header-only, for fuzz_setup.c and
 * fuzz_data.c.
 */
#ifndef FUZZ_PLAY_H
#define FUZZ_PLAY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/reader.h"
#include "core/replay.h"
#include "core/tokens.h"

/* A game set up from a record's text: fz_open reads the first record of
 * `text` (which must outlive the game) and sets it up; true when the
 * engine created the game (z->r.state).  fz_close frees it all, also
 * after a failed fz_open. */
typedef struct fz_game {
	FILE *f;
	arb_reader *rd;
	arb_record rec;
	arb_replay r;
} fz_game;

static inline bool fz_open(fz_game *z, const arb_buf *text)
{
	memset(z, 0, sizeof *z);
	z->f = fmemopen(text->p, text->len, "rb");
	if (!z->f)
		abort();
	z->rd = arb_reader_new(z->f, "fuzz");
	arb_diag d;
	if (arb_reader_next(z->rd, &z->rec, &d) != 1)
		return false;
	z->r.rec = &z->rec;
	return arb_replay_setup(&z->r) == 0;
}

static inline void fz_close(fz_game *z)
{
	arb_replay_free(&z->r);
	arb_reader_free(z->rd);
	fclose(z->f);
}

/* Parse and apply one turn line; aborts when the engine refuses it. */
static inline void fz_must_apply(fz_game *z, const char *line)
{
	const arb_game_ops *g = z->r.game;
	arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t nt = arb_split_tokens(line, strlen(line), 1, 1, tok,
				     ARB_MAX_TOKENS_PER_TURN);
	arb_reject rej;
	memset(z->r.move, 0, g->move_size);
	if (nt == 0 || nt > ARB_MAX_TOKENS_PER_TURN ||
	    g->parse(z->r.state, tok, nt, z->r.move, &rej) < 0 ||
	    g->apply(z->r.state, z->r.move, NULL, &rej) < 0)
		abort();   /* a listed or generated move is legal */
	const char *why;
	if (g->position_ok && !g->position_ok(z->r.state, &why))
		abort();
}

#endif
