import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { KmDocument } from '../model/types';
import { FormulaBoxes } from './formula-boxes';

const KM = (text: string) =>
  JSON.stringify({
    root: {
      data: { id: 'r', text: '学习' },
      children: [
        { data: { id: 'a', text }, children: [] },
        { data: { id: 'b', text: '价格 $5' }, children: [] },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  });

const F = '勾股定理 $a^2+b^2=c^2$';
const HTML = '勾股定理 <span class="katex">a²</span>';

describe('FormulaBoxes', () => {
  it('asks once for a formula label, never for plain text with $', () => {
    const fb = new FormulaBoxes();
    expect(fb.box('14px x', F)).toBeUndefined();
    expect(fb.box('14px x', '价格 $5')).toBeUndefined();
    expect(fb.box('14px x', F)).toBeUndefined();
    expect(fb.takeRequests()).toEqual([['14px x', F]]);
    expect(fb.takeRequests()).toEqual([]);
    fb.set([{ font: '14px x', text: F, w: 120, h: 20, html: HTML }]);
    expect(fb.box('14px x', F)).toMatchObject({ w: 120, h: 20 });
    // another font is another measurement
    expect(fb.box('bold 14px x', F)).toBeUndefined();
    expect(fb.takeRequests()).toEqual([['bold 14px x', F]]);
  });

  it('ignores boxes that could break a layout (no size, not a formula)', () => {
    const fb = new FormulaBoxes();
    expect(fb.set([{ font: 'f', text: F, w: 0, h: 10, html: '' }]).size).toBe(0);
    expect(fb.set([{ font: 'f', text: '价格 $5', w: 10, h: 10, html: '' }]).size).toBe(0);
    expect(fb.set([{ font: 'f', text: F, w: Number.NaN, h: 10, html: '' }]).size).toBe(0);
  });
});

describe('MindEditor with formulas', () => {
  it('a patch asks for formula labels; their measured box resizes the node, not as an undo step', () => {
    const ed = new MindEditor();
    const p = ed.load(KM(F));
    expect(p.formulas).toHaveLength(1);
    const [font, text] = p.formulas![0];
    expect(text).toBe(F);
    const before = ed.boxOf('a');
    const q = ed.setFormulaBoxes([{ font, text, w: before[2] + 100, h: 40, html: HTML }]);
    expect(q.ids).toContain('a');
    const after = ed.boxOf('a');
    expect(after[2]).toBeGreaterThan(before[2] + 100);
    expect(after[3]).toBeGreaterThan(before[3]);
    ed.setFormulaBoxes([{ font, text, w: before[2] + 150, h: 40, html: HTML }]);
    expect(ed.boxOf('a')[2]).toBe(after[2] + 50); // the label's width replaces the text's, padding kept
    expect(ed.canUndo).toBe(false);
    expect(q.formulas).toBeUndefined();
  });

  it('a read-only map takes formula boxes too (a view concern, not an edit)', () => {
    const ed = new MindEditor();
    const p = ed.load(KM(F));
    ed.setReadOnly(true);
    const [font, text] = p.formulas![0];
    expect(() => ed.setFormulaBoxes([{ font, text, w: 300, h: 30, html: HTML }])).not.toThrow();
    expect(ed.boxOf('a')[2]).toBeGreaterThan(300);
  });

  it('typing a formula asks for it; text without one asks nothing', () => {
    const ed = new MindEditor();
    expect(ed.load(KM('普通')).formulas).toBeUndefined();
    const { patch } = ed.execute('editText', ['a', '$x$']);
    expect(patch.formulas).toEqual([[expect.any(String), '$x$']]);
  });

  it('the SVG export draws a typeset label as KaTeX markup in a foreignObject named by its LaTeX', () => {
    const ed = new MindEditor();
    const [[font, text]] = ed.load(KM(F)).formulas!;
    expect(ed.exportData('svg')).not.toContain('foreignObject'); // not measured yet: plain text
    ed.setFormulaBoxes([{ font, text, w: 150, h: 24, html: HTML }]);
    const svg = ed.exportData('svg', undefined, { formulaCss: '.katex{font:1.21em KaTeX_Main}' });
    expect(svg).toContain('<foreignObject');
    expect(svg).toContain('aria-label="勾股定理 公式：a^2+b^2=c^2"');
    expect(svg).toContain(HTML);
    expect(svg).toContain('<style><![CDATA[.katex{font:1.21em KaTeX_Main}]]></style>');
    expect(svg).toContain('>价格 $5</tspan>');
  });
});

describe('a summary (概要) with a formula', () => {
  const SUM = '小结 $\\frac{a}{b}$';
  const HTML_SUM = '小结 <span class="katex">a/b</span>';
  /** The editor with one summary over a and b, and the CSS font the layout asked its text in. */
  const load = () => {
    const ed = new MindEditor();
    const doc = JSON.parse(KM('甲')) as KmDocument;
    const p = ed.load({ ...doc, template: 'right', summaries: [{ id: 's1', parent: 'r', first: 'a', last: 'b', text: SUM }] });
    const asked = (p.formulas ?? []).find(([, t]) => t === SUM);
    return { ed, font: asked?.[0] };
  };
  const rect = (svg: string) =>
    /<g class="summary"[^>]*><path[^>]*\/><rect x="[-\d.]+" y="[-\d.]+" width="([\d.]+)" height="([\d.]+)"/.exec(svg)!.slice(1).map(Number);

  it('is asked for like a label, and its measured box sizes the summary topic (not an undo step)', () => {
    const { ed, font } = load();
    expect(font).toBeDefined();
    const [w0, h0] = rect(ed.exportData('svg'));
    const patch = ed.setFormulaBoxes([{ font: font!, text: SUM, w: 40, h: 44, html: HTML_SUM }]);
    expect(patch.summaryBoxes).toBeDefined();
    const [w1, h1] = rect(ed.exportData('svg'));
    expect(h1).toBeGreaterThan(h0 + 10); // the fraction is taller than the line of source text
    expect(w1).toBeLessThan(w0); // and narrower than the source `$\frac{a}{b}$`
    expect(ed.canUndo).toBe(false);
  });

  it('the SVG export typesets it (KaTeX CSS included even when no topic has a formula), the PDF gets a slot in its font', () => {
    const { ed, font } = load();
    ed.setFormulaBoxes([{ font: font!, text: SUM, w: 40, h: 44, html: HTML_SUM }]);
    const svg = ed.exportData('svg', undefined, { formulaCss: '.katex{}' });
    const group = /<g class="summary"[\s\S]*?<\/g>/.exec(svg)![0];
    expect(group).toContain('<foreignObject');
    expect(group).toContain('aria-label="小结 公式：\\frac{a}{b}"');
    expect(group).not.toContain('<text');
    expect(svg).toContain('<style><![CDATA[.katex{}]]></style>');
    const slots = ed.exportData('svg', undefined, { formulaSlots: true });
    expect(/<g class="summary"[\s\S]*?<\/g>/.exec(slots)![0]).toContain(`data-font="${font!.replace(/"/g, '&quot;')}"`);
  });
});
