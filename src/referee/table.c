/*
 * table.c — one game held live (table.h): the dealer, the open turn
 * played action by action on a copy of the turn's start, the record and
 * what each seat may be told.
 *
 * Sizes: a turn line holds at most ARB_MAX_TOKENS_PER_TURN words (the
 * reader's limit, so the record stays one `check` reads); each action is
 * judged by replaying the turn so far on a copy of its start, so a turn of
 * k actions costs k(k+1)/2 action replays — a Catan turn holds a handful,
 * and the copy is a few hundred bytes.  Three games live at once: the
 * start of the turn, the turn so far (work) and the one being tried
 * (probe); they swap places, nothing is copied back.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "table.h"
#include "../core/gamedata.h"
#include "../core/replay.h"
#include "../core/tokens.h"
#include "../core/util.h"
#include "../games/registry.h"

#define NVIEWS (ARB_MAX_SEATS + 1) /* the seats, then the observer */
#define MAX_COLLECTED 256	   /* events one apply may send us   */

struct arb_table {
	const arb_game_ops *g;
	const void *data;
	arb_buf head; /* the tag lines, as given                */
	arb_reader *rd;
	arb_record rec;
	arb_replay r;	    /* r.state: the position at the turn's start */
	void *work, *probe; /* the turn so far; the one being tried      */
	void *move, *vmove; /* a parsed turn line; its view's copy       */
	void *one;	    /* an action parsed alone (canonical_words)  */
	size_t nseats;
	arb_buf moves; /* the record's turn lines                   */
	arb_buf vmoves[NVIEWS];
	arb_buf news[NVIEWS];
	arb_buf turn_view[NVIEWS]; /* the open turn as each view saw it    */
	arb_buf turn;		   /* the open turn: "Red w w ..."              */
	arb_buf turn_canon;	   /* ... in canonical notation (canonical_words) */
	size_t nacts;		   /* its actions                               */
	size_t prev_events;	   /* events its replay sends before a new one  */
	uint64_t rng;
	bool supplied;
	arb_buf start_words; /* deal_start's words for this turn          */
	bool start_dealt;    /* ... dealt (maybe empty)                   */
	arb_buf choices;     /* ARB_DEAL_CHOOSE's, '|' between them       */
	int choice_seat;     /* -1: no choice waits                       */
	arb_buf pending;     /* an action waiting for consent             */
	int pending_seat;    /* -1: none                                  */
	unsigned consent_need, consent_got;
	arb_event collected[MAX_COLLECTED];
	size_t ncollected;
	bool move_is_turn; /* t->move holds t->turn, parsed: `end` need
			    * not parse it again                       */
	arb_token tok[ARB_MAX_TOKENS_PER_TURN];
	arb_token tok1[ARB_MAX_TOKENS_PER_TURN]; /* canonical_words' */
};

/* ------------------------------------------------------------ helpers */

static void collect(void *ctx, const arb_event *ev)
{
	arb_table *t = ctx;
	if (t->ncollected < MAX_COLLECTED)
		t->collected[t->ncollected] = *ev;
	t->ncollected++;
}

static void *new_game(arb_table *t, arb_diag *diag)
{
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	void *s = t->g->create(t->data, &t->r.setup, &rej);
	if (!s && diag)
		snprintf(diag->msg, sizeof diag->msg, "%s", rej.msg);
	return s;
}

static void invalid(arb_play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void invalid(arb_play *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->why, sizeof p->why, fmt, ap);
	va_end(ap);
	p->kind = ARB_PLAY_INVALID;
}

static void play_init(arb_play *p, unsigned seat)
{
	memset(p, 0, sizeof *p);
	p->seat = seat;
}

void arb_play_free(arb_play *p)
{
	arb_buf_free(&p->words);
	free(p->events);
	p->events = NULL;
	p->nevents = 0;
}

/* The events collected from index `from` on, into the answer. */
static void take_events(arb_table *t, size_t from, arb_play *p)
{
	size_t to = t->ncollected < MAX_COLLECTED ? t->ncollected : MAX_COLLECTED;
	if (from >= to)
		return;
	size_t n = to - from < ARB_TABLE_EVENTS ? to - from : ARB_TABLE_EVENTS;
	p->events = arb_xmalloc(n * sizeof *p->events);
	memcpy(p->events, t->collected + from, n * sizeof *p->events);
	p->nevents = n;
}

/* Parse line[0..len) as turn line `number` into t->move.  0, or -1 with
 * rej set. */
