/*
 * notation.c — reading and writing one Catan turn line.
 *
 * A turn line is the acting colour followed by actions, each a keyword and
 * a fixed number of arguments (grammar in notation/catan.md):
 *   Red roll 3+4 discard Blue 2ore+wool robber E steal Blue brick
 *       trade White ore for brick trade bank 4wool for grain
 *       road c1-d1 settlement d2 city e3 buy knight play monopoly ore
 *       takes White 2 Blue 0
 * parse() checks only what the words say (spelling, arity, seated
 * colours, that a place exists); everything that depends on the position
 * is apply()'s.  It runs once per line, so it is a single left-to-right
 * pass with no allocation; the only table lookups are small alias lists.
 * Writing a line back in canonical form is format.c's; the names of
 * places and cards are names.c's.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "catan.h"

/* ----------------------------------------------- places on the line */

/* A node name: column letter a..k and row digit 1..6, any case.  Returns
 * the node or -1. */
int cat_parse_node(const cat_data *d, const char *s, size_t n)
{
	if (n != 2)
		return -1;
	int x = (s[0] | 0x20) - 'a', r = s[1] - '1';
	if (x < 0 || x > 10 || r < 0 || r > 5)
		return -1;
	return d->g.node_at[r][x];
}

/* An edge: two adjacent nodes joined by '-', in either order.  Two
 * nodes are adjacent on one row, a column apart, or in one column, a row
 * apart (cat_geom_init); the edge is then looked up from the left or
 * upper one (cat_geom.edge_at: -1 where the island has no such path). */
static inline __attribute__((always_inline)) int parse_edge(const cat_data *d, const char *s,
							    size_t n)
{
	if (n != 5 || s[2] != '-')
		return -1;
	int x1 = (s[0] | 0x20) - 'a', r1 = s[1] - '1', x2 = (s[3] | 0x20) - 'a', r2 = s[4] - '1';
	if ((unsigned)x1 > 10 || (unsigned)r1 > 5 || (unsigned)x2 > 10 || (unsigned)r2 > 5)
		return -1;
	if (r1 == r2 && (x2 == x1 + 1 || x1 == x2 + 1))
		return d->g.edge_at[r1][x1 < x2 ? x1 : x2][0];
	if (x1 == x2 && (r2 == r1 + 1 || r1 == r2 + 1))
		return d->g.edge_at[r1 < r2 ? r1 : r2][x1][1];
	return -1;
}

/* parse_edge, for the callers outside; the turn line's own reads it
 * inline (every road of every record). */
int cat_parse_edge(const cat_data *d, const char *s, size_t n)
{
	return parse_edge(d, s, n);
}

/* A hex: one letter A..S, any case. */
int cat_parse_hex(const char *s, size_t n)
{
	if (n != 1)
		return -1;
	int h = (s[0] | 0x20) - 'a';
	return h >= 0 && h < CAT_HEXES ? h : -1;
}

/* ------------------------------------------------------ the turn line */

