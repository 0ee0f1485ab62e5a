/*
 * cmd_select.c — `select`: TGN in, TGN out.  Each game is passed through
 * byte for byte (its raw bytes, comments and blank lines included) when it
 * matches every criterion given, or, with -v, when it does not.  Exit
 * status 0 when some game was printed, 1 when none, 2 on errors.
 *
 * Only --valid and --invalid need a replay; the other criteria look at the
 * tags alone, so selecting by player from a large stream runs at the
 * reader's speed.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
	size_t printed;
} select_ctx;

static const char *tag_value(const arb_record *rec, const char *name, size_t n)
{
	for (size_t i = 0; i < rec->ntags; i++)
		if (strlen(rec->tags[i].name) == n && memcmp(rec->tags[i].name, name, n) == 0)
			return rec->tags[i].value;
	return NULL;
}

static bool matches(const arb_opts *o, const arb_record *rec)
{
	if (o->game) {
		const char *g = tag_value(rec, "Game", 4);
		if (!g || strcasecmp(g, o->game) != 0) /* game names in any case */
			return false;
	}
	for (int i = 0; i < o->ntags; i++) {
		const char *eq = strchr(o->tags[i], '=');
		const char *v = tag_value(rec, o->tags[i], (size_t)(eq - o->tags[i]));
		if (!v || strcmp(v, eq + 1) != 0)
			return false;
	}
	if (o->player || o->valid || o->invalid) {
		arb_replay r;
		memset(&r, 0, sizeof r);
		r.rec = rec;
		bool ok = arb_replay_setup(&r) == 0;
		bool seated = false;
		for (size_t i = 0; ok && o->player && i < r.setup.nseats; i++)
			if (strcmp(r.setup.seats[i].player, o->player) == 0)
				seated = true;
		if (ok && (o->valid || o->invalid))
			arb_replay_run(&r);
		bool legal = ok && (r.verdict == ARB_LEGAL || r.verdict == ARB_UNFINISHED);
		arb_replay_free(&r);
		if (o->player && !seated)
			return false;
		if (o->valid && !legal)
			return false;
		if (o->invalid && legal)
			return false;
	}
	return true;
}

static int select_one(void *ctx, const arb_record *rec)
{
	select_ctx *c = ctx;
	if (matches(c->o, rec) != c->o->invert) {
		arb_out_text(c->out, rec->raw, rec->rawlen);
		c->printed++;
	}
	return 0;
}

int arb_cmd_select(const arb_opts *o)
{
	select_ctx c = { .o = o };
	c.out = arb_out_new(o);
	arb_each_record(o, c.out, select_one, &c);
	int status = arb_out_exit(c.out);
	if (status == 0 && c.printed == 0)
		status = 1;
	return arb_out_finish(c.out, status);
}
