/*
 * hidden.c — records written from one seat's view (notation/catan.md,
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
 * (too-many-unknowns) instead of followed at any cost.  When one world is
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
 * needed: at most about 3 MB, and 2 MB more while an unseen discard is
 * made; the tables of hands, about 80 bytes a hand, are collected when a
 * line ends with more than HANDS_KEPT hands of a seat in them, so they stay
 * within about 6 MB a seat; the search's memo adds 42 MB (with what it
 * keeps of why each state led nowhere), the search from the listed worlds
 * up to 1.6 MB of hands known to lead nowhere, and the lines since the
 * listed worlds about 2 kB each (the line, the witness's positions, and
 * the bounds of the search: bounds), whatever the record.  Listing
 * again frees the memo and takes up to 16 times the sets and the table
 * (about 46 MB, and 27 MB while an unseen discard is made), and a copy
 * of the worlds it began from (56 bytes each), given back if it fails:
 * at most about 123 MB with the tables of hands.  Reading ahead keeps 40
 * bytes a line and 32 an unseen steal or discard from the first unseen
 * card to the end of the record, and 32 bytes a line and 28 an action
 * while it works them out.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util.h"
#include "catan.h"

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
	uint64_t *word;
	uint8_t *total;
	uint32_t (*less)[CAT_RES]; /* the hand a card of r less: NO_ID unknown */
	uint32_t (*more)[CAT_RES]; /* ... a card of r more                     */
	/* per id, valid when stamp[id] == gen: flush()'s hand after the
	 * pending actions (NO_ID: dropped), or unseen_discards' mark */
	uint32_t *to, *stamp, gen;
	/* per id, valid when pstamp[id] == pgen: where its kept hands start in
	 * unseen_discards' list */
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
 * pend_books); flush() makes them. */
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
};

static bool kept_alive(const cat_hidden *h, unsigned i);

/* The worlds listed that are the record's (not those the pending actions
 * drop); 0 while they are followed one at a time. */
unsigned cat_hidden_count(const cat_game *g)
{
	if (!cat_hidden_on(g))
		return 1;
	const cat_hidden *h = g->hid;
	if (h->lazy)
		return 0;
	unsigned n = 0;
	for (unsigned i = 0; i < h->set[h->committed].n; i++)
		n += kept_alive(h, i);
	return n;
}

/* The worlds listed, with those the pending actions drop (position_ok
 * loads each: cat_hidden_load). */
unsigned cat_hidden_listed(const cat_game *g)
{
	return cat_hidden_on(g) && !g->hid->lazy ? g->hid->set[g->hid->committed].n : 1;
}

/* Free a table of hands, leaving it empty. */
static void hand_table_free(hand_table *ht)
{
	free(ht->word);
	free(ht->total);
	free(ht->less);
	free(ht->more);
	free(ht->to);
	free(ht->stamp);
	free(ht->pat);
	free(ht->pstamp);
	free(ht->slot);
	memset(ht, 0, sizeof *ht);
}

void cat_hidden_free(cat_game *g)
{
	cat_hidden *h = g->hid;
	if (!h)
		return;
	for (unsigned i = 0; i < 3; i++)
		free(h->set[i].w);
	free(h->tab);
	for (unsigned p = 0; p < CAT_SEATS; p++)
		hand_table_free(&h->hands[p]);
	free(h->tails.bytes);
	free(h->tails.slot);
	free(h->log);
	free(h->snap);
	free(h->snap_try);
	free(h->memo);
	free(h->mwhy);
	free(h->mslack);
	free(h->mtab);
	cat_trail_memo_free(h->trails);
	free(h);
	g->hid = NULL;
	g->trails = NULL;
	g->hidden_on = false;
}

/* ------------------------------------------------------------- tables */

static inline uint64_t mix64(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 29);
}

/* Grow an array of `n` elements of `size` bytes to `cap`, the new ones
 * zero (or NO_ID bytes, 0xff, with `ones`). */
static void *grow(void *p, size_t n, size_t cap, size_t size, bool ones)
{
	p = arb_xrealloc(p, cap * size);
	memset((char *)p + n * size, ones ? 0xff : 0, (cap - n) * size);
	return p;
}

/* Put every id of the table in its slot (after the slots grew). */
static void hand_rehash(hand_table *ht)
{
	memset(ht->slot, 0, ht->nslot * sizeof *ht->slot);
	for (uint32_t id = 0; id < ht->n; id++) {
		uint32_t i =
			(uint32_t)mix64(ht->word[id] * 0x9e3779b97f4a7c15ull) & (ht->nslot - 1);
		while (ht->slot[i])
			i = (i + 1) & (ht->nslot - 1);
		ht->slot[i] = id + 1;
	}
}

/* The id of hand `word` in seat table ht, added when new. */
static uint32_t hand_id(hand_table *ht, uint64_t word)
{
	if (2 * (ht->n + 1) > ht->nslot) {
		ht->nslot = ht->nslot ? 2 * ht->nslot : 256;
		ht->slot = arb_xrealloc(ht->slot, ht->nslot * sizeof *ht->slot);
		hand_rehash(ht);
	}
	uint32_t i = (uint32_t)mix64(word * 0x9e3779b97f4a7c15ull) & (ht->nslot - 1);
	for (; ht->slot[i]; i = (i + 1) & (ht->nslot - 1))
		if (ht->word[ht->slot[i] - 1] == word)
			return ht->slot[i] - 1;
	if (ht->n == ht->cap) {
		uint32_t n = ht->n, cap = n ? 2 * n : 256;
		ht->word = grow(ht->word, n, cap, sizeof *ht->word, false);
		ht->total = grow(ht->total, n, cap, sizeof *ht->total, false);
		ht->less = grow(ht->less, n, cap, sizeof *ht->less, true);
		ht->more = grow(ht->more, n, cap, sizeof *ht->more, true);
		ht->to = grow(ht->to, n, cap, sizeof *ht->to, false);
		ht->stamp = grow(ht->stamp, n, cap, sizeof *ht->stamp, false);
		ht->pat = grow(ht->pat, n, cap, sizeof *ht->pat, false);
		ht->pstamp = grow(ht->pstamp, n, cap, sizeof *ht->pstamp, false);
		ht->cap = cap;
	}
	uint32_t id = ht->n++;
	ht->word[id] = word;
	uint8_t b[8];
	memcpy(b, &word, 8);
	unsigned total = 0;
	for (unsigned r = 0; r < CAT_RES; r++)
		total += b[r];
	ht->total[id] = (uint8_t)total;
	ht->stamp[id] = ht->pstamp[id] = 0;
	ht->slot[i] = id + 1;
	return id;
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
		uint32_t to = hand_id(ht, ht->word[id] - h->unit[r]);
		ht->less[id][r] = to;
	}
	return ht->less[id][r];
}

static inline uint32_t hand_more(cat_hidden *h, unsigned p, uint32_t id, unsigned r)
{
	hand_table *ht = &h->hands[p];
	if (ht->more[id][r] == NO_ID) {
		uint32_t to = hand_id(ht, ht->word[id] + h->unit[r]);
		ht->more[id][r] = to;
	}
	return ht->more[id][r];
}

/* The hash of a tail (TAIL_SIZE bytes), a word at a time. */
static uint64_t tail_hash(const uint8_t *p)
{
	uint64_t x[(TAIL_SIZE + 7) / 8] = { 0 };
	memcpy(x, p, TAIL_SIZE);
	uint64_t h = 0;
	for (size_t i = 0; i < sizeof x / sizeof *x; i++)
		h = (h ^ x[i]) * 0x9e3779b97f4a7c15ull;
	return mix64(h);
}

/* The id of tail `bytes` (TAIL_SIZE of them), added when new. */
static uint32_t tail_id(tail_table *tt, const uint8_t *bytes)
{
	if (2 * (tt->n + 1) > tt->nslot) {
		tt->nslot = tt->nslot ? 2 * tt->nslot : 16;
		tt->slot = arb_xrealloc(tt->slot, tt->nslot * sizeof *tt->slot);
		memset(tt->slot, 0, tt->nslot * sizeof *tt->slot);
		for (uint32_t id = 0; id < tt->n; id++) {
			uint32_t i = (uint32_t)tail_hash(tt->bytes[id]) & (tt->nslot - 1);
			while (tt->slot[i])
				i = (i + 1) & (tt->nslot - 1);
			tt->slot[i] = id + 1;
		}
	}
	if (tt->n && memcmp(tt->bytes[tt->last], bytes, TAIL_SIZE) == 0)
		return tt->last;
	uint32_t i = (uint32_t)tail_hash(bytes) & (tt->nslot - 1);
	for (; tt->slot[i]; i = (i + 1) & (tt->nslot - 1))
		if (memcmp(tt->bytes[tt->slot[i] - 1], bytes, TAIL_SIZE) == 0)
			return tt->last = tt->slot[i] - 1;
	if (tt->n == tt->cap) {
		tt->cap = tt->cap ? 2 * tt->cap : 16;
		tt->bytes = arb_xrealloc(tt->bytes, tt->cap * sizeof *tt->bytes);
	}
	memcpy(tt->bytes[tt->n], bytes, TAIL_SIZE);
	tt->slot[i] = tt->n + 1;
	return tt->last = tt->n++;
}

/* Where a tail holds whether the game is over, and who won. */
enum { TAIL_OVER, TAIL_WINNER };
static_assert(offsetof(cat_world, winner) == TAIL_AT + TAIL_WINNER, "over, winner in order");

/* The tail of world w: a cat_world's bytes from TAIL_AT (over, winner,
 * active first). */
static inline const uint8_t *tail_of(const cat_hidden *h, const wid *w)
{
	return h->tails.bytes[w->tail];
}

/* ------------------------------------------------------------- worlds */

/* Put world `w` into the position (and, with `t`, the turn). */
static void world_load_x(cat_game *g, cat_turn *t, const cat_world *w)
{
	cat_state *s = &g->s;
	for (unsigned r = 0; r < CAT_RES; r++)
		s->bank[r] = (uint8_t)cat_bank_size(g); /* 19, or bank=unlimited's */
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_player *pl = &s->p[p];
		memcpy(pl->res, w->res[p], CAT_RES);
		pl->ncards = (uint8_t)cat_bundle_total(pl->res);
		for (unsigned r = 0; r < CAT_RES; r++)
			s->bank[r] = (uint8_t)(s->bank[r] - pl->res[r]);
	}
	s->over = w->over;
	s->winner = w->winner;
	s->active = w->active;
	if (!t)
		return;
	memcpy(t->must_discard, w->must_discard, CAT_SEATS);
	memcpy(t->discarded, w->discarded, CAT_SEATS);
	memcpy(t->got, w->got, sizeof t->got);
}

/* The world the position (and, with `t`, the turn) is in. */
static void world_store_x(const cat_game *g, const cat_turn *t, cat_world *w)
{
	const cat_state *s = &g->s;
	memset(w, 0, sizeof *w);
	for (unsigned p = 0; p < g->nseats; p++)
		memcpy(w->res[p], s->p[p].res, CAT_RES);
	w->over = s->over;
	w->winner = s->winner;
	w->active = s->active;
	if (!t)
		return;
	memcpy(w->must_discard, t->must_discard, CAT_SEATS);
	memcpy(w->discarded, t->discarded, CAT_SEATS);
	memcpy(w->got, t->got, sizeof w->got);
}

/* World w of ids in full, and back. */
static void world_expand(const cat_hidden *h, const wid *w, cat_world *x)
{
	for (unsigned p = 0; p < CAT_SEATS; p++)
		memcpy(x->res[p], hand_res(h, p, w->hand[p]), CAT_RES);
	memcpy((char *)x + TAIL_AT, tail_of(h, w), TAIL_SIZE);
}

/* World x as ids, each hand and the tail added to its table when new. */
static void world_compress(cat_hidden *h, const cat_world *x, wid *w)
{
	for (unsigned p = 0; p < CAT_SEATS; p++)
		w->hand[p] = hand_id(&h->hands[p], hand_word(x->res[p]));
	w->tail = tail_id(&h->tails, (const uint8_t *)x + TAIL_AT);
	w->zero = 0;
}

/* world_load_x and world_store_x of a world of ids. */
static void world_load(cat_game *g, cat_turn *t, const wid *w)
{
	cat_world x;
	world_expand(g->hid, w, &x);
	world_load_x(g, t, &x);
}

static void world_store(cat_game *g, const cat_turn *t, wid *w)
{
	cat_world x;
	world_store_x(g, t, &x);
	world_compress(g->hid, &x, w);
}

/* The hash of a world in full (the lazy search's memo). */
static uint64_t world_hash(const cat_world *w)
{
	uint64_t h = 0x9e3779b97f4a7c15ull;
	const unsigned char *p = (const unsigned char *)w;
	for (size_t i = 0; i < sizeof *w; i += 8) {
		uint64_t x;
		memcpy(&x, p + i, 8);
		h = (h ^ x) * 0xff51afd7ed558ccdull;
		h ^= h >> 29;
	}
	return h;
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
static void new_gen(cat_hidden *h)
{
	h->gen += 256;
	if (h->gen == 0) {
		memset(h->tab, 0, h->nslots * sizeof *h->tab);
		h->gen = 256;
	}
}

/* A hash table of k slots (a power of 2), every one free. */
static void set_slots(cat_hidden *h, unsigned k)
{
	h->nslots = k;
	h->shift = 64;
	while (k > 1) {
		h->shift--;
		k >>= 1;
	}
	h->tab = arb_xcalloc(h->nslots, sizeof *h->tab);
	h->gen = 256;
}

/* Slots for n worlds at least (twice as many, up to max_slots).  The slots
 * in use are lost: called before a set is begun (new_gen), or to rehash
 * the one being built. */
static void ensure_slots(cat_hidden *h, unsigned n)
{
	if (2 * n <= h->nslots || h->nslots >= h->max_slots)
		return;
	unsigned k = h->nslots;
	while (k < 2 * n && k < h->max_slots)
		k *= 4; /* a set that grows grows much: few rehashes */
	k = k < h->max_slots ? k : h->max_slots;
	free(h->tab);
	set_slots(h, k);
}

/* Room for n worlds in `s` (doubling, so a set that grows a little
 * line by line is not copied each time; past a few thousand, room for
 * CAT_MAX_WORLDS at once, whose pages are only touched as they fill, as
 * copying a set of tens of thousands of worlds at each doubling cost a
 * spike of a line more than its worlds did). */
static void reserve(wset *s, unsigned n)
{
	if (s->cap >= n)
		return;
	s->cap = s->cap * 2 > n ? s->cap * 2 : n;
	s->cap = s->cap < 64 ? 64 : s->cap;
	if (s->cap > 4096 && s->cap < CAT_MAX_WORLDS)
		s->cap = CAT_MAX_WORLDS;
	s->w = arb_xrealloc(s->w, s->cap * sizeof *s->w);
}

/* More slots for `out` (the set being built), which has filled half of
 * them, and its worlds put in them again.  Out of insert()'s way, so that
 * the common case stays small enough to be inlined. */
static void __attribute__((noinline)) rehash(cat_hidden *h, const wset *out)
{
	ensure_slots(h, out->n + 1);
	for (unsigned k = 0; k < out->n; k++) {
		uint64_t y[3];
		wid_words(&out->w[k], y);
		uint64_t hash = wid_hash(y);
		unsigned j = (unsigned)(hash >> h->shift);
		while (slot_used(h, j))
			j = (j + 1) & (h->nslots - 1);
		h->tab[j] = (hslot){ wid_stamp(h, hash), k };
	}
}

/* Id k of the world of ids whose three words are x (seat k's hand, or
 * WID_TAIL) set to v: the words made in registers, since reading a word
 * just written as two halves stalls the processor (store forwarding
 * fails: it cost the 4-player observer views of --seed 5 a tenth of
 * their time). */
#define WID_TAIL (offsetof(wid, tail) / sizeof(uint32_t))
static_assert(offsetof(wid, tail) == CAT_SEATS * sizeof(uint32_t), "the tail follows the hands");

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

/* Add the world of ids whose three words are x to `out` (the set being
 * built) unless it is there.  -1 when the set is full. */
static inline __attribute__((always_inline)) int insert_words(cat_hidden *h, wset *out,
							      const uint64_t x[3])
{
	if (2 * (out->n + 1) > h->nslots && h->nslots < h->max_slots)
		rehash(h, out);
	uint64_t hash = wid_hash(x);
	uint32_t stamp = wid_stamp(h, hash);
	unsigned i = (unsigned)(hash >> h->shift);
	for (; slot_used(h, i); i = (i + 1) & (h->nslots - 1)) {
		if (h->tab[i].stamp != stamp)
			continue;
		uint64_t y[3];
		wid_words(&out->w[h->tab[i].at], y);
		if (((y[0] ^ x[0]) | (y[1] ^ x[1]) | (y[2] ^ x[2])) == 0)
			return 0;
	}
	if (out->n == h->limit)
		return -1;
	reserve(out, out->n + 1);
	memcpy(&out->w[out->n], x, sizeof *out->w);
	h->tab[i] = (hslot){ stamp, out->n++ };
	return 0;
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
static unsigned spare(const cat_hidden *h)
{
	for (unsigned i = 0;; i++)
		if (i != h->committed && i != h->in)
			return i;
}

/* Set o begun anew, empty. */
static wset *start_set(cat_hidden *h, unsigned o)
{
	wset *s = &h->set[o];
	s->n = 0;
	s->version++;
	return s;
}

/* The worlds listed at most: the game's (cat_game.max_worlds, for tests)
 * up to CAT_MAX_WORLDS, or RELIST_WORLDS while relisting. */
static void set_limit(cat_hidden *h, const cat_game *g)
{
	if (h->relisting)
		h->limit = RELIST_WORLDS;
	else
		h->limit = g->max_worlds && g->max_worlds < CAT_MAX_WORLDS ? g->max_worlds
									   : CAT_MAX_WORLDS;
	h->max_slots = 2 * (h->relisting ? RELIST_WORLDS : CAT_MAX_WORLDS);
}

/* The first '?' of a record: the one world so far becomes the set. */
static void ahead_enter(cat_game *g);

static void enter(cat_game *g, const cat_turn *t)
{
	ahead_enter(g);
	if (!g->hid) {
		g->hid = arb_xcalloc(1, sizeof *g->hid);
		cat_hidden *h = g->hid;
		set_slots(h, 256);
		for (unsigned r = 0; r < CAT_RES; r++) {
			uint8_t one[CAT_RES] = { 0 };
			one[r] = 1;
			h->unit[r] = hand_word(one);
		}
	}
	cat_hidden *h = g->hid;
	h->on = true;
	g->hidden_on = true;
	h->fresh = true;
	h->committed = h->in = 0;
	h->now.pend = false;
	h->kept.pend = false;
	start_set(h, 0);
	set_limit(h, g);
	new_gen(h);
	wid w;
	world_store(g, t, &w);
	int rc = insert(h, &h->set[0], &w);
	assert(rc == 0);
	(void)rc;
	h->now.same_sizes = h->now.same_books = true;
	memcpy(h->now.bank_lo, g->s.bank, CAT_RES);
	memcpy(h->now.bank_hi, g->s.bank, CAT_RES);
	memset(&h->tally, 0, sizeof h->tally); /* all was known until now */
}

/* A fresh mark for every hand of seat table ht (stamp). */
static void hand_marks(hand_table *ht)
{
	if (++ht->gen == 0) {
		memset(ht->stamp, 0, ht->cap * sizeof *ht->stamp);
		ht->gen = 1;
	}
}

/* World x (in full) with pending actions made: the change d[] to the
 * hands, the game's state of nw, and its bookkeeping with `books`. */
static void pend_apply(const uint8_t d[24], const cat_world *nw, bool books, cat_world *x)
{
	uint8_t *res = &x->res[0][0];
	for (unsigned i = 0; i < CAT_SEATS * CAT_RES; i++)
		res[i] = (uint8_t)(res[i] + d[i]);
	memcpy((char *)x + TAIL_AT, (const char *)nw + TAIL_AT, books ? TAIL_SIZE : BOOKS_AT);
}

/* World i of the set `committed` in full, with the pending actions it
 * keeps. */
static void committed_world(const cat_hidden *h, unsigned i, cat_world *x)
{
	world_expand(h, &h->set[h->committed].w[i], x);
	if (h->kept.pend)
		pend_apply(h->kept.pend_d, &h->kept.pend_nw, h->kept.pend_books, x);
}

/* The line starts from the set `committed` and what is known of it
 * (struct cat_hidden's kept), and ends (legal) with the set `in` and
 * its; a refused line goes back. */
static void restore_committed(cat_hidden *h)
{
	h->in = h->committed;
	h->now = h->kept;
}

/* Load world i of the line's start (i < cat_hidden_listed) into the
 * position (position_ok checks each world this way); false, nothing
 * loaded, when the pending actions drop it. */
bool cat_hidden_load(cat_game *g, unsigned i)
{
	assert(cat_hidden_on(g) && i < g->hid->set[g->hid->committed].n);
	if (!kept_alive(g->hid, i))
		return false;
	cat_world x;
	committed_world(g->hid, i, &x);
	world_load_x(g, NULL, &x);
	return true;
}

/* A new turn line: the worlds in which the game is over cannot go on.
 * Rejects with game-over when it is over in every one. */
int cat_hidden_begin(cat_game *g, const cat_move *m, arb_reject *rej)
{
	cat_hidden *h = g->hid;
	h->fresh = false;
	g->trails = h->lazy ? h->trails : NULL; /* (listing plays a road once) */
	if (h->lazy) {				/* the witness is the position */
		if (g->s.over)
			return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
					  "the game is over (%s has won, however the "
					  "unseen cards went)",
					  cat_cname(g, g->s.winner));
		return 0;
	}
	restore_committed(h);
	const wset *in = &h->set[h->in];
	if (h->now.pend) { /* the game's state is pend_nw's in every world */
		if (h->now.pend_nw.over)
			return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
					  "the game is over (%s has won, however the "
					  "unseen cards went)",
					  cat_cname(g, h->now.pend_nw.winner));
		cat_world x;
		committed_world(h, h->kept.first, &x);
		world_load_x(g, NULL, &x);
		return 0;
	}
	unsigned going = 0;
	for (unsigned i = 0; i < in->n; i++)
		going += !tail_of(h, &in->w[i])[TAIL_OVER];
	if (!going)
		return cat_reject(rej, CAT_R_GAME_OVER, m->line, m->col,
				  "the game is over (%s has won, however the "
				  "unseen cards went)",
				  cat_cname(g, tail_of(h, &in->w[0])[TAIL_WINNER]));
	if (going < in->n) {
		unsigned o = spare(h);
		wset *out = start_set(h, o);
		new_gen(h);
		for (unsigned i = 0; i < in->n; i++)
			if (!tail_of(h, &in->w[i])[TAIL_OVER])
				insert(h, out, &in->w[i]);
		h->in = o;
	}
	world_load(g, NULL, &h->set[h->in].w[0]);
	return 0;
}

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

