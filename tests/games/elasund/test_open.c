/*
 * test_open.c — Elasund played live, action by action (the open turn ops
 * of src/games/elasund/open.c, which the referee drives): every turn of
 * generated games played item by item agrees with apply(); every line
 * of the rule corpus that check refuses is refused at the same item with
 * the same rule; games dealt from a seed (dice, influence cards, loot,
 * church tiles) and played by a random player reach their end with
 * every dealt action accepted; and one hand-checked case per thing the
 * rules can wait for (asked).
 *
 * The harness plays as src/referee/table.c does: the line so far is
 * "Colour" and the words each deal() gave back, played with apply_open
 * on a copy of the turn's start; the turn ends with apply() of the line.
 */
#include <glob.h>
#include <strings.h>

#include "core/reader.h"
#include "core/replay.h"
#include "elasund_test.h"
#include "games/registry.h"

#define MAXACT 64
#define LINE_MAX_TOK 256

/* A game and two more of the same set-up: the turn's start is the
 * harness game (t->g); `work` holds the turn so far, `probe` the one
 * being tried. */
typedef struct live {
	tg_game t;	/* the harness game, when the game is one      */
	el_game *start; /* the turn's start (t.g, or a record's game)  */
	el_game *work, *probe;
	arb_buf line;  /* "Colour w w ...": the turn so far          */
	arb_buf tried; /* the last line tried                      */
	bool begun;    /* an action of the turn is accepted          */
	arb_reject rej;
} live;

static el_game *twin(const arb_setup *setup)
{
	arb_reject rej;
	el_game *g = OPS->create(et_shared_data, setup, NULL, &rej);
	if (!g)
		fail_msg("create: %s", rej.msg);
	return g;
}

/* Live play of a game whose start is `start`, created from `setup`. */
static void live_on(live *L, el_game *start, const arb_setup *setup)
{
	L->start = start;
	L->work = twin(setup);
	L->probe = twin(setup);
}

static void live_start(live *L, const char *letters, const char *hands, const char *opts)
{
	memset(L, 0, sizeof *L);
	tg_start(&L->t, letters, hands, opts);
	live_on(L, L->t.g, &L->t.et.setup);
}

static void live_stop(live *L)
{
	OPS->destroy(L->work);
	OPS->destroy(L->probe);
	arb_buf_free(&L->line);
	arb_buf_free(&L->tried);
	if (L->t.g)
		et_end(&L->t.et);
}

/* The position the next action follows. */
static el_game *now(live *L)
{
	return L->begun ? L->work : L->start;
}

/* Parse `text` on game g into m. */
static int parse_text(el_game *g, const char *text, el_move *m, arb_token *tok, size_t *ntok,
		      arb_reject *rej)
{
	*ntok = arb_split_tokens(text, strlen(text), 1, 1, tok, LINE_MAX_TOK);
	assert_true(*ntok > 0 && *ntok < LINE_MAX_TOK);
	memset(m, 0, sizeof *m);
	return OPS->parse(g, tok, *ntok, m, rej);
}

/* Play `words` (one action, dealt already) after the turn so far: 0, or
 * -1 with L->rej (the turn so far unchanged). */
static int live_play(live *L, const char *words)
{
	size_t keep = L->line.len;
	if (!L->begun) {
		arb_buf_reset(&L->line);
		arb_buf_puts(&L->line, el_cname(L->start, L->start->pos.active));
		keep = L->line.len;
	}
	arb_buf_printf(&L->line, " %s", words);
	arb_buf_reset(&L->tried);
	arb_buf_puts(&L->tried, L->line.p);
	el_move m;
	arb_token tok[LINE_MAX_TOK];
	size_t n;
	OPS->copy(L->probe, L->start);
	int rc = parse_text(L->probe, L->line.p, &m, tok, &n, &L->rej);
	if (rc == 0)
		rc = OPS->apply_open(L->probe, &m, NULL, &L->rej);
	if (rc < 0) {
		L->line.len = keep;
		L->line.p[keep] = '\0';
		return -1;
	}
	el_game *w = L->work;
	L->work = L->probe;
	L->probe = w;
	L->begun = true;
	return 0;
}

/* Deal `words` for `seat` (rng NULL: chance as written) into out: the
 * deal's answer. */
static int live_deal(live *L, unsigned seat, const char *words, uint64_t *rng, arb_buf *out)
{
	arb_token tok[LINE_MAX_TOK];
	size_t n = arb_split_tokens(words, strlen(words), 1, 1, tok, LINE_MAX_TOK);
	unsigned consent = 99;
	arb_buf_reset(out);
	int rc = OPS->deal(now(L), seat, tok, n, rng, out, &consent, &L->rej);
	assert_int_equal(consent, 0);
	return rc;
}

/* End the turn: apply() of the whole line on the start, which must give
 * the position apply_open left (but for the turn passing on). */
