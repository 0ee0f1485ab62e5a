/*
 * args.c — reading the command line into arb_opts.  The table of
 * options.h becomes getopt_long's table; the first operand picks the
 * command (or, when it is a misspelled one, a "did you mean" error);
 * then each option is held to the commands that take it, its value is
 * checked and stored (by kind: switches, texts, numbers, choices, and the
 * few that need more), and last come the combinations the table cannot
 * say.  Every mistake is a usage error (status 2) naming the option.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "args.h"
#include "rating.h"
#include "../core/suggest.h"
#include "../core/util.h"
#include "../games/registry.h"

const arb_option_row arb_options[ARB_NOPTIONS] = {
#define X(id, name, short, arg, cmds, vals, help) { name, short, arg, cmds, vals, help },
	ARB_OPTIONS(X)
#undef X
};

const arb_command_row arb_commands[ARB_NCOMMANDS] = {
#define X(name, fn, help) { #name, fn, help },
	ARB_COMMANDS(X)
#undef X
};

int arb_command_index(const char *name)
{
	for (int i = 0; i < ARB_NCOMMANDS; i++)
		if (!strcmp(arb_commands[i].name, name))
			return i;
	return -1;
}

const char *arb_command_suggest(const char *name)
{
	const char *names[ARB_NCOMMANDS];
	for (int i = 0; i < ARB_NCOMMANDS; i++)
		names[i] = arb_commands[i].name;
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

int arb_usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "arbiter: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
	return ARB_EXIT_ERROR;
}

/* ------------------------------------------------- the words as given */

/* The options as given, in order, before anything is interpreted:
 * static, so still reachable when a usage error returns from main; the
 * previous call's is freed (the fuzz harness calls main again). */
typedef struct given {
	int id;
	const char *arg;
} given;
static given *seen;
static size_t nseen;

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

/* getopt_long over argv into seen[]; -1, or the status of a usage error. */
static int read_options(int argc, char **argv, arb_args *a)
{
	struct option longopts[ARB_NOPTIONS + 1];
	char shortopts[2 * ARB_NOPTIONS + 2];
	size_t ns = 0;
	shortopts[ns++] = ':';
	for (size_t i = 0; i < ARB_NOPTIONS; i++) {
		longopts[i] = (struct option){ arb_options[i].name,
					       arb_options[i].arg ? required_argument : no_argument,
					       NULL, 1000 + (int)i };
		if (arb_options[i].short_name) {
			shortopts[ns++] = (char)arb_options[i].short_name;
			if (arb_options[i].arg)
				shortopts[ns++] = ':';
		}
	}
	longopts[ARB_NOPTIONS] = (struct option){ 0, 0, 0, 0 };
	shortopts[ns] = '\0';

	free(seen);
	/* bundled short options (-qkv) give several options per argument:
	 * at most one per byte of the arguments */
	size_t most = 1;
	for (int i = 1; i < argc; i++)
		most += strlen(argv[i]) + 1;
	seen = arb_xcalloc(most, sizeof *seen);
	nseen = 0;
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c == '?')
			return unknown_option(argv[optind - 1], longopts, ARB_NOPTIONS);
		if (c == ':')
			return arb_usage_error("option '%s' needs an argument", argv[optind - 1]);
		int id = c >= 1000 ? c - 1000 : -1;
		for (size_t i = 0; id < 0 && i < ARB_NOPTIONS; i++)
			if (arb_options[i].short_name == c)
				id = (int)i;
		if (id == OPT_HELP)
			a->help = true;
		else if (id == OPT_VERSION)
			a->version = true;
		seen[nseen++] = (given){ id, optarg };
	}
	return -1;
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

/* The command: the first operand when it names one.  A first operand
 * that is neither a command nor a file, and reads like a word, is a
 * mistyped command rather than a missing record. */
static int read_command(int argc, char **argv, arb_args *a)
{
	int first = optind;
	if (first < argc) {
		const char *w = argv[first];
		struct stat st;
		int k = arb_command_index(w);
		if (k >= 0) {
			a->cmd = k;
			a->named = true;
			first++;
		} else if (strcmp(w, "-") != 0 && stat(w, &st) != 0 && looks_like_word(w)) {
			const char *close = command_synonym(w);
			if (!close)
				close = arb_command_suggest(w);
			fprintf(stderr, "arbiter: unknown command \"%s\"", w);
			if (close)
				fprintf(stderr, " (did you mean %s?)", close);
			else
				fprintf(stderr, ", and no file of that name");
			fprintf(stderr, "\nTry 'arbiter --help' for more information.\n");
			return ARB_EXIT_ERROR;
		}
	}
	a->o.command = arb_commands[a->cmd].name;
	a->o.files = argv + first;
	a->o.nfiles = argc - first;
	return -1;
}

