#!/bin/sh
# bash-completion-test.sh — completions/arbiter.bash in plain bash, without
# the bash-completion package: the function is called as bash calls it
# (COMP_WORDS, COMP_CWORD) and its replies compared; then, when python3 is
# there to drive a terminal, an interactive bash completes real command
# lines with TAB: a directory ends with '/' and no space, and --format=
# completes its values.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
comp=$(pwd)/completions/arbiter.bash
if ! command -v bash >/dev/null 2>&1; then
	echo "SKIP bash completion: bash not installed"
	exit 0
fi
mkdir -p "$tmp/dir/corpus/sub"
: >"$tmp/dir/corpus/a.tgn"
: >"$tmp/dir/game.tgn"
: >"$tmp/dir/notes.txt"
for f in save.jcz game.soclog server.log results.json results.yaml results.tsv; do
	: >"$tmp/dir/$f"
done

# reply NAME WANT WORD...: the replies to completing the last WORD, sorted,
# one per line, must be WANT (words separated by spaces)
reply() {
	name=$1 want=$2
	shift 2
	(cd "$tmp/dir" && bash --norc --noprofile -c '
		source "$0" || exit 2
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*" COMP_POINT=${#COMP_LINE}
		_arbiter
		((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}"; :' "$comp" arbiter "$@") 2>"$tmp/err" | sort >"$tmp/got"
	printf '%s\n' $want | grep . | sort >"$tmp/want"
	if diff -u "$tmp/want" "$tmp/got" >"$tmp/why" 2>&1 && [ ! -s "$tmp/err" ]; then
		report "bash completion $name" 0
	else
		cat "$tmp/err" >>"$tmp/why"
		report "bash completion $name" 1 "$tmp/why"
	fi
}
reply "first word: commands, records, folders" "gen game.tgn" g
# what each command reads (issue 38, item 5)
reply "import: other programs' files" "corpus save.jcz game.soclog server.log" import ''
reply "standings: records and results" "corpus game.tgn results.json results.yaml results.tsv" standings ''
reply "gen reads no file" "" gen ''
reply "help's operand: commands" "dump" help d
reply "operand after a command: records and folders" "corpus game.tgn" check ''
reply "--format VALUE" "json" check --format j
reply "--format=VALUE" "json" check --format = j
reply "--format= (nothing typed yet)" "text yaml json tsv svg html" check --format =
reply "--format=VALUE when '=' is no word break" "--format=json" check --format=j
reply "-f VALUE" "text tsv" -f t
reply "--game=VALUE" "carcassonne catan" gen --game = ca
reply "--group=VALUE" "round" standings --group = r
reply "--scheme VALUE" "wins" standings --scheme w
reply "options" "--game --games --gauntlet --group" --g
reply "--seed takes a number: nothing offered" "" gen --seed ''
reply "-o: folders only" "corpus" view -o ''
reply "command after an option's argument" "game.tgn" --game catan select g

# Interactive: what readline makes of the replies.
if ! command -v python3 >/dev/null 2>&1; then
	echo "FAIL bash completion on a terminal: python3 is missing (sh tools/deps.sh installs it)"
	exit 0
fi
# type LINE...: each LINE typed into an interactive bash in which arbiter
# is a function printing its arguments as <arg>; prints what it printed
type_lines() {
	(cd "$tmp/dir" && python3 - "$comp" "$@" <<'PY'
import os, pty, select, sys, time
comp, lines = sys.argv[1], sys.argv[2:]
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(PS1='$ ', INPUTRC='/dev/null', TERM='dumb')
    os.execvp('bash', ['bash', '--norc', '--noprofile', '-i'])
def drain(seconds, until=None):
    # read for `seconds`, or until `until` has been read (a loaded machine
    # is slow to echo; an idle one should not make the test wait)
    out, end = b'', time.time() + seconds
    while time.time() < end and not (until and until in out):
        if select.select([fd], [], [], 0.05)[0]:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out
os.write(fd, b"bind 'set bell-style none'; source '%s'; "
         b"arbiter() { printf '<%%s>' \"$@\"; echo '>''done'; }\n" % comp.encode())
drain(1.0)
out = b''
for line in lines:
    os.write(fd, line.encode().replace(b'TAB', b'\t') + b'\n')
    out += drain(10.0, until=b'>done')
os.write(fd, b'exit\n')
drain(1.0)
for l in out.decode(errors='replace').replace('\r', '').split('\n'):
    if l.startswith('<'):
        print(l.replace('>done', ''))
PY
	)
}
type_lines 'arbiter check corTABx' 'arbiter check --format=jsTAB' 'arbiter check --format jTAB' >"$tmp/got" 2>&1
printf '%s\n' '<check><corpus/x>' '<check><--format=json>' '<check><--format><json>' >"$tmp/want"
if diff -u "$tmp/want" "$tmp/got" >"$tmp/why" 2>&1; then
	report "bash completion on a terminal: folder/ without a space, --format=json" 0
else
	report "bash completion on a terminal: folder/ without a space, --format=json" 1 "$tmp/why"
fi
