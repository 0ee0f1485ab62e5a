/*
 * engine_util.c — small services every engine needs and no engine should
 * write again (game.h): score events, their details and their sending,
 * the Variant options set through a table, seat colours joined into a
 * list for a sentence, the seat a View tag names, a tag value read
 * word by word, and the slots of a worker's keep (arb_worker).
 *
 * They sit in the core so that the three engines say things the same way
 * ("Red and Blue", the same event layout) and so that a fourth game starts
 * with them.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../games/game.h"
#include "util.h"

arb_event *arb_event_init(arb_event *ev, const char *kind)
{
	memset(ev, 0, sizeof *ev);
	ev->kind = kind;
	return ev;
}

void arb_event_num(arb_event *ev, const char *key, long v)
{
	assert(ev->nfields < ARB_MAX_FIELDS);
	if (ev->nfields < ARB_MAX_FIELDS)
		ev->fields[ev->nfields++] = (arb_field){ .key = key, .num = v };
}

void arb_event_str(arb_event *ev, const char *key, const char *s)
{
	assert(ev->nfields < ARB_MAX_FIELDS);
	if (ev->nfields < ARB_MAX_FIELDS)
		ev->fields[ev->nfields++] = (arb_field){ .key = key, .str = s };
}

void arb_event_seats(arb_event *ev, const char *key, unsigned mask)
{
	assert(ev->nfields < ARB_MAX_FIELDS);
	if (ev->nfields < ARB_MAX_FIELDS)
		ev->fields[ev->nfields++] =
			(arb_field){ .key = key, .num = (long)mask, .seat_list = true };
}

void arb_sink_events(const arb_sink *sink, const arb_event *ev, size_t n)
{
	if (sink)
		for (size_t i = 0; i < n; i++)
			sink->event(sink->ctx, &ev[i]);
}

void arb_doc_strf(const arb_doc *doc, const char *key, const char *fmt, ...)
{
	char s[ARB_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	doc->str(doc->ctx, key, s);
}

void arb_seat_list(char *out, size_t cap, const char *const *colours, const uint8_t *colour_of,
		   size_t nseats, unsigned mask, bool comma)
{
	size_t len = 0;
	unsigned n = (unsigned)__builtin_popcount(mask), i = 0;
	if (cap)
		out[0] = '\0';
	for (size_t s = 0; s < nseats && cap; s++) {
		if (!(mask & (1u << s)))
			continue;
		const char *sep = i == 0 ? "" : comma || i + 1 < n ? ", " : " and ";
		int w = snprintf(out + len, cap - len, "%s%s", sep, colours[colour_of[s]]);
		if (w < 0 || (size_t)w >= cap - len) {
			out[len] = '\0'; /* cut at the last whole name */
			return;
		}
		len += (size_t)w;
		i++;
	}
}

int arb_view_seat(const arb_setup *setup, const char *const *colours, const arb_rule *rules,
		  unsigned bad_view, arb_reject *rej)
{
	const arb_tag *tag = setup->view_found ? setup->view : arb_setup_tag(setup, "View");
	if (!tag)
		return ARB_VIEW_NONE;
	if (strcasecmp(tag->value, "observer") == 0)
		return ARB_VIEW_OBSERVER;
	uint8_t colour_of[ARB_MAX_SEATS];
	for (size_t s = 0; s < setup->nseats; s++) {
		colour_of[s] = (uint8_t)setup->seats[s].colour;
		if (strcasecmp(tag->value, colours[colour_of[s]]) == 0)
			return (int)s;
	}
	char seats[80];
	arb_seat_list(seats, sizeof seats, colours, colour_of, setup->nseats,
		      (1u << setup->nseats) - 1, true);
	return arb_reject_rule(rej, rules, bad_view, tag->line, tag->col,
			       "the View tag names a seat (%s) or observer, not '%s'", seats,
			       tag->value);
}

int arb_option_set(void *dst, const arb_option_spec *spec, size_t n, const arb_option *o,
		   size_t *row)
{
	size_t r = 0;
	while (r < n && strcmp(o->name, spec[r].name) != 0)
		r++;
	if (r == n)
		return ARB_OPTION_UNKNOWN;
	*row = r;
	int v = o->value ? -1 : spec[r].bare;
	for (unsigned w = 0; o->value && spec[r].words[w]; w++)
		if (strcmp(o->value, spec[r].words[w]) == 0) {
			v = spec[r].stores ? spec[r].stores[w] : (int)w;
			break;
		}
	if (v < 0)
		return ARB_OPTION_BAD_VALUE;
	((uint8_t *)dst)[spec[r].off] = (uint8_t)v;
	return (int)r;
}

void arb_option_words(char *out, size_t cap, const arb_option_spec *row, const char *extra)
{
	const char *vs[ARB_COUNT(row->words) + 1];
	unsigned nv = 0;
	for (unsigned w = 0; w < ARB_COUNT(row->words) && row->words[w]; w++)
		vs[nv++] = row->words[w];
	if (extra)
		vs[nv++] = extra;
	size_t len = 0;
	if (cap)
		out[0] = '\0';
	for (unsigned v = 0; v < nv && len < cap; v++)
		len += (size_t)snprintf(out + len, cap - len, "%s%s",
					v == 0	     ? ""
					: v + 1 < nv ? ", "
						     : " or ",
					vs[v]);
}

bool arb_tag_word(const char **cursor, const char *blanks, const char **word, size_t *len)
{
	const char *s = *cursor + strspn(*cursor, blanks);
	size_t n = strcspn(s, blanks);
	*word = s;
	*len = n;
	*cursor = s + n;
	return n > 0;
}

void **arb_worker_slot(arb_worker *w, const arb_game_ops *g)
{
	if (!w)
		return NULL;
	for (size_t i = 0; i < w->nslots; i++)
		if (w->slot[i].game == g)
			return &w->slot[i].kept;
	if (w->nslots == ARB_WORKER_SLOTS)
		return NULL;
	w->slot[w->nslots].game = g;
	w->slot[w->nslots].kept = NULL;
	return &w->slot[w->nslots++].kept;
}

void arb_worker_end(arb_worker *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->nslots; i++)
		if (w->slot[i].kept && w->slot[i].game->release_kept)
			w->slot[i].game->release_kept(w->slot[i].kept);
	memset(w, 0, sizeof *w);
}
