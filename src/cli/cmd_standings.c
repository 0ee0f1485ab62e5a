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
 * are found by hash, so the work is linear in the input.  --rating and
 * --sprt need the games themselves: each counted game's seats and places
 * are kept (standings_fit.c), and partial tables are refused.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

#include <jansson.h>

#include "standings.h"
#include "../core/data.h"
#include "../core/digest.h"
#include "../core/util.h"

/* ------------------------------------------------------ aggregation */

/* A 64-bit finaliser (splitmix64's): every input bit moves every output
 * bit, so the slot a key takes depends on all of it. */
static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* The key of this run's hash tables: random, so input written to pile
 * its names or fingerprints into one run of slots (quadratic probing
 * work) cannot know which slots it would need.  Order of output never
 * depends on it (tables and fingerprints are sorted). */
static uint64_t run_key(void)
{
	static uint64_t key;
	if (!key) {
		if (getentropy(&key, sizeof key))
			key = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)&key;
		key |= 1;
	}
	return key;
}

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
			size_t k = mix64(m->slot[i].hash ^ run_key()) & (cap - 1);
			while (slot[k].idx1)
				k = (k + 1) & (cap - 1);
			slot[k] = m->slot[i];
		}
		free(m->slot);
		m->slot = slot;
		m->cap = cap;
	}
	size_t k = mix64(hash ^ run_key()) & (m->cap - 1);
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
size_t st_event_index(st_ctx *c, const char *name)
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
uint32_t st_file_index(st_ctx *c, const char *name)
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

/* A player's name as shown and as compared (names.c), by --names. */
static void name_forms(const st_ctx *c, const char *name, arb_buf *b, size_t *shown, size_t *key)
{
	arb_name_forms(name, c->o->names_exact, b, shown, key);
}

/* The index of the player whose name is `shown` as shown and `key` as
 * compared (name_forms) in group `ev`, added if new. */
static size_t player_of_forms(st_ctx *c, size_t ev, const char *shown, const char *keystr)
{
	player_key key = { ev, keystr };
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
	p->name = arb_xstrdup(shown);
	p->key = arb_xstrdup(key.key);
	slot->hash = h;
	slot->idx1 = c->npl + 1;
	c->pl_index.n++;
	return c->npl++;
}

/* The index of the player `name` in group `ev`, added if new.  An index,
 * not a pointer: adding a player may move the whole table. */
size_t st_player_get(st_ctx *c, size_t ev, const char *name)
{
	arb_buf *b = &c->names;
	size_t shown, key;
	name_forms(c, name, b, &shown, &key);
	return player_of_forms(c, ev, b->p + shown, b->p + key);
}

const char *st_str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : "";
}

/* Report a malformed results stream at src:line:col.  Returns -1. */
int st_input_error(st_ctx *c, const char *src, size_t line, size_t col, const char *fmt, ...)
{
	arb_diag d;
	va_list ap;
	va_start(ap, fmt);
	arb_diag_vset(&d, src, (uint32_t)line, (uint32_t)col, fmt, ap);
	va_end(ap);
	arb_out_diag(c->out, &d);
	return -1;
}

/* A warning on stderr, FILE:LINE: warning: MESSAGE, unless -q. */
void st_warn_at(st_ctx *c, const char *src, size_t line, const char *fmt, ...)
{
	if (c->o->quiet)
		return;
	arb_buf b = { 0 };
	arb_buf_put_utf8(&b, src);
	if (line)
		arb_buf_printf(&b, ":%zu", line);
	arb_buf_puts(&b, ": warning: ");
	va_list ap;
	va_start(ap, fmt);
	arb_buf_put_vmsg(&b, ARB_MSG_MAX, fmt, ap);
	va_end(ap);
	arb_buf_putc(&b, '\n');
	fputs(b.p, stderr);
	arb_buf_free(&b);
}

/* Where fingerprint d starts its probe: both halves mixed with the run's
 * key, so fingerprints that share a half (a results file can say any
 * fingerprint it likes) still spread over the table. */
static uint64_t digest_slot(const arb_digest *d)
{
	return mix64(d->h[0] ^ run_key()) ^ mix64(d->h[1] + run_key());
}

/* The slot of fingerprint d in c->seen: its entry, or the empty slot
 * where it goes (the table grown first). */
