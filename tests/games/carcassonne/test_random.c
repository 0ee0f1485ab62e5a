/*
 * test_random.c — random legal games checked against a slow, obviously
 * correct reference model.
 *
 * Each game shuffles the 71 drawable tiles with a fixed seed, asks the
 * engine's moves() for the legal moves of the drawn tile, picks one at
 * random (a discard when moves() offers only that), and plays it through
 * parse() + apply() as the tool would.  After every turn the reference
 * recomputes every feature from scratch by flood fill over the tiles on the
 * board (no union-find, no counters: a road or city is complete when every
 * side of every segment has a neighbour), scores what is complete and
 * occupied, and compares the scores with the engine's.  The final scoring
 * (incomplete features, farms) is recomputed the same way.
 *
 * The reference also checks moves() itself: the placements it lists are
 * exactly the (cell, rotation) pairs whose touching edges all match, and a
 * follower spot is listed exactly when the feature (after the placement)
 * holds no follower.
 */
#include <time.h>

#include "cc_test.h"

#define RW 200 /* reference grid, origin in the middle */

typedef struct ref_tile {
	int type, rot, x, y;
	int fol[CC_MAXSEG]; /* seat of the follower per segment, -1 */
} ref_tile;

typedef struct ref {
	const cc_data *d;
	unsigned nseats;
	ref_tile t[CC_MAXTILES];
	int n;
	short grid[RW][RW]; /* tile index + 1 */
	int score[CC_MAXSEATS];
	int supply[CC_MAXSEATS];
	/* flood fill results */
	int comp[CC_MAXTILES][CC_MAXSEG];
	int ncomp;
} ref;

static const cc_orient *ro(const ref *r, int i)
{
	return &r->d->type[r->t[i].type].rot[r->t[i].rot];
}

static int rat(const ref *r, int x, int y)
{
	return r->grid[y + RW / 2][x + RW / 2] - 1;
}

/* Flood fill every feature; comp[t][seg] = component id. */
static void ref_fill(ref *r)
{
	static int stack[CC_MAXTILES * CC_MAXSEG][2];
	for (int i = 0; i < r->n; i++)
		for (int k = 0; k < CC_MAXSEG; k++)
			r->comp[i][k] = -1;
	r->ncomp = 0;
	for (int i = 0; i < r->n; i++) {
		const cc_type *ty = &r->d->type[r->t[i].type];
		for (int k = 0; k < ty->nseg; k++) {
			if (r->comp[i][k] >= 0)
				continue;
			int c = r->ncomp++, sp = 0;
			r->comp[i][k] = c;
			stack[sp][0] = i;
			stack[sp++][1] = k;
			while (sp) {
				sp--;
				int a = stack[sp][0], b = stack[sp][1];
				const cc_seg *sg = &ro(r, a)->seg[b];
				for (int h = 0; h < 8; h++) {
					int s = h / 2;
					bool on = sg->kind == CC_FIELD ? sg->halves >> h & 1
						  : sg->kind == CC_CLOISTER
							  ? false
							  : (h % 2 == 0) && (sg->sides >> s & 1);
					if (!on)
						continue;
					int nb = rat(r, r->t[a].x + cc_dx[s], r->t[a].y + cc_dy[s]);
					if (nb < 0)
						continue;
					int os = (s + 2) % 4;
					int j = sg->kind == CC_FIELD
							? ro(r, nb)->half_seg[2 * os + 1 - h % 2]
							: ro(r, nb)->side_seg[os];
					assert_true(j >= 0);
					if (r->comp[nb][j] < 0) {
						r->comp[nb][j] = c;
						stack[sp][0] = nb;
						stack[sp++][1] = j;
					}
				}
			}
		}
	}
}

