/*
 * choices.c — the actions a seat may write now (the choices op of
 * game.h), for the referee's `moves` request and `arbiter bot`.
 *
 * What the rules wait for (el_asked: the roll, the income's draws, a
 * pirate discard, the loot, a shortage halving, a displaced hut, the
 * player's own play) decides which kind of action is listed, and each
 * kind is enumerated with the engine's own conditions, so that the list
 * holds every action the referee accepts and, as far as the rules can be
 * read off the position, nothing it refuses: the referee dry-runs every
 * candidate, and an illegal one costs it a parse and an apply.  Building
 * sites come from gen.c's pre-check (el_building_ok), wall spaces from
 * el_wall_space_ok; discards and halvings are every multiset of the
 * seat's own cards of the size owed; hut squares, permits and special
 * actions are every square the rules allow.
 *
 * The dealer's part is left out (notation/elasund.md, "Played live"):
 * `+` for the income's draws, `loot`, `wall N4`, `church`.  The roll is
 * the one action whose chance comes first: with the sum dealt (`start`)
 * it is that sum, with the ship's row where the rules ask for one;
 * without (a table whose seats supply their chance) every sum.  Each
 * action is listed once, in one spelling: `8`, not `8>8`; a discard as
 * `discard Colour=cards`; the long hut as `longhut`.  Nothing here
 * reads another seat's hand or the deck.
 *
 * No allocation: one line buffer on the stack, rewound to a prefix
 * between candidates.
 */
#include <stdlib.h>
#include <string.h>

#include "elasund.h"

static const char letters[NINFL] = { 'r', 'b', 'g' };

_Static_assert(EL_W <= 9, "put_sq writes a column as one digit");

typedef struct lister {
	const el_game *g;
	void (*emit)(void *ctx, const char *action);
	void *ctx;
	size_t n;
	size_t len;
	char buf[64];
} lister;

static void put(lister *l, const char *s)
{
	size_t n = strlen(s);
	if (l->len + n < sizeof l->buf) {
		memcpy(l->buf + l->len, s, n + 1);
		l->len += n;
	}
}

static void put_c(lister *l, char c)
{
	if (l->len + 1 < sizeof l->buf) {
		l->buf[l->len++] = c;
		l->buf[l->len] = '\0';
	}
}

/* n < 100: every number of the notation. */
static void put_num(lister *l, unsigned n)
{
	if (l->len + 3 > sizeof l->buf)
		return;
	char *p = l->buf + l->len;
	if (n >= 10)
		*p++ = (char)('0' + n / 10 % 10);
	*p++ = (char)('0' + n % 10);
	*p = '\0';
	l->len = (size_t)(p - l->buf);
}

/* " x,y" in notation: columns 1-9, rows 2-12 (at most 6 characters;
 * written directly, as every permit, place and move candidate holds one
 * or two). */
static void put_sq(lister *l, int x, int y)
{
	if (l->len + 7 > sizeof l->buf)
		return;
	unsigned r = l->g->d->rownum[y];
	char *p = l->buf + l->len;
	*p++ = ' ';
	*p++ = (char)('1' + x);
	*p++ = ',';
	if (r >= 10)
		*p++ = (char)('0' + r / 10);
	*p++ = (char)('0' + r % 10);
	*p = '\0';
	l->len = (size_t)(p - l->buf);
}

/* Cut the line back to its first `mark` characters. */
static void rewind_to(lister *l, size_t mark)
{
	l->len = mark;
	l->buf[mark] = '\0';
}

/* Emit the line and cut it back to `mark`. */
static void send(lister *l, size_t mark)
{
	l->emit(l->ctx, l->buf);
	l->n++;
	rewind_to(l, mark);
}

/* ------------------------------------------------------------- roll */

/* The sum `sum` as the rules let it be written: a 7 sends the pirates to
 * any other row, a sum whose row holds the ship moves it 2 rows. */
static void list_sum(lister *l, int sum)
{
	const el_data *d = l->g->d;
	int ship = l->g->pos.ship;
	put_num(l, (unsigned)sum);
	size_t mark = l->len;
	int r = sum <= 6 ? sum - 2 : sum - 3;
	for (int y = 0; y < EL_H; y++) {
		bool ok = sum == 7 ? y != ship : r == ship && (y == r - 2 || y == r + 2);
		if (!ok)
			continue;
		put_c(l, '>');
		put_num(l, d->rownum[y]);
		send(l, mark);
	}
	if (sum != 7 && r != ship)
		send(l, 0);
	rewind_to(l, 0);
}

/* The sum dealt (`start`), or every sum when the seat supplies it. */
static void list_roll(lister *l, const char *start)
{
	if (start && *start) {
		char *end;
		long sum = strtol(start, &end, 10);
		if (*end == '\0' && sum >= 2 && sum <= 12)
			list_sum(l, (int)sum);
		return;
	}
	for (int sum = 2; sum <= 12; sum++)
		list_sum(l, sum);
}

