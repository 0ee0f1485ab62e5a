/*
 * lexbench.c — the TGN reader alone, for its throughput: reads a stream
 * from standard input game by game, no replay, and prints games, turns,
 * tokens, bytes and MB/s.  `make bench` runs it on a generated stream.
 */
#include <stdio.h>
#include <time.h>

#include "core/reader.h"

int main(void)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	arb_reader *r = arb_reader_new(stdin, "<stdin>");
	arb_record rec;
	arb_diag d;
	size_t games = 0, turns = 0, tokens = 0, bytes = 0, errors = 0;
	int rc;
	while ((rc = arb_reader_next(r, &rec, &d)) != 0) {
		if (rc < 0) {
			errors++;
			continue;
		}
		games++;
		turns += rec.nturns;
		tokens += rec.ntok;
		bytes += rec.rawlen;
	}
	arb_reader_free(r);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("games %zu turns %zu tokens %zu bytes %zu errors %zu seconds %.3f MB/s %.1f\n",
	       games, turns, tokens, bytes, errors, s, (double)bytes / 1e6 / s);
	return 0;
}
