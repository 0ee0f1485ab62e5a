#!/bin/sh
# messages-test.sh — what people and programs read (issue 11, items 7, 8,
# 10, 11 and 12): counts in the singular and plural, zero-point events,
# the types of the machine formats, the structured dump, warnings and the
# messages that say the fix.  Each check prints one PASS/FAIL line.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SUITE='messages'

# has NAME PATTERN FILE: FILE holds a line matching the extended regex
has() {
	if grep -qE -- "$2" "$3"; then
		report "$SUITE $1" 0
	else
		{ echo "no line matches: $2"; head -c 3000 "$3"; } >"$tmp/why"
		report "$SUITE $1" 1 "$tmp/why"
	fi
}

# ------------------------------------------------- singular and plural
# No golden output of the corpus counts one thing in the plural, or none
# or several in the singular.
nouns='move|card|point|tile|turn|road|settlement|follower|farmer|shield|tower|game|seat|harbour|neighbour'
grep -rnE "(^|[ (])1 ($nouns)s\b|(^|[ (])1 (cities|hexes)\b|(^| )(0|[2-9]|[1-9][0-9]+) (move|card|point|tile|turn|follower|farmer|shield|tower|game|seat)\b" \
	corpus --include='*.check' --include='*.score' --include='*.dump' --include='*.json' \
	--include='*.yaml' >"$tmp/why"
report "$SUITE corpus outputs agree in number" $([ -s "$tmp/why" ] && echo 1 || echo 0) "$tmp/why"
"$ARBITER" check corpus/catan/rule-setup-road-ok.tgn >"$tmp/out"
has "verdict: 1 move" ', 1 move;' "$tmp/out"
"$ARBITER" dump --at 3 corpus/catan/rule-setup-road-ok.tgn 2>"$tmp/err"
has "dump --at past the end: only 1 move" 'the game has only 1 move$' "$tmp/err"
"$ARBITER" dump --at 1 corpus/catan/game-3p-short.tgn >"$tmp/out"
has "catan dump: 1 point" '^Red +1 point;' "$tmp/out"
has "catan dump: 0 points" '^Blue +0 points;' "$tmp/out"
"$ARBITER" check corpus/carcassonne/rule-tile-supply-bad-only.tgn >"$tmp/out"
has "carcassonne: the only tile C" 'the only tile C is already drawn' "$tmp/out"

# ------------------------------------------------ zero-point events
# A feature that scores nothing names its owner with a 0, in every format.
"$ARBITER" --data corpus/carcassonne/example-farms-once.yaml score \
	corpus/carcassonne/example-farms-once.tgn >"$tmp/out"
has "zero-point farm in text" '^  end: Red \+0: Red scores 0 points for a field' "$tmp/out"
"$ARBITER" --data corpus/carcassonne/example-farms-once.yaml score --format=tsv \
	corpus/carcassonne/example-farms-once.tgn >"$tmp/out"
has "zero-point farm in TSV" '	farm	Red=0	' "$tmp/out"
"$ARBITER" score corpus/catan/game-3p-short.tgn >"$tmp/out"
has "an event that changes no score is its sentence alone" \
	'^  move [0-9]+: Red has 10 points during their turn and wins$' "$tmp/out"

