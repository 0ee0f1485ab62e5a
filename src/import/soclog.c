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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catan_board.h"
#include "../core/util.h"

#define SOCLOG_MAGIC "SOC game event log: type="
#define SOC_SEATS 4	      /* the classic board's seats              */
#define SOC_MIN_VERSION 2500  /* GameEventLog appeared in 2.5.00        */
#define SOC_MAX_VERSION 2999  /* the message sequences read here: 2.x   */
#define SOC_HEXES 37	      /* SOCBoardLayout: land and its water ring */
#define SOC_STATE_OVER 1000   /* SOCGame.OVER                           */
#define SOC_STATE_SPECIAL 100 /* SOCGame.SPECIAL_BUILDING (6 players)   */

/* The hex coordinate of each of SOCBoardLayout's 37 hexes, row by row
 * (the classic encoding: the first digit runs north-west to south-east,
 * the second south-west to north-east; 0x77 is the centre). */
static const uint8_t soc_hex_id[SOC_HEXES] = {
	0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79,
	0x9B, 0xBD, 0x11, 0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97,
	0xB9, 0xDB, 0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5, 0xD7,
};
/* The 19 land hexes among them, row by row: our hexes A..S. */
static const uint8_t soc_land[CAT_HEXES] = { 5,	 6,  7,	 10, 11, 12, 13, 16, 17, 18,
					     19, 20, 23, 24, 25, 26, 29, 30, 31 };
/* A hex's corners from its coordinate, N NE SE S SW NW (the engine's
 * hex_node order). */
static const int soc_corner[6] = { 0x01, 0x12, 0x21, 0x10, -0x01, -0x10 };
/* JSettlers2 resource numbers (1 clay, 2 ore, 3 sheep, 4 wheat, 5 wood)
 * to ours; index 0 unused. */
static const int soc_res[6] = { -1, R_BRICK, R_ORE, R_WOOL, R_GRAIN, R_LUMBER };
/* Sent dice numbers (SOCBoardLayout's numberLayout 0..9) to numbers. */
static const int soc_number[10] = { 2, 3, 4, 5, 6, 8, 9, 10, 11, 12 };

/* Who a line was sent to (or came from). */
enum aud { AUD_ALL, AUD_ONE, AUD_EXCEPT, AUD_IGNORE };

/* A secret the server sends whole to some and masked to others: its
 * consecutive copies are one action. */
enum sec_kind { SEC_NONE, SEC_DRAW, SEC_ROB, SEC_DISCARD };

typedef struct secret {
	enum sec_kind kind;
	int p, v;		 /* the player; the victim of a robbery    */
	uint32_t seen;		 /* seats whose copy has been merged       */
	bool known;		 /* a copy names it                        */
	int value;		 /* DRAW: our card; ROB: our resource      */
	unsigned cards[CAT_RES]; /* DISCARD: the cards named           */
	unsigned unknown;	 /* DISCARD: cards not named            */
	uint32_t line;
} secret;

typedef struct conv {
	arb_import_error *err;
	const cat_data *d;
	uint32_t lineno;
	/* the header */
	char type; /* 'F' or 'C' */
	long version;
	long long created_at;
	bool have_created;
	char game_name[96], src_version[32];
	bool have_newgame;
	bool robber_token; /* option RD: the robber may not go to the desert */
	/* the board */
	bool board;
	int node_of[256]; /* JSettlers2 node coordinate -> our node, -1 */
	int hex_of[256];  /* JSettlers2 hex coordinate -> our hex, -1   */
	arb_buf setup_tag;
	/* the seats */
	char *names[SOC_SEATS]; /* whole, as the log gives them; NULL: none */
	bool seated[SOC_SEATS];
	int seat_of[SOC_SEATS]; /* player number -> our seat (colour), -1 */
	int pn_at[SOC_SEATS];
	int nseats;
	uint32_t private_seen; /* seats that got a message of their own */
	/* the game */
	bool started, over;
	int winner; /* player number, -1 */
	unsigned reveal_vp;
	uint32_t first_unseen; /* line of the first secret no copy names */
	/* the turn line being written */
	arb_buf moves, line;
	int cur;    /* player number whose line it is, -1: none */
	bool setup; /* the line is a set-up placement           */
	int set_node, set_edge;
	bool knight, plenty, monopoly;
	int roads_left; /* road building: free roads to come       */
	secret sec;
} conv;

/* Set *c->err at the current line and return -1. */
#define fail(c, ...) ARB_ICAT_FAIL(c, __VA_ARGS__)

/* ------------------------------------------------------------ fields */

/* The value of field `key` in a message body "k=v|k=v": a pointer to it
 * (it runs to the next '|'), or NULL.  The first such field counts. */
