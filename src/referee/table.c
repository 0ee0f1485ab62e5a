/*
 * table.c — one game held live (table.h): the dealer and the open turn,
 * played action by action.  The record and what each seat is told are
 * news.c's, the requests a seat may send choices.c's.
 *
 * Sizes: a turn line holds at most ARB_MAX_TOKENS_PER_TURN words (the
 * reader's limit, so the record stays one `check` reads).  An engine with
 * parse_more and apply_more (game.h) plays each action on from where the
 * one before left the turn, on a copy of that position, and close_open
 * ends the turn there: an action costs the same however long the turn.
 * Other engines (and a Catan set-up line) replay the turn so far on a
 * copy of its start, so a turn of k actions costs k(k+1)/2 action
 * replays.  Three games live at once: the start of the turn, the turn so
 * far (work) and the one being tried (probe); they swap places, nothing
 * is copied back.
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
#include "table_impl.h"

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
	void *s = t->g->create(t->data, &t->r.setup, t->r.worker, &rej);
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

/* Parse line[0..len) as turn line `number` into `move` (t->move or
 * t->pmove).  0, or -1 with rej set. */
int arb_tbl_parse_line(arb_table *t, const void *game, const char *line, size_t len, size_t number,
		       void *move, arb_reject *rej)
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
	memset(move, 0, t->g->move_size ? t->g->move_size : 1);
	t->parsed_tokens = nt;
	return t->g->parse(game, t->tok, nt, move, rej);
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
	t->r.worker = spec->worker;
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
	t->pmove = arb_xcalloc(1, g->move_size ? g->move_size : 1);
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
	free(t->pmove);
	free(t->one);
	arb_buf_free(&t->head);
	arb_buf_free(&t->moves);
	for (size_t v = 0; v < NVIEWS; v++) {
		arb_buf_free(&t->vmoves[v]);
		arb_buf_free(&t->news[v]);
		arb_buf_free(&t->turn_view[v]);
	}
	arb_buf_free(&t->turn);
	for (size_t i = 0; i < sizeof t->scratch / sizeof t->scratch[0]; i++)
		arb_buf_free(&t->scratch[i]);
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
const void *arb_tbl_now(const arb_table *t)
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
		t->g->asked(arb_tbl_now(t), out);
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

/* ------------------------------------------------------------- play */

/* The turn ends: the open turn finished on a copy of t->work with
 * close_open, or (an engine that cannot, or no action played) the whole
 * line t->turn played with apply() on a copy of the start (on the start
 * itself for an engine of one action a turn); on success the position
 * becomes the start and the line the record's next. */
static int close_turn(arb_table *t, unsigned seat, arb_play *p)
{
	const arb_game_ops *g = t->g;
	void *game = g->copy ? t->probe : t->r.state;
	arb_sink sink = { collect, t };
	size_t from = t->prev_events; /* the events a replay sends again */
	int rc = ARB_OPEN_REPLAY;
	t->ncollected = 0;
	if (t->nacts && g->close_open) {
		g->copy(game, t->work);
		rc = g->close_open(game, t->move, &sink, &p->rej);
		if (rc != ARB_OPEN_REPLAY)
			from = 0;
	}
	if (rc == ARB_OPEN_REPLAY) {
		if (g->copy)
			g->copy(game, t->r.state);
		if (!t->nacts &&
		    arb_tbl_parse_line(t, game, t->turn.p ? t->turn.p : "", t->turn.len,
				       t->r.moves + 1, t->move, &p->rej) < 0) {
			p->kind = ARB_PLAY_REFUSED;
			return 0;
		}
		t->ncollected = 0;
		rc = g->apply(game, t->move, &sink, &p->rej);
	}
	if (rc < 0) {
		p->kind = ARB_PLAY_REFUSED;
		return 0;
	}
	take_events(t, from, p);
	if (g->copy) { /* the probe becomes the start */
		void *old = t->r.state;
		t->r.state = t->probe;
		t->probe = old;
	}
	p->kind = ARB_PLAY_ACCEPTED;
	p->turn_ended = true;
	arb_tbl_commit_line(t, seat);
	return 0;
}

