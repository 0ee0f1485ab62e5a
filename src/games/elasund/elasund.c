/*
 * elasund.c — the rules of Elasund: The First City (create, apply, over,
 * finish, standing) and the engine's ops table.
 *
 * A turn line carries the whole turn: roll and ship, income or pirates,
 * up to two builds with the hut moves they cause, the permit or 2 gold,
 * the special action.  apply() plays the items in order on the position
 * and checks each against the rulebook (notation/elasund.md lists every
 * rule id and every choice where the rulebook is silent).  The position is
 * one flat struct: apply() copies its small fields first and saves each
 * board row and tile the first time the turn writes it (set_sq, tile_w),
 * puts all of it back when an item is illegal, and score events
 * wait in a buffer until the turn is accepted, so a rejected turn leaves
 * nothing behind.  (Copying all 808 bytes of it before every turn cost
 * about a sixth of apply(); most turns write one board and a few tiles.)
 *
 * Hot-path costs: income scans one row (9 squares), a build scans its
 * footprint (at most 6 squares) and the tiles it covers, the pirate scans
 * the tiles once.  Nothing allocates after create().
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "elasund.h"

const char *const elasund_colours[] = { "Red", "Blue", "Green", "Yellow", NULL };
static const char *const infl_names[NINFL] = { "red", "blue", "green" };

int elasund_parse(const void *game, const arb_token *tok, size_t ntok,
		  void *move, arb_reject *rej);
void elasund_format(const void *game, const void *move, arb_buf *out);
static void elasund_destroy(void *game);
void elasund_snapshot(const void *game, arb_buf *out);
int el_setup(el_game *g, const arb_tag *tag, arb_reject *rej);
size_t elasund_moves(const void *game, const void *next,
		     void (*emit)(void *ctx, const char *move), void *ctx);

/* ------------------------------------------------------------- helpers */

static const char *cname(const el_game *g, int s)
{
	return elasund_colours[g->colour[s]];
}

/* Square in notation, in a small rotating buffer (messages use up to 4). */
static const char *sq(const el_game *g, int x, int y)
{
	static _Thread_local char buf[4][12];
	static _Thread_local int k;
	k = (k + 1) & 3;
	snprintf(buf[k], sizeof buf[k], "%d,%d", x + 1, g->d->rownum[y]);
	return buf[k];
}

static int rej_at(arb_reject *rej, el_at at, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int rej_at(arb_reject *rej, el_at at, const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	rej->rule = rule;
	rej->line = at.line;
	rej->col = at.col;
	vsnprintf(rej->msg, sizeof rej->msg, fmt, ap);
	va_end(ap);
	return -1;
}

static int hand_infl(const el_seat *p)
{
	return p->infl[0] + p->infl[1] + p->infl[2];
}

/* Gold in the bank.  The seats past nseats hold nothing (create() leaves
 * them zero and nothing writes them), so all four are summed unrolled. */
static int bank_gold(const el_game *g)
{
	const el_seat *ps = g->pos.seat;
	return g->gold_total - (ps[0].gold + ps[1].gold + ps[2].gold + ps[3].gold);
}

/* Queue a score event (only when a sink listens).  `delta` goes to `seat`. */
static arb_event *event(el_game *g, const char *kind, int seat, int delta,
			const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static arb_event *event(el_game *g, const char *kind, int seat, int delta,
			const char *fmt, ...)
{
	if (!g->listening || g->nev == EL_MAXEVENT)
		return NULL;
	arb_event *ev = &g->ev[g->nev++];
	memset(ev, 0, sizeof *ev);
	memset(g->evstr[ev - g->ev], 0, sizeof g->evstr[0]);
	ev->kind = kind;
	ev->delta[seat] = delta;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ev->text, sizeof ev->text, fmt, ap);
	va_end(ap);
	ev->fields[0] = (arb_field){ .key = "player", .str = cname(g, seat) };
	ev->nfields = 1;
	return ev;
}

/* Evaluate the arguments (squares are spelled with snprintf) only when a
 * sink listens: `check` replays without one. */
#define EVENT(g, ...) ((g)->listening ? event((g), __VA_ARGS__) : NULL)
#define FIELD_COPY(g, ev, key, s) do { if (ev) field_copy((g), (ev), (key), (s)); } while (0)

static void field_num(arb_event *ev, const char *key, long v)
{
	if (ev && ev->nfields < ARB_MAX_FIELDS)
		ev->fields[ev->nfields++] = (arb_field){ .key = key, .num = v };
}

static void field_str(arb_event *ev, const char *key, const char *s)
{
	if (ev && ev->nfields < ARB_MAX_FIELDS)
		ev->fields[ev->nfields++] = (arb_field){ .key = key, .str = s };
}

/* A string field copied into the game: events wait in a buffer until the
 * turn is accepted, so short-lived strings (squares) must be kept. */
static void field_copy(el_game *g, arb_event *ev, const char *key, const char *s)
{
	if (!ev || ev->nfields >= ARB_MAX_FIELDS)
		return;
	char (*slot)[16] = g->evstr[ev - g->ev];
	int k = slot[0][0] ? 1 : 0;
	if (slot[k][0])
		return;
	snprintf(slot[k], sizeof slot[k], "%s", s);
	field_str(ev, key, slot[k]);
}

/* ------------------------------------------------------- the turn's undo */

_Static_assert(EL_MAXTILES <= 64, "tile_saved holds a bit per tile");

_Static_assert(3 * EL_H <= 32, "row_saved holds a bit per board row");

/* Save row y of `board` (pos.bld, .permit or .church) the first time the
 * turn writes it: a row is 9 bytes, one or two moves, and a turn writes a
 * few rows (a permit one, a building its height).  Every write to a board
 * during apply() goes through set_sq(), or follows save_row(). */
static inline void save_row(el_game *g, int8_t (*board)[EL_W], int y)
{
	int k = board == g->pos.bld ? 0 : board == g->pos.permit ? 1 : 2;
	uint32_t bit = 1u << (k * EL_H + y);
	if (!(g->row_saved & bit)) {
		g->row_saved |= bit;
		memcpy(g->board_old[k][y], board[y], EL_W);
	}
}

static inline void set_sq(el_game *g, int8_t (*board)[EL_W], int x, int y, int8_t v)
{
	save_row(g, board, y);
	board[y][x] = v;
}

/* Before the first write of a turn to church_owner, wall or flagused. */
static inline void save_rare(el_game *g)
{
	if (!g->rare_saved) {
		g->rare_saved = true;
		memcpy(g->save_rare, (char *)&g->pos + EL_POS_HEAD, EL_POS_RARE);
	}
}

/* Tile `id` for writing: saved the first time the turn changes it.  Every
 * write to a tile during apply() goes through a pointer from here. */
static inline el_tile *tile_w(el_game *g, int id)
{
	uint64_t bit = 1ull << id;
	if (!(g->tile_saved & bit)) {
		g->tile_saved |= bit;
		g->tile_old[id] = g->pos.tile[id];
	}
	return &g->pos.tile[id];
}

/* Before a turn: copy the small fields, forget what the last turn saved. */
static void undo_begin(el_game *g)
{
	memcpy(g->save_head, &g->pos, EL_POS_HEAD);
	g->rare_saved = false;
	g->row_saved = 0;
	g->tile_saved = 0;
}

/* A rejected turn: put back everything it changed. */
static void undo_turn(el_game *g)
{
	memcpy(&g->pos, g->save_head, EL_POS_HEAD);
	if (g->rare_saved)
		memcpy((char *)&g->pos + EL_POS_HEAD, g->save_rare, EL_POS_RARE);
	int8_t (*const boards[3])[EL_W] = { g->pos.bld, g->pos.permit, g->pos.church };
	for (uint32_t b = g->row_saved; b; b &= b - 1) {
		int r = __builtin_ctz(b), k = r / EL_H, y = r % EL_H;
		memcpy(boards[k][y], g->board_old[k][y], EL_W);
	}
	for (uint64_t b = g->tile_saved; b; b &= b - 1) {
		int id = __builtin_ctzll(b);
		g->pos.tile[id] = g->tile_old[id];
	}
}

/* True when (x,y) is inside the building area and holds nothing at all:
 * no building, permit or church tile, and is not the church foundation. */
static inline bool empty_sq(const el_game *g, int x, int y)
{
	const el_pos *p = &g->pos;
	if (x < 0 || x >= g->L->cols || y < 0 || y >= EL_H)
		return false;
	if (x == g->d->found_x && y == g->d->found_y)
		return false;
	return p->bld[y][x] < 0 && p->permit[y][x] < 0 && p->church[y][x] < 0;
}

static bool row_has_empty(const el_game *g, int y)
{
	for (int x = 0; x < g->L->cols; x++)
		if (empty_sq(g, x, y))
			return true;
	return false;
}

/* Draw one influence card of colour c from the deck, reshuffling the
 * discard pile into it when it is empty (U3).  -1 when no such card. */
static inline int draw_infl(el_game *g, int c)
{
	el_pos *p = &g->pos;
	if (p->deck[0] + p->deck[1] + p->deck[2] == 0)
		for (int k = 0; k < NINFL; k++) {
			p->deck[k] = p->disc[k];
			p->disc[k] = 0;
		}
	if (p->deck[c] <= 0)
		return -1;
	p->deck[c]--;
	return 0;
}

static int infl_available(const el_game *g)
{
	const el_pos *p = &g->pos;
	return p->deck[0] + p->deck[1] + p->deck[2] + p->disc[0] + p->disc[1] + p->disc[2];
}

/* Pay n influence cards of colour c to the discard pile. */
static void pay_infl(el_game *g, int s, int c, int n)
{
	assert(g->pos.seat[s].infl[c] >= n);
	g->pos.seat[s].infl[c] = (int16_t)(g->pos.seat[s].infl[c] - n);
	g->pos.disc[c] = (int16_t)(g->pos.disc[c] + n);
}

/* Place one VP cube of seat s; checks the win for the active player. */
static void cube_on(el_game *g, int s)
{
	el_seat *ps = &g->pos.seat[s];
	assert(ps->cubes < 10);
	ps->cubes++;
	if (ps->cubes == 10 && s == g->pos.active) {
		g->pos.over = true;
		g->pos.winner = (int8_t)s;
	}
}

/* ----------------------------------------------------- the trade track */

/* The level the disk shows: capped at the last space. */
static int track_level(const el_game *g, const el_seat *ps)
{
	return g->opt.track_uncapped ? (ps->trade < g->d->track_last ? ps->trade : g->d->track_last)
				     : ps->track;
}

/* Move seat s's disk by `pts` (negative: back), claiming the free flag
 * spaces it reaches or passes and giving back the cubes it falls below. */
static void trade_move(el_game *g, int s, int pts, const char *why)
{
	el_seat *ps = &g->pos.seat[s];
	const el_data *d = g->d;
	int old = track_level(g, ps);
	ps->trade = (int16_t)(ps->trade + pts);
	if (ps->trade < 0)
		ps->trade = 0;
	int nt = ps->track + pts;
	ps->track = (uint8_t)(nt < 0 ? 0 : nt > d->track_last ? d->track_last : nt);
	int now = track_level(g, ps);
	for (int f = old + 1; f <= now; f++)
		if (d->flagcap[f] && !(ps->flags & (1u << f)) &&
		    g->pos.flagused[f] < d->flagcap[f] && ps->cubes < 10) {
			ps->flags |= (uint16_t)(1u << f);
			save_rare(g);
			g->pos.flagused[f]++;
			arb_event *ev = EVENT(g, "trade-flag", s, 1,
					      "%s reaches space %d of the trade track and puts a cube on its flag",
					      cname(g, s), f);
			field_num(ev, "space", f);
			cube_on(g, s);
		}
	for (int f = now + 1; f <= old; f++)
		if (ps->flags & (1u << f)) {
			ps->flags &= (uint16_t)~(1u << f);
			save_rare(g);
			g->pos.flagused[f]--;
			ps->cubes--;
			arb_event *ev = EVENT(g, "trade-flag-lost", s, -1,
					      "%s falls back below space %d of the trade track (%s) and takes the cube back",
					      cname(g, s), f, why);
			field_num(ev, "space", f);
		}
}

/* ------------------------------------------------------------ buildings */

/* Windmills under a footprint. */
static int mills_under(const el_game *g, int t, int x, int y)
{
	const el_btype *bt = &g->d->bt[t];
	int n = 0;
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++)
			n += g->L->mills[y + dy][x + dx];
	return n;
}

