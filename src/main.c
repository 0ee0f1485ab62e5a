/*
 * main.c — arbiter's command line: the option table (src/cli/options.h)
 * turned into getopt_long's table and --help, then dispatch to a command.
 * Nothing else lives here.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "core/gamedata.h"
#include "games/registry.h"

enum {
#define X(id, name, short, arg, argname, help) OPT_##id,
	ARB_OPTIONS(X)
#undef X
	OPT_NUMBER_OF_OPTIONS
};

static const struct {
	const char *name;
	int (*run)(const arb_opts *);
	const char *help;
} commands[] = {
#define X(name, help) { #name, NULL, help },
	ARB_COMMANDS(X)
#undef X
};

static int (*command_fn(const char *name))(const arb_opts *)
{
	if (!strcmp(name, "check") || !strcmp(name, "score"))
		return arb_cmd_check;
	if (!strcmp(name, "dump"))
		return arb_cmd_dump;
	if (!strcmp(name, "fmt"))
		return arb_cmd_fmt;
	if (!strcmp(name, "moves"))
		return arb_cmd_moves;
	if (!strcmp(name, "select"))
		return arb_cmd_select;
	if (!strcmp(name, "gen"))
		return arb_cmd_gen;
	if (!strcmp(name, "standings"))
		return arb_cmd_standings;
	return NULL;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: arbiter [COMMAND] [OPTIONS] [FILE...]\n"
		   "Referee recorded board games in TGN: replay every move, report the\n"
		   "first illegal move of each game, the scores and the winner.\n"
		   "With no FILE, or when FILE is -, read standard input.\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nOptions:\n");
#define X(id, name, short, arg, argname, help)                                   \
	{                                                                        \
		char left[40];                                                   \
		if (short)                                                       \
			snprintf(left, sizeof left, "-%c, --%s%s%s", short, name,  \
				 arg ? "=" : "", arg ? argname : "");            \
		else                                                             \
			snprintf(left, sizeof left, "    --%s%s%s", name,          \
				 arg ? "=" : "", arg ? argname : "");            \
		fprintf(f, "  %-24s %s\n", left, help);                          \
	}
	ARB_OPTIONS(X)
#undef X
	fprintf(f, "\nGames:");
	for (size_t i = 0; i < arb_game_count(); i++)
		if (arb_game_at(i))
			fprintf(f, " %s", arb_game_at(i)->name);
	fprintf(f, "\n\nExit status: 0 every game legal, 1 some game illegal, "
		   "2 usage, syntax, data or I/O error.\n"
		   "See arbiter(1) and tgn(5).\n");
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "arbiter: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
	return ARB_EXIT_ERROR;
}

/* A non-negative decimal number up to max, for --at, --count, ... */
static int number_arg(const char *opt, const char *arg, long max, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (!*arg || *end || errno || v < 0 || v > max) {
		fprintf(stderr, "arbiter: %s: '%s' is not a number from 0 to %ld\n"
			"Try 'arbiter --help' for more information.\n", opt, arg, max);
		return -1;
	}
	*out = v;
	return 0;
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
#define X(id, name, short, arg, argname, help) \
	{ name, arg ? required_argument : no_argument, NULL, 1000 + OPT_##id },
		ARB_OPTIONS(X)
#undef X
		{ 0, 0, 0, 0 }
	};
	char shortopts[64];
	size_t ns = 0;
	shortopts[ns++] = ':';
#define X(id, name, short, arg, argname, help) \
	if (short) {                           \
		shortopts[ns++] = (char)short; \
		if (arg)                       \
			shortopts[ns++] = ':';  \
	}
	ARB_OPTIONS(X)
#undef X
	shortopts[ns] = '\0';

	arb_opts o = { .command = "check", .format = FMT_TEXT, .at = -1,
		       .seed = 1, .count = 1, .players = 0, .max_moves = 0 };
	bool gen_opts = false, group_opt = false;
	const char *data_files[32];
	int ndata = 0;
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		int id = c >= 1000 ? c - 1000 : -1;
		if (id < 0) {
#define X(oid, name, short, arg, argname, help) \
	if (short && c == short)                \
		id = OPT_##oid;
			ARB_OPTIONS(X)
#undef X
		}
		if (c == '?')
			return usage_error("unknown option '%s'", argv[optind - 1]);
		if (c == ':')
			return usage_error("option '%s' needs an argument", argv[optind - 1]);
		if (id == OPT_COUNT || id == OPT_MAX_MOVES || id == OPT_PLAYERS || id == OPT_SEED)
			gen_opts = true;
		switch (id) {
		case OPT_AT:
			if (number_arg("--at", optarg, 100000000, &o.at))
				return ARB_EXIT_ERROR;
			break;
		case OPT_COUNT:
			if (number_arg("--count", optarg, 1000000000, &o.count))
				return ARB_EXIT_ERROR;
			break;
		case OPT_MAX_MOVES:
			if (number_arg("--max-moves", optarg, 100000000, &o.max_moves))
				return ARB_EXIT_ERROR;
			break;
		case OPT_PLAYERS:
			if (number_arg("--players", optarg, ARB_MAX_SEATS, &o.players))
				return ARB_EXIT_ERROR;
			break;
		case OPT_SEED: {
			char *end;
			errno = 0;
			o.seed = strtoull(optarg, &end, 10);
			if (!*optarg || *end || errno || optarg[0] == '-')
				return usage_error("--seed: '%s' is not a number", optarg);
			break;
		}
		case OPT_DATA:
			if (ndata == 32)
				return usage_error("%s", "too many --data files");
			data_files[ndata++] = optarg;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				o.format = FMT_TEXT;
			else if (!strcmp(optarg, "yaml"))
				o.format = FMT_YAML;
			else if (!strcmp(optarg, "json"))
				o.format = FMT_JSON;
			else if (!strcmp(optarg, "tsv"))
				o.format = FMT_TSV;
			else
				return usage_error("--format: '%s' is not one of text, yaml, json, tsv",
						   optarg);
			break;
		case OPT_GAME:
			o.game = optarg;
			break;
		case OPT_HELP:
			usage(stdout);
			return finish(0);
		case OPT_IN_PLACE:
			o.in_place = true;
			break;
		case OPT_GROUP:
			if (!strcmp(optarg, "event"))
				o.group = 0;
			else if (!strcmp(optarg, "round"))
				o.group = 1;
			else if (!strcmp(optarg, "table"))
				o.group = 2;
			else
				return usage_error("--group: '%s' is not one of event, round, table", optarg);
			group_opt = true;
			break;
		case OPT_INCLUDE_ILLEGAL:
			o.include_illegal = true;
			break;
		case OPT_SCHEME:
			o.scheme = optarg;
			break;
		case OPT_INVALID:
			o.invalid = true;
			break;
		case OPT_INVERT:
			o.invert = true;
			break;
		case OPT_PLAYER:
			o.player = optarg;
			break;
		case OPT_TAG:
			if (o.ntags == 16)
				return usage_error("%s", "more than 16 --tag options");
			if (!strchr(optarg, '=') || optarg[0] == '=')
				return usage_error("--tag: '%s' is not NAME=VALUE", optarg);
			o.tags[o.ntags++] = optarg;
			break;
		case OPT_VALID:
			o.valid = true;
			break;
		case OPT_KEEP_GOING:
			o.keep_going = true;
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
		case OPT_VERSION:
			printf("arbiter %s\n", ARB_VERSION);
			return finish(0);
		default:
			return usage_error("unexpected option '%s'", argv[optind - 1]);
		}
	}
	int first = optind;
	if (first < argc && command_fn(argv[first]) && strcmp(argv[first], "-") != 0) {
		o.command = argv[first];
		first++;
	}
	o.files = argv + first;
	o.nfiles = argc - first;
	if (o.in_place && strcmp(o.command, "fmt") != 0)
		return usage_error("-i/--in-place works with fmt only, not %s", o.command);
	if (o.in_place) {
		if (o.nfiles == 0)
			return usage_error("%s", "fmt -i needs FILE operands: standard input cannot be rewritten");
		for (int i = 0; i < o.nfiles; i++)
			if (!strcmp(o.files[i], "-"))
				return usage_error("%s", "fmt -i cannot rewrite standard input ('-')");
	}
	if ((o.labels || o.snapshot) && strcmp(o.command, "dump") != 0)
		return usage_error("--labels and --snapshot work with dump only, not %s",
				   o.command);
	if (o.labels && o.snapshot)
		return usage_error("%s", "--labels and --snapshot exclude each other");
	if (o.at >= 0 && strcmp(o.command, "dump") && strcmp(o.command, "moves"))
		return usage_error("--at works with dump and moves only, not %s", o.command);
	bool select = !strcmp(o.command, "select");
	bool gen = !strcmp(o.command, "gen");
	if (o.game && !select && !gen && !(o.labels && o.nfiles == 0))
		return usage_error("%s", "--game works with gen and select, and with dump --labels without a record");
	if (gen_opts && !gen)
		return usage_error("--count, --max-moves, --players and --seed work with gen only, not %s",
				   o.command);
	if (gen && !o.game)
		return usage_error("%s", "gen needs --game NAME");
	bool standings = !strcmp(o.command, "standings");
	if ((o.scheme || o.include_illegal || group_opt) && !standings)
		return usage_error("--scheme, --group and --include-illegal work with standings only, not %s",
				   o.command);
	if ((!strcmp(o.command, "dump") || !strcmp(o.command, "moves")) && o.format == FMT_TSV)
		return usage_error("%s", "dump and moves write text, YAML or JSON: --format=tsv does not apply");
	if (gen && (o.nfiles || o.format != FMT_TEXT))
		return usage_error("%s", "gen takes no FILE and writes TGN: --format does not apply");
	if (!select && (o.player || o.ntags || o.valid || o.invalid || o.invert))
		return usage_error("--player, --tag, --valid, --invalid and -v work with select only, not %s",
				   o.command);
	if (o.valid && o.invalid)
		return usage_error("%s", "--valid and --invalid exclude each other (use -v to invert)");
	if (select && o.format != FMT_TEXT)
		return usage_error("%s", "select prints TGN: --format does not apply");
	if (o.game && !arb_game_find(o.game))
		return usage_error("--game: unknown game '%s'", o.game);
	if (!strcmp(o.command, "fmt") && o.format != FMT_TEXT)
		return usage_error("%s", "fmt prints TGN: --format does not apply");
	for (int i = 0; i < ndata; i++) {
		arb_diag d;
		if (arb_gamedata_override(data_files[i], &d))
			return finish(arb_report_diag(&o, &d));
	}
	return finish(command_fn(o.command)(&o));
}