/* The engine plays the open turn on (parse_more, apply_more). */
bool arb_tbl_plays_on(const arb_table *t)
{
	return t->nacts && t->g->parse_more && t->g->apply_more;
}

/* The words w[0..n), which stand at offset `at` of the turn line t->turn
 * (or of a line that long), played on after the turn so far: parsed on
 * t->move into t->pmove (parse_more), played on a copy of t->work in the
 * probe (apply_more, events to `sink`).  0 played (t->pmove, the probe
 * and t->parsed_tokens hold the longer turn), -1 refused (rej), or
 * ARB_OPEN_REPLAY: the engine plays the line from the start. */
int arb_tbl_play_on(arb_table *t, const char *w, size_t n, size_t at, const arb_sink *sink,
		    arb_reject *rej)
{
	const arb_game_ops *g = t->g;
	size_t nt = arb_split_tokens(w, n, (uint32_t)t->r.moves + 1, (uint32_t)at + 1, t->tok,
				     ARB_MAX_TOKENS_PER_TURN);
	memset(rej, 0, sizeof *rej);
	if (nt == 0 || t->turn_tokens + nt > ARB_MAX_TOKENS_PER_TURN) { /* as parse_line */
		rej->rule = "syntax";
		snprintf(rej->msg, sizeof rej->msg, "a turn holds 1 to %u words",
			 (unsigned)ARB_MAX_TOKENS_PER_TURN);
		return -1;
	}
	memcpy(t->pmove, t->move, g->move_size);
	if (g->parse_more(t->work, t->pmove, t->tok, nt, rej) < 0)
		return -1;
	g->copy(t->probe, t->work);
	t->parsed_tokens = t->turn_tokens + nt;
	return g->apply_more(t->probe, t->pmove, sink, rej);
}

/* The turn line t->turn played with apply_open on a copy of the start,
 * into the probe (t->pmove its parse).  0 or -1 (rej). */
static int replay_open(arb_table *t, arb_reject *rej)
{
	t->g->copy(t->probe, t->r.state);
	if (arb_tbl_parse_line(t, t->probe, t->turn.p, t->turn.len, t->r.moves + 1, t->pmove, rej) <
	    0)
		return -1;
	t->ncollected = 0;
	arb_sink sink = { collect, t };
	return t->g->apply_open(t->probe, t->pmove, &sink, rej);
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
	int rc = ARB_OPEN_REPLAY;
	size_t from = 0; /* the new action's first event */
	bool replayed = false;
	t->ncollected = 0;
	if (arb_tbl_plays_on(t)) {
		arb_sink sink = { collect, t };
		rc = arb_tbl_play_on(t, t->turn.p + keep + 1, len, keep + 1, &sink, &p->rej);
	}
	if (rc == ARB_OPEN_REPLAY) {
		rc = replay_open(t, &p->rej);
		from = t->prev_events;
		replayed = true;
	}
	if (rc < 0)
		goto refused;
	void *old = t->work;
	t->work = t->probe;
	t->probe = old;
	old = t->move;
	t->move = t->pmove;
	t->pmove = old;
	t->turn_tokens = t->parsed_tokens;
	t->nacts++;
	take_events(t, from, p);
	t->prev_events = replayed ? t->ncollected : t->prev_events + t->ncollected;
	p->kind = ARB_PLAY_ACCEPTED;
	arb_tbl_tell_action(t, t->work, seat, p->words.p);
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

/* The seat that must choose among what chance offered (t->choices, '|'
 * between them) names one: it is played as dealt. */
static int play_choice(arb_table *t, unsigned seat, const char *words, size_t len, arb_play *p)
{
	if ((unsigned)t->choice_seat != seat) {
		invalid(p, "%s must choose first", arb_table_colour(t, (unsigned)t->choice_seat));
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
	if (t->choice_seat >= 0)
		return play_choice(t, seat, words, len, p);
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
	int rc = g->deal(arb_tbl_now(t), seat, t->tok, nt, t->supplied ? NULL : &t->rng, &dealt,
			 &consent, &p->rej);
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
