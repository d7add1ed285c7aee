import { NODE_STRIDE } from '../engine/render/render-patch';

// Rows of the engine's per-node fields (NODE_INTS): copied column by column in a counted loop,
// no subarray views (one allocation per node on a 50k-node open).

/** Copies row `from` of `src` to row `to` of `dst`. */
export function copyRow(src: Int32Array, from: number, dst: Int32Array, to: number): void {
  const a = from * NODE_STRIDE,
    b = to * NODE_STRIDE;
  for (let c = 0; c < NODE_STRIDE; c++) dst[b + c] = src[a + c];
}

export function clearRow(dst: Int32Array, row: number): void {
  const b = row * NODE_STRIDE;
  for (let c = 0; c < NODE_STRIDE; c++) dst[b + c] = 0;
}
