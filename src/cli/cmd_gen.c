/*
 * cmd_gen.c — `gen`: random legal games in canonical TGN, for tests and
 * benchmarks.  The engine proposes each turn (random_turn) with chance
 * drawn from the real distributions; gen then parses and applies it like
 * any record, so every game written is one `check` accepts, and writes the
 * engine's canonical spelling.  One splitmix64 stream, seeded by --seed,
 * runs through all --count games: the same seed gives the same bytes on
 * every machine.  With --view, each game is written as one seat (or an
 * observer) saw it: every turn is rewritten by the engine's view_turn and
 * replayed on a second game carrying the View tag, so the view record
 * written is one `check` accepts, with the full record's winner.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../core/gamedata.h"
#include "../core/tokens.h"
#include "../core/util.h"
#include "../games/registry.h"

/* A diagnostic of gen, through the one path (arb_report_diag: -q, the
 * machine formats, the exit status).  Returns the exit status. */
static int gen_error(const arb_opts *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int gen_error(const arb_opts *o, const char *fmt, ...)
{
	arb_diag d = { .file = NULL };
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d.msg, sizeof d.msg, fmt, ap);
	va_end(ap);
	return arb_report_diag(o, &d);
}

/* Internal error: the engine proposed a turn it then refused. */
static int engine_bug(const arb_opts *o, const arb_game_ops *g, size_t move, const char *line,
		      const char *why)
{
	return gen_error(o,
			 "internal error: the %s engine generated move %zu "
			 "\"%.100s\" and then rejected it: %.300s",
			 g->name, move, line, why);
}

/* A replay of the tags in `head`.  Returns 0, or an exit status after a
 * message. */
static int start_replay(const arb_opts *o, const char *head, size_t len, FILE **f, arb_reader **rd,
			arb_record *rec, arb_replay *r)
{
	arb_diag d;
	*f = fmemopen((void *)head, len, "rb");
	*rd = arb_reader_new(*f, "gen");
	if (arb_reader_next(*rd, rec, &d) != 1)
		return gen_error(o, "internal error: gen wrote a header it cannot read: %.300s",
				 d.msg);
	r->rec = rec;
	r->games = &arb_registry;
	if (arb_replay_setup(r))
		return arb_report_diag(o, &r->diag);
	return 0;
}

/* A view the engine cannot decide (too-many-unknowns): the game is left
 * out, with a warning, and gen goes on with the next, the same game as
 * the full records have next. */
enum { GEN_UNDECIDABLE = -1 };

/* Why gen_one left a game out: the move and the engine's message. */
typedef struct gen_skip {
	size_t move;
	char why[ARB_MSG_MAX];
} gen_skip;

/* Play `line`, move n as the view saw it, on the view's replay `v`, and
 * write it to `moves`.  Returns 0, GEN_UNDECIDABLE (said in *skip) or an
 * exit status. */
static int view_line(const arb_opts *o, const arb_game_ops *g, arb_replay *v, size_t n,
		     const arb_buf *line, arb_buf *moves, gen_skip *skip)
{
	static arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t nt = arb_split_tokens(line->p ? line->p : "", line->len, (uint32_t)n, 1, tok,
				     ARB_MAX_TOKENS_PER_TURN);
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	memset(v->move, 0, g->move_size);
	int status = 0;
	if (nt == 0 || nt > ARB_MAX_TOKENS_PER_TURN || g->parse(v->state, tok, nt, v->move, &rej) ||
	    g->apply(v->state, v->move, NULL, &rej)) {
		if (rej.rule && strcmp(rej.rule, "too-many-unknowns") == 0) {
			skip->move = n;
			snprintf(skip->why, sizeof skip->why, "%s", rej.msg);
			status = GEN_UNDECIDABLE;
		} else {
			status = engine_bug(o, g, n, line->p ? line->p : "", rej.msg);
		}
	} else {
		g->format(v->state, v->move, moves);
		arb_buf_putc(moves, '\n');
	}
	return status;
}

/* Play the full record's move n on the view's replay `v`, as seat `view`
 * saw it, and write it to `moves`.  Returns 0 or an exit status. */
