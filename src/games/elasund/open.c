/*
 * open.c — Elasund played live, action by action: the open turn ops of
 * game.h (copy, apply_open, asked, actions, deal, deal_start) through
 * which the referee (src/referee) holds a game.
 *
 * An action is one item of a turn line (notation/elasund.md, "Played
 * live"): the roll, the income's draws, one seat's pirate discard, the
 * loot, one seat's shortage halving, a build, one hut move (sent by the
 * hut's owner), the permit or the gold, the special action.  The referee
 * plays the turn so far with apply_open on a copy of the turn's start:
 * apply()'s own rules (rules.c), with the same rule ids and messages,
 * except that what the line owes only because nothing follows it yet
 * (the income's draws, the discards and the loot, the halvings, the huts
 * of its last build, phase three) waits in g->owed, which asked() reads.
 * A line that goes on past such a debt is refused as apply() refuses it.
 *
 * deal() checks that the seat speaking may play the action (the active
 * seat plays its turn; a seat discards, halves and moves huts only for
 * itself) and, given a random source, deals what chance decides exactly
 * as gen.c draws it: the dice (deal_start), the income's and a wall's
 * influence cards, the loot, the church tiles.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "elasund.h"

static const char letters[NINFL] = { 'r', 'b', 'g' };

/* ------------------------------------------------------ copy, apply */

/* copy (game.h): the position, the turn's undo and what the open turn
 * owes; dst keeps its own data, worker and heap blocks (events, layout:
 * the same tables, maybe loaded apart). */
void el_copy(void *dst, const void *src)
{
	el_game *d = dst;
	const el_data *data = d->d;
	arb_worker *worker = d->worker;
	arb_event *ev = d->ev;
	char(*evstr)[2][16] = d->evstr;
	const el_layout *L = d->L;
	el_world *w = d->world;
	uint32_t nw = d->nworld;
	*d = *(const el_game *)src;
	d->d = data;
	d->worker = worker;
	d->ev = ev;
	d->evstr = evstr;
	d->L = L;
	d->nev = 0;
	d->world = w;
	d->nworld = nw;
	el_view_copy(d, src);
}

/* apply_open (game.h): what the line may still owe is what nothing
 * follows in it (EL_OWE_*, and the huts of the build that ends it). */
int el_apply_open(void *game, const void *move, const arb_sink *sink, arb_reject *rej)
{
	el_game *g = game;
	const el_move *m = move;
	bool phase2on = m->nbuild || m->p3 || m->sp;
	memset(&g->owed, 0, sizeof g->owed);
	g->owe_ok = m->sp ? 0 : EL_OWE_PHASE3;
	if (!phase2on) {
		g->owe_ok |= EL_OWE_HALVE;
		if (!m->has_halve && !m->has_loot) {
			g->owe_ok |= EL_OWE_DISCARD | EL_OWE_LOOT;
			if (!m->has_disc && !m->has_inc)
				g->owe_ok |= EL_OWE_INCOME;
		}
	}
	g->open_last = m->nbuild && !m->p3 && !m->sp ? &m->build[m->nbuild - 1] : NULL;
	int rc = el_play_open(g, m, sink, rej);
	g->open_last = NULL;
	if (rc < 0)
		return -1;
	g->owed.begun = true;
	g->owed.turn = g->pos.turns;
	g->owed.roll = m->roll;
	g->owed.phase3 = m->p3 != 0;
	g->owed.nbuild = m->nbuild;
	g->owed.special = m->sp != SP_NONE;
	return 0;
}

/* The open turn has begun (the roll is played) in g's position. */
static bool begun(const el_game *g)
{
	return g->owed.begun && g->owed.turn == g->pos.turns;
}

/* ------------------------------------------------------------ asked */

/* asked (game.h): the debts in the order of the line (income, discards,
 * loot, halvings, huts), then the active seat's own play. */
