#!/bin/sh
# svg-test.sh — pictures (dump --format=svg, view):
#   - every SVG of the corpus's complete games, at the start, after the
#     first move, half-way and at the end, and of every illegal record,
#     is well-formed XML (xmllint);
#   - the golden pictures listed in tests/svg/goldens.txt are unchanged;
#   - player names and tags are escaped (a player named <script>...);
#   - -o writes one file per game, into a directory or by a pattern
#     numbered across the files, or one game's file (a second game, or
#     a second page on stdout, refused before writing);
#   - each game's HTML page loads in headless chromium without script
#     errors, shows the first position, and the right arrow key shows the
#     next (the page's #selftest hook writes what it saw into the DOM,
#     which --dump-dom prints); a screenshot of one position per game goes
#     to $BUILD/shots/ (tests/svg/GAME.png is the reviewed copy that the
#     README shows);
#   - the page, which holds each line of its SVGs once and the edits from
#     step to step, shows at every step the board of the reference page
#     (ARBITER_PAGE_REFERENCE=1: every SVG whole): the same parsed SVG at
#     every step, the same screenshots at some (every step of a short
#     game), and it stays within 3 times one SVG plus 600 bytes a move;
#   - an Elasund special action refused is marked on its own square;
#   - the counter, an illegal game opening at its refused move, and the
#     controls at 400 and 1200 px (screenshots in $BUILD/shots/).
# `sh tests/svg-test.sh --update` rewrites the golden SVGs and the PNGs.
. "$(dirname "$0")/lib.sh"
BUILD=${BUILD:-build}
GAMES=$(games) # the registry's, from --help
update=false
[ "$1" = --update ] && update=true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! command -v xmllint >/dev/null; then
	echo "FAIL svg: xmllint is missing (Debian libxml2-utils; sh tools/deps.sh installs it)"
	exit 0
fi

# --- well-formed, at several positions of every complete game
for game in $GAMES; do
	bad=0
	: >"$tmp/why"
	for f in $(game_records "$game" "$tmp"); do
		n=$("$ARBITER" check "$f" | sed -n 's/.*, \([0-9]*\) moves;.*/\1/p' | head -1)
		for at in 0 1 $((n / 2)) ""; do
			rm -f "$tmp"/pic-*.svg
			"$ARBITER" dump --format=svg ${at:+--at $at} -o "$tmp/pic-%d.svg" "$f" 2>>"$tmp/why"
			for svg in "$tmp"/pic-*.svg; do
				xmllint --noout "$svg" 2>>"$tmp/why" ||
					{ bad=1; echo "$f --at $at: not well-formed" >>"$tmp/why"; }
			done
		done
	done
	for f in corpus/$game/rule-*-bad*.tgn; do
		"$ARBITER" dump --format=svg "$f" >"$tmp/bad.svg" 2>>"$tmp/why"
		[ -s "$tmp/bad.svg" ] || continue    # a record error: no picture
		xmllint --noout "$tmp/bad.svg" 2>>"$tmp/why" ||
			{ bad=1; echo "$f: not well-formed" >>"$tmp/why"; }
	done
	report "svg $game: every picture of the corpus is well-formed XML" $bad "$tmp/why"
done

# --- goldens
grep -v '^#' tests/svg/goldens.txt | while IFS=: read -r name args; do
	[ -n "$name" ] || continue
	# shellcheck disable=SC2086
	"$ARBITER" dump --format=svg $args >"$tmp/$name.svg" 2>/dev/null
	if $update; then
		cp "$tmp/$name.svg" "tests/svg/$name.svg"
	fi
	diff -u "tests/svg/$name.svg" "$tmp/$name.svg" >"$tmp/why" 2>&1
	report "svg golden $name" $? "$tmp/why"
done

# --- escaping: names and tags are text, never markup
cat >"$tmp/escape.tgn" <<'TGN'
[Game "carcassonne"]
[Event "<b>bold</b> & \"quoted\" 'single'"]
[Red "<script>alert(1)</script>"]
[Blue "Bob \"the builder\" & 'co' </svg>"]
[Result "*"]

Red B 0,1 0 cloister
Blue E 1,0 90 city E
TGN
"$ARBITER" dump --format=svg "$tmp/escape.tgn" >"$tmp/escape.svg"
ok=0
xmllint --noout "$tmp/escape.svg" >"$tmp/why" 2>&1 || ok=1
grep -q '<script' "$tmp/escape.svg" && { ok=1; echo "a <script> element in the SVG" >>"$tmp/why"; }
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/escape.svg" ||
	{ ok=1; echo "the name is not there as text" >>"$tmp/why"; }
