import { toKmNode, type MindDoc, type NodeRec } from '../model/doc';
import type { Relationship, Summary } from '../model/items';
import type { KmNode } from '../model/types';
import { asIds, topMost } from './helpers';

// What a copy or a cut carries (walk D of issue 19: Ctrl+X, Ctrl+V lost the summaries and lines of
// the moved branch, and its review cards with its ids). Beside the subtrees it carries:
// - the summaries that lie wholly in them: a summary of a copied parent, or one whose whole range
//   is copied topics (it goes with them under the paste target);
// - the relationship lines with an end in them. Lines with both ends copied are pasted with every
//   copy; a line to a topic left behind is pasted back only when the cut topics come back with their
//   own ids (a cut pasted into the same map: a move), the only case where its other end is the same
//   topic. A copy's line to the rest of the map stays with the original.

export interface MapClip {
  /** Deep clones of the top-most subtrees, in map order. */
  nodes: KmNode[];
  relationships: Relationship[];
  summaries: Summary[];
  /** From a cut: the paste keeps the topics' ids when they are free, so progress and review cards follow. */
  cut?: boolean;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** `nodes` sorted into map (pre-order) order; each parent's children are indexed once, so O(n). */
function mapOrder(nodes: readonly NodeRec[]): NodeRec[] {
  if (nodes.length < 2) return [...nodes];
  const indexOf = new Map<NodeRec, number>();
  const at = (n: NodeRec): number => {
    if (!indexOf.has(n)) n.parent!.children.forEach((c, i) => indexOf.set(c, i));
    return indexOf.get(n)!;
  };
  const path = (n: NodeRec): number[] => {
    const out: number[] = [];
    for (let c = n; c.parent; c = c.parent) out.push(at(c));
    return out.reverse();
  };
  const rank = new Map(nodes.map((n) => [n, path(n)]));
  const cmp = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  };
  return [...nodes].sort((a, b) => cmp(rank.get(a)!, rank.get(b)!));
}

/** Copy is not a document change: the top-most selected subtrees, in map order, with their items. */
export function copyClip(doc: MindDoc, ids: string | string[]): MapClip {
  const tops = mapOrder(topMost(doc, asIds(ids)));
  const nodes = tops.map((n) => clone(toKmNode(n)));
  const inside = new Set<string>();
  const stack = [...tops];
  while (stack.length) {
    const n = stack.pop()!;
    inside.add(n.id);
    stack.push(...n.children);
  }
  const topIds = new Set(tops.map((n) => n.id));
  const wholeRangeCopied = (s: Summary) => {
    const kids = doc.byId.get(s.parent)?.children ?? [];
    const fi = kids.findIndex((c) => c.id === s.first);
    const li = kids.findIndex((c) => c.id === s.last);
    return fi >= 0 && li >= fi && kids.slice(fi, li + 1).every((c) => topIds.has(c.id));
  };
  return {
    nodes,
    relationships: doc.items.relationships.filter((r) => inside.has(r.from) || inside.has(r.to)).map(clone),
    summaries: doc.items.summaries.filter((s) => inside.has(s.parent) || wholeRangeCopied(s)).map(clone),
  };
}

/** Subtrees alone (text from another app, an older clipboard) as a clip without items. */
export function asClip(x: MapClip | KmNode[]): MapClip {
  return Array.isArray(x) ? { nodes: x, relationships: [], summaries: [] } : x;
}
