#!/bin/sh
# make-seeds.sh OUT — raw seed inputs for the pipeline harnesses, written
# to OUT/HARNESS/ from the repository's own records, results and data, for
# `make fuzz-merge` to minimize into tests/fuzz/seeds/ (run `make fuzz-merge`
# with OUT = build/fuzz/work).  Run from the top of the tree with ./arbiter
# built.  The layouts are those the harnesses' opening comments describe.
set -e
out=${1:?usage: make-seeds.sh OUT}
A=${ARBITER:-./arbiter}
mkdir -p "$out/fuzz_cli" "$out/fuzz_setup" "$out/fuzz_limits" "$out/fuzz_reader" "$out/fuzz_data"
# seed HARNESS: stdin becomes a new seed of HARNESS (also in a pipeline)
seed() {
	cat >"$(mktemp "$out/$1/raw-XXXXXXXX")"
}

small=$(find corpus tests/bad -name '*.tgn' -size -6k | sort)

# fuzz_reader: the records as they are
for f in $small; do seed fuzz_reader <"$f"; done

# fuzz_cli: every record with a few command lines, the lines chosen
# in turn, so every line meets every game now and then
set -- "check FILE" "score --format=json FILE" "score --format=yaml -k FILE" \
	"check --format=tsv -k FILE" "dump FILE" "dump --at 3 --format=json FILE" \
	"dump --snapshot --at 2 FILE" "dump --labels FILE" "moves --at 2 FILE" \
	"moves --format=yaml --at 1 FILE" "fmt FILE" "fmt -i FILE | check -q FILE" \
	"select --valid FILE" "select -p Anna -v FILE" "select --tag Result=* FILE" \
	"select --invalid --game catan FILE" "standings FILE" \
	"standings --group round --include-illegal --format=json FILE" \
	"score --format=tsv FILE - FILE" "check --format=json FILE | standings OUT" \
	"check --format=yaml -k FILE | standings --format=tsv --scheme wins OUT" \
	"check --format=tsv -k FILE | standings --scheme share --group table OUT"
i=0
for f in $small; do
	for k in 1 2 3; do
		i=$((i + 1))
		eval "args=\${$((i % $# + 1))}"
		{ echo "$args"; cat "$f"; } | seed fuzz_cli
	done
	if [ -f "${f%.tgn}.args" ]; then
		{ sed 's|corpus/[^ ]*\.yaml|DATA|' "${f%.tgn}.args" | tr '\n' ' '; echo "score FILE";
		  cat "$f"; echo "%%"; cat "$(sed -n 's|.*--data \(corpus/[^ ]*\.yaml\).*|\1|p' "${f%.tgn}.args")"; } |
			seed fuzz_cli
	fi
done
for r in tests/standings/placement.json tests/standings/placement.yaml tests/standings/placement.tsv; do
	for args in "standings FILE" "standings --format=yaml --include-illegal FILE" \
		"standings --group round --scheme DATA FILE"; do
		{ echo "$args"; cat "$r"; echo "%%"; cat tests/standings/club.yaml; } | seed fuzz_cli
	done
