/*
 * import.c — the table of foreign formats `arbiter import` reads, and the
 * recognition of a format from the content of a file (never its name: a
 * save renamed, or piped in, is still recognised).
 *
 * Compressed files are recognised by their magic bytes and refused with
 * the command that decompresses them: decompression is a pipe away, and
 * linking zlib and liblzma for it would add two dependencies.
 *
 * Inputs are read through a window (arb_import_in) so that a format is
 * recognised from a file's first bytes, standard input included, without
 * losing them, and a log of any size is converted a line at a time.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import.h"
#include "catan_board.h"
#include "../core/util.h"

/* The importers, in the order --help lists them and recognition tries
 * them: each format's name, title and functions, in one place. */
static const arb_importer importers[] = {
	{ "jcz", "JCloisterZone save (.jcz)", arb_import_jcz_sniff, arb_import_jcz_convert },
	{ "soclog", "JSettlers2 game event log (.soclog)", arb_import_soclog_sniff,
	  arb_import_soclog_convert },
	{ "pioneers", "Pioneers server log (pioneers-server-console --debug)",
	  arb_import_pioneers_sniff, arb_import_pioneers_convert },
};
#define NIMPORTERS (sizeof importers / sizeof importers[0])

const arb_importer *arb_import_at(size_t i)
{
	return i < NIMPORTERS ? &importers[i] : NULL;
}

const arb_importer *arb_import_find(const char *name)
{
	for (size_t i = 0; i < NIMPORTERS; i++)
		if (!strcasecmp(importers[i].name, name))
			return &importers[i];
	return NULL;
}

/* Move the unconsumed bytes to the front of the window and read until it
 * is full or the input ends.  Returns 0, or -1 with *err set. */
static int fill(arb_import_in *in, arb_import_error *err)
{
	if (in->start) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		in->start = 0;
	}
	while (!in->eof && in->end < ARB_IMPORT_MAX_LINE) {
		size_t got = fread(in->buf + in->end, 1, ARB_IMPORT_MAX_LINE - in->end, in->f);
		in->end += got;
		if (got == 0) {
			if (ferror(in->f))
				return arb_import_fail(err, 0, 0, "cannot read: %s",
						       strerror(errno ? errno : EIO));
			in->eof = true;
		}
	}
	return 0;
}

int arb_import_open(arb_import_in *in, FILE *f, arb_import_error *err)
{
	memset(in, 0, sizeof *in);
	in->f = f;
	in->buf = arb_xmalloc(ARB_IMPORT_MAX_LINE + 1);
	return fill(in, err);
}

void arb_import_close(arb_import_in *in)
{
	free(in->buf);
	in->buf = NULL;
}

const unsigned char *arb_import_peek(const arb_import_in *in, size_t *len)
{
	*len = in->end - in->start;
	return (const unsigned char *)in->buf + in->start;
}

int arb_import_line(arb_import_in *in, char **line, size_t *len, bool *ended, uint32_t lineno,
		    arb_import_error *err)
{
	char *nl = memchr(in->buf + in->start, '\n', in->end - in->start);
	if (!nl && !in->eof) {
		if (fill(in, err))
			return -1;
		nl = memchr(in->buf + in->start, '\n', in->end - in->start);
		if (!nl && !in->eof)
			return arb_import_fail(err, lineno, 1,
					       "a line longer than %u KiB: not a log arbiter reads",
					       ARB_IMPORT_MAX_LINE >> 10);
	}
	if (!nl && in->start == in->end)
		return 0;
	char *s = in->buf + in->start;
	size_t n = nl ? (size_t)(nl - s) : in->end - in->start;
	s[n] = 0; /* the newline, or the byte past the window's last */
	in->start += n + (nl != NULL);
	*line = s;
	*len = n;
	*ended = nl != NULL;
	return 1;
}

int arb_import_slurp(arb_import_in *in, size_t max, const char *what, unsigned char **bytes,
		     size_t *len, arb_import_error *err)
{
	size_t n = in->end - in->start, cap = n + (1u << 16);
	unsigned char *b = arb_xmalloc(cap);
	memcpy(b, in->buf + in->start, n);
	in->start = in->end;
	/* Read at most max + 1 bytes: one past the limit proves it passed. */
	while (!in->eof && n <= max) {
		if (n == cap) {
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			b = arb_xrealloc(b, cap);
		}
		size_t got = fread(b + n, 1, cap - n, in->f);
		n += got;
		if (got == 0) {
			if (ferror(in->f)) {
				free(b);
				return arb_import_fail(err, 0, 0, "cannot read: %s",
						       strerror(errno ? errno : EIO));
			}
			in->eof = true;
		}
	}
	if (n > max) {
		free(b);
		return arb_import_fail(err, 0, 0,
				       "the file is larger than %zu MiB: no %s is that long",
				       (size_t)max >> 20, what);
	}
	*bytes = b;
	*len = n;
	return 0;
}

