import { Lost } from './lost';
import { xmind8RelationsOut } from './relations-exchange';
import { buildXml, el, kidsOf, textItem, xmlText, type XmlItem } from './xml';

// The XMind 8 fallback inside an exported .xmind: content.xml (and the META-INF/manifest.xml and
// meta.xml XMind 8 looks for) written from the same topics as content.json, so a student on
// XMind 8 opens the map too. XMind 2020+ reads content.json and ignores these. What XML cannot
// hold (control characters) was already counted for the file as a whole by content.json's
// writer, which holds them, so this copy counts into a scratch Lost.

type Topic = Record<string, unknown>;

const NS = {
  xmlns: 'urn:xmind:xmap:xmlns:content:2.0',
  'xmlns:fo': 'http://www.w3.org/1999/XSL/Format',
  'xmlns:svg': 'http://www.w3.org/2000/svg',
  'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
  version: '2.0',
};

const STYLE_NS = { xmlns: 'urn:xmind:xmap:xmlns:style:2.0', 'xmlns:fo': 'http://www.w3.org/1999/XSL/Format', version: '2.0' };

/** styles.xml's <style> elements: a topic's bold/italic (content.json's `style`), by the style-id content.xml names. */
type Styles = XmlItem[];

function topicElement(t: Topic, scratch: Lost, styles: Styles): XmlItem {
  const esc = (v: unknown) => xmlText(String(v), scratch);
  const attrs: Record<string, string> = { id: esc(t.id) };
  const style = t.style as { id: string; properties: Record<string, string> } | undefined;
  if (style) {
    attrs['style-id'] = esc(style.id);
    const props: Record<string, string> = {};
    for (const [k, v] of Object.entries(style.properties)) props[k] = esc(v);
    styles.push(el('style', { id: esc(style.id), type: 'topic' }, [el('topic-properties', props)]));
  }
  if (t.structureClass) attrs['structure-class'] = esc(t.structureClass);
  if (t.href) attrs['xlink:href'] = esc(t.href);
  if (t.branch) attrs.branch = esc(t.branch);
  const kids: XmlItem[] = [el('title', null, [textItem(esc(t.title))])];
  const notes = t.notes as { plain: { content: string } } | undefined;
  if (notes) kids.push(el('notes', null, [el('plain', null, [textItem(esc(notes.plain.content))])]));
  const markers = t.markers as Array<{ markerId: string }> | undefined;
  if (markers)
    kids.push(
      el(
        'marker-refs',
        null,
        markers.map((m) => el('marker-ref', { 'marker-id': esc(m.markerId) })),
      ),
    );
  const labels = t.labels as string[] | undefined;
  if (labels)
    kids.push(
      el(
        'labels',
        null,
        labels.map((l) => el('label', null, [textItem(esc(l))])),
      ),
    );
  const image = t.image as { src: string; width?: number; height?: number } | undefined;
  if (image) {
    const a: Record<string, string> = { 'xhtml:src': esc(image.src) };
    if (image.width) a['svg:width'] = esc(image.width);
    if (image.height) a['svg:height'] = esc(image.height);
    kids.push(el('xhtml:img', a));
  }
  return el('topic', attrs, kids);
}

/** content.xml, META-INF/manifest.xml and meta.xml of the sheet content.json holds. */
export function xmind8Files(sheet: { id: string; title: string; rootTopic: Topic; relationships?: Topic[] }, resources: string[]): Record<string, string> {
  const scratch = new Lost();
  const styles: Styles = [];
  const root = topicElement(sheet.rootTopic, scratch, styles);
  // Iterative, like every walk of a map: 1,000 levels are allowed.
  const stack: Array<[Topic, XmlItem]> = [[sheet.rootTopic, root]];
  while (stack.length) {
    const [t, x] = stack.pop()!;
    const kids = t.children as { attached?: Topic[]; summary?: Topic[] } | undefined;
    const attached = kids?.attached ?? [];
    if (!attached.length) continue;
    const made = attached.map((c) => topicElement(c, scratch, styles));
    const groups = [el('topics', { type: 'attached' }, made)];
    // Summaries (概要): <summaries> on the parent, their topics as a "summary" group of children.
    const sums = t.summaries as Array<{ id: string; range: string; topicId: string }> | undefined;
    if (sums?.length) {
      groups.push(
        el(
          'topics',
          { type: 'summary' },
          (kids?.summary ?? []).map((c) => topicElement(c, scratch, styles)),
        ),
      );
      const list = sums.map((s) => el('summary', { id: xmlText(s.id, scratch), range: xmlText(s.range, scratch), 'topic-id': xmlText(s.topicId, scratch) }));
      kidsOf(x).push(el('summaries', null, list));
    }
    kidsOf(x).push(el('children', null, groups));
    for (let i = attached.length - 1; i >= 0; i--) stack.push([attached[i], made[i]]);
  }
  const sheetEl = el('sheet', { id: xmlText(sheet.id, scratch) }, [root, el('title', null, [textItem(xmlText(sheet.title, scratch))])]);
  const rels = xmind8RelationsOut(sheet.relationships ?? [], scratch);
  if (rels) kidsOf(sheetEl).push(rels);
  const entries = ['content.xml', 'meta.xml', 'META-INF/manifest.xml', ...(styles.length ? ['styles.xml'] : []), ...resources];
  const manifest = el(
    'manifest',
    { xmlns: 'urn:xmind:xmap:xmlns:manifest:1.0' },
    entries.map((e) => el('file-entry', { 'full-path': xmlText(e, scratch), 'media-type': '' })),
  );
  return {
    'content.xml': buildXml([el('xmap-content', NS, [sheetEl])]),
    'META-INF/manifest.xml': buildXml([manifest]),
    'meta.xml': buildXml([el('meta', { xmlns: 'urn:xmind:xmap:xmlns:meta:2.0', version: '2.0' })]),
    ...(styles.length ? { 'styles.xml': buildXml([el('xmap-styles', STYLE_NS, [el('styles', null, styles)])]) } : {}),
  };
}
