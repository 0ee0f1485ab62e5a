/*
 * test_choices.c — the choices op (src/games/elasund/choices.c) against
 * the generator: over GAMES seeded random games (random_tags and
 * random_turn; 2, 3 and 4 seats in turn, a quarter of them under each set
 * of rule options, as test_moves_agree.c), each turn line is played as
 * the referee plays it, action by action (el_actions cuts it, apply_open
 * plays the actions before the one looked at), and
 *
 *   - completeness: the action gen played, its chance left out as the
 *     seat writes it at a dealing table (`+rb` is `+`, `loot 1b` is
 *     `loot`, `wall N4 +r` is `wall N4`, `church 5/9` is `church`; a bare
 *     `Blue=1` after another seat's discard is `discard Blue=1`), is among
 *     the choices listed for the seat that plays it (the roll both with
 *     its sum dealt and with none, as a table whose seats supply chance
 *     asks);
 *   - tightness: at every SOUND_EVERY-th listing, each candidate is dealt
 *     its chance (deal(), as the referee deals it) and played with
 *     apply_open after the actions before it: none may be refused.
 *
 * Prints the number of listings and the mean and largest number of
 * candidates.  -DGAMES=N for a longer or shorter run, -DSEATS=4 for games
 * of one player count only.
 */
#include "elasund_test.h"

#ifndef GAMES
#define GAMES 1000
#endif
#ifndef SEATS
#define SEATS 0 /* -DSEATS=4: only games of 4 (to measure one count) */
#endif
#define SOUND_EVERY 97
#define MAXLINE 512

typedef struct probe {
	char want[MAXLINE];
	bool found;
	size_t n;
	char (*all)[64]; /* every candidate, when `keep`   */
	size_t nall, cap;
	bool keep;
} probe;

static void seek(void *ctx, const char *action)
{
	probe *p = ctx;
	p->n++;
	if (!p->found && !strcmp(action, p->want))
		p->found = true;
	if (!p->keep)
		return;
	if (p->nall == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 1024;
		p->all = realloc(p->all, p->cap * sizeof *p->all);
		assert_non_null(p->all);
	}
	assert_true(strlen(action) < sizeof p->all[0]);
	snprintf(p->all[p->nall++], sizeof p->all[0], "%s", action);
}

typedef struct stats {
	size_t calls, cands, max, sound_calls, sound_cands;
	char max_at[MAXLINE];
} stats;

/* Action `a` (one item of a gen line) as a seat writes it when the
 * dealer deals its chance, into out; `roll` is the line's dice sum. */
static void strip(const char *a, int roll, char *out, size_t cap)
{
	char w[4][64];
	int n = sscanf(a, "%63s %63s %63s %63s", w[0], w[1], w[2], w[3]);
	if (w[0][0] == '+')
		snprintf(out, cap, "+");
	else if (!strcmp(w[0], "loot") || !strcmp(w[0], "church"))
		snprintf(out, cap, "%s", w[0]);
	else if (!strcmp(w[0], "wall") && n >= 2)
		snprintf(out, cap, "wall %s", w[1]);
	else if (strchr(w[0], '=')) {
		if (snprintf(out, cap, "%s %s", roll == 7 ? "discard" : "halve", a) >= (int)cap)
			fail_msg("action too long for the test's buffer: %s", a);
	} else
		snprintf(out, cap, "%s", a);
}

/* The seat that plays action `a` of a line of seat `me`: a discard, a
 * halving and a hut move are the named colour's. */
static unsigned actor(const el_game *g, const char *a, unsigned me)
{
	char w[2][64];
	int n = sscanf(a, "%63s %63s", w[0], w[1]);
	const char *colour = strchr(w[0], '=') ? w[0]
			     : n == 2 && (!strcmp(w[0], "discard") || !strcmp(w[0], "halve") ||
					  !strcmp(w[0], "hut") || !strcmp(w[0], "longhut"))
				     ? w[1]
				     : NULL;
	if (!colour)
		return me;
	for (unsigned s = 0; s < g->nseats; s++) {
		const char *c = el_cname(g, (int)s);
		size_t len = strlen(c);
		if (!strncmp(colour, c, len) && (colour[len] == '\0' || colour[len] == '='))
			return s;
	}
	fail_msg("'%s' names no seat", a);
	return me;
}