/* Play the action (or end the line) in world `w`; keep the world it
 * leads to.  Only the first refusal, and the first by another rule, are
 * said in words (explain() uses no others), so the rest are quiet: a
 * refusal's printf costs more than the rest of an attempt, and an
 * unseen discard can be refused in thousands of worlds. */
static void attempt(pass *P, const wid *w, const cat_act *a)
{
	P->refused = false;
	if (P->full)
		return;
	cat_turn *t = P->t;
	cat_game *g = t->g;
	bool quiet = P->have_first;
	for (;;) {
		g->s = P->base_s;
		*t = P->base_t;
		t->quiet |= quiet;
		world_load(g, t, w);
		g->nev = P->ok ? P->ev_keep : P->ev_base;
		arb_reject rj;
		t->rej = &rj;
		g->shortage.seat = CAT_NONE;
		int rc = a ? cat_turn_step(t, a) : cat_turn_end(t);
		t->quiet = P->base_t.quiet;
		if (rc >= 0)
			break;
		P->refused = true;
		if (!P->have_first) {
			P->first = rj;
			P->first_short = g->shortage;
			P->have_first = true;
		} else if (!P->have_other && rj.rule != P->first.rule) {
			if (quiet && !P->base_t.quiet) { /* again, in words */
				quiet = false;
				continue;
			}
			P->other = rj;
			P->have_other = true;
		}
		return;
	}
	if (!a) { /* the line is over: its bookkeeping too */
		memset(t->must_discard, 0, sizeof t->must_discard);
		memset(t->discarded, 0, sizeof t->discarded);
		memset(t->got, 0, sizeof t->got);
	}
	wid nw;
	world_store(g, t, &nw);
	if (insert(P->h, P->out, &nw) < 0) {
		P->full = true;
		return;
	}
	if (!P->ok) {
		P->ok = true;
		P->keep_s = g->s;
		P->keep_t = *t;
		P->ev_keep = g->nev;
	}
}

/* Every way of discarding `left` more cards of the resources r..
 * within `room`, added to c->give.  Returns the guesses tried.  The
 * guesses stand or fall together: a guess never discards a card the
 * hand lacks, and what else refuses a discard (its count, its timing)
 * no guess changes; so the first refused guess ends them (P->refused). */
static unsigned discard_guesses(pass *P, const wid *w, cat_act *c, const uint8_t room[CAT_RES],
				unsigned r, unsigned left)
{
	if (r == CAT_RES - 1) {
		if (left > room[r])
			return 0;
		c->give[r] = (uint8_t)(c->give[r] + left);
		attempt(P, w, c);
		c->give[r] = (uint8_t)(c->give[r] - left);
		return 1;
	}
	unsigned n = 0;
	for (unsigned k = 0; k <= left && k <= room[r] && !P->refused; k++) {
		c->give[r] = (uint8_t)(c->give[r] + k);
		n += discard_guesses(P, w, c, room, r + 1, left - k);
		c->give[r] = (uint8_t)(c->give[r] - k);
	}
	return n;
}

/* The action in world `w`, once per guess of its '?' that the world
 * allows; with no guess possible, as written, so that the rule code says
 * why not. */
static void expand(pass *P, const wid *w, const cat_act *a)
{
	if (!a || !cat_is_unseen(a)) {
		attempt(P, w, a);
		return;
	}
	cat_act c = *a;
	c.guessed = 1;
	unsigned tried = 0;
	switch (a->kind) {
	case A_ROBBER:
	case A_KNIGHT: {
		if (a->b >= CAT_SEATS)
			break;
		uint8_t held[CAT_RES]; /* a copy: each attempt may add hands to the table */
		memcpy(held, hand_res(P->h, a->b, w->hand[a->b]), CAT_RES);
		for (unsigned r = 0; r < CAT_RES; r++)
			if (held[r]) {
				c.c = (uint8_t)r;
				attempt(P, w, &c);
				tried++;
			}
		break;
	}
	case A_DISCARD: {
		if (a->a >= CAT_SEATS)
			break;
		const uint8_t *hand = hand_res(P->h, a->a, w->hand[a->a]);
		uint8_t room[CAT_RES];
		bool held = true;
		for (unsigned r = 0; r < CAT_RES; r++) {
			held &= hand[r] >= a->give[r];
			room[r] = held ? (uint8_t)(hand[r] - a->give[r]) : 0;
		}
		c.b = 0;
		P->refused = false;
		if (held)
			tried = discard_guesses(P, w, &c, room, 0, a->b);
		break;
	}
	}
	if (!tried)
		attempt(P, w, a);
}

/* Add to u the unseen cards of the actions before `upto` of line m. */
static void tally_line(unseen_tally *u, const cat_move *m, unsigned upto)
{
	for (unsigned i = 0; i < upto && i < m->n; i++) {
		const cat_act *a = &m->act[i];
		if (a->kind == A_MONOPOLY && a->b == MONO_TAKE_NONE && m->seat < CAT_SEATS)
			u->others[m->seat] = true;
		if (!cat_is_unseen(a))
			continue;
		if (a->kind == A_DISCARD) {
			if (a->a < CAT_SEATS)
				u->discarded[a->a] += a->b;
		} else if (m->seat < CAT_SEATS && a->b < CAT_SEATS) {
			u->stole[m->seat]++;
			u->lost[a->b]++;
		}
	}
}

/* The tally as of action `a` of line m (NULL: the line's end): the
 * line's start's and the line's own before it. */
static unseen_tally tally_at(const cat_game *g, const cat_move *m, const cat_act *a)
{
	unseen_tally u = g->hid->tally;
	unsigned upto = m->n;
	for (unsigned i = 0; a && i < m->n; i++)
		if (&m->act[i] == a)
			upto = i;
	assert(!a || upto < m->n);
	tally_line(&u, m, upto);
	return u;
}

/* A count as a sentence says it: a word up to twelve, then digits. */
static const char *count_word(unsigned n, char buf[12])
{
	static const char *const word[] = { "no",   "one",    "two",   "three", "four",
					    "five", "six",    "seven", "eight", "nine",
					    "ten",  "eleven", "twelve" };
	if (n < sizeof word / sizeof *word)
		return word[n];
	int k = snprintf(buf, 12, "%u", n);
	return k > 0 && k < 12 ? buf : "many";
}

/* The unseen cards that touched seat p's hand (u) in a player's words,
 * into out: "the card Blue stole", "the three cards Blue stole and the
 * two stolen from Blue", "the four cards Blue discarded unseen".  "the
 * unseen cards" when p is no seat, when none touched its hand (it is
 * uncertain only through the others'), or when others' came into it. */
static void unseen_words(const cat_game *g, const unseen_tally *u, unsigned p, char *out, size_t n)
{
	static const char generic[] = "the unseen cards";
	static_assert(sizeof generic <= 64, "out holds the generic words");
	assert(n >= 64);
	memcpy(out, generic, sizeof generic);
	if (p >= g->nseats || u->others[p])
		return;
	const char *who = cat_cname(g, p);
	/* each kind: the count, the words before the seat and after it */
	const struct {
		uint32_t k;
		const char *before, *after;
	} part[] = {
		{ u->stole[p], " ", " stole" },
		{ u->lost[p], " stolen from ", "" },
		{ u->discarded[p], " ", " discarded unseen" },
	};
	unsigned nparts = 0, done = 0;
	for (size_t i = 0; i < sizeof part / sizeof *part; i++)
		nparts += part[i].k > 0;
	if (!nparts)
		return;
	size_t len = 0;
	for (size_t i = 0; i < sizeof part / sizeof *part; i++) {
		if (!part[i].k)
			continue;
		char num[12], head[32];
		const char *k = count_word(part[i].k, num);
		/* "the card", "the three cards"; after the first, "the one",
		 * "the two" */
		int hk = part[i].k == 1
				 ? snprintf(head, sizeof head, "the %s", done ? "one" : "card")
			 : done ? snprintf(head, sizeof head, "the %s", k)
				: snprintf(head, sizeof head, "the %s cards", k);
		const char *sep = !done ? "" : done + 1 == nparts ? " and " : ", ";
		int w = hk < 0 || (size_t)hk >= sizeof head
				? -1
				: snprintf(out + len, n - len, "%s%s%s%s%s", sep, head,
					   part[i].before, who, part[i].after);
		if (w < 0 || (size_t)w >= n - len) { /* never cut: the generic words */
			memcpy(out, generic, sizeof generic);
			return;
		}
		len += (size_t)w;
		done++;
	}
}

/* The unseen cards that touched seat p's hand before action `a` of
 * line m (NULL: its end), in a player's words as unseen_words says them,
 * for a rule's message that holds in every way they could have gone. */
void cat_hidden_words(const cat_game *g, unsigned p, const cat_move *m, const cat_act *a, char *out,
		      size_t n)
{
	unseen_tally u = tally_at(g, m, a);
	unseen_words(g, &u, p, out, n);
}

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

/* Add to wh one way in which action `a` of `seat` was refused, with the
 * hands hand[] of nseats seats, the bank's stock bank[] and what each
 * seat got this turn, got[][]. */
static void ways_note(ways_held *wh, unsigned nseats, unsigned seat, const cat_act *a,
		      const uint8_t *const hand[CAT_SEATS], const uint8_t bank[CAT_RES],
		      const uint8_t got[CAT_SEATS][CAT_RES])
{
	if (a && a->kind == A_GETS && a->a < nseats) {
		if (!wh->n)
			memcpy(wh->got, got[a->a], CAT_RES);
		wh->got_differs |= memcmp(wh->got, got[a->a], CAT_RES) != 0;
	}
	wh->n++;
	for (unsigned p = 0; p < nseats; p++)
		for (unsigned r = 0; r < CAT_RES; r++)
			if (hand[p][r] > wh->most[p][r])
				wh->most[p][r] = hand[p][r];
	for (unsigned p = 0; p < nseats; p++) {
		unsigned size = cat_bundle_total(hand[p]);
		if (size < wh->size_least[p])
			wh->size_least[p] = (uint8_t)size;
		if (size > wh->size_most[p])
			wh->size_most[p] = (uint8_t)size;
	}
	for (unsigned r = 0; r < CAT_RES; r++) {
		if (bank[r] < wh->bank_least[r])
			wh->bank_least[r] = bank[r];
		if (bank[r] > wh->bank_most[r])
			wh->bank_most[r] = bank[r];
	}
	if (!a)
		return;
	if (a->kind == A_MONOPOLY && a->a < CAT_RES) {
		for (unsigned p = 0; p < nseats; p++)
			if (hand[p][a->a] == a->give[p])
				wh->met |= 1u << p;
	} else if (a->kind == A_TRADE && seat < nseats && a->a < nseats) {
		bool give = true, get = true;
		for (unsigned r = 0; r < CAT_RES; r++) {
			give &= hand[seat][r] >= a->give[r];
			get &= hand[a->a][r] >= a->get[r];
		}
		wh->met |= (unsigned)give << seat | (unsigned)get << a->a;
	}
}

/* Nothing noted yet; or, with `every`, words that hold of any ways: a
 * refusal known to hold in every way but not how each way went says "no
 * way ... all of ... at once". */
static void ways_start(ways_held *wh, bool every)
{
	memset(wh->most, every ? 0xff : 0, sizeof wh->most);
	memset(wh->bank_most, every ? 0xff : 0, CAT_RES);
	memset(wh->bank_least, every ? 0 : 0xff, CAT_RES);
	wh->got_differs = every;
	/* sizes unknown with `every`: none said (least above most) */
	memset(wh->size_least, 0xff, CAT_SEATS);
	memset(wh->size_most, 0, CAT_SEATS);
	wh->met = every ? ~0u : 0;
	wh->n = 0;
}

/* A domestic trade (a, made by `seat`) refused in every way, each in
 * the words of one: the refusal is about the maker when no way leaves
 * them the cards they give, else the partner when none leaves them
 * theirs (*sh made so); false when each is short only in ways where the
 * other holds theirs: then no way leaves both at once, and rej says so. */
static bool trade_short(const cat_game *g, arb_reject *rej, const cat_act *a, unsigned seat,
			unsigned met, cat_shortage *sh)
{
	unsigned partner = a->a;
	char give[48], get[48]; /* "19brick+19lumber+19wool+19grain+19ore" at most */
	cat_bundle_str(a->give, give, sizeof give);
	cat_bundle_str(a->get, get, sizeof get);
	const char *maker = cat_cname(g, seat), *other = cat_cname(g, partner);
	if (!(met >> seat & 1) || !(met >> partner & 1)) {
		bool mine = !(met >> seat & 1);
		sh->seat = (uint8_t)(mine ? seat : partner);
		memcpy(sh->need, mine ? a->give : a->get, CAT_RES);
		snprintf(sh->what, sizeof sh->what, "gives %s to %s", mine ? give : get,
			 mine ? other : maker);
		return true;
	}
	snprintf(rej->msg, sizeof rej->msg,
		 "%s gives %s to %s for %s, but no way the unseen cards could have gone "
		 "leaves %s with %s and %s with %s at once",
		 maker, give, other, get, maker, give, other, get);
	return false;
}

/* The seats of `mask` as "Blue", "Blue or White", "Red, Blue or White"
 * ("a player" for none). */
static void seats_or(const cat_game *g, unsigned mask, char *out, size_t n)
{
	size_t len = 0;
	snprintf(out, n, "a player");
	for (unsigned p = 0; p < g->nseats && len < n; p++) {
		if (!(mask >> p & 1))
			continue;
		mask &= ~(1u << p);
		const char *sep = !len ? "" : mask >> p ? ", " : " or ";
		int w = snprintf(out + len, n - len, "%s%s", sep, cat_cname(g, p));
		len = w < 0 ? n : len + (size_t)w;
	}
}

/* The seats one of which a discard-missing or steal-required refusal of
 * `a` (NULL: the line's end) is about in each way, when that is not the
 * same seat in all (then its words name them all): those that hold more
 * than 7 cards in some way and have not discarded in the line before `a`;
 * or those at the robber's hex, but its mover, that hold cards in some
 * way. */
static unsigned seats_concerned(const cat_game *g, const cat_act *a, bool steal,
				const ways_held *wh)
{
	const cat_move *m = g->hid->line;
	unsigned mask = 0;
	if (!m)
		return 0;
	if (steal && (!a || a->a >= CAT_HEXES))
		return 0;
	unsigned there = steal ? cat_hex_owners(g, &g->s, a->a) & ~(1u << m->seat) : ~0u;
	for (unsigned p = 0; p < g->nseats; p++)
		if ((there >> p & 1) && wh->size_most[p] > (steal ? 0 : 7))
			mask |= 1u << p;
	if (steal)
		return mask;
	for (const cat_act *d = m->act; d < m->act + m->n && d != a; d++)
		if (d->kind == A_DISCARD && d->a < CAT_SEATS)
			mask &= ~(1u << d->a);
	return mask;
}

/* A refusal about a hand's size (rej: in the words of one way, about
 * `seat`, a the action refused or NULL: the line's end; its first `said`
 * bytes true of every way, cat_note_said) where the sizes differ between
 * ways (after a monopoly whose take from each the record does not say):
 * said with the least and the most the seat holds, or, when the seat is
 * not the one concerned in every way, of every way, naming the players
 * one of whom is (seats_concerned).  False when the sizes do not differ,
 * or the rule is not one of these. */
static bool sizes_differ(const cat_game *g, arb_reject *rej, const cat_act *a, unsigned seat,
			 size_t said, const ways_held *wh)
{
	unsigned lo = wh->size_least[seat], hi = wh->size_most[seat];
	if (lo >= hi)
		return false;
	const char *who = cat_cname(g, seat), *rule = rej->rule;
	char held[96], them[64];
	snprintf(held, sizeof held, "%s holds %u to %u cards, however the unseen cards went", who,
		 lo, hi);
	if (rule == cat_rules[CAT_R_DISCARD_COUNT].id && a && a->kind == A_DISCARD) {
		snprintf(rej->msg, sizeof rej->msg,
			 "%s, and must discard half of them (rounded down), not %u", held,
			 cat_bundle_total(a->give) + a->b);
	} else if (rule == cat_rules[CAT_R_DISCARD_UNNEEDED].id) {
		snprintf(rej->msg, sizeof rej->msg,
			 "%s, and keeps them (only a hand of more than 7 is halved)", held);
	} else if (rule == cat_rules[CAT_R_DISCARD_MISSING].id) {
		const char *when = a ? "before the robber moves" : "after the 7";
		seats_or(g, seats_concerned(g, a, false, wh), them, sizeof them);
		if (lo > 7)
			snprintf(rej->msg, sizeof rej->msg,
				 "%s, and must discard half of them (rounded down) %s", held, when);
		else
			snprintf(rej->msg, sizeof rej->msg,
				 "every way the unseen cards could have gone leaves %s with "
				 "more than 7 cards, and whoever holds them must discard half "
				 "of them (rounded down) %s",
				 them, when);
	} else if (rule == cat_rules[CAT_R_STEAL_REQUIRED].id) {
		size_t at = said; /* "Red must steal a card at E" */
		if (!at || at >= strlen(rej->msg))
			return false;
		seats_or(g, seats_concerned(g, a, true, wh), them, sizeof them);
		if (lo > 0)
			snprintf(rej->msg + at, sizeof rej->msg - at, ": %s", held);
		else
			snprintf(rej->msg + at, sizeof rej->msg - at,
				 ": every way the unseen cards could have gone leaves %s there "
				 "with cards",
				 them);
	} else {
		return false;
	}
	return true;
}

/* The bank short of `get` in every way the unseen cards could have
 * gone, each in the words of one, which need not hold of the others (the
 * cards discarded unseen went to the bank): said of a resource the bank
 * is short of in every way, with the most it holds of it ("the bank has
 * at most 1 ore"), or, when it is short of each only in some ways, that
 * no way leaves it all at once (then false, rej said). */
static bool bank_short(arb_reject *rej, const uint8_t get[CAT_RES], const ways_held *wh)
{
	for (unsigned r = 0; r < CAT_RES; r++)
		if (get[r] > wh->bank_most[r]) {
			if (!wh->bank_most[r])
				snprintf(rej->msg, sizeof rej->msg, "the bank has no %s",
					 cat_res_name[r]);
			else
				snprintf(rej->msg, sizeof rej->msg, "the bank has %s %u %s",
					 wh->bank_least[r] == wh->bank_most[r] ? "only" : "at most",
					 wh->bank_most[r], cat_res_name[r]);
			return true;
		}
	char b[48];
	cat_bundle_str(get, b, sizeof b);
	snprintf(rej->msg, sizeof rej->msg,
		 "no way the unseen cards could have gone leaves the bank with all of %s at "
		 "once",
		 b);
	return false;
}

/* A monopoly's wrong take (a: the monopoly, of `seat`, with each
 * opponent's take stated), said of every way the unseen cards could have
 * gone: met[] has bit p when some way left opponent p with what the line
 * says it took.  One way's refusal names the first opponent whose count
 * is wrong in that way, who may hold the count in another; so the words
 * name an opponent no way left with it, or, when each holds its count in
 * some way but no way has them all at once, say that.  Returns -1. */
static int explain_take(const cat_game *g, arb_reject *rej, const cat_act *a, unsigned seat,
			unsigned met, const unseen_tally *u)
{
	const char *who = cat_cname(g, seat), *res = cat_res_name[a->a];
	char cards[160];
	for (unsigned p = 0; p < g->nseats; p++) {
		if (p == seat || met >> p & 1)
			continue;
		const char *from = cat_cname(g, p);
		unseen_words(g, u, p, cards, sizeof cards);
		int w = snprintf(rej->msg, sizeof rej->msg,
				 "%s's monopoly takes %u %s from %s, but no way %s could have "
				 "gone leaves %s with exactly %u %s",
				 who, a->give[p], res, from, cards, from, a->give[p], res);
		if (w < 0 || (size_t)w >= sizeof rej->msg) /* never cut: the generic words */
			snprintf(rej->msg, sizeof rej->msg,
				 "%s's monopoly takes %u %s from %s, but no way the unseen "
				 "cards could have gone leaves %s with exactly %u %s",
				 who, a->give[p], res, from, from, a->give[p], res);
		return -1;
	}
	/* "1 ore from Blue, 2 from White and 0 from Orange" */
	char takes[128];
	size_t len = 0;
	unsigned n = 0, of = g->nseats - 1;
	for (unsigned p = 0; p < g->nseats && len < sizeof takes; p++) {
		if (p == seat)
			continue;
		n++;
		int w = snprintf(takes + len, sizeof takes - len, "%s%u%s%s from %s",
				 n == 1	   ? ""
				 : n == of ? " and "
					   : ", ",
				 a->give[p], n == 1 ? " " : "", n == 1 ? res : "", cat_cname(g, p));
		len = w < 0 ? sizeof takes : len + (size_t)w;
	}
	if (len >= sizeof takes)
		snprintf(takes, sizeof takes, "the %s the line says", res);
	snprintf(rej->msg, sizeof rej->msg,
		 "%s's monopoly takes %s, but no way the unseen cards could have gone "
		 "leaves %s's opponents with all of that at once",
		 who, takes, who);
	return -1;
}

