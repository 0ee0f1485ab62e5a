#!/bin/sh
# match-test.sh — `arbiter match` (notation/match.md): bots that break the
# protocol each way (tests/bots/hostile.sh) lose their game with the
# termination and Forfeit the page gives, and leave no process behind;
# every record passes `check`; the schedule seats every bot in every seat
# (rotations, round robin, gauntlet), --duplicate deals one seed to a
# group's rotations, -j 2 writes the records -j 1 writes, --max-moves
# adjudicates; a runner killed with SIGKILL, then --resume, loses no game
# and plays each round once; SIGINT ends it cleanly; a person plays a
# seat at the terminal (tests/match-human.py); the standings of the file
# are printed.
# Carcassonne, 2 seats, short times: the whole suite takes seconds.
. "$(dirname "$0")/lib.sh"
SUITE=match
tmp=$(mktemp -d)
mark=arbiter-match-test-$$
trap 'pkill -KILL -f "$mark" 2>/dev/null; rm -rf "$tmp"' EXIT
hostile="exec sh $(pwd)/tests/bots/hostile.sh"

# ok NAME CONDITION-STATUS [DETAIL]
ok() { [ "$2" = 0 ] && report "$SUITE $1" 0 || { printf '%s\n' "$3" >"$tmp/why"; report "$SUITE $1" 1 "$tmp/why"; }; }
# a tag's values in a file, one a line
tags() { sed -n "s/^\[$1 \"\(.*\)\"\]\$/\1/p" "$2"; }
checked() { "$ARBITER" check -q "$1" >/dev/null 2>&1; }
left_behind() { pgrep -f "$1" >/dev/null 2>&1; }

# --- each way of breaking the protocol, as the first seat of game 1
# (then the second seat of game 2): MODE, the Termination, the Forfeit's
# reason in game 1, and in game 2 (a bot whose process ended is down)
while read -r mode term why why2; do
	f=$tmp/h-$mode.tgn
	why=$(echo "$why" | tr _ ' ') why2=$(echo "$why2" | tr _ ' ')
	"$ARBITER" match --game carcassonne --bot h="$hostile $mode $mark-$mode" --bot r=arbiter \
		--move-time 0.5 -o "$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	got=$(tags Termination "$f" | head -1)/$(tags Forfeit "$f" | sed -n 1p | cut -d: -f1,2)
	got2=$(tags Forfeit "$f" | sed -n 2p | cut -d: -f1,2)
	want="$(echo "$term" | tr _ ' ')/Red: $why"
	[ $rc = 0 ] && [ "$got" = "$want" ] && [ "$got2" = "Blue: $why2" ] && [ "$(tags Round "$f" | tr '\n' ' ')" = "1 2 " ]
	ok "$mode: the bot forfeits ($want)" $? "exit $rc; got '$got' then '$got2'; $(cat "$tmp/err")"
	checked "$f"
	ok "$mode: the records pass check" $? "$("$ARBITER" check "$f" 2>&1 | head -5)"
	sleep 0.1
	! left_behind "$mark-$mode"
	ok "$mode: no process left behind" $? "$(pgrep -af "$mark-$mode")"
done <<'EOF2'
sleep time_forfeit time time
ignore-term time_forfeit time time
crash adjudicated process_ended bot_down
fork-child adjudicated process_ended bot_down
close-stdin adjudicated closed_its_input bot_down
flood adjudicated line_too_long line_too_long
nul adjudicated NUL_byte NUL_byte
utf8 adjudicated not_UTF-8 not_UTF-8
other-seat adjudicated request_for_another_seat request_for_another_seat
twice adjudicated out_of_turn out_of_turn
out-of-turn adjudicated out_of_turn out_of_turn
illegal adjudicated illegal_action illegal_action
malformed adjudicated malformed_request malformed_request
hello adjudicated no_hello no_hello
EOF2

