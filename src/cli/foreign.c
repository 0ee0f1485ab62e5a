/*
 * foreign.c — telling, from a stream's first bytes, a file that is not
 * TGN at all: another program's record (import's own sniffers decide),
 * standings' results, UTF-16 or compressed text.  Read as TGN, such a
 * file gives "movetext before any tag" or an error per line; one error
 * per file that names what the file is and the command that reads it is
 * what the user needs.  A binary file (a NUL byte in its first bytes)
 * is also one error, where its first NUL byte is, not one per line.
 * Only the first ARB_HEAD_BYTES are looked at, so that a stream read in
 * batches (-j) is told as one read whole.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "../import/import.h"

/* The file's name as a shell word in a suggested command line: quoted
 * when it holds anything the shell would read otherwise. */
static void shell_word(char *to, size_t size, const char *name)
{
	if (strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			 "._-/+,:@%") == strlen(name)) {
		snprintf(to, size, "%s", name);
		return;
	}
	size_t k = 0;
	if (size < 8)
		return;
	to[k++] = '\'';
	for (const char *p = name; *p && k + 6 < size; p++) {
		if (*p == '\'') {
			memcpy(to + k, "'\\''", 4);
			k += 4;
		} else {
			to[k++] = *p;
		}
	}
	to[k++] = '\'';
	to[k] = '\0';
}

static bool has(const unsigned char *b, size_t len, const char *what)
{
	size_t n = strlen(what);
	for (size_t i = 0; i + n <= len; i++)
		if (b[i] == (unsigned char)what[0] && !memcmp(b + i, what, n))
			return true;
	return false;
}

/* UTF-16 text: its byte order mark (iconv's "UTF-16" reads it), or ASCII
 * letters each after a zero byte (big-endian) or before one (little). */
static const char *utf16(const unsigned char *b, size_t len)
{
	if (len >= 2 && ((b[0] == 0xff && b[1] == 0xfe) || (b[0] == 0xfe && b[1] == 0xff)))
		return "UTF-16";
	if (len < 8)
		return NULL;
	size_t n = len < 64 ? len & ~(size_t)1 : 64, zero_odd = 0, zero_even = 0;
	for (size_t i = 0; i < n; i += 2) {
		zero_even += b[i] == 0 && b[i + 1] >= 0x09 && b[i + 1] < 0x7f;
		zero_odd += b[i + 1] == 0 && b[i] >= 0x09 && b[i] < 0x7f;
	}
	return zero_even == n / 2 ? "UTF-16BE" : zero_odd == n / 2 ? "UTF-16LE" : NULL;
}

/* Which results of `arbiter standings` the bytes are: its JSON and
 * YAML documents (which standings reads back), its TSV table; or NULL. */
static const char *results(const unsigned char *b, size_t len)
{
	size_t i = 0;
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	size_t n = len - i < 4096 ? len - i : 4096;
	const unsigned char *s = b + i;
	if (n && s[0] == '{' && has(s, n, "\"standings\"") && has(s, n, "\"scheme\""))
		return "JSON";
	if (n >= 6 && (!memcmp(s, "---", 3) || !memcmp(s, "group:", 6)) &&
	    has(s, n, "\nstandings:") && has(s, n, "\nscheme:"))
		return "YAML";
	if (n >= 18 && !memcmp(s, "group\trank\tplayer\t", 18))
		return "TSV";
	return NULL;
}

bool arb_foreign_input(const char *bytes, size_t len, const char *name, const char *command,
		       arb_diag *d)
{
	const unsigned char *b = (const unsigned char *)bytes;
	if (len > ARB_HEAD_BYTES)
		len = ARB_HEAD_BYTES;
	bool stdin_in = !strcmp(name, "<stdin>");
	char file[200], arg[208];
	shell_word(file, sizeof file, stdin_in ? "FILE" : name);
	snprintf(arg, sizeof arg, "%s%s", stdin_in ? "" : " ", stdin_in ? "" : file);
	memset(d, 0, sizeof *d);
	d->file = name;
	arb_import_error err;
	if (arb_import_compressed(b, len, &err)) {
		/* the importer's table of compressors, its tools named here
		 * for this command */
		const char *tool = strstr(err.msg, "e.g. ");
		size_t tl = tool ? strcspn(tool + 5, " ") : 0;
		snprintf(d->msg, sizeof d->msg,
			 "the file is compressed: decompress it first, e.g. %.*s %s | arbiter %s",
			 (int)tl, tool ? tool + 5 : "zcat", file, command);
		return true;
	}
	const char *wide = utf16(b, len);
	if (wide) {
		snprintf(
			d->msg, sizeof d->msg,
			"this is UTF-16 text and TGN is UTF-8: iconv -f %s -t UTF-8 %s | arbiter %s",
			wide, file, command);
		return true;
	}
	for (size_t k = 0; arb_import_at(k); k++) {
		const arb_importer *imp = arb_import_at(k);
		if (!imp->sniff(b, len))
			continue;
		/* "JCloisterZone save (.jcz, JSON)": the kind, not the details */
		size_t kind = strcspn(imp->title, "(");
		while (kind && imp->title[kind - 1] == ' ')
			kind--;
		snprintf(d->msg, sizeof d->msg, "this is a %.*s: arbiter import%s | arbiter %s",
			 (int)kind, imp->title, arg, command);
		return true;
	}
	const char *what = results(b, len);
	if (what && !strcmp(what, "TSV"))
		snprintf(d->msg, sizeof d->msg,
			 "this is a standings table (TSV), not TGN: standings reads back only its "
			 "JSON or YAML results (--format=json)");
	else if (what)
		snprintf(d->msg, sizeof d->msg,
			 "these are standings results (%s), not TGN: arbiter standings%s", what,
			 arg);
	if (what)
		return true;
	const unsigned char *nul = memchr(b, '\0', len);
	if (nul) {
		d->line = 1;
		const unsigned char *line = b;
		for (const unsigned char *p = b; p < nul; p++)
			if (*p == '\n') {
				d->line++;
				line = p + 1;
			}
		d->col = (uint32_t)(nul - line) + 1;
		snprintf(d->msg, sizeof d->msg,
			 "NUL byte in the input: this is a binary file, not TGN text");
		return true;
	}
	return false;
}
