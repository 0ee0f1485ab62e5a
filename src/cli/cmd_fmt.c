/*
 * cmd_fmt.c — `fmt`: records in canonical TGN.
 *
 * Canonical form: the tags in their order (the seat tags' order is the
 * turn order), one tag per line; a blank line;
 * one turn per line as the engine's format() spells it, with its turn
 * number if it had one (`12. `: numbers are checked, so dropping a wrong
 * one would change the verdict); comments kept where they were (a comment on a turn's line
 * stays on that line, after the turn); a blank line between games.
 * fmt does not replay: it parses every turn, so it also formats games
 * with illegal moves, but a turn that does not parse stops it.
 *
 * -i rewrites each file atomically: the whole file is read into memory
 * and formatted there, written to a temporary file beside it (a short
 * name, so the longest file names work) and renamed over it.  The file is
 * rewritten only when all of it was read and formatted, it is a regular
 * file with one link that may be written, it differs from its canonical
 * form, and it did not change meanwhile; a symbolic link's target is the
 * file rewritten, with its owner, group and mode.  Anything else leaves
 * it untouched, with a message (man/arbiter.1 lists each case).
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "../core/util.h"
#include "../games/registry.h"

typedef struct {
	const arb_opts *o;
	arb_out *out;
	arb_buf text; /* formatted output (a game, or a file)  */
	size_t games; /* games formatted into `text`           */
	bool failed;  /* an error in the current file          */
} fmt_ctx;

static void put_tag(arb_buf *b, const arb_tag *t)
{
	arb_buf_printf(b, "[%s \"", t->name);
	for (const char *p = t->value; *p; p++) {
		if (*p == '"' || *p == '\\')
			arb_buf_putc(b, '\\');
		arb_buf_putc(b, *p);
	}
	arb_buf_puts(b, "\"]");
}

/* Append a comment, normalising a line comment's trailing blanks. */
static void put_comment(arb_buf *b, const arb_comment *c)
{
	size_t n = c->len;
	while (n && (c->text[n - 1] == ' ' || c->text[n - 1] == '\t' || c->text[n - 1] == '\r'))
		n--;
	arb_buf_put(b, c->text, n);
}

/* Format one record into c->text.  Returns 0, or -1 after a diagnostic. */
static int fmt_record(fmt_ctx *c, const arb_record *rec)
{
	arb_replay r;
	memset(&r, 0, sizeof r);
	r.rec = rec;
	r.games = &arb_registry;
	if (arb_replay_setup(&r)) {
		arb_out_diag(c->out, &r.diag);
		arb_replay_free(&r);
		return -1;
	}
	const arb_game_ops *g = r.game;
	arb_buf *b = &c->text;
	if (c->games++)
		arb_buf_putc(b, '\n');
	bool line_open = false, in_moves = false;
	for (size_t i = 0; i < rec->nitems; i++) {
		const arb_item *it = &rec->items[i];
		/* the Origin tag that select wrote places the game in its
		 * original file, line for line: a new layout would make
		 * those places wrong, so the canonical form drops it */
		if (it->kind == ARB_ITEM_TAG && rec->has_origin && it->index == rec->origin_tag)
			continue;
		if (it->kind == ARB_ITEM_TURN && !in_moves) {
			/* one blank line between the tags and the movetext */
			in_moves = true;
			if (line_open)
				arb_buf_putc(b, '\n');
			if (b->len)
				arb_buf_putc(b, '\n');
			line_open = false;
		} else if (it->same_line && line_open) {
			arb_buf_putc(b, ' ');
		} else if (line_open) {
			arb_buf_putc(b, '\n');
		}
		line_open = true;
		switch (it->kind) {
		case ARB_ITEM_TAG:
			put_tag(b, &rec->tags[it->index]);
			break;
		case ARB_ITEM_COMMENT:
			put_comment(b, &rec->comments[it->index]);
			break;
		case ARB_ITEM_TURN: {
			const arb_turn *t = &rec->turns[it->index];
			if (t->ntok == 0) {
				arb_diag d = { .file = rec->file, .line = t->line, .col = t->col };
				snprintf(d.msg, sizeof d.msg, "turn %zu has a number but no moves",
					 it->index + 1);
				arb_out_diag(c->out, &d);
				arb_replay_free(&r);
				return -1;
			}
			arb_reject rej;
			memset(&rej, 0, sizeof rej);
			memset(r.move, 0, g->move_size ? g->move_size : 1);
			const arb_token *tok = &rec->tok[t->first];
			if (g->parse(r.state, tok, t->ntok, r.move, &rej)) {
				arb_diag d = { .file = rec->file,
					       .line = rej.line ? rej.line : tok->line,
					       .col = rej.line ? rej.col : tok->col };
				snprintf(d.msg, sizeof d.msg, "%s", rej.msg);
				arb_out_diag(c->out, &d);
				arb_replay_free(&r);
				return -1;
			}
			if (t->number >= 0) /* kept: it is checked, so it is meaning */
				arb_buf_printf(b, "%ld. ", t->number);
			g->format(r.state, r.move, b);
			break;
		}
		}
	}
	arb_buf_putc(b, '\n');
	arb_replay_free(&r);
	return 0;
}

