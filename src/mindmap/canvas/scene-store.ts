import { NODE_STRIDE, NodeInt } from '../engine/render/render-patch';
import { clearRow, copyRow } from './node-ints';
import { shapeContains } from './node-shape';
import { SiblingChain } from './sibling-chain';
import { SlotTree } from './slot-tree';
import { SlotProgress } from './slot-progress';
import type { ProgressPatch } from '../engine/progress/progress-index';
import { SubtreeRuns, translate } from './subtree-runs';
import { boundsOf, SlotBoxes } from './slot-boxes';
import { SceneIndex } from './scene-index';
import type { PackedMoves, PackedShifts, Rect, SceneNode, ScenePatch } from './scene-types';
import type { PresenceMark } from './presence-mark';

// The main thread's one slot-addressed copy of the visible document (editor/document-view.ts
// feeds it; the painter, the tree model and navigation read it). Geometry lives in typed arrays
// (read by the grid index, the culler and the painter); records carry identity, text, style and
// the rare fields; the engine's per-node ints, the parent and the children in order are per slot.
// Slots of removed nodes are recycled. Index rebuilds are deferred to the next query, so a patch
// that moves 25k nodes costs one linear rebuild rather than 25k incremental updates.

export class SceneStore {
  readonly boxes = new SlotBoxes();
  readonly records: (SceneNode | undefined)[] = [];
  readonly slotOf = new Map<string, number>();
  /** The engine's per-node fields per slot: NODE_STRIDE ints a slot, columns NodeInt (nodeInt()). */
  ints = new Int32Array(1024 * NODE_STRIDE);
  /** Study roll-up per slot (learnt/total), fed by applyProgress. */
  readonly progress = new SlotProgress();
  /** Nodes due for review (the student's cards, not the document): kept across scene loads, asked per visible node. */
  private reviewDue: ReadonlySet<string> = new Set();
  private presence: ReadonlyMap<string, PresenceMark> = new Map();
  /** The student's mastery by topic (levels 1-3) and its fading topics: kept across loads, asked per visible node. */
  private masteryLevels: ReadonlyMap<string, number> = new Map();
  private fadingIds: ReadonlySet<string> = new Set();
  /** The 掌握度 view: boxes tinted by mastery (mastery-mark.ts). */
  heatMap = false;
  /** Previous-sibling links of arc_tp children (tianpan chains its arcs through the siblings). */
  private siblings = new SiblingChain();
  /** Parents and children in order by slot (the tree's rows, subtree shifts, connectors). */
  readonly tree = new SlotTree();
  /** Subtrees that are runs of consecutive slots (preorder after a load), for cheap shifts. */
  private runs = new SubtreeRuns();
  /** Grid indexes of node and connector boxes, rebuilt lazily (scene-index.ts). */
  private readonly index = new SceneIndex(this);
  background = 0xfbfbfb;
  /** Bumped on every patch; the canvas repaints when it changes. */
  version = 0;
  private freeSlots: number[] = [];

  apply(p: ScenePatch): void {
    for (const id of p.removeNodes ?? []) this.remove(id);
    const nodes = p.nodes ?? [];
    for (let j = 0; j < nodes.length; j++) {
      const s = this.upsert(nodes[j]);
      if (p.ints) copyRow(p.ints, j, this.ints, s);
      else clearRow(this.ints, s);
    }
    for (const n of nodes) this.link(this.slotOf.get(n.id)!, n);
    if (p.structure) for (const [pid, ids] of p.structure) this.order(pid, ids);
    // A re-chained arc changed its extent: cull it as fresh until the next index build.
    if (p.siblings && this.siblings.apply(p.siblings, this.slotOf, this.records, this.index.built ? this.index.fresh : [])) this.index.dirty = true;
    if (p.shifts) {
      this.shift(p.shifts);
      for (const n of nodes) this.boxes.set(this.slotOf.get(n.id)!, n.x, n.y, n.w, n.h);
    }
    if (p.moves) this.move(p.moves);
    if (p.background !== undefined) this.background = p.background;
    this.version++;
  }

  replace(p: ScenePatch): void {
    this.boxes.count = 0;
    this.records.length = 0;
    this.slotOf.clear();
    this.freeSlots = [];
    this.tree.reset();
    this.runs.reset();
    this.siblings.reset();
    this.progress.reset();
    this.index.reset();
    // Size the arrays once, with room for editing: growing them during a 50k-node load showed
    // up in profiles, and growing eight 50k arrays on the first insert cost that edit ~7 ms.
    const n = p.nodes?.length ?? 0;
    this.ensure(n + Math.max(1024, n >> 3));
    this.apply(p);
    this.runs.compute(this.boxes.count, (s) => this.records[s] !== undefined, this.tree.children);
    // The first edit after a load shifts up to every slot. Cold, that loop took 2-7 ms of the
    // first edit (0.2 ms once compiled); one pass with zero deltas here lets V8 compile it
    // during the open, whose budget has room (+0 leaves every coordinate as it was).
    translate(this.boxes.x, this.boxes.y, 0, this.boxes.count, 0, 0);
  }

