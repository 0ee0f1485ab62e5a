/*
 * snapshot.c — a Catan position as a Setup tag value, and back.
 *
 * `arbiter dump --snapshot` prints the board fields (hexes=, harbours=;
 * read by cat_board_from_setup below) followed by the position: pieces by colour, hands,
 * development cards held and left in the deck, knights played, victory
 * point cards shown, the robber, the special cards' holders and the seat
 * to move.  create() reads the same fields back, so a game can start from
 * any position, as a FEN starts a chess game.  What follows from the rest
 * (the bank, harbours owned, road lengths) is derived, not written.
 *
 *   hexes=... harbours=... settlements=Red:e3+g4,Blue:h3 cities=Red:g2
 *   roads=Red:e3-f3+f3-g3 hands=Red:2brick+ore cards=Red:knight
 *   knights=Blue:1 shown=Red:1 deck=13knight+2road-building+...
 *   robber=E longest=none army=none turn=Blue [step=3] [winner=Red]
 *
 * step= appears only during the set-up (placements made so far), winner=
 * only once the game is won (a finished game stays finished).
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catan.h"

/* ------------------------------------------------------------- writing */

static void put_dev_bundle(const uint8_t v[CAT_DEV], arb_buf *out)
{
	bool first = true;
	for (unsigned k = 0; k < CAT_DEV; k++) {
		if (!v[k])
			continue;
		arb_buf_printf(out, "%s", first ? "" : "+");
		if (v[k] > 1)
			arb_buf_printf(out, "%u", v[k]);
		arb_buf_puts(out, cat_dev_name[k]);
		first = false;
	}
	if (first)
		arb_buf_puts(out, "nothing");
}

/* One per-colour field, written only when some seat has something. */
typedef bool (*has_fn)(const cat_game *g, unsigned seat);
typedef void (*put_fn)(const cat_game *g, unsigned seat, arb_buf *out);

static void put_field(const cat_game *g, const char *key, has_fn has, put_fn put, arb_buf *out)
{
	bool any = false;
	for (unsigned p = 0; p < g->nseats; p++) {
		if (!has(g, p))
			continue;
		arb_buf_printf(out, "%s%s:", any ? "," : key, cat_colours[g->colour[p]]);
		put(g, p, out);
		any = true;
	}
}

static bool has_nodes(const cat_game *g, unsigned p, unsigned city)
{
	for (unsigned v = 0; v < CAT_NODES; v++)
		if (g->s.node_owner[v] == p + 1 && g->s.node_city[v] == city)
			return true;
	return false;
}

static void put_nodes(const cat_game *g, unsigned p, unsigned city, arb_buf *out)
{
	bool first = true;
	char nn[4];
	for (unsigned v = 0; v < CAT_NODES; v++)
		if (g->s.node_owner[v] == p + 1 && g->s.node_city[v] == city) {
			cat_node_name(g->d, v, nn);
			arb_buf_printf(out, "%s%s", first ? "" : "+", nn);
			first = false;
		}
}

static bool has_settlements(const cat_game *g, unsigned p)
{
	return has_nodes(g, p, 0);
}
static bool has_cities(const cat_game *g, unsigned p)
{
	return has_nodes(g, p, 1);
}
static void put_settlements(const cat_game *g, unsigned p, arb_buf *out)
{
	put_nodes(g, p, 0, out);
}
static void put_cities(const cat_game *g, unsigned p, arb_buf *out)
{
	put_nodes(g, p, 1, out);
}
static bool has_roads(const cat_game *g, unsigned p)
{
	return g->s.p[p].roads > 0;
}
static void put_roads(const cat_game *g, unsigned p, arb_buf *out)
{
	bool first = true;
	char en[8];
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (g->s.edge_owner[e] == p + 1) {
			cat_edge_name(g->d, e, en);
			arb_buf_printf(out, "%s%s", first ? "" : "+", en);
			first = false;
		}
}
static bool has_hand(const cat_game *g, unsigned p)
{
	return g->s.p[p].ncards > 0;
}
static void put_hand(const cat_game *g, unsigned p, arb_buf *out)
{
	char b[64];
	cat_bundle_str(g->s.p[p].res, b, sizeof b);
	arb_buf_puts(out, b);
}
static bool has_cards(const cat_game *g, unsigned p)
{
	const uint8_t *d = g->s.p[p].dev;
	return d[0] | d[1] | d[2] | d[3] | d[4];
}
static void put_cards(const cat_game *g, unsigned p, arb_buf *out)
{
	put_dev_bundle(g->s.p[p].dev, out);
}
static bool has_knights(const cat_game *g, unsigned p)
{
	return g->s.p[p].knights > 0;
}
static void put_knights(const cat_game *g, unsigned p, arb_buf *out)
{
	arb_buf_printf(out, "%u", g->s.p[p].knights);
}
static bool has_shown(const cat_game *g, unsigned p)
{
	return g->s.p[p].vp_shown > 0;
}
static void put_shown(const cat_game *g, unsigned p, arb_buf *out)
{
	arb_buf_printf(out, "%u", g->s.p[p].vp_shown);
}

