#!/bin/sh
# run-corpus.sh — every record under corpus/ replayed and compared with the
# expected outputs stored beside it.
#
# For corpus/G/NAME.tgn, each file NAME.CMD or NAME.CMD.FMT beside it holds
# the expected result of `arbiter CMD [--format=FMT] corpus/G/NAME.tgn`
# (stdout, stderr lines prefixed "stderr: ", "exit N").  A record must have
# at least NAME.check, must be canonical (fmt prints it unchanged) unless a
# NAME.fmt golden file shows what fmt makes of it, and its JSON output must
# parse with jq.  NAME.args, when present, holds extra arguments for every
# run (e.g. --data corpus/tgn/mini.yaml).
#
#   sh tests/run-corpus.sh                 run everything
#   sh tests/run-corpus.sh --update FILE.tgn [CMD[.FMT]...]
#       write the expected files of one record from the current output
#       (default: check and score).  Check them by hand before committing.
. "$(dirname "$0")/lib.sh"

if [ "${1:-}" = "--update" ]; then
	rec=$2
	shift 2
	[ $# -eq 0 ] && set -- check score
	base=${rec%.tgn}
	args=
	[ -f "$base.args" ] && args=$(cat "$base.args")
	for spec in "$@"; do
		cmd=${spec%%.*}
		fmt=
		[ "$cmd" != "$spec" ] && fmt=${spec#*.}
		if [ -n "$fmt" ]; then
			capture $args "$cmd" --format="$fmt" "$rec" >"$base.$spec"
		else
			capture $args "$cmd" "$rec" >"$base.$spec"
		fi
		echo "wrote $base.$spec"
	done
	exit 0
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for rec in $(find corpus -name '*.tgn' | sort); do
	base=${rec%.tgn}
	args=
	[ -f "$base.args" ] && args=$(cat "$base.args")
	if [ ! -f "$base.check" ]; then
		echo "no expected output $base.check" >"$tmp"
		report "corpus $rec" 1 "$tmp"
		continue
	fi
	for exp in "$base".*; do
		spec=${exp#"$base".}
		case $spec in tgn|args|yaml) continue ;; esac
		cmd=${spec%%.*}
		fmt=
		[ "$cmd" != "$spec" ] && fmt=${spec#*.}
		case $cmd in check|score|dump|fmt|moves|standings) ;; *) continue ;; esac
		if [ -n "$fmt" ]; then
			capture $args "$cmd" --format="$fmt" "$rec" >"$tmp"
		else
			capture $args "$cmd" "$rec" >"$tmp"
		fi
		if diff -u "$exp" "$tmp" >"$tmp.diff" 2>&1; then
			report "corpus $exp" 0
		else
			report "corpus $exp" 1 "$tmp.diff"
		fi
		rm -f "$tmp.diff"
	done
	# canonical: fmt(x) == x, unless NAME.fmt shows what fmt makes of it;
	# stable either way: fmt(fmt(x)) == fmt(x)
	"$ARBITER" $args fmt "$rec" >"$tmp" 2>&1
	fmt_rc=$?
	"$ARBITER" $args fmt - <"$tmp" >"$tmp.2" 2>&1
	if [ $fmt_rc != 0 ]; then
		: # a record fmt cannot format (it has NAME.fmt showing why)
	elif ! cmp -s "$tmp" "$tmp.2"; then
		diff -u "$tmp" "$tmp.2" >"$tmp.diff" 2>&1
		report "stable $rec" 1 "$tmp.diff"
	else
		report "stable $rec" 0
	fi
	rm -f "$tmp.2" "$tmp.diff"
	if [ -f "$base.fmt" ]; then
		:
	elif cmp -s "$tmp" "$rec"; then
		report "canonical $rec" 0
	else
		diff -u "$rec" "$tmp" >"$tmp.diff" 2>&1
		report "canonical $rec" 1 "$tmp.diff"
		rm -f "$tmp.diff"
	fi
	# the JSON output parses
	if "$ARBITER" $args score --format=json "$rec" 2>/dev/null | jq -e . >/dev/null 2>"$tmp"; then
		report "json $rec" 0
	else
		report "json $rec" 1 "$tmp"
	fi
done
