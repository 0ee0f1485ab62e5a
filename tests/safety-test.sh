#!/bin/sh
# safety-test.sh — issue #16: inputs that once corrupted memory, lost data
# or cost unbounded time and memory.  Each check prints one PASS/FAIL
# line; the standings runs go through valgrind (or ASan) so an invalid
# read or write fails the check even when the output looks right.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
native=$ARBITER

SUITE='safety'   # expect (lib.sh) names its checks "safety NAME"

# check NAME CONDITION-STATUS [DETAIL FILE]
check() { report "safety $1" "$2" "${3:-}"; }

# ---------------------------------------------------------------------
# standings with more players than the table's first sizes (16, 32, 64):
# every seat's player must be counted once, whatever the route

i=0
: >"$tmp/many.json"
: >"$tmp/many.tgn"
while [ $i -lt 20 ]; do
	a=$((5 * i)) b=$((5 * i + 1)) c=$((5 * i + 2)) d=$((5 * i + 3)) e=$((5 * i + 4))
	printf '{"file":"g","line":%d,"tags":{"Event":"E"},"verdict":"legal","seats":[{"player":"P%d","score":5,"winner":true},{"player":"P%d","score":4},{"player":"P%d","score":3},{"player":"P%d","score":2},{"player":"P%d","score":1}]}\n' \
		$i $a $b $c $d $e >>"$tmp/many.json"
	printf '[Game "carcassonne"]\n[Event "E"]\n[Red "P%d"]\n[Blue "P%d"]\n[Green "P%d"]\n[Yellow "P%d"]\n[Black "P%d"]\n\nRed E 0,1 0\n\n' \
		$a $b $c $d $e >>"$tmp/many.tgn"
	i=$((i + 1))
done
ARBITER=$native
use_memcheck "$tmp"
mem=$ARBITER
ARBITER=$native
expect "standings of 100 players from JSON results exits 0" 0 "$mem" standings --format=tsv "$tmp/many.json"
[ "$(awk -F'\t' 'NR > 1 && $4 == 1' "$tmp/out" | wc -l)" = 100 ]
check "standings of 100 players from JSON: each counted once" $? "$tmp/out"
expect "standings of 100 players from records exits 1 (illegal games)" 1 "$mem" standings --include-illegal --format=tsv "$tmp/many.tgn"
[ "$(awk -F'\t' 'NR > 1 && $4 == 1' "$tmp/out" | wc -l)" = 100 ]
check "standings of 100 players from records: each counted once" $? "$tmp/out"

# ---------------------------------------------------------------------
# messages cut at 512 bytes fall between characters; bytes that are not
# UTF-8 (a file name) are escaped; no format drops a key

python_free_utf8_ok() { iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }
long=$tmp/long-message.tgn
{
	printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n\nRed x'
	i=0
	while [ $i -lt 400 ]; do printf '\303\251'; i=$((i + 1)); done
	printf '\n'
} >"$long"
for f in text tsv yaml json; do
	"$native" check --format=$f "$long" >"$tmp/out" 2>&1
	python_free_utf8_ok "$tmp/out"; check "a cut message is UTF-8 in $f" $? "$tmp/out"
done
"$native" check --format=json "$long" >"$tmp/out" 2>&1
grep -q '"message":"' "$tmp/out"; check "a cut message keeps its key in JSON" $? "$tmp/out"
"$native" check --format=yaml "$long" >"$tmp/out" 2>&1
grep -q '^  message: ' "$tmp/out"; check "a cut message keeps its key in YAML" $? "$tmp/out"

odd=$(printf "$tmp/odd-\377-name.tgn")
cp "$long" "$odd"
"$native" check --format=json "$odd" >"$tmp/out" 2>&1
grep -q '"file":"[^"]*odd-\\\\xFF-name.tgn"' "$tmp/out"; check "a file name that is not UTF-8 is kept, escaped, in JSON" $? "$tmp/out"
"$native" check --format=yaml "$odd" >"$tmp/out" 2>&1
grep -q '^file: .*odd-\\xFF-name.tgn' "$tmp/out"; check "a file name that is not UTF-8 is kept, escaped, in YAML" $? "$tmp/out"
"$native" check --format=json "$odd.missing" >"$tmp/out" 2>"$tmp/err"
grep -q '"file":"[^"]*odd-\\\\xFF-name.tgn.missing"' "$tmp/out" && python_free_utf8_ok "$tmp/err"
check "an error about a file name that is not UTF-8 keeps it, escaped" $? "$tmp/out"
for f in text tsv; do
	"$native" check --format=$f "$odd" >"$tmp/out" 2>&1
	python_free_utf8_ok "$tmp/out"; check "a file name that is not UTF-8 is escaped in $f" $? "$tmp/out"
done

