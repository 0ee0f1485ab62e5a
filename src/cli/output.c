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
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <yaml.h>

#include "cli.h"
#include "../core/util.h"

struct arb_out {
	arb_format format;
	bool quiet;
	bool score;              /* `score`: verdicts carry their events */
	int status;
	bool failed;
	bool tsv_header;
	bool yaml_open;
	yaml_emitter_t yaml;
	arb_buf line;            /* scratch for text lines */
};

static int yaml_write(void *data, unsigned char *buffer, size_t size)
{
	arb_out *out = data;
	if (fwrite(buffer, 1, size, stdout) != size) {
		out->failed = true;
		return 0;
	}
	return 1;
}

static void yaml_ev(arb_out *out, yaml_event_t *ev)
{
	if (!out->failed && !yaml_emitter_emit(&out->yaml, ev))
		out->failed = true;
}

arb_out *arb_out_new(const arb_opts *o)
{
	arb_out *out = arb_xcalloc(1, sizeof *out);
	out->format = o->format;
	out->quiet = o->quiet;
	out->score = strcmp(o->command, "score") == 0;
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

int arb_out_close(arb_out *out)
{
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

int arb_out_finish(arb_out *out, int status)
{
	if (arb_out_close(out)) {
		fprintf(stderr, "arbiter: error: cannot write to standard output: %s\n",
			strerror(errno ? errno : EIO));
		return ARB_EXIT_ERROR;
	}
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
	if (fwrite(s, 1, len, stdout) != len)
		out->failed = true;
}

/* ------------------------------------------------------------- YAML */

/* Would a YAML 1.1 reader take this plain string for something else
 * (a number, a boolean, null)?  Then it must be quoted to stay a string. */
static bool looks_typed(const char *s)
{
	static const char *const words[] = {
		"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"true", "True", "TRUE", "false", "False", "FALSE", "on", "On",
		"ON", "off", "Off", "OFF", "null", "Null", "NULL", "~", "",
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
	yaml_scalar_style_t style = quote ? YAML_DOUBLE_QUOTED_SCALAR_STYLE
				  : (!typed && strchr(s, '\n')) ? YAML_LITERAL_SCALAR_STYLE
				  : YAML_ANY_SCALAR_STYLE;
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s,
				     (int)strlen(s), !quote, !typed, style);
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
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
						    YAML_BLOCK_MAPPING_STYLE);
		yaml_ev(out, &ev);
		const char *key;
		json_t *val;
		json_object_foreach(v, key, val) {
			yaml_scalar(out, key, false);
			yaml_value(out, val);
		}
		yaml_mapping_end_event_initialize(&ev);
		yaml_ev(out, &ev);
		break;
	}
	case JSON_ARRAY: {
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
						     YAML_BLOCK_SEQUENCE_STYLE);
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
	if (fwrite(buffer, 1, size, stdout) != size) {
		out->failed = true;
		return -1;
	}
	return 0;
}

/* Write one document in the machine format, and free it. */
void arb_out_doc(arb_out *out, json_t *doc)
{
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
		if (json_dump_callback(doc, json_write, out, JSON_COMPACT | JSON_REAL_PRECISION(10)) != 0)
			out->failed = true;
		else if (putchar('\n') == EOF)
			out->failed = true;
	}
	json_decref(doc);
}

/* ------------------------------------------------------------- TSV */

/* A TSV field: tabs and newlines would break the row, so they become
 * spaces (TSV has no escapes). */
static void tsv_field(arb_buf *b, const char *s)
{
	for (; *s; s++)
		arb_buf_putc(b, (*s == '\t' || *s == '\n' || *s == '\r') ? ' ' : *s);
}

static void tsv_row_end(arb_out *out, arb_buf *b)
{
	arb_buf_putc(b, '\n');
	arb_out_text(out, b->p, b->len);
}

/* players: "Red=Anna Virtanen|Blue=Bo" ('|' in a name becomes '/');
 * scores: "Red=61 Blue=48"; winners: "Red Blue". */
static const char tsv_header[] =
	"file\tline\tgame\tevent\tround\ttable\tplayers\tverdict\tmoves\tscores\twinners\terror_line\terror_col\trule\tmessage\n";

static void tsv_start(arb_out *out)
{
	if (!out->tsv_header) {
		arb_out_text(out, tsv_header, sizeof tsv_header - 1);
		out->tsv_header = true;
	}
}

/* ------------------------------------------------------- diagnostics */

