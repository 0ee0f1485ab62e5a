/*
 * match.h — `arbiter match`, a tournament of programs (notation/match.md):
 * the match as the command line gives it, one game between bot
 * processes (game.c), the schedule of games, the bots' processes and the
 * records written as games end (run.c).  The runner is the host of
 * notation/protocol.md's "Seats" section, speaking it to one process per
 * seat; the table (src/referee/table.h) judges.
 */
#ifndef ARB_MATCH_H
#define ARB_MATCH_H

#include <pthread.h>

#include "proc.h"
#include "../games/game.h"

#define ARB_MATCH_BOTS 64		/* --bot at most this often             */
#define ARB_MATCH_HELLO_MS 10000	/* for a bot's answer to hello          */
#define ARB_MATCH_REQUESTS 10000	/* requests in answer to one go         */
#define ARB_MATCH_DEFAULT_MOVE_MS 10000 /* the move time without --tc/--move-time */

/* Why a seat lost its game without the rules ending it. */
typedef enum arb_forfeit {
	ARB_FF_NONE,
	ARB_FF_ILLEGAL,	    /* an action the table refused                  */
	ARB_FF_MALFORMED,   /* a request the host cannot take               */
	ARB_FF_OTHER_SEAT,  /* a request naming another seat                */
	ARB_FF_OUT_OF_TURN, /* a line when nothing was asked of it          */
	ARB_FF_TIME,	    /* no answer within its time                    */
	ARB_FF_EXITED,	    /* its process ended, or closed its output      */
	ARB_FF_CLOSED,	    /* it closed its input (the host cannot write)  */
	ARB_FF_LONG,	    /* a line over ARB_PROC_LINE_MAX bytes          */
	ARB_FF_NUL,	    /* a NUL byte in a line                         */
	ARB_FF_UTF8,	    /* a line that is not UTF-8                     */
	ARB_FF_HELLO,	    /* no proper answer to hello                    */
	ARB_FF_DOWN,	    /* its bot crashed in an earlier game (no --recover) */
	ARB_FF_START,	    /* its process could not be started             */
} arb_forfeit;
/* The words of a forfeit for the Forfeit tag ("illegal action"). */
const char *arb_forfeit_name(arb_forfeit f);

typedef struct arb_match_bot {
	const char *name; /* the player's name in the records */
	char *command;	  /* for sh -c                         */
	bool foreground;  /* a person: left in the terminal's process group */
	/* the pool (run.c, under the match's lock) */
	arb_proc *idle[ARB_MAX_SEATS * 4];
	size_t nidle;
	bool down; /* crashed, and no --recover: forfeits what is left */
} arb_match_bot;

/* The match as given. */
typedef struct arb_match {
	const arb_game_ops *g;
	const void *data;
	const char *event; /* the Event tag */
	const char *variant;
	size_t seats;
	arb_match_bot bots[ARB_MATCH_BOTS];
	size_t nbots;
	long games;
	uint64_t seed;
	int64_t base_ms, inc_ms; /* --tc; base < 0: no clock       */
	int64_t move_ms;	 /* --move-time; 0: none            */
	long max_moves;		 /* 0: none                          */
	bool duplicate, recover, resume;
	int gauntlet; /* the bot's index, or -1 */
	long jobs;
	const char *output, *views;
	bool progress; /* the line on stderr */
	/* --sprt: the first bot against the second, the match stopped once
	 * decided (rating.h's trinomial GSPRT) */
	bool sprt;
	double elo0, elo1, alpha, beta;
} arb_match;

/* One game of the schedule. */
typedef struct arb_match_game {
	long round;		/* 1-based, the Round tag  */
	uint64_t seed;		/* the Seed tag            */
	int bot[ARB_MAX_SEATS]; /* the bot in each seat    */
} arb_match_game;

/* What one game came to. */
typedef struct arb_game_result {
	arb_buf record;	  /* the full record, tags added, in TGN */
	int forfeit_seat; /* -1: none; else the first seat that forfeited */
	unsigned lost;	  /* the seats that forfeited (bits)          */
	arb_forfeit forfeit;
	char detail[768];	   /* the Forfeit tag's value                   */
	char error[256];	   /* the game could not be set up: no record    */
	bool adjudicated;	   /* --max-moves */
	bool kill[ARB_MAX_SEATS];  /* the seat's process must not be used again */
	bool crash[ARB_MAX_SEATS]; /* ... because it ended by itself      */
	size_t actions;		   /* actions judged                        */
	int64_t bot_ms;		   /* time the bots took answering          */
} arb_game_result;

/* Play game `mg` with the processes procs[seat] (NULL: the seat's bot is
 * down or could not start: `why` says which forfeit).  Fills *res.  The
 * table's games are created in `keep`, the calling thread's (game.h's
 * arb_worker; NULL: none), so a thread's games reuse what the last left. */
void arb_match_play(const arb_match *m, const arb_match_game *mg, arb_proc *const *procs,
		    const arb_forfeit *why, arb_worker *keep, arb_game_result *res);

/* record.c: the tags of a game's record (before the table is made:
 * *rng is the dealer's seed after the set-up's chance), its record with
 * how it ended, and the seats' view records (--views). */
struct arb_table;
void arb_match_header(const arb_match *m, const arb_match_game *mg, arb_buf *head, uint64_t *rng);
void arb_match_record(const arb_match *m, struct arb_table *t, arb_game_result *res);
void arb_match_views(const arb_match *m, const arb_match_game *mg, struct arb_table *t);

/* run.c: the whole match; returns the exit status. */
int arb_match_run(arb_match *m);

#endif
