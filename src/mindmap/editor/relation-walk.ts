import type { Relationship } from '../engine/model/items';
import type { Action } from './actions';
import { isMobile } from '../host';
import type { RelationTool } from './relation-tool';

// Alt+L: the keyboard's way to a relationship line (关联线), as a click on its curve is the
// mouse's. With a topic selected it selects that topic's lines one after another (outgoing,
// then incoming), the whole map's when it has none, and round again; the line is selected alone
// (relation-tool.ts), Esc goes back to the topic.
//
// Why Alt+L: L as in Ctrl+L (draw a line). A plain letter would start typing into the topic
// (typing-to-edit); Ctrl+letters are the map's or the browser's (Ctrl+Shift+L 整理布局);
// Ctrl+Space, Shift and Ctrl+Shift switch the Chinese IME on Windows, Alt+Shift the keyboard
// layout; Alt+arrows are 上移/下移 and the browser's back/forward. An IME leaves Alt+letter alone
// (the map skips only the keys of a composition, TextEditOverlay), and the key is matched by its
// physical key when Alt made it a symbol (shortcutOf: macOS types ¬ for Option+L).

/** A walk: the topic it started from (null: none), the lines it goes through, whether they are the whole map's. */
export interface LineWalk {
  anchor: string | null;
  ids: string[];
  whole: boolean;
}

/** The walk's next line after `selected` (null: the map has no line drawn). */
export function nextLine(
  tool: RelationTool,
  walk: LineWalk | null,
  selected: string | null,
  anchor: string | null,
): { walk: LineWalk; line: Relationship } | null {
  const vis = tool.visible();
  if (!vis.length) return null;
  let w = walk;
  // A walk goes on while one of its lines is selected (and no other topic was chosen since);
  // otherwise a new one starts here.
  if (!w || !selected || !w.ids.includes(selected) || (anchor && anchor !== w.anchor)) {
    const { out, in: inc } = anchor ? tool.of(anchor) : { out: [], in: [] };
    const own = [...out, ...inc];
    w = { anchor, ids: (own.length ? own : vis).map((r) => r.id), whole: !own.length };
  }
  // (lines removed since are skipped)
  const ids = w.ids.filter((id) => vis.some((r) => r.id === id));
  const next = ids[(ids.indexOf(selected ?? '') + 1) % ids.length];
  return { walk: { ...w, ids }, line: vis.find((r) => r.id === next)! };
}

/** A phone's screen (SPEC §9), where a finger has no keys; false without a browser (the engine's tests). */
export const onPhone = (): boolean => typeof navigator !== 'undefined' && isMobile();

/**
 * What can be done with a selected line, said after its name: its keys, on a phone the action
 * bar's buttons (a finger has no Delete nor F2), on a read-only map nothing (both are refused).
 */
export function lineActionsSaid(readOnly: boolean, phone = onPhone()): string {
  if (readOnly) return '';
  return phone ? '，点按「编辑」修改标签，「删除」删除关联线' : '，Delete 删除，F2 编辑标签';
}

/** 已选中关联线：甲 → 乙，标签「因果」，第 1/3 条，… (the live region; a read-only map has no Delete, no F2). */
export function walkAnnouncement(tool: RelationTool, walk: LineWalk, r: Relationship, readOnly = false): string {
  const label = r.title ? `，标签「${r.title}」` : '';
  const whole = walk.whole ? '（全图）' : '';
  const at = `第 ${walk.ids.indexOf(r.id) + 1}/${walk.ids.length} 条${whole}`;
  return `已选中关联线：${tool.describeNode(r.from)} → ${tool.describeNode(r.to)}${label}，${at}${lineActionsSaid(readOnly, false)}，Esc 返回主题`;
}

/** The registry's entry (keyboard only; also allowed on a read-only map: selecting edits nothing). */
export function relationWalkActions(): Action[] {
  return [
    {
      name: 'selectRelation',
      label: '逐条选择关联线',
      shortcut: 'Alt+L',
      in: [],
      edits: false,
      enabled: () => true,
      perform: (c) => void c.ctl.relations.selectNext(c.ctl.primary),
    },
  ];
}
