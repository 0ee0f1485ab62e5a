/*
 * test_ahead_cuts.c — how many ways of the unseen cards reading ahead
 * (notation/catan.md, "Reading ahead"; hidden/ahead.c, bounds.c) cuts at
 * an unseen steal or discard.  A weaker bound changes no verdict and no
 * output (the ways it fails to cut are dropped by the line that rules
 * them out anyway), so test_view.c's "reading ahead changes nothing"
 * cannot see one.  Here short observer records written by hand, each
 * aimed at one kind of need the lines ahead place on a seat (a city, a
 * development card bought, a harbour trade, a trade between players, a
 * discard of seen cards, a monopoly's take, a roll that pays the victim
 * before it spends, an unseen discard's kept hands), are replayed up to
 * the end of the line of the unseen card, with and without reading
 * ahead: the ways listed there without it, and with it, are counted by
 * hand in each record's comment.  The count is of the ways listed
 * (cat_hidden_count), not the solver's own tally h->ncut, which counts a
 * steal that cut some way once, however many it cut, and a discard's
 * kept hands by the branches of their listing: the ways listed are what
 * a user would see dump show at that move.
 */
#include "view_test.h"
#include "core/util.h"

/* The board of the corpus's view records (test_view_by_hand.c's), with
 * `cards` (hands=, cards=, deck=), the robber on the desert (J), Red to
 * move.  What each roll used below pays there (worked out from the
 * board's hexes and these settlements, and seen in the dump of a full
 * record of each roll): 4 (hexes F and O) pays no one, 3 Blue an ore
 * (hex N, at Blue's d4; K's lumber no one).  A hex pays every owner at
 * its corners, so those rolls show who is at the hexes the robber goes
 * to below: at N (3) and M (8, lumber to Blue alone) Blue only, at D
 * (12) White only, at C (9, whose lumber no one gets) no one. */
static void ahead_setup(char *out, size_t n, const char *cards)
{
	int w = snprintf(
		out, n,
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:j3+j4,Blue:d1+d4,White:e2+c3 "
		"roads=Red:j2-j3+j4-j5,Blue:d1-e1+d4-e4+e4-f4,White:e2-f2+c3-c4 %s robber=J "
		"longest=none army=none turn=Red",
		cards);
	assert_true(w > 0 && (size_t)w < n);
}

#define DECK "deck=14knight+2road-building+2year-of-plenty+2monopoly+5victory-point"

/* How a replay of a record went: the ways listed after line `upto`
 * (0: none listed, followed one at a time), whether reading ahead cut
 * some way there (cat_ahead_did's bit 0), and the ways at the end. */
typedef struct cut_run {
	unsigned at_line, at_end;
	bool cut;
} cut_run;

/* The tokens and turn lines of lines[0..n), as the tool reads a record
 * (tok and turns allocated; freed by the caller). */
static void tokenize(const char *const *lines, unsigned n, arb_token **tok, arb_turn **turns)
{
	size_t cap = 64 * (size_t)n + 64, nt = 0;
	*tok = arb_xmalloc(cap * sizeof **tok);
	*turns = arb_xcalloc(n + 1, sizeof **turns);
	for (unsigned i = 0; i < n; i++) {
		arb_turn *tu = &(*turns)[i];
		tu->first = nt;
		tu->line = i + 1;
		tu->col = 1;
		tu->number = -1;
		tu->ntok =
			arb_split_tokens(lines[i], strlen(lines[i]), i + 1, 1, *tok + nt, cap - nt);
		nt += tu->ntok;
	}
}

/* Line i of the record in g, as the tool plays it (the ops over, parse,
 * apply): false, with the refusal in *rej, when refused. */
static bool play_line(cat_game *g, const arb_token *tok, const arb_turn *tu, cat_move *m,
		      arb_reject *rej)
{
	if (catan_game.over(g)) {
		rej->rule = "game-over";
		return false;
	}
	return catan_game.parse(g, tok + tu->first, tu->ntok, m, rej) == 0 &&
	       catan_game.apply(g, m, NULL, rej) == 0;
}

/* Replay the observer's record lines[0..n) from `cards` (ahead_setup),
 * reading it ahead or not, into *r; every line must be accepted. */
