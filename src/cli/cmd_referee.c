/*
 * cmd_referee.c — `arbiter referee`: one game held live on two pipes, the
 * referee protocol (notation/protocol.md) spoken on standard input and
 * output.
 *
 * A request is one line; each gets exactly one answer, written and flushed
 * before the next line is read, so a client can drive the referee as a
 * co-process in lock step (UCI's and GTP's way).  Answers are one JSON
 * object a line (--format=json), or for people GTP's framing: a line
 * starting "= " (or "? " for a request the referee cannot take), any
 * lines of payload, and an empty line.  The table (src/referee/table.c)
 * holds the game and judges; this file only reads, checks and writes.
 *
 * Bounds: a request line is at most ARB_REQUEST_MAX bytes (a longer one
 * is read to its end, thrown away and answered with an error), so memory
 * stays one game's whatever the client sends.  End of input ends the game
 * as it stands; with -o the record is written there.
 */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../core/gamedata.h"
#include "../core/replay.h"
#include "../core/util.h"
#include "../games/registry.h"
#include "../referee/frame.h"
#include "../referee/table.h"

#define ARB_PROTOCOL_VERSION 1
#define ARB_REQUEST_MAX 65536 /* bytes of one request line, as a TGN line */

typedef struct session {
	const arb_opts *o;
	arb_table *t;
	bool json;
	bool failed; /* writing to stdout failed */
} session;

/* ---------------------------------------------------------- answers */

/* Write one answer: a JSON object as one line, or the text lines. */
static void send_json(session *S, json_t *a)
{
	char *s = json_dumps(a, JSON_COMPACT | JSON_ENSURE_ASCII);
	json_decref(a);
	if (!s || fputs(s, stdout) == EOF || putchar('\n') == EOF || fflush(stdout) == EOF)
		S->failed = true;
	free(s);
}

static void send_text(session *S, const char *status, const arb_buf *body)
{
	arb_buf f = { 0 };
	arb_frame_text(status, body, &f);
	if (fwrite(f.p, 1, f.len, stdout) != f.len || fflush(stdout) == EOF)
		S->failed = true;
	arb_buf_free(&f);
}

/* json_object_set_new that notices a value jansson could not make (out
 * of memory, or a string that is not UTF-8: never sent half). */
static void put(json_t *obj, const char *key, json_t *v)
{
	if (!v || json_object_set_new(obj, key, v) != 0) {
		fprintf(stderr, "arbiter: referee: cannot build the answer's \"%s\"\n", key);
		exit(ARB_EXIT_ERROR);
	}
}

static json_t *str(const char *s)
{
	return json_stringn(s ? s : "", s ? strlen(s) : 0);
}