static int view_move(const arb_opts *o, const arb_game_ops *g, const arb_replay *r, arb_replay *v,
		     unsigned view, size_t n, void *scratch, arb_buf *moves, gen_skip *skip)
{
	arb_buf line = { 0 };
	memcpy(scratch, r->move, g->move_size);
	if (g->view_turn) /* without: the game hides nothing */
		g->view_turn(r->state, scratch, view);
	g->format(v->state, scratch, &line);
	int status = view_line(o, g, v, n, &line, moves, skip);
	arb_buf_free(&line);
	return status;
}

/* The game played (r) written to out: its tags, Result and moves, or,
 * with a view, as the view (v) saw them, whose end must be the game's. */
static int put_game(const arb_opts *o, const arb_game_ops *g, arb_replay *r, arb_replay *v,
		    int view, long index, const arb_buf *head, const arb_buf *vhead,
		    const arb_buf *moves, const arb_buf *vmoves, arb_buf *out)
{
	int status = 0;
	g->finish(r->state, NULL);
	arb_buf full = { 0 };
	arb_result_tag(g, r->state, &r->setup, &full);
	if (view < 0) {
		arb_buf_put(out, head->p, head->len);
		arb_buf_put(out, full.p, full.len);
		arb_buf_put(out, moves->p ? moves->p : "", moves->len);
	} else {
		/* The view sees the full record's end: the same Result. */
		g->finish(v->state, NULL);
		size_t at = out->len;
		arb_buf_put(out, vhead->p, vhead->len);
		arb_result_tag(g, v->state, &v->setup, out);
		if (strcmp(out->p + at + vhead->len, full.p) != 0) {
			status = gen_error(o,
					   "internal error: the view of game %ld ends "
					   "otherwise than the game: %.300s",
					   index, full.p);
		}
		arb_buf_put(out, vmoves->p ? vmoves->p : "", vmoves->len);
	}
	arb_buf_free(&full);
	return status;
}

/* One game into `out`; with `view` >= 0, as that seat (or
 * ARB_VIEW_OBSERVER) saw it.  Returns 0, GEN_UNDECIDABLE (the view
 * cannot be decided: *skip says why) or an exit status. */
static int gen_one(const arb_opts *o, const arb_game_ops *g, const void *data, uint64_t *rng,
		   long index, int view, arb_buf *out, gen_skip *skip)
{
	arb_buf head = { 0 }, moves = { 0 }, line = { 0 };
	size_t nseats = o->players ? (size_t)o->players : g->min_seats;
	arb_buf_printf(&head, "[Game \"%s\"]\n[Event \"arbiter gen\"]\n", g->name);
	arb_buf_printf(&head, "[Seed \"%llu\"]\n[Round \"%ld\"]\n", o->seed, index);
	for (size_t i = 0; i < nseats; i++)
		arb_buf_printf(&head, "[%s \"Player %zu\"]\n", g->colours[i], i + 1);
	if (g->random_tags)
		g->random_tags(data, nseats, rng, &head);

	arb_buf vhead = { 0 }, vmoves = { 0 };
	FILE *f = NULL, *vf = NULL;
	arb_reader *rd = NULL, *vrd = NULL;
	arb_record rec, vrec;
	arb_replay r, v;
	memset(&r, 0, sizeof r);
	memset(&v, 0, sizeof v);
	void *scratch = NULL;
	int status = start_replay(o, head.p, head.len, &f, &rd, &rec, &r);
	if (status == 0 && view >= 0) {
		arb_view_head(g, head.p, head.len, (unsigned)view, &vhead);
		arb_buf_printf(&vhead, "[View \"%s\"]\n",
			       view == ARB_VIEW_OBSERVER ? "observer" : g->colours[view]);
		status = start_replay(o, vhead.p, vhead.len, &vf, &vrd, &vrec, &v);
		scratch = arb_xmalloc(g->move_size);
	}
	if (status)
		goto done;
	static arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t n = 0;
	/* a view that cannot be decided: the game is still played to its end,
	 * so that the next game is the one the full records have next */
	bool undecided = false;
	while (!g->over(r.state) && (!o->max_moves || n < (size_t)o->max_moves)) {
		arb_buf_reset(&line);
		if (g->random_turn(r.state, rng, &line) != 0)
			break;
		size_t nt = arb_split_tokens(line.p ? line.p : "", line.len, (uint32_t)n + 1, 1,
					     tok, ARB_MAX_TOKENS_PER_TURN);
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
		if (view >= 0 && !undecided) {
			status = view_move(o, g, &r, &v, (unsigned)view, n, scratch, &vmoves, skip);
			undecided = status == GEN_UNDECIDABLE;
			if (status && !undecided)
				goto done;
			status = 0;
		}
	}
	if (undecided) {
		status = GEN_UNDECIDABLE;
		goto done;
	}
	if (view >= 0 && g->view_close) { /* what the view must see of the end */
		arb_buf_reset(&line);
		if (g->view_close(r.state, v.state, (unsigned)view, &line) &&
		    (status = view_line(o, g, &v, n + 1, &line, &vmoves, skip)))
			goto done;
	}
	status = put_game(o, g, &r, &v, view, index, &head, &vhead, &moves, &vmoves, out);
done:
	arb_replay_free(&r);
	arb_replay_free(&v);
	if (rd)
		arb_reader_free(rd);
	if (vrd)
		arb_reader_free(vrd);
	if (f)
		fclose(f);
	if (vf)
		fclose(vf);
	free(scratch);
	arb_buf_free(&vhead);
	arb_buf_free(&vmoves);
	arb_buf_free(&head);
	arb_buf_free(&moves);
	arb_buf_free(&line);
	return status;
}