/* What the hands of world i of `set` hold together, as a hand word. */
static uint64_t held_by_all(const cat_game *g, const wset *set, unsigned i)
{
	const cat_hidden *h = g->hid;
	uint64_t held = 0; /* no carry: at most the bank's size a byte */
	for (unsigned p = 0; p < g->nseats; p++)
		held += h->hands[p].word[set->w[i].hand[p]];
	return held;
}

/* A refusal by one rule in some ways the unseen cards could have gone,
 * and by another in others (`first`, `other`: one of each): neither's
 * words hold of every way, so both are said, each of some (by the rule
 * of `first`); when they do not fit, the other by its rule's name, and
 * failing that, first's words alone.  Returns -1. */
static int mixed_msg(arb_reject *rej, const arb_reject *first, const arb_reject *other)
{
	static const char *const forms[] = {
		"no way the unseen cards could have gone allows this: in some, %s; in the "
		"others, %s",
		"no way the unseen cards could have gone allows this: in some, %s; in the "
		"others, the rule %s refuses it",
	};
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		int w = snprintf(rej->msg, sizeof rej->msg, forms[i], first->msg,
				 i ? other->rule : other->msg);
		if (w >= 0 && (size_t)w < sizeof rej->msg)
			return -1;
	}
	snprintf(rej->msg, sizeof rej->msg, "%s", first->msg);
	return -1;
}

/* The message of a refusal that holds in every way the unseen cards
 * could have gone: `first` is the refusal in one of them, `sh` what it
 * lacked there, wh what the ways held, `several` that there was more
 * than one, `a` the action refused (NULL: the line's end), made by
 * `seat`, and u the unseen cards before it, named for the player the
 * refusal is about.  Returns -1. */
static int explain_msg(const cat_game *g, arb_reject *rej, const arb_reject *first,
		       const cat_shortage *first_sh, const arb_reject *other, const ways_held *wh,
		       bool several, const cat_act *a, unsigned seat, const unseen_tally *u)
{
	*rej = *first;
	if (other)
		return mixed_msg(rej, first, other);
	const char *rule = first->rule;
	char cards[160];
	if (rule == cat_rules[CAT_R_MONOPOLY_TAKE].id && a && a->kind == A_MONOPOLY &&
	    a->b == MONO_TAKE_EACH && seat < g->nseats)
		return explain_take(g, rej, a, seat, wh->met, u);
	cat_shortage trade_sh = *first_sh;
	const cat_shortage *sh = first_sh;
	if (rule == cat_rules[CAT_R_TRADE_NOT_HELD].id && a && a->kind == A_TRADE &&
	    seat < g->nseats && a->a < g->nseats) {
		if (!trade_short(g, rej, a, seat, wh->met, &trade_sh))
			return -1;
		sh = &trade_sh;
	}
	bool shortage = rule == cat_rules[CAT_R_CANNOT_AFFORD].id ||
			rule == cat_rules[CAT_R_TRADE_NOT_HELD].id ||
			rule == cat_rules[CAT_R_DISCARD_NOT_HELD].id;
	if (shortage && sh->seat < g->nseats) {
		const char *who = cat_cname(g, sh->seat);
		const uint8_t *most = wh->most[sh->seat];
		unseen_words(g, u, sh->seat, cards, sizeof cards);
		/* the resource no way leaves enough of, if one */
		unsigned r = 0;
		while (r < CAT_RES && sh->need[r] <= most[r])
			r++;
		char held[24], b[64];
		if (r < CAT_RES && most[r])
			snprintf(held, sizeof held, "at most %u", most[r]);
		else if (r < CAT_RES)
			snprintf(held, sizeof held, "no");
		cat_bundle_str(sh->need, b, sizeof b);
		for (int tries = 0; tries < 2; tries++) {
			int w = r < CAT_RES
					? snprintf(rej->msg, sizeof rej->msg,
						   "%s %s, but every way %s could have gone "
						   "leaves %s with %s %s",
						   who, sh->what, cards, who, held, cat_res_name[r])
					: snprintf(rej->msg, sizeof rej->msg,
						   "%s %s, but no way %s could have gone "
						   "leaves %s with all of %s at once",
						   who, sh->what, cards, who, b);
			if (w >= 0 && (size_t)w < sizeof rej->msg)
				break;
			/* never cut: said again with the generic words, or in
			 * the rule's own of one way */
			unseen_words(g, u, CAT_NONE, cards, sizeof cards);
			*rej = *first;
		}
		return -1;
	}
	/* Other refusals that depend on which cards the hands hold: said to
	 * hold in every way; the rest (the board, the cards played, the hand
	 * sizes, which every view sees) hold in all alike.  A steal's is
	 * about its victim's hand. */
	static const enum cat_rule by_hands[] = {
		CAT_R_STEAL_CARD,
		CAT_R_BANK_EMPTY,
		CAT_R_ASSERT_PRODUCTION,
	};
	bool hands = false;
	for (size_t i = 0; i < sizeof by_hands / sizeof *by_hands; i++)
		hands |= rule == cat_rules[by_hands[i]].id;
	if (several && sh->seat < g->nseats && sizes_differ(g, rej, a, sh->seat, sh->said, wh))
		return -1;
	if (hands && several && rule == cat_rules[CAT_R_BANK_EMPTY].id && a &&
	    (a->kind == A_PLENTY || a->kind == A_BANK) && !bank_short(rej, a->get, wh))
		return -1;
	/* a production stated that the ways give differently (a bank short of
	 * what the roll owes in some): said of them all */
	size_t said = sh->said; /* "the record says White gets 2ore from the roll of 8" */
	if (hands && several && rule == cat_rules[CAT_R_ASSERT_PRODUCTION].id && a &&
	    a->kind == A_GETS && a->a < g->nseats && wh->got_differs && said &&
	    said < strlen(rej->msg)) {
		snprintf(rej->msg + said, sizeof rej->msg - said,
			 ", but no way the unseen cards could have gone gives %s that",
			 cat_cname(g, a->a));
		return -1;
	}
	if (hands && several) {
		bool steal = rule == cat_rules[CAT_R_STEAL_CARD].id && a &&
			     (a->kind == A_ROBBER || a->kind == A_KNIGHT);
		unseen_words(g, u, steal ? a->b : CAT_NONE, cards, sizeof cards);
		size_t n = strlen(rej->msg);
		for (int tries = 0; tries < 2; tries++) {
			int w = snprintf(rej->msg + n, sizeof rej->msg - n, ", however %s went",
					 cards);
			if (w >= 0 && (size_t)w < sizeof rej->msg - n)
				break;
			/* never cut: said again with the generic words, or not */
			unseen_words(g, u, CAT_NONE, cards, sizeof cards);
			rej->msg[n] = 0;
		}
	}
	return -1;
}

/* Set the message of a refusal of action `a` of the line (NULL: its
 * end) in every world of `in`.  Returns -1. */
static int explain(pass *P, const cat_act *a, const wset *in)
{
	const cat_game *g = P->t->g;
	ways_held wh;
	ways_start(&wh, false);
	for (unsigned i = 0; i < in->n; i++) {
		const uint8_t *hand[CAT_SEATS];
		for (unsigned p = 0; p < CAT_SEATS; p++)
			hand[p] = hand_res(P->h, p, in->w[i].hand[p]);
		uint64_t held = held_by_all(g, in, i);
		uint8_t bank[CAT_RES]; /* what the hands leave */
		for (unsigned r = 0; r < CAT_RES; r++)
			bank[r] = (uint8_t)(cat_bank_size(g) - (uint8_t)(held >> (8 * r)));
		uint8_t got[CAT_SEATS][CAT_RES];
		memcpy(got, tail_of(P->h, &in->w[i]) + TAIL_GOT, sizeof got);
		ways_note(&wh, g->nseats, P->t->seat, a, hand, bank,
			  (const uint8_t(*)[CAT_RES])got);
	}
	unseen_tally u = tally_at(g, P->t->m, a);
	return explain_msg(g, P->rej, &P->first, &P->first_short, P->have_other ? &P->other : NULL,
			   &wh, in->n > 1 || (a && cat_is_unseen(a)), a, P->t->seat, &u);
}

/* Hands as words of bytes (hand_word), for the byte-parallel sums and
 * comparisons below. */
#define HIGH_BITS 0x8080808080808080ull

/* x + d in each byte, modulo 256, no carry between bytes. */
static inline uint64_t add_bytes(uint64_t x, uint64_t d)
{
	return ((x & ~HIGH_BITS) + (d & ~HIGH_BITS)) ^ ((x ^ d) & HIGH_BITS);
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

/* Recompute the set's flags (struct cat_hidden): whether every world
 * agrees on the hand sizes and the turn's bookkeeping, and the bank's
 * bounds.  After a pass that played the action world by world. */
static void set_flags(cat_hidden *h, const cat_game *g, const wset *set)
{
	h->now.same_books = true;
	uint64_t lo = ~0ull & ~HIGH_BITS, hi = 0; /* bytes below 128 */
	const wid *w0 = &set->w[0];
	const uint8_t *books0 = tail_of(h, w0) + BOOKS_AT;
	uint32_t tail0 = w0->tail;
	bool same_sizes = true;
	for (unsigned i = 0; i < set->n; i++) {
		const wid *w = &set->w[i];
		uint64_t sum = 0; /* of each resource: at most the bank's size, no carry */
		for (unsigned p = 0; p < g->nseats; p++) {
			const hand_table *ht = &h->hands[p];
			sum += ht->word[w->hand[p]];
			same_sizes &= ht->total[w->hand[p]] == ht->total[w0->hand[p]];
		}
		if (w->tail != tail0 && h->now.same_books)
			h->now.same_books = memcmp(tail_of(h, w) + BOOKS_AT, books0, BOOKS) == 0;
		lo = bytes_min(lo, sum);
		hi = bytes_max(hi, sum);
	}
	h->now.same_sizes = same_sizes;
	for (unsigned r = 0; r < CAT_RES; r++) { /* the bank: what the hands leave */
		h->now.bank_lo[r] = (uint8_t)(cat_bank_size(g) - (uint8_t)(hi >> (8 * r)));
		h->now.bank_hi[r] = (uint8_t)(cat_bank_size(g) - (uint8_t)(lo >> (8 * r)));
	}
}

/* The bank's stock of r is the same in every world, or at least `need`
 * in every one: what an action takes from it does not depend on how the
 * unseen cards went. */
static bool bank_settled(const cat_hidden *h, unsigned r, unsigned need)
{
	return h->now.bank_lo[r] == h->now.bank_hi[r] || h->now.bank_lo[r] >= need;
}

/* The cards a roll of `roll` produces of each resource: the buildings
 * on its hexes but the robber's, cities counting 2; and, when `seats` is
 * not NULL, the seats they go to (by bit) of each resource.  The board
 * says it, the same in every world. */
static void produced(const cat_game *g, unsigned roll, unsigned out[CAT_RES],
		     unsigned seats[CAT_RES])
{
	uint8_t owed[CAT_SEATS][CAT_RES];
	unsigned touched = cat_roll_owed(g, &g->s, roll, g->s.robber, owed, out);
	if (!seats)
		return;
	memset(seats, 0, CAT_RES * sizeof *seats);
	for (unsigned m = touched; m; m &= m - 1) {
		unsigned r = (unsigned)__builtin_ctz(m);
		for (unsigned p = 0; p < CAT_SEATS; p++)
			if (owed[p][r])
				seats[r] |= 1u << p;
	}
}

/* The price of a road, settlement, city or development card a. */
static const uint8_t *price_of(const cat_game *g, const cat_act *a)
{
	return g->d->cost[a->kind == A_ROAD	? C_ROAD
			  : a->kind == A_SETTLE ? C_SETTLEMENT
			  : a->kind == A_CITY	? C_CITY
						: C_DEV];
}

/* What a seen action (or, a NULL one, the line's end) asks of the
 * hands: need[p], the cards seat p must hold for it, when that is the
 * only way it reads them, so that it changes every world in which seat
 * p holds need[p] alike.  False when it reads the hands otherwise in a
 * way the worlds may answer differently (a hand's size, the bank, a
 * monopoly's take): then it is played world by world. */

/* Every world of `in` owes and has made the same discards: the turn's
 * bookkeeping differs at most in what each seat got (a production the
 * bank fell short of differently). */
static bool same_discards(const cat_hidden *h, const wset *in)
{
	enum { DISCARDS = 2 * CAT_SEATS }; /* must_discard[], discarded[] */
	static_assert(offsetof(cat_world, discarded) ==
			      offsetof(cat_world, must_discard) + CAT_SEATS,
		      "the discards first in the bookkeeping");
	const uint8_t *d0 = tail_of(h, &in->w[0]) + BOOKS_AT;
	uint32_t last = in->w[0].tail;
	for (unsigned i = 1; i < in->n; i++) {
		if (in->w[i].tail == last)
			continue;
		last = in->w[i].tail;
		if (memcmp(tail_of(h, &in->w[i]) + BOOKS_AT, d0, DISCARDS))
			return false;
	}
	return true;
}

static bool separable(const cat_turn *t, const cat_act *a, const wset *in,
		      uint8_t need[CAT_SEATS][CAT_RES], unsigned *exact)
{
	const cat_game *g = t->g;
	const cat_hidden *h = g->hid;
	memset(need, 0, CAT_SEATS * CAT_RES);
	*exact = CAT_RES;
	if (!a) /* the end reads the discards owed, and clears the rest */
		return h->now.same_books || same_discards(h, in);
	switch (a->kind) {
	case A_ROLL: {
		unsigned roll = a->a + a->b;
		if (roll == 7) /* the discards owed: half of each hand */
			return h->now.same_sizes && h->now.same_books;
		if (roll < 2 || roll > 12)
			return true;
		unsigned made[CAT_RES];
		produced(g, roll, made, NULL);
		for (unsigned r = 0; r < CAT_RES; r++)
			if (made[r] && !bank_settled(h, r, made[r]))
				return false;
		return true;
	}
	case A_DISCARD:
		if (a->b || !h->now.same_books)
			return false;
		memcpy(need[a->a], a->give, CAT_RES);
		return true;
	case A_ROBBER:
	case A_KNIGHT:
		if (a->kind == A_ROBBER && !h->now.same_books)
			return false; /* the discards owed before it */
		if (a->b != CAT_NONE) {
			if (a->c >= CAT_RES || a->b >= g->nseats)
				return false;
			need[a->b][a->c] = 1;
			return true;
		}
		return h->now.same_sizes; /* nobody there holds a card? */
	case A_TRADE:
		for (unsigned r = 0; r < CAT_RES; r++) {
			need[t->seat][r] = (uint8_t)(need[t->seat][r] + a->give[r]);
			need[a->a][r] = (uint8_t)(need[a->a][r] + a->get[r]);
		}
		return true;
	case A_BANK:
		for (unsigned r = 0; r < CAT_RES; r++)
			if (a->get[r] && !bank_settled(h, r, a->get[r]))
				return false;
		memcpy(need[t->seat], a->give, CAT_RES);
		return true;
	case A_PLENTY:
		for (unsigned r = 0; r < CAT_RES; r++)
			if (a->get[r] && !bank_settled(h, r, a->get[r]))
				return false;
		return true;
	case A_ROAD:
	case A_SETTLE:
	case A_CITY:
	case A_BUY:
		memcpy(need[t->seat], price_of(g, a), CAT_RES);
		return true;
	case A_MONOPOLY: /* the take: stated, or the same in every world? */
		if (a->a >= CAT_RES)
			return false;
		if (a->b == MONO_TAKE_EACH) { /* the worlds where each holds it */
			for (unsigned p = 0; p < g->nseats; p++)
				if (p != t->seat)
					need[p][a->a] = a->give[p];
			*exact = a->a;
			return true;
		}
		for (unsigned i = 1; i < in->n; i++)
			for (unsigned p = 0; p < g->nseats; p++)
				if (hand_res(h, p, in->w[i].hand[p])[a->a] !=
				    hand_res(h, p, in->w[0].hand[p])[a->a])
					return false;
		return true;
	case A_GETS:
		return h->now.same_books;
	default: /* the roads of road building, reveal, assertions */
		return true;
	}
}

/* The needs of bytes laid out as res[][] (lo), with no exact take. */
static void needs_of(needs *nd, const uint8_t lo[CAT_SEATS * CAT_RES])
{
	memset(nd, 0, sizeof *nd);
	nd->exact = CAT_RES;
	for (unsigned p = 0; p < CAT_SEATS; p++)
		nd->at_least[p] = hand_word(lo + p * CAT_RES);
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

static uint32_t carried_anew(cat_hidden *h, unsigned p, uint32_t id, uint64_t lo, uint64_t d);

/* World i of the set `committed` is one of the record's: it holds what
 * the pending actions kept need (kept_need). */
static bool kept_alive(const cat_hidden *h, unsigned i)
{
	return !h->kept.pend || holds(h, &h->set[h->committed].w[i], &h->kept_need);
}

/* Whether a line may end with its pending actions not yet made, and the
 * next line go on adding to them: a run of lines that only build, buy
 * and produce then costs no pass over the worlds.  The worlds they drop
 * stay listed (kept_alive tells them), so the line's end looks only for
 * whether there is a second world they keep after the first (which
 * fast_act found): with one, all is known again, and the actions are
 * made now.  Leaves kept_need what they need. */
static bool keep_pending(cat_hidden *h)
{
	if (!h->now.pend)
		return false;
	const wset *in = &h->set[h->in];
	needs_of(&h->kept_need, h->now.pend_lo);
	for (unsigned i = h->now.first + 1; i < in->n; i++)
		if (holds(h, &in->w[i], &h->kept_need))
			return true;
	return false;
}

/* Hand `id` of seat p with the change d made when it holds lo (hand
 * words), or NO_ID; each hand worked out once a pass (hand_marks). */
static inline uint32_t carried(cat_hidden *h, unsigned p, uint32_t id, uint64_t lo, uint64_t d)
{
	const hand_table *ht = &h->hands[p];
	if (ht->stamp[id] == ht->gen)
		return ht->to[id];
	return carried_anew(h, p, id, lo, d);
}

/* carried() the first time the pass meets hand `id`: out of line, so
 * that the loops over the worlds keep only the lookup. */
static uint32_t __attribute__((noinline))
carried_anew(cat_hidden *h, unsigned p, uint32_t id, uint64_t lo, uint64_t d)
{
	hand_table *ht = &h->hands[p];
	uint64_t w = ht->word[id];
	uint32_t to = bytes_at_least(w, lo) ? hand_id(ht, add_bytes(w, d)) : NO_ID;
	ht->stamp[id] = ht->gen; /* after hand_id, which may move the arrays */
	ht->to[id] = to;
	return to;
}

/* The change to the hands a pass makes as it goes (carried): the seats
 * whose hands change or are bound, with each one's bound and change as
 * hand words. */
typedef struct hand_change {
	unsigned n, seat[CAT_SEATS];
	uint64_t lo[CAT_SEATS], d[CAT_SEATS];
} hand_change;

/* The change of lo[] and d[] (bytes laid out as res[][]), its seats'
 * marks made fresh for a pass. */
static void change_start(cat_hidden *h, hand_change *c, const uint8_t lo[CAT_SEATS * CAT_RES],
			 const uint8_t d[CAT_SEATS * CAT_RES])
{
	c->n = 0;
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		c->lo[c->n] = hand_word(lo + p * CAT_RES);
		c->d[c->n] = hand_word(d + p * CAT_RES);
		if (!(c->lo[c->n] | c->d[c->n]))
			continue;
		c->seat[c->n++] = p;
		hand_marks(&h->hands[p]);
	}
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
 * flush()'s pass before it), and the first world it need look at. */
static unsigned pending_start(cat_hidden *h, hand_change *c)
{
	c->n = 0;
	if (!h->now.pend)
		return 0;
	change_start(h, c, h->now.pend_lo, h->now.pend_d);
	return h->now.first;
}

/* The change carry() makes to the tails: the game's state of nw, and its
 * bookkeeping too with `books`; the last tail worked out, kept. */
typedef struct tail_change {
	const cat_world *nw;
	bool books;
	uint32_t from, to;
} tail_change;

/* Tail `tail` as the change c makes it. */
static inline uint32_t carried_tail(cat_hidden *h, tail_change *c, uint32_t tail)
{
	if (tail == c->from)
		return c->to;
	uint8_t b[TAIL_SIZE];
	memcpy(b, h->tails.bytes[tail], TAIL_SIZE);
	memcpy(b, (const uint8_t *)c->nw + TAIL_AT, c->books ? TAIL_SIZE : BOOKS_AT);
	c->from = tail;
	c->to = tail_id(&h->tails, b);
	return c->to;
}

/* The worlds of `in` from `first` that hold nd (when not NULL) and lo[],
 * each with the change d[] made to its hands (lo, d: bytes laid out as
 * res[][]) and its tail changed as `tc` says, into `out`.  Each hand's
 * change is worked out once (carried), the first time a world holds it.
 * Made a seat at a time over the worlds copied (a column of ids: a
 * lookup a world), and the worlds that lost a hand dropped after. */
static void carry(cat_hidden *h, const wset *in, unsigned first, wset *out, const needs *nd,
		  const uint8_t lo[CAT_SEATS * CAT_RES], const uint8_t d[CAT_SEATS * CAT_RES],
		  tail_change *tc)
{
	hand_change c;
	change_start(h, &c, lo, d);
	const unsigned nmoved = c.n, *moved = c.seat;
	const uint64_t *lw = c.lo, *dw = c.d;
	tc->from = NO_ID;
	reserve(out, in->n);
	wid *o = out->w;
	unsigned n = 0;
	const wid *from = in->w + first; /* the worlds the first column reads */
	if (nd) {
		for (unsigned i = first; i < in->n; i++)
			if (holds(h, &in->w[i], nd))
				o[n++] = in->w[i];
		from = o;
	} else {
		n = in->n - first;
	}
	/* the first seat's column and the tails, as the worlds are copied
	 * (a loop, not memcpy: valgrind counts rep movsb a byte a step) */
	unsigned p0 = nmoved ? moved[0] : 0;
	uint32_t dropped = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t xw[3]; /* (in words: wid_words_set) */
		wid_words(&from[i], xw);
		if (nmoved) {
			uint32_t id = carried(h, p0, from[i].hand[p0], lw[0], dw[0]);
			dropped |= id == NO_ID;
			wid_words_set(xw, p0, id);
		}
		wid_words_set(xw, WID_TAIL, carried_tail(h, tc, from[i].tail));
		memcpy(&o[i], xw, sizeof xw);
	}
	for (unsigned k = 1; k < nmoved; k++) {
		unsigned p = moved[k];
		for (unsigned i = 0; i < n; i++) {
			uint32_t id = carried(h, p, o[i].hand[p], lw[k], dw[k]);
			dropped |= id == NO_ID;
			o[i].hand[p] = id;
		}
	}
	unsigned kept = n;
	if (dropped) {
		kept = 0;
		for (unsigned i = 0; i < n; i++) {
			bool lost = false;
			for (unsigned k = 0; k < nmoved; k++)
				lost |= o[i].hand[moved[k]] == NO_ID;
			if (!lost)
				o[kept++] = o[i];
		}
	}
	out->n = kept;
}

/* Make the pending actions in the set `in` (one pass over it). */
static void flush(cat_hidden *h)
{
	if (!h->now.pend)
		return;
	h->now.pend = false;
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	tail_change tc = { .nw = &h->now.pend_nw, .books = h->now.pend_books };
	carry(h, &h->set[h->in], 0, out, NULL, h->now.pend_lo, h->now.pend_d, &tc);
	assert(out->n > 0);
	h->in = o;
	if (h->now.pend_books) /* every world has the bookkeeping of pend_nw */
		h->now.same_books = true;
}

/* A separable action (see separable) played once, on the first world
 * that holds what it needs, and then carried to every such world as the
 * change it made to the hands: a few lookups a world instead of the rules
 * once a world, and those made once for all the separable actions in a
 * row (pending until flush()).  False (nothing changed) when no world
 * holds what it needs or the rules refuse it there: then the caller plays
 * it world by world, which finds the refusal and says it over all. */
static bool fast_act(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	if (a && a->kind == A_MONOPOLY) /* its take reads the worlds */
		flush(h);
	const wset *in = &h->set[h->in];
	uint8_t need[CAT_SEATS][CAT_RES];
	unsigned exact;
	if (!separable(t, a, in, need, &exact))
		return false;
	/* what the worlds must hold before the pending actions: at least
	 * the pending bound, and this action's need less what they add */
	uint8_t lo[24] = { 0 };
	if (h->now.pend) {
		bool fits = true;
		for (unsigned i = 0; i < CAT_SEATS * CAT_RES; i++) {
			int v = need[i / CAT_RES][i % CAT_RES] - (int8_t)h->now.pend_d[i];
			v = v > h->now.pend_lo[i] ? v : h->now.pend_lo[i];
			fits &= v < 128;
			lo[i] = (uint8_t)v;
		}
		if (!fits) {
			flush(h);
			in = &h->set[h->in];
		}
	}
	if (!h->now.pend)
		memcpy(lo, need, CAT_SEATS * CAT_RES);
	needs nd;
	needs_of(&nd, lo);
	nd.exact = exact;
	nd.skip = t->seat;
	for (unsigned p = 0; exact < CAT_RES && p < CAT_SEATS; p++)
		nd.exact_n[p] = need[p][exact];
	unsigned first = h->now.pend ? h->now.first : 0;
	while (first < in->n && !holds(h, &in->w[first], &nd))
		first++;
	if (first == in->n)
		return false;
	cat_world w0;
	world_expand(h, &in->w[first], &w0);
	if (h->now.pend)
		pend_apply(h->now.pend_d, &h->now.pend_nw, h->now.pend_books, &w0);
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	world_load_x(g, t, &w0);
	int rc = a ? cat_turn_step(t, a) : cat_turn_end(t);
	if (rc < 0) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return false;
	}
	if (!a) {
		memset(t->must_discard, 0, sizeof t->must_discard);
		memset(t->discarded, 0, sizeof t->discarded);
		memset(t->got, 0, sizeof t->got);
	}
	cat_world nw;
	world_store_x(g, t, &nw);
	bool books_moved = memcmp(nw.must_discard, w0.must_discard, BOOKS) != 0;
	/* the end leaves every world with no bookkeeping, whatever it was */
	if (a && books_moved && !h->now.same_books && !(h->now.pend && h->now.pend_books)) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return false;
	}
	uint8_t db[24] = { 0 };
	if (h->now.pend)
		memcpy(db, h->now.pend_d, sizeof db);
	for (unsigned p = 0; p < CAT_SEATS; p++)
		for (unsigned r = 0; r < CAT_RES; r++) {
			int dr = nw.res[p][r] - w0.res[p][r];
			db[p * CAT_RES + r] = (uint8_t)(db[p * CAT_RES + r] + dr);
			/* the bank moved alike in every world */
			h->now.bank_lo[r] = (uint8_t)(h->now.bank_lo[r] - dr);
			h->now.bank_hi[r] = (uint8_t)(h->now.bank_hi[r] - dr);
		}
	if (exact < CAT_RES) { /* made now: the pending bound cannot say it */
		assert(!h->now.pend);
		unsigned o = spare(h);
		wset *out = start_set(h, o);
		uint8_t none[24] = { 0 };
		tail_change tc = { .nw = &nw, .books = books_moved };
		carry(h, in, first, out, &nd, none, db, &tc);
		h->in = o;
		return true;
	}
	h->now.pend_books = (h->now.pend && h->now.pend_books) || books_moved;
	h->now.pend = true;
	h->now.first = first;
	memcpy(h->now.pend_lo, lo, sizeof h->now.pend_lo);
	memcpy(h->now.pend_d, db, sizeof h->now.pend_d);
	h->now.pend_nw = nw;
	return true;
}