void arb_out_diag(arb_out *out, const arb_diag *d)
{
	arb_out_status(out, ARB_EXIT_ERROR);
	if (out->quiet)
		return;
	if (d->line)
		fprintf(stderr, "%s:%u:%u: error: %s\n", d->file,
			(unsigned)d->line, (unsigned)d->col, d->msg);
	else
		fprintf(stderr, "%s: error: %s\n", d->file, d->msg);
	if (out->format == FMT_YAML || out->format == FMT_JSON) {
		json_t *doc = json_object();
		json_object_set_new(doc, "file", json_string(d->file));
		json_object_set_new(doc, "line", json_integer(d->line));
		json_object_set_new(doc, "col", json_integer(d->col));
		json_object_set_new(doc, "verdict", json_string("error"));
		json_object_set_new(doc, "message", json_string(d->msg));
		arb_out_doc(out, doc);
	} else if (out->format == FMT_TSV) {
		tsv_start(out);
		arb_buf *b = &out->line;
		arb_buf_reset(b);
		tsv_field(b, d->file);
		arb_buf_printf(b, "\t%u\t\t\t\t\t\terror\t\t\t\t%u\t%u\t\t", (unsigned)d->line,
			       (unsigned)d->line, (unsigned)d->col);
		tsv_field(b, d->msg);
		tsv_row_end(out, b);
	}
}

/* ----------------------------------------------------------- verdicts */

static const char *verdict_name(arb_verdict v)
{
	switch (v) {
	case ARB_LEGAL: return "legal";
	case ARB_UNFINISHED: return "unfinished";
	case ARB_ILLEGAL: return "illegal";
	case ARB_ERROR: return "error";
	}
	return "error";
}

static const char *seat_colour(const arb_replay *r, size_t i)
{
	return r->game->colours[r->setup.seats[i].colour];
}

static json_t *verdict_doc(const arb_replay *r, bool score,
			   const arb_scored *ev, size_t nev);

static json_t *event_doc(const arb_replay *r, const arb_scored *e)
{
	json_t *o = json_object();
	if (e->move)
		json_object_set_new(o, "move", json_integer((json_int_t)e->move));
	else
		json_object_set_new(o, "move", json_string("end"));
	json_object_set_new(o, "kind", json_string(e->ev.kind ? e->ev.kind : ""));
	json_t *d = json_object();
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (e->ev.delta[i])
			json_object_set_new(d, seat_colour(r, i), json_integer(e->ev.delta[i]));
	json_object_set_new(o, "points", d);
	json_object_set_new(o, "text", json_string(e->ev.text));
	/* the engine's own details apart, so no key of theirs clobbers ours */
	if (e->ev.nfields) {
		json_t *details = json_object();
		for (size_t i = 0; i < e->ev.nfields && i < ARB_MAX_FIELDS; i++) {
			const arb_field *f = &e->ev.fields[i];
			json_object_set_new(details, f->key, f->str ? json_string(f->str)
								    : json_integer(f->num));
		}
		json_object_set_new(o, "details", details);
	}
	return o;
}

json_t *arb_verdict_json(const arb_replay *r)
{
	return verdict_doc(r, false, NULL, 0);
}

static json_t *verdict_doc(const arb_replay *r, bool score,
			   const arb_scored *ev, size_t nev)
{
	const arb_record *rec = r->rec;
	json_t *doc = json_object();
	json_object_set_new(doc, "file", json_string(rec->file));
	json_object_set_new(doc, "line", json_integer(rec->line));
	json_object_set_new(doc, "game", json_string(r->game->name));
	json_t *tags = json_object();
	for (size_t i = 0; i < rec->ntags; i++)
		json_object_set_new(tags, rec->tags[i].name, json_string(rec->tags[i].value));
	json_object_set_new(doc, "tags", tags);
	json_object_set_new(doc, "verdict", json_string(verdict_name(r->verdict)));
	json_object_set_new(doc, "moves", json_integer((json_int_t)r->moves));
	json_t *seats = json_array();
	json_t *winners = json_array();
	for (size_t i = 0; i < r->setup.nseats; i++) {
		json_t *s = json_object();
		json_object_set_new(s, "colour", json_string(seat_colour(r, i)));
		json_object_set_new(s, "player", json_string(r->setup.seats[i].player));
		json_object_set_new(s, "score", json_integer(r->st.score[i]));
		if (r->st.over)
			json_object_set_new(s, "winner", json_boolean(r->st.winner[i]));
		if (r->st.nbd) {
			json_t *bd = json_object();
			for (size_t k = 0; k < r->st.nbd; k++)
				json_object_set_new(bd, r->st.bd_key[k], json_integer(r->st.bd[i][k]));
			json_object_set_new(s, "breakdown", bd);
		}
		json_array_append_new(seats, s);
		if (r->st.over && r->st.winner[i] && r->verdict == ARB_LEGAL)
			json_array_append_new(winners, json_string(seat_colour(r, i)));
	}
	json_object_set_new(doc, "seats", seats);
	if (r->verdict == ARB_LEGAL)
		json_object_set_new(doc, "winners", winners);
	else
		json_decref(winners);
	if (r->verdict == ARB_ILLEGAL) {
		json_t *e = json_object();
		if (r->bad_move) {
			arb_buf t = { 0 };
			arb_turn_text(rec, &rec->turns[r->bad_move - 1], &t);
			json_object_set_new(e, "move", json_integer((json_int_t)r->bad_move));
			json_object_set_new(e, "turn", json_string(t.p ? t.p : ""));
			arb_buf_free(&t);
		}
		json_object_set_new(e, "line", json_integer(r->rej.line));
		json_object_set_new(e, "col", json_integer(r->rej.col));
		json_object_set_new(e, "rule", json_string(r->rej.rule));
		json_object_set_new(e, "message", json_string(r->rej.msg));
		json_object_set_new(doc, "illegal", e);
	}
	if (score) {
		json_t *a = json_array();
		for (size_t i = 0; i < nev; i++)
			json_array_append_new(a, event_doc(r, &ev[i]));
		json_object_set_new(doc, "events", a);
	}
	return doc;
}

