/*
 * test_rules.c — unit tests of the Elasund engine: every rule once kept
 * and once broken, the rulebook's worked examples, and a brute-force
 * recount of the cubes against the engine's counters.
 *
 * The tests play turn lines through the one engine harness
 * (tests/games/engine_test.h, with elasund_test.h: every accepted line is
 * followed by position_ok, every line's canonical form must round-trip,
 * a refused one must change nothing).  To reach a rule's situation
 * quickly, a test may arrange the position by hand through the engine's
 * private struct (elasund.h): tiles, permits and hands.  Each arranged
 * position is a legal one, but for the few that et_unchecked() marks.
 */
#include "elasund_test.h"

static void put_permit(tg_game *t, int seat, int v, const char *s)
{
	int x, y;
	tg_xy(s, &x, &y);
	assert_true(t->g->pos.seat[seat].permits & (1u << v));
	t->g->pos.seat[seat].permits &= (uint8_t) ~(1u << v);
	t->g->pos.permit[y][x] = (int8_t)(seat * 8 + v);
}

/* Put a free tile of `type` for `seat` at square s with its cubes. */
static int put_tile(tg_game *t, int type, int seat, const char *s)
{
	el_game *g = t->g;
	int x, y, id = -1;
	tg_xy(s, &x, &y);
	if (type == B_HOUSE || type == B_WORKSHOP)
		id = g->nneutral + 4 * seat + (type == B_HOUSE ? 0 : 1);
	else
		for (int i = 0; i < g->nneutral; i++)
			if (g->pos.tile[i].type == type && !g->pos.tile[i].on) {
				id = i;
				break;
			}
	assert_true(id >= 0);
	el_tile *tl = &g->pos.tile[id];
	const el_btype *bt = &g->d->bt[type];
	tl->owner = (int8_t)seat;
	tl->x = (int8_t)x;
	tl->y = (int8_t)y;
	tl->on = 1;
	tl->cubes = bt->nflags;
	g->pos.seat[seat].cubes = (uint8_t)(g->pos.seat[seat].cubes + bt->nflags);
	for (int dy = 0; dy < bt->h; dy++)
		for (int dx = 0; dx < bt->w; dx++) {
			assert_int_equal(g->pos.bld[y + dy][x + dx], -1);
			g->pos.bld[y + dy][x + dx] = (int8_t)id;
		}
	el_row_income(&g->pos, tl, bt, 1);
	return id;
}

static int tile_at(tg_game *t, const char *s)
{
	int x, y;
	tg_xy(s, &x, &y);
	return t->g->pos.bld[y][x];
}

static int permit_at(tg_game *t, const char *s)
{
	int x, y;
	tg_xy(s, &x, &y);
	return t->g->pos.permit[y][x];
}

/* Give a seat cards from the bank/deck (keeps the card count exact). */
static void give(tg_game *t, int seat, int gold, int r, int b, int gr)
{
	el_pos *p = &t->g->pos;
	int v[3] = { r, b, gr };
	p->seat[seat].gold = (int16_t)(p->seat[seat].gold + gold);
	for (int k = 0; k < 3; k++) {
		assert_true(p->deck[k] >= v[k]);
		p->deck[k] = (int16_t)(p->deck[k] - v[k]);
		p->seat[seat].infl[k] = (int16_t)(p->seat[seat].infl[k] + v[k]);
	}
}

/* Brute-force recount of every seat's cubes from what is on the board. */
static void recount(tg_game *t)
{
	el_game *g = t->g;
	for (unsigned s = 0; s < g->nseats; s++) {
		int n = 0;
		for (int i = 0; i < g->nneutral; i++)
			if (g->pos.tile[i].on && g->pos.tile[i].owner == (int)s)
				n += g->pos.tile[i].cubes;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < EL_W; x++)
				if (g->pos.church[y][x] >= 0 &&
				    g->pos.church_owner[g->pos.church[y][x]] == (int)s)
					n++;
		for (int li = 0; li < 3; li++)
			for (int k = 0; k < EL_MAXWALL; k++)
				if (g->pos.wall[li][k] == s + 1 + 16)
					n++;
		for (int f = 0; f < 16; f++)
			if (g->pos.seat[s].flags & (1u << f))
				n++;
		arb_standing st;
		OPS->standing(g, &st);
		assert_int_equal(st.score[s], n);
	}
}

/* ------------------------------------------------------------ the tests */

static void test_data(void **state)
{
	(void)state;
	const el_data *d = et_shared_data;
	assert_int_equal(d->rownum[5], 8);
	assert_int_equal(d->layout[2].cols, 9);
	assert_int_equal(d->layout[0].cols, 5);
	assert_int_equal(d->bt[B_LARGE].size, 6);
	assert_int_equal(d->bt[B_TAVERN].permits, 2);
	assert_int_equal(d->wall[2], W_TOWER);
	assert_int_equal(d->flagcap[3], 4);
	assert_int_equal(d->cards[0][0], 51);
	int x, y;
	tg_xy("3,8", &x, &y);
	assert_int_equal(d->found_x, x);
	assert_int_equal(d->found_y, y);
	assert_int_equal(d->layout[1].mills[0][5], 2); /* 6,2 in 3p */
	assert_int_equal(d->layout[2].mills[9][7], 2); /* 8,12 in 4p */
	assert_int_equal(d->layout[2].mills[4][0], 1);
}

