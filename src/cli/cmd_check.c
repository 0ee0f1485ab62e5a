/*
 * cmd_check.c — `check` and `score`: replay every game and print its
 * verdict; `score` also collects every score event the engine reports.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
	bool score;
	arb_scored *ev; /* events of the current game */
	size_t nev, cap;
} check_ctx;

static void on_event(void *ctx, size_t move, const arb_event *ev)
{
	check_ctx *c = ctx;
	if (c->nev == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 64;
		c->ev = arb_xrealloc(c->ev, c->cap * sizeof *c->ev);
	}
	c->ev[c->nev].move = move;
	c->ev[c->nev].ev = *ev;
	/* A field's string is the engine's only during the call (game.h):
	 * keep a copy until the game's verdict is written. */
	arb_event *kept = &c->ev[c->nev].ev;
	for (size_t i = 0; i < kept->nfields && i < ARB_MAX_FIELDS; i++)
		if (kept->fields[i].str)
			kept->fields[i].str = arb_xstrdup(kept->fields[i].str);
	c->nev++;
}

static void drop_events(check_ctx *c)
{
	for (size_t e = 0; e < c->nev; e++)
		for (size_t i = 0; i < c->ev[e].ev.nfields && i < ARB_MAX_FIELDS; i++)
			free((char *)c->ev[e].ev.fields[i].str);
	c->nev = 0;
}

static int check_one(void *ctx, const arb_record *rec)
{
	check_ctx *c = ctx;
	arb_replay r;
	arb_replay_init(&r, rec, &arb_registry);
	c->nev = 0;
	if (c->score) {
		r.on_event = on_event;
		r.ctx = c;
	} else {
		r.verdict_only = true;
	}
	arb_replay_game(&r);
	/* a rejected turn did not happen: whatever it announced is void */
	while (r.verdict == ARB_ILLEGAL && c->nev && c->ev[c->nev - 1].move == r.bad_move &&
	       r.bad_move) {
		c->nev--;
		for (size_t i = 0; i < c->ev[c->nev].ev.nfields && i < ARB_MAX_FIELDS; i++)
			free((char *)c->ev[c->nev].ev.fields[i].str);
	}
	arb_out_verdict(c->out, &r, c->ev, c->nev);
	drop_events(c);
	arb_replay_free(&r);
	return r.verdict == ARB_ERROR && !c->o->keep_going;
}

/* -j: a worker's check_ctx keeps its own events. */
static void worker_init(void *wctx)
{
	check_ctx *w = wctx;
	w->ev = NULL;
	w->nev = w->cap = 0;
}

static void worker_fini(void *wctx)
{
	free(((check_ctx *)wctx)->ev);
}

int arb_cmd_check(const arb_opts *o)
{
	check_ctx c = { .o = o, .score = strcmp(o->command, "score") == 0 };
	c.out = arb_out_new(o);
	arb_loop l = { .fn = check_one,
		       .ctx = &c,
		       ARB_LOOP_WORKERS(check_ctx),
		       .worker_init = worker_init,
		       .worker_fini = worker_fini };
	arb_each_record_loop(o, c.out, &l);
	free(c.ev);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}
