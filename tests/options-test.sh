#!/bin/sh
# options-test.sh — the option table (src/cli/options.h) against what
# depends on it.  `arbiter --help` and `arbiter COMMAND --help` are printed
# from the table, so they stand for it here:
#   - the bash, zsh and fish completions name exactly its commands and
#     options, offer exactly its value lists (formats, games, groups,
#     schemes), and know which options take an argument;
#   - `arbiter help COMMAND` is `arbiter COMMAND --help`, and every option
#     of --help belongs to some command;
#   - every command refuses, as a usage error naming the commands that
#     take it, each option its --help does not list, and accepts the others.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$ARBITER" --help >"$tmp/help" 2>&1 || { echo "FAIL options: arbiter --help failed"; exit 0; }
sed -n '/^Commands:/,/^$/p' "$tmp/help" | awk 'NF > 1 { print $1 }' >"$tmp/commands"
# option lines: "  -f, --format=FMT   help" or "      --at=N   help"
opt_lines() { grep -E '^  (-[a-zA-Z], |    )--[a-z]' "$1"; }
opt_lines "$tmp/help" | sed -E 's/^ *(-[a-zA-Z], )?--([a-z-]+).*/\2/' | sort >"$tmp/longs"
opt_lines "$tmp/help" | sed -nE 's/^  -([a-zA-Z]), .*/\1/p' | sort >"$tmp/shorts"
opt_lines "$tmp/help" | sed -nE 's/^ *(-[a-zA-Z], )?--([a-z-]+)=.*/\2/p' | sort >"$tmp/with-arg"
# value lists end a help line: ": a, b or c" (one of) or ": a, b, or a file"
opt_lines "$tmp/help" | sed -nE 's/^ *(-[a-zA-Z], )?--([a-z-]+)=.*: ([a-z-]+(, [a-z-]+)*)( or [a-z-]+|, or a file)?$/\2 \3\5/p' |
	sed -E 's/, or a file$//; s/ or /, /; s/, / /g' | sort >"$tmp/values"
[ -s "$tmp/commands" ] && [ -s "$tmp/longs" ] && [ -s "$tmp/values" ] ||
	{ echo "FAIL options: cannot read arbiter --help"; exit 0; }
# the short letter of each long option that has one
opt_lines "$tmp/help" | sed -nE 's/^  -([a-zA-Z]), --([a-z-]+).*/\2 \1/p' | sort >"$tmp/short-of"

# same NAME WANT GOT: a result line, the difference as its detail
same() {
	if diff -u "$2" "$3" >"$tmp/why" 2>&1; then report "options $1" 0; else report "options $1" 1 "$tmp/why"; fi
}
words() { tr ' ' '\n' | grep . | sort -u; }

# --- bash
b=completions/arbiter.bash
sed -n 's/^[[:space:]]*local commands="\(.*\)"/\1/p' $b | words >"$tmp/got"
sort -u "$tmp/commands" >"$tmp/want"
same "bash completion: commands" "$tmp/want" "$tmp/got"
sed -n 's/^[[:space:]]*local opts="\(.*\)"/\1/p' $b | words >"$tmp/got"
{ sed 's/^/--/' "$tmp/longs"; sed 's/^/-/' "$tmp/shorts"; } | sort -u >"$tmp/want"
same "bash completion: options" "$tmp/want" "$tmp/got"
# "--format|-f) values="text yaml json tsv" ..."
sed -nE 's/^[[:space:]]*--([a-z-]+)(\|-[a-zA-Z])?\) values="([^"]*)".*/\1 \3/p' $b | sort >"$tmp/got"
same "bash completion: values" "$tmp/values" "$tmp/got"
# every option with an argument is a case of $prev (no file names after --seed)
sed -n '/case \$prev in/,/^[[:space:]]*\*)/p' $b | grep -oE -- '--[a-z-]+' | sed 's/^--//' | sort -u >"$tmp/got"
same "bash completion: options that take an argument" "$tmp/with-arg" "$tmp/got"

# --- zsh
z=completions/_arbiter
sed -nE "s/^[[:space:]]*'([a-z]+):.*'\$/\1/p" $z | sort -u >"$tmp/got"
sort -u "$tmp/commands" >"$tmp/want"
same "zsh completion: commands" "$tmp/want" "$tmp/got"
grep -oE -- "--[a-z-]+[]=[}]" $z | sed 's/^--//; s/.$//' | sort -u >"$tmp/got"
same "zsh completion: options" "$tmp/longs" "$tmp/got"
grep -oE -- "\{?-[a-zA-Z][+,]" $z | sed 's/^{//; s/^-//; s/.$//' | sort -u >"$tmp/got"
same "zsh completion: short options" "$tmp/shorts" "$tmp/got"
grep -oE -- "--[a-z-]+=" $z | sed 's/^--//; s/=$//' | sort -u >"$tmp/got"
same "zsh completion: options that take an argument" "$tmp/with-arg" "$tmp/got"
sed -nE "s/.*--([a-z-]+)=.*:\(([a-z -]+)\)'.*/\1 \2/p" $z | sort >"$tmp/got"
same "zsh completion: values" "$tmp/values" "$tmp/got"

