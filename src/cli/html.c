/*
 * html.c — the page of `arbiter view` (and `dump --format=html`): every
 * position of one game, the move list with each move's score events, the
 * verdict, and a small inline script to step through them with buttons,
 * the arrow keys or a click on a move.  Nothing is fetched: no fonts,
 * images or scripts from elsewhere, so the page works from a local file
 * and is safe to pass around.  Every string of the record (player names,
 * tags, moves, messages) is escaped.
 *
 * A position's SVG is a thousand lines and a move changes a few, so the
 * page holds each distinct line once (a <script type="text/plain">: the
 * SVG writer escapes every '<' of text, so no line can close it) and per
 * step the edits from the step before (linediff.c); the script replays
 * them and shows the SVG text they rebuild, the same text the step's
 * picture was.  The page then grows with the moves, not their square.
 *
 * For tests the script answers URL fragments: "#N" shows step N at load
 * (screenshots of one position); "#selftest" steps forward once as the
 * right arrow key would and writes what it saw, and any script error,
 * into <pre id="selftest"> (chromium --dump-dom then shows it);
 * "#steps" shows every step in turn and writes a hash of the board's
 * parsed SVG at each, to compare with the reference page's; "#layout"
 * says where the controls are against the board at the window's width;
 * "#range-A-B" shows the boards of steps A to B-1 one under another (a
 * screenshot then compares many steps with the reference page's).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "picture.h"

arb_page_step *arb_page_step_add(arb_page *p, enum arb_step_kind kind, const char *label)
{
	if (p->nsteps == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;
		arb_page_step *s = realloc(p->steps, cap * sizeof *s);
		if (!s)
			abort(); /* as arb_buf does when memory runs out */
		memset(s + p->cap, 0, (cap - p->cap) * sizeof *s);
		p->steps = s;
		p->cap = cap;
	}
	arb_page_step *st = &p->steps[p->nsteps++];
	st->kind = kind;
	free(st->label);
	st->label = strdup(label);
	if (!st->label)
		abort();
	arb_buf_reset(&st->events);
	return st;
}

void arb_page_reset(arb_page *p)
{
	arb_buf_reset(&p->title);
	arb_buf_reset(&p->subtitle);
	arb_buf_reset(&p->verdict);
	arb_buf_reset(&p->svgs);
	p->nsteps = 0;
	p->first = 0;
}

void arb_page_free(arb_page *p)
{
	for (size_t i = 0; i < p->cap; i++) {
		free(p->steps[i].label);
		arb_buf_free(&p->steps[i].events);
	}
	free(p->steps);
	arb_buf_free(&p->title);
	arb_buf_free(&p->subtitle);
	arb_buf_free(&p->verdict);
	arb_buf_free(&p->svgs);
	memset(p, 0, sizeof *p);
}

/* Wide windows: the board on the left, the controls and the move list
 * on its right.  Narrow ones (phones): the controls on top, kept in view
 * while the page scrolls, then the board, then the list. */
static const char page_css[] =
	"body{margin:0;background:#efe9dc;color:#222;"
	"font:15px/1.4 'DejaVu Sans',Verdana,Arial,sans-serif}\n"
	"header{padding:10px 16px;background:#fbf8f0;border-bottom:1px solid #c9bfa8}\n"
	"h1{font-size:20px;margin:0;overflow-wrap:anywhere}header p{margin:4px 0 0}\n"
	".seat{display:inline-block;margin-right:12px;white-space:nowrap}\n"
	".sw{display:inline-block;width:13px;height:13px;border:1px solid #222;"
	"margin:0 5px 0 0;vertical-align:-1px}\n"
	"main{display:grid;grid-template-columns:minmax(0,1fr) minmax(280px,400px);"
	"grid-template-rows:auto 1fr;grid-template-areas:'board nav' 'board list';"
	"gap:8px 12px;padding:12px;align-items:start}\n"
	"#board{grid-area:board;min-width:0}#board svg{max-width:100%;height:auto;"
	"border:1px solid #c9bfa8}\n"
	"nav{grid-area:nav;display:flex;flex-wrap:wrap;gap:4px;align-items:center}\n"
	"aside{grid-area:list;min-width:0}\n"
	"button{font:inherit;padding:4px 8px;cursor:pointer;white-space:nowrap}\n"
	"#where{margin-left:4px;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
	"#moves{position:relative;max-height:70vh;overflow:auto;margin:0;padding:0 0 0 8px;"
	"list-style:none;background:#fbf8f0;border:1px solid #c9bfa8}\n"
	"#moves li{padding:2px 6px;cursor:pointer;font-family:'DejaVu Sans Mono',monospace;"
	"font-size:14px;overflow-wrap:anywhere}\n"
	"#moves li.cur{background:#ffe08a}#moves li.illegal,#where.illegal{color:#b0005a;"
	"font-weight:bold}\n"
	".ev{font-family:'DejaVu Sans',sans-serif;font-size:13px;color:#2b59a8;"
	"padding-left:14px}\n"
	"#verdict{font-weight:bold;white-space:pre-wrap;overflow-wrap:anywhere}\n"
	"@media (max-width:900px){main{grid-template-columns:minmax(0,1fr);"
	"grid-template-rows:auto;grid-template-areas:'nav' 'board' 'list';padding:8px}"
	"nav{position:sticky;top:0;z-index:1;background:#efe9dc;padding:6px 0}"
	"button{padding:6px 12px}#moves{max-height:60vh}}\n";

