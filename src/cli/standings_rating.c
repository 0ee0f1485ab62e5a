/*
 * standings_rating.c — the ratings and the SPRT of rating.h: games kept
 * in canonical form, merged into patterns (the same game outcome once,
 * with its count) and fitted: Elo by Newton's method on the pairs'
 * counts, Plackett–Luce by Hunter's MM iteration on the games' stages;
 * then the information matrix at the estimate, made invertible by the
 * mean-0 anchor, gives the intervals.  Pure C and libm, so the match
 * runner can call it as standings does.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rating.h"

#define ELO_PER_NAT (400.0 / 2.302585092994045684) /* 400 / ln 10 */

/* A game in canonical form: seats sorted by place then id, the places
 * turned into ranks 0, 1, ... (equal places, one rank).  The form is
 * what makes the fit independent of the order games are added in. */
typedef struct rgame {
	unsigned id[ARB_RATING_MAX_SEATS];
	unsigned char rank[ARB_RATING_MAX_SEATS];
	unsigned char n;
	unsigned long count; /* a pattern's: how many games had it */
} rgame;

struct arb_rating {
	rgame *g;
	size_t n, cap;
	unsigned maxid1; /* the largest id + 1 */
};

arb_rating *arb_rating_new(size_t nplayers_hint)
{
	arb_rating *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->cap = nplayers_hint > 16 ? nplayers_hint : 16;
	r->g = malloc(r->cap * sizeof *r->g);
	if (!r->g) {
		free(r);
		return NULL;
	}
	return r;
}

void arb_rating_free(arb_rating *r)
{
	if (!r)
		return;
	free(r->g);
	free(r);
}

int arb_rating_add(arb_rating *r, size_t nseats, const unsigned *player, const unsigned *place)
{
	if (!r || !player || !place || nseats < 1 || nseats > ARB_RATING_MAX_SEATS)
		return ARB_RATING_EINVAL;
	rgame g = { .n = (unsigned char)nseats, .count = 1 };
	unsigned pl[ARB_RATING_MAX_SEATS];
	for (size_t k = 0; k < nseats; k++) {
		if (player[k] >= ARB_RATING_MAX_ID || place[k] < 1)
			return ARB_RATING_EINVAL;
		for (size_t j = 0; j < k; j++)
			if (player[j] == player[k])
				return ARB_RATING_EINVAL;
		/* insertion by (place, id): at most eight seats */
		size_t at = k;
		while (at > 0 && (pl[at - 1] > place[k] ||
				  (pl[at - 1] == place[k] && g.id[at - 1] > player[k]))) {
			pl[at] = pl[at - 1];
			g.id[at] = g.id[at - 1];
			at--;
		}
		pl[at] = place[k];
		g.id[at] = player[k];
	}
	for (size_t k = 1; k < nseats; k++)
		g.rank[k] = (unsigned char)(g.rank[k - 1] + (pl[k] != pl[k - 1]));
	if (r->n == r->cap) {
		if (r->cap > SIZE_MAX / 2 / sizeof *r->g)
			return ARB_RATING_EOVERFLOW;
		rgame *ng = realloc(r->g, 2 * r->cap * sizeof *r->g);
		if (!ng)
			return ARB_RATING_ENOMEM;
		r->g = ng;
		r->cap *= 2;
	}
	r->g[r->n++] = g;
	for (size_t k = 0; k < nseats; k++)
		if (g.id[k] + 1 > r->maxid1)
			r->maxid1 = g.id[k] + 1;
	return ARB_RATING_OK;
}

static int cmp_rgame(const void *pa, const void *pb)
{
	const rgame *a = pa, *b = pb;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for (size_t k = 0; k < a->n; k++) {
		if (a->id[k] != b->id[k])
			return a->id[k] < b->id[k] ? -1 : 1;
		if (a->rank[k] != b->rank[k])
			return a->rank[k] < b->rank[k] ? -1 : 1;
	}
	return 0;
}

