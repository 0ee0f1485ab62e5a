/*
 * test_data.c — the limits the Catan engine's code assumes, each refused
 * by its data loader at the YAML key that breaks it (issue: --data with 16
 * roads aborted in the longest-road search, 0 pieces made gen fail): the
 * embedded catan.yaml with one value changed must not load, with a message
 * naming the limit; the box's own values load.
 */
#include "../engine_test.h"
#include "games/catan/catan.h"

extern const arb_game_ops catan_game;

/* The embedded data with the first `from` replaced by `to`. */
static char *patched(const char *from, const char *to)
{
	const char *base = (const char *)catan_game.data;
	size_t n = *catan_game.data_size;
	char *text = malloc(n + 1);
	assert_non_null(text);
	memcpy(text, base, n);
	text[n] = '\0';
	char *at = strstr(text, from);
	assert_non_null(at);
	size_t fl = strlen(from), tl = strlen(to);
	char *out = malloc(n + tl + 1);
	assert_non_null(out);
	size_t pre = (size_t)(at - text);
	memcpy(out, text, pre);
	memcpy(out + pre, to, tl);
	strcpy(out + pre + tl, at + fl);
	free(text);
	return out;
}

/* Loading data with `from` -> `to` fails at line `line` with `words`. */
static void refused(const char *from, const char *to, unsigned line, const char *words)
{
	char *yaml = patched(from, to);
	arb_data_error err = { 0 };
	void *d = et_data_try(&catan_game, yaml, &err);
	if (d)
		fail_msg("'%s' loaded", to);
	if (line && err.line != line)
		fail_msg("'%s': line %u, expected %u (%s)", to, err.line, line, err.msg);
	if (!strstr(err.msg, words))
		fail_msg("'%s': message '%s' lacks '%s'", to, err.msg, words);
	free(yaml);
}

static void accepted(const char *from, const char *to)
{
	char *yaml = patched(from, to);
	arb_data_error err = { 0 };
	void *d = et_data_try(&catan_game, yaml, &err);
	if (!d)
		fail_msg("'%s' refused: %s", to, err.msg);
	catan_game.data_free(d);
	free(yaml);
}

static void test_pieces(void **state)
{
	(void)state;
	const char *box = "pieces: {road: 15, settlement: 5, city: 4}";
	refused(box, "pieces: {road: 16, settlement: 5, city: 4}", 28,
		"road: 16, but the engine supports 2 to 15");
	refused(box, "pieces: {road: 0, settlement: 5, city: 4}", 28,
		"road: 0, but the engine supports 2 to 15");
	refused(box, "pieces: {road: 15, settlement: 1, city: 4}", 28,
		"settlement: 1, but the engine supports 2 to 54");
	refused(box, "pieces: {road: 15, settlement: 5, city: 55}", 28,
		"city: 55, but the engine supports 0 to 54");
	accepted(box, "pieces: {road: 2, settlement: 2, city: 0}");
	accepted(box, "pieces: {road: 15, settlement: 54, city: 54}");
}

static void test_bank(void **state)
{
	(void)state;
	refused("bank: 19", "bank: 52", 12, "out of range [0, 51]");
	accepted("bank: 19", "bank: 51");
}

static void test_tokens(void **state)
{
	(void)state;
	/* the box: 5 2 6 3 8 10 9 12 11 4 8 10 9 4 5 6 3 11; a third 6 */
	char *yaml = patched("3, 11]", "6, 11]");
	arb_data_error err = { 0 };
	void *d = et_data_try(&catan_game, yaml, &err);
	if (d)
		fail_msg("three tokens 6 loaded");
	assert_non_null(strstr(err.msg, "a third token shows 6"));
	free(yaml);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pieces),
		cmocka_unit_test(test_bank),
		cmocka_unit_test(test_tokens),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
