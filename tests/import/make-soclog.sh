#!/bin/sh
# make-soclog.sh — the JSettlers2 fixtures of tests/import/ (soclog-*,
# bad-soclog-*): games of `arbiter gen` written as JSettlers2 2.5 logs them
# by make-soclog.py, and the bad inputs derived from them with sed.  Run
# from the top of the tree after `make`; then `sh tests/import-test.sh
# --update` and check the goldens by hand.  soclog-board.soclog is written
# by hand (a board other than the beginner's), not by this script.
set -eu
A=${ARBITER:-./build/arbiter}
D=tests/import
W=${TMPDIR:-/tmp}/make-soclog.$$
mkdir -p "$W"
trap 'rm -rf "$W"' EXIT
mk() { python3 $D/make-soclog.py "$@"; }

# 4 players (seats 0-3, player 1 starts): discards, steals, knights,
# year of plenty, monopoly, bank and player trades, the winner's victory point
# cards shown at the end
"$A" gen --game catan --players 4 --seed 4 >"$W/g4.tgn"
mk "$W/g4.tgn" --first 1 >$D/soclog-4p.soclog
# 3 players in seats 1-3 (seat 0 empty, player 2 starts), with timestamps;
# road building
"$A" gen --game catan --players 3 --seed 14 >"$W/g3.tgn"
mk "$W/g3.tgn" --players-at 1,2,3 --first 2 --timestamps >$D/soclog-3p.soclog
# what Blue's client saw (type C, filtered to player 2): a View record
mk "$W/g4.tgn" --first 1 --type C --view 2 >$D/soclog-view-blue.soclog
# an observer's client, the log ending after 30 turns: unfinished
mk "$W/g4.tgn" --first 1 --type C --view ob --cut-lines 30 >$D/soclog-observer-unfinished.soclog
# a type C log of every client (all private messages): a full record;
# with a message type the converter does not know from a client, skipped
mk "$W/g3.tgn" --players-at 1,2,3 --first 2 --type C --cut-lines 12 |
	sed '20a f1:SOCFutureClientMessage:game=fixture|x=1' >$D/soclog-client-all.soclog

# bad inputs: each refused with its message
f=$D/soclog-4p.soclog
sed 's/RD=f,PL=4/RD=f,SBL=t,PL=4/' $f | head -n 60 >$D/bad-soclog-sea.soclog
sed 's/RD=f,PL=4/RD=f,PL=6,PLB=t/' $f | head -n 60 >$D/bad-soclog-six.soclog
sed 's/RD=f,PL=4/RD=f,PL=4,SC=SC_FOG/' $f | head -n 60 >$D/bad-soclog-scenario.soclog
sed 's/RD=f,PL=4/RD=f,PL=4,VP=t12/' $f | head -n 60 >$D/bad-soclog-points.soclog
sed 's/RD=f,PL=4/RD=f,PL=4,ZZ=t3/' $f | head -n 60 >$D/bad-soclog-option.soclog
sed '1s/version=2500/version=2400/' $f | head -n 60 >$D/bad-soclog-version.soclog
sed 's/all:SOCBoardLayout:game=fixture|hexLayout/all:SOCBoardLayout2:game=fixture|bef=1|HL/' $f |
	head -n 60 >$D/bad-soclog-board2.soclog
# cut in the middle of a line
head -c 40000 $f >$D/bad-soclog-truncated.soclog
# a move undone, a message type the converter does not know, resources
# given by a debug command: each in the middle of the game
head -n 400 $f >"$W/head"
{
	cat "$W/head"
	echo 'all:SOCUndoPutPiece:game=fixture|playerNumber=1|pieceType=0|coord=56'
} >$D/bad-soclog-undo.soclog
{
	cat "$W/head"
	echo 'all:SOCFutureGameMessage:game=fixture|p=1'
} >$D/bad-soclog-unknown.soclog
{
	cat "$W/head"
	echo 'all:SOCPlayerElements:game=fixture|playerNum=1|actionType=GAIN|e2=5,e3=5,e4=5'
} >$D/bad-soclog-debug.soclog
# a client's log with the private messages of two seats: no one view
sed '30a p1:SOCPlayerElements:game=fixture|playerNum=1|actionType=SET|e1=0,e2=0,e3=0,e4=0,e5=0' \
	$D/soclog-view-blue.soclog | head -n 400 >$D/bad-soclog-views.soclog
