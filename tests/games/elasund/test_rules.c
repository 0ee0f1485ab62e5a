/*
 * test_rules.c — unit tests of the Elasund engine: every rule of play
 * once kept and once broken (the ship, income, pirates, permits,
 * building and overbuilding, huts, walls, the church, trade, the
 * special cards, the win, the supply), the rulebook's worked examples,
 * and a brute-force recount of the cubes against the engine's counters.
 * What a record's tags and words set up and say (the Hands, Variant and
 * Setup tags, syntax, canonical form, moves()) is
 * test_tags_and_notation.c's.
 *
 * The tests play turn lines through the one engine harness
 * (tests/games/engine_test.h, with elasund_test.h: every accepted line is
 * followed by position_ok, every line's canonical form must round-trip,
 * a refused one must change nothing).  To reach a rule's situation
 * quickly, a test may arrange the position by hand through the engine's
 * private struct (elasund.h; the helpers are arrange_test.h's): tiles,
 * permits and hands.  Each arranged position is a legal one, but for the
 * few that et_unchecked() marks.
 */
#include "arrange_test.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data),
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
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
