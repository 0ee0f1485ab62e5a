/*
 * cli.h — what the commands share: the parsed options, the output
 * context (format, exit status), and the functions that print.  Only code
 * under src/cli and src/main.c writes to stdout or stderr.
 */
#ifndef ARB_CLI_H
#define ARB_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "../core/reader.h"
#include "../core/replay.h"

typedef enum { FMT_TEXT, FMT_YAML, FMT_JSON, FMT_TSV, FMT_SVG, FMT_HTML } arb_format;

typedef struct arb_opts {
	const char *command;
	arb_format format;
	bool quiet, in_place, labels, snapshot;
	bool keep_going;      /* go on after a bad record (default; --fail-fast: not) */
	bool summary;	      /* --summary: the batch summary even off a terminal */
	long jobs;	      /* -j: worker threads (0: the online cores)         */
	long at;	      /* -1: not given */
	const char *game;     /* --game */
	const char *player;   /* select --player */
	const char *tags[16]; /* select --tag NAME=VALUE */
	int ntags;
	bool valid, invalid, invert;
	unsigned long long seed; /* gen */
	long count, players, max_moves;
	const char *view;     /* gen --view WHO (NULL: full records) */
	bool chance_supplied; /* referee --chance=supplied */
	const char *variant;  /* referee --variant OPTIONS */
	int strategy;	      /* bot --strategy: 0 random, 1 human, 2 hot-seat */
	const char *terminal; /* bot --terminal PATH (default /dev/tty) */
	const char *scheme;   /* standings --scheme NAME|FILE */
	bool include_illegal; /* standings */
	int group;	      /* standings: GROUP_EVENT ... GROUP_NONE */
	int duplicates;	      /* standings: DUP_SKIP, DUP_WARN, DUP_COUNT */
	bool names_exact;     /* standings --names=exact */
	int rating;	      /* standings --rating: 0 none, or ARB_RATING_ELO, _PLACKETT_LUCE */
	bool sprt;	      /* standings --sprt ELO0,ELO1[,ALPHA,BETA] */
	double sprt_elo0, sprt_elo1, sprt_alpha, sprt_beta;
	const char *from;   /* import --from FORMAT (NULL: auto)   */
	const char *output; /* dump/view -o: a directory or a pattern */
	/* match */
	const char *bots[64]; /* --bot NAME=COMMAND */
	int nbots;
	long games;	       /* --games (0: one round)            */
	const char *tc;	       /* --tc BASE+INC                      */
	const char *move_time; /* --move-time SEC                   */
	const char *gauntlet;  /* --gauntlet NAME                    */
	const char *views;     /* --views DIR                        */
	bool duplicate, recover, resume;
	char **files; /* operands; "-" is stdin */
	int nfiles;
} arb_opts;

/* standings --group and --duplicates: in the order of their values in
 * options.h. */
enum { GROUP_EVENT, GROUP_ROUND, GROUP_TABLE, GROUP_NONE };
enum { DUP_SKIP, DUP_WARN, DUP_COUNT };

/* Exit statuses, ordered: the worst seen wins. */
enum { ARB_EXIT_OK = 0, ARB_EXIT_ILLEGAL = 1, ARB_EXIT_ERROR = 2 };

typedef struct arb_out arb_out;

/* What a batch came to, for its summary on standard error:
 * "18 games in 3 files: 16 legal, 1 illegal, 1 unreadable". */
typedef struct arb_tally {
	size_t files, unopened; /* named, and of them not opened      */
	size_t games;		/* records read, bad ones included     */
	size_t legal, unfinished, illegal;
	size_t unreadable; /* a record or game error (status 2)  */
	size_t selected;   /* select: games written              */
	size_t formatted;  /* fmt: games written                 */
} arb_tally;
void arb_tally_add(arb_tally *to, const arb_tally *from);
/* The summary line, on stderr; `cmd` picks the counts that apply. */
void arb_tally_print(const arb_tally *t, const char *cmd);

/* Output context for one run: opens the format's stream on stdout. */
arb_out *arb_out_new(const arb_opts *o);
/* Finish the stream and flush; returns -1 when stdout failed. */
int arb_out_close(arb_out *out);
/* Close `out` and return `status`, or 2 with a message when writing to
 * stdout failed: the last step of every command. */
int arb_out_finish(arb_out *out, int status);
/* True once writing to stdout has failed (stop early). */
bool arb_out_failed(const arb_out *out);

/* The batch's counts, raised by verdicts (legal, unfinished, illegal)
 * and by the record loop and commands (the rest). */
