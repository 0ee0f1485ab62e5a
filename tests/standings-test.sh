#!/bin/sh
# standings-test.sh — the tournament in corpus/tournament/club-night.tgn
# (3 rounds of 4 tables, one game left out as illegal), whose tables were
# computed by hand (tests/standings/README): every scheme and format
# against its golden file, the parallel route (check per game, then
# standings over the results) against the direct one, and scheme files
# with errors reported at their line and column.  Every standings run is
# checked for invalid memory access (valgrind, or ASan under make sanitize).
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rec=corpus/tournament/club-night.tgn
golden=tests/standings

compare() { # NAME EXPECTED ACTUAL
	if diff -u "$2" "$3" >"$tmp/diff" 2>&1; then
		report "standings $1" 0
	else
		report "standings $1" 1 "$tmp/diff"
	fi
}

if [ "${1:-}" = "--update" ]; then
	for s in placement wins share tests/standings/club.yaml; do
		n=$(basename "$s" .yaml)
		capture standings --scheme "$s" "$rec" >"$golden/$n.out"
	done
	for f in json yaml tsv; do
		capture standings --format="$f" "$rec" >"$golden/placement.$f"
	done
	capture standings --group round "$rec" >"$golden/by-round.out"
	for b in bad-tiebreaker bad-points bad-key; do
		capture standings --scheme "$golden/$b.yaml" "$rec" >"$golden/$b.out"
	done
	exit 0
fi

native=$ARBITER
use_memcheck "$tmp"
for s in placement wins share tests/standings/club.yaml; do
	n=$(basename "$s" .yaml)
	capture standings --scheme "$s" "$rec" >"$tmp/out"
	compare "scheme $n" "$golden/$n.out" "$tmp/out"
done
for f in json yaml tsv; do
	capture standings --format="$f" "$rec" >"$tmp/out"
	compare "format $f" "$golden/placement.$f" "$tmp/out"
done
for b in bad-tiebreaker bad-points bad-key; do
	capture standings --scheme "$golden/$b.yaml" "$rec" >"$tmp/out"
	compare "$b" "$golden/$b.out" "$tmp/out"
done
capture standings --group round "$rec" >"$tmp/out"
compare "group round" "$golden/by-round.out" "$tmp/out"

# the parallel route: one check per game (split with select), results in
# each format, then one standings run; the table must be the same
"$ARBITER" standings "$rec" >"$tmp/direct" 2>/dev/null
for round in 1 2 3; do
	for table in 1 2 3 4; do
		"$native" select --tag Round=$round --tag Table=$table "$rec" >"$tmp/r$round-t$table.tgn"
	done
done
for f in json yaml tsv; do
	ls "$tmp"/r*-t*.tgn | xargs -P 2 -n 1 "$native" check --format=$f >"$tmp/results.$f" 2>/dev/null
	"$ARBITER" standings "$tmp/results.$f" 2>&1 | sed "s|$tmp/r[0-9]-t[0-9].tgn|$rec|" >"$tmp/via"
	# the left-out line names the split file and its line; compare the tables
	grep -v '^left out' "$tmp/direct" >"$tmp/d"
	grep -v '^left out' "$tmp/via" >"$tmp/v"
	compare "parallel route via $f results" "$tmp/d" "$tmp/v"
done
