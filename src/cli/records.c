/*
 * records.c — walking the operands: each file (or "-" for standard input)
 * is read game by game and every record handed to a command's callback.
 *
 * A bad record does not end the batch: its diagnostic is reported, the
 * reader goes on at the next game of the same file, and a file that
 * cannot be opened is an error for that file alone; the exit status is
 * the worst seen.  --fail-fast stops at the first error instead.
 *
 * -j N (check, score, select, fmt): the calling thread reads and copies
 * each record into a ring of jobs (8 per worker, so memory stays a few
 * games whatever the input); N worker threads replay them, each writing
 * into the job's capture (an arb_out that keeps stdout, stderr and
 * documents, see output.c); the calling thread writes the captures in
 * input order.  The bytes written are those of one thread, and so are the
 * exit status and, with --fail-fast, the error that stops the run: a job
 * after the one that stopped is discarded unwritten.  Reading and
 * writing stay on one thread because the reader is sequential and the
 * output must be in order; replaying is most of the work.  The first game
 * is replayed on the calling thread, so a run of one game starts no
 * thread.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
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
	arb_buf_printf(&b, "%zu game%s in %zu file%s", t->games, t->games == 1 ? "" : "s",
		       t->files, t->files == 1 ? "" : "s");
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

/* ------------------------------------------------------- the job ring */

/* One game on its way: a copy of the record (the reader's buffers are
 * reused by the next game) and the capture its output goes to. */
typedef struct job {
	arb_out *cap;
	bool work; /* a record for a worker; else only captured output */
	bool done; /* its capture is complete (under the pool's lock)  */
	int stop;  /* the run stops after this job is written          */
	arb_record rec;
	arb_buf raw, strs;
	arb_tag *tags;
	arb_token *tok;
	arb_turn *turns;
	arb_comment *coms;
	arb_item *items;
	size_t cap_tags, cap_tok, cap_turns, cap_coms, cap_items;
} job;

typedef struct pool {
	const arb_loop *l;
	const arb_opts *o;
	arb_out *out; /* the real output                                 */
	size_t nthreads;
	bool started; /* threads running (from the second game on)       */
	bool stopped; /* a written job stopped the run                   */
	pthread_mutex_t lock;
	pthread_cond_t more; /* a job was published (or quit)               */
	pthread_cond_t done; /* a job was done                              */
	job *ring;
	size_t size;		/* slots                                     */
	size_t head, next, tail; /* counts: oldest unwritten, next to work, next to fill */
	bool quit;
	pthread_t *threads;
	void **wctx;
} pool;

typedef struct worker_arg {
	pool *p;
	void *wctx;
} worker_arg;

#define COPY(dst, cap, src, n)                                              \
	do {                                                                \
		if ((n) > (cap)) {                                          \
			(cap) = (n);                                        \
			(dst) = arb_xrealloc((dst), (cap) * sizeof *(dst)); \
		}                                                           \
		if (n)                                                      \
			memcpy((dst), (src), (n) * sizeof *(dst));          \
	} while (0)

/* Copy `rec` into the job: the words and comments point into its raw
 * bytes, the tags and the file name into its strings. */
static void copy_record(job *j, const arb_record *rec)
{
	arb_record *c = &j->rec;
	*c = *rec;
	arb_buf_reset(&j->raw);
	arb_buf_put(&j->raw, rec->raw, rec->rawlen);
	c->raw = j->raw.p ? j->raw.p : "";
	COPY(j->tok, j->cap_tok, rec->tok, rec->ntok);
	for (size_t i = 0; i < rec->ntok; i++)
		j->tok[i].s = c->raw + (rec->tok[i].s - rec->raw);
	c->tok = j->tok;
	COPY(j->coms, j->cap_coms, rec->comments, rec->ncomments);
	for (size_t i = 0; i < rec->ncomments; i++)
		j->coms[i].text = c->raw + (rec->comments[i].text - rec->raw);
	c->comments = j->coms;
	COPY(j->turns, j->cap_turns, rec->turns, rec->nturns);
	c->turns = j->turns;
	COPY(j->items, j->cap_items, rec->items, rec->nitems);
	c->items = j->items;
	/* strings as offsets first: the buffer moves as it grows */
	arb_buf_reset(&j->strs);
	size_t file = j->strs.len;
	arb_buf_put(&j->strs, rec->file, strlen(rec->file) + 1);
	COPY(j->tags, j->cap_tags, rec->tags, rec->ntags);
	size_t *off = arb_xmalloc((2 * rec->ntags + 1) * sizeof *off);
	for (size_t i = 0; i < rec->ntags; i++) {
		off[2 * i] = j->strs.len;
		arb_buf_put(&j->strs, rec->tags[i].name, strlen(rec->tags[i].name) + 1);
		off[2 * i + 1] = j->strs.len;
		arb_buf_put(&j->strs, rec->tags[i].value, strlen(rec->tags[i].value) + 1);
	}
	for (size_t i = 0; i < rec->ntags; i++) {
		j->tags[i].name = j->strs.p + off[2 * i];
		j->tags[i].value = j->strs.p + off[2 * i + 1];
	}
	free(off);
	c->tags = j->tags;
	c->file = j->strs.p + file;
}