static void live_end(live *L)
{
	arb_asked a;
	OPS->asked(now(L), &a);
	if (!a.may_end)
		fail_msg("'%s': the turn may not end (%s)", L->line.p, a.what);
	el_move m;
	arb_token tok[LINE_MAX_TOK];
	size_t n;
	assert_int_equal(parse_text(L->start, L->line.p, &m, tok, &n, &L->rej), 0);
	el_pos before = L->start->pos;
	if (OPS->apply(L->start, &m, NULL, &L->rej) != 0)
		fail_msg("'%s' refused at its end: %s: %s", L->line.p, L->rej.rule, L->rej.msg);
	const char *why;
	if (!OPS->position_ok(L->start, &why))
		fail_msg("'%s': position_ok: %s", L->line.p, why);
	el_pos open = L->work->pos;
	open.turns = L->start->pos.turns;
	open.active = L->start->pos.active;
	assert_true(before.turns + 1 == open.turns);
	assert_memory_equal(&open, &L->start->pos, sizeof open);
	L->begun = false;
	arb_buf_reset(&L->line);
}

/* The seat that speaks an action (tok[0..n)) of a line of seat `line`:
 * the colour it names for a discard, halving or hut move, else `line`. */
static unsigned speaker(const el_game *g, unsigned line, const arb_token *tok, size_t n)
{
	const arb_token *who = NULL;
	if (memchr(tok[0].s, '=', tok[0].len))
		who = &tok[0];
	else if (n > 1 && (arb_tok_ieq(&tok[0], "discard") || arb_tok_ieq(&tok[0], "halve") ||
			   arb_tok_ieq(&tok[0], "hut") || arb_tok_ieq(&tok[0], "longhut")))
		who = &tok[1];
	if (who)
		for (unsigned s = 0; s < g->nseats; s++) {
			const char *c = el_cname(g, (int)s);
			if (strncasecmp(c, who->s, strlen(c)) == 0)
				return s;
		}
	return line;
}

/* The words of action k of a line whose actions start at cols[0..n). */
static void action_words(const arb_token *tok, size_t ntok, const uint32_t *cols, size_t n,
			 size_t k, char *out, size_t cap)
{
	out[0] = 0;
	for (size_t i = 1; i < ntok; i++) {
		if (tok[i].col < cols[k] || (k + 1 < n && tok[i].col >= cols[k + 1]))
			continue;
		snprintf(out + strlen(out), cap - strlen(out), "%s%.*s", out[0] ? " " : "",
			 (int)tok[i].len, tok[i].s);
	}
}

/* ------------------------------------------- 1: generated games */

/* A generated game played action by action: each action's speaker is
 * asked for, its deal (chance as written) gives its words back, each
 * prefix is accepted by apply_open, the line rebuilt from the deals is
 * the generated one, and apply() of it gives the position apply_open
 * gave.  Returns the actions played. */
static size_t replay_generated(uint64_t seed, const char *letters)
{
	uint64_t rng = seed;
	arb_buf tags = { 0 }, line = { 0 }, out = { 0 }, again = { 0 };
	size_t nseats = strlen(letters), played = 0;
	OPS->random_tags(et_shared_data, nseats, &rng, &tags);
	char hands[128];
	snprintf(hands, sizeof hands, "%.*s", (int)(tags.len - 11), tags.p + 8);
	live L;
	live_start(&L, letters, hands, NULL);
	while (!OPS->over(L.start)) {
		arb_buf_reset(&line);
		if (OPS->random_turn(L.start, &rng, &line) != 0)
			break;
		el_move m;
		arb_token tok[LINE_MAX_TOK];
		size_t ntok;
		assert_int_equal(parse_text(L.start, line.p, &m, tok, &ntok, &L.rej), 0);
		uint32_t cols[MAXACT];
		size_t n = OPS->actions(L.start, &m, cols, MAXACT);
		assert_true(n >= 1 && n < MAXACT);
		assert_int_equal(cols[0], tok[1].col);
		for (size_t k = 0; k < n; k++) {
			char words[512];
			action_words(tok, ntok, cols, n, k, words, sizeof words);
			arb_token at[32];
			size_t an = arb_split_tokens(words, strlen(words), 1, 1, at, 32);
			unsigned who = speaker(L.start, m.seat, at, an);
			arb_asked a;
			OPS->asked(now(&L), &a);
			if (!(a.seats & (1u << who)) || a.over)
				fail_msg("'%s', before '%s': asked %s of seats %#x, may_end %d",
					 line.p, words, a.what, a.seats, a.may_end);
			if (live_deal(&L, who, words, NULL, &out) != ARB_DEAL_PLAY)
				fail_msg("'%s': deal of '%s' refused: %s", line.p, words,
					 L.rej.msg);
			if (live_play(&L, out.p) != 0)
				fail_msg("'%s': prefix '%s' refused: %s: %s", line.p, L.tried.p,
					 L.rej.rule, L.rej.msg);
			played++;
		}
		/* the rebuilt line is the generated one, byte for byte, in fmt */
		el_move m2;
		arb_token tok2[LINE_MAX_TOK];
		size_t n2;
		assert_int_equal(parse_text(L.start, L.line.p, &m2, tok2, &n2, &L.rej), 0);
		arb_buf_reset(&again);
		OPS->format(L.start, &m2, &again);
		assert_string_equal(again.p, line.p);
		live_end(&L);
	}
	arb_buf_free(&tags);
	arb_buf_free(&line);
	arb_buf_free(&out);
	arb_buf_free(&again);
	live_stop(&L);
	return played;
}