static void test_create(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	assert_int_equal(t.g->pos.seat[0].gold, 3);
	assert_int_equal(t.g->pos.seat[0].infl[IR], 1);
	assert_int_equal(t.g->pos.seat[1].infl[IG], 1);
	assert_int_equal(t.g->pos.deck[IR], 12);
	assert_true(tile_at(&t, "4,4") >= 0); /* red hut */
	assert_int_equal(tile_at(&t, "5,8"), tile_at(&t, "5,9"));
	assert_true(tile_at(&t, "5,8") >= 0);
	recount(&t);
	et_end(&t.et);

	/* Bad options and Hands are refused at create time. */
	assert_int_equal(tg_try_start(&t, "RB", "Red=r", NULL, NULL), -1);
	assert_string_equal(t.et.rej.rule, "hands");
	assert_int_equal(tg_try_start(&t, "RB", "Red=r Blue=x", NULL, NULL), -1);
	assert_string_equal(t.et.rej.rule, "hands");
	assert_int_equal(tg_try_start(&t, "RB", "Red=r Blue=b", "speed=fast", NULL), -1);
	assert_string_equal(t.et.rej.rule, "unknown-option");
	assert_int_equal(tg_try_start(&t, "RB", "Red=r Blue=b", "walls=sideways", NULL), -1);
	assert_string_equal(t.et.rej.rule, "bad-option");
	tg_game t2;
	assert_int_equal(tg_try_start(&t2, "RB", NULL, NULL, NULL), 0);
	assert_non_null(t2.g); /* drawable (dump --labels), not playable */
	et_bad(&t2.et, "Red 5 gold", "hands", 0, NULL);
	et_end(&t2.et);
}

static void test_syntax(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	et_bad(&t.et, "Purple 5 gold", "unknown-colour", 0, NULL);
	et_bad(&t.et, "Yellow 5 gold", "not-seated", 0, NULL);
	et_bad(&t.et, "Red 13 gold", "syntax", 0, NULL);
	et_bad(&t.et, "Red 5 frobnicate", "syntax", 0, NULL);
	et_bad(&t.et, "Red 5 gold build well 1,2", "item-order", 0, NULL);
	et_bad(&t.et, "Red 5 build well 1,2 build well 1,3 build well 1,4", "build-limit", 0, NULL);
	et_bad(&t.et, "Red 5 build hut 1,2 gold", "hut-build", 0, NULL);
	et_bad(&t.et, "Red 5 build well 1,7 gold", "syntax", 0, NULL); /* no row 7 */
	et_bad(&t.et, "Blue 5 gold", "turn-order", 0, NULL);
	et_bad(&t.et, "Red 5", "phase-three", 0, NULL);
	et_end(&t.et);
}

/* The ship: it goes to the rolled row; on a repeat it moves 2 rows; a 7
 * sends it anywhere else (rulebook: the ship on 3 rolling 3 goes to 5). */
static void test_ship(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	et_ok(&t.et, "Red 3 gold");
	assert_int_equal(t.g->pos.ship, 1);
	et_bad(&t.et, "Blue 3 gold", "ship-must-move", 0, NULL);
	et_bad(&t.et, "Blue 3>4 gold", "ship-must-move", 0, NULL);
	et_bad(&t.et, "Blue 4>5 gold", "ship-target", 0, NULL);
	et_ok(&t.et, "Blue 3>5 gold"); /* the rulebook example */
	assert_int_equal(t.g->pos.ship, 3);
	et_bad(&t.et, "Red 7 gold", "ship-target", 0, NULL);
	et_bad(&t.et, "Red 7>5 gold", "ship-must-move", 0, NULL);
	et_ok(&t.et, "Red 7>12 gold");
	/* From 6 a repeat goes to 9 or 4: the missing 7 is not a row. */
	et_ok(&t.et, "Blue 6 gold");
	et_bad(&t.et, "Red 6>8 gold", "ship-must-move", 0, NULL);
	et_ok(&t.et, "Red 6>9 gold");
	assert_int_equal(t.g->pos.ship, 6);
	et_end(&t.et);
}

/* Income: every building at least partly in the ship's row pays its
 * owner; influence draws are listed in turn order from the roller. */
static void test_income(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	/* Row 8: red long hut (5,8-9) pays 1 gold, blue long hut (2,8-9) 1 gold. */
	et_ok(&t.et, "Red 8 gold");
	assert_int_equal(t.g->pos.seat[0].gold, 3 + 1 + 2);
	assert_int_equal(t.g->pos.seat[1].gold, 3 + 1);
	/* Row 4: both small huts pay influence. */
	et_bad(&t.et, "Blue 4 gold", "draw-count", 0, NULL);
	et_bad(&t.et, "Blue 4 +r gold", "draw-count", 0, NULL);
	et_bad(&t.et, "Blue 4 +rbg gold", "draw-count", 0, NULL);
	et_ok(&t.et, "Blue 4 +rb gold");
	/* Blue rolled, so Blue draws first: r to Blue, b to Red. */
	assert_int_equal(t.g->pos.seat[1].infl[IR], 1);
	assert_int_equal(t.g->pos.seat[0].infl[IB], 1);
	/* A colour the deck no longer holds is refused. */
	t.g->pos.disc[IG] = (int16_t)(t.g->pos.disc[IG] + t.g->pos.deck[IG]);
	t.g->pos.deck[IG] = 0;
	et_ok(&t.et, "Red 3 gold");
	et_bad(&t.et, "Blue 4 +gr gold", "draw-colour", 0, NULL);
	et_ok(&t.et, "Blue 4 +rr gold");
	et_end(&t.et);
}