grep -q 'Bob &quot;the builder&quot; &amp; &#39;co&#39; &lt;/svg&gt;' "$tmp/escape.svg" ||
	{ ok=1; echo "quotes, ampersand or </svg> not escaped" >>"$tmp/why"; }
report "svg escapes player names and tags" $ok "$tmp/why"
"$ARBITER" view "$tmp/escape.tgn" >"$tmp/escape.html"
ok=0
: >"$tmp/why"
# its own: the script, and the lines and edits of its pictures
[ "$(grep -o '<script' "$tmp/escape.html" | wc -l)" = 3 ] ||
	{ ok=1; echo "the page holds a <script> besides its own" >>"$tmp/why"; }
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$tmp/escape.html" ||
	{ ok=1; echo "the name is not there as text" >>"$tmp/why"; }
grep -q '&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;' "$tmp/escape.html" ||
	{ ok=1; echo "the Event tag is not escaped" >>"$tmp/why"; }
report "html escapes player names and tags" $ok "$tmp/why"

# issue 39 item 5: the noncharacters U+FFFE and U+FFFF, which XML 1.0
# forbids even as references, and a file name with byte 0xFF, written
# \xFF as all output promises
printf '[Game "carcassonne"]\n[Red "A\357\277\277B"]\n[Blue "C\357\277\276D"]\n[Result "*"]\n\nRed B 0,1 0 cloister\n' \
	>"$tmp/nonchar-$(printf '\377').tgn"
"$ARBITER" dump --format=svg "$tmp/nonchar-$(printf '\377').tgn" >"$tmp/nonchar.svg" 2>"$tmp/why"
ok=0
xmllint --noout "$tmp/nonchar.svg" >>"$tmp/why" 2>&1 || ok=1
report "svg of names with U+FFFE and U+FFFF is well-formed" $ok "$tmp/why"
"$ARBITER" view "$tmp/nonchar-$(printf '\377').tgn" >"$tmp/nonchar.html" 2>"$tmp/why"
ok=0
LC_ALL=C grep -q "$(printf '\377')" "$tmp/nonchar.svg" "$tmp/nonchar.html" && { ok=1; echo "byte 0xFF written raw" >>"$tmp/why"; }
grep -q 'nonchar-\\xFF' "$tmp/nonchar.html" || { ok=1; echo "the file name is not there as \\xFF" >>"$tmp/why"; }
LC_ALL=C grep -q "$(printf '\357\277[\276\277]')" "$tmp/nonchar.svg" "$tmp/nonchar.html" && { ok=1; echo "U+FFFE or U+FFFF written" >>"$tmp/why"; }
report "svg and html: no raw 0xFF byte, no noncharacter" $ok "$tmp/why"

# --- -o: a file per game, in a directory or by a pattern
mkdir "$tmp/out"
cat corpus/carcassonne/example-several-at-once.tgn corpus/carcassonne/example-several-at-once.tgn >"$tmp/two.tgn"
"$ARBITER" dump --format=svg -o "$tmp/out" "$tmp/two.tgn" corpus/catan/game-3p-short.tgn >"$tmp/stdout" 2>&1
(cd "$tmp/out" && ls) >"$tmp/got"
printf '%s\n' game-3p-short-1.svg two-1.svg two-2.svg >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" >"$tmp/why" 2>&1 && [ ! -s "$tmp/stdout" ]
report "svg -o DIR: a file per game, named after the record" $? "$tmp/why"
"$ARBITER" view -o "$tmp/out/page-%d.html" "$tmp/two.tgn" >"$tmp/stdout" 2>&1
[ -s "$tmp/out/page-1.html" ] && [ -s "$tmp/out/page-2.html" ] && [ ! -e "$tmp/out/page-3.html" ] &&
	[ ! -s "$tmp/stdout" ]
report "view -o PATTERN: %d is the game's number" $?
capture dump --format=svg -o "$tmp/no/such/dir/" "$tmp/two.tgn" >"$tmp/got"
printf '%s\n' "stderr: $tmp/no/such/dir/: error: no such directory" "exit 2" | diff -u - "$tmp/got" >"$tmp/why"
report "svg -o into a missing directory: one error, no such directory" $? "$tmp/why"
capture view -o "$tmp/no/such/page-%d.html" "$tmp/two.tgn" corpus/catan/game-3p-short.tgn >"$tmp/got"
printf '%s\n' "stderr: $tmp/no/such: error: no such directory" "exit 2" | diff -u - "$tmp/got" >"$tmp/why"
report "view -o PATTERN in a missing folder: one error for the run" $? "$tmp/why"