/* ---------------------------------------------------------------- lazy
 *
 * When the worlds would pass CAT_MAX_WORLDS, the replay stops listing
 * them and follows one, the witness: a way the unseen cards could have
 * gone that explains the record so far.  Each new line is played on the
 * witness (trying every guess of its own '?'); while that works, a view
 * record costs what a full record does.  When it does not, a depth-first
 * search replays every line since the last listed worlds (`log`), trying
 * every guess of every '?', for any way that explains them all and the
 * new line: found, it is the new witness; none, the line is illegal, with
 * the message said over every way tried (the search is exhaustive, and
 * made again without backjumping, below, for the message's words).
 * A try from which some seat could not give what the lines say it
 * gives, however the unseen cards went, goes no further (bounds).
 * Tries known to lead nowhere are remembered (the memo, keyed on the
 * world, the line and the action, where a line starts and after each
 * guess), so no state is explored twice, also
 * by the searches of the same line that follow (from further back); when
 * the memo is full (LAZY_MEMO states), the worlds are listed again
 * (relist), and past that the record is refused as undecidable
 * (too-many-unknowns): it says so rather than guess. */

#define LAZY_MEMO (1u << 19)
#define LAZY_SLOTS (2u * LAZY_MEMO)
/* The memo's hash table starts small and grows with the states it holds:
 * most lines follow the witness in a few states, and a table of
 * LAZY_SLOTS would be a cache miss (and, new, a page fault) a state. */
#define MEMO_SLOTS_FIRST 4096u

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
#define CS_BITS (64 * CS_WORDS)
#define BANK_BIT CAT_SEATS	    /* it depends on the bank's stock too */
#define ALL_BIT (CAT_SEATS + 1)	    /* every guess (cs_all)               */
#define FIRST_GUESS (CAT_SEATS + 2) /* the bit of the first guess         */

typedef struct cset {
	uint64_t w[CS_WORDS];
} cset;

static inline void cs_all(cset *c)
{
	memset(c->w, 0xff, sizeof c->w);
}

static inline void cs_add(cset *c, unsigned bit)
{
	c->w[bit / 64] |= 1ull << (bit % 64);
}

static inline bool cs_has(const cset *c, unsigned bit)
{
	return c->w[bit / 64] >> (bit % 64) & 1;
}

static inline void cs_or(cset *c, const cset *d)
{
	for (unsigned i = 0; i < CS_WORDS; i++)
		c->w[i] |= d->w[i];
}

/* What the guesses so far make of the hands: the guesses each seat's hand
 * depends on, those the bank's stock depends on (unseen discards, and the
 * listed worlds' when their stocks differ), and how much less of each
 * resource the stock may hold under other guesses (slack: it holds more
 * when a discard guessed otherwise gave it less of r, so at most the r
 * the guesses discarded, the r of the listed world beyond the fewest the
 * listed worlds hold, and what a roll the bank did not cover was owed). */
/* The slack (and tolerance) a byte can say at most: more than the bank
 * holds (CAT_MAX_BANK), so it means "any", and twice it below 128, as
 * the byte-parallel sums need. */
#define SLACK_MOST 60u
static_assert(SLACK_MOST > CAT_MAX_BANK && 2 * SLACK_MOST < 128, "slack fits a byte");

static inline uint64_t slack_most(void)
{
	return 0x0000003c3c3c3c3cull; /* SLACK_MOST in bytes 0..4 */
}

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
	/* how much more slack the rolls since the start of the explore()
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
	bool full; /* the memo overflowed                     */
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

/* The move of line li of the search. */
static const cat_move *line_of(const dfs *D, unsigned li)
{
	return li < D->h->nlog ? &D->h->log[li] : D->cur;
}

/* ------------------------------------------------------------ bounds
 *
 * A bound that spares the search most tries that fail: the most of each
 * resource a seat can hold through the lines ahead, from its hand at some
 * point, counting every unseen card in its favour (a steal it made took
 * any card it needed, one made from it took another, its unseen discards
 * gave up other cards, each roll paid it in full whatever the bank held,
 * a monopoly it played took what its line says, or without end when it
 * does not say, and one played on it took what the line says it took
 * from it).  When a card it must give in
 * those lines (a price, a trade, a card seen stolen or discarded) is
 * beyond that bound, no way from there explains them: the try is put
 * down to the guesses that seat's hand depends on, as when it lacks
 * cards, and goes no further.  Each resource of each seat is bounded
 * apart, so the bound is a least count at each point, made once from the
 * end backwards (need_before) and compared a hand word at a time.
 *
 * In the game that cost most (10:247 of bench-views) eleven listed
 * worlds in which White held no lumber took 35 000 states to fail, and
 * the search from the witness two lines back 13 000 more: White never
 * gets lumber before the line that gives it away.  A bound, so a try it
 * lets through may still fail; it cuts only tries that fail, so the
 * search finds the same way.  Not in the search from the witness's own
 * line (its refusal words a line too costly to search without
 * backjumping), nor in the search for a refusal's words (which says what
 * the latest action reached was); not over set-up lines, whose buildings
 * are free. */
#define NEED_NEVER 0x7fu /* more than any hand holds (bytes_at_least) */

static uint64_t *need_at(const dfs *D, unsigned li, unsigned ai)
{
	return &D->bd.need[((size_t)D->bd.at[li] + ai) * CAT_SEATS];
}

/* The least seat p must hold before action a (`mine`: p's own line)
 * from the least after it; roll: what the line's roll pays p in full. */
static void need_before(const cat_game *g, const cat_act *a, bool mine, unsigned p,
			const uint8_t roll[CAT_RES], const uint8_t after[CAT_RES],
			uint8_t before[CAT_RES])
{
	const uint8_t *give = NULL, *get = NULL;
	uint8_t one[CAT_RES] = { 0 };
	unsigned more = 0; /* an unseen steal's card, of any resource */
	switch (a->kind) {
	case A_ROLL:
		get = roll;
		break;
	case A_DISCARD:
		if (a->a == p)
			give = a->give; /* (the unseen: other cards) */
		break;
	case A_ROBBER:
	case A_KNIGHT:
		if (a->b >= g->nseats || (a->b != p && !mine))
			break;
		if (a->c < CAT_RES) {
			one[a->c] = 1;
			if (a->b == p)
				give = one;
			else
				get = one;
		} else if (mine) {
			more = 1;
		}
		break;
	case A_TRADE:
		if (mine) {
			give = a->give;
			get = a->get;
		} else if (a->a == p) {
			give = a->get;
			get = a->give;
		}
		break;
	case A_BANK:
		if (mine) {
			give = a->give;
			get = a->get;
		}
		break;
	case A_ROAD:
	case A_SETTLE:
	case A_CITY:
	case A_BUY:
		if (mine)
			give = price_of(g, a);
		break;
	case A_PLENTY:
		if (mine)
			get = a->get;
		break;
	default: /* the roads of road building, reveal, assertions */
		break;
	}
	if (!give && !get && !more && a->kind != A_MONOPOLY) { /* p's hand as it was */
		memcpy(before, after, CAT_RES);
		return;
	}
	for (unsigned r = 0; r < CAT_RES; r++) {
		int t = after[r];
		if (a->kind == A_MONOPOLY && a->a == r) { /* it takes all, or all of it */
			/* what it took, when the line says: each opponent held
			 * their take exactly, and the player who played it held
			 * the rest */
			unsigned took = a->b == MONO_TAKE_TOTAL ? a->c : 0;
			for (unsigned q = 0; a->b == MONO_TAKE_EACH && q < CAT_SEATS; q++)
				took += a->give[q]; /* (0 for the player) */
			int held = 0;		    /* before it */
			if (mine && a->b != MONO_TAKE_NONE && t > (int)took)
				held = t >= (int)NEED_NEVER ? t : t - (int)took;
			else if (!mine)
				held = t			? (int)NEED_NEVER
				       : a->b == MONO_TAKE_EACH ? a->give[p]
								: 0;
			before[r] = (uint8_t)held;
			continue;
		}
		if (t < (int)NEED_NEVER) {
			int x = give ? give[r] : 0;
			t += x - (get ? get[r] : 0) - (int)more;
			t = t > x ? t : x;
		}
		before[r] = (uint8_t)(t < (int)NEED_NEVER ? t : (int)NEED_NEVER);
	}
}

/* The least each seat must hold before action a of a line played by
 * `seat` (roll: what its roll pays each seat), from the least after it:
 * need[] (hand words, by seat) is changed from the one to the other. */
static void needs_before(const cat_game *g, const cat_act *a, unsigned seat,
			 const uint8_t roll[CAT_SEATS][CAT_RES], uint64_t need[CAT_SEATS])
{
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		uint8_t after[8], before[8] = { 0 };
		memcpy(after, &need[p], 8);
		need_before(g, a, seat == p, p, roll[p], after, before);
		memcpy(&need[p], before, 8);
	}
}

/* What line m's roll owes each seat (cat_roll_owed; on the robber's hex
 * too when a knight moved it first in the line), from the position s at
 * its start. */
static void roll_pays(const cat_game *g, const cat_move *m, const cat_state *s,
		      uint8_t pays[CAT_SEATS][CAT_RES])
{
	memset(pays, 0, CAT_SEATS * CAT_RES);
	unsigned robber = s->robber, tot[CAT_RES];
	for (unsigned ai = 0; ai < m->n; ai++) {
		const cat_act *a = &m->act[ai];
		unsigned roll = a->a + a->b;
		if (a->kind == A_KNIGHT)
			robber = CAT_NONE;
		if (a->kind == A_ROLL && roll >= 2 && roll <= 12 && roll != 7)
			cat_roll_owed(g, s, roll, robber, pays, tot);
	}
}

static const uint64_t *ahead_end_need(const cat_game *g, const cat_move *m);
static bool ahead_search(cat_game *g, const cat_move *m);

/* The bounds made for the lines from log[lo] on (the search from there
 * needs them): false when they are not to be.  After the line being
 * applied, the lines ahead bound them too, when read (ahead_end_need). */
static bool bounds_from(dfs *D, unsigned lo)
{
	bounds *bd = &D->bd;
	const cat_game *g = D->g;
	const cat_hidden *h = D->h;
	if (bd->made < 0)
		return false;
	unsigned end = h->nlog + 1; /* the lines, that being applied last */
	if (!bd->made) {	    /* room for each line's actions and its end */
		bd->at = arb_xmalloc(end * sizeof *bd->at);
		size_t n = 0;
		for (unsigned li = 0; li < end; li++) {
			bd->at[li] = (unsigned)n;
			n += line_of(D, li)->n + 1u;
		}
		bd->need = arb_xmalloc(n * CAT_SEATS * sizeof *bd->need);
		bd->lo = end;
		bd->made = 1;
	}
	for (unsigned li = bd->lo; li-- > lo;) {
		const cat_state *s = li < h->nlog ? &h->snap[li] : D->cur_start;
		const cat_move *m = line_of(D, li);
		if (s->setup_step < 2 * g->nseats) {
			bd->made = -1;
			free(bd->need);
			free(bd->at);
			bd->need = NULL;
			bd->at = NULL;
			return false;
		}
		uint8_t pays[CAT_SEATS][CAT_RES];
		roll_pays(g, m, s, pays);
		uint64_t *at_end = need_at(D, li, m->n);
		const uint64_t *ahead = li + 1 < end ? NULL : ahead_end_need(D->g, m);
		for (unsigned p = 0; p < CAT_SEATS; p++)
			at_end[p] = li + 1 < end ? need_at(D, li + 1, 0)[p] : ahead ? ahead[p] : 0;
		for (unsigned ai = m->n; ai-- > 0;) {
			uint64_t *need = need_at(D, li, ai);
			memcpy(need, need_at(D, li, ai + 1), CAT_SEATS * sizeof *need);
			needs_before(g, &m->act[ai], m->seat, pays, need);
		}
		bd->lo = li;
	}
	return true;
}

/* Whether the bounds rule out the position at action ai of line li: then
 * *seat is the seat whose hand holds too little. */
static bool ruled_out(const dfs *D, unsigned li, unsigned ai, unsigned *seat)
{
	const uint64_t *need = need_at(D, li, ai);
	for (unsigned p = 0; p < D->g->nseats; p++)
		if (!bytes_at_least(hand_word(D->g->s.p[p].res), need[p])) {
			*seat = p;
			return true;
		}
	return false;
}

/* What the memo keeps of why a state led nowhere: the seats whose hands
 * there made it so (by bit), with the bank's stock (MEMO_BANK: every
 * seat's hand then), or not known (MEMO_ALL). */
#define MEMO_BANK 0x80u
#define MEMO_ALL 0xffu

/* A try met a state the memo knows: its conflict is the guesses the
 * hands it led nowhere for depend on along this try. */
static void memo_conflict(dfs *D, unsigned why)
{
	memset(&D->conf, 0, sizeof D->conf);
	if (why == MEMO_ALL) {
		cs_all(&D->conf);
		return;
	}
	for (unsigned p = 0; p < CAT_SEATS; p++)
		if (why >> p & 1)
			cs_or(&D->conf, &D->dp.seat[p]);
	if (why & MEMO_BANK) {
		cs_or(&D->conf, &D->dp.bank);
		cs_add(&D->conf, BANK_BIT);
	}
}

static void path_push(dfs *D, uint32_t state)
{
	if (D->npath == D->cap_path) {
		D->cap_path = D->cap_path ? 2 * D->cap_path : 256;
		D->path = arb_xrealloc(D->path, D->cap_path * sizeof *D->path);
	}
	D->path[D->npath++] = state;
}

/* The states of the memo from path[from] on led nowhere, as D->conf says:
 * the seats whose hands they led nowhere for, over-counted by the
 * guesses made since (the hands depend on more, never less, as a try goes
 * on).  Whether the bank covered a roll on the way is put down to the
 * guesses only within the slack of the try that met them (deps_after):
 * the memo keeps the most slack they bear (the slack there, and the
 * tolerance of the rolls since, over-counted as the rolls of the whole
 * explore(), and of those after a state of the memo it met: memo_visit),
 * and a try with more is told they depend on the bank. */
static void memo_why(dfs *D, unsigned from)
{
	unsigned why = 0;
	if (cs_has(&D->conf, ALL_BIT)) {
		why = MEMO_ALL;
	} else if (cs_has(&D->conf, BANK_BIT)) {
		why = MEMO_BANK | ((1u << CAT_SEATS) - 1);
	} else {
		for (unsigned p = 0; p < CAT_SEATS; p++)
			for (unsigned k = 0; k < CS_WORDS; k++)
				if (D->dp.seat[p].w[k] & D->conf.w[k])
					why |= 1u << p;
	}
	for (unsigned i = from; i < D->npath; i++) {
		uint32_t k = D->path[i];
		D->h->mwhy[k] = (uint8_t)why;
		D->h->mslack[k] = bytes_min(add_bytes(D->h->mslack[k], D->tol), slack_most());
	}
}

/* The memo's table four times the size (at most LAZY_SLOTS), with the
 * states it holds put in it again. */
static void __attribute__((noinline)) memo_grow(cat_hidden *h)
{
	unsigned k = 4 * h->mnslots < LAZY_SLOTS ? 4 * h->mnslots : LAZY_SLOTS;
	free(h->mtab);
	h->mtab = arb_xcalloc(k, sizeof *h->mtab);
	h->mnslots = k;
	h->mgen = 1;
	for (unsigned m = 0; m < h->mn; m++) {
		unsigned i = (unsigned)world_hash(&h->memo[m]) & (k - 1);
		while (h->mtab[i].stamp == h->mgen)
			i = (i + 1) & (k - 1);
		h->mtab[i] = (hslot){ h->mgen, m };
	}
}