static void test_generated_prefixes(void **state)
{
	(void)state;
	static const char *const letters[] = { "RB", "RBG", "RBGY" };
	size_t actions = 0;
	for (uint64_t seed = 1; seed <= 500; seed++)
		actions += replay_generated(seed * 7919, letters[seed % 3]);
	printf("# %zu actions\n", actions);
	assert_true(actions > 500 * 100);
}

/* ------------------------------------------------ 2: the rule corpus */

/* Rules of what a line owes: the open turn lets them wait until the line
 * goes on past the debt, or to its end (phase three). */
static bool owed_rule(const char *rule)
{
	static const char *const owed[] = { "draw-count",  "pirate-discard", "loot-count",
					    "halve-count", "hut-missing",    "phase-three" };
	for (size_t i = 0; i < sizeof owed / sizeof owed[0]; i++)
		if (!strcmp(rule, owed[i]))
			return true;
	return false;
}

/* The bad line tok[0..ntok) (parsed: m), which apply() refused on
 * `start` with `bad`, played action by action: the first refusal has
 * the same rule, at the item of the refused word with the same message
 * (a debt may be refused later, when the line goes on past it). */
static void check_bad_line(live *L, const char *file, const arb_token *tok, size_t ntok,
			   const el_move *m, const arb_reject *bad)
{
	uint32_t cols[MAXACT];
	size_t n = OPS->actions(L->start, m, cols, MAXACT), k;
	arb_buf out = { 0 };
	bool by_deal = false;
	L->begun = false;
	for (k = 0; k < n; k++) {
		char words[512];
		action_words(tok, ntok, cols, n, k, words, sizeof words);
		arb_token at[32];
		size_t an = arb_split_tokens(words, strlen(words), 1, 1, at, 32);
		if (live_deal(L, speaker(now(L), m->seat, at, an), words, NULL, &out) < 0) {
			by_deal = true;
			break;
		}
		if (live_play(L, out.p) < 0)
			break;
	}
	if (k == n) { /* every prefix kept: the end refuses */
		el_move whole;
		arb_token t2[LINE_MAX_TOK];
		size_t n2;
		OPS->copy(L->probe, L->start);
		assert_int_equal(parse_text(L->probe, L->line.p, &whole, t2, &n2, &L->rej), 0);
		if (OPS->apply(L->probe, &whole, NULL, &L->rej) == 0)
			fail_msg("%s: '%s' played live is accepted, check says %s (%s)", file,
				 L->line.p, bad->rule, bad->msg);
	}
	if (strcmp(L->rej.rule, bad->rule) != 0)
		fail_msg("%s: refused by %s (%s) at action %zu, check says %s (%s)", file,
			 L->rej.rule, L->rej.msg, k + 1, bad->rule, bad->msg);
	size_t item = 0; /* the action that holds the word check points at */
	while (item + 1 < n && cols[item + 1] <= bad->col)
		item++;
	if (owed_rule(bad->rule))
		assert_true(k >= item);
	else if (k != item || (!by_deal && strcmp(L->rej.msg, bad->msg) != 0))
		fail_msg("%s: refused at action %zu (%s), check at action %zu (%s)", file, k + 1,
			 L->rej.msg, item + 1, bad->msg);
	arb_buf_free(&out);
}

/* The record `file`: its turns replayed by apply() up to the line it
 * refuses, which check_bad_line plays live.  1 when a line was checked
 * so, 0 when the record has none (a set-up refused, a line that does
 * not parse: parse() reads the turn so far the same way). */
static int check_bad_record(const char *file)
{
	FILE *f = fopen(file, "r");
	assert_non_null(f);
	arb_reader *rd = arb_reader_new(f, file);
	arb_record rec;
	arb_diag d;
	assert_int_equal(arb_reader_next(rd, &rec, &d), 1);
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = &rec;
	r.games = &arb_registry;
	int checked = 0;
	if (arb_replay_setup(&r) == 0) {
		el_game *g = r.state;
		live L;
		memset(&L, 0, sizeof L);
		live_on(&L, twin(&r.setup), &r.setup);
		for (size_t i = 0; i < rec.nturns; i++) {
			const arb_token *tok = rec.tok + rec.turns[i].first;
			size_t ntok = rec.turns[i].ntok;
			el_move m;
			arb_reject rej;
			memset(&m, 0, sizeof m);
			if (OPS->parse(g, tok, ntok, &m, &rej) != 0)
				break;
			OPS->copy(L.start, g);
			if (OPS->apply(g, &m, NULL, &rej) == 0)
				continue;
			check_bad_line(&L, file, tok, ntok, &m, &rej);
			checked = 1;
			break;
		}
		OPS->destroy(L.start);
		live_stop(&L);
	}
	arb_replay_free(&r);
	arb_reader_free(rd);
	fclose(f);
	return checked;
}

