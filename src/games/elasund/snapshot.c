/*
 * snapshot.c — an Elasund position as a Setup tag value (dump --snapshot)
 * and back (create() with a Setup tag).
 *
 * The value is a list of words separated by blanks, each one fact of the
 * position (notation/elasund.md, "Snapshots"):
 *
 *   active=Red ship=8 turns=12 deck=r12,b13,g11 discard=r0,b0,g1
 *   church=2,6 stack=1234678 bottom=9 winner=Red
 *   Red=gold:5,r:1,b:0,g:2,permits:01234,track:3,trade:3,flags:3.5,walls:4
 *   tavern@3,5:Red:1   hut@4,4:Red   permit@3,5:Red:2   church5:Red
 *   N4:Red:tower       E8:Blue:cards
 *
 * What follows from these (cubes on the board, flag spaces taken, trade
 * points of each building, cards in the bank) is recomputed, and the facts
 * are checked against each other, so a snapshot cannot describe a position
 * the rules could not reach in the ways the engine can see (squares used
 * twice, missing or duplicated tiles, cards that do not add up).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elasund.h"

static const char lc[NINFL] = { 'r', 'b', 'g' };

static const char *col(const el_game *g, int s)
{
	return el_colours[g->colour[s]];
}

static void put_sq(const el_game *g, arb_buf *out, int x, int y)
{
	arb_buf_printf(out, "%d,%u", x + 1, g->d->rownum[y]);
}

void el_snapshot(const void *game, arb_buf *out)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	arb_buf_printf(out, "active=%s ship=", col(g, p->active));
	if (p->ship < 0)
		arb_buf_puts(out, "-");
	else
		arb_buf_printf(out, "%u", g->d->rownum[p->ship]);
	arb_buf_printf(out, " turns=%u deck=r%d,b%d,g%d discard=r%d,b%d,g%d", p->turns, p->deck[0],
		       p->deck[1], p->deck[2], p->disc[0], p->disc[1], p->disc[2]);
	if (p->corg_x >= 0) {
		arb_buf_puts(out, " church=");
		put_sq(g, out, p->corg_x, p->corg_y);
	}
	arb_buf_puts(out, " stack=");
	for (int k = 0; k < EL_NCHURCH; k++)
		if (p->church_left >> k & 1)
			arb_buf_printf(out, "%d", k + 1);
	if (!p->church_left)
		arb_buf_puts(out, "-");
	if (p->church_bottom >= 0 && (p->church_left >> p->church_bottom & 1))
		arb_buf_printf(out, " bottom=%d", p->church_bottom + 1);
	if (p->over)
		arb_buf_printf(out, " winner=%s", col(g, p->winner));
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		arb_buf_printf(out, " %s=gold:%d,r:%d,b:%d,g:%d,permits:", col(g, (int)s), ps->gold,
			       ps->infl[0], ps->infl[1], ps->infl[2]);
		for (int v = 0; v < EL_NPERMIT; v++)
			if (ps->permits >> v & 1)
				arb_buf_printf(out, "%d", v);
		if (!ps->permits)
			arb_buf_puts(out, "-");
		arb_buf_printf(out, ",track:%u,trade:%d,flags:", ps->track, ps->trade);
		bool any = false;
		for (int f = 0; f < 16; f++)
			if (ps->flags >> f & 1) {
				arb_buf_printf(out, any ? ".%d" : "%d", f);
				any = true;
			}
		if (!any)
			arb_buf_puts(out, "-");
		arb_buf_printf(out, ",walls:%u", ps->walls);
	}
	for (int i = 0; i < EL_MAXTILES; i++) {
		const el_tile *t = &p->tile[i];
		if (!t->on)
			continue;
		arb_buf_printf(out, " %s@", g->d->bt[t->type].name);
		put_sq(g, out, t->x, t->y);
		arb_buf_printf(out, ":%s", col(g, t->owner));
		if (g->d->bt[t->type].kind == K_NEUTRAL)
			arb_buf_printf(out, ":%u", t->cubes);
	}
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			if (p->permit[y][x] >= 0) {
				arb_buf_puts(out, " permit@");
				put_sq(g, out, x, y);
				arb_buf_printf(out, ":%s:%d", col(g, p->permit[y][x] >> 3),
					       p->permit[y][x] & 7);
			}
	for (int k = 0; k < EL_NCHURCH; k++)
		if (!(p->church_left >> k & 1))
			arb_buf_printf(out, " church%d:%s", k + 1, col(g, p->church_owner[k]));
	for (int li = 0; li < 3; li++)
		for (int k = 0; k < g->L->nline[li]; k++) {
			uint8_t w = p->wall[li][k];
			if (!w)
				continue;
			if (li == LINE_E)
				arb_buf_printf(out, " E%u", g->d->rownum[g->L->line[li][k]]);
			else
				arb_buf_printf(out, " %c%d", li == LINE_N ? 'N' : 'S',
					       g->L->line[li][k] + 1);
			arb_buf_printf(out, ":%s:%s", col(g, (w & 15) - 1),
				       w & 16 ? "tower" : "cards");
		}
}

/* ------------------------------------------------------- as data */

