#!/bin/sh
# scaling.sh — inputs that were once quadratic (issue #16 item 6), each
# timed at two sizes four times apart: linear or n log n work takes about
# four times as long at the larger size, quadratic work sixteen times.
# Also peak memory of the inputs item 7 bounds.  Figures are printed,
# never asserted.  Usage: sh tests/bench/scaling.sh [ARBITER]
set -e
BUILD=${BUILD:-build}
arbiter=${1:-${ARBITER:-./arbiter}}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
runstat=$dir/runstat
cc -O2 -o "$runstat" tests/bench/runstat.c

stat_of() { # CMD... -> "seconds rss_kb"
	"$runstat" "$@" 2>&1 >/dev/null | awk '/^seconds/ { print $2, $4 }'
}

data_keys() { # N FILE: a --data file with N distinct keys
	awk -v n="$1" 'BEGIN { print "game: carcassonne"; for (i = 0; i < n; i++) print "k" i ": " i }' >"$2"
}
results() { # N EVENTS FILE: N legal games of 4 new players each, in EVENTS groups
	awk -v n="$1" -v e="$2" 'BEGIN { for (i = 0; i < n; i++)
		printf "{\"file\":\"g\",\"line\":%d,\"tags\":{\"Event\":\"E%d\"},\"verdict\":\"legal\",\"seats\":[{\"player\":\"P%d\",\"score\":4,\"winner\":true},{\"player\":\"Q%d\",\"score\":3},{\"player\":\"R%d\",\"score\":2},{\"player\":\"S%d\",\"score\":1}]}\n", i + 1, i % e, i, i, i, i }' >"$3"
}
printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n\nRed E 0,-1 180\n' >"$dir/one.tgn"

printf '%-44s %10s %10s %8s\n' "input" "small s" "large s" "ratio"
row() { # LABEL SMALL-STAT LARGE-STAT
	s=${2% *} l=${3% *}
	r=$(echo "$s $l" | awk '{ if ($1 > 0) printf "%.1f", $2 / $1; else print "-" }')
	printf '%-44s %10s %10s %8s\n' "$1" "$s" "$l" "$r"
}
data_keys 20000 "$dir/k1.yaml"; data_keys 80000 "$dir/k2.yaml"
row "--data, 20k / 80k distinct keys" "$(stat_of "$arbiter" --data "$dir/k1.yaml" check "$dir/one.tgn")" \
	"$(stat_of "$arbiter" --data "$dir/k2.yaml" check "$dir/one.tgn")"
results 10000 1 "$dir/r1.json"; results 40000 1 "$dir/r2.json"
row "standings, 10k / 40k games, 4 players each" "$(stat_of "$arbiter" standings "$dir/r1.json")" \
	"$(stat_of "$arbiter" standings "$dir/r2.json")"
results 10000 10000 "$dir/e1.json"; results 40000 40000 "$dir/e2.json"
row "standings, 10k / 40k games, an event each" "$(stat_of "$arbiter" standings "$dir/e1.json")" \
	"$(stat_of "$arbiter" standings "$dir/e2.json")"
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "{\"file\":\"g\",\"line\":%d,\"tags\":{\"Event\":\"E\"},\"verdict\":\"legal\",\"seats\":[{\"player\":\"A\",\"score\":4,\"winner\":true},{\"player\":\"B\",\"score\":3}]}\n", i + 1 }' >"$dir/two1.json"
cat "$dir/two1.json" "$dir/two1.json" "$dir/two1.json" "$dir/two1.json" >"$dir/two2.json"
row "standings, 10k / 40k games, 2 players" "$(stat_of "$arbiter" standings "$dir/two1.json")" \
	"$(stat_of "$arbiter" standings "$dir/two2.json")"
for n in 1000 4000; do
	awk -v n=$n 'BEGIN { printf "- "; for (i = 0; i < n; i++) printf "["; for (i = 0; i < n; i++) printf "]"; print "" }' >"$dir/deep$n.yaml"
done
row "standings, YAML nested 1k / 4k deep" "$(stat_of "$arbiter" standings "$dir/deep1000.yaml")" \
	"$(stat_of "$arbiter" standings "$dir/deep4000.yaml")"

echo
echo "peak memory (maxrss):"
awk 'BEGIN { printf "{\"file\":\""; for (i = 0; i < 15000000; i++) printf "a"; print "\"}" }' >"$dir/line.json"
echo "  standings, one 15 MB JSON line:      $(stat_of "$arbiter" standings "$dir/line.json" | awk '{ print $2 }') KiB"
# a game of nearly 8 MiB (the limit): 4000 turns of 1000 words each
awk 'BEGIN { print "[Game \"carcassonne\"]\n[Red \"A\"]\n[Blue \"B\"]\n"; for (i = 0; i < 4000; i++) { printf "Red"; for (j = 0; j < 1000; j++) printf " a"; print "" } }' >"$dir/big.tgn"
echo "  check, one game of $(($(wc -c <"$dir/big.tgn") / 1024)) KiB:            $(stat_of "$arbiter" check "$dir/big.tgn" | awk '{ print $2 }') KiB"
echo "  fmt, the same game:                  $(stat_of "$arbiter" fmt "$dir/big.tgn" | awk '{ print $2 }') KiB"
echo "  standings, the same game:            $(stat_of "$arbiter" standings "$dir/big.tgn" | awk '{ print $2 }') KiB"
awk 'BEGIN { print "[Game \"carcassonne\"]\n[Red \"A\"]\n[Blue \"B\"]\n"; for (i = 0; i < 4100000; i++) print "a" }' >"$dir/turns.tgn"
echo "  check, 8 MiB of one-letter turns:    $(stat_of "$arbiter" check "$dir/turns.tgn" | awk '{ print $2 }') KiB"
