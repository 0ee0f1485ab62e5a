/*
 * test_rules.c — every Catan rule of play the engine enforces, followed
 * and broken, through parse() + apply() as the tool drives them, on the
 * beginner board: the set-up, production, the 7 and the robber, trades,
 * building, development cards, the turn and the win, and the undo of a
 * refused line's buildings.  Positions are reached by real set-up lines;
 * hands are then set by the test (taken from the bank) so each rule is
 * tested on its own.  The rulebook's worked examples (Thomas's discard,
 * Kalle's maritime trades, Peter and Susanne, the city producing 2 cards)
 * are here too, and again as records in corpus/catan/.  The Variant
 * options, the Setup tag, odd input and the moves listed are
 * test_tags_and_notation.c's.
 *
 * Beginner board numbers used below: 2 = B (pasture: Red's g2), 12 = D
 * (fields: Blue's c2), 3 = K (forest: Blue's h3) and N (mountains:
 * White's d5), 6 = E (hills: Red's e3) and R (fields: White's g5).
 */
#include "catan_test.h"

enum { RED, BLUE, WHITE, ORANGE };

/* ---------------------------------------------------------------- set-up */

static void test_setup_snake_and_resources(void **state)
{
	(void)state;
	cat_game *g = et_new_game_ok("Red Blue White");
	et_ok(et_on(g), "Red settlement e3 road e3-f3");
	et_bad(et_on(g), "Red settlement a3 road a3-a4", "turn-order", 1,
	       "it is Blue's turn, not Red's");
	et_ok(et_on(g), "Blue settlement h3 road h3-i3");
	et_ok(et_on(g), "White settlement d5 road d5-e5");
	/* Snake: White again, then Blue, then Red. */
	et_ok(et_on(g), "White settlement g5 road g5-h5");
	tt_hand_is(g, WHITE, "wool+2grain"); /* O grain, R grain, S wool */
	tt_hand_is(g, RED, "nothing");	     /* first settlements give none */
	et_ok(et_on(g), "Blue settlement c2 road c2-d2");
	tt_hand_is(g, BLUE, "grain+ore"); /* A ore, D grain */
	et_ok(et_on(g), "Red settlement g2 road g2-h2");
	tt_hand_is(g, RED, "lumber+2wool"); /* B wool, C lumber, F wool */
	assert_int_equal(g->s.active, RED); /* the first seat starts */
	assert_int_equal(cat_vp(g, RED), 2);
	catan_game.destroy(g);
}

static void test_setup_rules(void **state)
{
	(void)state;
	cat_game *g = et_new_game_ok("Red Blue White");
	et_bad(et_on(g), "Red road e3-f3 settlement e3", "setup-placement", 5,
	       "one settlement and then one road");
	et_bad(et_on(g), "Red settlement e3", "setup-placement", 1, "one road");
	et_bad(et_on(g), "Red settlement e3 road a3-a4", "setup-road", 24,
	       "must touch the settlement just placed at e3");
	et_bad(et_on(g), "Red settlement e3 road e3-f3 road f3-f2", "setup-placement", 30,
	       "one settlement");
	et_ok(et_on(g), "Red settlement e3 road e3-f3");
	et_bad(et_on(g), "Blue settlement f3 road f3-f2", "distance-rule", 17,
	       "Blue cannot build a settlement at f3: Red's settlement at e3 "
	       "is adjacent (distance rule)");
	et_bad(et_on(g), "Blue settlement e3 road e3-e4", "intersection-occupied", 17,
	       "Red's settlement is there");
	et_ok(et_on(g), "Blue settlement g3 road g3-h3");
	/* The set-up needs no road to reach the settlement. */
	et_ok(et_on(g), "White settlement a3 road a3-a4");
	et_ok(et_on(g), "White settlement k3 road k3-k4");
	catan_game.destroy(g);
}

/* ------------------------------------------------------------ production */

