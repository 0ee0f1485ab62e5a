/*
 * replay.h — one game from record to verdict: resolve the Game tag, seats
 * and Variant options, create the engine's game, parse and apply every turn
 * line, run the final scoring, and check the Result tag.  No printing: the
 * commands in src/cli decide what to show.
 */
#ifndef ARB_REPLAY_H
#define ARB_REPLAY_H

#include "reader.h"

typedef enum arb_verdict {
	ARB_LEGAL,	/* every move legal, the game over                 */
	ARB_UNFINISHED, /* every move legal, game not over: [Result "*"],
			 * or stopped with its Result decided (`stopped`) */
	ARB_ILLEGAL,	/* a move (or the Result tag) breaks a rule        */
	ARB_ERROR,	/* the record cannot be replayed: see diag         */
} arb_verdict;

#define ARB_MAX_WARNINGS 4 /* per game; more are not kept */
/* How a game ended, from its Termination tag (notation/tgn.md, "Tags"):
 * by the rules (no tag, or "normal"), or stopped with the winners decided
 * off the board. */
typedef enum arb_termination {
	ARB_TERM_NORMAL,
	ARB_TERM_ADJUDICATED,  /* "adjudicated": a tournament director decided */
	ARB_TERM_TIME_FORFEIT, /* "time forfeit": a player ran out of time    */
} arb_termination;
/* The tag value of `t` ("normal", "adjudicated", "time forfeit"). */
const char *arb_termination_name(arb_termination t);

typedef struct arb_replay {
	/* in */
	const arb_record *rec;
	const arb_games *games; /* what the Game tag may name (arb_registry) */
	void (*on_event)(void *ctx, size_t move, const arb_event *ev);
	void *ctx;
	/* called after each accepted move (`view` draws every position) */
	void (*on_move)(void *ctx, size_t move);
	bool stop;	   /* replay only stop_after moves ...      */
	size_t stop_after; /* ... (dump --at, moves --at)           */
	/* the caller reads only the verdict and the standing, never the
	 * position (check, standings, select --valid): an engine may follow
	 * what the record does not show by whichever way costs least
	 * (arb_setup), and arb_replay_game replays a game it does not find
	 * legal again without it, so that its verdict and message are what
	 * they were */
	bool verdict_only;
	/* the keep of the thread replaying (game.h, arb_worker): create()
	 * takes it; arb_replay_init sets the record's (NULL: none) */
	arb_worker *worker;
	/* out */
	arb_verdict verdict;
	const arb_game_ops *game;
	arb_setup setup;
	void *state;			   /* the engine's game, until _free        */
	void *move;			   /* move_size bytes, reused per turn      */
	size_t moves;			   /* turns applied                         */
	size_t bad_move;		   /* 1-based turn that was rejected        */
	bool bad_parsed;		   /* ... by apply(): `move` holds it parsed */
	arb_reject rej;			   /* why (ARB_ILLEGAL)                     */
	arb_standing st;		   /* after the last applied move           */
	arb_diag diag;			   /* why (ARB_ERROR)                       */
	char *optbuf;			   /* storage of the split Variant tag      */
	size_t current;			   /* move being applied, for events        */
	bool result_star;		   /* [Result "*"]                          */
	bool result_winner[ARB_MAX_SEATS]; /* the winners it names        */
	/* Doubts about the record that decide nothing (a Date not written
	 * YYYY.MM.DD): reported as warnings, never in the verdict or the
	 * exit status. */
	arb_diag warning[ARB_MAX_WARNINGS];
	size_t nwarnings;
	arb_termination termination; /* the Termination tag           */
	bool stopped;		     /* ARB_UNFINISHED by a Termination tag: result_winner
		       * holds the winners decided, which count */
} arb_replay;

/* A replay of `rec` not yet run, with the engines of `games` (the other
 * inputs, callbacks and stop_after, left empty for the caller to set). */
void arb_replay_init(arb_replay *r, const arb_record *rec, const arb_games *games);
/* Resolve the tags and create the game (verdict ARB_ERROR on failure).
 * Returns 0 or -1. */
int arb_replay_setup(arb_replay *r);
/* Replay the moves (after arb_replay_setup) and decide the verdict. */
void arb_replay_run(arb_replay *r);
/* Setup + run. */
void arb_replay_game(arb_replay *r);
void arb_replay_free(arb_replay *r);

/* A record the tool wrote itself (the referee's, a match's), replayed from
 * memory: the reader and record that the replay points into live with it. */
typedef struct arb_replayed {
	arb_reader *rd;
	arb_record rec;
	arb_replay rp;
} arb_replayed;
/* Replay the first game of bytes[0..len) (`name` in messages) with the
 * engines of `games`; m->rp.state stays NULL when there is no game or it
 * cannot be set up.  Free with arb_replayed_free. */
void arb_replay_bytes(arb_replayed *m, const char *bytes, size_t len, const char *name,
		      const arb_games *games);
void arb_replayed_free(arb_replayed *m);

/* The rules of the envelope, which the tool enforces for every game
 * (notation/tgn.md, "Verdicts and exit status"). */
#define ARB_ENVELOPE_RULES(X)                                                  \
	X(ARB_R_TURN_NUMBER, "turn-number",                                    \
	  "a turn's number, when written, is its place in the game")           \
	X(ARB_R_EMPTY_TURN, "empty-turn", "a numbered turn has moves")         \
	X(ARB_R_GAME_OVER, "game-over", "no turn follows the end of the game") \
	X(ARB_R_RESULT_MISMATCH, "result-mismatch",                            \
	  "the Result tag names the winners the replay gives, or \"*\" while " \
	  "the game is not over; a Termination tag says the game was "         \
	  "stopped only when it is not over")
enum arb_envelope_rule { ARB_ENVELOPE_RULES(ARB_RULE_ENUM) ARB_NENVELOPE_RULES };
extern const arb_rule arb_envelope_rules[ARB_NENVELOPE_RULES];

/* The turn's tokens as the record wrote them, e.g. "Red W 2,-1 90". */
void arb_turn_text(const arb_record *rec, const arb_turn *t, arb_buf *out);

/* The Result tag line of the position `state` of game `g` seated as
 * `setup` says ("*" while it is not over, else the winners' colours),
 * and the blank line after the tags: what gen and the referee write. */
void arb_result_tag(const arb_game_ops *g, const void *state, const arb_setup *setup, arb_buf *out);
/* The tag lines head[0..len) as seat `view` (or ARB_VIEW_OBSERVER) saw
 * them, appended to `out`: each tag the engine's view_tag rewrites (an
 * Elasund Hands tag names the view's own card only), the rest as they
 * are.  For gen --view and the referee's view records. */
void arb_view_head(const arb_game_ops *g, const char *head, size_t len, unsigned view,
		   arb_buf *out);

#endif
