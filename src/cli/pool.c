/*
 * pool.c — the record loop on -j worker threads (records.c holds the
 * loop on one thread, and calls this when the command can use threads).
 *
 * -j N (check, score, select, fmt, standings): the calling thread only reads the
 * bytes and cuts them into batches of whole games (about 256 KiB, cut
 * before a line that starts with a [Game tag); N worker threads each read
 * and replay a batch in place, writing into the batch's capture (an
 * arb_out that keeps stdout, stderr and documents, see output.c); the
 * calling thread writes the captures in input order.  Reading is a third
 * of the work, so it belongs on the workers too: the calling thread
 * reads a batch and a step past its size in one read, then 4 KiB at a
 * time to the next cut, and copies only what follows the cut.  It counts
 * a batch's newlines as it publishes it (pool_cut.c, 32 bytes at a time
 * with AVX2), while the bytes are still in its core's cache, so every
 * batch's first line is known before a worker takes it: a worker that
 * counted the batch before its own, still being read by the other
 * worker, took 1 % more instructions than -j 1 and cold bytes from the
 * other core.  The worker's reader starts from that count: the line
 * numbers it keeps as it reads are each word's own, a step a line, not
 * a second pass over the bytes (an assertion checks they meet it).  A
 * cut is only a guess from the bytes: a "[Game" line among a game's tags
 * or inside a {...} comment does not start a game.  A batch's reader (but the stream's
 * last) holds back a game still open at its end (arb_reader_held); the
 * writer keeps that game's bytes and replays them with the next batch, so
 * the games are always those one reader finds, and only one game is ever
 * read twice.  A stream cut inside games 8 batches in a row, or with no
 * cut for 16 MiB, is read on by the calling thread.  The
 * bytes written are those of one thread, and so are the exit status and,
 * with --fail-fast, the error that stops the run: a batch after the one
 * that stopped is discarded unwritten.  Memory holds 4 batches per worker
 * (each a buffer the kernel must first fault in, page by page: 8 cost
 * 1,000 page faults more than -j 1 and 5 % of -j 2's wall time on 50 MB,
 * and the reading thread stays far ahead with 4) and the one game
 * carried, whatever the input.  Threads sleep as seldom as may be: a
 * full ring is emptied by half before the reading thread reads on, and a
 * worker wakes it only for the one job it waits for (one wake a batch
 * cost 670 context switches on 50 MB, 280 now); but a worker with
 * nothing to do is woken by the next batch (at the start, both waited
 * for the fourth).  The last batches of a regular file are cut smaller
 * (pool_batch_size), so that the workers end together.  A single small input
 * starts no thread, unless it holds records from one seat's view, costly
 * to replay: those are cut into a few batches a worker
 * (pool_costly_batch).  Where and how large the cuts are, and the
 * newline count, are pool_cut.c's.
 */
/* fopencookie: the rest of a stream after what was read for batches */
#define _GNU_SOURCE
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "pool.h"
#include "pool_cut.h"
#include "../core/gamedata.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct arb_pool pool;

/* ------------------------------------------------------- the job ring */

/* One piece of the output on its way: a batch of whole games (the bytes
 * of a stream from one game's first line) and the capture its output
 * goes to, or only captured output (a file that cannot be opened). */
typedef struct job {
	arb_out *cap;
	bool batch; /* bytes for a worker                              */
	bool done;  /* its capture is complete (under the pool's lock) */
	int stop;   /* the run stops after this job is written         */
	arb_buf bytes;
	const char *name;  /* the stream's name in diagnostics             */
	uint32_t line0;	   /* lines of the stream before bytes[0]          */
	uint32_t line_end; /* ...and before the next batch                 */
	bool last;	   /* the stream's last batch                      */
	bool held;	   /* it ended inside a game, from held_off on     */
	size_t held_off;
	uint32_t held_line0; /* lines of the stream before that game      */
	size_t seen;	     /* games the reader found in it              */
} job;

typedef struct worker_arg {
	pool *p;
	void *wctx;
	arb_worker keep; /* the thread's own engines' keep (game.h) */
} worker_arg;

