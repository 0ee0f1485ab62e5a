/*
 * notation.c — turn lines of Elasund TGN to el_move and back (parse,
 * format).
 *
 * A turn line is the acting colour, the roll, then the turn's items in the
 * order of the four phases (grammar in notation/elasund.md).  parse() only
 * checks spelling and order: it may read the configuration (seats, data)
 * but never the position, so `fmt` can print any record.  The rules are in
 * rules.c.  One pass over the tokens (two for a line the fast pass leaves
 * to the full one: el_parse), no allocation.  The parsed move also
 * keeps where each item starts, for the referee's actions (open.c).  The
 * words an item is made of (keywords, colours, cards, squares) are read
 * by the inline helpers of tokens.h.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "elasund.h"
#include "tokens.h"

/* The three fields that start at -1, side by side in el_move and el_build,
 * and the zero after them (cleared already), set by one 4-byte store of a
 * constant: written as -1s gcc kept the constant in a register. */
#define MINUS3 ((const int8_t[4]){ -1, -1, -1, 0 })
_Static_assert(offsetof(el_move, p3fee) == offsetof(el_move, ship) + 1 &&
		       offsetof(el_move, spfee) == offsetof(el_move, ship) + 2 &&
		       offsetof(el_move, has_inc) == offsetof(el_move, ship) + 3 &&
		       offsetof(el_move, has_inc) < EL_MOVE_CLEARED,
	       "ship, p3fee, spfee, then a cleared byte");
_Static_assert(offsetof(el_build, ctile) == offsetof(el_build, fee) + 1 &&
		       offsetof(el_build, cret) == offsetof(el_build, fee) + 2 &&
		       offsetof(el_build, nhut) == offsetof(el_build, fee) + 3 &&
		       offsetof(el_build, nhut) < EL_BUILD_CLEARED,
	       "fee, ctile, cret, then a cleared byte");

/* Phases of the line, for the order check. */
enum { ST_ROLL, ST_INC, ST_DISC, ST_LOOT, ST_HALVE, ST_BUILD, ST_P3, ST_SP };

#define TOK(i) (&tok[i])

/* The line is read twice at most.  The fast instance of the parsers below
 * (fast, a constant true) never calls out: at whatever would call (a
 * refusal, el_square's slow path) it gives up with EL_SLOW, and el_parse
 * reads the line again from its start with the full instance (fast false),
 * which refuses or accepts as ever.  As the fast one calls nothing, none
 * of its values has to outlive a call: gcc keeps the cursor, the order and
 * the game in registers, not on the stack (Elasund's check about 13
 * instructions a move fewer, callgrind).  Every line of gen's 200 games
 * (seed 1) passes fast.  Both are one source, so a line the fast one
 * accepts is parsed the same by both; the full one clears the move again
 * as it starts. */
#define EL_SLOW 1
/* A refusal (rule r at token t), or EL_SLOW in the fast instance. */
#define REJ(t, r, ...) (fast ? EL_SLOW : EL_REJ_TOK(rej, (t), (r), __VA_ARGS__))
/* What a parser returns when a callee it ran has refused or given up. */
#define FAILED (fast ? EL_SLOW : -1)
/* Every refusal below is marked unlikely (__builtin_expect): gcc then lays
 * the refusals out of line and spends its registers on the accepted path
 * (Elasund's check about 8 instructions a move fewer, callgrind). */
#define NEED(cond, t, ...)                                         \
	do {                                                       \
		if (__builtin_expect(!(cond), 0))                  \
			return REJ((t), EL_R_SYNTAX, __VA_ARGS__); \
	} while (0)

/* A word that seats no one: a colour of Elasund that does not play in
 * this game (not-seated), or no colour (unknown-colour). */
static int unseated_rule(const arb_token *t)
{
	static const char *const lower[] = { "red", "blue", "green", "yellow" }; /* el_colours */
	for (size_t c = 0; c < sizeof lower / sizeof lower[0]; c++)
		if (ieq(t->s, t->len, lower[c], strlen(lower[c])))
			return EL_R_NOT_SEATED;
	return EL_R_UNKNOWN_COLOUR;
}

/* Seat s named by token t, or a rejection saying which seats play. */
#define NEED_SEAT(s, t, ...)                                            \
	do {                                                            \
		if (__builtin_expect((s) < 0, 0))                       \
			return REJ((t), unseated_rule(t), __VA_ARGS__); \
	} while (0)

