#!/bin/sh
# docs-test.sh — the documentation cannot drift from the program: every
# command and option that `arbiter --help` lists (which comes from the one
# table in src/cli/options.h) must appear in the man page and in the bash,
# zsh and fish completions; the man pages must be mandoc -Tlint clean.
# (tests/options-test.sh holds the completions to the table more closely:
# value lists, options with arguments, and no option or command too many.)
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
help=$("$ARBITER" --help)
longs=$(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z-]*' | sort -u)
shorts=$(printf '%s\n' "$help" | grep -o -- '^  -[a-zA-Z],' | tr -d ' ,-' | sort -u)
cmds=$(printf '%s\n' "$help" | sed -n '/^Commands:/,/^$/p' | awk 'NF>1{print $1}')
[ -n "$longs" ] && [ -n "$cmds" ] || { echo "FAIL docs: cannot read --help"; exit 0; }

check_file() { # NAME FILE LONG-PATTERN SHORT-PATTERN
	: >"$tmp"
	for o in $longs; do
		name=${o#--}
		pat=$(printf -- "$3" "$name")
		grep -q -- "$pat" "$2" || echo "$2 does not name $o" >>"$tmp"
	done
	for s in $shorts; do
		pat=$(printf -- "$4" "$s")
		grep -q -- "$pat" "$2" || echo "$2 does not name -$s" >>"$tmp"
	done
	for c in $cmds; do
		grep -qw -- "$c" "$2" || echo "$2 does not name command $c" >>"$tmp"
	done
	report "docs $1" $([ -s "$tmp" ] && echo 1 || echo 0) "$tmp"
}
check_file "man page" man/arbiter.1 'Fl -%s' '^\.It Fl %s'
check_file "bash completion" completions/arbiter.bash '--%s' '-%s'
check_file "zsh completion" completions/_arbiter '--%s' '-%s'
check_file "fish completion" completions/arbiter.fish '-l %s' '-s %s'

# every option in the man page exists in --help (no stale documentation)
: >"$tmp"
for o in $(grep '^\.It Fl' man/arbiter.1 | grep -o 'Fl -[a-z][a-z-]*' | sed 's/Fl -/--/'); do
	printf '%s\n' "$longs" | grep -qx -- "$o" || echo "man page documents $o, which --help lacks" >>"$tmp"
done
report "docs man page has no stale options" $([ -s "$tmp" ] && echo 1 || echo 0) "$tmp"

if command -v mandoc >/dev/null 2>&1; then
	if mandoc -Tlint -Wwarning man/*.1 man/*.5 man/*.7 >"$tmp" 2>&1; then
		report "docs mandoc -Tlint" 0
	else
		report "docs mandoc -Tlint" 1 "$tmp"
	fi
else
	echo "mandoc not installed" >"$tmp"
	report "docs mandoc -Tlint" 1 "$tmp"
fi

# The EXAMPLES of arbiter(1) are real commands: each runs (in order, in a
# scratch folder that sees the corpus) and must exit 0 or 1, never 2 or a
# signal, so the manual cannot rot.
scratch=$(mktemp -d)
mkdir -p "$scratch/bin"
ln -s "$(pwd)/corpus" "$scratch/corpus"
ln -s "$(pwd)/tests" "$scratch/tests"
ln -s "$(pwd)/examples" "$scratch/examples"
ln -s "$(cd "$(dirname "$ARBITER")" && pwd)/$(basename "$ARBITER")" "$scratch/bin/arbiter"
grep '^\.Dl \$ ' man/arbiter.1 | sed 's/^\.Dl \$ //' >"$scratch/example-lines"
while IFS= read -r example; do
	case $example in
	*"arbiter gen"*)
		# runs once every engine generates (arbiter gen --game G works)
		g=$(printf '%s\n' "$example" | sed 's/.*--game \([a-z]*\).*/\1/')
		"$ARBITER" gen --game "$g" >/dev/null 2>&1 || continue ;;
	esac
	(cd "$scratch" && PATH="$scratch/bin:$PATH" sh -c "$example") >"$tmp" 2>&1
	rc=$?
	[ $rc -le 1 ]
	report "docs example: $example" $? "$tmp"
done <"$scratch/example-lines"
rm -rf "$scratch"

# The README's tour is real output: every block that starts with
# "$ COMMAND" must print exactly the lines below it.
awk -v dir="$tmp.readme" '
	/^```/ { if (inblock) { close(out); inblock = 0 } else { inblock = 1; n++; first = 1 } next }
	inblock && first { first = 0; if ($0 ~ /^\$ /) { out = dir "." n; print > out } else inblock = 0; next }
	inblock { print > out }
' README.md
for block in "$tmp".readme.*; do
	[ -f "$block" ] || continue
	cmd=$(head -1 "$block" | sed 's/^\$ //')
	tail -n +2 "$block" >"$block.want"
	# a file the tour writes under /tmp goes to this run's own folder: two
	# runs at once (make check beside make sanitize) must not share it
	mkdir -p "$tmp.tourdir"
	run=$(printf '%s\n' "$cmd" | sed "s|\./arbiter|$ARBITER|g; s|/tmp/|$tmp.tourdir/|g")
	sh -c "$run" >"$block.got" 2>&1
	if diff -u "$block.want" "$block.got" >"$tmp" 2>&1; then
		report "docs README: $cmd" 0
	else
		report "docs README: $cmd" 1 "$tmp"
	fi
	rm -f "$block" "$block.want" "$block.got"
done
rm -rf "$tmp.tourdir"

# Prose slips that once shipped (issue 11, item 20): a doubled word, a
# section written twice, an example that contradicts the rule beside it.
: >"$tmp"
grep -n -i -E '\b(the|a|of|to) \1\b' man/*.1 man/*.5 man/*.7 notation/*.md README.md >>"$tmp"
for f in notation/*.md; do
	grep '^## ' "$f" | sed 's/ (.*//' | sort | uniq -d | sed "s|^|$f: section twice: |" >>"$tmp"
done
# the cards of tgn-catan(5)'s example are in the order it states
ex=$(sed -n '/^Cards are written/{n;p;}' man/tgn-catan.5 | sed 's/^\.Li \([^ ]*\) ,*$/\1/')
printf '[Game "catan"]\n[Red "A"]\n[Blue "B"]\n[White "C"]\n\nRed settlement g5 road f5-g5 gets Red %s\n' "$ex" >"$tmp.tgn"
"$ARBITER" fmt "$tmp.tgn" 2>&1 | tail -1 | grep -q -- "gets Red $ex\$" ||
	echo "tgn-catan.5: the card example '$ex' is not in canonical order" >>"$tmp"
rm -f "$tmp.tgn"
report "docs prose: no doubled words, no section twice, card example canonical" \
	$([ -s "$tmp" ] && echo 1 || echo 0) "$tmp"

# The Elasund reference tables of elasund.md and tgn-elasund(5) are the
# ones tools/doc-tables writes from the game data (issue 11, item 18).
if sh tools/doc-tables.sh --check >"$tmp" 2>&1; then
	report "docs Elasund tables equal the game data" 0
else
	echo "(sh tools/doc-tables.sh rewrites them)" >>"$tmp"
	report "docs Elasund tables equal the game data" 1 "$tmp"
fi

# The lists of games in the man pages, README.md and the completions are
# the registry's (tools/game-lists.sh; src/games/README.md, "Adding a game").
if sh tools/game-lists.sh --check >"$tmp" 2>&1; then
	report "docs game lists equal the registry" 0
else
	echo "(make game-lists rewrites them)" >>"$tmp"
	report "docs game lists equal the registry" 1 "$tmp"
fi

# src/games/README.md's tables of files match the tree (issue 34): every
# file of an engine is named there (a file of a subfolder by its path in
# the engine, or a header by its name), every file named there exists, and
# what the first table gives every engine (the rows that do not say
# "only") is in every engine.
: >"$tmp"
named=$(grep -o '`[A-Za-z0-9_<>/.-]*\.[ch]`' src/games/README.md | tr -d '`' | sort -u)
everyone=$(awk '/^## The same files in every engine/ { on = 1 } on && /^\|/ { row = 1; print; next } row { exit }' \
	src/games/README.md | grep '^| `' |
	grep -v ' only' | grep -v '^| rule files' | cut -d'|' -f2 | grep -o '`[^`]*`' | tr -d '`')
[ -n "$everyone" ] || echo "src/games/README.md: no table of the files every engine has" >>"$tmp"
for dir in src/games/*/; do
	game=$(basename "$dir")
	for f in "$dir"*.[ch] "$dir"*/*.[ch]; do
		[ -e "$f" ] || continue
		rel=${f#"$dir"}
		case $rel in "$game".[ch]) rel="<game>${rel#"$game"}" ;; esac
		printf '%s\n' "$named" | grep -qxF -e "$rel" -e "${rel##*/}" ||
			echo "src/games/README.md does not name $f" >>"$tmp"
	done
	for f in $everyone; do
		[ -e "$dir$(printf '%s' "$f" | sed "s/<game>/$game/")" ] ||
			echo "$dir has no $f, which src/games/README.md gives every engine" >>"$tmp"
	done
done
for f in $named; do
	case $f in
	*'<game>'*) continue ;;
	esac
	found=false
	for g in src/games/*/"$f" src/games/*/*/"$f"; do [ -e "$g" ] && found=true; done
	$found || echo "src/games/README.md names $f, which no engine has" >>"$tmp"
done
report "docs src/games/README.md's file tables match the tree" $([ -s "$tmp" ] && echo 1 || echo 0) "$tmp"

# Catan's pages say which intersections border a hex (the rule itself is
# held to the engine by tests/games/catan/test_coordinates.c).
grep -q 'Hex `A` has `d1`, `c1`, `e1`,' notation/catan.md &&
	grep -q '^\.Cm d1 , c1 , e1 , c2 , e2 , d2 \.$' man/tgn-catan.5
report "docs Catan: the corners of a hex" $?
