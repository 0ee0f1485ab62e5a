/*
 * test_view.c — Elasund records from one seat's view (notation/elasund.md,
 * "Records of what one player could see"): every generated game of 2, 3
 * and 4 players, turned into each seat's view and the observer's
 * (el_view_turn and the Hands tag of el_view_tag, as `arbiter gen --view`
 * writes them), replays legal with the full record's scores and winner;
 * and taking one card from a hand (a snapshot a third of the way in, one
 * influence card moved from a hand to the discards) makes the seat's own
 * view refused at the same line, by the same rule, as the full record,
 * while the observer's view is never refused before it.
 *
 * ELASUND_VIEW_GAMES sets the games per player count (default 40: 40
 * games of 2 players, 40 of 3 and 10 of 4, about 100 games and 330 views;
 * `make check-views` runs 1000).  A view past the limits
 * (too-many-unknowns) is counted, not failed; 2-player views must all be
 * decided, 19 in 20 of the 3-player ones, 9 in 10 of the 4-player ones.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/data.h"
#include "core/tokens.h"
#include "core/util.h"
#include "games/elasund/elasund.h"

extern const arb_game_ops elasund_game;
extern const unsigned char arb_data_elasund[];
extern const size_t arb_data_elasund_size;

#define E (&elasund_game)
#define MAXLINES 600
#define NVIEW (EL_SEATS + 1)

static void *data;

static int setup_data(void **state)
{
	(void)state;
	arb_data_error err;
	arb_node *root = arb_data_parse(arb_data_elasund, arb_data_elasund_size, &err);
	assert_non_null(root);
	data = E->data_load(root, &err);
	assert_non_null(data);
	arb_data_free(root);
	return 0;
}

static int teardown_data(void **state)
{
	(void)state;
	E->data_free(data);
	return 0;
}

/* A game of `n` seats with tag `tname` = `tval` (Hands or Setup) and the
 * view `view` (NULL: a full record). */
static el_game *make(unsigned n, const char *tname, const char *tval, const char *view)
{
	arb_setup su;
	memset(&su, 0, sizeof su);
	static const char *const names[] = { "P1", "P2", "P3", "P4" };
	for (unsigned s = 0; s < n; s++)
		su.seats[su.nseats++] = (arb_seat){ s, names[s], NULL };
	arb_tag tags[2] = { { tname, tval, 1, 1 }, { "View", view, 2, 1 } };
	su.tags = tags;
	su.ntags = view ? 2 : 1;
	if (strcmp(tname, "Setup") == 0)
		su.setup = &tags[0];
	arb_reject rej;
	el_game *g = E->create(data, &su, NULL, &rej);
	if (!g)
		fail_msg("create refused %s \"%s\" (view %s): %s", tname, tval, view ? view : "-",
			 rej.msg);
	return g;
}

/* Play `line` on g: 0, or -1 with *rej set. */
static int play(el_game *g, const char *line, uint32_t n, arb_reject *rej)
{
	static arb_token tok[1024];
	static el_move m;
	size_t nt = arb_split_tokens(line, strlen(line), n, 1, tok, 1024);
	assert_true(nt >= 2 && nt <= 1024);
	memset(&m, 0, sizeof m);
	memset(rej, 0, sizeof *rej);
	if (E->parse(g, tok, nt, &m, rej) != 0)
		return -1;
	return E->apply(g, &m, NULL, rej);
}

static const char *view_name(unsigned v)
{
	return v == EL_OBSERVER ? "observer" : el_colours[v];
}

/* One generated game: its full lines, each view's lines, and the
 * snapshot a third of the way in. */
typedef struct game_rec {
	unsigned n, nlines;
	char hands[64];
	char *full[MAXLINES];
	char *view[NVIEW][MAXLINES];
	bool undecided[NVIEW];
	unsigned cut;	   /* lines before the snapshot      */
	char *snap;	   /* the snapshot there             */
	arb_standing want; /* the full record's end          */
} game_rec;

static void rec_free(game_rec *r)
{
	for (unsigned i = 0; i < r->nlines; i++) {
		free(r->full[i]);
		for (unsigned v = 0; v < NVIEW; v++)
			free(r->view[v][i]);
	}
	free(r->snap);
}