/* A `?` (a card not seen) at token t, written for seat `who`'s cards: only
 * in a view record, and not for the view's own seat (view-unseen). */
#define NEED_UNSEEN(t, who)                                                             \
	do {                                                                            \
		if (g->view == EL_NOVIEW)                                               \
			return REJ((t), EL_R_VIEW_UNSEEN,                               \
				   "'?' (a card not seen) is written only in a view "   \
				   "record ([View \"Red\"] or [View \"observer\"])");   \
		if ((int)(who) == g->view)                                              \
			return REJ((t), EL_R_VIEW_UNSEEN,                               \
				   "%s's view sees %s's own cards: name them, not '?'", \
				   el_cname(g, (int)(who)), el_cname(g, (int)(who)));   \
	} while (0)

/* A square of the board into *x, *y, or a syntax rejection at t that says
 * what a square is and where the building area lies. */
#define NEED_SQ(t, x, y, ...)                                                                  \
	do {                                                                                   \
		if (__builtin_expect(square(g, (t), (x), (y), fast) < 0, 0)) {                 \
			if (fast)                                                              \
				return EL_SLOW;                                                \
			char area_[64], what_[160];                                            \
			el_area(g, area_, sizeof area_);                                       \
			snprintf(what_, sizeof what_, __VA_ARGS__);                            \
			return EL_REJ_TOK(rej, (t), EL_R_SYNTAX,                               \
					  "%s: '%.*s' is no square (COLUMN,ROW; the building " \
					  "area is %s)",                                       \
					  what_, (int)(t)->len, (t)->s, area_);                \
		}                                                                              \
	} while (0)

/* "Red, Blue": the colours playing, into out (a rejection's argument,
 * so only spelled when a NEED fails). */
static const char *seated_list(const el_game *g, char *out, size_t cap)
{
	arb_seat_list(out, cap, el_colours, g->colour, g->nseats, (1u << g->nseats) - 1, true);
	return out;
}

static inline int order(int *st, int want, const arb_token *t, arb_reject *rej, bool fast)
{
	static const char *const what[] = {
		"the roll",	      "the income draws",      "the pirate discards",
		"the loot",	      "the shortage discards", "the builds",
		"the permit or gold", "the special action",
	};
	/* builds repeat; so do discards and halvings, each seat's its own
	 * item when a turn is played live (the referee): fmt merges them */
	bool repeats = want == ST_BUILD || want == ST_DISC || want == ST_HALVE;
	/* want < *st || (want == *st && !repeats) as one compare with the
	 * constant want: gcc, not knowing *st <= ST_SP, tested a range */
	if (__builtin_expect(repeats ? *st > want : *st >= want, 0))
		return REJ(
			t, EL_R_ITEM_ORDER,
			"%.*s comes too late: %s already came, and a turn goes roll, income, builds, permit or gold, special action",
			(int)t->len, t->s, what[*st]);
	*st = want;
	return 0;
}

/* Each item parser below reads one item of a turn from the token *tp on
 * and leaves *tp after it (end: one past the line's last token); g, m and
 * rej keep their names for the NEED macros, *st is the item order so far
 * (order()).  They are inlined into el_parse, which runs on every turn:
 * called, with the position in the line through a pointer, they cost
 * Elasund's check about 1 % more instructions (callgrind).  The cursor is
 * a token pointer, not an index, so the loop keeps it and the end in
 * registers with no index arithmetic. */
#define ITEM_PARSER static inline __attribute__((always_inline)) int
#define ITEM_ARGS                                                                          \
	const el_game *g, const arb_token **tp, const arb_token *end, el_move *m, int *st, \
		arb_reject *rej, bool fast

/* The roll of two digits or with the ship's row ("7>3"), and any refusal
 * of it: parse_head reads the one-digit roll itself. */
