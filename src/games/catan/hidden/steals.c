/*
 * steals.c — an unseen steal made over the worlds by moving ids: each
 * world once per card the victim could have lost.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* Bit r for each byte r (of the five) of a mask of 0x00 and 0xff bytes
 * (bytes_ge_mask): each byte's low bit multiplied into the top byte, at
 * its own place, with no carries between. */
static inline unsigned byte_bits(uint64_t m)
{
	return (unsigned)(((m & 0x0101010101ull) * 0x0102040810204080ull) >> 56);
}

#define EACH_RES 0x0101010101ull /* a hand word of one card of each resource */

/* The resources r whose card the victim of hand word v can lose and
 * still hold need (v - r at least need), as bits. */
static inline unsigned victim_may_lose(uint64_t v, uint64_t need)
{
	if (bytes_ge_mask(v, need) != ~0ull)
		return 0;
	return byte_bits(bytes_ge_mask(v, need + EACH_RES));
}

/* The resources r whose card brings the thief of hand word t to hold
 * need (t + r at least need), as bits: any when it holds need already,
 * the one it lacks when it lacks a card of one only. */
static inline unsigned thief_may_gain(uint64_t t, uint64_t need)
{
	unsigned short_of = byte_bits(~bytes_ge_mask(t, need));
	if (!short_of)
		return (1u << CAT_RES) - 1;
	if (short_of & (short_of - 1))
		return 0;
	return short_of & byte_bits(bytes_ge_mask(t + EACH_RES, need));
}

/* What a hand of a steal's thief or victim allows (steal_ways). */
typedef struct steal_need {
	uint64_t victim, thief; /* what each must hold after it */
} steal_need;

/* Hand `id` of table ht in a steal: the resources it holds (bits 0..4);
 * as the victim's, those whose card it can lose and still hold what it
 * must (bits 8..12); as the thief's, those whose card brings it to what
 * it must hold (bits 16..20).  Worked out once a steal for each hand
 * (pat, pstamp), both ways, so that thief and victim may share a table. */
static inline __attribute__((always_inline)) unsigned steal_ways(hand_table *ht, uint32_t id,
								 const steal_need *sn)
{
	if (ht->pstamp[id] == ht->pgen)
		return ht->pat[id];
	uint64_t held = ht->word[id];
	unsigned ways = byte_bits(bytes_ge_mask(held, EACH_RES)) |
			victim_may_lose(held, sn->victim) << 8 |
			thief_may_gain(held, sn->thief) << 16;
	ht->pstamp[id] = ht->pgen;
	return ht->pat[id] = ways;
}

/* An unseen steal by `thief` from `victim` in every world of `in` (their
 * tail becomes `tail`), into `out`: one world for each resource the
 * victim holds.  The pending actions are made on the way (each world as
 * hid_flush() would make it, those they drop skipped), which saves hid_flush()'s
 * pass.  The resources each world allows are worked out as bits from
 * the two hands' words (those reading ahead rules out less), so that the
 * loop visits only the worlds it makes.  False when the set overflowed. */
static inline __attribute__((always_inline)) bool steals_of(cat_hidden *h, wset *out,
							    const wset *in, uint32_t tail,
							    const uint32_t *tail_to, unsigned thief,
							    unsigned victim, const uint64_t *need)
{
	hand_change pc;
	hand_table *vt = &h->hands[victim], *tt = &h->hands[thief];
	held_table T;
	held_load(h, out, &T);
	steal_need sn = { need ? need[victim] : 0, need ? need[thief] : 0 };
	unsigned first_cut = UINT_MAX; /* the first world reading ahead cut a way of */
	hand_pmarks(vt);
	hand_pmarks(tt);
	for (unsigned i = pending_start(h, &pc); i < in->n; i++) {
		wid buf;
		const wid *x = made_world(h, &pc, &in->w[i], &buf);
		if (!x)
			continue;
		uint32_t after = tail_to ? tail_to[x->tail] : tail;
		if (after == NO_ID)
			continue;
		uint32_t v = x->hand[victim], th = x->hand[thief];
		unsigned ways = steal_ways(vt, v, &sn), lost = 0;
		if (need) { /* (ahead_need) */
			unsigned kept = ways >> 8 & steal_ways(tt, th, &sn) >> 16 & 0xff;
			ways &= 0xff;
			lost = ways & ~kept;
			ways = kept;
		} else {
			ways &= 0xff;
		}
		if (lost && first_cut == UINT_MAX)
			first_cut = i;
		if (!ways)
			continue;
		uint64_t xw[3];
		wid_words(x, xw);
		wid_words_set(xw, WID_TAIL, after);
		/* the rows of what a card less and more make of the two hands,
		 * read again after a hand is added (the tables may move) */
		const uint32_t *less = vt->less[v], *more = tt->more[th];
		if (T.n + CAT_RES > T.room) /* room for every way at once */
			held_grow(h, out, &T, CAT_RES);
		for (; ways; ways &= ways - 1) {
			unsigned r = (unsigned)__builtin_ctz(ways);
			uint32_t vr = less[r], tr = more[r];
			if ((vr == NO_ID) | (tr == NO_ID)) {
				vr = hand_less(h, victim, v, r);
				tr = hand_more(h, thief, th, r);
				less = vt->less[v];
				more = tt->more[th];
			}
			uint64_t y[3] = { xw[0], xw[1], xw[2] };
			wid_words_set(y, victim, vr);
			wid_words_set(y, thief, tr);
			if (held_put(&T, y) < 0) {
				out->n = T.n; /* (the cuts up to this one made) */
				h->ncut += first_cut < i || (lost & ((1u << r) - 1));
				return false;
			}
		}
	}
	out->n = T.n;
	h->ncut += first_cut != UINT_MAX;
	return true;
}

static_assert(CAT_SEATS == 4, "a loop for each pair of the four seats");

bool hid_unseen_steals(cat_hidden *h, wset *out, const wset *in, uint32_t tail,
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
