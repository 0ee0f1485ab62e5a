/*
 * options.h — the one table of commands and options.  Everything the
 * command line knows about an option comes from here (X-macros): the
 * getopt_long table, which commands take it (and the usage error naming
 * them when another command is given it), the values it accepts, and
 * --help, whole or per command.  tests/options-test.sh holds the man page
 * and the bash, zsh and fish completions to what --help prints.
 *
 * CMD(name, function, help): a command and the function that runs it.
 *
 * OPT(id, long name, short letter or 0, ARG name or 0 (no argument),
 *     commands (a mask of CMD_BIT()s), values, help):
 *   values is VALS_NONE, VALS_ONE_OF("a b c") (the argument must be one
 *   of them, in any case), VALS_SOME_OF("a b c") (suggestions; a file
 *   name is accepted too) or VALS_GAMES (the registry's game names).
 *   --help appends the values to the help text: "help: a, b or c".
 */
#ifndef ARB_OPTIONS_H
#define ARB_OPTIONS_H

/* The tables are laid out by hand, a row per line. */
/* clang-format off */
#define ARB_COMMANDS(X)                                                        \
	X(check, arb_cmd_check, "replay every game and print a verdict per game (the default)") \
	X(score, arb_cmd_check, "like check, and list every score event")      \
	X(dump,  arb_cmd_dump,  "print the board after the last move, or after move --at N") \
	X(fmt,   arb_cmd_fmt,   "print the records in canonical TGN; -i rewrites the files") \
	X(moves, arb_cmd_moves, "list the legal moves after move --at N (default: the start)") \
	X(select, arb_cmd_select, "print only the games that match, byte for byte: TGN in, TGN out") \
	X(gen,   arb_cmd_gen,   "write random legal games of --game NAME (seeded) in canonical TGN") \
	X(standings, arb_cmd_standings, "tournament standings from records or from check's results") \
	X(import, arb_cmd_import, "convert other programs' saves (--from FORMAT) to TGN, one game per file") \
	X(view,  arb_cmd_view,  "write an HTML page per game to step through every position (dump --format=html)") \
	X(referee, arb_cmd_referee, "hold one game live: seats' actions on standard input, answers on standard output") \
	X(bot,   arb_cmd_bot,   "play one seat from the seat's side of the referee protocol (the random baseline)") \
	X(match, arb_cmd_match, "play a tournament between bot programs, a process per seat, and write every game's record") \
	X(help,  arb_cmd_help,  "print this help, or with COMMAND that command's options")

enum arb_command {
#define X(name, fn, help) ARB_CMD_##name,
	ARB_COMMANDS(X)
#undef X
	ARB_NCOMMANDS
};
/* clang-format on */

#define CMD_BIT(name) (1u << ARB_CMD_##name)
/* every command that reads records */
#define CMD_RECORDS                                                                        \
	(CMD_BIT(check) | CMD_BIT(score) | CMD_BIT(dump) | CMD_BIT(fmt) | CMD_BIT(moves) | \
	 CMD_BIT(select) | CMD_BIT(standings) | CMD_BIT(view))
#define CMD_ANY ((1u << ARB_NCOMMANDS) - 1)
/* the commands whose games -j replays on worker threads */
#define CMD_JOBS \
	(CMD_BIT(check) | CMD_BIT(score) | CMD_BIT(select) | CMD_BIT(fmt) | CMD_BIT(standings))
/* the commands that count their games for --summary */
#define CMD_SUMMARY (CMD_RECORDS & ~CMD_BIT(standings))

/* What an option's argument may be; each VALS_ macro is two fields, the
 * kind and the space-separated list. */
typedef enum { ARB_VALS_NONE, ARB_VALS_ONE_OF, ARB_VALS_SOME_OF, ARB_VALS_GAMES } arb_vals_kind;
#define VALS_NONE ARB_VALS_NONE, 0
#define VALS_ONE_OF(list) ARB_VALS_ONE_OF, list
#define VALS_SOME_OF(list) ARB_VALS_SOME_OF, list
#define VALS_GAMES ARB_VALS_GAMES, 0

/* clang-format off */
/* Sorted by long name.  The order of --format's, --group's and
 * --duplicates' values is that of arb_format, GROUP_ and DUP_. */