static inline void tile_cells(el_game *g, int id, int8_t v)
{
	const el_tile *t = &g->pos.tile[id];
	const el_btype *bt = &g->d->bt[t->type];
	for (int dy = 0; dy < bt->h; dy++) {
		save_row(g, g->pos.bld, t->y + dy);   /* once, then plain writes */
		for (int dx = 0; dx < bt->w; dx++)
			g->pos.bld[t->y + dy][t->x + dx] = v;
	}
}

/* A building's name in a sentence ("long hut", not the keyword). */
static const char *say(const el_game *g, int type)
{
	return type == B_LONGHUT ? "long hut" : g->d->bt[type].name;
}

/* Huts waiting to move after a build, in the order they move. */
typedef struct hutq {
	int n;
	uint8_t id[EL_MAXHUT];
} hutq;

/* Take tile `id` off the board: cubes back, trade points back, a hut into
 * the relocation queue (or out of the game).  `why` names the cause. */
static void remove_tile(el_game *g, int id, const char *why, bool hut_may_move, hutq *q)
{
	el_tile *t = tile_w(g, id);
	const el_btype *bt = &g->d->bt[t->type];
	assert(t->on);
	tile_cells(g, id, -1);
	t->on = 0;
	if (t->cubes) {
		g->pos.seat[t->owner].cubes = (uint8_t)(g->pos.seat[t->owner].cubes - t->cubes);
		arb_event *ev = EVENT(g, "building-lost", t->owner, -t->cubes,
				      "%s loses the %s at %s (%s) and takes %d cube%s back",
				      cname(g, t->owner), bt->name, sq(g, t->x, t->y), why,
				      t->cubes, t->cubes == 1 ? "" : "s");
		field_str(ev, "building", bt->name);
		FIELD_COPY(g, ev, "square", sq(g, t->x, t->y));
		field_num(ev, "cubes", t->cubes);
		t->cubes = 0;
	}
	if (t->trade) {
		int pts = t->trade;
		t->trade = 0;
		trade_move(g, t->owner, -pts, "a trade building lost");
	}
	if (bt->kind == K_HUT) {
		if (hut_may_move) {
			assert(q->n < EL_MAXHUT);
			q->id[q->n++] = (uint8_t)id;
		} else {
			t->gone = 1;
		}
	}
}

/* Sort the hut queue: the builder's own huts first, then clockwise; within
 * a seat the small hut before the long one (ids are in that order). */
static void sort_huts(el_game *g, hutq *q)
{
	int act = g->pos.active;
	for (int i = 1; i < q->n; i++)
		for (int j = i; j > 0; j--) {
			const el_tile *a = &g->pos.tile[q->id[j - 1]], *b = &g->pos.tile[q->id[j]];
			int ka = ((a->owner - act + (int)g->nseats) % (int)g->nseats) * 64 + q->id[j - 1];
			int kb = ((b->owner - act + (int)g->nseats) % (int)g->nseats) * 64 + q->id[j];
			if (ka <= kb)
				break;
			uint8_t tmp = q->id[j - 1];
			q->id[j - 1] = q->id[j];
			q->id[j] = tmp;
		}
}

