/*
 * soclog.c — JSettlers2 game event logs (.soclog) to TGN Catan records.
 *
 * A .soclog (JSettlers2 2.5 and later, soc.extra.server.GameEventLog)
 * starts with the line "SOC game event log: type=F|C, version=N,
 * created_at=T, ..., game_name=G"; then each line is one message,
 * "[m:ss.ddd:]AUDIENCE:SOCMessageName:field=value|...".  The audience is
 * `all`, one player `pN`, all but some `!pN` / `!p[a, b]`, an observer
 * joining `ob`, or a message from a client `fN` / `fo`.  A full log
 * (type F) holds every copy the server sent; a secret (the card stolen, the
 * development card drawn, the cards discarded) is sent whole to those who
 * see it and masked to the others, in consecutive copies that are merged
 * here into one action.  A type C log holds only the server's messages:
 * all of them (then it is as good as a full log), or those one client got
 * (then it becomes a View record of that seat, or of an observer, with
 * `?` for what that client did not see).
 *
 * The converter reads the server's side only (a client's request says
 * nothing the server's answer does not), maps the classic board
 * (SOCBoardLayout: 37 hexes, ports in the ring of water hexes) onto the
 * engine's island, and writes the message sequences of JSettlers2's
 * doc/Message-Sequences-for-Game-Actions.md as turn lines: the dice sum as
 * `roll N`, the production as `gets` assertions (so that `arbiter check`
 * proves the board was mapped right), the end-of-game reveal of victory
 * point cards as `reveal`.  What the base game cannot hold (sea boards,
 * scenarios, six players, other victory targets, undone moves, debug
 * commands) is refused, naming it.  notation/import.md documents the
 * mapping and its limits.
 *
 * This file reads the log's lines (the header, each entry's audience) and
 * writes the record; the messages, the board and the turn lines are read in
 * the files soclog.h lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "soclog.h"
#include "../core/util.h"

/* ------------------------------------------------------------ reading */

/* The header "SOC game event log: type=F, version=2500, created_at=T,
 * now=T, game_name=G". */
static int header(conv *c, const char *s)
{
	if (!strncmp(s, "\xef\xbb\xbf", 3))
		s += 3;
	if (strncmp(s, SOCLOG_MAGIC, strlen(SOCLOG_MAGIC)))
		return fail(c,
			    "not a JSettlers2 game event log: the first line is not \"" SOCLOG_MAGIC
			    "...\"");
	const char *t = s + strlen(SOCLOG_MAGIC);
	if ((*t != 'F' && *t != 'C') || (t[1] != ',' && t[1]))
		return fail(c, "log type \"%.8s\": JSettlers2 writes F (full) or C (client)", t);
	c->type = *t;
	const char *ver = strstr(t, "version=");
	if (!ver)
		return fail(c, "the header has no version");
	char *end;
	c->version = strtol(ver + 8, &end, 10);
	if (end == ver + 8)
		return fail(c, "the header's version is not a number");
	if (c->version < SOC_MIN_VERSION || c->version > SOC_MAX_VERSION)
		return fail(c,
			    "JSettlers2 version=%ld logs are not supported: arbiter reads the game "
			    "event logs of 2.5.00 to 2.9.x (version=2500 to 2999)",
			    c->version);
	const char *ca = strstr(t, "created_at=");
	if (ca) {
		c->created_at = strtoll(ca + 11, &end, 10);
		c->have_created = end != ca + 11;
	}
	const char *gn = strstr(t, "game_name=");
	if (gn)
		snprintf(c->game_name, sizeof c->game_name, "%s", gn + 10);
	return 0;
}

/* The seats that see a message to `aud` (with its player or mask). */
static uint32_t seen_by(enum aud aud, int one, uint32_t except)
{
	uint32_t all = (1u << SOC_SEATS) - 1;
	return aud == AUD_ALL ? all : aud == AUD_ONE ? 1u << one : all & ~except;
}