void el_asked(const void *game, arb_asked *out)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	const el_owed *o = &g->owed;
	memset(out, 0, sizeof *out);
	out->active = p->active;
	out->seats = 1u << p->active;
	if (p->over) {
		out->seats = 0;
		out->what = "over";
		out->may_end = true;
		out->over = true;
	} else if (!begun(g)) {
		out->what = "roll";
	} else if (o->income) {
		out->what = "income";
	} else if (o->discard) {
		out->seats = o->discard;
		out->what = "discard";
	} else if (o->loot) {
		out->what = "loot";
	} else if (o->halve) {
		out->seats = o->halve;
		out->what = "halve";
	} else if (o->huts.n) {
		out->seats = 1u << p->tile[o->huts.id[0]].owner;
		out->what = "huts";
	} else {
		out->what = "turn";
		out->may_end = o->phase3;
	}
}

/* ---------------------------------------------------------- actions */

/* actions (game.h): the column where each item starts, in line order. */
size_t el_actions(const void *game, const void *move, uint32_t *cols, size_t max)
{
	const el_game *g = game;
	const el_move *m = move;
	uint32_t c[4 + 2 * EL_SEATS + 2 * (1 + EL_MAXHUT) + 2];
	size_t n = 0;
	c[n++] = m->at_roll.col;
	if (m->has_inc)
		c[n++] = m->at_inc.col;
	for (unsigned s = 0; s < g->nseats; s++)
		if (m->disc_set & (1u << s))
			c[n++] = m->at_disc_item[s].col;
	if (m->has_loot)
		c[n++] = m->at_loot_kw.col;
	for (unsigned s = 0; s < g->nseats; s++)
		if (m->halve_set & (1u << s))
			c[n++] = m->at_halve_item[s].col;
	for (int k = 0; k < m->nbuild; k++) {
		c[n++] = m->build[k].at.col;
		for (int h = 0; h < m->build[k].nhut; h++)
			c[n++] = m->build[k].hut[h].at_kw.col;
	}
	if (m->p3)
		c[n++] = m->at_p3.col;
	if (m->sp)
		c[n++] = m->at_sp.col;
	/* a seat's discard may be written before another's of a lower seat */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && c[j - 1] > c[j]; j--) {
			uint32_t t = c[j];
			c[j] = c[j - 1];
			c[j - 1] = t;
		}
	if (n > max)
		n = max;
	memcpy(cols, c, n * sizeof *cols);
	return n;
}

/* ------------------------------------------------------------- deal */

/* What an action is, by its first word. */
enum {
	A_ROLL,
	A_INCOME,
	A_DISCARD,
	A_SEATCARDS, /* Colour=cards: a discard or halving after another */
	A_LOOT,
	A_HALVE,
	A_BUILD,
	A_WALL,
	A_CHURCH,
	A_HUT,
	A_GOLD,
	A_PERMIT,
	A_CASH,
	A_PLACE,
	A_MOVE, /* move and raise                                       */
	A_OTHER
};

static int act_kind(const arb_token *t)
{
	static const struct {
		const char *w;
		int kind;
	} kw[] = {
		{ "discard", A_DISCARD }, { "halve", A_HALVE }, { "loot", A_LOOT },
		{ "build", A_BUILD },	  { "wall", A_WALL },	{ "church", A_CHURCH },
		{ "hut", A_HUT },	  { "longhut", A_HUT }, { "gold", A_GOLD },
		{ "permit", A_PERMIT },	  { "cash", A_CASH },	{ "place", A_PLACE },
		{ "move", A_MOVE },	  { "raise", A_MOVE },
	};
	if (t->len && t->s[0] >= '0' && t->s[0] <= '9')
		return A_ROLL;
	if (t->len && t->s[0] == '+')
		return A_INCOME;
	if (memchr(t->s, '=', t->len))
		return A_SEATCARDS;
	for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
		if (arb_tok_ieq(t, kw[i].w))
			return kw[i].kind;
	return A_OTHER;
}

/* "3r" / "2b": a fee of n cards of one colour. */
static bool is_fee(const arb_token *t, char n)
{
	return t->len == 2 && t->s[0] == n && strchr("rbgRBG", t->s[1]);
}

/* The words one action of `kind` takes at most, as the seat writes it
 * with its chance (the grammar of notation/elasund.md); words past them
 * start another action. */
