// Longest common subsequence of two key sequences (Myers' O((N+M)·D) greedy diff): the lines an
// edit left alone. A pure kernel: arrays in, index pairs out.

/** Above this many inserted + deleted lines the middle is left unmatched (memory ~ D² ints). */
export const MAX_EDITS = 2000;

/**
 * Index pairs [i, j] with a[i] === b[j], increasing in both, of maximal length (common prefix and
 * suffix first, Myers on the middle). When the middle needs more than `maxEdits` edits, only the
 * common prefix and suffix are paired.
 */
export function commonPairs<T>(a: readonly T[], b: readonly T[], maxEdits = MAX_EDITS): Array<[number, number]> {
  const intern = new Map<T, number>();
  const code = (x: T) => {
    let c = intern.get(x);
    if (c === undefined) intern.set(x, (c = intern.size));
    return c;
  };
  const A = Int32Array.from(a, code);
  const B = Int32Array.from(b, code);
  let pre = 0;
  while (pre < A.length && pre < B.length && A[pre] === B[pre]) pre++;
  let suf = 0;
  while (suf < A.length - pre && suf < B.length - pre && A[A.length - 1 - suf] === B[B.length - 1 - suf]) suf++;
  const out: Array<[number, number]> = [];
  for (let i = 0; i < pre; i++) out.push([i, i]);
  const mid = myers(A.subarray(pre, A.length - suf), B.subarray(pre, B.length - suf), maxEdits);
  for (const [i, j] of mid) out.push([i + pre, j + pre]);
  for (let s = suf; s > 0; s--) out.push([A.length - s, B.length - s]);
  return out;
}

function myers(a: Int32Array, b: Int32Array, maxEdits: number): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  if (!n || !m) return [];
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] = v[-(d-1) .. d-1] before round d: all that the backtrack of round d reads.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(max, maxEdits); d++) {
    trace.push(v.slice(off - d + 1, off + d));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m);
    }
  }
  return [];
}

function backtrack(trace: Int32Array[], last: number, n: number, m: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = last; d > 0; d--) {
    const t = trace[d];
    const at = (k: number) => t[k + d - 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const pk = down ? k + 1 : k - 1;
    const px = at(pk);
    const py = px - pk;
    while (x > px && y > py) pairs.push([--x, --y]);
    x = px;
    y = py;
  }
  while (x > 0 && y > 0) pairs.push([--x, --y]);
  return pairs.reverse();
}
