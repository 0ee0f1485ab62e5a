/*
 * fuzz_elasund.c — libFuzzer harness for the Elasund engine: random legal
 * games (the engine's random_tags and random_turn, as `arbiter gen` plays
 * them) with mutated turn lines.
 *
 * The first 8 bytes of the input seed the random player, the 9th picks
 * the table; the rest is a mutation script: each turn, one byte says whether to mutate the line and
 * the next ones how (overwrite, insert or delete a byte at a position).
 * The mutated line goes through parse, format and apply like any record
 * line; whatever the engine accepts becomes the position the random player
 * continues from.  Nothing may crash, leak or trip a sanitizer, format must
 * round-trip, and a rejected line must leave the position untouched.
 * Once per input the legal moves are listed, with the (maybe mutated)
 * line as the next one.  At the end the snapshot of the position, mutated, goes through create().
 *
 * Build with libFuzzer: compile this file with clang
 * -fsanitize=fuzzer,address,undefined -Isrc and link it with the objects of
 * a sanitizer build of the tree (every src/ object but main.o, and the
 * embedded data objects) and the libyaml and jansson libraries;
 * or, without libFuzzer, with -DFUZZ_STANDALONE: a main() that runs the
 * harness on pseudo-random inputs (argv[1] of them, default 2000).
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/data.h"
#include "core/tokens.h"
#include "games/elasund/elasund.h"

extern const arb_game_ops elasund_game;

static void *fz_data;

static void fz_init(void)
{
	if (fz_data)
		return;
	arb_data_error err;
	extern const unsigned char arb_data_elasund[];
	extern const size_t arb_data_elasund_size;
	arb_node *root = arb_data_parse(arb_data_elasund, arb_data_elasund_size, &err);
	assert(root);
	fz_data = elasund_game.data_load(root, &err);
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
	static const char *const tables[] = { "RB", "GY", "RBG", "BYG", "RBGY" };
	fz_init();
	if (n < 9)
		return 0;
	uint64_t seed = 0;
	for (int i = 0; i < 8; i++)
		seed = seed << 8 | in[i];
	const char *t = tables[in[8] % 5];
	size_t pos = 9;

	arb_setup su;
	memset(&su, 0, sizeof su);
	for (const char *c = t; *c; c++) {
		su.seats[su.nseats].colour = *c == 'R' ? 0u : *c == 'B' ? 1u : *c == 'G' ? 2u : 3u;
		su.seats[su.nseats++].player = "P";
	}
	uint64_t rng = seed | 1;
	/* random_tags deals "[Hands \"Red=r Blue=g\"]" to the seats in
	 * colour order: the same cards go to this table's colours */
	arb_buf tags = { 0 };
	elasund_game.random_tags(fz_data, su.nseats, &rng, &tags);
	char hands[128] = "", dealt[128];
	if (tags.len < 11 || tags.len - 11 >= sizeof dealt)
		abort();
	memcpy(dealt, tags.p + 8, tags.len - 11);
	dealt[tags.len - 11] = 0;
	arb_buf_free(&tags);
	char *save = NULL;
	unsigned s = 0;
	for (char *w = strtok_r(dealt, " ", &save); w && s < su.nseats;
	     w = strtok_r(NULL, " ", &save), s++) {
		size_t len = strlen(hands);
		snprintf(hands + len, sizeof hands - len, "%s%s%s", s ? " " : "",
			 el_colours[su.seats[s].colour], strchr(w, '=') ? strchr(w, '=') : "=");
	}
	arb_tag tag = { "Hands", hands, 1, 1 };
	su.tags = &tag;
	su.ntags = 1;
	arb_reject rej;
	el_game *g = elasund_game.create(fz_data, &su, NULL, &rej);
	if (!g)
		abort(); /* random_tags deals a valid Hands tag */
	static el_pos before;
	static char line[1024];
	arb_sink sink = { fz_sink, NULL };
	arb_buf a = { 0 }, b = { 0 };
	bool listed = false;
	for (int turn = 0; turn < 400 && !g->pos.over; turn++) {
		arb_buf_reset(&a);
		if (elasund_game.random_turn(g, &rng, &a) < 0)
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
		arb_token tok[160];
		size_t nt = arb_split_tokens(line, len, 1, 1, tok, 160);
		if (nt == 0 || nt > 160)
			continue;
		el_move m, m2;
		memset(&m, 0, sizeof m);
		if (elasund_game.parse(g, tok, nt, &m, &rej) < 0)
			continue;
		arb_buf_reset(&a);
		elasund_game.format(g, &m, &a);
		arb_token tok2[160];
		size_t nt2 = arb_split_tokens(a.p, a.len, 1, 1, tok2, 160);
		memset(&m2, 0, sizeof m2);
		if (nt2 == 0 || nt2 > 160 || elasund_game.parse(g, tok2, nt2, &m2, &rej) < 0)
			abort(); /* the canonical form must parse */
		arb_buf_reset(&b);
		elasund_game.format(g, &m2, &b);
		if (strcmp(a.p, b.p) != 0)
			abort(); /* ... and format the same */
		if (!listed && turn >= 8) {
			/* every candidate is tried on a copy: a few thousand
			 * applies, so once per input */
			size_t count = 0;
			elasund_game.moves(g, &m, fz_emit, &count);
			listed = true;
		}
		memcpy(&before, &g->pos, sizeof before);
		if (elasund_game.apply(g, &m, &sink, &rej) < 0 &&
		    memcmp(&before, &g->pos, sizeof before) != 0)
			abort(); /* a rejection changes nothing */
		arb_standing st;
		elasund_game.standing(g, &st);
		arb_buf d = { 0 };
		elasund_game.dump(g, 0, &d);
		arb_buf_free(&d);
	}
	arb_buf_free(&a);
	arb_buf_free(&b);
	/* The snapshot of the final position, mutated, through create(). */
	arb_buf snap = { 0 };
	elasund_game.snapshot(g, &snap);
	for (int e = 0; e < 8 && pos + 2 < n && snap.len; e++, pos += 3) {
		size_t at = (size_t)in[pos] % snap.len;
		if (in[pos + 1] & 1)
			snap.p[at] = (char)in[pos + 2];
		else
			snap.p[at] = snap.p[(at + in[pos + 2]) % snap.len];
	}
	if (snap.p) {
		snap.p[strcspn(snap.p, "")] = 0;
		arb_tag st = { "Setup", snap.p, 1, 1 };
		su.tags = &st;
		su.setup = &st;
		el_game *h = elasund_game.create(fz_data, &su, NULL, &rej);
		if (h) {
			arb_buf d = { 0 };
			elasund_game.dump(h, 0, &d);
			elasund_game.snapshot(h, &d);
			arb_buf_free(&d);
			elasund_game.destroy(h);
		}
	}
	arb_buf_free(&snap);
	elasund_game.destroy(g);
	return 0;
}

#ifdef FUZZ_STANDALONE
int main(int argc, char **argv)
{
	long runs = argc > 1 ? atol(argv[1]) : 2000;
	uint64_t x = 88172645463325252ull;
	uint8_t buf[512];
	for (long r = 0; r < runs; r++) {
		size_t n = 9 + (size_t)(x % 400);
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
