/*
 * tables.c — the tables of hands and of tails that a world's ids point
 * into, and a world put into the position or taken from it.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* ------------------------------------------------------------- tables */

/* The table's lists by id grown to `cap` ids, in one block (ht->word
 * starts it; eight allocations a growth cost 1 % of an observer view's
 * replay), the ids so far copied and the new ones left as they are:
 * hid_hand_id writes them as it adds each id (less[] and more[] too: a
 * memset of the room not yet used cost more than the ids added in most
 * games).  The lists of eight-byte elements first, the bytes last, so
 * that each is aligned. */
static void hand_lists_grow(hand_table *ht, uint32_t cap)
{
	hand_table was = *ht;
	size_t n = ht->n;
	char *at =
		arb_xmalloc((size_t)cap * (sizeof *ht->word + sizeof *ht->less + sizeof *ht->more +
					   sizeof *ht->to + sizeof *ht->stamp + sizeof *ht->pat +
					   sizeof *ht->pstamp + sizeof *ht->total));
#define CARVE(list)                                                       \
	do {                                                              \
		ht->list = (void *)at;                                    \
		at += (size_t)cap * sizeof *ht->list;                     \
		if (n)                                                    \
			memcpy(ht->list, was.list, n * sizeof *ht->list); \
	} while (0)
	CARVE(word);
	CARVE(less);
	CARVE(more);
	CARVE(to);
	CARVE(stamp);
	CARVE(pat);
	CARVE(pstamp);
	CARVE(total);
#undef CARVE
	free(was.word); /* (the block) */
	ht->cap = cap;
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
uint32_t hid_hand_id(hand_table *ht, uint64_t word)
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
	if (ht->n == ht->cap)
		hand_lists_grow(ht, ht->n ? 2 * ht->n : 256);
	uint32_t id = ht->n++;
	ht->word[id] = word;
	uint8_t b[8];
	memcpy(b, &word, 8);
	unsigned total = 0;
	for (unsigned r = 0; r < CAT_RES; r++)
		total += b[r];
	ht->total[id] = (uint8_t)total;
	ht->stamp[id] = ht->pstamp[id] = 0;
	for (unsigned r = 0; r < CAT_RES; r++)
		ht->less[id][r] = ht->more[id][r] = NO_ID;
	ht->slot[i] = id + 1;
	return id;
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
uint32_t hid_tail_id(tail_table *tt, const uint8_t *bytes)
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

static_assert(offsetof(cat_world, winner) == TAIL_AT + TAIL_WINNER, "over, winner in order");

/* ------------------------------------------------------------- worlds */

/* The sum of the bytes of x, modulo 256: pairs of bytes summed into 16-bit
 * lanes first, which no byte's count can overflow. */
static inline uint8_t bytes_sum(uint64_t x)
{
	uint64_t pairs = (x & 0x00ff00ff00ff00ffull) + (x >> 8 & 0x00ff00ff00ff00ffull);
	return (uint8_t)((pairs * 0x0001000100010001ull) >> 48);
}

/* Seat p's hand in world w as a hand word: read as the eight bytes from
 * its first, the three past its five (the next hand's, or the tail's)
 * masked off, where the byte order allows (hand_word's copy of five
 * bytes through memory cost a load of a world a fifth of its time). */
static inline uint64_t held_word(const cat_world *w, unsigned p)
{
	static_assert(offsetof(cat_world, res) == 0 &&
			      sizeof(cat_world) >= CAT_SEATS * CAT_RES + 8 - CAT_RES,
		      "eight bytes from each hand are the world's");
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t x;
	memcpy(&x, (const unsigned char *)w + p * CAT_RES, sizeof x);
	return x & 0xffffffffffull;
#else
	return hand_word(w->res[p]);
#endif
}

/* Put world `w` into the position (and, with `t`, the turn).  Each hand
 * a word (hand_word): the bank's stock and the hand's size are worked
 * out a seat at a time, not a card at a time. */
void hid_world_load_x(cat_game *g, cat_turn *t, const cat_world *w)
{
	cat_state *s = &g->s;
	/* 19 of each, or bank=unlimited's */
	uint64_t bank = (uint64_t)(uint8_t)cat_bank_size(g) * 0x0101010101ull;
	for (unsigned p = 0; p < g->nseats; p++) {
		cat_player *pl = &s->p[p];
		uint64_t held = held_word(w, p);
		memcpy(pl->res, w->res[p], CAT_RES);
		bank = sub_bytes(bank, held);
		pl->ncards = bytes_sum(held);
	}
	memcpy(s->bank, &bank, CAT_RES);
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
void hid_world_store_x(const cat_game *g, const cat_turn *t, cat_world *w)
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

/* The hash of a world in full (the lazy search's memo). */
uint64_t hid_world_hash(const cat_world *w)
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
