/*
 * cmd_import.c — `import`: other programs' game records to TGN.
 *
 * Each operand (or standard input) holds games in a foreign format; its
 * first bytes (read ahead, not lost, so standard input works too) name
 * the importer when --from=auto, the default, and the importer reads the
 * rest as a stream, handing each game's TGN record over as soon as the
 * game is complete; the records go to standard output, a blank line
 * between them, in input order.  Memory is one game at a time, whatever
 * the size of the file.  A file that cannot be converted gets a
 * diagnostic on standard error and exit status 2; the other files are
 * still converted.
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../core/util.h"
#include "../import/import.h"

/* Where the games go: standard output, a blank line between records. */
typedef struct import_out {
	arb_out *out;
	bool quiet;
	size_t written;
} import_out;

/* The sink's callback: write one record as soon as its game is complete. */
static void write_game(void *ctx, const char *record, size_t len)
{
	import_out *io = ctx;
	if (io->quiet)
		return;
	if (io->written++)
		arb_out_text(io->out, "\n", 1);
	arb_out_text(io->out, record, len);
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
	import_out io = { .out = out, .quiet = o->quiet };
	const arb_import_sink sink = { .game = write_game, .ctx = &io };
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
		arb_import_error err;
		memset(&err, 0, sizeof err);
		arb_import_in in;
		int rc = arb_import_open(&in, f, &err);
		if (rc == 0) {
			size_t len;
			const unsigned char *head = arb_import_peek(&in, &len);
			const arb_importer *imp =
				forced ? forced : arb_import_detect(head, len, &err);
			rc = imp ? imp->convert(&in, &sink, &err) : -1;
		}
		arb_import_close(&in);
		if (!is_stdin && fclose(f) && rc == 0) {
			rc = -1;
			snprintf(err.msg, sizeof err.msg, "cannot read: %s", strerror(errno));
		}
		if (rc == 0 && err.warn[0] && !o->quiet)
			fprintf(stderr, "%s: warning: %s\n", d.file, err.warn);
		if (rc) {
			d.line = err.line;
			d.col = err.col;
			snprintf(d.msg, sizeof d.msg, "%s", err.msg);
			arb_out_diag(out, &d);
		}
	}
	arb_import_free_all();
	return arb_out_finish(out, arb_out_exit(out));
}
