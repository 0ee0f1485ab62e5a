/*
 * rules.c — apply() of Elasund: one turn line played phase by phase on
 * the position, each item checked against the rulebook (notation/elasund.md
 * lists every rule id and every choice where the rulebook is silent).
 *
 * A turn line carries the whole turn: roll and ship, income or pirates,
 * up to two builds with the hut moves they cause (buildings.c, walls.c,
 * church.c), the permit or 2 gold, the special action.  The position is
 * one flat struct: apply() copies its small fields first and saves each
 * board row and tile the first time the turn writes it (el_set_sq,
 * el_tile_w in elasund.h), puts all of it back when an item is illegal,
 * and score events wait in a buffer until the turn is accepted, so a
 * rejected turn leaves nothing behind.  (Copying all of the position
 * before every turn cost about a sixth of apply(); most turns write one
 * board and a few tiles.)
 *
 * A turn played live (open.c, the referee) goes through the same code:
 * while g->open is set, what a line cut short still owes (the income's
 * draws, discards, loot, halvings, phase three) waits in g->owed instead
 * of being refused.  Those hooks sit only in branches that refuse, so a
 * whole turn line costs what it cost before.
 *
 * Hot-path costs: income reads the row's counts (pos.row_inc), a build
 * scans its footprint (at most 6 squares) and the tiles it covers, the
 * pirates read the row's cubes (pos.row_cubes).  Nothing allocates after
 * create() but the block of events and square names (el_event_block),
 * once, when first needed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "elasund.h"

/* el_sq (elasund.h): the game's rotating names, as one message names up
 * to 4. */
const char *el_sq(const el_game *g, int x, int y)
{
	/* The game is never a const object: only this function's callers
	 * hold it as const, and the names are its scratch, not its position. */
	el_event_block((el_game *)g);
	el_sq_names *n = (el_sq_names *)(void *)(g->evstr + EL_MAXEVENT);
	n->next = (n->next + 1) & 3;
	snprintf(n->name[n->next], sizeof n->name[n->next], "%d,%d", x + 1, g->d->rownum[y]);
	return n->name[n->next];
}

