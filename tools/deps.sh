#!/bin/sh
# deps.sh — installs what a fresh Debian machine with only gcc and make
# lacks to build and test arbiter.  Used by the README's two commands and
# by .ci/run.  Runs apt-get as root, or through sudo.
set -e
# valgrind: tests/standings-test.sh runs standings under memcheck
# libxml2-utils (xmllint) and chromium: tests/svg-test.sh checks the SVG
# pictures and opens the HTML pages in a headless browser
# parallel: tests/standings-test.sh and arbiter(1)'s EXAMPLES run the GNU
# parallel recipe
# unicode-data: CaseFolding.txt, from which the build makes the table that
# folds players' names (tools/casefold.awk)
# python3: tests/usage-test.sh and tests/bash-completion-test.sh drive
# arbiter and bash on a pseudo-terminal (skipped without it)
pkgs="pkg-config libyaml-dev libjansson-dev libcmocka-dev mandoc jq libxml2-utils chromium valgrind parallel python3 unicode-data"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then as_root=; else as_root=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -qq
$as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null
