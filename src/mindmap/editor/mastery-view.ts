import type { MasteryRollup } from '../engine/study/mastery-rollup';

// The main thread's copy of the student's mastery on the open map (issue 34 item 2): the level of
// each topic (the server's review/mastery.ts), the fading ones, and the engine's 掌握 N/M roll-up
// of every branch. The canvas draws the levels; the tree says them; the 掌握度 view names the
// branch that fades most. Empty (and silent) until the student has a graded topic on the map.

export const MASTERY_LABELS = ['未学', '学过', '熟悉', '掌握'] as const;

export interface MasteryData {
  nodeIds: string[];
  levels: number[];
  fading: string[];
  /** the student's own practised topics, counted in 掌握 N/M beside the 知识点 (mastery-rollup.ts) */
  ownPractised?: string[];
}

export interface MasteryCount {
  mastered: number;
  total: number;
  fading: number;
}

export class MasteryView {
  private levelOf = new Map<string, number>();
  private fadingSet = new Set<string>();
  private counts = new Map<string, MasteryCount>();
  private listeners = new Set<() => void>();
  version = 0;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  /** Whether the student has any graded topic here (then the roll-up is shown). */
  get active(): boolean {
    return this.levelOf.size > 0;
  }

  get levels(): ReadonlyMap<string, number> {
    return this.levelOf;
  }

  get fading(): ReadonlySet<string> {
    return this.fadingSet;
  }

  setData(d: MasteryData): void {
    this.levelOf = new Map(d.nodeIds.map((id, i) => [id, d.levels[i]]));
    this.fadingSet = new Set(d.fading);
    this.changed();
  }

  applyRollup(r: MasteryRollup): void {
    const next = new Map<string, MasteryCount>();
    r.ids.forEach((id, i) => next.set(id, { mastered: r.counts[3 * i], total: r.counts[3 * i + 1], fading: r.counts[3 * i + 2] }));
    if (sameCounts(next, this.counts)) return;
    this.counts = next;
    this.changed();
  }

  level(id: string): number {
    return this.levelOf.get(id) ?? 0;
  }

  of(id: string): MasteryCount | undefined {
    return this.counts.get(id);
  }

  /**
   * What a tree row says: the topic's own level ("掌握度：熟悉", "…（渐忘）" when fading) and, on a
   * branch, its roll-up "掌握 1/3" (beside 已学 N/M).
   */
  marks(id: string, branch: boolean): string[] {
    if (!this.active) return [];
    const out: string[] = [];
    const level = this.level(id);
    if (level > 0) out.push(`掌握度：${MASTERY_LABELS[level]}${this.fadingSet.has(id) ? '（渐忘）' : ''}`);
    const c = branch ? this.counts.get(id) : undefined;
    if (c && c.total > 0) out.push(`掌握 ${c.mastered}/${c.total}`);
    return out;
  }

  /** Of the given branches, the one with the most fading topics (ties: the first), or null. */
  mostFading(branches: readonly string[]): { id: string; fading: number } | null {
    let best: { id: string; fading: number } | null = null;
    for (const id of branches) {
      const f = this.counts.get(id)?.fading ?? 0;
      if (f > 0 && (!best || f > best.fading)) best = { id, fading: f };
    }
    return best;
  }

  private changed(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }
}

function sameCounts(a: ReadonlyMap<string, MasteryCount>, b: ReadonlyMap<string, MasteryCount>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, c] of a) {
    const o = b.get(id);
    if (!o || o.mastered !== c.mastered || o.total !== c.total || o.fading !== c.fading) return false;
  }
  return true;
}