static int fmt_one(void *ctx, const arb_record *rec)
{
	fmt_ctx *c = ctx;
	if (c->o->in_place) {
		if (fmt_record(c, rec)) {
			c->failed = true;
			return 1;
		}
		arb_out_tally(c->out)->formatted++;
		return 0;
	}
	arb_buf_reset(&c->text);
	c->games = 0; /* the blank line between games is arb_out_between's */
	if (fmt_record(c, rec))
		return !c->o->keep_going;
	arb_out_between(c->out, "\n");
	arb_out_text(c->out, c->text.p, c->text.len);
	arb_out_tally(c->out)->formatted++;
	return 0;
}

/* -j: a worker formats into a text buffer of its own. */
static void worker_init(void *wctx)
{
	((fmt_ctx *)wctx)->text = (arb_buf){ 0 };
}

static void worker_fini(void *wctx)
{
	arb_buf_free(&((fmt_ctx *)wctx)->text);
}

/* ------------------------------------------------------------ fmt -i */

/* The temporary file being written, removed by a signal that ends the run
 * (SIGKILL aside: no process can catch it).  Signals are blocked while the
 * name is set or cleared, so the handler never sees half a change. */
static char tmp_path[PATH_MAX];
static volatile sig_atomic_t tmp_live;
/* every signal whose default action ends the process and that a process
 * may catch (SIGKILL and SIGSTOP cannot be; SIGABRT, SIGSEGV and the like
 * mean arbiter itself is broken, and a handler could not run safely) */
static const int fatal_signals[] = { SIGHUP,  SIGINT,  SIGQUIT, SIGPIPE,   SIGTERM, SIGXFSZ,
				     SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU };
#define NSIGNALS (sizeof fatal_signals / sizeof fatal_signals[0])

static void on_fatal_signal(int sig)
{
	if (tmp_live)
		unlink(tmp_path);
	raise(sig); /* SA_RESETHAND: delivered with the default action on return */
}

/* Catch the fatal signals that are not ignored (a signal ignored by the
 * caller, as nohup does, stays ignored); `old` keeps what to restore. */
static void catch_signals(struct sigaction old[NSIGNALS])
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NSIGNALS; i++) {
		if (sigaction(fatal_signals[i], NULL, &old[i]) != 0)
			old[i].sa_handler = SIG_DFL;
		if (old[i].sa_handler != SIG_IGN)
			sigaction(fatal_signals[i], &sa, NULL);
	}
}

static void restore_signals(const struct sigaction old[NSIGNALS])
{
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaction(fatal_signals[i], &old[i], NULL);
}

static void block_signals(sigset_t *saved)
{
	sigset_t all;
	sigemptyset(&all);
	for (size_t i = 0; i < NSIGNALS; i++)
		sigaddset(&all, fatal_signals[i]);
	sigprocmask(SIG_BLOCK, &all, saved);
}

static void unblock_signals(const sigset_t *saved)
{
	sigprocmask(SIG_SETMASK, saved, NULL);
}

/* Remove the temporary file, if one is live. */
static void drop_tmp(void)
{
	sigset_t saved;
	block_signals(&saved);
	if (tmp_live)
		unlink(tmp_path);
	tmp_live = 0;
	unblock_signals(&saved);
}