void arb_rating_result_free(arb_rating_result *out)
{
	if (!out)
		return;
	free(out->player);
	free(out->unbeaten);
	out->player = NULL;
	out->unbeaten = NULL;
	out->nplayers = out->nunbeaten = 0;
}

/* ------------------------------------------------------------ the fit */

/* What one fit works on: the patterns, the rated players (index k of
 * 0..m, ascending id) and the dense m x m matrix. */
typedef struct fit {
	rgame *pat; /* the games of two seats or more, merged */
	size_t npat;
	size_t m;
	unsigned *id_of; /* [m] */
	long *k_of;	 /* [maxid1]: the index of an id, or -1 */
	double *theta;	 /* [m] natural log-strengths, mean 0 */
	double *a;	 /* [m*m] information + 1/m */
	double *work;	 /* [m] */
} fit;

/* Two ratings' pair in the Elo model: i < j (indices), games, and i's
 * points in halves (a draw is one). */
typedef struct pair {
	size_t i, j;
	unsigned long n, halves;
} pair;

/* One stage of a Plackett–Luce game: the first nwin of members[off..)
 * are the tied players one of whom is placed next, each with chance
 * 1/nwin under the average over the ties' orders; the rest, those still
 * to be placed after them.  w: the stage's weight (the pattern's count
 * times the chance that the stage occurs). */
typedef struct stage {
	double w;
	size_t off;
	unsigned size, nwin;
} stage;

/* The patterns of r (games of two seats and more, sorted and merged),
 * and each id's games.  Returns 0 or an error. */
static int merge_patterns(const arb_rating *r, fit *f, arb_rating_result *out)
{
	f->pat = malloc((r->n ? r->n : 1) * sizeof *f->pat);
	if (!f->pat)
		return ARB_RATING_ENOMEM;
	size_t n = 0;
	for (size_t i = 0; i < r->n; i++)
		if (r->g[i].n >= 2)
			f->pat[n++] = r->g[i];
	qsort(f->pat, n, sizeof *f->pat, cmp_rgame);
	size_t w = 0;
	for (size_t i = 0; i < n; i++) {
		rgame *p = &f->pat[i];
		for (size_t k = 0; k < p->n; k++)
			if (out->player[p->id[k]].games == ULONG_MAX)
				return ARB_RATING_EOVERFLOW;
			else
				out->player[p->id[k]].games++;
		/* a pair's points are counted in halves: room for twice */
		if (out->games == ULONG_MAX / 2)
			return ARB_RATING_EOVERFLOW;
		out->games++;
		if (w && !cmp_rgame(&f->pat[w - 1], p)) {
			if (f->pat[w - 1].count == ULONG_MAX)
				return ARB_RATING_EOVERFLOW;
			f->pat[w - 1].count++;
		} else {
			f->pat[w++] = *p;
		}
	}
	f->npat = w;
	return ARB_RATING_OK;
}

/* The directed graph "x finished ahead of y, or tied with y, at least
 * once" must be strongly connected for the estimate to exist (Hunter
 * 2004, assumption 1; a tie counts both ways, as its averaged orders
 * do).  If it is not, out->unbeaten gets a group that no one outside it
 * finished ahead of: the players that reach index 0, or else those
 * index 0 does not reach.  Returns 0, 1 (no estimate) or an error. */