# --- fish
f=completions/arbiter.fish
sed -n 's/^set -l commands //p' $f | words >"$tmp/got"
sort -u "$tmp/commands" >"$tmp/want"
same "fish completion: commands" "$tmp/want" "$tmp/got"
sed -nE 's/.*seen_subcommand_from \$commands" -a ([a-z]+) .*/\1/p' $f | sort -u >"$tmp/got"
same "fish completion: commands described" "$tmp/want" "$tmp/got"
grep '^complete ' $f | grep -oE -- ' -l [a-z-]+' | sed 's/ -l //' | sort -u >"$tmp/got"
same "fish completion: options" "$tmp/longs" "$tmp/got"
sed -nE 's/.* -s ([a-zA-Z]) -l ([a-z-]+).*/\2 \1/p' $f | sort >"$tmp/got"
same "fish completion: short options" "$tmp/short-of" "$tmp/got"
sed -nE 's/.* -l ([a-z-]+) .*-[xr]( |$).*/\1/p' $f | sort -u >"$tmp/got"
same "fish completion: options that take an argument" "$tmp/with-arg" "$tmp/got"
sed -nE "s/.* -l ([a-z-]+) .*-a '([a-z -]+)'.*/\1 \2/p" $f | sort >"$tmp/got"
same "fish completion: values" "$tmp/values" "$tmp/got"

# --- per-command help: `help COMMAND` is `COMMAND --help`; each lists a
# subset of --help, and together they cover it
: >"$tmp/all-per-command"
: >"$tmp/bad"
for c in $(cat "$tmp/commands"); do
	"$ARBITER" "$c" --help >"$tmp/c-help" 2>&1 || echo "arbiter $c --help failed" >>"$tmp/bad"
	"$ARBITER" help "$c" >"$tmp/h-help" 2>&1 || echo "arbiter help $c failed" >>"$tmp/bad"
	cmp -s "$tmp/c-help" "$tmp/h-help" || echo "arbiter help $c differs from arbiter $c --help" >>"$tmp/bad"
	opt_lines "$tmp/c-help" | sed -E 's/^ *(-[a-zA-Z], )?--([a-z-]+).*/\2/' | sort >"$tmp/takes.$c"
	comm -23 "$tmp/takes.$c" "$tmp/longs" | sed "s/^/$c --help lists an option --help lacks: /" >>"$tmp/bad"
	opt_lines "$tmp/c-help" >>"$tmp/all-per-command"
	opt_lines "$tmp/c-help" | sort >"$tmp/c-lines"
	opt_lines "$tmp/help" | sort | comm -13 - "$tmp/c-lines" |
		sed "s/^/$c --help prints a line --help lacks: /" >>"$tmp/bad"
done
sed -E 's/^ *(-[a-zA-Z], )?--([a-z-]+).*/\2/' "$tmp/all-per-command" | sort -u | comm -13 - "$tmp/longs" |
	sed 's/^/no command takes --/' >>"$tmp/bad"
report "options per-command --help" $([ -s "$tmp/bad" ] && echo 1 || echo 0) "$tmp/bad"

# --- every command against every option: refused with the commands that
# take it named, or accepted (whatever else it then says)
valid_arg() { # LONG: an argument the option accepts
	case $1 in
	tag) echo Event=x ;;
	data|scheme) echo "$tmp/none.yaml" ;;
	sprt) echo 0,10 ;;
	*) v=$(sed -n "s/^$1 \([a-z]*\).*/\1/p" "$tmp/values"); echo "${v:-1}" ;;
	esac
}
: >"$tmp/bad"
for c in $(cat "$tmp/commands"); do
	while read -r o; do
		if grep -qx "$o" "$tmp/with-arg"; then set -- "--$o" "$(valid_arg "$o")"; else set -- "--$o"; fi
		"$ARBITER" "$c" "$@" </dev/null >/dev/null 2>"$tmp/err"
		rc=$?
		if grep -qx "$o" "$tmp/takes.$c"; then
			grep -q 'works with' "$tmp/err" && echo "arbiter $c $*: refused, but $c --help lists --$o" >>"$tmp/bad"
		else
			who=$(grep -l -- "--$o" "$tmp"/takes.* | sed 's/.*takes\.//' | head -1)
			if [ $rc != 2 ] || ! grep -q "^arbiter: .*--$o works with .*$who" "$tmp/err"; then
				echo "arbiter $c $*: exit $rc, not a usage error naming $who:" >>"$tmp/bad"
				cat "$tmp/err" >>"$tmp/bad"
			fi
		fi
	done <"$tmp/longs"
done
report "options every command refuses the options it does not take" $([ -s "$tmp/bad" ] && echo 1 || echo 0) "$tmp/bad"

capture check --seed 3 >"$tmp/got"
printf '%s\n' "stderr: arbiter: -s/--seed works with gen, referee, bot and match only, not check" \
	"stderr: Try 'arbiter check --help' for more information." "exit 2" >"$tmp/want"
same "check --seed 3 names gen" "$tmp/want" "$tmp/got"
