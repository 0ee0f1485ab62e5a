/*
 * notation.c — Carcassonne turn lines: parse() and format().
 *
 *   turn     = colour tile ( "discard" | pos rot [ follower ] )
 *   pos      = int "," int            x east, y south, start tile at 0,0
 *   rot      = "0" | "90" | "180" | "270"   clockwise from the canonical
 *   follower = ("road" | "city") side | "field" half | "cloister"
 *
 * Sides and half-edges name the spot as the player sees it on the placed
 * tile (board frame, after the rotation).  notation/carcassonne.md is the
 * full grammar with aliases.  Everything that depends on the tile alone
 * (does this tile, so turned, have a road on its south side?) is checked
 * here, because it needs no position; everything else is apply()'s.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "carcassonne.h"

const char *const cc_side_name[4] = { "N", "E", "S", "W" };
const char *const cc_half_name[8] = { "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR" };
const char *const cc_kind_name[5] = { "", "road", "city", "field", "cloister" };
const char *const cc_side_word[4] = { "north", "east", "south", "west" };

/* arb_tok_ieq without the library calls: this runs several times on every
 * turn line.  `word` is lower-case ASCII. */
static inline bool ieq(const arb_token *t, const char *word)
{
	uint32_t i = 0;
	for (; i < t->len; i++)
		if (word[i] == 0 || (char)(t->s[i] | 0x20) != word[i])
			return false;
	return word[i] == 0;
}

/* ieq() for a word w of known length n (game.h, arb_word_ieq). */
static inline bool word_is(const arb_token *t, const char *w, uint32_t n)
{
	return arb_word_ieq(t->s, t->len, w, n);
}

/* An integer of at most 6 digits with an optional sign at p (before
 * end) into *v; the end of it, or NULL when there is none. */
static inline const char *parse_int6(const char *p, const char *end, int32_t *v)
{
	bool neg = false;
	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	const char *start = p;
	uint32_t acc = 0, dg;
	/* a longer run of digits is refused below; the unsigned sum may
	 * wrap on the way, harmlessly */
	while (p < end && (dg = (uint32_t)(unsigned char)*p - '0') <= 9) {
		acc = acc * 10 + dg;
		p++;
	}
	if (p == start || p - start > 6)
		return NULL;
	*v = neg ? -(int32_t)acc : (int32_t)acc;
	return p;
}

/* "x,y" filling s[0..n): two integers of at most 6 digits, each with an
 * optional sign; false otherwise.  One pass, as it runs on every turn. */
static bool parse_xy(const char *s, size_t n, int32_t *x, int32_t *y)
{
	const char *end = s + n;
	const char *p = parse_int6(s, end, x);
	if (!p || p == end || *p != ',')
		return false;
	p = parse_int6(p + 1, end, y);
	return p == end;
}

/* parse_xy() for the positions nearly every turn has: one digit each,
 * a minus sign at most ("1,0", "-1,2", "0,-3", "-2,-1"), told apart by
 * the length and the places of the comma and the signs, so no byte is
 * tested twice; false for anything else, which parse_xy() then judges. */
static inline bool xy_short(const char *s, uint32_t n, int32_t *x, int32_t *y)
{
	uint32_t a, b;
	bool nx = false, ny = false;
	switch (n) {
	case 3: /* d,d */
		if (s[1] != ',')
			return false;
		a = (uint32_t)(unsigned char)s[0] - '0';
		b = (uint32_t)(unsigned char)s[2] - '0';
		break;
	case 4: /* -d,d or d,-d */
		if (s[0] == '-' && s[2] == ',') {
			nx = true;
			a = (uint32_t)(unsigned char)s[1] - '0';
		} else if (s[1] == ',' && s[2] == '-') {
			ny = true;
			a = (uint32_t)(unsigned char)s[0] - '0';
		} else {
			return false;
		}
		b = (uint32_t)(unsigned char)s[3] - '0';
		break;
	case 5: /* -d,-d */
		if (s[0] != '-' || s[2] != ',' || s[3] != '-')
			return false;
		nx = ny = true;
		a = (uint32_t)(unsigned char)s[1] - '0';
		b = (uint32_t)(unsigned char)s[4] - '0';
		break;
	default:
		return false;
	}
	if ((a | b) > 9)
		return false;
	*x = nx ? -(int32_t)a : (int32_t)a;
	*y = ny ? -(int32_t)b : (int32_t)b;
	return true;
}

