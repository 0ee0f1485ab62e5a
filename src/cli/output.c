/*
 * output.c — verdicts and diagnostics in the four output formats.
 *
 * One document model serves the machine formats: each game's verdict is
 * built as a jansson value, then written either by jansson (JSON, one
 * compact object per line so output streams) or walked into libyaml
 * emitter events (YAML, one document per game).  Neither format is ever
 * assembled by string concatenation, so quoting and escaping are the
 * libraries' job.  Text and TSV are line formats written directly.
 *
 * Every write goes through stdout's buffer; a failed write (a full disk,
 * a closed pipe) is noticed by ferror() and makes the run exit 2.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>
#include <yaml.h>

#include "cli.h"
#include "../core/digest.h"
#include "../core/util.h"

/* A capture (the -j path, see records.c) keeps one game's output in
 * order instead of writing it: runs of standard output and standard
 * error, the YAML documents (the emitter's state is the stream's, so they
 * are emitted by the writer) and the TSV header (written once, by the
 * first game that needs it). */
typedef enum { CAP_STDOUT, CAP_STDERR, CAP_DOC, CAP_HEADER, CAP_BETWEEN, CAP_RESULT } cap_kind;
typedef struct cap_item {
	cap_kind kind;
	arb_buf text;  /* STDOUT, STDERR, HEADER; RESULT: its file */
	json_t *doc;   /* DOC, RESULT                              */
	uint32_t line; /* RESULT                                   */
} cap_item;

struct arb_out {
	arb_format format;
	bool quiet;
	bool score; /* `score`: verdicts carry their events */
	int status;
	bool failed;
	bool tsv_header;
	bool between; /* arb_out_between: something was written */
	bool yaml_open;
	yaml_emitter_t yaml;
	arb_buf line; /* scratch for text lines */
	arb_tally tally;
	size_t ndiag;	      /* diagnostics reported (a game's errors)  */
	bool summary;	      /* print the batch summary when closed     */
	const char *cmd;      /* the command, for the summary's wording  */
	bool capture;	      /* keep the output in items[]              */
	arb_result_fn result; /* where a capture's results go (standings) */
	void *result_ctx;
	cap_item *items;
	size_t nitems, cap_items;
};

/* Capture: the item to append `kind` to (a new one unless the last is
 * of that kind). */
static cap_item *cap_next(arb_out *out, cap_kind kind)
{
	if (out->nitems && out->items[out->nitems - 1].kind == kind &&
	    (kind == CAP_STDOUT || kind == CAP_STDERR))
		return &out->items[out->nitems - 1];
	if (out->nitems == out->cap_items) {
		out->cap_items = out->cap_items ? 2 * out->cap_items : 4;
		out->items = arb_xrealloc(out->items, out->cap_items * sizeof *out->items);
		for (size_t i = out->nitems; i < out->cap_items; i++)
			out->items[i] = (cap_item){ 0 };
	}
	cap_item *it = &out->items[out->nitems++];
	it->kind = kind;
	arb_buf_reset(&it->text);
	it->doc = NULL;
	return it;
}

/* Bytes for standard output (or the capture). */
static bool out_write(arb_out *out, const char *s, size_t len)
{
	if (out->capture) {
		arb_buf_put(&cap_next(out, CAP_STDOUT)->text, s, len);
		return true;
	}
	return fwrite(s, 1, len, stdout) == len;
}

/* A message for standard error (or the capture). */
static void err_write(arb_out *out, const char *s)
{
	if (out->capture)
		arb_buf_puts(&cap_next(out, CAP_STDERR)->text, s);
	else
		fputs(s, stderr);
}

static int yaml_write(void *data, unsigned char *buffer, size_t size)
{
	arb_out *out = data;
	if (fwrite(buffer, 1, size, stdout) != size) {
		out->failed = true;
		return 0;
	}
	return 1;
}

/* Emit ev; the emitter frees it, even when it fails.  Once the output
 * failed the event is not emitted, so it is freed here, or every value
 * printed after a full disk would leak its copy. */
static void yaml_ev(arb_out *out, yaml_event_t *ev)
{
	if (out->failed)
		yaml_event_delete(ev);
	else if (!yaml_emitter_emit(&out->yaml, ev))
		out->failed = true;
}

arb_out *arb_out_new(const arb_opts *o)
{
	arb_out *out = arb_xcalloc(1, sizeof *out);
	out->format = o->format;
	out->quiet = o->quiet;
	out->score = strcmp(o->command, "score") == 0;
	out->cmd = o->command;
	out->summary = o->summary || (!o->quiet && isatty(STDERR_FILENO));
	if (out->format == FMT_YAML && !out->quiet) {
		yaml_emitter_initialize(&out->yaml);
		yaml_emitter_set_output(&out->yaml, yaml_write, out);
		yaml_emitter_set_unicode(&out->yaml, 1);
		yaml_emitter_set_width(&out->yaml, -1);
		yaml_event_t ev;
		yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
		yaml_ev(out, &ev);
		out->yaml_open = true;
	}
	return out;
}