seen_game *st_seen_slot(st_ctx *c, const arb_digest *d)
{
	if (2 * (c->nseen + 1) > c->cap_seen) {
		size_t cap = c->cap_seen ? 2 * c->cap_seen : 1024;
		seen_game *t = arb_xcalloc(cap, sizeof *t);
		for (size_t i = 0; i < c->cap_seen; i++) {
			if (!c->seen[i].file1)
				continue;
			size_t k = digest_slot(&c->seen[i].d) & (cap - 1);
			while (t[k].file1)
				k = (k + 1) & (cap - 1);
			t[k] = c->seen[i];
		}
		free(c->seen);
		c->seen = t;
		c->cap_seen = cap;
	}
	size_t k = digest_slot(d) & (c->cap_seen - 1);
	while (c->seen[k].file1 && !(c->seen[k].d.h[0] == d->h[0] && c->seen[k].d.h[1] == d->h[1]))
		k = (k + 1) & (c->cap_seen - 1);
	return &c->seen[k];
}

/* Whether the game `g` (read from src:line, in group ev) is one seen
 * before: with --duplicates=skip it is then left out, with a warning;
 * with warn, counted again, with a warning; with count, never asked.
 * Returns true when the game must not be counted. */
static bool duplicate(st_ctx *c, const st_result *g, size_t ev, const char *src, size_t line)
{
	if (c->o->duplicates == DUP_COUNT || !g->has_digest)
		return false;
	/* the first copy is named by the game's own place, which a result
	 * names: the same by every route */
	const char *game_file = *g->file ? g->file : src;
	size_t game_line = *g->file ? (size_t)g->line : line;
	seen_game *s = st_seen_slot(c, &g->digest);
	if (!s->file1) {
		s->d = g->digest;
		s->file1 = st_file_index(c, game_file);
		s->line = (uint32_t)game_line;
		s->event = (uint32_t)ev;
		c->nseen++;
		return false;
	}
	const char *first = c->files[s->file1 - 1];
	bool skip = c->o->duplicates == DUP_SKIP;
	if (s->line)
		st_warn_at(c, src, line, "the same game as %s:%u: %s", first, (unsigned)s->line,
			   skip ? "not counted again" : "counted again (--duplicates=warn)");
	else
		st_warn_at(c, src, line, "a game that the partial table %s counted: %s", first,
			   skip ? "not counted again" : "counted again (--duplicates=warn)");
	if (skip)
		c->ev[ev].duplicates++;
	return skip;
}

/* The group of game g by its name: its Event, then Round and Table as
 * --group asks. */
static size_t group_named(st_ctx *c, const st_result *g)
{
	char group[512];
	int glen = snprintf(group, sizeof group, "%s", *g->event ? g->event : "(no Event tag)");
	if (c->o->group >= 1 && glen > 0 && (size_t)glen < sizeof group)
		glen += snprintf(group + glen, sizeof group - (size_t)glen, ", round %s",
				 *g->round ? g->round : "?");
	if (c->o->group >= 2 && glen > 0 && (size_t)glen < sizeof group)
		snprintf(group + glen, sizeof group - (size_t)glen, ", table %s",
			 *g->table ? g->table : "?");
	return st_event_index(c, group);
}

/* The group of game g: its Event, then Round and Table as --group asks,
 * or one for all (--group=none). */
