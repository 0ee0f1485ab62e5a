/*
 * names.c — the names of Catan's places and cards, written and read: an
 * intersection and a path written (c1, c1-d1; notation.c reads them),
 * resources and development cards with their aliases, a hex of the Setup
 * tag (O10) and a harbour's kind.  Every turn line reads some of them, so
 * the canonical spellings are tried first, a word at a time.
 */
#include <assert.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "catan.h"

/* ------------------------------------------- names of places and cards */

const char *const cat_res_name[CAT_RES] = { "brick", "lumber", "wool", "grain", "ore" };
const char *const cat_dev_name[CAT_DEV] = { "knight", "road-building", "year-of-plenty", "monopoly",
					    "victory-point" };
const char *const cat_terrain_name[CAT_RES + 1] = { "hills",  "forest",	   "pasture",
						    "fields", "mountains", "desert" };
const char cat_res_letter[CAT_RES + 1] = { 'B', 'L', 'W', 'G', 'O', 'D' };

void cat_node_name(const cat_data *d, unsigned node, char out[4])
{
	assert(node < CAT_NODES);
	out[0] = (char)('a' + d->g.node_x[node]);
	out[1] = (char)('1' + d->g.node_row[node]);
	out[2] = 0;
}

void cat_edge_name(const cat_data *d, unsigned edge, char out[8])
{
	assert(edge < CAT_EDGES);
	cat_node_name(d, d->g.edge_node[edge][0], out);
	out[2] = '-';
	cat_node_name(d, d->g.edge_node[edge][1], out + 3);
}

/* Word lists carry their lengths so a lookup compares bytes only for
 * words of the token's length. */
#define AL(w, v)                   \
	{                          \
		w, sizeof w - 1, v \
	}
static const struct alias {
	const char *word;
	uint8_t len;
	int val;
} res_alias[] = {
	AL("brick", R_BRICK), AL("bricks", R_BRICK), AL("clay", R_BRICK),
	AL("lumber", R_LUMBER), AL("wood", R_LUMBER),
	AL("wool", R_WOOL), AL("sheep", R_WOOL),
	AL("grain", R_GRAIN), AL("wheat", R_GRAIN), AL("corn", R_GRAIN),
	AL("ore", R_ORE), AL("stone", R_ORE), AL("ores", R_ORE),
}, dev_alias[] = {
	AL("knight", D_KNIGHT), AL("soldier", D_KNIGHT),
	AL("road-building", D_ROADS), AL("roadbuilding", D_ROADS),
	AL("roads", D_ROADS),
	AL("year-of-plenty", D_PLENTY), AL("yearofplenty", D_PLENTY),
	AL("plenty", D_PLENTY),
	AL("monopoly", D_MONOPOLY),
	AL("victory-point", D_VP), AL("victorypoint", D_VP), AL("vp", D_VP),
	AL("point", D_VP),
};
#undef AL

/* s[0..n) equals the lower-case word w (of length n) ignoring ASCII case,
 * as strncasecmp does in the C locale; inline, without a library call. */
static inline bool ascii_ieq(const char *s, const char *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 'A' && c <= 'Z')
			c = (unsigned char)(c + 32);
		if (c != (unsigned char)w[i])
			return false;
	}
	return true;
}

