import { unzipSync, zipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KmDocument, KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices, type ExchangeFormat } from './formats';
import { titleUnit } from '../testing/title-units';

// Export → import through XMind, FreeMind and OPML keeps the tree, every title, notes and links
// exactly, for titles made of what breaks markup and outline formats: whitespace of every kind
// (XML turns literal TABs and line ends in attributes into spaces), markup characters, entity
// look-alikes, a literal <br>, quotes, CJK and emoji. FreeMind notes are HTML: read back as a
// browser shows them (runs of spaces collapsed), a line per paragraph, blank lines kept; the
// others keep notes as they are.

const title = fc.string({ unit: titleUnit, minLength: 0, maxLength: 10 });
const note = fc.option(fc.string({ unit: titleUnit, minLength: 1, maxLength: 20 }), { nil: undefined });
const url = fc.option(fc.string({ unit: fc.constantFrom('http://x/', 'a', '?', '&', '=', '#', '中', '"', ' ', '<'), minLength: 1, maxLength: 6 }), {
  nil: undefined,
});

interface T {
  text: string;
  note?: string;
  link?: string;
  children: T[];
}

function treeOf(depth: number): fc.Arbitrary<T> {
  return fc.record(
    { text: title, note, link: url, children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: 3 }) },
    { requiredKeys: ['text', 'children'] },
  );
}

function toKm(t: T): KmNode {
  const data: KmNode['data'] = { text: t.text };
  if (t.note !== undefined) data.note = t.note;
  if (t.link !== undefined) data.hyperlink = t.link;
  return { data, children: t.children.map(toKm) };
}

/** A note as HTML paragraphs read back: a line per paragraph, whitespace collapsed, blank lines kept. */
const asHtml = (note: string) =>
  note
    .split(/\r\n?|\n/)
    .map((l) => l.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, ''))
    .join('\n');

function shape(n: KmNode, format: ExchangeFormat): unknown {
  const d = n.data;
  const out: Record<string, unknown> = { text: d.text };
  const noteKept = d.note && format === 'mm' ? asHtml(d.note) : d.note;
  if (noteKept) out.note = noteKept;
  if (d.hyperlink) out.link = d.hyperlink;
  out.children = (n.children ?? []).map((c) => shape(c, format));
  return out;
}

const docOf = (root: KmNode): KmDocument => ({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });

describe('exchange round trips (property)', () => {
  it.each(['xmind', 'mm', 'opml'] as const)('.%s keeps the tree, titles, notes and links', (format) => {
    fc.assert(
      fc.property(treeOf(4), (t) => {
        const root = toKm(t);
        const out = exportFile(format, docOf(root));
        expect(out.notices).toEqual([]);
        const back = importDocumentWithNotices(format, out.data);
        expect(back.notices).toEqual([]);
        expect(shape(back.document.root, format)).toEqual(shape(root, format));
        if (format === 'xmind') {
          // the XMind 8 content.xml in the same file holds the same map
          const files = unzipSync(out.data as Uint8Array);
          delete files['content.json'];
          expect(shape(importDocumentWithNotices('xmind', zipSync(files)).document.root, format)).toEqual(shape(root, format));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('characters XML cannot hold are left out and counted', () => {
    const doc = docOf({ data: { text: 'a\u000bb\u0001' }, children: [] });
    for (const format of ['mm', 'opml'] as const) {
      const out = exportFile(format, doc);
      expect(out.notices.map((n) => n.message)).toEqual(['以下内容未能保留：XML 中不能出现的控制字符 2 个']);
      expect(importDocumentWithNotices(format, out.data).document.root.data.text).toBe('ab');
    }
  });
});