/* Play `line` (a turn line cut short) with apply_open on *work, a copy
 * of g; 0, or -1 with *rej. */
static int play_open(const el_game *g, el_game *work, const char *line, arb_reject *rej)
{
	arb_token tok[ET_MAX_TOKENS];
	el_move m;
	*work = *g; /* shallow: no sink, so its event buffers stay unused */
	size_t n = arb_split_tokens(line, strlen(line), 1, 1, tok, ET_MAX_TOKENS);
	memset(&m, 0, sizeof m);
	if (n == 0 || n > ET_MAX_TOKENS || OPS->parse(work, tok, n, &m, rej) < 0)
		return -1;
	return OPS->apply_open(work, &m, NULL, rej);
}

/* Every candidate of p, dealt its chance by `seat` after `prefix` (the
 * turn so far, from g's position), is accepted. */
static void sound(const el_game *g, const el_game *at, unsigned seat, const char *prefix,
		  const probe *p, uint64_t *rng, stats *st)
{
	el_game *work = malloc(sizeof *work);
	assert_non_null(work);
	arb_buf dealt = { 0 };
	char line[MAXLINE];
	for (size_t i = 0; i < p->nall; i++) {
		arb_token tok[16];
		arb_reject rej;
		memset(&rej, 0, sizeof rej);
		size_t n = arb_split_tokens(p->all[i], strlen(p->all[i]), 1, 1, tok, 16);
		arb_buf_reset(&dealt);
		int rc = OPS->deal(at, seat, tok, n, rng, &dealt, NULL, &rej);
		if (rc < 0)
			fail_msg("after '%s': %s's candidate '%s': deal refuses it: %s %s", prefix,
				 el_cname(g, (int)seat), p->all[i], rej.rule ? rej.rule : "",
				 rej.msg);
		char *bar = strchr(dealt.p, '|'); /* church A/B|church B/A */
		if (bar)
			*bar = '\0';
		snprintf(line, sizeof line, "%s %s", prefix, dealt.p);
		if (play_open(g, work, line, &rej) < 0)
			fail_msg("%s's candidate '%s' is refused: '%s': %s: %s",
				 el_cname(g, (int)seat), p->all[i], line, rej.rule, rej.msg);
		st->sound_cands++;
	}
	st->sound_calls++;
	arb_buf_free(&dealt);
	free(work);
}

/* List seat's choices at `at` (start: the dealt sum or "") and find `want`. */
static void look(const el_game *g, const el_game *at, unsigned seat, const char *start,
		 const char *want, const char *prefix, const char *line, uint64_t *rng, stats *st,
		 probe *p)
{
	snprintf(p->want, sizeof p->want, "%s", want);
	p->found = false;
	p->n = p->nall = 0;
	p->keep = st->calls % SOUND_EVERY == 0;
	size_t n = OPS->choices(at, seat, start, seek, p);
	assert_int_equal(n, p->n);
	if (!p->found)
		fail_msg("the game plays '%s' in '%s' (start '%s'), and %s's %zu choices after "
			 "'%s' do not list '%s'",
			 want, line, start, el_cname(g, (int)seat), n, prefix, want);
	st->calls++;
	st->cands += n;
	if (n > st->max) {
		st->max = n;
		snprintf(st->max_at, sizeof st->max_at, "%s", prefix);
	}
	if (p->keep)
		sound(g, at, seat, prefix, p, rng, st);
}