/* Is component c (road or city) closed: every side of it has a tile? */
static bool ref_closed(const ref *r, int c)
{
	for (int i = 0; i < r->n; i++) {
		const cc_type *ty = &r->d->type[r->t[i].type];
		for (int k = 0; k < ty->nseg; k++) {
			if (r->comp[i][k] != c)
				continue;
			const cc_seg *sg = &ro(r, i)->seg[k];
			for (int s = 0; s < 4; s++)
				if ((sg->sides >> s & 1) &&
				    rat(r, r->t[i].x + cc_dx[s], r->t[i].y + cc_dy[s]) < 0)
					return false;
		}
	}
	return true;
}

typedef struct ref_info {
	int kind, tiles, shields, fol[CC_MAXSEATS];
} ref_info;

static ref_info ref_info_of(const ref *r, int c)
{
	ref_info in = { 0 };
	for (int i = 0; i < r->n; i++) {
		const cc_type *ty = &r->d->type[r->t[i].type];
		bool here = false;
		for (int k = 0; k < ty->nseg; k++) {
			if (r->comp[i][k] != c)
				continue;
			here = true;
			in.kind = ro(r, i)->seg[k].kind;
			in.shields += ro(r, i)->seg[k].shield;
			if (r->t[i].fol[k] >= 0)
				in.fol[r->t[i].fol[k]]++;
		}
		in.tiles += here;
	}
	return in;
}

/* Seats holding the most followers, as a mask. */
static unsigned ref_owners(const ref *r, const int *fol)
{
	int best = 0;
	unsigned mask = 0;
	for (unsigned s = 0; s < r->nseats; s++)
		if (fol[s] > best) {
			best = fol[s];
			mask = 1u << s;
		} else if (fol[s] == best && best > 0) {
			mask |= 1u << s;
		}
	return mask;
}

static void ref_release(ref *r, int c)
{
	for (int i = 0; i < r->n; i++)
		for (int k = 0; k < CC_MAXSEG; k++)
			if (r->comp[i][k] == c && r->t[i].fol[k] >= 0) {
				r->supply[r->t[i].fol[k]]++;
				r->t[i].fol[k] = -1;
			}
}

static int ref_neigh(const ref *r, int i)
{
	int n = 0;
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			n += (dx || dy) && rat(r, r->t[i].x + dx, r->t[i].y + dy) >= 0;
	return n;
}

static void ref_place(ref *r, int type, int rot, int x, int y, int fseg, int seat)
{
	ref_tile *t = &r->t[r->n];
	t->type = type;
	t->rot = rot;
	t->x = x;
	t->y = y;
	for (int k = 0; k < CC_MAXSEG; k++)
		t->fol[k] = -1;
	if (fseg >= 0) {
		t->fol[fseg] = seat;
		r->supply[seat]--;
	}
	r->grid[y + RW / 2][x + RW / 2] = (short)(++r->n);
	ref_fill(r);
	for (int c = 0; c < r->ncomp; c++) {
		ref_info in = ref_info_of(r, c);
		if ((in.kind != CC_ROAD && in.kind != CC_CITY) || !ref_closed(r, c))
			continue;
		unsigned own = ref_owners(r, in.fol);
		int pts = in.kind == CC_ROAD ? in.tiles : 2 * in.tiles + 2 * in.shields;
		for (unsigned s = 0; s < r->nseats; s++)
			if (own >> s & 1)
				r->score[s] += pts;
		ref_release(r, c);
	}
	for (int i = 0; i < r->n; i++) {
		const cc_type *ty = &r->d->type[r->t[i].type];
		if (ty->cloister && r->t[i].fol[ty->cloister_seg] >= 0 && ref_neigh(r, i) == 8) {
			int s = r->t[i].fol[ty->cloister_seg];
			r->score[s] += 9;
			r->supply[s]++;
			r->t[i].fol[ty->cloister_seg] = -1;
		}
	}
}