bool arb_out_failed(const arb_out *out)
{
	return out->failed || ferror(stdout);
}

arb_out *arb_out_capture(const arb_opts *o)
{
	arb_out *out = arb_xcalloc(1, sizeof *out);
	out->format = o->format;
	out->quiet = o->quiet;
	out->score = strcmp(o->command, "score") == 0;
	out->capture = true;
	return out;
}

void arb_out_set_results(arb_out *out, arb_result_fn fn, void *ctx)
{
	out->result = fn;
	out->result_ctx = ctx;
}

void arb_out_result(arb_out *cap, json_t *doc, const char *file, uint32_t line)
{
	cap_item *it = cap_next(cap, CAP_RESULT);
	it->doc = doc;
	arb_buf_puts(&it->text, file);
	it->line = line;
}

int arb_out_replay(arb_out *out, arb_out *cap)
{
	int stop = 0;
	for (size_t i = 0; i < cap->nitems && !stop; i++) {
		cap_item *it = &cap->items[i];
		switch (it->kind) {
		case CAP_RESULT:
			/* the game's result, handed on in input order */
			if (out->result)
				stop = out->result(out->result_ctx, it->doc, it->text.p, it->line);
			break;
		case CAP_STDOUT:
			arb_out_text(out, it->text.p, it->text.len);
			break;
		case CAP_STDERR:
			err_write(out, it->text.p);
			break;
		case CAP_DOC:
			arb_out_doc(out, it->doc);
			it->doc = NULL;
			break;
		case CAP_BETWEEN:
			arb_out_between(out, it->text.p);
			break;
		case CAP_HEADER:
			if (!out->tsv_header) {
				arb_out_text(out, it->text.p, it->text.len);
				out->tsv_header = true;
			}
			break;
		}
	}
	arb_out_status(out, cap->status);
	arb_tally_add(&out->tally, &cap->tally);
	out->ndiag += cap->ndiag;
	arb_out_reset(cap);
	return stop;
}

void arb_out_between(arb_out *out, const char *sep)
{
	if (out->capture)
		arb_buf_puts(&cap_next(out, CAP_BETWEEN)->text, sep);
	else if (out->between)
		arb_out_text(out, sep, strlen(sep));
	out->between = true;
}

void arb_out_reset(arb_out *cap)
{
	for (size_t i = 0; i < cap->nitems; i++)
		if (cap->items[i].doc)
			json_decref(cap->items[i].doc);
	cap->nitems = 0;
	cap->status = 0;
	cap->ndiag = 0;
	cap->tsv_header = false;
	memset(&cap->tally, 0, sizeof cap->tally);
}

arb_tally *arb_out_tally(arb_out *out)
{
	return &out->tally;
}

size_t arb_out_diags(const arb_out *out)
{
	return out->ndiag;
}

int arb_out_close(arb_out *out)
{
	if (out->capture) {
		arb_out_reset(out);
		for (size_t i = 0; i < out->cap_items; i++)
			arb_buf_free(&out->items[i].text);
		free(out->items);
		arb_buf_free(&out->line);
		free(out);
		return 0;
	}
	if (out->summary && out->tally.files && (out->tally.games || out->tally.files > 1))
		arb_tally_print(&out->tally, out->cmd);
	if (out->yaml_open) {
		yaml_event_t ev;
		yaml_stream_end_event_initialize(&ev);
		yaml_ev(out, &ev);
		if (!out->failed && !yaml_emitter_flush(&out->yaml))
			out->failed = true;
		yaml_emitter_delete(&out->yaml);
	}
	arb_buf_free(&out->line);
	int rc = 0;
	if (fflush(stdout) != 0 || ferror(stdout) || out->failed)
		rc = -1;
	free(out);
	return rc;
}

int arb_stdout_error(void)
{
	fprintf(stderr, "arbiter: error: cannot write to standard output: %s\n",
		strerror(errno ? errno : EIO));
	/* said once: main's last flush must not say it again */
	clearerr(stdout);
	return ARB_EXIT_ERROR;
}

int arb_out_finish(arb_out *out, int status)
{
	if (arb_out_close(out))
		return arb_stdout_error();
	return status;
}

void arb_out_status(arb_out *out, int status)
{
	if (status > out->status)
		out->status = status;
}

int arb_out_exit(const arb_out *out)
{
	return out->status;
}

void arb_out_text(arb_out *out, const char *s, size_t len)
{
	if (out->quiet || out->failed)
		return;
	if (!out_write(out, s, len))
		out->failed = true;
}

/* ------------------------------------------------------ jansson values */

/* jansson refuses strings that are not UTF-8 (json_string returns NULL)
 * and json_object_set_new then drops the key without a word.  Here such
 * bytes are escaped instead, and a failure that remains can only be a
 * lack of memory, which ends the run as arb_xmalloc does. */