static int parse_line(arb_table *t, const void *game, const char *line, size_t len, size_t number,
		      arb_reject *rej)
{
	size_t nt =
		arb_split_tokens(line, len, (uint32_t)number, 1, t->tok, ARB_MAX_TOKENS_PER_TURN);
	memset(rej, 0, sizeof *rej);
	if (nt == 0 || nt > ARB_MAX_TOKENS_PER_TURN) {
		rej->rule = "syntax";
		snprintf(rej->msg, sizeof rej->msg, "a turn holds 1 to %u words",
			 (unsigned)ARB_MAX_TOKENS_PER_TURN);
		return -1;
	}
	memset(t->move, 0, t->g->move_size ? t->g->move_size : 1);
	t->move_is_turn = false;
	return t->g->parse(game, t->tok, nt, t->move, rej);
}

/* -------------------------------------------------------- the table */

arb_table *arb_table_new(const arb_table_spec *spec, arb_diag *diag)
{
	const arb_game_ops *g = spec->game;
	memset(diag, 0, sizeof *diag);
	arb_table *t = arb_xcalloc(1, sizeof *t);
	t->g = g;
	t->rng = spec->seed;
	t->supplied = spec->supplied;
	t->choice_seat = t->pending_seat = -1;
	arb_buf_put(&t->head, spec->header, spec->header_len);
	t->data = arb_gamedata_get(g, diag);
	if (!t->data)
		goto fail;
	t->rd = arb_reader_new_mem(t->head.p ? t->head.p : "", t->head.len, "referee", 0);
	int rc = arb_reader_next(t->rd, &t->rec, diag);
	if (rc != 1) {
		if (rc == 0)
			snprintf(diag->msg, sizeof diag->msg, "the game has no tags");
		goto fail;
	}
	t->r.rec = &t->rec;
	t->r.games = &arb_registry;
	if (arb_replay_setup(&t->r)) {
		*diag = t->r.diag;
		goto fail;
	}
	if (t->r.game != g) {
		snprintf(diag->msg, sizeof diag->msg, "the Game tag names another game");
		goto fail;
	}
	t->nseats = t->r.setup.nseats;
	t->move = arb_xcalloc(1, g->move_size ? g->move_size : 1);
	t->vmove = arb_xcalloc(1, g->move_size ? g->move_size : 1);
	t->one = arb_xcalloc(1, g->move_size ? g->move_size : 1);
	if (g->apply_open) {
		t->work = new_game(t, diag);
		t->probe = t->work ? new_game(t, diag) : NULL;
		if (!t->probe)
			goto fail;
	}
	return t;
fail:
	arb_table_free(t);
	return NULL;
}

void arb_table_free(arb_table *t)
{
	if (!t)
		return;
	if (t->work)
		t->g->destroy(t->work);
	if (t->probe)
		t->g->destroy(t->probe);
	arb_replay_free(&t->r);
	if (t->rd)
		arb_reader_free(t->rd);
	free(t->move);
	free(t->vmove);
	free(t->one);
	arb_buf_free(&t->head);
	arb_buf_free(&t->moves);
	for (size_t v = 0; v < NVIEWS; v++) {
		arb_buf_free(&t->vmoves[v]);
		arb_buf_free(&t->news[v]);
		arb_buf_free(&t->turn_view[v]);
	}
	arb_buf_free(&t->turn);
	arb_buf_free(&t->turn_canon);
	arb_buf_free(&t->start_words);
	arb_buf_free(&t->choices);
	arb_buf_free(&t->pending);
	free(t);
}

const arb_game_ops *arb_table_game(const arb_table *t)
{
	return t->g;
}

size_t arb_table_seats(const arb_table *t)
{
	return t->nseats;
}

const char *arb_table_colour(const arb_table *t, unsigned s)
{
	return s < t->nseats ? t->g->colours[t->r.setup.seats[s].colour] : "observer";
}

const char *arb_table_player(const arb_table *t, unsigned s)
{
	return s < t->nseats ? t->r.setup.seats[s].player : "";
}

int arb_table_seat_named(const arb_table *t, const char *name, bool observer)
{
	for (unsigned s = 0; s < t->nseats; s++)
		if (strcasecmp(name, arb_table_colour(t, s)) == 0)
			return (int)s;
	if (observer && strcasecmp(name, "observer") == 0)
		return ARB_VIEW_OBSERVER;
	return -1;
}

bool arb_table_hides(const arb_table *t)
{
	return t->g->view_turn != NULL;
}

const void *arb_table_position(const arb_table *t)
{
	return t->r.state;
}

const char *arb_table_offer(const arb_table *t, unsigned *seat)
{
	if (t->pending_seat < 0)
		return NULL;
	if (seat)
		*seat = (unsigned)t->pending_seat;
	return t->pending.p ? t->pending.p : "";
}

size_t arb_table_moves(const arb_table *t)
{
	return t->r.moves;
}

/* The position the next action is played after. */
static const void *now(const arb_table *t)
{
	return t->nacts ? t->work : t->r.state;
}

