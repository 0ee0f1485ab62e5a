/*
 * proc.h — a bot's process for the match runner: started with `sh -c` in
 * a process group of its own, spoken to on two non-blocking pipes, read a
 * bounded line at a time, and ended by killing its whole group.
 *
 * Nothing a bot does can stall the runner: every wait has a deadline,
 * every line a length limit (ARB_PROC_LINE_MAX), and the end of a bot is
 * never a wait for its pipe's end of file (a child of the bot may hold
 * the pipe open): the group gets SIGTERM, then SIGKILL after a grace.
 */
#ifndef ARB_PROC_H
#define ARB_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define ARB_PROC_LINE_MAX 65536 /* bytes of one line from a bot, as a request's */
#define ARB_PROC_GRACE_MS 1000	/* SIGTERM to SIGKILL                          */

typedef struct arb_proc {
	pid_t pid;	 /* the process (and its group unless `foreground`); 0: none */
	bool foreground; /* a person's seat: left in the runner's group (the terminal's) */
	int to, from;	 /* our ends of its standard input and output; -1: closed */
	char *buf;	 /* bytes read, from `start` to `len`           */
	size_t start, len, cap;
	bool eof;    /* its standard output ended                    */
	bool exited; /* the process ended (not reaped: its id and group stay ours) */
	int wstatus; /* how, when exited                              */
	bool reaped;
} arb_proc;

/* What a bot's next line is (arb_proc_take). */
typedef enum arb_line {
	ARB_LINE_OK,	 /* *line is a line, without its newline (or \r\n) */
	ARB_LINE_NONE,	 /* nothing yet                                   */
	ARB_LINE_EOF,	 /* the output ended (the process closed it or exited) */
	ARB_LINE_LONG,	 /* over ARB_PROC_LINE_MAX bytes without a newline */
	ARB_LINE_NUL,	 /* a NUL byte in the line                        */
	ARB_LINE_UTF8,	 /* not UTF-8                                     */
	ARB_LINE_EXITED, /* the process ended, its output still held open  */
} arb_line;

/* Start `command` with /bin/sh -c, in directory `dir` (NULL: ours), with
 * our environment and the NULL-ended `env` strings (NAME=VALUE) added.
 * Returns 0, or -1 with why[] set. */
int arb_proc_start(arb_proc *p, const char *command, const char *dir, const char *const *env,
		   bool foreground, char *why, size_t whylen);
/* Write s[0..n) before `deadline` (arb_now_ms() time; < 0: none),
 * reading what the bot writes meanwhile (so a bot that writes and does
 * not read cannot lock both).  Returns 0, -1 when the bot closed its
 * input, -2 at the deadline. */
int arb_proc_send(arb_proc *p, const char *s, size_t n, int64_t deadline);
/* Wait, until `deadline` at the latest, for one of ps[0..n) to have
 * something to take (a line, its end, an overlong line, its process
 * gone); returns how many have, 0 at the deadline. */
size_t arb_proc_wait(arb_proc *const *ps, size_t n, int64_t deadline);
/* The next line of what was read (valid until the next call on p). */
arb_line arb_proc_take(arb_proc *p, const char **line, size_t *len);
/* Wait up to `ms` for the process to end (left unreaped); whether it did. */
bool arb_proc_settle(arb_proc *p, int ms);
/* How the process ended, in words ("exit status 3", "killed by signal
 * 11 (Segmentation fault)", "closed its output"). */
void arb_proc_how(const arb_proc *p, char *out, size_t cap);
/* End it: `quit` (when polite), its input closed, up to `grace_ms` for
 * it to exit, then SIGTERM to the group, ARB_PROC_GRACE_MS more, SIGKILL
 * to the group; reaped; memory freed.  p is then empty. */
void arb_proc_end(arb_proc *p, bool polite, int grace_ms);

/* Set (by a signal handler) to make every wait return at once, as at
 * its deadline.  Atomic, not volatile sig_atomic_t: it is read by every
 * -j thread, and a lock-free atomic is safe in a handler too. */
extern _Atomic int arb_proc_interrupted;

/* Milliseconds of a monotonic clock. */
int64_t arb_now_ms(void);

#endif
