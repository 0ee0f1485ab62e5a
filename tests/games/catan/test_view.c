/*
 * test_view.c — records from one seat's view (notation/catan.md, "Records
 * of what one player could see"): the property that every generated game,
 * turned into each seat's view and the observer's (cat_view_turn, as
 * `arbiter gen --view` writes them), replays legal and ends with the same
 * winner as the full record; that the two ways of deciding a view
 * (listing every way the unseen cards went, following one with a search)
 * agree, also on records with a spend the true cards cannot pay; and that
 * removing one known card from a hand makes a view record illegal exactly
 * where no assignment of the unseen cards is left (test_removing_a_card);
 * and that a line past both the search's states and the ways listed at
 * once is undecidable and leaves the record as it was (test_listing_again).
 * The rules of the hidden cards one by one are corpus records
 * (corpus/catan/view-*.tgn, rule-view-unseen-*.tgn).
 *
 * CATAN_VIEW_GAMES sets the number of generated games (default 100, a
 * tenth of it for the search and a fifth for the removals; `make
 * check-views` runs 2000).  With CATAN_VIEW_DIR set, every record
 * is written there too (seed-S-full.tgn, seed-S-VIEW.tgn; a view refused
 * as undecidable ends at the line refused).
 */
#include "catan_test.h"
#include "core/util.h"

enum { RED, BLUE, WHITE, ORANGE };

/* A game of `seats` seen by `view` (a seat or CAT_OBSERVER). */
static cat_game *view_game(const char *seats, const char *opts, unsigned view)
{
	cat_game *g = et_new_game(seats, opts, NULL);
	assert_non_null(g);
	g->view = (uint8_t)view;
	return g;
}

/* Append `line` to the record text `rec` (capped). */
static void rec_add(arb_buf *rec, const char *line)
{
	if (rec->len < (1u << 20)) {
		arb_buf_puts(rec, line);
		arb_buf_putc(rec, '\n');
	}
}

/* Write a record of the game `g` seen by `view` (CAT_NONE: the full
 * record) to CATAN_VIEW_DIR, when set. */
static void rec_write(const cat_game *g, unsigned seed, const char *opts, unsigned view,
		      const char *result, const arb_buf *rec)
{
	const char *dir = getenv("CATAN_VIEW_DIR");
	if (!dir)
		return;
	const char *vn = view == CAT_NONE	? "full"
			 : view == CAT_OBSERVER ? "observer"
						: cat_cname(g, view);
	char path[512];
	snprintf(path, sizeof path, "%s/seed-%u-%s.tgn", dir, seed, vn);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "[Game \"catan\"]\n[Event \"generated, seed %u\"]\n", seed);
	if (view != CAT_NONE)
		fprintf(f, "[View \"%s\"]\n", vn);
	static const char *const names[] = { "Anna", "Bertil", "Cecilia", "David" };
	for (unsigned p = 0; p < g->nseats; p++)
		fprintf(f, "[%s \"%s\"]\n", cat_cname(g, p), names[p]);
	if (opts)
		fprintf(f, "[Variant \"%s\"]\n", opts);
	fprintf(f, "[Result \"%s\"]\n\n%s", result, rec->p ? rec->p : "");
	assert_int_equal(fclose(f), 0);
}

/* The line of `m` as `view` saw it, on `v`'s seats. */
static void view_line(const cat_game *v, const cat_move *m, unsigned view, arb_buf *out)
{
	cat_move w = *m;
	cat_view_turn(&w, view);
	arb_buf_reset(out);
	catan_game.format(v, &w, out);
}

/* The next turn of the generated game g: drawn by the engine's random
 * player into gl, parsed into m and applied (the test fails when the
 * engine refuses its own line).  False when the game has no turn left. */
static bool play_random_turn(cat_game *g, uint64_t *rng, unsigned seed, arb_buf *gl, cat_move *m)
{
	arb_buf_reset(gl);
	if (catan_game.random_turn(g, rng, gl) < 0)
		return false;
	arb_token gt[256];
	size_t ng = arb_split_tokens(gl->p, gl->len, 1, 1, gt, 256);
	arb_reject rej;
	memset(m, 0, sizeof *m);
	if (catan_game.parse(g, gt, ng, m, &rej) < 0 || catan_game.apply(g, m, NULL, &rej) < 0)
		fail_msg("seed %u: %s", seed, rej.msg);
	return true;
}

static void test_views_of_generated_games(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) : 100;
	unsigned won = 0, most = 0, hidden_lines = 0, views = 0, closed = 0;
	unsigned undecided[2] = { 0, 0 }; /* seat views, observer views */
	for (unsigned seed = 1; seed <= games; seed++) {
		const char *seats = seed % 2 ? "Red Blue White" : "Red Blue White Orange";
		const char *opts = seed % 3 == 0   ? "phases=combined"
				   : seed % 5 == 0 ? "vp-cards=revealed"
						   : NULL;
		cat_game *g = et_new_game(seats, opts, NULL);
		assert_non_null(g);
		unsigned nv = g->nseats + 1;
		cat_game *v[CAT_SEATS + 1];
		bool gave_up[CAT_SEATS + 1] = { false };
		arb_buf rec[CAT_SEATS + 2];
		memset(rec, 0, sizeof rec);
		for (unsigned i = 0; i < nv; i++)
			v[i] = view_game(seats, opts, i < g->nseats ? i : CAT_OBSERVER);
		uint64_t rng = seed * 104729u;
		arb_buf gl = { 0 }, line = { 0 };
		for (unsigned t = 0; t < 2000 && !g->s.over; t++) {
			cat_move m;
			if (!play_random_turn(g, &rng, seed, &gl, &m))
				break;
			arb_buf_reset(&line);
			catan_game.format(g, &m, &line);
			rec_add(&rec[nv], line.p);
			for (unsigned i = 0; i < nv; i++) {
				view_line(v[i], &m, i < g->nseats ? i : CAT_OBSERVER, &line);
				if (gave_up[i])
					continue;
				rec_add(&rec[i], line.p);
				if (et_try(et_on(v[i]), line.p) < 0) {
					/* Undecidable is said, never wrong. */
					if (strcmp(et_shared.rej.rule, "too-many-unknowns") == 0) {
						gave_up[i] = true;
						undecided[i < g->nseats ? 0 : 1]++;
						continue;
					}
					fail_msg("seed %u view %u: '%s': %s: %s", seed, i, line.p,
						 et_shared.rej.rule, et_shared.rej.msg);
				}
				unsigned n = cat_hidden_count(v[i]);
				most = n > most ? n : most;
				hidden_lines += n > 1;
			}
		}
		/* a win at the start of a turn: the winner shows the cards the
		 * view has not seen (cat_view_close, as gen --view writes) */
		for (unsigned i = 0; i < nv; i++) {
			cat_move cm;
			if (gave_up[i] || !cat_view_close(g, v[i], &cm))
				continue;
			closed++;
			arb_buf_reset(&line);
			catan_game.format(v[i], &cm, &line);
			rec_add(&rec[i], line.p);
			if (et_try(et_on(v[i]), line.p) < 0)
				fail_msg("seed %u view %u: '%s': %s: %s", seed, i, line.p,
					 et_shared.rej.rule, et_shared.rej.msg);
		}
		won += g->s.over;
		const char *result = g->s.over ? cat_cname(g, g->s.winner) : "*";
		rec_write(g, seed, opts, CAT_NONE, result, &rec[nv]);
		arb_buf_free(&rec[nv]);
		for (unsigned i = 0; i < nv; i++) {
			views++;
			rec_write(g, seed, opts, i < g->nseats ? i : CAT_OBSERVER,
				  gave_up[i] ? "*" : result, &rec[i]);
			arb_buf_free(&rec[i]);
			if (gave_up[i]) {
				catan_game.destroy(v[i]);
				continue;
			}
			if (v[i]->s.over != g->s.over ||
			    (g->s.over && v[i]->s.winner != g->s.winner))
				fail_msg("seed %u view %u: over %u winner %u, "
					 "the full record: over %u winner %u",
					 seed, i, v[i]->s.over, v[i]->s.winner, g->s.over,
					 g->s.winner);
			catan_game.destroy(v[i]);
		}
		arb_buf_free(&gl);
		arb_buf_free(&line);
		catan_game.destroy(g);
	}
	print_message("views: %u games (%u won), %u views: legal with the "
		      "same winner but %u seat views and %u observer views "
		      "refused as undecidable (too-many-unknowns); at most %u "
		      "possibilities, %u lines with more than one; %u views "
		      "closed by the winner showing cards at the start of a turn\n",
		      games, won, views, undecided[0], undecided[1], most, hidden_lines, closed);
	assert_true(hidden_lines > 0);
	/* followed one way at a time past the listing's cap, generated views
	 * are decided but for a rare few whose search passes its bound
	 * (said, never guessed: an undecidable view is not a wrong one; 1 of
	 * the 9 000 views of `make check-views`); at most 1 in 2 000 */
	assert_true((undecided[0] + undecided[1]) * 2000 <= views);
}

