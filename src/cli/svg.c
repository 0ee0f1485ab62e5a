/*
 * svg.c — the one SVG writer: it records an engine's drawing (game.h's
 * canvas) as SVG elements and wraps them in a document with a title band,
 * the seats and an optional message.  Every string that reaches the
 * output goes through arb_xml_escape(), player names and tag values
 * included, so a name like <script> stays text.
 *
 * Shapes carry CSS classes named after their roles ("f-city", "s-ink"),
 * not colours: an HTML page then holds the colour table once for all its
 * positions, and the colours live in one table here.  Numbers are written
 * with one decimal at most, by hand, so the output does not depend on the
 * locale and golden files stay byte-stable.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "picture.h"
#include "../core/util.h"

/* The CSS name of each role (seat roles are "c0".."c7"). */
static const char *const role_name[ARB_ROLE_COLOUR0] = {
	[ARB_ROLE_NONE] = "none",
	[ARB_ROLE_PAPER] = "paper",
	[ARB_ROLE_INK] = "ink",
	[ARB_ROLE_LABEL] = "label",
	[ARB_ROLE_HIGHLIGHT] = "mark",
	[ARB_ROLE_FIELD] = "field",
	[ARB_ROLE_ROAD] = "road",
	[ARB_ROLE_CITY] = "city",
	[ARB_ROLE_SHIELD] = "shield",
	[ARB_ROLE_CLOISTER] = "cloister",
	[ARB_ROLE_WATER] = "water",
	[ARB_ROLE_DESERT] = "desert",
	[ARB_ROLE_HILLS] = "hills",
	[ARB_ROLE_FOREST] = "forest",
	[ARB_ROLE_PASTURE] = "pasture",
	[ARB_ROLE_GRAIN] = "grain",
	[ARB_ROLE_MOUNTAINS] = "mountains",
	[ARB_ROLE_TOKEN] = "token",
	[ARB_ROLE_HOT] = "hot",
	[ARB_ROLE_ROBBER] = "robber",
	[ARB_ROLE_HARBOUR] = "harbour",
	[ARB_ROLE_GROUND] = "ground",
	[ARB_ROLE_WALL] = "wall",
	[ARB_ROLE_CHURCH] = "church",
	[ARB_ROLE_PERMIT] = "permit",
	[ARB_ROLE_GOLD] = "gold",
};

/* The colour of each role, after the printed components. */
static const char *const role_colour[ARB_ROLE_COLOUR0] = {
	[ARB_ROLE_NONE] = "none",	  [ARB_ROLE_PAPER] = "#fbf8f0",
	[ARB_ROLE_INK] = "#222222",	  [ARB_ROLE_LABEL] = "#5a5a5a",
	[ARB_ROLE_HIGHLIGHT] = "#e0007a", [ARB_ROLE_FIELD] = "#8dbb4c",
	[ARB_ROLE_ROAD] = "#f3eddc",	  [ARB_ROLE_CITY] = "#c8965a",
	[ARB_ROLE_SHIELD] = "#2b59a8",	  [ARB_ROLE_CLOISTER] = "#b8432f",
	[ARB_ROLE_WATER] = "#3a7cc2",	  [ARB_ROLE_DESERT] = "#e6d49c",
	[ARB_ROLE_HILLS] = "#c2643a",	  [ARB_ROLE_FOREST] = "#2f7a34",
	[ARB_ROLE_PASTURE] = "#a3cf62",	  [ARB_ROLE_GRAIN] = "#efc23f",
	[ARB_ROLE_MOUNTAINS] = "#8e8e8e", [ARB_ROLE_TOKEN] = "#f6eed3",
	[ARB_ROLE_HOT] = "#c62828",	  [ARB_ROLE_ROBBER] = "#3a3a3a",
	[ARB_ROLE_HARBOUR] = "#f4ead2",	  [ARB_ROLE_GROUND] = "#e4d3a6",
	[ARB_ROLE_WALL] = "#7b6a54",	  [ARB_ROLE_CHURCH] = "#b9ab93",
	[ARB_ROLE_PERMIT] = "#fff6dc",	  [ARB_ROLE_GOLD] = "#e2b100",
};

/* Seat colours by the colour's name in a game's colours[]. */
static const struct {
	const char *name, *rgb;
} seat_colour[] = {
	{ "red", "#d0312d" },	 { "blue", "#1f5bc6" },	 { "green", "#2c9a3c" },
	{ "yellow", "#f0c419" }, { "black", "#232323" }, { "white", "#f7f7f2" },
	{ "orange", "#ef7d16" }, { "brown", "#7b4a26" },
};

