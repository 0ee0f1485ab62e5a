/*
 * cmd_bot.c — `arbiter bot`: a seat that speaks the referee protocol from
 * the seat's side (notation/protocol.md, "Seats"), the baseline opponent
 * of `arbiter match` and the example a bot author copies.
 *
 * The host (the match runner) writes lines to the bot's standard input:
 * `hello`, `news`, `go`, `over`, `quit`.  On `go` the bot asks `moves`,
 * reads the frame of requests it may send, and sends one of them back
 * verbatim; the host answers it with a frame, which the bot reads and
 * lets pass.  The strategy `random` picks a kind of action uniformly
 * among the kinds offered (the action's first word: roll, build, trade,
 * end, ...), then an offer uniformly among that kind's (pick()): the bot
 * needs no rules of its own, the host's `moves` holds them.
 *
 * A person plays the same way (--strategy human): on `go` the bot shows
 * them, on --terminal (the controlling terminal by default, never the
 * protocol's pipes), what happened since their last turn, the board as
 * their view shows it (`view`), and the requests offered, numbered; they
 * type a number or the action's words.  --strategy hot-seat also clears
 * the screen and waits for Enter before showing a seat anything, so
 * players sharing one terminal do not see each other's hands.
 *
 * Randomness is arb_rng_below() from --seed mixed with the seat's colour,
 * so one command line serves every seat of a match with different play,
 * and the same seed and the same offers give the same game on every
 * machine.  Lines from the host are bounded (BOT_LINE_MAX): a longer one
 * is an error, never a growing buffer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../core/util.h"
#include "../games/game.h"

#define BOT_LINE_MAX 65536	   /* a protocol line, as a request's limit */
#define BOT_OFFERS_MAX (16u << 20) /* bytes of one moves frame kept        */

typedef struct bot {
	int strategy;  /* 0 random, 1 human, 2 hot-seat (--strategy) */
	FILE *tty;     /* a human's terminal */
	arb_buf news;  /* what a human has not been shown yet */
	uint64_t seed; /* --seed */
	uint64_t rng;  /* this game's numbers: seed mixed with the seat */
	char seat[64]; /* our colour, from hello */
	char line[BOT_LINE_MAX + 2];
	char status[256]; /* the last frame's status line, cut */
	arb_buf offers;	  /* the lines of the last moves frame */
} bot;

/* One line from the host into b->line without its newline: 1, 0 at the
 * end of input, -1 for a line over the limit. */
static int read_host(bot *b)
{
	if (!fgets(b->line, sizeof b->line, stdin))
		return 0;
	size_t n = strlen(b->line);
	if (n && b->line[n - 1] == '\n')
		b->line[--n] = '\0';
	else if (!feof(stdin))
		return -1;
	if (n && b->line[n - 1] == '\r')
		b->line[--n] = '\0';
	return 1;
}

/* 0, or -1 when the host cannot be written to (said on stderr). */
static int send_line(const char *s)
{
	if (printf("%s\n", s) < 0 || fflush(stdout) == EOF) {
		fprintf(stderr, "arbiter: bot: cannot write to the host\n");
		return -1;
	}
	return 0;
}

/* Read one answer frame (a status line, payload, an empty line); its
 * payload lines go to `payload` when non-NULL.  Returns the status's
 * first character ('=' or '?'), or 0 when the input ended first or the
 * payload passed BOT_OFFERS_MAX (memory stays bounded whatever the host
 * sends). */
static int read_frame(bot *b, arb_buf *payload)
{
	int rc = read_host(b);
	if (rc <= 0)
		return 0;
	int status = b->line[0];
	snprintf(b->status, sizeof b->status, "%.255s", b->line);
	bool too_much = false;
	while ((rc = read_host(b)) > 0 && b->line[0] != '\0')
		if (payload && !too_much) {
			arb_buf_puts(payload, b->line);
			arb_buf_putc(payload, '\n');
			too_much = payload->len > BOT_OFFERS_MAX;
		}
	if (too_much)
		fprintf(stderr, "arbiter: bot: the host offered over %u bytes of moves\n",
			BOT_OFFERS_MAX);
	return rc < 0 || too_much ? 0 : status;
}

static int hello(bot *b)
{
	/* hello VERSION GAME SEAT SEATS... */
	char version[16] = "", game[64] = "";
	b->seat[0] = '\0';
	if (sscanf(b->line, "hello %15s %63s %63s", version, game, b->seat) != 3 ||
	    strcmp(version, "1") != 0) {
		fprintf(stderr, "arbiter: bot: cannot play '%.80s' (protocol 1 expected)\n",
			b->line);
		b->seat[0] = '\0';
		return -1;
	}
	b->rng = b->seed;
	for (const char *c = b->seat; *c; c++) /* FNV-1a of the colour */
		b->rng = (b->rng ^ (unsigned char)*c) * 0x100000001b3ull;
	return send_line(b->strategy ? "hello 1 human" : "hello 1 arbiter-bot random");
}

/* Ask the host for the requests we may send (into b->offers); returns
 * how many, or -1. */
