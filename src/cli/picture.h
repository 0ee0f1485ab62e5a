/*
 * picture.h — pictures of positions: svg.c turns an engine's drawing (the
 * canvas of game.h) into SVG, html.c puts a game's SVGs into one page to
 * step through.  Only the tool knows these formats; engines only draw.
 */
#ifndef ARB_PICTURE_H
#define ARB_PICTURE_H

#include <stdint.h>

#include "../games/game.h"

/* One drawing being recorded as SVG elements.  Reuse it across positions
 * (arb_svg_reset keeps the memory). */
typedef struct arb_svg {
	const arb_game_ops *game; /* its colours name the seat roles       */
	arb_buf body;		  /* the elements drawn so far             */
	double width, height;	  /* from begin(), engine units = px       */
	int depth;		  /* open groups                           */
} arb_svg;

/* A canvas that records into `s` (which must outlive the canvas). */
arb_canvas arb_svg_canvas(arb_svg *s, const arb_game_ops *g);
void arb_svg_reset(arb_svg *s);
void arb_svg_free(arb_svg *s);

/* What the tool writes around the engine's drawing: a title line, the
 * seats (colour and player name), and under the board an optional
 * message (the illegal move and why).  Strings are raw UTF-8; the writer
 * escapes them. */
typedef struct arb_frame {
	const char *title;    /* "Carcassonne, after move 10"     */
	const char *subtitle; /* the Event tag, or NULL            */
	const arb_seat *seats;
	size_t nseats;
	const char *message; /* NULL: none                        */
} arb_frame;

/* Append the SVG of the drawing in `s` with `frame` to `out`.  With
 * `standalone` it is an SVG 1.1 file (XML declaration, its own style
 * sheet); without, an <svg> element for an HTML page whose style sheet
 * arb_svg_style() wrote. */
void arb_svg_write(const arb_svg *s, const arb_frame *frame, bool standalone, arb_buf *out);
/* The CSS rules of the roles, for `g`'s seat colours. */
void arb_svg_style(const arb_game_ops *g, arb_buf *out);
/* Append `s` with & < > " ' escaped (text and attribute values alike). */
void arb_xml_escape(arb_buf *out, const char *s);

/* One page: every position of a game, to step through.  Each step is a
 * position after a move (or the start, the final scoring, the illegal
 * move refused) with its label and the score events it brought. */
enum arb_step_kind { ARB_STEP_START, ARB_STEP_MOVE, ARB_STEP_ILLEGAL, ARB_STEP_FINAL };

typedef struct arb_page_step {
	enum arb_step_kind kind;
	char *label;	/* "12. Red E 0,1 90" (owned)        */
	arb_buf events; /* one line per score event          */
} arb_page_step;

typedef struct arb_page {
	const arb_game_ops *game;
	arb_buf title;	  /* "Carcassonne: file.tgn:1"          */
	arb_buf subtitle; /* the Event tag, may be empty        */
	const arb_seat *seats;
	size_t nseats;
	arb_buf verdict; /* the verdict line                  */
	arb_buf svgs;	 /* one <svg> per step, in order      */
	arb_page_step *steps;
	size_t nsteps, cap;
	size_t first; /* the step shown first (dump --at)   */
} arb_page;

/* Add a step (label copied); returns it, its events empty. */
arb_page_step *arb_page_step_add(arb_page *p, enum arb_step_kind kind, const char *label);
/* Empty the page for the next game (keeps the memory of the buffers). */
void arb_page_reset(arb_page *p);
void arb_page_free(arb_page *p);
/* Append the HTML page of `p` to `out`: each distinct line of the
 * steps' SVGs once and, per step, the edits from the step before, that
 * the page's script replays.  With ARBITER_PAGE_REFERENCE set in the
 * environment, every step's SVG whole instead, as pages were before: the
 * reference the browser test compares the edited positions with. */
void arb_html_write(const arb_page *p, arb_buf *out);

/* The distinct lines of a page's SVGs (linediff.c), each with its id
 * (0, 1, ... in the order first met). */
typedef struct arb_lines {
	arb_buf text; /* the lines, one after another, without newlines */
	uint64_t *hash;
	size_t *at, *len; /* by id: where in text, how long */
	size_t n, cap;
	unsigned *slot; /* open addressing: ids, UINT32_MAX empty */
	size_t nslots;
} arb_lines;

/* The id of the line s[..n), added when new. */
unsigned arb_lines_intern(arb_lines *t, const char *s, size_t n);
void arb_lines_free(arb_lines *t);
/* Append the edits that turn line ids a[..na) into b[..nb) to out, as
 * hunks "AT DEL ID ID ..." separated by ';': at index AT of the sequence
 * (the hunks before applied) remove DEL ids and insert the IDs. */
void arb_lines_diff(const unsigned *a, size_t na, const unsigned *b, size_t nb, arb_buf *out);
/* Append v in decimal (no printf: pages write thousands of numbers). */
void arb_buf_putu(arb_buf *b, unsigned long v);

#endif