void arb_import_tag(arb_buf *b, const char *name, const char *value)
{
	arb_buf_printf(b, "[%s \"", name);
	size_t left = strlen(value);
	for (const unsigned char *p = (const unsigned char *)value; *p; p++, left--) {
		size_t n = arb_utf8_char(p, left);
		if (n == 0) {
			/* no UTF-8: a byte of Latin-1 (ISO 8859-1), as older
			 * JSettlers2 and Pioneers write names on such systems;
			 * written as the character it stands for */
			arb_buf_putc(b, (char)(0xC0 | (*p >> 6)));
			arb_buf_putc(b, (char)(0x80 | (*p & 0x3F)));
			continue;
		}
		if (n > 1) {
			arb_buf_put(b, (const char *)p, n);
			p += n - 1;
			left -= n - 1;
			continue;
		}
		if (*p == '"' || *p == '\\')
			arb_buf_putc(b, '\\');
		arb_buf_putc(b, (*p < 0x20 && *p != '\t') || *p == 0x7f ? ' ' : (char)*p);
	}
	arb_buf_puts(b, "\"]\n");
}

void arb_import_seats(arb_buf *b, const char *const colours[], const char *const names[], int n,
		      arb_import_error *err)
{
	for (int s = 0; s < n; s++) {
		const char *nm = names[s] && names[s][0] ? names[s] : NULL;
		int same = -1;
		for (int t = 0; nm && t < s && same < 0; t++)
			if (names[t] && !strcmp(names[t], nm))
				same = t;
		if (!nm || same >= 0) {
			/* "?" would merge every unnamed player in standings,
			 * and one name in two seats is a record error */
			arb_buf name = { 0 };
			if (nm)
				arb_buf_printf(&name, "%s (%d)", nm, s + 1);
			else
				arb_buf_printf(&name, "?%d", s + 1);
			arb_import_tag(b, colours[s], name.p);
			if (nm && !err->warn[0])
				snprintf(err->warn, sizeof err->warn,
					 "seats %d and %d are both named \"%.60s\": the second is "
					 "written \"%.60s\" (a player plays one seat)",
					 same + 1, s + 1, nm, name.p);
			arb_buf_free(&name);
		} else {
			arb_import_tag(b, colours[s], nm);
		}
	}
}

/* The first line of `b` longer than check reads (ARB_MAX_LINE bytes
 * before its newline): its number from 1 and length, or 0. */
static uint32_t overlong_line(const arb_buf *b, size_t *len)
{
	uint32_t line = 1;
	for (size_t at = 0; at < b->len; line++) {
		const char *nl = memchr(b->p + at, '\n', b->len - at);
		size_t n = nl ? (size_t)(nl - (b->p + at)) : b->len - at;
		if (n > ARB_MAX_LINE) {
			*len = n;
			return line;
		}
		at += n + 1;
	}
	return 0;
}

int arb_import_finish(int rc, arb_import_put *put, void *conv, const arb_import_sink *sink,
		      arb_buf *const bufs[], size_t nbufs, arb_import_error *err)
{
	if (rc == 0) {
		arb_buf out = { 0 };
		rc = put(conv, &out);
		size_t len = 0;
		uint32_t line = rc == 0 ? overlong_line(&out, &len) : 0;
		if (line)
			rc = arb_import_fail(err, 0, 0,
					     "line %u of the converted record would be %zu bytes, "
					     "longer than the %d a TGN line may hold (a name or "
					     "tag that long in the input): nothing written",
					     line, len, ARB_MAX_LINE);
		if (rc == 0)
			sink->game(sink->ctx, out.p, out.len);
		arb_buf_free(&out);
	}
	for (size_t i = 0; i < nbufs; i++)
		arb_buf_free(bufs[i]);
	return rc;
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
	if (i == len && len < ARB_IMPORT_MAX_LINE) { /* all of the file seen */
		arb_import_fail(err, 0, 0, "the file is empty: there is no game to import");
		return NULL;
	}
	for (size_t k = 0; k < NIMPORTERS; k++)
		if (importers[k].sniff(bytes, len))
			return &importers[k];
	char names[128] = "";
	size_t used = 0;
	for (size_t k = 0; k < NIMPORTERS; k++)
		used += (size_t)snprintf(names + used,
					 used < sizeof names ? sizeof names - used : 0, "%s%s",
					 k ? ", " : "", importers[k].title);
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