static const char *holder(const cat_game *g, unsigned seat)
{
	return seat == CAT_NONE ? "none" : cat_colours[g->colour[seat]];
}

void cat_snapshot(const void *game, arb_buf *out)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	arb_buf_puts(out, "hexes=");
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		arb_buf_printf(out, "%s%c", h ? "," : "", cat_res_letter[g->b.terrain[h]]);
		if (g->b.token[h])
			arb_buf_printf(out, "%u", g->b.token[h]);
	}
	arb_buf_puts(out, " harbours=");
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		char en[8];
		cat_edge_name(g->d, g->b.harb_edge[i], en);
		unsigned k = g->b.harb_kind[i];
		arb_buf_printf(out, "%s%s@%s", i ? "," : "",
			       k == HARB_GENERIC ? "3:1" : cat_res_name[k], en);
	}
	put_field(g, " settlements=", has_settlements, put_settlements, out);
	put_field(g, " cities=", has_cities, put_cities, out);
	put_field(g, " roads=", has_roads, put_roads, out);
	put_field(g, " hands=", has_hand, put_hand, out);
	put_field(g, " cards=", has_cards, put_cards, out);
	put_field(g, " knights=", has_knights, put_knights, out);
	put_field(g, " shown=", has_shown, put_shown, out);
	arb_buf_puts(out, " deck=");
	put_dev_bundle(s->deck, out);
	arb_buf_printf(out, " robber=%c longest=%s army=%s turn=%s", 'A' + s->robber,
		       holder(g, s->lr), holder(g, s->la), cat_colours[g->colour[s->active]]);
	if (s->setup_step < 2 * g->nseats)
		arb_buf_printf(out, " step=%u", s->setup_step);
	if (s->over)
		arb_buf_printf(out, " winner=%s", cat_colours[g->colour[s->winner]]);
}

/* ------------------------------------------------------- as data */

/* counts[0..n) under their names as one map, the zeros too. */
static void doc_counts(const arb_doc *doc, const char *key, const uint8_t *v,
		       const char *const *names, unsigned n)
{
	doc->map(doc->ctx, key);
	for (unsigned k = 0; k < n; k++)
		doc->num(doc->ctx, names[k], v[k]);
	doc->end(doc->ctx);
}

/* The buildings of seat p (cities or settlements) as a list of nodes. */
static void doc_nodes(const cat_game *g, const arb_doc *doc, const char *key, unsigned p,
		      unsigned city)
{
	char nn[4];
	doc->list(doc->ctx, key);
	for (unsigned v = 0; v < CAT_NODES; v++)
		if (g->s.node_owner[v] == p + 1 && g->s.node_city[v] == city) {
			cat_node_name(g->d, v, nn);
			doc->str(doc->ctx, NULL, nn);
		}
	doc->end(doc->ctx);
}

/* (catan.h) The snapshot's content as data: the board, per seat the
 * pieces, hand, development cards and points, the bank and the deck, the
 * robber, the special cards and who is to act.  A full record's hands are
 * exact; a View record gives what the view knows of each hand instead,
 * as dump's text does (cat_hand_ranges): its size, each resource's least
 * and most over the possibilities, and the most points unseen victory
 * point cards could make, with how many possibilities there are. */
