/*
 * cmd_standings.c — `standings`: a tournament table from many games.
 *
 * Input is records (each replayed here) or the per-game results that
 * `check --format=json|yaml|tsv` wrote, so a large tournament can be
 * checked in parallel and reduced once.  Every input becomes the same
 * per-game document (the one `check --format=json` prints), and the
 * tables are built from those alone: both routes give the same standings.
 * A results stream is known by its first byte: '{' JSON lines, '-' YAML,
 * 'f' TSV (its header); anything else is TGN.
 *
 * One table per Event tag (or per round or table of an event, --group).
 * Only legal games count; illegal, unfinished
 * and broken games are listed as left out (--include-illegal counts
 * illegal games with the scores reached before the illegal move).
 * Memory: one game or one result (at most ARB_MAX_RESULT_BYTES) at a
 * time, plus the tables, which grow with players and groups and with the
 * games left out (each keeps its file, line, verdict and reason, so the
 * table can list it); counted games cost nothing once added.  Players and
 * groups are found by hash, so the work is linear in the input.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <yaml.h>

#include "cli.h"
#include "../core/data.h"
#include "../core/util.h"

/* One result (a JSON line, a YAML document, a TSV row) is the verdict of
 * one game: a few KiB.  Longer ones are refused, so a malformed stream
 * cannot make standings hold it all. */
#define ARB_MAX_RESULT_BYTES (1u << 20)

enum points_kind { PTS_PLACEMENT, PTS_WINS, PTS_SHARE, PTS_LIST };
enum tiebreak { TB_POINTS, TB_WINS, TB_SCORE, TB_SHARE };
static const char *const tb_names[] = { "points", "wins", "score", "share" };

typedef struct scheme {
	char name[64];
	enum points_kind kind;
	double list[ARB_MAX_SEATS]; /* PTS_LIST: points by place      */
	size_t nlist;
	bool ties_best;	     /* tied places all get the best   */
	enum tiebreak tb[4]; /* after points, in order         */
	size_t ntb;
} scheme;

typedef struct player {
	size_t event; /* index into events              */
	char *name;
	long games, wins;
	long places[ARB_MAX_SEATS]; /* finishes per place             */
	double points, share;
	long score;
} player;

typedef struct event {
	char *name;
	long games;
	json_t *left_out; /* array of {file, line, verdict, why} */
} event;

/* A hash index over a table that grows (players, events): slots hold the
 * entry's hash and its index + 1 (0: empty), so the table's entries may
 * move and the index need not.  Open addressing, at most half full. */
typedef struct index_slot {
	uint64_t hash;
	size_t idx1;
} index_slot;
typedef struct index_map {
	index_slot *slot;
	size_t cap; /* a power of two, or 0 */
	size_t n;
} index_map;

typedef struct st_ctx {
	const arb_opts *o;
	arb_out *out;
	scheme sc;
	player *pl;
	size_t npl, cap_pl;
	event *ev;
	size_t nev, cap_ev;
	index_map pl_index, ev_index;
	bool failed;
} st_ctx;

/* ------------------------------------------------------------ schemes */

static void preset(scheme *s, const char *name)
{
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	if (!strcmp(name, "wins")) {
		s->kind = PTS_WINS;
		s->tb[0] = TB_SCORE;
		s->tb[1] = TB_SHARE;
		s->ntb = 2;
	} else if (!strcmp(name, "share")) {
		s->kind = PTS_SHARE;
		s->tb[0] = TB_WINS;
		s->tb[1] = TB_SCORE;
		s->ntb = 2;
	} else {
		s->kind = PTS_PLACEMENT;
		s->tb[0] = TB_WINS;
		s->tb[1] = TB_SCORE;
		s->ntb = 2;
	}
}

static bool is_preset(const char *name)
{
	return !strcmp(name, "placement") || !strcmp(name, "wins") || !strcmp(name, "share");
}

