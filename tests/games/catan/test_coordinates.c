/*
 * test_coordinates.c — the rule notation/catan.md gives for the
 * intersections around a hex ("a hex in row r whose centre column is X
 * has the corners Xr, (X-1)r, (X+1)r, (X-1)(r+1), (X+1)(r+1) and
 * X(r+1)") agrees with the geometry the engine builds from its data: the
 * doc's rule for every hex A..S, compared both ways with node_hex.
 */
#include "catan_test.h"

static void test_hex_corners(void **state)
{
	(void)state;
	cat_game *g = et_new_game_ok("Red Blue White");
	const cat_geom *G = &g->d->g;
	/* the doc: rows of 3, 4, 5, 4, 3 hexes, the first centred on column
	 * d, c, b, c, d; two columns between neighbours */
	static const char first[5] = { 'd', 'c', 'b', 'c', 'd' };
	static const int count[5] = { 3, 4, 5, 4, 3 };
	int h = 0;
	for (int r = 0; r < 5; r++)
		for (int k = 0; k < count[r]; k++, h++) {
			char X = (char)(first[r] + 2 * k);
			char corner[6][3] = {
				{ X, (char)('1' + r) },
				{ (char)(X - 1), (char)('1' + r) },
				{ (char)(X + 1), (char)('1' + r) },
				{ (char)(X - 1), (char)('2' + r) },
				{ (char)(X + 1), (char)('2' + r) },
				{ X, (char)('2' + r) },
			};
			bool is_corner[CAT_NODES] = { false };
			for (int c = 0; c < 6; c++) {
				int v = cat_parse_node(g->d, corner[c], 2);
				if (v < 0)
					fail_msg("hex %c: %s is no intersection", 'A' + h,
						 corner[c]);
				is_corner[v] = true;
			}
			for (unsigned v = 0; v < CAT_NODES; v++) {
				bool touches = false;
				for (unsigned i = 0; i < G->node_nhex[v]; i++)
					touches |= G->node_hex[v][i] == h;
				if (touches != is_corner[v]) {
					char nn[4];
					cat_node_name(g->d, v, nn);
					fail_msg("hex %c and %s: the engine says %s, the doc %s",
						 'A' + h, nn, touches ? "corner" : "not",
						 is_corner[v] ? "corner" : "not");
				}
			}
		}
	assert_int_equal(h, CAT_HEXES);
	catan_game.destroy(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_corners),
	};
	return cmocka_run_group_tests(tests, et_setup_data, et_teardown_data);
}
