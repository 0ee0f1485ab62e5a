/*
 * catan_api.h — what code outside the Catan engine may know of it: the
 * island's sizes, the names of resources, cards and seat colours, and the
 * island's geometry asked through functions.  The importers (src/import/)
 * map their programs' boards onto the engine's island through this header
 * alone, so the engine's private types (catan.h) may change under them;
 * catan.h includes it, so each fact here is stated once for both.
 */
#ifndef ARB_CATAN_API_H
#define ARB_CATAN_API_H

#include <stdbool.h>

#define CAT_HEXES 19
#define CAT_RES 5 /* brick lumber wool grain ore            */
#define CAT_DEV 5 /* knight road-building plenty monopoly vp */
#define CAT_HARBOURS 9
#define CAT_MAX_BANK 51 /* cards per resource: 5 x 51 fit a hand's byte */

enum { R_BRICK, R_LUMBER, R_WOOL, R_GRAIN, R_ORE };
enum { D_KNIGHT, D_ROADS, D_PLENTY, D_MONOPOLY, D_VP };
enum { T_DESERT = CAT_RES }; /* terrain = the resource it yields, or desert */

/* The components and the island, loaded from notation/catan/catan.yaml by
 * the ops table's data_load (games/registry.h). */
typedef struct cat_data cat_data;

/* catan.c: seat colours in seat order, NULL-ended (the ops table's). */
extern const char *const cat_colours[];

/* notation.c: TGN's words */
extern const char *const cat_res_name[CAT_RES];
extern const char *const cat_dev_name[CAT_DEV];
extern const char cat_res_letter[CAT_RES + 1]; /* B L W G O, D the desert */
void cat_node_name(const cat_data *d, unsigned node, char out[4]);
void cat_edge_name(const cat_data *d, unsigned edge, char out[8]);
/* format.c: cards in TGN's canonical spelling, appended to `out` (an
 * arb_buf): resources in cost-card order, counts above 1 ("2brick+ore"),
 * "nothing" when all are zero; the engine's and the importers' bundles. */
struct arb_buf;
void cat_put_cards(struct arb_buf *out, const unsigned v[CAT_RES]);

/* api.c: the island, for code that may not see its tables */
/* The node at half-hex column x (0..10) and row r (0..5), or -1 off the
 * island. */
int cat_node_at(const cat_data *d, int x, int r);
/* The path joining nodes a and b, or -1 (a or b -1, or not neighbours). */
int cat_edge_between(const cat_data *d, int a, int b);
/* Whether path e ends at node v. */
bool cat_edge_touches(const cat_data *d, unsigned e, int v);
/* The hex whose centre is column x, row r (0..4), or -1. */
int cat_hex_at(const cat_data *d, int x, int r);
/* Hex h's centre: its column and row. */
void cat_hex_place(const cat_data *d, unsigned h, int *x, int *r);
/* Corner k of hex h (0..5: N NE SE S SW NW). */
int cat_hex_corner(const cat_data *d, unsigned h, unsigned k);
/* The box: cards per resource in the bank, development cards of a kind. */
unsigned cat_bank_cards(const cat_data *d);
unsigned cat_dev_cards(const cat_data *d, unsigned kind);

#endif
