/*
 * standings_scheme.c — the points schemes of `standings`: the presets
 * (placement, wins, share) and scheme files (YAML, checked key by key with
 * line and column), so a club can count its own way.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "standings.h"
#include "../core/data.h"
#include "../core/suggest.h"
#include "../core/util.h"

/* ------------------------------------------------------------ schemes */

void st_preset(scheme *s, const char *name)
{
	memset(s, 0, sizeof *s);
	snprintf(s->name, sizeof s->name, "%s", name);
	if (!strcmp(name, "wins")) {
		s->kind = PTS_WINS;
		s->tb[0] = TB_SCORE;
		s->tb[1] = TB_SHARE;
		s->ntb = 2;
	} else if (!strcmp(name, "share")) {
		s->kind = PTS_SHARE;
		s->tb[0] = TB_WINS;
		s->tb[1] = TB_SCORE;
		s->ntb = 2;
	} else {
		s->kind = PTS_PLACEMENT;
		s->tb[0] = TB_WINS;
		s->tb[1] = TB_SCORE;
		s->ntb = 2;
	}
}

bool st_is_preset(const char *name)
{
	return !strcmp(name, "placement") || !strcmp(name, "wins") || !strcmp(name, "share");
}

/* A scheme file's "points" (n, NULL when missing from root): a list of
 * points by place, or a preset's kind and tie-breakers.  Returns 0, or -1
 * with *err. */
static int scheme_points(scheme *s, const arb_node *root, const arb_node *n, arb_data_error *err)
{
	if (!n) {
		arb_data_fail(
			err, root,
			"missing key \"points\" (placement, wins, share, or a list by place)");
		return -1;
	}
	if (n->kind == ARB_SEQ) {
		s->kind = PTS_LIST;
		if (n->n == 0 || n->n > ARB_MAX_SEATS) {
			arb_data_fail(err, n, "points by place: 1 to %d numbers", ARB_MAX_SEATS);
			return -1;
		}
		for (size_t i = 0; i < n->n; i++) {
			long v;
			if (arb_node_int(&n->items[i], -1000, 1000, &v, err))
				return -1;
			s->list[i] = (double)v;
		}
		s->nlist = n->n;
	} else if (n->kind == ARB_SCALAR && st_is_preset(n->str)) {
		scheme tmp;
		st_preset(&tmp, n->str);
		s->kind = tmp.kind;
		memcpy(s->tb, tmp.tb, sizeof s->tb);
		s->ntb = tmp.ntb;
	} else {
		arb_data_fail(err, n,
			      "points: write placement, wins, share, or a list of points by place");
		return -1;
	}
	return 0;
}

/* A scheme file: YAML, checked key by key with line and column. */
int st_load_scheme(scheme *s, const char *path, arb_diag *d)
{
	d->file = path;
	d->line = d->col = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		static const char *const presets[] = { "placement", "wins", "share" };
		const char *close = strchr(path, '/') ? NULL : arb_suggest(path, presets, 3);
		int e = errno;
		if (close)
			snprintf(d->msg, sizeof d->msg,
				 "no preset or scheme file of that name (did you mean %s? the "
				 "presets are placement, wins and share)",
				 close);
		else
			snprintf(d->msg, sizeof d->msg,
				 "cannot open scheme file: %s (the presets are placement, wins "
				 "and share)",
				 strerror(e));
		return -1;
	}
	unsigned char *bytes = arb_xmalloc(1 << 20);
	size_t len = fread(bytes, 1, 1 << 20, f);
	fclose(f);
	arb_data_error err;
	arb_node *root = arb_data_parse(bytes, len, &err);
	free(bytes);
	int rc = -1;
	memset(s, 0, sizeof *s);
	if (!root)
		goto fail;
	if (root->kind != ARB_MAP) {
		arb_data_fail(&err, root,
			      "a scheme is a mapping (keys scheme, points, ties, tiebreakers)");
		goto fail;
	}
	for (size_t i = 0; i < root->n; i++) {
		const char *k = root->keys[i].str;
		if (strcmp(k, "scheme") && strcmp(k, "points") && strcmp(k, "ties") &&
		    strcmp(k, "tiebreakers")) {
			arb_data_fail(
				&err, &root->keys[i],
				"unknown key \"%s\": a scheme has scheme, points, ties and tiebreakers",
				k);
			goto fail;
		}
	}
	const arb_node *n = arb_node_get(root, "scheme");
	snprintf(s->name, sizeof s->name, "%s", path);
	if (n) {
		const char *v = arb_node_str(n, &err);
		if (!v)
			goto fail;
		snprintf(s->name, sizeof s->name, "%s", v);
	}
	if (scheme_points(s, root, arb_node_get(root, "points"), &err))
		goto fail;
	n = arb_node_get(root, "ties");
	if (n) {
		if (n->kind == ARB_SCALAR && !strcmp(n->str, "best"))
			s->ties_best = true;
		else if (!(n->kind == ARB_SCALAR && !strcmp(n->str, "share"))) {
			arb_data_fail(&err, n,
				      "ties: write share (tied places split their points) or best");
			goto fail;
		}
	}
	n = arb_node_get(root, "tiebreakers");
	if (n) {
		if (n->kind != ARB_SEQ || n->n > 4) {
			arb_data_fail(
				&err, n,
				"tiebreakers: a list of up to 4 of points, wins, score, share");
			goto fail;
		}
		s->ntb = 0;
		for (size_t i = 0; i < n->n; i++) {
			const arb_node *t = &n->items[i];
			size_t k = 0;
			while (k < 4 && !(t->kind == ARB_SCALAR && !strcmp(t->str, st_tb_names[k])))
				k++;
			if (k == 4) {
				arb_data_fail(
					&err, t,
					"unknown tie-breaker: write points, wins, score or share");
				goto fail;
			}
			s->tb[s->ntb++] = (enum tiebreak)k;
		}
	}
	rc = 0;
fail:
	if (rc) {
		d->line = err.line;
		d->col = err.col;
		snprintf(d->msg, sizeof d->msg, "%s", err.msg);
	}
	arb_data_free(root);
	return rc;
}