static void json_out_of_memory(void)
{
	fprintf(stderr, "arbiter: error: out of memory (building a JSON value)\n");
	exit(ARB_EXIT_ERROR);
}

json_t *arb_json_strn(const char *s, size_t len)
{
	json_t *v = json_stringn(s, len);
	if (!v) {
		arb_buf b = { 0 }, raw = { 0 };
		arb_buf_put(&raw, s, len);
		arb_buf_put_utf8(&b, raw.p ? raw.p : "");
		v = json_stringn(b.p ? b.p : "", b.len);
		arb_buf_free(&b);
		arb_buf_free(&raw);
	}
	if (!v)
		json_out_of_memory();
	return v;
}

json_t *arb_json_str(const char *s)
{
	return arb_json_strn(s ? s : "", s ? strlen(s) : 0);
}

void arb_json_set(json_t *obj, const char *key, json_t *value)
{
	if (!value)
		json_out_of_memory();
	arb_buf b = { 0 };
	if (!arb_utf8_valid(key, strlen(key)))
		arb_buf_put_utf8(&b, key);
	/* json_object_set_new frees the value when it fails */
	if (json_object_set_new(obj, b.p ? b.p : key, value) != 0)
		json_out_of_memory();
	arb_buf_free(&b);
}

void arb_json_push(json_t *arr, json_t *value)
{
	if (!value || json_array_append_new(arr, value) != 0)
		json_out_of_memory();
}

/* ------------------------------------------------------------- YAML */

/* Would a YAML 1.1 reader take this plain string for something else
 * (a number, a boolean, null)?  Then it must be quoted to stay a string. */
static bool looks_typed(const char *s)
{
	static const char *const words[] = {
		"y",  "Y",    "yes",  "Yes",  "YES",   "n",	"N",	 "no", "No",
		"NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On",
		"ON", "off",  "Off",  "OFF",  "null",  "Null",	"NULL",	 "~",  "",
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(s, words[i]) == 0)
			return true;
	const char *p = s;
	if (*p == '+' || *p == '-')
		p++;
	if (*p == '.')
		p++;
	return (*p >= '0' && *p <= '9');
}

/* A scalar: `typed` values (numbers, booleans) are written plain; strings
 * are plain when that reads back as the same string, quoted otherwise
 * (libyaml picks the quoting for special characters). */
static void yaml_scalar(arb_out *out, const char *s, bool typed)
{
	yaml_event_t ev;
	bool quote = !typed && looks_typed(s);
	/* boards and other multi-line text read best as literal blocks */
	yaml_scalar_style_t style = quote			  ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
				    : (!typed && strchr(s, '\n')) ? YAML_LITERAL_SCALAR_STYLE
								  : YAML_ANY_SCALAR_STYLE;
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), !quote,
				     !typed, style);
	yaml_ev(out, &ev);
}

/* Walk a jansson value into emitter events.  Numbers and booleans are
 * plain scalars; strings are marked as strings (quoted where needed), so
 * "4" stays a string and a player called "yes" stays a name. */
static void yaml_value(arb_out *out, json_t *v)
{
	yaml_event_t ev;
	char num[32];
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
		yaml_ev(out, &ev);
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val)
		{
			yaml_scalar(out, key, false);
			yaml_value(out, val);
		}
		yaml_mapping_end_event_initialize(&ev);
		yaml_ev(out, &ev);
		break;
	}
	case JSON_ARRAY: {
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
		yaml_ev(out, &ev);
		size_t i;
		json_t *val;
		json_array_foreach(v, i, val) yaml_value(out, val);
		yaml_sequence_end_event_initialize(&ev);
		yaml_ev(out, &ev);
		break;
	}
	case JSON_STRING:
		yaml_scalar(out, json_string_value(v), false);
		break;
	case JSON_INTEGER:
		snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		yaml_scalar(out, num, true);
		break;
	case JSON_REAL:
		snprintf(num, sizeof num, "%g", json_real_value(v));
		yaml_scalar(out, num, true);
		break;
	case JSON_TRUE:
		yaml_scalar(out, "true", true);
		break;
	case JSON_FALSE:
		yaml_scalar(out, "false", true);
		break;
	case JSON_NULL:
		yaml_scalar(out, "null", true);
		break;
	}
}

static int json_write(const char *buffer, size_t size, void *data)
{
	arb_out *out = data;
	if (!out_write(out, buffer, size)) {
		out->failed = true;
		return -1;
	}
	return 0;
}