static void ref_final(ref *r)
{
	ref_fill(r);
	for (int c = 0; c < r->ncomp; c++) {
		ref_info in = ref_info_of(r, c);
		if (in.kind != CC_ROAD && in.kind != CC_CITY)
			continue;
		unsigned own = ref_owners(r, in.fol);
		int pts = in.tiles + (in.kind == CC_CITY ? in.shields : 0);
		for (unsigned s = 0; s < r->nseats; s++)
			if (own >> s & 1)
				r->score[s] += pts;
	}
	for (int i = 0; i < r->n; i++) {
		const cc_type *ty = &r->d->type[r->t[i].type];
		if (ty->cloister && r->t[i].fol[ty->cloister_seg] >= 0)
			r->score[r->t[i].fol[ty->cloister_seg]] += 1 + ref_neigh(r, i);
	}
	/* farms: 3 per distinct completed city per field, to its owners */
	static bool city_done[CC_MAXTILES * CC_MAXSEG], seen[CC_MAXTILES * CC_MAXSEG];
	for (int c = 0; c < r->ncomp; c++) {
		ref_info in = ref_info_of(r, c);
		city_done[c] = in.kind == CC_CITY && ref_closed(r, c);
	}
	for (int c = 0; c < r->ncomp; c++) {
		ref_info in = ref_info_of(r, c);
		if (in.kind != CC_FIELD)
			continue;
		unsigned own = ref_owners(r, in.fol);
		if (!own)
			continue;
		memset(seen, 0, sizeof seen);
		int cities = 0;
		for (int i = 0; i < r->n; i++) {
			const cc_type *ty = &r->d->type[r->t[i].type];
			for (int k = 0; k < ty->nseg; k++) {
				if (r->comp[i][k] != c)
					continue;
				unsigned m = ro(r, i)->seg[k].cities;
				for (int j = 0; j < CC_MAXSEG; j++) {
					int cc = r->comp[i][j];
					if ((m >> j & 1) && city_done[cc] && !seen[cc]) {
						seen[cc] = true;
						cities++;
					}
				}
			}
		}
		for (unsigned s = 0; s < r->nseats; s++)
			if (own >> s & 1)
				r->score[s] += 3 * cities;
	}
}

/* ------------------------------------------------------------ driving */

typedef struct movelist {
	char line[2048][48];
	size_t n;
} movelist;

static void collect(void *ctx, const char *move)
{
	movelist *ml = ctx;
	assert_true(ml->n < 2048);
	snprintf(ml->line[ml->n++], sizeof ml->line[0], "%s", move);
}

static uint64_t rng_state;
static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rng_state >> 33) % n);
}

/* Does the reference agree that tile `type` turned `rot` fits at x,y? */
static bool ref_fits(const ref *r, int type, int rot, int x, int y)
{
	if (rat(r, x, y) >= 0)
		return false;
	const cc_orient *o = &r->d->type[type].rot[rot];
	bool touch = false;
	for (int s = 0; s < 4; s++) {
		int nb = rat(r, x + cc_dx[s], y + cc_dy[s]);
		if (nb < 0)
			continue;
		touch = true;
		if (ro(r, nb)->edge[(s + 2) % 4] != o->edge[s])
			return false;
	}
	return touch;
}

/* Put the tile at x,y on the reference board for a moment and tell,
 * per segment, whether its feature would hold a follower (bit k). */
static unsigned ref_occupied(ref *r, int type, int rot, int x, int y)
{
	ref_tile *t = &r->t[r->n];
	t->type = type;
	t->rot = rot;
	t->x = x;
	t->y = y;
	for (int k = 0; k < CC_MAXSEG; k++)
		t->fol[k] = -1;
	r->grid[y + RW / 2][x + RW / 2] = (short)(++r->n);
	ref_fill(r);
	unsigned occ = 0;
	const cc_type *ty = &r->d->type[type];
	for (int k = 0; k < ty->nseg; k++) {
		if (ty->rot[rot].seg[k].kind == CC_CLOISTER)
			continue;
		ref_info in = ref_info_of(r, r->comp[r->n - 1][k]);
		for (unsigned s = 0; s < r->nseats; s++)
			if (in.fol[s])
				occ |= 1u << k;
	}
	r->grid[y + RW / 2][x + RW / 2] = 0;
	r->n--;
	ref_fill(r);
	return occ;
}

/* A game created from g's snapshot: it must print the same snapshot,
 * board and standing.  Returns it (the caller destroys it). */