/* Deal the chance that starts a turn, once per turn. */
static void deal_start(arb_table *t)
{
	if (t->start_dealt)
		return;
	t->start_dealt = true;
	arb_buf_reset(&t->start_words);
	if (t->supplied || !t->g->deal_start || t->g->over(t->r.state))
		return;
	t->g->deal_start(t->r.state, &t->rng, &t->start_words);
}

void arb_table_asked(const arb_table *t, arb_asked *out, const char **start)
{
	memset(out, 0, sizeof *out);
	if (t->g->asked)
		t->g->asked(now(t), out);
	/* won during the open turn: the player ends it (a Catan winner may
	 * still reveal victory point cards on the line) */
	if (out->over && t->nacts) {
		out->seats = 1u << out->active;
		out->may_end = true;
	} else if (out->over) {
		/* over at a turn's end (Elasund's win): no turn to end */
		out->seats = 0;
		out->may_end = false;
	}
	if (start) {
		deal_start((arb_table *)t);
		*start = t->start_words.p ? t->start_words.p : "";
	}
	if (t->pending_seat >= 0) {
		out->seats = t->consent_need & ~t->consent_got;
		out->what = "consent";
		out->may_end = false;
	} else if (t->choice_seat >= 0) {
		out->seats = 1u << t->choice_seat;
		out->what = "choose";
		out->may_end = false;
	}
}

/* ------------------------------------------------------------ views */

/* The action's words in canonical notation: the action parsed alone, as
 * a line "Colour words", and formatted; or, where the notation reads an
 * action only in its line's context (Elasund's items), the turn line so
 * far formatted, less the line before it (t->turn_canon: an item may
 * merge into the one before, as a second seat's discard does).
 * Formatting the whole line at every action cost half of a live Catan
 * action, so the line is formatted only where it must be. */
static void canonical_words(arb_table *t, const void *game, const char *colour, const char *words,
			    arb_buf *out)
{
	arb_buf one = { 0 };
	arb_buf_put_all(&one, colour, " ", words, (char *)NULL);
	size_t nt = arb_split_tokens(one.p, one.len, 1, 1, t->tok1, ARB_MAX_TOKENS_PER_TURN);
	arb_reject rej;
	memset(t->one, 0, t->g->move_size ? t->g->move_size : 1);
	arb_buf *canon = &t->turn_canon;
	if (nt && nt <= ARB_MAX_TOKENS_PER_TURN &&
	    t->g->parse(game, t->tok1, nt, t->one, &rej) == 0) {
		arb_buf_reset(&one);
		t->g->format(game, t->one, &one);
		const char *sp = strchr(one.p ? one.p : "", ' ');
		arb_buf_puts(out, sp ? sp + 1 : "");
		if (!canon->len)
			arb_buf_puts(canon, colour);
		arb_buf_put_all(canon, " ", sp ? sp + 1 : "", (char *)NULL);
	} else {
		arb_buf_reset(&one);
		t->g->format(game, t->move, &one);
		const char *l = one.p ? one.p : "";
		size_t had = canon->len;
		if (had && one.len > had && strncmp(l, canon->p, had) == 0 && l[had] == ' ')
			arb_buf_puts(out, l + had + 1);
		else /* the line's first action: after the colour */
			arb_buf_puts(out, strchr(l, ' ') ? strchr(l, ' ') + 1 : l);
		arb_buf_reset(canon);
		arb_buf_put(canon, l, one.len);
	}
	arb_buf_free(&one);
}

/* Tell every view the new action of the open turn, as it saw it (the
 * turn line so far, parsed in t->move and played on `game`, rewritten for
 * the view; less what the view was told of the turn before).  A view
 * that sees the line as it is (view_turn changes nothing) is told the
 * action's canonical words. */
static void tell_action(arb_table *t, const void *game, unsigned seat, const char *words)
{
	const char *colour = arb_table_colour(t, seat);
	arb_buf canon = { 0 }, line = { 0 }, told = { 0 };
	canonical_words(t, game, arb_table_colour(t, seat), words, &canon);
	const char *cw = canon.p ? canon.p : "";
	/* what a view that sees the action as it is is told, made once:
	 * appending it piece by piece to every view was a tenth of an action */
	arb_buf_put_all(&told, colour, " ", cw, "\n", (char *)NULL);
	size_t colour_len = strlen(colour);
	for (size_t v = 0; v < NVIEWS; v++) {
		if (v >= t->nseats && v != ARB_VIEW_OBSERVER)
			continue;
		arb_buf *said = &t->turn_view[v];
		bool same = !t->g->view_turn;
		if (!same) {
			memcpy(t->vmove, t->move, t->g->move_size);
			t->g->view_turn(game, t->vmove, (unsigned)v);
			same = memcmp(t->vmove, t->move, t->g->move_size) == 0;
		}
		if (same) {
			arb_buf_put(&t->news[v], told.p, told.len);
			/* said: "Colour w w ..." — the told line less its newline,
			 * or its words after a space */
			if (!said->len)
				arb_buf_put(said, told.p, told.len - 1);
			else
				arb_buf_put(said, told.p + colour_len, told.len - colour_len - 1);
			continue;
		}
		arb_buf_reset(&line);
		t->g->format(game, t->vmove, &line);
		const char *lp = line.p ? line.p : "";
		size_t had = said->len;
		if (had && line.len > had && strncmp(lp, said->p, had) == 0 && lp[had] == ' ')
			arb_buf_put_all(&t->news[v], colour, " ", lp + had + 1, "\n", (char *)NULL);
		else /* the line's first action: after the colour */
			arb_buf_put_all(&t->news[v], colour, " ",
					strchr(lp, ' ') ? strchr(lp, ' ') + 1 : lp, "\n",
					(char *)NULL);
		arb_buf_reset(said);
		arb_buf_put(said, lp, line.len);
	}
	arb_buf_free(&canon);
	arb_buf_free(&line);
	arb_buf_free(&told);
}

