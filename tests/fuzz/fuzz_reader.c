/*
 * fuzz_reader.c — libFuzzer/AFL++ harness for the record parser: any bytes
 * as a TGN stream, read game by game, and every game that parses set up,
 * replayed, formatted, scored and dumped through its engine.  Nothing may
 * crash, leak or hit undefined behaviour, whatever the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/gamedata.h"
#include "core/reader.h"
#include "core/replay.h"
#include "games/registry.h"

static void ignore_event(void *ctx, size_t move, const arb_event *ev)
{
	(void)ctx;
	(void)move;
	(void)ev;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "rb");
	if (!f)
		return 0;
	arb_reader *rd = arb_reader_new(f, "fuzz");
	arb_record rec;
	arb_diag d;
	arb_buf buf = { 0 };
	int rc;
	while ((rc = arb_reader_next(rd, &rec, &d)) != 0) {
		if (rc < 0)
			continue; /* like --keep-going */
		arb_replay r;
		memset(&r, 0, sizeof r);
		r.rec = &rec;
		r.games = &arb_registry;
		r.on_event = ignore_event;
		arb_replay_game(&r);
		if (r.state) {
			arb_buf_reset(&buf);
			r.game->dump(r.state, 0, &buf);
			/* fmt's path: every turn parsed and formatted */
			for (size_t i = 0; i < rec.nturns; i++) {
				const arb_turn *t = &rec.turns[i];
				arb_reject rej;
				if (!t->ntok)
					continue;
				memset(r.move, 0, r.game->move_size);
				if (r.game->parse(r.state, &rec.tok[t->first], t->ntok, r.move,
						  &rej) == 0)
					r.game->format(r.state, r.move, &buf);
			}
		}
		arb_replay_free(&r);
	}
	arb_buf_free(&buf);
	arb_reader_free(rd);
	fclose(f);
	return 0;
}
