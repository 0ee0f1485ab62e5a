/*
 * test_rules.c — every Carcassonne rule, followed and broken, through
 * parse() + apply() as the tool drives them; scoring of completed features
 * (majorities, ties, several at once, wrapped H cities) and of the final
 * scoring (incomplete features, the three farm systems), on positions
 * small enough to check by hand.  Final scoring needs the game to end, so
 * those tests shrink the tile counts (white box: cc_data is ours) until
 * the tiles of the scenario are all there is.
 *
 * Geometry reminders (board frame): D at 0,0 has a city north, a road
 * west-east and a field south.  U rotated 90 is a west-east road; E
 * rotated 180 is a city cap facing south; N is a corner city N+E, turned
 * 90 E+S, 180 S+W, 270 W+N.
 */
#include "cc_test.h"

static void *data;

static int setup_data(void **state)
{
	(void)state;
	data = et_data(OPS, NULL);
	return 0;
}

static int teardown_data(void **state)
{
	(void)state;
	OPS->data_free(data);
	return 0;
}

/* A private copy of the tile set whose counts are given as "D2 E1 ...";
 * every other type gets 0 copies. */
static cc_data *counts(const char *spec)
{
	cc_data *d = malloc(sizeof *d);
	memcpy(d, data, sizeof *d);
	for (unsigned i = 0; i < d->ntypes; i++)
		d->type[i].count = 0;
	d->total = 0;
	for (const char *p = spec; *p; p++) {
		if (*p < 'A' || *p > 'Z')
			continue;
		int n = atoi(p + 1);
		d->type[d->by_letter[*p - 'A']].count = (uint8_t)n;
		d->total += (unsigned)n;
	}
	return d;
}

/* ------------------------------------------------------------ the data */

static void test_tile_set(void **state)
{
	(void)state;
	const cc_data *d = data;
	unsigned edges[3] = { 0 }, segs[5] = { 0 }, shields = 0, cloisters = 0;
	assert_int_equal(d->ntypes, 24);
	assert_int_equal(d->total, 72);
	assert_int_equal(d->type[d->start].letter, 'D');
	assert_int_equal(d->followers, 7);
	for (unsigned i = 0; i < d->ntypes; i++) {
		const cc_type *t = &d->type[i];
		assert_int_equal(t->letter, 'A' + (int)i);
		for (unsigned s = 0; s < 4; s++)
			edges[t->rot[0].edge[s]] += t->count;
		for (unsigned k = 0; k < t->nseg; k++) {
			segs[t->rot[0].seg[k].kind] += t->count;
			shields += t->rot[0].seg[k].shield * t->count;
		}
		cloisters += t->cloister * t->count;
	}
	/* the fact sheet's cross-checked statistics (§0) */
	assert_int_equal(edges[CC_EFIELD], 115);
	assert_int_equal(edges[CC_EROAD], 94);
	assert_int_equal(edges[CC_ECITY], 79);
	assert_int_equal(segs[CC_FIELD], 126);
	assert_int_equal(segs[CC_ROAD], 62);
	assert_int_equal(segs[CC_CITY], 49);
	assert_int_equal(shields, 10);
	assert_int_equal(cloisters, 6);
}

/* Turning is consistent: every segment covers exactly the sides and
 * half-edges that point back to it, in all four orientations. */
static void test_rotations(void **state)
{
	(void)state;
	const cc_data *d = data;
	for (unsigned i = 0; i < d->ntypes; i++)
		for (unsigned r = 0; r < 4; r++) {
			const cc_orient *o = &d->type[i].rot[r];
			const cc_orient *o0 = &d->type[i].rot[0];
			for (unsigned s = 0; s < 4; s++) {
				assert_int_equal(o->edge[(s + r) % 4], o0->edge[s]);
				if (o->side_seg[s] >= 0)
					assert_true(o->seg[o->side_seg[s]].sides >> s & 1);
			}
			for (unsigned h = 0; h < 8; h++)
				if (o->half_seg[h] >= 0)
					assert_true(o->seg[o->half_seg[h]].halves >> h & 1);
				else
					assert_int_equal(o->edge[h / 2], CC_ECITY);
		}
	/* V turned 90: the road runs west-north */
	const cc_orient *v = &d->type['V' - 'A'].rot[1];
	assert_int_equal(v->seg[0].sides, 1u << 3 | 1u << 0);
}