static void test_pirates(void **state)
{
	(void)state;
	tg_game t;
	/* Rulebook: Green rolls 7 and sends the pirates to row 5; Red has 3
	 * cubes there and discards 3 cards, Blue has 1 and discards 1. */
	tg_start(&t, "RBGY", "Red=r Blue=b Green=g Yellow=r", NULL);
	put_tile(&t, B_WELL, 0, "6,5");
	put_tile(&t, B_MARKET, 0, "6,3"); /* cube in row 3: not counted */
	put_tile(&t, B_LARGE, 0, "8,4");  /* cubes in rows 4 and 5 */
	put_tile(&t, B_WELL, 0, "7,5");
	put_tile(&t, B_MARKET, 1, "3,5");
	t.g->pos.active = 2;
	int cubes[EL_SEATS];
	/* Row 5 is index 3. */
	give(&t, 0, 0, 1, 1, 0);
	et_bad(&t.et, "Green 7>5 gold", "pirate-discard", 0, NULL);
	et_bad(&t.et, "Green 7>5 discard Red=3 gold", "pirate-discard", 0, NULL);
	et_bad(&t.et, "Green 7>5 discard Red=2 Blue=1 gold", "pirate-discard", 0, NULL);
	et_bad(&t.et, "Green 7>5 discard Red=rrr Blue=1 gold", "discard-cards", 0, NULL);
	et_bad(&t.et, "Green 7>5 discard Red=1rb Blue=1 Green=1 gold", "pirate-discard", 0, NULL);
	et_bad(&t.et, "Green 7>5 discard Red=1rb Blue=1 loot 1 gold", "loot-count", 0, NULL);
	et_ok(&t.et, "Green 7>5 discard Red=1rb Blue=1 gold");
	(void)cubes;
	assert_int_equal(t.g->pos.seat[0].gold, 2);
	assert_int_equal(t.g->pos.seat[0].infl[IR], 1);
	assert_int_equal(t.g->pos.seat[1].gold, 2);
	assert_int_equal(t.g->pos.disc[IR], 1);
	et_end(&t.et);

	/* A tower earns loot from the discards; too few cards: all of them. */
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	put_tile(&t, B_WELL, 1, "3,5");
	put_tile(&t, B_WELL, 1, "5,5");
	t.g->pos.wall[LINE_N][0] = 1 + 16; /* a red tower on N4 */
	t.g->pos.seat[0].cubes++;
	t.g->pos.seat[0].walls = 3;
	t.g->pos.seat[1].gold = 0;
	et_bad(&t.et, "Red 7>5 discard Blue=bb gold", "pirate-discard", 0, NULL);
	et_bad(&t.et, "Red 7>5 discard Blue=g gold", "discard-cards", 0, NULL);
	et_bad(&t.et, "Red 7>5 discard Blue=b gold", "loot-count", 0, NULL);
	et_bad(&t.et, "Red 7>5 discard Blue=b loot 1 gold", "loot-cards", 0, NULL);
	et_ok(&t.et, "Red 7>5 discard Blue=b loot b gold");
	assert_int_equal(t.g->pos.seat[0].infl[IB], 1);
	assert_int_equal(t.g->pos.seat[1].infl[IB], 0);
	recount(&t);
	et_end(&t.et);
}

static void test_shortage(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	/* Leave 1 influence card in deck and discards: row 4 needs 2. */
	give(&t, 0, 0, 12, 6, 6);
	give(&t, 1, 0, 0, 6, 6);
	assert_int_equal(t.g->pos.deck[0] + t.g->pos.deck[1] + t.g->pos.deck[2], 1);
	et_bad(&t.et, "Red 4 +rb gold", "draw-count", 0, NULL);
	et_bad(&t.et, "Red 4 gold", "halve-count", 0, NULL);
	et_bad(&t.et, "Red 4 halve Red=rrrrrrrrrrr Blue=bbbggg gold", "halve-count", 0, NULL);
	et_bad(&t.et, "Red 4 halve Red=rrrrrbbbbbbb Blue=bbbggg gold", "discard-cards", 0, NULL);
	et_bad(&t.et, "Red 4 halve Red=rrrrrrrrrrrr gold", "halve-count", 0, NULL);
	et_ok(&t.et, "Red 4 halve Red=rrrrrrrrrrrr Blue=bbbggg gold");
	assert_int_equal(t.g->pos.seat[0].infl[IR], 1);
	assert_int_equal(t.g->pos.deck[0] + t.g->pos.deck[1] + t.g->pos.deck[2], 1 + 12 + 6);
	/* No shortage: a halve item is refused. */
	et_bad(&t.et, "Blue 8 halve Red=rrrr gold", "halve-count", 0, NULL);
	et_end(&t.et);

	/* Gold: the bank cannot pay: nobody gets gold, everyone halves. */
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	t.g->pos.seat[0].gold = 30;
	t.g->pos.seat[1].gold = 21; /* bank empty */
	et_ok(&t.et, "Red 8 gold");
	assert_int_equal(t.g->pos.seat[0].gold, 15 + 2);
	assert_int_equal(t.g->pos.seat[1].gold, 11);
	et_end(&t.et);
}

static void test_permit_rules(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	et_bad(&t.et, "Red 5 permit 2 1,6", "permit-row", 0, NULL);
	et_bad(&t.et, "Red 5 permit 4 1,5", "not-enough-gold", 0, NULL);
	et_bad(&t.et, "Red 5 permit 2 9,5", "permit-square", 0, NULL); /* outside the 2p area */
	et_ok(&t.et, "Red 5 permit 2 1,5");
	assert_int_equal(t.g->pos.seat[0].gold, 1);
	assert_int_equal(permit_at(&t, "1,5"), 0 * 8 + 2);
	et_bad(&t.et, "Blue 3 permit 2 1,5", "permit-square", 0, NULL);
	et_bad(&t.et, "Blue 3 permit 3 3,8", "permit-square", 0, NULL); /* the church foundation */
	et_ok(&t.et, "Blue 3 permit 0 3,3");
	et_bad(&t.et, "Red 4 +rb permit 2 1,2", "permit-supply", 0, NULL);
	/* Paying 2 influence of one colour places it in any row. */
	give(&t, 0, 0, 2, 0, 0);
	et_bad(&t.et, "Red 4 +rb permit 1 1,2 2b", "not-enough-influence", 0, NULL);
	et_ok(&t.et, "Red 4 +rb permit 1 1,2 2r");
	assert_int_equal(t.g->pos.seat[0].infl[IR], 2);
	/* A full row sends the permit to a neighbouring row: fill row 2. */
	for (int x = 0; x < 5; x++)
		if (t.g->pos.bld[0][x] < 0 && t.g->pos.permit[0][x] < 0)
			t.g->pos.permit[0][x] = 8; /* filler permits */
	et_bad(&t.et, "Blue 2 permit 1 2,4", "permit-row", 0, NULL);
	et_ok(&t.et, "Blue 2 permit 1 2,3");
	et_bad(&t.et, "Red 3 permit 3 5,12", "permit-row", 0, NULL);
	et_end(&t.et);
}

