import type { KmDocument, KmNode } from '../model/types';
import type { Relationship } from '../model/items';
import { countXuetuOnly, level9, Lost } from './lost';
import { liveRelations, relationsIn, type Ends, type RawRelation } from './relations-exchange';
import { countSides, readMmStyle, richHasFormatting, writeMmStyle } from './freemind-style';
import { attr, buildXml, el, elements, firstElement, htmlText, kidsOf, parseXml, tagOf, textItem, xmlText, type XmlItem } from './xml';
import { keepId, newNode, TreeBounds } from './zip-images';

// FreeMind / Freeplane (.mm): <map><node TEXT LINK FOLDED> nested nodes. A node's title is its
// TEXT, or rich HTML in <richcontent TYPE="NODE">; its note is <richcontent TYPE="NOTE"> (HTML,
// read as plain text, a line per paragraph; formatting counted); text styles and what a map has
// no place for around them are freemind-style.ts; priority is FreeMind's full-1…full-9 icon, progress
// Freeplane's 0%/25%/50%/75%/100% icons. Arrow links (关联线), clouds, attributes, details and
// other icons have no place in a map: counted. Arrow links are relationship lines
// (relations-exchange.ts); their label is Freeplane's MIDDLE_LABEL.

const WHAT = '.mm';
/** Freeplane's progress icons and the kityminder progress (1–9, in eighths) each stands for. */
const PROGRESS_ICONS: Record<string, number> = { '0%': 1, '25%': 3, '50%': 5, '75%': 7, '100%': 9 };

export function decodeFreeMind(text: string): { root: KmNode; lost: Lost; relationships: Relationship[] } {
  const map = firstElement(parseXml(text, WHAT), 'map');
  const top = map ? firstElement(kidsOf(map), 'node') : undefined;
  if (!top) throw new Error(`无法导入 ${WHAT} 文件：文件里没有 <map> 下的 <node>，不是 FreeMind 导图`);
  const lost = new Lost();
  const bounds = new TreeBounds(WHAT);
  const root = newNode('');
  const ends: Ends = new Map();
  const raw: RawRelation[] = [];
  const stack: Array<[XmlItem, KmNode, number]> = [[top, root, 1]];
  // Node ids come back from the IDs we write (ID_<node id>, mmIds()): the first node to claim one
  // keeps it, so a re-import keeps topic identity (study marks, relationship ends); others get fresh ones.
  const used = new Set<string>();
  while (stack.length) {
    const [x, node, level] = stack.pop()!;
    bounds.node(level);
    const fileId = attr(x, 'ID');
    if (fileId) keepId(node, fileId.startsWith('ID_') ? fileId.slice(3) : fileId, used);
    if (node.data.id) node.data = { id: node.data.id, text: '' }; // the id first, as restore orders it
    const d = node.data;
    const kids = kidsOf(x);
    let text = attr(x, 'TEXT');
    for (const rc of elements(kids, 'richcontent')) {
      const type = (attr(rc, 'TYPE') ?? '').toUpperCase();
      const body = htmlText(kidsOf(rc));
      // Rich text and notes are kept as plain text; their bold, colours and the like are said.
      if (type === 'NODE' && text === undefined) {
        text = body;
        if (richHasFormatting(kidsOf(rc))) lost.add('textFormat');
      } else if (type === 'NOTE' && body) {
        d.note = body;
        if (richHasFormatting(kidsOf(rc))) lost.add('noteFormat');
      } else if (type === 'DETAILS' && body) lost.add('details');
    }
    d.text = text ?? '';
    const link = attr(x, 'LINK');
    if (link) d.hyperlink = link;
    if (attr(x, 'FOLDED') === 'true') d.expandState = 'collapse';
    readMmStyle(x, kids, d, lost);
    for (const icon of elements(kids, 'icon')) {
      const name = attr(icon, 'BUILTIN') ?? '';
      const p = /^full-([1-9])$/.exec(name);
      if (p && d.priority == null) d.priority = Number(p[1]);
      else if (name in PROGRESS_ICONS && d.progress == null) d.progress = PROGRESS_ICONS[name];
      else lost.add('marker');
    }
    const own = fileId ?? `\u0000${ends.size}`;
    ends.set(own, d);
    // Inclinations start from a side of the node's box, ours from its centre: the line is kept
    // with the automatic curve, and a curve the file had is said (relations-exchange.ts).
    for (const a of elements(kids, 'arrowlink'))
      raw.push({
        end1: own,
        end2: attr(a, 'DESTINATION'),
        title: attr(a, 'MIDDLE_LABEL') || undefined,
        ...(attr(a, 'STARTINCLINATION') || attr(a, 'ENDINCLINATION') ? { curveLost: true } : {}),
      });
    lost.add('boundary', elements(kids, 'cloud').length);
    lost.add('attribute', elements(kids, 'attribute').length);
    lost.add('image', elements(kids, 'hook').filter((h) => attr(h, 'NAME') === 'ExternalObject').length);
    const childEls = kids.filter((k) => tagOf(k) === 'node');
    if (level === 1) countSides(childEls, lost);
    node.children = childEls.map(() => newNode(''));
    for (let i = childEls.length - 1; i >= 0; i--) stack.push([childEls[i], node.children[i], level + 1]);
  }
  return { root, lost, relationships: relationsIn(raw, ends, lost) };
}

