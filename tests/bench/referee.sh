#!/bin/sh
# referee.sh — `make bench-referee`: what the referee costs per action,
# beside what `gen` costs per move (notation/protocol.md; the goal is
# within 3 times).  For each game at 4 seats, REFEREE_BENCH_GAMES
# (default 20) generated games are sent to `arbiter referee --chance
# supplied` as requests (tests/referee-requests.awk: an action a request,
# the turn's end, a trade's accept), one process a game as a live table
# is; callgrind counts the instructions (repeatable on a shared machine).
# Reported: instructions per request and per turn line, with and without
# the process's start (an empty session: loading the game's data), and
# gen's instructions per turn line for the same games.  Figures are
# printed, never asserted.
set -e
ARBITER=${1:-./arbiter}
N=${REFEREE_BENCH_GAMES:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! command -v valgrind >/dev/null 2>&1; then
	echo "bench-referee: valgrind is not installed (sh tools/deps.sh)" >&2
	exit 2
fi
instr() { # CMD... < stdin: instructions callgrind counts
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$@" >/dev/null 2>"$tmp/vg"
	sed -n 's/^==[0-9]*== Collected : //p' "$tmp/vg"
}
printf '%-12s %6s %8s %9s %12s %12s %12s %7s\n' game games moves requests \
	'gen/move' 'ref/request' 'ref/move' 'ratio'
for g in carcassonne catan elasund; do
	"$ARBITER" referee --game "$g" </dev/null >/dev/null 2>&1 || continue
	"$ARBITER" gen --game "$g" --players 4 --seed 1 --count "$N" >"$tmp/games"
	moves=$(grep -vc '^\[\|^$' "$tmp/games")
	gen=$(instr "$ARBITER" gen --game "$g" --players 4 --seed 1 --count "$N" </dev/null)
	gen0=$(instr "$ARBITER" gen --game "$g" --players 4 --seed 1 --count 1 --max-moves 1 </dev/null)
	empty=$(instr "$ARBITER" referee --game "$g" --players 4 </dev/null)
	awk -v d="$tmp" '/^\[Game /{n++} {print > (d "/g" n ".tgn")}' "$tmp/games"
	total=0 requests=0
	for f in "$tmp"/g*.tgn; do
		awk -v game="$g" -f tests/referee-requests.awk "$f" >"$tmp/req"
		requests=$((requests + $(wc -l <"$tmp/req")))
		i=$(instr "$ARBITER" referee --game "$g" --players 4 --chance supplied <"$tmp/req")
		total=$((total + i - empty))
	done
	rm -f "$tmp"/g*.tgn
	awk -v g="$g" -v n="$N" -v m="$moves" -v r="$requests" -v gen="$gen" -v gen0="$gen0" \
		-v t="$total" 'BEGIN {
		gm = (gen - gen0) / m; rm = t / m
		printf "%-12s %6d %8d %9d %12.0f %12.0f %12.0f %6.2fx\n", g, n, m, r, gm, t / r, rm, rm / gm
	}'
done
echo "(instructions by callgrind; the referee's start, $empty for the last game, and gen's are left out)"
