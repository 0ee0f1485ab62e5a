/*
 * game.c — one game of a match between bot processes: the host's side of
 * notation/protocol.md's "Seats" (hello, news, go, over), each action
 * judged by the table, each answer waited for against the seat's clock,
 * and every way a bot can break the protocol turned into a forfeit
 * (notation/match.md): the game stops there, the record says why.
 *
 * While one seat is asked, every other seat's output is watched too: a
 * line from a seat nothing was asked of, or its process ending, is that
 * seat's forfeit at once rather than a surprise at its next turn.  The
 * clock runs only while the runner waits for the seat's line, not while
 * the runner works out its answers (moves on a Catan table take time).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "match.h"
#include "../core/reader.h"
#include "../core/replay.h"
#include "../core/util.h"
#include "../referee/frame.h"
#include "../referee/table.h"

#define WRITE_MS 10000 /* a bot that reads none of the host's lines for this long loses */

typedef struct gm {
	const arb_match *m;
	const arb_match_game *mg;
	arb_table *t;
	arb_proc *procs[ARB_MAX_SEATS]; /* NULL once the seat is out */
	size_t n;
	int64_t clock[ARB_MAX_SEATS];
	arb_game_result *res;
	bool stop;		  /* a seat forfeited */
	bool owes[ARB_MAX_SEATS]; /* an answer is owed: hello or go */
} gm;

static const char *const forfeit_names[] = {
	"",
	"illegal action",
	"malformed request",
	"request for another seat",
	"out of turn",
	"time",
	"process ended",
	"closed its input",
	"line too long",
	"NUL byte",
	"not UTF-8",
	"no hello",
	"bot down",
	"could not start",
};

const char *arb_forfeit_name(arb_forfeit f)
{
	return forfeit_names[f];
}

/* The Forfeit tag's value: "Blue: illegal action: ...", cut and made a
 * tag value (no control characters; the escaping is the writer's). */