static void test_corpus_refusals(void **state)
{
	(void)state;
	glob_t gl;
	assert_int_equal(glob("corpus/elasund/rule-*-bad*.tgn", 0, NULL, &gl), 0);
	int checked = 0;
	for (size_t i = 0; i < gl.gl_pathc; i++)
		checked += check_bad_record(gl.gl_pathv[i]);
	printf("# %d of %zu records refused by the rules played live\n", checked, gl.gl_pathc);
	assert_true(checked >= 30);
	globfree(&gl);
}

/* ------------------------------------------- 3: games dealt live */

/* Rules only chance can break: a dealt action never breaks them. */
static bool chance_rule(const char *rule)
{
	return !strcmp(rule, "draw-count") || !strcmp(rule, "draw-colour") ||
	       !strcmp(rule, "loot-count") || !strcmp(rule, "loot-cards") ||
	       !strcmp(rule, "church-first") || !strcmp(rule, "church-tile");
}

/* Deal `words` for `seat` from `deal` (a choice taken at random from
 * `choose`) and play it: true when the rules accept it; a refusal must
 * not be chance's. */
static bool try_dealt(live *L, unsigned seat, const char *words, uint64_t *deal, uint64_t *choose)
{
	arb_buf out = { 0 };
	int rc = live_deal(L, seat, words, deal, &out);
	bool ok = false;
	if (rc == ARB_DEAL_CHOOSE) { /* "a|b": one of the two */
		char *bar = strchr(out.p, '|');
		assert_non_null(bar);
		*bar = '\0';
		rc = live_play(L, arb_rng_below(choose, 2) ? out.p : bar + 1);
		ok = rc == 0;
	} else if (rc == ARB_DEAL_PLAY) {
		ok = live_play(L, out.p) == 0;
	}
	if (rc >= 0 && !ok && chance_rule(L->rej.rule))
		fail_msg("'%s' (dealt from '%s'): %s: %s", L->tried.p, words, L->rej.rule,
			 L->rej.msg);
	arb_buf_free(&out);
	return ok;
}

/* Cards `c` as the notation writes them. */
static void cards_text(const el_cards *c, char *out, size_t cap)
{
	int n = c->gold ? snprintf(out, cap, "%u", c->gold) : 0;
	for (int k = 0; k < NINFL; k++)
		for (int i = 0; i < c->infl[k] && (size_t)n + 1 < cap; i++)
			out[n++] = "rbg"[k];
	out[n] = 0;
}

/* Play what the rules wait for until the turn is the active seat's own
 * again: the dealt income and loot, each seat's discard and halving
 * (random cards), each displaced hut (a random square that takes it). */
static void settle(live *L, uint64_t *deal, uint64_t *choose)
{
	char w[96], cs[64];
	for (;;) {
		arb_asked a;
		OPS->asked(now(L), &a);
		const el_game *g = now(L);
		const el_pos *p = &g->pos;
		unsigned s = a.seats ? (unsigned)__builtin_ctz(a.seats) : 0;
		const el_seat *ps = &p->seat[s];
		int16_t gold = ps->gold, infl[NINFL] = { ps->infl[0], ps->infl[1], ps->infl[2] };
		el_cards c;
		if (!strcmp(a.what, "income") || !strcmp(a.what, "loot")) {
			if (!try_dealt(L, s, a.what[0] == 'i' ? "+" : "loot", deal, choose))
				fail_msg("the dealt %s was refused: %s", a.what, L->rej.msg);
		} else if (!strcmp(a.what, "discard") || !strcmp(a.what, "halve")) {
			bool disc = a.what[0] == 'd';
			int due[EL_SEATS], hand = gold + infl[0] + infl[1] + infl[2];
			el_cubes_in_row(g, p, p->ship, due);
			int n = disc ? (due[s] < hand ? due[s] : hand)
				     : (infl[0] + infl[1] + infl[2]) / 2;
			el_take_cards(choose, disc ? &gold : NULL, infl, n, &c);
			cards_text(&c, cs, sizeof cs);
			snprintf(w, sizeof w, "%s %s=%s", a.what, el_cname(g, (int)s), cs);
			if (!try_dealt(L, s, w, deal, choose))
				fail_msg("'%s' refused: %s", L->tried.p, L->rej.msg);
		} else if (!strcmp(a.what, "huts")) {
			int at = (int)arb_rng_below(choose, EL_H * EL_W), k;
			for (k = 0; k < EL_H * EL_W; k++) {
				int q = (at + k) % (EL_H * EL_W);
				snprintf(w, sizeof w, "hut %s %s", el_cname(g, (int)s),
					 el_sq(g, q % EL_W, q / EL_W));
				if (q % EL_W < g->L->cols && try_dealt(L, s, w, deal, choose))
					break;
			}
			snprintf(w, sizeof w, "hut %s off", el_cname(g, (int)s));
			if (k == EL_H * EL_W && !try_dealt(L, s, w, deal, choose))
				fail_msg("'%s' refused: %s", L->tried.p, L->rej.msg);
		} else {
			return;
		}
	}
}