ITEM_PARSER parse_roll(const el_game *g, const arb_token *t, el_move *m, arb_reject *rej, bool fast)
{
	const unsigned char *rs = (const unsigned char *)t->s;
	size_t n1 = 0;
	const char *gt = NULL;
	int r;
	if (t->len == 1 && (unsigned)(rs[0] - '0') < 10) { /* 0 or 1 here: refused below */
		r = rs[0] - '0';
	} else if (t->len == 2 && (unsigned)(rs[0] - '0') < 10 && (unsigned)(rs[1] - '0') < 10) {
		r = (rs[0] - '0') * 10 + rs[1] - '0';
	} else if (t->len >= 3 && (unsigned)(rs[0] - '0') < 10 && rs[1] == '>') {
		/* "7>3": the ship's move, as the scan below would split it */
		n1 = 1;
		gt = t->s + 1;
		r = rs[0] - '0';
	} else {
		/* The roll is 1-2 digits: a scan is cheaper than memchr. */
		while (n1 < t->len && t->s[n1] != '>')
			n1++;
		gt = n1 < t->len ? t->s + n1 : NULL;
		r = arb_small_num(t->s, n1);
	}
	NEED(r >= 2 && r <= 12, t, "the turn must start with the dice sum 2..12, not '%.*s'",
	     (int)t->len, t->s);
	m->roll = (uint8_t)r;
	if (gt) {
		int row = arb_small_num(gt + 1, t->len - n1 - 1);
		int y = row >= 0 && row < 16 ? g->d->rowidx[row] : -1;
		NEED(y >= 0, t, "'%.*s': the ship goes to a row number (2..6, 8..12)", (int)t->len,
		     t->s);
		m->ship = (int8_t)y;
	}
	return 0;
}

/* The row index of the ship's row in "D>R" or "D>RR" (n bytes, the digit
 * after '>' checked), or -1: parse_roll's reading of the same, inline. */
static inline int ship_row(const el_game *g, const unsigned char *rs, size_t n)
{
	unsigned row = (unsigned)rs[2] - '0';
	if (n == 4) {
		unsigned d = (unsigned)rs[3] - '0';
		row = d < 10 ? row * 10 + d : 16;
	}
	return row < 16 ? g->d->rowidx[row] : -1;
}

/* The seat and the roll (with the ship's row) that open every turn. */
ITEM_PARSER parse_head(const el_game *g, const arb_token *tok, size_t ntok, el_move *m,
		       arb_reject *rej, bool fast)
{
	int seat = seat_of(g, TOK(0));
	char seated[64]; /* "Red, Blue": the colours playing, for messages */
	NEED_SEAT(seat, TOK(0),
		  "a turn starts with the colour of a seat in this game (%s), not '%.*s'",
		  seated_list(g, seated, sizeof seated), (int)tok[0].len, tok[0].s);
	m->seat = (uint8_t)seat;
	m->at_seat = at_of(TOK(0));
	NEED(1 < ntok, TOK(0), "the turn of %s has no roll", el_colours[g->colour[seat]]);
	const arb_token *t = TOK(1);
	const unsigned char *rs = (const unsigned char *)t->s;
	size_t n = t->len;
	int y;
	if (n == 1 && (unsigned)(rs[0] - '2') < 8) {
		/* most rolls: one digit, a sum of two dice with no ship */
		m->roll = (uint8_t)(rs[0] - '0');
	} else if (n - 3 <= 1 && rs[1] == '>' && (unsigned)(rs[0] - '2') < 8 &&
		   (unsigned)(rs[2] - '0') < 10 && (y = ship_row(g, rs, n)) >= 0) {
		/* "7>3", "7>10": a roll of one digit and the ship's new row */
		m->roll = (uint8_t)(rs[0] - '0');
		m->ship = (int8_t)y;
	} else if (__builtin_expect(parse_roll(g, t, m, rej, fast) != 0, 0)) {
		return FAILED;
	}
	m->at_roll = at_of(t);
	return 0;
}

/* The last build of m, when it has one (nbuild 1 or 2): a choice, not a
 * multiply by el_build's size (as parse_build picks the next).  The order
 * is ST_BUILD only after a build: parse_build sets it, then counts the
 * build or refuses the line. */
static inline el_build *last_build(el_move *m)
{
	return m->nbuild == 2 ? &m->build[1] : &m->build[0];
}