static void doc_sq(const el_game *g, const arb_doc *doc, const char *key, int x, int y)
{
	arb_doc_strf(doc, key, "%d,%u", x + 1, g->d->rownum[y]);
}

/* Red, blue and green influence cards as one map. */
static void doc_infl(const arb_doc *doc, const char *key, const int16_t *v)
{
	doc->map(doc->ctx, key);
	doc->num(doc->ctx, "red", v[0]);
	doc->num(doc->ctx, "blue", v[1]);
	doc->num(doc->ctx, "green", v[2]);
	doc->end(doc->ctx);
}

/* Per seat its cubes (the score), gold, influence cards, permits, trade
 * track and walls, as el_describe's list "seats". */
static void doc_seats(const el_game *g, const arb_doc *doc)
{
	const el_pos *p = &g->pos;
	void *c = doc->ctx;
	doc->list(c, "seats");
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		doc->map(c, NULL);
		doc->str(c, "colour", col(g, (int)s));
		doc->num(c, "cubes", ps->cubes);
		doc->num(c, "gold", ps->gold);
		doc_infl(doc, "influence", ps->infl);
		doc->list(c, "permits");
		for (int v = 0; v < EL_NPERMIT; v++)
			if (ps->permits >> v & 1)
				doc->num(c, NULL, v);
		doc->end(c);
		doc->num(c, "track", ps->track);
		doc->num(c, "trade", ps->trade);
		doc->list(c, "flags");
		for (int f = 0; f < 16; f++)
			if (ps->flags >> f & 1)
				doc->num(c, NULL, f);
		doc->end(c);
		doc->num(c, "walls_in_hand", ps->walls);
		doc->end(c);
	}
	doc->end(c);
}

/* (elasund.h) The snapshot's content as data: per seat its cubes (the
 * score), gold, influence cards, permits, trade track and walls; the
 * buildings, permits on the board, church and walls; the ship, the
 * influence deck and discards, the bank and the church stack. */
void el_describe(const void *game, const arb_doc *doc)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	void *c = doc->ctx;
	doc_seats(g, doc);
	doc->list(c, "buildings");
	for (int i = 0; i < EL_MAXTILES; i++) {
		const el_tile *t = &p->tile[i];
		if (!t->on)
			continue;
		doc->map(c, NULL);
		doc->str(c, "building", g->d->bt[t->type].name);
		doc_sq(g, doc, "square", t->x, t->y);
		doc->str(c, "owner", col(g, t->owner));
		if (g->d->bt[t->type].kind == K_NEUTRAL)
			doc->num(c, "cubes", t->cubes);
		doc->end(c);
	}
	doc->end(c);
	doc->list(c, "permits");
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			if (p->permit[y][x] >= 0) {
				doc->map(c, NULL);
				doc_sq(g, doc, "square", x, y);
				doc->str(c, "owner", col(g, p->permit[y][x] >> 3));
				doc->num(c, "value", p->permit[y][x] & 7);
				doc->end(c);
			}
	doc->end(c);
	doc->map(c, "church");
	if (p->corg_x >= 0)
		doc_sq(g, doc, "square", p->corg_x, p->corg_y);
	doc->list(c, "built");
	for (int k = 0; k < EL_NCHURCH; k++)
		if (!(p->church_left >> k & 1)) {
			doc->map(c, NULL);
			doc->num(c, "tile", k + 1);
			doc->str(c, "owner", col(g, p->church_owner[k]));
			doc->end(c);
		}
	doc->end(c);
	doc->list(c, "stack");
	for (int k = 0; k < EL_NCHURCH; k++)
		if (p->church_left >> k & 1)
			doc->num(c, NULL, k + 1);
	doc->end(c);
	if (p->church_bottom >= 0 && (p->church_left >> p->church_bottom & 1))
		doc->num(c, "bottom", p->church_bottom + 1);
	doc->end(c);
	doc->list(c, "walls");
	for (int li = 0; li < 3; li++)
		for (int k = 0; k < g->L->nline[li]; k++) {
			uint8_t w = p->wall[li][k];
			if (!w)
				continue;
			doc->map(c, NULL);
			if (li == LINE_E)
				arb_doc_strf(doc, "space", "E%u", g->d->rownum[g->L->line[li][k]]);
			else
				arb_doc_strf(doc, "space", "%c%d", li == LINE_N ? 'N' : 'S',
					     g->L->line[li][k] + 1);
			doc->str(c, "owner", col(g, (w & 15) - 1));
			doc->str(c, "side", w & 16 ? "tower" : "cards");
			doc->end(c);
		}
	doc->end(c);
	if (p->ship >= 0)
		doc->num(c, "ship", g->d->rownum[p->ship]);
	doc_infl(doc, "deck", p->deck);
	doc_infl(doc, "discards", p->disc);
	doc->num(c, "bank_gold", el_bank_gold(g));
	doc->num(c, "turns", p->turns);
	if (!p->over)
		doc->str(c, "turn", col(g, p->active));
	doc->flag(c, "over", p->over);
	if (p->over)
		doc->str(c, "winner", col(g, p->winner));
}

