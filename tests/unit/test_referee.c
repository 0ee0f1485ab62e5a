/*
 * test_referee.c — the referee's table (src/referee/table.c) against
 * `check`: games played action by action give back the record `check`
 * reads, and what `check` refuses the table refuses at the same action.
 *
 * 1. For every engine that can be played live and every seat count,
 *    REFEREE_GAMES generated games (gen's random_turn) are played through
 *    a table whose chance is supplied: each turn line is cut into its
 *    actions (the engine's `actions` op), each sent by the seat the rules
 *    ask (the active one, or a seat that owes a discard), trades agreed
 *    by their partner, the turn ended; the table's record must be the
 *    generated record byte for byte, and each seat's and the observer's
 *    view record must replay legal with the same winners.
 * 2. Every rule-*-bad.tgn record of the corpus that `check` finds illegal
 *    (full records, not views) is played the same way up to its refused
 *    line; the table must refuse the action that holds the refused word
 *    (or, for what an action leaves owed, a later action of the line), or
 *    the turn's end when the rule is one only the end can judge, with the
 *    same rule id.
 *    For the first LISTED_GAMES of each count, before each action the
 *    table's moves (arb_table_choices) for the seats asked list it.
 *
 * Games whose chance the table deals, played by bots, are
 * test_referee_bots.c's; an engine's open turn played on, against the
 * whole line, test_referee_open_turn.c's; what the three share,
 * referee_test.h.
 */
#include "referee_test.h"

#include <dirent.h>
#include <strings.h>

#define LISTED_GAMES 3 /* games per seat count whose every action moves must list */

static long games_per_count(void)
{
	const char *e = getenv("REFEREE_GAMES");
	return e ? atol(e) : 40;
}

static bool not_this_seat(const arb_play *p)
{
	const char *r = p->rej.rule;
	return p->kind == ARB_PLAY_REFUSED && r &&
	       (!strcmp(r, "wrong-player") || !strcmp(r, "turn-order") || !strcmp(r, "wrong-turn"));
}

/* The action `w` names `colour` (as a word, or before '='). */
static bool names(const char *w, const char *colour)
{
	size_t n = strlen(colour);
	for (const char *p = w; *p; p++)
		if ((p == w || p[-1] == ' ') && strncasecmp(p, colour, n) == 0 &&
		    (p[n] == ' ' || p[n] == '=' || p[n] == '\0'))
			return true;
	return false;
}

/* Play one action: by the line's colour, else by a seat whose colour
 * the action names (a discard is the discarding seat's);
 * a trade's partners consent.  *p holds the last answer (free it). */
static void play_action(arb_table *t, unsigned colour_seat, const char *w, arb_play *p)
{
	unsigned cand[ARB_MAX_SEATS + 1], nc = 0;
	cand[nc++] = colour_seat;
	for (unsigned s = 0; s < arb_table_seats(t); s++)
		if (s != colour_seat && names(w, arb_table_colour(t, s))) /* "discard White ..." */
			cand[nc++] = s;
	arb_play first = { 0 };
	bool have_first = false;
	for (unsigned i = 0; i < nc; i++) {
		arb_table_play(t, cand[i], w, strlen(w), p);
		if (p->kind == ARB_PLAY_CONSENT) {
			unsigned need = p->consent;
			for (unsigned s = 0; s < arb_table_seats(t) && p->kind == ARB_PLAY_CONSENT;
			     s++)
				if (need >> s & 1) {
					arb_play_free(p);
					arb_table_consent(t, s, true, p);
				}
		}
		if (!not_this_seat(p) || i + 1 == nc) {
			if (have_first && not_this_seat(p)) { /* say the line's seat's */
				arb_play_free(p);
				*p = first;
				return;
			}
			if (have_first)
				arb_play_free(&first);
			return;
		}
		if (cand[i] == colour_seat && !have_first) {
			first = *p;
			have_first = true;
			memset(p, 0, sizeof *p);
		} else {
			arb_play_free(p);
		}
	}
}

