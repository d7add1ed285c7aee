import { computeLinkBoxes, intersects, scan, SlotBoxes } from './slot-boxes';
import { GridIndex } from './spatial-grid';
import type { Rect, SceneNode } from './scene-types';

/** What the index reads of the scene store (scene-store.ts). */
export interface IndexedScene {
  readonly boxes: SlotBoxes;
  readonly records: (SceneNode | undefined)[];
  readonly parentSlot: Int32Array;
  /** Bumped on every patch. */
  readonly version: number;
  prevSibling(slot: number): number;
}

// The scene's spatial indexes: a grid of node boxes and one of connector boxes. An edit in a
// kityminder layout shifts half the map by a few pixels. Rather than rebuilding the grid before
// the next frame, queries run on the stale grid padded by the largest displacement (a superset,
// filtered against current boxes) plus a linear scan of fresh slots; the real rebuild happens
// when the main thread is idle (reindexWhenIdle). Where the grid cannot serve (never built: a map
// just opened; or too stale: a topic added to the root re-centres the whole map by thousands of
// px) a linear scan answers: one tight pass over 50k boxes is ~1 ms where a grid build inside the
// frame cost 15-25 ms.
export class SceneIndex {
  /** Connector culling boxes, derived from node boxes at index time (slot of the child). */
  readonly links = new SlotBoxes();
  private readonly nodeIndex = new GridIndex(512);
  private readonly linkIndex = new GridIndex(512);
  dirty = true;
  built = false;
  /** Largest displacement of any node since the last build (stale-index query padding). */
  slack = 0;
  /** Slots upserted since the last build: not (or wrongly) binned, scanned linearly. */
  fresh: number[] = [];
  private idlePending = false;
  /** How long the last rebuild took: an idle period shorter than that is left to the frames. */
  private lastBuildMs = 0;
  /** Store version the link boxes were computed at (every geometry change is a new version). */
  private linksVersion = -1;

  constructor(private readonly scene: IndexedScene) {}

  /** A new scene (a load): nothing indexed yet. */
  reset(): void {
    this.built = false;
    this.fresh = [];
    this.slack = 0;
  }

  ensure(n: number): void {
    this.links.ensure(n);
  }

  /** Slot `s` was (re)written. */
  touched(s: number): void {
    this.dirty = true;
    if (this.built) this.fresh.push(s);
  }

  /** Boxes moved by at most `slack` since the last build. */
  moved(slack: number): void {
    this.slack = slack;
    this.dirty = true;
  }

  queryNodes(r: Rect, out: number[]): number[] {
    const b = this.scene.boxes;
    if (this.gridUnfit()) return scan(b, r, out);
    this.nodeIndex.query(this.pad(r), out);
    if (this.slack > 0) filterInPlace(out, (i) => intersects(b, i, r));
    this.addFresh(out, b, r);
    return out;
  }

  queryLinks(r: Rect, out: number[]): number[] {
    if (this.gridUnfit()) {
      if (this.linksVersion !== this.scene.version) this.computeLinks();
      return scan(this.links, r, out);
    }
    this.linkIndex.query(this.pad(r), out);
    if (this.fresh.length) {
      const have = new Set(out);
      for (const s of this.fresh) {
        if (have.has(s) || this.scene.parentSlot[s] < 0) continue;
        out.push(s);
        have.add(s); // a slot can be fresh twice (upserted, then re-chained)
      }
    }
    return out;
  }

  /** The node slot at (x, y) whose shape contains it, else -1. */
  hitTest(x: number, y: number, contains: (slot: number) => boolean): number {
    // Hit tests are rare (pointer events): exactness beats the stale-index shortcut.
    this.reindex();
    return this.nodeIndex.hitTest(x, y, contains);
  }

  /**
   * Rebuild a stale index off the critical path: in an idle period long enough for it (as long as
   * the last build took), or once 500 ms have passed. An idle period between two frames is short;
   * a rebuild longer than it (~25 ms at 50k topics on a slow phone) would hold the next frame
   * back, so it waits for a longer one — while frames follow an edit, the stale grid serves.
   */
  reindexWhenIdle(): void {
    if (!this.dirty || this.idlePending) return;
    this.idlePending = true;
    const run = (deadline?: IdleDeadline) => {
      if (deadline && !deadline.didTimeout && deadline.timeRemaining() < this.lastBuildMs) {
        requestIdleCallback(run, { timeout: 500 });
        return;
      }
      this.idlePending = false;
      this.reindex();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 500 });
    else setTimeout(run, 50);
  }

  private pad(r: Rect): Rect {
    const k = this.slack;
    return k > 0 ? { x: r.x - k, y: r.y - k, w: r.w + 2 * k, h: r.h + 2 * k } : r;
  }

  private addFresh(out: number[], b: SlotBoxes, r: Rect): void {
    if (!this.fresh.length) return;
    const have = new Set(out);
    for (const s of this.fresh) if (this.scene.records[s] && intersects(b, s, r) && !have.has(s)) out.push(s);
  }

  private gridUnfit(): boolean {
    return !this.built || (this.dirty && (this.slack > this.nodeIndex.cellSize / 2 || this.fresh.length > 256));
  }

  private reindex(): void {
    if (!this.dirty) return;
    const t0 = performance.now();
    if (this.linksVersion !== this.scene.version) this.computeLinks();
    this.nodeIndex.build(this.scene.boxes);
    this.linkIndex.build(this.links);
    this.lastBuildMs = performance.now() - t0;
    this.dirty = false;
    this.built = true;
    this.slack = 0;
    this.fresh = [];
  }

  /** Connector culling boxes from the current node boxes (one pass; derived, never patched). */
  private computeLinks(): void {
    const { boxes, records } = this.scene;
    computeLinkBoxes(
      boxes,
      this.links,
      this.scene.parentSlot,
      (s) => records[s],
      (s) => this.scene.prevSibling(s),
    );
    this.linksVersion = this.scene.version;
  }
}

function filterInPlace(a: number[], keep: (i: number) => boolean): void {
  let k = 0;
  for (const v of a) if (keep(v)) a[k++] = v;
  a.length = k;
}
