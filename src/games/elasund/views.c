/*
 * views.c — Elasund records of what one player could see
 * (notation/elasund.md, "Records of what one player could see").
 *
 * A view record writes `?` for influence cards it did not see.  The
 * position then counts each hand's, the deck's and the discards'
 * influence cards in colour 0 only (how many: every reader knows that),
 * and the colours live here, as families of the ways the unseen cards
 * could have gone (el_world: each hand, the deck, the discards and the
 * pirates' pool by colour, and groups of cards whose colours are known
 * only together).  The rules play a turn on the counts, recording each
 * card move (g->vop); once the rest of the turn is legal,
 * el_view_commit appends the moves to the record's and searches for a
 * way through them all: it follows one family, and where a move does
 * not fit it goes back depth first to an earlier move that gave another
 * (a `?` branching into each colour or group the source may hold), with
 * the families found dead remembered.  A turn no family passes is
 * refused.  So a record is legal exactly when some assignment of its
 * unseen cards makes it legal; a search past EL_MAXSTEPS families does
 * not decide it (too-many-unknowns).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "elasund.h"

/* ------------------------------------------------------------ set-up */

int el_view_setup(el_game *g, const arb_setup *su, arb_reject *rej)
{
	int view = arb_view_seat(su, el_colours, el_rules, EL_R_BAD_VIEW, rej);
	if (view < 0)
		return -1;
	g->view = view == ARB_VIEW_NONE	      ? EL_NOVIEW
		  : view == ARB_VIEW_OBSERVER ? EL_OBSERVER
					      : (int8_t)view;
	return 0;
}

/* Cards in place l of family w. */
static int held(const el_world *w, int l)
{
	int n = w->k[l][0] + w->k[l][1] + w->k[l][2];
	for (int j = 0; j < w->ng; j++)
		n += w->u[j][l];
	return n;
}
int el_few_cards(const el_game *g, int s, int n, el_at at, arb_reject *rej)
{
	int h = g->pos.seat[s].infl[0];
	return EL_REJ(rej, at, EL_R_NOT_ENOUGH_INFLUENCE, "%s holds %d influence card%s, not %d",
		      el_cname(g, s), h, arb_s(h), n);
}

void el_scratch(el_game *dst, const el_game *src)
{
	/* dst shares src's block of events and names (dst is freed with
	 * free(), not el_destroy): make it now, so dst never makes one that
	 * nothing would free. */
	el_event_block((el_game *)src);
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
 * for the 2 and 3 cards of a fee).  x is changed and put back. */