/* Building: permits, majority, compensation, overbuilding. */

static void test_building_rules(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RBY", "Red=r Blue=b Yellow=g", NULL);
	give(&t, 0, 17, 0, 0, 0); /* 20 gold */
	put_permit(&t, 0, 0, "7,3");
	et_bad(&t.et, "Red 3 build well 8,3 gold", "outside-area", 0, NULL);
	et_bad(&t.et, "Red 3 build well 6,3 gold", "permit-count", 0, NULL);
	et_bad(&t.et, "Red 3 build tavern 6,2 gold", "permit-count", 0, NULL);
	/* A lone 0 beats no permit. */
	et_ok(&t.et, "Red 3 build well 7,3 gold");
	assert_int_equal(t.g->pos.seat[0].gold, 15 + 2);
	assert_true(t.g->pos.seat[0].permits & 1);
	assert_int_equal(t.g->pos.seat[0].cubes, 1);
	recount(&t);
	/* Tie: nobody builds. */
	put_permit(&t, 0, 2, "6,9");
	put_permit(&t, 1, 2, "7,9");
	t.g->pos.active = 0;
	et_bad(&t.et, "Red 9 build market 6,9 gold", "permit-majority", 0, NULL);
	put_permit(&t, 0, 1, "6,10");
	put_permit(&t, 2, 4, "7,10");
	et_bad(&t.et, "Red 9 build tavern 6,9 gold", "permit-majority", 0, NULL); /* 3 vs 4 */
	/* The church foundation and the wall line are no building ground. */
	put_permit(&t, 0, 3, "2,8");
	et_bad(&t.et, "Red 9 build tavern 2,8 gold", "church-site", 0, NULL);
	et_end(&t.et);

	/* Rulebook: Red builds a trade office over yellow's building, pays 2
	 * and 2 compensation and 5 to the bank; all permits go home. */
	tg_start(&t, "RBY", "Red=r Blue=b Yellow=g", NULL);
	give(&t, 0, 7, 0, 0, 0); /* 10 gold */
	put_permit(&t, 0, 4, "4,11");
	put_permit(&t, 1, 2, "3,11");
	put_permit(&t, 2, 2, "4,12");
	put_permit(&t, 0, 0, "3,12");
	/* Yellow's small hut sits at 3,10, inside the footprint 3..4 x 10..12. */
	et_ok(&t.et, "Red 10 +g build large 3,10 hut Yellow 6,6 gold");
	assert_int_equal(t.g->pos.seat[0].gold, 1 + 2);
	assert_int_equal(t.g->pos.seat[1].gold, 5);
	assert_int_equal(t.g->pos.seat[2].gold, 5);
	assert_int_equal(t.g->pos.seat[0].permits, 0x1f);
	assert_int_equal(t.g->pos.seat[1].permits, 0x1f);
	assert_int_equal(t.g->pos.seat[0].cubes, 2);
	assert_true(tile_at(&t, "6,6") >= 0);
	recount(&t);
	assert_int_equal(et_delta(&t.et, 0), 2);
	et_end(&t.et);
}

/* Same size: 3 influence cards of one colour; larger: never. */
static void test_overbuild(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RBY", "Red=r Blue=b Yellow=g", NULL);
	/* Rulebook: Yellow builds a tavern over Red's and Blue's markets?  The
	 * example has a tavern over red and blue buildings of the same size. */
	put_tile(&t, B_TAVERN, 0, "6,2");
	put_tile(&t, B_MERCHANT, 1, "6,4");
	t.g->pos.active = 2;
	give(&t, 2, 5, 0, 0, 3);
	put_permit(&t, 2, 3, "6,3");
	put_permit(&t, 0, 1, "7,3");
	et_bad(&t.et, "Yellow 3 +r build tavern 6,3 gold", "same-size-fee", 0, NULL);
	et_bad(&t.et, "Yellow 3 +r build tavern 6,3 3r gold", "not-enough-influence", 0, NULL);
	et_ok(&t.et, "Yellow 3 +r build tavern 6,3 3g gold");
	assert_int_equal(t.g->pos.seat[0].cubes, 0);
	assert_int_equal(t.g->pos.seat[1].cubes, 0);
	assert_int_equal(t.g->pos.seat[2].cubes, 1);
	assert_int_equal(t.g->pos.seat[0].gold, 3 + 1);
	assert_int_equal(t.g->pos.seat[2].gold, 8 - 3 - 1 + 2);
	assert_int_equal(t.g->pos.disc[IG], 3);
	recount(&t);
	assert_string_equal(et_kinds(&t.et), "building-lost building-lost building ");
	et_end(&t.et);
}

static void test_overbuild_rules(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 10, 3, 0, 0);
	put_tile(&t, B_TAVERN, 1, "4,11");
	put_permit(&t, 0, 2, "3,11");
	et_bad(&t.et, "Red 9 build market 3,11 gold", "cover-larger", 0, NULL);
	et_bad(&t.et, "Red 9 build tavern 3,11 gold", "permit-count", 0, NULL);
	put_permit(&t, 0, 1, "3,12");
	et_bad(&t.et, "Red 9 build tavern 3,11 gold", "same-size-fee", 0, NULL);
	et_ok(&t.et, "Red 9 build well 3,11 gold");
	et_bad(&t.et, "Blue 5 build house 2,9 gold", "permit-count", 0, NULL);
	et_end(&t.et);

	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 10, 3, 0, 0);
	put_tile(&t, B_WELL, 1, "1,10");
	put_permit(&t, 0, 2, "2,10");
	et_bad(&t.et, "Red 10 build market 1,10 3r gold", "needless-fee", 0, NULL);
	et_ok(&t.et, "Red 10 build market 1,10 gold");
	assert_int_equal(t.g->pos.seat[1].cubes, 0);
	/* Trade: 1,10 is a trade field: 1 point for red. */
	assert_int_equal(t.g->pos.seat[0].track, 1);
	et_bad(&t.et, "Blue 2 build house 1,2 gold", "permit-count", 0, NULL);
	et_end(&t.et);
}

