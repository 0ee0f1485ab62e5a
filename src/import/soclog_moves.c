/*
 * soclog_moves.c — the messages that change the game, each written as the
 * actions of the turn line being written (SOCTurn opens a line, SOCPutPiece
 * builds, SOCDiceResult rolls, ...), after JSettlers2's
 * doc/Message-Sequences-for-Game-Actions.md.  soc_game_message
 * (soclog_messages.c) calls each where the game may take it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"

/* SOCTurn: a set-up placement's or a turn's line opened, or the game won at its start. */
int soc_turn(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn, v;
	(void)name;
	(void)seen;
	if (soc_int_field(body, "playerNumber", false, &pn) ||
	    soc_int_field(body, "gameState", false, &v))
		return fail(c, "SOCTurn without its player or state");
	if (v == 5 || v == 10)
		return soc_start_line(c, pn, true);
	if (v == SOC_STATE_SPECIAL)
		return fail(c, "the special building phase (the 6-player game), which TGN's "
			       "Catan cannot hold");
	if (v == SOC_STATE_OVER) {
		/* won at the start of the turn: the engine ends the game
		 * with the line before, which is the record's last */
		if (soc_flush_line(c) || soc_player(c, pn) < 0)
			return -1;
		c->over = true;
		c->winner = (int)pn;
		return 0;
	}
	if (v != 15)
		return fail(c, "SOCTurn to game state %ld, which the base game has not", v);
	return soc_start_line(c, pn, false);
}

/* SOCGameState: free roads lost, the game over, or a state the base game has not. */
int soc_game_state(conv *c, const char *name, const char *body, uint32_t seen)
{
	long v;
	(void)name;
	(void)seen;
	if (soc_int_field(body, "state", false, &v))
		return fail(c, "SOCGameState without its state");
	if (v == 15 || v == 20)
		c->roads_left = 0; /* back to the turn: free roads not placed are lost */
	if (v == SOC_STATE_OVER) {
		c->over = true;
		c->winner = c->cur;
	} else if (v == 12 || v == 13 || v == 14 || v == 34 || v == 54 || v == 56) {
		return fail(c,
			    "game state %ld (a third set-up placement, the pirate or gold): "
			    "not the base game",
			    v);
	}
	return 0;
}

/* SOCPutPiece: a road, settlement or city built (a set-up placement's, a free road's, or bought). */
int soc_put_piece(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn, v, w;
	(void)name;
	(void)seen;
	if (soc_int_field(body, "playerNumber", false, &pn) ||
	    soc_int_field(body, "pieceType", false, &v) || soc_int_field(body, "coord", true, &w))
		return fail(c, "SOCPutPiece without its player, piece or place");
	if (need_turn(c, pn, "builds"))
		return -1;
	if (v == 3)
		return fail(c, "a ship (the sea board), which TGN's Catan cannot hold");
	if (v < 0 || v > 2)
		return fail(c, "piece type %ld is not one of the base game", v);
	int at = v == 0 ? soc_edge_at(c, (int)w) : soc_node_at(c, (int)w);
	if (at < 0)
		return fail(c, "the %s at 0x%lX is not on the island",
			    v == 0   ? "road"
			    : v == 1 ? "settlement"
				     : "city",
			    w);
	char nm[8];
	if (v == 0)
		cat_edge_name(c->d, (unsigned)at, nm);
	else
		cat_node_name(c->d, (unsigned)at, nm);
	if (c->setup) {
		if (v == 1 && c->set_node < 0)
			c->set_node = at;
		else if (v == 0 && c->set_node >= 0 && c->set_edge < 0)
			c->set_edge = at;
		else
			return fail(c,
				    "player %ld's set-up placement is not a settlement "
				    "and then a road",
				    pn);
		return 0;
	}
	if (v == 0 && c->roads_left) {
		arb_buf_printf(&c->line, "%s %s", c->roads_left == 2 ? " play road-building" : "",
			       nm);
		c->roads_left--;
		return 0;
	}
	c->roads_left = 0;
	arb_buf_printf(&c->line, " %s %s", v == 0 ? "road" : v == 1 ? "settlement" : "city", nm);
	return 0;
}

/* SOCCancelBuildRequest: an initial settlement taken back before its road. */
int soc_cancel_build(conv *c, const char *name, const char *body, uint32_t seen)
{
	long v;
	(void)name;
	(void)seen;
	/* an initial settlement taken back before its road */
	if (c->setup && soc_int_field(body, "pieceType", false, &v) == 0 && v == 1 &&
	    c->set_edge < 0)
		c->set_node = -1;
	return 0;
}

