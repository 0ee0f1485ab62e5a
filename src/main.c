/*
 * main.c — arbiter's command line.  The table of src/cli/options.h
 * becomes getopt_long's table, --help (whole, or one command's options),
 * the check that each option is given to a command that takes it and the
 * check of its values; then the first operand picks a command (or, when
 * it is a misspelled one, a "did you mean" error) and the command runs.
 * --data files are loaded here, before any command.  The commands
 * themselves live in src/cli/cmd_*.c.
 */
#include <errno.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <math.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/rating.h"
#include "core/gamedata.h"
#include "core/suggest.h"
#include "core/util.h"
#include "games/registry.h"

enum {
#define X(id, name, short, arg, cmds, vals, help) OPT_##id,
	ARB_OPTIONS(X)
#undef X
		OPT_NUMBER_OF_OPTIONS
};

/* One row of ARB_OPTIONS. */
typedef struct option_spec {
	const char *name;  /* long name, without "--"                */
	int short_name;	   /* letter, or 0                           */
	const char *arg;   /* the argument's name in --help; NULL: none */
	unsigned commands; /* CMD_BIT()s of the commands that take it */
	arb_vals_kind vals;
	const char *values; /* space-separated (ONE_OF, SOME_OF)       */
	const char *help;
} option_spec;

static const option_spec options[] = {
#define X(id, name, short, arg, cmds, vals, help) { name, short, arg, cmds, vals, help },
	ARB_OPTIONS(X)
#undef X
};

static int cmd_help(const arb_opts *o);

static const struct {
	const char *name;
	int (*run)(const arb_opts *);
	const char *help;
} commands[] = {
#define X(name, fn, help) { #name, fn, help },
	ARB_COMMANDS(X)
#undef X
};

/* The command called `name` exactly, or -1. */
static int command_index(const char *name)
{
	for (int i = 0; i < ARB_NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return i;
	return -1;
}

/* The command closest to the unknown word `name`, or NULL. */
static const char *command_suggest(const char *name)
{
	const char *names[ARB_NCOMMANDS];
	for (int i = 0; i < ARB_NCOMMANDS; i++)
		names[i] = commands[i].name;
	return arb_suggest(name, names, ARB_NCOMMANDS);
}

/* What people coming from other tools type for a command: no edit of
 * two letters turns "generate" into gen, so these are suggested by name. */
static const struct {
	const char *word, *command;
} command_synonyms[] = {
	{ "generate", "gen" },	 { "random", "gen" },	   { "format", "fmt" },
	{ "canonical", "fmt" },	 { "pretty", "fmt" },	   { "validate", "check" },
	{ "verify", "check" },	 { "lint", "check" },	   { "replay", "check" },
	{ "show", "view" },	 { "html", "view" },	   { "print", "dump" },
	{ "board", "dump" },	 { "svg", "dump" },	   { "convert", "import" },
	{ "filter", "select" },	 { "grep", "select" },	   { "ranking", "standings" },
	{ "rank", "standings" }, { "table", "standings" }, { "results", "standings" },
	{ "points", "score" },	 { "scores", "score" },	   { "legal", "moves" },
};

/* The command people mean by `name` (any case), when it is a synonym. */
static const char *command_synonym(const char *name)
{
	for (size_t i = 0; i < sizeof command_synonyms / sizeof command_synonyms[0]; i++)
		if (!strcasecmp(command_synonyms[i].word, name))
			return command_synonyms[i].command;
	return NULL;
}

/* "a, b and c" (or "every command but ..." when that is shorter) for the
 * commands in `mask`, into out. */
static void commands_phrase(unsigned mask, char *out, size_t cap)
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
				      commands[i].name);
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

/* The values an option accepts or suggests, each into names[] (borrowed
 * from the registry or copied into buf); returns how many. */
