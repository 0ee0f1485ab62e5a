#!/bin/sh
# fuzz-seeds-test.sh — the fuzz harnesses' committed seeds as regression
# tests: each tests/fuzz/seeds/HARNESS folder replayed through the harness
# built with the replay driver (tests/fuzz/replay.c, any C compiler, no
# libFuzzer, assertions on; under `make sanitize` with ASan and UBSan).
# An input that once crashed, once minimized into the seeds, must not
# crash again; a harness's own checks (a listed move applies, format
# round-trips) abort it.  One PASS/FAIL line per harness.
. "$(dirname "$0")/lib.sh"
BUILD=${BUILD:-build}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for src in tests/fuzz/fuzz_*.c; do
	h=$(basename "$src" .c)
	seeds=tests/fuzz/seeds/$h
	if [ ! -d "$seeds" ]; then
		echo "no seed folder $seeds" >"$tmp"
		report "fuzz seeds $h" 1 "$tmp"
		continue
	fi
	TMPDIR=${TMPDIR:-/tmp} "$BUILD/tests/fuzz/$h" "$seeds" >"$tmp" 2>&1
	rc=$?
	# a run that replayed nothing proves nothing
	if [ $rc = 0 ] && grep -q '^0 inputs' "$tmp"; then
		rc=1
	fi
	report "fuzz seeds $h ($(sed -n 's/ inputs$//p' "$tmp" | tail -1) inputs)" $rc "$tmp"
done
