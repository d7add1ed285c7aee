import type { MindDoc, NodeRec } from './doc';
import type { Summary } from './items';

// Items follow the structural edits of the command that made them (issue 19 follow-up): a summary
// covers a run of one parent's children and a relationship line joins two topics, so a command that
// removes or reorders children must carry the items along, in the SAME transaction (one undo step
// brings both back). Done once here rather than in each command: MindDoc's insert/remove/move note
// the children of every summary parent they touch as they were before the first touch, and at the
// end of the command followItems compares them with the children after and writes the item changes.
// A map without items never creates a watch, so its structural edits pay one null check.

/** What one command did to the structure, as far as items care. */
export class StructWatch {
  /** Children ids before the command's first change to them, for parents of a summary only. */
  readonly before = new Map<string, string[]>();
  removed = false;
  private readonly parents: Set<string>;

  constructor(doc: MindDoc) {
    this.parents = new Set(doc.items.summaries.map((s) => s.parent));
  }

  touch(parent: NodeRec): void {
    if (this.parents.has(parent.id) && !this.before.has(parent.id))
      this.before.set(
        parent.id,
        parent.children.map((c) => c.id),
      );
  }
}

/** The watch a command should run under: none when the map has no items (the free path). */
export function watchFor(doc: MindDoc): StructWatch | null {
  return doc.items.summaries.length || doc.items.relationships.length ? new StructWatch(doc) : null;
}

/**
 * A summary's range after its parent's children went from `before` to `after`, or undefined when
 * none of its topics is left there. XMind keeps a range by child positions: members that left
 * (deleted, moved to another parent) shrink the run, and a reorder among the children keeps the
 * same positions covered, its endpoints re-pointed to the topics now there. Children that arrived
 * are not counted as positions, so an insert inside the run widens it, one beside it does not.
 * A range that was not valid before is left as it was (loading repairs those: protocols/item-repair.ts).
 */
export function followRange(s: Summary, before: readonly string[], after: readonly string[]): Summary | undefined {
  const fi = before.indexOf(s.first);
  const li = before.indexOf(s.last);
  if (fi < 0 || li < fi) return s;
  const stays = new Set(after);
  let start = 0;
  for (let i = 0; i < fi; i++) if (stays.has(before[i])) start++;
  let count = 0;
  for (let i = fi; i <= li; i++) if (stays.has(before[i])) count++;
  if (!count) return undefined;
  const was = new Set(before);
  const order = after.filter((id) => was.has(id));
  const first = order[start];
  const last = order[start + count - 1];
  return first === s.first && last === s.last ? s : { ...s, first, last };
}

/** Writes (through the recorder) the item changes that the command's structural edits call for. */
export function followItems(doc: MindDoc, w: StructWatch): void {
  for (const s of [...doc.items.summaries]) {
    const parent = doc.byId.get(s.parent);
    if (!parent) {
      // its parent went (with an ancestor, or itself): every topic of the range with it
      doc.setItem('summaries', s.id, undefined);
      continue;
    }
    const before = w.before.get(s.parent);
    if (!before) continue;
    const next = followRange(
      s,
      before,
      parent.children.map((c) => c.id),
    );
    if (next !== s) doc.setItem('summaries', s.id, next);
  }
  if (!w.removed) return;
  for (const r of [...doc.items.relationships]) if (!doc.byId.has(r.from) || !doc.byId.has(r.to)) doc.setItem('relationships', r.id, undefined);
}