int arb_cmd_gen(const arb_opts *o)
{
	const arb_game_ops *g = arb_game_find(o->game);
	if (!g)
		return gen_error(o, "gen: unknown game \"%s\"", o->game);
	if (!g->random_turn)
		return gen_error(o, "gen: the %s engine cannot generate games yet", g->name);
	if (o->players && ((unsigned long)o->players < g->min_seats ||
			   (unsigned long)o->players > g->max_seats)) {
		return gen_error(o, "gen: %s seats %u to %u players, not %ld", g->name,
				 g->min_seats, g->max_seats, o->players);
	}
	arb_diag d;
	const void *data = arb_gamedata_get(g, &d);
	if (!data)
		return arb_report_diag(o, &d);
	int view = -1;
	if (o->view) {
		size_t nseats = o->players ? (size_t)o->players : g->min_seats;
		if (strcasecmp(o->view, "observer") == 0)
			view = ARB_VIEW_OBSERVER;
		for (size_t i = 0; i < nseats && view < 0; i++)
			if (strcasecmp(o->view, g->colours[i]) == 0)
				view = (int)i;
		if (view < 0) {
			return gen_error(o,
					 "gen: --view takes observer or the colour of one "
					 "of the %zu seats, not '%.40s'",
					 nseats, o->view);
		}
	}
	uint64_t rng = o->seed;
	arb_buf out = { 0 };
	int status = 0;
	/* --count games written: a game whose view the engine cannot decide
	 * is left out (its Round number with it) and the next one drawn, at
	 * most --count times in all */
	long written = 0, left_out = 0;
	for (long i = 1; written < o->count && status == 0; i++) {
		arb_buf_reset(&out);
		if (written)
			arb_buf_putc(&out, '\n');
		gen_skip skip = { 0 };
		status = gen_one(o, g, data, &rng, i, view, &out, &skip);
		if (status == GEN_UNDECIDABLE) {
			if (++left_out > o->count) {
				status = gen_error(o,
						   "gen: %ld games in all are left out, as their "
						   "views cannot be decided; the last, game %ld, "
						   "at move %zu: %.300s",
						   left_out, i, skip.move, skip.why);
				break;
			}
			fprintf(stderr,
				"arbiter: warning: gen: game %ld is left out (no "
				"Round %ld): its view cannot be decided at move "
				"%zu: %s\n",
				i, i, skip.move, skip.why);
			status = 0;
			continue;
		}
		if (status == 0 && fwrite(out.p, 1, out.len, stdout) != out.len)
			break;
		written++;
	}
	arb_buf_free(&out);
	if (fflush(stdout) != 0 || ferror(stdout))
		return arb_stdout_error();
	return status;
}
