/*
 * unseen.c — an unseen steal or discard made over the worlds by moving
 * ids: each world once per card it could have been, discards grouped by
 * the worlds that differ only in the discarding hand.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* The worlds after an unseen discard, grouped (unseen_discards): the
 * worlds that differ only in the discarding seat's hand share a key (the
 * world with that hand left out), and lead to the same worlds wherever
 * their hands have a part in common, so a group's worlds are made once
 * each: every hand kept, by the first of the group's hands that keeps
 * it.  The hands each hand keeps are listed once (a hand recurs in many
 * groups), most kept first (of brick, then of lumber, ...); each world of
 * `in` has the run of the hands it is the first to keep (kbeg..kend in
 * the list of hands kept), and the worlds are made in the order of `in`
 * at the end, each world's run in turn. */
typedef struct kept_hand {
	uint32_t part;
} kept_hand;

/* A group whose list holds the same discarder's hands in the same order
 * as an earlier group's (and is bounded alike by the steal after) keeps
 * the same hands from the same places of its list, since what a group
 * keeps depends on nothing else: each of its worlds takes the run of the
 * world at its place in the earlier group (copy_group) instead of
 * making one from its hand.  Where the seats' hands vary apart from one
 * another, most groups repeat one.  Per group: the hash of its hands
 * (sig), the worlds it makes (count), the steal's bound it was made
 * with (x, more), and the cuts it made; a hash table of the groups made
 * (slot: group + 1). */
typedef struct group_memo {
	uint64_t *sig;
	uint32_t *count, *cuts;
	uint8_t *x, *more;
	uint32_t *slot, nslot;
} group_memo;

typedef struct discard_groups {
	wid *key;
	uint32_t *head, *next; /* each group's worlds, as a list     */
	uint32_t *hand;	       /* world i's hand less the seen cards (NO_ID: it
				* lacks them), by id                   */
	uint32_t *grp;	       /* world i's group (with a hand)       */
	uint32_t *kbeg, *kend; /* world i's run of hands kept        */
	uint32_t *last;	       /* each group's last world (group_worlds) */
	unsigned total;	       /* the worlds made so far (at most the limit) */
	unsigned who, left;
	uint8_t need[CAT_RES]; /* the least the hand kept holds (ahead_need) */
	uint8_t part[CAT_RES]; /* the hand kept being built          */
	uint32_t *pool;	       /* each hand's kept hands: a count, then ids */
	unsigned npool, cap_pool;
	kept_hand *kept;
	unsigned nkept, cap_kept;
	unsigned ngroups;
	group_memo gm;
} discard_groups;

/* Put x at the end of the pool of kept hands. */
static inline void pool_push(discard_groups *D, uint32_t x)
{
	if (D->npool == D->cap_pool) {
		D->cap_pool = D->cap_pool ? 2 * D->cap_pool : 1024;
		D->pool = arb_xrealloc(D->pool, D->cap_pool * sizeof *D->pool);
	}
	D->pool[D->npool++] = x;
}

/* Room in D->kept for `count` more hands kept: for CAT_MAX_WORLDS at
 * once (pages touched only as they fill: growing a little at a time
 * copied it at each step), then doubling. */
static void kept_room(discard_groups *D, uint32_t count)
{
	if (D->nkept + count <= D->cap_kept)
		return;
	unsigned cap = D->cap_kept < CAT_MAX_WORLDS ? CAT_MAX_WORLDS : D->cap_kept;
	while (D->nkept + count > cap)
		cap *= 2;
	D->cap_kept = cap;
	D->kept = arb_xrealloc(D->kept, cap * sizeof *D->kept);
}

/* The hand part[] with `rem` cards of the last resource, within hand[],
 * onto the pool. */
static inline void kept_last(cat_hidden *h, discard_groups *D, const uint8_t hand[CAT_RES],
			     unsigned rem)
{
	unsigned r = CAT_RES - 1;
	if (rem > hand[r])
		return;
	if (rem < D->need[r]) {
		h->ncut++;
		return;
	}
	D->part[r] = (uint8_t)rem;
	pool_push(D, hid_hand_id(&h->hands[D->who], hand_word(D->part)));
}

/* Every hand part[] (its r.. still to choose, `rem` cards) within hand[]
 * (after[r]: what r + 1.. of it hold), most kept first, onto the pool.
 * The last resource's count follows from the others: made in the loop
 * of the one before (kept_last), not a call a hand. */