# the Forfeit tag says what was refused and why, as check would
grep -q "^\[Forfeit \"Red: illegal action: 'play 99,99 0' refused: \[not-adjacent\] tile . at 99,99 touches no tile" "$tmp/h-illegal.tgn"
ok "an illegal action's Forfeit holds the action and the rule's message" $? "$(tags Forfeit "$tmp/h-illegal.tgn")"
# the process that ended: its status
grep -q '^\[Forfeit "Red: process ended: it exited with status 3"\]' "$tmp/h-crash.tgn"
ok "a crash's Forfeit holds the exit status" $? "$(tags Forfeit "$tmp/h-crash.tgn")"

# --recover: the crashed bot is started again for game 2
f=$tmp/recover.tgn
"$ARBITER" match --game carcassonne --bot h="$hostile crash $mark-r" --bot r=arbiter \
	--move-time 0.5 --recover -o "$f" >/dev/null 2>&1
[ "$(tags Forfeit "$f" | cut -d: -f1,2 | tr '\n' '/')" = "Red: process ended/Blue: process ended/" ]
ok "--recover starts a crashed bot again" $? "$(tags Forfeit "$f")"

# a clock: the sleeper loses on time under --tc too
f=$tmp/tc.tgn
"$ARBITER" match --game carcassonne --bot h="$hostile sleep $mark-tc" --bot r=arbiter \
	--tc 0.3+0.1 -o "$f" >/dev/null 2>&1
[ "$(tags Termination "$f" | sort -u)" = "time forfeit" ] && [ "$(tags TimeControl "$f" | sort -u)" = "0.3+0.1" ] && checked "$f"
ok "--tc: a seat out of time loses; TimeControl is written" $? "$(grep -E 'Termination|TimeControl' "$f")"

# --- the schedule
f=$tmp/rr.tgn
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --bot c=arbiter --bot d=arbiter \
	--seed 5 -o "$f" >"$tmp/rr-out" 2>"$tmp/rr-err"
rc=$?
# 6 pairs, each in both seatings: every bot 3 times in each seat
seats=$(for c in Red Blue; do tags $c "$f" | sort | uniq -c | awk -v c=$c '{ printf "%s:%s=%s ", c, $2, $1 }'; done)
[ $rc = 0 ] && [ "$(tags Round "$f" | wc -l)" = 12 ] &&
	[ "$seats" = "Red:a=3 Red:b=3 Red:c=3 Red:d=3 Blue:a=3 Blue:b=3 Blue:c=3 Blue:d=3 " ] && checked "$f"
ok "round robin: 4 bots, 2 seats: 12 games, every bot 3 times in each seat" $? "exit $rc; $seats"
pairs=$(paste -d- "$tmp/rr.red" "$tmp/rr.blue" 2>/dev/null; tags Red "$f" >"$tmp/rr.red"; tags Blue "$f" >"$tmp/rr.blue";
	paste -d' ' "$tmp/rr.red" "$tmp/rr.blue" | awk '{ if ($1 < $2) print $1 $2; else print $2 $1 }' | sort | uniq -c | awk '{ print $1 }' | sort -u)
[ "$pairs" = 2 ]
ok "round robin: each pair meets twice" $? "$pairs"
# the standings of the file on stdout, as standings prints them
"$ARBITER" standings "$f" >"$tmp/rr-standings"
cmp -s "$tmp/rr-out" "$tmp/rr-standings" && grep -q '^ *1  ' "$tmp/rr-out"
ok "the standings printed are those of arbiter standings FILE" $? "$(diff "$tmp/rr-standings" "$tmp/rr-out")"
grep -q '^match: 12 games played, 0 already in .*, 0 forfeits, [0-9]* actions' "$tmp/rr-err"
ok "the summary line on stderr" $? "$(cat "$tmp/rr-err")"

# -j 2: the same records, in another order
f2=$tmp/rr-j2.tgn
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --bot c=arbiter --bot d=arbiter \
	--seed 5 -j 2 -o "$f2" >/dev/null 2>&1
