#!/bin/sh
# referee-test.sh — `arbiter referee` seen from a client (notation/
# protocol.md): generated games sent line by line with their chance
# supplied come back as the same record, and that record and every view
# record pass `check` with the same winners; chance dealt from a seed is
# the same for the same seed; every answer in JSON is one object with the
# documented keys; bad requests (unknown, oversized, not UTF-8, NUL bytes,
# seats that do not play, an answer nobody asked for) get an error answer
# and change nothing; end of input writes the record with -o; a failed
# write to stdout is exit 2.  `moves` offers only requests the referee
# accepts as sent; `snapshot` gives the position `view` shows.  The seat's
# side: `arbiter bot` and examples/bots/ (Python, sh) play only what the
# host offers, and `arbiter bot` stops on bad input with exit 2.
. "$(dirname "$0")/lib.sh"
SUITE=referee
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# requests GAME < RECORD: the record's turn lines as requests
requests() { awk -v game="$1" -f tests/referee-requests.awk; }

movetext() { sed -n '/^\[Result/,$p' "$1" | tail -n +3; }

for spec in carcassonne:2 carcassonne:5 catan:3 catan:4 elasund:2 elasund:4; do
	g=${spec%:*} n=${spec#*:}
	"$ARBITER" gen --game "$g" --players "$n" --seed 21 --count 1 >"$tmp/gen.tgn"
	requests "$g" <"$tmp/gen.tgn" >"$tmp/req"
	echo quit >>"$tmp/req"
	# the set-up's chance (Elasund's starting hands) from the record
	set -- $(sed -n 's/^\[Hands "\(.*\)"\]$/--tag=Hands=\1/p' "$tmp/gen.tgn" | tr ' ' '_')
	[ $# = 1 ] && set -- "$(echo "$1" | tr '_' ' ')"
	"$ARBITER" referee --game "$g" --players "$n" --chance supplied "$@" -o "$tmp/ref.tgn" \
		<"$tmp/req" >"$tmp/answers" 2>"$tmp/err"
	rc=$?
	! grep -q '^= refused\|^?' "$tmp/answers" && [ $rc = 0 ]
	report "$g $n players: every line of a generated game is accepted" $? "$tmp/answers"
	movetext "$tmp/gen.tgn" >"$tmp/want"
	movetext "$tmp/ref.tgn" >"$tmp/got"
	diff "$tmp/want" "$tmp/got" >"$tmp/diff"
	report "$g $n players: -o writes the same movetext" $? "$tmp/diff"
	"$ARBITER" check "$tmp/gen.tgn" | sed 's/^[^ ]* //' >"$tmp/want"
	"$ARBITER" check "$tmp/ref.tgn" | sed 's/^[^ ]* //' >"$tmp/got"
	diff "$tmp/want" "$tmp/got" >"$tmp/diff"
	report "$g $n players: check gives the same verdict, scores and winner" $? "$tmp/diff"
	# each view record, asked at the end, passes check with that winner
	sed '$d' "$tmp/req" >"$tmp/req2"
	i=0
	for who in Red Blue observer; do
		echo "record $who" >>"$tmp/req2"
	done
	"$ARBITER" referee --game "$g" --players "$n" --chance supplied "$@" --format json \
		<"$tmp/req2" | tail -3 | jq -r .text >"$tmp/views" 2>"$tmp/err"
	awk -v d="$tmp" '/^\[Game /{n++} {print > (d "/view" n ".tgn")}' "$tmp/views"
	ok=0
	# a view may not know the others' victory point cards: the winner is
	# the same, the scores the view can tell
	sed 's/.*; winner/winner/' "$tmp/want" >"$tmp/want.w"
	# (a 4-player Elasund view may pass the limits of what arbiter can
	# decide, notation/elasund.md "Limits": refused as too-many-unknowns,
	# never otherwise)
	for v in "$tmp"/view*.tgn; do
		"$ARBITER" check "$v" >"$tmp/got" ||
			{ [ "$g" = elasund ] && grep -q '\[too-many-unknowns\]$' "$tmp/got" &&
				continue; } || ok=1
		grep -q '^[^ ]* legal:' "$tmp/got" || ok=1
		sed 's/.*; winner/winner/' "$tmp/got" | diff "$tmp/want.w" - >>"$tmp/diff" || ok=1
	done
	report "$g $n players: each view record passes check with the same winner" $ok "$tmp/diff"
	rm -f "$tmp"/view*.tgn
done

# Catan, chance dealt: the same seed deals the same; a card bought is
# hidden from the others' news; a trade waits for its partner.
cat >"$tmp/dealt" <<'EOF'
play Red settlement g5 road f5-g5
end Red
play Blue settlement h3 road h3-i3
end Blue
play White settlement f6 road f6-g6
end White
play White settlement a4 road a4-b4
end White
play Blue settlement f1 road f1-g1
end Blue
play Red settlement i5 road i5-j5
end Red
play Red roll 6+6
play Red roll
news Blue
play Red trade Blue brick for ore
play Blue roll
decline Blue
play Red trade White wool for brick
accept White
news White
EOF
"$ARBITER" referee --game catan --players 3 --seed 11 <"$tmp/dealt" >"$tmp/a1"
"$ARBITER" referee --game catan --players 3 --seed 11 <"$tmp/dealt" >"$tmp/a2"
cmp -s "$tmp/a1" "$tmp/a2"
report "catan dealt: the same seed deals the same" $? "$tmp/a1"
"$ARBITER" referee --game catan --players 3 --seed 12 <"$tmp/dealt" >"$tmp/a2"
! cmp -s "$tmp/a1" "$tmp/a2"
report "catan dealt: another seed deals otherwise" $?
grep -q '^? the referee rolls the dice: write roll$' "$tmp/a1"
report "catan dealt: a seat may not write the dice" $? "$tmp/a1"
grep -q '^= accepted Red roll [1-6]+[1-6]$' "$tmp/a1"
report "catan dealt: roll gets two dice" $? "$tmp/a1"
grep -q '^= consent Red trade Blue brick for ore$' "$tmp/a1" &&
	grep -q '^? .*waits for an answer' "$tmp/a1" &&
	grep -q '^\[declined\] Blue declines' "$tmp/a1"
report "catan dealt: a trade waits for its partner, who may decline" $? "$tmp/a1"

# a card bought: the buyer's answer names it, the others' news says '?'
awk '/^\[/ || NF == 0 { next } { print }' >"$tmp/lines" <<'EOF'
EOF
"$ARBITER" gen --game catan --players 3 --seed 5 --count 1 >"$tmp/gen.tgn"
line=$(grep -n ' buy ' "$tmp/gen.tgn" | head -1 | cut -d: -f1)
head -n "$line" "$tmp/gen.tgn" | requests catan >"$tmp/req"
buyer=$(sed -n "${line}p" "$tmp/gen.tgn" | cut -d' ' -f1)
card=$(sed -n "${line}p" "$tmp/gen.tgn" | sed 's/.* buy \([a-z-]*\).*/\1/')
printf 'news %s\nnews observer\n' "$buyer" >>"$tmp/req"
for s in Red Blue White; do [ "$s" = "$buyer" ] || echo "news $s" >>"$tmp/req"; done
"$ARBITER" referee --game catan --players 3 --chance supplied --format json <"$tmp/req" |
	tail -4 | jq -r '.view + ": " + .text' >"$tmp/news"
grep -q "buy $card" "$tmp/news" && [ "$(grep -c "buy $card" "$tmp/news")" = 1 ] &&
	[ "$(grep -c 'buy ?' "$tmp/news")" = 3 ]
report "catan: a card bought is named to the buyer only" $? "$tmp/news"

# view WHO: the board as WHO's view record shows it
printf 'play Red settlement g5 road f5-g5\nend Red\nview Blue\nview observer\nview Purple\n' |
	"$ARBITER" referee --game catan --players 3 --format json >"$tmp/view"
jq -e -s '.[2].answer == "view" and .[2].view == "Blue" and (.[2].text | test("view: Blue")) and
	.[2].position.view == "Blue" and .[3].view == "observer" and .[4].answer == "error"' \
	"$tmp/view" >/dev/null
report "view: the position as the view's record shows it" $? "$tmp/view"

# JSON: one object a line, the documented keys
printf 'hello 1\nasked\nplay Red 0,1 0\nplay Blue 0,1 0\nbogus\nnews observer\nrecord\nquit\n' |
	"$ARBITER" referee --game carcassonne --seed 3 --format json >"$tmp/json"
jq -e -s 'length == 8 and .[0].answer == "hello" and .[0].protocol == 1 and
	(.[0].seats | map(.colour)) == ["Red", "Blue"] and .[0].next.dealt != null and
	.[1].answer == "asked" and (.[2].answer == "accepted" or .[2].answer == "refused") and
	.[3].answer == "refused" and .[3].rule == "occupied" and
	.[4].answer == "error" and .[5].answer == "news" and .[6].answer == "record" and
	.[7].answer == "bye"' "$tmp/json" >/dev/null
report "json: every answer an object with its keys" $? "$tmp/json"

# bad requests: an error answer each, the game unchanged, exit 0
{
	echo 'hello 2'
	echo 'frobnicate'
	echo 'play'
	echo 'play Purple 0,1 0'
	echo 'play Red'
	echo 'accept Blue'
	echo 'end Red'
	printf 'play Red \377\376\n'
	printf 'play Red 0,1\0000\n'
	head -c 70000 /dev/zero | tr '\0' x; echo
	echo 'record'
} >"$tmp/bad"
"$ARBITER" referee --game carcassonne --seed 3 <"$tmp/bad" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ "$(grep -c '^? ' "$tmp/out")" = 10 ] && grep -q '^Red\|^\[Result "\*"\]' "$tmp/out" &&
	! grep -q '^Red [A-X] ' "$tmp/out"
report "bad requests: ten errors, nothing played, exit 0" $? "$tmp/out"
for want in "this referee speaks protocol 1, not 2" "unknown request 'frobnicate'" \
	"'Purple' is no seat of this game (the seats: Red,Blue)" \
	"play needs an action after the seat" "nothing waits for Blue's answer" \
	"a carcassonne turn is one action: it ends when played" \
	"a request is UTF-8 text without NUL bytes" "a request is at most 65536 bytes"; do
	grep -qF "? $want" "$tmp/out" || { echo "missing: $want" >>"$tmp/why"; }
done
[ ! -s "$tmp/why" ]
report "bad requests: each error says what was wrong" $? "$tmp/why"

# moves: every line offered is a request the referee accepts as it is;
# a seat not asked is offered nothing; JSON holds the same lines
printf 'hello 1\nmoves Red\nmoves Blue\n' |
	"$ARBITER" referee --game carcassonne --seed 7 >"$tmp/out"
sed -n '/^= moves Red$/,/^$/p' "$tmp/out" | sed '1d;$d' >"$tmp/moves"
ok=0
[ "$(wc -l <"$tmp/moves")" -gt 10 ] || ok=1
sed -n '/^= moves Blue$/,/^$/p' "$tmp/out" | sed '1d;$d' | grep -q . && ok=1
while IFS= read -r m; do
	printf '%s\n' "$m" | "$ARBITER" referee --game carcassonne --seed 7 >"$tmp/one"
	grep -q '^= accepted Red J ' "$tmp/one" || { echo "refused: $m" >>"$tmp/moves.why"; ok=1; }
done <"$tmp/moves"
printf 'moves Red\n' | "$ARBITER" referee --game carcassonne --seed 7 --format json |
	jq -r 'select(.answer == "moves" and .seat == "Red") | .moves[]' >"$tmp/moves.json"
cmp -s "$tmp/moves" "$tmp/moves.json" || ok=1
report "moves: each line offered is accepted as sent; JSON holds the same" $ok "$tmp/moves.why"

# Elasund: the turn's start offers the sum dealt (a 6 at seed 3), then
# the player's builds, gold and permits, each accepted as sent; the
# other seats are offered nothing (notation/elasund.md, "What moves lists")
printf 'hello 1\nmoves Red\nplay Red 6\nmoves Red\nmoves Blue\n' |
	"$ARBITER" referee --game elasund --players 4 --seed 3 >"$tmp/out"
block() { awk -v want="$1" -v n="$2" '$0 == want { k++; on = k == n; next } /^$/ { on = 0 } on' "$tmp/out"; }
ok=0
: >"$tmp/moves.why"
[ "$(block '= moves Red' 1)" = "play Red 6" ] || { echo "roll: $(block '= moves Red' 1)" >>"$tmp/moves.why"; ok=1; }
block '= moves Red' 2 >"$tmp/moves"
[ "$(wc -l <"$tmp/moves")" -gt 20 ] && grep -qx 'play Red gold' "$tmp/moves" || ok=1
block '= moves Blue' 1 | grep -q . && ok=1
while IFS= read -r m; do
	printf 'play Red 6\n%s\n' "$m" | "$ARBITER" referee --game elasund --players 4 --seed 3 >"$tmp/one"
	[ "$(grep -c '^= accepted Red ' "$tmp/one")" = 2 ] || { echo "refused: $m" >>"$tmp/moves.why"; ok=1; }
done <"$tmp/moves"
report "moves: Elasund offers the roll dealt, then actions each accepted as sent" $ok "$tmp/moves.why"

# snapshot: a record starting from the Setup it gives shows the board
# that view gives at that moment
printf 'play Red 0,1 90\nplay Blue -1,0 0\nsnapshot\nview Red\n' |
	"$ARBITER" referee --game carcassonne --seed 7 --format json >"$tmp/out"
{
	printf '[Game "carcassonne"]\n[Red "a"]\n[Blue "b"]\n'
	jq -r 'select(.answer == "snapshot") | .text' "$tmp/out"
	printf '[Result "*"]\n'
} >"$tmp/snap.tgn"
"$ARBITER" dump "$tmp/snap.tgn" | sed 1d | grep . >"$tmp/want"
jq -r 'select(.answer == "view") | .text' "$tmp/out" | grep . >"$tmp/got"
grep -q '^\[Setup "tiles J 0,1 90, W -1,0 0;' "$tmp/snap.tgn" && diff "$tmp/want" "$tmp/got" >"$tmp/diff"
report "snapshot: a record from its Setup shows the board view shows" $? "$tmp/diff"

# the seat's side: arbiter bot and the example bots answer hello, ask for
# moves on go, send back one line offered, read its answer, and stop at quit
{
	printf 'hello 1 carcassonne Red Red Blue\nnews Blue x\ngo tile dealt J\n'
	printf '= moves Red\nplay Red 0,1 90\nplay Red 1,0 90 road S\nplay Red -1,0 0\n\n'
	printf '= accepted Red J 0,1 90\nturn ended\nnext Blue tile dealt W\n\n'
	printf 'news Blue W -1,0 0\ngo tile dealt D\n= moves Red\nend Red\n\n= accepted Red\n\n'
	printf 'over *\nquit\nhello 1 carcassonne Red Red Blue\n'
} >"$tmp/host"
for bot in "$ARBITER bot --seed 5" "python3 examples/bots/random_bot.py 5" \
	"sh examples/bots/random_bot.sh 5"; do
	$bot <"$tmp/host" >"$tmp/said" 2>"$tmp/err"
	rc=$?
	ok=0
	[ $rc = 0 ] && [ "$(wc -l <"$tmp/said")" = 5 ] || ok=1
	sed -n 1p "$tmp/said" | grep -q '^hello 1' || ok=1
	[ "$(sed -n 2p "$tmp/said")" = "moves Red" ] && [ "$(sed -n 4p "$tmp/said")" = "moves Red" ] || ok=1
	grep -qxF "$(sed -n 3p "$tmp/said")" "$tmp/host" || ok=1
	[ "$(sed -n 5p "$tmp/said")" = "end Red" ] || ok=1
	report "seat: '${bot%% [0-9]*}' plays only what is offered and stops at quit" $ok "$tmp/said"
done
printf 'hello 2 carcassonne Red Red Blue\n' | "$ARBITER" bot >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'protocol 1 expected' "$tmp/err"
report "seat: arbiter bot refuses another protocol version (exit 2)" $? "$tmp/err"
{ printf 'hello 1 carcassonne Red Red Blue\n'; head -c 70000 /dev/zero | tr '\0' x; echo; } |
	"$ARBITER" bot >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'over 65536 bytes' "$tmp/err"
report "seat: arbiter bot refuses a line over the limit (exit 2)" $? "$tmp/err"
printf 'hello 1 carcassonne Red Red Blue\ngo tile\n? moves are not available\n\n' |
	"$ARBITER" bot >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "did not list Red's moves" "$tmp/err"
report "seat: arbiter bot stops when the host lists no moves (exit 2)" $? "$tmp/err"
expect "bot: a FILE operand is a usage error" 2 "$ARBITER" bot x.tgn
expect "bot: an unknown strategy is a usage error" 2 "$ARBITER" bot --strategy=clever

# a person at the table (--strategy human, hot-seat): shown what happened,
# the board as the seat's view shows it and the actions numbered; a
# number or the action's words are sent; words not listed are sent only
# when confirmed; hot-seat shows nothing before Enter; the terminal's end
# is exit 2
if command -v python3 >/dev/null 2>&1; then
	{
		printf 'hello 1 carcassonne Red Red Blue\nnews Blue W -1,0 0\ngo tile dealt J\n'
		printf '= view Red\n  THE BOARD\n\n= moves Red\nplay Red 0,1 90\nplay Red 1,0 90 road S\n\n'
		printf '= accepted Red J 1,0 90 road S\nturn ended\n\nover Red\nquit\n'
	} >"$tmp/host"
	human() { python3 tests/human-seat.py "$ARBITER" "$@" >"$tmp/seen" 2>&1; }
	human human "$tmp/host" '7|2|'
	ok=0
	[ "$(sed -n '1,4p' "$tmp/seen")" = "hello 1 human
view Red
moves Red
play Red 1,0 90 road S" ] || ok=1
	for want in 'Blue W -1,0 0' 'THE BOARD' 'go tile dealt J' '   1  0,1 90' \
		'   2  1,0 90 road S' 'choose 1 to 2, or type an action' \
		'= accepted Red J 1,0 90 road S' 'The game is over: Red' '--- exit 0'; do
		grep -qF -- "$want" "$tmp/seen" || { echo "not shown: $want"; ok=1; }
	done >>"$tmp/seen"
	report "seat: a person sees news, board and numbered actions; a number is sent" $ok "$tmp/seen"
	human human "$tmp/host" 'trade x|n|0,1 90|'
	grep -q "'play Red trade x' is not among the actions listed; send it anyway" "$tmp/seen" &&
		[ "$(sed -n 4p "$tmp/seen")" = "play Red 0,1 90" ] && ! grep -q '^play Red trade' "$tmp/seen"
	report "seat: a person's words are sent; unlisted words only when confirmed" $? "$tmp/seen"
	human hot-seat "$tmp/host" '|1|'
	awk '/Press Enter when no one else looks/ { p = NR } /THE BOARD/ { b = NR }
		END { exit !(p && b && p < b) }' "$tmp/seen" && grep -q '^play Red 0,1 90$' "$tmp/seen"
	report "seat: hot-seat shows nothing before Enter" $? "$tmp/seen"
	human human "$tmp/host" '^D'
	tail -1 "$tmp/seen" | grep -q -- '--- exit 2$'
	report "seat: the end of the person's terminal is exit 2" $? "$tmp/seen"
fi
"$ARBITER" bot --strategy human --terminal "$tmp/no/such/tty" </dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q 'cannot open the terminal' "$tmp/err"
report "seat: a terminal that cannot be opened is exit 2" $? "$tmp/err"

# end of input: -o writes the record so far, which check reads
printf 'play Red 0,1 0\nplay Red 1,0 0\n' |
	"$ARBITER" referee --game carcassonne --seed 4 -o "$tmp/eof.tgn" >/dev/null
"$ARBITER" check "$tmp/eof.tgn" >"$tmp/out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '\[Result "\*"\]' "$tmp/eof.tgn"
report "end of input: -o writes the unfinished record, check reads it" $? "$tmp/out"

# usage errors and a failed write
expect "no --game is a usage error" 2 "$ARBITER" referee
expect "--format=yaml is a usage error" 2 "$ARBITER" referee --game catan --format yaml
expect "a FILE operand is a usage error" 2 "$ARBITER" referee --game catan x.tgn
echo 'hello 1' | "$ARBITER" referee --game catan --players 3 >/dev/full 2>"$tmp/err"
[ $? = 2 ] && grep -q 'standard output' "$tmp/err"
report "a failed write to stdout is exit 2" $? "$tmp/err"