static size_t act_len(int kind, const arb_token *tok, size_t ntok)
{
	switch (kind) {
	case A_INCOME:
	case A_SEATCARDS:
	case A_GOLD:
	case A_CASH:
		return 1;
	case A_DISCARD:
	case A_HALVE:
	case A_LOOT:
	case A_CHURCH:
		return 2;
	case A_WALL:
		return ntok > 2 && tok[2].len && tok[2].s[0] == '+' ? 3 : 2;
	case A_BUILD:
		return ntok > 3 && is_fee(&tok[3], '3') ? 4 : 3;
	case A_PERMIT:
		return ntok > 3 && is_fee(&tok[3], '2') ? 4 : 3;
	case A_HUT:
	case A_PLACE:
		return 3;
	case A_MOVE:
		return 4;
	default: /* the roll (deal_roll), or no item: the rules say */
		return ntok;
	}
}

/* The seat a colour word (up to a '=') names, or -1. */
static int seat_named(const el_game *g, const arb_token *t)
{
	const char *eq = memchr(t->s, '=', t->len);
	size_t n = eq ? (size_t)(eq - t->s) : t->len;
	for (unsigned s = 0; s < g->nseats; s++) {
		const char *c = el_cname(g, (int)s);
		if (strlen(c) == n && strncasecmp(c, t->s, n) == 0)
			return (int)s;
	}
	return -1;
}

/* The tokens as they are, one blank between them. */
static void put_words(arb_buf *out, const arb_token *tok, size_t ntok)
{
	for (size_t i = 0; i < ntok; i++) {
		if (i)
			arb_buf_putc(out, ' ');
		arb_buf_put(out, tok[i].s, tok[i].len);
	}
}

/* The seat that speaks may play an action of this kind now: the active
 * seat plays its turn; a seat discards, halves and moves huts only for
 * itself (U20: each owner re-places its own huts).  0 or -1. */
static int check_speaker(const el_game *g, unsigned seat, int kind, const arb_token *tok,
			 size_t ntok, arb_reject *rej)
{
	const el_pos *p = &g->pos;
	bool own = kind == A_SEATCARDS || kind == A_DISCARD || kind == A_HALVE || kind == A_HUT;
	const arb_token *who = kind == A_SEATCARDS ? &tok[0] : own && ntok > 1 ? &tok[1] : NULL;
	if (who) {
		int named = seat_named(g, who);
		if (named >= 0 && (unsigned)named != seat)
			return EL_REJ_TOK(rej, who, EL_R_WRONG_TURN,
					  "%s speaks only for itself here, not for %s",
					  el_cname(g, (int)seat), el_cname(g, named));
		return 0;
	}
	if (own || seat == p->active)
		return 0;
	return EL_REJ_TOK(rej, &tok[0], EL_R_WRONG_TURN, "it is %s's turn, not %s's",
			  el_cname(g, p->active), el_cname(g, (int)seat));
}

/* The roll.  With the dealer's dice the referee has put the sum it dealt
 * first (deal_start), and the seat adds the ship's row when it chooses
 * one: "7" ">5" or "7" "7>5" is "7>5". */
static int deal_roll(const el_game *g, const arb_token *tok, size_t ntok, bool dealt, arb_buf *out,
		     arb_reject *rej)
{
	if (begun(g))
		return EL_REJ_TOK(rej, &tok[0], EL_R_ITEM_ORDER, "%s has rolled already this turn",
				  el_cname(g, g->pos.active));
	if (ntok == 1) {
		put_words(out, tok, 1);
		return 0;
	}
	const arb_token *a = &tok[0], *b = &tok[1];
	const char *gt = memchr(b->s, '>', b->len);
	size_t lead = gt ? (size_t)(gt - b->s) : 0;
	bool same = gt && (lead == 0 || (lead == a->len && memcmp(a->s, b->s, lead) == 0));
	if (!dealt || ntok > 2)
		return EL_REJ_TOK(rej, &tok[dealt ? 2 : 1], EL_R_SYNTAX,
				  "one action at a time: '%.*s' starts another",
				  (int)tok[dealt ? 2 : 1].len, tok[dealt ? 2 : 1].s);
	if (!same || memchr(a->s, '>', a->len))
		return EL_REJ_TOK(rej, b, EL_R_SYNTAX,
				  "the dice show %.*s: write %.*s, or %.*s>ROW for the ship",
				  (int)a->len, a->s, (int)a->len, a->s, (int)a->len, a->s);
	arb_buf_put(out, a->s, a->len);
	arb_buf_put(out, gt, b->len - lead);
	return 0;
}

