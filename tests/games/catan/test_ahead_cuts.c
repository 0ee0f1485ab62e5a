/*
 * test_ahead_cuts.c — how many ways of the unseen cards reading ahead
 * (notation/catan.md, "Reading ahead"; hidden/ahead.c, bounds.c) cuts at
 * an unseen steal or discard.  A weaker bound changes no verdict and no
 * output (the ways it fails to cut are dropped by the line that rules
 * them out anyway), so test_view.c's "reading ahead changes nothing"
 * cannot see one.  Here short observer records written by hand, each
 * aimed at one kind of need the lines ahead place on a seat (a city, a
 * development card bought, a harbour trade, a trade between players, a
 * discard of seen cards, a monopoly's take, a roll that pays the victim
 * before it spends, an unseen discard's kept hands), are replayed up to
 * the end of the line of the unseen card, with and without reading
 * ahead: the ways listed there without it, and with it, are counted by
 * hand in each record's comment.  The count is of the ways listed
 * (cat_hidden_count), not the solver's own tally h->ncut, which counts a
 * steal that cut some way once, however many it cut, and a discard's
 * kept hands by the branches of their listing: the ways listed are what
 * a user would see dump show at that move.  And on generated 4-player
 * observer records (as `arbiter gen --view=observer` writes them), at
 * every line: reading ahead lists no hand the replay without it does not
 * (a subset, so never more), and the two reach the same verdict (and
 * the same ways at the end, when both list them).
 */
#include "view_test.h"
#include "core/util.h"

/* The records below are set up on the board of the corpus's view records
 * (view_setup), the robber on the desert (J), Red to move.  What each roll used below pays there (worked out from the
 * board's hexes and these settlements, and seen in the dump of a full
 * record of each roll): 4 (hexes F and O) pays no one, 3 Blue an ore
 * (hex N, at Blue's d4; K's lumber no one).  A hex pays every owner at
 * its corners, so those rolls show who is at the hexes the robber goes
 * to below: at N (3) and M (8, lumber to Blue alone) Blue only, at D
 * (12) White only, at C (9, whose lumber no one gets) no one. */

#define DECK "deck=14knight+2road-building+2year-of-plenty+2monopoly+5victory-point"

/* How a replay of a record went: the ways listed after line `upto`
 * (0: none listed, followed one at a time), whether reading ahead cut
 * some way there (cat_ahead_did's bit 0), and the ways at the end. */
typedef struct cut_run {
	unsigned at_line, at_end;
	bool cut;
} cut_run;

/* The tokens and turn lines of lines[0..n), as the tool reads a record
 * (tok and turns allocated; freed by the caller). */
static void tokenize(const char *const *lines, unsigned n, arb_token **tok, arb_turn **turns)
{
	size_t cap = 64 * (size_t)n + 64, nt = 0;
	*tok = arb_xmalloc(cap * sizeof **tok);
	*turns = arb_xcalloc(n + 1, sizeof **turns);
	for (unsigned i = 0; i < n; i++) {
		arb_turn *tu = &(*turns)[i];
		tu->first = nt;
		tu->line = i + 1;
		tu->col = 1;
		tu->number = -1;
		tu->ntok =
			arb_split_tokens(lines[i], strlen(lines[i]), i + 1, 1, *tok + nt, cap - nt);
		nt += tu->ntok;
	}
}

/* Line i of the record in g, as the tool plays it (the ops over, parse,
 * apply): false, with the refusal in *rej, when refused. */
static bool play_line(cat_game *g, const arb_token *tok, const arb_turn *tu, cat_move *m,
		      arb_reject *rej)
{
	if (catan_game.over(g)) {
		rej->rule = "game-over";
		return false;
	}
	return catan_game.parse(g, tok + tu->first, tu->ntok, m, rej) == 0 &&
	       catan_game.apply(g, m, NULL, rej) == 0;
}

/* Replay the observer's record lines[0..n) from `cards` (view_setup),
 * reading it ahead or not, into *r; every line must be accepted. */
