/*
 * standings_results.c — reading check's results back: JSON lines, YAML
 * documents (walked event by event into jansson values, with limits on
 * depth, size and aliases) and TSV rows (made into the document check
 * would have written).  Each document read is handed to st_add_doc
 * (standings_merge.c), which checks it before it counts.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "standings.h"
#include "../core/util.h"

/* YAML results are read event by event into jansson values: each event
 * is seen once, so the walk is linear in the input.  check's documents are
 * plain trees four levels deep, so anchors and aliases (which let a few
 * bytes stand for a tree of any size) are refused, as the --data loader
 * refuses them, nesting is limited, and so is the size of one document. */
#define RESULT_MAX_DEPTH 16

typedef struct yaml_in {
	FILE *f;
	size_t read;	  /* bytes handed to the parser so far      */
	size_t doc_start; /* where the current document started     */
	bool too_long;	  /* the document passed ARB_MAX_RESULT_BYTES */
	bool table;	  /* the document is a partial table        */
} yaml_in;

/* libyaml's read handler: the file, refused past the document limit so
 * libyaml never buffers more than about one document. */
static int yaml_read(void *data, unsigned char *buf, size_t size, size_t *got)
{
	yaml_in *in = data;
	size_t limit = in->table ? ARB_MAX_TABLE_BYTES : ARB_MAX_RESULT_BYTES;
	if (in->read - in->doc_start > limit + 65536) {
		in->too_long = true;
		return 0;
	}
	*got = fread(buf, 1, size, in->f);
	in->read += *got;
	return !ferror(in->f);
}

typedef struct yaml_walk {
	yaml_parser_t *p;
	yaml_in *in;
	size_t line, col; /* where the walk failed                  */
	size_t cost;	  /* the document's so far (ARB_MAX_DOC_COST) */
	char why[160];
} yaml_walk;

static int walk_fail(yaml_walk *w, const yaml_mark_t *m, const char *why)
{
	w->line = m->line + 1;
	w->col = m->column + 1;
	snprintf(w->why, sizeof w->why, "%s", why);
	return -1;
}

static int walk_next(yaml_walk *w, yaml_event_t *ev)
{
	if (yaml_parser_parse(w->p, ev))
		return 0;
	if (w->in->too_long)
		snprintf(w->why, sizeof w->why,
			 "a result document longer than %u KiB: not the output of check",
			 ARB_MAX_RESULT_BYTES >> 10);
	else
		snprintf(w->why, sizeof w->why, "%s",
			 w->p->problem ? w->p->problem : "malformed YAML");
	w->line = w->p->problem_mark.line + 1;
	w->col = w->p->problem_mark.column + 1;
	return -1;
}

/* A scalar of check's output: plain scalars that read as integers or
 * booleans become those, everything else strings. */
static json_t *scalar_json(const yaml_event_t *ev)
{
	const char *v = (const char *)ev->data.scalar.value;
	if (ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
		char *end;
		errno = 0;
		long long x = strtoll(v, &end, 10);
		if (*v && !*end && !errno)
			return json_integer(x);
		if (!strcmp(v, "true"))
			return json_true();
		if (!strcmp(v, "false"))
			return json_false();
	}
	return arb_json_strn(v, ev->data.scalar.length);
}

/* The value whose first event is `ev` (deleted by the caller), into *out.
 * Returns 0, or -1 with w's position and reason. */
