#!/bin/sh
# gen-test.sh — `arbiter gen` for every game whose engine generates:
# generated games are accepted by check (exit 0) and canonical (fmt leaves
# them unchanged); the same seed gives the same bytes, another seed other
# bytes; and a corrupted stream (a turn line deleted in every fifth game)
# exits 1 with exactly one illegal verdict per corrupted game.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
N=${GEN_TEST_COUNT:-100}
for g in $(games); do
	if ! "$ARBITER" gen --game "$g" --count 1 >/dev/null 2>"$tmp/err"; then
		echo "SKIP gen $g: $(cat "$tmp/err")"
		continue
	fi
	"$ARBITER" gen --game "$g" --seed 7 --count "$N" >"$tmp/a.tgn" 2>"$tmp/err"
	report "gen $g writes $N games" $? "$tmp/err"
	"$ARBITER" check -q "$tmp/a.tgn" 2>"$tmp/err"
	report "gen $g: check accepts every game" $? "$tmp/err"
	"$ARBITER" fmt "$tmp/a.tgn" >"$tmp/f.tgn" 2>"$tmp/err" && cmp -s "$tmp/f.tgn" "$tmp/a.tgn"
	report "gen $g: the output is canonical" $?
	"$ARBITER" gen --game "$g" --seed 7 --count "$N" | cmp -s - "$tmp/a.tgn"
	report "gen $g: same seed, same bytes" $?
	"$ARBITER" gen --game "$g" --seed 8 --count "$N" | cmp -s - "$tmp/a.tgn"
	[ $? = 1 ]; report "gen $g: another seed, other bytes" $?
	# corrupt: in every fifth game drop the fourth turn line
	awk '
		/^\[Game / { game++; turn = 0; inmoves = 0 }
		/^$/ { if (!inmoves && game) inmoves = 1; print; next }
		inmoves && !/^\[/ { turn++; if (game % 5 == 0 && turn == 4) next }
		{ print }
	' "$tmp/a.tgn" >"$tmp/bad.tgn"
	"$ARBITER" check "$tmp/bad.tgn" >"$tmp/out" 2>&1
	rc=$?
	bad=$(grep -c ': illegal: move ' "$tmp/out")
	want=$((N / 5))
	[ $rc = 1 ] && [ "$bad" = "$want" ]
	report "gen $g: a corrupted stream exits 1 naming $want illegal games (got exit $rc, $bad)" $? "$tmp/out"
done

# carcassonne: 1,000 generated games through the tool, 250 per seat count
for p in 2 3 4 5; do
	"$ARBITER" gen --game carcassonne --count 250 --players "$p" --seed "$p" | "$ARBITER" check -q 2>"$tmp/err"
	report "gen carcassonne --players $p: check accepts 250 games" $? "$tmp/err"
done

# catan views: every seat's view and the observer's of the same games,
# each legal and won by the game's winner (notation/catan.md, "Records of
# what one player could see")
"$ARBITER" gen --game catan --count 20 --players 4 --seed 12 >"$tmp/full.tgn"
grep '^\[Result' "$tmp/full.tgn" >"$tmp/want"
for v in observer Red Blue White Orange; do
	"$ARBITER" gen --game catan --count 20 --players 4 --seed 12 --view=$v >"$tmp/v.tgn" 2>"$tmp/err" &&
		"$ARBITER" check -q "$tmp/v.tgn" 2>>"$tmp/err" &&
		grep '^\[Result' "$tmp/v.tgn" | cmp -s - "$tmp/want"
	report "gen catan --view=$v: 20 view records legal, same winners" $? "$tmp/err"
done
"$ARBITER" gen --game catan --view=green >/dev/null 2>&1
[ $? = 2 ]; report "gen catan --view=green: a usage error" $?
