/*
 * gen.h — a random player of Elasund for the tests and the fuzz harness.
 *
 * It writes whole records: each turn's chance part (income draws, pirate
 * discards and loot, shortage halving) comes from a small reference model
 * of phase 1 written apart from the engine, and the choices (builds, walls,
 * church, huts, permits, specials) are random candidates kept only when the
 * engine accepts the line so far on a scratch copy.  The engine must then
 * accept every generated line: a rejection means the engine and the
 * reference model disagree.  Header-only (static functions) so that each
 * test program and the fuzz harness include it directly.
 */
#ifndef ELASUND_GEN_H
#define ELASUND_GEN_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/tokens.h"
#include "games/elasund/elasund.h"

extern const arb_game_ops elasund_game;

typedef struct gen {
	uint64_t rng;
	el_game *g;              /* the game being played                  */
	el_game scratch;         /* trial copy                             */
	char line[1024];         /* the turn being built                   */
	arb_reject rej;
} gen;

static uint32_t gen_rand(gen *G, uint32_t n)
{
	G->rng ^= G->rng >> 12;
	G->rng ^= G->rng << 25;
	G->rng ^= G->rng >> 27;
	return (uint32_t)((G->rng * 2685821657736338717ull) >> 33) % n;
}

static const char gen_letters[3] = { 'r', 'b', 'g' };

/* Parse and apply `text` to the scratch copy (or the game when `real`). */
static bool gen_try(gen *G, const char *text, bool real, const arb_sink *sink)
{
	arb_token tok[160];
	size_t n = arb_split_tokens(text, strlen(text), 1, 1, tok, 160);
	if (n == 0 || n > 160)
		return false;
	el_move m;
	memset(&m, 0, sizeof m);
	if (elasund_game.parse(G->g, tok, n, &m, &G->rej) < 0)
		return false;
	if (real)
		return elasund_game.apply(G->g, &m, sink, &G->rej) == 0;
	memcpy(&G->scratch, G->g, sizeof *G->g);
	return elasund_game.apply(&G->scratch, &m, NULL, &G->rej) == 0;
}