#define ARB_OPTIONS(X)                                                         \
	X(AT,         "at",         0,   "N",    CMD_BIT(dump) | CMD_BIT(moves) | CMD_BIT(view), VALS_NONE, \
	  "the position after move N (0: the start; html: the one shown first)")                           \
	X(BOT,        "bot",        0,   "NAME=COMMAND", CMD_BIT(match), VALS_NONE, \
	  "a player of the match: COMMAND run by sh -c (arbiter, human, hot-seat: arbiter bot with that strategy); repeatable") \
	X(CHANCE,     "chance",     0,   "HOW",  CMD_BIT(referee), VALS_ONE_OF("dealt supplied"), \
	  "who decides chance: the referee from --seed (default dealt), or the seats' words") \
	X(COUNT,      "count",      'n', "N",    CMD_BIT(gen), VALS_NONE,       \
	  "write N games (default 1)")                                          \
	X(DATA,       "data",       0,   "FILE", CMD_RECORDS | CMD_BIT(gen) | CMD_BIT(referee) | CMD_BIT(match), VALS_NONE, \
	  "replace a game's built-in data with FILE (YAML)")                    \
	X(DUPLICATE,  "duplicate",  0,   0,      CMD_BIT(match), VALS_NONE,     \
	  "deal the same game (the same seed) to every rotation of the seats") \
	X(FAIL_FAST,  "fail-fast",  0,   0,      CMD_RECORDS, VALS_NONE,        \
	  "stop at the first syntax or record error (default: report it, go on)") \
	X(FORMAT,     "format",     'f', "FMT",  CMD_BIT(check) | CMD_BIT(score) | CMD_BIT(dump) | \
	  CMD_BIT(moves) | CMD_BIT(standings) | CMD_BIT(referee) | CMD_BIT(match), VALS_ONE_OF("text yaml json tsv svg html"), \
	  "output format (default text; dump and moves: not tsv; svg, html: dump only; referee: text or json; match: its standings table)")                            \
	X(FROM,       "from",       0,   "FORMAT", CMD_BIT(import), VALS_ONE_OF("auto jcz soclog pioneers"), \
	  "the input's format (default auto: recognised from the content)")     \
	X(GAME,       "game",       'g', "NAME", CMD_BIT(dump) | CMD_BIT(select) | CMD_BIT(gen) | CMD_BIT(referee) | CMD_BIT(match), VALS_GAMES, \
	  "the game to write, keep, draw or hold (dump: --labels, no FILE)") \
	X(DUPLICATES, "duplicates", 0,   "WHAT", CMD_BIT(standings), VALS_ONE_OF("skip warn count"), \
	  "a game read twice: count it once, with a warning (default skip), again with a warning, or again silently") \
	X(GAMES,      "games",      0,   "N",    CMD_BIT(match), VALS_NONE,     \
	  "games to play (default: one round, every group of bots in every seat)") \
	X(GAUNTLET,   "gauntlet",   0,   "NAME", CMD_BIT(match), VALS_NONE,     \
	  "bot NAME plays every game, against each combination of the others") \
	X(GROUP,      "group",      0,   "BY",   CMD_BIT(standings), VALS_ONE_OF("event round table none"), \
	  "one table per BY (default event; none: one table of all games)")                  \
	X(HELP,       "help",       'h', 0,      CMD_ANY, VALS_NONE,            \
	  "print this help and exit (after a COMMAND: its options only)")       \
	X(INCLUDE_ILLEGAL, "include-illegal", 0, 0, CMD_BIT(standings), VALS_NONE, \
	  "count illegal games with the scores reached")                        \
	X(IN_PLACE,   "in-place",   'i', 0,      CMD_BIT(fmt), VALS_NONE,       \
	  "rewrite each FILE atomically")                                       \
	X(INVALID,    "invalid",    0,   0,      CMD_BIT(select), VALS_NONE,    \
	  "games with an illegal move or a record error")                       \
	X(INVERT,     "invert-match", 'v', 0,    CMD_BIT(select), VALS_NONE,    \
	  "print the games that do not match")                                  \
	X(JOBS,       "jobs",       'j', "N",    CMD_JOBS | CMD_BIT(match), VALS_NONE, \
	  "replay on N threads (default: every core; output as with -j 1); match: play N games at once (default 1)") \
	X(KEEP_GOING, "keep-going", 'k', 0,      CMD_RECORDS, VALS_NONE,        \
	  "after a syntax or record error, go on with the next game (the default)") \
	X(LABELS,     "labels",     0,   0,      CMD_BIT(dump) | CMD_BIT(view), VALS_NONE, \
	  "print the coordinate diagram of the notation (svg, html: name the coordinates)")                       \
	X(MAX_MOVES,  "max-moves",  0,   "N",    CMD_BIT(gen) | CMD_BIT(match), VALS_NONE,       \
	  "stop a game after N moves (gen: it is then unfinished; match: adjudicated, the best score wins)")                  \
	X(MOVE_TIME,  "move-time",  0,   "SEC",  CMD_BIT(match), VALS_NONE,     \
	  "the most a seat may take for one action (default 10 without --tc; 0: no limit)") \
	X(NAMES,      "names",      0,   "HOW",  CMD_BIT(standings), VALS_ONE_OF("fold exact"), \
	  "players' names compared without case and surrounding blanks (default fold), or exactly") \
	X(OUTPUT,     "output",     'o', "PATH", CMD_BIT(dump) | CMD_BIT(view) | CMD_BIT(referee) | CMD_BIT(match), VALS_NONE, \
	  "svg, html: a file per game, in directory PATH or named by PATH with %d for the game's number; referee: the record, at the end; match: the records, appended as games end") \
	X(PLAYER,     "player",     'p', "NAME", CMD_BIT(select), VALS_NONE,    \
	  "games in which NAME plays (a seat tag's value)")                     \
	X(PLAYERS,    "players",    0,   "N",    CMD_BIT(gen) | CMD_BIT(referee) | CMD_BIT(match), VALS_NONE,       \
	  "seats per game (default: the game's smallest)")                      \
	X(QUIET,      "quiet",      'q', 0,      CMD_RECORDS | CMD_BIT(import), VALS_NONE,        \
	  "print nothing; the exit status tells the result")                    \
	X(RATING,     "rating",     0,   "MODEL", CMD_BIT(standings) | CMD_BIT(match), VALS_ONE_OF("elo plackett-luce"), \
	  "add each player's rating and its 95 % interval, fitted to the games (elo: two-player games)") \
	X(RECOVER,    "recover",    0,   0,      CMD_BIT(match), VALS_NONE,     \
	  "start a bot whose process ended again for its next game (default: it forfeits the rest)") \
	X(RESUME,     "resume",     0,   0,      CMD_BIT(match), VALS_NONE,     \
	  "go on with the match whose records -o holds: play only the rounds it lacks") \
	X(SCHEME,     "scheme",     0,   "NAME|FILE", CMD_BIT(standings), VALS_SOME_OF("placement wins share"), \
	  "how points are awarded (default placement)")                         \
	X(SEED,       "seed",       's', "S",    CMD_BIT(gen) | CMD_BIT(referee) | CMD_BIT(bot) | CMD_BIT(match), VALS_NONE,       \
	  "the random seed (default 1); same seed, same bytes")                 \
	X(SNAPSHOT,   "snapshot",   0,   0,      CMD_BIT(dump), VALS_NONE,      \
	  "print the position as a Setup tag")                                  \
	X(SPRT,       "sprt",       0,   "ELO0,ELO1", CMD_BIT(standings) | CMD_BIT(match), VALS_NONE, \
	  "SPRT of two players: is the first (by name; match: the first --bot) ELO0 (H0) or ELO1 (H1) Elo stronger? (ELO0,ELO1,ALPHA,BETA: the error rates, default 0.05); match stops once decided") \
	X(STRATEGY,   "strategy",   0,   "NAME", CMD_BIT(bot), VALS_ONE_OF("random human hot-seat"), \
	  "how the bot chooses (random: uniformly among the requests offered; human: a person at --terminal; hot-seat: a person, the screen hidden between seats)") \
	X(SUMMARY,    "summary",    0,   0,      CMD_SUMMARY, VALS_NONE,        \
	  "print the batch summary on stderr (default: when stderr is a terminal)") \
	X(TAG,        "tag",        't', "NAME=VALUE", CMD_BIT(select) | CMD_BIT(referee), VALS_NONE, \
	  "games whose tag NAME is VALUE (repeatable: all must match); referee: a tag of the record, such as Hands")         \
	X(TC,         "tc",         0,   "BASE+INC", CMD_BIT(match), VALS_NONE, \
	  "each seat's clock: BASE seconds, INC more after each action") \
	X(TERMINAL,   "terminal",   0,   "PATH", CMD_BIT(bot), VALS_NONE, \
	  "the terminal a human seat plays at (default /dev/tty)") \
	X(VALID,      "valid",      0,   0,      CMD_BIT(select), VALS_NONE,    \
	  "games whose every move is legal")                                    \
	X(VARIANT,    "variant",    0,   "OPTIONS", CMD_BIT(referee) | CMD_BIT(match), VALS_NONE, \
	  "the game's rule options, as a Variant tag holds them")               \
	X(VIEW,       "view",       0,   "WHO",  CMD_BIT(gen), VALS_NONE,       \
	  "write each game as WHO saw it: observer or a seat's colour")         \
	X(VIEWS,      "views",      0,   "DIR",  CMD_BIT(match), VALS_NONE,     \
	  "write each seat's view record of each game into DIR") \
	X(VERSION,    "version",    'V', 0,      CMD_ANY, VALS_NONE,            \
	  "print the version and exit")
/* clang-format on */

#endif