struct arb_pool {
	const arb_loop *l;
	const arb_opts *o;
	arb_out *out;	 /* the real output                              */
	size_t nthreads; /* workers asked for, then running              */
	bool started;	 /* the ring exists (threads may be 0: see start) */
	bool stopped;	 /* a written job stopped the run                */
	size_t batch;	 /* bytes a batch holds at least (but the last)  */
	/* the newline count this processor runs fastest, chosen at
	 * arb_pool_new before any thread starts, then only read */
	pool_count_fn count_lines;
	pthread_mutex_t lock;
	pthread_cond_t more; /* a job was published (or quit)               */
	pthread_cond_t done; /* the job the writer waits for was done       */
	const job *awaited;  /* that job (NULL: the writer does not wait)   */
	job *ring;
	size_t size;		 /* slots                                   */
	size_t head, next, tail; /* counts: oldest unwritten, next to work, next to fill */
	bool quit;
	size_t idle; /* workers waiting for a batch (under the lock) */
	pthread_t *threads;
	worker_arg *args;
	void *own_ctx;	      /* the writer's worker context (merged batches) */
	arb_worker *own_keep; /* the calling thread's keep (the caller's) */
	size_t file_seen;     /* games of the stream being written, so far    */
	arb_buf acc;	      /* bytes read, not yet in a batch               */
	/* the game a written batch ended inside: the next batch of its
	 * stream is read again from its first byte (see write_head) */
	arb_buf carry;
	bool carrying;
	uint32_t carry_line0;
	size_t rereads;	    /* batches in a row that were read again */
	uint32_t acc_line0; /* lines of the stream before acc's bytes, once a
			      * batch of it was published (publish_batch) */
};

static void lock(pool *p)
{
	if (pthread_mutex_lock(&p->lock) != 0)
		abort(); /* only a broken mutex fails */
}

static void unlock(pool *p)
{
	pthread_mutex_unlock(&p->lock);
}

/* A worker's context: a copy of the loop's (see arb_loop). */
static void *worker_new(const arb_loop *l)
{
	void *w = arb_xmalloc(l->worker_size);
	memcpy(w, l->worker_proto ? l->worker_proto : l->ctx, l->worker_size);
	if (l->worker_init)
		l->worker_init(w);
	return w;
}

static void worker_free(const arb_loop *l, void *w)
{
	if (l->worker_fini)
		l->worker_fini(w);
	free(w);
}

/* Replay a batch: its games, read in place, into its capture, with the
 * replaying thread's context and keep. */
static void run_batch(pool *p, void *wctx, arb_worker *keep, job *j)
{
	const arb_loop *l = p->l;
	memcpy((char *)wctx + l->out_at, &j->cap, sizeof j->cap); /* its `out` */
	arb_reader *rd =
		arb_reader_new_mem(j->bytes.p ? j->bytes.p : "", j->bytes.len, j->name, j->line0);
	arb_reader_set_worker(rd, keep);
	if (!j->last)
		arb_reader_hold_open_game(rd);
	j->seen = 0;
	j->stop = arb_loop_read(rd, j->name, p->o, j->cap, l, l->worker_fn ? l->worker_fn : l->fn,
				wctx, &j->seen);
	/* a run stopped before the end is final: its games were all whole */
	j->held = !j->stop && arb_reader_held(rd, &j->held_off, &j->held_line0);
	/* the reader counts the lines the reading thread counted */
	assert(j->stop || j->last || arb_reader_lines(rd) == j->line_end);
	arb_reader_free(rd);
}

/* A worker: replay the next batch, until told to quit. */
static void *worker_main(void *arg)
{
	worker_arg *w = arg;
	pool *p = w->p;
	lock(p);
	for (;;) {
		while (!p->quit && p->next == p->tail) {
			p->idle++;
			pthread_cond_wait(&p->more, &p->lock);
			p->idle--;
		}
		if (p->quit)
			break;
		if (p->next < p->head) {
			/* jobs without a batch are done when published and may
			 * be written, and their slots reused, before a worker
			 * passes them: never take a slot by a stale count */
			p->next = p->head;
			continue;
		}
		job *j = &p->ring[p->next++ % p->size];
		if (!j->batch)
			continue;
		unlock(p);
		run_batch(p, w->wctx, &w->keep, j);
		lock(p);
		j->done = true;
		/* the writer is woken for the one job it waits for, not
		 * for every batch done (a wake is a context switch) */
		if (j == p->awaited)
			pthread_cond_signal(&p->done);
	}
	unlock(p);
	return NULL;
}

