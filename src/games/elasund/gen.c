/*
 * gen.c — random legal Elasund games for `arbiter gen` (random_turn and
 * random_tags of the ops table).
 *
 * A turn is assembled as an el_move, phase by phase, and every addition is
 * played on a scratch copy of the game with the engine's own apply() before
 * it is kept: the line handed back is one the engine accepts by
 * construction, never a guess.  Chance comes from the real distributions:
 * two uniform d6, influence cards drawn one by one from what the deck holds
 * (the discard pile shuffled in when it runs dry, as the engine does),
 * church tiles from the stack.  Choices (pirate row, discards, loot,
 * shortage cards, builds, hut squares, permits, special actions) are random
 * among the legal ones, weighted towards what puts cubes on the board so
 * that games reach their end: buildings with flags, towers and church
 * tiles before plain walls and own buildings, permits next to one's own
 * permits so that buildings find their footprints.  A cheap pre-check
 * (written here, from the rules) keeps hopeless candidates away from the
 * engine; the engine has the last word.
 *
 * Guard against endless games: after EL_GEN_MAX_TURNS turn lines
 * random_turn declines (returns -1) and the record ends unfinished (`*`).
 *
 * No allocation: the scratch game and the candidate lists live on the
 * stack (a few KiB).  Randomness only through arb_rng_below(), so a seed
 * gives the same game on every machine.
 */
#include <string.h>

#include "elasund.h"

/* Turn lines after which random_turn gives up on a game (see above). */
#define EL_GEN_MAX_TURNS 500
/* Candidates of one build: buildings (deduplicated), walls, the church. */
#define EL_GEN_MAXCAND (B_HUT * EL_H * EL_W + 3 * EL_MAXWALL + 1)

typedef struct gen {
	const el_game *g; /* the real game (never changed)           */
	el_game s;	  /* scratch copy that trials are played on  */
	el_pos after;	  /* position after the accepted move `m`    */
	el_move m;	  /* the turn accepted so far                */
	uint64_t *rng;
	int me;	  /* the seat to act                         */
	bool won; /* `m` wins the game                       */
	arb_reject rej;
} gen;

typedef struct cand {
	uint8_t kind; /* BK_*                                    */
	uint8_t type; /* building type or wall line              */
	int8_t x, y;  /* top-left square, or wall index          */
	int8_t fee;   /* building: 1 when it needs the 3 cards   */
	uint16_t w;   /* weight; 0 once tried and refused        */
} cand;

static uint32_t rnd(gen *G, uint32_t n)
{
	return arb_rng_below(G->rng, n);
}

/* Play `mv` on the scratch copy of the position.  true when the engine
 * accepts it; then G->s.pos is the position after it. */
static bool trial(gen *G, const el_move *mv)
{
	G->s.pos = G->g->pos;
	return el_apply(&G->s, mv, NULL, &G->rej) == 0;
}

/* Try `mv`; when accepted it becomes the turn so far. */
static bool accept(gen *G, const el_move *mv)
{
	if (!trial(G, mv))
		return false;
	G->m = *mv;
	G->after = G->s.pos;
	G->won = G->s.pos.over;
	return true;
}

/* Index drawn from weights w[0..n-1] (some positive); -1 when all are 0. */
static int pick(gen *G, const uint16_t *w, size_t stride, int n)
{
	uint32_t tot = 0;
	for (int i = 0; i < n; i++)
		tot += *(const uint16_t *)((const char *)w + (size_t)i * stride);
	if (!tot)
		return -1;
	uint32_t r = rnd(G, tot);
	for (int i = 0; i < n; i++) {
		uint32_t k = *(const uint16_t *)((const char *)w + (size_t)i * stride);
		if (r < k)
			return i;
		r -= k;
	}
	return -1;
}

/* ------------------------------------------------- reading a position */

/* The active seat's gold before the gold phase of the accepted move: the
 * accepted move always ends with `gold`, which took min(2, bank): 2,
 * unless the bank is now empty, when it may have been less; 2 is then a
 * lower bound, good enough for a pre-check (the engine decides). */