/* Own buildings: one of each per colour. */
static void test_own(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	put_permit(&t, 0, 0, "1,2");
	put_permit(&t, 0, 1, "4,6");
	et_ok(&t.et, "Red 2 build house 1,2 gold");
	assert_int_equal(t.g->pos.seat[0].gold, 3 - 1 + 2);
	assert_int_equal(t.g->pos.seat[0].cubes, 0);
	assert_int_equal(t.g->pos.seat[0].track, 1);
	et_ok(&t.et, "Blue 3 gold");
	et_bad(&t.et, "Red 6 build house 4,6 gold", "none-left", 0, NULL);
	put_permit(&t, 1, 0, "4,11");
	et_end(&t.et);
}

/* Huts: a displaced hut moves to an empty square (no trade field, no
 * permit), builder's first, then clockwise; or leaves the game. */
static void test_huts(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RBGY", "Red=r Blue=b Green=g Yellow=r", NULL);
	give(&t, 0, 10, 0, 0, 0);
	/* Red's large over 2..3 x 3..5? Use a tavern over blue's hut (3,4) and
	 * red's hut (4,4): both 1x1, smaller than a tavern. */
	put_permit(&t, 0, 2, "3,3");
	put_permit(&t, 0, 1, "4,3");
	put_permit(&t, 1, 0, "9,6");
	et_bad(&t.et, "Red 3 build tavern 3,3 gold", "hut-missing", 0, NULL);
	et_bad(&t.et, "Red 3 build tavern 3,3 hut Blue 6,6 hut Red 7,6 gold", "hut-order", 0, NULL);
	et_bad(&t.et, "Red 3 build tavern 3,3 hut Red 1,6 hut Blue 7,6 gold", "hut-square", 0,
	       NULL); /* trade field */
	et_bad(&t.et, "Red 3 build tavern 3,3 hut Red 9,6 hut Blue 7,6 gold", "hut-square", 0,
	       NULL); /* a permit */
	et_bad(&t.et, "Red 3 build tavern 3,3 hut Red 6,6 hut Blue 6,6 gold", "hut-square", 0,
	       NULL); /* taken */
	et_ok(&t.et, "Red 3 build tavern 3,3 hut Red 6,6 hut Blue off gold");
	assert_true(tile_at(&t, "6,6") >= 0);
	assert_int_equal(t.g->pos.tile[t.g->nneutral + 4 + 2].gone, 1);
	recount(&t);
	et_end(&t.et);
}

static void test_walls(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 20, 0, 0, 0);
	et_bad(&t.et, "Red 2 wall N3 gold", "wall-adjacent", 0, NULL);
	et_bad(&t.et, "Red 2 wall N6 gold", "wall-space", 0, NULL); /* 2p: N3, N4 */
	et_bad(&t.et, "Red 2 wall E7 gold", "syntax", 0, NULL);
	et_bad(&t.et, "Red 2 wall N4 gold", "draw-count", 0, NULL);
	et_bad(&t.et, "Red 2 wall N4 +rb gold", "draw-count", 0, NULL);
	/* Rulebook: Yellow pays 2 gold and draws 1 influence, then builds a
	 * second wall and puts a cube on a tower.  Here walls 1 and 2 draw 1
	 * card each, wall 3 is the tower. */
	et_ok(&t.et, "Red 2 wall N4 +b wall N3 +g gold");
	assert_int_equal(t.g->pos.seat[0].gold, 23 - 4 + 2);
	assert_int_equal(t.g->pos.seat[0].walls, 2);
	et_bad(&t.et, "Blue 3 wall N3 gold", "wall-space", 0, NULL);
	et_bad(&t.et, "Blue 3 wall E5 +r gold", "wall-adjacent", 0, NULL);
	et_bad(&t.et, "Blue 3 wall E3 +r gold", "not-enough-gold", 0, NULL);
	et_ok(&t.et, "Blue 3 wall S4 +r gold");
	et_bad(&t.et, "Red 4 wall E3 +r gold", "draw-count", 0, NULL);
	et_ok(&t.et, "Red 4 +rb wall E3 gold");
	assert_int_equal(t.g->pos.seat[0].cubes, 1);
	assert_int_equal(t.g->pos.seat[0].gold, 21 - 4 + 2);
	recount(&t);
	assert_string_equal(et_kinds(&t.et), "tower ");
	give(&t, 1, 10, 0, 0, 0);
	et_bad(&t.et, "Blue 5 wall E11 +r wall E10 +r gold", "draw-count", 0, NULL);
	et_ok(&t.et, "Blue 5 wall E11 +r wall E10 gold");
	assert_int_equal(t.g->pos.seat[1].cubes, 1);
	et_end(&t.et);

	/* walls=blue-first: the east wall waits for the blue spaces. */
	tg_start(&t, "RB", "Red=r Blue=b", "walls=blue-first");
	give(&t, 0, 20, 0, 0, 0);
	et_bad(&t.et, "Red 2 wall E3 +r gold", "wall-order", 0, NULL);
	et_ok(&t.et, "Red 2 wall N4 +r gold");
	et_end(&t.et);
}

static void test_church(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 20, 0, 0, 0);
	give(&t, 1, 20, 0, 0, 0);
	et_bad(&t.et, "Red 2 church 5 gold", "church-first", 0, NULL);
	et_bad(&t.et, "Red 2 church 5/5 gold", "church-tile", 0, NULL);
	/* First tile 5 (the centre) on the foundation 3,8: the church covers
	 * columns 2..4, rows 6..9.  Tile 9 goes under the stack. */
	et_ok(&t.et, "Red 2 church 5/9 gold");
	assert_true(t.g->pos.church[5][2] == 4);
	assert_int_equal(t.g->pos.seat[0].cubes, 1);
	/* Tile 4 goes to 2,8: blue's long hut (2,8-9) is removed, and blue
	 * moves it. */
	et_bad(&t.et, "Blue 3 church 4/1 gold", "church-first", 0, NULL);
	et_bad(&t.et, "Blue 3 church 9 gold", "church-tile", 0, NULL);
	et_bad(&t.et, "Blue 3 church 5 gold", "church-tile", 0, NULL);
	et_bad(&t.et, "Blue 3 church 4 gold", "hut-missing", 0, NULL);
	et_ok(&t.et, "Blue 3 church 4 hut Blue 3,2 gold");
	assert_int_equal(t.g->pos.church[5][1], 3);
	/* A permit under a church tile goes home without compensation;
	 * church tiles are never built over. */
	put_permit(&t, 1, 3, "4,6");
	et_ok(&t.et, "Red 4 +rb church 3 gold");
	assert_true(t.g->pos.seat[1].permits & (1u << 3));
	put_permit(&t, 0, 4, "4,5");
	et_bad(&t.et, "Blue 5 build tavern 4,5 gold", "cover-church", 0, NULL);
	recount(&t);
	et_end(&t.et);
}

