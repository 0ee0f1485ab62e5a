/*
 * test_rating.c — the ratings and the SPRT of src/cli/rating.h: small
 * cases worked by hand (3 wins to 1 is 400 log10 3 Elo apart), the
 * order of games changing nothing, the cases with no estimate, and games
 * simulated from a fixed seed with known strengths: the 95 % intervals
 * must hold the truth about 95 % of the time (at least 85 % asserted),
 * and the SPRT must decide H1 when the truth is above ELO1 and H0 when
 * it is below ELO0.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "cli/rating.h"

/* splitmix64: a fixed sequence for a fixed seed on every machine */
static uint64_t rng_state;
static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}
static double rng_unit(void)
{
	return (double)(rng_next() >> 11) / 9007199254740992.0;
}

static double expected(double elo)
{
	return 1 / (1 + pow(10, -elo / 400));
}

/* a two-seat game: seat 0 is a, seat 1 is b; result 1 a wins, 0 b, 2 draw */
static void game2(arb_rating *r, unsigned a, unsigned b, int result)
{
	unsigned id[2] = { a, b };
	unsigned place[2] = { result == 0 ? 2 : 1, result == 1 ? 2 : 1 };
	assert_int_equal(arb_rating_add(r, 2, id, place), ARB_RATING_OK);
}

static void fit_ok(arb_rating *r, int model, arb_rating_result *res)
{
	assert_int_equal(arb_rating_fit(r, model, res), ARB_RATING_OK);
}

/* 3 wins to 1: p = 3/4, so the difference is 400 log10 3 = 190.85; mean
 * 0 puts them at +-95.42.  Information 4 p (1-p) = 3/4 on the
 * difference; each rating is half of it: variance 1/3 nat^2, a standard
 * error of sqrt(1/3) 400/ln 10 = 100.296 Elo. */
static void test_three_to_one(void **state)
{
	(void)state;
	for (int model = ARB_RATING_ELO; model <= ARB_RATING_PLACKETT_LUCE; model++) {
		arb_rating *r = arb_rating_new(2);
		game2(r, 0, 1, 1);
		game2(r, 1, 0, 0); /* a wins from the other seat */
		game2(r, 0, 1, 1);
		game2(r, 0, 1, 0);
		arb_rating_result res;
		fit_ok(r, model, &res);
		double d = 400 * log10(3);
		assert_true(fabs(res.player[0].rating - d / 2) < 1e-6);
		assert_true(fabs(res.player[1].rating + d / 2) < 1e-6);
		assert_true(fabs(d - 190.848501) < 1e-5);
		double se = sqrt(1.0 / 3) * 400 / log(10);
		assert_true(fabs(res.player[0].se - se) < 1e-6);
		assert_true(fabs(res.player[0].se - 100.2960) < 1e-3);
		assert_true(fabs(res.player[0].low - (d / 2 - 1.959964 * se)) < 1e-4);
		assert_true(fabs(res.player[1].high - (-d / 2 + 1.959964 * se)) < 1e-4);
		assert_int_equal(res.rated, 2);
		assert_int_equal(res.games, 4);
		assert_int_equal(res.player[0].games, 4);
		arb_rating_result_free(&res);
		arb_rating_free(r);
	}
}

/* Draws are half points: 2 wins and 2 draws score 3 of 4 too. */
static void test_draws_half(void **state)
{
	(void)state;
	for (int model = ARB_RATING_ELO; model <= ARB_RATING_PLACKETT_LUCE; model++) {
		arb_rating *r = arb_rating_new(0);
		game2(r, 0, 1, 1);
		game2(r, 0, 1, 2);
		game2(r, 1, 0, 2);
		game2(r, 1, 0, 0);
		arb_rating_result res;
		fit_ok(r, model, &res);
		assert_true(fabs(res.player[0].rating - 200 * log10(3)) < 1e-6);
		arb_rating_result_free(&res);
		arb_rating_free(r);
	}
}

/* Three players in a cycle a > b > c > a, once each: all equal. */
static void test_cycle(void **state)
{
	(void)state;
	arb_rating *r = arb_rating_new(3);
	game2(r, 0, 1, 1);
	game2(r, 1, 2, 1);
	game2(r, 2, 0, 1);
	arb_rating_result res;
	fit_ok(r, ARB_RATING_ELO, &res);
	for (int k = 0; k < 3; k++)
		assert_true(fabs(res.player[k].rating) < 1e-9);
	arb_rating_result_free(&res);
	arb_rating_free(r);
}

