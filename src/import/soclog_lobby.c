/*
 * soclog_lobby.c — the messages before the game starts: the server's
 * version, the game's options (what TGN's Catan cannot hold refused), the
 * seats and the board.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"
#include "../core/util.h"

/* ------------------------------------------------------------ options */

/* SOCNewGameWithOptions' param2: "BC=t4,N7=f7,RD=f,PL=4". */
static int game_options(conv *c, const char *opts)
{
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", opts);
	buf[strcspn(buf, "|")] = 0;
	for (char *save = NULL, *o = strtok_r(buf, ",", &save); o; o = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(o, '=');
		if (!eq)
			return fail(c, "game option \"%.40s\" has no value", o);
		*eq = 0;
		const char *k = o, *v = eq + 1;
		bool on = *v == 't' || (*v >= '0' && *v <= '9' && strtol(v, NULL, 10) != 0);
		if (!strcmp(k, "PL")) {
			long n = strtol(v, NULL, 10);
			if (n > SOC_SEATS)
				return fail(
					c,
					"game option PL=%s: %ld players, the 6-player game, which "
					"TGN's Catan cannot hold",
					v, n);
		} else if (!strcmp(k, "PLB")) {
			if (on)
				return fail(c,
					    "game option PLB=%s: the 6-player board, which TGN's "
					    "Catan cannot hold",
					    v);
		} else if (!strcmp(k, "SBL")) {
			if (on)
				return fail(c,
					    "game option SBL=%s: the sea board, which TGN's Catan "
					    "cannot hold",
					    v);
		} else if (!strcmp(k, "SC") || !strncmp(k, "_SC_", 4)) {
			if (*v && strcmp(v, "f"))
				return fail(c,
					    "game option %s=%s: a scenario, which TGN's Catan "
					    "cannot hold",
					    k, v);
		} else if (!strcmp(k, "VP")) {
			if (*v == 't' && strtol(v + 1, NULL, 10) != 10)
				return fail(
					c,
					"game option VP=%s: a victory target of %ld, which TGN's "
					"Catan cannot hold",
					v, strtol(v + 1, NULL, 10));
		} else if (!strcmp(k, "RD")) {
			c->robber_token = *v == 't';
		} else if (!strcmp(k, "BC") || !strcmp(k, "N7") || !strcmp(k, "N7C") ||
			   !strcmp(k, "NT") || !strcmp(k, "UB") || !strcmp(k, "UBL") ||
			   !strcmp(k, "PLP") || !strcmp(k, "_BHW") || !strcmp(k, "_VP_ALL")) {
			/* the board's making, the dice (recorded as rolled), fewer
			 * trades, undo allowed (undos are refused one by one),
			 * options of boards refused elsewhere */
		} else if (on || (*v && *v != 'f')) {
			return fail(c, "game option %s=%s is not supported", k, v);
		}
	}
	return 0;
}

/* Before the game starts: the version, the options, the seats, the board. */
int soc_lobby_message(conv *c, const char *name, const char *body, enum aud aud)
{
	if (aud != AUD_ALL)
		return 0; /* an observer's catching up, a player's own copy */
	long v;
	if (!strcmp(name, "SOCVersion")) {
		soc_text_field(body, "str", c->src_version, sizeof c->src_version);
		return 0;
	}
	if (!strcmp(name, "SOCNewGameWithOptions") || !strcmp(name, "SOCNewGame")) {
		c->have_newgame = true;
		const char *o = soc_field(body, "param2");
		return o ? game_options(c, o) : 0;
	}
	if (!strcmp(name, "SOCSitDown")) {
		const char *nick = soc_field(body, "nickname");
		if (soc_int_field(body, "playerNumber", false, &v) || !nick)
			return fail(c, "SOCSitDown without its player or name");
		if (v < 0 || v >= SOC_SEATS)
			return fail(c,
				    "a player sits in seat %ld: the 6-player game, which TGN's "
				    "Catan cannot hold",
				    v);
		/* the name whole, however long: the line holds it */
		free(c->names[v]);
		c->names[v] = arb_xstrndup(nick, strcspn(nick, "|"));
		c->seated[v] = true;
		return 0;
	}
	if (!strcmp(name, "SOCLeaveGame")) {
		const char *nick = soc_field(body, "nickname");
		size_t n = nick ? strcspn(nick, "|") : 0;
		for (int i = 0; nick && i < SOC_SEATS; i++)
			if (c->seated[i] && strlen(c->names[i]) == n &&
			    !memcmp(c->names[i], nick, n))
				c->seated[i] = false;
		return 0;
	}
	if (!strcmp(name, "SOCBoardLayout"))
		return soc_board_layout(c, body);
	if (!strcmp(name, "SOCBoardLayout2"))
		return fail(c, "SOCBoardLayout2: the 6-player or the sea board, which TGN's Catan "
			       "cannot hold");
	if (!strcmp(name, "SOCStartGame")) {
		if (!c->have_newgame)
			return fail(c, "the game starts before SOCNewGame: not a whole log");
		if (!c->board)
			return fail(c, "the game starts before the server sent the board");
		c->started = true;
		return 0;
	}
	return 0;
}
