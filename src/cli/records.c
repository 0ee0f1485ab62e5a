/*
 * records.c — walking the operands: each file (or "-" for standard input)
 * is read game by game and every record handed to a command's callback.
 * Syntax errors are reported here; without --keep-going they end the run.
 */
#include <errno.h>
#include <string.h>

#include "cli.h"

int arb_each_record_in(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
		       arb_out *out, arb_each_fn fn, void *ctx)
{
	arb_reader *rd = arb_reader_new(f, name);
	if (taken)
		arb_reader_unread(rd, taken->lines, taken->bytes, taken->len);
	arb_record rec;
	arb_diag d;
	int stop = 0, rc;
	size_t seen = 0;
	while ((rc = arb_reader_next(rd, &rec, &d)) != 0) {
		seen++;
		if (rc < 0) {
			arb_out_diag(out, &d);
			if (!o->keep_going) {
				stop = 1;
				break;
			}
			continue;
		}
		if (fn(ctx, &rec) || arb_out_failed(out)) {
			stop = 1;
			break;
		}
	}
	if (!stop && seen == 0) {
		d.file = name;
		d.line = d.col = 0;
		snprintf(d.msg, sizeof d.msg, "no game records in the input");
		arb_out_diag(out, &d);
		stop = !o->keep_going;
	}
	arb_reader_free(rd);
	return stop;
}

int arb_each_record(const arb_opts *o, arb_out *out, arb_each_fn fn, void *ctx)
{
	static char *stdin_only[] = { "-" };
	char **files = o->nfiles ? o->files : stdin_only;
	int n = o->nfiles ? o->nfiles : 1;
	for (int i = 0; i < n; i++) {
		const char *path = files[i];
		FILE *f;
		const char *name = path;
		if (strcmp(path, "-") == 0) {
			f = stdin;
			name = "<stdin>";
		} else {
			f = fopen(path, "rb");
			if (!f) {
				arb_diag d = { .file = path };
				snprintf(d.msg, sizeof d.msg, "cannot open: %s", strerror(errno));
				arb_out_diag(out, &d);
				if (!o->keep_going)
					return 1;
				continue;
			}
		}
		int stop = arb_each_record_in(f, name, NULL, o, out, fn, ctx);
		if (f != stdin)
			fclose(f);
		if (stop)
			return 1;
	}
	return 0;
}