static void forfeit(gm *G, unsigned seat, arb_forfeit f, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void forfeit(gm *G, unsigned seat, arb_forfeit f, const char *fmt, ...)
{
	arb_game_result *res = G->res;
	res->kill[seat] = true;
	res->crash[seat] = f == ARB_FF_EXITED || f == ARB_FF_CLOSED;
	G->procs[seat] = NULL;
	res->lost |= 1u << seat;
	G->stop = true;
	if (res->forfeit_seat >= 0)
		return;
	res->forfeit_seat = (int)seat;
	res->forfeit = f;
	arb_buf clean = { 0 };
	va_list ap;
	va_start(ap, fmt);
	arb_buf_put_vmsg(&clean, 600, fmt, ap);
	va_end(ap);
	snprintf(res->detail, sizeof res->detail, "%s: %s%s%s", arb_table_colour(G->t, seat),
		 arb_forfeit_name(f), clean.p && *clean.p ? ": " : "", clean.p ? clean.p : "");
	arb_buf_free(&clean);
	for (char *c = res->detail; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
}

/* Whether the runner was told to stop (a signal): the game then ends
 * unwritten, no seat forfeiting. */
static bool interrupted(gm *G)
{
	if (!arb_proc_interrupted)
		return false;
	snprintf(G->res->error, sizeof G->res->error, "interrupted");
	G->stop = true;
	return true;
}

/* Write to a seat; a seat that cannot be written to forfeits. */
static int send(gm *G, unsigned seat, const char *s, size_t len)
{
	arb_proc *p = G->procs[seat];
	if (!p)
		return -1;
	int rc = arb_proc_send(p, s, len, arb_now_ms() + WRITE_MS);
	if (rc && interrupted(G))
		return -1;
	if (rc == -1)
		forfeit(G, seat, ARB_FF_CLOSED, "the host could not write to it");
	else if (rc == -2)
		forfeit(G, seat, ARB_FF_TIME, "it read none of the host's lines for %d s",
			WRITE_MS / 1000);
	return rc ? -1 : 0;
}

/* What a seat's bad line or end is as a forfeit. */
static void bad_line(gm *G, unsigned seat, arb_line k, const char *what)
{
	char how[128];
	switch (k) {
	case ARB_LINE_LONG:
		forfeit(G, seat, ARB_FF_LONG, "over %d bytes without a newline%s",
			ARB_PROC_LINE_MAX, what);
		break;
	case ARB_LINE_NUL:
		forfeit(G, seat, ARB_FF_NUL, "a line with a NUL byte%s", what);
		break;
	case ARB_LINE_UTF8:
		forfeit(G, seat, ARB_FF_UTF8, "a line that is not UTF-8%s", what);
		break;
	default:
		arb_proc_settle(G->procs[seat], 200); /* its end, once its output ended */
		arb_proc_how(G->procs[seat], how, sizeof how);
		forfeit(G, seat, ARB_FF_EXITED, "it %s%s", how, what);
		break;
	}
}

/* Lines from seats nothing was asked of (all but `asked`): any is a
 * forfeit.  Returns -1 when one forfeited. */
static int others(gm *G, int asked)
{
	for (unsigned s = 0; s < G->n; s++) {
		if ((int)s == asked || !G->procs[s])
			continue;
		const char *line;
		size_t len;
		arb_line k = arb_proc_take(G->procs[s], &line, &len);
		if (k == ARB_LINE_NONE)
			continue;
		if (k == ARB_LINE_OK && (len == 0 || line[0] == '#'))
			continue;
		if (k == ARB_LINE_OK)
			forfeit(G, s, ARB_FF_OUT_OF_TURN,
				"it sent '%.200s' when nothing was asked of it", line);
		else
			bad_line(G, s, k, " while another seat was asked");
		return -1;
	}
	return 0;
}

/* The next line of `seat` (blank lines and # comments skipped) before
 * `deadline` (< 0: none), watching the others.  Returns 0 with *line, or
 * -1 when a seat forfeited. */
static int read_seat(gm *G, unsigned seat, int64_t deadline, bool watch, const char **line)
{
	for (;;) {
		arb_proc *ps[ARB_MAX_SEATS];
		size_t n = 0;
		for (unsigned s = 0; s < G->n; s++)
			if (G->procs[s] && (watch || s == seat))
				ps[n++] = G->procs[s];
		if (arb_proc_wait(ps, n, deadline) == 0) {
			if (!interrupted(G))
				forfeit(G, seat, ARB_FF_TIME, "no answer in time");
			return -1;
		}
		if (watch && others(G, (int)seat) < 0)
			return -1;
		size_t len;
		arb_line k = arb_proc_take(G->procs[seat], line, &len);
		if (k == ARB_LINE_NONE)
			continue;
		if (k != ARB_LINE_OK) {
			bad_line(G, seat, k, "");
			return -1;
		}
		const char *w = *line + strspn(*line, " \t");
		if (*w && *w != '#')
			return 0;
	}
}

/* ------------------------------------------------------------ requests */

/* The word after the verb: absent, this seat's colour, or another
 * seat's (a forfeit).  *rest is what follows it. */
static int own_seat(gm *G, unsigned seat, const char *verb, const char *args, bool action,
		    const char **rest)
{
	const char *w = args + strspn(args, " \t");
	size_t len = strcspn(w, " \t");
	*rest = w;
	if (!len)
		return 0;
	char word[64];
	snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), w);
	int s = len < 63 ? arb_table_seat_named(G->t, word, false) : -1;
	if (s == (int)seat) {
		*rest = w + len + strspn(w + len, " \t");
		return 0;
	}
	if (s >= 0) {
		forfeit(G, seat, ARB_FF_OTHER_SEAT, "'%s %.200s' names %s", verb, w,
			arb_table_colour(G->t, (unsigned)s));
		return -1;
	}
	if (!action) {
		forfeit(G, seat, ARB_FF_MALFORMED,
			"'%s %.200s': %s takes the seat's colour or nothing", verb, w, verb);
		return -1;
	}
	return 0;
}

/* Send a frame; -1 when the seat cannot be written to. */
static int frame(gm *G, unsigned seat, const char *status, const arb_buf *body)
{
	arb_buf f = { 0 };
	arb_frame_text(status, body, &f);
	int rc = send(G, seat, f.p, f.len);
	arb_buf_free(&f);
	return rc;
}