# ------------------------------------------- types of the machine formats
# In every score event of every corpus game: move a number or null, the
# phase in its own key, points an object of numbers (never empty for a
# feature), details.players a list of colours.
: >"$tmp/why"
for rec in corpus/carcassonne/game-*.tgn corpus/catan/game-3p-short.tgn corpus/elasund/game-3p-a.tgn; do
	"$ARBITER" score --format=json "$rec" | jq -c '.events[] | select(
		((.move | type) as $t | ($t != "number" and $t != "null"))
		or (.phase != (if .move == null then "end" else "play" end))
		or ((.points | type) != "object")
		or ([.points[] | type] - ["number"] != [])
		or ((.details.players // []) | type) != "array"
		or (.kind | test("city|road|cloister|farm")) and (.points == {}))' >>"$tmp/why" 2>&1
done
report "$SUITE score events: move, phase, points, players typed" $([ -s "$tmp/why" ] && echo 1 || echo 0) "$tmp/why"
"$ARBITER" score --format=yaml corpus/carcassonne/game-4p.tgn >"$tmp/out"
has "YAML: move null at the end" '^- move: null$' "$tmp/out"
has "YAML: players a list" '^    players:$' "$tmp/out"

# ------------------------------------------------- the position as data
# dump --format=json|yaml gives the position as structured data (the
# Setup snapshot's content), never the text picture in a string; the
# corpus holds hand-checked goldens (*.dump.json).
for rec in corpus/carcassonne/game-3p.tgn corpus/catan/game-3p-short.tgn corpus/elasund/game-3p-a.tgn; do
	"$ARBITER" dump --format=json --at 20 "$rec" >"$tmp/out"
	jq -e '(.position | type) == "object" and (.board == null)
		and ((.position.seats | length) == 3)
		and ([.position.seats[].colour] | all(type == "string"))' "$tmp/out" >/dev/null 2>&1
	report "$SUITE dump --format=json of $rec is data" $? "$tmp/out"
	"$ARBITER" dump --format=yaml --at 20 "$rec" >"$tmp/out"
	has "dump --format=yaml of $rec is data" '^position:$' "$tmp/out"
done
# the same content as the snapshot: Catan's settlements, Carcassonne's tiles
"$ARBITER" dump --snapshot --at 20 corpus/catan/game-3p-short.tgn |
	sed 's/.* settlements=\([^ ]*\) .*/\1/' >"$tmp/want"
"$ARBITER" dump --format=json --at 20 corpus/catan/game-3p-short.tgn |
	jq -r '[.position.seats[] | select(.settlements != []) | .colour + ":" + (.settlements | join("+"))] | join(",")' >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got"
report "$SUITE catan position: the snapshot's settlements" $? "$tmp/got"
n=$("$ARBITER" dump --format=json --at 20 corpus/carcassonne/game-3p.tgn |
	jq '(.position.tiles | length) + (.position.discards | length)')
[ "$n" = 21 ]
report "$SUITE carcassonne position: 20 tiles drawn after the start tile" $?

# ------------------------------------------------------------- warnings
# A Date not written YYYY.MM.DD is a warning on stderr at the tag; it
# changes neither the verdict nor the exit status; -q silences it.
dated() { # VALUE: a legal one-move record with that Date
	printf '[Game "carcassonne"]\n[Date "%s"]\n[Red "Anna"]\n[Blue "Bo"]\n[Result "*"]\n\nRed E 0,-1 180 city S\n' "$1" >"$tmp/dated.tgn"
}
dated "1st Dec"
expect "bad Date: exit status 0" 0 "$ARBITER" check "$tmp/dated.tgn"
has "bad Date: the warning at the tag" \
	"^$tmp/dated.tgn:2:1: warning: Date \"1st Dec\" is not written YYYY.MM.DD" "$tmp/err"
has "bad Date: the verdict unchanged" ': unfinished: carcassonne, 1 move;' "$tmp/out"
expect "bad Date with -q" 0 "$ARBITER" check -q "$tmp/dated.tgn"
[ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ]
report "$SUITE bad Date with -q prints nothing" $?
"$ARBITER" check --format=json "$tmp/dated.tgn" 2>/dev/null >"$tmp/out"
jq -e '.warnings[0].line == 2 and (.warnings[0].message | test("YYYY.MM.DD"))' "$tmp/out" >/dev/null
report "$SUITE bad Date: JSON carries the warning" $? "$tmp/out"
for d in 2026.12.01 2026.??.?? ????.??.??; do
	dated "$d"
	expect "Date $d: no warning" 0 "$ARBITER" check "$tmp/dated.tgn"
	[ ! -s "$tmp/err" ]
	report "$SUITE Date $d: nothing on stderr" $? "$tmp/err"
done
for d in 2026.13.01 2026.12.32 2026-12-01 26.12.01 2026.1?.01; do
	dated "$d"
	"$ARBITER" check "$tmp/dated.tgn" >/dev/null 2>"$tmp/err"
	has "Date $d: a warning" 'warning: Date' "$tmp/err"
done

# ------------------------------------------- messages that say the fix (issue 38, item 15)
sed 's/frobnicate/glod/' corpus/elasund/rule-syntax-bad.tgn | "$ARBITER" check >"$tmp/out"
has "a misspelled Elasund item names the closest" "'glod' is no item of a turn \(did you mean gold\?\) \[syntax\]$" "$tmp/out"
"$ARBITER" check corpus/elasund/rule-wall-space-bad.tgn >"$tmp/out"
has "a wall space not in play names those of its line" "N5 is no wall space in a 2-player game \(that line's are N3, N4\)" "$tmp/out"
"$ARBITER" check corpus/catan/rule-robber-missing-bad.tgn >"$tmp/out"
has "a 7 without the robber says the words to write" 'must move the robber: write robber HEX steal COLOUR CARD on the line' "$tmp/out"
"$ARBITER" check corpus/catan/rule-settlement-unconnected-bad.tgn >"$tmp/out"
has "an unconnected settlement names the nearest road end" "none of Red's roads leads there \(the nearest ends at e4, 1 road short of f4\)" "$tmp/out"
"$ARBITER" check corpus/catan/rule-steal-victim-bad.tgn >"$tmp/out"
has "a steal from a seat not at the hex names its hexes" "Blue has no settlement or city at I \(Blue borders A, B, C, F and G; at I: White\)" "$tmp/out"