/* Where the last line of `b` (no newline at its end yet) starts. */
static size_t line_start(const arb_buf *b)
{
	size_t i = b->len;
	while (i > 0 && b->p[i - 1] != '\n')
		i--;
	return i;
}

/* The turn line in t->move, just played on the start position, goes
 * into the record and every view record. */
static void commit_line(arb_table *t, unsigned seat)
{
	const void *game = t->r.state;
	size_t at = t->moves.len;
	t->g->format(game, t->move, &t->moves);
	const char *full = t->moves.p + at;
	size_t full_len = t->moves.len - at;
	for (size_t v = 0; v < NVIEWS; v++) {
		if (v >= t->nseats && v != ARB_VIEW_OBSERVER)
			continue;
		memcpy(t->vmove, t->move, t->g->move_size);
		if (t->g->view_turn)
			t->g->view_turn(game, t->vmove, (unsigned)v);
		if (memcmp(t->vmove, t->move, t->g->move_size) != 0)
			t->g->format(game, t->vmove, &t->vmoves[v]);
		else
			arb_buf_put(&t->vmoves[v], full, full_len);
		if (!t->g->apply_open) /* the line was its one action */
			arb_buf_printf(&t->news[v], "%s\n",
				       t->vmoves[v].p + (line_start(&t->vmoves[v])));
		arb_buf_putc(&t->vmoves[v], '\n');
		arb_buf_put_all(&t->news[v], "end ", arb_table_colour(t, seat), "\n", (char *)NULL);
		arb_buf_reset(&t->turn_view[v]);
	}
	arb_buf_putc(&t->moves, '\n');
	t->r.moves++;
	arb_buf_reset(&t->turn);
	arb_buf_reset(&t->turn_canon);
	t->nacts = 0;
	t->prev_events = 0;
	t->start_dealt = false;
}

/* ------------------------------------------------------------- play */

/* Play the whole turn line t->turn with apply() on a copy of the start
 * (or on the start itself for an engine of one action a turn); on
 * success it becomes the start and the record's next line. */
static int close_turn(arb_table *t, unsigned seat, arb_play *p)
{
	const arb_game_ops *g = t->g;
	size_t number = t->r.moves + 1;
	void *game = g->copy ? t->probe : t->r.state;
	if (g->copy)
		g->copy(game, t->r.state);
	if (!(t->move_is_turn && t->nacts) &&
	    parse_line(t, game, t->turn.p ? t->turn.p : "", t->turn.len, number, &p->rej) < 0) {
		p->kind = ARB_PLAY_REFUSED;
		return 0;
	}
	t->ncollected = 0;
	arb_sink sink = { collect, t };
	if (g->apply(game, t->move, &sink, &p->rej) < 0) {
		p->kind = ARB_PLAY_REFUSED;
		return 0;
	}
	take_events(t, t->prev_events, p);
	if (g->copy) { /* the probe becomes the start */
		void *old = t->r.state;
		t->r.state = t->probe;
		t->probe = old;
	}
	p->kind = ARB_PLAY_ACCEPTED;
	p->turn_ended = true;
	commit_line(t, seat);
	return 0;
}