/* Under the lock: is job j done (waiting for it when `wait`)? */
static bool job_done(pool *p, job *j, bool wait)
{
	while (!j->done) {
		if (!wait)
			return false;
		pthread_cond_broadcast(&p->more); /* what is pending, now */
		p->awaited = j;
		pthread_cond_wait(&p->done, &p->lock);
		p->awaited = NULL;
	}
	return true;
}

/* A batch cut inside a game (among its tags, in a {...} comment, where a
 * "[Game" line does not start a game) leaves that game's bytes in
 * p->carry when it is written; the next batch, whose worker began at the
 * wrong place, is read again here from the carried game on.  Only the
 * one open game is carried, never whole batches: memory stays bounded by
 * the largest game however many cuts in a row fall inside games. */
static void reread_carried(pool *p, job *j)
{
	arb_buf_put(&p->carry, j->bytes.p ? j->bytes.p : "", j->bytes.len);
	arb_buf joined = p->carry;
	p->carry = j->bytes;
	p->carry.len = 0;
	j->bytes = joined; /* it ends where it ended: line_end stays */
	j->line0 = p->carry_line0;
	p->carrying = false;
	arb_out_reset(j->cap);
	run_batch(p, p->own_ctx, p->own_keep, j);
}

/* Keep the game batch j ended inside (see reread_carried). */
static void carry_held(pool *p, const job *j)
{
	p->carry.len = 0;
	arb_buf_put(&p->carry, j->bytes.p + j->held_off, j->bytes.len - j->held_off);
	p->carry_line0 = j->held_line0;
	p->carrying = true;
}

/* Write the oldest job (waiting for it when `wait`); false when it is
 * not done yet (or there is none). */
static bool write_head(pool *p, bool wait)
{
	lock(p);
	if (p->head == p->tail || !job_done(p, &p->ring[p->head % p->size], wait)) {
		unlock(p);
		return false;
	}
	job *j = &p->ring[p->head % p->size];
	unlock(p);
	if (j->batch && p->carrying && !p->stopped) {
		reread_carried(p, j);
		p->rereads++;
	} else if (j->batch) {
		p->rereads = 0;
	}
	if (p->stopped) {
		arb_out_reset(j->cap); /* after the stop: as if never read */
	} else {
		int result_stop = arb_out_replay(p->out, j->cap);
		if (j->batch) {
			if (j->held && !j->stop)
				carry_held(p, j);
			p->file_seen += j->seen;
			if (j->last) {
				if (!j->stop && p->file_seen == 0)
					j->stop = arb_loop_no_records(p->out, j->name, p->o);
				p->file_seen = 0;
			}
		}
		if (j->stop || result_stop || arb_out_failed(p->out))
			p->stopped = true;
	}
	lock(p);
	p->head++;
	unlock(p);
	return true;
}

/* The ring and its workers.  With no thread at all, the ring still
 * orders the output and the reading thread replays each batch. */
static void pool_start(pool *p)
{
	/* jansson seeds its hash function on first use: do it here, once,
	 * before two threads could race for it */
	json_object_seed(0);
	/* and the games' data: the workers then only read it */
	arb_gamedata_load_all(&arb_registry);
	p->size = 4 * p->nthreads;
	p->ring = arb_xcalloc(p->size, sizeof *p->ring);
	for (size_t i = 0; i < p->size; i++)
		p->ring[i].cap = arb_out_capture(p->o);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->more, NULL);
	pthread_cond_init(&p->done, NULL);
	p->own_ctx = worker_new(p->l);
	p->threads = arb_xcalloc(p->nthreads, sizeof *p->threads);
	p->args = arb_xcalloc(p->nthreads, sizeof *p->args);
	size_t started = 0;
	for (size_t i = 0; i < p->nthreads; i++) {
		p->args[started] = (worker_arg){ .p = p, .wctx = worker_new(p->l) };
		if (pthread_create(&p->threads[started], NULL, worker_main, &p->args[started]) !=
		    0) {
			worker_free(p->l, p->args[started].wctx);
			break; /* fewer workers: the same output, later */
		}
		started++;
	}
	p->nthreads = started;
	p->started = true;
}

/* A free slot (writing the oldest job when the ring is full).  A full
 * ring is emptied by half before the reading thread goes on: it waits
 * once for the job half a ring on, then writes what is done, rather than
 * sleeping and being woken for every batch (the reading is far faster
 * than the replays). */
