/*
 * test_longest.c — the longest road: the engine's search against a slow,
 * obviously correct reference (recursion over explicit edge lists), on
 * branching, looping and broken networks and on thousands of random road
 * sets; then the Longest Road card moving between players by the fact
 * sheet's rule 2.9, including the rulebook's break that sets the card
 * aside; and random legal games (from moves()) checked against a
 * recount of every player's points from the board.
 */
#include "catan_test.h"

enum { RED, BLUE, WHITE };

/* ------------------------------------------------- the reference model */

static const cat_game *ref_g;
static const cat_state *ref_s;
static unsigned ref_seat;

/* Longest extension of a trail ending at node v with `used` edges. */
static unsigned ref_walk(unsigned v, bool used[CAT_EDGES], bool first)
{
	const cat_geom *G = &ref_g->d->g;
	unsigned o = ref_s->node_owner[v];
	if (!first && o && o != ref_seat + 1)
		return 0; /* an opponent's building: stop */
	unsigned best = 0;
	for (unsigned e = 0; e < CAT_EDGES; e++) {
		if (used[e] || ref_s->edge_owner[e] != ref_seat + 1)
			continue;
		unsigned a = G->edge_node[e][0], b = G->edge_node[e][1];
		if (a != v && b != v)
			continue;
		used[e] = true;
		unsigned l = 1 + ref_walk(a == v ? b : a, used, false);
		used[e] = false;
		if (l > best)
			best = l;
	}
	return best;
}

static unsigned ref_trail(const cat_game *g, unsigned seat)
{
	bool used[CAT_EDGES] = { false };
	unsigned best = 0;
	ref_g = g;
	ref_s = &g->s;
	ref_seat = seat;
	for (unsigned v = 0; v < CAT_NODES; v++) {
		unsigned l = ref_walk(v, used, true);
		if (l > best)
			best = l;
	}
	return best;
}

/* Give `seat` the roads "a4-b4 b4-c4 ..." directly (white box). */
static void roads(cat_game *g, unsigned seat, const char *list)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", list);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		int e = cat_parse_edge(g->d, w, strlen(w));
		assert_true(e >= 0);
		assert_int_equal(g->s.edge_owner[e], 0);
		g->s.edge_owner[e] = (uint8_t)(seat + 1);
		g->s.p[seat].roads++;
	}
	g->s.p[seat].road_len = (uint8_t)cat_trail(g, &g->s, seat);
}

static void building(cat_game *g, unsigned seat, const char *node)
{
	int v = cat_parse_node(g->d, node, strlen(node));
	assert_true(v >= 0);
	g->s.node_owner[v] = (uint8_t)(seat + 1);
	g->s.p[seat].settlements++;
}

/* ---------------------------------------------------------- the shapes */

static void test_shapes(void **state)
{
	(void)state;
	cat_game *g = et_new_game_ok("Red Blue White");
	/* A line of 4 with a branch of 2 at its middle: 4 or 2+2... the
	 * longest is 2 + 2 = 4 along the line, or branch + half line. */
	roads(g, RED, "a4-b4 b4-c4 c4-d4 d4-e4");
	assert_int_equal(cat_trail(g, &g->s, RED), 4);
	roads(g, RED, "c3-c4 c3-d3"); /* a branch at c4 */
	/* b4? a4-b4-c4-c3-d3 = 4; a4..e4 = 4; d3-c3-c4-d4-e4 = 4;
	 * but a4-b4-c4-d4-e4 can't add the branch: 4 is still best... */
	assert_int_equal(cat_trail(g, &g->s, RED), ref_trail(g, RED));
	assert_int_equal(cat_trail(g, &g->s, RED), 4);
	/* A hexagon (hex I: c3 d3 d4? no: I = c3 d3? -> I's corners are
	 * d3 N, e3 NE, e4 SE, d4 S, c4 SW, c3 NW). */
	cat_game *h = et_new_game_ok("Red Blue White");
	roads(h, BLUE, "c3-d3 d3-e3 e3-e4 d4-e4 c4-d4 c3-c4");
	assert_int_equal(cat_trail(h, &h->s, BLUE), 6); /* a loop: all */
	roads(h, BLUE, "e4-f4 f4-g4");			/* a tail */
	assert_int_equal(cat_trail(h, &h->s, BLUE), 8);
	assert_int_equal(ref_trail(h, BLUE), 8);
	/* An opponent's settlement at d3 cuts the loop open: still 6+2-... */
	building(h, RED, "d3");
	assert_int_equal(cat_trail(h, &h->s, BLUE), ref_trail(h, BLUE));
	assert_int_equal(cat_trail(h, &h->s, BLUE), 6); /* g4..round to d3 */
	/* ... and one at e4 too splits it: d3-c3-c4-d4-e4 = 4, e3..: */
	building(h, WHITE, "e4");
	assert_int_equal(cat_trail(h, &h->s, BLUE), ref_trail(h, BLUE));
	assert_int_equal(cat_trail(h, &h->s, BLUE), 4);
	catan_game.destroy(h);
	catan_game.destroy(g);
	/* Two loops sharing a node (figure eight) count every road. */
	g = et_new_game_ok("Red Blue White");
	roads(g, WHITE,
	      "c3-d3 d3-e3 e3-e4 d4-e4 c4-d4 c3-c4 "
	      "e3-f3 f3-g3 g3-g4 f4-g4 e4-f4");
	assert_int_equal(cat_trail(g, &g->s, WHITE), ref_trail(g, WHITE));
	assert_int_equal(cat_trail(g, &g->s, WHITE), 11);
	catan_game.destroy(g);
}