static void replay_cuts(const char *cards, const char *const *lines, unsigned n, unsigned upto,
			bool ahead, cut_run *r)
{
	char setup[1024];
	view_setup(setup, sizeof setup, cards);
	cat_game *g = et_new_game("Red Blue White", NULL, setup);
	assert_non_null(g);
	g->view = CAT_OBSERVER;
	arb_token *tok;
	arb_turn *turns;
	tokenize(lines, n, &tok, &turns);
	if (ahead)
		catan_game.ahead(g, tok, turns, n);
	cat_move *m = arb_xcalloc(1, sizeof *m);
	arb_reject rej;
	memset(r, 0, sizeof *r);
	for (unsigned i = 0; i < n; i++) {
		memset(&rej, 0, sizeof rej);
		if (!play_line(g, tok, &turns[i], m, &rej))
			fail_msg("%s reading ahead: '%s' refused: %s", ahead ? "with" : "without",
				 lines[i], rej.msg);
		if (i + 1 == upto) {
			r->at_line = cat_hidden_count(g);
			r->cut = cat_ahead_did(g) & 1;
		}
	}
	r->at_end = cat_hidden_count(g);
	catan_game.destroy(g);
	free(m);
	free(turns);
	free(tok);
}

/* Record `name` (lines, up to NULL) from `cards`: after line `upto` the
 * replay without reading ahead lists `without` ways, that with it
 * `with`; both accept every line and end with the same ways. */
static void cuts_are(const char *name, const char *cards, const char *const *lines, unsigned upto,
		     unsigned without, unsigned with)
{
	unsigned n = 0;
	while (lines[n])
		n++;
	assert_true(upto >= 1 && upto <= n);
	cut_run off, on;
	replay_cuts(cards, lines, n, upto, false, &off);
	replay_cuts(cards, lines, n, upto, true, &on);
	if (off.at_line != without || on.at_line != with)
		fail_msg("%s: after line %u, %u ways listed without reading ahead and %u with; "
			 "by hand %u and %u (%u cut)",
			 name, upto, off.at_line, on.at_line, without, with, without - with);
	/* the bit that undoes a refusal is set exactly when a way was cut */
	if (on.cut != (with < without) || off.cut)
		fail_msg("%s: cat_ahead_did says cut %d (without reading ahead %d), by hand %d",
			 name, on.cut, off.cut, with < without);
	if (on.at_end != off.at_end)
		fail_msg("%s: %u ways at the end without reading ahead, %u with", name, off.at_end,
			 on.at_end);
}

/* The price of a build, as the victim's: Blue holds 2grain+3ore+wool and
 * Red steals one card unseen, so that three ways are listed: Red took a
 * grain (Blue left 1grain+3ore+wool), an ore (2grain+2ore+wool) or the
 * wool (2grain+3ore).  Blue's next line (a roll of 4 pays no one) builds
 * a city, 2grain+3ore: only the wool stolen leaves Blue that, so reading
 * ahead lists 1 way, cutting 2.  A bound blind to the grain given would
 * keep Red's taking a grain (2 ways). */
static void test_cut_by_a_build(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2 city d1",
		NULL,
	};
	cuts_are("city", "hands=Blue:2grain+3ore+wool " DECK, lines, 1, 3, 1);
}

/* A development card bought (wool+grain+ore), as the thief's: Red holds
 * wool+ore, steals one of Blue's brick, lumber and grain unseen (three
 * ways), and buys a card two lines later, rolls of 4 between paying no
 * one.  Only the grain stolen pays for it: 1 way, 2 cut.  (A bound blind
 * to the grain given would keep all 3.) */
static void test_cut_by_a_purchase(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2",
		"White roll 2+2",
		"Red roll 2+2 buy ?",
		NULL,
	};
	cuts_are("purchase", "hands=Red:wool+ore,Blue:brick+lumber+grain " DECK, lines, 1, 3, 1);
}

/* A harbour trade: Blue, on the 3:1 harbour at c1-d1, holds
 * 3grain+wool+ore; Red steals a grain, the wool or the ore unseen (three
 * ways), and Blue gives the bank 3 grain for a brick in its next line.
 * The grain stolen leaves Blue 2: 2 ways listed, 1 cut. */
static void test_cut_by_a_harbour_trade(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2 trade bank 3grain for brick",
		NULL,
	};
	cuts_are("harbour trade", "hands=Blue:3grain+wool+ore " DECK, lines, 1, 3, 2);
}

