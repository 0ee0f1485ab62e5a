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
 *              of the command before a `|` word (one pipe at most); the
 *              word STDIN (dropped from the arguments) makes FILE the
 *              standard input (`bot`, `referee`, `-`); a word starting
 *              ODIR starts with a folder made empty for this input (`dump
 *              -o ODIR`, `-o ODIR/g-%d.svg`), emptied and removed after it;
 *              a word BATCH=N (dropped) sets ARBITER_BATCH_BYTES to N for
 *              this input, so -j cuts a small input into batches of N
 *              bytes and its workers, carries and serial fallback run
 *   the rest   FILE's bytes, then, after a line "%%", DATA's bytes
 * (`bot --strategy human --terminal DATA STDIN` plays a person whose
 * terminal is DATA: the prompts are written over it where it is read, so
 * the seeds pad each typed line past the prompts before it.)
 * Example: "--data DATA gen --game catan -n 2 | --data DATA check OUT\n
 * \n%%\n<catan data YAML>" loads fuzzed data, generates with it and
 * checks what was generated.
 *
 * `match` runs real processes: its bots may only be `arbiter` (this
 * binary, which serves as `arbiter bot` when started so:
 * LLVMFuzzerInitialize), `cat` (echoes the host's lines: a malformed
 * request), `true` (ends at once) or `yes` (floods), so a mutation
 * cannot name a command of its own.
 *
 * Nothing may crash, leak or trip a sanitizer; the exit status is free.
 * `gen` runs only with numbers of two digits at most, so an input cannot
 * ask for a billion games.
 */
#include <dirent.h>
#include <getopt.h>
#include <sys/stat.h>

#include "fuzz_common.h"
#include "core/gamedata.h"

#ifdef FUZZ_WRAP_SIGACTION
#include <signal.h>
/* libFuzzer times each input with SIGALRM (-timeout), and `fmt -i`
 * catches SIGALRM among the signals that would end it, to remove its
 * temporary file: an alarm in that window ended the fuzzer itself
 * ("Alarm clock").  The libFuzzer and AFL++ builds link this harness with
 * -Wl,--wrap=sigaction (the Makefile's fuzz-build), and SIGALRM keeps
 * the handler set first, libFuzzer's, set before any input runs. */
int __real_sigaction(int sig, const struct sigaction *act, struct sigaction *old);
int __wrap_sigaction(int sig, const struct sigaction *act, struct sigaction *old);
int __wrap_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	static bool alarm_taken;
	if (sig == SIGALRM && act) {
		if (alarm_taken)
			return __real_sigaction(sig, NULL, old);
		alarm_taken = true;
	}
	return __real_sigaction(sig, act, old);
}
#endif

#define main arbiter_main
#include "../../src/main.c"
#undef main

#define FZ_MAX_ARGS 40

/* Started by a match of ours as its built-in bot (`SELF bot --seed N`):
 * be that bot, not the fuzzer. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	if (*argc >= 2 && !strcmp((*argv)[1], "bot"))
		exit(arbiter_main(*argc, *argv));
	return 0;
}

/* Whether `=COMMAND` (the end of a --bot value) names a command a fuzzed
 * match may start. */
static bool fz_bot_ok(const char *eq)
{
	static const char *const allowed[] = { "arbiter", "cat", "true", "yes" };
	for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++)
		if (!strcmp(eq + 1, allowed[i]))
			return true;
	return false;
}

/* True when a word spells a bot option (`--bot`, an abbreviation such as
 * `--bo`, either with `=COMMAND` or the command as the next word) whose
 * command is not in fz_bot_ok's list.  Any word starting `-b` or `--b`
 * counts, so that no spelling getopt_long accepts slips through. */
static bool fz_bad_bot(char **words, int n)
{
	for (int i = 0; i < n; i++) {
		const char *w = words[i];
		if (strncmp(w, "-b", 2) && strncmp(w, "--b", 3))
			continue;
		/* the option's argument: after `--bot=`, or the next word */
		const char *arg = strchr(w, '=');
		arg = arg ? arg + 1 : i + 1 < n ? words[++i] : "";
		const char *eq = strchr(arg, '=');
		if (!eq || !fz_bot_ok(eq))
			return true;
	}
	return false;
}