/* Play the dealt action `words` of seat `seat` after the turn so far. */
static int play_dealt(arb_table *t, unsigned seat, const char *words, size_t len, arb_play *p)
{
	const arb_game_ops *g = t->g;
	arb_buf_reset(&p->words);
	arb_buf_put(&p->words, words, len);
	size_t keep = t->turn.len;
	if (!t->nacts) {
		arb_asked a;
		arb_table_asked(t, &a, NULL);
		arb_buf_reset(&t->turn);
		arb_buf_puts(&t->turn, arb_table_colour(t, a.active));
		keep = t->turn.len;
	}
	arb_buf_putc(&t->turn, ' ');
	arb_buf_put(&t->turn, words, len);
	if (!g->apply_open) { /* one action a turn: the action is the line */
		int rc = close_turn(t, seat, p);
		if (p->kind != ARB_PLAY_ACCEPTED)
			t->turn.len = keep, t->turn.p[keep] = '\0';
		return rc;
	}
	g->copy(t->probe, t->r.state);
	if (parse_line(t, t->probe, t->turn.p, t->turn.len, t->r.moves + 1, &p->rej) < 0)
		goto refused;
	t->ncollected = 0;
	arb_sink sink = { collect, t };
	if (g->apply_open(t->probe, t->move, &sink, &p->rej) < 0)
		goto refused;
	void *old = t->work;
	t->work = t->probe;
	t->probe = old;
	t->nacts++;
	t->move_is_turn = true;
	take_events(t, t->prev_events, p);
	t->prev_events = t->ncollected;
	p->kind = ARB_PLAY_ACCEPTED;
	tell_action(t, t->work, seat, p->words.p);
	return 0;
refused:
	t->turn.len = keep;
	t->turn.p[keep] = '\0';
	p->kind = ARB_PLAY_REFUSED;
	return 0;
}

/* words[0..len) equals the choice c[0..n) ignoring ASCII case and runs
 * of blanks. */
static bool same_words(const char *w, size_t len, const char *c, size_t n)
{
	size_t i = 0, j = 0;
	for (;;) {
		while (i < len && (w[i] == ' ' || w[i] == '\t'))
			i++;
		while (j < n && c[j] == ' ')
			j++;
		if (i == len || j == n)
			return i == len && j == n;
		size_t a = i, b = j;
		while (i < len && w[i] != ' ' && w[i] != '\t')
			i++;
		while (j < n && c[j] != ' ')
			j++;
		if (i - a != j - b || strncasecmp(w + a, c + b, i - a) != 0)
			return false;
	}
}

/* Nothing is played after the end: refused as `check` refuses a line
 * after it (the envelope's rule). */
static int game_over(const arb_table *t, arb_play *p)
{
	p->kind = ARB_PLAY_REFUSED;
	p->rej.rule = arb_envelope_rules[ARB_R_GAME_OVER].id;
	snprintf(p->rej.msg, sizeof p->rej.msg,
		 "the game is already over after move %zu: no further turn may be played",
		 t->r.moves);
	return 0;
}