static const char *field(const char *body, const char *key)
{
	size_t kl = strlen(key);
	for (const char *p = body; p && *p;) {
		if (!strncmp(p, key, kl) && p[kl] == '=')
			return p + kl + 1;
		p = strchr(p, '|');
		if (p)
			p++;
	}
	return NULL;
}

/* An integer field (decimal, or hexadecimal with `hex`).  Returns 0 and
 * *v, or -1 when the field is absent or not a number. */
static int int_field(const char *body, const char *key, bool hex, long *v)
{
	const char *s = field(body, key);
	if (!s)
		return -1;
	char *end;
	*v = strtol(s, &end, hex ? 16 : 10);
	return end == s || (*end && *end != '|') ? -1 : 0;
}

/* Copy a text field (to '|' or the end) into out. */
static int text_field(const char *body, const char *key, char *out, size_t n)
{
	const char *s = field(body, key);
	if (!s)
		return -1;
	size_t l = strcspn(s, "|");
	snprintf(out, n, "%.*s", (int)(l < n ? l : n - 1), s);
	return 0;
}

/* A resource set "clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N" after
 * field `key` into ours; *unknown gets the last.  Returns 0 or -1. */
static int res_field(const char *body, const char *key, unsigned out[CAT_RES], unsigned *unknown)
{
	static const char *const names[6] = { "clay", "ore", "sheep", "wheat", "wood", "unknown" };
	const char *s = field(body, key);
	if (!s)
		return -1;
	memset(out, 0, CAT_RES * sizeof out[0]);
	for (int i = 0; i < 6; i++) {
		size_t nl = strlen(names[i]);
		if (strncmp(s, names[i], nl) || s[nl] != '=')
			return -1;
		char *end;
		long n = strtol(s + nl + 1, &end, 10);
		if (end == s + nl + 1 || n < 0 || n > 99)
			return -1;
		if (i < 5)
			out[soc_res[i + 1]] = (unsigned)n;
		else if (unknown)
			*unknown = (unsigned)n;
		else if (n)
			return -1;
		s = end;
		if (i < 5) {
			if (*s != '|')
				return -1;
			s++;
		}
	}
	return 0;
}

/* The number of cards in v. */
static unsigned total(const unsigned v[CAT_RES])
{
	unsigned t = 0;
	for (int r = 0; r < CAT_RES; r++)
		t += v[r];
	return t;
}

/* ------------------------------------------------------------ the board */

/* Parse "{ n n n ... }" (SOC_HEXES numbers) after field `key`. */
static int layout_field(const char *body, const char *key, long out[SOC_HEXES])
{
	const char *s = field(body, key);
	if (!s || *s != '{')
		return -1;
	s++;
	for (int i = 0; i < SOC_HEXES; i++) {
		char *end;
		out[i] = strtol(s, &end, 10);
		if (end == s)
			return -1;
		s = end;
	}
	while (*s == ' ')
		s++;
	return *s == '}' ? 0 : -1;
}

/* Our node at JSettlers2 node coordinate `coord`, or -1. */
static int node_at(const conv *c, int coord)
{
	return coord >= 0 && coord < 256 ? c->node_of[coord] : -1;
}

/* A JSettlers2 edge: (even, even) digits are the vertical edge from
 * coord+0x01 to coord+0x10; otherwise the slanted one from coord to
 * coord+0x11. */
static int edge_at(const conv *c, int coord)
{
	if (coord < 0 || coord > 0xEE)
		return -1;
	bool vertical = ((coord & 0x0F) + (coord >> 4)) % 2 == 0;
	int a = vertical ? coord + 0x01 : coord, b = vertical ? coord + 0x10 : coord + 0x11;
	return cat_edge_between(c->d, node_at(c, a), node_at(c, b));
}

/* SOCBoardLayout: hexLayout (6 water, 0 desert, 1..5 clay ore sheep wheat
 * wood, 7..12 a 3:1 port facing 1..6, 16+ facing << 4 | port kind),
 * numberLayout, robberHex. */