static void send_error(session *S, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void send_error(session *S, const char *fmt, ...)
{
	arb_buf clean = { 0 };
	va_list ap;
	va_start(ap, fmt);
	arb_buf_put_vmsg(&clean, 512, fmt, ap);
	va_end(ap);
	if (S->json) {
		json_t *a = json_object();
		put(a, "answer", str("error"));
		put(a, "message", str(clean.p));
		send_json(S, a);
	} else {
		arb_buf line = { 0 };
		arb_buf_printf(&line, "? %s", clean.p);
		send_text(S, line.p, NULL);
		arb_buf_free(&line);
	}
	arb_buf_free(&clean);
}

/* The seats of mask `m` as a JSON list of colours, or into text. */
static json_t *seat_list(const arb_table *t, unsigned m)
{
	json_t *l = json_array();
	for (unsigned s = 0; s < arb_table_seats(t); s++)
		if (m >> s & 1)
			json_array_append_new(l, str(arb_table_colour(t, s)));
	return l;
}

/* What the rules wait for, as a JSON object. */
static json_t *asked_json(const arb_table *t)
{
	arb_asked a;
	const char *start;
	arb_table_asked(t, &a, &start);
	json_t *o = json_object();
	put(o, "active", str(arb_table_colour(t, a.active)));
	put(o, "seats", seat_list(t, a.seats));
	put(o, "what", str(a.over ? "over" : a.what ? a.what : "turn"));
	put(o, "may_end", json_boolean(a.may_end));
	put(o, "over", json_boolean(a.over));
	put(o, "move", json_integer((json_int_t)arb_table_moves(t) + 1));
	if (*start && !a.over)
		put(o, "dealt", str(start));
	return o;
}

/* The score events of an answer. */
static json_t *events_json(const arb_table *t, const arb_play *p)
{
	json_t *l = json_array();
	for (size_t i = 0; i < p->nevents; i++) {
		const arb_event *ev = &p->events[i];
		json_t *e = json_object();
		put(e, "kind", str(ev->kind));
		json_t *d = json_object();
		for (unsigned s = 0; s < arb_table_seats(t); s++)
			if (ev->delta[s] || (ev->owners >> s & 1))
				put(d, arb_table_colour(t, s), json_integer(ev->delta[s]));
		put(e, "delta", d);
		if (ev->text[0])
			put(e, "text", str(ev->text));
		json_array_append_new(l, e);
	}
	return l;
}

/* The answer to play, end, accept and decline. */
static void send_play(session *S, const arb_play *p)
{
	const arb_table *t = S->t;
	static const char *const kind[] = { "accepted", "refused", "choose", "consent", "error" };
	const char *colour = arb_table_colour(t, p->seat);
	if (p->kind == ARB_PLAY_INVALID) {
		send_error(S, "%s", p->why);
		return;
	}
	const char *words = p->words.p ? p->words.p : "";
	if (S->json) {
		json_t *a = json_object();
		put(a, "answer", str(kind[p->kind]));
		put(a, "seat", str(colour));
		if (p->kind == ARB_PLAY_CHOOSE) {
			json_t *l = json_array();
			for (const char *c = words; *c;) {
				const char *e = strchr(c, '|');
				size_t n = e ? (size_t)(e - c) : strlen(c);
				json_array_append_new(l, json_stringn(c, n));
				c += n + (e != NULL);
			}
			put(a, "choices", l);
		} else if (p->words.len) {
			put(a, "action", str(words));
		}
		if (p->kind == ARB_PLAY_REFUSED) {
			put(a, "rule", str(p->rej.rule ? p->rej.rule : "illegal"));
			put(a, "message", str(p->rej.msg));
		}
		if (p->kind == ARB_PLAY_CONSENT)
			put(a, "asked", seat_list(t, p->consent));
		if (p->kind == ARB_PLAY_ACCEPTED) {
			put(a, "turn_ended", json_boolean(p->turn_ended));
			put(a, "events", events_json(t, p));
		}
		put(a, "next", asked_json(t));
		send_json(S, a);
		return;
	}
	arb_buf status = { 0 }, body = { 0 };
	arb_frame_play(t, p, &status, &body);
	send_text(S, status.p, &body);
	arb_buf_free(&status);
	arb_buf_free(&body);
}

/* An answer holding a block of text (record, news, view, snapshot). */
static void send_block(session *S, const char *kind, const char *who, const arb_buf *text)
{
	if (S->json) {
		json_t *a = json_object();
		put(a, "answer", str(kind));
		if (who)
			put(a, "view", str(who));
		put(a, "text", json_stringn(text->p ? text->p : "", text->len));
		send_json(S, a);
		return;
	}
	arb_buf status = { 0 };
	arb_buf_printf(&status, "= %s%s%s", kind, who ? " " : "", who ? who : "");
	send_text(S, status.p, text);
	arb_buf_free(&status);
}

/* ---------------------------------------------------------- requests */

/* Split a request into at most `max` words (in place). */
static size_t words(char *line, char **w, size_t max)
{
	size_t n = 0;
	char *save = NULL;
	for (char *p = strtok_r(line, " \t\r", &save); p && n < max;
	     p = strtok_r(NULL, " \t\r", &save))
		w[n++] = p;
	return n;
}

/* The seat a request names, or -1 after an error answer. */
static int need_seat(session *S, size_t n, char **w, bool observer)
{
	if (n < 2) {
		send_error(S, "%s needs a seat's colour%s", w[0], observer ? " or observer" : "");
		return -1;
	}
	int s = arb_table_seat_named(S->t, w[1], observer);
	if (s < 0) {
		arb_buf seats = { 0 };
		arb_frame_seats(S->t, (1u << arb_table_seats(S->t)) - 1, &seats);
		send_error(S, "'%.60s' is no seat of this game (the seats: %s%s)", w[1],
			   seats.p ? seats.p : "", observer ? ", or observer" : "");
		arb_buf_free(&seats);
	}
	return s;
}

static void do_hello(session *S, size_t n, char **w)
{
	long version = n > 1 ? strtol(w[1], NULL, 10) : ARB_PROTOCOL_VERSION;
	if (version != ARB_PROTOCOL_VERSION) {
		send_error(S, "this referee speaks protocol %d, not %.20s", ARB_PROTOCOL_VERSION,
			   w[1]);
		return;
	}
	const arb_table *t = S->t;
	if (S->json) {
		json_t *a = json_object();
		put(a, "answer", str("hello"));
		put(a, "protocol", json_integer(ARB_PROTOCOL_VERSION));
		put(a, "program", str("arbiter " ARB_VERSION));
		put(a, "game", str(arb_table_game(t)->name));
		json_t *seats = json_array();
		for (unsigned s = 0; s < arb_table_seats(t); s++) {
			json_t *e = json_object();
			put(e, "colour", str(arb_table_colour(t, s)));
			put(e, "player", str(arb_table_player(t, s)));
			json_array_append_new(seats, e);
		}
		put(a, "seats", seats);
		put(a, "chance", str(S->o->chance_supplied ? "supplied" : "dealt"));
		put(a, "hidden", json_boolean(arb_table_hides(t)));
		put(a, "next", asked_json(t));
		send_json(S, a);
		return;
	}
	arb_buf status = { 0 }, body = { 0 };
	arb_buf_printf(&status, "= hello %d arbiter %s %s", ARB_PROTOCOL_VERSION, ARB_VERSION,
		       arb_table_game(t)->name);
	arb_buf_puts(&body, "seats");
	for (unsigned s = 0; s < arb_table_seats(t); s++)
		arb_buf_printf(&body, " %s", arb_table_colour(t, s));
	arb_buf_printf(&body, "\nchance %s\n", S->o->chance_supplied ? "supplied" : "dealt");
	arb_frame_next(t, &body);
	send_text(S, status.p, &body);
	arb_buf_free(&status);
	arb_buf_free(&body);
}

static void do_asked(session *S)
{
	if (S->json) {
		json_t *a = json_object();
		put(a, "answer", str("asked"));
		put(a, "next", asked_json(S->t));
		send_json(S, a);
		return;
	}
	arb_buf body = { 0 };
	arb_frame_next(S->t, &body);
	send_text(S, "= asked", &body);
	arb_buf_free(&body);
}

/* play SEAT WORDS...: the words are the rest of the line as written. */
static void do_play(session *S, size_t n, char **w, const char *rest)
{
	int s = need_seat(S, n, w, false);
	if (s < 0)
		return;
	if (n < 3) {
		send_error(S, "play needs an action after the seat (play %s ACTION)", w[1]);
		return;
	}
	arb_play p;
	arb_table_play(S->t, (unsigned)s, rest, strlen(rest), &p);
	send_play(S, &p);
	arb_play_free(&p);
}

static void do_end(session *S, size_t n, char **w, int what)
{
	int s = need_seat(S, n, w, false);
	if (s < 0)
		return;
	arb_play p;
	if (what == 0)
		arb_table_end(S->t, (unsigned)s, &p);
	else
		arb_table_consent(S->t, (unsigned)s, what > 0, &p);
	send_play(S, &p);
	arb_play_free(&p);
}

static void do_text(session *S, size_t n, char **w, int kind)
{
	int view = -1;
	if (kind == 1 || n > 1) { /* news needs one; record takes one */
		view = need_seat(S, n, w, true);
		if (view < 0)
			return;
	}
	arb_buf text = { 0 };
	if (kind == 1)
		arb_table_news(S->t, view, &text);
	else
		arb_table_record(S->t, view, &text);
	send_block(S, kind == 1 ? "news" : "record", view < 0 ? NULL : w[1], &text);
	arb_buf_free(&text);
}

static void put_tag(arb_buf *head, const char *name, const char *v, size_t n);

/* moves SEAT: the requests SEAT may send now, each a complete line. */
static void do_moves(session *S, size_t n, char **w)
{
	int s = need_seat(S, n, w, false);
	if (s < 0)
		return;
	arb_buf lines = { 0 };
	if (arb_table_choices(S->t, (unsigned)s, &lines) < 0) {
		send_error(S, "the %s engine cannot list its actions", arb_table_game(S->t)->name);
		arb_buf_free(&lines);
		return;
	}
	const char *colour = arb_table_colour(S->t, (unsigned)s);
	if (S->json) {
		json_t *a = json_object(), *list = json_array();
		put(a, "answer", str("moves"));
		put(a, "seat", str(colour));
		for (const char *l = lines.p; l && *l;) {
			const char *e = strchr(l, '\n');
			json_t *m = json_stringn(l, (size_t)(e - l));
			if (!m || json_array_append_new(list, m) < 0) {
				fprintf(stderr,
					"arbiter: referee: cannot build the answer's moves\n");
				exit(ARB_EXIT_ERROR);
			}
			l = e + 1;
		}
		put(a, "moves", list);
		send_json(S, a);
	} else {
		arb_buf status = { 0 };
		arb_buf_printf(&status, "= moves %s", colour);
		send_text(S, status.p, &lines);
		arb_buf_free(&status);
	}
	arb_buf_free(&lines);
}

/* snapshot: the position at the start of the turn being played as a
 * Setup tag (the whole position: the referee's client sees every seat). */
static void do_snapshot(session *S)
{
	const arb_game_ops *g = arb_table_game(S->t);
	if (!g->snapshot) {
		send_error(S, "the %s engine has no snapshots", g->name);
		return;
	}
	arb_buf value = { 0 }, text = { 0 };
	g->snapshot(arb_table_position(S->t), &value);
	put_tag(&text, "Setup", value.p ? value.p : "", value.len);
	send_block(S, "snapshot", NULL, &text);
	arb_buf_free(&value);
	arb_buf_free(&text);
}

/* view WHO: the position as WHO's view record shows it, replayed from
 * that record (so a seat is never shown what its view hides): the text
 * board, and in JSON also the position as data (dump --format=json). */
/* The position as data for a JSON answer (arb_frame_board's `with`). */
static void position_of(void *ctx, const arb_game_ops *g, const void *state)
{
	*(json_t **)ctx = arb_position_json(g, state);
}

static void do_view(session *S, size_t n, char **w)
{
	int view = need_seat(S, n, w, true);
	if (view < 0)
		return;
	arb_buf text = { 0 };
	json_t *pos = NULL;
	arb_frame_board(S->t, view, &text, S->json ? position_of : NULL, &pos);
	if (S->json) {
		json_t *a = json_object();
		put(a, "answer", str("view"));
		put(a, "view", str(w[1]));
		put(a, "text", json_stringn(text.p ? text.p : "", text.len));
		if (pos)
			put(a, "position", pos);
		send_json(S, a);
	} else {
		send_block(S, "view", w[1], &text);
	}
	arb_buf_free(&text);
}

/* The rest of the line after `k` words, as the client wrote it. */
static const char *after_words(const char *line, size_t k)
{
	const char *p = line;
	for (size_t i = 0; i < k; i++) {
		p += strspn(p, " \t\r");
		p += strcspn(p, " \t\r");
	}
	p += strspn(p, " \t\r");
	return p;
}

/* One request line (NUL-terminated, no newline).  Returns 1 on quit. */
static int request(session *S, char *line)
{
	char *copy = arb_xstrdup(line);
	char *w[8];
	size_t n = words(copy, w, 8);
	int rc = 0;
	if (n == 0 || w[0][0] == '#') {
		free(copy);
		return 0; /* blank lines and comments answer nothing */
	}
	if (!strcmp(w[0], "hello"))
		do_hello(S, n, w);
	else if (!strcmp(w[0], "play"))
		do_play(S, n, w, after_words(line, 2));
	else if (!strcmp(w[0], "end"))
		do_end(S, n, w, 0);
	else if (!strcmp(w[0], "accept"))
		do_end(S, n, w, 1);
	else if (!strcmp(w[0], "decline"))
		do_end(S, n, w, -1);
	else if (!strcmp(w[0], "asked"))
		do_asked(S);
	else if (!strcmp(w[0], "news"))
		do_text(S, n, w, 1);
	else if (!strcmp(w[0], "record"))
		do_text(S, n, w, 2);
	else if (!strcmp(w[0], "view"))
		do_view(S, n, w);
	else if (!strcmp(w[0], "moves"))
		do_moves(S, n, w);
	else if (!strcmp(w[0], "snapshot"))
		do_snapshot(S);
	else if (!strcmp(w[0], "quit")) {
		arb_buf none = { 0 };
		send_block(S, "bye", NULL, &none);
		rc = 1;
	} else
		send_error(S,
			   "unknown request '%.40s' (hello, play, end, accept, decline, asked, "
			   "moves, news, record, view, snapshot, quit)",
			   w[0]);
	free(copy);
	return rc;
}

/* Read one line of at most ARB_REQUEST_MAX bytes into buf.  Returns its
 * length, -1 at the end of input, or -2 for a line too long (read to its
 * end and dropped). */
static long read_line(char *buf, size_t cap)
{
	size_t n = 0;
	int c;
	bool over = false;
	while ((c = getchar()) != EOF && c != '\n') {
		if (n + 1 < cap)
			buf[n++] = (char)c;
		else
			over = true;
	}
	if (c == EOF && n == 0 && !over)
		return -1;
	buf[n] = '\0';
	return over ? -2 : (long)n;
}

/* A tag line, its value escaped as TGN wants it. */
static void put_tag(arb_buf *head, const char *name, const char *v, size_t n)
{
	arb_buf_puts(head, "[");
	arb_buf_puts(head, name);
	arb_buf_puts(head, " \"");
	for (size_t i = 0; i < n; i++) {
		if (v[i] == '"' || v[i] == '\\')
			arb_buf_putc(head, '\\');
		arb_buf_putc(head, v[i]);
	}
	arb_buf_puts(head, "\"]\n");
}

/* The tags of a new game: seats, options, the set-up's chance. */
static void header(const arb_opts *o, const arb_game_ops *g, const void *data, uint64_t *rng,
		   arb_buf *head)
{
	size_t nseats = o->players ? (size_t)o->players : g->min_seats;
	arb_buf_printf(head, "[Game \"%s\"]\n[Event \"arbiter referee\"]\n", g->name);
	arb_buf_printf(head, "[Seed \"%llu\"]\n", o->seed);
	for (size_t i = 0; i < nseats; i++)
		arb_buf_printf(head, "[%s \"Player %zu\"]\n", g->colours[i], i + 1);
	if (o->variant)
		put_tag(head, "Variant", o->variant, strlen(o->variant));
	/* --tag NAME=VALUE: the set-up's chance from a real table (Elasund's
	 * Hands), or any other tag the record should carry */
	for (int i = 0; i < o->ntags; i++) {
		const char *eq = strchr(o->tags[i], '=');
		arb_buf name = { 0 };
		arb_buf_put(&name, o->tags[i], (size_t)(eq - o->tags[i]));
		put_tag(head, name.p, eq + 1, strlen(eq + 1));
		arb_buf_free(&name);
	}
	if (g->random_tags && !o->chance_supplied)
		g->random_tags(data, nseats, rng, head);
}

int arb_cmd_referee(const arb_opts *o)
{
	const arb_game_ops *g = arb_game_find(o->game);
	if (!g) {
		fprintf(stderr, "arbiter: referee needs --game NAME\n");
		return ARB_EXIT_ERROR;
	}
	if (!g->deal) {
		fprintf(stderr, "arbiter: referee: the %s engine cannot be played live yet\n",
			g->name);
		return ARB_EXIT_ERROR;
	}
	if (o->players && ((unsigned long)o->players < g->min_seats ||
			   (unsigned long)o->players > g->max_seats)) {
		fprintf(stderr, "arbiter: referee: %s seats %u to %u players, not %ld\n", g->name,
			g->min_seats, g->max_seats, o->players);
		return ARB_EXIT_ERROR;
	}
	arb_diag d;
	const void *data = arb_gamedata_get(g, &d);
	if (!data)
		return arb_report_diag(o, &d);
	uint64_t rng = o->seed;
	arb_buf head = { 0 };
	header(o, g, data, &rng, &head);
	arb_table_spec spec = { .game = g,
				.header = head.p,
				.header_len = head.len,
				.seed = rng,
				.supplied = o->chance_supplied };
	arb_table *t = arb_table_new(&spec, &d);
	arb_buf_free(&head);
	if (!t) {
		fprintf(stderr, "arbiter: referee: cannot set up the game: %s\n", d.msg);
		return ARB_EXIT_ERROR;
	}
	session S = { .o = o, .t = t, .json = o->format == FMT_JSON };
	char *buf = arb_xmalloc(ARB_REQUEST_MAX + 1);
	long len;
	while (!S.failed && (len = read_line(buf, ARB_REQUEST_MAX + 1)) != -1) {
		if (len == -2) {
			send_error(&S, "a request is at most %d bytes", ARB_REQUEST_MAX);
			continue;
		}
		if (memchr(buf, '\0', (size_t)len) || !arb_utf8_valid(buf, (size_t)len)) {
			send_error(&S, "a request is UTF-8 text without NUL bytes");
			continue;
		}
		if (request(&S, buf))
			break;
	}
	free(buf);
	int status = ARB_EXIT_OK;
	if (o->output) {
		arb_buf rec = { 0 };
		arb_table_record(t, -1, &rec);
		FILE *f = fopen(o->output, "w");
		bool ok = f && fwrite(rec.p, 1, rec.len, f) == rec.len;
		if (f && fclose(f) != 0)
			ok = false;
		if (!ok) {
			fprintf(stderr, "arbiter: referee: %s: %s\n", o->output, strerror(errno));
			status = ARB_EXIT_ERROR;
		}
		arb_buf_free(&rec);
	}
	arb_table_free(t);
	if (S.failed)
		return arb_stdout_error();
	return status;
}