/* Play the hut moves written after a build against the queue. */
static int move_huts(el_game *g, const el_build *b, hutq *q, arb_reject *rej)
{
	sort_huts(g, q);
	for (int i = 0; i < b->nhut; i++) {
		const el_hutmv *h = &b->hut[i];
		if (i >= q->n)
			return rej_at(rej, h->at, "hut-order",
				      "no displaced hut of %s is waiting to move", cname(g, h->seat));
		el_tile *t = tile_w(g, q->id[i]);
		if (t->owner != h->seat)
			return rej_at(rej, h->at, "hut-order",
				      "the %s of %s moves first (the builder's huts first, then clockwise)",
				      say(g, t->type), cname(g, t->owner));
		if (h->x < 0) {
			t->gone = 1;
			continue;
		}
		const el_btype *bt = &g->d->bt[t->type];
		for (int dy = 0; dy < bt->h; dy++) {
			int yy = h->y + dy;
			if (!empty_sq(g, h->x, yy))
				return rej_at(rej, h->at, "hut-square",
					      "the %s of %s cannot move to %s: %s is not an empty square of the building area",
					      say(g, t->type), cname(g, t->owner), sq(g, h->x, h->y),
					      yy < EL_H ? sq(g, h->x, yy) : "the square below");
			if (g->L->mills[yy][h->x])
				return rej_at(rej, h->at, "hut-square",
					      "the %s of %s cannot move to %s: %s is a trade field",
					      say(g, t->type), cname(g, t->owner), sq(g, h->x, h->y), sq(g, h->x, yy));
		}
		t->x = h->x;
		t->y = h->y;
		t->on = 1;
		tile_cells(g, q->id[i], (int8_t)q->id[i]);
	}
	if (b->nhut < q->n) {
		const el_tile *t = &g->pos.tile[q->id[b->nhut]];
		el_at at = b->nhut ? b->hut[b->nhut - 1].at : b->at_arg;
		return rej_at(rej, at, "hut-missing",
			      "the %s of %s was displaced: the record must say where it goes (hut %s SQUARE, or hut %s off)",
			      say(g, t->type), cname(g, t->owner), cname(g, t->owner), cname(g, t->owner));
	}
	return 0;
}

static int build_building(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	const el_btype *bt = &d->bt[b->type];
	int id = -1;

	if (bt->kind == K_OWN) {
		id = g->nneutral + 4 * me + (b->type == B_HOUSE ? 0 : 1);
		if (p->tile[id].on)
			return rej_at(rej, b->at, "none-left", "your %s is already on the board", bt->name);
	} else {
		for (int i = 0; i < g->nneutral; i++)
			if (p->tile[i].type == b->type && !p->tile[i].on) {
				id = i;
				break;
			}
		if (id < 0)
			return rej_at(rej, b->at, "none-left", "no %s is left in the stack", bt->name);
	}
	if (b->x + bt->w > g->L->cols || b->y + bt->h > EL_H)
		return rej_at(rej, b->at_arg, "outside-area",
			      "a %s at %s would reach outside the building area of a %u-player game (columns 1-%u)",
			      bt->name, sq(g, b->x, b->y), g->nseats, g->L->cols);

	uint64_t covered = 0;
	bool same = false;
	int npermit = 0, val[EL_SEATS] = { -1, -1, -1, -1 }, comp = 0;
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++) {
			int x = b->x + dx, y = b->y + dy;
			if (p->church[y][x] >= 0)
				return rej_at(rej, b->at_arg, "cover-church",
					      "%s holds a church tile, and church tiles are never built over", sq(g, x, y));
			if (x == d->found_x && y == d->found_y)
				return rej_at(rej, b->at_arg, "church-site",
					      "%s is the church foundation, where no building may stand", sq(g, x, y));
			int t = p->bld[y][x];
			if (t >= 0 && !(covered & (1ull << t))) {
				const el_tile *ct = &p->tile[t];
				const el_btype *cb = &d->bt[ct->type];
				if (cb->size > bt->size)
					return rej_at(rej, b->at_arg, "cover-larger",
						      "the %s of %s at %s is larger than a %s and cannot be built over",
						      say(g, ct->type), cname(g, ct->owner), sq(g, ct->x, ct->y), bt->name);
				if (cb->size == bt->size)
					same = true;
				covered |= 1ull << t;
			}
			int pm = p->permit[y][x];
			if (pm >= 0) {
				int o = pm >> 3, v = pm & 7;
				npermit++;
				val[o] = (val[o] < 0 ? 0 : val[o]) + v;
				if (o != me)
					comp += v;
			}
		}
	if (npermit < bt->permits)
		return rej_at(rej, b->at_arg, "permit-count",
			      "a %s needs %u permit%s in its squares, and %s..%s holds %d",
			      bt->name, bt->permits, bt->permits == 1 ? "" : "s", sq(g, b->x, b->y),
			      sq(g, b->x + bt->w - 1, b->y + bt->h - 1), npermit);
	if (val[me] < 0)
		return rej_at(rej, b->at_arg, "permit-majority",
			      "you have no permit in the squares of this %s", bt->name);
	for (unsigned s = 0; s < g->nseats; s++)
		if ((int)s != me && val[s] >= val[me])
			return rej_at(rej, b->at_arg, "permit-majority",
				      "your permits there are worth %d and %s's %d: only a strictly higher value builds",
				      val[me], cname(g, (int)s), val[s]);
	if (same && b->fee < 0)
		return rej_at(rej, b->at_arg, "same-size-fee",
			      "building over a building of the same size costs 3 influence cards of one colour (write 3r, 3b or 3g)");
	if (!same && b->fee >= 0)
		return rej_at(rej, b->at_fee, "needless-fee",
			      "3 cards are paid only to build over a building of the same size, and this %s covers none",
			      bt->name);
	if (b->fee >= 0 && ps->infl[b->fee] < 3)
		return rej_at(rej, b->at_fee, "not-enough-influence",
			      "you hold %d %s influence card%s, not 3", ps->infl[b->fee],
			      infl_names[b->fee], ps->infl[b->fee] == 1 ? "" : "s");
	if (ps->gold < bt->cost + comp)
		return rej_at(rej, b->at, "not-enough-gold",
			      "a %s costs %u gold%s, and you hold %d", bt->name, bt->cost + comp,
			      comp ? " with the compensation for other permits" : "", ps->gold);

	/* Pay, return the permits, clear the ground, place. */
	ps->gold = (int16_t)(ps->gold - bt->cost - comp);
	if (b->fee >= 0)
		pay_infl(g, me, b->fee, 3);
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++) {
			int x = b->x + dx, y = b->y + dy, pm = p->permit[y][x];
			if (pm < 0)
				continue;
			int o = pm >> 3, v = pm & 7;
			p->seat[o].permits |= (uint8_t)(1u << v);
			if (o != me)
				p->seat[o].gold = (int16_t)(p->seat[o].gold + v);
			set_sq(g, p->permit, x, y, -1);
		}
	hutq q = { 0 };
	for (uint64_t c = covered; c; c &= c - 1) {
		int t = __builtin_ctzll(c);
		bool bigger = d->bt[p->tile[t].type].size < bt->size;
		remove_tile(g, t, "built over", bigger || !g->opt.huts_bigger, &q);
	}
	el_tile *nt = tile_w(g, id);
	nt->owner = (int8_t)me;
	nt->x = b->x;
	nt->y = b->y;
	nt->on = 1;
	nt->cubes = 0;
	tile_cells(g, id, (int8_t)id);
	for (int f = 0; f < bt->nflags && ps->cubes < 10 && !p->over; f++) {
		nt->cubes++;
		arb_event *ev = EVENT(g, "building", me, 1, "%s builds a %s at %s and puts a cube on its flag",
				      cname(g, me), bt->name, sq(g, b->x, b->y));
		field_str(ev, "building", bt->name);
		FIELD_COPY(g, ev, "square", sq(g, b->x, b->y));
		cube_on(g, me);
	}
	int pts = mills_under(g, b->type, b->x, b->y);
	if (pts) {
		nt->trade = (uint8_t)pts;
		trade_move(g, me, pts, "");
	}
	return move_huts(g, b, &q, rej);
}