/* One build of the active seat, if a random candidate the rules take is
 * found: walls, the church, buildings over its own permits. */
static void random_build(live *L, uint64_t *deal, uint64_t *choose)
{
	static const char *const types[] = { "well",  "market", "tavern",  "merchant",
					     "large", "house",	"workshop" };
	char cand[160][32];
	int n = 0;
	const el_game *g = now(L);
	const el_pos *p = &g->pos;
	for (int li = 0; li < 3; li++)
		for (int k = 0; k < g->L->nline[li]; k++) {
			int v = g->L->line[li][k];
			snprintf(cand[n++], 32, "wall %c%d", "NSE"[li],
				 li == LINE_E ? g->d->rownum[v] : v + 1);
		}
	snprintf(cand[n++], 32, "church");
	for (int y = 0; y < EL_H; y++)
		for (int x = 0; x < g->L->cols; x++) {
			if (p->permit[y][x] < 0 || (p->permit[y][x] >> 3) != p->active)
				continue;
			for (int t = 0; t < B_HUT && n < 160; t++)
				for (int dy = 0; dy < g->d->bt[t].h; dy++)
					for (int dx = 0; dx < g->d->bt[t].w && n < 160; dx++)
						if (x >= dx && y >= dy)
							snprintf(cand[n++], 32, "build %s %s",
								 types[t],
								 el_sq(g, x - dx, y - dy));
		}
	for (int tries = 0; tries < 30 && n; tries++) {
		int i = (int)arb_rng_below(choose, (uint32_t)n);
		if (try_dealt(L, p->active, cand[i], deal, choose))
			return;
		memcpy(cand[i], cand[--n], 32);
	}
}

/* A game dealt from `seed` and played by a random player: true when it
 * reached its end. */
static bool dealt_game(uint64_t seed, const char *letters)
{
	uint64_t deal = seed, choose = seed * 0x9e3779b97f4a7c15ull + 1;
	arb_buf tags = { 0 }, out = { 0 };
	OPS->random_tags(et_shared_data, strlen(letters), &choose, &tags);
	char hands[128], w[64];
	snprintf(hands, sizeof hands, "%.*s", (int)(tags.len - 11), tags.p + 8);
	live L;
	live_start(&L, letters, hands, NULL);
	for (int turn = 0; turn < 600 && !OPS->over(L.start); turn++) {
		const el_game *g = L.start;
		unsigned me = g->pos.active;
		arb_buf_reset(&out);
		assert_int_equal(OPS->deal_start(g, &deal, &out), 0);
		int sum = atoi(out.p), ship = g->pos.ship, y = sum <= 6 ? sum - 2 : sum - 3;
		if (sum == 7) {
			int r = (int)arb_rng_below(&choose, EL_H - 1);
			y = r >= ship && ship >= 0 ? r + 1 : r;
		} else if (y == ship) {
			y = y - 2 < 0			? y + 2
			    : y + 2 >= EL_H		? y - 2
			    : arb_rng_below(&choose, 2) ? y - 2
							: y + 2;
		}
		if (sum == 7 || y != (sum <= 6 ? sum - 2 : sum - 3))
			snprintf(w, sizeof w, "%d %d>%d", sum, sum, g->d->rownum[y]);
		else
			snprintf(w, sizeof w, "%d", sum);
		if (!try_dealt(&L, me, w, &deal, &choose))
			fail_msg("the roll '%s' was refused: %s", w, L.rej.msg);
		settle(&L, &deal, &choose);
		for (int b = 0; b < 2 && !OPS->over(now(&L)); b++)
			if (arb_rng_below(&choose, 100) < (b ? 60u : 90u)) {
				random_build(&L, &deal, &choose);
				settle(&L, &deal, &choose);
			}
		if (!OPS->over(now(&L))) {
			const el_seat *ps = &now(&L)->pos.seat[me];
			bool placed = false;
			for (int k = 0; k < 4 && !placed && arb_rng_below(&choose, 4); k++) {
				int v = (int)arb_rng_below(&choose, EL_NPERMIT);
				int x = (int)arb_rng_below(&choose, now(&L)->L->cols);
				int yy = now(&L)->pos.ship + (int)arb_rng_below(&choose, 3) - 1;
				if (v > ps->gold || yy < 0 || yy >= EL_H)
					continue;
				snprintf(w, sizeof w, "permit %d %s", v, el_sq(g, x, yy));
				placed = try_dealt(&L, me, w, &deal, &choose);
			}
			if (!placed && !try_dealt(&L, me, "gold", &deal, &choose))
				fail_msg("'%s' refused: %s", L.tried.p, L.rej.msg);
			if (arb_rng_below(&choose, 100) < 30)
				try_dealt(&L, me, "cash", &deal, &choose);
		}
		live_end(&L);
	}
	bool over = OPS->over(L.start);
	arb_buf_free(&tags);
	arb_buf_free(&out);
	live_stop(&L);
	return over;
}

