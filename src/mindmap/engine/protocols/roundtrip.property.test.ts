import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeKm, encodeKm } from './km';
import { decodeText, encodeText } from './text';
import { decodeMarkdown, encodeMarkdown } from './markdown';
import { exportDocument, importDocument } from './formats';
import type { KmDocument, KmNode } from '../model/types';

// Every export → import keeps the tree and every title exactly, for titles built from the
// characters that used to break a format: whitespace (leading, trailing, whole-blank), markdown
// syntax, backslashes, a literal <br>, entities, line breaks, CJK and emoji. Trees go deeper
// than markdown's six heading levels.

const titleUnit = fc.constantFrom(
  ' ',
  '\t',
  '#',
  '-',
  '*',
  '+',
  '\\',
  '<br>',
  '`',
  '[',
  ']',
  '(',
  ')',
  '中',
  '学',
  '😀',
  'a',
  'n',
  'r',
  '&',
  'lt;',
  '&#32;',
  '<',
  '>',
  '\n',
  '\r',
  '1',
  '.',
  '=',
  '!',
  '_',
  '~',
  '|',
  '"',
  '\u3000',
  '\u00a0',
  '\u2028',
  '\u000b',
  '<!--',
);
const title = fc.string({ unit: titleUnit, minLength: 1, maxLength: 10 });
const noteUnit = fc.constantFrom('a', '中', ' ', '\n', '#', '-', '*', '`', '```', '~~~', '>', '1. ', '\t', '[', ']', '(', ')', '\\', '<br>', '---');
const note = fc.option(fc.string({ unit: noteUnit, minLength: 1, maxLength: 30 }), { nil: undefined });
const url = fc.option(fc.string({ unit: fc.constantFrom('http://x/', 'a', ' ', '(', ')', '<', '>', '\\', '中', '"', '#'), minLength: 1, maxLength: 6 }), {
  nil: undefined,
});

interface T {
  text: string;
  note?: string;
  link?: string;
  linkTitle?: string;
  priority?: number | string | null;
  extra?: string;
  children: T[];
}

function treeOf(depth: number): fc.Arbitrary<T> {
  return fc.record(
    {
      text: title,
      note,
      link: url,
      linkTitle: fc.option(title, { nil: undefined }),
      priority: fc.option(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constant('3'), fc.constant(null)), { nil: undefined }),
      extra: fc.option(title, { nil: undefined }),
      children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: depth > 6 ? 3 : 2 }),
    },
    { requiredKeys: ['text', 'children'] },
  );
}
const tree = treeOf(9);

let seq = 0;
function toKm(t: T): KmNode {
  const data: KmNode['data'] = { id: `id${(seq++).toString(36)}`, text: t.text };
  if (t.note !== undefined) data.note = t.note;
  if (t.link !== undefined) {
    data.hyperlink = t.link;
    if (t.linkTitle !== undefined) data.hyperlinkTitle = t.linkTitle;
  }
  if (t.priority !== undefined) data.priority = t.priority;
  if (t.extra !== undefined) data['x-custom'] = t.extra;
  return { data, children: t.children.map(toKm) };
}
const docOf = (root: KmNode): KmDocument => ({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });

type Fields = 'text' | 'md';
/** What a format keeps: outline text keeps titles only; markdown also notes and links. */
function shape(n: KmNode, fields: Fields): unknown {
  const d = n.data;
  const out: Record<string, unknown> = { text: d.text };
  if (fields === 'md') {
    // Markdown cannot hold a line break inside a note line's CR (lines split on CR too).
    if (d.note) out.note = d.note.replace(/\r\n?/g, '\n');
    if (d.hyperlink) {
      out.link = d.hyperlink;
      if (d.hyperlinkTitle) out.linkTitle = d.hyperlinkTitle;
    }
  }
  out.children = (n.children ?? []).map((c) => shape(c, fields));
  return out;
}

describe('round trips (property)', () => {
  it('.km export → import → export is byte-identical and keeps every field', () => {
    fc.assert(
      fc.property(tree, fc.constantFrom('default', 'right', 'tianpan'), fc.constantFrom('fresh-blue', 'wire', 'snow'), (t, template, theme) => {
        const doc: KmDocument = { root: toKm(t), template, theme, version: '1.4.43' };
        const once = encodeKm(doc);
        const back = decodeKm(once);
        expect(back.root).toEqual(doc.root);
        expect(encodeKm(back)).toBe(once);
      }),
      { numRuns: 150 },
    );
  });

  it('outline text keeps the tree and every title', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const root = toKm(t);
        expect(shape(decodeText(encodeText(root))!, 'text')).toEqual(shape(root, 'text'));
        expect(shape(importDocument('txt', exportDocument('txt', docOf(root))).root, 'text')).toEqual(shape(root, 'text'));
      }),
      { numRuns: 300 },
    );
  });

  it('markdown keeps the tree, every title, notes and links, at any depth', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const root = toKm(t);
        const md = encodeMarkdown(root);
        expect(shape(decodeMarkdown(md), 'md')).toEqual(shape(root, 'md'));
        expect(md).not.toMatch(/^#{7}/m);
        // Stable: a second export is the same file.
        expect(encodeMarkdown(importDocument('md', md).root)).toBe(md);
      }),
      { numRuns: 300 },
    );
  });
});
