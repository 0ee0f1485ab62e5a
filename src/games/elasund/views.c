/*
 * views.c — Elasund records of what one player could see
 * (notation/elasund.md, "Records of what one player could see").
 *
 * A view record writes `?` for influence cards it did not see.  The
 * position then counts each hand's, the deck's and the discards'
 * influence cards in colour 0 only (how many: every reader knows that),
 * and the colours live here, as every way the unseen cards could have
 * gone that the record so far allows (a world: each hand, the deck, the
 * discards and the pirates' pool by colour).  The rules play a turn on
 * the counts, recording each card move (g->vop); once the rest of the
 * turn is legal, el_view_commit plays the moves over every world, a `?`
 * branching into each colour the source may hold, and drops the worlds
 * a named card does not fit.  A turn that leaves none is refused.  So a
 * record is legal exactly when some assignment of its unseen cards makes
 * it legal.  Elasund has three colours and small hands, so the worlds
 * are few; past EL_MAXWORLDS the record is not decided
 * (too-many-unknowns).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "elasund.h"

/* ------------------------------------------------------------ set-up */

int el_view_setup(el_game *g, const arb_setup *su, arb_reject *rej)
{
	const arb_tag *t = arb_setup_tag(su, "View");
	g->view = EL_NOVIEW;
	if (!t)
		return 0;
	if (strcasecmp(t->value, "observer") == 0) {
		g->view = EL_OBSERVER;
		return 0;
	}
	for (unsigned s = 0; s < g->nseats; s++)
		if (strcasecmp(t->value, el_cname(g, (int)s)) == 0) {
			g->view = (int8_t)s;
			return 0;
		}
	char seats[64];
	arb_seat_list(seats, sizeof seats, el_colours, g->colour, g->nseats, (1u << g->nseats) - 1,
		      true);
	return arb_reject_rule(rej, el_rules, EL_R_BAD_VIEW, t->line, t->col,
			       "the View tag names a seat (%s) or observer, not '%s'", seats,
			       t->value);
}

/* The worlds of the start: the whole deck, of free colours, each seat
 * dealt its card. */
void el_view_start(el_game *g, const int8_t hands[EL_SEATS])
{
	const uint8_t *cards = g->d->cards[g->opt.cards];
	g->world = arb_xcalloc(1, sizeof *g->world);
	g->nworld = 1;
	g->world[0].ng = 1;
	for (int k = 0; k < NINFL; k++) {
		g->world[0].m[0][k] = cards[1 + k];
		g->world[0].u[0][WL_DECK] = (uint8_t)(g->world[0].u[0][WL_DECK] + cards[1 + k]);
	}
	el_pos *p = &g->pos;
	int total = 0;
	for (int k = 0; k < NINFL; k++) {
		total += p->deck[k] + p->disc[k];
		p->deck[k] = p->disc[k] = 0;
	}
	for (unsigned s = 0; s < g->nseats; s++) {
		int n = el_hand_infl(&p->seat[s]);
		memset(p->seat[s].infl, 0, sizeof p->seat[s].infl);
		p->seat[s].infl[0] = (int16_t)n;
	}
	p->deck[0] = (int16_t)total;
	el_at at = { 0, 0 };
	g->nvop = 0;
	for (unsigned s = 0; s < g->nseats; s++)
		el_vop_add(g, VOP_DRAW, (int)s, hands[s], 1, at);
	arb_reject rej;
	int rc = el_view_commit(g, &rej); /* a draw from a full deck fits */
	assert(rc == 0);
	(void)rc;
}

/* The worlds of a Setup tag's position, which names every card: one. */
void el_view_known(el_game *g)
{
	el_pos *p = &g->pos;
	g->world = arb_xcalloc(1, sizeof *g->world);
	g->nworld = 1;
	el_world *w = &g->world[0];
	int deck = 0, disc = 0;
	for (int k = 0; k < NINFL; k++) {
		w->k[WL_DECK][k] = (uint8_t)p->deck[k];
		w->k[WL_DISC][k] = (uint8_t)p->disc[k];
		deck += p->deck[k];
		disc += p->disc[k];
		p->deck[k] = p->disc[k] = 0;
	}
	p->deck[0] = (int16_t)deck;
	p->disc[0] = (int16_t)disc;
	for (unsigned s = 0; s < g->nseats; s++) {
		for (int k = 0; k < NINFL; k++)
			w->k[s][k] = (uint8_t)p->seat[s].infl[k];
		int n = el_hand_infl(&p->seat[s]);
		memset(p->seat[s].infl, 0, sizeof p->seat[s].infl);
		p->seat[s].infl[0] = (int16_t)n;
	}
}