arb_tally *arb_out_tally(arb_out *out);
/* Diagnostics reported so far through `out`. */
size_t arb_out_diags(const arb_out *out);
/* A capture: an output that keeps what one game writes (stdout, stderr,
 * documents, status, counts) for arb_out_replay, so worker threads can
 * replay games while one thread writes them in input order.  Freed by
 * arb_out_close. */
arb_out *arb_out_capture(const arb_opts *o);
/* Write what `cap` holds through `out`, as if written there, and empty
 * it; returns 1 when a result handed on (arb_out_result) asked to stop,
 * and what followed it is dropped. */
int arb_out_replay(arb_out *out, arb_out *cap);
/* A game's result for a command that collects rather than writes
 * (standings): a worker packs it into the buffer arb_out_result gives
 * (a new item of its capture, empty; the bytes are the command's own), and
 * the writer hands the bytes, in input order, to the function set on the
 * real output, which returns 1 to stop the run.  Bytes, not a document:
 * the writer then frees nothing the workers made. */
typedef int (*arb_result_fn)(void *ctx, const char *bytes, size_t len);
typedef struct json_t json_t;
arb_buf *arb_out_result(arb_out *cap);
void arb_out_set_results(arb_out *out, arb_result_fn fn, void *ctx);
/* Empty a capture without writing it. */
void arb_out_reset(arb_out *cap);
/* A verdict as check's results name it: legal, unfinished, illegal, error. */
const char *arb_verdict_name(arb_verdict v);

/* The header line (without its newline) of check's TSV: the columns in
 * order, file line game event round table players verdict moves scores
 * winners error_line error_col rule message digest; standings reads them
 * back, and results written before the digest column too. */
#define ARB_TSV_HEADER                                                                            \
	"file\tline\tgame\tevent\tround\ttable\tplayers\tverdict\tmoves\tscores\twinners\terror_" \
	"line\terror_col\trule\tmessage\tdigest"

/* Report a failed write to standard output on stderr, once; returns 2. */
int arb_stdout_error(void);

/* A diagnostic (syntax, data, I/O): the one function that reports one.
 * Raises the status to 2; unless -q, prints FILE:LINE:COL: error: MESSAGE
 * on stderr and writes the error document (JSON, YAML) or row (TSV). */
void arb_out_diag(arb_out *out, const arb_diag *d);
/* Text for standard error, in its place among the game's output: a
 * capture keeps it (a warning written at once would come out of order
 * on -j, and twice when a batch is read again). */
void arb_out_err(arb_out *out, const char *s);
/* The same before or without a command's output (main's --data): opens
 * the output, reports, closes; returns the exit status (2). */
int arb_report_diag(const arb_opts *o, const arb_diag *d);
/* A note that follows a diagnostic (FILE: note: MESSAGE), unless -q. */
void arb_out_note(arb_out *out, const char *file, const char *msg);
/* A verdict for one replayed game; `events` (score) may be NULL. */
typedef struct arb_scored {
	size_t move; /* 0: final scoring */
	arb_event ev;
} arb_scored;
void arb_out_verdict(arb_out *out, const arb_replay *r, const arb_scored *events, size_t nevents);
/* A jansson document in the machine format (YAML or JSON); freed. */
void arb_out_doc(arb_out *out, json_t *doc);
/* jansson values that never drop data: bytes that are not UTF-8 (a file
 * name, say) are escaped as \xHH rather than refused, since jansson
 * refuses them and json_object_set_new then drops the key.  Any other
 * failure is a lack of memory and ends the run with status 2. */
json_t *arb_json_str(const char *s);
json_t *arb_json_strn(const char *s, size_t len);
void arb_json_set(json_t *obj, const char *key, json_t *value); /* takes value */
void arb_json_push(json_t *arr, json_t *value);			/* takes value */
/* The error document of a diagnostic: the only place it is built. */
json_t *arb_diag_json(const arb_diag *d);
/* The position of a game as data (the engine's describe(), game.h) in
 * one jansson map, or NULL when the engine cannot describe. */
json_t *arb_position_json(const arb_game_ops *g, const void *state);
/* A replayed game's verdict as the document `check` writes. */
json_t *arb_verdict_json(const arb_replay *r);
/* The verdict line `check` prints for a replayed game (with its newline). */
void arb_verdict_line(const arb_replay *r, arb_buf *b);
/* Raw text (dump, fmt, moves) to stdout, as is. */
void arb_out_text(arb_out *out, const char *s, size_t len);
/* `sep` to stdout unless this is the first call: what goes between two
 * games (fmt's blank line), written in order by a capture too. */
