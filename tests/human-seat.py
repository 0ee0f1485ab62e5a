#!/usr/bin/env python3
"""human-seat.py — drives `arbiter bot --strategy human|hot-seat` as a
person at a terminal would (tests/referee-test.sh): a pseudo-terminal is
the person's terminal (--terminal), what they type is written to it in
advance, the host's lines come on the bot's standard input.

usage: human-seat.py ARBITER STRATEGY HOST-FILE TYPED
TYPED's '|' are the Enter key, '^D' the end of input.  Prints what the bot sent the host, then
'--- terminal' and what the person saw, then '--- exit N'.
"""
import os
import subprocess
import sys

arbiter, strategy, host_file, typed = sys.argv[1:5]
master, slave = os.openpty()
with open(host_file, "rb") as f:
    host = f.read()
bot = subprocess.Popen(
    [arbiter, "bot", "--strategy", strategy, "--terminal", os.ttyname(slave)],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.write(master, typed.replace("|", "\n").replace("^D", "\x04").encode())
out, err = bot.communicate(host, timeout=60)
os.close(slave)
shown = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # the terminal's other end is closed: all was read
        break
    if not chunk:
        break
    shown += chunk
sys.stdout.write(out.decode() + err.decode() + "--- terminal\n" +
                 shown.decode(errors="replace").replace("\r", "") +
                 "--- exit %d\n" % bot.returncode)
