/*
 * test_svg.c — the SVG writer of src/cli/svg.c, through the canvas an
 * engine draws on: every string escaped (text and the frame's names),
 * numbers with one decimal at most and no locale, roles written as
 * classes (seat roles by the game's colours), groups closed even when
 * an engine leaves one open, and the frame's size.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "cli/picture.h"

static const char *const colours[] = { "Red", "White", NULL };
static const arb_game_ops fake = { .name = "fake", .title = "Fake", .colours = colours };

/* Draw with `draw` on a fresh writer and return the standalone SVG
 * (the caller frees it). */
static char *render(void (*draw)(const arb_canvas *), const arb_frame *f)
{
	arb_svg s = { 0 };
	arb_canvas cv = arb_svg_canvas(&s, &fake);
	draw(&cv);
	arb_buf out = { 0 };
	arb_svg_write(&s, f, true, &out);
	arb_svg_free(&s);
	return out.p;
}

static void draw_text(const arb_canvas *cv)
{
	cv->begin(cv->ctx, 100, 50);
	cv->text(cv->ctx, 1, 2, 12, ARB_MIDDLE, true, ARB_ROLE_COLOUR(1),
		 "<script>alert(\"x\") & 'y'</script>");
}

static void test_escape(void **state)
{
	(void)state;
	arb_buf b = { 0 };
	arb_xml_escape(&b, "a<b>&\"c'\x01");
	assert_string_equal(b.p, "a&lt;b&gt;&amp;&quot;c&#39;?");
	arb_buf_free(&b);
	arb_seat seats[1] = { { .colour = 0, .player = "</svg><script>" } };
	arb_frame f = { .title = "T & <t>",
			.subtitle = "\"sub\"",
			.seats = seats,
			.nseats = 1,
			.message = "bad <move>" };
	char *svg = render(draw_text, &f);
	assert_null(strstr(svg, "<script"));
	assert_null(strstr(svg, "</svg><"));
	assert_non_null(
		strstr(svg, "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;"));
	assert_non_null(strstr(svg, "<title>T &amp; &lt;t&gt;</title>"));
	assert_non_null(strstr(svg, "Red: &lt;/svg&gt;&lt;script&gt;"));
	assert_non_null(strstr(svg, "bad &lt;move&gt;"));
	/* the seat role is the game's second colour, White */
	assert_non_null(strstr(svg, "class=\"f-c1\">&lt;script"));
	assert_non_null(strstr(svg, ".f-c1{fill:#f7f7f2}"));
	free(svg);
}

static void draw_shapes(const arb_canvas *cv)
{
	cv->begin(cv->ctx, 10.04, 20);
	arb_pt p[3] = { { 0.04, -1.25 }, { 1.0 / 3, 2.96 }, { -0.05, 1e9 } };
	cv->polygon(cv->ctx, p, 3, ARB_ROLE_CITY, ARB_ROLE_INK, 1.5);
	cv->polyline(cv->ctx, p, 2, ARB_ROLE_ROAD, 1);
	cv->group(cv->ctx, 5, -2.5, 90);
	cv->circle(cv->ctx, 1, 2, 3, ARB_ROLE_NONE, ARB_ROLE_HIGHLIGHT, 0);
	cv->group(cv->ctx, 1, 1, 0); /* left open: the writer closes both */
}

static void test_numbers_and_groups(void **state)
{
	(void)state;
	arb_frame f = { .title = "t" };
	char *svg = render(draw_shapes, &f);
	assert_non_null(strstr(svg, "<polygon points=\"0,-1.3 0.3,3 -0.1,1000000000\" "
				    "class=\"f-city s-ink\" stroke-width=\"1.5\"/>"));
	assert_non_null(strstr(svg, "<polyline points=\"0,-1.3 0.3,3\" class=\"f-none s-road\"/>"));
	assert_non_null(strstr(svg, "<g transform=\"translate(5 -2.5) rotate(90)\">"));
	assert_non_null(strstr(svg, "<circle cx=\"1\" cy=\"2\" r=\"3\" class=\"f-none\"/>"));
	assert_non_null(strstr(svg, "<g transform=\"translate(1 1)\">"));
	/* groups balanced: as many </g> as <g */
	size_t open = 0, close = 0;
	for (const char *q = svg; (q = strstr(q, "<g ")); q++)
		open++;
	for (const char *q = svg; (q = strstr(q, "</g>")); q++)
		close++;
	assert_int_equal(open, close);
	/* no frame band for seats: width at least the minimum */
	assert_non_null(strstr(svg, "width=\"520\""));
	free(svg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_numbers_and_groups),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
