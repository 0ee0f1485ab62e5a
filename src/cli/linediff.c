/*
 * linediff.c — what a game's page needs to hold each position once: a
 * table of the distinct lines of all its SVGs (a piece drawn at one place
 * is one line, written once however many positions show it), and the
 * edits that turn one position's lines into the next one's (Myers'
 * O(ND) difference, since a move changes a few lines of a thousand).
 * html.c writes both; the page's script replays the edits.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "picture.h"

/* Beyond this many differing lines two positions are told apart by their
 * common start and end only: the search's memory grows with its square. */
#define MAX_EDIT_DISTANCE 1000

static uint64_t hash_line(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

static void *grow(void *p, size_t n, size_t size)
{
	void *q = realloc(p, n * size);
	if (!q)
		abort(); /* as arb_buf does when memory runs out */
	return q;
}

static void rehash(arb_lines *t, size_t cap)
{
	unsigned *slot = grow(NULL, cap, sizeof *slot);
	for (size_t i = 0; i < cap; i++)
		slot[i] = UINT32_MAX;
	for (unsigned id = 0; id < t->n; id++) {
		size_t i = (size_t)t->hash[id] & (cap - 1);
		while (slot[i] != UINT32_MAX)
			i = (i + 1) & (cap - 1);
		slot[i] = id;
	}
	free(t->slot);
	t->slot = slot;
	t->nslots = cap;
}

unsigned arb_lines_intern(arb_lines *t, const char *s, size_t n)
{
	if (2 * (t->n + 1) > t->nslots)
		rehash(t, t->nslots ? 2 * t->nslots : 1024);
	uint64_t h = hash_line(s, n);
	size_t i = (size_t)h & (t->nslots - 1);
	for (; t->slot[i] != UINT32_MAX; i = (i + 1) & (t->nslots - 1)) {
		unsigned id = t->slot[i];
		if (t->hash[id] == h && t->len[id] == n && !memcmp(t->text.p + t->at[id], s, n))
			return id;
	}
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->hash = grow(t->hash, t->cap, sizeof *t->hash);
		t->at = grow(t->at, t->cap, sizeof *t->at);
		t->len = grow(t->len, t->cap, sizeof *t->len);
	}
	unsigned id = (unsigned)t->n++;
	t->hash[id] = h;
	t->at[id] = t->text.len;
	t->len[id] = n;
	arb_buf_put(&t->text, s, n);
	t->slot[i] = id;
	return id;
}

void arb_lines_free(arb_lines *t)
{
	arb_buf_free(&t->text);
	free(t->hash);
	free(t->at);
	free(t->len);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

/* An unsigned number in decimal, without printf (pages hold thousands). */
void arb_buf_putu(arb_buf *b, unsigned long v)
{
	char d[24];
	size_t n = sizeof d;
	do {
		d[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	arb_buf_put(b, d + n, sizeof d - n);
}

/* One hunk: at index `at` of the sequence being edited (earlier hunks
 * applied), remove `del` lines and put b[from..to) there. */
static void put_hunk(arb_buf *out, size_t at, size_t del, const unsigned *b, size_t from, size_t to)
{
	if (out->len && out->p[out->len - 1] != '\n')
		arb_buf_putc(out, ';');
	arb_buf_putu(out, at);
	arb_buf_putc(out, ' ');
	arb_buf_putu(out, del);
	for (size_t k = from; k < to; k++) {
		arb_buf_putc(out, ' ');
		arb_buf_putu(out, b[k]);
	}
}

/* Myers' greedy search over a[..n) and b[..m) (their common ends already
 * cut off).  Row d of *trace_out, at d*d, keeps the furthest x on each
 * diagonal -d..d after d edits, to walk back.  Returns the distance, or
 * -1 beyond MAX_EDIT_DISTANCE. */
static long myers(const unsigned *a, long n, const unsigned *b, long m, long **trace_out)
{
	long max = n + m < MAX_EDIT_DISTANCE ? n + m : MAX_EDIT_DISTANCE;
	long *v = grow(NULL, 2 * (size_t)max + 3, sizeof *v);
	long *trace = NULL;
	size_t cap = 0;
	long off = max + 1;
	v[off + 1] = 0;
	for (long d = 0; d <= max; d++) {
		size_t need = (size_t)(d + 1) * (size_t)(d + 1);
		if (need > cap) {
			cap = 2 * need;
			trace = grow(trace, cap, sizeof *trace);
		}
		bool done = false;
		for (long k = -d; k <= d && !done; k += 2) {
			long x;
			if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			long y = x - k;
			while (x < n && y < m && a[x] == b[y])
				x++, y++;
			v[off + k] = x;
			done = x >= n && y >= m;
		}
		memcpy(trace + d * d, v + off - d, (size_t)(2 * d + 1) * sizeof *v);
		if (done) {
			free(v);
			*trace_out = trace;
			return d;
		}
	}
	free(v);
	free(trace);
	return -1;
}

/* The furthest x on diagonal k after d edits, from the trace. */
static long trace_x(const long *trace, long d, long k)
{
	return trace[d * d + (k + d)];
}

void arb_lines_diff(const unsigned *a, size_t na, const unsigned *b, size_t nb, arb_buf *out)
{
	size_t pre = 0, suf = 0;
	while (pre < na && pre < nb && a[pre] == b[pre])
		pre++;
	while (suf < na - pre && suf < nb - pre && a[na - 1 - suf] == b[nb - 1 - suf])
		suf++;
	const unsigned *x0 = a + pre, *y0 = b + pre;
	long n = (long)(na - pre - suf), m = (long)(nb - pre - suf);
	if (n == 0 && m == 0)
		return;
	long *trace = NULL;
	long dist = myers(x0, n, y0, m, &trace);
	if (dist < 0) { /* too far apart: replace the middle whole */
		put_hunk(out, pre, (size_t)n, y0, 0, (size_t)m);
		return;
	}
	/* walk back: each edit is one removal (x-1) or one insertion (y-1);
	 * record them, last first, as the ends of runs */
	size_t *rx = grow(NULL, (size_t)dist + 1, sizeof *rx);
	size_t *ry = grow(NULL, (size_t)dist + 1, sizeof *ry);
	bool *ins = grow(NULL, (size_t)dist + 1, sizeof *ins);
	long x = n, y = m;
	for (long d = dist; d > 0; d--) {
		long k = x - y;
		bool down = k == -d ||
			    (k != d && trace_x(trace, d - 1, k - 1) < trace_x(trace, d - 1, k + 1));
		long pk = down ? k + 1 : k - 1;
		long px = trace_x(trace, d - 1, pk), py = px - pk;
		/* the edit goes from (px,py) to (px,py+1) or (px+1,py) */
		ins[d] = down;
		rx[d] = (size_t)px;
		ry[d] = (size_t)py;
		x = px;
		y = py;
	}
	free(trace);
	/* forward: group neighbouring edits into hunks; `shift` is how far
	 * the edited sequence's indices have moved from a's */
	long shift = 0;
	for (long d = 1; d <= dist;) {
		size_t ax = rx[d], by = ry[d], del = 0, put = 0;
		while (d <= dist && rx[d] == ax + del && ry[d] == by + put) {
			if (ins[d])
				put++;
			else
				del++;
			d++;
		}
		put_hunk(out, (size_t)((long)(pre + ax) + shift), del, y0, by, by + put);
		shift += (long)put - (long)del;
	}
	free(rx);
	free(ry);
	free(ins);
}
