/*
 * data.c — libyaml's event parser turned into a small tree (arb_node).
 *
 * Game data files are a few KiB and read once per run, so the tree is built
 * with plain malloc: one array per sequence or mapping.  Every node keeps
 * its line and column so an engine can say *where* a variant file is wrong.
 * Nesting is limited (ARB_DATA_MAX_DEPTH) so a hostile file cannot exhaust
 * the stack.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <errno.h>

#include <yaml.h>

#include "data.h"
#include "util.h"

#define ARB_DATA_MAX_DEPTH 32

int arb_data_fail(arb_data_error *err, const arb_node *node, const char *fmt, ...)
{
	va_list ap;
	err->line = node ? node->line : 0;
	err->col = node ? node->col : 0;
	va_start(ap, fmt);
	arb_vformat_msg(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

static void node_free(arb_node *n)
{
	if (n->kind == ARB_SCALAR) {
		free((char *)n->str);
	} else if (n->kind == ARB_SEQ) {
		for (size_t i = 0; i < n->n; i++)
			node_free(&n->items[i]);
		free(n->items);
	} else {
		for (size_t i = 0; i < n->n; i++) {
			node_free(&n->keys[i]);
			node_free(&n->values[i]);
		}
		free(n->keys);
		free(n->values);
	}
}

void arb_data_free(arb_node *root)
{
	if (!root)
		return;
	node_free(root);
	free(root);
}

static int parse_error(yaml_parser_t *p, arb_data_error *err)
{
	const char *what = p->problem ? p->problem : "malformed YAML";
	err->line = (uint32_t)p->problem_mark.line + 1;
	err->col = (uint32_t)p->problem_mark.column + 1;
	if (p->context)
		snprintf(err->msg, sizeof err->msg, "%s %s", what, p->context);
	else
		snprintf(err->msg, sizeof err->msg, "%s", what);
	return -1;
}

static int next_event(yaml_parser_t *p, yaml_event_t *ev, arb_data_error *err)
{
	if (!yaml_parser_parse(p, ev))
		return parse_error(p, err);
	return 0;
}

static void set_pos(arb_node *n, const yaml_event_t *ev)
{
	n->line = (uint32_t)ev->start_mark.line + 1;
	n->col = (uint32_t)ev->start_mark.column + 1;
}

static int build(yaml_parser_t *p, yaml_event_t *ev, arb_node *out, int depth, arb_data_error *err);

typedef struct key_at {
	const char *key;
	size_t index;
} key_at;

static int cmp_key_at(const void *pa, const void *pb)
{
	const key_at *a = pa, *b = pb;
	int r = strcmp(a->key, b->key);
	return r ? r : (a->index > b->index) - (a->index < b->index);
}

/* A mapping's keys must differ.  Sorted, not compared pairwise (n log n:
 * a generated data file may hold many keys); the duplicate reported is the
 * one that comes first in the file, with the line of its first use. */
static int check_duplicates(const arb_node *map, arb_data_error *err)
{
	if (map->n < 2)
		return 0;
	key_at *k = arb_xmalloc(map->n * sizeof *k);
	for (size_t i = 0; i < map->n; i++)
		k[i] = (key_at){ map->keys[i].str, i };
	qsort(k, map->n, sizeof *k, cmp_key_at);
	size_t dup = map->n, first = 0, run = 0;
	for (size_t i = 1; i < map->n; i++) {
		if (strcmp(k[i].key, k[i - 1].key) != 0) {
			run = i;
			continue;
		}
		if (i == run + 1 && k[i].index < dup) {
			dup = k[i].index;
			first = k[run].index;
		}
	}
	free(k);
	if (dup == map->n)
		return 0;
	return arb_data_fail(err, &map->keys[dup], "duplicate key \"%s\" (first at line %u)",
			     map->keys[dup].str, (unsigned)map->keys[first].line);
}

/* Reads children until the closing event; `ev` is the opening event and is
 * deleted by the caller. */
static int build_children(yaml_parser_t *p, arb_node *out, int depth, yaml_event_type_t end,
			  arb_data_error *err)
{
	size_t cap = 0;
	for (;;) {
		yaml_event_t ev;
		if (next_event(p, &ev, err))
			return -1;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			return out->kind == ARB_MAP ? check_duplicates(out, err) : 0;
		}
		if (out->n == cap) {
			cap = cap ? cap * 2 : 4;
			if (out->kind == ARB_SEQ) {
				out->items = arb_xrealloc(out->items, cap * sizeof *out->items);
			} else {
				out->keys = arb_xrealloc(out->keys, cap * sizeof *out->keys);
				out->values = arb_xrealloc(out->values, cap * sizeof *out->values);
			}
		}
		if (out->kind == ARB_SEQ) {
			arb_node *item = &out->items[out->n];
			memset(item, 0, sizeof *item);
			item->kind = ARB_SCALAR;
			out->n++;
			int rc = build(p, &ev, item, depth + 1, err);
			yaml_event_delete(&ev);
			if (rc)
				return -1;
			continue;
		}
		arb_node *key = &out->keys[out->n];
		arb_node *val = &out->values[out->n];
		memset(key, 0, sizeof *key);
		memset(val, 0, sizeof *val);
		key->kind = val->kind = ARB_SCALAR;
		out->n++;
		int rc = build(p, &ev, key, depth + 1, err);
		yaml_event_delete(&ev);
		if (rc)
			return -1;
		if (key->kind != ARB_SCALAR)
			return arb_data_fail(err, key, "mapping keys must be plain scalars");
		if (next_event(p, &ev, err))
			return -1;
		rc = build(p, &ev, val, depth + 1, err);
		yaml_event_delete(&ev);
		if (rc)
			return -1;
	}
}

