# lib.sh — shared by the test scripts: run arbiter and capture what it did
# in the golden-file shape: stdout, then stderr lines prefixed "stderr: ",
# then "exit N".  Sourced, not run.

ARBITER=${ARBITER:-./arbiter}

# capture CMD... : the golden shape of running arbiter with CMD...
capture() {
	_out=$(mktemp) _err=$(mktemp)
	"$ARBITER" "$@" >"$_out" 2>"$_err" <"${STDIN:-/dev/null}"
	_rc=$?
	cat "$_out"
	sed 's/^/stderr: /' "$_err"
	echo "exit $_rc"
	rm -f "$_out" "$_err"
}

# report NAME OK(0/1) [DETAIL FILE]: one result line for tests/run.sh
report() {
	if [ "$2" = 0 ]; then
		echo "PASS $1"
	else
		echo "FAIL $1"
		[ -n "$3" ] && [ -f "$3" ] && sed 's/^/    /' "$3" | head -40
	fi
}