static int build_wall(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const el_layout *L = g->L;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	/* The space's name, spelled only for messages and events. */
	char name[8];
#define WALL_NAME() (b->wline == LINE_E \
	? snprintf(name, sizeof name, "E%u", d->rownum[b->widx]) \
	: snprintf(name, sizeof name, "%c%u", b->wline == LINE_N ? 'N' : 'S', b->widx + 1u), name)

	if (ps->walls == EL_NWALL)
		return rej_at(rej, b->at, "walls-left", "all 9 of your wall tiles are built");
	int n = L->nline[b->wline], i = -1;
	for (int k = 0; k < n; k++)
		if (L->line[b->wline][k] == b->widx)
			i = k;
	if (i < 0)
		return rej_at(rej, b->at_arg, "wall-space", "%s is no wall space in a %u-player game",
			      WALL_NAME(), g->nseats);
	uint8_t *w = p->wall[b->wline];
	if (w[i])
		return rej_at(rej, b->at_arg, "wall-space", "%s already holds a wall tile of %s",
			      WALL_NAME(), cname(g, (w[i] & 15) - 1));
	bool ok = b->wline == LINE_E ? (i == 0 || i == n - 1 || w[i - 1] || w[i + 1])
				     : (i == 0 || w[i - 1]);
	if (!ok)
		return rej_at(rej, b->at_arg, "wall-adjacent",
			      "a wall tile goes next to a gate or to a wall tile already built, and %s touches neither",
			      WALL_NAME());
	if (b->wline == LINE_E && g->opt.walls_blue_first)
		for (int li = 0; li < 2; li++)
			for (int k = 0; k < L->nline[li]; k++)
				if (!p->wall[li][k])
					return rej_at(rej, b->at_arg, "wall-order",
						      "the east wall is built only once the north and south walls are full (option walls=blue-first)");
	int cost = d->wall_cost[b->wline == LINE_E];
	if (ps->gold < cost)
		return rej_at(rej, b->at, "not-enough-gold", "a wall tile at %s costs %d gold, and you hold %d",
			      WALL_NAME(), cost, ps->gold);
	ps->gold = (int16_t)(ps->gold - cost);
	int reward = d->wall[ps->walls];
	ps->walls++;
	save_rare(g);
	w[i] = (uint8_t)(me + 1 + (reward == W_TOWER ? 16 : 0));
	if (reward == W_TOWER) {
		if (b->has_draw)
			return rej_at(rej, b->at_draw, "draw-count",
				      "your wall tile %u is a tower, and a tower draws no cards", ps->walls);
		arb_event *ev = NULL;
		if (g->listening) {
			ev = EVENT(g, "tower", me, 1, "%s builds wall tile %u at %s, a tower, and puts a cube on it",
				   cname(g, me), ps->walls, WALL_NAME());
			field_copy(g, ev, "wall", name);
		}
		field_num(ev, "tile", ps->walls);
		cube_on(g, me);
		return 0;
	}
	int want = reward == W_INF1 ? 1 : 2, avail = infl_available(g);
	if (want > avail)
		want = avail;
	if (b->ndraw != want)
		return rej_at(rej, b->has_draw ? b->at_draw : b->at_arg, "draw-count",
			      "your wall tile %u draws %d influence card%s: write them like +%.*s",
			      ps->walls, want, want == 1 ? "" : "s", want, "rb");
	for (int k = 0; k < b->ndraw; k++) {
		if (draw_infl(g, b->draw[k]) < 0)
			return rej_at(rej, b->at_draw, "draw-colour", "the influence deck holds no %s card now",
				      infl_names[b->draw[k]]);
		ps->infl[b->draw[k]]++;
	}
	return 0;
#undef WALL_NAME
}

static int build_church(el_game *g, const el_build *b, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	bool first = p->corg_x < 0;

	if (!p->church_left)
		return rej_at(rej, b->at, "church-complete", "all 9 church tiles are built");
	if (first && b->cret < 0)
		return rej_at(rej, b->at_arg, "church-first",
			      "the first church builder draws 2 tiles, keeps one and puts the other under the stack: write church KEPT/RETURNED");
	if (!first && b->cret >= 0)
		return rej_at(rej, b->at_arg, "church-first", "only the first church builder draws 2 tiles");
	if (!(p->church_left & (1u << b->ctile)))
		return rej_at(rej, b->at_arg, "church-tile", "church tile %d is already built", b->ctile + 1);
	if (first && (b->cret == b->ctile || !(p->church_left & (1u << b->cret))))
		return rej_at(rej, b->at_arg, "church-tile", "the two tiles drawn must be two different tiles");
	if (!first && b->ctile == p->church_bottom && (p->church_left & (p->church_left - 1)))
		return rej_at(rej, b->at_arg, "church-tile",
			      "church tile %d lies at the bottom of the stack and comes last", b->ctile + 1);
	if (ps->gold < d->church_cost)
		return rej_at(rej, b->at, "not-enough-gold", "a church tile costs %u gold, and you hold %d",
			      d->church_cost, ps->gold);
	ps->gold = (int16_t)(ps->gold - d->church_cost);
	if (first) {
		p->corg_x = (int8_t)(d->found_x - b->ctile % 3);
		p->corg_y = (int8_t)(d->found_y - b->ctile / 3);
		p->church_bottom = b->cret;
	}
	p->church_left &= (uint16_t)~(1u << b->ctile);
	int x = p->corg_x + b->ctile % 3, y = p->corg_y + b->ctile / 3;
	assert(x >= 0 && x < g->L->cols && y >= 0 && y < EL_H);
	int pm = p->permit[y][x];
	if (pm >= 0) {
		p->seat[pm >> 3].permits |= (uint8_t)(1u << (pm & 7));
		set_sq(g, p->permit, x, y, -1);
	}
	hutq q = { 0 };
	if (p->bld[y][x] >= 0)
		remove_tile(g, p->bld[y][x], "a church tile was built there", !g->opt.huts_bigger, &q);
	set_sq(g, p->church, x, y, b->ctile);
	save_rare(g);
	p->church_owner[b->ctile] = (int8_t)me;
	if (d->church_flags && ps->cubes < 10) {
		arb_event *ev = EVENT(g, "church", me, 1, "%s builds church tile %d at %s and puts a cube on it",
				      cname(g, me), b->ctile + 1, sq(g, x, y));
		field_num(ev, "tile", b->ctile + 1);
		FIELD_COPY(g, ev, "square", sq(g, x, y));
		cube_on(g, me);
	}
	return move_huts(g, b, &q, rej);
}

/* ------------------------------------------------------ phase 1: roll */

/* Cubes of each seat in row y (pirates, U13: where the cube sits). */
static void cubes_in_row(const el_game *g, int y, int out[EL_SEATS])
{
	const el_pos *p = &g->pos;
	memset(out, 0, sizeof(int) * EL_SEATS);
	/* A flag lies on its building (data.c checks it), so only the
	 * buildings in row y can hold a cube there: scan the row, each
	 * building once (a rectangle: skip to its east edge). */
	for (int x = 0; x < g->L->cols; x++) {
		int i = p->bld[y][x];
		if (i < 0)
			continue;
		const el_tile *t = &p->tile[i];
		const el_btype *bt = &g->d->bt[t->type];
		for (int f = 0; f < t->cubes; f++)
			if (t->y + bt->flagdy[f] == y)
				out[t->owner]++;
		x = t->x + bt->w - 1;
	}
	for (int x = 0; x < g->L->cols; x++)
		if (p->church[y][x] >= 0)
			out[p->church_owner[p->church[y][x]]]++;
	for (int k = 0; k < g->L->nline[LINE_E]; k++)
		if (g->L->line[LINE_E][k] == y && (p->wall[LINE_E][k] & 16))
			out[(p->wall[LINE_E][k] & 15) - 1]++;
}