static void test_dealt_games(void **state)
{
	(void)state;
	static const char *const letters[] = { "RB", "RBG", "RBGY" };
	int over = 0, n = 150;
	for (int i = 0; i < n; i++)
		over += dealt_game((uint64_t)i + 1, letters[i % 3]);
	printf("# %d of %d dealt games reached their end\n", over, n);
	assert_true(over >= n * 9 / 10);
}

/* --------------------------------------- 4: what the rules wait for */

/* asked() of the turn so far must be `what` of `seats`, may_end. */
#define ASKED(L, what_, seats_, may_end_)                                                         \
	do {                                                                                      \
		arb_asked a_;                                                                     \
		OPS->asked(now(L), &a_);                                                          \
		if (strcmp(a_.what, (what_)) || a_.seats != (seats_) || a_.may_end != (may_end_)) \
			fail_msg("after '%s': asked %s of %#x, may_end %d; expected %s of %#x",   \
				 (L)->line.p ? (L)->line.p : "", a_.what, a_.seats, a_.may_end,   \
				 (what_), (unsigned)(seats_));                                    \
	} while (0)

/* Deal `words` for `seat` (rng: dealt) and play what it gives. */
static void deal_play(live *L, unsigned seat, const char *words, uint64_t *rng, arb_buf *out)
{
	if (live_deal(L, seat, words, rng, out) != ARB_DEAL_PLAY)
		fail_msg("deal of '%s': %s", words, L->rej.msg);
	if (live_play(L, out->p) != 0)
		fail_msg("'%s' refused: %s: %s", L->tried.p, L->rej.rule, L->rej.msg);
}

/* The deal of `words` by `seat` is refused by `rule`. */
static void deal_bad(live *L, unsigned seat, const char *words, uint64_t *rng, const char *rule)
{
	arb_buf out = { 0 };
	if (live_deal(L, seat, words, rng, &out) >= 0)
		fail_msg("deal of '%s' by seat %u gave '%s'", words, seat, out.p);
	if (strcmp(L->rej.rule, rule) != 0)
		fail_msg("deal of '%s': %s (%s), expected %s", words, L->rej.rule, L->rej.msg,
			 rule);
	arb_buf_free(&out);
}

/* A record's game after its first `nturns` lines, played live from
 * there. */
typedef struct rec_game {
	FILE *f;
	arb_reader *rd;
	arb_record rec;
	arb_replay r;
	live L;
} rec_game;

static void rec_open(rec_game *R, const char *file, size_t nturns)
{
	memset(R, 0, sizeof *R);
	R->f = fopen(file, "r");
	assert_non_null(R->f);
	R->rd = arb_reader_new(R->f, file);
	arb_diag d;
	assert_int_equal(arb_reader_next(R->rd, &R->rec, &d), 1);
	R->r.rec = &R->rec;
	R->r.games = &arb_registry;
	assert_int_equal(arb_replay_setup(&R->r), 0);
	for (size_t i = 0; i < nturns; i++) {
		el_move m;
		arb_reject rej;
		memset(&m, 0, sizeof m);
		const arb_turn *tu = &R->rec.turns[i];
		assert_int_equal(OPS->parse(R->r.state, R->rec.tok + tu->first, tu->ntok, &m, &rej),
				 0);
		assert_int_equal(OPS->apply(R->r.state, &m, NULL, &rej), 0);
	}
	live_on(&R->L, twin(&R->r.setup), &R->r.setup);
	OPS->copy(R->L.start, R->r.state);
}

static void rec_close(rec_game *R)
{
	OPS->destroy(R->L.start);
	live_stop(&R->L);
	arb_replay_free(&R->r);
	arb_reader_free(R->rd);
	fclose(R->f);
}

