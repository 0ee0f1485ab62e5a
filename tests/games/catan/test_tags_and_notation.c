/*
 * test_tags_and_notation.c — what a Catan record's tags and words set up
 * and say, apart from the rules of play (test_rules.c): the Variant
 * options (edition, phases, start-resources) and their refusals; the
 * Setup tag's board (hexes, harbours, the spiral of terrain= and start=)
 * and each of its errors; parse() and format() on odd bytes, aliases
 * and a roll written as its sum; and moves(), every legal line of a
 * position (Peter's of corpus/catan/example-trade-peter.tgn).  Split
 * from test_rules.c, which had grown past 900 lines.
 */
#include "catan_test.h"

enum { RED, BLUE, WHITE, ORANGE };

/* ---------------------------------------------------- options and set-up */

static void test_options(void **state)
{
	(void)state;
	assert_null(et_new_game("Red Blue", NULL, NULL));
	assert_string_equal(et_shared.rej.rule, "seat-count");
	assert_null(et_new_game("Red Blue White", "friendly-robber", NULL));
	assert_string_equal(et_shared.rej.rule, "unknown-option");
	assert_non_null(strstr(et_shared.rej.msg, "known: edition, phases"));
	assert_null(et_new_game("Red Blue White", "phases=loose", NULL));
	assert_string_equal(et_shared.rej.rule, "bad-option");
	assert_string_equal(et_shared.rej.msg, "option phases takes strict or combined");
	cat_game *g = et_new_game("Red Blue White Orange", "edition=5", NULL);
	assert_non_null(g);
	assert_int_equal(g->opt_phases, PH_COMBINED);
	assert_int_equal(g->opt_robber, ROB_ANY);
	assert_int_equal(g->opt_shortage, SH_RESOURCE);
	catan_game.destroy(g);
	g = et_new_game("Red Blue White", "start-resources=none", NULL);
	for (unsigned i = 0; tt_open3[i]; i++)
		et_ok(et_on(g), tt_open3[i]);
	tt_hand_is(g, RED, "nothing");
	catan_game.destroy(g);
}