static void lock(pool *p)
{
	if (pthread_mutex_lock(&p->lock) != 0)
		abort(); /* only a broken mutex fails */
}

static void unlock(pool *p)
{
	pthread_mutex_unlock(&p->lock);
}

/* A worker: replay the next job to do, until told to quit. */
static void *worker_main(void *arg)
{
	worker_arg *w = arg;
	pool *p = w->p;
	const arb_loop *l = p->l;
	lock(p);
	for (;;) {
		while (!p->quit && p->next == p->tail)
			pthread_cond_wait(&p->more, &p->lock);
		if (p->quit)
			break;
		if (p->next < p->head) {
			/* jobs without a record are done when published and may
			 * be written, and their slots reused, before a worker
			 * passes them: never take a slot by a stale count */
			p->next = p->head;
			continue;
		}
		job *j = &p->ring[p->next++ % p->size];
		if (!j->work)
			continue;
		unlock(p);
		l->worker_out(w->wctx, j->cap);
		int stop = l->fn(w->wctx, &j->rec);
		arb_tally *t = arb_out_tally(j->cap);
		t->games++;
		t->unreadable += arb_out_diags(j->cap) > 0;
		lock(p);
		j->stop = stop;
		j->done = true;
		pthread_cond_broadcast(&p->done);
	}
	unlock(p);
	return NULL;
}

/* Write the oldest job (waiting for it when `wait`); false when it is
 * not done yet (or there is none). */
static bool write_head(pool *p, bool wait)
{
	lock(p);
	if (p->head == p->tail) {
		unlock(p);
		return false;
	}
	job *j = &p->ring[p->head % p->size];
	while (!j->done) {
		if (!wait) {
			unlock(p);
			return false;
		}
		pthread_cond_broadcast(&p->more); /* what is pending, now */
		pthread_cond_wait(&p->done, &p->lock);
	}
	unlock(p);
	if (p->stopped) {
		arb_out_reset(j->cap); /* after the stop: as if never read */
	} else {
		arb_out_replay(p->out, j->cap);
		if (j->stop || arb_out_failed(p->out))
			p->stopped = true;
	}
	lock(p);
	p->head++;
	unlock(p);
	return true;
}

static void pool_start(pool *p)
{
	/* jansson seeds its hash function on first use: do it here, once,
	 * before two threads could race for it */
	json_object_seed(0);
	p->size = 8 * p->nthreads;
	p->ring = arb_xcalloc(p->size, sizeof *p->ring);
	for (size_t i = 0; i < p->size; i++)
		p->ring[i].cap = arb_out_capture(p->o);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->more, NULL);
	pthread_cond_init(&p->done, NULL);
	p->threads = arb_xcalloc(p->nthreads, sizeof *p->threads);
	worker_arg *args = arb_xcalloc(p->nthreads, sizeof *args);
	p->wctx = (void **)args;
	size_t started = 0;
	for (size_t i = 0; i < p->nthreads; i++) {
		args[i] = (worker_arg){ p, p->l->worker_new(p->l->ctx) };
		if (pthread_create(&p->threads[i], NULL, worker_main, &args[i]) != 0) {
			p->l->worker_free(args[i].wctx);
			break; /* fewer workers: the same output, later */
		}
		started++;
	}
	p->nthreads = started;
	p->started = true;
	if (!started) { /* not even one: the reader's thread replays */
		p->started = false;
		p->nthreads = 0;
	}
}

/* A free slot (writing the oldest job when the ring is full). */
static job *pool_slot(pool *p)
{
	for (;;) {
		lock(p);
		bool full = p->tail - p->head == p->size;
		unlock(p);
		if (!full)
			break;
		write_head(p, true);
	}
	job *j = &p->ring[p->tail % p->size];
	arb_out_reset(j->cap);
	j->work = false;
	j->done = false;
	j->stop = 0;
	return j;
}

/* Hand the filled slot on, and write what is done. */
static void pool_publish(pool *p, job *j)
{
	lock(p);
	if (!j->work)
		j->done = true;
	p->tail++;
	/* workers are woken for a batch, not for each game: a game is
	 * replayed in microseconds, and a wake-up per game cost 40 % more
	 * CPU time than one thread on small games */
	if (p->tail - p->next >= p->size / 2)
		pthread_cond_broadcast(&p->more);
	unlock(p);
	while (write_head(p, false))
		;
}

