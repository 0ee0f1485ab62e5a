/*
 * fuzz_referee.c — libFuzzer/AFL++ harness for the referee protocol: the
 * input is an argument line for `arbiter referee` and then the requests a
 * client sends, run through arbiter's own main() (src/main.c, included
 * under another name) with the requests on standard input.  Every game,
 * both answer formats, both ways of chance, actions, ends, consents, news
 * and records meet fuzzed requests: oversized and non-UTF-8 lines, NUL
 * bytes, requests for seats that do not play, actions out of turn.
 *
 * The seat's side is fuzzed the same way: when line 1 starts with `bot`,
 * the command is `arbiter bot` and the rest is what a host writes to it
 * (hello, news, go, the frames of its answers, over, quit).
 *
 * Input layout (text, so seeds are written by hand):
 *   line 1     the arguments after `referee` (or `bot` and its
 *              arguments), split at blanks
 *   the rest   the requests (or the host's lines), one a line
 * Example: "--game catan --players 3 --seed 5\nhello 1\nplay Red settlement g5\n"
 *
 * Nothing may crash, leak, hang or trip a sanitizer; the exit status is
 * free.  The table's memory is one game's, so no input can grow it past
 * that: the requests are at most the input's bytes.
 */
#include <getopt.h>

#include "fuzz_common.h"
#include "core/gamedata.h"

#define main arbiter_main
#include "../../src/main.c"
#undef main

#define FZ_MAX_ARGS 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char file[320];
	fz_init_stdio();
	fz_path(file, sizeof file, "file.tgn");
	char line[FZ_ARGS_MAX + 1];
	const uint8_t *body;
	if (!fz_first_line(data, size, line, &body))
		return 0;
	fz_write(file, body, (size_t)(data + size - body));

	char *argv[FZ_MAX_ARGS + 3];
	int n = 0;
	argv[n++] = "arbiter";
	argv[n++] = "referee";
	for (char *w = strtok(line, " \t\r"); w; w = strtok(NULL, " \t\r")) {
		if (n == 2 && !strcmp(w, "bot")) { /* the seat's side */
			argv[1] = "bot";
			continue;
		}
		if (n == FZ_MAX_ARGS)
			return 0;
		if (!strcmp(w, "-o") || !strncmp(w, "--output", 8))
			return 0; /* no files written outside the folder */
		argv[n++] = w;
	}
	argv[n] = NULL;
	int fd = open(file, O_RDONLY);
	if (fd < 0 || dup2(fd, 0) < 0)
		abort();
	close(fd);
	clearerr(stdin);
	optind = 0; /* glibc: start getopt afresh */
	arbiter_main(n, argv);
	arb_gamedata_free_all();
	fflush(stdout);
	clearerr(stdout);
	clearerr(stdin);
	int null = open("/dev/null", O_RDONLY);
	if (null < 0 || dup2(null, 0) < 0)
		abort();
	close(null);
	return 0;
}