/* Read all of the open file `fd` into `b`.  Returns 0 or an errno. */
static int read_all(int fd, arb_buf *b)
{
	char chunk[65536];
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		if (n == 0)
			return 0;
		arb_buf_put(b, chunk, (size_t)n);
	}
}

/* Open `path` and read it whole; `st` is its stat.  Returns 0 or an errno. */
static int read_file(const char *path, arb_buf *b, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return errno;
	int err = fstat(fd, st) != 0 ? errno : 0;
	if (!err && !S_ISREG(st->st_mode))
		err = EINVAL; /* replaced by a non-regular file since the check */
	if (!err)
		err = read_all(fd, b);
	if (close(fd) != 0 && !err)
		err = errno;
	return err;
}

/* Has the file at `path` changed since it was read as `before` (stat) and
 * `bytes`?  Size and time stamps catch an append; the bytes catch a change
 * within the file system's clock tick. */
static bool changed_since(const char *path, const struct stat *before, const arb_buf *bytes)
{
	arb_buf now = { 0 };
	struct stat st;
	bool changed = read_file(path, &now, &st) != 0 || st.st_dev != before->st_dev ||
		       st.st_ino != before->st_ino || st.st_size != before->st_size ||
		       st.st_mtim.tv_sec != before->st_mtim.tv_sec ||
		       st.st_mtim.tv_nsec != before->st_mtim.tv_nsec || now.len != bytes->len ||
		       (now.len && memcmp(now.p, bytes->p, now.len) != 0);
	arb_buf_free(&now);
	return changed;
}

static int refuse(arb_out *out, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A diagnostic for `name` (exit status 2).  Returns -1. */
static int refuse(arb_out *out, const char *name, const char *fmt, ...)
{
	arb_diag d = { .file = name };
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d.msg, sizeof d.msg, fmt, ap);
	va_end(ap);
	arb_out_diag(out, &d);
	return -1;
}

/* Write `text` to a new temporary file in `dir` (tmp_path, live) with the
 * owner, group and mode of `st`, synced.  Returns 0, or an errno with
 * *step naming what failed; on failure no temporary file is left. */
static int write_tmp(const char *dir, const struct stat *st, const arb_buf *text, const char **step)
{
	*step = "create a temporary file beside it";
	/* a short name: NAME.XXXXXX would fail for names of 249+ bytes */
	if ((size_t)snprintf(tmp_path, sizeof tmp_path, "%s/.arbiter-XXXXXX", dir) >=
	    sizeof tmp_path)
		return ENAMETOOLONG;
	sigset_t saved;
	block_signals(&saved);
	int fd = mkstemp(tmp_path);
	tmp_live = fd >= 0;
	int err = fd < 0 ? errno : 0;
	unblock_signals(&saved);
	if (fd < 0)
		return err;
	const char *p = text->p ? text->p : "";
	size_t left = text->len;
	*step = "write";
	while (left && !err) {
		ssize_t w = write(fd, p, left);
		if (w < 0 && errno != EINTR) {
			err = errno;
		} else if (w > 0) {
			p += w;
			left -= (size_t)w;
		}
	}
	/* the owner first: changing it clears the set-id bits of the mode */
	struct stat tst;
	if (!err && fstat(fd, &tst) != 0)
		err = errno;
	if (!err && (tst.st_uid != st->st_uid || tst.st_gid != st->st_gid) &&
	    fchown(fd, st->st_uid, st->st_gid) != 0) {
		err = errno;
		*step = "keep the owner and group";
	}
	if (!err && fchmod(fd, st->st_mode & 07777) != 0) {
		err = errno;
		*step = "keep the mode";
	}
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (err)
		drop_tmp();
	return err;
}

/* Rename the live temporary file over `target`.  Returns 0 or an errno
 * (the temporary file removed). */
static int rename_tmp(const char *target)
{
	sigset_t saved;
	block_signals(&saved);
	int err = rename(tmp_path, target) != 0 ? errno : 0;
	if (err)
		unlink(tmp_path);
	tmp_live = 0;
	unblock_signals(&saved);
	return err;
}

