/*
 * solver.h — what the files of the hidden-card solver share: records
 * written from one seat's view (notation/catan.md,
 * "Records of what one player could see"): cards the writer did not see
 * ('?' in a steal, a purchase, a discard), and a referee that still
 * proves what it can.
 *
 * A replay keeps every way the unseen cards could have gone that the
 * record so far allows: a set of "worlds", each the part of the position
 * that unseen cards can change (every hand, whether the game is over,
 * whose turn it is, and the turn's own bookkeeping that depends on them).
 * The rest (the board, the robber, knights played, the development cards,
 * the special cards) is the same in every world, so it lives once in the
 * game's position, which always holds one world loaded: the
 * representative, which dump and score show.
 *
 * A set holds each world as ids (struct wid): each seat's hand by its id
 * in that seat's table of the hands seen so far, and the rest (the tail)
 * by its id in a table of tails.  The tables remember what a card more or
 * less makes of each hand, so that the loops over thousands of worlds
 * move ids (a steal: two lookups) rather than cards, and compare and hash
 * three words a world.
 *
 * Each action is played once per world (and once per guess of its own
 * '?') by the same rule code that plays a full record, or, where its only
 * use of the hands is what some players must hold, once on one world and
 * carried to the others as the change it made (fast_act, fast_unseen;
 * a run of such actions in one pass, pending until flush() and kept past
 * the line's end, the worlds they drop still listed but skipped
 * (kept_alive) until the next pass, an unseen discard once per
 * group of worlds that differ only in the discarding hand, and an action
 * that reads the bank's stock once per stock: by_bank); the worlds in
 * which it is illegal are dropped.  The action is
 * illegal only when no world is left: then no assignment of the unseen
 * cards explains the record, and the message says so in terms of what the
 * worlds held.  What later actions force (a spend, a knight played, a
 * count) so narrows what earlier '?' were.  Worlds are deduplicated after
 * every action (a hash set): only how many of each card each player may
 * hold matters, not which steal brought them, which keeps the set small.
 * Past CAT_MAX_WORLDS the replay stops listing them and follows one at a
 * time, searching every way only when that one fails (see "lazy" below);
 * when that search needs more than LAZY_MEMO states, the worlds are
 * listed again from where it began, up to RELIST_WORLDS at once (relist),
 * and only a record that passes that too is refused as undecidable
 * (too-many-unknowns) instead of followed at any cost; so is a line whose
 * searches take more than LAZY_WORK steps (states met, actions tried).  When one world is
 * left, everything is known again and the replay goes back to playing
 * the one position; a full record never enters this file.
 *
 * A replay of a whole record reads it ahead (below, "reading ahead"):
 * what the lines to its end say each seat gives bounds what the worlds
 * may hold, and a steal or discard does not list a world below it.
 *
 * Memory: three sets of at most CAT_MAX_WORLDS worlds of 24 bytes (the
 * line's start, and two to play its actions on) and a hash table of
 * 2 x CAT_MAX_WORLDS slots, allocated on the first unseen card and grown as
 * needed (the table, given back at a game's end, kept for the thread's
 * next game: sets.c's spares, up to 700 kB a thread): at most about
 * 3 MB, and 2 MB more while an unseen discard is made (52 bytes a world
 * it is made on, 4 a world it makes); the tables of hands, about 80
 * bytes a hand, are collected when a
 * line ends with more than HANDS_KEPT hands of a seat in them, so they stay
 * within about 6 MB a seat; the search's memo adds 42 MB (with what it
 * keeps of why each state led nowhere), the search from the listed worlds
 * up to 1.6 MB of hands known to lead nowhere, and the lines since the
 * listed worlds about 2 kB each (the line, the witness's positions, and
 * the bounds of the search: bounds), whatever the record.  Listing
 * again frees the memo and takes up to 16 times the sets and the table
 * (about 46 MB, and 29 MB while an unseen discard is made), and a copy
 * of the worlds it began from (56 bytes each), given back if it fails:
 * at most about 125 MB with the tables of hands.  Reading ahead keeps 40
 * bytes a line and 32 an unseen steal or discard from the first unseen
 * card to the end of the record, and 48 bytes a line and 28 an action
 * while it works them out.
 *
 * Why the worlds are listed one by one, not factored (one seat's hands
 * shared by the worlds that differ only there): the order of the list
 * is seen.  A pass keeps its worlds in the order of the worlds they come
 * from, and of each one's guesses ('?' r = 0.. in turn), the first way
 * kept when two meet; so the worlds are in the order of the guesses that
 * made them (the first, then the second, ...), and the position shows
 * the first world left.  A later spend drops worlds, and which world is
 * first then depends on the whole order.  Unseen steals made group by
 * group (the worlds alike but for a seat the steal does not touch, each
 * guess made for all of a group in turn: the same set, in another order)
 * changed the hands dump shows in 15 of 200 4-player observer games
 * (gen --seed 1; 47 of 1,000 at --seed 34), every verdict, count and
 * range the same.  A factored set must carry that order (a group's
 * worlds share the guesses made since they were grouped), or find the
 * first world left by a search in that order: the search of "lazy"
 * below, from the first '?' on, repairs the witness where it fails and
 * ends elsewhere (the hands differ in 159 of those 200 games).  What
 * factoring would save, measured (gen --players 4 --count 200 --seed 1
 * --view=observer): the cost is in the few games whose sets grow large
 * (the top 20 games are half the instructions; the median game costs
 * about 5.6 times its full record); the 138 sets of 1,000 worlds or more
 * met at an unseen steal or discard held 707,931 worlds in all, but only
 * 10,867 distinct hands of a seat and 38,982 distinct (thief, victim)
 * pairs, each set 25 to 93 % (median 65 %) of the product of its seats'
 * distinct hands: near-products, which a set kept factored between
 * actions would hold in tens of times fewer entries.  Those are the
 * costly games: the costliest 40 of the 200 take 62 % of the
 * instructions (27 times their full records), while in the middle 121
 * (5.5 times) an action meets 15 worlds on average, 16 or fewer in 79 %
 * of actions, and each action's own work (fast_act's one play and
 * carry, a steal's tables) is much of the cost there
 * (notation/catan.md, "Limits").  Grouping the
 * worlds afresh at each steal does not pay (the grouping cost as much
 * as the steal).  Who sees the order: the position shown (dump, moves,
 * dump --snapshot, the pictures) and the world the lazy search starts
 * from; not check, score or standings.  Measured by loading the last
 * world left at each line's end instead of the first (gen --seed 1, 5,
 * 7 and 34, 3 and 4 players, observer and Red, 300 games each): check
 * (text and json), score and standings the same in every game and in
 * every view record of corpus/catan, dump different in all sixteen
 * files.  So a factored set with no order could serve those three, with
 * the listed one kept for what shows a position, as long as nothing
 * goes lazy (past CAT_MAX_WORLDS the listed replay takes over from the
 * record's start).  What check, standings and select --valid already
 * make of it: they
 * list up to CAT_VERDICT_WORLDS (arb_setup.verdict_only, catan.c),
 * follow one way past that and list again when a line's searches pass
 * VERDICT_WORK steps, at most RELIST_VERDICT_WORLDS at once, every other
 * world dropped when more (a world left is still a way that explains the
 * record), which costs less (40 % fewer instructions on the 4-player
 * observer views of four seeds); since a
 * refusal's words depend on the way followed, a game they do not find
 * legal is replayed listing up to CAT_MAX_WORLDS (arb_replay_game).
 */
