/*
 * replay.c — from a record to a verdict, for every command alike.
 *
 * Set-up errors (unknown game, seats, options, a truncated record) make
 * the record unusable: ARB_ERROR, exit status 2.  A rule broken by a move
 * or a false Result tag is a verdict about the game: ARB_ILLEGAL, status 1.
 */
#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gamedata.h"
#include "suggest.h"
#include "replay.h"
#include "util.h"
#include "../games/game.h"

/* A move buffer this large or smaller is cleared per turn with a store
 * of constant size (inline, no call): arb_replay_setup allocates at
 * least this much. */
#define SMALL_MOVE 64

static int rec_error(arb_replay *r, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int rec_error(arb_replay *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	r->verdict = ARB_ERROR;
	va_start(ap, fmt);
	arb_diag_vset(&r->diag, r->rec->file, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

/* Keep a warning about the record at line:col (beyond ARB_MAX_WARNINGS it
 * is dropped: the first ones say enough). */
static void rec_warning(arb_replay *r, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void rec_warning(arb_replay *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	if (r->nwarnings == ARB_MAX_WARNINGS)
		return;
	va_list ap;
	va_start(ap, fmt);
	arb_diag_vset(&r->warning[r->nwarnings++], r->rec->file, line, col, fmt, ap);
	va_end(ap);
}

/* A Date as notation/tgn.md (after PGN) writes it: YYYY.MM.DD, a part not
 * known written as question marks ("2026.??.??"), a month 01-12 and a day
 * 01-31 where they are known. */
static bool date_ok(const char *d)
{
	if (strlen(d) != 10 || d[4] != '.' || d[7] != '.')
		return false;
	static const int part[3][2] = { { 0, 4 }, { 5, 2 }, { 8, 2 } };
	int v[3];
	for (int k = 0; k < 3; k++) {
		const char *p = d + part[k][0];
		int n = part[k][1], q = 0;
		v[k] = 0;
		for (int i = 0; i < n; i++) {
			if (p[i] == '?')
				q++;
			else if (p[i] >= '0' && p[i] <= '9')
				v[k] = v[k] * 10 + (p[i] - '0');
			else
				return false;
		}
		if (q && q != n) /* "2026.1?.01": a part is known or not */
			return false;
		if (q)
			v[k] = -1;
	}
	return (v[1] < 0 || (v[1] >= 1 && v[1] <= 12)) && (v[2] < 0 || (v[2] >= 1 && v[2] <= 31));
}

/* Tag names compared first by their first byte: set-up compares every tag
 * with every other and with the names it looks for, and a strcmp call
 * costs some 20 instructions where a byte compare settles most pairs. */
static bool same_name(const char *a, const char *b)
{
	return a[0] == b[0] && strcmp(a, b) == 0;
}

static const arb_tag *find_tag(const arb_record *rec, const char *name)
{
	for (size_t i = 0; i < rec->ntags; i++)
		if (same_name(rec->tags[i].name, name))
			return &rec->tags[i];
	return NULL;
}

static int colour_index(const arb_game_ops *g, const char *name)
{
	/* the first letter first: every tag of every record is tried */
	int first = tolower((unsigned char)name[0]);
	for (int i = 0; g->colours[i]; i++)
		if (tolower((unsigned char)g->colours[i][0]) == first &&
		    strcasecmp(g->colours[i], name) == 0)
			return i;
	return -1;
}

static void list_colours(const arb_game_ops *g, char *out, size_t cap)
{
	size_t n = 0;
	out[0] = '\0';
	for (size_t i = 0; g->colours[i]; i++)
		n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", i ? ", " : "",
				      g->colours[i]);
}

/* The tags TGN itself names (notation/tgn.md, "Tags"): never taken for a
 * misspelled seat colour, however close ("Site" is two edits from
 * "White"). */
static const char *const envelope_tags[] = {
	"Game",	  "Event",	 "Site", "Date",   "Round",    "Table", "Variant", "Setup",
	"Result", "Termination", "View", "Source", "SourceId", "Hands", "Origin",
};

/* A tag that is no colour of this game but was surely meant as a seat: a
 * colour of another game, or one edit from a colour of this game ("Bleu",
 * "Yelow").  Left as an ordinary tag, it would surface as a wrong seat
 * count far from the mistake.  Returns -1 with the diagnostic at the tag,
 * or 0 for an ordinary tag. */
static int misspelled_seat(arb_replay *r, const arb_tag *t)
{
	/* every record passes here for its ordinary tags (Seed, Annotator):
	 * the cheap tests first, strings only for the error */
	const arb_game_ops *g = r->game;
	/* the tags every record has first: they are never seats */
	int first = tolower((unsigned char)t->name[0]);
	for (size_t i = 0; i < sizeof envelope_tags / sizeof *envelope_tags; i++)
		if (tolower((unsigned char)envelope_tags[i][0]) == first &&
		    !strcasecmp(t->name, envelope_tags[i]))
			return 0;
	const char *other = NULL, *close = NULL;
	for (size_t i = 0; i < r->games->count() && !other; i++) {
		const arb_game_ops *o = r->games->at(i);
		if (o && o != g && colour_index(o, t->name) >= 0)
			other = t->name;
	}
	for (size_t c = 0; !other && !close && g->colours[c]; c++)
		if (arb_within_one_edit(t->name, g->colours[c]))
			close = g->colours[c];
	if (!other && !close)
		return 0;
	char cols[128];
	list_colours(g, cols, sizeof cols);
	if (close)
		return rec_error(r, t->line, t->col,
				 "unknown seat colour \"%.40s\" (did you mean %s?)", t->name,
				 close);
	char games[128] = "";
	size_t n = 0;
	for (size_t i = 0; i < r->games->count(); i++) {
		const arb_game_ops *o = r->games->at(i);
		if (o && o != g && colour_index(o, t->name) >= 0)
			n += (size_t)snprintf(games + n, n < sizeof games ? sizeof games - n : 0,
					      "%s%s", n ? ", " : "", o->name);
	}
	return rec_error(r, t->line, t->col,
			 "%.40s is a seat colour of %s, not of %s (its colours: %s)", t->name,
			 games, g->name, cols);
}

/* Split the Variant tag into name[=value] words. */
static int parse_variant(arb_replay *r, const arb_tag *t)
{
	arb_setup *s = &r->setup;
	r->optbuf = arb_xstrdup(t->value);
	char *p = r->optbuf;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			return 0;
		char *w = p;
		while (*p && *p != ' ' && *p != '\t' && *p != ',')
			p++;
		if (*p)
			*p++ = '\0';
		char *eq = strchr(w, '=');
		if (w == eq || (eq && !eq[1]))
			return rec_error(
				r, t->line, t->col,
				"malformed option \"%s\" in the Variant tag: write name or name=value",
				w);
		if (eq)
			*eq = '\0';
		for (char *c = w; *c; c++)
			if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
				return rec_error(r, t->line, t->col,
						 "malformed option name \"%s\" in the Variant tag",
						 w);
		for (size_t i = 0; i < s->noptions; i++)
			if (strcmp(s->options[i].name, w) == 0)
				return rec_error(r, t->line, t->col,
						 "option \"%s\" is given twice in the Variant tag",
						 w);
		if (s->noptions == ARB_MAX_OPTIONS)
			return rec_error(r, t->line, t->col,
					 "more than %d options in the Variant tag",
					 ARB_MAX_OPTIONS);
		s->options[s->noptions].name = w;
		s->options[s->noptions].value = eq ? eq + 1 : NULL;
		s->options[s->noptions].tag = t;
		s->noptions++;
	}
}

/* What set-up learns from a record's tag names alone (for `games` and
 * the game `game` the Game tag named): no name twice, each tag's seat
 * colour (-1: an ordinary tag, no misspelled seat) and where the tags it
 * looks for are.  The records of a file have the same names, game after
 * game, so set-up compares the names with the last record's (kept per
 * thread) and skips what they decided: some 3,000 instructions a record
 * (the misspelled-seat checks above all) for a hundred.  Only a set-up
 * that passed these checks is kept. */
#define MEMO_TAGS 32
#define MEMO_BYTES 256
enum {
	MEMO_GAME,
	MEMO_RESULT,
	MEMO_DATE,
	MEMO_TERMINATION,
	MEMO_VARIANT,
	MEMO_SETUP,
	MEMO_VIEW,
	MEMO_NFIND
};
static const char *const memo_find[MEMO_NFIND] = { "Game",    "Result", "Date", "Termination",
						   "Variant", "Setup",	"View" };
typedef struct tag_memo {
	const arb_games *games;
	const arb_game_ops *game;
	size_t ntags;
	char names[MEMO_BYTES]; /* the names one after the other, each with its NUL */
	signed char colour[MEMO_TAGS];
	signed char found[MEMO_NFIND]; /* the tags memo_find names: index or -1 */
} tag_memo;
static _Thread_local tag_memo memo;

/* Whether rec's tag names are the memo's, in order. */
static bool memo_matches(const arb_record *rec)
{
	if (rec->ntags != memo.ntags || !memo.game)
		return false;
	const char *m = memo.names;
	for (size_t i = 0; i < rec->ntags; i++) {
		const char *n = rec->tags[i].name;
		while (*n && *n == *m)
			n++, m++;
		if (*n != *m)
			return false;
		m++;
	}
	return true;
}

/* Keep what set-up decided for rec's names with game g (colour[i]: tag
 * i's seat colour or -1), when it fits. */
static void memo_keep(const arb_replay *r, const signed char *colour)
{
	const arb_record *rec = r->rec;
	memo.game = NULL;
	if (rec->ntags > MEMO_TAGS)
		return;
	size_t len = 0;
	for (size_t i = 0; i < rec->ntags; i++) {
		size_t n = strlen(rec->tags[i].name) + 1;
		if (len + n > MEMO_BYTES)
			return;
		memcpy(memo.names + len, rec->tags[i].name, n);
		len += n;
	}
	for (size_t k = 0; k < MEMO_NFIND; k++) {
		const arb_tag *t = find_tag(rec, memo_find[k]);
		memo.found[k] = t ? (signed char)(t - rec->tags) : -1;
	}
	memcpy(memo.colour, colour, rec->ntags);
	memo.ntags = rec->ntags;
	memo.games = r->games;
	memo.game = r->game;
}

/* The tag memo_find[k] of rec: from the memo when its names matched. */
static const arb_tag *tag_of(const arb_record *rec, bool known, int k)
{
	if (!known)
		return find_tag(rec, memo_find[k]);
	return memo.found[k] < 0 ? NULL : &rec->tags[memo.found[k]];
}

static int parse_result(arb_replay *r, const arb_tag *rt);
static int parse_termination(arb_replay *r, const arb_tag *tt);

/* Seat the colour tags of rec (game r->game); colour[i] gets tag i's
 * colour or -1.  `known`: the memo holds the colours of these names. */
static int seat_players(arb_replay *r, bool known, signed char *colour)
{
	const arb_record *rec = r->rec;
	const arb_game_ops *g = r->game;
	arb_setup *s = &r->setup;
	for (size_t i = 0; i < rec->ntags; i++) {
		int c = known ? memo.colour[i] : colour_index(g, rec->tags[i].name);
		if (i < MEMO_TAGS)
			colour[i] = (signed char)c;
		if (c < 0) {
			if (!known && misspelled_seat(r, &rec->tags[i]))
				return -1;
			continue;
		}
		for (size_t j = 0; j < s->nseats; j++)
			if (s->seats[j].colour == (unsigned)c)
				return rec_error(r, rec->tags[i].line, rec->tags[i].col,
						 "colour %s is seated twice", g->colours[c]);
		if (s->nseats == g->max_seats || s->nseats == ARB_MAX_SEATS)
			return rec_error(r, rec->tags[i].line, rec->tags[i].col,
					 "too many seats: %s seats %u to %u players", g->name,
					 g->min_seats, g->max_seats);
		const char *who = rec->tags[i].value;
		/* one player, one seat: standings would count the player's
		 * game twice; "?" (and an empty name) is no one in particular */
		for (size_t j = 0; j < s->nseats; j++)
			if (strcmp(who, "?") && *who && !strcmp(s->seats[j].player, who))
				return rec_error(r, rec->tags[i].line, rec->tags[i].col,
						 "player \"%.100s\" holds two seats, %s and %s: a "
						 "player plays one seat (write \"?\" for a player "
						 "not known)",
						 who, g->colours[s->seats[j].colour],
						 g->colours[c]);
		s->seats[s->nseats].colour = (unsigned)c;
		s->seats[s->nseats].player = who;
		s->seats[s->nseats].tag = &rec->tags[i];
		s->nseats++;
	}
	return 0;
}

int arb_replay_setup(arb_replay *r)
{
	const arb_record *rec = r->rec;
	arb_setup *s = &r->setup;
	memset(s, 0, sizeof *s);
	r->verdict = ARB_LEGAL;
	s->tags = rec->tags;
	s->ntags = rec->ntags;
	/* names as the last record's: none twice, the Game tag where it was */
	bool same_names = memo_matches(rec);
	if (!same_names)
		for (size_t i = 0; i < rec->ntags; i++)
			for (size_t j = 0; j < i; j++)
				if (same_name(rec->tags[i].name, rec->tags[j].name))
					return rec_error(r, rec->tags[i].line, rec->tags[i].col,
							 "duplicate tag %s (first at line %u)",
							 rec->tags[i].name,
							 (unsigned)rec->tags[j].line);
	const arb_tag *gt = tag_of(rec, same_names, MEMO_GAME);
	if (!gt)
		return rec_error(r, rec->line, 1,
				 "missing [Game \"...\"] tag: every game names its game");
	r->game = r->games->find(gt->value);
	if (!r->game) {
		const char *close = r->games->suggest(gt->value);
		if (close)
			return rec_error(r, gt->line, gt->col,
					 "unknown game \"%.100s\": did you mean %s?", gt->value,
					 close);
		char known[256];
		r->games->list(known, sizeof known);
		return rec_error(r, gt->line, gt->col, "unknown game \"%.100s\": arbiter knows %s",
				 gt->value, known);
	}
	const arb_game_ops *g = r->game;
	bool known = same_names && memo.game == g && memo.games == r->games;
	signed char colour[MEMO_TAGS];
	if (seat_players(r, known, colour))
		return -1;
	if (s->nseats < g->min_seats) {
		char cols[128];
		list_colours(g, cols, sizeof cols);
		return rec_error(
			r, gt->line, gt->col,
			"%s needs %u to %u seats, one tag per player such as [%s \"Name\"] (colours: %s); this game has %zu",
			g->name, g->min_seats, g->max_seats, g->colours[0], cols, s->nseats);
	}
	if (!known)
		memo_keep(r, colour);
	const arb_tag *rt = tag_of(rec, same_names, MEMO_RESULT);
	if (rt && parse_result(r, rt))
		return -1;
	const arb_tag *dt = tag_of(rec, same_names, MEMO_DATE);
	if (dt && !date_ok(dt->value))
		rec_warning(r, dt->line, dt->col,
			    "Date \"%.40s\" is not written YYYY.MM.DD (like 2026.12.01, with ?? "
			    "for a part not known)",
			    dt->value);
	const arb_tag *tt = tag_of(rec, same_names, MEMO_TERMINATION);
	if (tt && parse_termination(r, tt))
		return -1;
	const arb_tag *vt = tag_of(rec, same_names, MEMO_VARIANT);
	if (vt && parse_variant(r, vt))
		return -1;
	s->setup = tag_of(rec, same_names, MEMO_SETUP);
	s->view = tag_of(rec, same_names, MEMO_VIEW);
	s->view_found = true;
	s->verdict_only = r->verdict_only;
	const void *data = arb_gamedata_get(g, &r->diag);
	if (!data) {
		r->verdict = ARB_ERROR;
		return -1;
	}
	arb_reject rej;
	memset(&rej, 0, sizeof rej);
	r->state = g->create(data, s, r->worker, &rej);
	if (!r->state) {
		uint32_t line = rej.line ? rej.line : gt->line;
		uint32_t col = rej.line ? rej.col : gt->col;
		return rec_error(r, line, col, "%s", rej.msg);
	}
	r->move = arb_xcalloc(1, g->move_size > SMALL_MOVE ? g->move_size : SMALL_MOVE);
	return 0;
}

static void stamp_event(void *ctx, const arb_event *ev)
{
	arb_replay *r = ctx;
	r->on_event(r->ctx, r->current, ev);
}

const arb_rule arb_envelope_rules[ARB_NENVELOPE_RULES] = { ARB_ENVELOPE_RULES(ARB_RULE_ENTRY) };

static void illegal(arb_replay *r, size_t move, uint32_t line, uint32_t col,
		    enum arb_envelope_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static void illegal(arb_replay *r, size_t move, uint32_t line, uint32_t col,
		    enum arb_envelope_rule rule, const char *fmt, ...)
{
	va_list ap;
	r->verdict = ARB_ILLEGAL;
	r->bad_move = move;
	va_start(ap, fmt);
	arb_reject_vrule(&r->rej, arb_envelope_rules, rule, line, col, fmt, ap);
	va_end(ap);
}

/* Read the Result tag at set-up: "*" or the winners' seat colours. */
static int parse_result(arb_replay *r, const arb_tag *rt)
{
	const arb_game_ops *g = r->game;
	const arb_setup *s = &r->setup;
	char buf[256];
	/* snprintf's truncation without its format machinery (some 500
	 * instructions a record) */
	size_t len = strnlen(rt->value, sizeof buf - 1);
	memcpy(buf, rt->value, len);
	buf[len] = '\0';
	r->result_star = strcmp(buf, "*") == 0;
	if (r->result_star)
		return 0;
	size_t n = 0;
	char *save = NULL;
	for (char *w = strtok_r(buf, ", \t", &save); w; w = strtok_r(NULL, ", \t", &save)) {
		int c = colour_index(g, w);
		size_t seat = s->nseats;
		for (size_t i = 0; c >= 0 && i < s->nseats; i++)
			if (s->seats[i].colour == (unsigned)c)
				seat = i;
		if (seat == s->nseats)
			return rec_error(
				r, rt->line, rt->col,
				"the Result tag names \"%s\", which is not a seat of this game; write the winners' colours, or \"*\" for an unfinished game",
				w);
		r->result_winner[seat] = true;
		n++;
	}
	if (n == 0)
		return rec_error(
			r, rt->line, rt->col,
			"the Result tag is empty; write the winners' colours, or \"*\" for an unfinished game");
	return 0;
}

static const char *const termination_names[] = { "normal", "adjudicated", "time forfeit" };

const char *arb_termination_name(arb_termination t)
{
	return termination_names[t];
}

/* Read the Termination tag at set-up: one of termination_names, in any
 * case.  A stopped game's Result must name its winners: a "*" would leave
 * nothing to count. */
static int parse_termination(arb_replay *r, const arb_tag *tt)
{
	size_t k = 0;
	while (k < 3 && strcasecmp(tt->value, termination_names[k]))
		k++;
	if (k == 3)
		return rec_error(
			r, tt->line, tt->col,
			"unknown Termination \"%s\": write normal, adjudicated or time forfeit",
			tt->value);
	r->termination = (arb_termination)k;
	if (k != ARB_TERM_NORMAL && (!find_tag(r->rec, "Result") || r->result_star))
		return rec_error(
			r, tt->line, tt->col,
			"the game was stopped (Termination \"%s\"): name the winners decided in the Result tag",
			tt->value);
	return 0;
}

/* Compare the Result tag with the standing of a game that is over. */
static void check_result(arb_replay *r, const arb_tag *rt)
{
	const arb_game_ops *g = r->game;
	const arb_setup *s = &r->setup;
	if (r->result_star) {
		illegal(r, 0, rt->line, rt->col, ARB_R_RESULT_MISMATCH,
			"the Result tag says the game is unfinished, but it is over after move %zu",
			r->moves);
		return;
	}
	bool same = true;
	for (size_t i = 0; i < s->nseats; i++)
		if (r->st.winner[i] != r->result_winner[i])
			same = false;
	if (same)
		return;
	char got[128] = "", want[128] = "";
	size_t ng = 0, nw = 0, nclaimed = 0;
	for (size_t i = 0; i < s->nseats; i++) {
		const char *name = g->colours[s->seats[i].colour];
		if (r->st.winner[i])
			ng += (size_t)snprintf(got + ng, ng < sizeof got ? sizeof got - ng : 0,
					       "%s%s", ng ? ", " : "", name);
		if (r->result_winner[i]) {
			nw += (size_t)snprintf(want + nw, nw < sizeof want ? sizeof want - nw : 0,
					       "%s%s", nw ? ", " : "", name);
			nclaimed++;
		}
	}
	illegal(r, 0, rt->line, rt->col, ARB_R_RESULT_MISMATCH,
		"the Result tag says %s %s, but the replay gives %s", want,
		nclaimed > 1 ? "win" : "wins", ng ? got : "no winner");
}

#ifndef NDEBUG
/* Debug builds only: the engine's invariants after every accepted turn
 * (game.h, position_ok).  A failure is a bug in arbiter, not in the
 * record: say where, then abort like assert(). */
static void check_position(const arb_replay *r)
{
	const char *why = NULL;
	if (!r->game->position_ok || r->game->position_ok(r->state, &why))
		return;
	fprintf(stderr, "arbiter: internal error: %s position invalid after move %zu (%s:%u): %s\n",
		r->game->name, r->moves, r->rec->file ? r->rec->file : "?",
		r->rec->turns[r->moves - 1].line, why ? why : "?");
	abort();
}
#endif

/* Replay turns[0..n): every value the loop reads is kept in a local,
 * since each call through the engine's pointers could otherwise have
 * changed the record, the ops or the replay, and the compiler would load
 * them again for every turn. */
static void play_turns(arb_replay *r, const arb_sink *sp, size_t n)
{
	const arb_game_ops *g = r->game;
	const arb_turn *turns = r->rec->turns;
	const arb_token *toks = r->rec->tok;
	void *state = r->state, *move = r->move;
	bool (*over)(const void *) = g->over;
	/* over() only where the engine's flag says it may be true */
	static const unsigned char ask = 1;
	const unsigned char *may_be_over =
		g->over_flag ? (const unsigned char *)state + g->over_flag - 1 : &ask;
	int (*parse)(const void *, const arb_token *, size_t, void *, arb_reject *) = g->parse;
	int (*apply)(void *, const void *, const arb_sink *, arb_reject *) = g->apply;
	void (*on_move)(void *, size_t) = r->on_move;
	size_t clear = g->parse_clears ? 0 : g->move_size ? g->move_size : 1;
	arb_reject *rej = &r->rej;
	for (size_t i = 0; i < n; i++) {
		const arb_turn *t = &turns[i];
		size_t no = i + 1;
		r->current = no;
		if (t->number >= 0 && (size_t)t->number != no) {
			illegal(r, no, t->line, t->col, ARB_R_TURN_NUMBER,
				"turn number %ld, but this is turn %zu", t->number, no);
			return;
		}
		if (t->ntok == 0) {
			illegal(r, no, t->line, t->col, ARB_R_EMPTY_TURN,
				"turn %zu has a number but no moves", no);
			return;
		}
		const arb_token *tok = &toks[t->first];
		if (*may_be_over && over(state)) {
			illegal(r, no, tok->line, tok->col, ARB_R_GAME_OVER,
				"the game is already over after move %zu: no further turn may be played",
				r->moves);
			return;
		}
		if (clear) { /* a large move cleared per turn costs */
			if (clear <= SMALL_MOVE)
				memset(move, 0, SMALL_MOVE); /* constant: inline */
			else
				memset(move, 0, clear);
		}
		/* the message is written only on a rejection: clear the rest */
		rej->rule = NULL;
		rej->line = rej->col = 0;
		rej->msg[0] = '\0';
		int bad = parse(state, tok, t->ntok, move, rej);
		bool parsed = bad == 0;
		if (parsed)
			bad = apply(state, move, sp, rej);
		if (bad) {
			r->verdict = ARB_ILLEGAL;
			r->bad_parsed = parsed;
			r->bad_move = no;
			if (!rej->line) {
				rej->line = tok->line;
				rej->col = tok->col;
			}
			if (!rej->rule)
				rej->rule = "illegal";
			return;
		}
		r->moves = no;
#ifndef NDEBUG
		check_position(r);
#endif
		if (on_move)
			on_move(r->ctx, no);
	}
}

void arb_replay_run(arb_replay *r)
{
	const arb_record *rec = r->rec;
	const arb_game_ops *g = r->game;
	arb_sink sink = { stamp_event, r };
	const arb_sink *sp = r->on_event ? &sink : NULL;
	size_t limit = r->stop ? r->stop_after : rec->nturns;
	size_t n = limit < rec->nturns ? limit : rec->nturns;
	if (g->ahead && !r->on_move)
		g->ahead(r->state, rec->tok, rec->turns, n);
	play_turns(r, sp, n);
	r->current = 0;
	if (r->verdict == ARB_ILLEGAL) {
		g->standing(r->state, &r->st);
		return;
	}
	if (r->stop && r->stop_after < rec->nturns) {
		g->standing(r->state, &r->st);
		r->verdict = ARB_UNFINISHED;
		return;
	}
	g->finish(r->state, sp);
	g->standing(r->state, &r->st);
	const arb_tag *rt = find_tag(rec, "Result");
	if (!r->st.over && r->termination != ARB_TERM_NORMAL) {
		/* stopped: the moves so far are legal, the Result decides */
		r->verdict = ARB_UNFINISHED;
		r->stopped = true;
		return;
	}
	if (r->st.over && r->termination != ARB_TERM_NORMAL) {
		const arb_tag *tt = find_tag(rec, "Termination");
		illegal(r, 0, tt->line, tt->col, ARB_R_RESULT_MISMATCH,
			"the Termination tag says the game was stopped (%s), but it is over after move %zu",
			tt->value, r->moves);
		return;
	}
	if (!r->st.over) {
		if (!rt || !r->result_star) {
			uint32_t line = rec->nturns ? rec->turns[rec->nturns - 1].line : rec->line;
			rec_error(
				r, line, 1,
				"game truncated: the record ends after move %zu but the game is not over (mark an unfinished game with [Result \"*\"])",
				r->moves);
			return;
		}
		r->verdict = ARB_UNFINISHED;
		return;
	}
	if (rt)
		check_result(r, rt);
}

void arb_replay_game(arb_replay *r)
{
	if (arb_replay_setup(r) == 0)
		arb_replay_run(r);
	assert(!r->verdict_only || (!r->on_event && !r->on_move && !r->stop));
	if (!r->verdict_only || r->verdict == ARB_LEGAL || r->verdict == ARB_UNFINISHED)
		return;
	/* A refusal's words may name what the way followed held, which
	 * verdict_only changes: the game again as every other command
	 * replays it, for the same message.  No events to take back: a
	 * caller that asks for them gets no verdict_only (check_one). */
	const arb_record *rec = r->rec;
	const arb_games *games = r->games;
	arb_worker *worker = r->worker;
	arb_replay_free(r);
	arb_replay_init(r, rec, games);
	r->worker = worker;
	if (arb_replay_setup(r) == 0)
		arb_replay_run(r);
}

void arb_replay_free(arb_replay *r)
{
	if (r->state)
		r->game->destroy(r->state);
	free(r->move);
	free(r->optbuf);
	r->state = NULL;
	r->move = NULL;
	r->optbuf = NULL;
}

void arb_replay_init(arb_replay *r, const arb_record *rec, const arb_games *games)
{
	/* all but the warnings' messages (some 5 KB a game to clear): only
	 * the first nwarnings are ever read */
	memset(r, 0, offsetof(arb_replay, warning));
	memset(&r->nwarnings, 0, sizeof *r - offsetof(arb_replay, nwarnings));
	r->rec = rec;
	r->games = games;
	r->worker = rec ? rec->worker : NULL;
}

void arb_replay_bytes(arb_replayed *m, const char *bytes, size_t len, const char *name,
		      const arb_games *games)
{
	memset(m, 0, sizeof *m);
	m->rd = arb_reader_new_mem(bytes, len, name, 0);
	arb_diag d;
	if (arb_reader_next(m->rd, &m->rec, &d) == 1) {
		arb_replay_init(&m->rp, &m->rec, games);
		arb_replay_game(&m->rp);
	}
}

void arb_replayed_free(arb_replayed *m)
{
	arb_replay_free(&m->rp);
	arb_reader_free(m->rd);
}

void arb_turn_text(const arb_record *rec, const arb_turn *t, arb_buf *out)
{
	for (size_t i = 0; i < t->ntok; i++) {
		const arb_token *k = &rec->tok[t->first + i];
		if (i)
			arb_buf_putc(out, ' ');
		arb_buf_put(out, k->s, k->len);
	}
}

void arb_result_tag(const arb_game_ops *g, const void *state, const arb_setup *setup, arb_buf *out)
{
	arb_standing st;
	memset(&st, 0, sizeof st);
	g->standing(state, &st);
	arb_buf_puts(out, "[Result \"");
	if (!st.over) {
		arb_buf_putc(out, '*');
	} else {
		size_t k = 0;
		for (size_t i = 0; i < setup->nseats; i++)
			if (st.winner[i]) {
				if (k++)
					arb_buf_puts(out, ", ");
				arb_buf_puts(out, g->colours[setup->seats[i].colour]);
			}
	}
	arb_buf_puts(out, "\"]\n\n");
}

/* arb_view_head (replay.h). */
void arb_view_head(const arb_game_ops *g, const char *head, size_t len, unsigned view, arb_buf *out)
{
	const char *s = head, *end = head + len;
	while (s < end) {
		const char *e = memchr(s, '\n', (size_t)(end - s));
		e = e ? e + 1 : end;
		const char *q = memchr(s, '"', (size_t)(e - s));
		const char *q2 = q ? memchr(q + 1, '"', (size_t)(e - q - 1)) : NULL;
		char name[32], value[256];
		arb_buf nv = { 0 };
		if (g->view_tag && s[0] == '[' && q && q2 && q - s - 2 < (long)sizeof name &&
		    q2 - q - 1 < (long)sizeof value) {
			snprintf(name, sizeof name, "%.*s", (int)(q - s - 2), s + 1);
			snprintf(value, sizeof value, "%.*s", (int)(q2 - q - 1), q + 1);
			if (g->view_tag(name, value, view, &nv)) {
				arb_buf_printf(out, "[%s \"%.*s\"]\n", name, (int)nv.len, nv.p);
				arb_buf_free(&nv);
				s = e;
				continue;
			}
		}
		arb_buf_free(&nv);
		arb_buf_put(out, s, (size_t)(e - s));
		s = e;
	}
}