static void test_production_city_and_robber(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	tt_empty(g, RED);
	tt_give(g, RED, "3ore+2grain");
	/* A city producing 2 cards (rulebook "Stad": 2 cards per city). */
	et_ok(et_on(g), "Red roll 1+1 gets Red wool city g2");
	tt_hand_is(g, RED, "wool");
	assert_int_equal(cat_vp(g, RED), 3);
	et_ok(et_on(g), "Blue roll 6+6 gets Blue grain gets Red nothing");
	et_ok(et_on(g), "White roll 1+1 gets Red 2wool");
	tt_hand_is(g, RED, "3wool");
	et_bad(et_on(g), "Red roll 1+1 gets Red wool", "assert-production", 19,
	       "the record says Red gets wool from the roll of 2, but Red gets "
	       "2wool");
	/* The robber on B blocks it. */
	g->s.robber = 1;
	et_ok(et_on(g), "Red roll 1+1 gets Red nothing");
	et_bad(et_on(g), "Blue gets Blue nothing roll 1+2", "assert-production", 6,
	       "after the roll");
	catan_game.destroy(g);
}

static void test_bank_shortage(void **state)
{
	(void)state;
	static const char *const o[] = { NULL, "shortage=resource", "shortage=single" };
	for (unsigned opt = 0; opt < 3; opt++) {
		cat_game *g = tt_opened(o[opt]);
		/* Roll 4: F (wool) owes Red (g2) and Blue (h3) one each, O
		 * (grain) owes White (g5) one.  Leave 1 wool in the bank. */
		tt_give(g, WHITE, "15wool");
		assert_int_equal(g->s.bank[R_WOOL], 1);
		et_ok(et_on(g), "Red roll 1+3");
		if (opt == 0) { /* the rulebook: nobody gets anything */
			tt_hand_is(g, WHITE, "16wool+2grain");
		} else { /* per resource: grain still comes */
			tt_hand_is(g, WHITE, "16wool+3grain");
		}
		tt_hand_is(g, RED, "lumber+2wool");
		tt_hand_is(g, BLUE, "grain+ore");
		assert_int_equal(g->s.bank[R_WOOL], 1);
		catan_game.destroy(g);
	}
	/* shortage=order (Pioneers): paid in seat order from the roller
	 * while the bank has it; Blue rolls, so Blue's wool comes first. */
	cat_game *g = tt_opened("shortage=order");
	tt_give(g, WHITE, "15wool");
	et_ok(et_on(g), "Red roll 6+6");
	assert_int_equal(g->s.bank[R_WOOL], 1);
	et_bad(et_on(g), "Blue roll 1+3 gets Red wool", "assert-production", 20,
	       "Red gets nothing");
	et_ok(et_on(g), "Blue roll 1+3 gets Blue wool gets Red nothing gets White grain");
	assert_int_equal(g->s.bank[R_WOOL], 0);
	catan_game.destroy(g);
	/* One seat owed more than the bank holds gets what is left, and the
	 * next seat nothing: Red's city owes 2 wool, the bank has 1. */
	g = tt_opened("shortage=order");
	tt_empty(g, RED);
	tt_give(g, RED, "3ore+2grain");
	et_ok(et_on(g), "Red roll 6+6 city g2");
	et_ok(et_on(g), "Blue roll 6+6");
	et_ok(et_on(g), "White roll 6+6");
	tt_give(g, WHITE, "17wool");
	assert_int_equal(g->s.bank[R_WOOL], 1);
	et_ok(et_on(g), "Red roll 1+3 gets Red wool gets Blue nothing");
	catan_game.destroy(g);
	/* bank=N: a bank of N cards of each resource. */
	g = tt_opened("bank=5");
	assert_int_equal(cat_bank_size(g), 5);
	catan_game.destroy(g);
	/* Only one player owed: shortage=single gives what is left. */
	for (unsigned opt = 1; opt < 3; opt++) {
		cat_game *g = tt_opened(o[opt]);
		tt_empty(g, RED);
		tt_give(g, RED, "3ore+2grain");
		et_ok(et_on(g), "Red roll 6+6 city g2");
		et_ok(et_on(g), "Blue roll 6+6");
		et_ok(et_on(g), "White roll 6+6");
		tt_give(g, WHITE, "17wool");
		assert_int_equal(g->s.bank[R_WOOL], 1);
		et_ok(et_on(g),
		      opt == 1 ? "Red roll 1+1 gets Red nothing" : "Red roll 1+1 gets Red wool");
		catan_game.destroy(g);
	}
}

/* -------------------------------------------------------- the 7, robber */