static bool same_state(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* The old file (`old_fd`, its state when read `st`) was written to in the
 * instant between the last check and the rename: put all it now holds
 * back in place of the formatted text, so the write is not lost.
 * Returns 0 when restored, or an errno. */
static int restore_old(int old_fd, const char *target, const char *dir, const struct stat *st)
{
	arb_buf now = { 0 };
	const char *step;
	int err = lseek(old_fd, 0, SEEK_SET) < 0 ? errno : read_all(old_fd, &now);
	if (!err)
		err = write_tmp(dir, st, &now, &step);
	if (!err)
		err = rename_tmp(target);
	arb_buf_free(&now);
	return err;
}

/* Write `text` to a new temporary file in `dir` with the owner, group and
 * mode of `st`, then rename it over `target` unless the target changed
 * since it was read (`st`, `bytes`).  Returns 0, or -1 after a diagnostic;
 * on any error the target holds what it held (with any write made to it
 * meanwhile) and no temporary file is left. */
static int replace_file(const char *name, const char *target, const char *dir,
			const struct stat *st, const arb_buf *bytes, const arb_buf *text,
			arb_out *out)
{
	const char *step;
	int err = write_tmp(dir, st, text, &step);
	if (err == ENAMETOOLONG && !strcmp(step, "create a temporary file beside it"))
		return refuse(
			out, name,
			"the directory's name is too long for a temporary file: not rewritten");
	if (err)
		return refuse(out, name, "cannot %s: %s (not rewritten: the file is unchanged)",
			      step, strerror(err));
	/* held open across the rename: a write that comes after the check
	 * below lands in this inode, and is seen and put back afterwards */
	int old_fd = open(target, O_RDONLY | O_NOCTTY | O_NONBLOCK);
	struct stat ost;
	if (old_fd < 0 || fstat(old_fd, &ost) != 0 || ost.st_ino != st->st_ino ||
	    ost.st_dev != st->st_dev || changed_since(target, st, bytes)) {
		if (old_fd >= 0)
			close(old_fd);
		drop_tmp();
		return refuse(out, name,
			      "changed while it was being formatted: not rewritten "
			      "(run fmt -i again when nothing else writes to it)");
	}
	err = rename_tmp(target);
	if (err) {
		close(old_fd);
		return refuse(out, name, "cannot rewrite: %s (the file is unchanged)",
			      strerror(err));
	}
	int rc = 0;
	if (fstat(old_fd, &ost) != 0 || !same_state(&ost, st)) {
		err = restore_old(old_fd, target, dir, st);
		rc = err ? refuse(out, name,
				  "was written to while it was being replaced, and the old "
				  "file could not be put back: %s (the formatted text is in place)",
				  strerror(err))
			 : refuse(out, name,
				  "was written to while it was being replaced: put back as it "
				  "now is, with that write (not rewritten; run fmt -i again)");
	}
	close(old_fd);
	return rc;
}

/* Does `name`, or a symbolic link on the way to the file it names, lie in
 * /dev or /proc?  /dev/stdin, /dev/fd/N and /proc/self/fd/N lead to
 * whatever the descriptor is open on — a regular file when the shell
 * redirected one — but they name a descriptor, not a file: fmt -i
 * refuses them, as arbiter(1) says, rather than rewrite whatever file
 * the caller's descriptor happens to hold. */
static bool through_descriptor_name(const char *name)
{
	char path[PATH_MAX], link[PATH_MAX];
	if (strlen(name) >= sizeof path)
		return false; /* open() will say the name is too long */
	strcpy(path, name);
	for (int hop = 0; hop < 40; hop++) {
		char dir[PATH_MAX];
		strcpy(dir, path);
		char *slash = strrchr(dir, '/');
		if (!slash)
			strcpy(dir, ".");
		else if (slash == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
		char *real = realpath(dir, NULL);
		if (!real)
			return false; /* stat() will say why */
		bool special = !strcmp(real, "/dev") || !strncmp(real, "/dev/", 5) ||
			       !strcmp(real, "/proc") || !strncmp(real, "/proc/", 6);
		free(real);
		if (special)
			return true;
		struct stat st;
		if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
			return false;
		ssize_t n = readlink(path, link, sizeof link - 1);
		if (n < 0)
			return false;
		link[n] = '\0';
		if (link[0] == '/' || !slash) {
			strcpy(path, link);
		} else if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, link) >= sizeof path) {
			return false;
		}
	}
	return false; /* a loop: stat() says ELOOP */
}