/* Cards in place l of family w. */
static int held(const el_world *w, int l)
{
	int n = w->k[l][0] + w->k[l][1] + w->k[l][2];
	for (int j = 0; j < w->ng; j++)
		n += w->u[j][l];
	return n;
}

bool el_view_ok(const el_game *g)
{
	const el_pos *p = &g->pos;
	for (uint32_t i = 0; i < g->nworld; i++) {
		const el_world *w = &g->world[i];
		for (int j = 0; j < w->ng; j++) {
			int u = 0;
			for (int l = 0; l < WL_N; l++)
				u += w->u[j][l];
			if (u != w->m[j][0] + w->m[j][1] + w->m[j][2])
				return false;
		}
		if (held(w, WL_DECK) != p->deck[0] || held(w, WL_DISC) != p->disc[0] ||
		    held(w, WL_POOL))
			return false;
		for (unsigned s = 0; s < g->nseats; s++)
			if (held(w, (int)s) != p->seat[s].infl[0])
				return false;
	}
	return g->nworld > 0;
}

void el_view_free(el_game *g)
{
	free(g->world);
	g->world = NULL;
	g->nworld = 0;
}

/* dst was made a copy of src field by field (el_copy), its own worlds
 * put back: give it src's. */
void el_view_copy(el_game *dst, const el_game *src)
{
	if (!src->world && !dst->world)
		return;
	free(dst->world);
	dst->world = NULL;
	dst->nworld = src->nworld;
	if (src->nworld) {
		dst->world = arb_xmalloc(src->nworld * sizeof *dst->world);
		memcpy(dst->world, src->world, src->nworld * sizeof *dst->world);
	}
}

int el_few_cards(const el_game *g, int s, int n, el_at at, arb_reject *rej)
{
	int h = g->pos.seat[s].infl[0];
	return EL_REJ(rej, at, EL_R_NOT_ENOUGH_INFLUENCE, "%s holds %d influence card%s, not %d",
		      el_cname(g, s), h, arb_s(h), n);
}

void el_scratch(el_game *dst, const el_game *src)
{
	el_world *w = dst->world;
	uint32_t nw = dst->nworld;
	memcpy(dst, src, sizeof *dst);
	dst->world = w;
	dst->nworld = nw;
	el_view_copy(dst, src);
}

void el_vop_add(el_game *g, int kind, int seat, int colour, int n, el_at at)
{
	if (g->view == EL_NOVIEW || n <= 0)
		return;
	/* an unseen card branches alone: n of them are n moves */
	for (int k = 0; k < (colour == EL_U ? n : 1); k++) {
		if (g->nvop == EL_MAXVOP) { /* refused by el_view_commit */
			g->vop_full = true;
			return;
		}
		el_vop *o = &g->vop[g->nvop++];
		o->kind = (uint8_t)kind;
		o->seat = (uint8_t)seat;
		o->colour = (uint8_t)colour;
		o->n = (uint8_t)(colour == EL_U ? 1 : n);
		o->at = at;
	}
}

/* ------------------------------------------------- playing the moves */

static int world_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(el_world));
}

/* Sort and merge identical worlds. */
static uint32_t dedup(el_world *w, uint32_t n)
{
	if (n < 2)
		return n;
	qsort(w, n, sizeof *w, world_cmp);
	uint32_t k = 1;
	for (uint32_t i = 1; i < n; i++)
		if (memcmp(&w[i], &w[k - 1], sizeof *w) != 0)
			w[k++] = w[i];
	return k;
}

/* The place a move takes from, and the one it gives to. */
static int src_of(const el_vop *o)
{
	switch (o->kind) {
	case VOP_DRAW:
		return WL_DECK;
	case VOP_LOOT:
	case VOP_POOLEND:
		return WL_POOL;
	case VOP_MERGE:
		return WL_DISC;
	default:
		return o->seat;
	}
}

