/*
 * standings_read.c — one operand of `standings`: told apart by its first
 * byte (check's results, standings' own TSV, or records), and the record
 * route: records replayed here, or on -j workers (each game's result
 * packed into bytes the reading thread adds), into the tables.  The
 * results formats are read in standings_results.c and checked in
 * standings_merge.c.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "../core/util.h"
#include "../games/registry.h"

/* The name of --group's value, as a partial table records it. */
const char *st_grouping_name(const st_ctx *c)
{
	static const char *const names[] = { "event", "round", "table", "none" };
	return names[c->o->group];
}

/* ------------------------------------------------------ input routes */

/* The file name as a result names it: bytes that are not UTF-8 escaped
 * as \xHH (arb_json_str), so both routes name a game alike.  `for` and
 * `shown` cache the last one (a thread's own). */
static const char *file_form(const char **file_for, arb_buf *shown, const char *file)
{
	if (*file_for != file) {
		arb_buf_reset(shown);
		if (arb_utf8_valid(file, strlen(file)))
			arb_buf_puts(shown, file);
		else
			arb_buf_put_utf8(shown, file);
		*file_for = file;
	}
	return shown->p;
}

/* A tag's value (the last of that name, as a document keeps it), or "". */
static const char *tag_of(const arb_record *rec, const char *name)
{
	const char *v = "";
	for (size_t i = 0; i < rec->ntags; i++)
		if (!strcmp(rec->tags[i].name, name))
			v = rec->tags[i].value;
	return v;
}

/* The result of the replay r of rec, from the replay's own values (what
 * check --format=json would write of them, unbuilt): its strings the
 * record's, the replay's and `file`.  An error's diagnostic goes to out. */
static void result_of_replay(const arb_opts *o, arb_out *out, const arb_replay *r,
			     const arb_record *rec, const char *file, st_result *g)
{
	memset(g, 0, sizeof *g);
	g->file = file;
	g->line = (long)rec->line;
	g->verdict = r->verdict;
	g->event = tag_of(rec, "Event");
	g->round = tag_of(rec, "Round");
	g->table = tag_of(rec, "Table");
	g->forfeit = tag_of(rec, "Forfeit");
	g->termination = r->stopped ? arb_termination_name(r->termination) : "";
	g->message = "";
	if (o->duplicates != DUP_COUNT) {
		arb_record_digest(rec, &g->digest);
		g->has_digest = true;
	}
	if (r->verdict == ARB_ERROR) {
		arb_out_diag(out, &r->diag);
		g->message = r->diag.msg;
		return;
	}
	g->moves = (long)r->moves;
	if (r->verdict == ARB_ILLEGAL)
		g->message = r->rej.msg;
	g->nseats = r->setup.nseats;
	for (size_t i = 0; i < g->nseats; i++) {
		st_seat *t = &g->seat[i];
		t->colour = r->game->colours[r->setup.seats[i].colour];
		t->player = r->setup.seats[i].player;
		t->score = r->st.score[i];
		t->winner = r->stopped ? r->result_winner[i] : r->st.over && r->st.winner[i];
	}
}

/* A record replayed and its result in g, on one thread or a worker; g
 * points into r, which the caller frees once g is used. */
static void replay_record(const arb_opts *o, arb_out *out, const arb_record *rec, const char *file,
			  arb_replay *r, st_result *g)
{
	arb_replay_init(r, rec, &arb_registry);
	r->verdict_only = true;
	arb_replay_game(r);
	result_of_replay(o, out, r, rec, file, g);
}

/* One thread: a record replayed into the tables. */
static int from_record(void *ctx, const arb_record *rec)
{
	st_ctx *c = ctx;
	arb_replay r;
	st_result g;
	replay_record(c->o, c->out, rec, file_form(&c->file_for, &c->file_shown, rec->file), &r,
		      &g);
	int rc = st_add_game(c, &g, rec->file, rec->line);
	arb_replay_free(&r);
	return rc ? 1 : 0;
}

/* -j: a worker hands the writer each game's st_result packed into the
 * bytes of its capture: this header, then the strings, each ended by its
 * NUL, named by their offsets (the bytes move as they grow, and the
 * writer reads them where they lie).  The writer adds them to the tables
 * in input order, as from_record would, and frees nothing: the capture's
 * buffers are reused batch after batch. */
enum {
	PK_FILE,
	PK_SRC,
	PK_EVENT,
	PK_ROUND,
	PK_TABLE,
	PK_FORFEIT,
	PK_TERMINATION,
	PK_MESSAGE,
	PK_SEATS
};
typedef struct st_packed {
	st_result g; /* its strings NULL here: at[] names them */
	uint32_t src_line;
	uint32_t at[PK_SEATS + 2 * ARB_MAX_SEATS]; /* then colour, player by seat */
} st_packed;

static void pack_str(arb_buf *b, uint32_t *at, const char *s)
{
	*at = (uint32_t)b->len;
	arb_buf_put(b, s, strlen(s) + 1);
}

