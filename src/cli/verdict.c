/*
 * verdict.c — a replayed game's verdict as each format shows it: check's
 * line of text, score's events, the TSV row, and the document (JSON,
 * YAML) built as a jansson value; arb_out_verdict picks the one the run
 * writes and counts the verdict.
 */
#include <jansson.h>

#include "output.h"
#include "../core/digest.h"
#include "../core/util.h"

/* ----------------------------------------------------------- verdicts */

const char *arb_verdict_name(arb_verdict v)
{
	switch (v) {
	case ARB_LEGAL:
		return "legal";
	case ARB_UNFINISHED:
		return "unfinished";
	case ARB_ILLEGAL:
		return "illegal";
	case ARB_ERROR:
		return "error";
	}
	return "error";
}

static const char *seat_colour(const arb_replay *r, size_t i)
{
	return r->game->colours[r->setup.seats[i].colour];
}

static json_t *verdict_doc(const arb_replay *r, bool score, const arb_scored *ev, size_t nev);

/* Does the event show seat i: a change of score, or an owner scoring
 * nothing (shown with its 0)? */
static bool event_shows(const arb_event *ev, size_t i)
{
	return ev->delta[i] != 0 || (ev->owners >> i & 1);
}

/* The colours of the seats in `mask`, as a list. */
static json_t *seat_list_json(const arb_replay *r, unsigned long mask)
{
	json_t *a = json_array();
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (mask >> i & 1)
			arb_json_push(a, arb_json_str(seat_colour(r, i)));
	return a;
}

/* One score event: `move` the turn line (null at the final scoring, whose
 * `phase` is "end"; "play" otherwise), `points` per seat shown. */
static json_t *event_doc(const arb_replay *r, const arb_scored *e)
{
	json_t *o = json_object();
	arb_json_set(o, "move", e->move ? json_integer((json_int_t)e->move) : json_null());
	arb_json_set(o, "phase", arb_json_str(e->move ? "play" : "end"));
	arb_json_set(o, "kind", arb_json_str(e->ev.kind ? e->ev.kind : ""));
	json_t *d = json_object();
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (event_shows(&e->ev, i))
			arb_json_set(d, seat_colour(r, i), json_integer(e->ev.delta[i]));
	arb_json_set(o, "points", d);
	arb_json_set(o, "text", arb_json_str(e->ev.text));
	/* the engine's own details apart, so no key of theirs clobbers ours */
	if (e->ev.nfields) {
		json_t *details = json_object();
		for (size_t i = 0; i < e->ev.nfields && i < ARB_MAX_FIELDS; i++) {
			const arb_field *f = &e->ev.fields[i];
			arb_json_set(details, f->key,
				     f->seat_list ? seat_list_json(r, (unsigned long)f->num)
				     : f->str	  ? arb_json_str(f->str)
						  : json_integer(f->num));
		}
		arb_json_set(o, "details", details);
	}
	return o;
}

json_t *arb_verdict_json(const arb_replay *r)
{
	return verdict_doc(r, false, NULL, 0);
}

