/*
 * reject.c — filling arb_reject records and comparing tokens (game.h).
 *
 * Engines report an illegal move by filling a rejection with the rule's
 * stable name, the offending token's position and a sentence; the tool
 * decides how to show it (GNU-style line, YAML, JSON, TSV).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../games/game.h"

bool arb_tok_eq(const arb_token *tok, const char *word)
{
	size_t n = strlen(word);
	return tok->len == n && memcmp(tok->s, word, n) == 0;
}

bool arb_tok_ieq(const arb_token *tok, const char *word)
{
	size_t n = strlen(word);
	return tok->len == n && strncasecmp(tok->s, word, n) == 0;
}

static int reject_v(arb_reject *rej, uint32_t line, uint32_t col,
		    const char *rule, const char *fmt, va_list ap)
{
	rej->rule = rule;
	rej->line = line;
	rej->col = col;
	vsnprintf(rej->msg, sizeof rej->msg, fmt, ap);
	return -1;
}

int arb_reject_at(arb_reject *rej, const arb_token *tok, const char *rule,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	reject_v(rej, tok ? tok->line : 0, tok ? tok->col : 0, rule, fmt, ap);
	va_end(ap);
	return -1;
}

int arb_reject_pos(arb_reject *rej, uint32_t line, uint32_t col,
		   const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	reject_v(rej, line, col, rule, fmt, ap);
	va_end(ap);
	return -1;
}

const arb_tag *arb_setup_tag(const arb_setup *setup, const char *name)
{
	for (size_t i = 0; i < setup->ntags; i++)
		if (strcmp(setup->tags[i].name, name) == 0)
			return &setup->tags[i];
	return NULL;
}
