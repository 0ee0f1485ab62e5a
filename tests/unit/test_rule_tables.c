/*
 * test_rule_tables.c — each engine's rule table (game.h, arb_rule) against
 * its documentation and its corpus, and the envelope's against tgn.md.
 *
 * A rule id is written once, in the engine's table; this test ties it to
 * the rest: the rules section of notation/<game>.md lists exactly the
 * table's ids, corpus/<game>/ holds a record that follows each rule
 * (rule-<id>-ok*.tgn) and one that breaks it (rule-<id>-bad*.tgn), and
 * every rule id an expected output shows (the "[id]" that ends a `check`
 * verdict) is in a table.  Run from the repository root (tests/run.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <glob.h>

#include "core/replay.h"
#include "games/registry.h"

#define MAX_IDS 256

typedef struct idset {
	char *id[MAX_IDS];
	size_t n;
} idset;

static bool has(const idset *s, const char *id)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->id[i], id))
			return true;
	return false;
}

static void add(idset *s, const char *id, size_t len)
{
	char *c = strndup(id, len);
	if (has(s, c) || s->n == MAX_IDS) {
		free(c);
		return;
	}
	s->id[s->n++] = c;
}

static void clear(idset *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->id[i]);
	s->n = 0;
}

/* The ids in the first column of the tables of the section of `md` whose
 * "## " heading mentions rules and ids ("Rules enforced, with their ids",
 * "Rules and their ids", "Verdicts ..." for tgn.md: `heading`). */
static void documented(const char *md, const char *heading, idset *out)
{
	FILE *f = fopen(md, "r");
	if (!f)
		fail_msg("cannot open %s", md);
	char line[4096];
	bool in = false, found = false;
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "## ", 3)) {
			in = strstr(line, heading) != NULL;
			found |= in;
			continue;
		}
		if (!in || strncmp(line, "| `", 3))
			continue;
		/* first cell: one or more `id`, separated by commas */
		char *end = strchr(line + 1, '|');
		if (!end)
			continue;
		*end = '\0';
		for (char *p = strchr(line, '`'); p; p = strchr(p, '`')) {
			char *q = strchr(p + 1, '`');
			if (!q)
				break;
			add(out, p + 1, (size_t)(q - p - 1));
			p = q + 1;
		}
	}
	fclose(f);
	if (!found)
		fail_msg("%s has no section headed '## ...%s...'", md, heading);
}

static bool kebab(const char *id)
{
	if (!*id)
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      (*p == '-' && p != id && p[1])))
			return false;
	return true;
}

static bool envelope_has(const char *id)
{
	for (size_t k = 0; k < ARB_NENVELOPE_RULES; k++)
		if (!strcmp(arb_envelope_rules[k].id, id))
			return true;
	return false;
}

static size_t count(const char *pattern)
{
	glob_t g;
	size_t n = glob(pattern, 0, NULL, &g) == 0 ? g.gl_pathc : 0;
	globfree(&g);
	return n;
}

/* One table: well-formed, equal to the documented ids, every id with its
 * pair of records under corpus/<dir>/. */
static int check_table(const char *what, const arb_rule *rules, size_t n, const char *md,
		       const char *heading, const char *dir)
{
	int bad = 0;
	idset doc = { 0 }, tab = { 0 };
	if (n == 0) {
		print_error("%s: no rule table\n", what);
		return 1;
	}
	documented(md, heading, &doc);
	for (size_t i = 0; i < n; i++) {
		const char *id = rules[i].id, *sum = rules[i].summary;
		if (!id || !kebab(id)) {
			print_error("%s: rule %zu: id '%s' is not kebab-case\n", what, i,
				    id ? id : "(null)");
			bad++;
			continue;
		}
		if (has(&tab, id)) {
			print_error("%s: rule id '%s' twice in the table\n", what, id);
			bad++;
		}
		add(&tab, id, strlen(id));
		size_t sl = sum ? strlen(sum) : 0;
		if (!sl || sum[sl - 1] == '.') {
			print_error("%s: rule '%s': the summary is empty or ends in a period\n",
				    what, id);
			bad++;
		}
		if (!has(&doc, id)) {
			print_error("%s: rule '%s' is not in the rules table of %s\n", what, id,
				    md);
			bad++;
		}
		char pat[512];
		snprintf(pat, sizeof pat, "corpus/%s/rule-%s-ok*.tgn", dir, id);
		if (!count(pat)) {
			print_error("%s: no record follows rule '%s' (%s)\n", what, id, pat);
			bad++;
		}
		snprintf(pat, sizeof pat, "corpus/%s/rule-%s-bad*.tgn", dir, id);
		if (!count(pat)) {
			print_error("%s: no record breaks rule '%s' (%s)\n", what, id, pat);
			bad++;
		}
	}
	/* a game's page may repeat the envelope's ids (game-over) */
	for (size_t i = 0; i < doc.n; i++)
		if (!has(&tab, doc.id[i]) && !(strcmp(dir, "tgn") && envelope_has(doc.id[i]))) {
			print_error("%s: %s documents rule '%s', which the table lacks\n", what, md,
				    doc.id[i]);
			bad++;
		}
	clear(&doc);
	clear(&tab);
	return bad;
}

/* Every "[rule-id]" ending a line of an expected `check` output under
 * corpus/<dir>/ is in `rules` or the envelope's. */
static int check_corpus_ids(const char *what, const arb_rule *rules, size_t n, const char *dir)
{
	int bad = 0;
	char pat[256];
	snprintf(pat, sizeof pat, "corpus/%s/*.check", dir);
	glob_t g;
	if (glob(pat, 0, NULL, &g) != 0)
		return 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		FILE *f = fopen(g.gl_pathv[i], "r");
		if (!f)
			continue;
		char line[4096];
		while (fgets(line, sizeof line, f)) {
			size_t l = strcspn(line, "\n");
			line[l] = '\0';
			if (l < 3 || line[l - 1] != ']' || !strstr(line, ": illegal: "))
				continue;
			char *open = strrchr(line, '[');
			if (!open)
				continue;
			line[l - 1] = '\0';
			const char *id = open + 1;
			bool known = envelope_has(id);
			for (size_t k = 0; k < n; k++)
				known |= !strcmp(rules[k].id, id);
			if (!known) {
				print_error("%s: %s shows rule '%s', which no table has\n", what,
					    g.gl_pathv[i], id);
				bad++;
			}
		}
		fclose(f);
	}
	globfree(&g);
	return bad;
}

static void test_envelope(void **state)
{
	(void)state;
	int bad = check_table("envelope", arb_envelope_rules, ARB_NENVELOPE_RULES,
			      "notation/tgn.md", "Verdicts", "tgn");
	if (bad)
		fail_msg("%d problem(s) with the envelope's rule table", bad);
}

static void test_games(void **state)
{
	(void)state;
	int bad = 0;
	for (size_t i = 0; i < arb_game_count(); i++) {
		const arb_game_ops *g = arb_game_at(i);
		if (!g)
			continue;
		char md[256];
		snprintf(md, sizeof md, "notation/%s.md", g->name);
		bad += check_table(g->name, g->rules, g->nrules, md, "ids", g->name);
		bad += check_corpus_ids(g->name, g->rules, g->nrules, g->name);
	}
	if (bad)
		fail_msg("%d problem(s) with the engines' rule tables", bad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_envelope),
		cmocka_unit_test(test_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