/* A scheme file: YAML, checked key by key with line and column. */
static int load_scheme(scheme *s, const char *path, arb_diag *d)
{
	d->file = path;
	d->line = d->col = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(d->msg, sizeof d->msg,
			 "cannot open scheme file: %s (the presets are placement, wins and share)",
			 strerror(errno));
		return -1;
	}
	unsigned char *bytes = arb_xmalloc(1 << 20);
	size_t len = fread(bytes, 1, 1 << 20, f);
	fclose(f);
	arb_data_error err;
	arb_node *root = arb_data_parse(bytes, len, &err);
	free(bytes);
	int rc = -1;
	memset(s, 0, sizeof *s);
	if (!root)
		goto fail;
	if (root->kind != ARB_MAP) {
		arb_data_fail(&err, root,
			      "a scheme is a mapping (keys scheme, points, ties, tiebreakers)");
		goto fail;
	}
	for (size_t i = 0; i < root->n; i++) {
		const char *k = root->keys[i].str;
		if (strcmp(k, "scheme") && strcmp(k, "points") && strcmp(k, "ties") &&
		    strcmp(k, "tiebreakers")) {
			arb_data_fail(
				&err, &root->keys[i],
				"unknown key \"%s\": a scheme has scheme, points, ties and tiebreakers",
				k);
			goto fail;
		}
	}
	const arb_node *n = arb_node_get(root, "scheme");
	snprintf(s->name, sizeof s->name, "%s", path);
	if (n) {
		const char *v = arb_node_str(n, &err);
		if (!v)
			goto fail;
		snprintf(s->name, sizeof s->name, "%s", v);
	}
	n = arb_node_get(root, "points");
	if (!n) {
		arb_data_fail(
			&err, root,
			"missing key \"points\" (placement, wins, share, or a list by place)");
		goto fail;
	}
	if (n->kind == ARB_SEQ) {
		s->kind = PTS_LIST;
		if (n->n == 0 || n->n > ARB_MAX_SEATS) {
			arb_data_fail(&err, n, "points by place: 1 to %d numbers", ARB_MAX_SEATS);
			goto fail;
		}
		for (size_t i = 0; i < n->n; i++) {
			long v;
			if (arb_node_int(&n->items[i], -1000, 1000, &v, &err))
				goto fail;
			s->list[i] = (double)v;
		}
		s->nlist = n->n;
	} else if (n->kind == ARB_SCALAR && is_preset(n->str)) {
		scheme tmp;
		preset(&tmp, n->str);
		s->kind = tmp.kind;
		memcpy(s->tb, tmp.tb, sizeof s->tb);
		s->ntb = tmp.ntb;
	} else {
		arb_data_fail(&err, n,
			      "points: write placement, wins, share, or a list of points by place");
		goto fail;
	}
	n = arb_node_get(root, "ties");
	if (n) {
		if (n->kind == ARB_SCALAR && !strcmp(n->str, "best"))
			s->ties_best = true;
		else if (!(n->kind == ARB_SCALAR && !strcmp(n->str, "share"))) {
			arb_data_fail(&err, n,
				      "ties: write share (tied places split their points) or best");
			goto fail;
		}
	}
	n = arb_node_get(root, "tiebreakers");
	if (n) {
		if (n->kind != ARB_SEQ || n->n > 4) {
			arb_data_fail(
				&err, n,
				"tiebreakers: a list of up to 4 of points, wins, score, share");
			goto fail;
		}
		s->ntb = 0;
		for (size_t i = 0; i < n->n; i++) {
			const arb_node *t = &n->items[i];
			size_t k = 0;
			while (k < 4 && !(t->kind == ARB_SCALAR && !strcmp(t->str, tb_names[k])))
				k++;
			if (k == 4) {
				arb_data_fail(
					&err, t,
					"unknown tie-breaker: write points, wins, score or share");
				goto fail;
			}
			s->tb[s->ntb++] = (enum tiebreak)k;
		}
	}
	rc = 0;
