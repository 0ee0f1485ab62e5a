/*
 * cmd_dump.c — `dump` (the board after a move, the coordinate diagram, a
 * snapshot) and `moves` (the legal moves after a move).  Both replay a
 * record up to --at N and then ask the engine; the engine writes text into
 * a buffer and this file decides where it goes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "../core/gamedata.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
	bool moves;              /* `moves` rather than `dump` */
	arb_buf text;
} dump_ctx;

static void emit_move(void *ctx, const char *move)
{
	arb_buf *b = ctx;
	arb_buf_puts(b, move);
	arb_buf_putc(b, '\n');
}

/* The machine formats get one document per game: where, after which move,
 * and the engine's text (the board) or the moves as a list. */
static void machine_doc(dump_ctx *c, const arb_record *rec, const arb_replay *r,
			const char *what, const arb_buf *b, size_t header)
{
	json_t *doc = json_object();
	arb_json_set(doc, "file", arb_json_str(rec->file));
	arb_json_set(doc, "line", json_integer(rec->line));
	arb_json_set(doc, "game", arb_json_str(r->game->name));
	arb_json_set(doc, "after_move", json_integer((json_int_t)r->moves));
	const char *text = b->p ? b->p + header : "";
	if (c->moves) {
		json_t *a = json_array();
		const char *p = text;
		while (*p && strcmp(p, "(none)\n") != 0) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			arb_json_push(a, arb_json_strn(p, n));
			p += n + (nl != NULL);
		}
		arb_json_set(doc, "moves", a);
	} else {
		arb_json_set(doc, what, arb_json_str(text));
	}
	arb_out_doc(c->out, doc);
}

/* Replays to --at (or the end), then writes the engine's picture.  An
 * illegal move before that point is reported like `check` does, and the
 * picture shows the position before it. */
static int dump_one(void *ctx, const arb_record *rec)
{
	dump_ctx *c = ctx;
	const arb_opts *o = c->o;
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	if (o->at >= 0) {
		r.stop = true;
		r.stop_after = (size_t)o->at;
		if ((size_t)o->at > rec->nturns) {
			arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
			snprintf(d.msg, sizeof d.msg,
				 "--at %ld: the game has only %zu moves", o->at, rec->nturns);
			arb_out_diag(c->out, &d);
			return !o->keep_going;
		}
	} else if (c->moves) {
		r.stop = true;
		r.stop_after = 0;
	}
	if (arb_replay_setup(&r) == 0)
		arb_replay_run(&r);
	if (r.verdict == ARB_ERROR) {
		arb_out_diag(c->out, &r.diag);
		arb_replay_free(&r);
		return !o->keep_going;
	}
	if (r.verdict == ARB_ILLEGAL)
		arb_out_verdict(c->out, &r, NULL, 0);
	arb_buf_reset(&c->text);
	arb_buf *b = &c->text;
	const arb_game_ops *g = r.game;
	size_t header = 0;           /* bytes of the text-only header line */
	if (c->moves) {
		const void *next = NULL;
		size_t at = r.moves;
		if (r.verdict != ARB_ILLEGAL && at < rec->nturns) {
			const arb_turn *t = &rec->turns[at];
			arb_reject rej;
			memset(r.move, 0, g->move_size ? g->move_size : 1);
			if (t->ntok && g->parse(r.state, &rec->tok[t->first], t->ntok,
						r.move, &rej) == 0)
				next = r.move;
		}
		arb_buf_printf(b, "%s:%u: %s: legal moves after move %zu:\n",
			       rec->file, (unsigned)rec->line, g->name, at);
		header = b->len;
		size_t n = g->moves(r.state, next, emit_move, b);
		if (n == 0)
			arb_buf_puts(b, "(none)\n");
	} else if (o->snapshot) {
		if (!g->snapshot) {
			arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
			snprintf(d.msg, sizeof d.msg,
				 "dump --snapshot: the %s engine cannot write snapshots yet",
				 g->name);
			arb_out_diag(c->out, &d);
			arb_replay_free(&r);
			return !o->keep_going;
		}
		arb_buf_puts(b, "[Setup \"");
		arb_buf snap = { 0 };
		g->snapshot(r.state, &snap);
		for (size_t i = 0; i < snap.len; i++) {
			if (snap.p[i] == '"' || snap.p[i] == '\\')
				arb_buf_putc(b, '\\');
			arb_buf_putc(b, snap.p[i]);
		}
		arb_buf_free(&snap);
		arb_buf_puts(b, "\"]\n");
	} else {
		arb_buf_printf(b, "%s:%u: %s after move %zu\n", rec->file,
			       (unsigned)rec->line, g->name, r.moves);
		header = b->len;
		g->dump(r.state, o->labels ? ARB_DUMP_LABELS : 0, b);
		if (b->len && b->p[b->len - 1] != '\n')
			arb_buf_putc(b, '\n');
	}
	if (o->format == FMT_YAML || o->format == FMT_JSON)
		machine_doc(c, rec, &r, o->snapshot ? "snapshot" : "board", b, header);
	else
		arb_out_text(c->out, b->p ? b->p : "", b->len);
	arb_replay_free(&r);
	return 0;
}

/* `dump --labels --game NAME`: the diagram needs no record. */
static int labels_only(dump_ctx *c)
{
	const arb_game_ops *g = arb_game_find(c->o->game);
	arb_diag d = { .file = "arbiter" };
	if (!g) {
		snprintf(d.msg, sizeof d.msg, "unknown game \"%s\"", c->o->game);
		arb_out_diag(c->out, &d);
		return -1;
	}
	const void *data = arb_gamedata_get(g, &d);
	if (!data) {
		arb_out_diag(c->out, &d);
		return -1;
	}
	arb_setup s;
	memset(&s, 0, sizeof s);
	for (unsigned i = 0; i < g->min_seats; i++) {
		s.seats[i].colour = i;
		s.seats[i].player = g->colours[i];
	}
	s.nseats = g->min_seats;
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	void *game = g->create(data, &s, &rej);
	if (!game) {
		snprintf(d.msg, sizeof d.msg, "%s", rej.msg);
		arb_out_diag(c->out, &d);
		return -1;
	}
	g->dump(game, ARB_DUMP_LABELS, &c->text);
	if (c->text.len && c->text.p[c->text.len - 1] != '\n')
		arb_buf_putc(&c->text, '\n');
	arb_out_text(c->out, c->text.p, c->text.len);
	g->destroy(game);
	return 0;
}

static int run(const arb_opts *o, bool moves)
{
	dump_ctx c = { .o = o, .moves = moves };
	c.out = arb_out_new(o);
	if (!moves && o->game && o->nfiles == 0)
		labels_only(&c);
	else
		arb_each_record(o, c.out, dump_one, &c);
	arb_buf_free(&c.text);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}

int arb_cmd_dump(const arb_opts *o)
{
	return run(o, false);
}

int arb_cmd_moves(const arb_opts *o)
{
	return run(o, true);
}
