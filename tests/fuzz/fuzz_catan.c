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
 * The 9th byte's high bits may also pick a view (notation/catan.md,
 * "Records of what one player could see"): every line the game accepts
 * is then written as that seat or the observer saw it (cat_view_turn),
 * mutated by the script like the full line, and replayed on a second
 * game of that view, now and then listing at most 8 ways the unseen
 * cards went (so that the one-at-a-time search runs too).  The view game
 * must never crash, its lines must round-trip, a line it refuses must
 * leave its position untouched, and its standing and dump are produced
 * now and then.  The view's lines as the script wrote them, and one a
 * bank trade more, are then replayed as one record, as the tool replays
 * it, reading it ahead and not (notation/catan.md, "Reading ahead"): the
 * same line must be refused with the same words, or the two end alike.
 *
 * Build with libFuzzer (`make fuzz-build`), or without it with
 * -DFUZZ_STANDALONE: a main() that runs the harness on pseudo-random
 * inputs (argv[1] of them, default 200).
 */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
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

/* Apply the script's edits at in[*pos] to line[0..*len) (capacity cap):
 * one byte says whether, the next how many, then three a edit (where,
 * which, the byte). */
static void mutate(const uint8_t *in, size_t n, size_t *pos, char *line, size_t *len, size_t cap)
{
	if (!(*pos < n && in[(*pos)++] & 1))
		return;
	int edits = *pos < n ? in[(*pos)++] % 4 + 1 : 1;
	for (int e = 0; e < edits && *pos + 2 < n; e++) {
		size_t at = in[*pos] % (*len + 1);
		uint8_t op = in[*pos + 1] % 3, c = in[*pos + 2];
		*pos += 3;
		if (op == 0 && at < *len) {
			line[at] = (char)c;
		} else if (op == 1 && *len + 2 < cap) {
			memmove(line + at + 1, line + at, *len - at);
			line[at] = (char)c;
			++*len;
		} else if (op == 2 && at < *len) {
			memmove(line + at, line + at + 1, *len - at - 1);
			--*len;
		}
	}
}

/* Parse `line` on v, check that its canonical form (into a) parses and
 * formats the same (b), and apply it; the rule of a refusal into rule.
 * 1 applied, 0 refused (the position untouched), -1 no move. */
static int view_line(cat_game *v, const char *line, arb_buf *a, arb_buf *b, char rule[64])
{
	static cat_state before;
	arb_token tok[256], tok2[256];
	size_t nt = arb_split_tokens(line, strlen(line), 1, 1, tok, 256);
	arb_reject rej;
	cat_move mv, m2;
	memset(&mv, 0, sizeof mv);
	if (nt == 0 || nt > 256 || catan_game.parse(v, tok, nt, &mv, &rej) < 0)
		return -1;
	arb_buf_reset(a);
	catan_game.format(v, &mv, a);
	size_t nt2 = arb_split_tokens(a->p, a->len, 1, 1, tok2, 256);
	memset(&m2, 0, sizeof m2);
	if (nt2 == 0 || nt2 > 256 || catan_game.parse(v, tok2, nt2, &m2, &rej) < 0)
		abort(); /* the canonical form must parse */
	arb_buf_reset(b);
	catan_game.format(v, &m2, b);
	if (strcmp(a->p, b->p) != 0)
		abort(); /* ... and format the same */
	before = v->s;
	arb_sink sink = { fz_sink, NULL };
	if (catan_game.apply(v, &mv, &sink, &rej) == 0)
		return 1;
	if (memcmp(&before, &v->s, sizeof before) != 0)
		abort(); /* a rejection changes nothing */
	snprintf(rule, 64, "%s", rej.rule ? rej.rule : "");
	return 0;
}

/* The view's lines as the script wrote them, one per turn. */
#define FZ_TURNS 600
static char *fz_rec[FZ_TURNS];
static unsigned fz_nrec;

/* How a replay of the view's lines went (fz_replay). */
typedef struct fz_end {
	int at; /* the line refused, or -1 */
	char rule[64], msg[ARB_MSG_MAX];
	uint32_t line, col;
	unsigned over, winner, worlds;
	unsigned thinned; /* (verdict_only) */
	bool lazy;
	cat_hand_range hr[CAT_SEATS];
} fz_end;