/* Replay view lines v[0..n) then `last` (NULL: none) on a fresh game of
 * `seats` seen by the observer that lists at most `max_worlds` ways of
 * the unseen cards (1: followed one at a time from the first '?').
 * Returns the rule of the first refusal ("" when all are legal) in
 * `rule`, and the index of the line refused (n for `last`, -1 none). */
static int replay_view(const char *seats, const char *opts, char **v, unsigned n, const char *last,
		       unsigned max_worlds, char rule[64])
{
	cat_game *g = view_game(seats, opts, CAT_OBSERVER);
	g->max_worlds = max_worlds;
	rule[0] = 0;
	int at = -1;
	for (unsigned i = 0; i <= n && at < 0; i++) {
		const char *line = i < n ? v[i] : last;
		if (!line)
			break;
		if (et_try(et_on(g), line) < 0) {
			snprintf(rule, 64, "%s", et_shared.rej.rule);
			at = (int)i;
		}
	}
	catan_game.destroy(g);
	return at;
}

/* The two ways of deciding a view record agree: listing every way the
 * unseen cards could have gone, and following one at a time with a
 * search when it fails (forced from the first '?' by max_worlds = 1):
 * on every observer view of generated games, and on the same records
 * with a later purchase made twice (a spend of cards the record does not
 * show), which each must accept or refuse alike, by the same rule.  A
 * doubled purchase the full record allows (the true cards pay for it)
 * must be allowed by the view too. */
static void test_listing_and_search_agree(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) / 10 : 10;
	unsigned refused = 0, allowed = 0, undecidable = 0;
	for (unsigned seed = 1; seed <= games; seed++) {
		const char *seats = seed % 2 ? "Red Blue White" : "Red Blue White Orange";
		cat_game *g = et_new_game(seats, NULL, NULL);
		assert_non_null(g);
		uint64_t rng = seed * 7919u;
		char *view[3000], *full[3000];
		unsigned n = 0;
		arb_buf gl = { 0 }, line = { 0 };
		while (n < 3000 && !g->s.over) {
			cat_move m;
			if (!play_random_turn(g, &rng, seed, &gl, &m))
				break;
			full[n] = arb_xstrdup(gl.p);
			view_line(g, &m, CAT_OBSERVER, &line);
			view[n++] = arb_xstrdup(line.p);
		}
		char r1[64], r2[64];
		int a1 = replay_view(seats, NULL, view, n, NULL, 0, r1);
		int a2 = replay_view(seats, NULL, view, n, NULL, 1, r2);
		if (a1 != -1 || a2 != -1) {
			for (unsigned i = 0; getenv("VIEW_DEBUG") && i < n; i++)
				fprintf(stderr, "%s\n", view[i]);
			fail_msg("seed %u: the view refused at %d [%s] listing, %d [%s] "
				 "searching",
				 seed, a1, r1, a2, r2);
		}
		unsigned tried = 0;
		for (unsigned k = n / 3; k < n && tried < 4; k++) {
			char *at = strstr(view[k], " buy ?");
			if (!at)
				continue;
			tried++;
			char mut[1024];
			snprintf(mut, sizeof mut, "%.*s buy ? buy ?%s", (int)(at - view[k]),
				 view[k], at + 6);
			a1 = replay_view(seats, NULL, view, k, mut, 0, r1);
			a2 = replay_view(seats, NULL, view, k, mut, 1, r2);
			/* the search from the first '?' may pass its bound where
			 * the listing decides: said, never a wrong verdict */
			if ((a1 != a2 || strcmp(r1, r2) != 0) &&
			    (!strcmp(r1, "too-many-unknowns") ||
			     !strcmp(r2, "too-many-unknowns"))) {
				undecidable++;
				continue;
			}
			if (a1 != a2 || strcmp(r1, r2) != 0)
				fail_msg("seed %u line %u '%s': listing %d [%s], searching "
					 "%d [%s]",
					 seed, k, mut, a1, r1, a2, r2);
			/* the full record with the purchase doubled (a card left
			 * in the deck): legal there, so legal in the view */
			cat_game *f = et_new_game(seats, NULL, NULL);
			bool full_ok = true;
			for (unsigned i = 0; i < k && full_ok; i++)
				full_ok = et_try(et_on(f), full[i]) == 0;
			char *fb = strstr(full[k], " buy ");
			if (full_ok && fb) {
				char fm[1024];
				for (unsigned d = 0; d < CAT_DEV; d++) {
					snprintf(fm, sizeof fm, "%.*s buy %s%s",
						 (int)(fb - full[k]), full[k], cat_dev_name[d], fb);
					cat_game *f2 = et_new_game(seats, NULL, NULL);
					bool ok = true;
					for (unsigned i = 0; i < k && ok; i++)
						ok = et_try(et_on(f2), full[i]) == 0;
					if (ok && et_try(et_on(f2), fm) == 0 && a1 != -1)
						fail_msg("seed %u line %u: the full record allows "
							 "'%s' but the view refuses '%s' [%s]",
							 seed, k, fm, mut, r1);
					catan_game.destroy(f2);
				}
			}
			catan_game.destroy(f);
			if (a1 == -1)
				allowed++;
			else
				refused++;
		}
		for (unsigned i = 0; i < n; i++) {
			free(view[i]);
			free(full[i]);
		}
		arb_buf_free(&gl);
		arb_buf_free(&line);
		catan_game.destroy(g);
	}
	print_message("listing and searching agree: %u games, %u doubled purchases "
		      "allowed, %u refused, %u undecidable by one of the two\n",
		      games, allowed, refused, undecidable);
	assert_true(refused > 0 && allowed > 0);
	assert_true(undecidable * 20 <= allowed + refused);
}

/* Replay lines[from..n) on a game of `seats` started from the Setup
 * `setup` and seen by `view` (CAT_NONE: the full record), after taking one
 * `r` card from seat `p`'s hand (back to the bank).  Returns the index of
 * the line refused (its rule in `rule`, the action's index in `col`), or -1 with the
 * game's end in *over and *winner.  Before line `probe` (when reached),
 * *exact says whether every way the unseen cards could have gone agrees
 * on seat p's hand. */