static void list_kept(cat_hidden *h, discard_groups *D, const uint8_t hand[CAT_RES],
		      const unsigned after[CAT_RES], unsigned r, unsigned rem)
{
	if (r == CAT_RES - 1) {
		kept_last(h, D, hand, rem);
		return;
	}
	unsigned top = hand[r] < rem ? hand[r] : rem;
	if (top < D->need[r]) { /* every hand kept holds too few */
		h->ncut++;
		return;
	}
	/* the hands kept with fewer than need[r] of r, when the rest can
	 * take the other cards, are cut too: counted, so that a refusal is
	 * undone (ahead_undo) */
	if ((rem > after[r] ? rem - after[r] : 0) < D->need[r])
		h->ncut++;
	for (unsigned k = top + 1; k-- > D->need[r] && rem - k <= after[r];) {
		D->part[r] = (uint8_t)k;
		if (r + 1 == CAT_RES - 1)
			kept_last(h, D, hand, rem - k);
		else
			list_kept(h, D, hand, after, r + 1, rem - k);
	}
}

/* The hands a hand keeps depend on the hand, the cards discarded and
 * the bound of reading ahead only, and the search tries the same
 * discards from many positions: so they are kept in the pool from one
 * discard to the next (0.8 % of the instructions of the 200 4-player
 * observer views of gen's seed 1, most in the games searched), found by
 * those three and the seat in kslot[], with the cuts the listing counted
 * (counted again when they are taken).  Forgotten when the pool or the
 * slots pass KEPT_POOL_MOST or KEPT_SLOTS_MOST (at the start of a
 * discard: the pool's places stay good through one), or the tables'
 * ids change (collect). */
typedef struct kept_slot {
	uint64_t key;  /* the hand's id, the cards discarded << 32, the seat
			* << 40, KEPT_USED */
	uint64_t need; /* the bound, a hand word */
	uint32_t at, cuts;
} kept_slot;

#define KEPT_USED (1ull << 63)
#define KEPT_POOL_MOST (1u << 18)
#define KEPT_SLOTS_MOST (1u << 14)

void hid_kept_forget(cat_hidden *h)
{
	h->npool = 0;
	h->nkused = 0;
	if (h->kslot)
		memset(h->kslot, 0, h->nkslot * sizeof *h->kslot);
}

/* The slot of the hands kept by (key, need), or the free one where they
 * go. */
static kept_slot *kept_slot_of(const cat_hidden *h, uint64_t key, uint64_t need)
{
	uint32_t i = (uint32_t)mix64((key ^ need * 0xff51afd7ed558ccdull) * 0x9e3779b97f4a7c15ull) &
		     (h->nkslot - 1);
	while (h->kslot[i].key && (h->kslot[i].key != key || h->kslot[i].need != need))
		i = (i + 1) & (h->nkslot - 1);
	return &h->kslot[i];
}

/* Room in the slots for one more (twice as many, put in again). */
static void kept_slots_grow(cat_hidden *h)
{
	if (2 * (h->nkused + 1) <= h->nkslot)
		return;
	kept_slot *old = h->kslot;
	unsigned nold = h->nkslot;
	h->nkslot = nold ? 2 * nold : 64;
	h->kslot = arb_xcalloc(h->nkslot, sizeof *h->kslot);
	for (unsigned i = 0; i < nold; i++)
		if (old[i].key)
			*kept_slot_of(h, old[i].key, old[i].need) = old[i];
	free(old);
}

/* The hands that hand `id` keeps listed at the end of the pool: where
 * they start. */
static uint32_t list_anew(cat_hidden *h, discard_groups *D, uint32_t id)
{
	const hand_table *ht = &h->hands[D->who];
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
	return at;
}

/* Where the hands that hand `id` keeps start in the pool (made once a
 * discard, and kept for the next: above). */