/* Replay fz_rec as the tool replays a record (over, parse, apply, each
 * line on its own line of the file), reading it ahead or not, and as
 * check does (verdict_only: listing fewer ways, searching less before
 * listing again) or as score does. */
static void fz_replay(const arb_setup *su, unsigned view, unsigned max_worlds, bool ahead,
		      bool verdict_only, fz_end *e)
{
	arb_reject rej;
	arb_setup vs = *su;
	vs.verdict_only = verdict_only;
	cat_game *v = catan_game.create(fz_data, &vs, NULL, &rej);
	if (!v)
		abort();
	v->view = (uint8_t)view;
	if (max_worlds || !verdict_only)
		v->max_worlds = max_worlds;
	static arb_token tok[FZ_TURNS * 256];
	static arb_turn turns[FZ_TURNS];
	size_t nt = 0;
	for (unsigned i = 0; i < fz_nrec; i++) {
		turns[i] = (arb_turn){ nt, 0, i + 1, 1, -1 };
		turns[i].ntok =
			arb_split_tokens(fz_rec[i], strlen(fz_rec[i]), i + 1, 1, tok + nt, 256);
		nt += turns[i].ntok;
	}
	if (ahead)
		catan_game.ahead(v, tok, turns, fz_nrec);
	memset(e, 0, sizeof *e);
	e->at = -1;
	static cat_move m;
	for (unsigned i = 0; i < fz_nrec && e->at < 0; i++) {
		memset(&rej, 0, sizeof rej);
		bool over = catan_game.over(v);
		if (over || !turns[i].ntok || turns[i].ntok > 256 ||
		    catan_game.parse(v, tok + turns[i].first, turns[i].ntok, &m, &rej) < 0 ||
		    catan_game.apply(v, &m, NULL, &rej) < 0) {
			e->at = (int)i;
			snprintf(e->rule, sizeof e->rule, "%s",
				 over	    ? "over"
				 : rej.rule ? rej.rule
					    : "");
			snprintf(e->msg, sizeof e->msg, "%s", rej.msg);
			e->line = rej.line;
			e->col = rej.col;
		}
	}
	e->over = v->s.over;
	e->winner = v->s.winner;
	e->worlds = cat_hidden_count(v);
	e->lazy = cat_hidden_lazy(v);
	e->thinned = v->thinned;
	cat_hand_ranges(v, e->hr);
	catan_game.destroy(v);
}

/* The view game's turn: the full game's accepted move m as `view` saw
 * it, mutated by the script, on v; when v refuses the mutated line, the
 * line as seen.  While v has taken only the lines as seen (*diverged
 * false), the line as seen must be legal, as every view of a legal game
 * is (undecidable aside: too-many-unknowns, said, not wrong).  False
 * when v stops. */