static size_t option_values(const option_spec *s, const char **names, size_t max, char (*buf)[32])
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
static void print_values(FILE *f, const option_spec *s)
{
	const char *names[16];
	char buf[16][32];
	size_t n = option_values(s, names, 16, buf);
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

static void print_option(FILE *f, const option_spec *s)
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
static void usage(FILE *f)
{
	fprintf(f, "usage: arbiter [COMMAND] [OPTIONS] [FILE...]\n"
		   "Referee recorded board games in TGN: replay every move, report the\n"
		   "first illegal move of each game, the scores and the winner.\n"
		   "With no FILE, or when FILE is -, read standard input.\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < ARB_NCOMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	size_t nopt = sizeof options / sizeof options[0];
	bool done[sizeof options / sizeof options[0]] = { false };
	for (int width = ARB_NCOMMANDS; width > 0; width--)
		for (size_t i = 0; i < nopt; i++) {
			unsigned mask = options[i].commands;
			if (done[i] || __builtin_popcount(mask) != width)
				continue;
			char who[160];
			commands_phrase(mask, who, sizeof who);
			fprintf(f, "\nOptions of %s:\n", who);
			for (size_t j = i; j < nopt; j++)
				if (options[j].commands == mask) {
					print_option(f, &options[j]);
					done[j] = true;
				}
		}
	fprintf(f, "\nExit status: 0 every game legal, 1 some game illegal, "
		   "2 usage, syntax, data or I/O error.\n"
		   "'arbiter COMMAND --help' lists that command's options. "
		   "See arbiter(1) and tgn(5).\n");
}

/* One command's help: its synopsis, what it does, and its options only. */
static void command_usage(FILE *f, int cmd)
{
	const char *name = commands[cmd].name;
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
	fprintf(f, "%c%s.\n\nOptions:\n", commands[cmd].help[0] - 'a' + 'A',
		commands[cmd].help + 1);
	for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].commands & (1u << cmd))
			print_option(f, &options[i]);
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "arbiter: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
	return ARB_EXIT_ERROR;
}

/* An option getopt does not know: the closest long option's name when
 * `arg` is a long option a letter or two away ("--formt=json"). */
static int unknown_option(const char *arg, const struct option *longopts, size_t nopt)
{
	const char *close = NULL;
	if (!strncmp(arg, "--", 2) && arg[2]) {
		char word[ARB_SUGGEST_MAX_LEN + 1];
		snprintf(word, sizeof word, "%.*s", (int)strcspn(arg + 2, "="), arg + 2);
		const char *names[64];
		size_t n = 0;
		for (size_t i = 0; i < nopt && n < 64; i++)
			names[n++] = longopts[i].name;
		close = arb_suggest(word, names, n);
	}
	fprintf(stderr, "arbiter: unknown option '%s'", arg);
	if (close)
		fprintf(stderr, " (did you mean --%s?)", close);
	fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
	return ARB_EXIT_ERROR;
}

/* "-s/--seed" or "--at": how an option is named in messages. */
static const char *option_name(const option_spec *s, char *buf, size_t cap)
{
	if (s->short_name)
		snprintf(buf, cap, "-%c/--%s", s->short_name, s->name);
	else
		snprintf(buf, cap, "--%s", s->name);
	return buf;
}

/* A non-negative decimal number up to max, for --at, --count, ... */
static int number_arg(const char *opt, const char *arg, long min, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (!*arg || *end || errno || v < min || v > max) {
		fprintf(stderr,
			"arbiter: %s: '%s' is not a number from %ld to %ld\n"
			"Try 'arbiter --help' for more information.\n",
			opt, arg, min, max);
		return -1;
	}
	*out = v;
	return 0;
}

/* --sprt ELO0,ELO1[,ALPHA,BETA]: two numbers or four, each whole, and
 * together a test (arb_sprt_valid).  Returns -1 after a usage error. */
static int sprt_arg(const char *arg, arb_opts *o)
{
	double v[4] = { 0, 0, 0.05, 0.05 };
	size_t n = 0;
	char why[160];
	for (const char *p = arg;; p++) {
		size_t len = strcspn(p, ",");
		char field[64];
		snprintf(field, sizeof field, "%.*s", (int)(len < 63 ? len : 63), p);
		char *end;
		errno = 0;
		double x = n < 4 ? strtod(field, &end) : 0;
		if (n == 4 || !len || len > 63 || *end || errno || !isfinite(x) ||
		    strspn(field, " \t")) {
			snprintf(why, sizeof why,
				 n == 4 ? "more than four values" : "'%s' is not a number", field);
			goto bad;
		}
		v[n++] = x;
		p += len;
		if (!*p)
			break;
	}
	if (n != 2 && n != 4) {
		snprintf(why, sizeof why, "%s: give ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA",
			 n == 1 ? "one value" : "three values");
		goto bad;
	}
	if (!arb_sprt_valid(v[0], v[1], v[2], v[3], why, sizeof why))
		goto bad;
	o->sprt = true;
	o->sprt_elo0 = v[0];
	o->sprt_elo1 = v[1];
	o->sprt_alpha = v[2];
	o->sprt_beta = v[3];
	return 0;
bad:
	fprintf(stderr,
		"arbiter: --sprt: %s (ELO0,ELO1[,ALPHA,BETA], such as 0,10 or 0,10,0.05,0.05)\n"
		"Try 'arbiter --help' for more information.\n",
		why);
	return -1;
}