/* A '+' word: the cards a wall just built draws, or the income draws. */
ITEM_PARSER parse_plus(ITEM_ARGS)
{
	(void)end;
	const arb_token *t = *tp;
	el_build *b;
	if (*st == ST_BUILD && (b = last_build(m))->kind == BK_WALL && !b->has_draw && !b->nhut) {
		NEED(t->len >= 2 && t->len <= 3, t,
		     "a wall draws 1 or 2 influence cards, written like +rb");
		for (size_t k = 1; k < t->len; k++) {
			int c = draw_letter(t->s[k]);
			NEED(c >= 0, t, "influence cards are r, b or g, not '%c'", t->s[k]);
			if (c == EL_U)
				NEED_UNSEEN(t, m->seat);
			b->draw[b->ndraw++] = (int8_t)c;
		}
		b->has_draw = true;
		b->at_draw = at_of(t);
		(*tp)++;
		return 0;
	}
	if (order(st, ST_INC, t, rej, fast))
		return FAILED;
	NEED(t->len >= 2 && t->len - 1 <= EL_MAXDRAW, t,
	     "income draws are written like +rbg (1 to %d cards)", EL_MAXDRAW);
	/* The count is stored once, at the end (and before a refusal, as
	 * the cards stored so far): no load and store of it per card. */
	size_t n = t->len;
	for (size_t k = 1; k < n; k++) {
		int c = draw_letter(t->s[k]);
		if (__builtin_expect(c < 0 || c == EL_U, 0)) {
			m->ninc = (uint8_t)(k - 1);
			NEED(c >= 0, t, "influence cards are r, b or g, not '%c'", t->s[k]);
			NEED_UNSEEN(t, -1); /* whose: the rules know */
		}
		m->inc[k - 1] = (int8_t)c;
	}
	m->ninc = (uint8_t)(n - 1);
	m->has_inc = true;
	m->at_inc = at_of(t);
	(*tp)++;
	return 0;
}

/* discard or halve, and the Colour=cards after it. */
ITEM_PARSER parse_discards(ITEM_ARGS, bool halve)
{
	const arb_token *t = *tp, *a = t + 1;
	if (order(st, halve ? ST_HALVE : ST_DISC, t, rej, fast))
		return FAILED;
	char seated[64];
	for (; a < end; a++) {
		const char *eq = find(a->s, a->len, '=');
		if (!eq)
			break;
		arb_token ct = *a;
		ct.len = (uint32_t)(eq - a->s);
		int s = seat_of(g, &ct);
		NEED_SEAT(s, &ct, "'%.*s' names no seat of this game (%s)", (int)ct.len, ct.s,
			  seated_list(g, seated, sizeof seated));
		uint8_t *set = halve ? &m->halve_set : &m->disc_set;
		NEED(!(*set & (1u << s)), a, "%s is listed twice", el_colours[g->colour[s]]);
		el_cards *c = halve ? &m->halve[s] : &m->disc[s];
		NEED(cards(eq + 1, a->len - ct.len - 1, c) == 0, a,
		     "'%.*s': cards are written as a gold count and influence letters (r red, b blue, g green), like 2rb",
		     (int)a->len, a->s);
		NEED(!halve || c->gold == 0, a,
		     "only influence cards are chosen for a shortage; gold is halved by itself");
		if (c->unseen)
			NEED_UNSEEN(a, s);
		*set |= (uint8_t)(1u << s);
		(halve ? m->at_halve : m->at_disc)[s] = at_of(a);
		(halve ? m->at_halve_item : m->at_disc_item)[s] = at_of(a == t + 1 ? t : a);
	}
	NEED(a > t + 1, t, "'%.*s' needs at least one Colour=cards", (int)t->len, t->s);
	if (halve)
		m->has_halve = true;
	else
		m->has_disc = true;
	*tp = a;
	return 0;
}

/* loot and the cards drawn. */
ITEM_PARSER parse_loot(ITEM_ARGS)
{
	const arb_token *t = *tp;
	if (order(st, ST_LOOT, t, rej, fast))
		return FAILED;
	NEED(end - t > 1 && cards(t[1].s, t[1].len, &m->loot) == 0, t,
	     "loot is followed by the cards drawn: a gold count and influence letters (r red, b blue, g green), like 1r");
	if (m->loot.unseen)
		NEED_UNSEEN(t + 1, m->seat);
	m->has_loot = true;
	m->at_loot = at_of(t + 1);
	m->at_loot_kw = at_of(t);
	*tp = t + 2;
	return 0;
}