done
for s in tests/standings/*.yaml; do
	{ echo "standings --scheme DATA --format=json FILE"; cat corpus/tournament/club-night.tgn;
	  echo "%%"; cat "$s"; } | seed fuzz_cli
done
for g in carcassonne catan elasund; do
	{ echo "--data DATA gen --game $g -n 2 --seed 5 | --data DATA score --format=json OUT"; echo "%%";
	  cat notation/$g/$g.yaml; } | seed fuzz_cli
	echo "gen --game $g -n 3 --max-moves 40 --players 3 --seed 9 | fmt OUT" | seed fuzz_cli
	echo "gen --game $g -n 2 --seed 4 | dump --at 30 --format=yaml OUT" | seed fuzz_cli
	echo "dump --labels --game $g" | seed fuzz_cli
done
for args in "--help" "--version" "check --frobnicate FILE" "dump --at x FILE" "--data DATA check FILE" \
	"select --format=json FILE" "gen --game chess" "fmt -i -" "check nonexistent" "-q check -"; do
	echo "$args" | seed fuzz_cli
done

# fuzz_setup: snapshots of the records' positions after a few moves;
# byte 0 = game index + 3 * (seats - the game's smallest)
for f in $(ls corpus/carcassonne/*.tgn corpus/catan/*.tgn corpus/elasund/*.tgn | sort); do
	case $f in
	corpus/carcassonne/*) gi=0 min=2;;
	corpus/catan/*) gi=1 min=3;;
	*) gi=2 min=2;;
	esac
	seats=$(sed -n '/^$/q; p' "$f" | grep -cE '^\[(Red|Blue|Green|Yellow|Black|White|Orange) ')
	b=$((gi + 3 * (seats - min)))
	[ "$b" -ge 0 ] || continue
	for at in 0 2 5 11 40; do
		v=$("$A" dump --snapshot --at $at "$f" 2>/dev/null | sed -n 's/^\[Setup "\(.*\)"\]$/\1/p' | head -1)
		[ -n "$v" ] || continue
		{ printf "\\$(printf %o "$b")"; printf '%s' "$v"; } | seed fuzz_setup
	done
done

# fuzz_limits: byte 0 scale, bytes 1-2 count, PREFIX NUL UNIT NUL SUFFIX
lim() { printf "\\$(printf %o "$1")\\$(printf %o "$2")\\$(printf %o "$3")"; printf "$4"; printf '\0'; printf "$5"; printf '\0'; printf "$6"; }
hdr='[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\n'
lim 1 0 65 "$hdr" "x" "\n" | seed fuzz_limits                               # a line past ARB_MAX_LINE
lim 0 4 2 "${hdr}Red " "x " "\n" | seed fuzz_limits                          # tokens past the turn's limit
lim 0 1 2 '[Game "catan"]\n' '[T "v"]\n' '\n' | seed fuzz_limits              # tags past ARB_MAX_TAGS
lim 1 0 129 "$hdr" "; a comment line that fills the game\n" "Red E 0,-1 180\n" | seed fuzz_limits   # game past 8 MiB
lim 0 255 255 "$hdr" "Red E 0,-1 180\n" "" | seed fuzz_limits                # many turns
lim 0 4 0 "" '[Game "catan"]\n[Red "A"]\n[Blue "B"]\n[White "C"]\n[Result "*"]\n\n' "" | seed fuzz_limits
lim 1 0 70 "$hdr{" "y" "}\n" | seed fuzz_limits                              # a brace comment over the limit

# fuzz_data: the games' data, and the corpus's replacements
for y in notation/*/*.yaml corpus/*/*.yaml; do seed fuzz_data <"$y"; done
# fuzz_import: byte 0 then a file of tests/import (0: recognised, as
# without --from); logs cut at a line, so they stay small
mkdir -p "$out/fuzz_import"
for f in tests/import/*.jcz; do { printf '\0'; jq -c . "$f" 2>/dev/null || cat "$f"; } | seed fuzz_import; done
for f in tests/import/*.soclog tests/import/*.log; do
	{ printf '\0'; head -c 20000 "$f" | sed '$d'; } | seed fuzz_import
done

# fuzz_match: what `arbiter bot` seats write in short matches, each line
# logged before it is sent (so the log keeps the order the runner read
# them in), the hello answers first
mkdir -p "$out/fuzz_match"
log=$(mktemp) && bot=$(mktemp) && trap 'rm -f "$log" "$bot"' EXIT
printf '#!/bin/sh\n"$1" bot --seed "$3" | while IFS= read -r l; do printf "%%s\\n" "$l" >>"$2"; printf "%%s\\n" "$l"; done\n' >"$bot"
for spec in "catan 3 7 20" "catan 4 11 12" "carcassonne 2 7 40" "carcassonne 5 9 15" "elasund 2 7 20" "elasund 4 9 10"; do
	set -- $spec
	: >"$log"
	bots=""
	for i in $(seq 1 "$2"); do bots="$bots --bot p$i='sh $bot $A $log $(($3 + i))'"; done
	eval "\"$A\" match --game $1 --players $2 $bots --games 1 --max-moves $4 -s $3 -o /dev/null" >/dev/null 2>&1 || :
	{ echo "$1 $2 $3 max $4"; grep '^hello' "$log"; grep -v '^hello' "$log"; } | seed fuzz_match
done
echo "$(find "$out" -name 'raw-*' | wc -l) seeds in $out"
