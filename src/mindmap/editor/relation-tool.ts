import type { Relationship } from '../engine/model/items';
import type { Offset } from '../engine/model/types';
import type { Pt } from '../engine/render/relation-geometry';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { READ_ONLY_MSG, userMessage } from './messages';
import { nodeInDirection } from './navigation';
import { lineActionsSaid, nextLine, onPhone, walkAnnouncement, type LineWalk } from './relation-walk';
import type { Direction } from './spatial-nav';

// Relationship lines (关联线) in the editor: which line is selected, the linking mode (from a
// node, the target chosen by a click or by arrow keys + Enter, Esc cancels), the label being
// edited (their keys: relation-keys.ts). The lines themselves come from the worker's patches
// (MapModel.relationships); every change is an engine command (one undo step each).

/** Enter (or a click) on the topic the line starts from: said, linking goes on. */
export const SELF_LINK_MSG = '不能把主题关联到它自己';
export const LINK_HINT = '点击要关联的主题（或用方向键选择后按 Enter），Esc 取消';
/** The same on a phone (no arrow keys, no Esc: the hint's 取消 button ends it). */
export const TOUCH_LINK_HINT = '点击要关联的主题';
/** What is said when linking starts on a phone: the hint and its button, no keys. */
export const TOUCH_LINK_SAID = `${TOUCH_LINK_HINT}，点按「取消」结束`;

/** 从「甲」画关联线： — the start of the hint while linking (the line's start named). */
export function linkFrom(model: Pick<EditorController['model'], 'get'>, from: string): string {
  const text = (model.get(from)?.text ?? '').replace(/\s+/g, ' ').trim() || '分支主题';
  return `从「${text.length > 20 ? `${text.slice(0, 20)}…` : text}」画关联线：`;
}

export interface RelationToolState {
  /** The selected line (its handles show; Delete removes it, F2 edits its label). */
  selected: string | null;
  /** Linking: from node `from` to `target` (the node the keys or the pointer are on). */
  linking: { from: string; target: string | null } | null;
  /** The line whose label is being edited. */
  editing: string | null;
  /** What the student typed on the selected line that opened its field: it replaces the label, as typing over a topic replaces its title. */
  typed?: string | null;
}

const NONE = { out: [], in: [] };

export class RelationTool {
  state: RelationToolState = { selected: null, linking: null, editing: null };
  private canvas: MindmapCanvas | null = null;
  private listeners = new Set<() => void>();
  private shown: readonly Relationship[] = [];
  private index: { version: number; by: Map<string, { out: Relationship[]; in: Relationship[] }> } | null = null;
  /** Alt+L's walk: the topic it started from (Esc goes back to it) and the lines it goes through. */
  private walk: LineWalk | null = null;

  constructor(private readonly ctl: EditorController) {
    ctl.model.subscribe(() => this.onModel());
    // Another tool chosen while linking (hand, 多选, the map made read-only) ends the line begun.
    ctl.tools.subscribe((now) => {
      if (now.tool !== 'link' && this.state.linking) this.cancel();
      // The map turned read-only under the label field: nothing typed there can be saved.
      if (now.activity !== 'text' && this.state.editing && ctl.state.readOnly) this.set({ editing: null });
    });
    // A topic or summary chosen (a tree row, find) while a line is selected: the line lets go,
    // or Delete, 删除 and F2 would still act on the line instead (outside walk: a line clicked,
    // then a tree row, then Delete removed the line). What was selected when the line was
    // picked (it lets go of the topics just after) is no new choice.
    ctl.subscribe(() => {
      const { selection, summary } = ctl.state;
      if (!this.state.selected || (!selection.length && !summary)) return;
      if (selection !== this.pickedWith.selection || summary !== this.pickedWith.summary) this.select(null);
    });
  }

  /** The topic selection as it was when the line was selected (see the constructor). */
  private pickedWith: { selection: readonly string[]; summary?: string | null } = { selection: [] };

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getState = (): RelationToolState => this.state;

  get list(): readonly Relationship[] {
    return this.ctl.model.relationships;
  }

  /** The lines with both ends on the map now (the others wait for an undo to bring their node back). */
  visible(): Relationship[] {
    const { model } = this.ctl;
    return this.list.filter((r) => model.has(r.from) && model.has(r.to));
  }

  /** The lines a node starts or ends (indexed once per model version: every tree row asks). */
  of(id: string): { out: Relationship[]; in: Relationship[] } {
    const { version } = this.ctl.model;
    if (this.index?.version !== version) {
      const by = new Map<string, { out: Relationship[]; in: Relationship[] }>();
      const at = (n: string) => by.get(n) ?? by.set(n, { out: [], in: [] }).get(n)!;
      for (const r of this.visible()) {
        at(r.from).out.push(r);
        at(r.to).in.push(r);
      }
      this.index = { version, by };
    }
    return this.index.by.get(id) ?? NONE;
  }

  describeNode(id: string): string {
    return this.ctl.model.get(id)?.text || '分支主题';
  }