/* A trade between players, from the partner's side: Blue holds
 * grain+wool+ore, Red steals one of them unseen (three ways), and two
 * lines later White gives Blue a lumber for a grain.  Blue must still
 * hold the grain: 2 ways, 1 cut.  (Bounded by the grain Blue gives,
 * which a trade in White's line writes as White's get.) */
static void test_cut_by_a_trade(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber N steal Blue ?",
		"Blue roll 2+2",
		"White roll 2+2 trade Blue lumber for grain",
		NULL,
	};
	cuts_are("trade", "hands=Blue:grain+wool+ore,White:lumber " DECK, lines, 1, 3, 2);
}

/* A discard whose cards are partly seen: Blue holds
 * grain+2wool+2ore+2brick+2lumber (9 cards); Red plays a knight and
 * steals one of them unseen (five ways: a card of each resource), Blue
 * left with 8.  Blue then rolls 7 and discards half, 4: the grain seen
 * and 3 unseen.  Red's taking the one grain cannot be: 4 ways, 1 cut.
 * (The 3 unseen cards bound nothing: they may be any.) */
static void test_cut_by_a_seen_discard(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red play knight N steal Blue ? roll 2+2",
		"Blue roll 7 discard Blue grain+3? robber C",
		NULL,
	};
	cuts_are("seen discard",
		 "hands=Blue:grain+2wool+2ore+2brick+2lumber cards=Red:knight "
		 "deck=13knight+2road-building+2year-of-plenty+2monopoly+5victory-point",
		 lines, 1, 5, 4);
}

/* An unseen discard's kept hands, bounded by a build: Blue holds
 * 2brick+2lumber+2wool+2grain (8 cards) and discards 4 unseen at Red's 7
 * (the robber to C, where no one is robbed).  The hands Blue may keep
 * are the 4 cards of at most 2 of each resource: the coefficient of x^4
 * in (1 + x + x^2)^4 = 1 + 4x + 10x^2 + 16x^3 + 19x^4 + ..., 19 ways.
 * Blue's next line builds a settlement at f4 (brick+lumber+wool+grain):
 * only a card of each is left of them, 1 way, 18 cut.  (A bound blind
 * to the grain given would keep the 4 hands with a brick, a lumber and a
 * wool and any fourth card.) */
static void test_cut_at_an_unseen_discard(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 discard Blue 4? robber C",
		"Blue roll 2+2 settlement f4",
		NULL,
	};
	cuts_are("unseen discard", "hands=Blue:2brick+2lumber+2wool+2grain " DECK, lines, 1, 19, 1);
}

/* A monopoly's take: White holds grain+wool+ore, Red steals one of them
 * unseen at D (three ways), and Blue's monopoly on grain says it took 1
 * from White (and none from Red): White still held the grain, 2 ways, 1
 * cut.  (The way cut is also the one in which Red, holding the grain,
 * would have lost it to the monopoly.) */
static void test_cut_by_a_monopoly(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber D steal White ?",
		"Blue play monopoly grain takes Red 0 White 1 roll 2+2",
		NULL,
	};
	cuts_are("monopoly",
		 "hands=White:grain+wool+ore cards=Blue:monopoly "
		 "deck=14knight+2road-building+2year-of-plenty+1monopoly+5victory-point",
		 lines, 1, 3, 2);
}

/* A roll that pays the victim before it spends: Blue holds
 * 2grain+2ore+wool, and Red steals one unseen at M (three ways: Blue
 * left 1grain+2ore+wool, 2grain+1ore+wool or 2grain+2ore).  Blue rolls 3
 * (1+2): hex N, not the robber's, pays Blue an ore; then Blue builds a
 * city, 2grain+3ore, so before the roll Blue must hold 2 grain and 2
 * ore: only the wool stolen, 1 way, 2 cut.  A roll counted as paying
 * more ore would keep the ore stolen (2 ways). */
static void test_cut_through_a_roll(void **state)
{
	(void)state;
	const char *const lines[] = {
		"Red roll 7 robber M steal Blue ?",
		"Blue roll 1+2 city d1",
		NULL,
	};
	cuts_are("roll", "hands=Blue:2grain+2ore+wool " DECK, lines, 1, 3, 1);
}

/* ------------------------------------------------ generated records */

