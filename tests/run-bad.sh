#!/bin/sh
# run-bad.sh — bad input: every file under tests/bad/ is checked and must
# give exactly the diagnostic and exit status in NAME.expect.  The large
# cases (a 1 MB line, 10,000 games) are made by tests/bad/generate.sh under
# build/bad/ and fed on standard input, so their diagnostics name <stdin>.
# NAME.args, when present, holds extra arguments (e.g. -q).
. "$(dirname "$0")/lib.sh"
gen=build/bad
sh tests/bad/generate.sh "$gen" || { echo "FAIL bad generate.sh"; exit 0; }
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.diff"' EXIT
for input in $(find tests/bad "$gen" -type f ! -name '*.expect' ! -name '*.sh' ! -name '*.args' | sort); do
	name=$(basename "$input")
	stem=${name%.*}
	exp=tests/bad/$stem.expect
	args=
	[ -f "tests/bad/$stem.args" ] && args=$(cat "tests/bad/$stem.args")
	case $input in
	"$gen"/*) STDIN=$input capture check $args - >"$tmp" ;;
	*) capture check $args "$input" >"$tmp" ;;
	esac
	if [ ! -f "$exp" ]; then
		echo "no expected output $exp" >"$tmp.diff"
		report "bad $name" 1 "$tmp.diff"
		continue
	fi
	if diff -u "$exp" "$tmp" >"$tmp.diff" 2>&1; then
		report "bad $name" 0
	else
		report "bad $name" 1 "$tmp.diff"
	fi
done