/* Each action of gen's line `line` (not yet played on t) is listed. */
static void check_line(tg_game *t, const char *line, uint64_t *rng, stats *st, probe *p,
		       el_game *work)
{
	const el_game *g = t->g;
	arb_token tok[ET_MAX_TOKENS];
	size_t nt = arb_split_tokens(line, strlen(line), 1, 1, tok, ET_MAX_TOKENS);
	el_move m;
	arb_reject rej;
	memset(&m, 0, sizeof m);
	assert_int_equal(OPS->parse(g, tok, nt, &m, &rej), 0);
	uint32_t cols[ET_MAX_TOKENS];
	size_t na = OPS->actions(g, &m, cols, ET_MAX_TOKENS);
	size_t k = 1; /* token 0 is the colour */
	char prefix[MAXLINE], action[MAXLINE], want[MAXLINE], sum[8];
	snprintf(prefix, sizeof prefix, "%.*s", (int)tok[0].len, tok[0].s);
	snprintf(sum, sizeof sum, "%u", m.roll);
	for (size_t a = 0; a < na; a++) {
		size_t end = nt;
		for (size_t j = k; j < nt && a + 1 < na; j++)
			if (tok[j].col == cols[a + 1]) {
				end = j;
				break;
			}
		action[0] = '\0';
		for (size_t j = k; j < end; j++)
			snprintf(action + strlen(action), sizeof action - strlen(action), "%s%.*s",
				 j > k ? " " : "", (int)tok[j].len, tok[j].s);
		strip(action, m.roll, want, sizeof want);
		const el_game *at = g;
		if (a) {
			if (play_open(g, work, prefix, &rej) < 0)
				fail_msg("apply_open refuses '%s' of '%s': %s: %s", prefix, line,
					 rej.rule, rej.msg);
			at = work;
		}
		unsigned seat = actor(g, action, m.seat);
		look(g, at, seat, a ? sum : "", want, prefix, line, rng, st, p);
		if (!a)
			look(g, at, seat, sum, want, prefix, line, rng, st, p);
		size_t used = strlen(prefix);
		if (snprintf(prefix + used, sizeof prefix - used, " %s", action) >=
		    (int)(sizeof prefix - used))
			fail_msg("line too long for the test's buffer: %s", line);
		k = end;
	}
}

/* One random game of `nseats` from `seed`, every action checked. */
static void check_game(unsigned nseats, uint64_t seed, stats *st, probe *p, el_game *work)
{
	static const char *const tables[] = { "", "", "RB", "RBG", "RBGY" };
	static const char *const variants[] = {
		NULL,
		"huts=bigger",
		NULL,
		"huts=bigger walls=blue-first halve=up track=uncapped mills=near cards=smart",
	};
	uint64_t rng = seed, deal = seed * 7919;
	arb_buf tags = { 0 }, line = { 0 };
	OPS->random_tags(et_shared_data, nseats, &rng, &tags);
	char hands[128];
	snprintf(hands, sizeof hands, "%.*s", (int)(tags.len - 11), tags.p + 8);
	arb_buf_free(&tags);
	tg_game t;
	tg_start(&t, tables[nseats], hands, variants[seed / 3 % 4]);
	t.et.listen = false; /* a game's events would overflow the harness */
	while (!OPS->over(t.g)) {
		arb_buf_reset(&line);
		if (OPS->random_turn(t.g, &rng, &line) < 0)
			break;
		check_line(&t, line.p, &deal, st, p, work);
		et_ok(&t.et, line.p);
	}
	arb_buf_free(&line);
	et_end(&t.et);
}

static void test_choices_list_gen(void **state)
{
	(void)state;
	stats st = { 0 };
	probe p = { 0 };
	el_game *work = malloc(sizeof *work);
	assert_non_null(work);
	for (uint64_t seed = 1; seed <= GAMES; seed++)
		check_game(SEATS ? SEATS : 2 + (unsigned)(seed % 3), seed, &st, &p, work);
	print_message("%d games: %zu listings, %.1f candidates on average, at most %zu (after "
		      "'%s'); %zu listings dry-run, %zu candidates, all accepted\n",
		      GAMES, st.calls, (double)st.cands / (double)st.calls, st.max, st.max_at,
		      st.sound_calls, st.sound_cands);
	assert_true(st.sound_cands > 0);
	free(work);
	free(p.all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choices_list_gen),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