static void test_seven_thomas(void **state)
{
	(void)state;
	/* "Kalle rolls a seven. He has only 6 cards, Peter has 7 and Thomas
	 * 11. Thomas must discard 5 ... 3 lumber and 2 wool." */
	cat_game *g = tt_opened(NULL);
	tt_empty(g, RED);
	tt_empty(g, BLUE);
	tt_empty(g, WHITE);
	tt_give(g, RED, "6ore");			/* Kalle */
	tt_give(g, BLUE, "7grain");			/* Peter */
	tt_give(g, WHITE, "3lumber+3wool+2brick+3ore"); /* Thomas */
	et_bad(et_on(g), "Red roll 3+4 discard Blue 3grain", "discard-unneeded", 22,
	       "Blue holds 7 cards and keeps them");
	et_bad(et_on(g), "Red roll 3+4 discard White 3lumber+wool", "discard-count", 22,
	       "White holds 11 cards and must discard 5, not 4");
	et_bad(et_on(g), "Red roll 3+4 discard White 5lumber", "discard-not-held", 22,
	       "White discards 5 lumber but holds 3");
	et_bad(et_on(g), "Red roll 3+4 robber E steal Blue grain", "discard-missing", 14,
	       "White holds 11 cards and must discard 5 before the robber");
	et_bad(et_on(g),
	       "Red roll 3+4 discard White 3lumber+2wool discard White "
	       "3lumber+2wool",
	       "discard-twice", 0, "already discarded");
	et_bad(et_on(g), "Red roll 3+4 discard White 3lumber+2wool", "robber-missing", 1,
	       "Red rolled a 7 and must move the robber");
	et_bad(et_on(g), "Red roll 3+4", "discard-missing", 1,
	       "White holds 11 cards and must discard 5 after the 7");
	et_bad(et_on(g), "Red roll 3+4 discard White 3lumber+2wool road f3-g3", "robber-first", 42,
	       "the robber come before");
	et_bad(et_on(g), "Red roll 3+4 discard White 3lumber+2wool robber J", "robber-must-move",
	       49, "already at J");
	/* E (hills 6) touches Red's e3 only: no victim, so no steal. */
	et_ok(et_on(g), "Red roll 3+4 discard White 3lumber+2wool robber E");
	tt_hand_is(g, WHITE, "2brick+wool+3ore");
	tt_hand_is(g, BLUE, "7grain");
	tt_hand_is(g, RED, "6ore");
	/* Robber to a hex with victims: the steal is required. */
	et_bad(et_on(g), "Blue roll 3+4 robber F", "steal-required", 22,
	       "Blue must steal a card at F: Red holds 6 cards");
	catan_game.destroy(g);
}

static void test_robber_targets(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	/* F touches Red's g2 and Blue's h3. */
	et_bad(et_on(g), "Red roll 3+4 robber F steal White grain", "steal-victim", 21,
	       "White has no settlement or city at F");
	et_bad(et_on(g), "Red roll 3+4 robber F steal Red wool", "steal-victim", 21,
	       "cannot steal from themselves");
	et_bad(et_on(g), "Red roll 3+4 robber F steal Blue brick", "steal-card", 21,
	       "Red cannot steal brick from Blue, who holds none");
	et_bad(et_on(g), "Red roll 3+4 robber F", "steal-required", 21, "must steal");
	et_ok(et_on(g), "Red roll 3+4 robber F steal Blue ore");
	tt_hand_is(g, RED, "lumber+2wool+ore");
	tt_hand_is(g, BLUE, "grain");
	/* A victim without cards: nothing to steal, no steal written. */
	tt_empty(g, BLUE);
	et_ok(et_on(g), "Blue roll 3+4 robber K");
	/* The desert takes the robber only with robber=any. */
	et_bad(et_on(g), "White roll 3+4 robber J", "robber-token", 23,
	       "the desert at J has none (Variant robber=any allows it)");
	et_bad(et_on(g), "White roll 1+1 robber E", "robber-without-seven", 16,
	       "only after a roll of 7");
	et_bad(et_on(g), "White roll 1+1 discard Red ore", "discard-without-seven", 16,
	       "only after a roll of 7");
	catan_game.destroy(g);
	g = tt_opened("robber=any");
	et_ok(et_on(g), "Red roll 3+4 robber F steal Blue ore");
	et_ok(et_on(g), "Blue roll 3+4 robber J steal Red wool");
	catan_game.destroy(g);
}

/* ---------------------------------------------------------------- trades */