static int gold_before_phase3(const gen *G)
{
	int gold = G->after.seat[G->me].gold;
	return gold - 2 < 0 ? 0 : gold - 2;
}

/* A seat's permits are next to (x, y) (4-neighbourhood). */
static bool near_own_permit(const el_pos *p, int me, int x, int y)
{
	static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
	for (int k = 0; k < 4; k++) {
		int xx = x + dx[k], yy = y + dy[k];
		if (xx >= 0 && xx < EL_W && yy >= 0 && yy < EL_H && p->permit[yy][xx] >= 0 &&
		    (p->permit[yy][xx] >> 3) == me)
			return true;
	}
	return false;
}

/* ------------------------------------------------------ chance draws */

/* el_draw_card (elasund.h): like the engine's draw, the discards are
 * shuffled in when the deck is empty. */
int el_draw_card(uint64_t *rng, int16_t deck[NINFL], int16_t disc[NINFL])
{
	if (deck[0] + deck[1] + deck[2] == 0)
		for (int k = 0; k < NINFL; k++) {
			deck[k] = disc[k];
			disc[k] = 0;
		}
	int tot = deck[0] + deck[1] + deck[2];
	if (!tot)
		return -1;
	int r = (int)arb_rng_below(rng, (uint32_t)tot);
	for (int k = 0; k < NINFL; k++) {
		if (r < deck[k]) {
			deck[k]--;
			return k;
		}
		r -= deck[k];
	}
	return -1;
}

/* el_take_cards (elasund.h): the cards leave the hand for `out`. */
void el_take_cards(uint64_t *rng, int16_t *gold, int16_t infl[NINFL], int n, el_cards *out)
{
	memset(out, 0, sizeof *out);
	for (int k = 0; k < n; k++) {
		int tot = (gold ? *gold : 0) + infl[0] + infl[1] + infl[2];
		if (!tot)
			return;
		int r = (int)arb_rng_below(rng, (uint32_t)tot);
		if (gold && r < *gold) {
			(*gold)--;
			out->gold++;
			continue;
		}
		r -= gold ? *gold : 0;
		for (int c = 0; c < NINFL; c++) {
			if (r < infl[c]) {
				infl[c]--;
				out->infl[c]++;
				break;
			}
			r -= infl[c];
		}
	}
}

/* ------------------------------------------------------ phase 1 */

/* The pirates on row y: each seat's discards (its random choice), then the
 * roller's loot (random among the discarded cards). */
static void pirates(gen *G, int y)
{
	const el_game *g = G->g;
	const el_pos *p = &g->pos;
	el_move *m = &G->m;
	int due[EL_SEATS];
	int16_t pg = 0, pi[NINFL] = { 0 };
	el_cubes_in_row(g, p, y, due);
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		int16_t gold = ps->gold, infl[NINFL] = { ps->infl[0], ps->infl[1], ps->infl[2] };
		int hand = gold + infl[0] + infl[1] + infl[2], n = due[s] < hand ? due[s] : hand;
		if (!n)
			continue;
		el_take_cards(G->rng, &gold, infl, n, &m->disc[s]);
		m->disc_set |= (uint8_t)(1u << s);
		m->has_disc = true;
		pg = (int16_t)(pg + m->disc[s].gold);
		for (int c = 0; c < NINFL; c++)
			pi[c] = (int16_t)(pi[c] + m->disc[s].infl[c]);
	}
	int tw = g->d->towers[p->seat[G->me].walls], pool = pg + pi[0] + pi[1] + pi[2];
	int n = tw < pool ? tw : pool;
	if (n) {
		el_take_cards(G->rng, &pg, pi, n, &m->loot);
		m->has_loot = true;
	}
}

/* Income of row y: the influence cards drawn, or the shortage halving
 * (each seat's random choice of half its influence cards).  Gold is
 * derived by the engine and needs no record. */