static void test_bad_data(void **state)
{
	(void)state;
	arb_data_error err;
	static const char *const bad[] = {
		"game: carcassonne\nstart: A\nfollowers: 7\ntiles:\n"
		"  - {letter: A, count: 1, edges: FFRF, cities: [], roads: [N], fields: []}\n",
		"game: carcassonne\nstart: Z\nfollowers: 7\ntiles:\n"
		"  - {letter: B, count: 1, edges: FFFF, cities: [], roads: [],"
		" fields: [{halves: [NL, NR, EL, ER, SL, SR, WL, WR], cities: []}]}\n",
		"game: carcassonne\nstart: B\nfollowers: 7\ntiles:\n"
		"  - {letter: B, count: 1, edges: FFFF, cities: [], roads: [],"
		" fields: [{halves: [NL, NR, EL, ER, SL, SR, WL], cities: []}]}\n",
		"game: carcassonne\nstart: B\nfollowers: 7\ntiles:\n"
		"  - {letter: B, count: 1, edges: FFFF, cities: [], roads: [],"
		" fields: [{halves: [NL, NR, EL, ER, SL, SR, WL, WR], cities: [0]}]}\n",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		void *d = et_data_try(OPS, bad[i], &err);
		assert_null(d);
		assert_true(err.msg[0] != 0);
	}
}

/* ---------------------------------------------------------- notation */

static void roundtrip(et_game *t, const char *in, const char *want)
{
	arb_token tok[16];
	size_t n = arb_split_tokens(in, strlen(in), 1, 1, tok, 16);
	cc_move m;
	memset(&m, 0, sizeof m);
	if (OPS->parse(t->g, tok, n, &m, &t->rej) < 0)
		fail_msg("'%s': %s", in, t->rej.msg);
	arb_buf b = { 0 };
	OPS->format(t->g, &m, &b);
	assert_string_equal(b.p, want);
	/* fmt(parse(fmt(m))) == fmt(m) */
	n = arb_split_tokens(b.p, b.len, 1, 1, tok, 16);
	cc_move m2;
	memset(&m2, 0, sizeof m2);
	assert_int_equal(OPS->parse(t->g, tok, n, &m2, &t->rej), 0);
	arb_buf b2 = { 0 };
	OPS->format(t->g, &m2, &b2);
	assert_string_equal(b2.p, want);
	arb_buf_free(&b);
	arb_buf_free(&b2);
}

static void parse_bad(et_game *t, const char *in, const char *rule, unsigned col)
{
	arb_token tok[16];
	size_t n = arb_split_tokens(in, strlen(in), 7, 1, tok, 16);
	cc_move m;
	memset(&m, 0, sizeof m);
	memset(&t->rej, 0, sizeof t->rej);
	if (OPS->parse(t->g, tok, n, &m, &t->rej) == 0)
		fail_msg("'%s' parsed", in);
	if (strcmp(t->rej.rule, rule))
		fail_msg("'%s': %s (%s), expected %s", in, t->rej.rule, t->rej.msg, rule);
	assert_int_equal(t->rej.line, 7);
	assert_int_equal(t->rej.col, col);
}