static void gen_cat(char *dst, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void gen_cat(char *dst, size_t cap, const char *fmt, ...)
{
	size_t n = strlen(dst);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(dst + n, cap - n, fmt, ap);
	va_end(ap);
}

/* A random influence colour drawn from deck counts (with the reshuffle). */
static int gen_draw(gen *G, int16_t deck[3], int16_t disc[3])
{
	if (deck[0] + deck[1] + deck[2] == 0)
		for (int k = 0; k < 3; k++) {
			deck[k] = disc[k];
			disc[k] = 0;
		}
	int tot = deck[0] + deck[1] + deck[2];
	if (!tot)
		return -1;
	int r = (int)gen_rand(G, (uint32_t)tot);
	for (int k = 0; k < 3; k++) {
		if (r < deck[k]) {
			deck[k]--;
			return k;
		}
		r -= deck[k];
	}
	return -1;
}

/* Remove n random cards from a hand (gold and influence); write them. */
static void gen_take(gen *G, int16_t *gold, int16_t infl[3], int n, char *out, size_t cap,
		     int *pg, int pi[3])
{
	int cg = 0, ci[3] = { 0 };
	for (int k = 0; k < n; k++) {
		int tot = *gold + infl[0] + infl[1] + infl[2];
		int r = (int)gen_rand(G, (uint32_t)tot);
		if (r < *gold) {
			(*gold)--;
			cg++;
			continue;
		}
		r -= *gold;
		for (int c = 0; c < 3; c++) {
			if (r < infl[c]) {
				infl[c]--;
				ci[c]++;
				break;
			}
			r -= infl[c];
		}
	}
	if (cg)
		gen_cat(out, cap, "%d", cg);
	for (int c = 0; c < 3; c++)
		for (int k = 0; k < ci[c]; k++)
			gen_cat(out, cap, "%c", gen_letters[c]);
	if (pg) {
		*pg += cg;
		for (int c = 0; c < 3; c++)
			pi[c] += ci[c];
	}
}

/* The reference model of phase 1: append the chance items for a roll. */
static void gen_phase1(gen *G, int roll, int row)
{
	const el_game *g = G->g;
	const el_pos *p = &g->pos;
	const el_data *d = g->d;
	char *L = G->line;
	size_t cap = sizeof G->line;
	if (roll == 7) {
		int due[EL_SEATS] = { 0 };
		for (int i = 0; i < g->nneutral; i++) {
			const el_tile *t = &p->tile[i];
			for (int f = 0; t->on && f < t->cubes; f++)
				if (t->y + d->bt[t->type].flagdy[f] == row)
					due[t->owner]++;
		}
		for (int x = 0; x < EL_W; x++)
			if (p->church[row][x] >= 0)
				due[p->church_owner[p->church[row][x]]]++;
		for (int k = 0; k < g->L->nline[LINE_E]; k++)
			if (g->L->line[LINE_E][k] == row && (p->wall[LINE_E][k] & 16))
				due[(p->wall[LINE_E][k] & 15) - 1]++;
		int pg = 0, pi[3] = { 0 };
		bool any = false;
		for (unsigned s = 0; s < g->nseats; s++) {
			int16_t gold = p->seat[s].gold, infl[3];
			memcpy(infl, p->seat[s].infl, sizeof infl);
			int hand = gold + infl[0] + infl[1] + infl[2];
			int n = due[s] < hand ? due[s] : hand;
			if (!n)
				continue;
			if (!any)
				gen_cat(L, cap, " discard");
			any = true;
			gen_cat(L, cap, " %s=", el_colours[g->colour[s]]);
			gen_take(G, &gold, infl, n, L, cap, &pg, pi);
		}
		int tw = 0;
		for (int li = 0; li < 3; li++)
			for (int k = 0; k < g->L->nline[li]; k++)
				tw += p->wall[li][k] == (uint8_t)(p->active + 1 + 16);
		int pool = pg + pi[0] + pi[1] + pi[2], n = tw < pool ? tw : pool;
		if (n) {
			int16_t gold = (int16_t)pg, infl[3] = { (int16_t)pi[0], (int16_t)pi[1], (int16_t)pi[2] };
			gen_cat(L, cap, " loot ");
			gen_take(G, &gold, infl, n, L, cap, NULL, NULL);
		}
		return;
	}
	int idue[EL_SEATS] = { 0 }, I = 0;
	uint64_t seen = 0;
	for (int x = 0; x < g->L->cols; x++) {
		int t = p->bld[row][x];
		if (t < 0 || (seen >> t & 1))
			continue;
		seen |= 1ull << t;
		if (d->bt[p->tile[t].type].income == INC_INFL) {
			idue[p->tile[t].owner]++;
			I++;
		}
	}
	int16_t deck[3], disc[3];
	memcpy(deck, p->deck, sizeof deck);
	memcpy(disc, p->disc, sizeof disc);
	int avail = deck[0] + deck[1] + deck[2] + disc[0] + disc[1] + disc[2];
	if (I > avail) {
		bool any = false;
		for (unsigned s = 0; s < g->nseats; s++) {
			int16_t gold = 0, infl[3];
			memcpy(infl, p->seat[s].infl, sizeof infl);
			int hn = infl[0] + infl[1] + infl[2];
			int h = g->opt.halve_up ? (hn + 1) / 2 : hn / 2;
			if (!h)
				continue;
			if (!any)
				gen_cat(L, cap, " halve");
			any = true;
			gen_cat(L, cap, " %s=", el_colours[g->colour[s]]);
			gen_take(G, &gold, infl, h, L, cap, NULL, NULL);
		}
		return;
	}
	if (!I)
		return;
	gen_cat(L, cap, " +");
	for (int k = 0; k < I; k++)
		gen_cat(L, cap, "%c", gen_letters[gen_draw(G, deck, disc)]);
}

static bool gen_empty(const el_game *g, int x, int y)
{
	const el_pos *p = &g->pos;
	if (x < 0 || y < 0 || x >= g->L->cols || y >= EL_H)
		return false;
	if (x == g->d->found_x && y == g->d->found_y)
		return false;
	return p->bld[y][x] < 0 && p->permit[y][x] < 0 && p->church[y][x] < 0;
}

static void gen_sq(const el_game *g, char *out, size_t cap, int x, int y)
{
	gen_cat(out, cap, " %d,%d", x + 1, g->d->rownum[y]);
}

/* Hut moves for the huts a footprint (or church square) displaces, in the
 * engine's order, to random legal squares of the scratch position. */
static void gen_huts(gen *G, const el_game *g, int x0, int y0, int w, int h, char *out, size_t cap)
{
	const el_pos *p = &g->pos;
	int ids[EL_MAXHUT], n = 0;
	for (int dy = 0; dy < h; dy++)
		for (int dx = 0; dx < w; dx++) {
			int t = p->bld[y0 + dy][x0 + dx];
			if (t < 0 || g->d->bt[p->tile[t].type].kind != K_HUT)
				continue;
			bool dup = false;
			for (int k = 0; k < n; k++)
				dup |= ids[k] == t;
			if (!dup)
				ids[n++] = t;
		}
	for (unsigned j = 0; j < g->nseats; j++) {
		int s = (p->active + (int)j) % (int)g->nseats;
		for (int kind = B_HUT; kind <= B_LONGHUT; kind++)
			for (int k = 0; k < n; k++) {
				const el_tile *t = &p->tile[ids[k]];
				if (t->owner != s || t->type != kind)
					continue;
				gen_cat(out, cap, " hut %s", el_colours[g->colour[s]]);
				int tries = 40;
				while (tries--) {
					int x = (int)gen_rand(G, g->L->cols), y = (int)gen_rand(G, EL_H);
					bool inside = x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
					bool inside2 = x >= x0 && x < x0 + w && y + 1 >= y0 && y + 1 < y0 + h;
					if (inside || !gen_empty(g, x, y) || g->L->mills[y][x])
						continue;
					if (kind == B_LONGHUT && (inside2 || !gen_empty(g, x, y + 1) ||
								  g->L->mills[y + 1][x]))
						continue;
					gen_sq(g, out, cap, x, y);
					break;
				}
				if (tries < 0)
					gen_cat(out, cap, " off");
			}
	}
}

/* Try the line so far plus `cand` and a gold phase; a candidate that wins
 * the game is tried without the gold phase, since the turn ends there. */
static bool gen_accept(gen *G, const char *cand)
{
	char trial[1200];
	snprintf(trial, sizeof trial, "%s%s gold", G->line, cand);
	if (gen_try(G, trial, false, NULL))
		return true;
	if (strcmp(G->rej.rule, "game-over") != 0)
		return false;
	snprintf(trial, sizeof trial, "%s%s", G->line, cand);
	return gen_try(G, trial, false, NULL) && G->scratch.pos.over;
}

/* One random build appended to G->line if the engine accepts it. */
static void gen_build(gen *G)
{
	char cand[512];
	/* The position with the line so far (and a gold phase) applied. */
	char trial[1200];
	snprintf(trial, sizeof trial, "%s gold", G->line);
	if (!gen_try(G, trial, false, NULL))
		return;
	el_game *s = &G->scratch;
	/* the scratch is one turn ahead: look at it as the active seat */
	int me = G->g->pos.active;
	const el_pos *p = &s->pos;
	for (int attempt = 0; attempt < 12; attempt++) {
		cand[0] = 0;
		int what = (int)gen_rand(G, 10);
		if (what < 5) {
			/* a building over one of my permits */
			int px = -1, py = -1, seen = 0;
			for (int y = 0; y < EL_H; y++)
				for (int x = 0; x < EL_W; x++)
					if (p->permit[y][x] >= 0 && (p->permit[y][x] >> 3) == me &&
					    gen_rand(G, (uint32_t)++seen) == 0) {
						px = x;
						py = y;
					}
			if (px < 0)
				continue;
			int type = (int)gen_rand(G, 7);
			const el_btype *bt = &s->d->bt[type];
			int x = px - (int)gen_rand(G, bt->w), y = py - (int)gen_rand(G, bt->h);
			if (x < 0 || y < 0 || x + bt->w > s->L->cols || y + bt->h > EL_H)
				continue;
			snprintf(cand, sizeof cand, " build %s", bt->name);
			gen_sq(s, cand, sizeof cand, x, y);
			size_t base = strlen(cand);
			for (int fee = -1; fee < 3; fee++) {
				cand[base] = 0;
				if (fee >= 0)
					gen_cat(cand, sizeof cand, " 3%c", gen_letters[fee]);
				gen_huts(G, s, x, y, bt->w, bt->h, cand, sizeof cand);
				if (gen_accept(G, cand)) {
					gen_cat(G->line, sizeof G->line, "%s", cand);
					return;
				}
			}
		} else if (what < 9) {
			int walls = s->pos.seat[me].walls;
			if (walls >= EL_NWALL)
				continue;
			/* every wall space, from a random one on */
			int tot = s->L->nline[0] + s->L->nline[1] + s->L->nline[2];
			int off = (int)gen_rand(G, (uint32_t)tot);
			for (int j = 0; j < tot; j++) {
				int li = 0, k = (j + off) % tot;
				while (k >= s->L->nline[li])
					k -= s->L->nline[li++];
				if (p->wall[li][k])
					continue;
				if (li == LINE_E)
					snprintf(cand, sizeof cand, " wall E%u", s->d->rownum[s->L->line[li][k]]);
				else
					snprintf(cand, sizeof cand, " wall %c%d", li == LINE_N ? 'N' : 'S',
						 s->L->line[li][k] + 1);
				int rw = s->d->wall[walls];
				if (rw != W_TOWER) {
					int16_t deck[3], disc[3];
					memcpy(deck, p->deck, sizeof deck);
					memcpy(disc, p->disc, sizeof disc);
					int n = rw == W_INF1 ? 1 : 2, c;
					bool first = true;
					while (n-- && (c = gen_draw(G, deck, disc)) >= 0) {
						gen_cat(cand, sizeof cand, first ? " +%c" : "%c", gen_letters[c]);
						first = false;
					}
				}
				if (gen_accept(G, cand)) {
					gen_cat(G->line, sizeof G->line, "%s", cand);
					return;
				}
			}
		} else {
			uint16_t left = p->church_left;
			if (!left)
				continue;
			int k = (int)gen_rand(G, 9);
			if (!(left >> k & 1))
				continue;
			int x, y;
			if (p->corg_x < 0) {
				int j = (int)gen_rand(G, 9);
				if (j == k || !(left >> j & 1))
					continue;
				snprintf(cand, sizeof cand, " church %d/%d", k + 1, j + 1);
				x = s->d->found_x;
				y = s->d->found_y;
			} else {
				if (k == p->church_bottom && (left & (left - 1)))
					continue;
				snprintf(cand, sizeof cand, " church %d", k + 1);
				x = p->corg_x + k % 3;
				y = p->corg_y + k / 3;
			}
			gen_huts(G, s, x, y, 1, 1, cand, sizeof cand);
			if (gen_accept(G, cand)) {
				gen_cat(G->line, sizeof G->line, "%s", cand);
				return;
			}
		}
	}
}

/* Phase 3 and the special action. */
static void gen_tail(gen *G)
{
	char trial[1200], cand[128];
	el_game *g = G->g;
	int me = g->pos.active;
	bool done = false;
	for (int attempt = 0; attempt < 8 && !done && gen_rand(G, 10) < 8; attempt++) {
		int v = (int)gen_rand(G, 5), x = (int)gen_rand(G, g->L->cols), y = (int)gen_rand(G, EL_H);
		snprintf(cand, sizeof cand, " permit %d", v);
		gen_sq(g, cand, sizeof cand, x, y);
		if (gen_rand(G, 6) == 0)
			gen_cat(cand, sizeof cand, " 2%c", gen_letters[gen_rand(G, 3)]);
		snprintf(trial, sizeof trial, "%s%s", G->line, cand);
		if (gen_try(G, trial, false, NULL)) {
			gen_cat(G->line, sizeof G->line, "%s", cand);
			done = true;
		}
	}
	if (!done) {
		snprintf(trial, sizeof trial, "%s gold", G->line);
		if (!gen_try(G, trial, false, NULL))
			return;   /* the game was won in phase 2 */
		gen_cat(G->line, sizeof G->line, " gold");
	}
	if (gen_rand(G, 3))
		return;
	for (int attempt = 0; attempt < 6; attempt++) {
		int kind = (int)gen_rand(G, 4), x = (int)gen_rand(G, g->L->cols), y = (int)gen_rand(G, EL_H);
		cand[0] = 0;
		if (kind == 0) {
			snprintf(cand, sizeof cand, " cash");
		} else if (kind == 1) {
			snprintf(cand, sizeof cand, " place %u", gen_rand(G, 5));
			gen_sq(g, cand, sizeof cand, x, y);
		} else {
			int px = -1, py = -1, seen = 0;
			for (int yy = 0; yy < EL_H; yy++)
				for (int xx = 0; xx < EL_W; xx++)
					if (g->pos.permit[yy][xx] >= 0 && (g->pos.permit[yy][xx] >> 3) == me &&
					    gen_rand(G, (uint32_t)++seen) == 0) {
						px = xx;
						py = yy;
					}
			if (px < 0)
				continue;
			snprintf(cand, sizeof cand, kind == 2 ? " move" : " raise");
			gen_sq(g, cand, sizeof cand, px, py);
			if (kind == 2)
				gen_sq(g, cand, sizeof cand, x, y);
			else
				gen_cat(cand, sizeof cand, " %u", gen_rand(G, 5));
			gen_cat(cand, sizeof cand, " 2%c", gen_letters[gen_rand(G, 3)]);
		}
		snprintf(trial, sizeof trial, "%s%s", G->line, cand);
		if (gen_try(G, trial, false, NULL)) {
			gen_cat(G->line, sizeof G->line, "%s", cand);
			return;
		}
	}
}

/* Build the next turn line of the game into G->line (not applied). */
static void gen_turn(gen *G)
{
	el_game *g = G->g;
	const el_pos *p = &g->pos;
	int roll = 2 + (int)gen_rand(G, 6) + (int)gen_rand(G, 6);
	int row = roll <= 6 ? roll - 2 : roll - 3;
	G->line[0] = 0;
	gen_cat(G->line, sizeof G->line, "%s %d", el_colours[g->colour[p->active]], roll);
	if (roll == 7) {
		do
			row = (int)gen_rand(G, EL_H);
		while (row == p->ship);
		gen_cat(G->line, sizeof G->line, ">%u", g->d->rownum[row]);
	} else if (row == p->ship) {
		int up = row - 2, down = row + 2;
		row = up < 0 ? down : down >= EL_H ? up : gen_rand(G, 2) ? up : down;
		gen_cat(G->line, sizeof G->line, ">%u", g->d->rownum[row]);
	}
	/* phase 1 sees the ship already moved */
	el_game *gm = G->g;
	int8_t old = gm->pos.ship;
	gm->pos.ship = (int8_t)row;
	gen_phase1(G, roll, row);
	gm->pos.ship = old;
	int nb = (int)gen_rand(G, 3);
	for (int k = 0; k < nb; k++)
		gen_build(G);
	gen_tail(G);
}

/* A Hands tag value for the seats of a fresh game, and deal it. */
static void gen_hands(gen *G, const el_game *g, char *out, size_t cap)
{
	int16_t deck[3], disc[3] = { 0 };
	for (int k = 0; k < 3; k++)
		deck[k] = g->d->cards[g->opt.cards][1 + k];
	out[0] = 0;
	for (unsigned s = 0; s < g->nseats; s++)
		gen_cat(out, cap, "%s%s=%c", s ? " " : "", el_colours[g->colour[s]],
			gen_letters[gen_draw(G, deck, disc)]);
}

#endif
