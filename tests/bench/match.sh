#!/bin/sh
# match.sh — `make bench-match`: what `arbiter match` costs, for each game
# whose engine lists its actions (the `moves` request), 4 seats held by
# four `arbiter bot` processes: MATCH_BENCH_GAMES games (default 40) at
# -j 1 and at -j 2.  Reported from the runner's own summary line: games
# per second (wall clock, bots included), the runner's CPU time per
# action judged (its threads, not the bots') and the bots' CPU time.
# Figures are printed, never asserted; the machine may be shared.
set -e
ARBITER=${1:-./arbiter}
N=${MATCH_BENCH_GAMES:-40}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-12s %3s %6s %8s %8s %10s %14s %10s\n' game -j games actions seconds 'games/s' \
	'runner us/act' 'bots CPU s'
for g in carcassonne catan elasund; do
	if printf 'moves Red\n' | "$ARBITER" referee --game "$g" --players 4 2>&1 |
		grep -q 'cannot list its actions'; then
		echo "$g: the engine lists no actions yet: skipped"
		continue
	fi
	for j in 1 2; do
		rm -f "$tmp/m.tgn"
		"$ARBITER" match --game "$g" --players 4 --bot a=arbiter --bot b=arbiter \
			--bot c=arbiter --bot d=arbiter --games "$N" -j "$j" -o "$tmp/m.tgn" \
			>/dev/null 2>"$tmp/err"
		# match: 40 games played, 0 already in F, 0 forfeits, 2840 actions in 1.23 s
		# (32.52 games/s); runner CPU 0.310 s (109.2 us per action), bots' CPU 0.52 s
		sed -n 's/^match: \([0-9]*\) games played.* \([0-9]*\) actions in \([0-9.]*\) s (\([0-9.]*\) games\/s); runner CPU [0-9.]* s (\([0-9.]*\) us per action), bots. CPU \([0-9.]*\) s$/\1 \2 \3 \4 \5 \6/p' "$tmp/err" |
			while read -r games actions secs rate us bots; do
				printf '%-12s %3s %6s %8s %8s %10s %14s %10s\n' "$g" "$j" "$games" \
					"$actions" "$secs" "$rate" "$us" "$bots"
			done
		"$ARBITER" check -q "$tmp/m.tgn" || { echo "$g -j $j: a record fails check" >&2; exit 1; }
	done
done
