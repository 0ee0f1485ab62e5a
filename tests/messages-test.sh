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
