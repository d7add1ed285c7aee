import { NODE_STRIDE, NodeInt, type RenderPatch } from '../engine/render/render-patch';
import type { SceneNode, ScenePatch } from './scene-types';

// Previous-sibling links of the scene's arc_tp children: tianpan draws each child's arc from
// its previous sibling's centre (kityminder §3.6), so that sibling's box must be at hand when
// the connector is drawn or culled. Slot-indexed like the store's parent links, and fed by the
// child orders patches carry; other connectors keep no links (their lists are skipped at the
// first child, so a non-tianpan map pays one lookup per reordered parent).

export class SiblingChain {
  private prev = new Int32Array(1024).fill(-1);

  ensure(n: number): void {
    if (n <= this.prev.length) return;
    const next = new Int32Array(Math.max(n, this.prev.length * 2)).fill(-1);
    next.set(this.prev);
    this.prev = next;
  }

  reset(): void {
    this.prev.fill(-1);
  }

  /** A removed slot links nowhere (it is recycled). */
  clear(slot: number): void {
    this.prev[slot] = -1;
  }

  /**
   * Re-links the children of each listed parent in order. Siblings share their connector, so a
   * list whose first child present is not arc_tp is skipped. Slots whose link changed are pushed
   * to `changed`; returns whether any did.
   */
  apply(
    lists: NonNullable<ScenePatch['siblings']>,
    slotOf: ReadonlyMap<string, number>,
    records: readonly (SceneNode | undefined)[],
    changed: number[],
  ): boolean {
    let any = false;
    for (const [, kids] of lists) {
      let prev = -1;
      for (let i = 0; i < kids.length; i++) {
        const s = slotOf.get(kids[i]);
        if (s === undefined) continue;
        if (prev < 0 && records[s]?.connector?.kind !== 'arc_tp') break;
        if (this.prev[s] !== prev) {
          this.prev[s] = prev;
          changed.push(s);
          any = true;
        }
        prev = s;
      }
    }
    return any;
  }

  /** Previous sibling of `slot` while it is alive under the same parent, else -1. */
  of(slot: number, parentSlot: Int32Array, records: readonly (SceneNode | undefined)[]): number {
    const v = this.prev[slot];
    return v >= 0 && records[v] !== undefined && parentSlot[v] === parentSlot[slot] ? v : -1;
  }
}

type ChildOrders = NonNullable<ScenePatch['siblings']>;

/**
 * Child orders for the sibling links of one engine patch. An edit carries the worker's order of
 * every parent whose children changed (`structure`); a full load carries none, so the order is
 * rebuilt from the nodes' sibling indices — only when the map draws arc_tp connectors.
 */
export function childOrdersOf(p: Pick<RenderPatch, 'full' | 'structure' | 'ids' | 'looks' | 'look' | 'ints' | 'parents'>): ChildOrders | undefined {
  if (!p.full) return p.structure;
  // arc_tp is all or nothing: the tianpan template draws it at every level, no other at any
  const conn = p.looks.find((l) => l.connector)?.connector;
  if (conn !== 'arc_tp') return undefined;
  const byParent = new Map<string, string[]>();
  for (let i = 0; i < p.ids.length; i++) {
    const pid = p.parents[i];
    if (p.look[i] < 0 || !pid) continue;
    let kids = byParent.get(pid);
    if (!kids) byParent.set(pid, (kids = []));
    kids[p.ints[i * NODE_STRIDE + NodeInt.index]] = p.ids[i];
  }
  return [...byParent];
}
