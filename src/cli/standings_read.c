/*
 * standings_read.c — what `standings` reads besides records: check's
 * results (JSON lines, YAML documents, TSV rows), its own partial tables
 * and their fingerprints, and the record route (replayed here, or on -j
 * workers).  Nothing read is trusted: every value a table adds is checked
 * against what a game can give (counts, places, scores, sums in checked
 * arithmetic) and refused at its file and line, naming key and value.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "standings.h"
#include "../core/util.h"
#include "../games/registry.h"

/* The name of --group's value, as a partial table records it. */
const char *st_grouping_name(const st_ctx *c)
{
	static const char *const names[] = { "event", "round", "table", "none" };
	return names[c->o->group];
}

/* A JSON value as a diagnostic quotes it: compact, cut at 40 bytes. */
static void value_text(json_t *v, char *out, size_t size)
{
	char *s = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
	if (!s) {
		snprintf(out, size, "%s", v ? "(a value)" : "missing");
		return;
	}
	if (strlen(s) > 40)
		snprintf(out, size, "%.37s...", s);
	else
		snprintf(out, size, "%s", s);
	free(s);
}

/* Refuse the value `v` of key `key` (a path such as standings[3].games)
 * at src:line: what it is, and `want`.  Returns -1. */
static int bad_value(st_ctx *c, const char *src, size_t line, const char *key, json_t *v,
		     const char *want)
{
	char text[48];
	value_text(v, text, sizeof text);
	return st_input_error(c, src, line, 1, "%s is %s: %s", key, text, want);
}

/* The integer v in [lo, hi] into *out, or -1 naming key and value. */
static int int_in(st_ctx *c, const char *src, size_t line, const char *key, json_t *v,
		  json_int_t lo, json_int_t hi, json_int_t *out)
{
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
		char want[96];
		snprintf(want, sizeof want, "an integer from %lld to %lld", (long long)lo,
			 (long long)hi);
		return bad_value(c, src, line, key, v, want);
	}
	*out = json_integer_value(v);
	return 0;
}

static int string_at(st_ctx *c, const char *src, size_t line, const char *key, json_t *v)
{
	return json_is_string(v) ? 0 : bad_value(c, src, line, key, v, "a string");
}

/* Whether `s` is one of check's verdicts. */
static bool is_verdict(const char *s)
{
	return !strcmp(s, "legal") || !strcmp(s, "illegal") || !strcmp(s, "unfinished") ||
	       !strcmp(s, "error");
}

/* A game's result as check writes it, checked before it is added: a
 * verdict, where the game is, and seats whose scores a game can reach.
 * Returns 0, or -1 naming the key and value. */
static int valid_result(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	json_t *verdict = json_object_get(doc, "verdict");
	if (!verdict)
		return st_input_error(
			c, src, line, 1,
			"a document with no \"verdict\": neither check's result of a game nor a partial table of standings");
	if (!json_is_string(verdict) || !is_verdict(json_string_value(verdict)))
		return bad_value(c, src, line, "verdict", verdict,
				 "check writes legal, illegal, unfinished or error");
	json_int_t n;
	if (string_at(c, src, line, "file", json_object_get(doc, "file")) ||
	    int_in(c, src, line, "line", json_object_get(doc, "line"), 0, UINT32_MAX, &n))
		return -1;
	json_t *v = json_object_get(doc, "moves");
	if (v && int_in(c, src, line, "moves", v, 0, UINT32_MAX, &n))
		return -1;
	v = json_object_get(doc, "tags");
	if (v && !json_is_object(v))
		return bad_value(c, src, line, "tags", v, "an object of tag names and values");
	json_t *seats = json_object_get(doc, "seats");
	if (!seats)
		return 0;
	if (!json_is_array(seats) || json_array_size(seats) > ARB_MAX_SEATS)
		return bad_value(c, src, line, "seats", seats, "a list of at most 6 seats");
	size_t i;
	json_t *s;
	json_array_foreach(seats, i, s)
	{
		char key[48];
		snprintf(key, sizeof key, "seats[%zu].player", i);
		if (string_at(c, src, line, key, json_object_get(s, "player")))
			return -1;
		snprintf(key, sizeof key, "seats[%zu].score", i);
		if (int_in(c, src, line, key, json_object_get(s, "score"), 0, ST_MAX_SCORE, &n))
			return -1;
		snprintf(key, sizeof key, "seats[%zu].winner", i);
		v = json_object_get(s, "winner");
		if (v && !json_is_boolean(v))
			return bad_value(c, src, line, key, v, "true or false");
	}
	return 0;
}