/* SOCDiceResult: the dice sum (JSettlers2 sends no two dice). */
int soc_dice_result(conv *c, const char *name, const char *body, uint32_t seen)
{
	long v;
	(void)name;
	(void)seen;
	if (soc_int_field(body, "param", false, &v) || v < 2 || v > 12)
		return fail(c, "SOCDiceResult: \"%.20s\" is no dice sum",
			    soc_field(body, "param") ? soc_field(body, "param") : "");
	c->roads_left = 0;
	arb_buf_printf(&c->line, " roll %ld", v);
	return 0;
}

/* SOCDiceResultResources: the production, as `gets` assertions. */
int soc_dice_resources(conv *c, const char *name, const char *body, uint32_t seen)
{
	(void)name;
	(void)seen;
	/* p=count, then per player: pn, total, (amount, type)..., 0 */
	long p[64];
	int n = 0;
	for (const char *s = body; s && n < 64; s = strchr(s, '|')) {
		if (*s == '|')
			s++;
		if (!strncmp(s, "game=", 5))
			continue;
		if (strncmp(s, "p=", 2))
			return fail(c, "SOCDiceResultResources: \"%.40s\"", s);
		p[n++] = strtol(s + 2, NULL, 10);
	}
	int i = 1;
	for (long k = 0; k < (n ? p[0] : 0); k++) {
		if (i + 1 >= n || soc_player(c, p[i]) < 0)
			return fail(c, "SOCDiceResultResources: a player is missing");
		int who = (int)p[i];
		unsigned got[CAT_RES] = { 0 };
		i += 2;
		while (i + 1 < n && p[i] != 0) {
			if (p[i] < 0 || p[i + 1] < 1 || p[i + 1] > 5)
				return fail(c, "SOCDiceResultResources: resource %ld", p[i + 1]);
			got[soc_res[p[i + 1]]] += (unsigned)p[i];
			i += 2;
		}
		i++; /* the 0 that ends a player */
		arb_buf_printf(&c->line, " gets %s ", soc_colour_of(c, who));
		arb_icat_cards(&c->line, got);
	}
	return 0;
}

/* SOCMoveRobber: the robber moved (by a knight or a seven). */
int soc_move_robber(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn, w;
	(void)name;
	(void)seen;
	if (soc_int_field(body, "playerNumber", false, &pn) || !soc_field(body, "coord"))
		return fail(c, "SOCMoveRobber without its player or hex");
	const char *s = soc_field(body, "coord");
	if (*s == '-')
		return fail(c, "the pirate (the sea board), which TGN's Catan cannot hold");
	w = strtol(s, NULL, 16);
	if (need_turn(c, pn, "moves the robber"))
		return -1;
	int h = w >= 0 && w < 256 ? c->hex_of[w] : -1;
	if (h < 0)
		return fail(c, "the robber goes to 0x%lX, which is no land hex", w);
	c->roads_left = 0;
	arb_buf_printf(&c->line, " %s %c", c->knight ? "play knight" : "robber", 'A' + h);
	c->knight = false;
	return 0;
}

/* SOCBankTrade: a trade with the bank or a port. */
int soc_bank_trade(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn;
	unsigned give[CAT_RES], get[CAT_RES];
	(void)name;
	(void)seen;
	if (soc_res_field(body, "give", give, NULL) || soc_res_field(body, "get", get, NULL) ||
	    soc_int_field(body, "pn", false, &pn))
		return fail(c, "SOCBankTrade without its cards or player");
	if (need_turn(c, pn, "trades with the bank"))
		return -1;
	if (soc_total(give) < soc_total(get))
		return fail(c,
			    "player %ld undoes a bank trade, which TGN has no way to "
			    "write",
			    pn);
	c->roads_left = 0;
	arb_icat_put_trade(&c->line, "bank", give, get);
	return 0;
}