by_round() { awk '/^\[Game /{ if (rec) print rec; rec = "" } { rec = rec $0 "\\n" } END { print rec }' "$1" | sort; }
by_round "$f" >"$tmp/j1"
by_round "$f2" >"$tmp/j2"
cmp -s "$tmp/j1" "$tmp/j2" && [ -s "$tmp/j1" ]
ok "-j 2 writes the records of -j 1" $? "$(diff "$tmp/j1" "$tmp/j2" | head -5)"

# --gauntlet: a in every game, against b and c, each seat as often
f=$tmp/gauntlet.tgn
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --bot c=arbiter --gauntlet a -o "$f" >/dev/null 2>&1
games=$(tags Round "$f" | wc -l)
with_a=$(awk '/^\[(Red|Blue) "a"\]/' "$f" | wc -l)
[ "$games" = 4 ] && [ "$with_a" = 4 ] && [ "$(tags Red "$f" | grep -c '^a$')" = 2 ]
ok "--gauntlet: one bot against each of the others, in each seat" $? "games $games, with a $with_a"

# --duplicate: a group's rotations share the seed and its tiles
f=$tmp/dup.tgn
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --duplicate --games 4 --seed 9 -o "$f" >/dev/null 2>&1
tiles() { awk -v k="$2" '/^\[Game /{ n++ } n == k && /^(Red|Blue) / { printf "%s", $2 }' "$1" | cut -c1-12; }
[ "$(tags Seed "$f" | tr '\n' ' ')" = "9 9 10 10 " ] && [ "$(tiles "$f" 1)" = "$(tiles "$f" 2)" ] &&
	[ "$(tiles "$f" 1)" != "$(tiles "$f" 3)" ]
ok "--duplicate: each rotation deals the same seed and tiles" $? "seeds $(tags Seed "$f" | tr '\n' ' '); $(tiles "$f" 1) $(tiles "$f" 2) $(tiles "$f" 3)"

# --max-moves: adjudicated after N turn lines, the best score winning
f=$tmp/max.tgn
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --max-moves 12 -o "$f" >/dev/null 2>&1
[ "$(tags Turns "$f" | sort -u)" = 12 ] && [ "$(tags Termination "$f" | sort -u)" = adjudicated ] && checked "$f"
ok "--max-moves: adjudicated after N turns, the records pass check" $? "$(grep -E 'Turns|Termination|Result' "$f")"

# --views: each seat's view record of each game
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --games 2 --views "$tmp/views" -o "$tmp/v.tgn" >/dev/null 2>&1
[ "$(ls "$tmp/views" | tr '\n' ' ')" = "1-Blue.tgn 1-Red.tgn 2-Blue.tgn 2-Red.tgn " ] && checked "$tmp/views/1-Red.tgn"
ok "--views: a view record per seat and game" $? "$(ls "$tmp/views")"

# --- killed and resumed: no game lost, each round once (shell bots, slow
# enough for the kill to come mid-match)
f=$tmp/resume.tgn
slow="sh $(pwd)/tests/bots/hostile.sh good"
"$ARBITER" match --game carcassonne --bot a="$slow $mark-k" --bot b="$slow $mark-k" --games 4 --max-moves 16 -o "$f" >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && [ "$(tags Round "$f" 2>/dev/null | wc -l)" -lt 1 ]; do sleep 0.1; i=$((i + 1)); done
kill -KILL $pid
wait $pid 2>/dev/null
before=$(tags Round "$f" | wc -l)
cp "$f" "$tmp/kept"
# a record cut short, as a kill in the middle of a write leaves it
head -c 300 "$tmp/kept" >>"$f"
sleep 0.5
"$ARBITER" match --game carcassonne --bot a="$slow $mark-k" --bot b="$slow $mark-k" --games 4 --max-moves 16 -o "$f" --resume >/dev/null 2>"$tmp/resume-err"
rc=$?
[ $rc = 0 ] && [ "$before" -ge 1 ] && [ "$(tags Round "$f" | sort -n | tr '\n' ' ')" = "1 2 3 4 " ] &&
	[ "$(head -c "$(wc -c <"$tmp/kept")" "$f" | cmp - "$tmp/kept" && echo same)" = same ] && checked "$f"