/* "Red 61, Blue 48" */
static void text_scores(arb_buf *b, const arb_replay *r)
{
	for (size_t i = 0; i < r->setup.nseats; i++)
		arb_buf_printf(b, "%s%s %d", i ? ", " : "", seat_colour(r, i),
			       r->st.score[i]);
}

static void text_winners(arb_buf *b, const arb_replay *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		n += r->st.winner[i];
	arb_buf_puts(b, n > 1 ? "; winners: " : "; winner: ");
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (r->st.winner[i])
			arb_buf_printf(b, "%s%s", k++ ? ", " : "", seat_colour(r, i));
	if (n > 1)
		arb_buf_puts(b, " (tie)");
	if (n == 0)
		arb_buf_puts(b, "none");
}

static void text_illegal(arb_buf *b, const arb_replay *r)
{
	const arb_record *rec = r->rec;
	arb_buf_printf(b, "%s:%u:%u: illegal: ", rec->file, (unsigned)r->rej.line,
		       (unsigned)r->rej.col);
	if (r->bad_move && rec->turns[r->bad_move - 1].ntok == 0) {
		arb_buf_printf(b, "move %zu: ", r->bad_move);
	} else if (r->bad_move) {
		arb_buf_printf(b, "move %zu (", r->bad_move);
		arb_turn_text(rec, &rec->turns[r->bad_move - 1], b);
		arb_buf_puts(b, "): ");
	} else {
		arb_buf_puts(b, "Result tag: ");
	}
	arb_buf_printf(b, "%s [%s]\n", r->rej.msg, r->rej.rule);
}

static void text_event(arb_buf *b, const arb_replay *r, const arb_scored *e)
{
	if (e->move)
		arb_buf_printf(b, "  move %zu: ", e->move);
	else
		arb_buf_puts(b, "  end: ");
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (e->ev.delta[i])
			arb_buf_printf(b, "%s%s %+d", k++ ? ", " : "", seat_colour(r, i),
				       e->ev.delta[i]);
	if (!k)
		arb_buf_puts(b, "nobody scores");
	arb_buf_printf(b, ": %s\n", e->ev.text);
}

static void text_verdict(arb_out *out, const arb_replay *r,
			 const arb_scored *ev, size_t nev)
{
	const arb_record *rec = r->rec;
	arb_buf *b = &out->line;
	arb_buf_reset(b);
	if (out->score) {
		arb_buf_printf(b, "%s:%u: %s:", rec->file, (unsigned)rec->line, r->game->name);
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
			text_scores(b, r);
			if (r->verdict == ARB_LEGAL)
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
		arb_buf_printf(b, "%s:%u: %s: %s, %zu moves; ", rec->file,
			       (unsigned)rec->line, verdict_name(r->verdict),
			       r->game->name, r->moves);
		text_scores(b, r);
		if (r->verdict == ARB_LEGAL)
			text_winners(b, r);
		arb_buf_putc(b, '\n');
	}
}

static void tsv_verdict(arb_out *out, const arb_replay *r,
			const arb_scored *ev, size_t nev)
{
	arb_buf *b = &out->line;
	const arb_record *rec = r->rec;
	if (out->score) { /* one row per event */
		if (!out->tsv_header) {
			static const char h[] = "file\tline\tgame\tmove\tkind\tpoints\ttext\n";
			arb_out_text(out, h, sizeof h - 1);
			out->tsv_header = true;
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
				if (ev[i].ev.delta[s])
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
	for (size_t i = 0; r->verdict == ARB_LEGAL && i < r->setup.nseats; i++)
		if (r->st.winner[i])
			arb_buf_printf(b, "%s%s", k++ ? " " : "", seat_colour(r, i));
	if (r->verdict == ARB_ILLEGAL) {
		arb_buf_printf(b, "\t%u\t%u\t%s\t", (unsigned)r->rej.line,
			       (unsigned)r->rej.col, r->rej.rule);
		tsv_field(b, r->rej.msg);
	} else {
		arb_buf_puts(b, "\t\t\t\t");
	}
	tsv_row_end(out, b);
}

void arb_out_verdict(arb_out *out, const arb_replay *r,
		     const arb_scored *events, size_t nevents)
{
	if (r->verdict == ARB_ERROR) {
		arb_out_diag(out, &r->diag);
		return;
	}
	if (r->verdict == ARB_ILLEGAL)
		arb_out_status(out, ARB_EXIT_ILLEGAL);
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
	case FMT_HTML:  /* the picture and the page show the verdict */
		break;
	}
}
