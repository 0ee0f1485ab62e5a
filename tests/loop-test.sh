#!/bin/sh
# loop-test.sh — the record loop (issue #11 items 1-3, #16 item 9, #15
# "All cores"): a bad record never ends the batch (--fail-fast does), the
# batch summary, select's Origin tag and the positions it keeps, broken
# games passed through by select, and -j N writing byte for byte what
# -j 1 writes (stdout, stderr, status) on the corpus, on bad input and on
# LOOP_GAMES (default 10,000) generated games per game, in every format.
. "$(dirname "$0")/lib.sh"
SUITE=loop
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GAMES=${LOOP_GAMES:-10000}

# same NAME FILE-A FILE-B: a PASS when the files are equal
same() {
	if cmp -s "$2" "$3"; then
		report "$SUITE $1" 0
	else
		diff -u "$2" "$3" | head -20 >"$tmp/why"
		report "$SUITE $1" 1 "$tmp/why"
	fi
}

# has NAME PATTERN FILE: a PASS when FILE has a line matching PATTERN
has() {
	grep -q -- "$2" "$3"
	report "$SUITE $1" $? "$3"
}

legal=corpus/catan/game-3p-short.tgn
illegal=corpus/carcassonne/rule-edge-mismatch-bad.tgn
printf '[Game "chess"]\n[White "A"]\n[Black "B"]\n\ne4 e5\n' >"$tmp/a.tgn"
cp "$legal" "$tmp/b.tgn"
cp corpus/elasund/game-2p-a.tgn "$tmp/c.tgn"

# --- 1. going on is the default ------------------------------------------
expect "check a b c with a bad game name in a exits 2" 2 "$ARBITER" check "$tmp/a.tgn" "$tmp/b.tgn" "$tmp/c.tgn"
has "check a b c: b gets its verdict" "^$tmp/b.tgn:1: legal" "$tmp/out"
has "check a b c: c gets its verdict" "^$tmp/c.tgn:1: legal" "$tmp/out"
has "check a b c: a's error is reported" "^$tmp/a.tgn:1:1: error: unknown game" "$tmp/err"
# the next game of the same file
cat "$tmp/a.tgn" "$legal" >"$tmp/ab.tgn"
expect "a bad game, then a good one in the same file: exit 2" 2 "$ARBITER" check "$tmp/ab.tgn"
has "the good game after a bad one gets its verdict" "^$tmp/ab.tgn:6: legal" "$tmp/out"
printf '[Game "catan"]\n[Red "A" oops\n' | cat - "$legal" >"$tmp/syntax.tgn"
expect "a syntax error, then a good game: exit 2" 2 "$ARBITER" check "$tmp/syntax.tgn"
has "the good game after a syntax error gets its verdict" "^$tmp/syntax.tgn:3: legal" "$tmp/out"
# a file that cannot be opened is an error for that file only
expect "a missing file among good ones exits 2" 2 "$ARBITER" check "$tmp/b.tgn" "$tmp/none.tgn" "$tmp/c.tgn"
has "after a missing file the next gets its verdict" "^$tmp/c.tgn:1: legal" "$tmp/out"
# the worst status wins
expect "illegal and legal: exit 1" 1 "$ARBITER" check "$illegal" "$tmp/b.tgn"
expect "bad, illegal, legal: exit 2" 2 "$ARBITER" check "$tmp/a.tgn" "$illegal" "$tmp/b.tgn"
has "bad, illegal, legal: the illegal verdict is there" "illegal: move 1" "$tmp/out"
# every command that reads records goes on
printf '[Game "catan"]\n[Red "A" oops\n' >"$tmp/bad.tgn"
for cmd in score dump fmt select; do
	expect "$cmd goes on after a syntax error" 2 "$ARBITER" $cmd "$tmp/bad.tgn" "$tmp/c.tgn"
	has "$cmd: the next file is read" "Blue" "$tmp/out"