void cat_describe(const void *game, const arb_doc *doc)
{
	const cat_game *g = game;
	const cat_state *s = &g->s;
	void *c = doc->ctx;
	char name[8];
	bool view = g->view != CAT_NONE;
	cat_hand_range hr[CAT_SEATS];
	if (view)
		cat_hand_ranges(g, hr);
	doc->list(c, "hexes");
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		unsigned t = g->b.terrain[h];
		doc->map(c, NULL);
		arb_doc_strf(doc, "hex", "%c", 'A' + h);
		doc->str(c, "terrain", t == T_DESERT ? "desert" : cat_res_name[t]);
		if (g->b.token[h])
			doc->num(c, "number", g->b.token[h]);
		doc->end(c);
	}
	doc->end(c);
	doc->list(c, "harbours");
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		unsigned k = g->b.harb_kind[i];
		cat_edge_name(g->d, g->b.harb_edge[i], name);
		doc->map(c, NULL);
		doc->str(c, "kind", k == HARB_GENERIC ? "3:1" : cat_res_name[k]);
		doc->str(c, "path", name);
		doc->end(c);
	}
	doc->end(c);
	doc->list(c, "seats");
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_player *pl = &s->p[p];
		doc->map(c, NULL);
		doc->str(c, "colour", cat_colours[g->colour[p]]);
		doc->num(c, "points", cat_vp(g, p));
		doc_nodes(g, doc, "settlements", p, 0);
		doc_nodes(g, doc, "cities", p, 1);
		doc->list(c, "roads");
		for (unsigned e = 0; e < CAT_EDGES; e++)
			if (s->edge_owner[e] == p + 1) {
				cat_edge_name(g->d, e, name);
				doc->str(c, NULL, name);
			}
		doc->end(c);
		doc->num(c, "cards", pl->ncards);
		if (!view) {
			doc_counts(doc, "hand", pl->res, cat_res_name, CAT_RES);
		} else {
			doc->num(c, "cards_min", hr[p].cards_lo);
			doc->num(c, "cards_max", hr[p].cards_hi);
			doc_counts(doc, "hand_min", hr[p].lo, cat_res_name, CAT_RES);
			doc_counts(doc, "hand_max", hr[p].hi, cat_res_name, CAT_RES);
			doc->num(c, "points_max", hr[p].vp_seen + hr[p].vp_more);
		}
		doc_counts(doc, "development", pl->dev, cat_dev_name, CAT_DEV);
		doc->num(c, "development_unseen", pl->unseen_dev);
		doc->num(c, "victory_points_shown", pl->vp_shown);
		doc->num(c, "knights", pl->knights);
		doc->num(c, "road_length", pl->road_len);
		doc->end(c);
	}
	doc->end(c);
	doc_counts(doc, "bank", s->bank, cat_res_name, CAT_RES);
	doc_counts(doc, "deck", s->deck, cat_dev_name, CAT_DEV);
	arb_doc_strf(doc, "robber", "%c", 'A' + s->robber);
	if (s->lr != CAT_NONE)
		doc->str(c, "longest_road", cat_colours[g->colour[s->lr]]);
	if (s->la != CAT_NONE)
		doc->str(c, "largest_army", cat_colours[g->colour[s->la]]);
	if (!s->over)
		doc->str(c, "turn", cat_colours[g->colour[s->active]]);
	doc->flag(c, "setup", s->setup_step < 2 * g->nseats);
	if (s->setup_step < 2 * g->nseats)
		doc->num(c, "step", s->setup_step);
	doc->flag(c, "over", s->over);
	if (s->over)
		doc->str(c, "winner", cat_colours[g->colour[s->winner]]);
	if (view) {
		doc->str(c, "view",
			 g->view == CAT_OBSERVER ? "observer" : cat_colours[g->colour[g->view]]);
		/* followed one at a time: how many is not known, and the
		 * ranges are only bounds */
		doc->flag(c, "ranges_exact", hr[0].exact);
		if (hr[0].exact)
			doc->num(c, "possibilities", cat_hidden_count(g));
	}
}

