#!/bin/sh
# fmt-inplace-test.sh — what fmt -i may and may not do to a file (issue
# #16 items 2 and 3): a file is rewritten only when all of it was read and
# formatted, through symbolic links, keeping owner, group and mode; other
# files (FIFOs, devices, several hard links, read-only, already canonical,
# changed meanwhile) are left exactly as they were, with a message; no
# temporary file survives an error or a fatal signal.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

SUITE='fmt -i'   # expect (lib.sh) names its checks "fmt -i NAME"
check() { report "fmt -i $1" "$2" "${3:-}"; }
# no temporary file left in DIR (any name but the test's own files)
no_tmp() { ! ls -A "$1" | grep -q -e '^\.arbiter-' -e '\.tgn\.'; }

messy='[Game "carcassonne"]\n[Red "Anna"]   [Blue "Bo"]\n[Result "*"]\n1.  Red   E  0,-1  180 city s\n'
bad=$tmp/bad.tgn
printf '[Game "carcassonne"]\n[Red "A"\n' >"$bad"

# ---- item 2: after an earlier file failed, a later file with a reader
# error is never rewritten with part of it, nor emptied
for kind in unterminated nul utf8 comments brace; do
	d=$tmp/k-$kind
	mkdir "$d"
	f=$d/f.tgn
	printf "$messy" >"$f"
	case $kind in
	unterminated) printf '\n[Game "carcassonne"]\n[Red "Anna\n' >>"$f" ;;
	nul) printf '\n[Game "carcassonne"]\n[Red "An\000na"]\n' >>"$f" ;;
	utf8) printf '\n[Game "carcassonne"]\n[Red "An\377na"]\n' >>"$f" ;;
	comments) printf '; only a comment\n{ and another }\n' >"$f" ;;
	brace) printf '{ a comment never closed\n' >>"$f" ;;
	esac
	cp "$f" "$d/orig"
	expect "-k with a $kind error after a failed file exits 2" 2 "$ARBITER" fmt -i -k "$bad" "$f"
	cmp -s "$f" "$d/orig"; check "-k leaves a file with a $kind error untouched" $?
	grep -q "$f: note: not rewritten" "$tmp/err"; check "-k says the file with a $kind error is not rewritten" $? "$tmp/err"
done

# a good file after a failed one is still rewritten with -k
printf "$messy" >"$tmp/good.tgn"
expect "-k rewrites a good file after a failed one" 2 "$ARBITER" fmt -i -k "$bad" "$tmp/good.tgn"
"$ARBITER" fmt "$tmp/good.tgn" | cmp -s - "$tmp/good.tgn"; check "-k: the good file is canonical" $?

# ---- item 3
# a symbolic link: the target is rewritten, the link stays a link
mkdir "$tmp/sym"
printf "$messy" >"$tmp/sym/target.tgn"
ln -s target.tgn "$tmp/sym/link.tgn"
expect "through a symbolic link exits 0" 0 "$ARBITER" fmt -i "$tmp/sym/link.tgn"
[ -L "$tmp/sym/link.tgn" ]; check "a symbolic link stays a link" $?
"$ARBITER" fmt "$tmp/sym/target.tgn" | cmp -s - "$tmp/sym/target.tgn"; check "the link's target is rewritten" $?
no_tmp "$tmp/sym"; check "no temporary file beside the link's target" $?

# hard links: refused, with how to proceed; both names keep one inode
mkdir "$tmp/hard"
printf "$messy" >"$tmp/hard/a.tgn"
ln "$tmp/hard/a.tgn" "$tmp/hard/b.tgn"
cp "$tmp/hard/a.tgn" "$tmp/hard/orig"
expect "refuses a file with two hard links" 2 "$ARBITER" fmt -i "$tmp/hard/a.tgn"
[ "$(stat -c %i "$tmp/hard/a.tgn")" = "$(stat -c %i "$tmp/hard/b.tgn")" ] && cmp -s "$tmp/hard/a.tgn" "$tmp/hard/orig"
check "hard links stay one file, unchanged" $?
grep -q 'hard links.*not rewritten.*arbiter fmt' "$tmp/err"; check "the hard-link message says how to proceed" $? "$tmp/err"

# owner, group and mode are kept (the owner test needs root)
printf "$messy" >"$tmp/owned.tgn"
chmod 604 "$tmp/owned.tgn"
want_owner=$(id -un):$(id -gn)
if [ "$(id -u)" = 0 ] && getent passwd nobody >/dev/null && getent group nogroup >/dev/null; then
	chown nobody:nogroup "$tmp/owned.tgn"
	want_owner=nobody:nogroup