static void test_domestic_trade(void **state)
{
	(void)state;
	/* Peter (Red) needs a brick and holds 2 lumber and 3 ore; Kalle
	 * (Blue) wants 3 ore, Susanne (White) 1 lumber + 1 ore.  Peter takes
	 * Susanne's offer; Kalle may not trade with Susanne. */
	cat_game *g = tt_opened(NULL);
	tt_empty(g, RED);
	tt_give(g, RED, "2lumber+3ore");
	tt_give(g, WHITE, "brick");
	et_bad(et_on(g), "Red roll 6+6 trade Blue White ore for brick", "trade-not-active", 14,
	       "Blue may not trade with White during Red's turn");
	et_bad(et_on(g), "Red trade White lumber+ore for brick roll 6+6", "roll-first", 5,
	       "Red must roll the dice before trading");
	et_bad(et_on(g), "Red roll 6+6 trade White ore for nothing", "trade-gift", 14,
	       "never given away");
	et_bad(et_on(g), "Red roll 6+6 trade White ore for ore+brick", "trade-like-for-like", 14,
	       "cannot give and take ore");
	et_bad(et_on(g), "Red roll 6+6 trade White 3lumber for brick", "trade-not-held", 14,
	       "Red gives 3 lumber but holds 2");
	et_bad(et_on(g), "Red roll 6+6 trade White ore for 2brick", "trade-not-held", 14,
	       "White gives 2 brick but holds 1");
	et_bad(et_on(g), "Red roll 6+6 trade Red ore for wool", "trade-not-active", 20,
	       "cannot trade with themselves");
	et_ok(et_on(g), "Red roll 6+6 trade Red White lumber+ore for brick road e3-e4");
	tt_hand_is(g, RED, "2ore");
	catan_game.destroy(g);
}

static void test_trade_phases(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	tt_give(g, RED, "brick+lumber+5ore+wool+grain");
	et_bad(et_on(g), "Red roll 6+6 road e3-e4 trade bank 4ore for grain", "trade-after-build",
	       25, "trading comes before building");
	et_bad(et_on(g), "Red roll 6+6 buy knight trade bank 4ore for grain", "trade-after-build",
	       0, "already built");
	catan_game.destroy(g);
	g = tt_opened("phases=combined");
	tt_give(g, RED, "brick+lumber+4ore");
	et_ok(et_on(g), "Red roll 6+6 road e3-e4 trade bank 4ore for grain");
	catan_game.destroy(g);
}

static void test_maritime_kalle(void **state)
{
	(void)state;
	cat_game *g = et_new_game_ok("Red Blue White");
	/* Red on the 3:1 harbour c1-d1 and the wool harbour i5-j5; Blue on
	 * the lumber harbour b2-b3 only; White on none. */
	et_ok(et_on(g), "Red settlement c1 road c1-d1");
	et_ok(et_on(g), "Blue settlement h3 road h3-i3");
	et_ok(et_on(g), "White settlement d5 road d5-e5");
	et_ok(et_on(g), "White settlement g5 road g5-h5");
	et_ok(et_on(g), "Blue settlement b3 road b3-c3");
	et_ok(et_on(g), "Red settlement i5 road i5-j5");
	tt_hand_is(g, RED, "2wool");   /* P and S */
	tt_hand_is(g, BLUE, "2grain"); /* D and H */
	tt_empty(g, RED);
	tt_give(g, RED, "3lumber+6wool");
	/* Kalle: 3 lumber for 1 ore at the 3:1 harbour; 2 wool for 1 ore at
	 * the wool harbour, and 4 wool for 2 other cards. */
	et_ok(et_on(g), "Red roll 6+6 trade bank 3lumber for ore "
			"trade bank 2wool for ore trade bank 4wool for brick+grain");
	tt_hand_is(g, RED, "brick+grain+2ore");
	/* Blue: 2:1 only for lumber; a special harbour gives no 3:1. */
	et_bad(et_on(g), "Blue roll 6+6 trade bank 3grain for ore", "maritime-rate", 15,
	       "Blue trades grain with the bank at 4:1, and 3 is no "
	       "multiple of 4");
	tt_give(g, BLUE, "8ore+2lumber");
	et_bad(et_on(g), "Blue roll 6+6 trade bank 8ore for grain", "maritime-rate", 15,
	       "buy 2 from the bank, not 1");
	et_bad(et_on(g), "Blue roll 6+6 trade bank 4ore for ore", "trade-like-for-like", 15, "ore");
	/* Kalle's 4:1: 4 ore for 1 lumber, with no harbour needed. */
	et_ok(et_on(g), "Blue roll 6+6 trade bank 4ore for lumber "
			"trade bank 4ore+2lumber for wool+grain");
	tt_hand_is(g, BLUE, "lumber+wool+5grain"); /* 2 + two 12s + 1 */
	catan_game.destroy(g);
	/* The bank running out. */
	g = tt_opened(NULL);
	tt_give(g, BLUE, "19brick");
	tt_give(g, RED, "4ore");
	et_bad(et_on(g), "Red roll 6+6 trade bank 4ore for brick", "bank-empty", 14,
	       "the bank has no brick");
	et_ok(et_on(g), "Red roll 6+6 trade bank 4ore for grain");
	catan_game.destroy(g);
}

