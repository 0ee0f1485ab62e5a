#!/bin/sh
# run.sh — `make check`: every test, and as each suite ends, its count
# ("tests/cli-test.sh: 40 passed, 0 failed") and its FAIL lines; at the
# end the FAIL lines again and the summary line "N passed, N failed" last.
# Exit status 1 if anything failed.
#   unit tests      build/tests/**/test_* (cmocka; one line per program)
#   corpus          tests/run-corpus.sh
#   bad input       tests/run-bad.sh
#   documentation   tests/docs-test.sh (man page, completions vs --help)
#   cli             tests/cli-test.sh (exit statuses, -q, /dev/full, fmt -i)
#   record loop     tests/loop-test.sh (going on, summary, select's Origin, -j = -j 1)
#   tag memo        tests/memo-test.sh (set-up's per-thread memo of tag names: each record as alone)
#   standings       tests/standings-test.sh (a hand-checked tournament)
#   ratings         tests/rating-test.sh (--rating and --sprt: a match by hand, every format and route)
#   gen             tests/gen-test.sh (generated games are legal, canonical, seeded)
#   views           tests/views-test.sh (Catan games as each seat and the observer saw them)
#   options         tests/options-test.sh (the option table vs --help, completions, checks)
#   usage           tests/usage-test.sh (misspelled commands, help, game names in any case)
#   bash completion tests/bash-completion-test.sh (plain bash, and on a terminal)
#   import          tests/import-test.sh (JCloisterZone saves to TGN, replayed)
#   pictures        tests/svg-test.sh (SVG well-formed and golden, escaping, -o, the page in chromium)
#   fuzz seeds      tests/fuzz-seeds-test.sh (the fuzz corpus replayed, no libFuzzer)
#   safety          tests/safety-test.sh (issue #16: memory, data loss, limits)
#   fmt -i          tests/fmt-inplace-test.sh (what fmt -i may do to a file)
#   match           tests/match-test.sh (bot tournaments, forfeits, --resume)
#   secrets         tests/secrets-test.sh (each seat is told its view, no more)
BUILD=${BUILD:-build}
export ARBITER=${ARBITER:-./arbiter}
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

log=$(mktemp)
results=$(mktemp)
suite_out=$(mktemp)
trap 'rm -f "$log" "$results" "$suite_out"' EXIT

# tell NAME: what the suite whose lines are in $suite_out came to, at
# once (a full run takes minutes: each suite says so as it ends), its
# FAIL lines with their details; then its lines join $results.
tell() {
	_p=$(grep -c '^PASS ' "$suite_out")
	_f=$(grep -c '^FAIL ' "$suite_out")
	echo "$1: $_p passed, $_f failed"
	grep -v '^PASS ' "$suite_out"
	cat "$suite_out" >>"$results"
}

# ARBITER_TEST_SCRIPTS: the scripts to run instead of every suite (no
# unit tests then), for the test of this runner itself
scripts=${ARBITER_TEST_SCRIPTS:-"
	tests/run-corpus.sh
	tests/run-bad.sh
	tests/docs-test.sh
	tests/cli-test.sh
	tests/loop-test.sh
	tests/memo-test.sh
	tests/standings-test.sh
	tests/rating-test.sh
	tests/gen-test.sh
	tests/views-test.sh
	tests/options-test.sh
	tests/usage-test.sh
	tests/bash-completion-test.sh
	tests/import-test.sh
	tests/svg-test.sh
	tests/fuzz-seeds-test.sh
	tests/safety-test.sh
	tests/fmt-inplace-test.sh
	tests/messages-test.sh
	tests/referee-test.sh
	tests/match-test.sh
	tests/secrets-test.sh
"}

# the programs of the test sources that exist (not stale binaries)
if [ -z "$ARBITER_TEST_SCRIPTS" ]; then
	for src in $(ls tests/unit/test_*.c tests/games/*/test_*.c 2>/dev/null | sort); do
		t=$BUILD/${src%.c}
		if "$t" >"$log" 2>&1; then
			report "unit $t" 0
		else
			report "unit $t" 1 "$log"
		fi
	done >"$suite_out"
	tell "unit tests"
fi

# one script a line, so that adding one touches one line
for script in $scripts; do
	[ -f "$script" ] || continue
	sh "$script" >"$suite_out" 2>&1
	tell "$script"
done

# the failures again, all together, then the summary line last
grep '^FAIL ' "$results"
pass=$(grep -c '^PASS ' "$results")
fail=$(grep -c '^FAIL ' "$results")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
