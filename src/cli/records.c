/*
 * records.c — walking the operands: each file (or "-" for standard input)
 * is read game by game and every record handed to a command's callback.
 *
 * A bad record does not end the batch: its diagnostic is reported, the
 * reader goes on at the next game of the same file, and a file that
 * cannot be opened is an error for that file alone; the exit status is
 * the worst seen.  --fail-fast stops at the first error instead.
 *
 *
 * -j N (check, score, select, fmt, standings): the games are read and
 * replayed on worker threads and written in input order (pool.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"
#include "../core/util.h"

/* ------------------------------------------------------------ tallies */

void arb_tally_add(arb_tally *to, const arb_tally *from)
{
	to->files += from->files;
	to->unopened += from->unopened;
	to->games += from->games;
	to->legal += from->legal;
	to->unfinished += from->unfinished;
	to->illegal += from->illegal;
	to->unreadable += from->unreadable;
	to->selected += from->selected;
	to->formatted += from->formatted;
}

static void count(arb_buf *b, size_t n, const char *what, size_t *k)
{
	if (n)
		arb_buf_printf(b, "%s%zu %s", (*k)++ ? ", " : ": ", n, what);
}

void arb_tally_print(const arb_tally *t, const char *cmd)
{
	arb_buf b = { 0 };
	arb_buf_printf(&b, "%zu game%s in %zu file%s", t->games, t->games == 1 ? "" : "s", t->files,
		       t->files == 1 ? "" : "s");
	size_t k = 0;
	if (!strcmp(cmd, "select")) {
		arb_buf_printf(&b, ": %zu selected", t->selected);
		k++;
	} else if (!strcmp(cmd, "fmt")) {
		arb_buf_printf(&b, ": %zu formatted", t->formatted);
		k++;
	}
	count(&b, t->legal, "legal", &k);
	count(&b, t->unfinished, "unfinished", &k);
	count(&b, t->illegal, "illegal", &k);
	count(&b, t->unreadable, "unreadable", &k);
	if (t->unopened)
		arb_buf_printf(&b, " (%zu file%s not opened)", t->unopened,
			       t->unopened == 1 ? "" : "s");
	fprintf(stderr, "%s\n", b.p);
	arb_buf_free(&b);
}

/* ------------------------------------------------------------ reading */

/* Hand every game `rd` reads to fn (with `ctx`, writing to `out`),
 * and every game it cannot read to the diagnostics (and l->broken);
 * counts them in *seen.  Returns 1 when the run must stop. */
int arb_loop_read(arb_reader *rd, const char *name, const arb_opts *o, arb_out *out,
		  const arb_loop *l, arb_each_fn fn, void *ctx, size_t *seen)
{
	arb_record rec;
	arb_diag d;
	int stop = 0, rc;
	arb_reader_keep_order(rd, l->keep_order);
	while (!stop && (rc = arb_reader_next(rd, &rec, &d)) != 0) {
		++*seen;
		arb_tally *t = arb_out_tally(out);
		t->games++;
		if (rc < 0) {
			arb_out_diag(out, &d);
			t->unreadable++;
			if (l->broken) {
				arb_broken b;
				arb_reader_broken(rd, &b);
				arb_record bad = { .file = name,
						   .line = b.line,
						   .raw = b.raw ? b.raw : "",
						   .rawlen = b.whole ? b.len : 0,
						   .raw_line = b.line };
				if (b.whole)
					l->broken(ctx, out, &bad);
			}
			stop = !o->keep_going;
		} else {
			size_t before = arb_out_diags(out);
			stop = fn(ctx, &rec);
			t->unreadable += arb_out_diags(out) > before;
		}
		if (arb_out_failed(out))
			stop = 1;
	}
	return stop;
}

/* When a stream's first bytes `head` are no TGN (foreign.c): its one
 * error, counted as one unreadable game; returns 1 (and *stop) then. */
static int foreign(const char *head, size_t len, const char *name, const arb_opts *o, arb_out *out,
		   int *stop)
{
	arb_diag d;
	if (!head || !arb_foreign_input(head, len, name, o->command, &d))
		return 0;
	arb_tally *t = arb_out_tally(out);
	t->games++;
	t->unreadable++;
	arb_out_diag(out, &d);
	*stop = !o->keep_going || arb_out_failed(out);
	return 1;
}

