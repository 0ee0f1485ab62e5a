#!/bin/sh
# safety-test.sh — issue #16: inputs that once corrupted memory, lost data
# or cost unbounded time and memory.  Each check prints one PASS/FAIL
# line; the standings runs go through valgrind (or ASan) so an invalid
# read or write fails the check even when the output looks right.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
native=$ARBITER

# expect NAME WANT-STATUS COMMAND... : the exit status, output in $tmp/out, $tmp/err
expect() {
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	got=$?
	if [ "$got" = "$want" ]; then
		report "safety $name" 0
	else
		{ echo "exit $got, wanted $want"; head -c 4000 "$tmp/out"; head -c 4000 "$tmp/err"; } >"$tmp/why"
		report "safety $name" 1 "$tmp/why"
	fi
}

# check NAME CONDITION-STATUS [DETAIL FILE]
check() { report "safety $1" "$2" "${3:-}"; }

# ---------------------------------------------------------------------
# standings with more players than the table's first sizes (16, 32, 64):
# every seat's player must be counted once, whatever the route

i=0
: >"$tmp/many.json"
: >"$tmp/many.tgn"
while [ $i -lt 20 ]; do
	a=$((5 * i)) b=$((5 * i + 1)) c=$((5 * i + 2)) d=$((5 * i + 3)) e=$((5 * i + 4))
	printf '{"file":"g","line":%d,"tags":{"Event":"E"},"verdict":"legal","seats":[{"player":"P%d","score":5,"winner":true},{"player":"P%d","score":4},{"player":"P%d","score":3},{"player":"P%d","score":2},{"player":"P%d","score":1}]}\n' \
		$i $a $b $c $d $e >>"$tmp/many.json"
	printf '[Game "carcassonne"]\n[Event "E"]\n[Red "P%d"]\n[Blue "P%d"]\n[Green "P%d"]\n[Yellow "P%d"]\n[Black "P%d"]\n\nRed E 0,1 0\n\n' \
		$a $b $c $d $e >>"$tmp/many.tgn"
	i=$((i + 1))
done
ARBITER=$native
use_memcheck "$tmp"
mem=$ARBITER
ARBITER=$native
expect "standings of 100 players from JSON results exits 0" 0 "$mem" standings --format=tsv "$tmp/many.json"
[ "$(awk -F'\t' 'NR > 1 && $4 == 1' "$tmp/out" | wc -l)" = 100 ]
check "standings of 100 players from JSON: each counted once" $? "$tmp/out"
expect "standings of 100 players from records exits 1 (illegal games)" 1 "$mem" standings --include-illegal --format=tsv "$tmp/many.tgn"
[ "$(awk -F'\t' 'NR > 1 && $4 == 1' "$tmp/out" | wc -l)" = 100 ]
check "standings of 100 players from records: each counted once" $? "$tmp/out"
