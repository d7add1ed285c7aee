import type { Change } from './change';
import type { KmNode } from './types';

type Removal = Extract<Change, { op: 'remove' }>;

// What the other tabs and members did to a map after a set was made (the server's sets between
// the set's base and now, others' only). applyLenient reads it for the two rules where a delete
// and an edit cross, so that neither side's edit is lost to the other's delete:
// - an edit inside a branch deleted meanwhile brings the branch back (as it was when deleted);
// - a delete of a branch edited meanwhile is not made.
// Built lazily: most sets never meet either case and never parse or walk anything.

/** Keys whose change is a view of the map, not work on it: folding a branch does not keep it from a delete. */
export const VIEW_KEYS: ReadonlySet<string> = new Set(['expandState']);

export class Concurrent {
  private removedBy: Map<string, Removal> | null = null;
  private touchedIds: Set<string> | null = null;
  private lastSets: Map<string, { after: unknown }> | null = null;

  /** `changes`: the others' applied changes in the server's order (called at most once). */
  constructor(private readonly source: () => readonly Change[]) {}

  private list: readonly Change[] | null = null;
  private changes(): readonly Change[] {
    return (this.list ??= this.source());
  }

  /** The delete that took `id` away (the latest one whose branch held it), if others deleted it meanwhile. */
  removalOf(id: string): Removal | undefined {
    if (!this.removedBy) {
      this.removedBy = new Map();
      for (const c of this.changes()) if (c.op === 'remove') for (const i of subtreeIds(c.node)) this.removedBy.set(i, c);
    }
    return this.removedBy.get(id);
  }

  /** Whether others added, changed or moved in `id` meanwhile. */
  touched(id: string): boolean {
    return this.touchedSet().has(id);
  }

  /** What others last set field `key` of `id` to meanwhile; undefined when they did not set it. */
  lastSet(id: string, key: string): { after: unknown } | undefined {
    if (!this.lastSets) {
      this.lastSets = new Map();
      for (const c of this.changes()) if (c.op === 'set') this.lastSets.set(fieldKey(c.id, c.key), { after: c.after });
    }
    return this.lastSets.get(fieldKey(id, key));
  }

  get anyTouched(): boolean {
    return this.touchedSet().size > 0;
  }

  private touchedSet(): Set<string> {
    if (this.touchedIds) return this.touchedIds;
    const t = (this.touchedIds = new Set());
    for (const c of this.changes()) {
      if (c.op === 'add') {
        t.add(c.parent);
        for (const i of subtreeIds(c.node)) t.add(i);
      } else if (c.op === 'set' && !VIEW_KEYS.has(c.key)) t.add(c.id);
      else if (c.op === 'move') t.add(c.id);
    }
    return t;
  }
}

/** One field of one topic, as a map key. */
export const fieldKey = (id: string, key: string): string => `${id}\u0000${key}`;

export function subtreeIds(node: KmNode): string[] {
  const out: string[] = [];
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (typeof n.data.id === 'string') out.push(n.data.id);
    if (n.children) for (const c of n.children) stack.push(c);
  }
  return out;
}

/** The tab a set id names (`<tab>:<seq>`). */
export const tabOfSet = (setId: string): string => setId.slice(0, setId.lastIndexOf(':'));
