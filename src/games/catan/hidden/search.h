/*
 * search.h — the types of the searches that follow one world at a time
 * past CAT_MAX_WORLDS (lazy.c, search.c, bounds.c; solver.h, "Limits" in
 * notation/catan.md): their memo of states that led nowhere, the work
 * they may do a line, the guesses a failure is put down to (backjumping),
 * the bounds that rule tries out, and the search's own state.  Only
 * solver.h includes it, at the place where the types it uses are defined
 * (a file of the solver includes solver.h); apart from it for size.
 */
#ifndef ARB_CATAN_HIDDEN_SEARCH_H
#define ARB_CATAN_HIDDEN_SEARCH_H

#define LAZY_MEMO (1u << 19)

/* The work of the searches of one line (lazy_line): every state the memo
 * is asked about and every action tried is a step, whichever search of
 * the line makes it.  Past LAZY_WORK steps the line is refused as
 * undecidable (too-many-unknowns) at once, without listing the worlds
 * again: the memo bounds only the states kept, not the tries made from
 * each (from each state after three unseen discards, every guess of a
 * fourth, each refused: 45 million steps, 11 s, on one line).  Steps,
 * not a clock, so that the output is the same on every machine.  The
 * costliest lines of the corpus take up to 1.96 million steps
 * (rule-too-many-unknowns-bad, view-relist-line-bad 1.94 million, which
 * the worlds listed again then decide); 2^21 is just above them, about
 * half a second of the costliest steps (refused tries), so that no line
 * costs much more than the memo's own bound. */
#define LAZY_WORK (1u << 21)

/* ... and past VERDICT_WORK steps, when only the verdict is read
 * (cat_game.verdict_only: check, standings, select --valid), the worlds
 * are listed again (relist), at most RELIST_VERDICT_WORLDS of them,
 * rather than searched further: then listing costs less than the
 * searches it saves, measured (notation/catan.md, "Limits"). */
#define VERDICT_WORK 1000u

/* The memo's hash table starts small and grows with the states it holds:
 * most lines follow the witness in a few states, and a table of
 * LAZY_SLOTS would be a cache miss (and, new, a page fault) a state.
 * (4096 slots at first: clearing them cost 0.9 % of the instructions of
 * 200 observer views, where most games search little.) */
#define MEMO_SLOTS_FIRST 1024u

/* The search backjumps (conflict-directed backjumping): each try that
 * leads nowhere says which guesses it failed for (its conflict), and when
 * a guess had no part in it, the other guesses of that '?' are not tried:
 * every one of them fails the same way.  So a spend that Blue cannot pay
 * is retried over the guesses Blue's hand depends on, not over every way
 * White and Orange discarded in between, which multiplied the tries.
 *
 * A guess is a bit of a cset: the hand each seat had where the search
 * began (bits 0..CAT_SEATS-1: of the listed world, for the search from
 * them), then each '?' guessed on the way, in turn.  deps says which
 * guesses each hand depends on: a steal's guess both hands, a discard's
 * the discarder's and the bank's stock, a monopoly's take the others'
 * hands, and a roll the bank might cover otherwise under other guesses
 * (deps.slack) the bank's stock, for the seats it gives a resource the
 * bank might fall short of (all it gives to, under shortage=roll): the
 * others' hands take what they take whatever the stock.  A refusal for
 * a seat that lacked cards (cat_shortage) is put down to the guesses its
 * hand depends on; a monopoly's wrong take to the others' hands; any
 * other refusal to every guess (cs_all), which stops every backjump
 * above it.  When every
 * guess of a '?' failed, the conflict is theirs, less its own bit, and
 * the guesses that decided which guesses there were (the victim's or the
 * discarder's hand).  A state the memo knows keeps the seats whose hands
 * it failed for, so a try that meets it again is put down to the guesses
 * those hands depend on on that try (memo_why).  Backjumping skips only
 * tries that fail, so it finds the same way first, and the same witness,
 * as the search that tries every guess. */
#define CS_WORDS 4

typedef struct cset {
	uint64_t w[CS_WORDS];
} cset;

typedef struct deps {
	cset seat[CAT_SEATS], bank;
	uint64_t slack; /* a hand word, each byte at most SLACK_MOST */
	unsigned next;	/* the bit of the next guess */
} deps;

/* What the search can rule out before trying (need_before): the least
 * of each resource each seat must hold at each point of the lines since
 * the listed worlds (by line and action: NEED_NEVER where no count
 * suffices), made when a search first needs them. */
typedef struct bounds {
	int made;	/* 0 not yet, 1 made, -1 not to be (a set-up line) */
	bool prune;	/* the search being made skips what they rule out */
	unsigned lo;	/* made for the lines from log[lo] on             */
	uint64_t *need; /* hand words, by line, action and seat           */
	unsigned *at;	/* where each line's are in need[] (by action)    */
} bounds;

/* The search of one line: its state and the refusal it finds. */
typedef struct dfs {
	cat_game *g;
	cat_hidden *h;
	bool cbj;  /* backjumping (else every guess is tried: the refusal's
		      * words are said over every way) */
	deps dp;   /* along the try being made */
	cset conf; /* the conflict of the try that led nowhere last */
	bool jump; /* try_discards: a discard had no part in it */
	/* how much more slack the rolls since the start of the hid_explore()
	 * being made would have borne and still been covered as they were
	 * (a hand word; SLACK_MOST: any) */
	uint64_t tol;
	uint32_t *path; /* the states of the memo on the try being made */
	unsigned npath, cap_path;
	const cat_move *cur;	    /* the line being applied, after log[]     */
	const cat_state *cur_start; /* the position where it starts       */
	const arb_sink *sink;
	cat_turn t;
	arb_reject rj;
	bool full;	    /* the memo overflowed, or the work passed work_most */
	uint64_t work;	    /* of the searches of this line */
	uint64_t work_most; /* LAZY_WORK, or VERDICT_WORK */
	/* the refusal of the line: at the latest action any try reached
	 * (the first action that no way the cards went allows) */
	int best;
	arb_reject best_rej;
	cat_shortage best_short;
	bool have_other;
	arb_reject other_rej; /* a refusal there by another rule (mixed_msg) */
	ways_held ways;	      /* what the tries refused there held */
	int unseen_bad;	      /* a '?' the view may not write, or -1     */
	const arb_reject *unseen_rej;
	bounds bd;
} dfs;

#endif /* ARB_CATAN_HIDDEN_SEARCH_H */