/* A lower-case word with its length, for word_is(). */
typedef struct cc_word {
	const char *s;
	uint32_t len;
} cc_word;
#define W(lit)                      \
	{                           \
		lit, sizeof lit - 1 \
	}

/* Every word a follower's feature goes by (notation/carcassonne.md). */
static const struct feature_word {
	cc_word w;
	uint8_t kind; /* enum cc_kind */
} feature_words[] = {
	{ W("r"), CC_ROAD },
	{ W("road"), CC_ROAD },
	{ W("robber"), CC_ROAD },
	{ W("thief"), CC_ROAD },
	{ W("highwayman"), CC_ROAD },
	{ W("c"), CC_CITY },
	{ W("city"), CC_CITY },
	{ W("knight"), CC_CITY },
	{ W("f"), CC_FIELD },
	{ W("field"), CC_FIELD },
	{ W("farm"), CC_FIELD },
	{ W("farmer"), CC_FIELD },
	{ W("cloister"), CC_CLOISTER },
	{ W("monastery"), CC_CLOISTER },
	{ W("abbey"), CC_CLOISTER },
	{ W("monk"), CC_CLOISTER },
	{ W("m"), CC_CLOISTER },
};
#define FEATURE_MAXLEN 10 /* "highwayman" */

/* feature_words[] by first letter and length, as index + 1 (0: none):
 * no two words share both, so a token is compared with one word. */
static const uint8_t feature_at[26][FEATURE_MAXLEN + 1] = {
	['r' - 'a'] = { [1] = 1, [4] = 2, [6] = 3 },
	['t' - 'a'] = { [5] = 4 },
	['h' - 'a'] = { [10] = 5 },
	['c' - 'a'] = { [1] = 6, [4] = 7, [8] = 13 },
	['k' - 'a'] = { [6] = 8 },
	['f' - 'a'] = { [1] = 9, [5] = 10, [4] = 11, [6] = 12 },
	['m' - 'a'] = { [9] = 14, [4] = 16, [1] = 17 },
	['a' - 'a'] = { [5] = 15 },
};

/* The feature a follower word names (road, knight, f, monastery, ...),
 * or CC_KNONE: one table lookup and one comparison. */
static inline __attribute__((always_inline)) unsigned feature_kind(const arb_token *t)
{
	unsigned letter = (unsigned)(unsigned char)(t->s[0] | 0x20) - 'a';
	if (letter >= 26 || t->len > FEATURE_MAXLEN)
		return CC_KNONE;
	unsigned i = feature_at[letter][t->len];
	if (!i)
		return CC_KNONE;
	const struct feature_word *fw = &feature_words[i - 1];
	return word_is(t, fw->w.s, fw->w.len) ? fw->kind : CC_KNONE;
}

/* The side of letter c (any case), or -1. */
static int side_letter(char c)
{
	switch (c | 0x20) {
	case 'n':
		return 0;
	case 'e':
		return 1;
	case 's':
		return 2;
	case 'w':
		return 3;
	}
	return -1;
}

/* The side named by t (N, north, ...), or -1. */
static inline __attribute__((always_inline)) int tok_side(const arb_token *t)
{
	if (t->len == 1)
		return side_letter(t->s[0]);
	int s = side_letter(t->s[0]);
	return s >= 0 && ieq(t, cc_side_word[s]) ? s : -1;
}

/* The half-edge named by t (NL ... WR, any case), or -1. */
static inline __attribute__((always_inline)) int tok_half(const arb_token *t)
{
	int s = t->len == 2 ? side_letter(t->s[0]) : -1;
	char lr = t->len == 2 ? (char)(t->s[1] | 0x20) : 0;
	return s < 0 || (lr != 'l' && lr != 'r') ? -1 : 2 * s + (lr == 'r');
}

