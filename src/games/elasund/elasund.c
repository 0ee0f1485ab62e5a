/*
 * elasund.c — Elasund: The First City (Klaus Teuber, 2005) as an arbiter
 * engine: the ops table, the rule table, create/destroy with the options
 * (Variant) and the Hands tag, and position_ok.
 *
 * The engine's files: rules.c plays a turn (apply) phase by phase, with
 * the large rules in buildings.c, walls.c and church.c; score.c holds the
 * events, the trade track and the standing; notation.c parses and formats
 * a turn line; data.c loads notation/elasund/elasund.yaml; dump.c draws
 * the board; snapshot.c reads and writes the Setup tag; moves.c lists the
 * legal choices and gen.c plays random games; open.c plays a turn live,
 * action by action (the referee).
 */
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "../../core/util.h"
#include "elasund.h"

const char *const el_colours[] = { "Red", "Blue", "Green", "Yellow", NULL };
const char *const el_infl_names[NINFL] = { "red", "blue", "green" };
const arb_rule el_rules[EL_NRULES] = { EL_RULES(ARB_RULE_ENTRY) };

static void el_destroy(void *game);

/* el_position_ok (game.h position_ok): a full recount, run after every
 * accepted turn in the debug builds.  Every influence card is in a hand,
 * the deck or the discards; the bank holds no negative gold; each seat's
 * cube counter equals its cubes on buildings, church tiles, towers and
 * flags; its trade points are those of its buildings on the board; each
 * board square names the tile that covers it. */
bool el_position_ok(const void *game, const char **why)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	const uint8_t *cards = g->d->cards[g->opt.cards];
	for (int k = 0; k < NINFL; k++) {
		int n = p->deck[k] + p->disc[k], want = cards[1 + k];
		for (unsigned s = 0; s < g->nseats; s++)
			n += p->seat[s].infl[k];
		if (g->view != EL_NOVIEW) /* counted in colour 0 (views.c) */
			want = k ? 0 : cards[1] + cards[2] + cards[3];
		if (n != want || p->deck[k] < 0 || p->disc[k] < 0) {
			*why = "influence cards in hands, deck and discards differ from the data's";
			return false;
		}
	}
	if (g->view != EL_NOVIEW && !el_view_ok(g)) {
		*why = "a view's ways of the unseen cards hold other counts than the position";
		return false;
	}
	if (el_bank_gold(g) < 0) {
		*why = "the hands hold more gold than the game has";
		return false;
	}
	int cubes[EL_SEATS] = { 0 }, trade[EL_SEATS] = { 0 };
	el_pos rows; /* only its row_inc: the tiles on the board counted anew */
	memset(rows.row_inc, 0, sizeof rows.row_inc);
	memset(rows.row_cubes, 0, sizeof rows.row_cubes); /* written, not read */
	for (int i = 0; i < EL_MAXTILES; i++) {
		const el_tile *t = &p->tile[i];
		if (!t->on)
			continue;
		cubes[t->owner] += t->cubes;
		trade[t->owner] += t->trade;
		const el_btype *bt = &g->d->bt[t->type];
		el_row_income(&rows, t, bt, 1);
		for (int dy = 0; dy < bt->h; dy++)
			for (int dx = 0; dx < bt->w; dx++)
				if (p->bld[t->y + dy][t->x + dx] != i) {
					*why = "a tile on the board is missing from its squares";
					return false;
				}
	}
	if (memcmp(rows.row_inc, p->row_inc, sizeof rows.row_inc) != 0) {
		*why = "a row's income counts differ from its buildings'";
		return false;
	}
	el_count_row_cubes(g, p, rows.row_cubes);
	if (memcmp(rows.row_cubes, p->row_cubes, sizeof rows.row_cubes) != 0) {
		*why = "a row's cube counts differ from the cubes on the board";
		return false;
	}
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < EL_W; x++)
			if (p->church[y][x] >= 0)
				cubes[p->church_owner[p->church[y][x]]]++;
	for (unsigned s = 0; s < g->nseats; s++) {
		const el_seat *ps = &p->seat[s];
		cubes[s] += el_towers_of(g, (int)s) + __builtin_popcount(ps->flags);
		if (cubes[s] != ps->cubes || ps->cubes > 10) {
			*why = "a seat's cube counter differs from its cubes on the board";
			return false;
		}
		if (trade[s] != ps->trade) {
			*why = "a seat's trade points differ from its buildings'";
			return false;
		}
		if (ps->gold < 0 || ps->infl[0] < 0 || ps->infl[1] < 0 || ps->infl[2] < 0) {
			*why = "a hand holds a negative number of cards";
			return false;
		}
	}
	if (p->over && (p->winner != p->active || p->seat[p->winner].cubes != 10)) {
		*why = "the game is over but the active seat has not 10 cubes";
		return false;
	}
	return true;
}