static int ask_moves(bot *b)
{
	char ask[96];
	snprintf(ask, sizeof ask, "moves %s", b->seat);
	if (send_line(ask) < 0)
		return -1;
	arb_buf_reset(&b->offers);
	int status = read_frame(b, &b->offers);
	if (status != '=') {
		fprintf(stderr, "arbiter: bot: the host did not list %s's moves\n", b->seat);
		return -1;
	}
	int n = 0;
	for (size_t i = 0; i < b->offers.len; i++)
		n += b->offers.p[i] == '\n';
	if (n == 0) {
		fprintf(stderr, "arbiter: bot: the host offered %s nothing to play\n", b->seat);
		return -1;
	}
	return n;
}

/* The k-th line (0-based) of the offers, cut at its end in place. */
static char *offer(bot *b, int k)
{
	char *l = b->offers.p;
	while (k--)
		l = strchr(l, '\n') + 1;
	*strchr(l, '\n') = '\0';
	return l;
}

/* ------------------------------------------------------------ a person */

/* Show a frame's payload on the terminal (the board of `view`). */
static int show_view(bot *b)
{
	char ask[96];
	snprintf(ask, sizeof ask, "view %s", b->seat);
	if (send_line(ask) < 0)
		return -1;
	arb_buf board = { 0 };
	int status = read_frame(b, &board);
	if (status == '=' && board.len)
		fprintf(b->tty, "%s\n", board.p);
	arb_buf_free(&board);
	return status ? 0 : -1;
}

/* One line typed at the terminal, without its newline; NULL at its end. */
static char *typed(bot *b, char *buf, size_t cap)
{
	fflush(b->tty);
	if (!fgets(buf, (int)cap, b->tty))
		return NULL;
	buf[strcspn(buf, "\r\n")] = '\0';
	return buf;
}

/* The request a person's words make: a number of the list, a request
 * as the host takes it, or an action's words (play SEAT is added).
 * Written to out; returns 0, 1 to ask again, -1 at the terminal's end. */
static int person_request(bot *b, int n, arb_buf *out)
{
	char in[1024];
	fprintf(b->tty, "%s> ", b->seat);
	if (!typed(b, in, sizeof in))
		return -1;
	const char *w = in + strspn(in, " \t");
	if (!*w)
		return 1;
	char *end;
	long k = strtol(w, &end, 10);
	if (end != w && *(end + strspn(end, " \t")) == '\0') {
		if (k < 1 || k > n) {
			fprintf(b->tty, "choose 1 to %d, or type an action\n", n);
			return 1;
		}
		arb_buf_puts(out, offer(b, (int)k - 1));
		return 0;
	}
	size_t verb = strcspn(w, " \t");
	static const char *const requests[] = { "play", "end", "accept", "decline" };
	bool request = false;
	for (size_t i = 0; i < 4; i++)
		request |= strlen(requests[i]) == verb && !strncmp(w, requests[i], verb);
	if (!request)
		arb_buf_printf(out, "play %s ", b->seat);
	arb_buf_puts(out, w);
	/* not among the offers: larger trades are legal but not listed */
	for (const char *l = b->offers.p; l && *l; l = strchr(l, '\n') + 1) {
		size_t len = (size_t)(strchr(l, '\n') - l);
		if (len == out->len && !strncasecmp(l, out->p, len))
			return 0;
	}
	fprintf(b->tty, "'%s' is not among the actions listed; send it anyway? [y/N] ", out->p);
	char yes[16];
	if (!typed(b, yes, sizeof yes))
		return -1;
	if (yes[0] == 'y' || yes[0] == 'Y')
		return 0;
	arb_buf_reset(out);
	return 1;
}

/* go for a person: what happened, the board, the offers numbered, and
 * what they type; the host's answer is shown too. */
static int go_person(bot *b, const char *go_line)
{
	if (b->strategy == 2) { /* hot-seat: nothing shows before Enter */
		fprintf(b->tty,
			"\033[H\033[2J%s, your turn (%s). Press Enter when no one else "
			"looks. ",
			b->seat, go_line);
		char any[64];
		if (!typed(b, any, sizeof any))
			return -1;
	}
	if (b->news.len)
		fprintf(b->tty, "\n%s", b->news.p);
	arb_buf_reset(&b->news);
	if (show_view(b) < 0)
		return -1;
	int n = ask_moves(b);
	if (n < 0)
		return -1;
	fprintf(b->tty, "%s\n", go_line);
	int i = 1;
	for (const char *l = b->offers.p; *l; l = strchr(l, '\n') + 1, i++) {
		int len = (int)(strchr(l, '\n') - l);
		const char *words = l;
		size_t skip = 5 + strlen(b->seat) + 1; /* "play Red " */
		if (!strncmp(l, "play ", 5) && (size_t)len > skip)
			words = l + skip, len -= (int)skip;
		fprintf(b->tty, "%4d  %.*s\n", i, len, words);
	}
	arb_buf req = { 0 };
	int rc;
	while ((rc = person_request(b, n, &req)) == 1)
		;
	if (rc < 0 || send_line(req.p) < 0) {
		arb_buf_free(&req);
		return -1;
	}
	arb_buf_free(&req);
	arb_buf answer = { 0 };
	int status = read_frame(b, &answer);
	fprintf(b->tty, "%s\n%s", b->status, answer.len ? answer.p : "");
	arb_buf_free(&answer);
	return status ? 0 : -1;
}