static void income(gen *G, int y)
{
	const el_game *g = G->g;
	const el_pos *p = &g->pos;
	el_move *m = &G->m;
	int I = 0;
	uint64_t seen = 0;
	for (int x = 0; x < g->L->cols; x++) {
		int t = p->bld[y][x];
		if (t < 0 || (seen >> t & 1))
			continue;
		seen |= 1ull << t;
		I += g->d->bt[p->tile[t].type].income == INC_INFL;
	}
	int16_t deck[NINFL], disc[NINFL];
	memcpy(deck, p->deck, sizeof deck);
	memcpy(disc, p->disc, sizeof disc);
	int avail = deck[0] + deck[1] + deck[2] + disc[0] + disc[1] + disc[2];
	if (I > avail) {
		for (unsigned s = 0; s < g->nseats; s++) {
			const el_seat *ps = &p->seat[s];
			int16_t infl[NINFL] = { ps->infl[0], ps->infl[1], ps->infl[2] };
			int hn = infl[0] + infl[1] + infl[2];
			int h = g->opt.halve_up ? (hn + 1) / 2 : hn / 2;
			if (!h)
				continue;
			el_take_cards(G->rng, NULL, infl, h, &m->halve[s]);
			m->halve_set |= (uint8_t)(1u << s);
			m->has_halve = true;
		}
		return;
	}
	for (int k = 0; k < I && k < EL_MAXDRAW; k++)
		m->inc[m->ninc++] = (int8_t)el_draw_card(G->rng, deck, disc);
	m->has_inc = I > 0;
}

/* The roll, the ship and the chance items of phase 1, with `gold` as the
 * phase 3 so that the line is complete. */
static void phase1(gen *G)
{
	const el_game *g = G->g;
	el_move *m = &G->m;
	int ship = g->pos.ship;
	memset(m, 0, sizeof *m);
	m->seat = (uint8_t)G->me;
	m->ship = -1;
	m->p3fee = m->spfee = -1;
	m->roll = (uint8_t)(2 + rnd(G, 6) + rnd(G, 6));
	int y;
	if (m->roll == 7) {
		/* the roller sends the pirates to any other row */
		y = (int)rnd(G, ship < 0 ? EL_H : EL_H - 1);
		if (ship >= 0 && y >= ship)
			y++;
		m->ship = (int8_t)y;
	} else {
		y = m->roll <= 6 ? m->roll - 2 : m->roll - 3;
		if (y == ship) {
			int up = y - 2, down = y + 2;
			y = up < 0 ? down : down >= EL_H ? up : rnd(G, 2) ? up : down;
			m->ship = (int8_t)y;
		}
	}
	if (m->roll == 7)
		pirates(G, y);
	else
		income(G, y);
	m->p3 = 1;
}

/* ------------------------------------------------------ phase 2 */

/* el_building_ok (elasund.h): every rule of el_build_building but
 * none-left, read off the board; gen.c's pre-check and choices.c's list. */
bool el_building_ok(const el_game *g, const el_pos *p, int me, int t, int x, int y, int gold,
		    bool *same)
{
	const el_data *d = g->d;
	const el_btype *bt = &d->bt[t];
	if (x < 0 || y < 0 || x + bt->w > g->L->cols || y + bt->h > EL_H)
		return false;
	int npermit = 0, val[EL_SEATS] = { -1, -1, -1, -1 }, comp = 0;
	*same = false;
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++) {
			int xx = x + dx, yy = y + dy;
			if (p->church[yy][xx] >= 0 || (xx == d->found_x && yy == d->found_y))
				return false;
			int b = p->bld[yy][xx];
			if (b >= 0) {
				int size = d->bt[p->tile[b].type].size;
				if (size > bt->size)
					return false;
				*same |= size == bt->size;
			}
			int pm = p->permit[yy][xx];
			if (pm >= 0) {
				npermit++;
				val[pm >> 3] = (val[pm >> 3] < 0 ? 0 : val[pm >> 3]) + (pm & 7);
				if ((pm >> 3) != me)
					comp += pm & 7;
			}
		}
	if (npermit < bt->permits || val[me] < 0)
		return false;
	for (unsigned s = 0; s < g->nseats; s++)
		if ((int)s != me && val[s] >= val[me])
			return false;
	if (gold < bt->cost + comp)
		return false;
	if (*same) {
		const el_seat *ps = &p->seat[me];
		if (ps->infl[0] < 3 && ps->infl[1] < 3 && ps->infl[2] < 3)
			return false;
	}
	return true;
}