static int board_layout(conv *c, const char *body)
{
	long hl[SOC_HEXES], nl[SOC_HEXES], robber;
	if (layout_field(body, "hexLayout", hl) || layout_field(body, "numberLayout", nl))
		return fail(c, "SOCBoardLayout without its 37 hexes and numbers");
	if (int_field(body, "robberHex", false, &robber) &&
	    (!field(body, "robberHex") || sscanf(field(body, "robberHex"), "0x%lx", &robber) != 1))
		return fail(c, "SOCBoardLayout without the robber's hex");
	for (int i = 0; i < 256; i++)
		c->node_of[i] = c->hex_of[i] = -1;
	bool land[SOC_HEXES] = { false };
	int terrain[CAT_HEXES], token[CAT_HEXES];
	for (int h = 0; h < CAT_HEXES; h++) {
		int i = soc_land[h];
		land[i] = true;
		long v = hl[i];
		static const int terr[7] = { T_DESERT, R_BRICK, R_ORE, R_WOOL, R_GRAIN, R_LUMBER };
		if (v < 0 || v > 5)
			return fail(
				c,
				"hex %d of the board (0x%02X) is %s, where the classic board has "
				"land",
				i, soc_hex_id[i], v == 6 ? "water" : "no land hex");
		terrain[h] = terr[v];
		token[h] = 0;
		if (v != 0) {
			if (nl[i] < 0 || nl[i] > 9)
				return fail(c, "land hex 0x%02X has no number", soc_hex_id[i]);
			token[h] = soc_number[nl[i]];
		}
		c->hex_of[soc_hex_id[i]] = h;
		for (int k = 0; k < 6; k++)
			c->node_of[soc_hex_id[i] + soc_corner[k]] =
				cat_hex_corner(c->d, (unsigned)h, (unsigned)k);
	}
	int harb_kind[CAT_HARBOURS], harb_edge[CAT_HARBOURS], nharb = 0;
	for (int i = 0; i < SOC_HEXES; i++) {
		if (land[i])
			continue;
		long v = hl[i];
		int kind, facing;
		if (v == 6)
			continue;
		if (v >= 7 && v <= 12) {
			kind = 0;
			facing = (int)v - 6;
		} else if (v >= 16 && (v & 0x0F) >= 1 && (v & 0x0F) <= 5 && (v >> 4) >= 1 &&
			   (v >> 4) <= 6) {
			kind = (int)(v & 0x0F);
			facing = (int)(v >> 4);
		} else {
			return fail(
				c,
				"hex 0x%02X of the water ring is %ld: land or no port, which the "
				"classic board has not",
				soc_hex_id[i], v);
		}
		/* The port's side facing land joins its corners facing-1 and
		 * facing (mod 6), which are the land's. */
		int a = node_at(c, soc_hex_id[i] + soc_corner[facing - 1]);
		int e = cat_edge_between(c->d, a,
					 node_at(c, soc_hex_id[i] + soc_corner[facing % 6]));
		if (e < 0)
			return fail(c, "the port at hex 0x%02X faces no coast of the island",
				    soc_hex_id[i]);
		if (nharb < CAT_HARBOURS) {
			harb_kind[nharb] = kind ? soc_res[kind] : CAT_RES;
			harb_edge[nharb] = e;
		}
		nharb++;
	}
	if (nharb != CAT_HARBOURS)
		return fail(c, "the board has %d ports: the classic board has 9", nharb);
	arb_buf_reset(&c->setup_tag);
	arb_icat_board(&c->setup_tag, c->d, terrain, token, harb_kind, harb_edge);
	int rh = robber >= 0 && robber < 256 ? c->hex_of[robber] : -1;
	if (rh < 0 || terrain[rh] != T_DESERT)
		return fail(c, "the robber starts at hex 0x%lX, not on the desert", robber);
	c->board = true;
	return 0;
}

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

/* ------------------------------------------------------ writing lines */

/* The colour of seated player pn. */
static const char *colour_of(const conv *c, int pn)
{
	return cat_colours[c->seat_of[pn]];
}

/* pn when that player sits in this game; else -1, the error set. */
static int player(conv *c, long pn)
{
	if (pn < 0 || pn >= SOC_SEATS || !c->seated[pn] || c->seat_of[pn] < 0)
		return fail(c, "player %ld does not play in this game", pn);
	return (int)pn;
}

static int flush_secret(conv *c);

/* Close the line being written. */
static int flush_line(conv *c)
{
	if (flush_secret(c))
		return -1;
	if (c->cur < 0)
		return 0;
	if (c->knight || c->plenty || c->monopoly)
		return fail(c, "player %d's development card is played without its %s", c->cur,
			    c->knight	? "robber move"
			    : c->plenty ? "resources"
					: "resource");
	if (c->setup) {
		if (c->set_node < 0 || c->set_edge < 0)
			return fail(c,
				    "player %d's set-up placement is not a settlement and a road",
				    c->cur);
		arb_icat_put_placement(&c->moves, c->d, colour_of(c, c->cur), c->set_node,
				       c->set_edge);
		arb_buf_putc(&c->moves, '\n');
	} else {
		arb_icat_put_turn(&c->moves, colour_of(c, c->cur), &c->line);
	}
	arb_buf_reset(&c->line);
	c->cur = -1;
	c->setup = false;
	c->roads_left = 0;
	return 0;
}

/* The seats, in turn order from `first`: JSettlers2 plays in ascending
 * player numbers, round the table, skipping empty seats. */
