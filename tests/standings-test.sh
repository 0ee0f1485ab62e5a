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

# tests/standings/extras.tgn (games of two moves under $mini): a game
# stopped by adjudication, a game recorded twice, names in other case and
# blanks, two events; each run below against its golden extrasNAME.out
# ("-default": no option)
extras=tests/standings/extras.tgn
mini=corpus/tgn/mini.yaml
extras_runs() {
	cat <<-EOF
		-default
		-none --group=none
		-exact --group=none --names=exact
		-warn --duplicates=warn
		-count --duplicates=count
		.json --format=json
		.yaml --format=yaml
	EOF
}

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
	capture standings --scheme "$golden/short-points.yaml" "$rec" >"$golden/short-points.out"
	extras_runs | while IFS=' ' read -r n args; do
		# shellcheck disable=SC2086 # the arguments are words
		capture --data $mini standings $args "$extras" >"$golden/extras$n.out"
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

capture standings --scheme "$golden/short-points.yaml" "$rec" >"$tmp/out"
compare "a points list shorter than the seats warns" "$golden/short-points.out" "$tmp/out"
extras_runs | while IFS=' ' read -r n args; do
	# shellcheck disable=SC2086 # the arguments are words
	capture --data $mini standings $args "$extras" >"$tmp/out"
	compare "extras$n ${args:-(adjudicated, a duplicate, names folded)}" "$golden/extras$n.out" "$tmp/out"
done

# the issue's own case: the same results twice count once, with a warning
# per game, as the records named twice do
"$native" --data $mini check --format=json "$extras" >"$tmp/res.json"
"$native" --data $mini standings "$extras" "$extras" >"$tmp/direct" 2>/dev/null
cat "$tmp/res.json" "$tmp/res.json" >"$tmp/twice.json"
"$ARBITER" standings "$tmp/twice.json" >"$tmp/out" 2>"$tmp/err"
compare "results read twice count once" "$tmp/direct" "$tmp/out"
[ "$(grep -c 'twice.json:[0-9]*: warning: the same game as tests/standings/extras.tgn:' "$tmp/err")" = 6 ]
report "standings results read twice: a warning per game" $? "$tmp/err"
"$native" --data $mini standings "$extras" >"$tmp/direct" 2>/dev/null

# partial tables: standings' own JSON or YAML output merges into the same
# table as one run over everything, by any split and in stages
# (the game recorded twice, 1st and 4th, in one piece: see below)
head -n 4 "$tmp/res.json" >"$tmp/a.json"
tail -n +5 "$tmp/res.json" >"$tmp/b.json"
"$native" standings --format=json "$tmp/a.json" >"$tmp/a.table.json" 2>/dev/null
"$native" standings --format=yaml "$tmp/b.json" >"$tmp/b.table.yaml"
"$ARBITER" standings "$tmp/a.table.json" "$tmp/b.table.yaml" >"$tmp/out" 2>&1
compare "two partial tables merge into the whole" "$tmp/direct" "$tmp/out"
"$ARBITER" standings "$tmp/a.table.json" "$tmp/b.json" >"$tmp/out" 2>&1
compare "a partial table and results merge" "$tmp/direct" "$tmp/out"
"$native" standings --format=json "$tmp/a.table.json" "$tmp/b.table.yaml" >"$tmp/ab.table.json"
"$ARBITER" standings "$tmp/ab.table.json" >"$tmp/out" 2>&1
compare "a table of tables (a second stage)" "$tmp/direct" "$tmp/out"
# a game counted in two tables cannot be taken back out of either
sed -n 4p "$tmp/res.json" >"$tmp/c.json"
"$native" standings --format=json "$tmp/c.json" >"$tmp/c.table.json"
capture standings "$tmp/a.table.json" "$tmp/c.table.json" | grep -e '^stderr' -e '^exit' |
	sed "s|$tmp/||g" >"$tmp/out"