/* With the lines and steps scripts the page rebuilds its one div.pos per
 * step; without (the reference page) it shows one of the div.pos. */
static const char page_js[] =
	"(function(){\n"
	"var errors=[];\n"
	"window.onerror=function(m){errors.push(String(m));};\n"
	"var pos=document.querySelectorAll('.pos'),items=document.querySelectorAll('#moves li'),\n"
	"where=document.getElementById('where'),list=document.getElementById('moves'),cur=-1,\n"
	"linesEl=document.getElementById('lines'),stepsEl=document.getElementById('steps'),\n"
	"n=items.length,lines=null,steps=null,text=[],at=-1;\n"
	"if(linesEl){lines=linesEl.textContent.split('\\n');steps=stepsEl.textContent.split('\\n');}\n"
	"function edit(k){\n" /* step k's hunks "AT DEL ID ..." */
	" steps[k].split(';').forEach(function(h){\n"
	"  if(!h)return;\n"
	"  var a=h.split(' ').map(Number),ins=a.slice(2).map(function(x){return lines[x];});\n"
	"  text.splice.apply(text,[a[0],a[1]].concat(ins));\n"
	" });\n"
	"}\n"
	"function board(i){\n"
	" if(!lines){for(var j=0;j<pos.length;j++)pos[j].hidden=j!==i;return pos[i];}\n"
	" if(i<at){text=[];at=-1;}\n"
	" while(at<i)edit(++at);\n"
	" pos[0].innerHTML='\\n'+text.join('\\n')+'\\n';\n"
	" return pos[0];\n"
	"}\n"
	"function show(i){\n"
	" i=Math.max(0,Math.min(n-1,i));\n"
	" if(i!==cur)board(i);\n"
	" for(var j=0;j<n;j++)items[j].classList.toggle('cur',j===i);\n"
	" cur=i;\n"
	" var li=items[i];\n" /* scroll the list, never the page */
	" if(li.offsetTop<list.scrollTop||li.offsetTop+li.offsetHeight>list.scrollTop+list.clientHeight)\n"
	"  list.scrollTop=li.offsetTop-list.clientHeight/2;\n"
	" where.textContent=li.getAttribute('data-at');\n"
	" where.className=li.classList.contains('illegal')?'illegal':'';\n"
	"}\n"
	"function go(d){show(cur+d);}\n"
	"document.getElementById('first').onclick=function(){show(0);};\n"
	"document.getElementById('prev').onclick=function(){go(-1);};\n"
	"document.getElementById('next').onclick=function(){go(1);};\n"
	"document.getElementById('last').onclick=function(){show(n-1);};\n"
	"items.forEach(function(li,i){li.onclick=function(){show(i);};});\n"
	"document.addEventListener('keydown',function(e){\n"
	" var k={ArrowRight:1,ArrowDown:1,ArrowLeft:-1,ArrowUp:-1}[e.key];\n"
	" if(k){go(k);e.preventDefault();}\n"
	" else if(e.key==='Home'){show(0);e.preventDefault();}\n"
	" else if(e.key==='End'){show(n-1);e.preventDefault();}\n"
	"});\n"
	"var h=location.hash.slice(1),first=+document.body.getAttribute('data-first')||0;\n"
	"show(/^[0-9]+$/.test(h)?+h:first);\n"
	"function shown(){var v=null,c=0;pos.forEach(function(p){if(!p.hidden){v=p;c++;}});"
	"return {el:v,count:c};}\n"
	"var out=[],pre=document.getElementById('selftest');\n"
	"if(h==='selftest'){\n"
	" var svg0=shown().el.innerHTML;\n"
	" out.push('steps '+n);\n"
	" out.push('shown '+cur+(shown().count===1?' visible':' hidden'));\n"
	" document.dispatchEvent(new KeyboardEvent('keydown',{key:'ArrowRight',bubbles:true}));\n"
	" var s=shown();\n"
	" out.push('after ArrowRight shown '+cur+', '+s.count+' visible, board '+\n"
	"  (s.el.innerHTML!==svg0?'changed':'unchanged'));\n"
	" out.push('current move '+(items[cur].classList.contains('cur')?'highlighted':'not highlighted'));\n"
	"}\n"
	"if(h==='steps'){\n" /* FNV-1a of each step's board as the browser parsed it */
	" for(var i=0;i<n;i++){\n"
	"  show(i);var t=shown().el.innerHTML,x=0x811c9dc5;\n"
	"  for(var j=0;j<t.length;j++){x^=t.charCodeAt(j);x=Math.imul(x,16777619)>>>0;}\n"
	"  out.push('step '+i+' '+t.length+' '+x.toString(16));\n"
	" }\n"
	"}\n"
	"if(h==='layout'){\n" /* where the controls are, at the widest counter */
	" show(n-2);\n"
	" var nav=document.querySelector('nav'),r=nav.getBoundingClientRect(),\n"
	"  b=document.getElementById('board').getBoundingClientRect(),bs=nav.querySelectorAll('button'),\n"
	"  one=true,row=true,w=document.getElementById('where').getBoundingClientRect();\n"
	" bs.forEach(function(x){var q=x.getBoundingClientRect();\n"
	"  if(Math.abs(q.height-bs[0].getBoundingClientRect().height)>1)one=false;\n"
	"  if(Math.abs(q.top-bs[0].getBoundingClientRect().top)>1)row=false;});\n"
	" if(Math.abs(w.top+w.height/2-(bs[0].getBoundingClientRect().top+bs[0].getBoundingClientRect().height/2))>2)row=false;\n"
	" out.push('controls '+(r.bottom<=b.top+1?'above':r.left>=b.right-1?'beside':'below')+' the board');\n"
	" out.push('buttons '+(one?'on one line each':'wrapped'));\n"
	" out.push('controls '+(row?'in one row':'in several rows'));\n"
	"}\n"
	"var m=/^range-([0-9]+)-([0-9]+)$/.exec(h);\n" /* steps A..B-1 one under another */
	"if(m){\n"
	" if(!lines)pos.forEach(function(p){p.hidden=true;});\n"
	" for(var i=+m[1];i<Math.min(n,+m[2]);i++){\n"
	"  var el=lines?board(i):pos[i];\n"
	"  if(lines){var c=el.cloneNode(true);c.className='copy';el.parentNode.appendChild(c);}\n"
	"  else el.hidden=false;\n"
	" }\n"
	" if(lines)pos[0].hidden=true;\n"
	"}\n"
	"if(out.length){\n"
	" out.push('errors '+errors.length+(errors.length?': '+errors.join('; '):''));\n"
	" pre.textContent=out.join('\\n');pre.hidden=false;\n"
	"}\n"
	"})();\n";