/* ------------------------------------------------------------- reading */

static int seat_named(const cat_game *g, const char *s, size_t n)
{
	for (unsigned c = 0; c < CAT_SEATS; c++)
		if (strlen(cat_colours[c]) == n && strncasecmp(cat_colours[c], s, n) == 0)
			return g->seat_of[c];
	return -1;
}

static int parse_count(const char *s, size_t n, unsigned max, unsigned *out)
{
	int v = arb_small_num(s, n);
	if (v < 0 || (unsigned)v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* "2brick+ore" (dev = false) or "13knight+2monopoly" (dev = true). */
static int parse_items(const char *s, size_t n, bool dev, uint8_t *v)
{
	memset(v, 0, dev ? CAT_DEV : CAT_RES);
	if (n == 7 && strncmp(s, "nothing", 7) == 0)
		return 0;
	const char *end = s + n;
	while (s < end) {
		const char *e = memchr(s, '+', (size_t)(end - s));
		if (!e)
			e = end;
		unsigned c = 0;
		const char *q = s;
		while (q < e && *q >= '0' && *q <= '9' && c < 100)
			c = c * 10 + (unsigned)(*q++ - '0');
		if (q == s)
			c = 1;
		int k = dev ? cat_parse_dev(q, (size_t)(e - q)) : cat_parse_res(q, (size_t)(e - q));
		if (k < 0 || c == 0 || c > 99 || v[k] + c > 99)
			return -1;
		v[k] = (uint8_t)(v[k] + c);
		s = e + 1;
	}
	return 0;
}

static bool is_position_key(const char *k, size_t n)
{
	static const char *const keys[] = { "settlements", "cities", "roads", "hands",	"cards",
					    "knights",	   "shown",  "deck",  "robber", "longest",
					    "army",	   "turn",   "step",  "winner" };
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strlen(keys[i]) == n && strncmp(keys[i], k, n) == 0)
			return true;
	return false;
}

#define FAIL(...)                                   \
	do {                                        \
		snprintf(why, whylen, __VA_ARGS__); \
		return -1;                          \
	} while (0)

/* One "Colour:value" item of a per-colour field into the position. */
static int put_item(cat_game *g, const char *key, int p, const char *v, size_t vl, char *why,
		    size_t whylen)
{
	cat_state *s = &g->s;
	cat_player *pl = &s->p[p];
	const cat_data *d = g->d;
	unsigned cnt;
	if (!strcmp(key, "settlements") || !strcmp(key, "cities") || !strcmp(key, "roads")) {
		bool road = key[0] == 'r';
		const char *end = v + vl;
		while (v < end) {
			const char *e = memchr(v, '+', (size_t)(end - v));
			if (!e)
				e = end;
			size_t l = (size_t)(e - v);
			int x = road ? cat_parse_edge(d, v, l) : cat_parse_node(d, v, l);
			if (x < 0)
				FAIL("%s: '%.*s' is no %s", key, (int)l, v,
				     road ? "path" : "intersection");
			uint8_t *own = road ? &s->edge_owner[x] : &s->node_owner[x];
			if (*own)
				FAIL("%s: '%.*s' is taken twice", key, (int)l, v);
			*own = (uint8_t)(p + 1);
			if (road) {
				pl->roads++;
			} else if (key[0] == 'c') {
				s->node_city[x] = 1;
				pl->cities++;
			} else {
				pl->settlements++;
			}
			v = e + 1;
		}
		if (pl->roads > d->pieces[0] || pl->settlements > d->pieces[1] ||
		    pl->cities > d->pieces[2])
			FAIL("%s: more pieces than a player has", key);
		return 0;
	}
	if (!strcmp(key, "hands")) {
		if (parse_items(v, vl, false, pl->res) < 0)
			FAIL("hands: '%.*s' is not a bundle of cards", (int)vl, v);
		return 0;
	}
	if (!strcmp(key, "cards")) {
		if (parse_items(v, vl, true, pl->dev) < 0)
			FAIL("cards: '%.*s' is not a list of development cards", (int)vl, v);
		return 0;
	}
	if (parse_count(v, vl, 99, &cnt) < 0)
		FAIL("%s: '%.*s' is not a number", key, (int)vl, v);
	if (key[0] == 'k')
		pl->knights = (uint8_t)cnt;
	else
		pl->vp_shown = (uint8_t)cnt;
	return 0;
}

/* What a Setup's position implies and must agree with: the distance rule,
 * the bank, the development cards, hand sizes, harbours, road lengths and
 * the winner.  Returns 0, or -1 with `why`. */
static int position_derived(cat_game *g, bool have_deck, char *why, size_t whylen)
{
	cat_state *s = &g->s;
	const cat_data *d = g->d;
	for (unsigned v = 0; v < CAT_NODES; v++)
		for (unsigned i = 0; s->node_owner[v] && i < d->g.node_nadj[v]; i++)
			if (s->node_owner[d->g.node_adj[v][i]]) {
				char a[4], b[4];
				cat_node_name(d, v, a);
				cat_node_name(d, d->g.node_adj[v][i], b);
				FAIL("buildings at %s and %s are adjacent "
				     "(distance rule)",
				     a, b);
			}
	/* Derived: the bank, hand sizes, harbours, road lengths. */
	for (unsigned r = 0; r < CAT_RES; r++) {
		unsigned held = 0;
		for (unsigned p = 0; p < g->nseats; p++)
			held += s->p[p].res[r];
		if (held > cat_bank_size(g))
			FAIL("hands: %u %s, the bank has %u in all", held, cat_res_name[r],
			     cat_bank_size(g));
		s->bank[r] = (uint8_t)(cat_bank_size(g) - held);
	}
	for (unsigned k = 0; k < CAT_DEV; k++) {
		unsigned out = have_deck ? s->deck[k] : 0;
		for (unsigned p = 0; p < g->nseats; p++)
			out += s->p[p].dev[k] + (k == D_KNIGHT ? s->p[p].knights : 0);
		/* Knights (held, played) and victory point cards never
		 * leave the game, so with the deck given they add up to the
		 * box; played progress cards are gone. */
		if (out > d->dev_count[k] ||
		    (have_deck && (k == D_KNIGHT || k == D_VP) && out != d->dev_count[k]))
			FAIL("%u %s card%s in the game, the box has %u", out, cat_dev_name[k],
			     arb_s(out), d->dev_count[k]);
		if (!have_deck)
			s->deck[k] = (uint8_t)(d->dev_count[k] - out);
	}
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_player *pl = &s->p[p];
		pl->ncards = 0;
		for (unsigned r = 0; r < CAT_RES; r++)
			pl->ncards = (uint8_t)(pl->ncards + pl->res[r]);
		if (pl->vp_shown > pl->dev[D_VP])
			FAIL("shown: %s shows more victory point cards than "
			     "held",
			     cat_colours[g->colour[p]]);
		pl->harb = 0;
		for (unsigned v = 0; v < CAT_NODES; v++)
			if (s->node_owner[v] == p + 1)
				pl->harb |= g->b.node_harb[v];
		pl->road_len = (uint8_t)cat_trail(g, s, p);
	}
	/* The special cards' holders earned them (the rulebook: the longest
	 * road is at least CAT_LONGEST_MIN roads, the largest army at least
	 * CAT_ARMY_MIN knights) and no one has since passed them; a tie
	 * leaves a card where it is. */
	if (s->lr != CAT_NONE) {
		unsigned len = s->p[s->lr].road_len;
		if (len < CAT_LONGEST_MIN)
			FAIL("longest: %s's longest road is %u road%s; the card takes %u",
			     cat_colours[g->colour[s->lr]], len, arb_s(len), CAT_LONGEST_MIN);
		for (unsigned p = 0; p < g->nseats; p++)
			if (s->p[p].road_len > len)
				FAIL("longest: %s's road of %u is longer than %s's %u",
				     cat_colours[g->colour[p]], s->p[p].road_len,
				     cat_colours[g->colour[s->lr]], len);
	}
	if (s->la != CAT_NONE) {
		unsigned k = s->p[s->la].knights;
		if (k < CAT_ARMY_MIN)
			FAIL("army: %s has played %u knight%s; the card takes %u",
			     cat_colours[g->colour[s->la]], k, arb_s(k), CAT_ARMY_MIN);
		for (unsigned p = 0; p < g->nseats; p++)
			if (s->p[p].knights > k)
				FAIL("army: %s has played %u knights, more than %s's %u",
				     cat_colours[g->colour[p]], s->p[p].knights,
				     cat_colours[g->colour[s->la]], k);
	}
	/* A finished game stays finished: winner= names who won, and they
	 * must have the points. */
	if (s->winner != CAT_NONE) {
		if (s->setup_step < 2 * g->nseats)
			FAIL("winner: the game is still in its set-up");
		unsigned vp = cat_vp(g, s->winner);
		if (vp < d->goal)
			FAIL("winner: %s has %u point%s, not the %u that win",
			     cat_colours[g->colour[s->winner]], vp, arb_s(vp), d->goal);
		s->over = 1;
	}
	return 0;
}