  /** Progress counts that changed (the progress channel); the canvas repaints when this is true. */
  applyProgress(p: ProgressPatch): boolean {
    if (!this.progress.apply(p, this.slotOf)) return false;
    this.version++;
    return true;
  }

  /** Sets the nodes due for review; true when that changed what is drawn. */
  setReviewDue(ids: ReadonlySet<string>): boolean {
    if (ids.size === this.reviewDue.size && [...ids].every((id) => this.reviewDue.has(id))) return false;
    this.reviewDue = new Set(ids);
    this.version++;
    return true;
  }

  /** Sets where other members are (their selected topics); the map is replaced, never changed in place. */
  setPresence(marks: ReadonlyMap<string, PresenceMark>): boolean {
    if (marks === this.presence) return false;
    this.presence = marks;
    this.version++;
    return true;
  }

  /** The presence mark on the slot's topic, if a member has it selected. */
  presenceOf(slot: number): PresenceMark | undefined {
    return this.presence.size > 0 ? this.presence.get(this.records[slot]?.id ?? '') : undefined;
  }

  /** Whether the slot's node is due for review (its 待复习 mark). */
  isReviewDue(slot: number): boolean {
    return this.reviewDue.size > 0 && this.reviewDue.has(this.records[slot]?.id ?? '');
  }

  /** Sets the student's mastery (the maps are replaced, never changed in place); true when new. */
  setMastery(levels: ReadonlyMap<string, number>, fading: ReadonlySet<string>): boolean {
    if (levels === this.masteryLevels && fading === this.fadingIds) return false;
    this.masteryLevels = levels;
    this.fadingIds = fading;
    this.version++;
    return true;
  }

  /** The 掌握度 view on or off; true when that changed what is drawn. */
  setHeatMap(on: boolean): boolean {
    if (on === this.heatMap) return false;
    this.heatMap = on;
    this.version++;
    return true;
  }

  /** Mastery level of the slot's topic (0 未学 … 3 掌握). */
  masteryOf(slot: number): number {
    return this.masteryLevels.size > 0 ? (this.masteryLevels.get(this.records[slot]?.id ?? '') ?? 0) : 0;
  }

  isFading(slot: number): boolean {
    return this.fadingIds.size > 0 && this.fadingIds.has(this.records[slot]?.id ?? '');
  }

  /**
   * Whether the slot's node carries a progress badge: the root and every branch (children shown,
   * or folded away) with study nodes below; a study leaf keeps its ✓ only (as the SVG export).
   */
  hasProgressBadge(slot: number): boolean {
    const n = this.records[slot];
    if (!n || this.progress.total(slot) <= 0) return false;
    return n.parent === undefined || this.tree.childSlots(slot).length > 0 || (n.markers?.collapsedCount ?? 0) > 0;
  }

  node(id: string): SceneNode | undefined {
    const s = this.slotOf.get(id);
    return s === undefined ? undefined : this.records[s];
  }

  /** Current box of a node by id: records keep their upsert-time x/y, packed moves do not touch them. */
  boxOf(id: string): Rect | undefined {
    const s = this.slotOf.get(id);
    return s === undefined ? undefined : this.box(s);
  }

  box(slot: number): Rect {
    const b = this.boxes;
    return { x: b.x[slot], y: b.y[slot], w: b.w[slot], h: b.h[slot] };
  }

  queryNodes(r: Rect, out: number[]): number[] {
    return this.index.queryNodes(r, out);
  }

  queryLinks(r: Rect, out: number[]): number[] {
    return this.index.queryLinks(r, out);
  }

  /** Rebuild a stale index off the critical path. */
  reindexWhenIdle(): void {
    this.index.reindexWhenIdle();
  }

  hitTest(x: number, y: number): number {
    const b = this.boxes;
    // A circle node's box corners are outside it: the grid finds boxes, the shape decides.
    return this.index.hitTest(x, y, (s) => shapeContains(this.records[s]!.style, b.x[s], b.y[s], b.w[s], b.h[s], x, y));
  }

  /** Previous sibling of an arc_tp child (alive, same parent), else -1. */
  prevSibling(slot: number): number {
    return this.siblings.of(slot, this.parentSlot, this.records);
  }

  bounds(): Rect {
    return boundsOf(this.boxes, (s) => this.records[s] !== undefined);
  }