static void pack_result(arb_buf *b, const st_result *g, const char *src, uint32_t src_line)
{
	st_packed h;
	memset(&h, 0, sizeof h);
	h.g = *g;
	h.src_line = src_line;
	arb_buf_put(b, (const char *)&h, sizeof h);
	const char *str[PK_SEATS] = { g->file,	src,	    g->event,	    g->round,
				      g->table, g->forfeit, g->termination, g->message };
	for (size_t i = 0; i < PK_SEATS; i++)
		pack_str(b, &h.at[i], str[i]);
	for (size_t i = 0; i < g->nseats; i++) {
		pack_str(b, &h.at[PK_SEATS + 2 * i], g->seat[i].colour);
		pack_str(b, &h.at[PK_SEATS + 2 * i + 1], g->seat[i].player);
	}
	h.g.file = h.g.event = h.g.round = h.g.table = h.g.forfeit = NULL;
	h.g.termination = h.g.message = NULL;
	for (size_t i = 0; i < g->nseats; i++)
		h.g.seat[i].colour = h.g.seat[i].player = NULL;
	memcpy(b->p, &h, sizeof h);
}

typedef struct st_worker {
	arb_out *out;
	const arb_opts *o;
	const char *file_for; /* file_form's cache, the worker's own */
	arb_buf file_shown;
} st_worker;

static void worker_init(void *wctx)
{
	st_worker *w = wctx;
	w->file_for = NULL;
	w->file_shown = (arb_buf){ 0 };
}

static void worker_fini(void *wctx)
{
	arb_buf_free(&((st_worker *)wctx)->file_shown);
}

static int result_of_record(void *wctx, const arb_record *rec)
{
	st_worker *w = wctx;
	arb_replay r;
	st_result g;
	replay_record(w->o, w->out, rec, file_form(&w->file_for, &w->file_shown, rec->file), &r,
		      &g);
	pack_result(arb_out_result(w->out), &g, rec->file, rec->line);
	arb_replay_free(&r);
	return 0;
}

static int collect(void *ctx, const char *bytes, size_t len)
{
	st_packed h;
	if (len < sizeof h) /* pack_result wrote less than its header: a bug, never input */
		abort();
	memcpy(&h, bytes, sizeof h);
	st_result *g = &h.g;
	g->file = bytes + h.at[PK_FILE];
	const char *src = bytes + h.at[PK_SRC];
	g->event = bytes + h.at[PK_EVENT];
	g->round = bytes + h.at[PK_ROUND];
	g->table = bytes + h.at[PK_TABLE];
	g->forfeit = bytes + h.at[PK_FORFEIT];
	g->termination = bytes + h.at[PK_TERMINATION];
	g->message = bytes + h.at[PK_MESSAGE];
	for (size_t i = 0; i < g->nseats; i++) {
		g->seat[i].colour = bytes + h.at[PK_SEATS + 2 * i];
		g->seat[i].player = bytes + h.at[PK_SEATS + 2 * i + 1];
	}
	return st_add_game(ctx, g, src, h.src_line) ? 1 : 0;
}

/* One operand: a results stream (JSON lines, YAML, TSV) or records. */
int st_read_input(st_ctx *c, const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	const char *name = strcmp(path, "-") ? path : "<stdin>";
	if (!f) {
		arb_diag d = { .file = path };
		snprintf(d.msg, sizeof d.msg, "cannot open: %s", strerror(errno));
		arb_out_diag(c->out, &d);
		return -1;
	}
	/* the first byte that is not blank tells the kind; the blank lines
	 * before it are counted and the blanks of its line kept, so line and
	 * column numbers stay those of the stream */
	arb_taken taken = { 0 };
	char *blanks = arb_xmalloc(ARB_MAX_LINE + 1);
	int ch;
	while ((ch = getc(f)) == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
		if (ch == '\n') {
			taken.lines++;
			taken.len = 0;
		} else if (taken.len < ARB_MAX_LINE + 1) {
			blanks[taken.len++] = (char)ch;
		}
	}
	taken.bytes = blanks;
	if (ch != EOF)
		ungetc(ch, f);
	int rc = 0;
	if (ch == '{')
		rc = st_from_json(c, f, name, taken.lines);
	else if (ch == '-')
		rc = st_from_yaml(c, f, name, taken.lines);
	else if (ch == 'f')
		rc = st_from_tsv(c, f, name, taken.lines);
	else if (ch == 'g' && st_standings_tsv(f, blanks, &taken))
		rc = st_input_error(
			c, name, taken.lines + 1, 1,
			"a standings TSV table cannot be merged (it lacks the games left "
			"out and the exact sums): write partial tables with --format=json "
			"or yaml");
	else {
		/* from_record on one thread; on -j threads, result_of_record
		 * and the results collected in order */
		st_worker proto = { .o = c->o };
		arb_loop l = { .fn = from_record,
			       .ctx = c,
			       ARB_LOOP_WORKERS(st_worker),
			       .worker_proto = &proto,
			       .worker_fn = result_of_record,
			       .worker_init = worker_init,
			       .worker_fini = worker_fini };
		arb_out_set_results(c->out, collect, c);
		rc = arb_each_record_stream(f, name, &taken, c->o, c->out, &l);
	}
	free(blanks);
	if (f != stdin)
		fclose(f);
	return rc;
}