/* The seat whose colour starts `line`. */
static unsigned line_seat(const arb_table *t, const char *line)
{
	char colour[32];
	size_t n = strcspn(line, " ");
	snprintf(colour, sizeof colour, "%.*s", (int)(n < 31 ? n : 31), line);
	int s = arb_table_seat_named(t, colour, false);
	return s < 0 ? 0 : (unsigned)s;
}

/* Elasund's action `a` without the dealer's part: the income's `+rb`
 * is `+`, `loot 1b` is `loot`, `church 5/9` is `church`, `wall N4 +r`
 * is `wall N4` (notation/elasund.md, "Played live"). */
static void strip_elasund(const char *a, arb_buf *out)
{
	size_t n = strcspn(a, " ");
	if (a[0] == '+')
		arb_buf_puts(out, "+");
	else if ((n == 4 && !strncmp(a, "loot", 4)) || (n == 6 && !strncmp(a, "church", 6)))
		arb_buf_put(out, a, n);
	else if (n == 4 && !strncmp(a, "wall", 4) && a[n] == ' ')
		arb_buf_put(out, a, n + 1 + strcspn(a + n + 1, " "));
	else
		arb_buf_puts(out, a);
}

/* The action `a` as a seat writes it when the table deals the chance:
 * Catan's dice after `roll`, the card after `buy` and after `steal
 * COLOUR` left out, and a monopoly's take (`takes ...`, what the rules
 * derive) (Carcassonne's tile is the seat's to supply here and is
 * listed); Elasund's by strip_elasund.  Engines whose chance words are
 * not listed here are compared loosely: see covers(). */
static bool strip_chance(const char *game, const char *a, arb_buf *out)
{
	if (!strcmp(game, "elasund")) {
		strip_elasund(a, out);
		return true;
	}
	if (strcmp(game, "catan") && strcmp(game, "carcassonne"))
		return false;
	int skip_after = -1; /* words until the next one is chance */
	for (const char *w = a; *w;) {
		while (*w == ' ')
			w++;
		size_t n = strcspn(w, " ");
		if (!n || (n == 5 && !strncmp(w, "takes", 5))) /* a monopoly's take */
			break;
		bool drop = skip_after == 0;
		if (skip_after >= 0)
			skip_after--;
		if (!drop) {
			if (out->len)
				arb_buf_putc(out, ' ');
			arb_buf_put(out, w, n);
		}
		if ((n == 4 && !strncmp(w, "roll", 4)) || (n == 3 && !strncmp(w, "buy", 3)))
			skip_after = 0;
		else if (n == 5 && !strncmp(w, "steal", 5))
			skip_after = 1;
		w += n;
	}
	return true;
}

/* For the engines strip_chance does not know: the candidate `c` covers
 * `a` when c's words are a's with some left out, in order, the first
 * the same ("roll" covers "roll 3+4") — or a word of c ends one of a's
 * (">5" of "7>5"). */
static bool covers(const char *c, const char *a)
{
	bool first = true;
	while (*c) {
		while (*c == ' ')
			c++;
		size_t n = strcspn(c, " ");
		if (!n)
			break;
		for (;;) {
			while (*a == ' ')
				a++;
			size_t m = strcspn(a, " ");
			if (!m)
				return false;
			bool same = m >= n && strncasecmp(a + m - n, c, n) == 0;
			a += m;
			if (same)
				break;
			if (first)
				return false;
		}
		first = false;
		c += n;
	}
	return !first;
}

/* c and a are the same words (ASCII case aside); an Elasund discard or
 * halving written after another seat's, `Blue=1` without its keyword,
 * is listed with it: `discard Blue=1`. */
static bool same_words(const char *c, const char *a)
{
	if (strcasecmp(c, a) == 0)
		return true;
	const char *sp = strchr(c, ' ');
	bool bare = memchr(a, '=', strcspn(a, " ")) != NULL;
	return bare && sp && (!strncmp(c, "discard ", 8) || !strncmp(c, "halve ", 6)) &&
	       strcasecmp(sp + 1, a) == 0;
}