static int check_connected(fit *f, arb_rating_result *out)
{
	size_t m = f->m, ne = 0;
	for (size_t p = 0; p < f->npat; p++)
		ne += (size_t)f->pat[p].n * (f->pat[p].n - 1);
	/* the edges by their tail (pass 1) and by their head (pass 0), as
	 * compressed rows: start[v]..start[v+1] in adj */
	size_t *start = calloc(2 * (m + 1), sizeof *start),
	       *adj = malloc((2 * ne + 1) * sizeof *adj);
	size_t *fill = malloc(2 * (m + 1) * sizeof *fill), *stack = malloc((m + 1) * sizeof *stack);
	unsigned char *seen = calloc(m, 1);
	int rc = ARB_RATING_ENOMEM;
	if (!start || !adj || !fill || !stack || !seen)
		goto done;
	for (int fill_in = 0; fill_in < 2; fill_in++) {
		for (size_t p = 0; p < f->npat; p++) {
			const rgame *g = &f->pat[p];
			for (size_t x = 0; x < g->n; x++)
				for (size_t y = 0; y < g->n; y++) {
					if (x == y || g->rank[x] > g->rank[y])
						continue;
					size_t a = (size_t)f->k_of[g->id[x]],
					       b = (size_t)f->k_of[g->id[y]];
					if (!fill_in) {
						start[a + 1]++;
						start[m + 1 + b + 1]++;
					} else {
						adj[fill[a]++] = b;
						adj[fill[m + 1 + b]++] = a;
					}
				}
		}
		if (fill_in)
			break;
		for (size_t v = 0; v < m; v++) {
			start[v + 1] += start[v];
			start[m + 1 + v + 1] += start[m + 1 + v];
		}
		for (size_t v = 0; v <= m; v++)
			start[m + 1 + v] += start[m];
		memcpy(fill, start, 2 * (m + 1) * sizeof *fill);
	}
	/* pass 0: who reaches index 0 (edges by head, walked backwards);
	 * pass 1: whom index 0 reaches */
	for (int pass = 0; pass < 2; pass++) {
		const size_t *row = pass ? start : start + m + 1;
		memset(seen, 0, m);
		seen[0] = 1;
		size_t count = 1, top = 0;
		stack[top++] = 0;
		while (top) {
			size_t v = stack[--top];
			for (size_t e = row[v]; e < row[v + 1]; e++)
				if (!seen[adj[e]]) {
					seen[adj[e]] = 1;
					count++;
					stack[top++] = adj[e];
				}
		}
		if (count == m)
			continue;
		out->unbeaten = malloc(m * sizeof *out->unbeaten);
		if (!out->unbeaten)
			goto done;
		for (size_t k = 0; k < m; k++)
			if (pass ? !seen[k] : seen[k])
				out->unbeaten[out->nunbeaten++] = f->id_of[k];
		rc = ARB_RATING_NO_MLE;
		goto done;
	}
	rc = ARB_RATING_OK;
done:
	free(start);
	free(adj);
	free(fill);
	free(stack);
	free(seen);
	return rc;
}

/* Cholesky in place of the m x m matrix a (lower triangle).  Returns -1
 * when it is not positive definite (it is, once the estimate exists). */
static int cholesky(double *a, size_t m)
{
	for (size_t j = 0; j < m; j++) {
		double d = a[j * m + j];
		for (size_t k = 0; k < j; k++)
			d -= a[j * m + k] * a[j * m + k];
		if (!(d > 0))
			return -1;
		d = sqrt(d);
		a[j * m + j] = d;
		for (size_t i = j + 1; i < m; i++) {
			double s = a[i * m + j];
			for (size_t k = 0; k < j; k++)
				s -= a[i * m + k] * a[j * m + k];
			a[i * m + j] = s / d;
		}
	}
	return 0;
}

/* Solve L L^T x = b in place (b becomes x), L from cholesky(). */
static void chol_solve(const double *l, size_t m, double *b)
{
	for (size_t i = 0; i < m; i++) {
		double s = b[i];
		for (size_t k = 0; k < i; k++)
			s -= l[i * m + k] * b[k];
		b[i] = s / l[i * m + i];
	}
	for (size_t i = m; i-- > 0;) {
		double s = b[i];
		for (size_t k = i + 1; k < m; k++)
			s -= l[k * m + i] * b[k];
		b[i] = s / l[i * m + i];
	}
}

/* The information matrix's pseudo-inverse diagonal, the variances of the
 * mean-0 ratings: with L the information (its null space the constant
 * vector, the estimate existing), L^+ = (L + J/m)^-1 - J/m.  f->a holds
 * L + J/m; it is factored here, and diag[k] gets the variance (nats). */