/* ------------------------------------------------------------- set-up */

/* The Variant options (word index = the value, the first the default). */
static const arb_option_spec el_options[] = {
	{ "cards", { "classic", "smart" }, NULL, -1, offsetof(el_opts, cards) },
	{ "halve", { "down", "up" }, NULL, -1, offsetof(el_opts, halve_up) },
	{ "walls", { "free", "blue-first" }, NULL, -1, offsetof(el_opts, walls_blue_first) },
	{ "huts", { "any", "bigger" }, NULL, -1, offsetof(el_opts, huts_bigger) },
	{ "track", { "capped", "uncapped" }, NULL, -1, offsetof(el_opts, track_uncapped) },
	{ "mills", { "all", "near" }, NULL, -1, offsetof(el_opts, mills_near) },
};

static int parse_options(el_game *g, const arb_setup *su, arb_reject *rej)
{
	for (size_t i = 0; i < su->noptions; i++) {
		const arb_option *o = &su->options[i];
		uint32_t line = o->tag ? o->tag->line : 0, col = o->tag ? o->tag->col : 0;
		size_t row;
		int r = arb_option_set(&g->opt, el_options, ARB_COUNT(el_options), o, &row);
		if (r == ARB_OPTION_UNKNOWN)
			return arb_reject_rule(
				rej, el_rules, EL_R_UNKNOWN_OPTION, line, col,
				"unknown option '%s' (elasund knows cards, halve, walls, huts, "
				"track, mills)",
				o->name);
		if (r == ARB_OPTION_BAD_VALUE) {
			char list[80];
			arb_option_words(list, sizeof list, &el_options[row], NULL);
			return arb_reject_rule(rej, el_rules, EL_R_BAD_OPTION, line, col,
					       "option %s takes %s", o->name, list);
		}
	}
	return 0;
}