static int replay_removed(const char *seats, const char *opts, const char *setup, unsigned view,
			  unsigned p, unsigned r, char **lines, unsigned from, unsigned n,
			  int probe, char rule[64], unsigned *col, unsigned *over, unsigned *winner,
			  bool *exact)
{
	cat_game *g = et_new_game(seats, opts, setup);
	assert_non_null(g);
	g->view = (uint8_t)view;
	assert_true(g->s.p[p].res[r] > 0);
	g->s.p[p].res[r]--;
	g->s.p[p].ncards--;
	g->s.bank[r]++;
	rule[0] = 0;
	*col = 0;
	*exact = true;
	int at = -1;
	for (unsigned i = from; i < n && at < 0; i++) {
		if ((int)i == probe) {
			cat_hand_range hr[CAT_SEATS];
			cat_hand_ranges(g, hr);
			*exact = hr[p].exact && !memcmp(hr[p].lo, hr[p].hi, CAT_RES);
		}
		if (et_try(et_on(g), lines[i]) < 0) {
			snprintf(rule, 64, "%s", et_shared.rej.rule);
			at = (int)i;
			/* the action refused (its column moves with the text of
			 * the '?' before it): the last that starts at or before
			 * the column */
			unsigned c = et_shared.rej.col;
			arb_token tk[256];
			size_t nt = arb_split_tokens(lines[i], strlen(lines[i]), 1, 1, tk, 256);
			static cat_move m;
			arb_reject rj;
			memset(&m, 0, sizeof m);
			assert_int_equal(catan_game.parse(g, tk, nt, &m, &rj), 0);
			for (unsigned k = 0; k < m.n; k++)
				if (m.act[k].col <= c)
					*col = k;
		}
	}
	*over = g->s.over;
	*winner = g->s.winner;
	catan_game.destroy(g);
	return at;
}

/* Removing one known card makes a view record illegal exactly where no
 * assignment of the unseen cards is left.  Generated games are cut at a
 * third of their lines into a snapshot (every hand known there) and the
 * rest of the record; one card is taken from a hand of the snapshot, and
 * the rest replayed as the full record, as the seat's own view and as
 * the observer's.  The seat's view sees every card that enters or leaves
 * that seat's hand, so no unseen card can stand in for the one taken:
 * it must be refused at the same line, by the same rule, at the same
 * action as the full record (the first later spend the card paid for),
 * or, when the card was never needed, end as the full record does.  The
 * one exception is a hand the unseen cards do reach (production cut by a
 * bank whose stock depends on unseen discards): counted, and required to
 * be rare.  The observer's view may find other assignments, but never
 * refuses before the full record does. */
static void test_removing_a_card(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) / 5 : 20;
	unsigned same = 0, accepted = 0, reached = 0, obs_same = 0, obs_later = 0, spends = 0;
	for (unsigned seed = 1; seed <= games; seed++) {
		const char *seats = seed % 2 ? "Red Blue White" : "Red Blue White Orange";
		cat_game *g = et_new_game(seats, NULL, NULL);
		assert_non_null(g);
		uint64_t rng = seed * 15485863u;
		static cat_move mv[3000];
		char *full[3000];
		unsigned n = 0, cut = 0;
		arb_buf gl = { 0 }, line = { 0 }, snap = { 0 };
		while (n < 3000 && !g->s.over) {
			if (!play_random_turn(g, &rng, seed, &gl, &mv[n]))
				break;
			full[n++] = arb_xstrdup(gl.p);
			if (!cut && n >= 3 * g->nseats && g->s.setup_step >= 2 * g->nseats &&
			    rng % 3 == 0) { /* a position after the set-up */
				cut = n;
				cat_snapshot(g, &snap);
			}
		}
		unsigned nseats = g->nseats;
		if (!cut)
			goto next;
		cat_game *at = et_new_game(seats, NULL, snap.p);
		assert_non_null(at);
		cat_state s0 = at->s;
		catan_game.destroy(at);
		for (unsigned p = 0; p < nseats; p++) {
			char *seen[3000] = { NULL }, *obs[3000] = { NULL };
			for (unsigned i = cut; i < n; i++) {
				view_line(g, &mv[i], p, &line); /* colours only */
				seen[i] = arb_xstrdup(line.p);
				view_line(g, &mv[i], CAT_OBSERVER, &line);
				obs[i] = arb_xstrdup(line.p);
			}
			for (unsigned r = 0; r < CAT_RES; r++) {
				if (!s0.p[p].res[r])
					continue;
				char rf[64], rv[64], ro[64];
				unsigned cf, cv, co, of, wf, ov, wv, oo, wo;
				bool ex, ex2;
				int lf = replay_removed(seats, NULL, snap.p, CAT_NONE, p, r, full,
							cut, n, -1, rf, &cf, &of, &wf, &ex);
				int lv = replay_removed(seats, NULL, snap.p, p, p, r, seen, cut, n,
							lf, rv, &cv, &ov, &wv, &ex);
				int lo = replay_removed(seats, NULL, snap.p, CAT_OBSERVER, p, r,
							obs, cut, n, -1, ro, &co, &oo, &wo, &ex2);
				if (lf >= 0 && lv < 0 && !ex) {
					reached++; /* an unseen card could stand in */
				} else if (lf != lv || strcmp(rf, rv) || cf != cv ||
					   (lf < 0 && (of != ov || (of && wf != wv)))) {
					fail_msg("seed %u, one %s less for %s at line %u: the full "
						 "record %d [%s] action %u over %u winner %u, the "
						 "seat's view %d [%s] action %u over %u winner %u",
						 seed, cat_res_name[r], cat_colours[p], cut, lf, rf,
						 cf, of, wf, lv, rv, cv, ov, wv);
				} else {
					same++;
					accepted += lf < 0;
					spends += !strcmp(rf, "cannot-afford") ||
						  !strcmp(rf, "trade-not-held");
				}
				if (lf >= 0 && lo >= 0 && lo < lf)
					fail_msg(
						"seed %u, one %s less for %s: the observer refuses "
						"line %d [%s], before the full record (%d [%s])",
						seed, cat_res_name[r], cat_colours[p], lo, ro, lf,
						rf);
				obs_same += lf >= 0 && lo == lf;
				obs_later += lf >= 0 && (lo > lf || lo < 0);
			}
			for (unsigned i = cut; i < n; i++) {
				free(seen[i]);
				free(obs[i]);
			}
		}
	next:
		catan_game.destroy(g);
		for (unsigned i = 0; i < n; i++)
			free(full[i]);
		arb_buf_free(&gl);
		arb_buf_free(&line);
		arb_buf_free(&snap);
	}
	print_message(
		"one card removed: %u cases alike in the full record and the seat's "
		"view (%u accepted to the end, %u refused at the same line, rule and "
		"action, %u of them a spend), %u where an unseen card reached the hand; the observer "
		"refused %u at the same line, %u later or never\n",
		same + reached, accepted, same - accepted, spends, reached, obs_same, obs_later);
	assert_true(spends > 0);
	assert_true(reached * 20 <= same);
}

#define VIEW_DECK "deck=14knight+2road-building+2year-of-plenty+2monopoly+5victory-point"

/* The board of the corpus's view records (corpus/catan/view-*.tgn), with
 * `cards` (hands=, cards=, deck=): every colour's settlements and roads,
 * the robber on the desert, Red to move. */
static void view_setup(char *out, size_t n, const char *cards)
{
	int w = snprintf(
		out, n,
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:j3+j4,Blue:d1+d4,White:e2+c3 "
		"roads=Red:j2-j3+j4-j5,Blue:d1-e1+d4-e4+e4-f4,White:e2-f2+c3-c4 %s robber=J "
		"longest=none army=none turn=Red",
		cards);
	assert_true(w > 0 && (size_t)w < n);
}

/* A line of the observer's view and the words its refusal must hold
 * (NULL: it must be accepted; a refused line is not played). */
typedef struct named_line {
	const char *line, *words;
} named_line;

