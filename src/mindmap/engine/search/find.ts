import type { MindDoc, NodeRec } from '../model/doc';

// Find (Ctrl+F): titles containing the query, in preorder (the reading order of the outline),
// collapsed subtrees included. One pass over the tree with a plain substring test; the DESIGN
// budget is 50 ms per query on a 50k-node map (bench/engine: "find").

export interface FindOptions {
  /** Default false: 'abc' finds 'ABC' (CJK has no case). */
  caseSensitive?: boolean;
}

/** Folds a title or query for matching: lower case unless case-sensitive. */
export function foldCase(s: string, caseSensitive = false): string {
  return caseSensitive ? s : s.toLowerCase();
}

export function findNodes(doc: MindDoc, query: string, opts: FindOptions = {}): string[] {
  if (!query) return [];
  const q = foldCase(query, opts.caseSensitive);
  const out: string[] = [];
  const stack: NodeRec[] = [doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    const t = n.data.text;
    if (typeof t === 'string' && t.length >= q.length && foldCase(t, opts.caseSensitive).includes(q)) out.push(n.id);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return out;
}

/** Every occurrence of `query` in `text` replaced (matched as findNodes matches). */
export function replaceAll(text: string, query: string, replacement: string, caseSensitive = false): string {
  if (!query) return text;
  let hay = foldCase(text, caseSensitive);
  let q = foldCase(query, caseSensitive);
  // A few characters change length when lower-cased (İ): positions would drift, match exactly.
  if (hay.length !== text.length || q.length !== query.length) [hay, q] = [text, query];
  let out = '';
  let from = 0;
  for (let at = hay.indexOf(q); at >= 0; at = hay.indexOf(q, from)) {
    out += text.slice(from, at) + replacement;
    from = at + query.length;
  }
  return out + text.slice(from);
}
