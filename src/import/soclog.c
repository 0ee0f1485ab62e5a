/*
 * soclog.c — JSettlers2 game event logs (.soclog), recognised so that
 * `arbiter import` names them, not yet converted.
 *
 * A .soclog starts with the line "SOC game event log: type=F|C,
 * version=N, ...": F (full) holds every message the server sent to every
 * seat, C one client's view.  Converting one means mapping JSettlers2's
 * board encoding (SOCBoardLayout2: hex, number and port layouts in its own
 * hex coordinates) onto the engine's island and its message sequences
 * (doc/Message-Sequences-for-Game-Actions.md in the JSettlers2 repository)
 * onto turn lines; notation/import.md says what is planned.  Until then a
 * recognised log is refused with a message saying so, exit status 2, and
 * the other files are still converted.
 */
#include <string.h>

#include "import.h"

#define SOCLOG_MAGIC "SOC game event log: type="

static bool soclog_sniff(const unsigned char *b, size_t len)
{
	size_t n = strlen(SOCLOG_MAGIC);
	size_t i = len >= 3 && !memcmp(b, "\xef\xbb\xbf", 3) ? 3 : 0;
	return len - i >= n && !memcmp(b + i, SOCLOG_MAGIC, n);
}

static int soclog_convert(arb_import_in *in, const arb_import_sink *sink, arb_import_error *err)
{
	(void)sink;
	size_t len;
	const unsigned char *bytes = arb_import_peek(in, &len);
	if (arb_import_compressed(bytes, len, err))
		return -1;
	if (!soclog_sniff(bytes, len))
		return arb_import_fail(err, 1, 1,
				       "not a JSettlers2 game event log: the first line is not "
				       "\"" SOCLOG_MAGIC "...\"");
	return arb_import_fail(err, 1, 1,
			       "JSettlers2 game event logs are recognised but not converted yet "
			       "(notation/import.md, \"JSettlers2\")");
}

const arb_importer arb_import_soclog = {
	.name = "soclog",
	.title = "JSettlers2 game event log (.soclog)",
	.sniff = soclog_sniff,
	.convert = soclog_convert,
};