/* Write one document in the machine format, and free it. */
void arb_out_doc(arb_out *out, json_t *doc)
{
	if (out->capture && out->format == FMT_YAML) {
		cap_next(out, CAP_DOC)->doc = doc;
		return;
	}
	if (out->format == FMT_YAML) {
		yaml_event_t ev;
		yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
		yaml_ev(out, &ev);
		yaml_value(out, doc);
		yaml_document_end_event_initialize(&ev, 1);
		yaml_ev(out, &ev);
		if (!out->failed && !yaml_emitter_flush(&out->yaml))
			out->failed = true;
	} else if (!out->failed) {
		if (json_dump_callback(doc, json_write, out,
				       JSON_COMPACT | JSON_REAL_PRECISION(10)) != 0)
			out->failed = true;
		else if (!out_write(out, "\n", 1))
			out->failed = true;
	}
	json_decref(doc);
}

/* ------------------------------------------------- positions as data */

/* The arb_doc (game.h) that builds a jansson value: a stack of the maps
 * and lists open, the root map at the bottom.  Engines nest a few levels
 * (position, seats, a seat, its hand); deeper calls are a bug of the
 * engine, dropped (asserted in the debug builds). */
enum { DOC_DEPTH = 12 };
typedef struct doc_json {
	json_t *open[DOC_DEPTH];
	size_t depth; /* open[depth - 1] takes the next value */
} doc_json;

/* Put v into the innermost open map (under key) or list. */
static void doc_add(doc_json *d, const char *key, json_t *v)
{
	json_t *top = d->open[d->depth - 1];
	if (json_is_object(top))
		arb_json_set(top, key ? key : "", v);
	else
		arb_json_push(top, v);
}

static void doc_open(doc_json *d, const char *key, json_t *v)
{
	assert(d->depth < DOC_DEPTH);
	if (d->depth == DOC_DEPTH) {
		json_decref(v);
		return;
	}
	doc_add(d, key, json_incref(v));
	d->open[d->depth++] = v;
	json_decref(v); /* the parent holds it */
}

static void doc_map(void *ctx, const char *key)
{
	doc_open(ctx, key, json_object());
}

static void doc_list(void *ctx, const char *key)
{
	doc_open(ctx, key, json_array());
}

static void doc_end(void *ctx)
{
	doc_json *d = ctx;
	assert(d->depth > 1);
	if (d->depth > 1)
		d->depth--;
}

static void doc_str(void *ctx, const char *key, const char *s)
{
	doc_add(ctx, key, arb_json_str(s));
}

static void doc_num(void *ctx, const char *key, long v)
{
	doc_add(ctx, key, json_integer((json_int_t)v));
}

static void doc_flag(void *ctx, const char *key, bool v)
{
	doc_add(ctx, key, json_boolean(v));
}

json_t *arb_position_json(const arb_game_ops *g, const void *state)
{
	if (!g->describe)
		return NULL;
	doc_json d = { .open = { json_object() }, .depth = 1 };
	if (!d.open[0])
		json_out_of_memory();
	arb_doc doc = { &d, doc_map, doc_list, doc_end, doc_str, doc_num, doc_flag };
	g->describe(state, &doc);
	assert(d.depth == 1); /* every map and list the engine opened is closed */
	return d.open[0];
}

/* ------------------------------------------------------------- TSV */

/* A TSV field: tabs and newlines would break the row, so they become
 * spaces (TSV has no escapes). */
static void tsv_field(arb_buf *b, const char *s)
{
	size_t start = b->len;
	arb_buf_put_utf8(b, s);
	for (size_t i = start; i < b->len; i++)
		if (b->p[i] == '\t' || b->p[i] == '\n' || b->p[i] == '\r')
			b->p[i] = ' ';
}

static void tsv_row_end(arb_out *out, arb_buf *b)
{
	arb_buf_putc(b, '\n');
	arb_out_text(out, b->p, b->len);
}

/* players: "Red=Anna Virtanen|Blue=Bo" ('|' in a name becomes '/');
 * scores: "Red=61 Blue=48"; winners: "Red Blue"; digest: the game's
 * fingerprint (core/digest.h), empty in an error row. */
static const char tsv_header[] = ARB_TSV_HEADER "\n";

/* A header written once, before the first row (by the first game of a
 * capture's writer). */
static void header_once(arb_out *out, const char *h, size_t len)
{
	if (out->capture && !out->quiet) {
		arb_buf_put(&cap_next(out, CAP_HEADER)->text, h, len);
		out->tsv_header = true;
	} else if (!out->tsv_header) {
		arb_out_text(out, h, len);
		out->tsv_header = true;
	}
}

static void tsv_start(arb_out *out)
{
	if (!out->tsv_header)
		header_once(out, tsv_header, sizeof tsv_header - 1);
}

/* ------------------------------------------------------- diagnostics */

json_t *arb_diag_json(const arb_diag *d)
{
	json_t *doc = json_object();
	arb_json_set(doc, "file", arb_json_str(d->file));
	arb_json_set(doc, "line", json_integer(d->line));
	arb_json_set(doc, "col", json_integer(d->col));
	arb_json_set(doc, "verdict", arb_json_str("error"));
	arb_json_set(doc, "message", arb_json_str(d->msg));
	return doc;
}