/* build TYPE SQUARE [3x]: a building (its argument a at *tp). */
ITEM_PARSER parse_building(const el_game *g, const arb_token **tp, const arb_token *end,
			   el_build *b, arb_reject *rej, bool fast)
{
	const arb_token *a = *tp, *p = a + 1;
	b->kind = BK_BUILDING;
	int ty = building_type(a);
	NEED(ty >= 0, a,
	     "'%.*s' is no building (well, market, tavern, merchant, large, house, workshop)",
	     (int)a->len, a->s);
	/* the kind of a hut (K_HUT): data.c fixes each type's kind
	 * (want_kind), the huts' K_HUT and no other's, so the type tells */
	if (ty == B_HUT || ty == B_LONGHUT)
		return REJ(a, EL_R_HUT_BUILD,
			   "workers' huts are never built; they only move when displaced");
	b->type = (uint8_t)ty;
	NEED(p < end, a, "build %s needs its top-left square, like 3,8", g->d->bt[ty].name);
	NEED_SQ(p, &b->x, &b->y, "build %s needs its top-left square", g->d->bt[ty].name);
	b->at_arg = at_of(p);
	p++;
	if (p < end && fee(p, '3') >= 0) {
		b->fee = (int8_t)fee(p, '3');
		b->at_fee = at_of(p);
		p++;
	}
	*tp = p;
	return 0;
}

/* wall N<column> | S<column> | E<row>. */
ITEM_PARSER parse_wall(const el_game *g, const arb_token *a, el_build *b, arb_reject *rej,
		       bool fast)
{
	b->kind = BK_WALL;
	char c = a->s[0];
	int v;
	if (a->len == 2 && (unsigned)(a->s[1] - '0') < 10) /* most: one digit */
		v = a->s[1] - '0';
	else
		v = a->len >= 2 ? arb_small_num(a->s + 1, a->len - 1) : -1;
	NEED((c == 'N' || c == 'n' || c == 'S' || c == 's' || c == 'E' || c == 'e') && v >= 0, a,
	     "a wall space is N<column>, S<column> or E<row>, not '%.*s'", (int)a->len, a->s);
	if (c == 'E' || c == 'e') {
		int y = v < 16 ? g->d->rowidx[v] : -1;
		NEED(y >= 0, a, "'%.*s': no row %d", (int)a->len, a->s, v);
		b->wline = LINE_E;
		b->widx = (uint8_t)y;
	} else {
		NEED(v >= 1 && v <= EL_W, a, "'%.*s': no column %d", (int)a->len, a->s, v);
		b->wline = (c == 'N' || c == 'n') ? LINE_N : LINE_S;
		b->widx = (uint8_t)(v - 1);
	}
	return 0;
}

/* church K[/J]: the tile drawn, kept/returned by the first builder. */
ITEM_PARSER parse_church(const el_game *g, const arb_token *a, const el_move *m, el_build *b,
			 arb_reject *rej, bool fast)
{
	b->kind = BK_CHURCH;
	const char *sl = find(a->s, a->len, '/');
	size_t n1 = sl ? (size_t)(sl - a->s) : a->len;
	bool unseen = sl && a->len - n1 == 2 && sl[1] == '?';
	int k = arb_small_num(a->s, n1), j = unseen ? 1
					     : sl   ? arb_small_num(sl + 1, a->len - n1 - 1)
						    : 0;
	NEED(k >= 1 && k <= EL_NCHURCH && j >= (sl ? 1 : 0) && j <= EL_NCHURCH, a,
	     "church is followed by the tile drawn 1..9 (the first builder: kept/returned, like 5/2)");
	if (unseen)
		NEED_UNSEEN(a, m->seat);
	b->ctile = (int8_t)(k - 1);
	b->cret = (int8_t)(unseen ? EL_CHURCH_UNSEEN : sl ? j - 1 : -1);
	return 0;
}

/* build, wall or church and its arguments. */
ITEM_PARSER parse_build(ITEM_ARGS, int kw)
{
	const arb_token *t = *tp;
	if (order(st, ST_BUILD, t, rej, fast))
		return FAILED;
	unsigned nb = m->nbuild;
	if (nb == 2)
		return REJ(t, EL_R_BUILD_LIMIT, "a turn has at most 2 builds");
	/* the first or the second: a choice, not a multiply by el_build's size */
	el_build *b = nb ? &m->build[1] : &m->build[0];
	m->nbuild = (uint8_t)(nb + 1);
	memset(b, 0, EL_BUILD_CLEARED); /* parse_clears: each build as it starts */
	b->at = at_of(t);
	memcpy(&b->fee, MINUS3, 4);
	(*tp)++;
	NEED(*tp < end, t, "'%.*s' needs an argument", (int)t->len, t->s);
	const arb_token *a = *tp;
	b->at_arg = at_of(a);
	if (kw == KW_BUILD)
		return parse_building(g, tp, end, b, rej, fast);
	(*tp)++;
	return kw == KW_WALL ? parse_wall(g, a, b, rej, fast) : parse_church(g, a, m, b, rej, fast);
}

