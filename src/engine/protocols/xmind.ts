import { strFromU8 } from 'fflate';
import type { KmNode } from '../model/types';
import { describeJsonError } from './json-error';
import { countSheetTitle, fromMarker, htmlHasFormatting, Lost } from './lost';
import { stripBom } from './notices';
import type { Relationship, Summary } from '../model/items';
import { SummaryReader } from './xmind-summaries';
import { relationsIn, xmindJsonRelations, type Ends } from './relations-exchange';
import { decodeXmind8 } from './xmind8';
import { templateOfStructure } from './xmind-structure';
import { attachImages, keepId, MAX_CONTENT_BYTES, newNode, readZip, TreeBounds, zipPath, type PendingImage } from './zip-images';

// XMind (.xmind) import. A zip holding content.json (XMind 2020+/Zen: an array of sheets, each
// with a rootTopic whose children.attached are its subtopics) or, from XMind 8 and earlier,
// content.xml (xmind8.ts). Newer files carry both (the XML only says to upgrade): JSON first.
// The first sheet becomes the map; what a map cannot hold is counted (lost.ts), never dropped
// silently: other sheets, relationships, summaries, boundaries, floating topics, other markers.

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
}

export function decodeXmind(bytes: Uint8Array): DecodedMap {
  const { files, tooBig } = readZip(bytes, (n) => n === 'content.json' || n === 'content.xml', MAX_CONTENT_BYTES);
  if (tooBig.length) throw fail(`${tooBig[0]} 超过 ${MAX_CONTENT_BYTES / 1024 / 1024} MB，导图过大`);
  const lost = new Lost();
  const pending: PendingImage[] = [];
  const ends: Ends = new Map();
  const sums = new SummaryReader();
  let r: { root: KmNode; relations: ReturnType<typeof xmindJsonRelations>; template: string };
  if (files['content.json']) r = decodeContentJson(strFromU8(files['content.json']), lost, pending, ends, sums);
  else if (files['content.xml']) r = decodeXmind8(strFromU8(files['content.xml']), lost, pending, ends, sums);
  else throw fail('压缩包里没有 content.json 或 content.xml，不是 XMind 导图');
  const relationships = relationsIn(r.relations, ends, lost);
  attachImages(bytes, pending, lost);
  return { root: r.root, lost, relationships, summaries: sums.finish(lost), template: r.template };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function decodeContentJson(text: string, lost: Lost, pending: PendingImage[], ends: Ends, sums: SummaryReader) {
  let sheets: unknown;
  const json = stripBom(text);
  try {
    sheets = JSON.parse(json);
  } catch {
    const e = describeJsonError(json);
    throw fail(e ? `content.json 第 ${e.line} 行第 ${e.column} 列：${e.what}（不是有效的 JSON）` : 'content.json 不是有效的 JSON');
  }
  const list = arr(sheets).filter(isObj);
  const sheet = list.find((s) => isObj(s.rootTopic));
  if (!sheet) throw fail('content.json 里没有画布（sheet）或中心主题（rootTopic）');
  lost.add('sheet', list.length - 1);
  countSheetTitle(str(sheet.title), str((sheet.rootTopic as Obj).title), lost);
  const rootTopic = sheet.rootTopic as Obj;
  const template = templateOfStructure(str(rootTopic.structureClass), lost);
  return { root: topicTree(rootTopic, lost, pending, ends, sums), relations: xmindJsonRelations(sheet.relationships), template };
}

/** Iterative: the nesting is the file's, possibly hostile. */
function topicTree(rootTopic: Obj, lost: Lost, pending: PendingImage[], ends: Ends, sums: SummaryReader): KmNode {
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
    if (isObj(t.style) && isObj(t.style.properties) && Object.keys(t.style.properties).length) lost.add('style');
    const kids = isObj(t.children) ? t.children : {};
    lost.add('detached', arr(kids.detached).length);
    lost.add('callout', arr(kids.callout).length);
    // Summaries are kept (xmind-summaries.ts): the text is their topic's title, by topicId.
    const sumTopics = arr(kids.summary).filter(isObj);
    for (const s of arr(t.summaries).filter(isObj)) {
      const topic = sumTopics.find((x) => x.id === s.topicId);
      sums.add(node, s.range, str(topic?.title) ?? '');
    }
    lost.add('boundary', arr(t.boundaries).length);
    const attached = arr(kids.attached).filter(isObj);
    node.children = attached.map(() => newNode(''));
    for (let i = attached.length - 1; i >= 0; i--) stack.push([attached[i], node.children[i], level + 1]);
  }
  return root;
}