/* el_each_building (elasund.h): gen.c's candidates and choices.c's list. */
void el_each_building(const el_game *g, const el_pos *p, int me, int gold,
		      void (*visit)(void *ctx, int t, int x, int y, bool same), void *ctx)
{
	/* the types with a tile left: the stack, or the seat's own building */
	bool left[B_HUT] = { false };
	for (int i = 0; i < g->nneutral; i++)
		left[p->tile[i].type] |= !p->tile[i].on;
	left[B_HOUSE] = !p->tile[g->nneutral + 4 * me].on;
	left[B_WORKSHOP] = !p->tile[g->nneutral + 4 * me + 1].on;
	uint8_t seen[EL_H][EL_W]; /* bit t: type t at this square tried */
	memset(seen, 0, sizeof seen);
	for (int py = 0; py < EL_H; py++)
		for (int px = 0; px < g->L->cols; px++) {
			int pm = p->permit[py][px];
			if (pm < 0 || (pm >> 3) != me)
				continue;
			for (int t = 0; t < B_HUT; t++) {
				const el_btype *bt = &g->d->bt[t];
				if (!left[t] || gold < bt->cost)
					continue;
				for (int dy = 0; dy < bt->h; dy++)
					for (int dx = 0; dx < bt->w; dx++) {
						int x = px - dx, y = py - dy;
						bool same;
						if (x < 0 || y < 0 || (seen[y][x] >> t & 1))
							continue;
						seen[y][x] |= (uint8_t)(1u << t);
						if (el_building_ok(g, p, me, t, x, y, gold, &same))
							visit(ctx, t, x, y, same);
					}
			}
		}
}

/* el_wall_space_ok (elasund.h): rules wall-space and wall-adjacent. */
bool el_wall_space_ok(const el_game *g, const el_pos *p, int li, int k)
{
	const uint8_t *wl = p->wall[li];
	int nl = g->L->nline[li];
	if (wl[k])
		return false;
	return li == LINE_E ? (k == 0 || k == nl - 1 || wl[k - 1] || wl[k + 1])
			    : (k == 0 || wl[k - 1]);
}

/* The hut moves after a build of `size` squares whose footprint is (x0,
 * y0, w, h) in `p` (a church tile: 1x1, size 1), in the engine's order (the
 * builder's huts first, then clockwise; hut before long hut), each to a
 * random empty square that is no trade field, or off when none is left. */
