import { commonPairs } from './line-diff';

// Which line of an edited outline is which node of the map. The outline the user started from
// (`base`: the map's nodes in preorder with their level and title as the text shows them) is
// diffed against the edited lines keyed by level + title: lines the edit left alone keep their
// node (the longest common subsequence). The lines left over pair up in this order: same level
// and title anywhere (a line cut and pasted elsewhere), same title at another level (an indent
// or outdent, possibly with its children), then within each changed hunk by position, same
// level first (a rename). What is still left is a new line or a removed node.

export interface OutlineLine {
  /** 0 = the root line. */
  level: number;
  title: string;
}

export interface BaseLine extends OutlineLine {
  id: string;
}

export interface OutlineMatch {
  /** Per edited line: the node it continues, or null for a new node. */
  ids: Array<string | null>;
  /** Per edited line: true when the line is unchanged (same level and title, an anchor). */
  same: boolean[];
}

const keyOf = (l: OutlineLine) => `${l.level}\u0001${l.title}`;

export function matchOutline(base: readonly BaseLine[], next: readonly OutlineLine[]): OutlineMatch {
  const ids: Array<string | null> = new Array<string | null>(next.length).fill(null);
  const same: boolean[] = new Array<boolean>(next.length).fill(false);
  if (!next.length || !base.length) return { ids, same };
  // The root line is always the root (the outline has exactly one).
  ids[0] = base[0].id;
  same[0] = base[0].title === next[0].title;
  const pairs = commonPairs(base.slice(1).map(keyOf), next.slice(1).map(keyOf));
  const hunks: Array<[number[], number[]]> = [];
  let pi = 1;
  let pj = 1;
  for (const [i0, j0] of [...pairs, [base.length - 1, next.length - 1]]) {
    const i = i0 + 1;
    const j = j0 + 1;
    if (i > pi || j > pj) hunks.push([range(pi, i), range(pj, j)]);
    if (i < base.length) {
      ids[j] = base[i].id;
      same[j] = true;
    }
    pi = i + 1;
    pj = j + 1;
  }
  const used = new Set<number>();
  const pair = (i: number, j: number) => {
    ids[j] = base[i].id;
    used.add(i);
  };
  const olds = hunks.flatMap(([o]) => o);
  const news = hunks.flatMap(([, n]) => n);
  pairBy(
    olds,
    news,
    (i) => keyOf(base[i]),
    (j) => keyOf(next[j]),
    used,
    ids,
    pair,
  );
  pairBy(
    olds,
    news,
    (i) => base[i].title,
    (j) => next[j].title,
    used,
    ids,
    pair,
  );
  for (const [o, n] of hunks) {
    pairBy(
      o,
      n,
      (i) => `${base[i].level}`,
      (j) => `${next[j].level}`,
      used,
      ids,
      pair,
    );
    pairBy(
      o,
      n,
      () => '',
      () => '',
      used,
      ids,
      pair,
    );
  }
  return { ids, same };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}

/** Pairs still-open new lines with still-unused old lines of the same key, in order. */
function pairBy(
  olds: number[],
  news: number[],
  oldKey: (i: number) => string,
  newKey: (j: number) => string,
  used: Set<number>,
  ids: Array<string | null>,
  pair: (i: number, j: number) => void,
): void {
  const queues = new Map<string, number[]>();
  for (const i of olds) {
    if (used.has(i)) continue;
    const k = oldKey(i);
    const q = queues.get(k);
    if (q) q.push(i);
    else queues.set(k, [i]);
  }
  if (!queues.size) return;
  for (const j of news) {
    if (ids[j] !== null) continue;
    const i = queues.get(newKey(j))?.shift();
    if (i !== undefined) pair(i, j);
  }
}
