#!/usr/bin/env python3
"""A seat for arbiter's referee protocol with one rule of thumb.

random_bot.py with a preference, to show that a bot can be better than
random and that `arbiter match --sprt` finds it out: in Carcassonne it
puts a follower on the tile it places whenever it can, on a city first,
then a monastery, then a road, and never on a field (a farmer scores only
at the end and stays on the board); among the moves it likes best it
picks at random.  In the other games it plays at random.  It reads only
the `moves` the host offers, as every seat may.  Standard library only.

usage: greedy_bot.py [SEED]
"""
import random
import sys

# what a follower is worth on each feature, by rule of thumb
WORTH = {"city": 4, "monastery": 3, "road": 2, "field": -1}


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


def worth(game, move):
    """`play Red 1,0 90 city N`: the follower's feature is the 5th word."""
    words = move.split()
    if game != "carcassonne" or words[0] != "play":
        return 0
    return WORTH.get(words[4], 0) if len(words) > 4 else 0


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    game = seat = None
    while True:
        words = read_line().split()
        if not words:
            continue
        if words[0] == "hello":  # hello 1 GAME SEAT SEATS...
            game, seat = words[2], words[3]
            send("hello 1 greedy_bot.py")
        elif words[0] == "go":
            send("moves " + seat)
            status, moves = read_frame()
            if not status.startswith("=") or not moves:
                sys.exit("greedy_bot.py: no moves offered: " + status)
            best = max(worth(game, m) for m in moves)
            send(rng.choice([m for m in moves if worth(game, m) == best]))
            read_frame()  # the action's answer
        elif words[0] == "quit":
            return


if __name__ == "__main__":
    main()
