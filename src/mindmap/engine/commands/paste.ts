import type { CommandDef } from './command';
import { asClip, type MapClip } from './clipboard';
import { asIds, checkChildDepth, cloneInto } from './helpers';
import { newRelationId } from './relationship';
import { kmHeight, type MindDoc } from '../model/doc';
import { newId } from '../model/ids';
import { MAX_ITEMS, type Relationship, type Summary } from '../model/items';
import type { KmNode } from '../model/types';
import { undrawableReason } from '../layout/summary-side';

export interface PasteResult {
  /** The pasted top-most topics (the last target's when several were pasted into). */
  ids: string[];
  /** Items that could not come along (said to the student, never dropped unseen). */
  lost: { relationships: number; summaries: number };
  /** A copy's lines to topics outside it: they stay with the original only (said too). */
  leftWithOriginal: number;
}

/**
 * Appends clones of the clip's subtrees under each target, in clip order, with cleared offsets
 * (kityminder reused the ids and reversed odd orders), and re-creates the clip's summaries and
 * lines on them. A cut pasted where its ids are free keeps them (the first target only): the
 * branch is moved, so its progress and review cards, and its lines to the rest of the map, follow.
 * Otherwise the ids are fresh. Answers the new top ids, what could not come along, and how many
 * of a copy's lines stay with the original (an end outside the copy).
 */
export const paste = {
  name: 'paste',
  edits: true,
  run(doc: MindDoc, targetIds: string | string[], from: MapClip | KmNode[]): PasteResult {
    const clip = asClip(from);
    const targets = asIds(targetIds);
    for (const tid of targets) for (const n of clip.nodes) checkChildDepth(doc.get(tid), kmHeight(n));
    let out: PasteResult = { ids: [], lost: { relationships: 0, summaries: 0 }, leftWithOriginal: 0 };
    targets.forEach((tid, i) => {
      const keep = i === 0 && !!clip.cut && idsFree(doc, clip.nodes);
      const r = pasteOnce(doc, tid, clip, keep);
      // the first target's account: the later ones are copies of the same clip
      out = i === 0 ? r : { ...out, ids: r.ids };
    });
    return out;
  },
} satisfies CommandDef;

/** Every id of the clip is well-formed, unique in it and unused in the map. */
function idsFree(doc: MindDoc, nodes: readonly KmNode[]): boolean {
  const seen = new Set<string>();
  const stack = [...nodes];
  while (stack.length) {
    const n = stack.pop()!;
    const id = n.data.id;
    if (typeof id !== 'string' || !id || id.length > 64 || seen.has(id) || doc.byId.has(id)) return false;
    seen.add(id);
    stack.push(...(n.children ?? []));
  }
  return true;
}

function pasteOnce(doc: MindDoc, tid: string, clip: MapClip, keep: boolean): PasteResult {
  const target = doc.get(tid);
  if (target.data.expandState === 'collapse') doc.set(tid, 'expandState', 'expand');
  const idOf = new Map<string, string>();
  const ids: string[] = [];
  const firstIndex = target.children.length;
  for (const n of clip.nodes) {
    const copy = cloneInto(n, doc, keep, idOf);
    doc.insert(tid, target.children.length, copy);
    ids.push(copy.data.id as string);
  }
  const lost = { relationships: 0, summaries: 0 };
  let leftWithOriginal = 0;
  const itemId = (id: string, taken: (x: string) => boolean, fresh: () => string) => (keep && !taken(id) ? id : fresh());

  for (const s of clip.summaries) {
    // a summary of a pasted parent, or one over pasted top topics (then under the target)
    const parent = idOf.get(s.parent) ?? tid;
    const first = idOf.get(s.first);
    const last = idOf.get(s.last);
    const kids = doc.get(parent).children;
    const fi = kids.findIndex((c) => c.id === first);
    const li = kids.findIndex((c) => c.id === last);
    const drawable = fi >= 0 && li >= fi && (parent !== tid || fi >= firstIndex) && !undrawableReason(doc, doc.get(parent), fi, li);
    if (!drawable || doc.items.summaries.length >= MAX_ITEMS) {
      lost.summaries++;
      continue;
    }
    const id = itemId(s.id, (x) => doc.byId.has(x) || doc.items.summaries.some((o) => o.id === x), newId);
    const copy: Summary = { ...s, id, parent, first: first!, last: last! };
    doc.setItem('summaries', id, copy);
  }

  for (const r of clip.relationships) {
    // an end outside the clip is the same topic only when the ids were kept (a cut moved back)
    const from = idOf.get(r.from) ?? (keep && doc.byId.has(r.from) ? r.from : undefined);
    const to = idOf.get(r.to) ?? (keep && doc.byId.has(r.to) ? r.to : undefined);
    if (!clip.cut && (!idOf.has(r.from) || !idOf.has(r.to))) {
      leftWithOriginal++;
      continue;
    }
    const dup = doc.items.relationships.some((o) => o.from === from && o.to === to);
    if (!from || !to || from === to || dup || doc.items.relationships.length >= MAX_ITEMS) {
      lost.relationships++;
      continue;
    }
    const id = itemId(
      r.id,
      (x) => doc.byId.has(x) || doc.items.relationships.some((o) => o.id === x),
      () => newRelationId(doc),
    );
    const copy: Relationship = { ...r, id, from, to };
    doc.setItem('relationships', id, copy);
  }
  return { ids, lost, leftWithOriginal };
}