static int dst_of(const el_vop *o)
{
	switch (o->kind) {
	case VOP_DRAW:
	case VOP_LOOT:
		return o->seat;
	case VOP_PAY:
	case VOP_POOLEND:
		return WL_DISC;
	case VOP_PDISC:
		return WL_POOL;
	default:
		return WL_DECK;
	}
}

/* The same set of ways in one spelling: a group of one colour is fixed
 * cards, a group of no cards goes. */
static void canon(el_world *x)
{
	int n = 0;
	for (int j = 0; j < x->ng; j++) {
		int cols = (x->m[j][0] > 0) + (x->m[j][1] > 0) + (x->m[j][2] > 0);
		if (cols == 1) {
			int c = x->m[j][0] ? 0 : x->m[j][1] ? 1 : 2;
			for (int l = 0; l < WL_N; l++)
				x->k[l][c] = (uint8_t)(x->k[l][c] + x->u[j][l]);
		}
		if (cols <= 1)
			continue;
		if (n != j) {
			memcpy(x->m[n], x->m[j], sizeof x->m[n]);
			memcpy(x->u[n], x->u[j], sizeof x->u[n]);
		}
		n++;
	}
	for (int j = n; j < x->ng; j++) {
		memset(x->m[j], 0, sizeof x->m[j]);
		memset(x->u[j], 0, sizeof x->u[j]);
	}
	x->ng = (uint8_t)n;
}

/* Every card of place `from` into place `to`; into the deck, which is
 * shuffled, the cards of fixed colour become a group of their own (the
 * same ways: they are all in one place).  -1 when no group is left. */
static int merge(el_world *x, int from, int to)
{
	for (int k = 0; k < NINFL; k++) {
		x->k[to][k] = (uint8_t)(x->k[to][k] + x->k[from][k]);
		x->k[from][k] = 0;
	}
	for (int j = 0; j < x->ng; j++) {
		x->u[j][to] = (uint8_t)(x->u[j][to] + x->u[j][from]);
		x->u[j][from] = 0;
	}
	if (to != WL_DECK)
		return 0;
	/* The deck is shuffled: its fixed cards and the groups that lie
	 * wholly in it are one group (a card drawn is any of them). */
	uint8_t m[NINFL], u = 0;
	memcpy(m, x->k[to], sizeof m);
	memset(x->k[to], 0, sizeof x->k[to]);
	u = (uint8_t)(m[0] + m[1] + m[2]);
	for (int j = 0; j < x->ng; j++) {
		int n = x->m[j][0] + x->m[j][1] + x->m[j][2];
		if (x->u[j][to] != n)
			continue;
		for (int k = 0; k < NINFL; k++) {
			m[k] = (uint8_t)(m[k] + x->m[j][k]);
			x->m[j][k] = 0;
		}
		u = (uint8_t)(u + n);
		x->u[j][to] = 0;
	}
	if (!u)
		return 0;
	canon(x); /* drops the groups emptied */
	if (x->ng == EL_MAXGROUP)
		return -1;
	int j = x->ng++;
	memcpy(x->m[j], m, sizeof m);
	x->u[j][to] = u;
	canon(x); /* one colour: fixed cards again */
	return 0;
}

/* Take r cards of colour c from the groups' cards in place s, groups j
 * and on, into out[]: one family per way to split them among the
 * groups.  Returns how many (at most EL_MAXGROUP for r = 1, a few more
 * for the 2 and 3 cards of a fee). */
static int take_groups(const el_world *x, int s, int c, int r, int j, el_world *out, int cap)
{
	if (r == 0) {
		if (cap < 1)
			return 0;
		out[0] = *x;
		return 1;
	}
	if (j >= x->ng)
		return 0;
	int n = 0;
	int most = x->u[j][s] < x->m[j][c] ? x->u[j][s] : x->m[j][c];
	if (most > r)
		most = r;
	for (int t = 0; t <= most; t++) {
		el_world y = *x;
		y.u[j][s] = (uint8_t)(y.u[j][s] - t);
		y.m[j][c] = (uint8_t)(y.m[j][c] - t);
		n += take_groups(&y, s, c, r - t, j + 1, out + n, cap - n);
	}
	return n;
}

/* Families one move makes of one: a fee of 3 cards split among 6 groups
 * (56 ways) at most. */
#define EL_MAXBRANCH 64

