#!/usr/bin/env python3
"""make-soclog.py — write a Catan game as JSettlers2 would log it (.soclog).

The soclog fixtures of tests/import/ are ours: this script takes a TGN
Catan record (a game of `arbiter gen`, on the beginner board) and writes
the game event log JSettlers2 2.5 would have written of it, message by
message as doc/Message-Sequences-for-Game-Actions.md of the JSettlers2
repository describes them (read there; no line of JSettlers2 is copied).
The coordinates are worked out here from notation/catan.md's diagram and
JSettlers2's classic encoding (hex 0x77 the centre, the first digit running
north-west to south-east, the second south-west to north-east), not from
arbiter's code, so the importer's mapping is checked against an independent
one.  The hands are followed here so that every message carries the counts
JSettlers2 sends.

usage: make-soclog.py GAME.tgn [--players-at 1,2,3] [--first N]
           [--type F|C] [--view PN|ob] [--timestamps] [--cut-lines N]
"""
import re
import sys

RES = ["brick", "lumber", "wool", "grain", "ore"]
# our resource -> JSettlers2 resource number and resource-set name
SOC_RES = {"brick": 1, "ore": 2, "wool": 3, "grain": 4, "lumber": 5}
SOC_NAME = {"brick": "clay", "ore": "ore", "wool": "sheep", "grain": "wheat", "lumber": "wood"}
TERRAIN_CODE = {"brick": 1, "ore": 2, "wool": 3, "grain": 4, "lumber": 5, "desert": 0}
NUMBERS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
HEX_ID = [0x17, 0x39, 0x5B, 0x7D, 0x15, 0x37, 0x59, 0x7B, 0x9D, 0x13, 0x35, 0x57, 0x79,
          0x9B, 0xBD, 0x11, 0x33, 0x55, 0x77, 0x99, 0xBB, 0xDD, 0x31, 0x53, 0x75, 0x97,
          0xB9, 0xDB, 0x51, 0x73, 0x95, 0xB7, 0xD9, 0x71, 0x93, 0xB5, 0xD7]
LAND = [5, 6, 7, 10, 11, 12, 13, 16, 17, 18, 19, 20, 23, 24, 25, 26, 29, 30, 31]
# our hexes A..S: row (0-based) and the column of the top corner (a = 0)
HEX_ROWCOL = []
for row, (first, n) in enumerate([(3, 3), (2, 4), (1, 5), (2, 4), (3, 3)]):
    for i in range(n):
        HEX_ROWCOL.append((row, first + 2 * i))
# corners N NE SE S SW NW: our (column, row) offsets; JSettlers2 offsets
OUR_CORNER = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
SOC_CORNER = [0x01, 0x12, 0x21, 0x10, -0x01, -0x10]
COSTS = {"road": {"brick": 1, "lumber": 1},
         "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
         "city": {"grain": 2, "ore": 3}}
DEV_TYPE = {"road-building": 1, "year-of-plenty": 2, "monopoly": 3, "knight": 9}
VP_TYPES = [4, 5, 6, 7, 8]


def node_name(col, row):
    return "%c%d" % (ord("a") + col, row + 1)


# our node name -> JSettlers2 node coordinate; our hex letter -> hex coordinate
NODE = {}
HEX = {}
HEX_CORNERS = {}
for h, (row, col) in enumerate(HEX_ROWCOL):
    letter = chr(ord("A") + h)
    HEX[letter] = HEX_ID[LAND[h]]
    names = []
    for k in range(6):
        dc, dr = OUR_CORNER[k]
        n = node_name(col + dc, row + dr)
        c = HEX[letter] + SOC_CORNER[k]
        assert NODE.get(n, c) == c, (n, NODE.get(n), c)
        NODE[n] = c
        names.append(n)
    HEX_CORNERS[letter] = names


def edge_coord(path):
    a, b = (NODE[n] for n in path.split("-"))
    lo, hi = min(a, b), max(a, b)
    if hi - lo == 0x11:
        return lo  # slanted: from coord to coord+0x11
    assert hi - lo == 0x0F, path
    return lo - 0x01  # vertical: from coord+0x01 to coord+0x10