#ifndef ARB_CATAN_HIDDEN_SOLVER_H
#define ARB_CATAN_HIDDEN_SOLVER_H

#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hidden.h"

/* One way the unseen cards could have gone, in full.  All bytes, padding
 * named and zeroed, so worlds compare and hash as bytes (the lazy
 * search's memo keeps them so). */
typedef struct cat_world {
	uint8_t res[CAT_SEATS][CAT_RES];
	uint8_t over, winner, active;
	/* the turn's bookkeeping, zero between turn lines */
	uint8_t must_discard[CAT_SEATS], discarded[CAT_SEATS];
	uint8_t got[CAT_SEATS][CAT_RES];
	uint8_t pad[5];
} cat_world;

static_assert(sizeof(cat_world) % 8 == 0, "a world hashes as 64-bit words");

/* The tail of a world: what follows the hands. */
#define TAIL_AT offsetof(cat_world, over)

#define TAIL_SIZE (sizeof(cat_world) - TAIL_AT)

#define TAIL_GOT (offsetof(cat_world, got) - TAIL_AT) /* got[][] in a tail */

/* The turn's bookkeeping of a world, from must_discard on. */
#define BOOKS (offsetof(cat_world, pad) - offsetof(cat_world, must_discard))

#define BOOKS_AT (offsetof(cat_world, must_discard) - TAIL_AT) /* in a tail */

#define NO_ID UINT32_MAX

/* A world as a set holds it: each seat's hand and the tail by id.  Three
 * words, zero beyond, so worlds compare and hash as words. */
typedef struct wid {
	uint32_t hand[CAT_SEATS];
	uint32_t tail, zero;
} wid;

static_assert(sizeof(wid) == 24, "a world of ids is three words");

/* A seat's hands seen so far, by id.  A hand is its counts as the bytes
 * 0..4 of a word (hand_word): bytes_at_least and add_bytes read it. */
typedef struct hand_table {
	/* the lists by id, in one block that word starts (tables.c) */
	uint64_t *word;
	uint8_t *total;
	uint32_t (*less)[CAT_RES]; /* the hand a card of r less: NO_ID unknown */
	uint32_t (*more)[CAT_RES]; /* ... a card of r more                     */
	/* per id, valid when stamp[id] == gen: hid_flush()'s hand after the
	 * pending actions (NO_ID: dropped), or unseen_discards' mark */
	uint32_t *to, *stamp, gen;
	/* per id, valid when pstamp[id] == pgen: where its kept hands start in
	 * unseen_discards' list, or what a steal allows (steal_ways), or a
	 * mark of hand_ranges_of; each marks afresh (hand_pmarks) */
	uint32_t *pat, *pstamp, pgen;
	uint32_t n, cap;
	uint32_t *slot, nslot; /* word -> id + 1 (0: free); nslot a power of 2 */
} hand_table;

/* The tails seen so far, by id (few: they differ only within a line). */
typedef struct tail_table {
	uint8_t (*bytes)[TAIL_SIZE];
	uint32_t n, cap, last; /* last: the id tail_id gave last */
	uint32_t *slot, nslot;
} tail_table;