/* The counter beside the buttons for step `st`, move `no` of `moves`:
 * "12 / 71", "start", "final scoring", "12 refused" (the final scoring
 * follows the last move: it is no move of its own). */
static void put_where(const arb_page_step *st, size_t no, size_t moves, arb_buf *out)
{
	switch (st->kind) {
	case ARB_STEP_START:
		arb_buf_puts(out, "start");
		break;
	case ARB_STEP_FINAL:
		arb_buf_puts(out, "final scoring");
		break;
	case ARB_STEP_ILLEGAL:
		arb_buf_putu(out, no);
		arb_buf_puts(out, " refused");
		break;
	case ARB_STEP_MOVE:
		arb_buf_putu(out, no);
		arb_buf_puts(out, " / ");
		arb_buf_putu(out, moves);
		break;
	}
}

/* The step's SVG documents, in order: cut at each "<svg " (text never
 * holds one: the SVG writer escapes '<'). */
static size_t next_svg(const arb_page *p, const char *q, size_t i)
{
	const char *next = strstr(q + 1, "<svg ");
	return next && i + 1 < p->nsteps ? (size_t)(next - q) : strlen(q);
}

/* The reference page: every step's SVG whole, in its own div. */
static void put_every_svg(const arb_page *p, size_t first, arb_buf *out)
{
	const char *q = p->svgs.p ? p->svgs.p : "";
	for (size_t i = 0; i < p->nsteps; i++) {
		size_t n = next_svg(p, q, i);
		arb_buf_puts(out, "<div class=\"pos\"");
		if (i != first)
			arb_buf_puts(out, " hidden");
		arb_buf_puts(out, ">\n");
		arb_buf_put(out, q, n);
		arb_buf_puts(out, "</div>\n");
		q += n;
	}
}

