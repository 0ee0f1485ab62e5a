/*
 * draw.c — the shorthands of game.h's canvas (rectangles, lines, printf
 * text) that engines use when they draw a position.  They only call the
 * canvas's own functions, so any output (SVG today) gets them for free.
 */
#include <stdarg.h>
#include <stdio.h>

#include "../games/game.h"

/* A rectangle as the polygon of its four corners. */
void arb_draw_rect(const arb_canvas *cv, double x, double y, double w, double h, arb_role fill,
		   arb_role stroke, double sw)
{
	arb_pt p[4] = { { x, y }, { x + w, y }, { x + w, y + h }, { x, y + h } };
	cv->polygon(cv->ctx, p, 4, fill, stroke, sw);
}

/* A segment as a two-point polyline. */
void arb_draw_line(const arb_canvas *cv, double x0, double y0, double x1, double y1,
		   arb_role stroke, double width)
{
	arb_pt p[2] = { { x0, y0 }, { x1, y1 } };
	cv->polyline(cv->ctx, p, 2, stroke, width);
}

/* Text formatted into a line-sized buffer (longer text is cut). */
void arb_draw_textf(const arb_canvas *cv, double x, double y, double size, enum arb_anchor anchor,
		    bool bold, arb_role fill, const char *fmt, ...)
{
	char s[ARB_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(s, sizeof s, fmt, ap);
	va_end(ap);
	cv->text(cv->ctx, x, y, size, anchor, bold, fill, s);
}
