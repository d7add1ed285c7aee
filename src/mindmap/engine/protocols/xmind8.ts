import type { KmNode } from '../model/types';
import { countSheetTitle, fromMarker, xmindStyleInto, type Lost } from './lost';
import { xmind8Relations, type Ends, type RawRelation } from './relations-exchange';
import { attr, elements, firstElement, htmlText, kidsOf, ownText, parseXml, tagOf, type XmlItem } from './xml';
import { keepId, newNode, TreeBounds, zipPath, type PendingImage } from './zip-images';
import type { SummaryReader } from './xmind-summaries';
import { templateOfStructure } from './xmind-structure';
import { noSheet, sheetTitle, type XmindSheet } from './xmind-sheets';

// XMind 8 (and earlier) content.xml: <xmap-content><sheet><topic> with <title>, xlink:href,
// <notes><plain>, <marker-refs><marker-ref marker-id>, <labels><label>, <xhtml:img xhtml:src>,
// and <children><topics type="attached"><topic>…; <relationships> per sheet, <summaries> and
// <boundaries> per topic; floating topics (`topics type="detached"`) become the last branches.
// Namespace prefixes are dropped by the parser (xml.ts).

const WHAT = '.xmind';

/** The sheets with a root topic, in file order (what `index` counts). */
function sheetsOf(text: string): XmlItem[] {
  const top = firstElement(parseXml(text, `${WHAT}（content.xml）`), 'xmap-content');
  const sheets = top ? elements(kidsOf(top), 'sheet').filter((s) => firstElement(kidsOf(s), 'topic')) : [];
  if (!sheets.length) throw new Error(`无法导入 ${WHAT} 文件：content.xml 里没有画布（sheet）或中心主题（topic）`);
  return sheets;
}

const titleOf = (it: XmlItem) => {
  const t = firstElement(kidsOf(it), 'title');
  return t ? ownText(t) : undefined;
};

/** The subtopics a map keeps: attached ones, then floating (detached) ones. */
function branchesOf(kids: XmlItem[]): { attached: XmlItem[]; detached: XmlItem[] } {
  const out = { attached: [] as XmlItem[], detached: [] as XmlItem[] };
  const children = firstElement(kids, 'children');
  for (const group of children ? elements(kidsOf(children), 'topics') : []) {
    const type = attr(group, 'type');
    if (type === 'attached' || type === 'detached') out[type].push(...kidsOf(group).filter((k) => tagOf(k) === 'topic'));
  }
  return out;
}

export function xmind8Sheets(text: string): XmindSheet[] {
  return sheetsOf(text).map((s, i) => {
    const root = firstElement(kidsOf(s), 'topic')!;
    let topics = 0;
    const stack = [root];
    while (stack.length) {
      topics++;
      const b = branchesOf(kidsOf(stack.pop()!));
      stack.push(...b.attached, ...b.detached);
    }
    return { title: sheetTitle(titleOf(s), titleOf(root), i), topics };
  });
}

export function decodeXmind8(
  text: string,
  index: number,
  lost: Lost,
  pending: PendingImage[],
  ends: Ends,
  sums: SummaryReader,
  found: { detached: number },
  stylesXml?: string,
): { root: KmNode; relations: RawRelation[]; template: string } {
  const sheets = sheetsOf(text);
  const styles = topicStyles(stylesXml);
  const sheet = sheets[index];
  if (!sheet) throw noSheet(index, sheets.length);
  lost.add('sheet', sheets.length - 1);
  const rootTopic = firstElement(kidsOf(sheet), 'topic')!;
  countSheetTitle(titleOf(sheet), titleOf(rootTopic), lost);
  const template = templateOfStructure(attr(rootTopic, 'structure-class'), lost);
  return { root: topicTree(rootTopic, lost, pending, ends, sums, found, styles), relations: xmind8Relations(kidsOf(sheet)), template };
}

/** styles.xml: style id → its topic properties, named as XMind 2020 names them (fo:font-weight…). */
function topicStyles(xml: string | undefined): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  if (!xml) return out;
  const top = firstElement(parseXml(xml, `${WHAT}（styles.xml）`), 'xmap-styles');
  const groups = top ? kidsOf(top).filter((k) => /^(styles|automatic-styles)$/.test(tagOf(k) ?? '')) : [];
  for (const style of groups.flatMap((g) => elements(kidsOf(g), 'style'))) {
    const id = attr(style, 'id');
    const props = firstElement(kidsOf(style), 'topic-properties');
    const a = props?.[':@'] as Record<string, unknown> | undefined;
    if (!id || !a) continue;
    const named: Record<string, string> = {};
    for (const [k, v] of Object.entries(a)) if (typeof v === 'string') named[k === 'font-weight' || k === 'font-style' ? `fo:${k}` : k] = v;
    out.set(id, named);
  }
  return out;
}

