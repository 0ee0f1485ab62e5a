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

#endif
