/*
 * help.c — what --help prints, whole or for one command, and `arbiter
 * help [COMMAND]`: every line of it comes from the tables of options.h,
 * so the help cannot drift from what the command line takes
 * (tests/options-test.sh holds the man page and completions to it).
 */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "../games/registry.h"

void arb_commands_phrase(unsigned mask, char *out, size_t cap)
{
	if (mask == CMD_ANY) {
		snprintf(out, cap, "every command");
		return;
	}
	int in = __builtin_popcount(mask);
	bool but = in > ARB_NCOMMANDS - in;
	unsigned list = but ? (CMD_ANY & ~mask) : mask;
	int total = __builtin_popcount(list), k = 0;
	size_t n = (size_t)snprintf(out, cap, "%s", but ? "every command but " : "");
	for (int i = 0; i < ARB_NCOMMANDS; i++) {
		if (!(list & (1u << i)))
			continue;
		k++;
		n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s",
				      k == 1	   ? ""
				      : k == total ? " and "
						   : ", ",
				      arb_commands[i].name);
	}
}

/* The word of the space-separated `list` at `index`, into out; false when
 * there are fewer words. */
static bool list_word(const char *list, size_t index, char *out, size_t cap)
{
	const char *p = list;
	for (size_t i = 0;; i++) {
		while (*p == ' ')
			p++;
		if (!*p)
			return false;
		size_t len = strcspn(p, " ");
		if (i == index) {
			snprintf(out, cap, "%.*s", (int)len, p);
			return true;
		}
		p += len;
	}
}

size_t arb_option_values(const arb_option_row *s, const char **names, size_t max, char (*buf)[32])
{
	size_t n = 0;
	if (s->vals == ARB_VALS_GAMES) {
		for (size_t i = 0; i < arb_game_count() && n < max; i++)
			names[n++] = arb_game_at(i)->name;
	} else if (s->values) {
		while (n < max && list_word(s->values, n, buf[n], sizeof buf[n])) {
			names[n] = buf[n];
			n++;
		}
	}
	return n;
}

/* ": a, b or c" (": a, b, c, or a file" for suggestions) after a help text. */
static void print_values(FILE *f, const arb_option_row *s)
{
	const char *names[16];
	char buf[16][32];
	size_t n = arb_option_values(s, names, 16, buf);
	if (!n)
		return;
	fprintf(f, ":");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%s",
			i == 0					    ? " "
			: i + 1 == n && s->vals != ARB_VALS_SOME_OF ? " or "
								    : ", ",
			names[i]);
	if (s->vals == ARB_VALS_SOME_OF)
		fprintf(f, ", or a file");
}

static void print_option(FILE *f, const arb_option_row *s)
{
	char left[40];
	char arg[24] = "";
	if (s->arg)
		snprintf(arg, sizeof arg, "=%s", s->arg);
	if (s->short_name)
		snprintf(left, sizeof left, "-%c, --%s%s", s->short_name, s->name, arg);
	else
		snprintf(left, sizeof left, "    --%s%s", s->name, arg);
	fprintf(f, "  %-24s %s", left, s->help);
	print_values(f, s);
	fprintf(f, "\n");
}

/* The whole help: commands, then the options grouped by the commands that
 * take them (widest groups first). */
void arb_usage(FILE *f)
{
	fprintf(f, "usage: arbiter [COMMAND] [OPTIONS] [FILE...]\n"
		   "Referee recorded board games in TGN: replay every move, report the\n"
		   "first illegal move of each game, the scores and the winner.\n"
		   "With no FILE, or when FILE is -, read standard input.\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < ARB_NCOMMANDS; i++)
		fprintf(f, "  %-10s %s\n", arb_commands[i].name, arb_commands[i].help);
	bool done[ARB_NOPTIONS] = { false };
	for (int width = ARB_NCOMMANDS; width > 0; width--)
		for (size_t i = 0; i < ARB_NOPTIONS; i++) {
			unsigned mask = arb_options[i].commands;
			if (done[i] || __builtin_popcount(mask) != width)
				continue;
			char who[160];
			arb_commands_phrase(mask, who, sizeof who);
			fprintf(f, "\nOptions of %s:\n", who);
			for (size_t j = i; j < ARB_NOPTIONS; j++)
				if (arb_options[j].commands == mask) {
					print_option(f, &arb_options[j]);
					done[j] = true;
				}
		}
	fprintf(f, "\nExit status: 0 every game legal, 1 some game illegal, "
		   "2 usage, syntax, data or I/O error.\n"
		   "'arbiter COMMAND --help' lists that command's options. "
		   "See arbiter(1) and tgn(5).\n");
}

/* One command's help: its synopsis, what it does, and its options only. */
void arb_command_usage(FILE *f, int cmd)
{
	const char *name = arb_commands[cmd].name;
	if (cmd == ARB_CMD_help)
		fprintf(f, "usage: arbiter help [COMMAND]\n");
	else if (cmd == ARB_CMD_gen)
		fprintf(f, "usage: arbiter gen --game NAME [OPTIONS]\n");
	else if (cmd == ARB_CMD_referee)
		fprintf(f, "usage: arbiter referee --game NAME [OPTIONS]\n");
	else if (cmd == ARB_CMD_bot)
		fprintf(f, "usage: arbiter bot [OPTIONS]\n");
	else if (cmd == ARB_CMD_match)
		fprintf(f, "usage: arbiter match --game NAME --bot NAME=COMMAND... -o FILE "
			   "[OPTIONS]\n");
	else if (cmd == ARB_CMD_check)
		fprintf(f, "usage: arbiter [check] [OPTIONS] [FILE...]\n");
	else
		fprintf(f, "usage: arbiter %s [OPTIONS] [FILE...]\n", name);
	fprintf(f, "%c%s.\n\nOptions:\n", arb_commands[cmd].help[0] - 'a' + 'A',
		arb_commands[cmd].help + 1);
	for (size_t i = 0; i < ARB_NOPTIONS; i++)
		if (arb_options[i].commands & (1u << cmd))
			print_option(f, &arb_options[i]);
}

int arb_cmd_help(const arb_opts *o)
{
	if (o->nfiles > 1)
		return arb_usage_error("%s", "help takes at most one COMMAND");
	if (o->nfiles == 0) {
		arb_usage(stdout);
		return 0;
	}
	int cmd = arb_command_index(o->files[0]);
	if (cmd < 0) {
		const char *close = arb_command_suggest(o->files[0]);
		fprintf(stderr, "arbiter: help: unknown command \"%s\"", o->files[0]);
		if (close)
			fprintf(stderr, " (did you mean %s?)", close);
		fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
		return ARB_EXIT_ERROR;
	}
	arb_command_usage(stdout, cmd);
	return 0;
}
