/*
 * test_choices.c — the Catan engine's choices op (src/games/catan/
 * choices.c), the actions a seat may write now, as the referee's `moves`
 * and `arbiter bot` ask for them.
 *
 * Completeness: over generated games (gen's random_turn, both player
 * counts, several Variant options), each turn line is cut into its
 * actions and, before each, the open turn is rebuilt on a copy of the
 * turn's start with apply_open (as the referee holds it); the choices of
 * the seat that plays the action (the player to move, or the seat owing
 * a discard) must hold the action as format() spells it, with what the
 * dealer draws left out (the dice, the card bought, the card stolen) and
 * the monopoly's take (derived, not chosen).  Domestic trades of more
 * than one card a side are the documented exception (notation/catan.md,
 * "The referee's moves") and are counted, not looked for.  Every kind of
 * action must have been checked somewhere, so a kind the list forgets
 * fails here.
 *
 * Soundness, on the first CHECKED_GAMES games: every candidate listed is
 * dealt its chance by the engine's deal(), parsed, formatted back to the
 * candidate's words, and played after the open turn with apply_open; the
 * only refusals allowed are bank-empty (the bank's stock is hidden from
 * the seat, so trades and year of plenty are listed whatever it holds)
 * and trade-not-held of an offer the partner cannot take (its hand is
 * hidden too).
 *
 * The candidates' counts are reported (mean and max per call) and bounded.
 */
#include "catan_test.h"

#define CHECKED_GAMES 20 /* games whose every candidate is also played */
#define MAX_LINES 600	 /* turn lines of one generated game at most    */
#define MAX_TOK 512
/* The most candidates one call may list: the largest is a discard of 10
 * or more cards from a big hand, or maritime trades from a big hand
 * (measured max in the report). */
#define MAX_CANDIDATES 4000

static long env_games(void)
{
	const char *e = getenv("CATAN_CHOICES_GAMES");
	return e ? atol(e) : 1000;
}

typedef struct stats {
	unsigned long calls, listed, max, checked, domestic;
	unsigned long kinds[32]; /* actions found, by kind            */
	unsigned long setup_kinds[2];
	unsigned long tried, accepted, bank_empty, partner_lacks; /* soundness */
	char max_where[160];
} stats;

/* The candidates of one call, each "\n"-framed so a whole one is found
 * with strstr. */
typedef struct listing {
	arb_buf all;
	unsigned long n;
} listing;

static void collect(void *ctx, const char *action)
{
	listing *l = ctx;
	arb_buf_puts(&l->all, action);
	arb_buf_putc(&l->all, '\n');
	l->n++;
}

/* `a` formatted alone, without its colour, with the dealer's chance and
 * a monopoly's take left out: roll 3+4 -> roll, buy knight -> buy,
 * steal White ore -> steal White, play monopoly ore takes ... -> play
 * monopoly ore. */
static void action_words(const cat_game *g, unsigned seat, const cat_act *a, arb_buf *out)
{
	cat_move one;
	memset(&one, 0, sizeof one);
	one.seat = (uint8_t)seat;
	one.n = 1;
	one.act[0] = *a;
	arb_buf full = { 0 };
	cat_format(g, &one, &full);
	int skip_after = -1;
	const char *w = strchr(full.p, ' ');
	while (w && *w) {
		while (*w == ' ')
			w++;
		size_t n = strcspn(w, " ");
		if (!n)
			break;
		if (n == 5 && !strncmp(w, "takes", 5))
			break;
		bool drop = skip_after == 0;
		if (skip_after >= 0)
			skip_after--;
		if (!drop) {
			if (out->len)
				arb_buf_putc(out, ' ');
			arb_buf_put(out, w, n);
		}
		if ((n == 4 && !strncmp(w, "roll", 4)) || (n == 3 && !strncmp(w, "buy", 3)))
			skip_after = 0;
		else if (n == 5 && !strncmp(w, "steal", 5))
			skip_after = 1;
		w += n;
	}
	arb_buf_free(&full);
}