/* The CSS colour of seat colour `name`, grey when unknown. */
static const char *colour_of_name(const char *name)
{
	for (size_t i = 0; i < sizeof seat_colour / sizeof seat_colour[0]; i++)
		if (!strcasecmp(seat_colour[i].name, name))
			return seat_colour[i].rgb;
	return "#999999";
}

void arb_xml_escape(arb_buf *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			arb_buf_puts(out, "&amp;");
			break;
		case '<':
			arb_buf_puts(out, "&lt;");
			break;
		case '>':
			arb_buf_puts(out, "&gt;");
			break;
		case '"':
			arb_buf_puts(out, "&quot;");
			break;
		case '\'':
			arb_buf_puts(out, "&#39;");
			break;
		default: {
			/* XML 1.0 forbids most control characters and the
			 * noncharacters U+FFFE and U+FFFF, even escaped; a byte
			 * that is no UTF-8 is written \xHH, as all output is */
			const unsigned char *u = (const unsigned char *)s;
			size_t n = arb_utf8_char(u, strlen(s));
			if (*u < 0x20 && *s != '\t' && *s != '\n') {
				arb_buf_putc(out, '?');
			} else if (n == 0) {
				arb_buf_printf(out, "\\x%02X", *u);
			} else if (n == 3 && u[0] == 0xEF && u[1] == 0xBF && u[2] >= 0xBE) {
				arb_buf_putc(out, '?');
				s += 2;
			} else {
				arb_buf_put(out, s, n);
				s += n - 1;
			}
		}
		}
	}
}

/* A number with one decimal at most ("12", "-3.5"), locale-free. */
static void put_num(arb_buf *b, double v)
{
	if (!isfinite(v))
		v = 0;
	long t = lround(v * 10);
	if (t < 0) {
		arb_buf_putc(b, '-');
		t = -t;
	}
	arb_buf_putu(b, (unsigned long)(t / 10));
	if (t % 10) {
		arb_buf_putc(b, '.');
		arb_buf_putc(b, (char)('0' + t % 10));
	}
}

/* A role's class, `prefix` then "c0".."c7" or the role's name; nothing
 * for a role out of range. */
static void put_role(arb_buf *b, const char *prefix, arb_role r)
{
	if (r >= ARB_ROLE_COLOUR0 && r < ARB_ROLE_COUNT) {
		arb_buf_puts(b, prefix);
		arb_buf_putc(b, 'c');
		arb_buf_putc(b, (char)('0' + (r - ARB_ROLE_COLOUR0)));
	} else if (r < ARB_ROLE_COLOUR0) {
		arb_buf_puts(b, prefix);
		arb_buf_puts(b, role_name[r]);
	}
}

/* The class list for a fill and a stroke role: ` class="f-x s-y"`. */
static void put_paint(arb_svg *s, arb_role fill, arb_role stroke, double sw)
{
	arb_buf *b = &s->body;
	arb_buf_puts(b, " class=\"");
	put_role(b, "f-", fill);
	if (stroke != ARB_ROLE_NONE && sw > 0)
		put_role(b, " s-", stroke);
	arb_buf_putc(b, '"');
	if (stroke != ARB_ROLE_NONE && sw > 0 && sw != 1) {
		arb_buf_puts(b, " stroke-width=\"");
		put_num(b, sw);
		arb_buf_putc(b, '"');
	}
}

static void put_points(arb_buf *b, const arb_pt *pt, size_t n)
{
	arb_buf_puts(b, " points=\"");
	for (size_t i = 0; i < n; i++) {
		if (i)
			arb_buf_putc(b, ' ');
		put_num(b, pt[i].x);
		arb_buf_putc(b, ',');
		put_num(b, pt[i].y);
	}
	arb_buf_putc(b, '"');
}

static void cv_begin(void *ctx, double w, double h)
{
	arb_svg *s = ctx;
	s->width = w;
	s->height = h;
}

static void cv_polygon(void *ctx, const arb_pt *pt, size_t n, arb_role fill, arb_role stroke,
		       double sw)
{
	arb_svg *s = ctx;
	arb_buf_puts(&s->body, "<polygon");
	put_points(&s->body, pt, n);
	put_paint(s, fill, stroke, sw);
	arb_buf_puts(&s->body, "/>\n");
}

static void cv_polyline(void *ctx, const arb_pt *pt, size_t n, arb_role stroke, double width)
{
	arb_svg *s = ctx;
	arb_buf_puts(&s->body, "<polyline");
	put_points(&s->body, pt, n);
	put_paint(s, ARB_ROLE_NONE, stroke, width);
	arb_buf_puts(&s->body, "/>\n");
}

