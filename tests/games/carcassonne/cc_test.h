/*
 * cc_test.h — what the Carcassonne unit tests add to the one engine test
 * harness (tests/games/engine_test.h): the engine's private header (white
 * box: cc_data, cc_game) and OPS.  Seating by count (et_start_n), the
 * final scoring (et_finish) and an event's points (et_points) are the
 * harness's own, shared with the other games.
 */
#ifndef CC_TEST_H
#define CC_TEST_H

#include "../engine_test.h"
#include "games/carcassonne/carcassonne.h"

extern const arb_game_ops carcassonne_game;

#define OPS (&carcassonne_game)

#endif
