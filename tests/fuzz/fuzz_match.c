/*
 * fuzz_match.c — libFuzzer/AFL++ harness for the match runner's side of
 * the seats (src/match/game.c): hello, go, each answer line a bot sends
 * read by arb_proc_take and judged (requests, actions, consents, forfeits
 * of every kind), the record and the views written at the end, for every
 * game.  No process is started: game.c is included with its waits and
 * writes replaced by a script, so the bots are the fuzz input and a run
 * takes microseconds, not a fork.
 *
 * The seats are arb_proc structures whose read buffer the script fills:
 * the real arb_proc_take (proc.c) cuts their lines, with its limits, \r\n,
 * NUL and UTF-8 checks.  The fake wait is where a bot "writes": it hands
 * the next script line to a seat and returns what is ready; at the end
 * of the script it returns 0, a seat's time running out.
 *
 * Input layout (text, so seeds are written by hand or logged from bots):
 *   line 1     GAME SEATS SEED, then any of: max N (--max-moves),
 *              tc BASE INC (ms), move MS (--move-time), views, variant V
 *   the rest   what the bots write, a line each, to the seat asked (the
 *              one sent `hello` or the last `go`), or:
 *     @D TEXT  TEXT written by seat D (0-based): out of turn, unless asked
 *     @D!eof   seat D closes its output      @D!exit N  seat D exits N
 *     @D!closed seat D closes its input      @D!stall   seat D reads no more
 *     !long    the seat asked writes 65537 bytes without a newline
 *     !time    the seat asked lets its time run out
 * Example: "catan 3 5\nhello 1\nhello 1\nhello 1\nplay settlement g5\n"
 *
 * Nothing may crash, leak, hang or trip a sanitizer.  FUZZ_MATCH_VERBOSE
 * set: what each input came to, on standard error (for writing seeds).
 */
#include <getopt.h>

#include "fuzz_common.h"
#include "core/gamedata.h"
#include "games/registry.h"

/* game.c's waits and writes become the script's; its two public names
 * are renamed so the library's own game.o still links */
#define arb_proc_wait fz_proc_wait
#define arb_proc_send fz_proc_send
#define arb_proc_settle fz_proc_settle
#define arb_proc_how fz_proc_how
#define arb_match_play fz_match_play
#define arb_forfeit_name fz_forfeit_name
#include "../../src/match/game.c"
#undef arb_proc_wait
#undef arb_proc_send
#undef arb_proc_settle
#undef arb_proc_how

typedef struct fz_seat {
	arb_proc p;
	int closed; /* sends return this (0: accepted) */
} fz_seat;

static fz_seat fz_seats[ARB_MAX_SEATS];
static size_t fz_nseats;
static const char *fz_at, *fz_end; /* the script not yet played */
static arb_proc *fz_asked;	   /* the seat the last go went to */

static fz_seat *fz_of(const arb_proc *p)
{
	for (size_t i = 0; i < fz_nseats; i++)
		if (&fz_seats[i].p == p)
			return &fz_seats[i];
	abort(); /* game.c only holds the procs given */
}

/* Bytes the bot wrote: into its read buffer, as read_some would. */
static void fz_append(arb_proc *p, const char *s, size_t n)
{
	if (p->start == p->len)
		p->start = p->len = 0;
	if (p->len + n > p->cap) {
		p->cap = (p->len + n) * 2 + 64;
		p->buf = realloc(p->buf, p->cap + 1);
		if (!p->buf)
			abort();
	}
	memcpy(p->buf + p->len, s, n);
	p->len += n;
}

static bool fz_ready(const arb_proc *p)
{
	size_t pend = p->len - p->start;
	return (pend && memchr(p->buf + p->start, '\n', pend)) || pend > ARB_PROC_LINE_MAX ||
	       p->eof || p->exited;
}

/* Play the next script line; false at the script's end or on !time. */
static bool fz_step(arb_proc *const *ps, size_t n)
{
	if (fz_at >= fz_end)
		return false;
	const char *nl = memchr(fz_at, '\n', (size_t)(fz_end - fz_at));
	const char *l = fz_at, *e = nl ? nl + 1 : fz_end;
	size_t len = (size_t)(e - l);
	fz_at = e;
	arb_proc *to = n == 1 ? ps[0] : fz_asked ? fz_asked : ps[0];
	if (len >= 2 && l[0] == '@' && l[1] >= '0' && l[1] <= '9') {
		size_t d = (size_t)(l[1] - '0');
		if (d >= fz_nseats)
			return true;
		to = &fz_seats[d].p;
		l += 2;
		len -= 2;
		if (len && *l == ' ') {
			fz_append(to, l + 1, len - 1);
			return true;
		}
	}
	if (len >= 4 && !memcmp(l, "!eof", 4))
		to->eof = true;
	else if (len >= 5 && !memcmp(l, "!exit", 5)) {
		to->exited = true;
		to->wstatus = 0;
		for (const char *c = l + 5 + (len > 5 && l[5] == ' ');
		     c < e && *c >= '0' && *c <= '9'; c++)
			to->wstatus = (to->wstatus * 10 + *c - '0') % 256;
	} else if (len >= 7 && !memcmp(l, "!closed", 7))
		fz_of(to)->closed = -1;
	else if (len >= 6 && !memcmp(l, "!stall", 6))
		fz_of(to)->closed = -2;
	else if (len >= 5 && !memcmp(l, "!time", 5))
		return false;
	else if (len >= 5 && !memcmp(l, "!long", 5)) {
		char x[4096];
		memset(x, 'x', sizeof x);
		for (size_t k = 0; k <= ARB_PROC_LINE_MAX; k += sizeof x)
			fz_append(to, x, sizeof x);
	} else
		fz_append(to, l, len);
	return true;
}

