#!/bin/sh
# reader.sh — `make bench`, second table: the reader and -j against their
# goals (issues #39 item 9, #40 items 1 and 3).  Per game, on
# `arbiter gen --game G --count 1500 --seed 1`: the reader's instructions
# per input byte (callgrind, inclusive cost of arb_reader_next over the
# stream's bytes, -j 1; goal <= 12), the instructions of -j 2 over those
# of -j 1 (callgrind counts every thread; goal <= +2 %), and the peak RSS
# of -j 2 (goal <= 4 MB + 2 MB per worker).  Last, 120 MB of
# [Game "catan"] lines (a place to cut on every line, every cut inside a
# game's tags): seconds and peak RSS at -j 1 and -j 2 (goal: -j 2 about
# -j 1, memory bounded).  Printed, never asserted.
set -e
BUILD=${BUILD:-build}
dir=$BUILD/bench
mkdir -p "$dir"
arbiter=$dir/arbiter-reader
cp "${ARBITER:-./arbiter}" "$arbiter"

ir_of() { # OUT-FILE CMD... -> total instructions, all threads
	_o=$1
	shift
	valgrind --tool=callgrind --trace-children=no --callgrind-out-file="$_o" "$@" \
		2>&1 >/dev/null | awk '/Collected/ { print $4 }'
}

reader_ir() { # CALLGRIND-FILE -> inclusive instructions of arb_reader_next
	callgrind_annotate --inclusive=yes "$1" 2>/dev/null |
		awk '/:arb_reader_next / { gsub(",", "", $1); print $1; exit }'
}

rss_of() { # CMD... -> peak RSS in kB
	/usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -n 1
}

printf '\n%-12s %6s %14s %6s %14s %14s %7s %6s %10s %8s\n' game MB "reader ir/B" goal \
	"ir -j1" "ir -j2" "-j2 +%" goal "rss-j2 kB" goal
for g in carcassonne catan elasund; do
	f=$dir/reader-$g.tgn
	"$arbiter" gen --game "$g" --count 1500 --seed 1 >"$f"
	bytes=$(wc -c <"$f")
	ir1=$(ir_of "$dir/reader-$g.j1.cg" "$arbiter" check -q -j 1 "$f")
	ir2=$(ir_of "$dir/reader-$g.j2.cg" "$arbiter" check -q -j 2 "$f")
	rd=$(reader_ir "$dir/reader-$g.j1.cg")
	rss=$(rss_of "$arbiter" check -q -j 2 "$f")
	awk -v g="$g" -v b="$bytes" -v i1="$ir1" -v i2="$ir2" -v rd="${rd:-0}" -v rss="$rss" 'BEGIN {
		printf "%-12s %6.1f %14.1f %6s %14d %14d %7.2f %6s %10d %8s\n", g, b / 1e6,
			rd / b, "<=12", i1, i2, (i2 - i1) * 100 / i1, "<=2", rss, "<=8192"
	}'
done
f=$dir/reader-tags.tgn
yes '[Game "catan"]' | head -c 120000000 >"$f"
printf '\n%-28s %8s %10s\n' "120 MB of [Game lines" seconds "rss kB"
for j in 1 2; do
	/usr/bin/time -f '%e %M' -o "$dir/reader-tags.time" "$arbiter" check -q -j $j "$f" || :
	tail -n 1 "$dir/reader-tags.time" | awk -v j=$j '{ printf "%-28s %8.2f %10d\n", "-j " j, $1, $2 }'
done
rm -f "$f"