/* The roll, the income, the turn: Red and Blue's huts stand in row 4. */
static void test_asked_roll_income(void **state)
{
	(void)state;
	live L;
	arb_buf out = { 0 };
	uint64_t rng = 5;
	live_start(&L, "RB", "Red=r Blue=g", NULL);
	ASKED(&L, "roll", 1u, false);
	deal_bad(&L, 1, "4", NULL, "turn-order");
	assert_int_equal(OPS->deal_start(L.start, &rng, &out), 0);
	assert_true(atoi(out.p) >= 2 && atoi(out.p) <= 12);
	/* the dealt sum first (the referee writes it), the ship's row after */
	assert_int_equal(live_deal(&L, 0, "7 7>5", &rng, &out), ARB_DEAL_PLAY);
	assert_string_equal(out.p, "7>5");
	assert_int_equal(live_deal(&L, 0, "7 >5", &rng, &out), ARB_DEAL_PLAY);
	assert_string_equal(out.p, "7>5");
	deal_bad(&L, 0, "7 9>5", &rng, "syntax");
	deal_bad(&L, 0, "4 gold", &rng, "syntax"); /* dealt: one item at a time */
	/* supplied: several items of the turn in one request, as a line */
	assert_int_equal(live_deal(&L, 0, "4 gold", NULL, &out), ARB_DEAL_PLAY);
	assert_string_equal(out.p, "4 gold");
	deal_bad(&L, 0, "4 hut Blue 6,6", NULL, "turn-order"); /* Blue's to move */
	deal_play(&L, 0, "4", NULL, &out);
	ASKED(&L, "income", 1u, false);
	deal_bad(&L, 0, "4", NULL, "item-order");
	deal_bad(&L, 1, "+", &rng, "turn-order");
	deal_bad(&L, 0, "+rb", &rng, "syntax"); /* the dealer draws */
	assert_int_equal(live_deal(&L, 0, "+", &rng, &out), ARB_DEAL_PLAY);
	assert_true(out.len == 3 && out.p[0] == '+'); /* two huts, two cards */
	/* the line cannot go on before the income */
	assert_int_equal(live_play(&L, "gold"), -1);
	assert_string_equal(L.rej.rule, "draw-count");
	deal_play(&L, 0, "+rb", NULL, &out);
	ASKED(&L, "turn", 1u, false);
	deal_play(&L, 0, "gold", NULL, &out);
	ASKED(&L, "turn", 1u, true);
	live_end(&L);
	ASKED(&L, "roll", 2u, false);
	assert_int_equal(L.start->pos.seat[0].infl[IR] + L.start->pos.seat[0].infl[IB], 2);
	arb_buf_free(&out);
	live_stop(&L);
}

/* The rulebook's pirates (corpus/elasund/example-pirates.tgn): Blue
 * rolls 7 and sends them to row 8, where Blue has 3 cubes and Green 1;
 * each discards for itself, then Blue draws loot for its tower. */
static void test_asked_pirates(void **state)
{
	(void)state;
	rec_game R;
	live *L = &R.L;
	arb_buf out = { 0 };
	uint64_t rng = 9;
	rec_open(&R, "corpus/elasund/example-pirates.tgn", 48);
	ASKED(L, "roll", 1u, false);
	deal_play(L, 0, "7>8", NULL, &out);
	ASKED(L, "discard", 3u, false);
	deal_bad(L, 0, "discard Green=1", NULL, "turn-order");
	deal_play(L, 1, "discard Green=1", NULL, &out);
	ASKED(L, "discard", 1u, false);
	deal_bad(L, 0, "loot", &rng, "loot-count"); /* Blue's discard first */
	deal_play(L, 0, "Blue=2r", NULL, &out);
	assert_string_equal(out.p, "discard Blue=2r");
	ASKED(L, "loot", 1u, false);
	assert_int_equal(live_deal(L, 0, "loot", &rng, &out), ARB_DEAL_PLAY);
	assert_true(out.len == 6 && !strncmp(out.p, "loot ", 5)); /* one tower: 1 card */
	deal_play(L, 0, "loot 1r", NULL, &out);
	ASKED(L, "turn", 1u, false);
	deal_play(L, 0, "gold", NULL, &out);
	ASKED(L, "turn", 1u, true);
	/* the record holds the discards in one item, as fmt writes them */
	el_move m;
	arb_token tok[LINE_MAX_TOK];
	size_t n;
	assert_int_equal(parse_text(L->start, L->line.p, &m, tok, &n, &L->rej), 0);
	arb_buf_reset(&out);
	OPS->format(L->start, &m, &out);
	assert_string_equal(out.p, "Blue 7>8 discard Blue=2r Green=1 loot 1r gold");
	live_end(L);
	arb_buf_free(&out);
	rec_close(&R);
}

/* A shortage (corpus/elasund/rule-halve-count-ok.tgn, line 224): every
 * seat halves its influence cards, each for itself. */