/* Read the position fields of a Setup value into g->s (already holding
 * the initial position on g->b).  Returns 0, or -1 with `why`. */
int cat_position_from_setup(cat_game *g, const char *spec, char *why, size_t whylen)
{
	cat_state *s = &g->s;
	bool any = false, have_step = false, have_deck = false;
	unsigned step = 0;
	const char *w;
	size_t wl;
	for (const char *c = spec; arb_tag_word(&c, " \t", &w, &wl);) {
		const char *p = w + wl;
		const char *eq = memchr(w, '=', wl);
		if (!eq || !is_position_key(w, (size_t)(eq - w)))
			continue; /* board fields: cat_board_from_setup */
		char key[16];
		snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
		const char *v = eq + 1;
		size_t vl = (size_t)(p - v);
		any = true;
		if (!strcmp(key, "robber")) {
			int h = cat_parse_hex(v, vl);
			if (h < 0)
				FAIL("robber: '%.*s' is no hex", (int)vl, v);
			s->robber = (uint8_t)h;
		} else if (!strcmp(key, "longest") || !strcmp(key, "army") ||
			   !strcmp(key, "turn") || !strcmp(key, "winner")) {
			int seat =
				vl == 4 && !strncmp(v, "none", 4) && key[0] != 't' && key[0] != 'w'
					? CAT_NONE
					: seat_named(g, v, vl);
			if (seat < 0)
				FAIL("%s: '%.*s' is not a colour of this game", key, (int)vl, v);
			if (key[0] == 'l')
				s->lr = (uint8_t)seat;
			else if (key[0] == 'a')
				s->la = (uint8_t)seat;
			else if (key[0] == 'w')
				s->winner = (uint8_t)seat;
			else
				s->active = (uint8_t)seat;
		} else if (!strcmp(key, "step")) {
			if (parse_count(v, vl, 2 * g->nseats - 1, &step) < 0)
				FAIL("step: '%.*s' is not a set-up step", (int)vl, v);
			have_step = true;
		} else if (!strcmp(key, "deck")) {
			if (parse_items(v, vl, true, s->deck) < 0)
				FAIL("deck: '%.*s' is not a list of development "
				     "cards",
				     (int)vl, v);
			have_deck = true;
		} else {
			const char *end = v + vl;
			while (v < end) {
				const char *e = memchr(v, ',', (size_t)(end - v));
				if (!e)
					e = end;
				const char *colon = memchr(v, ':', (size_t)(e - v));
				int seat = colon ? seat_named(g, v, (size_t)(colon - v)) : -1;
				if (seat < 0)
					FAIL("%s: '%.*s' is not COLOUR:VALUE for "
					     "a colour of this game",
					     key, (int)(e - v), v);
				if (put_item(g, key, seat, colon + 1, (size_t)(e - colon - 1), why,
					     whylen) < 0)
					return -1;
				v = e + 1;
			}
		}
	}
	if (!any)
		return 0;
	s->setup_step = (uint8_t)(have_step ? step : 2 * g->nseats);
	return position_derived(g, have_deck, why, whylen);
}

