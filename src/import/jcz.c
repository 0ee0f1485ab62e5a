/*
 * jcz.c — JCloisterZone saves (.jcz) to Carcassonne TGN.
 *
 * A JCloisterZone 5 save is one JSON object (about 60 KB for a whole base
 * game, read with jansson): the set-up (tile sets, game elements, rules,
 * the start tile), the players in turn order, and the replay, the list of
 * messages the players sent: PLACE_TILE, DEPLOY_MEEPLE or PASS, then
 * COMMIT to end the turn.  notation/import.md describes the mapping.
 *
 * What the save does not hold is the tile each player drew: JCloisterZone
 * draws from a pack sorted by tile id with a number in [0,1) (the save's
 * initialRandom for the first draw, then the `random` of each COMMIT), and
 * silently discards a drawn tile that fits nowhere.  So this file keeps
 * the pack and replays the draws exactly as JCloisterZone does (its
 * TilePack and RandomGenerator, versions 5.7.0 and later): a drawn tile
 * that is not the one the player then places was discarded.  When the save
 * ends after a COMMIT, whether the tile drawn next was discarded (the game
 * may end through discards) depends on the board, so the engine itself is
 * asked: the discard line is kept only when arbiter's replay accepts it.
 *
 * The tile ids, their rotation offsets and the counts come from the
 * Carcassonne data the engine embeds (notation/carcassonne/carcassonne.yaml,
 * key `jcz`), loaded once per run by jcz_tiles.c, which also holds
 * JCloisterZone's random generator (see jcz.h).
 */
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jcz.h"
#include "../core/data.h"
#include "../core/replay.h"
#include "../core/util.h"
#include "../games/registry.h"

#define JCZ_MAX_COORD 1000 /* |x|, |y|: 72 tiles never reach 100 */
#define JCZ_MAX_DISCARDS 8 /* discards in a row before blaming the draws */

/* ------------------------------------------------------ the conversion */

enum phase { PH_TILE, PH_ACTION, PH_DEPLOYED, PH_OVER };

typedef struct conv {
	arb_import_error *err;
	json_t *root;
	int nplayers, turn;
	int pack[JCZ_MAX_PACK]; /* kind indexes, JCZ's order              */
	int npack;
	jcz_rng rng;
	json_t *forced; /* gameAnnotations' drawOrder, or NULL    */
	size_t nforced; /* forced draws used                      */
	int drawn;	/* kind drawn and not yet placed, or -1   */
	int discards_in_row;
	enum phase phase;
	/* the turn being played */
	char letter;
	int x, y, rot;
	char follower[16];
	arb_buf tags;  /* the tag lines, without Result          */
	arb_buf moves; /* committed turn lines                   */
	size_t nlines;
	bool unfinished;
	const char *small_city, *farmers;
	/* the draws: draws_failed when they did not give the tiles placed;
	 * free_draws once that is given up: the placements as saved */
	bool draws_failed, free_draws;
	bool flip_lcg;	     /* the other generator than the version's */
	size_t first_failed; /* the replay message where they failed  */
	size_t ndiscards;    /* discard lines written                 */
} conv;