/* Towers of seat s.  A seat builds its wall tiles in stack order (and a
 * Setup tag is checked to agree), so they are the towers among its first
 * `walls` tiles: no need to scan the wall lines. */
static int towers_of(const el_game *g, int s)
{
	return g->d->towers[g->pos.seat[s].walls];
}

static int pirates(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	int due[EL_SEATS];
	el_cards pool = { 0 };
	cubes_in_row(g, p->ship, due);
	for (unsigned s = 0; s < g->nseats; s++) {
		el_seat *ps = &p->seat[s];
		int hand = ps->gold + hand_infl(ps), n = due[s] < hand ? due[s] : hand;
		bool set = m->disc_set & (1u << s);
		if (!n) {
			if (set)
				return rej_at(rej, m->at_disc[s], "pirate-discard",
					      "%s has no cube in row %u (or no cards) and discards nothing",
					      cname(g, (int)s), g->d->rownum[p->ship]);
			continue;
		}
		if (!set)
			return rej_at(rej, m->has_disc ? m->at_end : m->at_roll, "pirate-discard",
				      "%s has %d cube%s in pirate row %u and must discard %d card%s: write discard %s=CARDS",
				      cname(g, (int)s), due[s], due[s] == 1 ? "" : "s", g->d->rownum[p->ship],
				      n, n == 1 ? "" : "s", cname(g, (int)s));
		const el_cards *c = &m->disc[s];
		int tot = c->gold + c->infl[0] + c->infl[1] + c->infl[2];
		if (tot != n)
			return rej_at(rej, m->at_disc[s], "pirate-discard",
				      "%s must discard %d card%s (one per cube in row %u, at most the whole hand), not %d",
				      cname(g, (int)s), n, n == 1 ? "" : "s", g->d->rownum[p->ship], tot);
		if (c->gold > ps->gold || c->infl[0] > ps->infl[0] || c->infl[1] > ps->infl[1] ||
		    c->infl[2] > ps->infl[2])
			return rej_at(rej, m->at_disc[s], "discard-cards",
				      "%s does not hold these cards (%d gold, %d red, %d blue, %d green in hand)",
				      cname(g, (int)s), ps->gold, ps->infl[0], ps->infl[1], ps->infl[2]);
		ps->gold = (int16_t)(ps->gold - c->gold);
		pool.gold = (uint8_t)(pool.gold + c->gold);
		for (int k = 0; k < NINFL; k++) {
			ps->infl[k] = (int16_t)(ps->infl[k] - c->infl[k]);
			pool.infl[k] = (uint8_t)(pool.infl[k] + c->infl[k]);
		}
	}
	int me = p->active, tw = towers_of(g, me);
	int ptot = pool.gold + pool.infl[0] + pool.infl[1] + pool.infl[2];
	int n = tw < ptot ? tw : ptot;
	if (!n && m->has_loot)
		return rej_at(rej, m->at_loot, "loot-count", tw ? "the pirates took no cards, so there is no loot"
							   : "loot goes only to a player with wall towers");
	if (n) {
		const el_cards *c = &m->loot;
		int tot = c->gold + c->infl[0] + c->infl[1] + c->infl[2];
		if (!m->has_loot || tot != n)
			return rej_at(rej, m->has_loot ? m->at_loot : m->at_roll, "loot-count",
				      "with %d tower%s and %d cards discarded, %s draws %d card%s of loot: write loot CARDS",
				      tw, tw == 1 ? "" : "s", ptot, cname(g, me), n, n == 1 ? "" : "s");
		if (c->gold > pool.gold || c->infl[0] > pool.infl[0] || c->infl[1] > pool.infl[1] ||
		    c->infl[2] > pool.infl[2])
			return rej_at(rej, m->at_loot, "loot-cards", "the loot must come from the discarded cards");
		p->seat[me].gold = (int16_t)(p->seat[me].gold + c->gold);
		pool.gold = (uint8_t)(pool.gold - c->gold);
		for (int k = 0; k < NINFL; k++) {
			p->seat[me].infl[k] = (int16_t)(p->seat[me].infl[k] + c->infl[k]);
			pool.infl[k] = (uint8_t)(pool.infl[k] - c->infl[k]);
		}
	}
	for (int k = 0; k < NINFL; k++)
		p->disc[k] = (int16_t)(p->disc[k] + pool.infl[k]);
	return 0;
}

static int income(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int y = p->ship;
	int gdue[EL_SEATS] = { 0 }, idue[EL_SEATS] = { 0 }, G = 0, I = 0;
	for (int x = 0; x < g->L->cols; x++) {
		int t = p->bld[y][x];
		if (t < 0)
			continue;
		/* Each building once: skip to its east edge (a rectangle). */
		const el_tile *tl = &p->tile[t];
		x = tl->x + g->d->bt[tl->type].w - 1;
		int inc = g->d->bt[tl->type].income;
		if (inc == INC_GOLD) {
			gdue[tl->owner]++;
			G++;
		} else if (inc == INC_INFL) {
			idue[tl->owner]++;
			I++;
		}
	}
	/* The bank and the cards left are never negative: nothing due, no
	 * shortage, without counting them. */
	bool gshort = G > 0 && G > bank_gold(g), ishort = I > 0 && I > infl_available(g);
	if (m->has_halve && !ishort)
		return rej_at(rej, m->at_halve[__builtin_ctz(m->halve_set)], "halve-count",
			      "the influence cards run short only when the deck and discards cannot pay the income");
	if (gshort)
		for (unsigned s = 0; s < g->nseats; s++) {
			int h = g->opt.halve_up ? (p->seat[s].gold + 1) / 2 : p->seat[s].gold / 2;
			p->seat[s].gold = (int16_t)(p->seat[s].gold - h);
		}
	else if (G)
		for (unsigned s = 0; s < g->nseats; s++)
			p->seat[s].gold = (int16_t)(p->seat[s].gold + gdue[s]);
	if (ishort) {
		if (m->has_inc)
			return rej_at(rej, m->at_inc, "draw-count",
				      "the influence cards run short (%d due, %d left): nobody draws this roll",
				      I, infl_available(g));
		for (int k = 0; k < NINFL; k++) {
			p->deck[k] = (int16_t)(p->deck[k] + p->disc[k]);
			p->disc[k] = 0;
		}
		for (unsigned s = 0; s < g->nseats; s++) {
			el_seat *ps = &p->seat[s];
			int hn = hand_infl(ps), h = g->opt.halve_up ? (hn + 1) / 2 : hn / 2;
			bool set = m->halve_set & (1u << s);
			if (!h) {
				if (set)
					return rej_at(rej, m->at_halve[s], "halve-count",
						      "%s gives up no influence card in this shortage", cname(g, (int)s));
				continue;
			}
			if (!set)
				return rej_at(rej, m->has_halve ? m->at_end : m->at_roll, "halve-count",
					      "the influence cards run short: %s gives up %d of them (write halve %s=CARDS)",
					      cname(g, (int)s), h, cname(g, (int)s));
			const el_cards *c = &m->halve[s];
			if (c->infl[0] + c->infl[1] + c->infl[2] != h)
				return rej_at(rej, m->at_halve[s], "halve-count",
					      "%s gives up half of %d influence cards, that is %d", cname(g, (int)s), hn, h);
			for (int k = 0; k < NINFL; k++) {
				if (c->infl[k] > ps->infl[k])
					return rej_at(rej, m->at_halve[s], "discard-cards",
						      "%s holds only %d %s influence card%s", cname(g, (int)s),
						      ps->infl[k], infl_names[k], ps->infl[k] == 1 ? "" : "s");
				ps->infl[k] = (int16_t)(ps->infl[k] - c->infl[k]);
				p->deck[k] = (int16_t)(p->deck[k] + c->infl[k]);
			}
		}
		return 0;
	}
	if (m->ninc != I)
		return rej_at(rej, m->has_inc ? m->at_inc : m->at_roll, "draw-count",
			      "row %u pays %d influence card%s: the record must list %s drawn (like +rb), not %d",
			      g->d->rownum[y], I, I == 1 ? "" : "s", I == 1 ? "the colour" : "the colours", m->ninc);
	if (!I)
		return 0;
	int k = 0;
	for (unsigned j = 0; j < g->nseats; j++) {
		int s = (p->active + (int)j) % (int)g->nseats;
		for (int n = 0; n < idue[s]; n++, k++) {
			int c = m->inc[k];
			if (draw_infl(g, c) < 0)
				return rej_at(rej, m->at_inc, "draw-colour",
					      "card %d of the income draws: the influence deck holds no %s card now",
					      k + 1, infl_names[c]);
			p->seat[s].infl[c]++;
		}
	}
	return 0;
}

