import type { LayoutArrays } from './pack';

// The layout's per-slot storage (pack.ts's LayoutArrays plus the engine's visible flags and pending
// translations) and how it grows as a document's slot count rises. Kept apart from the engine so
// layout-engine.ts reads as the layout walk; the headroom rule here is what keeps edits cheap.

/** Everything LayoutEngine stores per node slot. */
export interface SlotStorage {
  a: LayoutArrays;
  /** 1 = laid out and visible in the last pass. */
  visible: Uint8Array;
  /** Pending translations (absolute.ts). */
  tx: Float64Array;
  ty: Float64Array;
}

/** Arrays for `n` slots, keeping what `old` held for the slots both have. */
export function allocLayoutArrays(n: number, old?: LayoutArrays): LayoutArrays {
  const grow = <T extends Float64Array | Float32Array | Uint8Array | Int32Array>(make: (n: number) => T, prev?: T): T => {
    const arr = make(n);
    if (prev) arr.set(prev.subarray(0, Math.min(prev.length, n)));
    return arr;
  };
  const f64 = (p?: Float64Array) => grow((k) => new Float64Array(k), p);
  return {
    w: f64(old?.w),
    h: f64(old?.h),
    relX: f64(old?.relX),
    relY: f64(old?.relY),
    bx0: f64(old?.bx0),
    by0: f64(old?.by0),
    bx1: f64(old?.bx1),
    by1: f64(old?.by1),
    absX: f64(old?.absX),
    absY: f64(old?.absY),
    mv: grow((k) => new Float32Array(k), old?.mv),
    mh: grow((k) => new Float32Array(k), old?.mh),
    kind: grow((k) => new Uint8Array(k), old?.kind),
    depth: grow((k) => new Int32Array(k), old?.depth),
    moved: grow((k) => new Uint8Array(k), old?.moved),
  };
}

/** Grows `s` (in place) to hold at least `need` slots; a no-op while it already does. */
export function ensureSlots(s: SlotStorage, need: number): void {
  if (s.a.w.length >= need) return;
  // Room for edits beyond what the document needs now: sized exactly, the first insert into a
  // freshly opened 50k map regrew all fifteen arrays (~7 ms of a 0.5 ms edit).
  const n = Math.max(need + Math.max(64, need >> 3), Math.ceil(s.a.w.length * 1.5));
  s.a = allocLayoutArrays(n, s.a);
  const v = new Uint8Array(n);
  v.set(s.visible);
  s.visible = v;
  const tx = new Float64Array(n);
  tx.set(s.tx);
  s.tx = tx;
  const ty = new Float64Array(n);
  ty.set(s.ty);
  s.ty = ty;
}
