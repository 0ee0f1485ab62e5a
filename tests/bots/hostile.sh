#!/bin/sh
# hostile.sh — a seat for `arbiter match` that plays by the rules (the
# first move offered) until its third go, then breaks them one way,
# chosen by MODE, so tests/match-test.sh can see each end as the forfeit
# notation/match.md says.  MARK is any word: it stays in the command line
# of this shell and its subshells, so the test can look for processes
# left behind (pgrep -f MARK).
#
# usage: hostile.sh MODE MARK
#   sleep        sleeps past its time (a loop of short sleeps)
#   ignore-term  the same, with SIGTERM ignored (only SIGKILL ends it)
#   crash        exits with status 3
#   fork-child   leaves a child holding the pipes open, then exits
#   flood        writes 100 MB without a newline
#   nul          sends a line holding a NUL byte
#   utf8         sends a line that is not UTF-8
#   other-seat   asks for another seat's moves
#   twice        sends its action twice
#   out-of-turn  sends with its action a request, left when the go is over
#   close-stdin  closes its standard input, then answers and waits (run it
#                with exec: sh -c would hold the pipe open)
#   illegal      sends an action the rules refuse
#   malformed    sends a request that is none
#   hello        answers hello with something else
#   good         none: plays the first move offered to the end
mode=$1
count=0
seat= others=
wait_long() { # a loop, so this shell (and its MARK) lives on
	i=0
	while [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}
# the first move offered, after the moves frame is read
first_move() {
	printf 'moves\n'
	IFS= read -r status || exit 0
	first=
	while IFS= read -r m && [ -n "$m" ]; do
		[ -z "$first" ] && first=$m
	done
}
skip_frame() { while IFS= read -r m && [ -n "$m" ]; do :; done; }
while IFS= read -r line; do
	set -- $line
	case $1 in
	hello)
		seat=$4
		shift 4
		for s in "$@"; do [ "$s" = "$seat" ] || others=$s; done
		count=0
		if [ "$mode" = hello ]; then printf 'olleh\n'; else printf 'hello 1 hostile\n'; fi
		;;
	go)
		count=$((count + 1))
		if [ $count -lt 3 ]; then
			first_move
			printf '%s\n' "$first"
			skip_frame
			continue
		fi
		case $mode in
		sleep) wait_long ;;
		ignore-term) trap '' TERM; wait_long ;;
		crash) exit 3 ;;
		fork-child) (trap '' TERM; wait_long) & exit 3 ;;
		flood) head -c 100000000 /dev/zero | tr '\0' x; wait_long ;;
		nul) printf 'play \000 1,1 0\n'; wait_long ;;
		utf8) printf 'play \377\376\n'; wait_long ;;
		other-seat) printf 'moves %s\n' "$others"; wait_long ;;
		out-of-turn) first_move; printf '%s\nasked\n' "$first"; skip_frame; skip_frame ;;
		twice) first_move; printf '%s\n%s\n' "$first" "$first"; skip_frame; skip_frame ;;
		close-stdin) first_move; exec 0<&-; printf '%s\n' "$first"; wait_long ;;
		illegal) printf 'play 99,99 0\n'; skip_frame; wait_long ;;
		malformed) printf 'frobnicate the board\n'; wait_long ;;
		*) first_move; printf '%s\n' "$first"; skip_frame ;;
		esac
		;;
	quit) exit 0 ;;
	esac
done