static job *pool_slot(pool *p)
{
	for (;;) {
		lock(p);
		bool full = p->tail - p->head == p->size;
		if (full && p->size > 1)
			job_done(p, &p->ring[(p->head + p->size / 2 - 1) % p->size], true);
		unlock(p);
		if (!full)
			break;
		while (write_head(p, false))
			;
		lock(p);
		full = p->tail - p->head == p->size;
		unlock(p);
		if (full)
			write_head(p, true);
	}
	job *j = &p->ring[p->tail % p->size];
	arb_out_reset(j->cap);
	j->batch = false;
	j->done = false;
	j->stop = 0;
	j->last = false;
	return j;
}

/* Hand the filled slot on, and write what is done. */
static void pool_publish(pool *p, job *j)
{
	if (j->batch && !p->nthreads) {
		run_batch(p, p->own_ctx, p->own_keep, j); /* no worker could be started */
		j->done = true;
	}
	lock(p);
	if (!j->batch)
		j->done = true;
	p->tail++;
	/* workers are woken for several batches, not each one, but a
	 * worker with nothing to do is not left waiting for company (at
	 * the start, both would wait for the fourth batch) */
	if (p->tail - p->next >= p->size / 2)
		pthread_cond_broadcast(&p->more);
	else if (p->idle)
		pthread_cond_signal(&p->more);
	unlock(p);
	while (write_head(p, false))
		;
}

/* Write every job but the last `keep`. */
static void pool_drain(pool *p, size_t keep)
{
	for (;;) {
		lock(p);
		bool more = p->tail - p->head > keep;
		unlock(p);
		if (!more || !write_head(p, true))
			return;
	}
}

/* Write every job left, stop the workers and free the pool. */
static void pool_end(pool *p)
{
	arb_buf_free(&p->acc);
	if (!p->started)
		return;
	pool_drain(p, 0);
	arb_buf_free(&p->carry); /* the drain may still carry a game */
	lock(p);
	p->quit = true;
	pthread_cond_broadcast(&p->more);
	unlock(p);
	for (size_t i = 0; i < p->nthreads; i++) {
		pthread_join(p->threads[i], NULL);
		worker_free(p->l, p->args[i].wctx);
		arb_worker_end(&p->args[i].keep);
	}
	worker_free(p->l, p->own_ctx);
	for (size_t i = 0; i < p->size; i++) {
		arb_out_close(p->ring[i].cap);
		arb_buf_free(&p->ring[i].bytes);
	}
	free(p->ring);
	free(p->threads);
	free(p->args);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->more);
	pthread_cond_destroy(&p->done);
}

/* The output that what is reported now goes to: the real one on one
 * thread, else a job's capture (so it is written in its place). */