int arb_table_play(arb_table *t, unsigned seat, const char *words, size_t len, arb_play *p)
{
	const arb_game_ops *g = t->g;
	play_init(p, seat);
	arb_buf_put(&p->words, words, len);
	if (!g->deal || !g->asked) {
		invalid(p, "the %s engine cannot be played live yet", g->name);
		return -1;
	}
	if (g->over(t->r.state))
		return game_over(t, p);
	if (t->pending_seat >= 0) {
		invalid(p, "%s's action waits for an answer (accept or decline)",
			arb_table_colour(t, (unsigned)t->pending_seat));
		return -1;
	}
	if (t->choice_seat >= 0) {
		if ((unsigned)t->choice_seat != seat) {
			invalid(p, "%s must choose first",
				arb_table_colour(t, (unsigned)t->choice_seat));
			return -1;
		}
		for (const char *c = t->choices.p; c && *c;) {
			const char *e = strchr(c, '|');
			size_t n = e ? (size_t)(e - c) : strlen(c);
			if (same_words(words, len, c, n)) {
				arb_buf chosen = { 0 };
				arb_buf_put(&chosen, c, n);
				t->choice_seat = -1;
				int rc = play_dealt(t, seat, chosen.p, chosen.len, p);
				arb_buf_free(&chosen);
				return rc;
			}
			c = e ? e + 1 : c + n;
		}
		invalid(p, "choose one of: %.200s", t->choices.p);
		return -1;
	}
	/* the words, led by what chance dealt at the turn's start */
	deal_start(t);
	arb_buf action = { 0 };
	size_t nt = arb_split_tokens(words, len, (uint32_t)t->r.moves + 1, 1, t->tok,
				     ARB_MAX_TOKENS_PER_TURN);
	if (nt == 0 || nt >= ARB_MAX_TOKENS_PER_TURN) {
		invalid(p, nt ? "too many words" : "no action");
		return -1;
	}
	if (!t->nacts && t->start_words.len) {
		size_t sl = t->start_words.len;
		bool led = len >= sl && strncasecmp(words, t->start_words.p, sl) == 0 &&
			   (len == sl || !isalnum((unsigned char)words[sl]));
		if (!led && t->tok[0].len == sl) { /* another tile, another roll */
			invalid(p, "chance dealt %s: the action starts with it (or leaves it out)",
				t->start_words.p);
			return -1;
		}
		if (!led) {
			arb_buf_put(&action, t->start_words.p, sl);
			arb_buf_putc(&action, ' ');
		}
	}
	arb_buf_put(&action, words, len);
	nt = arb_split_tokens(action.p, action.len, (uint32_t)t->r.moves + 1, 1, t->tok,
			      ARB_MAX_TOKENS_PER_TURN);
	arb_buf dealt = { 0 };
	unsigned consent = 0;
	int rc = g->deal(now(t), seat, t->tok, nt, t->supplied ? NULL : &t->rng, &dealt, &consent,
			 &p->rej);
	arb_buf_free(&action);
	if (rc < 0 && !p->rej.rule) { /* not the seat's to say: no rule */
		invalid(p, "%s", p->rej.msg);
		arb_buf_free(&dealt);
		return -1;
	}
	if (rc < 0) {
		p->kind = ARB_PLAY_REFUSED;
		arb_buf_free(&dealt);
		return 0;
	}
	if (rc == ARB_DEAL_CHOOSE) {
		arb_buf_reset(&t->choices);
		arb_buf_put(&t->choices, dealt.p ? dealt.p : "", dealt.len);
		t->choice_seat = (int)seat;
		p->kind = ARB_PLAY_CHOOSE;
		arb_buf_reset(&p->words);
		arb_buf_put(&p->words, dealt.p ? dealt.p : "", dealt.len);
		arb_buf_free(&dealt);
		return 0;
	}
	if (consent & ~(1u << seat)) {
		arb_buf_reset(&t->pending);
		arb_buf_put(&t->pending, dealt.p ? dealt.p : "", dealt.len);
		t->pending_seat = (int)seat;
		t->consent_need = consent & ~(1u << seat);
		t->consent_got = 0;
		p->kind = ARB_PLAY_CONSENT;
		p->consent = t->consent_need;
		arb_buf_reset(&p->words);
		arb_buf_put(&p->words, dealt.p ? dealt.p : "", dealt.len);
		arb_buf_free(&dealt);
		return 0;
	}
	rc = play_dealt(t, seat, dealt.p ? dealt.p : "", dealt.len, p);
	arb_buf_free(&dealt);
	if (p->kind == ARB_PLAY_REFUSED) { /* what chance drew is not shown */
		arb_buf_reset(&p->words);
		arb_buf_put(&p->words, words, len);
	}
	return rc;
}

int arb_table_consent(arb_table *t, unsigned seat, bool accept, arb_play *p)
{
	play_init(p, seat);
	if (t->pending_seat < 0 || !(t->consent_need & ~t->consent_got & (1u << seat))) {
		invalid(p, "nothing waits for %s's answer", arb_table_colour(t, seat));
		return -1;
	}
	unsigned proposer = (unsigned)t->pending_seat;
	arb_buf words = t->pending;
	memset(&t->pending, 0, sizeof t->pending);
	if (!accept) {
		t->pending_seat = -1;
		p->kind = ARB_PLAY_REFUSED;
		p->rej.rule = "declined";
		snprintf(p->rej.msg, sizeof p->rej.msg, "%s declines %s's %.300s",
			 arb_table_colour(t, seat), arb_table_colour(t, proposer),
			 words.p ? words.p : "");
		arb_buf_put(&p->words, words.p ? words.p : "", words.len);
		arb_buf_free(&words);
		return 0;
	}
	t->consent_got |= 1u << seat;
	if (t->consent_need & ~t->consent_got) { /* others still to answer */
		t->pending = words;
		p->kind = ARB_PLAY_CONSENT;
		p->consent = t->consent_need & ~t->consent_got;
		arb_buf_put(&p->words, words.p ? words.p : "", words.len);
		return 0;
	}
	t->pending_seat = -1;
	int rc = play_dealt(t, proposer, words.p ? words.p : "", words.len, p);
	p->seat = proposer;
	arb_buf_free(&words);
	return rc;
}

int arb_table_end(arb_table *t, unsigned seat, arb_play *p)
{
	play_init(p, seat);
	if (t->g->over(t->r.state))
		return game_over(t, p);
	if (!t->g->apply_open) {
		invalid(p, "a %s turn is one action: it ends when played", t->g->name);
		return -1;
	}
	if (t->pending_seat >= 0 || t->choice_seat >= 0) {
		invalid(p, "the turn waits for %s",
			t->pending_seat >= 0 ? "an answer (accept or decline)" : "a choice");
		return -1;
	}
	arb_asked a;
	arb_table_asked(t, &a, NULL);
	if (seat != a.active) {
		invalid(p, "it is %s's turn, not %s's", arb_table_colour(t, a.active),
			arb_table_colour(t, seat));
		return -1;
	}
	if (!t->nacts) {
		arb_buf_reset(&t->turn);
		arb_buf_puts(&t->turn, arb_table_colour(t, seat));
	}
	return close_turn(t, seat, p);
}