/* The Hands tag: "Red=r Blue=g ...", each seat's starting influence. */
static int parse_hands(el_game *g, const arb_setup *su, arb_reject *rej)
{
	/* arb_setup_tag(su, "Hands"), its names' first letters compared
	 * before the strcmp: every game of a stream asks it. */
	const arb_tag *t = NULL;
	for (size_t i = 0; i < su->ntags && !t; i++)
		if (su->tags[i].name[0] == 'H' && strcmp(su->tags[i].name, "Hands") == 0)
			t = &su->tags[i];
	el_pos *p = &g->pos;
	if (!t) {
		/* Without starting hands a game can still be drawn (dump
		 * --labels); its first turn is refused. */
		g->no_hands = true;
		return 0;
	}
	unsigned seen = 0;
	int8_t dealt[EL_SEATS] = { 0 };
	const char *s;
	size_t n;
	/* The words split at spaces as arb_tag_word(" ") would, and a colour
	 * compared as strncasecmp would (the names are letters), inline: a
	 * stream of games reads one Hands tag each. */
	static const char *const lower[] = { "red", "blue", "green", "yellow" }; /* el_colours */
	static const uint8_t lower_len[] = { 3, 4, 5, 6 };
	for (const char *c = t->value;; c = s + n) {
		while (*c == ' ')
			c++;
		s = c;
		for (n = 0; s[n] && s[n] != ' '; n++)
			;
		if (!n)
			break;
		const char *e = s + n;
		const char *eq = memchr(s, '=', (size_t)(e - s));
		int seat = -1;
		if (eq)
			for (unsigned k = 0; k < g->nseats; k++)
				if (lower_len[g->colour[k]] == (size_t)(eq - s) &&
				    arb_word_ieq(s, (size_t)(eq - s), lower[g->colour[k]],
						 lower_len[g->colour[k]]))
					seat = (int)k;
		if (seat < 0 || (seen & (1u << seat)) || (size_t)(e - eq - 1) != g->d->hand_infl)
			return arb_reject_rule(
				rej, el_rules, EL_R_HANDS, t->line, t->col,
				"Hands lists each seat once as Colour=CARD (%u influence card%s, r, b or g): '%.*s'",
				g->d->hand_infl, g->d->hand_infl == 1 ? "" : "s", (int)(e - s), s);
		seen |= 1u << seat;
		for (const char *c = eq + 1; c < e; c++) {
			int k = *c == 'r' || *c == 'R'	 ? IR
				: *c == 'b' || *c == 'B' ? IB
				: *c == 'g' || *c == 'G' ? IG
				: *c == '?'		 ? EL_U
							 : -1;
			if (k == EL_U) {
				if (g->view == EL_NOVIEW || g->view == seat)
					return arb_reject_rule(
						rej, el_rules, EL_R_VIEW_UNSEEN, t->line, t->col,
						"%s's starting card is seen in this record: name it, not '?'",
						el_cname(g, seat));
				dealt[seat] = EL_U;
				p->deck[0]--;
				p->seat[seat].infl[0]++;
				continue;
			}
			dealt[seat] = (int8_t)k;
			if (k < 0 || p->deck[k] == 0)
				return arb_reject_rule(
					rej, el_rules, EL_R_HANDS, t->line, t->col,
					"'%c' in Hands is no influence card left in the deck", *c);
			p->deck[k]--;
			p->seat[seat].infl[k]++;
		}
	}
	if (seen != (1u << g->nseats) - 1)
		return arb_reject_rule(rej, el_rules, EL_R_HANDS, t->line, t->col,
				       "Hands must list every seat");
	if (g->view != EL_NOVIEW)
		el_view_start(g, dealt);
	return 0;
}

/* A destroyed game is kept in its worker's slot (arb_worker, game.h) for
 * the next create(), as Carcassonne's are: a stream of games would
 * otherwise allocate and free the 5 KiB game each (about 500
 * instructions a game).  One is enough for a replay; the worker is one
 * thread's, so no lock.  el_release_kept() frees it when the worker ends. */
extern const arb_game_ops elasund_game; /* the key of its slot */

static el_game *take_spare(arb_worker *w)
{
	void **slot = arb_worker_slot(w, &elasund_game);
	el_game *g = slot ? *slot : NULL;
	if (g)
		*slot = NULL;
	return g;
}

static bool keep_spare(el_game *g)
{
	void **slot = arb_worker_slot(g->worker, &elasund_game);
	if (!slot || *slot)
		return false;
	*slot = g;
	return true;
}

static void el_release_kept(void *kept)
{
	free(kept);
}

