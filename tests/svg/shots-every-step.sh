#!/bin/sh
# shots-every-step.sh [RECORD...] — not part of `make check` (a few
# minutes of chromium): screenshots of every step of each record's page,
# ten steps at a time one under another (the page's #range-A-B hook), in
# a window wide enough to show every board at its own size, compared byte
# for byte with the same screenshots of the reference page, which holds
# every position's SVG whole (ARBITER_PAGE_REFERENCE=1, as pages were
# before they held edits).  Prints one line per record; exit 1 if any
# screenshot differs.
ARBITER=${ARBITER:-./arbiter}
chromium=$(command -v chromium || command -v chromium-browser) || { echo "chromium is missing"; exit 2; }
[ $# -gt 0 ] || set -- corpus/carcassonne/game-2p.tgn corpus/catan/game-4p-orange.tgn corpus/elasund/game-2p-b.tgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shot() {  # shot URL PNG
	prof=$(mktemp -d)
	timeout 300 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--hide-scrollbars --user-data-dir="$prof" --window-size=1800,8000 \
		--screenshot="$2" "$1" >/dev/null 2>&1
	rm -rf "$prof"
}
status=0
for rec in "$@"; do
	"$ARBITER" view "$rec" >"$tmp/page.html"
	ARBITER_PAGE_REFERENCE=1 "$ARBITER" view "$rec" >"$tmp/ref.html"
	steps=$(grep -c '^<li' "$tmp/page.html")
	a=0 bad=0 shots=0
	while [ $a -lt "$steps" ]; do
		shot "file://$tmp/page.html#range-$a-$((a + 10))" "$tmp/page.png"
		shot "file://$tmp/ref.html#range-$a-$((a + 10))" "$tmp/ref.png"
		if [ ! -s "$tmp/page.png" ] || ! cmp -s "$tmp/page.png" "$tmp/ref.png"; then
			echo "$rec: steps $a to $((a + 9)) differ"
			bad=1
		fi
		shots=$((shots + 1))
		a=$((a + 10))
	done
	[ $bad = 0 ] && echo "$rec: all $steps steps the same ($shots screenshots of each page)"
	[ $bad = 0 ] || status=1
done
exit $status
