#!/usr/bin/env python3
"""match-human.py — a person in a match (tests/match-test.sh): `arbiter
match --bot me=human` runs with a pseudo-terminal as its controlling
terminal, as at a person's shell; the person's seat is `arbiter bot
--strategy human` in the runner's process group (the terminal's), so it
may read the terminal.  The "person" answers 1 (the first action listed)
at each prompt ("Red> ").

usage: match-human.py ARBITER OUTPUT.tgn
Prints the prompts answered and '--- exit N' (the runner's status).
"""
import os
import pty
import sys
import time

arbiter, output = sys.argv[1:3]
pid, fd = pty.fork()
if pid == 0:
    os.execv(arbiter, [arbiter, "match", "--game", "carcassonne", "--bot", "me=human",
                       "--bot", "r=arbiter", "--games", "2", "--max-moves", "6",
                       "--move-time", "0", "-o", output])
seen = b""
answered = 0
deadline = time.time() + 60
while time.time() < deadline:
    try:
        chunk = os.read(fd, 65536)
    except OSError:  # the runner ended: its terminal's other end is gone
        break
    if not chunk:
        break
    seen += chunk
    while seen.count(b"> ") > answered:
        os.write(fd, b"1\n")
        answered += 1
_, status = os.waitpid(pid, 0)
print("prompts answered: %d" % answered)
print("--- exit %d" % (os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1))
