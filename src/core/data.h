/*
 * data.h — loading game data (YAML) into arb_node trees with libyaml.
 *
 * The tree types and accessors engines use are in games/game.h; this is
 * the part only the tool calls: parse bytes into a tree, free the tree.
 */
#ifndef ARB_DATA_H
#define ARB_DATA_H

#include "../games/game.h"

/* Parse one YAML document.  Returns the root (a map for every game's data)
 * or NULL with err set at libyaml's mark.  Anchors, aliases and tags other
 * than the core schema's are refused: data files are plain trees. */
arb_node *arb_data_parse(const unsigned char *bytes, size_t len, arb_data_error *err);
void arb_data_free(arb_node *root);

#endif
