#!/bin/sh
# threads.sh — `make bench`, third table: does -j 2 pay?  Issue #40 item 3
# asks for -j 2 at least 1.8 times the wall speed of -j 1 on 50 MB and on
# 500 MB of games, on an idle two-core machine, reported as the best and
# the median of 10 interleaved runs (-j 1, -j 2, -j 1, ...: a change of
# load hits both alike) with the load average before and after, since a
# wall clock on a shared machine says little without it.  The streams are
# `arbiter gen --count 200 --seed 1` per game, repeated.  Printed, never
# asserted.  BENCH_THREADS_MB lists the sizes (default "50 500");
# BENCH_THREADS_RUNS the runs per side (default 10).
#
# Beside it, what the machine itself allows: two -j 1 processes at once
# on the same file, against one alone, in the same interleaved runs
# (-j 1, -j 2, two -j 1; "machine x" is twice one's time over the two's).
# On the two-vCPU VMs we run on, two independent processes get 1.8 to 2.0
# times one's speed from run to run (each process's user time grows when
# the other core is busy, with the same instructions), so a -j 2 median
# is read against this column, not against 2.
set -e
BUILD=${BUILD:-build}
sizes=${BENCH_THREADS_MB:-50 500}
runs=${BENCH_THREADS_RUNS:-10}
dir=$BUILD/bench
mkdir -p "$dir" "$BUILD/tools"
runstat=$BUILD/tools/runstat
cc -O2 -o "$runstat" tests/bench/runstat.c
arbiter=$dir/arbiter-threads
cp "${ARBITER:-./arbiter}" "$arbiter"
. tests/bench/lib.sh

wall() { # FILE J -> seconds of `arbiter check -q -j J` reading FILE on stdin
	"$runstat" -i "$1" "$arbiter" check -q -j "$2" 2>&1 >/dev/null | awk '/^seconds/ { print $2 }'
}

load() { awk '{ print $1 }' /proc/loadavg; }

printf '\n%-12s %5s %9s %9s %9s %9s %6s %10s %11s\n' game MB "j1 best" "j2 best" "x best" "x median" goal \
	"machine x" "load b/a"
for g in carcassonne catan elasund; do
	one=$dir/threads-$g.one
	"$arbiter" gen --game "$g" --count 200 --seed 1 >"$one"
	for mb in $sizes; do
		f=$dir/threads-$g-$mb.tgn
		reps=$((mb * 1000000 / $(wc -c <"$one") + 1))
		i=0
		while [ $i -lt $reps ]; do
			cat "$one"
			printf '\n'
			i=$((i + 1))
		done >"$f"
		before=$(load)
		: >"$dir/threads.times"
		i=0
		while [ $i -lt "$runs" ]; do
			printf '%s %s %s\n' "$(wall "$f" 1)" "$(wall "$f" 2)" "$(two_at_once "$f" check -q -j 1)" \
				>>"$dir/threads.times"
			i=$((i + 1))
		done
		after=$(load)
		# the medians of the per-run ratios: each run's three ran under
		# the same load
		med=$(awk '{ print $1 / $2 }' "$dir/threads.times" | median)
		machine=$(awk '{ print 2 * $1 / $3 }' "$dir/threads.times" | median)
		sort -n -k1,1 "$dir/threads.times" | awk -v g="$g" -v mb="$mb" -v b="$before" -v a="$after" \
			-v med="$med" -v machine="$machine" '
			NR == 1 || $1 < b1 { b1 = $1 }
			NR == 1 || $2 < b2 { b2 = $2 }
			END {
				printf "%-12s %5d %9.3f %9.3f %9.2f %9.2f %6s %10.2f %5s/%-5s\n", g, mb, b1, b2,
					b1 / b2, med, ">=1.8", machine, b, a
			}'
		rm -f "$f"
	done
	rm -f "$one"
done