/* -------------------------------------------------------------- building */

static void test_building(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	et_bad(et_on(g), "Red road e3-e4 roll 6+6", "roll-first", 5,
	       "must roll the dice before building");
	et_bad(et_on(g), "Red roll 6+6 road e3-e4", "cannot-afford", 14,
	       "Red cannot pay for a road (brick+lumber) holding lumber+2wool");
	tt_give(g, RED, "3brick+3lumber+wool+2grain+3ore");
	et_bad(et_on(g), "Red roll 6+6 road a3-a4", "road-unconnected", 19,
	       "Red cannot build a road at a3-a4: it touches none of Red's "
	       "roads");
	et_bad(et_on(g), "Red roll 6+6 road e3-f3", "path-occupied", 19, "Red's road is there");
	et_bad(et_on(g), "Red roll 6+6 settlement f3", "distance-rule", 25,
	       "Red cannot build a settlement at f3: Red's settlement at e3 is "
	       "adjacent (distance rule)");
	et_bad(et_on(g), "Red roll 6+6 settlement a3", "settlement-unconnected", 25,
	       "none of Red's roads leads there");
	et_bad(et_on(g), "Red roll 6+6 city h3", "city-needs-settlement", 19,
	       "a city replaces one of Red's own settlements");
	et_bad(et_on(g), "Red roll 6+6 city g2 city g2", "city-needs-settlement", 27, "city at g2");
	tt_give(g, RED, "grain");
	et_ok(et_on(g), "Red roll 6+6 road f3-g3 road g3-g4 settlement g4 city g2 "
			"score Red 4");
	catan_game.destroy(g);
}

/* A road may end at an opponent's settlement but never connect through
 * it (rulebook "Väg"; fact sheet 2.9). */
static void test_blocked_by_opponent(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	tt_give(g, RED, "2brick+lumber");
	et_ok(et_on(g), "Red roll 6+6 road f3-g3 road g3-g4");
	et_ok(et_on(g), "Blue roll 6+6");
	tt_give(g, WHITE, "3brick+3lumber");
	et_ok(et_on(g), "White roll 6+6 road h4-h5 road g4-h4 settlement g4");
	tt_give(g, RED, "brick+lumber");
	et_bad(et_on(g), "Red roll 6+6 road f4-g4", "road-unconnected", 19,
	       "Red cannot build a road at f4-g4: White's settlement at g4 "
	       "cuts it off from Red's road");
	et_ok(et_on(g), "Red roll 6+6 road e3-e4");
	catan_game.destroy(g);
}

static void test_piece_limits(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	/* Pretend Red has 5 settlements / 15 roads / 4 cities on the board. */
	tt_give(g, RED, "5brick+5lumber+wool+grain+3ore+2grain");
	g->s.p[RED].settlements = 5;
	et_bad(et_on(g), "Red roll 6+6 road f3-g3 road g3-g4 settlement g4", "no-pieces", 36,
	       "Red has all 5 settlements on the board and "
	       "must upgrade one to a city first");
	g->s.p[RED].settlements = 2;
	g->s.p[RED].roads = 15;
	et_bad(et_on(g), "Red roll 6+6 road f3-g3", "no-pieces", 14,
	       "Red has no roads left (all 15 are on the board)");
	g->s.p[RED].roads = 2;
	g->s.p[RED].cities = 4; /* with 0 settlements: 8 points, no win */
	g->s.p[RED].settlements = 0;
	et_bad(et_on(g), "Red roll 6+6 city g2", "no-pieces", 14, "Red has no cities left");
	catan_game.destroy(g);
}