/* The most points one seat can take from one game under the scheme, in
 * its units: a partial table's sums are checked against it. */
static int64_t points_per_game(const st_ctx *c)
{
	switch (c->sc.kind) {
	case PTS_WINS:
		return POINTS_UNIT;
	case PTS_SHARE:
		return SHARE_UNIT;
	case PTS_PLACEMENT:
		return (ARB_MAX_SEATS - 1) * POINTS_UNIT;
	case PTS_LIST:
		break;
	}
	double most = 0;
	for (size_t i = 0; i < c->sc.nlist; i++)
		most = fmax(most, fabs(c->sc.list[i]));
	return (int64_t)most * POINTS_UNIT;
}

/* An entry of a partial table's left_out (stopped: false) or stopped
 * list, checked as standings writes them.  Returns 0 or -1. */
static int valid_listed(st_ctx *c, json_t *v, bool stopped, size_t k, const char *src, size_t line)
{
	const char *list = stopped ? "stopped" : "left_out";
	char key[64];
	json_int_t n;
	snprintf(key, sizeof key, "%s[%zu]", list, k);
	if (!json_is_object(v))
		return bad_value(c, src, line, key, v, "an object");
	snprintf(key, sizeof key, "%s[%zu].file", list, k);
	if (string_at(c, src, line, key, json_object_get(v, "file")))
		return -1;
	snprintf(key, sizeof key, "%s[%zu].line", list, k);
	if (int_in(c, src, line, key, json_object_get(v, "line"), 0, UINT32_MAX, &n))
		return -1;
	if (!stopped) {
		json_t *verdict = json_object_get(v, "verdict");
		snprintf(key, sizeof key, "%s[%zu].verdict", list, k);
		if (!json_is_string(verdict) || !is_verdict(json_string_value(verdict)) ||
		    !strcmp(json_string_value(verdict), "legal"))
			return bad_value(c, src, line, key, verdict,
					 "a game is left out as illegal, unfinished or error");
		snprintf(key, sizeof key, "%s[%zu].why", list, k);
		return string_at(c, src, line, key, json_object_get(v, "why"));
	}
	snprintf(key, sizeof key, "%s[%zu].termination", list, k);
	if (string_at(c, src, line, key, json_object_get(v, "termination")))
		return -1;
	snprintf(key, sizeof key, "%s[%zu].moves", list, k);
	if (int_in(c, src, line, key, json_object_get(v, "moves"), 0, UINT32_MAX, &n))
		return -1;
	json_t *w = json_object_get(v, "winners"), *name;
	snprintf(key, sizeof key, "%s[%zu].winners", list, k);
	if (!json_is_array(w) || json_array_size(w) > ARB_MAX_SEATS)
		return bad_value(c, src, line, key, w, "a list of at most 6 names");
	size_t q;
	json_array_foreach(w, q, name) if (!json_is_string(name)) return bad_value(
		c, src, line, key, w, "a list of at most 6 names");
	return 0;
}

/* One row of a partial table added to its player: every count and sum
 * checked against what its games can give (games >= wins >= 0, places
 * that add up to the games, scores and points within a game's reach per
 * game) and added in checked arithmetic.  Returns 0, or -1 naming the key
 * and value. */