/* The one path of every diagnostic: the status, -q, the GNU-style line on
 * stderr (always UTF-8), and the machine formats' error document or row. */
void arb_out_diag(arb_out *out, const arb_diag *d)
{
	arb_out_status(out, ARB_EXIT_ERROR);
	out->ndiag++;
	if (out->quiet)
		return;
	arb_buf *b = &out->line;
	arb_buf_reset(b);
	arb_buf_put_utf8(b, d->file ? d->file : "arbiter");
	if (d->line)
		arb_buf_printf(b, ":%u:%u", (unsigned)d->line, (unsigned)d->col);
	arb_buf_puts(b, ": error: ");
	arb_buf_put_utf8(b, d->msg);
	arb_buf_putc(b, '\n');
	err_write(out, b->p);
	if (out->format == FMT_YAML || out->format == FMT_JSON) {
		arb_out_doc(out, arb_diag_json(d));
	} else if (out->format == FMT_TSV) {
		tsv_start(out);
		arb_buf_reset(b);
		tsv_field(b, d->file ? d->file : "arbiter");
		arb_buf_printf(b, "\t%u\t\t\t\t\t\terror\t\t\t\t%u\t%u\t\t", (unsigned)d->line,
			       (unsigned)d->line, (unsigned)d->col);
		tsv_field(b, d->msg);
		arb_buf_putc(b, '\t'); /* no digest: the record was not read */
		tsv_row_end(out, b);
	}
}

int arb_report_diag(const arb_opts *o, const arb_diag *d)
{
	arb_out *out = arb_out_new(o);
	arb_out_diag(out, d);
	return arb_out_finish(out, ARB_EXIT_ERROR);
}

void arb_out_note(arb_out *out, const char *file, const char *msg)
{
	if (out->quiet)
		return;
	arb_buf *b = &out->line;
	arb_buf_reset(b);
	arb_buf_put_utf8(b, file);
	arb_buf_puts(b, ": note: ");
	arb_buf_put_utf8(b, msg);
	arb_buf_putc(b, '\n');
	err_write(out, b->p);
}

/* ----------------------------------------------------------- verdicts */

static const char *verdict_name(arb_verdict v)
{
	switch (v) {
	case ARB_LEGAL:
		return "legal";
	case ARB_UNFINISHED:
		return "unfinished";
	case ARB_ILLEGAL:
		return "illegal";
	case ARB_ERROR:
		return "error";
	}
	return "error";
}

static const char *seat_colour(const arb_replay *r, size_t i)
{
	return r->game->colours[r->setup.seats[i].colour];
}

static json_t *verdict_doc(const arb_replay *r, bool score, const arb_scored *ev, size_t nev);

/* Does the event show seat i: a change of score, or an owner scoring
 * nothing (shown with its 0)? */
static bool event_shows(const arb_event *ev, size_t i)
{
	return ev->delta[i] != 0 || (ev->owners >> i & 1);
}

/* The colours of the seats in `mask`, as a list. */
static json_t *seat_list_json(const arb_replay *r, unsigned long mask)
{
	json_t *a = json_array();
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (mask >> i & 1)
			arb_json_push(a, arb_json_str(seat_colour(r, i)));
	return a;
}

/* One score event: `move` the turn line (null at the final scoring, whose
 * `phase` is "end"; "play" otherwise), `points` per seat shown. */
static json_t *event_doc(const arb_replay *r, const arb_scored *e)
{
	json_t *o = json_object();
	arb_json_set(o, "move", e->move ? json_integer((json_int_t)e->move) : json_null());
	arb_json_set(o, "phase", arb_json_str(e->move ? "play" : "end"));
	arb_json_set(o, "kind", arb_json_str(e->ev.kind ? e->ev.kind : ""));
	json_t *d = json_object();
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (event_shows(&e->ev, i))
			arb_json_set(d, seat_colour(r, i), json_integer(e->ev.delta[i]));
	arb_json_set(o, "points", d);
	arb_json_set(o, "text", arb_json_str(e->ev.text));
	/* the engine's own details apart, so no key of theirs clobbers ours */
	if (e->ev.nfields) {
		json_t *details = json_object();
		for (size_t i = 0; i < e->ev.nfields && i < ARB_MAX_FIELDS; i++) {
			const arb_field *f = &e->ev.fields[i];
			arb_json_set(details, f->key,
				     f->seat_list ? seat_list_json(r, (unsigned long)f->num)
				     : f->str	  ? arb_json_str(f->str)
						  : json_integer(f->num));
		}
		arb_json_set(o, "details", details);
	}
	return o;
}

json_t *arb_verdict_json(const arb_replay *r)
{
	return verdict_doc(r, false, NULL, 0);
}