/* One entry line (not the header, not a comment). */
static int entry(conv *c, char *s)
{
	/* the optional timestamp "m:ss.ddd:" */
	if (*s >= '0' && *s <= '9') {
		char *p = s;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p++ != ':')
			return fail(c, "an entry without its audience: \"%.40s\"", s);
		while ((*p >= '0' && *p <= '9') || *p == '.')
			p++;
		if (*p++ != ':')
			return fail(c, "a timestamp without its end: \"%.40s\"", s);
		s = p;
	}
	enum aud aud;
	int one = -1;
	uint32_t except = 0;
	char *colon = strchr(s, ':');
	if (!colon)
		return fail(c, "an entry without its audience: \"%.40s\"", s);
	*colon = 0;
	if (!strcmp(s, "all")) {
		aud = AUD_ALL;
	} else if (s[0] == 'p' && s[1] >= '0' && s[1] <= '9' && !s[2]) {
		aud = AUD_ONE;
		one = s[1] - '0';
	} else if (s[0] == '!' && s[1] == 'p') {
		aud = AUD_EXCEPT;
		for (const char *p = s + 2; *p; p++)
			if (*p >= '0' && *p <= '9')
				except |= 1u << (*p - '0');
	} else if (!strcmp(s, "ob") || !strcmp(s, "un") || !strcmp(s, "fo") ||
		   (s[0] == 'f' && s[1] >= '0' && s[1] <= '9' && !s[2])) {
		aud = AUD_IGNORE;
	} else {
		return fail(c, "unknown audience \"%.20s\"", s);
	}
	if (aud == AUD_IGNORE)
		return 0; /* a client's request (the server's answer follows), an observer joining */
	if (one >= SOC_SEATS)
		return 0; /* seats 4, 5: the 6-player game, refused by its options */
	char *name = colon + 1;
	char *body = strchr(name, ':');
	if (body)
		*body++ = 0;
	else
		body = name + strlen(name);
	if (aud == AUD_ONE)
		c->private_seen |= 1u << one;
	if (!c->started)
		return soc_lobby_message(c, name, body, aud);
	return soc_game_message(c, name, body, aud, seen_by(aud, one, except));
}

/* ------------------------------------------------------------ the record */

/* The record (arb_import_put): tags (whose view it is decided here),
 * then the lines. */
static int put_record(void *ctx, arb_buf *out)
{
	conv *c = ctx;
	/* Whose view: a full log, or a client's with every seat's own
	 * messages, is the referee's; a client's with one seat's own, that
	 * seat's; with none, an observer's. */
	uint32_t seated = 0;
	for (int s = 0; s < c->nseats; s++)
		seated |= 1u << c->pn_at[s];
	uint32_t own = c->private_seen & seated;
	int view = -2; /* -2 full, -1 observer, else a player number */
	if (c->type == 'C' && own != seated) {
		if (own == 0) {
			view = -1;
		} else if (!(own & (own - 1))) {
			for (int pn = 0; pn < SOC_SEATS; pn++)
				if (own == 1u << pn)
					view = pn;
		} else {
			char who[32] = "";
			size_t used = 0;
			for (int pn = 0; pn < SOC_SEATS && used < sizeof who; pn++)
				if (own & 1u << pn)
					used += (size_t)snprintf(who + used, sizeof who - used,
								 "%s%d", used ? ", " : "", pn);
			c->lineno = 0;
			return fail(c,
				    "the log holds the private messages of players %s, not of all "
				    "%d: a TGN view is one seat's or an observer's",
				    who, c->nseats);
		}
	}
	if (view == -2 && c->first_unseen) {
		c->lineno = c->first_unseen;
		return fail(c, "a secret (a card stolen, drawn or discarded) the log does not "
			       "name, in a log that names every other: not a whole log");
	}
	arb_import_tag(out, "Game", "catan");
	if (c->game_name[0])
		arb_import_tag(out, "Event", c->game_name);
	if (c->have_created) {
		time_t t = (time_t)c->created_at;
		struct tm tm;
		char date[48];
		if (gmtime_r(&t, &tm) && tm.tm_year + 1900 >= 1000 && tm.tm_year + 1900 <= 9999) {
			snprintf(date, sizeof date, "%04d.%02d.%02d", tm.tm_year + 1900,
				 tm.tm_mon + 1, tm.tm_mday);
			arb_import_tag(out, "Date", date);
		}
	}
	char src[128];
	if (c->src_version[0])
		snprintf(src, sizeof src, "JSettlers2 %s", c->src_version);
	else
		snprintf(src, sizeof src, "JSettlers2 %ld.%ld.%02ld", c->version / 1000,
			 c->version / 100 % 10, c->version % 100);
	arb_import_tag(out, "Source", src);
	const char *names[SOC_SEATS];
	for (int s = 0; s < c->nseats; s++)
		names[s] = c->names[c->pn_at[s]];
	arb_import_seats(out, cat_colours, names, c->nseats, c->err);
	char variant[96];
	snprintf(variant, sizeof variant, "bank=unlimited phases=combined%s",
		 c->robber_token ? "" : " robber=any");
	arb_import_tag(out, "Variant", variant);
	if (view != -2)
		arb_import_tag(out, "View",
			       view == -1 ? "observer" : cat_colours[c->seat_of[view]]);
	arb_icat_put_end(out, &c->setup_tag, c->over, &c->moves);
	return 0;
}

