import type { KmDocument, KmNode } from '../model/types';
import { countXuetuOnly, Lost } from './lost';
import { forestNotice, wrapForest, type ImportNotice } from './notices';
import { attr, buildXml, el, elements, firstElement, kidsOf, ownText, parseXml, textItem, xmlText, type XmlItem } from './xml';
import { newNode, TreeBounds } from './zip-images';

// OPML 2.0 (.opml): <opml><head><title/></head><body><outline text="…"> nested outlines. The note
// is the `_note` attribute (OmniOutliner, WorkFlowy, Dynalist); a link is type="link" url="…"
// (OPML 2.0). Feed lists (type="rss"): the feed's `xmlUrl` is the link (it is what a subscription
// list is about) and the site's `htmlUrl` a line 网站：… of the note (after `_note`); a `url`
// beside them wins the link and the feed becomes 订阅源：…. Every other attribute (created,
// isComment, _complete, description…, a feed's type="rss"), and what the <head> holds but the
// <title> naming a forest's root, are named in 未能保留 with their count. Several top-level
// outlines go under a root named after the <title> or the file, as outline text does.

const WHAT = '.opml';

export function decodeOpml(text: string, name?: string): { root: KmNode; lost: Lost; notices: ImportNotice[] } {
  const opml = firstElement(parseXml(text, WHAT), 'opml');
  const body = opml ? firstElement(kidsOf(opml), 'body') : undefined;
  if (!opml || !body) throw new Error(`无法导入 ${WHAT} 文件：文件里没有 <opml> 下的 <body>，不是 OPML 大纲`);
  const tops = elements(kidsOf(body), 'outline');
  if (!tops.length) throw new Error(`无法导入 ${WHAT} 文件：大纲为空（<body> 里没有 <outline>）`);
  const head = firstElement(kidsOf(opml), 'head');
  const title = head ? firstElement(kidsOf(head), 'title') : undefined;
  const lost = new Lost();
  const bounds = new TreeBounds(WHAT);
  const made = tops.map(() => newNode(''));
  const forest = made.length > 1;
  const stack: Array<[XmlItem, KmNode, number]> = tops.map((t, i) => [t, made[i], forest ? 2 : 1]);
  stack.reverse();
  while (stack.length) {
    const [x, node, level] = stack.pop()!;
    bounds.node(level);
    const d = node.data;
    readOutline(x, d, lost);
    const kids = elements(kidsOf(x), 'outline');
    node.children = kids.map(() => newNode(''));
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], node.children[i], level + 1]);
  }
  const titleText = title ? ownText(title).trim() : '';
  // the head holds the file's metadata: its title names a forest's new root; nothing else of it has a place in a map
  for (const h of head ? kidsOf(head) : []) {
    const tag = Object.keys(h).find((k) => k !== ':@' && k !== '#text');
    if (!tag || (tag === 'title' && (forest || !titleText || titleText === made[0].data.text?.trim()))) continue;
    lost.addNamed(tag === 'title' ? 'OPML 文件标题' : `OPML 头部 ${tag}`, tag === 'title' ? '个' : '处');
  }
  if (!forest) return { root: made[0], lost, notices: [] };
  const root = wrapForest(made, titleText || name);
  return { root, lost, notices: [forestNotice(made.length, root)] };
}

/** Attributes an outline's node holds (`type` only as a link; `title` when there is no `text`). */
const KEPT = new Set(['text', '_note', 'url', 'htmlUrl', 'xmlUrl']);

function readOutline(x: XmlItem, d: KmNode['data'], lost: Lost): void {
  const text = attr(x, 'text');
  d.text = text ?? attr(x, 'title') ?? '';
  const url = attr(x, 'url') || undefined;
  const xmlUrl = attr(x, 'xmlUrl') || undefined;
  const htmlUrl = attr(x, 'htmlUrl') || undefined;
  const link = url ?? xmlUrl ?? htmlUrl;
  if (link) d.hyperlink = link;
  const lines = [attr(x, '_note') ?? ''];
  if (xmlUrl && xmlUrl !== link) lines.push(`订阅源：${xmlUrl}`);
  if (htmlUrl && htmlUrl !== link) lines.push(`网站：${htmlUrl}`);
  const note = lines.filter(Boolean).join('\n');
  if (note) d.note = note;
  const a = (x[':@'] ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(a)) {
    if (KEPT.has(k) || (k === 'title' && text === undefined) || (k === 'title' && a.title === text)) continue;
    // a link's type is how its url is kept; a feed's (rss) is not: its xmlUrl becomes a plain link
    if (k === 'type' && a.type === 'link') continue;
    lost.addNamed(k === 'type' ? `OPML 属性 type="${String(a.type)}"` : `OPML 属性 ${k}`, '处');
  }
}

export function encodeOpml(doc: KmDocument): { data: string; lost: Lost } {
  const lost = new Lost();
  const outlineOf = (n: KmNode): XmlItem => {
    const d = n.data;
    const attrs: Record<string, string> = { text: xmlText(d.text ?? '', lost) };
    if (typeof d.note === 'string' && d.note) attrs._note = xmlText(d.note, lost);
    if (typeof d.hyperlink === 'string' && d.hyperlink) {
      attrs.type = 'link';
      attrs.url = xmlText(d.hyperlink, lost);
    }
    if (d.hyperlinkTitle) lost.add('linkTitle');
    if (d.image) lost.add('image');
    if (d.priority != null && d.priority !== '') lost.add('priority');
    if (d.progress != null && d.progress !== '') lost.add('progress');
    if (Array.isArray(d.resource) && d.resource.length) lost.add('label', d.resource.length);
    countXuetuOnly(d, lost);
    return el('outline', attrs, []);
  };
  const top = outlineOf(doc.root);
  const stack: Array<[KmNode, XmlItem]> = [[doc.root, top]];
  while (stack.length) {
    const [n, x] = stack.pop()!;
    const cs = n.children ?? [];
    const made = cs.map(outlineOf);
    kidsOf(x).push(...made);
    for (let i = cs.length - 1; i >= 0; i--) stack.push([cs[i], made[i]]);
  }
  // (the root's title again: its characters were counted once already)
  const head = el('head', null, [el('title', null, [textItem(xmlText(doc.root.data.text ?? '', new Lost()))])]);
  return { data: buildXml([el('opml', { version: '2.0' }, [head, el('body', null, [top])])]), lost };
}
