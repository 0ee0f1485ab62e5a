/*
 * cmd_fmt.c — `fmt`: records in canonical TGN.
 *
 * Canonical form: the tags in their order (the seat tags' order is the
 * turn order), one tag per line; a blank line;
 * one turn per line as the engine's format() spells it, with its turn
 * number if it had one (`12. `: numbers are checked, so dropping a wrong
 * one would change the verdict); comments kept where they were (a comment on a turn's line
 * stays on that line, after the turn); a blank line between games.
 * fmt does not replay: it parses every turn, so it also formats games
 * with illegal moves, but a turn that does not parse stops it.
 *
 * -i rewrites each file atomically: the whole file is formatted in memory,
 * written to a temporary file beside it and renamed over it.  On any
 * error the original is untouched.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "../core/util.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
	arb_buf text;            /* formatted output (a game, or a file)  */
	size_t games;            /* games formatted into `text`           */
	bool failed;             /* an error in the current file          */
} fmt_ctx;

static void put_tag(arb_buf *b, const arb_tag *t)
{
	arb_buf_printf(b, "[%s \"", t->name);
	for (const char *p = t->value; *p; p++) {
		if (*p == '"' || *p == '\\')
			arb_buf_putc(b, '\\');
		arb_buf_putc(b, *p);
	}
	arb_buf_puts(b, "\"]");
}

/* Append a comment, normalising a line comment's trailing blanks. */
static void put_comment(arb_buf *b, const arb_comment *c)
{
	size_t n = c->len;
	while (n && (c->text[n - 1] == ' ' || c->text[n - 1] == '\t' ||
		     c->text[n - 1] == '\r'))
		n--;
	arb_buf_put(b, c->text, n);
}

/* Format one record into c->text.  Returns 0, or -1 after a diagnostic. */
static int fmt_record(fmt_ctx *c, const arb_record *rec)
{
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	if (arb_replay_setup(&r)) {
		arb_out_diag(c->out, &r.diag);
		arb_replay_free(&r);
		return -1;
	}
	const arb_game_ops *g = r.game;
	arb_buf *b = &c->text;
	if (c->games++)
		arb_buf_putc(b, '\n');
	bool line_open = false, in_moves = false;
	for (size_t i = 0; i < rec->nitems; i++) {
		const arb_item *it = &rec->items[i];
		if (it->kind == ARB_ITEM_TURN && !in_moves) {
			/* one blank line between the tags and the movetext */
			in_moves = true;
			if (line_open)
				arb_buf_putc(b, '\n');
			if (b->len)
				arb_buf_putc(b, '\n');
			line_open = false;
		} else if (it->same_line && line_open) {
			arb_buf_putc(b, ' ');
		} else if (line_open) {
			arb_buf_putc(b, '\n');
		}
		line_open = true;
		switch (it->kind) {
		case ARB_ITEM_TAG:
			put_tag(b, &rec->tags[it->index]);
			break;
		case ARB_ITEM_COMMENT:
			put_comment(b, &rec->comments[it->index]);
			break;
		case ARB_ITEM_TURN: {
			const arb_turn *t = &rec->turns[it->index];
			if (t->ntok == 0) {
				arb_diag d = { .file = rec->file, .line = t->line, .col = t->col };
				snprintf(d.msg, sizeof d.msg, "turn %zu has a number but no moves",
					 it->index + 1);
				arb_out_diag(c->out, &d);
				arb_replay_free(&r);
				return -1;
			}
			arb_reject rej;
			memset(&rej, 0, sizeof rej);
			memset(r.move, 0, g->move_size ? g->move_size : 1);
			const arb_token *tok = &rec->tok[t->first];
			if (g->parse(r.state, tok, t->ntok, r.move, &rej)) {
				arb_diag d = { .file = rec->file,
					       .line = rej.line ? rej.line : tok->line,
					       .col = rej.line ? rej.col : tok->col };
				snprintf(d.msg, sizeof d.msg, "%s", rej.msg);
				arb_out_diag(c->out, &d);
				arb_replay_free(&r);
				return -1;
			}
			if (t->number >= 0) /* kept: it is checked, so it is meaning */
				arb_buf_printf(b, "%ld. ", t->number);
			g->format(r.state, r.move, b);
			break;
		}
		}
	}
	arb_buf_putc(b, '\n');
	arb_replay_free(&r);
	return 0;
}

static int fmt_one(void *ctx, const arb_record *rec)
{
	fmt_ctx *c = ctx;
	if (c->o->in_place) {
		if (fmt_record(c, rec)) {
			c->failed = true;
			return 1;
		}
		return 0;
	}
	arb_buf_reset(&c->text);   /* c->games keeps counting: blank lines between games */
	if (fmt_record(c, rec))
		return !c->o->keep_going;
	arb_out_text(c->out, c->text.p, c->text.len);
	return 0;
}

/* Write `text` over `path` atomically, keeping its permissions. */
static int replace_file(const char *path, const arb_buf *text, arb_out *out)
{
	arb_diag d = { .file = path };
	struct stat st;
	if (stat(path, &st) != 0) {
		snprintf(d.msg, sizeof d.msg, "cannot stat: %s", strerror(errno));
		arb_out_diag(out, &d);
		return -1;
	}
	size_t n = strlen(path);
	char *tmp = arb_xmalloc(n + 16);
	snprintf(tmp, n + 16, "%s.XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(d.msg, sizeof d.msg, "cannot create a temporary file beside it: %s",
			 strerror(errno));
		arb_out_diag(out, &d);
		free(tmp);
		return -1;
	}
	const char *p = text->p ? text->p : "";
	size_t left = text->len;
	int err = 0;
	while (left && !err) {
		ssize_t w = write(fd, p, left);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			err = errno;
		} else {
			p += w;
			left -= (size_t)w;
		}
	}
	if (!err && fchmod(fd, st.st_mode & 07777) != 0)
		err = errno;
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err && rename(tmp, path) != 0)
		err = errno;
	if (err) {
		unlink(tmp);
		snprintf(d.msg, sizeof d.msg, "cannot rewrite: %s (the file is unchanged)",
			 strerror(err));
		arb_out_diag(out, &d);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int arb_cmd_fmt(const arb_opts *o)
{
	fmt_ctx c = { .o = o };
	c.out = arb_out_new(o);
	if (!o->in_place) {
		arb_each_record(o, c.out, fmt_one, &c);
	} else {
		for (int i = 0; i < o->nfiles; i++) {
			arb_opts one = *o;
			one.files = &o->files[i];
			one.nfiles = 1;
			one.keep_going = false;
			c.o = &one;
			c.failed = false;
			c.games = 0;
			arb_buf_reset(&c.text);
			int before = arb_out_exit(c.out);
			arb_each_record(&one, c.out, fmt_one, &c);
			if (!c.failed && arb_out_exit(c.out) <= before)
				replace_file(o->files[i], &c.text, c.out);
			else if (!o->quiet)
				fprintf(stderr, "%s: not rewritten: the file is unchanged\n",
					o->files[i]);
			if (arb_out_exit(c.out) == ARB_EXIT_ERROR && !o->keep_going)
				break;
		}
	}
	arb_buf_free(&c.text);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}
