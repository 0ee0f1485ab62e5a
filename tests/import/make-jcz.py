#!/usr/bin/env python3
"""make-jcz.py — write a JCloisterZone-5-style save (.jcz) of a random legal
base game, for the import tests.  Our own fixtures: nothing is copied from
JCloisterZone; the save follows the format notation/import.md describes.

The game is played the way JCloisterZone plays it: tiles are drawn from the
pack sorted by JCZ id with a random number in [0,1) (initialRandom, then each
COMMIT's `random`; from 5.9.0 a linear congruential step after each draw), a
drawn tile that fits nowhere is discarded silently.  Which tile fits, and the
moves to choose from, come from `arbiter moves` (the engine under test is the
referee of the fixture's legality; the importer never sees this script).

usage: make-jcz.py --arbiter ./arbiter --seed S --players N [--version V]
       [--edition 1|2] [--tiny-city] [--no-farmers] [--stop-after T]
       [--uncommitted] [--require-discard] > FILE.jcz
"""
import argparse, json, random, struct, subprocess, sys, tempfile, os
import yaml

ap = argparse.ArgumentParser()
ap.add_argument('--arbiter', default='./arbiter')
ap.add_argument('--data', default='notation/carcassonne/carcassonne.yaml')
ap.add_argument('--seed', type=int, default=1)
ap.add_argument('--players', type=int, default=2)
ap.add_argument('--version', default='5.10.2')
ap.add_argument('--edition', type=int, default=1)
ap.add_argument('--tiny-city', action='store_true')
ap.add_argument('--no-farmers', action='store_true')
ap.add_argument('--stop-after', type=int, default=0, help='turns, then save (unfinished)')
ap.add_argument('--uncommitted', action='store_true', help='end on a placed, uncommitted tile')
ap.add_argument('--lines', help='also write the turn lines played to this file')
ap.add_argument('--play', help='play the turn lines of this TGN game (choosing random numbers so that JCZ draws its tiles)')
ap.add_argument('--require-discard', action='store_true', help='fail unless a tile was discarded')
a = ap.parse_args()

data = yaml.safe_load(open(a.data))
NAMES = ['Aino', 'Bertil', 'Cilla', 'Doris', 'Eero']
COLOURS = ['Red', 'Blue', 'Green', 'Yellow', 'Black']
rng = random.Random(a.seed)
major, minor = [int(x) for x in a.version.split('.')[:2]]
lcg = minor >= 9

# tiles: JCZ id -> (letter, offset); the pack in JCZ's order
kinds = {}
for t in data['tiles']:
    j = t['jcz']
    g = j.get('garden')
    kinds[j['id']] = (t['letter'], j['rotation'], t['count'] - (1 if g and a.edition == 2 else 0))
    if g:
        kinds[g] = (t['letter'], j['rotation'], 1 if a.edition == 2 else 0)
pack = []
for jid in sorted(kinds):
    pack += [jid] * kinds[jid][2]
pack.remove('BA/RCr')
geo = {t['letter']: t for t in data['tiles']}