/* The index of `arg` among a ONE_OF option's values (any case), or -1
 * after a usage error that lists them (and the closest, if any). */
static int value_index(const option_spec *s, const char *arg)
{
	const char *names[16];
	char buf[16][32];
	size_t n = option_values(s, names, 16, buf);
	for (size_t i = 0; i < n; i++)
		if (!strcasecmp(names[i], arg))
			return (int)i;
	const char *close = arb_suggest(arg, names, n);
	fprintf(stderr, "arbiter: --%s: '%s' is not one of", s->name, arg);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "%s%s", i ? ", " : " ", names[i]);
	if (close)
		fprintf(stderr, " (did you mean %s?)", close);
	fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
	return -1;
}

static int finish(int status)
{
	arb_gamedata_free_all();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "arbiter: error: cannot write to standard output\n");
		return ARB_EXIT_ERROR;
	}
	return status;
}

/* `arbiter help [COMMAND]`: the whole help, or one command's. */
static int cmd_help(const arb_opts *o)
{
	if (o->nfiles > 1)
		return usage_error("%s", "help takes at most one COMMAND");
	if (o->nfiles == 0) {
		usage(stdout);
		return finish(0);
	}
	int cmd = command_index(o->files[0]);
	if (cmd < 0) {
		const char *close = command_suggest(o->files[0]);
		fprintf(stderr, "arbiter: help: unknown command \"%s\"", o->files[0]);
		if (close)
			fprintf(stderr, " (did you mean %s?)", close);
		fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
		return ARB_EXIT_ERROR;
	}
	command_usage(stdout, cmd);
	return finish(0);
}

/* True for a word a user would type as a command ("chek"), not for a
 * file name ("game1.tgn", "./x", "-"). */
static bool looks_like_word(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '-' ||
		      *s == '_'))
			return false;
	return true;
}

/* The options as given, in order, before anything is interpreted. */
typedef struct given {
	int id;
	const char *arg;
} given;

/* Each game's memory is freed when the game ends and asked for again by
 * the next one.  glibc would give the top of its heap back to the system
 * at each free and serve large blocks (a Catan view's tables, its search's
 * memo) from mmap, so every game paid page faults for it again: twice the
 * time of a stream of view records.  Kept instead, the memory stays at
 * the peak of one game, as it would anyway. */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
	if (!mallopt(M_TRIM_THRESHOLD, 256 << 20) || !mallopt(M_MMAP_THRESHOLD, 32 << 20))
		return; /* a tuning only: the defaults work */
#endif
}