static void replay_cuts(const char *cards, const char *const *lines, unsigned n, unsigned upto,
			bool ahead, cut_run *r)
{
	char setup[1024];
	ahead_setup(setup, sizeof setup, cards);
	cat_game *g = et_new_game("Red Blue White", NULL, setup);
	assert_non_null(g);
	g->view = CAT_OBSERVER;
	arb_token *tok;
	arb_turn *turns;
	tokenize(lines, n, &tok, &turns);
	if (ahead)
		catan_game.ahead(g, tok, turns, n);
	cat_move *m = arb_xcalloc(1, sizeof *m);
	arb_reject rej;
	memset(r, 0, sizeof *r);
	for (unsigned i = 0; i < n; i++) {
		memset(&rej, 0, sizeof rej);
		if (!play_line(g, tok, &turns[i], m, &rej))
			fail_msg("%s reading ahead: '%s' refused: %s", ahead ? "with" : "without",
				 lines[i], rej.msg);
		if (i + 1 == upto) {
			r->at_line = cat_hidden_count(g);
			r->cut = cat_ahead_did(g) & 1;
		}
	}
	r->at_end = cat_hidden_count(g);
	catan_game.destroy(g);
	free(m);
	free(turns);
	free(tok);
}

/* Record `name` (lines, up to NULL) from `cards`: after line `upto` the
 * replay without reading ahead lists `without` ways, that with it
 * `with`; both accept every line and end with the same ways. */
static void cuts_are(const char *name, const char *cards, const char *const *lines, unsigned upto,
		     unsigned without, unsigned with)
{
	unsigned n = 0;
	while (lines[n])
		n++;
	assert_true(upto >= 1 && upto <= n);
	cut_run off, on;
	replay_cuts(cards, lines, n, upto, false, &off);
	replay_cuts(cards, lines, n, upto, true, &on);
	if (off.at_line != without || on.at_line != with)
		fail_msg("%s: after line %u, %u ways listed without reading ahead and %u with; "
			 "by hand %u and %u (%u cut)",
			 name, upto, off.at_line, on.at_line, without, with, without - with);
	/* the bit that undoes a refusal is set exactly when a way was cut */
	if (on.cut != (with < without) || off.cut)
		fail_msg("%s: cat_ahead_did says cut %d (without reading ahead %d), by hand %d",
			 name, on.cut, off.cut, with < without);
	if (on.at_end != off.at_end)
		fail_msg("%s: %u ways at the end without reading ahead, %u with", name, off.at_end,
			 on.at_end);
}

/* The price of a build, as the victim's: Blue holds 2grain+3ore+wool and
 * Red steals one card unseen, so that three ways are listed: Red took a
 * grain (Blue left 1grain+3ore+wool), an ore (2grain+2ore+wool) or the
 * wool (2grain+3ore).  Blue's next line (a roll of 4 pays no one) builds
 * a city, 2grain+3ore: only the wool stolen leaves Blue that, so reading
 * ahead lists 1 way, cutting 2.  A bound blind to the grain given would
 * keep Red's taking a grain (2 ways). */
static void test_cut_by_a_build(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2 city d1",
		NULL,
	};
	cuts_are("city", "hands=Blue:2grain+3ore+wool " DECK, lines, 1, 3, 1);
}

/* A development card bought (wool+grain+ore), as the thief's: Red holds
 * wool+ore, steals one of Blue's brick, lumber and grain unseen (three
 * ways), and buys a card two lines later, rolls of 4 between paying no
 * one.  Only the grain stolen pays for it: 1 way, 2 cut.  (A bound blind
 * to the grain given would keep all 3.) */
static void test_cut_by_a_purchase(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2",
		"White roll 2+2",
		"Red roll 2+2 buy ?",
		NULL,
	};
	cuts_are("purchase", "hands=Red:wool+ore,Blue:brick+lumber+grain " DECK, lines, 1, 3, 1);
}

/* A harbour trade: Blue, on the 3:1 harbour at c1-d1, holds
 * 3grain+wool+ore; Red steals a grain, the wool or the ore unseen (three
 * ways), and Blue gives the bank 3 grain for a brick in its next line.
 * The grain stolen leaves Blue 2: 2 ways listed, 1 cut. */
static void test_cut_by_a_harbour_trade(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2 trade bank 3grain for brick",
		NULL,
	};
	cuts_are("harbour trade", "hands=Blue:3grain+wool+ore " DECK, lines, 1, 3, 2);
}