# --- -o PATH, neither a folder nor a pattern: the file of the one game
# (issue 38, items 6, 7 and 9)
mkdir "$tmp/one"
"$ARBITER" dump --format=svg -o "$tmp/one/board.svg" corpus/catan/game-3p-short.tgn >"$tmp/stdout" 2>&1
"$ARBITER" dump --format=svg corpus/catan/game-3p-short.tgn | cmp -s - "$tmp/one/board.svg" &&
	[ ! -s "$tmp/stdout" ] && [ "$(ls "$tmp/one")" = board.svg ]
report "svg -o FILE: one game's picture is the file" $?
"$ARBITER" view -o "$tmp/one/game.html" corpus/catan/game-3p-short.tgn >"$tmp/stdout" 2>&1
grep -q '^<!DOCTYPE html>' "$tmp/one/game.html" && [ ! -s "$tmp/stdout" ]
report "view -o FILE: one game's page is the file" $?
capture view -o "$tmp/one/two.html" "$tmp/two.tgn" >"$tmp/got"
printf '%s\n' "stderr: $tmp/two.tgn:17:1: error: a second game, and -o $tmp/one/two.html names one file: put %d in it for the game's number, or name a directory; nothing was written" "exit 2" |
	diff -u - "$tmp/got" >"$tmp/why" && [ ! -e "$tmp/one/two.html" ]
report "view -o FILE of two games: refused naming %d, nothing written" $? "$tmp/why"
mkdir "$tmp/run"
"$ARBITER" view -o "$tmp/run/x-%d.html" "$tmp/two.tgn" corpus/catan/game-3p-short.tgn >"$tmp/stdout" 2>&1
(cd "$tmp/run" && ls) >"$tmp/got"
printf '%s\n' x-1.html x-2.html x-3.html | diff -u - "$tmp/got" >"$tmp/why" &&
	grep -q 'Catan' "$tmp/run/x-3.html" && ! grep -q 'Catan' "$tmp/run/x-1.html"
report "view -o PATTERN: games numbered across the files, none overwritten" $? "$tmp/why"
capture dump --format=svg -o "$tmp/out" "$tmp/two.tgn" "$tmp/run/../two.tgn" >"$tmp/got"
printf '%s\n' "stderr: $tmp/run/../two.tgn: error: its pictures would be named as those of $tmp/two.tgn in -o DIR: give -o a pattern with %d, numbered across the files" "exit 2" |
	diff -u - "$tmp/got" >"$tmp/why"
report "svg -o DIR: two files of one name refused before writing" $? "$tmp/why"
capture view "$tmp/two.tgn" >"$tmp/got"
printf '%s\n' "stderr: $tmp/two.tgn:17:1: error: a second game: standard output holds one page; write a file per game with -o DIR or -o 'page-%d.html'; nothing was written" "exit 2" |
	diff -u - "$tmp/got" >"$tmp/why"
report "view of two games on stdout: refused, nothing written" $? "$tmp/why"
capture dump --format=svg corpus/carcassonne/rule-edge-mismatch-bad.tgn | tail -1 >"$tmp/got"
echo "exit 1" | diff -u - "$tmp/got" >"$tmp/why"
report "svg of an illegal game: exit 1" $? "$tmp/why"
capture check --format=svg corpus/catan/game-3p-short.tgn | tail -1 >"$tmp/got"
echo "exit 2" | diff -u - "$tmp/got" >"$tmp/why"
report "check --format=svg: a usage error" $? "$tmp/why"

# --- the page in a real browser
chromium=$(command -v chromium || command -v chromium-browser)
if [ -z "$chromium" ]; then
	echo "FAIL svg browser: chromium is missing (sh tools/deps.sh installs it)"
	exit 0