static void plan_huts(gen *G, const el_pos *p, el_build *b, int x0, int y0, int w, int h, int size)
{
	const el_game *g = G->g;
	bool occ[EL_H][EL_W];
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			occ[y][x] = !el_empty_at(g, p, x, y) || g->L->mills[y][x];
	int ids[EL_MAXHUT], n = 0;
	uint64_t covered = 0;
	for (int dy = 0; dy < h; dy++)
		for (int dx = 0; dx < w; dx++) {
			int t = p->bld[y0 + dy][x0 + dx];
			if (t < 0 || (covered >> t & 1))
				continue;
			covered |= 1ull << t;
			/* the covered tile leaves the board: its squares free up */
			const el_tile *ct = &p->tile[t];
			const el_btype *cb = &g->d->bt[ct->type];
			for (int yy = 0; yy < cb->h; yy++)
				for (int xx = 0; xx < cb->w; xx++)
					occ[ct->y + yy][ct->x + xx] =
						g->L->mills[ct->y + yy][ct->x + xx] != 0;
			if (cb->kind != K_HUT)
				continue;
			if (el_hut_moves(g, cb->size, size) && n < EL_MAXHUT)
				ids[n++] = t;
		}
	for (int dy = 0; dy < h; dy++)
		for (int dx = 0; dx < w; dx++)
			occ[y0 + dy][x0 + dx] = true;
	/* the engine's order: (owner - builder) mod seats, then tile id */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0; j--) {
			int oa = (p->tile[ids[j - 1]].owner - G->me + (int)g->nseats) %
				 (int)g->nseats;
			int ob = (p->tile[ids[j]].owner - G->me + (int)g->nseats) % (int)g->nseats;
			if (oa * 64 + ids[j - 1] <= ob * 64 + ids[j])
				break;
			int tmp = ids[j - 1];
			ids[j - 1] = ids[j];
			ids[j] = tmp;
		}
	/* within a seat the owner picks the order (notation/elasund.md, U20): the long
	 * hut first half the time, named by `longhut` */
	for (int i = 0; i + 1 < n; i++)
		if (p->tile[ids[i]].owner == p->tile[ids[i + 1]].owner && rnd(G, 2)) {
			int tmp = ids[i];
			ids[i] = ids[i + 1];
			ids[i + 1] = tmp;
			i++;
		}
	b->nhut = 0;
	for (int i = 0; i < n; i++) {
		const el_tile *t = &p->tile[ids[i]];
		bool longhut = t->type == B_LONGHUT;
		el_hutmv *hm = &b->hut[b->nhut++];
		hm->seat = (uint8_t)t->owner;
		hm->lng = longhut;
		hm->x = hm->y = -1;
		int seen = 0;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++) {
				if (occ[y][x] || (longhut && (y + 1 >= EL_H || occ[y + 1][x])))
					continue;
				if (rnd(G, (uint32_t)++seen) == 0) { /* reservoir: uniform */
					hm->x = (int8_t)x;
					hm->y = (int8_t)y;
				}
			}
		if (hm->x >= 0) {
			occ[hm->y][hm->x] = true;
			if (longhut)
				occ[hm->y + 1][hm->x] = true;
		}
	}
}

/* build_candidates' list, which el_each_building fills. */
struct build_sink {
	cand *c;
	const uint16_t *weight;
	int n;
};

static void add_build(void *ctx, int t, int x, int y, bool same)
{
	struct build_sink *b = ctx;
	b->c[b->n++] =
		(cand){ BK_BUILDING, (uint8_t)t, (int8_t)x, (int8_t)y, (int8_t)same, b->weight[t] };
}

/* Every build the active seat could add now (pre-checked), weighted. */
static int build_candidates(gen *G, cand *c)
{
	const el_game *g = G->g;
	const el_pos *p = &G->after;
	const el_seat *ps = &p->seat[G->me];
	int gold = gold_before_phase3(G);
	static const uint16_t weight[B_HUT] = {
		[B_WELL] = 6,	[B_MARKET] = 6, [B_TAVERN] = 8,	  [B_MERCHANT] = 8,
		[B_LARGE] = 12, [B_HOUSE] = 3,	[B_WORKSHOP] = 3,
	};
	struct build_sink sink = { c, weight, 0 };
	el_each_building(g, p, G->me, gold, add_build, &sink);
	int n = sink.n;
	if (ps->walls < EL_NWALL) {
		uint16_t w = g->d->wall[ps->walls] == W_TOWER ? 10 : 3;
		for (int li = 0; li < 3; li++) {
			int nl = g->L->nline[li];
			if (gold < g->d->wall_cost[li == LINE_E])
				continue;
			if (li == LINE_E && !el_east_wall_open(g, p))
				continue;
			for (int k = 0; k < nl; k++)
				if (el_wall_space_ok(g, p, li, k))
					c[n++] = (cand){ BK_WALL, (uint8_t)li, (int8_t)k, 0, 0, w };
		}
	}
	if (p->church_left && gold >= g->d->church_cost)
		c[n++] = (cand){ BK_CHURCH, 0, 0, 0, 0, 10 };
	return n;
}

/* Turn candidate `c` into a build of the move, with its chance (wall
 * draws, church tiles) and choices (fee colour, hut squares). */