/* hut or longhut: a hut the last build displaced, its colour and square. */
ITEM_PARSER parse_hut(ITEM_ARGS, int kw)
{
	const arb_token *t = *tp;
	NEED(*st == ST_BUILD, t, "a hut moves only right after the build that displaced it");
	el_build *b = last_build(m);
	NEED(b->nhut < EL_MAXHUT, t, "too many hut moves");
	el_hutmv *h = &b->hut[b->nhut++];
	h->at = h->at_kw = at_of(t);
	h->lng = kw == KW_LONGHUT;
	NEED(end - t > 2, t, "%s is followed by the colour and the new square (or off)",
	     h->lng ? "longhut" : "hut");
	int s = seat_of(g, t + 1);
	char seated[64];
	NEED_SEAT(s, t + 1, "'%.*s' names no seat of this game (%s)", (int)t[1].len, t[1].s,
		  seated_list(g, seated, sizeof seated));
	h->seat = (uint8_t)s;
	if (IEQ(t[2].s, t[2].len, "off")) {
		h->x = h->y = -1;
	} else {
		NEED_SQ(t + 2, &h->x, &h->y, "a hut moves to a square, or off");
	}
	h->at = at_of(t + 2);
	*tp = t + 3;
	return 0;
}

/* gold, or permit VALUE SQUARE [2x]: the turn's third phase. */
ITEM_PARSER parse_p3(ITEM_ARGS, int kw)
{
	const arb_token *t = *tp;
	if (order(st, ST_P3, t, rej, fast))
		return FAILED;
	m->at_p3 = at_of(t);
	if (kw == KW_GOLD) {
		m->p3 = 1;
		*tp = t + 1;
		return 0;
	}
	m->p3 = 2;
	NEED(end - t > 2, t, "permit is followed by its value and square, like permit 2 3,8");
	int v = permit_value(t + 1);
	NEED(v >= 0 && v < EL_NPERMIT, t + 1, "a permit is valued 0..4");
	m->p3v = (int8_t)v;
	NEED_SQ(t + 2, &m->p3x, &m->p3y, "permit %d needs a square", v);
	m->at_p3sq = at_of(t + 2);
	const arb_token *p = t + 3;
	if (p < end && fee(p, '2') >= 0) {
		m->p3fee = (int8_t)fee(p, '2');
		m->at_p3fee = at_of(p);
		p++;
	}
	*tp = p;
	return 0;
}

/* cash, place, move or raise: the special action. */
ITEM_PARSER parse_special(ITEM_ARGS, int kw)
{
	const arb_token *t = *tp;
	if (order(st, ST_SP, t, rej, fast))
		return FAILED;
	m->at_sp = at_of(t);
	if (kw == KW_CASH) {
		m->sp = SP_CASH;
		*tp = t + 1;
		return 0;
	}
	if (kw == KW_PLACE) {
		m->sp = SP_PLACE;
		NEED(end - t > 2, t,
		     "place is followed by the permit's value and square, like place 2 3,8");
		int v = permit_value(t + 1);
		NEED(v >= 0 && v < EL_NPERMIT, t + 1, "a permit is valued 0..4");
		m->spv = (int8_t)v;
		NEED_SQ(t + 2, &m->spx, &m->spy, "place needs a square");
		m->at_sp2 = at_of(t + 2);
		*tp = t + 3;
		return 0;
	}
	bool mv_ = kw == KW_MOVE;
	m->sp = mv_ ? SP_MOVE : SP_RAISE;
	NEED(end - t > 3, t,
	     mv_ ? "move is followed by two squares and the 2 cards paid, like move 3,8 4,9 2r"
		 : "raise is followed by a square, the new value and the 2 cards paid, like raise 3,8 4 2r");
	NEED_SQ(t + 1, &m->spx, &m->spy, "%s needs a square", mv_ ? "move" : "raise");
	if (mv_) {
		NEED_SQ(t + 2, &m->spx2, &m->spy2, "move needs a second square");
	} else {
		int v = permit_value(t + 2);
		NEED(v >= 0 && v < EL_NPERMIT, t + 2, "a permit is valued 0..4");
		m->spv = (int8_t)v;
	}
	m->at_sp2 = at_of(t + 2);
	int f = fee(t + 3, '2');
	NEED(f >= 0, t + 3, "the 2 influence cards of one colour are written 2r, 2b or 2g");
	m->spfee = (int8_t)f;
	m->at_spfee = at_of(t + 3);
	*tp = t + 4;
	return 0;
}

