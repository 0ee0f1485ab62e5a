/*
 * main.c — arbiter's command line, step by step: read the options and
 * the command (src/cli/args.c), answer --help and --version, check every
 * option against its command and its values, load the --data files, then
 * run the command (src/cli/cmd_*.c).  The order of the steps is what
 * decides which error a wrong command line gets.
 */
#include <stdio.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cli/args.h"
#include "core/gamedata.h"
#include "games/registry.h"

static int finish(int status)
{
	arb_gamedata_free_all();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "arbiter: error: cannot write to standard output\n");
		return ARB_EXIT_ERROR;
	}
	return status;
}

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
	arb_args a;
	int status = arb_args_read(argc, argv, &a);
	if (status >= 0)
		return status;
	if (a.help) {
		if (a.named)
			arb_command_usage(stdout, a.cmd);
		else
			arb_usage(stdout);
		return finish(0);
	}
	if (a.version) {
		printf("arbiter %s\n", ARB_VERSION);
		return finish(0);
	}
	if ((status = arb_args_check(&a)) >= 0)
		return status;
	if (a.cmd == ARB_CMD_help)
		return finish(arb_cmd_help(&a.o));

	for (int i = 0; i < a.ndata; i++) {
		arb_diag d;
		if (arb_gamedata_override(&arb_registry, a.data[i], &d))
			return finish(arb_report_diag(&a.o, &d));
	}
	/* A person at a terminal who named no file would otherwise face a
	 * silent wait: say what is being read and how to end it. */
	if (a.o.nfiles == 0 && a.cmd != ARB_CMD_gen && a.cmd != ARB_CMD_referee &&
	    a.cmd != ARB_CMD_bot && a.cmd != ARB_CMD_match && !a.o.quiet && isatty(STDIN_FILENO))
		fprintf(stderr, "arbiter: reading records from standard input "
				"(end with Ctrl-D; 'arbiter --help' for usage)\n");
	return finish(arb_commands[a.cmd].run(&a.o));
}