static void *from_snapshot(et_game *t)
{
	arb_buf snap = { 0 }, a = { 0 }, b = { 0 };
	OPS->snapshot(t->g, &snap);
	arb_tag tag = { "Setup", snap.p, 4, 1 };
	arb_setup setup = t->setup;
	setup.setup = &tag;
	arb_reject rej;
	void *g2 = OPS->create(t->data, &setup, NULL, &rej);
	if (!g2)
		fail_msg("snapshot refused: %s\n%s", rej.msg, snap.p);
	OPS->snapshot(g2, &a);
	if (strcmp(a.p, snap.p)) {
		size_t i = 0;
		while (a.p[i] == snap.p[i])
			i++;
		fail_msg("snapshots differ at byte %zu:\n  %.80s\n  %.80s", i,
			 snap.p + (i > 20 ? i - 20 : 0), a.p + (i > 20 ? i - 20 : 0));
	}
	arb_buf_reset(&a);
	OPS->dump(t->g, 0, &a);
	OPS->dump(g2, 0, &b);
	assert_string_equal(a.p, b.p);
	arb_standing s1, s2;
	OPS->standing(t->g, &s1);
	OPS->standing(g2, &s2);
	assert_memory_equal(&s1, &s2, sizeof s1);
	arb_buf_free(&snap);
	arb_buf_free(&a);
	arb_buf_free(&b);
	return g2;
}

static void play_random_game(void *data, unsigned nseats, uint64_t seed, int *discards)
{
	const cc_data *d = data;
	rng_state = seed;
	et_game t;
	et_start_n(&t, OPS, data, nseats);
	static ref r;
	memset(&r, 0, sizeof r);
	r.d = d;
	r.nseats = nseats;
	for (unsigned s = 0; s < nseats; s++)
		r.supply[s] = (int)d->followers;
	ref_place(&r, (int)d->start, 0, 0, 0, -1, 0);
	/* the bag */
	int bag[CC_MAXTILES], nbag = 0;
	for (unsigned i = 0; i < d->ntypes; i++)
		for (unsigned k = 0; k + (i == d->start) < d->type[i].count; k++)
			bag[nbag++] = (int)i;
	for (int i = nbag - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1), x = bag[i];
		bag[i] = bag[j];
		bag[j] = x;
	}
	static movelist ml;
	et_game twin = t; /* follows the game from a snapshot at turn 40 */
	twin.g = NULL;
	twin.move = calloc(1, OPS->move_size); /* its own, et_end frees it */
	assert_non_null(twin.move);
	for (int b = 0; b < nbag; b++) {
		cc_game *g = t.g;
		assert_false(OPS->over(t.g));
		cc_move next = { .type = (uint8_t)bag[b] };
		ml.n = 0;
		size_t n = OPS->moves(t.g, &next, collect, &ml);
		assert_int_equal(n, ml.n);
		assert_true(n > 0);
		/* placements and follower spots against the reference */
		int nplace = 0;
		for (int y = -80; y <= 80; y++)
			for (int x = -80; x <= 80; x++)
				for (int rot = 0; rot < 4; rot++)
					nplace += ref_fits(&r, bag[b], rot, x, y);
		int listed = 0;
		for (size_t i = 0; i < ml.n; i++) {
			arb_token tok[8];
			size_t nt = arb_split_tokens(ml.line[i], strlen(ml.line[i]), 1, 1, tok, 8);
			cc_move m;
			memset(&m, 0, sizeof m);
			assert_int_equal(OPS->parse(t.g, tok, nt, &m, &t.rej), 0);
			if (m.discard)
				continue;
			assert_true(ref_fits(&r, m.type, m.rot, m.x, m.y));
			if (m.fkind == CC_KNONE) {
				listed++;
				/* every free spot of this placement must be listed */
				const cc_type *ty = &d->type[m.type];
				unsigned occmask = ref_occupied(&r, m.type, m.rot, m.x, m.y);
				for (int k = 0; k < ty->nseg; k++) {
					bool occ = occmask >> k & 1;
					bool found = false;
					for (size_t j = i + 1; j < ml.n && !found; j++) {
						cc_move m2;
						memset(&m2, 0, sizeof m2);
						nt = arb_split_tokens(ml.line[j],
								      strlen(ml.line[j]), 1, 1, tok,
								      8);
						assert_int_equal(OPS->parse(t.g, tok, nt, &m2,
									    &t.rej),
								 0);
						found = m2.x == m.x && m2.y == m.y &&
							m2.rot == m.rot && m2.fkind != CC_KNONE &&
							m2.seg == k;
					}
					if (g->supply[g->turn] > 0)
						assert_int_equal(found, !occ);
					else
						assert_false(found);
				}
			}
		}
		assert_int_equal(listed, nplace);
		const char *pick = ml.line[rnd((unsigned)ml.n)];
		if (nplace == 0)
			(*discards)++;
		unsigned seat = g->turn;
		if (b % 23 == 11)
			OPS->destroy(from_snapshot(&t));
		if (b == 40)
			twin.g = from_snapshot(&t);
		if (twin.g)
			et_ok(&twin, pick);
		et_ok(&t, pick);
		arb_token tok[8];
		size_t nt = arb_split_tokens(pick, strlen(pick), 1, 1, tok, 8);
		cc_move m;
		memset(&m, 0, sizeof m);
		assert_int_equal(OPS->parse(t.g, tok, nt, &m, &t.rej), 0);
		if (!m.discard)
			ref_place(&r, m.type, m.rot, m.x, m.y, m.fkind ? m.seg : -1, (int)seat);
		for (unsigned s = 0; s < nseats; s++) {
			if (r.score[s] != et_score(&t, s))
				fail_msg("seed %llu move %d '%s': seat %u engine %d reference %d",
					 (unsigned long long)seed, b + 1, pick, s, et_score(&t, s),
					 r.score[s]);
			assert_int_equal(r.supply[s], g->supply[s]);
		}
	}
	assert_true(OPS->over(t.g));
	OPS->finish(t.g, NULL);
	OPS->finish(twin.g, NULL);
	for (unsigned s = 0; s < nseats; s++)
		assert_int_equal(et_score(&twin, s), et_score(&t, s));
	OPS->destroy(from_snapshot(&t)); /* with 'final' */
	et_end(&twin);
	ref_final(&r);
	for (unsigned s = 0; s < nseats; s++)
		if (r.score[s] != et_score(&t, s))
			fail_msg("seed %llu final: seat %u engine %d reference %d",
				 (unsigned long long)seed, s, et_score(&t, s), r.score[s]);
	et_end(&t);
}

