/*
 * options.h — the one table of commands and options.  --help, getopt_long's
 * table and the documentation tests all come from here (X-macros), so the
 * man page and the shell completions cannot drift from the program
 * unnoticed: tests/docs-test.sh compares them with `arbiter --help`.
 *
 * OPT(id, long name, short letter or 0, getopt has_arg, ARG name, help)
 */
#ifndef ARB_OPTIONS_H
#define ARB_OPTIONS_H

#define ARB_COMMANDS(X)                                                        \
	X(check, "replay every game and print a verdict per game (the default)") \
	X(score, "like check, and list every score event")                     \
	X(dump,  "print the board after the last move, or after move --at N")  \
	X(fmt,   "print the records in canonical TGN; -i rewrites the files")  \
	X(moves, "list the legal moves after move --at N (default: the start)") \
	X(select, "print only the games that match, byte for byte: TGN in, TGN out") \
	X(gen,   "write random legal games of --game NAME (seeded) in canonical TGN") \
	X(standings, "tournament standings from records or from check's results") \
	X(import, "convert other programs' saves (--from FORMAT) to TGN, one game per file")

#define ARB_OPTIONS(X)                                                         \
	X(AT,         "at",         0,   1, "N",    "dump, moves: the position after move N")          \
	X(COUNT,      "count",      'n', 1, "N",    "gen: write N games (default 1)")                  \
	X(DATA,       "data",       0,   1, "FILE", "replace a game's built-in data with FILE (YAML)")  \
	X(FORMAT,     "format",     'f', 1, "FMT",  "output format: text, yaml, json or tsv")          \
	X(FROM,       "from",       0,   1, "FORMAT", "import: the input's format: auto (default) or jcz") \
	X(GAME,       "game",       'g', 1, "NAME", "gen, select: the game NAME; dump --labels: the game to draw") \
	X(GROUP,      "group",      0,   1, "BY",   "standings: a table per event (default), round or table") \
	X(HELP,       "help",       'h', 0, 0,      "print this help and exit")                        \
	X(INCLUDE_ILLEGAL, "include-illegal", 0, 0, 0, "standings: count illegal games with the scores reached") \
	X(IN_PLACE,   "in-place",   'i', 0, 0,      "fmt: rewrite each FILE atomically")               \
	X(INVALID,    "invalid",    0,   0, 0,      "select: games with an illegal move or a record error") \
	X(INVERT,     "invert-match", 'v', 0, 0,    "select: print the games that do not match")      \
	X(KEEP_GOING, "keep-going", 'k', 0, 0,      "after a syntax or record error, go on with the next game") \
	X(LABELS,     "labels",     0,   0, 0,      "dump: print the coordinate diagram of the notation") \
	X(MAX_MOVES,  "max-moves",  0,   1, "N",    "gen: stop a game after N moves (it is then unfinished)") \
	X(PLAYER,     "player",     'p', 1, "NAME", "select: games in which NAME plays (a seat tag's value)") \
	X(PLAYERS,    "players",    0,   1, "N",    "gen: seats per game (default: the game's smallest)") \
	X(QUIET,      "quiet",      'q', 0, 0,      "print nothing; the exit status tells the result") \
	X(SCHEME,     "scheme",     0,   1, "NAME|FILE", "standings: placement (default), wins, share, or a YAML file") \
	X(SEED,       "seed",       's', 1, "S",    "gen: the random seed (default 1); same seed, same bytes") \
	X(SNAPSHOT,   "snapshot",   0,   0, 0,      "dump: print the position as a Setup tag")         \
	X(TAG,        "tag",        't', 1, "NAME=VALUE", "select: games whose tag NAME is VALUE (repeatable: all must match)") \
	X(VALID,      "valid",      0,   0, 0,      "select: games whose every move is legal")        \
	X(VERSION,    "version",    'V', 0, 0,      "print the version and exit")

#endif
