/*
 * standings_fit.c — `standings --rating` and `--sprt`: the counted games'
 * outcomes kept (sums cannot be rated), then per group a fit by rating.h
 * and the sequential test of its two players, as columns of every output
 * format.  The group's players get ids in the order of their names as
 * compared, and rating.h sorts the games, so the same games rate the same
 * in any order, by any route (records, results, or both).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rating.h"
#include "standings.h"
#include "../core/util.h"

/* Keep game ev's outcome: seat k is player who[k] at place[k].  With
 * --rating=elo a game not of two seats is reported once per group, which
 * then has no ratings.  Returns 0, or -1 with a diagnostic. */
int st_fit_add(st_ctx *c, size_t ev, size_t n, const size_t *who, const size_t *place,
	       const char *src, size_t line)
{
	if (!c->o->rating && !c->o->sprt)
		return 0;
	if (c->o->rating == ARB_RATING_ELO && n != 2 && !c->ev[ev].unrated) {
		c->ev[ev].unrated = true;
		st_input_error(c, src, line, 1,
			       "--rating=elo rates games of two players, and this game has %zu "
			       "seat%s: group %s is not rated (--rating=plackett-luce rates any)",
			       n, n == 1 ? "" : "s", c->ev[ev].name);
	}
	if (c->ngames == c->cap_games) {
		c->cap_games = c->cap_games ? 2 * c->cap_games : 256;
		c->games = arb_xrealloc(c->games, c->cap_games * sizeof *c->games);
	}
	if (c->npl > UINT32_MAX || ev > UINT32_MAX)
		return st_input_error(c, src, line, 1, "too many players to rate");
	st_game *g = &c->games[c->ngames++];
	memset(g, 0, sizeof *g);
	g->ev = (uint32_t)ev;
	g->n = (uint8_t)n;
	for (size_t k = 0; k < n; k++) {
		g->who[k] = (uint32_t)who[k];
		g->place[k] = (uint8_t)place[k];
	}
	return 0;
}

/* The games by group (a counting sort), so each group's fit reads its
 * own games only. */
void st_fit_index(st_ctx *c)
{
	c->game_first = arb_xcalloc(c->nev + 1, sizeof *c->game_first);
	c->game_order = arb_xmalloc((c->ngames + 1) * sizeof *c->game_order);
	for (size_t i = 0; i < c->ngames; i++)
		c->game_first[c->games[i].ev + 1]++;
	for (size_t e = 0; e < c->nev; e++)
		c->game_first[e + 1] += c->game_first[e];
	size_t *fill = arb_xmalloc((c->nev + 1) * sizeof *fill);
	memcpy(fill, c->game_first, (c->nev + 1) * sizeof *fill);
	for (size_t i = 0; i < c->ngames; i++)
		c->game_order[fill[c->games[i].ev]++] = i;
	free(fill);
}

void st_fit_free(st_ctx *c)
{
	free(c->games);
	free(c->game_first);
	free(c->game_order);
}

static int cmp_key(const void *pa, const void *pb)
{
	const player *a = *(player *const *)pa, *b = *(player *const *)pb;
	return strcmp(a->key, b->key);
}

/* "Ann", "Ann and Bo", "Ann, Bo and Cy": the players of ids ids[0..n);
 * names that do not fit whole are counted instead ("and 7 more"), so no
 * name is cut inside a character. */
static void name_list(player **by_id, const unsigned *ids, size_t n, char *out, size_t size)
{
	size_t len = 0;
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *name = by_id[ids[i]]->name;
		if (len + strlen(name) + 40 > size) {
			snprintf(out + len, size - len, " and %zu more", n - i);
			return;
		}
		len += (size_t)snprintf(out + len, size - len, "%s%s",
					!i	     ? ""
					: i + 1 == n ? " and "
						     : ", ",
					name);
	}
}

/* Group ev has no ratings, for a reason that is an error (the fit
 * failed, not the games). */
static void not_rated(st_ctx *c, size_t ev, st_fitted *f, const char *why)
{
	snprintf(f->why, sizeof f->why, "%s", why);
	arb_diag d = { 0 };
	snprintf(d.msg, sizeof d.msg, "group %s is not rated: %s", c->ev[ev].name, why);
	arb_out_diag(c->out, &d);
}