static void test_random_games(void **state)
{
	(void)state;
	void *data = et_data(OPS, NULL);
	int discards = 0;
	for (uint64_t seed = 1; seed <= 60; seed++)
		play_random_game(data, 2 + (unsigned)(seed % 4), seed, &discards);
	print_message("60 random games, %d discards\n", discards);
	OPS->data_free(data);
}

/* --gen SEED SEATS: print a random legal complete game as TGN (used to
 * make the corpus games; their scores are then checked by hand and by
 * the reference model above).  Followers are placed often and tiles that
 * fit nowhere are drawn when possible, so games have discards and shared
 * features. */
static int gen(uint64_t seed, unsigned nseats)
{
	static const char *const names[] = { "Anna Virtanen", "Bert Lindqvist", "Cecilia Moreau",
					     "Dmitri Volkov", "Eeva Korhonen" };
	void *data = et_data(OPS, NULL);
	const cc_data *d = data;
	rng_state = seed;
	et_game t;
	et_start_n(&t, OPS, data, nseats);
	int bag[CC_MAXTILES], nbag = 0;
	for (unsigned i = 0; i < d->ntypes; i++)
		for (unsigned k = 0; k + (i == d->start) < d->type[i].count; k++)
			bag[nbag++] = (int)i;
	for (int i = nbag - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1), x = bag[i];
		bag[i] = bag[j];
		bag[j] = x;
	}
	static char lines[256][64];
	static movelist ml;
	int nl = 0;
	for (int b = 0; b < nbag; b++) {
		/* sometimes draw a tile that fits nowhere, if there is one */
		if (rnd(3) == 0)
			for (int k = b; k < nbag; k++) {
				int x, y;
				unsigned rot;
				if (!cc_placeable(t.g, (unsigned)bag[k], &x, &y, &rot)) {
					int tmp = bag[b];
					bag[b] = bag[k];
					bag[k] = tmp;
					break;
				}
			}
		cc_move next = { .type = (uint8_t)bag[b] };
		ml.n = 0;
		OPS->moves(t.g, &next, collect, &ml);
		/* greedy on the projected final score (as if the game ended
		 * now), with some noise: mine minus the best other's */
		unsigned me = ((cc_game *)t.g)->turn;
		int best = -100000;
		const char *pick = ml.line[0];
		for (size_t i = 0; i < ml.n; i++) {
			et_game e;
			et_start_n(&e, OPS, data, nseats);
			for (int k = 0; k < nl; k++)
				et_ok(&e, lines[k]);
			et_ok(&e, ml.line[i]);
			cc_game *eg = e.g;
			eg->drawn = eg->drawable;
			OPS->finish(e.g, NULL);
			int other = -100000;
			for (unsigned s2 = 0; s2 < nseats; s2++)
				if (s2 != me && et_score(&e, s2) > other)
					other = et_score(&e, s2);
			int v = 4 * (et_score(&e, me) - other) + (int)rnd(9);
			if (v > best) {
				best = v;
				pick = ml.line[i];
			}
			et_end(&e);
		}
		snprintf(lines[nl++], sizeof lines[0], "%s", pick);
		et_ok(&t, pick);
	}
	OPS->finish(t.g, NULL);
	arb_standing st;
	OPS->standing(t.g, &st);
	printf("[Game \"carcassonne\"]\n[Event \"arbiter generated game, seed %llu\"]\n",
	       (unsigned long long)seed);
	for (unsigned s = 0; s < nseats; s++)
		printf("[%s \"%s\"]\n", OPS->colours[s], names[s]);
	printf("[Result \"");
	for (unsigned s = 0, n = 0; s < nseats; s++)
		if (st.winner[s])
			printf("%s%s", n++ ? ", " : "", OPS->colours[s]);
	printf("\"]\n\n");
	for (int i = 0; i < nl; i++)
		printf("%s\n", lines[i]);
	et_end(&t);
	OPS->data_free(data);
	return 0;
}

