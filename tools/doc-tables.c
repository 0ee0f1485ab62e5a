/*
 * doc-tables.c — the reference tables of Elasund (buildings, huts, walls,
 * church, permits, trade track, cards) written from notation/elasund/
 * elasund.yaml, the data the engine plays by, so that the documentation
 * cannot drift from it.
 *
 *   doc-tables md  YAML   the tables as Markdown (notation/elasund.md)
 *   doc-tables man YAML   the same as mdoc (man/tgn-elasund.5)
 *
 * tools/doc-tables.sh puts the output between the markers of each page
 * (or, with --check, only compares); tests/docs-test.sh runs the check.
 * Only the YAML's own words and numbers are written, in a fixed order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/data.h"

static bool man; /* mdoc rather than Markdown */

static void die(const char *what)
{
	fprintf(stderr, "doc-tables: %s\n", what);
	exit(2);
}

/* The scalar under key in map (or "" when missing). */
static const char *str(const arb_node *map, const char *key)
{
	const arb_node *v = arb_node_get(map, key);
	return v && v->kind == ARB_SCALAR ? v->str : "";
}

/* A table: its columns, then rows of cells. */
static void table_start(const char *const *head, size_t n)
{
	if (man) {
		printf(".Pp\n.TS\nl");
		for (size_t i = 1; i < n; i++)
			printf(" l");
		printf(".\n");
		for (size_t i = 0; i < n; i++)
			printf("%s%s", i ? "\t" : "", head[i]);
		printf("\n_\n");
		return;
	}
	printf("|");
	for (size_t i = 0; i < n; i++)
		printf(" %s |", head[i]);
	printf("\n|");
	for (size_t i = 0; i < n; i++)
		printf("---|");
	printf("\n");
}

static void row(const char *const *cell, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf(man ? "%s%s" : "%s%s", man ? (i ? "\t" : "") : (i ? " | " : "| "), cell[i]);
	printf(man ? "\n" : " |\n");
}

static void table_end(void)
{
	printf(man ? ".TE\n" : "\n");
}

/* A paragraph; in mdoc each sentence starts a line, as mandoc wants. */
static void para(const char *text)
{
	if (!man) {
		printf("%s\n\n", text);
		return;
	}
	printf(".Pp\n");
	for (const char *p = text; *p; p++) {
		bool end = (p[0] == '.' || p[0] == ';') && p[1] == ' ';
		putchar(*p);
		if (end && p[0] == '.') {
			putchar('\n');
			p++; /* the blank after the period */
		}
	}
	printf("\n");
}

static void buildings(const arb_node *root)
{
	const arb_node *bs = arb_node_get(root, "buildings");
	if (!bs || bs->kind != ARB_SEQ)
		die("no buildings");
	static const char *const head[] = { "building", "kind",	    "size",   "permits",
					    "gold",	"VP cubes", "income", "tiles" };
	table_start(head, 8);
	for (size_t i = 0; i < bs->n; i++) {
		const arb_node *b = &bs->items[i];
		const arb_node *flags = arb_node_get(b, "flags");
		char size[32], cubes[24], copies[48];
		snprintf(size, sizeof size, "%sx%s", str(b, "w"), str(b, "h"));
		snprintf(cubes, sizeof cubes, "%zu",
			 flags && flags->kind == ARB_SEQ ? flags->n : 0);
		const char *kind = str(b, "kind");
		bool hut = !strcmp(kind, "hut");
		snprintf(copies, sizeof copies, "%s%s", str(b, "copies"),
			 !strcmp(kind, "neutral") ? "" : " per colour");
		const char *cell[8] = { str(b, "name"),
					kind,
					size,
					hut ? "-" : str(b, "permits"),
					hut ? "-" : str(b, "cost"),
					cubes,
					str(b, "income"),
					copies };
		row(cell, 8);
	}
	table_end();
	para("Size is columns x rows from the top-left square (tiles never turn). "
	     "Income: each building the ship's row crosses pays its owner one card of "
	     "its kind (gold, or an influence card drawn); so the hut yields one "
	     "influence card and the long hut one gold. Huts are never built: they "
	     "start on the board and move when displaced.");
}