/* ----------------------------------------------------- development cards */

static void test_dev_cards(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	et_bad(et_on(g), "Red roll 6+6 buy knight", "cannot-afford", 14,
	       "a development card (wool+grain+ore)");
	tt_give(g, RED, "3wool+3grain+3ore");
	et_bad(et_on(g), "Red roll 6+6 buy knight play knight F steal Blue ore",
	       "card-bought-this-turn", 25, "may play it only from the next");
	et_bad(et_on(g), "Red play knight F steal Blue ore", "card-not-held", 5,
	       "Red holds no knight card");
	et_ok(et_on(g), "Red roll 6+6 buy knight buy monopoly");
	et_ok(et_on(g), "Blue roll 6+6");
	et_ok(et_on(g), "White roll 6+6");
	/* A card may be played before the roll; one per turn. */
	et_bad(et_on(g),
	       "Red play knight F steal Blue ore roll 6+6 play monopoly "
	       "grain",
	       "one-card-per-turn", 43, "already played");
	et_ok(et_on(g), "Red play knight F steal Blue ore roll 6+6");
	assert_int_equal(g->s.p[RED].knights, 1);
	tt_hand_is(g, RED, "lumber+3wool+grain+2ore");
	et_ok(et_on(g), "Blue roll 6+6");
	et_ok(et_on(g), "White roll 6+6");
	tt_hand_is(g, BLUE, "7grain"); /* 1 + six 12s */
	et_ok(et_on(g), "Red roll 1+1 play monopoly grain");
	tt_hand_is(g, BLUE, "nothing");
	tt_hand_is(g, WHITE, "wool");
	tt_hand_is(g, RED, "lumber+4wool+10grain+2ore");
	catan_game.destroy(g);
}

static void test_deck_limits(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	tt_give(g, RED, "2wool+2grain+2ore");
	g->s.deck[D_ROADS] = 0;
	et_bad(et_on(g), "Red roll 6+6 buy road-building", "deck-card", 18,
	       "no road-building card is left in the deck (all 2 have been "
	       "drawn)");
	memset(g->s.deck, 0, sizeof g->s.deck);
	et_bad(et_on(g), "Red roll 6+6 buy knight", "deck-empty", 14, "all gone");
	catan_game.destroy(g);
}

static void test_progress_cards(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	g->s.p[RED].dev[D_PLENTY] = 1;
	g->s.p[RED].dev[D_ROADS] = 1;
	g->s.deck[D_PLENTY]--;
	g->s.deck[D_ROADS]--;
	et_bad(et_on(g), "Red play year-of-plenty 3brick", "plenty-two", 25,
	       "exactly 2 cards from the bank, not 3");
	et_ok(et_on(g), "Red play year-of-plenty brick+ore roll 6+6");
	tt_hand_is(g, RED, "brick+lumber+2wool+ore");
	et_ok(et_on(g), "Blue roll 6+6");
	et_ok(et_on(g), "White roll 6+6");
	et_bad(et_on(g), "Red roll 6+6 play road-building f3-g3", "road-building-two", 14,
	       "places 2 roads");
	et_bad(et_on(g), "Red roll 6+6 play road-building f3-g3 a3-a4", "road-unconnected", 0,
	       "a3-a4");
	et_ok(et_on(g), "Red roll 6+6 play road-building f3-g3 g3-g4");
	assert_int_equal(g->s.p[RED].roads, 4);
	/* With one road piece left, one road is enough. */
	g->s.p[WHITE].dev[D_ROADS] = 1;
	g->s.p[WHITE].roads = 14;
	et_unchecked(&et_shared); /* 14 roads the board does not show */
	et_ok(et_on(g), "Blue roll 6+6");
	et_ok(et_on(g), "White roll 6+6 play road-building f5-g5");
	/* Year of plenty with an empty bank. */
	et_bad(et_on(g), "Blue roll 6+6", "turn-order", 1, "Red's turn");
	et_ok(et_on(g), "Red roll 6+6");
	g->s.p[BLUE].dev[D_PLENTY] = 1;
	tt_give(g, RED, "16ore");
	et_bad(et_on(g), "Blue play year-of-plenty 2ore roll 6+6", "bank-empty", 26,
	       "the bank has only 1 ore");
	catan_game.destroy(g);
}