/* The next turn of the generated game g, drawn by the engine's random
 * player, applied, and its line as the observer saw it (cat_view_turn,
 * as `arbiter gen --view=observer` writes it) into obs: false when the
 * game has no turn left. */
static bool next_turn(cat_game *g, uint64_t *rng, unsigned seed, arb_buf *gl, arb_buf *obs)
{
	cat_move m;
	if (!play_random_turn(g, rng, seed, gl, &m))
		return false;
	cat_view_turn(&m, CAT_OBSERVER);
	arb_buf_reset(obs);
	catan_game.format(g, &m, obs);
	return true;
}

/* A generated game (g, played to its end by the engine's random player
 * from `seed`) and the observer's record of it: its n lines, tokenized
 * as the tool reads them. */
typedef struct observed {
	cat_game *g;
	char **obs;
	unsigned n;
	arb_token *tok;
	arb_turn *turns;
} observed;

static void observe(unsigned seed, const char *seats, observed *o)
{
	o->g = et_new_game(seats, NULL, NULL);
	assert_non_null(o->g);
	uint64_t rng = seed * 7919u + 17;
	enum { MOST = 3000 };
	o->obs = arb_xcalloc(MOST, sizeof *o->obs);
	o->n = 0;
	arb_buf gl = { 0 }, line = { 0 };
	while (o->n < MOST && !o->g->s.over && next_turn(o->g, &rng, seed, &gl, &line))
		o->obs[o->n++] = arb_xstrdup(line.p);
	arb_buf_free(&gl);
	arb_buf_free(&line);
	tokenize((const char *const *)o->obs, o->n, &o->tok, &o->turns);
}

static void observed_free(observed *o)
{
	catan_game.destroy(o->g);
	for (unsigned i = 0; i < o->n; i++)
		free(o->obs[i]);
	free(o->obs);
	free(o->tok);
	free(o->turns);
}

/* Every hand of the four seats in the ways g lists. */
typedef struct hands {
	uint8_t res[CAT_SEATS][CAT_RES];
} hands;

static int hands_cmp(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(hands));
}

/* The hands of each way g lists (not those the pending actions drop),
 * sorted, into *out (grown as needed): how many. */
static unsigned listed_hands(const cat_game *g, hands **out, unsigned *cap)
{
	unsigned n = 0, listed = cat_hidden_on(g) ? cat_hidden_listed(g) : 1;
	if (listed > *cap) {
		*cap = listed;
		*out = arb_xrealloc(*out, *cap * sizeof **out);
	}
	cat_game *w = arb_xmalloc(sizeof *w);
	for (unsigned i = 0; i < listed; i++) {
		*w = *g; /* (a copy to load each way into, as cat_position_ok does) */
		if (cat_hidden_on(g) && !cat_hidden_load(w, i))
			continue;
		for (unsigned p = 0; p < CAT_SEATS; p++)
			memcpy((*out)[n].res[p], w->s.p[p].res, CAT_RES);
		n++;
	}
	free(w);
	qsort(*out, n, sizeof **out, hands_cmp);
	return n;
}

/* Reading ahead only cuts: on the observer's view of generated 4-player
 * games, played line by line by two replays as the tool plays a record,
 * one reading it ahead and one not, at every line where both list the
 * ways (neither follows one at a time) the hands of every way listed
 * with it are those of some way listed without it (so it never lists
 * more), and both accept every line, end over or not alike, with the
 * full record's winner, and as many ways when both list them (where the
 * replay without it follows one at a time, reading ahead may list
 * them); and the replay reading ahead is never undone (a legal record
 * is played again without the bounds only when a bound cut every way
 * that explained some line: one too strong).  That reading ahead cuts
 * at all in these games is checked too (some line lists fewer ways with
 * it); how many it must cut is the records by hand's to say.  Games: a
 * fifth of CATAN_VIEW_GAMES (read as test_view.c reads it), 20 without
 * it; a game's two replays cost about 4 ms. */
