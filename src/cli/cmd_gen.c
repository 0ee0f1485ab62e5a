/*
 * cmd_gen.c — `gen`: random legal games in canonical TGN, for tests and
 * benchmarks.  The engine proposes each turn (random_turn) with chance
 * drawn from the real distributions; gen then parses and applies it like
 * any record, so every game written is one `check` accepts, and writes the
 * engine's canonical spelling.  One splitmix64 stream, seeded by --seed,
 * runs through all --count games: the same seed gives the same bytes on
 * every machine.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../core/gamedata.h"
#include "../core/tokens.h"
#include "../core/util.h"
#include "../games/registry.h"

/* Internal error: the engine proposed a turn it then refused. */
static int engine_bug(const arb_opts *o, const arb_game_ops *g, size_t move,
		      const char *line, const char *why)
{
	arb_diag d = { .file = NULL };
	snprintf(d.msg, sizeof d.msg, "internal error: the %s engine generated move %zu "
		 "\"%.100s\" and then rejected it: %.300s", g->name, move, line, why);
	return arb_report_diag(o, &d);
}

/* One game into `out`.  Returns 0 or an exit status. */
static int gen_one(const arb_opts *o, const arb_game_ops *g, const void *data,
		   uint64_t *rng, long index, arb_buf *out)
{
	arb_buf head = { 0 }, moves = { 0 }, line = { 0 };
	size_t nseats = o->players ? (size_t)o->players : g->min_seats;
	arb_buf_printf(&head, "[Game \"%s\"]\n[Event \"arbiter gen\"]\n", g->name);
	arb_buf_printf(&head, "[Seed \"%llu\"]\n[Round \"%ld\"]\n", o->seed, index);
	for (size_t i = 0; i < nseats; i++)
		arb_buf_printf(&head, "[%s \"Player %zu\"]\n", g->colours[i], i + 1);
	if (g->random_tags)
		g->random_tags(data, nseats, rng, &head);

	FILE *f = fmemopen(head.p, head.len, "rb");
	arb_reader *rd = arb_reader_new(f, "gen");
	arb_record rec;
	arb_diag d;
	int status = 0;
	arb_replay r;
	memset(&r, 0, sizeof r);
	if (arb_reader_next(rd, &rec, &d) != 1) {
		snprintf(d.msg, sizeof d.msg, "internal error: gen wrote a header it cannot read");
		status = arb_report_diag(o, &d);
		goto done;
	}
	r.rec = &rec;
	if (arb_replay_setup(&r)) {
		status = arb_report_diag(o, &r.diag);
		goto done;
	}
	static arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t n = 0;
	while (!g->over(r.state) && (!o->max_moves || n < (size_t)o->max_moves)) {
		arb_buf_reset(&line);
		if (g->random_turn(r.state, rng, &line) != 0)
			break;
		size_t nt = arb_split_tokens(line.p ? line.p : "", line.len,
					     (uint32_t)n + 1, 1, tok, ARB_MAX_TOKENS_PER_TURN);
		arb_reject rej;
		memset(&rej, 0, sizeof rej);
		memset(r.move, 0, g->move_size ? g->move_size : 1);
		if (nt == 0 || nt > ARB_MAX_TOKENS_PER_TURN ||
		    g->parse(r.state, tok, nt, r.move, &rej) ||
		    g->apply(r.state, r.move, NULL, &rej)) {
			status = engine_bug(o, g, n + 1, line.p ? line.p : "", rej.msg);
			goto done;
		}
		n++;
		g->format(r.state, r.move, &moves);
		arb_buf_putc(&moves, '\n');
	}
	g->finish(r.state, NULL);
	arb_standing st;
	memset(&st, 0, sizeof st);
	g->standing(r.state, &st);
	arb_buf_put(out, head.p, head.len);
	arb_buf_puts(out, "[Result \"");
	if (!st.over) {
		arb_buf_putc(out, '*');
	} else {
		size_t k = 0;
		for (size_t i = 0; i < nseats; i++)
			if (st.winner[i])
				arb_buf_printf(out, "%s%s", k++ ? ", " : "",
					       g->colours[r.setup.seats[i].colour]);
	}
	arb_buf_puts(out, "\"]\n\n");
	arb_buf_put(out, moves.p ? moves.p : "", moves.len);
done:
	arb_replay_free(&r);
	arb_reader_free(rd);
	fclose(f);
	arb_buf_free(&head);
	arb_buf_free(&moves);
	arb_buf_free(&line);
	return status;
}

int arb_cmd_gen(const arb_opts *o)
{
	const arb_game_ops *g = arb_game_find(o->game);
	arb_diag d = { .file = NULL };
	if (!g) {
		snprintf(d.msg, sizeof d.msg, "gen: unknown game \"%s\"", o->game);
		return arb_report_diag(o, &d);
	}
	if (!g->random_turn) {
		snprintf(d.msg, sizeof d.msg, "gen: the %s engine cannot generate games yet", g->name);
		return arb_report_diag(o, &d);
	}
	if (o->players && ((unsigned long)o->players < g->min_seats ||
			   (unsigned long)o->players > g->max_seats)) {
		snprintf(d.msg, sizeof d.msg, "gen: %s seats %u to %u players, not %ld",
			 g->name, g->min_seats, g->max_seats, o->players);
		return arb_report_diag(o, &d);
	}
	const void *data = arb_gamedata_get(g, &d);
	if (!data)
		return arb_report_diag(o, &d);
	uint64_t rng = o->seed;
	arb_buf out = { 0 };
	int status = 0;
	for (long i = 1; i <= o->count && status == 0; i++) {
		arb_buf_reset(&out);
		if (i > 1)
			arb_buf_putc(&out, '\n');
		status = gen_one(o, g, data, &rng, i, &out);
		if (status == 0 && fwrite(out.p, 1, out.len, stdout) != out.len)
			break;
	}
	arb_buf_free(&out);
	if (fflush(stdout) != 0 || ferror(stdout))
		return arb_stdout_error();
	return status;
}
