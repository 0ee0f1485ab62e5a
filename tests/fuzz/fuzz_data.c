/*
 * fuzz_data.c — libFuzzer/AFL++ harness for game data, then play with it:
 * any bytes as a YAML data file, parsed by libyaml into the core's tree
 * and handed to every engine's data_load(); and, as `--data FILE` then
 * `gen` and `check` would, the same bytes written to a file, loaded with
 * arb_gamedata_override, and, when an engine accepts them, one game of it
 * generated and checked on that data: every generated turn must parse and
 * apply, and the moves the engine lists now and then are produced too
 * (one fixed seed: the game changes with the data, not with every byte).
 * A malformed file must give a diagnostic, never a crash or a leak.
 */
#include "fuzz_common.h"
#include "fuzz_play.h"
#include "core/gamedata.h"
#include "games/registry.h"

#define FZ_MAX_TURNS 400

static void fz_count(void *ctx, const char *move)
{
	(void)move;
	++*(size_t *)ctx;
}

/* Generate and check one game of g on the data now loaded for it. */
static void fz_play(const arb_game_ops *g, const void *gdata, uint64_t rng)
{
	unsigned nseats = g->min_seats + (unsigned)(rng % (g->max_seats - g->min_seats + 1));
	arb_buf text = { 0 }, turn = { 0 };
	arb_buf_printf(&text, "[Game \"%s\"]\n", g->name);
	for (unsigned s = 0; s < nseats; s++)
		arb_buf_printf(&text, "[%s \"P%u\"]\n", g->colours[s], s + 1);
	if (g->random_tags)
		g->random_tags(gdata, nseats, &rng, &text);
	arb_buf_puts(&text, "[Result \"*\"]\n\n");
	fz_doc doc;
	fz_game z = { 0 };
	if (fz_read(&doc, &text) && fz_open(&z, &doc) && g->random_turn) {
		for (int t = 0; t < FZ_MAX_TURNS && !g->over(z.r.state); t++) {
			if (t % 50 == 7) {
				size_t n = 0;
				g->moves(z.r.state, NULL, fz_count, &n);
			}
			arb_buf_reset(&turn);
			if (g->random_turn(z.r.state, &rng, &turn) < 0)
				break;
			fz_must_apply(&z, turn.p);
		}
		g->finish(z.r.state, NULL);
		arb_standing st;
		g->standing(z.r.state, &st);
		arb_buf_reset(&turn);
		g->dump(z.r.state, 0, &turn);
	}
	fz_close(&z);
	fz_unread(&doc);
	arb_buf_free(&text);
	arb_buf_free(&turn);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[320];
	fz_init_stdio();
	const arb_game_ops *loaded = NULL;
	for (size_t i = 0; i < arb_game_count(); i++) {
		const arb_game_ops *g = arb_game_at(i);
		if (!g)
			continue;
		arb_diag d;
		void *obj = arb_gamedata_load(g, data, size, "fuzz.yaml", &d);
		if (obj) {
			loaded = g;
			g->data_free(obj);
		}
	}
	if (!loaded)
		return 0;
	fz_write(fz_path(path, sizeof path, "data.yaml"), data, size);
	arb_diag d;
	if (arb_gamedata_override(&arb_registry, path, &d) == 0) {
		const void *gdata = arb_gamedata_get(loaded, &d);
		if (!gdata)
			abort(); /* the same bytes loaded a moment ago */
		/* a fixed seed: the game played changes with the data's meaning,
		 * not with every byte, so the minimized corpus stays small */
		fz_play(loaded, gdata, 0x2545f4914f6cdd1du);
	}
	arb_gamedata_free_all();
	return 0;
}
