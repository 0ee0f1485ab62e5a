/*
 * moves.c — legal move listing for `arbiter moves` (placeholder).
 *
 * A whole Elasund turn combines a ship choice, up to two builds, a permit
 * and a special action, so the full list of turn lines is far too large to
 * print.  Until a phase-wise listing exists this lists nothing.
 */
#include "elasund.h"

size_t elasund_moves(const void *game, const void *next,
		     void (*emit)(void *ctx, const char *move), void *ctx);

size_t elasund_moves(const void *game, const void *next,
		     void (*emit)(void *ctx, const char *move), void *ctx)
{
	(void)game;
	(void)next;
	(void)emit;
	(void)ctx;
	return 0;
}