/* ------------------------------------------------------------- reading */

typedef struct rd {
	el_game *g;
	const arb_tag *tag;
	arb_reject *rej;
} rd;

static int bad(rd *r, const char *w, size_t n, const char *why)
{
	return arb_reject_rule(r->rej, el_rules, EL_R_SETUP, r->tag->line, r->tag->col,
			       "Setup: '%.*s': %s", (int)n, w, why);
}

static int seat_named(const el_game *g, const char *s, size_t n)
{
	for (unsigned k = 0; k < g->nseats; k++) {
		const char *c = el_colours[g->colour[k]];
		if (strlen(c) == n && strncmp(c, s, n) == 0)
			return (int)k;
	}
	return -1;
}

static int row_of(const el_game *g, long num)
{
	for (int y = 0; y < EL_H; y++)
		if (g->d->rownum[y] == num)
			return y;
	return -1;
}

/* Split `s` at ':' into at most `max` fields; returns the count. */
static int fields(const char *s, size_t n, const char *f[], size_t fl[], int max)
{
	int k = 0;
	size_t i = 0;
	while (k < max) {
		size_t j = i;
		while (j < n && s[j] != ':')
			j++;
		f[k] = s + i;
		fl[k++] = j - i;
		if (j >= n)
			break;
		i = j + 1;
	}
	return k;
}

static long num(const char *s, size_t n)
{
	if (n == 0 || n > 4)
		return -1;
	long v = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + s[i] - '0';
	}
	return v;
}

/* Parse "seat=gold:5,r:1,...". */
static int seat_fact(rd *r, int s, const char *v, size_t n, const char *w, size_t wn)
{
	el_seat *ps = &r->g->pos.seat[s];
	size_t i = 0;
	while (i < n) {
		size_t j = i;
		while (j < n && v[j] != ',')
			j++;
		const char *colon = memchr(v + i, ':', j - i);
		if (!colon)
			return bad(r, w, wn, "seat facts are key:value, separated by commas");
		size_t kl = (size_t)(colon - v - i);
		const char *val = colon + 1;
		size_t vl = j - i - kl - 1;
		long x = num(val, vl);
		if (kl == 4 && !strncmp(v + i, "gold", 4) && x >= 0)
			ps->gold = (int16_t)x;
		else if (kl == 1 && memchr(lc, v[i], 3) && x >= 0 && x <= 99)
			ps->infl[(const char *)memchr(lc, v[i], 3) - lc] = (int16_t)x;
		else if (kl == 7 && !strncmp(v + i, "permits", 7)) {
			ps->permits = 0;
			for (size_t k = 0; k < vl && val[0] != '-'; k++) {
				if (val[k] < '0' || val[k] > '4')
					return bad(r, w, wn, "permits are digits 0..4");
				ps->permits |= (uint8_t)(1u << (val[k] - '0'));
			}
		} else if (kl == 5 && !strncmp(v + i, "track", 5) && x >= 0 &&
			   x <= r->g->d->track_last)
			ps->track = (uint8_t)x;
		else if (kl == 5 && !strncmp(v + i, "trade", 5) && x >= 0 && x <= 99)
			ps->trade = (int16_t)x;
		else if (kl == 5 && !strncmp(v + i, "walls", 5) && x >= 0 && x <= EL_NWALL)
			ps->walls = (uint8_t)x;
		else if (kl == 5 && !strncmp(v + i, "flags", 5)) {
			ps->flags = 0;
			size_t k = 0;
			while (k < vl && val[0] != '-') {
				size_t e = k;
				while (e < vl && val[e] != '.')
					e++;
				long f = num(val + k, e - k);
				if (f < 0 || f > 15 || !r->g->d->flagcap[f])
					return bad(r, w, wn,
						   "flags are flag spaces of the track, like 3.5");
				ps->flags |= (uint16_t)(1u << f);
				r->g->pos.flagused[f]++;
				k = e + 1;
			}
		} else
			return bad(r, w, wn, "unknown seat fact or bad value");
		i = j + 1;
	}
	return 0;
}