SIDES = 'NESW'
HALVES = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR']
def rot_side(s, deg): return SIDES[(SIDES.index(s) + deg // 90) % 4]
def rot_half(h, deg): return HALVES[(HALVES.index(h) + 2 * (deg // 90)) % 8]
EDGE_NAMES = {'N': 'N', 'E': 'E', 'S': 'S', 'W': 'W', 'NW': 'NW', 'SW': 'SW', 'ES': 'SE',
              'NE': 'NE', 'EW': 'WE', 'NS': 'NS', 'NESW': 'NWSE', 'ESW': '_N', 'NES': '_W',
              'NEW': '_S', 'NSW': '_E'}

def location(letter, rot, kind, spot):
    """The JCZ location (board frame) of the segment holding our spot."""
    t = geo[letter]
    if kind == 'cloister':
        return 'Monastery', 'I'
    if kind == 'field':
        for f in t['fields']:
            board = [rot_half(h, rot) for h in f['halves']]
            if spot in board:
                return 'Field', '.'.join(h for h in HALVES if h in board)
    else:
        for seg in t['cities' if kind == 'city' else 'roads']:
            board = {rot_side(s, rot) for s in seg}
            if spot in board:
                return kind.capitalize(), EDGE_NAMES[''.join(s for s in SIDES if s in board)]
    sys.exit('no segment for %s %d %s %s' % (letter, rot, kind, spot))

class Rng:
    def __init__(self, r): self.r = r
    def next_int(self, bound):
        n = int(self.r * bound)
        if lcg:
            m = (1 << 48) - 1
            x = struct.unpack('<q', struct.pack('<d', self.r))[0] & m
            x = (25214903917 * x + 11) & m
            self.r = x / float(m + 1)
        return n

tags = ['[Game "carcassonne"]'] + ['[%s "%s"]' % (COLOURS[i], NAMES[i]) for i in range(a.players)]
variant = []
if a.tiny_city: variant.append('small-city=2')
if a.no_farmers: variant.append('farmers=off')
if variant: tags.append('[Variant "%s"]' % ' '.join(variant))
lines = []

def legal_moves(colour, letter):
    with tempfile.NamedTemporaryFile('w', suffix='.tgn', delete=False) as f:
        f.write('\n'.join(tags + ['[Result "*"]', ''] + lines + ['%s %s 99,99 0' % (colour, letter)]) + '\n')
        name = f.name
    out = subprocess.run([a.arbiter, 'moves', '--at', str(len(lines)), name],
                         capture_output=True, text=True)
    os.unlink(name)
    if out.returncode != 0:
        sys.exit('arbiter moves failed: ' + out.stderr)
    return out.stdout.splitlines()[1:]

script = []
if a.play:
    body = open(a.play).read().split('\n\n', 1)[1]
    script = [l.split() for l in body.splitlines() if l.strip()]

def choose_random(pk, letters):
    """A number in [0,1) whose draws from pack `pk` give `letters` in order."""
    n = len(pk)
    first = next(i for i, j in enumerate(pk) if kinds[j][0] == letters[0])
    for _ in range(200000):
        r = (first + rng.random()) / n
        t = Rng(r)
        p2 = list(pk)
        ok = True
        for L in letters:
            got = p2.pop(t.next_int(len(p2)))
            if kinds[got][0] != L:
                ok = False
                break
        if ok:
            return r
    sys.exit('no random number draws %s' % letters)

def upcoming(k):
    """Letters drawn from script line k on: the discards, then the tile placed."""
    out = []
    while k < len(script):
        out.append(script[k][1])
        if script[k][2] != 'discard':
            break
        k += 1
    return out

initial = choose_random(pack, upcoming(0)) if script else rng.random()
g = Rng(initial)
replay = []
turn = 0
discards = 0
while pack:
    if script and len(lines) == len(script):
        break
    jid = pack.pop(g.next_int(len(pack)))
    letter, off, _ = kinds[jid]
    moves = legal_moves(COLOURS[turn], letter)
    if script:
        want = ' '.join(script[len(lines)])
        if want not in moves:
            sys.exit('scripted line %r is not legal here (drew %s)' % (want, letter))
        moves = [want]
    if len(moves) == 1 and moves[0].endswith('discard'):
        lines.append(moves[0])
        discards += 1
        continue                      # JCZ draws again, same player
    commits = sum(1 for m in replay if m['type'] == 'COMMIT')
    stopping = a.stop_after and commits == a.stop_after
    if stopping and not a.uncommitted:
        break                         # saved after a COMMIT: the tile drawn waits
    mv = rng.choice(moves).split()
    x, y = [int(v) for v in mv[2].split(',')]
    rot = int(mv[3])
    replay.append({'type': 'PLACE_TILE', 'payload': {'tileId': jid, 'rotation': 'R%d' % ((rot - off) % 360),
                                                      'position': [x, y]}, 'player': turn})
    if len(mv) > 4:
        feat, loc = location(letter, rot, mv[4], mv[5] if len(mv) > 5 else None)
        replay.append({'type': 'DEPLOY_MEEPLE', 'payload': {
            'pointer': {'position': [x, y], 'feature': feat, 'location': loc},
            'meepleId': '%d.small.%d' % (turn, len(replay))}, 'player': turn})
    else:
        replay.append({'type': 'PASS', 'payload': {}, 'player': turn})
    if stopping:
        break                         # saved before the COMMIT
    g.r = rng.random()
    if script and len(lines) + 1 < len(script):
        g.r = choose_random(pack, upcoming(len(lines) + 1))
    replay.append({'type': 'COMMIT', 'payload': {'random': g.r}, 'player': turn})
    lines.append(' '.join(mv))
    turn = (turn + 1) % a.players

if a.require_discard and not discards:
    sys.exit('no discard with seed %d' % a.seed)
setup = {'sets': {'basic:%d' % a.edition: 1},
         'elements': {'small-follower': 7},
         'rules': {}, 'timer': None,
         'start': [{'tile': 'BA/RCr', 'x': 0, 'y': 0, 'rotation': 0}]}
if not a.no_farmers:
    setup['elements']['farmers'] = True
if a.tiny_city:
    setup['rules']['tiny-city-scoring'] = '2'
save = {'appVersion': a.version, 'gameId': 'arbiter-test-%d' % a.seed, 'name': '',
        'initialRandom': initial, 'created': '2024-03-%02dT19:30:00.000Z' % (1 + a.seed % 28),
        'clock': 1234567, 'setup': setup,
        'players': [{'name': NAMES[i], 'slot': i, 'clientId': 'c%d' % i} for i in range(a.players)],
        'replay': replay}
json.dump(save, sys.stdout, indent=2)
sys.stdout.write('\n')
if a.lines:
    open(a.lines, 'w').write(''.join(l + '\n' for l in lines))
sys.stderr.write('seed %d: %d turns, %d discards\n' % (a.seed, len(lines) - discards, discards))