static void make_build(gen *G, const cand *c, el_build *b)
{
	const el_game *g = G->g;
	const el_pos *p = &G->after;
	const el_seat *ps = &p->seat[G->me];
	memset(b, 0, sizeof *b);
	b->kind = c->kind;
	b->fee = b->ctile = b->cret = -1;
	if (c->kind == BK_BUILDING) {
		const el_btype *bt = &g->d->bt[c->type];
		b->type = c->type;
		b->x = c->x;
		b->y = c->y;
		if (c->fee) {
			int ok[NINFL], k = 0;
			for (int col = 0; col < NINFL; col++)
				if (ps->infl[col] >= 3)
					ok[k++] = col;
			b->fee = (int8_t)(k ? ok[rnd(G, (uint32_t)k)] : 0);
		}
		plan_huts(G, p, b, c->x, c->y, bt->w, bt->h, bt->size);
	} else if (c->kind == BK_WALL) {
		b->wline = c->type;
		b->widx = g->L->line[c->type][c->x];
		int rw = g->d->wall[ps->walls];
		if (rw != W_TOWER) {
			int16_t deck[NINFL], disc[NINFL];
			memcpy(deck, p->deck, sizeof deck);
			memcpy(disc, p->disc, sizeof disc);
			for (int k = 0, col; k < (rw == W_INF1 ? 1 : 2) &&
					     (col = el_draw_card(G->rng, deck, disc)) >= 0;
			     k++)
				b->draw[b->ndraw++] = (int8_t)col;
			b->has_draw = b->ndraw > 0;
		}
	} else {
		uint16_t left = p->church_left;
		int tiles[EL_NCHURCH], k = 0;
		if (p->corg_x < 0) {
			/* the first builder draws 2 from the shuffled stack and keeps one */
			for (int t = 0; t < EL_NCHURCH; t++)
				if (left >> t & 1)
					tiles[k++] = t;
			int a = (int)rnd(G, (uint32_t)k), bb = (int)rnd(G, (uint32_t)k - 1);
			if (bb >= a)
				bb++;
			b->ctile = (int8_t)tiles[a];
			b->cret = (int8_t)tiles[bb];
		} else {
			/* the top of the stack: any tile left but the bottom one */
			for (int t = 0; t < EL_NCHURCH; t++)
				if ((left >> t & 1) &&
				    (t != p->church_bottom || !(left & (left - 1))))
					tiles[k++] = t;
			b->ctile = (int8_t)tiles[rnd(G, (uint32_t)k)];
		}
		int ox = p->corg_x < 0 ? g->d->found_x - b->ctile % 3 : p->corg_x;
		int oy = p->corg_x < 0 ? g->d->found_y - b->ctile / 3 : p->corg_y;
		plan_huts(G, p, b, ox + b->ctile % 3, oy + b->ctile / 3, 1, 1, 1);
	}
}

/* Maybe add one build to the turn (chance `pct` in 100 when any is
 * possible).  Candidates the engine refuses are dropped and another one
 * is drawn.  A build that wins ends the turn (no phase 3). */
static void phase2(gen *G, int pct)
{
	cand c[EL_GEN_MAXCAND];
	int n = build_candidates(G, c);
	if (!n || (int)rnd(G, 100) >= pct)
		return;
	for (int tries = 0; tries < n; tries++) {
		int i = pick(G, &c[0].w, sizeof c[0], n);
		if (i < 0)
			return;
		c[i].w = 0;
		el_move mv = G->m;
		make_build(G, &c[i], &mv.build[mv.nbuild++]);
		if (accept(G, &mv))
			return;
		/* A build whose cube wins ends the line (U15): no hut moves
		 * after it, no phase 3.  Without them the engine accepts the
		 * line only when it wins. */
		mv.p3 = 0;
		mv.build[mv.nbuild - 1].nhut = 0;
		if (trial(G, &mv) && G->s.pos.over && accept(G, &mv))
			return;
	}
}

/* ------------------------------------------------------ phases 3 and 4 */

/* Phase 3: a permit (value and square at random among the affordable and
 * legal ones, squares next to one's own permits preferred), else the
 * 2 gold the accepted move already takes. */