fail:
	if (rc) {
		d->line = err.line;
		d->col = err.col;
		snprintf(d->msg, sizeof d->msg, "%s", err.msg);
	}
	arb_data_free(root);
	return rc;
}

/* ------------------------------------------------------ aggregation */

/* FNV-1a over s, continuing from h. */
static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

/* The slot of `hash` whose entry eq() accepts, or the empty slot where it
 * goes.  Grows the map first, so an insert into the slot returned is safe. */
static index_slot *map_slot(index_map *m, uint64_t hash,
			    bool (*eq)(const st_ctx *, size_t, const void *), const st_ctx *c,
			    const void *key)
{
	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 64;
		index_slot *slot = arb_xcalloc(cap, sizeof *slot);
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->slot[i].idx1)
				continue;
			size_t k = m->slot[i].hash & (cap - 1);
			while (slot[k].idx1)
				k = (k + 1) & (cap - 1);
			slot[k] = m->slot[i];
		}
		free(m->slot);
		m->slot = slot;
		m->cap = cap;
	}
	size_t k = hash & (m->cap - 1);
	while (m->slot[k].idx1 && !(m->slot[k].hash == hash && eq(c, m->slot[k].idx1 - 1, key)))
		k = (k + 1) & (m->cap - 1);
	return &m->slot[k];
}

static bool event_eq(const st_ctx *c, size_t i, const void *name)
{
	return !strcmp(c->ev[i].name, name);
}

typedef struct player_key {
	size_t event;
	const char *name;
} player_key;

static bool player_eq(const st_ctx *c, size_t i, const void *key)
{
	const player_key *k = key;
	return c->pl[i].event == k->event && !strcmp(c->pl[i].name, k->name);
}

/* The index of the group `name`, added if new. */
static size_t event_index(st_ctx *c, const char *name)
{
	uint64_t h = hash_str(0xcbf29ce484222325ull, name);
	index_slot *slot = map_slot(&c->ev_index, h, event_eq, c, name);
	if (slot->idx1)
		return slot->idx1 - 1;
	if (c->nev == c->cap_ev) {
		c->cap_ev = c->cap_ev ? 2 * c->cap_ev : 4;
		c->ev = arb_xrealloc(c->ev, c->cap_ev * sizeof *c->ev);
	}
	c->ev[c->nev].name = arb_xstrdup(name);
	c->ev[c->nev].games = 0;
	c->ev[c->nev].left_out = json_array();
	slot->hash = h;
	slot->idx1 = c->nev + 1;
	c->ev_index.n++;
	return c->nev++;
}

/* The index of the player `name` in group `ev`, added if new.  An index,
 * not a pointer: adding a player may move the whole table. */
static size_t player_get(st_ctx *c, size_t ev, const char *name)
{
	player_key key = { ev, name };
	uint64_t h = hash_str(0xcbf29ce484222325ull ^ ((uint64_t)ev * 0x9E3779B97F4A7C15ull), name);
	index_slot *slot = map_slot(&c->pl_index, h, player_eq, c, &key);
	if (slot->idx1)
		return slot->idx1 - 1;
	if (c->npl == c->cap_pl) {
		c->cap_pl = c->cap_pl ? 2 * c->cap_pl : 16;
		c->pl = arb_xrealloc(c->pl, c->cap_pl * sizeof *c->pl);
	}
	player *p = &c->pl[c->npl];
	memset(p, 0, sizeof *p);
	p->event = ev;
	p->name = arb_xstrdup(name);
	slot->hash = h;
	slot->idx1 = c->npl + 1;
	c->pl_index.n++;
	return c->npl++;
}

