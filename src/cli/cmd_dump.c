/*
 * cmd_dump.c — `dump` (the board after a move, the coordinate diagram, a
 * snapshot, an SVG picture), `view` (an HTML page of every position) and
 * `moves` (the legal moves after a move).  They replay a record up to
 * --at N and then ask the engine; the engine writes text into a buffer or
 * draws on a canvas (picture.h), and this file decides where it goes:
 * standard output, or with -o one file per game.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "cli.h"
#include "picture.h"
#include "../core/gamedata.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
	bool moves; /* `moves` rather than `dump` */
	arb_buf text;
	arb_svg svg;	       /* the drawing being recorded        */
	arb_page page;	       /* --format=html: the game's steps   */
	const arb_replay *r;   /* the replay being drawn            */
	size_t pictures;       /* --format=html: steps drawn so far  */
	int dest;	       /* where pictures go: enum dest      */
	const char *last_file; /* -o DIR: numbering games per file ... */
	unsigned game_in_file; /* ... from 1                        */
	unsigned game_in_run;  /* -o PATTERN: numbering across files */
	/* one file or standard output: the first picture, kept until the
	 * input is known to hold no other game (a second one is refused
	 * before anything is written) */
	arb_buf held;
	bool holding;
	bool refused; /* ... and it was: the run stops */
} dump_ctx;

/* Where pictures go.  A picture is a whole document (SVG, HTML), so one
 * file, and standard output, hold one game's; PATTERN and DIR one each. */
enum dest {
	DEST_STDOUT,  /* no -o                                        */
	DEST_FILE,    /* -o PATH: no %d, not a directory               */
	DEST_PATTERN, /* -o PATH with %d: the game's number in the run */
	DEST_DIR      /* -o DIR (existing, or ending in '/')           */
};

static void emit_move(void *ctx, const char *move)
{
	arb_buf *b = ctx;
	arb_buf_puts(b, move);
	arb_buf_putc(b, '\n');
}

/* The machine formats get one document per game: where, after which move,
 * and the position as data (the engine's describe()), the moves as a
 * list, the snapshot, or (--labels, or an engine that cannot describe)
 * the engine's text. */
static void machine_doc(dump_ctx *c, const arb_record *rec, const arb_replay *r, const char *what,
			const arb_buf *b, size_t header)
{
	json_t *doc = json_object();
	arb_json_set(doc, "file", arb_json_str(rec->file));
	arb_json_set(doc, "line", json_integer(rec->line));
	arb_json_set(doc, "game", arb_json_str(r->game->name));
	arb_json_set(doc, "after_move", json_integer((json_int_t)r->moves));
	const char *text = b->p ? b->p + header : "";
	if (c->moves) {
		json_t *a = json_array();
		const char *p = text;
		while (*p && strcmp(p, "(none)\n") != 0) {
			const char *nl = strchr(p, '\n');
			size_t n = nl ? (size_t)(nl - p) : strlen(p);
			arb_json_push(a, arb_json_strn(p, n));
			p += n + (nl != NULL);
		}
		arb_json_set(doc, "moves", a);
	} else {
		json_t *pos = NULL;
		if (!strcmp(what, "board") && !c->o->labels)
			pos = arb_position_json(r->game, r->state);
		if (pos)
			arb_json_set(doc, "position", pos);
		else
			arb_json_set(doc, what, arb_json_str(text));
	}
	arb_out_doc(c->out, doc);
}

/* The "illegal: move N (text): why [rule]" sentence of a refused move. */
static void illegal_text(const arb_replay *r, arb_buf *b)
{
	const arb_record *rec = r->rec;
	arb_buf_printf(b, "Illegal move %zu (", r->bad_move);
	arb_turn_text(rec, &rec->turns[r->bad_move - 1], b);
	arb_buf_printf(b, "): %s [%s]", r->rej.msg, r->rej.rule);
}

/* Draw the replay's position into c->svg, marking the refused move when
 * `illegal`. */
static void draw_position(dump_ctx *c, const arb_replay *r, bool illegal)
{
	arb_svg_reset(&c->svg);
	arb_canvas cv = arb_svg_canvas(&c->svg, r->game);
	arb_mark mk = { 0 };
	if (illegal) {
		mk.move = r->bad_parsed ? r->move : NULL;
		mk.line = r->rej.line;
		mk.col = r->rej.col;
	}
	r->game->draw(r->state, c->o->labels ? ARB_DUMP_LABELS : 0, &cv, illegal ? &mk : NULL);
}