static int variances(fit *f, double *diag)
{
	size_t m = f->m;
	if (cholesky(f->a, m))
		return ARB_RATING_ENOCONVERGE;
	/* column j of L^-1 by forward substitution (zero above j): the
	 * inverse's diagonal entry j is its squared length */
	double *y = f->work;
	for (size_t j = 0; j < m; j++) {
		double sum = 0;
		for (size_t i = j; i < m; i++) {
			double s = i == j ? 1.0 : 0.0;
			for (size_t k = j; k < i; k++)
				s -= f->a[i * m + k] * y[k];
			y[i] = s / f->a[i * m + i];
			sum += y[i] * y[i];
		}
		diag[j] = sum - 1.0 / (double)m;
		if (diag[j] < 0) /* rounding, for a player with much information */
			diag[j] = 0;
	}
	return ARB_RATING_OK;
}

/* log(1 + e^x) without overflow. */
static double softplus(double x)
{
	return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

static int cmp_pair(const void *pa, const void *pb)
{
	const pair *a = pa, *b = pb;
	if (a->i != b->i)
		return a->i < b->i ? -1 : 1;
	return a->j < b->j ? -1 : a->j > b->j;
}

/* The Elo model's pairs from the patterns (all of two seats), sorted
 * and merged.  *np gets their count. */
static pair *elo_pairs(const fit *f, size_t *np)
{
	pair *p = malloc((f->npat ? f->npat : 1) * sizeof *p);
	if (!p)
		return NULL;
	for (size_t q = 0; q < f->npat; q++) {
		const rgame *g = &f->pat[q];
		size_t a = (size_t)f->k_of[g->id[0]], b = (size_t)f->k_of[g->id[1]];
		/* id[0] finished ahead (2 halves) or tied (1 each); counts are
		 * bounded by the games, which merge_patterns checked */
		unsigned long h = g->rank[0] == g->rank[1] ? 1 : 2;
		p[q] = a < b ? (pair){ a, b, g->count, h * g->count }
			     : (pair){ b, a, g->count, (2 - h) * g->count };
	}
	qsort(p, f->npat, sizeof *p, cmp_pair);
	size_t n = 0;
	for (size_t q = 0; q < f->npat; q++) {
		if (n && !cmp_pair(&p[n - 1], &p[q])) {
			p[n - 1].n += p[q].n;
			p[n - 1].halves += p[q].halves;
		} else {
			p[n++] = p[q];
		}
	}
	*np = n;
	return p;
}

/* Log-likelihood of the pairs at theta, and (if grad) the gradient and
 * the information + 1/m in f->a. */
static double elo_eval(fit *f, const pair *p, size_t np, const double *theta, double *grad)
{
	size_t m = f->m;
	double ll = 0;
	if (grad) {
		memset(grad, 0, m * sizeof *grad);
		for (size_t k = 0; k < m * m; k++)
			f->a[k] = 1.0 / (double)m;
	}
	for (size_t q = 0; q < np; q++) {
		double d = theta[p[q].i] - theta[p[q].j];
		double s = (double)p[q].halves / 2, n = (double)p[q].n;
		ll -= s * softplus(-d) + (n - s) * softplus(d);
		if (!grad)
			continue;
		double pr = 1 / (1 + exp(-d)), w = n * pr * (1 - pr);
		grad[p[q].i] += s - n * pr;
		grad[p[q].j] -= s - n * pr;
		f->a[p[q].i * m + p[q].i] += w;
		f->a[p[q].j * m + p[q].j] += w;
		f->a[p[q].i * m + p[q].j] -= w;
		f->a[p[q].j * m + p[q].i] -= w;
	}
	return ll;
}

/* A start for Newton's method near the estimate: Hunter's MM iteration
 * for Bradley–Terry, gamma_i = points_i / sum_j n_ij / (gamma_i +
 * gamma_j), cheap per step, so that Newton's O(m^3) steps are few. */
static void elo_start(fit *f, const pair *p, size_t np)
{
	size_t m = f->m;
	double *pts = calloc(m, sizeof *pts), *den = malloc(m * sizeof *den);
	if (!pts || !den)
		goto done; /* Newton starts from 0 then */
	for (size_t q = 0; q < np; q++) {
		pts[p[q].i] += (double)p[q].halves / 2;
		pts[p[q].j] += (double)p[q].n - (double)p[q].halves / 2;
	}
	for (int it = 0; it < 1000; it++) {
		memset(den, 0, m * sizeof *den);
		for (size_t q = 0; q < np; q++) {
			double t = (double)p[q].n / (exp(f->theta[p[q].i]) + exp(f->theta[p[q].j]));
			den[p[q].i] += t;
			den[p[q].j] += t;
		}
		double mean = 0, moved = 0;
		for (size_t k = 0; k < m; k++)
			mean += (f->work[k] = log(pts[k] / den[k]));
		mean /= (double)m;
		for (size_t k = 0; k < m; k++) {
			moved = fmax(moved, fabs(f->work[k] - mean - f->theta[k]));
			f->theta[k] = f->work[k] - mean;
		}
		if (!(moved >= 1e-4)) /* close, or not a number: Newton decides */
			break;
	}
	for (size_t k = 0; k < m; k++)
		if (!isfinite(f->theta[k]))
			memset(f->theta, 0, m * sizeof *f->theta);
done:
	free(pts);
	free(den);
}

/* Newton's method with step halving: the log-likelihood is concave, and
 * the anchor (+1/m) makes each step's system definite. */
static int fit_elo(fit *f, arb_rating_result *out)
{
	size_t m = f->m, np;
	pair *p = elo_pairs(f, &np);
	double *grad = malloc(m * sizeof *grad), *next = malloc(m * sizeof *next);
	int rc = ARB_RATING_ENOMEM;
	if (!p || !grad || !next)
		goto done;
	rc = ARB_RATING_ENOCONVERGE;
	elo_start(f, p, np);
	for (int it = 1; it <= 200; it++) {
		out->iterations = it;
		double ll = elo_eval(f, p, np, f->theta, grad);
		if (cholesky(f->a, m))
			goto done;
		chol_solve(f->a, m, grad); /* grad is now the step */
		double big = 0;
		for (size_t k = 0; k < m; k++)
			big = fmax(big, fabs(grad[k]));
		for (int half = 0; half < 60; half++) {
			for (size_t k = 0; k < m; k++)
				next[k] = f->theta[k] + grad[k];
			if (elo_eval(f, p, np, next, NULL) >= ll - 1e-12 * fabs(ll))
				break;
			for (size_t k = 0; k < m; k++)
				grad[k] /= 2;
		}
		memcpy(f->theta, next, m * sizeof *next);
		if (big < 1e-10) {
			rc = ARB_RATING_OK;
			break;
		}
	}
	if (rc == ARB_RATING_OK)
		elo_eval(f, p, np, f->theta, grad);
done:
	free(p);
	free(grad);
	free(next);
	return rc;
}

/* The end of the tie group of game g that starts at place b: the first
 * place ranked otherwise, or g->n. */
static size_t tie_end(const rgame *g, size_t b)
{
	size_t e = b;
	while (e < g->n && g->rank[e] == g->rank[b])
		e++;
	return e;
}

/* The Plackett–Luce stages of the patterns: for each tie group B of a
 * game (k players) and the set R placed after it, every nonempty U of B
 * is a stage {U, R} with weight 1/C(k,|U|) (over the k! orders of B, the
 * part of B still to place is each set of its size equally often), one
 * of U placed next.  A stage of one player says nothing and is left
 * out.  *members gets the indices; wins[k] each player's expected
 * number of stages won. */
static stage *pl_stages(const fit *f, size_t *nst, size_t **members, double *wins)
{
	size_t ns = 0, nm = 0;
	for (size_t q = 0; q < f->npat; q++) {
		const rgame *g = &f->pat[q];
		for (size_t b = 0; b < g->n;) {
			size_t e = tie_end(g, b);
			ns += ((size_t)1 << (e - b)) - 1;
			nm += (((size_t)1 << (e - b)) - 1) * (size_t)(g->n - b);
			b = e;
		}
	}
	stage *st = malloc((ns + 1) * sizeof *st);
	size_t *mem = malloc((nm + 1) * sizeof *mem);
	if (!st || !mem) {
		free(st);
		free(mem);
		return NULL;
	}
	memset(wins, 0, f->m * sizeof *wins);
	ns = nm = 0;
	for (size_t q = 0; q < f->npat; q++) {
		const rgame *g = &f->pat[q];
		for (size_t b = 0; b < g->n;) {
			size_t e = tie_end(g, b);
			size_t k = e - b, rest = g->n - e;
			for (unsigned u = 1; u < (1u << k); u++) {
				unsigned nu = (unsigned)__builtin_popcount(u);
				if (nu + rest < 2)
					continue;
				double choose = 1; /* C(k, nu) */
				for (unsigned t = 0; t < nu; t++)
					choose = choose * (double)(k - t) / (double)(t + 1);
				stage *s = &st[ns++];
				s->w = (double)g->count / choose;
				s->off = nm;
				s->nwin = nu;
				s->size = nu + (unsigned)rest;
				for (size_t t = 0; t < k; t++)
					if (u >> t & 1) {
						mem[nm] = (size_t)f->k_of[g->id[b + t]];
						wins[mem[nm++]] += s->w / nu;
					}
				for (size_t t = e; t < g->n; t++)
					mem[nm++] = (size_t)f->k_of[g->id[t]];
			}
			b = e;
		}
	}
	*nst = ns;
	*members = mem;
	return st;
}

/* Hunter's MM iteration: gamma_i = wins_i / sum over the stages i is in
 * of w / (the stage's sum of gamma); the log-strengths recentred to mean
 * 0 after each step.  Then the observed information, sum over stages of
 * w (diag(pi) - pi pi^T), pi the stage's chances. */
static int fit_pl(fit *f, arb_rating_result *out)
{
	size_t m = f->m, ns = 0, *mem = NULL;
	double *wins = malloc(m * sizeof *wins), *denom = malloc(m * sizeof *denom);
	double *gamma = malloc(m * sizeof *gamma);
	stage *st = wins ? pl_stages(f, &ns, &mem, wins) : NULL;
	int rc = ARB_RATING_ENOMEM;
	if (!wins || !denom || !gamma || !st)
		goto done;
	rc = ARB_RATING_ENOCONVERGE;
	for (size_t k = 0; k < m; k++)
		gamma[k] = exp(f->theta[k]);
	for (int it = 1; it <= 1000000; it++) {
		out->iterations = it;
		memset(denom, 0, m * sizeof *denom);
		for (size_t s = 0; s < ns; s++) {
			double sum = 0;
			for (size_t t = 0; t < st[s].size; t++)
				sum += gamma[mem[st[s].off + t]];
			for (size_t t = 0; t < st[s].size; t++)
				denom[mem[st[s].off + t]] += st[s].w / sum;
		}
		double mean = 0, moved = 0;
		for (size_t k = 0; k < m; k++)
			mean += (f->work[k] = log(wins[k] / denom[k]));
		mean /= (double)m;
		for (size_t k = 0; k < m; k++) {
			double t = f->work[k] - mean;
			moved = fmax(moved, fabs(t - f->theta[k]));
			f->theta[k] = t;
			gamma[k] = exp(t);
		}
		if (!isfinite(moved))
			goto done;
		if (moved < 1e-11) {
			rc = ARB_RATING_OK;
			break;
		}
	}
	if (rc)
		goto done;
	for (size_t k = 0; k < m * m; k++)
		f->a[k] = 1.0 / (double)m;
	for (size_t s = 0; s < ns; s++) {
		const size_t *who = mem + st[s].off;
		double sum = 0;
		for (size_t t = 0; t < st[s].size; t++)
			sum += gamma[who[t]];
		for (size_t x = 0; x < st[s].size; x++) {
			double px = gamma[who[x]] / sum;
			f->a[who[x] * m + who[x]] += st[s].w * px;
			for (size_t y = 0; y < st[s].size; y++)
				f->a[who[x] * m + who[y]] -= st[s].w * px * gamma[who[y]] / sum;
		}
	}
done:
	free(wins);
	free(denom);
	free(gamma);
	free(st);
	free(mem);
	return rc;
}

int arb_rating_fit(arb_rating *r, int model, arb_rating_result *out)
{
	if (!out)
		return ARB_RATING_EINVAL;
	memset(out, 0, sizeof *out);
	if (!r || (model != ARB_RATING_ELO && model != ARB_RATING_PLACKETT_LUCE))
		return ARB_RATING_EINVAL;
	out->nplayers = r->maxid1;
	out->player = calloc(r->maxid1 ? r->maxid1 : 1, sizeof *out->player);
	fit f = { 0 };
	f.k_of = malloc((r->maxid1 ? r->maxid1 : 1) * sizeof *f.k_of);
	int rc = ARB_RATING_ENOMEM;
	if (!out->player || !f.k_of)
		goto done;
	if ((rc = merge_patterns(r, &f, out)))
		goto done;
	for (unsigned id = 0; id < r->maxid1; id++)
		f.k_of[id] = out->player[id].games ? (long)f.m++ : -1;
	rc = ARB_RATING_ETOOMANY;
	if (f.m > ARB_RATING_MAX_PLAYERS)
		goto done;
	rc = ARB_RATING_OK;
	if (f.m == 0)
		goto done;
	if (model == ARB_RATING_ELO)
		for (size_t q = 0; q < f.npat; q++)
			if (f.pat[q].n != 2) {
				rc = ARB_RATING_ESEATS;
				goto done;
			}
	f.id_of = malloc(f.m * sizeof *f.id_of);
	f.theta = calloc(f.m, sizeof *f.theta);
	f.work = malloc(f.m * sizeof *f.work);
	f.a = malloc(f.m * f.m * sizeof *f.a);
	rc = ARB_RATING_ENOMEM;
	if (!f.id_of || !f.theta || !f.work || !f.a)
		goto done;
	for (unsigned id = 0; id < r->maxid1; id++)
		if (f.k_of[id] >= 0)
			f.id_of[f.k_of[id]] = id;
	if ((rc = check_connected(&f, out)))
		goto done;
	rc = model == ARB_RATING_ELO ? fit_elo(&f, out) : fit_pl(&f, out);
	double *var = malloc(f.m * sizeof *var);
	if (!rc)
		rc = var ? variances(&f, var) : ARB_RATING_ENOMEM;
	for (size_t k = 0; !rc && k < f.m; k++) {
		arb_rating_player *p = &out->player[f.id_of[k]];
		p->rated = true;
		p->rating = f.theta[k] * ELO_PER_NAT;
		p->se = sqrt(var[k]) * ELO_PER_NAT;
		p->low = p->rating - ARB_RATING_Z95 * p->se;
		p->high = p->rating + ARB_RATING_Z95 * p->se;
	}
	if (!rc)
		out->rated = f.m;
	free(var);
done:
	free(f.pat);
	free(f.id_of);
	free(f.k_of);
	free(f.theta);
	free(f.work);
	free(f.a);
	return rc;
}

/* ------------------------------------------------------------ SPRT */

bool arb_sprt_valid(double elo0, double elo1, double alpha, double beta, char *why, size_t size)
{
	char dummy[8];
	if (!why) {
		why = dummy;
		size = sizeof dummy;
	}
	if (!isfinite(elo0) || !isfinite(elo1) || elo0 <= -1000 || elo1 >= 1000 || elo0 >= 1000 ||
	    elo1 <= -1000)
		snprintf(why, size, "ELO0 and ELO1 are Elo differences between -1000 and 1000");
	else if (!(elo0 < elo1))
		snprintf(why, size,
			 "ELO0 (%g) must be below ELO1 (%g): H0 is elo = ELO0, H1 elo = ELO1", elo0,
			 elo1);
	else if (!(alpha > 0 && alpha < 1))
		snprintf(why, size, "ALPHA (%g) is a probability of error: above 0 and below 1",
			 alpha);
	else if (!(beta > 0 && beta < 1))
		snprintf(why, size, "BETA (%g) is a probability of error: above 0 and below 1",
			 beta);
	else if (!(alpha + beta < 1))
		snprintf(why, size,
			 "ALPHA + BETA (%g) must be below 1, or the test decides nothing",
			 alpha + beta);
	else
		return true;
	return false;
}

const char *arb_sprt_decision_name(int decision)
{
	return decision == ARB_SPRT_H0	 ? "H0 accepted"
	       : decision == ARB_SPRT_H1 ? "H1 accepted"
					 : "continue";
}

/* The trinomial over scores a[] = 0, 1/2, 1 closest in likelihood to the
 * empirical p[] whose expectation is s: q_i = p_i / (1 + x (a_i - s)),
 * x the root of sum p_i (a_i - s) / (1 + x (a_i - s)) = 0, found by
 * bisection on the interval that keeps every q_i positive (the sum
 * falls strictly there; p[0] and p[2] are positive, so a_i - s takes
 * both signs). */
static void mle_expected(const double *p, double s, double *q)
{
	static const double a[3] = { 0, 0.5, 1 };
	double lo = -1 / (1 - s), hi = 1 / s; /* the poles, a_i - s = 1 - s and -s */
	double eps = 1e-12 * (hi - lo);
	lo += eps;
	hi -= eps;
	for (int it = 0; it < 200 && hi - lo > 1e-15; it++) {
		double x = (lo + hi) / 2, f = 0;
		for (int i = 0; i < 3; i++)
			f += p[i] * (a[i] - s) / (1 + x * (a[i] - s));
		if (f > 0)
			lo = x;
		else
			hi = x;
	}
	double x = (lo + hi) / 2;
	for (int i = 0; i < 3; i++)
		q[i] = p[i] / (1 + x * (a[i] - s));
}

int arb_sprt_trinomial(unsigned long wins, unsigned long draws, unsigned long losses, double elo0,
		       double elo1, double alpha, double beta, double *llr, double *lower,
		       double *upper)
{
	unsigned long n;
	if (!arb_sprt_valid(elo0, elo1, alpha, beta, NULL, 0) ||
	    __builtin_add_overflow(wins, draws, &n) || __builtin_add_overflow(n, losses, &n))
		return -1;
	/* losses, draws, wins: a count of 0 becomes 0.001, as fishtest's
	 * regularize() does, so every log below is finite */
	double c[3] = { (double)losses, (double)draws, (double)wins }, total = 0;
	for (int i = 0; i < 3; i++) {
		if (c[i] == 0)
			c[i] = 1e-3;
		total += c[i];
	}
	double p[3], q0[3], q1[3];
	for (int i = 0; i < 3; i++)
		p[i] = c[i] / total;
	mle_expected(p, 1 / (1 + pow(10, -elo0 / 400)), q0);
	mle_expected(p, 1 / (1 + pow(10, -elo1 / 400)), q1);
	double sum = 0;
	for (int i = 0; i < 3; i++)
		sum += p[i] * (log(q1[i]) - log(q0[i]));
	double l = n ? total * sum : 0, lo = log(beta / (1 - alpha)), up = log((1 - beta) / alpha);
	if (llr)
		*llr = l;
	if (lower)
		*lower = lo;
	if (upper)
		*upper = up;
	return l >= up ? ARB_SPRT_H1 : l <= lo ? ARB_SPRT_H0 : ARB_SPRT_CONTINUE;
}