/* A try reached (li, ai) in the world the position holds: false when
 * one already did (it led nowhere) or the memo is full. */
static bool memo_visit(dfs *D, unsigned li, unsigned ai)
{
	cat_hidden *h = D->h;
	cat_world w;
	world_store_x(D->g, &D->t, &w);
	memcpy(w.pad, &li, 4);
	w.pad[4] = (uint8_t)ai;
	if (2 * (h->mn + 1) > h->mnslots && h->mnslots < LAZY_SLOTS)
		memo_grow(h);
	unsigned mask = h->mnslots - 1;
	unsigned i = (unsigned)world_hash(&w) & mask;
	while (h->mtab[i].stamp == h->mgen) {
		if (memcmp(&h->memo[h->mtab[i].at], &w, sizeof w) == 0) {
			unsigned k = h->mtab[i].at, why = h->mwhy[k];
			if (why != MEMO_ALL && !bytes_at_least(h->mslack[k], D->dp.slack))
				why |= MEMO_BANK | ((1u << CAT_SEATS) - 1);
			/* the tries that led here lead nowhere only while the
			 * bank's stock stays within what the state bore: the
			 * rolls after it count for them as if made again */
			D->tol = bytes_min(D->tol, bytes_less(h->mslack[k], D->dp.slack));
			memo_conflict(D, why);
			return false;
		}
		i = (i + 1) & mask;
	}
	if (h->mn == LAZY_MEMO) {
		D->full = true;
		return false;
	}
	h->memo[h->mn] = w;
	h->mwhy[h->mn] = MEMO_ALL;
	h->mslack[h->mn] = D->dp.slack; /* (memo_why adds the tolerance) */
	h->mtab[i] = (hslot){ h->mgen, h->mn++ };
	path_push(D, h->mn - 1);
	return true;
}

/* A try of the line being applied was refused at action ai (m->n: its
 * end) with D->rj: keep the refusal of the latest action reached. */
static void note_refusal(dfs *D, unsigned ai)
{
	cat_game *g = D->g;
	const cat_shortage *sh = &g->shortage;
	if ((int)ai > D->best) {
		D->best = (int)ai;
		D->best_rej = D->rj;
		D->best_short = *sh;
		D->have_other = false;
		ways_start(&D->ways, false);
	} else if ((int)ai == D->best && !D->have_other && D->rj.rule != D->best_rej.rule &&
		   D->rj.msg[0]) {
		D->have_other = true;
		D->other_rej = D->rj;
	}
	const uint8_t *hand[CAT_SEATS];
	for (unsigned p = 0; p < CAT_SEATS; p++)
		hand[p] = g->s.p[p].res;
	ways_note(&D->ways, g->nseats, D->cur->seat, ai < D->cur->n ? &D->cur->act[ai] : NULL, hand,
		  g->s.bank, (const uint8_t(*)[CAT_RES])D->t.got);
}

static bool explore(dfs *D, unsigned li, unsigned ai);

/* Whether a refusal at (li, ai) would be the one the line keeps (later
 * than any so far: note_refusal), or, in the search for a refusal's
 * words, one at the same action that may be by another rule (mixed_msg):
 * only then is its sentence written, as the search refuses many more
 * tries than it keeps. */
static void words_if_kept(dfs *D, unsigned li, unsigned ai)
{
	D->t.quiet = !(li == D->h->nlog &&
		       ((int)ai > D->best || ((int)ai == D->best && !D->cbj && !D->have_other)));
}

/* A try was refused by a rule at action `a`: put down to the hand of the
 * seat that lacked cards, a monopoly's wrong take to the hand of the
 * opponent it is wrong for (a total: to all of theirs), anything else to
 * every guess. */
static void failed_rule(dfs *D, const cat_act *a)
{
	cat_game *g = D->g;
	unsigned seat = g->shortage.seat;
	if (seat < g->nseats) {
		D->conf = D->dp.seat[seat];
	} else if (a->kind == A_MONOPOLY && D->rj.rule == cat_rules[CAT_R_MONOPOLY_TAKE].id) {
		unsigned odd = CAT_NONE; /* the opponent a take from each is wrong for */
		if (a->b == MONO_TAKE_EACH)
			for (unsigned p = 0; p < g->nseats && odd == CAT_NONE; p++)
				if (p != D->t.seat && g->s.p[p].res[a->a] != a->give[p])
					odd = p;
		memset(&D->conf, 0, sizeof D->conf);
		for (unsigned p = 0; p < g->nseats; p++)
			if (p != D->t.seat && (odd == CAT_NONE || p == odd))
				cs_or(&D->conf, &D->dp.seat[p]);
	} else {
		cs_all(&D->conf);
	}
}

/* What a seen action just made (from the bank's stock before it) did to
 * what the hands depend on: a monopoly's take is the others' hands; a
 * roll the bank may not cover in every way the guesses went (its stock
 * less the slack) gives what the bank's stock allows, to the seats it
 * owes that resource (or, under shortage=roll, anything). */
static void deps_after(dfs *D, const cat_act *a, const uint8_t bank_before[CAT_RES])
{
	cat_game *g = D->g;
	deps *dp = &D->dp;
	if (a->kind == A_MONOPOLY) {
		for (unsigned p = 0; p < g->nseats; p++)
			if (p != D->t.seat)
				cs_or(&dp->seat[D->t.seat], &dp->seat[p]);
	} else if (a->kind == A_ROLL && a->a + a->b != 7) {
		unsigned want[CAT_RES], to[CAT_RES], all = 0;
		produced(g, a->a + a->b, want, to);
		for (unsigned r = 0; r < CAT_RES; r++)
			all |= to[r];
		unsigned unsure = 0; /* the seats some guess may make the bank
				      * give otherwise (by bit) */
		uint8_t slack[CAT_RES], tol[CAT_RES];
		memcpy(slack, &dp->slack, CAT_RES);
		memcpy(tol, &D->tol, CAT_RES);
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (!want[r])
				continue;
			if (want[r] + slack[r] > bank_before[r]) {
				/* a shortage loses this resource, or the whole roll */
				unsure |= g->opt_shortage == SH_ROLL ? all : to[r];
				slack[r] = (uint8_t)(slack[r] + want[r] < SLACK_MOST
							     ? slack[r] + want[r]
							     : SLACK_MOST);
			} else if (bank_before[r] - want[r] - slack[r] < tol[r]) {
				tol[r] = (uint8_t)(bank_before[r] - want[r] - slack[r]);
			}
		}
		dp->slack = hand_word(slack);
		D->tol = hand_word(tol);
		for (unsigned p = 0; p < g->nseats; p++)
			if (unsure >> p & 1) {
				cs_or(&dp->seat[p], &dp->bank);
				cs_add(&dp->seat[p], BANK_BIT);
			}
	}
}

/* One '?' being guessed: its bit (none past CS_BITS: then every guess
 * is tried, and the hands it changes depend on every guess), what the
 * hands depended on before it, and the conflicts of its guesses so far. */
typedef struct guess {
	unsigned bit;
	bool named;
	deps before;
	cset conf;
} guess;

static void guess_start(dfs *D, guess *q)
{
	q->before = D->dp;
	q->bit = D->dp.next;
	q->named = q->bit < CS_BITS;
	memset(&q->conf, 0, sizeof q->conf);
}

/* Before a guess that changes the hands of seats a and b (or CAT_NONE),
 * and with `gave` (not NULL) what it gave the bank. */
static void guess_made(dfs *D, const guess *q, unsigned a, unsigned b, const uint8_t *gave)
{
	deps *dp = &D->dp;
	*dp = q->before;
	dp->next = q->bit + 1;
	bool bank = gave != NULL;
	if (bank)
		dp->slack = bytes_min(add_bytes(dp->slack, hand_word(gave)), slack_most());
	cset *c[3] = { &dp->seat[a], b < CAT_SEATS ? &dp->seat[b] : NULL, bank ? &dp->bank : NULL };
	for (unsigned k = 0; k < 3; k++)
		if (c[k] && q->named)
			cs_add(c[k], q->bit);
		else if (c[k])
			cs_all(c[k]);
}

/* A guess led nowhere (D->conf says why): true when the others need not
 * be tried, as it had no part in the failure (D->conf is theirs too). */
static bool guess_failed(dfs *D, guess *q)
{
	D->dp = q->before;
	if (!D->cbj)
		return false;
	if (q->named && !cs_has(&D->conf, q->bit))
		return true;
	if (q->named)
		D->conf.w[q->bit / 64] &= ~(1ull << (q->bit % 64));
	cs_or(&q->conf, &D->conf);
	return false;
}

/* Every guess led nowhere: the conflict is theirs, and the guesses that
 * decided which guesses there were (the hand of seat `domain`). */
static void guesses_failed(dfs *D, const guess *q, unsigned domain)
{
	D->conf = q->conf;
	cs_or(&D->conf, &q->before.seat[domain]);
}

/* Try action `a` (a guess, or the action as written) at (li, ai) and go
 * on from there; the position and turn come back as they were when it
 * leads nowhere. */
static bool try_act(dfs *D, unsigned li, unsigned ai, const cat_act *a)
{
	cat_game *g = D->g;
	cat_state s0 = g->s;
	cat_turn t0 = D->t;
	unsigned nev0 = g->nev;
	g->shortage.seat = CAT_NONE;
	words_if_kept(D, li, ai);
	if (cat_turn_step(&D->t, a) == 0) {
		if (explore(D, li, ai + 1))
			return true;
	} else {
		failed_rule(D, a);
		if (li == D->h->nlog)
			note_refusal(D, ai);
	}
	g->s = s0;
	D->t = t0;
	g->nev = nev0;
	return false;
}

/* Every way of discarding `left` more unseen cards of the resources r..
 * within `room`, tried in turn, as guesses of q by seat `who`.  *tried
 * counts them; D->jump when the rest need not be tried. */
static bool try_discards(dfs *D, unsigned li, unsigned ai, cat_act *c, const uint8_t room[CAT_RES],
			 const uint8_t ord[CAT_RES], unsigned i, unsigned left, unsigned *tried,
			 guess *q, unsigned who, const uint8_t seen[CAT_RES])
{
	unsigned r = ord[i];
	if (i == CAT_RES - 1) {
		if (left > room[r])
			return false;
		c->give[r] = (uint8_t)(c->give[r] + left);
		++*tried;
		uint8_t gave[CAT_RES]; /* the unseen part of the guess */
		for (unsigned k = 0; k < CAT_RES; k++)
			gave[k] = (uint8_t)(c->give[k] - seen[k]);
		guess_made(D, q, who, CAT_NONE, gave);
		bool ok = try_act(D, li, ai, c);
		c->give[r] = (uint8_t)(c->give[r] - left);
		if (!ok && !D->full)
			D->jump = guess_failed(D, q);
		return ok;
	}
	for (unsigned k = 0; k <= left && k <= room[r]; k++) {
		c->give[r] = (uint8_t)(c->give[r] + k);
		bool ok =
			try_discards(D, li, ai, c, room, ord, i + 1, left - k, tried, q, who, seen);
		c->give[r] = (uint8_t)(c->give[r] - k);
		if (ok || D->full || D->jump)
			return ok;
	}
	return false;
}

/* The resources in the order the guesses of the backjumping search take
 * them: by `count`, the fewest first (ties by resource), or the most
 * first with `most`: a discard's first guesses keep the resources the
 * hand holds fewest of and give up those it holds most of, and a steal's
 * first guess is the card the victim holds most of.  So the way followed
 * is the likeliest, and the likeliest to explain the lines after it too
 * (the 22 games of bench-views cost 6% fewer instructions, the costliest
 * game of --seed 5 8% fewer).  The search for a refusal's words takes
 * them in order, as the listing does, so that its words are the same. */
static void likeliest_order(const dfs *D, const uint8_t count[CAT_RES], bool most,
			    uint8_t ord[CAT_RES])
{
	for (unsigned r = 0; r < CAT_RES; r++)
		ord[r] = (uint8_t)r;
	if (!D->cbj)
		return;
	for (unsigned r = 1; r < CAT_RES; r++) { /* (stable: ties stay in order) */
		uint8_t x = ord[r];
		unsigned j = r;
		while (j > 0 &&
		       (most ? count[ord[j - 1]] < count[x] : count[ord[j - 1]] > count[x])) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = x;
	}
}

/* Go on from action ai of line li with the position and turn as they
 * are: true (the position at the end of the line being applied) when
 * some way of the unseen cards from here explains the rest; else D->conf
 * is why not. */
static bool explore_from(dfs *D, unsigned li, unsigned ai);

static bool explore(dfs *D, unsigned li, unsigned ai)
{
	unsigned from = D->npath;
	uint64_t tol = D->tol;
	D->tol = slack_most();
	bool found = explore_from(D, li, ai);
	if (!found && !D->full && from < D->npath)
		memo_why(D, from);
	D->npath = from;
	D->tol = bytes_min(tol, D->tol);
	return found;
}

static bool explore_from(dfs *D, unsigned li, unsigned ai)
{
	cat_game *g = D->g;
	for (;;) {
		const cat_move *m = line_of(D, li);
		bool cur = li == D->h->nlog;
		if (ai == 0) { /* a line starts: as cat_apply and apply_turn */
			if (g->s.over || m->seat != g->s.active) {
				if (cur) {
					cat_reject(&D->rj,
						   g->s.over ? CAT_R_GAME_OVER : CAT_R_WRONG_PLAYER,
						   m->line, m->col, "the game is over");
					note_refusal(D, 0);
				}
				cs_all(&D->conf);
				return false;
			}
			D->h->snap_try[li] = g->s;
			cat_turn_start(&D->t, g, m, cur ? D->sink : NULL, &D->rj);
			if (cur)
				g->nev = 0;
		}
		/* a state is remembered where tries can meet: where a line
		 * starts and after a guess (the actions between follow from
		 * it); remembering it at every action cost the costliest game
		 * of bench-views 11% more instructions */
		unsigned lacks;
		if ((ai == 0 || cat_is_unseen(&m->act[ai - 1])) && D->bd.prune &&
		    ruled_out(D, li, ai, &lacks)) { /* as when it lacks cards */
			D->conf = D->dp.seat[lacks];
			return false;
		}
		if ((ai == 0 || cat_is_unseen(&m->act[ai - 1])) &&
		    !memo_visit(D, li, ai)) /* D->conf: why it led nowhere before */
			return false;
		if (cur && (int)ai == D->unseen_bad) {
			D->rj = *D->unseen_rej;
			note_refusal(D, ai);
			cs_all(&D->conf);
			return false;
		}
		if (ai == m->n) {
			g->shortage.seat = CAT_NONE;
			words_if_kept(D, li, ai);
			if (cat_turn_end(&D->t) < 0) {
				if (cur)
					note_refusal(D, ai);
				cs_all(&D->conf);
				return false;
			}
			memset(D->t.must_discard, 0, sizeof D->t.must_discard);
			memset(D->t.discarded, 0, sizeof D->t.discarded);
			memset(D->t.got, 0, sizeof D->t.got);
			if (cur && D->bd.prune && ruled_out(D, li, ai, &lacks)) {
				D->conf = D->dp.seat[lacks]; /* the lines ahead */
				return false;
			}
			if (cur)
				return true;
			g->s.turns++;
			li++;
			ai = 0;
			continue;
		}
		const cat_act *a = &m->act[ai];
		if (!cat_is_unseen(a)) {
			g->shortage.seat = CAT_NONE;
			words_if_kept(D, li, ai);
			uint8_t bank[CAT_RES];
			memcpy(bank, g->s.bank, CAT_RES);
			if (cat_turn_step(&D->t, a) < 0) {
				if (cur)
					note_refusal(D, ai);
				failed_rule(D, a);
				return false;
			}
			deps_after(D, a, bank);
			ai++;
			continue;
		}
		cat_act c = *a;
		c.guessed = 1;
		unsigned tried = 0;
		guess q;
		guess_start(D, &q);
		unsigned domain; /* the seat whose hand the guesses are of */
		if (a->kind == A_DISCARD) {
			const cat_player *p = &g->s.p[a->a];
			uint8_t room[CAT_RES];
			bool held = true;
			for (unsigned r = 0; r < CAT_RES; r++) {
				held &= p->res[r] >= a->give[r];
				room[r] = held ? (uint8_t)(p->res[r] - a->give[r]) : 0;
			}
			c.b = 0;
			domain = a->a;
			D->jump = false;
			uint8_t ord[CAT_RES];
			likeliest_order(D, room, false, ord);
			if (held && try_discards(D, li, ai, &c, room, ord, 0, a->b, &tried, &q,
						 a->a, a->give))
				return true;
			if (D->jump) { /* D->conf: the discard had no part in it */
				D->jump = false;
				return false;
			}
		} else {
			domain = a->b;
			uint8_t ord[CAT_RES] = { 0 };
			if (a->b < g->nseats)
				likeliest_order(D, g->s.p[a->b].res, true, ord);
			for (unsigned i = 0; i < CAT_RES && !D->full; i++)
				if (a->b < g->nseats && g->s.p[a->b].res[ord[i]]) {
					unsigned r = ord[i];
					c.c = (uint8_t)r;
					tried++;
					guess_made(D, &q, D->t.seat, a->b, NULL);
					if (try_act(D, li, ai, &c))
						return true;
					if (!D->full && guess_failed(D, &q))
						return false;
				}
		}
		if (!tried) /* as written, so that the rules say why not */
			return try_act(D, li, ai, a);
		if (domain < CAT_SEATS)
			guesses_failed(D, &q, domain);
		else
			cs_all(&D->conf);
		return false;
	}
}

/* No guess made yet: each seat's hand depends on what it was (its own
 * bit), the bank's stock on them all when the worlds the search starts
 * from may hold less of some resource in the bank (slack, or NULL). */
static void start_deps(dfs *D, uint64_t slack)
{
	memset(&D->dp, 0, sizeof D->dp);
	bool bank = slack != 0;
	D->dp.slack = bytes_min(slack, slack_most());
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		cs_add(&D->dp.seat[p], p);
		if (bank)
			cs_add(&D->dp.bank, p);
	}
	D->dp.next = FIRST_GUESS;
}

/* The memo emptied. */
static void memo_clear(cat_hidden *h)
{
	if (++h->mgen == 0) {
		memset(h->mtab, 0, h->mnslots * sizeof *h->mtab);
		h->mgen = 1;
	}
	h->mn = 0;
}

/* A search begun anew: no refusal, no guess made, and the memo empty,
 * or with `keep`, as the searches of the same line before left it (a
 * state that led nowhere then leads nowhere now: the lines ahead are the
 * same, and what it was for, the hands there). */
static void new_search(dfs *D, bool cbj, bool keep)
{
	if (!keep) {
		memo_clear(D->h);
		D->best = -1; /* (kept, the refusal of the tries of them all) */
	}
	D->full = false;
	D->cbj = cbj;
	D->npath = 0;
	D->tol = slack_most();
	start_deps(D, 0);
}

/* The hands of the seats in `mask` of listed world w, as a key. */
static wid masked_hands(const wid *w, unsigned mask)
{
	wid k = { .tail = mask };
	for (unsigned p = 0; p < CAT_SEATS; p++)
		k.hand[p] = mask >> p & 1 ? w->hand[p] : 0;
	return k;
}

/* The hands known to lead nowhere (search_listed): keys of masked_hands
 * in an open table, and the masks met. */
typedef struct nogoods {
	wid *key;
	uint8_t *used;
	unsigned nslots, masks;
} nogoods;

/* The slot of world w's hands of the seats in `mask`: where they are
 * (*there) or would go. */
static unsigned nogood_slot(const nogoods *ng, const wid *w, unsigned mask, bool *there)
{
	wid k = masked_hands(w, mask);
	uint64_t x[3];
	wid_words(&k, x);
	unsigned j = (unsigned)mix64(x[0] ^ mix64(x[1] ^ mix64(x[2]))) & (ng->nslots - 1);
	for (*there = false; ng->used[j]; j = (j + 1) & (ng->nslots - 1))
		if (memcmp(&ng->key[j], &k, sizeof k) == 0) {
			*there = true;
			break;
		}
	return j;
}

/* The search from every listed world in turn (exhaustive).  With
 * backjumping it begins at the world the witness came from and goes round
 * to those before it: that world explained every line since but this
 * one, so the ways on from it are the likeliest to explain this one too
 * (trying the worlds before it first cost one generated game 440 million
 * instructions instead of 274).  The search for a refusal's words takes
 * them in order.  Backjumping, a world whose try led nowhere for the
 * hands of some seats alone (its conflict holds only their bits) tells
 * that every world with those hands does too: they are not tried (a
 * nogood; a seat's hand is an id, the same in every listed world). */
