import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindEditor } from '../editor';
import { exportFile, importDocumentWithNotices } from './formats';
import { decodeKm, encodeKm } from './km';
import type { KmNode } from '../model/types';

// Issue 33.3: a .km from kityminder/百度脑图 shows its `$` literally; one this editor wrote keeps
// its formulas (its "formulas" marker, km-formulas.ts); titles never change on the way.

const fixture = readFileSync(new URL('./fixtures/26-kityminder-dollar.km', import.meta.url), 'utf8');
const titles = (n: KmNode): string[] => [String(n.data.text), ...(n.children ?? []).flatMap(titles)];
const kmFile = (text: string) => exportFile('km', importDocumentWithNotices('km', text).document).data as string;

describe('.km formulas: kityminder titles are literal', () => {
  it("imports a kityminder file's `$` titles as literal text: nothing typeset, said or measured as a formula", () => {
    const ed = new MindEditor();
    const { patch } = ed.importDataWithNotices('km', fixture);
    expect(patch.literalText).toBe(true);
    expect(patch.formulas).toBeUndefined(); // no label asked of the page to typeset
    expect(ed.toKm().formulas).toBe('none');
    const svg = ed.exportData('svg');
    expect(svg).not.toContain('公式');
    expect(svg).toContain('$data和$props其实是原型上的属性');
    // later patches say it too (the canvas and the tree keep reading titles literally)
    expect(ed.execute('editText', [ed.toKm().root.children![0].data.id as string, '$a$ 与 $b$']).patch.literalText).toBe(true);
  });

  it('exports the titles exactly as the file had them, and reads its own export back as literal', () => {
    const out = kmFile(fixture);
    expect(titles(JSON.parse(out).root)).toEqual(titles(JSON.parse(fixture).root));
    expect(JSON.parse(out).formulas).toBe('none'); // kityminder ignores the key; we read it back
    expect(importDocumentWithNotices('km', out).document.formulas).toBe('none');
    expect(kmFile(out)).toBe(out);
  });

  it("keeps formulas in this editor's own .km (its marker), and a map saved on our server without one", () => {
    const own = { root: { data: { id: 'r', text: '勾股定理 $a^2+b^2=c^2$' }, children: [] }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
    const file = encodeKm(decodeKm(JSON.stringify(own)));
    expect(JSON.parse(file).formulas).toBe('dollar');
    const ed = new MindEditor();
    const { patch } = ed.importDataWithNotices('km', file);
    expect(patch.literalText).toBeUndefined();
    expect(patch.formulas?.map(([, t]) => t)).toEqual(['勾股定理 $a^2+b^2=c^2$']);
    expect(kmFile(file)).toBe(file);
    // a stored map (MindEditor.load) has always used this editor's rule
    expect(new MindEditor().load(JSON.stringify(own)).formulas?.length).toBe(1);
  });

  it('a literal map stays literal when saved and opened again (autosave: toKm → server encodeKm → load)', () => {
    const ed = new MindEditor();
    ed.importDataWithNotices('km', fixture);
    const stored = encodeKm(decodeKm(JSON.stringify(ed.toKm())));
    const again = new MindEditor().load(stored);
    expect(again.literalText).toBe(true);
    expect(again.formulas).toBeUndefined();
  });

  it('writes no marker for a map without `$` (the file stays what kityminder writes)', () => {
    const plain = '{"root":{"data":{"id":"r","text":"根"},"children":[]},"template":"default","theme":"fresh-blue","version":"1.4.43"}';
    expect(kmFile(plain)).toBe(plain);
  });
});

const unit = fc.constantFrom('$', '\\', '{', '}', '(', ')', '$$', '\\$', ' ', '\n', 'a', '中', '^', '_', '5', '"', '%', '`');
const hostile = fc.string({ unit, maxLength: 14 });
const tree: fc.Arbitrary<KmNode> = fc.letrec<{ node: KmNode }>((tie) => ({
  node: fc.record({
    data: fc.record({ text: hostile }),
    children: fc.oneof({ maxDepth: 3 }, fc.constant<KmNode[]>([]), fc.array(tie('node'), { maxLength: 3 })),
  }),
})).node;

describe('.km titles survive import → export (property)', () => {
  it('a kityminder file and this editor’s own file keep every title, character for character', () => {
    fc.assert(
      fc.property(tree, fc.boolean(), (root, own) => {
        const file = JSON.stringify({ root, template: 'default', theme: 'fresh-blue', version: '1.4.43', ...(own ? { formulas: 'dollar' } : {}) });
        const once = kmFile(file);
        expect(titles(JSON.parse(once).root)).toEqual(titles(root));
        expect(kmFile(once)).toBe(once); // and again: same reading, same bytes
      }),
      { numRuns: 200 },
    );
  });
});
