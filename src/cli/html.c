/*
 * html.c — the page of `arbiter view` (and `dump --format=html`): every
 * position of one game as inline SVG, the move list with each move's
 * score events, the verdict, and a small inline script to step through
 * them with buttons, the arrow keys or a click on a move.  Nothing is
 * fetched: no fonts, images or scripts from elsewhere, so the page works
 * from a local file and is safe to pass around.  Every string of the
 * record (player names, tags, moves, messages) is escaped.
 *
 * For tests the script answers two URL fragments: "#N" shows step N at
 * load (screenshots of one position), and "#selftest" steps forward once
 * as the right arrow key would and writes what it saw, and any script
 * error, into <pre id="selftest"> (chromium --dump-dom then shows it).
 */
#include <stdlib.h>
#include <string.h>

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

static const char page_css[] =
	"body{margin:0;background:#efe9dc;color:#222;"
	"font:15px/1.4 'DejaVu Sans',Verdana,Arial,sans-serif}\n"
	"header{padding:10px 16px;background:#fbf8f0;border-bottom:1px solid #c9bfa8}\n"
	"h1{font-size:20px;margin:0}header p{margin:4px 0 0}\n"
	".sw{display:inline-block;width:13px;height:13px;border:1px solid #222;"
	"margin:0 5px 0 12px;vertical-align:-1px}\n"
	"main{display:flex;flex-wrap:wrap;gap:12px;padding:12px}\n"
	"#board{flex:1 1 640px;min-width:320px}#board svg{max-width:100%;height:auto;"
	"border:1px solid #c9bfa8}\n"
	"aside{flex:0 1 360px;min-width:260px}\n"
	"nav{display:flex;gap:6px;align-items:center;margin-bottom:8px}\n"
	"button{font:inherit;padding:4px 10px;cursor:pointer}\n"
	"#where{margin-left:6px}\n"
	"#moves{position:relative;max-height:70vh;overflow:auto;margin:0;padding:0 0 0 8px;"
	"list-style:none;background:#fbf8f0;border:1px solid #c9bfa8}\n"
	"#moves li{padding:2px 6px;cursor:pointer;font-family:'DejaVu Sans Mono',monospace;"
	"font-size:14px}\n"
	"#moves li.cur{background:#ffe08a}#moves li.illegal{color:#b0005a;font-weight:bold}\n"
	".ev{font-family:'DejaVu Sans',sans-serif;font-size:13px;color:#2b59a8;"
	"padding-left:14px}\n"
	"#verdict{font-weight:bold;white-space:pre-wrap}\n";