/* Play move o in family w into out[] (at most EL_MAXBRANCH families).
 * Returns how many, or -1 past EL_MAXGROUP groups.  A named card is
 * taken from the cards of its colour fixed there first: the ways that
 * take a group's card instead are among those (that card may have the
 * colour), so the family stays exact with one. */
static int play_one(const el_world *w, const el_vop *o, el_world *out)
{
	el_world x = *w;
	int s = src_of(o), d = dst_of(o), n = 0;
	if (o->kind == VOP_DRAW && !held(&x, WL_DECK) && merge(&x, WL_DISC, WL_DECK) < 0)
		return -1; /* U3: the discards shuffled in */
	if (o->kind == VOP_POOLEND || o->kind == VOP_MERGE) {
		if (merge(&x, s, d) < 0)
			return -1;
		out[0] = x;
		n = 1;
	} else if (o->colour != EL_U) {
		int c = o->colour, fixed = x.k[s][c] < o->n ? x.k[s][c] : o->n;
		x.k[s][c] = (uint8_t)(x.k[s][c] - fixed);
		x.k[d][c] = (uint8_t)(x.k[d][c] + o->n);
		n = take_groups(&x, s, c, o->n - fixed, 0, out, EL_MAXBRANCH);
	} else {
		/* one card not seen: a fixed one of some colour, or a group's */
		for (int k = 0; k < NINFL; k++)
			if (x.k[s][k]) {
				out[n] = x;
				out[n].k[s][k]--;
				out[n].k[d][k]++;
				n++;
			}
		for (int j = 0; j < x.ng; j++)
			if (x.u[j][s]) {
				out[n] = x;
				out[n].u[j][s]--;
				out[n].u[j][d]++;
				n++;
			}
	}
	for (int i = 0; i < n; i++)
		canon(&out[i]);
	return n;
}

/* The least and most cards of colour c place l holds in family w: the
 * fixed ones, and of each group's cards there all or none as its colours
 * allow. */
static void held_range(const el_world *w, int l, int c, int *lo, int *hi)
{
	*lo = *hi = w->k[l][c];
	for (int j = 0; j < w->ng; j++) {
		int other = w->m[j][0] + w->m[j][1] + w->m[j][2] - w->m[j][c];
		int least = w->u[j][l] - other;
		*lo += least > 0 ? least : 0;
		*hi += w->u[j][l] < w->m[j][c] ? w->u[j][l] : w->m[j][c];
	}
}

/* The least and most of colour c at move o's source over the worlds. */
static void src_range(const el_game *g, const el_vop *o, int c, int *lo, int *hi)
{
	*lo = 255;
	*hi = 0;
	for (uint32_t i = 0; i < g->nworld; i++) {
		el_world x = g->world[i];
		if (o->kind == VOP_DRAW && !held(&x, WL_DECK))
			(void)merge(&x, WL_DISC, WL_DECK);
		int a, b;
		held_range(&x, src_of(o), c, &a, &b);
		*lo = a < *lo ? a : *lo;
		*hi = b > *hi ? b : *hi;
	}
}

/* Words for a move no world allows.  When every world agrees on the
 * source, the ordinary rule refuses it as a full record would. */
