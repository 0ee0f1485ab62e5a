/*
 * fuzz_cli.c — libFuzzer/AFL++ harness for the whole command line: the
 * input is an argument line and the files it names, run through arbiter's
 * own main() (src/main.c, included under another name), so every command
 * with every option and output format meets fuzzed records: check, score,
 * dump (--at, --labels, --snapshot), fmt and fmt -i, moves, select, gen,
 * standings (records, check's JSON/YAML/TSV results, scheme files), and
 * --data.
 *
 * Input layout (text, so seeds are written by hand and mutations stay
 * readable):
 *   line 1     the arguments, split at blanks; the word FILE stands for the
 *              first file below, DATA for the second, OUT for the output
 *              of the command before a `|` word (one pipe at most)
 *   the rest   FILE's bytes, then, after a line "%%", DATA's bytes
 * Example: "--data DATA gen --game catan -n 2 | --data DATA check OUT\n
 * \n%%\n<catan data YAML>" loads fuzzed data, generates with it and
 * checks what was generated.
 *
 * Nothing may crash, leak or trip a sanitizer; the exit status is free.
 * `gen` runs only with numbers of two digits at most, so an input cannot
 * ask for a billion games.
 */
#include <getopt.h>

#include "fuzz_common.h"
#include "core/gamedata.h"

#define main arbiter_main
#include "../../src/main.c"
#undef main

#define FZ_MAX_ARGS 40

/* Run one command line (words[0..n)), stdout to `out_path` when given. */
static void fz_run(char **words, int n, const char *out_path)
{
	char *argv[FZ_MAX_ARGS + 2];
	argv[0] = "arbiter";
	for (int i = 0; i < n; i++)
		argv[i + 1] = words[i];
	argv[n + 1] = NULL;
	int saved = -1;
	if (out_path) {
		fflush(stdout);
		int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		saved = dup(1);
		if (fd < 0 || saved < 0 || dup2(fd, 1) < 0)
			abort();
		close(fd);
	}
	optind = 0; /* glibc: start getopt afresh */
	arbiter_main(n + 1, argv);
	arb_gamedata_free_all();
	fflush(stdout);
	clearerr(stdout);
	if (out_path) {
		if (dup2(saved, 1) < 0)
			abort();
		close(saved);
	}
}

/* True when the words ask gen for more than two digits of anything. */
static bool fz_too_big(char **words, int n)
{
	bool gen = false, big = false;
	for (int i = 0; i < n; i++) {
		if (!strcmp(words[i], "gen"))
			gen = true;
		size_t run = 0;
		for (const char *p = words[i]; *p; p++) {
			run = *p >= '0' && *p <= '9' ? run + 1 : 0;
			if (run > 2)
				big = true;
		}
	}
	return gen && big;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char file[320], dfile[320], ofile[320];
	fz_init_stdio();
	fz_path(file, sizeof file, "file.tgn");
	fz_path(dfile, sizeof dfile, "data.yaml");
	fz_path(ofile, sizeof ofile, "out.tgn");

	const uint8_t *nl = memchr(data, '\n', size);
	size_t arglen = nl ? (size_t)(nl - data) : size;
	if (arglen > 512 || memchr(data, 0, arglen))
		return 0;
	char line[513];
	memcpy(line, data, arglen);
	line[arglen] = 0;

	const uint8_t *body = nl ? nl + 1 : data + size;
	size_t blen = (size_t)(data + size - body), flen = blen;
	const uint8_t *dpart = body + blen;
	size_t dlen = 0;
	for (size_t i = 0; i + 3 <= blen; i++)
		if ((i == 0 || body[i - 1] == '\n') && !memcmp(body + i, "%%", 2) &&
		    body[i + 2] == '\n') {
			flen = i;
			dpart = body + i + 3;
			dlen = blen - i - 3;
			break;
		}
	fz_write(file, body, flen);
	fz_write(dfile, dpart, dlen);

	char *words[FZ_MAX_ARGS];
	int n = 0, pipe_at = -1;
	for (char *w = strtok(line, " \t\r"); w; w = strtok(NULL, " \t\r")) {
		if (n == FZ_MAX_ARGS)
			return 0;
		if (!strcmp(w, "FILE"))
			w = file;
		else if (!strcmp(w, "DATA"))
			w = dfile;
		else if (!strcmp(w, "OUT"))
			w = ofile;
		else if (!strcmp(w, "|") && pipe_at < 0)
			pipe_at = n;
		words[n++] = w;
	}
	if (fz_too_big(words, n))
		return 0;
	if (pipe_at < 0) {
		fz_run(words, n, NULL);
	} else {
		fz_run(words, pipe_at, ofile);
		fz_run(words + pipe_at + 1, n - pipe_at - 1, NULL);
	}
	return 0;
}
