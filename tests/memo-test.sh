#!/bin/sh
# memo-test.sh — replay set-up's tag memo (src/core/replay.c, tag_memo):
# each thread keeps what the last record's tag names decided and reuses it
# for the next record with the same names, so a record whose names match
# a good one's but whose values are wrong (an unknown or another game, a
# player in two seats, a bad Date, Result, Termination or View) must still
# get exactly the verdict and messages it gets alone.  Records that change
# a name (a misspelled seat, a duplicate tag) are mixed in so that the
# memo is dropped and rebuilt between them.  Every game's records, good
# and bad alternating, are checked as one file at -j 1, -j 2, -j 3 and in
# small batches (ARBITER_BATCH_BYTES: records split among the workers, each
# with its own memo); the output must be, byte for byte, what each record
# gives alone (at the same line, so that positions match).
. "$(dirname "$0")/lib.sh"
SUITE=memo
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gamelist=$(games)
# the binary by its full path: the checks run in $tmp
bin=$(cd "$(dirname "$ARBITER")" && pwd)/$(basename "$ARBITER")
# variants FILE GAME OTHER: the record in FILE (tags Game, Event, Seed,
# Round, Date, View, Termination, the seats, Result), then for each way
# to spoil it (or to change its names: one tag fewer or more) the good
# record again and the changed one; last the changed ones in a row.  OTHER is another game's name.
variants() {
	_f=$1 _g=$2 _o=$3
	_s1=$(sed -n 's/^\[\(Red\) .*/\1/p' "$_f")
	_s2=$(sed -n '/^\[Red /{n;s/^\[\([A-Za-z]*\) .*/\1/p;}' "$_f")
	set -- \
		"s/^\[Game \"$_g\"\]/[Game \"$_o\"]/" \
		"s/^\[Game \"$_g\"\]/[Game \"${_g}x\"]/" \
		"s/^\[Game \"$_g\"\]/[Game \"Chess\"]/" \
		"s/^\[$_s2 \"[^\"]*\"\]/[$_s2 \"Player 1\"]/" \
		"s/^\[$_s2 \"[^\"]*\"\]/[$_s2 \"?\"]/;s/^\[$_s1 \"[^\"]*\"\]/[$_s1 \"?\"]/" \
		"s/^\[Date \"[^\"]*\"\]/[Date \"2026.13.01\"]/" \
		"s/^\[Date \"[^\"]*\"\]/[Date \"yesterday\"]/" \
		"s/^\[Result \"[^\"]*\"\]/[Result \"Purple\"]/" \
		"s/^\[Result \"[^\"]*\"\]/[Result \"\"]/" \
		"s/^\[Result \"[^\"]*\"\]/[Result \"$_s1, $_s2\"]/" \
		"s/^\[Result \"[^\"]*\"\]/[Result \"*\"]/" \
		"s/^\[Termination \"[^\"]*\"\]/[Termination \"abandoned\"]/" \
		"s/^\[Termination \"[^\"]*\"\]/[Termination \"adjudicated\"]/" \
		"s/^\[View \"[^\"]*\"\]/[View \"Purple\"]/" \
		"s/^\[View \"[^\"]*\"\]/[View \"$_s2\"]/" \
		"s/^\[$_s2 /[${_s2}x /" \
		"s/^\[Event /[Bleu /" \
		"s/^\[Seed /[Round /" \
		"s/^\[Event /[View /" \
		"/^\[Result /d" \
		"s/^\[Result \"[^\"]*\"\]/&\n[Result \"Purple\"]/" \
		"s/^\[Result \"[^\"]*\"\]/&\n[Annotator \"$_s1\"]/"
	for _e in "$@"; do
		cat "$_f"
		sed "$_e" "$_f"
	done
	for _e in "$@"; do
		sed "$_e" "$_f"
	done
	cat "$_f"
}

# the records of every game: one file each, then one file with all
n=0
for g in $gamelist; do
	other=$(echo "$gamelist" | grep -vx "$g" | head -1)
	"$ARBITER" gen --game "$g" --count 1 --seed 2 >"$tmp/$g.tgn" || report "$SUITE gen $g" 1
	# the tags every spoilt record keeps or spoils
	sed -i 's/^\[Round "1"\]/[Round "1"]\n[Date "2026.12.01"]\n[View "observer"]\n[Termination "normal"]/' \
		"$tmp/$g.tgn"
	variants "$tmp/$g.tgn" "$g" "$other" >"$tmp/v-$g.tgn"