/* The distinct lines of every step's SVG into `lines` (one a line), the
 * edits from step to step into `edits` (one step a line). */
static void diff_steps(const arb_page *p, arb_buf *lines, arb_buf *edits)
{
	arb_lines t = { 0 };
	unsigned *prev = NULL, *now = NULL;
	size_t nprev = 0, cap = 0;
	const char *q = p->svgs.p ? p->svgs.p : "";
	for (size_t i = 0; i < p->nsteps; i++) {
		size_t len = next_svg(p, q, i), nnow = 0;
		for (const char *s = q, *end = q + len; s < end;) {
			const char *nl = memchr(s, '\n', (size_t)(end - s));
			size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
			if (nnow == cap) {
				cap = cap ? 2 * cap : 1024;
				unsigned *a = realloc(now, cap * sizeof *a);
				unsigned *b = realloc(prev, cap * sizeof *b);
				if (!a || !b)
					abort(); /* as arb_buf does when memory runs out */
				now = a;
				prev = b;
			}
			now[nnow++] = arb_lines_intern(&t, s, n);
			s += n + 1;
		}
		if (i)
			arb_buf_putc(edits, '\n');
		arb_lines_diff(prev, nprev, now, nnow, edits);
		unsigned *swap = prev;
		prev = now;
		now = swap;
		nprev = nnow;
		q += len;
	}
	for (size_t id = 0; id < t.n; id++) {
		if (id)
			arb_buf_putc(lines, '\n');
		arb_buf_put(lines, t.text.p + t.at[id], t.len[id]);
	}
	free(prev);
	free(now);
	arb_lines_free(&t);
}

/* Could `text` end the <script> element it is put in?  Never for what
 * the SVG writer makes; checked all the same, for the reference page. */
static bool ends_script(const char *text, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++)
		if (text[i] == '<' && (text[i + 1] == '/' || text[i + 1] == '!'))
			if (!strncasecmp(text + i, "</script", n - i < 8 ? n - i : 8) ||
			    !strncmp(text + i, "<!--", n - i < 4 ? n - i : 4))
				return true;
	return false;
}

/* The board: the reference page's divs, or one div and the scripts of
 * lines and edits that fill it. */
static void put_board(const arb_page *p, size_t first, arb_buf *out)
{
	const char *ref = getenv("ARBITER_PAGE_REFERENCE");
	if (ref && *ref) {
		put_every_svg(p, first, out);
		return;
	}
	arb_buf lines = { 0 }, edits = { 0 };
	diff_steps(p, &lines, &edits);
	if (ends_script(lines.p ? lines.p : "", lines.len)) {
		put_every_svg(p, first, out);
	} else {
		arb_buf_puts(out, "<div class=\"pos\"></div>\n"
				  "<script type=\"text/plain\" id=\"lines\">");
		arb_buf_put(out, lines.p ? lines.p : "", lines.len);
		arb_buf_puts(out, "</script>\n<script type=\"text/plain\" id=\"steps\">");
		arb_buf_put(out, edits.p ? edits.p : "", edits.len);
		arb_buf_puts(out, "</script>\n");
	}
	arb_buf_free(&lines);
	arb_buf_free(&edits);
}