static bool search_listed(dfs *D, bool cbj, bool keep)
{
	cat_game *g = D->g;
	cat_hidden *h = D->h;
	const wset *base = &h->set[h->committed];
	new_search(D, cbj, keep);
	/* the most of each resource the listed worlds' hands hold together:
	 * the least the bank may hold */
	uint64_t most = 0;
	for (unsigned i = 0; i < base->n; i++)
		most = bytes_max(most, held_by_all(g, base, i));
	/* the nogoods: a table of keys (masked_hands), and the masks met */
	nogoods ng = { .nslots = 64 };
	while (ng.nslots < 2 * base->n)
		ng.nslots *= 2;
	ng.key = cbj ? arb_xmalloc(ng.nslots * sizeof *ng.key) : NULL;
	ng.used = cbj ? arb_xcalloc(ng.nslots, 1) : NULL;
	D->bd.prune = cbj && bounds_from(D, 0);
	bool found = false;
	unsigned start = cbj ? h->wbase : 0; /* (the words' search: in order) */
	for (unsigned k = 0; k < base->n && !found && !D->full; k++) {
		unsigned i = (start + k) % base->n;
		const wid *w = &base->w[i];
		bool known = false;
		for (unsigned m = 0; m < 1u << CAT_SEATS && !known; m++)
			if (ng.masks >> m & 1)
				(void)nogood_slot(&ng, w, m, &known);
		for (unsigned p = 0; p < g->nseats && !known && D->bd.prune; p++)
			known = !bytes_at_least(h->hands[p].word[w->hand[p]], need_at(D, 0, 0)[p]);
		if (known)
			continue;
		g->s = h->base_s;
		world_load(g, NULL, w);
		/* how much less the bank may hold (no borrow: most >= held) */
		start_deps(D, most - held_by_all(g, base, i));
		found = explore(D, 0, 0);
		if (found)
			h->wbase = i;
		if (found || D->full || !cbj)
			continue;
		bool seats_only = (D->conf.w[0] >> CAT_SEATS) == 0; /* no bank, no guess */
		for (unsigned k = 1; k < CS_WORDS; k++)
			seats_only &= D->conf.w[k] == 0;
		if (!seats_only)
			continue;
		unsigned m = (unsigned)D->conf.w[0];
		if (!m) /* whatever the hands: no world is left */
			break;
		ng.masks |= 1u << m;
		bool there;
		unsigned j = nogood_slot(&ng, w, m, &there);
		ng.used[j] = 1;
		ng.key[j] = masked_hands(w, m);
	}
	free(ng.key);
	free(ng.used);
	return found;
}

/* The line cannot be decided (the sets would pass RELIST_WORLDS, or the
 * search LAZY_MEMO states): too-many-unknowns. */
static int undecidable(cat_turn *t)
{
	return cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
			  "the unseen cards could have gone in too many ways to tell whether "
			  "any explains this line (more than %u states searched, and more than "
			  "%u ways at once listed); arbiter cannot decide this record from "
			  "here on",
			  LAZY_MEMO, RELIST_WORLDS);
}

/* Relisting: the line being applied lists up to RELIST_WORLDS worlds
 * (cleared when it is committed or refused). */
static void start_relisting(cat_hidden *h, const cat_game *g)
{
	h->relisting = true;
	set_limit(h, g);
}

/* List the worlds again, up to RELIST_WORLDS at once, from the listed
 * worlds and the position where following one way at a time began,
 * through the lines since, each as cat_apply plays a line: 0, the replay
 * listing them at the end of the last; -1, all given back as it was. */
static int relist_lines(cat_game *g)
{
	cat_hidden *h = g->hid;
	free(h->memo); /* no use to the listing, which needs the room */
	free(h->mwhy);
	free(h->mslack);
	free(h->mtab);
	h->memo = NULL;
	h->mwhy = NULL;
	h->mslack = NULL;
	h->mtab = NULL;
	/* what is given back when the listing fails: the worlds in full, as
	 * the ids of hands and tails may be collected on the way */
	const wset *base = &h->set[h->committed];
	unsigned keep_n = base->n;
	cat_world *keep_w = arb_xmalloc((keep_n ? keep_n : 1) * sizeof *keep_w);
	for (unsigned i = 0; i < keep_n; i++)
		world_expand(h, &base->w[i], &keep_w[i]);
	set_state keep_kept = h->kept, keep_now = h->now;
	needs keep_need = h->kept_need;
	unseen_tally keep_tally = h->tally;
	cat_state keep_s = g->s, keep_bak = g->bak;
	unsigned nlog = h->nlog;

	h->lazy = false;
	h->tally = h->base_tally; /* the lines since are tallied anew */
	h->in = h->committed;
	h->now.pend = false; /* (go_lazy made the pending actions) */
	set_flags(h, g, base);
	h->kept = h->now;
	g->s = h->base_s;
	arb_reject rj;
	memset(&rj, 0, sizeof rj);
	int rc = 0;
	for (unsigned li = 0; li < nlog && rc == 0; li++) {
		start_relisting(h, g);
		rc = cat_apply(g, &h->log[li], NULL, &rj);
	}
	if (rc == 0) { /* listed up to here */
		h->nlog = 0;
		h->pending = false;
		free(keep_w);
		return 0;
	}
	h->relisting = false;
	set_limit(h, g);
	h->on = true;
	g->hidden_on = true;
	h->lazy = true;
	h->nlog = nlog;
	h->committed = h->in = 0;
	wset *back = start_set(h, 0);
	reserve(back, keep_n);
	for (unsigned i = 0; i < keep_n; i++)
		world_compress(h, &keep_w[i], &back->w[i]);
	back->n = keep_n;
	h->kept = keep_kept;
	h->now = keep_now;
	h->kept_need = keep_need;
	h->tally = keep_tally;
	g->s = keep_s;
	g->bak = keep_bak;
	free(keep_w);
	return -1;
}

/* The search from the listed worlds filled its memo: the states it keeps
 * are those of every line since, where listing keeps one line's worlds
 * (at most RELIST_WORLDS).  So list them again through the lines since;
 * on success the replay lists again, at the start of line t->m, and the
 * caller plays it so (CAT_RELISTED).  Else the line is undecidable. */
static int relist(cat_turn *t)
{
	cat_game *g = t->g;
	if (relist_lines(g) < 0)
		return undecidable(t);
	/* listed up to this line: decided from here */
	start_relisting(g->hid, g);
	int rc = cat_hidden_on(g) ? cat_hidden_begin(g, t->m, t->rej) : 0;
	g->bak = g->s;			   /* the line's start, as cat_apply keeps it */
	return rc < 0 ? -1 : CAT_RELISTED; /* -1: over in every way */
}

/* The record's end (or where dump stops it) while following one way at
 * a time: the worlds are listed again as relist() lists them, so that
 * dump shows each hand's range over every way rather than bounds; when
 * they pass RELIST_WORLDS, all stays as it was. */
void cat_hidden_settle(cat_game *g)
{
	if (cat_hidden_on(g) && g->hid->lazy && relist_lines(g) == 0)
		g->bak = g->s;
}

/* Search for a way the unseen cards could have gone that explains the
 * line t->m: first from the witness (the position), then, failing that,
 * from every listed world through every line since.  0, with the
 * position at the line's end, or -1 (refused, or undecidable). */
static int lazy_line(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	h->line = t->m;
	if (!h->memo) { /* (relist frees it) */
		h->memo = arb_xmalloc(LAZY_MEMO * sizeof *h->memo);
		h->mwhy = arb_xmalloc(LAZY_MEMO);
		h->mslack = arb_xmalloc(LAZY_MEMO * sizeof *h->mslack);
		h->mtab = arb_xcalloc(MEMO_SLOTS_FIRST, sizeof *h->mtab);
		h->mnslots = MEMO_SLOTS_FIRST;
		h->mgen = 0;
	}
	dfs *D = arb_xcalloc(1, sizeof *D);
	D->g = g;
	D->h = h;
	D->cur = t->m;
	D->sink = t->sink;
	D->best = -1;
	D->unseen_bad = unseen_bad;
	D->unseen_rej = unseen_rej;
	cat_state start = g->s;
	D->cur_start = &start;
	/* the lines ahead bound the search (bounds_from): a way through
	 * this line that they rule out is not taken, so it may cut some way,
	 * and a refusal is undone (ahead_undo) */
	bool ahead = ahead_search(g, t->m);
	bool found = false;
	unsigned from = 0;   /* the line the search that found a way began at */
	bool proved = false; /* the backjumping search found no way */
	int cbj_best = -1;   /* ... and its refusal */
	arb_reject cbj_rej = { 0 };
	cat_shortage cbj_short = { 0 };
	/* the witness, then the witness from 1, 2, 4, ... 64 lines back
	 * (the search from there may change what their '?' were), then every
	 * way from the listed worlds: only that last search is exhaustive */
	memo_clear(h);	  /* what it knew was of the lines before */
	bool kept = true; /* the memo holds only states that led nowhere */
	for (unsigned back = 0; !found; back = back ? 2 * back : 1) {
		bool all = back > h->nlog || back > 64;
		/* each search keeps the memo of those before; one that fills
		 * it is made again, anew (as it was when each began anew); a
		 * search that filled it leaves in it the states it was on,
		 * which did not lead nowhere: the next begins anew */
		for (bool keep = kept;; keep = false) {
			bool fresh = !keep || h->mn == 0;
			if (all) {
				from = 0;
				found = search_listed(D, true, keep);
			} else {
				new_search(D, true, keep);
				from = h->nlog - back;
				g->s = back ? h->snap[from] : start;
				/* (from the witness's own line only when the
				 * lines ahead bound it: a refusal is then said
				 * by a replay without them, ahead_undo) */
				D->bd.prune = (back || ahead) && bounds_from(D, from);
				unsigned lacks;
				found = !(D->bd.prune && ruled_out(D, from, 0, &lacks)) &&
					explore(D, from, 0);
			}
			if (!D->full || fresh)
				break;
		}
		kept = !D->full;
		if (!all)
			continue;
		/* none: the line is refused, in the words of every way tried
		 * (when trying every guess passes the memo, as listed again
		 * below, or failing that, in words that hold of the ways the
		 * backjumping search tried) */
		if (!found && !D->full) {
			proved = true;
			cbj_best = D->best;
			cbj_rej = D->best_rej;
			cbj_short = D->best_short;
			/* backjumping skips only guesses that would fail as the
			 * one tried did: a way it missed is a conflict put down
			 * to too few guesses (the tests run with assertions).
			 * Not when the lines ahead bounded it, which may rule
			 * out every way this line has (the words are then
			 * those of the replay without them) */
			if (!ahead) {
				found = search_listed(D, false, false);
				assert(!found);
			}
		}
		break;
	}
	if (found) /* the witness's line starts, for the next repair */
		memcpy(h->snap + from, h->snap_try + from, (h->nlog + 1 - from) * sizeof *h->snap);
	int rc = 0;
	if (found) {
		arb_reject *rej = t->rej;
		*t = D->t;
		t->rej = rej;
		t->quiet = false; /* the search's own */
	} else {
		g->s = start;
		bool said = false;
		if (D->full) {
			rc = relist(t);
			said = !proved || rc >= 0 ||
			       t->rej->rule != cat_rules[CAT_R_TOO_MANY_UNKNOWNS].id;
			if (!said) { /* too many to list, but no way is left */
				D->best = cbj_best;
				D->best_rej = cbj_rej;
				D->best_short = cbj_short;
				D->have_other = false;	    /* (not looked for) */
				ways_start(&D->ways, true); /* "no way ... at once" */
			}
		}
		if (!said && D->best < 0) {
			rc = cat_reject(t->rej, CAT_R_TOO_MANY_UNKNOWNS, t->m->line, t->m->col,
					"no way the unseen cards could have gone explains the "
					"lines before this one");
		} else if (!said) {
			const cat_act *a = (unsigned)D->best < t->m->n ? &t->m->act[D->best] : NULL;
			unseen_tally u = tally_at(g, t->m, a);
			rc = explain_msg(g, t->rej, &D->best_rej, &D->best_short,
					 D->have_other ? &D->other_rej : NULL, &D->ways, true, a,
					 t->seat, &u);
		}
	}
	free(D->path);
	free(D->bd.need);
	free(D->bd.at);
	free(D);
	return rc;
}

/* The record is followed one way at a time (see "lazy"). */
bool cat_hidden_lazy(const cat_game *g)
{
	return cat_hidden_on(g) && g->hid->lazy;
}

/* A whole turn line while following one way at a time; unseen_bad: the
 * first action with a '?' the view may not write (refused with
 * unseen_rej when reached), or -1.  Rejects as the line's actions, or
 * with too-many-unknowns. */
int cat_hidden_line(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	if (h->nlog + 1 >= h->caplog) { /* room for this line */
		h->caplog = h->caplog ? 2 * h->caplog : 64;
		h->log = arb_xrealloc(h->log, h->caplog * sizeof *h->log);
		h->snap = arb_xrealloc(h->snap, h->caplog * sizeof *h->snap);
		h->snap_try = arb_xrealloc(h->snap_try, h->caplog * sizeof *h->snap_try);
	}
	int rc = lazy_line(t, unseen_bad, unseen_rej);
	if (rc == 0) {
		h->log[h->nlog++] = *t->m;
		h->pending = true;
	}
	return rc;
}

/* Stop listing the worlds: from the start of the line being applied,
 * follow one way at a time (see "lazy" above), and apply that line so.
 * 0 (the line is applied) or -1. */
static int go_lazy(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	h->base_tally = h->tally;	 /* (this line's are added when it is committed) */
	if (h->kept.pend && !h->fresh) { /* the worlds of the line's start, made */
		unsigned o = spare(h);
		wset *out = start_set(h, o);
		tail_change tc = { .nw = &h->kept.pend_nw, .books = h->kept.pend_books };
		carry(h, &h->set[h->committed], 0, out, NULL, h->kept.pend_lo, h->kept.pend_d, &tc);
		h->committed = o;
		h->kept.pend = false;
	}
	h->lazy = true;
	h->nlog = 0;
	h->wbase = 0; /* the witness: the first listed world, below */
	if (!h->trails)
		h->trails = cat_trail_memo_new();
	g->trails = h->trails; /* the search walks the same roads in every way */
	h->base_s = g->bak;
	if (h->fresh) { /* the line's own '?' made the worlds: from its start */
		wid w;
		cat_state keep = g->s;
		g->s = g->bak;
		world_store(g, NULL, &w);
		g->s = keep;
		wset *base = start_set(h, h->committed);
		new_gen(h);
		insert(h, base, &w);
	}
	/* what a relist grew beyond the usual sets is not needed while the
	 * worlds are followed one at a time */
	for (unsigned i = 0; i < 3; i++)
		if (i != h->committed && h->set[i].cap > CAT_MAX_WORLDS) {
			free(h->set[i].w);
			h->set[i] = (wset){ .version = h->set[i].version + 1 };
		}
	if (h->nslots > 2 * CAT_MAX_WORLDS) {
		free(h->tab);
		set_slots(h, 256);
	}
	g->s = g->bak;
	world_load(g, NULL, &h->set[h->committed].w[0]);
	int rc = cat_hidden_line(t, unseen_bad, unseen_rej);
	if (rc < 0)
		h->lazy = false;
	return rc;
}

/* ------------------------------------------------------- reading ahead
 *
 * Most worlds an unseen steal or discard makes are dead at once: a later
 * line spends what no way the cards go in between gives the seat (in the
 * 22 games of bench-views, 81% of the worlds those made).  The replay
 * has the whole game read (arb_game_ops.ahead), so when a card is first
 * unseen, the bounds of the search (need_before) are made over the lines
 * from there to the end of the record, and a steal or discard does not
 * list a world whose thief, victim or discarder holds less than they
 * say it must after it (ahead_need).
 *
 * A world so cut is one that no way through the rest of the record
 * completes, so a legal record is followed through the same ways that
 * complete it, in the same order, and ends with the same worlds.  But a
 * world cut for a line that is itself illegal may be the one that
 * explained the lines before it: so when a line is refused, or the game
 * seen over, after a world was cut, the replay goes back to the start of
 * the line where the cards were last all known and plays again without
 * reading ahead (ahead_undo): a refused record is refused at the same
 * move with the same words as without it, at the cost of playing part of
 * it twice.  Not when each position is shown as it is reached (dump's
 * pages), nor past the move `dump --at` stops at. */
struct cat_ahead {
	const arb_token *tok;
	const arb_turn *turns;
	size_t n;      /* the turn lines the replay plays           */
	uint32_t base; /* s.turns before the first of them           */
	int made;      /* the bounds: 0 not yet, 1 made, -1 not to be */
	bool cut;      /* some world was cut by them                 */
	bool off;      /* undone (ahead_undo): not read any more     */
	bool refused;  /* ... and that replay refused a line: rej    */
	arb_reject rej;
	/* where the cards were last all known before the first cut: the
	 * position at the start of turn line start_li */
	cat_state start;
	size_t start_li;
	/* the bounds, for turn lines lo .. hi: the least each seat must hold
	 * after the k-th unseen steal or discard of line lo + i, by seat, at
	 * need[(at[i] + k) * CAT_SEATS]; each line's line in the file in
	 * line_no[i], to find it */
	size_t lo, hi;
	uint32_t *line_no, *at;
	uint64_t *need;
	uint64_t *end_need; /* ... and at the end of line lo + i, by seat */
};

void cat_read_ahead(void *game, const arb_token *tok, const arb_turn *turns, size_t n)
{
	cat_game *g = game;
	cat_ahead_free(g);
	if (g->view == CAT_NONE || !n) /* a full record has no unseen card */
		return;
	cat_ahead *A = arb_xcalloc(1, sizeof *A);
	A->tok = tok;
	A->turns = turns;
	A->n = n;
	A->base = g->s.turns;
	g->ahead = A;
}

void cat_ahead_free(cat_game *g)
{
	cat_ahead *A = g->ahead;
	if (!A)
		return;
	free(A->line_no);
	free(A->at);
	free(A->need);
	free(A->end_need);
	free(A);
	g->ahead = NULL;
}

/* Turn line li parsed into m: false where the replay will stop before
 * playing it (no words, a wrong number, a line that does not parse). */
static bool ahead_line(const cat_game *g, const cat_ahead *A, size_t li, cat_move *m,
		       arb_reject *rej)
{
	const arb_turn *tu = &A->turns[li];
	if (!tu->ntok || (tu->number >= 0 && (size_t)tu->number != li + 1))
		return false;
	return cat_parse(g, &A->tok[tu->first], tu->ntok, m, rej) == 0;
}

/* The bounds for the lines from li0 (which starts at g->bak) on: what
 * each roll pays, on the buildings and robber the lines before put
 * there, is found forwards; the least each seat must hold, backwards
 * from the last line the replay will play. */
static void ahead_make(cat_game *g, cat_ahead *A, size_t li0)
{
	A->made = -1;
	if (g->bak.setup_step < 2 * g->nseats) /* set-up buildings are free */
		return;
	cat_move *m = arb_xmalloc(sizeof *m);
	arb_reject rj;
	memset(&rj, 0, sizeof rj);
	cat_state sc = g->bak;
	struct ahead_line { /* a line as the bounds read it */
		uint8_t pays[CAT_SEATS][CAT_RES];
		uint8_t seat;
		uint32_t first, n; /* its actions in acts[] */
	} *line = NULL;
	cat_act *acts = NULL;
	size_t nl = 0, cap = 0, nacts = 0, cap_acts = 0, nunseen = 0;
	while (li0 + nl < A->n && ahead_line(g, A, li0 + nl, m, &rj)) {
		if (nl == cap) {
			cap = cap ? 2 * cap : 64;
			line = arb_xrealloc(line, cap * sizeof *line);
			A->line_no = arb_xrealloc(A->line_no, cap * sizeof *A->line_no);
			A->at = arb_xrealloc(A->at, (cap + 1) * sizeof *A->at);
		}
		if (nacts + m->n > cap_acts) {
			cap_acts = 2 * (nacts + m->n) + 256;
			acts = arb_xrealloc(acts, cap_acts * sizeof *acts);
		}
		struct ahead_line *l = &line[nl];
		roll_pays(g, m, &sc, l->pays);
		l->seat = m->seat;
		l->first = (uint32_t)nacts;
		l->n = m->n;
		memcpy(&acts[nacts], m->act, m->n * sizeof *acts);
		nacts += m->n;
		A->line_no[nl] = m->line;
		A->at[nl] = (uint32_t)nunseen;
		for (unsigned ai = 0; ai < m->n; ai++) {
			const cat_act *a = &m->act[ai];
			nunseen += cat_is_unseen(a);
			if ((a->kind == A_SETTLE || a->kind == A_CITY) && a->a < CAT_NODES) {
				sc.node_owner[a->a] = (uint8_t)(m->seat + 1);
				sc.node_city[a->a] = a->kind == A_CITY;
			} else if ((a->kind == A_ROBBER || a->kind == A_KNIGHT) &&
				   a->a < CAT_HEXES) {
				sc.robber = a->a;
			}
		}
		nl++;
	}
	free(m);
	if (!nl)
		return;
	A->at[nl] = (uint32_t)nunseen;
	A->need = arb_xmalloc((nunseen ? nunseen : 1) * CAT_SEATS * sizeof *A->need);
	A->end_need = arb_xmalloc(nl * CAT_SEATS * sizeof *A->end_need);
	uint64_t after[CAT_SEATS] = { 0 }; /* the end of the record needs nothing */
	for (size_t k = nl; k-- > 0;) {
		const struct ahead_line *l = &line[k];
		memcpy(&A->end_need[k * CAT_SEATS], after, sizeof after);
		unsigned u = A->at[k + 1] - A->at[k];
		for (unsigned ai = l->n; ai-- > 0;) {
			const cat_act *a = &acts[l->first + ai];
			if (cat_is_unseen(a))
				memcpy(&A->need[(A->at[k] + --u) * CAT_SEATS], after, sizeof after);
			needs_before(g, a, l->seat, l->pays, after);
		}
	}
	free(line);
	free(acts);
	A->lo = li0;
	A->hi = li0 + nl;
	A->made = 1;
}

/* A card is first unseen in the line being applied (it starts at
 * g->bak): until a world is cut, that is where an undo starts. */
static void ahead_enter(cat_game *g)
{
	cat_ahead *A = g->ahead;
	if (!A || A->off || g->bak.turns < A->base)
		return;
	size_t li = g->bak.turns - A->base;
	if (li >= A->n)
		return;
	if (!A->cut) {
		A->start = g->bak;
		A->start_li = li;
	}
	if (!A->made)
		ahead_make(g, A, li);
}