fi
browse() {  # browse URL ARGS...: headless chromium, stdout and stderr to files
	url=$1
	shift
	prof=$(mktemp -d)
	timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic \
		--no-first-run --disable-background-networking --disable-component-update \
		--disable-sync --hide-scrollbars --user-data-dir="$prof" \
		--enable-logging=stderr --v=0 "$@" "$url" >"$tmp/dom" 2>"$tmp/log"
	rc=$?
	rm -rf "$prof"
	return $rc
}
mkdir -p "$BUILD/shots"
for game in $GAMES; do
	case $game in
	carcassonne) rec=corpus/carcassonne/game-2p.tgn shot=40 ;;
	catan) rec=corpus/catan/game-4p-orange.tgn shot=100 ;;
	elasund) rec=corpus/elasund/game-2p-b.tgn shot=60 ;;
	*) rec=$(game_records "$game" "$tmp" | head -1) shot=30 ;;
	esac
	"$ARBITER" view "$rec" >"$tmp/$game.html"
	case $tmp in /*) page=$tmp/$game.html ;; *) page=$PWD/$tmp/$game.html ;; esac
	browse "file://$page#selftest" --virtual-time-budget=5000 --dump-dom
	sed -n '/<pre id="selftest">/,/<\/pre>/p' "$tmp/dom" | sed 's/<[^>]*>//g' >"$tmp/selftest"
	ok=0
	grep -q '^shown 0 visible$' "$tmp/selftest" || ok=1
	grep -q '^after ArrowRight shown 1, 1 visible, board changed$' "$tmp/selftest" || ok=1
	grep -q '^current move highlighted$' "$tmp/selftest" || ok=1
	grep -q '^errors 0$' "$tmp/selftest" || ok=1
	if grep -E 'CONSOLE.*(Uncaught|Error)' "$tmp/log" >>"$tmp/selftest"; then ok=1; fi
	report "html $game: loads without errors, shows the start, the right arrow steps" $ok "$tmp/selftest"
	browse "file://$page#$shot" --window-size=940,680 --force-device-scale-factor=0.62 --screenshot="$PWD/$BUILD/shots/$game.png"
	[ -s "$BUILD/shots/$game.png" ] && head -c 8 "$BUILD/shots/$game.png" | grep -q PNG
	report "html $game: a screenshot of position $shot ($BUILD/shots/$game.png)" $?
	$update && cp "$BUILD/shots/$game.png" "tests/svg/$game.png"

	# the page rebuilds each position from its edits: at every step the
	# board the browser parsed is the one of the reference page, which
	# holds every position's SVG whole (as pages did before)
	ARBITER_PAGE_REFERENCE=1 "$ARBITER" view "$rec" >"$tmp/$game-ref.html"
	browse "file://$page#steps" --virtual-time-budget=30000 --dump-dom
	sed -n '/<pre id="selftest">/,/<\/pre>/p' "$tmp/dom" | sed 's/<[^>]*>//g' >"$tmp/steps-new"
	browse "file://${page%.html}-ref.html#steps" --virtual-time-budget=30000 --dump-dom
	sed -n '/<pre id="selftest">/,/<\/pre>/p' "$tmp/dom" | sed 's/<[^>]*>//g' >"$tmp/steps-ref"
	ok=0
	grep -q '^errors 0$' "$tmp/steps-new" && [ "$(grep -c '^step ' "$tmp/steps-new")" -gt 20 ] || ok=1
	diff -u "$tmp/steps-ref" "$tmp/steps-new" >"$tmp/why" 2>&1 || ok=1
	report "html $game: every step's board is the reference page's" $ok "$tmp/why"
	# and the same pixels at the end (every step of a short game below)
	steps=$(grep -c '^step ' "$tmp/steps-new")
	ok=0
	: >"$tmp/why"
	for at in $((steps - 1)); do
		browse "file://$page#$at" --window-size=1200,900 --screenshot="$tmp/new.png"
		browse "file://${page%.html}-ref.html#$at" --window-size=1200,900 --screenshot="$tmp/ref.png"
		cmp -s "$tmp/new.png" "$tmp/ref.png" || { ok=1; echo "step $at: the screenshots differ" >>"$tmp/why"; }
	done
	report "html $game: screenshots of the page and the reference page are the same" $ok "$tmp/why"
	# the page grows with the moves, not with their square
	moves=$("$ARBITER" check "$rec" | sed -n 's/.*, \([0-9]*\) moves;.*/\1/p' | head -1)
	svg=$("$ARBITER" dump --format=svg "$rec" | wc -c)
	html=$(wc -c <"$tmp/$game.html")
	[ "$html" -le $((3 * svg + 600 * moves)) ]
	report "html $game: the page ($html bytes) is at most 3 times the SVG ($svg) + 600 bytes a move ($moves)" $?
done