/* Write every job left, stop the workers and free the pool. */
static void pool_end(pool *p)
{
	if (!p->started)
		return;
	while (write_head(p, true))
		;
	lock(p);
	p->quit = true;
	pthread_cond_broadcast(&p->more);
	unlock(p);
	worker_arg *args = (worker_arg *)p->wctx;
	for (size_t i = 0; i < p->nthreads; i++) {
		pthread_join(p->threads[i], NULL);
		p->l->worker_free(args[i].wctx);
	}
	for (size_t i = 0; i < p->size; i++) {
		job *j = &p->ring[i];
		arb_out_close(j->cap);
		arb_buf_free(&j->raw);
		arb_buf_free(&j->strs);
		free(j->tags);
		free(j->tok);
		free(j->turns);
		free(j->coms);
		free(j->items);
	}
	free(p->ring);
	free(p->threads);
	free(p->wctx);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->more);
	pthread_cond_destroy(&p->done);
}

/* The output that what is reported now goes to: the real one on one
 * thread, else a job's capture (so it is written in its place). */
static arb_out *out_now(pool *p, arb_out *out, job **j)
{
	*j = NULL;
	if (!p || !p->started)
		return out;
	*j = pool_slot(p);
	return (*j)->cap;
}

static void out_done(pool *p, job *j, int stop)
{
	if (!j)
		return;
	j->stop = stop;
	pool_publish(p, j);
}

/* ------------------------------------------------------------ the loop */

/* Read one stream; returns 1 when the run must stop. */
static int each_in(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
		   arb_out *out, const arb_loop *l, pool *p)
{
	arb_reader *rd = arb_reader_new(f, name);
	if (taken)
		arb_reader_unread(rd, taken->lines, taken->bytes, taken->len);
	arb_record rec;
	arb_diag d;
	int stop = 0, rc;
	size_t seen = 0;
	while (!stop && !(p && p->stopped) && (rc = arb_reader_next(rd, &rec, &d)) != 0) {
		seen++;
		job *j;
		if (rc < 0) {
			arb_out *to = out_now(p, out, &j);
			arb_out_diag(to, &d);
			arb_tally *t = arb_out_tally(to);
			t->games++;
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
					l->broken(l->ctx, to, &bad);
			}
			stop = !o->keep_going;
			out_done(p, j, stop);
			if (!j && arb_out_failed(out))
				stop = 1;
		} else {
			/* threads from the second game on: one game needs none */
			if (p && p->nthreads && !p->started && arb_out_tally(out)->games)
				pool_start(p);
			if (p && p->started) {
				j = pool_slot(p);
				copy_record(j, &rec);
				j->work = true;
				pool_publish(p, j);
				continue;
			}
			size_t before = arb_out_diags(out);
			stop = l->fn(l->ctx, &rec) || arb_out_failed(out);
			arb_tally *t = arb_out_tally(out);
			t->games++;
			t->unreadable += arb_out_diags(out) > before;
		}
	}
	if (!stop && seen == 0) {
		job *j;
		arb_out *to = out_now(p, out, &j);
		d.file = name;
		d.line = d.col = 0;
		snprintf(d.msg, sizeof d.msg, "no game records in the input");
		arb_out_diag(to, &d);
		stop = !o->keep_going;
		out_done(p, j, stop);
	}
	arb_reader_free(rd);
	return stop || (p && p->stopped);
}

int arb_each_record_in(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
		       arb_out *out, arb_each_fn fn, void *ctx)
{
	arb_loop l = { .fn = fn, .ctx = ctx };
	return each_in(f, name, taken, o, out, &l, NULL);
}

/* Worker threads for -j: 0 (one thread) unless the command can use them. */
static size_t threads_for(const arb_opts *o, const arb_loop *l)
{
	if (!l->worker_new)
		return 0;
	/* Threads only when asked: measured on 2 cores, -j 2 is no faster
	 * than one thread yet (the handoff costs what the workers save),
	 * so the default stays the single thread until it pays. */
	long n = o->jobs;
	if (n > 64)
		n = 64;
	return n > 1 ? (size_t)n : 0;
}

int arb_each_record_loop(const arb_opts *o, arb_out *out, const arb_loop *l)
{
	static char *stdin_only[] = { "-" };
	char **files = o->nfiles ? o->files : stdin_only;
	int n = o->nfiles ? o->nfiles : 1;
	pool p = { .l = l, .o = o, .out = out, .nthreads = threads_for(o, l) };
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
				job *j;
				arb_out *to = out_now(&p, out, &j);
				arb_diag d = { .file = path };
				snprintf(d.msg, sizeof d.msg, "cannot open: %s", strerror(errno));
				arb_out_diag(to, &d);
				arb_out_tally(to)->unopened++;
				stop = !o->keep_going;
				out_done(&p, j, stop);
				continue;
			}
		}
		stop = each_in(f, name, NULL, o, out, l, &p);
		if (f != stdin)
			fclose(f);
	}
	pool_end(&p);
	return stop || p.stopped;
}

int arb_each_record(const arb_opts *o, arb_out *out, arb_each_fn fn, void *ctx)
{
	arb_loop l = { .fn = fn, .ctx = ctx };
	return arb_each_record_loop(o, out, &l);
}
