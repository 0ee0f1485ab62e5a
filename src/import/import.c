/*
 * import.c — the table of foreign formats `arbiter import` reads, and the
 * recognition of a format from the content of a file (never its name: a
 * save renamed, or piped in, is still recognised).
 *
 * Compressed files are recognised by their magic bytes and refused with
 * the command that decompresses them: decompression is a pipe away, and
 * linking zlib and liblzma for it would add two dependencies.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "import.h"
#include "catan_board.h"

static const arb_importer *const importers[] = {
	&arb_import_jcz,
	&arb_import_soclog,
	&arb_import_pioneers,
};
#define NIMPORTERS (sizeof importers / sizeof importers[0])

const arb_importer *arb_import_at(size_t i)
{
	return i < NIMPORTERS ? importers[i] : NULL;
}

const arb_importer *arb_import_find(const char *name)
{
	for (size_t i = 0; i < NIMPORTERS; i++)
		if (!strcasecmp(importers[i]->name, name))
			return importers[i];
	return NULL;
}

int arb_import_fail(arb_import_error *err, uint32_t line, uint32_t col, const char *fmt, ...)
{
	va_list ap;
	err->line = line;
	err->col = col;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

/* Magic numbers of the compressors people use on logs and saves. */
static const struct {
	const char *magic;
	size_t len;
	const char *what, *tool;
} compressed[] = {
	{ "\x1f\x8b", 2, "gzip", "zcat" },
	{ "\xfd"
	  "7zXZ\0",
	  6, "xz", "xzcat" },
	{ "BZh", 3, "bzip2", "bzcat" },
	{ "\x28\xb5\x2f\xfd", 4, "zstd", "zstdcat" },
	{ "PK\x03\x04", 4, "zip", "unzip -p" },
};

int arb_import_compressed(const unsigned char *bytes, size_t len, arb_import_error *err)
{
	for (size_t i = 0; i < sizeof compressed / sizeof compressed[0]; i++)
		if (len >= compressed[i].len &&
		    !memcmp(bytes, compressed[i].magic, compressed[i].len))
			return arb_import_fail(err, 0, 0,
					       "the file is compressed (%s): decompress it first, "
					       "e.g. %s FILE | arbiter import",
					       compressed[i].what, compressed[i].tool);
	return 0;
}

const arb_importer *arb_import_detect(const unsigned char *bytes, size_t len, arb_import_error *err)
{
	if (arb_import_compressed(bytes, len, err))
		return NULL;
	size_t i = 0;
	while (i < len &&
	       (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r'))
		i++;
	if (i == len) {
		arb_import_fail(err, 0, 0, "the file is empty: there is no game to import");
		return NULL;
	}
	for (size_t k = 0; k < NIMPORTERS; k++)
		if (importers[k]->sniff(bytes, len))
			return importers[k];
	char names[128] = "";
	size_t used = 0;
	for (size_t k = 0; k < NIMPORTERS; k++)
		used += (size_t)snprintf(names + used,
					 used < sizeof names ? sizeof names - used : 0, "%s%s",
					 k ? ", " : "", importers[k]->title);
	arb_import_fail(err, 0, 0,
			"unknown format: this is none of the formats "
			"arbiter imports (%s)",
			names);
	return NULL;
}

void arb_import_free_all(void)
{
	arb_import_jcz_free();
	arb_icat_free();
}
