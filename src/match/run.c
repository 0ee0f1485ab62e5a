/*
 * run.c — the whole match (match.h): the schedule of games, the bots'
 * processes, the games played -j at a time, each record appended to the
 * output as its game ends, and --resume from the records already there.
 *
 * The schedule: every bot in every seat equally often.  The bots of a
 * game are a group (with more bots than seats, each combination of them
 * in turn; with --gauntlet, the gauntlet's bot and each combination of
 * the others), and a group plays its seats' rotations one after another:
 * game k is rotation k mod S of group (k / S) mod G.  Its seed is the
 * match's plus k, or with --duplicate plus k / S: each rotation of a
 * group deals the same game.
 *
 * -j N: N threads, a game each, taking the next game of the schedule as
 * they finish.  Threads rather than a process per game: a bot's process
 * lives from game to game (the protocol lets a hello follow over), and
 * its pipes, its pool and its reaping belong to the one process that
 * started it; rather than one poll loop over all games: a game reads as
 * the protocol does, one seat asked at a time.  The bots' processes are
 * the pool's, under one lock; so is the output.
 *
 * The records are the match's state: each is written with one write()
 * and fsync()ed as its game ends, so a runner killed loses only the games
 * being played; --resume reads the file, drops a record cut short (its
 * Turns tag does not match its turn lines) and plays the rounds missing.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "match.h"
#include "../cli/rating.h"
#include "../core/gamedata.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct run {
	arb_match *m;
	pthread_mutex_t lock;
	int fd;	     /* the output */
	int *groups; /* ngroups x seats bot indices */
	size_t ngroups;
	bool *done; /* by round - 1: in the output already */
	long next;  /* the next game of the schedule       */
	long played, forfeits, skipped;
	size_t actions;
	int status;
	char env_bot[ARB_MATCH_BOTS][160];
	/* --sprt: the first bot's wins, draws and losses, and the decision */
	unsigned long sprt_w, sprt_d, sprt_l;
	int sprt_decision;
	double llr, lower, upper;
} run;

/* ------------------------------------------------------------ schedule */

/* Every k-combination of the indices in `from` (n of them), in order,
 * each prefixed by `fixed` (-1: none), appended to r->groups. */
static void combinations(run *r, const int *from, size_t n, size_t k, int fixed)
{
	size_t S = r->m->seats;
	size_t idx[ARB_MAX_SEATS];
	if (k > n)
		return;
	for (size_t i = 0; i < k; i++)
		idx[i] = i;
	for (;;) {
		r->groups = arb_xrealloc(r->groups, (r->ngroups + 1) * S * sizeof *r->groups);
		int *g = r->groups + r->ngroups++ * S;
		size_t j = 0;
		if (fixed >= 0)
			g[j++] = fixed;
		for (size_t i = 0; i < k; i++)
			g[j++] = from[idx[i]];
		size_t i = k;
		while (i > 0 && idx[i - 1] == n - k + i - 1)
			i--;
		if (i == 0)
			return;
		idx[i - 1]++;
		for (size_t q = i; q < k; q++)
			idx[q] = idx[q - 1] + 1;
	}
}

static void schedule(run *r)
{
	arb_match *m = r->m;
	int from[ARB_MATCH_BOTS];
	size_t n = 0;
	for (size_t b = 0; b < m->nbots; b++)
		if ((int)b != m->gauntlet)
			from[n++] = (int)b;
	if (m->gauntlet >= 0)
		combinations(r, from, n, m->seats - 1, m->gauntlet);
	else
		combinations(r, from, n, m->seats, -1);
}

static void game_of(const run *r, long k, arb_match_game *mg)
{
	const arb_match *m = r->m;
	long S = (long)m->seats;
	const int *g = r->groups + (size_t)((k / S) % (long)r->ngroups) * m->seats;
	memset(mg, 0, sizeof *mg);
	mg->round = k + 1;
	mg->seed = m->seed + (uint64_t)(m->duplicate ? k / S : k);
	for (long s = 0; s < S; s++)
		mg->bot[s] = g[(s + k) % S];
}

/* ------------------------------------------------------------ the pool */

/* A process of bot b for a game (under the lock), or NULL with *why. */
static arb_proc *take(run *r, int b, arb_forfeit *why)
{
	arb_match_bot *bot = &r->m->bots[b];
	if (bot->down) {
		*why = ARB_FF_DOWN;
		return NULL;
	}
	if (bot->nidle)
		return bot->idle[--bot->nidle];
	arb_proc *p = arb_xmalloc(sizeof *p);
	const char *env[] = { r->env_bot[b], NULL };
	char msg[256];
	if (arb_proc_start(p, bot->command, NULL, env, bot->foreground, msg, sizeof msg) < 0) {
		fprintf(stderr, "arbiter: match: bot %s: %s\n", bot->name, msg);
		free(p);
		*why = ARB_FF_START;
		return NULL;
	}
	return p;
}

