/*
 * catan_board.c — the Catan engine's data and TGN spelling for the Catan
 * importers (see catan_board.h).  The data is the engine's embedded
 * notation/catan/catan.yaml, loaded through the engine's own data_load, so
 * an importer and the replay of its output agree on the island.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "catan_board.h"
#include "../core/data.h"
#include "../games/registry.h"

static struct {
	const arb_game_ops *game;
	cat_data *d;
} C;

const cat_data *arb_icat_data(arb_import_error *err)
{
	if (C.d)
		return C.d;
	C.game = arb_game_find("catan");
	if (!C.game || !C.game->data || !C.game->data_load) {
		arb_import_fail(err, 0, 0, "this arbiter has no catan engine");
		return NULL;
	}
	arb_data_error derr;
	memset(&derr, 0, sizeof derr);
	arb_node *root = arb_data_parse(C.game->data, *C.game->data_size, &derr);
	if (root)
		C.d = C.game->data_load(root, &derr);
	arb_data_free(root);
	if (!C.d)
		arb_import_fail(err, 0, 0, "%s:%u: %s", C.game->data_name, (unsigned)derr.line,
				derr.msg);
	return C.d;
}

void arb_icat_free(void)
{
	if (C.d && C.game->data_free)
		C.game->data_free(C.d);
	C.d = NULL;
}

void arb_icat_cards(arb_buf *b, const unsigned v[CAT_RES])
{
	cat_put_cards(b, v); /* the engine's spelling */
}

void arb_icat_board(arb_buf *b, const cat_data *d, const int terrain[CAT_HEXES],
		    const int token[CAT_HEXES], const int harb_kind[CAT_HARBOURS],
		    const int harb_edge[CAT_HARBOURS])
{
	arb_buf_puts(b, "hexes=");
	for (int h = 0; h < CAT_HEXES; h++) {
		arb_buf_printf(b, "%s%c", h ? "," : "", cat_res_letter[terrain[h]]);
		if (token[h])
			arb_buf_printf(b, "%d", token[h]);
	}
	arb_buf_puts(b, " harbours=");
	for (int i = 0; i < CAT_HARBOURS; i++) {
		char en[8];
		cat_edge_name(d, (unsigned)harb_edge[i], en);
		arb_buf_printf(b, "%s%s@%s", i ? "," : "",
			       harb_kind[i] == CAT_RES ? "3:1" : cat_res_name[harb_kind[i]], en);
	}
}

int arb_icat_need_turn(arb_import_error *err, uint32_t lineno, int cur, long pn, const char *what)
{
	if (cur < 0 || pn != cur)
		return arb_import_fail(err, lineno, lineno ? 1 : 0,
				       "player %ld %s outside their turn", pn, what);
	return 0;
}

void arb_icat_put_turn(arb_buf *moves, const char *colour, arb_buf *line)
{
	arb_buf_puts(moves, colour);
	arb_buf_put(moves, line->p, line->len);
	arb_buf_putc(moves, '\n');
	arb_buf_reset(line);
}

void arb_icat_put_placement(arb_buf *moves, const cat_data *d, const char *colour, int node,
			    int edge)
{
	char nn[4], en[8];
	cat_node_name(d, (unsigned)node, nn);
	cat_edge_name(d, (unsigned)edge, en);
	arb_buf_printf(moves, "%s settlement %s road %s", colour, nn, en);
}

void arb_icat_put_trade(arb_buf *line, const char *with, const unsigned give[CAT_RES],
			const unsigned get[CAT_RES])
{
	arb_buf_printf(line, " trade %s ", with);
	arb_icat_cards(line, give);
	arb_buf_puts(line, " for ");
	arb_icat_cards(line, get);
}

void arb_icat_put_end(arb_buf *out, const arb_buf *setup, bool over, const arb_buf *moves)
{
	arb_buf_puts(out, "[Setup \"");
	arb_buf_put(out, setup->p, setup->len);
	arb_buf_puts(out, "\"]\n");
	if (!over)
		arb_buf_puts(out, "[Result \"*\"]\n");
	arb_buf_putc(out, '\n');
	arb_buf_put(out, moves->p, moves->len);
}
