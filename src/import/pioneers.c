/*
 * pioneers.c — Pioneers server logs (pioneers-server-console --debug) to
 * TGN Catan records.
 *
 * With --debug the server logs every line it sends to each client,
 * "HH:MM:SS (0xCONN) --> MESSAGE\n", and every line it receives ("<--").
 * That is the only complete record Pioneers keeps: a message every player
 * sees is logged once per connection, a secret (the card stolen, the
 * development card bought) only on the connections allowed to see it.  The
 * converter names each message by its player (a connection's own messages
 * lack the "player N" prefix), folds the copies of one broadcast into one
 * event (keeping the copy that names the secret), and writes the events as
 * turn lines: the game parameters and the map become the Variant and Setup
 * tags, the moves become actions, and the server's production messages
 * become `gets` assertions, so that `arbiter check` proves the board was
 * mapped right.  notation/import.md documents the mapping and its limits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pioneers.h"
#include "../core/util.h"

/* The first `nl` bytes of `n` in the first `hl` of `h`, or NULL. */
const char *pio_find(const void *h, size_t hl, const char *n, size_t nl)
{
	/* memchr to each candidate first byte: the sniff runs on the first
	 * 64 KB of every file checked, and a byte loop cost some 400,000
	 * instructions there (memmem is not in POSIX 2008) */
	const char *p = h, *end = p + hl;
	if (nl == 0 || nl > hl) /* every caller looks for a word */
		return NULL;
	while ((p = memchr(p, n[0], (size_t)(end - p) - nl + 1)) != NULL) {
		if (!memcmp(p, n, nl))
			return p;
		p++;
		if ((size_t)(end - p) < nl)
			return NULL;
	}
	return NULL;
}

/* ------------------------------------------------------ reading lines */

/* The event key of a message: its copies to the other connections hide
 * the secret ("stole ore from 2" -> "stole from 2", "bought-develop 8"
 * -> "bought-develop"), so copies share the key. */
static void key_of(const char *m, char *key, size_t n)
{
	char r[16];
	int v;
	if (sscanf(m, "stole %15s from %d", r, &v) == 2 && strcmp(r, "from"))
		snprintf(key, n, "stole from %d", v);
	else if (!strncmp(m, "bought-develop", 14))
		snprintf(key, n, "bought-develop");
	else
		snprintf(key, n, "%s", m);
}

static int flush_run(conv *c)
{
	if (!c->run_open)
		return 0;
	c->run_open = false;
	uint32_t keep = c->lineno;
	c->lineno = c->run_line;
	int rc = c->over ? 0 : pio_event(c, c->run_player, c->run_msg);
	c->lineno = keep;
	return rc;
}

/* After "player N " (N a number below 100): the rest, with *p = N; else
 * NULL. */
static const char *player_prefix(const char *m, int *p)
{
	if (strncmp(m, "player ", 7) || m[7] < '0' || m[7] > '9')
		return NULL;
	int n = 0, i = 7;
	while (m[i] >= '0' && m[i] <= '9' && n < 100)
		n = n * 10 + (m[i++] - '0');
	if (m[i] != ' ' || n >= 100)
		return NULL;
	*p = n;
	return m + i + 1;
}

/* A message about spectator p that every connection is told (it joins,
 * is named, talks, leaves): no seat's business. */
static bool spectator_notice(const conv *c, int p, const char *body)
{
	if (p < c->nplayers && !c->viewer_num[p])
		return false;
	static const char *const notices[] = { "is ", "style ", "has quit", "chat " };
	for (size_t i = 0; i < sizeof notices / sizeof notices[0]; i++)
		if (!strncmp(body, notices[i], strlen(notices[i])))
			return true;
	return false;
}

/* One message m sent to connection ci: fold it into the open event or
 * start the next one. */