int arb_args_read(int argc, char **argv, arb_args *a)
{
	*a = (arb_args){ .o = { .command = "check",
				.keep_going = true,
				.format = FMT_TEXT,
				.at = -1,
				.seed = 1,
				.count = 1,
				.players = 0,
				.max_moves = 0 },
			 .cmd = ARB_CMD_check };
	int status = read_options(argc, argv, a);
	return status >= 0 ? status : read_command(argc, argv, a);
}

/* ------------------------------------------------------ their values */

/* "-s/--seed" or "--at": how an option is named in messages. */
static const char *option_name(const arb_option_row *s, char *buf, size_t cap)
{
	if (s->short_name)
		snprintf(buf, cap, "-%c/--%s", s->short_name, s->name);
	else
		snprintf(buf, cap, "--%s", s->name);
	return buf;
}

/* Each option given to a command that takes it (the table says which). */
static int check_commands(const arb_args *a)
{
	for (size_t i = 0; i < nseen; i++) {
		const arb_option_row *s = &arb_options[seen[i].id];
		if (s->commands & (1u << a->cmd))
			continue;
		char name[48], who[160];
		arb_commands_phrase(s->commands, who, sizeof who);
		option_name(s, name, sizeof name);
		if (!strncmp(who, "every", 5)) /* the command is among the "but" */
			fprintf(stderr, "arbiter: %s works with %s\n", name, who);
		else
			fprintf(stderr, "arbiter: %s works with %s only, not %s\n", name, who,
				a->o.command);
		fprintf(stderr, "Try 'arbiter %s --help' for more information.\n", a->o.command);
		return ARB_EXIT_ERROR;
	}
	return -1;
}

/* The bool a switch (an option without argument) sets, or NULL. */
static bool *switch_field(arb_opts *o, int id)
{
	switch (id) {
	case OPT_DUPLICATE:
		return &o->duplicate;
	case OPT_RECOVER:
		return &o->recover;
	case OPT_RESUME:
		return &o->resume;
	case OPT_IN_PLACE:
		return &o->in_place;
	case OPT_INCLUDE_ILLEGAL:
		return &o->include_illegal;
	case OPT_INVALID:
		return &o->invalid;
	case OPT_INVERT:
		return &o->invert;
	case OPT_VALID:
		return &o->valid;
	case OPT_SUMMARY:
		return &o->summary;
	case OPT_LABELS:
		return &o->labels;
	case OPT_QUIET:
		return &o->quiet;
	case OPT_SNAPSHOT:
		return &o->snapshot;
	}
	return NULL;
}

/* The field an option's text is kept in as given, or NULL. */
static const char **text_field(arb_opts *o, int id)
{
	switch (id) {
	case OPT_VIEW:
		return &o->view;
	case OPT_VARIANT:
		return &o->variant;
	case OPT_TERMINAL:
		return &o->terminal;
	case OPT_TC:
		return &o->tc;
	case OPT_MOVE_TIME:
		return &o->move_time;
	case OPT_GAUNTLET:
		return &o->gauntlet;
	case OPT_VIEWS:
		return &o->views;
	case OPT_SCHEME:
		return &o->scheme;
	case OPT_OUTPUT:
		return &o->output;
	case OPT_PLAYER:
		return &o->player;
	}
	return NULL;
}

/* The options that take a whole number, its range, and the name their
 * messages give them. */
static const struct {
	int id;
	const char *name;
	long min, max;
} numbers[] = {
	{ OPT_AT, "--at", 0, 100000000 },
	{ OPT_COUNT, "--count", 0, 1000000000 },
	{ OPT_GAMES, "--games", 1, 100000000 },
	{ OPT_MAX_MOVES, "--max-moves", 0, 100000000 },
	{ OPT_PLAYERS, "--players", 0, ARB_MAX_SEATS },
	{ OPT_JOBS, "-j/--jobs", 1, 1024 },
};

static long *number_field(arb_opts *o, int id)
{
	switch (id) {
	case OPT_AT:
		return &o->at;
	case OPT_COUNT:
		return &o->count;
	case OPT_GAMES:
		return &o->games;
	case OPT_MAX_MOVES:
		return &o->max_moves;
	case OPT_PLAYERS:
		return &o->players;
	case OPT_JOBS:
		return &o->jobs;
	}
	return NULL;
}

/* A whole number within the option's range into *out; -1 after a usage
 * error. */
