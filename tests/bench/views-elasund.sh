#!/bin/sh
# views-elasund.sh — the cost of Elasund views (notation/elasund.md,
# "Records of what one player could see") against the full records of the
# same games: for 2, 3 and 4 players, COUNT games (default 20) of
# `arbiter gen --seed SEED` (default 5), written as Red's view and as the
# observer's; the games a view leaves out (too-many-unknowns) are left out
# of the full records compared too, and counted.  Instructions of `arbiter
# check -q -j1` over the whole file under callgrind (they do not depend on
# the machine's load), full and view, and the ratio; the ratio less the
# start-up (an empty input's instructions) that both pay.  Figures are
# printed, never asserted.
# Usage: sh tests/bench/views-elasund.sh [ARBITER [COUNT [SEED]]]
set -e
arbiter=${1:-${ARBITER:-./arbiter}}
count=${2:-20}
seed=${3:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

instr() { # FILE -> instructions of `arbiter check -q -j1 FILE`
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$arbiter" check -q -j1 "$1" 2>&1 |
		awk '/Collected/ { print $4 }'
}

# rounds FILE: the Round numbers of FILE's games, one a line
rounds() { sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$1"; }

# keep FILE ROUNDS: the games of FILE whose Round is listed in ROUNDS
keep() {
	awk -v list="$2" '
		BEGIN { n = split(list, r, " "); for (i = 1; i <= n; i++) want[r[i]] = 1 }
		function flush() { if (text != "" && (round in want)) printf "%s", text; text = "" }
		/^\[Game / { flush() }
		/^\[Round "/ { round = $2; gsub(/[^0-9]/, "", round) }
		{ text = text $0 "\n" }
		END { flush() }' "$1"
}

: >"$dir/empty.tgn"
base=$(instr "$dir/empty.tgn")
printf '%-8s %-9s %6s %6s %12s %12s %7s %10s\n' players view games "left" full view ratio \
	"less start"
for p in 2 3 4; do
	"$arbiter" gen --game elasund --players "$p" --count "$((3 * count))" --seed "$seed" \
		>"$dir/all.tgn"
	for v in Red observer; do
		"$arbiter" gen --game elasund --players "$p" --count "$count" --seed "$seed" \
			--view="$v" >"$dir/v.tgn" 2>"$dir/err" || true
		left=$(grep -c 'is left out' "$dir/err" || true)
		kept=$(rounds "$dir/v.tgn" | tr '\n' ' ')
		keep "$dir/all.tgn" "$kept" >"$dir/f.tgn"
		n=$(rounds "$dir/v.tgn" | wc -l)
		fi=$(instr "$dir/f.tgn")
		vi=$(instr "$dir/v.tgn")
		echo "$p $v $n $left $fi $vi"
	done
done | awk -v b="$base" '{
	printf "%-8s %-9s %6d %6d %12d %12d %7.1f %10.1f\n", $1, $2, $3, $4, $5, $6, $6 / $5,
		($6 - b) / ($5 - b)
}'
