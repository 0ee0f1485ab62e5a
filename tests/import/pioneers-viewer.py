#!/usr/bin/env python3
# pioneers-viewer.py PORT NAME DELAY STAY — a Pioneers spectator for the
# fixtures of tests/import/make-pioneers.sh.  After DELAY seconds it joins
# as Pioneers' own client joins as a spectator (version, "status viewer
# NAME" or, NAME "-", "status newviewer", players, game, gameinfo, start),
# then reads until the server closes or STAY seconds have passed.
import select, socket, sys, time
port, name, delay, stay = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
time.sleep(delay)
s = socket.create_connection(('localhost', port))
t0 = time.time()
buf = b''
ends = 0
def reply(l):
    global ends
    if l == 'version report':
        s.sendall(b'version 15\n')
    elif l == 'status report':
        s.sendall(('status viewer %s\n' % name).encode() if name != '-' else b'status newviewer\n')
    elif l.startswith('player ') and 'welcome' in l:
        s.sendall(b'players\n')
    elif l == '.' and ends == 0:
        ends = 1
        s.sendall(b'game\n')
    elif l == 'end':
        ends += 1
        s.sendall(b'gameinfo\n' if ends == 2 else b'start\n')
while time.time() - t0 < stay:
    if not select.select([s], [], [], 0.1)[0]:
        continue
    data = s.recv(65536)
    if not data:
        break
    buf += data
    while b'\n' in buf:
        line, buf = buf.split(b'\n', 1)
        reply(line.decode())
s.close()