static int place_tile(rd *r, int type, int owner, int x, int y, int cubes, const char *w, size_t wn)
{
	el_game *g = r->g;
	el_pos *p = &g->pos;
	const el_btype *bt = &g->d->bt[type];
	int id = -1;
	if (bt->kind == K_NEUTRAL) {
		for (int i = 0; i < g->nneutral && id < 0; i++)
			if (p->tile[i].type == type && !p->tile[i].on)
				id = i;
	} else {
		static const int slot[B_NTYPES] = { 0, 0, 0, 0, 0, 0, 1, 2, 3 };
		id = g->nneutral + 4 * owner + slot[type];
		if (p->tile[id].on)
			id = -1;
	}
	if (id < 0)
		return bad(r, w, wn, "no such tile is left");
	if (x + bt->w > g->L->cols || y + bt->h > EL_H || cubes > bt->nflags)
		return bad(r, w, wn, "the building does not fit the area, or has too many cubes");
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++)
			if (p->bld[y + dy][x + dx] >= 0 ||
			    (x + dx == g->d->found_x && y + dy == g->d->found_y))
				return bad(r, w, wn, "the square is taken");
	el_tile *t = &p->tile[id];
	t->owner = (int8_t)owner;
	t->x = (int8_t)x;
	t->y = (int8_t)y;
	t->on = 1;
	t->gone = 0;
	t->cubes = (uint8_t)cubes;
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++) {
			p->bld[y + dy][x + dx] = (int8_t)id;
			t->trade = (uint8_t)(t->trade +
					     (bt->kind == K_HUT ? 0 : g->L->mills[y + dy][x + dx]));
		}
	el_row_income(p, t, bt, 1);
	return 0;
}

/* ------------------------------------------------- what the rules fix */

/* The church as the rules build it: no tile before the first builder's,
 * and that one covers the foundation, so once started the church's 3x3
 * lies in the area around the foundation, whose tile is built, and the
 * tile put under the stack stays in it until the last draw. */
static int church_reachable(el_game *g, const arb_tag *tag, arb_reject *rej)
{
	const el_pos *p = &g->pos;
	const el_data *d = g->d;
	const uint16_t all = (1u << EL_NCHURCH) - 1;
	if (p->corg_x < 0) {
		if (p->church_left != all || p->church_bottom >= 0)
			return arb_reject_rule(
				rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				"Setup: 'stack=': church tiles are built or put back only once the church is started (church=SQUARE)");
		return 0;
	}
	int dx = d->found_x - p->corg_x, dy = d->found_y - p->corg_y;
	if (dx < 0 || dx > 2 || dy < 0 || dy > 2 || p->corg_x + 3 > g->L->cols ||
	    p->corg_y + 3 > EL_H)
		return arb_reject_rule(
			rej, el_rules, EL_R_SETUP, tag->line, tag->col,
			"Setup: 'church=%d,%u': the church's 3x3 tiles cover the foundation %d,%u inside the building area",
			p->corg_x + 1, d->rownum[p->corg_y], d->found_x + 1, d->rownum[d->found_y]);
	int k0 = dy * 3 + dx;
	if (p->church_left >> k0 & 1)
		return arb_reject_rule(
			rej, el_rules, EL_R_SETUP, tag->line, tag->col,
			"Setup: 'church=%d,%u': the first church tile covers the foundation, and tile %d there is still in the stack",
			p->corg_x + 1, d->rownum[p->corg_y], k0 + 1);
	if (p->church_left && p->church_bottom < 0)
		return arb_reject_rule(
			rej, el_rules, EL_R_SETUP, tag->line, tag->col,
			"Setup: 'stack=': the tile the first builder put under the stack is in it until the last draw (bottom=TILE)");
	return 0;
}