static int build(yaml_parser_t *p, yaml_event_t *ev, arb_node *out, int depth, arb_data_error *err)
{
	set_pos(out, ev);
	if (depth > ARB_DATA_MAX_DEPTH)
		return arb_data_fail(err, out, "nesting deeper than %d levels", ARB_DATA_MAX_DEPTH);
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		if (ev->data.scalar.anchor)
			return arb_data_fail(err, out, "anchors are not supported in game data");
		out->kind = ARB_SCALAR;
		out->str =
			arb_xstrndup((const char *)ev->data.scalar.value, ev->data.scalar.length);
		if (strlen(out->str) != ev->data.scalar.length)
			return arb_data_fail(err, out, "NUL byte in a scalar");
		return 0;
	case YAML_SEQUENCE_START_EVENT:
		if (ev->data.sequence_start.anchor)
			return arb_data_fail(err, out, "anchors are not supported in game data");
		out->kind = ARB_SEQ;
		return build_children(p, out, depth, YAML_SEQUENCE_END_EVENT, err);
	case YAML_MAPPING_START_EVENT:
		if (ev->data.mapping_start.anchor)
			return arb_data_fail(err, out, "anchors are not supported in game data");
		out->kind = ARB_MAP;
		return build_children(p, out, depth, YAML_MAPPING_END_EVENT, err);
	case YAML_ALIAS_EVENT:
		return arb_data_fail(err, out, "aliases are not supported in game data");
	default:
		return arb_data_fail(err, out, "unexpected YAML event");
	}
}

arb_node *arb_data_parse(const unsigned char *bytes, size_t len, arb_data_error *err)
{
	yaml_parser_t p;
	yaml_event_t ev;
	arb_node *root = NULL;
	memset(err, 0, sizeof *err);
	if (!yaml_parser_initialize(&p)) {
		arb_data_fail(err, NULL, "cannot initialise the YAML parser");
		return NULL;
	}
	yaml_parser_set_input_string(&p, bytes, len);
	/* stream start, document start */
	if (next_event(&p, &ev, err))
		goto fail;
	yaml_event_delete(&ev);
	if (next_event(&p, &ev, err))
		goto fail;
	if (ev.type != YAML_DOCUMENT_START_EVENT) {
		yaml_event_delete(&ev);
		arb_data_fail(err, NULL, "the data file is empty");
		err->line = err->col = 1;
		goto fail;
	}
	yaml_event_delete(&ev);
	if (next_event(&p, &ev, err))
		goto fail;
	root = arb_xcalloc(1, sizeof *root);
	root->kind = ARB_SCALAR;
	int rc = build(&p, &ev, root, 0, err);
	yaml_event_delete(&ev);
	if (rc)
		goto fail;
	if (next_event(&p, &ev, err))
		goto fail;
	yaml_event_delete(&ev); /* document end */
	if (next_event(&p, &ev, err))
		goto fail;
	if (ev.type != YAML_STREAM_END_EVENT) {
		set_pos(root, &ev); /* reuse for the position only */
		err->line = (uint32_t)ev.start_mark.line + 1;
		err->col = (uint32_t)ev.start_mark.column + 1;
		snprintf(err->msg, sizeof err->msg, "a data file holds one YAML document");
		yaml_event_delete(&ev);
		goto fail;
	}
	yaml_event_delete(&ev);
	yaml_parser_delete(&p);
	return root;
fail:
	yaml_parser_delete(&p);
	arb_data_free(root);
	return NULL;
}

const arb_node *arb_node_get(const arb_node *map, const char *key)
{
	if (!map || map->kind != ARB_MAP)
		return NULL;
	for (size_t i = 0; i < map->n; i++)
		if (strcmp(map->keys[i].str, key) == 0)
			return &map->values[i];
	return NULL;
}

static const char *kind_name(arb_node_kind k)
{
	return k == ARB_SCALAR ? "a scalar" : k == ARB_SEQ ? "a sequence" : "a mapping";
}

const arb_node *arb_node_need(const arb_node *map, const char *key, arb_node_kind kind,
			      arb_data_error *err)
{
	const arb_node *n = arb_node_get(map, key);
	if (!n) {
		arb_data_fail(err, map, "missing key \"%s\"", key);
		return NULL;
	}
	if (n->kind != kind) {
		arb_data_fail(err, n, "\"%s\" must be %s", key, kind_name(kind));
		return NULL;
	}
	return n;
}

const char *arb_node_str(const arb_node *node, arb_data_error *err)
{
	if (!node || node->kind != ARB_SCALAR) {
		arb_data_fail(err, node, "expected a scalar");
		return NULL;
	}
	return node->str;
}

int arb_node_int(const arb_node *node, long min, long max, long *out, arb_data_error *err)
{
	if (!node || node->kind != ARB_SCALAR)
		return arb_data_fail(err, node, "expected an integer");
	char *end;
	errno = 0;
	long v = strtol(node->str, &end, 10);
	if (end == node->str || *end || errno)
		return arb_data_fail(err, node, "\"%s\" is not an integer", node->str);
	if (v < min || v > max)
		return arb_data_fail(err, node, "%ld is out of range [%ld, %ld]", v, min, max);
	*out = v;
	return 0;
}
