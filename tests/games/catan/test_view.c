/*
 * test_view.c — records from one seat's view (notation/catan.md, "Records
 * of what one player could see"), on generated games: the property that
 * every generated game, turned into each seat's view and the observer's
 * (cat_view_turn, as `arbiter gen --view` writes them), replays legal and
 * ends with the same winner as the full record; that the two ways of
 * deciding a view (listing every way the unseen cards went, following one
 * with a search) agree, also on records with a spend the true cards
 * cannot pay; that removing one known card from a hand makes a view
 * record illegal exactly where no assignment of the unseen cards is left
 * (test_removing_a_card); that the search's bounds keep every way that
 * explains a line; and that reading a record ahead changes no verdict.
 * View records written by hand (what a refusal says of the unseen cards,
 * listing again, the search's memo) are test_view_by_hand.c's; the rules
 * of the hidden cards one by one are corpus records
 * (corpus/catan/view-*.tgn, rule-view-unseen-*.tgn).
 *
 * CATAN_VIEW_GAMES sets the number of generated games (default 100, a
 * tenth of it for the search and a fifth for the removals; `make
 * check-views` runs 2000).  With CATAN_VIEW_DIR set, every record
 * is written there too (seed-S-full.tgn, seed-S-VIEW.tgn; a view refused
 * as undecidable ends at the line refused).
 */
#include "view_test.h"
#include "core/util.h"

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
		cmocka_unit_test(test_bounds_keep_every_way),
		cmocka_unit_test(test_reading_ahead_changes_nothing),
	};
	/* CATAN_VIEW_TEST=name runs one test (a failure's seed, again). */
	if (getenv("CATAN_VIEW_TEST"))
		cmocka_set_test_filter(getenv("CATAN_VIEW_TEST"));
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
