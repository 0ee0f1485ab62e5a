#!/bin/sh
# make-pioneers.sh — the Pioneers fixtures of tests/import/.
#
# pioneers-3p.log and pioneers-4p.log are logs of local games between
# Pioneers' own computer players (Debian's pioneers-console 15.6), made
# with
#   pioneers-server-console -g Default -p PORT -P N --debug \
#       --fixed-seating-order >GAME.log
#   pioneersai -p PORT -n AI1 -t 0 -c &   (one per seat)
# Pioneers' computer players never trade with each other, so one player
# trade was written into pioneers-3p.log by hand, as the server sends it
# (White gives Red grain for lumber on White's turn "rolled 5 3"; the
# call, quote, accept and finish lines on every connection).  The games
# cannot be made again byte for byte (the players choose at random): this
# script only derives the bad and cut inputs from them.  Run from the top
# of the tree; then `sh tests/import-test.sh --update` and check the
# goldens by hand.
#
# pioneers-spectators.log is a 4-player game watched by spectators, made
# the same way (the server's stderr kept apart: 2>/dev/null) with
# pioneers-viewer.py, a spectator that joins as Pioneers' own client does:
#   python3 pioneers-viewer.py PORT Logbot 0 99 &   (before the players:
#       "status viewer Logbot", player 4)
#   (the four pioneersai five seconds later)
#   python3 pioneers-viewer.py PORT - 3.3 0.6 &     (mid-game, "status
#       newviewer": "player 5 is Spectator 1", quits after 0.6 s)
# and cut after the first "<-- done" past line 1600 (an unfinished game).
# pioneers-bank5.log is a 3-player game on Default with resource-count 5
# (shortages are common), `--file bank5.game` made with
#   sed 's/^resource-count 19/resource-count 5/; s/^title Default/title
#       Small bank/' /usr/share/games/pioneers/default.game >bank5.game
# and cut after the first
# "<-- done" past line 700; its move 16 pays a grain shortage in seat
# order from the roller, as only shortage=order does.
set -eu
D=tests/import
g=$D/pioneers-3p.log

# cut in the middle of a turn, the last line half written: unfinished
head -n 1200 $g >$D/pioneers-unfinished.log
printf '18:42:23 (0x561addfcdf90) --> player 1 bui' >>$D/pioneers-unfinished.log
# the header of the game with a parameter TGN cannot hold
head -n 150 $g | sed 's/num-ships 0/num-ships 4/' >$D/bad-pioneers-ships.log
head -n 150 $g | sed 's/victory-points 10/victory-points 12/' >$D/bad-pioneers-points.log
# another server version
head -n 150 $g | sed 's/pioneers server 15\.6/pioneers server 0.12.3/' >$D/bad-pioneers-version.log
# a log that starts in the middle of a game
head -n 200 $g | sed 's/turn num 0/turn num 12/' >$D/bad-pioneers-midgame.log
# a message that could change the game, on every connection
head -n 430 $g | awk '{ print } NR == 420 {
	print "18:42:21 (0x561addfcdf90) --> player 1 swap-hexes 2 3 4 4\\n" }' \
	>$D/bad-pioneers-unknown.log
# the thief's and the victim's copies of a steal lost: the card is unknown
head -n 430 $g | sed 's/player 1 stole grain from 2/player 1 stole from 2/' \
	>$D/bad-pioneers-secret.log