/* ------------------------------------------------ the board fields */

/* Spiral order of the variable set-up: the outer ring counter-clockwise
 * from A, then the inner ring from E, then the centre. */
static const uint8_t outer_ring[12] = { 0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1 };
static const uint8_t inner_ring[6] = { 4, 8, 13, 14, 10, 5 };

/* The comma-separated items of Setup field `key` (value s, n bytes),
 * which lists exactly `want` (item and ilen hold want + 1): else -1, and
 * why says how many it lists ("hexes= lists 18 hexes, the island has 19":
 * `one` or `many` of them, the `whole` that has want). */
static int split_items(const char *s, size_t n, const char **item, size_t *ilen, size_t want,
		       const char *key, const char *one, const char *many, const char *whole,
		       char *why, size_t whylen)
{
	size_t k = 0, i = 0;
	while (i <= n) {
		size_t j = i;
		while (j < n && s[j] != ',')
			j++;
		if (k <= want) {
			item[k] = s + i;
			ilen[k] = j - i;
		}
		k++;
		i = j + 1;
	}
	if (k != want) {
		snprintf(why, whylen, "%s= lists %zu %s, the %s has %zu", key, k,
			 k == 1 ? one : many, whole, want);
		return -1;
	}
	return 0;
}

/* hexes=O10,W2,...: 19 hexes row by row. */
static int read_hexes(cat_board *b, const char *v, size_t vl, char *why, size_t whylen)
{
	const char *item[CAT_HEXES + 1];
	size_t ilen[CAT_HEXES + 1];
	if (split_items(v, vl, item, ilen, CAT_HEXES, "hexes", "hex", "hexes", "island", why,
			whylen) < 0)
		return -1;
	for (unsigned h = 0; h < CAT_HEXES; h++)
		if (cat_parse_hexspec(item[h], ilen[h], &b->terrain[h], &b->token[h]) < 0) {
			snprintf(why, whylen,
				 "hex %c: '%.*s' is not "
				 "a terrain letter (B L W G O D) "
				 "with a number token",
				 'A' + h, (int)ilen[h], item[h]);
			return -1;
		}
	return 0;
}

