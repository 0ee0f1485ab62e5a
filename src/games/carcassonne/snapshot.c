/*
 * snapshot.c — a Carcassonne position as the value of a Setup tag, and
 * back: `arbiter dump --snapshot` writes it, create() reads it.
 *
 *   setup     = section { ";" section }
 *   section   = "tiles" [ placement { "," placement } ]
 *             | "discards" { letter }
 *             | "score" colour int int int int { "," colour int int int int }
 *             | "turn" colour
 *             | "final"
 *   placement = letter x,y rotation [ colour ( "road" | "city" ) side
 *                                    | colour "field" half | colour "cloister" ]
 *
 * Tiles are listed in the order they were placed, after the start tile
 * (which is always D at 0,0 rotated 0), each with the follower standing on
 * it now, if any.  The four numbers of a score are the points from roads,
 * cities, cloisters and farms.  `turn` names the player to act; a game
 * whose last tile is drawn has none, so its snapshot has no `turn` (one
 * given there changes nothing: the game is over all the same).  `final` says the final scoring has run.
 *
 * cc_describe gives the same content as data for `dump --format=json`
 * (notation/carcassonne.md, "The position as data").
 *
 * Reading replays the placements through the same checks as turns (edges,
 * adjacency, tile counts, free features, supplies), so a snapshot cannot
 * describe a position the rules could not reach tile by tile; a follower
 * on a feature the listed tiles complete is refused too (it would have
 * scored and gone home).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "carcassonne.h"

void cc_snapshot(const void *game, arb_buf *out)
{
	const cc_game *g = game;
	const cc_data *d = g->data;
	const char *const *colours = cc_colours;
	unsigned placed_of[CC_MAXTYPES] = { 0 };
	arb_buf_puts(out, "tiles");
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_placed *p = &g->tile[t];
		const cc_type *ty = &d->type[p->type];
		placed_of[p->type]++;
		if (t == 0)
			continue;
		arb_buf_printf(out, "%s %c %d,%d %u", t > 1 ? "," : "", ty->letter, p->x, p->y,
			       p->rot * 90u);
		for (unsigned i = 0; i < ty->nseg; i++) {
			int f = g->node[t * CC_MAXSEG + i].follower;
			if (f < 0)
				continue;
			const cc_seg *sg = &ty->rot[p->rot].seg[i];
			const char *spot = cc_spot_name(sg);
			arb_buf_printf(out, " %s %s%s%s", colours[g->colour[f]],
				       cc_kind_name[sg->kind], spot ? " " : "", spot ? spot : "");
		}
	}
	arb_buf_puts(out, "; discards");
	for (unsigned i = 0; i < d->ntypes; i++)
		for (unsigned k = placed_of[i]; k < g->drawn_of[i]; k++)
			arb_buf_printf(out, " %c", d->type[i].letter);
	arb_buf_puts(out, "; score");
	for (unsigned s = 0; s < g->nseats; s++)
		arb_buf_printf(out, "%s %s %d %d %d %d", s ? "," : "", colours[g->colour[s]],
			       g->by_kind[s][CC_ROAD], g->by_kind[s][CC_CITY],
			       g->by_kind[s][CC_CLOISTER], g->by_kind[s][CC_FIELD]);
	/* nobody is to act once the last tile is drawn: a finished game's
	 * snapshot names no turn, and create() makes it over again */
	if (!cc_over(g))
		arb_buf_printf(out, "; turn %s", colours[g->colour[g->turn]]);
	if (g->finished)
		arb_buf_puts(out, "; final");
}

/* Words of s[0..n) split at blanks into w[] (pointers into a copy `buf`
 * of at least n + 1 bytes); returns the count, or -1 beyond max. */
/* (carcassonne.h) The snapshot's content as data: every tile placed
 * (the start tile first) with its follower, the discards, the tiles left
 * in the box, and per seat the points by kind and the followers in
 * supply. */