static void test_trade(void **state)
{
	(void)state;
	tg_game t;
	/* Rulebook: 5 trade points give 2 flags; losing a 1-point building
	 * takes one back. */
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	t.g->pos.seat[0].track = 4;
	give(&t, 0, 10, 0, 0, 0);
	put_permit(&t, 0, 0, "1,11");
	et_ok(&t.et, "Red 11 build well 1,11 gold");
	assert_int_equal(t.g->pos.seat[0].track, 5);
	/* Red at 5: flags at 3 and 5 were not claimed before (test arranged
	 * the disk); the move from 4 to 5 claims space 5. */
	assert_int_equal(t.g->pos.seat[0].flags, 1u << 5);
	assert_int_equal(t.g->pos.seat[0].cubes, 2);
	/* Blue builds a market over red's well (1,11): red falls back to 4
	 * and takes the flag cube back. */
	give(&t, 1, 10, 0, 0, 0);
	put_permit(&t, 1, 1, "2,11");
	et_ok(&t.et, "Blue 11>9 build market 1,11 gold");
	assert_int_equal(t.g->pos.seat[0].track, 4);
	assert_int_equal(t.g->pos.seat[0].flags, 0);
	assert_int_equal(t.g->pos.seat[0].cubes, 0);
	assert_int_equal(t.g->pos.seat[1].track, 1);
	recount(&t);
	et_end(&t.et);

	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 10, 0, 0, 0);
	t.g->pos.seat[0].track = 1;
	put_permit(&t, 0, 1, "1,11");
	put_permit(&t, 0, 2, "1,12");
	et_bad(&t.et, "Red 11 build large 1,10 gold", "permit-count", 0, NULL);
	put_permit(&t, 0, 0, "2,10");
	et_ok(&t.et, "Red 11 build large 1,10 gold"); /* covers 1,10..1,12: 3 points */
	assert_int_equal(t.g->pos.seat[0].track, 4);
	assert_int_equal(t.g->pos.seat[0].flags, 1u << 3);
	assert_int_equal(t.g->pos.seat[0].cubes, 3);
	recount(&t);
	et_end(&t.et);
}

static void test_special(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 10, 2, 2, 1);
	put_permit(&t, 0, 1, "3,3");
	et_bad(&t.et, "Red 2 gold move 4,3 5,5 2r", "special-permit", 0, NULL);
	et_bad(&t.et, "Red 2 gold move 3,3 1,1 2r", "syntax", 0, NULL);
	et_bad(&t.et, "Red 2 gold move 3,3 2,3 2g", "not-enough-influence", 0, NULL);
	et_bad(&t.et, "Red 2 gold move 3,3 3,8 2r", "permit-square", 0, NULL);
	et_ok(&t.et, "Red 2 gold move 3,3 2,3 2r");
	assert_int_equal(permit_at(&t, "2,3"), 1);
	et_ok(&t.et, "Blue 3 gold");
	et_bad(&t.et, "Red 4 +rb gold raise 2,3 1 2b", "permit-supply", 0, NULL);
	et_bad(&t.et, "Red 4 +rb gold raise 2,3 0 2b", "permit-supply", 0, NULL);
	et_ok(&t.et, "Red 4 +rb gold raise 2,3 4 2b");
	assert_int_equal(permit_at(&t, "2,3"), 4);
	assert_int_equal(t.g->pos.seat[0].gold, 13 + 2 + 2 - 3);
	et_ok(&t.et, "Blue 5 gold");
	et_bad(&t.et, "Red 6 gold place 2 5,11", "not-enough-influence", 0, NULL);
	give(&t, 0, 0, 1, 1, 1);
	et_bad(&t.et, "Red 6 gold place 4 5,11", "permit-supply", 0, NULL);
	et_ok(&t.et, "Red 6 gold place 2 5,11");
	et_ok(&t.et, "Blue 5 gold");
	et_bad(&t.et, "Red 6 gold cash", "not-enough-influence", 0, NULL);
	give(&t, 0, 0, 1, 1, 1);
	int gold = t.g->pos.seat[0].gold;
	et_ok(&t.et, "Red 6 gold cash");
	assert_int_equal(t.g->pos.seat[0].gold, gold + 4);
	et_end(&t.et);
}

/* The win: the tenth cube on the board on the player's own turn. */
static void test_win(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	give(&t, 0, 20, 0, 0, 0);
	put_tile(&t, B_WELL, 0, "1,2");
	put_tile(&t, B_WELL, 0, "1,3");
	put_tile(&t, B_WELL, 0, "1,4");
	put_tile(&t, B_WELL, 0, "1,5");
	put_tile(&t, B_MARKET, 0, "1,6");
	put_tile(&t, B_MARKET, 0, "1,10");
	put_tile(&t, B_MARKET, 0, "1,11");
	put_tile(&t, B_MARKET, 0, "1,12");
	put_tile(&t, B_TAVERN, 0, "4,11");
	assert_int_equal(t.g->pos.seat[0].cubes, 9);
	et_bad(&t.et, "Red 2 church 5/9 gold", "game-over", 0, NULL);
	et_ok(&t.et, "Red 2 church 5/9");
	et_bad(&t.et, "Blue 3 gold", "game-over", 0, NULL);
	assert_true(OPS->over(t.g));
	arb_standing st;
	OPS->standing(t.g, &st);
	assert_true(st.over);
	assert_true(st.winner[0]);
	assert_false(st.winner[1]);
	assert_int_equal(st.score[0], 10);
	recount(&t);
	et_end(&t.et);
}

