import type { KmNodeData } from '../model/types';
import type { ImportNotice } from './notices';

// What a format cannot hold, in either direction (issue 19.4): an import counts what the file
// had that a map has no place for (relationship lines, summaries, other sheets…), an export what
// the map had that the file format has no place for (images in OPML, 知识点 marks…). Nothing is
// dropped without being counted here; the count becomes one Chinese notice for the student.

const KINDS = {
  relationship: ['关联线', '条'],
  summary: ['概要', '个'],
  boundary: ['外框', '个'],
  callout: ['标注', '个'],
  sheet: ['其他画布', '个'],
  detached: ['自由主题', '个'],
  marker: ['图标标记', '个'],
  label: ['标签', '个'],
  image: ['图片', '张'],
  note: ['备注', '条'],
  noteFormat: ['备注中的格式（加粗、颜色等）', '条'],
  sheetTitle: ['画布名称', '个'],
  details: ['详细描述', '条'],
  link: ['链接', '个'],
  linkTitle: ['链接标题', '个'],
  priority: ['优先级', '个'],
  progress: ['进度', '个'],
  study: ['知识点标记', '个'],
  now: ['正在学标记', '个'],
  style: ['文字样式', '处'],
  textFormat: ['主题文字中的格式（加粗、颜色等）', '个'],
  shape: ['节点形状', '个'],
  edgeStyle: ['连线样式', '处'],
  side: ['分支左右位置', '个'],
  hook: ['FreeMind/Freeplane 插件内容', '处'],
  mapStyle: ['Freeplane 导图样式表（MapStyle）', '个'],
  edgeColorRule: ['Freeplane 自动连线配色（AutomaticEdgeColor）', '个'],
  attribute: ['属性', '条'],
  structure: ['导图结构（已改用最接近的结构）', '处'],
  curve: ['关联线的自定义弯曲', '条'],
  control: ['XML 中不能出现的控制字符', '个'],
  unreadable: ['无法读取的主题字段', '处'],
} as const;

export type LostKind = keyof typeof KINDS;

export class Lost {
  private readonly counts = new Map<LostKind, number>();
  /** Things a file names itself (an OPML attribute `created`…): label → [count, unit], said after the kinds. */
  private readonly named = new Map<string, [number, string]>();

  /** Counts something only the file can name (e.g. `OPML 属性 created`), `unit` as in 3 处. */
  addNamed(label: string, unit: string, n = 1): void {
    const had = this.named.get(label);
    if (n > 0) this.named.set(label, [(had?.[0] ?? 0) + n, unit]);
  }

  add(kind: LostKind, n = 1): void {
    if (n > 0) this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }

  /** Takes a count back (what a later step kept after all). */
  forget(kind: LostKind): void {
    this.counts.delete(kind);
  }

  get(kind: LostKind): number {
    return this.counts.get(kind) ?? 0;
  }

  /** 以下内容未能保留：关联线 3 条、概要 1 个 — or nothing when all was kept. */
  notices(): ImportNotice[] {
    if (!this.counts.size && !this.named.size) return [];
    const parts = (Object.keys(KINDS) as LostKind[]).filter((k) => this.counts.has(k)).map((k) => `${KINDS[k][0]} ${this.counts.get(k)} ${KINDS[k][1]}`);
    for (const [label, [n, unit]] of this.named) parts.push(`${label} ${n} ${unit}`);
    return [{ code: 'lost', message: `以下内容未能保留：${parts.join('、')}` }];
  }
}

const STYLE_KEYS = ['color', 'background', 'font-family', 'font-size', 'font-weight', 'font-style'];

/**
 * Fields no exchange format here holds: the 知识点 and 正在学 marks (Xuetu's own), and text styles
 * unless the format writes them itself (`stylesHeld`: .mm, freemind-style.ts).
 */
export function countXuetuOnly(data: KmNodeData, lost: Lost, stylesHeld: boolean | readonly string[] = false): void {
  if (data.isStudy) lost.add('study');
  if (Number(data.isNow) === 1) lost.add('now');
  if (stylesHeld === true) return;
  const held = stylesHeld || [];
  if (STYLE_KEYS.some((k) => !held.includes(k) && data[k] !== undefined && data[k] !== null && data[k] !== '')) lost.add('style');
}

/** XMind holds a topic's bold and italic (fo:font-weight / fo:font-style), not kityminder's other styles. */
export const XMIND_STYLES = ['font-weight', 'font-style'] as const;

/** XMind style properties of a node's bold and italic; undefined when it has neither. */
export function xmindStyleOf(data: KmNodeData): Record<string, string> | undefined {
  const p: Record<string, string> = {};
  if (data['font-weight'] === 'bold') p['fo:font-weight'] = 'bold';
  if (data['font-style'] === 'italic') p['fo:font-style'] = 'italic';
  return Object.keys(p).length ? p : undefined;
}

/** Bold and italic of XMind style properties into a node; true when other properties were left. */
export function xmindStyleInto(props: Record<string, unknown>, data: KmNodeData): boolean {
  let other = false;
  for (const [k, v] of Object.entries(props)) {
    if (k === 'fo:font-weight' && (v === 'bold' || v === '700' || v === 700)) data['font-weight'] = 'bold';
    else if (k === 'fo:font-style' && v === 'italic') data['font-style'] = 'italic';
    else if (!(k === 'fo:font-weight' || k === 'fo:font-style') || (v !== 'normal' && v !== '400')) other = true;
  }
  return other;
}

/** A sheet's own name (a map has none): counted unless it is the root's title (what our export writes) or XMind's default (画布 1, Sheet 1). */
export function countSheetTitle(title: string | undefined, rootTitle: string | undefined, lost: Lost): void {
  if (title && title.trim() && title !== rootTitle && !/^(画布|Sheet|工作表|シート)\s*\d+$/i.test(title.trim())) lost.add('sheetTitle');
}

/** Tags of a rich note that only make paragraphs (anything else is formatting a plain note loses). */
const PLAIN_TAGS = /^(p|br|div|span|html|body)$/i;

/** Whether a note's HTML (XMind 2020 realHTML) carries formatting beyond paragraphs and line breaks. */
export function htmlHasFormatting(html: string): boolean {
  for (const m of html.matchAll(/<([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    const tag = m[1].replace(/^.*:/, '');
    if (!PLAIN_TAGS.test(tag) || /\sstyle\s*=/.test(m[2])) return true;
  }
  return false;
}

/** A kityminder 1–9 value (number or numeric string), or null. */
export function level9(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 9 ? n : null;
}

/**
 * XMind's markers for kityminder's priority (1–9) and progress (1 = not started … 9 = done, in
 * eighths: the same nine steps as XMind's task markers).
 */
export const TASK_MARKERS = ['task-start', 'task-oct', 'task-quarter', 'task-3oct', 'task-half', 'task-5oct', 'task-3quar', 'task-7oct', 'task-done'];

/** Priority or progress of an XMind marker id, or null for any other marker. */
export function fromMarker(id: string): { key: 'priority' | 'progress'; value: number } | null {
  const p = /^priority-([1-9])$/.exec(id);
  if (p) return { key: 'priority', value: Number(p[1]) };
  const t = TASK_MARKERS.indexOf(id);
  return t >= 0 ? { key: 'progress', value: t + 1 } : null;
}

/** XMind marker ids of a node's priority and progress. */
export function toMarkers(data: KmNodeData): string[] {
  const out: string[] = [];
  const p = level9(data.priority);
  if (p) out.push(`priority-${p}`);
  const g = level9(data.progress);
  if (g) out.push(TASK_MARKERS[g - 1]);
  return out;
}
