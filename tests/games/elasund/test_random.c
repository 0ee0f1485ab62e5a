/*
 * test_random.c — random legal games: every line the random player
 * (gen.h) writes must be accepted, fmt must round-trip it, and after every
 * turn a brute-force recount of the cubes, cards and trade flags must match
 * the engine's counters.  With ELASUND_GEN=DIR set, the games are also
 * written there as TGN records (that is how corpus/elasund/game-*.tgn were
 * made; see notation/elasund.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/data.h"
#include "gen.h"

static void *data;

static int setup_data(void **state)
{
	(void)state;
	arb_data_error err;
	extern const unsigned char arb_data_elasund[];
	extern const size_t arb_data_elasund_size;
	arb_node *root = arb_data_parse(arb_data_elasund, arb_data_elasund_size, &err);
	assert_non_null(root);
	data = elasund_game.data_load(root, &err);
	assert_non_null(data);
	arb_data_free(root);
	return 0;
}

static int teardown_data(void **state)
{
	(void)state;
	elasund_game.data_free(data);
	return 0;
}

typedef struct tally { int delta[EL_SEATS]; } tally;

static void on_event(void *ctx, const arb_event *ev)
{
	tally *t = ctx;
	for (int s = 0; s < EL_SEATS; s++)
		t->delta[s] += ev->delta[s];
}

static void recount(const el_game *g)
{
	const el_pos *p = &g->pos;
	for (unsigned s = 0; s < g->nseats; s++) {
		int n = 0;
		for (int i = 0; i < g->nneutral; i++)
			if (p->tile[i].on && p->tile[i].owner == (int)s)
				n += p->tile[i].cubes;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < EL_W; x++)
				if (p->church[y][x] >= 0 && p->church_owner[p->church[y][x]] == (int)s)
					n++;
		for (int li = 0; li < 3; li++)
			for (int k = 0; k < EL_MAXWALL; k++)
				n += p->wall[li][k] == s + 1 + 16;
		n += __builtin_popcount(p->seat[s].flags);
		assert_int_equal(n, p->seat[s].cubes);
		/* permits: on the board + in supply = all five */
		int on = 0;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < EL_W; x++)
				if (p->permit[y][x] >= 0 && (p->permit[y][x] >> 3) == (int)s) {
					int v = p->permit[y][x] & 7;
					assert_false(p->seat[s].permits >> v & 1);
					on++;
				}
		assert_int_equal(on + __builtin_popcount(p->seat[s].permits), EL_NPERMIT);
		/* trade points: the windmills under the seat's buildings */
		int trade = 0;
		for (int i = 0; i < EL_MAXTILES; i++) {
			const el_tile *t = &p->tile[i];
			if (!t->on || t->owner != (int)s || g->d->bt[t->type].kind == K_HUT)
				continue;
			for (int dy = 0; dy < g->d->bt[t->type].h; dy++)
				for (int dx = 0; dx < g->d->bt[t->type].w; dx++)
					trade += g->L->mills[t->y + dy][t->x + dx];
		}
		assert_int_equal(trade, p->seat[s].trade);
		assert_true(p->seat[s].track <= trade && p->seat[s].track <= g->d->track_last);
		int level = g->opt.track_uncapped ? (trade < g->d->track_last ? trade : g->d->track_last)
						  : p->seat[s].track;
		for (int f = 0; f < 16; f++)
			if (p->seat[s].flags >> f & 1)
				assert_true(f <= level);
		assert_true(p->seat[s].gold >= 0);
	}
}

/* snapshot(create(snapshot(g))) == snapshot(g), and the dumps agree. */
static void snapshot_round_trip(const el_game *g, const arb_setup *su0)
{
	arb_buf a = { 0 }, b = { 0 }, da = { 0 }, db = { 0 };
	elasund_game.snapshot(g, &a);
	arb_setup su = *su0;
	arb_tag tag = { "Setup", a.p, 1, 1 };
	su.tags = &tag;
	su.ntags = 1;
	su.setup = &tag;
	arb_reject rej;
	el_game *h = elasund_game.create(data, &su, &rej);
	if (!h)
		fail_msg("snapshot refused: %s: %s", rej.msg, a.p);
	elasund_game.snapshot(h, &b);
	assert_string_equal(a.p, b.p);
	elasund_game.dump(g, 0, &da);
	elasund_game.dump(h, 0, &db);
	assert_string_equal(da.p, db.p);
	assert_memory_equal(g->pos.seat, h->pos.seat, sizeof g->pos.seat);
	assert_memory_equal(g->pos.flagused, h->pos.flagused, sizeof g->pos.flagused);
	elasund_game.destroy(h);
	arb_buf_free(&a);
	arb_buf_free(&b);
	arb_buf_free(&da);
	arb_buf_free(&db);
}

/* Play one random game; returns the number of turns; writes the record
 * to `out` when non-NULL. */
