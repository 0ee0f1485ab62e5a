/*
 * ahead.c — reading ahead: the bounds of the lines to the record's end,
 * made when a card is first unseen, and the replay made again without
 * them when a line is refused.
 */
#include <assert.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/util.h"
#include "solver.h"

/* ------------------------------------------------------- reading ahead
 *
 * Most worlds an unseen steal or discard makes are dead at once: a later
 * line spends what no way the cards go in between gives the seat (in the
 * 22 games of bench-views, 81% of the worlds those made).  The replay
 * has the whole game read (arb_game_ops.ahead), so when a card is first
 * unseen, the bounds of the search (need_before) are made over the lines
 * from there to the end of the record, and a steal or discard does not
 * list a world whose thief, victim or discarder holds less than they
 * say it must after it (ahead_need).
 *
 * A world so cut is one that no way through the rest of the record
 * completes, so a legal record is followed through the same ways that
 * complete it, in the same order, and ends with the same worlds.  But a
 * world cut for a line that is itself illegal may be the one that
 * explained the lines before it: so when a line is refused, or the game
 * seen over, after a world was cut, the replay goes back to the start of
 * the line where the cards were last all known and plays again without
 * reading ahead (ahead_undo): a refused record is refused at the same
 * move with the same words as without it, at the cost of playing part of
 * it twice.  Not when each position is shown as it is reached (dump's
 * pages), nor past the move `dump --at` stops at. */
struct cat_ahead {
	const arb_token *tok;
	const arb_turn *turns;
	size_t n;      /* the turn lines the replay plays           */
	uint32_t base; /* s.turns before the first of them           */
	int made;      /* the bounds: 0 not yet, 1 made, -1 not to be */
	bool cut;      /* some world was cut by them                 */
	bool off;      /* undone (ahead_undo): not read any more     */
	bool refused;  /* ... and that replay refused a line: rej    */
	arb_reject rej;
	/* where the cards were last all known before the first cut: the
	 * position at the start of turn line start_li */
	cat_state start;
	size_t start_li;
	/* the bounds, for turn lines lo .. hi: the least each seat must hold
	 * after the k-th unseen steal or discard of line lo + i, by seat, at
	 * need[(at[i] + k) * CAT_SEATS]; each line's line in the file in
	 * line_no[i], to find it */
	size_t lo, hi;
	uint32_t *line_no, *at;
	uint64_t *need;
	uint64_t *end_need; /* ... and at the end of line lo + i, by seat */
	/* the lines lo .. hi as ahead_make parsed them, which the replay's
	 * parse takes rather than parse them again (cat_ahead_parsed): line
	 * lo + i's header in parsed[i], its actions from acts[parsed[i].first];
	 * next, the line it is expected to ask for next */
	struct ahead_parsed {
		uint8_t seat, n, unseen;
		uint32_t col, first;
	} *parsed;
	cat_act *acts;
	size_t next;
};

void cat_read_ahead(void *game, const arb_token *tok, const arb_turn *turns, size_t n)
{
	cat_game *g = game;
	cat_ahead_free(g);
	if (g->view == CAT_NONE || !n) /* a full record has no unseen card */
		return;
	cat_ahead *A = arb_xcalloc(1, sizeof *A);
	A->tok = tok;
	A->turns = turns;
	A->n = n;
	A->base = g->s.turns;
	g->ahead = A;
}

void cat_ahead_free(cat_game *g)
{
	cat_ahead *A = g->ahead;
	if (!A)
		return;
	ARB_FREE_ALL(A->line_no, A->at, A->need, A->end_need, A->parsed, A->acts, A);
	g->ahead = NULL;
}

/* Turn line li parsed into m: false where the replay will stop before
 * playing it (no words, a wrong number, a line that does not parse). */
static bool ahead_line(const cat_game *g, const cat_ahead *A, size_t li, cat_move *m,
		       arb_reject *rej)
{
	const arb_turn *tu = &A->turns[li];
	if (!tu->ntok || (tu->number >= 0 && (size_t)tu->number != li + 1))
		return false;
	return cat_parse(g, &A->tok[tu->first], tu->ntok, m, rej) == 0;
}

/* What hex h yields its corners' owners in position s, 4 bits a seat (as
 * cat_state.yield, and at most 12 a seat: six corners, 2 a city),
 * counted from the buildings as cat_roll_owed counts them. */
