/*
 * refusal.c — a refused turn line's words, composed in one place: the
 * rejection at an action's keyword or argument (by the rule's enum, from
 * the table), and what a shortage was about, kept as data (the seat, the
 * cards it had to hold) so that the hidden-card solver (hidden/) can say
 * it over every way the unseen cards could have gone.  A quiet turn (the
 * solver's search, which tries many ways and says one refusal) keeps the
 * rule and the place, not the words.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catan.h"

/* A rejection at column `col` of the turn's line. */
static int rej_v(cat_turn *t, uint32_t col, enum cat_rule rule, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));
static int rej_v(cat_turn *t, uint32_t col, enum cat_rule rule, const char *fmt, va_list ap)
{
	if (t->quiet) { /* the rule and the place, no words (not even printf's) */
		t->rej->rule = cat_rules[rule].id;
		t->rej->line = t->m->line;
		t->rej->col = col;
		t->rej->msg[0] = '\0';
		return -1;
	}
	char msg[ARB_MSG_MAX];
	vsnprintf(msg, sizeof msg, fmt, ap);
	return cat_reject(t->rej, rule, t->m->line, col, "%s", msg);
}

static int rej_at(cat_turn *t, uint32_t col, enum cat_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int rej_at(cat_turn *t, uint32_t col, enum cat_rule rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = rej_v(t, col, rule, fmt, ap);
	va_end(ap);
	return rc;
}

/* Reject by bank-empty at column `col`: the bank holds only `have` of
 * resource r ("the bank has no brick" when none). */
int cat_rej_bank_empty(cat_turn *t, uint32_t col, unsigned r, unsigned have)
{
	return have ? rej_at(t, col, CAT_R_BANK_EMPTY, "the bank has only %u %s", have,
			     cat_res_name[r])
		    : rej_at(t, col, CAT_R_BANK_EMPTY, "the bank has no %s", cat_res_name[r]);
}

/* Reject the turn by `rule` at the action's keyword; returns -1. */
int cat_rej_kw(cat_turn *t, const cat_act *a, enum cat_rule rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = rej_v(t, a->col, rule, fmt, ap);
	va_end(ap);
	return rc;
}

/* Reject the turn by `rule` at the action's first argument; returns -1. */
int cat_rej_arg(cat_turn *t, const cat_act *a, enum cat_rule rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = rej_v(t, a->acol, rule, fmt, ap);
	va_end(ap);
	return rc;
}

/* Remember what the shortage about to be rejected was: `seat` had to
 * hold `need` (`fmt`: what they do, "pays 3ore+2grain for a city"), so
 * that the solver (hidden/) can say it over every way the unseen cards went. */
void cat_note_shortage(cat_turn *t, unsigned seat, const uint8_t *need, const char *fmt, ...)
{
	cat_shortage *sh = &t->g->shortage;
	sh->seat = (uint8_t)seat;
	memcpy(sh->need, need, CAT_RES);
	sh->what[0] = '\0';
	if (t->quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(sh->what, sizeof sh->what, fmt, ap);
	va_end(ap);
}

void cat_note_seat(cat_turn *t, unsigned seat)
{
	cat_shortage *sh = &t->g->shortage;
	sh->seat = (uint8_t)seat;
	memset(sh->need, 0, CAT_RES);
	sh->what[0] = '\0';
}

void cat_note_said(cat_turn *t, size_t len)
{
	t->g->shortage.said = (uint16_t)(len < ARB_MSG_MAX ? len : ARB_MSG_MAX - 1);
}

/* Refuse `seat` an action that hands over the cards `v` (`verb`:
 * "discards", "gives"; `to`: whom to, or NULL) when its hand lacks any
 * of them, at column `col` by `rule`, and remember the shortage
 * (cat_note_shortage); 0 when the hand holds them all.  Discards and
 * trades, with a player or the bank, refuse a short hand alike. */
int cat_rej_not_held_words(cat_turn *t, uint32_t col, enum cat_rule rule, unsigned seat,
			   const uint8_t v[CAT_RES], const char *verb, const char *to)
{
	const cat_player *p = &t->g->s.p[seat];
	int r = cat_lacks(p, v);
	if (r < 0)
		return 0;
	char b[64];
	cat_refusal_words(t, v, b, sizeof b);
	if (to)
		cat_note_shortage(t, seat, v, "%s %s to %s", verb, b, to);
	else
		cat_note_shortage(t, seat, v, "%s %s", verb, b);
	return rej_at(t, col, rule, "%s %s %u %s but holds %u", cat_cname(t->g, seat), verb, v[r],
		      cat_res_name[r], p->res[r]);
}

/* Cards as a refusal's words say them (cat_bundle_str), or nothing for
 * a quiet turn, whose refusal is not said (cat_turn.quiet). */
const char *cat_refusal_words(const cat_turn *t, const uint8_t v[CAT_RES], char *out, size_t len)
{
	if (t->quiet)
		out[0] = '\0';
	else
		cat_bundle_str(v, out, len);
	return out;
}