static void phase3(gen *G)
{
	const el_game *g = G->g;
	const el_pos *p = &G->after;
	const el_seat *ps = &p->seat[G->me];
	int gold = gold_before_phase3(G);
	int vals[EL_NPERMIT], nv = 0;
	for (int v = 0; v < EL_NPERMIT; v++)
		if ((ps->permits >> v & 1) && v <= gold)
			vals[nv++] = v;
	if (!nv || rnd(G, 100) >= 75)
		return;
	int fees[NINFL], nf = 0;
	for (int c = 0; c < NINFL; c++)
		if (ps->infl[c] >= 2)
			fees[nf++] = c;
	/* squares the permit may take: the ship's row, else its neighbours */
	bool ok_row[EL_H] = { false };
	int ship = p->ship;
	bool room = false;
	for (int x = 0; x < g->L->cols; x++)
		room |= el_empty_at(g, p, x, ship);
	if (room) {
		ok_row[ship] = true;
	} else {
		if (ship > 0)
			ok_row[ship - 1] = true;
		if (ship + 1 < EL_H)
			ok_row[ship + 1] = true;
	}
	bool any_row = nf && rnd(G, 100) < 20;
	uint16_t w[EL_H * EL_W];
	int n = 0;
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++) {
			bool ok = el_empty_at(g, p, x, y) && (ok_row[y] || any_row);
			w[y * EL_W + x] = !ok ? 0 : near_own_permit(p, G->me, x, y) ? 6 : 1;
			n += ok;
		}
	if (!n && nf && !any_row) {
		/* nothing in the rows the ship allows: pay for any row */
		any_row = true;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < EL_W; x++)
				w[y * EL_W + x] = !el_empty_at(g, p, x, y)	    ? 0
						  : near_own_permit(p, G->me, x, y) ? 6
										    : 1;
	}
	for (int tries = 0; tries < 4; tries++) {
		int k = pick(G, w, sizeof w[0], EL_H * EL_W);
		if (k < 0)
			return;
		w[k] = 0;
		el_move mv = G->m;
		mv.p3 = 2;
		mv.p3v = (int8_t)vals[rnd(G, (uint32_t)nv)];
		mv.p3x = (int8_t)(k % EL_W);
		mv.p3y = (int8_t)(k / EL_W);
		mv.p3fee = (int8_t)(any_row && !ok_row[mv.p3y] ? fees[rnd(G, (uint32_t)nf)] : -1);
		if (accept(G, &mv))
			return;
	}
}

/* Phase 4: sometimes a special action, among those the seat can pay:
 * cash (weighted most: gold builds), place, raise, move. */
static void phase4(gen *G)
{
	const el_game *g = G->g;
	const el_pos *p = &G->after;
	const el_seat *ps = &p->seat[G->me];
	if (rnd(G, 100) >= 40)
		return;
	bool rbg = ps->infl[0] && ps->infl[1] && ps->infl[2];
	int fees[NINFL], nf = 0;
	for (int c = 0; c < NINFL; c++)
		if (ps->infl[c] >= 2)
			fees[nf++] = c;
	int own[EL_NPERMIT][2], no = 0;
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			if (p->permit[y][x] >= 0 && (p->permit[y][x] >> 3) == G->me &&
			    no < EL_NPERMIT) {
				own[no][0] = x;
				own[no][1] = y;
				no++;
			}
	uint16_t w[4] = { rbg ? 6 : 0, rbg && ps->permits ? 3 : 0, nf && no ? 2 : 0,
			  nf && no ? 1 : 0 };
	for (int tries = 0; tries < 6; tries++) {
		int kind = pick(G, w, sizeof w[0], 4);
		if (kind < 0)
			return;
		el_move mv = G->m;
		if (kind == 0) {
			mv.sp = SP_CASH;
		} else if (kind == 1) {
			int vals[EL_NPERMIT], nv = 0;
			for (int v = 0; v < EL_NPERMIT; v++)
				if ((ps->permits >> v & 1) && v <= ps->gold)
					vals[nv++] = v;
			int sx = -1, sy = -1, seen = 0;
			for (int y = 0; y < EL_H; y++)
				for (int x = 0; x < g->L->cols; x++)
					if (el_empty_at(g, p, x, y)) {
						int k = near_own_permit(p, G->me, x, y) ? 4 : 1;
						seen += k;
						if ((int)rnd(G, (uint32_t)seen) < k) {
							sx = x;
							sy = y;
						}
					}
			if (!nv || sx < 0) {
				w[1] = 0;
				continue;
			}
			mv.sp = SP_PLACE;
			mv.spv = (int8_t)vals[rnd(G, (uint32_t)nv)];
			mv.spx = (int8_t)sx;
			mv.spy = (int8_t)sy;
		} else {
			int k = (int)rnd(G, (uint32_t)no);
			mv.spx = (int8_t)own[k][0];
			mv.spy = (int8_t)own[k][1];
			mv.spfee = (int8_t)fees[rnd(G, (uint32_t)nf)];
			if (kind == 2) {
				int cur = p->permit[mv.spy][mv.spx] & 7, hv[EL_NPERMIT], nh = 0;
				for (int v = cur + 1; v < EL_NPERMIT; v++)
					if ((ps->permits >> v & 1) && v - cur <= ps->gold)
						hv[nh++] = v;
				if (!nh)
					continue;
				mv.sp = SP_RAISE;
				mv.spv = (int8_t)hv[rnd(G, (uint32_t)nh)];
			} else {
				int x = (int)rnd(G, g->L->cols), y = (int)rnd(G, EL_H);
				if (!el_empty_at(g, p, x, y))
					continue;
				mv.sp = SP_MOVE;
				mv.spx2 = (int8_t)x;
				mv.spy2 = (int8_t)y;
			}
		}
		if (accept(G, &mv))
			return;
		w[kind] = 0;
	}
}