static void cv_circle(void *ctx, double x, double y, double r, arb_role fill, arb_role stroke,
		      double sw)
{
	arb_svg *s = ctx;
	arb_buf *b = &s->body;
	arb_buf_puts(b, "<circle cx=\"");
	put_num(b, x);
	arb_buf_puts(b, "\" cy=\"");
	put_num(b, y);
	arb_buf_puts(b, "\" r=\"");
	put_num(b, r);
	arb_buf_putc(b, '"');
	put_paint(s, fill, stroke, sw);
	arb_buf_puts(b, "/>\n");
}

static void put_text(arb_buf *b, double x, double y, double size, enum arb_anchor anchor, bool bold,
		     arb_role fill, const char *str)
{
	static const char *const anchors[] = { "start", "middle", "end" };
	arb_buf_puts(b, "<text x=\"");
	put_num(b, x);
	arb_buf_puts(b, "\" y=\"");
	put_num(b, y);
	arb_buf_puts(b, "\" font-size=\"");
	put_num(b, size);
	arb_buf_putc(b, '"');
	if (anchor != ARB_START) {
		arb_buf_puts(b, " text-anchor=\"");
		arb_buf_puts(b, anchors[anchor]);
		arb_buf_putc(b, '"');
	}
	if (bold)
		arb_buf_puts(b, " font-weight=\"bold\"");
	arb_buf_puts(b, " class=\"");
	put_role(b, "f-", fill);
	arb_buf_puts(b, "\">");
	arb_xml_escape(b, str);
	arb_buf_puts(b, "</text>\n");
}

static void cv_text(void *ctx, double x, double y, double size, enum arb_anchor anchor, bool bold,
		    arb_role fill, const char *str)
{
	arb_svg *s = ctx;
	put_text(&s->body, x, y, size, anchor > ARB_END ? ARB_START : anchor, bold,
		 fill < ARB_ROLE_COUNT ? fill : ARB_ROLE_INK, str);
}

static void cv_group(void *ctx, double dx, double dy, double rotate)
{
	arb_svg *s = ctx;
	arb_buf *b = &s->body;
	arb_buf_puts(b, "<g transform=\"translate(");
	put_num(b, dx);
	arb_buf_putc(b, ' ');
	put_num(b, dy);
	arb_buf_putc(b, ')');
	if (rotate != 0) {
		arb_buf_puts(b, " rotate(");
		put_num(b, rotate);
		arb_buf_putc(b, ')');
	}
	arb_buf_puts(b, "\">\n");
	s->depth++;
}

static void cv_end_group(void *ctx)
{
	arb_svg *s = ctx;
	if (s->depth == 0) /* an engine's unbalanced end: ignore it */
		return;
	s->depth--;
	arb_buf_puts(&s->body, "</g>\n");
}

arb_canvas arb_svg_canvas(arb_svg *s, const arb_game_ops *g)
{
	s->game = g;
	return (arb_canvas){ .ctx = s,
			     .begin = cv_begin,
			     .polygon = cv_polygon,
			     .polyline = cv_polyline,
			     .circle = cv_circle,
			     .text = cv_text,
			     .group = cv_group,
			     .end_group = cv_end_group };
}

void arb_svg_reset(arb_svg *s)
{
	arb_buf_reset(&s->body);
	s->width = s->height = 0;
	s->depth = 0;
}

void arb_svg_free(arb_svg *s)
{
	arb_buf_free(&s->body);
}

void arb_svg_style(const arb_game_ops *g, arb_buf *out)
{
	arb_buf_puts(out, "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}\n");
	/* every shape names its fill class (f-none for none): no rule
	 * depends on the order of the classes */
	for (unsigned r = ARB_ROLE_PAPER; r < ARB_ROLE_COLOUR0; r++)
		arb_buf_printf(out, ".f-%s{fill:%s}.s-%s{stroke:%s}\n", role_name[r],
			       role_colour[r], role_name[r], role_colour[r]);
	for (unsigned i = 0; g && g->colours[i] && i < 8; i++) {
		const char *rgb = colour_of_name(g->colours[i]);
		arb_buf_printf(out, ".f-c%u{fill:%s}.s-c%u{stroke:%s}.b-c%u{background:%s}\n", i,
			       rgb, i, rgb, i, rgb);
	}
	arb_buf_puts(out, ".f-none{fill:none}polygon{stroke-linejoin:round}"
			  "polyline{stroke-linecap:round;stroke-linejoin:round}\n");
}