/* "Carcassonne after move 10" (and the game's title) into b. */
static void position_title(const arb_replay *r, size_t moves, arb_buf *b)
{
	arb_buf_printf(b, "%s, after move %zu", r->game->title, moves);
}

/* The name a record file gives its pictures in -o DIR: its last part
 * without .tgn ("stdin" for standard input); `len` bytes of it. */
static const char *record_base(const char *file, size_t *len)
{
	const char *base = strcmp(file, "-") && strcmp(file, "<stdin>") ? file : "stdin";
	const char *slash = strrchr(base, '/');
	if (slash)
		base = slash + 1;
	*len = strlen(base);
	if (*len > 4 && !strcmp(base + *len - 4, ".tgn"))
		*len -= 4;
	return base;
}

/* Where this game's picture goes with -o PATTERN or DIR: `path` gets the
 * file name.  A PATTERN's %d gets the game's number in the run (across
 * the files, so that no file is written twice); in a DIR the file is
 * named after the record: DIR/NAME-N.svg (NAME without .tgn; "stdin" for
 * standard input), N the game's number in its file. */
static void target_path(dump_ctx *c, const arb_record *rec, arb_buf *path)
{
	if (!c->last_file || strcmp(c->last_file, rec->file) != 0) {
		c->last_file = rec->file;
		c->game_in_file = 0;
	}
	unsigned n = ++c->game_in_file;
	unsigned in_run = ++c->game_in_run;
	const char *o = c->o->output;
	const char *pct = strstr(o, "%d");
	arb_buf_reset(path);
	if (c->dest == DEST_PATTERN) {
		for (const char *p = o; *p; p++) {
			if (p == pct) {
				arb_buf_printf(path, "%u", in_run);
				p++;
			} else {
				arb_buf_putc(path, *p);
			}
		}
		return;
	}
	arb_buf_puts(path, o);
	if (path->len && path->p[path->len - 1] != '/')
		arb_buf_putc(path, '/');
	size_t len;
	const char *base = record_base(rec->file, &len);
	arb_buf_put(path, base, len);
	arb_buf_printf(path, "-%u.%s", n, c->o->format == FMT_HTML ? "html" : "svg");
}

/* Write `len` bytes to the file `path`; 0 or -1 after a diagnostic. */
static int write_file(dump_ctx *c, const char *path, const char *bytes, size_t len)
{
	FILE *f = fopen(path, "wb");
	int err = 0;
	if (!f) {
		err = errno;
	} else {
		if (len && fwrite(bytes, 1, len, f) != len)
			err = errno ? errno : EIO;
		if (fclose(f) != 0 && !err)
			err = errno;
	}
	if (err) {
		arb_diag d = { .file = path };
		snprintf(d.msg, sizeof d.msg, "cannot write the picture: %s", strerror(err));
		arb_out_diag(c->out, &d);
	}
	return err ? -1 : 0;
}

/* Write b to the game's file (-o) or standard output; 0 or -1 after a
 * diagnostic.  One file or standard output holds one game's document:
 * the first is held, and a second game refused before anything is
 * written (c->refused: the run stops). */
static int put_picture(dump_ctx *c, const arb_record *rec, const arb_buf *b)
{
	if (c->dest == DEST_STDOUT || c->dest == DEST_FILE) {
		if (c->holding) {
			const char *doc = c->o->format == FMT_HTML ? "page" : "picture";
			arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
			if (c->dest == DEST_FILE)
				snprintf(
					d.msg, sizeof d.msg,
					"a second game, and -o %.200s names one file: put %%d in it "
					"for the game's number, or name a directory; nothing was "
					"written",
					c->o->output);
			else
				snprintf(
					d.msg, sizeof d.msg,
					"a second game: standard output holds one %s; write a file "
					"per game with -o DIR or -o '%s-%%d.%s'; nothing was written",
					doc, doc, c->o->format == FMT_HTML ? "html" : "svg");
			arb_out_diag(c->out, &d);
			c->holding = false;
			c->refused = true;
			return -1;
		}
		arb_buf_reset(&c->held);
		arb_buf_put(&c->held, b->p ? b->p : "", b->len);
		c->holding = true;
		return 0;
	}
	arb_buf path = { 0 };
	target_path(c, rec, &path);
	int rc = write_file(c, path.p, b->p ? b->p : "", b->len);
	arb_buf_free(&path);
	return rc;
}