static int walk_value(yaml_walk *w, yaml_event_t *ev, int depth, json_t **out)
{
	*out = NULL;
	if (ev->type == YAML_ALIAS_EVENT ||
	    (ev->type == YAML_SCALAR_EVENT && ev->data.scalar.anchor) ||
	    (ev->type == YAML_SEQUENCE_START_EVENT && ev->data.sequence_start.anchor) ||
	    (ev->type == YAML_MAPPING_START_EVENT && ev->data.mapping_start.anchor))
		return walk_fail(w, &ev->start_mark,
				 "anchors and aliases are not allowed in results");
	w->cost += ev->type == YAML_MAPPING_START_EVENT ? 4 : 1;
	if (w->cost > ARB_MAX_DOC_COST)
		return walk_fail(w, &ev->start_mark,
				 "a document of more than 1000000 values (a mapping counts 4): "
				 "neither a result nor a partial table standings writes");
	if (ev->type == YAML_SCALAR_EVENT) {
		*out = scalar_json(ev);
		return 0;
	}
	if (ev->type != YAML_SEQUENCE_START_EVENT && ev->type != YAML_MAPPING_START_EVENT)
		return walk_fail(w, &ev->start_mark, "unexpected YAML event");
	if (depth >= RESULT_MAX_DEPTH)
		return walk_fail(w, &ev->start_mark, "nested too deep: not the output of check");
	bool seq = ev->type == YAML_SEQUENCE_START_EVENT;
	yaml_event_type_t end = seq ? YAML_SEQUENCE_END_EVENT : YAML_MAPPING_END_EVENT;
	json_t *node = seq ? json_array() : json_object();
	for (;;) {
		yaml_event_t child;
		if (walk_next(w, &child))
			goto fail;
		if (child.type == end) {
			yaml_event_delete(&child);
			break;
		}
		if (seq) {
			json_t *v;
			int rc = walk_value(w, &child, depth + 1, &v);
			yaml_event_delete(&child);
			if (rc)
				goto fail;
			arb_json_push(node, v);
			continue;
		}
		if (child.type != YAML_SCALAR_EVENT) {
			walk_fail(w, &child.start_mark, "a key that is not a scalar");
			yaml_event_delete(&child);
			goto fail;
		}
		if (child.data.scalar.anchor) {
			walk_fail(w, &child.start_mark,
				  "anchors and aliases are not allowed in results");
			yaml_event_delete(&child);
			goto fail;
		}
		char *key = arb_xstrdup((const char *)child.data.scalar.value);
		yaml_event_delete(&child);
		if (depth == 0 && !strcmp(key, "group"))
			w->in->table = true; /* a partial table: the larger limit */
		yaml_event_t val;
		json_t *v;
		if (walk_next(w, &val)) {
			free(key);
			goto fail;
		}
		int rc = walk_value(w, &val, depth + 1, &v);
		yaml_event_delete(&val);
		if (!rc)
			arb_json_set(node, key, v);
		free(key);
		if (rc)
			goto fail;
	}
	*out = node;
	return 0;
fail:
	json_decref(node);
	return -1;
}

int st_from_yaml(st_ctx *c, FILE *f, const char *name, size_t lines_before)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p))
		return st_input_error(c, name, 0, 0, "cannot initialise the YAML parser");
	yaml_in in = { .f = f };
	yaml_parser_set_input(&p, yaml_read, &in);
	yaml_walk w = { .p = &p, .in = &in };
	int rc = 0;
	for (bool done = false; !done && !rc;) {
		yaml_event_t ev;
		if (walk_next(&w, &ev)) {
			rc = -1;
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_DOCUMENT_START_EVENT:
			in.doc_start = ev.start_mark.index;
			in.table = false;
			w.cost = 0;
			break;
		case YAML_SCALAR_EVENT:
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
		case YAML_ALIAS_EVENT: {
			size_t line = lines_before + ev.start_mark.line + 1;
			json_t *j;
			if (walk_value(&w, &ev, 0, &j)) {
				rc = -1;
				break;
			}
			rc = st_add_doc(c, j, name, line);
			json_decref(j);
			break;
		}
		default: /* stream start, document end */
			break;
		}
		yaml_event_delete(&ev);
	}
	if (rc && w.line)
		st_input_error(c, name, lines_before + w.line, w.col, "%s", w.why);
	yaml_parser_delete(&p);
	return rc;
}

/* The next line of f into b, without its newline.  Returns 1, 0 at the
 * end, or -1 for a line longer than ARB_MAX_RESULT_BYTES (a partial
 * table's, ARB_MAX_TABLE_BYTES) or a read error, with nothing more read. */
static int read_line(FILE *f, arb_buf *b)
{
	arb_buf_reset(b);
	int ch;
	while ((ch = getc_unlocked(f)) != EOF && ch != '\n') {
		if (b->len == ARB_MAX_RESULT_BYTES && strncmp(b->p, "{\"group\":", 9))
			return -1;
		if (b->len == ARB_MAX_TABLE_BYTES)
			return -1;
		arb_buf_putc(b, (char)ch);
	}
	if (ferror(f))
		return -1;
	return ch == EOF && b->len == 0 ? 0 : 1;
}