/* A trade between players, from the partner's side: Blue holds
 * grain+wool+ore, Red steals one of them unseen (three ways), and two
 * lines later White gives Blue a lumber for a grain.  Blue must still
 * hold the grain: 2 ways, 1 cut.  (Bounded by the grain Blue gives,
 * which a trade in White's line writes as White's get.) */
static void test_cut_by_a_trade(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2",
		"White roll 2+2 trade Blue lumber for grain",
		NULL,
	};
	cuts_are("trade", "hands=Blue:grain+wool+ore,White:lumber " DECK, lines, 1, 3, 2);
}

/* A discard whose cards are partly seen: Blue holds
 * grain+2wool+2ore+2brick+2lumber (9 cards); Red plays a knight and
 * steals one of them unseen (five ways: a card of each resource), Blue
 * left with 8.  Blue then rolls 7 and discards half, 4: the grain seen
 * and 3 unseen.  Red's taking the one grain cannot be: 4 ways, 1 cut.
 * (The 3 unseen cards bound nothing: they may be any.) */
static void test_cut_by_a_seen_discard(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red play knight N steal Blue ? roll 2+2",
		"Blue roll 7 discard Blue grain+3? robber C",
		NULL,
	};
	cuts_are("seen discard",
		 "hands=Blue:grain+2wool+2ore+2brick+2lumber cards=Red:knight "
		 "deck=13knight+2road-building+2year-of-plenty+2monopoly+5victory-point",
		 lines, 1, 5, 4);
}

/* An unseen discard's kept hands, bounded by a build: Blue holds
 * 2brick+2lumber+2wool+2grain (8 cards) and discards 4 unseen at Red's 7
 * (the robber to C, where no one is robbed).  The hands Blue may keep
 * are the 4 cards of at most 2 of each resource: the coefficient of x^4
 * in (1 + x + x^2)^4 = 1 + 4x + 10x^2 + 16x^3 + 19x^4 + ..., 19 ways.
 * Blue's next line builds a settlement at f4 (brick+lumber+wool+grain):
 * only a card of each is left of them, 1 way, 18 cut.  (A bound blind
 * to the grain given would keep the 4 hands with a brick, a lumber and a
 * wool and any fourth card.) */
static void test_cut_at_an_unseen_discard(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 discard Blue 4? robber C",
		"Blue roll 2+2 settlement f4",
		NULL,
	};
	cuts_are("unseen discard", "hands=Blue:2brick+2lumber+2wool+2grain " DECK, lines, 1, 19, 1);
}

/* A monopoly's take: White holds grain+wool+ore, Red steals one of them
 * unseen at D (three ways), and Blue's monopoly on grain says it took 1
 * from White (and none from Red): White still held the grain, 2 ways, 1
 * cut.  (The way cut is also the one in which Red, holding the grain,
 * would have lost it to the monopoly.) */
static void test_cut_by_a_monopoly(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber D steal White ?",
		"Blue play monopoly grain takes Red 0 White 1 roll 2+2",
		NULL,
	};
	cuts_are("monopoly",
		 "hands=White:grain+wool+ore cards=Blue:monopoly "
		 "deck=14knight+2road-building+2year-of-plenty+1monopoly+5victory-point",
		 lines, 1, 3, 2);
}

/* A roll that pays the victim before it spends: Blue holds
 * 2grain+2ore+wool, and Red steals one unseen at M (three ways: Blue
 * left 1grain+2ore+wool, 2grain+1ore+wool or 2grain+2ore).  Blue rolls 3
 * (1+2): hex N, not the robber's, pays Blue an ore; then Blue builds a
 * city, 2grain+3ore, so before the roll Blue must hold 2 grain and 2
 * ore: only the wool stolen, 1 way, 2 cut.  A roll counted as paying
 * more ore would keep the ore stolen (2 ways). */
static void test_cut_through_a_roll(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber M steal Blue ?",
		"Blue roll 1+2 city d1",
		NULL,
	};
	cuts_are("roll", "hands=Blue:2grain+2ore+wool " DECK, lines, 1, 3, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut_by_a_build),
		cmocka_unit_test(test_cut_by_a_purchase),
		cmocka_unit_test(test_cut_by_a_harbour_trade),
		cmocka_unit_test(test_cut_by_a_trade),
		cmocka_unit_test(test_cut_by_a_seen_discard),
		cmocka_unit_test(test_cut_at_an_unseen_discard),
		cmocka_unit_test(test_cut_by_a_monopoly),
		cmocka_unit_test(test_cut_through_a_roll),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