static const char page_js[] =
	"(function(){\n"
	"var errors=[];\n"
	"window.onerror=function(m){errors.push(String(m));};\n"
	"var pos=document.querySelectorAll('.pos'),items=document.querySelectorAll('#moves li'),\n"
	"where=document.getElementById('where'),list=document.getElementById('moves'),cur=-1;\n"
	"function show(i){\n"
	" i=Math.max(0,Math.min(pos.length-1,i));\n"
	" for(var j=0;j<pos.length;j++){pos[j].hidden=j!==i;items[j].classList.toggle('cur',j===i);}\n"
	" cur=i;\n"
	" var li=items[i];\n" /* scroll the list, never the page */
	" if(li.offsetTop<list.scrollTop||li.offsetTop+li.offsetHeight>list.scrollTop+list.clientHeight)\n"
	"  list.scrollTop=li.offsetTop-list.clientHeight/2;\n"
	" where.textContent=i+' / '+(pos.length-1);\n"
	"}\n"
	"function go(d){show(cur+d);}\n"
	"document.getElementById('first').onclick=function(){show(0);};\n"
	"document.getElementById('prev').onclick=function(){go(-1);};\n"
	"document.getElementById('next').onclick=function(){go(1);};\n"
	"document.getElementById('last').onclick=function(){show(pos.length-1);};\n"
	"items.forEach(function(li,i){li.onclick=function(){show(i);};});\n"
	"document.addEventListener('keydown',function(e){\n"
	" var k={ArrowRight:1,ArrowDown:1,ArrowLeft:-1,ArrowUp:-1}[e.key];\n"
	" if(k){go(k);e.preventDefault();}\n"
	" else if(e.key==='Home'){show(0);e.preventDefault();}\n"
	" else if(e.key==='End'){show(pos.length-1);e.preventDefault();}\n"
	"});\n"
	"var h=location.hash.slice(1),first=+document.body.getAttribute('data-first')||0;\n"
	"show(/^[0-9]+$/.test(h)?+h:first);\n"
	"if(h==='selftest'){\n"
	" var out=[],before=cur,svg0=pos[cur].innerHTML;\n"
	" out.push('steps '+pos.length);\n"
	" out.push('shown '+cur+(pos[cur].hidden?' hidden':' visible'));\n"
	" document.dispatchEvent(new KeyboardEvent('keydown',{key:'ArrowRight',bubbles:true}));\n"
	" var vis=0;pos.forEach(function(p){if(!p.hidden)vis++;});\n"
	" out.push('after ArrowRight shown '+cur+', '+vis+' visible, board '+\n"
	"  (pos[cur].innerHTML!==svg0?'changed':'unchanged'));\n"
	" out.push('current move '+(items[cur].classList.contains('cur')?'highlighted':'not highlighted'));\n"
	" out.push('errors '+errors.length+(errors.length?': '+errors.join('; '):''));\n"
	" var pre=document.getElementById('selftest');pre.textContent=out.join('\\n');pre.hidden=false;\n"
	"}\n"
	"})();\n";

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
	arb_buf_printf(out, "</style>\n</head>\n<body data-first=\"%zu\">\n<header>\n<h1>", first);
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
		arb_buf_printf(out, "<span class=\"sw b-c%u\"></span>", s->colour);
		arb_xml_escape(out, p->game->colours[s->colour]);
		arb_buf_puts(out, ": ");
		arb_xml_escape(out, s->player ? s->player : "");
	}
	arb_buf_puts(out, "</p>\n</header>\n<main>\n<div id=\"board\">\n");
	/* the svgs, each in its step's div: split at "<svg " */
	const char *q = p->svgs.p ? p->svgs.p : "";
	for (size_t i = 0; i < p->nsteps; i++) {
		const char *next = strstr(q + 1, "<svg ");
		size_t n = next && i + 1 < p->nsteps ? (size_t)(next - q) : strlen(q);
		arb_buf_printf(out, "<div class=\"pos\" id=\"s%zu\"%s>\n", i,
			       i == first ? "" : " hidden");
		arb_buf_put(out, q, n);
		arb_buf_puts(out, "</div>\n");
		q += n;
	}
	arb_buf_puts(
		out,
		"</div>\n<aside>\n<nav><button id=\"first\" title=\"the start (Home)\">First</button>"
		"<button id=\"prev\" title=\"the move before (left arrow)\">&#x25C0; Back</button>"
		"<button id=\"next\" title=\"the next move (right arrow)\">Next &#x25B6;</button>"
		"<button id=\"last\" title=\"the end (End)\">Last</button>"
		"<span id=\"where\"></span></nav>\n<ol id=\"moves\">\n");
	for (size_t i = 0; i < p->nsteps; i++) {
		const arb_page_step *st = &p->steps[i];
		arb_buf_printf(out, "<li%s>",
			       st->kind == ARB_STEP_ILLEGAL ? " class=\"illegal\"" : "");
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
	arb_buf_puts(out, "</ol>\n<p id=\"verdict\">");
	arb_xml_escape(out, p->verdict.p ? p->verdict.p : "");
	arb_buf_puts(out,
		     "</p>\n</aside>\n</main>\n<pre id=\"selftest\" hidden></pre>\n<script>\n");
	arb_buf_puts(out, page_js);
	arb_buf_puts(out, "</script>\n</body>\n</html>\n");
}
