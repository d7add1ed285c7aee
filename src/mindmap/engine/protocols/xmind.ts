import { strFromU8 } from 'fflate';
import type { KmNode } from '../model/types';
import { describeJsonError } from './json-error';
import { countSheetTitle, fromMarker, htmlHasFormatting, Lost, xmindStyleInto } from './lost';
import { stripBom } from './notices';
import type { Relationship, Summary } from '../model/items';
import { SummaryReader } from './xmind-summaries';
import { relationsIn, xmindJsonRelations, type Ends } from './relations-exchange';
import { decodeXmind8, xmind8Sheets } from './xmind8';
import { noSheet, sheetTitle, type XmindSheet } from './xmind-sheets';

export type { XmindSheet } from './xmind-sheets';
import { templateOfStructure } from './xmind-structure';
import { attachImages, keepId, MAX_CONTENT_BYTES, newNode, readZip, TreeBounds, zipPath, type PendingImage } from './zip-images';

// XMind (.xmind) import. A zip holding content.json (XMind 2020+/Zen: an array of sheets, each
// with a rootTopic whose children.attached are its subtopics) or, from XMind 8 and earlier,
// content.xml (xmind8.ts). Newer files carry both (the XML only says to upgrade): JSON first.
// One sheet becomes the map (the first unless `sheet` says which: xmindSheets lists them, with
// their titles and topic counts); what a map cannot hold is counted (lost.ts), never dropped
// silently: other sheets, relationships, summaries, boundaries, other markers. Floating
// (detached) topics are kept with their subtrees, as the last branches of the topic they float
// by (the root in practice), and said (`detached`).

export const XMIND = '.xmind';
const fail = (why: string) => new Error(`无法导入 ${XMIND} 文件：${why}`);

export interface DecodedMap {
  root: KmNode;
  lost: Lost;
  /** Relationship lines between nodes of the map (relations-exchange.ts). */
  relationships?: Relationship[];
  /** Summaries (概要) the file had, over the decoded nodes' ids. */
  summaries?: Summary[];
  /** Our template for the sheet's structure (xmind-structure.ts). */
  template?: string;
  /** Floating topics kept as branches (their own count, without their subtopics). */
  detached: number;
}

function contentOf(bytes: Uint8Array): { json?: string; xml?: string; styles?: string } {
  const { files, tooBig } = readZip(bytes, (n) => n === 'content.json' || n === 'content.xml' || n === 'styles.xml', MAX_CONTENT_BYTES);
  if (tooBig.length) throw fail(`${tooBig[0]} 超过 ${MAX_CONTENT_BYTES / 1024 / 1024} MB，导图过大`);
  if (files['content.json']) return { json: strFromU8(files['content.json']) };
  // XMind 8 keeps a topic's style (bold, italic…) in styles.xml, by the topic's style-id
  if (files['content.xml']) return { xml: strFromU8(files['content.xml']), styles: files['styles.xml'] && strFromU8(files['styles.xml']) };
  throw fail('压缩包里没有 content.json 或 content.xml，不是 XMind 导图');
}

/** The sheets of a workbook, in file order (those with a root topic: what `decodeXmind`'s `sheet` indexes). */
export function xmindSheets(bytes: Uint8Array): XmindSheet[] {
  const c = contentOf(bytes);
  if (c.xml !== undefined) return xmind8Sheets(c.xml);
  return jsonSheets(c.json!).map((s, i) => {
    const root = s.rootTopic as Obj;
    let topics = 0;
    const stack: Obj[] = [root];
    while (stack.length) {
      const t = stack.pop()!;
      topics++;
      const kids = isObj(t.children) ? t.children : {};
      for (const k of [...arr(kids.attached), ...arr(kids.detached)]) if (isObj(k)) stack.push(k);
    }
    return { title: sheetTitle(str(s.title), str(root.title), i), topics };
  });
}

/**
 * `sheet`: which sheet (0-based, in `xmindSheets` order); beyond the last one is refused.
 * `others`: say the other sheets were not kept (not when every sheet becomes a map).
 */