static int fail(conv *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(conv *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	c->err->line = c->err->col = 0;
	vsnprintf(c->err->msg, sizeof c->err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

static const char *colour(const conv *c, int seat)
{
	(void)c;
	return jcz_tiles.game->colours[seat];
}

/* Draw the next tile as JCloisterZone does into c->drawn. */
static int draw(conv *c, size_t msg)
{
	if (c->free_draws)
		return 0; /* the tile comes with its PLACE_TILE */
	if (c->npack == 0)
		return fail(c, "replay[%zu]: the pack is empty, yet the save goes on", msg);
	int at = -1;
	if (c->forced && c->nforced < json_array_size(c->forced)) {
		const char *id = json_string_value(json_array_get(c->forced, c->nforced));
		c->nforced++;
		int k = id ? jcz_find_kind(id) : -1;
		for (int i = 0; k >= 0 && i < c->npack; i++)
			if (c->pack[i] == k) {
				at = i;
				break;
			}
		if (at < 0)
			return fail(
				c,
				"gameAnnotations.drawOrder: tile \"%.40s\" (draw %zu) is not in the pack",
				id ? id : "(not a string)", c->nforced);
	} else {
		if (!c->rng.set)
			return fail(
				c,
				"the save has no initialRandom: JCloisterZone's draws cannot be reproduced");
		at = jcz_rng_next_int(&c->rng, c->npack);
		if (at < 0 || at >= c->npack)
			return fail(c, "replay[%zu]: random number %.17g gives no tile of %d", msg,
				    c->rng.r, c->npack);
	}
	c->drawn = c->pack[at];
	memmove(&c->pack[at], &c->pack[at + 1], (size_t)(c->npack - at - 1) * sizeof c->pack[0]);
	c->npack--;
	return 0;
}

/* A `random` in a message payload: JCloisterZone's generator takes it. */
static int take_random(conv *c, const json_t *payload, size_t msg)
{
	const json_t *r = json_object_get(payload, "random");
	if (!r || json_is_null(r))
		return 0;
	double v = json_number_value(r);
	if (!json_is_number(r) || !(v >= 0.0 && v < 1.0))
		return fail(c, "replay[%zu]: random is not a number in [0,1)", msg);
	c->rng.r = v;
	c->rng.set = true;
	return 0;
}

static void put_discard(conv *c)
{
	c->ndiscards++;
	arb_buf_printf(&c->moves, "%s %c discard\n", colour(c, c->turn),
		       jcz_tiles.kinds[c->drawn].letter);
	c->nlines++;
}

/* The integers [x, y] of a position; -1 when malformed. */
static int get_position(const json_t *pos, int *x, int *y)
{
	if (!json_is_array(pos) || json_array_size(pos) != 2 ||
	    !json_is_integer(json_array_get(pos, 0)) || !json_is_integer(json_array_get(pos, 1)))
		return -1;
	json_int_t a = json_integer_value(json_array_get(pos, 0));
	json_int_t b = json_integer_value(json_array_get(pos, 1));
	if (a < -JCZ_MAX_COORD || a > JCZ_MAX_COORD || b < -JCZ_MAX_COORD || b > JCZ_MAX_COORD)
		return -1;
	*x = (int)a;
	*y = (int)b;
	return 0;
}

static int on_place_tile(conv *c, const json_t *p, size_t msg)
{
	if (c->phase != PH_TILE)
		return fail(c, "replay[%zu]: PLACE_TILE before the turn before it was committed",
			    msg);
	const char *id = json_string_value(json_object_get(p, "tileId"));
	const char *rot = json_string_value(json_object_get(p, "rotation"));
	if (!id)
		return fail(c, "replay[%zu]: PLACE_TILE has no tileId", msg);
	int k = jcz_find_kind(id);
	if (k < 0)
		return fail(c, "replay[%zu]: tile \"%.40s\" is not a tile of the base game", msg,
			    id);
	int r;
	if (!rot ||
	    (strcmp(rot, "R0") && strcmp(rot, "R90") && strcmp(rot, "R180") && strcmp(rot, "R270")))
		return fail(c, "replay[%zu]: rotation \"%.20s\" is not R0, R90, R180 or R270", msg,
			    rot ? rot : "(missing)");
	r = atoi(rot + 1);
	if (get_position(json_object_get(p, "position"), &c->x, &c->y))
		return fail(c,
			    "replay[%zu]: PLACE_TILE position is not [x, y] with integers "
			    "from -%d to %d",
			    msg, JCZ_MAX_COORD, JCZ_MAX_COORD);
	if (c->free_draws) {
		/* The draws are not known: the tile placed leaves the pack. */
		int at = 0;
		while (at < c->npack && c->pack[at] != k)
			at++;
		if (at == c->npack)
			return fail(c,
				    "replay[%zu]: tile %s is placed more often than the pack "
				    "holds it",
				    msg, id);
		memmove(&c->pack[at], &c->pack[at + 1],
			(size_t)(c->npack - at - 1) * sizeof c->pack[0]);
		c->npack--;
		c->drawn = k;
	}
	/* A tile drawn but not the one placed was discarded: it fit nowhere. */
	while (c->drawn != k) {
		if (++c->discards_in_row > JCZ_MAX_DISCARDS || c->npack == 0) {
			c->draws_failed = true;
			c->first_failed = msg;
			return fail(c,
				    "replay[%zu]: tile %s is placed, but JCloisterZone's draws "
				    "with this save's random numbers give other tiles: the save is "
				    "damaged or its version draws differently",
				    msg, id);
		}
		put_discard(c);
		if (draw(c, msg))
			return -1;
	}
	c->discards_in_row = 0;
	c->letter = jcz_tiles.kinds[k].letter;
	c->rot = (r + jcz_tiles.kinds[k].rotation) % 360;
	c->follower[0] = '\0';
	c->drawn = -1;
	c->phase = PH_ACTION;
	return 0;
}

/* JCloisterZone's locations: edges are bits 8-15 (two per side: N, E, S,
 * W), field half-edges bits 0-7 (NL NR EL ER SL SR WL WR, our order). */
static const struct {
	const char *name;
	unsigned mask;
} locations[] = {
	{ "NL", 1u << 0 },    { "NR", 1u << 1 },    { "EL", 1u << 2 },	    { "ER", 1u << 3 },
	{ "SL", 1u << 4 },    { "SR", 1u << 5 },    { "WL", 1u << 6 },	    { "WR", 1u << 7 },
	{ "N", 0x03u << 8 },  { "E", 0x0cu << 8 },  { "S", 0x30u << 8 },    { "W", 0xc0u << 8 },
	{ "NW", 0xc3u << 8 }, { "SW", 0xf0u << 8 }, { "SE", 0x3cu << 8 },   { "NE", 0x0fu << 8 },
	{ "WE", 0xccu << 8 }, { "NS", 0x33u << 8 }, { "NWSE", 0xffu << 8 }, { "_N", 0xfcu << 8 },
	{ "_W", 0x3fu << 8 }, { "_S", 0xcfu << 8 }, { "_E", 0xf3u << 8 },
};

/* The mask of a location "N", "NL.NR.EL", "_S"; 0 when unknown. */
static unsigned location_mask(const char *s)
{
	unsigned mask = 0;
	while (*s) {
		size_t n = strcspn(s, ".");
		unsigned part = 0;
		for (size_t i = 0; i < sizeof locations / sizeof locations[0]; i++)
			if (strlen(locations[i].name) == n && !strncmp(locations[i].name, s, n))
				part = locations[i].mask;
		if (!part)
			return 0;
		mask |= part;
		s += n;
		if (*s == '.')
			s++;
	}
	return mask;
}

static int on_deploy(conv *c, const json_t *p, size_t msg)
{
	if (c->phase != PH_ACTION)
		return fail(c, "replay[%zu]: DEPLOY_MEEPLE %s", msg,
			    c->phase == PH_DEPLOYED ? "twice in one turn"
						    : "before a tile is placed");
	if (take_random(c, p, msg))
		return -1;
	const json_t *ptr = json_object_get(p, "pointer");
	const char *meeple = json_string_value(json_object_get(p, "meepleId"));
	const char *feature = json_string_value(json_object_get(ptr, "feature"));
	const char *loc = json_string_value(json_object_get(ptr, "location"));
	int x, y;
	if (!meeple || !feature || !loc || get_position(json_object_get(ptr, "position"), &x, &y))
		return fail(c,
			    "replay[%zu]: DEPLOY_MEEPLE needs meepleId and pointer "
			    "{position, feature, location}",
			    msg);
	char want[32];
	snprintf(want, sizeof want, "%d.small.", c->turn);
	if (strncmp(meeple, want, strlen(want))) {
		const char *dot = strchr(meeple, '.');
		if (dot && strncmp(meeple, want, (size_t)(dot - meeple) + 1) == 0)
			return fail(c,
				    "replay[%zu]: meeple \"%.40s\" is not a small follower "
				    "(the base game has no other)",
				    msg, meeple);
		return fail(c,
			    "replay[%zu]: meeple \"%.40s\" is not one of player %d's "
			    "followers, whose turn it is",
			    msg, meeple, c->turn);
	}
	if (x != c->x || y != c->y)
		return fail(
			c,
			"replay[%zu]: the follower goes to %d,%d, not on the tile just placed at %d,%d",
			msg, x, y, c->x, c->y);
	static const char *const sides[] = { "N", "E", "S", "W" };
	static const char *const halves[] = { "NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR" };
	bool road = !strcmp(feature, "Road"), city = !strcmp(feature, "City");
	if (!strcmp(feature, "Monastery") || !strcmp(feature, "Cloister")) {
		if (strcmp(loc, "I"))
			return fail(c, "replay[%zu]: a monastery's location is I, not \"%.40s\"",
				    msg, loc);
		snprintf(c->follower, sizeof c->follower, "cloister");
	} else if (road || city || !strcmp(feature, "Field")) {
		unsigned mask = location_mask(loc);
		bool field = !road && !city;
		unsigned edges = mask >> 8, fields = mask & 0xffu;
		if (!mask || (field ? edges != 0 : fields != 0))
			return fail(c, "replay[%zu]: \"%.40s\" is no location of a %s", msg, loc,
				    field  ? "field"
				    : road ? "road"
					   : "city");
		for (unsigned i = 0; i < (field ? 8u : 4u); i++)
			if (field ? (fields >> i) & 1u : (edges >> (2 * i)) & 3u) {
				snprintf(c->follower, sizeof c->follower, "%s %s",
					 field	? "field"
					 : road ? "road"
						: "city",
					 field ? halves[i] : sides[i]);
				break;
			}
	} else {
		return fail(c, "replay[%zu]: feature \"%.40s\" is not in the base game", msg,
			    feature);
	}
	c->phase = PH_DEPLOYED;
	return 0;
}

static int on_commit(conv *c, const json_t *p, size_t msg)
{
	if (c->phase != PH_ACTION && c->phase != PH_DEPLOYED)
		return fail(c, "replay[%zu]: COMMIT before a tile is placed", msg);
	if (take_random(c, p, msg))
		return -1;
	arb_buf_printf(&c->moves, "%s %c %d,%d %d%s%s\n", colour(c, c->turn), c->letter, c->x, c->y,
		       c->rot, c->follower[0] ? " " : "", c->follower);
	c->nlines++;
	c->turn = (c->turn + 1) % c->nplayers;
	if (c->npack == 0) {
		c->phase = PH_OVER;
		return 0;
	}
	c->phase = PH_TILE;
	return draw(c, msg);
}

/* Message types of JCloisterZone that belong to expansions (or undo):
 * each changes the game in a way the base game has no move for. */
static const char *const expansion_messages[] = {
	"BAZAAR_BID",	       "BAZAAR_BUY_OR_SELL",
	"CAPTURE_FOLLOWER",    "CIRCLE_REMOVE_OR_DEPLOY",
	"EXCHANGE_FOLLOWER",   "FLOCK_EXPAND_OR_SCORE",
	"MOVE_NEUTRAL_FIGURE", "PAY_RANSOM",
	"PLACE_TOKEN",	       "RETURN_MEEPLE",
	"SCORE_ACROBATS",      "UNDO",
	"GAME_SETUP",
};

static int on_message(conv *c, const json_t *m, size_t msg)
{
	const char *type = json_string_value(json_object_get(m, "type"));
	const json_t *p = json_object_get(m, "payload");
	if (!type)
		return fail(c, "replay[%zu]: a message without a type", msg);
	if (c->phase == PH_OVER)
		return 0; /* nothing changes a finished game */
	if (p && !json_is_object(p))
		return fail(c, "replay[%zu]: the payload of %.40s is not an object", msg, type);
	if (!strcmp(type, "PLACE_TILE"))
		return on_place_tile(c, p, msg);
	if (!strcmp(type, "DEPLOY_MEEPLE"))
		return on_deploy(c, p, msg);
	if (!strcmp(type, "PASS")) {
		if (c->phase == PH_TILE)
			return fail(c,
				    "replay[%zu]: PASS instead of placing a tile (only bridges "
				    "allow that)",
				    msg);
		c->phase = PH_DEPLOYED;
		return 0;
	}
	if (!strcmp(type, "COMMIT"))
		return on_commit(c, p, msg);
	for (size_t i = 0; i < sizeof expansion_messages / sizeof expansion_messages[0]; i++)
		if (!strcmp(type, expansion_messages[i]))
			return fail(c, "replay[%zu]: message %s is not a move of the base game",
				    msg, type);
	return fail(c, "replay[%zu]: unknown message type \"%.40s\": it may change the game", msg,
		    type);
}

/* ------------------------------------------------------------- set-up */

/* Rules of JCloisterZone that concern expansions only; since every
 * expansion is refused, none of them can change a base game. */
static const char *const expansion_rules[] = {
	"princess-action",
	"fairy-placement",
	"dragon-move",
	"barn-placement",
	"wagon-move",
	"bazaar-no-auction",
	"hill-tiebreaker",
	"espace-variant",
	"gq11-pig-herd",
	"tunnelize-other-expansions",
	"more-tunnel-tokens",
	"festival-return",
	"keep-monasteries",
	"labyrinth-variant",
	"coc-final-scoring",
	"count-move",
	"little-buildings-scoring",
	"king-and-robber-scoring",
};

static int check_version(conv *c, const char *v)
{
	int major, minor, patch;
	if (!v)
		return fail(c, "no appVersion: not a JCloisterZone 5 save (is it a setup "
			       "or an older 4.x save?)");
	if (sscanf(v, "%d.%d.%d", &major, &minor, &patch) != 3)
		return fail(c, "appVersion \"%.40s\" is not a JCloisterZone version", v);
	if (major != 5 || minor < 7)
		return fail(c,
			    "JCloisterZone %.40s saves are not supported: arbiter reads "
			    "versions 5.7.0 to 5.x (their tile draws are known)",
			    v);
	c->rng.lcg = (minor >= 9) != c->flip_lcg;
	return 0;
}

static int read_setup(conv *c, const json_t *setup, int *edition)
{
	const json_t *sets = json_object_get(setup, "sets");
	const json_t *elements = json_object_get(setup, "elements");
	const json_t *rules = json_object_get(setup, "rules");
	const json_t *start = json_object_get(setup, "start");
	if (!json_is_object(sets) || !json_is_object(elements))
		return fail(c, "setup needs \"sets\" and \"elements\" objects");
	const char *key;
	const json_t *v;
	*edition = 0;
	json_object_foreach((json_t *)sets, key, v)
	{
		if (!strcmp(key, "basic:1") || !strcmp(key, "basic:2")) {
			if (!json_is_integer(v) || json_integer_value(v) != 1)
				return fail(c,
					    "tile set %s in %lld copies is not supported (one "
					    "base game only)",
					    key,
					    json_is_integer(v) ? (long long)json_integer_value(v)
							       : -1LL);
			if (*edition)
				return fail(
					c,
					"tile sets basic:1 and basic:2 together are not supported");
			*edition = key[6] - '0';
			continue;
		}
		if (json_is_integer(v) && json_integer_value(v) == 0)
			continue;
		return fail(c, "expansion \"%.*s\" is not supported", (int)strcspn(key, ":/"), key);
	}
	if (!*edition)
		return fail(c, "the save has no base game tiles (tile set basic:1 or basic:2)");
	bool small_seen = false;
	c->farmers = "off";
	json_object_foreach((json_t *)elements, key, v)
	{
		if (!strcmp(key, "small-follower")) {
			if (!json_is_number(v) ||
			    json_number_value(v) != (double)jcz_tiles.followers)
				return fail(c,
					    "%s followers per player are not supported (the base "
					    "game has %ld)",
					    json_is_number(v) ? "other numbers of" : "missing",
					    jcz_tiles.followers);
			small_seen = true;
		} else if (!strcmp(key, "farmers")) {
			c->farmers = NULL; /* JCZ: present = on, whatever its value */
		} else if (!strcmp(key, "garden")) {
			/* gardens score only for the abbot, which is refused */
		} else {
			return fail(c, "game element \"%.40s\" is not supported", key);
		}
	}
	if (!small_seen)
		return fail(c, "the save has no small followers: not a base game");
	c->small_city = NULL;
	if (rules && !json_is_object(rules) && !json_is_null(rules))
		return fail(c, "setup.rules is not an object");
	json_object_foreach((json_t *)rules, key, v)
	{
		if (!strcmp(key, "tiny-city-scoring")) {
			const char *s = json_string_value(v);
			if (s && !strcmp(s, "2"))
				c->small_city = "2";
			else if (!s || strcmp(s, "4"))
				return fail(
					c, "rule tiny-city-scoring=%.20s is not supported (2 or 4)",
					s ? s : "(not a string)");
			continue;
		}
		bool known = false;
		for (size_t i = 0; i < sizeof expansion_rules / sizeof expansion_rules[0]; i++)
			known |= !strcmp(key, expansion_rules[i]);
		if (!known)
			return fail(c, "rule \"%.40s\" is not supported", key);
	}
	/* The start: our start tile at 0,0 rotated 0, as in every base game. */
	const json_t *s0 = json_array_get(start, 0);
	const char *tile = json_string_value(json_object_get(s0, "tile"));
	int k = tile ? jcz_find_kind(tile) : -1;
	if (!json_is_array(start) || json_array_size(start) != 1 || k < 0 ||
	    jcz_tiles.kinds[k].letter != jcz_tiles.start ||
	    json_integer_value(json_object_get(s0, "x")) != 0 ||
	    json_integer_value(json_object_get(s0, "y")) != 0 ||
	    json_integer_value(json_object_get(s0, "rotation")) !=
		    (json_int_t)jcz_tiles.kinds[k].rotation)
		return fail(c, "the start is not the base game's (one tile %c at 0,0 rotated 0)",
			    jcz_tiles.start);
	/* The pack: every copy, in JCZ's order (ids sorted), less the start. */
	c->npack = 0;
	for (size_t i = 0; i < jcz_tiles.nkinds; i++)
		for (int n = jcz_tiles.kinds[i].count[*edition - 1] - ((int)i == k); n > 0; n--) {
			if (c->npack == JCZ_MAX_PACK)
				return fail(c, "carcassonne data: more than %d tiles",
					    JCZ_MAX_PACK);
			c->pack[c->npack++] = (int)i;
		}
	return 0;
}

static int read_header(conv *c)
{
	const json_t *root = c->root;
	int edition;
	const char *version = json_string_value(json_object_get(root, "appVersion"));
	const json_t *setup = json_object_get(root, "setup");
	const json_t *players = json_object_get(root, "players");
	const json_t *replay = json_object_get(root, "replay");
	if (json_is_object(setup) && !replay && !players)
		return fail(c, "this is a JCloisterZone game setup, saved without a game");
	if (check_version(c, version))
		return -1;
	if (!json_is_object(setup) || !json_is_array(players) || !json_is_array(replay))
		return fail(c, "a JCloisterZone save needs \"setup\", \"players\" and \"replay\"");
	if (read_setup(c, setup, &edition))
		return -1;
	c->nplayers = (int)json_array_size(players);
	if (c->nplayers < (int)jcz_tiles.game->min_seats ||
	    c->nplayers > (int)jcz_tiles.game->max_seats)
		return fail(c, "%d players: carcassonne seats %u to %u", c->nplayers,
			    jcz_tiles.game->min_seats, jcz_tiles.game->max_seats);
	const json_t *ann = json_object_get(root, "gameAnnotations");
	const json_t *tp = json_object_get(json_object_get(ann, "tilePack"), "params");
	c->forced = json_object_get(ann, "drawOrder");
	if (!c->forced)
		c->forced = json_object_get(tp, "drawOrder");
	if (c->forced && !json_is_array(c->forced))
		return fail(c, "gameAnnotations.drawOrder is not a list of tile ids");
	size_t nforced = json_array_size(c->forced);
	const char *last =
		nforced ? json_string_value(json_array_get(c->forced, nforced - 1)) : NULL;
	if (json_object_get(tp, "drawLimit") || (last && !strcmp(last, "#END")))
		return fail(c, "the save's draw order ends the game early (JCloisterZone's "
			       "test annotation #END or drawLimit), which the base game cannot");
	const json_t *rnd = json_object_get(root, "initialRandom");
	if (json_is_number(rnd)) {
		double v = json_number_value(rnd);
		if (!(v >= 0.0 && v < 1.0))
			return fail(c, "initialRandom is not a number in [0,1)");
		c->rng.r = v;
		c->rng.set = true;
	}

	arb_buf *t = &c->tags;
	arb_import_tag(t, "Game", "carcassonne");
	const char *name = json_string_value(json_object_get(root, "name"));
	if (name && *name)
		arb_import_tag(t, "Event", name);
	const char *created = json_string_value(json_object_get(root, "created"));
	if (created && strlen(created) >= 10 && created[4] == '-' && created[7] == '-' &&
	    strspn(created, "0123456789") == 4 && strspn(created + 5, "0123456789") == 2 &&
	    strspn(created + 8, "0123456789") == 2) {
		char date[11];
		snprintf(date, sizeof date, "%.4s.%.2s.%.2s", created, created + 5, created + 8);
		arb_import_tag(t, "Date", date);
	}
	char source[64];
	snprintf(source, sizeof source, "JCloisterZone %.40s", version);
	arb_import_tag(t, "Source", source);
	const char *gid = json_string_value(json_object_get(root, "gameId"));
	if (gid && *gid)
		arb_import_tag(t, "SourceId", gid);
	const char *names[ARB_MAX_SEATS], *colours[ARB_MAX_SEATS];
	for (int i = 0; i < c->nplayers && i < ARB_MAX_SEATS; i++) {
		names[i] = json_string_value(
			json_object_get(json_array_get(players, (size_t)i), "name"));
		if (!names[i])
			return fail(c, "players[%d] has no name", i);
		colours[i] = colour(c, i);
	}
	arb_import_seats(t, colours, names, c->nplayers, c->err);
	if (c->small_city || c->farmers) {
		char variant[64];
		snprintf(variant, sizeof variant, "%s%s%s%s", c->small_city ? "small-city=" : "",
			 c->small_city ? c->small_city : "", c->small_city && c->farmers ? " " : "",
			 c->farmers ? "farmers=off" : "");
		arb_import_tag(t, "Variant", variant);
	}
	return 0;
}

/* The record so far (tags, Result "*" when asked, moves) into `out`. */
static void put_record(const conv *c, arb_buf *out, bool star)
{
	arb_buf_put(out, c->tags.p, c->tags.len);
	if (star)
		arb_buf_puts(out, "[Result \"*\"]\n");
	if (c->free_draws)
		arb_buf_puts(out, "; the tiles discarded, and when, are unknown: JCloisterZone's "
				  "draws with this save's random numbers were not reproduced\n");
	arb_buf_putc(out, '\n');
	if (c->moves.len)
		arb_buf_put(out, c->moves.p, c->moves.len);
}

/* The finished conversion's record (arb_import_put). */
static int put_final(void *ctx, arb_buf *out)
{
	const conv *c = ctx;
	put_record(c, out, c->unfinished);
	return 0;
}

/* Replay `text` with the engine into *r (arb_replay_free it). */
static void replay_text(arb_buf *text, arb_replay *r)
{
	memset(r, 0, sizeof *r);
	r->verdict = ARB_ERROR;
	FILE *f = fmemopen(text->p, text->len, "r");
	if (!f)
		return;
	arb_reader *rd = arb_reader_new(f, "import");
	arb_record rec;
	arb_diag d;
	if (rd && arb_reader_next(rd, &rec, &d) == 1) {
		r->rec = &rec;
		r->games = &arb_registry;
		arb_replay_game(r);
	}
	if (rd)
		arb_reader_free(rd);
	fclose(f);
}

/* Ask the engine whether the tile drawn now fits nowhere: replay the
 * record with its discard appended and see whether every line passes. */
static bool discard_accepted(conv *c)
{
	arb_buf text = { 0 };
	put_record(c, &text, true);
	arb_buf_printf(&text, "%s %c discard\n", colour(c, c->turn),
		       jcz_tiles.kinds[c->drawn].letter);
	arb_replay r;
	replay_text(&text, &r);
	bool ok = r.verdict != ARB_ERROR && r.moves == c->nlines + 1;
	arb_replay_free(&r);
	arb_buf_free(&text);
	return ok;
}

/* Whether the discards the draws gave are ones the rules allow: a
 * discard of a tile that fits somewhere means the draws went otherwise
 * (another generator's). */
static bool discards_allowed(conv *c)
{
	arb_buf text = { 0 };
	put_record(c, &text, c->unfinished);
	arb_replay r;
	replay_text(&text, &r);
	bool ok = !(r.verdict == ARB_ILLEGAL && r.rej.rule &&
		    !strcmp(r.rej.rule, "discard-placeable"));
	arb_replay_free(&r);
	arb_buf_free(&text);
	return ok;
}

/* The end of a save whose draws are not known: the tiles never placed
 * were discarded somewhere (when, is unknown) or are still in the pack.
 * When each fits nowhere at the end, the record ends with their discards
 * and the game is over, as JCloisterZone ended it; else it is left
 * unfinished. */
static int end_free(conv *c)
{
	size_t keep = c->moves.len, lines = c->nlines;
	while (c->npack > 0) {
		c->drawn = c->pack[c->npack - 1];
		if (!discard_accepted(c)) {
			c->moves.len = keep;
			c->nlines = lines;
			c->unfinished = true;
			return 0;
		}
		put_discard(c);
		c->npack--;
	}
	c->phase = PH_OVER;
	return 0;
}

static int convert(conv *c)
{
	if (read_header(c))
		return -1;
	c->drawn = -1;
	c->phase = PH_TILE;
	if (draw(c, 0))
		return -1;
	const json_t *replay = json_object_get(c->root, "replay");
	for (size_t i = 0; i < json_array_size(replay); i++) {
		const json_t *m = json_array_get(replay, i);
		if (!json_is_object(m))
			return fail(c, "replay[%zu] is not an object", i);
		if (on_message(c, m, i))
			return -1;
	}
	/* A turn placed but not committed was never finished: dropped. */
	if (c->phase == PH_ACTION || c->phase == PH_DEPLOYED)
		c->unfinished = true;
	if (c->free_draws && c->phase == PH_TILE)
		return end_free(c);
	/* After a COMMIT, JCloisterZone has drawn; a tile that fits nowhere
	 * was discarded at once, and the game may have ended that way. */
	while (c->phase == PH_TILE) {
		if (!discard_accepted(c)) {
			c->unfinished = true;
			break;
		}
		put_discard(c);
		if (c->npack == 0)
			c->phase = PH_OVER;
		else if (draw(c, json_array_size(replay)))
			return -1;
	}
	return 0;
}

bool arb_import_jcz_sniff(const unsigned char *b, size_t len)
{
	size_t i = 0;
	if (len >= 3 && !memcmp(b, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	if (i == len || b[i] != '{')
		return false;
	/* A JSON object naming JCloisterZone's keys near its start. */
	size_t n = len - i < 65536 ? len - i : 65536;
	static const char *const keys[] = { "\"appVersion\"", "\"replay\"", "\"initialRandom\"" };
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		size_t kl = strlen(keys[k]);
		for (size_t j = i; j + kl <= i + n; j++)
			if (b[j] == '"' && !memcmp(b + j, keys[k], kl))
				return true;
	}
	return false;
}

/* Convert again a save whose draws did not give the tiles placed: with
 * the other generator (some 5.7.x saves draw as 5.9's does: a new number
 * after every draw, so a redraw after a discard differs), or, `free`, the
 * placements as saved, with a warning. */
static int convert_again(conv *c, bool free)
{
	size_t failed = c->first_failed;
	arb_buf_free(&c->tags);
	arb_buf_free(&c->moves);
	arb_import_error *err = c->err;
	json_t *root = c->root;
	memset(c, 0, sizeof *c);
	c->err = err;
	c->root = root;
	c->free_draws = free;
	c->flip_lcg = !free;
	int rc = convert(c);
	if (rc == 0 && free)
		snprintf(err->warn, sizeof err->warn,
			 "replay[%zu]: JCloisterZone's draws with this save's random numbers do "
			 "not give the tiles placed; the placements are converted as saved, and "
			 "which tiles were discarded, and when, is unknown%s",
			 failed, c->unfinished ? " (the game is left unfinished)" : "");
	return rc;
}

/* Convert the save `bytes` (the whole document) and hand it to `sink`. */
/* The most JSON values a save may hold.  A whole game of the base game
 * is about 3,000 (550 objects and arrays); jansson spends some 230 bytes
 * on an empty object, so 16 MiB of `[{},{},...]` would take 1.3 GB.
 * Counted before parsing, the bound keeps the parse under ~50 MB. */
#define JCZ_MAX_VALUES 200000

static int convert_doc(const unsigned char *bytes, size_t len, const arb_import_sink *sink,
		       arb_import_error *err)
{
	size_t skip = len >= 3 && !memcmp(bytes, "\xef\xbb\xbf", 3) ? 3 : 0;
	if (arb_json_cost((const char *)bytes + skip, len - skip, 1, JCZ_MAX_VALUES) >
	    JCZ_MAX_VALUES)
		return arb_import_fail(err, 0, 0,
				       "more than %d JSON values: no JCloisterZone save holds that "
				       "many (a whole game holds a few thousand)",
				       JCZ_MAX_VALUES);
	json_error_t jerr;
	json_t *root =
		json_loadb((const char *)bytes + skip, len - skip, JSON_REJECT_DUPLICATES, &jerr);
	if (!root)
		return arb_import_fail(err, (uint32_t)(jerr.line > 0 ? jerr.line : 0),
				       (uint32_t)(jerr.column > 0 ? jerr.column : 0),
				       "not valid JSON: %s%s", jerr.text,
				       strstr(jerr.text, "end of") || strstr(jerr.text, "premature")
					       ? " (is the file truncated?)"
					       : "");
	if (!json_is_object(root)) {
		json_decref(root);
		return arb_import_fail(err, 0, 0,
				       "not a JCloisterZone save: the JSON is no object");
	}
	conv c;
	memset(&c, 0, sizeof c);
	c.err = err;
	c.root = root;
	int rc = convert(&c);
	if (rc == 0 && c.ndiscards && !discards_allowed(&c))
		c.draws_failed = true, rc = -1;
	if (rc && c.draws_failed) {
		rc = convert_again(&c, false);
		if (rc == 0 && c.ndiscards && !discards_allowed(&c))
			c.draws_failed = true, rc = -1;
	}
	if (rc && c.draws_failed)
		rc = convert_again(&c, true);
	arb_buf *const bufs[] = { &c.tags, &c.moves };
	rc = arb_import_finish(rc, put_final, &c, sink, bufs, 2, err);
	json_decref(root);
	return rc;
}

/* A save is one JSON document, one game: read whole, under
 * ARB_IMPORT_MAX_DOC. */
int arb_import_jcz_convert(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err)
{
	size_t len;
	const unsigned char *bytes = arb_import_peek(in, &len);
	if (arb_import_compressed(bytes, len, err) || jcz_load_tiles(err))
		return -1;
	unsigned char *doc;
	if (arb_import_slurp(in, ARB_IMPORT_MAX_DOC, "JCloisterZone save", &doc, &len, err))
		return -1;
	int rc = convert_doc(doc, len, sink, err);
	free(doc);
	return rc;
}