/* Cut `msg` into lines of at most `max` bytes at spaces (UTF-8 safe: only
 * spaces split) and write each as a text line from y on. */
static double put_wrapped(arb_buf *b, double x, double y, double size, size_t max, arb_role fill,
			  const char *msg)
{
	char line[ARB_MSG_MAX + 1];
	const char *p = msg;
	while (*p) {
		size_t n = strlen(p);
		if (n > max) {
			size_t cut = max;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			n = cut ? cut : max;
		}
		if (n > ARB_MSG_MAX)
			n = ARB_MSG_MAX;
		memcpy(line, p, n);
		line[n] = 0;
		put_text(b, x, y, size, ARB_START, false, fill, line);
		y += size * 1.3;
		p += n;
		while (*p == ' ')
			p++;
	}
	return y;
}

#define BAND 26.0 /* px: height of the title band and of a seat line */
#define MIN_WIDTH 520.0

void arb_svg_write(const arb_svg *s, const arb_frame *f, bool standalone, arb_buf *out)
{
	double w = s->width > MIN_WIDTH ? s->width : MIN_WIDTH;
	size_t per_line = (size_t)(w / 8.5);
	/* the subtitle (file, line and Event: often wider than the board) is
	 * wrapped like the message, and the band grows by its extra lines */
	arb_buf sub = { 0 };
	double sub_end = f->subtitle ? put_wrapped(&sub, 10, 19 + BAND, 15, per_line,
						   ARB_ROLE_LABEL, f->subtitle)
				     : 19 + 15 * 1.3;
	double top = BAND + (sub_end - 15 * 1.3 - 19) + (f->nseats ? BAND : 0) + 6;
	/* the message's height: lay it out once to count its lines */
	arb_buf msg = { 0 };
	double bottom = 0;
	if (f->message && *f->message) {
		bottom = put_wrapped(&msg, 10, top + s->height + 22, 15, per_line,
				     ARB_ROLE_HIGHLIGHT, f->message) -
			 (top + s->height) + 4;
	}
	double h = top + s->height + bottom;
	if (standalone)
		arb_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	arb_buf_puts(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
	put_num(out, w);
	arb_buf_puts(out, "\" height=\"");
	put_num(out, h);
	arb_buf_puts(out, "\" viewBox=\"0 0 ");
	put_num(out, w);
	arb_buf_putc(out, ' ');
	put_num(out, h);
	arb_buf_puts(out, "\">\n<title>");
	arb_xml_escape(out, f->title);
	arb_buf_puts(out, "</title>\n");
	if (standalone) {
		arb_buf_puts(out, "<style type=\"text/css\"><![CDATA[\n");
		arb_svg_style(s->game, out);
		arb_buf_puts(out, "]]></style>\n");
	}
	arb_buf_puts(out, "<rect width=\"100%\" height=\"100%\" class=\"f-paper\"/>\n");
	double y = 19;
	put_text(out, 10, y, 17, ARB_START, true, ARB_ROLE_INK, f->title);
	arb_buf_put(out, sub.p ? sub.p : "", sub.len);
	y = sub_end - 15 * 1.3;
	arb_buf_free(&sub);
	/* the seats: a swatch in the colour, then "Red: name" */
	y += f->nseats ? BAND : 0;
	double x = 10;
	for (size_t i = 0; i < f->nseats; i++) {
		const arb_seat *st = &f->seats[i];
		const char *cname = s->game->colours[st->colour];
		arb_buf_puts(out, "<rect x=\"");
		put_num(out, x);
		arb_buf_puts(out, "\" y=\"");
		put_num(out, y - 12);
		arb_buf_printf(out, "\" width=\"14\" height=\"14\" class=\"f-c%u s-ink\"/>\n",
			       st->colour);
		char label[300];
		snprintf(label, sizeof label, "%s: %s", cname, st->player ? st->player : "");
		put_text(out, x + 19, y, 14, ARB_START, false, ARB_ROLE_INK, label);
		x += 19 + 8.2 * (double)strlen(label) + 18;
	}
	arb_buf_puts(out, "<g transform=\"translate(0 ");
	put_num(out, top);
	arb_buf_puts(out, ")\">\n");
	arb_buf_put(out, s->body.p ? s->body.p : "", s->body.len);
	for (int i = 0; i < s->depth; i++) /* close what the engine left open */
		arb_buf_puts(out, "</g>\n");
	arb_buf_puts(out, "</g>\n");
	arb_buf_put(out, msg.p ? msg.p : "", msg.len);
	arb_buf_free(&msg);
	arb_buf_puts(out, "</svg>\n");
}
