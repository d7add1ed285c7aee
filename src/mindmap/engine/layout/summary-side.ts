import type { MindDoc, NodeRec } from '../model/doc';
import { K, kindFor } from './kinds';
import type { LayoutArrays } from './pack';

// Which outer side of a run of children a summary (概要) is drawn on (summary-space.ts places it
// there), and why it cannot be drawn when the run has none. Apart from the placement because
// commands ask it too: add-summary refuses a summary that would not be drawn, with these messages.

export type SummarySide = 'right' | 'left' | 'bottom' | 'top';

/**
 * The outer side of children [from..to] of a parent of kind `kind` with `count` children, or null
 * when the run has none (then the summary is kept but not drawn). The mind template's root puts its
 * first ceil(count / 2) children right and the rest left (pack.ts): a run must lie on one side.
 */
export function sideFor(kind: number, from: number, to: number, count: number): SummarySide | null {
  switch (kind) {
    case K.RIGHT:
    case K.FT_DOWN:
    case K.FT_UP:
    case K.FB_UP:
    case K.FB_DOWN:
      return 'right';
    case K.LEFT:
      return 'left';
    case K.BOTTOM:
      return 'bottom';
    case K.TOP:
      return 'top';
    case K.MIND: {
      const half = Math.ceil(count / 2);
      if (from < half && to >= half) return null;
      return from < half ? 'right' : 'left';
    }
    default:
      return null;
  }
}

export function sideOf(a: LayoutArrays, parent: NodeRec, from: number, to: number): SummarySide | null {
  return sideFor(a.kind[parent.slot], from, to, parent.children.length);
}

/** The kind the layout gives `n` (as LayoutEngine.prepare does), from the root down: O(depth). */
export function kindOf(doc: Pick<MindDoc, 'template'>, n: NodeRec): number {
  const path: NodeRec[] = [];
  for (let x: NodeRec | null = n; x; x = x.parent) path.push(x);
  let kind = 0;
  for (let i = path.length - 1, depth = 0; i >= 0; i--, depth++) {
    const x = path[i];
    const p = x.parent;
    kind = kindFor(doc.template, x.data.layout, kind, depth, p ? p.children.indexOf(x) : 0, p ? p.children.length : 1);
  }
  return kind;
}

export const SUMMARY_CROSS_ERROR = '概要不能跨越中心主题的左右两侧：请只选择同一侧的主题';
export const SUMMARY_SPINE_ERROR = '鱼骨图主干上的主题不能添加概要（无处绘制）';
export const SUMMARY_TIANPAN_ERROR = '天盘图的主题不能添加概要（无处绘制）';

/** Why a summary over children [from..to] of `parent` could not be drawn now, or null when it can. */
export function undrawableReason(doc: Pick<MindDoc, 'template'>, parent: NodeRec, from: number, to: number): string | null {
  const kind = kindOf(doc, parent);
  if (sideFor(kind, from, to, parent.children.length)) return null;
  if (kind === K.MIND) return SUMMARY_CROSS_ERROR;
  if (kind === K.FB_MASTER) return SUMMARY_SPINE_ERROR;
  return SUMMARY_TIANPAN_ERROR;
}