/* A table is collected at the end of a line when it holds more hands. */
#define HANDS_KEPT 65536u

typedef struct wset {
	wid *w;
	unsigned n, cap;
	unsigned version; /* one more each time the set is begun anew */
} wset;

/* When the search (lazy, below) cannot tell within LAZY_MEMO states, the
 * worlds are listed again from where it began, up to RELIST_WORLDS at
 * once (relist). */
#define RELIST_WORLDS (1u << 19)

/* A slot of the hash table of worlds: in use when its stamp less its low
 * byte is the table's gen (a multiple of 256), then holding the index of
 * its world, and in that byte 8 bits of the world's hash (its tag), so
 * that a probe reads the world only when the tags agree: a set of tens
 * of thousands of worlds is far bigger than a cache, and each world read
 * is a miss.  Together, so that a probe reads one place. */
typedef struct hslot {
	uint32_t stamp, at;
} hslot;

/* What is known of a set beyond its worlds, kept by every pass: whether
 * every world has the same hand sizes (same_sizes) and the same turn
 * bookkeeping (same_books); bounds on the bank's stock over the worlds
 * (bank_lo <= every world's, bank_hi >= every world's); and the separable
 * actions (fast_act) not yet made in it: the worlds that hold at least
 * pend_lo[] (bytes laid out as res[][]) become each world + pend_d[],
 * with the game's state of pend_nw (and its bookkeeping too when
 * pend_books); hid_flush() makes them. */
typedef struct set_state {
	bool same_sizes, same_books;
	uint8_t bank_lo[CAT_RES], bank_hi[CAT_RES];
	bool pend, pend_books;
	uint8_t pend_lo[24], pend_d[24];
	cat_world pend_nw;
	/* with pend: no world of the set before this one holds pend_lo (the
	 * set does not change while actions are pending, and pend_lo only
	 * grows, so later searches start here) */
	unsigned first;
} set_state;

/* What an action needs of the hands: at least at_least[p] (a hand word)
 * of each seat, and a monopoly's exact take. */
typedef struct needs {
	uint64_t at_least[CAT_SEATS];
	unsigned exact, skip; /* resource held exactly by all but skip */
	uint8_t exact_n[CAT_SEATS];
} needs;

/* The unseen cards that touched each seat's hand since everything was
 * last known (the worlds were one, or the record began), which a refusal
 * names in a player's words ("the three cards Blue stole").  A seat's
 * hand is its last known hand changed by what every player saw and by
 * these alone, but for a monopoly's take the line does not say (`others`:
 * what the others' unseen cards held came into it). */
typedef struct unseen_tally {
	uint32_t stole[CAT_SEATS];     /* cards the seat stole unseen     */
	uint32_t lost[CAT_SEATS];      /* cards stolen from it unseen     */
	uint32_t discarded[CAT_SEATS]; /* cards it discarded unseen       */
	bool others[CAT_SEATS];
} unseen_tally;

struct cat_hidden {
	bool on;    /* some card is unseen: the worlds are in use */
	bool fresh; /* turned on during the line being applied    */
	wset set[3];
	unsigned committed; /* the worlds at the start of the line        */
	unsigned in;	    /* the worlds the next action is played on    */
	uint32_t gen;	    /* a slot is in use when its stamp is gen + a tag (hslot) */
	hslot *tab;
	unsigned nslots;    /* a power of 2, at most max_slots, grown with the sets */
	unsigned max_slots; /* twice the worlds listed at most */
	unsigned shift;	    /* 64 - log2(nslots): a hash's top bits pick the slot */
	hand_table hands[CAT_SEATS];
	tail_table tails;
	uint64_t unit[CAT_RES]; /* a hand word of one card of r */
	set_state now;		/* of the set `in`                                */
	set_state kept;		/* of the set `committed`, from the line's start:
			 * its pending actions kept from the lines before
			 * (keep_pending) are made when a line plays the
			 * worlds one by one, and given back with a refused
			 * line */
	/* With pending actions kept (kept.pend), the worlds of the set
	 * `committed` they drop are still listed: a world is one of the
	 * record's when it holds what they need, kept_need (kept_alive). */
	needs kept_need;
	unsigned limit; /* worlds listed at most (cat_game.max_worlds) */
	bool relisting; /* the line is listed with RELIST_WORLDS (relist) */
	/* Followed one way at a time (see "lazy" below): the worlds at the
	 * start of the first line so followed (the set `committed`, kept),
	 * the position then, the lines since, and the tries already known
	 * to lead nowhere. */
	bool lazy;
	bool pending; /* the last line of `log` is the one being applied */
	cat_state base_s;
	cat_move *log;
	cat_state *snap;     /* the witness's position at each log line's start */
	cat_state *snap_try; /* ... as the search reaches them              */
	unsigned nlog, caplog;
	unsigned wbase;		 /* the listed world the witness came from */
	unseen_tally base_tally; /* the tally at the start of log[0] */
	cat_world *memo;
	uint8_t *mwhy;	  /* per state of the memo: the seats whose hands there
			* made it lead nowhere (MEMO_*) */
	uint64_t *mslack; /* ... and for how much slack at most (memo_why) */
	hslot *mtab;	  /* the memo's hash table: mnslots slots, grown */
	unsigned mnslots; /* with the states it holds (memo_visit)    */
	uint32_t mgen;
	unsigned mn;
	/* The unseen cards refusals name: the tally as of the start of the
	 * line being applied, which is `line` (NULL between lines); its own
	 * are counted from it, up to the action refused, and added to the
	 * tally when it is committed. */
	unseen_tally tally;
	const cat_move *line;
	/* longest_road.c's memo, the game's (cat_game.trails) while the
	 * worlds are followed one at a time (cat_hidden_begin) */
	struct cat_trail_memo *trails;
	/* worlds an unseen steal or discard did not make, ruled out by the
	 * lines ahead (reading ahead, below) */
	uint64_t ncut;
	/* unseen.c's lists of an unseen discard (discard_groups' pool and
	 * kept), kept from one discard to the next so that each does not
	 * grow them anew: only their room is kept, each discard fills them
	 * from the start */
	uint32_t *dpool;
	struct kept_hand *dkept;
	unsigned cap_dpool, cap_dkept;
	/* ... and the room its lists by world and its memo of groups are
	 * carved from (unseen.c's scratch), kept alike */
	char *dlists, *dmemo;
	size_t cap_dlists, cap_dmemo;
	/* the hands each hand keeps in a discard, kept from one discard to
	 * the next (unseen.c's kept_of): dpool holds them (npool used), and
	 * kslot (nkslot slots, nkused used) finds where they start */
	struct kept_slot *kslot;
	unsigned npool, nkslot, nkused;
};

