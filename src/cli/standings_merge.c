/*
 * standings_merge.c — the checks of what standings merges from other
 * runs: a game's result as check wrote it (JSON, YAML, or a TSV row made
 * into the same document), a partial table and its fingerprints.  Nothing
 * read is trusted: every value a table adds is checked against what a game
 * can give (counts, places, scores, sums in checked arithmetic) and
 * refused at its file and line, naming key and value.  The readers of the
 * three formats are in standings_results.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "../core/util.h"

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

/* Member `name` of entry k of a partial table's list (left_out or
 * stopped) is a string; a count (0 to UINT32_MAX: a line, a number of
 * moves).  Each returns 0, or -1 naming the key LIST[K].NAME. */
static int listed_string(st_ctx *c, const char *src, size_t line, const char *list, size_t k,
			 json_t *v, const char *name)
{
	char key[64];
	snprintf(key, sizeof key, "%s[%zu].%s", list, k, name);
	return string_at(c, src, line, key, json_object_get(v, name));
}

static int listed_count(st_ctx *c, const char *src, size_t line, const char *list, size_t k,
			json_t *v, const char *name)
{
	char key[64];
	json_int_t n;
	snprintf(key, sizeof key, "%s[%zu].%s", list, k, name);
	return int_in(c, src, line, key, json_object_get(v, name), 0, UINT32_MAX, &n);
}

/* An entry of a partial table's left_out (stopped: false) or stopped
 * list, checked as standings writes them.  Returns 0 or -1. */
static int valid_listed(st_ctx *c, json_t *v, bool stopped, size_t k, const char *src, size_t line)
{
	const char *list = stopped ? "stopped" : "left_out";
	char key[64];
	snprintf(key, sizeof key, "%s[%zu]", list, k);
	if (!json_is_object(v))
		return bad_value(c, src, line, key, v, "an object");
	if (listed_string(c, src, line, list, k, v, "file") ||
	    listed_count(c, src, line, list, k, v, "line"))
		return -1;
	if (!stopped) {
		json_t *verdict = json_object_get(v, "verdict");
		snprintf(key, sizeof key, "%s[%zu].verdict", list, k);
		if (!json_is_string(verdict) || !is_verdict(json_string_value(verdict)) ||
		    !strcmp(json_string_value(verdict), "legal"))
			return bad_value(c, src, line, key, verdict,
					 "a game is left out as illegal, unfinished or error");
		return listed_string(c, src, line, list, k, v, "why");
	}
	if (listed_string(c, src, line, list, k, v, "termination") ||
	    listed_count(c, src, line, list, k, v, "moves"))
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

int st_add_result_doc(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	st_result g;
	result_of_doc(c, doc, &g);
	return st_add_game(c, &g, src, line);
}

/* A document of a results stream: a game's result, a partial table, or
 * the fingerprints of one. */
int st_add_doc(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	if (json_object_get(doc, "standings"))
		return add_table(c, doc, src, line);
	if (json_object_get(doc, "digests"))
		return add_digests(c, doc, src, line);
	if (valid_result(c, doc, src, line))
		return -1;
	return st_add_result_doc(c, doc, src, line);
}
