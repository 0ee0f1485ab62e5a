#!/bin/sh
# import-test.sh — `arbiter import`: every input in tests/import/ converted
# and compared with its golden NAME.out (stdout, stderr, exit status); every
# converted game replayed by `arbiter check` against NAME.check (the
# verdict and scores) and left unchanged by `arbiter fmt` (canonical form);
# then several files at once, standard input, compressed and empty files,
# and the usage errors of --from.  The fixtures are ours, made by
# tests/import/make-fixtures.sh; `--update` rewrites the goldens (check
# them by hand before committing).
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dir=tests/import

compare() { # NAME EXPECTED ACTUAL
	if diff -u "$2" "$3" >"$tmp/diff" 2>&1; then
		report "import $1" 0
	else
		report "import $1" 1 "$tmp/diff"
	fi
}

update=false
[ "${1:-}" = "--update" ] && update=true

for f in $dir/*.jcz $dir/*.bin $dir/*.log $dir/*.soclog; do
	n=${f%.*}
	capture import "$f" >"$tmp/out"
	if $update; then
		cp "$tmp/out" "$n.out"
	else
		compare "$(basename "$f")" "$n.out" "$tmp/out"
	fi
	if tail -1 "$tmp/out" | grep -qx 'exit 0'; then
		"$ARBITER" import "$f" >"$tmp/game.tgn" 2>/dev/null
		capture check "$tmp/game.tgn" | sed "s#$tmp/game.tgn#GAME#" >"$tmp/check"
		if $update; then
			cp "$tmp/check" "$n.check"
		else
			compare "$(basename "$f") check" "$n.check" "$tmp/check"
			"$ARBITER" fmt "$tmp/game.tgn" >"$tmp/fmt" 2>&1
			compare "$(basename "$f") canonical" "$tmp/game.tgn" "$tmp/fmt"
		fi
	fi
done
$update && exit 0

# several files: each converted, the bad one reported, exit 2
"$ARBITER" import $dir/jcz-2p.jcz $dir/bad-truncated.jcz $dir/jcz-unfinished.jcz \
	>"$tmp/many" 2>"$tmp/many.err"
rc=$?
{ "$ARBITER" import $dir/jcz-2p.jcz; echo; "$ARBITER" import $dir/jcz-unfinished.jcz; } \
	>"$tmp/many.want" 2>/dev/null
[ $rc = 2 ] && grep -q 'bad-truncated.jcz:.*truncated' "$tmp/many.err" &&
	cmp -s "$tmp/many" "$tmp/many.want"
report "import several files, one bad" $?
"$ARBITER" check "$tmp/many" >"$tmp/many.check" 2>&1
[ "$(grep -c 'legal\|unfinished' "$tmp/many.check")" = 2 ]
report "import several files replay as two games" $?

# standard input, recognised by content
"$ARBITER" import <$dir/jcz-2p.jcz >"$tmp/stdin" 2>&1 &&
	"$ARBITER" import - <$dir/jcz-2p.jcz | cmp -s - "$tmp/stdin" &&
	"$ARBITER" import $dir/jcz-2p.jcz | cmp -s - "$tmp/stdin"
report "import standard input" $?

# compressed and empty input: a clear error naming the tool
printf '\037\213\010\000\000\000\000\000' >"$tmp/save.jcz.gz"
printf '\3757zXZ\000\000\004' >"$tmp/save.jcz.xz"
: >"$tmp/empty.jcz"
for t in "save.jcz.gz:zcat" "save.jcz.xz:xzcat" "empty.jcz:empty"; do
	f=${t%%:*} word=${t#*:}
	"$ARBITER" import "$tmp/$f" >"$tmp/o" 2>"$tmp/e"
	rc=$?
	[ $rc = 2 ] && [ ! -s "$tmp/o" ] && grep -q "$word" "$tmp/e"
	report "import $f names $word" $?
	"$ARBITER" import --from=jcz "$tmp/$f" >/dev/null 2>"$tmp/e2"
	[ $? = 2 ] && { [ "$word" = empty ] || grep -q "$word" "$tmp/e2"; }
	report "import --from=jcz $f" $?
done

# Pioneers: recognised on standard input; each --from holds to its format
"$ARBITER" import $dir/pioneers-4p.log >"$tmp/p4" &&
	"$ARBITER" import <$dir/pioneers-4p.log | cmp -s - "$tmp/p4"
report "import pioneers from standard input" $?
capture import --from=pioneers $dir/jcz-2p.jcz >"$tmp/o"
grep -q 'not a Pioneers server log' "$tmp/o" && tail -1 "$tmp/o" | grep -qx 'exit 2'
report "import --from=pioneers on a JCloisterZone save" $?
capture import --from=jcz $dir/pioneers-4p.log >"$tmp/o"
grep -q 'not valid JSON' "$tmp/o" && tail -1 "$tmp/o" | grep -qx 'exit 2'
report "import --from=jcz on a Pioneers log" $?
# a game Pioneers played to the end, held to the official bank: the same
"$ARBITER" import $dir/pioneers-3p.log | "$ARBITER" check - | grep -q 'legal: catan, 68 moves'
report "import pioneers replays legal" $?

# A monopoly's take: Pioneers tells each opponent's share, those who held
# none too; the record names every opponent (in seat order), and the
# engine checks each count
"$ARBITER" import $dir/pioneers-4p.log >"$tmp/p4" &&
	grep -q 'play monopoly lumber takes Blue 0 White 0 Orange 2 road' "$tmp/p4" &&
	grep -q 'play monopoly brick takes Red 2 White 1 Orange 3$' "$tmp/p4"
report "import pioneers: a monopoly takes from each opponent" $?
sed 's/player 2 monopoly 1 grain from 0/player 2 monopoly 2 grain from 0/' $dir/pioneers-3p.log |
	"$ARBITER" import | "$ARBITER" check - >"$tmp/o" 2>&1
[ $? = 1 ] && grep -q "Red holds 1 grain, so White's monopoly takes 1 from Red, not 2 \[monopoly-take\]" "$tmp/o"
report "import pioneers: a monopoly's take that is not what the opponent held is refused by check" $? "$tmp/o"
# an opponent the log does not name is written 0: the same record when it
# held none, a take check refuses when it held some
grep -v 'player 0 monopoly 0 lumber from 1' $dir/pioneers-4p.log | "$ARBITER" import | cmp -s - "$tmp/p4"
report "import pioneers: a monopoly's take from an opponent not named is 0" $?
grep -v 'player 2 monopoly 1 grain from 0' $dir/pioneers-3p.log |
	"$ARBITER" import | "$ARBITER" check - >"$tmp/o" 2>&1
[ $? = 1 ] && grep -q "takes Red 0 Blue 2 .*Red holds 1 grain, so White's monopoly takes 1 from Red, not 0 \[monopoly-take\]" "$tmp/o"
report "import pioneers: an opponent not named who held some makes check refuse the take" $? "$tmp/o"
# what no server sends: refused, naming it
for t in "s/player 2 monopoly 2 grain from 1/player 2 monopoly 2 grain from 2/:756:1: error: \"monopoly 2 grain from 2\" is no monopoly's take from an opponent" \
	"s/player 2 monopoly 2 grain from 1/player 2 monopoly 20 grain from 1/:756:1: error: \"monopoly 20 grain from 1\" is no monopoly's take from an opponent" \
	"/player 2 play-develop 0 1/d; /--> play-develop 0 1/d:750:1: error: player 2 takes grain by a monopoly not played" \
	"756p:757:1: error: the monopoly's take from player 1 is told twice"; do
	sed "${t%%:*}" $dir/pioneers-3p.log >"$tmp/m.log"
	STDIN=$tmp/m.log capture import >"$tmp/o"
	grep -qxF "stderr: <stdin>:${t#*:}" "$tmp/o" && tail -1 "$tmp/o" | grep -qx 'exit 2' &&
		[ "$(wc -l <"$tmp/o")" = 2 ]
	report "import pioneers: refused: ${t#*error: }" $? "$tmp/o"
done

# Pioneers' own rules, written by the importer: pioneers-bank5.log (a
# bank of 5) replays only with a bank of 5 paid in seat order from the roller
"$ARBITER" import $dir/pioneers-bank5.log >"$tmp/b5.tgn" 2>/dev/null
grep -qx '\[Variant ".* shortage=order bank=5"\]' "$tmp/b5.tgn" &&
	"$ARBITER" check "$tmp/b5.tgn" | grep -q 'unfinished: catan, 25 moves'
report "import pioneers: resource-count 5 is bank=5 shortage=order" $?
for o in "s/shortage=order/shortage=single/" "s/shortage=order//" "s/ bank=5//"; do
	sed "/^\[Variant /$o" "$tmp/b5.tgn" | "$ARBITER" check - >"$tmp/o" 2>&1
	[ $? = 1 ] && grep -q 'move 16 .*\[assert-production\]' "$tmp/o"
	report "import pioneers: the bank-5 game under $o is refused at its shortage" $? "$tmp/o"
done
sed 's/resource-count 19/resource-count 52/' $dir/pioneers-3p.log | "$ARBITER" import >"$tmp/o" 2>&1
[ $? = 2 ] && grep -q ':68:1: error: resource-count 52: TGN.s Catan holds a bank of 1 to 51 cards per resource' "$tmp/o"
report "import pioneers: resource-count 52 refused" $? "$tmp/o"
# spectators: skipped; a move by one is still refused
"$ARBITER" import $dir/pioneers-spectators.log | "$ARBITER" check - | grep -q 'unfinished: catan, 33 moves'
report "import pioneers: a game with spectators replays" $?
awk '{ print } NR == 1300 { for (i = 0; i < 4; i++)
	print "17:41:41 (0x" i ") --> player 5 built road 1 1 1\\n" }' $dir/pioneers-spectators.log |
	"$ARBITER" import >"$tmp/o" 2>&1
[ $? = 2 ] && grep -q ':1301:1: error: player 5 does not play (num-players 4)' "$tmp/o"
report "import pioneers: a spectator's move is refused" $? "$tmp/o"

# JCloisterZone: a 5.7 save that draws as 5.9 does (a new number after each
# draw) is converted with 5.9's generator; jcz-discard.jcz's discard needs it
sed 's/"appVersion": *"5\.10\.2"/"appVersion": "5.7.3"/' $dir/jcz-discard.jcz >"$tmp/d57.jcz"
"$ARBITER" import "$tmp/d57.jcz" 2>"$tmp/e" | sed 's/JCloisterZone 5\.7\.3/JCloisterZone 5.10.2/' >"$tmp/d57.tgn"
grep -q '"5.7.3"' "$tmp/d57.jcz" && [ ! -s "$tmp/e" ] && grep -q ' discard$' "$tmp/d57.tgn" &&
	"$ARBITER" import $dir/jcz-discard.jcz | cmp -s - "$tmp/d57.tgn"
report "import jcz: a 5.7 save drawn by 5.9's generator" $? "$tmp/e"

# cuts_never_crash NAME LOG: the log cut anywhere, or with a line lost,
# gives a record or a diagnostic (exit 0 or 2), never a crash; a record
# replays (check 0 or 1)
cuts_never_crash() {
	_ext=${2##*.}
	_size=$(wc -c <"$2")
	_ok=0
	for k in 1 2 3 5 7 11 13 17 19 23 29 31 37 41 43 47 53 59 61 67; do
		head -c $((_size * k / 71)) "$2" >"$tmp/cut.$_ext"
		awk -v k=$k 'NR % (40 + k) != 0' "$2" >"$tmp/lost.$_ext"
		for f in cut lost; do
			"$ARBITER" import "$tmp/$f.$_ext" >"$tmp/$f.tgn" 2>/dev/null
			rc=$?
			if [ $rc = 0 ]; then
				"$ARBITER" check "$tmp/$f.tgn" >/dev/null 2>&1
				case $? in 0 | 1) ;; *) _ok=1; echo "check $f $k" ;; esac
			elif [ $rc != 2 ]; then
				_ok=1
				echo "import $f $k: exit $rc"
			fi
		done
	done >"$tmp/cuts" 2>&1
	report "import $1 cut or with lines lost" $_ok "$tmp/cuts"
}
cuts_never_crash "pioneers logs" $dir/pioneers-3p.log

# a log is streamed, not read whole: the 4-player game padded with 1.3
# million chat lines (74 MB, more than any whole-file cap) on standard
# input converts to the same record as the game alone (notation/import.md
# gives its speed and peak memory)
"$ARBITER" import $dir/pioneers-4p.log >"$tmp/p4" 2>&1
awk 'NR == 999 { for (i = 0; i < 1300000; i++) print "18:42:25 (0x560486346870) --> player 1 chat good luck all\\n" } { print }' \
	$dir/pioneers-4p.log | "$ARBITER" import >"$tmp/padded" 2>&1 &&
	cmp -s "$tmp/p4" "$tmp/padded"
report "import a 74 MB Pioneers log from standard input" $?
# a line longer than the window is refused at its number; a JSON save
# (read whole) has a size limit
awk 'NR == 40 { printf "18:42:25 "; for (i = 0; i < 70000; i++) printf "x"; print "" } { print }' \
	$dir/pioneers-4p.log >"$tmp/long.log"
capture import "$tmp/long.log" >"$tmp/o"
grep -q "long.log:40:1: error: a line longer than 64 KiB" "$tmp/o" && tail -1 "$tmp/o" | grep -qx 'exit 2'
report "import a log with a line longer than 64 KiB" $? "$tmp/o"
{ printf '{"appVersion": "5.10.2", "name": "'; head -c 17000000 /dev/zero | tr '\0' a; printf '"}'; } >"$tmp/huge.jcz"
capture import "$tmp/huge.jcz" >"$tmp/o"
grep -q "huge.jcz: error: the file is larger than 16 MiB: no JCloisterZone save is that long" "$tmp/o" &&
	tail -1 "$tmp/o" | grep -qx 'exit 2'
report "import a JCloisterZone save larger than 16 MiB" $? "$tmp/o"

# JSettlers2: the fixtures are games of `arbiter gen` written as
# JSettlers2 logs them (tests/import/make-soclog.sh); imported, each is
# that game again, move for move, but for what JSettlers2 does not send
# (the two dice: only their sum) and the production it adds as assertions;
# a client's log is the game as `gen --view` writes that seat's view
# (a monopoly's take: gen writes each opponent's share, JSettlers2 sends
# only the total)
norm() {
	sed '1,/^$/d' | sed -E 's/roll [1-6]\+[1-6]/roll/; s/roll [0-9]+/roll/; s/ gets [A-Z][a-z]+ [^ ]+//g' |
		sed -E 's/ takes( [A-Z][a-z]+ [0-9]+)+/ takes/; s/ takes [0-9]+/ takes/'
}
for t in "soclog-4p:4:4:" "soclog-3p:3:14:" "soclog-view-blue:4:4:Blue"; do
	IFS=: read -r f p s v <<EOF
$t
EOF
	"$ARBITER" gen --game catan --players "$p" --seed "$s" ${v:+--view=$v} | norm >"$tmp/want"
	"$ARBITER" import "$dir/$f.soclog" | norm >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got"
	report "import $f.soclog is the game gen wrote" $?
done
# recognised on standard input; --from=soclog holds to its format
"$ARBITER" import <$dir/soclog-board.soclog >"$tmp/sb" && [ -s "$tmp/sb" ] &&
	"$ARBITER" import $dir/soclog-board.soclog | cmp -s - "$tmp/sb"
report "import soclog from standard input" $?
capture import --from=soclog $dir/jcz-2p.jcz >"$tmp/o"
grep -q 'not a JSettlers2 game event log' "$tmp/o" && tail -1 "$tmp/o" | grep -qx 'exit 2'
report "import --from=soclog on a JCloisterZone save" $?
# held to the official bank instead, the 4-player game still replays
"$ARBITER" import $dir/soclog-4p.soclog | sed '/^\[Variant /s/bank=unlimited/bank=limited/' |
	"$ARBITER" check - | grep -q 'legal: catan, 107 moves'
report "import soclog under bank=limited" $?
cuts_never_crash soclogs $dir/soclog-3p.soclog
# resources gained outside the rules (a debug command) are refused in
# either message, SOCPlayerElement (one element) or SOCPlayerElements (a
# list); other elements gained, or resources lost, change nothing
head -n 400 $dir/bad-soclog-debug.soclog >"$tmp/head.soclog"
for t in "SOCPlayerElement:actionType=GAIN|elementType=3|amount=2:2" \
	"SOCPlayerElements:actionType=GAIN|e15=1,e4=2:2" \
	"SOCPlayerElement:actionType=GAIN|elementType=15|amount=1:0" \
	"SOCPlayerElements:actionType=GAIN|e15=1,e4=0:0" \
	"SOCPlayerElements:actionType=LOSE|e2=5,e3=5:0"; do
	m=${t%%:*} rest=${t#*:}
	{ cat "$tmp/head.soclog"; echo "all:$m:game=fixture|playerNum=1|${rest%:*}"; } >"$tmp/e.soclog"
	"$ARBITER" import "$tmp/e.soclog" >/dev/null 2>"$tmp/e"
	rc=$?
	if [ "${rest##*:}" = 2 ]; then
		[ $rc = 2 ] && grep -qF "e.soclog:401:1: error: $m gives resources outside the rules" "$tmp/e"
	else
		[ $rc = 0 ] && [ ! -s "$tmp/e" ]
	fi
	report "import soclog: $m ${rest%:*}: exit ${rest##*:}" $? "$tmp/e"
done
# streamed: the 4-player log padded with 700,000 chat lines (60 MB) on
# standard input converts to the same record
"$ARBITER" import $dir/soclog-4p.soclog >"$tmp/s4" 2>&1
awk 'NR == 500 { for (i = 0; i < 700000; i++) print "all:SOCGameTextMsg:game=fixture|nickname=Player 2|text=good luck, have fun all" } { print }' \
	$dir/soclog-4p.soclog | "$ARBITER" import >"$tmp/padded" 2>&1 &&
	cmp -s "$tmp/s4" "$tmp/padded"
report "import a 60 MB soclog from standard input" $?

# --from=jcz skips recognition: garbage is then a JSON error
capture import --from=jcz $dir/bad-garbage.bin >"$tmp/o"
grep -q 'not valid JSON' "$tmp/o" && tail -1 "$tmp/o" | grep -qx 'exit 2'
report "import --from=jcz on garbage" $?

# a missing file is reported, the others still converted
"$ARBITER" import "$tmp/missing.jcz" $dir/jcz-2p.jcz >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && grep -q 'missing.jcz: error: cannot open' "$tmp/e" &&
	"$ARBITER" import $dir/jcz-2p.jcz | cmp -s - "$tmp/o"
report "import missing file" $?

# usage errors
for args in "--from=jsettlers" "--from=pio" "--from=" "--format=json import" "-f yaml import"; do
	# shellcheck disable=SC2086
	"$ARBITER" import $args $dir/jcz-2p.jcz >"$tmp/o" 2>"$tmp/e"
	[ $? = 2 ] && [ ! -s "$tmp/o" ] && grep -q "Try 'arbiter \(import \)\{0,1\}--help'" "$tmp/e"
	report "import usage error: $args" $?
done
"$ARBITER" check --from=jcz $dir/jcz-2p.jcz >/dev/null 2>"$tmp/e"
[ $? = 2 ] && grep -q -- '--from works with import only' "$tmp/e"
report "import --from with check" $?

# -q converts and prints nothing
"$ARBITER" import -q $dir/jcz-2p.jcz $dir/bad-version.jcz >"$tmp/o" 2>"$tmp/e"
[ $? = 2 ] && [ ! -s "$tmp/o" ] && [ ! -s "$tmp/e" ]
report "import -q" $?

# issue 39 item 3: a name in raw Latin-1 (no UTF-8) is read as Latin-1
# and written as UTF-8, never as bytes check refuses
sed "s/Player 1/Pl$(printf '\344')yer 1/g" tests/import/soclog-3p.soclog >"$tmp/latin1.soclog"
"$ARBITER" import "$tmp/latin1.soclog" >"$tmp/latin1.tgn" 2>"$tmp/why" &&
	"$ARBITER" check "$tmp/latin1.tgn" >>"$tmp/why" 2>&1 &&
	grep -q '^\[Red "Pläyer 1"\]$' "$tmp/latin1.tgn"
report "import reads a Latin-1 name as Latin-1; check accepts the record" $? "$tmp/why"

# issue 39 item 2: names are kept whole (they were cut to 63 bytes, so two
# players whose names differ after byte 63 became one); an unnamed seat is
# "?N", never a "?" that merges all unnamed players; two seats with one
# name are told apart, with a warning, as check refuses one player in two
long=$(printf 'x%.0s' $(seq 1 100))
sed -e "s/Player 1/${long}1/g" -e "s/Player 2/${long}2/g" -e "s/Player 3//g" \
	tests/import/soclog-3p.soclog >"$tmp/long.soclog"
"$ARBITER" import "$tmp/long.soclog" >"$tmp/long.tgn" 2>"$tmp/why" &&
	"$ARBITER" check "$tmp/long.tgn" >>"$tmp/why" 2>&1 &&
	grep -q "^\[Red \"${long}1\"\]$" "$tmp/long.tgn" &&
	grep -q "^\[Blue \"${long}2\"\]$" "$tmp/long.tgn" &&
	grep -q '^\[White "?3"\]$' "$tmp/long.tgn"
report "import keeps 101-byte names whole and names an unnamed seat ?3" $? "$tmp/why"
sed -e "s/Player 2/Player 1/g" tests/import/soclog-3p.soclog >"$tmp/twice.soclog"
"$ARBITER" import "$tmp/twice.soclog" >"$tmp/twice.tgn" 2>"$tmp/why" &&
	"$ARBITER" check "$tmp/twice.tgn" >>"$tmp/why" 2>&1 &&
	grep -q '^\[Blue "Player 1 (2)"\]$' "$tmp/twice.tgn" &&
	grep -q 'warning: seats 1 and 2 are both named "Player 1"' "$tmp/why"
report "import tells apart two seats of one name, with a warning" $? "$tmp/why"
sed -e 's/"name": "Bertil"/"name": "Aino"/' tests/import/jcz-2p.jcz >"$tmp/twice.jcz"
"$ARBITER" import "$tmp/twice.jcz" >"$tmp/twice.tgn" 2>"$tmp/why" &&
	"$ARBITER" check "$tmp/twice.tgn" >>"$tmp/why" 2>&1 &&
	grep -q '^\[Blue "Aino (2)"\]$' "$tmp/twice.tgn"
report "import (JCZ) tells apart two seats of one name" $? "$tmp/why"

# issue 39 item 4: import and check agree on the line limit: a 70 KB name
# in a save is refused at import, not written into a line check refuses
huge=$(head -c 70000 /dev/zero | tr '\0' 'y')
sed -e "s/\"name\": \"Bertil\"/\"name\": \"$huge\"/" tests/import/jcz-2p.jcz >"$tmp/huge.jcz"
"$ARBITER" import "$tmp/huge.jcz" >"$tmp/huge.tgn" 2>"$tmp/why"
[ $? = 2 ] && [ ! -s "$tmp/huge.tgn" ] &&
	grep -q 'longer than the 65536 a TGN line may hold' "$tmp/why"
report "import refuses a name longer than a TGN line may hold" $? "$tmp/why"

# issue 39 item 8: a save of 16 MiB of empty objects took 1.3 GB; the
# values are counted before the parse and a save of more is refused
awk 'BEGIN { printf "{\"a\":["; for (i = 0; i < 250000; i++) printf "{},"; printf "{}]}" }' \
	>"$tmp/bomb.jcz"
(limit_memory 400000; exec "$ARBITER" import --from=jcz "$tmp/bomb.jcz") >/dev/null 2>"$tmp/why"
[ $? = 2 ] && grep -q 'more than 200000 JSON values' "$tmp/why"
report "import refuses a save of more JSON values than any game holds" $? "$tmp/why"