/* The stacks run out; walls and church tiles run out. */
static void test_supply(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	put_tile(&t, B_LARGE, 1, "1,2");
	put_tile(&t, B_LARGE, 1, "3,10");
	put_tile(&t, B_LARGE, 1, "1,10");
	t.g->pos.seat[0].gold = 2;
	put_permit(&t, 0, 1, "4,5");
	put_permit(&t, 0, 2, "5,5");
	put_permit(&t, 0, 3, "4,6");
	et_bad(&t.et, "Red 5 build large 4,5 gold", "none-left", 0, NULL);
	et_bad(&t.et, "Red 5 build tavern 4,5 gold", "not-enough-gold", 0, NULL);
	give(&t, 0, 10, 0, 0, 0);
	et_ok(&t.et, "Red 5 build tavern 4,5 gold");
	t.g->pos.seat[1].walls = 9;
	et_bad(&t.et, "Blue 2 wall N4 +r gold", "walls-left", 0, NULL);
	t.g->pos.church_left = 0;
	t.g->pos.corg_x = 1;
	t.g->pos.corg_y = 4;
	et_bad(&t.et, "Blue 2 church 1 gold", "church-complete", 0, NULL);
	et_end(&t.et);
}

/* Options: huts=bigger, track=uncapped, cards=smart, mills=near, halve=up. */
static void test_options(void **state)
{
	(void)state;
	tg_game t;
	/* huts=bigger: a church tile takes a hut off the board for good. */
	tg_start(&t, "RB", "Red=r Blue=b", "huts=bigger");
	give(&t, 0, 10, 0, 0, 0);
	et_ok(&t.et, "Red 2 church 5/9 gold");
	give(&t, 1, 10, 0, 0, 0);
	et_bad(&t.et, "Blue 3 church 4 hut Blue 3,2 gold", "hut-order", 0, NULL);
	et_ok(&t.et, "Blue 3 church 4 gold");
	assert_int_equal(t.g->pos.tile[t.g->nneutral + 4 + 3].gone, 1);
	et_end(&t.et);

	/* track: capped at 11 by default, so a loss counts from 11.  The 13
	 * trade points are set by hand, without the buildings that would
	 * give them: position_ok would refuse the position. */
	tg_start(&t, "RB", "Red=r Blue=b", NULL);
	et_unchecked(&t.et);
	t.g->pos.seat[0].track = 11;
	t.g->pos.seat[0].trade = 13;
	give(&t, 0, 10, 0, 0, 0);
	put_permit(&t, 0, 1, "1,11");
	put_permit(&t, 0, 2, "1,12");
	et_ok(&t.et, "Red 11 build market 1,12 gold"); /* covers 1,12 (1 mill) */
	assert_int_equal(t.g->pos.seat[0].track, 11);
	et_end(&t.et);
	tg_start(&t, "RBG", "Red=r Blue=b Green=g",
		 "track=uncapped mills=near cards=smart halve=up");
	assert_int_equal(t.g->gold_total, 56);
	assert_int_equal(t.g->pos.deck[IR], 17);
	give(&t, 0, 10, 0, 0, 0);
	put_permit(&t, 0, 1, "6,2");
	et_ok(&t.et, "Red 2 build well 6,2 gold"); /* 2 windmills in 3p */
	assert_int_equal(t.g->pos.seat[0].trade, 2);
	et_end(&t.et);
	tg_start(&t, "RBGY", "Red=r Blue=b Green=g Yellow=r", "mills=near");
	give(&t, 0, 10, 0, 0, 0);
	put_permit(&t, 0, 1, "6,2");
	et_ok(&t.et, "Red 2 build well 6,2 gold"); /* far from the 4p gates: 0 */
	assert_int_equal(t.g->pos.seat[0].track, 0);
	put_permit(&t, 1, 1, "8,2");
	give(&t, 1, 10, 0, 0, 0);
	et_ok(&t.et, "Blue 3 build well 8,2 gold"); /* hmm: row 2 build on row 3 */
	assert_int_equal(t.g->pos.seat[1].track, 2);
	et_end(&t.et);
	/* halve=up: 3 influence cards give up 2. */
	tg_start(&t, "RB", "Red=r Blue=g", "halve=up");
	give(&t, 0, 0, 12, 6, 6);
	give(&t, 1, 0, 0, 7, 6);
	et_ok(&t.et, "Red 4 halve Red=rrrrrrrrrrrrb Blue=bbbbggg gold");
	et_end(&t.et);
}

typedef struct mlist {
	tg_game *t;
	int n;
	bool saw_gold, saw_permit, saw_wall;
} mlist;

static void on_move(void *ctx, const char *line)
{
	mlist *ml = ctx;
	ml->n++;
	ml->saw_gold |= strcmp(line, "Red 4 +rb gold") == 0;
	ml->saw_permit |= strcmp(line, "Red 4 +rb permit 1 1,4") == 0;
	ml->saw_wall |= strcmp(line, "Red 4 +rb wall N4 +r gold") == 0;
	/* every listed line is legal: play it on a copy (the game's own
	 * struct swapped for the copy while the line is played) */
	tg_game *t = ml->t;
	el_game copy = *t->g, *orig = t->g;
	size_t nev = t->et.nev;
	t->g = t->et.g = &copy;
	const char *r = et_try(&t->et, line) == 0 ? NULL : t->et.rej.rule;
	t->g = t->et.g = orig;
	t->et.nev = nev;
	if (r)
		fail_msg("moves listed %s, which is illegal: %s", line, r);
}

