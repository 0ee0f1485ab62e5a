#!/bin/sh
# secrets-test.sh — no seat is ever sent another seat's secret (notation/
# protocol.md, "What each seat is told"): matches of `arbiter bot`
# players in every game, each bot's input logged whole.  What a seat was
# told (its `news` lines, put together turn by turn) must be its view
# record's movetext, the view record made independently by `arbiter
# referee` from the full record (`record SEAT`); and every action answer a
# seat got is of its own action or a public one (a trade it agreed to).
# The same logs show that every game ended and its record passes check.
. "$(dirname "$0")/lib.sh"
SUITE=secrets
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# told LOG: the seat's news as turn lines ("end COLOUR" closes one)
told() {
	awk '/^news / {
		sub(/^news /, "")
		if ($1 == "end" && NF == 2) { if (line != "") print line; line = ""; next }
		if (line == "") line = $0
		else { c = $1; sub(/^[^ ]* /, ""); line = line " " $0 }
	}' "$1"
}

# movetext FILE: a record's turn lines, comments left out
movetext() { sed -n '/^\[Result/,$p' "$1" | tail -n +3 | grep -v '^{\|^$'; }

for spec in ${SECRETS_GAMES:-catan:3 catan:4 elasund:2 elasund:4 carcassonne:2 carcassonne:4}; do
	g=${spec%:*} n=${spec#*:}
	for seed in 1 2; do
		rm -rf "$tmp/logs" "$tmp/rec.tgn" && mkdir "$tmp/logs"
		# each bot its own seed, the same every run (a bot seeded by its
		# process id played one 4-seat Elasund game past 300 000 turns,
		# its seats taking gold turn after turn), and a bound on the moves
		# that a game of random players may never reach (the referee then
		# adjudicates it: its record ends all the same)
		set --
		k=0
		for b in a b c d; do
			k=$((k + 1))
			set -- "$@" --bot "$b=exec sh -c 'tee \$(mktemp $tmp/logs/XXXXXX) | exec $ARBITER bot --seed $((10 * seed + k))'"
		done
		"$ARBITER" match --game "$g" --players "$n" --games 1 --seed "$seed" --max-moves 5000 "$@" \
			-o "$tmp/rec.tgn" >"$tmp/out" 2>"$tmp/err"
		ok=0
		"$ARBITER" check "$tmp/rec.tgn" >"$tmp/check" 2>&1 && grep -q ' legal:' "$tmp/check" || ok=1
		report "$g $n seats seed $seed: the bots' game ends and passes check" $ok "$tmp/check"
		# every view record, made by the referee from the full record
		awk -v game="$g" -f tests/referee-requests.awk "$tmp/rec.tgn" >"$tmp/req"
		set -- $(sed -n 's/^\[Hands "\(.*\)"\]$/--tag=Hands=\1/p' "$tmp/rec.tgn" | tr ' ' '_')
		[ $# = 1 ] && set -- "$(echo "$1" | tr '_' ' ')"
		ok=0
		: >"$tmp/why"
		for log in "$tmp"/logs/*; do
			seat=$(sed -n '1s/^hello 1 [^ ]* \([^ ]*\) .*/\1/p' "$log")
			[ -n "$seat" ] || { echo "no hello in $log" >>"$tmp/why"; ok=1; continue; }
			{ cat "$tmp/req"; echo "record $seat"; } |
				"$ARBITER" referee --game "$g" --players "$n" --chance supplied "$@" \
					--format json 2>>"$tmp/why" | tail -1 | jq -r .text >"$tmp/view.tgn"
			movetext "$tmp/view.tgn" >"$tmp/want"
			told "$log" >"$tmp/got"
			if ! diff "$tmp/want" "$tmp/got" >>"$tmp/why"; then
				echo "($seat was told other than its view record)" >>"$tmp/why"
				ok=1
			fi
			# action answers: its own, or a trade it was party to
			awk -v s="$seat" '/^= (accepted|refused|choose|consent) / && $3 != s && $4 != "trade" { print "answer about another seat: " $0; bad = 1 }
				END { exit bad }' "$log" >>"$tmp/why" || ok=1
		done
		report "$g $n seats seed $seed: each seat was told exactly its view" $ok "$tmp/why"
	done
done