/* Parse the follower tokens t[0..n) of a placement into m. */
/* Which rotations of tile `ty` have a `kind` at `spot` (a side, or for a
 * field a half-edge): "rotated 90 or 180 it has one there", or "no
 * rotation of it has one there" — the fix after CC_R_NO_SUCH_FEATURE. */
static void rotations_with(const cc_type *ty, unsigned kind, int spot, char *out, size_t cap)
{
	unsigned rots[4], n = 0;
	for (unsigned r = 0; r < 4; r++) {
		const cc_orient *o = &ty->rot[r];
		bool has = kind == CC_FIELD
				   ? o->half_seg[spot] >= 0
				   : o->edge[spot] == (kind == CC_CITY ? CC_ECITY : CC_EROAD);
		if (has)
			rots[n++] = r * 90u;
	}
	if (n == 0) {
		snprintf(out, cap, "no rotation of it has one there");
		return;
	}
	int w = snprintf(out, cap, "rotated %u", rots[0]);
	for (unsigned i = 1; i < n && w > 0 && (size_t)w < cap; i++)
		w += snprintf(out + w, cap - (size_t)w, "%s%u", i + 1 == n ? " or " : ", ",
			      rots[i]);
	if (w > 0 && (size_t)w < cap)
		snprintf(out + w, cap - (size_t)w, " it has one there");
}

static int parse_follower(const cc_game *g, const arb_token *t, size_t n, cc_move *m,
			  arb_reject *rej)
{
	const cc_type *ty = &g->data->type[m->type];
	const cc_orient *o = &ty->rot[m->rot];
	m->col_follower = t[0].col;
	if (n == 1 && arb_tok_eq(&t[0], "-"))
		return 0;
	/* The compact spelling "city:N", "F:NL" is two words in one. */
	const char *colon = NULL;
	for (uint32_t i = 1; i < t[0].len && !colon; i++)
		if (t[0].s[i] == ':')
			colon = t[0].s + i;
	arb_token split[2];
	if (n == 1 && colon && colon > t[0].s && colon + 1 < t[0].s + t[0].len) {
		split[0] = t[0];
		split[0].len = (uint32_t)(colon - t[0].s);
		split[1] = t[0];
		split[1].s = colon + 1;
		split[1].len = t[0].len - split[0].len - 1;
		split[1].col = t[0].col + split[0].len + 1;
		t = split;
		n = 2;
	}
	unsigned kind = feature_kind(&t[0]);
	if (kind == CC_CLOISTER) {
		if (n > 1)
			return cc_reject_at(rej, CC_R_EXTRA_TOKEN, &t[1],
					    "unexpected '%.*s': a cloister follower needs no spot",
					    (int)t[1].len, t[1].s);
		if (!ty->cloister)
			return cc_reject_at(rej, CC_R_NO_SUCH_FEATURE, &t[0],
					    "tile %c has no cloister", ty->letter);
		m->fkind = CC_CLOISTER;
		m->seg = ty->cloister_seg;
		return 0;
	}
	if (kind == CC_KNONE)
		return cc_reject_at(rej, CC_R_BAD_FOLLOWER, &t[0],
				    "'%.*s' is no feature: write road, city, field or cloister",
				    (int)t[0].len, t[0].s);
	if (n < 2)
		return cc_reject_at(rej, CC_R_BAD_FOLLOWER, &t[0],
				    "a follower on a %s needs the %s it stands on",
				    cc_kind_name[kind],
				    kind == CC_FIELD ? "half-edge (NL NR EL ER SL SR WL WR)"
						     : "side (N, E, S or W)");
	if (n > 2)
		return cc_reject_at(rej, CC_R_EXTRA_TOKEN, &t[2], "unexpected '%.*s'",
				    (int)t[2].len, t[2].s);
	m->fkind = (uint8_t)kind;
	if (kind == CC_FIELD) {
		int h = tok_half(&t[1]);
		if (h < 0)
			return cc_reject_at(
				rej, CC_R_BAD_FOLLOWER, &t[1],
				"'%.*s' is no half-edge: write NL NR EL ER SL SR WL or WR",
				(int)t[1].len, t[1].s);
		if (o->half_seg[h] < 0) {
			char other[64];
			rotations_with(ty, CC_FIELD, h, other, sizeof other);
			return cc_reject_at(
				rej, CC_R_NO_SUCH_FEATURE, &t[1],
				"tile %c rotated %u has no field at %s: its %s side is a city; %s",
				ty->letter, m->rot * 90u, cc_half_name[h], cc_side_word[h / 2],
				other);
		}
		m->spot = (uint8_t)h;
		m->seg = o->half_seg[h];
		return 0;
	}
	int s = tok_side(&t[1]);
	if (s < 0)
		return cc_reject_at(rej, CC_R_BAD_FOLLOWER, &t[1],
				    "'%.*s' is no side: write N, E, S or W", (int)t[1].len, t[1].s);
	unsigned want = kind == CC_CITY ? CC_ECITY : CC_EROAD;
	if (o->edge[s] != want) {
		char other[64];
		rotations_with(ty, kind, s, other, sizeof other);
		return cc_reject_at(rej, CC_R_NO_SUCH_FEATURE, &t[1],
				    "tile %c rotated %u has no %s on its %s side; %s", ty->letter,
				    m->rot * 90u, cc_kind_name[kind], cc_side_word[s], other);
	}
	m->spot = (uint8_t)s;
	m->seg = o->side_seg[s];
	return 0;
}

