/*
 * cmd_standings.c — `standings`: a tournament table from many games.
 *
 * Input is records (each replayed here), the per-game results that
 * `check --format=json|yaml|tsv` wrote, or partial tables (this command's
 * own JSON or YAML output), in any mix, so a large tournament can be
 * checked in parallel and reduced once or in stages.  Every game becomes
 * the same per-game document (the one `check --format=json` prints), and
 * the tables are built from those alone; a partial table adds its rows'
 * counts and exact integer sums, so merging is associative and every
 * route gives the same standings.  A stream is known by its first byte:
 * '{' JSON lines, '-' YAML, 'f' TSV (its header); anything else is TGN.
 *
 * One table per Event tag (or per round or table of an event, or one for
 * all, --group).  Legal games count, and games stopped with their winners
 * decided (a Termination tag); illegal, unfinished and broken games are
 * listed as left out (--include-illegal counts illegal games with the
 * scores reached before the illegal move).  A game read twice is known by
 * its fingerprint (core/digest.h) and counted once (--duplicates).
 * Memory: one game or one result (at most ARB_MAX_RESULT_BYTES) at a
 * time, plus the tables, which grow with players and groups and with the
 * games left out or stopped (each keeps its file, line and reason, so the
 * table can list it), plus a 32-byte fingerprint slot (at most half full)
 * per game unless --duplicates=count.  Players, groups and fingerprints
 * are found by hash, so the work is linear in the input.
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
#include "../core/digest.h"
#include "../core/suggest.h"
#include "../core/util.h"

/* One result (a JSON line, a YAML document, a TSV row) is the verdict of
 * one game: a few KiB.  Longer ones are refused, so a malformed stream
 * cannot make standings hold it all. */
#define ARB_MAX_RESULT_BYTES (1u << 20)
/* A partial table (standings' own output, a group per document) grows
 * with the group's players; it may be larger, up to this. */
#define ARB_MAX_TABLE_BYTES (256u << 20)

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

/* Points and shares are summed as integers, so a sum is the same
 * whatever the order the games (or partial tables) come in: points in
 * sixtieths (a tie of k places shares their points in k parts, and 60 is
 * divisible by every k up to ARB_MAX_SEATS), shares in billionths (one
 * game's share rounded once).  The "share" scheme's points are shares. */
#define POINTS_UNIT 60
#define SHARE_UNIT 1000000000

typedef struct player {
	size_t event; /* index into events              */
	char *name;   /* as first seen (trimmed unless --names=exact) */
	char *key;    /* what identifies the player: name, folded */
	long games, wins;
	long places[ARB_MAX_SEATS]; /* finishes per place             */
	int64_t points;		    /* in units of st_ctx.points_unit */
	int64_t share;		    /* in SHARE_UNITs                 */
	long score;
} player;