/* moves, view, record, asked: answered; returns -1 on a forfeit. */
static int question(gm *G, unsigned seat, const char *verb)
{
	arb_buf body = { 0 }, status = { 0 };
	const char *colour = arb_table_colour(G->t, seat);
	if (!strcmp(verb, "moves")) {
		if (arb_table_choices(G->t, seat, &body) < 0)
			arb_buf_printf(&status, "? the %s engine cannot list its actions",
				       arb_table_game(G->t)->name);
		else
			arb_buf_printf(&status, "= moves %s", colour);
	} else if (!strcmp(verb, "view")) {
		arb_frame_board(G->t, (int)seat, &body, NULL, NULL);
		arb_buf_printf(&status, "= view %s", colour);
	} else if (!strcmp(verb, "record")) {
		arb_table_record(G->t, (int)seat, &body);
		arb_buf_printf(&status, "= record %s", colour);
	} else {
		arb_frame_next(G->t, &body);
		arb_buf_puts(&status, "= asked");
	}
	int rc = frame(G, seat, status.p, &body);
	arb_buf_free(&body);
	arb_buf_free(&status);
	return rc;
}

/* An action (play, end, accept, decline): 0 the go is over, 1 another
 * go follows (choose), -1 a forfeit. */
static int action(gm *G, unsigned seat, const char *verb, const char *rest)
{
	arb_play p;
	if (!strcmp(verb, "play")) {
		if (!*rest) {
			forfeit(G, seat, ARB_FF_MALFORMED, "'play' without an action");
			return -1;
		}
		arb_table_play(G->t, seat, rest, strlen(rest), &p);
	} else if (!strcmp(verb, "end")) {
		arb_table_end(G->t, seat, &p);
	} else {
		arb_table_consent(G->t, seat, !strcmp(verb, "accept"), &p);
	}
	G->res->actions++;
	arb_buf status = { 0 }, body = { 0 };
	int rc = 0;
	if (p.kind == ARB_PLAY_INVALID) {
		arb_buf_printf(&status, "? %s", p.why);
		frame(G, seat, status.p, NULL);
		forfeit(G, seat, ARB_FF_MALFORMED, "'%s%s%.200s': %s", verb, *rest ? " " : "", rest,
			p.why);
		rc = -1;
	} else {
		arb_frame_play(G->t, &p, &status, &body);
		if (frame(G, seat, status.p, &body) < 0)
			rc = -1;
		else if (p.kind == ARB_PLAY_REFUSED && !strcmp(verb, "decline"))
			rc = 0; /* a trade declined: the offer is refused, by right */
		else if (p.kind == ARB_PLAY_REFUSED) {
			/* after an accept, the action refused is the offerer's */
			bool own = p.seat == seat;
			const char *what = own ? rest : p.words.p ? p.words.p : "";
			forfeit(G, p.seat, ARB_FF_ILLEGAL, "'%s%s%.200s' refused: [%s] %s",
				own ? verb : "play", *what ? " " : "", what,
				p.rej.rule ? p.rej.rule : "illegal", p.rej.msg);
			rc = -1;
		} else
			rc = p.kind == ARB_PLAY_CHOOSE;
	}
	arb_buf_free(&status);
	arb_buf_free(&body);
	arb_play_free(&p);
	return rc;
}

/* One request line from the asked seat: 0 answered (wait for the next),
 * 1 the go is over, 2 another go follows, -1 a forfeit. */
static int request(gm *G, unsigned seat, const char *line)
{
	const char *w = line + strspn(line, " \t");
	size_t vlen = strcspn(w, " \t");
	char verb[16];
	static const char *const verbs[] = { "moves", "view", "record", "asked",
					     "play",  "end",  "accept", "decline" };
	size_t v = 0;
	snprintf(verb, sizeof verb, "%.*s", (int)(vlen < 15 ? vlen : 15), w);
	while (v < 8 && (vlen >= 15 || strcmp(verb, verbs[v])))
		v++;
	if (v == 8) {
		forfeit(G, seat, ARB_FF_MALFORMED,
			"'%.200s' is no request of a seat (moves, view, record, asked, play, end, "
			"accept, decline)",
			line);
		return -1;
	}
	const char *rest;
	if (own_seat(G, seat, verb, w + vlen, v == 4, &rest) < 0)
		return -1;
	if (v < 4) {
		if (v == 3 && *rest) {
			forfeit(G, seat, ARB_FF_MALFORMED, "'asked' takes nothing after it");
			return -1;
		}
		if (v < 3 && *rest) {
			forfeit(G, seat, ARB_FF_MALFORMED,
				"'%.200s': %s takes the seat's colour or nothing", line, verb);
			return -1;
		}
		return question(G, seat, verb) < 0 ? -1 : 0;
	}
	if (v > 4 && *rest) {
		forfeit(G, seat, ARB_FF_MALFORMED,
			"'%.200s': %s takes the seat's colour or nothing", line, verb);
		return -1;
	}
	int rc = action(G, seat, verb, rest);
	return rc < 0 ? -1 : rc + 1;
}