static void test_generated_records_only_cut(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) / 5 : 20;
	const char *seats = "Red Blue White Orange";
	unsigned compared = 0, fewer = 0, lines_all = 0, won = 0;
	unsigned long long cut = 0;
	hands *a = NULL, *b = NULL;
	unsigned cap_a = 0, cap_b = 0;
	for (unsigned seed = 1; seed <= games; seed++) {
		observed o;
		observe(seed, seats, &o);
		cat_game *g = o.g;
		char **obs = o.obs;
		unsigned n = o.n;
		const arb_token *tok = o.tok;
		const arb_turn *turns = o.turns;
		cat_game *off = view_game(seats, NULL, CAT_OBSERVER),
			 *on = view_game(seats, NULL, CAT_OBSERVER);
		catan_game.ahead(on, tok, turns, n);
		cat_move *m = arb_xcalloc(1, sizeof *m);
		arb_reject rej;
		unsigned fewer_before = fewer;
		for (unsigned i = 0; i < n; i++) {
			memset(&rej, 0, sizeof rej);
			if (!play_line(off, tok, &turns[i], m, &rej) ||
			    !play_line(on, tok, &turns[i], m, &rej))
				fail_msg("seed %u, line %u '%s' refused: %s", seed, i + 1, obs[i],
					 rej.msg);
			lines_all++;
			if (cat_hidden_lazy(off) || cat_hidden_lazy(on))
				continue;
			unsigned nb = listed_hands(off, &b, &cap_b),
				 na = listed_hands(on, &a, &cap_a);
			compared++;
			if (cat_hidden_count(on) > cat_hidden_count(off))
				fail_msg("seed %u, line %u: %u ways reading ahead, %u without",
					 seed, i + 1, cat_hidden_count(on), cat_hidden_count(off));
			for (unsigned k = 0; k < na; k++)
				if (!bsearch(&a[k], b, nb, sizeof *b, hands_cmp))
					fail_msg("seed %u, line %u: reading ahead lists hands that "
						 "no way without it holds",
						 seed, i + 1);
			fewer += na < nb;
			cut += nb - na;
		}
		if (on->s.over != off->s.over || on->s.winner != off->s.winner ||
		    on->s.over != g->s.over || on->s.winner != g->s.winner)
			fail_msg("seed %u: over %u (winner %u) reading ahead, %u (%u) without, %u "
				 "(%u) in the full record",
				 seed, on->s.over, on->s.winner, off->s.over, off->s.winner,
				 g->s.over, g->s.winner);
		won += g->s.over;
		/* a legal record: the bounds never cut every way that explains
		 * a line, so the replay is never made again without them */
		if (cat_ahead_did(on) & 2)
			fail_msg("seed %u: legal, but reading ahead cut every way that explains "
				 "some line (the replay was undone)",
				 seed);
		if (fewer_before != fewer && !(cat_ahead_did(on) & 1))
			fail_msg("seed %u: fewer ways listed, but cat_ahead_did says none was cut",
				 seed);
		if (!cat_hidden_lazy(off) && !cat_hidden_lazy(on) &&
		    cat_hidden_count(on) != cat_hidden_count(off))
			fail_msg("seed %u: %u ways at the end reading ahead, %u without", seed,
				 cat_hidden_count(on), cat_hidden_count(off));
		catan_game.destroy(off);
		catan_game.destroy(on);
		free(m);
		observed_free(&o);
	}
	free(a);
	free(b);
	print_message("reading ahead, %u games (%u won): %u of %u lines compared, %u with "
		      "fewer ways listed (%llu ways fewer in all)\n",
		      games, won, compared, lines_all, fewer, cut);
	assert_true(won > 0 && compared > 0 && fewer > 0);
}

/* Line tu of a record as cat_parse parses it, with nothing read ahead. */
static void parse_fresh(const cat_game *g, const arb_token *tok, const arb_turn *tu, cat_move *m)
{
	cat_game plain = *g; /* (a shallow copy: the parse reads, never writes) */
	plain.ahead = NULL;
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	if (cat_parse(&plain, tok + tu->first, tu->ntok, m, &rej) != 0)
		fail_msg("line %u does not parse: %s", tu->line, rej.msg);
}

/* Moves a and b alike in all that cat_parse writes (the header, and each
 * action whole). */
