/*
 * test_referee_open_turn.c — an engine's open turn played on
 * (parse_more, apply_more, close_open), the ops the referee's table
 * plays a turn with action by action, gives the parse, position and
 * events of the whole line played at once, line by line of generated
 * games.  Split from test_referee.c (the table against `check`), where it
 * ran first, the engine's own ops before the table uses them; it shares
 * that file's helpers through referee_test.h.
 */
#include "referee_test.h"

/* Events as lines "kind text", into the buffer ctx. */
static void event_line(void *ctx, const arb_event *ev)
{
	arb_buf_put_all(ctx, ev->kind, " ", ev->text, "\n", (char *)NULL);
}

/* An engine's open turn played on (parse_more, apply_more, close_open)
 * against the whole line played at once: for generated games, each turn
 * line is cut in its actions; the first is played with apply_open on a
 * copy of the start, each next one parsed onto the line so far and
 * played on from where the last left (ARB_OPEN_REPLAY: the line so far
 * from the start), and the turn closed; the parsed line must be parse()'s
 * of the whole line, the position (snapshot) apply()'s and the events
 * the same, in order. */
static void test_played_on_is_played_whole(void **state)
{
	(void)state;
	const arb_game_ops *g;
	static arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t lines = 0;
	for (size_t gi = 0; (g = arb_game_at(gi)) != NULL; gi++) {
		if (!g->parse_more || !g->apply_more || !g->close_open || !g->snapshot)
			continue;
		uint64_t rng = 7;
		for (long game = 0; game < 8; game++) {
			size_t nseats = 3 + (size_t)game % 2; /* Catan: 3 or 4 */
			arb_diag d;
			const void *data = arb_gamedata_get(g, &d);
			arb_buf head = { 0 }, line = { 0 }, acts = { 0 }, ev_whole = { 0 },
				ev_on = { 0 }, pic_whole = { 0 }, pic_on = { 0 };
			arb_buf_printf(&head, "[Game \"%s\"]\n", g->name);
			for (size_t i = 0; i < nseats; i++)
				arb_buf_printf(&head, "[%s \"P%zu\"]\n", g->colours[i], i + 1);
			if (g->random_tags)
				g->random_tags(data, nseats, &rng, &head);
			rgame G;
			rgame_open(&G, head.p, head.len);
			assert_int_equal(arb_replay_setup(&G.r), 0);
			arb_reject rej;
			void *on = g->create(data, &G.r.setup, NULL, &rej),
			     *start = g->create(data, &G.r.setup, NULL, &rej);
			void *move = calloc(1, g->move_size), *whole = calloc(1, g->move_size);
			arb_sink to_whole = { event_line, &ev_whole },
				 to_on = { event_line, &ev_on };
			for (size_t n = 0; !g->over(G.r.state) && n < 400; n++, lines++) {
				arb_buf_reset(&line);
				if (g->random_turn(G.r.state, &rng, &line) != 0)
					break;
				arb_buf_reset(&acts);
				split_actions(g, G.r.state, move, line.p, &acts);
				g->copy(start, G.r.state);
				/* the whole line, as check plays it */
				size_t nt = arb_split_tokens(line.p, line.len, 1, 1, tok,
							     ARB_MAX_TOKENS_PER_TURN);
				memset(whole, 0, g->move_size);
				assert_int_equal(g->parse(G.r.state, tok, nt, whole, &rej), 0);
				arb_buf_reset(&ev_whole);
				assert_int_equal(g->apply(G.r.state, whole, &to_whole, &rej), 0);
				/* action by action */
				arb_buf_reset(&ev_on);
				size_t at = strchr(line.p, ' ') - line.p; /* after the colour */
				bool first = true;
				for (char *a = acts.p; a && *a;) {
					char *e = strchr(a, '\n');
					size_t len = (size_t)(e - a);
					int rc = ARB_OPEN_REPLAY;
					if (!first) {
						nt = arb_split_tokens(line.p + at + 1, len, 1,
								      (uint32_t)at + 2, tok,
								      ARB_MAX_TOKENS_PER_TURN);
						assert_int_equal(g->parse_more(on, move, tok, nt,
									       &rej),
								 0);
						void *probe =
							g->create(data, &G.r.setup, NULL, &rej);
						g->copy(probe, on);
						rc = g->apply_more(probe, move, &to_on, &rej);
						if (rc != ARB_OPEN_REPLAY)
							g->copy(on, probe);
						g->destroy(probe);
					}
					if (rc == ARB_OPEN_REPLAY) { /* the line so far */
						nt = arb_split_tokens(line.p, at + 1 + len, 1, 1,
								      tok, ARB_MAX_TOKENS_PER_TURN);
						memset(move, 0, g->move_size);
						assert_int_equal(g->parse(start, tok, nt, move,
									  &rej),
								 0);
						g->copy(on, start);
						arb_buf_reset(&ev_on);
						rc = g->apply_open(on, move, &to_on, &rej);
					}
					if (rc != 0)
						fail_msg("%s: '%s', at '%.*s': [%s] %s", g->name,
							 line.p, (int)len, a, rej.rule, rej.msg);
					first = false;
					at += 1 + len;
					a = e + 1;
				}
				assert_memory_equal(move, whole, g->move_size);
				if (g->close_open(on, move, &to_on, &rej) == ARB_OPEN_REPLAY) {
					g->copy(on, start);
					arb_buf_reset(&ev_on);
					assert_int_equal(g->apply(on, move, &to_on, &rej), 0);
				}
				arb_buf_reset(&pic_whole);
				arb_buf_reset(&pic_on);
				g->snapshot(G.r.state, &pic_whole);
				g->snapshot(on, &pic_on);
				if (strcmp(pic_whole.p, pic_on.p) != 0)
					fail_msg("%s: after '%s': played whole %s, played on %s",
						 g->name, line.p, pic_whole.p, pic_on.p);
				assert_string_equal(ev_whole.p ? ev_whole.p : "",
						    ev_on.p ? ev_on.p : "");
			}
			g->destroy(on);
			g->destroy(start);
			free(move);
			free(whole);
			rgame_close(&G);
			arb_buf_free(&head);
			arb_buf_free(&line);
			arb_buf_free(&acts);
			arb_buf_free(&ev_whole);
			arb_buf_free(&ev_on);
			arb_buf_free(&pic_whole);
			arb_buf_free(&pic_on);
		}
	}
	print_message("lines %zu\n", lines);
	assert_true(lines > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_played_on_is_played_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