static json_t *verdict_doc(const arb_replay *r, bool score, const arb_scored *ev, size_t nev)
{
	const arb_record *rec = r->rec;
	json_t *doc = json_object();
	arb_json_set(doc, "file", arb_json_str(rec->file));
	arb_json_set(doc, "line", json_integer(rec->line));
	arb_json_set(doc, "game", arb_json_str(r->game->name));
	json_t *tags = json_object();
	for (size_t i = 0; i < rec->ntags; i++)
		arb_json_set(tags, rec->tags[i].name, arb_json_str(rec->tags[i].value));
	arb_json_set(doc, "tags", tags);
	arb_json_set(doc, "verdict", arb_json_str(arb_verdict_name(r->verdict)));
	arb_json_set(doc, "moves", json_integer((json_int_t)r->moves));
	json_t *seats = json_array();
	json_t *winners = json_array();
	for (size_t i = 0; i < r->setup.nseats; i++) {
		json_t *s = json_object();
		arb_json_set(s, "colour", arb_json_str(seat_colour(r, i)));
		arb_json_set(s, "player", arb_json_str(r->setup.seats[i].player));
		arb_json_set(s, "score", json_integer(r->st.score[i]));
		if (r->stopped)
			arb_json_set(s, "winner", json_boolean(r->result_winner[i]));
		else if (r->st.over)
			arb_json_set(s, "winner", json_boolean(r->st.winner[i]));
		if (r->st.nbd) {
			json_t *bd = json_object();
			for (size_t k = 0; k < r->st.nbd; k++)
				arb_json_set(bd, r->st.bd_key[k], json_integer(r->st.bd[i][k]));
			arb_json_set(s, "breakdown", bd);
		}
		arb_json_push(seats, s);
		if ((r->st.over && r->st.winner[i] && r->verdict == ARB_LEGAL) ||
		    (r->stopped && r->result_winner[i]))
			arb_json_push(winners, arb_json_str(seat_colour(r, i)));
	}
	arb_json_set(doc, "seats", seats);
	if (r->verdict == ARB_LEGAL || r->stopped)
		arb_json_set(doc, "winners", winners);
	else
		json_decref(winners);
	/* a stopped game counts in standings with the winners decided */
	if (r->stopped)
		arb_json_set(doc, "termination",
			     arb_json_str(arb_termination_name(r->termination)));
	/* the game's fingerprint, by which standings finds a game read twice */
	char hex[ARB_DIGEST_HEX];
	arb_digest dg;
	arb_record_digest(rec, &dg);
	arb_digest_hex(&dg, hex);
	arb_json_set(doc, "digest", arb_json_str(hex));
	if (r->verdict == ARB_ILLEGAL) {
		json_t *e = json_object();
		if (r->bad_move) {
			arb_buf t = { 0 };
			arb_turn_text(rec, &rec->turns[r->bad_move - 1], &t);
			arb_json_set(e, "move", json_integer((json_int_t)r->bad_move));
			arb_json_set(e, "turn", arb_json_str(t.p ? t.p : ""));
			arb_buf_free(&t);
		}
		arb_json_set(e, "line", json_integer(r->rej.line));
		arb_json_set(e, "col", json_integer(r->rej.col));
		arb_json_set(e, "rule", arb_json_str(r->rej.rule));
		arb_json_set(e, "message", arb_json_str(r->rej.msg));
		arb_json_set(doc, "illegal", e);
	}
	if (score) {
		json_t *a = json_array();
		for (size_t i = 0; i < nev; i++)
			arb_json_push(a, event_doc(r, &ev[i]));
		arb_json_set(doc, "events", a);
	}
	if (r->nwarnings) {
		json_t *a = json_array();
		for (size_t i = 0; i < r->nwarnings; i++) {
			json_t *w = json_object();
			arb_json_set(w, "line", json_integer(r->warning[i].line));
			arb_json_set(w, "col", json_integer(r->warning[i].col));
			arb_json_set(w, "message", arb_json_str(r->warning[i].msg));
			arb_json_push(a, w);
		}
		arb_json_set(doc, "warnings", a);
	}
	return doc;
}

/* "Red 61, Blue 48" */
static void text_scores(arb_buf *b, const arb_replay *r)
{
	for (size_t i = 0; i < r->setup.nseats; i++)
		arb_buf_printf(b, "%s%s %d", i ? ", " : "", seat_colour(r, i), r->st.score[i]);
}

/* The scores as `score` prints them: a range where the record cannot
 * tell a score exactly ("Blue 6-7": game.h, arb_standing.score_hi). */
static void text_score_ranges(arb_buf *b, const arb_replay *r)
{
	for (size_t i = 0; i < r->setup.nseats; i++) {
		int lo = r->st.score[i], hi = r->st.score_hi[i];
		arb_buf_printf(b, "%s%s %d", i ? ", " : "", seat_colour(r, i), lo);
		if (hi > lo)
			arb_buf_printf(b, "-%d", hi);
	}
}

/* "; winner: Red", or for a stopped game "; adjudicated, winner: Red"
 * (the winners its Result tag decided). */
static void text_winners(arb_buf *b, const arb_replay *r)
{
	const bool *won = r->stopped ? r->result_winner : r->st.winner;
	size_t n = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		n += won[i];
	arb_buf_puts(b, "; ");
	if (r->stopped)
		arb_buf_printf(b, "%s, ", arb_termination_name(r->termination));
	arb_buf_puts(b, n > 1 ? "winners: " : "winner: ");
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (won[i])
			arb_buf_printf(b, "%s%s", k++ ? ", " : "", seat_colour(r, i));
	if (n > 1)
		arb_buf_puts(b, " (tie)");
	if (n == 0)
		arb_buf_puts(b, "none");
}