/* Thousands of random road sets and buildings: the fast search and the
 * reference agree. */
static void test_random_networks(void **state)
{
	(void)state;
	unsigned seed = 12345;
	for (unsigned round = 0; round < 3000; round++) {
		cat_game *g = et_new_game_ok("Red Blue White");
		unsigned n = 1 + round % 15;
		for (unsigned i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned e = (seed >> 8) % CAT_EDGES;
			if (!g->s.edge_owner[e])
				g->s.edge_owner[e] = RED + 1;
		}
		for (unsigned i = 0; i < round % 5; i++) {
			seed = seed * 1103515245u + 12345u;
			g->s.node_owner[(seed >> 8) % CAT_NODES] = (uint8_t)(1 + (seed >> 20) % 3);
		}
		unsigned fast = cat_trail(g, &g->s, RED);
		unsigned ref = ref_trail(g, RED);
		if (fast != ref)
			fail_msg("round %u: fast %u, reference %u", round, fast, ref);
		catan_game.destroy(g);
	}
}

/* The memo of trails (a view record's search turns it on): thousands of
 * random networks in one game, each asked twice, with the buildings of
 * every seat on any intersection (the last ones too, which the key reads
 * a byte at a time); every answer, recalled or walked, is the
 * reference's.  A key that left out a building or a road would recall
 * another network's length. */
static void test_memo_of_trails(void **state)
{
	(void)state;
	unsigned seed = 777, recalled = 0;
	cat_game *g = et_new_game_ok("Red Blue White");
	g->trails = cat_trail_memo_new();
	for (unsigned round = 0; round < 6000; round++) {
		memset(g->s.edge_owner, 0, sizeof g->s.edge_owner);
		memset(g->s.node_owner, 0, sizeof g->s.node_owner);
		unsigned n = 1 + round % 15, seat = round % 3;
		/* a few networks met again and again, in the first or the
		 * last roads of the board, or any network */
		unsigned kind = round % 3;
		for (unsigned i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned e = kind == 0	 ? (seed >> 8) % 12
				     : kind == 1 ? CAT_EDGES - 1 - (seed >> 8) % 12
						 : (seed >> 8) % CAT_EDGES;
			g->s.edge_owner[e] = (uint8_t)(seat + 1);
		}
		for (unsigned i = 0; i < round / 3 % 4; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned v = kind == 1 ? CAT_NODES - 1 - (seed >> 8) % 8
					       : (seed >> 8) % CAT_NODES;
			g->s.node_owner[v] = (uint8_t)(1 + (seed >> 20) % 3);
		}
		unsigned ref = ref_trail(g, seat);
		for (unsigned ask = 0; ask < 2; ask++) {
			unsigned got = cat_trail(g, &g->s, seat);
			if (got != ref)
				fail_msg("round %u, asked %u: memo %u, reference %u", round, ask,
					 got, ref);
		}
		recalled += ref > 0;
	}
	assert_true(recalled > 1000);
	cat_trail_memo_free(g->trails); /* (the solver's own, in a view's replay) */
	g->trails = NULL;
	catan_game.destroy(g);
}

/* ----------------------------------------------------- the card moving */