static bool view_turn(cat_game *v, unsigned view, const cat_move *m, const uint8_t *in, size_t n,
		      size_t *pos, int turn, bool *diverged, arb_buf *a, arb_buf *b)
{
	static char line[4096], seen[4096];
	char rule[64];
	cat_move w = *m;
	cat_view_turn(&w, view);
	arb_buf_reset(a);
	catan_game.format(v, &w, a);
	size_t len = a->len < sizeof line - 8 ? a->len : sizeof line - 8;
	memcpy(seen, a->p, len);
	seen[len] = 0;
	memcpy(line, seen, len);
	mutate(in, n, pos, line, &len, sizeof line);
	line[len] = 0;
	if (fz_nrec < FZ_TURNS)
		fz_rec[fz_nrec++] = strdup(line);
	int rc = view_line(v, line, a, b, rule);
	if (rc > 0 && strcmp(a->p, seen) != 0)
		*diverged = true; /* v took a line the game did not play */
	if (rc <= 0) {
		rc = view_line(v, seen, a, b, rule);
		if (rc < 0)
			abort(); /* a line as seen must parse */
		if (rc == 0 && !*diverged && strcmp(rule, "too-many-unknowns") != 0)
			abort(); /* a legal game's view is legal */
		if (rc == 0)
			return false;
	}
	arb_standing st;
	catan_game.standing(v, &st);
	if (turn % 16 == 0) {
		arb_buf_reset(a);
		catan_game.dump(v, 0, a);
	}
	return true;
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
	cat_game *g = catan_game.create(fz_data, &su, NULL, &rej);
	if (!g)
		abort();
	/* the view: bits 4..6 of the 9th byte, 3 the observer, 4.. a seat;
	 * bit 7: list at most 8 ways */
	unsigned pick = (in[8] >> 4) & 7, view = CAT_NONE;
	cat_game *vg = NULL;
	bool diverged = false;
	if (pick >= 3) {
		view = pick == 3 ? CAT_OBSERVER : (pick - 4) % su.nseats;
		vg = catan_game.create(fz_data, &su, NULL, &rej);
		if (!vg)
			abort();
		vg->view = (uint8_t)view;
		vg->max_worlds = in[8] & 0x80 ? 8 : 0;
	}
	uint64_t rng = seed | 1;
	arb_sink sink = { fz_sink, NULL };
	static cat_state before;
	static char line[4096];
	arb_buf a = { 0 }, b = { 0 }, d = { 0 };
	fz_nrec = 0;
	for (int turn = 0; turn < FZ_TURNS && !g->s.over; turn++) {
		cat_move m, m2;
		arb_buf_reset(&a);
		if (catan_game.random_turn(g, &rng, &a) < 0)
			break;
		size_t len = a.len < sizeof line - 8 ? a.len : sizeof line - 8;
		memcpy(line, a.p, len);
		mutate(in, n, &pos, line, &len, sizeof line);
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
		int rc = catan_game.apply(g, &m, &sink, &rej);
		if (rc < 0 && memcmp(&before, &g->s, sizeof before) != 0)
			abort(); /* a rejection changes nothing */
		if (rc == 0 && vg &&
		    !view_turn(vg, view, &m, in, n, &pos, turn, &diverged, &a, &b)) {
			catan_game.destroy(vg);
			vg = NULL;
		}
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
	catan_game.finish(g, &sink);
	catan_game.destroy(g);
	if (vg) { /* as dump ends a view: listed again, then shown */
		catan_game.finish(vg, &sink);
		catan_game.settle(vg);
		arb_buf_reset(&d);
		catan_game.dump(vg, 0, &d);
		catan_game.destroy(vg);
	}
	arb_buf_free(&d);
	if (view != CAT_NONE && fz_nrec > 2 * su.nseats && pos + 1 < n) {
		/* a spend the hands may not cover, after the set-up: most such
		 * lines are refused by what the unseen cards held, often after
		 * reading ahead cut some way, so that the replay is undone */
		static const char *const res[] = { "brick", "lumber", "wool", "grain", "ore" };
		unsigned k = 2 * su.nseats + in[pos] % (fz_nrec - 2 * su.nseats);
		unsigned r = in[pos + 1] % 5;
		char *l = malloc(strlen(fz_rec[k]) + 40);
		if (!l)
			abort();
		sprintf(l, "%s trade bank 4%s for %s", fz_rec[k], res[r], res[(r + 1) % 5]);
		free(fz_rec[k]);
		fz_rec[k] = l;
	}
	if (view != CAT_NONE) {
		static fz_end x, y, z;
		unsigned most = in[8] & 0x80 ? 8 : 0;
		fz_replay(&su, view, most, false, false, &x);
		fz_replay(&su, view, most, true, false, &y);
		fz_replay(&su, view, most, true, true, &z);
		if (x.at != y.at || strcmp(x.rule, y.rule) || strcmp(x.msg, y.msg) ||
		    x.line != y.line || x.col != y.col || x.over != y.over || x.winner != y.winner)
			abort(); /* reading ahead changes no verdict nor word */
		if (!x.lazy && !y.lazy &&
		    (x.worlds != y.worlds || memcmp(x.hr, y.hr, sizeof x.hr) != 0))
			abort(); /* ... nor the ways left */
		/* as check replays it: the same verdict and end (its words
		 * may differ, and check then replays the game as y did),
		 * unless one of the two cannot decide; when its ways listed
		 * again were thinned (RELIST_VERDICT_WORLDS), those kept may
		 * all be lost, and check then replays the game as y did too:
		 * only what it finds legal must be so */
		bool undecided = !strcmp(y.rule, "too-many-unknowns") ||
				 !strcmp(z.rule, "too-many-unknowns");
		bool same = y.at == z.at && y.over == z.over && y.winner == z.winner;
		if (!undecided && !same && (!z.thinned || z.at < 0))
			abort();
	}
	for (unsigned i = 0; i < fz_nrec; i++)
		free(fz_rec[i]);
	fz_nrec = 0;
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
