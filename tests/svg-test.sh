#!/bin/sh
# svg-test.sh — pictures (dump --format=svg, view):
#   - every SVG of the corpus's complete games, at the start, after the
#     first move, half-way and at the end, and of every illegal record,
#     is well-formed XML (xmllint);
#   - the golden pictures listed in tests/svg/goldens.txt are unchanged;
#   - player names and tags are escaped (a player named <script>...);
#   - -o writes one file per game, into a directory or by a pattern;
#   - each game's HTML page loads in headless chromium without script
#     errors, shows the first position, and the right arrow key shows the
#     next (the page's #selftest hook writes what it saw into the DOM,
#     which --dump-dom prints); a screenshot of one position per game goes
#     to $BUILD/shots/ (tests/svg/GAME.png is the reviewed copy that the
#     README shows).
# `sh tests/svg-test.sh --update` rewrites the golden SVGs and the PNGs.
. "$(dirname "$0")/lib.sh"
BUILD=${BUILD:-build}
GAMES="carcassonne catan elasund"
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
	for f in corpus/$game/game-*.tgn; do
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
[ "$(grep -c '<script' "$tmp/escape.html")" = 1 ] ||
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
capture dump --format=svg -o "$tmp/no/such/dir" "$tmp/two.tgn" >"$tmp/got"
grep -q "^stderr: $tmp/no/such/dir.*cannot write the picture" "$tmp/got" && grep -q '^exit 2$' "$tmp/got"
report "svg -o into a missing directory: an I/O error, exit 2" $? "$tmp/got"
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
	*) rec=$(ls corpus/$game/game-*.tgn | head -1) shot=30 ;;
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
done
exit 0