/* --check FILE: replay one record (seats in tag order, no Variant) in the
 * engine and in the reference model; print the final scores of both and
 * fail on the first difference.  Used on the corpus games. */
static int check_file(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 2;
	void *data = et_data(OPS, NULL);
	static char lines[400][512];
	int nl = 0;
	unsigned nseats = 0;
	char buf[512];
	while (fgets(buf, sizeof buf, f) && nl < 400) {
		buf[strcspn(buf, ";\r\n")] = 0;
		if (buf[0] == '[') {
			for (unsigned c = 0; c < 5; c++) {
				char tag[32];
				snprintf(tag, sizeof tag, "[%s ", OPS->colours[c]);
				if (!strncmp(buf, tag, strlen(tag)))
					nseats++;
			}
			continue;
		}
		if (strspn(buf, " \t") < strlen(buf))
			snprintf(lines[nl++], sizeof lines[0], "%s", buf);
	}
	fclose(f);
	et_game t;
	et_start_n(&t, OPS, data, nseats);
	static ref r;
	memset(&r, 0, sizeof r);
	r.d = data;
	r.nseats = nseats;
	for (unsigned s = 0; s < nseats; s++)
		r.supply[s] = (int)r.d->followers;
	ref_place(&r, (int)r.d->start, 0, 0, 0, -1, 0);
	for (int i = 0; i < nl; i++) {
		unsigned seat = ((cc_game *)t.g)->turn;
		et_ok(&t, lines[i]);
		arb_token tok[8];
		size_t nt = arb_split_tokens(lines[i], strlen(lines[i]), 1, 1, tok, 8);
		cc_move m;
		memset(&m, 0, sizeof m);
		assert_int_equal(OPS->parse(t.g, tok, nt, &m, &t.rej), 0);
		if (!m.discard)
			ref_place(&r, m.type, m.rot, m.x, m.y, m.fkind ? m.seg : -1, (int)seat);
		for (unsigned s = 0; s < nseats; s++)
			if (r.score[s] != et_score(&t, s)) {
				printf("%s: move %d: seat %u engine %d reference %d\n", path, i + 1,
				       s, et_score(&t, s), r.score[s]);
				return 1;
			}
	}
	OPS->finish(t.g, NULL);
	ref_final(&r);
	int bad = 0;
	printf("%s:", path);
	for (unsigned s = 0; s < nseats; s++) {
		printf(" %s %d/%d", OPS->colours[s], et_score(&t, s), r.score[s]);
		bad |= r.score[s] != et_score(&t, s);
	}
	printf(" %s\n", bad ? "DIFFER" : "agree");
	et_end(&t);
	OPS->data_free(data);
	return bad;
}