static void test_notation(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 3);
	roundtrip(&t, "Red V 1,0 90", "Red V 1,0 90");
	roundtrip(&t, "red v 1,0 r90", "Red V 1,0 90");
	roundtrip(&t, "BLUE u -3,12 R270 road east", "Blue U -3,12 270 road E");
	roundtrip(&t, "Blue U 1,0 90 road W", "Blue U 1,0 90 road E");
	roundtrip(&t, "Blue U 1,0 90 -", "Blue U 1,0 90");
	roundtrip(&t, "Green A 0,1 0 monastery", "Green A 0,1 0 cloister");
	roundtrip(&t, "Green D 0,1 180 farmer nr", "Green D 0,1 180 field NL");
	roundtrip(&t, "Green R 0,-1 0 knight w", "Green R 0,-1 0 city N");
	roundtrip(&t, "Green R 0,-1 0 C:w", "Green R 0,-1 0 city N");
	roundtrip(&t, "Red U 1,0 90 f:nl", "Red U 1,0 90 field NL");
	roundtrip(&t, "Red A 1,0 90 M", "Red A 1,0 90 cloister");
	/* every word a follower's feature goes by (notation/carcassonne.md),
	 * each found through notation.c's index by first letter and length */
	static const char *const roads[] = { "r", "road", "robber", "thief", "highwayman", "ROAD" };
	static const char *const cities[] = { "c", "city", "knight", "Knight" };
	static const char *const fields[] = { "f", "field", "farm", "farmer" };
	static const char *const cloisters[] = { "m",	  "cloister", "monastery",
						 "abbey", "monk",     "Abbey" };
	char in[64];
	for (size_t i = 0; i < sizeof roads / sizeof roads[0]; i++) {
		snprintf(in, sizeof in, "Blue U -3,12 270 %s east", roads[i]);
		roundtrip(&t, in, "Blue U -3,12 270 road E");
	}
	for (size_t i = 0; i < sizeof cities / sizeof cities[0]; i++) {
		snprintf(in, sizeof in, "Green R 0,-1 0 %s w", cities[i]);
		roundtrip(&t, in, "Green R 0,-1 0 city N");
	}
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		snprintf(in, sizeof in, "Green D 0,1 180 %s nr", fields[i]);
		roundtrip(&t, in, "Green D 0,1 180 field NL");
	}
	for (size_t i = 0; i < sizeof cloisters / sizeof cloisters[0]; i++) {
		snprintf(in, sizeof in, "Green A 0,1 0 %s", cloisters[i]);
		roundtrip(&t, in, "Green A 0,1 0 cloister");
	}
	roundtrip(&t, "Red X discard", "Red X discard");
	roundtrip(&t, "Red x DISCARDED", "Red X discard");
	roundtrip(&t, "Red W +2,-0 0 road S", "Red W 2,0 0 road S");

	parse_bad(&t, "Purple V 1,0 0", "unknown-colour", 1);
	parse_bad(&t, "Yellow V 1,0 0", "not-seated", 1);
	parse_bad(&t, "Red", "missing-token", 4);
	parse_bad(&t, "Red Z 1,0 0", "unknown-tile", 5);
	parse_bad(&t, "Red VV 1,0 0", "unknown-tile", 5);
	parse_bad(&t, "Red V", "missing-token", 6);
	parse_bad(&t, "Red V 1;0 0", "bad-position", 7);
	parse_bad(&t, "Red V 1, 0", "bad-position", 7);
	parse_bad(&t, "Red V 1,x 0", "bad-position", 7);
	parse_bad(&t, "Red V 1,0", "missing-token", 10);
	parse_bad(&t, "Red V 1,0 45", "bad-rotation", 11);
	parse_bad(&t, "Red V 1,0 -90", "bad-rotation", 11);
	parse_bad(&t, "Red V 1,0 360", "bad-rotation", 11);
	parse_bad(&t, "Red V 1,0 0 castle N", "bad-follower", 13);
	parse_bad(&t, "Red V 1,0 0 road", "bad-follower", 13);
	parse_bad(&t, "Red V 1,0 0 road Q", "bad-follower", 18);
	parse_bad(&t, "Red V 1,0 0 field N", "bad-follower", 19);
	parse_bad(&t, "Red V 1,0 0 road N", "no-such-feature", 18);
	parse_bad(&t, "Red V 1,0 0 road:Q", "bad-follower", 18);
	parse_bad(&t, "Red V 1,0 0 road:", "bad-follower", 13);
	parse_bad(&t, "Red V 1,0 0 city N", "no-such-feature", 18);
	parse_bad(&t, "Red E 1,0 0 field NL", "no-such-feature", 19);
	parse_bad(&t, "Red V 1,0 0 cloister", "no-such-feature", 13);
	parse_bad(&t, "Red A 1,0 0 cloister N", "extra-token", 22);
	parse_bad(&t, "Red V 1,0 0 road S x", "extra-token", 20);
	parse_bad(&t, "Red V discard now", "extra-token", 15);
	et_end(&t);
}

static void test_options(void **state)
{
	(void)state;
	et_game t;
	static const char *const ok[][3] = {
		{ "small-city", NULL },
		{ "small-city=2", NULL },
		{ "small-city=4", "farmers=once" },
		{ "farmers=city", NULL },
		{ "farmers=off", NULL },
		{ "farmers=field", NULL },
	};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		assert_int_equal(et_try_start_n(&t, OPS, data, 2, ok[i]), 0);
		et_end(&t);
	}
	static const char *const unknown[] = { "tunnels=on", NULL };
	assert_int_equal(et_try_start_n(&t, OPS, data, 2, unknown), -1);
	assert_string_equal(t.rej.rule, "unknown-option");
	assert_int_equal(t.rej.line, 2); /* the Variant tag's line */
	static const char *const badv[] = { "small-city=3", NULL };
	assert_int_equal(et_try_start_n(&t, OPS, data, 2, badv), -1);
	assert_string_equal(t.rej.rule, "bad-option-value");
	static const char *const badf[] = { "farmers", NULL };
	assert_int_equal(et_try_start_n(&t, OPS, data, 2, badf), -1);
	assert_string_equal(t.rej.rule, "bad-option-value");
	assert_int_equal(et_try_start_n(&t, OPS, data, 1, NULL), -1);
	assert_string_equal(t.rej.rule, "seat-count");
	assert_int_equal(et_try_start_n(&t, OPS, data, 6, NULL), -1);
	assert_string_equal(t.rej.rule, "seat-count");
}

/* --------------------------------------------------------- placement */