/* Where line m is in the bounds (its line in the file), or -1. */
static long ahead_index(const cat_ahead *A, const cat_move *m)
{
	size_t lo = 0, hi = A->hi - A->lo;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (A->line_no[mid] < m->line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < A->hi - A->lo && A->line_no[lo] == m->line ? (long)lo : -1;
}

/* The least each seat must hold at the end of line m, or NULL when not
 * known. */
static const uint64_t *ahead_end_need(const cat_game *g, const cat_move *m)
{
	const cat_ahead *A = g->ahead;
	if (!A || A->made <= 0 || A->off)
		return NULL;
	long i = ahead_index(A, m);
	return i < 0 ? NULL : &A->end_need[(size_t)i * CAT_SEATS];
}

/* Whether the lines ahead bound the search of line m: then it may cut
 * some way (A->cut). */
static bool ahead_search(cat_game *g, const cat_move *m)
{
	if (!ahead_end_need(g, m))
		return false;
	g->ahead->cut = true;
	return true;
}

/* The least each seat must hold after the unseen steal or discard `a` of
 * line m, or NULL when not known. */
static const uint64_t *ahead_need(const cat_game *g, const cat_move *m, const cat_act *a)
{
	const cat_ahead *A = g->ahead;
	if (!A || A->made <= 0 || A->off || a < m->act || a >= m->act + m->n)
		return NULL;
	long lo = ahead_index(A, m);
	if (lo < 0)
		return NULL;
	unsigned k = 0;
	for (const cat_act *b = m->act; b < a; b++)
		k += cat_is_unseen(b);
	if (A->at[lo] + k >= A->at[lo + 1])
		return NULL;
	return &A->need[((size_t)A->at[lo] + k) * CAT_SEATS];
}

/* A line was refused: if a world was cut, the lines since start_li are
 * played again without reading ahead.  1 done (the line is to be played
 * again), 0 nothing to undo, -1 that replay refused one of them (the
 * worlds it lists can be too many to decide, which reading ahead
 * avoided): A->rej. */
static int ahead_undo(cat_game *g)
{
	cat_ahead *A = g->ahead;
	if (!A || A->off || !A->cut)
		return 0;
	A->off = true;
	size_t now = g->s.turns - A->base;
	cat_hidden_free(g);
	g->s = A->start;
	cat_move *m = arb_xmalloc(sizeof *m);
	int rc = 0;
	for (size_t li = A->start_li; li < now && rc == 0; li++) {
		memset(&A->rej, 0, sizeof A->rej);
		rc = ahead_line(g, A, li, m, &A->rej) ? cat_apply(g, m, NULL, &A->rej) : -1;
	}
	free(m);
	A->refused = rc < 0;
	return rc < 0 ? -1 : 1;
}

int cat_play(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	cat_game *g = game;
	if (g->ahead && g->ahead->refused) {
		*rej = g->ahead->rej;
		return -1;
	}
	int rc = cat_apply(g, move, sink, rej);
	if (rc == 0)
		return 0;
	int undone = ahead_undo(g);
	if (undone > 0)
		return cat_apply(g, move, sink, rej);
	if (undone < 0)
		*rej = g->ahead->rej;
	return -1;
}

unsigned cat_ahead_did(const cat_game *g)
{
	const cat_ahead *A = g->ahead;
	return A ? (unsigned)A->cut | (unsigned)A->off << 1 : 0;
}

bool cat_over_now(cat_game *g)
{
	/* over in every way left may be over in only some of those cut */
	if (g->s.over && ahead_undo(g) < 0)
		return false; /* cat_play refuses the next line */
	return g->s.over;
}

/* The worlds after an unseen discard, grouped (unseen_discards): the
 * worlds that differ only in the discarding seat's hand share a key (the
 * world with that hand left out), and lead to the same worlds wherever
 * their hands have a part in common, so a group's worlds are made once
 * each: every hand kept, by the first of the group's hands that keeps
 * it.  The hands each hand keeps are listed once (a hand recurs in many
 * groups), most kept first (of brick, then of lumber, ...); the worlds
 * are listed as (group, hand kept) and made in order at the end. */
typedef struct kept_hand {
	uint32_t grp, from, part; /* from: the first world of `in` that keeps it */
} kept_hand;

typedef struct discard_groups {
	wid *key;
	uint32_t *head, *next; /* each group's worlds, as a list     */
	uint32_t *hand;	       /* world i's hand less the seen cards (NO_ID: it
				* lacks them), by id                   */
	unsigned who, left;
	uint8_t need[CAT_RES]; /* the least the hand kept holds (ahead_need) */
	uint8_t part[CAT_RES]; /* the hand kept being built          */
	uint32_t *pool;	       /* each hand's kept hands: a count, then ids */
	unsigned npool, cap_pool;
	kept_hand *kept;
	unsigned nkept, cap_kept;
} discard_groups;

/* Put x at the end of the pool of kept hands. */
static void pool_push(discard_groups *D, uint32_t x)
{
	if (D->npool == D->cap_pool) {
		D->cap_pool = D->cap_pool ? 2 * D->cap_pool : 1024;
		D->pool = arb_xrealloc(D->pool, D->cap_pool * sizeof *D->pool);
	}
	D->pool[D->npool++] = x;
}

/* Every hand part[] (its r.. still to choose, `rem` cards) within hand[]
 * (after[r]: what r + 1.. of it hold), most kept first, onto the pool. */
static void list_kept(cat_hidden *h, discard_groups *D, const uint8_t hand[CAT_RES],
		      const unsigned after[CAT_RES], unsigned r, unsigned rem)
{
	if (r == CAT_RES - 1) {
		if (rem > hand[r])
			return;
		if (rem < D->need[r]) {
			h->ncut++;
			return;
		}
		D->part[r] = (uint8_t)rem;
		pool_push(D, hand_id(&h->hands[D->who], hand_word(D->part)));
		return;
	}
	unsigned top = hand[r] < rem ? hand[r] : rem;
	if (top < D->need[r]) { /* every hand kept holds too few */
		h->ncut++;
		return;
	}
	for (unsigned k = top + 1; k-- > D->need[r] && rem - k <= after[r];) {
		D->part[r] = (uint8_t)k;
		list_kept(h, D, hand, after, r + 1, rem - k);
	}
}

/* Where the hands that hand `id` keeps start in the pool (made once a
 * discard). */
static uint32_t kept_of(cat_hidden *h, discard_groups *D, uint32_t id)
{
	hand_table *ht = &h->hands[D->who];
	if (ht->pstamp[id] == ht->pgen)
		return ht->pat[id];
	uint8_t hand[CAT_RES]; /* a copy: listing adds hands to the table */
	memcpy(hand, hand_res(h, D->who, id), CAT_RES);
	unsigned after[CAT_RES];
	after[CAT_RES - 1] = 0;
	for (unsigned r = CAT_RES - 1; r-- > 0;)
		after[r] = after[r + 1] + hand[r + 1];
	uint32_t at = D->npool;
	pool_push(D, 0);
	list_kept(h, D, hand, after, 0, ht->total[id] - D->left);
	D->pool[at] = D->npool - at - 1;
	ht->pstamp[id] = ht->pgen;
	ht->pat[id] = at;
	return at;
}

/* List world D->grp with hand `part` kept, from world `from`.  False when
 * the set overflowed. */
static bool keep_part(cat_hidden *h, discard_groups *D, uint32_t grp, uint32_t from, uint32_t part)
{
	if (D->nkept == h->limit)
		return false;
	if (D->nkept == D->cap_kept) {
		D->cap_kept = D->cap_kept ? 2 * D->cap_kept : 256;
		D->kept = arb_xrealloc(D->kept, D->cap_kept * sizeof *D->kept);
	}
	D->kept[D->nkept++] = (kept_hand){ grp, from, part };
	return true;
}

/* An unseen discard of `a` by seat `who` in every world of `in` (their
 * tail becomes `tail`), into `out`: every way of choosing the unseen
 * cards from what each world's hand holds beyond the seen ones.  The
 * pending actions are made on the way when no card is seen (as in
 * unseen_steals).  False when the set overflowed. */
static bool unseen_discards(cat_hidden *h, wset *out, const wset *in, uint32_t tail,
			    const uint32_t *tail_to, unsigned who, const cat_act *a,
			    const uint64_t *need, unsigned thief, unsigned victim,
			    const uint64_t *steal_need)
{
	unsigned n = in->n, ngroups = 0;
	discard_groups D = { .who = who, .left = a->b };
	if (need)
		memcpy(D.need, &need[who], CAT_RES);
	D.key = arb_xmalloc(n * sizeof *D.key);
	D.head = arb_xmalloc(n * sizeof *D.head);
	D.next = arb_xmalloc(n * sizeof *D.next);
	D.hand = arb_xmalloc(n * sizeof *D.hand);
	uint32_t *last = arb_xmalloc(n * sizeof *last);
	uint8_t minus[CAT_RES];
	for (unsigned r = 0; r < CAT_RES; r++)
		minus[r] = (uint8_t)(0u - a->give[r]);
	uint64_t seen = hand_word(a->give), less_seen = hand_word(minus);
	hand_table *ht = &h->hands[who];
	hand_change pc;
	unsigned from = pending_start(h, &pc);
	assert(!pc.n || !seen);
	if (!pc.n)
		hand_marks(ht); /* to[]: each hand less the seen cards */
	ensure_slots(h, n);
	new_gen(h);
	for (unsigned i = 0; i < n; i++) {
		wid buf;
		const wid *w = i < from ? NULL : made_world(h, &pc, &in->w[i], &buf);
		D.hand[i] = NO_ID;
		if (!w)
			continue;
		uint32_t after = tail_to ? tail_to[w->tail] : tail;
		if (after == NO_ID)
			continue;
		D.hand[i] = pc.n ? w->hand[who] : carried(h, who, w->hand[who], seen, less_seen);
		if (D.hand[i] == NO_ID)
			continue;
		uint64_t xw[3];
		wid_words(w, xw);
		wid_words_set(xw, who, NO_ID);
		wid_words_set(xw, WID_TAIL, after);
		uint64_t hash = wid_hash(xw);
		uint32_t stamp = wid_stamp(h, hash);
		unsigned slot = (unsigned)(hash >> h->shift);
		while (slot_used(h, slot) && (h->tab[slot].stamp != stamp ||
					      memcmp(&D.key[h->tab[slot].at], xw, sizeof xw)))
			slot = (slot + 1) & (h->nslots - 1);
		D.next[i] = UINT32_MAX;
		if (!slot_used(h, slot)) { /* a new group */
			h->tab[slot] = (hslot){ stamp, ngroups };
			memcpy(&D.key[ngroups], xw, sizeof xw);
			D.head[ngroups] = last[ngroups] = i;
			ngroups++;
		} else {
			unsigned k = h->tab[slot].at;
			D.next[last[k]] = i;
			last[k] = i;
		}
	}
	if (++ht->pgen == 0) {
		memset(ht->pstamp, 0, ht->cap * sizeof *ht->pstamp);
		ht->pgen = 1;
	}
	bool ok = true;
	for (uint32_t grp = 0; grp < ngroups && ok; grp++) {
		/* a steal follows (steal_after): when the thief's hand is
		 * short of what it must hold after it by more than a card, no
		 * world of the group will do; by one card of x, the victim must
		 * hold one x more than it must after the steal (when the victim
		 * is `who`, the hand kept must); when not short, the victim must
		 * hold a card more than it must */
		unsigned x = CAT_RES;
		uint8_t more = 0;
		if (steal_need) {
			uint64_t short_by =
				bytes_less(steal_need[thief],
					   h->hands[thief].word[D.key[grp].hand[thief]]);
			unsigned cards = 0;
			for (unsigned r = 0; r < CAT_RES; r++, short_by >>= 8)
				if (short_by & 0xff) {
					cards += (unsigned)(short_by & 0xff);
					x = r;
				}
			bool dead = cards > 1;
			if (!dead && victim == who && cards) {
				more = (uint8_t)(((const uint8_t *)&steal_need[who])[x] + 1);
			} else if (!dead && victim != who) { /* the victim's hand is the group's */
				uint64_t held = h->hands[victim].word[D.key[grp].hand[victim]];
				uint64_t spare = bytes_less(held, steal_need[victim]);
				dead = !bytes_at_least(held, steal_need[victim]) ||
				       (cards ? !(spare >> 8 * x & 0xff) : !spare);
				x = CAT_RES;
			}
			if (dead) {
				h->ncut++;
				continue;
			}
		}
		hand_marks(ht); /* stamp[]: the hands the group keeps so far */
		for (uint32_t j = D.head[grp]; j != UINT32_MAX && ok; j = D.next[j]) {
			if (ht->total[D.hand[j]] < D.left)
				continue;
			uint32_t at = kept_of(h, &D, D.hand[j]);
			for (uint32_t k = 1; k <= D.pool[at] && ok; k++) {
				uint32_t part = D.pool[at + k];
				if (x < CAT_RES && hand_res(h, who, part)[x] < more) {
					h->ncut++;
					continue;
				}
				if (ht->stamp[part] == ht->gen)
					continue;
				ht->stamp[part] = ht->gen;
				ok = keep_part(h, &D, grp, j, part);
			}
		}
	}
	/* made in the order of the worlds they come from (as each world's
	 * ways one after the other would give them), so that the world shown
	 * and the one followed past CAT_MAX_WORLDS do not depend on the
	 * grouping */
	if (ok) {
		uint32_t *start = arb_xcalloc(n + 1, sizeof *start);
		for (unsigned i = 0; i < D.nkept; i++)
			start[D.kept[i].from + 1]++;
		for (unsigned i = 0; i < n; i++)
			start[i + 1] += start[i];
		reserve(out, D.nkept);
		for (unsigned i = 0; i < D.nkept; i++) {
			const kept_hand *k = &D.kept[i];
			wid *x = &out->w[start[k->from]++];
			*x = D.key[k->grp];
			x->hand[who] = k->part;
		}
		out->n = D.nkept;
		free(start);
	}
	free(D.key);
	free(D.head);
	free(D.next);
	free(D.hand);
	free(D.pool);
	free(D.kept);
	free(last);
	return ok;
}

/* An unseen steal by `thief` from `victim` in every world of `in` (their
 * tail becomes `tail`), into `out`: one world for each resource the
 * victim holds.  The pending actions are made on the way (each world as
 * flush() would make it, those they drop skipped), which saves flush()'s
 * pass.  False when the set overflowed. */
static inline __attribute__((always_inline)) bool steals_of(cat_hidden *h, wset *out,
							    const wset *in, uint32_t tail,
							    const uint32_t *tail_to, unsigned thief,
							    unsigned victim, const uint64_t *need)
{
	hand_change pc;
	const hand_table *vt = &h->hands[victim], *tt = &h->hands[thief];
	for (unsigned i = pending_start(h, &pc); i < in->n; i++) {
		wid buf;
		const wid *x = made_world(h, &pc, &in->w[i], &buf);
		if (!x)
			continue;
		uint32_t after = tail_to ? tail_to[x->tail] : tail;
		if (after == NO_ID)
			continue;
		uint32_t v = x->hand[victim], th = x->hand[thief];
		uint64_t held = vt->word[v], xw[3];
		wid_words(x, xw);
		wid_words_set(xw, WID_TAIL, after);
		/* the rows of what a card less and more make of the two hands,
		 * read again after a hand is added (the tables may move) */
		const uint32_t *less = vt->less[v], *more = tt->more[th];
		for (unsigned r = 0; r < CAT_RES; r++, held >>= 8) {
			if (!(held & 0xff))
				continue;
			uint32_t vr = less[r], tr = more[r];
			if ((vr == NO_ID) | (tr == NO_ID)) {
				vr = hand_less(h, victim, v, r);
				tr = hand_more(h, thief, th, r);
				less = vt->less[v];
				more = tt->more[th];
			}
			if (need && !(bytes_at_least(vt->word[vr], need[victim]) &&
				      bytes_at_least(tt->word[tr], need[thief]))) {
				h->ncut++; /* (ahead_need) */
				continue;
			}
			uint64_t y[3] = { xw[0], xw[1], xw[2] };
			wid_words_set(y, victim, vr);
			wid_words_set(y, thief, tr);
			if (insert_words(h, out, y) < 0)
				return false;
		}
	}
	return true;
}

static_assert(CAT_SEATS == 4, "a loop for each pair of the four seats");

static bool unseen_steals(cat_hidden *h, wset *out, const wset *in, uint32_t tail,
			  const uint32_t *tail_to, unsigned thief, unsigned victim,
			  const uint64_t *need)
{
	/* a loop for each pair of seats, whose places in the words are then
	 * constants: the words stay in registers (a tenth fewer instructions
	 * for the steals than one loop for all) */
#define STEALS_OF(t, v)           \
	case (t)*CAT_SEATS + (v): \
		return steals_of(h, out, in, tail, tail_to, t, v, need);
	switch (thief * CAT_SEATS + victim) {
		STEALS_OF(0, 1)
		STEALS_OF(0, 2)
		STEALS_OF(0, 3)
		STEALS_OF(1, 0)
		STEALS_OF(1, 2)
		STEALS_OF(1, 3)
		STEALS_OF(2, 0)
		STEALS_OF(2, 1)
		STEALS_OF(2, 3)
		STEALS_OF(3, 0)
		STEALS_OF(3, 1)
		STEALS_OF(3, 2)
	default:
		return steals_of(h, out, in, tail, tail_to, thief, victim, need);
	}
#undef STEALS_OF
}

/* The unseen steal by `thief` that follows the unseen discard `a` by
 * `who` in line m with only discards between (a 7's), none of them by the
 * thief or the victim, or NULL: what it must leave bounds the worlds the
 * discard makes (unseen_discards). */
static const cat_act *steal_after(const cat_move *m, const cat_act *a, unsigned who, unsigned thief)
{
	if (a < m->act || a >= m->act + m->n || who == thief)
		return NULL;
	const cat_act *b = a + 1;
	while (b < m->act + m->n && b->kind == A_DISCARD && b->a != thief && b->a != who)
		b++;
	if (b == m->act + m->n || (b->kind != A_ROBBER && b->kind != A_KNIGHT) ||
	    b->b >= CAT_SEATS || b->b == thief || b->c != CAT_UNSEEN)
		return NULL;
	for (const cat_act *d = a + 1; d < b; d++)
		if (d->a == b->b)
			return NULL; /* the victim's hand changes between */
	return b;
}

/* The first guess of an unseen steal or discard `a` by seat `who` that
 * world x allows, into c: false when it allows none. */
static bool first_guess(const cat_world *x, const cat_act *a, unsigned who, bool steal, cat_act *c)
{
	*c = *a;
	c->guessed = 1;
	if (steal) {
		unsigned r = 0;
		while (r < CAT_RES && !x->res[who][r])
			r++;
		c->c = (uint8_t)r;
		return r < CAT_RES;
	}
	unsigned left = a->b; /* the seen cards, then the first held */
	for (unsigned r = 0; r < CAT_RES; r++) {
		if (x->res[who][r] < a->give[r])
			return false;
		unsigned k = x->res[who][r] - a->give[r];
		k = k < left ? k : left;
		c->give[r] = (uint8_t)(a->give[r] + k);
		left -= k;
	}
	c->b = 0;
	return left == 0;
}

/* An unseen steal or discard: its rules are checked once, on one guess
 * in one world, since only the guess's cards differ between worlds and
 * guesses; then every world and guess is made by moving the cards.  What
 * the rules read of a world beyond the cards is its tail (the discards
 * owed, those made): when the worlds' bookkeeping differs (hand sizes
 * that differ, so the discards owed do), they are checked once per tail,
 * on the first world of it that allows a guess, and the tail's worlds
 * are all made or all dropped.  1 done, 0 not (played world by world:
 * no world allows it, which is said there), -1 the worlds overflowed, -2
 * refused: reading ahead cut every way. */
static int fast_unseen(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	bool steal = a->kind != A_DISCARD;
	bool by_tail = !h->now.same_books;
	if (by_tail || (!steal && hand_word(a->give)))
		flush(h); /* else the steal or discard makes the pending actions */
	const wset *in = &h->set[h->in];
	unsigned who = steal ? a->b : a->a;
	if (!in->n || who >= g->nseats)
		return 0;
	const uint32_t UNSET = NO_ID - 1;
	uint32_t *tail_to = NULL;     /* by_tail: a tail's after, NO_ID: dropped */
	uint32_t ntails = h->tails.n; /* (those of the worlds; more are made) */
	if (by_tail) {
		tail_to = arb_xmalloc(ntails * sizeof *tail_to);
		for (uint32_t k = 0; k < ntails; k++)
			tail_to[k] = UNSET;
	}
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	/* by_tail: the position and turn after the first world allowed (a
	 * try of another may follow); else the one try's are kept as they
	 * are */
	struct {
		cat_state s;
		cat_turn t;
		unsigned nev;
	} *kept = NULL;
	bool tried = false;    /* g->s, *t are a try's */
	uint32_t tail = NO_ID; /* the first tail after */
	unsigned n = by_tail ? in->n : 1;
	for (unsigned i = 0; i < n; i++) {
		unsigned at = h->now.pend ? h->now.first : i;
		if (by_tail && tail_to[in->w[at].tail] != UNSET)
			continue;
		cat_world x;
		world_expand(h, &in->w[at], &x);
		if (h->now.pend)
			pend_apply(h->now.pend_d, &h->now.pend_nw, h->now.pend_books, &x);
		cat_act c;
		if (!first_guess(&x, a, who, steal, &c))
			continue; /* (another world of its tail may allow one) */
		if (tried) {
			g->s = base_s;
			*t = base_t;
			g->nev = ev_base;
		}
		tried = true;
		world_load_x(g, t, &x);
		uint32_t after = NO_ID;
		if (cat_turn_step(t, &c) == 0) {
			cat_world nw;
			world_store_x(g, t, &nw);
			after = tail_id(&h->tails, (const uint8_t *)&nw + TAIL_AT);
			if (tail == NO_ID && by_tail) {
				kept = arb_xmalloc(sizeof *kept);
				kept->s = g->s;
				kept->t = *t;
				kept->nev = g->nev;
			}
			if (tail == NO_ID)
				tail = after;
		}
		if (by_tail)
			tail_to[in->w[at].tail] = after;
	}
	if (kept) {
		g->s = kept->s;
		*t = kept->t;
		g->nev = kept->nev;
		free(kept);
	} else if (tried && tail == NO_ID) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
	}
	if (tail == NO_ID) {
		free(tail_to);
		return 0;
	}
	if (by_tail)
		for (uint32_t k = 0; k < ntails; k++)
			if (tail_to[k] == UNSET)
				tail_to[k] = NO_ID;
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	new_gen(h);
	const uint64_t *need = ahead_need(g, t->m, a);
	const cat_act *s = steal ? NULL : steal_after(t->m, a, who, t->seat);
	const uint64_t *steal_need = s ? ahead_need(g, t->m, s) : NULL;
	uint64_t ncut = h->ncut;
	bool made = steal ? unseen_steals(h, out, in, tail, tail_to, t->seat, who, need)
			  : unseen_discards(h, out, in, tail, tail_to, who, a, need, t->seat,
					    s ? s->b : CAT_NONE, steal_need);
	if (h->ncut != ncut)
		g->ahead->cut = true;
	free(tail_to);
	if (!made) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		return -1;
	}
	if (!out->n) { /* every way cut: refused, and so undone (cat_play) */
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		cat_reject(t->rej, steal ? CAT_R_STEAL_CARD : CAT_R_DISCARD_NOT_HELD, t->m->line,
			   a->col, "no way the unseen cards went explains the lines ahead");
		return -2;
	}
	h->now.pend = false; /* made */
	if (!steal)
		for (unsigned r = 0; r < CAT_RES; r++) {
			h->now.bank_lo[r] = (uint8_t)(h->now.bank_lo[r] + a->give[r]);
			h->now.bank_hi[r] = (uint8_t)(h->now.bank_hi[r] + a->give[r] + a->b);
		}
	h->in = o;
	return 1;
}