fi
expect "rewrites an owned file" 0 "$ARBITER" fmt -i "$tmp/owned.tgn"
[ "$(stat -c %U:%G:%a "$tmp/owned.tgn")" = "$want_owner:604" ]
check "keeps owner, group and mode ($want_owner:604)" $?

# FIFOs and devices are refused and stay what they are
mkfifo "$tmp/fifo.tgn"
expect "refuses a FIFO" 2 timeout 20 "$ARBITER" fmt -i "$tmp/fifo.tgn"
[ -p "$tmp/fifo.tgn" ]; check "a FIFO stays a FIFO" $?
expect "refuses /dev/null" 2 "$ARBITER" fmt -i /dev/null
[ -c /dev/null ]; check "/dev/null stays a device" $?
grep -q 'not a regular file' "$tmp/err"; check "the message says not a regular file" $? "$tmp/err"

# an already canonical file is not touched: same inode, same time stamp
"$ARBITER" fmt "$tmp/good.tgn" >"$tmp/canon.tgn"
touch -d '2001-02-03 04:05:06' "$tmp/canon.tgn"
before=$(stat -c '%i %y' "$tmp/canon.tgn")
expect "a canonical file exits 0" 0 "$ARBITER" fmt -i "$tmp/canon.tgn"
[ "$(stat -c '%i %y' "$tmp/canon.tgn")" = "$before" ]; check "a canonical file keeps its inode and time stamp" $?

# a read-only file is refused, even for root
printf "$messy" >"$tmp/ro.tgn"
chmod 444 "$tmp/ro.tgn"
cp "$tmp/ro.tgn" "$tmp/ro.orig"
before=$(stat -c %i "$tmp/ro.tgn")
expect "refuses a read-only file" 2 "$ARBITER" fmt -i "$tmp/ro.tgn"
[ "$(stat -c %i "$tmp/ro.tgn")" = "$before" ] && cmp -s "$tmp/ro.tgn" "$tmp/ro.orig"
check "a read-only file is untouched" $?

# a name of 250 bytes (the longest names once failed on the temporary name)
mkdir "$tmp/long"
long=$tmp/long/$(printf '%0246d' 0).tgn
printf "$messy" >"$long"
expect "rewrites a file with a 250-byte name" 0 "$ARBITER" fmt -i "$long"
"$ARBITER" fmt "$long" | cmp -s - "$long"; check "the 250-byte name's file is canonical" $?

# a fatal signal while the temporary file is written removes it: the
# file size limit (ulimit -f) raises SIGXFSZ in the middle of the write
mkdir "$tmp/sig"
i=0
while [ $i -lt 300 ]; do printf "$messy\n"; i=$((i + 1)); done >"$tmp/sig/big.tgn"
cp "$tmp/sig/big.tgn" "$tmp/sig/orig"
# (the shell's own report of the signal goes to /dev/null too)
( (ulimit -f 8; exec "$ARBITER" fmt -i "$tmp/sig/big.tgn") >/dev/null 2>&1
  echo $? >"$tmp/sig-rc" ) 2>/dev/null
rc=$(cat "$tmp/sig-rc")
{ echo "exit $rc"; ls -A "$tmp/sig"; } >"$tmp/why"
[ "$rc" -gt 128 ] && no_tmp "$tmp/sig" && cmp -s "$tmp/sig/big.tgn" "$tmp/sig/orig"
check "a signal during the write leaves the file and no temporary file" $? "$tmp/why"

# a game appended by another process while fmt -i runs is never lost:
# either it was read, or the change is noticed and the file left alone.
# The append comes as soon as arbiter has read as many bytes as the file
# holds (/proc/PID/io; without /proc it comes at once, and proves less).
mkdir "$tmp/race"
printf "$messy\n" >"$tmp/race/r.tgn"
for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do
	cat "$tmp/race/r.tgn" "$tmp/race/r.tgn" >"$tmp/race/r2" && mv "$tmp/race/r2" "$tmp/race/r.tgn"
done
size=$(wc -c <"$tmp/race/r.tgn")
"$ARBITER" fmt -i "$tmp/race/r.tgn" >/dev/null 2>"$tmp/race/err" &
pid=$!
while :; do
	rchar=$(sed -n 's/^rchar: //p' "/proc/$pid/io" 2>/dev/null)
	[ -n "$rchar" ] && [ "$rchar" -lt "$size" ] || break