static void test_turn_order(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 3);
	et_bad(&t, "Blue U 1,0 90", "turn-order", 0, "it is Red's turn, not Blue's");
	et_ok(&t, "Red U 1,0 90");
	et_bad(&t, "Red U 2,0 90", "turn-order", 0, "it is Blue's turn");
	et_ok(&t, "Blue U 2,0 90");
	et_ok(&t, "Green U -1,0 90");
	et_ok(&t, "Red U -2,0 90"); /* round and round */
	et_end(&t);
}

static void test_start_and_adjacency(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	/* the start tile D is at 0,0 rotated 0 */
	assert_int_equal(cc_tile_at(t.g, 0, 0), 0);
	et_bad(&t, "Red U 0,0 0", "occupied", 0, "there is already a tile at 0,0 (tile D)");
	et_bad(&t, "Red B 1,1 0", "not-adjacent", 0, "touches no tile"); /* corner only */
	et_bad(&t, "Red B 5,0 0", "not-adjacent", 0, NULL);
	et_bad(&t, "Red B 100000,0 0", "not-adjacent", 0, NULL);
	et_ok(&t, "Red B 0,1 0");  /* below D: field to field */
	et_ok(&t, "Blue B 1,1 0"); /* beside B: now adjacent */
	et_end(&t);
}

static void test_edge_match(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	et_bad(&t, "Red E 0,-1 0", "edge-mismatch", 0,
	       "tile E at 0,-1 rotated 0: its south edge is a field but the tile "
	       "at 0,0 shows a city there");
	et_bad(&t, "Red U 1,0 0", "edge-mismatch", 0,
	       "its west edge is a field but the tile at 0,0 shows a road there");
	et_bad(&t, "Red U 1,0 0", "edge-mismatch", 0, NULL);
	et_ok(&t, "Red U 1,0 90");
	et_ok(&t, "Blue E 0,-1 180");
	/* every touching edge must match: at 1,-1 the tile meets E's east
	 * field (west side) and U's north field (south side) */
	et_bad(&t, "Red W 1,-1 0", "edge-mismatch", 0, "its south edge is a road");
	et_ok(&t, "Red V 1,-1 180"); /* road N-E, fields W and S */
	et_end(&t);
}

static void test_tile_supply(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	/* C exists once */
	et_ok(&t, "Red E 0,-1 180");
	et_ok(&t, "Blue C discard"); /* no open city edge left */
	et_bad(&t, "Blue C discard", "tile-supply", 0, "the only tile C is already drawn");
	/* D: 4 in the box, the start tile is one of them */
	et_ok(&t, "Blue D 1,0 0");
	et_ok(&t, "Red D 2,0 0");
	et_ok(&t, "Blue D 3,0 0");
	et_bad(&t, "Red D 4,0 0", "tile-supply", 0, "the start tile is one of them");
	et_end(&t);
}

static void test_discard(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	et_bad(&t, "Red C discard", "discard-placeable", 0,
	       "tile C fits on the board (for example at 0,-1 rotated 0)");
	et_bad(&t, "Red V discard", "discard-placeable", 0, NULL);
	et_ok(&t, "Red E 0,-1 180"); /* closes the start city */
	et_ok(&t, "Blue C discard"); /* C now fits nowhere */
	/* the same player draws again */
	et_bad(&t, "Red U 1,0 90", "turn-order", 0, NULL);
	et_ok(&t, "Blue U 1,0 90");
	et_ok(&t, "Red U 2,0 90");
	et_end(&t);
}

/* ---------------------------------------------------------- followers */

static void test_follower_on_feature(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red U 1,0 90 road E");
	/* the road (D-U) holds Red's robber: nobody may join it */
	et_bad(&t, "Blue U 2,0 90 road W", "feature-occupied", 0,
	       "the road at W of tile U at 2,0 joins a road that already holds a follower (Red)");
	et_ok(&t, "Blue U 2,0 90 field NL"); /* north field: free */
	/* the south field is free, the north one is Blue's */
	et_bad(&t, "Red U -1,0 90 field NL", "feature-occupied", 0, "(Blue)");
	et_bad(&t, "Red U -1,0 90 road E", "feature-occupied", 0, "(Red)"); /* own one too */
	et_ok(&t, "Red U -1,0 90 field SL");
	et_end(&t);
}

/* A tile's segment separate from an occupied one is free (H's other cap),
 * and a placement may complete an opponent's city. */
