/*
 * import.h — converters from other programs' game records to TGN, for
 * `arbiter import`.
 *
 * One converter per foreign format, each in a file of its own under
 * src/import/ (jcz.c: JCloisterZone saves).  A converter turns the bytes of
 * one input file (one game) into one TGN record appended to a buffer; it
 * never prints and never exits: the command (src/cli/cmd_import.c) reads
 * the files and decides what to show.  Converters take the game data from
 * the engines' embedded YAML and ask the engine itself where the rules
 * decide what the source left unsaid; what they write is checked again by
 * `arbiter check`, never trusted.
 *
 * Adding a format is one file and one line in the table of import.c.
 */
#ifndef ARB_IMPORT_H
#define ARB_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/reader.h"

/* Largest input file a converter accepts: a JCloisterZone save of a whole
 * base game is about 60 KB, so this is generous and still bounds memory. */
#define ARB_IMPORT_MAX_BYTES (64u << 20)

/* Why an input could not be converted.  line/col are 1-based positions in
 * the input (0 = the whole file); `msg` is one sentence, no final period. */
typedef struct arb_import_error {
	uint32_t line, col;
	char msg[ARB_MSG_MAX];
} arb_import_error;

typedef struct arb_importer {
	const char *name;  /* the --from value: "jcz"                  */
	const char *title; /* "JCloisterZone save (.jcz, JSON)"        */
	/* True when the bytes look like this format (content, not name). */
	bool (*sniff)(const unsigned char *bytes, size_t len);
	/* Append one TGN record (canonical form, ending in a newline) for the
	 * game in `bytes` to `out`.  Returns 0, or -1 with *err set and `out`
	 * unchanged. */
	int (*convert)(const unsigned char *bytes, size_t len, arb_buf *out, arb_import_error *err);
} arb_importer;

/* The importer named `name` (a --from value), or NULL. */
const arb_importer *arb_import_find(const char *name);
/* The importers, in the order --help lists them; NULL past the end. */
const arb_importer *arb_import_at(size_t i);

/* Recognise the format of `bytes`.  Returns the importer, or NULL with
 * *err set: a compressed file (naming the tool that decompresses it), an
 * empty file, or content no importer recognises. */
const arb_importer *arb_import_detect(const unsigned char *bytes, size_t len,
				      arb_import_error *err);
/* When `bytes` start like a compressed file, set *err (naming zcat, xzcat,
 * ...) and return -1; otherwise 0.  Every format is checked with it. */
int arb_import_compressed(const unsigned char *bytes, size_t len, arb_import_error *err);

/* Free what the converters loaded (game data tables), at exit. */
void arb_import_free_all(void);

/* For the converters: fill *err and return -1. */
int arb_import_fail(arb_import_error *err, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The JCloisterZone converter (jcz.c). */
extern const arb_importer arb_import_jcz;
void arb_import_jcz_free(void);

/* JSettlers2 game event logs (soclog.c): recognised, not yet converted. */
extern const arb_importer arb_import_soclog;

/* The Pioneers converter (pioneers.c). */
extern const arb_importer arb_import_pioneers;

#endif
