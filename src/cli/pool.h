/*
 * pool.h — between the record loop on one thread (records.c) and on -j
 * worker threads (pool.c): private to those two files.  The pool reads
 * the bytes of a stream, cuts them into batches that workers replay with
 * records.c's reading loop, and writes their output in input order.
 */
#ifndef ARB_POOL_H
#define ARB_POOL_H

#include "cli.h"

/* records.c: the games rd reads handed to fn (with ctx, writing to out),
 * counted in *seen; returns 1 when the run must stop. */
int arb_loop_read(arb_reader *rd, const char *name, const arb_opts *o, arb_out *out,
		  const arb_loop *l, arb_each_fn fn, void *ctx, size_t *seen);
/* records.c: a stream in which no game was found; returns 1 to stop. */
int arb_loop_no_records(arb_out *out, const char *name, const arb_opts *o);
/* records.c: one stream on the calling thread, of which `lines` lines and
 * `seen` games (or what `taken` says) were read already, replayed with
 * the calling thread's keep (game.h, arb_worker); 1 to stop. */
int arb_loop_serial(FILE *f, const char *name, const arb_taken *taken, uint32_t lines, size_t seen,
		    const arb_opts *o, arb_out *out, const arb_loop *l, arb_worker *keep);

typedef struct arb_pool arb_pool;
/* The pool for the loop l, or NULL when it runs on one thread (the
 * command has no workers, or -j asks for one).  `keep` is the calling
 * thread's (it replays some batches); each worker thread has its own. */
arb_pool *arb_pool_new(const arb_opts *o, arb_out *out, const arb_loop *l, arb_worker *keep);
/* One stream (more_streams: others follow), less what `taken` (or NULL)
 * says was read of it; returns 1 to stop. */
int arb_pool_stream(arb_pool *p, FILE *f, const char *name, bool more_streams,
		    const arb_taken *taken);
/* The output what is reported now (a file not opened) goes to, in its
 * place among the batches; handed back with arb_pool_release, which
 * returns 1 when the run stops (`stop`, or an earlier stop, or a failed
 * write). */
arb_out *arb_pool_reserve(arb_pool *p);
int arb_pool_release(arb_pool *p, arb_out *to, int stop);
/* Write what is left, stop the workers, free p (NULL: nothing); returns
 * 1 when a job written stopped the run. */
int arb_pool_end(arb_pool *p);

#endif