/* A turn line: the head, then each item by its first word.  0, -1 (a
 * refusal in *rej), or EL_SLOW from the fast instance. */
ITEM_PARSER parse_line(const el_game *g, const arb_token *tok, size_t ntok, el_move *m,
		       arb_reject *rej, bool fast)
{
	int st = ST_ROLL;

	/* parse_clears (game.h): the flags and counts (EL_MOVE_CLEARED), here; each
	 * build as it starts (parse_build). */
	memset(m, 0, EL_MOVE_CLEARED);
	memcpy(&m->ship, MINUS3, 4);
	const arb_token *end = tok + ntok;
	m->at_end = at_of(end - 1);
	m->at_end.col += end[-1].len;
	int r = parse_head(g, tok, ntok, m, rej, fast);
	if (__builtin_expect(r != 0, 0))
		return r;
	const arb_token *t = tok + 2; /* the head's two read */
	while (t < end) {
		int kw = keyword(t);
		switch (kw) {
		case KW_PLUS:
			r = parse_plus(g, &t, end, m, &st, rej, fast);
			break;
		case KW_DISCARD:
			r = parse_discards(g, &t, end, m, &st, rej, fast, false);
			break;
		case KW_HALVE:
			r = parse_discards(g, &t, end, m, &st, rej, fast, true);
			break;
		case KW_LOOT:
			r = parse_loot(g, &t, end, m, &st, rej, fast);
			break;
		case KW_BUILD:
			r = parse_build(g, &t, end, m, &st, rej, fast, KW_BUILD);
			break;
		case KW_WALL:
			r = parse_build(g, &t, end, m, &st, rej, fast, KW_WALL);
			break;
		case KW_CHURCH:
			r = parse_build(g, &t, end, m, &st, rej, fast, KW_CHURCH);
			break;
		case KW_HUT:
		case KW_LONGHUT:
			r = parse_hut(g, &t, end, m, &st, rej, fast, kw);
			break;
		case KW_GOLD:
			r = parse_p3(g, &t, end, m, &st, rej, fast, KW_GOLD);
			break;
		case KW_PERMIT:
			r = parse_p3(g, &t, end, m, &st, rej, fast, KW_PERMIT);
			break;
		case KW_MOVE:
		case KW_RAISE:
		case KW_PLACE:
		case KW_CASH:
			r = parse_special(g, &t, end, m, &st, rej, fast, kw);
			break;
		default:
			return fast ? EL_SLOW : unknown_item(t, rej);
		}
		if (__builtin_expect(r != 0, 0))
			return r;
	}
	return 0;
}

/* The full instance: what the fast one gave up on.  The line's end, not
 * its length, is passed on: the fast one keeps the end anyway. */
static __attribute__((noinline)) int parse_full(const el_game *g, const arb_token *tok,
						const arb_token *end, el_move *m, arb_reject *rej)
{
	return parse_line(g, tok, (size_t)(end - tok), m, rej, false);
}

/* el_parse (game.h parse): rules syntax, item-order, build-limit,
 * hut-build.  The fast instance, then the full one if it gave up. */
int el_parse(const void *game, const arb_token *tok, size_t ntok, void *mv, arb_reject *rej)
{
	if (__builtin_expect(parse_line(game, tok, ntok, mv, rej, true) == 0, 1))
		return 0;
	return parse_full(game, tok, tok + ntok, mv, rej);
}

/* A card's letter by influence colour (EL_U: '?', a card not seen). */
static const char letters[NINFL + 1] = { 'r', 'b', 'g', '?' };

static void put_cards(arb_buf *out, const el_cards *c)
{
	if (c->gold)
		arb_buf_printf(out, "%u", c->gold);
	for (int k = 0; k < NINFL; k++)
		for (int n = 0; n < c->infl[k]; n++)
			arb_buf_putc(out, letters[k]);
	for (int n = 0; n < c->unseen; n++)
		arb_buf_putc(out, '?');
}