static int message(conv *c, int ci, const char *m)
{
	conn *cn = &c->conns[ci];
	int p, n, got = 0; /* %n is stored only when the text before it matched */
	if (sscanf(m, "player %d of %d, welcome to pioneers server %n", &p, &n, &got) == 2 &&
	    got > 0) {
		cn->player = p;
		/* A spectator is numbered from num-players up ("player 4 of
		 * 4"): it watches, so its connection says nothing new. */
		cn->viewer = p >= n;
		if (cn->viewer && p >= 0 && p < 100)
			c->viewer_num[p] = true;
		if (!c->version[0]) {
			snprintf(c->version, sizeof c->version, "%.31s", m + got);
			if (strncmp(c->version, PIO_VERSION ".", sizeof PIO_VERSION))
				return fail(c,
					    "Pioneers %s logs are not supported: arbiter reads the "
					    "protocol of Pioneers " PIO_VERSION ".x",
					    c->version);
		}
		return 0;
	}
	if (cn->viewer)
		return 0;
	const char *body = player_prefix(m, &p);
	if (body && spectator_notice(c, p, body))
		return 0;
	if (body && !strncmp(body, "is ", 3) && p < PIO_MAX_PLAYERS) {
		if (!c->started)
			snprintf(c->names[p], sizeof c->names[p], "%s", body + 3);
		return 0;
	}
	/* the game block, from the first connection that gets it */
	if (!c->params_done) {
		if (c->block_open && c->params_conn == ci)
			return pio_param(c, m);
		if (!c->block_open && !strcmp(m, "game")) {
			c->block_open = true;
			c->params_conn = ci;
			return 0;
		}
	}
	if (!c->started && !strncmp(m, "turn num ", 9) && strtol(m + 9, NULL, 10) > 0)
		return fail(c,
			    "the log starts in the middle of a game (turn %ld): the game's "
			    "start is missing",
			    strtol(m + 9, NULL, 10));
	if (!body) {
		/* The server's prompt to choose year of plenty's cards names
		 * what the bank holds; the choice comes as "player N plenty". */
		if (!strncmp(m, "plenty ", 7))
			return 0;
		body = m;
		p = cn->player;
	}
	if (p < 0)
		return 0; /* a connection not yet a player: lobby talk */
	char key[PIO_MAX_LINE];
	key_of(body, key, sizeof key);
	char full[PIO_MAX_LINE + 32];
	snprintf(full, sizeof full, "%d %s", p, key);
	if (c->run_open && !strcmp(full, c->run_key) && !(c->run_conns & (1u << ci))) {
		c->run_conns |= 1u << ci;
		if (strlen(body) > strlen(c->run_msg)) /* the copy naming the secret */
			snprintf(c->run_msg, sizeof c->run_msg, "%s", body);
		return 0;
	}
	if (flush_run(c))
		return -1;
	snprintf(c->run_key, sizeof c->run_key, "%s", full);
	snprintf(c->run_msg, sizeof c->run_msg, "%s", body);
	c->run_player = p;
	c->run_conns = 1u << ci;
	c->run_open = true;
	c->run_line = c->lineno;
	return 0;
}

/* The connection named `id`, added when new; -1 when there are too many. */
static int conn_of(conv *c, const char *id, size_t n)
{
	for (int i = 0; i < c->nconns; i++)
		if (strlen(c->conns[i].id) == n && !memcmp(c->conns[i].id, id, n))
			return i;
	if (c->nconns == PIO_MAX_CONNS || n >= sizeof c->conns[0].id)
		return -1;
	conn *cn = &c->conns[c->nconns];
	memcpy(cn->id, id, n);
	cn->id[n] = 0;
	cn->player = -1;
	return c->nconns++;
}

/* One log line "HH:MM:SS (0xID) --> MSG\n" (the \n written out); other
 * lines (the server's notices, "<--") say nothing new. */
static int log_line(conv *c, const char *s, size_t n)
{
	const char *open = memchr(s, '(', n);
	if (!open || (size_t)(open - s) > 12 || n - (size_t)(open - s) < 8)
		return 0;
	const char *close = memchr(open, ')', n - (size_t)(open - s));
	if (!close || close[1] != ' ' || (size_t)(close - s) + 6 > n)
		return 0;
	const char *id = open + 1;
	const char *dir = close + 2;
	if (!strncmp(dir, "<-- ", 4)) {
		/* "done" from the player whose turn it is: the turn is complete */
		int ci = conn_of(c, id, (size_t)(close - id));
		if (ci >= 0 && c->conns[ci].player >= 0 && c->conns[ci].player == c->cur &&
		    (size_t)(s + n - dir) >= 8 && !strncmp(dir + 4, "done", 4) &&
		    s + n == dir + 8) {
			if (flush_run(c))
				return -1;
			c->cur_done = true;
		}
		return 0;
	}
	if (strncmp(dir, "--> ", 4))
		return 0;
	const char *m = dir + 4;
	size_t ml = (size_t)(s + n - m);
	if (ml >= 2 && m[ml - 2] == '\\' && m[ml - 1] == 'n')
		ml -= 2;
	else
		return 0; /* a message cut short (the log was interleaved or truncated) */
	if (ml >= PIO_MAX_LINE)
		return fail(c, "a message of %zu bytes: not a Pioneers log", ml);
	c->nsent++;
	int ci = conn_of(c, id, (size_t)(close - id));
	if (ci < 0)
		return fail(c, "more than %d connections: not one game's log", PIO_MAX_CONNS);
	char msg[PIO_MAX_LINE];
	memcpy(msg, m, ml);
	msg[ml] = 0;
	return message(c, ci, msg);
}

/* ------------------------------------------------------------ the record */