/* Actions an engine's moves leave out by design (game.h, choices):
 * Catan's domestic trades of more than one card a side, whose bundles
 * hold a count or a '+' (notation/catan.md, "The referee's moves"). */
static bool unlisted(const char *game, const char *a)
{
	if (strcmp(game, "catan") || strncmp(a, "trade ", 6) || !strncmp(a, "trade bank ", 11))
		return false;
	return strchr(a, '+') || strpbrk(a, "0123456789");
}

/* Before action `a` is played: the table's moves for the seats asked
 * list it (with the chance left out). */
static void check_listed(arb_table *t, const char *a, const char *game, long index, size_t move)
{
	if (unlisted(game, a))
		return;
	arb_asked asked;
	arb_table_asked(t, &asked, NULL);
	arb_buf lines = { 0 }, stripped = { 0 };
	bool found = false, exact = strip_chance(game, a, &stripped);
	for (unsigned s = 0; s < arb_table_seats(t) && !found; s++) {
		if (!(asked.seats >> s & 1))
			continue;
		arb_buf_reset(&lines);
		assert_true(arb_table_choices(t, s, &lines) >= 0);
		for (char *l = lines.p; l && *l && !found;) {
			char *e = strchr(l, '\n');
			*e = '\0';
			if (!strncmp(l, "play ", 5)) {
				const char *c = strchr(l + 5, ' ') + 1;
				found = exact ? same_words(c, stripped.p) : covers(c, a);
			}
			l = e + 1;
		}
	}
	if (!found)
		fail_msg("%s game %ld move %zu: '%s' is legal but moves did not list it", game,
			 index, move, a);
	arb_buf_free(&lines);
	arb_buf_free(&stripped);
}

/* ------------------------------------------------------------ 1 */