static const char *str_of(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

/* Report a malformed results stream at src:line:col.  Returns -1. */
static int input_error(st_ctx *c, const char *src, size_t line, size_t col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int input_error(st_ctx *c, const char *src, size_t line, size_t col, const char *fmt, ...)
{
	arb_diag d = { .file = src, .line = (uint32_t)line, .col = (uint32_t)col };
	va_list ap;
	va_start(ap, fmt);
	arb_vformat_msg(d.msg, sizeof d.msg, fmt, ap);
	va_end(ap);
	arb_out_diag(c->out, &d);
	return -1;
}

/* One game's document (as check --format=json writes it, read from `src`
 * at `line`) into the tables.  Returns -1 (with a diagnostic) when the
 * document is not a game result. */
static int add_game(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	json_t *tags = json_object_get(doc, "tags");
	/* the group: the Event, then Round and Table as --group asks */
	char group[512];
	const char *event_name = tags ? str_of(tags, "Event") : "";
	int glen = snprintf(group, sizeof group, "%s", *event_name ? event_name : "(no Event tag)");
	if (c->o->group >= 1 && glen > 0 && (size_t)glen < sizeof group)
		glen += snprintf(group + glen, sizeof group - (size_t)glen, ", round %s",
				 tags && *str_of(tags, "Round") ? str_of(tags, "Round") : "?");
	if (c->o->group >= 2 && glen > 0 && (size_t)glen < sizeof group)
		snprintf(group + glen, sizeof group - (size_t)glen, ", table %s",
			 tags && *str_of(tags, "Table") ? str_of(tags, "Table") : "?");
	size_t ev = event_index(c, group);
	const char *verdict = str_of(doc, "verdict");
	json_t *seats = json_object_get(doc, "seats");
	/* the same exit status by both routes: 1 for an illegal game, 2 for
	 * a record that could not be replayed */
	if (!strcmp(verdict, "illegal"))
		arb_out_status(c->out, ARB_EXIT_ILLEGAL);
	else if (strcmp(verdict, "legal") && strcmp(verdict, "unfinished"))
		arb_out_status(c->out, ARB_EXIT_ERROR);
	bool counts =
		!strcmp(verdict, "legal") || (c->o->include_illegal && !strcmp(verdict, "illegal"));
	if (!counts || !json_is_array(seats) || json_array_size(seats) == 0) {
		json_t *lo = json_object();
		arb_json_set(lo, "file", arb_json_str(str_of(doc, "file")));
		json_t *line = json_object_get(doc, "line");
		arb_json_set(lo, "line", line ? json_incref(line) : json_integer(0));
		arb_json_set(lo, "verdict", arb_json_str(*verdict ? verdict : "error"));
		json_t *ill = json_object_get(doc, "illegal");
		const char *why = ill ? str_of(ill, "message") : str_of(doc, "message");
		if (!*why && !strcmp(verdict, "unfinished"))
			why = "the game is not over";
		arb_json_set(lo, "why", arb_json_str(why));
		arb_json_push(c->ev[ev].left_out, lo);
		return 0;
	}
	size_t n = json_array_size(seats);
	if (n > ARB_MAX_SEATS)
		return input_error(c, src, line, 1, "a game with %zu seats: games have at most %d",
				   n, ARB_MAX_SEATS);
	long score[ARB_MAX_SEATS];
	bool win[ARB_MAX_SEATS];
	size_t who[ARB_MAX_SEATS]; /* indices: pointers would dangle */
	long best = 0;
	for (size_t i = 0; i < n; i++) {
		json_t *s = json_array_get(seats, i);
		const char *name = str_of(s, "player");
		score[i] = (long)json_integer_value(json_object_get(s, "score"));
		win[i] = json_is_true(json_object_get(s, "winner")) && !strcmp(verdict, "legal");
		if (i == 0 || score[i] > best)
			best = score[i];
		who[i] = player_get(c, ev, name);
	}
	c->ev[ev].games++;
	/* place: winners first, then by score; equal standing shares a place */
	for (size_t i = 0; i < n; i++) {
		size_t ahead = 0, tied = 0;
		for (size_t j = 0; j < n; j++) {
			if (j == i)
				continue;
			bool better =
				(win[j] && !win[i]) || (win[j] == win[i] && score[j] > score[i]);
			bool same = win[j] == win[i] && score[j] == score[i];
			ahead += better;
			tied += same;
		}
		size_t place = ahead + 1;
		player *p = &c->pl[who[i]];
		p->games++;
		p->wins += win[i];
		p->places[place - 1]++;
		p->score += score[i];
		double share = best > 0 ? (double)score[i] / (double)best : (win[i] ? 1.0 : 0.0);
		p->share += share;
		double pts = 0;
		switch (c->sc.kind) {
		case PTS_WINS:
			pts = win[i];
			break;
		case PTS_SHARE:
			pts = share;
			break;
		case PTS_PLACEMENT:
		case PTS_LIST: {
			size_t last = c->sc.ties_best ? place : place + tied;
			double sum = 0;
			for (size_t q = place; q <= last; q++)
				sum += c->sc.kind == PTS_PLACEMENT
					       ? (double)(n - q)
					       : (q <= c->sc.nlist ? c->sc.list[q - 1] : 0);
			pts = sum / (double)(last - place + 1);
			break;
		}
		}
		p->points += pts;
	}
	return 0;
}

/* ------------------------------------------------------ input routes */

static int from_record(void *ctx, const arb_record *rec)
{
	st_ctx *c = ctx;
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	arb_replay_game(&r);
	json_t *doc;
	if (r.verdict == ARB_ERROR) {
		arb_out_diag(c->out, &r.diag);
		/* the error document, placed at the game and with its tags so the
		 * game is listed as left out in its group */
		doc = arb_diag_json(&r.diag);
		arb_json_set(doc, "file", arb_json_str(rec->file));
		arb_json_set(doc, "line", json_integer(rec->line));
		json_t *tags = json_object();
		for (size_t i = 0; i < rec->ntags; i++)
			arb_json_set(tags, rec->tags[i].name, arb_json_str(rec->tags[i].value));
		arb_json_set(doc, "tags", tags);
	} else {
		doc = arb_verdict_json(&r);
	}
	arb_replay_free(&r);
	int rc = add_game(c, doc, rec->file, rec->line);
	json_decref(doc);
	return rc ? 1 : 0;
}

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
} yaml_in;

/* libyaml's read handler: the file, refused past the document limit so
 * libyaml never buffers more than about one document. */
static int yaml_read(void *data, unsigned char *buf, size_t size, size_t *got)
{
	yaml_in *in = data;
	if (in->read - in->doc_start > ARB_MAX_RESULT_BYTES + 65536) {
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

static int from_yaml(st_ctx *c, FILE *f, const char *name, size_t lines_before)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p))
		return input_error(c, name, 0, 0, "cannot initialise the YAML parser");
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
			rc = add_game(c, j, name, line);
			json_decref(j);
			break;
		}
		default: /* stream start, document end */
			break;
		}
		yaml_event_delete(&ev);
	}
	if (rc && w.line)
		input_error(c, name, lines_before + w.line, w.col, "%s", w.why);
	yaml_parser_delete(&p);
	return rc;
}