/* Reject by `rule` at token `t` (NULL: the start of the turn); -1. */
static int reject_at(arb_reject *rej, const arb_token *t, enum cat_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5), cold, noinline));
static int reject_at(arb_reject *rej, const arb_token *t, enum cat_rule rule, const char *fmt, ...)
{
	char msg[ARB_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return cat_reject(rej, rule, t ? t->line : 0, t ? t->col : 0, "%s", msg);
}

/* The token equals `w` ignoring ASCII case; every `w` here is lower-case
 * letters only (see cat_letters_ieq).  Length first: the words are
 * literals or carry their length, so nothing is counted at run time. */
static inline bool teq_n(const arb_token *t, const char *w, size_t n)
{
	return t->len == n && cat_letters_ieq(t->s, w, n);
}

#define teq(t, w) teq_n((t), (w), sizeof(w) - 1)

/* A seated colour: the seat, or -1.  The four colour names have four
 * different lengths (3..6), so one comparison decides.  lower_colour[]
 * spells cat_colours[] (catan.c) in lower case, index for index. */
static const char *const lower_colour[4] = { "red", "blue", "white", "orange" };

static inline int parse_seat(const cat_game *g, const arb_token *t)
{
	/* each length compared with its constant word: the comparison
	 * unrolls (every line starts with a colour) */
	unsigned c;
	switch (t->len) {
	case 3:
		c = 0;
		if (!cat_letters_ieq(t->s, "red", 3))
			return -1;
		break;
	case 4:
		c = 1;
		if (!cat_letters_ieq(t->s, "blue", 4))
			return -1;
		break;
	case 5:
		c = 2;
		if (!cat_letters_ieq(t->s, "white", 5))
			return -1;
		break;
	case 6:
		c = 3;
		if (!cat_letters_ieq(t->s, "orange", 6))
			return -1;
		break;
	default:
		return -1;
	}
	return g->seat_of[c];
}

/* The rule a word that seats no one breaks: a colour of Catan that does
 * not play in this game (not-seated), or no colour (unknown-colour). */
static enum cat_rule unseated_rule(const arb_token *t)
{
	for (unsigned c = 0; c < 4; c++)
		if (strlen(lower_colour[c]) == t->len && teq_n(t, lower_colour[c], t->len))
			return CAT_R_NOT_SEATED;
	return CAT_R_UNKNOWN_COLOUR;
}

/* Keywords, by a switch on length and first letter instead of a chain of
 * comparisons: this runs for every action of every line. */
enum {
	K_NONE,
	K_ROLL,
	K_DISCARD,
	K_ROBBER,
	K_TRADE,
	K_ROAD,
	K_SETTLE,
	K_CITY,
	K_BUY,
	K_PLAY,
	K_REVEAL,
	K_LONGEST,
	K_ARMY,
	K_SCORE,
	K_GETS
};

static int keyword(const arb_token *t)
{
	/* one candidate by length and a distinguishing letter, then one
	 * comparison of a constant length */
	const char *s = t->s;
#define KW(w, k) return teq(t, w) ? (k) : K_NONE
	switch (t->len) {
	case 3:
		KW("buy", K_BUY);
	case 4:
		switch (s[0] | 0x20) {
		case 'r':
			if ((s[2] | 0x20) == 'l')
				KW("roll", K_ROLL);
			KW("road", K_ROAD);
		case 'c':
			KW("city", K_CITY);
		case 'p':
			KW("play", K_PLAY);
		case 'a':
			KW("army", K_ARMY);
		case 'g':
			KW("gets", K_GETS);
		}
		return K_NONE;
	case 5:
		if ((s[0] | 0x20) == 't')
			KW("trade", K_TRADE);
		KW("score", K_SCORE);
	case 6:
		if ((s[0] | 0x20) == 's')
			KW("settle", K_SETTLE);
		if ((s[1] | 0x20) == 'o')
			KW("robber", K_ROBBER);
		KW("reveal", K_REVEAL);
	case 7:
		if ((s[0] | 0x20) == 'd')
			KW("discard", K_DISCARD);
		KW("longest", K_LONGEST);
	case 10:
		KW("settlement", K_SETTLE);
	}
#undef KW
	return K_NONE;
}

/* The canonical resource word at s (before `end`), chosen by its first
 * letter and compared in one step: the resource, its length in *len, or
 * -1 when the item is anything else (an alias, a '?', a bad word), which
 * the general path reads.  Generated and written records spell the
 * canonical words, so most items never look for their '+'. */
static inline __attribute__((always_inline)) int canonical_res(const char *s, const char *end,
							       size_t *len)
{
	size_t left = (size_t)(end - s), n;
	int r;
	/* each word compared at its constant length: the comparison unrolls */
#define RES(w, res)                                           \
	n = sizeof w - 1;                                     \
	if (left < n || !cat_letters_ieq(s, w, sizeof w - 1)) \
		return -1;                                    \
	r = res;                                              \
	break
	switch (s[0] | 0x20) {
	case 'b':
		RES("brick", R_BRICK);
	case 'l':
		RES("lumber", R_LUMBER);
	case 'w':
		RES("wool", R_WOOL);
	case 'g':
		RES("grain", R_GRAIN);
	case 'o':
		RES("ore", R_ORE);
	default:
		return -1;
	}
#undef RES
	if (left > n && s[n] != '+')
		return -1;
	*len = n;
	return r;
}

/* A bundle "2ore+brick" into v[]; "nothing" when allow_empty.  Each item is
 * an optional count 1..95 and a resource word, or, when `unseen` is not
 * NULL, cards not seen ("2?", counted there).  One pass: the count, then
 * the word by canonical_res, and only an item it does not know is
 * scanned for its '+'.  Returns 0 or -1. */
static inline __attribute__((always_inline)) int
parse_bundle(const arb_token *t, uint8_t v[CAT_RES], bool allow_empty, uint8_t *unseen)
{
	memset(v, 0, CAT_RES);
	if (unseen)
		*unseen = 0;
	if (allow_empty && teq(t, "nothing"))
		return 0;
	const char *s = t->s, *end = t->s + t->len;
	unsigned total = 0;
	while (s < end) {
		unsigned n = 0;
		const char *q = s;
		while (q < end && *q >= '0' && *q <= '9' && n <= 95)
			n = n * 10 + (unsigned)(*q++ - '0');
		if (q == s)
			n = 1;
		size_t wl = 0;
		int r = q < end ? canonical_res(q, end, &wl) : -1;
		const char *e = q + wl;
		if (r < 0) {
			while (e < end && *e != '+')
				e++;
			r = unseen && e - q == 1 && *q == '?' ? CAT_RES
							      : cat_parse_res(q, (size_t)(e - q));
		}
		if (r < 0 || n == 0 || n > 95)
			return -1;
		total += n;
		if (total > 95)
			return -1;
		if (r == CAT_RES)
			*unseen = (uint8_t)(*unseen + n);
		else
			v[r] = (uint8_t)(v[r] + n);
		s = e + 1;
		if (e + 1 == end)
			return -1; /* trailing '+' */
	}
	return total ? 0 : -1;
}

static int parse_int(const arb_token *t, unsigned max, unsigned *out)
{
	unsigned v = 0;
	if (t->len == 0 || t->len > 3)
		return -1;
	for (unsigned i = 0; i < t->len; i++) {
		if (t->s[i] < '0' || t->s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(t->s[i] - '0');
	}
	if (v > max)
		return -1;
	*out = v;
	return 0;
}

/* Cursor over the tokens of one line.  Its address never leaves
 * cat_parse and the functions inlined into it (the refusals take what
 * they need by value; the rare actions work on a copy), so the compiler
 * keeps its fields in registers: it moves on every argument read. */
typedef struct cur {
	const cat_game *g;
	const arb_token *tok;
	size_t n, i;
	arb_reject *rej;
	const arb_token *kw; /* the keyword being read           */
	uint8_t unseen;	     /* a '?' was read                   */
} cur;

/* The line ends before the argument `what` of the current keyword.
 * Cold: the refusals are composed out of the way of the words read. */
static __attribute__((cold, noinline)) const arb_token *
missing(arb_reject *rej, const arb_token *kw, const char *what)
{
	reject_at(rej, kw, CAT_R_SYNTAX, "'%.*s' needs %s after it", (int)kw->len, kw->s, what);
	return NULL;
}

/* The next argument token of the current keyword, or a rejection. */
static inline __attribute__((always_inline)) const arb_token *arg(cur *c, const char *what)
{
	if (c->i < c->n)
		return &c->tok[c->i++];
	return missing(c->rej, c->kw, what);
}

static __attribute__((cold, noinline)) int bad(arb_reject *rej, const arb_token *t,
					       const char *what)
{
	return reject_at(rej, t, CAT_R_SYNTAX, "'%.*s' is not %s", (int)t->len, t->s, what);
}

/* "Red, Blue, White": the colours playing, for messages. */
static void seated(const cat_game *g, char *out, size_t cap)
{
	arb_seat_list(out, cap, cat_colours, g->colour, g->nseats, (1u << g->nseats) - 1, true);
}

/* The word t seats no one: the refusal. */
static __attribute__((cold, noinline)) int bad_seat(const cat_game *g, arb_reject *rej,
						    const arb_token *t)
{
	char colours[64];
	seated(g, colours, sizeof colours);
	if (unseated_rule(t) == CAT_R_UNKNOWN_COLOUR)
		return reject_at(rej, t, CAT_R_UNKNOWN_COLOUR,
				 "'%.*s' is no colour: the colours playing this game are %s",
				 (int)t->len, t->s, colours);
	return reject_at(rej, t, CAT_R_NOT_SEATED, "'%.*s' is not a colour playing this game (%s)",
			 (int)t->len, t->s, colours);
}

static inline __attribute__((always_inline)) int arg_seat(cur *c, uint8_t *out)
{
	const arb_token *t = arg(c, "a colour");
	if (!t)
		return -1;
	int s = parse_seat(c->g, t);
	if (s < 0)
		return bad_seat(c->g, c->rej, t);
	*out = (uint8_t)s;
	return 0;
}

/* A bundle other than one card of its canonical word: parse_bundle's
 * loop, or the refusal. */
static __attribute__((noinline)) int bundle_slow(arb_reject *rej, const arb_token *t,
						 uint8_t v[CAT_RES], bool empty)
{
	if (parse_bundle(t, v, empty, NULL) == 0)
		return 0;
	if (memchr(t->s, '?', t->len))
		return bad(rej, t,
			   "a bundle of resource cards: cards traded or taken are seen by "
			   "every player, so they are never written '?'");
	return bad(rej, t,
		   empty ? "a bundle of resource cards (like brick+2ore, or nothing; "
			   "the resources: brick, lumber, wool, grain, ore)"
			 : "a bundle of resource cards (like brick+2ore; "
			   "the resources: brick, lumber, wool, grain, ore)");
}

static inline __attribute__((always_inline)) int arg_bundle(cur *c, uint8_t v[CAT_RES], bool empty)
{
	const arb_token *t = arg(c, "cards (like brick+2ore)");
	if (!t)
		return -1;
	/* one card, its canonical word (most trades): what parse_bundle
	 * reads, without its loop */
	size_t wl = 0;
	int r = t->len ? canonical_res(t->s, t->s + t->len, &wl) : -1;
	if (r >= 0 && wl == t->len) {
		memset(v, 0, CAT_RES);
		v[r] = 1;
		return 0;
	}
	return bundle_slow(c->rej, t, v, empty);
}

/* Discarded cards, some perhaps unseen: "3lumber+2?", "4?". */
static int arg_discard(cur *c, uint8_t v[CAT_RES], uint8_t *unseen)
{
	const arb_token *t = arg(c, "cards (like brick+2ore or 3?)");
	if (!t)
		return -1;
	if (parse_bundle(t, v, false, unseen) < 0)
		return bad(c->rej, t,
			   "a bundle of resource cards (like brick+2ore, "
			   "with ? for a card not seen: 3lumber+2?; "
			   "the resources: brick, lumber, wool, grain, ore)");
	return 0;
}

static inline __attribute__((always_inline)) int arg_res(cur *c, uint8_t *out)
{
	const arb_token *t = arg(c, "a resource");
	if (!t)
		return -1;
	size_t wl = 0;
	int r = t->len ? canonical_res(t->s, t->s + t->len, &wl) : -1;
	if (r < 0 || wl != t->len)
		r = cat_parse_res(t->s, t->len);
	if (r < 0 && t->len == 1 && t->s[0] == '?')
		return bad(c->rej, t,
			   "a resource (brick, lumber, wool, grain, ore): a resource named "
			   "here is seen by every player");
	if (r < 0)
		return bad(c->rej, t, "a resource (brick, lumber, wool, grain, ore)");
	*out = (uint8_t)r;
	return 0;
}

static inline __attribute__((always_inline)) int arg_edge(cur *c, uint8_t *out)
{
	const arb_token *t = arg(c, "a path (like c1-d1)");
	if (!t)
		return -1;
	int e = parse_edge(c->g->d, t->s, t->len);
	if (e < 0)
		return bad(c->rej, t,
			   "a path between two neighbouring "
			   "intersections (like c1-d1)");
	*out = (uint8_t)e;
	return 0;
}

static inline __attribute__((always_inline)) int arg_node(cur *c, uint8_t *out)
{
	const arb_token *t = arg(c, "an intersection (like c1)");
	if (!t)
		return -1;
	int v = cat_parse_node(c->g->d, t->s, t->len);
	if (v < 0)
		return bad(c->rej, t, "an intersection of the island (like c1)");
	*out = (uint8_t)v;
	return 0;
}

/* HEX [steal COLOUR RES] */
static inline __attribute__((always_inline)) int arg_robber(cur *c, cat_act *a)
{
	const arb_token *t = arg(c, "a hex (A..S)");
	if (!t)
		return -1;
	int h = cat_parse_hex(t->s, t->len);
	if (h < 0)
		return bad(c->rej, t, "a hex (A..S)");
	a->a = (uint8_t)h;
	a->b = CAT_NONE;
	a->c = CAT_NONE;
	if (c->i < c->n && teq(&c->tok[c->i], "steal")) {
		c->kw = &c->tok[c->i++];
		if (arg_seat(c, &a->b) < 0)
			return -1;
		if (c->i < c->n && c->tok[c->i].len == 1 && c->tok[c->i].s[0] == '?') {
			c->i++;
			a->c = CAT_UNSEEN;
			c->unseen = 1;
		} else if (arg_res(c, &a->c) < 0) {
			return -1;
		}
	}
	return 0;
}

/* A monopoly's take, optional after its resource: "takes 5" (the
 * cards taken in all) or "takes White 2 Blue 0 Orange 3" (from each
 * opponent, every one named once).  Into a->b (MONO_TAKE_*), a->c (the
 * total) and a->give[seat] (each opponent's); a->bcol is the column of
 * the first word after "takes". */
static int arg_take(cur *c, unsigned self, cat_act *a)
{
	a->b = MONO_TAKE_NONE;
	if (c->i >= c->n || !teq(&c->tok[c->i], "takes"))
		return 0;
	c->kw = &c->tok[c->i++];
	const arb_token *t =
		arg(c, "the cards taken (a count, or each opponent's colour and count)");
	if (!t)
		return -1;
	a->bcol = t->col;
	unsigned v;
	if (parse_int(t, 255, &v) == 0) {
		a->b = MONO_TAKE_TOTAL;
		a->c = (uint8_t)v;
		return 0;
	}
	a->b = MONO_TAKE_EACH;
	unsigned named = 0;
	c->i--;
	while (c->i < c->n && parse_seat(c->g, &c->tok[c->i]) >= 0) {
		const arb_token *who = &c->tok[c->i];
		uint8_t s = 0;
		if (arg_seat(c, &s) < 0)
			return -1;
		if (s == self)
			return reject_at(c->rej, who, CAT_R_SYNTAX,
					 "a monopoly takes from the opponents, not from %s, "
					 "who plays it",
					 cat_cname(c->g, s));
		if (named & (1u << s))
			return reject_at(c->rej, who, CAT_R_SYNTAX,
					 "%s is named twice in the monopoly's take",
					 cat_cname(c->g, s));
		named |= 1u << s;
		const arb_token *k = arg(c, "the cards taken from that colour");
		if (!k)
			return -1;
		if (parse_int(k, CAT_MAX_BANK, &v) < 0)
			return bad(c->rej, k, "a number of cards taken");
		a->give[s] = (uint8_t)v;
	}
	if (!named)
		return bad(c->rej, t,
			   "the cards taken: a count (takes 5) or each opponent's colour and "
			   "count (takes White 2 Blue 0)");
	for (unsigned p = 0; p < c->g->nseats; p++)
		if (p != self && !(named & (1u << p)))
			return reject_at(c->rej, t, CAT_R_SYNTAX,
					 "the monopoly's take names every opponent with "
					 "what it took from them (like takes 5, or takes "
					 "White 2 Blue 0): %s is missing",
					 cat_cname(c->g, p));
	return 0;
}

/* The "for" between the bundles of a trade. */
static inline __attribute__((always_inline)) int arg_for(cur *c)
{
	const arb_token *t = arg(c, "'for' and the cards received");
	if (!t)
		return -1;
	if (!teq(t, "for"))
		return bad(c->rej, t, "'for' (trade GIVE for GET)");
	return 0;
}

/* roll: both dice (like 3+4), or their sum when they were not seen. */
static inline __attribute__((always_inline)) int arg_roll(cur *c, cat_act *a)
{
	const arb_token *t = arg(c, "both dice (like 3+4)");
	if (!t)
		return -1;
	unsigned sum;
	a->kind = A_ROLL;
	if (t->len == 3 && (t->s[1] == '+' || t->s[1] == ',') && t->s[0] >= '1' && t->s[0] <= '6' &&
	    t->s[2] >= '1' && t->s[2] <= '6') {
		a->a = (uint8_t)(t->s[0] - '0');
		a->b = (uint8_t)(t->s[2] - '0');
	} else if (t->len <= 2 && parse_int(t, 12, &sum) == 0 && sum >= 2) {
		/* The sum alone, when the dice were not
		 * seen: b = 0 marks it. */
		a->a = (uint8_t)sum;
		a->b = 0;
	} else {
		return bad(c->rej, t,
			   "both dice (like 3+4) or "
			   "their sum (2..12)");
	}
	return 0;
}

/* trade bank|COLOUR [COLOUR] GIVE for GET. */
static inline __attribute__((always_inline)) int arg_trade(cur *c, cat_act *a)
{
	const arb_token *t = arg(c, "a colour or 'bank'");
	if (!t)
		return -1;
	if (teq(t, "bank") || teq(t, "harbour") || teq(t, "port")) {
		a->kind = A_BANK;
	} else {
		a->kind = A_TRADE;
		a->c = CAT_NONE;
		c->i--;
		if (arg_seat(c, &a->a) < 0)
			return -1;
		/* "trade Blue White ...": Blue trades with White
		 * (only legal when Blue is the active seat). */
		if (c->i < c->n && parse_seat(c->g, &c->tok[c->i]) >= 0) {
			a->c = a->a;
			if (arg_seat(c, &a->a) < 0)
				return -1;
		}
	}
	/* "nothing" parses so apply() can name the rule. */
	return arg_bundle(c, a->give, true) < 0 || arg_for(c) < 0 || arg_bundle(c, a->get, true) < 0
		       ? -1
		       : 0;
}

/* buy CARD: the development card drawn, or ? (not seen). */
static inline __attribute__((always_inline)) int arg_buy(cur *c, cat_act *a)
{
	const arb_token *t = arg(c, "the card drawn");
	if (!t)
		return -1;
	int d = t->len == 1 && t->s[0] == '?' ? CAT_UNSEEN : cat_parse_dev(t->s, t->len);
	if (d < 0)
		return bad(c->rej, t,
			   "a development card (knight, "
			   "road-building, year-of-plenty, "
			   "monopoly, victory-point) or ? (not "
			   "seen)");
	a->kind = A_BUY;
	a->a = (uint8_t)d;
	c->unseen |= d == CAT_UNSEEN;
	return 0;
}

/* play CARD and its arguments. */
static int arg_play(cur *c, unsigned self, cat_act *a)
{
	int rc = 0;
	const arb_token *t = arg(c, "a development card");
	if (!t)
		return -1;
	a->acol = c->i < c->n ? c->tok[c->i].col : t->col;
	switch (cat_parse_dev(t->s, t->len)) {
	case D_KNIGHT:
		a->kind = A_KNIGHT;
		rc = arg_robber(c, a);
		break;
	case D_ROADS:
		a->kind = A_ROADS;
		a->b = CAT_NONE;
		rc = arg_edge(c, &a->a);
		if (!rc && c->i < c->n &&
		    cat_parse_edge(c->g->d, c->tok[c->i].s, c->tok[c->i].len) >= 0) {
			a->bcol = c->tok[c->i].col;
			rc = arg_edge(c, &a->b);
		}
		break;
	case D_PLENTY:
		a->kind = A_PLENTY;
		rc = arg_bundle(c, a->get, false);
		break;
	case D_MONOPOLY:
		a->kind = A_MONOPOLY;
		rc = arg_res(c, &a->a) < 0 || arg_take(c, self, a) < 0;
		break;
	default:
		return bad(c->rej, t,
			   "a card that is played (knight, "
			   "road-building, year-of-plenty, "
			   "monopoly)");
	}
	return rc ? -1 : 0;
}

/* reveal [N]vp: victory point cards shown. */
static int arg_reveal(cur *c, cat_act *a)
{
	const arb_token *t = arg(c, "the victory point cards");
	if (!t)
		return -1;
	unsigned n = 1;
	size_t j = 0;
	if (t->len > 2 && t->s[0] >= '1' && t->s[0] <= '5') {
		n = (unsigned)(t->s[0] - '0');
		j = 1;
	}
	if (t->len - j != 2 || strncasecmp(t->s + j, "vp", 2))
		return bad(c->rej, t, "victory point cards (vp, 2vp)");
	a->kind = A_REVEAL;
	a->a = (uint8_t)n;
	return 0;
}

/* score COLOUR N. */
static int arg_score(cur *c, cat_act *a)
{
	a->kind = A_VP;
	unsigned v;
	if (arg_seat(c, &a->a) < 0)
		return -1;
	const arb_token *t = arg(c, "victory points");
	if (!t)
		return -1;
	if (parse_int(t, 99, &v) < 0)
		return bad(c->rej, t, "a number of victory points");
	a->b = (uint8_t)v;
	return 0;
}

/* 'longest' or 'army' and its holder: a colour or 'none'. */
static inline __attribute__((always_inline)) int arg_holder(cur *c, cat_act *a)
{
	const arb_token *t = arg(c, "a colour or 'none'");
	if (!t)
		return -1;
	if (teq(t, "none")) {
		a->a = CAT_NONE;
		return 0;
	}
	c->i--;
	return arg_seat(c, &a->a);
}

int cat_parse(const void *game, const arb_token *tok, size_t ntok, void *move, arb_reject *rej)
{
	const cat_game *g = game;
	cat_move *m = move;
	assert(ntok > 0);
	/* a view record's lines were parsed when read ahead (parsing them
	 * again cost 1.8 % of an observer view's replay) */
	if (g->ahead && cat_ahead_parsed(g, tok, ntok, m))
		return 0;
	int s = parse_seat(g, &tok[0]);
	char colours[64];
	if (s < 0)
		seated(g, colours, sizeof colours);
	if (s < 0)
		return reject_at(rej, &tok[0], unseated_rule(&tok[0]),
				 "a turn starts with the colour of a seat "
				 "of this game (%s), not '%.*s'",
				 colours, (int)tok[0].len, tok[0].s);
	m->seat = (uint8_t)s;
	m->line = tok[0].line;
	m->col = tok[0].col;
	m->n = 0;
	cur c = { g, tok, ntok, 1, rej, NULL, 0 };
	while (c.i < c.n) {
		const arb_token *k = &tok[c.i++];
		if (m->n == CAT_MAX_ACTS)
			return reject_at(rej, k, CAT_R_TOO_MANY_ACTIONS,
					 "a turn line holds at most %d actions", CAT_MAX_ACTS);
		cat_act *a = &m->act[m->n];
		memset(a, 0, sizeof *a);
		a->col = k->col;
		a->acol = c.i < c.n ? tok[c.i].col : k->col;
		c.kw = k;
		int rc = 0;
		int kwd = keyword(k);
		if (kwd == K_ROLL) {
			rc = arg_roll(&c, a);
		} else if (kwd == K_DISCARD) {
			a->kind = A_DISCARD;
			cur o = c;
			rc = arg_seat(&o, &a->a) < 0 || arg_discard(&o, a->give, &a->b) < 0;
			c = o;
			c.unseen |= a->b != 0;
		} else if (kwd == K_ROBBER) {
			a->kind = A_ROBBER;
			rc = arg_robber(&c, a);
		} else if (kwd == K_TRADE) {
			rc = arg_trade(&c, a);
		} else if (kwd == K_ROAD) {
			a->kind = A_ROAD;
			rc = arg_edge(&c, &a->a);
		} else if (kwd == K_SETTLE) {
			a->kind = A_SETTLE;
			rc = arg_node(&c, &a->a);
		} else if (kwd == K_CITY) {
			a->kind = A_CITY;
			rc = arg_node(&c, &a->a);
		} else if (kwd == K_BUY) {
			rc = arg_buy(&c, a);
		} else if (kwd == K_PLAY) {
			cur o = c; /* a copy: c's address stays here */
			rc = arg_play(&o, m->seat, a);
			c = o;
		} else if (kwd == K_REVEAL) {
			cur o = c;
			rc = arg_reveal(&o, a);
			c = o;
		} else if (kwd == K_LONGEST || kwd == K_ARMY) {
			a->kind = kwd == K_ARMY ? A_ARMY : A_LONGEST;
			rc = arg_holder(&c, a);
		} else if (kwd == K_SCORE) {
			cur o = c;
			rc = arg_score(&o, a);
			c = o;
		} else if (kwd == K_GETS) {
			a->kind = A_GETS;
			rc = arg_seat(&c, &a->a) < 0 || arg_bundle(&c, a->get, true) < 0;
		} else {
			return reject_at(rej, k, CAT_R_SYNTAX,
					 "'%.*s' is no action (roll, discard, "
					 "robber, trade, road, settlement, "
					 "city, buy, play, reveal, gets, "
					 "longest, army, score)",
					 (int)k->len, k->s);
		}
		if (rc)
			return -1;
		m->n++;
	}
	m->unseen = c.unseen;
	return 0;
}
