/*
 * choices.c — the actions a seat may write now (the choices op of game.h),
 * for the referee's `moves` request and `arbiter bot`.
 *
 * Each candidate is one action in format()'s spelling, without the turn's
 * colour and without what the dealer draws: `roll`, `buy`, `robber I
 * steal White` (notation/catan.md, "The referee's moves").  Every
 * candidate must be legal: a release build's referee passes the list on
 * untried (the test builds try each and abort on one refused), so the
 * lists follow the rules exactly, with the engine's own predicates
 * (cat_road_ok, cat_settle_ok) and the open turn that apply_open kept
 * (open.c).
 *
 * Besides what the seat sees (the board, the hand sizes, the deck's
 * size, its own cards) the lists read the bank's stock, which the other
 * seats' hidden discards make unseen: the referee answers `moves` with
 * the legal actions, and a maritime trade or a year of plenty the bank
 * cannot pay is not one.  That is all the referee's answer tells (a
 * refused `play` would tell as much).
 * Domestic trades are offers of one card for one card (any bundle for
 * any bundle would be too many), to each opponent holding a card:
 * whether the partner holds the card asked is theirs to know, and the
 * referee lists `accept` to the partner only when it holds it.  Maritime
 * trades with more than one resource on a side are not listed: each is
 * the same as its one-resource trades, listed, played one after another.
 */
#include <string.h>

#include "catan.h"

/* The candidate being written, and where to send it. */
typedef struct out {
	const cat_game *g;
	void (*emit)(void *ctx, const char *action);
	void *ctx;
	size_t n;   /* candidates emitted */
	size_t len; /* bytes of buf in use */
	char buf[96];
} out;

static void put(out *o, const char *s)
{
	size_t n = strlen(s);
	if (o->len + n >= sizeof o->buf)
		n = sizeof o->buf - 1 - o->len;
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static void put_u(out *o, unsigned v)
{
	char d[12];
	size_t n = sizeof d - 1;
	d[n] = '\0';
	do
		d[--n] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	put(o, d + n);
}

/* n cards of resource r as a bundle spells them: "ore", "3ore". */
static void put_cards(out *o, unsigned n, unsigned r)
{
	if (n > 1)
		put_u(o, n);
	put(o, cat_res_name[r]);
}

/* A bundle in canonical order (put_bundle of notation.c). */
static void put_bundle(out *o, const uint8_t v[CAT_RES])
{
	bool any = false;
	for (unsigned r = 0; r < CAT_RES; r++) {
		if (!v[r])
			continue;
		if (any)
			put(o, "+");
		put_cards(o, v[r], r);
		any = true;
	}
}

/* Send the candidate written so far and cut it back to `keep` bytes. */
static void send(out *o, size_t keep)
{
	o->buf[o->len] = '\0';
	o->emit(o->ctx, o->buf);
	o->n++;
	o->len = keep;
}

/* ------------------------------------------------------------- set-up */

static void setup_choices(out *o, unsigned seat, unsigned phase, unsigned node)
{
	const cat_game *g = o->g;
	const cat_geom *G = &g->d->g;
	char nm[8];
	if (phase == 0) {
		for (unsigned v = 0; v < CAT_NODES; v++)
			if (cat_settle_ok(g, &g->s, seat, v, true)) {
				cat_node_name(g->d, v, nm);
				put(o, "settlement ");
				put(o, nm);
				send(o, 0);
			}
	} else if (phase == 1 && node < CAT_NODES) {
		for (unsigned i = 0; i < G->node_nadj[node]; i++) {
			unsigned e = G->node_edge[node][i];
			if (!cat_road_ok(g, &g->s, seat, e, (int)node))
				continue;
			cat_edge_name(g->d, e, nm);
			put(o, "road ");
			put(o, nm);
			send(o, 0);
		}
	}
}

/* ------------------------------------------------------------ the 7 */

/* Every choice of `left` more cards from hand[r..] on top of d[]: each
 * way to discard the cards owed, as a multiset of the hand. */
static void discards_from(out *o, const uint8_t *hand, uint8_t d[CAT_RES], unsigned r,
			  unsigned left, size_t keep)
{
	if (r == CAT_RES - 1) {
		if (left > hand[r])
			return;
		d[r] = (uint8_t)left;
		put_bundle(o, d);
		send(o, keep);
		d[r] = 0;
		return;
	}
	unsigned later = 0; /* what the resources after r can still take */
	for (unsigned q = r + 1; q < CAT_RES; q++)
		later += hand[q];
	unsigned lo = left > later ? left - later : 0;
	unsigned hi = left < hand[r] ? left : hand[r];
	for (unsigned k = lo; k <= hi; k++) {
		d[r] = (uint8_t)k;
		discards_from(o, hand, d, r + 1, left - k, keep);
	}
	d[r] = 0;
}

static void discard_choices(out *o, unsigned seat, unsigned owed)
{
	const cat_game *g = o->g;
	put(o, "discard ");
	put(o, cat_cname(g, seat));
	put(o, " ");
	uint8_t d[CAT_RES] = { 0 };
	discards_from(o, g->s.p[seat].res, d, 0, owed, o->len);
	o->len = 0;
}

/* The robber's moves after `head` ("robber " or "play knight "): every
 * hex it may go to, with each steal the rules allow (the card stolen is
 * the dealer's); alone only where no opponent there holds a card. */
static void robber_choices(out *o, unsigned seat, const char *head)
{
	const cat_game *g = o->g;
	const cat_state *s = &g->s;
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		if (h == s->robber || (g->b.terrain[h] == T_DESERT && g->opt_robber == ROB_TOKEN))
			continue;
		char hex[2] = { (char)('A' + h), 0 };
		put(o, head);
		put(o, hex);
		size_t keep = o->len;
		unsigned cand = cat_hex_owners(g, s, h) & ~(1u << seat);
		bool stole = false;
		for (unsigned p = 0; p < g->nseats; p++)
			if ((cand >> p & 1) && s->p[p].ncards) {
				put(o, " steal ");
				put(o, cat_cname(g, p));
				send(o, keep);
				stole = true;
			}
		if (!stole)
			send(o, keep);
		o->len = 0;
	}
}