static void test_follower_separate_segment(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	/* H turned 90: caps N and S; S closes the start city (no one there) */
	et_ok(&t, "Red H 0,-1 90 city N");
	assert_int_equal(t.nev, 0); /* unoccupied: no event */
	et_bad(&t, "Blue I 0,-2 90 city S", "feature-occupied", 0, "(Red)");
	et_ok(&t, "Blue I 0,-2 90 city E");
	/* Blue's I closed Red's two-tile city H-I: Red scores 4 */
	assert_int_equal(t.nev, 1);
	assert_string_equal(t.ev[0].kind, "city");
	assert_int_equal(t.ev[0].delta[0], 4);
	assert_int_equal(t.ev[0].delta[1], 0);
	assert_int_equal(et_field(&t.ev[0], "tiles"), 2);
	assert_int_equal(et_field(&t.ev[0], "followers"), 1);
	assert_int_equal(et_score(&t, 0), 4);
	cc_game *g = t.g;
	assert_int_equal(g->supply[0], 7); /* the knight came home */
	assert_int_equal(g->supply[1], 6); /* Blue's stays */
	et_end(&t);
}

static void test_follower_supply(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	cc_game *g = t.g;
	/* Red puts its 7 followers on 7 separate features, none completed */
	et_ok(&t, "Red B 0,1 0 cloister");
	et_ok(&t, "Blue B 1,1 0");
	et_ok(&t, "Red B -1,1 0 cloister");
	et_ok(&t, "Blue B 2,1 0");
	et_ok(&t, "Red A 0,2 0 cloister");
	et_ok(&t, "Blue U 1,0 90");
	et_ok(&t, "Red A -1,2 0 cloister");
	et_ok(&t, "Blue U -1,0 90");
	et_ok(&t, "Red U 2,0 90 road E");
	et_ok(&t, "Blue U -2,0 90");
	et_ok(&t, "Red U 3,0 90 field NL");
	et_ok(&t, "Blue U -3,0 90");
	et_ok(&t, "Red U 4,0 90 field SL");
	assert_int_equal(g->supply[0], 0);
	et_ok(&t, "Blue U 5,0 90");
	et_bad(&t, "Red X 6,0 0 road E", "follower-supply", 0,
	       "Red has no follower left in supply: all 7 are on the board");
	et_ok(&t, "Red X 6,0 0"); /* without one: fine */
	et_end(&t);
}

static void test_farmers_off(void **state)
{
	(void)state;
	et_game t;
	static const char *const off[] = { "farmers=off", NULL };
	assert_int_equal(et_try_start_n(&t, OPS, data, 2, off), 0);
	et_bad(&t, "Red U 1,0 90 field NL", "farmers-off", 0, NULL);
	et_ok(&t, "Red U 1,0 90 road E");
	et_end(&t);
}

/* ------------------------------------------------------- completion */

static void test_small_city(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red E 0,-1 180 city S");
	assert_int_equal(t.nev, 1);
	assert_int_equal(et_points(&t.ev[0]), 4); /* 2002: 2 per tile */
	assert_string_equal(t.ev[0].text,
			    "Red scores 4 points for a completed "
			    "city of 2 tiles and 0 shields at 0,-1 (1 follower returns)");
	et_end(&t);
	static const char *const old[] = { "small-city=2", NULL };
	assert_int_equal(et_try_start_n(&t, OPS, data, 2, old), 0);
	t.nev = 0;
	et_ok(&t, "Red E 0,-1 180 city S");
	assert_int_equal(et_points(&t.ev[0]), 2); /* pre-2002 */
	et_end(&t);
}

/* A road ends at a cloister (A) and at a city (T). */
static void test_road_ends(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red A 1,0 90 road W"); /* A turned 90: road west */
	assert_int_equal(t.nev, 0);
	et_ok(&t, "Blue T -1,0 270"); /* T turned 270: road east */
	assert_int_equal(t.nev, 1);
	assert_string_equal(t.ev[0].kind, "road");
	assert_int_equal(et_field(&t.ev[0], "tiles"), 3);
	assert_int_equal(t.ev[0].delta[0], 3);
	assert_int_equal(t.ev[0].delta[1], 0);
	assert_int_equal(((cc_game *)t.g)->supply[0], 7);
	et_end(&t);
}

/* Two robbers each on one road joined by a tile: a tie scores both in
 * full. */
static void test_road_tie(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red U 1,0 90 road E"); /* road D-U, Red's */
	et_ok(&t, "Blue B 1,1 0");
	et_ok(&t, "Red W -1,0 0");	    /* ends D's road westwards */
	et_ok(&t, "Blue V 2,1 180 road N"); /* Blue's road N-E */
	et_ok(&t, "Red V 2,0 0");	    /* joins the two roads */
	assert_int_equal(t.nev, 0);
	et_ok(&t, "Blue W 3,1 0"); /* ends it eastwards */
	assert_int_equal(t.nev, 1);
	assert_string_equal(t.ev[0].kind, "road");
	assert_int_equal(et_field(&t.ev[0], "tiles"), 6); /* W D U V V W */
	assert_int_equal(t.ev[0].delta[0], 6);
	assert_int_equal(t.ev[0].delta[1], 6);
	assert_int_equal(et_field(&t.ev[0], "followers"), 2);
	assert_string_equal(t.ev[0].text, "Red and Blue score 6 points each for a "
					  "completed road of 6 tiles at 3,1 (2 followers return)");
	et_end(&t);
}