/* Play `lines` (up to one with a NULL line) in g. */
static void play_named(cat_game *g, unsigned max_worlds, const named_line *lines)
{
	for (const named_line *l = lines; l->line; l++) {
		int rc = et_try(et_on(g), l->line);
		if (!l->words && rc < 0)
			fail_msg("max_worlds %u: '%s' refused: %s", max_worlds, l->line,
				 et_shared.rej.msg);
		if (l->words && (rc == 0 || !strstr(et_shared.rej.msg, l->words)))
			fail_msg("max_worlds %u: '%s' %s, not with '%s': %s", max_worlds, l->line,
				 rc ? "refused" : "accepted", l->words,
				 rc ? et_shared.rej.msg : "");
	}
}

/* Play `first` (if not NULL), then `lines`, on that board with `cards`,
 * listing every way (max_worlds 0) and following one (1). */
static void name_check_from(const char *seats, const char *setup, const named_line *first,
			    const named_line *lines)
{
	for (unsigned max_worlds = 0; max_worlds < 2; max_worlds++) {
		cat_game *g = et_new_game(seats, NULL, setup);
		assert_non_null(g);
		g->view = CAT_OBSERVER;
		g->max_worlds = max_worlds;
		if (first)
			play_named(g, max_worlds, first);
		play_named(g, max_worlds, lines);
		catan_game.destroy(g);
	}
}

static void name_check_on(const char *seats, const char *setup, const named_line *lines)
{
	name_check_from(seats, setup, NULL, lines);
}

static void name_check_after(const char *cards, const named_line *first, const named_line *lines)
{
	char setup[1024];
	view_setup(setup, sizeof setup, cards);
	name_check_from("Red Blue White", setup, first, lines);
}

static void name_check(const char *cards, const named_line *lines)
{
	name_check_after(cards, NULL, lines);
}

/* A refusal names the unseen cards that touched the hand of the player
 * it is about, counted since everything was last known: the cards the
 * player stole, those stolen from them, those they discarded unseen
 * (those of the refusal's own line before the action refused too); not
 * those of a refused line, nor those before the ways came down to one;
 * "the unseen cards" when others' came into the hand.  The same whether
 * the ways are listed or followed one at a time. */
