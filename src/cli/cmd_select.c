/*
 * cmd_select.c — `select`: TGN in, TGN out.  Each game is passed through
 * byte for byte (its raw bytes, comments and blank lines included) when it
 * matches every criterion given, or, with -v, when it does not.  Exit
 * status 2 when a game could not be read (whether or not it was printed:
 * a syntax error, however the game ends) or on other errors; else 0 when
 * some game was printed, 1 when none ("no game matched" on stderr).
 * --player compares names as standings does (names.c).
 *
 * Only --valid and --invalid need a replay; the other criteria look at the
 * tags alone, so selecting by player from a large stream runs at the
 * reader's speed.
 *
 * A game read from a named file gets an [Origin "FILE:LINE"] tag on the
 * line after its first tag line (unless it has one): the reader reports a
 * game so marked at its place in FILE, so `select ... | check` names the
 * line the user can open, and the game still starts with its [Game line.
 * A game the reader could not read (a syntax error) is written unchanged
 * too, never dropped: it is --invalid, and so it is printed by --invalid,
 * by -v --valid and by a select with no criterion.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
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
		r.games = &arb_registry;
		/* legal or not is all --valid and --invalid read, as check:
		 * the replay may follow unseen cards the cheaper way */
		bool run = o->valid || o->invalid;
		r.verdict_only = run;
		bool ok;
		if (run) {
			arb_replay_game(&r);
			ok = r.state != NULL; /* set up */
		} else {
			ok = arb_replay_setup(&r) == 0;
		}
		bool seated = false;
		if (ok && o->player) {
			/* names compared as standings compares them */
			arb_buf want = { 0 }, seat = { 0 };
			size_t shown, wkey, skey;
			arb_name_forms(o->player, false, &want, &shown, &wkey);
			for (size_t i = 0; i < r.setup.nseats && !seated; i++) {
				arb_name_forms(r.setup.seats[i].player, false, &seat, &shown,
					       &skey);
				seated = !strcmp(seat.p + skey, want.p + wkey);
			}
			arb_buf_free(&want);
			arb_buf_free(&seat);
		}
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

/* Where the Origin tag goes in a game's bytes: after the line of its
 * first tag (a line whose first non-blank byte is '['), so the game still
 * starts with that line.  Returns the offset after that line's newline
 * and sets *lines to the lines before it; 0 when there is no such line. */
static size_t after_first_tag_line(const char *raw, size_t len, uint32_t *lines)
{
	size_t at = 0;
	*lines = 0;
	while (at < len) {
		const char *nl = memchr(raw + at, '\n', len - at);
		size_t i = at;
		while (i < len && (raw[i] == ' ' || raw[i] == '\t'))
			i++;
		if (!nl)
			return 0; /* the tag line must end: the Origin line follows */
		if (i < len && raw[i] == '[')
			return (size_t)(nl - raw) + 1;
		at = (size_t)(nl - raw) + 1;
		(*lines)++;
	}
	return 0;
}

/* Write a game's bytes with an Origin tag after its first tag line when
 * it comes from a named file and has none (`origin`: it may need one).
 * A name that a tag cannot hold (not UTF-8, a control character) gets
 * none. */
static void put_game(select_ctx *c, const char *file, uint32_t line, const char *raw, size_t len,
		     bool origin)
{
	uint32_t before = 0;
	size_t cut = 0;
	if (origin && strcmp(file, "<stdin>") != 0 && arb_utf8_valid(file, strlen(file)))
		cut = after_first_tag_line(raw, len, &before);
	if (cut) {
		arb_buf b = { 0 };
		arb_buf_puts(&b, "[" ARB_ORIGIN_TAG " \"");
		for (const char *p = file; *p && cut; p++) {
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				cut = 0;
			if (*p == '"' || *p == '\\')
				arb_buf_putc(&b, '\\');
			arb_buf_putc(&b, *p);
		}
		arb_buf_printf(&b, ":%u\"]\n", (unsigned)(line + before));
		if (cut) {
			arb_out_text(c->out, raw, cut);
			arb_out_text(c->out, b.p, b.len);
		}
		arb_buf_free(&b);
	}
	arb_out_text(c->out, raw + cut, len - cut);
	arb_out_tally(c->out)->selected++;
}

static int select_one(void *ctx, const arb_record *rec)
{
	select_ctx *c = ctx;
	if (matches(c->o, rec) != c->o->invert)
		put_game(c, rec->file, rec->raw_line, rec->raw, rec->rawlen,
			 !tag_value(rec, ARB_ORIGIN_TAG, strlen(ARB_ORIGIN_TAG)));
	return 0;
}

/* A game with a syntax error: it is invalid, and of the other criteria
 * (its tags may not have been read) it meets none. */
static void select_broken(void *ctx, arb_out *out, const arb_record *rec)
{
	select_ctx *c = ctx;
	const arb_opts *o = c->o;
	bool match = !o->valid && !o->game && !o->player && !o->ntags;
	if (match == o->invert)
		return;
	/* led already: the line after its first tag line is an Origin tag */
	uint32_t lines;
	size_t i = after_first_tag_line(rec->raw, rec->rawlen, &lines);
	while (i && i < rec->rawlen && (rec->raw[i] == ' ' || rec->raw[i] == '\t'))
		i++;
	bool led = i && rec->rawlen - i > sizeof ARB_ORIGIN_TAG &&
		   !memcmp(rec->raw + i, "[" ARB_ORIGIN_TAG, sizeof ARB_ORIGIN_TAG);
	select_ctx to = { .o = o, .out = out };
	put_game(&to, rec->file, rec->raw_line, rec->raw, rec->rawlen, !led);
}

int arb_cmd_select(const arb_opts *o)
{
	select_ctx c = { .o = o };
	c.out = arb_out_new(o);
	/* threads pay only when games are replayed */
	bool replays = o->valid || o->invalid || o->player;
	arb_loop l = {
		.fn = select_one, .ctx = &c, .broken = select_broken, ARB_LOOP_WORKERS(select_ctx)
	};
	if (!replays)
		l.worker_size = 0;
	arb_each_record_loop(o, c.out, &l);
	int status = arb_out_exit(c.out);
	if (arb_out_tally(c.out)->selected == 0) {
		/* after an error (a file that is no TGN) the error says it */
		if (!o->quiet && arb_out_diags(c.out) == 0)
			fputs("arbiter: select: no game matched\n", stderr);
		if (status == 0)
			status = 1;
	}
	return arb_out_finish(c.out, status);
}