/* ------------------------------------------------------------ the game */

/* What the seat has not been told, as news lines appended to `out`. */
static void news_lines(gm *G, unsigned seat, arb_buf *out)
{
	arb_buf news = { 0 };
	arb_table_news(G->t, (int)seat, &news);
	for (const char *l = news.p; l && *l;) {
		const char *e = strchr(l, '\n');
		size_t len = e ? (size_t)(e - l) : strlen(l);
		arb_buf_puts(out, "news ");
		arb_buf_put(out, l, len);
		arb_buf_putc(out, '\n');
		l += len + (e != NULL);
	}
	arb_buf_free(&news);
}

/* The go line for `seat`, with `avail` ms left (< 0: no limit). */
static void go_line(gm *G, unsigned seat, int64_t avail, arb_buf *out)
{
	arb_asked a;
	const char *start;
	arb_table_asked(G->t, &a, &start);
	arb_buf_printf(out, "go %s", a.what ? a.what : "turn");
	if (a.may_end)
		arb_buf_puts(out, " may-end");
	if (avail >= 0)
		arb_buf_printf(out, " time %lld", (long long)avail);
	unsigned by;
	const char *offer = arb_table_offer(G->t, &by);
	if (offer && a.what && !strcmp(a.what, "consent") && by != seat)
		arb_buf_printf(out, " offer %s %s", arb_table_colour(G->t, by), offer);
	else if (*start)
		arb_buf_printf(out, " dealt %s", start);
	arb_buf_putc(out, '\n');
}

/* The time the seat has for this go: its clock and the move time. */
static int64_t available(const gm *G, unsigned seat)
{
	int64_t avail = G->m->base_ms >= 0 ? G->clock[seat] : -1;
	if (G->m->move_ms > 0 && (avail < 0 || G->m->move_ms < avail))
		avail = G->m->move_ms;
	return avail < 0 && G->m->base_ms >= 0 ? 0 : avail;
}

/* Ask `seat` to act and judge what it sends: 0, or -1 on a forfeit. */
static int ask(gm *G, unsigned seat)
{
	for (;;) {
		/* what the seat sent after its last answer, before this go */
		if (others(G, -1) < 0)
			return -1;
		int64_t avail = available(G, seat), used = 0;
		/* the news and the go in one write: the seat wakes once */
		arb_buf go = { 0 };
		news_lines(G, seat, &go);
		go_line(G, seat, avail, &go);
		int rc = send(G, seat, go.p, go.len);
		arb_buf_free(&go);
		if (rc < 0)
			return -1;
		for (long k = 0;; k++) {
			if (k == ARB_MATCH_REQUESTS) {
				forfeit(G, seat, ARB_FF_MALFORMED, "over %d requests for one go",
					ARB_MATCH_REQUESTS);
				return -1;
			}
			int64_t t0 = arb_now_ms();
			const char *line;
			if (read_seat(G, seat, avail < 0 ? -1 : t0 + avail - used, true, &line) < 0)
				return -1;
			used += arb_now_ms() - t0;
			G->res->bot_ms += arb_now_ms() - t0;
			rc = request(G, seat, line);
			if (rc < 0)
				return -1;
			if (rc > 0)
				break;
		}
		if (G->m->base_ms >= 0)
			G->clock[seat] += G->m->inc_ms - used;
		if (rc == 1)
			return 0;
	}
}