/* terrain=OWL...: 19 terrain letters into terr. */
static int read_terrain(const char *v, size_t vl, uint8_t *terr, char *why, size_t whylen)
{
	if (vl != CAT_HEXES) {
		snprintf(why, whylen, "terrain= needs 19 letters");
		return -1;
	}
	for (unsigned h = 0; h < CAT_HEXES; h++) {
		const char *q = memchr(cat_res_letter, v[h] & ~0x20, CAT_RES + 1);
		if (!q || v[h] == 0) {
			snprintf(why, whylen,
				 "terrain= letter "
				 "'%c' is none of B L W G O D",
				 v[h]);
			return -1;
		}
		terr[h] = (uint8_t)(q - cat_res_letter);
	}
	return 0;
}

/* harbours=3:1@c1-d1,grain@f1-g1,...: 9 harbours. */
static int read_harbours(const cat_data *d, cat_board *b, const char *v, size_t vl, char *why,
			 size_t whylen)
{
	const char *item[CAT_HEXES + 1];
	size_t ilen[CAT_HEXES + 1];
	if (split_items(v, vl, item, ilen, CAT_HARBOURS, "harbours", "harbour", "harbours", "game",
			why, whylen) < 0)
		return -1;
	for (unsigned i = 0; i < CAT_HARBOURS; i++) {
		const char *at = memchr(item[i], '@', ilen[i]);
		int kind = at ? cat_parse_harb_kind(item[i], (size_t)(at - item[i])) : -1;
		int e = at ? cat_parse_edge(d, at + 1, ilen[i] - (size_t)(at - item[i]) - 1) : -1;
		if (kind < 0 || e < 0) {
			snprintf(why, whylen,
				 "harbour '%.*s' is "
				 "not KIND@PATH (3:1@c1-d1, "
				 "grain@f1-g1)",
				 (int)ilen[i], item[i]);
			return -1;
		}
		b->harb_kind[i] = (uint8_t)kind;
		b->harb_edge[i] = (uint8_t)e;
	}
	return 0;
}

/* The terrain terr laid with the tokens in spiral order from corner
 * `start` (the variable set-up). */