static void text_illegal(arb_buf *b, const arb_replay *r)
{
	const arb_record *rec = r->rec;
	arb_buf_put_utf8(b, rec->file);
	arb_buf_printf(b, ":%u:%u: illegal: ", (unsigned)r->rej.line, (unsigned)r->rej.col);
	if (r->bad_move && rec->turns[r->bad_move - 1].ntok == 0) {
		arb_buf_printf(b, "move %zu: ", r->bad_move);
	} else if (r->bad_move) {
		arb_buf_printf(b, "move %zu (", r->bad_move);
		arb_turn_text(rec, &rec->turns[r->bad_move - 1], b);
		arb_buf_puts(b, "): ");
	} else {
		arb_buf_puts(b, "Result tag: ");
	}
	arb_buf_put_utf8(b, r->rej.msg);
	arb_buf_printf(b, " [%s]\n", r->rej.rule);
}

static void text_event(arb_buf *b, const arb_replay *r, const arb_scored *e)
{
	if (e->move)
		arb_buf_printf(b, "  move %zu: ", e->move);
	else
		arb_buf_puts(b, "  end: ");
	/* "Red +3, Blue +3: ..."; an owner scoring nothing "Red +0: ..."; an
	 * event that changes no score (a win) is its sentence alone */
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if (event_shows(&e->ev, i))
			arb_buf_printf(b, "%s%s %+d", k++ ? ", " : "", seat_colour(r, i),
				       e->ev.delta[i]);
	if (k)
		arb_buf_puts(b, ": ");
	arb_buf_put_utf8(b, e->ev.text);
	arb_buf_putc(b, '\n');
}

static void text_verdict(arb_out *out, const arb_replay *r, const arb_scored *ev, size_t nev)
{
	const arb_record *rec = r->rec;
	arb_buf *b = &out->line;
	arb_buf_reset(b);
	if (out->score) {
		arb_buf_put_utf8(b, rec->file);
		arb_buf_printf(b, ":%u: %s:", (unsigned)rec->line, r->game->name);
		for (size_t i = 0; i < r->setup.nseats; i++)
			arb_buf_printf(b, "%s %s (%s)", i ? "," : "", seat_colour(r, i),
				       r->setup.seats[i].player);
		arb_buf_putc(b, '\n');
		for (size_t i = 0; i < nev; i++)
			text_event(b, r, &ev[i]);
		if (r->verdict == ARB_ILLEGAL) {
			text_illegal(b, r);
		} else {
			arb_buf_puts(b, r->verdict == ARB_LEGAL ? "  final: " : "  unfinished: ");
			text_score_ranges(b, r);
			if (r->verdict == ARB_LEGAL || r->stopped)
				text_winners(b, r);
			arb_buf_putc(b, '\n');
		}
		arb_out_text(out, b->p, b->len);
		return;
	}
	arb_verdict_line(r, b);
	arb_out_text(out, b->p, b->len);
}

void arb_verdict_line(const arb_replay *r, arb_buf *b)
{
	const arb_record *rec = r->rec;
	if (r->verdict == ARB_ILLEGAL) {
		text_illegal(b, r);
	} else {
		arb_buf_put_utf8(b, rec->file);
		arb_buf_printf(b, ":%u: %s: %s, %zu move%s; ", (unsigned)rec->line,
			       arb_verdict_name(r->verdict), r->game->name, r->moves,
			       arb_s((long)r->moves));
		text_scores(b, r);
		if (r->verdict == ARB_LEGAL || r->stopped)
			text_winners(b, r);
		arb_buf_putc(b, '\n');
	}
}

