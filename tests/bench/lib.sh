# lib.sh — what bench.sh and threads.sh share, sourced by both: the
# median of numbers, and the wall time of two arbiter processes at once
# (what the machine allows two threads, beside -j 2).  Both need
# $runstat and $arbiter set.

median() { # numbers on stdin, one a line -> their median
	sort -n | awk '{ r[NR] = $1 } END { print (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2 }'
}

# FILE ARG... -> seconds until two `arbiter ARG...` reading FILE at once
# both end (the shell that starts them adds about 2.5 ms: under 1 % of
# a 50 MB run)
two_at_once() { # (the inner shell's variables: POSIX sh has no local)
	"$runstat" sh -c 'a=$1 f=$2; shift 2; "$a" "$@" <"$f" & "$a" "$@" <"$f"; wait' sh "$arbiter" "$@" \
		2>&1 >/dev/null | awk '/^seconds/ { print $2 }'
}
