#!/bin/sh
# game-lists.sh — put the lists of games, written from the registry by
# build/tools/game-lists, into the man pages, README.md and the three
# shell completions, so that a new game needs no edit outside its folder
# and its registry line (src/games/README.md, "Adding a game").
#   sh tools/game-lists.sh           rewrite what differs (`make` runs it)
#   sh tools/game-lists.sh --check   only compare; exit 1 and a diff when
#                                    a file differs (tests/docs-test.sh)
# In the pages a list lies between two marker lines, and the begin marker
# holds the tool's arguments:
#   .\" games: man Xr page and .       ...   .\" games: end
#   <!-- games: md title -->           ...   <!-- games: end -->
# In the completions the list is the value list of --game (-g), found on
# its line and replaced there.
BUILD=${BUILD:-build}
tool=$BUILD/tools/game-lists
check=false
[ "${1:-}" = --check ] && check=true
[ -x "$tool" ] || { echo "game-lists.sh: $tool is not built (make $tool)" >&2; exit 2; }
names=$("$tool" names) || exit 2
status=0

# compare FILE NEW: show the difference (--check) or put NEW in place
compare() {
	if $check; then
		diff -u "$1" "$2" || status=1
	elif ! cmp -s "$1" "$2"; then
		cp "$2" "$1" && echo "rewrote $1"
	fi
	rm -f "$2"
}

# pages: every block between a begin marker and its end marker
for f in man/arbiter.1 man/tgn.5 man/arbiter-referee.7 README.md; do
	tmp=$(mktemp)
	TOOL=$tool awk '
		/^(\.\\" games: |<!-- games: )/ && !/ games: end/ {
			print
			args = $0
			sub(/^(\.\\" games: |<!-- games: )/, "", args)
			sub(/ -->$/, "", args)
			cmd = "\"$TOOL\" " args
			if ((cmd | getline line) <= 0) { print "game-lists.sh: " FILENAME ": " cmd " failed" > "/dev/stderr"; failed = 1 }
			else { print line; while ((cmd | getline line) > 0) print line }
			if (close(cmd) != 0) failed = 1
			skip = 1
			next
		}
		/ games: end/ { skip = 0 }
		!skip { print }
		END { exit failed }
	' "$f" >"$tmp" || { rm -f "$tmp"; exit 2; }
	compare "$f" "$tmp"
done

# completions: the value list of --game on its one line in each; a
# pattern that no longer matches its line is an error, not a silent pass
# put_values FILE SED-EXPRESSION
put_values() {
	tmp=$(mktemp)
	sed -E "$2" "$1" >"$tmp" || { rm -f "$tmp"; exit 2; }
	if ! grep -qF "$names" "$tmp"; then
		echo "game-lists.sh: $1: the --game value list was not found (its line changed?)" >&2
		rm -f "$tmp"
		exit 2
	fi
	compare "$1" "$tmp"
}
put_values completions/arbiter.bash "s/^([[:space:]]*--game\\|-g\\) values=\")[^\"]*\"/\\1$names\"/"
put_values completions/_arbiter "s/(--game=\\}'\\[[^]]*\\]:game:\\()[^)]*\\)/\\1$names)/"
put_values completions/arbiter.fish "s/(^complete .* -l game -x -a ')[^']*'/\\1$names'/"
exit $status
