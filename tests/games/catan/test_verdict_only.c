/*
 * test_verdict_only.c — a replay whose caller reads only the verdict and
 * the standing (arb_replay.verdict_only: check, standings) lists fewer ways
 * the unseen cards of a view record could have gone (CAT_VERDICT_WORLDS)
 * and follows one at a time past them, which costs less there
 * (notation/catan.md, "Limits"); the verdict, the standing and a
 * refusal's words must stay those of the replay that lists up to
 * CAT_MAX_WORLDS, as dump and score do.  On the two corpus records made
 * for it (corpus/catan/view-verdict-only-ok.tgn and -bad.tgn: generated
 * 4-player observer games whose ways pass 512, as they pass 4096), and
 * on view-relist-ok.tgn, whose ways listed again are thinned.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "core/reader.h"
#include "core/replay.h"
#include "games/catan/catan.h"
#include "games/registry.h"

typedef struct replayed {
	FILE *f;
	arb_reader *rd;
	arb_record rec;
	arb_replay r;
} replayed;

/* The first game of corpus record `name`, set up with verdict_only as
 * given (not yet run). */
static void open_record(replayed *p, const char *name, bool verdict_only)
{
	char path[256];
	snprintf(path, sizeof path, "corpus/catan/%s", name);
	p->f = fopen(path, "rb");
	if (!p->f)
		fail_msg("%s: cannot open (the tests run from the top of the tree)", path);
	p->rd = arb_reader_new(p->f, path);
	arb_diag d;
	assert_int_equal(arb_reader_next(p->rd, &p->rec, &d), 1);
	arb_replay_init(&p->r, &p->rec, &arb_registry);
	p->r.verdict_only = verdict_only;
}

static void close_record(replayed *p)
{
	arb_replay_free(&p->r);
	arb_reader_free(p->rd);
	fclose(p->f);
}

/* The legal record: both ways legal with the same points and winner; the
 * verdict-only game listed at most CAT_VERDICT_WORLDS ways, the other the
 * usual CAT_MAX_WORLDS (max_worlds 0). */
static void test_legal_record_alike(void **state)
{
	(void)state;
	replayed all, few;
	open_record(&all, "view-verdict-only-ok.tgn", false);
	open_record(&few, "view-verdict-only-ok.tgn", true);
	arb_replay_game(&all.r);
	arb_replay_game(&few.r);
	assert_int_equal(all.r.verdict, ARB_LEGAL);
	assert_int_equal(few.r.verdict, ARB_LEGAL);
	assert_int_equal(((cat_game *)all.r.state)->max_worlds, 0);
	assert_int_equal(((cat_game *)few.r.state)->max_worlds, CAT_VERDICT_WORLDS);
	assert_true(all.r.st.over && few.r.st.over);
	/* the full record's: Red 10, Blue 8, White 4, Orange 9; Red wins */
	static const long points[] = { 10, 8, 4, 9 };
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(all.r.st.score[i], points[i]);
		assert_int_equal(few.r.st.score[i], points[i]);
		assert_int_equal(all.r.st.winner[i], i == 0);
		assert_int_equal(few.r.st.winner[i], i == 0);
	}
	assert_int_equal(all.r.moves, few.r.moves);
	close_record(&all);
	close_record(&few);
}

/* Worked out by hand from `dump --at 77` and the board: Blue holds at
 * most one ore and one grain in every way, the roll of 6 pays Blue a
 * grain (R6) and a brick (E6), the card put after it takes the ore, so
 * the card bought after the road finds none (and grain in some ways). */
#define LISTED_WORDS                                                                           \
	"Blue pays wool+grain+ore for a development card, but every way the three cards Blue " \
	"stole, the four stolen from Blue and the four Blue discarded unseen could have gone " \
	"leaves Blue with no ore"

/* The illegal record: following one way past CAT_VERDICT_WORLDS words
 * the refusal otherwise (the ways its search tried leave Blue with no
 * grain), so arb_replay_game plays a game it does not find legal again
 * as the other commands do, and the words are the listing's. */
static void test_refusal_in_the_listings_words(void **state)
{
	(void)state;
	replayed all, few, once;
	open_record(&all, "view-verdict-only-bad.tgn", false);
	open_record(&few, "view-verdict-only-bad.tgn", true);
	arb_replay_game(&all.r);
	arb_replay_game(&few.r);
	assert_int_equal(all.r.verdict, ARB_ILLEGAL);
	assert_int_equal(few.r.verdict, ARB_ILLEGAL);
	assert_string_equal(all.r.rej.msg, LISTED_WORDS);
	assert_string_equal(few.r.rej.msg, LISTED_WORDS);
	assert_string_equal(all.r.rej.rule, few.r.rej.rule);
	assert_int_equal(all.r.bad_move, 78);
	assert_int_equal(few.r.bad_move, 78);
	/* ... and played once, as verdict_only sets it up, the words differ:
	 * the second replay is what keeps them */
	open_record(&once, "view-verdict-only-bad.tgn", true);
	assert_int_equal(arb_replay_setup(&once.r), 0);
	assert_int_equal(((cat_game *)once.r.state)->max_worlds, CAT_VERDICT_WORLDS);
	arb_replay_run(&once.r);
	assert_int_equal(once.r.verdict, ARB_ILLEGAL);
	assert_int_equal(once.r.bad_move, 78);
	assert_string_not_equal(once.r.rej.msg, LISTED_WORDS);
	assert_non_null(strstr(once.r.rej.msg, "leaves Blue with no"));
	close_record(&all);
	close_record(&few);
	close_record(&once);
}

/* Listing again for the verdict alone thins the list past
 * RELIST_VERDICT_WORLDS (every other way kept): view-relist-ok.tgn's
 * search passes VERDICT_WORK and its ways listed again pass 1024, yet
 * the ways kept explain the record, so the one verdict-only replay finds
 * it legal by itself (no second replay), with the points, winner and
 * moves of the replay that lists every way. */
static void test_thinned_listing_legal(void **state)
{
	(void)state;
	replayed all, once;
	open_record(&all, "view-relist-ok.tgn", false);
	open_record(&once, "view-relist-ok.tgn", true);
	arb_replay_game(&all.r);
	assert_int_equal(arb_replay_setup(&once.r), 0);
	arb_replay_run(&once.r);
	assert_int_equal(all.r.verdict, ARB_LEGAL);
	assert_int_equal(once.r.verdict, ARB_LEGAL);
	assert_int_equal(((cat_game *)all.r.state)->thinned, 0);
	assert_true(((cat_game *)once.r.state)->thinned > 0);
	assert_true(all.r.st.over && once.r.st.over);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(all.r.st.score[i], once.r.st.score[i]);
		assert_int_equal(all.r.st.winner[i], once.r.st.winner[i]);
	}
	assert_int_equal(all.r.st.winner[0], 1); /* Red, as the full record */
	assert_int_equal(all.r.moves, once.r.moves);
	close_record(&all);
	close_record(&once);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legal_record_alike),
		cmocka_unit_test(test_refusal_in_the_listings_words),
		cmocka_unit_test(test_thinned_listing_legal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
