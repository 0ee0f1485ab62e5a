#!/bin/sh
# rating-test.sh — `standings --rating` and `--sprt` on records: a match
# of 3 wins to 1 worked by hand (400 log10 3 = 190.85 Elo apart: +-95.4,
# standard error sqrt(1/3) 400/ln 10 = 100.30, so 95.4 in [-101.2,
# 292.0]; fishtest's LLR for 3-0-1 against elo 0/20 is 0.109); generated
# games (`arbiter gen`, the seats renamed to mix the players) rated the
# same in every format, in any order, through check's results and
# through parallel jobs; Plackett–Luce of two-player games equal to Elo;
# and every error: bad values (usage, exit 2), --sprt on other than two
# players, --rating=elo on games of three, partial tables.
. "$(dirname "$0")/lib.sh"
SUITE=rating
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
native=$ARBITER
mini=corpus/tgn/mini.yaml

same() { # NAME WANT GOT
	if diff -u "$2" "$3" >"$tmp/why" 2>&1; then report "rating $1" 0; else report "rating $1" 1 "$tmp/why"; fi
}

# --- the hand-checked match: with mini.yaml every game is two moves and
# Red wins; Ann is Red three times, Bo once
for i in 1 2 3 4; do
	if [ $i = 4 ]; then red=Bo blue=Ann; else red=Ann blue=Bo; fi
	printf '[Game "carcassonne"]\n[Event "Match"]\n[Round "%s"]\n[Red "%s"]\n[Blue "%s"]\n[Result "Red"]\n\nRed E 0,-1 180 city S\nBlue U 1,0 90 road E\n\n' \
		$i $red $blue
done >"$tmp/match.tgn"
use_memcheck "$tmp"
capture --data $mini standings --rating=elo --sprt=0,20 "$tmp/match.tgn" | sed "s|$tmp/||g" >"$tmp/got"
cat >"$tmp/want" <<'EOF'
Match: 4 games counted, 0 left out; scheme placement (points, then wins, then score)
rank  player                games  wins  places        points   score   share  rating     low    high
   1  Ann                       4     3  3/1             3.00      14   3.500    95.4  -101.2   292.0
   2  Bo                        4     1  1/3             1.00      10   2.500   -95.4  -292.0   101.2