/* Majority: two Red robbers against one Blue one; only Red scores. */
static void test_road_majority(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red U 1,0 90 road E"); /* Red's first road */
	et_ok(&t, "Blue B 1,1 0");
	et_ok(&t, "Red V 2,1 180 road N"); /* Red's second road */
	et_ok(&t, "Blue B 0,1 0");
	et_bad(&t, "Red V 2,0 0 road W", "feature-occupied", 0, "(Red)");
	et_ok(&t, "Red V 2,0 0");	    /* joins them: 2 Red */
	et_ok(&t, "Blue V -1,1 90 road N"); /* Blue's road */
	et_ok(&t, "Red V -1,0 270");	    /* joins Blue's in */
	et_ok(&t, "Blue W 3,1 0");	    /* east end */
	assert_int_equal(t.nev, 0);
	et_ok(&t, "Red W -2,1 0"); /* west end: complete */
	assert_int_equal(t.nev, 1);
	assert_int_equal(et_field(&t.ev[0], "tiles"), 8); /* W V V D U V V W */
	assert_int_equal(t.ev[0].delta[0], 8);
	assert_int_equal(t.ev[0].delta[1], 0);		      /* 2 against 1 */
	assert_int_equal(et_field(&t.ev[0], "followers"), 3); /* all go home */
	cc_game *g = t.g;
	assert_int_equal(g->supply[0], 7);
	assert_int_equal(g->supply[1], 7);
	et_end(&t);
}

/* A road closed into a loop is complete. */
static void test_road_loop(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red V 0,1 270 road E");
	et_ok(&t, "Blue V 1,1 0");
	et_ok(&t, "Red V 0,2 180");
	assert_int_equal(t.nev, 0);
	et_ok(&t, "Blue V 1,2 90");
	assert_int_equal(t.nev, 1);
	assert_string_equal(t.ev[0].kind, "road");
	assert_int_equal(et_field(&t.ev[0], "tiles"), 4);
	assert_int_equal(t.ev[0].delta[0], 4);
	et_end(&t);
}

/* The wrapped city: both caps of an H in one city count the tile once. */
static void test_wrapped_h_city(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	cc_data *d = counts("D1 G1 M1 N3 H1");
	et_start_n(&t, OPS, d, 2);
	et_ok(&t, "Red G 0,1 0 city E");
	et_ok(&t, "Blue M -1,1 90"); /* shield */
	et_ok(&t, "Red N 1,1 180");
	et_ok(&t, "Blue N -1,2 0");
	et_ok(&t, "Red N 1,2 270");
	assert_int_equal(t.nev, 0);
	assert_false(OPS->over(t.g));
	et_ok(&t, "Blue H 0,2 0 field NL");
	assert_int_equal(t.nev, 1);
	assert_int_equal(et_field(&t.ev[0], "tiles"), 6); /* not 7 */
	assert_int_equal(et_field(&t.ev[0], "shields"), 1);
	assert_int_equal(t.ev[0].delta[0], 14);
	/* the end: Blue's field touches the ring city through G and
	 * through both caps of H: once, 3 points */
	assert_true(OPS->over(t.g));
	et_bad(&t, "Red U 1,0 90", "game-over", 0, NULL); /* engine-level too */
	et_finish(&t);
	et_finish(&t); /* idempotent */
	assert_int_equal(t.nev, 2);
	assert_string_equal(t.ev[1].kind, "farm");
	assert_int_equal(et_field(&t.ev[1], "cities"), 1);
	assert_int_equal(t.ev[1].delta[1], 3);
	arb_standing st;
	OPS->standing(t.g, &st);
	assert_true(st.over);
	assert_int_equal(st.score[0], 14);
	assert_int_equal(st.score[1], 3);
	assert_true(st.winner[0]);
	assert_false(st.winner[1]);
	et_end(&t);
	free(d);
}

