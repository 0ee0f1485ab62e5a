/*
 * rng.c — splitmix64, the generator behind `arbiter gen` and the fuzz
 * harnesses' random games.  Chosen for being tiny, fast and identical on
 * every platform (no libc rand(), whose sequence differs between systems).
 */
#include "../games/game.h"

uint64_t arb_rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

uint32_t arb_rng_below(uint64_t *state, uint32_t n)
{
	/* Lemire's multiply-shift with rejection: unbiased for every n. */
	uint64_t m = (uint64_t)(uint32_t)arb_rng_next(state) * n;
	uint32_t low = (uint32_t)m;
	if (low < n) {
		uint32_t threshold = (uint32_t)-n % n;
		while (low < threshold) {
			m = (uint64_t)(uint32_t)arb_rng_next(state) * n;
			low = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}