int main(int argc, char **argv)
{
	keep_freed_memory();
	enum { NOPT = sizeof options / sizeof options[0] };
	struct option longopts[NOPT + 1];
	char shortopts[2 * NOPT + 2];
	size_t ns = 0;
	shortopts[ns++] = ':';
	for (size_t i = 0; i < NOPT; i++) {
		longopts[i] = (struct option){ options[i].name,
					       options[i].arg ? required_argument : no_argument,
					       NULL, 1000 + (int)i };
		if (options[i].short_name) {
			shortopts[ns++] = (char)options[i].short_name;
			if (options[i].arg)
				shortopts[ns++] = ':';
		}
	}
	longopts[NOPT] = (struct option){ 0, 0, 0, 0 };
	shortopts[ns] = '\0';

	/* static: still reachable when a usage error returns from main; the
	 * previous call's is freed (the fuzz harness calls main again) */
	static given *seen;
	free(seen);
	/* bundled short options (-qkv) give several options per argument:
	 * at most one per byte of the arguments */
	size_t most = 1;
	for (int i = 1; i < argc; i++)
		most += strlen(argv[i]) + 1;
	seen = arb_xcalloc(most, sizeof *seen);
	size_t nseen = 0;
	bool want_help = false, want_version = false;
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c == '?')
			return unknown_option(argv[optind - 1], longopts, NOPT);
		if (c == ':')
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		int id = c >= 1000 ? c - 1000 : -1;
		for (size_t i = 0; id < 0 && i < NOPT; i++)
			if (options[i].short_name == c)
				id = (int)i;
		if (id == OPT_HELP)
			want_help = true;
		else if (id == OPT_VERSION)
			want_version = true;
		seen[nseen++] = (given){ id, optarg };
	}

	/* The command: the first operand when it names one.  A first operand
	 * that is neither a command nor a file, and reads like a word, is a
	 * mistyped command rather than a missing record. */
	arb_opts o = { .command = "check",
		       .keep_going = true,
		       .format = FMT_TEXT,
		       .at = -1,
		       .seed = 1,
		       .count = 1,
		       .players = 0,
		       .max_moves = 0 };
	int cmd = ARB_CMD_check;
	bool named = false;
	int first = optind;
	if (first < argc) {
		const char *w = argv[first];
		struct stat st;
		int k = command_index(w);
		if (k >= 0) {
			cmd = k;
			named = true;
			first++;
		} else if (strcmp(w, "-") != 0 && stat(w, &st) != 0 && looks_like_word(w)) {
			const char *close = command_synonym(w);
			if (!close)
				close = command_suggest(w);
			fprintf(stderr, "arbiter: unknown command \"%s\"", w);
			if (close)
				fprintf(stderr, " (did you mean %s?)", close);
			else
				fprintf(stderr, ", and no file of that name");
			fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
			return ARB_EXIT_ERROR;
		}
	}
	o.command = commands[cmd].name;
	o.files = argv + first;
	o.nfiles = argc - first;
	if (want_help) {
		if (named)
			command_usage(stdout, cmd);
		else
			usage(stdout);
		return finish(0);
	}
	if (want_version) {
		printf("arbiter %s\n", ARB_VERSION);
		return finish(0);
	}

	/* Each option given to a command that takes it (the table says which). */
	for (size_t i = 0; i < nseen; i++) {
		const option_spec *s = &options[seen[i].id];
		if (s->commands & (1u << cmd))
			continue;
		char name[48], who[160];
		commands_phrase(s->commands, who, sizeof who);
		option_name(s, name, sizeof name);
		if (!strncmp(who, "every", 5)) /* the command is among the "but" */
			fprintf(stderr, "arbiter: %s works with %s\n", name, who);
		else
			fprintf(stderr, "arbiter: %s works with %s only, not %s\n", name, who,
				o.command);
		fprintf(stderr, "Try 'arbiter %s --help' for more information.\n", o.command);
		return ARB_EXIT_ERROR;
	}

	const char *data_files[32];
	int ndata = 0;
	bool keep_going_given = false, fail_fast_given = false;
	for (size_t i = 0; i < nseen; i++) {
		const char *arg = seen[i].arg;
		int v;
		switch (seen[i].id) {
		case OPT_AT:
			if (number_arg("--at", arg, 0, 100000000, &o.at))
				return ARB_EXIT_ERROR;
			break;
		case OPT_COUNT:
			if (number_arg("--count", arg, 0, 1000000000, &o.count))
				return ARB_EXIT_ERROR;
			break;
		case OPT_VIEW:
			o.view = arg;
			break;
		case OPT_VARIANT:
			o.variant = arg;
			break;
		case OPT_STRATEGY:
			if ((v = value_index(&options[OPT_STRATEGY], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.strategy = v;
			break;
		case OPT_TERMINAL:
			o.terminal = arg;
			break;
		case OPT_BOT:
			if (o.nbots == 64)
				return usage_error("%s", "more than 64 --bot options");
			if (!strchr(arg, '=') || arg[0] == '=')
				return usage_error("--bot: '%s' is not NAME=COMMAND", arg);
			o.bots[o.nbots++] = arg;
			break;
		case OPT_GAMES:
			if (number_arg("--games", arg, 1, 100000000, &o.games))
				return ARB_EXIT_ERROR;
			break;
		case OPT_TC:
			o.tc = arg;
			break;
		case OPT_MOVE_TIME:
			o.move_time = arg;
			break;
		case OPT_GAUNTLET:
			o.gauntlet = arg;
			break;
		case OPT_VIEWS:
			o.views = arg;
			break;
		case OPT_DUPLICATE:
			o.duplicate = true;
			break;
		case OPT_RECOVER:
			o.recover = true;
			break;
		case OPT_RESUME:
			o.resume = true;
			break;
		case OPT_CHANCE:
			if ((v = value_index(&options[OPT_CHANCE], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.chance_supplied = v == 1;
			break;
		case OPT_MAX_MOVES:
			if (number_arg("--max-moves", arg, 0, 100000000, &o.max_moves))
				return ARB_EXIT_ERROR;
			break;
		case OPT_PLAYERS:
			if (number_arg("--players", arg, 0, ARB_MAX_SEATS, &o.players))
				return ARB_EXIT_ERROR;
			break;
		case OPT_SEED: {
			char *end;
			errno = 0;
			o.seed = strtoull(arg, &end, 10);
			if (!*arg || *end || errno || arg[0] == '-')
				return usage_error("--seed: '%s' is not a number", arg);
			break;
		}
		case OPT_DATA:
			if (ndata == 32)
				return usage_error("%s", "too many --data files");
			data_files[ndata++] = arg;
			break;
		case OPT_FORMAT:
			if ((v = value_index(&options[OPT_FORMAT], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.format = (arb_format)v; /* the list is in arb_format's order */
			break;
		case OPT_GAME: {
			const arb_game_ops *g = arb_game_find(arg);
			if (!g) {
				const char *close = arb_game_suggest(arg);
				char known[256], msg[400];
				arb_game_list(known, sizeof known);
				if (close)
					snprintf(msg, sizeof msg,
						 "--game: unknown game '%%s' (did you mean %s?)",
						 close);
				else
					snprintf(msg, sizeof msg,
						 "--game: unknown game '%%s' (arbiter knows %s)",
						 known);
				return usage_error(msg, arg);
			}
			o.game = g->name; /* the registry's spelling, whatever the case */
			break;
		}
		case OPT_FROM:
			if (value_index(&options[OPT_FROM], arg) < 0)
				return ARB_EXIT_ERROR;
			o.from = arg;
			break;
		case OPT_GROUP:
			if ((v = value_index(&options[OPT_GROUP], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.group = v; /* GROUP_EVENT ... GROUP_NONE */
			break;
		case OPT_DUPLICATES:
			if ((v = value_index(&options[OPT_DUPLICATES], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.duplicates = v; /* DUP_SKIP, DUP_WARN, DUP_COUNT */
			break;
		case OPT_NAMES:
			if ((v = value_index(&options[OPT_NAMES], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.names_exact = v == 1;
			break;
		case OPT_IN_PLACE:
			o.in_place = true;
			break;
		case OPT_INCLUDE_ILLEGAL:
			o.include_illegal = true;
			break;
		case OPT_SCHEME:
			o.scheme = arg;
			break;
		case OPT_RATING:
			if ((v = value_index(&options[OPT_RATING], arg)) < 0)
				return ARB_EXIT_ERROR;
			o.rating = v ? ARB_RATING_PLACKETT_LUCE : ARB_RATING_ELO;
			break;
		case OPT_SPRT:
			if (sprt_arg(arg, &o))
				return ARB_EXIT_ERROR;
			break;
		case OPT_INVALID:
			o.invalid = true;
			break;
		case OPT_INVERT:
			o.invert = true;
			break;
		case OPT_OUTPUT:
			o.output = arg;
			break;
		case OPT_PLAYER:
			o.player = arg;
			break;
		case OPT_TAG:
			if (o.ntags == 16)
				return usage_error("%s", "more than 16 --tag options");
			if (!strchr(arg, '=') || arg[0] == '=')
				return usage_error("--tag: '%s' is not NAME=VALUE", arg);
			o.tags[o.ntags++] = arg;
			break;
		case OPT_VALID:
			o.valid = true;
			break;
		case OPT_KEEP_GOING:
			o.keep_going = true;
			keep_going_given = true;
			break;
		case OPT_FAIL_FAST:
			o.keep_going = false;
			fail_fast_given = true;
			break;
		case OPT_SUMMARY:
			o.summary = true;
			break;
		case OPT_JOBS:
			if (number_arg("-j/--jobs", arg, 1, 1024, &o.jobs))
				return ARB_EXIT_ERROR;
			break;
		case OPT_LABELS:
			o.labels = true;
			break;
		case OPT_QUIET:
			o.quiet = true;
			break;
		case OPT_SNAPSHOT:
			o.snapshot = true;
			break;
		default: /* --help and --version were handled above */
			break;
		}
	}

	/* What the table cannot say: combinations within one command. */
	if (o.in_place) {
		if (o.nfiles == 0)
			return usage_error(
				"%s",
				"fmt -i needs FILE operands: standard input cannot be rewritten");
		for (int i = 0; i < o.nfiles; i++)
			if (!strcmp(o.files[i], "-"))
				return usage_error("%s",
						   "fmt -i cannot rewrite standard input ('-')");
	}
	if (keep_going_given && fail_fast_given)
		return usage_error("%s", "-k/--keep-going and --fail-fast exclude each other");
	if (o.labels && o.snapshot)
		return usage_error("%s", "--labels and --snapshot exclude each other");
	if (cmd == ARB_CMD_dump && o.game && !(o.labels && o.nfiles == 0))
		return usage_error(
			"%s",
			"dump takes --game only with --labels and no FILE (a record names its game)");
	if (cmd == ARB_CMD_gen && !o.game)
		return usage_error("%s", "gen needs --game NAME");
	if (cmd == ARB_CMD_referee && !o.game)
		return usage_error("%s", "referee needs --game NAME");
	if (cmd == ARB_CMD_referee && o.format != FMT_TEXT && o.format != FMT_JSON)
		return usage_error("%s", "referee answers in text or json: --format=text or json");
	if (cmd == ARB_CMD_referee && o.nfiles)
		return usage_error("%s",
				   "referee takes no FILE: the requests come on standard input");
	if (cmd == ARB_CMD_match && (!o.game || !o.output || o.nfiles))
		return usage_error("%s", "match needs --game NAME, -o FILE and no FILE operand");
	if (cmd == ARB_CMD_match && o.format != FMT_TEXT && o.format != FMT_JSON &&
	    o.format != FMT_YAML && o.format != FMT_TSV)
		return usage_error("%s", "match prints its standings as text, json, yaml or tsv");
	if (cmd == ARB_CMD_bot && o.nfiles)
		return usage_error("%s",
				   "bot takes no FILE: the host's lines come on standard input");
	if ((o.format == FMT_SVG || o.format == FMT_HTML) && cmd != ARB_CMD_dump)
		return usage_error("%s", "--format=svg and --format=html are for dump (and view)");
	if (cmd == ARB_CMD_view)
		o.format = FMT_HTML;
	bool picture = o.format == FMT_SVG || o.format == FMT_HTML;
	if (o.output && !picture && cmd != ARB_CMD_referee && cmd != ARB_CMD_match)
		return usage_error(
			"%s", "-o writes pictures: it needs dump --format=svg or html, or view");
	if (picture && o.snapshot)
		return usage_error("%s", "--snapshot prints text: it does not go with a picture");
	if (picture && o.game)
		return usage_error(
			"%s",
			"a picture needs a record: dump --labels --game NAME prints text only");
	if ((cmd == ARB_CMD_dump || cmd == ARB_CMD_moves) && o.format == FMT_TSV)
		return usage_error(
			"%s",
			"dump and moves write text, YAML or JSON: --format=tsv does not apply");
	if (cmd == ARB_CMD_gen && o.nfiles)
		return usage_error("%s", "gen takes no FILE: it writes games, it reads none");
	if (o.valid && o.invalid)
		return usage_error("%s",
				   "--valid and --invalid exclude each other (use -v to invert)");
	if (cmd == ARB_CMD_help)
		return cmd_help(&o);

	for (int i = 0; i < ndata; i++) {
		arb_diag d;
		if (arb_gamedata_override(data_files[i], &d))
			return finish(arb_report_diag(&o, &d));
	}
	/* A person at a terminal who named no file would otherwise face a
	 * silent wait: say what is being read and how to end it. */
	if (o.nfiles == 0 && cmd != ARB_CMD_gen && cmd != ARB_CMD_referee && cmd != ARB_CMD_bot &&
	    cmd != ARB_CMD_match && !o.quiet && isatty(STDIN_FILENO))
		fprintf(stderr, "arbiter: reading records from standard input "
				"(end with Ctrl-D; 'arbiter --help' for usage)\n");
	return finish(commands[cmd].run(&o));
}