static void walls(const arb_node *root)
{
	const arb_node *ws = arb_node_get(root, "walls");
	const arb_node *wc = arb_node_get(root, "wall_cost");
	if (!ws || ws->kind != ARB_SEQ || !wc)
		die("no walls");
	static const char *const head[] = { "wall tile", "side", "reward" };
	table_start(head, 3);
	for (size_t i = 0; i < ws->n; i++) {
		const char *w = ws->items[i].str ? ws->items[i].str : "";
		char n[24];
		snprintf(n, sizeof n, "%zu", i + 1);
		const char *reward = !strcmp(w, "inf1")	  ? "draws 1 influence card"
				     : !strcmp(w, "inf2") ? "draws 2 influence cards"
							  : "a tower: 1 VP cube";
		const char *cell[3] = { n, w, reward };
		row(cell, 3);
	}
	table_end();
	char text[256];
	snprintf(text, sizeof text,
		 "Each colour builds its 9 wall tiles in this order (1 first). A wall costs "
		 "%s gold on the north and south walls and %s gold on the east wall.",
		 str(wc, "blue"), str(wc, "red"));
	para(text);
}

static void church_permits_track(const arb_node *root)
{
	const arb_node *ch = arb_node_get(root, "church");
	const arb_node *tr = arb_node_get(root, "track");
	const arb_node *pm = arb_node_get(root, "permits");
	const arb_node *cards = arb_node_get(root, "cards");
	const arb_node *hand = arb_node_get(root, "start_hand");
	if (!ch || !tr || !pm || !cards || !hand)
		die("no church, track, permits, cards or start_hand");
	char text[512];
	snprintf(text, sizeof text,
		 "Church: %s tiles, each costs %s gold and carries %s VP cube; the "
		 "foundation's top-left square is %s.",
		 str(ch, "tiles"), str(ch, "cost"), str(ch, "flags"), str(ch, "foundation"));
	para(text);
	size_t n = 0;
	n += (size_t)snprintf(text + n, sizeof text - n, "Permits per colour, by value:");
	for (size_t i = 0; i < pm->n && n < sizeof text; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, " %s", pm->items[i].str);
	snprintf(text + n, n < sizeof text ? sizeof text - n : 0,
		 "; a permit taken costs its value in gold.");
	para(text);
	const arb_node *fl = arb_node_get(tr, "flags");
	static const char *const head[] = { "trade track space", "flag cubes" };
	table_start(head, 2);
	for (size_t i = 0; fl && fl->kind == ARB_MAP && i < fl->n; i++) {
		const char *cell[2] = { fl->keys[i].str, fl->values[i].str };
		row(cell, 2);
	}
	table_end();
	snprintf(text, sizeof text,
		 "The trade track runs from 0 to %s; a disk reaching a flag space puts a cube "
		 "on its flag while the flag has room (the number of cubes above).",
		 str(tr, "last"));
	para(text);
	static const char *const chead[] = { "cards", "gold", "red", "blue", "green" };
	table_start(chead, 5);
	for (size_t i = 0; cards->kind == ARB_MAP && i < cards->n; i++) {
		const arb_node *c = &cards->values[i];
		const char *cell[5] = { cards->keys[i].str, str(c, "gold"), str(c, "red"),
					str(c, "blue"), str(c, "green") };
		row(cell, 5);
	}
	table_end();
	snprintf(text, sizeof text,
		 "Each player starts with %s gold and %s influence card drawn from the "
		 "deck (the Hands tag); the rows above are the cards of the box (classic) "
		 "and of option cards=smart.",
		 str(hand, "gold"), str(hand, "influence"));
	para(text);
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "md") && strcmp(argv[1], "man")))
		die("usage: doc-tables md|man notation/elasund/elasund.yaml");
	man = !strcmp(argv[1], "man");
	FILE *f = fopen(argv[2], "rb");
	if (!f)
		die("cannot open the YAML file");
	static unsigned char buf[1 << 16];
	size_t len = fread(buf, 1, sizeof buf, f);
	if (ferror(f) || len == sizeof buf)
		die("cannot read the YAML file (or it is above 64 KB)");
	fclose(f);
	arb_data_error err;
	arb_node *root = arb_data_parse(buf, len, &err);
	if (!root)
		die(err.msg);
	buildings(root);
	walls(root);
	church_permits_track(root);
	arb_data_free(root);
	return ferror(stdout) || fflush(stdout) ? 2 : 0;
}