/* ------------------------------------------------------ the ops */

/* random_turn (game.h): the next turn line of the seat to act, in
 * canonical notation, appended to `out`; its chance drawn from `rng`.
 * Returns -1 without writing when the game is over, has no Hands tag, or
 * has run EL_GEN_MAX_TURNS lines (the guard against dead boards).  The
 * game itself is not changed: the caller parses and applies the line. */
int el_random_turn(const void *game, uint64_t *rng, arb_buf *out)
{
	const el_game *g = game;
	/* a view's colours are not in its position (views.c): gen plays full
	 * records only */
	if (g->pos.over || g->no_hands || g->pos.turns >= EL_GEN_MAX_TURNS || g->view != EL_NOVIEW)
		return -1;
	gen G;
	G.g = g;
	G.s = *g; /* shallow: the scratch never listens, so never touches ev */
	G.rng = rng;
	G.me = g->pos.active;
	G.won = false;
	memset(&G.rej, 0, sizeof G.rej);
	phase1(&G);
	el_move base = G.m;
	if (accept(&G, &base)) {
		phase2(&G, 90);
		if (!G.won)
			phase2(&G, 60);
		if (!G.won) {
			phase3(&G);
			phase4(&G);
		}
	}
	/* A phase 1 the engine refused is a bug here: write it anyway, so
	 * that gen reports it instead of ending the game quietly. */
	el_format(g, &G.m, out);
	return 0;
}

/* random_tags (game.h): the Hands tag line of a new game of `nseats`
 * (seats in colour order, as gen writes them), each seat's starting
 * influence card drawn uniformly from the classic deck without
 * replacement. */
void el_random_tags(const void *data, size_t nseats, uint64_t *rng, arb_buf *out)
{
	const el_data *d = data;
	/* gen writes no Variant tag: the classic deck */
	int16_t deck[NINFL], disc[NINFL] = { 0 };
	static const char letters[NINFL] = { 'r', 'b', 'g' };
	for (int k = 0; k < NINFL; k++)
		deck[k] = d->cards[0][1 + k];
	arb_buf_puts(out, "[Hands \"");
	for (size_t s = 0; s < nseats && s < EL_SEATS; s++) {
		arb_buf_printf(out, "%s%s=", s ? " " : "", el_colours[s]);
		for (int k = 0; k < d->hand_infl; k++) {
			int c = el_draw_card(rng, deck, disc);
			if (c >= 0)
				arb_buf_putc(out, letters[c]);
		}
	}
	arb_buf_puts(out, "\"]\n");
}