/* A line read_line() refused: too long, or the stream failed. */
static int line_error(st_ctx *c, FILE *f, const char *name, size_t no)
{
	if (ferror(f))
		return st_input_error(c, name, no, 0, "read error: %s", strerror(errno));
	return st_input_error(c, name, no, 1, "a line longer than %u KiB: not the output of check",
			      ARB_MAX_RESULT_BYTES >> 10);
}

int st_from_json(st_ctx *c, FILE *f, const char *name, size_t lines_before)
{
	arb_buf line = { 0 };
	size_t no = lines_before;
	int rc = 0, got;
	while ((got = read_line(f, &line)) != 0) {
		no++;
		if (got < 0) {
			rc = line_error(c, f, name, no);
			break;
		}
		if (arb_json_cost(line.p, line.len, 4, ARB_MAX_DOC_COST) > ARB_MAX_DOC_COST) {
			rc = st_input_error(
				c, name, no, 1,
				"a document of more than %u values (an object counts 4): "
				"neither a result nor a partial table standings writes",
				ARB_MAX_DOC_COST);
			break;
		}
		json_error_t err;
		json_t *j = json_loadb(line.p ? line.p : "", line.len, 0, &err);
		if (!j || !json_is_object(j)) {
			rc = st_input_error(c, name, no,
					    err.column > 0 && !j ? (size_t)err.column : 1, "%s",
					    j ? "expected one JSON object per line" : err.text);
			json_decref(j);
			break;
		}
		c->raw = line.p;
		c->rawlen = line.len;
		rc = st_add_doc(c, j, name, no);
		c->raw = NULL;
		json_decref(j);
		if (rc)
			break;
	}
	arb_buf_free(&line);
	return rc;
}

/* Split s at c into at most max fields (in place). */
static size_t split(char *s, char sep, char **out, size_t max)
{
	size_t n = 0;
	out[n++] = s;
	for (char *p = s; *p && n < max; p++)
		if (*p == sep) {
			*p = '\0';
			out[n++] = p + 1;
		}
	return n;
}

/* A number of a TSV row: the integer it spells (decimal digits, an
 * optional sign, nothing else, within range), or else the text, which
 * valid_result() then refuses naming the column and value. */
static json_t *tsv_number(const char *s)
{
	char *end;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (*s && !*end && !errno && !isspace((unsigned char)*s))
		return json_integer(v);
	return arb_json_str(s);
}

/* A row of check's TSV (its ncols fields in col) as the document check
 * --format=json writes for the game, or NULL with why[size] (a seat
 * without its "colour=" part, more seats than a game has, players and
 * scores that do not pair up). */
