/*
 * test_referee_bots.c — dealt chance: for every engine that lists its
 * moves, games whose chance the referee's table (src/referee/table.c)
 * deals, every seat played as `arbiter bot` plays (uniformly among the
 * table's moves), reach their end; every line listed is accepted (a
 * decline, which turns an offer down, aside), and the record and each
 * view record replay with the same verdict and winners.  Split from
 * test_referee.c (the table against `check`), whose helpers it shares
 * through referee_test.h.
 */
#include "referee_test.h"

#define BOT_GAMES 3 /* bots' games per seat count and game */

#define BOT_ACTIONS 40000 /* actions after which a bots' game is given up */

/* Send one line of `moves` (a complete request) to the table. */
static void send_request(arb_table *t, const char *line, arb_play *p)
{
	char verb[16], colour[32];
	int at = 0;
	assert_int_equal(sscanf(line, "%15s %31s %n", verb, colour, &at) >= 2, 1);
	int s = arb_table_seat_named(t, colour, false);
	assert_true(s >= 0);
	if (!strcmp(verb, "play"))
		arb_table_play(t, (unsigned)s, line + at, strlen(line + at), p);
	else if (!strcmp(verb, "end"))
		arb_table_end(t, (unsigned)s, p);
	else
		arb_table_consent(t, (unsigned)s, !strcmp(verb, "accept"), p);
}

/* One game dealt by the table (--seed), every seat played as `arbiter
 * bot` plays it: uniformly among the table's moves.  Every line listed
 * is accepted; returns the actions played, the record in *rec. */
static size_t bots_game(const arb_game_ops *g, size_t ns, uint64_t seed, arb_buf *rec)
{
	arb_buf head = { 0 };
	arb_buf_printf(&head, "[Game \"%s\"]\n", g->name);
	for (size_t i = 0; i < ns; i++)
		arb_buf_printf(&head, "[%s \"P%zu\"]\n", g->colours[i], i + 1);
	const void *data;
	arb_diag d;
	data = arb_gamedata_get(g, &d);
	assert_non_null(data);
	uint64_t deal = seed;
	if (g->random_tags)
		g->random_tags(data, ns, &deal, &head);
	arb_table_spec spec = { .game = g, .header = head.p, .header_len = head.len, .seed = seed };
	arb_table *t = arb_table_new(&spec, &d);
	assert_non_null(t);
	uint64_t pick = seed * 7919;
	arb_buf lines = { 0 };
	size_t acts = 0;
	for (; acts < BOT_ACTIONS; acts++) {
		arb_asked a;
		arb_table_asked(t, &a, NULL);
		if (a.over && !a.seats) /* Elasund's win: nobody is asked */
			break;
		unsigned seat = 0;
		while (seat < ns && !(a.seats >> seat & 1))
			seat++;
		assert_true(seat < ns);
		arb_buf_reset(&lines);
		int n = arb_table_choices(t, seat, &lines);
		if (n == 0 && a.over)
			break;
		if (n <= 0)
			fail_msg("%s %zu seats, seed %llu, action %zu: %s (asked for %s) has no "
				 "move",
				 g->name, ns, (unsigned long long)seed, acts,
				 arb_table_colour(t, seat), a.what);
		char *l = lines.p;
		for (uint32_t k = arb_rng_below(&pick, (uint32_t)n); k; k--)
			l = strchr(l, '\n') + 1;
		*strchr(l, '\n') = '\0';
		arb_play p;
		send_request(t, l, &p);
		/* a decline turns the offer down: the seat's answer, no refusal */
		bool declined = !strncmp(l, "decline ", 8) && p.kind == ARB_PLAY_REFUSED &&
				p.rej.rule && !strcmp(p.rej.rule, "declined");
		if ((p.kind == ARB_PLAY_REFUSED && !declined) || p.kind == ARB_PLAY_INVALID)
			fail_msg("%s %zu seats, seed %llu, action %zu: listed '%s' is refused: %s "
				 "[%s] %s",
				 g->name, ns, (unsigned long long)seed, acts, l, p.why,
				 p.rej.rule ? p.rej.rule : "", p.rej.msg);
		arb_play_free(&p);
	}
	arb_table_record(t, -1, rec);
	/* every view replays legal with the full record's winners */
	arb_buf winners = { 0 }, vw = { 0 }, vrec = { 0 };
	arb_verdict v = replay_text(rec->p, rec->len, &winners);
	if (v != ARB_LEGAL && v != ARB_UNFINISHED)
		fail_msg("%s %zu seats, seed %llu: the bots' record is refused:\n%s", g->name, ns,
			 (unsigned long long)seed, rec->p);
	for (int view = 0; arb_table_hides(t) && view <= ARB_VIEW_OBSERVER; view++) {
		if (view >= (int)ns && view != ARB_VIEW_OBSERVER)
			continue;
		arb_buf_reset(&vrec);
		arb_buf_reset(&vw);
		arb_table_record(t, view, &vrec);
		arb_verdict vv = replay_text(vrec.p, vrec.len, &vw);
		if (vv != v || strcmp(vw.p ? vw.p : "", winners.p ? winners.p : ""))
			fail_msg("%s %zu seats, seed %llu: view %d differs from the record",
				 g->name, ns, (unsigned long long)seed, view);
	}
	arb_buf_free(&winners);
	arb_buf_free(&vw);
	arb_buf_free(&vrec);
	arb_buf_free(&lines);
	arb_buf_free(&head);
	arb_table_free(t);
	return acts;
}

static void test_bots_play_dealt_games(void **state)
{
	(void)state;
	const arb_game_ops *g;
	for (size_t i = 0; (g = arb_game_at(i)) != NULL; i++) {
		if (!g->choices || !g->deal)
			continue;
		size_t games = 0, finished = 0, acts = 0;
		for (size_t ns = g->min_seats; ns <= g->max_seats; ns++)
			for (uint64_t seed = 1; seed <= BOT_GAMES; seed++) {
				arb_buf rec = { 0 };
				acts += bots_game(g, ns, seed, &rec);
				games++;
				finished += strstr(rec.p, "[Result \"*\"]") == NULL;
				arb_buf_free(&rec);
			}
		printf("# %s: %zu bots' games dealt, %zu finished, %zu actions\n", g->name, games,
		       finished, acts);
		assert_int_equal(finished, games);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bots_play_dealt_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
