/*
 * proc.c — a bot's process (proc.h): started, written to and read from
 * with deadlines, and killed with its process group.
 *
 * The runner may run games on several threads (-j), so between fork and
 * exec the child only makes async-signal-safe calls, and every pipe is
 * made close-on-exec at once (pipe2), so no bot inherits another's pipe
 * and keeps it open.  The process is left a zombie until its group has
 * been killed: as long as it is not reaped, its id, and so its group's,
 * cannot be given to another process that a kill would then hit.
 */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
#include "../core/util.h"

#define TICK_MS 50 /* how often a wait looks whether a bot's process ended */

extern char **environ;

_Atomic int arb_proc_interrupted;

int64_t arb_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* Our environment with `env` added (NAME=VALUE replaces NAME). */
static char **environment(const char *const *env)
{
	size_t n = 0, k = 0;
	while (environ[n])
		n++;
	while (env && env[k])
		k++;
	char **e = arb_xcalloc(n + k + 1, sizeof *e);
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		bool replaced = false;
		for (size_t j = 0; j < k && !replaced; j++) {
			size_t len = strcspn(env[j], "=");
			replaced = !strncmp(environ[i], env[j], len) && environ[i][len] == '=';
		}
		if (!replaced)
			e[m++] = environ[i];
	}
	for (size_t j = 0; j < k; j++)
		e[m++] = (char *)env[j];
	return e;
}

/* The child's side, between fork and exec: async-signal-safe calls only. */
static void child(const arb_proc *p, int in, int out, const char *dir, char *const argv[],
		  char *const envp[])
{
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL); /* ignored by the runner: not for the bot */
	if (!p->foreground)
		setpgid(0, 0);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0)
		_exit(127);
	if (dir && chdir(dir) != 0) {
		static const char msg[] = "arbiter: match: cannot enter the bot's directory\n";
		ssize_t w = write(2, msg, sizeof msg - 1);
		(void)w;
		_exit(127);
	}
	execve("/bin/sh", argv, envp);
	_exit(127);
}

int arb_proc_start(arb_proc *p, const char *command, const char *dir, const char *const *env,
		   bool foreground, char *why, size_t whylen)
{
	memset(p, 0, sizeof *p);
	p->to = p->from = -1;
	p->foreground = foreground;
	int in[2], out[2];
	if (pipe2(in, O_CLOEXEC) != 0) {
		snprintf(why, whylen, "cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe2(out, O_CLOEXEC) != 0) {
		snprintf(why, whylen, "cannot make a pipe: %s", strerror(errno));
		close(in[0]);
		close(in[1]);
		return -1;
	}
	char *argv[] = { "sh", "-c", (char *)command, NULL };
	char **envp = environment(env);
	pid_t pid = fork();
	if (pid == 0)
		child(p, in[0], out[1], dir, argv, envp);
	int err = errno;
	free(envp);
	close(in[0]);
	close(out[1]);
	if (pid < 0) {
		snprintf(why, whylen, "cannot start a process: %s", strerror(err));
		close(in[1]);
		close(out[0]);
		return -1;
	}
	if (!foreground)
		setpgid(pid, pid); /* also here: no kill may come before the child's own */
	p->pid = pid;
	p->to = in[1];
	p->from = out[0];
	if (fcntl(p->to, F_SETFL, O_NONBLOCK) != 0 || fcntl(p->from, F_SETFL, O_NONBLOCK) != 0) {
		snprintf(why, whylen, "cannot make the bot's pipes non-blocking: %s",
			 strerror(errno));
		arb_proc_end(p, false, 0);
		return -1;
	}
	return 0;
}

/* Whether the process has ended, left unreaped (its status kept). */
static bool ended(arb_proc *p)
{
	if (p->exited || !p->pid)
		return true;
	siginfo_t si;
	memset(&si, 0, sizeof si);
	if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid == 0)
		return false;
	p->exited = true;
	p->wstatus = si.si_code == CLD_EXITED ? si.si_status : -si.si_status;
	return true;
}

static size_t pending(const arb_proc *p)
{
	return p->len - p->start;
}

static bool has_line(const arb_proc *p)
{
	return pending(p) && memchr(p->buf + p->start, '\n', pending(p)) != NULL;
}

/* Read what is there without waiting, while a line is not complete and
 * the bytes held stay bounded (over ARB_PROC_LINE_MAX without a newline
 * is an overlong line: nothing more is read). */
static void read_some(arb_proc *p)
{
	while (!p->eof && p->from >= 0 && pending(p) <= ARB_PROC_LINE_MAX && !has_line(p)) {
		if (p->start && p->start == p->len)
			p->start = p->len = 0;
		if (p->cap - p->len < 4096) {
			if (p->start) {
				memmove(p->buf, p->buf + p->start, pending(p));
				p->len -= p->start;
				p->start = 0;
			}
			if (p->cap - p->len < 4096) {
				p->cap = p->cap ? p->cap * 2 : 8192;
				p->buf = arb_xrealloc(p->buf, p->cap + 1);
			}
		}
		ssize_t n = read(p->from, p->buf + p->len, p->cap - p->len);
		if (n > 0)
			p->len += (size_t)n;
		else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
			p->eof = true;
		else if (errno != EINTR)
			return;
	}
}

static bool ready(arb_proc *p)
{
	return has_line(p) || pending(p) > ARB_PROC_LINE_MAX || p->eof || p->exited;
}

