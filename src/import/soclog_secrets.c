/*
 * soclog_secrets.c — the secrets JSettlers2 sends whole to some and masked
 * to others (the development card drawn, the card stolen, the cards
 * discarded): each message's consecutive copies merged into one action,
 * written with `?` for what no copy named.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"

/* Append the cards of a discard, some unseen: "3lumber+2?", "5?". */
static void put_unseen(arb_buf *b, const unsigned v[CAT_RES], unsigned unknown)
{
	if (soc_total(v) || !unknown)
		arb_icat_cards(b, v);
	if (soc_total(v) && unknown)
		arb_buf_putc(b, '+');
	if (unknown > 1)
		arb_buf_printf(b, "%u", unknown);
	if (unknown)
		arb_buf_putc(b, '?');
}

/* Remember where the first card no copy named was. */
static void note_unseen(conv *c)
{
	if (!c->first_unseen)
		c->first_unseen = c->sec.line;
}

/* Append the secret's card, its name from `names`, or '?' (noted) when
 * no copy named it. */
static void put_secret_card(conv *c, const secret *s, const char *const names[])
{
	if (s->known) {
		arb_buf_puts(&c->line, names[s->value]);
	} else {
		arb_buf_putc(&c->line, '?');
		note_unseen(c);
	}
}

/* Write the secret whose copies were merged. */
int soc_flush_secret(conv *c)
{
	secret *s = &c->sec;
	if (s->kind == SEC_NONE)
		return 0;
	enum sec_kind kind = s->kind;
	s->kind = SEC_NONE;
	switch (kind) {
	case SEC_DRAW:
		arb_buf_puts(&c->line, " buy ");
		put_secret_card(c, s, cat_dev_name);
		break;
	case SEC_ROB:
		arb_buf_printf(&c->line, " steal %s ", soc_colour_of(c, s->v));
		put_secret_card(c, s, cat_res_name);
		break;
	case SEC_DISCARD:
		arb_buf_printf(&c->line, " discard %s ", soc_colour_of(c, s->p));
		put_unseen(&c->line, s->cards, s->known ? 0 : s->unknown);
		if (!s->known)
			note_unseen(c);
		break;
	default:
		break;
	}
	return 0;
}

/* One copy of a secret, seen by the seats `seen`: merged into the open
 * secret when it is another copy of it, else it starts the next one. */
static int secret_copy(conv *c, enum sec_kind kind, int p, int v, uint32_t seen, bool known,
		       int value, const unsigned cards[CAT_RES], unsigned unknown)
{
	secret *s = &c->sec;
	if (s->kind != kind || s->p != p || s->v != v || (s->seen & seen)) {
		if (soc_flush_secret(c))
			return -1;
		memset(s, 0, sizeof *s);
		s->kind = kind;
		s->p = p;
		s->v = v;
		s->line = c->lineno;
	}
	s->seen |= seen;
	if (known && !s->known) {
		s->known = true;
		s->value = value;
		if (cards)
			memcpy(s->cards, cards, sizeof s->cards);
	} else if (!s->known && cards) {
		memcpy(s->cards, cards, sizeof s->cards);
		s->unknown = unknown;
	}
	return 0;
}

/* SOCDevCardAction: a development card drawn (merged with its other
 * copies), played, or shown at the end. */
int soc_dev_card_action(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn, ct;
	char act[24];
	(void)name;
	if (soc_int_field(body, "playerNum", false, &pn) ||
	    soc_text_field(body, "actionType", act, sizeof act))
		return fail(c, "SOCDevCardAction without its player or action");
	bool many = soc_int_field(body, "cardType", false, &ct) != 0;
	static const int kind[10] = { -1,   D_ROADS, D_PLENTY, D_MONOPOLY, D_VP,
				      D_VP, D_VP,    D_VP,     D_VP,	   D_KNIGHT };
	if (c->over) {
		/* the end: the winner's victory point cards are shown */
		if (strcmp(act, "ADD_OLD") || pn != c->winner)
			return 0;
		const char *s = many ? soc_field(body, "cardTypes") : soc_field(body, "cardType");
		if (!s)
			return 0;
		for (const char *p = s; *p && *p != '|'; p++) {
			if (*p < '0' || *p > '9')
				continue;
			char *end;
			long t = strtol(p, &end, 10);
			if (t >= 4 && t <= 8)
				c->reveal_vp++;
			p = end - 1;
		}
		return 0;
	}
	if (many || ct < 0 || ct > 9)
		return fail(c, "SOCDevCardAction: card type %s is not one of the base game",
			    many ? "list" : soc_field(body, "cardType"));
	if (!strcmp(act, "CANNOT_PLAY"))
		return 0;
	if (soc_player(c, pn) < 0)
		return -1;
	if (!strcmp(act, "DRAW")) {
		if (need_turn(c, pn, "buys a development card"))
			return -1;
		return secret_copy(c, SEC_DRAW, (int)pn, -1, seen, ct != 0, kind[ct], NULL, 0);
	}
	if (soc_flush_secret(c))
		return -1;
	if (!strcmp(act, "PLAY")) {
		if (need_turn(c, pn, "plays a development card"))
			return -1;
		switch (ct) {
		case 9:
			c->knight = true;
			return 0;
		case 1:
			c->roads_left = 2;
			return 0;
		case 2:
			c->plenty = true;
			return 0;
		case 3:
			c->monopoly = true;
			return 0;
		default:
			return fail(c, "player %ld plays development card %ld, which is not played",
				    pn, ct);
		}
	}
	if (!strcmp(act, "ADD_OLD") && ct == 1 && pn == c->cur && c->roads_left == 2) {
		c->roads_left = 0; /* road building cancelled before its first road */
		return 0;
	}
	return fail(c,
		    "player %ld is given a development card (%s) outside the rules: a debug "
		    "command, which TGN cannot hold",
		    pn, act);
}

/* SOCRobberyResult: the card stolen, merged with its other copies. */
int soc_robbery_result(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn, v, w;
	(void)name;
	if (c->over)
		return 0;
	if (soc_field(body, "peType"))
		return fail(c, "a robbery of cloth (a scenario), which TGN's Catan cannot "
			       "hold");
	if (soc_int_field(body, "perp", false, &pn) || soc_int_field(body, "victim", false, &v))
		return fail(c, "SOCRobberyResult without its players");
	long amount;
	if (soc_int_field(body, "resType", false, &w) ||
	    soc_int_field(body, "amount", false, &amount) || amount != 1 || w < 1 || w > 6)
		return fail(c, "SOCRobberyResult: a robbery of other than one resource card");
	if (soc_player(c, pn) < 0 || soc_player(c, v) < 0 || need_turn(c, pn, "robs"))
		return -1;
	return secret_copy(c, SEC_ROB, (int)pn, (int)v, seen, w != 6, w != 6 ? soc_res[w] : 0, NULL,
			   0);
}

/* SOCDiscard: the cards discarded, merged with their other copies. */
int soc_discard(conv *c, const char *name, const char *body, uint32_t seen)
{
	long pn;
	unsigned give[CAT_RES], unknown = 0;
	(void)name;
	if (c->over)
		return 0;
	if (soc_int_field(body, "playerNum", false, &pn) ||
	    soc_res_field(body, "resources", give, &unknown))
		return fail(c, "SOCDiscard without its player or cards");
	if (soc_player(c, pn) < 0 || c->cur < 0)
		return -1;
	return secret_copy(c, SEC_DISCARD, (int)pn, -1, seen, unknown == 0, 0, give, unknown);
}