static void *el_create(const void *data, const arb_setup *su, arb_worker *worker, arb_reject *rej)
{
	const el_data *d = data;
	if (su->nseats < 2 || su->nseats > 4) {
		arb_reject_rule(rej, el_rules, EL_R_SEATS, 0, 0,
				"Elasund is played by 2 to 4 players");
		return NULL;
	}
	el_game *g = take_spare(worker);
	if (!g)
		g = arb_xmalloc(sizeof *g);
	/* Zeroed but the position (copied below) and the scratch after
	 * EL_GAME_ZEROED, which needs no zeroing. */
	memset(g, 0, offsetof(el_game, pos));
	memset((char *)g + sizeof g->pos + offsetof(el_game, pos), 0,
	       EL_GAME_ZEROED - offsetof(el_game, pos) - sizeof g->pos);
	g->d = d;
	g->worker = worker;
	g->nseats = (unsigned)su->nseats;
	for (unsigned s = 0; s < g->nseats; s++) {
		g->colour[s] = (uint8_t)su->seats[s].colour;
		g->next_seat[s] = (uint8_t)(s + 1 == g->nseats ? 0 : s + 1);
	}
	/* For parse(): the first seat (in turn order) of each colour. */
	memset(g->seat_of_colour, -1, sizeof g->seat_of_colour);
	for (unsigned s = g->nseats; s-- > 0;)
		g->seat_of_colour[g->colour[s]] = (int8_t)s;
	if (parse_options(g, su, rej) < 0 || el_view_setup(g, su, rej) < 0) {
		if (!keep_spare(g))
			free(g);
		return NULL;
	}
	g->L = &d->layout[g->nseats - 2];
	if (g->opt.mills_near) {
		/* The game owns a copy of the layout with the far 2-windmill
		 * squares cleared: only those next to the gates count. */
		el_layout *own = arb_xmalloc(sizeof *own);
		*own = *g->L;
		for (int y = 0; y < EL_H; y++)
			for (int x = 0; x < own->cols - 2; x++)
				if (own->mills[y][x] == 2)
					own->mills[y][x] = 0;
		g->L = own;
	}
	el_pos *p = &g->pos;
	*p = d->start_pos; /* empty boards, the neutral stacks (data.c) */
	g->nneutral = d->nneutral;
	const uint8_t *cards = d->cards[g->opt.cards];
	g->gold_total = cards[0];
	for (int k = 0; k < NINFL; k++)
		p->deck[k] = cards[1 + k];
	/* No turn to undo yet: el_tile_cells below saves no row and no
	 * income count (the first apply() clears these flags). */
	g->row_saved = ~0u;
	g->inc_saved = true;
	for (unsigned s = 0; s < g->nseats; s++) {
		el_seat *ps = &p->seat[s];
		ps->gold = d->hand_gold;
		ps->permits = (1u << EL_NPERMIT) - 1;
		static const uint8_t own[4] = { B_HOUSE, B_WORKSHOP, B_HUT, B_LONGHUT };
		for (int k = 0; k < 4; k++) {
			el_tile *t = &p->tile[g->nneutral + 4 * s + (unsigned)k];
			t->type = own[k];
			t->owner = (int8_t)s;
		}
		for (int k = 0; k < 2; k++) {
			int tid = g->nneutral + 4 * (int)s + 2 + k;
			el_tile *t = &p->tile[tid];
			t->x = (int8_t)d->start[g->colour[s]][k][0];
			t->y = (int8_t)d->start[g->colour[s]][k][1];
			t->on = 1;
			el_tile_cells(g, tid, (int8_t)tid);
		}
	}
	if (su->setup ? el_setup(g, su->setup, rej) < 0
		      : el_bank_gold(g) < 0 || parse_hands(g, su, rej) < 0) {
		el_destroy(g);
		return NULL;
	}
	if (su->setup && g->view != EL_NOVIEW)
		el_view_known(g); /* a snapshot names every card */
	return g;
}

static void el_destroy(void *game)
{
	el_game *g = game;
	if (!g)
		return;
	if (g->L != &g->d->layout[g->nseats - 2])
		free((void *)g->L);
	el_view_free(g);
	free(g->ev); /* and the strings and names that follow the events (NULL: never made) */
	if (!keep_spare(g))
		free(g);
}

ARB_DECLARE_DATA(elasund);

const arb_game_ops elasund_game = {
	ARB_ENGINE_OPS(elasund, el, "Elasund: The First City", 2, 4),
	.apply = el_apply,
	.parse_clears = true, /* el_parse: the head, then each build as it starts */
	.over_flag = ARB_OVER_FLAG(el_game, pos.over),
	.random_tags = el_random_tags,
	.view_turn = el_view_turn,
	.view_close = el_view_close,
	.view_tag = el_view_tag,
	.copy = el_copy,
	.apply_open = el_apply_open,
	.deal_start = el_deal_start,
	.release_kept = el_release_kept,
};