/* The record (arb_import_put): its errors are the whole log's. */
static int put_record(void *ctx, arb_buf *out)
{
	conv *c = ctx;
	c->lineno = 0;
	if (!c->nsent)
		return fail(c, "not a Pioneers server log: no line \"HH:MM:SS (0xID) --> "
			       "MESSAGE\" (the server writes them with --debug)");
	if (!c->params_done)
		return fail(c, "no game parameters: this log does not show a game starting (run "
			       "the server with --debug)");
	if (!c->started)
		return fail(c, "the game never started: no set-up placement in the log");
	int rc = 0;
	if (c->nseated != c->nplayers)
		rc = fail(c, "%d of %d players placed in the set-up", c->nseated, c->nplayers);
	if (rc == 0) {
		arb_import_tag(out, "Game", "catan");
		if (c->title[0])
			arb_import_tag(out, "Event", c->title);
		char src[64];
		snprintf(src, sizeof src, "Pioneers %s", c->version[0] ? c->version : "?");
		arb_import_tag(out, "Source", src);
		if (c->game_id[0])
			arb_import_tag(out, "SourceId", c->game_id);
		const char *names[PIO_MAX_PLAYERS];
		for (int s = 0; s < c->nseated; s++)
			names[s] = c->names[c->player_at[s]];
		arb_import_seats(out, cat_colours, names, c->nseated, c->err);
		/* Pioneers' rules where they are not the rulebook's: a
		 * shortage is paid in seat order from the roller, and the
		 * bank holds resource-count cards of each resource. */
		char variant[128], bank[16] = "";
		if (c->bank_cards != (int)cat_bank_cards(c->d))
			snprintf(bank, sizeof bank, " bank=%d", c->bank_cards);
		snprintf(variant, sizeof variant,
			 "phases=%s robber=any vp-cards=revealed shortage=order%s",
			 c->strict_trade ? "strict" : "combined", bank);
		arb_import_tag(out, "Variant", variant);
		arb_icat_put_end(out, &c->setup_tag, c->over, &c->moves);
	}
	return rc;
}

/* Read the log a line at a time up to the game's end: memory is the
 * game's state and its record, whatever the length of the log. */
static int convert(conv *c, arb_import_in *in)
{
	char *s;
	size_t n;
	bool ended;
	int got = 0;
	while (!c->over && (got = arb_import_line(in, &s, &n, &ended, c->lineno + 1, c->err)) > 0) {
		if (!ended)
			break; /* a last line cut short: the log was truncated */
		c->lineno++;
		if (n && s[n - 1] == '\r')
			s[--n] = 0;
		const char *gid = n > 30 ? pio_find(s, n, "Preparing game #", 16) : NULL;
		if (gid && !c->game_id[0]) {
			size_t gl = n - (size_t)(gid + 16 - s);
			if (gl >= 2 && gid[16 + gl - 2] == '\\')
				gl -= 2;
			snprintf(c->game_id, sizeof c->game_id, "%.*s", (int)(gl < 39 ? gl : 39),
				 gid + 16);
		}
		if (log_line(c, s, n))
			return -1;
	}
	if (!c->over && got < 0)
		return -1;
	if (flush_run(c))
		return -1;
	if (!c->over) {
		/* The last turn counts only when its player said "done". */
		if (c->cur >= 0 && (c->cur_done || c->setup)) {
			if (c->setup ? c->nset == c->nsetedge && c->nset : true) {
				if (pio_flush_line(c))
					return -1;
			}
		}
		arb_buf_reset(&c->line);
	}
	return 0;
}

bool arb_import_pioneers_sniff(const unsigned char *b, size_t len)
{
	size_t n = len < 65536 ? len : 65536;
	return pio_find(b, n, ") --> ", 6) &&
	       (pio_find(b, n, "pioneers server", 15) || pio_find(b, n, "Preparing game #", 16));
}

int arb_import_pioneers_convert(arb_import_in *in, const arb_import_sink *sink,
				arb_import_error *err)
{
	size_t len;
	const unsigned char *head = arb_import_peek(in, &len);
	if (arb_import_compressed(head, len, err))
		return -1;
	conv *c = arb_xcalloc(1, sizeof *c);
	c->err = err;
	c->d = arb_icat_data(err);
	c->cur = -1;
	c->mono_res = -1;
	c->params_conn = -1;
	memset(c->seat_of, -1, sizeof c->seat_of);
	c->nplayers = PIO_MAX_PLAYERS;
	c->bank_cards =
		c->d ? (int)cat_bank_cards(c->d) : 0; /* a game block without resource-count */
	arb_buf *const bufs[] = { &c->moves, &c->line, &c->setup_tag };
	int rc = arb_import_finish(c->d ? convert(c, in) : -1, put_record, c, sink, bufs, 3, err);
	free(c);
	return rc;
}
