/*
 * fuzz_data.c — libFuzzer/AFL++ harness for the game data loader: any bytes
 * as a YAML data file, parsed by libyaml into the core's tree and handed
 * to every engine's data_load(), as `--data FILE` would.  A malformed file
 * must give a diagnostic, never a crash or a leak.
 */
#include <stdint.h>
#include <stdio.h>

#include "core/gamedata.h"
#include "games/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < arb_game_count(); i++) {
		const arb_game_ops *g = arb_game_at(i);
		if (!g)
			continue;
		arb_diag d;
		void *obj = arb_gamedata_load(g, data, size, "fuzz.yaml", &d);
		if (obj)
			g->data_free(obj);
	}
	return 0;
}