static void one_game(const arb_game_ops *g, size_t nseats, uint64_t *rng, long index)
{
	const void *data;
	arb_diag d;
	data = arb_gamedata_get(g, &d);
	assert_non_null(data);
	arb_buf head = { 0 }, moves = { 0 }, acts = { 0 }, line = { 0 };
	arb_buf_printf(&head, "[Game \"%s\"]\n[Round \"%ld\"]\n", g->name, index);
	for (size_t i = 0; i < nseats; i++)
		arb_buf_printf(&head, "[%s \"P%zu\"]\n", g->colours[i], i + 1);
	if (g->random_tags)
		g->random_tags(data, nseats, rng, &head);
	rgame G;
	rgame_open(&G, head.p, head.len);
	assert_int_equal(arb_replay_setup(&G.r), 0);
	arb_table_spec spec = {
		.game = g, .header = head.p, .header_len = head.len, .supplied = true
	};
	arb_table *t = arb_table_new(&spec, &d);
	assert_non_null(t);
	static arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	size_t n = 0;
	while (!g->over(G.r.state) && n < 2000) {
		arb_buf_reset(&line);
		if (g->random_turn(G.r.state, rng, &line) != 0)
			break;
		arb_buf_reset(&acts);
		split_actions(g, G.r.state, G.r.move, line.p, &acts);
		size_t nt = arb_split_tokens(line.p, line.len, 1, 1, tok, ARB_MAX_TOKENS_PER_TURN);
		arb_reject rej;
		memset(G.r.move, 0, g->move_size);
		assert_int_equal(g->parse(G.r.state, tok, nt, G.r.move, &rej), 0);
		assert_int_equal(g->apply(G.r.state, G.r.move, NULL, &rej), 0);
		g->format(G.r.state, G.r.move, &moves);
		arb_buf_putc(&moves, '\n');
		n++;
		unsigned seat = line_seat(t, line.p);
		bool ended = false;
		for (char *a = acts.p; a && *a;) {
			char *e = strchr(a, '\n');
			*e = '\0';
			arb_play p;
			if (g->choices && index <= LISTED_GAMES)
				check_listed(t, a, g->name, index, n);
			play_action(t, seat, a, &p);
			if (p.kind != ARB_PLAY_ACCEPTED)
				fail_msg("%s game %ld move %zu: '%s' of '%s': %s [%s] %s", g->name,
					 index, n, a, line.p, p.why, p.rej.rule ? p.rej.rule : "",
					 p.rej.msg);
			ended = p.turn_ended;
			arb_play_free(&p);
			a = e + 1;
		}
		if (!ended) {
			arb_play p;
			arb_table_end(t, seat, &p);
			if (p.kind != ARB_PLAY_ACCEPTED)
				fail_msg("%s game %ld move %zu: end of '%s': %s [%s] %s", g->name,
					 index, n, line.p, p.why, p.rej.rule ? p.rej.rule : "",
					 p.rej.msg);
			arb_play_free(&p);
		}
	}
	g->finish(G.r.state, NULL);
	arb_buf want = { 0 }, got = { 0 }, winners = { 0 };
	arb_buf_put(&want, head.p, head.len);
	arb_result_tag(g, G.r.state, &G.r.setup, &want);
	arb_buf_put(&want, moves.p ? moves.p : "", moves.len);
	arb_table_record(t, -1, &got);
	assert_string_equal(got.p, want.p);
	/* every view replays legal, with the full record's winners; what the
	 * view was told action by action (its news) is its record's lines */
	for (int v = 0; v <= ARB_VIEW_OBSERVER; v++) {
		if (v >= (int)nseats && v != ARB_VIEW_OBSERVER)
			continue;
		arb_buf vrec = { 0 }, news = { 0 }, told = { 0 }, turn = { 0 };
		arb_table_news(t, v, &news);
		for (char *l = news.p; l && *l;) {
			char *e = strchr(l, '\n');
			*e = '\0';
			if (!strncmp(l, "end ", 4)) {
				arb_buf_put(&told, turn.p ? turn.p : "", turn.len);
				arb_buf_putc(&told, '\n');
				arb_buf_reset(&turn);
			} else if (!turn.len) {
				arb_buf_puts(&turn, l);
			} else { /* "Colour words": the words go on the line */
				arb_buf_puts(&turn, strchr(l, ' ') ? strchr(l, ' ') : "");
			}
			l = e + 1;
		}
		arb_table_record(t, v, &vrec);
		const char *moves_at = strstr(vrec.p, "[Result");
		assert_non_null(moves_at);
		moves_at = strchr(moves_at, '\n') + 2;
		if (strncmp(moves_at, told.p ? told.p : "", told.len) != 0)
			fail_msg("%s game %ld view %d: told\n%s\nbut the view record is\n%s",
				 g->name, index, v, told.p, moves_at);
		arb_buf_free(&news);
		arb_buf_free(&told);
		arb_buf_free(&turn);
		if (!arb_table_hides(t)) {
			arb_buf_free(&vrec);
			continue;
		}
		winners.len = 0;
		arb_verdict verdict = replay_text(vrec.p, vrec.len, &winners);
		if (undecided &&
		    strcmp(g->name, "elasund") == 0) { /* notation/elasund.md, Limits */
			arb_buf_free(&vrec);
			continue;
		}
		if (verdict == ARB_ILLEGAL || verdict == ARB_ERROR)
			fail_msg("%s game %ld: view %d is refused:\n%s", g->name, index, v, vrec.p);
		assert_non_null(strstr(want.p, winners.p));
		arb_buf_free(&vrec);
	}
	arb_buf_free(&winners);
	arb_buf_free(&want);
	arb_buf_free(&got);
	arb_table_free(t);
	rgame_close(&G);
	arb_buf_free(&head);
	arb_buf_free(&moves);
	arb_buf_free(&acts);
	arb_buf_free(&line);
}

static void test_generated_games_come_back(void **state)
{
	(void)state;
	long games = games_per_count();
	const arb_game_ops *g;
	for (size_t i = 0; (g = arb_game_at(i)) != NULL; i++) {
		if (!g->deal || !g->actions || !g->random_turn)
			continue;
		for (size_t ns = g->min_seats; ns <= g->max_seats; ns++) {
			uint64_t rng = 1000 + ns;
			for (long k = 1; k <= games; k++)
				one_game(g, ns, &rng, k);
		}
	}
}