done
for g in $gamelist; do cat "$tmp/v-$g.tgn"; done >"$tmp/v-all.tgn"

# alone DIR NAME: DIR/NAME's records each checked alone, on one thread (after as many
# blank lines as come before it), stdout and stderr of each in turn in
# DIR/NAME.out and .err, the worst exit status in DIR/NAME.rc
alone() {
	mkdir -p "$1/one"
	awk -v dir="$1/one" '
		/^\[/ && prev !~ /^\[/ { k++; f = sprintf("%s/%05d", dir, k); for (i = 1; i < NR; i++) print "" >f }
		{ print >f; prev = $0 }' "$1/$2"
	_worst=0
	: >"$1/$2.out"
	: >"$1/$2.err"
	for _r in "$1"/one/*; do
		cp "$_r" "$1/one.tgn"
		(cd "$1" && "$bin" check -j 1 one.tgn >one.out 2>one.err)
		_rc=$?
		[ "$_rc" -gt "$_worst" ] && _worst=$_rc
		sed "s/^one\.tgn:/$2:/" "$1/one.out" >>"$1/$2.out"
		sed "s/^one\.tgn:/$2:/" "$1/one.err" >>"$1/$2.err"
	done
	echo "$_worst" >"$1/$2.rc"
	rm -rf "$1/one" "$1/one.tgn" "$1/one.out" "$1/one.err"
}

# together NAME LABEL [VAR=VALUE] -j N: DIR/NAME checked as one file gives
# what its records give alone
together() {
	_name=$1 _label=$2
	shift 2
	(cd "$tmp" && env "$@" check "$_name" >got.out 2>got.err)
	echo $? >"$tmp/got.rc"
	for _x in out err rc; do
		if ! cmp -s "$tmp/$_name.$_x" "$tmp/got.$_x"; then
			diff -u "$tmp/$_name.$_x" "$tmp/got.$_x" | head -30 >"$tmp/why"
			report "$SUITE $_name $_label: std$_x as each record alone" 1 "$tmp/why"
			return
		fi
	done
	report "$SUITE $_name $_label: as each record alone" 0
}

for f in $(cd "$tmp" && ls v-*.tgn); do
	alone "$tmp" "$f"
	# the spoilt records are all refused or warned about
	[ "$(grep -c . "$tmp/$f.err")" -gt 20 ]
	report "$SUITE $f: the spoilt records are refused" $? "$tmp/$f.err"
	together "$f" "-j 1" ARBITER_BATCH_BYTES= "$bin" -j 1
	together "$f" "-j 2" ARBITER_BATCH_BYTES= "$bin" -j 2
	together "$f" "-j 2, 700-byte batches" ARBITER_BATCH_BYTES=700 "$bin" -j 2
	together "$f" "-j 2, 1-byte batches" ARBITER_BATCH_BYTES=1 "$bin" -j 2
	together "$f" "-j 2, 3000-byte batches" ARBITER_BATCH_BYTES=3000 "$bin" -j 2
	together "$f" "-j 3, 5000-byte batches" ARBITER_BATCH_BYTES=5000 "$bin" -j 3
done

# a warning is written in its place, once: a batch whose game is read
# again (its cut fell before the game) had its warnings written twice, out
# of order with -j, before they went to the batch's capture
for g in $gamelist; do
	{
		yes '' | head -300
		sed 's/^\[Date "[^"]*"\]/[Date "2026.13.01"]/' "$tmp/$g.tgn"
	} >"$tmp/late.tgn"
	"$bin" check -j 1 "$tmp/late.tgn" >"$tmp/late1.out" 2>&1
	"$bin" check -j 2 "$tmp/late.tgn" >"$tmp/late2.out" 2>&1
	[ "$(grep -c 'warning: Date' "$tmp/late2.out")" = 1 ] && cmp -s "$tmp/late1.out" "$tmp/late2.out"
	report "$SUITE $g: a warning after a cut is written once, as on one thread" $? "$tmp/late2.out"
done