static void test_setup_tag(void **state)
{
	(void)state;
	/* The beginner board written out equals the default. */
	cat_game *g = et_new_game("Red Blue White", NULL,
				  "hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,"
				  "G6,W11 harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,"
				  "wool@i5-j5,3:1@f6-g6,3:1@c6-d6,brick@b4-b5,lumber@b2-b3");
	assert_non_null(g);
	cat_board b;
	cat_board_default(et_shared_data, &b);
	assert_memory_equal(&b, &g->b, sizeof b);
	catan_game.destroy(g);
	/* The spiral from corner A with the desert in the centre lays A..R
	 * round the outer ring (A D H M Q R S P L G C B), then E I N O K F. */
	g = et_new_game("Red Blue White", NULL, "terrain=OWLGBWBGLDLOLOGWBGW start=A");
	assert_non_null(g);		     /* the desert in the centre: all 18 on land */
	assert_int_equal(g->b.token[0], 5);  /* A */
	assert_int_equal(g->b.token[1], 10); /* B, last of the ring */
	assert_int_equal(g->b.token[10], 3); /* K */
	assert_int_equal(g->b.token[5], 11); /* F, last */
	assert_int_equal(g->b.token[9], 0);  /* J */
	catan_game.destroy(g);
	g = et_new_game("Red Blue White", NULL, "terrain=OWLGBWBGLLDOLOGWBGW start=A");
	if (!g)
		fail_msg("%s", et_shared.rej.msg);
	/* Order A D H M Q R S P L G C B | E I N O K F | J with tokens
	 * 5 2 6 3 8 10 9 12 11 4 8 10 | 9 4 5 - 6 3 | 11 (K the desert). */
	assert_int_equal(g->b.token[0], 5);   /* A */
	assert_int_equal(g->b.token[3], 2);   /* D */
	assert_int_equal(g->b.token[7], 6);   /* H */
	assert_int_equal(g->b.token[12], 3);  /* M */
	assert_int_equal(g->b.token[16], 8);  /* Q */
	assert_int_equal(g->b.token[17], 10); /* R */
	assert_int_equal(g->b.token[18], 9);  /* S */
	assert_int_equal(g->b.token[15], 12); /* P */
	assert_int_equal(g->b.token[11], 11); /* L */
	assert_int_equal(g->b.token[6], 4);   /* G */
	assert_int_equal(g->b.token[2], 8);   /* C */
	assert_int_equal(g->b.token[1], 10);  /* B */
	assert_int_equal(g->b.token[4], 9);   /* E */
	assert_int_equal(g->b.token[8], 4);   /* I */
	assert_int_equal(g->b.token[13], 5);  /* N */
	assert_int_equal(g->b.token[14], 6);  /* O */
	assert_int_equal(g->b.token[10], 0);  /* K: the desert here */
	assert_int_equal(g->b.token[5], 3);   /* F */
	assert_int_equal(g->b.token[9], 11);  /* J */
	assert_int_equal(g->b.robber0, 10);
	catan_game.destroy(g);
	/* Starting at L turns the spiral: L gets A=5, G gets B=2. */
	g = et_new_game("Red Blue White", NULL, "terrain=OWLGBWBGLDLOLOGWBGW start=L");
	assert_non_null(g);
	assert_int_equal(g->b.token[11], 5);  /* L */
	assert_int_equal(g->b.token[6], 2);   /* G */
	assert_int_equal(g->b.token[10], 9);  /* K, first of the inner ring */
	assert_int_equal(g->b.token[14], 11); /* O, last */
	catan_game.destroy(g);
	g = et_new_game("Red Blue White", NULL, "terrain=OWLGBWBGLLDOLOGWBGW start=L");
	assert_non_null(g);
	assert_int_equal(g->b.token[11], 5);
	assert_int_equal(g->b.token[6], 2);
	assert_int_equal(g->b.token[2], 6);
	assert_int_equal(g->b.token[10], 0); /* K desert */
	catan_game.destroy(g);
	/* Errors. */
	static const struct {
		const char *setup, *words;
	} bad[] = {
		{ "hexes=O10,W2", "hexes= lists 2 hexes" },
		{ "hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,"
		  "G6,O11",
		  "3 pasture hexes, the box has 4" },
		{ "hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,"
		  "G6,W12",
		  "number tokens 11" },
		{ "hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D5,L3,O8,L8,O3,G4,W5,B5,"
		  "G6,W11",
		  "hex J" },
		{ "harbours=3:1@c1-d1", "harbours= lists 1" },
		{ "harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,"
		  "wool@i5-j5,3:1@f6-g6,3:1@c6-d6,brick@b4-b5,lumber@e3-f3",
		  "the harbour at e3-f3 is not on the coast" },
		{ "harbours=3:1@c1-d1,grain@d1-e1,ore@i2-j2,3:1@k3-k4,"
		  "wool@i5-j5,3:1@f6-g6,3:1@c6-d6,brick@b4-b5,lumber@b2-b3",
		  "touches another harbour" },
		{ "harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,"
		  "wool@i5-j5,3:1@f6-g6,3:1@c6-d6,brick@b4-b5,brick@b2-b3",
		  "2 brick harbours" },
		{ "colour=E", "unknown Setup field 'colour'" },
		{ "robber=Z", "robber: 'Z' is no hex" },
		{ "settlements=Red:e3+f3", "buildings at e3 and f3 are adjacent" },
		{ "hands=Red:20brick", "hands: 20 brick, the bank has 19" },
		{ "settlements=Red:e3 cities=Blue:e3", "taken twice" },
		{ "terrain=OWLGBWBGLLDOLOGWBGW start=E", "corner hex" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		g = et_new_game("Red Blue White", NULL, bad[i].setup);
		if (g)
			fail_msg("accepted Setup %s", bad[i].setup);
		assert_string_equal(et_shared.rej.rule, "bad-setup");
		if (!strstr(et_shared.rej.msg, bad[i].words))
			fail_msg("'%s' lacks '%s'", et_shared.rej.msg, bad[i].words);
		assert_int_equal(et_shared.rej.line, 3);
	}
}

/* Odd bytes in a line: parse() rejects them as syntax, reading nothing
 * beyond the token (found by the fuzz harness: a NUL inside a keyword). */
static void test_parse_junk(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	static const char line[] = "Red settle\0x roll 1+1";
	arb_token tok[8];
	size_t n = arb_split_tokens(line, sizeof line - 1, 1, 1, tok, 8);
	assert_int_equal(n, 4);
	cat_move m;
	memset(&m, 0, sizeof m);
	assert_int_equal(catan_game.parse(g, tok, n, &m, &et_shared.rej), -1);
	assert_string_equal(et_shared.rej.rule, "syntax");
	et_bad(et_on(g), "Red roll 7+1", "syntax", 10, "both dice");
	et_bad(et_on(g), "Red roll 8+", "syntax", 10, "or their sum");
	et_bad(et_on(g), "Red roll 1+1 trade bank 4ore", "syntax", 14, "'trade' needs");
	et_bad(et_on(g), "Red roll 1+1 trade bank 4ore lumber", "syntax", 30, "'for'");
	et_bad(et_on(g), "Red roll 1+1 road c1-e1", "syntax", 19, "a path between");
	et_bad(et_on(g), "Red roll 1+1 buy castle", "syntax", 18, "a development card");
	et_bad(et_on(g), "Red roll 1+1 discard Orange ore", "not-seated", 22,
	       "'Orange' is not a colour playing this game");
	et_bad(et_on(g), "Purple roll 1+1", "unknown-colour", 1, "'Purple'");
	et_bad(et_on(g), "Red roll 1+1 trade bank 4ore+ for lumber", "syntax", 25, "bundle");
	et_bad(et_on(g), "Red roll 1+1 play victory-point", "syntax", 19, "a card that is played");
	et_bad(et_on(g), "Red roll 1+1 dance", "syntax", 14, "'dance' is no action");
	/* Aliases and case on input; canonical output. */
	arb_token t2[16];
	const char *alias = "red ROLL 1,1 Trade BANK 4Stone for WOOD settle c1";
	n = arb_split_tokens(alias, strlen(alias), 1, 1, t2, 16);
	memset(&m, 0, sizeof m);
	assert_int_equal(catan_game.parse(g, t2, n, &m, &et_shared.rej), 0);
	arb_buf out = { 0 };
	catan_game.format(g, &m, &out);
	assert_string_equal(out.p, "Red roll 1+1 trade bank 4ore for lumber "
				   "settlement c1");
	arb_buf_free(&out);
	catan_game.destroy(g);
}

/* A roll written as its sum (the dice unseen): production follows the
 * sum, a 7 calls the robber, and the sum prints as written. */
static void test_roll_sum(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	tt_empty(g, RED);
	et_bad(et_on(g), "Red roll 13", "syntax", 10, "their sum (2..12)");
	et_bad(et_on(g), "Red roll 1", "syntax", 10, "their sum (2..12)");
	et_bad(et_on(g), "Red roll 0", "syntax", 10, "their sum (2..12)");
	et_bad(et_on(g), "Red roll 2 gets Red 2wool", "assert-production", 17,
	       "the roll of 2, but Red gets wool");
	et_ok(et_on(g), "Red roll 2 gets Red wool");
	tt_hand_is(g, RED, "wool");
	et_bad(et_on(g), "Blue roll 7", "robber-missing", 1, "rolled a 7");
	et_ok(et_on(g), "Blue roll 7 robber E steal Red wool");
	static const char line[] = "White roll 12";
	arb_token tok[4];
	size_t n = arb_split_tokens(line, sizeof line - 1, 1, 1, tok, 4);
	cat_move m;
	memset(&m, 0, sizeof m);
	assert_int_equal(catan_game.parse(g, tok, n, &m, &et_shared.rej), 0);
	arb_buf out = { 0 };
	catan_game.format(g, &m, &out);
	assert_string_equal(out.p, "White roll 12");
	arb_buf_free(&out);
	catan_game.destroy(g);
}

/* ------------------------------------------------------------------ moves */

static char mv[64][96];
static size_t nmv;

static void mv_emit(void *ctx, const char *move)
{
	(void)ctx;
	if (nmv < 64)
		snprintf(mv[nmv++], sizeof mv[0], "%s", move);
}

/* Peter's position of corpus/catan/example-trade-peter.tgn: 2 lumber and
 * 3 ore, the 3:1 harbour at d1; with the roll 1+2 he may end the turn or
 * trade 3 ore at his harbour (domestic trades are not listed). */
static void test_moves(void **state)
{
	(void)state;
	static const char *const lines[] = { "Red settlement j3 road j2-j3",
					     "Blue settlement d1 road d1-e1",
					     "White settlement c3 road c3-c4",
					     "White settlement e2 road e2-f2",
					     "Blue settlement d4 road d4-e4",
					     "Red settlement j4 road j4-j5",
					     "Red roll 4+6",
					     NULL };
	cat_game *g = et_new_game_ok("Red Blue White");
	nmv = 0;
	/* Any intersection, any of its paths: 2 x 72 placements. */
	assert_int_equal(catan_game.moves(g, NULL, mv_emit, NULL), 144);
	assert_string_equal(mv[0], "Red settlement c1 road c1-d1");
	for (unsigned i = 0; lines[i]; i++)
		et_ok(et_on(g), lines[i]);
	cat_move next;
	memset(&next, 0, sizeof next);
	next.seat = BLUE;
	next.n = 1;
	next.act[0] = (cat_act){ .kind = A_ROLL, .a = 1, .b = 2 };
	nmv = 0;
	assert_int_equal(catan_game.moves(g, &next, mv_emit, NULL), 5);
	assert_string_equal(mv[0], "Blue roll 1+2");
	assert_string_equal(mv[1], "Blue roll 1+2 trade bank 3ore for brick");
	assert_string_equal(mv[4], "Blue roll 1+2 trade bank 3ore for grain");
	tt_hand_is(g, BLUE, "2lumber+2ore"); /* moves() changed nothing */
	/* Without the record's dice: every roll but 7, and the robber moves
	 * of a 7. */
	nmv = 0;
	size_t n = catan_game.moves(g, NULL, mv_emit, NULL);
	assert_true(n > 10);
	assert_string_equal(mv[0], "Blue roll 1+1");
	catan_game.destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* the tags: Variant options and the Setup tag */
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_setup_tag),
		/* the words: moves listed, odd bytes, aliases, a roll's sum */
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_parse_junk),
		cmocka_unit_test(test_roll_sum),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