size_t arb_proc_wait(arb_proc *const *ps, size_t n, int64_t deadline)
{
	struct pollfd fds[64];
	if (n > 64)
		n = 64;
	for (;;) {
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			k += ready(ps[i]);
		if (k)
			return k;
		int64_t now = arb_now_ms();
		if ((deadline >= 0 && now >= deadline) || arb_proc_interrupted)
			return 0;
		int wait = TICK_MS;
		if (deadline >= 0 && deadline - now < wait)
			wait = (int)(deadline - now);
		for (size_t i = 0; i < n; i++)
			fds[i] = (struct pollfd){ .fd = ps[i]->from, .events = POLLIN };
		int woke = poll(fds, (nfds_t)n, wait);
		if (woke < 0 && errno != EINTR)
			sleep_ms(wait);
		/* only the pipes poll named are read; whether a silent bot's
		 * process ended is asked once a tick (a child of its may hold
		 * the pipe open), not at every answer of another seat */
		for (size_t i = 0; i < n; i++) {
			if (woke <= 0 || fds[i].revents)
				read_some(ps[i]);
			/* the pipe first, then the process: an answer written just
			 * before a bot's end is taken before its end is */
			if (woke <= 0 && !ready(ps[i]) && ended(ps[i]))
				read_some(ps[i]);
		}
	}
}

/* Only what arb_proc_wait read is looked at: asking every seat's pipe
 * and process at each answer (a read and a waitid a seat) was most of the
 * runner's system calls. */
arb_line arb_proc_take(arb_proc *p, const char **line, size_t *len)
{
	char *s = p->buf ? p->buf + p->start : NULL;
	char *nl = pending(p) ? memchr(s, '\n', pending(p)) : NULL;
	if (!nl) {
		if (pending(p) > ARB_PROC_LINE_MAX)
			return ARB_LINE_LONG;
		if (p->eof)
			return ARB_LINE_EOF;
		if (p->exited) {
			read_some(p);
			return has_line(p) ? arb_proc_take(p, line, len) : ARB_LINE_EXITED;
		}
		return ARB_LINE_NONE;
	}
	size_t n = (size_t)(nl - s);
	if (n > ARB_PROC_LINE_MAX)
		return ARB_LINE_LONG;
	p->start += n + 1;
	*nl = '\0';
	if (n && s[n - 1] == '\r')
		s[--n] = '\0';
	*line = s;
	*len = n;
	if (memchr(s, '\0', n))
		return ARB_LINE_NUL;
	if (!arb_utf8_valid(s, n))
		return ARB_LINE_UTF8;
	return ARB_LINE_OK;
}

int arb_proc_send(arb_proc *p, const char *s, size_t n, int64_t deadline)
{
	if (p->to < 0)
		return -1;
	while (n) {
		ssize_t w = write(p->to, s, n);
		if (w > 0) {
			s += w;
			n -= (size_t)w;
			continue;
		}
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
			return -1; /* EPIPE: it closed its input */
		int64_t now = arb_now_ms();
		if ((deadline >= 0 && now >= deadline) || arb_proc_interrupted)
			return -2;
		int wait = TICK_MS;
		if (deadline >= 0 && deadline - now < wait)
			wait = (int)(deadline - now);
		struct pollfd fds[2] = { { .fd = p->to, .events = POLLOUT },
					 { .fd = p->from, .events = POLLIN } };
		bool room = pending(p) <= ARB_PROC_LINE_MAX && !p->eof;
		if (poll(fds, room ? 2 : 1, wait) < 0 && errno != EINTR)
			sleep_ms(wait);
		if (room)
			read_some(p);
	}
	return 0;
}

void arb_proc_how(const arb_proc *p, char *out, size_t cap)
{
	if (!p->exited)
		snprintf(out, cap, "closed its output");
	else if (p->wstatus >= 0)
		snprintf(out, cap, "exited with status %d", p->wstatus);
	else
		snprintf(out, cap, "was killed by signal %d (%s)", -p->wstatus,
			 strsignal(-p->wstatus));
}

/* Wait up to ms for the process to end (unreaped). */
bool arb_proc_settle(arb_proc *p, int ms)
{
	int64_t until = arb_now_ms() + ms;
	while (!ended(p)) {
		if (arb_now_ms() >= until)
			return false;
		sleep_ms(5);
	}
	return true;
}

void arb_proc_end(arb_proc *p, bool polite, int grace_ms)
{
	if (!p->pid) {
		free(p->buf);
		memset(p, 0, sizeof *p);
		p->to = p->from = -1;
		return;
	}
	if (polite && p->to >= 0)
		arb_proc_send(p, "quit\n", 5, arb_now_ms() + 100);
	if (p->to >= 0)
		close(p->to);
	p->to = -1;
	bool gone = grace_ms > 0 && arb_proc_settle(p, grace_ms);
	pid_t target = p->foreground ? p->pid : -p->pid;
	/* its children too, though the bot has ended: one may hold a pipe */
	kill(target, SIGTERM);
	if (gone)
		sleep_ms(10);
	else
		arb_proc_settle(p, ARB_PROC_GRACE_MS);
	kill(target, SIGKILL);
	int st;
	while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
		;
	if (p->from >= 0)
		close(p->from);
	free(p->buf);
	memset(p, 0, sizeof *p);
	p->to = p->from = -1;
}
