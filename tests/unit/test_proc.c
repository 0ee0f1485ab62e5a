/*
 * test_proc.c — a bot's process as the match runner sees it
 * (src/match/proc.c): lines are taken whole, without \r\n, blank or not;
 * a NUL byte, bytes that are not UTF-8 and a line past the limit are
 * told apart from a good line; the end of output and the end of the
 * process are told, the process's status with it, even when a child
 * holds the pipe open; a wait ends at its deadline; a write to a process
 * that closed its input fails, and one that reads nothing ends at its
 * deadline; ending a process kills its whole group, a child ignoring
 * SIGTERM included (Linux: the group is looked for in /proc).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "match/proc.h"

static arb_proc *start(const char *cmd)
{
	static arb_proc p;
	char why[256];
	assert_int_equal(arb_proc_start(&p, cmd, NULL, NULL, false, why, sizeof why), 0);
	return &p;
}

/* The next thing the process gives, waiting up to 5 s. */
static arb_line next(arb_proc *p, const char **line, size_t *len)
{
	arb_proc *ps[] = { p };
	arb_proc_wait(ps, 1, arb_now_ms() + 5000);
	return arb_proc_take(p, line, len);
}

/* Whether a live process (not a zombie: one killed stays a zombie until
 * its new parent reaps it, and some inits are slow to) is in the group,
 * by /proc/PID/stat. */
static bool group_alive(pid_t group)
{
	DIR *d = opendir("/proc");
	assert_non_null(d);
	bool alive = false;
	struct dirent *e;
	while (!alive && (e = readdir(d))) {
		char path[300], buf[512];
		snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		size_t n = fread(buf, 1, sizeof buf - 1, f);
		fclose(f);
		buf[n] = '\0';
		char *r = strrchr(buf, ')'); /* "PID (COMM) STATE PPID PGRP ..." */
		char st;
		int ppid, pgrp;
		if (r && sscanf(r + 1, " %c %d %d", &st, &ppid, &pgrp) == 3)
			alive = pgrp == group && st != 'Z';
	}
	closedir(d);
	return alive;
}

/* Whether the group has no live process within a second. */
static bool group_gone(pid_t group)
{
	for (int i = 0; i < 100; i++) {
		if (!group_alive(group))
			return true;
		struct timespec ts = { 0, 10000000 };
		nanosleep(&ts, NULL);
	}
	return false;
}

static void test_lines(void **state)
{
	(void)state;
	arb_proc *p = start("printf 'hello 1\\r\\n\\nplay Red \\303\\251\\nno end'");
	const char *l;
	size_t n;
	assert_int_equal(next(p, &l, &n), ARB_LINE_OK);
	assert_string_equal(l, "hello 1");
	assert_int_equal(next(p, &l, &n), ARB_LINE_OK);
	assert_int_equal(n, 0);
	assert_int_equal(next(p, &l, &n), ARB_LINE_OK);
	assert_string_equal(l, "play Red \xc3\xa9");
	/* an unfinished last line is no line: the output ended */
	assert_int_equal(next(p, &l, &n), ARB_LINE_EOF);
	arb_proc_end(p, false, 0);
}

static void test_bad_lines(void **state)
{
	(void)state;
	const char *l;
	size_t n;
	arb_proc *p = start("printf 'a\\000b\\n\\377\\n'; exec sleep 5");
	assert_int_equal(next(p, &l, &n), ARB_LINE_NUL);
	assert_int_equal(next(p, &l, &n), ARB_LINE_UTF8);
	arb_proc_end(p, false, 0);
	/* past the limit without a newline: told once the limit is passed,
	 * however much more the process would write */
	p = start("head -c 10000000 /dev/zero | tr '\\000' x; exec sleep 5");
	assert_int_equal(next(p, &l, &n), ARB_LINE_LONG);
	assert_true(p->len - p->start <= 2 * ARB_PROC_LINE_MAX + 8192);
	arb_proc_end(p, false, 0);
}

static void test_end(void **state)
{
	(void)state;
	const char *l;
	size_t n;
	char how[128];
	arb_proc *p = start("echo last; exit 7");
	assert_int_equal(next(p, &l, &n), ARB_LINE_OK);
	assert_string_equal(l, "last");
	assert_int_equal(next(p, &l, &n), ARB_LINE_EOF);
	assert_true(arb_proc_settle(p, 2000));
	arb_proc_how(p, how, sizeof how);
	assert_string_equal(how, "exited with status 7");
	arb_proc_end(p, false, 0);
	/* a child holds the output open: the process's end is told anyway */
	p = start("sleep 30 & kill -SEGV $$");
	assert_int_equal(next(p, &l, &n), ARB_LINE_EXITED);
	arb_proc_how(p, how, sizeof how);
	assert_non_null(strstr(how, "signal 11"));
	pid_t group = p->pid;
	arb_proc_end(p, false, 0);
	assert_true(group_gone(group)); /* the sleep went with it */
}

static void test_deadlines(void **state)
{
	(void)state;
	const char *l;
	size_t n;
	arb_proc *p = start("exec sleep 5");
	arb_proc *ps[] = { p };
	int64_t t0 = arb_now_ms();
	assert_int_equal(arb_proc_wait(ps, 1, t0 + 200), 0);
	int64_t took = arb_now_ms() - t0;
	assert_true(took >= 200 && took < 1000);
	assert_int_equal(arb_proc_take(p, &l, &n), ARB_LINE_NONE);
	/* it reads nothing: a write larger than the pipe ends at its deadline */
	size_t big = 1 << 20;
	char *junk = calloc(big, 1);
	assert_non_null(junk);
	assert_int_equal(arb_proc_send(p, junk, big, arb_now_ms() + 200), -2);
	free(junk);
	arb_proc_end(p, false, 0);
	/* it closed its input: the write fails at once */
	p = start("exec 0<&-; exec sleep 5");
	arb_proc_settle(p, 100);
	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(arb_proc_send(p, "go\n", 3, arb_now_ms() + 2000), -1);
	arb_proc_end(p, false, 0);
}

static void test_kill_group(void **state)
{
	(void)state;
	/* a child that ignores SIGTERM: the group's SIGKILL ends it */
	arb_proc *p = start("(trap '' TERM; while :; do sleep 0.05; done) & echo up; wait");
	const char *l;
	size_t n;
	assert_int_equal(next(p, &l, &n), ARB_LINE_OK);
	pid_t group = p->pid;
	int64_t t0 = arb_now_ms();
	arb_proc_end(p, false, 0);
	assert_true(arb_now_ms() - t0 < ARB_PROC_GRACE_MS + 1000);
	assert_true(group_gone(group));
	assert_int_equal(p->pid, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines),	   cmocka_unit_test(test_bad_lines),
		cmocka_unit_test(test_end),	   cmocka_unit_test(test_deadlines),
		cmocka_unit_test(test_kill_group),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