/* el_refuse (elasund.h): arb_reject_rule, out of the hot path. */
int el_refuse(arb_reject *rej, enum el_rule r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_reject_vrule(rej, el_rules, r, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

/* ------------------------------------------------------- the turn's undo */

/* Before a turn: copy the small fields, forget what the last turn saved
 * and its card moves (nvop). */
static void undo_begin(el_game *g)
{
	memcpy(g->save_head, (char *)&g->pos + EL_POS_HEAD_AT, EL_POS_HEAD);
	memset(g->turn_zero, 0, sizeof g->turn_zero);
}

/* A rejected turn: put back everything it changed. */
static void undo_turn(el_game *g)
{
	memcpy((char *)&g->pos + EL_POS_HEAD_AT, g->save_head, EL_POS_HEAD);
	if (g->rare_saved)
		memcpy((char *)&g->pos + offsetof(el_pos, church_left), g->save_rare, EL_POS_RARE);
	if (g->inc_saved)
		memcpy(g->pos.row_inc, g->inc_old, sizeof g->inc_old);
	int8_t(*const boards[3])[EL_W] = { g->pos.bld, g->pos.permit, g->pos.church };
	for (uint32_t b = g->row_saved; b; b &= b - 1) {
		int r = __builtin_ctz(b), k = r / EL_H, y = r % EL_H;
		memcpy(boards[k][y], g->board_old[k][y], EL_W);
	}
	for (uint64_t b = g->tile_saved; b; b &= b - 1) {
		int id = __builtin_ctzll(b);
		g->pos.tile[id] = g->tile_old[id];
	}
	/* pos.row_cubes follows the tiles, the church and the walls, all
	 * put back now; a turn that wrote none of them left it as it was */
	if (g->tile_saved || g->rare_saved)
		el_count_row_cubes(g, &g->pos, g->pos.row_cubes);
}

/* Row y has an empty square (for permit-row, U21). */
static bool row_has_empty(const el_game *g, int y)
{
	for (int x = 0; x < g->L->cols; x++)
		if (el_empty_sq(g, x, y))
			return true;
	return false;
}

/* ------------------------------------------------------ phase 1: roll */

/* el_cubes_in_row (elasund.h): U13, a cube counts where it sits. */
void el_cubes_in_row(const el_game *g, const el_pos *p, int y, int out[EL_SEATS])
{
	memset(out, 0, sizeof(int) * EL_SEATS);
	/* A flag lies on its building (data.c checks it), so only the
	 * buildings in row y can hold a cube there: scan the row, each
	 * building once (a rectangle: skip to its east edge).  The width
	 * and the types in locals: the counts written through out[] would
	 * otherwise make the compiler load them again each square. */
	const int cols = g->L->cols;
	const el_btype *const bts = g->d->bt;
	for (int x = 0; x < cols; x++) {
		int i = p->bld[y][x];
		if (i < 0)
			continue;
		const el_tile *t = &p->tile[i];
		const el_btype *bt = &bts[t->type];
		for (int f = 0; f < t->cubes; f++)
			if (t->y + bt->flagdy[f] == y)
				out[t->owner]++;
		x = t->x + bt->w - 1;
	}
	/* Church tiles lie in the 3x3 square at the church's origin. */
	if (p->corg_x >= 0 && y >= p->corg_y && y < p->corg_y + 3)
		for (int x = p->corg_x; x < p->corg_x + 3; x++)
			if (p->church[y][x] >= 0)
				out[p->church_owner[p->church[y][x]]]++;
	for (unsigned b = g->L->east_row[y]; b; b &= b - 1) {
		int k = __builtin_ctz(b);
		if (p->wall[LINE_E][k] & 16)
			out[(p->wall[LINE_E][k] & 15) - 1]++;
	}
}

/* el_count_row_cubes (elasund.h): each row as the pirates count it. */
void el_count_row_cubes(const el_game *g, const el_pos *p, uint8_t out[EL_H][EL_SEATS])
{
	for (int y = 0; y < EL_H; y++) {
		int c[EL_SEATS];
		el_cubes_in_row(g, p, y, c);
		for (int s = 0; s < EL_SEATS; s++)
			out[y][s] = (uint8_t)c[s];
	}
}

/* The loot of the pirates' discards (pool, ptot cards of them) to the
 * active seat, as many as its wall towers, taken out of pool.  Rejects
 * with loot-count, loot-cards. */
static int take_loot(el_game *g, const el_move *m, el_cards *pool, int ptot, arb_reject *rej)
{
	el_pos *p = &g->pos;
	int me = p->active, tw = el_towers_of(g, me);
	int n = tw < ptot ? tw : ptot;
	if (!n && m->has_loot)
		return EL_REFUSE(rej, m->at_loot, EL_R_LOOT_COUNT,
				 tw ? "the pirates took no cards, so there is no loot"
				    : "loot goes only to a player with wall towers");
	if (n) {
		const el_cards *c = &m->loot;
		int tot = c->gold + c->infl[0] + c->infl[1] + c->infl[2] + c->unseen;
		if (!m->has_loot || tot != n) {
			if (g->open && !m->has_loot && (g->owe_ok & EL_OWE_LOOT)) {
				g->owed.loot = (uint8_t)n;
				g->owed.pool = *pool;
				return 0;
			}
			return EL_REFUSE(
				rej, m->has_loot ? m->at_loot : m->at_roll, EL_R_LOOT_COUNT,
				"with %d tower%s and %d card%s discarded, %s draws %d card%s of loot: write loot CARDS",
				tw, arb_s(tw), ptot, arb_s(ptot), el_cname(g, me), n, arb_s(n));
		}
		if (g->view != EL_NOVIEW
			    ? c->gold > pool->gold || tot - c->gold > pool->infl[0]
			    : c->gold > pool->gold || c->infl[0] > pool->infl[0] ||
				      c->infl[1] > pool->infl[1] || c->infl[2] > pool->infl[2])
			return EL_REFUSE(rej, m->at_loot, EL_R_LOOT_CARDS,
					 "the loot must come from the discarded cards");
		p->seat[me].gold = (int16_t)(p->seat[me].gold + c->gold);
		pool->gold = (uint8_t)(pool->gold - c->gold);
		for (int k = 0; k <= NINFL; k++) {
			int v = k < NINFL ? c->infl[k] : c->unseen,
			    ck = EL_CI(g, k < NINFL ? k : 0);
			p->seat[me].infl[ck] = (int16_t)(p->seat[me].infl[ck] + v);
			pool->infl[ck] = (uint8_t)(pool->infl[ck] - v);
			EL_VOP(g, VOP_LOOT, me, k, v, m->at_loot);
		}
	}
	return 0;
}

/* The pirates: each seat discards a card for each of its cubes in the
 * ship's row, at most its hand (the record's discard lists), and the
 * active seat takes its loot (take_loot).  Rejects with pirate-discard,
 * discard-cards, and as take_loot. */
static int pirates(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	/* the row's cubes as kept in the position (el_cubes_in_row's count) */
	const uint8_t *due = p->row_cubes[p->ship];
	el_cards pool = { 0 };
	for (unsigned s = 0; s < g->nseats; s++) {
		el_seat *ps = &p->seat[s];
		int hand = ps->gold + el_hand_infl(ps), n = due[s] < hand ? due[s] : hand;
		bool set = m->disc_set & (1u << s);
		if (!n) {
			if (set)
				return EL_REFUSE(
					rej, m->at_disc[s], EL_R_PIRATE_DISCARD,
					"%s has no cube in row %u (or no cards) and discards nothing",
					el_cname(g, (int)s), g->d->rownum[p->ship]);
			continue;
		}
		if (!set) {
			if (g->open && (g->owe_ok & EL_OWE_DISCARD)) {
				g->owed.discard |= (uint8_t)(1u << s);
				continue;
			}
			return EL_REFUSE(
				rej, m->has_disc ? m->at_end : m->at_roll, EL_R_PIRATE_DISCARD,
				"%s has %d cube%s in pirate row %u and must discard %d card%s: write discard %s=CARDS",
				el_cname(g, (int)s), due[s], due[s] == 1 ? "" : "s",
				g->d->rownum[p->ship], n, n == 1 ? "" : "s", el_cname(g, (int)s));
		}
		const el_cards *c = &m->disc[s];
		int tot = c->gold + c->infl[0] + c->infl[1] + c->infl[2] + c->unseen;
		if (tot != n)
			return EL_REFUSE(
				rej, m->at_disc[s], EL_R_PIRATE_DISCARD,
				"%s must discard %d card%s (one per cube in row %u, at most the whole hand), not %d",
				el_cname(g, (int)s), n, n == 1 ? "" : "s", g->d->rownum[p->ship],
				tot);
		if (g->view != EL_NOVIEW) {
			if (c->gold > ps->gold || tot - c->gold > ps->infl[0])
				return EL_REFUSE(
					rej, m->at_disc[s], EL_R_DISCARD_CARDS,
					"%s does not hold these cards (%d gold, %d influence cards in hand)",
					el_cname(g, (int)s), ps->gold, ps->infl[0]);
		} else if (c->gold > ps->gold || c->infl[0] > ps->infl[0] ||
			   c->infl[1] > ps->infl[1] || c->infl[2] > ps->infl[2]) {
			return EL_REFUSE(
				rej, m->at_disc[s], EL_R_DISCARD_CARDS,
				"%s does not hold these cards (%d gold, %d red, %d blue, %d green in hand)",
				el_cname(g, (int)s), ps->gold, ps->infl[0], ps->infl[1],
				ps->infl[2]);
		}
		ps->gold = (int16_t)(ps->gold - c->gold);
		pool.gold = (uint8_t)(pool.gold + c->gold);
		/* k == NINFL: the unseen cards, a view's only (slot 0 there; 0 of
		 * them in a full record, whose hands have no slot for them) */
		for (int k = 0; k <= NINFL; k++) {
			int v = k < NINFL ? c->infl[k] : c->unseen,
			    ck = EL_CI(g, k < NINFL ? k : 0);
			ps->infl[ck] = (int16_t)(ps->infl[ck] - v);
			pool.infl[ck] = (uint8_t)(pool.infl[ck] + v);
			EL_VOP(g, VOP_PDISC, (int)s, k, v, m->at_disc[s]);
		}
	}
	int ptot = pool.gold + pool.infl[0] + pool.infl[1] + pool.infl[2];
	int r = take_loot(g, m, &pool, ptot, rej);
	if (r)
		return r;
	for (int k = 0; k < NINFL; k++)
		p->disc[k] = (int16_t)(p->disc[k] + pool.infl[k]);
	if (ptot - pool.gold)
		EL_VOP(g, VOP_POOLEND, p->active, 0, 1, m->at_roll);
	return 0;
}

/* A shortage of influence cards: the discards go back into the
 * deck and every seat gives up half its influence cards, as the record's
 * halve lists.  Rejects with halve-count, discard-cards.  Never inlined:
 * a rare branch, and inside play() its registers cost the common turn
 * spills (2 instructions a turn). */
static __attribute__((noinline)) int halve_hands(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	for (int k = 0; k < NINFL; k++) {
		p->deck[k] = (int16_t)(p->deck[k] + p->disc[k]);
		p->disc[k] = 0;
	}
	EL_VOP(g, VOP_MERGE, p->active, 0, 1, m->at_roll);
	for (unsigned s = 0; s < g->nseats; s++) {
		el_seat *ps = &p->seat[s];
		int hn = el_hand_infl(ps), h = g->opt.halve_up ? (hn + 1) / 2 : hn / 2;
		bool set = m->halve_set & (1u << s);
		if (!h) {
			if (set)
				return EL_REFUSE(rej, m->at_halve[s], EL_R_HALVE_COUNT,
						 "%s gives up no influence card in this shortage",
						 el_cname(g, (int)s));
			continue;
		}
		if (!set) {
			if (g->open && (g->owe_ok & EL_OWE_HALVE)) {
				g->owed.halve |= (uint8_t)(1u << s);
				continue;
			}
			return EL_REFUSE(
				rej, m->has_halve ? m->at_end : m->at_roll, EL_R_HALVE_COUNT,
				"the influence cards run short: %s gives up %d of them (write halve %s=CARDS)",
				el_cname(g, (int)s), h, el_cname(g, (int)s));
		}
		const el_cards *c = &m->halve[s];
		if (c->infl[0] + c->infl[1] + c->infl[2] + c->unseen != h)
			return EL_REFUSE(rej, m->at_halve[s], EL_R_HALVE_COUNT,
					 "%s gives up half of %d influence cards, that is %d",
					 el_cname(g, (int)s), hn, h);
		if (g->view != EL_NOVIEW) {
			ps->infl[0] = (int16_t)(ps->infl[0] - h);
			p->deck[0] = (int16_t)(p->deck[0] + h);
			for (int k = 0; k <= NINFL; k++)
				EL_VOP(g, VOP_HALVE, (int)s, k, k < NINFL ? c->infl[k] : c->unseen,
				       m->at_halve[s]);
			continue;
		}
		for (int k = 0; k < NINFL; k++) {
			if (c->infl[k] > ps->infl[k])
				return EL_REFUSE(rej, m->at_halve[s], EL_R_DISCARD_CARDS,
						 "%s holds only %d %s influence card%s",
						 el_cname(g, (int)s), ps->infl[k], el_infl_names[k],
						 ps->infl[k] == 1 ? "" : "s");
			ps->infl[k] = (int16_t)(ps->infl[k] - c->infl[k]);
			p->deck[k] = (int16_t)(p->deck[k] + c->infl[k]);
		}
	}
	return 0;
}

/* The income draws, seat by seat from the active one, idue[s] cards each.
 * Rejects with view-unseen, draw-colour. */
static int draw_income(el_game *g, const el_move *m, const uint8_t *idue, arb_reject *rej)
{
	el_pos *p = &g->pos;
	int k = 0;
	memcpy(g->inc_due, idue, EL_SEATS); /* whose each draw is: view_write.c */
	for (unsigned j = 0; j < g->nseats; j++) {
		int s = (p->active + (int)j) % (int)g->nseats;
		for (int e = k + idue[s]; k < e; k++) { /* e: idue[s] read once */
			int c = m->inc[k];
			if (c == EL_U && s == g->view)
				return EL_REFUSE(
					rej, m->at_inc, EL_R_VIEW_UNSEEN,
					"card %d of the income draws is %s's, and %s's view sees "
					"it: name it, not '?'",
					k + 1, el_cname(g, s), el_cname(g, s));
			if (el_draw_infl(g, c) < 0)
				return EL_REFUSE(
					rej, m->at_inc, EL_R_DRAW_COLOUR,
					"card %d of the income draws: the influence deck holds no %s card now",
					k + 1, el_infl_names[c]);
			p->seat[s].infl[EL_CI(g, c)]++;
			EL_VOP(g, VOP_DRAW, s, c, 1, m->at_inc);
		}
	}
	return 0;
}

static int income(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int y = p->ship;
	const uint8_t *gdue = p->row_inc[y][0], *idue = p->row_inc[y][1];
	/* Each kind's 4 counts summed in one multiply: a row touches at most
	 * 9 buildings, so no sum carries out of its byte. */
	uint32_t gw, iw;
	memcpy(&gw, gdue, 4);
	memcpy(&iw, idue, 4);
	int G = (int)((gw * 0x01010101u) >> 24), I = (int)((iw * 0x01010101u) >> 24);
	/* The bank and the cards left are never negative: nothing due, no
	 * shortage, without counting them. */
	bool gshort = G > 0 && G > el_bank_gold(g), ishort = I > 0 && I > el_infl_available(g);
	if (m->has_halve && !ishort)
		return EL_REFUSE(
			rej, m->at_halve[__builtin_ctz(m->halve_set)], EL_R_HALVE_COUNT,
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
			return EL_REFUSE(
				rej, m->at_inc, EL_R_DRAW_COUNT,
				"the influence cards run short (%d due, %d left): nobody draws this roll",
				I, el_infl_available(g));
		return halve_hands(g, m, rej);
	}
	if (m->ninc != I) {
		if (g->open && !m->has_inc && (g->owe_ok & EL_OWE_INCOME)) {
			g->owed.income = (uint8_t)I;
			return 0;
		}
		return EL_REFUSE(
			rej, m->has_inc ? m->at_inc : m->at_roll, EL_R_DRAW_COUNT,
			"row %u pays %d influence card%s: the record must list %s drawn (like +rb), not %d",
			g->d->rownum[y], I, I == 1 ? "" : "s",
			I == 1 ? "the colour" : "the colours", m->ninc);
	}
	if (!I)
		return 0;
	return draw_income(g, m, idue, rej);
}

static int roll(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const el_data *d = g->d;
	int target;
	if (m->roll == 7) {
		if (m->ship < 0)
			return EL_REFUSE(
				rej, m->at_roll, EL_R_SHIP_TARGET,
				"on a 7 the pirate ship goes to a row of the roller's choice: write 7>ROW");
		if (m->ship == p->ship)
			return EL_REFUSE(rej, m->at_roll, EL_R_SHIP_MUST_MOVE,
					 "the pirate ship must leave row %u", d->rownum[p->ship]);
		target = m->ship;
	} else {
		int r = m->roll <= 6 ? m->roll - 2 : m->roll - 3;
		if (r != p->ship) {
			if (m->ship >= 0 && m->ship != r)
				return EL_REFUSE(rej, m->at_roll, EL_R_SHIP_TARGET,
						 "a roll of %u sends the ship to row %u", m->roll,
						 m->roll);
			target = r;
		} else {
			if (m->ship < 0)
				return EL_REFUSE(
					rej, m->at_roll, EL_R_SHIP_MUST_MOVE,
					"the ship is already on row %u: it moves 2 rows up or down (write %u>ROW)",
					m->roll, m->roll);
			if (m->ship != r - 2 && m->ship != r + 2)
				return EL_REFUSE(
					rej, m->at_roll, EL_R_SHIP_MUST_MOVE,
					"the ship on row %u moves exactly 2 rows up or down, not to row %u",
					m->roll, d->rownum[m->ship]);
			target = m->ship;
		}
	}
	p->ship = (int8_t)target;
	if (m->roll == 7) {
		if (m->has_inc || m->has_halve)
			return EL_REFUSE(rej,
					 m->has_inc ? m->at_inc
						    : m->at_halve[__builtin_ctz(m->halve_set)],
					 EL_R_DRAW_COUNT, "the pirate row pays no income");
		return pirates(g, m, rej);
	}
	if (m->has_disc || m->has_loot)
		return EL_REFUSE(rej,
				 m->has_disc ? m->at_disc[__builtin_ctz(m->disc_set)] : m->at_loot,
				 EL_R_PIRATE_DISCARD, "only a roll of 7 brings the pirates");
	return income(g, m, rej);
}

/* ------------------------------------------------- phases 3 and 4 */

static int permit_phase(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	if (m->p3 == 0) {
		if (g->open && (g->owe_ok & EL_OWE_PHASE3))
			return 0;
		return EL_REFUSE(
			rej, m->at_end, EL_R_PHASE_THREE,
			"every turn takes 2 gold or places a permit (write gold or permit VALUE SQUARE)");
	}
	if (m->p3 == 1) {
		int bank = el_bank_gold(g), n = bank < 2 ? bank : 2;
		ps->gold = (int16_t)(ps->gold + n);
		return 0;
	}
	int v = m->p3v, x = m->p3x, y = m->p3y;
	if (!(ps->permits & (1u << v)))
		return EL_REFUSE(rej, m->at_p3, EL_R_PERMIT_SUPPLY,
				 "permit %d of %s is not in its supply", v, el_cname(g, me));
	if (!el_empty_sq(g, x, y))
		return EL_REFUSE(rej, m->at_p3sq, EL_R_PERMIT_SQUARE,
				 "%s is not an empty square of the building area", el_sq(g, x, y));
	if (m->p3fee >= 0) {
		if (g->view != EL_NOVIEW && ps->infl[0] < 2)
			return el_few_cards(g, me, 2, m->at_p3fee, rej);
		if (g->view == EL_NOVIEW && ps->infl[m->p3fee] < 2)
			return EL_REFUSE(rej, m->at_p3fee, EL_R_NOT_ENOUGH_INFLUENCE,
					 "%s holds %d %s influence card%s, not 2", el_cname(g, me),
					 ps->infl[m->p3fee], el_infl_names[m->p3fee],
					 ps->infl[m->p3fee] == 1 ? "" : "s");
	} else if (y != p->ship) {
		int r = g->d->rownum[p->ship];
		if (row_has_empty(g, p->ship))
			return EL_REFUSE(
				rej, m->at_p3sq, EL_R_PERMIT_ROW,
				"the permit goes in the ship's row %d, which has empty squares (or pay 2 influence cards of one colour)",
				r);
		if (y != p->ship - 1 && y != p->ship + 1)
			return EL_REFUSE(
				rej, m->at_p3sq, EL_R_PERMIT_ROW,
				"row %d is full, so the permit goes in the row just above or below it (or pay 2 influence cards of one colour)",
				r);
	}
	if (ps->gold < v)
		return EL_REFUSE(rej, m->at_p3, EL_R_NOT_ENOUGH_GOLD,
				 "permit %d costs %d gold, and %s holds %d", v, v, el_cname(g, me),
				 ps->gold);
	ps->gold = (int16_t)(ps->gold - v);
	if (m->p3fee >= 0) {
		el_pay_infl(g, me, m->p3fee, 2);
		EL_VOP(g, VOP_PAY, me, m->p3fee, 2, m->at_p3fee);
	}
	ps->permits &= (uint8_t) ~(1u << v);
	el_set_sq(g, p->permit, x, y, (int8_t)(me * 8 + v));
	return 0;
}

static int special(el_game *g, const el_move *m, arb_reject *rej)
{
	el_pos *p = &g->pos;
	const int me = p->active;
	el_seat *ps = &p->seat[me];
	if (m->sp == SP_NONE)
		return 0;
	if (g->view != EL_NOVIEW) {
		int need = m->sp == SP_CASH || m->sp == SP_PLACE ? 3 : 2;
		if (ps->infl[0] < need)
			return el_few_cards(g, me, need, need == 3 ? m->at_sp : m->at_spfee, rej);
		if (m->sp == SP_CASH || m->sp == SP_PLACE)
			for (int k = 0; k < NINFL; k++)
				EL_VOP(g, VOP_PAY, me, k, 1, m->at_sp);
		else
			EL_VOP(g, VOP_PAY, me, m->spfee, 2, m->at_spfee);
	} else if (m->sp == SP_CASH || m->sp == SP_PLACE) {
		for (int k = 0; k < NINFL; k++)
			if (ps->infl[k] < 1)
				return EL_REFUSE(
					rej, m->at_sp, EL_R_NOT_ENOUGH_INFLUENCE,
					"%s costs one influence card of each colour, and %s holds no %s one",
					m->sp == SP_CASH ? "cash" : "place", el_cname(g, me),
					el_infl_names[k]);
	} else if (ps->infl[m->spfee] < 2) {
		return EL_REFUSE(rej, m->at_spfee, EL_R_NOT_ENOUGH_INFLUENCE,
				 "%s holds %d %s influence card%s, not 2", el_cname(g, me),
				 ps->infl[m->spfee], el_infl_names[m->spfee],
				 ps->infl[m->spfee] == 1 ? "" : "s");
	}
	int pm = -1;
	if (m->sp == SP_MOVE || m->sp == SP_RAISE) {
		pm = p->permit[m->spy][m->spx];
		if (pm < 0 || (pm >> 3) != me)
			return EL_REFUSE(rej, m->at_sp, EL_R_SPECIAL_PERMIT,
					 "%s holds no permit of %s", el_sq(g, m->spx, m->spy),
					 el_cname(g, me));
	}
	switch (m->sp) {
	case SP_MOVE:
		if (!el_empty_sq(g, m->spx2, m->spy2))
			return EL_REFUSE(rej, m->at_sp2, EL_R_PERMIT_SQUARE,
					 "%s is not an empty square of the building area",
					 el_sq(g, m->spx2, m->spy2));
		el_set_sq(g, p->permit, m->spx, m->spy, -1);
		el_set_sq(g, p->permit, m->spx2, m->spy2, (int8_t)pm);
		el_pay_infl(g, me, m->spfee, 2);
		return 0;
	case SP_RAISE: {
		int w = pm & 7;
		if (m->spv <= w || !(ps->permits & (1u << m->spv)))
			return EL_REFUSE(
				rej, m->at_sp2, EL_R_PERMIT_SUPPLY,
				"the permit at %s is worth %d: %s raises it to a higher one from its supply",
				el_sq(g, m->spx, m->spy), w, el_cname(g, me));
		if (ps->gold < m->spv - w)
			return EL_REFUSE(rej, m->at_sp, EL_R_NOT_ENOUGH_GOLD,
					 "raising %d to %d costs %d gold, and %s holds %d", w,
					 m->spv, m->spv - w, el_cname(g, me), ps->gold);
		ps->gold = (int16_t)(ps->gold - (m->spv - w));
		ps->permits = (uint8_t)((ps->permits | (1u << w)) & ~(1u << m->spv));
		el_set_sq(g, p->permit, m->spx, m->spy, (int8_t)(me * 8 + m->spv));
		el_pay_infl(g, me, m->spfee, 2);
		return 0;
	}
	case SP_PLACE:
		if (!(ps->permits & (1u << m->spv)))
			return EL_REFUSE(rej, m->at_sp, EL_R_PERMIT_SUPPLY,
					 "permit %d of %s is not in its supply", m->spv,
					 el_cname(g, me));
		if (!el_empty_sq(g, m->spx, m->spy))
			return EL_REFUSE(rej, m->at_sp2, EL_R_PERMIT_SQUARE,
					 "%s is not an empty square of the building area",
					 el_sq(g, m->spx, m->spy));
		if (ps->gold < m->spv)
			return EL_REFUSE(rej, m->at_sp, EL_R_NOT_ENOUGH_GOLD,
					 "permit %d costs %d gold, and %s holds %d", m->spv, m->spv,
					 el_cname(g, me), ps->gold);
		ps->gold = (int16_t)(ps->gold - m->spv);
		ps->permits &= (uint8_t) ~(1u << m->spv);
		el_set_sq(g, p->permit, m->spx, m->spy, (int8_t)(me * 8 + m->spv));
		for (int k = 0; k < NINFL; k++)
			el_pay_infl(g, me, k, 1);
		return 0;
	case SP_CASH: {
		for (int k = 0; k < NINFL; k++)
			el_pay_infl(g, me, k, 1);
		int bank = el_bank_gold(g);
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
		return EL_REFUSE(rej, m->at_seat, EL_R_GAME_OVER, "the game is over");
	if (g->no_hands)
		return EL_REFUSE(
			rej, m->at_seat, EL_R_HANDS,
			"the record needs a Hands tag with each seat's starting influence card, like [Hands \"Red=r Blue=g\"]");
	if (m->seat != p->active)
		return EL_REFUSE(rej, m->at_seat, EL_R_WRONG_TURN, "it is %s's turn, not %s's",
				 el_cname(g, p->active), el_cname(g, m->seat));
	if (roll(g, m, rej) < 0)
		return -1;
	for (int k = 0; k < m->nbuild; k++) {
		const el_build *b = &m->build[k];
		if (p->over)
			return EL_REFUSE(
				rej, b->at, EL_R_GAME_OVER,
				"%s has all 10 cubes on the board and has won: the turn ends there",
				el_cname(g, p->active));
		int r = b->kind == BK_BUILDING ? el_build_building(g, b, rej)
			: b->kind == BK_WALL   ? el_build_wall(g, b, rej)
					       : el_build_church(g, b, rej);
		if (r < 0)
			return -1;
	}
	if (p->over) {
		if (m->p3 || m->sp)
			return EL_REFUSE(
				rej, m->p3 ? m->at_p3 : m->at_sp, EL_R_GAME_OVER,
				"%s has all 10 cubes on the board and has won: the turn ends there",
				el_cname(g, p->active));
		return 0;
	}
	if (permit_phase(g, m, rej) < 0 || special(g, m, rej) < 0)
		return -1;
	return 0;
}

int el_apply(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	el_game *g = game;
	const el_move *m = move;
	undo_begin(g);
	g->listening = sink != NULL;
	g->nev = 0;
	g->vop_full = false;
	if (play(g, m, rej) < 0 || (g->view != EL_NOVIEW && el_view_commit(g, rej) < 0)) {
		undo_turn(g);
		g->nev = 0;
		g->nvop = 0;
		g->vop_full = false;
		return -1;
	}
	g->pos.turns++;
	if (!g->pos.over)
		g->pos.active = g->next_seat[g->pos.active];
	if (g->nev) { /* none without a sink (check): no call */
		arb_sink_events(sink, g->ev, g->nev);
		g->nev = 0;
	}
	return 0;
}

/* el_play_open (elasund.h): el_apply but for the turn passing on. */
int el_play_open(el_game *g, const el_move *m, const arb_sink *sink, arb_reject *rej)
{
	undo_begin(g);
	g->listening = sink != NULL;
	g->nev = 0;
	g->open = true;
	g->vop_full = false;
	int rc = play(g, m, rej);
	g->open = false;
	if (rc < 0 || el_view_commit(g, rej) < 0) {
		undo_turn(g);
		g->nev = 0;
		g->nvop = 0;
		g->vop_full = false;
		return -1;
	}
	arb_sink_events(sink, g->ev, g->nev);
	g->nev = 0;
	return 0;
}

bool el_over(const void *game)
{
	return ((const el_game *)game)->pos.over;
}
