/*
 * soclog.h — what the files of the JSettlers2 importer share (soclog.c
 * reads the log's lines and writes the record; soclog_fields.c reads a
 * message's fields; soclog_board.c the board; soclog_lobby.c the messages
 * before the game starts; soclog_lines.c the turn lines; soclog_secrets.c
 * the secrets sent in copies; soclog_messages.c and soclog_moves.c the
 * messages of the game).  Private to src/import/: the converter's state,
 * one struct, is read and written by all of them.
 */
#ifndef ARB_IMPORT_SOCLOG_H
#define ARB_IMPORT_SOCLOG_H

#include <stdint.h>

#include "catan_board.h"

#define SOCLOG_MAGIC "SOC game event log: type="
#define SOC_SEATS 4	      /* the classic board's seats              */
#define SOC_MIN_VERSION 2500  /* GameEventLog appeared in 2.5.00        */
#define SOC_MAX_VERSION 2999  /* the message sequences read here: 2.x   */
#define SOC_HEXES 37	      /* SOCBoardLayout: land and its water ring */
#define SOC_STATE_OVER 1000   /* SOCGame.OVER                           */
#define SOC_STATE_SPECIAL 100 /* SOCGame.SPECIAL_BUILDING (6 players)   */

/* JSettlers2 resource numbers (1 clay, 2 ore, 3 sheep, 4 wheat, 5 wood)
 * to ours; index 0 unused. */
extern const int soc_res[6];

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

/* ------------------------------------------------- fields (soclog_fields.c) */

/* The value of field `key` in a message body "k=v|k=v": a pointer to it
 * (it runs to the next '|'), or NULL.  The first such field counts. */
const char *soc_field(const char *body, const char *key);
/* An integer field (decimal, or hexadecimal with `hex`).  Returns 0 and
 * *v, or -1 when the field is absent or not a number. */
int soc_int_field(const char *body, const char *key, bool hex, long *v);
/* Copy a text field (to '|' or the end) into out. */
int soc_text_field(const char *body, const char *key, char *out, size_t n);
/* A resource set "clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N" after
 * field `key` into ours; *unknown gets the last.  Returns 0 or -1. */
int soc_res_field(const char *body, const char *key, unsigned out[CAT_RES], unsigned *unknown);
/* The number of cards in v. */
unsigned soc_total(const unsigned v[CAT_RES]);

/* --------------------------------------------------- board (soclog_board.c) */

/* Our node at JSettlers2 node coordinate `coord`, or -1. */
int soc_node_at(const conv *c, int coord);
/* Our edge at JSettlers2 edge coordinate `coord`, or -1. */
int soc_edge_at(const conv *c, int coord);
/* SOCBoardLayout: the board mapped onto the island, the Setup tag
 * written.  Returns 0 or -1. */
int soc_board_layout(conv *c, const char *body);

/* ------------------------------------------------- lines (soclog_lines.c) */

/* The colour of seated player pn. */
const char *soc_colour_of(const conv *c, int pn);
/* pn when that player sits in this game; else -1, the error set. */
int soc_player(conv *c, long pn);
/* Close the line being written (its secret first). */
int soc_flush_line(conv *c);
/* Close the line being written and open player pn's (a set-up
 * placement or a turn); the first one fixes the seats' colours. */
int soc_start_line(conv *c, long pn, bool setup);
/* 0 when it is player pn's line; else -1, the error naming `what`. */
#define need_turn(c, pn, what) arb_icat_need_turn((c)->err, (c)->lineno, (c)->cur, pn, what)

/* --------------------------------------------- secrets (soclog_secrets.c) */

/* Write the secret whose copies were merged (none: nothing). */
int soc_flush_secret(conv *c);
/* The messages that carry a secret, each copy to whoever it was sent
 * (the seats `seen`): merged with the other copies of the same secret. */
int soc_dev_card_action(conv *c, const char *name, const char *body, uint32_t seen);
int soc_robbery_result(conv *c, const char *name, const char *body, uint32_t seen);
int soc_discard(conv *c, const char *name, const char *body, uint32_t seen);

/* ------------------------------------ the messages (soclog_lobby.c and
 * soclog_messages.c, their handlers in soclog_moves.c) */

/* Before the game starts: the version, the options, the seats, the board. */
int soc_lobby_message(conv *c, const char *name, const char *body, enum aud aud);
/* One server message to `aud` (seen by the seats `seen`), after the start. */
int soc_game_message(conv *c, const char *name, const char *body, enum aud aud, uint32_t seen);

/* A message of the game that changes it (soclog_moves.c), called by
 * soc_game_message when the game is where it may come. */
typedef int soc_handler(conv *c, const char *name, const char *body, uint32_t seen);
soc_handler soc_turn, soc_game_state, soc_put_piece, soc_cancel_build, soc_dice_result,
	soc_dice_resources, soc_move_robber, soc_bank_trade, soc_accept_offer, soc_pick_resources,
	soc_simple_action, soc_player_elements;

#endif