/* The colour index tok names (Red, BLUE, ...), or -1.  The colours
 * differ in length but for green and black: pick the candidate by the
 * length (and the first letter), then compare the whole word once. */
static inline int colour_of(const arb_token *tok)
{
	static const cc_word lower[] = { W("red"), W("blue"), W("green"), W("yellow"), W("black") };
	int colour = -1;
	switch (tok->len) {
	case 3:
		colour = 0;
		break;
	case 4:
		colour = 1;
		break;
	case 5:
		colour = (tok->s[0] | 0x20) == 'g' ? 2 : 4;
		break;
	case 6:
		colour = 3;
		break;
	}
	if (colour >= 0 && !word_is(tok, lower[colour].s, lower[colour].len))
		colour = -1;
	return colour;
}

/* The quarter turns of the digits d0[0..nd): exactly 0, 90, 180 or 270
 * (no sign, no leading zeros); -1 otherwise. */
static inline int quarters_plain(const char *d0, uint32_t nd)
{
	switch (nd) {
	case 1:
		return d0[0] == '0' ? 0 : -1;
	case 2:
		return d0[0] == '9' && d0[1] == '0' ? 1 : -1;
	case 3:
		if (d0[2] != '0')
			return -1;
		if (d0[0] == '1' && d0[1] == '8')
			return 2;
		if (d0[0] == '2' && d0[1] == '7')
			return 3;
		return -1;
	}
	return -1;
}

/* The quarter turns rotation token rt names: quarters_plain(), optionally
 * after an R.  The plain digits are tried first: nearly every turn
 * writes them, and a token starting with R never passes them. */
static inline int quarters_of(const arb_token *rt)
{
	int q = quarters_plain(rt->s, rt->len);
	if (q >= 0 || rt->len < 2 || (rt->s[0] != 'r' && rt->s[0] != 'R'))
		return q;
	return quarters_plain(rt->s + 1, rt->len - 1);
}

/* The whole parse op, every rule with its message: the turns
 * parse_fast() leaves to it, valid or not. */
