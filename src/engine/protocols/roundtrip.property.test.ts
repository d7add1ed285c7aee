import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeKm, encodeKm } from './km';
import { decodeText, encodeText } from './text';
import { decodeMarkdown, encodeMarkdown } from './markdown';
import type { KmDocument, KmNode } from '../model/types';

const chars = fc.constantFrom('a', 'B', '中', '学', ' ', '#', '-', '*', '1', '\n', '\t', '`', '=', '<', '>', '"', 'é');
const str = (max: number) => fc.string({ unit: chars, maxLength: max });
// Titles the outline format can carry: no leading whitespace (it would read as indentation),
// no CR, no backslash (escape edge cases are covered by the fixture tests), not blank.
const title = str(12).filter((t) => /^\S/.test(t) && !t.includes('\r') && !t.includes('<br>'));
const note = fc.option(str(30).filter((n) => n !== '' && !n.includes('<!--')), { nil: undefined });

interface T {
  text: string;
  note?: string;
  priority?: number | string | null;
  extra?: string;
  children: T[];
}

function treeOf(depth: number): fc.Arbitrary<T> {
  return fc.record(
    {
      text: title,
      note,
      priority: fc.option(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constant('3'), fc.constant(null)), { nil: undefined }),
      extra: fc.option(str(5), { nil: undefined }),
      children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: 3 }),
    },
    { requiredKeys: ['text', 'children'] },
  );
}
const tree = treeOf(4);

let seq = 0;
function toKm(t: T): KmNode {
  const data: KmNode['data'] = { id: `id${(seq++).toString(36)}`, text: t.text };
  if (t.note !== undefined) data.note = t.note;
  if (t.priority !== undefined) data.priority = t.priority;
  if (t.extra !== undefined) data['x-custom'] = t.extra;
  return { data, children: t.children.map(toKm) };
}

function shape(n: KmNode, withNotes: boolean): unknown {
  return { text: n.data.text, ...(withNotes && n.data.note ? { note: n.data.note } : {}), children: (n.children ?? []).map((c) => shape(c, withNotes)) };
}

describe('round trips (property)', () => {
  it('.km export → import → export is byte-identical', () => {
    fc.assert(
      fc.property(tree, fc.constantFrom('default', 'right', 'tianpan'), fc.constantFrom('fresh-blue', 'wire', 'snow'), (t, template, theme) => {
        const doc: KmDocument = { root: toKm(t), template, theme, version: '1.4.43' };
        const once = encodeKm(doc);
        expect(encodeKm(decodeKm(once))).toBe(once);
      }),
      { numRuns: 200 },
    );
  });

  it('outline text keeps structure and text', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const root = toKm(t);
        const back = decodeText(encodeText(root))!;
        expect(shape(back, false)).toEqual(shape(root, false));
      }),
      { numRuns: 200 },
    );
  });

  it('markdown keeps structure, text and notes', () => {
    fc.assert(
      fc.property(tree, (t) => {
        const root = toKm(t);
        const back = decodeMarkdown(encodeMarkdown(root));
        // Leading spaces of a heading text are not representable in markdown.
        const norm = (x: unknown): unknown => JSON.parse(JSON.stringify(x).replace(/"text":"[ \t]+/g, '"text":"'));
        expect(norm(shape(back, true))).toEqual(norm(shape(root, true)));
      }),
      { numRuns: 300 },
    );
  });
});