/* fmt -i on one operand.  The file is rewritten only when it is a regular
 * file with one link that its owner may write, every byte of it was read,
 * every game in it was formatted, the result differs from it, and it did
 * not change meanwhile; otherwise it is left untouched, with a message.
 * A symbolic link is followed and its target rewritten.  Returns 0 or -1. */
static int fmt_in_place(fmt_ctx *c, const arb_opts *o, const char *name)
{
	struct stat st;
	if (stat(name, &st) != 0)
		return refuse(c->out, name, "cannot open: %s", strerror(errno));
	if (!S_ISREG(st.st_mode))
		return refuse(c->out, name,
			      "not a regular file: fmt -i rewrites regular files only "
			      "(fmt without -i prints the canonical form)");
	if (through_descriptor_name(name))
		return refuse(c->out, name,
			      "names a descriptor or device (under /dev or /proc), not a file: "
			      "fmt -i rewrites regular files named by their path");
	if (st.st_nlink > 1)
		return refuse(
			c->out, name,
			"has %lu hard links and rewriting would split them: not rewritten "
			"(write the canonical form through the link: arbiter fmt FILE > NEW && cat NEW > FILE)",
			(unsigned long)st.st_nlink);
	if ((st.st_mode & 0222) == 0 || access(name, W_OK) != 0)
		return refuse(c->out, name,
			      "read-only: not rewritten (make it writable first, e.g. chmod u+w)");
	char *target = realpath(name, NULL);
	if (!target)
		return refuse(c->out, name, "cannot resolve its name: %s", strerror(errno));
	arb_buf bytes = { 0 };
	struct stat rst;
	int rc = -1;
	int err = read_file(target, &bytes, &rst);
	if (err) {
		refuse(c->out, name, "cannot read: %s", strerror(err));
		goto done;
	}
	if (rst.st_dev != st.st_dev || rst.st_ino != st.st_ino) {
		refuse(c->out, name, "changed while it was being read: not rewritten");
		goto done;
	}
	FILE *f = fmemopen(bytes.p ? bytes.p : "", bytes.len, "rb");
	if (!f) {
		refuse(c->out, name, "cannot read: %s", strerror(errno));
		goto done;
	}
	c->failed = false;
	c->games = 0;
	arb_buf_reset(&c->text);
	arb_loop l = { .fn = fmt_one, .ctx = c, .keep_order = true };
	int stopped = arb_each_record_in(f, name, NULL, o, c->out, &l);
	fclose(f);
	if (stopped || c->failed) {
		arb_out_note(c->out, name, "not rewritten: the file is unchanged");
		goto done;
	}
	if (c->text.len == bytes.len &&
	    (bytes.len == 0 || !memcmp(c->text.p, bytes.p, bytes.len))) {
		rc = 0; /* already canonical: not even its time stamp changes */
		goto done;
	}
	/* the temporary file goes beside the target, on its file system */
	char *dir = arb_xstrdup(target);
	char *slash = strrchr(dir, '/');
	if (slash == dir)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	rc = replace_file(name, target, dir, &rst, &bytes, &c->text, c->out);
	free(dir);
done:
	arb_buf_free(&bytes);
	free(target);
	return rc;
}

int arb_cmd_fmt(const arb_opts *o)
{
	fmt_ctx c = { .o = o };
	c.out = arb_out_new(o);
	if (!o->in_place) {
		arb_loop l = { .fn = fmt_one,
			       .ctx = &c,
			       ARB_LOOP_WORKERS(fmt_ctx),
			       .worker_init = worker_init,
			       .worker_fini = worker_fini,
			       .keep_order = true };
		arb_each_record_loop(o, c.out, &l);
	} else {
		/* each file on its own: its first error ends it (it is then
		 * left alone); -k goes on with the next file */
		arb_opts one = *o;
		one.keep_going = false;
		c.o = &one;
		struct sigaction old[NSIGNALS];
		catch_signals(old);
		for (int i = 0; i < o->nfiles; i++) {
			arb_out_tally(c.out)->files++;
			if (fmt_in_place(&c, &one, o->files[i]) && !o->keep_going)
				break;
		}
		restore_signals(old);
	}
	arb_buf_free(&c.text);
	int status = arb_out_exit(c.out);
	return arb_out_finish(c.out, status);
}