static int add_row(st_ctx *c, size_t ev, json_t *v, size_t r, const char *src, size_t line)
{
	char key[64];
	json_int_t g, w, sc, pts, sh;
	if (!json_is_object(v)) {
		snprintf(key, sizeof key, "standings[%zu]", r);
		return bad_value(c, src, line, key, v, "a row of standings");
	}
	json_t *sums = json_object_get(v, "sums"), *places = json_object_get(v, "places");
	int64_t most = points_per_game(c);
	bool signed_points = c->sc.kind == PTS_LIST;
#define ROW_INT(name, value, lo, hi, out)                         \
	(snprintf(key, sizeof key, "standings[%zu].%s", r, name), \
	 int_in(c, src, line, key, value, lo, hi, out))
	snprintf(key, sizeof key, "standings[%zu].player", r);
	if (string_at(c, src, line, key, json_object_get(v, "player")) ||
	    ROW_INT("games", json_object_get(v, "games"), 0, INT64_MAX, &g) ||
	    ROW_INT("wins", json_object_get(v, "wins"), 0, g, &w) ||
	    ROW_INT("score", json_object_get(v, "score"), 0,
		    g > INT64_MAX / ST_MAX_SCORE ? INT64_MAX : g * ST_MAX_SCORE, &sc) ||
	    ROW_INT("sums.points", json_object_get(sums, "points"),
		    signed_points ? (g > INT64_MAX / most ? -INT64_MAX : -g * most) : 0,
		    g > INT64_MAX / most ? INT64_MAX : g * most, &pts) ||
	    ROW_INT("sums.share", json_object_get(sums, "share"), 0,
		    g > INT64_MAX / SHARE_UNIT ? INT64_MAX : g * SHARE_UNIT, &sh))
		return -1;
	snprintf(key, sizeof key, "standings[%zu].places", r);
	if (!json_is_array(places) || json_array_size(places) > ARB_MAX_SEATS)
		return bad_value(c, src, line, key, places,
				 "a list of at most 6 counts, one per place");
	json_int_t place[ARB_MAX_SEATS] = { 0 }, placed = 0;
	size_t k;
	json_t *q;
	json_array_foreach(places, k, q)
	{
		char at[32]; /* "places[" and any size_t: gcc -O1 checks */
		snprintf(at, sizeof at, "places[%zu]", k);
		if (ROW_INT(at, q, 0, g, &place[k]))
			return -1;
		placed += place[k]; /* each at most g, six of them: no overflow */
	}
#undef ROW_INT
	if (placed != g) {
		snprintf(key, sizeof key, "standings[%zu].places", r);
		char want[96];
		snprintf(want, sizeof want, "the places of %lld games add up to %lld", (long long)g,
			 (long long)placed);
		return bad_value(c, src, line, key, places, want);
	}
	size_t who = st_player_get(c, ev, json_string_value(json_object_get(v, "player")));
	player *p = &c->pl[who]; /* after the call, which may move the table */
	player sum = *p;
	bool ok = !__builtin_add_overflow(sum.games, g, &sum.games) &&
		  !__builtin_add_overflow(sum.wins, w, &sum.wins) &&
		  !__builtin_add_overflow(sum.score, sc, &sum.score) &&
		  !__builtin_add_overflow(sum.points, pts, &sum.points) &&
		  !__builtin_add_overflow(sum.share, sh, &sum.share);
	for (k = 0; k < ARB_MAX_SEATS && ok; k++)
		ok = !__builtin_add_overflow(sum.places[k], place[k], &sum.places[k]);
	if (!ok)
		return st_input_error(
			c, src, line, 1,
			"standings[%zu]: %s's sums overflow once this row is added (%lld games more)",
			r, p->name, (long long)g);
	*p = sum;
	return 0;
}

/* One group of a partial table (a document standings wrote with
 * --format=json or yaml) merged into the tables: its counts and exact sums
 * added to its players', its lists appended, each value checked first.
 * The table must have been made the way this run makes them (scheme,
 * grouping, names), or the sums would mean something else.  Returns -1
 * with a diagnostic. */