void cc_describe(const void *game, const arb_doc *doc)
{
	const cc_game *g = game;
	const cc_data *d = g->data;
	void *c = doc->ctx;
	unsigned placed_of[CC_MAXTYPES] = { 0 };
	doc->list(c, "tiles");
	for (unsigned t = 0; t < g->ntiles; t++) {
		const cc_placed *p = &g->tile[t];
		const cc_type *ty = &d->type[p->type];
		placed_of[p->type]++;
		doc->map(c, NULL);
		arb_doc_strf(doc, "tile", "%c", ty->letter);
		doc->num(c, "x", p->x);
		doc->num(c, "y", p->y);
		doc->num(c, "rotation", (long)p->rot * 90);
		for (unsigned i = 0; i < ty->nseg; i++) {
			int f = g->node[t * CC_MAXSEG + i].follower;
			if (f < 0)
				continue;
			const cc_seg *sg = &ty->rot[p->rot].seg[i];
			const char *spot = cc_spot_name(sg);
			doc->map(c, "follower");
			doc->str(c, "colour", cc_colours[g->colour[f]]);
			doc->str(c, "feature", cc_kind_name[sg->kind]);
			if (spot)
				doc->str(c, "spot", spot);
			doc->end(c);
		}
		doc->end(c);
	}
	doc->end(c);
	doc->list(c, "discards");
	for (unsigned i = 0; i < d->ntypes; i++)
		for (unsigned k = placed_of[i]; k < g->drawn_of[i]; k++)
			arb_doc_strf(doc, NULL, "%c", d->type[i].letter);
	doc->end(c);
	doc->map(c, "supply");
	doc->num(c, "tiles_left", (long)(g->drawable - g->drawn));
	doc->map(c, "tiles");
	for (unsigned i = 0; i < d->ntypes; i++) {
		char letter[2] = { d->type[i].letter, 0 };
		doc->num(c, letter, (long)d->type[i].count - g->drawn_of[i]);
	}
	doc->end(c);
	doc->end(c);
	doc->list(c, "seats");
	for (unsigned s = 0; s < g->nseats; s++) {
		doc->map(c, NULL);
		doc->str(c, "colour", cc_colours[g->colour[s]]);
		doc->num(c, "score", g->score[s]);
		doc->num(c, "roads", g->by_kind[s][CC_ROAD]);
		doc->num(c, "cities", g->by_kind[s][CC_CITY]);
		doc->num(c, "cloisters", g->by_kind[s][CC_CLOISTER]);
		doc->num(c, "farms", g->by_kind[s][CC_FIELD]);
		doc->num(c, "followers", g->supply[s]);
		doc->end(c);
	}
	doc->end(c);
	if (!cc_over(g))
		doc->str(c, "turn", cc_colours[g->colour[g->turn]]);
	doc->flag(c, "over", cc_over(g));
	doc->flag(c, "final_scoring", g->finished);
}

static int words(const char *s, size_t n, char *buf, char **w, int max)
{
	memcpy(buf, s, n);
	buf[n] = 0;
	int k = 0;
	char *save; /* strtok_r: -j workers read snapshots at once */
	for (char *p = strtok_r(buf, " \t", &save); p; p = strtok_r(NULL, " \t", &save)) {
		if (k == max)
			return -1;
		w[k++] = p;
	}
	return k;
}

/* Words in an item of a list "a b c, d e f": up to and including the
 * first word that ends with a comma (which is cut off). */
static int item_len(char **w, int n)
{
	for (int i = 0; i < n; i++) {
		size_t len = strlen(w[i]);
		if (len && w[i][len - 1] == ',') {
			w[i][len - 1] = 0;
			return i + 1;
		}
	}
	return n;
}

static int seat_of_word(const cc_game *g, const char *w)
{
	const char *const *colours = cc_colours;
	for (unsigned c = 0; colours[c]; c++)
		if (!strcasecmp(w, colours[c]))
			return g->seat_of[c];
	return -1;
}

static arb_token tok_of(const char *w)
{
	return (arb_token){ w, (uint32_t)strlen(w), 1, 1 };
}