  /** Smallest label font of the scene (the zoom that keeps it readable frames the map). */
  smallestFont(): number {
    let f = Infinity;
    for (const r of this.records) if (r && r.style.fontSize < f) f = r.style.fontSize;
    return Number.isFinite(f) ? f : 12;
  }

  /** Parent slot per slot; -1 none. */
  get parentSlot(): Int32Array {
    return this.tree.parent;
  }

  /** Bumped when the tree's shape changes; a text or box change keeps it (SlotTree.shape). */
  get shape(): number {
    return this.tree.shape;
  }

  /** The slot's children in sibling order. */
  childSlots(slot: number): readonly number[] {
    return this.tree.childSlots(slot);
  }

  /** A per-node field of the engine's patch (column `NodeInt.x`) for a slot. */
  nodeInt(slot: number, column: number): number {
    return this.ints[slot * NODE_STRIDE + column];
  }

  private upsert(n: SceneNode): number {
    let s = this.slotOf.get(n.id);
    if (s === undefined) {
      s = this.freeSlots.pop() ?? this.boxes.count++;
      this.ensure(this.boxes.count);
      this.slotOf.set(n.id, s);
      this.runs.clear(s);
      this.progress.clear(s);
      this.tree.added();
    }
    this.records[s] = n;
    this.boxes.set(s, n.x, n.y, n.w, n.h);
    this.index.touched(s);
    return s;
  }

  /** (Re)links slot `s` under its parent; runs after all upserts of a patch (parents may come later). */
  private link(s: number, n: SceneNode): void {
    const ps = n.parent !== undefined ? (this.slotOf.get(n.parent) ?? -1) : -1;
    const old = this.parentSlot[s];
    if (old === ps) return;
    this.runs.breakFrom(old, this.parentSlot);
    this.runs.breakFrom(ps, this.parentSlot);
    this.tree.link(s, ps, this.ints[s * NODE_STRIDE + NodeInt.index]);
  }

  /** The children of `pid` as the engine ordered them (ids not drawn skipped). */
  private order(pid: string, ids: readonly string[]): void {
    const ps = this.slotOf.get(pid);
    if (ps === undefined) return;
    const next: number[] = [];
    for (const id of ids) {
      const c = this.slotOf.get(id);
      if (c !== undefined) next.push(c);
    }
    this.tree.order(ps, next);
  }

  private shift(sh: PackedShifts): void {
    const { x, y } = this.boxes;
    const runs = this.runs;
    const stack: number[] = [];
    let slack = this.index.slack;
    for (let i = 0; i < sh.ids.length; i++) {
      const root = this.slotOf.get(sh.ids[i]);
      if (root === undefined) continue;
      const dx = sh.deltas[2 * i],
        dy = sh.deltas[2 * i + 1];
      slack = Math.max(slack, Math.abs(dx), Math.abs(dy));
      stack.push(root);
      while (stack.length) {
        const s = stack.pop()!;
        const e = runs.endOf(s);
        if (e > s) {
          translate(x, y, s, e, dx, dy);
          continue;
        }
        x[s] += dx;
        y[s] += dy;
        const ch = this.tree.childSlots(s);
        for (let k = 0; k < ch.length; k++) stack.push(ch[k]);
      }
    }
    this.index.moved(slack);
  }

  private move(m: PackedMoves): void {
    const { ids, xy } = m;
    const b = this.boxes;
    let slack = this.index.slack;
    for (let i = 0; i < ids.length; i++) {
      const s = this.slotOf.get(ids[i]);
      if (s === undefined) continue;
      const x = xy[2 * i],
        y = xy[2 * i + 1];
      const d = Math.max(Math.abs(x - b.x[s]), Math.abs(y - b.y[s]));
      if (d > slack) slack = d;
      b.x[s] = x;
      b.y[s] = y;
    }
    this.index.moved(slack);
  }

  private remove(id: string): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    this.slotOf.delete(id);
    this.records[s] = undefined;
    this.runs.breakFrom(s, this.parentSlot);
    this.tree.remove(s);
    this.siblings.clear(s);
    // NaN fails every comparison: a dead slot is skipped by index builds and queries.
    this.boxes.set(s, NaN, NaN, 0, 0);
    this.freeSlots.push(s);
    this.index.dirty = true;
  }

  private ensure(n: number): void {
    this.boxes.ensure(n);
    this.index.ensure(n);
    this.runs.ensure(n);
    this.tree.ensure(n);
    if (n * NODE_STRIDE > this.ints.length) {
      const next = new Int32Array(Math.max(n, (this.ints.length / NODE_STRIDE) * 2) * NODE_STRIDE);
      next.set(this.ints);
      this.ints = next;
    }
    this.siblings.ensure(n);
    this.progress.ensure(n);
  }
}