/* Generate game `seed` of n seats, replaying each view as it goes. */
static void generate(uint64_t seed, unsigned n, game_rec *r, unsigned *undecided)
{
	memset(r, 0, sizeof *r);
	r->n = n;
	uint64_t rng = seed;
	arb_buf tags = { 0 }, line = { 0 }, vl = { 0 };
	E->random_tags(data, n, &rng, &tags);
	snprintf(r->hands, sizeof r->hands, "%.*s", (int)(tags.len - 11), tags.p + 8);
	el_game *g = make(n, "Hands", r->hands, NULL);
	el_game *vg[NVIEW] = { 0 };
	unsigned views[NVIEW], nv = 0;
	for (unsigned v = 0; v < n; v++)
		views[nv++] = v;
	views[nv++] = EL_OBSERVER;
	for (unsigned i = 0; i < nv; i++) {
		arb_buf h = { 0 };
		assert_int_equal(E->view_tag("Hands", r->hands, views[i], &h), 1);
		vg[i] = make(n, "Hands", h.p, view_name(views[i]));
		arb_buf_free(&h);
	}
	static el_move m, w;
	static arb_token tok[1024];
	while (!E->over(g) && r->nlines < MAXLINES) {
		arb_buf_reset(&line);
		if (E->random_turn(g, &rng, &line) != 0)
			break;
		if (r->nlines == 0 || r->nlines == 25)
			r->cut = r->nlines; /* reset below once the game's length is known */
		arb_reject rej;
		size_t nt = arb_split_tokens(line.p, line.len, r->nlines + 1, 1, tok, 1024);
		memset(&m, 0, sizeof m);
		assert_int_equal(E->parse(g, tok, nt, &m, &rej), 0);
		assert_int_equal(E->apply(g, &m, NULL, &rej), 0);
		r->full[r->nlines] = arb_xstrdup(line.p);
		for (unsigned i = 0; i < nv; i++) {
			w = m;
			E->view_turn(g, &w, views[i]);
			arb_buf_reset(&vl);
			E->format(vg[i], &w, &vl);
			r->view[i][r->nlines] = arb_xstrdup(vl.p);
			if (r->undecided[i])
				continue;
			if (play(vg[i], vl.p, r->nlines + 1, &rej) < 0) {
				if (!rej.rule || strcmp(rej.rule, "too-many-unknowns") != 0)
					fail_msg(
						"seed %llu, %u seats, %s's view refuses line %u \"%s\" "
						"(full \"%s\"): %s [%s]",
						(unsigned long long)seed, n, view_name(views[i]),
						r->nlines + 1, vl.p, line.p, rej.msg, rej.rule);
				r->undecided[i] = true;
				(*undecided)++;
			}
		}
		r->nlines++;
	}
	E->finish(g, NULL);
	E->standing(g, &r->want);
	for (unsigned i = 0; i < nv; i++) {
		if (!r->undecided[i]) {
			arb_standing got;
			E->finish(vg[i], NULL);
			E->standing(vg[i], &got);
			assert_int_equal(got.over, r->want.over);
			for (unsigned s = 0; s < n; s++) {
				assert_int_equal(got.score[s], r->want.score[s]);
				assert_int_equal(got.winner[s], r->want.winner[s]);
			}
		}
		E->destroy(vg[i]);
	}
	E->destroy(g);
	/* the snapshot a third of the way in: replay the full lines again */
	r->cut = r->nlines / 3;
	g = make(n, "Hands", r->hands, NULL);
	arb_reject rej;
	for (unsigned i = 0; i < r->cut; i++)
		assert_int_equal(play(g, r->full[i], i + 1, &rej), 0);
	arb_buf snap = { 0 };
	E->snapshot(g, &snap);
	r->snap = arb_xstrdup(snap.p);
	arb_buf_free(&snap);
	E->destroy(g);
	arb_buf_free(&tags);
	arb_buf_free(&line);
	arb_buf_free(&vl);
}

/* Write `v` over the number at out[at]. */
static void bump(char *out, size_t at, int v)
{
	size_t e = at;
	while (out[e] >= '0' && out[e] <= '9')
		e++;
	char tail[4096];
	snprintf(tail, sizeof tail, "%s", out + e);
	sprintf(out + at, "%d%s", v, tail);
}

/* The snapshot with one card of colour c taken from seat s's hand and put
 * on the discards; NULL when s holds none. */
static char *take_card(const char *snap, unsigned s, int c)
{
	char key[16], *out = arb_xmalloc(strlen(snap) + 8);
	snprintf(key, sizeof key, "%s=gold:", el_colours[s]);
	const char *at = strstr(snap, key);
	assert_non_null(at);
	char ck[4] = { "rbg"[c], ':', 0 };
	const char *cp = strstr(at, ck);
	assert_non_null(cp);
	int v = atoi(cp + 2);
	const char *dp = strstr(snap, "discard=");
	if (v == 0 || !dp) {
		free(out);
		return NULL;
	}
	char dk[3] = { "rbg"[c], 0 };
	const char *dc = strstr(dp + 8, dk);
	assert_non_null(dc);
	int dv = atoi(dc + 1);
	/* rewrite the two numbers, the later one first */
	snprintf(out, strlen(snap) + 8, "%s", snap);
	size_t a = (size_t)(cp + 2 - snap), b = (size_t)(dc + 1 - snap);
	bump(out, a > b ? a : b, a > b ? v - 1 : dv + 1);
	bump(out, a > b ? b : a, a > b ? dv + 1 : v - 1);
	return out;
}