static void put_sq(const el_game *g, arb_buf *out, int x, int y)
{
	arb_buf_printf(out, " %d,%d", x + 1, g->d->rownum[y]);
}

void el_format(const void *game, const void *move, arb_buf *out)
{
	const el_game *g = game;
	const el_move *m = move;
	const el_data *d = g->d;
	arb_buf_printf(out, "%s %u", el_colours[g->colour[m->seat]], m->roll);
	if (m->ship >= 0)
		arb_buf_printf(out, ">%u", d->rownum[m->ship]);
	if (m->has_inc) {
		arb_buf_puts(out, " +");
		for (int k = 0; k < m->ninc; k++)
			arb_buf_putc(out, letters[m->inc[k]]);
	}
	if (m->has_disc) {
		arb_buf_puts(out, " discard");
		for (unsigned s = 0; s < g->nseats; s++)
			if (m->disc_set & (1u << s)) {
				arb_buf_printf(out, " %s=", el_colours[g->colour[s]]);
				put_cards(out, &m->disc[s]);
			}
	}
	if (m->has_loot) {
		arb_buf_puts(out, " loot ");
		put_cards(out, &m->loot);
	}
	if (m->has_halve) {
		arb_buf_puts(out, " halve");
		for (unsigned s = 0; s < g->nseats; s++)
			if (m->halve_set & (1u << s)) {
				arb_buf_printf(out, " %s=", el_colours[g->colour[s]]);
				put_cards(out, &m->halve[s]);
			}
	}
	for (int k = 0; k < m->nbuild; k++) {
		const el_build *b = &m->build[k];
		if (b->kind == BK_BUILDING) {
			arb_buf_printf(out, " build %s", d->bt[b->type].name);
			put_sq(g, out, b->x, b->y);
			if (b->fee >= 0)
				arb_buf_printf(out, " 3%c", letters[b->fee]);
		} else if (b->kind == BK_WALL) {
			if (b->wline == LINE_E)
				arb_buf_printf(out, " wall E%u", d->rownum[b->widx]);
			else
				arb_buf_printf(out, " wall %c%u", b->wline == LINE_N ? 'N' : 'S',
					       b->widx + 1);
			if (b->has_draw) {
				arb_buf_puts(out, " +");
				for (int n = 0; n < b->ndraw; n++)
					arb_buf_putc(out, letters[b->draw[n]]);
			}
		} else {
			arb_buf_printf(out, " church %d", b->ctile + 1);
			if (b->cret >= 0)
				arb_buf_printf(out, "/%d", b->cret + 1);
			else if (b->cret == EL_CHURCH_UNSEEN)
				arb_buf_puts(out, "/?");
		}
		for (int h = 0; h < b->nhut; h++) {
			arb_buf_printf(out, " %s %s", b->hut[h].lng ? "longhut" : "hut",
				       el_colours[g->colour[b->hut[h].seat]]);
			if (b->hut[h].x < 0)
				arb_buf_puts(out, " off");
			else
				put_sq(g, out, b->hut[h].x, b->hut[h].y);
		}
	}
	if (m->p3 == 1) {
		arb_buf_puts(out, " gold");
	} else if (m->p3 == 2) {
		arb_buf_printf(out, " permit %d", m->p3v);
		put_sq(g, out, m->p3x, m->p3y);
		if (m->p3fee >= 0)
			arb_buf_printf(out, " 2%c", letters[m->p3fee]);
	}
	switch (m->sp) {
	case SP_MOVE:
		arb_buf_puts(out, " move");
		put_sq(g, out, m->spx, m->spy);
		put_sq(g, out, m->spx2, m->spy2);
		arb_buf_printf(out, " 2%c", letters[m->spfee]);
		break;
	case SP_RAISE:
		arb_buf_puts(out, " raise");
		put_sq(g, out, m->spx, m->spy);
		arb_buf_printf(out, " %d 2%c", m->spv, letters[m->spfee]);
		break;
	case SP_PLACE:
		arb_buf_printf(out, " place %d", m->spv);
		put_sq(g, out, m->spx, m->spy);
		break;
	case SP_CASH:
		arb_buf_puts(out, " cash");
		break;
	default:
		break;
	}
}