/* ----------------------------------------------------------- builds */

static bool afford(const cat_player *p, const uint8_t cost[CAT_RES])
{
	return cat_lacks(p, cost) < 0;
}

static void build_choices(out *o, unsigned seat)
{
	const cat_game *g = o->g;
	const cat_data *d = g->d;
	const cat_state *s = &g->s;
	const cat_player *me = &s->p[seat];
	char nm[8];
	if (me->roads < d->pieces[0] && afford(me, d->cost[C_ROAD]))
		for (unsigned e = 0; e < CAT_EDGES; e++)
			if (cat_road_ok(g, s, seat, e, -1)) {
				cat_edge_name(d, e, nm);
				put(o, "road ");
				put(o, nm);
				send(o, 0);
			}
	if (me->settlements < d->pieces[1] && afford(me, d->cost[C_SETTLEMENT]))
		for (unsigned v = 0; v < CAT_NODES; v++)
			if (cat_settle_ok(g, s, seat, v, false)) {
				cat_node_name(d, v, nm);
				put(o, "settlement ");
				put(o, nm);
				send(o, 0);
			}
	if (me->cities < d->pieces[2] && afford(me, d->cost[C_CITY]))
		for (unsigned v = 0; v < CAT_NODES; v++)
			if (s->node_owner[v] == seat + 1 && !s->node_city[v]) {
				cat_node_name(d, v, nm);
				put(o, "city ");
				put(o, nm);
				send(o, 0);
			}
	if (cat_deck_left(g) && afford(me, d->cost[C_DEV])) {
		put(o, "buy");
		send(o, 0);
	}
}

/* Maritime trades of one resource for another: n cards of r (n from the
 * best rate b to the hand) for each k from ceil(n/4) to n/b, the counts
 * rates b..4 allow (cat_act_bank), of each other resource. */
static void trade_choices(out *o, unsigned seat)
{
	const cat_player *me = &o->g->s.p[seat];
	for (unsigned r = 0; r < CAT_RES; r++) {
		unsigned b = cat_maritime_rate(me, r);
		for (unsigned n = b; n <= me->res[r]; n++) {
			unsigned lo = (n + 3) / 4, hi = n / b;
			for (unsigned k = lo; k <= hi; k++)
				for (unsigned q = 0; q < CAT_RES; q++) {
					if (q == r || k > o->g->s.bank[q])
						continue;
					put(o, "trade bank ");
					put_cards(o, n, r);
					put(o, " for ");
					put_cards(o, k, q);
					send(o, 0);
				}
		}
	}
}

/* Domestic offers of one card held for one card of another resource,
 * to each opponent who holds a card. */
static void offer_choices(out *o, unsigned seat)
{
	const cat_game *g = o->g;
	const cat_state *s = &g->s;
	for (unsigned p = 0; p < g->nseats; p++) {
		if (p == seat || !s->p[p].ncards)
			continue;
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (!s->p[seat].res[r])
				continue;
			for (unsigned q = 0; q < CAT_RES; q++) {
				if (q == r)
					continue;
				put(o, "trade ");
				put(o, cat_cname(g, p));
				put(o, " ");
				put(o, cat_res_name[r]);
				put(o, " for ");
				put(o, cat_res_name[q]);
				send(o, 0);
			}
		}
	}
}