/* A seen action that reads the hands only as what the acting seat must
 * hold (`need`) and as the bank's stock of some resources, up to cap[]
 * (a roll's production, a bank trade, year of plenty; when the bank is
 * not settled): the worlds fall into classes by that stock, and the rules
 * run once a class, on its first world that holds `need`, whose change
 * is carried to the others.  A 7, which reads the hands only as their
 * sizes (the discards owed), when those differ between worlds, falls into
 * classes by the sizes.  The worlds are made in their order, as
 * world by world would make them.  1 done, 0 not (every class refused,
 * or not such an action: played world by world), -1 the set overflowed. */
static int by_bank(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	const wset *in = &h->set[h->in];
	uint8_t cap[CAT_RES] = { 0 }, need[CAT_RES] = { 0 };
	if (!a || !h->now.same_books || cat_is_unseen(a))
		return 0;
	bool seven = false;		/* classes by the hand sizes: the discards owed */
	unsigned want[CAT_RES] = { 0 }; /* what it takes from the bank */
	if (a->kind == A_ROLL) {
		unsigned roll = a->a + a->b;
		if (roll < 2 || roll > 12)
			return 0;
		seven = roll == 7;
		if (!seven)
			produced(g, roll, want, NULL);
	} else if (a->kind == A_BANK || a->kind == A_PLENTY) {
		for (unsigned r = 0; r < CAT_RES; r++)
			want[r] = a->get[r];
		if (a->kind == A_BANK)
			memcpy(need, a->give, CAT_RES);
	} else {
		return 0;
	}
	for (unsigned r = 0; r < CAT_RES; r++) /* bytes_min's bound */
		cap[r] = (uint8_t)(want[r] < 127 ? want[r] : 127);
	wid *changed = NULL; /* each world as the action makes it */
	enum { CLASSES = 64 };
	struct {
		uint64_t key;
		unsigned first; /* its first world that holds `need` */
		bool ok;
		uint8_t d[CAT_SEATS][CAT_RES]; /* the change to the hands */
		uint32_t tail;
		cat_state s; /* the position and turn after it */
		cat_turn t;
		unsigned nev;
	} *cls = arb_xmalloc(CLASSES * sizeof *cls);
	unsigned ncls = 0;
	uint8_t *class_of = arb_xmalloc(in->n ? in->n : 1);
	uint64_t need_w = hand_word(need);
	uint8_t size_b[CAT_RES];
	memset(size_b, (int)cat_bank_size(g), CAT_RES);
	uint64_t size_w = hand_word(size_b), cap_w = hand_word(cap);
	/* the bank's stock over the worlds classed, as hand words */
	uint64_t stock_lo = hand_word(size_b), stock_hi = 0;
	for (unsigned i = 0; i < in->n; i++) {
		const wid *w = &in->w[i];
		class_of[i] = 0xff;
		if (!bytes_at_least(h->hands[t->seat].word[w->hand[t->seat]], need_w))
			continue;
		uint64_t key = 0;
		if (seven) { /* (the bank's stock does not move) */
			for (unsigned p = 0; p < g->nseats; p++)
				key |= (uint64_t)h->hands[p].total[w->hand[p]] << (8 * p);
		} else {
			uint64_t held = 0; /* of each resource, by all: no carry */
			for (unsigned p = 0; p < g->nseats; p++)
				held += h->hands[p].word[w->hand[p]];
			uint64_t bank = size_w - held; /* no borrow: held <= size */
			key = bytes_min(bank, cap_w);
			stock_lo = bytes_min(stock_lo, bank);
			stock_hi = bytes_max(stock_hi, bank);
		}
		unsigned c = 0;
		while (c < ncls && cls[c].key != key)
			c++;
		if (c == ncls) {
			if (ncls == CLASSES) { /* too many: world by world */
				free(cls);
				free(class_of);
				return 0;
			}
			cls[ncls].key = key;
			cls[ncls++].first = i;
		}
		class_of[i] = (uint8_t)c;
	}
	cat_state base_s = g->s;
	cat_turn base_t = *t;
	unsigned ev_base = g->nev;
	int first_ok = -1; /* the class of the first world allowed */
	for (unsigned c = 0; c < ncls; c++) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		cat_world w0, nw;
		world_expand(h, &in->w[cls[c].first], &w0);
		world_load_x(g, t, &w0);
		cls[c].ok = cat_turn_step(t, a) == 0;
		if (!cls[c].ok)
			continue;
		world_store_x(g, t, &nw);
		for (unsigned p = 0; p < CAT_SEATS; p++)
			for (unsigned r = 0; r < CAT_RES; r++)
				cls[c].d[p][r] = (uint8_t)(nw.res[p][r] - w0.res[p][r]);
		cls[c].tail = tail_id(&h->tails, (const uint8_t *)&nw + TAIL_AT);
		cls[c].s = g->s;
		cls[c].t = *t;
		cls[c].nev = g->nev;
		if (first_ok < 0 || cls[c].first < cls[first_ok].first)
			first_ok = (int)c;
	}
	int rc = 0;
	if (first_ok < 0) {
		g->s = base_s;
		*t = base_t;
		g->nev = ev_base;
		goto done;
	}
	/* each world's hands changed, a class at a time, so that each hand's
	 * change in a class is worked out once (carried): the worlds in the
	 * order of their classes (a counting sort), then made */
	changed = arb_xmalloc(in->n * sizeof *changed);
	unsigned *at = arb_xcalloc(ncls + 1, sizeof *at),
		 *order = arb_xmalloc(in->n * sizeof *order);
	for (unsigned i = 0; i < in->n; i++)
		if (class_of[i] != 0xff)
			at[class_of[i] + 1]++;
	for (unsigned c = 0; c < ncls; c++)
		at[c + 1] += at[c];
	for (unsigned i = 0; i < in->n; i++)
		if (class_of[i] != 0xff)
			order[at[class_of[i]]++] = i;
	for (unsigned c = 0, k = 0; c < ncls; c++) {
		unsigned end = at[c]; /* the placing moved it to the class's end */
		if (!cls[c].ok) {
			k = end;
			continue;
		}
		uint8_t none[CAT_SEATS * CAT_RES] = { 0 }, d[CAT_SEATS * CAT_RES];
		memcpy(d, cls[c].d, sizeof d);
		hand_change hc;
		change_start(h, &hc, none, d);
		for (; k < end; k++) {
			wid x = in->w[order[k]];
			change_made(h, &hc, &x); /* no bound: drops none */
			x.tail = cls[c].tail;
			changed[order[k]] = x;
		}
	}
	free(at);
	free(order);
	/* One class, and one tail before: every world changes alike, so they
	 * stay as many (no lookup), and the flags follow without a pass: the
	 * same bookkeeping, the same sizes if they were, the bank's stock
	 * over the worlds classed less the change.  Else each world is looked
	 * up, and the flags worked out over the set made. */
	bool alike = ncls == 1;
	for (unsigned i = 1; i < in->n && alike; i++)
		alike = in->w[i].tail == in->w[0].tail;
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	new_gen(h);
	if (alike)
		reserve(out, in->n);
	for (unsigned i = 0; i < in->n; i++) {
		if (class_of[i] == 0xff || !cls[class_of[i]].ok)
			continue;
		if (alike) {
			out->w[out->n++] = changed[i];
		} else if (insert(h, out, &changed[i]) < 0) {
			rc = -1;
			g->s = base_s;
			*t = base_t;
			g->nev = ev_base;
			goto done;
		}
	}
	arb_reject *rej = t->rej;
	g->s = cls[first_ok].s;
	*t = cls[first_ok].t;
	t->rej = rej;
	g->nev = cls[first_ok].nev;
	h->in = o;
	if (alike) {
		h->now.same_books = true;
		for (unsigned r = 0; r < CAT_RES && !seven; r++) {
			int dr = 0; /* what the bank gave of r */
			for (unsigned p = 0; p < CAT_SEATS; p++)
				dr += (int8_t)cls[0].d[p][r];
			h->now.bank_lo[r] = (uint8_t)((uint8_t)(stock_lo >> (8 * r)) - dr);
			h->now.bank_hi[r] = (uint8_t)((uint8_t)(stock_hi >> (8 * r)) - dr);
		}
	} else {
		set_flags(h, g, out);
	}
	rc = 1;
done:
	free(changed);
	free(cls);
	free(class_of);
	return rc;
}

/* Play one action of a turn line (NULL: the line's end) in every world
 * the record allows so far.  Rejects with too-many-unknowns, or as the
 * action in the world that fails first when it fails in all. */
/* The worlds outgrew what is listed: followed one at a time from here
 * (go_lazy: 1, the line is played, or CAT_RELISTED, or -1), or, when
 * they are listed again after the search failed, undecidable (-1). */
static int overflowed(cat_turn *t, int unseen_bad, const arb_reject *unseen_rej)
{
	if (t->g->hid->relisting)
		return undecidable(t);
	int rc = go_lazy(t, unseen_bad, unseen_rej);
	return rc == CAT_RELISTED ? rc : rc < 0 ? -1 : 1;
}

int cat_hidden_act(cat_turn *t, const cat_act *a, int unseen_bad, const arb_reject *unseen_rej)
{
	cat_game *g = t->g;
	if (!cat_hidden_on(g))
		enter(g, t);
	cat_hidden *h = g->hid;
	h->line = t->m; /* its unseen cards are tallied when it is committed */
	if (fast_act(t, a))
		return 0;
	int fu = a && cat_is_unseen(a) ? fast_unseen(t, a) : 0; /* makes the pending */
	if (fu > 0)
		return 0;
	if (fu == -2)
		return -1;
	flush(h); /* what follows plays the worlds one by one */
	if (fu == 0)
		fu = by_bank(t, a);
	if (fu > 0)
		return 0;
	if (fu < 0) /* too many to list */
		return overflowed(t, unseen_bad, unseen_rej);
	unsigned o = spare(h);
	pass *P = arb_xmalloc(sizeof *P);
	memset(P, 0, sizeof *P);
	P->t = t;
	P->h = h;
	P->out = start_set(h, o);
	P->rej = t->rej;
	P->base_s = g->s;
	P->base_t = *t;
	P->ev_base = g->nev;
	new_gen(h);
	const wset *in = &h->set[h->in];
	for (unsigned i = 0; i < in->n && !P->full; i++)
		expand(P, &in->w[i], a);
	int rc = 0;
	if (P->full || !P->ok) {
		g->s = P->base_s;
		*t = P->base_t;
		g->nev = P->ev_base;
		if (P->full) {
			t->rej = P->rej;
			rc = overflowed(t, unseen_bad, unseen_rej);
		} else {
			rc = explain(P, a, in);
		}
	} else {
		g->s = P->keep_s;
		*t = P->keep_t;
		t->rej = P->rej;
		g->nev = P->ev_keep;
		h->in = o;
		set_flags(h, g, &h->set[o]);
	}
	free(P);
	return rc;
}

/* The line is over: the worlds are listed up to the usual limit again. */
static void end_relisting(cat_game *g)
{
	cat_hidden *h = g->hid;
	if (!h || !h->relisting)
		return;
	h->relisting = false;
	set_limit(h, g);
}

/* Drop the hands and tails no world of the set `committed` holds, when
 * a table has grown past HANDS_KEPT: the ids of the set are made anew,
 * so the tables stay the size of what the worlds hold. */
static void collect(cat_hidden *h)
{
	wset *set = &h->set[h->committed];
	for (unsigned p = 0; p < CAT_SEATS; p++) {
		hand_table *old = &h->hands[p];
		if (old->n <= HANDS_KEPT)
			continue;
		hand_table fresh = { 0 };
		hand_marks(old); /* to[]: an old id's new one */
		for (unsigned i = 0; i < set->n; i++) {
			uint32_t id = set->w[i].hand[p];
			if (old->stamp[id] != old->gen) {
				old->stamp[id] = old->gen;
				old->to[id] = hand_id(&fresh, old->word[id]);
			}
			set->w[i].hand[p] = old->to[id];
		}
		hand_table_free(old);
		*old = fresh;
	}
	tail_table *tt = &h->tails;
	if (tt->n > HANDS_KEPT) {
		tail_table fresh = { 0 };
		for (unsigned i = 0; i < set->n; i++)
			set->w[i].tail = tail_id(&fresh, tt->bytes[set->w[i].tail]);
		free(tt->bytes);
		free(tt->slot);
		*tt = fresh;
	}
}

/* The line was legal: its worlds are the record's now.  The position
 * shows one in which the game goes on, if any (a win is seen only when
 * every way the unseen cards went wins it); with one world left, all is
 * known again. */
void cat_hidden_commit(cat_game *g)
{
	end_relisting(g);
	if (!cat_hidden_on(g))
		return;
	cat_hidden *h = g->hid;
	if (h->line)
		tally_line(&h->tally, h->line, h->line->n);
	h->line = NULL;
	if (h->lazy) {
		h->pending = false;
		h->fresh = false;
		return;
	}
	if (!keep_pending(h))
		flush(h);
	h->committed = h->in;
	h->fresh = false;
	h->kept = h->now;
	const wset *set = &h->set[h->committed];
	unsigned rep =
		h->now.pend ? h->now.first : 0; /* with pending actions, all alike over or not */
	while (!h->now.pend && rep + 1 < set->n && tail_of(h, &set->w[rep])[TAIL_OVER])
		rep++;
	if (!h->now.pend && tail_of(h, &set->w[rep])[TAIL_OVER])
		rep = 0;
	cat_world x;
	committed_world(h, rep, &x);
	world_load_x(g, NULL, &x);
	if (set->n == 1) { /* the position is the one world */
		g->trails = NULL;
		h->on = false;
		g->hidden_on = false; /* and enter() starts the tally again */
		h->now.pend = h->kept.pend = false;
	}
	collect(h);
}

/* The line was refused: back to the worlds of its start (none, when its
 * own '?' brought them). */
void cat_hidden_abort(cat_game *g)
{
	end_relisting(g);
	if (!cat_hidden_on(g))
		return;
	cat_hidden *h = g->hid;
	h->line = NULL; /* its unseen cards are not tallied */
	if (h->lazy && h->pending) {
		h->nlog--;
		h->pending = false;
	}
	if (h->fresh) {
		h->on = false;
		g->hidden_on = false;
		h->lazy = false;
	}
	restore_committed(h);
	h->fresh = false;
}

/* What is known of every hand (catan.h, cat_hand_range). */
/* The ranges of the hands the worlds of `set` hold (those the pending
 * actions keep): each seat's distinct hands are marked first, then read
 * once each, as a set holds thousands of worlds over tens of hands. */
static void hand_ranges_of(const cat_hidden *h, unsigned nseats, const wset *set,
			   cat_hand_range out[CAT_SEATS])
{
	uint8_t *marks[CAT_SEATS];
	for (unsigned p = 0; p < nseats; p++)
		marks[p] = arb_xcalloc(h->hands[p].n ? h->hands[p].n : 1, 1);
	for (unsigned i = 0; i < set->n; i++)
		if (kept_alive(h, i))
			for (unsigned p = 0; p < nseats; p++)
				marks[p][set->w[i].hand[p]] = 1;
	for (unsigned p = 0; p < nseats; p++) {
		cat_hand_range *o = &out[p];
		for (uint32_t id = 0; id < h->hands[p].n; id++) {
			if (!marks[p][id])
				continue;
			uint8_t held[CAT_RES];
			memcpy(held, hand_res(h, p, id), CAT_RES);
			unsigned n = 0;
			for (unsigned r = 0; r < CAT_RES; r++) {
				if (h->kept.pend) /* what the set keeps pending */
					held[r] = (uint8_t)(held[r] +
							    h->kept.pend_d[p * CAT_RES + r]);
				o->lo[r] = held[r] < o->lo[r] ? held[r] : o->lo[r];
				o->hi[r] = held[r] > o->hi[r] ? held[r] : o->hi[r];
				n += held[r];
			}
			o->cards_lo = n < o->cards_lo ? (uint8_t)n : o->cards_lo;
			o->cards_hi = n > o->cards_hi ? (uint8_t)n : o->cards_hi;
		}
		free(marks[p]);
	}
}

void cat_hand_ranges(const cat_game *g, cat_hand_range out[CAT_SEATS])
{
	const cat_state *s = &g->s;
	memset(out, 0, CAT_SEATS * sizeof *out);
	bool lazy = cat_hidden_lazy(g);
	const cat_hidden *h = g->hid;
	const wset *set = cat_hidden_on(g) && !lazy ? &h->set[h->committed] : NULL;
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_hand_range *o = &out[p];
		o->exact = !lazy;
		memcpy(o->lo, s->p[p].res, CAT_RES);
		memcpy(o->hi, s->p[p].res, CAT_RES);
		o->cards_lo = o->cards_hi = s->p[p].ncards;
		if (lazy)
			for (unsigned r = 0; r < CAT_RES; r++) {
				o->lo[r] = 0;
				o->hi[r] = s->p[p].ncards;
			}
	}
	if (set)
		hand_ranges_of(h, g->nseats, set, out);
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_hand_range *o = &out[p];
		unsigned u = s->p[p].unseen_dev;
		o->dev_unseen = (uint8_t)u;
		o->vp_seen = (uint8_t)cat_vp(g, p);
		if (g->opt_vpc == VPC_HIDDEN)
			o->vp_more = (uint8_t)(u < s->deck[D_VP] ? u : s->deck[D_VP]);
	}
}

/* What a view record knows of each hand, for dump: the hand size, each
 * resource's count or its range over every way the unseen cards could
 * have gone, the development cards bought unseen, and the points seen
 * with what the victory point cards among them could add.  Nothing for a
 * full record. */
void cat_hidden_dump(const cat_game *g, arb_buf *out)
{
	if (g->view == CAT_NONE)
		return;
	cat_hand_range hr[CAT_SEATS];
	cat_hand_ranges(g, hr);
	const char *vn = g->view == CAT_OBSERVER ? "observer" : cat_cname(g, g->view);
	unsigned n = cat_hidden_count(g);
	if (cat_hidden_lazy(g))
		arb_buf_printf(out,
			       "view: %s; more than %u possibilities of the unseen cards, "
			       "followed one at a time (the ranges are bounds)\n",
			       vn, CAT_MAX_WORLDS);
	else
		arb_buf_printf(out, "view: %s; %u possibilit%s of the unseen cards\n", vn, n,
			       n == 1 ? "y" : "ies");
	for (unsigned p = 0; p < g->nseats; p++) {
		const cat_hand_range *o = &hr[p];
		if (o->cards_lo == o->cards_hi)
			arb_buf_printf(out, "%s: %u card%s", cat_cname(g, p), o->cards_lo,
				       o->cards_lo == 1 ? "" : "s");
		else
			arb_buf_printf(out, "%s: %u-%u cards", cat_cname(g, p), o->cards_lo,
				       o->cards_hi);
		const char *sep = ": ";
		for (unsigned r = 0; r < CAT_RES; r++) {
			if (!o->hi[r])
				continue;
			if (o->lo[r] == o->hi[r])
				arb_buf_printf(out, "%s%u %s", sep, o->lo[r], cat_res_name[r]);
			else
				arb_buf_printf(out, "%s%u-%u %s", sep, o->lo[r], o->hi[r],
					       cat_res_name[r]);
			sep = ", ";
		}
		if (o->dev_unseen)
			arb_buf_printf(out, "; %u development card%s bought unseen", o->dev_unseen,
				       o->dev_unseen == 1 ? "" : "s");
		if (o->vp_more)
			arb_buf_printf(out, "; %u-%u points", o->vp_seen, o->vp_seen + o->vp_more);
		else
			arb_buf_printf(out, "; %u point%s", o->vp_seen, arb_s(o->vp_seen));
		arb_buf_putc(out, '\n');
	}
}