/* Every candidate of `l` (listed for `seat` in the open position `w`,
 * which is `start` with the first `pre->n` actions of `pre` played) is
 * dealt, parsed, spelt back and tried after those actions. */
static void try_all(stats *st, const cat_game *start, cat_game *w, cat_game *probe,
		    const cat_move *pre, unsigned seat, const listing *l, uint64_t *rng)
{
	arb_buf dealt = { 0 }, line = { 0 }, again = { 0 };
	for (const char *c = l->all.p; c && *c;) {
		const char *e = strchr(c, '\n');
		size_t len = (size_t)(e - c);
		arb_token tok[MAX_TOK];
		size_t nt = arb_split_tokens(c, len, 1, 1, tok, MAX_TOK);
		assert_true(nt > 0 && nt < MAX_TOK);
		arb_reject rej;
		memset(&rej, 0, sizeof rej);
		unsigned consent = 0;
		arb_buf_reset(&dealt);
		if (cat_deal(w, seat, tok, nt, rng, &dealt, &consent, &rej) != ARB_DEAL_PLAY)
			fail_msg("'%.*s': deal refuses it: %s", (int)len, c, rej.msg);
		arb_buf_reset(&line);
		arb_buf_put_all(&line, cat_cname(start, pre->seat), " ", dealt.p, (char *)NULL);
		nt = arb_split_tokens(line.p, line.len, 1, 1, tok, MAX_TOK);
		cat_move x;
		if (cat_parse(start, tok, nt, &x, &rej) < 0 || x.n != 1)
			fail_msg("'%s' does not parse: %s", line.p, rej.msg);
		arb_buf_reset(&again);
		action_words(start, pre->seat, &x.act[0], &again);
		if (again.len != len || strncmp(again.p, c, len))
			fail_msg("'%.*s' is spelt '%s' by format()", (int)len, c, again.p);
		cat_move m = *pre;
		m.act[m.n++] = x.act[0];
		cat_copy(probe, start);
		st->tried++;
		if (cat_apply_open(probe, &m, NULL, &rej) == 0)
			st->accepted++;
		else if (!strcmp(rej.rule, "bank-empty"))
			st->bank_empty++;
		else if (!strcmp(rej.rule, "trade-not-held") && x.act[0].kind == A_TRADE)
			st->partner_lacks++;
		else
			fail_msg("listed '%s' is refused: [%s] %s", line.p, rej.rule, rej.msg);
		c = e + 1;
	}
	arb_buf_free(&dealt);
	arb_buf_free(&line);
	arb_buf_free(&again);
}

/* One generated game: every action of every line checked against the
 * choices listed before it. */