static uint32_t kept_of(cat_hidden *h, discard_groups *D, uint32_t id)
{
	hand_table *ht = &h->hands[D->who];
	if (ht->pstamp[id] == ht->pgen)
		return ht->pat[id];
	uint64_t key = id | (uint64_t)D->left << 32 | (uint64_t)D->who << 40 | KEPT_USED,
		 need = hand_word(D->need);
	kept_slots_grow(h);
	kept_slot *ks = kept_slot_of(h, key, need);
	uint32_t at;
	if (ks->key) {
		at = ks->at;
		h->ncut += ks->cuts;
#ifndef NDEBUG
		/* the test builds list them again: the same hands, the same cuts */
		uint64_t ncut = h->ncut;
		uint32_t again = list_anew(h, D, id), count = D->pool[at];
		assert(D->pool[again] == count && h->ncut - ncut == ks->cuts &&
		       memcmp(&D->pool[again + 1], &D->pool[at + 1], count * sizeof *D->pool) == 0);
		D->npool = again;
		h->ncut = ncut;
#endif
	} else {
		uint64_t ncut = h->ncut;
		at = list_anew(h, D, id);
		ks = kept_slot_of(h, key, need); /* (listing grows no slots; to be plain) */
		*ks = (kept_slot){ key, need, at, (uint32_t)(h->ncut - ncut) };
		h->nkused++;
	}
	ht->pstamp[id] = ht->pgen;
	ht->pat[id] = at;
	return at;
}

/* The worlds of `in` grouped by their key (D->key: the world without
 * the discarder's hand, its tail become `tail`, or tail_to[] of it), each
 * world's hand less the cards the discard shows in D->hand (NO_ID: it
 * lacks them, or the pending actions drop the world). */
static void group_worlds(cat_hidden *h, discard_groups *D, const wset *in, uint32_t tail,
			 const uint32_t *tail_to, const cat_act *a)
{
	unsigned n = in->n, who = D->who;
	uint32_t *last = D->last;
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
	hid_ensure_slots(h, n);
	new_gen(h);
	/* no hand, no run, unless the loop finds them */
	static_assert(NO_ID == UINT32_MAX, "NO_ID's bytes are 0xff");
	memset(D->hand, 0xff, n * sizeof *D->hand);
	memset(D->kbeg, 0, n * sizeof *D->kbeg);
	memset(D->kend, 0, n * sizeof *D->kend);
	for (unsigned i = from; i < n; i++) { /* (those before, dropped) */
		wid buf;
		const wid *w = made_world(h, &pc, &in->w[i], &buf);
		if (!w)
			continue;
		uint32_t after = tail_to ? tail_to[w->tail] : tail;
		if (after == NO_ID)
			continue;
		D->hand[i] = pc.n ? w->hand[who] : carried(h, who, w->hand[who], seen, less_seen);
		if (D->hand[i] == NO_ID)
			continue;
		uint64_t xw[3];
		wid_words(w, xw);
		wid_words_set(xw, who, NO_ID);
		wid_words_set(xw, WID_TAIL, after);
		uint64_t hash = wid_hash(xw);
		uint32_t stamp = wid_stamp(h, hash);
		unsigned slot = (unsigned)(hash >> h->shift);
		while (slot_used(h, slot) && (h->tab[slot].stamp != stamp ||
					      memcmp(&D->key[h->tab[slot].at], xw, sizeof xw)))
			slot = (slot + 1) & (h->nslots - 1);
		D->next[i] = UINT32_MAX;
		if (!slot_used(h, slot)) { /* a new group */
			h->tab[slot] = (hslot){ stamp, D->ngroups };
			memcpy(&D->key[D->ngroups], xw, sizeof xw);
			D->head[D->ngroups] = last[D->ngroups] = i;
			D->grp[i] = D->ngroups++;
		} else {
			unsigned k = h->tab[slot].at;
			D->next[last[k]] = i;
			last[k] = i;
			D->grp[i] = k;
		}
	}
}

/* A steal follows the discard (steal_after): when the thief's hand in
 * group grp is short of what it must hold after it by more than a card,
 * no world of the group will do (false); by one card of x, the victim
 * must hold one x more than it must after the steal (when the victim is
 * the discarder, the hand kept must: *x and *more say so); when not
 * short, the victim must hold a card more than it must. */