static int seat_players(conv *c, int first)
{
	c->nseats = 0;
	for (int i = 0; i < SOC_SEATS; i++) {
		int pn = (first + i) % SOC_SEATS;
		c->seat_of[pn] = -1;
		if (c->seated[pn]) {
			c->seat_of[pn] = c->nseats;
			c->pn_at[c->nseats++] = pn;
		}
	}
	if (c->nseats < 3)
		return fail(c, "%d players: TGN's Catan seats 3 or 4", c->nseats);
	return 0;
}

/* Close the line being written and open player pn's (a set-up
 * placement or a turn); the first one fixes the seats' colours. */
static int start_line(conv *c, long pn, bool setup)
{
	if (flush_line(c))
		return -1;
	if (c->nseats == 0) {
		if (pn < 0 || pn >= SOC_SEATS || !c->seated[pn])
			return fail(c, "player %ld starts, but sits in no seat", pn);
		if (seat_players(c, (int)pn))
			return -1;
	}
	if (player(c, pn) < 0)
		return -1;
	c->cur = (int)pn;
	c->setup = setup;
	c->set_node = c->set_edge = -1;
	c->knight = c->plenty = c->monopoly = false;
	c->roads_left = 0;
	return 0;
}

/* 0 when it is player pn's line; else -1, the error naming `what`. */
#define need_turn(c, pn, what) arb_icat_need_turn((c)->err, (c)->lineno, (c)->cur, pn, what)

/* Append the cards of a discard, some unseen: "3lumber+2?", "5?". */
static void put_unseen(arb_buf *b, const unsigned v[CAT_RES], unsigned unknown)
{
	if (total(v) || !unknown)
		arb_icat_cards(b, v);
	if (total(v) && unknown)
		arb_buf_putc(b, '+');
	if (unknown > 1)
		arb_buf_printf(b, "%u", unknown);
	if (unknown)
		arb_buf_putc(b, '?');
}

/* Remember where the first card no copy named was. */
static void note_unseen(conv *c)
{
	if (!c->first_unseen)
		c->first_unseen = c->sec.line;
}

/* Append the secret's card, its name from `names`, or '?' (noted) when
 * no copy named it. */
static void put_secret_card(conv *c, const secret *s, const char *const names[])
{
	if (s->known) {
		arb_buf_puts(&c->line, names[s->value]);
	} else {
		arb_buf_putc(&c->line, '?');
		note_unseen(c);
	}
}

/* Write the secret whose copies were merged. */
static int flush_secret(conv *c)
{
	secret *s = &c->sec;
	if (s->kind == SEC_NONE)
		return 0;
	enum sec_kind kind = s->kind;
	s->kind = SEC_NONE;
	switch (kind) {
	case SEC_DRAW:
		arb_buf_puts(&c->line, " buy ");
		put_secret_card(c, s, cat_dev_name);
		break;
	case SEC_ROB:
		arb_buf_printf(&c->line, " steal %s ", colour_of(c, s->v));
		put_secret_card(c, s, cat_res_name);
		break;
	case SEC_DISCARD:
		arb_buf_printf(&c->line, " discard %s ", colour_of(c, s->p));
		put_unseen(&c->line, s->cards, s->known ? 0 : s->unknown);
		if (!s->known)
			note_unseen(c);
		break;
	default:
		break;
	}
	return 0;
}

/* One copy of a secret, seen by the seats `seen`: merged into the open
 * secret when it is another copy of it, else it starts the next one. */
