/*
 * format.c — writing one Catan turn line in canonical form (the format
 * op): every action in the spelling notation/catan.md gives first, so
 * that fmt, gen and the referee write the same bytes for the same move.
 * Reading a line is notation.c's.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"

/* Append a decimal number: the formatter's hot path, where printf's
 * parsing of a format was a quarter of a live Catan action. */
static void put_u(arb_buf *out, unsigned v)
{
	char d[12];
	size_t n = 0;
	do
		d[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n)
		arb_buf_putc(out, d[--n]);
}

void cat_put_cards(arb_buf *out, const unsigned v[CAT_RES])
{
	bool any = false;
	for (unsigned r = 0; r < CAT_RES; r++) {
		if (!v[r])
			continue;
		if (any)
			arb_buf_putc(out, '+');
		if (v[r] > 1)
			put_u(out, v[r]);
		arb_buf_puts(out, cat_res_name[r]);
		any = true;
	}
	if (!any)
		arb_buf_puts(out, "nothing");
}

/* A bundle of the engine's (counts in bytes), by cat_put_cards. */
static void put_bundle(arb_buf *out, const uint8_t v[CAT_RES])
{
	unsigned n[CAT_RES];
	for (unsigned r = 0; r < CAT_RES; r++)
		n[r] = v[r];
	cat_put_cards(out, n);
}

void cat_bundle_str(const uint8_t v[CAT_RES], char *out, size_t len)
{
	arb_buf b = { 0 };
	put_bundle(&b, v);
	snprintf(out, len, "%s", b.p ? b.p : "");
	arb_buf_free(&b);
}

static void put_robber(const cat_game *g, const cat_act *a, arb_buf *out)
{
	arb_buf_putc(out, ' ');
	arb_buf_putc(out, (char)('A' + a->a));
	if (a->b != CAT_NONE)
		arb_buf_put_all(out, " steal ", cat_cname(g, a->b), " ",
				a->c == CAT_UNSEEN ? "?" : cat_res_name[a->c], (char *)NULL);
}

/* A discard: its cards, and how many unseen ("2ore+3?"). */
static void put_discard(const cat_game *g, const cat_act *a, arb_buf *out)
{
	arb_buf_put_all(out, " discard ", cat_cname(g, a->a), " ", (char *)NULL);
	if (cat_bundle_total(a->give)) {
		put_bundle(out, a->give);
		if (a->b)
			arb_buf_putc(out, '+');
	}
	if (a->b > 1)
		put_u(out, a->b);
	if (a->b)
		arb_buf_putc(out, '?');
}

/* A trade with a player (who may be named first, the one offering) or
 * with the bank. */
static void put_trade(const cat_game *g, const cat_act *a, arb_buf *out)
{
	arb_buf_puts(out, " trade ");
	if (a->kind == A_TRADE && a->c != CAT_NONE)
		arb_buf_put_all(out, cat_cname(g, a->c), " ", (char *)NULL);
	arb_buf_put_all(out, a->kind == A_BANK ? "bank" : cat_cname(g, a->a), " ", (char *)NULL);
	put_bundle(out, a->give);
	arb_buf_puts(out, " for ");
	put_bundle(out, a->get);
}

/* Monopoly, with what it took in all or from each player when said. */
static void put_monopoly(const cat_game *g, const cat_move *m, const cat_act *a, arb_buf *out)
{
	arb_buf_put_all(out, " play monopoly ", cat_res_name[a->a], (char *)NULL);
	if (a->b == MONO_TAKE_TOTAL) {
		arb_buf_puts(out, " takes ");
		put_u(out, a->c);
	} else if (a->b == MONO_TAKE_EACH) {
		arb_buf_puts(out, " takes");
		for (unsigned p = 0; p < g->nseats; p++)
			if (p != m->seat) {
				arb_buf_put_all(out, " ", cat_cname(g, p), " ", (char *)NULL);
				put_u(out, a->give[p]);
			}
	}
}

/* One action of a turn line, with the space before it. */
static void put_act(const cat_game *g, const cat_move *m, const cat_act *a, arb_buf *out)
{
	char nm[8];
	switch (a->kind) {
	case A_ROLL:
		arb_buf_puts(out, " roll ");
		put_u(out, a->a);
		if (a->b) {
			arb_buf_putc(out, '+');
			put_u(out, a->b);
		}
		break;
	case A_DISCARD:
		put_discard(g, a, out);
		break;
	case A_ROBBER:
		arb_buf_puts(out, " robber");
		put_robber(g, a, out);
		break;
	case A_TRADE:
	case A_BANK:
		put_trade(g, a, out);
		break;
	case A_ROAD:
		cat_edge_name(g->d, a->a, nm);
		arb_buf_put_all(out, " road ", nm, (char *)NULL);
		break;
	case A_SETTLE:
	case A_CITY:
		cat_node_name(g->d, a->a, nm);
		arb_buf_put_all(out, a->kind == A_CITY ? " city " : " settlement ", nm,
				(char *)NULL);
		break;
	case A_BUY:
		arb_buf_put_all(out, " buy ", a->a == CAT_UNSEEN ? "?" : cat_dev_name[a->a],
				(char *)NULL);
		break;
	case A_KNIGHT:
		arb_buf_puts(out, " play knight");
		put_robber(g, a, out);
		break;
	case A_ROADS:
		cat_edge_name(g->d, a->a, nm);
		arb_buf_put_all(out, " play road-building ", nm, (char *)NULL);
		if (a->b != CAT_NONE) {
			cat_edge_name(g->d, a->b, nm);
			arb_buf_put_all(out, " ", nm, (char *)NULL);
		}
		break;
	case A_PLENTY:
		arb_buf_puts(out, " play year-of-plenty ");
		put_bundle(out, a->get);
		break;
	case A_MONOPOLY:
		put_monopoly(g, m, a, out);
		break;
	case A_REVEAL:
		arb_buf_puts(out, " reveal ");
		if (a->a > 1)
			put_u(out, a->a);
		arb_buf_puts(out, "vp");
		break;
	case A_LONGEST:
	case A_ARMY:
		arb_buf_put_all(out, a->kind == A_ARMY ? " army " : " longest ",
				a->a == CAT_NONE ? "none" : cat_cname(g, a->a), (char *)NULL);
		break;
	case A_VP:
		arb_buf_put_all(out, " score ", cat_cname(g, a->a), " ", (char *)NULL);
		put_u(out, a->b);
		break;
	case A_GETS:
		arb_buf_put_all(out, " gets ", cat_cname(g, a->a), " ", (char *)NULL);
		put_bundle(out, a->get);
		break;
	default:
		assert(!"unknown action");
	}
}

void cat_format(const void *game, const void *move, arb_buf *out)
{
	const cat_game *g = game;
	const cat_move *m = move;
	arb_buf_puts(out, cat_cname(g, m->seat));
	for (unsigned i = 0; i < m->n; i++)
		put_act(g, m, &m->act[i], out);
}