static uint16_t ahead_yield(const cat_game *g, const cat_state *s, unsigned h)
{
	unsigned y = 0;
	for (unsigned c = 0; c < 6; c++) {
		unsigned v = g->d->g.hex_node[h][c], o = s->node_owner[v];
		if (o)
			y += (1u + s->node_city[v]) << 4 * (o - 1);
	}
	return (uint16_t)y;
}

/* What line m's roll owes each seat, as hand words: hid_roll_pays, read
 * from the hexes' yields yld[] (ahead_yield) rather than their twelve
 * corners; robber from the position at the line's start. */
static void ahead_pays(const cat_game *g, const cat_move *m, unsigned robber,
		       const uint16_t yld[CAT_HEXES], uint64_t pays[CAT_SEATS])
{
	memset(pays, 0, CAT_SEATS * sizeof *pays);
	for (unsigned ai = 0; ai < m->n; ai++) {
		const cat_act *a = &m->act[ai];
		unsigned roll = a->a + a->b;
		if (a->kind == A_KNIGHT)
			robber = CAT_NONE;
		if (a->kind != A_ROLL || roll < 2 || roll > 12 || roll == 7)
			continue;
		memset(pays, 0, CAT_SEATS * sizeof *pays); /* (the last roll's, as there) */
		for (unsigned k = 0; k < 2; k++) {
			unsigned h = g->b.by_token[roll][k];
			if (h == CAT_NONE || h == robber || g->b.terrain[h] >= CAT_RES)
				continue;
			unsigned r = g->b.terrain[h];
			for (unsigned p = 0, y = yld[h]; y; p++, y >>= 4)
				pays[p] += (uint64_t)(y & 15) << 8 * r;
		}
	}
}

/* Line m's buildings and robber put in sc, and the yields of the hexes
 * at each building counted again; its unseen steals and discards, how
 * many. */
static unsigned ahead_build(const cat_game *g, const cat_move *m, cat_state *sc,
			    uint16_t yld[CAT_HEXES])
{
	const cat_geom *G = &g->d->g;
	unsigned unseen = 0;
	for (unsigned ai = 0; ai < m->n; ai++) {
		const cat_act *a = &m->act[ai];
		unseen += cat_is_unseen(a);
		if ((a->kind == A_SETTLE || a->kind == A_CITY) && a->a < CAT_NODES) {
			sc->node_owner[a->a] = (uint8_t)(m->seat + 1);
			sc->node_city[a->a] = a->kind == A_CITY;
			for (unsigned i = 0; i < G->node_nhex[a->a]; i++)
				yld[G->node_hex[a->a][i]] =
					ahead_yield(g, sc, G->node_hex[a->a][i]);
		} else if ((a->kind == A_ROBBER || a->kind == A_KNIGHT) && a->a < CAT_HEXES) {
			sc->robber = a->a;
		}
	}
	return unseen;
}

/* The bounds for the lines from li0 (which starts at g->bak) on: what
 * each roll pays, on the buildings and robber the lines before put
 * there, is found forwards; the least each seat must hold, backwards
 * from the last line the replay will play. */