/* The end of the run: the picture held for one file or standard output. */
static void put_held(dump_ctx *c)
{
	if (!c->holding)
		return;
	if (c->dest == DEST_FILE)
		write_file(c, c->o->output, c->held.p, c->held.len);
	else
		arb_out_text(c->out, c->held.p, c->held.len);
	c->holding = false;
}

/* --format=svg: one SVG document of the position reached. */
static int dump_svg(dump_ctx *c, const arb_record *rec, const arb_replay *r)
{
	bool illegal = r->verdict == ARB_ILLEGAL && r->bad_move;
	draw_position(c, r, illegal);
	arb_buf title = { 0 }, msg = { 0 }, sub = { 0 };
	position_title(r, r->moves, &title);
	arb_buf_printf(&sub, "%s:%u", rec->file, (unsigned)rec->line);
	const arb_tag *ev = arb_setup_tag(&r->setup, "Event");
	if (ev)
		arb_buf_printf(&sub, ": %s", ev->value);
	if (illegal)
		illegal_text(r, &msg);
	arb_frame f = { .title = title.p,
			.subtitle = sub.p,
			.seats = r->setup.seats,
			.nseats = r->setup.nseats,
			.message = msg.p };
	arb_buf_reset(&c->text);
	arb_svg_write(&c->svg, &f, true, &c->text);
	arb_buf_free(&sub);
	arb_buf_free(&title);
	arb_buf_free(&msg);
	return put_picture(c, rec, &c->text);
}

/* Add the picture of the replay's position as the page's next step, a
 * step of `kind`: the final scoring's follows the last move, and says so
 * rather than "after move N" again. */
static void page_picture(dump_ctx *c, const arb_replay *r, enum arb_step_kind kind)
{
	bool illegal = kind == ARB_STEP_ILLEGAL;
	draw_position(c, r, illegal);
	arb_buf title = { 0 }, msg = { 0 };
	if (illegal) {
		arb_buf_printf(&title, "%s, move %zu refused", r->game->title, r->bad_move);
		illegal_text(r, &msg);
	} else if (kind == ARB_STEP_FINAL) {
		arb_buf_printf(&title, "%s, final scoring after move %zu", r->game->title,
			       r->moves);
	} else {
		position_title(r, r->moves, &title);
	}
	arb_frame f = { .title = title.p, .message = msg.p };
	arb_svg_write(&c->svg, &f, false, &c->page.svgs);
	arb_buf_free(&title);
	arb_buf_free(&msg);
}

/* Add the step of move `no` (its label the turn as recorded), before
 * the replay applies it, so that its score events find it. */
static void page_pending(dump_ctx *c, size_t no)
{
	const arb_record *rec = c->r->rec;
	arb_buf label = { 0 };
	arb_buf_printf(&label, "%zu. ", no);
	arb_turn_text(rec, &rec->turns[no - 1], &label);
	arb_page_step_add(&c->page, ARB_STEP_MOVE, label.p);
	arb_buf_free(&label);
}

/* The replay accepted move `no`: its picture, then the next move's step. */
static void page_on_move(void *ctx, size_t no)
{
	dump_ctx *c = ctx;
	page_picture(c, c->r, ARB_STEP_MOVE);
	c->pictures++;
	if (no < c->r->rec->nturns)
		page_pending(c, no + 1);
}

/* A score event: to the step of its move, or (move 0) to the final
 * scoring's, made when its first event comes. */
static void page_on_event(void *ctx, size_t move, const arb_event *ev)
{
	dump_ctx *c = ctx;
	const arb_replay *r = c->r;
	arb_page *p = &c->page;
	arb_page_step *st = &p->steps[p->nsteps - 1];
	if (move == 0 && st->kind != ARB_STEP_FINAL)
		st = arb_page_step_add(p, ARB_STEP_FINAL, "Final scoring");
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (ev->delta[i])
			arb_buf_printf(&st->events, "%s%s %+d", k++ ? ", " : "",
				       r->game->colours[r->setup.seats[i].colour], ev->delta[i]);
	arb_buf_printf(&st->events, "%s%s\n", k ? ": " : "", ev->text);
}

