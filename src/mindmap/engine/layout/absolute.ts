import type { NodeRec } from '../model/doc';
import type { KmNodeData } from '../model/types';
import { KIND_NAMES } from './kinds';
import type { LayoutArrays } from './pack';

/** Nodes with a new explicit box, and rigid subtree shifts (node + visible descendants by dx,dy). */
export interface AbsResult {
  boxes: NodeRec[];
  shifts: NodeRec[];
  /** dx, dy per entry of shifts. */
  deltas: number[];
}

/** Arrays plus the pending translations (already reported to the renderer, not yet pushed down). */
export interface LayoutState {
  a: LayoutArrays;
  tx: Float64Array;
  ty: Float64Array;
}

/** Whether a node's children are shown (not folded). */
export const isOpen = (n: NodeRec): boolean => n.data.expandState !== 'collapse';

// Precomputed so the absolute pass does one property probe per node, no string building.
const OFFSET_KEYS = KIND_NAMES.map((k) => `layout_${k}_offset`);

function offsetOf(data: KmNodeData, parentKind: number): { x?: unknown; y?: unknown } | null {
  const o = data[OFFSET_KEYS[parentKind]];
  return o && typeof o === 'object' ? (o as { x?: unknown; y?: unknown }) : null;
}

/**
 * Absolute positions: root centred on the origin, child = parent + rel + its manual offset
 * (layout_<parent layout>_offset moves the whole subtree).
 *
 * Incremental mode walks only the changed chain. A child whose relative position moved but
 * whose own subtree did not change is reported as a rigid shift (the renderer translates the
 * node and its visible descendants) and its descendants' stored positions are updated lazily:
 * tx/ty hold translations already reported but not yet pushed down. That keeps one edit on a
 * 100k map O(chain × siblings) instead of O(nodes that moved).
 */
export function absolutePass(st: LayoutState, root: NodeRec, all: boolean, chain?: Set<NodeRec>, relaid?: Set<NodeRec>): AbsResult {
  const { a, tx, ty } = st;
  const boxes: NodeRec[] = [];
  const shifts: NodeRec[] = [];
  const deltas: number[] = [];
  const r = root;
  const rs = r.slot;
  const nrx = -a.w[rs] / 2;
  const nry = -a.h[rs] / 2;
  const rdx = nrx - a.absX[rs];
  const rdy = nry - a.absY[rs];
  a.absX[rs] = nrx;
  a.absY[rs] = nry;
  a.moved[rs] = 0;
  const nodes: NodeRec[] = [r];
  const forced: boolean[] = [all || (relaid !== undefined && relaid.has(r))];
  const dxs: number[] = [all ? 0 : rdx];
  const dys: number[] = [all ? 0 : rdy];
  if (all) tx[rs] = ty[rs] = 0;
  while (nodes.length) {
    const n = nodes.pop()!;
    boxes.push(n);
    const f = forced.pop()!;
    const ndx = dxs.pop()!;
    const ndy = dys.pop()!;
    if (!isOpen(n)) continue;
    const p = n.slot;
    const pk = a.kind[p];
    const px = tx[p];
    const py = ty[p];
    tx[p] = ty[p] = 0;
    // Children pushed last to first, so boxes come out in preorder: a full patch then lays
    // every subtree out as one run of slots in the renderer's store (cheap subtree shifts).
    for (let ci = n.children.length - 1; ci >= 0; ci--) {
      const c = n.children[ci];
      const s = c.slot;
      if (f || (relaid && relaid.has(c))) {
        const o = offsetOf(c.data, pk);
        a.absX[s] = a.absX[p] + a.relX[s] + (o ? Number(o.x) || 0 : 0);
        a.absY[s] = a.absY[p] + a.relY[s] + (o ? Number(o.y) || 0 : 0);
        tx[s] = ty[s] = 0;
        a.moved[s] = 0;
        nodes.push(c);
        forced.push(true);
        dxs.push(0);
        dys.push(0);
        continue;
      }
      // Bring the child up to date with translations already reported for `n`.
      a.absX[s] += px;
      a.absY[s] += py;
      tx[s] += px;
      ty[s] += py;
      const inChain = chain !== undefined && chain.has(c);
      if (a.moved[s] || inChain) {
        const o = offsetOf(c.data, pk);
        const nx = a.absX[p] + a.relX[s] + (o ? Number(o.x) || 0 : 0);
        const ny = a.absY[p] + a.relY[s] + (o ? Number(o.y) || 0 : 0);
        const dx = nx - a.absX[s];
        const dy = ny - a.absY[s];
        a.absX[s] = nx;
        a.absY[s] = ny;
        a.moved[s] = 0;
        if (inChain) {
          nodes.push(c);
          forced.push(false);
          dxs.push(dx);
          dys.push(dy);
        } else if (dx !== 0 || dy !== 0) {
          tx[s] += dx;
          ty[s] += dy;
          shifts.push(c);
          deltas.push(dx, dy);
        }
      } else if (ndx !== 0 || ndy !== 0) {
        // Unchanged relative to `n`, so it follows n's own (not yet reported) movement.
        a.absX[s] += ndx;
        a.absY[s] += ndy;
        tx[s] += ndx;
        ty[s] += ndy;
        shifts.push(c);
        deltas.push(ndx, ndy);
      }
    }
  }
  return { boxes, shifts, deltas };
}

/** Pushes every pending translation down, so absX/absY are exact for all visible nodes. */
export function flushShifts(st: LayoutState, root: NodeRec): void {
  const { a } = st;
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    const p = n.slot;
    const px = st.tx[p];
    const py = st.ty[p];
    st.tx[p] = st.ty[p] = 0;
    if (!isOpen(n)) continue;
    for (const c of n.children) {
      if (px !== 0 || py !== 0) {
        a.absX[c.slot] += px;
        a.absY[c.slot] += py;
        st.tx[c.slot] += px;
        st.ty[c.slot] += py;
      }
      stack.push(c);
    }
  }
}

/** Exact absolute box of one node: its stored position plus its ancestors' pending shifts. */
export function exactBox(st: LayoutState, n: NodeRec): [number, number, number, number] {
  const { a } = st;
  let x = a.absX[n.slot];
  let y = a.absY[n.slot];
  for (let p = n.parent; p; p = p.parent) {
    x += st.tx[p.slot];
    y += st.ty[p.slot];
  }
  return [x, y, a.w[n.slot], a.h[n.slot]];
}