/* ---------------------------------------------------------- choices */

/* Would the dealt action `dealt` (len bytes) play after the turn so far?
 * Tried on the probe, as play_dealt tries it. */
static bool would_play(arb_table *t, const char *dealt, size_t len)
{
	const arb_game_ops *g = t->g;
	arb_buf line = { 0 };
	arb_reject rej;
	if (t->nacts) {
		arb_buf_put(&line, t->turn.p, t->turn.len);
	} else {
		arb_asked a;
		arb_table_asked(t, &a, NULL);
		arb_buf_puts(&line, arb_table_colour(t, a.active));
	}
	arb_buf_putc(&line, ' ');
	arb_buf_put(&line, dealt, len);
	g->copy(t->probe, t->r.state);
	bool ok = parse_line(t, t->probe, line.p, line.len, t->r.moves + 1, &rej) == 0 &&
		  (g->apply_open ? g->apply_open : g->apply)(t->probe, t->move, NULL, &rej) == 0;
	arb_buf_free(&line);
	return ok;
}

#ifndef NDEBUG
/* Would the table accept `words` from `seat` now?  Nothing changes: the
 * dealer draws from a copy of its numbers and the play is tried on the
 * probe (would_play). */
static bool would_accept(arb_table *t, unsigned seat, const char *words)
{
	const arb_game_ops *g = t->g;
	arb_buf action = { 0 }, dealt = { 0 };
	bool ok = false;
	size_t len = strlen(words), sl = t->start_words.len;
	if (!t->nacts && sl &&
	    !(len >= sl && strncasecmp(words, t->start_words.p, sl) == 0 &&
	      (len == sl || words[sl] == ' '))) {
		arb_buf_put(&action, t->start_words.p, sl);
		arb_buf_putc(&action, ' ');
	}
	arb_buf_put(&action, words, len);
	size_t nt = arb_split_tokens(action.p, action.len, (uint32_t)t->r.moves + 1, 1, t->tok,
				     ARB_MAX_TOKENS_PER_TURN);
	if (nt == 0 || nt >= ARB_MAX_TOKENS_PER_TURN)
		goto done;
	uint64_t rng = t->rng;
	unsigned consent = 0;
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	/* chance is dealt even when the seats supply it: the candidates
	 * leave it out, and whether `roll` is legal does not hang on the
	 * dice */
	int rc = g->deal(now(t), seat, t->tok, nt, &rng, &dealt, &consent, &rej);
	if (rc < 0)
		goto done;
	/* a choice still to make, or a partner's consent: the seat's side
	 * is what deal() judged (the partner's hand is not the seat's to
	 * see); an engine without copy lists legal actions only */
	ok = rc == ARB_DEAL_CHOOSE || (consent & ~(1u << seat)) || !g->copy ||
	     would_play(t, dealt.p ? dealt.p : "", dealt.len);
done:
	arb_buf_free(&action);
	arb_buf_free(&dealt);
	return ok;
}
#endif

/* The turn so far may end now (close_turn would accept it). */
static bool would_end(arb_table *t, unsigned seat)
{
	arb_buf line = { 0 };
	arb_reject rej;
	if (t->nacts)
		arb_buf_put(&line, t->turn.p, t->turn.len);
	else
		arb_buf_puts(&line, arb_table_colour(t, seat));
	t->g->copy(t->probe, t->r.state);
	bool ok = parse_line(t, t->probe, line.p, line.len, t->r.moves + 1, &rej) == 0 &&
		  t->g->apply(t->probe, t->move, NULL, &rej) == 0;
	arb_buf_free(&line);
	return ok;
}

typedef struct choice_list {
	arb_table *t;
	unsigned seat;
	arb_buf *out;
	int n;
} choice_list;

/* The engines list legal actions only (game.h, choices): the test builds
 * try each on the probe to prove it, where a release build trusts the
 * list (the trial runs were two thirds of a `moves` request's cost). */
static void keep_choice(void *ctx, const char *action)
{
	choice_list *c = ctx;
#ifndef NDEBUG
	if (!would_accept(c->t, c->seat, action)) {
		fprintf(stderr,
			"arbiter: internal error: the engine listed '%s', which the referee refuses\n",
			action);
		abort();
	}
#endif
	arb_buf_put_all(c->out, "play ", arb_table_colour(c->t, c->seat), " ", action, "\n",
			(char *)NULL);
	c->n++;
}

