import type { KmDocument, KmNode } from '../engine/model/types';
import type { InsertAt, TypedText } from './editor-state';

// Titles confirmed while the worker has not answered yet, laid over the last document read: what
// a page closing at that moment keeps (Autosaver.keepNow).

/**
 * A confirmed title the worker had not answered when the page went: on topic `id`, or on the
 * topic the insert `at` was making (`id` once the worker answered it, if it did).
 */
export interface KeptTitle {
  id?: string;
  at?: InsertAt;
  text: string;
}

/** What makes a kept title true on a map again: a rename, an insert, nothing (already so), or `lost` (its place is gone). */
export function keptTitleEdit(
  has: (id: string) => { text: string } | undefined,
  kept: KeptTitle,
): { rename: [string, string] } | { insert: [InsertAt, string] } | { lost: string } | null {
  const node = kept.id ? has(kept.id) : undefined;
  if (node) return node.text === kept.text ? null : { rename: [kept.id!, kept.text] };
  if (kept.at && kept.at.name !== 'appendParent' && has(kept.at.at)) return { insert: [kept.at, kept.text] };
  return { lost: kept.text };
}

/** `doc` with node `id`'s text set: the nodes on the way to it are copied, the rest shared. */
export function withText(doc: KmDocument, { id, text }: TypedText): KmDocument {
  const copy = (n: KmNode): KmNode | null => {
    if (n.data.id === id) return { ...n, data: { ...n.data, text } };
    const kids = n.children ?? [];
    for (let i = 0; i < kids.length; i++) {
      const c = copy(kids[i]);
      if (c) return { ...n, children: kids.map((k, j) => (j === i ? c : k)) };
    }
    return null;
  };
  const root = copy(doc.root);
  return root ? { ...doc, root } : doc;
}

/**
 * `doc` with a topic titled `text` where the insert `at` makes it (a child of the root for a
 * sibling of the root, as the engine does), with `id` when given (the name later kept titles put
 * their own topics next to); an insert of a parent is left to the worker's answer.
 */
export function withInsert(doc: KmDocument, { name, at }: InsertAt, text: string, id?: string): KmDocument {
  if (name === 'appendParent') return doc;
  const node: KmNode = { data: { id: id || `kept-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, text } };
  const copy = (n: KmNode, root: boolean): KmNode | null => {
    const kids = n.children ?? [];
    if (n.data.id === at && (name === 'appendChild' || root)) return { ...n, children: [...kids, node] };
    const i = kids.findIndex((k) => k.data.id === at);
    if (i >= 0 && name === 'appendSibling') return { ...n, children: [...kids.slice(0, i + 1), node, ...kids.slice(i + 1)] };
    for (let j = 0; j < kids.length; j++) {
      const c = copy(kids[j], false);
      if (c) return { ...n, children: kids.map((k, x) => (x === j ? c : k)) };
    }
    return null;
  };
  const root = copy(doc.root, true);
  return root ? { ...doc, root } : doc;
}

export function hasNode(n: KmNode, id: string): boolean {
  return n.data.id === id || (n.children ?? []).some((c) => hasNode(c, id));
}