  /** 甲 → 乙 (node titles), as menus and announcements say a line. */
  describe(r: Relationship): string {
    const t = (id: string) => this.ctl.model.get(id)?.text || '分支主题';
    return `${t(r.from)} → ${t(r.to)}${r.title ? `（${r.title}）` : ''}`;
  }

  /** The canvas draws the lines; returns the unbinding. */
  bind(canvas: MindmapCanvas): () => void {
    this.canvas = canvas;
    this.shown = [];
    this.onModel();
    return () => {
      if (this.canvas === canvas) this.canvas = null;
    };
  }

  private set(partial: Partial<RelationToolState>): void {
    const wasEditing = !!this.state.editing;
    this.state = { ...this.state, ...partial };
    // A line's label in its field is the editor's text activity, as a topic's title is: SPEC §4's
    // textedit status, and the parts that leave text alone while it is typed (tree focus, markers).
    if (wasEditing !== !!this.state.editing) {
      if (this.state.editing) this.ctl.tools.begin('text');
      else this.ctl.tools.end('text');
    }
    const c = this.canvas;
    if (c) {
      c.relations.setSelected(this.state.selected);
      c.invalidate();
    }
    for (const fn of this.listeners) fn();
  }

  private onModel(): void {
    const list = this.list;
    if (list !== this.shown && this.canvas) {
      this.shown = list;
      this.canvas.relations.setLines(list);
      this.canvas.invalidate();
    }
    const { selected, linking, editing } = this.state;
    const has = (id: string | null) => !!id && this.visible().some((r) => r.id === id);
    if ((selected && !has(selected)) || (editing && !has(editing)))
      this.set({ selected: has(selected) ? selected : null, editing: has(editing) ? editing : null });
    if (linking && !this.ctl.model.has(linking.from)) this.cancel();
  }

  /** Selects line `id` (null: none); `say`: name it in the live region (a line just drawn is said as added instead). */
  select(id: string | null, say = true): void {
    if (id === this.state.selected) return;
    this.walk = null;
    this.pickedWith = { selection: this.ctl.state.selection, summary: this.ctl.state.summary };
    this.set({ selected: id });
    if (id && say) {
      const r = this.list.find((x) => x.id === id);
      if (r) this.ctl.say(`已选中关联线：${this.describe(r)}${lineActionsSaid(this.ctl.state.readOnly)}`);
    }
  }

  /** Selects line `id` and no topic (a line just drawn, refused again, or brought back): keys then act on the line. */
  selectAlone(id: string, say = true): void {
    this.ctl.select([], false);
    this.select(id, say);
  }

  /**
   * Alt+L (relation-walk.ts): the next line of topic `anchor`, or of the whole map when it has
   * none. The line is selected alone (no topic), so Delete, F2 and Shift+F10 act on it as after a
   * right click on it; Esc (or an arrow) goes back to the topic. False when the map has no line.
   */
  selectNext(anchor: string | null): boolean {
    const step = nextLine(this, this.walk, this.state.selected, anchor);
    if (!step) {
      this.ctl.say('导图中没有关联线');
      return false;
    }
    if (this.ctl.state.selection.length) this.ctl.select([], false);
    this.walk = step.walk;
    this.set({ selected: step.line.id, editing: null });
    this.revealLine(step.line.id);
    this.ctl.say(walkAnnouncement(this, step.walk, step.line, this.ctl.state.readOnly));
    return true;
  }

  /** Back from a line reached by Alt+L to the topic the walk started from (Esc, arrows: relation-keys.ts). */
  backToTopic(): void {
    // the topic Alt+L's walk began on, else the one the line starts from (a line just drawn)
    const back = this.walk?.anchor ?? this.list.find((r) => r.id === this.state.selected)?.from;
    this.select(null);
    if (back && this.ctl.model.has(back) && !this.ctl.state.selection.length) this.ctl.select([back]);
  }

  /** Pans the canvas (if needed) so the line's curve is in view. */
  private revealLine(id: string): void {
    const c = this.canvas?.relations.curveOf(this.canvas.store, id);
    if (!c || !this.canvas) return;
    const xs = [c.p0.x, c.c1.x, c.c2.x, c.p3.x];
    const ys = [c.p0.y, c.c1.y, c.c2.y, c.p3.y];
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    this.canvas.rig.reveal({ x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y });
  }

  /** Linking mode from node `from` (关联线 in the toolbar or node menu, Ctrl+L). */
  start(from: string): void {
    if (this.ctl.state.readOnly) return this.ctl.reportError(READ_ONLY_MSG);
    if (!this.ctl.model.has(from)) return;
    // The next tap picks the line's other end, not a topic for 多选 (the link tool replaces it,
    // tools.ts); of several selected topics the line starts from the one named, selected alone
    // (outside walk).
    if (!this.ctl.tools.use('link')) return;
    if (this.ctl.state.selection.length > 1) this.ctl.select([from], false);
    this.set({ linking: { from, target: null }, selected: null, editing: null });
    this.ctl.say(`${linkFrom(this.ctl.model, from)}${onPhone() ? TOUCH_LINK_SAID : LINK_HINT}`);
  }