/* The games in another order (and seats swapped) give the same bits. */
static void test_order(void **state)
{
	(void)state;
	unsigned id[40][4], place[40][4];
	rng_state = 99;
	for (int g = 0; g < 40; g++)
		for (int k = 0; k < 4; k++) {
			id[g][k] = (unsigned)((g + k) % 6);
			place[g][k] = 1 + (unsigned)(rng_next() % 3);
		}
	arb_rating_result res[2];
	for (int pass = 0; pass < 2; pass++) {
		arb_rating *r = arb_rating_new(0);
		for (int i = 0; i < 40; i++) {
			int g = pass ? 39 - i : i;
			unsigned a[4], b[4];
			for (int k = 0; k < 4; k++) {
				int s = pass ? 3 - k : k;
				a[k] = id[g][s];
				b[k] = place[g][s];
			}
			assert_int_equal(arb_rating_add(r, 4, a, b), ARB_RATING_OK);
		}
		fit_ok(r, ARB_RATING_PLACKETT_LUCE, &res[pass]);
		arb_rating_free(r);
	}
	assert_int_equal(res[0].nplayers, 6);
	for (int k = 0; k < 6; k++) {
		assert_memory_equal(&res[0].player[k].rating, &res[1].player[k].rating,
				    sizeof(double));
		assert_memory_equal(&res[0].player[k].se, &res[1].player[k].se, sizeof(double));
	}
	arb_rating_result_free(&res[0]);
	arb_rating_result_free(&res[1]);
}

/* No estimate: one player always ahead, or two groups that never met. */
static void test_no_mle(void **state)
{
	(void)state;
	arb_rating *r = arb_rating_new(0);
	game2(r, 0, 1, 0);
	game2(r, 0, 2, 0);
	game2(r, 1, 2, 1);
	game2(r, 2, 1, 1); /* 1 and 2 traded, both beat 0 */
	arb_rating_result res;
	assert_int_equal(arb_rating_fit(r, ARB_RATING_ELO, &res), ARB_RATING_NO_MLE);
	assert_int_equal(res.nunbeaten, 2); /* 0 reaches none: 1 and 2 unbeaten by it */
	assert_int_equal(res.unbeaten[0], 1);
	assert_int_equal(res.unbeaten[1], 2);
	assert_int_equal(res.rated, 0);
	assert_false(res.player[1].rated);
	arb_rating_result_free(&res);
	game2(r, 3, 4, 1);
	game2(r, 4, 3, 1);
	game2(r, 0, 1, 1); /* 0..2 connected now; 3 and 4 met no one else */
	assert_int_equal(arb_rating_fit(r, ARB_RATING_PLACKETT_LUCE, &res), ARB_RATING_NO_MLE);
	assert_int_equal(res.nunbeaten, 3);
	assert_int_equal(res.unbeaten[2], 2);
	arb_rating_result_free(&res);
	arb_rating_free(r);
	r = arb_rating_new(0);
	game2(r, 5, 7, 1); /* 5 always ahead: it alone reaches nobody back */
	game2(r, 5, 7, 1);
	assert_int_equal(arb_rating_fit(r, ARB_RATING_ELO, &res), ARB_RATING_NO_MLE);
	assert_int_equal(res.nunbeaten, 1);
	assert_int_equal(res.unbeaten[0], 5);
	assert_int_equal(res.nplayers, 8);
	arb_rating_result_free(&res);
	arb_rating_free(r);
}