/* --bench FILE REPEAT: the engine alone (parse, apply, finish; no sink)
 * on the games of FILE, REPEAT times over; prints moves/s.  The lines are
 * tokenized once beforehand, so the tool's reader is not measured. */
static int bench(const char *path, int repeat)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 2;
	void *data = et_data(OPS, NULL);
	enum { MAXL = 400000 };
	static char text[MAXL][48];
	static arb_token toks[MAXL][8];
	static uint8_t ntok[MAXL];
	static int game_start[20000], game_seats[20000];
	int nl = 0, ng = 0;
	char buf[512];
	while (fgets(buf, sizeof buf, f) && nl < MAXL) {
		buf[strcspn(buf, ";\r\n")] = 0;
		if (!strncmp(buf, "[Game ", 6)) {
			game_start[ng] = nl;
			game_seats[ng++] = 0;
		} else if (buf[0] == '[') {
			for (unsigned c = 0; c < 5; c++) {
				char tag[32];
				snprintf(tag, sizeof tag, "[%s ", OPS->colours[c]);
				if (!strncmp(buf, tag, strlen(tag)))
					game_seats[ng - 1]++;
			}
		} else if (buf[0]) {
			size_t len = strnlen(buf, sizeof text[0] - 1);
			memcpy(text[nl], buf, len);
			text[nl][len] = 0;
			ntok[nl] = (uint8_t)arb_split_tokens(text[nl], strlen(text[nl]), 1, 1,
							     toks[nl], 8);
			nl++;
		}
	}
	fclose(f);
	game_start[ng] = nl;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	long moves = 0;
	arb_reject rej;
	for (int r = 0; r < repeat; r++)
		for (int gi = 0; gi < ng; gi++) {
			arb_setup setup;
			memset(&setup, 0, sizeof setup);
			setup.nseats = (size_t)game_seats[gi];
			for (int s = 0; s < game_seats[gi]; s++)
				setup.seats[s].colour = (unsigned)s;
			void *g = OPS->create(data, &setup, NULL, &rej);
			for (int l = game_start[gi]; l < game_start[gi + 1]; l++) {
				cc_move m;
				memset(&m, 0, sizeof m);
				if (OPS->parse(g, toks[l], ntok[l], &m, &rej) < 0 ||
				    OPS->apply(g, &m, NULL, &rej) < 0)
					fail_msg("line %d: %s", l, rej.msg);
				moves++;
			}
			OPS->finish(g, NULL);
			OPS->destroy(g);
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double sec = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("%d games x %d, %ld moves in %.3f s: %.2f million moves/s\n", ng, repeat, moves, sec,
	       (double)moves / sec / 1e6);
	OPS->data_free(data);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--bench"))
		return bench(argv[2], atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "--check"))
		return check_file(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "--gen"))
		return gen(strtoull(argv[2], NULL, 10), (unsigned)atoi(argv[3]));
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
