/*
 * table_impl.h — the table's insides (struct arb_table), shared by the
 * files that hold one game live: table.c (the dealer and the open turn
 * played), news.c (the record and what each view is told) and choices.c
 * (the requests a seat may send).  Not for the table's clients: they see
 * table.h.
 */
#ifndef ARB_TABLE_IMPL_H
#define ARB_TABLE_IMPL_H

#include "table.h"
#include "../core/replay.h"

#define NVIEWS (ARB_MAX_SEATS + 1) /* the seats, then the observer */
#define MAX_COLLECTED 256	   /* events one apply may send us   */

struct arb_table {
	const arb_game_ops *g;
	const void *data;
	arb_buf head; /* the tag lines, as given                */
	arb_reader *rd;
	arb_record rec;
	arb_replay r;	    /* r.state: the position at the turn's start */
	void *work, *probe; /* the turn so far; the one being tried      */
	void *move, *vmove; /* the turn line so far, parsed; a view's copy */
	void *pmove;	    /* the line being tried (parse_more)          */
	void *one;	    /* an action parsed alone (canonical_words)  */
	size_t nseats;
	arb_buf moves; /* the record's turn lines                   */
	arb_buf vmoves[NVIEWS];
	arb_buf news[NVIEWS];
	arb_buf turn_view[NVIEWS]; /* the open turn as each view saw it    */
	arb_buf turn;		   /* the open turn: "Red w w ..."              */
	arb_buf turn_canon;	   /* ... in canonical notation (canonical_words) */
	size_t nacts;		   /* its actions                               */
	size_t turn_tokens;	   /* its words, the colour's included          */
	size_t parsed_tokens;	   /* the words parse_line read last            */
	size_t prev_events;	   /* events its replay sends before a new one  */
	uint64_t rng;
	bool supplied;
	arb_buf start_words; /* deal_start's words for this turn          */
	bool start_dealt;    /* ... dealt (maybe empty)                   */
	arb_buf choices;     /* ARB_DEAL_CHOOSE's, '|' between them       */
	int choice_seat;     /* -1: no choice waits                       */
	arb_buf pending;     /* an action waiting for consent             */
	int pending_seat;    /* -1: none                                  */
	unsigned consent_need, consent_got;
	arb_event collected[MAX_COLLECTED];
	size_t ncollected;
	arb_buf scratch[4]; /* news.c's buffers, kept from action to action */
	arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	arb_token tok1[ARB_MAX_TOKENS_PER_TURN]; /* canonical_words' */
};

/* table.c: the open turn */

/* Parse line[0..len) as turn line `number` into `move` (t->move or
 * t->pmove); t->parsed_tokens its words.  0, or -1 with rej set. */
int arb_tbl_parse_line(arb_table *t, const void *game, const char *line, size_t len, size_t number,
		       void *move, arb_reject *rej);
/* The position the next action is played after. */
const void *arb_tbl_now(const arb_table *t);
/* The engine plays the open turn on (parse_more, apply_more). */
bool arb_tbl_plays_on(const arb_table *t);
/* Words w[0..n), at offset `at` of the turn line, played on after the
 * turn so far into t->pmove and the probe: 0, -1 (rej) or ARB_OPEN_REPLAY. */
int arb_tbl_play_on(arb_table *t, const char *w, size_t n, size_t at, const arb_sink *sink,
		    arb_reject *rej);

/* news.c: the record and the views */

/* Tell every view the new action of the open turn (t->move, played on
 * `game`). */
void arb_tbl_tell_action(arb_table *t, const void *game, unsigned seat, const char *words);
/* The turn line in t->move, played, into the record and every view's. */
void arb_tbl_commit_line(arb_table *t, unsigned seat);

#endif
