/*
 * game-lists.c — the lists of games in the documentation and the shell
 * completions, written from the registry (src/games/registry.c), so that
 * adding a game is its folder and its registry line: tools/game-lists.sh
 * puts this output into the pages and completions (or, with --check, only
 * compares; tests/docs-test.sh runs the check).
 *
 *   game-lists names                 every name, space-separated
 *   game-lists man MACRO WHAT CONJ [END]
 *                                    an mdoc list, a MACRO line per game:
 *                                    "A ," ... "Y" CONJ "Z END", or with
 *                                    CONJ "," every item but the last
 *                                    ends in " ,"
 *   game-lists md WHAT               a Markdown list, "- **item**" a line
 *   game-lists line START WHAT SEP [END]
 *                                    one line: START, the items joined by
 *                                    SEP, END (a list inside a sentence or
 *                                    a message)
 *
 * WHAT is name ("catan"), title ("The Settlers of Catan"), page
 * ("tgn-catan 5", the game's manual page for .Xr) or xr ("Xr tgn-catan 5",
 * the same as a macro inside a line).
 */
#include <stdio.h>
#include <string.h>

#include "games/registry.h"

static int usage(void)
{
	fprintf(stderr, "usage: game-lists names | man MACRO WHAT CONJ [END] | md WHAT |"
			" line START WHAT SEP [END]\n");
	return 2;
}

/* What a list shows of game g; false when `what` is no known word. */
static bool print_item(const arb_game_ops *g, const char *what)
{
	if (strcmp(what, "name") == 0)
		printf("%s", g->name);
	else if (strcmp(what, "title") == 0)
		printf("%s", g->title);
	else if (strcmp(what, "page") == 0)
		printf("tgn-%s 5", g->name);
	else if (strcmp(what, "xr") == 0)
		printf("Xr tgn-%s 5", g->name);
	else
		return false;
	return true;
}

static int print_man(const char *macro, const char *what, const char *conj, const char *end)
{
	size_t n = arb_game_count();
	bool commas = strcmp(conj, ",") == 0;
	for (size_t i = 0; i < n; i++) {
		printf(".%s ", macro);
		if (!print_item(arb_game_at(i), what))
			return usage();
		if (i + 1 == n)
			printf("%s%s\n", *end ? " " : "", end);
		else if (commas || i + 2 < n)
			printf(" ,\n");
		else
			printf("\n%s\n", conj);
	}
	return 0;
}

static int print_line(const char *start, const char *what, const char *sep, const char *end)
{
	printf("%s", start);
	for (size_t i = 0; i < arb_game_count(); i++) {
		printf("%s", i ? sep : "");
		if (!print_item(arb_game_at(i), what))
			return usage();
	}
	printf("%s\n", end);
	return 0;
}

/* The list, or a usage message; 1 when stdout could not take it all. */
static int run(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "names") == 0) {
		for (size_t i = 0; i < arb_game_count(); i++)
			printf("%s%s", i ? " " : "", arb_game_at(i)->name);
		printf("\n");
		return 0;
	}
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "man") == 0)
		return print_man(argv[2], argv[3], argv[4], argc == 6 ? argv[5] : "");
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "line") == 0)
		return print_line(argv[2], argv[3], argv[4], argc == 6 ? argv[5] : "");
	if (argc == 3 && strcmp(argv[1], "md") == 0) {
		for (size_t i = 0; i < arb_game_count(); i++) {
			printf("- **");
			if (!print_item(arb_game_at(i), argv[2]))
				return usage();
			printf("**\n");
		}
		return 0;
	}
	return usage();
}

int main(int argc, char **argv)
{
	int rc = run(argc, argv);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("game-lists: stdout");
		return 1;
	}
	return rc;
}