/* --format=html and view: the whole game, a picture per step, as one
 * page.  r is set up, not yet run. */
static int dump_html(dump_ctx *c, const arb_record *rec, arb_replay *r)
{
	arb_page *p = &c->page;
	arb_page_reset(p);
	p->game = r->game;
	p->first = c->o->at >= 0 ? (size_t)c->o->at : 0;
	arb_buf_printf(&p->title, "%s: %s:%u", r->game->title, rec->file, (unsigned)rec->line);
	const arb_tag *ev = arb_setup_tag(&r->setup, "Event");
	if (ev)
		arb_buf_puts(&p->subtitle, ev->value);
	p->seats = r->setup.seats;
	p->nseats = r->setup.nseats;
	c->r = r;
	c->pictures = 1;
	arb_page_step_add(p, ARB_STEP_START, "Start");
	page_picture(c, r, ARB_STEP_START);
	if (rec->nturns)
		page_pending(c, 1);
	r->on_move = page_on_move;
	r->on_event = page_on_event;
	r->ctx = c;
	arb_replay_run(r);
	if (r->verdict == ARB_ERROR)
		return -1;
	if (r->verdict == ARB_ILLEGAL && r->bad_move) {
		p->steps[p->nsteps - 1].kind = ARB_STEP_ILLEGAL;
		page_picture(c, r, ARB_STEP_ILLEGAL);
		c->pictures++;
		if (c->o->at < 0) /* open at the refused move */
			p->first = p->nsteps - 1;
	} else if (c->pictures < p->nsteps) { /* the final scoring's step */
		page_picture(c, r, ARB_STEP_FINAL);
		c->pictures++;
	}
	while (p->nsteps > c->pictures) /* a step without picture: none */
		p->nsteps--;
	arb_buf_reset(&p->verdict);
	arb_verdict_line(r, &p->verdict);
	arb_buf_reset(&c->text);
	arb_html_write(p, &c->text);
	return put_picture(c, rec, &c->text);
}

/* dump --moves: the legal moves where the replay stopped, given the
 * record's next move when it parses (the engine takes from it what chance
 * decided: the drawn tile, the dice); returns the header line's bytes. */
static size_t legal_moves(const arb_record *rec, arb_replay *r, arb_buf *b)
{
	const arb_game_ops *g = r->game;
	const void *next = NULL;
	size_t at = r->moves;
	if (r->verdict != ARB_ILLEGAL && at < rec->nturns) {
		const arb_turn *t = &rec->turns[at];
		arb_reject rej;
		memset(r->move, 0, g->move_size ? g->move_size : 1);
		if (t->ntok && g->parse(r->state, &rec->tok[t->first], t->ntok, r->move, &rej) == 0)
			next = r->move;
	}
	arb_buf_printf(b, "%s:%u: %s: legal moves after move %zu:\n", rec->file,
		       (unsigned)rec->line, g->name, at);
	size_t header = b->len;
	size_t n = g->moves(r->state, next, emit_move, b);
	if (n == 0)
		arb_buf_puts(b, "(none)\n");
	return header;
}

/* dump --snapshot: the position as a Setup tag; -1 (diagnosed) when the
 * engine cannot write one. */
static int snapshot_tag(dump_ctx *c, const arb_record *rec, const arb_replay *r, arb_buf *b)
{
	const arb_game_ops *g = r->game;
	if (!g->snapshot) {
		arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
		snprintf(d.msg, sizeof d.msg,
			 "dump --snapshot: the %s engine cannot write snapshots yet", g->name);
		arb_out_diag(c->out, &d);
		return -1;
	}
	arb_buf_puts(b, "[Setup \"");
	arb_buf snap = { 0 };
	g->snapshot(r->state, &snap);
	for (size_t i = 0; i < snap.len; i++) {
		if (snap.p[i] == '"' || snap.p[i] == '\\')
			arb_buf_putc(b, '\\');
		arb_buf_putc(b, snap.p[i]);
	}
	arb_buf_free(&snap);
	arb_buf_puts(b, "\"]\n");
	return 0;
}

