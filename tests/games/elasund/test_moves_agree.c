/*
 * test_moves_agree.c — moves() and apply() agree, both ways, at 1,000
 * positions of seeded random games (random_tags and random_turn, 2, 3
 * and 4 seats, half of them under rule options: huts=bigger changes
 * which huts a build displaces):
 *
 *   - every line moves() lists, given the record's next line as `next`
 *     (so the roll and the cards drawn are the ones the game draws),
 *     applies legally on a copy of the position (a game created from its
 *     Setup snapshot) and leaves the engine's invariants (position_ok)
 *     true;
 *   - the random game's next line is among those listed, reduced to its
 *     first choice the way notation/elasund.md "Legal moves" lists single
 *     choices: moves() lists each choice as a complete line that otherwise
 *     takes the plainest path, so the next line is compared by its first
 *     choice only:
 *       its first build (a building with its fee, a wall with its draws,
 *       a church tile), followed by `gold` — or by nothing when the line
 *       ends with that build (its cube won);
 *       else its permit (value, square, fee), without a special action;
 *       else `gold` with its special action, if any;
 *     with the same roll, ship and chance part.  A build's hut moves are
 *     compared by who moves which hut only: the listing sends displaced
 *     huts to the first legal squares in reading order (a square is the
 *     owner's choice the listing leaves out, as is the order of one
 *     owner's hut and long hut), so hut squares (or `off`) are ignored and
 *     each owner's huts compared as a set.
 *
 * The positions come from the generator's own games, so the second check
 * ties random_turn() to moves() too.  A position is sampled every
 * SAMPLE_EVERY turns, from an offset that changes with the seed.
 */
#include "elasund_test.h"

#ifndef POSITIONS
#define POSITIONS 1000 /* -DPOSITIONS=50000 for a longer search */
#endif
#define SAMPLE_EVERY 3

typedef struct move_list {
	char (*line)[256];
	size_t n, cap;
} move_list;

static void collect(void *ctx, const char *move)
{
	move_list *l = ctx;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 512;
		l->line = realloc(l->line, l->cap * sizeof *l->line);
		assert_non_null(l->line);
	}
	assert_true(strlen(move) < sizeof l->line[0]);
	snprintf(l->line[l->n++], sizeof l->line[0], "%s", move);
}

/* Parse `line` for game g into *m; fails the test when it does not. */
static void parse_line(const void *g, const char *line, el_move *m)
{
	arb_token tok[ET_MAX_TOKENS];
	arb_reject rej;
	size_t n = arb_split_tokens(line, strlen(line), 1, 1, tok, ET_MAX_TOKENS);
	memset(m, 0, sizeof *m);
	if (n == 0 || n > ET_MAX_TOKENS || OPS->parse(g, tok, n, m, &rej) < 0)
		fail_msg("'%s' does not parse: %s: %s", line, rej.rule, rej.msg);
}

/* `line` with its hut moves reduced to who moves which hut: the square
 * (or `off`) after "hut Colour" / "longhut Colour" dropped, and each
 * owner's run of hut moves in a fixed order. */
static void without_hut_squares(const char *line, char *out, size_t cap)
{
	char buf[256], *words[128], *save = NULL;
	size_t n = 0;
	snprintf(buf, sizeof buf, "%s", line);
	for (char *w = strtok_r(buf, " ", &save); w && n < 128; w = strtok_r(NULL, " ", &save))
		words[n++] = w;
	/* hut moves as "hut Colour" pairs: k indexes the keyword */
	char *hut[EL_MAXHUT * 2][2];
	out[0] = 0;
	for (size_t i = 0; i < n; i++) {
		size_t nh = 0;
		while (i + 1 < n && (!strcmp(words[i], "hut") || !strcmp(words[i], "longhut")) &&
		       nh < EL_MAXHUT * 2) {
			hut[nh][0] = words[i];
			hut[nh][1] = words[i + 1];
			nh++;
			i += i + 2 < n ? 3 : 2; /* keyword, colour, square */
		}
		/* one owner's huts in a fixed order: hut before longhut */
		for (size_t a = 0; a + 1 < nh; a++)
			if (!strcmp(hut[a][1], hut[a + 1][1]) &&
			    strcmp(hut[a][0], hut[a + 1][0]) > 0) {
				char *k = hut[a][0];
				hut[a][0] = hut[a + 1][0];
				hut[a + 1][0] = k;
			}
		for (size_t h = 0; h < nh; h++)
			snprintf(out + strlen(out), cap - strlen(out), "%s%s %s", out[0] ? " " : "",
				 hut[h][0], hut[h][1]);
		if (i < n)
			snprintf(out + strlen(out), cap - strlen(out), "%s%s", out[0] ? " " : "",
				 words[i]);
	}
}