/* One tile completes a city, a road and a neighbouring cloister. */
static void test_several_at_once(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red B 0,1 0 cloister");
	et_ok(&t, "Blue W -1,0 0 road E");
	et_ok(&t, "Red E 0,-1 180"); /* closes D's city: nobody's */
	et_ok(&t, "Blue E 1,-1 180 city S");
	et_ok(&t, "Red U -1,1 0");
	et_ok(&t, "Blue U -1,2 0");
	et_ok(&t, "Red B 0,2 0");
	et_ok(&t, "Blue B 1,2 0");
	et_ok(&t, "Red V 1,1 180");
	assert_int_equal(t.nev, 0);
	et_ok(&t, "Blue L 1,0 0 road E");
	assert_int_equal(t.nev, 3);
	assert_string_equal(t.ev[0].kind, "city");
	assert_int_equal(t.ev[0].delta[1], 4);
	assert_string_equal(t.ev[1].kind, "road");
	assert_int_equal(t.ev[1].delta[1], 3);
	assert_string_equal(t.ev[2].kind, "cloister");
	assert_int_equal(t.ev[2].delta[0], 9);
	assert_string_equal(t.ev[2].text, "Red scores 9 points for a completed "
					  "cloister at 0,1 (1 follower returns)");
	cc_game *g = t.g;
	assert_int_equal(g->supply[0], 7);
	assert_int_equal(g->supply[1], 6); /* L's east road stays */
	et_end(&t);
}

/* A follower placed on a feature its own tile completes scores at once. */
static void test_place_and_score(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red E 0,-1 180 city S");
	assert_int_equal(t.nev, 1);
	assert_int_equal(((cc_game *)t.g)->supply[0], 7);
	et_end(&t);
}

/* Final scoring of incomplete features; a tie for the win. */
static void test_final_incomplete(void **state)
{
	(void)state;
	et_game t;
	t.nev = 0; /* the events from here on */
	cc_data *d = counts("D1 E1 U1 M1 B1");
	et_start_n(&t, OPS, d, 2);
	et_ok(&t, "Red E 0,-1 180 field NL");
	et_ok(&t, "Blue U 1,0 90 road E");
	et_ok(&t, "Red M 1,-1 0 city N");
	et_ok(&t, "Blue B 0,1 0 cloister");
	assert_int_equal(t.nev, 0);
	et_finish(&t);
	assert_int_equal(t.nev, 4);
	assert_string_equal(t.ev[0].kind, "incomplete-road");
	assert_int_equal(t.ev[0].delta[1], 2);
	assert_string_equal(t.ev[1].kind, "incomplete-city");
	assert_int_equal(t.ev[1].delta[0], 2); /* 1 tile + 1 shield */
	assert_string_equal(t.ev[2].kind, "incomplete-cloister");
	assert_int_equal(t.ev[2].delta[1], 3); /* 1 + D and U */
	assert_string_equal(t.ev[3].kind, "farm");
	assert_int_equal(t.ev[3].delta[0], 3);
	arb_standing st;
	OPS->standing(t.g, &st);
	assert_int_equal(st.score[0], 5);
	assert_int_equal(st.score[1], 5);
	assert_true(st.winner[0] && st.winner[1]);
	et_end(&t);
	free(d);
}

/* A finished game's snapshot stays finished: it names no turn, a game
 * created from it is over with the same standing, and the engine itself
 * refuses a further turn (game-over) — after the last tile placed, and
 * after the last tile discarded; with the final scoring run or not. */
static void finished_snapshot(const char *tiles, const char *const *turns, bool final)
{
	et_game t, c;
	cc_data *d = counts(tiles);
	et_start_n(&t, OPS, d, 2);
	for (size_t i = 0; turns[i]; i++)
		et_ok(&t, turns[i]);
	assert_true(OPS->over(t.g));
	et_bad(&t, "Red U 1,0 90", "game-over", 1, "all 2 tiles have been drawn");
	if (final)
		et_finish(&t);
	char snap[1024];
	et_snapshot(&t, snap, sizeof snap);
	assert_null(strstr(snap, "turn"));
	assert_int_equal(strstr(snap, "final") != NULL, final);
	if (et_try_start(&c, OPS, d, "Red Blue", NULL, snap) < 0)
		fail_msg("snapshot '%s' refused: %s", snap, c.rej.msg);
	assert_true(OPS->over(c.g));
	et_bad(&c, "Blue U 1,0 90", "game-over", 1, "the game is over");
	et_bad(&c, "Red U 1,0 90", "game-over", 1, NULL);
	et_finish(&c);
	et_finish(&t);
	arb_standing a, b;
	OPS->standing(t.g, &a);
	OPS->standing(c.g, &b);
	assert_memory_equal(&a, &b, sizeof a);
	assert_true(a.over && a.winner[0] && !a.winner[1]);
	et_end(&c);
	et_end(&t);
	free(d);
}

static void test_finished_snapshot(void **state)
{
	(void)state;
	static const char *const placed[] = { "Red E 0,-1 180 city S", "Blue U -1,0 90", NULL };
	static const char *const discarded[] = { "Red E 0,-1 180 city S", "Blue C discard", NULL };
	finished_snapshot("D1 E1 U1", placed, false);
	finished_snapshot("D1 E1 U1", placed, true);
	finished_snapshot("D1 E1 C1", discarded, false);
	finished_snapshot("D1 E1 C1", discarded, true);
}