/* Replays to --at (or the end), then writes the engine's picture.  An
 * illegal move before that point is reported like `check` does, and the
 * picture shows the position before it. */
static int dump_one(void *ctx, const arb_record *rec)
{
	dump_ctx *c = ctx;
	const arb_opts *o = c->o;
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	r.games = &arb_registry;
	if (o->at >= 0) {
		r.stop = true;
		r.stop_after = (size_t)o->at;
		if ((size_t)o->at > rec->nturns) {
			arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
			snprintf(d.msg, sizeof d.msg, "--at %ld: the game has only %zu move%s",
				 o->at, rec->nturns, arb_s((long)rec->nturns));
			arb_out_diag(c->out, &d);
			return !o->keep_going;
		}
	} else if (c->moves) {
		r.stop = true;
		r.stop_after = 0;
	}
	bool picture = o->format == FMT_SVG || o->format == FMT_HTML;
	if (arb_replay_setup(&r) == 0) {
		if (picture && !r.game->draw) {
			arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
			snprintf(d.msg, sizeof d.msg,
				 "dump --format=%s: the %s engine cannot draw yet",
				 o->format == FMT_SVG ? "svg" : "html", r.game->name);
			arb_out_diag(c->out, &d);
			arb_replay_free(&r);
			return !o->keep_going;
		}
		if (o->format == FMT_HTML) {
			r.stop = false; /* the page holds every position */
			int bad = dump_html(c, rec, &r);
			if (r.verdict == ARB_ILLEGAL)
				arb_out_status(c->out, ARB_EXIT_ILLEGAL);
			else if (r.verdict == ARB_ERROR)
				arb_out_diag(c->out, &r.diag);
			arb_replay_free(&r);
			return (bad && !o->keep_going) || c->refused;
		}
		arb_replay_run(&r);
	}
	if (r.verdict != ARB_ERROR && !c->moves && r.game->settle) /* no move follows */
		r.game->settle(r.state);
	if (r.verdict == ARB_ERROR) {
		arb_out_diag(c->out, &r.diag);
		arb_replay_free(&r);
		return !o->keep_going;
	}
	if (r.verdict == ARB_ILLEGAL)
		arb_out_verdict(c->out, &r, NULL, 0);
	if (o->format == FMT_SVG) {
		int bad = dump_svg(c, rec, &r);
		arb_replay_free(&r);
		return (bad && !o->keep_going) || c->refused;
	}
	arb_buf_reset(&c->text);
	arb_buf *b = &c->text;
	const arb_game_ops *g = r.game;
	size_t header = 0; /* bytes of the text-only header line */
	if (c->moves) {
		header = legal_moves(rec, &r, b);
	} else if (o->snapshot) {
		if (snapshot_tag(c, rec, &r, b) < 0) {
			arb_replay_free(&r);
			return !o->keep_going;
		}
	} else {
		arb_buf_printf(b, "%s:%u: %s after move %zu\n", rec->file, (unsigned)rec->line,
			       g->name, r.moves);
		header = b->len;
		g->dump(r.state, o->labels ? ARB_DUMP_LABELS : 0, b);
		if (b->len && b->p[b->len - 1] != '\n')
			arb_buf_putc(b, '\n');
	}
	if (o->format == FMT_YAML || o->format == FMT_JSON)
		machine_doc(c, rec, &r, o->snapshot ? "snapshot" : "board", b, header);
	else
		arb_out_text(c->out, b->p ? b->p : "", b->len);
	arb_replay_free(&r);
	return 0;
}

/* `dump --labels --game NAME`: the diagram needs no record. */
static int labels_only(dump_ctx *c)
{
	const arb_game_ops *g = arb_game_find(c->o->game);
	arb_diag d = { .file = "arbiter" };
	if (!g) {
		snprintf(d.msg, sizeof d.msg, "unknown game \"%s\"", c->o->game);
		arb_out_diag(c->out, &d);
		return -1;
	}
	const void *data = arb_gamedata_get(g, &d);
	if (!data) {
		arb_out_diag(c->out, &d);
		return -1;
	}
	arb_setup s;
	memset(&s, 0, sizeof s);
	for (unsigned i = 0; i < g->min_seats; i++) {
		s.seats[i].colour = i;
		s.seats[i].player = g->colours[i];
	}
	s.nseats = g->min_seats;
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	void *game = g->create(data, &s, NULL, &rej);
	if (!game) {
		snprintf(d.msg, sizeof d.msg, "%s", rej.msg);
		arb_out_diag(c->out, &d);
		return -1;
	}
	g->dump(game, ARB_DUMP_LABELS, &c->text);
	if (c->text.len && c->text.p[c->text.len - 1] != '\n')
		arb_buf_putc(&c->text, '\n');
	arb_out_text(c->out, c->text.p, c->text.len);
	g->destroy(game);
	return 0;
}