int arb_table_choices(arb_table *t, unsigned seat, arb_buf *out)
{
	const arb_game_ops *g = t->g;
	const char *colour = arb_table_colour(t, seat);
	if (!g->choices || !g->deal || !g->asked)
		return -1;
	if (g->over(t->r.state))
		return 0;
	if (t->pending_seat >= 0) {
		if (!(t->consent_need & ~t->consent_got & (1u << seat)))
			return 0;
		/* accept only what would then play: the partner holds what
		 * it gives (its own hand, which it sees) */
		bool can =
			!g->copy || would_play(t, t->pending.p ? t->pending.p : "", t->pending.len);
		if (can)
			arb_buf_put_all(out, "accept ", colour, "\n", (char *)NULL);
		arb_buf_put_all(out, "decline ", colour, "\n", (char *)NULL);
		return can ? 2 : 1;
	}
	int n = 0;
	if (t->choice_seat >= 0) {
		if ((unsigned)t->choice_seat != seat)
			return 0;
		for (const char *c = t->choices.p; c && *c; n++) {
			const char *e = strchr(c, '|');
			size_t len = e ? (size_t)(e - c) : strlen(c);
			arb_buf_put_all(out, "play ", colour, " ", (char *)NULL);
			arb_buf_put(out, c, len);
			arb_buf_putc(out, '\n');
			c = e ? e + 1 : c + len;
		}
		return n;
	}
	arb_asked a;
	const char *start;
	arb_table_asked(t, &a, &start);
	if (!(a.seats & (1u << seat)))
		return 0;
	choice_list c = { t, seat, out, 0 };
	g->choices(now(t), seat, start, keep_choice, &c);
	/* after a win, what the engine still lists comes first (a Catan
	 * winner's victory point cards, shown so that every view sees the
	 * win: notation/catan.md) */
	if (a.may_end && seat == a.active && g->apply_open && g->copy && !(a.over && c.n) &&
	    would_end(t, seat)) {
		arb_buf_put_all(out, "end ", colour, "\n", (char *)NULL);
		c.n++;
	}
	return c.n;
}

/* ----------------------------------------------------------- record */

/* The view's closing line (view_close): what the view must see of the
 * end, worked out on a replay of the view record. */
static void view_close(arb_table *t, int view, const arb_buf *vhead, arb_buf *out)
{
	if (!t->g->view_close || !t->g->over(t->r.state))
		return;
	arb_buf text = { 0 };
	arb_buf_put(&text, vhead->p, vhead->len);
	arb_buf_puts(&text, "\n");
	arb_buf_put(&text, t->vmoves[view].p ? t->vmoves[view].p : "", t->vmoves[view].len);
	arb_reader *rd = arb_reader_new_mem(text.p, text.len, "referee", 0);
	arb_record rec;
	arb_diag d;
	arb_replay r;
	memset(&r, 0, sizeof r);
	if (arb_reader_next(rd, &rec, &d) == 1) {
		r.rec = &rec;
		r.games = &arb_registry;
		arb_replay_game(&r);
		if (r.state && r.verdict != ARB_ERROR && r.verdict != ARB_ILLEGAL)
			if (t->g->view_close(t->r.state, r.state, (unsigned)view, out))
				arb_buf_putc(out, '\n');
	}
	arb_replay_free(&r);
	arb_reader_free(rd);
	arb_buf_free(&text);
}

void arb_table_record(arb_table *t, int view, arb_buf *out)
{
	const arb_buf *moves = &t->moves;
	if (t->g->over(t->r.state))
		t->g->finish(t->r.state, NULL);
	arb_buf vhead = { 0 };
	if (view >= 0 && t->g->view_turn) /* the tags as the view saw them */
		arb_view_head(t->g, t->head.p ? t->head.p : "", t->head.len, (unsigned)view,
			      &vhead);
	else
		arb_buf_put(&vhead, t->head.p ? t->head.p : "", t->head.len);
	if (view >= 0 && t->g->view_turn) {
		arb_buf_printf(&vhead, "[View \"%s\"]\n",
			       view == ARB_VIEW_OBSERVER ? "observer"
							 : arb_table_colour(t, (unsigned)view));
		moves = &t->vmoves[view];
	}
	arb_buf_put(out, vhead.p, vhead.len);
	arb_result_tag(t->g, t->r.state, &t->r.setup, out);
	arb_buf_put(out, moves->p ? moves->p : "", moves->len);
	if (view >= 0 && t->g->view_turn)
		view_close(t, view, &vhead, out);
	if (t->nacts) {
		const arb_buf *open = view >= 0 && t->g->view_turn ? &t->turn_view[view] : &t->turn;
		arb_buf_printf(out, "{ the turn being played: %s }\n", open->p ? open->p : "");
	}
	arb_buf_free(&vhead);
}

void arb_table_news(arb_table *t, int view, arb_buf *out)
{
	size_t v = view < 0 ? ARB_VIEW_OBSERVER : (size_t)view;
	arb_buf_put(out, t->news[v].p ? t->news[v].p : "", t->news[v].len);
	arb_buf_reset(&t->news[v]);
}