/* Where a tail holds whether the game is over, and who won. */
enum { TAIL_OVER, TAIL_WINNER };

/* Id k of the world of ids whose three words are x (seat k's hand, or
 * WID_TAIL) set to v: the words made in registers, since reading a word
 * just written as two halves stalls the processor (store forwarding
 * fails: it cost the 4-player observer views of --seed 5 a tenth of
 * their time). */
#define WID_TAIL (offsetof(wid, tail) / sizeof(uint32_t))

/* One action (or, with a NULL action, the end of the line) played on
 * every world. */
typedef struct pass {
	cat_turn *t;
	cat_hidden *h;
	wset *out;
	arb_reject *rej;	  /* the caller's                     */
	cat_state base_s, keep_s; /* before; after in the first world */
	cat_turn base_t, keep_t;
	unsigned ev_base, ev_keep; /* events before; after the first   */
	bool ok;		   /* some world allows the action     */
	bool full;		   /* the set overflowed               */
	bool have_first;
	arb_reject first;	  /* the first world's refusal        */
	cat_shortage first_short; /* ... and what it lacked           */
	bool have_other;
	arb_reject other; /* the first by another rule than first's */
	bool refused;	  /* the last attempt was refused */
} pass;

/* What the ways the unseen cards could have gone held where an action
 * was refused in each of them, for the refusal's words: the most of each
 * resource each seat held in any way, and the seats that held what the
 * action asks of them in some way (met: bit p), which a refusal in one
 * way cannot tell: a domestic trade's two bundles (its maker's, its
 * partner's), a monopoly's take from each opponent. */
typedef struct ways_held {
	uint8_t most[CAT_SEATS][CAT_RES];
	uint8_t bank_least[CAT_RES], bank_most[CAT_RES];     /* the bank's stock */
	uint8_t size_least[CAT_SEATS], size_most[CAT_SEATS]; /* hand sizes */
	bool got_differs;     /* a production stated: the seat's differs between ways */
	uint8_t got[CAT_RES]; /* ... as in the first way */
	unsigned met, n;      /* n: the ways noted */
} ways_held;

/* Hands as words of bytes (hand_word), for the byte-parallel sums and
 * comparisons below. */
#define HIGH_BITS 0x8080808080808080ull

/* The change to the hands a pass makes as it goes (carried): the seats
 * whose hands change or are bound, with each one's bound and change as
 * hand words. */
typedef struct hand_change {
	unsigned n, seat[CAT_SEATS];
	uint64_t lo[CAT_SEATS], d[CAT_SEATS];
} hand_change;

/* The change hid_carry() makes to the tails: the game's state of nw, and its
 * bookkeeping too with `books`; the last tail worked out, kept. */
typedef struct tail_change {
	const cat_world *nw;
	bool books;
	uint32_t from, to;
} tail_change;

/* The searches' types (lazy.c, search.c, bounds.c): search.h. */
#include "search.h"

/* sets.c */
void hid_free_slots(cat_hidden *h);
void hid_set_slots(cat_hidden *h, unsigned k);
void hid_ensure_slots(cat_hidden *h, unsigned n);
void hid_reserve(wset *s, unsigned n);
void hid_rehash(cat_hidden *h, const wset *out, unsigned more);
void hid_enter(cat_game *g, const cat_turn *t);

/* tables.c */
uint32_t hid_hand_id(hand_table *ht, uint64_t word);
uint32_t hid_tail_id(tail_table *tt, const uint8_t *bytes);
void hid_world_load_x(cat_game *g, cat_turn *t, const cat_world *w);
void hid_world_store_x(const cat_game *g, const cat_turn *t, cat_world *w);
uint64_t hid_world_hash(const cat_world *w);

