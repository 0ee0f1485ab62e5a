/*
 * fuzz_carcassonne.c — libFuzzer harness for the Carcassonne engine:
 * random legal games with mutated turn lines.
 *
 * The first 8 bytes of the input seed the random player and the tile bag,
 * the 9th picks the seats (2-5) and the options; the rest is a mutation
 * script: each turn one byte says whether and how to corrupt the legal
 * line the player chose (move the tile, turn it, add a follower, change the
 * colour or the tile, discard a placeable tile, or edit a byte).  The line
 * goes through parse, format and apply like any record line; whatever the
 * engine accepts becomes the position the random player continues from, so
 * later turns may meet exhausted tile types, stray followers and so on.
 * Nothing may crash or trip a sanitizer, format must round-trip, and a
 * rejected line must leave the position as it was.  Now and then the
 * standing, the dump and the legal moves are produced too, and the
 * engine's invariants (position_ok) are checked after every accepted turn.
 *
 * Build with libFuzzer (`make fuzz-build`), or without it with
 * -DFUZZ_STANDALONE: a main() that runs the harness on pseudo-random inputs
 * (argv[1] of them, default 200).
 */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/data.h"
#include "core/tokens.h"
#include "games/game.h"
#include "games/carcassonne/carcassonne.h"

extern const arb_game_ops carcassonne_game;
ARB_DECLARE_DATA(carcassonne);

static void *fz_data;

static void fz_init(void)
{
	if (fz_data)
		return;
	arb_data_error err;
	arb_node *root = arb_data_parse(arb_data_carcassonne, arb_data_carcassonne_size, &err);
	assert(root);
	fz_data = carcassonne_game.data_load(root, &err);
	assert(fz_data);
	arb_data_free(root);
}

static void fz_sink(void *ctx, const arb_event *ev)
{
	size_t *n = ctx;
	assert(ev->kind && ev->text[0]);
	++*n;
}

typedef struct fz_moves {
	char line[1024][48];
	size_t n;
} fz_moves;

static void fz_collect(void *ctx, const char *move)
{
	fz_moves *m = ctx;
	if (m->n < 1024)
		snprintf(m->line[m->n++], sizeof m->line[0], "%s", move);
}

static void fz_count(void *ctx, const char *move)
{
	(void)move;
	++*(size_t *)ctx;
}

static unsigned long fz_applied, fz_rejected, fz_badsyntax, fz_over;
static uint64_t fz_rng;
static unsigned fz_rand(unsigned n)
{
	fz_rng = fz_rng * 6364136223846793005ull + 1442695040888963407ull;
	return n ? (unsigned)((fz_rng >> 33) % n) : 0;
}

/* What a rejected move must not change. */
typedef struct fz_digest {
	unsigned turn, moves, drawn, ntiles, monks, nplaced;
	int score[CC_MAXSEATS];
	uint8_t supply[CC_MAXSEATS];
	uint8_t drawn_of[CC_MAXTYPES];
} fz_digest;

static fz_digest digest(const cc_game *g)
{
	fz_digest d;
	memset(&d, 0, sizeof d);
	d.turn = g->turn;
	d.moves = g->moves;
	d.drawn = g->drawn;
	d.ntiles = g->ntiles;
	d.monks = g->monks;
	d.nplaced = g->nplaced;
	memcpy(d.score, g->score, sizeof d.score);
	memcpy(d.supply, g->supply, sizeof d.supply);
	memcpy(d.drawn_of, g->drawn_of, sizeof d.drawn_of);
	return d;
}