/* ------------------------------------------------- development cards */

/* Road building: each road that may go now, then each that may go
 * after it; one road alone when no second fits or none is left. */
static void road_building(out *o, unsigned seat)
{
	const cat_game *g = o->g;
	const cat_data *d = g->d;
	const cat_player *me = &g->s.p[seat];
	if (me->roads >= d->pieces[0])
		return;
	char nm[8];
	cat_state after = g->s;
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		if (!cat_road_ok(g, &g->s, seat, e, -1))
			continue;
		cat_edge_name(d, e, nm);
		put(o, "play road-building ");
		put(o, nm);
		size_t keep = o->len;
		bool two = false;
		after.edge_owner[e] = (uint8_t)(seat + 1);
		if (me->roads + 1u < d->pieces[0])
			for (unsigned f = 0; f < CAT_EDGES; f++)
				if (cat_road_ok(g, &after, seat, f, -1)) {
					cat_edge_name(d, f, nm);
					put(o, " ");
					put(o, nm);
					send(o, keep);
					two = true;
				}
		after.edge_owner[e] = 0;
		if (!two)
			send(o, keep);
		o->len = 0;
	}
}

/* The cards the seat may play now: held before this turn, none played
 * yet (the caller checks), and not after a 7 before its robber. */
static void card_choices(out *o, unsigned seat, const uint8_t bought[CAT_DEV])
{
	const cat_player *me = &o->g->s.p[seat];
	if (me->dev[D_KNIGHT] > bought[D_KNIGHT])
		robber_choices(o, seat, "play knight ");
	if (me->dev[D_ROADS] > bought[D_ROADS])
		road_building(o, seat);
	if (me->dev[D_PLENTY] > bought[D_PLENTY])
		for (unsigned r = 0; r < CAT_RES; r++)
			for (unsigned q = r; q < CAT_RES; q++) {
				uint8_t v[CAT_RES] = { 0 };
				v[r]++;
				v[q]++;
				if (v[r] > o->g->s.bank[r] || v[q] > o->g->s.bank[q])
					continue;
				put(o, "play year-of-plenty ");
				put_bundle(o, v);
				send(o, 0);
			}
	if (me->dev[D_MONOPOLY] > bought[D_MONOPOLY])
		for (unsigned r = 0; r < CAT_RES; r++) {
			put(o, "play monopoly ");
			put(o, cat_res_name[r]);
			send(o, 0);
		}
}

/* Victory point cards shown: any number of those still hidden. */
static void reveal_choices(out *o, unsigned seat)
{
	const cat_player *me = &o->g->s.p[seat];
	unsigned hidden = (unsigned)(me->dev[D_VP] - me->vp_shown);
	for (unsigned k = 1; k <= hidden; k++) {
		put(o, "reveal ");
		if (k > 1)
			put_u(o, k);
		put(o, "vp");
		send(o, 0);
	}
}

/* ------------------------------------------------------------ a turn */

size_t cat_choices(const void *game, unsigned seat, const char *start,
		   void (*emit)(void *ctx, const char *action), void *ctx)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	(void)start; /* no chance before a Catan turn's first choice */
	out o;
	o.g = g;
	o.emit = emit;
	o.ctx = ctx;
	o.n = 0;
	o.len = 0;
	if (seat >= g->nseats)
		return 0;
	if (s->over) { /* the winner may still show cards on the line */
		if (seat == s->active && seat == s->winner)
			reveal_choices(&o, seat);
		return o.n;
	}
	if (s->setup_step < 2 * g->nseats) {
		if (seat == s->active)
			setup_choices(&o, seat, g->open_valid ? g->open_setup_phase : 0,
				      g->open_valid ? g->open_turn.setup_node : CAT_NONE);
		return o.n;
	}
	static const struct cat_turn_state fresh; /* the turn's start */
	const struct cat_turn_state *t = g->open_valid ? &g->open_turn : &fresh;
	bool owe = false;
	for (unsigned p = 0; p < g->nseats; p++)
		owe |= t->seven && t->must_discard[p] && !t->discarded[p];
	if (t->seven && t->must_discard[seat] && !t->discarded[seat])
		discard_choices(&o, seat, t->must_discard[seat]);
	if (seat != s->active)
		return o.n;
	reveal_choices(&o, seat);
	if (!t->rolled) {
		put(&o, "roll");
		send(&o, 0);
	} else if (t->seven) {
		if (!owe)
			robber_choices(&o, seat, "robber ");
		return o.n;
	} else {
		build_choices(&o, seat);
		if (!t->built || g->opt_phases != PH_STRICT) {
			trade_choices(&o, seat);
			offer_choices(&o, seat);
		}
	}
	if (!t->played)
		card_choices(&o, seat, t->bought);
	return o.n;
}