/* ------------------------------------------------------------ 2 */

/* The tag lines of a record, escaped again. */
static void put_tags(const arb_record *rec, arb_buf *out)
{
	for (size_t i = 0; i < rec->ntags; i++) {
		arb_buf_printf(out, "[%s \"", rec->tags[i].name);
		for (const char *p = rec->tags[i].value; *p; p++) {
			if (*p == '"' || *p == '\\')
				arb_buf_putc(out, '\\');
			arb_buf_putc(out, *p);
		}
		arb_buf_puts(out, "\"]\n");
	}
}

/* The turn's words from token `from` on, joined by blanks. */
static void turn_words(const arb_record *rec, const arb_turn *tu, size_t from, arb_buf *out)
{
	for (size_t j = from; j < tu->ntok; j++) {
		const arb_token *k = &rec->tok[tu->first + j];
		if (j > from)
			arb_buf_putc(out, ' ');
		arb_buf_put(out, k->s, k->len);
	}
}

/* Play record `rec` through a table up to its refused line (check's
 * verdict in `want`) and compare the table's refusal.  Returns 1 when
 * the record was played, 0 when it is no case for the table. */
static int one_bad(const char *path, const arb_record *rec, const arb_replay *want)
{
	const arb_game_ops *g = want->game;
	arb_buf head = { 0 };
	put_tags(rec, &head);
	arb_diag d;
	arb_table_spec spec = {
		.game = g, .header = head.p, .header_len = head.len, .supplied = true
	};
	arb_table *t = arb_table_new(&spec, &d);
	if (!t) { /* a set-up the engine refuses: no game to play */
		arb_buf_free(&head);
		return 0;
	}
	/* a second replay, stopped before each line, splits it in actions */
	rgame G;
	rgame_open(&G, rec->raw, rec->rawlen);
	assert_int_equal(arb_replay_setup(&G.r), 0);
	arb_buf acts = { 0 }, line = { 0 };
	for (size_t li = 0; li < want->bad_move; li++) {
		const arb_turn *tu = &rec->turns[li];
		const arb_token *tok = rec->tok + tu->first;
		arb_buf_reset(&line);
		turn_words(rec, tu, 0, &line);
		char colour[32];
		snprintf(colour, sizeof colour, "%.*s", (int)(tok[0].len < 31 ? tok[0].len : 31),
			 tok[0].s);
		if (arb_table_seat_named(t, colour, false) < 0) {
			/* no seat: the protocol refuses the request itself */
			assert_int_equal(li + 1, want->bad_move);
			break;
		}
		unsigned seat = line_seat(t, line.p);
		arb_reject rej;
		memset(G.r.move, 0, g->move_size);
		bool parsed = g->parse(G.r.state, tok, tu->ntok, G.r.move, &rej) == 0;
		arb_buf_reset(&acts);
		if (parsed) {
			split_actions(g, G.r.state, G.r.move, line.p, &acts);
		} else { /* the words after the colour, as one request */
			turn_words(rec, tu, 1, &acts);
			arb_buf_putc(&acts, '\n');
		}
		bool last = li + 1 == want->bad_move;
		const char *refused_at = NULL;
		arb_play p = { 0 };
		bool ended = false;
		for (char *a = acts.p; a && *a && !refused_at;) {
			char *e = strchr(a, '\n');
			*e = '\0';
			play_action(t, seat, a, &p);
			if (p.kind != ARB_PLAY_ACCEPTED) {
				refused_at = a;
			} else {
				ended = p.turn_ended;
				arb_play_free(&p);
			}
			a = e + 1;
		}
		if (!refused_at && !ended) {
			arb_table_end(t, seat, &p);
			if (p.kind != ARB_PLAY_ACCEPTED)
				refused_at = "(end of the turn)";
			else
				arb_play_free(&p);
		}
		if (!last) {
			if (refused_at)
				fail_msg("%s: line %zu ('%s') is legal, but the table refuses "
					 "'%s': %s [%s] %s",
					 path, li + 1, line.p, refused_at, p.why,
					 p.rej.rule ? p.rej.rule : "", p.rej.msg);
			assert_int_equal(g->apply(G.r.state, G.r.move, NULL, &rej), 0);
			continue;
		}
		if (!refused_at)
			fail_msg("%s: line %zu ('%s') is refused by check [%s], not by the table",
				 path, li + 1, line.p, want->rej.rule);
		if (p.kind != ARB_PLAY_REFUSED || strcmp(p.rej.rule, want->rej.rule) != 0)
			fail_msg("%s: line %zu ('%s'): check refuses [%s] %s; the table, at '%s': "
				 "%s [%s] %s",
				 path, li + 1, line.p, want->rej.rule, want->rej.msg, refused_at,
				 p.why, p.rej.rule ? p.rej.rule : "", p.rej.msg);
		/* the same action: the refused word lies in it (or the end) */
		if (want->rej.col && strcmp(refused_at, "(end of the turn)") != 0) {
			const arb_token *k = NULL;
			for (size_t j = 0; j < tu->ntok; j++)
				if (tok[j].col == want->rej.col && tok[j].line == want->rej.line)
					k = &tok[j];
			if (k && !(k == &tok[0] && tu->ntok > 1)) {
				char word[128];
				snprintf(word, sizeof word, "%.*s", (int)k->len, k->s);
				/* the action that holds it, or one after it on the
				 * line: what an action leaves owed (Elasund's loot)
				 * is known to be missing once the line goes on */
				bool before = false;
				for (const char *a = acts.p; a && a < refused_at;
				     a += strlen(a) + 1)
					before |= strstr(a, word) != NULL;
				if (!strstr(refused_at, word) && !before)
					fail_msg("%s: check refuses the word '%s', the table the "
						 "action '%s'",
						 path, word, refused_at);
			}
		}
		arb_play_free(&p);
	}
	arb_buf_free(&acts);
	arb_buf_free(&line);
	rgame_close(&G);
	arb_table_free(t);
	arb_buf_free(&head);
	return 1;
}