/* moves(): every single choice as a legal line, chance from `next`. */
static void test_moves(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	arb_token tok[16];
	const char *nl = "Red 4 +rb build well 2,4 gold";
	size_t n = arb_split_tokens(nl, strlen(nl), 1, 1, tok, 16);
	el_move next;
	memset(&next, 0, sizeof next);
	assert_int_equal(OPS->parse(t.g, tok, n, &next, &t.et.rej), 0);
	mlist ml = { &t, 0, false, false, false };
	size_t k = OPS->moves(t.g, &next, on_move, &ml);
	assert_int_equal((int)k, ml.n);
	assert_true(ml.saw_gold);
	assert_true(ml.saw_permit);
	assert_true(ml.saw_wall);
	assert_int_equal((int)OPS->moves(t.g, NULL, on_move, &ml), 0);
	et_end(&t.et);
}

/* Setup: a snapshot is checked fact by fact. */
static void test_setup(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"ship=8", /* no active */
		"active=Red frob=1",
		"active=Red deck=r14,b13,g13", /* 40 influence cards */
		"active=Red deck=r13,b13,g13 discard=r0,b0,g0 Red=r:0,b:0,g:0 Blue=r:0,b:0,g:0 tavern@1,2:Red:5",
		"active=Red deck=r13,b13,g13 discard=r0,b0,g0 Red=r:0,b:0,g:0 Blue=r:0,b:0,g:0 permit@3,8:Red:2 permit@3,9:Red:2",
		"active=Red deck=r13,b13,g13 discard=r0,b0,g0 Red=r:0,b:0,g:0,walls:1 Blue=r:0,b:0,g:0",
		"active=Red deck=r13,b13,g13 discard=r0,b0,g0 Red=r:0,b:0,g:0 Blue=r:0,b:0,g:0 stack=12345678",
		"active=Red deck=r13,b13,g13 discard=r0,b0,g0 Red=r:0,b:0,g:0 Blue=r:0,b:0,g:0 winner=Red",
	};
	/* the harness writes the Setup tag on line 3 */
	tg_game t;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (tg_try_start(&t, "RB", NULL, NULL, bad[i]) == 0)
			fail_msg("Setup accepted: %s", bad[i]);
		assert_string_equal(t.et.rej.rule, "setup");
		assert_int_equal(t.et.rej.line, 3);
	}
	/* A good one: two wells and a tower, and play goes on from it. */
	const char *good =
		"active=Blue ship=8 turns=9 deck=r13,b13,g12 discard=r0,b0,g0 stack=123456789 "
		"Red=gold:4,r:0,b:0,g:1,permits:1234,walls:3 Blue=gold:3,r:0,b:0,g:0 "
		"well@2,6:Red:1 hut@4,4:Red longhut@5,8:Red hut@3,4:Blue permit@2,5:Red:0 "
		"N4:Red:cards N3:Red:cards S4:Red:tower";
	if (tg_try_start(&t, "RB", NULL, NULL, good) < 0)
		fail_msg("Setup refused: %s", t.et.rej.msg);
	assert_int_equal(t.g->pos.seat[0].cubes, 2);
	assert_int_equal(t.g->pos.seat[0].track, 0);
	assert_int_equal(t.g->pos.tile[t.g->nneutral + 4 + 3].gone, 1); /* blue long hut */
	recount(&t);
	et_bad(&t.et, "Red 8 gold", "turn-order", 0, NULL);
	et_ok(&t.et, "Blue 7>6 discard Red=g gold");
	arb_buf b = { 0 };
	OPS->snapshot(t.g, &b);
	assert_non_null(strstr(b.p, "active=Red ship=6 turns=10"));
	arb_buf_free(&b);
	et_end(&t.et);
}

/* Input is forgiving, fmt is canonical. */
static void test_format(void **state)
{
	(void)state;
	tg_game t;
	tg_start(&t, "RB", "Red=r Blue=g", NULL);
	static const char *const in[][2] = {
		{ "red 5 GOLD", "Red 5 gold" },
		{ "RED 7>5 Discard blue=RB LOOT 2g build Office 3,5 3G hut blue off permit 0 1,5 2B CASH",
		  "Red 7>5 discard Blue=rb loot 2g build large 3,5 3g hut Blue off permit 0 1,5 2b cash" },
		{ "Red 3>5 +RGB wall n4 +b church 5/9 move 1,2 3,4 2r",
		  "Red 3>5 +rgb wall N4 +b church 5/9 move 1,2 3,4 2r" },
		{ "Red 4 build inn 1,2 build stands 3,4 gold raise 1,2 4 2g",
		  "Red 4 build tavern 1,2 build market 3,4 gold raise 1,2 4 2g" },
		{ "Red 4 halve Red=rr Blue=g gold place 3 5,12",
		  "Red 4 halve Red=rr Blue=g gold place 3 5,12" },
		{ "Red 4 wall e10 gold", "Red 4 wall E10 gold" },
	};
	for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
		arb_token tok[64];
		size_t n = arb_split_tokens(in[i][0], strlen(in[i][0]), 1, 1, tok, 64);
		el_move m;
		memset(&m, 0, sizeof m);
		if (OPS->parse(t.g, tok, n, &m, &t.et.rej) < 0)
			fail_msg("%s: %s", in[i][0], t.et.rej.msg);
		arb_buf b = { 0 };
		OPS->format(t.g, &m, &b);
		assert_string_equal(b.p, in[i][1]);
		arb_buf_free(&b);
	}
	et_end(&t.et);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data),
		cmocka_unit_test(test_create),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_ship),
		cmocka_unit_test(test_income),
		cmocka_unit_test(test_pirates),
		cmocka_unit_test(test_shortage),
		cmocka_unit_test(test_permit_rules),
		cmocka_unit_test(test_building_rules),
		cmocka_unit_test(test_overbuild),
		cmocka_unit_test(test_overbuild_rules),
		cmocka_unit_test(test_own),
		cmocka_unit_test(test_huts),
		cmocka_unit_test(test_walls),
		cmocka_unit_test(test_church),
		cmocka_unit_test(test_trade),
		cmocka_unit_test(test_special),
		cmocka_unit_test(test_win),
		cmocka_unit_test(test_supply),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_format),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