static void test_bad_input(void **state)
{
	(void)state;
	arb_rating *r = arb_rating_new(0);
	unsigned id[9] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 }, place[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	assert_int_equal(arb_rating_add(r, 0, id, place), ARB_RATING_EINVAL);
	assert_int_equal(arb_rating_add(r, 9, id, place), ARB_RATING_EINVAL);
	unsigned twice[2] = { 3, 3 }, zero[2] = { 0, 1 }, far[2] = { 1, ARB_RATING_MAX_ID };
	assert_int_equal(arb_rating_add(r, 2, twice, place), ARB_RATING_EINVAL);
	assert_int_equal(arb_rating_add(r, 2, id, zero), ARB_RATING_EINVAL);
	assert_int_equal(arb_rating_add(r, 2, far, place), ARB_RATING_EINVAL);
	arb_rating_result res;
	fit_ok(r, ARB_RATING_ELO, &res); /* nothing added: nothing rated */
	assert_int_equal(res.rated, 0);
	arb_rating_result_free(&res);
	assert_int_equal(arb_rating_add(r, 1, id, place), ARB_RATING_OK); /* compares no one */
	game2(r, 0, 1, 1);
	game2(r, 1, 0, 1);
	assert_int_equal(arb_rating_add(r, 3, id, place), ARB_RATING_OK);
	assert_int_equal(arb_rating_fit(r, ARB_RATING_ELO, &res), ARB_RATING_ESEATS);
	arb_rating_result_free(&res);
	assert_int_equal(arb_rating_fit(r, 7, &res), ARB_RATING_EINVAL);
	arb_rating_result_free(&res);
	arb_rating_free(r);
}

/* Plackett–Luce of two-seat games is Bradley–Terry. */
static void test_pl_is_elo(void **state)
{
	(void)state;
	arb_rating *r = arb_rating_new(0);
	rng_state = 5;
	for (int g = 0; g < 300; g++) {
		unsigned a = (unsigned)(rng_next() % 5),
			 b = (a + 1 + (unsigned)(rng_next() % 4)) % 5;
		game2(r, a, b, (int)(rng_next() % 3));
	}
	arb_rating_result e, p;
	fit_ok(r, ARB_RATING_ELO, &e);
	fit_ok(r, ARB_RATING_PLACKETT_LUCE, &p);
	for (int k = 0; k < 5; k++) {
		assert_true(fabs(e.player[k].rating - p.player[k].rating) < 1e-6);
		assert_true(fabs(e.player[k].se - p.player[k].se) < 1e-6);
	}
	arb_rating_result_free(&e);
	arb_rating_result_free(&p);
	arb_rating_free(r);
}

/* 50 tournaments of 2000 two-player games, a 100 Elo apart (truth +-50
 * by the mean-0 anchor): how often each interval holds the truth. */
static void test_elo_coverage(void **state)
{
	(void)state;
	int held = 0, total = 0;
	rng_state = 2024;
	for (int rep = 0; rep < 50; rep++) {
		arb_rating *r = arb_rating_new(2);
		for (int g = 0; g < 2000; g++) {
			int a_wins = rng_unit() < expected(100);
			if (g % 2)
				game2(r, 0, 1, a_wins);
			else
				game2(r, 1, 0, !a_wins);
		}
		arb_rating_result res;
		fit_ok(r, ARB_RATING_ELO, &res);
		for (int k = 0; k < 2; k++) {
			double truth = k ? -50 : 50;
			held += res.player[k].low <= truth && truth <= res.player[k].high;
			total++;
		}
		arb_rating_result_free(&res);
		arb_rating_free(r);
	}
	print_message("elo coverage: %d of %d\n", held, total);
	assert_true(held >= total * 85 / 100);
}

/* 50 tournaments of 2000 four-seat games among five players of known
 * worths, the order drawn seat by seat in proportion to the worths
 * still unplaced (Plackett–Luce itself). */
static void test_pl_coverage(void **state)
{
	(void)state;
	static const double truth[5] = { -160, -60, 0, 70, 150 }; /* mean 0 */
	int held = 0, total = 0;
	rng_state = 77;
	for (int rep = 0; rep < 50; rep++) {
		arb_rating *r = arb_rating_new(5);
		for (int g = 0; g < 2000; g++) {
			unsigned out = (unsigned)(rng_next() % 5), id[4], place[4], n = 0;
			for (unsigned k = 0; k < 5; k++)
				if (k != out)
					id[n++] = k;
			bool placed[4] = { false };
			for (unsigned pl = 1; pl <= 4; pl++) {
				double sum = 0, x;
				for (int k = 0; k < 4; k++)
					if (!placed[k])
						sum += pow(10, truth[id[k]] / 400);
				x = rng_unit() * sum;
				int pick = -1;
				for (int k = 0; k < 4; k++)
					if (!placed[k]) {
						pick = k;
						x -= pow(10, truth[id[k]] / 400);
						if (x < 0)
							break;
					}
				placed[pick] = true;
				place[pick] = pl;
			}
			assert_int_equal(arb_rating_add(r, 4, id, place), ARB_RATING_OK);
		}
		arb_rating_result res;
		fit_ok(r, ARB_RATING_PLACKETT_LUCE, &res);
		for (int k = 0; k < 5; k++) {
			held += res.player[k].low <= truth[k] && truth[k] <= res.player[k].high;
			total++;
		}
		arb_rating_result_free(&res);
		arb_rating_free(r);
	}
	print_message("plackett-luce coverage: %d of %d\n", held, total);
	assert_true(held >= total * 85 / 100);
}

