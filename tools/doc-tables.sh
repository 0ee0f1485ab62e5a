#!/bin/sh
# doc-tables.sh — put the Elasund reference tables, written from
# notation/elasund/elasund.yaml by build/tools/doc-tables, between the
# markers of notation/elasund.md and man/tgn-elasund.5.
#   sh tools/doc-tables.sh           rewrite both pages
#   sh tools/doc-tables.sh --check   only compare; exit 1 and a diff when
#                                    a page differs (tests/docs-test.sh)
# The markers: "<!-- tables: begin -->" / "<!-- tables: end -->" in the
# Markdown, '.\" tables: begin' / '.\" tables: end' in the man page.
BUILD=${BUILD:-build}
tool=$BUILD/tools/doc-tables
yaml=notation/elasund/elasund.yaml
check=false
[ "${1:-}" = --check ] && check=true
[ -x "$tool" ] || { echo "doc-tables.sh: $tool is not built (make $tool)" >&2; exit 2; }
status=0
# splice FILE FORMAT BEGIN END: FILE with the tool's output between the lines BEGIN and END
splice() {
	tmp=$(mktemp) body=$(mktemp)
	"$tool" "$2" "$yaml" >"$body" || { rm -f "$tmp" "$body"; exit 2; }
	# ENVIRON, not -v: awk would read the backslash of the man markers
	B=$3 E=$4 BODY=$body awk '
		$0 == ENVIRON["B"] { print; while ((getline l < ENVIRON["BODY"]) > 0) print l; skip = 1; next }
		$0 == ENVIRON["E"] { skip = 0 }
		!skip { print }
	' "$1" >"$tmp"
	grep -qxF -- "$3" "$1" || { echo "$1: no line '$3'" >&2; status=1; }
	if $check; then
		diff -u "$1" "$tmp" || status=1
	elif ! cmp -s "$1" "$tmp"; then
		cp "$tmp" "$1" && echo "rewrote $1"
	fi
	rm -f "$tmp" "$body"
}
splice notation/elasund.md md '<!-- tables: begin -->' '<!-- tables: end -->'
splice man/tgn-elasund.5 man '.\" tables: begin' '.\" tables: end'
exit $status