static int lay_tokens(const cat_data *d, cat_board *b, const uint8_t *terr, unsigned start,
		      char *why, size_t whylen)
{
	memcpy(b->terrain, terr, CAT_HEXES);
	uint8_t order[CAT_HEXES];
	for (unsigned i = 0; i < 12; i++)
		order[i] = outer_ring[(start + i) % 12];
	for (unsigned i = 0; i < 6; i++)
		order[12 + i] = inner_ring[(start / 2 + i) % 6];
	order[18] = 9;
	unsigned t = 0;
	for (unsigned i = 0; i < CAT_HEXES; i++) {
		unsigned h = order[i];
		if (b->terrain[h] == T_DESERT) {
			b->token[h] = 0;
		} else if (t < 18) {
			b->token[h] = d->tokens[t++];
		} else {
			snprintf(why, whylen,
				 "terrain= has no desert "
				 "and more land hexes than tokens");
			return -1;
		}
	}
	return 0;
}

/* Read a Setup tag value: space-separated fields
 *   hexes=O10,W2,...      19 hexes row by row (terrain letter + token)
 *   terrain=OWL...        19 terrain letters, tokens laid by the spiral
 *   start=A               the corner where the spiral starts (A C L S Q H)
 *   harbours=3:1@c1-d1,grain@f1-g1,...   9 harbours
 * Missing hexes/terrain or harbours fields keep the beginner board's.
 * Returns 0, or -1 with a sentence in `why`. */
int cat_board_from_setup(const cat_data *d, const char *spec, cat_board *b, char *why,
			 size_t whylen)
{
	cat_board_default(d, b);
	const char *p = spec;
	bool have_terrain = false, have_start = false, have_hexes = false;
	unsigned start = 0;
	uint8_t terr[CAT_HEXES];
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		const char *w = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		size_t wl = (size_t)(p - w);
		const char *eq = memchr(w, '=', wl);
		if (!eq) {
			snprintf(why, whylen, "'%.*s' is not name=value", (int)wl, w);
			return -1;
		}
		size_t kl = (size_t)(eq - w);
		const char *v = eq + 1;
		size_t vl = wl - kl - 1;
		if (kl == 5 && strncmp(w, "hexes", 5) == 0) {
			if (read_hexes(b, v, vl, why, whylen) < 0)
				return -1;
			have_hexes = true;
		} else if (kl == 7 && strncmp(w, "terrain", 7) == 0) {
			if (read_terrain(v, vl, terr, why, whylen) < 0)
				return -1;
			have_terrain = true;
		} else if (kl == 5 && strncmp(w, "start", 5) == 0) {
			int h = cat_parse_hex(v, vl);
			unsigned i;
			for (i = 0; i < 12; i += 2)
				if (h >= 0 && outer_ring[i] == h)
					break;
			if (i >= 12) {
				snprintf(why, whylen,
					 "start= must be a corner "
					 "hex: A, C, H, L, Q or S");
				return -1;
			}
			start = i;
			have_start = true;
		} else if (kl == 8 && strncmp(w, "harbours", 8) == 0) {
			if (read_harbours(d, b, v, vl, why, whylen) < 0)
				return -1;
		} else if (!is_position_key(w, kl)) {
			snprintf(why, whylen,
				 "unknown Setup field '%.*s' "
				 "(known: hexes, terrain, start, harbours and "
				 "the position: settlements, cities, roads, "
				 "hands, cards, knights, shown, deck, robber, "
				 "longest, army, turn, step, winner)",
				 (int)kl, w);
			return -1;
		}
	}
	if (have_hexes && (have_terrain || have_start)) {
		snprintf(why, whylen,
			 "give either hexes= or terrain= with "
			 "start=, not both");
		return -1;
	}
	if (have_start && !have_terrain) {
		snprintf(why, whylen, "start= needs terrain=");
		return -1;
	}
	if (have_terrain && lay_tokens(d, b, terr, start, why, whylen) < 0)
		return -1;
	cat_board_finish(d, b);
	if (!cat_board_check(d, b, why, whylen))
		return -1;
	return 0;
}