/* The first choice of the next line `nx`, as moves() would list it. */
static el_move first_choice(const el_move *nx)
{
	el_move m = *nx;
	if (nx->nbuild) {
		m.nbuild = 1;
		m.sp = SP_NONE;
		/* the line ends with its only build: that build won */
		m.p3 = nx->nbuild == 1 && nx->p3 == 0 ? 0 : 1;
	} else if (nx->p3 == 2) {
		m.sp = SP_NONE;
	}
	return m;
}

/* Every line of l applies on a copy of a game created from t's snapshot
 * and leaves position_ok true. */
static void listed_apply(const tg_game *t, const move_list *l)
{
	arb_buf snap = { 0 };
	OPS->snapshot(t->g, &snap);
	arb_tag tag = { "Setup", snap.p, 3, 1 };
	arb_setup setup = t->et.setup;
	setup.tags = &tag;
	setup.ntags = 1;
	setup.setup = &tag;
	arb_reject rej;
	el_game *g2 = OPS->create(et_shared_data, &setup, NULL, &rej);
	if (!g2)
		fail_msg("snapshot refused: %s\n%s", rej.msg, snap.p);
	el_game *copy = malloc(sizeof *copy);
	assert_non_null(copy);
	for (size_t i = 0; i < l->n; i++) {
		*copy = *g2; /* shallow: no sink, so its event buffers stay unused */
		el_move m;
		parse_line(copy, l->line[i], &m);
		if (OPS->apply(copy, &m, NULL, &rej) < 0)
			fail_msg("moves() lists '%s', apply() refuses it: %s: %s\n"
				 "position: %s",
				 l->line[i], rej.rule, rej.msg, snap.p);
		const char *why = NULL;
		if (!OPS->position_ok(copy, &why))
			fail_msg("after listed '%s': position_ok: %s", l->line[i], why);
	}
	free(copy);
	OPS->destroy(g2);
	arb_buf_free(&snap);
}

/* One random game of `nseats` from `seed`, checked at every sampled
 * position; returns the positions checked (at most `want`). */
static unsigned check_game(unsigned nseats, uint64_t seed, unsigned want, move_list *l)
{
	static const char *const tables[] = { "", "", "RB", "RBG", "RBGY" };
	static const char *const variants[] = {
		NULL,
		"huts=bigger",
		NULL,
		"huts=bigger walls=blue-first halve=up track=uncapped mills=near cards=smart",
	};
	uint64_t rng = seed;
	arb_buf tags = { 0 };
	OPS->random_tags(et_shared_data, nseats, &rng, &tags);
	char hands[128];
	snprintf(hands, sizeof hands, "%.*s", (int)(tags.len - 11), tags.p + 8);
	arb_buf_free(&tags);
	tg_game t;
	tg_start(&t, tables[nseats], hands, variants[seed / 3 % 4]);
	t.et.listen = false; /* a game's events would overflow the harness */
	unsigned checked = 0, offset = (unsigned)(seed % SAMPLE_EVERY);
	arb_buf line = { 0 }, want_line = { 0 };
	char want_norm[256], got_norm[256];
	for (unsigned turn = 0; !OPS->over(t.g) && checked < want; turn++) {
		arb_buf_reset(&line);
		if (OPS->random_turn(t.g, &rng, &line) < 0)
			break;
		if (turn % SAMPLE_EVERY == offset) {
			el_move next, first;
			parse_line(t.g, line.p, &next);
			first = first_choice(&next);
			arb_buf_reset(&want_line);
			OPS->format(t.g, &first, &want_line);
			without_hut_squares(want_line.p, want_norm, sizeof want_norm);
			l->n = 0;
			size_t n = OPS->moves(t.g, &next, collect, l);
			assert_int_equal(n, l->n);
			bool found = false;
			for (size_t i = 0; i < l->n && !found; i++) {
				without_hut_squares(l->line[i], got_norm, sizeof got_norm);
				found = !strcmp(got_norm, want_norm);
			}
			if (!found)
				fail_msg("seed %llu turn %u: the game plays '%s', whose first "
					 "choice '%s' moves() does not list (%zu lines)",
					 (unsigned long long)seed, turn, line.p, want_line.p, l->n);
			listed_apply(&t, l);
			checked++;
		}
		et_ok(&t.et, line.p);
	}
	arb_buf_free(&line);
	arb_buf_free(&want_line);
	et_end(&t.et);
	return checked;
}

static void test_moves_agree(void **state)
{
	(void)state;
	move_list l = { 0 };
	unsigned done = 0, per_seats[5] = { 0 };
	for (uint64_t seed = 1; done < POSITIONS; seed++) {
		unsigned nseats = 2 + (unsigned)(seed % 3);
		unsigned n = check_game(nseats, seed, POSITIONS - done, &l);
		per_seats[nseats] += n;
		done += n;
	}
	for (unsigned s = 2; s <= 4; s++)
		assert_true(per_seats[s] > 0);
	print_message("%u positions: %u with 2 seats, %u with 3, %u with 4\n", done, per_seats[2],
		      per_seats[3], per_seats[4]);
	free(l.line);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves_agree),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