void arb_out_between(arb_out *out, const char *sep);
/* Raise the exit status. */
void arb_out_status(arb_out *out, int status);
int arb_out_exit(const arb_out *out);

/* Whether a stream's first bytes are no TGN at all (another program's
 * record, standings' results, UTF-16 or compressed text, a binary file):
 * then *d says what
 * the file `name` is and the command line that reads it, for `command`
 * (foreign.c). */
bool arb_foreign_input(const char *bytes, size_t len, const char *name, const char *command,
		       arb_diag *d);

/* The commands: each returns the exit status. */
int arb_cmd_check(const arb_opts *o); /* check and score */
int arb_cmd_dump(const arb_opts *o);
int arb_cmd_view(const arb_opts *o); /* dump --format=html */
int arb_cmd_fmt(const arb_opts *o);
int arb_cmd_moves(const arb_opts *o);
int arb_cmd_select(const arb_opts *o);
int arb_cmd_gen(const arb_opts *o);
int arb_cmd_standings(const arb_opts *o);
int arb_cmd_import(const arb_opts *o);
int arb_cmd_referee(const arb_opts *o); /* cmd_referee.c */
int arb_cmd_bot(const arb_opts *o);	/* cmd_bot.c */
int arb_cmd_match(const arb_opts *o);	/* cmd_match.c */

/* Iterate over the operands' games: calls fn for each record; stops when
 * fn returns nonzero.  Syntax errors go to `out` (and stop with
 * --fail-fast).  Returns nonzero when stopped early. */
typedef int (*arb_each_fn)(void *ctx, const arb_record *rec);
int arb_each_record(const arb_opts *o, arb_out *out, arb_each_fn fn, void *ctx);

/* The loop as a command describes it, for what arb_each_record cannot say:
 * what to do with a game the reader could not read, and how to replay
 * games on -j worker threads. */
typedef struct arb_loop {
	arb_each_fn fn; /* each record, with ctx (one thread) */
	void *ctx;
	/* a game the reader could not read, after its diagnostic: its bytes
	 * are rec->raw, rec->rawlen (nothing else is set but file and
	 * raw_line); written to `out`.  Optional. */
	void (*broken)(void *ctx, arb_out *out, const arb_record *rec);
	/* -j: each worker thread replays games with a copy of its own of
	 * worker_proto (ctx when NULL), worker_size bytes, whose arb_out
	 * pointer at byte out_at is set to the output of each batch it
	 * replays; fn may then share nothing writable but through that
	 * output.  worker_size 0: the command runs on one thread.  Set both
	 * with ARB_LOOP_WORKERS(type) for a context with an `out` member. */
	size_t worker_size, out_at;
	const void *worker_proto;
	arb_each_fn worker_fn; /* a worker's fn, when not fn (standings) */
	/* clear in a worker's fresh copy what it must not share with the
	 * original (its buffers), and free what the worker made: optional */
	void (*worker_init)(void *wctx);
	void (*worker_fini)(void *wctx);
	/* fn reads the records' items (their tags, turns and comments in
	 * input order, arb_reader_keep_order): fmt does; the reader leaves
	 * them out for every other command */
	bool keep_order;
} arb_loop;
#define ARB_LOOP_WORKERS(type) .worker_size = sizeof(type), .out_at = offsetof(type, out)
int arb_each_record_loop(const arb_opts *o, arb_out *out, const arb_loop *l);
/* What a caller took from a stream before handing it over: `lines` blank
 * lines, then `bytes[0..len)` of the next line (see arb_reader_unread). */
typedef struct arb_taken {
	uint32_t lines;
	const char *bytes;
	size_t len;
} arb_taken;
/* The loop `l` on this thread for one open stream `f` (not closed), named
 * `name` in diagnostics, less what `taken` (or NULL) says was read from it
 * already: returns 1 when the run must stop (an error without
 * --keep-going, fn's request, a failed write), else 0. */
int arb_each_record_in(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
		       arb_out *out, const arb_loop *l);
/* The same with the loop `l`, on -j worker threads when l has them. */
int arb_each_record_stream(FILE *f, const char *name, const arb_taken *taken, const arb_opts *o,
			   arb_out *out, const arb_loop *l);

/* names.c: a player's name as shown (at *shown in b: without surrounding
 * blanks) and as compared (at *key: also folded to lower case), or both
 * as written when `exact`. */
void arb_name_forms(const char *name, bool exact, arb_buf *b, size_t *shown, size_t *key);

#endif
