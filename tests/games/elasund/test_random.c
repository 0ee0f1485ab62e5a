/*
 * test_random.c — random legal games, played by the engine's own random
 * player (random_tags and random_turn, as `arbiter gen` plays them) under
 * every option, through the one engine harness (so position_ok runs after
 * every turn).  Every line written must be accepted and already be in
 * canonical form (format gives it back); after every turn a brute-force
 * recount of the cubes, permits, trade points and flags must match the
 * engine's counters and the score events must add up to the cubes; every
 * 25 turns the snapshot must round-trip.
 *
 * The chance part of each line (income draws, pirate discards and loot,
 * shortage halving) is also checked against a reference model of phase 1
 * written here, apart from the engine: the number of cards each seat
 * owes.  The random player counts those with the engine's own functions,
 * so without this model a miscount would be written and accepted alike.
 *
 * With ELASUND_GEN=DIR set, the games are also written there as TGN
 * records (ELASUND_GEN_N games, ELASUND_GEN_VARIANT options); that is how
 * the file of notation/elasund.md's "Replay speed" was made.
 */
#include "elasund_test.h"

/* Brute-force recount of every seat's cubes, permits, trade points and
 * flags from what is on the board. */
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
				if (p->church[y][x] >= 0 &&
				    p->church_owner[p->church[y][x]] == (int)s)
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
		int level = g->opt.track_uncapped
				    ? (trade < g->d->track_last ? trade : g->d->track_last)
				    : p->seat[s].track;
		for (int f = 0; f < 16; f++)
			if (p->seat[s].flags >> f & 1)
				assert_true(f <= level);
		assert_true(p->seat[s].gold >= 0);
	}
}

/* Cards in a recorded set of cards. */
static int ncards(const el_cards *c)
{
	return c->gold + c->infl[0] + c->infl[1] + c->infl[2];
}

/* The reference model of phase 1: the cards the line `m` must give up,
 * loot and draw in position g, counted from the board here. */
static void check_chance(const el_game *g, const el_move *m, const char *line)
{
	const el_pos *p = &g->pos;
	const el_data *d = g->d;
	int roll = m->roll;
	int row = m->ship >= 0 ? m->ship : roll <= 6 ? roll - 2 : roll - 3;
	if (roll == 7) {
		/* one card per cube in the pirate row: flags on buildings,
		 * church tiles, towers of the east wall in that row */
		int due[EL_SEATS] = { 0 };
		for (int i = 0; i < g->nneutral; i++) {
			const el_tile *t = &p->tile[i];
			for (int f = 0; t->on && f < t->cubes; f++)
				if (t->y + d->bt[t->type].flagdy[f] == row)
					due[t->owner]++;
		}
		for (int x = 0; x < EL_W; x++)
			if (p->church[row][x] >= 0)
				due[p->church_owner[p->church[row][x]]]++;
		for (int k = 0; k < g->L->nline[LINE_E]; k++)
			if (g->L->line[LINE_E][k] == row && (p->wall[LINE_E][k] & 16))
				due[(p->wall[LINE_E][k] & 15) - 1]++;
		int pool = 0;
		for (unsigned s = 0; s < g->nseats; s++) {
			const el_seat *ps = &p->seat[s];
			int hand = ps->gold + ps->infl[0] + ps->infl[1] + ps->infl[2];
			int owed = due[s] < hand ? due[s] : hand;
			int given = m->disc_set >> s & 1 ? ncards(&m->disc[s]) : 0;
			if (given != owed)
				fail_msg("'%s': %s discards %d, owes %d", line, el_cname(g, (int)s),
					 given, owed);
			pool += given;
		}
		int towers = 0;
		for (int li = 0; li < 3; li++)
			for (int k = 0; k < g->L->nline[li]; k++)
				towers += p->wall[li][k] == (uint8_t)(p->active + 1 + 16);
		int loot = towers < pool ? towers : pool;
		if ((m->has_loot ? ncards(&m->loot) : 0) != loot)
			fail_msg("'%s': loot of %d expected", line, loot);
		assert_false(m->has_inc || m->has_halve);
		return;
	}
	/* income: one card per influence building in the row */
	int owed = 0;
	uint64_t seen = 0;
	for (int x = 0; x < g->L->cols; x++) {
		int t = p->bld[row][x];
		if (t < 0 || (seen >> t & 1))
			continue;
		seen |= 1ull << t;
		owed += d->bt[p->tile[t].type].income == INC_INFL;
	}
	int avail = 0;
	for (int c = 0; c < NINFL; c++)
		avail += p->deck[c] + p->disc[c];
	assert_false(m->has_disc || m->has_loot);
	if (owed > avail) {
		/* a shortage: each seat gives up half its influence cards */
		assert_false(m->has_inc);
		for (unsigned s = 0; s < g->nseats; s++) {
			int hn = el_hand_infl(&p->seat[s]);
			int half = g->opt.halve_up ? (hn + 1) / 2 : hn / 2;
			int given = m->halve_set >> s & 1 ? ncards(&m->halve[s]) : 0;
			if (given != half)
				fail_msg("'%s': %s halves %d of %d", line, el_cname(g, (int)s),
					 given, hn);
		}
		return;
	}
	assert_false(m->has_halve);
	if ((m->has_inc ? m->ninc : 0) != owed)
		fail_msg("'%s': %d income cards drawn, %d owed", line, m->has_inc ? m->ninc : 0,
			 owed);
}