/* words.c */
void hid_tally_line(unseen_tally *u, const cat_move *m, unsigned upto);
unseen_tally hid_tally_at(const cat_game *g, const cat_move *m, const cat_act *a);
void hid_ways_note(ways_held *wh, unsigned nseats, unsigned seat, const cat_act *a,
		   const uint8_t *const hand[CAT_SEATS], const uint8_t bank[CAT_RES],
		   const uint8_t got[CAT_SEATS][CAT_RES]);
void hid_ways_start(ways_held *wh, bool every);
uint64_t hid_held_by_all(const cat_game *g, const wset *set, unsigned i);
int hid_explain_msg(const cat_game *g, arb_reject *rej, const arb_reject *first,
		    const cat_shortage *first_sh, const arb_reject *other, const ways_held *wh,
		    bool several, const cat_act *a, unsigned seat, const unseen_tally *u);
int hid_explain(pass *P, const cat_act *a, const wset *in);

/* carry.c */
void hid_set_flags(cat_hidden *h, const cat_game *g, const wset *set);
void hid_produced(const cat_game *g, unsigned roll, unsigned out[CAT_RES], unsigned seats[CAT_RES]);
bool hid_keep_pending(cat_hidden *h);
uint32_t hid_carried_anew(cat_hidden *h, unsigned p, uint32_t id, uint64_t lo, uint64_t d);
void hid_change_start(cat_hidden *h, hand_change *c, const uint8_t lo[CAT_SEATS * CAT_RES],
		      const uint8_t d[CAT_SEATS * CAT_RES]);
void hid_carry(cat_hidden *h, const wset *in, unsigned first, wset *out, const needs *nd,
	       const uint8_t lo[CAT_SEATS * CAT_RES], const uint8_t d[CAT_SEATS * CAT_RES],
	       tail_change *tc);
void hid_flush(cat_hidden *h);
bool hid_fast_act(cat_turn *t, const cat_act *a);

/* search.c */
bool hid_ruled_out(const dfs *D, unsigned li, unsigned ai, unsigned *seat);
bool hid_explore(dfs *D, unsigned li, unsigned ai);
void hid_start_deps(dfs *D, uint64_t slack);
void hid_new_search(dfs *D, bool cbj, bool keep);

/* bounds.c */
void hid_needs_before(const cat_game *g, const cat_act *a, unsigned seat,
		      const uint8_t roll[CAT_SEATS][CAT_RES], uint64_t need[CAT_SEATS]);
void hid_roll_pays(const cat_game *g, const cat_move *m, const cat_state *s,
		   uint8_t pays[CAT_SEATS][CAT_RES]);
bool hid_bounds_from(dfs *D, unsigned lo);

/* lazy.c */
int hid_undecidable(cat_turn *t);
int hid_go_lazy(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej);

/* unseen.c: the hands kept by discards, forgotten (their ids change) */
void hid_kept_forget(cat_hidden *h);

/* ahead.c */
void hid_ahead_enter(cat_game *g);
const uint64_t *hid_ahead_end_need(const cat_game *g, const cat_move *m);
bool hid_ahead_search(cat_game *g, const cat_move *m);
void hid_ahead_cut(cat_game *g);
const uint64_t *hid_ahead_need(const cat_game *g, const cat_move *m, const cat_act *a);

/* unseen.c */
int hid_fast_unseen(cat_turn *t, const cat_act *a);

/* steals.c */
bool hid_unseen_steals(cat_hidden *h, wset *out, const wset *in, uint32_t tail,
		       const uint32_t *tail_to, unsigned thief, unsigned victim,
		       const uint64_t *need);

/* bank.c */
int hid_by_bank(cat_turn *t, const cat_act *a);

static inline uint64_t mix64(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 29);
}

/* The hand word of counts res[] (bytes 0..4, zero beyond). */
static inline uint64_t hand_word(const uint8_t res[CAT_RES])
{
	uint64_t w = 0;
	memcpy(&w, res, CAT_RES);
	return w;
}

/* The counts of hand `id` of seat p. */
static inline const uint8_t *hand_res(const cat_hidden *h, unsigned p, uint32_t id)
{
	return (const uint8_t *)&h->hands[p].word[id];
}

/* The hand of seat p a card of r less (it holds one) / more. */
static inline uint32_t hand_less(cat_hidden *h, unsigned p, uint32_t id, unsigned r)
{
	hand_table *ht = &h->hands[p];
	if (ht->less[id][r] == NO_ID) {
		uint32_t to = hid_hand_id(ht, ht->word[id] - h->unit[r]);
		ht->less[id][r] = to;
	}
	return ht->less[id][r];
}

static inline uint32_t hand_more(cat_hidden *h, unsigned p, uint32_t id, unsigned r)
{
	hand_table *ht = &h->hands[p];
	if (ht->more[id][r] == NO_ID) {
		uint32_t to = hid_hand_id(ht, ht->word[id] + h->unit[r]);
		ht->more[id][r] = to;
	}
	return ht->more[id][r];
}

/* The tail of world w: a cat_world's bytes from TAIL_AT (over, winner,
 * active first). */
static inline const uint8_t *tail_of(const cat_hidden *h, const wid *w)
{
	return h->tails.bytes[w->tail];
}

