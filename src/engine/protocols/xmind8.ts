import type { KmNode } from '../model/types';
import { countSheetTitle, fromMarker, type Lost } from './lost';
import { xmind8Relations, type Ends, type RawRelation } from './relations-exchange';
import { attr, elements, firstElement, htmlText, kidsOf, ownText, parseXml, tagOf, type XmlItem } from './xml';
import { keepId, newNode, TreeBounds, zipPath, type PendingImage } from './zip-images';
import type { SummaryReader } from './xmind-summaries';
import { templateOfStructure } from './xmind-structure';

// XMind 8 (and earlier) content.xml: <xmap-content><sheet><topic> with <title>, xlink:href,
// <notes><plain>, <marker-refs><marker-ref marker-id>, <labels><label>, <xhtml:img xhtml:src>,
// and <children><topics type="attached"><topic>…; <relationships> per sheet, <summaries> and
// <boundaries> per topic. Namespace prefixes are dropped by the parser (xml.ts).

const WHAT = '.xmind';

export function decodeXmind8(
  text: string,
  lost: Lost,
  pending: PendingImage[],
  ends: Ends,
  sums: SummaryReader,
): { root: KmNode; relations: RawRelation[]; template: string } {
  const top = firstElement(parseXml(text, `${WHAT}（content.xml）`), 'xmap-content');
  const sheets = top ? elements(kidsOf(top), 'sheet') : [];
  const sheet = sheets.find((s) => firstElement(kidsOf(s), 'topic'));
  if (!sheet) throw new Error(`无法导入 ${WHAT} 文件：content.xml 里没有画布（sheet）或中心主题（topic）`);
  lost.add('sheet', sheets.length - 1);
  const rootTopic = firstElement(kidsOf(sheet), 'topic')!;
  const titleOf = (it: XmlItem) => {
    const t = firstElement(kidsOf(it), 'title');
    return t ? ownText(t) : undefined;
  };
  countSheetTitle(titleOf(sheet), titleOf(rootTopic), lost);
  const template = templateOfStructure(attr(rootTopic, 'structure-class'), lost);
  return { root: topicTree(rootTopic, lost, pending, ends, sums), relations: xmind8Relations(kidsOf(sheet)), template };
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

function topicTree(rootTopic: XmlItem, lost: Lost, pending: PendingImage[], ends: Ends, sums: SummaryReader): KmNode {
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
    // A subtopic's own structure has no place in a map (the root's is the template).
    if (level > 1 && attr(t, 'structure-class')) lost.add('structure');
    const summaries = firstElement(kids, 'summaries');
    const sumList = summaries ? elements(kidsOf(summaries), 'summary') : [];
    lost.add('boundary', count(kids, 'boundaries', 'boundary'));
    let attached: XmlItem[] = [];
    let sumTopics: XmlItem[] = [];
    const children = firstElement(kids, 'children');
    for (const group of children ? elements(kidsOf(children), 'topics') : []) {
      const topics = kidsOf(group).filter((k) => tagOf(k) === 'topic');
      const type = attr(group, 'type');
      if (type === 'attached') attached = attached.concat(topics);
      else if (type === 'detached') lost.add('detached', topics.length);
      else if (type === 'callout') lost.add('callout', topics.length);
      else if (type === 'summary') sumTopics = sumTopics.concat(topics);
    }
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