/**
 * A paragraph per line. A blank line is a paragraph holding a <br/>: HTML shows an empty <p> as
 * nothing, which read back (htmlText) as the notes' paragraphs run together.
 */
function noteHtml(note: string, lost: Lost): XmlItem {
  const paras = note.split(/\r\n?|\n/).map((line) => el('p', null, /[^ \t]/.test(line) ? [textItem(xmlText(line, lost))] : [el('br', null)]));
  return el('richcontent', { TYPE: 'NOTE' }, [el('html', null, [el('head', null), el('body', null, paras)])]);
}

/** A node id that can follow ID_ in an XML ID as it is (ASCII name characters, ≤ 64 long). */
const XML_ID_PART = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The .mm ID of every node: ID_<node id> when the id is a valid XML ID fragment, else a sanitised
 * form (other characters → _) made unique against all the others, so the file stays valid and
 * every arrow link still has one DESTINATION. Keyed by node (ids may be missing or repeated).
 */
export function mmIds(root: KmNode): Map<KmNode, string> {
  const all: KmNode[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    all.push(n);
    for (const c of n.children ?? []) stack.push(c);
  }
  const out = new Map<KmNode, string>();
  const used = new Set<string>();
  const rest: KmNode[] = [];
  for (const n of all) {
    const id = n.data.id;
    if (typeof id === 'string' && XML_ID_PART.test(id) && !used.has(id)) {
      used.add(id);
      out.set(n, `ID_${id}`);
    } else rest.push(n);
  }
  let seq = 0;
  for (const n of rest) {
    const id = n.data.id;
    const base = (typeof id === 'string' ? id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 56) : '') || 'n';
    let part = base;
    while (used.has(part)) part = `${base}_${++seq}`;
    used.add(part);
    out.set(n, `ID_${part}`);
  }
  return out;
}

export function encodeFreeMind(doc: KmDocument): { data: string; lost: Lost } {
  const lost = new Lost();
  const ids = mmIds(doc.root);
  const made = new Map<string, [XmlItem, string]>();
  const nodeOf = (n: KmNode): XmlItem => {
    const d = n.data;
    const attrs: Record<string, string> = { TEXT: xmlText(d.text ?? '', lost), ID: ids.get(n)! };
    if (typeof d.hyperlink === 'string' && d.hyperlink) attrs.LINK = xmlText(d.hyperlink, lost);
    if (d.hyperlinkTitle) lost.add('linkTitle');
    if (d.expandState === 'collapse' && n.children?.length) attrs.FOLDED = 'true';
    const kids: XmlItem[] = [];
    const p = level9(d.priority);
    if (p) kids.push(el('icon', { BUILTIN: `full-${p}` }));
    const g = level9(d.progress);
    const icon = g ? Object.keys(PROGRESS_ICONS).find((k) => PROGRESS_ICONS[k] === g) : undefined;
    if (icon) kids.push(el('icon', { BUILTIN: icon }));
    else if (g) lost.add('progress');
    if (typeof d.note === 'string' && d.note) kids.push(noteHtml(d.note, lost));
    if (d.image) lost.add('image');
    if (Array.isArray(d.resource) && d.resource.length) lost.add('label', d.resource.length);
    writeMmStyle(d, attrs, kids, lost);
    countXuetuOnly(d, lost, true);
    const x = el('node', attrs, kids);
    if (typeof d.id === 'string') made.set(d.id, [x, attrs.ID]);
    return x;
  };
  const top = nodeOf(doc.root);
  const stack: Array<[KmNode, XmlItem]> = [[doc.root, top]];
  while (stack.length) {
    const [n, x] = stack.pop()!;
    const kids = kidsOf(x);
    const cs = n.children ?? [];
    const made = cs.map(nodeOf);
    kids.push(...made);
    for (let i = cs.length - 1; i >= 0; i--) stack.push([cs[i], made[i]]);
  }
  for (const r of liveRelations(doc)) {
    // FreeMind's inclinations start from the side of a node's box, ours from its centre: without
    // the laid-out boxes the curve cannot be carried over, so it is said (the line is kept).
    if (r.controls) lost.add('curve');
    const a: Record<string, string> = { DESTINATION: made.get(r.to)![1], ENDARROW: 'Default', STARTARROW: 'None' };
    if (r.title) a.MIDDLE_LABEL = xmlText(r.title, lost);
    kidsOf(made.get(r.from)![0]).push(el('arrowlink', a));
  }
  // FreeMind reads its own version string; Freeplane opens 1.0.1 maps as they are.
  return { data: buildXml([el('map', { version: '1.0.1' }, [top])]), lost };
}