/* Wall tiles as the rules build them (wall-adjacent): each north and
 * south tile next to the gate or to the tile before it, so a line's tiles
 * are the first ones of its building order; the east wall grows from both
 * ends, so its tiles are a run from each end. */
static int walls_reachable(el_game *g, const arb_tag *tag, arb_reject *rej)
{
	const el_pos *p = &g->pos;
	const el_layout *L = g->L;
	for (int li = 0; li < 3; li++) {
		int n = L->nline[li], lo = 0, hi = n;
		while (lo < n && p->wall[li][lo])
			lo++;
		if (li == LINE_E)
			while (hi > lo && p->wall[li][hi - 1])
				hi--;
		for (int k = lo; k < hi; k++)
			if (p->wall[li][k]) {
				char name[8];
				if (li == LINE_E)
					snprintf(name, sizeof name, "E%u",
						 g->d->rownum[L->line[li][k]]);
				else
					snprintf(name, sizeof name, "%c%d",
						 li == LINE_N ? 'N' : 'S', L->line[li][k] + 1);
				return arb_reject_rule(
					rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					"Setup: '%s': a wall tile touches a gate or a wall tile built before it, and %s touches neither",
					name, name);
			}
	}
	return 0;
}

/* Trade points as the rules give them (and permits on empty squares): a seat holds the windmills under
 * its buildings on the board (place_tile counted them), its disk stands
 * at most there (losses count back from the disk, U10), and each flag it
 * holds lies at or below its disk. */
static int trade_reachable(el_game *g, const arb_tag *tag, arb_reject *rej)
{
	const el_pos *p = &g->pos;
	/* (and a permit lies on an empty square: a building or a church
	 * tile over it sent it back to the supply) */
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			if (p->permit[y][x] >= 0 && (p->bld[y][x] >= 0 || p->church[y][x] >= 0 ||
						     (x == g->d->found_x && y == g->d->found_y)))
				return arb_reject_rule(
					rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					"Setup: 'permit@%d,%u': a permit lies only on an empty square",
					x + 1, g->d->rownum[y]);
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		int mills = 0;
		for (int i = 0; i < EL_MAXTILES; i++)
			if (p->tile[i].on && p->tile[i].owner == (int)s)
				mills += p->tile[i].trade;
		if (ps->trade != mills)
			return arb_reject_rule(
				rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				"Setup: '%s=...trade:%d': the buildings of %s stand on %d windmill%s",
				el_cname(g, (int)s), ps->trade, el_cname(g, (int)s), mills,
				mills == 1 ? "" : "s");
		if (ps->track > ps->trade)
			return arb_reject_rule(
				rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				"Setup: '%s=...track:%u': the disk of %s stands beyond its %d trade points",
				el_cname(g, (int)s), ps->track, el_cname(g, (int)s), ps->trade);
		int level = el_track_level(g, ps);
		for (int f = level + 1; f < 16; f++)
			if (ps->flags >> f & 1)
				return arb_reject_rule(
					rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					"Setup: '%s=...flags': the cube on the flag beside space %d lies beyond the disk of %s at %d",
					el_cname(g, (int)s), f, el_cname(g, (int)s), level);
	}
	return 0;
}