/* ------------------------------------------------ discards, halvings */

/* "KEYWORD Colour=cards" for every way to give up n of the seat's cards
 * (gold only when `gold`), in put_cards' spelling: the gold count, then
 * the letters. */
static void list_cards(lister *l, const char *kw, int seat, int n, bool gold)
{
	const el_seat *ps = &l->g->pos.seat[seat];
	put(l, kw);
	put(l, el_cname(l->g, seat));
	put_c(l, '=');
	size_t mark = l->len;
	int gmax = gold ? (ps->gold < n ? ps->gold : n) : 0;
	for (int k0 = 0; k0 <= gmax; k0++)
		for (int r = 0; r <= ps->infl[IR] && k0 + r <= n; r++)
			for (int b = 0; b <= ps->infl[IB] && k0 + r + b <= n; b++) {
				int gr = n - k0 - r - b;
				if (gr > ps->infl[IG])
					continue;
				const int cnt[NINFL] = { r, b, gr };
				if (k0)
					put_num(l, (unsigned)k0);
				for (int c = 0; c < NINFL; c++)
					for (int i = 0; i < cnt[c]; i++)
						put_c(l, letters[c]);
				send(l, mark);
			}
}

/* ------------------------------------------------------------- huts */

/* The seat's displaced huts still waiting: each to every empty square of
 * the area that is no trade field (rule hut-square), or off. */
static void list_huts(lister *l, int seat)
{
	const el_game *g = l->g;
	const el_hutq *q = &g->owed.huts;
	for (int k = 0; k < q->n; k++) {
		const el_tile *t = &g->pos.tile[q->id[k]];
		if (t->owner != seat)
			continue;
		bool lng = t->type == B_LONGHUT;
		put(l, lng ? "longhut " : "hut ");
		put(l, el_cname(g, seat));
		size_t mark = l->len;
		put(l, " off");
		send(l, mark);
		for (int y = 0; y + lng < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++) {
				bool ok = el_empty_sq(g, x, y) && !g->L->mills[y][x];
				if (ok && lng)
					ok = el_empty_sq(g, x, y + 1) && !g->L->mills[y + 1][x];
				if (!ok)
					continue;
				put_sq(l, x, y);
				send(l, mark);
			}
		rewind_to(l, 0);
	}
}

/* ----------------------------------------------------------- phase 2 */

/* list_builds' building lines, which el_each_building asks for: the
 * building, and when it covers one of its size, each fee it may be paid
 * with. */
struct build_list {
	lister *l;
	const el_seat *ps;
};

static void list_build(void *ctx, int t, int x, int y, bool same)
{
	const struct build_list *b = ctx;
	lister *l = b->l;
	put(l, "build ");
	put(l, l->g->d->bt[t].name);
	put_sq(l, x, y);
	if (!same) {
		send(l, 0);
		return;
	}
	size_t mark = l->len;
	for (int c = 0; c < NINFL; c++)
		if (b->ps->infl[c] >= 3) {
			put(l, " 3");
			put_c(l, letters[c]);
			send(l, mark);
		}
	rewind_to(l, 0);
}

/* Every building on a footprint that holds one of the seat's permits
 * (rule permit-majority asks for one), each with every fee it may be
 * paid with; every wall space; the church. */
static void list_builds(lister *l, int me)
{
	const el_game *g = l->g;
	const el_pos *p = &g->pos;
	const el_seat *ps = &p->seat[me];
	el_each_building(g, p, me, ps->gold, list_build, &(struct build_list){ l, ps });
	for (int li = 0; li < 3 && ps->walls < EL_NWALL; li++) {
		if (ps->gold < g->d->wall_cost[li == LINE_E])
			continue;
		if (li == LINE_E && !el_east_wall_open(g, p))
			continue;
		for (int k = 0; k < g->L->nline[li]; k++) {
			if (!el_wall_space_ok(g, p, li, k))
				continue;
			int at = g->L->line[li][k];
			put(l, li == LINE_N ? "wall N" : li == LINE_S ? "wall S" : "wall E");
			put_num(l, li == LINE_E ? g->d->rownum[at] : (unsigned)at + 1);
			send(l, 0);
		}
	}
	if (p->church_left && ps->gold >= g->d->church_cost) {
		put(l, "church");
		send(l, 0);
	}
}

/* ----------------------------------------------------- phases 3 and 4 */

/* The empty squares of the area (el_empty_sq), looked up once for the
 * lists that try every square for several values or permits. */
static void empty_map(const el_game *g, bool out[EL_H][EL_W])
{
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			out[y][x] = el_empty_sq(g, x, y);
}

/* `gold`, and each permit of the supply the seat can pay on each square
 * the ship allows (its row, or a neighbour when that row is full), or on
 * any empty square for 2 cards of a colour it holds twice. */