static int refuse(el_game *g, const el_vop *o, arb_reject *rej)
{
	int c = o->colour, lo, hi;
	src_range(g, o, c, &lo, &hi);
	const char *who = el_cname(g, o->seat), *cn = el_infl_names[c];
	if (lo == hi) {
		switch (o->kind) {
		case VOP_DRAW:
			return EL_REJ(rej, o->at, EL_R_DRAW_COLOUR,
				      "the influence deck holds no %s card now", cn);
		case VOP_PAY:
			return EL_REJ(rej, o->at, EL_R_NOT_ENOUGH_INFLUENCE,
				      "%s holds %d %s influence card%s, not %d", who, lo, cn,
				      arb_s(lo), o->n);
		case VOP_LOOT:
			return EL_REJ(rej, o->at, EL_R_LOOT_CARDS,
				      "the loot must come from the discarded cards");
		default:
			return EL_REJ(rej, o->at, EL_R_DISCARD_CARDS,
				      "%s holds only %d %s influence card%s", who, lo, cn,
				      arb_s(lo));
		}
	}
	switch (o->kind) {
	case VOP_DRAW:
		return EL_REJ(rej, o->at, EL_R_UNSEEN_CARDS,
			      "%s draws a %s card, but no way the unseen cards could have gone "
			      "leaves one in the influence deck (it holds %d to %d)",
			      who, cn, lo, hi);
	case VOP_LOOT:
		return EL_REJ(rej, o->at, EL_R_UNSEEN_CARDS,
			      "%s takes a %s card of loot, but no way the unseen cards could "
			      "have gone puts one among the cards discarded",
			      who, cn);
	default: {
		const char *verb = o->kind == VOP_PAY ? "pays" : "gives up";
		if (hi < o->n)
			return EL_REJ(
				rej, o->at, EL_R_UNSEEN_CARDS,
				"%s %s %d %s influence card%s, but every way the unseen cards "
				"could have gone leaves %s with at most %d",
				who, verb, o->n, cn, arb_s(o->n), who, hi);
		return EL_REJ(rej, o->at, EL_R_UNSEEN_CARDS,
			      "%s %s %d %s influence card%s, but no way the unseen cards could "
			      "have gone leaves %s with them and with the cards given up before "
			      "in this turn at once",
			      who, verb, o->n, cn, arb_s(o->n), who);
	}
	}
}

int el_view_commit(el_game *g, arb_reject *rej)
{
	if (g->view == EL_NOVIEW || !g->nvop)
		return 0;
	if (g->vop_full) {
		g->vop_full = false;
		g->nvop = 0;
		return EL_REJ(rej, g->vop[0].at, EL_R_TOO_MANY_UNKNOWNS,
			      "the turn moves more than %d influence cards: this view cannot be "
			      "decided",
			      EL_MAXVOP);
	}
	uint32_t n = g->nworld;
	el_world *cur = arb_xmalloc((size_t)n * sizeof *cur);
	memcpy(cur, g->world, (size_t)n * sizeof *cur);
	for (unsigned i = 0; i < g->nvop; i++) {
		const el_vop *o = &g->vop[i];
		/* a move that made one family of each at most, and merged no
		 * places, made no two alike of two unlike (so no merging) */
		bool branch = o->kind == VOP_POOLEND || o->kind == VOP_MERGE ||
			      (o->kind == VOP_DRAW && held(&cur[0], WL_DECK) == 0);
		size_t cap = (size_t)n + EL_MAXBRANCH;
		el_world *nx = arb_xmalloc(cap * sizeof *nx);
		uint32_t m = 0;
		bool deep = false;
		for (uint32_t j = 0; j < n && !deep; j++) {
			if (m + EL_MAXBRANCH > cap) {
				cap = cap * 2 + EL_MAXBRANCH;
				nx = arb_xrealloc(nx, cap * sizeof *nx);
			}
			int r = play_one(&cur[j], o, nx + m);
			deep = r < 0;
			branch |= r > 1;
			m += r < 0 ? 0 : (uint32_t)r;
		}
		if (deep) {
			free(cur);
			free(nx);
			g->nvop = 0;
			return EL_REJ(rej, o->at, EL_R_TOO_MANY_UNKNOWNS,
				      "the unseen cards were shuffled into the deck more than %d "
				      "times: this view cannot be decided",
				      EL_MAXGROUP);
		}
		if (branch)
			m = dedup(nx, m);
		if (m == 0) {
			/* the words are said over the worlds before this move */
			el_world *keep = g->world;
			uint32_t kn = g->nworld;
			g->world = cur;
			g->nworld = n;
			refuse(g, o, rej);
			g->world = keep;
			g->nworld = kn;
			free(cur);
			free(nx);
			g->nvop = 0;
			return -1;
		}
		free(cur);
		cur = nx;
		n = m;
		if (n > EL_MAXWORLDS) {
			free(cur);
			g->nvop = 0;
			return EL_REJ(rej, o->at, EL_R_TOO_MANY_UNKNOWNS,
				      "the unseen cards could have gone more than %u ways: this "
				      "view cannot be decided",
				      EL_MAXWORLDS);
		}
	}
	free(g->world);
	g->world = cur;
	g->nworld = n;
	g->nvop = 0;
	return 0;
}

/* ------------------------------------------------------------ dump */