def rset(cards, unknown=0):
    return "|".join("%s=%d" % (SOC_NAME[r], cards.get(r, 0)) for r in
                    ["brick", "ore", "wool", "grain", "lumber"]) + "|unknown=%d" % unknown


def parse_cards(s):
    out = {}
    if s == "nothing":
        return out
    for item in s.split("+"):
        m = re.fullmatch(r"(\d*)([a-z-]+)", item)
        out[m.group(2)] = out.get(m.group(2), 0) + int(m.group(1) or 1)
    return out


class Log:
    def __init__(self, args):
        self.out = []
        self.t = 0
        self.ts = args.get("timestamps", False)

    def put(self, aud, name, body):
        pre = ""
        if self.ts:
            self.t += 137
            pre = "%d:%02d.%03d:" % (self.t // 60000, self.t // 1000 % 60, self.t % 1000)
        self.out.append("%s%s:%s:%s" % (pre, aud, name, body))


def main():
    argv = sys.argv[1:]
    path = argv.pop(0)
    opts = {"players_at": None, "first": None, "type": "F", "view": None,
            "timestamps": False, "cut": None}
    while argv:
        a = argv.pop(0)
        if a == "--players-at":
            opts["players_at"] = [int(x) for x in argv.pop(0).split(",")]
        elif a == "--first":
            opts["first"] = int(argv.pop(0))
        elif a == "--type":
            opts["type"] = argv.pop(0)
        elif a == "--view":
            opts["view"] = argv.pop(0)
        elif a == "--timestamps":
            opts["timestamps"] = True
        elif a == "--cut-lines":
            opts["cut"] = int(argv.pop(0))
    text = open(path).read()
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.M))
    moves = [l for l in text.split("\n\n", 1)[1].splitlines() if l.strip()]
    if opts["cut"]:
        moves = moves[:opts["cut"]]
    colours = [c for c in ["Red", "Blue", "White", "Orange"] if c in tags]
    n = len(colours)
    seats = opts["players_at"] or list(range(n))
    first = opts["first"] if opts["first"] is not None else seats[0]
    # JSettlers2 plays in ascending seat numbers from the first player
    order = sorted(seats, key=lambda s: (s - first) % 4)
    pn_of = dict(zip(colours, order))
    # the beginner board (notation/catan.md)
    board = ("O10,W2,L9,G12,B6,W4,B10,G9,L11,D,L3,O8,L8,O3,G4,W5,B5,G6,W11").split(",")
    harbours = ("3:1@c1-d1,grain@f1-g1,ore@i2-j2,3:1@k3-k4,wool@i5-j5,3:1@f6-g6,"
                "3:1@c6-d6,brick@b4-b5,lumber@b2-b3").split(",")
    tl = {"B": "brick", "L": "lumber", "W": "wool", "G": "grain", "O": "ore", "D": "desert"}
    terrain = {}
    token = {}
    for h, cell in enumerate(board):
        letter = chr(ord("A") + h)
        terrain[letter] = tl[cell[0]]
        token[letter] = int(cell[1:]) if len(cell) > 1 else 0
    hexlayout = [6] * 37
    numlayout = [-1] * 37
    for h in range(19):
        letter = chr(ord("A") + h)
        hexlayout[LAND[h]] = TERRAIN_CODE[terrain[letter]]
        if token[letter]:
            numlayout[LAND[h]] = NUMBERS.index(token[letter])
    land_nodes = set(NODE.values())
    for hb in harbours:
        kind, p = hb.split("@")
        a, b = (NODE[x] for x in p.split("-"))
        found = None
        for i, hid in enumerate(HEX_ID):
            if i in LAND:
                continue
            for f in range(1, 7):
                pair = {hid + SOC_CORNER[f - 1], hid + SOC_CORNER[f % 6]}
                if pair == {a, b}:
                    found = (i, f)
        assert found, hb
        i, f = found
        hexlayout[i] = 6 + f if kind == "3:1" else (f << 4) | SOC_RES[kind]
    assert all(c in land_nodes for c in NODE.values())
    desert = [l for l in terrain if terrain[l] == "desert"][0]
    robber = desert

    L = Log(opts)
    g = "fixture"
    L.put("all", "SOCVersion", "2500|str=2.5.00|verBuild=JM20211010|feats=;6pl;sb;|cliLocale=(null)")
    L.put("all", "SOCNewGameWithOptions", "game=%s|param1=-1|param2=BC=t4,N7=f7,RD=f,PL=%d" % (g, max(n, 4) if n == 4 else 3))
    for c in colours:
        pn = pn_of[c]
        L.put("all", "SOCJoinGame", "nickname=%s|password empty|host=\t|game=%s" % (tags[c], g))
        L.put("f%d" % pn, "SOCSitDown", "game=%s|nickname=\t|playerNumber=%d|robotFlag=true" % (g, pn))
        L.put("all", "SOCSitDown", "game=%s|nickname=%s|playerNumber=%d|robotFlag=true" % (g, tags[c], pn))
        L.put("p%d" % pn, "SOCPlayerElements", "game=%s|playerNum=%d|actionType=SET|e1=0,e2=0,e3=0,e4=0,e5=0,e6=0" % (g, pn))
    L.put("all", "SOCBoardLayout", "game=%s|hexLayout={ %s }|numberLayout={ %s }|robberHex=0x%x" % (
        g, " ".join(map(str, hexlayout)), " ".join(map(str, numlayout)), HEX[robber]))
    L.put("all", "SOCGameElements", "game=%s|e2=25" % g)
    L.put("all", "SOCStartGame", "game=%s|gameState=5" % g)

    hands = {c: {r: 0 for r in RES} for c in colours}
    owner = {}  # node -> (colour, city?)
    devs = {c: [] for c in colours}
    deck = 25
    vp_next = 0
    nsetup = 0
    winner = tags.get("Result") if tags.get("Result") in colours else None

    def total(c):
        return sum(hands[c].values())

    def elements_set(c):
        pn = pn_of[c]
        h = hands[c]
        L.put("p%d" % pn, "SOCPlayerElements", "game=%s|playerNum=%d|actionType=SET|e1=%d,e2=%d,e3=%d,e4=%d,e5=%d" % (
            g, pn, h["brick"], h["ore"], h["wool"], h["grain"], h["lumber"]))

    def lose(c, cost):
        for r, k in cost.items():
            hands[c][r] -= k
            assert hands[c][r] >= 0, (c, cost)
        els = ",".join("e%d=%d" % (SOC_RES[r], k) for r, k in sorted(cost.items(), key=lambda x: SOC_RES[x[0]]))
        L.put("all", "SOCPlayerElements", "game=%s|playerNum=%d|actionType=LOSE|%s" % (g, pn_of[c], els))

    def rob(c, victim, res):
        p, v = pn_of[c], pn_of[victim]
        hands[victim][res] -= 1
        hands[c][res] += 1
        body = "game=%s|perp=%d|victim=%d|resType=%%d|amount=1|isGainLose=true" % (g, p, v)
        L.put("p%d" % p, "SOCRobberyResult", body % SOC_RES[res])
        L.put("p%d" % v, "SOCRobberyResult", body % SOC_RES[res])
        L.put("!p[%d, %d]" % (p, v), "SOCRobberyResult", body % 6)

    state = {"robber": robber}

    def robber_move(c, pn, w, i, rolled):
        hx = w[i]
        i += 1
        L.put("f%d" % pn, "SOCMoveRobber", "game=%s|playerNumber=%d|coord=%x" % (g, pn, HEX[hx]))
        L.put("all", "SOCMoveRobber", "game=%s|playerNumber=%d|coord=%x" % (g, pn, HEX[hx]))
        state["robber"] = hx
        if i < len(w) and w[i] == "steal":
            rob(c, w[i + 1], w[i + 2])
            i += 3
        L.put("all", "SOCGameState", "game=%s|state=%d" % (g, 20 if rolled else 15))
        if not rolled:
            L.put("all", "SOCRollDicePrompt", "game=%s|playerNumber=%d" % (g, pn))
        return i

    for li, line in enumerate(moves):
        words = line.split()
        c = words[0]
        pn = pn_of[c]
        w = words[1:]
        if w[0] == "settlement":
            second = nsetup >= n
            nsetup += 1
            L.put("all", "SOCTurn", "game=%s|playerNumber=%d|gameState=%d" % (g, pn, 10 if second else 5))
            node, road = w[1], w[3]
            L.put("f%d" % pn, "SOCPutPiece", "game=%s|playerNumber=%d|pieceType=1|coord=%x" % (g, pn, NODE[node]))
            L.put("all", "SOCGameServerText", "game=%s|text=%s built a settlement." % (g, tags[c]))
            L.put("all", "SOCPutPiece", "game=%s|playerNumber=%d|pieceType=1|coord=%x" % (g, pn, NODE[node]))
            L.put("all", "SOCGameState", "game=%s|state=%d" % (g, 11 if second else 6))
            L.put("all", "SOCPutPiece", "game=%s|playerNumber=%d|pieceType=0|coord=%x" % (g, pn, edge_coord(road)))
            owner[node] = (c, False)
            if second:
                for letter, corners in HEX_CORNERS.items():
                    if node in corners and terrain[letter] != "desert":
                        hands[c][terrain[letter]] += 1
            continue
        L.put("all", "SOCTurn", "game=%s|playerNumber=%d|gameState=15" % (g, pn))
        L.put("all", "SOCRollDicePrompt", "game=%s|playerNumber=%d" % (g, pn))
        rolled = False
        i = 0
        pending_discards = []
        while i < len(w):
            a = w[i]
            if a == "roll":
                d = sum(int(x) for x in w[i + 1].split("+"))
                i += 2
                rolled = True
                L.put("f%d" % pn, "SOCRollDice", "game=%s" % g)
                L.put("all", "SOCDiceResult", "game=%s|param=%d" % (g, d))
                if d != 7:
                    got = {x: {r: 0 for r in RES} for x in colours}
                    for letter in terrain:
                        if token[letter] != d or letter == state["robber"]:
                            continue
                        for node in HEX_CORNERS[letter]:
                            if node in owner:
                                oc, city = owner[node]
                                got[oc][terrain[letter]] += 2 if city else 1
                    gainers = [x for x in colours if sum(got[x].values())]
                    for x in gainers:
                        for r in RES:
                            hands[x][r] += got[x][r]
                    if gainers:
                        p = [len(gainers)]
                        for k, x in enumerate(gainers):
                            p += [pn_of[x], total(x)]
                            for r in RES:
                                if got[x][r]:
                                    p += [got[x][r], SOC_RES[r]]
                            if k < len(gainers) - 1:
                                p.append(0)
                        L.put("all", "SOCDiceResultResources", "game=%s|%s" % (g, "|".join("p=%d" % v for v in p)))
                        for x in gainers:
                            elements_set(x)
                    else:
                        L.put("all", "SOCGameServerText", "game=%s|text=No player gets anything." % g)
                    L.put("all", "SOCGameState", "game=%s|state=20" % g)
                else:
                    pending_discards = [x for x in colours if total(x) > 7]
                    if pending_discards:
                        L.put("all", "SOCGameState", "game=%s|state=50" % g)
                        for x in pending_discards:
                            L.put("p%d" % pn_of[x], "SOCDiscardRequest", "game=%s|numDiscards=%d" % (g, total(x) // 2))
                    else:
                        L.put("all", "SOCGameState", "game=%s|state=33" % g)
            elif a == "discard":
                x, cards = w[i + 1], parse_cards(w[i + 2])
                i += 3
                px = pn_of[x]
                for r, k in cards.items():
                    hands[x][r] -= k
                L.put("f%d" % px, "SOCDiscard", "game=%s|resources=%s" % (g, rset(cards)))
                L.put("p%d" % px, "SOCDiscard", "game=%s|playerNum=%d|resources=%s" % (g, px, rset(cards)))
                L.put("!p%d" % px, "SOCDiscard", "game=%s|playerNum=%d|resources=%s" % (g, px, rset({}, sum(cards.values()))))
                pending_discards.remove(x)
                L.put("all", "SOCGameState", "game=%s|state=%d" % (g, 50 if pending_discards else 33))
            elif a == "robber":
                i = robber_move(c, pn, w, i + 1, rolled)
            elif a == "trade":
                partner, give, get = w[i + 1], parse_cards(w[i + 2]), parse_cards(w[i + 4])
                i += 5
                for r, k in give.items():
                    hands[c][r] -= k
                for r, k in get.items():
                    hands[c][r] += k
                if partner == "bank":
                    L.put("f%d" % pn, "SOCBankTrade", "game=%s|give=%s|get=%s" % (g, rset(give), rset(get)))
                    L.put("all", "SOCBankTrade", "game=%s|give=%s|get=%s|pn=%d" % (g, rset(give), rset(get), pn))
                else:
                    for r, k in give.items():
                        hands[partner][r] += k
                    for r, k in get.items():
                        hands[partner][r] -= k
                    pv = pn_of[partner]
                    to = ",".join("true" if s == pv else "false" for s in range(4))
                    L.put("all", "SOCMakeOffer", "game=%s|from=%d|to=%s|give=%s|get=%s" % (g, pn, to, rset(give), rset(get)))
                    L.put("all", "SOCClearTradeMsg", "game=%s|playerNumber=-1" % g)
                    L.put("f%d" % pv, "SOCAcceptOffer", "game=%s|accepting=0|offering=%d" % (g, pn))
                    L.put("all", "SOCAcceptOffer", "game=%s|accepting=%d|offering=%d|toAccepting=%s|toOffering=%s" % (
                        g, pv, pn, rset(give), rset(get)))
                    L.put("all", "SOCClearOffer", "game=%s|playerNumber=-1" % g)
            elif a in ("road", "settlement", "city"):
                where = w[i + 1]
                i += 2
                lose(c, COSTS[a])
                kind = {"road": 0, "settlement": 1, "city": 2}[a]
                coord = edge_coord(where) if a == "road" else NODE[where]
                L.put("all", "SOCGameServerText", "game=%s|text=%s built a %s." % (g, tags[c], a))
                L.put("all", "SOCPutPiece", "game=%s|playerNumber=%d|pieceType=%d|coord=%x" % (g, pn, kind, coord))
                if a != "road":
                    owner[where] = (c, a == "city")
                L.put("all", "SOCGameState", "game=%s|state=20" % g)
            elif a == "buy":
                card = w[i + 1]
                i += 2
                L.put("f%d" % pn, "SOCBuyDevCardRequest", "game=%s" % g)
                lose(c, {"wool": 1, "grain": 1, "ore": 1})
                if card == "victory-point":
                    t = VP_TYPES[vp_next % 5]
                    vp_next += 1
                else:
                    t = DEV_TYPE[card]
                devs[c].append(t)
                deck -= 1
                L.put("p%d" % pn, "SOCDevCardAction", "game=%s|playerNum=%d|actionType=DRAW|cardType=%d" % (g, pn, t))
                L.put("!p%d" % pn, "SOCDevCardAction", "game=%s|playerNum=%d|actionType=DRAW|cardType=0" % (g, pn))
                L.put("all", "SOCSimpleAction", "game=%s|pn=%d|actType=1|v1=%d|v2=0" % (g, pn, deck))
                L.put("all", "SOCGameState", "game=%s|state=20" % g)
            elif a == "play":
                card = w[i + 1]
                t = DEV_TYPE[card]
                devs[c].remove(t)
                L.put("f%d" % pn, "SOCPlayDevCardRequest", "game=%s|devCard=%d" % (g, t))
                L.put("all", "SOCDevCardAction", "game=%s|playerNum=%d|actionType=PLAY|cardType=%d" % (g, pn, t))
                L.put("all", "SOCPlayerElement", "game=%s|playerNum=%d|actionType=SET|elementType=19|amount=1" % (g, pn))
                after = 20 if rolled else 15
                if card == "knight":
                    L.put("all", "SOCPlayerElement", "game=%s|playerNum=%d|actionType=GAIN|elementType=15|amount=1" % (g, pn))
                    L.put("all", "SOCGameState", "game=%s|state=33" % g)
                    i = robber_move(c, pn, w, i + 2, rolled)
                    continue
                if card == "road-building":
                    i += 2
                    roads = []
                    while i < len(w) and re.fullmatch(r"[a-k]\d-[a-k]\d", w[i]):
                        roads.append(w[i])
                        i += 1
                    L.put("all", "SOCGameState", "game=%s|state=%d" % (g, 40 if len(roads) == 2 else 41))
                    for k, r in enumerate(roads):
                        L.put("all", "SOCPutPiece", "game=%s|playerNumber=%d|pieceType=0|coord=%x" % (g, pn, edge_coord(r)))
                        L.put("all", "SOCGameState", "game=%s|state=%d" % (g, 41 if k == 0 and len(roads) == 2 else after))
                elif card == "year-of-plenty":
                    cards = parse_cards(w[i + 2])
                    i += 3
                    for r, k in cards.items():
                        hands[c][r] += k
                    L.put("all", "SOCGameState", "game=%s|state=52" % g)
                    L.put("all", "SOCPickResources", "game=%s|resources=%s|pn=%d|reason=2" % (g, rset(cards), pn))
                    L.put("all", "SOCGameState", "game=%s|state=%d" % (g, after))
                elif card == "monopoly":
                    r = w[i + 2]
                    i += 3
                    L.put("all", "SOCGameState", "game=%s|state=53" % g)
                    took = 0
                    for x in colours:
                        if x != c and hands[x][r]:
                            took += hands[x][r]
                            hands[x][r] = 0
                            L.put("all", "SOCPlayerElement", "game=%s|playerNum=%d|actionType=SET|elementType=%d|amount=0|news=Y" % (g, pn_of[x], SOC_RES[r]))
                            L.put("all", "SOCResourceCount", "game=%s|playerNum=%d|count=%d" % (g, pn_of[x], total(x)))
                    hands[c][r] += took
                    L.put("all", "SOCPlayerElement", "game=%s|playerNum=%d|actionType=GAIN|elementType=%d|amount=%d" % (g, pn, SOC_RES[r], took))
                    L.put("all", "SOCSimpleAction", "game=%s|pn=%d|actType=3|v1=%d|v2=%d" % (g, pn, took, SOC_RES[r]))
                    L.put("all", "SOCGameState", "game=%s|state=%d" % (g, after))
                if not rolled:
                    L.put("all", "SOCRollDicePrompt", "game=%s|playerNumber=%d" % (g, pn))
            elif a == "reveal":
                i += 2  # the winner's cards: shown at the game's end
            elif a in ("gets", "longest", "army", "score"):
                i += 3 if a in ("gets", "score") else 2
            else:
                sys.exit("make-soclog: action %r not written (line %d)" % (a, li + 1))
        if li == len(moves) - 1 and winner == c and not opts["cut"]:
            L.put("all", "SOCGameElements", "game=%s|e4=%d" % (g, pn))
            L.put("all", "SOCGameState", "game=%s|state=1000" % g)
            L.put("all", "SOCGameServerText", "game=%s|text=>>> %s has won the game." % (g, tags[c]))
            for x in colours:
                vps = [t for t in devs[x] if t in VP_TYPES]
                if len(vps) == 1:
                    L.put("all", "SOCDevCardAction", "game=%s|playerNum=%d|actionType=ADD_OLD|cardType=%d" % (g, pn_of[x], vps[0]))
                elif vps:
                    L.put("all", "SOCDevCardAction", "game=%s|playerNum=%d|actionType=ADD_OLD|cardTypes=[%s]" % (
                        g, pn_of[x], ", ".join(map(str, vps))))
            break
        L.put("f%d" % pn, "SOCEndTurn", "game=%s" % g)
        L.put("all", "SOCClearOffer", "game=%s|playerNumber=-1" % g)

    lines = L.out
    if opts["type"] == "C":
        v = opts["view"]
        keep = []
        for l in lines:
            aud = re.sub(r"^\d+:\d\d\.\d\d\d:", "", l).split(":", 1)[0]
            if aud.startswith("f"):
                continue
            if v is not None and v != "all":
                if aud.startswith("p") and aud != "p" + v:
                    continue
                if aud.startswith("!p") and v in re.findall(r"\d", aud):
                    continue
            keep.append(l)
        lines = keep
    sys.stdout.write("SOC game event log: type=%s, version=2500, created_at=1764547200, now=1764550800, game_name=%s\n" % (opts["type"], g))
    sys.stdout.write("# written by tests/import/make-soclog.py from %s\n" % path.split("/")[-1])
    for l in lines:
        sys.stdout.write(l + "\n")


main()
