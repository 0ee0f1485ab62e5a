#!/bin/sh
# make-fixtures.sh — regenerate the JCloisterZone fixtures of tests/import/
# (our own games, played by make-jcz.py through `arbiter moves`; the bad
# ones are mutations of them made with jq).  Run from the top of the tree
# after `make`; the expected outputs beside them are then checked by hand
# and refreshed with `sh tests/import-test.sh --update`.
set -eu
A=${ARBITER:-./arbiter}
D=tests/import
gen() { python3 $D/make-jcz.py --arbiter "$A" "$@"; }

gen --seed 1 --players 2 >$D/jcz-2p.jcz
gen --seed 7 --players 3 --version 5.7.3 --edition 2 --tiny-city >$D/jcz-3p-c2-v5.7.jcz
gen --seed 11 --players 4 --version 5.9.1 --no-farmers >$D/jcz-4p-no-farmers.jcz
gen --seed 5 --players 2 --stop-after 20 >$D/jcz-unfinished.jcz
gen --seed 5 --players 2 --stop-after 20 --uncommitted >$D/jcz-uncommitted.jcz
# a game with a discard: game 14 of `gen --seed 1` (Blue's B fits nowhere
# on move 2), its tiles drawn JCZ's way by choosing the random numbers
"$A" gen --game carcassonne --players 3 --seed 1 --count 14 |
	awk 'BEGIN { RS = ""; ORS = "\n\n" } NR >= 27' >/tmp/arbiter-gen14.$$
gen --seed 23 --players 3 --play /tmp/arbiter-gen14.$$ --require-discard >$D/jcz-discard.jcz
rm -f /tmp/arbiter-gen14.$$
# the same save cut right after the COMMIT before the discard: the
# importer must find the discard itself (it asks the engine)
n=$(python3 - "$D/jcz-discard.jcz" <<'EOF'
import json, subprocess, sys
save = json.load(open(sys.argv[1]))
# the placement that follows a discard is the first whose tile is not the
# one drawn: the fixture's lines say where; cut before that PLACE_TILE
lines = subprocess.run(['./arbiter', 'import', sys.argv[1]], capture_output=True, text=True).stdout
moves = lines.split('\n\n', 1)[1].splitlines()
d = next(i for i, l in enumerate(moves) if l.endswith('discard'))
placed = d   # turns placed before the discard
k = [i for i, m in enumerate(save['replay']) if m['type'] == 'COMMIT'][placed - 1]
print(k + 1)
EOF
)
jq --argjson n "$n" '.replay |= .[:$n]' $D/jcz-discard.jcz >$D/jcz-discard-pending.jcz

# draws that cannot be reproduced: jcz-discard.jcz with its first COMMIT's
# random number changed (placements as saved, discards unknown, a warning)
k=$(jq '[.replay | to_entries[] | select(.value.type == "COMMIT") | .key][0]' $D/jcz-discard.jcz)
jq --argjson k "$k" '.replay[$k].payload.random = 0.999' $D/jcz-discard.jcz >$D/jcz-draws-unknown.jcz
# jcz-draws-differ.jcz is not made here: a save written by JCloisterZone
# 5.7.3 itself (random moves, seed 5200; JCloisterZone's final scores
# Player 1 8, Player 2 18, 70 tiles placed and 1 discarded), which draws as
# 5.9's generator does

base=$D/jcz-2p.jcz
jq '.setup.sets["inns-and-cathedrals:1"] = 1 | .setup.elements.inn = true' $base >$D/bad-expansion.jcz
jq '.setup.elements.abbot = 1' $base >$D/bad-element.jcz
jq '.setup.rules["river-rule"] = "x"' $base >$D/bad-rule.jcz
jq '.appVersion = "5.6.2"' $base >$D/bad-version.jcz
jq '{appVersion, created, setup}' $base >$D/bad-setup-only.jcz
jq '.players |= .[:1]' $base >$D/bad-one-player.jcz
jq '.replay |= (.[:10] + [{"type": "SHUFFLE", "payload": {}}] + .[10:])' $base >$D/bad-unknown-message.jcz
jq '.replay += [{"type": "SHUFFLE", "payload": {}}]' $base >$D/ok-message-after-end.jcz
jq '(.replay | map(.type) | index("DEPLOY_MEEPLE")) as $i | .replay[$i].payload.meepleId = "1.small.9"' \
	$base >$D/bad-meeple-owner.jcz
jq '.replay[0].payload.tileId = "BA/RCr"' $base >$D/bad-draw.jcz
head -c 3000 $base >$D/bad-truncated.jcz
printf '\000\001\002garbage\377\376 not a save\n' >$D/bad-garbage.bin