static int roll(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	int target;
	if (m->roll == 7) {
		if (m->ship < 0)
			return rej_at(rej, m->at_roll, "ship-target",
				      "on a 7 the pirate ship goes to a row of the roller's choice: write 7>ROW");
		if (m->ship == p->ship)
			return rej_at(rej, m->at_roll, "ship-must-move",
				      "the pirate ship must leave row %u", d->rownum[p->ship]);
		target = m->ship;
	} else {
		int r = m->roll <= 6 ? m->roll - 2 : m->roll - 3;
		if (r != p->ship) {
			if (m->ship >= 0 && m->ship != r)
				return rej_at(rej, m->at_roll, "ship-target", "a roll of %u sends the ship to row %u",
					      m->roll, m->roll);
			target = r;
		} else {
			if (m->ship < 0)
				return rej_at(rej, m->at_roll, "ship-must-move",
					      "the ship is already on row %u: it moves 2 rows up or down (write %u>ROW)",
					      m->roll, m->roll);
			if (m->ship != r - 2 && m->ship != r + 2)
				return rej_at(rej, m->at_roll, "ship-must-move",
					      "the ship on row %u moves exactly 2 rows up or down, not to row %u",
					      m->roll, d->rownum[m->ship]);
			target = m->ship;
		}
	}
	p->ship = (int8_t)target;
	if (m->roll == 7) {
		if (m->has_inc || m->has_halve)
			return rej_at(rej, m->has_inc ? m->at_inc : m->at_halve[__builtin_ctz(m->halve_set)],
				      "draw-count", "the pirate row pays no income");
		return pirates(g, m, rej);
	}
	if (m->has_disc || m->has_loot)
		return rej_at(rej, m->has_disc ? m->at_disc[__builtin_ctz(m->disc_set)] : m->at_loot,
			      "pirate-discard", "only a roll of 7 brings the pirates");
	return income(g, m, rej);
}

/* ------------------------------------------------- phases 3 and 4 */

static int permit_phase(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	if (m->p3 == 0)
		return rej_at(rej, m->at_end, "phase-three",
			      "every turn takes 2 gold or places a permit (write gold or permit VALUE SQUARE)");
	if (m->p3 == 1) {
		int bank = bank_gold(g), n = bank < 2 ? bank : 2;
		ps->gold = (int16_t)(ps->gold + n);
		return 0;
	}
	int v = m->p3v, x = m->p3x, y = m->p3y;
	if (!(ps->permits & (1u << v)))
		return rej_at(rej, m->at_p3, "permit-supply", "your permit %d is not in your supply", v);
	if (!empty_sq(g, x, y))
		return rej_at(rej, m->at_p3sq, "permit-square",
			      "%s is not an empty square of the building area", sq(g, x, y));
	if (m->p3fee >= 0) {
		if (ps->infl[m->p3fee] < 2)
			return rej_at(rej, m->at_p3fee, "not-enough-influence",
				      "you hold %d %s influence card%s, not 2", ps->infl[m->p3fee],
				      infl_names[m->p3fee], ps->infl[m->p3fee] == 1 ? "" : "s");
	} else if (y != p->ship) {
		int r = g->d->rownum[p->ship];
		if (row_has_empty(g, p->ship))
			return rej_at(rej, m->at_p3sq, "permit-row",
				      "the permit goes in the ship's row %d, which has empty squares (or pay 2 influence cards of one colour)",
				      r);
		if (y != p->ship - 1 && y != p->ship + 1)
			return rej_at(rej, m->at_p3sq, "permit-row",
				      "row %d is full, so the permit goes in the row just above or below it (or pay 2 influence cards of one colour)",
				      r);
	}
	if (ps->gold < v)
		return rej_at(rej, m->at_p3, "not-enough-gold", "permit %d costs %d gold, and you hold %d", v, v,
			      ps->gold);
	ps->gold = (int16_t)(ps->gold - v);
	if (m->p3fee >= 0)
		pay_infl(g, me, m->p3fee, 2);
	ps->permits &= (uint8_t)~(1u << v);
	set_sq(g, p->permit, x, y, (int8_t)(me * 8 + v));
	return 0;
}

static int special(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	if (m->sp == SP_NONE)
		return 0;
	if (m->sp == SP_CASH || m->sp == SP_PLACE) {
		for (int k = 0; k < NINFL; k++)
			if (ps->infl[k] < 1)
				return rej_at(rej, m->at_sp, "not-enough-influence",
					      "%s costs one influence card of each colour, and you hold no %s one",
					      m->sp == SP_CASH ? "cash" : "place", infl_names[k]);
	} else if (ps->infl[m->spfee] < 2) {
		return rej_at(rej, m->at_spfee, "not-enough-influence", "you hold %d %s influence card%s, not 2",
			      ps->infl[m->spfee], infl_names[m->spfee], ps->infl[m->spfee] == 1 ? "" : "s");
	}
	int pm = -1;
	if (m->sp == SP_MOVE || m->sp == SP_RAISE) {
		pm = p->permit[m->spy][m->spx];
		if (pm < 0 || (pm >> 3) != me)
			return rej_at(rej, m->at_sp, "special-permit", "%s holds no permit of yours",
				      sq(g, m->spx, m->spy));
	}
	switch (m->sp) {
	case SP_MOVE:
		if (!empty_sq(g, m->spx2, m->spy2))
			return rej_at(rej, m->at_sp2, "permit-square",
				      "%s is not an empty square of the building area", sq(g, m->spx2, m->spy2));
		set_sq(g, p->permit, m->spx, m->spy, -1);
		set_sq(g, p->permit, m->spx2, m->spy2, (int8_t)pm);
		pay_infl(g, me, m->spfee, 2);
		return 0;
	case SP_RAISE: {
		int w = pm & 7;
		if (m->spv <= w || !(ps->permits & (1u << m->spv)))
			return rej_at(rej, m->at_sp2, "permit-supply",
				      "the permit at %s is worth %d: raise it to a higher one from your supply",
				      sq(g, m->spx, m->spy), w);
		if (ps->gold < m->spv - w)
			return rej_at(rej, m->at_sp, "not-enough-gold", "raising %d to %d costs %d gold, and you hold %d",
				      w, m->spv, m->spv - w, ps->gold);
		ps->gold = (int16_t)(ps->gold - (m->spv - w));
		ps->permits = (uint8_t)((ps->permits | (1u << w)) & ~(1u << m->spv));
		set_sq(g, p->permit, m->spx, m->spy, (int8_t)(me * 8 + m->spv));
		pay_infl(g, me, m->spfee, 2);
		return 0;
	}
	case SP_PLACE:
		if (!(ps->permits & (1u << m->spv)))
			return rej_at(rej, m->at_sp, "permit-supply", "your permit %d is not in your supply", m->spv);
		if (!empty_sq(g, m->spx, m->spy))
			return rej_at(rej, m->at_sp2, "permit-square",
				      "%s is not an empty square of the building area", sq(g, m->spx, m->spy));
		if (ps->gold < m->spv)
			return rej_at(rej, m->at_sp, "not-enough-gold", "permit %d costs %d gold, and you hold %d",
				      m->spv, m->spv, ps->gold);
		ps->gold = (int16_t)(ps->gold - m->spv);
		ps->permits &= (uint8_t)~(1u << m->spv);
		set_sq(g, p->permit, m->spx, m->spy, (int8_t)(me * 8 + m->spv));
		for (int k = 0; k < NINFL; k++)
			pay_infl(g, me, k, 1);
		return 0;
	case SP_CASH: {
		for (int k = 0; k < NINFL; k++)
			pay_infl(g, me, k, 1);
		int bank = bank_gold(g);
		ps->gold = (int16_t)(ps->gold + (bank < 2 ? bank : 2));
		return 0;
	}
	default:
		return 0;
	}
}

