/*
 * cmd_import.c — `import`: other programs' game records to TGN.
 *
 * Each operand (or standard input) is one game in a foreign format; its
 * bytes are read whole (a save is tens of kilobytes; the cap is
 * ARB_IMPORT_MAX_BYTES), converted by the importer --from names or the one
 * that recognises the content (--from=auto, the default), and the TGN
 * record written to standard output, a blank line between records, in
 * input order.  Memory is one file and its record at a time.  A file that
 * cannot be converted gets a diagnostic on standard error and exit status
 * 2; the other files are still converted.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../core/util.h"
#include "../import/import.h"

/* Read all of `f` into *bytes (malloc'd).  Returns 0, or -1 with *why set
 * (a static sentence or strerror). */
static int slurp(FILE *f, unsigned char **bytes, size_t *len, const char **why)
{
	size_t cap = 1 << 16, n = 0;
	unsigned char *b = arb_xmalloc(cap);
	for (;;) {
		if (n == cap) {
			if (cap > ARB_IMPORT_MAX_BYTES) {
				free(b);
				*why = "the file is larger than 64 MiB: no game record is that long";
				return -1;
			}
			cap *= 2;
			b = arb_xrealloc(b, cap);
		}
		size_t got = fread(b + n, 1, cap - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f)) {
				free(b);
				*why = strerror(errno ? errno : EIO);
				return -1;
			}
			break;
		}
	}
	*bytes = b;
	*len = n;
	return 0;
}

int arb_cmd_import(const arb_opts *o)
{
	arb_out *out = arb_out_new(o);
	const arb_importer *forced = NULL;
	if (o->from && strcasecmp(o->from, "auto"))
		forced = arb_import_find(o->from); /* main.c checked the name */
	static char *stdin_only[] = { "-" };
	char **files = o->nfiles ? o->files : stdin_only;
	int nfiles = o->nfiles ? o->nfiles : 1;
	arb_buf rec = { 0 };
	size_t written = 0;
	for (int i = 0; i < nfiles && !arb_out_failed(out); i++) {
		const char *path = files[i];
		bool is_stdin = !strcmp(path, "-");
		arb_diag d = { .file = is_stdin ? "<stdin>" : path };
		FILE *f = is_stdin ? stdin : fopen(path, "rb");
		if (!f) {
			snprintf(d.msg, sizeof d.msg, "cannot open: %s", strerror(errno));
			arb_out_diag(out, &d);
			continue;
		}
		unsigned char *bytes = NULL;
		size_t len = 0;
		const char *why = NULL;
		int rc = slurp(f, &bytes, &len, &why);
		if (!is_stdin)
			fclose(f);
		if (rc) {
			snprintf(d.msg, sizeof d.msg, "cannot read: %s", why);
			arb_out_diag(out, &d);
			continue;
		}
		arb_import_error err;
		memset(&err, 0, sizeof err);
		const arb_importer *imp = forced ? forced : arb_import_detect(bytes, len, &err);
		arb_buf_reset(&rec);
		if (!imp || imp->convert(bytes, len, &rec, &err)) {
			d.line = err.line;
			d.col = err.col;
			snprintf(d.msg, sizeof d.msg, "%s", err.msg);
			arb_out_diag(out, &d);
		} else if (!o->quiet) {
			if (written++)
				arb_out_text(out, "\n", 1);
			arb_out_text(out, rec.p, rec.len);
		}
		free(bytes);
	}
	arb_buf_free(&rec);
	arb_import_free_all();
	return arb_out_finish(out, arb_out_exit(out));
}