/* snapshot(create(snapshot(g))) == snapshot(g), and the dumps agree. */
static void snapshot_round_trip(const tg_game *t)
{
	const el_game *g = t->g;
	arb_buf a = { 0 }, b = { 0 }, da = { 0 }, db = { 0 };
	OPS->snapshot(g, &a);
	arb_setup su = t->et.setup;
	arb_tag tag = { "Setup", a.p, 1, 1 };
	su.tags = &tag;
	su.ntags = 1;
	su.setup = &tag;
	arb_reject rej;
	el_game *h = OPS->create(et_shared_data, &su, NULL, &rej);
	if (!h)
		fail_msg("snapshot refused: %s: %s", rej.msg, a.p);
	OPS->snapshot(h, &b);
	assert_string_equal(a.p, b.p);
	OPS->dump(g, 0, &da);
	OPS->dump(h, 0, &db);
	assert_string_equal(da.p, db.p);
	assert_memory_equal(g->pos.seat, h->pos.seat, sizeof g->pos.seat);
	assert_memory_equal(g->pos.flagused, h->pos.flagused, sizeof g->pos.flagused);
	OPS->destroy(h);
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
	uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
	/* random_tags deals to the seats in colour order; seated otherwise,
	 * the Hands value names the colours of this table */
	arb_buf tags = { 0 };
	OPS->random_tags(et_shared_data, strlen(colours), &rng, &tags);
	assert_true(tags.len > 11 && strncmp(tags.p, "[Hands \"", 8) == 0);
	char hands[128] = "", *save = NULL;
	char dealt[128];
	snprintf(dealt, sizeof dealt, "%.*s", (int)(tags.len - 11), tags.p + 8);
	arb_buf_free(&tags);
	size_t i = 0;
	for (char *w = strtok_r(dealt, " ", &save); w; w = strtok_r(NULL, " ", &save), i++)
		snprintf(hands + strlen(hands), sizeof hands - strlen(hands), "%s%s%s",
			 i ? " " : "", tg_seats((char[]){ colours[i], 0 }), strchr(w, '='));
	tg_game t;
	tg_start(&t, colours, hands, variant);
	char *lines = calloc((size_t)maxturns, 1100);
	assert_non_null(lines);
	size_t used = 0;
	int delta[EL_SEATS] = { 0 };
	int turns = 0;
	arb_buf line = { 0 }, canon = { 0 };
	while (turns < maxturns && !t.g->pos.over) {
		arb_buf_reset(&line);
		if (OPS->random_turn(t.g, &rng, &line) < 0)
			break; /* the generator's guard against endless games */
		/* canonical: format gives the line back */
		arb_token tok[ET_MAX_TOKENS];
		size_t n = arb_split_tokens(line.p, line.len, 1, 1, tok, ET_MAX_TOKENS);
		el_move m;
		arb_reject rej;
		memset(&m, 0, sizeof m);
		if (OPS->parse(t.g, tok, n, &m, &rej) < 0)
			fail_msg("seed %llu turn %d: %s: %s [%s]", (unsigned long long)seed,
				 turns + 1, line.p, rej.msg, rej.rule);
		arb_buf_reset(&canon);
		OPS->format(t.g, &m, &canon);
		assert_string_equal(canon.p, line.p);
		check_chance(t.g, &m, line.p);
		if (et_try(&t.et, line.p) < 0)
			fail_msg("seed %llu turn %d: %s: %s [%s]", (unsigned long long)seed,
				 turns + 1, line.p, t.et.rej.msg, t.et.rej.rule);
		/* the score events, folded into a tally (the harness keeps
		 * ET_MAX_EVENTS at most) */
		for (size_t e = 0; e < t.et.nev; e++)
			for (int s = 0; s < EL_SEATS; s++)
				delta[s] += t.et.ev[e].delta[s];
		t.et.nev = 0;
		recount(t.g);
		for (unsigned s = 0; s < t.g->nseats; s++)
			assert_int_equal(delta[s], t.g->pos.seat[s].cubes);
		if (turns % 25 == 0 || t.g->pos.over)
			snapshot_round_trip(&t);
		used += (size_t)snprintf(lines + used, 1100, "%s\n", line.p);
		turns++;
	}
	*won = t.g->pos.over;
	if (out) {
		fprintf(out, "[Game \"elasund\"]\n[Event \"arbiter random game, seed %llu\"]\n",
			(unsigned long long)seed);
		for (unsigned s = 0; s < t.g->nseats; s++)
			fprintf(out, "[%s \"%s\"]\n", el_colours[t.g->colour[s]], names[s]);
		if (variant)
			fprintf(out, "[Variant \"%s\"]\n", variant);
		fprintf(out, "[Hands \"%s\"]\n[Result \"%s\"]\n\n%s", hands,
			t.g->pos.over ? el_colours[t.g->colour[t.g->pos.winner]] : "*", lines);
	}
	arb_buf_free(&line);
	arb_buf_free(&canon);
	free(lines);
	et_end(&t.et);
	return turns;
}