static json_t *verdict_doc(const arb_replay *r, bool score, const arb_scored *ev, size_t nev)
{
	const arb_record *rec = r->rec;
	json_t *doc = json_object();
	arb_json_set(doc, "file", arb_json_str(rec->file));
	arb_json_set(doc, "line", json_integer(rec->line));
	arb_json_set(doc, "game", arb_json_str(r->game->name));
	json_t *tags = json_object();
	for (size_t i = 0; i < rec->ntags; i++)
		arb_json_set(tags, rec->tags[i].name, arb_json_str(rec->tags[i].value));
	arb_json_set(doc, "tags", tags);
	arb_json_set(doc, "verdict", arb_json_str(verdict_name(r->verdict)));
	arb_json_set(doc, "moves", json_integer((json_int_t)r->moves));
	json_t *seats = json_array();
	json_t *winners = json_array();
	for (size_t i = 0; i < r->setup.nseats; i++) {
		json_t *s = json_object();
		arb_json_set(s, "colour", arb_json_str(seat_colour(r, i)));
		arb_json_set(s, "player", arb_json_str(r->setup.seats[i].player));
		arb_json_set(s, "score", json_integer(r->st.score[i]));
		if (r->stopped)
			arb_json_set(s, "winner", json_boolean(r->result_winner[i]));
		else if (r->st.over)
			arb_json_set(s, "winner", json_boolean(r->st.winner[i]));
		if (r->st.nbd) {
			json_t *bd = json_object();
			for (size_t k = 0; k < r->st.nbd; k++)
				arb_json_set(bd, r->st.bd_key[k], json_integer(r->st.bd[i][k]));
			arb_json_set(s, "breakdown", bd);
		}
		arb_json_push(seats, s);
		if ((r->st.over && r->st.winner[i] && r->verdict == ARB_LEGAL) ||
		    (r->stopped && r->result_winner[i]))
			arb_json_push(winners, arb_json_str(seat_colour(r, i)));
	}
	arb_json_set(doc, "seats", seats);
	if (r->verdict == ARB_LEGAL || r->stopped)
		arb_json_set(doc, "winners", winners);
	else
		json_decref(winners);
	/* a stopped game counts in standings with the winners decided */
	if (r->stopped)
		arb_json_set(doc, "termination",
			     arb_json_str(arb_termination_name(r->termination)));
	/* the game's fingerprint, by which standings finds a game read twice */
	char hex[ARB_DIGEST_HEX];
	arb_digest dg;
	arb_record_digest(rec, &dg);
	arb_digest_hex(&dg, hex);
	arb_json_set(doc, "digest", arb_json_str(hex));
	if (r->verdict == ARB_ILLEGAL) {
		json_t *e = json_object();
		if (r->bad_move) {
			arb_buf t = { 0 };
			arb_turn_text(rec, &rec->turns[r->bad_move - 1], &t);
			arb_json_set(e, "move", json_integer((json_int_t)r->bad_move));
			arb_json_set(e, "turn", arb_json_str(t.p ? t.p : ""));
			arb_buf_free(&t);
		}
		arb_json_set(e, "line", json_integer(r->rej.line));
		arb_json_set(e, "col", json_integer(r->rej.col));
		arb_json_set(e, "rule", arb_json_str(r->rej.rule));
		arb_json_set(e, "message", arb_json_str(r->rej.msg));
		arb_json_set(doc, "illegal", e);
	}
	if (score) {
		json_t *a = json_array();
		for (size_t i = 0; i < nev; i++)
			arb_json_push(a, event_doc(r, &ev[i]));
		arb_json_set(doc, "events", a);
	}
	if (r->nwarnings) {
		json_t *a = json_array();
		for (size_t i = 0; i < r->nwarnings; i++) {
			json_t *w = json_object();
			arb_json_set(w, "line", json_integer(r->warning[i].line));
			arb_json_set(w, "col", json_integer(r->warning[i].col));
			arb_json_set(w, "message", arb_json_str(r->warning[i].msg));
			arb_json_push(a, w);
		}
		arb_json_set(doc, "warnings", a);
	}
	return doc;
}

/* "Red 61, Blue 48" */
static void text_scores(arb_buf *b, const arb_replay *r)
{
	for (size_t i = 0; i < r->setup.nseats; i++)
		arb_buf_printf(b, "%s%s %d", i ? ", " : "", seat_colour(r, i), r->st.score[i]);
}

/* The scores as `score` prints them: a range where the record cannot
 * tell a score exactly ("Blue 6-7": game.h, arb_standing.score_hi). */
static void text_score_ranges(arb_buf *b, const arb_replay *r)
{
	for (size_t i = 0; i < r->setup.nseats; i++) {
		int lo = r->st.score[i], hi = r->st.score_hi[i];
		arb_buf_printf(b, "%s%s %d", i ? ", " : "", seat_colour(r, i), lo);
		if (hi > lo)
			arb_buf_printf(b, "-%d", hi);
	}
}