static void test_asked_halve(void **state)
{
	(void)state;
	rec_game R;
	live *L = &R.L;
	arb_buf out = { 0 };
	rec_open(&R, "corpus/elasund/rule-halve-count-ok.tgn", 214);
	ASKED(L, "roll", 4u, false);
	deal_play(L, 2, "10", NULL, &out);
	ASKED(L, "halve", 15u, false);
	deal_play(L, 0, "halve Red=rbbgg", NULL, &out);
	ASKED(L, "halve", 14u, false);
	deal_bad(L, 2, "Blue=rbg", NULL, "turn-order");
	deal_play(L, 1, "Blue=rbg", NULL, &out);
	assert_string_equal(out.p, "halve Blue=rbg");
	deal_play(L, 3, "halve Yellow=bbbbgg", NULL, &out);
	ASKED(L, "halve", 4u, false);
	deal_play(L, 2, "halve Green=rrrgg", NULL, &out);
	ASKED(L, "turn", 4u, false);
	deal_play(L, 2, "gold", NULL, &out);
	live_end(L);
	arb_buf_free(&out);
	rec_close(&R);
}

/* Displaced huts (corpus/elasund/rule-hut-order-bad.tgn, its last
 * line): Blue's tavern displaces Blue's long hut and Yellow's hut; each
 * owner moves its own, the builder's first. */
static void test_asked_huts(void **state)
{
	(void)state;
	rec_game R;
	live *L = &R.L;
	arb_buf out = { 0 };
	rec_open(&R, "corpus/elasund/rule-hut-order-bad.tgn", 179);
	deal_play(L, 2, "6", NULL, &out);
	deal_play(L, 2, "build tavern 1,6", NULL, &out);
	ASKED(L, "huts", 4u, false);
	assert_int_equal(live_play(L, "gold"), -1); /* not before the huts */
	assert_string_equal(L->rej.rule, "hut-missing");
	assert_int_equal(live_play(L, "hut Yellow 4,3"), -1);
	assert_string_equal(L->rej.rule, "hut-order");
	deal_play(L, 2, "hut Blue 6,10", NULL, &out);
	ASKED(L, "huts", 1u, false);
	deal_bad(L, 2, "hut Yellow 4,3", NULL, "turn-order");
	deal_play(L, 0, "hut Yellow 4,3", NULL, &out);
	ASKED(L, "turn", 4u, false);
	deal_play(L, 2, "gold", NULL, &out);
	ASKED(L, "turn", 4u, true);
	live_end(L);
	arb_buf_free(&out);
	rec_close(&R);
}

/* The church tiles and a wall's cards, dealt; the game over after the
 * winning build (corpus/elasund/rule-game-over-bad-2.tgn). */
static void test_asked_church_wall_over(void **state)
{
	(void)state;
	live L;
	arb_buf out = { 0 };
	uint64_t rng = 77;
	live_start(&L, "RB", "Red=r Blue=g", NULL);
	L.start->pos.seat[0].gold = 20; /* from Blue's hand: the bank's total holds */
	L.start->pos.seat[1].gold = 0;
	deal_play(&L, 0, "8", NULL, &out); /* row 8 pays gold only */
	ASKED(&L, "turn", 1u, false);
	deal_bad(&L, 0, "church 5/9", &rng, "syntax"); /* the dealer draws */
	assert_int_equal(live_deal(&L, 0, "church", &rng, &out), ARB_DEAL_CHOOSE);
	int a, b, c, d;
	assert_int_equal(sscanf(out.p, "church %d/%d|church %d/%d", &a, &b, &c, &d), 4);
	assert_true(a != b && a == d && b == c && a >= 1 && a <= 9 && b >= 1 && b <= 9);
	char kept[32];
	snprintf(kept, sizeof kept, "church %d/%d", a, b);
	assert_int_equal(live_play(&L, kept), 0);
	assert_int_equal(live_deal(&L, 0, "church", &rng, &out), ARB_DEAL_PLAY);
	assert_int_equal(sscanf(out.p, "church %d", &c), 1);
	assert_true(c != a && c != b); /* not built, not under the stack */
	assert_int_equal(live_deal(&L, 0, "wall N3", &rng, &out), ARB_DEAL_PLAY);
	assert_true(out.len == 10 && !strncmp(out.p, "wall N3 +", 9)); /* tile 1: a card */
	arb_buf_free(&out);
	live_stop(&L);

	rec_game R;
	arb_buf o2 = { 0 };
	rec_open(&R, "corpus/elasund/rule-game-over-bad-2.tgn", 0);
	deal_play(&R.L, 0, "11", NULL, &o2);
	deal_play(&R.L, 0, "build tavern 2,3", NULL, &o2);
	ASKED(&R.L, "over", 0u, true);
	deal_bad(&R.L, 1, "hut Blue 4,5", NULL, "game-over");
	live_end(&R.L);
	arb_buf_free(&o2);
	rec_close(&R);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_generated_prefixes),
		cmocka_unit_test(test_corpus_refusals),
		cmocka_unit_test(test_dealt_games),
		cmocka_unit_test(test_asked_roll_income),
		cmocka_unit_test(test_asked_pirates),
		cmocka_unit_test(test_asked_halve),
		cmocka_unit_test(test_asked_huts),
		cmocka_unit_test(test_asked_church_wall_over),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