/* The three farm systems on one city touched by two of Red's fields. */
static void farms(const char *opt, int want_red, size_t want_events)
{
	et_game t;
	t.nev = 0; /* the events from here on */
	cc_data *d = counts("D1 E1 U2");
	const char *const opts[] = { opt, NULL };
	assert_int_equal(et_try_start_n(&t, OPS, d, 2, opt ? opts : NULL), 0);
	et_ok(&t, "Red E 0,-1 180 field NL");
	et_ok(&t, "Blue U 1,0 90");
	et_ok(&t, "Red U -1,0 90 field NL");
	et_finish(&t);
	assert_int_equal(t.nev, want_events);
	assert_int_equal(et_score(&t, 0), want_red);
	assert_int_equal(et_score(&t, 1), 0);
	et_end(&t);
	free(d);
}

static void test_farm_systems(void **state)
{
	(void)state;
	farms(NULL, 6, 2); /* 2002: 3 per city per field */
	farms("farmers=field", 6, 2);
	farms("farmers=once", 3, 2); /* a city once per player */
	farms("farmers=city", 4, 1); /* 1st edition: 4 per city */
}

/* The board picture: D at 0,0 and a Red robber on a U east of it. */
static void test_dump(void **state)
{
	(void)state;
	et_game t;
	et_start_n(&t, OPS, data, 2);
	et_ok(&t, "Red U 1,0 90 road E");
	arb_buf b = { 0 };
	OPS->dump(t.g, 0, &b);
	/* rows of the two tiles side by side: D then U (robber on E) */
	assert_non_null(strstr(b.p, "\n     .#. ...\n   0 --- --R\n     ... ...\n"));
	assert_non_null(strstr(b.p, "Red: road E of tile U at 1,0 (rotated 90)"));
	assert_non_null(strstr(b.p, "Red 0 (6 in supply), Blue 0 (7 in supply)"));
	assert_non_null(strstr(b.p, "Tiles drawn: 1 of 71 (0 discarded); Blue to play"));
	arb_buf_reset(&b);
	OPS->dump(t.g, ARB_DUMP_LABELS, &b);
	assert_non_null(strstr(b.p, "NL   N   NR"));
	assert_non_null(strstr(b.p, "y grows to the south"));
	arb_buf_free(&b);
	et_end(&t);
}

/* The moves moves() emits, the first 256 kept. */
typedef struct move_list {
	char line[256][96];
	size_t n;
} move_list;

static void count_emit(void *ctx, const char *move)
{
	move_list *l = ctx;
	snprintf(l->line[l->n % 256], sizeof l->line[0], "%s", move);
	l->n++;
}

/* moves(): every placement of the drawn tile with its free spots; the
 * discard when it fits nowhere; every type left when nothing is drawn. */
static void test_moves(void **state)
{
	(void)state;
	et_game t;
	static move_list log;
	et_start_n(&t, OPS, data, 2);
	cc_move next = { .type = 'C' - 'A' };
	log.n = 0;
	/* C fits only above D, in any rotation: 4 placements x (1 + city) */
	assert_int_equal(OPS->moves(t.g, &next, count_emit, &log), 8);
	assert_string_equal(log.line[0], "Red C 0,-1 0");
	assert_string_equal(log.line[1], "Red C 0,-1 0 city N");
	et_ok(&t, "Red E 0,-1 180");
	log.n = 0;
	assert_int_equal(OPS->moves(t.g, &next, count_emit, &log), 1);
	assert_string_equal(log.line[0], "Blue C discard");
	log.n = 0;
	size_t all = OPS->moves(t.g, NULL, count_emit, &log);
	assert_true(all > 100);
	et_end(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tile_set),
		cmocka_unit_test(test_rotations),
		cmocka_unit_test(test_bad_data),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_turn_order),
		cmocka_unit_test(test_start_and_adjacency),
		cmocka_unit_test(test_edge_match),
		cmocka_unit_test(test_tile_supply),
		cmocka_unit_test(test_discard),
		cmocka_unit_test(test_follower_on_feature),
		cmocka_unit_test(test_follower_separate_segment),
		cmocka_unit_test(test_follower_supply),
		cmocka_unit_test(test_farmers_off),
		cmocka_unit_test(test_small_city),
		cmocka_unit_test(test_road_ends),
		cmocka_unit_test(test_road_tie),
		cmocka_unit_test(test_road_majority),
		cmocka_unit_test(test_road_loop),
		cmocka_unit_test(test_wrapped_h_city),
		cmocka_unit_test(test_several_at_once),
		cmocka_unit_test(test_place_and_score),
		cmocka_unit_test(test_final_incomplete),
		cmocka_unit_test(test_farm_systems),
		cmocka_unit_test(test_dump),
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_finished_snapshot),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