static json_t *tsv_row_doc(char **col, size_t ncols, const char *hexrow, char *why, size_t size)
{
	char *players[ARB_MAX_SEATS + 1], *scores[ARB_MAX_SEATS + 1];
	size_t np = *col[6] ? split(col[6], '|', players, ARB_MAX_SEATS + 1) : 0;
	size_t ns = *col[9] ? split(col[9], ' ', scores, ARB_MAX_SEATS + 1) : 0;
	if (np > ARB_MAX_SEATS || np != ns) {
		snprintf(why, size,
			 "players has %s%zu seats and scores %zu: not a row of check's TSV",
			 np > ARB_MAX_SEATS ? "more than " : "",
			 np > ARB_MAX_SEATS ? (size_t)ARB_MAX_SEATS : np, ns);
		return NULL;
	}
	json_t *doc = json_object();
	arb_json_set(doc, "file", arb_json_str(col[0]));
	arb_json_set(doc, "line", tsv_number(col[1]));
	arb_json_set(doc, "game", arb_json_str(col[2]));
	json_t *tags = json_object();
	static const char *const names[] = { "Event", "Round", "Table" };
	for (int k = 0; k < 3; k++)
		if (*col[3 + k])
			arb_json_set(tags, names[k], arb_json_str(col[3 + k]));
	arb_json_set(doc, "tags", tags);
	arb_json_set(doc, "verdict", arb_json_str(col[7]));
	if (*col[8]) /* an error row has no moves */
		arb_json_set(doc, "moves", tsv_number(col[8]));
	/* an unfinished game's message column holds its Termination */
	if (!strcmp(col[7], "unfinished") && *col[14])
		arb_json_set(doc, "termination", arb_json_str(col[14]));
	else
		arb_json_set(doc, "message", arb_json_str(col[14]));
	arb_json_set(doc, "digest", arb_json_str(ncols == 16 && *col[15] ? col[15] : hexrow));
	json_t *seats = json_array();
	for (size_t i = 0; i < np && i < ns; i++) {
		char *pe = strchr(players[i], '='), *se = strchr(scores[i], '=');
		if (!pe || !se) {
			snprintf(
				why, size,
				"seat %zu is \"%.40s\" with score \"%.20s\": check writes colour=name and colour=score",
				i + 1, players[i], scores[i]);
			json_decref(seats);
			json_decref(doc);
			return NULL;
		}
		*pe = '\0';
		json_t *s = json_object();
		arb_json_set(s, "colour", arb_json_str(players[i]));
		arb_json_set(s, "player", arb_json_str(pe + 1));
		arb_json_set(s, "score", tsv_number(se + 1));
		bool w = false;
		char *wcopy = arb_xstrdup(col[10]), *save = NULL;
		for (char *t = strtok_r(wcopy, " ", &save); t; t = strtok_r(NULL, " ", &save))
			if (!strcmp(t, players[i]))
				w = true;
		free(wcopy);
		arb_json_set(s, "winner", json_boolean(w));
		arb_json_push(seats, s);
	}
	arb_json_set(doc, "seats", seats);
	return doc;
}

int st_from_tsv(st_ctx *c, FILE *f, const char *name, size_t lines_before)
{
	arb_buf buf = { 0 };
	size_t no = lines_before;
	int rc = 0, got;
	/* check's header; results written before the digest column read too */
	static const char header[] = ARB_TSV_HEADER;
	size_t ncols = 16;
	while ((got = read_line(f, &buf)) != 0) {
		no++;
		if (got < 0) {
			rc = line_error(c, f, name, no);
			break;
		}
		char *line = buf.p ? buf.p : (char *)"";
		if (no == lines_before + 1) {
			if (!strncmp(line, header, sizeof header - 8) &&
			    line[sizeof header - 8] == '\0')
				ncols = 15;
			else if (strcmp(line, header) != 0) {
				rc = st_input_error(c, name, no, 1,
						    "not the TSV of `arbiter check --format=tsv`");
				break;
			}
			continue;
		}
		if (!strncmp(line, "file\t", 5))
			continue; /* a second header from concatenated files */
		/* the row as read: a result without a fingerprint is known by it */
		arb_digest row;
		arb_bytes_digest(line, strlen(line), &row);
		char hexrow[ARB_DIGEST_HEX];
		arb_digest_hex(&row, hexrow);
		char *col[16];
		if (split(line, '\t', col, ncols) != ncols) {
			rc = st_input_error(c, name, no, 1, "a row needs %zu tab-separated fields",
					    ncols);
			break;
		}
		char why[160];
		json_t *doc = tsv_row_doc(col, ncols, hexrow, why, sizeof why);
		if (!doc) {
			rc = st_input_error(c, name, no, 1, "%s", why);
			break;
		}
		rc = st_add_doc(c, doc, name, no);
		json_decref(doc);
		if (rc)
			break;
	}
	arb_buf_free(&buf);
	return rc;
}

/* Whether f starts with the header of standings' own TSV ("group\t"),
 * which cannot be merged.  The bytes read are appended to the line start
 * `taken` hands to the record reader (blanks has room for a line), so a
 * record stream loses nothing. */
bool st_standings_tsv(FILE *f, char *blanks, arb_taken *taken)
{
	static const char head[] = "group\t";
	size_t n = 0;
	int ch;
	while (n < sizeof head - 1 && taken->len < ARB_MAX_LINE + 1 && (ch = getc(f)) != EOF) {
		blanks[taken->len++] = (char)ch;
		if (ch != head[n++])
			return false;
	}
	return n == sizeof head - 1 && !memcmp(blanks + taken->len - n, head, n);
}