static void test_card_first_and_longer(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	tt_give(g, RED, "5brick+5lumber");
	/* Red: e3-f3 (1) + f3-g3 g3-g4 f4-g4 e4-f4 = 5 */
	et_ok(et_on(g), "Red roll 6+6 road f3-g3 road g3-g4 road f4-g4 longest none "
			"road e4-f4 longest Red score Red 4");
	assert_non_null(strstr(et_shared.events, "longest-road:Red built a road at "
						 "e4-f4: longest road goes from nobody to Red"));
	/* Blue reaches 5 too: Red keeps it; 6 takes it. */
	roads(g, BLUE, "i3-j3 j3-k3 k3-k4"); /* h3-i3 + 3 = 4 */
	tt_give(g, BLUE, "2brick+2lumber");
	et_ok(et_on(g), "Blue roll 6+6 road j4-k4 longest Red");
	assert_int_equal(g->s.p[BLUE].road_len, 5);
	et_ok(et_on(g), "White roll 6+6");
	et_ok(et_on(g), "Red roll 6+6");
	et_shared.events[0] = 0;
	et_ok(et_on(g), "Blue roll 6+6 road i4-j4 longest Blue score Blue 4 "
			"score Red 2");
	assert_string_equal(et_shared.events, "longest-road:Blue built a road at "
					      "i4-j4: longest road goes from Red to Blue (6 "
					      "roads)\n");
	catan_game.destroy(g);
}

/* The rulebook's break ("Längsta handelsvägen"): a settlement cuts the
 * holder's road; with two others tied at 5 the card is set aside, and a
 * single longer road takes it back. */
static void test_break_sets_aside(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	roads(g, BLUE, "b4-c4 c4-d4 d4-e4 e4-f4 f4-g4 g4-h4"); /* 6 */
	roads(g, RED, "e2-f2 f2-g2 h2-i2 i2-j2");	       /* + g2-h2 = 5 */
	roads(g, WHITE, "h5-i5 i5-j5");			       /* + g5-h5 = 3 */
	g->s.lr = BLUE;
	assert_int_equal(g->s.p[BLUE].road_len, 6);
	assert_int_equal(g->s.p[RED].road_len, 5);
	et_ok(et_on(g), "Red roll 6+6");
	et_ok(et_on(g), "Blue roll 6+6");
	tt_give(g, WHITE, "3brick+3lumber+wool+grain");
	et_shared.events[0] = 0;
	et_ok(et_on(g), "White roll 6+6 road f5-g5 road f4-f5 longest Blue "
			"settlement f4 longest none");
	assert_string_equal(et_shared.events,
			    "settlement:White builds a settlement at f4: 1 point\n"
			    "longest-road:a settlement at f4 broke Blue's road: longest "
			    "road goes from Blue to nobody (the longest roads tie at 5, "
			    "the card is set aside)\n");
	assert_int_equal(g->s.p[BLUE].road_len, 4);
	assert_int_equal(g->s.p[WHITE].road_len, 5);
	/* A single longest road takes the card again. */
	tt_give(g, RED, "brick+lumber");
	et_ok(et_on(g), "Red roll 6+6 road j2-j3 longest Red score Red 4");
	catan_game.destroy(g);
}

/* The same break without the tie: the card goes to the single longest
 * (the rulebook: white must give the card to black); and a holder tied
 * after the break keeps it (fact sheet 2.9), unless
 * longest-road-tie=aside. */
static void test_break_passes_or_keeps(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	roads(g, BLUE, "b4-c4 c4-d4 d4-e4 e4-f4 f4-g4 g4-h4");
	roads(g, RED, "e2-f2 f2-g2 h2-i2 i2-j2");
	g->s.lr = BLUE;
	et_ok(et_on(g), "Red roll 6+6");
	et_ok(et_on(g), "Blue roll 6+6");
	tt_give(g, WHITE, "3brick+3lumber");
	et_ok(et_on(g), "White roll 6+6 road f5-g5 road f4-f5 settlement f4 "
			"longest Red");
	assert_non_null(strstr(et_shared.events, "broke Blue's road: longest road "
						 "goes from Blue to Red"));
	catan_game.destroy(g);

	for (unsigned opt = 0; opt < 2; opt++) {
		g = tt_opened(opt ? "longest-road-tie=aside" : NULL);
		roads(g, BLUE, "a4-b4 b4-c4 c4-d4 d4-e4 e4-f4 f4-g4 g4-h4");
		roads(g, RED, "e2-f2 f2-g2 h2-i2 i2-j2");
		g->s.lr = BLUE;
		et_ok(et_on(g), "Red roll 6+6");
		et_ok(et_on(g), "Blue roll 6+6");
		tt_give(g, WHITE, "3brick+3lumber");
		/* Blue 7 -> 5 (a4..f4), tied with Red's 5. */
		et_ok(et_on(g), opt ? "White roll 6+6 road f5-g5 road f4-f5 "
				      "settlement f4 longest none"
				    : "White roll 6+6 road f5-g5 road f4-f5 "
				      "settlement f4 longest Blue");
		catan_game.destroy(g);
	}
}