static void give_back(run *r, int b, arb_proc *p, bool kill, bool crash)
{
	arb_match_bot *bot = &r->m->bots[b];
	pthread_mutex_lock(&r->lock);
	bool keep = !kill && bot->nidle < sizeof bot->idle / sizeof bot->idle[0];
	if (keep)
		bot->idle[bot->nidle++] = p;
	else if (crash && !r->m->recover)
		bot->down = true;
	pthread_mutex_unlock(&r->lock);
	if (!keep) { /* ended outside the lock: it may take a second */
		arb_proc_end(p, !kill, kill ? 0 : 200);
		free(p);
	}
}

/* ------------------------------------------------------------ output */

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static void progress(run *r)
{
	if (r->m->progress)
		fprintf(stderr, "\rmatch: %ld/%ld games, %ld forfeits ", r->played + r->skipped,
			r->m->games, r->forfeits);
}

/* A game's record into the output (under the lock). */
static void put_record(run *r, arb_game_result *res)
{
	arb_buf_putc(&res->record, '\n');
	if (write_all(r->fd, res->record.p, res->record.len) < 0 || fsync(r->fd) != 0) {
		fprintf(stderr, "arbiter: match: %s: %s\n", r->m->output, strerror(errno));
		r->status = 2;
		arb_proc_interrupted = 1; /* the records are the state: stop */
	}
	r->played++;
	r->forfeits += res->lost != 0;
	r->actions += res->actions;
	progress(r);
}

static bool tag_value(const char *rec, size_t len, const char *name, char *out, size_t cap);

/* --sprt: count the record rec[0..len) for the first bot (a win, a draw:
 * both or neither won, or a loss) and decide when the test can.  Under
 * the lock. */
static void sprt_count(run *r, const char *rec, size_t len)
{
	const arb_match *m = r->m;
	char result[128], name[256];
	if (!m->sprt || !tag_value(rec, len, "Result", result, sizeof result))
		return;
	bool first_won = false, other_won = false;
	for (size_t c = 0; m->g->colours[c]; c++) {
		if (!tag_value(rec, len, m->g->colours[c], name, sizeof name))
			continue;
		/* "Red" among the winners' "Red, Blue" */
		const char *w = result, *colour = m->g->colours[c];
		size_t n = strlen(colour);
		bool won = false;
		while ((w = strstr(w, colour)) != NULL) {
			won |= (w == result || w[-1] == ' ') && (w[n] == ',' || w[n] == '\0');
			w += n;
		}
		if (won && !strcmp(name, m->bots[0].name))
			first_won = true;
		else if (won)
			other_won = true;
	}
	if (first_won && !other_won)
		r->sprt_w++;
	else if (other_won && !first_won)
		r->sprt_l++;
	else
		r->sprt_d++;
	r->sprt_decision = arb_sprt_trinomial(r->sprt_w, r->sprt_d, r->sprt_l, m->elo0, m->elo1,
					      m->alpha, m->beta, &r->llr, &r->lower, &r->upper);
}

static void *worker(void *arg)
{
	run *r = arg;
	arb_match *m = r->m;
	arb_worker keep = { 0 }; /* this thread's games' keep (game.h) */
	for (;;) {
		pthread_mutex_lock(&r->lock);
		while (r->next < m->games && r->done[r->next])
			r->next++;
		long k = r->next < m->games && !arb_proc_interrupted && !r->status &&
					 r->sprt_decision == ARB_SPRT_CONTINUE
				 ? r->next++
				 : -1;
		arb_match_game mg;
		arb_proc *procs[ARB_MAX_SEATS] = { 0 };
		arb_forfeit why[ARB_MAX_SEATS] = { 0 };
		if (k >= 0) {
			game_of(r, k, &mg);
			for (size_t s = 0; s < m->seats; s++)
				procs[s] = take(r, mg.bot[s], &why[s]);
		}
		pthread_mutex_unlock(&r->lock);
		if (k < 0) {
			arb_worker_end(&keep);
			return NULL;
		}
		arb_game_result res;
		arb_match_play(m, &mg, procs, why, &keep, &res);
		for (size_t s = 0; s < m->seats; s++)
			if (procs[s])
				give_back(r, mg.bot[s], procs[s], res.kill[s] || res.error[0],
					  res.crash[s]);
		pthread_mutex_lock(&r->lock);
		if (res.error[0] && strcmp(res.error, "interrupted")) {
			fprintf(stderr, "arbiter: match: %s\n", res.error);
			r->status = 2;
		} else if (!res.error[0]) {
			put_record(r, &res);
			sprt_count(r, res.record.p, res.record.len);
		}
		pthread_mutex_unlock(&r->lock);
		arb_buf_free(&res.record);
	}
}