static void same_move(const cat_move *a, const cat_move *b, unsigned line)
{
	if (a->seat != b->seat || a->n != b->n || a->unseen != b->unseen || a->col != b->col ||
	    a->line != b->line || memcmp(a->act, b->act, a->n * sizeof *a->act) != 0)
		fail_msg("line %u: the move read ahead (seat %u, %u actions, unseen %u, column "
			 "%u, line %u) is not the one parsed (%u, %u, %u, %u, %u)",
			 line, a->seat, a->n, a->unseen, a->col, a->line, b->seat, b->n, b->unseen,
			 b->col, b->line);
}

/* A view record's lines are parsed once (hidden/ahead.c): when a card
 * is first unseen, reading ahead parses the lines to the end, and the
 * replay takes each line from there rather than parse it again
 * (cat_ahead_parsed).  On the observer's view of generated 4-player
 * games, played as the tool plays them: every line the replay parses
 * after the first unseen card is one read ahead, and the same move as
 * cat_parse makes of it with nothing read ahead; asked for out of order
 * (the last line first, then backwards), the same again; and tokens that
 * are not a line's (a line's tokens less the last, or from its second)
 * are parsed, not taken.  Games: a tenth of CATAN_VIEW_GAMES, 10 without
 * it. */
static void test_lines_parsed_once(void **state)
{
	(void)state;
	const char *env = getenv("CATAN_VIEW_GAMES");
	unsigned games = env ? (unsigned)strtoul(env, NULL, 10) / 10 : 10;
	const char *seats = "Red Blue White Orange";
	unsigned taken = 0, lines_all = 0;
	cat_move *m = arb_xcalloc(1, sizeof *m), *want = arb_xcalloc(1, sizeof *want);
	for (unsigned seed = 1; seed <= games; seed++) {
		observed o;
		observe(seed, seats, &o);
		char **obs = o.obs;
		unsigned n = o.n;
		const arb_token *tok = o.tok;
		const arb_turn *turns = o.turns;
		cat_game *on = view_game(seats, NULL, CAT_OBSERVER);
		catan_game.ahead(on, tok, turns, n);
		arb_reject rej;
		bool read = false; /* some line was taken as read ahead */
		for (unsigned i = 0; i < n; i++) {
			const arb_turn *tu = &turns[i];
			bool ahead = cat_ahead_parsed(on, tok + tu->first, tu->ntok, m);
			if (read && !ahead)
				fail_msg("seed %u, line %u: not read ahead, after line %u was",
					 seed, i + 1, i);
			if (ahead) {
				parse_fresh(on, tok, tu, want);
				same_move(m, want, i + 1);
				taken++;
			}
			read = ahead;
			memset(&rej, 0, sizeof rej);
			if (!play_line(on, tok, tu, m, &rej))
				fail_msg("seed %u, line %u '%s' refused: %s", seed, i + 1, obs[i],
					 rej.msg);
			lines_all++;
		}
		if (!read)
			fail_msg("seed %u: no line was read ahead", seed);
		for (unsigned i = n; i-- > 0;) {
			const arb_turn *tu = &turns[i];
			if (!cat_ahead_parsed(on, tok + tu->first, tu->ntok, m))
				continue;
			parse_fresh(on, tok, tu, want);
			same_move(m, want, i + 1);
			if (tu->ntok > 1 &&
			    (cat_ahead_parsed(on, tok + tu->first, tu->ntok - 1, m) ||
			     cat_ahead_parsed(on, tok + tu->first + 1, tu->ntok - 1, m)))
				fail_msg("seed %u, line %u: part of the line taken as read ahead",
					 seed, i + 1);
		}
		catan_game.destroy(on);
		observed_free(&o);
	}
	free(m);
	free(want);
	print_message("lines parsed once, %u games: %u of %u lines taken as read ahead\n", games,
		      taken, lines_all);
	assert_true(taken > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut_by_a_build),
		cmocka_unit_test(test_cut_by_a_purchase),
		cmocka_unit_test(test_cut_by_a_harbour_trade),
		cmocka_unit_test(test_cut_by_a_trade),
		cmocka_unit_test(test_cut_by_a_seen_discard),
		cmocka_unit_test(test_cut_at_an_unseen_discard),
		cmocka_unit_test(test_cut_by_a_monopoly),
		cmocka_unit_test(test_cut_through_a_roll),
		cmocka_unit_test(test_generated_records_only_cut),
		cmocka_unit_test(test_lines_parsed_once),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
