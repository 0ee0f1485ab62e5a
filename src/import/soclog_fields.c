/*
 * soclog_fields.c — reading the fields of a JSettlers2 message body,
 * "key=value|key=value": numbers, texts and resource sets (see soclog.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"

/* JSettlers2 resource numbers (1 clay, 2 ore, 3 sheep, 4 wheat, 5 wood)
 * to ours; index 0 unused. */
const int soc_res[6] = { -1, R_BRICK, R_ORE, R_WOOL, R_GRAIN, R_LUMBER };

/* ------------------------------------------------------------ fields */

/* The value of field `key` in a message body "k=v|k=v": a pointer to it
 * (it runs to the next '|'), or NULL.  The first such field counts. */
const char *soc_field(const char *body, const char *key)
{
	size_t kl = strlen(key);
	for (const char *p = body; p && *p;) {
		if (!strncmp(p, key, kl) && p[kl] == '=')
			return p + kl + 1;
		p = strchr(p, '|');
		if (p)
			p++;
	}
	return NULL;
}

/* An integer field (decimal, or hexadecimal with `hex`).  Returns 0 and
 * *v, or -1 when the field is absent or not a number. */
int soc_int_field(const char *body, const char *key, bool hex, long *v)
{
	const char *s = soc_field(body, key);
	if (!s)
		return -1;
	char *end;
	*v = strtol(s, &end, hex ? 16 : 10);
	return end == s || (*end && *end != '|') ? -1 : 0;
}

/* Copy a text field (to '|' or the end) into out. */
int soc_text_field(const char *body, const char *key, char *out, size_t n)
{
	const char *s = soc_field(body, key);
	if (!s)
		return -1;
	size_t l = strcspn(s, "|");
	snprintf(out, n, "%.*s", (int)(l < n ? l : n - 1), s);
	return 0;
}

/* A resource set "clay=N|ore=N|sheep=N|wheat=N|wood=N|unknown=N" after
 * field `key` into ours; *unknown gets the last.  Returns 0 or -1. */
int soc_res_field(const char *body, const char *key, unsigned out[CAT_RES], unsigned *unknown)
{
	static const char *const names[6] = { "clay", "ore", "sheep", "wheat", "wood", "unknown" };
	const char *s = soc_field(body, key);
	if (!s)
		return -1;
	memset(out, 0, CAT_RES * sizeof out[0]);
	for (int i = 0; i < 6; i++) {
		size_t nl = strlen(names[i]);
		if (strncmp(s, names[i], nl) || s[nl] != '=')
			return -1;
		char *end;
		long n = strtol(s + nl + 1, &end, 10);
		if (end == s + nl + 1 || n < 0 || n > 99)
			return -1;
		if (i < 5)
			out[soc_res[i + 1]] = (unsigned)n;
		else if (unknown)
			*unknown = (unsigned)n;
		else if (n)
			return -1;
		s = end;
		if (i < 5) {
			if (*s != '|')
				return -1;
			s++;
		}
	}
	return 0;
}

/* The number of cards in v. */
unsigned soc_total(const unsigned v[CAT_RES])
{
	unsigned t = 0;
	for (int r = 0; r < CAT_RES; r++)
		t += v[r];
	return t;
}