/* The influence cards `n` draws from the position's deck, as " +rb". */
static void draw_cards(const el_game *g, uint64_t *rng, int n, arb_buf *out)
{
	int16_t deck[NINFL], disc[NINFL];
	memcpy(deck, g->pos.deck, sizeof deck);
	memcpy(disc, g->pos.disc, sizeof disc);
	for (int k = 0, c; k < n && (c = el_draw_card(rng, deck, disc)) >= 0; k++)
		arb_buf_printf(out, "%s%c", k ? "" : "+", letters[c]);
}

/* The church: the first builder draws two tiles and keeps one (a choice
 * between "church A/B" and "church B/A"), a later one draws the top of
 * the stack (never the tile put under it, but for the last). */
static int deal_church(const el_game *g, const arb_token *tok, uint64_t *rng, arb_buf *out,
		       arb_reject *rej)
{
	const el_pos *p = &g->pos;
	uint16_t left = p->church_left;
	int tiles[EL_NCHURCH], k = 0;
	if (!left)
		return EL_REJ_TOK(rej, tok, EL_R_CHURCH_COMPLETE, "all 9 church tiles are built");
	if (p->corg_x < 0) {
		for (int t = 0; t < EL_NCHURCH; t++)
			if (left >> t & 1)
				tiles[k++] = t;
		int a = (int)arb_rng_below(rng, (uint32_t)k);
		int b = (int)arb_rng_below(rng, (uint32_t)k - 1);
		if (b >= a)
			b++;
		arb_buf_printf(out, "church %d/%d|church %d/%d", tiles[a] + 1, tiles[b] + 1,
			       tiles[b] + 1, tiles[a] + 1);
		return ARB_DEAL_CHOOSE;
	}
	for (int t = 0; t < EL_NCHURCH; t++)
		if ((left >> t & 1) && (t != p->church_bottom || !(left & (left - 1))))
			tiles[k++] = t;
	arb_buf_printf(out, "church %d", tiles[arb_rng_below(rng, (uint32_t)k)] + 1);
	return ARB_DEAL_PLAY;
}

/* What chance decides in an action the seat wrote without it (kind,
 * tok[0..ntok)), dealt from rng into out.  ARB_DEAL_PLAY, CHOOSE, -1. */
static int deal_chance(const el_game *g, int kind, const arb_token *tok, size_t ntok, uint64_t *rng,
		       arb_buf *out, arb_reject *rej)
{
	const el_pos *p = &g->pos;
	const el_owed *o = &g->owed;
	static const char *const what[] = {
		[A_INCOME] = "+", [A_LOOT] = "loot", [A_CHURCH] = "church", [A_WALL] = "wall SPACE"
	};
	bool written = kind == A_INCOME ? tok[0].len > 1 : kind == A_WALL ? ntok > 2 : ntok > 1;
	if (written)
		return EL_REJ_TOK(rej, &tok[kind == A_INCOME ? 0 : ntok - 1], EL_R_SYNTAX,
				  "the referee deals what chance decides: write %s alone",
				  what[kind]);
	if (kind == A_CHURCH)
		return deal_church(g, tok, rng, out, rej);
	if (kind == A_INCOME) {
		if (!begun(g) || !o->income)
			return EL_REJ_TOK(rej, tok, EL_R_DRAW_COUNT,
					  "no income draws influence cards now");
		draw_cards(g, rng, o->income, out);
		return ARB_DEAL_PLAY;
	}
	if (kind == A_LOOT) {
		if (!begun(g) || !o->loot || o->discard)
			return EL_REJ_TOK(rej, tok, EL_R_LOOT_COUNT,
					  o->discard ? "the loot comes after every pirate discard"
						     : "no loot is drawn now");
		int16_t gold = o->pool.gold, infl[NINFL];
		el_cards c;
		for (int k = 0; k < NINFL; k++)
			infl[k] = o->pool.infl[k];
		el_take_cards(rng, &gold, infl, o->loot, &c);
		arb_buf_puts(out, "loot ");
		if (c.gold)
			arb_buf_printf(out, "%u", c.gold);
		for (int k = 0; k < NINFL; k++)
			for (int n = 0; n < c.infl[k]; n++)
				arb_buf_putc(out, letters[k]);
		return ARB_DEAL_PLAY;
	}
	/* a wall: its tile's influence cards, what the deck holds */
	put_words(out, tok, ntok);
	const el_seat *ps = &p->seat[p->active];
	if (ps->walls < EL_NWALL && g->d->wall[ps->walls] != W_TOWER) {
		arb_buf_putc(out, ' ');
		size_t len = out->len;
		draw_cards(g, rng, g->d->wall[ps->walls] == W_INF1 ? 1 : 2, out);
		if (out->len == len) /* nothing left to draw: no + item */
			out->p[--out->len] = '\0';
	}
	return ARB_DEAL_PLAY;
}