static void test_largest_army(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	g->s.p[RED].dev[D_KNIGHT] = 3;
	g->s.p[BLUE].dev[D_KNIGHT] = 4;
	g->s.deck[D_KNIGHT] -= 7;
	static const char *const turns[] = {
		"Red play knight E roll 6+6",
		"Blue play knight A roll 6+6",
		"White roll 6+6",
		"Red play knight F steal Blue grain roll 6+6",
		"Blue play knight A roll 6+6",
		"White roll 6+6",
		"Red play knight E roll 6+6 army Red",	/* 3 knights: Red */
		"Blue play knight A roll 6+6 army Red", /* 3 = 3: Red keeps */
		"White roll 6+6",
		"Red roll 6+6",
		"Blue play knight F steal Red wool roll 6+6 army Blue",
		NULL,
	};
	for (unsigned i = 0; turns[i]; i++)
		et_ok(et_on(g), turns[i]);
	assert_int_equal(cat_vp(g, BLUE), 4);
	assert_int_equal(cat_vp(g, RED), 2);
	assert_non_null(strstr(et_shared.events, "largest-army:Red's 3 knights: "
						 "largest army goes from nobody to Red"));
	assert_non_null(strstr(et_shared.events, "largest-army:Blue's 4 knights: "
						 "largest army goes from Red to Blue"));
	et_bad(et_on(g), "White roll 6+6 army Red", "assert-army", 21,
	       "the record says Red holds the largest army, but Blue does");
	catan_game.destroy(g);
}

/* ------------------------------------------------------ turn and the win */

static void test_turn_shape(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	et_bad(et_on(g), "Red", "roll-missing", 1, "ends without a roll");
	et_bad(et_on(g), "Red roll 6+6 roll 1+1", "one-roll", 14, "already rolled");
	et_bad(et_on(g), "Blue roll 6+6", "turn-order", 1, "Red's turn");
	et_bad(et_on(g), "Red roll 6+6 score Red 3", "assert-score", 20,
	       "the record says Red has 3 points, but Red has 2");
	et_bad(et_on(g), "Red roll 6+6 longest Red", "assert-longest", 22, "nobody does");
	et_bad(et_on(g), "Red roll 6+6 reveal vp", "reveal-not-held", 21,
	       "holds 0 hidden victory point cards, not 1");
	et_ok(et_on(g), "Red roll 6+6 longest none army none score Blue 2");
	/* At most 40 actions in a line. */
	char line[1024] = "Blue roll 6+6";
	for (unsigned i = 0; i < 40; i++)
		strcat(line, " army none");
	et_bad(et_on(g), line, "too-many-actions", 0, "at most 40 actions");
	line[strlen(line) - 10] = 0;
	et_ok(et_on(g), line);
	catan_game.destroy(g);
}

static void test_win(void **state)
{
	(void)state;
	/* "Two settlements, longest road, two cities and one VP card; he
	 * buys another VP card and has won" (rulebook, Avslutning). */
	cat_game *g = tt_opened(NULL);
	g->s.p[RED].dev[D_VP] = 1;
	g->s.deck[D_VP]--;
	g->s.p[RED].road_len = 5;
	g->s.lr = RED;
	g->s.p[RED].settlements = 2;
	g->s.p[RED].cities = 2;
	et_unchecked(&et_shared); /* pieces and a road the board lacks */
	assert_int_equal(cat_vp(g, RED), 9);
	tt_give(g, RED, "2wool+2grain+2ore+brick+lumber");
	et_bad(et_on(g), "Red roll 6+6 buy victory-point road f3-g3", "game-over", 32,
	       "Red has already won");
	et_ok(et_on(g), "Red roll 6+6 buy victory-point reveal 2vp");
	assert_true(catan_game.over(g));
	arb_standing st;
	catan_game.standing(g, &st);
	assert_true(st.over);
	assert_true(st.winner[RED]);
	assert_false(st.winner[BLUE]);
	assert_int_equal(st.score[RED], 10);
	assert_string_equal(st.bd_key[4], "vp_cards");
	assert_int_equal(st.bd[RED][4], 2);
	assert_int_equal(st.bd[RED][2], 2);
	assert_non_null(strstr(et_shared.events, "win:Red has 10 points during their "
						 "turn and wins"));
	et_bad(et_on(g), "Blue roll 6+6", "game-over", 1, "the game is over");
	catan_game.destroy(g);

	/* vp-cards=revealed: only shown cards count. */
	g = tt_opened("vp-cards=revealed");
	g->s.p[RED].dev[D_VP] = 2;
	g->s.deck[D_VP] -= 2;
	g->s.p[RED].cities = 2;
	g->s.p[RED].settlements = 4;
	et_unchecked(&et_shared); /* pieces the board does not show */
	assert_int_equal(cat_vp(g, RED), 8);
	et_ok(et_on(g), "Red roll 6+6");
	assert_false(catan_game.over(g));
	et_ok(et_on(g), "Blue roll 6+6");
	et_ok(et_on(g), "White roll 6+6");
	et_ok(et_on(g), "Red roll 6+6 reveal 2vp");
	assert_true(catan_game.over(g));
	catan_game.destroy(g);
}