/* Ties in a game of three: the tie counts as both orders, averaged, so
 * a game where two tie for first, played again with the tie broken each
 * way, rates the tied two equal. */
static void test_pl_ties(void **state)
{
	(void)state;
	arb_rating *r = arb_rating_new(3);
	unsigned id[3] = { 0, 1, 2 };
	unsigned tie[3] = { 1, 1, 3 }, last[3] = { 2, 3, 1 };
	assert_int_equal(arb_rating_add(r, 3, id, tie), ARB_RATING_OK);
	assert_int_equal(arb_rating_add(r, 3, id, last), ARB_RATING_OK); /* 2, then 0, then 1 */
	unsigned last2[3] = { 3, 2, 1 };
	assert_int_equal(arb_rating_add(r, 3, id, last2), ARB_RATING_OK); /* 2, 1, 0 */
	arb_rating_result res;
	fit_ok(r, ARB_RATING_PLACKETT_LUCE, &res);
	assert_true(fabs(res.player[0].rating - res.player[1].rating) < 1e-7);
	assert_true(res.player[2].rating > res.player[0].rating);
	arb_rating_result_free(&res);
	arb_rating_free(r);
}

/* SPRT: the bounds, the LLR's symmetry and its normal approximation. */
static void test_sprt_values(void **state)
{
	(void)state;
	double llr, lo, up;
	assert_int_equal(arb_sprt_trinomial(0, 0, 0, 0, 20, 0.05, 0.05, &llr, &lo, &up),
			 ARB_SPRT_CONTINUE);
	assert_true(fabs(lo + log(19)) < 1e-12 && fabs(up - log(19)) < 1e-12);
	assert_true(llr == 0);
	/* even score, hypotheses symmetric about 0: no evidence either way */
	arb_sprt_trinomial(100, 50, 100, -10, 10, 0.05, 0.1, &llr, &lo, &up);
	assert_true(fabs(llr) < 1e-9);
	assert_true(fabs(lo - log(0.1 / 0.95)) < 1e-12 && fabs(up - log(0.9 / 0.05)) < 1e-12);
	/* many games: close to N (s1-s0)(2s-s0-s1)/(2 var) */
	unsigned long w = 4200, d = 3000, l = 2800;
	double n = 10000, s = (w + d / 2.0) / n;
	double var = (w * pow(1 - s, 2) + d * pow(0.5 - s, 2) + l * s * s) / n;
	double s0 = expected(0), s1 = expected(20);
	double approx = n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
	assert_int_equal(arb_sprt_trinomial(w, d, l, 0, 20, 0.05, 0.05, &llr, &lo, &up),
			 ARB_SPRT_H1);
	assert_true(fabs(llr - approx) < 0.03 * fabs(approx));
	assert_true(fabs(llr - 91.66534) < 1e-4); /* fishtest's LLR_logistic, computed apart */
	/* mirrored results against mirrored hypotheses: the same LLR */
	double mirror;
	arb_sprt_trinomial(l, d, w, -20, 0, 0.05, 0.05, &mirror, NULL, NULL);
	assert_true(fabs(mirror + llr) < 1e-6 * fabs(llr));
	/* all wins: the zero counts taken as 0.001, finite (fishtest: 2.7954
	 * and 11.1817) */
	assert_int_equal(arb_sprt_trinomial(50, 0, 0, 0, 20, 0.05, 0.05, &llr, NULL, NULL),
			 ARB_SPRT_CONTINUE);
	assert_true(fabs(llr - 2.79543) < 1e-4);
	assert_int_equal(arb_sprt_trinomial(200, 0, 0, 0, 20, 0.05, 0.05, &llr, NULL, NULL),
			 ARB_SPRT_H1);
	assert_true(fabs(llr - 11.18174) < 1e-4);
	assert_int_equal(arb_sprt_trinomial(ULONG_MAX, 1, 0, 0, 20, 0.05, 0.05, &llr, NULL, NULL),
			 -1);
	assert_int_equal(arb_sprt_trinomial(1, 1, 1, 20, 0, 0.05, 0.05, &llr, NULL, NULL), -1);
	assert_string_equal(arb_sprt_decision_name(ARB_SPRT_H0), "H0 accepted");
	assert_string_equal(arb_sprt_decision_name(ARB_SPRT_H1), "H1 accepted");
	assert_string_equal(arb_sprt_decision_name(ARB_SPRT_CONTINUE), "continue");
}