static int secret_copy(conv *c, enum sec_kind kind, int p, int v, uint32_t seen, bool known,
		       int value, const unsigned cards[CAT_RES], unsigned unknown)
{
	secret *s = &c->sec;
	if (s->kind != kind || s->p != p || s->v != v || (s->seen & seen)) {
		if (flush_secret(c))
			return -1;
		memset(s, 0, sizeof *s);
		s->kind = kind;
		s->p = p;
		s->v = v;
		s->line = c->lineno;
	}
	s->seen |= seen;
	if (known && !s->known) {
		s->known = true;
		s->value = value;
		if (cards)
			memcpy(s->cards, cards, sizeof s->cards);
	} else if (!s->known && cards) {
		memcpy(s->cards, cards, sizeof s->cards);
		s->unknown = unknown;
	}
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
		return int_field(body, "elementType", false, &k) == 0 && k >= 1 && k <= 5 &&
		       (int_field(body, "amount", false, &n) || n > 0);
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

/* ------------------------------------------------------ the messages */

/* Messages that cannot change the game: prompts, texts, seats and faces,
 * trade offers (the accepted one is SOCAcceptOffer), what the rules
 * derive (special cards, counts, potential places), statistics. */
static const char *const harmless[] = {
	"SOCGameServerText",
	"SOCGameTextMsg",
	"SOCChangeFace",
	"SOCSetSeatLock",
	"SOCJoinGame",
	"SOCJoinGameAuth",
	"SOCLeaveGame",
	"SOCGameMembers",
	"SOCPotentialSettlements",
	"SOCBotJoinGameRequest",
	"SOCRobotDismiss",
	"SOCGameStats",
	"SOCPlayerStats",
	"SOCDeclinePlayerRequest",
	"SOCRollDicePrompt",
	"SOCDiscardRequest",
	"SOCChoosePlayerRequest",
	"SOCChoosePlayer",
	"SOCClearOffer",
	"SOCMakeOffer",
	"SOCClearTradeMsg",
	"SOCRejectOffer",
	"SOCGameElements",
	"SOCResourceCount",
	"SOCLargestArmy",
	"SOCLongestRoad",
	"SOCDevCardCount",
	"SOCSetPlayedDevCard",
	"SOCFirstPlayer",
	"SOCSetTurn",
	"SOCLastSettlement",
	"SOCStatusMessage",
	"SOCTimingPing",
	"SOCServerPing",
	"SOCBCastTextMsg",
	"SOCUndoNotAllowedReasonText",
	"SOCSimpleRequest",
	"SOCUpdateRobotParams",
	"SOCSetLastAction",
	"SOCGames",
	"SOCGamesWithOptions",
	"SOCDeleteGame",
	"SOCChannelTextMsg",
	"SOCLocalizedStrings",
	"SOCGameOptionInfo",
	"SOCScenarioInfo",
	"SOCCancelBuildRequest",
	"SOCVersion",
	"SOCNewGame",
	"SOCNewGameWithOptions",
	"SOCStartGame",
	"SOCPlayerElements",
	"SOCPlayerElement",
	"SOCGameState",
	"SOCDiceResult",
	"SOCSitDown",
	"SOCResetBoardVote",
	"SOCResetBoardVoteRequest",
	"SOCResetBoardReject",
};

/* Messages that change the game in ways TGN's Catan cannot hold. */
static const struct {
	const char *name, *why;
} refused[] = {
	{ "SOCUndoPutPiece", "an undone move, which TGN has no way to write" },
	{ "SOCMovePiece", "a ship moved (the sea board)" },
	{ "SOCRemovePiece", "a piece removed (a scenario)" },
	{ "SOCRevealFogHex", "a fog hex revealed (the sea board)" },
	{ "SOCSetSpecialItem", "a scenario's special item" },
	{ "SOCInventoryItemAction", "a scenario's inventory item" },
	{ "SOCPieceValue", "a scenario's piece value" },
	{ "SOCSetShipRouteClosed", "a ship route (the sea board)" },
	{ "SOCSVPTextMessage", "special victory points (a scenario)" },
	{ "SOCDebugFreePlace", "a piece placed free by a debug command" },
	{ "SOCResetBoardAuth", "the board reset: a new game in the same log" },
	{ "SOCBoardLayout", "the board sent again in the middle of the game" },
	{ "SOCBoardLayout2", "the 6-player or the sea board (SOCBoardLayout2), which TGN's "
			     "Catan cannot hold" },
};

/* Merge or write a development card drawn (actionType=DRAW). */
static int dev_card_action(conv *c, const char *body, uint32_t seen)
{
	long pn, ct;
	char act[24];
	if (int_field(body, "playerNum", false, &pn) ||
	    text_field(body, "actionType", act, sizeof act))
		return fail(c, "SOCDevCardAction without its player or action");
	bool many = int_field(body, "cardType", false, &ct) != 0;
	static const int kind[10] = { -1,   D_ROADS, D_PLENTY, D_MONOPOLY, D_VP,
				      D_VP, D_VP,    D_VP,     D_VP,	   D_KNIGHT };
	if (c->over) {
		/* the end: the winner's victory point cards are shown */
		if (strcmp(act, "ADD_OLD") || pn != c->winner)
			return 0;
		const char *s = many ? field(body, "cardTypes") : field(body, "cardType");
		if (!s)
			return 0;
		for (const char *p = s; *p && *p != '|'; p++) {
			if (*p < '0' || *p > '9')
				continue;
			char *end;
			long t = strtol(p, &end, 10);
			if (t >= 4 && t <= 8)
				c->reveal_vp++;
			p = end - 1;
		}
		return 0;
	}
	if (many || ct < 0 || ct > 9)
		return fail(c, "SOCDevCardAction: card type %s is not one of the base game",
			    many ? "list" : field(body, "cardType"));
	if (!strcmp(act, "CANNOT_PLAY"))
		return 0;
	if (player(c, pn) < 0)
		return -1;
	if (!strcmp(act, "DRAW")) {
		if (need_turn(c, pn, "buys a development card"))
			return -1;
		return secret_copy(c, SEC_DRAW, (int)pn, -1, seen, ct != 0, kind[ct], NULL, 0);
	}
	if (flush_secret(c))
		return -1;
	if (!strcmp(act, "PLAY")) {
		if (need_turn(c, pn, "plays a development card"))
			return -1;
		switch (ct) {
		case 9:
			c->knight = true;
			return 0;
		case 1:
			c->roads_left = 2;
			return 0;
		case 2:
			c->plenty = true;
			return 0;
		case 3:
			c->monopoly = true;
			return 0;
		default:
			return fail(c, "player %ld plays development card %ld, which is not played",
				    pn, ct);
		}
	}
	if (!strcmp(act, "ADD_OLD") && ct == 1 && pn == c->cur && c->roads_left == 2) {
		c->roads_left = 0; /* road building cancelled before its first road */
		return 0;
	}
	return fail(c,
		    "player %ld is given a development card (%s) outside the rules: a debug "
		    "command, which TGN cannot hold",
		    pn, act);
}

/* One server message to `aud` (seen by the seats `seen`), after the start. */
static int game_message(conv *c, const char *name, const char *body, enum aud aud, uint32_t seen)
{
	long pn, v, w;
	unsigned give[CAT_RES], get[CAT_RES], unknown = 0;
	bool to_all = aud == AUD_ALL;

	if (!strcmp(name, "SOCDevCardAction"))
		return dev_card_action(c, body, seen);
	if (!strcmp(name, "SOCRobberyResult")) {
		if (c->over)
			return 0;
		if (field(body, "peType"))
			return fail(c, "a robbery of cloth (a scenario), which TGN's Catan cannot "
				       "hold");
		if (int_field(body, "perp", false, &pn) || int_field(body, "victim", false, &v))
			return fail(c, "SOCRobberyResult without its players");
		long amount;
		if (int_field(body, "resType", false, &w) ||
		    int_field(body, "amount", false, &amount) || amount != 1 || w < 1 || w > 6)
			return fail(c,
				    "SOCRobberyResult: a robbery of other than one resource card");
		if (player(c, pn) < 0 || player(c, v) < 0 || need_turn(c, pn, "robs"))
			return -1;
		return secret_copy(c, SEC_ROB, (int)pn, (int)v, seen, w != 6,
				   w != 6 ? soc_res[w] : 0, NULL, 0);
	}
	if (!strcmp(name, "SOCDiscard")) {
		if (c->over)
			return 0;
		if (int_field(body, "playerNum", false, &pn) ||
		    res_field(body, "resources", give, &unknown))
			return fail(c, "SOCDiscard without its player or cards");
		if (player(c, pn) < 0 || c->cur < 0)
			return -1;
		return secret_copy(c, SEC_DISCARD, (int)pn, -1, seen, unknown == 0, 0, give,
				   unknown);
	}
	if (flush_secret(c))
		return -1;
	if (!to_all) {
		/* a player's own copy of what all see, or a prompt */
		return 0;
	}
	if (c->over && strcmp(name, "SOCDevCardAction"))
		return 0;

	if (!strcmp(name, "SOCTurn")) {
		if (int_field(body, "playerNumber", false, &pn) ||
		    int_field(body, "gameState", false, &v))
			return fail(c, "SOCTurn without its player or state");
		if (v == 5 || v == 10)
			return start_line(c, pn, true);
		if (v == SOC_STATE_SPECIAL)
			return fail(c,
				    "the special building phase (the 6-player game), which TGN's "
				    "Catan cannot hold");
		if (v == SOC_STATE_OVER) {
			/* won at the start of the turn: the engine ends the game
			 * with the line before, which is the record's last */
			if (flush_line(c) || player(c, pn) < 0)
				return -1;
			c->over = true;
			c->winner = (int)pn;
			return 0;
		}
		if (v != 15)
			return fail(c, "SOCTurn to game state %ld, which the base game has not", v);
		return start_line(c, pn, false);
	}
	if (!strcmp(name, "SOCGameState")) {
		if (int_field(body, "state", false, &v))
			return fail(c, "SOCGameState without its state");
		if (v == 15 || v == 20)
			c->roads_left = 0; /* back to the turn: free roads not placed are lost */
		if (v == SOC_STATE_OVER) {
			c->over = true;
			c->winner = c->cur;
		} else if (v == 12 || v == 13 || v == 14 || v == 34 || v == 54 || v == 56) {
			return fail(
				c,
				"game state %ld (a third set-up placement, the pirate or gold): "
				"not the base game",
				v);
		}
		return 0;
	}
	if (c->cur < 0) {
		/* between the start and the first turn: only what all know */
		if (!strcmp(name, "SOCPutPiece") || !strcmp(name, "SOCDiceResult"))
			return fail(c, "%s before anybody's turn", name);
		goto other;
	}
	if (!strcmp(name, "SOCPutPiece")) {
		if (int_field(body, "playerNumber", false, &pn) ||
		    int_field(body, "pieceType", false, &v) || int_field(body, "coord", true, &w))
			return fail(c, "SOCPutPiece without its player, piece or place");
		if (need_turn(c, pn, "builds"))
			return -1;
		if (v == 3)
			return fail(c, "a ship (the sea board), which TGN's Catan cannot hold");
		if (v < 0 || v > 2)
			return fail(c, "piece type %ld is not one of the base game", v);
		int at = v == 0 ? edge_at(c, (int)w) : node_at(c, (int)w);
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
			arb_buf_printf(&c->line, "%s %s",
				       c->roads_left == 2 ? " play road-building" : "", nm);
			c->roads_left--;
			return 0;
		}
		c->roads_left = 0;
		arb_buf_printf(&c->line, " %s %s",
			       v == 0	? "road"
			       : v == 1 ? "settlement"
					: "city",
			       nm);
		return 0;
	}
	if (!strcmp(name, "SOCCancelBuildRequest")) {
		/* an initial settlement taken back before its road */
		if (c->setup && int_field(body, "pieceType", false, &v) == 0 && v == 1 &&
		    c->set_edge < 0)
			c->set_node = -1;
		return 0;
	}
	if (c->setup)
		goto other;
	if (!strcmp(name, "SOCDiceResult")) {
		if (int_field(body, "param", false, &v) || v < 2 || v > 12)
			return fail(c, "SOCDiceResult: \"%.20s\" is no dice sum",
				    field(body, "param") ? field(body, "param") : "");
		c->roads_left = 0;
		arb_buf_printf(&c->line, " roll %ld", v);
		return 0;
	}
	if (!strcmp(name, "SOCDiceResultResources")) {
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
			if (i + 1 >= n || player(c, p[i]) < 0)
				return fail(c, "SOCDiceResultResources: a player is missing");
			int who = (int)p[i];
			unsigned got[CAT_RES] = { 0 };
			i += 2;
			while (i + 1 < n && p[i] != 0) {
				if (p[i] < 0 || p[i + 1] < 1 || p[i + 1] > 5)
					return fail(c, "SOCDiceResultResources: resource %ld",
						    p[i + 1]);
				got[soc_res[p[i + 1]]] += (unsigned)p[i];
				i += 2;
			}
			i++; /* the 0 that ends a player */
			arb_buf_printf(&c->line, " gets %s ", colour_of(c, who));
			arb_icat_cards(&c->line, got);
		}
		return 0;
	}
	if (!strcmp(name, "SOCMoveRobber")) {
		if (int_field(body, "playerNumber", false, &pn) || !field(body, "coord"))
			return fail(c, "SOCMoveRobber without its player or hex");
		const char *s = field(body, "coord");
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
	if (!strcmp(name, "SOCBankTrade")) {
		if (res_field(body, "give", give, NULL) || res_field(body, "get", get, NULL) ||
		    int_field(body, "pn", false, &pn))
			return fail(c, "SOCBankTrade without its cards or player");
		if (need_turn(c, pn, "trades with the bank"))
			return -1;
		if (total(give) < total(get))
			return fail(c,
				    "player %ld undoes a bank trade, which TGN has no way to "
				    "write",
				    pn);
		c->roads_left = 0;
		arb_icat_put_trade(&c->line, "bank", give, get);
		return 0;
	}
	if (!strcmp(name, "SOCAcceptOffer")) {
		if (!field(body, "toAccepting"))
			return 0; /* a client's acceptance: the server's copy follows */
		if (int_field(body, "accepting", false, &v) ||
		    int_field(body, "offering", false, &w) ||
		    res_field(body, "toAccepting", give, NULL) ||
		    res_field(body, "toOffering", get, NULL))
			return fail(c, "SOCAcceptOffer without its players or cards");
		if (player(c, v) < 0 || player(c, w) < 0)
			return -1;
		c->roads_left = 0;
		if (w == c->cur) {
			arb_icat_put_trade(&c->line, colour_of(c, (int)v), give, get);
		} else if (v == c->cur) {
			arb_icat_put_trade(&c->line, colour_of(c, (int)w), get, give);
		} else {
			return fail(c, "players %ld and %ld trade outside their turns", w, v);
		}
		return 0;
	}
	if (!strcmp(name, "SOCPickResources")) {
		if (int_field(body, "reason", false, &v) || v != 2 || !c->plenty)
			return fail(c, "resources picked other than by a year of plenty (gold: the "
				       "sea board)");
		if (res_field(body, "resources", give, NULL))
			return fail(c, "SOCPickResources without its cards");
		arb_buf_puts(&c->line, " play year-of-plenty ");
		arb_icat_cards(&c->line, give);
		c->plenty = false;
		return 0;
	}
	if (!strcmp(name, "SOCSimpleAction")) {
		if (int_field(body, "actType", false, &v))
			return fail(c, "SOCSimpleAction without its type");
		if (v == 1 || v == 2)
			return 0; /* a card bought (the draw says which), a trade made */
		if (v != 3)
			return fail(c,
				    "SOCSimpleAction type %ld (a scenario's), which TGN's Catan "
				    "cannot hold",
				    v);
		long taken;
		if (int_field(body, "v2", false, &w) || w < 1 || w > 5 || !c->monopoly)
			return fail(c, "a resource monopolized without a monopoly card played");
		/* v1: the cards taken in all (each opponent's share is not sent) */
		if (int_field(body, "v1", false, &taken) || taken < 0 || taken > 95)
			return fail(c, "a monopoly without the number of cards it took (v1)");
		arb_buf_printf(&c->line, " play monopoly %s takes %ld", cat_res_name[soc_res[w]],
			       taken);
		c->monopoly = false;
		return 0;
	}
	if (!strcmp(name, "SOCPlayerElements") || !strcmp(name, "SOCPlayerElement")) {
		char act[16];
		if (text_field(body, "actionType", act, sizeof act) || strcmp(act, "GAIN"))
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
other:
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		if (!strcmp(name, refused[i].name))
			return fail(c, "%s: %s", name, refused[i].why);
	for (size_t i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
		if (!strcmp(name, harmless[i]))
			return 0;
	return fail(c, "unknown message type %s: it may change the game", name);
}

/* Before the game starts: the version, the options, the seats, the board. */
static int lobby_message(conv *c, const char *name, const char *body, enum aud aud)
{
	if (aud != AUD_ALL)
		return 0; /* an observer's catching up, a player's own copy */
	long v;
	if (!strcmp(name, "SOCVersion")) {
		text_field(body, "str", c->src_version, sizeof c->src_version);
		return 0;
	}
	if (!strcmp(name, "SOCNewGameWithOptions") || !strcmp(name, "SOCNewGame")) {
		c->have_newgame = true;
		const char *o = field(body, "param2");
		return o ? game_options(c, o) : 0;
	}
	if (!strcmp(name, "SOCSitDown")) {
		const char *nick = field(body, "nickname");
		if (int_field(body, "playerNumber", false, &v) || !nick)
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
		const char *nick = field(body, "nickname");
		size_t n = nick ? strcspn(nick, "|") : 0;
		for (int i = 0; nick && i < SOC_SEATS; i++)
			if (c->seated[i] && strlen(c->names[i]) == n &&
			    !memcmp(c->names[i], nick, n))
				c->seated[i] = false;
		return 0;
	}
	if (!strcmp(name, "SOCBoardLayout"))
		return board_layout(c, body);
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
		return lobby_message(c, name, body, aud);
	return game_message(c, name, body, aud, seen_by(aud, one, except));
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
	if (flush_secret(c))
		return -1;
	if (c->over) {
		if (c->cur >= 0 && c->reveal_vp == 1 && c->cur == c->winner)
			arb_buf_puts(&c->line, " reveal vp");
		else if (c->cur >= 0 && c->reveal_vp > 1 && c->cur == c->winner)
			arb_buf_printf(&c->line, " reveal %uvp", c->reveal_vp);
		return flush_line(c);
	}
	/* Unfinished: a half-made set-up placement or pending card is dropped
	 * with its line; a turn line stands as far as it went. */
	if (c->cur >= 0 && !c->setup && !c->knight && !c->plenty && !c->monopoly &&
	    c->roads_left != 2)
		return flush_line(c);
	if (c->cur >= 0 && c->setup && c->set_node >= 0 && c->set_edge >= 0)
		return flush_line(c);
	return 0;
}

/* A .soclog starts with its header (after a byte-order mark, perhaps). */
static bool soclog_sniff(const unsigned char *b, size_t len)
{
	size_t n = strlen(SOCLOG_MAGIC);
	size_t i = len >= 3 && !memcmp(b, "\xef\xbb\xbf", 3) ? 3 : 0;
	return len - i >= n && !memcmp(b + i, SOCLOG_MAGIC, n);
}

/* The importer's entry: one log, one game handed to `sink`, or -1. */
static int soclog_convert(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err)
{
	size_t len;
	const unsigned char *bytes = arb_import_peek(in, &len);
	if (arb_import_compressed(bytes, len, err))
		return -1;
	if (!soclog_sniff(bytes, len))
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

const arb_importer arb_import_soclog = {
	.name = "soclog",
	.title = "JSettlers2 game event log (.soclog)",
	.sniff = soclog_sniff,
	.convert = soclog_convert,
};
