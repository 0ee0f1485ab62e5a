/*
 * table.h — one game held live: the referee's table (notation/protocol.md).
 *
 * The table is the only holder of the whole position.  Seats send it
 * actions one at a time, in the notation's own words; it deals what
 * chance decides (from a seed, or takes it from the client when the game
 * is played on a real table), judges each action against the turn so far
 * with the engine's own rules, and tells each seat only what that seat's
 * view record (notation/catan.md, "Records of what one player could
 * see") would show it.  The record it keeps is the record `check` reads.
 *
 * How an open turn is judged: the table keeps the position at the start
 * of the turn and the accepted actions as a turn line; a new action is
 * played, after them, on a copy of that start with the engine's
 * apply_open (game.h), so a refused action leaves the start and the
 * accepted actions exactly as they were, and the refusal's rule id and
 * message are the ones `check` gives.  `end` plays the whole line with
 * apply(), which judges what only a turn's end can.  An engine with
 * parse_more, apply_more and close_open (Catan) plays each action on a
 * copy of the position the last one left instead, and `end` finishes the
 * turn there: the same judgments, without playing the line again.  An engine without
 * apply_open plays one action a turn (Carcassonne): the action is the
 * turn line and is played by apply() itself.
 *
 * No I/O: src/cli/cmd_referee.c speaks the protocol on pipes.  Memory is
 * one game's: the record, a view record per seat and what each seat has
 * not yet been told (news), all bounded by the game's length.
 */
#ifndef ARB_TABLE_H
#define ARB_TABLE_H

#include "../core/reader.h"
#include "../games/game.h"

typedef struct arb_table arb_table;

/* What a table is made from. */
typedef struct arb_table_spec {
	const arb_game_ops *game;
	const char *header; /* the record's tag lines (Game, seats, Variant,
			     * Setup, the chance of its set-up) in TGN     */
	size_t header_len;
	uint64_t seed;	    /* the dealer's random numbers              */
	bool supplied;	    /* chance comes in the seats' words         */
	arb_worker *worker; /* the playing thread's keep (game.h), which
			     * the table's games are created in and give
			     * back to; NULL: none (nothing reused)      */
} arb_table_spec;

/* What the table answers to an action, the end of a turn or a consent. */
typedef enum arb_play_kind {
	ARB_PLAY_ACCEPTED, /* played: `words` as the full record has it      */
	ARB_PLAY_REFUSED,  /* the rules refuse it: `rej`; nothing changed    */
	ARB_PLAY_CHOOSE,   /* chance dealt, a choice remains: `words` holds
			    * the choices, '|' between them                */
	ARB_PLAY_CONSENT,  /* waits for the seats in `consent` to accept     */
	ARB_PLAY_INVALID,  /* not a request the table can take: `why`        */
} arb_play_kind;

#define ARB_TABLE_EVENTS 64 /* score events kept for one answer */

typedef struct arb_play {
	arb_play_kind kind;
	unsigned seat;	   /* who spoke                                  */
	arb_buf words;	   /* the action as played, or the choices       */
	arb_reject rej;	   /* ARB_PLAY_REFUSED                            */
	char why[256];	   /* ARB_PLAY_INVALID                            */
	unsigned consent;  /* ARB_PLAY_CONSENT: the seats asked (bits)   */
	bool turn_ended;   /* the action ended the turn (or was `end`)   */
	arb_event *events; /* the score events the action brought ...    */
	size_t nevents;	   /* ... (at most ARB_TABLE_EVENTS)             */
} arb_play;

/* A new table, or NULL with *diag set (a header the engine refuses). */
arb_table *arb_table_new(const arb_table_spec *spec, arb_diag *diag);
void arb_table_free(arb_table *t);

const arb_game_ops *arb_table_game(const arb_table *t);
size_t arb_table_seats(const arb_table *t);
/* The colour name of seat s, and the player's name. */
const char *arb_table_colour(const arb_table *t, unsigned s);
const char *arb_table_player(const arb_table *t, unsigned s);
/* The seat whose colour is `name` (any case), ARB_VIEW_OBSERVER for
 * "observer" when `observer` is allowed, or -1. */
int arb_table_seat_named(const arb_table *t, const char *name, bool observer);

/* What the rules wait for now; *start (may be NULL) the chance dealt
 * at the turn's start (Carcassonne's tile), "" when none. */
void arb_table_asked(const arb_table *t, arb_asked *out, const char **start);
/* The position at the start of the turn being played (the engine's
 * game, read only): what a client holding the whole position, such as a
 * test, may ask the engine about (moves, describe). */
const void *arb_table_position(const arb_table *t);
/* The action waiting for consent ("trade Blue brick for ore", as every
 * seat sees it: a trade between players is public) and *seat, the seat
 * that offered it; NULL when nothing waits. */
const char *arb_table_offer(const arb_table *t, unsigned *seat);
/* Turn lines played (the record's moves). */
size_t arb_table_moves(const arb_table *t);

/* Seat `seat` plays the action in words[0..len) (one action, no colour).
 * Fills *p (arb_play_free it).  Returns 0, or -1 for ARB_PLAY_INVALID. */
int arb_table_play(arb_table *t, unsigned seat, const char *words, size_t len, arb_play *p);
/* Seat `seat` ends its turn. */
int arb_table_end(arb_table *t, unsigned seat, arb_play *p);
/* Seat `seat` answers the action waiting for its consent. */
int arb_table_consent(arb_table *t, unsigned seat, bool accept, arb_play *p);
void arb_play_free(arb_play *p);

/* The requests seat `seat` may send now, one line each ('\n' after
 * each), complete and ready to send back: "play Red roll", "end Red",
 * "accept Red", "decline Red", the choices of a `choose`.  The engine's
 * candidates (its choices op) are kept when the table would accept them:
 * each is dealt with a copy of the dealer's random numbers and played on
 * a scratch copy, so listing changes nothing.  Actions that wait for
 * another seat's consent are listed on the seat's own side only (the
 * partner's hand is not the seat's to see).  Returns the number of
 * lines, or -1 when the engine cannot list its actions. */
int arb_table_choices(arb_table *t, unsigned seat, arb_buf *out);

/* The record so far in TGN: the full record (view < 0), or as seat
 * `view` (ARB_VIEW_OBSERVER: an observer) saw it; the open turn's
 * accepted actions as a comment.  Returns 0, or -1 when the engine has
 * no views and view >= 0 was asked (every view is then the full record:
 * nothing is hidden, or the engine cannot hide it yet). */
void arb_table_record(arb_table *t, int view, arb_buf *out);
/* What `view` has not been told yet, a line per action ("Red roll
 * 3+4"), and a line "end Red" after each turn; emptied. */
void arb_table_news(arb_table *t, int view, arb_buf *out);
/* True when the engine hides something from `view` (it has view_turn). */
bool arb_table_hides(const arb_table *t);

#endif
