#!/bin/sh
# A seat for arbiter's referee protocol that plays at random, in POSIX sh.
#
# The host (`arbiter match`) writes hello, news, go, over and quit lines
# (notation/protocol.md, "Seats"); on each go the bot asks for moves, reads
# the requests offered up to the empty line and sends one back as it is.
# Random numbers come from awk's rand(), seeded from $1 and a counter so
# that the same seed plays the same game.
#
# usage: random_bot.sh [SEED]
seed=${1:-1}
count=0
seat=
while IFS= read -r line; do
	set -- $line
	case $1 in
	hello)
		seat=$4
		printf 'hello 1 random_bot.sh\n'
		;;
	go)
		printf 'moves %s\n' "$seat"
		IFS= read -r status || exit 0
		moves=
		n=0
		while IFS= read -r m && [ -n "$m" ]; do
			moves="$moves$m
"
			n=$((n + 1))
		done
		case $status in
		=*) ;;
		*) echo "random_bot.sh: $status" >&2; exit 2 ;;
		esac
		[ "$n" -gt 0 ] || { echo "random_bot.sh: no moves offered" >&2; exit 2; }
		count=$((count + 1))
		k=$(awk -v s="$seed" -v c="$count" -v n="$n" \
			'BEGIN { srand(s * 7919 + c); print int(rand() * n) + 1 }')
		printf '%s' "$moves" | sed -n "${k}p"
		# the action's answer, up to its empty line
		while IFS= read -r m && [ -n "$m" ]; do :; done
		;;
	quit) exit 0 ;;
	esac
done