/* hello to every seat, and each one's answer. */
static int hello(gm *G)
{
	arb_buf h = { 0 };
	for (unsigned s = 0; s < G->n; s++) {
		arb_buf_reset(&h);
		arb_buf_printf(&h, "hello 1 %s %s", G->m->g->name, arb_table_colour(G->t, s));
		for (unsigned k = 0; k < G->n; k++)
			arb_buf_printf(&h, " %s", arb_table_colour(G->t, k));
		arb_buf_putc(&h, '\n');
		if (send(G, s, h.p, h.len) < 0)
			break;
		G->owes[s] = true;
	}
	arb_buf_free(&h);
	int64_t deadline = arb_now_ms() + ARB_MATCH_HELLO_MS;
	for (unsigned s = 0; s < G->n && !G->stop; s++) {
		const char *line;
		if (read_seat(G, s, deadline, false, &line) < 0)
			break;
		G->owes[s] = false;
		if (strncmp(line, "hello 1", 7) || (line[7] && line[7] != ' '))
			forfeit(G, s, ARB_FF_HELLO,
				"it answered '%.200s' to hello (hello 1 [NAME])", line);
	}
	return G->stop ? -1 : 0;
}

/* The moves of the game, until its end, a forfeit or --max-moves. */
static void play(gm *G)
{
	while (!G->stop) {
		arb_asked a;
		arb_table_asked(G->t, &a, NULL);
		if (a.over && !a.may_end)
			return;
		if (G->m->max_moves && !a.over &&
		    arb_table_moves(G->t) >= (size_t)G->m->max_moves) {
			G->res->adjudicated = true;
			return;
		}
		unsigned seat = 0;
		while (seat + 1 < G->n && !(a.seats >> seat & 1))
			seat++;
		G->owes[seat] = true;
		if (ask(G, seat) < 0)
			return;
		G->owes[seat] = false;
	}
}

/* over to every seat still playing, with what it has not been told. */
static void over(gm *G)
{
	const char *rec = G->res->record.p;
	const char *r = rec ? strstr(rec, "\n[Result \"") : NULL;
	arb_buf line = { 0 };
	arb_buf_puts(&line, "over ");
	if (r) {
		r += 10;
		for (; *r && *r != '"'; r++)
			if (*r != ' ')
				arb_buf_putc(&line, *r);
	}
	const char *term = strstr(rec ? rec : "", "\n[Termination \"");
	if (term) {
		arb_buf_putc(&line, ' ');
		term += 15;
		arb_buf_put(&line, term, strcspn(term, "\""));
	} else {
		arb_buf_puts(&line, " normal");
	}
	arb_buf_putc(&line, '\n');
	arb_buf out = { 0 };
	for (unsigned s = 0; s < G->n; s++) {
		if (!G->procs[s])
			continue;
		arb_buf_reset(&out);
		news_lines(G, s, &out);
		arb_buf_put(&out, line.p, line.len);
		send(G, s, out.p, out.len);
	}
	arb_buf_free(&out);
	arb_buf_free(&line);
}

void arb_match_play(const arb_match *m, const arb_match_game *mg, arb_proc *const *procs,
		    const arb_forfeit *why, arb_worker *keep, arb_game_result *res)
{
	memset(res, 0, sizeof *res);
	res->forfeit_seat = -1;
	uint64_t rng = mg->seed;
	arb_buf head = { 0 };
	arb_match_header(m, mg, &head, &rng);
	arb_table_spec spec = {
		.game = m->g, .header = head.p, .header_len = head.len, .seed = rng, .worker = keep
	};
	arb_diag d;
	arb_table *t = arb_table_new(&spec, &d);
	arb_buf_free(&head);
	if (!t) {
		snprintf(res->error, sizeof res->error, "cannot set up game %ld: %.200s", mg->round,
			 d.msg);
		return;
	}
	gm G = { .m = m, .mg = mg, .t = t, .n = m->seats, .res = res };
	for (unsigned s = 0; s < G.n; s++) {
		G.procs[s] = procs[s];
		G.clock[s] = m->base_ms;
	}
	for (unsigned s = 0; s < G.n; s++)
		if (!procs[s])
			forfeit(&G, s, why[s], "%s",
				why[s] == ARB_FF_DOWN ? "it ended in an earlier game (no --recover)"
						      : "its command could not be started");
	if (!G.stop && hello(&G) == 0)
		play(&G);
	/* a seat cut off while it owed an answer may still send it: its
	 * process cannot serve another game */
	for (unsigned s = 0; s < G.n; s++)
		if (G.owes[s])
			res->kill[s] = true;
	arb_match_record(m, t, res);
	over(&G);
	if (m->views)
		arb_match_views(m, mg, t);
	arb_table_free(t);
}