typedef struct event {
	char *name;
	long games, duplicates;
	json_t *left_out; /* array of {file, line, verdict, why} */
	json_t *stopped;  /* array of {file, line, termination, moves, winners} */
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

/* The games seen, by fingerprint (--duplicates skip or warn): 32 bytes a
 * slot, at most half full, so about 64 bytes per game, and never the game
 * itself.  `file1` (0: empty) names where it was first seen, in files[]. */
typedef struct seen_game {
	arb_digest d;
	uint32_t file1, line;
	uint32_t event; /* its group, for the partial table's digests */
} seen_game;

typedef struct st_ctx {
	const arb_opts *o;
	arb_out *out;
	scheme sc;
	int64_t points_unit; /* POINTS_UNIT, or SHARE_UNIT for "share" */
	player *pl;
	size_t npl, cap_pl;
	event *ev;
	size_t nev, cap_ev;
	index_map pl_index, ev_index;
	seen_game *seen; /* open addressing by d.h[0] */
	size_t nseen, cap_seen;
	char **files; /* the file names games were read from */
	size_t nfiles, cap_files;
	index_map file_index;
	bool warned_seats[ARB_MAX_SEATS + 1]; /* points list too short, said once */
	arb_buf names;			      /* player_get's scratch: a name's two forms */
	const char *raw;		      /* the JSON line or TSV row being added, or NULL */
	size_t rawlen;
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
		static const char *const presets[] = { "placement", "wins", "share" };
		const char *close = strchr(path, '/') ? NULL : arb_suggest(path, presets, 3);
		int e = errno;
		if (close)
			snprintf(d->msg, sizeof d->msg,
				 "no preset or scheme file of that name (did you mean %s? the "
				 "presets are placement, wins and share)",
				 close);
		else
			snprintf(d->msg, sizeof d->msg,
				 "cannot open scheme file: %s (the presets are placement, wins "
				 "and share)",
				 strerror(e));
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
	const char *key;
} player_key;

static bool player_eq(const st_ctx *c, size_t i, const void *key)
{
	const player_key *k = key;
	return c->pl[i].event == k->event && !strcmp(c->pl[i].key, k->key);
}

static bool file_eq(const st_ctx *c, size_t i, const void *name)
{
	return !strcmp(c->files[i], name);
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
	event *e = &c->ev[c->nev];
	memset(e, 0, sizeof *e);
	e->name = arb_xstrdup(name);
	e->left_out = json_array();
	e->stopped = json_array();
	slot->hash = h;
	slot->idx1 = c->nev + 1;
	c->ev_index.n++;
	return c->nev++;
}

/* The index + 1 of file name `name` in c->files, added if new. */
static uint32_t file_index(st_ctx *c, const char *name)
{
	uint64_t h = hash_str(0xcbf29ce484222325ull, name);
	index_slot *slot = map_slot(&c->file_index, h, file_eq, c, name);
	if (slot->idx1)
		return (uint32_t)slot->idx1;
	if (c->nfiles == c->cap_files) {
		c->cap_files = c->cap_files ? 2 * c->cap_files : 8;
		c->files = arb_xrealloc(c->files, c->cap_files * sizeof *c->files);
	}
	c->files[c->nfiles] = arb_xstrdup(name);
	slot->hash = h;
	slot->idx1 = c->nfiles + 1;
	c->file_index.n++;
	return (uint32_t)++c->nfiles;
}

/* The first UTF-8 character of s, folded to lower case: ASCII and the
 * Latin-1 letters (À-Þ, which are most European names' capitals), into
 * out; returns the bytes read.  Other scripts are kept as they are. */
static size_t fold_char(const char *s, arb_buf *out)
{
	unsigned char c0 = (unsigned char)s[0];
	if (c0 < 0x80) {
		arb_buf_putc(out, (char)tolower(c0));
		return 1;
	}
	unsigned char c1 = (unsigned char)s[1];
	if (c0 == 0xC3 && c1 >= 0x80 && c1 <= 0x9E && c1 != 0x97) { /* U+00C0-00DE, not × */
		arb_buf_putc(out, (char)c0);
		arb_buf_putc(out, (char)(c1 + 0x20));
		return 2;
	}
	arb_buf_putc(out, (char)c0);
	return 1;
}

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* A player's name as shown (*shown) and as compared (*key), both in b:
 * by default without surrounding blanks, and the key folded to lower
 * case, so " Ann" and "ann" are one player; --names=exact keeps both as
 * written.  Returns the offsets of the two strings in b. */
static void name_forms(const st_ctx *c, const char *name, arb_buf *b, size_t *shown, size_t *key)
{
	arb_buf_reset(b);
	const char *end = name + strlen(name);
	if (!c->o->names_exact) {
		while (is_blank(*name))
			name++;
		while (end > name && is_blank(end[-1]))
			end--;
	}
	*shown = 0;
	arb_buf_put(b, name, (size_t)(end - name));
	arb_buf_putc(b, '\0');
	*key = b->len;
	if (c->o->names_exact)
		arb_buf_put(b, name, (size_t)(end - name));
	else
		for (const char *p = name; p < end;)
			p += fold_char(p, b);
	arb_buf_putc(b, '\0');
}

/* The index of the player `name` in group `ev`, added if new.  An index,
 * not a pointer: adding a player may move the whole table. */
static size_t player_get(st_ctx *c, size_t ev, const char *name)
{
	arb_buf *b = &c->names;
	size_t shown, keyat;
	name_forms(c, name, b, &shown, &keyat);
	player_key key = { ev, b->p + keyat };
	uint64_t h =
		hash_str(0xcbf29ce484222325ull ^ ((uint64_t)ev * 0x9E3779B97F4A7C15ull), key.key);
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
	p->name = arb_xstrdup(b->p + shown);
	p->key = arb_xstrdup(key.key);
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

/* A warning on stderr, FILE:LINE: warning: MESSAGE, unless -q. */
static void warn_at(st_ctx *c, const char *src, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void warn_at(st_ctx *c, const char *src, size_t line, const char *fmt, ...)
{
	if (c->o->quiet)
		return;
	char msg[ARB_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	arb_vformat_msg(msg, sizeof msg, fmt, ap);
	va_end(ap);
	arb_buf b = { 0 };
	arb_buf_put_utf8(&b, src);
	if (line)
		arb_buf_printf(&b, ":%zu", line);
	arb_buf_puts(&b, ": warning: ");
	arb_buf_put_utf8(&b, msg);
	arb_buf_putc(&b, '\n');
	fputs(b.p, stderr);
	arb_buf_free(&b);
}

/* The slot of fingerprint d in c->seen: its entry, or the empty slot
 * where it goes (the table grown first). */
static seen_game *seen_slot(st_ctx *c, const arb_digest *d)
{
	if (2 * (c->nseen + 1) > c->cap_seen) {
		size_t cap = c->cap_seen ? 2 * c->cap_seen : 1024;
		seen_game *t = arb_xcalloc(cap, sizeof *t);
		for (size_t i = 0; i < c->cap_seen; i++) {
			if (!c->seen[i].file1)
				continue;
			size_t k = c->seen[i].d.h[0] & (cap - 1);
			while (t[k].file1)
				k = (k + 1) & (cap - 1);
			t[k] = c->seen[i];
		}
		free(c->seen);
		c->seen = t;
		c->cap_seen = cap;
	}
	size_t k = d->h[0] & (c->cap_seen - 1);
	while (c->seen[k].file1 && !(c->seen[k].d.h[0] == d->h[0] && c->seen[k].d.h[1] == d->h[1]))
		k = (k + 1) & (c->cap_seen - 1);
	return &c->seen[k];
}

/* Whether the game `doc` (read from src:line, in group ev) is one seen
 * before: with --duplicates=skip it is then left out, with a warning;
 * with warn, counted again, with a warning; with count, never asked.
 * Returns true when the game must not be counted. */
static bool duplicate(st_ctx *c, json_t *doc, size_t ev, const char *src, size_t line)
{
	if (c->o->duplicates == DUP_COUNT)
		return false;
	arb_digest d;
	const char *hex = json_string_value(json_object_get(doc, "digest"));
	if ((!hex || !arb_digest_parse(hex, &d)) && c->raw) {
		/* results without a fingerprint: the same result line */
		arb_bytes_digest(c->raw, c->rawlen, &d);
	} else if (!hex || !arb_digest_parse(hex, &d)) {
		/* a YAML document: its content, keys in order */
		char *text = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
		if (!text) /* out of memory: counted, as nothing can tell */
			return false;
		arb_bytes_digest(text, strlen(text), &d);
		free(text);
	}
	/* the first copy is named by the game's own place, which a result
	 * names: the same by every route */
	const char *game_file = *str_of(doc, "file") ? str_of(doc, "file") : src;
	size_t game_line = *str_of(doc, "file")
				   ? (size_t)json_integer_value(json_object_get(doc, "line"))
				   : line;
	seen_game *g = seen_slot(c, &d);
	if (!g->file1) {
		g->d = d;
		g->file1 = file_index(c, game_file);
		g->line = (uint32_t)game_line;
		g->event = (uint32_t)ev;
		c->nseen++;
		return false;
	}
	const char *first = c->files[g->file1 - 1];
	bool skip = c->o->duplicates == DUP_SKIP;
	if (g->line)
		warn_at(c, src, line, "the same game as %s:%u: %s", first, (unsigned)g->line,
			skip ? "not counted again" : "counted again (--duplicates=warn)");
	else
		warn_at(c, src, line, "a game that the partial table %s counted: %s", first,
			skip ? "not counted again" : "counted again (--duplicates=warn)");
	if (skip)
		c->ev[ev].duplicates++;
	return skip;
}

/* The group of a game with these tags: its Event, then Round and Table as
 * --group asks, or one for all (--group=none). */
static size_t group_of(st_ctx *c, json_t *tags)
{
	if (c->o->group == GROUP_NONE)
		return event_index(c, "All games");
	char group[512];
	const char *event_name = tags ? str_of(tags, "Event") : "";
	int glen = snprintf(group, sizeof group, "%s", *event_name ? event_name : "(no Event tag)");
	if (c->o->group >= 1 && glen > 0 && (size_t)glen < sizeof group)
		glen += snprintf(group + glen, sizeof group - (size_t)glen, ", round %s",
				 tags && *str_of(tags, "Round") ? str_of(tags, "Round") : "?");
	if (c->o->group >= 2 && glen > 0 && (size_t)glen < sizeof group)
		snprintf(group + glen, sizeof group - (size_t)glen, ", table %s",
			 tags && *str_of(tags, "Table") ? str_of(tags, "Table") : "?");
	return event_index(c, group);
}

/* The points of a place for a game of n seats, in sixtieths: places
 * place..last are tied, and share their points. */
static int64_t place_points(st_ctx *c, size_t n, size_t place, size_t last, const char *src,
			    size_t line)
{
	if (c->sc.kind == PTS_LIST && n > c->sc.nlist && !c->warned_seats[n]) {
		c->warned_seats[n] = true;
		char rest[64];
		if (c->sc.nlist + 1 == n)
			snprintf(rest, sizeof rest, "place %zu gets", n);
		else
			snprintf(rest, sizeof rest, "places %zu to %zu get", c->sc.nlist + 1, n);
		warn_at(c, src, line,
			"scheme %s lists points for %zu place%s, but this game has %zu seats: %s 0 points",
			c->sc.name, c->sc.nlist, c->sc.nlist == 1 ? "" : "s", n, rest);
	}
	int64_t sum = 0;
	for (size_t q = place; q <= last; q++)
		sum += c->sc.kind == PTS_PLACEMENT
			       ? (int64_t)(n - q)
			       : (q <= c->sc.nlist ? (int64_t)c->sc.list[q - 1] : 0);
	return sum * POINTS_UNIT / (int64_t)(last - place + 1);
}

/* One game's document (as check --format=json writes it, read from `src`
 * at `line`) into the tables.  Returns -1 (with a diagnostic) when the
 * document is not a game result. */
static int add_game(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	json_t *tags = json_object_get(doc, "tags");
	size_t ev = group_of(c, tags);
	if (duplicate(c, doc, ev, src, line))
		return 0;
	const char *verdict = str_of(doc, "verdict");
	json_t *seats = json_object_get(doc, "seats");
	/* a game stopped with its winners decided (check names its
	 * Termination) counts with them */
	const char *termination = str_of(doc, "termination");
	bool stopped = !strcmp(verdict, "unfinished") && *termination;
	/* the same exit status by both routes: 1 for an illegal game, 2 for
	 * a record that could not be replayed */
	if (!strcmp(verdict, "illegal"))
		arb_out_status(c->out, ARB_EXIT_ILLEGAL);
	else if (strcmp(verdict, "legal") && strcmp(verdict, "unfinished"))
		arb_out_status(c->out, ARB_EXIT_ERROR);
	bool counts = !strcmp(verdict, "legal") || stopped ||
		      (c->o->include_illegal && !strcmp(verdict, "illegal"));
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
	json_t *winners = stopped ? json_array() : NULL;
	for (size_t i = 0; i < n; i++) {
		json_t *s = json_array_get(seats, i);
		const char *name = str_of(s, "player");
		score[i] = (long)json_integer_value(json_object_get(s, "score"));
		win[i] = json_is_true(json_object_get(s, "winner")) &&
			 (!strcmp(verdict, "legal") || stopped);
		if (i == 0 || score[i] > best)
			best = score[i];
		who[i] = player_get(c, ev, name);
		if (stopped && win[i]) /* as written: the same by every route */
			arb_json_push(winners, arb_json_str(name));
	}
	c->ev[ev].games++;
	if (stopped) {
		json_t *st = json_object();
		arb_json_set(st, "file", arb_json_str(str_of(doc, "file")));
		json_t *ln = json_object_get(doc, "line");
		arb_json_set(st, "line", ln ? json_incref(ln) : json_integer(0));
		arb_json_set(st, "termination", arb_json_str(termination));
		json_t *mv = json_object_get(doc, "moves");
		arb_json_set(st, "moves", mv ? json_incref(mv) : json_integer(0));
		arb_json_set(st, "winners", winners);
		arb_json_push(c->ev[ev].stopped, st);
	}
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
		int64_t share = best > 0 ? llround((double)score[i] * SHARE_UNIT / (double)best)
					 : (win[i] ? SHARE_UNIT : 0);
		p->share += share;
		switch (c->sc.kind) {
		case PTS_WINS:
			p->points += win[i] ? POINTS_UNIT : 0;
			break;
		case PTS_SHARE:
			p->points += share;
			break;
		case PTS_PLACEMENT:
		case PTS_LIST:
			p->points +=
				place_points(c, n, place, c->sc.ties_best ? place : place + tied,
					     src, line);
			break;
		}
	}
	return 0;
}

/* The name of --group's value, as a partial table records it. */
static const char *grouping_name(const st_ctx *c)
{
	static const char *const names[] = { "event", "round", "table", "none" };
	return names[c->o->group];
}

/* A number of a partial table: an integer, or -1 (and a diagnostic). */
static int64_t table_int(st_ctx *c, json_t *o, const char *key, const char *src, size_t line)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_integer(v) || json_integer_value(v) < 0) {
		input_error(c, src, line, 1,
			    "a partial table's \"%s\" is not a count: not the output of standings",
			    key);
		return -1;
	}
	return json_integer_value(v);
}

/* One group of a partial table (a document standings wrote with
 * --format=json or yaml) merged into the tables: its counts and exact sums
 * added to its players', its lists appended.  The table must have been
 * made the way this run makes them (scheme, grouping, names), or the sums
 * would mean something else.  Returns -1 with a diagnostic. */
static int add_table(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	static const char *const keys[] = { "scheme", "grouping", "names", "illegal" };
	static const char *const labels[] = { "scheme", "grouping", "names", "illegal games" };
	const char *mine[] = { c->sc.name, grouping_name(c), c->o->names_exact ? "exact" : "fold",
			       c->o->include_illegal ? "counted" : "left out" };
	for (size_t k = 0; k < 4; k++) {
		const char *theirs = str_of(doc, keys[k]);
		if (strcmp(theirs, mine[k]))
			return input_error(
				c, src, line, 1,
				"a partial table made with %s \"%s\" cannot be merged into one with %s \"%s\"",
				labels[k], theirs, labels[k], mine[k]);
	}
	json_t *units = json_object_get(doc, "units");
	if (json_integer_value(json_object_get(units, "points")) != c->points_unit ||
	    json_integer_value(json_object_get(units, "share")) != SHARE_UNIT)
		return input_error(
			c, src, line, 1,
			"a partial table without the units of its sums: not the output of standings");
	json_t *rows = json_object_get(doc, "standings");
	json_t *lo = json_object_get(doc, "left_out"), *st = json_object_get(doc, "stopped");
	if (!json_is_array(rows) || !json_is_array(lo) || !json_is_array(st))
		return input_error(c, src, line, 1,
				   "a partial table needs standings, left_out and stopped lists");
	int64_t games = table_int(c, doc, "games", src, line);
	int64_t dups = table_int(c, doc, "duplicates", src, line);
	if (games < 0 || dups < 0)
		return -1;
	size_t ev = event_index(c, str_of(doc, "group"));
	event *e = &c->ev[ev];
	e->games += games;
	e->duplicates += dups;
	size_t i;
	json_t *v;
	json_array_foreach(lo, i, v)
	{
		const char *verdict = str_of(v, "verdict");
		arb_out_status(c->out, !strcmp(verdict, "illegal")	? ARB_EXIT_ILLEGAL
				       : !strcmp(verdict, "unfinished") ? ARB_EXIT_OK
									: ARB_EXIT_ERROR);
		arb_json_push(c->ev[ev].left_out, json_deep_copy(v));
	}
	json_array_foreach(st, i, v) arb_json_push(c->ev[ev].stopped, json_deep_copy(v));
	json_array_foreach(rows, i, v)
	{
		json_t *sums = json_object_get(v, "sums");
		json_t *places = json_object_get(v, "places");
		int64_t g = table_int(c, v, "games", src, line);
		int64_t w = table_int(c, v, "wins", src, line);
		json_t *sc = json_object_get(v, "score"), *pts = json_object_get(sums, "points"),
		       *sh = json_object_get(sums, "share");
		if (g < 0 || w < 0)
			return -1;
		if (!json_is_integer(sc) || !json_is_integer(pts) || !json_is_integer(sh) ||
		    !json_is_array(places) || json_array_size(places) > ARB_MAX_SEATS)
			return input_error(
				c, src, line, 1,
				"a partial table's row needs places, score and sums: not the output of standings");
		size_t who = player_get(c, ev, str_of(v, "player"));
		player *p = &c->pl[who];
		p->games += (long)g;
		p->wins += (long)w;
		p->score += (long)json_integer_value(sc);
		p->points += json_integer_value(pts);
		p->share += json_integer_value(sh);
		size_t k;
		json_t *q;
		json_array_foreach(places, k, q) p->places[k] += (long)json_integer_value(q);
	}
	return 0;
}

/* A document of fingerprints that follows a partial table's group: each
 * marks a game that group counted.  One seen before cannot be taken back
 * out of the table that counted it, so it counts twice: with
 * --duplicates=skip that is an error, with warn a warning. */
static int add_digests(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	json_t *list = json_object_get(doc, "digests");
	size_t ev = event_index(c, str_of(doc, "group"));
	if (c->o->duplicates == DUP_COUNT)
		return 0;
	size_t i, twice = 0;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		arb_digest d;
		const char *hex = json_string_value(v);
		if (!hex || !arb_digest_parse(hex, &d))
			return input_error(
				c, src, line, 1,
				"a fingerprint is 32 hex digits: not the output of standings");
		seen_game *g = seen_slot(c, &d);
		if (!g->file1) {
			g->d = d;
			g->file1 = file_index(c, src);
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
			warn_at(c, src, line,
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
		warn_at(c, src, line, "group %s: %zu more games of this table were counted before",
			c->ev[ev].name, twice - 1);
	return 0;
}

/* A document of a results stream: a game's result, a partial table, or
 * the fingerprints of one. */
static int add_doc(st_ctx *c, json_t *doc, const char *src, size_t line)
{
	if (json_object_get(doc, "standings"))
		return add_table(c, doc, src, line);
	if (json_object_get(doc, "digests"))
		return add_digests(c, doc, src, line);
	return add_game(c, doc, src, line);
}

/* ------------------------------------------------------ input routes */

/* A record replayed into the document check --format=json writes for it
 * (its diagnostic, if any, to `out`). */
static json_t *record_doc(arb_out *out, const arb_record *rec)
{
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
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

static int from_record(void *ctx, const arb_record *rec)
{
	st_ctx *c = ctx;
	json_t *doc = record_doc(c->out, rec);
	int rc = add_game(c, doc, rec->file, rec->line);
	json_decref(doc);
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
	return add_game(ctx, doc, file, line) ? 1 : 0;
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
			in.table = false;
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
		input_error(c, name, lines_before + w.line, w.col, "%s", w.why);
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

static int from_tsv(st_ctx *c, FILE *f, const char *name, size_t lines_before)
{
	arb_buf buf = { 0 };
	size_t no = lines_before;
	int rc = 0, got;
	/* check's header; results written before the digest column read too */
	static const char header[] =
		"file\tline\tgame\tevent\tround\ttable\tplayers\tverdict\tmoves\tscores\twinners\terror_line\terror_col\trule\tmessage\tdigest";
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
				rc = input_error(c, name, no, 1,
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
			rc = input_error(c, name, no, 1, "a row needs %zu tab-separated fields",
					 ncols);
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
		arb_json_set(doc, "moves", json_integer(atol(col[8])));
		/* an unfinished game's message column holds its Termination */
		if (!strcmp(col[7], "unfinished") && *col[14])
			arb_json_set(doc, "termination", arb_json_str(col[14]));
		else
			arb_json_set(doc, "message", arb_json_str(col[14]));
		arb_json_set(doc, "digest",
			     arb_json_str(ncols == 16 && *col[15] ? col[15] : hexrow));
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
	else if (ch == 'g' && standings_tsv(f, blanks, &taken))
		rc = input_error(c, name, taken.lines + 1, 1,
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

/* ------------------------------------------------------------ output */

static int64_t tb_value(const player *p, enum tiebreak t)
{
	switch (t) {
	case TB_POINTS:
		return p->points;
	case TB_WINS:
		return p->wins;
	case TB_SCORE:
		return p->score;
	case TB_SHARE:
		return p->share;
	}
	return 0;
}

static const scheme *sort_scheme;

/* Higher is better on every key; names break what is left, so the order
 * is total and the output stable.  The sums are exact integers: equal
 * means equal. */
static int cmp_equal(const player *a, const player *b)
{
	if (a->points != b->points)
		return a->points > b->points ? -1 : 1;
	for (size_t i = 0; i < sort_scheme->ntb; i++) {
		int64_t x = tb_value(a, sort_scheme->tb[i]), y = tb_value(b, sort_scheme->tb[i]);
		if (x != y)
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

/* A sum as the number it stands for, rounded to 4 decimals so YAML and
 * JSON print the same short numbers. */
static double shown(int64_t sum, int64_t unit)
{
	return round((double)sum / (double)unit * 10000) / 10000;
}

static int cmp_digest(const void *pa, const void *pb)
{
	const arb_digest *a = pa, *b = pb;
	if (a->h[0] != b->h[0])
		return a->h[0] < b->h[0] ? -1 : 1;
	if (a->h[1] != b->h[1])
		return a->h[1] < b->h[1] ? -1 : 1;
	return 0;
}

/* The fingerprints of group ev's games (digests[0..n), sorted here, so
 * the same games give the same bytes whatever their order), as documents
 * of at most 4096 after the group's table: a merge finds a game counted
 * in two partial tables by them. */
static void print_digests(st_ctx *c, size_t ev, arb_digest *digests, size_t n)
{
	qsort(digests, n, sizeof *digests, cmp_digest);
	for (size_t i = 0; i < n; i += 4096) {
		json_t *doc = json_object(), *list = json_array();
		arb_json_set(doc, "group", arb_json_str(c->ev[ev].name));
		for (size_t k = i; k < n && k < i + 4096; k++) {
			char hex[ARB_DIGEST_HEX];
			arb_digest_hex(&digests[k], hex);
			arb_json_push(list, arb_json_str(hex));
		}
		arb_json_set(doc, "digests", list);
		arb_out_doc(c->out, doc);
	}
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
		arb_buf_printf(&b, "%s%s: %ld game%s counted, %zu left out", ev ? "\n" : "",
			       e->name, e->games, e->games == 1 ? "" : "s", left);
		if (e->duplicates)
			arb_buf_printf(&b, ", %ld duplicate%s not counted", e->duplicates,
				       e->duplicates == 1 ? "" : "s");
		arb_buf_printf(&b, "; scheme %s (points", c->sc.name);
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
		double points = (double)p->points / (double)c->points_unit;
		double share = (double)p->share / SHARE_UNIT;
		if (c->o->format == FMT_TEXT) {
			arb_buf_printf(&b, "%4zu  ", rank);
			put_padded(&b, p->name, 20);
			arb_buf_printf(&b, "  %5ld  %4ld  %-12s %7.2f  %6ld  %6.3f\n", p->games,
				       p->wins, places, points, p->score, share);
		} else if (c->o->format == FMT_TSV) {
			arb_buf_printf(&b, "%s\t%zu\t%s\t%ld\t%ld\t%s\t%.4f\t%ld\t%.4f\n", e->name,
				       rank, p->name, p->games, p->wins, places, points, p->score,
				       share);
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
			arb_json_set(r, "points", json_real(shown(p->points, c->points_unit)));
			arb_json_set(r, "score", json_integer(p->score));
			arb_json_set(r, "share", json_real(shown(p->share, SHARE_UNIT)));
			/* the exact sums (in "units"), by which tables merge */
			json_t *sums = json_object();
			arb_json_set(sums, "points", json_integer(p->points));
			arb_json_set(sums, "share", json_integer(p->share));
			arb_json_set(r, "sums", sums);
			arb_json_push(rows, r);
		}
	}
	if (c->o->format == FMT_TEXT) {
		size_t i;
		json_t *v;
		json_array_foreach(e->stopped, i, v)
		{
			long moves = (long)json_integer_value(json_object_get(v, "moves"));
			arb_buf_printf(&b, "stopped: %s:%ld: %s after %ld move%s; ",
				       str_of(v, "file"),
				       (long)json_integer_value(json_object_get(v, "line")),
				       str_of(v, "termination"), moves, moves == 1 ? "" : "s");
			json_t *w = json_object_get(v, "winners");
			arb_buf_puts(&b, json_array_size(w) > 1 ? "winners: " : "winner: ");
			size_t k;
			json_t *name;
			json_array_foreach(w, k, name)
				arb_buf_printf(&b, "%s%s", k ? ", " : "", json_string_value(name));
			arb_buf_putc(&b, '\n');
		}
		json_array_foreach(e->left_out, i, v)
			arb_buf_printf(&b, "left out: %s:%ld: %s: %s\n", str_of(v, "file"),
				       (long)json_integer_value(json_object_get(v, "line")),
				       str_of(v, "verdict"), str_of(v, "why"));
	}
	if (c->o->format == FMT_TEXT || c->o->format == FMT_TSV) {
		arb_out_text(c->out, b.p ? b.p : "", b.len);
		json_decref(rows);
		json_decref(doc);
	} else {
		arb_json_set(doc, "group", arb_json_str(e->name));
		arb_json_set(doc, "scheme", arb_json_str(c->sc.name));
		arb_json_set(doc, "grouping", arb_json_str(grouping_name(c)));
		arb_json_set(doc, "names", arb_json_str(c->o->names_exact ? "exact" : "fold"));
		arb_json_set(doc, "illegal",
			     arb_json_str(c->o->include_illegal ? "counted" : "left out"));
		json_t *units = json_object();
		arb_json_set(units, "points", json_integer(c->points_unit));
		arb_json_set(units, "share", json_integer(SHARE_UNIT));
		arb_json_set(doc, "units", units);
		arb_json_set(doc, "games", json_integer(e->games));
		arb_json_set(doc, "duplicates", json_integer(e->duplicates));
		arb_json_set(doc, "standings", rows);
		arb_json_set(doc, "stopped", json_incref(e->stopped));
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
	c.points_unit = c.sc.kind == PTS_SHARE ? SHARE_UNIT : POINTS_UNIT;
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
	 * scanning all players once per group would be quadratic; the same
	 * for the fingerprints a partial table lists */
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
	bool tables = o->format == FMT_JSON || o->format == FMT_YAML;
	size_t *dfirst = NULL;
	arb_digest *digests = NULL;
	if (tables && c.nseen) {
		dfirst = arb_xcalloc(c.nev + 1, sizeof *dfirst);
		digests = arb_xmalloc(c.nseen * sizeof *digests);
		for (size_t i = 0; i < c.cap_seen; i++)
			if (c.seen[i].file1)
				dfirst[c.seen[i].event + 1]++;
		for (size_t e = 0; e < c.nev; e++)
			dfirst[e + 1] += dfirst[e];
		memcpy(fill, dfirst, (c.nev + 1) * sizeof *fill);
		for (size_t i = 0; i < c.cap_seen; i++)
			if (c.seen[i].file1)
				digests[fill[c.seen[i].event]++] = c.seen[i].d;
	}
	for (size_t e = 0; e < c.nev; e++) {
		print_event(&c, e, list + first[e], first[e + 1] - first[e]);
		if (digests)
			print_digests(&c, e, digests + dfirst[e], dfirst[e + 1] - dfirst[e]);
	}
	free(digests);
	free(dfirst);
	free(fill);
	free(list);
	free(first);
	free(c.pl_index.slot);
	free(c.ev_index.slot);
	free(c.file_index.slot);
	free(c.seen);
	arb_buf_free(&c.names);
	for (size_t i = 0; i < c.nfiles; i++)
		free(c.files[i]);
	free(c.files);
	for (size_t i = 0; i < c.npl; i++) {
		free(c.pl[i].name);
		free(c.pl[i].key);
	}
	for (size_t i = 0; i < c.nev; i++) {
		free(c.ev[i].name);
		json_decref(c.ev[i].left_out);
		json_decref(c.ev[i].stopped);
	}
	free(c.pl);
	free(c.ev);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}