static void test_random_games(void **state)
{
	(void)state;
	static const char *const tables[] = { "RB", "BG", "RBG", "YGB", "RBGY", "GYRB" };
	const char *dir = getenv("ELASUND_GEN");
	int ngames = dir ? (getenv("ELASUND_GEN_N") ? atoi(getenv("ELASUND_GEN_N")) : 60) : 150,
	    wins = 0;
	long total = 0;
	for (int i = 0; i < ngames; i++) {
		bool won;
		FILE *out = NULL;
		char path[512];
		if (dir) {
			snprintf(path, sizeof path, "%s/gen-%d-%zu.tgn", dir, i,
				 strlen(tables[i % 6]));
			out = fopen(path, "w");
			if (!out)
				fail_msg("%s: cannot write", path);
		}
		static const char *const variants[] = {
			NULL,
			"huts=bigger track=uncapped",
			"walls=blue-first cards=smart",
			"halve=up mills=near",
			NULL,
		};
		total += play_game((uint64_t)i + 1, tables[i % 6], 600, out, &won,
				   dir ? getenv("ELASUND_GEN_VARIANT") : variants[i % 5]);
		wins += won;
		if (out && fclose(out) != 0)
			fail_msg("%s: cannot write", path);
	}
	print_message("%d random games, %ld turns, %d won\n", ngames, total, wins);
	assert_true(wins > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