static int add_table(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	if (c->o->rating || c->o->sprt)
		return st_input_error(
			c, src, line, 1,
			"a partial table holds sums, not the games %s needs: give it the records "
			"or check's results",
			c->o->rating ? "--rating" : "--sprt");
	static const char *const keys[] = { "scheme", "grouping", "names", "illegal" };
	static const char *const labels[] = { "scheme", "grouping", "names", "illegal games" };
	const char *mine[] = { c->sc.name, st_grouping_name(c),
			       c->o->names_exact ? "exact" : "fold",
			       c->o->include_illegal ? "counted" : "left out" };
	for (size_t k = 0; k < 4; k++) {
		const char *theirs = st_str(doc, keys[k]);
		if (strcmp(theirs, mine[k]))
			return st_input_error(
				c, src, line, 1,
				"a partial table made with %s \"%s\" cannot be merged into one with %s \"%s\"",
				labels[k], theirs, labels[k], mine[k]);
	}
	json_t *units = json_object_get(doc, "units");
	if (json_integer_value(json_object_get(units, "points")) != c->points_unit ||
	    json_integer_value(json_object_get(units, "share")) != SHARE_UNIT)
		return st_input_error(
			c, src, line, 1,
			"a partial table without the units of its sums: not the output of standings");
	json_t *rows = json_object_get(doc, "standings");
	json_t *lo = json_object_get(doc, "left_out"), *st = json_object_get(doc, "stopped");
	if (!json_is_array(rows) || !json_is_array(lo) || !json_is_array(st))
		return st_input_error(
			c, src, line, 1,
			"a partial table needs standings, left_out and stopped lists");
	json_int_t games, dups;
	if (string_at(c, src, line, "group", json_object_get(doc, "group")) ||
	    int_in(c, src, line, "games", json_object_get(doc, "games"), 0, INT64_MAX, &games) ||
	    int_in(c, src, line, "duplicates", json_object_get(doc, "duplicates"), 0, INT64_MAX,
		   &dups))
		return -1;
	size_t i;
	json_t *v;
	json_array_foreach(lo, i, v) if (valid_listed(c, v, false, i, src, line)) return -1;
	json_array_foreach(st, i, v) if (valid_listed(c, v, true, i, src, line)) return -1;
	size_t ev = st_event_index(c, st_str(doc, "group"));
	event *e = &c->ev[ev];
	long eg = e->games, ed = e->duplicates;
	if (__builtin_add_overflow(eg, games, &eg) || __builtin_add_overflow(ed, dups, &ed))
		return st_input_error(
			c, src, line, 1,
			"group %s: its count of games overflows once this table is added", e->name);
	e->games = eg;
	e->duplicates = ed;
	json_array_foreach(rows, i, v) if (add_row(c, ev, v, i, src, line)) return -1;
	json_array_foreach(lo, i, v)
	{
		const char *verdict = st_str(v, "verdict");
		arb_out_status(c->out, !strcmp(verdict, "illegal")	? ARB_EXIT_ILLEGAL
				       : !strcmp(verdict, "unfinished") ? ARB_EXIT_OK
									: ARB_EXIT_ERROR);
		arb_json_push(c->ev[ev].left_out, json_deep_copy(v));
	}
	json_array_foreach(st, i, v) arb_json_push(c->ev[ev].stopped, json_deep_copy(v));
	return 0;
}

/* A document of fingerprints that follows a partial table's group: each
 * marks a game that group counted.  One seen before cannot be taken back
 * out of the table that counted it, so it counts twice: with
 * --duplicates=skip that is an error, with warn a warning. */
static int add_digests(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	json_t *list = json_object_get(doc, "digests");
	if (string_at(c, src, line, "group", json_object_get(doc, "group")))
		return -1;
	if (!json_is_array(list))
		return bad_value(c, src, line, "digests", list, "a list of fingerprints");
	size_t ev = st_event_index(c, st_str(doc, "group"));
	if (c->o->duplicates == DUP_COUNT)
		return 0;
	size_t i, twice = 0;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		arb_digest d;
		const char *hex = json_string_value(v);
		if (!hex || !arb_digest_parse(hex, &d))
			return st_input_error(
				c, src, line, 1,
				"a fingerprint is 32 hex digits: not the output of standings");
		seen_game *g = st_seen_slot(c, &d);
		if (!g->file1) {
			g->d = d;
			g->file1 = st_file_index(c, src);
			g->line = 0;
			g->event = (uint32_t)ev;
			c->nseen++;
			continue;
		}
		if (twice++) /* one message per document; the count after */
			continue;
		const char *first = c->files[g->file1 - 1];
		char where[64] = "";
		if (g->line)
			snprintf(where, sizeof where, ":%u", (unsigned)g->line);
		if (c->o->duplicates == DUP_WARN) {
			st_warn_at(c, src, line,
				   "group %s: game %s, counted at %s%s too, counts twice",
				   c->ev[ev].name, hex, first, where);
			continue;
		}
		arb_diag dg = { .file = src, .line = (uint32_t)line, .col = 1 };
		snprintf(
			dg.msg, sizeof dg.msg,
			"group %s: game %s was counted at %s%s too; a partial table cannot take it back, so it counts twice (merge check's results, not tables, to skip it)",
			c->ev[ev].name, hex, first, where);
		arb_out_diag(c->out, &dg);
	}
	if (twice > 1)
		st_warn_at(c, src, line,
			   "group %s: %zu more games of this table were counted before",
			   c->ev[ev].name, twice - 1);
	return 0;
}

/* The verdict a result names (checked by valid_result). */
static arb_verdict verdict_of(const char *s)
{
	return !strcmp(s, "legal")	  ? ARB_LEGAL
	       : !strcmp(s, "illegal")	  ? ARB_ILLEGAL
	       : !strcmp(s, "unfinished") ? ARB_UNFINISHED
					  : ARB_ERROR;
}

/* A game's fingerprint from its result document: the one it carries,
 * else (results without one) the result line itself, else (a YAML
 * document) its content, keys in order.  False when none can be made. */
