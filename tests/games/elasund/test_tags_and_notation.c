/*
 * test_tags_and_notation.c — what an Elasund record's tags and words set
 * up and say, apart from the rules of play (test_rules.c): create() with
 * the Hands tag and its refusals; a line's syntax and the order of its
 * items; the Variant options (huts, track, cards, mills, halve); moves(),
 * every single choice as a legal line; the Setup tag checked fact by
 * fact; and input forgiving, format canonical.  Played through the one
 * engine harness as test_rules.c is, with the same helpers that arrange
 * a position by hand (arrange_test.h).  Split from test_rules.c, which
 * had grown past 900 lines.
 */
#include "arrange_test.h"

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
		/* create() and parse(): the Hands tag, a line's syntax, the options */
		cmocka_unit_test(test_create),
		cmocka_unit_test(test_syntax),
		cmocka_unit_test(test_options),
		/* moves(), the Setup tag, format() */
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_setup),
		cmocka_unit_test(test_format),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
