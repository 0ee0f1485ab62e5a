/*
 * catan_board.h — what the Catan importers (pioneers.c and
 * soclog.c) share: the Catan engine's own data (the island's geometry,
 * the box), loaded once from its embedded YAML, and the writing of cards,
 * places and a Setup tag in TGN's canonical spelling.  The importers map
 * their program's coordinates onto the engine's geometry, asked through
 * the engine's public catan_api.h, instead of carrying a copy of the
 * island.
 */
#ifndef ARB_IMPORT_CATAN_BOARD_H
#define ARB_IMPORT_CATAN_BOARD_H

#include "import.h"
#include "../games/catan/catan_api.h"

/* The engine's data (loaded on first use).  NULL with *err set. */
const cat_data *arb_icat_data(arb_import_error *err);
void arb_icat_free(void);

/* Append " 2brick+ore" style cards (canonical order and counts);
 * `nothing` when all are zero. */
void arb_icat_cards(arb_buf *b, const unsigned v[CAT_RES]);

/* Append the board as the Setup tag's fields "hexes=... harbours=...":
 * per hex its terrain (a resource or T_DESERT) and number token (0 on the
 * desert), per harbour its kind (a resource, or CAT_RES for 3:1) and
 * path. */
void arb_icat_board(arb_buf *b, const cat_data *d, const int terrain[CAT_HEXES],
		    const int token[CAT_HEXES], const int harb_kind[CAT_HARBOURS],
		    const int harb_edge[CAT_HARBOURS]);

/* What the two Catan log importers (soclog.c, pioneers.c) share. */
/* An error at line `lineno` of a log (0: the whole log); returns -1. */
#define ARB_ICAT_FAIL(c, ...) \
	arb_import_fail((c)->err, (c)->lineno, (c)->lineno ? 1 : 0, __VA_ARGS__)
/* 0 when player pn's line is the one open (`cur`, -1: none); else -1,
 * the error at line `lineno` naming `what` the player did. */
int arb_icat_need_turn(arb_import_error *err, uint32_t lineno, int cur, long pn, const char *what);
/* Append a turn line to `moves`: the colour, then `line`'s actions; the
 * line is emptied for the next. */
void arb_icat_put_turn(arb_buf *moves, const char *colour, arb_buf *line);
/* Append a set-up placement "Colour settlement NODE road EDGE" (no
 * newline). */
void arb_icat_put_placement(arb_buf *moves, const cat_data *d, const char *colour, int node,
			    int edge);
/* Append a trade " trade WITH GIVE for GET" (WITH a colour or "bank"). */
void arb_icat_put_trade(arb_buf *line, const char *with, const unsigned give[CAT_RES],
			const unsigned get[CAT_RES]);
/* Append a record's end: the Setup tag holding `setup`, the Result tag of
 * a game not over, the blank line and the turn lines. */
void arb_icat_put_end(arb_buf *out, const arb_buf *setup, bool over, const arb_buf *moves);

#endif