/* A NAME=VALUE fact of a Setup tag (a seat's, or the game's). */
static int game_fact(rd *r, const char *s, size_t n, const char *eq, bool *have_active)
{
	el_game *g = r->g;
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	size_t kl = (size_t)(eq - s), vl = n - kl - 1;
	const char *v = eq + 1;
	int seat = seat_named(g, s, kl);
	if (seat >= 0) {
		if (seat_fact(r, seat, v, vl, s, n) < 0)
			return -1;
	} else if (kl == 6 && !strncmp(s, "active", 6)) {
		int a = seat_named(g, v, vl);
		if (a < 0)
			return bad(r, s, n, "no such seat");
		p->active = (uint8_t)a;
		*have_active = true;
	} else if (kl == 6 && !strncmp(s, "winner", 6)) {
		int a = seat_named(g, v, vl);
		if (a < 0)
			return bad(r, s, n, "no such seat");
		p->over = true;
		p->winner = (int8_t)a;
	} else if (kl == 4 && !strncmp(s, "ship", 4)) {
		int y = vl == 1 && v[0] == '-' ? -1 : row_of(g, num(v, vl));
		if (y < 0 && !(vl == 1 && v[0] == '-'))
			return bad(r, s, n, "the ship is on a row number or '-'");
		p->ship = (int8_t)y;
	} else if (kl == 5 && !strncmp(s, "turns", 5)) {
		long t = num(v, vl);
		if (t < 0)
			return bad(r, s, n, "a count of turns");
		p->turns = (uint32_t)t;
	} else if ((kl == 4 && !strncmp(s, "deck", 4)) || (kl == 7 && !strncmp(s, "discard", 7))) {
		int16_t *c = kl == 4 ? p->deck : p->disc;
		long a, b, gg;
		char buf[40];
		snprintf(buf, sizeof buf, "%.*s", (int)vl, v);
		if (sscanf(buf, "r%ld,b%ld,g%ld", &a, &b, &gg) != 3 || a < 0 || b < 0 || gg < 0 ||
		    a > 99 || b > 99 || gg > 99)
			return bad(r, s, n, "cards are written r12,b13,g12");
		c[0] = (int16_t)a;
		c[1] = (int16_t)b;
		c[2] = (int16_t)gg;
	} else if (kl == 6 && !strncmp(s, "church", 6)) {
		int x, y;
		if (el_square(d, v, vl, &x, &y) < 0)
			return bad(r, s, n, "the church origin is a square");
		p->corg_x = (int8_t)x;
		p->corg_y = (int8_t)y;
	} else if (kl == 5 && !strncmp(s, "stack", 5)) {
		p->church_left = 0;
		for (size_t k = 0; k < vl && v[0] != '-'; k++) {
			if (v[k] < '1' || v[k] > '9')
				return bad(r, s, n, "the stack lists church tiles 1..9");
			p->church_left |= (uint16_t)(1u << (v[k] - '1'));
		}
	} else if (kl == 6 && !strncmp(s, "bottom", 6)) {
		long b = num(v, vl);
		if (b < 1 || b > 9)
			return bad(r, s, n, "a church tile 1..9");
		p->church_bottom = (int8_t)(b - 1);
	} else {
		return bad(r, s, n, "unknown fact");
	}
	return 0;
}

/* TYPE@SQUARE:COLOUR[:N]: a building or a permit on the board. */
static int board_fact(rd *r, const char *s, size_t n, const char *at)
{
	el_game *g = r->g;
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const char *f[5];
	size_t fl[5];
	size_t tl = (size_t)(at - s);
	int k = fields(at + 1, n - tl - 1, f, fl, 4);
	int x, y;
	if (k < 2 || el_square(d, f[0], fl[0], &x, &y) < 0)
		return bad(r, s, n, "TYPE@SQUARE:COLOUR[:N]");
	int owner = seat_named(g, f[1], fl[1]);
	if (owner < 0)
		return bad(r, s, n, "no such seat");
	if (tl == 6 && !strncmp(s, "permit", 6)) {
		long v = k == 3 ? num(f[2], fl[2]) : -1;
		if (v < 0 || v >= EL_NPERMIT || p->permit[y][x] >= 0 || x >= g->L->cols)
			return bad(r, s, n, "a permit needs a value 0..4 and a free square");
		p->permit[y][x] = (int8_t)(owner * 8 + v);
	} else {
		int type = -1;
		for (int t = 0; t < B_NTYPES; t++)
			if (strlen(d->bt[t].name) == tl && !strncmp(s, d->bt[t].name, tl))
				type = t;
		if (type < 0)
			return bad(r, s, n, "no such building");
		long cubes = d->bt[type].kind == K_NEUTRAL ? (k == 3 ? num(f[2], fl[2]) : -1) : 0;
		if (cubes < 0 || (d->bt[type].kind != K_NEUTRAL && k != 2))
			return bad(r, s, n, "neutral buildings carry :CUBES, the others nothing");
		if (place_tile(r, type, owner, x, y, (int)cubes, s, n) < 0)
			return -1;
	}
	return 0;
}

/* churchK:COLOUR: who built church tile K. */
static int church_fact(rd *r, const char *s, size_t n)
{
	el_pos *p = &r->g->pos;
	el_game *g = r->g;
	int k = s[6] - '1';
	int owner = seat_named(g, s + 8, n - 8);
	if (owner < 0 || p->corg_x < 0)
		return bad(r, s, n, "churchK:COLOUR, after church=ORIGIN");
	p->church_owner[k] = (int8_t)owner;
	return 0;
}

