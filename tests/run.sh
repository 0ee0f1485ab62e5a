#!/bin/sh
# run.sh — `make check`: every test, one PASS/FAIL line each, and the
# summary line "N passed, N failed" last.  Exit status 1 if anything failed.
#   unit tests      build/tests/**/test_* (cmocka; one line per program)
#   corpus          tests/run-corpus.sh
#   bad input       tests/run-bad.sh
#   documentation   tests/docs-test.sh (man page, completions vs --help)
#   cli             tests/cli-test.sh (exit statuses, -q, /dev/full, fmt -i)
#   record loop     tests/loop-test.sh (going on, summary, select's Origin, -j = -j 1)
#   standings       tests/standings-test.sh (a hand-checked tournament)
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
BUILD=${BUILD:-build}
export ARBITER=${ARBITER:-./arbiter}
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

log=$(mktemp)
results=$(mktemp)
trap 'rm -f "$log" "$results"' EXIT

# the programs of the test sources that exist (not stale binaries)
for src in $(ls tests/unit/test_*.c tests/games/*/test_*.c 2>/dev/null | sort); do
	t=$BUILD/${src%.c}
	if "$t" >"$log" 2>&1; then
		report "unit $t" 0
	else
		report "unit $t" 1 "$log"
	fi
done >>"$results"

# one script a line, so that adding one touches one line
for script in \
	tests/run-corpus.sh \
	tests/run-bad.sh \
	tests/docs-test.sh \
	tests/cli-test.sh \
	tests/loop-test.sh \
	tests/standings-test.sh \
	tests/gen-test.sh \
	tests/views-test.sh \
	tests/options-test.sh \
	tests/usage-test.sh \
	tests/bash-completion-test.sh \
	tests/import-test.sh \
	tests/svg-test.sh \
	tests/fuzz-seeds-test.sh \
	tests/safety-test.sh \
	tests/fmt-inplace-test.sh \
	tests/messages-test.sh \
	tests/referee-test.sh \
	; do
	[ -f "$script" ] && sh "$script" >>"$results" 2>&1
done

grep -v '^PASS ' "$results"
pass=$(grep -c '^PASS ' "$results")
fail=$(grep -c '^FAIL ' "$results")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