/* The fit of group ev's n players (list, in the table's order). */
static void fit_ratings(st_ctx *c, size_t ev, player **list, player **by_id, size_t n, st_fitted *f)
{
	f->model = c->o->rating == ARB_RATING_ELO ? "elo" : "plackett-luce";
	if (c->ev[ev].unrated) {
		snprintf(f->why, sizeof f->why, "--rating=elo, and a game not of two seats");
		return;
	}
	arb_rating *r = arb_rating_new(n);
	if (!r) {
		not_rated(c, ev, f, "out of memory");
		return;
	}
	for (size_t i = c->game_first[ev]; i < c->game_first[ev + 1]; i++) {
		const st_game *g = &c->games[c->game_order[i]];
		unsigned id[ARB_MAX_SEATS], place[ARB_MAX_SEATS];
		for (size_t k = 0; k < g->n; k++) {
			id[k] = c->pl[g->who[k]].rid;
			place[k] = g->place[k];
		}
		/* the games were checked: one seat per player, places from 1 */
		if (arb_rating_add(r, g->n, id, place) != ARB_RATING_OK) {
			arb_rating_free(r);
			not_rated(c, ev, f, "out of memory");
			return;
		}
	}
	arb_rating_result res;
	int rc = arb_rating_fit(r, c->o->rating, &res);
	arb_rating_free(r);
	if (rc == ARB_RATING_OK) {
		f->row = arb_xcalloc(n + 1, sizeof *f->row);
		for (size_t i = 0; i < n; i++)
			if (list[i]->rid < res.nplayers)
				f->row[i] = res.player[list[i]->rid];
	} else if (rc == ARB_RATING_NO_MLE) {
		char names[ARB_MSG_MAX / 2];
		name_list(by_id, res.unbeaten, res.nunbeaten, names, sizeof names);
		snprintf(f->why, sizeof f->why,
			 "no one else ever finished ahead of %s: no finite maximum-likelihood "
			 "estimate",
			 names);
	} else {
		not_rated(c, ev, f,
			  rc == ARB_RATING_ETOOMANY    ? "more than 4096 players to rate"
			  : rc == ARB_RATING_ENOMEM    ? "out of memory"
			  : rc == ARB_RATING_EOVERFLOW ? "too many games to count"
						       : "the fit did not converge");
	}
	arb_rating_result_free(&res);
}

/* The SPRT of group ev's two players: the first by name against the
 * other, from the games they played each other. */
static void fit_sprt(st_ctx *c, size_t ev, player **list, player **by_id, size_t n, st_fitted *f)
{
	if (n != 2) {
		arb_diag d = { 0 };
		snprintf(d.msg, sizeof d.msg,
			 "--sprt tests two players against each other, and group %s has %zu: no "
			 "test",
			 c->ev[ev].name, n);
		arb_out_diag(c->out, &d);
		return;
	}
	f->tested = list[0] == by_id[0] ? 0 : 1;
	f->other = 1 - f->tested;
	for (size_t i = c->game_first[ev]; i < c->game_first[ev + 1]; i++) {
		const st_game *g = &c->games[c->game_order[i]];
		if (g->n != 2)
			continue;
		size_t me = c->pl[g->who[0]].rid == 0 ? 0 : 1;
		unsigned long *count = g->place[0] == g->place[1]	 ? &f->draws
				       : g->place[me] < g->place[1 - me] ? &f->wins
									 : &f->losses;
		++*count; /* at most the group's games, a long */
	}
	f->decision = arb_sprt_trinomial(f->wins, f->draws, f->losses, c->o->sprt_elo0,
					 c->o->sprt_elo1, c->o->sprt_alpha, c->o->sprt_beta,
					 &f->llr, &f->lower, &f->upper);
	f->sprt = f->decision >= 0;
}

/* Group ev's ratings (--rating) and test (--sprt); list holds its n
 * players in the table's order. */
void st_fit_group(st_ctx *c, size_t ev, player **list, size_t n, st_fitted *f)
{
	memset(f, 0, sizeof *f);
	if (!c->o->rating && !c->o->sprt)
		return;
	player **by_id = arb_xmalloc((n + 1) * sizeof *by_id);
	memcpy(by_id, list, n * sizeof *by_id);
	qsort(by_id, n, sizeof *by_id, cmp_key);
	for (size_t i = 0; i < n; i++)
		by_id[i]->rid = (uint32_t)i;
	if (c->o->rating)
		fit_ratings(c, ev, list, by_id, n, f);
	if (c->o->sprt)
		fit_sprt(c, ev, list, by_id, n, f);
	free(by_id);
}

void st_fitted_free(st_fitted *f)
{
	free(f->row);
	f->row = NULL;
}

/* ------------------------------------------------------------ output */

void st_fit_tsv_head(const st_ctx *c, arb_buf *b)
{
	if (c->o->rating)
		arb_buf_puts(b, "\trating\trating_low\trating_high");
	if (c->o->sprt)
		arb_buf_puts(b, "\tsprt_llr\tsprt_lower\tsprt_upper\tsprt_decision");
}

void st_fit_text_head(const st_ctx *c, arb_buf *b)
{
	if (c->o->rating)
		arb_buf_puts(b, "  rating     low    high");
}