/* The next line of f into b, without its newline.  Returns 1, 0 at the
 * end, or -1 for a line longer than ARB_MAX_RESULT_BYTES (or a read
 * error) with nothing more read. */
static int read_line(FILE *f, arb_buf *b)
{
	arb_buf_reset(b);
	int ch;
	while ((ch = getc_unlocked(f)) != EOF && ch != '\n') {
		if (b->len == ARB_MAX_RESULT_BYTES)
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
		return input_error(c, name, no, 0, "read error: %s", strerror(errno));
	return input_error(c, name, no, 1, "a line longer than %u KiB: not the output of check",
			   ARB_MAX_RESULT_BYTES >> 10);
}

static int from_json(st_ctx *c, FILE *f, const char *name, size_t lines_before)
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
		json_error_t err;
		json_t *j = json_loadb(line.p ? line.p : "", line.len, 0, &err);
		if (!j || !json_is_object(j)) {
			rc = input_error(c, name, no, err.column > 0 && !j ? (size_t)err.column : 1,
					 "%s", j ? "expected one JSON object per line" : err.text);
			json_decref(j);
			break;
		}
		rc = add_game(c, j, name, no);
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

static int from_tsv(st_ctx *c, FILE *f, const char *name, size_t lines_before)
{
	arb_buf buf = { 0 };
	size_t no = lines_before;
	int rc = 0, got;
	static const char header[] =
		"file\tline\tgame\tevent\tround\ttable\tplayers\tverdict\tmoves\tscores\twinners\terror_line\terror_col\trule\tmessage";
	while ((got = read_line(f, &buf)) != 0) {
		no++;
		if (got < 0) {
			rc = line_error(c, f, name, no);
			break;
		}
		char *line = buf.p ? buf.p : (char *)"";
		if (no == lines_before + 1) {
			if (strcmp(line, header) != 0) {
				rc = input_error(c, name, no, 1,
						 "not the TSV of `arbiter check --format=tsv`");
				break;
			}
			continue;
		}
		if (!strncmp(line, "file\t", 5))
			continue; /* a second header from concatenated files */
		char *col[15];
		if (split(line, '\t', col, 15) != 15) {
			rc = input_error(c, name, no, 1, "a row needs 15 tab-separated fields");
			break;
		}
		json_t *doc = json_object();
		arb_json_set(doc, "file", arb_json_str(col[0]));
		arb_json_set(doc, "line", json_integer(atol(col[1])));
		arb_json_set(doc, "game", arb_json_str(col[2]));
		json_t *tags = json_object();
		static const char *const names[] = { "Event", "Round", "Table" };
		for (int k = 0; k < 3; k++)
			if (*col[3 + k])
				arb_json_set(tags, names[k], arb_json_str(col[3 + k]));
		arb_json_set(doc, "tags", tags);
		arb_json_set(doc, "verdict", arb_json_str(col[7]));
		arb_json_set(doc, "message", arb_json_str(col[14]));
		json_t *seats = json_array();
		char *players[ARB_MAX_SEATS], *scores[ARB_MAX_SEATS];
		size_t np = *col[6] ? split(col[6], '|', players, ARB_MAX_SEATS) : 0;
		size_t ns = *col[9] ? split(col[9], ' ', scores, ARB_MAX_SEATS) : 0;
		for (size_t i = 0; i < np && i < ns; i++) {
			char *pe = strchr(players[i], '='), *se = strchr(scores[i], '=');
			if (!pe || !se)
				continue;
			*pe = '\0';
			json_t *s = json_object();
			arb_json_set(s, "colour", arb_json_str(players[i]));
			arb_json_set(s, "player", arb_json_str(pe + 1));
			arb_json_set(s, "score", json_integer(atol(se + 1)));
			bool w = false;
			char *wcopy = arb_xstrdup(col[10]), *save = NULL;
			for (char *t = strtok_r(wcopy, " ", &save); t;
			     t = strtok_r(NULL, " ", &save))
				if (!strcmp(t, players[i]))
					w = true;
			free(wcopy);
			arb_json_set(s, "winner", json_boolean(w));
			arb_json_push(seats, s);
		}
		arb_json_set(doc, "seats", seats);
		rc = add_game(c, doc, name, no);
		json_decref(doc);
		if (rc)
			break;
	}
	arb_buf_free(&buf);
	return rc;
}

/* One operand: a results stream (JSON lines, YAML, TSV) or records. */
static int read_input(st_ctx *c, const char *path)
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
		rc = from_json(c, f, name, taken.lines);
	else if (ch == '-')
		rc = from_yaml(c, f, name, taken.lines);
	else if (ch == 'f')
		rc = from_tsv(c, f, name, taken.lines);
	else
		rc = arb_each_record_in(f, name, &taken, c->o, c->out, from_record, c);
	free(blanks);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* ------------------------------------------------------------ output */

static double tb_value(const player *p, enum tiebreak t)
{
	switch (t) {
	case TB_POINTS:
		return p->points;
	case TB_WINS:
		return (double)p->wins;
	case TB_SCORE:
		return (double)p->score;
	case TB_SHARE:
		return p->share;
	}
	return 0;
}

static const scheme *sort_scheme;

/* Higher is better on every key; names break what is left, so the order
 * is total and the output stable. */
static int cmp_equal(const player *a, const player *b)
{
	if (fabs(a->points - b->points) > 1e-9)
		return a->points > b->points ? -1 : 1;
	for (size_t i = 0; i < sort_scheme->ntb; i++) {
		double x = tb_value(a, sort_scheme->tb[i]), y = tb_value(b, sort_scheme->tb[i]);
		if (fabs(x - y) > 1e-9)
			return x > y ? -1 : 1;
	}
	return 0;
}

static int cmp_players(const void *pa, const void *pb)
{
	const player *a = *(player *const *)pa, *b = *(player *const *)pb;
	int r = cmp_equal(a, b);
	return r ? r : strcmp(a->name, b->name);
}

/* Append `s` padded to `width` characters (not bytes: names are UTF-8). */
static void put_padded(arb_buf *b, const char *s, size_t width)
{
	size_t chars = 0;
	for (const char *p = s; *p; p++)
		chars += ((unsigned char)*p & 0xC0) != 0x80;
	arb_buf_puts(b, s);
	while (chars++ < width)
		arb_buf_putc(b, ' ');
}

/* One group's table; `list` holds its n players (sorted here). */
static void print_event(st_ctx *c, size_t ev, player **list, size_t n)
{
	sort_scheme = &c->sc;
	qsort(list, n, sizeof *list, cmp_players);
	event *e = &c->ev[ev];
	size_t left = json_array_size(e->left_out);
	arb_buf b = { 0 };
	json_t *doc = json_object(), *rows = json_array();
	if (c->o->format == FMT_TEXT) {
		arb_buf_printf(&b, "%s%s: %ld games counted, %zu left out; scheme %s",
			       ev ? "\n" : "", e->name, e->games, left, c->sc.name);
		arb_buf_puts(&b, " (points");
		for (size_t i = 0; i < c->sc.ntb; i++)
			arb_buf_printf(&b, ", then %s", tb_names[c->sc.tb[i]]);
		arb_buf_puts(
			&b,
			")\nrank  player                games  wins  places        points   score   share\n");
	}
	size_t rank = 0;
	for (size_t i = 0; i < n; i++) {
		player *p = list[i];
		if (i == 0 || cmp_equal(list[i - 1], p) != 0)
			rank = i + 1;
		char places[64] = "";
		size_t pl = 0, maxp = 0;
		for (size_t k = 0; k < ARB_MAX_SEATS; k++)
			if (p->places[k])
				maxp = k + 1;
		for (size_t k = 0; k < maxp; k++)
			pl += (size_t)snprintf(places + pl, sizeof places - pl, "%s%ld",
					       k ? "/" : "", p->places[k]);
		if (c->o->format == FMT_TEXT) {
			arb_buf_printf(&b, "%4zu  ", rank);
			put_padded(&b, p->name, 20);
			arb_buf_printf(&b, "  %5ld  %4ld  %-12s %7.2f  %6ld  %6.3f\n", p->games,
				       p->wins, places, p->points, p->score, p->share);
		} else if (c->o->format == FMT_TSV) {
			arb_buf_printf(&b, "%s\t%zu\t%s\t%ld\t%ld\t%s\t%.4f\t%ld\t%.4f\n", e->name,
				       rank, p->name, p->games, p->wins, places, p->points,
				       p->score, p->share);
		} else {
			json_t *r = json_object();
			arb_json_set(r, "rank", json_integer((json_int_t)rank));
			arb_json_set(r, "player", arb_json_str(p->name));
			arb_json_set(r, "games", json_integer(p->games));
			arb_json_set(r, "wins", json_integer(p->wins));
			json_t *pa = json_array();
			for (size_t k = 0; k < maxp; k++)
				arb_json_push(pa, json_integer(p->places[k]));
			arb_json_set(r, "places", pa);
			/* rounded so YAML and JSON print the same short numbers */
			arb_json_set(r, "points", json_real(round(p->points * 10000) / 10000));
			arb_json_set(r, "score", json_integer(p->score));
			arb_json_set(r, "share", json_real(round(p->share * 10000) / 10000));
			arb_json_push(rows, r);
		}
	}
	if (c->o->format == FMT_TEXT) {
		size_t i;
		json_t *lo;
		json_array_foreach(e->left_out, i, lo)
			arb_buf_printf(&b, "left out: %s:%ld: %s: %s\n", str_of(lo, "file"),
				       (long)json_integer_value(json_object_get(lo, "line")),
				       str_of(lo, "verdict"), str_of(lo, "why"));
	}
	if (c->o->format == FMT_TEXT || c->o->format == FMT_TSV) {
		arb_out_text(c->out, b.p ? b.p : "", b.len);
		json_decref(rows);
		json_decref(doc);
	} else {
		arb_json_set(doc, "group", arb_json_str(e->name));
		arb_json_set(doc, "scheme", arb_json_str(c->sc.name));
		arb_json_set(doc, "games", json_integer(e->games));
		arb_json_set(doc, "standings", rows);
		arb_json_set(doc, "left_out", json_incref(e->left_out));
		arb_out_doc(c->out, doc);
	}
	arb_buf_free(&b);
}

int arb_cmd_standings(const arb_opts *o)
{
	st_ctx c = { .o = o };
	c.out = arb_out_new(o);
	const char *sname = o->scheme ? o->scheme : "placement";
	if (is_preset(sname)) {
		preset(&c.sc, sname);
	} else {
		arb_diag d;
		if (load_scheme(&c.sc, sname, &d)) {
			arb_out_diag(c.out, &d);
			arb_out_close(c.out);
			return ARB_EXIT_ERROR;
		}
	}
	static char *stdin_only[] = { "-" };
	char **files = o->nfiles ? o->files : stdin_only;
	int nf = o->nfiles ? o->nfiles : 1;
	for (int i = 0; i < nf; i++)
		if (read_input(&c, files[i]) && !o->keep_going)
			break;
	if (o->format == FMT_TSV && !o->quiet) {
		static const char h[] =
			"group\trank\tplayer\tgames\twins\tplaces\tpoints\tscore\tshare\n";
		arb_out_text(c.out, h, sizeof h - 1);
	}
	/* the players of each group, grouped in one pass (a counting sort):
	 * scanning all players once per group would be quadratic */
	size_t *first = arb_xcalloc(c.nev + 1, sizeof *first);
	player **list = arb_xmalloc((c.npl + 1) * sizeof *list);
	for (size_t i = 0; i < c.npl; i++)
		first[c.pl[i].event + 1]++;
	for (size_t e = 0; e < c.nev; e++)
		first[e + 1] += first[e];
	size_t *fill = arb_xmalloc((c.nev + 1) * sizeof *fill);
	memcpy(fill, first, (c.nev + 1) * sizeof *fill);
	for (size_t i = 0; i < c.npl; i++)
		list[fill[c.pl[i].event]++] = &c.pl[i];
	for (size_t e = 0; e < c.nev; e++)
		print_event(&c, e, list + first[e], first[e + 1] - first[e]);
	free(fill);
	free(list);
	free(first);
	free(c.pl_index.slot);
	free(c.ev_index.slot);
	for (size_t i = 0; i < c.npl; i++)
		free(c.pl[i].name);
	for (size_t i = 0; i < c.nev; i++) {
		free(c.ev[i].name);
		json_decref(c.ev[i].left_out);
	}
	free(c.pl);
	free(c.ev);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}