done
printf '[Game "carcassonne"]\n[Red "Late"]\n[Blue "Comer"]\n\nRed E 0,-1 180\n' >>"$tmp/race/r.tgn"
wait $pid
grep -q 'Late' "$tmp/race/r.tgn"; check "a game appended during fmt -i is kept" $? "$tmp/race/err"

# every catchable signal that ends a process removes the temporary file
# (SIGUSR1, SIGUSR2 and SIGALRM once left it): the signal is sent once the
# temporary file exists, while arbiter writes it, syncs it, and reads the
# file again to see that it did not change (a 20 MB file: tens of ms)
mkdir "$tmp/usr"
i=0
while [ $i -lt 20 ]; do cat "$tmp/race/r.tgn"; i=$((i + 1)); done >"$tmp/usr/orig"
"$ARBITER" fmt "$tmp/usr/orig" >"$tmp/usr/canon"
for sig in USR1 USR2 ALRM VTALRM; do
	seen=no
	for try in 1 2 3 4 5; do
		cp "$tmp/usr/orig" "$tmp/usr/f.tgn"
		{ "$ARBITER" fmt -i "$tmp/usr/f.tgn" >/dev/null 2>&1 & } 2>/dev/null
		pid=$!
		while kill -0 $pid 2>/dev/null && ! ls -A "$tmp/usr" | grep -q '^\.arbiter-'; do :; done
		kill -$sig $pid 2>/dev/null && seen=yes
		wait $pid 2>/dev/null
		rc=$?
		[ $seen = yes ] && break
	done
	{ echo "signal $sig sent: $seen, exit $rc"; ls -A "$tmp/usr"; } >"$tmp/why"
	[ $seen = yes ] && no_tmp "$tmp/usr" &&
		{ cmp -s "$tmp/usr/f.tgn" "$tmp/usr/orig" || cmp -s "$tmp/usr/f.tgn" "$tmp/usr/canon"; }
	check "SIG$sig during the rewrite leaves no temporary file" $? "$tmp/why"
	rm -f "$tmp"/usr/.arbiter-*
done

# /dev/stdin, /dev/fd/0 and a link to them name a descriptor, not a file:
# refused even when the shell opened a regular file on it
mkdir "$tmp/dev"
printf "$messy" >"$tmp/dev/f.tgn"
cp "$tmp/dev/f.tgn" "$tmp/dev/orig"
ln -s /dev/stdin "$tmp/dev/link.tgn"
for name in /dev/stdin /dev/fd/0 /proc/self/fd/0 "$tmp/dev/link.tgn"; do
	[ -e "$name" ] || continue
	"$ARBITER" fmt -i "$name" <"$tmp/dev/f.tgn" >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q 'names a descriptor or device' "$tmp/err" &&
		cmp -s "$tmp/dev/f.tgn" "$tmp/dev/orig"
	check "refuses $name and leaves the file it leads to" $? "$tmp/err"
done

# a write in the instant between the last check and the rename is not lost:
# a preloaded rename() appends a game to the file just before renaming
# (skipped where the library cannot be built or preloaded, as under ASan)
mkdir "$tmp/late"
cat >"$tmp/late/late.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
int rename(const char *from, const char *to)
{
	static int done;
	int (*real)(const char *, const char *) =
		(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	FILE *f = done++ ? NULL : fopen(to, "a");
	if (f) {
		fputs("\n[Game \"carcassonne\"]\n[Red \"Late\"]\n[Blue \"Comer\"]\n\nRed E 0,-1 180\n", f);
		fclose(f);
	}
	return real(from, to);
}
C
if ${CC:-cc} -shared -fPIC -o "$tmp/late/late.so" "$tmp/late/late.c" -ldl 2>/dev/null &&
	printf "$messy" >"$tmp/late/f.tgn" &&
	LD_PRELOAD=$tmp/late/late.so "$ARBITER" fmt -i "$tmp/late/f.tgn" >/dev/null 2>"$tmp/err";
	rc=$? && ! grep -q -e 'runtime does not come first' -e 'ERROR: ld.so' "$tmp/err"; then
	[ $rc = 2 ] && grep -q 'written to while it was being replaced' "$tmp/err" &&
		grep -q 'Late' "$tmp/late/f.tgn" && grep -q 'Anna' "$tmp/late/f.tgn" && no_tmp "$tmp/late"
	check "a write during the rename is put back, with a message" $? "$tmp/err"
fi