static void tsv_verdict(arb_out *out, const arb_replay *r, const arb_scored *ev, size_t nev)
{
	arb_buf *b = &out->line;
	const arb_record *rec = r->rec;
	if (out->score) { /* one row per event */
		if (!out->tsv_header) {
			static const char h[] = "file\tline\tgame\tmove\tkind\tpoints\ttext\n";
			arb_header_once(out, h, sizeof h - 1);
		}
		for (size_t i = 0; i < nev; i++) {
			arb_buf_reset(b);
			arb_tsv_field(b, rec->file);
			arb_buf_printf(b, "\t%u\t%s\t", (unsigned)rec->line, r->game->name);
			if (ev[i].move)
				arb_buf_printf(b, "%zu", ev[i].move);
			else
				arb_buf_puts(b, "end");
			arb_buf_putc(b, '\t');
			arb_tsv_field(b, ev[i].ev.kind ? ev[i].ev.kind : "");
			arb_buf_putc(b, '\t');
			size_t k = 0;
			for (size_t s = 0; s < r->setup.nseats; s++)
				if (event_shows(&ev[i].ev, s))
					arb_buf_printf(b, "%s%s=%d", k++ ? " " : "",
						       seat_colour(r, s), ev[i].ev.delta[s]);
			arb_buf_putc(b, '\t');
			arb_tsv_field(b, ev[i].ev.text);
			arb_tsv_row_end(out, b);
		}
		return;
	}
	arb_tsv_start(out);
	arb_buf_reset(b);
	arb_tsv_field(b, rec->file);
	arb_buf_printf(b, "\t%u\t%s\t", (unsigned)rec->line, r->game->name);
	static const char *const group_tags[] = { "Event", "Round", "Table" };
	for (size_t k = 0; k < 3; k++) {
		const arb_tag *t = arb_setup_tag(&r->setup, group_tags[k]);
		arb_tsv_field(b, t ? t->value : "");
		arb_buf_putc(b, '\t');
	}
	for (size_t i = 0; i < r->setup.nseats; i++) {
		arb_buf_printf(b, "%s%s=", i ? "|" : "", seat_colour(r, i));
		for (const char *p = r->setup.seats[i].player; *p; p++)
			arb_buf_putc(b, *p == '|' ? '/' : (*p == '\t' ? ' ' : *p));
	}
	arb_buf_printf(b, "\t%s\t%zu\t", arb_verdict_name(r->verdict), r->moves);
	for (size_t i = 0; i < r->setup.nseats; i++)
		arb_buf_printf(b, "%s%s=%d", i ? " " : "", seat_colour(r, i), r->st.score[i]);
	arb_buf_putc(b, '\t');
	size_t k = 0;
	for (size_t i = 0; i < r->setup.nseats; i++)
		if ((r->verdict == ARB_LEGAL && r->st.winner[i]) ||
		    (r->stopped && r->result_winner[i]))
			arb_buf_printf(b, "%s%s", k++ ? " " : "", seat_colour(r, i));
	if (r->verdict == ARB_ILLEGAL) {
		arb_buf_printf(b, "\t%u\t%u\t%s\t", (unsigned)r->rej.line, (unsigned)r->rej.col,
			       r->rej.rule);
		arb_tsv_field(b, r->rej.msg);
	} else {
		/* a stopped game: its termination where an illegal one has the
		 * message */
		arb_buf_puts(b, "\t\t\t\t");
		if (r->stopped)
			arb_buf_puts(b, arb_termination_name(r->termination));
	}
	char hex[ARB_DIGEST_HEX];
	arb_digest dg;
	arb_record_digest(rec, &dg);
	arb_digest_hex(&dg, hex);
	arb_buf_printf(b, "\t%s", hex);
	arb_tsv_row_end(out, b);
}

/* The record's warnings on stderr (FILE:LINE:COL: warning: MESSAGE), as
 * diagnostics are, but with no effect on the exit status. */
static void warnings_text(arb_out *out, const arb_replay *r)
{
	for (size_t i = 0; i < r->nwarnings; i++) {
		const arb_diag *w = &r->warning[i];
		arb_buf *b = &out->line;
		arb_buf_reset(b);
		arb_buf_put_utf8(b, w->file ? w->file : "arbiter");
		arb_buf_printf(b, ":%u:%u: warning: ", (unsigned)w->line, (unsigned)w->col);
		arb_buf_put_utf8(b, w->msg);
		arb_buf_putc(b, '\n');
		arb_out_err(out, b->p);
	}
}

void arb_out_verdict(arb_out *out, const arb_replay *r, const arb_scored *events, size_t nevents)
{
	if (!out->quiet)
		warnings_text(out, r);
	if (r->verdict == ARB_ERROR) {
		arb_out_diag(out, &r->diag);
		return;
	}
	if (r->verdict == ARB_ILLEGAL)
		arb_out_status(out, ARB_EXIT_ILLEGAL);
	out->tally.legal += r->verdict == ARB_LEGAL;
	out->tally.unfinished += r->verdict == ARB_UNFINISHED;
	out->tally.illegal += r->verdict == ARB_ILLEGAL;
	if (out->quiet)
		return;
	switch (out->format) {
	case FMT_TEXT:
		text_verdict(out, r, events, nevents);
		break;
	case FMT_TSV:
		tsv_verdict(out, r, events, nevents);
		break;
	case FMT_YAML:
	case FMT_JSON:
		arb_out_doc(out, verdict_doc(r, out->score, events, nevents));
		break;
	case FMT_SVG:
	case FMT_HTML: /* the picture and the page show the verdict */
		break;
	}
}