done
expect "moves goes on after a syntax error" 2 "$ARBITER" moves "$tmp/bad.tgn" "$tmp/c.tgn"
has "moves: the next file is read" "c.tgn:1: elasund: legal moves" "$tmp/out"
# --fail-fast stops; -k is still accepted; both at once is a usage error
expect "--fail-fast stops at the first error" 2 "$ARBITER" check --fail-fast "$tmp/a.tgn" "$tmp/b.tgn"
[ ! -s "$tmp/out" ]
report "$SUITE --fail-fast: no verdict after the error" $? "$tmp/out"
expect "--fail-fast stops at a missing file" 2 "$ARBITER" check --fail-fast "$tmp/none.tgn" "$tmp/b.tgn"
[ ! -s "$tmp/out" ]
report "$SUITE --fail-fast: no verdict after a missing file" $? "$tmp/out"
expect "-k is accepted (the default)" 2 "$ARBITER" check -k "$tmp/a.tgn" "$tmp/b.tgn"
has "-k: the next file is read" "b.tgn:1: legal" "$tmp/out"
expect "-k with --fail-fast is a usage error" 2 "$ARBITER" check -k --fail-fast "$tmp/b.tgn"

# --- 2. the summary --------------------------------------------------------
expect "--summary exits as without" 2 "$ARBITER" check --summary "$tmp/a.tgn" "$illegal" "$tmp/b.tgn"
has "--summary counts legal, illegal, unreadable" "^3 games in 3 files: 1 legal, 1 illegal, 1 unreadable$" "$tmp/err"
expect "--summary of one game" 0 "$ARBITER" check --summary "$tmp/b.tgn"
has "--summary says 1 game in 1 file" "^1 game in 1 file: 1 legal$" "$tmp/err"
expect "--summary -q still prints it" 0 "$ARBITER" check -q --summary "$tmp/b.tgn"
has "--summary -q prints the summary only" "^1 game in 1 file: 1 legal$" "$tmp/err"
expect "no summary off a terminal" 0 "$ARBITER" check "$tmp/b.tgn"
! grep -q "game.* in .*file" "$tmp/err"
report "$SUITE no summary off a terminal without --summary" $? "$tmp/err"
expect "--summary with a missing file" 2 "$ARBITER" check --summary "$tmp/b.tgn" "$tmp/none.tgn"
has "--summary names the file not opened" "^1 game in 2 files: 1 legal (1 file not opened)$" "$tmp/err"
expect "select --summary" 0 "$ARBITER" select --summary --game catan "$tmp/b.tgn" "$tmp/c.tgn"
has "select --summary counts the games selected" "^2 games in 2 files: 1 selected$" "$tmp/err"

# --- 3. select keeps provenance ------------------------------------------
two=$tmp/two.tgn
cat corpus/tgn/rule-result-mismatch-ok.tgn corpus/carcassonne/rule-edge-mismatch-bad.tgn >"$two"
"$ARBITER" check "$two" >"$tmp/direct" 2>&1
"$ARBITER" select "$two" | "$ARBITER" check >"$tmp/piped" 2>&1
same "select | check reports the original file and lines" "$tmp/direct" "$tmp/piped"
"$ARBITER" select "$two" | "$ARBITER" select | "$ARBITER" check >"$tmp/piped" 2>&1
same "select | select | check still reports the original place" "$tmp/direct" "$tmp/piped"
"$ARBITER" select "$two" >"$tmp/sel.tgn" 2>/dev/null
has "select writes an Origin tag after the first tag line" "^\[Origin \"$two:1\"\]$" "$tmp/sel.tgn"
sed -n 1p "$tmp/sel.tgn" >"$tmp/first"
has "the game still starts with its first tag line" '^\[Game ' "$tmp/first"
sed -n 2p "$tmp/sel.tgn" >"$tmp/second"
has "the Origin tag is the second line" '^\[Origin ' "$tmp/second"
has "the second game's Origin is its first line" "^\[Origin \"$two:[0-9]*\"\]$" "$tmp/sel.tgn"
"$ARBITER" check --format=json "$tmp/sel.tgn" >"$tmp/json" 2>/dev/null
has "the JSON verdict names the original file" "\"file\":\"$two\"" "$tmp/json"
# a syntax error through a pipe is reported where it is in the file
printf '[Game "catan"]\n[Red "A"]\n[Blue "B"]\n[White "C"]\n[Event "x\n\nRed roll 8\n' >"$tmp/broken.tgn"
cat "$legal" "$tmp/broken.tgn" "$legal" >"$tmp/mixed.tgn"
"$ARBITER" check "$tmp/mixed.tgn" >"$tmp/direct" 2>&1
"$ARBITER" select "$tmp/mixed.tgn" 2>/dev/null | "$ARBITER" check >"$tmp/piped" 2>&1
same "select | check reports a syntax error at its original place" "$tmp/direct" "$tmp/piped"
# fmt drops the Origin tag: a new layout would make its places wrong
"$ARBITER" fmt "$two" >"$tmp/direct" 2>&1
"$ARBITER" select "$two" | "$ARBITER" fmt >"$tmp/piped" 2>&1
same "select | fmt drops the Origin tag" "$tmp/direct" "$tmp/piped"

