import { strToU8, zipSync } from 'fflate';
import type { KmDocument, KmNode } from '../model/types';
import { countXuetuOnly, Lost, toMarkers, XMIND_STYLES, xmindStyleOf } from './lost';
import { xmindJsonRelationsOut } from './relations-exchange';
import { xmind8Files } from './xmind8-export';
import { summariesByParent } from './xmind-summaries';
import { structureOfTemplate } from './xmind-structure';
import { isKnownLayout } from '../layout/layout-names';
import { extOf, fromBase64 } from './zip-images';

// .xmind export in the XMind 2020+ shape: content.json (one sheet), metadata.json and
// manifest.json, embedded images under resources/; plus content.xml for XMind 8 (xmind8-export.ts). XMind has no place for a hyperlink's title,
// for images that are links rather than data (the engine cannot fetch them), for text styles
// other than bold and italic (fo:font-weight / fo:font-style are written) or the 知识点 mark:
// those are counted.

type Topic = Record<string, unknown>;

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;

/** `images`: data URLs of linked images the caller could read (ExportOptions.images). */
export function encodeXmind(doc: KmDocument, images: Record<string, string> = {}): { data: Uint8Array; lost: Lost } {
  const lost = new Lost();
  const files: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  const topicOf = (n: KmNode, isRoot: boolean): Topic => {
    const d = n.data;
    const t: Topic = { id: String(d.id ?? `t${resources.length}`), class: 'topic', title: d.text ?? '' };
    if (isRoot) t.structureClass = structureOfTemplate(doc.template, lost);
    if (typeof d.note === 'string' && d.note) t.notes = { plain: { content: d.note } };
    if (typeof d.hyperlink === 'string' && d.hyperlink) t.href = d.hyperlink;
    if (d.hyperlinkTitle) lost.add('linkTitle');
    const markers = toMarkers(d);
    if (markers.length) t.markers = markers.map((markerId) => ({ markerId }));
    if (Array.isArray(d.resource) && d.resource.length) t.labels = d.resource.map(String);
    if (typeof d.image === 'string' && d.image) {
      const m = DATA_URL.exec(Object.prototype.hasOwnProperty.call(images, d.image) ? images[d.image] : d.image);
      const ext = m ? extOf(m[1].toLowerCase()) : undefined;
      if (m && ext) {
        const name = `resources/image${resources.length + 1}.${ext}`;
        files[name] = fromBase64(m[2].replace(/\s+/g, ''));
        resources.push(name);
        const size = d.imageSize && typeof d.imageSize === 'object' ? d.imageSize : null;
        t.image = size ? { src: `xap:${name}`, width: size.width, height: size.height } : { src: `xap:${name}` };
      } else lost.add('image');
    }
    if (d.expandState === 'collapse') t.branch = 'folded';
    // A branch's own layout (kityminder's data.layout) is not written as a subtopic structure.
    if (!isRoot && isKnownLayout(d.layout)) lost.add('structure');
    const style = xmindStyleOf(d);
    if (style) t.style = { id: `style-${String(t.id)}`, properties: style };
    countXuetuOnly(d, lost, XMIND_STYLES);
    return t;
  };
  // Summaries (概要): on their parent topic, with their own topic among its children.
  const sums = summariesByParent(doc);
  // Iterative: a map may be 1,000 levels deep.
  const rootTopic = topicOf(doc.root, true);
  const stack: Array<[KmNode, Topic]> = [[doc.root, rootTopic]];
  while (stack.length) {
    const [n, t] = stack.pop()!;
    const kids = n.children ?? [];
    if (!kids.length) continue;
    const attached = kids.map((c) => topicOf(c, false));
    t.children = { attached };
    const own = sums.get(String(n.data.id));
    if (own) {
      t.summaries = own.map((s) => ({ id: s.id, range: s.range, topicId: s.topicId }));
      (t.children as Topic).summary = own.map((s) => ({ id: s.topicId, class: 'topic', title: s.title }));
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], attached[i]]);
  }
  const sheetId = `sheet-${String(doc.root.data.id ?? 'xuetu')}`;
  const relationships = xmindJsonRelationsOut(doc);
  const content = [{ id: sheetId, class: 'sheet', title: doc.root.data.text || '画布 1', rootTopic, ...(relationships.length ? { relationships } : {}) }];
  const metadata = { creator: { name: '学图 Xuetu', version: '1' }, dataStructureVersion: '2', activeSheetId: sheetId };
  const entries: Record<string, object> = { 'content.json': {}, 'metadata.json': {} };
  for (const r of resources) entries[r] = {};
  files['content.json'] = strToU8(JSON.stringify(content));
  files['metadata.json'] = strToU8(JSON.stringify(metadata));
  files['manifest.json'] = strToU8(JSON.stringify({ 'file-entries': entries }));
  for (const [name, xml] of Object.entries(xmind8Files(content[0], resources))) files[name] = strToU8(xml);
  return { data: zipSync(files, { level: 6 }), lost };
}