static int number_arg(int id, const char *arg, long *out)
{
	size_t k = 0;
	while (numbers[k].id != id)
		k++;
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (!*arg || *end || errno || v < numbers[k].min || v > numbers[k].max) {
		fprintf(stderr,
			"arbiter: %s: '%s' is not a number from %ld to %ld\n"
			"Try 'arbiter --help' for more information.\n",
			numbers[k].name, arg, numbers[k].min, numbers[k].max);
		return -1;
	}
	*out = v;
	return 0;
}

/* The index of `arg` among a ONE_OF option's values (any case), or -1
 * after a usage error that lists them (and the closest, if any). */
static int value_index(const arb_option_row *s, const char *arg)
{
	const char *names[16];
	char buf[16][32];
	size_t n = arb_option_values(s, names, 16, buf);
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

/* A ONE_OF option: the place of its value in the list is what it means.
 * -1 after a usage error. */
static int set_choice(arb_opts *o, int id, const char *arg)
{
	int v = value_index(&arb_options[id], arg);
	if (v < 0)
		return -1;
	switch (id) {
	case OPT_STRATEGY:
		o->strategy = v;
		break;
	case OPT_CHANCE:
		o->chance_supplied = v == 1;
		break;
	case OPT_FORMAT:
		o->format = (arb_format)v; /* the list is in arb_format's order */
		break;
	case OPT_FROM:
		o->from = arg;
		break;
	case OPT_GROUP:
		o->group = v; /* GROUP_EVENT ... GROUP_NONE */
		break;
	case OPT_DUPLICATES:
		o->duplicates = v; /* DUP_SKIP, DUP_WARN, DUP_COUNT */
		break;
	case OPT_NAMES:
		o->names_exact = v == 1;
		break;
	case OPT_RATING:
		o->rating = v ? ARB_RATING_PLACKETT_LUCE : ARB_RATING_ELO;
		break;
	}
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

/* --game: the registry's spelling of a game it knows, whatever the case. */
static int game_arg(const char *arg, arb_opts *o)
{
	const arb_game_ops *g = arb_game_find(arg);
	if (g) {
		o->game = g->name;
		return -1;
	}
	const char *close = arb_game_suggest(arg);
	char known[256], msg[400];
	arb_game_list(known, sizeof known);
	if (close)
		snprintf(msg, sizeof msg, "--game: unknown game '%%s' (did you mean %s?)", close);
	else
		snprintf(msg, sizeof msg, "--game: unknown game '%%s' (arbiter knows %s)", known);
	return arb_usage_error(msg, arg);
}

/* "NAME=VALUE" (--bot, --tag): a name, then '=' */
static bool named_value(const char *arg)
{
	return strchr(arg, '=') && arg[0] != '=';
}

/* The options that are none of the plain kinds; -1, or the status of a
 * usage error.  *keep_going, *fail_fast: given (they exclude each other). */
static int set_other(arb_args *a, int id, const char *arg, bool *keep_going, bool *fail_fast)
{
	arb_opts *o = &a->o;
	switch (id) {
	case OPT_BOT:
		if (o->nbots == 64)
			return arb_usage_error("%s", "more than 64 --bot options");
		if (!named_value(arg))
			return arb_usage_error("--bot: '%s' is not NAME=COMMAND", arg);
		o->bots[o->nbots++] = arg;
		break;
	case OPT_TAG:
		if (o->ntags == 16)
			return arb_usage_error("%s", "more than 16 --tag options");
		if (!named_value(arg))
			return arb_usage_error("--tag: '%s' is not NAME=VALUE", arg);
		o->tags[o->ntags++] = arg;
		break;
	case OPT_DATA:
		if (a->ndata == 32)
			return arb_usage_error("%s", "too many --data files");
		a->data[a->ndata++] = arg;
		break;
	case OPT_SEED: {
		char *end;
		errno = 0;
		o->seed = strtoull(arg, &end, 10);
		if (!*arg || *end || errno || arg[0] == '-')
			return arb_usage_error("--seed: '%s' is not a number", arg);
		break;
	}
	case OPT_GAME:
		return game_arg(arg, o);
	case OPT_SPRT:
		return sprt_arg(arg, o) ? ARB_EXIT_ERROR : -1;
	case OPT_KEEP_GOING:
		o->keep_going = true;
		*keep_going = true;
		break;
	case OPT_FAIL_FAST:
		o->keep_going = false;
		*fail_fast = true;
		break;
	default: /* --help and --version were handled before */
		break;
	}
	return -1;
}

/* Each option's value into a->o, in the order given; -1, or the status
 * of the first usage error. */
static int set_values(arb_args *a, bool *keep_going, bool *fail_fast)
{
	arb_opts *o = &a->o;
	for (size_t i = 0; i < nseen; i++) {
		int id = seen[i].id;
		const char *arg = seen[i].arg;
		bool *on = switch_field(o, id);
		const char **text = text_field(o, id);
		long *number = number_field(o, id);
		int status = -1;
		if (on)
			*on = true;
		else if (text)
			*text = arg;
		else if (number)
			status = number_arg(id, arg, number) ? ARB_EXIT_ERROR : -1;
		else if (arb_options[id].vals == ARB_VALS_ONE_OF)
			status = set_choice(o, id, arg) ? ARB_EXIT_ERROR : -1;
		else
			status = set_other(a, id, arg, keep_going, fail_fast);
		if (status >= 0)
			return status;
	}
	return -1;
}

/* ------------------------------------------------- their combinations */

/* What the table cannot say: combinations within one command.  view is
 * dump --format=html from here on. */
static int check_combinations(arb_opts *o, int cmd, bool keep_going, bool fail_fast)
{
	if (o->in_place) {
		if (o->nfiles == 0)
			return arb_usage_error(
				"%s",
				"fmt -i needs FILE operands: standard input cannot be rewritten");
		for (int i = 0; i < o->nfiles; i++)
			if (!strcmp(o->files[i], "-"))
				return arb_usage_error(
					"%s", "fmt -i cannot rewrite standard input ('-')");
	}
	if (keep_going && fail_fast)
		return arb_usage_error("%s", "-k/--keep-going and --fail-fast exclude each other");
	if (o->labels && o->snapshot)
		return arb_usage_error("%s", "--labels and --snapshot exclude each other");
	if (cmd == ARB_CMD_dump && o->game && !(o->labels && o->nfiles == 0))
		return arb_usage_error(
			"%s",
			"dump takes --game only with --labels and no FILE (a record names its game)");
	if (cmd == ARB_CMD_gen && !o->game)
		return arb_usage_error("%s", "gen needs --game NAME");
	if (cmd == ARB_CMD_referee && !o->game)
		return arb_usage_error("%s", "referee needs --game NAME");
	if (cmd == ARB_CMD_referee && o->format != FMT_TEXT && o->format != FMT_JSON)
		return arb_usage_error("%s",
				       "referee answers in text or json: --format=text or json");
	if (cmd == ARB_CMD_referee && o->nfiles)
		return arb_usage_error(
			"%s", "referee takes no FILE: the requests come on standard input");
	if (cmd == ARB_CMD_match && (!o->game || !o->output || o->nfiles))
		return arb_usage_error("%s",
				       "match needs --game NAME, -o FILE and no FILE operand");
	if (cmd == ARB_CMD_match && o->format != FMT_TEXT && o->format != FMT_JSON &&
	    o->format != FMT_YAML && o->format != FMT_TSV)
		return arb_usage_error("%s",
				       "match prints its standings as text, json, yaml or tsv");
	if (cmd == ARB_CMD_bot && o->nfiles)
		return arb_usage_error(
			"%s", "bot takes no FILE: the host's lines come on standard input");
	if ((o->format == FMT_SVG || o->format == FMT_HTML) && cmd != ARB_CMD_dump)
		return arb_usage_error("%s",
				       "--format=svg and --format=html are for dump (and view)");
	if (cmd == ARB_CMD_view)
		o->format = FMT_HTML;
	bool picture = o->format == FMT_SVG || o->format == FMT_HTML;
	if (o->output && !picture && cmd != ARB_CMD_referee && cmd != ARB_CMD_match)
		return arb_usage_error(
			"%s", "-o writes pictures: it needs dump --format=svg or html, or view");
	if (picture && o->snapshot)
		return arb_usage_error("%s",
				       "--snapshot prints text: it does not go with a picture");
	if (picture && o->game)
		return arb_usage_error(
			"%s",
			"a picture needs a record: dump --labels --game NAME prints text only");
	if ((cmd == ARB_CMD_dump || cmd == ARB_CMD_moves) && o->format == FMT_TSV)
		return arb_usage_error(
			"%s",
			"dump and moves write text, YAML or JSON: --format=tsv does not apply");
	if (cmd == ARB_CMD_gen && o->nfiles)
		return arb_usage_error("%s", "gen takes no FILE: it writes games, it reads none");
	if (o->valid && o->invalid)
		return arb_usage_error(
			"%s", "--valid and --invalid exclude each other (use -v to invert)");
	return -1;
}

int arb_args_check(arb_args *a)
{
	bool keep_going = false, fail_fast = false;
	int status = check_commands(a);
	if (status < 0)
		status = set_values(a, &keep_going, &fail_fast);
	if (status < 0)
		status = check_combinations(&a->o, a->cmd, keep_going, fail_fast);
	return status;
}
