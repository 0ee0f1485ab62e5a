#!/bin/sh
# generate.sh DIR — the bad-input cases too large to keep in git: a 1 MB
# line, and 10,000 games in one stream whose last game is truncated (the
# run must reach it: exit 2, where 9,999 good games alone would exit 0).
# Deterministic: the same bytes on every machine.
set -e
dir=$1
mkdir -p "$dir"
{
	printf '[Game "carcassonne"]\n[Red "A"]\n[Blue "B"]\n[Result "*"]\n\nRed '
	awk 'BEGIN { for (i = 0; i < 16384; i++) printf "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }'
	printf '\n'
} >"$dir/long-line.tgn"
awk 'BEGIN {
	for (i = 1; i <= 10000; i++) {
		printf "[Game \"carcassonne\"]\n[Round \"%d\"]\n[Red \"A\"]\n[Blue \"B\"]\n", i
		if (i < 10000)
			printf "[Result \"*\"]\n"
		printf "\nRed E 0,-1 180 city S\nBlue U 1,0 90 road E\n\n"
	}
}' >"$dir/many-games.tgn"