static __attribute__((noinline, cold)) int parse_full(const cc_game *g, const arb_token *tok,
						      size_t ntok, cc_move *m, arb_reject *rej)
{
	const cc_data *d = g->data;
	const char *const *colours = cc_colours;
	assert(ntok > 0);
	memset(m, 0, sizeof *m); /* parse_clears: the fields a line leaves out */
	m->line = tok[0].line;
	m->col_colour = tok[0].col;
	int colour = colour_of(&tok[0]);
	char seated[64]; /* "Red, Blue": the colours playing, for messages */
	if (colour < 0 || g->seat_of[colour] < 0)
		arb_seat_list(seated, sizeof seated, colours, g->colour, g->nseats,
			      (1u << g->nseats) - 1, true);
	if (colour < 0)
		return cc_reject_at(rej, CC_R_UNKNOWN_COLOUR, &tok[0],
				    "'%.*s' is no colour: a turn starts with the colour of the "
				    "player (in this game: %s)",
				    (int)tok[0].len, tok[0].s, seated);
	if (g->seat_of[colour] < 0)
		return cc_reject_at(rej, CC_R_NOT_SEATED, &tok[0],
				    "%s does not play in this game (its colours: %s)",
				    colours[colour], seated);
	m->seat = (uint8_t)g->seat_of[colour];
	if (ntok < 2)
		return cc_reject(rej, CC_R_MISSING_TOKEN, tok[0].line, tok[0].col + tok[0].len,
				 "the drawn tile's letter is missing after %s", colours[colour]);
	m->col_tile = tok[1].col;
	/* one table lookup, either case */
	int type = tok[1].len == 1 ? d->by_byte[(unsigned char)tok[1].s[0]] : -1;
	if (type < 0)
		return cc_reject_at(rej, CC_R_UNKNOWN_TILE, &tok[1],
				    "'%.*s' is no tile: tiles are the letters A to X",
				    (int)tok[1].len, tok[1].s);
	m->type = (uint8_t)type;
	if (ntok < 3)
		return cc_reject(rej, CC_R_MISSING_TOKEN, tok[1].line, tok[1].col + tok[1].len,
				 "tile %c needs a position x,y and a rotation, "
				 "or 'discard'",
				 d->type[type].letter);
	m->col_pos = tok[2].col;
	if ((tok[2].s[0] | 0x20) == 'd' && (ieq(&tok[2], "discard") || ieq(&tok[2], "discarded"))) {
		if (ntok > 3)
			return cc_reject_at(rej, CC_R_EXTRA_TOKEN, &tok[3],
					    "unexpected '%.*s' after a discard", (int)tok[3].len,
					    tok[3].s);
		m->discard = 1;
		return 0;
	}
	if (!parse_xy(tok[2].s, tok[2].len, &m->x, &m->y))
		return cc_reject_at(
			rej, CC_R_BAD_POSITION, &tok[2],
			"'%.*s' is no position: write x,y (for example 1,-2) or 'discard'",
			(int)tok[2].len, tok[2].s);
	if (ntok < 4)
		return cc_reject(rej, CC_R_MISSING_TOKEN, tok[2].line, tok[2].col + tok[2].len,
				 "the rotation (0, 90, 180 or 270) is missing");
	m->col_rot = tok[3].col;
	const arb_token *rt = &tok[3];
	int quarters = quarters_of(rt);
	if (quarters < 0)
		return cc_reject_at(
			rej, CC_R_BAD_ROTATION, rt,
			"'%.*s' is no rotation: write 0, 90, 180 or 270 (degrees clockwise)",
			(int)rt->len, rt->s);
	m->rot = (uint8_t)quarters;
	m->seg = -1;
	if (ntok > 4)
		return parse_follower(g, tok + 4, ntok - 4, m, rej);
	return 0;
}

/* The follower of a well-formed placement, tokens f[0..n) (n is 1 or
 * 2), into *kind, *spot, *seg as parse_follower() sets them; false when
 * parse_follower() must judge it (a "-", a compact "city:N", an error). */
static inline bool follower_fast(const cc_type *ty, const cc_orient *o, const arb_token *f,
				 size_t n, unsigned *kind, int *spot, int *seg)
{
	*kind = feature_kind(&f[0]);
	if (n == 1) {
		/* a whole word naming a cloister holds no colon to split */
		*spot = 0;
		*seg = ty->cloister_seg;
		return *kind == CC_CLOISTER && ty->cloister;
	}
	if (*kind == CC_FIELD) {
		*spot = tok_half(&f[1]);
		return *spot >= 0 && (*seg = o->half_seg[*spot]) >= 0;
	}
	if (*kind != CC_ROAD && *kind != CC_CITY)
		return false;
	*spot = tok_side(&f[1]);
	*seg = *spot >= 0 ? o->side_seg[*spot] : -1;
	return *spot >= 0 && o->edge[*spot] == (*kind == CC_CITY ? CC_ECITY : CC_EROAD);
}