/* SPACE:COLOUR:tower|cards: a wall on the board. */
static int wall_fact(rd *r, const char *s, size_t n)
{
	el_game *g = r->g;
	el_pos *p = &g->pos;
	const char *f[5];
	size_t fl[5];
	int k = fields(s, n, f, fl, 4);
	long v = num(f[0] + 1, fl[0] - 1);
	int li = s[0] == 'N' ? LINE_N : s[0] == 'S' ? LINE_S : LINE_E;
	int coord = li == LINE_E ? row_of(g, v) : (int)v - 1, slot = -1;
	for (int i = 0; i < g->L->nline[li]; i++)
		if (g->L->line[li][i] == coord)
			slot = i;
	int owner = k == 3 ? seat_named(g, f[1], fl[1]) : -1;
	bool tower = k == 3 && fl[2] == 5 && !strncmp(f[2], "tower", 5);
	bool cards = k == 3 && fl[2] == 5 && !strncmp(f[2], "cards", 5);
	if (slot < 0 || owner < 0 || !(tower || cards) || p->wall[li][slot])
		return bad(r, s, n,
			   "a wall is SPACE:COLOUR:tower or SPACE:COLOUR:cards on a free space");
	p->wall[li][slot] = (uint8_t)(owner + 1 + (tower ? 16 : 0));
	return 0;
}

/* Church tiles: every tile off the stack is on the board. */
static int churches_placed(el_game *g, const arb_tag *tag, arb_reject *rej)
{
	el_pos *p = &g->pos;
	for (int k = 0; k < EL_NCHURCH; k++) {
		if (p->church_left >> k & 1) {
			if (p->church_owner[k] >= 0)
				return arb_reject_rule(
					rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					"Setup: church tile %d is both in the stack and built",
					k + 1);
			continue;
		}
		if (p->church_owner[k] < 0 || p->corg_x < 0)
			return arb_reject_rule(
				rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				"Setup: church tile %d is neither in the stack nor built", k + 1);
		int x = p->corg_x + k % 3, y = p->corg_y + k / 3;
		if (x >= g->L->cols || y >= EL_H || p->bld[y][x] >= 0 || p->permit[y][x] >= 0)
			return arb_reject_rule(rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					       "Setup: church tile %d's square is taken", k + 1);
		p->church[y][x] = (int8_t)k;
	}
	return 0;
}

/* Each seat's cubes, walls, towers and permits, and the cards and gold of
 * the game, add up. */
static int seats_add_up(el_game *g, const arb_tag *tag, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const uint8_t *cards = d->cards[g->opt.cards];
	int infl[NINFL] = { p->deck[0] + p->disc[0], p->deck[1] + p->disc[1],
			    p->deck[2] + p->disc[2] };
	int gold = 0;
	for (unsigned s2 = 0; s2 < g->nseats; s2++) {
		el_seat *ps = &p->seat[s2];
		int cubes = __builtin_popcount(ps->flags), walls = 0, towers = 0, want = 0;
		for (int i = 0; i < g->nneutral; i++)
			if (p->tile[i].on && p->tile[i].owner == (int)s2)
				cubes += p->tile[i].cubes;
		for (int k = 0; k < EL_NCHURCH; k++)
			cubes += !(p->church_left >> k & 1) && p->church_owner[k] == (int)s2;
		for (int li = 0; li < 3; li++)
			for (int k = 0; k < g->L->nline[li]; k++)
				if ((p->wall[li][k] & 15) == s2 + 1) {
					walls++;
					towers += p->wall[li][k] >> 4;
				}
		for (int k = 0; k < ps->walls; k++)
			want += d->wall[k] == W_TOWER;
		cubes += towers;
		if (walls != ps->walls || towers != want || cubes > 10)
			return arb_reject_rule(rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					       "Setup: %s's walls, towers or cubes do not add up",
					       el_colours[g->colour[s2]]);
		ps->cubes = (uint8_t)cubes;
		uint8_t onboard = 0;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < EL_W; x++)
				if (p->permit[y][x] >= 0 && (p->permit[y][x] >> 3) == (int)s2) {
					int v = p->permit[y][x] & 7;
					if (onboard >> v & 1)
						return arb_reject_rule(
							rej, el_rules, EL_R_SETUP, tag->line,
							tag->col,
							"Setup: %s's permit %d is on the board twice",
							el_colours[g->colour[s2]], v);
					onboard |= (uint8_t)(1u << v);
				}
		if ((onboard & ps->permits) || (onboard | ps->permits) != (1u << EL_NPERMIT) - 1)
			return arb_reject_rule(
				rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				"Setup: %s's permits on the board and in supply must be 0..4 once each",
				el_colours[g->colour[s2]]);
		for (int k = 0; k < NINFL; k++)
			infl[k] += ps->infl[k];
		gold += ps->gold;
	}
	for (int f = 0; f < 16; f++)
		if (p->flagused[f] > d->flagcap[f])
			return arb_reject_rule(rej, el_rules, EL_R_SETUP, tag->line, tag->col,
					       "Setup: too many cubes on the flag beside space %d",
					       f);
	for (int k = 0; k < NINFL; k++)
		if (infl[k] != cards[1 + k])
			return arb_reject_rule(
				rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				"Setup: %d %s influence cards in hands, deck and discards, not %u",
				infl[k],
				k == 0	 ? "red"
				: k == 1 ? "blue"
					 : "green",
				cards[1 + k]);
	if (gold > g->gold_total)
		return arb_reject_rule(rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				       "Setup: the hands hold %d gold, more than the %d there are",
				       gold, g->gold_total);
	return 0;
}