static void list_phase3(lister *l, int me)
{
	const el_game *g = l->g;
	const el_pos *p = &g->pos;
	const el_seat *ps = &p->seat[me];
	put(l, "gold");
	send(l, 0);
	bool empty[EL_H][EL_W], room = false;
	empty_map(g, empty);
	for (int x = 0; x < g->L->cols; x++)
		room |= empty[p->ship][x];
	for (int v = 0; v < EL_NPERMIT; v++) {
		if (!(ps->permits >> v & 1) || ps->gold < v)
			continue;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++) {
				if (!empty[y][x])
					continue;
				bool row =
					room ? y == p->ship : y == p->ship - 1 || y == p->ship + 1;
				put(l, "permit ");
				put_num(l, (unsigned)v);
				put_sq(l, x, y);
				size_t mark = l->len;
				if (row)
					send(l, mark);
				for (int c = 0; c < NINFL; c++)
					if (ps->infl[c] >= 2) {
						put(l, " 2");
						put_c(l, letters[c]);
						send(l, mark);
					}
				rewind_to(l, 0);
			}
	}
}

/* The special action (phase 4): cash and place for r+b+g; raise and move
 * of one of the seat's permits for 2 cards of a colour. */
static void list_special(lister *l, int me)
{
	const el_game *g = l->g;
	const el_pos *p = &g->pos;
	const el_seat *ps = &p->seat[me];
	bool empty[EL_H][EL_W];
	empty_map(g, empty);
	if (ps->infl[IR] && ps->infl[IB] && ps->infl[IG]) {
		put(l, "cash");
		send(l, 0);
		for (int v = 0; v < EL_NPERMIT; v++)
			for (int y = 0; y < EL_H && (ps->permits >> v & 1) && ps->gold >= v; y++)
				for (int x = 0; x < g->L->cols; x++)
					if (empty[y][x]) {
						put(l, "place ");
						put_num(l, (unsigned)v);
						put_sq(l, x, y);
						send(l, 0);
					}
	}
	for (int c = 0; c < NINFL; c++) {
		if (ps->infl[c] < 2)
			continue;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < g->L->cols; x++) {
				int pm = p->permit[y][x];
				if (pm < 0 || (pm >> 3) != me)
					continue;
				for (int v = (pm & 7) + 1; v < EL_NPERMIT; v++)
					if ((ps->permits >> v & 1) && ps->gold >= v - (pm & 7)) {
						put(l, "raise");
						put_sq(l, x, y);
						put_c(l, ' ');
						put_num(l, (unsigned)v);
						put(l, " 2");
						put_c(l, letters[c]);
						send(l, 0);
					}
				for (int y2 = 0; y2 < EL_H; y2++)
					for (int x2 = 0; x2 < g->L->cols; x2++)
						if (empty[y2][x2]) {
							put(l, "move");
							put_sq(l, x, y);
							put_sq(l, x2, y2);
							put(l, " 2");
							put_c(l, letters[c]);
							send(l, 0);
						}
			}
	}
}

/* ------------------------------------------------------------ the op */

/* choices (game.h). */
size_t el_choices(const void *game, unsigned seat, const char *start,
		  void (*emit)(void *ctx, const char *action), void *ctx)
{
	const el_game *g = game;
	const el_owed *o = &g->owed;
	if (g->no_hands || g->pos.over || seat >= g->nseats)
		return 0;
	arb_asked a;
	el_asked(g, &a);
	if (!(a.seats >> seat & 1))
		return 0;
	lister l = { .g = g, .emit = emit, .ctx = ctx };
	const el_seat *ps = &g->pos.seat[seat];
	int s = (int)seat;
	if (!strcmp(a.what, "roll")) {
		list_roll(&l, start);
	} else if (!strcmp(a.what, "income")) {
		put(&l, "+");
		send(&l, 0);
	} else if (!strcmp(a.what, "discard")) {
		int due[EL_SEATS], hand = ps->gold + el_hand_infl(ps);
		el_cubes_in_row(g, &g->pos, g->pos.ship, due);
		list_cards(&l, "discard ", s, due[s] < hand ? due[s] : hand, true);
	} else if (!strcmp(a.what, "loot")) {
		put(&l, "loot");
		send(&l, 0);
	} else if (!strcmp(a.what, "halve")) {
		int hn = el_hand_infl(ps);
		list_cards(&l, "halve ", s, g->opt.halve_up ? (hn + 1) / 2 : hn / 2, false);
	} else if (!strcmp(a.what, "huts")) {
		list_huts(&l, s);
	} else if (!strcmp(a.what, "turn")) {
		if (!o->phase3 && !o->special && o->nbuild < 2)
			list_builds(&l, s);
		if (!o->phase3 && !o->special)
			list_phase3(&l, s);
		else if (!o->special)
			list_special(&l, s);
	}
	return l.n;
}