static void ahead_make(cat_game *g, cat_ahead *A, size_t li0)
{
	A->made = -1;
	if (g->bak.setup_step < 2 * g->nseats) /* set-up buildings are free */
		return;
	cat_move *m = arb_xmalloc(sizeof *m);
	arb_reject rj;
	memset(&rj, 0, sizeof rj);
	cat_state sc = g->bak; /* its buildings and robber, line by line */
	uint16_t yld[CAT_HEXES];
	for (unsigned h = 0; h < CAT_HEXES; h++)
		yld[h] = ahead_yield(g, &sc, h);
	struct ahead_line { /* a line as the bounds read it */
		uint64_t pays[CAT_SEATS]; /* hand words */
		uint8_t seat;
		uint32_t first, n; /* its actions in acts[] */
	} *line = NULL;
	cat_act *acts = NULL;
	size_t nl = 0, cap = 0, nacts = 0, cap_acts = 0, nunseen = 0;
	while (li0 + nl < A->n && ahead_line(g, A, li0 + nl, m, &rj)) {
		if (nl == cap) {
			cap = cap ? 2 * cap : 64;
			line = arb_xrealloc(line, cap * sizeof *line);
			A->line_no = arb_xrealloc(A->line_no, cap * sizeof *A->line_no);
			A->at = arb_xrealloc(A->at, (cap + 1) * sizeof *A->at);
			A->parsed = arb_xrealloc(A->parsed, cap * sizeof *A->parsed);
		}
		if (nacts + m->n > cap_acts) {
			cap_acts = 2 * (nacts + m->n) + 256;
			acts = arb_xrealloc(acts, cap_acts * sizeof *acts);
		}
		struct ahead_line *l = &line[nl];
		ahead_pays(g, m, sc.robber, yld, l->pays);
		l->seat = m->seat;
		l->first = (uint32_t)nacts;
		l->n = m->n;
		memcpy(&acts[nacts], m->act, m->n * sizeof *acts);
		nacts += m->n;
		A->line_no[nl] = m->line;
		A->parsed[nl] = (struct ahead_parsed){ m->seat, m->n, m->unseen, m->col,
						       (uint32_t)(nacts - m->n) };
		A->at[nl] = (uint32_t)nunseen;
		nunseen += ahead_build(g, m, &sc, yld);
		nl++;
	}
	free(m);
	if (!nl)
		return;
	A->at[nl] = (uint32_t)nunseen;
	A->need = arb_xmalloc((nunseen ? nunseen : 1) * CAT_SEATS * sizeof *A->need);
	A->end_need = arb_xmalloc(nl * CAT_SEATS * sizeof *A->end_need);
	uint64_t after[CAT_SEATS] = { 0 }; /* the end of the record needs nothing */
	static const uint8_t no_pays[CAT_SEATS][CAT_RES];
	for (size_t k = nl; k-- > 0;) {
		const struct ahead_line *l = &line[k];
		memcpy(&A->end_need[k * CAT_SEATS], after, sizeof after);
		unsigned u = A->at[k + 1] - A->at[k];
		for (unsigned ai = l->n; ai-- > 0;) {
			const cat_act *a = &acts[l->first + ai];
			if (cat_is_unseen(a))
				memcpy(&A->need[(A->at[k] + --u) * CAT_SEATS], after, sizeof after);
			if (a->kind != A_ROLL) { /* (which reads the pays of a roll only) */
				hid_needs_before(g, a, l->seat, no_pays, after);
				continue;
			}
			for (unsigned p = 0; p < CAT_SEATS; p++) /* (hid_needs_before's, on words) */
				if (l->pays[p]) /* (one paid nothing needs as much) */
					after[p] = need_less_paid(after[p], l->pays[p]);
		}
	}
	free(line);
	A->acts = acts;
	A->lo = li0;
	A->hi = li0 + nl;
	A->next = li0 + 1; /* (line li0 is being applied) */
	A->made = 1;
}

/* A card is first unseen in the line being applied (it starts at
 * g->bak): until a world is cut, that is where an undo starts. */
void hid_ahead_enter(cat_game *g)
{
	cat_ahead *A = g->ahead;
	if (!A || A->off || g->bak.turns < A->base)
		return;
	size_t li = g->bak.turns - A->base;
	if (li >= A->n)
		return;
	if (!A->cut) {
		A->start = g->bak;
		A->start_li = li;
	}
	if (!A->made)
		ahead_make(g, A, li);
}

/* The first of the lines the bounds hold (counted from lo) that is at or
 * past line `line` of the file. */