/* A stream in which no game was found at all; returns 1 to stop. */
int arb_loop_no_records(arb_out *out, const char *name, const arb_opts *o)
{
	arb_diag d = { .file = name };
	snprintf(d.msg, sizeof d.msg, "no game records in the input");
	arb_out_diag(out, &d);
	return !o->keep_going || arb_out_failed(out);
}

/* One stream on this thread: `lines` lines and `seen` games of it were
 * read already (0, 0 for a whole stream).  Returns 1 to stop. */
int arb_loop_serial(FILE *f, const char *name, const arb_taken *taken, uint32_t lines, size_t seen,
		    const arb_opts *o, arb_out *out, const arb_loop *l, arb_worker *keep)
{
	arb_reader *rd = arb_reader_new(f, name);
	arb_reader_set_worker(rd, keep);
	if (taken)
		arb_reader_unread(rd, taken->lines, taken->bytes, taken->len);
	else if (lines)
		arb_reader_unread(rd, lines, NULL, 0);
	size_t headlen = 0;
	const char *head = arb_reader_head(rd, &headlen);
	int stop;
	if (foreign(head, headlen, name, o, out, &stop)) {
		arb_reader_free(rd);
		return stop;
	}
	stop = arb_loop_read(rd, name, o, out, l, l->fn, l->ctx, &seen);
	if (!stop && seen == 0)
		stop = arb_loop_no_records(out, name, o);
	arb_reader_free(rd);
	return stop;
}

int arb_each_record_in(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
		       arb_out *out, const arb_loop *l)
{
	arb_worker keep = { 0 };
	int stop = arb_loop_serial(f, name, taken, 0, 0, o, out, l, &keep);
	arb_worker_end(&keep);
	return stop;
}

/* ------------------------------------------------------------ the loop */

int arb_each_record_loop(const arb_opts *o, arb_out *out, const arb_loop *l)
{
	static char *stdin_only[] = { "-" };
	char **files = o->nfiles ? o->files : stdin_only;
	int n = o->nfiles ? o->nfiles : 1;
	arb_worker keep = { 0 };		      /* this thread's engines' keep (game.h) */
	arb_pool *p = arb_pool_new(o, out, l, &keep); /* NULL: on this thread */
	int stop = 0;
	for (int i = 0; i < n && !stop; i++) {
		const char *path = files[i];
		FILE *f;
		const char *name = path;
		arb_out_tally(out)->files++;
		if (strcmp(path, "-") == 0) {
			f = stdin;
			name = "<stdin>";
		} else {
			f = fopen(path, "rb");
			if (!f) {
				/* in its place among the games read on threads */
				arb_out *to = p ? arb_pool_reserve(p) : out;
				arb_diag d = { .file = path };
				snprintf(d.msg, sizeof d.msg, "cannot open: %s", strerror(errno));
				arb_out_diag(to, &d);
				arb_out_tally(to)->unopened++;
				stop = !o->keep_going;
				stop = p ? arb_pool_release(p, to, stop)
					 : stop || arb_out_failed(out);
				continue;
			}
		}
		if (p)
			stop = arb_pool_stream(p, f, name, i + 1 < n, NULL);
		else
			stop = arb_loop_serial(f, name, NULL, 0, 0, o, out, l, &keep);
		if (f != stdin)
			fclose(f);
	}
	int stopped = arb_pool_end(p);
	arb_worker_end(&keep);
	return stop || stopped;
}

int arb_each_record_stream(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
			   arb_out *out, const arb_loop *l)
{
	arb_worker keep = { 0 };
	arb_pool *p = arb_pool_new(o, out, l, &keep);
	int stop = p ? arb_pool_stream(p, f, name, false, taken)
		     : arb_loop_serial(f, name, taken, 0, 0, o, out, l, &keep);
	int stopped = arb_pool_end(p);
	arb_worker_end(&keep);
	return stop || stopped;
}

int arb_each_record(const arb_opts *o, arb_out *out, arb_each_fn fn, void *ctx)
{
	arb_loop l = { .fn = fn, .ctx = ctx };
	return arb_each_record_loop(o, out, &l);
}
