/*
 * open.c — Carcassonne played live (the referee's ops of game.h).
 *
 * A Carcassonne turn is one action: the tile drawn, where it goes and the
 * follower; nothing of it waits for another seat, so the engine has no
 * open turn (copy and apply_open stay NULL, and the referee plays each
 * action with apply()).  Chance is the tile, dealt before the player
 * chooses: deal_start draws it as gen does (uniform over the copies left
 * in the pile) and the player's action starts with its letter.  Nothing
 * is hidden from any seat but the order of the pile, which no record
 * holds: every view is the full record (notation/carcassonne.md).
 */
#include <string.h>

#include "carcassonne.h"

void cc_asked(const void *game, arb_asked *out)
{
	const cc_game *g = game;
	memset(out, 0, sizeof *out);
	out->active = g->turn;
	out->seats = 1u << g->turn;
	out->what = "tile";
	out->over = g->drawn >= g->drawable;
}

size_t cc_actions(const void *game, const void *move, uint32_t *cols, size_t max)
{
	(void)game;
	const cc_move *m = move;
	if (!max)
		return 0;
	cols[0] = m->col_tile;
	return 1;
}

/* Only the player to act plays; the words are theirs as written. */
int cc_deal(const void *game, unsigned seat, const arb_token *tok, size_t ntok, uint64_t *rng,
	    arb_buf *out, unsigned *consent, arb_reject *rej)
{
	const cc_game *g = game;
	(void)rng;
	if (consent)
		*consent = 0;
	if (seat != g->turn)
		return cc_reject(rej, CC_R_TURN_ORDER, ntok ? tok[0].line : 0,
				 ntok ? tok[0].col : 0, "it is %s's turn, not %s's",
				 cc_colours[g->colour[g->turn]],
				 seat < g->nseats ? cc_colours[g->colour[seat]] : "nobody");
	for (size_t i = 0; i < ntok; i++) {
		if (i)
			arb_buf_putc(out, ' ');
		arb_buf_put(out, tok[i].s, tok[i].len);
	}
	return ARB_DEAL_PLAY;
}

int cc_deal_start(const void *game, uint64_t *rng, arb_buf *out)
{
	const cc_game *g = game;
	const cc_data *d = g->data;
	unsigned left = 0;
	for (unsigned t = 0; t < d->ntypes; t++)
		if (d->type[t].count > g->drawn_of[t])
			left += d->type[t].count - g->drawn_of[t];
	if (g->drawn >= g->drawable || left == 0)
		return 1;
	unsigned type = cc_nth_left(g, arb_rng_below(rng, left));
	arb_buf_putc(out, d->type[type].letter);
	return 0;
}

/* The moves op's lines are "Red J 0,1 90 road E": the seat writes them
 * without its colour and, when the tile was dealt, without the tile. */
typedef struct strip_ctx {
	void (*emit)(void *ctx, const char *action);
	void *ctx;
	size_t skip;
} strip_ctx;

static void emit_stripped(void *ctx, const char *line)
{
	const strip_ctx *s = ctx;
	if (strlen(line) > s->skip)
		s->emit(s->ctx, line + s->skip);
}

/* Every placement of the dealt tile (legal by construction: cc_fit and
 * the followers' occupancy, as apply() judges them), or of every tile
 * left when the chance is the seat's to supply. */
size_t cc_choices(const void *game, unsigned seat, const char *start,
		  void (*emit)(void *ctx, const char *action), void *ctx)
{
	const cc_game *g = game;
	if (seat != g->turn || g->drawn >= g->drawable)
		return 0;
	strip_ctx s = { emit, ctx, strlen(cc_colours[g->colour[g->turn]]) + 1 };
	cc_move m;
	memset(&m, 0, sizeof m);
	const cc_move *next = NULL;
	if (start && *start) {
		unsigned type = 0;
		while (type < g->data->ntypes &&
		       !(start[1] == '\0' && g->data->type[type].letter == start[0]))
			type++;
		if (type == g->data->ntypes)
			return 0;
		m.type = type;
		next = &m;
		s.skip += 2;
	}
	return cc_moves(game, next, emit_stripped, &s);
}