# ---------------------------------------------------------------------
# one path for every diagnostic: -q silences it, machine formats get one
# error document, the status is 2

printf '{"file":"g","verdict":"legal","seats":[]}\n{not json\n' >"$tmp/bad.json"
printf 'file\tnot the header\n' >"$tmp/bad.tsv"
printf -- '- [unclosed\n' >"$tmp/bad.yaml"
for k in json tsv yaml; do
	expect "standings -q on malformed $k results exits 2" 2 "$native" standings -q "$tmp/bad.$k"
	[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; check "standings -q on malformed $k results prints nothing" $? "$tmp/err"
	"$native" standings --format=json "$tmp/bad.$k" >"$tmp/out" 2>"$tmp/err"
	[ "$(grep -c '"verdict":"error"' "$tmp/out")" = 1 ] && grep -q ': error: ' "$tmp/err"
	check "standings --format=json on malformed $k results writes one error document" $? "$tmp/out"
done
expect "standings -q on a record that cannot be replayed exits 2" 2 "$native" standings -q tests/bad/unknown-game.tgn
[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; check "standings -q on a record that cannot be replayed prints nothing" $? "$tmp/err"
printf 'game: carcassonne\ntiles: [a, b\n' >"$tmp/bad-data.yaml"
expect "--data malformed with -q exits 2" 2 "$native" -q --data "$tmp/bad-data.yaml" check "$long"
[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; check "--data malformed with -q prints nothing" $? "$tmp/err"
"$native" --format=json --data "$tmp/bad-data.yaml" check "$long" >"$tmp/out" 2>/dev/null
[ "$(grep -c '"verdict":"error"' "$tmp/out")" = 1 ]; check "--data malformed with --format=json writes one error document" $? "$tmp/out"

# a failed write to standard output is reported once
if [ -w /dev/full ]; then
	for cmd in "check $long" "gen --game carcassonne"; do
		"$native" $cmd >/dev/full 2>"$tmp/err"
		[ "$(wc -l <"$tmp/err")" = 1 ]; check "$cmd to /dev/full: one message" $? "$tmp/err"
	done
fi

# standings on standard input counts the blank lines before the first byte
printf '\n\n\n{not json\n' >"$tmp/late.json"
STDIN=$tmp/late.json capture standings >"$tmp/out"
grep -q '^stderr: <stdin>:4:' "$tmp/out"; check "standings on stdin: JSON error line after blank lines" $? "$tmp/out"
printf '\n\n[Game "carcassonne"]\n  [Red "A"\n' >"$tmp/late.tgn"
STDIN=$tmp/late.tgn capture standings >"$tmp/out"
grep -q '^stderr: <stdin>:4:11: error: ' "$tmp/out"; check "standings on stdin: TGN error line and column after blank lines" $? "$tmp/out"
"$native" standings --format=json tests/bad/missing-seats.tgn >"$tmp/out" 2>/dev/null
[ "$(grep -c '"verdict":"error","message"' "$tmp/out")" = 1 ]
check "standings --format=json on a record that cannot be replayed writes one error document" $? "$tmp/out"

# ---------------------------------------------------------------------
# YAML results: no anchors or aliases, bounded nesting and size; a JSON
# or TSV result line is bounded too.  Each must end at once with an error
# (the timeout catches a run that explodes instead).

printf -- '--- &a [*a]\n' >"$tmp/alias.yaml"
# the billion laughs: each level nine times the one before
{
	printf -- '---\n- &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
	p=a
	for n in b c d e f g h i; do
		printf -- '- &%s [*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s,*%s]\n' $n $p $p $p $p $p $p $p $p $p
		p=$n
	done
} >"$tmp/laughs.yaml"
{
	printf -- '- '
	i=0; while [ $i -lt 16000 ]; do printf '['; i=$((i + 1)); done
	i=0; while [ $i -lt 16000 ]; do printf ']'; i=$((i + 1)); done
	printf '\n'
} >"$tmp/deep.yaml"
{
	printf -- '---\nfile: '
	head -c 3000000 /dev/zero | tr '\0' 'a'
	printf '\n'
} >"$tmp/huge.yaml"
{
	printf '{"file":"'
	head -c 3000000 /dev/zero | tr '\0' 'a'
	printf '"}\n'
} >"$tmp/huge.json"
{
	printf 'file\tline\tgame\tevent\tround\ttable\tplayers\tverdict\tmoves\tscores\twinners\terror_line\terror_col\trule\tmessage\n'
	head -c 3000000 /dev/zero | tr '\0' 'a'
	printf '\n'
} >"$tmp/huge.tsv"
for k in alias laughs deep huge; do
	expect "standings refuses YAML results: $k" 2 timeout 20 "$mem" standings "$tmp/$k.yaml"
done
"$native" standings "$tmp/alias.yaml" 2>"$tmp/err" >/dev/null
grep -q 'alias.yaml:1:5: error: anchors and aliases are not allowed in results' "$tmp/err"
check "the anchor is reported at its line and column" $? "$tmp/err"
"$native" standings "$tmp/deep.yaml" 2>"$tmp/err" >/dev/null
grep -q 'deep.yaml:1:[0-9]*: error: nested too deep' "$tmp/err"; check "deep nesting is reported" $? "$tmp/err"
"$native" standings "$tmp/huge.yaml" 2>"$tmp/err" >/dev/null
grep -q 'huge.yaml:[0-9]*:[0-9]*: error: a result document longer than 1024 KiB' "$tmp/err"
check "a huge YAML document is reported" $? "$tmp/err"
for k in json tsv; do
	expect "standings refuses a 3 MB $k result line" 2 timeout 20 "$native" standings "$tmp/huge.$k"
	grep -q "huge.$k:[0-9]*:1: error: a line longer than 1024 KiB" "$tmp/err"
	check "a 3 MB $k result line is reported" $? "$tmp/err"
done

# ---------------------------------------------------------------------
# --data: duplicate keys found by sorting (once pairwise, quadratic);
# the first duplicate in the file is reported, with its first line
printf 'game: carcassonne\nb: 1\na: 1\nc: 1\na: 2\nb: 2\n' >"$tmp/dup.yaml"
expect "--data with duplicate keys exits 2" 2 "$native" --data "$tmp/dup.yaml" check "$long"
grep -q "dup.yaml:5:1: error: duplicate key \"a\" (first at line 3)" "$tmp/err"
check "--data reports the first duplicate key at its place" $? "$tmp/err"

# ---------------------------------------------------------------------
# a game's memory is bounded by counts as well as bytes: words, turns and
# comments each cost the reader bookkeeping (8 MiB of one-letter turns
# once took 330 MB)
awk 'BEGIN { print "[Game \"carcassonne\"]\n[Red \"A\"]\n[Blue \"B\"]\n"; for (i = 0; i < 1100; i++) { printf "Red"; for (j = 0; j < 999; j++) printf " a"; print "" } }' >"$tmp/words.tgn"
awk 'BEGIN { print "[Game \"carcassonne\"]\n[Red \"A\"]\n[Blue \"B\"]\n"; for (i = 0; i < 140000; i++) print "a" }' >"$tmp/turns.tgn"
awk 'BEGIN { print "[Game \"carcassonne\"]\n[Red \"A\"]\n[Blue \"B\"]\n"; for (i = 0; i < 140000; i++) print ";" }' >"$tmp/comments.tgn"
expect "a game of more than 2^20 words exits 2" 2 "$native" check "$tmp/words.tgn"
grep -q "words.tgn:1053:1155: error: more than 1048576 words in one game" "$tmp/err"; check "the word limit is reported where it is passed" $? "$tmp/err"
expect "a game of more than 2^17 turns exits 2" 2 "$native" check "$tmp/turns.tgn"
grep -q "turns.tgn:131077:1: error: more than 131072 turns in one game" "$tmp/err"; check "the turn limit is reported where it is passed" $? "$tmp/err"
expect "a game of more than 2^17 comments exits 2" 2 "$native" check "$tmp/comments.tgn"
grep -q "comments.tgn:131077:1: error: more than 131072 comments in one game" "$tmp/err"; check "the comment limit is reported where it is passed" $? "$tmp/err"

# ---------------------------------------------------------------------
# issue 39 item 13: YAML written to a full disk.  Every event after the
# failure was skipped without being freed (LeakSanitizer's exit status 1
# hid the 2); valgrind counts the blocks lost.
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "{\"file\":\"g\",\"line\":%d,\"verdict\":\"legal\",\"seats\":[{\"colour\":\"Red\",\"player\":\"P%d\",\"score\":5,\"winner\":true},{\"colour\":\"Blue\",\"player\":\"Q%d\",\"score\":4}]}\n", i, i, i }' >"$tmp/players.json"
if grep -q __asan_init "$native" 2>/dev/null; then
	expect "standings --format=yaml to /dev/full: exit 2, nothing leaked" 2 sh -c \
		'"$1" standings --format=yaml "$2" >/dev/full' sh "$native" "$tmp/players.json"
elif command -v valgrind >/dev/null 2>&1; then
	expect "standings --format=yaml to /dev/full: exit 2, nothing leaked" 2 sh -c \
		'valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=97 "$1" standings --format=yaml "$2" >/dev/full' \
		sh "$native" "$tmp/players.json"
else
	echo "FAIL safety yaml to /dev/full: valgrind is not installed (sh tools/deps.sh installs it)"
fi