static int take_groups(el_world *x, int s, int c, int r, int j, el_world *out, int cap)
{
	if (r == 0) {
		if (cap < 1)
			return 0;
		out[0] = *x;
		return 1;
	}
	while (j < x->ng && (!x->u[j][s] || !x->m[j][c]))
		j++; /* a group that cannot give one: no copy */
	if (j >= x->ng)
		return 0;
	int n = 0;
	int most = x->u[j][s] < x->m[j][c] ? x->u[j][s] : x->m[j][c];
	if (most > r)
		most = r;
	for (int t = 0; t <= most; t++) {
		x->u[j][s] = (uint8_t)(x->u[j][s] - t);
		x->m[j][c] = (uint8_t)(x->m[j][c] - t);
		n += take_groups(x, s, c, r - t, j + 1, out + n, cap - n);
		x->u[j][s] = (uint8_t)(x->u[j][s] + t);
		x->m[j][c] = (uint8_t)(x->m[j][c] + t);
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

/* Words for a move no world allows, lo to hi cards of its colour at its
 * source over the families that reach it.  When every family agrees on
 * the source, the ordinary rule refuses it as a full record would. */
static int refuse(const el_game *g, const el_vop *o, int lo, int hi, arb_reject *rej)
{
	int c = o->colour;
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

/* ------------------------------------------------------- the search */

/* The families are not listed side by side: the replay follows one way
 * (a family) through every card move of the record so far, and only
 * when a move does not fit it goes back, depth first, to the last move
 * that had another family to give (a `?` branching into colours, a fee
 * split among groups) and on from there.  A family that led nowhere is
 * remembered with its place in the record (dead[]), so a search meets
 * it once: what is dead stays dead, as later lines only add moves.  So
 * a record is legal exactly when some way fits all its moves, and a
 * line is refused only when the search has tried every family that
 * reaches it.  A search is bounded (EL_MAXSTEPS families played from);
 * past that the line is not decided (too-many-unknowns). */

/* The family before move i of the record, and which of the families
 * move i gives from it the way follows. */
typedef struct el_frame {
	el_world w;
	uint8_t alt, nalt;
} el_frame;

/* A family that leads nowhere from move `at` of the record, as known
 * when the record had `upto` moves (an entry of a line later refused
 * does not count once that line's moves are taken back). */
typedef struct el_dead {
	el_world w;
	uint32_t at, upto; /* at == 0: an empty slot (move 0 has no parent) */
} el_dead;

/* The search, g->world's block: `way` first, so g->world (open.c and
 * moves.c keep that pointer and nworld, 1) is the family the way is in
 * after the last move, and el_view_ok checks it. */
typedef struct el_search {
	el_world way;
	el_vop *hist; /* every card move of the record so far */
	uint32_t nhist, caphist;
	el_frame *fr; /* fr[i], i <= nhist: the way's family before move i */
	uint32_t capfr;
	el_dead *dead; /* open addressing, EL_DEADCAP slots at most */
	uint32_t capdead, ndead;
	el_frame *undo; /* frames below the search's start it changed */
	uint32_t capundo;
} el_search;

/* Families remembered dead (memory: about 90 bytes each). */
#define EL_DEADCAP (1u << 15)

static el_search *search_of(const el_game *g)
{
	return (el_search *)(void *)g->world;
}

static void search_new(el_game *g, const el_world *root)
{
	el_search *s = arb_xcalloc(1, sizeof *s);
	s->way = *root;
	s->capfr = 64;
	s->fr = arb_xcalloc(s->capfr, sizeof *s->fr);
	s->fr[0].w = *root;
	g->world = &s->way;
	g->nworld = 1;
}

/* The worlds of the start: the whole deck, of free colours, each seat
 * dealt its card. */
void el_view_start(el_game *g, const int8_t hands[EL_SEATS])
{
	const uint8_t *cards = g->d->cards[g->opt.cards];
	el_world w;
	memset(&w, 0, sizeof w);
	w.ng = 1;
	for (int k = 0; k < NINFL; k++) {
		w.m[0][k] = cards[1 + k];
		w.u[0][WL_DECK] = (uint8_t)(w.u[0][WL_DECK] + cards[1 + k]);
	}
	search_new(g, &w);
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
	el_world w;
	memset(&w, 0, sizeof w);
	int deck = 0, disc = 0;
	for (int k = 0; k < NINFL; k++) {
		w.k[WL_DECK][k] = (uint8_t)p->deck[k];
		w.k[WL_DISC][k] = (uint8_t)p->disc[k];
		deck += p->deck[k];
		disc += p->disc[k];
		p->deck[k] = p->disc[k] = 0;
	}
	p->deck[0] = (int16_t)deck;
	p->disc[0] = (int16_t)disc;
	for (unsigned s = 0; s < g->nseats; s++) {
		for (int k = 0; k < NINFL; k++)
			w.k[s][k] = (uint8_t)p->seat[s].infl[k];
		int n = el_hand_infl(&p->seat[s]);
		memset(p->seat[s].infl, 0, sizeof p->seat[s].infl);
		p->seat[s].infl[0] = (int16_t)n;
	}
	el_view_free(g);
	search_new(g, &w);
}

bool el_view_ok(const el_game *g)
{
	const el_pos *p = &g->pos;
	if (!g->world)
		return false;
	const el_world *w = g->world;
	for (int j = 0; j < w->ng; j++) {
		int u = 0;
		for (int l = 0; l < WL_N; l++)
			u += w->u[j][l];
		if (u != w->m[j][0] + w->m[j][1] + w->m[j][2])
			return false;
	}
	if (held(w, WL_DECK) != p->deck[0] || held(w, WL_DISC) != p->disc[0] || held(w, WL_POOL))
		return false;
	for (unsigned s = 0; s < g->nseats; s++)
		if (held(w, (int)s) != p->seat[s].infl[0])
			return false;
	return true;
}

void el_view_free(el_game *g)
{
	el_search *s = search_of(g);
	if (s) {
		ARB_FREE_ALL(s->hist, s->fr, s->dead, s->undo, s);
	}
	g->world = NULL;
	g->nworld = 0;
}

/* dst was made a copy of src field by field (el_copy), its own search
 * put back: give it src's way and record (not the families remembered
 * dead, which only spare time). */
void el_view_copy(el_game *dst, const el_game *src)
{
	if (!src->world && !dst->world)
		return;
	el_view_free(dst);
	const el_search *s = search_of(src);
	if (!s)
		return;
	search_new(dst, &s->way);
	el_search *d = search_of(dst);
	d->nhist = d->caphist = s->nhist;
	if (s->nhist) {
		d->hist = arb_xmalloc(s->nhist * sizeof *d->hist);
		memcpy(d->hist, s->hist, s->nhist * sizeof *d->hist);
	}
	d->capfr = s->nhist + 1 > 64 ? s->nhist + 1 : 64;
	d->fr = arb_xrealloc(d->fr, d->capfr * sizeof *d->fr);
	memcpy(d->fr, s->fr, (s->nhist + 1) * sizeof *d->fr);
}

static uint32_t dead_hash(const el_world *w, uint32_t at)
{
	/* eight bytes at a time: hashing was much of a search's time */
	const unsigned char *b = (const unsigned char *)w;
	uint64_t h = 0x9e3779b97f4a7c15u ^ at, v;
	size_t i = 0;
	for (; i + 8 <= sizeof *w; i += 8) {
		memcpy(&v, b + i, 8);
		h = (h ^ v) * 0xff51afd7ed558ccdu;
		h ^= h >> 29;
	}
	v = 0;
	memcpy(&v, b + i, sizeof *w - i);
	h = (h ^ v) * 0xc4ceb9fe1a85ec53u;
	return (uint32_t)(h ^ (h >> 32));
}

/* Family w is known dead at move `at` (with the record's moves now). */
static bool dead_has(const el_search *s, const el_world *w, uint32_t at)
{
	if (!s->ndead)
		return false;
	uint32_t mask = s->capdead - 1;
	for (uint32_t i = dead_hash(w, at) & mask;; i = (i + 1) & mask) {
		const el_dead *e = &s->dead[i];
		if (!e->at)
			return false;
		if (e->at == at && e->upto <= s->nhist && memcmp(&e->w, w, sizeof *w) == 0)
			return true;
	}
}

static void dead_insert(el_search *s, const el_world *w, uint32_t at, uint32_t upto)
{
	uint32_t mask = s->capdead - 1;
	uint32_t i = dead_hash(w, at) & mask;
	while (s->dead[i].at)
		i = (i + 1) & mask;
	s->dead[i].w = *w;
	s->dead[i].at = at;
	s->dead[i].upto = upto;
	s->ndead++;
}

/* The table again at cap slots, with the entries that count for the
 * record's moves now (keep: else none). */
static void dead_rebuild(el_search *s, uint32_t cap, bool keep)
{
	el_dead *old = s->dead;
	uint32_t oldcap = keep ? s->capdead : 0;
	s->dead = arb_xcalloc(cap, sizeof *s->dead);
	s->capdead = cap;
	s->ndead = 0;
	for (uint32_t i = 0; i < oldcap; i++)
		if (old[i].at && old[i].upto <= s->nhist)
			dead_insert(s, &old[i].w, old[i].at, old[i].upto);
	free(old);
}

static void dead_put(el_search *s, const el_world *w, uint32_t at)
{
	if (s->ndead + 1 > s->capdead / 2) { /* grow, or forget them all when full */
		uint32_t cap = s->capdead ? s->capdead * 2 : 1024;
		if (cap > EL_DEADCAP)
			dead_rebuild(s, s->capdead, false); /* they only spare time */
		else
			dead_rebuild(s, cap, true);
	}
	dead_insert(s, w, at, s->nhist);
}

/* Why a search found no way: the move it could not pass (the furthest
 * any family reached), the cards of its colour there over those
 * families, and whether a family had too many groups to follow. */
typedef struct el_miss {
	uint32_t far;
	int lo, hi;
	bool deep;
} el_miss;

/* Family w reached move i: the furthest so far, or as far. */
static void reach(el_miss *x, const el_world *w, const el_vop *o, uint32_t i)
{
	if (i < x->far)
		return;
	if (i > x->far) {
		x->far = i;
		x->lo = 255;
		x->hi = 0;
	}
	if (o->colour >= NINFL)
		return;
	el_world y = *w;
	if (o->kind == VOP_DRAW && !held(&y, WL_DECK))
		(void)merge(&y, WL_DISC, WL_DECK);
	int a, b;
	held_range(&y, src_of(o), o->colour, &a, &b);
	x->lo = a < x->lo ? a : x->lo;
	x->hi = b > x->hi ? b : x->hi;
}

/* Find a way through moves start.. of the record, the way through the
 * moves before start found already: on from it, going back as far as
 * needed.  0 found (s->way its family at the end), -1 none (x says
 * why), -2 past EL_MAXSTEPS.  On failure the way before is put back. */
static int search(el_search *s, uint32_t start, el_miss *x)
{
	uint32_t n = s->nhist, low = start, nundo = 0, steps = 0;
	if (s->capfr < n + 1) {
		s->capfr = n + 1 > 2 * s->capfr ? n + 1 : 2 * s->capfr;
		s->fr = arb_xrealloc(s->fr, s->capfr * sizeof *s->fr);
	}
	if (s->capundo < 8) {
		s->capundo = 8;
		s->undo = arb_xrealloc(s->undo, s->capundo * sizeof *s->undo);
	}
	s->undo[nundo++] = s->fr[start]; /* frames low..start, from start down */
	x->far = start;
	x->lo = 255;
	x->hi = 0;
	x->deep = false;
	el_world alts[EL_MAXBRANCH];
	uint32_t i = start;
	bool entering = true;
	int rc;
	for (;;) {
		if (i == n) {
			s->way = s->fr[n].w;
			return 0;
		}
		el_frame *f = &s->fr[i];
		if (entering && i >= start)
			reach(x, &f->w, &s->hist[i], i);
		int r = 0, t = entering ? 0 : f->alt + 1;
		if (entering || t < f->nalt) { /* else no other family from f */
			if (++steps > EL_MAXSTEPS) {
				rc = -2;
				break;
			}
			r = play_one(&f->w, &s->hist[i], alts);
			if (r < 0) {
				x->deep = true; /* not known dead: not remembered either */
				r = 0;
			}
		}
		if (r > 1)
			while (t < r && dead_has(s, &alts[t], i + 1))
				t++;
		if (t < r) {
			f->alt = (uint8_t)t;
			f->nalt = (uint8_t)r;
			s->fr[i + 1].w = alts[t];
			i++;
			entering = true;
			continue;
		}
		/* no family from f: f is dead, remembered where it was one of
		 * several (where a search looks it up) */
		if (!x->deep && i > 0 && s->fr[i - 1].nalt > 1)
			dead_put(s, &f->w, i);
		if (i == 0) {
			rc = -1;
			break;
		}
		i--;
		entering = false;
		if (i < low) { /* keep the frame as it was, to put back */
			if (nundo == s->capundo) {
				s->capundo *= 2;
				s->undo = arb_xrealloc(s->undo, s->capundo * sizeof *s->undo);
			}
			s->undo[nundo++] = s->fr[i];
			low = i;
		}
	}
	for (uint32_t k = 0; k < nundo; k++)
		s->fr[start - k] = s->undo[k];
	return rc;
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
	el_search *s = search_of(g);
	uint32_t start = s->nhist;
	if (s->caphist < start + g->nvop) {
		s->caphist = 2 * s->caphist + g->nvop;
		s->hist = arb_xrealloc(s->hist, s->caphist * sizeof *s->hist);
	}
	memcpy(s->hist + start, g->vop, g->nvop * sizeof *g->vop);
	s->nhist += g->nvop;
	g->nvop = 0;
	el_miss x;
	int rc = search(s, start, &x);
	if (rc == 0)
		return 0;
	s->nhist = start; /* the line's moves taken back, and what was */
	if (s->ndead)	  /* learned dead with them */
		dead_rebuild(s, s->capdead, true);
	if (rc == -2)
		return EL_REJ(rej, s->hist[x.far].at, EL_R_TOO_MANY_UNKNOWNS,
			      "the search for a way the unseen cards could have gone tried more "
			      "than %u families: this view cannot be decided",
			      EL_MAXSTEPS);
	if (x.deep)
		return EL_REJ(rej, s->hist[x.far].at, EL_R_TOO_MANY_UNKNOWNS,
			      "the unseen cards were shuffled into the deck more than %d "
			      "times: this view cannot be decided",
			      EL_MAXGROUP);
	return refuse(g, &s->hist[x.far], x.lo, x.hi, rej);
}

/* ------------------------------------------------------------ dump */

static void range(arb_buf *out, int lo, int hi)
{
	if (lo == hi)
		arb_buf_printf(out, "%d", lo);
	else
		arb_buf_printf(out, "%d-%d", lo, hi);
}

/* Every family the record allows, listed move by move from the start
 * (as many as EL_MAXWORLDS; else NULL: dump then shows the way
 * followed). */
static el_world *list_all(const el_search *s, uint32_t *count)
{
	uint32_t n = 1;
	el_world *cur = arb_xmalloc(sizeof *cur);
	cur[0] = s->fr[0].w;
	for (uint32_t i = 0; i < s->nhist && cur; i++) {
		size_t cap = (size_t)n * 2 + EL_MAXBRANCH;
		el_world *nx = arb_xmalloc(cap * sizeof *nx);
		uint32_t m = 0;
		for (uint32_t j = 0; j < n; j++) {
			if (m + EL_MAXBRANCH > cap) {
				cap = cap * 2 + EL_MAXBRANCH;
				nx = arb_xrealloc(nx, cap * sizeof *nx);
			}
			int r = play_one(&cur[j], &s->hist[i], nx + m);
			m += r < 0 ? 0 : (uint32_t)r;
		}
		free(cur);
		cur = nx;
		n = dedup(nx, m);
		if (n > EL_MAXWORLDS) {
			free(cur);
			cur = NULL;
		}
	}
	*count = n;
	return cur;
}

/* One line per seat, then the deck and discards: each colour's count or
 * range over the families. */
void el_view_dump(const el_game *g, arb_buf *out)
{
	if (g->view == EL_NOVIEW || !g->world)
		return;
	uint32_t nw = 0;
	el_world *all = list_all(search_of(g), &nw);
	const el_world *ws = all ? all : g->world;
	if (!all)
		nw = 1;
	const char *who = g->view == EL_OBSERVER ? "observer" : el_cname(g, g->view);
	if (all)
		arb_buf_printf(out,
			       "view: %s; %u famil%s of ways the unseen cards could have gone\n",
			       who, nw, nw == 1 ? "y" : "ies");
	else
		arb_buf_printf(out,
			       "view: %s; more than %u families of ways the unseen cards could "
			       "have gone: one shown\n",
			       who, EL_MAXWORLDS);
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
			for (uint32_t i = 0; i < nw; i++) {
				int a, b;
				held_range(&ws[i], l, k, &a, &b);
				lo = a < lo ? a : lo;
				hi = b > hi ? b : hi;
			}
			arb_buf_putc(out, ' ');
			range(out, lo, hi);
			arb_buf_printf(out, " %s%s", el_infl_names[k], k + 1 < NINFL ? "," : "");
		}
		arb_buf_putc(out, '\n');
	}
	free(all);
}