static void test_sprt_valid(void **state)
{
	(void)state;
	char why[200];
	assert_true(arb_sprt_valid(0, 5, 0.05, 0.05, why, sizeof why));
	assert_false(arb_sprt_valid(5, 5, 0.05, 0.05, why, sizeof why));
	assert_non_null(strstr(why, "ELO0 (5) must be below ELO1 (5)"));
	assert_false(arb_sprt_valid(0, 5, 0, 0.05, why, sizeof why));
	assert_non_null(strstr(why, "ALPHA (0)"));
	assert_false(arb_sprt_valid(0, 5, 0.05, 1, why, sizeof why));
	assert_non_null(strstr(why, "BETA (1)"));
	assert_false(arb_sprt_valid(0, 5, 0.6, 0.5, why, sizeof why));
	assert_non_null(strstr(why, "ALPHA + BETA (1.1)"));
	assert_false(arb_sprt_valid(NAN, 5, 0.05, 0.05, why, sizeof why));
	assert_false(arb_sprt_valid(0, 1000, 0.05, 0.05, NULL, 0));
	assert_false(arb_sprt_valid(-INFINITY, 0, 0.05, 0.05, why, sizeof why));
	assert_non_null(strstr(why, "between -1000 and 1000"));
}

/* One sequential test on simulated games (draws 30 %) of true Elo
 * difference `truth`, looked at every 10 games: its decision. */
static int sprt_run(double truth)
{
	double s = expected(truth), pd = 0.3, pw = s - pd / 2;
	unsigned long w = 0, d = 0, l = 0;
	for (int g = 1; g <= 400000; g++) {
		double x = rng_unit();
		if (x < pw)
			w++;
		else if (x < pw + pd)
			d++;
		else
			l++;
		if (g % 10)
			continue;
		int dec = arb_sprt_trinomial(w, d, l, 0, 20, 0.05, 0.05, NULL, NULL, NULL);
		if (dec != ARB_SPRT_CONTINUE)
			return dec;
	}
	return ARB_SPRT_CONTINUE;
}

/* elo0 0, elo1 20: a truth of 30 is accepted as H1, of -10 as H0, in
 * (at least) 9 of 10 runs each; the error rates are below 5 % there. */
static void test_sprt_decides(void **state)
{
	(void)state;
	int h1 = 0, h0 = 0;
	rng_state = 31337;
	for (int run = 0; run < 10; run++) {
		h1 += sprt_run(30) == ARB_SPRT_H1;
		h0 += sprt_run(-10) == ARB_SPRT_H0;
	}
	print_message("sprt: H1 %d of 10 at +30, H0 %d of 10 at -10\n", h1, h0);
	assert_true(h1 >= 9);
	assert_true(h0 >= 9);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_three_to_one), cmocka_unit_test(test_draws_half),
		cmocka_unit_test(test_cycle),	     cmocka_unit_test(test_order),
		cmocka_unit_test(test_no_mle),	     cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_pl_is_elo),    cmocka_unit_test(test_elo_coverage),
		cmocka_unit_test(test_pl_coverage),  cmocka_unit_test(test_pl_ties),
		cmocka_unit_test(test_sprt_values),  cmocka_unit_test(test_sprt_valid),
		cmocka_unit_test(test_sprt_decides),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