static void one_game(stats *st, const char *seats, const char *opts, uint64_t seed, bool check)
{
	cat_game *g = et_new_game(seats, opts, NULL);
	cat_game *w = et_new_game(seats, opts, NULL);
	cat_game *probe = et_new_game(seats, opts, NULL);
	assert_non_null(g);
	assert_non_null(w);
	assert_non_null(probe);
	uint64_t rng = seed, deal = seed ^ 0x5DEECE66Dull;
	arb_buf line = { 0 }, want = { 0 }, framed = { 0 };
	listing l = { { 0 }, 0 };
	for (unsigned n = 0; n < MAX_LINES && !catan_game.over(g); n++) {
		arb_buf_reset(&line);
		if (catan_game.random_turn(g, &rng, &line) != 0)
			break;
		arb_token tok[MAX_TOK];
		size_t nt = arb_split_tokens(line.p, line.len, n + 1, 1, tok, MAX_TOK);
		cat_move m;
		arb_reject rej;
		assert_int_equal(cat_parse(g, tok, nt, &m, &rej), 0);
		bool setup = g->s.setup_step < 2 * g->nseats;
		for (unsigned i = 0; i < m.n; i++) {
			const cat_act *a = &m.act[i];
			if (a->kind == A_TRADE &&
			    (cat_bundle_total(a->give) > 1 || cat_bundle_total(a->get) > 1)) {
				st->domestic++; /* offers of one card for one are listed */
				continue;
			}
			cat_copy(w, g);
			cat_move pre = m;
			pre.n = (uint8_t)i;
			if (i && cat_apply_open(w, &pre, NULL, &rej) < 0)
				fail_msg(
					"seed %llu line %u '%s': the first %u actions are refused: %s",
					(unsigned long long)seed, n + 1, line.p, i, rej.msg);
			unsigned seat = a->kind == A_DISCARD ? a->a : m.seat;
			arb_buf_reset(&l.all);
			arb_buf_putc(&l.all, '\n');
			l.n = 0;
			size_t got = cat_choices(w, seat, "", collect, &l);
			assert_int_equal(got, l.n);
			st->calls++;
			st->listed += l.n;
			if (l.n > st->max) {
				st->max = l.n;
				snprintf(st->max_where, sizeof st->max_where,
					 "seed %llu line %u action %u of '%.80s'",
					 (unsigned long long)seed, n + 1, i + 1, line.p);
			}
			arb_buf_reset(&want);
			action_words(g, m.seat, a, &want);
			arb_buf_reset(&framed);
			arb_buf_put_all(&framed, "\n", want.p, "\n", (char *)NULL);
			if (!strstr(l.all.p, framed.p))
				fail_msg("seed %llu (%s, %s) line %u '%s': '%s' (action %u, by %s) "
					 "is not among the %lu choices:%s",
					 (unsigned long long)seed, seats, opts ? opts : "", n + 1,
					 line.p, want.p, i + 1, cat_cname(g, seat), l.n, l.all.p);
			if (setup)
				st->setup_kinds[a->kind == A_ROAD]++;
			else
				st->kinds[a->kind]++;
			st->checked++;
			if (check) {
				listing rest = { { 0 }, l.n };
				arb_buf_puts(&rest.all, l.all.p + 1); /* without the leading "\n" */
				try_all(st, g, w, probe, &pre, seat, &rest, &deal);
				arb_buf_free(&rest.all);
			}
		}
		assert_int_equal(catan_game.apply(g, &m, NULL, &rej), 0);
	}
	arb_buf_free(&line);
	arb_buf_free(&want);
	arb_buf_free(&framed);
	arb_buf_free(&l.all);
	catan_game.destroy(g);
	catan_game.destroy(w);
	catan_game.destroy(probe);
}

/* Generated games, alternately 3 and 4 players, under the default rules
 * and options that change what is legal. */
static void test_gen_actions_are_listed(void **state)
{
	(void)state;
	static const char *const opts[] = {
		NULL,	     "phases=combined", "robber=any", NULL, "vp-cards=revealed",
		"edition=5", "bank=7",		NULL,
	};
	static const char *const seats[] = { "Red Blue White", "Red Blue White Orange" };
	stats st;
	memset(&st, 0, sizeof st);
	long games = env_games();
	for (long k = 0; k < games; k++)
		one_game(&st, seats[k % 2], opts[k % 8], (uint64_t)k * 0x9E3779B97F4A7C15ull + 7,
			 k < CHECKED_GAMES);
	print_message("%ld games: %lu actions checked (%lu larger domestic trades not listed), "
		      "%lu choices calls, candidates per call mean %.1f, max %lu (%s)\n",
		      games, st.checked, st.domestic, st.calls, (double)st.listed / st.calls,
		      st.max, st.max_where);
	print_message("first %d games: %lu candidates played, %lu accepted, %lu bank-empty, "
		      "%lu offers the partner cannot take\n",
		      CHECKED_GAMES, st.tried, st.accepted, st.bank_empty, st.partner_lacks);
	print_message("found: setup settlement %lu, road %lu; roll %lu, discard %lu, robber "
		      "%lu, bank %lu, road %lu, settlement %lu, city %lu, buy %lu, knight %lu, "
		      "road-building %lu, plenty %lu, monopoly %lu, reveal %lu, offer %lu\n",
		      st.setup_kinds[0], st.setup_kinds[1], st.kinds[A_ROLL], st.kinds[A_DISCARD],
		      st.kinds[A_ROBBER], st.kinds[A_BANK], st.kinds[A_ROAD], st.kinds[A_SETTLE],
		      st.kinds[A_CITY], st.kinds[A_BUY], st.kinds[A_KNIGHT], st.kinds[A_ROADS],
		      st.kinds[A_PLENTY], st.kinds[A_MONOPOLY], st.kinds[A_REVEAL],
		      st.kinds[A_TRADE]);
	assert_true(st.max <= MAX_CANDIDATES);
	if (games < 100) /* a short run (valgrind) need not meet every kind */
		return;
	assert_true(st.setup_kinds[0] > 0 && st.setup_kinds[1] > 0);
	static const unsigned kinds[] = { A_ROLL,   A_DISCARD,	A_ROBBER, A_BANK,   A_ROAD,
					  A_SETTLE, A_CITY,	A_BUY,	  A_KNIGHT, A_ROADS,
					  A_PLENTY, A_MONOPOLY, A_REVEAL, A_TRADE };
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (!st.kinds[kinds[i]])
			fail_msg("no action of kind %u was checked", kinds[i]);
	assert_true(st.accepted > 0);
}