/* ----------------------------------------------- undoing a refused line */

/* A full record's line lists what it builds so that a refusal can take
 * it off (undo.c, cat_undo_built).  The list has room for two buildings
 * an action; past that (never, by construction) the board the line began
 * from is kept whole instead, and outside a line nothing is listed. */
static void build_everywhere(cat_game *g, unsigned *n)
{
	for (unsigned e = 0; e < CAT_EDGES; e++)
		if (!g->s.edge_owner[e]) {
			g->s.edge_owner[e] = 1;
			cat_built(g, e);
			++*n;
		}
	for (unsigned v = 0; v < CAT_NODES; v++)
		if (!g->s.node_owner[v]) {
			g->s.node_owner[v] = 2;
			cat_built(g, CAT_EDGES + v);
			++*n;
		}
}

static void test_undo_past_built_list(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	assert_int_equal(g->nbuilt, CAT_BUILT_WHOLE); /* between lines */
	cat_state was = g->s;
	/* a few, listed */
	g->nbuilt = 0;
	unsigned few = 0;
	for (unsigned v = 0; v < CAT_NODES && few < 5; v++)
		if (!g->s.node_owner[v]) {
			g->s.node_owner[v] = 1;
			cat_built(g, CAT_EDGES + v);
			g->s.node_city[v] = 1; /* and a city on it */
			cat_built(g, CAT_EDGES + CAT_NODES + v);
			few += 2;
		}
	assert_int_equal(g->nbuilt, few);
	cat_undo_built(g);
	assert_memory_equal(&g->s, &was, sizeof was);
	/* more than the list holds: the board comes back all the same */
	g->nbuilt = 0;
	unsigned n = 0;
	build_everywhere(g, &n);
	assert_true(n > sizeof g->built);
	assert_int_equal(g->nbuilt, CAT_BUILT_WHOLE);
	cat_undo_built(g);
	assert_memory_equal(&g->s, &was, sizeof was);
	/* outside a line nothing is listed and the undo copy is not touched */
	cat_state bak = g->bak;
	g->nbuilt = CAT_BUILT_WHOLE;
	n = 0;
	build_everywhere(g, &n);
	assert_true(n > sizeof g->built);
	assert_memory_equal(&g->bak, &bak, sizeof bak);
	catan_game.destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_snake_and_resources),
		cmocka_unit_test(test_setup_rules),
		cmocka_unit_test(test_production_city_and_robber),
		cmocka_unit_test(test_bank_shortage),
		cmocka_unit_test(test_seven_thomas),
		cmocka_unit_test(test_robber_targets),
		cmocka_unit_test(test_domestic_trade),
		cmocka_unit_test(test_trade_phases),
		cmocka_unit_test(test_maritime_kalle),
		cmocka_unit_test(test_building),
		cmocka_unit_test(test_blocked_by_opponent),
		cmocka_unit_test(test_piece_limits),
		cmocka_unit_test(test_dev_cards),
		cmocka_unit_test(test_deck_limits),
		cmocka_unit_test(test_progress_cards),
		cmocka_unit_test(test_largest_army),
		cmocka_unit_test(test_turn_shape),
		cmocka_unit_test(test_win),
		cmocka_unit_test(test_undo_past_built_list),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