static void test_corpus_refusals_agree(void **state)
{
	(void)state;
	const arb_game_ops *g;
	size_t played = 0;
	for (size_t i = 0; (g = arb_game_at(i)) != NULL; i++) {
		if (!g->deal || !g->actions)
			continue;
		char dir[64];
		snprintf(dir, sizeof dir, "corpus/%s", g->name);
		DIR *D = opendir(dir);
		assert_non_null(D);
		struct dirent *de;
		while ((de = readdir(D)) != NULL) {
			size_t n = strlen(de->d_name);
			if (strncmp(de->d_name, "rule-", 5) != 0 || n < 8 ||
			    strcmp(de->d_name + n - 8, "-bad.tgn") != 0)
				continue;
			char path[512];
			snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
			FILE *f = fopen(path, "rb");
			assert_non_null(f);
			arb_reader *rd = arb_reader_new(f, path);
			arb_record rec;
			arb_diag d;
			while (arb_reader_next(rd, &rec, &d) == 1) {
				arb_replay r;
				memset(&r, 0, sizeof r);
				r.rec = &rec;
				r.games = &arb_registry;
				arb_replay_game(&r);
				bool view = false;
				for (size_t k = 0; k < rec.ntags; k++)
					view |= !strcmp(rec.tags[k].name, "View");
				if (r.verdict == ARB_ILLEGAL && !view && r.bad_move &&
				    r.game == g && r.rej.rule)
					played += (size_t)one_bad(path, &rec, &r);
				arb_replay_free(&r);
			}
			arb_reader_free(rd);
			fclose(f);
		}
		closedir(D);
	}
	print_message("played %zu\n", played);
	assert_true(played >= 60);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_generated_games_come_back),
		cmocka_unit_test(test_corpus_refusals_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
