/*
 * test_view_by_hand.c — Catan view records written by hand (notation/
 * catan.md, "Records of what one player could see"), the cases the
 * generated games of test_view.c seldom reach: that a refusal names the
 * unseen cards that touched the hand it is about, and says it of every
 * way when the ways differ (test_refusals_name_the_unseen_cards); that a
 * discard owed in some ways keeps only those; that a line past both the
 * search's states and the ways listed at once is undecidable and leaves
 * the record as it was (test_listing_again); and that the search's memo
 * of states that led nowhere bears the rolls after them.  Each is played
 * listing every way and following one at a time, and most stand again as
 * corpus records (corpus/catan/view-*.tgn).
 */
#include "view_test.h"
#include "core/util.h"

enum { RED, BLUE, WHITE, ORANGE };

#define VIEW_DECK "deck=14knight+2road-building+2year-of-plenty+2monopoly+5victory-point"

/* A line of the observer's view and the words its refusal must hold
 * (NULL: it must be accepted; a refused line is not played). */
typedef struct named_line {
	const char *line, *words;
} named_line;

/* Play `lines` (up to one with a NULL line) in g. */
static void play_named(cat_game *g, unsigned max_worlds, const named_line *lines)
{
	for (const named_line *l = lines; l->line; l++) {
		int rc = et_try(et_on(g), l->line);
		if (!l->words && rc < 0)
			fail_msg("max_worlds %u: '%s' refused: %s", max_worlds, l->line,
				 et_shared.rej.msg);
		if (l->words && (rc == 0 || !strstr(et_shared.rej.msg, l->words)))
			fail_msg("max_worlds %u: '%s' %s, not with '%s': %s", max_worlds, l->line,
				 rc ? "refused" : "accepted", l->words,
				 rc ? et_shared.rej.msg : "");
	}
}

/* Play `first` (if not NULL), then `lines`, on that board with `cards`,
 * listing every way (max_worlds 0) and following one (1). */
static void name_check_from(const char *seats, const char *setup, const named_line *first,
			    const named_line *lines)
{
	for (unsigned max_worlds = 0; max_worlds < 2; max_worlds++) {
		cat_game *g = et_new_game(seats, NULL, setup);
		assert_non_null(g);
		g->view = CAT_OBSERVER;
		g->max_worlds = max_worlds;
		if (first)
			play_named(g, max_worlds, first);
		play_named(g, max_worlds, lines);
		catan_game.destroy(g);
	}
}

static void name_check_on(const char *seats, const char *setup, const named_line *lines)
{
	name_check_from(seats, setup, NULL, lines);
}

static void name_check_after(const char *cards, const named_line *first, const named_line *lines)
{
	char setup[1024];
	view_setup(setup, sizeof setup, cards);
	name_check_from("Red Blue White", setup, first, lines);
}

static void name_check(const char *cards, const named_line *lines)
{
	name_check_after(cards, NULL, lines);
}

/* A refusal names the unseen cards that touched the hand of the player
 * it is about, counted since everything was last known: the cards the
 * player stole, those stolen from them, those they discarded unseen
 * (those of the refusal's own line before the action refused too); not
 * those of a refused line, nor those before the ways came down to one;
 * "the unseen cards" when others' came into the hand.  The same whether
 * the ways are listed or followed one at a time. */