/* Replay lines [from, to) of `lines` on g: the line refused (or `to`). */
static unsigned replay(el_game *g, char **lines, unsigned from, unsigned to, arb_reject *rej)
{
	for (unsigned i = from; i < to; i++)
		if (E->over(g) || play(g, lines[i], i + 1, rej) < 0)
			return i;
	return to;
}

/* The seat's view refuses where the full record does, by the same rule,
 * or later: the card taken goes to the discards, and the deck they are
 * shuffled into lasts one card longer, which a named draw of the full
 * record may find (draw-colour) where the view cannot tell that card;
 * but a card the seat lacks in its own hand the view sees.  The
 * observer's view is never refused before the full record. */
static void removals(const game_rec *r, unsigned *tried, unsigned *same)
{
	for (unsigned s = 0; s < r->n; s++)
		for (int c = 0; c < NINFL; c++) {
			char *snap = take_card(r->snap, s, c);
			if (!snap)
				continue;
			(*tried)++;
			el_game *f = make(r->n, "Setup", snap, NULL);
			arb_reject fr, vr, orj;
			memset(&fr, 0, sizeof fr);
			unsigned fat = replay(f, (char **)r->full, r->cut, r->nlines, &fr);
			if (!r->undecided[s]) {
				el_game *v = make(r->n, "Setup", snap, view_name(s));
				memset(&vr, 0, sizeof vr);
				unsigned vat =
					replay(v, (char **)r->view[s], r->cut, r->nlines, &vr);
				/* the view never refuses before the full record, and at
				 * the same line by the same rule; a refusal about cards in
				 * the seat's own hand it sees too */
				bool own = fat < r->nlines &&
					   (strcmp(fr.rule, "not-enough-influence") == 0 ||
					    strcmp(fr.rule, "discard-cards") == 0 ||
					    strcmp(fr.rule, "pirate-discard") == 0 ||
					    strcmp(fr.rule, "halve-count") == 0);
				if (vat < fat ||
				    (vat == fat && fat < r->nlines && strcmp(fr.rule, vr.rule)) ||
				    (own && vat != fat))
					fail_msg(
						"%s loses a %s card: the full record stops at line %u "
						"(%s), %s's view at %u (%s: %s)",
						el_colours[s], el_infl_names[c], fat + 1,
						fat < r->nlines ? fr.rule : "end", el_colours[s],
						vat + 1, vat < r->nlines ? vr.rule : "end", vr.msg);
				*same += vat == fat;
				E->destroy(v);
			}
			if (!r->undecided[r->n]) {
				el_game *o = make(r->n, "Setup", snap, "observer");
				memset(&orj, 0, sizeof orj);
				unsigned oat =
					replay(o, (char **)r->view[r->n], r->cut, r->nlines, &orj);
				if (oat < fat && strcmp(orj.rule, "too-many-unknowns") != 0)
					fail_msg(
						"%s loses a %s card: the observer refuses line %u (%s) "
						"before the full record (%u)",
						el_colours[s], el_infl_names[c], oat + 1, orj.msg,
						fat + 1);
				E->destroy(o);
			}
			E->destroy(f);
			free(snap);
		}
}

static void test_views(void **state)
{
	(void)state;
	const char *env = getenv("ELASUND_VIEW_GAMES");
	unsigned games = env ? (unsigned)atoi(env) : 40, tried = 0, same = 0;
	for (unsigned n = 2; n <= 4; n++) {
		unsigned undecided = 0, views = 0;
		/* 4 players: a third as many (their views are the costly ones) */
		unsigned count = n == 4 ? (games + 3) / 4 : games;
		for (unsigned k = 0; k < count; k++) {
			game_rec r;
			generate(1000u * n + k, n, &r, &undecided);
			views += n + 1;
			if (k % 4 == 0)
				removals(&r, &tried, &same);
			rec_free(&r);
		}
		print_message("%u players: %u games, %u views, %u undecided\n", n, count, views,
			      undecided);
		/* every 2-player view is decided, nearly all 3- and 4-player
		 * ones (the search, notation/elasund.md, Limits); those decided
		 * must agree */
		if (n == 2)
			assert_int_equal(undecided, 0);
		if (n == 3) /* listing every family at once: 19 of 160 */
			assert_true(undecided * 20 <= views);
		if (n == 4) /* listing every family at once: 38 of 50 */
			assert_true(undecided * 10 <= views);
		assert_true(undecided < views);
	}
	print_message("a card taken: %u times, the seat's view stops where the full record does "
		      "%u times\n",
		      tried, same);
	assert_true(tried > 0 && same * 4 >= tried * 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_views),
	};
	return cmocka_run_group_tests(tests, setup_data, teardown_data);
}
