# lib.sh — shared by the test scripts: run arbiter and capture what it did
# in the golden-file shape: stdout, then stderr lines prefixed "stderr: ",
# then "exit N".  Sourced, not run.

ARBITER=${ARBITER:-./arbiter}

# capture CMD... : the golden shape of running arbiter with CMD...
capture() {
	_out=$(mktemp) _err=$(mktemp)
	"$ARBITER" "$@" >"$_out" 2>"$_err" <"${STDIN:-/dev/null}"
	_rc=$?
	cat "$_out"
	sed 's/^/stderr: /' "$_err"
	echo "exit $_rc"
	rm -f "$_out" "$_err"
}

# expect NAME WANT-STATUS COMMAND... : one result line, "$SUITE NAME", for
# the command's exit status; its output stays in $tmp/out and $tmp/err
# (the caller's $tmp folder), and a failure shows both (4 KB of each).
expect() {
	_name=$1 _want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	_got=$?
	if [ "$_got" = "$_want" ]; then
		report "$SUITE $_name" 0
	else
		{ echo "exit $_got, wanted $_want"; head -c 4000 "$tmp/out"; head -c 4000 "$tmp/err"; } >"$tmp/why"
		report "$SUITE $_name" 1 "$tmp/why"
	fi
}

# report NAME OK(0/1) [DETAIL FILE]: one result line for tests/run.sh
report() {
	if [ "$2" = 0 ]; then
		printf 'PASS %s\n' "$1"
	else
		printf 'FAIL %s\n' "$1"
		[ -n "$3" ] && [ -f "$3" ] && sed 's/^/    /' "$3" | head -40
	fi
}

# use_memcheck DIR: from here on $ARBITER runs under valgrind, and any
# invalid read or write makes it exit 97 with valgrind's report on stderr.
# A binary built with AddressSanitizer (make sanitize) checks itself and
# runs as it is.  Returns 1, with a FAIL line, when valgrind is missing.
use_memcheck() {
	grep -q __asan_init "$ARBITER" 2>/dev/null && return 0
	if ! command -v valgrind >/dev/null 2>&1; then
		echo "FAIL memcheck: valgrind is not installed (sh tools/deps.sh installs it)"
		return 1
	fi
	_bin=$(cd "$(dirname "$ARBITER")" && pwd)/$(basename "$ARBITER")
	printf '#!/bin/sh\nexec valgrind -q --error-exitcode=97 --leak-check=no "%s" "$@"\n' \
		"$_bin" >"$1/arbiter-memcheck"
	chmod +x "$1/arbiter-memcheck"
	ARBITER=$1/arbiter-memcheck
}

# limit_memory KB: bound what this (sub)shell runs next to KB of memory.
# `ulimit -v` for an ordinary binary; a binary built with AddressSanitizer
# (make sanitize) maps terabytes of shadow at start and cannot run under
# it, so there ASan's own bound on the resident set (hard_rss_limit_mb)
# holds the test to the same figure.
limit_memory() {
	if grep -q __asan_init "$ARBITER" 2>/dev/null; then
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=$(($1 / 1024))"
		export ASAN_OPTIONS
	else
		ulimit -v "$1"
	fi
}

# games: the registry's games, one a line, as `arbiter --help` lists the
# values of --game, so that a test covers a game added to
# src/games/registry.c without naming it.
games() {
	"$ARBITER" --help | sed -n 's/^ *-g, --game=NAME .*: //p' | sed 's/ or /, /' | tr -s ', ' '\n\n'
}

# game_records GAME DIR: the corpus's complete games of GAME, a path a
# line; for a game with none in corpus/ yet (one just added), one game
# generated into DIR.
game_records() {
	for _f in corpus/"$1"/game-*.tgn; do
		if [ -e "$_f" ]; then
			echo "$_f"
		else
			"$ARBITER" gen --game "$1" --count 1 --seed 1 >"$2/gen-$1.tgn" && echo "$2/gen-$1.tgn"
		fi
	done
}
