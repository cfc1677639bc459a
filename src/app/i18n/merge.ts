type Tree = { [key: string]: unknown };

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merges message trees left to right: later trees win per leaf, nested objects merge. Inputs stay untouched. */
export function mergeMessages(...trees: readonly object[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      out[key] = isTree(value) && isTree(out[key]) ? mergeMessages(out[key] as Tree, value) : isTree(value) ? mergeMessages(value) : value;
    }
  }
  return out;
}