export function decodeXmind(bytes: Uint8Array, sheet = 0, others = true): DecodedMap {
  const c = contentOf(bytes);
  const lost = new Lost();
  const pending: PendingImage[] = [];
  const ends: Ends = new Map();
  const sums = new SummaryReader();
  const found = { detached: 0 };
  const r =
    c.json !== undefined
      ? decodeContentJson(c.json, sheet, lost, pending, ends, sums, found)
      : decodeXmind8(c.xml!, sheet, lost, pending, ends, sums, found, c.styles);
  if (!others) lost.forget('sheet');
  const relationships = relationsIn(r.relations, ends, lost);
  attachImages(bytes, pending, lost);
  return { root: r.root, lost, relationships, summaries: sums.finish(lost), template: r.template, detached: found.detached };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function jsonSheets(text: string): Obj[] {
  let sheets: unknown;
  const json = stripBom(text);
  try {
    sheets = JSON.parse(json);
  } catch {
    const e = describeJsonError(json);
    throw fail(e ? `content.json 第 ${e.line} 行第 ${e.column} 列：${e.what}（不是有效的 JSON）` : 'content.json 不是有效的 JSON');
  }
  const list = arr(sheets).filter((s): s is Obj => isObj(s) && isObj(s.rootTopic));
  if (!list.length) throw fail('content.json 里没有画布（sheet）或中心主题（rootTopic）');
  return list;
}

type Found = { detached: number };

function decodeContentJson(text: string, index: number, lost: Lost, pending: PendingImage[], ends: Ends, sums: SummaryReader, found: Found) {
  const list = jsonSheets(text);
  const sheet = list[index];
  if (!sheet) throw noSheet(index, list.length);
  lost.add('sheet', list.length - 1);
  countSheetTitle(str(sheet.title), str((sheet.rootTopic as Obj).title), lost);
  const rootTopic = sheet.rootTopic as Obj;
  const template = templateOfStructure(str(rootTopic.structureClass), lost);
  return { root: topicTree(rootTopic, lost, pending, ends, sums, found), relations: xmindJsonRelations(sheet.relationships), template };
}

/** Iterative: the nesting is the file's, possibly hostile. */
function topicTree(rootTopic: Obj, lost: Lost, pending: PendingImage[], ends: Ends, sums: SummaryReader, found: Found): KmNode {
  const bounds = new TreeBounds(XMIND);
  const root = newNode('');
  const used = new Set<string>();
  const stack: Array<[Obj, KmNode, number]> = [[rootTopic, root, 1]];
  while (stack.length) {
    const [t, node, level] = stack.pop()!;
    bounds.node(level);
    keepId(node, t.id, used);
    const d = node.data;
    if (str(t.id)) ends.set(str(t.id)!, d);
    d.text = str(t.title) ?? '';
    const note = isObj(t.notes) && isObj(t.notes.plain) ? str(t.notes.plain.content) : undefined;
    if (note) d.note = note;
    // The plain text is kept; bold, colours and the like of the rich note are not (said).
    const rich = isObj(t.notes) && isObj(t.notes.realHTML) ? str(t.notes.realHTML.content) : undefined;
    if (note && rich && htmlHasFormatting(rich)) lost.add('noteFormat');
    const href = str(t.href);
    if (href) d.hyperlink = href;
    for (const m of arr(t.markers)) {
      const id = isObj(m) ? str(m.markerId) : undefined;
      const v = id ? fromMarker(id) : null;
      if (v && d[v.key] == null) d[v.key] = v.value;
      else lost.add('marker');
    }
    const labels = arr(t.labels).filter((l): l is string => typeof l === 'string' && l !== '');
    if (labels.length) d.resource = labels;
    if (isObj(t.image) && str(t.image.src)) {
      const path = zipPath(str(t.image.src)!);
      if (path) pending.push({ data: d, path, width: Number(t.image.width) || undefined, height: Number(t.image.height) || undefined });
      else lost.add('image');
    }
    if (t.branch === 'folded') d.expandState = 'collapse';
    // A subtopic's own structure has no place in a map (the root's is the template).
    if (level > 1 && str(t.structureClass)) lost.add('structure');
    // Bold and italic are kept; any other style property (colours, fonts, shapes) is counted.
    if (isObj(t.style) && isObj(t.style.properties) && xmindStyleInto(t.style.properties, d)) lost.add('style');
    const kids = isObj(t.children) ? t.children : {};
    lost.add('callout', arr(kids.callout).length);
    // Summaries are kept (xmind-summaries.ts): the text is their topic's title, by topicId.
    const sumTopics = arr(kids.summary).filter(isObj);
    for (const s of arr(t.summaries).filter(isObj)) {
      const topic = sumTopics.find((x) => x.id === s.topicId);
      sums.add(node, s.range, str(topic?.title) ?? '');
    }
    lost.add('boundary', arr(t.boundaries).length);
    const detached = arr(kids.detached).filter(isObj);
    found.detached += detached.length;
    const attached = arr(kids.attached).filter(isObj).concat(detached);
    node.children = attached.map(() => newNode(''));
    for (let i = attached.length - 1; i >= 0; i--) stack.push([attached[i], node.children[i], level + 1]);
  }
  return root;
}
