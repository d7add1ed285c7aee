import type { DocItems } from '../model/items';
import type { KmNode } from '../model/types';
import type { Lost } from './lost';

// Items pointing at topics a file does not have (written by code before items followed deletes,
// or by hand): on load they are repaired, never kept invisible. A summary keeps what is left of
// its range among its parent's children — both ends there: that run (ends in order); one end:
// that topic alone (the topics between are not known any more) — and goes when neither end or its
// parent is left. A line goes when either end is missing. What goes is counted in `lost`, so an
// import says it (以下内容未能保留：关联线 1 条…).

/** Repairs `items` in place against the restored tree; `ids` holds every node id of it. */
export function repairItems(root: KmNode, items: Partial<DocItems>, ids: ReadonlySet<string>, lost?: Lost): void {
  if (items.relationships) {
    const kept = items.relationships.filter((r) => ids.has(r.from) && ids.has(r.to));
    lost?.add('relationship', items.relationships.length - kept.length);
    if (kept.length) items.relationships = kept;
    else delete items.relationships;
  }
  if (!items.summaries) return;
  const kids = childrenOf(root, new Set(items.summaries.map((s) => s.parent)));
  const kept = [];
  for (const s of items.summaries) {
    const list = kids.get(s.parent);
    const fi = list ? list.indexOf(s.first) : -1;
    const li = list ? list.indexOf(s.last) : -1;
    if (fi < 0 && li < 0) continue;
    const a = fi < 0 ? li : li < 0 ? fi : Math.min(fi, li);
    const b = fi < 0 ? li : li < 0 ? fi : Math.max(fi, li);
    kept.push(a === fi && b === li ? s : { ...s, first: list![a], last: list![b] });
  }
  lost?.add('summary', items.summaries.length - kept.length);
  if (kept.length) items.summaries = kept;
  else delete items.summaries;
}

/** Child ids of the listed parents (one walk, only when a file has summaries). */
function childrenOf(root: KmNode, parents: ReadonlySet<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    const ch = n.children ?? [];
    if (parents.has(n.data.id as string))
      out.set(
        n.data.id as string,
        ch.map((c) => c.data.id as string),
      );
    for (const c of ch) if (c.children?.length) stack.push(c);
  }
  return out;
}