ok "SIGKILL then --resume: the games written are kept, the cut one dropped, 4 rounds once each" $? \
	"exit $rc, $before before; rounds $(tags Round "$f" | tr '\n' ' '); $(cat "$tmp/resume-err")"
grep -q "the last record was cut short: dropped" "$tmp/resume-err"
ok "--resume says it dropped the record cut short" $? "$(cat "$tmp/resume-err")"
sleep 0.3
! left_behind "$mark-k"
ok "the killed runner's bots end with their input" $? "$(pgrep -af "$mark-k")"

# SIGINT: the games being played are dropped, the rest kept, exit 130,
# every bot ended
f=$tmp/int.tgn
"$ARBITER" match --game carcassonne --bot a="$slow $mark-i" --bot b="$slow $mark-i" --games 6 --max-moves 30 -j 2 -o "$f" >/dev/null 2>"$tmp/int-err" &
pid=$!
i=0
while [ $i -lt 100 ] && [ "$(tags Round "$f" 2>/dev/null | wc -l)" -lt 1 ]; do sleep 0.1; i=$((i + 1)); done
kill -INT $pid
wait $pid
rc=$?
sleep 0.3
[ $rc = 130 ] && checked "$f" && grep -q 'interrupted; --resume goes on' "$tmp/int-err" && ! left_behind "$mark-i"
ok "SIGINT: exit 130, the records written pass check, no bot left" $? "exit $rc; $(cat "$tmp/int-err"; pgrep -af "$mark-i")"

# a person's seat (--bot me=human): at a terminal of its own, in the
# runner's process group, answering the first action listed each time
f=$tmp/human.tgn
if command -v python3 >/dev/null 2>&1; then
	python3 tests/match-human.py "$ARBITER" "$f" >"$tmp/human-out" 2>&1
	grep -q '^--- exit 0$' "$tmp/human-out" && grep -q '^prompts answered: 6$' "$tmp/human-out" &&
		[ "$(tags Turns "$f" | tr '\n' ' ')" = "6 6 " ] && [ -z "$(tags Forfeit "$f")" ] && checked "$f"
	ok "a person plays a seat at the match's terminal (--bot NAME=human)" $? "$(cat "$tmp/human-out"; grep Forfeit "$f")"
fi

# --- usage
expect "an existing output without --resume is refused" 2 \
	"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter -o "$tmp/resume.tgn"
expect "fewer bots than seats is refused" 2 \
	"$ARBITER" match --game carcassonne --players 3 --bot a=arbiter --bot b=arbiter -o "$tmp/x.tgn"
expect "two bots of one name are refused" 2 \
	"$ARBITER" match --game carcassonne --bot a=arbiter --bot A=arbiter -o "$tmp/x.tgn"
expect "a malformed --tc is refused" 2 \
	"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --tc 5 -o "$tmp/x.tgn"
expect "a --gauntlet naming no bot is refused" 2 \
	"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --gauntlet z -o "$tmp/x.tgn"
expect "match without -o is a usage error" 2 \
	"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter

# --- the other games, once their engines list their actions (moves)
for spec in catan:3 elasund:2; do
	g=${spec%:*} n=${spec#*:}
	if printf 'moves Red\n' | "$ARBITER" referee --game "$g" --players "$n" 2>&1 | grep -q 'cannot list its actions'; then
		echo "SKIP $SUITE $g: the engine lists no actions yet"
		continue
	fi
	f=$tmp/$g.tgn
	"$ARBITER" match --game "$g" --players "$n" --bot a=arbiter --bot b=arbiter --bot c=arbiter --games "$n" --max-moves 400 -o "$f" >/dev/null 2>"$tmp/err"
	[ "$(tags Round "$f" | wc -l)" = "$n" ] && [ -z "$(tags Forfeit "$f")" ] && checked "$f"
	ok "$g: built-in bots play $n games, no forfeit, every record passes check" $? "$(tags Forfeit "$f"; cat "$tmp/err")"
done

# --- every action a `moves` answer lists is legal: a release build's
# referee passes the engine's list on untried, this (test) build tries each
# candidate and aborts on one refused (src/referee/table.c, keep_choice);
# whole 4-seat games, the bank's stock run low in Catan's
for g in carcassonne catan elasund; do
	f=$tmp/sound-$g.tgn
	"$ARBITER" match --game "$g" --players 4 --bot a=arbiter --bot b=arbiter --bot c=arbiter \
		--bot d=arbiter --games 8 --seed 5 -o "$f" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 0 ] && [ "$(tags Round "$f" | wc -l)" = 8 ] && [ -z "$(tags Forfeit "$f")" ] && checked "$f"
	ok "$g: every action listed over 8 whole 4-seat games is one the referee accepts" $? \
		"exit $rc; $(head -c 2000 "$tmp/err")"
done

# --- --sprt: a bot with a rule of thumb (examples/bots/greedy_bot.py: a
# follower on a city first) against arbiter bot is found stronger, and the
# match stops once decided; named the other way round, H0 is accepted
greedy="python3 examples/bots/greedy_bot.py"
for order in greedy random; do
	f=$tmp/sprt-$order.tgn
	if [ $order = greedy ]; then set -- --bot "greedy=$greedy" --bot random=arbiter; want="H1 accepted"
	else set -- --bot random=arbiter --bot "greedy=$greedy"; want="H0 accepted"; fi
	"$ARBITER" match --game carcassonne "$@" --games 400 -j 2 --sprt=0,100 -o "$f" \
		>"$tmp/out" 2>"$tmp/err"
	rc=$?
	n=$(tags Round "$f" | wc -l)
	[ $rc = 0 ] && [ "$n" -lt 400 ] && checked "$f" &&
		grep -q "^match: SPRT of $order against .*: $want, the match stopped" "$tmp/err" &&
		grep -q "^sprt: greedy against random" "$tmp/out"
	ok "--sprt=0,100, $order first: $want after $n games" $? "$(cat "$tmp/err" "$tmp/out")"
done
"$ARBITER" match --game carcassonne --bot a=arbiter --bot b=arbiter --bot c=arbiter --sprt=0,10 \
	-o "$tmp/sprt3.tgn" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q -- '--sprt tests one bot against another' "$tmp/err"
ok "--sprt with three bots is refused" $? "$(cat "$tmp/err")"

# --- more than two seats: the forfeiting seat is placed last, whatever
# its score (Green reached 4, Red 0: Red is second)
f=$tmp/three.tgn
"$ARBITER" match --game carcassonne --players 3 --bot a=arbiter --bot b=arbiter --bot c=arbiter \
	--games 1 --max-moves 30 --seed 1 -o "$f" >/dev/null 2>&1
sed -i 's/^\[Result ".*"\]$/[Result "Blue"]/; s/^\[Adjudication .*$/[Forfeit "Green: illegal action: as a test"]/' "$f"
"$ARBITER" check "$f" | grep -q 'Red 0, Blue 3, Green 4; adjudicated, winner: Blue' &&
	[ "$("$ARBITER" standings --format=tsv "$f" | awk -F'\t' 'NR > 1 { printf "%s:%s ", $3, $2 }')" = "b:1 a:2 c:3 " ]
ok "3 seats: the forfeiting seat is placed last, the others by score" $? \
	"$("$ARBITER" check "$f"; "$ARBITER" standings --format=tsv "$f")"