/* With chance supplied, a request may hold several items of the turn, as
 * a record's line does (notation/protocol.md): each is checked for its
 * speaker (a discard, a halving and a hut move are their owner's) and the
 * words are copied; a bare "Colour=cards" item gets its keyword.  The
 * rules judge the rest when the line is played. */
static int supplied_items(const el_game *g, unsigned seat, const arb_token *tok, size_t ntok,
			  arb_buf *out, arb_reject *rej)
{
	for (size_t i = 0; i < ntok;) {
		int kind = act_kind(&tok[i]);
		if (i && check_speaker(g, seat, kind, tok + i, ntok - i, rej) < 0)
			return -1;
		if (kind == A_ROLL && begun(g)) /* refused as a dealt roll is */
			return deal_roll(g, tok + i, 1, false, out, rej);
		size_t len = kind == A_ROLL ? 1 : act_len(kind, tok + i, ntok - i);
		if (len == 0 || len > ntok - i)
			len = ntok - i;
		if (i)
			arb_buf_putc(out, ' ');
		if (kind == A_SEATCARDS)
			arb_buf_puts(out, begun(g) && g->owed.roll != 7 ? "halve " : "discard ");
		put_words(out, tok + i, len);
		i += len;
	}
	return ARB_DEAL_PLAY;
}

/* deal (game.h). */
int el_deal(const void *game, unsigned seat, const arb_token *tok, size_t ntok, uint64_t *rng,
	    arb_buf *out, unsigned *consent, arb_reject *rej)
{
	const el_game *g = game;
	if (consent)
		*consent = 0; /* Elasund has no trades */
	memset(rej, 0, sizeof *rej);
	if (!ntok)
		return arb_reject_rule(rej, el_rules, EL_R_SYNTAX, 0, 0, "no action");
	if (g->pos.over)
		return EL_REJ_TOK(rej, &tok[0], EL_R_GAME_OVER, "the game is over");
	if (seat >= g->nseats)
		return EL_REJ_TOK(rej, &tok[0], EL_R_WRONG_TURN, "no such seat");
	int kind = act_kind(&tok[0]);
	if (check_speaker(g, seat, kind, tok, ntok, rej) < 0)
		return -1;
	if (!rng) /* the seat's own chance: several items may come at once */
		return supplied_items(g, seat, tok, ntok, out, rej);
	if (kind == A_ROLL)
		return deal_roll(g, tok, ntok, rng != NULL, out, rej);
	size_t len = act_len(kind, tok, ntok);
	if (ntok > len)
		return EL_REJ_TOK(rej, &tok[len], EL_R_SYNTAX,
				  "one action at a time: '%.*s' starts another", (int)tok[len].len,
				  tok[len].s);
	if (rng && (kind == A_INCOME || kind == A_LOOT || kind == A_CHURCH || kind == A_WALL))
		return deal_chance(g, kind, tok, ntok, rng, out, rej);
	if (kind == A_SEATCARDS) /* the keyword its item shares with others */
		arb_buf_puts(out, begun(g) && g->owed.roll != 7 ? "halve " : "discard ");
	put_words(out, tok, ntok);
	return ARB_DEAL_PLAY;
}

/* deal_start (game.h): the dice, two d6 as gen.c rolls them. */
int el_deal_start(const void *game, uint64_t *rng, arb_buf *out)
{
	const el_game *g = game;
	if (g->pos.over || begun(g))
		return 1;
	unsigned a = arb_rng_below(rng, 6), b = arb_rng_below(rng, 6);
	arb_buf_printf(out, "%u", 2 + a + b);
	return 0;
}