# --- every move of a short game, screenshot by screenshot
rec=corpus/carcassonne/example-several-at-once.tgn
"$ARBITER" view "$rec" >"$tmp/short.html"
ARBITER_PAGE_REFERENCE=1 "$ARBITER" view "$rec" >"$tmp/short-ref.html"
case $tmp in /*) page=$tmp/short.html ;; *) page=$PWD/$tmp/short.html ;; esac
steps=$(grep -c '^<li' "$tmp/short.html")
ok=0
: >"$tmp/why"
at=0
while [ $at -lt "$steps" ]; do
	browse "file://$page#$at" --window-size=1000,800 --screenshot="$tmp/new.png"
	browse "file://${page%.html}-ref.html#$at" --window-size=1000,800 --screenshot="$tmp/ref.png"
	cmp -s "$tmp/new.png" "$tmp/ref.png" || { ok=1; echo "step $at: the screenshots differ" >>"$tmp/why"; }
	at=$((at + 1))
done
[ "$steps" -gt 5 ] || { ok=1; echo "only $steps steps" >>"$tmp/why"; }
report "html: every step of $rec, screenshot by screenshot, is the reference page's" $ok "$tmp/why"

# --- the counter: the last move is "N / N", the final scoring no move
grep -q '<li data-at="71 / 71">71\. ' "$tmp/carcassonne.html" &&
	grep -q '<li data-at="final scoring">Final scoring' "$tmp/carcassonne.html" &&
	grep -q 'Carcassonne, final scoring after move 71</text>' "$tmp/carcassonne.html"
report "html: the last move reads 71 / 71, the final scoring says so" $?

# --- an illegal game opens at the refused move, marked
rec=corpus/carcassonne/rule-edge-mismatch-bad.tgn
"$ARBITER" view "$rec" >"$tmp/illegal.html"
case $tmp in /*) page=$tmp/illegal.html ;; *) page=$PWD/$tmp/illegal.html ;; esac
browse "file://$page" --virtual-time-budget=5000 --dump-dom
ok=0
grep -q '<li class="illegal cur" data-at="1 refused">1\. Red E 0,-1 0 (illegal)' "$tmp/dom" || ok=1
grep -q '<span id="where" class="illegal">1 refused</span>' "$tmp/dom" || ok=1
grep -q 'Carcassonne, move 1 refused</text>' "$tmp/dom" || ok=1
report "html of an illegal game opens at the refused move, marked" $ok "$tmp/dom"

# --- Elasund: a refused special action is marked on its own square.
# Place's and raise's second word is the square or the value, not a
# second square (only move has one): Blue's permit at 7,5 (placed on line
# 16 of the record) is column 7, row 5: x = 70 + 6 * 52 + 1 = 383, y = 30
# + (5 - 2 + 1) * 52 + 1 = 239 (row 2 is the board's first), where the
# mark once went to the corner square (71,83).
rec=corpus/elasund/example-trade.tgn
{ sed -n 1,33p "$rec"; echo "Blue 6 gold place 2 7,5"; } >"$tmp/place.tgn"
{ sed -n 1,21p "$rec"; echo "Blue 7>5 gold raise 7,5 1 2g"; } >"$tmp/raise.tgn"
for what in place raise; do
	"$ARBITER" dump --format=svg "$tmp/$what.tgn" >"$tmp/$what.svg" 2>"$tmp/why"
	ok=$?
	[ $ok = 1 ] && ok=0
	grep -q '<polygon points="383,239 433,239 433,289 383,289" class="f-none s-mark" stroke-width="5"/>' \
		"$tmp/$what.svg" || ok=1
	report "svg: Elasund's refused $what marked on 7,5" $ok "$tmp/$what.svg"
done

# --- narrow and wide windows: the controls above or beside the board,
# never below it, and no button's label wrapped
case $tmp in /*) page=$tmp/catan.html ;; *) page=$PWD/$tmp/catan.html ;; esac
for size in 400,800:above 1200,800:beside; do
	browse "file://$page#layout" --window-size=${size%:*} --virtual-time-budget=5000 --dump-dom
	sed -n '/<pre id="selftest">/,/<\/pre>/p' "$tmp/dom" | sed 's/<[^>]*>//g' >"$tmp/layout"
	ok=0
	grep -q "^controls ${size#*:} the board$" "$tmp/layout" || ok=1
	grep -q '^buttons on one line each$' "$tmp/layout" || ok=1
	if [ "${size#*:}" = beside ]; then grep -q '^controls in one row$' "$tmp/layout" || ok=1; fi
	report "html at ${size%%,*} px: the controls ${size#*:} the board, on one line" $ok "$tmp/layout"
done
browse "file://$page#126" --window-size=400,800 --screenshot="$PWD/$BUILD/shots/catan-400px.png"
exit 0
