import { newId } from '../model/ids';
import type { Summary } from '../model/items';
import type { KmDocument, KmNode } from '../model/types';
import type { Lost } from './lost';

// Summaries (概要) in XMind files. XMind 2020+ (content.json): the parent topic has
// `summaries: [{id, range: "(0,2)", topicId}]` and its topic in `children.summary`; XMind 8
// (content.xml): `<summaries><summary range="(0,2)" topic-id>` and `<topics type="summary">`.
// Ranges are child indexes (of the attached children); a map refers to the children by id.

/** "(0,2)" → [0, 2]; anything else null. */
export function parseRange(v: unknown): [number, number] | null {
  const m = typeof v === 'string' ? /^\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/.exec(v) : null;
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return [Math.min(a, b), Math.max(a, b)];
}

const idOf = (n: KmNode): string => {
  if (typeof n.data.id !== 'string' || !n.data.id) n.data = { id: newId(), ...n.data };
  return n.data.id as string;
};

/** Summaries met while reading a file's topics, resolved to node ids once the tree is built. */
export class SummaryReader {
  private pending: Array<{ parent: KmNode; range: [number, number] | null; text: string }> = [];

  add(parent: KmNode, range: unknown, text: string): void {
    this.pending.push({ parent, range: parseRange(range), text });
  }

  /**
   * Call after the whole tree (and its images, which hold node data objects) is built: gives ids
   * to the nodes summaries refer to; a summary whose range does not fit its topic is counted lost.
   */
  finish(lost: Lost): Summary[] {
    const out: Summary[] = [];
    for (const { parent, range, text } of this.pending) {
      const ch = parent.children ?? [];
      if (!range || range[1] >= ch.length) {
        lost.add('summary');
        continue;
      }
      out.push({ id: newId(), parent: idOf(parent), first: idOf(ch[range[0]]), last: idOf(ch[range[1]]), text });
    }
    return out;
  }
}

export interface SummaryOut {
  id: string;
  range: string;
  topicId: string;
  title: string;
}

/** The summaries to write per parent node id: range strings over the parent's children. */
export function summariesByParent(doc: KmDocument): Map<string, SummaryOut[]> {
  const out = new Map<string, SummaryOut[]>();
  if (!doc.summaries?.length) return out;
  const byId = new Map<string, KmNode>();
  const parentOf = new Map<string, KmNode>();
  const stack = [doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    byId.set(String(n.data.id), n);
    for (const c of n.children ?? []) {
      parentOf.set(String(c.data.id), n);
      stack.push(c);
    }
  }
  for (const s of doc.summaries) {
    const p = byId.get(s.parent);
    if (!p || parentOf.get(s.first) !== p || parentOf.get(s.last) !== p) continue; // not drawn, not written
    const ids = (p.children ?? []).map((c) => String(c.data.id));
    const a = ids.indexOf(s.first);
    const b = ids.indexOf(s.last);
    const list = out.get(s.parent) ?? [];
    list.push({ id: s.id, range: `(${Math.min(a, b)},${Math.max(a, b)})`, topicId: `${s.id}-topic`, title: s.text });
    out.set(s.parent, list);
  }
  return out;
}

/** Formats without summaries (markdown, outline text, FreeMind, OPML): the drawn ones are counted lost. */
export function countSummariesLost(doc: KmDocument, lost: Lost): void {
  let n = 0;
  for (const list of summariesByParent(doc).values()) n += list.length;
  lost.add('summary', n);
}