/* "; winner: Red", or for a stopped game "; adjudicated, winner: Red"
 * (the winners its Result tag decided). */
static void text_winners(arb_buf *b, const arb_replay *r)
{
	const bool *won = r->stopped ? r->result_winner : r->st.winner;
	size_t n = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		n += won[i];
	arb_buf_puts(b, "; ");
	if (r->stopped)
		arb_buf_printf(b, "%s, ", arb_termination_name(r->termination));
	arb_buf_puts(b, n > 1 ? "winners: " : "winner: ");
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (won[i])
			arb_buf_printf(b, "%s%s", k++ ? ", " : "", seat_colour(r, i));
	if (n > 1)
		arb_buf_puts(b, " (tie)");
	if (n == 0)
		arb_buf_puts(b, "none");
}

static void text_illegal(arb_buf *b, const arb_replay *r)
{
	const arb_record *rec = r->rec;
	arb_buf_put_utf8(b, rec->file);
	arb_buf_printf(b, ":%u:%u: illegal: ", (unsigned)r->rej.line, (unsigned)r->rej.col);
	if (r->bad_move && rec->turns[r->bad_move - 1].ntok == 0) {
		arb_buf_printf(b, "move %zu: ", r->bad_move);
	} else if (r->bad_move) {
		arb_buf_printf(b, "move %zu (", r->bad_move);
		arb_turn_text(rec, &rec->turns[r->bad_move - 1], b);
		arb_buf_puts(b, "): ");
	} else {
		arb_buf_puts(b, "Result tag: ");
	}
	arb_buf_put_utf8(b, r->rej.msg);
	arb_buf_printf(b, " [%s]\n", r->rej.rule);
}

static void text_event(arb_buf *b, const arb_replay *r, const arb_scored *e)
{
	if (e->move)
		arb_buf_printf(b, "  move %zu: ", e->move);
	else
		arb_buf_puts(b, "  end: ");
	/* "Red +3, Blue +3: ..."; an owner scoring nothing "Red +0: ..."; an
	 * event that changes no score (a win) is its sentence alone */
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (event_shows(&e->ev, i))
			arb_buf_printf(b, "%s%s %+d", k++ ? ", " : "", seat_colour(r, i),
				       e->ev.delta[i]);
	if (k)
		arb_buf_puts(b, ": ");
	arb_buf_put_utf8(b, e->ev.text);
	arb_buf_putc(b, '\n');
}

static void text_verdict(arb_out *out, const arb_replay *r, const arb_scored *ev, size_t nev)
{
	const arb_record *rec = r->rec;
	arb_buf *b = &out->line;
	arb_buf_reset(b);
	if (out->score) {
		arb_buf_put_utf8(b, rec->file);
		arb_buf_printf(b, ":%u: %s:", (unsigned)rec->line, r->game->name);
		for (size_t i = 0; i < r->setup.nseats; i++)
			arb_buf_printf(b, "%s %s (%s)", i ? "," : "", seat_colour(r, i),
				       r->setup.seats[i].player);
		arb_buf_putc(b, '\n');
		for (size_t i = 0; i < nev; i++)
			text_event(b, r, &ev[i]);
		if (r->verdict == ARB_ILLEGAL) {
			text_illegal(b, r);
		} else {
			arb_buf_puts(b, r->verdict == ARB_LEGAL ? "  final: " : "  unfinished: ");
			text_score_ranges(b, r);
			if (r->verdict == ARB_LEGAL || r->stopped)
				text_winners(b, r);
			arb_buf_putc(b, '\n');
		}
		arb_out_text(out, b->p, b->len);
		return;
	}
	arb_verdict_line(r, b);
	arb_out_text(out, b->p, b->len);
}

void arb_verdict_line(const arb_replay *r, arb_buf *b)
{
	const arb_record *rec = r->rec;
	if (r->verdict == ARB_ILLEGAL) {
		text_illegal(b, r);
	} else {
		arb_buf_put_utf8(b, rec->file);
		arb_buf_printf(b, ":%u: %s: %s, %zu move%s; ", (unsigned)rec->line,
			       verdict_name(r->verdict), r->game->name, r->moves,
			       arb_s((long)r->moves));
		text_scores(b, r);
		if (r->verdict == ARB_LEGAL || r->stopped)
			text_winners(b, r);
		arb_buf_putc(b, '\n');
	}
}