static void test_refusals_name_the_unseen_cards(void **state)
{
	(void)state;
	const char *at_most_1_ore = "Blue pays 2grain+3ore for a city, but every way the three "
				    "cards Blue stole could have gone leaves Blue with at most 1 "
				    "ore";
	const named_line thief[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber E steal White ? city d1", /* refused: not counted */
		  "every way the card Blue stole could have gone leaves Blue with at most 1 ore" },
		{ "Blue roll 7 robber E steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber D steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber E steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2 city d1", at_most_1_ore },
		{ NULL, NULL },
	};
	name_check("hands=Blue:2grain,White:lumber+wool+ore+brick " VIEW_DECK, thief);
	const named_line victim[] = {
		{ "Red roll 7 discard Blue 5? robber N steal Blue ?", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 7 robber M steal Blue ?", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2 settlement f4",
		  "no way the two cards stolen from Blue and the five Blue discarded unseen "
		  "could have gone leaves Blue with all of brick+lumber+wool+grain at once" },
		{ NULL, NULL },
	};
	name_check("hands=Blue:brick+lumber+2wool+3grain+3ore " VIEW_DECK, victim);
	/* the first steal takes Red's one kind of card: all is known again */
	const named_line known[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber G steal Red ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber E steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2 city d1",
		  "every way the card Blue stole could have gone leaves Blue with at most 1 ore" },
		{ NULL, NULL },
	};
	name_check("hands=Blue:2grain,Red:ore,White:lumber+wool+brick " VIEW_DECK, known);
	/* a trade's refusal is about the partner short */
	const named_line trade[] = {
		{ "Red roll 7 robber E steal White ?", NULL },
		{ "Blue roll 2+2 trade White wool for lumber+ore",
		  "White gives lumber+ore to Blue, but no way the card stolen from White could "
		  "have gone leaves White with all of lumber+ore at once" },
		{ NULL, NULL },
	};
	name_check("hands=Blue:wool,White:lumber+ore " VIEW_DECK, trade);
	/* Red's monopoly takes what White's unseen discard left: Red is short
	 * only through White's cards (no words of Red's own), and so too when
	 * Red stole a card */
	const char *mono = "hands=Red:grain,White:4wool+4lumber cards=Red:monopoly "
			   "deck=14knight+2road-building+2year-of-plenty+1monopoly+5victory-point";
	const char *no_wool = "Red gives 4wool to the bank, but every way the unseen cards could "
			      "have gone leaves Red with no wool";
	const char *take = "Red roll 2+2 play monopoly wool trade bank 4wool for ore trade bank "
			   "4wool for ore";
	const named_line monopoly[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 discard White 4? robber D steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ take, no_wool },
		{ NULL, NULL },
	};
	name_check(mono, monopoly);
	const named_line monopoly_stole[] = {
		{ "Red roll 7 discard White 4? robber E steal White ?", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2", NULL },
		{ take, no_wool },
		{ NULL, NULL },
	};
	name_check(mono, monopoly_stole);
	const named_line steal[] = {
		{ "Red roll 7 robber E steal White ?", NULL },
		{ "Blue roll 7 robber D steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2 buy ?", NULL },
		{ "Blue roll 7 robber E steal White ore",
		  "who holds none, however the two cards stolen from White went" },
		{ NULL, NULL },
	};
	name_check("hands=Red:grain+wool,White:lumber+wool+ore " VIEW_DECK, steal);
	/* A monopoly's wrong take is said of an opponent no way leaves with
	 * the count stated, not of the first one short in some way: White
	 * stole Blue's brick or ore, so each can hold 1 ore but not both, and
	 * only no way leaves White 2 */
	const char *ore = "hands=Blue:brick+ore cards=Red:monopoly "
			  "deck=14knight+2road-building+2year-of-plenty+1monopoly+5victory-point";
	const named_line take_each[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 7 robber A steal Blue ?", NULL },
		{ "Red roll 2+2 play monopoly ore takes Blue 1 White 1",
		  "Red's monopoly takes 1 ore from Blue and 1 from White, but no way the unseen "
		  "cards could have gone leaves Red's opponents with all of that at once" },
		{ "Red roll 2+2 play monopoly ore takes Blue 0 White 2",
		  "Red's monopoly takes 2 ore from White, but no way the card White stole could "
		  "have gone leaves White with exactly 2 ore" },
		{ "Red roll 2+2 play monopoly ore takes Blue 2 White 0",
		  "Red's monopoly takes 2 ore from Blue, but no way the card stolen from Blue "
		  "could have gone leaves Blue with exactly 2 ore" },
		{ "Red roll 2+2 play monopoly ore takes Blue 0 White 1", NULL },
		{ NULL, NULL },
	};
	name_check(ore, take_each);
	/* So too a domestic trade's: White stole Blue's brick or lumber, and
	 * Red one of White's two cards; Red may hold brick, lumber or wool,
	 * White what Red left, never ore */
	const char *two = "hands=White:wool,Blue:brick+lumber " VIEW_DECK;
	const char *steals[] = { "Red roll 2+2", "Blue roll 2+2",
				 "White roll 3+4 robber A steal Blue ?" };
	const struct {
		const char *trade, *words;
	} trades[] = {
		{ "brick for lumber", "Red gives brick to White for lumber, but no way the unseen "
				      "cards could have gone leaves Red with brick and White with "
				      "lumber at once" },
		/* Red may hold lumber (the first way it is Red short), White
		 * never ore */
		{ "lumber for ore", "White gives ore to Red, but every way the card White stole "
				    "and the one stolen from White could have gone leaves White "
				    "with no ore" },
		{ "wool for brick", NULL },
	};
	for (size_t i = 0; i < sizeof trades / sizeof *trades; i++) {
		char last[128];
		snprintf(last, sizeof last, "Red roll 3+4 robber E steal White ? trade White %s",
			 trades[i].trade);
		const named_line trade_lines[] = {
			{ steals[0], NULL },	   { steals[1], NULL }, { steals[2], NULL },
			{ last, trades[i].words }, { NULL, NULL },
		};
		name_check(two, trade_lines);
	}
	/* The bank's stock: every ore is in the hands but Blue's one, which
	 * Blue discards unseen or keeps, so the bank holds 1 ore in some ways
	 * and none in others (corpus/catan/view-bank-empty-*.tgn) */
	const char *bank =
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:h2+g5,Blue:f3+d5,White:i4+i5,"
		"Orange:c4+e4 roads=Red:h2-i2+g5-h5,Blue:e3-f3+c5-d5,White:i3-i4+h5-i5,"
		"Orange:b4-c4+e4-f4 hands=Red:7ore,Blue:7brick+ore,White:7ore,Orange:4ore "
		"cards=Red:year-of-plenty deck=14knight+2road-building+1year-of-plenty+2monopoly+"
		"5victory-point robber=J longest=none army=none turn=Red";
	const named_line plenty[] = {
		{ "Red roll 3+4 discard Blue 4? robber E steal Blue brick play year-of-plenty 2ore",
		  "the bank has at most 1 ore, however the unseen cards went" },
		{ "Red roll 3+4 discard Blue 4? robber E steal Blue brick play year-of-plenty "
		  "brick+ore",
		  NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", bank, plenty);
	/* every grain and ore is in the hands but Blue's one of each, and
	 * Blue discards one card unseen: the bank holds 1 grain or 1 ore or
	 * neither, never both (corpus/catan/view-bank-empty-*-joint.tgn) */
	char joint[1024];
	snprintf(joint, sizeof joint, "%s", bank);
	const char *from = "hands=Red:7ore,Blue:7brick+ore,White:7ore,Orange:4ore";
	char *at = strstr(joint, from);
	assert_non_null(at);
	const char *to = "hands=Red:9ore+9grain+18lumber,Blue:6brick+ore+grain,"
			 "White:9ore+9grain+18wool";
	char tail[1024];
	snprintf(tail, sizeof tail, "%s", at + strlen(from));
	snprintf(at, sizeof joint - (size_t)(at - joint), "%s%s", to, tail);
	const char *seven = "Red roll 3+4 discard Red 18lumber discard Blue 3brick+? discard "
			    "White 18wool robber E steal Blue brick play year-of-plenty ";
	char both[256], ore_only[256];
	snprintf(both, sizeof both, "%sgrain+ore", seven);
	snprintf(ore_only, sizeof ore_only, "%sbrick+ore", seven);
	const named_line at_once[] = {
		{ both, "no way the unseen cards could have gone leaves the bank with all of "
			"grain+ore at once" },
		{ ore_only, NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", joint, at_once);
	/* every wool is in the other hands, and Red discards its ore or its
	 * grain unseen: Red short of ore in one way, the bank of wool in the
	 * other, so the bank trade is refused by a rule in each
	 * (corpus/catan/view-bank-trade-*-mixed.tgn) */
	char mixed[1024];
	snprintf(mixed, sizeof mixed, "%s", bank);
	at = strstr(mixed, from);
	assert_non_null(at);
	snprintf(at, sizeof mixed - (size_t)(at - mixed), "%s%s",
		 "hands=Red:3brick+grain+4ore,Blue:7wool,White:7wool,Orange:5wool", tail);
	const named_line by_two_rules[] = {
		{ "Red roll 3+4 discard Red 3brick+? robber E steal Blue wool trade bank 4ore for "
		  "wool",
		  "no way the unseen cards could have gone allows this: in some, Red gives 4 ore "
		  "but holds 3; in the others, the bank has no wool" },
		{ "Red roll 3+4 discard Red 3brick+? robber E steal Blue wool play year-of-plenty "
		  "brick+wool",
		  "the bank has no wool, however the unseen cards went" },
		{ "Red roll 3+4 discard Red 3brick+? robber E steal Blue wool trade bank 4ore for "
		  "grain",
		  NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", mixed, by_two_rules);
	/* so the 8 gives White its one ore in some ways, and in the others,
	 * the bank short, nobody anything: a production stated is said of
	 * them all (corpus/catan/view-assert-production-*.tgn) */
	const named_line production[] = {
		{ "Red roll 3+4 discard Blue 4? robber E steal Blue brick", NULL },
		{ "Blue roll 4+4 gets White 2ore",
		  "the record says White gets 2ore from the roll of 8, but no way the unseen "
		  "cards could have gone gives White that" },
		{ "Blue roll 4+4 gets White ore gets Blue lumber", NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", bank, production);
	/* Hand sizes that differ between ways (a monopoly's take stated only
	 * in all, from hands an unseen steal made): said with the least and
	 * the most (corpus/catan/view-sizes-*.tgn), after White's knight
	 * steals from Blue unseen and Red's monopoly takes one wool in all */
	const char *sizes = "hands=Blue:9brick+wool cards=Red:monopoly,White:knight "
			    "deck=13knight+2road-building+2year-of-plenty+1monopoly+"
			    "5victory-point";
	const named_line stolen_then_taken[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2 play knight A steal Blue ?", NULL },
		{ "Red roll 2+2 play monopoly wool takes 1", NULL },
		{ NULL, NULL },
	};
	const named_line sized[] = {
		{ "Blue roll 3+4 discard Blue 3?",
		  "Blue holds 8 to 9 cards, however the unseen cards went, and must discard half "
		  "of them (rounded down), not 3" },
		{ "Blue roll 3+4 robber E steal White ?",
		  "Blue holds 8 to 9 cards, however the unseen cards went, and must discard half "
		  "of them (rounded down) before the robber moves" },
		{ "Blue roll 2+2", NULL },
		{ "White roll 3+4 discard Blue 4? robber I",
		  "White must steal a card at I: Blue holds 4 to 5 cards, however the unseen "
		  "cards went" },
		{ "White roll 3+4 discard Blue 4? robber I steal Blue ?", NULL },
		{ "Red roll 3+4 discard Blue 2? robber E",
		  "Blue holds 3 to 4 cards, however the unseen cards went, and keeps them" },
		{ NULL, NULL },
	};
	name_check_after(sizes, stolen_then_taken, sized);
	/* ... and when the player concerned differs between the ways, said
	 * of them all, naming those it could be: the wool White stole or not
	 * leaves Blue 8 cards and White 7, or Blue 7 and White 8; with a
	 * brick and a wool, Blue 1 and White none, or the reverse
	 * (corpus/catan/view-sizes-*-either.tgn) */
	const char *eight = "hands=Blue:8brick+wool,White:7grain cards=Red:monopoly,White:knight "
			    "deck=13knight+2road-building+2year-of-plenty+1monopoly+"
			    "5victory-point";
	const named_line either[] = {
		{ "Blue roll 3+4 robber E steal White ?",
		  "every way the unseen cards could have gone leaves Blue or White with more "
		  "than 7 cards, and whoever holds them must discard half of them (rounded "
		  "down) before the robber moves" },
		/* kept in one way, halved in the other: refused by one rule in
		 * one, another in the other, so said with each (mixed_msg) */
		{ "Blue roll 3+4 discard Blue 3? robber E steal White ?",
		  "no way the unseen cards could have gone allows this: in some, Blue holds 7 "
		  "cards and keeps them (only a hand of more than 7 is halved); in the others, "
		  "Blue holds 8 cards and must discard 4, not 3" },
		{ "Blue roll 3+4 discard White 3? robber E steal White ?",
		  "no way the unseen cards could have gone allows this: in some, White holds 8 "
		  "cards and must discard 4, not 3; in the others, White holds 7 cards and keeps "
		  "them" },
		{ "Blue roll 3+4 discard Blue 4? robber E steal White grain", NULL },
		{ NULL, NULL },
	};
	name_check_after(eight, stolen_then_taken, either);
	const char *one = "hands=Blue:brick+wool cards=Red:monopoly,White:knight "
			  "deck=13knight+2road-building+2year-of-plenty+1monopoly+5victory-point";
	const named_line there[] = {
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 3+4 robber I",
		  "Red must steal a card at I: every way the unseen cards could have gone leaves "
		  "Blue or White there with cards" },
		{ "Red roll 3+4 robber I steal Blue brick", NULL },
		{ NULL, NULL },
	};
	name_check_after(one, stolen_then_taken, there);
}

/* A discard owed in some ways and not in others keeps only the ways that
 * owe it, whether listed or followed one at a time: White's knight stole
 * Blue's wool or a brick, and Red's monopoly took the one wool, so Blue
 * holds 8 cards (White stole the wool) or 7 (a brick); Blue's discard of
 * 4 leaves the first way alone, in which White holds no brick for a road
 * (corpus/catan/view-sizes-discard-missing-ok-either.tgn). */
static void test_discard_owed_in_some_ways(void **state)
{
	(void)state;
	const named_line lines[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2 play knight A steal Blue ?", NULL },
		{ "Red roll 2+2 play monopoly wool takes 1", NULL },
		{ "Blue roll 3+4 discard Blue 4? robber S", NULL },
		/* (listed, the one way left is all known; followed, the
		 * words say it of every way the steal went) */
		{ "White roll 2+2 trade bank 4grain for lumber road f2-g2", "for a road" },
		{ "White roll 2+2 trade bank 4grain for brick", NULL },
		{ NULL, NULL },
	};
	name_check("hands=Blue:8brick+wool,White:7grain cards=Red:monopoly,White:knight "
		   "deck=13knight+2road-building+2year-of-plenty+1monopoly+5victory-point",
		   lines);
}

/* Past the search's states the ways are listed again
 * (corpus/catan/view-relist-*.tgn decide so); past the ways listed at
 * once too, the line is undecidable, and all is as before it: the record
 * goes on from the way followed.  From a position where each of four
 * players holds three of each resource, all four discard seven unseen
 * (155 ways each).  Blue then gives four ore it never held: the search
 * backjumps over the other hands' guesses and refuses it
 * (corpus/catan/view-backjump-bad.tgn).  But a monopoly's take of ten ore
 * from three hands at once, which held nine at most, leaves no guess of
 * theirs untried: the search from any world and the listing both give
 * up.  (With each hand's take written, three, three and four from
 * Orange, which never held four, the bound on what Orange must hold
 * before it decides the line: corpus/catan/view-monopoly-each-bad.tgn.)
 * Whatever the worlds listed before following one (max_worlds 0 or 8). */
static void test_listing_again(void **state)
{
	(void)state;
	const char *setup =
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:h2+g5,Blue:f3+d5,White:i4+i5,"
		"Orange:c4+e4 roads=Red:h2-i2+g5-h5,Blue:e3-f3+c5-d5,White:i3-i4+h5-i5,"
		"Orange:b4-c4+e4-f4 hands=Red:3brick+3lumber+3wool+3grain+3ore,"
		"Blue:3brick+3lumber+3wool+3grain+3ore,White:3brick+3lumber+3wool+3grain+3ore,"
		"Orange:3brick+3lumber+3wool+3grain+3ore cards=Red:monopoly "
		"deck=14knight+2road-building+2year-of-plenty+monopoly+5victory-point robber=J "
		"longest=none army=none turn=Red";
	for (unsigned max_worlds = 0; max_worlds <= 8; max_worlds += 8) {
		cat_game *g = et_new_game("Red Blue White Orange", NULL, setup);
		assert_non_null(g);
		g->view = CAT_OBSERVER;
		g->max_worlds = max_worlds;
		assert_int_equal(et_try(et_on(g),
					"Red roll 3+4 discard Red 7? discard Blue 7? discard "
					"White 7? discard Orange 7? robber E steal Blue ?"),
				 0);
		assert_int_equal(et_try(et_on(g), "Blue roll 2+3 trade bank 4ore for grain"), -1);
		assert_string_equal(et_shared.rej.rule, "trade-not-held");
		if (et_try(et_on(g), "Blue roll 2+3") < 0 ||
		    et_try(et_on(g), "White roll 4+1") < 0 ||
		    et_try(et_on(g), "Orange roll 4+1") < 0)
			fail_msg("max_worlds %u: refused: %s", max_worlds, et_shared.rej.msg);
		assert_int_equal(et_try(et_on(g), "Red roll 2+3 play monopoly ore takes 10"), -1);
		assert_string_equal(et_shared.rej.rule, "too-many-unknowns");
		assert_non_null(strstr(et_shared.rej.msg, "more than 524288 ways at once listed"));
		/* given back: the record goes on, followed one way at a time */
		assert_true(cat_hidden_lazy(g));
		if (et_try(et_on(g), "Red roll 2+3") < 0 || et_try(et_on(g), "Blue roll 4+1") < 0)
			fail_msg("max_worlds %u: refused after the undecidable line: %s",
				 max_worlds, et_shared.rej.msg);
		assert_int_equal(et_try(et_on(g), "Blue roll 4+1"), -1); /* White's turn */
		assert_string_equal(et_shared.rej.rule, "turn-order");
		catan_game.destroy(g);
	}
}

/* A state the search met again, which led nowhere before, leads nowhere
 * only while the bank's stock stays as close as it was: a roll after it
 * that the bank covered then might not be covered under other guesses.
 * The tries that met it bear no more than it bore.  In this game (from
 * fuzz_catan, seen by Orange with start-resources=none), Orange's 15
 * cards at the last line's 7 owe a discard of 7, not the 4 written; but
 * under other guesses of earlier discards the bank falls short of grain
 * at a roll of 9, Orange gets none, and holds 9.  The searches from 1, 2,
 * 4 ... lines back met the states of the ones before and did not carry
 * how much less grain their roll of 9 bore, so the search from the listed
 * ways took them for bank-proof and backjumped over every guess: its
 * assertion that the search of every guess finds no way either failed.
 * Listing every way, and following one from few listed (max_worlds 8). */
static void test_memo_bears_the_rolls_after_it(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"Red settlement j4 road j4-k4",
		"Blue settlement h2 road h2-h3",
		"White settlement f3 road f3-g3",
		"Orange settlement i3 road i3-i4",
		"Orange settlement c4 road b4-c4",
		"White settlement f5 road e5-f5",
		"Blue settlement c5 road c5-d5",
		"Red settlement d3 road d3-e3",
		"Red roll 6+3",
		"Blue roll 4+2",
		"White roll 2+4 trade Blue 2grain for lumber road g3-h3",
		"Orange roll 3+3",
		"Red roll 1+5",
		"Blue roll 6+6",
		"White roll 3+6",
		"Orange roll 4+6 trade Blue 2grain for lumber road a4-b4",
		"Red roll 6+5 road c3-d3",
		"Blue roll 1+3",
		"White roll 5+3",
		"Orange roll 4+4 trade Red lumber for grain",
		"Red roll 5+1 road k3-k4",
		"Blue roll 5+3 road h2-i2",
		"White roll 1+1 trade Orange brick for lumber road f5-g5",
		"Orange roll 2+6 trade White ore for grain city i3",
		"Red roll 4+4 trade White brick for grain",
		"Blue roll 5+3 trade Red lumber+grain for brick road i2-j2",
		"White roll 3+4 discard Red 5? discard Orange 3lumber+2ore robber C steal Blue ? road g5-h5 buy ?",
		"Orange roll 4+4 trade Blue lumber for grain",
		"Red roll 4+5 trade Blue ore for grain city j4",
		"Blue roll 3+3",
		"White roll 2+2 trade Blue grain for lumber settlement h5",
		"Orange roll 6+1 discard Blue 4? discard Orange grain+3ore robber S steal White brick trade Blue lumber for wool settlement a4",
		"Red roll 1+6 robber N steal White ?",
		"Blue roll 6+3",
		"White roll 4+3 robber H steal Orange ore trade Blue ore for lumber road g5-g6",
		"Orange roll 6+3 trade Blue grain for lumber road a3-a4",
		"Red roll 1+5",
		"Blue roll 6+4 settlement j2",
		"White roll 2+1",
		"Orange roll 5+6 road h4-i4 road a3-b3",
		"Red roll 2+6 road c3-c4",
		"Blue roll 2+5 robber K steal Orange lumber trade Red lumber for brick road c5-c6",
		"White roll 2+6 trade Red ore for lumber settlement g6",
		"Orange roll 3+4 robber Q steal Blue ore trade Red 2ore for grain city c4",
		"Red roll 4+6 trade bank 4ore for grain",
		"Blue roll 3+4 robber H steal Orange brick road c6-d6",
		"White roll 6+1 robber G steal Blue ?",
		"Orange roll 4+6",
		"Red roll 1+3",
		"Blue roll 3+6 road i1-i2 road d4-d5",
		"White roll 6+3",
		"Orange roll 5+5 trade bank 4grain for wool settlement b3",
		"Red roll 4+4 trade White brick for grain city d3",
		"Blue roll 1+5",
		"White roll 3+5 road h4-h5",
		"Orange roll 2+4 trade bank 2lumber for grain city a4",
		"Red roll 3+4 discard Red 4? discard White 4? robber C steal Blue ? trade White brick for grain",
		"Blue roll 2+2 trade Red lumber for brick",
		"White roll 2+3 trade bank 3grain for lumber road g3-g4",
		"Orange roll 2+6 trade bank 2lumber for grain trade White 2lumber for grain city b3",
		"Red roll 4+1 settlement k3",
		"Blue roll 1+1",
		"White roll 3+4 robber M steal Blue ? road e5-e6",
		"Orange roll 5+6 trade White lumber for brick road g4-h4",
		"Red roll 5+2 discard Red 4? robber N steal White ?",
		"Blue roll 6+3 road h1-i1 road d6-e6",
		"White roll 3+3 settlement e6",
		"Orange roll 2+6 trade bank 4grain for brick trade bank 2lumber for wool settlement g4",
		"Red roll 5+1 road d2-d3 road c2-d2",
		"Blue roll 1+2 trade White wool for brick",
		"White roll 3+3 trade Blue wool for lumber road h5-i5",
		"Orange roll 5+4 trade bank 4grain for brick road h3-i3",
		"Red roll 1+5 trade bank 3brick for grain settlement c2",
		"Blue roll 4+3 discard White 7? robber D steal Red ?",
		"White roll 2+3 trade Red grain for ore buy ?",
		"Orange roll 3+3 trade bank 2lumber for wool buy knight",
		"Red roll 3+6 buy ?",
		"Blue roll 3+6",
		"White roll 4+3 discard Blue 4? discard White 5? discard Orange 4grain robber G steal Blue ? buy ?",
	};
	for (unsigned max_worlds = 0; max_worlds <= 8; max_worlds += 8) {
		cat_game *g = view_game("Red Blue White Orange", "start-resources=none", ORANGE);
		g->max_worlds = max_worlds;
		for (size_t i = 0; i < ARB_COUNT(lines); i++)
			if (et_try(et_on(g), lines[i]) < 0)
				fail_msg("max_worlds %u: line %zu '%s' refused: %s", max_worlds,
					 i + 1, lines[i], et_shared.rej.msg);
		catan_game.destroy(g);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals_name_the_unseen_cards),
		cmocka_unit_test(test_discard_owed_in_some_ways),
		cmocka_unit_test(test_listing_again),
		cmocka_unit_test(test_memo_bears_the_rolls_after_it),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
