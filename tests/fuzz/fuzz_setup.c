/*
 * fuzz_setup.c — libFuzzer/AFL++ harness for each game's Setup snapshot
 * parser, and for the move lister and the generator on the positions it
 * accepts: a fuzzed position, then every listed move must apply.
 *
 * Input: byte 0 picks the game (byte % 3 in registry order) and the number
 * of seats (byte / 3, from the game's smallest); the rest is the Setup
 * tag's value (quotes and backslashes escaped, line breaks made blanks),
 * put in a record with the game's first colours as seats and run through
 * the reader and arb_replay_setup as any record is.  When create() accepts
 * it:
 *   - the engine's invariants hold (position_ok), as after any turn;
 *   - its snapshot is accepted again and snapshots the same;
 *   - dump, the labels diagram and the standing are produced;
 *   - some of the moves it lists (up to 16, spread over the list), each
 *     on a fresh copy of the position, parse and apply;
 *   - a few generated turns (random_turn, seeded by the input) parse and
 *     apply one after the other.
 * A broken promise aborts; otherwise nothing may crash, leak or trip a
 * sanitizer.
 */

#include "fuzz_common.h"
#include "fuzz_play.h"
#include "games/registry.h"

#define FZ_MOVES_TRIED 16
#define FZ_GEN_TURNS 6

typedef struct fz_list {
	char **move;
	size_t n, cap;
} fz_list;

static void fz_collect(void *ctx, const char *move)
{
	fz_list *l = ctx;
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->move = realloc(l->move, l->cap * sizeof *l->move);
		if (!l->move)
			abort();
	}
	l->move[l->n] = strdup(move);
	if (!l->move[l->n++])
		abort();
}

/* A record of game g with n seats and `setup` (escaped) as its Setup. */
static void fz_record(arb_buf *b, const arb_game_ops *g, unsigned n, const char *setup, size_t len)
{
	arb_buf_reset(b);
	arb_buf_printf(b, "[Game \"%s\"]\n", g->name);
	for (unsigned s = 0; s < n; s++)
		arb_buf_printf(b, "[%s \"P%u\"]\n", g->colours[s], s + 1);
	arb_buf_puts(b, "[Result \"*\"]\n[Setup \"");
	for (size_t i = 0; i < len; i++) {
		char c = setup[i];
		if (c == '"' || c == '\\')
			arb_buf_putc(b, '\\');
		arb_buf_putc(b, c == '\n' || c == '\r' || c == 0 ? ' ' : c);
	}
	arb_buf_puts(b, "\"]\n\n");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_init_stdio();
	if (size < 1 || size > 8192)
		return 0;
	const arb_game_ops *g = arb_game_at(data[0] % arb_game_count());
	if (!g)
		return 0;
	unsigned nseats =
		g->min_seats + (unsigned)(data[0] / 3) % (g->max_seats - g->min_seats + 1);
	arb_buf text = { 0 }, snap = { 0 }, again = { 0 }, out = { 0 };
	fz_record(&text, g, nseats, (const char *)data + 1, size - 1);

	fz_doc doc;
	fz_game z = { 0 };
	if (!fz_read(&doc, &text) || !fz_open(&z, &doc))
		goto done;
	const char *why;
	if (g->position_ok && !g->position_ok(z.r.state, &why))
		abort(); /* create() took a position that breaks the rules */

	if (g->snapshot) {
		g->snapshot(z.r.state, &snap);
		if (snap.len) {
			arb_buf snaptext = { 0 };
			fz_record(&snaptext, g, nseats, snap.p, snap.len);
			fz_doc snapdoc;
			fz_game y;
			if (!fz_read(&snapdoc, &snaptext) || !fz_open(&y, &snapdoc))
				abort(); /* a snapshot is a Setup create() accepts */
			g->snapshot(y.r.state, &again);
			if (again.len != snap.len || memcmp(again.p, snap.p, snap.len))
				abort(); /* ... of the same position */
			fz_close(&y);
			fz_unread(&snapdoc);
			arb_buf_free(&snaptext);
		}
	}
	g->dump(z.r.state, 0, &out);
	g->dump(z.r.state, ARB_DUMP_LABELS, &out);
	arb_standing st;
	g->standing(z.r.state, &st);

	fz_list moves = { 0 };
	if (!g->over(z.r.state))
		g->moves(z.r.state, NULL, fz_collect, &moves);
	size_t step = moves.n > FZ_MOVES_TRIED ? moves.n / FZ_MOVES_TRIED : 1;
	for (size_t i = 0; i < moves.n; i += step) {
		fz_game y;
		if (!fz_open(&y, &doc))
			abort(); /* the same record set up a moment ago */
		fz_must_apply(&y, moves.move[i]);
		fz_close(&y);
	}
	for (size_t i = 0; i < moves.n; i++)
		free(moves.move[i]);
	free(moves.move);

	if (g->random_turn) {
		uint64_t rng = 0x9e3779b97f4a7c15u ^ size;
		for (size_t i = 1; i < size && i < 9; i++)
			rng = rng * 131 + data[i];
		for (int t = 0; t < FZ_GEN_TURNS && !g->over(z.r.state); t++) {
			arb_buf_reset(&out);
			if (g->random_turn(z.r.state, &rng, &out) < 0)
				break;
			fz_must_apply(&z, out.p);
		}
	}
done:
	fz_close(&z);
	fz_unread(&doc);
	arb_buf_free(&text);
	arb_buf_free(&snap);
	arb_buf_free(&again);
	arb_buf_free(&out);
	return 0;
}