/* The kind of an offered request: its action's first word for `play`
 * (`play Red trade ...` is a trade; a word that starts with no letter,
 * a Carcassonne square or an Elasund roll, is one kind), else its verb
 * (end, accept, decline).  Points into `l`; *len its length. */
static const char *kind_of(const char *l, size_t *len)
{
	size_t v = strcspn(l, " \n");
	const char *w = l;
	if (v == 4 && !strncmp(l, "play", 4)) {
		const char *c = l + v + strspn(l + v, " ");
		c += strcspn(c, " \n");
		c += strspn(c, " ");
		if (*c && *c != '\n')
			w = c;
	}
	*len = strcspn(w, " \n");
	if (!((*w | 0x20) >= 'a' && (*w | 0x20) <= 'z')) {
		*len = 0; /* squares and numbers: one kind */
		return "";
	}
	return w;
}

/* Which of the n offers to send: a kind uniformly among the kinds
 * offered, then an offer uniformly among that kind's.  Uniform over the
 * offers would let one numerous kind crowd out the rest (Catan lists up
 * to 60 trade offers beside one roll or end), and random games would
 * drag on for thousands of actions. */
static int pick(bot *b, int n)
{
	const char *kind[256];
	size_t klen[256];
	int nk = 0, per[256] = { 0 }, which[4096];
	const char *l = b->offers.p;
	for (int i = 0; i < n && i < 4096; i++) {
		size_t len;
		const char *k = kind_of(l, &len);
		int j = 0;
		while (j < nk && !(klen[j] == len && !strncmp(kind[j], k, len)))
			j++;
		if (j == nk && nk < 256) {
			kind[nk] = k;
			klen[nk] = len;
			nk++;
		}
		j = j < nk ? j : nk - 1;
		which[i] = j;
		per[j]++;
		l = strchr(l, '\n') + 1;
	}
	if (n > 4096)
		return (int)arb_rng_below(&b->rng, (uint32_t)n);
	int k = (int)arb_rng_below(&b->rng, (uint32_t)nk);
	int r = (int)arb_rng_below(&b->rng, (uint32_t)per[k]);
	for (int i = 0; i < n; i++)
		if (which[i] == k && r-- == 0)
			return i;
	return 0;
}

/* go: ask for the requests we may send, send one of them. */
static int go(bot *b)
{
	if (b->strategy) {
		char *go_line = arb_xstrdup(b->line);
		int rc = go_person(b, go_line);
		free(go_line);
		return rc;
	}
	int n = ask_moves(b);
	if (n < 0)
		return -1;
	char *l = offer(b, pick(b, n));
	if (send_line(l) < 0)
		return -1;
	return read_frame(b, NULL) ? 0 : -1;
}

int arb_cmd_bot(const arb_opts *o)
{
	bot *b = arb_xcalloc(1, sizeof *b);
	b->seed = o->seed;
	b->strategy = o->strategy;
	if (b->strategy) {
		const char *path = o->terminal ? o->terminal : "/dev/tty";
		b->tty = fopen(path, "r+");
		if (!b->tty) {
			fprintf(stderr, "arbiter: bot: cannot open the terminal %s: %s\n", path,
				strerror(errno));
			free(b);
			return ARB_EXIT_ERROR;
		}
	}
	int status = ARB_EXIT_OK, rc;
	while ((rc = read_host(b)) > 0) {
		if (!strncmp(b->line, "hello ", 6)) {
			if (hello(b) < 0) {
				status = ARB_EXIT_ERROR;
				break;
			}
		} else if (!strncmp(b->line, "go", 2) && (b->line[2] == ' ' || !b->line[2])) {
			if (!b->seat[0] || go(b) < 0) {
				status = ARB_EXIT_ERROR;
				break;
			}
		} else if (!strcmp(b->line, "quit")) {
			break;
		} else if (b->tty && !strncmp(b->line, "news ", 5)) {
			arb_buf_puts(&b->news, b->line + 5);
			arb_buf_putc(&b->news, '\n');
			if (b->news.len > BOT_OFFERS_MAX) /* shown in part */
				arb_buf_reset(&b->news);
		} else if (b->tty && !strncmp(b->line, "over", 4)) {
			fprintf(b->tty, "\n%sThe game is over: %s\n", b->news.p ? b->news.p : "",
				b->line + 4 + strspn(b->line + 4, " "));
			arb_buf_reset(&b->news);
			fflush(b->tty);
		}
		/* a random player needs neither news nor over */
	}
	if (rc < 0) {
		fprintf(stderr, "arbiter: bot: a line from the host is over %d bytes\n",
			BOT_LINE_MAX);
		status = ARB_EXIT_ERROR;
	}
	arb_buf_free(&b->offers);
	arb_buf_free(&b->news);
	if (b->tty && fclose(b->tty) == EOF)
		status = ARB_EXIT_ERROR;
	free(b);
	return status;
}
