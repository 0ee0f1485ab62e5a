#!/bin/sh
# views-test.sh — Catan records from one seat's view, through the tool
# (issue #13, notation/catan.md "Records of what one player could see"):
# every generated game, written as each seat's view and the observer's
# (`arbiter gen --view`), is legal and ends with the full record's
# verdict and winner.  VIEW_TEST_COUNT games per player count (default
# 100, so 200 games and 900 views; `make check-views` runs thousands in
# tests/games/catan/test_view.c).
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
N=${VIEW_TEST_COUNT:-100}
# the verdict without the scores (a view counts only the points it sees):
# legal/unfinished and the winner
verdicts() {
	sed -n 's/^[^:]*:[0-9]*: \([a-z]*\): .*; \(winner.*\)$/\1 \2/p; s/^[^:]*:[0-9]*: \(unfinished\): .*/\1/p' "$1"
}
for p in 3 4; do
	"$ARBITER" gen --game catan --count "$N" --players "$p" --seed "$((40 + p))" >"$tmp/full.tgn"
	"$ARBITER" check "$tmp/full.tgn" >"$tmp/full.out" 2>&1
	verdicts "$tmp/full.out" >"$tmp/want"
	[ "$(wc -l <"$tmp/want")" = "$N" ]
	report "views: $N full $p-player records checked, $N verdicts" $? "$tmp/full.out"
	views="observer Red Blue White"
	[ "$p" = 4 ] && views="$views Orange"
	for v in $views; do
		"$ARBITER" gen --game catan --count "$N" --players "$p" --seed "$((40 + p))" \
			--view="$v" >"$tmp/v.tgn" 2>"$tmp/err"
		"$ARBITER" check "$tmp/v.tgn" >"$tmp/v.out" 2>>"$tmp/err"
		rc=$?
		verdicts "$tmp/v.out" >"$tmp/got"
		[ $rc = 0 ] && cmp -s "$tmp/got" "$tmp/want" && [ "$(grep -c '^\[View ' "$tmp/v.tgn")" = "$N" ]
		report "views: $N $p-player games as $v saw them: legal, same verdicts and winners" $? "$tmp/v.out"
	done
done