/* World w of ids in full, and back. */
static inline void world_expand(const cat_hidden *h, const wid *w, cat_world *x)
{
	for (unsigned p = 0; p < CAT_SEATS; p++)
		memcpy(x->res[p], hand_res(h, p, w->hand[p]), CAT_RES);
	memcpy((char *)x + TAIL_AT, tail_of(h, w), TAIL_SIZE);
}

/* World x as ids, each hand and the tail added to its table when new. */
static inline void world_compress(cat_hidden *h, const cat_world *x, wid *w)
{
	for (unsigned p = 0; p < CAT_SEATS; p++)
		w->hand[p] = hid_hand_id(&h->hands[p], hand_word(x->res[p]));
	w->tail = hid_tail_id(&h->tails, (const uint8_t *)x + TAIL_AT);
	w->zero = 0;
}

/* world_load_x and world_store_x of a world of ids. */
static inline void world_load(cat_game *g, cat_turn *t, const wid *w)
{
	cat_world x;
	world_expand(g->hid, w, &x);
	hid_world_load_x(g, t, &x);
}

static inline void world_store(cat_game *g, const cat_turn *t, wid *w)
{
	cat_world x;
	hid_world_store_x(g, t, &x);
	world_compress(g->hid, &x, w);
}

/* A world of ids as its three words. */
static inline void wid_words(const wid *w, uint64_t x[3])
{
	memcpy(x, w, sizeof *w);
}

/* The hash of the world of ids x (its three words): a multiplicative
 * hash, which mixes every bit of the words into its top bits without a
 * finishing step.  Its top bits are the slot where a search for it
 * starts, the 8 bits below them its tag (hslot). */
static inline uint64_t wid_hash(const uint64_t x[3])
{
	return (x[0] * 0x9e3779b97f4a7c15ull) ^ (x[1] * 0xff51afd7ed558ccdull) ^
	       (x[2] * 0xc4ceb9fe1a85ec53ull);
}

/* The stamp of a slot holding a world of hash k. */
static inline uint32_t wid_stamp(const cat_hidden *h, uint64_t k)
{
	return h->gen | (uint32_t)(k >> (h->shift - 8) & 0xff);
}

/* Slot i is in use. */
static inline bool slot_used(const cat_hidden *h, unsigned i)
{
	return (h->tab[i].stamp & ~0xffu) == h->gen;
}

/* Start building a new set: every slot of the hash table free. */
static inline void new_gen(cat_hidden *h)
{
	h->gen += 256;
	if (h->gen == 0) {
		memset(h->tab, 0, h->nslots * sizeof *h->tab);
		h->gen = 256;
	}
}