static arb_out *out_now(pool *p, arb_out *out, job **j)
{
	*j = NULL;
	if (!p->started)
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

/* ----------------------------------------------------------- batches */

/* The stream after the bytes already read: seg[0] (a batch to read
 * again, may be empty), then seg[1] (what was read past it), then the
 * rest of the file. */
typedef struct rest_stream {
	struct {
		const char *p;
		size_t len;
	} seg[2];
	FILE *f;
} rest_stream;

static ssize_t rest_read(void *cookie, char *buf, size_t size)
{
	rest_stream *r = cookie;
	for (int i = 0; i < 2; i++) {
		size_t n = r->seg[i].len < size ? r->seg[i].len : size;
		if (n) {
			memcpy(buf, r->seg[i].p, n);
			r->seg[i].p += n;
			r->seg[i].len -= n;
			return (ssize_t)n;
		}
	}
	size_t n = fread(buf, 1, size, r->f);
	if (n == 0 && ferror(r->f))
		return -1; /* errno is fread's */
	return (ssize_t)n;
}

/* The stream from here on, on this thread: what the ring holds of it is
 * written first, then the game its last batch ended inside (if any) is
 * read again with the rest.  Returns 1 to stop. */
static int finish_serial(pool *p, FILE *f, const char *name, bool published, uint32_t line0)
{
	pool_drain(p, 0);
	if (published) /* the bytes left follow the last batch */
		line0 = p->acc_line0;
	const char *lead = "";
	size_t leadlen = 0;
	if (p->carrying) {
		lead = p->carry.p;
		leadlen = p->carry.len;
		line0 = p->carry_line0;
	}
	int stop = p->stopped;
	if (!stop) {
		rest_stream rs = { { { lead, leadlen }, { p->acc.p ? p->acc.p : "", p->acc.len } },
				   f };
		cookie_io_functions_t io = { .read = rest_read };
		FILE *rf = fopencookie(&rs, "rb", io);
		if (!rf)
			abort(); /* fopencookie fails only without memory */
		size_t seen = p->file_seen;
		p->file_seen = 0;
		stop = arb_loop_serial(rf, name, NULL, line0, seen, p->o, p->out, p->l,
				       p->own_keep);
		fclose(rf);
	}
	p->carrying = false;
	p->acc.len = 0;
	if (stop)
		p->stopped = true;
	return stop;
}

/* Room for `n` more bytes in b. */
static char *room(arb_buf *b, size_t n)
{
	if (b->cap - b->len < n + 1) {
		size_t cap = b->cap ? b->cap : POOL_READ_BLOCK;
		while (cap - b->len < n + 1)
			cap *= 2;
		b->p = arb_xrealloc(b->p, cap);
		b->cap = cap;
	}
	return b->p + b->len;
}

/* Publish acc[0..cut) as a batch of the stream; acc keeps the rest.
 * `first`: the stream's first batch, after its first `line0` lines. */
static void publish_batch(pool *p, size_t cut, const char *name, bool first, uint32_t line0,
			  bool last)
{
	job *j = pool_slot(p);
	/* its lines are counted here, where its bytes were just read and
	 * are still in this core's cache: a worker starting before the
	 * batch ahead of it is done would count that one's cold bytes */
	j->line0 = first ? line0 : p->acc_line0;
	j->line_end = j->line0 + p->count_lines(p->acc.p ? p->acc.p : "", cut);
	p->acc_line0 = j->line_end;
	/* the slot's buffer becomes the reading buffer, the bytes read the
	 * batch: only what follows the cut is copied (less than POOL_CUT_STEP) */
	arb_buf batch = p->acc;
	p->acc = j->bytes;
	p->acc.len = 0;
	size_t rest = batch.len - cut;
	if (rest)
		memcpy(room(&p->acc, rest), batch.p + cut, rest);
	p->acc.len = rest;
	batch.len = cut;
	j->bytes = batch;
	j->batch = true;
	j->name = name;
	j->last = last;
	pool_publish(p, j);
}

/* When the stream whose first bytes p->acc holds is no TGN: its one
 * error, in its place among the jobs (p->stopped set when the run must
 * stop); returns 1 then. */
static int foreign_stream(pool *p, const char *name)
{
	arb_diag d;
	if (!arb_foreign_input(p->acc.p ? p->acc.p : "", p->acc.len, name, p->o->command, &d))
		return 0;
	job *j;
	arb_out *to = out_now(p, p->out, &j);
	arb_tally *t = arb_out_tally(to);
	t->games++;
	t->unreadable++;
	arb_out_diag(to, &d);
	int stop = !p->o->keep_going;
	out_done(p, j, stop);
	if (stop || (!j && arb_out_failed(p->out)))
		p->stopped = true;
	return 1;
}

/* Read a stream in batches of whole games for the workers, less what
 * `taken` (or NULL) says was read from it already.  A single small input
 * (one batch, no other file) is replayed on this thread, so a run of one
 * game starts no thread.  Returns 1 to stop. */
static int split_stream(pool *p, FILE *f, const char *name, bool more_streams,
			const arb_taken *taken)
{
	uint32_t line0 = taken ? taken->lines : 0;
	size_t searched = 1;
	bool eof = false;
	p->acc.len = 0;
	if (taken && taken->len) {
		memcpy(room(&p->acc, taken->len), taken->bytes, taken->len);
		p->acc.len = taken->len;
	}
	bool head_told = taken && (taken->lines || taken->len); /* its start is gone */
	bool published = false;
	bool resized = false; /* pool_costly_batch() cut the batches smaller */
	off_t left = pool_bytes_left(f);
	while (!p->stopped) {
		/* smaller near the end only once the workers run: a small input
		 * is still one batch on this thread (below) */
		size_t batch =
			pool_batch_size(p->batch, p->nthreads, p->started ? left : -1, p->acc.len);
		if (!eof) {
			/* a block to begin with (the head is in it), then up to
			 * a step past the batch's size (where a cut mostly is:
			 * one read, not one to the size and one past it), then
			 * a step at a time to a cut */
			size_t want = !head_told	    ? POOL_READ_BLOCK
				      : p->acc.len <= batch ? batch + POOL_CUT_STEP - p->acc.len
							    : POOL_CUT_STEP;
			if (want > POOL_READ_BLOCK + POOL_CUT_STEP)
				want = POOL_READ_BLOCK;
			size_t got = fread(room(&p->acc, want), 1, want, f);
			p->acc.len += got;
			if (left >= 0)
				left = (off_t)got < left ? left - (off_t)got : 0;
			if (got < want) {
				if (ferror(f)) /* the reader reports it, in its place */
					return finish_serial(p, f, name, published, line0);
				eof = feof(f);
			}
		}
		if (!head_told) { /* POOL_READ_BLOCK >= ARB_HEAD_BYTES: the head is there */
			head_told = true;
			if (foreign_stream(p, name))
				return p->stopped;
		}
		size_t cut = 0;
		if (p->acc.len > batch) {
			size_t from = searched > batch ? searched : batch;
			cut = pool_find_cut(p->acc.p, p->acc.len, from);
			searched = p->acc.len > 6 ? p->acc.len - 6 : 1;
		}
		if (cut) {
			if (!p->started)
				pool_start(p);
			publish_batch(p, cut, name, !published, line0, false);
			published = true;
			searched = 1;
			if (p->rereads >= POOL_REREADS_MAX)
				return finish_serial(p, f, name, published, line0);
			continue;
		}
		if (eof) {
			/* a single small input of costly views: cut smaller */
			size_t small = !p->started && !more_streams && !resized
					       ? pool_costly_batch(p->acc.p, p->acc.len,
								   p->nthreads, p->batch)
					       : 0;
			if (small) {
				p->batch = small;
				resized = true; /* (once: a cut is there, past it) */
				searched = 1;
				continue;
			}
			if (!p->started && !more_streams) {
				/* all of the input is this one batch */
				arb_reader *rd = arb_reader_new_mem(p->acc.p ? p->acc.p : "",
								    p->acc.len, name, line0);
				arb_reader_set_worker(rd, p->own_keep);
				size_t seen = 0;
				int stop = arb_loop_read(rd, name, p->o, p->out, p->l, p->l->fn,
							 p->l->ctx, &seen);
				arb_reader_free(rd);
				if (!stop && seen == 0)
					stop = arb_loop_no_records(p->out, name, p->o);
				return stop;
			}
			if (!p->started)
				pool_start(p);
			publish_batch(p, p->acc.len, name, !published, line0, true);
			return p->stopped;
		}
		if (p->acc.len > POOL_BATCH_MAX) {
			if (!p->started)
				pool_start(p);
			return finish_serial(p, f, name, published, line0);
		}
	}
	return 1;
}

/* ------------------------------------------------------------ the loop */

/* Worker threads for -j: 0 (one thread) unless the command can use them. */
static size_t threads_for(const arb_opts *o, const arb_loop *l)
{
	if (!l->worker_size)
		return 0;
	long n = o->jobs;
	if (n == 0) /* not given: every online core */
		n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n > 64)
		n = 64;
	return n > 1 ? (size_t)n : 0;
}