/* SOCAcceptOffer: a trade between two players, the one whose turn it is first. */
int soc_accept_offer(conv *c, const char *name, const char *body, uint32_t seen)
{
	long v, w;
	unsigned give[CAT_RES], get[CAT_RES];
	(void)name;
	(void)seen;
	if (!soc_field(body, "toAccepting"))
		return 0; /* a client's acceptance: the server's copy follows */
	if (soc_int_field(body, "accepting", false, &v) ||
	    soc_int_field(body, "offering", false, &w) ||
	    soc_res_field(body, "toAccepting", give, NULL) ||
	    soc_res_field(body, "toOffering", get, NULL))
		return fail(c, "SOCAcceptOffer without its players or cards");
	if (soc_player(c, v) < 0 || soc_player(c, w) < 0)
		return -1;
	c->roads_left = 0;
	if (w == c->cur) {
		arb_icat_put_trade(&c->line, soc_colour_of(c, (int)v), give, get);
	} else if (v == c->cur) {
		arb_icat_put_trade(&c->line, soc_colour_of(c, (int)w), get, give);
	} else {
		return fail(c, "players %ld and %ld trade outside their turns", w, v);
	}
	return 0;
}

/* SOCPickResources: a year of plenty's cards. */
int soc_pick_resources(conv *c, const char *name, const char *body, uint32_t seen)
{
	long v;
	unsigned give[CAT_RES];
	(void)name;
	(void)seen;
	if (soc_int_field(body, "reason", false, &v) || v != 2 || !c->plenty)
		return fail(c, "resources picked other than by a year of plenty (gold: the "
			       "sea board)");
	if (soc_res_field(body, "resources", give, NULL))
		return fail(c, "SOCPickResources without its cards");
	arb_buf_puts(&c->line, " play year-of-plenty ");
	arb_icat_cards(&c->line, give);
	c->plenty = false;
	return 0;
}

/* SOCSimpleAction: a monopoly's take (in all; each opponent's share is not sent). */
int soc_simple_action(conv *c, const char *name, const char *body, uint32_t seen)
{
	long v, w;
	(void)name;
	(void)seen;
	if (soc_int_field(body, "actType", false, &v))
		return fail(c, "SOCSimpleAction without its type");
	if (v == 1 || v == 2)
		return 0; /* a card bought (the draw says which), a trade made */
	if (v != 3)
		return fail(c,
			    "SOCSimpleAction type %ld (a scenario's), which TGN's Catan "
			    "cannot hold",
			    v);
	long taken;
	if (soc_int_field(body, "v2", false, &w) || w < 1 || w > 5 || !c->monopoly)
		return fail(c, "a resource monopolized without a monopoly card played");
	/* v1: the cards taken in all (each opponent's share is not sent) */
	if (soc_int_field(body, "v1", false, &taken) || taken < 0 || taken > 95)
		return fail(c, "a monopoly without the number of cards it took (v1)");
	arb_buf_printf(&c->line, " play monopoly %s takes %ld", cat_res_name[soc_res[w]], taken);
	c->monopoly = false;
	return 0;
}

/* Whether a GAIN gives resources: an element 1 to 5 (clay ... wood) with
 * an amount above 0.  SOCPlayerElement gains one element,
 * "elementType=T|amount=N" (no amount: taken as a gain); SOCPlayerElements
 * lists them after the action, "actionType=GAIN|e2=5,e3=5". */
static bool gains_resources(const char *body, bool one)
{
	long k, n = 1;
	if (one)
		return soc_int_field(body, "elementType", false, &k) == 0 && k >= 1 && k <= 5 &&
		       (soc_int_field(body, "amount", false, &n) || n > 0);
	const char *e = strstr(body, "actionType=GAIN|");
	for (e = e ? e + 16 : NULL; e && *e == 'e';) {
		char *end;
		k = strtol(e + 1, &end, 10);
		n = *end == '=' ? strtol(end + 1, &end, 10) : 0;
		if (k >= 1 && k <= 5 && n > 0)
			return true;
		e = *end == ',' ? end + 1 : NULL;
	}
	return false;
}

/* SOCPlayerElement(s): resources gained outside the rules refused; all else derived. */
int soc_player_elements(conv *c, const char *name, const char *body, uint32_t seen)
{
	(void)seen;
	char act[16];
	if (soc_text_field(body, "actionType", act, sizeof act) || strcmp(act, "GAIN"))
		return 0; /* costs paid (LOSE), hands and flags (SET): derived */
	bool one = !strcmp(name, "SOCPlayerElement");
	if (one && c->monopoly)
		return 0; /* the monopolist's take, before SOCSimpleAction */
	if (gains_resources(body, one))
		return fail(c,
			    "%s gives resources outside the rules (a debug command), which "
			    "TGN cannot hold",
			    name);
	return 0;
}
