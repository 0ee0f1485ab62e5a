/*
 * cmd_bot.c — `arbiter bot`: a seat that speaks the referee protocol from
 * the seat's side (notation/protocol.md, "Seats"), the baseline opponent
 * of `arbiter match` and the example a bot author copies.
 *
 * The host (the match runner) writes lines to the bot's standard input:
 * `hello`, `news`, `go`, `over`, `quit`.  On `go` the bot asks `moves`,
 * reads the frame of requests it may send, and sends one of them back
 * verbatim; the host answers it with a frame, which the bot reads and
 * lets pass.  The only strategy, `random`, picks uniformly among the
 * requests offered, as `arbiter gen` picks among its candidates: the bot
 * needs no rules of its own, the host's `moves` holds them.
 *
 * Randomness is arb_rng_below() from --seed mixed with the seat's colour,
 * so one command line serves every seat of a match with different play,
 * and the same seed and the same offers give the same game on every
 * machine.  Lines from the host are bounded (BOT_LINE_MAX): a longer one
 * is an error, never a growing buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../core/util.h"
#include "../games/game.h"

#define BOT_LINE_MAX 65536	   /* a protocol line, as a request's limit */
#define BOT_OFFERS_MAX (16u << 20) /* bytes of one moves frame kept        */

typedef struct bot {
	uint64_t seed; /* --seed */
	uint64_t rng;  /* this game's numbers: seed mixed with the seat */
	char seat[64]; /* our colour, from hello */
	char line[BOT_LINE_MAX + 2];
	arb_buf offers; /* the lines of the last moves frame */
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
	return send_line("hello 1 arbiter-bot random");
}

/* go: ask for the requests we may send, send one of them. */
static int go(bot *b)
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
	size_t n = 0;
	for (size_t i = 0; i < b->offers.len; i++)
		n += b->offers.p[i] == '\n';
	if (n == 0) {
		fprintf(stderr, "arbiter: bot: the host offered %s nothing to play\n", b->seat);
		return -1;
	}
	uint32_t pick = arb_rng_below(&b->rng, (uint32_t)n);
	char *l = b->offers.p;
	while (pick--)
		l = strchr(l, '\n') + 1;
	*strchr(l, '\n') = '\0';
	if (send_line(l) < 0)
		return -1;
	return read_frame(b, NULL) ? 0 : -1;
}

int arb_cmd_bot(const arb_opts *o)
{
	bot *b = arb_xcalloc(1, sizeof *b);
	b->seed = o->seed;
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
		} else if (!strcmp(b->line, "quit"))
			break;
		/* news and over: a random player needs neither */
	}
	if (rc < 0) {
		fprintf(stderr, "arbiter: bot: a line from the host is over %d bytes\n",
			BOT_LINE_MAX);
		status = ARB_EXIT_ERROR;
	}
	arb_buf_free(&b->offers);
	free(b);
	return status;
}