static bool doc_digest(st_ctx *c, json_t *doc, arb_digest *d)
{
	const char *hex = json_string_value(json_object_get(doc, "digest"));
	if (hex && arb_digest_parse(hex, d))
		return true;
	if (c->raw) {
		arb_bytes_digest(c->raw, c->rawlen, d);
		return true;
	}
	char *text = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
	if (!text) /* out of memory: counted, as nothing can tell */
		return false;
	arb_bytes_digest(text, strlen(text), d);
	free(text);
	return true;
}

/* A result document (checked by valid_result, or one the -j workers
 * made) as the tables take it; its strings stay the document's. */
static void result_of_doc(st_ctx *c, json_t *doc, st_result *g)
{
	memset(g, 0, sizeof *g);
	json_t *tags = json_object_get(doc, "tags");
	g->file = st_str(doc, "file");
	g->line = (long)json_integer_value(json_object_get(doc, "line"));
	g->moves = (long)json_integer_value(json_object_get(doc, "moves"));
	g->verdict = verdict_of(st_str(doc, "verdict"));
	g->event = st_str(tags, "Event");
	g->round = st_str(tags, "Round");
	g->table = st_str(tags, "Table");
	g->forfeit = st_str(tags, "Forfeit");
	g->termination = st_str(doc, "termination");
	json_t *ill = json_object_get(doc, "illegal");
	g->message = ill ? st_str(ill, "message") : st_str(doc, "message");
	if (c->o->duplicates != DUP_COUNT)
		g->has_digest = doc_digest(c, doc, &g->digest);
	json_t *seats = json_object_get(doc, "seats");
	size_t n = json_is_array(seats) ? json_array_size(seats) : 0;
	for (size_t i = 0; i < n && i < ARB_MAX_SEATS; i++) {
		json_t *s = json_array_get(seats, i);
		st_seat *t = &g->seat[g->nseats++];
		t->colour = st_str(s, "colour");
		t->player = st_str(s, "player");
		t->score = (long)json_integer_value(json_object_get(s, "score"));
		t->winner = json_is_true(json_object_get(s, "winner"));
	}
}

static int add_result_doc(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	st_result g;
	result_of_doc(c, doc, &g);
	return st_add_game(c, &g, src, line);
}

/* A document of a results stream: a game's result, a partial table, or
 * the fingerprints of one. */
static int add_doc(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	if (json_object_get(doc, "standings"))
		return add_table(c, doc, src, line);
	if (json_object_get(doc, "digests"))
		return add_digests(c, doc, src, line);
	if (valid_result(c, doc, src, line))
		return -1;
	return add_result_doc(c, doc, src, line);
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
	return add_result_doc(ctx, doc, file, line) ? 1 : 0;
}

static void *worker_new(void *ctx)
{
	(void)ctx;
	return arb_xcalloc(1, sizeof(st_worker));
}

static void worker_out(void *wctx, arb_out *out)
{
	((st_worker *)wctx)->out = out;
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

static int from_yaml(st_ctx *c, FILE *f, const char *name, size_t lines_before)
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
			rc = add_doc(c, j, name, line);
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
		rc = add_doc(c, j, name, no);
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

static int from_tsv(st_ctx *c, FILE *f, const char *name, size_t lines_before)
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
		rc = add_doc(c, doc, name, no);
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
static bool standings_tsv(FILE *f, char *blanks, arb_taken *taken)
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
		rc = from_json(c, f, name, taken.lines);
	else if (ch == '-')
		rc = from_yaml(c, f, name, taken.lines);
	else if (ch == 'f')
		rc = from_tsv(c, f, name, taken.lines);
	else if (ch == 'g' && standings_tsv(f, blanks, &taken))
		rc = st_input_error(
			c, name, taken.lines + 1, 1,
			"a standings TSV table cannot be merged (it lacks the games left "
			"out and the exact sums): write partial tables with --format=json "
			"or yaml");
	else {
		/* from_record on one thread; on -j threads, result_of_record
		 * and the results collected in order */
		arb_loop l = { .fn = from_record,
			       .ctx = c,
			       .worker_new = worker_new,
			       .worker_fn = result_of_record,
			       .worker_out = worker_out,
			       .worker_free = free };
		arb_out_set_results(c->out, collect, c);
		rc = arb_each_record_stream(f, name, &taken, c->o, c->out, &l);
	}
	free(blanks);
	if (f != stdin)
		fclose(f);
	return rc;
}
