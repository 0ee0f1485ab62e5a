/*
 * output.h — the inside of an output (arb_out), for the files that write
 * through it: output.c (the stream, captures, documents, diagnostics) and
 * verdict.c (a game's verdict in each format).  The commands see only
 * cli.h's functions.
 */
#ifndef ARB_OUTPUT_H
#define ARB_OUTPUT_H

#include <yaml.h>

#include "cli.h"

/* A capture (the -j path, see records.c) keeps one game's output in
 * order instead of writing it: runs of standard output and standard
 * error, the YAML documents (the emitter's state is the stream's, so they
 * are emitted by the writer) and the TSV header (written once, by the
 * first game that needs it). */
typedef enum { CAP_STDOUT, CAP_STDERR, CAP_DOC, CAP_HEADER, CAP_BETWEEN, CAP_RESULT } cap_kind;
typedef struct cap_item {
	cap_kind kind;
	arb_buf text; /* STDOUT, STDERR, HEADER; RESULT: its bytes */
	json_t *doc;  /* DOC                                      */
} cap_item;

struct arb_out {
	arb_format format;
	bool quiet;
	bool score; /* `score`: verdicts carry their events */
	int status;
	bool failed;
	bool tsv_header;
	bool between; /* arb_out_between: something was written */
	bool yaml_open;
	yaml_emitter_t yaml;
	arb_buf line; /* scratch for text lines */
	arb_tally tally;
	size_t ndiag;	      /* diagnostics reported (a game's errors)  */
	bool summary;	      /* print the batch summary when closed     */
	const char *cmd;      /* the command, for the summary's wording  */
	bool capture;	      /* keep the output in items[]              */
	arb_result_fn result; /* where a capture's results go (standings) */
	void *result_ctx;
	cap_item *items;
	size_t nitems, cap_items;
};

/* A TSV field: tabs and newlines become spaces (TSV has no escapes). */
void arb_tsv_field(arb_buf *b, const char *s);
/* End the row in b with its newline and write it. */
void arb_tsv_row_end(arb_out *out, arb_buf *b);
/* A header written once, before the first row (by the first game of a
 * capture's writer). */
void arb_header_once(arb_out *out, const char *h, size_t len);
/* check's header (ARB_TSV_HEADER), once. */
void arb_tsv_start(arb_out *out);

#endif