static void test_refusals_name_the_unseen_cards(void **state)
{
	(void)state;
	const char *at_most_1_ore = "Blue pays 2grain+3ore for a city, but every way the three "
				    "cards Blue stole could have gone leaves Blue with at most 1 "
				    "ore";
	const named_line thief[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber E steal White ? city d1", /* refused: not counted */
		  "every way the card Blue stole could have gone leaves Blue with at most 1 ore" },
		{ "Blue roll 7 robber E steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber D steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber E steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2 city d1", at_most_1_ore },
		{ NULL, NULL },
	};
	name_check("hands=Blue:2grain,White:lumber+wool+ore+brick " VIEW_DECK, thief);
	const named_line victim[] = {
		{ "Red roll 7 discard Blue 5? robber N steal Blue ?", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 7 robber M steal Blue ?", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2 settlement f4",
		  "no way the two cards stolen from Blue and the five Blue discarded unseen "
		  "could have gone leaves Blue with all of brick+lumber+wool+grain at once" },
		{ NULL, NULL },
	};
	name_check("hands=Blue:brick+lumber+2wool+3grain+3ore " VIEW_DECK, victim);
	/* the first steal takes Red's one kind of card: all is known again */
	const named_line known[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber G steal Red ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 robber E steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2 city d1",
		  "every way the card Blue stole could have gone leaves Blue with at most 1 ore" },
		{ NULL, NULL },
	};
	name_check("hands=Blue:2grain,Red:ore,White:lumber+wool+brick " VIEW_DECK, known);
	/* a trade's refusal is about the partner short */
	const named_line trade[] = {
		{ "Red roll 7 robber E steal White ?", NULL },
		{ "Blue roll 2+2 trade White wool for lumber+ore",
		  "White gives lumber+ore to Blue, but no way the card stolen from White could "
		  "have gone leaves White with all of lumber+ore at once" },
		{ NULL, NULL },
	};
	name_check("hands=Blue:wool,White:lumber+ore " VIEW_DECK, trade);
	/* Red's monopoly takes what White's unseen discard left: Red is short
	 * only through White's cards (no words of Red's own), and so too when
	 * Red stole a card */
	const char *mono = "hands=Red:grain,White:4wool+4lumber cards=Red:monopoly "
			   "deck=14knight+2road-building+2year-of-plenty+1monopoly+5victory-point";
	const char *no_wool = "Red gives 4wool to the bank, but every way the unseen cards could "
			      "have gone leaves Red with no wool";
	const char *take = "Red roll 2+2 play monopoly wool trade bank 4wool for ore trade bank "
			   "4wool for ore";
	const named_line monopoly[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 7 discard White 4? robber D steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ take, no_wool },
		{ NULL, NULL },
	};
	name_check(mono, monopoly);
	const named_line monopoly_stole[] = {
		{ "Red roll 7 discard White 4? robber E steal White ?", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2", NULL },
		{ take, no_wool },
		{ NULL, NULL },
	};
	name_check(mono, monopoly_stole);
	const named_line steal[] = {
		{ "Red roll 7 robber E steal White ?", NULL },
		{ "Blue roll 7 robber D steal White ?", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 2+2 buy ?", NULL },
		{ "Blue roll 7 robber E steal White ore",
		  "who holds none, however the two cards stolen from White went" },
		{ NULL, NULL },
	};
	name_check("hands=Red:grain+wool,White:lumber+wool+ore " VIEW_DECK, steal);
	/* A monopoly's wrong take is said of an opponent no way leaves with
	 * the count stated, not of the first one short in some way: White
	 * stole Blue's brick or ore, so each can hold 1 ore but not both, and
	 * only no way leaves White 2 */
	const char *ore = "hands=Blue:brick+ore cards=Red:monopoly "
			  "deck=14knight+2road-building+2year-of-plenty+1monopoly+5victory-point";
	const named_line take_each[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 7 robber A steal Blue ?", NULL },
		{ "Red roll 2+2 play monopoly ore takes Blue 1 White 1",
		  "Red's monopoly takes 1 ore from Blue and 1 from White, but no way the unseen "
		  "cards could have gone leaves Red's opponents with all of that at once" },
		{ "Red roll 2+2 play monopoly ore takes Blue 0 White 2",
		  "Red's monopoly takes 2 ore from White, but no way the card White stole could "
		  "have gone leaves White with exactly 2 ore" },
		{ "Red roll 2+2 play monopoly ore takes Blue 2 White 0",
		  "Red's monopoly takes 2 ore from Blue, but no way the card stolen from Blue "
		  "could have gone leaves Blue with exactly 2 ore" },
		{ "Red roll 2+2 play monopoly ore takes Blue 0 White 1", NULL },
		{ NULL, NULL },
	};
	name_check(ore, take_each);
	/* So too a domestic trade's: White stole Blue's brick or lumber, and
	 * Red one of White's two cards; Red may hold brick, lumber or wool,
	 * White what Red left, never ore */
	const char *two = "hands=White:wool,Blue:brick+lumber " VIEW_DECK;
	const char *steals[] = { "Red roll 2+2", "Blue roll 2+2",
				 "White roll 3+4 robber A steal Blue ?" };
	const struct {
		const char *trade, *words;
	} trades[] = {
		{ "brick for lumber", "Red gives brick to White for lumber, but no way the unseen "
				      "cards could have gone leaves Red with brick and White with "
				      "lumber at once" },
		/* Red may hold lumber (the first way it is Red short), White
		 * never ore */
		{ "lumber for ore", "White gives ore to Red, but every way the card White stole "
				    "and the one stolen from White could have gone leaves White "
				    "with no ore" },
		{ "wool for brick", NULL },
	};
	for (size_t i = 0; i < sizeof trades / sizeof *trades; i++) {
		char last[128];
		snprintf(last, sizeof last, "Red roll 3+4 robber E steal White ? trade White %s",
			 trades[i].trade);
		const named_line trade_lines[] = {
			{ steals[0], NULL },	   { steals[1], NULL }, { steals[2], NULL },
			{ last, trades[i].words }, { NULL, NULL },
		};
		name_check(two, trade_lines);
	}
	/* The bank's stock: every ore is in the hands but Blue's one, which
	 * Blue discards unseen or keeps, so the bank holds 1 ore in some ways
	 * and none in others (corpus/catan/view-bank-empty-*.tgn) */
	const char *bank =
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:h2+g5,Blue:f3+d5,White:i4+i5,"
		"Orange:c4+e4 roads=Red:h2-i2+g5-h5,Blue:e3-f3+c5-d5,White:i3-i4+h5-i5,"
		"Orange:b4-c4+e4-f4 hands=Red:7ore,Blue:7brick+ore,White:7ore,Orange:4ore "
		"cards=Red:year-of-plenty deck=14knight+2road-building+1year-of-plenty+2monopoly+"
		"5victory-point robber=J longest=none army=none turn=Red";
	const named_line plenty[] = {
		{ "Red roll 3+4 discard Blue 4? robber E steal Blue brick play year-of-plenty 2ore",
		  "the bank has at most 1 ore, however the unseen cards went" },
		{ "Red roll 3+4 discard Blue 4? robber E steal Blue brick play year-of-plenty "
		  "brick+ore",
		  NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", bank, plenty);
	/* every grain and ore is in the hands but Blue's one of each, and
	 * Blue discards one card unseen: the bank holds 1 grain or 1 ore or
	 * neither, never both (corpus/catan/view-bank-empty-*-joint.tgn) */
	char joint[1024];
	snprintf(joint, sizeof joint, "%s", bank);
	const char *from = "hands=Red:7ore,Blue:7brick+ore,White:7ore,Orange:4ore";
	char *at = strstr(joint, from);
	assert_non_null(at);
	const char *to = "hands=Red:9ore+9grain+18lumber,Blue:6brick+ore+grain,"
			 "White:9ore+9grain+18wool";
	char tail[1024];
	snprintf(tail, sizeof tail, "%s", at + strlen(from));
	snprintf(at, sizeof joint - (size_t)(at - joint), "%s%s", to, tail);
	const char *seven = "Red roll 3+4 discard Red 18lumber discard Blue 3brick+? discard "
			    "White 18wool robber E steal Blue brick play year-of-plenty ";
	char both[256], ore_only[256];
	snprintf(both, sizeof both, "%sgrain+ore", seven);
	snprintf(ore_only, sizeof ore_only, "%sbrick+ore", seven);
	const named_line at_once[] = {
		{ both, "no way the unseen cards could have gone leaves the bank with all of "
			"grain+ore at once" },
		{ ore_only, NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", joint, at_once);
	/* every wool is in the other hands, and Red discards its ore or its
	 * grain unseen: Red short of ore in one way, the bank of wool in the
	 * other, so the bank trade is refused by a rule in each
	 * (corpus/catan/view-bank-trade-*-mixed.tgn) */
	char mixed[1024];
	snprintf(mixed, sizeof mixed, "%s", bank);
	at = strstr(mixed, from);
	assert_non_null(at);
	snprintf(at, sizeof mixed - (size_t)(at - mixed), "%s%s",
		 "hands=Red:3brick+grain+4ore,Blue:7wool,White:7wool,Orange:5wool", tail);
	const named_line by_two_rules[] = {
		{ "Red roll 3+4 discard Red 3brick+? robber E steal Blue wool trade bank 4ore for "
		  "wool",
		  "no way the unseen cards could have gone allows this: in some, Red gives 4 ore "
		  "but holds 3; in the others, the bank has no wool" },
		{ "Red roll 3+4 discard Red 3brick+? robber E steal Blue wool play year-of-plenty "
		  "brick+wool",
		  "the bank has no wool, however the unseen cards went" },
		{ "Red roll 3+4 discard Red 3brick+? robber E steal Blue wool trade bank 4ore for "
		  "grain",
		  NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", mixed, by_two_rules);
	/* so the 8 gives White its one ore in some ways, and in the others,
	 * the bank short, nobody anything: a production stated is said of
	 * them all (corpus/catan/view-assert-production-*.tgn) */
	const named_line production[] = {
		{ "Red roll 3+4 discard Blue 4? robber E steal Blue brick", NULL },
		{ "Blue roll 4+4 gets White 2ore",
		  "the record says White gets 2ore from the roll of 8, but no way the unseen "
		  "cards could have gone gives White that" },
		{ "Blue roll 4+4 gets White ore gets Blue lumber", NULL },
		{ NULL, NULL },
	};
	name_check_on("Red Blue White Orange", bank, production);
	/* Hand sizes that differ between ways (a monopoly's take stated only
	 * in all, from hands an unseen steal made): said with the least and
	 * the most (corpus/catan/view-sizes-*.tgn), after White's knight
	 * steals from Blue unseen and Red's monopoly takes one wool in all */
	const char *sizes = "hands=Blue:9brick+wool cards=Red:monopoly,White:knight "
			    "deck=13knight+2road-building+2year-of-plenty+1monopoly+"
			    "5victory-point";
	const named_line stolen_then_taken[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2 play knight A steal Blue ?", NULL },
		{ "Red roll 2+2 play monopoly wool takes 1", NULL },
		{ NULL, NULL },
	};
	const named_line sized[] = {
		{ "Blue roll 3+4 discard Blue 3?",
		  "Blue holds 8 to 9 cards, however the unseen cards went, and must discard half "
		  "of them (rounded down), not 3" },
		{ "Blue roll 3+4 robber E steal White ?",
		  "Blue holds 8 to 9 cards, however the unseen cards went, and must discard half "
		  "of them (rounded down) before the robber moves" },
		{ "Blue roll 2+2", NULL },
		{ "White roll 3+4 discard Blue 4? robber I",
		  "White must steal a card at I: Blue holds 4 to 5 cards, however the unseen "
		  "cards went" },
		{ "White roll 3+4 discard Blue 4? robber I steal Blue ?", NULL },
		{ "Red roll 3+4 discard Blue 2? robber E",
		  "Blue holds 3 to 4 cards, however the unseen cards went, and keeps them" },
		{ NULL, NULL },
	};
	name_check_after(sizes, stolen_then_taken, sized);
	/* ... and when the player concerned differs between the ways, said
	 * of them all, naming those it could be: the wool White stole or not
	 * leaves Blue 8 cards and White 7, or Blue 7 and White 8; with a
	 * brick and a wool, Blue 1 and White none, or the reverse
	 * (corpus/catan/view-sizes-*-either.tgn) */
	const char *eight = "hands=Blue:8brick+wool,White:7grain cards=Red:monopoly,White:knight "
			    "deck=13knight+2road-building+2year-of-plenty+1monopoly+"
			    "5victory-point";
	const named_line either[] = {
		{ "Blue roll 3+4 robber E steal White ?",
		  "every way the unseen cards could have gone leaves Blue or White with more "
		  "than 7 cards, and whoever holds them must discard half of them (rounded "
		  "down) before the robber moves" },
		/* kept in one way, halved in the other: refused by one rule in
		 * one, another in the other, so said with each (mixed_msg) */
		{ "Blue roll 3+4 discard Blue 3? robber E steal White ?",
		  "no way the unseen cards could have gone allows this: in some, Blue holds 7 "
		  "cards and keeps them (only a hand of more than 7 is halved); in the others, "
		  "Blue holds 8 cards and must discard 4, not 3" },
		{ "Blue roll 3+4 discard White 3? robber E steal White ?",
		  "no way the unseen cards could have gone allows this: in some, White holds 8 "
		  "cards and must discard 4, not 3; in the others, White holds 7 cards and keeps "
		  "them" },
		{ "Blue roll 3+4 discard Blue 4? robber E steal White grain", NULL },
		{ NULL, NULL },
	};
	name_check_after(eight, stolen_then_taken, either);
	const char *one = "hands=Blue:brick+wool cards=Red:monopoly,White:knight "
			  "deck=13knight+2road-building+2year-of-plenty+1monopoly+5victory-point";
	const named_line there[] = {
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2", NULL },
		{ "Red roll 3+4 robber I",
		  "Red must steal a card at I: every way the unseen cards could have gone leaves "
		  "Blue or White there with cards" },
		{ "Red roll 3+4 robber I steal Blue brick", NULL },
		{ NULL, NULL },
	};
	name_check_after(one, stolen_then_taken, there);
}

/* A discard owed in some ways and not in others keeps only the ways that
 * owe it, whether listed or followed one at a time: White's knight stole
 * Blue's wool or a brick, and Red's monopoly took the one wool, so Blue
 * holds 8 cards (White stole the wool) or 7 (a brick); Blue's discard of
 * 4 leaves the first way alone, in which White holds no brick for a road
 * (corpus/catan/view-sizes-discard-missing-ok-either.tgn). */
static void test_discard_owed_in_some_ways(void **state)
{
	(void)state;
	const named_line lines[] = {
		{ "Red roll 2+2", NULL },
		{ "Blue roll 2+2", NULL },
		{ "White roll 2+2 play knight A steal Blue ?", NULL },
		{ "Red roll 2+2 play monopoly wool takes 1", NULL },
		{ "Blue roll 3+4 discard Blue 4? robber S", NULL },
		/* (listed, the one way left is all known; followed, the
		 * words say it of every way the steal went) */
		{ "White roll 2+2 trade bank 4grain for lumber road f2-g2", "for a road" },
		{ "White roll 2+2 trade bank 4grain for brick", NULL },
		{ NULL, NULL },
	};
	name_check("hands=Blue:8brick+wool,White:7grain cards=Red:monopoly,White:knight "
		   "deck=13knight+2road-building+2year-of-plenty+1monopoly+5victory-point",
		   lines);
}

/* Past the search's states the ways are listed again
 * (corpus/catan/view-relist-*.tgn decide so); past the ways listed at
 * once too, the line is undecidable, and all is as before it: the record
 * goes on from the way followed.  From a position where each of four
 * players holds three of each resource, all four discard seven unseen
 * (155 ways each).  Blue then gives four ore it never held: the search
 * backjumps over the other hands' guesses and refuses it
 * (corpus/catan/view-backjump-bad.tgn).  But a monopoly's take of ten ore
 * from three hands at once, which held nine at most, leaves no guess of
 * theirs untried: the search from any world and the listing both give
 * up.  (With each hand's take written, three, three and four from
 * Orange, which never held four, the bound on what Orange must hold
 * before it decides the line: corpus/catan/view-monopoly-each-bad.tgn.)
 * Whatever the worlds listed before following one (max_worlds 0 or 8). */
static void test_listing_again(void **state)
{
	(void)state;
	const char *setup =
		"hexes=O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11 "
		"harbours=3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
		"3:1@c6-d6,brick@b4-b5,lumber@b2-b3 settlements=Red:h2+g5,Blue:f3+d5,White:i4+i5,"
		"Orange:c4+e4 roads=Red:h2-i2+g5-h5,Blue:e3-f3+c5-d5,White:i3-i4+h5-i5,"
		"Orange:b4-c4+e4-f4 hands=Red:3brick+3lumber+3wool+3grain+3ore,"
		"Blue:3brick+3lumber+3wool+3grain+3ore,White:3brick+3lumber+3wool+3grain+3ore,"
		"Orange:3brick+3lumber+3wool+3grain+3ore cards=Red:monopoly "
		"deck=14knight+2road-building+2year-of-plenty+monopoly+5victory-point robber=J "
		"longest=none army=none turn=Red";
	for (unsigned max_worlds = 0; max_worlds <= 8; max_worlds += 8) {
		cat_game *g = et_new_game("Red Blue White Orange", NULL, setup);
		assert_non_null(g);
		g->view = CAT_OBSERVER;
		g->max_worlds = max_worlds;
		assert_int_equal(et_try(et_on(g),
					"Red roll 3+4 discard Red 7? discard Blue 7? discard "
					"White 7? discard Orange 7? robber E steal Blue ?"),
				 0);
		assert_int_equal(et_try(et_on(g), "Blue roll 2+3 trade bank 4ore for grain"), -1);
		assert_string_equal(et_shared.rej.rule, "trade-not-held");
		if (et_try(et_on(g), "Blue roll 2+3") < 0 ||
		    et_try(et_on(g), "White roll 4+1") < 0 ||
		    et_try(et_on(g), "Orange roll 4+1") < 0)
			fail_msg("max_worlds %u: refused: %s", max_worlds, et_shared.rej.msg);
		assert_int_equal(et_try(et_on(g), "Red roll 2+3 play monopoly ore takes 10"), -1);
		assert_string_equal(et_shared.rej.rule, "too-many-unknowns");
		assert_non_null(strstr(et_shared.rej.msg, "more than 524288 ways at once listed"));
		/* given back: the record goes on, followed one way at a time */
		assert_true(cat_hidden_lazy(g));
		if (et_try(et_on(g), "Red roll 2+3") < 0 || et_try(et_on(g), "Blue roll 4+1") < 0)
			fail_msg("max_worlds %u: refused after the undecidable line: %s",
				 max_worlds, et_shared.rej.msg);
		assert_int_equal(et_try(et_on(g), "Blue roll 4+1"), -1); /* White's turn */
		assert_string_equal(et_shared.rej.rule, "turn-order");
		catan_game.destroy(g);
	}
}

/* A state the search met again, which led nowhere before, leads nowhere
 * only while the bank's stock stays as close as it was: a roll after it
 * that the bank covered then might not be covered under other guesses.
 * The tries that met it bear no more than it bore.  In this game (from
 * fuzz_catan, seen by Orange with start-resources=none), Orange's 15
 * cards at the last line's 7 owe a discard of 7, not the 4 written; but
 * under other guesses of earlier discards the bank falls short of grain
 * at a roll of 9, Orange gets none, and holds 9.  The searches from 1, 2,
 * 4 ... lines back met the states of the ones before and did not carry
 * how much less grain their roll of 9 bore, so the search from the listed
 * ways took them for bank-proof and backjumped over every guess: its
 * assertion that the search of every guess finds no way either failed.
 * Listing every way, and following one from few listed (max_worlds 8). */
static void test_memo_bears_the_rolls_after_it(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"Red settlement j4 road j4-k4",
		"Blue settlement h2 road h2-h3",
		"White settlement f3 road f3-g3",
		"Orange settlement i3 road i3-i4",
		"Orange settlement c4 road b4-c4",
		"White settlement f5 road e5-f5",
		"Blue settlement c5 road c5-d5",
		"Red settlement d3 road d3-e3",
		"Red roll 6+3",
		"Blue roll 4+2",
		"White roll 2+4 trade Blue 2grain for lumber road g3-h3",
		"Orange roll 3+3",
		"Red roll 1+5",
		"Blue roll 6+6",
		"White roll 3+6",
		"Orange roll 4+6 trade Blue 2grain for lumber road a4-b4",
		"Red roll 6+5 road c3-d3",
		"Blue roll 1+3",
		"White roll 5+3",
		"Orange roll 4+4 trade Red lumber for grain",
		"Red roll 5+1 road k3-k4",
		"Blue roll 5+3 road h2-i2",
		"White roll 1+1 trade Orange brick for lumber road f5-g5",
		"Orange roll 2+6 trade White ore for grain city i3",
		"Red roll 4+4 trade White brick for grain",
		"Blue roll 5+3 trade Red lumber+grain for brick road i2-j2",
		"White roll 3+4 discard Red 5? discard Orange 3lumber+2ore robber C steal Blue ? road g5-h5 buy ?",
		"Orange roll 4+4 trade Blue lumber for grain",
		"Red roll 4+5 trade Blue ore for grain city j4",
		"Blue roll 3+3",
		"White roll 2+2 trade Blue grain for lumber settlement h5",
		"Orange roll 6+1 discard Blue 4? discard Orange grain+3ore robber S steal White brick trade Blue lumber for wool settlement a4",
		"Red roll 1+6 robber N steal White ?",
		"Blue roll 6+3",
		"White roll 4+3 robber H steal Orange ore trade Blue ore for lumber road g5-g6",
		"Orange roll 6+3 trade Blue grain for lumber road a3-a4",
		"Red roll 1+5",
		"Blue roll 6+4 settlement j2",
		"White roll 2+1",
		"Orange roll 5+6 road h4-i4 road a3-b3",
		"Red roll 2+6 road c3-c4",
		"Blue roll 2+5 robber K steal Orange lumber trade Red lumber for brick road c5-c6",
		"White roll 2+6 trade Red ore for lumber settlement g6",
		"Orange roll 3+4 robber Q steal Blue ore trade Red 2ore for grain city c4",
		"Red roll 4+6 trade bank 4ore for grain",
		"Blue roll 3+4 robber H steal Orange brick road c6-d6",
		"White roll 6+1 robber G steal Blue ?",
		"Orange roll 4+6",
		"Red roll 1+3",
		"Blue roll 3+6 road i1-i2 road d4-d5",
		"White roll 6+3",
		"Orange roll 5+5 trade bank 4grain for wool settlement b3",
		"Red roll 4+4 trade White brick for grain city d3",
		"Blue roll 1+5",
		"White roll 3+5 road h4-h5",
		"Orange roll 2+4 trade bank 2lumber for grain city a4",
		"Red roll 3+4 discard Red 4? discard White 4? robber C steal Blue ? trade White brick for grain",
		"Blue roll 2+2 trade Red lumber for brick",
		"White roll 2+3 trade bank 3grain for lumber road g3-g4",
		"Orange roll 2+6 trade bank 2lumber for grain trade White 2lumber for grain city b3",
		"Red roll 4+1 settlement k3",
		"Blue roll 1+1",
		"White roll 3+4 robber M steal Blue ? road e5-e6",
		"Orange roll 5+6 trade White lumber for brick road g4-h4",
		"Red roll 5+2 discard Red 4? robber N steal White ?",
		"Blue roll 6+3 road h1-i1 road d6-e6",
		"White roll 3+3 settlement e6",
		"Orange roll 2+6 trade bank 4grain for brick trade bank 2lumber for wool settlement g4",
		"Red roll 5+1 road d2-d3 road c2-d2",
		"Blue roll 1+2 trade White wool for brick",
		"White roll 3+3 trade Blue wool for lumber road h5-i5",
		"Orange roll 5+4 trade bank 4grain for brick road h3-i3",
		"Red roll 1+5 trade bank 3brick for grain settlement c2",
		"Blue roll 4+3 discard White 7? robber D steal Red ?",
		"White roll 2+3 trade Red grain for ore buy ?",
		"Orange roll 3+3 trade bank 2lumber for wool buy knight",
		"Red roll 3+6 buy ?",
		"Blue roll 3+6",
		"White roll 4+3 discard Blue 4? discard White 5? discard Orange 4grain robber G steal Blue ? buy ?",
	};
	for (unsigned max_worlds = 0; max_worlds <= 8; max_worlds += 8) {
		cat_game *g = view_game("Red Blue White Orange", "start-resources=none", ORANGE);
		g->max_worlds = max_worlds;
		for (size_t i = 0; i < ARB_COUNT(lines); i++)
			if (et_try(et_on(g), lines[i]) < 0)
				fail_msg("max_worlds %u: line %zu '%s' refused: %s", max_worlds,
					 i + 1, lines[i], et_shared.rej.msg);
		catan_game.destroy(g);
	}
}

/* The search goes no further from a point at which some seat could not
 * give what the lines after it say it gives, however the unseen cards
 * went (the bounds of the solver (hidden/)), and does not try a listed way so ruled
 * out.  A bound that missed a gain (a roll, a trade, a steal, a year of
 * plenty, a monopoly) would cut the only way that explains a line: then
 * the backjumping search finds no way, and the search of every guess
 * finds one, which its assertion refuses (the tests run with
 * assertions), or the line is refused.  Observer views of generated
 * 4-player games that list at most 16 ways, so that the search runs at
 * nearly every line the way followed fails (checked to fail with any one
 * gain left out of the bound: a roll's, a bank trade's, a trade
 * partner's, an unseen steal's, a year of plenty's, a monopoly's). */
static void test_bounds_keep_every_way(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) : 100;
	const char *seats = "Red Blue White Orange";
	unsigned lines = 0, refused = 0;
	for (unsigned seed = 1; seed <= games / 2; seed++) {
		cat_game *g = et_new_game(seats, NULL, NULL);
		assert_non_null(g);
		cat_game *v = view_game(seats, NULL, CAT_OBSERVER);
		v->max_worlds = 16;
		uint64_t rng = seed * 7919u + 17;
		arb_buf gl = { 0 }, line = { 0 };
		for (unsigned t = 0; t < 2000 && !g->s.over; t++) {
			cat_move m;
			if (!play_random_turn(g, &rng, seed, &gl, &m))
				break;
			view_line(v, &m, CAT_OBSERVER, &line);
			lines++;
			if (et_try(et_on(v), line.p) < 0) {
				if (strcmp(et_shared.rej.rule, "too-many-unknowns") != 0)
					fail_msg("seed %u: '%s': %s: %s", seed, line.p,
						 et_shared.rej.rule, et_shared.rej.msg);
				refused++; /* undecidable is said, never wrong */
				break;
			}
		}
		arb_buf_free(&gl);
		arb_buf_free(&line);
		catan_game.destroy(v);
		catan_game.destroy(g);
	}
	print_message("%u games, %u lines seen by the observer listing 16 ways at most, %u "
		      "undecidable\n",
		      games / 2, lines, refused);
	assert_true(lines > 0);
}

/* How a replay of lines[from..n) from the snapshot `setup` went, one card
 * of r less for seat p (r == CAT_RES: none): as the tool replays a
 * record (the ops over, parse, apply), reading ahead or not. */
typedef struct replay_end {
	int at; /* the line refused, or -1 */
	arb_reject rej;
	unsigned over, winner, worlds;
	bool lazy;
	cat_hand_range hr[CAT_SEATS];
	unsigned did; /* cat_ahead_did */
} replay_end;

static void replay_ahead(const char *seats, const char *setup, unsigned view, unsigned p,
			 unsigned r, char **lines, unsigned from, unsigned n, unsigned max_worlds,
			 bool ahead, replay_end *e)
{
	cat_game *g = et_new_game(seats, NULL, setup);
	assert_non_null(g);
	g->view = (uint8_t)view;
	g->max_worlds = max_worlds;
	if (r < CAT_RES) {
		g->s.p[p].res[r]--;
		g->s.p[p].ncards--;
		g->s.bank[r]++;
	}
	size_t cap = 64 * (size_t)(n - from) + 64, nt = 0;
	arb_token *tok = arb_xmalloc(cap * sizeof *tok);
	arb_turn *turns = arb_xcalloc(n - from + 1, sizeof *turns);
	for (unsigned i = from; i < n; i++) {
		arb_turn *tu = &turns[i - from];
		tu->first = nt;
		tu->line = i + 1;
		tu->col = 1;
		tu->number = -1;
		tu->ntok =
			arb_split_tokens(lines[i], strlen(lines[i]), i + 1, 1, tok + nt, cap - nt);
		nt += tu->ntok;
	}
	if (ahead)
		catan_game.ahead(g, tok, turns, n - from);
	cat_move *m = arb_xcalloc(1, sizeof *m);
	memset(e, 0, sizeof *e);
	e->at = -1;
	for (unsigned i = from; i < n && e->at < 0; i++) {
		const arb_turn *tu = &turns[i - from];
		if (catan_game.over(g)) {
			e->at = (int)i;
			e->rej.rule = "game-over";
		} else if (catan_game.parse(g, tok + tu->first, tu->ntok, m, &e->rej) < 0 ||
			   catan_game.apply(g, m, NULL, &e->rej) < 0) {
			e->at = (int)i;
		}
	}
	e->over = g->s.over;
	e->winner = g->s.winner;
	e->worlds = cat_hidden_count(g);
	e->lazy = cat_hidden_lazy(g);
	cat_hand_ranges(g, e->hr);
	e->did = cat_ahead_did(g);
	catan_game.destroy(g);
	free(m);
	free(turns);
	free(tok);
}

/* Reading a view record ahead (notation/catan.md, "Reading ahead")
 * changes no verdict, refusal or final position: a replay that reads
 * ahead and one that does not (the ops as the tool calls them) refuse
 * the same line by the same rule with the same words, or end alike (the
 * ways left, and what they say of the hands, when both list them).  On
 * the observer's view of generated games from a snapshot a few lines in,
 * as written and with each card of each hand there taken away in turn
 * (test_removing_a_card), listing every way and following one from 16
 * listed (so that the search runs, bounded by the lines ahead too): many
 * are refused, often after the bounds ahead cut some way, so the replay
 * is undone and made again without them.  A
 * legal record never is: the bounds never cut every way that explains
 * it. */
static void test_reading_ahead_changes_nothing(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) / 5 : 20;
	unsigned cases = 0, refused = 0, cut = 0, undone = 0, listed = 0, followed = 0;
	const char *seats = "Red Blue White Orange";
	/* after the seeds 1 .. games (from CATAN_VIEW_FIRST, to find a
	 * failure's again), those that failed once: 81, a discard whose bound
	 * cut the hands kept short of a resource without saying so (unseen.c,
	 * list_kept), so that a refusal after it was not undone and ended
	 * with fewer ways than without reading ahead */
	static const unsigned again[] = { 81 };
	const char *first = getenv("CATAN_VIEW_FIRST");
	unsigned from_seed = first ? (unsigned)strtoul(first, NULL, 10) : 1;
	for (unsigned k = from_seed; k <= games + (unsigned)ARB_COUNT(again); k++) {
		unsigned seed = k <= games ? k : again[k - games - 1];
		if (k > games && seed >= from_seed && seed <= games)
			continue; /* played already */
		cat_game *g = et_new_game(seats, NULL, NULL);
		assert_non_null(g);
		uint64_t rng = seed * 2654435761u;
		static cat_move mv[3000];
		char *obs[3000] = { NULL };
		unsigned n = 0, from = 0;
		arb_buf gl = { 0 }, line = { 0 }, snap = { 0 };
		while (n < 3000 && !g->s.over) {
			if (!play_random_turn(g, &rng, seed, &gl, &mv[n]))
				break;
			view_line(g, &mv[n], CAT_OBSERVER, &line);
			obs[n++] = arb_xstrdup(line.p);
			if (!from && g->s.setup_step >= 2 * g->nseats && n >= 4 * g->nseats &&
			    rng % 4 == 0) {
				from = n;
				cat_snapshot(g, &snap);
			}
		}
		if (!from)
			goto next;
		cat_game *at = et_new_game(seats, NULL, snap.p);
		assert_non_null(at);
		cat_state s0 = at->s;
		catan_game.destroy(at);
		for (unsigned k = 0; k < 2 * g->nseats * (CAT_RES + 1); k++) {
			unsigned most = k & 1 ? 16 : 0, p = k / 2 / (CAT_RES + 1),
				 r = k / 2 % (CAT_RES + 1);
			if (r < CAT_RES ? !s0.p[p].res[r] : p > 0)
				continue;
			{
				replay_end a, b;
				replay_ahead(seats, snap.p, CAT_OBSERVER, p, r, obs, from, n, most,
					     false, &a);
				replay_ahead(seats, snap.p, CAT_OBSERVER, p, r, obs, from, n, most,
					     true, &b);
				cases++;
				followed += a.lazy || b.lazy;
				refused += a.at >= 0;
				cut += (b.did & 1) != 0;
				undone += (b.did & 2) != 0;
				if (a.at != b.at || (a.at >= 0 && (strcmp(a.rej.rule, b.rej.rule) ||
								   strcmp(a.rej.msg, b.rej.msg) ||
								   a.rej.line != b.rej.line ||
								   a.rej.col != b.rej.col)))
					fail_msg("seed %u, one %s less for %s: refused at line %d "
						 "(%s: %s) without reading ahead, at %d (%s: %s) "
						 "with",
						 seed, r < CAT_RES ? cat_res_name[r] : "nothing",
						 cat_colours[p], a.at, a.rej.rule ? a.rej.rule : "",
						 a.rej.msg, b.at, b.rej.rule ? b.rej.rule : "",
						 b.rej.msg);
				if (a.at < 0 && (b.did & 2))
					fail_msg(
						"seed %u, one %s less for %s: legal, but the bounds "
						"ahead cut every way that explains it",
						seed, r < CAT_RES ? cat_res_name[r] : "nothing",
						cat_colours[p]);
				if (a.over != b.over || a.winner != b.winner)
					fail_msg("seed %u: over %u winner %u, reading ahead %u %u",
						 seed, a.over, a.winner, b.over, b.winner);
				if (!a.lazy && !b.lazy) {
					listed++;
					if (a.worlds != b.worlds || memcmp(a.hr, b.hr, sizeof a.hr))
						fail_msg("seed %u, one %s less for %s (refused at "
							 "%d, %d): %llu ways without reading "
							 "ahead, %llu with, or their hands differ",
							 seed,
							 r < CAT_RES ? cat_res_name[r] : "nothing",
							 cat_colours[p], a.at, b.at,
							 (unsigned long long)a.worlds,
							 (unsigned long long)b.worlds);
				}
			}
		}
	next:
		catan_game.destroy(g);
		for (unsigned i = 0; i < n; i++)
			free(obs[i]);
		arb_buf_free(&gl);
		arb_buf_free(&line);
		arb_buf_free(&snap);
	}
	print_message("reading ahead: %u replays alike (%u refused; %u ended listing every way "
		      "in both, %u following one in either); %u cut some way, %u of them undone\n",
		      cases, refused, listed, followed, cut, undone);
	assert_true(refused > 0 && cut > 0 && undone > 0 && followed > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_views_of_generated_games),
		cmocka_unit_test(test_listing_and_search_agree),
		cmocka_unit_test(test_removing_a_card),
		cmocka_unit_test(test_refusals_name_the_unseen_cards),
		cmocka_unit_test(test_discard_owed_in_some_ways),
		cmocka_unit_test(test_listing_again),
		cmocka_unit_test(test_memo_bears_the_rolls_after_it),
		cmocka_unit_test(test_bounds_keep_every_way),
		cmocka_unit_test(test_reading_ahead_changes_nothing),
	};
	/* CATAN_VIEW_TEST=name runs one test (a failure's seed, again). */
	if (getenv("CATAN_VIEW_TEST"))
		cmocka_set_test_filter(getenv("CATAN_VIEW_TEST"));
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