static void tsv_verdict(arb_out *out, const arb_replay *r, const arb_scored *ev, size_t nev)
{
	arb_buf *b = &out->line;
	const arb_record *rec = r->rec;
	if (out->score) { /* one row per event */
		if (!out->tsv_header) {
			static const char h[] = "file\tline\tgame\tmove\tkind\tpoints\ttext\n";
			header_once(out, h, sizeof h - 1);
		}
		for (size_t i = 0; i < nev; i++) {
			arb_buf_reset(b);
			tsv_field(b, rec->file);
			arb_buf_printf(b, "\t%u\t%s\t", (unsigned)rec->line, r->game->name);
			if (ev[i].move)
				arb_buf_printf(b, "%zu", ev[i].move);
			else
				arb_buf_puts(b, "end");
			arb_buf_putc(b, '\t');
			tsv_field(b, ev[i].ev.kind ? ev[i].ev.kind : "");
			arb_buf_putc(b, '\t');
			size_t k = 0;
			for (size_t s = 0; s < r->setup.nseats; s++)
				if (event_shows(&ev[i].ev, s))
					arb_buf_printf(b, "%s%s=%d", k++ ? " " : "",
						       seat_colour(r, s), ev[i].ev.delta[s]);
			arb_buf_putc(b, '\t');
			tsv_field(b, ev[i].ev.text);
			tsv_row_end(out, b);
		}
		return;
	}
	tsv_start(out);
	arb_buf_reset(b);
	tsv_field(b, rec->file);
	arb_buf_printf(b, "\t%u\t%s\t", (unsigned)rec->line, r->game->name);
	static const char *const group_tags[] = { "Event", "Round", "Table" };
	for (size_t k = 0; k < 3; k++) {
		const arb_tag *t = arb_setup_tag(&r->setup, group_tags[k]);
		tsv_field(b, t ? t->value : "");
		arb_buf_putc(b, '\t');
	}
	for (size_t i = 0; i < r->setup.nseats; i++) {
		arb_buf_printf(b, "%s%s=", i ? "|" : "", seat_colour(r, i));
		for (const char *p = r->setup.seats[i].player; *p; p++)
			arb_buf_putc(b, *p == '|' ? '/' : (*p == '\t' ? ' ' : *p));
	}
	arb_buf_printf(b, "\t%s\t%zu\t", verdict_name(r->verdict), r->moves);
	for (size_t i = 0; i < r->setup.nseats; i++)
		arb_buf_printf(b, "%s%s=%d", i ? " " : "", seat_colour(r, i), r->st.score[i]);
	arb_buf_putc(b, '\t');
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if ((r->verdict == ARB_LEGAL && r->st.winner[i]) ||
		    (r->stopped && r->result_winner[i]))
			arb_buf_printf(b, "%s%s", k++ ? " " : "", seat_colour(r, i));
	if (r->verdict == ARB_ILLEGAL) {
		arb_buf_printf(b, "\t%u\t%u\t%s\t", (unsigned)r->rej.line, (unsigned)r->rej.col,
			       r->rej.rule);
		tsv_field(b, r->rej.msg);
	} else {
		/* a stopped game: its termination where an illegal one has the
		 * message */
		arb_buf_puts(b, "\t\t\t\t");
		if (r->stopped)
			arb_buf_puts(b, arb_termination_name(r->termination));
	}
	char hex[ARB_DIGEST_HEX];
	arb_digest dg;
	arb_record_digest(rec, &dg);
	arb_digest_hex(&dg, hex);
	arb_buf_printf(b, "\t%s", hex);
	tsv_row_end(out, b);
}

/* The record's warnings on stderr (FILE:LINE:COL: warning: MESSAGE), as
 * diagnostics are, but with no effect on the exit status. */
static void warnings_text(arb_out *out, const arb_replay *r)
{
	for (size_t i = 0; i < r->nwarnings; i++) {
		const arb_diag *w = &r->warning[i];
		arb_buf *b = &out->line;
		arb_buf_reset(b);
		arb_buf_put_utf8(b, w->file ? w->file : "arbiter");
		arb_buf_printf(b, ":%u:%u: warning: ", (unsigned)w->line, (unsigned)w->col);
		arb_buf_put_utf8(b, w->msg);
		arb_buf_putc(b, '\n');
		fputs(b->p, stderr);
	}
}

void arb_out_verdict(arb_out *out, const arb_replay *r, const arb_scored *events, size_t nevents)
{
	if (!out->quiet)
		warnings_text(out, r);
	if (r->verdict == ARB_ERROR) {
		arb_out_diag(out, &r->diag);
		return;
	}
	if (r->verdict == ARB_ILLEGAL)
		arb_out_status(out, ARB_EXIT_ILLEGAL);
	out->tally.legal += r->verdict == ARB_LEGAL;
	out->tally.unfinished += r->verdict == ARB_UNFINISHED;
	out->tally.illegal += r->verdict == ARB_ILLEGAL;
	if (out->quiet)
		return;
	switch (out->format) {
	case FMT_TEXT:
		text_verdict(out, r, events, nevents);
		break;
	case FMT_TSV:
		tsv_verdict(out, r, events, nevents);
		break;
	case FMT_YAML:
	case FMT_JSON:
		arb_out_doc(out, verdict_doc(r, out->score, events, nevents));
		break;
	case FMT_SVG:
	case FMT_HTML: /* the picture and the page show the verdict */
		break;
	}
}