static bool steal_leaves(const cat_hidden *h, const discard_groups *D, uint32_t grp, unsigned thief,
			 unsigned victim, const uint64_t *steal_need, unsigned *x, uint8_t *more)
{
	unsigned who = D->who;
	uint64_t short_by =
		bytes_less(steal_need[thief], h->hands[thief].word[D->key[grp].hand[thief]]);
	unsigned cards = 0;
	for (unsigned r = 0; r < CAT_RES; r++, short_by >>= 8)
		if (short_by & 0xff) {
			cards += (unsigned)(short_by & 0xff);
			*x = r;
		}
	bool dead = cards > 1;
	if (!dead && victim == who && cards) {
		*more = (uint8_t)(((const uint8_t *)&steal_need[who])[*x] + 1);
	} else if (!dead && victim != who) { /* the victim's hand is the group's */
		uint64_t held = h->hands[victim].word[D->key[grp].hand[victim]];
		uint64_t spare = bytes_less(held, steal_need[victim]);
		dead = !bytes_at_least(held, steal_need[victim]) ||
		       (cards ? !(spare >> 8 * *x & 0xff) : !spare);
		*x = CAT_RES;
	}
	return !dead;
}

/* The hands group grp keeps, each once, by the first of its worlds that
 * keeps it; with x < CAT_RES, only those holding `more` of x.  False
 * when the set overflowed. */
static bool keep_group(cat_hidden *h, discard_groups *D, uint32_t grp, unsigned x, uint8_t more)
{
	hand_table *ht = &h->hands[D->who];
	hand_marks(ht); /* stamp[]: the hands the group keeps so far */
	for (uint32_t j = D->head[grp]; j != UINT32_MAX; j = D->next[j]) {
		if (ht->total[D->hand[j]] < D->left)
			continue;
		uint32_t at = kept_of(h, D, D->hand[j]); /* (may move the tables) */
		uint32_t count = D->pool[at];
		kept_room(D, count);
		/* in locals: a kept hand or mark stored may alias them */
		const uint32_t *parts = D->pool + at + 1;
		const uint8_t *word = (const uint8_t *)ht->word;
		uint32_t *stamp = ht->stamp, gen = ht->gen, limit = h->limit;
		kept_hand *kept = D->kept;
		uint32_t nkept = D->nkept, total = D->total;
		uint64_t cuts = 0;
		bool ok = true;
		for (uint32_t k = 0; k < count; k++) {
			uint32_t part = parts[k];
			if (x < CAT_RES && word[(size_t)part * sizeof(uint64_t) + x] < more) {
				cuts++;
				continue;
			}
			if (stamp[part] == gen)
				continue;
			stamp[part] = gen;
			if (total == limit) { /* the set overflowed */
				ok = false;
				break;
			}
			total++;
			kept[nkept++] = (kept_hand){ part };
		}
		D->kbeg[j] = D->nkept;
		D->kend[j] = D->nkept = nkept;
		D->total = total;
		h->ncut += cuts;
		if (!ok)
			return false;
	}
	return true;
}

/* The hash of the hands of group grp's list, in order. */
static uint64_t group_sig(const discard_groups *D, uint32_t grp)
{
	uint64_t sig = 0x9e3779b97f4a7c15ull;
	for (uint32_t j = D->head[grp]; j != UINT32_MAX; j = D->next[j])
		sig = mix64((sig ^ D->hand[j]) * 0xff51afd7ed558ccdull);
	return sig;
}

/* Groups a and b list the same hands in the same order. */
static bool same_hands(const discard_groups *D, uint32_t a, uint32_t b)
{
	uint32_t i = D->head[a], j = D->head[b];
	for (; i != UINT32_MAX && j != UINT32_MAX; i = D->next[i], j = D->next[j])
		if (D->hand[i] != D->hand[j])
			return false;
	return i == j;
}

/* The slot of the group made before that keeps what group grp keeps
 * (bound by x and more), or the free slot where grp goes. */
static uint32_t *group_slot(const discard_groups *D, uint32_t grp, unsigned x, uint8_t more)
{
	const group_memo *M = &D->gm;
	uint32_t i = (uint32_t)M->sig[grp] & (M->nslot - 1);
	for (; M->slot[i]; i = (i + 1) & (M->nslot - 1)) {
		uint32_t o = M->slot[i] - 1;
		if (M->sig[o] == M->sig[grp] && M->x[o] == x && M->more[o] == more &&
		    same_hands(D, o, grp))
			break;
	}
	return &M->slot[i];
}

/* Group grp keeps what group o kept, from the same places of its list:
 * each of its worlds the run of the world of o at its place.  False
 * when the set overflowed. */
