/*
 * test_generated.c — random legal games (the engine's random_turn, as
 * `arbiter gen` plays them) played to the end:
 * every generated line is formatted, parsed back and replayed on a fresh
 * game, which must accept it and format it the same way (fmt is stable and
 * the replay of fmt(x) equals the replay of x); points are recounted from
 * the board after every turn.  With CATAN_GEN_DIR set, the games are also
 * written there as TGN records.
 */
#include "catan_test.h"

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

static void test_generated_games(void **state)
{
	(void)state;
	static char text[1 << 18];
	const char *dir = getenv("CATAN_GEN_DIR");
	unsigned won = 0, kinds[32] = { 0 };
	for (unsigned seed = 1; seed <= 40; seed++) {
		const char *seats = seed % 2 ? "Red Blue White" : "Red Blue White Orange";
		const char *opts = seed % 3 == 0 ? "phases=combined" : NULL;
		cat_game *g = et_new_game(seats, opts, NULL);
		cat_game *h = et_new_game(seats, opts, NULL);
		assert_non_null(g);
		assert_non_null(h);
		uint64_t rng = seed * 7919u;
		arb_buf gl = { 0 };
		size_t len = 0;
		arb_buf line = { 0 }, again = { 0 };
		for (unsigned t = 0; t < 2000 && !g->s.over; t++) {
			cat_move m;
			arb_reject rej;
			arb_buf_reset(&gl);
			if (catan_game.random_turn(g, &rng, &gl) < 0)
				break;
			arb_token gt[256];
			size_t ng = arb_split_tokens(gl.p, gl.len, 1, 1, gt, 256);
			memset(&m, 0, sizeof m);
			if (catan_game.parse(g, gt, ng, &m, &rej) < 0)
				fail_msg("seed %u turn %u: %s", seed, t, rej.msg);
			if (catan_game.apply(g, &m, NULL, &rej) < 0)
				fail_msg("seed %u turn %u: %s", seed, t, rej.msg);
			for (unsigned i = 0; i < m.n; i++)
				kinds[m.act[i].kind]++;
			arb_buf_reset(&line);
			catan_game.format(g, &m, &line);
			/* The text replays on a fresh game, and formats back. */
			et_ok(et_on(h), line.p);
			assert_memory_equal(&g->s, &h->s, sizeof g->s);
			arb_token tok[256];
			size_t nt = arb_split_tokens(line.p, line.len, 1, 1, tok, 256);
			cat_move m2;
			memset(&m2, 0, sizeof m2);
			assert_int_equal(catan_game.parse(h, tok, nt, &m2, &rej), 0);
			arb_buf_reset(&again);
			catan_game.format(h, &m2, &again);
			assert_string_equal(line.p, again.p);
			for (unsigned p = 0; p < g->nseats; p++)
				assert_int_equal(cat_vp(g, p), recount(g, p));
			/* The snapshot of the position recreates it. */
			if (t % 7 == 0 && !g->s.over) {
				arb_buf snap = { 0 };
				catan_game.snapshot(g, &snap);
				cat_game *k = et_new_game(seats, opts, snap.p);
				if (!k)
					fail_msg("snapshot refused: %s: %s", et_shared.rej.msg,
						 snap.p);
				cat_state a = g->s, b = k->s;
				a.turns = b.turns = 0;
				assert_memory_equal(&a, &b, sizeof a);
				catan_game.destroy(k);
				arb_buf_free(&snap);
			}
			if (len + line.len + 2 < sizeof text) {
				memcpy(text + len, line.p, line.len);
				len += line.len;
				text[len++] = '\n';
			}
		}
		text[len] = 0;
		won += g->s.over;
		if (dir) {
			char path[512];
			snprintf(path, sizeof path, "%s/seed-%u.tgn", dir, seed);
			FILE *f = fopen(path, "w");
			assert_non_null(f);
			fprintf(f,
				"[Game \"catan\"]\n[Event \"generated, seed "
				"%u\"]\n",
				seed);
			static const char *const names[] = { "Anna", "Bertil", "Cecilia", "David" };
			for (unsigned p = 0; p < g->nseats; p++)
				fprintf(f, "[%s \"%s\"]\n", catan_game.colours[g->colour[p]],
					names[p]);
			if (opts)
				fprintf(f, "[Variant \"%s\"]\n", opts);
			fprintf(f, "[Result \"%s\"]\n\n%s",
				g->s.over ? catan_game.colours[g->colour[g->s.winner]] : "*", text);
			fclose(f);
		}
		arb_buf_free(&line);
		arb_buf_free(&again);
		arb_buf_free(&gl);
		catan_game.destroy(g);
		catan_game.destroy(h);
	}
	print_message("generated: %u of 40 won; knights %u, road building "
		      "%u, plenty %u, monopoly %u, trades %u, maritime %u\n",
		      won, kinds[A_KNIGHT], kinds[A_ROADS], kinds[A_PLENTY], kinds[A_MONOPOLY],
		      kinds[A_TRADE], kinds[A_BANK]);
	assert_true(won >= 30);
	assert_true(kinds[A_KNIGHT] && kinds[A_ROADS] && kinds[A_PLENTY] && kinds[A_MONOPOLY] &&
		    kinds[A_TRADE] && kinds[A_BANK] && kinds[A_DISCARD]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_generated_games),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