static size_t first_at(const cat_ahead *A, uint32_t line)
{
	size_t lo = 0, hi = A->hi - A->lo;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (A->line_no[mid] < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Where line m is in the bounds (its line in the file), or -1. */
static long ahead_index(const cat_ahead *A, const cat_move *m)
{
	size_t i = first_at(A, m->line);
	return i < A->hi - A->lo && A->line_no[i] == m->line ? (long)i : -1;
}

/* The turn line of tokens tok[0..ntok) into m as cat_parse would parse
 * it, when it is one ahead_make parsed (the same tokens of the same
 * record; the parse reads only them and the game's data): true, m made;
 * false, it is to be parsed.  The replay asks for the lines in order, so
 * the one after the last is looked at first, and then the one whose
 * line in the file tok is on. */
bool cat_ahead_parsed(const cat_game *g, const arb_token *tok, size_t ntok, cat_move *m)
{
	cat_ahead *A = g->ahead;
	if (A->made <= 0)
		return false;
	size_t li = A->next;
	if (li < A->lo || li >= A->hi || &A->tok[A->turns[li].first] != tok) {
		li = A->lo + first_at(A, tok->line);
		if (li >= A->hi || &A->tok[A->turns[li].first] != tok)
			return false;
	}
	if (A->turns[li].ntok != ntok)
		return false;
	const struct ahead_parsed *p = &A->parsed[li - A->lo];
	m->seat = p->seat;
	m->n = p->n;
	m->unseen = p->unseen;
	m->col = p->col;
	m->line = tok->line;
	memcpy(m->act, &A->acts[p->first], p->n * sizeof *m->act);
	A->next = li + 1;
	return true;
}

/* The least each seat must hold at the end of line m, or NULL when not
 * known. */
const uint64_t *hid_ahead_end_need(const cat_game *g, const cat_move *m)
{
	const cat_ahead *A = g->ahead;
	if (!A || A->made <= 0 || A->off)
		return NULL;
	long i = ahead_index(A, m);
	return i < 0 ? NULL : &A->end_need[(size_t)i * CAT_SEATS];
}

/* Whether the lines ahead bound the search of line m: then it may cut
 * some way (A->cut). */
bool hid_ahead_search(cat_game *g, const cat_move *m)
{
	if (!hid_ahead_end_need(g, m))
		return false;
	g->ahead->cut = true;
	return true;
}

/* An unseen steal or discard listed fewer worlds for the bounds: a
 * refusal from here on plays the lines again without them. */
void hid_ahead_cut(cat_game *g)
{
	g->ahead->cut = true;
}

/* The least each seat must hold after the unseen steal or discard `a` of
 * line m, or NULL when not known. */
const uint64_t *hid_ahead_need(const cat_game *g, const cat_move *m, const cat_act *a)
{
	const cat_ahead *A = g->ahead;
	if (!A || A->made <= 0 || A->off || a < m->act || a >= m->act + m->n)
		return NULL;
	long lo = ahead_index(A, m);
	if (lo < 0)
		return NULL;
	unsigned k = 0;
	for (const cat_act *b = m->act; b < a; b++)
		k += cat_is_unseen(b);
	if (A->at[lo] + k >= A->at[lo + 1])
		return NULL;
	return &A->need[((size_t)A->at[lo] + k) * CAT_SEATS];
}

/* A line was refused: if a world was cut, the lines since start_li are
 * played again without reading ahead.  1 done (the line is to be played
 * again), 0 nothing to undo, -1 that replay refused one of them (the
 * worlds it lists can be too many to decide, which reading ahead
 * avoided): A->rej. */
static int ahead_undo(cat_game *g)
{
	cat_ahead *A = g->ahead;
	if (!A || A->off || !A->cut)
		return 0;
	A->off = true;
	size_t now = g->s.turns - A->base;
	cat_hidden_free(g);
	g->s = A->start;
	cat_move *m = arb_xmalloc(sizeof *m);
	int rc = 0;
	for (size_t li = A->start_li; li < now && rc == 0; li++) {
		memset(&A->rej, 0, sizeof A->rej);
		rc = ahead_line(g, A, li, m, &A->rej) ? cat_apply(g, m, NULL, &A->rej) : -1;
	}
	free(m);
	A->refused = rc < 0;
	return rc < 0 ? -1 : 1;
}

bool cat_ahead_refused(const cat_game *g, arb_reject *rej)
{
	if (!g->ahead || !g->ahead->refused)
		return false;
	*rej = g->ahead->rej;
	return true;
}

int cat_ahead_undo(cat_game *g, arb_reject *rej)
{
	int undone = ahead_undo(g);
	if (undone < 0)
		*rej = g->ahead->rej;
	return undone;
}

unsigned cat_ahead_did(const cat_game *g)
{
	const cat_ahead *A = g->ahead;
	return A ? (unsigned)A->cut | (unsigned)A->off << 1 : 0;
}

bool cat_over_now(cat_game *g)
{
	/* over in every way left may be over in only some of those cut */
	if (g->s.over && ahead_undo(g) < 0)
		return false; /* cat_play (rules.c) refuses the next line */
	return g->s.over;
}