/* ------------------------------------------------------------ resume */

/* The value of tag `name` in the record rec[0..len), into out; false
 * when it has none. */
static bool tag_value(const char *rec, size_t len, const char *name, char *out, size_t cap)
{
	char key[32];
	int k = snprintf(key, sizeof key, "[%s \"", name);
	for (size_t i = 0; i + (size_t)k < len; i++) {
		if ((i && rec[i - 1] != '\n') || memcmp(rec + i, key, (size_t)k))
			continue;
		const char *v = rec + i + k;
		size_t n = 0;
		while (v + n < rec + len && v[n] != '"' && v[n] != '\n')
			n++;
		snprintf(out, cap, "%.*s", (int)n, v);
		return true;
	}
	return false;
}

/* Whether a record is whole: it ends with a newline and holds as many
 * turn lines as its Turns tag says. */
static bool whole(const char *rec, size_t len)
{
	char v[32];
	if (!len || rec[len - 1] != '\n' || !tag_value(rec, len, "Turns", v, sizeof v))
		return false;
	const char *body = NULL;
	for (size_t i = 0; i + 1 < len && !body; i++)
		if (rec[i] == '\n' && rec[i + 1] == '\n')
			body = rec + i + 2;
	long turns = 0;
	for (const char *l = body; l && l < rec + len;) {
		const char *e = memchr(l, '\n', (size_t)(rec + len - l));
		if (!e)
			break;
		turns += e > l && *l != '{' && *l != ';' && *l != '[';
		l = e + 1;
	}
	return body && turns == strtol(v, NULL, 10);
}

/* The records already in the output: their rounds are done; a last one
 * cut short is cut off.  Returns 0, or -1 after a message. */
static int resume(run *r, const char *bytes, size_t len)
{
	const arb_match *m = r->m;
	size_t at = 0;
	while (at < len) {
		size_t next = at + 1;
		while (next < len &&
		       !(bytes[next - 1] == '\n' && !strncmp(bytes + next, "[Game \"", 7)))
			next++;
		const char *rec = bytes + at;
		size_t n = next - at;
		char v[128], ev[512];
		bool is_game = !strncmp(rec, "[Game \"", 7);
		if (next == len && (!is_game || !whole(rec, n))) {
			if (ftruncate(r->fd, (off_t)at) != 0 || fsync(r->fd) != 0) {
				fprintf(stderr, "arbiter: match: %s: %s\n", m->output,
					strerror(errno));
				return -1;
			}
			fprintf(stderr,
				"arbiter: match: %s: the last record was cut short: dropped\n",
				m->output);
			break;
		}
		long round = tag_value(rec, n, "Round", v, sizeof v) ? strtol(v, NULL, 10) : 0;
		if (!is_game || !tag_value(rec, n, "Game", v, sizeof v) || strcmp(v, m->g->name) ||
		    !tag_value(rec, n, "Event", ev, sizeof ev) || strcmp(ev, m->event) ||
		    round < 1 || round > m->games || !whole(rec, n)) {
			fprintf(stderr,
				"arbiter: match: %s holds a record (byte %zu) that is not one of "
				"this match's %ld games of %s, Event \"%s\": --resume goes on with "
				"the same match only\n",
				m->output, at, m->games, m->g->name, m->event);
			return -1;
		}
		if (!r->done[round - 1]) {
			r->skipped++;
			sprt_count(r, rec, n);
		}
		r->done[round - 1] = true;
		at = next;
	}
	return 0;
}

