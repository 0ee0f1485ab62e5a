/*
 * rating.h — ratings from game outcomes, and the sequential test of two
 * players, for `standings --rating/--sprt` and for the match runner: both
 * call this, so a set of games rates the same whoever rates it.  Pure C
 * and libm (standings_rating.c), no arbiter types.
 *
 * A game is its seats' player ids and their places (1 is best; equal
 * places are a tie).  Two models, both on the Elo scale (a difference D
 * means the stronger finishes ahead with probability 1/(1+10^(-D/400)),
 * so their numbers compare):
 *   ARB_RATING_ELO  two-player games: maximum-likelihood Bradley–Terry, a
 *       draw half a point to each; Newton's method; intervals from the
 *       Fisher information.
 *   ARB_RATING_PLACKETT_LUCE  any number of seats: maximum likelihood by
 *       the MM algorithm (Hunter 2004, "MM algorithms for generalized
 *       Bradley–Terry models", Ann. Statist. 32); intervals from the
 *       observed information.  Tied players are not ordered at random: the
 *       game counts as the average, in log-likelihood, of every order of
 *       its tied players, so a two-player draw is half a win each and
 *       two-player games rate exactly as ARB_RATING_ELO rates them.
 * Anchor: the ratings of the players rated have mean 0 (the intervals
 * are those of that parametrisation: the pseudo-inverse of the
 * information).  Intervals are 95 %, rating +- 1.96 standard errors.
 * The fit sorts and merges the games first, so their order never changes
 * a bit of the result.  Cost: O(m^3) for m players (a dense m x m
 * matrix), so at most ARB_RATING_MAX_PLAYERS per fit.
 *
 * The maximum-likelihood rating exists only when no group of players
 * always finished ahead of (or never played) the rest; otherwise the fit
 * says which group (ARB_RATING_NO_MLE) and rates no one.
 */
#ifndef ARB_RATING_H
#define ARB_RATING_H

#include <stdbool.h>
#include <stddef.h>

#define ARB_RATING_MAX_SEATS 8 /* ties expand into 2^k stages */
#define ARB_RATING_MAX_ID (1u << 24)
#define ARB_RATING_MAX_PLAYERS 4096
#define ARB_RATING_Z95 1.959963984540054 /* the normal's 97.5 % quantile */

enum arb_rating_model { ARB_RATING_ELO = 1, ARB_RATING_PLACKETT_LUCE = 2 };

/* What arb_rating_add and arb_rating_fit return. */
enum {
	ARB_RATING_OK = 0,
	ARB_RATING_NO_MLE = 1,	     /* fit: no finite estimate (see unbeaten) */
	ARB_RATING_EINVAL = -1,	     /* a bad argument                         */
	ARB_RATING_ENOMEM = -2,	     /* out of memory                          */
	ARB_RATING_EOVERFLOW = -3,   /* a count would overflow                 */
	ARB_RATING_ESEATS = -4,	     /* Elo, and a game not of two seats       */
	ARB_RATING_ETOOMANY = -5,    /* more than ARB_RATING_MAX_PLAYERS rated */
	ARB_RATING_ENOCONVERGE = -6, /* the iteration did not settle           */
};

typedef struct arb_rating arb_rating;

typedef struct arb_rating_player {
	bool rated;		  /* in a game of two seats or more, and estimated */
	double rating, low, high; /* Elo scale; low..high the 95 % interval        */
	double se;		  /* its standard error, Elo scale                 */
	unsigned long games;	  /* games of two seats or more                    */
} arb_rating_player;

typedef struct arb_rating_result {
	size_t nplayers;	   /* the largest id added + 1            */
	arb_rating_player *player; /* [nplayers], by id                   */
	size_t rated;		   /* players with a rating               */
	unsigned long games;	   /* games of two seats or more          */
	int iterations;
	/* ARB_RATING_NO_MLE: ids (ascending) of a group of players no one
	 * outside it ever finished ahead of */
	unsigned *unbeaten;
	size_t nunbeaten;
} arb_rating_result;

/* A new, empty set of games; nplayers_hint sizes the first allocation.
 * NULL when out of memory. */
arb_rating *arb_rating_new(size_t nplayers_hint);
/* Add one game of nseats seats (1..ARB_RATING_MAX_SEATS): player[k] is
 * the id (< ARB_RATING_MAX_ID) of seat k, place[k] its place (>= 1; only
 * the order matters, equal is a tie).  A player holds at most one seat.
 * A one-seat game is kept but compares no one.  Returns ARB_RATING_OK or
 * a negative error, the set unchanged. */
int arb_rating_add(arb_rating *r, size_t nseats, const unsigned *player, const unsigned *place);
/* Fit `model` to the games added; fills *out (free it with
 * arb_rating_result_free, whatever the return).  Returns ARB_RATING_OK,
 * ARB_RATING_NO_MLE (out->unbeaten says why, nobody rated) or a
 * negative error. */
int arb_rating_fit(arb_rating *r, int model, arb_rating_result *out);
void arb_rating_result_free(arb_rating_result *out);
void arb_rating_free(arb_rating *r);

/* SPRT of one player against another from their wins, draws and losses
 * (the first player's): the generalized SPRT fishtest uses.  The score's
 * expectation under each hypothesis is the logistic Elo's,
 * s = 1/(1+10^(-elo/400)); each hypothesis's trinomial is the maximum-
 * likelihood one with that expectation, and the LLR is N times the
 * empirical mean of the log ratio of the two (a count of 0 taken as
 * 0.001).  lower = log(beta/(1-alpha)), upper = log((1-beta)/alpha). */
enum arb_sprt_decision { ARB_SPRT_CONTINUE = 0, ARB_SPRT_H0 = 1, ARB_SPRT_H1 = 2 };
/* Returns the decision, or -1 when the values are not valid (as
 * arb_sprt_valid) or wins + draws + losses overflows. */
int arb_sprt_trinomial(unsigned long wins, unsigned long draws, unsigned long losses, double elo0,
		       double elo1, double alpha, double beta, double *llr, double *lower,
		       double *upper);
/* Whether elo0, elo1, alpha, beta make a test: finite, -1000 < elo0 <
 * elo1 < 1000, 0 < alpha, 0 < beta, alpha + beta < 1.  If not, why[size]
 * says which value and why (why may be NULL). */
bool arb_sprt_valid(double elo0, double elo1, double alpha, double beta, char *why, size_t size);
/* "H0 accepted", "H1 accepted" or "continue". */
const char *arb_sprt_decision_name(int decision);

#endif
