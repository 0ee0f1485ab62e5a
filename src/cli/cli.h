/*
 * cli.h — what the commands share: the parsed options, the output
 * context (format, exit status), and the functions that print.  Only code
 * under src/cli and src/main.c writes to stdout or stderr.
 */
#ifndef ARB_CLI_H
#define ARB_CLI_H

#include <stdio.h>

#include "../core/reader.h"
#include "../core/replay.h"

typedef enum { FMT_TEXT, FMT_YAML, FMT_JSON, FMT_TSV } arb_format;

typedef struct arb_opts {
	const char *command;
	arb_format format;
	bool quiet, keep_going, in_place, labels, snapshot;
	long at;                  /* -1: not given */
	const char *game;         /* --game */
	const char *player;       /* select --player */
	const char *tags[16];     /* select --tag NAME=VALUE */
	int ntags;
	bool valid, invalid, invert;
	unsigned long long seed;  /* gen */
	long count, players, max_moves;
	const char *view;         /* gen --view WHO (NULL: full records) */
	const char *scheme;       /* standings --scheme NAME|FILE */
	bool include_illegal;     /* standings */
	int group;                /* standings: 0 event, 1 round, 2 table */
	const char *from;         /* import --from FORMAT (NULL: auto)   */
	char **files;             /* operands; "-" is stdin */
	int nfiles;
} arb_opts;

/* Exit statuses, ordered: the worst seen wins. */
enum { ARB_EXIT_OK = 0, ARB_EXIT_ILLEGAL = 1, ARB_EXIT_ERROR = 2 };

typedef struct arb_out arb_out;

/* Output context for one run: opens the format's stream on stdout. */
arb_out *arb_out_new(const arb_opts *o);
/* Finish the stream and flush; returns -1 when stdout failed. */
int arb_out_close(arb_out *out);
/* Close `out` and return `status`, or 2 with a message when writing to
 * stdout failed: the last step of every command. */
int arb_out_finish(arb_out *out, int status);
/* True once writing to stdout has failed (stop early). */
bool arb_out_failed(const arb_out *out);

/* A diagnostic (syntax, data, I/O): stderr, and a document in machine
 * formats.  Raises the status to 2. */
void arb_out_diag(arb_out *out, const arb_diag *d);
/* A verdict for one replayed game; `events` (score) may be NULL. */
typedef struct arb_scored {
	size_t move;             /* 0: final scoring */
	arb_event ev;
} arb_scored;
void arb_out_verdict(arb_out *out, const arb_replay *r,
		     const arb_scored *events, size_t nevents);
/* A jansson document in the machine format (YAML or JSON); freed. */
typedef struct json_t json_t;
void arb_out_doc(arb_out *out, json_t *doc);
/* A replayed game's verdict as the document `check` writes. */
json_t *arb_verdict_json(const arb_replay *r);
/* Raw text (dump, fmt, moves) to stdout, as is. */
void arb_out_text(arb_out *out, const char *s, size_t len);
/* Raise the exit status. */
void arb_out_status(arb_out *out, int status);
int arb_out_exit(const arb_out *out);

/* The commands: each returns the exit status. */
int arb_cmd_check(const arb_opts *o);   /* check and score */
int arb_cmd_dump(const arb_opts *o);
int arb_cmd_fmt(const arb_opts *o);
int arb_cmd_moves(const arb_opts *o);
int arb_cmd_select(const arb_opts *o);
int arb_cmd_gen(const arb_opts *o);
int arb_cmd_standings(const arb_opts *o);
int arb_cmd_import(const arb_opts *o);

/* Iterate over the operands' games: calls fn for each record; stops when
 * fn returns nonzero.  Syntax errors go to `out` (and stop unless
 * --keep-going).  Returns nonzero when stopped early. */
typedef int (*arb_each_fn)(void *ctx, const arb_record *rec);
int arb_each_record(const arb_opts *o, arb_out *out, arb_each_fn fn,
		    void *ctx);

#endif