static void put_header(const arb_page *p, arb_buf *out)
{
	arb_buf_puts(out, "<header>\n<h1>");
	arb_xml_escape(out, p->title.p ? p->title.p : "");
	arb_buf_puts(out, "</h1>\n");
	if (p->subtitle.len) {
		arb_buf_puts(out, "<p>");
		arb_xml_escape(out, p->subtitle.p);
		arb_buf_puts(out, "</p>\n");
	}
	arb_buf_puts(out, "<p>");
	for (size_t i = 0; i < p->nseats; i++) {
		const arb_seat *s = &p->seats[i];
		arb_buf_puts(out, "<span class=\"seat\"><span class=\"sw b-c");
		arb_buf_putu(out, s->colour);
		arb_buf_puts(out, "\"></span>");
		arb_xml_escape(out, p->game->colours[s->colour]);
		arb_buf_puts(out, ": ");
		arb_xml_escape(out, s->player ? s->player : "");
		arb_buf_puts(out, "</span>");
	}
	arb_buf_puts(out, "</p>\n</header>\n");
}

/* The move list: each step with its score events. */
static void put_moves(const arb_page *p, arb_buf *out)
{
	size_t moves = 0, no = 0;
	for (size_t i = 0; i < p->nsteps; i++)
		moves += p->steps[i].kind == ARB_STEP_MOVE || p->steps[i].kind == ARB_STEP_ILLEGAL;
	for (size_t i = 0; i < p->nsteps; i++) {
		const arb_page_step *st = &p->steps[i];
		no += st->kind == ARB_STEP_MOVE || st->kind == ARB_STEP_ILLEGAL;
		arb_buf_puts(out, "<li");
		if (st->kind == ARB_STEP_ILLEGAL)
			arb_buf_puts(out, " class=\"illegal\"");
		arb_buf_puts(out, " data-at=\"");
		put_where(st, no, moves, out);
		arb_buf_puts(out, "\">");
		arb_xml_escape(out, st->label);
		if (st->kind == ARB_STEP_ILLEGAL)
			arb_buf_puts(out, " (illegal)");
		for (const char *e = st->events.p; e && *e;) {
			const char *nl = strchr(e, '\n');
			size_t n = nl ? (size_t)(nl - e) : strlen(e);
			char line[ARB_MSG_MAX + 64];
			if (n >= sizeof line)
				n = sizeof line - 1;
			memcpy(line, e, n);
			line[n] = 0;
			arb_buf_puts(out, "<div class=\"ev\">");
			arb_xml_escape(out, line);
			arb_buf_puts(out, "</div>");
			e += n + (nl != NULL);
			if (!nl)
				break;
		}
		arb_buf_puts(out, "</li>\n");
	}
}

void arb_html_write(const arb_page *p, arb_buf *out)
{
	arb_buf_puts(out,
		     "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		     "<meta charset=\"utf-8\">\n"
		     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		     "<title>");
	arb_xml_escape(out, p->title.p ? p->title.p : "");
	arb_buf_puts(out, "</title>\n<style>\n");
	arb_buf_puts(out, page_css);
	arb_svg_style(p->game, out);
	size_t first = p->first < p->nsteps ? p->first : p->nsteps ? p->nsteps - 1 : 0;
	arb_buf_puts(out, "</style>\n</head>\n<body data-first=\"");
	arb_buf_putu(out, first);
	arb_buf_puts(out, "\">\n");
	put_header(p, out);
	arb_buf_puts(
		out,
		"<main>\n<nav><button id=\"first\" title=\"the start (Home)\">First</button>"
		"<button id=\"prev\" title=\"the move before (left arrow)\">&#x25C0; Back</button>"
		"<button id=\"next\" title=\"the next move (right arrow)\">Next &#x25B6;</button>"
		"<button id=\"last\" title=\"the end (End)\">Last</button>"
		"<span id=\"where\"></span></nav>\n<div id=\"board\">\n");
	put_board(p, first, out);
	arb_buf_puts(out, "</div>\n<aside>\n<ol id=\"moves\">\n");
	put_moves(p, out);
	arb_buf_puts(out, "</ol>\n<p id=\"verdict\">");
	arb_xml_escape(out, p->verdict.p ? p->verdict.p : "");
	arb_buf_puts(out,
		     "</p>\n</aside>\n</main>\n<pre id=\"selftest\" hidden></pre>\n<script>\n");
	arb_buf_puts(out, page_js);
	arb_buf_puts(out, "</script>\n</body>\n</html>\n");
}
