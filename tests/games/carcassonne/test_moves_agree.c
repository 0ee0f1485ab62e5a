/*
 * test_moves_agree.c — moves() and apply() agree, both ways, at 1,000
 * positions of seeded random games (random_turn, 2 to 5 seats):
 *
 *   - every move moves() lists, given the record's next move as `next`
 *     (so the drawn tile is the one the game draws), applies legally on a
 *     copy of the position (a game created from its snapshot), and leaves
 *     the engine's invariants (position_ok) true;
 *   - the move the random game plays next is among those listed, in its
 *     canonical spelling (format()).
 *
 * The game the positions come from is played with the generator, so the
 * second check also ties random_turn() to moves().  A position is sampled
 * every SAMPLE_EVERY turns, from an offset that changes with the seed.
 */
#include "cc_test.h"

#define POSITIONS 1000
#define SAMPLE_EVERY 7

typedef struct move_list {
	char (*line)[96];
	size_t n, cap;
} move_list;

static void collect(void *ctx, const char *move)
{
	move_list *l = ctx;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->line = realloc(l->line, l->cap * sizeof *l->line);
		assert_non_null(l->line);
	}
	snprintf(l->line[l->n++], sizeof l->line[0], "%s", move);
}

/* Parse `line` for game g into *m; fails the test when it does not. */
static void parse_line(void *g, const char *line, cc_move *m)
{
	arb_token tok[16];
	arb_reject rej;
	size_t n = arb_split_tokens(line, strlen(line), 1, 1, tok, 16);
	memset(m, 0, sizeof *m);
	if (OPS->parse(g, tok, n, m, &rej) < 0)
		fail_msg("'%s' does not parse: %s: %s", line, rej.rule, rej.msg);
}

/* Every move in l applies on a game created from t's snapshot. */
static void listed_apply(et_game *t, const move_list *l)
{
	arb_buf snap = { 0 };
	OPS->snapshot(t->g, &snap);
	arb_tag tag = { "Setup", snap.p, 4, 1 };
	arb_setup setup = t->setup;
	setup.setup = &tag;
	for (size_t i = 0; i < l->n; i++) {
		arb_reject rej;
		void *g2 = OPS->create(t->data, &setup, NULL, &rej);
		if (!g2)
			fail_msg("snapshot refused: %s\n%s", rej.msg, snap.p);
		cc_move m;
		parse_line(g2, l->line[i], &m);
		if (OPS->apply(g2, &m, NULL, &rej) < 0)
			fail_msg("moves() lists '%s', apply() refuses it: %s: %s\n"
				 "position: %s",
				 l->line[i], rej.rule, rej.msg, snap.p);
		const char *why = NULL;
		if (!OPS->position_ok(g2, &why))
			fail_msg("after listed '%s': position_ok: %s", l->line[i], why);
		OPS->destroy(g2);
	}
	arb_buf_free(&snap);
}

/* One random game of `nseats` from `seed`, checked at every sampled
 * position; returns the positions checked (at most `want`). */
static unsigned check_game(void *data, unsigned nseats, uint64_t seed, unsigned want, move_list *l)
{
	et_game t;
	et_start_n(&t, OPS, data, nseats);
	uint64_t rng = seed;
	unsigned checked = 0, offset = (unsigned)(seed % SAMPLE_EVERY);
	arb_buf line = { 0 }, canon = { 0 };
	for (unsigned turn = 0; !OPS->over(t.g) && checked < want; turn++) {
		arb_buf_reset(&line);
		assert_int_equal(OPS->random_turn(t.g, &rng, &line), 0);
		cc_move next;
		parse_line(t.g, line.p, &next);
		if (turn % SAMPLE_EVERY == offset) {
			arb_buf_reset(&canon);
			OPS->format(t.g, &next, &canon);
			l->n = 0;
			size_t n = OPS->moves(t.g, &next, collect, l);
			assert_int_equal(n, l->n);
			bool found = false;
			for (size_t i = 0; i < l->n && !found; i++)
				found = !strcmp(l->line[i], canon.p);
			if (!found)
				fail_msg("seed %llu turn %u: the game plays '%s', which "
					 "moves() does not list (%zu moves)",
					 (unsigned long long)seed, turn, canon.p, l->n);
			listed_apply(&t, l);
			checked++;
		}
		et_ok(&t, line.p);
	}
	arb_buf_free(&line);
	arb_buf_free(&canon);
	et_end(&t);
	return checked;
}

static void test_moves_agree(void **state)
{
	(void)state;
	void *data = et_data(OPS, NULL);
	move_list l = { 0 };
	unsigned done = 0, per_seats[6] = { 0 };
	for (uint64_t seed = 1; done < POSITIONS; seed++) {
		unsigned nseats = 2 + (unsigned)(seed % 4);
		unsigned n = check_game(data, nseats, seed, POSITIONS - done, &l);
		per_seats[nseats] += n;
		done += n;
	}
	for (unsigned s = 2; s <= 5; s++)
		assert_true(per_seats[s] > 0);
	print_message("%u positions: %u with 2 seats, %u with 3, %u with 4, "
		      "%u with 5\n",
		      done, per_seats[2], per_seats[3], per_seats[4], per_seats[5]);
	free(l.line);
	OPS->data_free(data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
