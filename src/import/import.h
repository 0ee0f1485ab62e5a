/*
 * import.h — converters from other programs' game records to TGN, for
 * `arbiter import`.
 *
 * One converter per foreign format, each in a file of its own under
 * src/import/ (jcz.c: JCloisterZone saves).  A converter reads one input
 * stream and hands each game in it, once complete, to a sink as one TGN
 * record: memory is one game, whatever the size of the file (a log
 * streams line by line; a JSON save, one document, is read whole under a
 * size limit).  It never prints and never exits: the command
 * (src/cli/cmd_import.c) opens the files and decides what to show.  Converters take the game data from
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
#include <stdio.h>

#include "../core/reader.h"

/* A JCloisterZone save is one JSON document, read whole: a save of a whole
 * base game is about 60 KB, so this is generous and still bounds memory. */
#define ARB_IMPORT_MAX_DOC (16u << 20)
/* Line-based logs are streamed a line at a time; a longer line is no line
 * of a log arbiter reads.  It is also what recognition sees of a file. */
#define ARB_IMPORT_MAX_LINE (64u << 10)

/* Why an input could not be converted.  line/col are 1-based positions in
 * the input (0 = the whole file); `msg` is one sentence, no final period. */
typedef struct arb_import_error {
	uint32_t line, col;
	char msg[ARB_MSG_MAX];
	/* a conversion that succeeded may still warn: what it could not
	 * know (empty: nothing) */
	char warn[ARB_MSG_MAX];
} arb_import_error;

/* One input stream read through a window of ARB_IMPORT_MAX_LINE bytes:
 * its first bytes can be looked at (to recognise the format, even on
 * standard input) before a converter reads them as lines or whole. */
typedef struct arb_import_in {
	FILE *f;
	char *buf;	   /* ARB_IMPORT_MAX_LINE + 1 bytes                 */
	size_t start, end; /* the bytes read from f, not yet consumed       */
	bool eof;
} arb_import_in;

/* Where a converter writes each game as soon as it is complete. */
typedef struct arb_import_sink {
	/* One TGN record in canonical form, ending in a newline. */
	void (*game)(void *ctx, const char *record, size_t len);
	void *ctx;
} arb_import_sink;

typedef struct arb_importer {
	const char *name;  /* the --from value: "jcz"                  */
	const char *title; /* "JCloisterZone save (.jcz, JSON)"        */
	/* True when the bytes look like this format (content, not name);
	 * `bytes` are the first ARB_IMPORT_MAX_LINE bytes of the input. */
	bool (*sniff)(const unsigned char *bytes, size_t len);
	/* Read `in` to its end (or its game's end) and hand each game, once
	 * complete, to `sink`, keeping no more than one game in memory.
	 * Returns 0, or -1 with *err set; a game is handed over whole or not
	 * at all. */
	int (*convert)(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err);
} arb_importer;

/* Start reading `f` (not closed by arb_import_close): reads its first
 * bytes.  Returns 0, or -1 with *err set (a read error). */
int arb_import_open(arb_import_in *in, FILE *f, arb_import_error *err);
/* Free the window. */
void arb_import_close(arb_import_in *in);
/* The next bytes not yet consumed, at most ARB_IMPORT_MAX_LINE of them
 * (right after arb_import_open: the file's first bytes). */
const unsigned char *arb_import_peek(const arb_import_in *in, size_t *len);
/* The next line: *line (NUL-terminated, no newline, valid until the next
 * call) of *len bytes; *ended is false for a last line without its
 * newline.  Returns 1, 0 at the end of the input, or -1 with *err set (a
 * read error, or a line longer than ARB_IMPORT_MAX_LINE: line `lineno`). */
int arb_import_line(arb_import_in *in, char **line, size_t *len, bool *ended, uint32_t lineno,
		    arb_import_error *err);
/* The rest of the input in *bytes (malloc'd, *len bytes).  Returns 0, or
 * -1 with *err set: a read error, or more than `max` bytes (`what` names
 * the document in the message). */
int arb_import_slurp(arb_import_in *in, size_t max, const char *what, unsigned char **bytes,
		     size_t *len, arb_import_error *err);

/* The importer named `name` (a --from value), or NULL. */
const arb_importer *arb_import_find(const char *name);
/* The importers, in the order --help lists them; NULL past the end. */
const arb_importer *arb_import_at(size_t i);

/* Recognise the format from `bytes`, the input's first ARB_IMPORT_MAX_LINE
 * bytes (all of it when shorter).  Returns the importer, or NULL with
 * *err set: a compressed file (naming the tool that decompresses it), an
 * empty file, or content no importer recognises. */
const arb_importer *arb_import_detect(const unsigned char *bytes, size_t len,
				      arb_import_error *err);
/* When `bytes` start like a compressed file, set *err (naming zcat, xzcat,
 * ...) and return -1; otherwise 0.  Every format is checked with it. */
int arb_import_compressed(const unsigned char *bytes, size_t len, arb_import_error *err);

/* Free what the converters loaded (game data tables), at exit. */
void arb_import_free_all(void);

/* For the converters: append the tag [name "value"] and a newline, the
 * value escaped, its control characters (which TGN tags cannot hold)
 * made blanks. */
void arb_import_tag(arb_buf *b, const char *name, const char *value);

/* A converter's record writer: the whole TGN record of the game it has
 * read into `out`.  Returns 0, or -1 with the converter's error set. */
typedef int arb_import_put(void *conv, arb_buf *out);

/* For the converters, the end of a conversion: when rc is 0, the record
 * is written by put(conv, ...) and, when that succeeds, handed to `sink`
 * whole, unless a line of it is longer than check reads (then -1 with
 * `err` set: import and check agree on the limits); then the record and
 * the converter's `nbufs` buffers `bufs` are freed, whatever rc.  Returns
 * rc, or -1. */
int arb_import_finish(int rc, arb_import_put *put, void *conv, const arb_import_sink *sink,
		      arb_buf *const bufs[], size_t nbufs, arb_import_error *err);

/* For the converters: the seat tags [colours[s] "names[s]"] of n seats.
 * A seat without a name (NULL or empty) is written "?N" (N its seat from
 * 1), so unnamed players stay apart; a name a former seat holds is
 * written "NAME (N)", with a warning in err->warn: one player, one seat. */
void arb_import_seats(arb_buf *b, const char *const colours[], const char *const names[], int n,
		      arb_import_error *err);

/* For the converters: fill *err and return -1. */
int arb_import_fail(arb_import_error *err, uint32_t line, uint32_t col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The converters' sniff and convert functions (arb_importer), listed in
 * import.c's table.  JCloisterZone (jcz.c, its tile table freed by
 * arb_import_jcz_free): */
bool arb_import_jcz_sniff(const unsigned char *bytes, size_t len);
int arb_import_jcz_convert(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err);
void arb_import_jcz_free(void);
/* JSettlers2 (soclog.c): */
bool arb_import_soclog_sniff(const unsigned char *bytes, size_t len);
int arb_import_soclog_convert(arb_import_in *in, const arb_import_sink *sink,
			      arb_import_error *err);
/* Pioneers (pioneers.c): */
bool arb_import_pioneers_sniff(const unsigned char *bytes, size_t len);
int arb_import_pioneers_convert(arb_import_in *in, const arb_import_sink *sink,
				arb_import_error *err);

#endif
