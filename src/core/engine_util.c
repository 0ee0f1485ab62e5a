/*
 * engine_util.c — small services every engine needs and no engine should
 * write again (game.h): score events and their details, rejections through
 * a rule table, and seat colours joined into a list for a sentence.
 *
 * They sit in the core so that the three engines say things the same way
 * ("Red and Blue", the same event layout) and so that a fourth game starts
 * with them.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../games/game.h"

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