/* The k = 4 or 8 bytes at p as the low lanes of a word. */
static inline uint64_t load_k(const char *p, size_t k)
{
	if (k == 8) {
		uint64_t v;
		memcpy(&v, p, 8);
		return v;
	}
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* Each byte lane of a equals that of the word w ignoring case, where
 * w's lanes with bit 0x40 (letters) take a's OR 0x20. */
static inline bool lanes_ieq(uint64_t a, uint64_t w)
{
	const uint64_t L = 0x4040404040404040ull;
	return (a | (w & L) >> 1) == w;
}

/* ascii_ieq for a `w` of lower-case letters and '-' (the card names),
 * four or eight bytes at a time as cat_letters_ieq does: a byte of w
 * with bit 0x40 is a letter, whose byte of s is OR-ed with 0x20 (exactly
 * 'A'..'Z' and 'a'..'z' land on 'a'..'z'); a '-' (bit 0x40 clear) is
 * compared as it is. */
static inline bool word_ieq(const char *s, const char *w, size_t n)
{
	if (n < 4 || n > 16)
		return ascii_ieq(s, w, n);
	/* the first and the last k bytes, overlapping for n in between */
	size_t k = n >= 8 ? 8 : 4;
	return lanes_ieq(load_k(s, k), load_k(w, k)) &&
	       lanes_ieq(load_k(s + n - k, k), load_k(w + n - k, k));
}

static int find_alias(const struct alias *t, size_t nt, const char *s, size_t n)
{
	for (size_t i = 0; i < nt; i++)
		if (t[i].len == n && ascii_ieq(s, t[i].word, n))
			return t[i].val;
	return -1;
}

/* Resources are read in every bundle of every line: the canonical words
 * are tried first by length and first letter, the aliases after. */
int cat_parse_res(const char *s, size_t n)
{
	if (n >= 3 && n <= 6) {
		static const int8_t by_len[7] = { -1, -1, -1, R_ORE, -1, R_BRICK, R_LUMBER };
		int r = by_len[n];
		if (n == 4)
			r = (s[0] | 0x20) == 'w' ? R_WOOL : -1;
		else if (n == 5 && (s[0] | 0x20) == 'g')
			r = R_GRAIN;
		if (r >= 0 && cat_letters_ieq(s, cat_res_name[r], n))
			return r;
	}
	for (size_t i = 0; i < ARB_COUNT(res_alias); i++) /* all letters */
		if (res_alias[i].len == n && cat_letters_ieq(s, res_alias[i].word, n))
			return res_alias[i].val;
	return -1;
}

/* The canonical card names are tried first, by their first letter (one
 * comparison; every buy and play of every line reads one), the aliases
 * after. */
int cat_parse_dev(const char *s, size_t n)
{
	static const uint8_t dev_len[CAT_DEV] = { 6, 13, 14, 8, 13 };
	int d = -1;
	switch (n ? s[0] | 0x20 : 0) {
	case 'k':
		d = D_KNIGHT;
		break;
	case 'r':
		d = D_ROADS;
		break;
	case 'y':
		d = D_PLENTY;
		break;
	case 'm':
		d = D_MONOPOLY;
		break;
	case 'v':
		d = D_VP;
		break;
	}
	if (d >= 0 && dev_len[d] == n && word_ieq(s, cat_dev_name[d], n))
		return d;
	return find_alias(dev_alias, ARB_COUNT(dev_alias), s, n);
}

/* "O10" / "D": a terrain letter and its token (Setup hexes=, the data's
 * beginner board).  Returns 0 or -1. */
int cat_parse_hexspec(const char *s, size_t n, uint8_t *terrain, uint8_t *token)
{
	if (n < 1)
		return -1;
	const char *p = memchr(cat_res_letter, s[0] & ~0x20, CAT_RES + 1);
	if (!p || s[0] == 0)
		return -1;
	*terrain = (uint8_t)(p - cat_res_letter);
	*token = 0;
	if (*terrain == T_DESERT)
		return n == 1 ? 0 : -1;
	if (n < 2 || n > 3)
		return -1;
	unsigned v = 0;
	for (size_t i = 1; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v < 2 || v > 12 || v == 7)
		return -1;
	*token = (uint8_t)v;
	return 0;
}

/* A harbour kind: "3:1" (or "generic") -> HARB_GENERIC, or a resource
 * name (2:1); -1 otherwise. */
int cat_parse_harb_kind(const char *s, size_t n)
{
	if ((n == 3 && memcmp(s, "3:1", 3) == 0) || (n == 7 && strncasecmp(s, "generic", 7) == 0))
		return HARB_GENERIC;
	return cat_parse_res(s, n);
}