static bool copy_group(cat_hidden *h, discard_groups *D, uint32_t grp, uint32_t o)
{
	uint32_t count = D->gm.count[o];
	if (count > h->limit - D->total)
		return false; /* (as keep_group would, a hand at a time) */
	/* in locals: a run stored may alias D's lists */
	const uint32_t *next = D->next;
	uint32_t *kbeg = D->kbeg, *kend = D->kend;
	for (uint32_t i = D->head[grp], j = D->head[o]; i != UINT32_MAX; i = next[i], j = next[j]) {
		kbeg[i] = kbeg[j];
		kend[i] = kend[j];
	}
	D->total += count;
	h->ncut += D->gm.cuts[o];
	return true;
}

/* The hands group grp keeps (keep_group), or those of the group made
 * before that keeps the same (group_memo).  False when the set
 * overflowed. */
static bool keep_or_copy(cat_hidden *h, discard_groups *D, uint32_t grp, unsigned x, uint8_t more)
{
	group_memo *M = &D->gm;
	M->sig[grp] = group_sig(D, grp);
	M->x[grp] = (uint8_t)x;
	M->more[grp] = more;
	uint32_t *slot = group_slot(D, grp, x, more);
	if (*slot)
		return copy_group(h, D, grp, *slot - 1);
	uint64_t ncut = h->ncut;
	unsigned total = D->total;
	bool ok = keep_group(h, D, grp, x, more);
	M->count[grp] = D->total - total;
	M->cuts[grp] = (uint32_t)(h->ncut - ncut);
	*slot = grp + 1;
	return ok;
}

/* A discard's lists are carved from room kept in the solver for the
 * next discard (*room, *cap: grown as needed, given back past
 * SCRATCH_KEPT, freed with the solver), which saves the fourteen
 * allocations each discard made (1 % of an observer view's replay).
 * Each list starts 8-byte aligned. */
