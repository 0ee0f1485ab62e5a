/*
 * standings_read.c — one operand of `standings`: told apart by its first
 * byte (check's results, standings' own TSV, or records), and the record
 * route: records replayed here, or on -j workers, into the tables.  The
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

/* A record replayed into the document check --format=json writes for it
 * (its diagnostic, if any, to `out`). */
static json_t *record_doc(arb_out *out, const arb_record *rec)
{
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	r.games = &arb_registry;
	arb_replay_game(&r);
	json_t *doc;
	if (r.verdict == ARB_ERROR) {
		arb_out_diag(out, &r.diag);
		/* the error document, placed at the game and with its tags so the
		 * game is listed as left out in its group */
		doc = arb_diag_json(&r.diag);
		arb_json_set(doc, "file", arb_json_str(rec->file));
		arb_json_set(doc, "line", json_integer(rec->line));
		json_t *tags = json_object();
		for (size_t i = 0; i < rec->ntags; i++)
			arb_json_set(tags, rec->tags[i].name, arb_json_str(rec->tags[i].value));
		arb_json_set(doc, "tags", tags);
		arb_digest dg;
		char hex[ARB_DIGEST_HEX];
		arb_record_digest(rec, &dg);
		arb_digest_hex(&dg, hex);
		arb_json_set(doc, "digest", arb_json_str(hex));
	} else {
		doc = arb_verdict_json(&r);
	}
	arb_replay_free(&r);
	return doc;
}

/* The file name as a result names it: bytes that are not UTF-8 escaped
 * as \xHH (arb_json_str), so both routes name a game alike. */
static const char *file_form(st_ctx *c, const char *file)
{
	if (c->file_for != file) {
		arb_buf_reset(&c->file_shown);
		if (arb_utf8_valid(file, strlen(file)))
			arb_buf_puts(&c->file_shown, file);
		else
			arb_buf_put_utf8(&c->file_shown, file);
		c->file_for = file;
	}
	return c->file_shown.p;
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

/* One thread: a record replayed into the tables, from the replay's own
 * values (what check --format=json would write of them, unbuilt). */
static int from_record(void *ctx, const arb_record *rec)
{
	st_ctx *c = ctx;
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	r.games = &arb_registry;
	arb_replay_game(&r);
	st_result g;
	memset(&g, 0, sizeof g);
	g.file = file_form(c, rec->file);
	g.line = (long)rec->line;
	g.verdict = r.verdict;
	g.event = tag_of(rec, "Event");
	g.round = tag_of(rec, "Round");
	g.table = tag_of(rec, "Table");
	g.forfeit = tag_of(rec, "Forfeit");
	g.termination = r.stopped ? arb_termination_name(r.termination) : "";
	g.message = "";
	if (c->o->duplicates != DUP_COUNT) {
		arb_record_digest(rec, &g.digest);
		g.has_digest = true;
	}
	if (r.verdict == ARB_ERROR) {
		arb_out_diag(c->out, &r.diag);
		g.message = r.diag.msg;
	} else {
		g.moves = (long)r.moves;
		if (r.verdict == ARB_ILLEGAL)
			g.message = r.rej.msg;
		g.nseats = r.setup.nseats;
		for (size_t i = 0; i < g.nseats; i++) {
			st_seat *t = &g.seat[i];
			t->colour = r.game->colours[r.setup.seats[i].colour];
			t->player = r.setup.seats[i].player;
			t->score = r.st.score[i];
			t->winner = r.stopped ? r.result_winner[i] : r.st.over && r.st.winner[i];
		}
	}
	int rc = st_add_game(c, &g, rec->file, rec->line);
	arb_replay_free(&r);
	return rc ? 1 : 0;
}

/* -j: a worker replays records into result documents in its capture;
 * the reading thread adds them to the tables in input order (collect). */
typedef struct st_worker {
	arb_out *out;
} st_worker;

static int result_of_record(void *wctx, const arb_record *rec)
{
	st_worker *w = wctx;
	arb_out_result(w->out, record_doc(w->out, rec), rec->file, rec->line);
	return 0;
}

static int collect(void *ctx, json_t *doc, const char *file, uint32_t line)
{
	return st_add_result_doc(ctx, doc, file, line) ? 1 : 0;
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
		st_worker proto = { 0 };
		arb_loop l = { .fn = from_record,
			       .ctx = c,
			       ARB_LOOP_WORKERS(st_worker),
			       .worker_proto = &proto,
			       .worker_fn = result_of_record };
		arb_out_set_results(c->out, collect, c);
		rc = arb_each_record_stream(f, name, &taken, c->o, c->out, &l);
	}
	free(blanks);
	if (f != stdin)
		fclose(f);
	return rc;
}