/* Open the output: a new file, or with --resume the records so far. */
static int open_output(run *r)
{
	arb_match *m = r->m;
	r->fd = open(m->output, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	struct stat st;
	if (r->fd < 0 || fstat(r->fd, &st) != 0) {
		fprintf(stderr, "arbiter: match: %s: %s\n", m->output, strerror(errno));
		return -1;
	}
	if (st.st_size && !m->resume) {
		fprintf(stderr,
			"arbiter: match: %s is not empty: --resume goes on with its match, or "
			"name another file\n",
			m->output);
		return -1;
	}
	if (!st.st_size)
		return 0;
	char *bytes = arb_xmalloc((size_t)st.st_size + 1);
	size_t got = 0;
	while (got < (size_t)st.st_size) {
		ssize_t n = pread(r->fd, bytes + got, (size_t)st.st_size - got, (off_t)got);
		if (n <= 0) {
			fprintf(stderr, "arbiter: match: %s: %s\n", m->output,
				n ? strerror(errno) : "shorter than its size");
			free(bytes);
			return -1;
		}
		got += (size_t)n;
	}
	bytes[got] = '\0';
	int rc = resume(r, bytes, got);
	free(bytes);
	return rc;
}

/* ------------------------------------------------------------ the match */

static void on_signal(int sig)
{
	(void)sig;
	arb_proc_interrupted = 1;
}

static void signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_IGN;
	/* a bot gone is a forfeit, not our end */
	bool ok = sigaction(SIGPIPE, &sa, NULL) == 0;
	sa.sa_handler = on_signal; /* no SA_RESTART: poll returns at once */
	sigemptyset(&sa.sa_mask);
	ok &= sigaction(SIGINT, &sa, NULL) == 0 && sigaction(SIGTERM, &sa, NULL) == 0 &&
	      sigaction(SIGHUP, &sa, NULL) == 0;
	if (!ok)
		fprintf(stderr, "arbiter: match: cannot set the signals' handlers: %s\n",
			strerror(errno));
}

static double cpu_seconds(int who)
{
	struct rusage ru;
	if (getrusage(who, &ru) != 0)
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static void summary(const run *r, int64_t ms)
{
	double cpu = cpu_seconds(RUSAGE_SELF), bots = cpu_seconds(RUSAGE_CHILDREN);
	double secs = (double)ms / 1000;
	fprintf(stderr,
		"match: %ld games played, %ld already in %s, %ld forfeits, %zu actions in %.2f s "
		"(%.2f games/s); runner CPU %.3f s (%.1f us per action), bots' CPU %.2f s\n",
		r->played, r->skipped, r->m->output, r->forfeits, r->actions, secs,
		secs > 0 ? (double)r->played / secs : 0, cpu,
		r->actions ? cpu * 1e6 / (double)r->actions : 0, bots);
}

int arb_match_run(arb_match *m)
{
	run r = { .m = m, .fd = -1 };
	if (pthread_mutex_init(&r.lock, NULL) != 0) {
		fprintf(stderr, "arbiter: match: cannot make a lock\n");
		return 2;
	}
	schedule(&r);
	r.done = arb_xcalloc((size_t)m->games + 1, sizeof *r.done);
	for (size_t b = 0; b < m->nbots; b++)
		snprintf(r.env_bot[b], sizeof r.env_bot[b], "ARBITER_BOT=%s", m->bots[b].name);
	signals();
	int64_t t0 = arb_now_ms();
	if (open_output(&r) < 0) {
		r.status = 2;
	} else {
		long jobs = m->jobs > 0 ? m->jobs : 1;
		/* the threads replay records: their data is then only read */
		arb_gamedata_load_all(&arb_registry);
		pthread_t th[64];
		long nth = 0;
		for (; nth + 1 < jobs && nth < 64; nth++)
			if (pthread_create(&th[nth], NULL, worker, &r) != 0)
				break;
		worker(&r);
		for (long i = 0; i < nth; i++)
			pthread_join(th[i], NULL);
	}
	for (size_t b = 0; b < m->nbots; b++)
		for (size_t i = 0; i < m->bots[b].nidle; i++) {
			arb_proc_end(m->bots[b].idle[i], true, 500);
			free(m->bots[b].idle[i]);
		}
	if (m->progress)
		fputc('\n', stderr);
	if (r.fd >= 0 && close(r.fd) != 0 && !r.status) {
		fprintf(stderr, "arbiter: match: %s: %s\n", m->output, strerror(errno));
		r.status = 2;
	}
	if (r.fd >= 0)
		summary(&r, arb_now_ms() - t0);
	if (r.fd >= 0 && m->sprt)
		fprintf(stderr,
			"match: SPRT of %s against %s (elo0 %g, elo1 %g, alpha %g, beta %g): "
			"%lu wins, %lu draws, %lu losses; LLR %.3f in [%.3f, %.3f]: %s\n",
			m->bots[0].name, m->bots[1].name, m->elo0, m->elo1, m->alpha, m->beta,
			r.sprt_w, r.sprt_d, r.sprt_l, r.llr, r.lower, r.upper,
			r.sprt_decision == ARB_SPRT_H1	 ? "H1 accepted, the match stopped"
			: r.sprt_decision == ARB_SPRT_H0 ? "H0 accepted, the match stopped"
							 : "not decided within --games");
	if (arb_proc_interrupted && !r.status) {
		fprintf(stderr, "arbiter: match: interrupted; --resume goes on with %s\n",
			m->output);
		r.status = 130;
	}
	free(r.groups);
	free(r.done);
	pthread_mutex_destroy(&r.lock);
	return r.status;
}