/* A placement turn that breaks no rule parse() checks, into m, every
 * field written; false for anything else: a discard, a "-" follower, any
 * error (then m holds some of the fields, and parse_full() clears it
 * first).  Nearly every turn is such a placement, so it is read here in
 * one pass without the frame and the branches of the messages; each
 * field is stored as soon as it is read, so few values stay live (fewer
 * registers to save on entry). */
static inline bool parse_fast(const cc_game *g, const arb_token *tok, size_t ntok, cc_move *m)
{
	if (ntok < 4 || ntok > 6)
		return false;
	int colour = colour_of(&tok[0]);
	if (colour < 0 || g->seat_of[colour] < 0 || tok[1].len != 1)
		return false;
	m->seat = (uint8_t)g->seat_of[colour];
	int type = g->data->by_byte[(unsigned char)tok[1].s[0]];
	if (type < 0)
		return false;
	m->type = (uint8_t)type;
	if (!xy_short(tok[2].s, tok[2].len, &m->x, &m->y) &&
	    !parse_xy(tok[2].s, tok[2].len, &m->x, &m->y))
		return false;
	int quarters = quarters_of(&tok[3]);
	if (quarters < 0)
		return false;
	m->rot = (uint8_t)quarters;
	unsigned kind = CC_KNONE;
	int spot = 0, seg = -1;
	if (ntok > 4) {
		const cc_type *ty = &g->data->type[type];
		if (!follower_fast(ty, &ty->rot[quarters], tok + 4, ntok - 4, &kind, &spot, &seg))
			return false;
	}
	/* every field (parse_clears): nothing zeroes the move before */
	m->col_follower = ntok > 4 ? tok[4].col : 0;
	m->discard = 0;
	m->line = tok[0].line;
	m->col_colour = tok[0].col;
	m->col_tile = tok[1].col;
	m->col_pos = tok[2].col;
	m->col_rot = tok[3].col;
	m->fkind = (uint8_t)kind;
	m->spot = (uint8_t)spot;
	m->seg = (int8_t)seg;
	return true;
}

/* (carcassonne.h) The parse op. */
int cc_parse(const void *game, const arb_token *tok, size_t ntok, void *move, arb_reject *rej)
{
	assert(ntok > 0);
	if (parse_fast(game, tok, ntok, move))
		return 0;
	return parse_full(game, tok, ntok, move, rej);
}

/* (carcassonne.h) The format op: the canonical spelling. */
void cc_format(const void *game, const void *move, arb_buf *out)
{
	const cc_game *g = game;
	const cc_move *m = move;
	const cc_type *ty = &g->data->type[m->type];
	arb_buf_printf(out, "%s %c", cc_colours[g->colour[m->seat]], ty->letter);
	if (m->discard) {
		arb_buf_puts(out, " discard");
		return;
	}
	arb_buf_printf(out, " %d,%d %u", (int)m->x, (int)m->y, m->rot * 90u);
	if (m->fkind == CC_KNONE)
		return;
	arb_buf_printf(out, " %s", cc_kind_name[m->fkind]);
	const char *spot = cc_spot_name(&ty->rot[m->rot].seg[m->seg]);
	if (spot)
		arb_buf_printf(out, " %s", spot);
}

/* (carcassonne.h) The segment's first side or half-edge, so `road E` and
 * `road W` on a straight road print alike. */
const char *cc_spot_name(const cc_seg *sg)
{
	if (sg->kind == CC_FIELD)
		return cc_half_name[__builtin_ctz(sg->halves)];
	if (sg->kind == CC_CLOISTER)
		return NULL;
	return cc_side_name[__builtin_ctz(sg->sides)];
}
