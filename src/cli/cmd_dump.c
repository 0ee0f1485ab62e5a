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
	const char *last_file; /* -o: numbering games per file ...  */
	unsigned game_in_file; /* ... from 1                        */
} dump_ctx;

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

/* Where this game's picture goes with -o: `path` gets the file name.  A
 * PATTERN holding %d gets the game's number in its file there; otherwise
 * PATH is a directory and the file is named after the record:
 * DIR/NAME-N.svg (NAME without .tgn; "stdin" for standard input). */
static void target_path(dump_ctx *c, const arb_record *rec, arb_buf *path)
{
	if (!c->last_file || strcmp(c->last_file, rec->file) != 0) {
		c->last_file = rec->file;
		c->game_in_file = 0;
	}
	unsigned n = ++c->game_in_file;
	const char *o = c->o->output;
	const char *pct = strstr(o, "%d");
	arb_buf_reset(path);
	if (pct) {
		for (const char *p = o; *p; p++) {
			if (p == pct) {
				arb_buf_printf(path, "%u", n);
				p++;
			} else {
				arb_buf_putc(path, *p);
			}
		}
		return;
	}
	const char *base =
		strcmp(rec->file, "-") && strcmp(rec->file, "<stdin>") ? rec->file : "stdin";
	const char *slash = strrchr(base, '/');
	if (slash)
		base = slash + 1;
	size_t len = strlen(base);
	if (len > 4 && !strcmp(base + len - 4, ".tgn"))
		len -= 4;
	arb_buf_puts(path, o);
	if (path->len && path->p[path->len - 1] != '/')
		arb_buf_putc(path, '/');
	arb_buf_put(path, base, len);
	arb_buf_printf(path, "-%u.%s", n, c->o->format == FMT_HTML ? "html" : "svg");
}

/* Write b to the game's file (-o) or standard output; 0 or -1 after a
 * diagnostic. */
static int put_picture(dump_ctx *c, const arb_record *rec, const arb_buf *b)
{
	if (!c->o->output) {
		arb_out_text(c->out, b->p ? b->p : "", b->len);
		return 0;
	}
	arb_buf path = { 0 };
	target_path(c, rec, &path);
	FILE *f = fopen(path.p, "wb");
	int err = 0;
	if (!f) {
		err = errno;
	} else {
		if (b->len && fwrite(b->p, 1, b->len, f) != b->len)
			err = errno ? errno : EIO;
		if (fclose(f) != 0 && !err)
			err = errno;
	}
	if (err) {
		arb_diag d = { .file = path.p };
		snprintf(d.msg, sizeof d.msg, "cannot write the picture: %s", strerror(err));
		arb_out_diag(c->out, &d);
	}
	arb_buf_free(&path);
	return err ? -1 : 0;
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
			return bad && !o->keep_going;
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
		return bad && !o->keep_going;
	}
	arb_buf_reset(&c->text);
	arb_buf *b = &c->text;
	const arb_game_ops *g = r.game;
	size_t header = 0; /* bytes of the text-only header line */
	if (c->moves) {
		const void *next = NULL;
		size_t at = r.moves;
		if (r.verdict != ARB_ILLEGAL && at < rec->nturns) {
			const arb_turn *t = &rec->turns[at];
			arb_reject rej;
			memset(r.move, 0, g->move_size ? g->move_size : 1);
			if (t->ntok &&
			    g->parse(r.state, &rec->tok[t->first], t->ntok, r.move, &rej) == 0)
				next = r.move;
		}
		arb_buf_printf(b, "%s:%u: %s: legal moves after move %zu:\n", rec->file,
			       (unsigned)rec->line, g->name, at);
		header = b->len;
		size_t n = g->moves(r.state, next, emit_move, b);
		if (n == 0)
			arb_buf_puts(b, "(none)\n");
	} else if (o->snapshot) {
		if (!g->snapshot) {
			arb_diag d = { .file = rec->file, .line = rec->line, .col = 1 };
			snprintf(d.msg, sizeof d.msg,
				 "dump --snapshot: the %s engine cannot write snapshots yet",
				 g->name);
			arb_out_diag(c->out, &d);
			arb_replay_free(&r);
			return !o->keep_going;
		}
		arb_buf_puts(b, "[Setup \"");
		arb_buf snap = { 0 };
		g->snapshot(r.state, &snap);
		for (size_t i = 0; i < snap.len; i++) {
			if (snap.p[i] == '"' || snap.p[i] == '\\')
				arb_buf_putc(b, '\\');
			arb_buf_putc(b, snap.p[i]);
		}
		arb_buf_free(&snap);
		arb_buf_puts(b, "\"]\n");
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
	void *game = g->create(data, &s, &rej);
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

static int run(const arb_opts *o, bool moves)
{
	dump_ctx c = { .o = o, .moves = moves };
	c.out = arb_out_new(o);
	if (!moves && o->game && o->nfiles == 0)
		labels_only(&c);
	else
		arb_each_record(o, c.out, dump_one, &c);
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