/* --------------------------------------------------------- the turn */

static int play(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	if (p->over)
		return rej_at(rej, m->at_seat, "game-over", "the game is over");
	if (g->no_hands)
		return rej_at(rej, m->at_seat, "hands",
			      "the record needs a Hands tag with each seat's starting influence card, like [Hands \"Red=r Blue=g\"]");
	if (m->seat != p->active)
		return rej_at(rej, m->at_seat, "wrong-turn", "it is %s's turn, not %s's",
			      cname(g, p->active), cname(g, m->seat));
	if (roll(g, m, rej) < 0)
		return -1;
	for (int k = 0; k < m->nbuild; k++) {
		const el_build *b = &m->build[k];
		if (p->over)
			return rej_at(rej, b->at, "game-over",
				      "%s has all 10 cubes on the board and has won: the turn ends there", cname(g, p->active));
		int r = b->kind == BK_BUILDING ? build_building(g, b, rej)
		      : b->kind == BK_WALL ? build_wall(g, b, rej) : build_church(g, b, rej);
		if (r < 0)
			return -1;
	}
	if (p->over) {
		if (m->p3 || m->sp)
			return rej_at(rej, m->p3 ? m->at_p3 : m->at_sp, "game-over",
				      "%s has all 10 cubes on the board and has won: the turn ends there", cname(g, p->active));
		return 0;
	}
	if (permit_phase(g, m, rej) < 0 || special(g, m, rej) < 0)
		return -1;
	return 0;
}

#ifdef EL_PARANOID
/* Cards and cubes are conserved: every card is in a hand, the bank, the
 * deck or the discards; every cube counted on the board sits somewhere. */
static void check_invariants(const el_game *g)
{
	const el_pos *p = &g->pos;
	const uint8_t *cards = g->d->cards[g->opt.cards];
	for (int k = 0; k < NINFL; k++) {
		int n = p->deck[k] + p->disc[k];
		for (unsigned s = 0; s < g->nseats; s++)
			n += p->seat[s].infl[k];
		assert(n == cards[1 + k]);
	}
	assert(bank_gold(g) >= 0);
	int cubes[EL_SEATS] = { 0 };
	for (int i = 0; i < g->nneutral; i++)
		if (p->tile[i].on)
			cubes[p->tile[i].owner] += p->tile[i].cubes;
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			if (p->church[y][x] >= 0)
				cubes[p->church_owner[p->church[y][x]]]++;
	for (unsigned s = 0; s < g->nseats; s++) {
		cubes[s] += towers_of(g, (int)s) + __builtin_popcount(p->seat[s].flags);
		assert(cubes[s] == p->seat[s].cubes);
	}
}
#else
#define check_invariants(g) ((void)0)
#endif

static int elasund_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	el_game *g = game;
	const el_move *m = move;
	undo_begin(g);
	g->listening = sink != NULL;
	g->nev = 0;
	if (play(g, m, rej) < 0) {
		undo_turn(g);
		g->nev = 0;
		return -1;
	}
	check_invariants(g);   /* a full recount: only with -DEL_PARANOID */
	g->pos.turns++;
	if (!g->pos.over)
		g->pos.active = (uint8_t)(g->pos.active + 1u == g->nseats ? 0 : g->pos.active + 1u);
	if (sink)
		for (size_t i = 0; i < g->nev; i++)
			sink->event(sink->ctx, &g->ev[i]);
	g->nev = 0;
	return 0;
}

static bool elasund_over(const void *game)
{
	return ((const el_game *)game)->pos.over;
}

static void elasund_finish(void *game, const arb_sink *sink)
{
	(void)game;
	(void)sink;   /* every cube event is emitted as it happens */
}

static void elasund_standing(const void *game, arb_standing *out)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	memset(out, 0, sizeof *out);
	out->over = p->over;
	static const char *const keys[] = { "buildings", "church", "towers", "flags", "track",
					    "gold", "influence", "walls" };
	out->nbd = sizeof keys / sizeof keys[0];
	for (size_t k = 0; k < out->nbd; k++)
		out->bd_key[k] = keys[k];
	for (unsigned s = 0; s < g->nseats; s++) {
		out->score[s] = p->seat[s].cubes;
		out->winner[s] = p->over && p->winner == (int)s;
		long bc = 0, cc = 0;
		for (int i = 0; i < g->nneutral; i++)
			if (p->tile[i].on && p->tile[i].owner == (int)s)
				bc += p->tile[i].cubes;
		for (int k = 0; k < EL_NCHURCH; k++)
			if (!(p->church_left & (1u << k)) && p->church_owner[k] == (int)s)
				cc++;
		out->bd[s][0] = bc;
		out->bd[s][1] = cc;
		out->bd[s][2] = towers_of(g, (int)s);
		out->bd[s][3] = __builtin_popcount(p->seat[s].flags);
		out->bd[s][4] = track_level(g, &p->seat[s]);
		out->bd[s][5] = p->seat[s].gold;
		out->bd[s][6] = hand_infl(&p->seat[s]);
		out->bd[s][7] = p->seat[s].walls;
	}
}

/* ------------------------------------------------------------- set-up */

static int opt_value(const arb_option *o, const char *const *vals, arb_reject *rej)
{
	for (int i = 0; vals[i]; i++)
		if (o->value && strcmp(o->value, vals[i]) == 0)
			return i;
	arb_reject_pos(rej, o->tag ? o->tag->line : 0, o->tag ? o->tag->col : 0, "bad-option",
		       "option %s takes %s%s%s", o->name, vals[0], vals[1] ? " or " : "", vals[1] ? vals[1] : "");
	return -1;
}

static int parse_options(el_game *g, const arb_setup *su, arb_reject *rej)
{
	static const struct { const char *name; const char *vals[3]; size_t off; } opts[] = {
		{ "cards", { "classic", "smart", NULL }, offsetof(el_opts, cards) },
		{ "halve", { "down", "up", NULL }, offsetof(el_opts, halve_up) },
		{ "walls", { "free", "blue-first", NULL }, offsetof(el_opts, walls_blue_first) },
		{ "huts", { "any", "bigger", NULL }, offsetof(el_opts, huts_bigger) },
		{ "track", { "capped", "uncapped", NULL }, offsetof(el_opts, track_uncapped) },
		{ "mills", { "all", "near", NULL }, offsetof(el_opts, mills_near) },
	};
	for (size_t i = 0; i < su->noptions; i++) {
		const arb_option *o = &su->options[i];
		size_t k = 0;
		while (k < sizeof opts / sizeof opts[0] && strcmp(o->name, opts[k].name) != 0)
			k++;
		if (k == sizeof opts / sizeof opts[0])
			return arb_reject_pos(rej, o->tag ? o->tag->line : 0, o->tag ? o->tag->col : 0,
					      "unknown-option",
					      "unknown option '%s' (elasund knows cards, halve, walls, huts, track, mills)",
					      o->name);
		int v = opt_value(o, opts[k].vals, rej);
		if (v < 0)
			return -1;
		((uint8_t *)&g->opt)[opts[k].off] = (uint8_t)v;
	}
	return 0;
}

