#!/bin/sh
# gen-stream.sh MB — a TGN stream of about MB megabytes on stdout, made of
# short unfinished Carcassonne games (until `arbiter gen` exists), for the
# reader's throughput and the peak memory on large inputs.
mb=${1:-100}
awk -v mb="$mb" 'BEGIN {
	game = "[Game \"carcassonne\"]\n[Event \"Bench\"]\n[Red \"Anna Virtanen\"]\n[Blue \"Bo\"]\n[Result \"*\"]\n\nRed E 0,-1 180 city S ; closes the city\nBlue U 1,0 90 road E\nRed V 2,0 0\nBlue B 1,-1 0 { a comment } cloister\n\n"
	n = int(mb * 1000000 / length(game)) + 1
	for (i = 0; i < n; i++) printf "%s", game
}'