size_t fz_proc_wait(arb_proc *const *ps, size_t n, int64_t deadline)
{
	(void)deadline;
	for (;;) {
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			k += fz_ready(ps[i]);
		if (k || !fz_step(ps, n))
			return k;
	}
}

int fz_proc_send(arb_proc *p, const char *s, size_t n, int64_t deadline)
{
	(void)deadline;
	fz_seat *st = fz_of(p);
	if (st->closed)
		return st->closed;
	if (n >= 3 && !memcmp(s, "go ", 3))
		fz_asked = p;
	return 0;
}

bool fz_proc_settle(arb_proc *p, int ms)
{
	(void)ms;
	return p->exited;
}

void fz_proc_how(const arb_proc *p, char *out, size_t cap)
{
	if (!p->exited)
		snprintf(out, cap, "closed its output");
	else
		snprintf(out, cap, "exited with status %d", p->wstatus);
}

/* Line 1's words into the match; false when they are no match. */
static bool fz_options(char *line, arb_match *m, arb_match_game *mg)
{
	static char views[320];
	char *w[16];
	int n = 0;
	for (char *t = strtok(line, " \t\r"); t && n < 16; t = strtok(NULL, " \t\r"))
		w[n++] = t;
	if (n < 3)
		return false;
	const arb_game_ops *g = NULL;
	for (size_t i = 0; i < arb_game_count(); i++)
		if (!strcmp(arb_game_at(i)->name, w[0]))
			g = arb_game_at(i);
	if (!g || !g->deal || !g->asked)
		return false;
	long seats = atol(w[1]);
	if (seats < (long)g->min_seats || seats > (long)g->max_seats)
		return false;
	arb_diag d;
	m->g = g;
	m->data = arb_gamedata_get(g, &d);
	if (!m->data)
		return false;
	m->seats = (size_t)seats;
	m->event = "fuzz match";
	m->seed = mg->seed = strtoull(w[2], NULL, 10);
	m->base_ms = -1;
	m->gauntlet = -1;
	m->jobs = 1;
	m->games = 1;
	mg->round = 1;
	for (int i = 3; i < n; i++) {
		bool more = i + 1 < n;
		if (!strcmp(w[i], "max") && more)
			m->max_moves = atol(w[++i]) % 100000;
		else if (!strcmp(w[i], "tc") && i + 2 < n) {
			m->base_ms = atol(w[++i]) % 1000000;
			m->inc_ms = atol(w[++i]) % 1000000;
			if (m->base_ms < 0 || m->inc_ms < 0)
				return false;
		} else if (!strcmp(w[i], "move") && more)
			m->move_ms = labs(atol(w[++i]) % 1000000);
		else if (!strcmp(w[i], "variant") && more)
			m->variant = w[++i];
		else if (!strcmp(w[i], "views"))
			m->views = fz_path(views, sizeof views, "");
	}
	static const char *const names[] = { "Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal" };
	for (size_t s = 0; s < m->seats; s++) {
		m->bots[s].name = names[s % 8];
		mg->bot[s] = (int)s;
	}
	m->nbots = m->seats;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_init_stdio();
	char line[FZ_ARGS_MAX + 1];
	const uint8_t *rest;
	if (!fz_first_line(data, size, line, &rest))
		return 0;
	static arb_match m;
	arb_match_game mg;
	memset(&m, 0, sizeof m);
	memset(&mg, 0, sizeof mg);
	if (!fz_options(line, &m, &mg))
		return 0;

	fz_at = (const char *)rest;
	fz_end = (const char *)data + size;
	fz_asked = NULL;
	fz_nseats = m.seats;
	arb_proc *procs[ARB_MAX_SEATS];
	arb_forfeit why[ARB_MAX_SEATS] = { 0 };
	for (size_t s = 0; s < m.seats; s++) {
		memset(&fz_seats[s], 0, sizeof fz_seats[s]);
		fz_seats[s].p.pid = getpid(); /* not our child: never "ended" */
		fz_seats[s].p.to = fz_seats[s].p.from = -1;
		/* a buffer from the start, as read_some makes before any end */
		fz_seats[s].p.buf = malloc(1);
		if (!fz_seats[s].p.buf)
			abort();
		procs[s] = &fz_seats[s].p;
	}
	arb_game_result res;
	fz_match_play(&m, &mg, procs, why, NULL, &res);
	if (getenv("FUZZ_MATCH_VERBOSE")) /* for writing seeds: what the script came to */
		dprintf(2, "%zu actions, %s%s%s\n", res.actions,
			res.detail[0] ? res.detail : "no forfeit", res.error[0] ? ", " : "",
			res.error);
	arb_buf_free(&res.record);
	for (size_t s = 0; s < m.seats; s++)
		free(fz_seats[s].p.buf);
	if (m.views) {
		char path[400];
		for (size_t s = 0; s < m.seats; s++) {
			snprintf(path, sizeof path, "%s1-%s.tgn", m.views, m.g->colours[s]);
			unlink(path);
		}
	}
	return 0;
}