/* Positions gen seldom reaches: nothing for a seat that owes nothing,
 * the set-up's road beside the settlement just placed, a discard of 10
 * from a hand of 20 (every way: 381 when the hand is 4 of each). */
static void test_positions(void **state)
{
	(void)state;
	cat_game *g = et_new_game_ok("Red Blue White");
	listing l = { { 0 }, 0 };
	assert_int_equal(cat_choices(g, 1, "", collect, &l), 0); /* Blue waits */
	assert_int_equal(cat_choices(g, 0, "", collect, &l), 54);
	cat_move m;
	arb_token tok[16];
	arb_reject rej;
	const char *s1 = "Red settlement e3";
	size_t nt = arb_split_tokens(s1, strlen(s1), 1, 1, tok, 16);
	assert_int_equal(cat_parse(g, tok, nt, &m, &rej), 0);
	assert_int_equal(cat_apply_open(g, &m, NULL, &rej), 0);
	arb_buf_reset(&l.all);
	l.n = 0;
	assert_int_equal(cat_choices(g, 0, "", collect, &l), 3);
	assert_non_null(strstr(l.all.p, "road d3-e3\n"));
	assert_non_null(strstr(l.all.p, "road e3-f3\n"));
	assert_non_null(strstr(l.all.p, "road e3-e4\n"));
	catan_game.destroy(g);

	/* a discard of 10 from a hand of 4 of each resource */
	g = et_new_game("Red Blue White", "start-resources=none", NULL);
	et_ok(et_on(g), "Red settlement e3 road e3-f3");
	et_ok(et_on(g), "Blue settlement c3 road c3-d3");
	et_ok(et_on(g), "White settlement h3 road h3-i3");
	et_ok(et_on(g), "White settlement i5 road h5-i5");
	et_ok(et_on(g), "Blue settlement c5 road c5-d5");
	et_ok(et_on(g), "Red settlement f5 road f5-g5");
	tt_give(g, 1, "4brick+4lumber+4wool+4grain+4ore");
	const char *s2 = "Red roll 3+4";
	nt = arb_split_tokens(s2, strlen(s2), 1, 1, tok, 16);
	assert_int_equal(cat_parse(g, tok, nt, &m, &rej), 0);
	assert_int_equal(cat_apply_open(g, &m, NULL, &rej), 0);
	arb_buf_reset(&l.all);
	l.n = 0;
	/* Red owes nothing and waits for Blue's discard */
	size_t red = cat_choices(g, 0, "", collect, &l);
	assert_int_equal(red, 0);
	/* 4 of each, 10 discarded: the 5-part compositions of 10 with
	 * parts at most 4 */
	assert_int_equal(cat_choices(g, 1, "", collect, &l), 381);
	assert_non_null(strstr(l.all.p, "discard Blue 4brick+4lumber+2wool\n"));
	assert_non_null(strstr(l.all.p, "discard Blue 2brick+2lumber+2wool+2grain+2ore\n"));
	catan_game.destroy(g);
	arb_buf_free(&l.all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_gen_actions_are_listed),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