/* An error about -o itself, before any game is read: -1. */
static int output_error(dump_ctx *c, const char *file, const char *fmt, const char *arg)
{
	arb_diag d = { .file = file };
	snprintf(d.msg, sizeof d.msg, fmt, arg);
	arb_out_diag(c->out, &d);
	return -1;
}

/* What -o names (c->dest), checked once before any game is read: the
 * folder the files go to exists, and no two operands would write the
 * same DIR/NAME-N file.  0, or -1 after one diagnostic. */
static int output_dest(dump_ctx *c)
{
	const char *o = c->o->output;
	c->dest = DEST_STDOUT;
	if (!o)
		return 0;
	struct stat st;
	size_t olen = strlen(o);
	bool exists = stat(o, &st) == 0;
	bool is_dir = exists && S_ISDIR(st.st_mode);
	const char *pct = strstr(o, "%d");
	if (pct && strstr(pct + 2, "%d"))
		return output_error(c, o, "-o holds %s twice: one is the game's number", "%d");
	if (!pct && (is_dir || (olen && o[olen - 1] == '/'))) {
		c->dest = DEST_DIR;
		if (!is_dir)
			return output_error(c, o, "%s",
					    exists ? "not a directory" : "no such directory");
		static char *stdin_only[] = { "-" };
		char **files = c->o->nfiles ? c->o->files : stdin_only;
		int n = c->o->nfiles ? c->o->nfiles : 1;
		for (int i = 0; i < n; i++)
			for (int k = 0; k < i; k++) {
				size_t li, lk;
				const char *bi = record_base(files[i], &li);
				const char *bk = record_base(files[k], &lk);
				if (li == lk && !memcmp(bi, bk, li))
					return output_error(
						c, files[i],
						"its pictures would be named as those of "
						"%s in -o DIR: give -o a pattern with %%d, "
						"numbered across the files",
						files[k]);
			}
		return 0;
	}
	c->dest = pct ? DEST_PATTERN : DEST_FILE;
	/* the folder of the file (or of the pattern, up to a %d in it) */
	const char *slash = strrchr(o, '/');
	if (!slash || (pct && pct < slash))
		return 0;
	arb_buf dir = { 0 };
	arb_buf_put(&dir, o, slash == o ? 1 : (size_t)(slash - o));
	int rc = 0;
	if (stat(dir.p, &st) != 0)
		rc = output_error(c, dir.p, "%s", "no such directory");
	else if (!S_ISDIR(st.st_mode))
		rc = output_error(c, dir.p, "%s", "not a directory");
	arb_buf_free(&dir);
	return rc;
}

static int run(const arb_opts *o, bool moves)
{
	dump_ctx c = { .o = o, .moves = moves };
	c.out = arb_out_new(o);
	if (!moves && o->game && o->nfiles == 0) {
		labels_only(&c);
	} else if (moves || (o->format != FMT_SVG && o->format != FMT_HTML)) {
		arb_each_record(o, c.out, dump_one, &c);
	} else if (output_dest(&c) == 0) {
		arb_each_record(o, c.out, dump_one, &c);
		if (!c.refused)
			put_held(&c);
	}
	arb_buf_free(&c.held);
	arb_buf_free(&c.text);
	arb_svg_free(&c.svg);
	arb_page_free(&c.page);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}

int arb_cmd_dump(const arb_opts *o)
{
	return run(o, false);
}

int arb_cmd_view(const arb_opts *o)
{
	arb_opts v = *o;
	v.format = FMT_HTML;
	return run(&v, false);
}

int arb_cmd_moves(const arb_opts *o)
{
	return run(o, true);
}