/** Whether a rich note's elements carry formatting beyond paragraphs and line breaks (tags, or a style). */
function xmlHasFormatting(items: XmlItem[]): boolean {
  const stack = [...items];
  while (stack.length) {
    const it = stack.pop()!;
    const tag = tagOf(it);
    if (!tag || tag.startsWith('#')) continue; // text
    // XMind 8 formats a run as <xhtml:span style-id=…> (styles.xml); a bare span is only a run
    if (!/^(p|br|div|span)$/i.test(tag) || attr(it, 'style') || attr(it, 'style-id')) return true;
    stack.push(...kidsOf(it));
  }
  return false;
}

function count(kids: XmlItem[], group: string, item: string): number {
  const g = firstElement(kids, group);
  return g ? elements(kidsOf(g), item).length : 0;
}

function topicTree(
  rootTopic: XmlItem,
  lost: Lost,
  pending: PendingImage[],
  ends: Ends,
  sums: SummaryReader,
  found: { detached: number },
  styles: Map<string, Record<string, string>>,
): KmNode {
  const bounds = new TreeBounds(WHAT);
  const root = newNode('');
  const used = new Set<string>();
  const stack: Array<[XmlItem, KmNode, number]> = [[rootTopic, root, 1]];
  while (stack.length) {
    const [t, node, level] = stack.pop()!;
    bounds.node(level);
    const d = node.data;
    const tid = attr(t, 'id');
    keepId(node, tid, used);
    if (tid) ends.set(tid, d);
    const kids = kidsOf(t);
    const title = firstElement(kids, 'title');
    d.text = title ? ownText(title) : '';
    const href = attr(t, 'href');
    if (href) d.hyperlink = href;
    const notes = firstElement(kids, 'notes');
    if (notes) {
      const plain = firstElement(kidsOf(notes), 'plain');
      const html = firstElement(kidsOf(notes), 'html');
      const note = plain ? ownText(plain) : html ? htmlText(kidsOf(html)) : '';
      if (note) d.note = note;
      // The plain text is kept; bold, colours and the like of the rich note are not (said).
      if (note && html && xmlHasFormatting(kidsOf(html))) lost.add('noteFormat');
    }
    const refs = firstElement(kids, 'marker-refs');
    for (const m of refs ? elements(kidsOf(refs), 'marker-ref') : []) {
      const v = fromMarker(attr(m, 'marker-id') ?? '');
      if (v && d[v.key] == null) d[v.key] = v.value;
      else lost.add('marker');
    }
    const labels = firstElement(kids, 'labels');
    const names = labels ? elements(kidsOf(labels), 'label').map(ownText).filter(Boolean) : [];
    if (names.length) d.resource = names;
    const img = firstElement(kids, 'img');
    if (img) {
      const path = zipPath(attr(img, 'src') ?? '');
      if (path) pending.push({ data: d, path, width: Number(attr(img, 'width')) || undefined, height: Number(attr(img, 'height')) || undefined });
      else lost.add('image');
    }
    if (attr(t, 'branch') === 'folded') d.expandState = 'collapse';
    // Bold and italic of the topic's style are kept; its other properties are counted.
    const style = styles.get(attr(t, 'style-id') ?? '');
    if (style && xmindStyleInto(style, d)) lost.add('style');
    // A subtopic's own structure has no place in a map (the root's is the template).
    if (level > 1 && attr(t, 'structure-class')) lost.add('structure');
    const summaries = firstElement(kids, 'summaries');
    const sumList = summaries ? elements(kidsOf(summaries), 'summary') : [];
    lost.add('boundary', count(kids, 'boundaries', 'boundary'));
    let sumTopics: XmlItem[] = [];
    const children = firstElement(kids, 'children');
    for (const group of children ? elements(kidsOf(children), 'topics') : []) {
      const topics = kidsOf(group).filter((k) => tagOf(k) === 'topic');
      const type = attr(group, 'type');
      if (type === 'callout') lost.add('callout', topics.length);
      else if (type === 'summary') sumTopics = sumTopics.concat(topics);
    }
    const b = branchesOf(kids);
    found.detached += b.detached.length;
    const attached = b.attached.concat(b.detached);
    // Kept (xmind-summaries.ts): the text is the title of the summary's topic, by topic-id.
    for (const s of sumList) {
      const topic = sumTopics.find((x) => attr(x, 'id') === attr(s, 'topic-id'));
      const title = topic ? firstElement(kidsOf(topic), 'title') : undefined;
      sums.add(node, attr(s, 'range'), title ? ownText(title) : '');
    }
    node.children = attached.map(() => newNode(''));
    for (let i = attached.length - 1; i >= 0; i--) stack.push([attached[i], node.children[i], level + 1]);
  }
  return root;
}
