#!/usr/bin/env python3
"""A seat for arbiter's referee protocol that plays at random.

The smallest bot worth copying (notation/protocol.md, "Seats"): the host
(`arbiter match`) writes `hello`, `news`, `go`, `over` and `quit` lines; on
each `go` the bot asks for `moves`, reads the requests offered up to the
empty line, and sends one of them back as it is.  A better bot keeps the
`news` lines (what it has seen of the game) or asks for `view`, and chooses
with them.  Standard library only.

usage: random_bot.py [SEED]
"""
import random
import sys


def read_line():
    line = sys.stdin.readline()
    if not line:  # the host closed the pipe: the match is over
        sys.exit(0)
    return line.rstrip("\n")


def read_frame():
    """An answer: a status line, payload lines, an empty line."""
    status = read_line()
    payload = []
    while True:
        line = read_line()
        if line == "":
            return status, payload
        payload.append(line)


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    seat = None
    while True:
        words = read_line().split()
        if not words:
            continue
        if words[0] == "hello":  # hello 1 GAME SEAT SEATS...
            seat = words[3]
            send("hello 1 random_bot.py")
        elif words[0] == "go":
            send("moves " + seat)
            status, moves = read_frame()
            if not status.startswith("=") or not moves:
                sys.exit("random_bot.py: no moves offered: " + status)
            send(rng.choice(moves))
            read_frame()  # the action's answer
        elif words[0] == "quit":
            return
        # news and over: a random player needs neither


if __name__ == "__main__":
    main()
