/*
 * score.c — Elasund's score: the score events (queued during apply() and
 * delivered once the turn is accepted), the trade track with its flag
 * cubes (U10, U11), finish and the standing.  A seat's score is the
 * number of its cubes on the board.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../../core/util.h"
#include "elasund.h"

/* el_event_block (elasund.h).  Not zeroed: each event slot is cleared as it
 * is handed out (48 KiB of zeroing per game would cost more than
 * replaying it).  One block for the three: the strings follow the events
 * (char arrays need no alignment), then el_sq's names. */
void el_event_block(el_game *g)
{
	if (g->ev)
		return;
	g->ev = arb_xmalloc(EL_MAXEVENT * (sizeof *g->ev + sizeof *g->evstr) + EL_SQ_NAMES_ROOM);
	g->evstr = (char(*)[2][16])(void *)(g->ev + EL_MAXEVENT);
	((el_sq_names *)(void *)(g->evstr + EL_MAXEVENT))->next = 0;
}

/* el_event (elasund.h).  The slot's strings are cleared with it; the
 * text is formatted only here, as check passes no sink. */
arb_event *el_event(el_game *g, const char *kind, int seat, int delta, const char *fmt, ...)
{
	if (!g->listening || g->nev == EL_MAXEVENT)
		return NULL;
	el_event_block(g);
	arb_event *ev = arb_event_init(&g->ev[g->nev], kind);
	memset(g->evstr[g->nev], 0, sizeof g->evstr[0]);
	g->nev++;
	ev->delta[seat] = delta;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ev->text, sizeof ev->text, fmt, ap);
	va_end(ap);
	arb_event_str(ev, "player", el_cname(g, seat));
	return ev;
}

/* el_event_copy (elasund.h): two copied strings per event at most. */
void el_event_copy(el_game *g, arb_event *ev, const char *key, const char *s)
{
	if (!ev)
		return;
	char(*slot)[16] = g->evstr[ev - g->ev];
	int k = slot[0][0] ? 1 : 0;
	if (slot[k][0])
		return;
	snprintf(slot[k], sizeof slot[k], "%s", s);
	arb_event_str(ev, key, slot[k]);
}

/* ----------------------------------------------------- the trade track */

/* Move seat s's disk by `pts` (negative: back), claiming the free flag
 * spaces it reaches or passes and giving back the cubes it falls below. */
void el_trade_move(el_game *g, int s, int pts, const char *why)
{
	el_seat *ps = &g->pos.seat[s];
	const el_data *d = g->d;
	int old = el_track_level(g, ps);
	ps->trade = (int16_t)(ps->trade + pts);
	if (ps->trade < 0)
		ps->trade = 0;
	int nt = ps->track + pts;
	ps->track = (uint8_t)(nt < 0 ? 0 : nt > d->track_last ? d->track_last : nt);
	int now = el_track_level(g, ps);
	for (int f = old + 1; f <= now; f++)
		if (d->flagcap[f] && !(ps->flags & (1u << f)) &&
		    g->pos.flagused[f] < d->flagcap[f] && ps->cubes < 10) {
			ps->flags |= (uint16_t)(1u << f);
			el_save_rare(g);
			g->pos.flagused[f]++;
			arb_event *ev = EL_EVENT(
				g, "trade-flag", s, 1,
				"%s reaches space %d of the trade track and puts a cube on its flag",
				el_cname(g, s), f);
			EL_EVENT_NUM(ev, "space", f);
			el_cube_on(g, s);
		}
	for (int f = now + 1; f <= old; f++)
		if (ps->flags & (1u << f)) {
			ps->flags &= (uint16_t) ~(1u << f);
			el_save_rare(g);
			g->pos.flagused[f]--;
			ps->cubes--;
			arb_event *ev = EL_EVENT(
				g, "trade-flag-lost", s, -1,
				"%s falls back below space %d of the trade track (%s) and takes the cube back",
				el_cname(g, s), f, why);
			EL_EVENT_NUM(ev, "space", f);
		}
}

void el_finish(void *game, const arb_sink *sink)
{
	(void)game;
	(void)sink; /* every cube event is emitted as it happens */
}

void el_standing(const void *game, arb_standing *out)
{
	const el_game *g = game;
	const el_pos *p = &g->pos;
	memset(out, 0, sizeof *out);
	out->over = p->over;
	static const char *const keys[] = { "buildings", "church", "towers",	"flags",
					    "track",	 "gold",   "influence", "walls" };
	out->nbd = sizeof keys / sizeof keys[0];
	for (size_t k = 0; k < out->nbd; k++)
		out->bd_key[k] = keys[k];
	/* The church tiles, each seat's (a church tile's owner is a seat once
	 * it left the stack). */
	long cc[EL_SEATS] = { 0 };
	for (unsigned m = ~(unsigned)p->church_left & ((1u << EL_NCHURCH) - 1); m; m &= m - 1) {
		int k = __builtin_ctz(m); /* the tiles out of the stack only */
		if ((unsigned)p->church_owner[k] < EL_SEATS)
			cc[p->church_owner[k]]++;
	}
	for (unsigned s = 0; s < g->nseats; s++) {
		out->score[s] = p->seat[s].cubes;
		out->winner[s] = p->over && p->winner == (int)s;
		long towers = el_towers_of(g, (int)s), flags = 0;
		for (unsigned f = p->seat[s].flags; f; f &= f - 1)
			flags++; /* a few bits: no call to libgcc's popcount */
		/* The cubes on neutral buildings: the seat's counter less its
		 * other cubes (position_ok checks that the counter is their
		 * sum), with no scan of the tiles; its own tiles hold none
		 * in the rulebook's data, but are counted out all the same. */
		long own = 0;
		for (int k = 0; k < 4; k++)
			own += p->tile[g->nneutral + 4 * s + (unsigned)k].cubes;
		out->bd[s][0] = p->seat[s].cubes - cc[s] - towers - flags - own;
		out->bd[s][1] = cc[s];
		out->bd[s][2] = towers;
		out->bd[s][3] = flags;
		out->bd[s][4] = el_track_level(g, &p->seat[s]);
		out->bd[s][5] = p->seat[s].gold;
		out->bd[s][6] = el_hand_infl(&p->seat[s]);
		out->bd[s][7] = p->seat[s].walls;
	}
}
