/*
 * hidden.h — the hidden-card solver's interface: what the rules (rules.c),
 * the ops (catan.c) and dump and score ask of the ways the unseen cards of
 * a record seen from one seat could have gone (solver.h says how they
 * are kept).  Included by catan.h, after the types it names.
 */
#ifndef ARB_CATAN_HIDDEN_H
#define ARB_CATAN_HIDDEN_H

#include "../catan.h"

/* What cat_hidden_act and cat_hidden_line return when the worlds were
 * listed again from before the line (the search could not tell): the
 * caller plays the line again from its start. */
#define CAT_RELISTED 2
int cat_hidden_begin(cat_game *g, const cat_move *m, arb_reject *rej);
int cat_hidden_act(cat_turn *t, const cat_act *a, int unseen_bad, const arb_reject *unseen_rej);
bool cat_hidden_lazy(const cat_game *g);
int cat_hidden_line(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej);
void cat_hidden_commit(cat_game *g);
void cat_hidden_abort(cat_game *g);
unsigned cat_hidden_count(const cat_game *g);
unsigned cat_hidden_listed(const cat_game *g);
bool cat_hidden_load(cat_game *g, unsigned i);
void cat_hidden_free(cat_game *g);
/* Reading ahead (ahead.c): the op ahead reads a view record's lines, whose
 * bounds cut the worlds; what the op over reads; and for the op apply
 * (cat_play, rules.c), a refusal made again without them.
 * cat_ahead_refused: a replay without them refused a line, *rej, and so
 * refuses every line after it.  cat_ahead_undo, after a line was refused:
 * 1, the lines since the cards were last all known were played again
 * without the bounds, play the line again; 0, nothing to undo, the
 * refusal stands; -1, that replay refused one of them, *rej. */
void cat_read_ahead(void *game, const arb_token *tok, const arb_turn *turns, size_t n);
void cat_ahead_free(cat_game *g);
bool cat_ahead_refused(const cat_game *g, arb_reject *rej);
int cat_ahead_undo(cat_game *g, arb_reject *rej);
bool cat_over_now(cat_game *g);
/* cat_parse's: a turn line as reading ahead parsed it, true, *m made as
 * cat_parse makes it; false, it is to be parsed. */
bool cat_ahead_parsed(const cat_game *g, const arb_token *tok, size_t ntok, cat_move *m);
/* What reading ahead did in game g (tests): bit 0, cut some way the
 * unseen cards went; bit 1, undone for a refusal. */
unsigned cat_ahead_did(const cat_game *g);
void cat_hidden_dump(const cat_game *g, arb_buf *out);
void cat_hidden_settle(cat_game *g);
void cat_hidden_words(const cat_game *g, unsigned p, const cat_move *m, const cat_act *a, char *out,
		      size_t n);

/* What a record (a view record above all) knows of one player's hand:
 * the hand size and each resource's count as ranges over every way the
 * unseen cards could have gone (lo == hi: known), the development cards
 * bought unseen and not yet shown, the points seen and the most that
 * unseen victory point cards could add.  `exact`: the ranges are over
 * every way listed; false while arbiter follows one way at a time (more
 * than CAT_MAX_WORLDS): then they are only bounds (0 up to the hand). */
typedef struct cat_hand_range {
	uint8_t cards_lo, cards_hi;
	uint8_t lo[CAT_RES], hi[CAT_RES];
	uint8_t dev_unseen;
	uint8_t vp_seen, vp_more;
	bool exact;
} cat_hand_range;
void cat_hand_ranges(const cat_game *g, cat_hand_range out[CAT_SEATS]);
/* The most points the victory point cards seat p bought unseen could
 * add (cat_hand_range's vp_more): the same in every way, so score needs
 * no pass over the worlds for it. */
unsigned cat_vp_more(const cat_game *g, unsigned p);

#endif /* ARB_CATAN_HIDDEN_H */