static size_t group_of(st_ctx *c, const st_result *g)
{
	if (c->o->group == GROUP_NONE)
		return st_event_index(c, "All games");
	/* games of one group mostly come together: the last game's tags that
	 * --group reads (event, then round, then table, each ended by its
	 * NUL) name the same group again without its name made and looked up */
	const char *tags[3] = { g->event, g->round, g->table };
	size_t ntags = (size_t)c->o->group + 1;
	arb_buf *last = &c->group_tags;
	if (last->len) {
		const char *at = last->p;
		size_t k = 0;
		while (k < ntags && !strcmp(at, tags[k]))
			at += strlen(at) + 1, k++;
		if (k == ntags)
			return c->group_last;
	}
	arb_buf_reset(last);
	for (size_t k = 0; k < ntags; k++)
		arb_buf_put(last, tags[k], strlen(tags[k]) + 1);
	return c->group_last = group_named(c, g);
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
		st_warn_at(
			c, src, line,
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

/* List the game g as left out of group ev: its place, verdict and why
 * (`why`, or its own message). */
static void leave_out(st_ctx *c, size_t ev, const st_result *g, const char *verdict,
		      const char *why)
{
	json_t *lo = json_object();
	arb_json_set(lo, "file", arb_json_str(g->file));
	arb_json_set(lo, "line", json_integer(g->line));
	arb_json_set(lo, "verdict", arb_json_str(verdict));
	if (!why) {
		why = g->message;
		if (!*why && g->verdict == ARB_UNFINISHED)
			why = "the game is not over";
	}
	arb_json_set(lo, "why", arb_json_str(why));
	arb_json_push(c->ev[ev].left_out, lo);
}

/* The seats' players (st_player_get), or -1 when two seats are one
 * player (the same name, as --names compares them): a record error, or
 * that player would be counted twice for one game.  Says which in
 * why[size]; no player is added then. */
static int seat_players(st_ctx *c, size_t ev, const st_result *g, size_t *who, char *why,
			size_t size)
{
	size_t at[ARB_MAX_SEATS], shown[ARB_MAX_SEATS];
	for (size_t i = 0; i < g->nseats; i++) {
		name_forms(c, g->seat[i].player, &c->seat_keys[i], &shown[i], &at[i]);
		for (size_t j = 0; j < i; j++) {
			if (strcmp(c->seat_keys[i].p + at[i], c->seat_keys[j].p + at[j]))
				continue;
			snprintf(
				why, size,
				"player \"%.200s\" holds two seats (%s and %s): one player plays one seat",
				g->seat[i].player, g->seat[j].colour, g->seat[i].colour);
			return -1;
		}
	}
	/* each name folded once: its forms are at hand */
	for (size_t i = 0; i < g->nseats; i++)
		who[i] = player_of_forms(c, ev, c->seat_keys[i].p + shown[i],
					 c->seat_keys[i].p + at[i]);
	return 0;
}

/* The seats of a counted game (`win` as counted) added to their players
 * who[], all or none: each sum in checked arithmetic; placed[] gets their
 * places.  Returns 0, or -1 with a diagnostic when a sum would overflow. */
static int tally_seats(st_ctx *c, const st_result *g, const bool *win, unsigned last,
		       const size_t *who, size_t *placed, const char *src, size_t line)
{
	size_t n = g->nseats;
	long best = 0;
	for (size_t i = 0; i < n; i++)
		if (i == 0 || g->seat[i].score > best)
			best = g->seat[i].score;
	player sum[ARB_MAX_SEATS];
	/* place: winners first, then by score; equal standing shares a place */
	for (size_t i = 0; i < n; i++) {
		size_t ahead = 0, tied = 0;
		long si = g->seat[i].score;
		for (size_t j = 0; j < n; j++) {
			if (j == i)
				continue;
			/* winners, then the seats that did not forfeit, then score */
			long sj = g->seat[j].score;
			bool li = last >> i & 1, lj = last >> j & 1;
			bool better = (win[j] && !win[i]) || (win[j] == win[i] && (li && !lj)) ||
				      (win[j] == win[i] && li == lj && sj > si);
			bool same = win[j] == win[i] && li == lj && sj == si;
			ahead += better;
			tied += same;
		}
		size_t place = placed[i] = ahead + 1;
		int64_t share = best > 0 ? llround((double)si * SHARE_UNIT / (double)best)
					 : (win[i] ? SHARE_UNIT : 0);
		int64_t points = 0;
		switch (c->sc.kind) {
		case PTS_WINS:
			points = win[i] ? POINTS_UNIT : 0;
			break;
		case PTS_SHARE:
			points = share;
			break;
		case PTS_PLACEMENT:
		case PTS_LIST:
			points = place_points(c, n, place, c->sc.ties_best ? place : place + tied,
					      src, line);
			break;
		}
		sum[i] = c->pl[who[i]];
		player *p = &sum[i];
		if (__builtin_add_overflow(p->games, 1, &p->games) ||
		    __builtin_add_overflow(p->wins, win[i], &p->wins) ||
		    __builtin_add_overflow(p->places[place - 1], 1, &p->places[place - 1]) ||
		    __builtin_add_overflow(p->score, si, &p->score) ||
		    __builtin_add_overflow(p->share, share, &p->share) ||
		    __builtin_add_overflow(p->points, points, &p->points))
			return st_input_error(c, src, line, 1,
					      "%s's sums overflow once this game is added",
					      c->pl[who[i]].name);
	}
	for (size_t i = 0; i < n; i++)
		c->pl[who[i]] = sum[i];
	return 0;
}

/* A stopped game's entry in its group's list: the winners decided. */
static void list_stopped(st_ctx *c, size_t ev, const st_result *g, const bool *win)
{
	json_t *winners = json_array();
	for (size_t i = 0; i < g->nseats; i++)
		if (win[i]) /* as written: the same by every route */
			arb_json_push(winners, arb_json_str(g->seat[i].player));
	json_t *st = json_object();
	arb_json_set(st, "file", arb_json_str(g->file));
	arb_json_set(st, "line", json_integer(g->line));
	arb_json_set(st, "termination", arb_json_str(g->termination));
	arb_json_set(st, "moves", json_integer(g->moves));
	arb_json_set(st, "winners", winners);
	arb_json_push(c->ev[ev].stopped, st);
}

/* One game's result (read from `src` at `line`, its values checked by
 * standings_read.c when it came as a document) into the tables.  Returns
 * -1 (with a diagnostic) when a sum would overflow. */
int st_add_game(st_ctx *c, const st_result *g, const char *src, size_t line)
{
	size_t ev = group_of(c, g);
	if (duplicate(c, g, ev, src, line))
		return 0;
	arb_verdict v = g->verdict;
	/* a game stopped with its winners decided (check names its
	 * Termination) counts with them */
	bool stopped = v == ARB_UNFINISHED && *g->termination;
	/* the same exit status by both routes: 1 for an illegal game, 2 for
	 * a record that could not be replayed */
	if (v == ARB_ILLEGAL)
		arb_out_status(c->out, ARB_EXIT_ILLEGAL);
	else if (v == ARB_ERROR)
		arb_out_status(c->out, ARB_EXIT_ERROR);
	bool counts = v == ARB_LEGAL || stopped || (c->o->include_illegal && v == ARB_ILLEGAL);
	if (!counts || g->nseats == 0) {
		leave_out(c, ev, g, arb_verdict_name(v), NULL);
		return 0;
	}
	char why[ARB_MSG_MAX];
	size_t who[ARB_MAX_SEATS], placed[ARB_MAX_SEATS];
	if (seat_players(c, ev, g, who, why, sizeof why)) {
		st_input_error(c, src, line, 1, "%s: the game is left out", why);
		leave_out(c, ev, g, "error", why);
		return 0;
	}
	bool win[ARB_MAX_SEATS];
	for (size_t i = 0; i < g->nseats; i++)
		win[i] = g->seat[i].winner && (v == ARB_LEGAL || stopped);
	if (c->ev[ev].games == LONG_MAX)
		return st_input_error(c, src, line, 1, "group %s: too many games to count",
				      c->ev[ev].name);
	/* a match game a seat forfeited ([Forfeit "Blue: ..."], written by
	 * `arbiter match`): that seat is placed last (notation/match.md) */
	unsigned last = 0;
	const char *ff = stopped ? g->forfeit : "";
	size_t fflen = strcspn(ff, ":");
	for (size_t i = 0; ff[fflen] == ':' && i < g->nseats; i++) {
		const char *col = g->seat[i].colour;
		if (strlen(col) == fflen && !strncasecmp(col, ff, fflen))
			last |= 1u << i;
	}
	if (tally_seats(c, g, win, last, who, placed, src, line) ||
	    st_fit_add(c, ev, g->nseats, who, placed, src, line))
		return -1;
	c->ev[ev].games++;
	if (stopped)
		list_stopped(c, ev, g, win);
	return 0;
}

const char *const st_tb_names[4] = { "points", "wins", "score", "share" };

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

/* The text table's heading: the group's counts, its scheme, why there
 * are several tables, and the columns. */
static void print_heading(st_ctx *c, size_t ev, arb_buf *b)
{
	event *e = &c->ev[ev];
	size_t left = json_array_size(e->left_out);
	arb_buf_printf(b, "%s%s: %ld game%s counted, %zu left out", ev ? "\n" : "", e->name,
		       e->games, e->games == 1 ? "" : "s", left);
	if (e->duplicates)
		arb_buf_printf(b, ", %ld duplicate%s not counted", e->duplicates,
			       e->duplicates == 1 ? "" : "s");
	arb_buf_printf(b, "; scheme %s (points", c->sc.name);
	for (size_t i = 0; i < c->sc.ntb; i++)
		arb_buf_printf(b, ", then %s", st_tb_names[c->sc.tb[i]]);
	/* several tables: say why, and how to have one */
	static const char *const per[] = { "Event", "Event and Round", "Event, Round and Table" };
	if (c->nev > 1 && c->o->group != GROUP_NONE)
		arb_buf_printf(b, "); one table per %s (--group=none: one for all",
			       per[c->o->group]);
	arb_buf_puts(
		b,
		")\nrank  player                games  wins  places        points   score   share");
	st_fit_text_head(c, b);
	arb_buf_putc(b, '\n');
}

/* A player's row of a JSON or YAML table (the fit's columns added by the
 * caller). */
static json_t *player_json(const st_ctx *c, const player *p, size_t rank, size_t maxp)
{
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
	return r;
}

/* Below a text table: the games stopped early and the games left out. */
static void print_left(const event *e, arb_buf *b)
{
	size_t i;
	json_t *v;
	json_array_foreach(e->stopped, i, v)
	{
		long moves = (long)json_integer_value(json_object_get(v, "moves"));
		arb_buf_printf(b, "stopped: %s:%ld: %s after %ld move%s; ", st_str(v, "file"),
			       (long)json_integer_value(json_object_get(v, "line")),
			       st_str(v, "termination"), moves, moves == 1 ? "" : "s");
		json_t *w = json_object_get(v, "winners");
		arb_buf_puts(b, json_array_size(w) > 1 ? "winners: " : "winner: ");
		size_t k;
		json_t *name;
		json_array_foreach(w, k, name)
			arb_buf_printf(b, "%s%s", k ? ", " : "", json_string_value(name));
		arb_buf_putc(b, '\n');
	}
	json_array_foreach(e->left_out, i, v)
		arb_buf_printf(b, "left out: %s:%ld: %s: %s\n", st_str(v, "file"),
			       (long)json_integer_value(json_object_get(v, "line")),
			       st_str(v, "verdict"), st_str(v, "why"));
}

/* One group's table; `list` holds its n players (sorted here). */
static void print_event(st_ctx *c, size_t ev, player **list, size_t n)
{
	sort_scheme = &c->sc;
	qsort(list, n, sizeof *list, cmp_players);
	st_fitted fit;
	st_fit_group(c, ev, list, n, &fit);
	event *e = &c->ev[ev];
	arb_buf b = { 0 };
	json_t *doc = json_object(), *rows = json_array();
	if (c->o->format == FMT_TEXT)
		print_heading(c, ev, &b);
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
			arb_buf_printf(&b, "  %5ld  %4ld  %-12s %7.2f  %6ld  %6.3f", p->games,
				       p->wins, places, points, p->score, share);
			st_fit_row(c, &fit, i, &b, NULL);
			arb_buf_putc(&b, '\n');
		} else if (c->o->format == FMT_TSV) {
			arb_buf_printf(&b, "%s\t%zu\t%s\t%ld\t%ld\t%s\t%.4f\t%ld\t%.4f", e->name,
				       rank, p->name, p->games, p->wins, places, points, p->score,
				       share);
			st_fit_row(c, &fit, i, &b, NULL);
			arb_buf_putc(&b, '\n');
		} else {
			json_t *r = player_json(c, p, rank, maxp);
			st_fit_row(c, &fit, i, NULL, r);
			arb_json_push(rows, r);
		}
	}
	if (c->o->format == FMT_TEXT) {
		st_fit_text_tail(c, &fit, list, &b);
		print_left(e, &b);
	}
	if (c->o->format == FMT_TEXT || c->o->format == FMT_TSV) {
		arb_out_text(c->out, b.p ? b.p : "", b.len);
		json_decref(rows);
		json_decref(doc);
	} else {
		arb_json_set(doc, "group", arb_json_str(e->name));
		arb_json_set(doc, "scheme", arb_json_str(c->sc.name));
		arb_json_set(doc, "grouping", arb_json_str(st_grouping_name(c)));
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
		st_fit_doc(c, &fit, list, doc);
		arb_json_set(doc, "stopped", json_incref(e->stopped));
		arb_json_set(doc, "left_out", json_incref(e->left_out));
		arb_out_doc(c->out, doc);
	}
	st_fitted_free(&fit);
	arb_buf_free(&b);
}

int arb_cmd_standings(const arb_opts *o)
{
	st_ctx c = { .o = o };
	c.out = arb_out_new(o);
	const char *sname = o->scheme ? o->scheme : "placement";
	if (st_is_preset(sname)) {
		st_preset(&c.sc, sname);
	} else {
		arb_diag d;
		if (st_load_scheme(&c.sc, sname, &d)) {
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
		if (st_read_input(&c, files[i]) && !o->keep_going)
			break;
	if (o->format == FMT_TSV && !o->quiet) {
		arb_buf h = { 0 };
		arb_buf_puts(&h, "group\trank\tplayer\tgames\twins\tplaces\tpoints\tscore\tshare");
		st_fit_tsv_head(&c, &h);
		arb_buf_putc(&h, '\n');
		arb_out_text(c.out, h.p, h.len);
		arb_buf_free(&h);
	}
	if (o->rating || o->sprt)
		st_fit_index(&c);
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
	arb_buf_free(&c.group_tags);
	arb_buf_free(&c.file_shown);
	for (size_t i = 0; i < ARB_MAX_SEATS; i++)
		arb_buf_free(&c.seat_keys[i]);
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
	st_fit_free(&c);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}