/* Read the log a line at a time: memory is one game's record. */
static int convert(conv *c, arb_import_in *in)
{
	char *s;
	size_t n;
	bool ended;
	int got;
	while ((got = arb_import_line(in, &s, &n, &ended, c->lineno + 1, c->err)) > 0) {
		c->lineno++;
		if (!ended)
			return fail(c,
				    "the log is truncated: its last line ends without a newline");
		if (n && s[n - 1] == '\r')
			s[--n] = 0;
		if (c->lineno == 1) {
			if (header(c, s))
				return -1;
			continue;
		}
		const char *p = s;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p || *p == '#')
			continue;
		if (entry(c, s))
			return -1;
	}
	if (got < 0)
		return -1;
	if (c->lineno == 0)
		return fail(c, "the file is empty: there is no game to import");
	if (!c->started)
		return fail(c, "the log ends before the game starts (no SOCStartGame)");
	if (c->nseats == 0)
		return fail(c, "the log ends before the first set-up placement");
	if (soc_flush_secret(c))
		return -1;
	if (c->over) {
		if (c->cur >= 0 && c->reveal_vp == 1 && c->cur == c->winner)
			arb_buf_puts(&c->line, " reveal vp");
		else if (c->cur >= 0 && c->reveal_vp > 1 && c->cur == c->winner)
			arb_buf_printf(&c->line, " reveal %uvp", c->reveal_vp);
		return soc_flush_line(c);
	}
	/* Unfinished: a half-made set-up placement or pending card is dropped
	 * with its line; a turn line stands as far as it went. */
	if (c->cur >= 0 && !c->setup && !c->knight && !c->plenty && !c->monopoly &&
	    c->roads_left != 2)
		return soc_flush_line(c);
	if (c->cur >= 0 && c->setup && c->set_node >= 0 && c->set_edge >= 0)
		return soc_flush_line(c);
	return 0;
}

/* A .soclog starts with its header (after a byte-order mark, perhaps). */
bool arb_import_soclog_sniff(const unsigned char *b, size_t len)
{
	size_t n = strlen(SOCLOG_MAGIC);
	size_t i = len >= 3 && !memcmp(b, "\xef\xbb\xbf", 3) ? 3 : 0;
	return len - i >= n && !memcmp(b + i, SOCLOG_MAGIC, n);
}

/* The importer's entry: one log, one game handed to `sink`, or -1. */
int arb_import_soclog_convert(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err)
{
	size_t len;
	const unsigned char *bytes = arb_import_peek(in, &len);
	if (arb_import_compressed(bytes, len, err))
		return -1;
	if (!arb_import_soclog_sniff(bytes, len))
		return arb_import_fail(err, 1, 1,
				       "not a JSettlers2 game event log: the first line is not "
				       "\"" SOCLOG_MAGIC "...\"");
	conv *c = arb_xcalloc(1, sizeof *c);
	c->err = err;
	c->d = arb_icat_data(err);
	c->cur = -1;
	c->winner = -1;
	memset(c->seat_of, -1, sizeof c->seat_of);
	arb_buf *const bufs[] = { &c->moves, &c->line, &c->setup_tag };
	int rc = arb_import_finish(c->d ? convert(c, in) : -1, put_record, c, sink, bufs, 3, err);
	for (int i = 0; i < SOC_SEATS; i++)
		free(c->names[i]);
	free(c);
	return rc;
}
