/*
 * output.c — the output of a run in the four formats: the stream (or a
 * -j capture of it), documents, TSV rows and diagnostics; a game's
 * verdict is composed in verdict.c.
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

#include "output.h"
#include "../core/digest.h"
#include "../core/util.h"

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

/* A capture never writes stdout, so a worker asks nothing of it: ferror
 * locks stdout, which every worker did for every game (0.2 % of -j 2).
 * A failed write of the writer stops the run there (pool.c), and what a
 * worker captures after it is discarded unwritten. */
bool arb_out_failed(const arb_out *out)
{
	return out->failed || (!out->capture && ferror(stdout));
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

arb_buf *arb_out_result(arb_out *cap)
{
	return &cap_next(cap, CAP_RESULT)->text;
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
				stop = out->result(out->result_ctx, it->text.p, it->text.len);
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
void arb_tsv_field(arb_buf *b, const char *s)
{
	size_t start = b->len;
	arb_buf_put_utf8(b, s);
	for (size_t i = start; i < b->len; i++)
		if (b->p[i] == '\t' || b->p[i] == '\n' || b->p[i] == '\r')
			b->p[i] = ' ';
}

void arb_tsv_row_end(arb_out *out, arb_buf *b)
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
void arb_header_once(arb_out *out, const char *h, size_t len)
{
	if (out->capture && !out->quiet) {
		arb_buf_put(&cap_next(out, CAP_HEADER)->text, h, len);
		out->tsv_header = true;
	} else if (!out->tsv_header) {
		arb_out_text(out, h, len);
		out->tsv_header = true;
	}
}

void arb_tsv_start(arb_out *out)
{
	if (!out->tsv_header)
		arb_header_once(out, tsv_header, sizeof tsv_header - 1);
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
		arb_tsv_start(out);
		arb_buf_reset(b);
		arb_tsv_field(b, d->file ? d->file : "arbiter");
		arb_buf_printf(b, "\t%u\t\t\t\t\t\terror\t\t\t\t%u\t%u\t\t", (unsigned)d->line,
			       (unsigned)d->line, (unsigned)d->col);
		arb_tsv_field(b, d->msg);
		arb_buf_putc(b, '\t'); /* no digest: the record was not read */
		arb_tsv_row_end(out, b);
	}
}

void arb_out_err(arb_out *out, const char *s)
{
	err_write(out, s);
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