/* Run one command line (words[0..n)), stdout to `out_path` when given,
 * stdin from `in_path` when given. */
static void fz_run(char **words, int n, const char *out_path, const char *in_path)
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
	if (in_path) {
		int fd = open(in_path, O_RDONLY);
		if (fd < 0 || dup2(fd, 0) < 0)
			abort();
		close(fd);
		clearerr(stdin);
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
	if (in_path) {
		int null = open("/dev/null", O_RDONLY);
		if (null < 0 || dup2(null, 0) < 0)
			abort();
		close(null);
		clearerr(stdin);
	}
}

/* Remove the files in `dir` (dump -o writes no folders) and `dir`. */
static void fz_rmdir(const char *dir)
{
	DIR *d = opendir(dir);
	if (d) {
		char path[640];
		for (struct dirent *e; (e = readdir(d));) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			unlink(path);
		}
		closedir(d);
	}
	rmdir(dir);
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

static void fz_cli_input(const uint8_t *data, size_t size)
{
	static char file[320], dfile[320], ofile[320], odir[320];
	static char odir_words[FZ_MAX_ARGS][640];
	fz_init_stdio();
	fz_path(file, sizeof file, "file.tgn");
	fz_path(dfile, sizeof dfile, "data.yaml");
	fz_path(ofile, sizeof ofile, "out.tgn");
	fz_path(odir, sizeof odir, "odir");

	const uint8_t *nl = memchr(data, '\n', size);
	size_t arglen = nl ? (size_t)(nl - data) : size;
	if (arglen > 512 || memchr(data, 0, arglen))
		return;
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
	unlink(ofile); /* a match's output from an earlier input is not resumed */

	char *words[FZ_MAX_ARGS];
	int n = 0, pipe_at = -1;
	bool from_file = false, uses_odir = false;
	const char *batch = NULL;
	for (char *w = strtok(line, " \t\r"); w; w = strtok(NULL, " \t\r")) {
		if (n == FZ_MAX_ARGS)
			return;
		if (!strcmp(w, "FILE"))
			w = file;
		else if (!strcmp(w, "DATA"))
			w = dfile;
		else if (!strcmp(w, "OUT"))
			w = ofile;
		else if (!strncmp(w, "ODIR", 4)) {
			snprintf(odir_words[n], sizeof odir_words[n], "%s%s", odir, w + 4);
			w = odir_words[n];
			uses_odir = true;
		} else if (!strcmp(w, "|") && pipe_at < 0)
			pipe_at = n;
		else if (!strcmp(w, "STDIN")) {
			from_file = true;
			continue;
		} else if (!strncmp(w, "BATCH=", 6)) {
			batch = w + 6;
			continue;
		}
		words[n++] = w;
	}
	if (fz_too_big(words, n) || fz_bad_bot(words, n))
		return;
	const char *in = from_file ? file : NULL;
	if (uses_odir) {
		fz_rmdir(odir); /* what an input cut short may have left */
		if (mkdir(odir, 0700) != 0)
			abort();
	}
	if (batch && setenv("ARBITER_BATCH_BYTES", batch, 1) != 0)
		abort();
	if (pipe_at < 0) {
		fz_run(words, n, NULL, in);
	} else {
		fz_run(words, pipe_at, ofile, in);
		fz_run(words + pipe_at + 1, n - pipe_at - 1, NULL, NULL);
	}
	if (batch)
		unsetenv("ARBITER_BATCH_BYTES");
	if (uses_odir)
		fz_rmdir(odir);
}

/* What is left in the private folder, the folder included (atexit). */
static void fz_remove_private(void)
{
	fz_rmdir(fz_dir);
}

/* Each input runs in the private folder: a file name the mutations spell
 * (`fmt -i x`, `dump -o y`) lands there, never beside the sources. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int home = -1;
	fz_init_stdio();
	if (home < 0) {
		home = open(".", O_RDONLY | O_DIRECTORY);
		if (home < 0)
			abort();
		atexit(fz_remove_private);
	}
	if (chdir(fz_dir) != 0)
		abort();
	fz_cli_input(data, size);
	if (fchdir(home) != 0)
		abort();
	return 0;
}