/* The Hands tag: "Red=r Blue=g ...", each seat's starting influence. */
static int parse_hands(el_game *g, const arb_setup *su, arb_reject *rej)
{
	const arb_tag *t = arb_setup_tag(su, "Hands");
	el_pos *p = &g->pos;
	if (!t) {
		/* Without starting hands a game can still be drawn (dump
		 * --labels); its first turn is refused. */
		g->no_hands = true;
		return 0;
	}
	unsigned seen = 0;
	const char *s = t->value;
	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		const char *e = s;
		while (*e && *e != ' ')
			e++;
		const char *eq = memchr(s, '=', (size_t)(e - s));
		int seat = -1;
		if (eq)
			for (unsigned k = 0; k < g->nseats; k++)
				if (strlen(elasund_colours[g->colour[k]]) == (size_t)(eq - s) &&
				    strncasecmp(s, elasund_colours[g->colour[k]], (size_t)(eq - s)) == 0)
					seat = (int)k;
		if (seat < 0 || (seen & (1u << seat)) || (size_t)(e - eq - 1) != g->d->hand_infl)
			return arb_reject_pos(rej, t->line, t->col, "hands",
					      "Hands lists each seat once as Colour=CARD (%u influence card%s, r, b or g): '%.*s'",
					      g->d->hand_infl, g->d->hand_infl == 1 ? "" : "s", (int)(e - s), s);
		seen |= 1u << seat;
		for (const char *c = eq + 1; c < e; c++) {
			int k = *c == 'r' || *c == 'R' ? IR : *c == 'b' || *c == 'B' ? IB
			      : *c == 'g' || *c == 'G' ? IG : -1;
			if (k < 0 || p->deck[k] == 0)
				return arb_reject_pos(rej, t->line, t->col, "hands",
						      "'%c' in Hands is no influence card left in the deck", *c);
			p->deck[k]--;
			p->seat[seat].infl[k]++;
		}
		s = e;
	}
	if (seen != (1u << g->nseats) - 1)
		return arb_reject_pos(rej, t->line, t->col, "hands", "Hands must list every seat");
	return 0;
}

static void *elasund_create(const void *data, const arb_setup *su, arb_reject *rej)
{
	const el_data *d = data;
	if (su->nseats < 2 || su->nseats > 4) {
		arb_reject_pos(rej, 0, 0, "seats", "Elasund is played by 2 to 4 players");
		return NULL;
	}
	el_game *g = arb_xcalloc(1, sizeof *g);
	g->d = d;
	g->nseats = (unsigned)su->nseats;
	for (unsigned s = 0; s < g->nseats; s++)
		g->colour[s] = (uint8_t)su->seats[s].colour;
	/* For parse(): the first seat (in turn order) of each colour. */
	memset(g->seat_of_colour, -1, sizeof g->seat_of_colour);
	for (unsigned s = g->nseats; s-- > 0;)
		g->seat_of_colour[g->colour[s]] = (int8_t)s;
	if (parse_options(g, su, rej) < 0) {
		free(g);
		return NULL;
	}
	/* Not zeroed: event() clears each slot it hands out (48 KiB of
	 * zeroing per game would cost more than replaying it). */
	/* One block for both: the strings follow the events (char arrays
	 * need no alignment), one malloc and one free per game. */
	g->ev = arb_xmalloc(EL_MAXEVENT * (sizeof *g->ev + sizeof *g->evstr));
	g->evstr = (char (*)[2][16])(void *)(g->ev + EL_MAXEVENT);
	g->L = &d->layout[g->nseats - 2];
	if (g->opt.mills_near) {
		/* The game owns a copy of the layout with the far 2-windmill
		 * squares cleared: only those next to the gates count. */
		el_layout *own = arb_xmalloc(sizeof *own);
		*own = *g->L;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < own->cols - 2; x++)
				if (own->mills[y][x] == 2)
					own->mills[y][x] = 0;
		g->L = own;
	}
	el_pos *p = &g->pos;
	memset(p->bld, -1, sizeof p->bld);
	memset(p->permit, -1, sizeof p->permit);
	memset(p->church, -1, sizeof p->church);
	memset(p->church_owner, -1, sizeof p->church_owner);
	p->ship = -1;
	p->church_left = (1u << EL_NCHURCH) - 1;
	p->church_bottom = -1;
	p->corg_x = p->corg_y = -1;
	p->winner = -1;
	const uint8_t *cards = d->cards[g->opt.cards];
	g->gold_total = cards[0];
	for (int k = 0; k < NINFL; k++)
		p->deck[k] = cards[1 + k];
	int id = 0;
	for (int t = 0; t < B_NTYPES; t++)
		if (d->bt[t].kind == K_NEUTRAL)
			for (int c = 0; c < d->bt[t].copies; c++)
				p->tile[id++].type = (uint8_t)t;
	g->nneutral = (uint8_t)id;
	for (unsigned s = 0; s < g->nseats; s++) {
		el_seat *ps = &p->seat[s];
		ps->gold = d->hand_gold;
		ps->permits = (1u << EL_NPERMIT) - 1;
		static const uint8_t own[4] = { B_HOUSE, B_WORKSHOP, B_HUT, B_LONGHUT };
		for (int k = 0; k < 4; k++) {
			el_tile *t = &p->tile[g->nneutral + 4 * s + (unsigned)k];
			t->type = own[k];
			t->owner = (int8_t)s;
		}
		for (int k = 0; k < 2; k++) {
			int tid = g->nneutral + 4 * (int)s + 2 + k;
			el_tile *t = &p->tile[tid];
			t->x = (int8_t)d->start[g->colour[s]][k][0];
			t->y = (int8_t)d->start[g->colour[s]][k][1];
			t->on = 1;
			tile_cells(g, tid, (int8_t)tid);
		}
	}
	if (su->setup ? el_setup(g, su->setup, rej) < 0
		      : bank_gold(g) < 0 || parse_hands(g, su, rej) < 0) {
		elasund_destroy(g);
		return NULL;
	}
	return g;
}

static void elasund_destroy(void *game)
{
	el_game *g = game;
	if (!g)
		return;
	if (g->L != &g->d->layout[g->nseats - 2])
		free((void *)g->L);
	free(g->ev);   /* and the strings that follow the events */
	free(g);
}

ARB_DECLARE_DATA(elasund);

const arb_game_ops elasund_game = {
	.name = "elasund",
	.title = "Elasund: The First City",
	.colours = elasund_colours,
	.min_seats = 2,
	.max_seats = 4,
	.move_size = sizeof(el_move),
	.data_name = "notation/elasund/elasund.yaml",
	.data = arb_data_elasund,
	.data_size = &arb_data_elasund_size,
	.data_load = elasund_data_load,
	.data_free = elasund_data_free,
	.create = elasund_create,
	.destroy = elasund_destroy,
	.parse = elasund_parse,
	.format = elasund_format,
	.apply = elasund_apply,
	.over = elasund_over,
	.finish = elasund_finish,
	.standing = elasund_standing,
	.moves = elasund_moves,
	.dump = elasund_dump,
	.snapshot = elasund_snapshot,
	.random_turn = elasund_random_turn,
	.random_tags = elasund_random_tags,
};
