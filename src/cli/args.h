/*
 * args.h — the command line between main() and the commands: the tables
 * of options.h as rows (args.c), the reading of argv into arb_opts
 * (args.c) and --help (help.c).  main() only strings the steps together,
 * in the order that decides which error a wrong command line gets.
 */
#ifndef ARB_ARGS_H
#define ARB_ARGS_H

#include <stdio.h>

#include "cli.h"
#include "options.h"

enum {
#define X(id, name, short, arg, cmds, vals, help) OPT_##id,
	ARB_OPTIONS(X)
#undef X
		ARB_NOPTIONS
};

/* One row of ARB_OPTIONS. */
typedef struct arb_option_row {
	const char *name;  /* long name, without "--"                */
	int short_name;	   /* letter, or 0                           */
	const char *arg;   /* the argument's name in --help; NULL: none */
	unsigned commands; /* CMD_BIT()s of the commands that take it */
	arb_vals_kind vals;
	const char *values; /* space-separated (ONE_OF, SOME_OF)       */
	const char *help;
} arb_option_row;
extern const arb_option_row arb_options[ARB_NOPTIONS];

/* One row of ARB_COMMANDS. */
typedef struct arb_command_row {
	const char *name;
	int (*run)(const arb_opts *);
	const char *help;
} arb_command_row;
extern const arb_command_row arb_commands[ARB_NCOMMANDS];

/* "a, b and c" (or "every command but ..." when that is shorter) for the
 * commands in `mask`, into out. */
void arb_commands_phrase(unsigned mask, char *out, size_t cap);
/* The values an option accepts or suggests, each into names[] (borrowed
 * from the registry or copied into buf); returns how many. */
size_t arb_option_values(const arb_option_row *s, const char **names, size_t max, char (*buf)[32]);
/* The command called `name` exactly, or -1. */
int arb_command_index(const char *name);
/* The command closest to the unknown word `name`, or NULL. */
const char *arb_command_suggest(const char *name);

/* help.c: the whole help (commands, then options grouped by the commands
 * that take them), or one command's; `arbiter help [COMMAND]`, which
 * leaves the flush of stdout to its caller. */
void arb_usage(FILE *f);
void arb_command_usage(FILE *f, int cmd);
int arb_cmd_help(const arb_opts *o);

/* What the command line says, read in two steps: arb_args_read (the
 * options as given, and the command), then, after --help and --version
 * had their say, arb_args_check (each option's command and value, and
 * their combinations). */
typedef struct arb_args {
	arb_opts o;
	int cmd;    /* ARB_CMD_*                                   */
	bool named; /* the command was named, not check by default */
	bool help, version;
	const char *data[32]; /* --data FILE, in order */
	int ndata;
} arb_args;
/* Each returns -1 to go on, or the exit status after the usage error. */
int arb_args_read(int argc, char **argv, arb_args *a);
int arb_args_check(arb_args *a);
/* A usage error: "arbiter: " fmt (with arg), and where to read more. */
int arb_usage_error(const char *fmt, const char *arg);

#endif