/* One placement "E 0,-1 180 [Red city S]". */
static int setup_tile(cc_game *g, char **w, int n, const char *item, arb_reject *rej, uint32_t line,
		      uint32_t col)
{
	if (n != 3 && n != 5 && n != 6)
		return cc_reject(rej, CC_R_BAD_SETUP, line, col,
				 "Setup: the placement '%s ...' is not tile x,y rotation "
				 "[colour feature spot]",
				 item);
	int seat = 0;
	if (n > 3 && (seat = seat_of_word(g, w[3])) < 0)
		return cc_reject(rej, CC_R_BAD_SETUP, line, col,
				 "Setup: in '%s ...', '%s' is no colour of this game", item, w[3]);
	/* the same words as a turn line: colour tile x,y rot [feature spot] */
	arb_token tok[6];
	tok[0] = tok_of(cc_colours[g->colour[seat]]);
	tok[1] = tok_of(w[0]);
	tok[2] = tok_of(w[1]);
	tok[3] = tok_of(w[2]);
	for (int i = 4; i < n; i++)
		tok[i] = tok_of(w[i]);
	cc_move m;
	memset(&m, 0, sizeof m);
	arb_reject r2;
	if (cc_parse(g, tok, (size_t)(n == 3 ? 4 : n), &m, &r2) < 0 || m.discard)
		return cc_reject(rej, CC_R_BAD_SETUP, line, col, "Setup: '%s ...': %s", item,
				 m.discard ? "not a placement" : r2.msg);
	const cc_type *ty = &g->data->type[m.type];
	int side;
	const char *bad;
	unsigned occ;
	if (g->drawn_of[m.type] >= ty->count)
		bad = "more tiles of this type than exist";
	else if (cc_fit(g, m.type, m.rot, m.x, m.y, &side) != CC_FITS)
		bad = "the tile does not fit there";
	else if (m.fkind && g->supply[m.seat] == 0)
		bad = "the player has no follower left";
	else if (m.fkind == CC_FIELD && g->farm == CC_FARM_OFF)
		bad = "no farmers in this game";
	else if (m.fkind && cc_seg_occupied(g, m.type, m.rot, m.x, m.y, (unsigned)m.seg, &occ))
		bad = "the feature already holds a follower";
	else
		bad = NULL;
	if (bad)
		return cc_reject(rej, CC_R_BAD_SETUP, line, col, "Setup: tile %s at %s: %s", item,
				 w[1], bad);
	cc_place(g, m.type, m.rot, m.x, m.y, m.fkind ? m.seg : -1, m.seat, NULL);
	g->drawn++;
	g->moves++;
	return 0;
}

/* Setup's discards section: tiles drawn and set aside, one letter each. */
static int setup_discards(cc_game *g, char **w, int n, arb_reject *rej, uint32_t line, uint32_t col)
{
	for (int i = 0; i < n; i++) {
		char c = w[i][0] & ~0x20;
		int t = strlen(w[i]) == 1 && c >= 'A' && c <= 'Z' ? g->data->by_letter[c - 'A']
								  : -1;
		if (t < 0 || g->drawn_of[t] >= g->data->type[t].count)
			return cc_reject(rej, CC_R_BAD_SETUP, line, col,
					 "Setup: discard '%s' is no tile left to draw", w[i]);
		g->drawn_of[t]++;
		g->drawn++;
		g->ndiscards++;
		g->moves++;
	}
	return 0;
}

/* Whether placing Setup's tiles scored a feature (a follower on a feature
 * they complete): the score section then cannot say what was scored, so
 * the Setup is refused (rejection written, true). */
static bool scored_in_setup(const cc_game *g, arb_reject *rej, uint32_t line, uint32_t col)
{
	for (unsigned s = 0; s < g->nseats; s++)
		if (g->score[s]) {
			cc_reject(rej, CC_R_BAD_SETUP, line, col,
				  "Setup: a listed follower stands on a feature the listed tiles "
				  "complete");
			return true;
		}
	return false;
}

