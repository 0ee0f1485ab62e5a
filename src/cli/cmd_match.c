/*
 * cmd_match.c — `arbiter match`: the command line of a tournament between
 * bot programs (notation/match.md).  It checks what was asked (the bots,
 * the clock, the schedule), hands the match to src/match/run.c, then
 * prints the standings of the records written, through `standings` itself
 * so the table is the one `arbiter standings FILE` prints.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "../core/gamedata.h"
#include "../core/util.h"
#include "../games/registry.h"
#include "../match/match.h"

/* Seconds as "2.5" into milliseconds; -1 when malformed. */
static int64_t millis(const char *s, const char **end)
{
	char *e;
	errno = 0;
	double v = strtod(s, &e);
	if (e == s || errno || v < 0 || v > 1e7 || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	*end = e;
	return (int64_t)(v * 1000 + 0.5);
}

static int bad(const char *what, const char *arg)
{
	fprintf(stderr, "arbiter: match: %s: '%s'\n", what, arg);
	fprintf(stderr, "Try 'arbiter match --help' for more information.\n");
	return ARB_EXIT_ERROR;
}

static int clock_options(const arb_opts *o, arb_match *m)
{
	const char *e;
	m->base_ms = -1;
	m->move_ms = o->tc ? 0 : ARB_MATCH_DEFAULT_MOVE_MS;
	if (o->tc) {
		m->base_ms = millis(o->tc, &e);
		if (m->base_ms <= 0 || *e != '+')
			return bad("--tc is BASE+INC in seconds, such as 60+0.5", o->tc);
		m->inc_ms = millis(e + 1, &e);
		if (m->inc_ms < 0 || *e)
			return bad("--tc is BASE+INC in seconds, such as 60+0.5", o->tc);
	}
	if (o->move_time) {
		m->move_ms = millis(o->move_time, &e);
		if (m->move_ms < 0 || *e)
			return bad("--move-time is seconds, such as 2 or 0.5 (0: no limit)",
				   o->move_time);
	}
	return 0;
}

/* This program, quoted for sh, for the built-in bots. */
static void self_command(arb_buf *b)
{
	char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
	const char *p = "arbiter";
	if (n > 0) {
		path[n] = '\0';
		p = path;
	}
	arb_buf_putc(b, '\'');
	for (; *p; p++)
		if (*p == '\'')
			arb_buf_puts(b, "'\\''");
		else
			arb_buf_putc(b, *p);
	arb_buf_putc(b, '\'');
}

/* --bot NAME=COMMAND into m->bots. */
static int bot_options(const arb_opts *o, arb_match *m)
{
	for (int i = 0; i < o->nbots; i++) {
		const char *eq = strchr(o->bots[i], '=');
		arb_match_bot *b = &m->bots[m->nbots++];
		char *name = arb_xstrdup(o->bots[i]);
		name[eq - o->bots[i]] = '\0';
		b->name = name;
		bool clean = arb_utf8_valid(name, strlen(name));
		for (const char *c = name; *c; c++)
			clean &= (unsigned char)*c >= 0x20 && *c != 0x7f;
		if (!clean)
			return bad("--bot: a bot's name is printable UTF-8", name);
		for (size_t k = 0; k + 1 < m->nbots; k++)
			if (!strcasecmp(m->bots[k].name, name))
				return bad("--bot: two bots of one name", name);
		const char *cmd = eq + 1;
		arb_buf c = { 0 };
		if (!strcmp(cmd, "arbiter")) {
			self_command(&c);
			arb_buf_printf(&c, " bot --seed %llu", (unsigned long long)(m->seed + i));
		} else if (!strcmp(cmd, "human") || !strcmp(cmd, "hot-seat")) {
			self_command(&c);
			arb_buf_printf(&c, " bot --strategy %s", cmd);
			b->foreground = true;
		} else if (!*cmd) {
			return bad("--bot: NAME=COMMAND needs a command", o->bots[i]);
		} else {
			arb_buf_puts(&c, cmd);
		}
		b->command = c.p;
	}
	return 0;
}

static long choose(long n, long k)
{
	if (k < 0 || k > n)
		return 0;
	long c = 1;
	for (long i = 1; i <= k; i++) {
		c = c * (n - k + i) / i;
		if (c > 100000000)
			return 100000000;
	}
	return c;
}

/* The bots, seats and number of games, checked together. */
static int schedule_options(const arb_opts *o, arb_match *m)
{
	long S = (long)m->seats, B = (long)m->nbots;
	m->gauntlet = -1;
	if (o->gauntlet) {
		for (size_t b = 0; b < m->nbots; b++)
			if (!strcasecmp(m->bots[b].name, o->gauntlet))
				m->gauntlet = (int)b;
		if (m->gauntlet < 0)
			return bad("--gauntlet names no --bot", o->gauntlet);
	}
	if (B < S || (m->gauntlet >= 0 && B < 2)) {
		fprintf(stderr,
			"arbiter: match: %ld seats need %ld bots of different names (--bot), "
			"not %ld\n",
			S, S, B);
		return ARB_EXIT_ERROR;
	}
	long groups = m->gauntlet >= 0 ? choose(B - 1, S - 1) : choose(B, S);
	long round = groups * S;
	m->games = o->games ? o->games : round;
	if (m->games % round)
		fprintf(stderr,
			"arbiter: match: warning: %ld games are not a whole number of rounds of "
			"%ld (%ld group%s of bots, each in its %ld seatings): some bots play some "
			"seats more often\n",
			m->games, round, groups, groups == 1 ? "" : "s", S);
	return 0;
}

int arb_cmd_match(const arb_opts *o)
{
	const arb_game_ops *g = arb_game_find(o->game);
	if (!g->deal || !g->asked) {
		fprintf(stderr, "arbiter: match: the %s engine cannot be played live yet\n",
			g->name);
		return ARB_EXIT_ERROR;
	}
	arb_match *m = arb_xcalloc(1, sizeof *m);
	m->g = g;
	m->seats = o->players ? (size_t)o->players : g->min_seats;
	if (m->seats < g->min_seats || m->seats > g->max_seats) {
		fprintf(stderr, "arbiter: match: %s seats %u to %u players, not %zu\n", g->name,
			g->min_seats, g->max_seats, m->seats);
		free(m);
		return ARB_EXIT_ERROR;
	}
	arb_diag d;
	m->data = arb_gamedata_get(g, &d);
	if (!m->data) {
		free(m);
		return arb_report_diag(o, &d);
	}
	m->event = "arbiter match";
	m->variant = o->variant;
	m->seed = o->seed;
	m->max_moves = o->max_moves;
	m->duplicate = o->duplicate;
	m->recover = o->recover;
	m->resume = o->resume;
	m->jobs = o->jobs ? o->jobs : 1;
	m->output = o->output;
	m->views = o->views;
	m->sprt = o->sprt;
	m->elo0 = o->sprt_elo0;
	m->elo1 = o->sprt_elo1;
	m->alpha = o->sprt_alpha;
	m->beta = o->sprt_beta;
	int status = clock_options(o, m);
	if (!status)
		status = bot_options(o, m);
	if (!status)
		status = schedule_options(o, m);
	if (!status && m->sprt && (m->nbots != 2 || m->seats != 2)) {
		fprintf(stderr,
			"arbiter: match: --sprt tests one bot against another: give two --bot "
			"and two seats (this match has %zu bots, %zu seats)\n",
			m->nbots, m->seats);
		status = ARB_EXIT_ERROR;
	}
	if (!status && m->views && mkdir(m->views, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "arbiter: match: --views %s: %s\n", m->views, strerror(errno));
		status = ARB_EXIT_ERROR;
	}
	bool people = false;
	for (size_t b = 0; b < m->nbots; b++)
		people |= m->bots[b].foreground;
	m->progress = isatty(STDERR_FILENO) && !people;
	if (!status)
		status = arb_match_run(m);
	/* the standings of what the output holds, as `arbiter standings -o`
	 * prints them (ratings, when standings has them, come with it) */
	if (!status || status == 130) {
		arb_opts so = *o;
		char *files[] = { (char *)o->output };
		so.command = "standings";
		so.files = files;
		so.nfiles = 1;
		int st = arb_cmd_standings(&so);
		if (st > status)
			status = st;
	}
	for (size_t b = 0; b < m->nbots; b++) {
		free((char *)m->bots[b].name);
		free(m->bots[b].command);
	}
	free(m);
	return status;
}