int el_setup(el_game *g, const arb_tag *tag, arb_reject *rej)
{
	rd r = { g, tag, rej };
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	/* The start position's huts come off: the snapshot lists what is on
	 * the board, and a hut it does not list has left the game. */
	memset(p->bld, -1, sizeof p->bld);
	memset(p->row_inc, 0, sizeof p->row_inc);
	for (int i = 0; i < EL_MAXTILES; i++) {
		p->tile[i].on = 0;
		if (d->bt[p->tile[i].type].kind == K_HUT && i >= g->nneutral)
			p->tile[i].gone = 1;
	}
	memset(p->deck, 0, sizeof p->deck);
	bool have_active = false;
	const char *s;
	size_t n;
	for (const char *c = tag->value; arb_tag_word(&c, " ", &s, &n);) {
		const char *eq = memchr(s, '=', n), *at = memchr(s, '@', n);
		int rc;
		if (eq)
			rc = game_fact(&r, s, n, eq, &have_active);
		else if (at)
			rc = board_fact(&r, s, n, at);
		else if (n > 7 && !strncmp(s, "church", 6) && s[6] >= '1' && s[6] <= '9' &&
			 s[7] == ':')
			rc = church_fact(&r, s, n);
		else if (n > 2 && (s[0] == 'N' || s[0] == 'S' || s[0] == 'E'))
			rc = wall_fact(&r, s, n);
		else
			rc = bad(&r, s, n, "unknown fact");
		if (rc < 0)
			return -1;
	}
	if (!have_active)
		return arb_reject_rule(rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				       "Setup needs active=COLOUR");
	if (churches_placed(g, tag, rej) < 0)
		return -1;
	if (p->church_bottom >= 0 && !(p->church_left >> p->church_bottom & 1))
		p->church_bottom = -1;
	if (church_reachable(g, tag, rej) < 0 || walls_reachable(g, tag, rej) < 0)
		return -1;
	if (seats_add_up(g, tag, rej) < 0)
		return -1;
	if (trade_reachable(g, tag, rej) < 0)
		return -1;
	el_count_row_cubes(g, p, p->row_cubes); /* the board and church are complete */
	/* The tenth cube ends the game on its owner's turn (U15): a seat
	 * with 10 cubes is the winner and the seat to act, stated or not, so
	 * a snapshot of a finished game replays as finished. */
	for (unsigned s2 = 0; s2 < g->nseats; s2++)
		if (p->seat[s2].cubes == 10 && !p->over) {
			p->over = true;
			p->winner = (int8_t)s2;
		}
	if (p->over && p->seat[p->winner].cubes != 10)
		return arb_reject_rule(rej, el_rules, EL_R_SETUP, tag->line, tag->col,
				       "Setup: the winner has not all 10 cubes on the board");
	if (p->over && p->active != p->winner)
		return arb_reject_rule(
			rej, el_rules, EL_R_SETUP, tag->line, tag->col,
			"Setup: 'active=%s': the game ended on the turn of %s, who stays the seat to act",
			el_cname(g, p->active), el_cname(g, p->winner));
	return 0;
}