# --- 4. select never drops a broken game ---------------------------------
"$ARBITER" select <"$tmp/mixed.tgn" >"$tmp/out" 2>/dev/null
same "select with no criterion keeps a broken game (stdin, byte for byte)" "$tmp/mixed.tgn" "$tmp/out"
"$ARBITER" select --invalid <"$tmp/mixed.tgn" >"$tmp/out" 2>/dev/null
same "select --invalid writes the broken game unchanged" "$tmp/broken.tgn" "$tmp/out"
"$ARBITER" select -v --valid <"$tmp/mixed.tgn" >"$tmp/out" 2>/dev/null
same "select -v --valid writes the broken game unchanged" "$tmp/broken.tgn" "$tmp/out"
"$ARBITER" select --valid <"$tmp/mixed.tgn" >"$tmp/out" 2>/dev/null
cat "$legal" "$legal" >"$tmp/want"
same "select --valid leaves the broken game out" "$tmp/want" "$tmp/out"
expect "select --invalid with a broken game exits 2" 2 "$ARBITER" select --invalid "$tmp/mixed.tgn"
has "select --invalid reports the broken game's error" "mixed.tgn:.*: error: unterminated string" "$tmp/err"

# --- 5. -j N writes what -j 1 writes ---------------------------------------
# jsame NAME ARGS...: stdout, stderr and status of -j 1 and -j 3 equal
jsame() {
	_n=$1
	shift
	"$ARBITER" "$@" -j 1 >"$tmp/o1" 2>"$tmp/e1" </dev/null
	echo "exit $?" >>"$tmp/e1"
	"$ARBITER" "$@" -j 3 >"$tmp/o3" 2>"$tmp/e3" </dev/null
	echo "exit $?" >>"$tmp/e3"
	cat "$tmp/o1" "$tmp/e1" >"$tmp/r1"
	cat "$tmp/o3" "$tmp/e3" >"$tmp/r3"
	same "-j 3 = -j 1: $_n" "$tmp/r1" "$tmp/r3"
}
all=$(ls corpus/*/*.tgn tests/bad/*.tgn | sort)
for cmd in check score; do
	for f in text json yaml tsv; do
		# shellcheck disable=SC2086
		jsame "$cmd --format=$f on the corpus and bad input" $cmd --format=$f $all
	done
done
# shellcheck disable=SC2086
jsame "check --fail-fast on the corpus and bad input" check --fail-fast $all
# shellcheck disable=SC2086
jsame "fmt on the corpus and bad input" fmt $all
# shellcheck disable=SC2086
jsame "select --invalid on the corpus and bad input" select --invalid $all
# shellcheck disable=SC2086
jsame "select -v --valid on the corpus and bad input" select -v --valid $all
jsame "check -q on the corpus" check -q corpus/*/*.tgn
for f in text json yaml tsv; do
	# shellcheck disable=SC2086
	jsame "standings --format=$f on the corpus and bad input" standings --format=$f $all
done
for g in $(games); do
	"$ARBITER" gen --game $g --count "$GAMES" --seed 7 >"$tmp/$g.tgn"
	# a few illegal and broken games among them, so order shows
	cat corpus/$g/rule-*-bad*.tgn "$tmp/broken.tgn" >>"$tmp/$g.tgn"
	"$ARBITER" gen --game $g --count 50 --seed 8 >>"$tmp/$g.tgn"
	for f in text json yaml tsv; do
		jsame "check --format=$f on $GAMES generated $g games" check --format=$f "$tmp/$g.tgn"
	done
	jsame "score on $GAMES generated $g games" score "$tmp/$g.tgn"
	jsame "score --format=tsv on $GAMES generated $g games" score --format=tsv "$tmp/$g.tgn"
	jsame "fmt on $GAMES generated $g games" fmt "$tmp/$g.tgn"
	jsame "select --valid on $GAMES generated $g games" select --valid "$tmp/$g.tgn"
	jsame "check --fail-fast on $GAMES generated $g games" check --fail-fast "$tmp/$g.tgn"
	jsame "standings on $GAMES generated $g games" standings "$tmp/$g.tgn"
	rm -f "$tmp/$g.tgn"
done
# the same from a pipe, and from one game (no thread)
"$ARBITER" gen --game catan --count 300 --seed 3 >"$tmp/pipe.tgn"
"$ARBITER" check -j 1 <"$tmp/pipe.tgn" >"$tmp/o1" 2>&1
"$ARBITER" check -j 2 <"$tmp/pipe.tgn" >"$tmp/o3" 2>&1
same "-j 2 = -j 1 on standard input" "$tmp/o1" "$tmp/o3"

# Batches: -j cuts one stream before lines that start with a [Game tag and
# workers read the pieces; a cut among a game's tags or inside a {...}
# comment (where "[Game" starts no game) is joined again, and a stream
# with no cut for 16 MiB is read on by one thread.  ARBITER_BATCH_BYTES
# makes small inputs many batches, so every cut below is tried.
cat $all >"$tmp/all.tgn"
for b in 1 700 5000; do
	ARBITER_BATCH_BYTES=$b jsame "check in batches of $b bytes, corpus as one stream" \
		check "$tmp/all.tgn"
	ARBITER_BATCH_BYTES=$b jsame "select --invalid --fail-fast in batches of $b bytes" \
		select --invalid --fail-fast "$tmp/all.tgn"
	ARBITER_BATCH_BYTES=$b jsame "standings --format=json in batches of $b bytes" \
		standings --format=json "$tmp/all.tgn"
done
"$ARBITER" gen --game carcassonne --count 60 --seed 5 | awk '
	/^\[Game / { k++; moves = 0 }
	k % 5 == 1 && !/^\[/ && !/^$/ && !moves++ {
		print "{ a comment"; print "[Game \"carcassonne\"]"; print "[Red \"x\"]"; print "}" }
	k % 5 == 2 && !/^\[/ { next }
	k % 5 == 3 && /^\[Game / { $0 = "  " $0 }
	k % 5 == 4 && /^\[Game / { sub(/^\[Game /, "[Game\t") }
	{ print }' >"$tmp/cuts.tgn"
grep -q '^{ a comment' "$tmp/cuts.tgn" && grep -q '^  \[Game' "$tmp/cuts.tgn"
report "the stream of awkward cuts has its comments and indented tags" $?
for b in 1 300 2000 9000; do
	ARBITER_BATCH_BYTES=$b jsame "check on awkward cuts in batches of $b bytes" \
		check "$tmp/cuts.tgn"
	ARBITER_BATCH_BYTES=$b jsame "fmt --fail-fast on awkward cuts in batches of $b bytes" \
		fmt --fail-fast "$tmp/cuts.tgn"
done
# A batch's first line number is the sum of the newlines of the batches
# before it (pool.c): batches of one game each, the error in the third,
# and the games after it, are reported at their lines in the stream (not
# only as -j 1 reports them), from a file after another stream and from
# standard input, at -j 2 and -j 3.
n=$(wc -l <"$legal")
cat "$legal" "$legal" "$tmp/broken.tgn" "$legal" "$legal" >"$tmp/third.tgn"
for j in 2 3; do
	for src in file stdin; do
		if [ $src = file ]; then
			f=$tmp/third.tgn
			ARBITER_BATCH_BYTES=$(wc -c <"$legal") "$ARBITER" check -j $j "$legal" "$f" \
				>"$tmp/out" 2>"$tmp/err" </dev/null
		else
			f="<stdin>"
			ARBITER_BATCH_BYTES=$(wc -c <"$legal") "$ARBITER" check -j $j \
				<"$tmp/third.tgn" >"$tmp/out" 2>"$tmp/err"
		fi
		grep -Fx "$f:$((2 * n + 5)):8: error: unterminated string: the value of tag Event has no closing '\"' on its line" \
			"$tmp/err" >/dev/null &&
			[ "$(grep -c "^$f:$((n + 1)): legal" "$tmp/out")" = 1 ] &&
			[ "$(grep -c "^$f:$((2 * n + 8)): legal" "$tmp/out")" = 1 ] &&
			[ "$(grep -c "^$f:$((3 * n + 8)): legal" "$tmp/out")" = 1 ]
		report "$SUITE -j $j, $src: an error in the third batch at its line, and the games after" \
			$? "$tmp/err"
	done
done
ARBITER_BATCH_BYTES=700 jsame "check on files with one that cannot be opened, in batches" \
	check "$tmp/cuts.tgn" "$tmp/none.tgn" "$tmp/all.tgn" /dev/null
# A setting that is no whole number of bytes from 1 to 64 MiB is said on
# stderr, once a run however many files (not with -q), and the default
# used: stdout, the other diagnostics and the status are those of no setting.
"$ARBITER" check -j 3 "$tmp/cuts.tgn" "$legal" "$tmp/cuts.tgn" >"$tmp/bw" 2>"$tmp/bwe"
echo "exit $?" >>"$tmp/bwe"
for v in xyz 0 67108865 -5 " 5" +5 12k 99999999999999999999999; do
	ARBITER_BATCH_BYTES=$v "$ARBITER" check -j 3 "$tmp/cuts.tgn" "$legal" "$tmp/cuts.tgn" \
		>"$tmp/bo" 2>"$tmp/be"
	echo "exit $?" >>"$tmp/be"
	msg="arbiter: ARBITER_BATCH_BYTES=$v is not a number of bytes from 1 to 67108864; using the default 262144"
	grep -vFx "$msg" "$tmp/be" >"$tmp/be.rest"
	[ "$(grep -cFx "$msg" "$tmp/be")" = 1 ] && cmp -s "$tmp/bw" "$tmp/bo" &&
		cmp -s "$tmp/bwe" "$tmp/be.rest"
	report "$SUITE ARBITER_BATCH_BYTES='$v' is said once, the default used" $? "$tmp/be"
	ARBITER_BATCH_BYTES=$v "$ARBITER" check -q -j 3 "$tmp/cuts.tgn" >"$tmp/bo" 2>"$tmp/be"
	[ ! -s "$tmp/bo" ] && [ ! -s "$tmp/be" ]
	report "$SUITE ARBITER_BATCH_BYTES='$v' with -q: nothing said" $? "$tmp/be"
done
for v in "" 1 67108864; do
	ARBITER_BATCH_BYTES=$v "$ARBITER" check -j 3 "$tmp/cuts.tgn" "$legal" "$tmp/cuts.tgn" \
		>"$tmp/bo" 2>"$tmp/be"
	echo "exit $?" >>"$tmp/be"
	cmp -s "$tmp/bw" "$tmp/bo" && cmp -s "$tmp/bwe" "$tmp/be"
	report "$SUITE ARBITER_BATCH_BYTES='$v' is taken without a word" $? "$tmp/be"
done
# 17 MiB of games that all start with an indented [Game tag: no cut
"$ARBITER" gen --game catan --count 300 --seed 4 | sed 's/^\[Game/ [Game/' >"$tmp/indent1.tgn"
: >"$tmp/indent.tgn"
while [ "$(wc -c <"$tmp/indent.tgn")" -lt 17825792 ]; do
	cat "$tmp/indent1.tgn" "$tmp/cuts.tgn" >>"$tmp/indent.tgn"
done
jsame "check on 17 MiB without a place to cut" check "$tmp/indent.tgn"
rm -f "$tmp/indent.tgn" "$tmp/indent1.tgn" "$tmp/all.tgn"
# 120 MB of [Game "catan"] lines (#39 item 9): a place to cut on every
# line, every cut inside a game's tags.  Batches piled up, each read again
# with all the ones before it: 167 MB and 24.5 s where -j 1 took 2.5 MB and
# 0.67 s.  Now only the open game is read again, and a stream cut inside
# games batch after batch is read on by one thread: the same bytes out,
# memory within the ring's bound, about the CPU time of one thread.
# (not measured under a sanitizer, whose shadow memory is no fault of ours)
# Each such line is a game of its own since a [Game tag line after tags
# starts the next game (tgn.md), and each is a record error: -q, since the
# bound measured is the reader's and the workers', not that of 7.5 million
# messages held for their turn to be printed (ten times the input's bytes).
if [ -x /usr/bin/time ] && ! grep -qE "__(asan|tsan)_init" "$ARBITER" 2>/dev/null; then
	yes '[Game "catan"]' | head -c 120000000 >"$tmp/tags.tgn"
	for j in 1 2; do
		/usr/bin/time -f '%M %U %S' -o "$tmp/time$j" "$ARBITER" check -q -j $j "$tmp/tags.tgn" \
			>"$tmp/t$j" 2>&1
		echo "exit $?" >>"$tmp/t$j"
	done
	same "-j 2 = -j 1 on 120 MB of [Game lines" "$tmp/t1" "$tmp/t2"
	tail -n 1 "$tmp/time1" >"$tmp/x1"
	read -r kb1 u1 s1 <"$tmp/x1"
	tail -n 1 "$tmp/time2" >"$tmp/x2"
	read -r kb2 u2 s2 <"$tmp/x2"
	echo "-j 1: $kb1 KB, $u1 s user, $s1 s system; -j 2: $kb2 KB, $u2 s user, $s2 s system" \
		>"$tmp/why"
	[ "$kb2" -le 32768 ]
	report "$SUITE -j 2 on 120 MB of [Game lines stays within 32 MiB" $? "$tmp/why"
	awk -v a="$u1" -v b="$s1" -v c="$u2" -v d="$s2" 'BEGIN { exit !(c + d <= 2 * (a + b) + 1) }'
	report "$SUITE -j 2 on 120 MB of [Game lines takes at most twice the CPU of -j 1" $? \
		"$tmp/why"
	rm -f "$tmp/tags.tgn" "$tmp/t1" "$tmp/t2"
fi
expect "-j 0 is a usage error" 2 "$ARBITER" check -j 0 "$legal"
expect "-j is for check, score, select, fmt and standings" 2 "$ARBITER" dump -j 2 "$legal"

# A small input of costly games (records from one seat's view) is cut into
# batches for the workers, not replayed on one thread (issue 39, item 11):
# the same bytes as one thread.
for r in corpus/catan/view-backjump-bad.tgn corpus/catan/view-relist-ok.tgn \
	corpus/catan/view-steal-card-bad.tgn corpus/catan/view-backjump-ok.tgn; do
	cat "$r"
	echo
done >"$tmp/views.tgn"
"$ARBITER" check -j 1 "$tmp/views.tgn" >"$tmp/v1" 2>&1
"$ARBITER" check -j 3 "$tmp/views.tgn" >"$tmp/v3" 2>&1
same "-j 3 = -j 1 on a small input of view records, cut into batches" "$tmp/v1" "$tmp/v3"