static size_t list_size(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* Past this much, the room is given back after the discard (scratch_end):
 * a discard over that many worlds costs far more than its allocation,
 * and room kept that large raised the most memory a replay takes. */
#define SCRATCH_KEPT (64u << 10)

static char *scratch(char **room, size_t *cap, size_t n)
{
	if (n > *cap || !*room) { /* (some room even for none: carve adds to it) */
		n = n ? n : 8;
		free(*room);
		*room = arb_xmalloc(n);
		*cap = n;
	}
	return *room;
}

static void scratch_end(char **room, size_t *cap)
{
	if (*cap > SCRATCH_KEPT) {
		free(*room);
		*room = NULL;
		*cap = 0;
	}
}

static void *carve(char **at, size_t n)
{
	void *p = *at;
	*at += list_size(n);
	return p;
}

static void memo_start(cat_hidden *h, group_memo *M, unsigned ngroups)
{
	M->nslot = 16;
	while (M->nslot < 2 * ngroups)
		M->nslot *= 2;
	size_t n = ngroups;
	char *at = scratch(&h->dmemo, &h->cap_dmemo,
			   list_size(n * sizeof *M->sig) + 2 * list_size(n * sizeof *M->count) +
				   2 * list_size(n) + list_size(M->nslot * sizeof *M->slot));
	M->sig = carve(&at, n * sizeof *M->sig);
	M->count = carve(&at, n * sizeof *M->count);
	M->cuts = carve(&at, n * sizeof *M->cuts);
	M->x = carve(&at, n);
	M->more = carve(&at, n);
	M->slot = carve(&at, M->nslot * sizeof *M->slot);
	memset(M->slot, 0, M->nslot * sizeof *M->slot);
}

/* The worlds kept, made in the order of the worlds of `in` (n) they come
 * from (as each world's ways one after the other would give them), so
 * that the world shown and the one followed past CAT_MAX_WORLDS do not
 * depend on the grouping. */
static void make_kept(wset *out, const discard_groups *D, unsigned n)
{
	hid_reserve(out, D->total);
	wid *o = out->w;
	unsigned made = 0, who = D->who;
	for (unsigned i = 0; i < n; i++) {
		if (D->kbeg[i] == D->kend[i])
			continue;
		wid x = D->key[D->grp[i]];
		for (uint32_t k = D->kbeg[i]; k < D->kend[i]; k++) {
			x.hand[who] = D->kept[k].part;
			o[made++] = x;
		}
	}
	assert(made == D->total);
	out->n = made;
}

/* An unseen discard of `a` by seat `who` in every world of `in` (their
 * tail becomes `tail`), into `out`: every way of choosing the unseen
 * cards from what each world's hand holds beyond the seen ones.  The
 * pending actions are made on the way when no card is seen (as in
 * hid_unseen_steals).  False when the set overflowed. */
static bool unseen_discards(cat_hidden *h, wset *out, const wset *in, uint32_t tail,
			    const uint32_t *tail_to, unsigned who, const cat_act *a,
			    const uint64_t *need, unsigned thief, unsigned victim,
			    const uint64_t *steal_need)
{
	unsigned n = in->n;
	if (h->npool > KEPT_POOL_MOST || h->nkused > KEPT_SLOTS_MOST)
		hid_kept_forget(h);
	discard_groups D = { .who = who,
			     .left = a->b,
			     .pool = h->dpool,
			     .npool = h->npool,
			     .cap_pool = h->cap_dpool,
			     .kept = h->dkept,
			     .cap_kept = h->cap_dkept };
	if (need)
		memcpy(D.need, &need[who], CAT_RES);
	static_assert(sizeof *D.head == sizeof *D.kend && sizeof *D.next == sizeof *D.kend &&
			      sizeof *D.hand == sizeof *D.kend && sizeof *D.grp == sizeof *D.kend &&
			      sizeof *D.kbeg == sizeof *D.kend && sizeof *D.last == sizeof *D.kend,
		      "seven lists of one size");
	char *at = scratch(&h->dlists, &h->cap_dlists,
			   list_size(n * sizeof *D.key) + 7 * list_size(n * sizeof *D.kend));
	D.key = carve(&at, n * sizeof *D.key);
	D.head = carve(&at, n * sizeof *D.head);
	D.next = carve(&at, n * sizeof *D.next);
	D.hand = carve(&at, n * sizeof *D.hand);
	D.grp = carve(&at, n * sizeof *D.grp);
	D.kbeg = carve(&at, n * sizeof *D.kbeg);
	D.kend = carve(&at, n * sizeof *D.kend);
	D.last = carve(&at, n * sizeof *D.last);
	group_worlds(h, &D, in, tail, tail_to, a);
	hand_pmarks(&h->hands[who]);
	bool ok = true;
	memo_start(h, &D.gm, D.ngroups);
	for (uint32_t grp = 0; grp < D.ngroups && ok; grp++) {
		unsigned x = CAT_RES;
		uint8_t more = 0;
		if (steal_need && !steal_leaves(h, &D, grp, thief, victim, steal_need, &x, &more)) {
			h->ncut++;
			continue;
		}
		ok = keep_or_copy(h, &D, grp, x, more);
	}
	if (ok)
		make_kept(out, &D, n);
	scratch_end(&h->dlists, &h->cap_dlists);
	scratch_end(&h->dmemo, &h->cap_dmemo);
	h->dpool = D.pool; /* (their room kept for the next discard) */
	h->npool = D.npool;
	h->cap_dpool = D.cap_pool;
	h->dkept = D.kept;
	h->cap_dkept = D.cap_kept;
	return ok;
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

/* The position, the turn and its events at the start of a try, to go
 * back to. */
typedef struct turn_mark {
	cat_state s;
	cat_turn t;
	unsigned nev;
} turn_mark;

static void mark_take(turn_mark *k, const cat_game *g, const cat_turn *t)
{
	k->s = g->s;
	k->t = *t;
	k->nev = g->nev;
}

static void mark_back(const turn_mark *k, cat_game *g, cat_turn *t)
{
	g->s = k->s;
	*t = k->t;
	g->nev = k->nev;
}

/* A tail's after not yet worked out (fast_unseen's tail_to). */
#define TAIL_UNSET (NO_ID - 1)

/* The unseen steal or discard `a` (by or from `who`) tried by the rules
 * on its first guess: with tail_to (the worlds' bookkeeping differs),
 * once per tail of the worlds, on the first world of it that allows a
 * guess, each tail's after put in tail_to[] (NO_ID: refused); else once,
 * on the first world.  The first tail after, or NO_ID when every try was
 * refused; the position and turn left as the first try allowed left
 * them, or as they were (base) when none was. */
static uint32_t first_tail(cat_turn *t, const cat_act *a, unsigned who, uint32_t *tail_to,
			   const turn_mark *base)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	const wset *in = &h->set[h->in];
	bool steal = a->kind != A_DISCARD, by_tail = tail_to != NULL;
	/* by_tail: the position and turn after the first world allowed (a
	 * try of another may follow); else the one try's are kept as they
	 * are */
	turn_mark kept;
	bool have_kept = false;
	bool tried = false;    /* g->s, *t are a try's */
	uint32_t tail = NO_ID; /* the first tail after */
	unsigned n = by_tail ? in->n : 1;
	for (unsigned i = 0; i < n; i++) {
		unsigned at = h->now.pend ? h->now.first : i;
		if (by_tail && tail_to[in->w[at].tail] != TAIL_UNSET)
			continue;
		cat_world x;
		world_expand(h, &in->w[at], &x);
		if (h->now.pend)
			pend_apply(h->now.pend_d, &h->now.pend_nw, h->now.pend_books, &x);
		cat_act c;
		if (!first_guess(&x, a, who, steal, &c))
			continue; /* (another world of its tail may allow one) */
		if (tried)
			mark_back(base, g, t);
		tried = true;
		hid_world_load_x(g, t, &x);
		uint32_t after = NO_ID;
		if (cat_turn_step(t, &c) == 0) {
			cat_world nw;
			hid_world_store_x(g, t, &nw);
			after = hid_tail_id(&h->tails, (const uint8_t *)&nw + TAIL_AT);
			if (tail == NO_ID && by_tail) {
				mark_take(&kept, g, t);
				have_kept = true;
			}
			if (tail == NO_ID)
				tail = after;
		}
		if (by_tail)
			tail_to[in->w[at].tail] = after;
	}
	if (have_kept)
		mark_back(&kept, g, t);
	else if (tried && tail == NO_ID)
		mark_back(base, g, t);
	return tail;
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
int hid_fast_unseen(cat_turn *t, const cat_act *a)
{
	cat_game *g = t->g;
	cat_hidden *h = g->hid;
	bool steal = a->kind != A_DISCARD;
	bool by_tail = !h->now.same_books;
	if (by_tail || (!steal && hand_word(a->give)))
		hid_flush(h); /* else the steal or discard makes the pending actions */
	const wset *in = &h->set[h->in];
	unsigned who = steal ? a->b : a->a;
	if (!in->n || who >= g->nseats)
		return 0;
	uint32_t *tail_to = NULL;     /* by_tail: a tail's after, NO_ID: dropped */
	uint32_t ntails = h->tails.n; /* (those of the worlds; more are made) */
	if (by_tail) {
		tail_to = arb_xmalloc(ntails * sizeof *tail_to);
		for (uint32_t k = 0; k < ntails; k++)
			tail_to[k] = TAIL_UNSET;
	}
	turn_mark base;
	mark_take(&base, g, t);
	uint32_t tail = first_tail(t, a, who, tail_to, &base);
	if (tail == NO_ID) {
		free(tail_to);
		return 0;
	}
	if (by_tail)
		for (uint32_t k = 0; k < ntails; k++)
			if (tail_to[k] == TAIL_UNSET)
				tail_to[k] = NO_ID;
	unsigned o = spare(h);
	wset *out = start_set(h, o);
	if (steal) /* slots for twice the worlds: few rehashes as it fills */
		hid_ensure_slots(h, 2 * in->n);
	new_gen(h);
	const uint64_t *need = hid_ahead_need(g, t->m, a);
	const cat_act *s = steal ? NULL : steal_after(t->m, a, who, t->seat);
	const uint64_t *steal_need = s ? hid_ahead_need(g, t->m, s) : NULL;
	uint64_t ncut = h->ncut;
	bool made = steal ? hid_unseen_steals(h, out, in, tail, tail_to, t->seat, who, need)
			  : unseen_discards(h, out, in, tail, tail_to, who, a, need, t->seat,
					    s ? s->b : CAT_NONE, steal_need);
	if (h->ncut != ncut)
		hid_ahead_cut(g);
	free(tail_to);
	if (!made) {
		mark_back(&base, g, t);
		return -1;
	}
	if (!out->n) { /* every way cut: refused, and so undone (cat_play) */
		mark_back(&base, g, t);
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