/* Corrupt `line` (a legal move) as mutation byte `how` says. */
static void mutate(char *line, size_t cap, uint8_t how, uint8_t arg)
{
	static const char *const spots[] = { " road N",	  " road E",   " city S",   " city W",
					     " field NL", " field SR", " cloister", " field WR",
					     " road X",	  " farmer",   " -",	    " city" };
	char colour[16], tile[8], pos[32], rot[8];
	int x = 0, y = 0;
	int n = sscanf(line, "%15s %7s %31s %7s", colour, tile, pos, rot);
	bool placed = n >= 4 && sscanf(pos, "%d,%d", &x, &y) == 2;
	switch (how % 8) {
	case 0: /* move the tile */
		if (placed)
			snprintf(line, cap, "%s %s %d,%d %s", colour, tile, x + (int)(arg % 5) - 2,
				 y + (int)(arg / 5 % 5) - 2, rot);
		break;
	case 1: /* turn it */
		if (placed)
			snprintf(line, cap, "%s %s %s %u", colour, tile, pos,
				 (unsigned)(arg % 5) * 90);
		break;
	case 2: { /* add (another) follower spot */
		size_t len = strlen(line);
		snprintf(line + len, cap - len, "%s",
			 spots[arg % (sizeof spots / sizeof spots[0])]);
		break;
	}
	case 3: { /* another colour */
		static const char *const cs[] = { "Red",    "Blue",  "Green",
						  "Yellow", "Black", "Purple" };
		const char *rest = strchr(line, ' ');
		char tmp[128];
		snprintf(tmp, sizeof tmp, "%s%s", cs[arg % 6], rest ? rest : "");
		snprintf(line, cap, "%s", tmp);
		break;
	}
	case 4: { /* another tile */
		char *sp = strchr(line, ' ');
		if (sp && sp[1])
			sp[1] = (char)('A' + arg % 27);
		break;
	}
	case 5: /* discard instead */
		if (n >= 2)
			snprintf(line, cap, "%s %s discard", colour, tile);
		break;
	case 6: { /* overwrite a byte */
		size_t len = strlen(line);
		if (len)
			line[arg % len] = (char)(' ' + arg % 95);
		break;
	}
	default: { /* drop the tail */
		size_t len = strlen(line);
		if (len)
			line[arg % len] = 0;
		break;
	}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *in, size_t n)
{
	static const char *const opts[][2] = {
		{ NULL, NULL },	       { "small-city", NULL }, { "farmers", "once" },
		{ "farmers", "city" }, { "farmers", "off" },   { "small-city", "4" },
	};
	fz_init();
	if (n < 9)
		return 0;
	fz_rng = 0;
	for (int i = 0; i < 8; i++)
		fz_rng = fz_rng << 8 | in[i];
	arb_tag tag = { "Variant", "", 1, 1 };
	arb_setup setup;
	memset(&setup, 0, sizeof setup);
	setup.nseats = 2 + in[8] % 4;
	for (size_t s = 0; s < setup.nseats; s++)
		setup.seats[s] = (arb_seat){ (unsigned)s, "p", &tag };
	unsigned o = (unsigned)(in[8] >> 2) % 6;
	if (opts[o][0]) {
		setup.options[0] = (arb_option){ opts[o][0], opts[o][1], &tag };
		setup.noptions = 1;
	}
	arb_reject rej;
	/* one thread's keep, as the CLI's: each run's game recycles the last */
	static arb_worker keep;
	cc_game *g = carcassonne_game.create(fz_data, &setup, &keep, &rej);
	assert(g);
	const cc_data *d = fz_data;
	/* the bag */
	int bag[CC_MAXTILES], nbag = 0;
	for (unsigned i = 0; i < d->ntypes; i++)
		for (unsigned k = 0; k + (i == d->start) < d->type[i].count; k++)
			bag[nbag++] = (int)i;
	for (int i = nbag - 1; i > 0; i--) {
		int j = (int)fz_rand((unsigned)i + 1), t = bag[i];
		bag[i] = bag[j];
		bag[j] = t;
	}
	static fz_moves ml;
	size_t events = 0, pos = 9;
	arb_sink sink = { fz_sink, &events };
	arb_buf out = { 0 };
	for (int b = 0, tries = 0; b < nbag && tries < 400 && !carcassonne_game.over(g); tries++) {
		cc_move next;
		memset(&next, 0, sizeof next);
		next.type = (uint8_t)bag[b];
		ml.n = 0;
		carcassonne_game.moves(g, &next, fz_collect, &ml);
		if (ml.n == 0) { /* the type ran out: skip it */
			b++;
			continue;
		}
		char line[128];
		snprintf(line, sizeof line, "%s", ml.line[fz_rand((unsigned)ml.n)]);
		uint8_t how = pos < n ? in[pos++] : 0;
		if (how >= 200 && pos < n)
			mutate(line, sizeof line, how, in[pos++]);
		arb_token tok[16];
		size_t nt = arb_split_tokens(line, strlen(line), 1, 1, tok, 16);
		if (nt == 0 || nt > 16)
			continue;
		cc_move m;
		memset(&m, 0, sizeof m);
		if (carcassonne_game.parse(g, tok, nt, &m, &rej) < 0) {
			assert(rej.rule && rej.msg[0]);
			fz_badsyntax++;
			continue;
		}
		/* format round-trips */
		arb_buf_reset(&out);
		carcassonne_game.format(g, &m, &out);
		char canon[128];
		snprintf(canon, sizeof canon, "%s", out.p);
		arb_token tok2[16];
		size_t nt2 = arb_split_tokens(canon, strlen(canon), 1, 1, tok2, 16);
		cc_move m2;
		memset(&m2, 0, sizeof m2);
		int rc = carcassonne_game.parse(g, tok2, nt2, &m2, &rej);
		assert(rc == 0);
		arb_buf_reset(&out);
		carcassonne_game.format(g, &m2, &out);
		assert(strcmp(out.p, canon) == 0);
		fz_digest before = digest(g);
		if (carcassonne_game.apply(g, &m, (b & 1) ? &sink : NULL, &rej) < 0) {
			fz_digest after = digest(g);
			assert(memcmp(&before, &after, sizeof before) == 0);
			assert(rej.rule && rej.msg[0]);
			fz_rejected++;
			continue;
		}
		b++;
		fz_applied++;
		const char *why = NULL;
		if (!carcassonne_game.position_ok(g, &why)) {
			fprintf(stderr, "position_ok after '%s': %s\n", canon, why);
			abort();
		}
		if ((b & 15) == 0) {
			arb_standing st;
			carcassonne_game.standing(g, &st);
			arb_buf_reset(&out);
			carcassonne_game.dump(g, 0, &out);
			size_t count = 0;
			carcassonne_game.moves(g, NULL, fz_count, &count);
		}
	}
	fz_over += carcassonne_game.over(g);
	carcassonne_game.finish(g, &sink);
	carcassonne_game.finish(g, &sink);
	arb_standing st;
	carcassonne_game.standing(g, &st);
	for (size_t s = 0; s < setup.nseats; s++)
		assert(st.score[s] >= 0);
	arb_buf_reset(&out);
	carcassonne_game.dump(g, 0, &out);
	carcassonne_game.dump(g, ARB_DUMP_LABELS, &out);
	arb_buf_free(&out);
	carcassonne_game.destroy(g);
	return 0;
}

#ifdef FUZZ_STANDALONE
int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 200;
	uint8_t buf[512];
	uint64_t r = 88172645463325252ull;
	for (int i = 0; i < runs; i++) {
		size_t len = 9 + (size_t)(r % 400);
		for (size_t k = 0; k < len; k++) {
			r ^= r << 13;
			r ^= r >> 7;
			r ^= r << 17;
			buf[k] = (uint8_t)r;
		}
		LLVMFuzzerTestOneInput(buf, len);
	}
	printf("%d runs: %lu turns applied, %lu rejected, %lu unparsable; "
	       "%lu games to the end\n",
	       runs, fz_applied, fz_rejected, fz_badsyntax, fz_over);
	return 0;
}
#endif