digest=$(sed -n 's/.*"digest":"\([0-9a-f]*\)".*/\1/p' "$tmp/c.json")
cat >"$tmp/want" <<EOF
stderr: c.table.json:2:1: error: group Extras: game $digest was counted at a.table.json too; a partial table cannot take it back, so it counts twice (merge check's results, not tables, to skip it)
exit 2
EOF
compare "a game in two partial tables is an error" "$tmp/want" "$tmp/out"
capture standings --scheme wins "$tmp/a.table.json" | sed "s|$tmp/||g" >"$tmp/out"
cat >"$tmp/want" <<'EOF'
stderr: a.table.json:1:1: error: a partial table made with scheme "placement" cannot be merged into one with scheme "wins"
exit 2
EOF
compare "a partial table of another scheme is refused" "$tmp/want" "$tmp/out"

# The recipe of arbiter(1), EXAMPLES, with GNU parallel: records split into
# jobs of 3 games (--pipe --recstart), each checked or reduced to a
# partial table; the reduce gives the bytes of one run over everything.
# --pipe names the games <stdin> with lines counted in each piece, so the
# games here are the legal ones (no left-out line names a game).
# -j 2: without a number of jobs, parallel counts the cores with lscpu,
# which prints errors in a chroot (no /sys); a stand-in lscpu on PATH says
# whether it was run.
if command -v parallel >/dev/null 2>&1; then
	export PARALLEL_HOME="$tmp/parallel"
	mkdir "$tmp/bin"
	printf '#!/bin/sh\ntouch "%s/lscpu-ran"\necho "lscpu: failed to determine number of CPUs" >&2\nexit 1\n' \
		"$tmp" >"$tmp/bin/lscpu"
	chmod +x "$tmp/bin/lscpu"
	path_before=$PATH
	PATH="$tmp/bin:$PATH"
	"$native" select --valid "$rec" >"$tmp/valid.tgn"
	"$native" standings "$tmp/valid.tgn" >"$tmp/one" 2>&1
	parallel --will-cite -j 2 --pipe --recstart '[Game' -N 3 -k "$native" check --format=json \
		<"$tmp/valid.tgn" >"$tmp/results.json"
	"$ARBITER" standings "$tmp/results.json" >"$tmp/out" 2>&1
	compare "parallel --pipe: check, then one standings" "$tmp/one" "$tmp/out"
	parallel --will-cite -j 2 --pipe --recstart '[Game' -N 3 -k "$native" standings --format=json \
		<"$tmp/valid.tgn" >"$tmp/tables.json"
	"$ARBITER" standings "$tmp/tables.json" >"$tmp/out" 2>&1
	compare "parallel --pipe: partial tables, then their merge" "$tmp/one" "$tmp/out"
	# per file, left-out game included: the files keep their names
	"$ARBITER" standings "$tmp"/r*-t*.tgn >"$tmp/one" 2>&1
	parallel --will-cite -j 2 -k "$native" check --format=json ::: "$tmp"/r*-t*.tgn >"$tmp/results.json"
	"$ARBITER" standings "$tmp/results.json" >"$tmp/out" 2>&1
	compare "parallel per file: check, then one standings" "$tmp/one" "$tmp/out"
	# two stages: tables of four files each, then the table of the tables
	ls "$tmp"/r*-t*.tgn | parallel --will-cite -j 2 -k -N 4 "$native" standings --format=json \
		>"$tmp/tables.json"
	"$ARBITER" standings "$tmp/tables.json" >"$tmp/out" 2>&1
	compare "parallel per file: partial tables, then their merge" "$tmp/one" "$tmp/out"
	PATH=$path_before
	[ ! -e "$tmp/lscpu-ran" ]
	report "standings parallel recipe: no lscpu run (its errors in a chroot)" $?
else
	echo "FAIL standings parallel recipe: GNU parallel is not installed (sh tools/deps.sh installs it)"
fi

# standings' TSV is for spreadsheets: it cannot be merged, and says so
"$native" standings --format=tsv "$rec" 2>/dev/null >"$tmp/table.tsv"
capture standings "$tmp/table.tsv" | sed "s|$tmp/||g" >"$tmp/out"
cat >"$tmp/want" <<'EOF'
stderr: table.tsv:1:1: error: a standings TSV table cannot be merged (it lacks the games left out and the exact sums): write partial tables with --format=json or yaml
exit 2
EOF
compare "a TSV table is refused with the formats that merge" "$tmp/want" "$tmp/out"

# a game's fingerprint ignores layout and comments, not its words
printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\nRed E 0,-1 180 ; c\n' >"$tmp/l1.tgn"
printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\nRed  E {x} 0,-1\t180\n' >"$tmp/l2.tgn"
printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\nRed E 0,-1 90\n' >"$tmp/l3.tgn"
"$native" check --format=tsv "$tmp"/l1.tgn "$tmp"/l2.tgn "$tmp"/l3.tgn | cut -f 16 | tail -n +2 | uniq -c |
	awk '{ print $1 }' | tr '\n' ' ' >"$tmp/out"
printf "2 1 " | diff - "$tmp/out" >"$tmp/diff" 2>&1
report "standings fingerprint: layout and comments aside" $? "$tmp/diff"

# issue 39: nothing merged is trusted.  Each value of a result or a
# partial table is checked against what a game can give, and sums are
# added in checked arithmetic; a refusal names the key and the value.
table() { # ROW: a partial table of group G with that one row
	printf '{"group":"G","scheme":"placement","grouping":"event","names":"fold","illegal":"left out","units":{"points":60,"share":1000000000},"games":1,"duplicates":0,"standings":[%s],"stopped":[],"left_out":[]}\n' "$1"
}
refused() { # NAME FILE WANTED-STDERR: standings FILE says it and exits 2
	capture standings "$2" | grep -e '^stderr' -e '^exit' | sed "s|$tmp/||g" >"$tmp/out"
	printf 'stderr: %s\nexit 2\n' "$3" >"$tmp/want"
	compare "$1" "$tmp/want" "$tmp/out"
}
table '{"player":"Ann","games":-2,"wins":0,"places":[],"score":0,"sums":{"points":0,"share":0}}' >"$tmp/t.json"
refused "a table's negative games" "$tmp/t.json" \
	't.json:1:1: error: standings[0].games is -2: an integer from 0 to 9223372036854775807'
table '{"player":"Ann","games":1,"wins":10,"places":[1],"score":0,"sums":{"points":0,"share":0}}' >"$tmp/t.json"
refused "a table's 10 wins in 1 game" "$tmp/t.json" \
	't.json:1:1: error: standings[0].wins is 10: an integer from 0 to 1'
table '{"player":"Ann","games":1,"wins":0,"places":[-1,2],"score":0,"sums":{"points":0,"share":0}}' >"$tmp/t.json"
refused "a table's negative place" "$tmp/t.json" \
	't.json:1:1: error: standings[0].places[0] is -1: an integer from 0 to 1'
table '{"player":"Ann","games":2,"wins":0,"places":[1],"score":0,"sums":{"points":0,"share":0}}' >"$tmp/t.json"
refused "a table's places that are not its games" "$tmp/t.json" \
	't.json:1:1: error: standings[0].places is [1]: the places of 2 games add up to 1'
table '{"player":"Ann","games":1,"wins":1,"places":[1],"score":1000001,"sums":{"points":60,"share":0}}' >"$tmp/t.json"
refused "a table's score beyond a game's" "$tmp/t.json" \
	't.json:1:1: error: standings[0].score is 1000001: an integer from 0 to 1000000'
# points near INT64_MAX (a table of many games) twice: the sum overflows
big=9223372036854775807
table '{"player":"Ann","games":'$big',"wins":0,"places":['$big'],"score":0,"sums":{"points":'$big',"share":0}}' >"$tmp/t.json"
table '{"player":"Ann","games":1,"wins":0,"places":[1],"score":0,"sums":{"points":60,"share":0}}' >>"$tmp/t.json"
refused "a table's sums that overflow" "$tmp/t.json" \
	"t.json:2:1: error: standings[0]: Ann's sums overflow once this row is added (1 games more)"
printf '{"file":"x.tgn","line":1,"verdict":"legal","seats":[{"colour":"Red","player":"A","score":%s,"winner":true}]}\n' $big >"$tmp/r.json"
refused "a result's score out of range" "$tmp/r.json" \
	"r.json:1:1: error: seats[0].score is $big: an integer from 0 to 1000000"
{
	"$native" check --format=tsv /dev/null 2>/dev/null | head -n 1
	printf 'x.tgn\t1\tcatan\t\t\t\tRed=A|Blue=B\tlegal\t9\tRed=99999999999999999999 Blue=1\tRed\t\t\t\t\t\n'
} >"$tmp/r.tsv"
refused "a TSV score that would saturate" "$tmp/r.tsv" \
	'r.tsv:2:1: error: seats[0].score is "99999999999999999999": an integer from 0 to 1000000'
echo '{"a":"b"}' >"$tmp/r.json"
refused "a JSON object that is no result" "$tmp/r.json" \
	'r.json:1:1: error: a document with no "verdict": neither check'"'"'s result of a game nor a partial table of standings'
{
	"$native" check --format=tsv /dev/null 2>/dev/null | head -n 1
	printf '\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\n'
} >"$tmp/r.tsv"
refused "a TSV row of tabs" "$tmp/r.tsv" \
	'r.tsv:2:1: error: verdict is "": check writes legal, illegal, unfinished or error'
# one player in two seats of a game would be counted twice for it
printf '{"file":"x.tgn","line":1,"verdict":"legal","seats":[{"colour":"Red","player":"Ann","score":3,"winner":true},{"colour":"Blue","player":" ann","score":2,"winner":false}]}\n' >"$tmp/r.json"
capture standings "$tmp/r.json" | sed "s|$tmp/||g" >"$tmp/out"
cat >"$tmp/want" <<'EOF2'
(no Event tag): 0 games counted, 1 left out; scheme placement (points, then wins, then score)
rank  player                games  wins  places        points   score   share
left out: x.tgn:1: error: player " ann" holds two seats (Red and Blue): one player plays one seat
stderr: r.json:1:1: error: player " ann" holds two seats (Red and Blue): one player plays one seat: the game is left out
exit 2
EOF2
compare "one player in two seats of a game: left out" "$tmp/want" "$tmp/out"

# issue 39 item 7: a partial table's parse is bounded by the values it
# holds, not its bytes (a 12 MB JSON line of empty objects took 920 MB,
# 7.5 MB of YAML mappings 342 MB): refused with its line, within 150 MB
awk 'BEGIN { printf "{\"group\":\"g\",\"left_out\":["; for (i = 0; i < 300000; i++) printf "{},"; print "{}]}" }' >"$tmp/bomb.json"
awk 'BEGIN { print "---"; print "group: g"; print "left_out:"; for (i = 0; i < 300000; i++) print "- {}" }' >"$tmp/bomb.yaml"
for f in bomb.json bomb.yaml; do
	(limit_memory 600000; exec "$ARBITER" standings "$tmp/$f") >/dev/null 2>"$tmp/err"
	[ $? = 2 ] && grep -q "$f:[0-9]*:[0-9]*: error: a document of more than 1000000 values" "$tmp/err"
	report "standings refuses a document of more values than a table holds ($f)" $? "$tmp/err"
done
