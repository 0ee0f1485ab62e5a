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
#include "games/registry.h"

/* A record read from text: fz_read reads the first record of `text`
 * (which must outlive it); true when there was one.  fz_unread frees it,
 * also after a failed fz_read.  Each reader allocates its game buffer at
 * its limit (8 MiB), which ASan poisons at every free: a harness reads a
 * record once and sets up as many games from it as it needs. */
typedef struct fz_doc {
	FILE *f;
	arb_reader *rd;
	arb_record rec;
} fz_doc;

static inline bool fz_read(fz_doc *doc, const arb_buf *text)
{
	memset(doc, 0, sizeof *doc);
	doc->f = fmemopen(text->p, text->len, "rb");
	if (!doc->f)
		abort();
	doc->rd = arb_reader_new(doc->f, "fuzz");
	arb_diag d;
	return arb_reader_next(doc->rd, &doc->rec, &d) == 1;
}

static inline void fz_unread(fz_doc *doc)
{
	arb_reader_free(doc->rd);
	fclose(doc->f);
}

/* A game set up from a record, as every command sets one up: true when
 * the engine created it (z->r.state).  fz_close frees it, also after a
 * failed fz_open. */
typedef struct fz_game {
	arb_replay r;
} fz_game;

static inline bool fz_open(fz_game *z, const fz_doc *doc)
{
	memset(z, 0, sizeof *z);
	z->r.rec = &doc->rec;
	z->r.games = &arb_registry;
	return arb_replay_setup(&z->r) == 0 && z->r.state;
}

static inline void fz_close(fz_game *z)
{
	arb_replay_free(&z->r);
}

/* Parse and apply one turn line; aborts when the engine refuses it. */
static inline void fz_must_apply(fz_game *z, const char *line)
{
	const arb_game_ops *g = z->r.game;
	arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t nt = arb_split_tokens(line, strlen(line), 1, 1, tok, ARB_MAX_TOKENS_PER_TURN);
	arb_reject rej;
	memset(z->r.move, 0, g->move_size);
	if (nt == 0 || nt > ARB_MAX_TOKENS_PER_TURN ||
	    g->parse(z->r.state, tok, nt, z->r.move, &rej) < 0 ||
	    g->apply(z->r.state, z->r.move, NULL, &rej) < 0)
		abort(); /* a listed or generated move is legal */
	const char *why;
	if (g->position_ok && !g->position_ok(z->r.state, &why))
		abort();
}

#endif