/* Points won on another's turn win when one's own turn comes. */
static void test_win_at_turn_start(void **state)
{
	(void)state;
	cat_game *g = tt_opened(NULL);
	roads(g, BLUE, "b4-c4 c4-d4 d4-e4 e4-f4 f4-g4 g4-h4");
	roads(g, RED, "e2-f2 f2-g2 h2-i2 i2-j2");
	g->s.lr = BLUE;
	g->s.p[RED].cities = 3;	  /* 2 + 6 = 8 points, + the road = 10 */
	et_unchecked(&et_shared); /* cities the board does not show */
	assert_int_equal(cat_vp(g, RED), 8);
	et_ok(et_on(g), "Red roll 6+6");
	et_ok(et_on(g), "Blue roll 6+6");
	tt_give(g, WHITE, "3brick+3lumber");
	et_ok(et_on(g), "White roll 6+6 road f5-g5 road f4-f5 settlement f4");
	assert_true(catan_game.over(g));
	assert_int_equal(g->s.winner, RED);
	assert_non_null(strstr(et_shared.events, "win:Red has 10 points when their "
						 "turn comes and wins"));
	catan_game.destroy(g);
}

/* ------------------------------------------ random games from moves() */

static char rnd_moves[4096][96];
static size_t rnd_n;

static void collect(void *ctx, const char *move)
{
	(void)ctx;
	if (rnd_n < 4096)
		snprintf(rnd_moves[rnd_n++], sizeof rnd_moves[0], "%s", move);
}

/* Points recounted from the board, cards and holders. */
static unsigned recount(const cat_game *g, unsigned seat)
{
	unsigned v = 0;
	for (unsigned n = 0; n < CAT_NODES; n++)
		if (g->s.node_owner[n] == seat + 1)
			v += g->s.node_city[n] ? 2 : 1;
	v += g->s.lr == seat ? 2 : 0;
	v += g->s.la == seat ? 2 : 0;
	return v + g->s.p[seat].dev[D_VP];
}

static void test_random_games(void **state)
{
	(void)state;
	unsigned seed = 99, won = 0, lr = 0, la = 0;
	for (unsigned game = 0; game < 20; game++) {
		cat_game *g = et_new_game_ok(game % 2 ? "Red Blue White Orange" : "Red Blue White");
		if (game % 4 >= 2) /* as a view's search plays them */
			g->trails = cat_trail_memo_new();
		for (unsigned turn = 0; turn < 400 && !g->s.over; turn++) {
			cat_move next;
			memset(&next, 0, sizeof next);
			next.seat = g->s.active;
			seed = seed * 1103515245u + 12345u;
			next.n = 1;
			next.act[0].kind = A_ROLL;
			next.act[0].a = (uint8_t)(1 + (seed >> 8) % 6);
			next.act[0].b = (uint8_t)(1 + (seed >> 16) % 6);
			rnd_n = 0;
			size_t n = catan_game.moves(g, &next, collect, NULL);
			assert_int_equal(n, rnd_n);
			if (!n) {
				/* A 7 with discards: nothing listed without
				 * the record's discards; roll again. */
				continue;
			}
			seed = seed * 1103515245u + 12345u;
			/* Prefer building moves: pick from the last half. */
			size_t k = (seed >> 8) % n;
			if (k < n / 2 && (seed >> 20) % 4)
				k = n - 1 - k;
			et_ok(et_on(g), rnd_moves[k]);
			for (unsigned p = 0; p < g->nseats; p++) {
				assert_int_equal(cat_vp(g, p), recount(g, p));
				assert_int_equal(g->s.p[p].road_len, ref_trail(g, p));
			}
			unsigned max = 0;
			for (unsigned p = 0; p < g->nseats; p++)
				if (g->s.p[p].road_len > max)
					max = g->s.p[p].road_len;
			if (g->s.lr != CAT_NONE)
				assert_int_equal(g->s.p[g->s.lr].road_len, max);
			if (max < 5)
				assert_int_equal(g->s.lr, CAT_NONE);
		}
		won += g->s.over;
		lr += g->s.lr != CAT_NONE;
		la += g->s.la != CAT_NONE;
		cat_trail_memo_free(g->trails);
		g->trails = NULL;
		catan_game.destroy(g);
	}
	/* The walk must reach the interesting states, or it tests little. */
	print_message("random games: %u won, %u with longest road, %u with "
		      "largest army\n",
		      won, lr, la);
	assert_true(won >= 5 && lr >= 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_random_networks),
		cmocka_unit_test(test_memo_of_trails),
		cmocka_unit_test(test_card_first_and_longer),
		cmocka_unit_test(test_break_sets_aside),
		cmocka_unit_test(test_break_passes_or_keeps),
		cmocka_unit_test(test_win_at_turn_start),
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