rating: elo, on the Elo scale with mean 0; low and high bound its 95 % interval
sprt: Ann against Bo, H0 elo 0, H1 elo 20 (alpha 0.05, beta 0.05): 3 wins, 0 draws, 1 loss; LLR 0.109, bounds -2.944 and 2.944: continue
exit 0
EOF
same "3 wins to 1: 95.4 in [-101.2, 292.0], LLR 0.109" "$tmp/want" "$tmp/got"
capture --data $mini standings --rating=plackett-luce --format=tsv --sprt=-20,0,0.1,0.2 "$tmp/match.tgn" >"$tmp/got"
printf 'group\trank\tplayer\tgames\twins\tplaces\tpoints\tscore\tshare\trating\trating_low\trating_high\tsprt_llr\tsprt_lower\tsprt_upper\tsprt_decision\n' >"$tmp/want"
# the tested player is Ann (first by name), whatever her rank; log(0.2/0.9)
# = -1.504, log(0.8/0.1) = 2.079
grep -c '^Match	1	Ann	4	3	3/1	3.0000	14	3.5000	95.4	-101.2	292.0	[0-9.-]*	-1.504	2.079	continue$' "$tmp/got" >"$tmp/n"
grep -c '^Match	2	Bo	4	1	1/3	1.0000	10	2.5000	-95.4	-292.0	101.2				$' "$tmp/got" >>"$tmp/n"
head -1 "$tmp/got" | cmp -s - "$tmp/want" && [ "$(cat "$tmp/n")" = "1
1" ]
report "rating tsv: the columns, the test on the first player's row" $? "$tmp/got"
capture --data $mini standings --rating=elo --sprt=0,20 --format=json "$tmp/match.tgn" >"$tmp/got"
head -1 "$tmp/got" | jq -c '[.standings[] | [.player, .rating, .rating_low, .rating_high]], .rating, .sprt' >"$tmp/j" 2>&1
cat >"$tmp/want" <<'EOF'
[["Ann",95.4,-101.2,292],["Bo",-95.4,-292,101.2]]
{"model":"elo","scale":"Elo","anchor":"mean 0","interval":0.95}
{"player":"Ann","opponent":"Bo","wins":3,"draws":0,"losses":1,"elo0":0,"elo1":20,"alpha":0.05,"beta":0.05,"llr":0.109,"lower":-2.944,"upper":2.944,"decision":"continue"}
EOF
same "json: the rating and sprt keys" "$tmp/want" "$tmp/j"
capture --data $mini standings --rating=elo --sprt=0,20 --format=yaml "$tmp/match.tgn" >"$tmp/got"
grep -E '^  (player|rating|rating_low|rating_high):|^  (llr|decision):' "$tmp/got" | tr -d ' ' | tr '\n' ' ' >"$tmp/y"
echo >>"$tmp/y"
echo 'player:Ann rating:95.4 rating_low:-101.2 rating_high:292 player:Bo rating:-95.4 rating_low:-292 rating_high:101.2 player:Ann llr:0.109 decision:continue ' >"$tmp/want"
same "yaml: the same values" "$tmp/want" "$tmp/y"

# no estimate: Ann wins every game; the columns empty, exit 0
head -n 30 "$tmp/match.tgn" >"$tmp/ann.tgn"
capture --data $mini standings --rating=elo "$tmp/ann.tgn" >"$tmp/got"
grep -q '^   1  Ann .*       -       -       -$' "$tmp/got" &&
	grep -qx 'rating: elo: none (no one else ever finished ahead of Ann: no finite maximum-likelihood estimate)' "$tmp/got" &&
	tail -n 1 "$tmp/got" | grep -qx 'exit 0'
report "rating none when one player won every game" $? "$tmp/got"
capture --data $mini standings --rating=elo --format=json "$tmp/ann.tgn" | head -1 |
	jq -c '[.standings[0].rating, .rating.none]' >"$tmp/j" 2>&1
echo '[null,"no one else ever finished ahead of Ann: no finite maximum-likelihood estimate"]' >"$tmp/want"
same "json: null when not estimated" "$tmp/want" "$tmp/j"
ARBITER=$native

# --- generated games, the seats renamed so that six players meet in
# every combination: 2 seats (Elo) and 4 seats (Plackett–Luce)
rename() { # SEATS: gen's "Player K" become names that rotate with the game
	awk -v seats="$1" 'BEGIN { split("Ann Bo Cy Di Ed Flo", n, " ") }
		/^\[Game / { g++ }
		/^\[[A-Z][a-z]* "Player [0-9]"\]$/ {
			k = substr($0, length($0) - 2, 1)
			i = (g + (k - 1) * (1 + int(g / 6) % 5)) % 6
			for (j = 1; j < k; j++) if (i == used[g, j]) i = (i + 1) % 6
			used[g, k] = i
			sub(/"Player [0-9]"/, "\"" n[i + 1] "\"")
		}
		{ print }'
}
"$ARBITER" gen --game carcassonne --players 2 --count 150 --seed 11 | rename 2 >"$tmp/two.tgn"
"$ARBITER" gen --game carcassonne --players 4 --count 100 --seed 12 | rename 4 >"$tmp/four.tgn"
"$ARBITER" check -q "$tmp/two.tgn" "$tmp/four.tgn"
report "rating generated games, renamed, are legal" $?
for g in two four; do
	awk '/^\[(Red|Blue|Yellow|Green|Black) /' "$tmp/$g.tgn" | sort | uniq -c | awk '$1 < 10' >"$tmp/few"
	[ ! -s "$tmp/few" ] && [ "$(awk '/^\[(Red|Blue|Yellow|Green|Black) /' "$tmp/$g.tgn" | sort -u | wc -l)" -ge 12 ]
	report "rating $g-seat games mix six players over the seats" $? "$tmp/few"
done

# the same ratings in every format, by every route
cols() { # FORMAT FILE: "player rating low high" lines, sorted
	case $1 in
	text) awk '/^ *[0-9]+  [A-Z]/ { print $2, $(NF - 2), $(NF - 1), $NF }' "$2" ;;
	tsv) awk -F '\t' 'NR > 1 { print $3, $10, $11, $12 }' "$2" ;;
	json) head -1 "$2" | jq -r '.standings[] | "\(.player) \(.rating) \(.rating_low) \(.rating_high)"' |
		awk '{ for (i = 2; i <= 4; i++) $i = sprintf("%.1f", $i); print }' ;;
	yaml) awk '/^- rank:/ { p = "" } /^  player:/ { p = $2 } /^  rating:/ { r = $2 } /^  rating_low:/ { l = $2 }
		/^  rating_high:/ { printf "%s %.1f %.1f %.1f\n", p, r, l, $2 }' "$2" ;;
	esac | sort
}
for m in elo:two plackett-luce:four plackett-luce:two; do
	model=${m%:*} g=${m#*:}
	for f in text tsv json yaml; do
		"$ARBITER" standings --rating=$model --format=$f "$tmp/$g.tgn" >"$tmp/$g.$model.$f" 2>"$tmp/err"
		cols $f "$tmp/$g.$model.$f" >"$tmp/c.$f"
	done
	[ "$(wc -l <"$tmp/c.text")" = 6 ] && ! grep -q ' - ' "$tmp/c.text"
	report "rating $model, $g seats: six players rated" $? "$tmp/$g.$model.text"
	for f in tsv json yaml; do
		same "$model, $g seats: $f has the text's ratings" "$tmp/c.text" "$tmp/c.$f"
	done
	# every interval holds its rating, and the ratings have mean 0
	awk '{ if (!($3 <= $2 && $2 <= $4)) bad = 1; s += $2 } END { exit bad || s > 0.35 || s < -0.35 }' "$tmp/c.text"
	report "rating $model, $g seats: low <= rating <= high, mean 0" $? "$tmp/c.text"
	"$ARBITER" check --format=json "$tmp/$g.tgn" >"$tmp/res.json"
	tac "$tmp/res.json" >"$tmp/rev.json"
	head -n 40 "$tmp/res.json" >"$tmp/a.json"
	tail -n +41 "$tmp/res.json" >"$tmp/b.json"
	"$ARBITER" standings --rating=$model "$tmp/rev.json" >"$tmp/got" 2>&1
	cols text "$tmp/got" >"$tmp/c.rev"
	same "$model, $g seats: check's results in reverse order rate the same" "$tmp/c.text" "$tmp/c.rev"
	"$ARBITER" standings --rating=$model --format=tsv "$tmp/b.json" "$tmp/a.json" >"$tmp/got" 2>&1
	cols tsv "$tmp/got" >"$tmp/c.split"
	same "$model, $g seats: two result files, either order, rate the same" "$tmp/c.text" "$tmp/c.split"
	"$ARBITER" standings -j 2 --rating=$model "$tmp/$g.tgn" >"$tmp/got" 2>&1
	cmp -s "$tmp/got" "$tmp/$g.$model.text"
	report "rating $model, $g seats: -j 2 prints the same table" $? "$tmp/got"
done
cols text "$tmp/two.elo.text" >"$tmp/e"
cols text "$tmp/two.plackett-luce.text" >"$tmp/p"
same "plackett-luce of two-player games is elo" "$tmp/e" "$tmp/p"

if command -v parallel >/dev/null 2>&1; then
	export PARALLEL_HOME="$tmp/parallel"
	cat "$tmp/four.tgn" | parallel --will-cite -j 2 --pipe --recstart '[Game' -N 7 \
		"$native" check --format=json >"$tmp/par.json"
	"$ARBITER" standings --rating=plackett-luce "$tmp/par.json" >"$tmp/got" 2>&1
	cols text "$tmp/got" >"$tmp/c.par"
	cols text "$tmp/four.plackett-luce.text" >"$tmp/c.one"
	same "parallel jobs' results rate as one run" "$tmp/c.one" "$tmp/c.par"
else
	echo "FAIL rating parallel: GNU parallel is not installed (sh tools/deps.sh installs it)"
fi

# --- errors
usage() { # NAME ARGS...: the last line printed, on stderr, exit 2
	_n=$1
	shift
	capture standings "$@" "$tmp/match.tgn" | grep -v '^stderr: Try' >"$tmp/got"
	printf 'stderr: arbiter: %s\nexit 2\n' "$_n" >"$tmp/want"
	same "usage error: $*" "$tmp/want" "$tmp/got"
}
hint='(ELO0,ELO1[,ALPHA,BETA], such as 0,10 or 0,10,0.05,0.05)'
usage "--rating: 'glicko' is not one of elo, plackett-luce" --rating=glicko
usage "--rating: 'plackett' is not one of elo, plackett-luce" --rating plackett
usage "--sprt: one value: give ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA $hint" --sprt=5
usage "--sprt: three values: give ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA $hint" --sprt=0,5,0.05
usage "--sprt: more than four values $hint" --sprt=0,5,0.05,0.05,1
usage "--sprt: 'x' is not a number $hint" --sprt=0,x
usage "--sprt: '' is not a number $hint" --sprt=0,,5
usage "--sprt: 'nan' is not a number $hint" --sprt=nan,5
usage "--sprt: ' 5' is not a number $hint" "--sprt=0, 5"
usage "--sprt: ELO0 (5) must be below ELO1 (0): H0 is elo = ELO0, H1 elo = ELO1 $hint" --sprt=5,0
usage "--sprt: ELO0 and ELO1 are Elo differences between -1000 and 1000 $hint" --sprt=0,1000
usage "--sprt: ALPHA (0) is a probability of error: above 0 and below 1 $hint" --sprt=0,5,0,0.05
usage "--sprt: BETA (1.5) is a probability of error: above 0 and below 1 $hint" --sprt=0,5,0.05,1.5
usage "--sprt: ALPHA + BETA (1.1) must be below 1, or the test decides nothing $hint" --sprt=0,5,0.6,0.5
capture check --rating=elo "$tmp/match.tgn" | head -1 >"$tmp/got"
echo "stderr: arbiter: --rating works with standings and match only, not check" >"$tmp/want"
same "check refuses --rating" "$tmp/want" "$tmp/got"

capture standings --sprt=0,10 "$tmp/four.tgn" | grep -v '^  *[0-9]' >"$tmp/got"
cat >"$tmp/want" <<'EOF'
arbiter gen: 100 games counted, 0 left out; scheme placement (points, then wins, then score)
rank  player                games  wins  places        points   score   share
stderr: arbiter: error: --sprt tests two players against each other, and group arbiter gen has 6: no test
exit 2
EOF
same "--sprt with six players: refused, the table printed" "$tmp/want" "$tmp/got"
capture standings --rating=elo "$tmp/four.tgn" | sed "s|$tmp/||g" | grep -e '^stderr' -e '^exit' -e '^rating' >"$tmp/got"
cat >"$tmp/want" <<'EOF'
rating: elo: none (--rating=elo, and a game not of two seats)
stderr: four.tgn:1:1: error: --rating=elo rates games of two players, and this game has 4 seats: group arbiter gen is not rated (--rating=plackett-luce rates any)
exit 2
EOF
same "--rating=elo on four-seat games: one error, no ratings" "$tmp/want" "$tmp/got"
"$ARBITER" standings --format=json "$tmp/two.tgn" >"$tmp/table.json" 2>/dev/null
for opt in --rating=elo --sprt=0,5; do
	capture standings "$opt" "$tmp/table.json" | sed "s|$tmp/||g" >"$tmp/got"
	cat >"$tmp/want" <<EOF
stderr: table.json:1:1: error: a partial table holds sums, not the games ${opt%%=*} needs: give it the records or check's results
exit 2
EOF
	same "a partial table refused with ${opt%%=*}" "$tmp/want" "$tmp/got"
done
