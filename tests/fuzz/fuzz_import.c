/*
 * fuzz_import.c — libFuzzer/AFL++ harness for the importers
 * (src/import/): JCloisterZone saves, JSettlers2 soclogs and Pioneers
 * logs, each converted as `arbiter import` converts it, then every record
 * handed over read back by the TGN reader and replayed, as `import |
 * check` would.
 *
 * Input layout: byte 0 picks the converter (0: recognised from the bytes,
 * as without --from; 1, 2, 3: jcz, soclog, pioneers, as --from names
 * them; the byte is taken modulo 4); the rest is the file.
 *
 * Nothing may crash, leak or trip a sanitizer, and what import writes
 * must read back as TGN: import never writes a record check refuses to
 * read (issue 39: UTF-8, line limits, tag values), so a record the reader
 * cannot read aborts.  Whether its moves are legal is check's judgement,
 * free here.  FUZZ_IMPORT_VERBOSE set: what each input came to, on
 * standard error (for writing seeds).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "core/reader.h"
#include "import/import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One record the converter handed over: read back and replayed. */
static void fz_game(void *ctx, const char *record, size_t len)
{
	++*(size_t *)ctx;
	arb_reader *rd = arb_reader_new_mem(record, len, "import", 0);
	if (!rd)
		abort();
	arb_record r;
	arb_diag d;
	int got = arb_reader_next(rd, &r, &d);
	if (got != 1) {
		fprintf(stderr, "import wrote a record the reader refuses: %d:%d: %s\n",
			(int)d.line, (int)d.col, got < 0 ? d.msg : "no record");
		abort();
	}
	fz_replay(&r);
	arb_reader_free(rd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	size_t pick = data[0] % 4;
	FILE *f = fz_memopen(data + 1, size - 1);
	arb_import_error err;
	memset(&err, 0, sizeof err);
	arb_import_in in;
	size_t games = 0;
	const arb_import_sink sink = { .game = fz_game, .ctx = &games };
	int rc = arb_import_open(&in, f, &err);
	if (rc == 0) {
		size_t len;
		const unsigned char *head = arb_import_peek(&in, &len);
		const arb_importer *imp =
			pick ? arb_import_at(pick - 1) : arb_import_detect(head, len, &err);
		rc = imp ? imp->convert(&in, &sink, &err) : -1;
	}
	if (getenv("FUZZ_IMPORT_VERBOSE")) /* for writing seeds */
		fprintf(stderr, "%zu games, %s\n", games, rc ? err.msg : "converted");
	arb_import_close(&in);
	fclose(f);
	arb_import_free_all();
	return 0;
}
