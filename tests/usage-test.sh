#!/bin/sh
# usage-test.sh — the command line meets a person: a misspelled command
# is named as one (with the closest command), `help` and every command's
# --help work, game names are taken in any case and a misspelled one gets
# a suggestion, and a bare arbiter on a terminal says it is reading; a
# misspelled option, a synonym of a command (generate) and a misspelled
# scheme preset get the closest name.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# golden NAME WANT CMD...: the golden shape (stdout, stderr, exit) of CMD
golden() {
	name=$1
	printf '%s\n' "$2" >"$tmp/want"
	shift 2
	capture "$@" >"$tmp/got"
	if diff -u "$tmp/want" "$tmp/got" >"$tmp/why" 2>&1; then
		report "usage $name" 0
	else
		report "usage $name" 1 "$tmp/why"
	fi
}

# --- a misspelled command is not a missing file
golden "misspelled command" "stderr: arbiter: unknown command \"chek\" (did you mean check?)
stderr: Try 'arbiter --help' for more information.
exit 2" chek x.tgn
golden "unknown word, no file of that name" "stderr: arbiter: unknown command \"frobnicate\", and no file of that name
stderr: Try 'arbiter --help' for more information.
exit 2" frobnicate
# a synonym from other tools names the command (issue 38, item 13)
golden "synonym generate" "stderr: arbiter: unknown command \"generate\" (did you mean gen?)
stderr: Try 'arbiter --help' for more information.
exit 2" generate --game catan
golden "synonym format" "stderr: arbiter: unknown command \"format\" (did you mean fmt?)
stderr: Try 'arbiter --help' for more information.
exit 2" format x.tgn
# --- a misspelled long option gets the closest one
golden "misspelled option with a value" "stderr: arbiter: unknown option '--formt=json' (did you mean --format?)
stderr: Try 'arbiter --help' for more information.
exit 2" check --formt=json x.tgn
golden "misspelled option" "stderr: arbiter: unknown option '--sumary' (did you mean --summary?)
stderr: Try 'arbiter --help' for more information.
exit 2" check --sumary x.tgn
golden "unknown option, nothing close" "stderr: arbiter: unknown option '--frobnicate'
stderr: Try 'arbiter --help' for more information.
exit 2" check --frobnicate x.tgn
golden "misspelled scheme preset" "stderr: win: error: no preset or scheme file of that name (did you mean wins? the presets are placement, wins and share)
exit 2" standings --scheme=win corpus/catan/game-3p-short.tgn
golden "a missing file name is still a missing file" "stderr: $tmp/x.tgn: error: cannot open: No such file or directory
exit 2" "$tmp/x.tgn"
printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\nRed E 0,-1 180\n' >"$tmp/chek"
abs=$(cd "$(dirname "$ARBITER")" && pwd)/$(basename "$ARBITER")
(cd "$tmp" && "$abs" chek >out 2>&1)
[ $? = 0 ] && grep -q '^chek:1: unfinished' "$tmp/out"
report "usage a file named like a word is read" $? "$tmp/out"

# --- help
"$ARBITER" --help >"$tmp/long" 2>&1
capture help >"$tmp/got"
{ cat "$tmp/long"; echo "exit 0"; } >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" >"$tmp/why" 2>&1
report "usage 'arbiter help' is 'arbiter --help'" $? "$tmp/why"
"$ARBITER" help dump >"$tmp/out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^usage: arbiter dump ' "$tmp/out" && grep -q -- '--at=N' "$tmp/out" &&
	! grep -q -- '--seed' "$tmp/out" && ! grep -q '^Commands:' "$tmp/out"
report "usage 'arbiter help dump' lists dump's options only" $? "$tmp/out"
for c in check score dump fmt moves select gen standings help; do
	"$ARBITER" "$c" --help >"$tmp/out" 2>"$tmp/err"
	[ $? = 0 ] && [ ! -s "$tmp/err" ] && grep -q "^usage: arbiter .*$c" "$tmp/out" &&
		[ "$(grep -c -- '^  .*--' "$tmp/out")" -lt "$(grep -c -- '^  .*--' "$tmp/long")" ]
	report "usage arbiter $c --help: its options, on stdout" $? "$tmp/out"
done
golden "help of an unknown command" "stderr: arbiter: help: unknown command \"dupm\" (did you mean dump?)
stderr: Try 'arbiter --help' for more information.
exit 2" help dupm

# --- game names in any case
printf '[Game "Carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\nRed E 0,-1 180 city S\n' >"$tmp/cap.tgn"
golden "[Game \"Carcassonne\"]" "$tmp/cap.tgn:1: unfinished: carcassonne, 1 move; Red 4, Blue 0
exit 0" check "$tmp/cap.tgn"
"$ARBITER" gen --game Catan --max-moves 5 >"$tmp/out" 2>&1
[ $? = 0 ] && grep -q '^\[Game "catan"\]' "$tmp/out"
report "usage gen --game Catan" $? "$tmp/out"
"$ARBITER" select --game CARCASSONNE <"$tmp/cap.tgn" >"$tmp/out" 2>&1
[ $? = 0 ] && cmp -s "$tmp/out" "$tmp/cap.tgn"
report "usage select --game CARCASSONNE keeps [Game \"Carcassonne\"]" $? "$tmp/out"
golden "dump --labels --game ELASUND" "exit 0" -q dump --labels --game ELASUND
golden "--game misspelled" "stderr: arbiter: --game: unknown game 'Catann' (did you mean catan?)
stderr: Try 'arbiter --help' for more information.
exit 2" gen --game Catann
golden "--game unknown" "stderr: arbiter: --game: unknown game 'chess' (arbiter knows carcassonne, catan, elasund)
stderr: Try 'arbiter --help' for more information.
exit 2" gen --game chess
golden "--format misspelled" "stderr: arbiter: --format: 'jsno' is not one of text, yaml, json, tsv, svg, html (did you mean json?)
stderr: Try 'arbiter --help' for more information.
exit 2" check --format=jsno

# --- a bare arbiter on a terminal says what it waits for (not when
# standard input is a file or a pipe: tests/cli-test.sh)
if command -v python3 >/dev/null 2>&1; then
	python3 - "$ARBITER" >"$tmp/out" 2>&1 <<'PY'
import os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
out, end = b'', time.time() + 10
while time.time() < end and b'Ctrl-D' not in out:
    if select.select([fd], [], [], 0.05)[0]:
        out += os.read(fd, 4096)
os.write(fd, b'\x04')  # end of input, as the hint says
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors='replace').replace('\r', ''))
print('exit', os.waitstatus_to_exitcode(status))
PY
	printf '%s\n' "arbiter: reading records from standard input (end with Ctrl-D; 'arbiter --help' for usage)" \
		"<stdin>: error: no game records in the input" "exit 2" >"$tmp/want"
	diff -u "$tmp/want" "$tmp/out" >"$tmp/why" 2>&1
	report "usage bare arbiter on a terminal says it reads standard input" $? "$tmp/why"
else
	echo "FAIL usage bare arbiter on a terminal: python3 is missing (sh tools/deps.sh installs it)"
fi