  cancel(): void {
    if (this.state.linking) {
      this.canvas?.relations.setRubber(null);
      this.set({ linking: null });
    }
    this.ctl.tools.leave('link');
  }

  /** The pointer moved while linking: the rubber band follows it (snapping to the node under it). */
  pointTo(world: Pt, over: string | null): void {
    const l = this.state.linking;
    if (!l || !this.canvas) return;
    const target = over && over !== l.from ? over : null;
    this.canvas.relations.setRubber({ from: l.from, to: world, target });
    this.canvas.invalidate();
    if (target !== l.target) this.set({ linking: { ...l, target } });
  }

  /** An arrow key while linking: the target moves as the selection would (spatial navigation). */
  aim(dir: Direction): void {
    const l = this.state.linking;
    if (!l) return;
    const next = nodeInDirection(this.ctl.model, this.canvas?.store ?? null, l.target ?? l.from, dir);
    if (!next || next === l.from) return;
    this.set({ linking: { ...l, target: next } });
    const b = this.canvas?.store.boxOf(next);
    if (b && this.canvas) {
      this.canvas.relations.setRubber({ from: l.from, to: { x: b.x + b.w / 2, y: b.y + b.h / 2 }, target: next });
      this.canvas.reveal(next);
      this.canvas.invalidate();
    }
    this.ctl.say(`关联到：${this.ctl.model.get(next)?.text || '分支主题'}，按 Enter 确定`);
  }

  /** Ends linking on node `to`: the line is added (one undo step) and selected. */
  async finish(to: string): Promise<string | undefined> {
    const l = this.state.linking;
    if (!l) return undefined;
    if (to === l.from) return void this.refuse(SELF_LINK_MSG);
    this.cancel();
    let id: string;
    try {
      id = await this.ctl.execute('addRelationship', [l.from, to]);
    } catch (e) {
      // (a second line of the same direction between the two: the engine keeps one per pair and
      // direction, as the .xmind exchange does) — shown and said, not a key that did nothing; the
      // line already there is selected, as a new one would be (the topic left selected took the
      // Delete the message had just taught for a line).
      const there = this.list.find((r) => r.from === l.from && r.to === to);
      if (there) this.selectAlone(there.id, false);
      return void this.refuse(there ? `${userMessage(e)}，已选中这条关联线` : userMessage(e));
    }
    // The new line alone is selected (its topics let go): typing then labels it, Delete removes
    // it — with its start topic still selected, typing renamed the topic (outside walk).
    this.selectAlone(id, false);
    const r = this.list.find((x) => x.id === id);
    const next = this.ctl.state.readOnly ? '' : onPhone() ? '，点按「编辑」添加标签' : '，输入文字添加标签，Delete 删除';
    if (r) this.ctl.say(`已添加关联线：${this.describe(r)}${next}`);
    return id;
  }

  /**
   * Text typed (or composed) on the map with a line selected and no topic: its label field opens
   * holding that text. False when nothing takes it (no line, a topic selected, a read-only map) or
   * while a composition is still under way (`text` empty: the field opens once it ends).
   */
  typeLabel(text: string): boolean {
    const line = this.state.selected;
    if (!text || !line || this.ctl.primary || this.ctl.state.readOnly) return false;
    this.editLabel(line, text);
    return true;
  }

  /** A refusal: shown (toast) and said in the editor's live region. */
  private refuse(msg: string): void {
    this.ctl.reportError(msg);
    this.ctl.say(msg);
  }

  remove(id: string): Promise<unknown> {
    // Once the line is gone the topic it was reached from is selected (Alt+L's), else the one it
    // starts from, as undo/redo do (item-steps.ts): not whatever the map fell back to (the root).
    const from = this.list.find((r) => r.id === id)?.from;
    const back = this.walk?.anchor ?? (from && this.ctl.model.has(from) ? from : undefined);
    if (back && !this.ctl.state.selection.length) this.ctl.select([back], false);
    this.walk = null;
    this.set({ selected: null, editing: null });
    return this.ctl.run('removeRelationship', [id]);
  }

  /** Opens the label editor of line `id` (F2, double click, the menu). */
  editLabel(id: string | null, typed: string | null = null): void {
    if (id && this.ctl.state.readOnly) return;
    this.set({ editing: id, selected: id ?? this.state.selected, typed });
  }

  commitLabel(id: string, title: string): Promise<unknown> {
    this.set({ editing: null });
    const r = this.list.find((x) => x.id === id);
    if (!r || (r.title ?? '') === title.trim()) return Promise.resolve();
    return this.ctl.run('setRelationshipTitle', [id, title]);
  }

  /** A dragged control handle was dropped: one command, one undo step. */
  setControls(id: string, controls: [Offset, Offset]): Promise<unknown> {
    return this.ctl.run('setRelationshipControls', [id, controls]);
  }
}
