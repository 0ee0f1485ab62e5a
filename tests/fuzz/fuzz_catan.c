/*
 * fuzz_catan.c — libFuzzer harness for the Catan engine: random legal
 * games (the engine's random_turn, as `arbiter gen` plays them) with
 * mutated turn lines.
 *
 * The first 8 bytes of the input seed the random player, the 9th picks the
 * seats and options; the rest is a mutation script: each turn, one byte
 * says whether to mutate the line and the next ones how (overwrite, insert
 * or delete a byte at a position).  The mutated line goes through parse,
 * format and apply like any record line; whatever the engine accepts
 * becomes the position the random player continues from.  Nothing may
 * crash, leak or trip a sanitizer, format must round-trip, and a rejected
 * line must leave the position untouched.  Now and then the standing, the
 * dump and the legal moves are produced too.
 *
 * Build with libFuzzer (`make fuzz-build`), or without it with
 * -DFUZZ_STANDALONE: a main() that runs the harness on pseudo-random
 * inputs (argv[1] of them, default 200).
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/data.h"
#include "core/tokens.h"
#include "games/catan/catan.h"

extern const arb_game_ops catan_game;

static void *fz_data;

static void fz_init(void)
{
	if (fz_data)
		return;
	arb_data_error err;
	extern const unsigned char arb_data_catan[];
	extern const size_t arb_data_catan_size;
	arb_node *root = arb_data_parse(arb_data_catan, arb_data_catan_size, &err);
	assert(root);
	fz_data = catan_game.data_load(root, &err);
	assert(fz_data);
	arb_data_free(root);
}

static void fz_sink(void *ctx, const arb_event *ev)
{
	(void)ctx;
	(void)ev;
}

static void fz_emit(void *ctx, const char *move)
{
	(void)move;
	++*(size_t *)ctx;
}

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *in, size_t n)
{
	static const char *const variants[] = { NULL,
						"phases=combined",
						"robber=any",
						"shortage=resource",
						"shortage=single",
						"vp-cards=revealed",
						"longest-road-tie=aside",
						"start-resources=none" };
	fz_init();
	if (n < 9)
		return 0;
	uint64_t seed = 0;
	for (int i = 0; i < 8; i++)
		seed = seed << 8 | in[i];
	size_t pos = 9;
	arb_setup su;
	memset(&su, 0, sizeof su);
	su.nseats = 3 + (in[8] & 1);
	for (unsigned i = 0; i < su.nseats; i++) {
		su.seats[i].colour = i;
		su.seats[i].player = "P";
	}
	const char *v = variants[(in[8] >> 1) % 8];
	char vbuf[40];
	if (v) {
		strcpy(vbuf, v);
		char *eq = strchr(vbuf, '=');
		*eq = 0;
		su.options[0].name = vbuf;
		su.options[0].value = eq + 1;
		su.noptions = 1;
	}
	arb_reject rej;
	cat_game *g = catan_game.create(fz_data, &su, &rej);
	if (!g)
		abort();
	uint64_t rng = seed | 1;
	arb_sink sink = { fz_sink, NULL };
	static cat_state before;
	static char line[4096];
	arb_buf a = { 0 }, b = { 0 }, d = { 0 };
	for (int turn = 0; turn < 600 && !g->s.over; turn++) {
		cat_move m, m2;
		arb_buf_reset(&a);
		if (catan_game.random_turn(g, &rng, &a) < 0)
			break;
		size_t len = a.len < sizeof line - 8 ? a.len : sizeof line - 8;
		memcpy(line, a.p, len);
		if (pos < n && in[pos++] & 1) {
			int edits = pos < n ? in[pos++] % 4 + 1 : 1;
			for (int e = 0; e < edits && pos + 2 < n; e++) {
				size_t at = in[pos] % (len + 1);
				uint8_t op = in[pos + 1] % 3, c = in[pos + 2];
				pos += 3;
				if (op == 0 && at < len) {
					line[at] = (char)c;
				} else if (op == 1 && len + 2 < sizeof line) {
					memmove(line + at + 1, line + at, len - at);
					line[at] = (char)c;
					len++;
				} else if (op == 2 && at < len) {
					memmove(line + at, line + at + 1, len - at - 1);
					len--;
				}
			}
		}
		line[len] = 0;
		arb_token tok[256];
		size_t nt = arb_split_tokens(line, len, 1, 1, tok, 256);
		if (nt == 0 || nt > 256)
			continue;
		memset(&m, 0, sizeof m);
		if (catan_game.parse(g, tok, nt, &m, &rej) < 0)
			continue;
		arb_buf_reset(&a);
		catan_game.format(g, &m, &a);
		arb_token tok2[256];
		size_t nt2 = arb_split_tokens(a.p, a.len, 1, 1, tok2, 256);
		memset(&m2, 0, sizeof m2);
		if (nt2 == 0 || nt2 > 256 || catan_game.parse(g, tok2, nt2, &m2, &rej) < 0)
			abort(); /* the canonical form must parse */
		arb_buf_reset(&b);
		catan_game.format(g, &m2, &b);
		if (strcmp(a.p, b.p) != 0)
			abort(); /* ... and format the same */
		before = g->s;
		if (catan_game.apply(g, &m, &sink, &rej) < 0 &&
		    memcmp(&before, &g->s, sizeof before) != 0)
			abort(); /* a rejection changes nothing */
		arb_standing st;
		catan_game.standing(g, &st);
		if (turn % 32 == 0) {
			arb_buf_reset(&d);
			catan_game.dump(g, turn % 64 ? 0 : ARB_DUMP_LABELS, &d);
			size_t count = 0;
			catan_game.moves(g, NULL, fz_emit, &count);
		}
	}
	arb_buf_free(&a);
	arb_buf_free(&b);
	arb_buf_free(&d);
	catan_game.finish(g, &sink);
	catan_game.destroy(g);
	return 0;
}

#ifdef FUZZ_STANDALONE
int main(int argc, char **argv)
{
	long runs = argc > 1 ? atol(argv[1]) : 200;
	uint64_t x = 88172645463325252ull;
	uint8_t buf[1024];
	for (long r = 0; r < runs; r++) {
		size_t n = 9 + (size_t)(x % 900);
		for (size_t i = 0; i < n; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[i] = (uint8_t)x;
		}
		LLVMFuzzerTestOneInput(buf, n);
	}
	return 0;
}
#endif