static void range(arb_buf *out, int lo, int hi)
{
	if (lo == hi)
		arb_buf_printf(out, "%d", lo);
	else
		arb_buf_printf(out, "%d-%d", lo, hi);
}

/* One line per seat, then the deck and discards: each colour's count or
 * range over the worlds. */
void el_view_dump(const el_game *g, arb_buf *out)
{
	if (g->view == EL_NOVIEW)
		return;
	arb_buf_printf(out, "view: %s; %u famil%s of ways the unseen cards could have gone\n",
		       g->view == EL_OBSERVER ? "observer" : el_cname(g, g->view), g->nworld,
		       g->nworld == 1 ? "y" : "ies");
	for (unsigned s = 0; s <= g->nseats + 1; s++) {
		int l = s < g->nseats ? (int)s : s == g->nseats ? WL_DECK : WL_DISC;
		if (s < g->nseats)
			arb_buf_printf(out, "%s: %d gold, %d influence:", el_cname(g, (int)s),
				       g->pos.seat[s].gold, g->pos.seat[s].infl[0]);
		else
			arb_buf_printf(out, "%s: %d:", s == g->nseats ? "deck" : "discards",
				       s == g->nseats ? g->pos.deck[0] : g->pos.disc[0]);
		for (int k = 0; k < NINFL; k++) {
			int lo = 255, hi = 0;
			for (uint32_t i = 0; i < g->nworld; i++) {
				int a, b;
				held_range(&g->world[i], l, k, &a, &b);
				lo = a < lo ? a : lo;
				hi = b > hi ? b : hi;
			}
			arb_buf_putc(out, ' ');
			range(out, lo, hi);
			arb_buf_printf(out, " %s%s", el_infl_names[k], k + 1 < NINFL ? "," : "");
		}
		arb_buf_putc(out, '\n');
	}
}

/* ----------------------------------------------------- arbiter gen */

/* game.h view_turn: what seat `view` (or the observer) did not see of the
 * move just applied becomes `?`.  g->inc_seat says whose each income
 * draw was (rules.c keeps it for the turn last played). */
void el_view_turn(const void *game, void *move, unsigned view)
{
	const el_game *g = game;
	el_move *m = move;
	for (int k = 0; k < m->ninc; k++)
		if (g->inc_seat[k] != view)
			m->inc[k] = EL_U;
	for (unsigned s = 0; s < g->nseats; s++) {
		if (s == view)
			continue;
		el_cards *c[2] = { &m->disc[s], &m->halve[s] };
		for (int j = 0; j < 2; j++) {
			c[j]->unseen = (uint8_t)(c[j]->unseen + c[j]->infl[0] + c[j]->infl[1] +
						 c[j]->infl[2]);
			memset(c[j]->infl, 0, sizeof c[j]->infl);
		}
	}
	if (m->seat == view)
		return;
	m->loot.unseen =
		(uint8_t)(m->loot.unseen + m->loot.infl[0] + m->loot.infl[1] + m->loot.infl[2]);
	memset(m->loot.infl, 0, sizeof m->loot.infl);
	for (int b = 0; b < m->nbuild; b++) {
		el_build *bd = &m->build[b];
		for (int k = 0; k < bd->ndraw; k++)
			bd->draw[k] = EL_U;
		if (bd->kind == BK_CHURCH && bd->cret >= 0)
			bd->cret = EL_CHURCH_UNSEEN;
	}
}

/* game.h view_close: an Elasund win is public (cubes on the board), so
 * a view ends where the full record ends; nothing is needed. */
int el_view_close(const void *game, const void *view_game, unsigned view, arb_buf *out)
{
	(void)game;
	(void)view_game;
	(void)view;
	(void)out;
	return 0;
}

/* game.h view_tag: the Hands tag names the view's own starting card
 * only ("Red=r Blue=?"); the observer sees none. */
int el_view_tag(const char *name, const char *value, unsigned view, arb_buf *out)
{
	if (strcmp(name, "Hands") != 0)
		return 0;
	unsigned seat = 0;
	for (const char *s = value; *s; s++) {
		if (*s != '=') {
			arb_buf_putc(out, *s);
			continue;
		}
		arb_buf_putc(out, '=');
		bool own = seat++ == view;
		for (; s[1] && s[1] != ' '; s++)
			arb_buf_putc(out, own ? s[1] : '?');
	}
	return 1;
}
