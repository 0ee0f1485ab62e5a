/*
 * record.c — a match game's record (notation/match.md, "Records"): the
 * tags the runner writes (Event, Round, Seed, the bots' names as the
 * seats' players, TimeControl), and at the end the ones that say how the
 * game ended: Result, Termination and Forfeit for a game stopped, and
 * Turns, the number of turn lines, by which --resume tells a record cut
 * short from a whole one.  Also the seats' view records (--views) and
 * the reading of an output file to resume from.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"
#include "../core/reader.h"
#include "../core/replay.h"
#include "../core/util.h"
#include "../referee/table.h"
#include "../games/registry.h"

/* A tag line, its value escaped as TGN wants it. */
static void tag(arb_buf *b, const char *name, const char *v)
{
	arb_buf_printf(b, "[%s \"", name);
	for (; *v; v++) {
		if (*v == '"' || *v == '\\')
			arb_buf_putc(b, '\\');
		arb_buf_putc(b, *v);
	}
	arb_buf_puts(b, "\"]\n");
}

/* "300+5" from milliseconds, without needless decimals. */
static void seconds(arb_buf *b, int64_t ms)
{
	if (ms % 1000)
		arb_buf_printf(b, "%lld.%03lld", (long long)(ms / 1000), (long long)(ms % 1000));
	else
		arb_buf_printf(b, "%lld", (long long)(ms / 1000));
	while (b->len && b->p[b->len - 1] == '0' && memchr(b->p, '.', b->len))
		b->p[--b->len] = '\0';
}

void arb_match_header(const arb_match *m, const arb_match_game *mg, arb_buf *head, uint64_t *rng)
{
	arb_buf_printf(head, "[Game \"%s\"]\n", m->g->name);
	tag(head, "Event", m->event);
	arb_buf_printf(head, "[Round \"%ld\"]\n[Seed \"%llu\"]\n", mg->round,
		       (unsigned long long)mg->seed);
	for (size_t s = 0; s < m->seats; s++)
		tag(head, m->g->colours[s], m->bots[mg->bot[s]].name);
	arb_buf tc = { 0 };
	if (m->base_ms >= 0) {
		seconds(&tc, m->base_ms);
		arb_buf_putc(&tc, '+');
		seconds(&tc, m->inc_ms);
	} else {
		arb_buf_puts(&tc, "-");
	}
	tag(head, "TimeControl", tc.p);
	if (m->move_ms > 0) {
		arb_buf_reset(&tc);
		seconds(&tc, m->move_ms);
		tag(head, "MoveTime", tc.p);
	}
	arb_buf_free(&tc);
	if (m->variant)
		tag(head, "Variant", m->variant);
	if (m->g->random_tags)
		m->g->random_tags(m->data, m->seats, rng, head);
}

/* The scores the record reaches, by replaying it; false when it cannot
 * be replayed (which would be the runner's fault). */
static bool scores(const arb_buf *rec, int *score, size_t n)
{
	arb_replayed m;
	arb_replay_bytes(&m, rec->p, rec->len, "match", &arb_registry);
	bool ok = m.rp.rec && (m.rp.verdict == ARB_UNFINISHED || m.rp.verdict == ARB_LEGAL);
	for (size_t s = 0; ok && s < n; s++)
		score[s] = m.rp.st.score[s];
	arb_replayed_free(&m);
	return ok;
}

/* The tags that say how a game stopped (Result, Termination, Forfeit or
 * Adjudication), in place of the table's Result line; nothing for a game
 * the rules ended. */
static void ending(const arb_match *m, arb_table *t, const arb_game_result *res, const arb_buf *rec,
		   arb_buf *out)
{
	size_t n = m->seats;
	unsigned lost = res->lost;
	bool stopped = lost || res->adjudicated;
	int score[ARB_MAX_SEATS] = { 0 };
	if (stopped && !scores(rec, score, n))
		memset(score, 0, sizeof score);
	if (stopped) {
		/* the winners: the best score among the seats that did not
		 * forfeit (notation/match.md, "Forfeits") */
		int best = -1;
		for (size_t s = 0; s < n; s++)
			if (!(lost >> s & 1) && score[s] > best)
				best = score[s];
		arb_buf w = { 0 };
		for (size_t s = 0; s < n; s++)
			if (!(lost >> s & 1) && score[s] == best)
				arb_buf_printf(&w, "%s%s", w.len ? ", " : "",
					       arb_table_colour(t, s));
		tag(out, "Result", w.len ? w.p : "*");
		if (w.len)
			tag(out, "Termination",
			    res->forfeit == ARB_FF_TIME ? "time forfeit" : "adjudicated");
		arb_buf_free(&w);
	}
	if (lost)
		tag(out, "Forfeit", res->detail);
	else if (res->adjudicated)
		arb_buf_printf(out, "[Adjudication \"--max-moves %ld: the best score wins\"]\n",
			       m->max_moves);
}

void arb_match_record(const arb_match *m, arb_table *t, arb_game_result *res)
{
	arb_buf rec = { 0 };
	arb_table_record(t, -1, &rec);
	/* the table's Result line, the last tag line, is replaced when the
	 * game was stopped */
	const char *r = strstr(rec.p, "\n[Result \"");
	size_t at = r ? (size_t)(r - rec.p) + 1 : 0;
	size_t end = r ? at + strcspn(rec.p + at, "\n") + 1 : 0;
	arb_buf *out = &res->record;
	arb_buf_put(out, rec.p, at);
	arb_buf tail = { 0 };
	ending(m, t, res, &rec, &tail);
	if (!res->lost && !res->adjudicated)
		arb_buf_put(out, rec.p + at, end - at);
	arb_buf_put(out, tail.p ? tail.p : "", tail.len);
	arb_buf_printf(out, "[Turns \"%zu\"]\n", arb_table_moves(t));
	arb_buf_put(out, rec.p + end, rec.len - end);
	arb_buf_free(&tail);
	arb_buf_free(&rec);
}

void arb_match_views(const arb_match *m, const arb_match_game *mg, arb_table *t)
{
	for (size_t s = 0; s < m->seats; s++) {
		arb_buf rec = { 0 }, path = { 0 };
		arb_table_record(t, (int)s, &rec);
		arb_buf_printf(&path, "%s/%ld-%s.tgn", m->views, mg->round, arb_table_colour(t, s));
		int fd = open(path.p, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		bool ok = fd >= 0 && write(fd, rec.p, rec.len) == (ssize_t)rec.len;
		if (fd >= 0 && close(fd) != 0)
			ok = false;
		if (!ok)
			fprintf(stderr, "arbiter: match: %s: %s\n", path.p, strerror(errno));
		arb_buf_free(&rec);
		arb_buf_free(&path);
	}
}