/* Elo to a tenth, the same in every format. */
static double tenth(double x)
{
	return round(x * 10) / 10;
}

/* Row i's columns: appended to `text` (text or TSV, by the format) or
 * set in `row` (JSON, YAML). */
void st_fit_row(const st_ctx *c, const st_fitted *f, size_t i, arb_buf *text, json_t *row)
{
	const arb_rating_player *p = f->row && f->row[i].rated ? &f->row[i] : NULL;
	bool tsv = c->o->format == FMT_TSV;
	if (c->o->rating && row) {
		arb_json_set(row, "rating", p ? json_real(tenth(p->rating)) : json_null());
		arb_json_set(row, "rating_low", p ? json_real(tenth(p->low)) : json_null());
		arb_json_set(row, "rating_high", p ? json_real(tenth(p->high)) : json_null());
	} else if (c->o->rating && tsv) {
		if (p)
			arb_buf_printf(text, "\t%.1f\t%.1f\t%.1f", tenth(p->rating), tenth(p->low),
				       tenth(p->high));
		else
			arb_buf_puts(text, "\t\t\t");
	} else if (c->o->rating) {
		if (p)
			arb_buf_printf(text, "  %6.1f  %6.1f  %6.1f", tenth(p->rating),
				       tenth(p->low), tenth(p->high));
		else
			arb_buf_puts(text, "       -       -       -");
	}
	if (c->o->sprt && tsv) {
		if (f->sprt && i == f->tested)
			arb_buf_printf(text, "\t%.3f\t%.3f\t%.3f\t%s", f->llr, f->lower, f->upper,
				       arb_sprt_decision_name(f->decision));
		else
			arb_buf_puts(text, "\t\t\t\t");
	}
}

/* The text table's closing lines: how it was rated, and the test. */
void st_fit_text_tail(const st_ctx *c, const st_fitted *f, player **list, arb_buf *b)
{
	if (c->o->rating && *f->why)
		arb_buf_printf(b, "rating: %s: none (%s)\n", f->model, f->why);
	else if (c->o->rating)
		arb_buf_printf(b,
			       "rating: %s, on the Elo scale with mean 0; low and high bound its "
			       "95 %% interval\n",
			       f->model);
	if (f->sprt)
		arb_buf_printf(b,
			       "sprt: %s against %s, H0 elo %g, H1 elo %g (alpha %g, beta %g): "
			       "%lu win%s, %lu draw%s, %lu loss%s; LLR %.3f, bounds %.3f and "
			       "%.3f: %s\n",
			       list[f->tested]->name, list[f->other]->name, c->o->sprt_elo0,
			       c->o->sprt_elo1, c->o->sprt_alpha, c->o->sprt_beta, f->wins,
			       f->wins == 1 ? "" : "s", f->draws, f->draws == 1 ? "" : "s",
			       f->losses, f->losses == 1 ? "" : "es", f->llr, f->lower, f->upper,
			       arb_sprt_decision_name(f->decision));
}

/* The group document's "rating" and "sprt" (JSON, YAML). */
void st_fit_doc(const st_ctx *c, const st_fitted *f, player **list, json_t *doc)
{
	if (c->o->rating) {
		json_t *r = json_object();
		arb_json_set(r, "model", arb_json_str(f->model));
		arb_json_set(r, "scale", arb_json_str("Elo"));
		arb_json_set(r, "anchor", arb_json_str("mean 0"));
		arb_json_set(r, "interval", json_real(0.95));
		if (*f->why)
			arb_json_set(r, "none", arb_json_str(f->why));
		arb_json_set(doc, "rating", r);
	}
	if (f->sprt) {
		json_t *s = json_object();
		arb_json_set(s, "player", arb_json_str(list[f->tested]->name));
		arb_json_set(s, "opponent", arb_json_str(list[f->other]->name));
		arb_json_set(s, "wins", json_integer((json_int_t)f->wins));
		arb_json_set(s, "draws", json_integer((json_int_t)f->draws));
		arb_json_set(s, "losses", json_integer((json_int_t)f->losses));
		arb_json_set(s, "elo0", json_real(c->o->sprt_elo0));
		arb_json_set(s, "elo1", json_real(c->o->sprt_elo1));
		arb_json_set(s, "alpha", json_real(c->o->sprt_alpha));
		arb_json_set(s, "beta", json_real(c->o->sprt_beta));
		arb_json_set(s, "llr", json_real(round(f->llr * 1000) / 1000));
		arb_json_set(s, "lower", json_real(round(f->lower * 1000) / 1000));
		arb_json_set(s, "upper", json_real(round(f->upper * 1000) / 1000));
		arb_json_set(s, "decision", arb_json_str(arb_sprt_decision_name(f->decision)));
		arb_json_set(doc, "sprt", s);
	}
}
