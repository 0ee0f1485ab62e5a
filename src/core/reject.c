/*
 * reject.c — filling arb_reject records and comparing tokens (game.h),
 * and filling a diagnostic (arb_diag, reader.h) the same way.
 *
 * Engines report an illegal move by filling a rejection with the rule's
 * stable name, the offending token's position and a sentence; the tool
 * decides how to show it (GNU-style line, YAML, JSON, TSV).
 */
#include <stdio.h>
#include <string.h>

#include "../games/game.h"
#include "reader.h"
#include "util.h"

/* Engines compare every word of every turn with keywords, so these stop
 * at the first differing byte instead of measuring `word` first. */
bool arb_tok_eq(const arb_token *tok, const char *word)
{
	const char *s = tok->s;
	for (uint32_t i = 0; i < tok->len; i++)
		if (s[i] != word[i]) /* also stops at word's NUL */
			return false;
	return word[tok->len] == '\0';
}

static inline unsigned char ascii_lower(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c;
}

bool arb_tok_ieq(const arb_token *tok, const char *word)
{
	const unsigned char *s = (const unsigned char *)tok->s;
	const unsigned char *w = (const unsigned char *)word;
	for (uint32_t i = 0; i < tok->len; i++)
		if (ascii_lower(s[i]) != ascii_lower(w[i]) || !w[i])
			return false;
	return w[tok->len] == '\0';
}

void arb_reject_vrule(arb_reject *rej, const arb_rule *table, unsigned rule, uint32_t line,
		      uint32_t col, const char *fmt, va_list ap)
{
	rej->rule = table[rule].id;
	rej->line = line;
	rej->col = col;
	/* cut between characters: a message quotes the record's words */
	arb_vformat_msg(rej->msg, sizeof rej->msg, fmt, ap);
}

int arb_reject_rule(arb_reject *rej, const arb_rule *table, unsigned rule, uint32_t line,
		    uint32_t col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	arb_reject_vrule(rej, table, rule, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

void arb_diag_vset(arb_diag *d, const char *file, uint32_t line, uint32_t col, const char *fmt,
		   va_list ap)
{
	d->file = file;
	d->line = line;
	d->col = col;
	arb_vformat_msg(d->msg, sizeof d->msg, fmt, ap);
}

const arb_tag *arb_setup_tag(const arb_setup *setup, const char *name)
{
	for (size_t i = 0; i < setup->ntags; i++)
		if (strcmp(setup->tags[i].name, name) == 0)
			return &setup->tags[i];
	return NULL;
}