/* ------------------------------------------------------------- the API */

arb_pool *arb_pool_new(const arb_opts *o, arb_out *out, const arb_loop *l, arb_worker *keep)
{
	size_t n = threads_for(o, l);
	if (!n)
		return NULL;
	pool *p = arb_xcalloc(1, sizeof *p);
	*p = (pool){ .l = l, .o = o, .out = out, .nthreads = n, .own_keep = keep };
	p->batch = pool_batch_bytes(o->quiet);
	p->count_lines = pool_count_lines_fn();
	return p;
}

int arb_pool_stream(arb_pool *p, FILE *f, const char *name, bool more_streams,
		    const arb_taken *taken)
{
	return split_stream(p, f, name, more_streams, taken);
}

arb_out *arb_pool_reserve(arb_pool *p)
{
	job *j;
	return out_now(p, p->out, &j);
}

int arb_pool_release(arb_pool *p, arb_out *to, int stop)
{
	/* the slot out_now took is the one to fill next */
	job *j = to == p->out ? NULL : &p->ring[p->tail % p->size];
	out_done(p, j, stop);
	return stop || p->stopped || (!j && arb_out_failed(p->out));
}

int arb_pool_end(arb_pool *p)
{
	if (!p)
		return 0;
	pool_end(p);
	int stopped = p->stopped;
	free(p);
	return stopped;
}
