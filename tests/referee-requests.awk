# referee-requests.awk — a record's turn lines as referee requests
# (notation/protocol.md), for tests/referee-test.sh and `make
# bench-referee`: each line becomes `play COLOUR WORDS` and `end COLOUR`
# (Carcassonne: the play alone, its turn is one action); a Catan line is
# cut at its actions' keywords, a request each, its discards sent by the
# discarding seat, its trades accepted by the partner; an Elasund line
# goes whole but for the items of other seats (their pirate discards,
# halvings and hut moves), each its owner's request.  Run with -v
# game=NAME.
BEGIN {
	split("roll discard robber trade road settlement city buy play reveal gets longest army score", k, " ")
	for (i in k) catan_kw[k[i]] = 1
}
/^\[/ || NF == 0 { next }
{
	c = $1
	if (game == "carcassonne") {
		$1 = ""; sub(/^ /, ""); print "play " c " " $0; next
	}
	cur = ""
	for (i = 2; i <= NF; i++) {
		if ($i == "discard" && game == "catan") {
			if (cur != "") print "play " c " " cur
			print "play " $(i + 1) " discard " $(i + 1) " " $(i + 2)
			i += 2; cur = ""; continue
		}
		if (game == "elasund" && ($i == "hut" || $i == "longhut")) {
			if (cur != "") print "play " c " " cur
			print "play " $(i + 1) " " $i " " $(i + 1) " " $(i + 2)
			i += 2; cur = ""; continue
		}
		if (game == "elasund" && ($i == "discard" || $i == "halve")) {
			if (cur != "") print "play " c " " cur
			kw = $i; cur = ""
			while (i + 1 <= NF && $(i + 1) ~ /=/) {
				i++; split($i, sc, "=")
				print "play " sc[1] " " kw " " $i
			}
			continue
		}
		if (game == "catan" && ($i in catan_kw) && cur != "") {
			request(c, cur)
			cur = ""
		}
		cur = cur == "" ? $i : cur " " $i
	}
	if (cur != "") request(c, cur)
	print "end " c
}

# play one action; a trade with a player waits for that player's accept
function request(colour, words,    w) {
	print "play " colour " " words
	split(words, w, " ")
	if (w[1] == "trade" && w[2] !~ /^(bank|port|harbour)$/)
		print "accept " w[2]
}