static int play_game(uint64_t seed, const char *colours, int maxturns, FILE *out, bool *won,
		     const char *variant)
{
	static const char *const names[] = { "Anna", "Ben", "Cecilia", "David" };
	arb_setup su;
	memset(&su, 0, sizeof su);
	for (const char *c = colours; *c; c++) {
		int k = *c == 'R' ? 0 : *c == 'B' ? 1 : *c == 'G' ? 2 : 3;
		su.seats[su.nseats].colour = (unsigned)k;
		su.seats[su.nseats].player = names[su.nseats];
		su.nseats++;
	}
	char vbuf[128];
	snprintf(vbuf, sizeof vbuf, "%s", variant ? variant : "");
	for (char *o = strtok(vbuf, " "); o; o = strtok(NULL, " ")) {
		char *eq = strchr(o, '=');
		*eq = 0;
		su.options[su.noptions++] = (arb_option){ o, eq + 1, NULL };
	}
	arb_reject rej;
	static gen G;
	memset(&G, 0, sizeof G);
	G.rng = seed * 0x9E3779B97F4A7C15ull + 1;
	el_game *tmp = elasund_game.create(data, &su, &rej);
	assert_non_null(tmp);
	char hands[128];
	gen_hands(&G, tmp, hands, sizeof hands);
	elasund_game.destroy(tmp);
	arb_tag tag = { "Hands", hands, 1, 1 };
	su.tags = &tag;
	su.ntags = 1;
	G.g = elasund_game.create(data, &su, &rej);
	assert_non_null(G.g);
	char *lines = calloc((size_t)maxturns, 1100);
	size_t used = 0;
	tally t = { { 0 } };
	arb_sink sink = { on_event, &t };
	int turns = 0;
	while (turns < maxturns && !G.g->pos.over) {
		gen_turn(&G);
		if (!gen_try(&G, G.line, true, &sink))
			fail_msg("seed %llu turn %d: %s: %s [%s]", (unsigned long long)seed, turns + 1,
				 G.line, G.rej.msg, G.rej.rule);
		/* fmt round trip: the canonical form is what we wrote */
		arb_token tok[160];
		size_t n = arb_split_tokens(G.line, strlen(G.line), 1, 1, tok, 160);
		el_move m;
		memset(&m, 0, sizeof m);
		assert_int_equal(elasund_game.parse(G.g, tok, n, &m, &rej), 0);
		arb_buf b = { 0 };
		elasund_game.format(G.g, &m, &b);
		assert_string_equal(b.p, G.line);
		arb_buf_free(&b);
		recount(G.g);
		for (unsigned s = 0; s < G.g->nseats; s++)
			assert_int_equal(t.delta[s], G.g->pos.seat[s].cubes);
		if (turns % 25 == 0 || G.g->pos.over)
			snapshot_round_trip(G.g, &su);
		used += (size_t)snprintf(lines + used, 1100, "%s\n", G.line);
		turns++;
	}
	*won = G.g->pos.over;
	if (out) {
		fprintf(out, "[Game \"elasund\"]\n[Event \"arbiter random game, seed %llu\"]\n",
			(unsigned long long)seed);
		for (unsigned s = 0; s < G.g->nseats; s++)
			fprintf(out, "[%s \"%s\"]\n", el_colours[G.g->colour[s]], su.seats[s].player);
		if (variant)
			fprintf(out, "[Variant \"%s\"]\n", variant);
		fprintf(out, "[Hands \"%s\"]\n[Result \"%s\"]\n\n%s", hands,
			G.g->pos.over ? el_colours[G.g->colour[G.g->pos.winner]] : "*", lines);
	}
	free(lines);
	elasund_game.destroy(G.g);
	return turns;
}

static void test_random_games(void **state)
{
	(void)state;
	static const char *const tables[] = { "RB", "BG", "RBG", "YGB", "RBGY", "GYRB" };
	const char *dir = getenv("ELASUND_GEN");
	int ngames = dir ? (getenv("ELASUND_GEN_N") ? atoi(getenv("ELASUND_GEN_N")) : 60) : 30, wins = 0;
	long total = 0;
	for (int i = 0; i < ngames; i++) {
		bool won;
		FILE *out = NULL;
		char path[512];
		if (dir) {
			snprintf(path, sizeof path, "%s/gen-%d-%zu.tgn", dir, i, strlen(tables[i % 6]));
			out = fopen(path, "w");
		}
		static const char *const variants[] = {
			NULL, "huts=bigger track=uncapped", "walls=blue-first cards=smart",
			"halve=up mills=near", NULL,
		};
		total += play_game((uint64_t)i + 1, tables[i % 6], 600, out, &won,
				   dir ? getenv("ELASUND_GEN_VARIANT") : variants[i % 5]);
		wins += won;
		if (out)
			fclose(out);
	}
	print_message("%d random games, %ld turns, %d won\n", ngames, total, wins);
	assert_true(wins > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