static inline void wid_words_set(uint64_t x[3], unsigned k, uint32_t v)
{
#if defined(__BYTE_ORDER__) && \
	(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ || __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
	unsigned shift = __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 32 * (k & 1) : 32 * (~k & 1);
	x[k >> 1] = (x[k >> 1] & ~(0xffffffffull << shift)) | (uint64_t)v << shift;
#else /* (correct whatever the byte order, only slower) */
	uint32_t ids[sizeof(wid) / sizeof(uint32_t)];
	memcpy(ids, x, sizeof ids);
	ids[k] = v;
	memcpy(x, ids, sizeof ids);
#endif
}

/* The hash table's and the set's fields that inserting a world reads,
 * held in locals by a loop that inserts many worlds (unseen.c's
 * steals_of): a world or slot stored may alias the fields, which would be
 * read again each world.  insert_words holds them for one world, so that
 * the one probe serves both. */
typedef struct held_table {
	hslot *tab;
	wid *w;
	unsigned n, mask, shift, limit;
	uint32_t gen;
	unsigned room; /* the worlds it holds before it must grow */
} held_table;

static inline void held_load(const cat_hidden *h, const wset *out, held_table *T)
{
	unsigned room = h->nslots < h->max_slots ? h->nslots / 2 : UINT_MAX;
	*T = (held_table){ h->tab,   out->w,   out->n, h->nslots - 1,
			   h->shift, h->limit, h->gen, room < out->cap ? room : out->cap };
}

/* Room in T's set for at least `more` more worlds with the slots at
 * most half full, else the table grown (hid_rehash) and read again.  Out
 * of held_insert()'s way, and a copy in each file (static, unused in
 * some), so that the compiler knows what it leaves of the caller's
 * registers. */
static __attribute__((noinline, unused)) void held_grow(cat_hidden *h, wset *out, held_table *T,
							unsigned more)
{
	out->n = T->n;
	if (2 * (out->n + more) > h->nslots && h->nslots < h->max_slots)
		hid_rehash(h, out, more);
	hid_reserve(out, out->n + more);
	held_load(h, out, T);
}

/* Add the world of ids whose three words are x to the set being built
 * (its fields held in T; out->n is T->n's when the loop ends) unless it
 * is there, room made for it before (held_grow: a loop that inserts a
 * few worlds at a time makes room for them at once, and keeps the check
 * out of the inner loop).  -1 when the set is full. */
static inline __attribute__((always_inline)) int held_put(held_table *T, const uint64_t x[3])
{
	assert(T->n < T->room);
	uint64_t hash = wid_hash(x);
	uint32_t stamp = T->gen | (uint32_t)(hash >> (T->shift - 8) & 0xff);
	unsigned i = (unsigned)(hash >> T->shift);
	for (; (T->tab[i].stamp & ~0xffu) == T->gen; i = (i + 1) & T->mask) {
		if (T->tab[i].stamp != stamp)
			continue;
		uint64_t y[3];
		wid_words(&T->w[T->tab[i].at], y);
		if (((y[0] ^ x[0]) | (y[1] ^ x[1]) | (y[2] ^ x[2])) == 0)
			return 0;
	}
	if (T->n == T->limit)
		return -1;
	memcpy(&T->w[T->n], x, sizeof *T->w);
	T->tab[i] = (hslot){ stamp, T->n++ };
	return 0;
}

/* held_put with room made for the world first. */
static inline __attribute__((always_inline)) int held_insert(cat_hidden *h, wset *out,
							     held_table *T, const uint64_t x[3])
{
	if (T->n >= T->room)
		held_grow(h, out, T, 1);
	return held_put(T, x);
}

/* Add the world of ids whose three words are x to `out` (the set being
 * built) unless it is there.  -1 when the set is full. */
static inline __attribute__((always_inline)) int insert_words(cat_hidden *h, wset *out,
							      const uint64_t x[3])
{
	held_table T;
	held_load(h, out, &T);
	int rc = held_insert(h, out, &T, x);
	out->n = T.n;
	return rc;
}

/* Add `w` to `out` (the set being built) unless it is there.  -1 when
 * the set is full. */
static inline __attribute__((always_inline)) int insert(cat_hidden *h, wset *out, const wid *w)
{
	uint64_t x[3];
	wid_words(w, x);
	return insert_words(h, out, x);
}

/* The set an action writes to: neither the line's start nor its input. */
static inline unsigned spare(const cat_hidden *h)
{
	for (unsigned i = 0;; i++)
		if (i != h->committed && i != h->in)
			return i;
}

/* Set o begun anew, empty. */
static inline wset *start_set(cat_hidden *h, unsigned o)
{
	wset *s = &h->set[o];
	s->n = 0;
	s->version++;
	return s;
}

/* Listing again when only the verdict is read (cat_game.verdict_only),
 * at most RELIST_VERDICT_WORLDS are listed, and an action that makes more
 * is played again on every other world (play.c, keep_every_other): a
 * world left at the record's end is still a way that explains it, and a
 * record not so found legal is replayed as score replays it (its words
 * depend on the way followed anyway: arb_replay_game).  The limit that
 * cost least, measured (notation/catan.md, "Limits"). */
#define RELIST_VERDICT_WORLDS 1024u

/* The worlds are being listed again for the verdict alone: a set that
 * overflows is thinned rather than given up. */
static inline bool relist_cap(const cat_hidden *h, const cat_game *g)
{
	return h->relisting && g->verdict_only;
}

/* The worlds listed at most: the game's (cat_game.max_worlds, for tests)
 * up to CAT_MAX_WORLDS, or while relisting RELIST_WORLDS
 * (RELIST_VERDICT_WORLDS for the verdict alone). */
static inline void set_limit(cat_hidden *h, const cat_game *g)
{
	if (h->relisting)
		h->limit = relist_cap(h, g) ? RELIST_VERDICT_WORLDS : RELIST_WORLDS;
	else
		h->limit = g->max_worlds && g->max_worlds < CAT_MAX_WORLDS ? g->max_worlds
									   : CAT_MAX_WORLDS;
	h->max_slots = 2 * (h->relisting ? RELIST_WORLDS : CAT_MAX_WORLDS);
}

/* A fresh mark for every hand of seat table ht (stamp). */
static inline void hand_marks(hand_table *ht)
{
	if (++ht->gen == 0) {
		memset(ht->stamp, 0, ht->cap * sizeof *ht->stamp);
		ht->gen = 1;
	}
}

/* A fresh mark for every hand of seat table ht (pstamp). */
static inline void hand_pmarks(hand_table *ht)
{
	if (++ht->pgen == 0) {
		memset(ht->pstamp, 0, ht->cap * sizeof *ht->pstamp);
		ht->pgen = 1;
	}
}

/* World x (in full) with pending actions made: the change d[] to the
 * hands, the game's state of nw, and its bookkeeping with `books`. */
static inline void pend_apply(const uint8_t *restrict d, const cat_world *nw, bool books,
			      cat_world *restrict x)
{
	uint8_t *res = &x->res[0][0];
	for (unsigned i = 0; i < CAT_SEATS * CAT_RES; i++)
		res[i] = (uint8_t)(res[i] + d[i]);
	memcpy((char *)x + TAIL_AT, (const char *)nw + TAIL_AT, books ? TAIL_SIZE : BOOKS_AT);
}

/* x + d in each byte, modulo 256, no carry between bytes. */
static inline uint64_t add_bytes(uint64_t x, uint64_t d)
{
	return ((x & ~HIGH_BITS) + (d & ~HIGH_BITS)) ^ ((x ^ d) & HIGH_BITS);
}

/* x - y in each byte, modulo 256, no borrow between bytes. */
static inline uint64_t sub_bytes(uint64_t x, uint64_t y)
{
	return ((x | HIGH_BITS) - (y & ~HIGH_BITS)) ^ ((x ^ ~y) & HIGH_BITS);
}

/* Every byte of x is at least the byte of n (n's bytes below 128, x's
 * counts below 128: a hand holds at most CAT_MAX_BANK of a kind). */
static inline bool bytes_at_least(uint64_t x, uint64_t n)
{
	return (((x | HIGH_BITS) - n) & HIGH_BITS) == HIGH_BITS;
}

/* 0xff in each byte where x's is at least y's (bytes below 128). */
static inline uint64_t bytes_ge_mask(uint64_t x, uint64_t y)
{
	return ((((x | HIGH_BITS) - y) & HIGH_BITS) >> 7) * 0xff;
}

/* x - y in each byte, 0 where y's is more (bytes below 128). */
static inline uint64_t bytes_less(uint64_t x, uint64_t y)
{
	return (((x | HIGH_BITS) - y) & ~HIGH_BITS) & bytes_ge_mask(x, y);
}

/* The least and the most of x and y in each byte (bytes below 128). */
static inline uint64_t bytes_min(uint64_t x, uint64_t y)
{
	uint64_t ge = bytes_ge_mask(x, y);
	return (y & ge) | (x & ~ge);
}

static inline uint64_t bytes_max(uint64_t x, uint64_t y)
{
	uint64_t ge = bytes_ge_mask(x, y);
	return (x & ge) | (y & ~ge);
}

/* The least a seat must hold before a roll pays it w (at most 12 of a
 * resource: cat_roll_owed), from the least x after (bounds.c): x - w, 0
 * at least, bytes at 0x7f (NEED_NEVER) kept. */
static inline uint64_t need_less_paid(uint64_t x, uint64_t w)
{
	uint64_t kept = bytes_ge_mask(x, 0x7f7f7f7f7f7f7f7full);
	return (bytes_less(x, w) & ~kept) | (x & kept);
}

/* The price of a road, settlement, city or development card a. */
static inline const uint8_t *price_of(const cat_game *g, const cat_act *a)
{
	return g->d->cost[a->kind == A_ROAD	? C_ROAD
			  : a->kind == A_SETTLE ? C_SETTLEMENT
			  : a->kind == A_CITY	? C_CITY
						: C_DEV];
}

/* World w holds what the action needs. */
static inline bool holds(const cat_hidden *h, const wid *w, const needs *nd)
{
	for (unsigned p = 0; p < CAT_SEATS; p++)
		if (nd->at_least[p] &&
		    !bytes_at_least(h->hands[p].word[w->hand[p]], nd->at_least[p]))
			return false;
	if (nd->exact < CAT_RES)
		for (unsigned p = 0; p < CAT_SEATS; p++)
			if (p != nd->skip &&
			    hand_res(h, p, w->hand[p])[nd->exact] != nd->exact_n[p])
				return false;
	return true;
}

/* World i of the set `committed` is one of the record's: it holds what
 * the pending actions kept need (kept_need). */
static inline bool kept_alive(const cat_hidden *h, unsigned i)
{
	return !h->kept.pend || holds(h, &h->set[h->committed].w[i], &h->kept_need);
}

/* Hand `id` of seat p with the change d made when it holds lo (hand
 * words), or NO_ID; each hand worked out once a pass (hand_marks). */
static inline uint32_t carried(cat_hidden *h, unsigned p, uint32_t id, uint64_t lo, uint64_t d)
{
	const hand_table *ht = &h->hands[p];
	if (ht->stamp[id] == ht->gen)
		return ht->to[id];
	return hid_carried_anew(h, p, id, lo, d);
}

/* World x with the change c made; false when it drops x. */
static inline bool change_made(cat_hidden *h, const hand_change *c, wid *x)
{
	for (unsigned k = 0; k < c->n; k++) {
		unsigned p = c->seat[k];
		x->hand[p] = carried(h, p, x->hand[p], c->lo[k], c->d[k]);
		if (x->hand[p] == NO_ID)
			return false;
	}
	return true;
}

/* World w with the change c made: w itself when c changes nothing, else
 * the world made in *buf, or NULL when c drops it.  (The set's world is
 * read as it is, not copied first: reading a copy's words after writing
 * its halves stalls, see wid_words_set.) */
static inline const wid *made_world(cat_hidden *h, const hand_change *c, const wid *w, wid *buf)
{
	if (!c->n)
		return w;
	*buf = *w;
	return change_made(h, c, buf) ? buf : NULL;
}

/* The pending actions as a change a pass makes on its way (instead of
 * hid_flush()'s pass before it), and the first world it need look at. */
static inline unsigned pending_start(cat_hidden *h, hand_change *c)
{
	c->n = 0;
	if (!h->now.pend)
		return 0;
	hid_change_start(h, c, h->now.pend_lo, h->now.pend_d);
	return h->now.first;
}

/* The move of line li of the search. */
static inline const cat_move *line_of(const dfs *D, unsigned li)
{
	return li < D->h->nlog ? &D->h->log[li] : D->cur;
}

static inline uint64_t *need_at(const dfs *D, unsigned li, unsigned ai)
{
	return &D->bd.need[((size_t)D->bd.at[li] + ai) * CAT_SEATS];
}

/* The memo emptied. */
static inline void memo_clear(cat_hidden *h)
{
	if (++h->mgen == 0) {
		memset(h->mtab, 0, h->mnslots * sizeof *h->mtab);
		h->mgen = 1;
	}
	h->mn = 0;
}

#endif /* ARB_CATAN_HIDDEN_SOLVER_H */
