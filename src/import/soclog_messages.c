/*
 * soclog_messages.c — the messages of the game, after its start: each
 * one's handler (soclog_moves.c, soclog_secrets.c) called where the game
 * may take it, the others harmless or refused, naming them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soclog.h"

/* ------------------------------------------------------ the messages */

/* Messages that cannot change the game: prompts, texts, seats and faces,
 * trade offers (the accepted one is SOCAcceptOffer), what the rules
 * derive (special cards, counts, potential places), statistics. */
static const char *const harmless[] = {
	"SOCGameServerText",
	"SOCGameTextMsg",
	"SOCChangeFace",
	"SOCSetSeatLock",
	"SOCJoinGame",
	"SOCJoinGameAuth",
	"SOCLeaveGame",
	"SOCGameMembers",
	"SOCPotentialSettlements",
	"SOCBotJoinGameRequest",
	"SOCRobotDismiss",
	"SOCGameStats",
	"SOCPlayerStats",
	"SOCDeclinePlayerRequest",
	"SOCRollDicePrompt",
	"SOCDiscardRequest",
	"SOCChoosePlayerRequest",
	"SOCChoosePlayer",
	"SOCClearOffer",
	"SOCMakeOffer",
	"SOCClearTradeMsg",
	"SOCRejectOffer",
	"SOCGameElements",
	"SOCResourceCount",
	"SOCLargestArmy",
	"SOCLongestRoad",
	"SOCDevCardCount",
	"SOCSetPlayedDevCard",
	"SOCFirstPlayer",
	"SOCSetTurn",
	"SOCLastSettlement",
	"SOCStatusMessage",
	"SOCTimingPing",
	"SOCServerPing",
	"SOCBCastTextMsg",
	"SOCUndoNotAllowedReasonText",
	"SOCSimpleRequest",
	"SOCUpdateRobotParams",
	"SOCSetLastAction",
	"SOCGames",
	"SOCGamesWithOptions",
	"SOCDeleteGame",
	"SOCChannelTextMsg",
	"SOCLocalizedStrings",
	"SOCGameOptionInfo",
	"SOCScenarioInfo",
	"SOCCancelBuildRequest",
	"SOCVersion",
	"SOCNewGame",
	"SOCNewGameWithOptions",
	"SOCStartGame",
	"SOCPlayerElements",
	"SOCPlayerElement",
	"SOCGameState",
	"SOCDiceResult",
	"SOCSitDown",
	"SOCResetBoardVote",
	"SOCResetBoardVoteRequest",
	"SOCResetBoardReject",
};

/* Messages that change the game in ways TGN's Catan cannot hold. */
static const struct {
	const char *name, *why;
} refused[] = {
	{ "SOCUndoPutPiece", "an undone move, which TGN has no way to write" },
	{ "SOCMovePiece", "a ship moved (the sea board)" },
	{ "SOCRemovePiece", "a piece removed (a scenario)" },
	{ "SOCRevealFogHex", "a fog hex revealed (the sea board)" },
	{ "SOCSetSpecialItem", "a scenario's special item" },
	{ "SOCInventoryItemAction", "a scenario's inventory item" },
	{ "SOCPieceValue", "a scenario's piece value" },
	{ "SOCSetShipRouteClosed", "a ship route (the sea board)" },
	{ "SOCSVPTextMessage", "special victory points (a scenario)" },
	{ "SOCDebugFreePlace", "a piece placed free by a debug command" },
	{ "SOCResetBoardAuth", "the board reset: a new game in the same log" },
	{ "SOCBoardLayout", "the board sent again in the middle of the game" },
	{ "SOCBoardLayout2", "the 6-player or the sea board (SOCBoardLayout2), which TGN's "
			     "Catan cannot hold" },
};

/* The messages of the game, each where the game may take it: a secret's
 * copy to whoever it was sent, even after the end; the others only as all
 * saw them (a player's own copy says nothing more), while the game is on,
 * some only in a player's line (set-up placement or turn), some only in a
 * turn. */
enum soc_when { SOC_ANY_COPY, SOC_ON, SOC_IN_LINE, SOC_IN_TURN };

static const struct soc_message {
	const char *name;
	enum soc_when when;
	bool refused_before_turn; /* no message of the kind before the first line */
	soc_handler *handle;
} handlers[] = {
	{ "SOCDevCardAction", SOC_ANY_COPY, false, soc_dev_card_action },
	{ "SOCRobberyResult", SOC_ANY_COPY, false, soc_robbery_result },
	{ "SOCDiscard", SOC_ANY_COPY, false, soc_discard },
	{ "SOCTurn", SOC_ON, false, soc_turn },
	{ "SOCGameState", SOC_ON, false, soc_game_state },
	{ "SOCPutPiece", SOC_IN_LINE, true, soc_put_piece },
	{ "SOCCancelBuildRequest", SOC_IN_LINE, false, soc_cancel_build },
	{ "SOCDiceResult", SOC_IN_TURN, true, soc_dice_result },
	{ "SOCDiceResultResources", SOC_IN_TURN, false, soc_dice_resources },
	{ "SOCMoveRobber", SOC_IN_TURN, false, soc_move_robber },
	{ "SOCBankTrade", SOC_IN_TURN, false, soc_bank_trade },
	{ "SOCAcceptOffer", SOC_IN_TURN, false, soc_accept_offer },
	{ "SOCPickResources", SOC_IN_TURN, false, soc_pick_resources },
	{ "SOCSimpleAction", SOC_IN_TURN, false, soc_simple_action },
	{ "SOCPlayerElements", SOC_IN_TURN, false, soc_player_elements },
	{ "SOCPlayerElement", SOC_IN_TURN, false, soc_player_elements },
};

/* A message no handler takes where it came: refused, harmless or
 * unknown. */
static int other_message(conv *c, const char *name)
{
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		if (!strcmp(name, refused[i].name))
			return fail(c, "%s: %s", name, refused[i].why);
	for (size_t i = 0; i < sizeof harmless / sizeof harmless[0]; i++)
		if (!strcmp(name, harmless[i]))
			return 0;
	return fail(c, "unknown message type %s: it may change the game", name);
}

int soc_game_message(conv *c, const char *name, const char *body, enum aud aud, uint32_t seen)
{
	const struct soc_message *h = NULL;
	for (size_t i = 0; !h && i < sizeof handlers / sizeof handlers[0]; i++)
		if (!strcmp(name, handlers[i].name))
			h = &handlers[i];
	if (h && h->when == SOC_ANY_COPY)
		return h->handle(c, name, body, seen);
	if (soc_flush_secret(c))
		return -1;
	if (aud != AUD_ALL || c->over)
		return 0; /* a player's own copy of what all see, or a prompt */
	if (h && h->when >= SOC_IN_LINE && c->cur < 0) {
		/* between the start and the first turn: only what all know */
		if (h->refused_before_turn)
			return fail(c, "%s before anybody's turn", name);
		h = NULL;
	}
	if (h && h->when == SOC_IN_TURN && c->setup)
		h = NULL;
	return h ? h->handle(c, name, body, seen) : other_message(c, name);
}
