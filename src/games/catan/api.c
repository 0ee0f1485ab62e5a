/*
 * api.c — the island's geometry asked through functions (catan_api.h), for
 * code outside the engine, which does not see cat_data's tables; the
 * engine's own notation finds a path between two nodes here too.
 */
#include "catan.h"

int cat_node_at(const cat_data *d, int x, int r)
{
	if (x < 0 || x > 10 || r < 0 || r > 5)
		return -1;
	return d->g.node_at[r][x];
}

int cat_edge_between(const cat_data *d, int a, int b)
{
	if (a < 0 || b < 0)
		return -1;
	for (unsigned i = 0; i < d->g.node_nadj[a]; i++)
		if (d->g.node_adj[a][i] == b)
			return d->g.node_edge[a][i];
	return -1;
}

bool cat_edge_touches(const cat_data *d, unsigned e, int v)
{
	return d->g.edge_node[e][0] == v || d->g.edge_node[e][1] == v;
}

int cat_hex_at(const cat_data *d, int x, int r)
{
	for (unsigned h = 0; h < CAT_HEXES; h++)
		if (d->g.hex_x[h] == x && d->g.hex_row[h] == r)
			return (int)h;
	return -1;
}

void cat_hex_place(const cat_data *d, unsigned h, int *x, int *r)
{
	*x = d->g.hex_x[h];
	*r = d->g.hex_row[h];
}

int cat_hex_corner(const cat_data *d, unsigned h, unsigned k)
{
	return d->g.hex_node[h][k];
}

unsigned cat_bank_cards(const cat_data *d)
{
	return d->bank;
}

unsigned cat_dev_cards(const cat_data *d, unsigned kind)
{
	return d->dev_count[kind];
}