/* Setup's score section: "colour roads cities cloisters farms" per seat. */
static int setup_scores(cc_game *g, char **w, int nw, arb_reject *rej, uint32_t line, uint32_t col)
{
	static const int kind[4] = { CC_ROAD, CC_CITY, CC_CLOISTER, CC_FIELD };
	for (int i = 0, n; i < nw; i += n) {
		n = item_len(w + i, nw - i);
		char *end = NULL, **it = w + i;
		long v[4];
		int seat = -1;
		if (n == 5 && (seat = seat_of_word(g, it[0])) >= 0)
			for (int k = 0; k < 4 && seat >= 0; k++) {
				v[k] = strtol(it[k + 1], &end, 10);
				if (*end || v[k] < 0 || v[k] > 100000)
					seat = -1;
			}
		if (seat < 0)
			return cc_reject(rej, CC_R_BAD_SETUP, line, col,
					 "Setup: '%s ...' is no score (colour roads cities "
					 "cloisters farms)",
					 it[0]);
		int total = 0;
		for (int k = 0; k < 4; k++) {
			g->by_kind[seat][kind[k]] = (int)v[k];
			total += (int)v[k];
		}
		g->score[seat] = total;
	}
	return 0;
}

int cc_setup(cc_game *g, const arb_tag *tag, arb_reject *rej)
{
	uint32_t line = tag->line, col = tag->col;
	size_t len = strlen(tag->value);
	char *copy = malloc(len + 1), *buf = malloc(len + 1);
	char **w = malloc((len / 2 + 2) * sizeof *w);
	int rc = -1, maxw = (int)(len / 2 + 2);
	if (!copy || !buf || !w)
		goto out;
	memcpy(copy, tag->value, len + 1);
	bool seen_score = false;
	char *save = NULL;
	for (char *sec = strtok_r(copy, ";", &save); sec; sec = strtok_r(NULL, ";", &save)) {
		while (*sec == ' ')
			sec++;
		if (!strncmp(sec, "tiles", 5) && (sec[5] == ' ' || !sec[5])) {
			int n = words(sec + 5, strlen(sec + 5), buf, w, maxw);
			for (int i = 0, k; i < n; i += k) {
				k = item_len(w + i, n - i);
				if (setup_tile(g, w + i, k, w[i], rej, line, col) < 0)
					goto out;
			}
		} else if (!strncmp(sec, "discards", 8) && (sec[8] == ' ' || !sec[8])) {
			int n = words(sec + 8, strlen(sec + 8), buf, w, maxw);
			if (setup_discards(g, w, n, rej, line, col) < 0)
				goto out;
		} else if (!strncmp(sec, "score", 5) && (sec[5] == ' ' || !sec[5])) {
			/* the replay must not have scored anything itself */
			if (!seen_score && scored_in_setup(g, rej, line, col))
				goto out;
			seen_score = true;
			int nw = words(sec + 5, strlen(sec + 5), buf, w, maxw);
			if (setup_scores(g, w, nw, rej, line, col) < 0)
				goto out;
		} else if (!strncmp(sec, "turn", 4) && sec[4] == ' ') {
			int n = words(sec + 4, strlen(sec + 4), buf, w, maxw), seat;
			if (n != 1 || (seat = seat_of_word(g, w[0])) < 0) {
				cc_reject(rej, CC_R_BAD_SETUP, line, col,
					  "Setup: 'turn' needs a colour of this game");
				goto out;
			}
			g->turn = (unsigned)seat;
		} else if (!strcmp(sec, "final") || !strncmp(sec, "final ", 6)) {
			g->finished = true;
		} else if (*sec) {
			cc_reject(rej, CC_R_BAD_SETUP, line, col,
				  "Setup: unknown section '%.20s' (tiles, discards, score, "
				  "turn, final)",
				  sec);
			goto out;
		}
	}
	if (!seen_score && scored_in_setup(g, rej, line, col))
		goto out;
	if (g->drawn > g->drawable) {
		cc_reject(rej, CC_R_BAD_SETUP, line, col, "Setup: more than %u tiles drawn",
			  g->drawable);
		goto out;
	}
	if (g->finished && g->drawn < g->drawable) {
		cc_reject(rej, CC_R_BAD_SETUP, line, col,
			  "Setup: 'final' in a game that is not over");
		goto out;
	}
	rc = 0;
out:
	free(copy);
	free(buf);
	free(w);
	return rc;
}
