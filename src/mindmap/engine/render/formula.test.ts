import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasFormula, mayHaveFormula, spokenText, splitFormulas, type Segment } from './formula';

const join = (segs: Segment[]) => segs.map((s) => (s.kind === 'text' ? s.text : `$${s.tex}$`)).join('');

describe('splitFormulas', () => {
  it('finds an inline formula beside CJK text', () => {
    expect(splitFormulas('勾股定理 $a^2+b^2=c^2$')).toEqual([
      { kind: 'text', text: '勾股定理 ' },
      { kind: 'math', tex: 'a^2+b^2=c^2' },
    ]);
    expect(splitFormulas('$x$和$y$')).toEqual([
      { kind: 'math', tex: 'x' },
      { kind: 'text', text: '和' },
      { kind: 'math', tex: 'y' },
    ]);
  });

  it.each([
    ['价格 $5', 'a lone dollar'],
    ['价格 $5 到 $6', 'a closing $ followed by a digit'],
    ['$ x$', 'a space after the opening $'],
    ['$x $', 'a space before the closing $'],
    ['\\$x$', 'an escaped opening $'],
    ['$x\\$', 'an escaped closing $'],
    ['$$x$$', 'double dollars'],
    ['$a\nb$', 'a line break inside'],
    ['$a\\\nb$', 'an escaped line break inside'],
    ['', 'empty text'],
    ['$', 'one dollar'],
  ])('keeps %j as text (%s)', (text) => {
    expect(hasFormula(text)).toBe(false);
    expect(join(splitFormulas(text))).toBe(text);
  });

  it('lets a formula hold an escaped dollar and braces', () => {
    expect(splitFormulas('$\\$5 + \\{x\\}$')).toEqual([{ kind: 'math', tex: '\\$5 + \\{x\\}' }]);
  });

  const unit = fc.constantFrom('$', '$', '\\', '\\$', '$$', ' ', '\n', 'a', 'x^2', '5', '中', '学', '😀', '{', '}', '　');
  const title = fc.array(unit, { maxLength: 14 }).map((xs) => xs.join(''));

  it('loses no character: text and formulas joined give the title back', () => {
    fc.assert(fc.property(title, (t) => join(splitFormulas(t)) === t));
  });

  it('every formula obeys the pandoc rule and text segments are never empty', () => {
    fc.assert(
      fc.property(title, (t) => {
        for (const s of splitFormulas(t)) {
          if (s.kind === 'text') expect(s.text.length).toBeGreaterThan(0);
          else {
            expect(s.tex.length).toBeGreaterThan(0);
            expect(/^\s/.test(s.tex) || /\s$/.test(s.tex)).toBe(false);
            expect(s.tex.includes('\n')).toBe(false);
          }
        }
      }),
    );
  });

  it('text without $ is never parsed into a formula', () => {
    fc.assert(fc.property(fc.string(), (t) => mayHaveFormula(t) || splitFormulas(t).every((s) => s.kind === 'text')));
  });
});

describe('spokenText', () => {
  it('says formulas as their LaTeX source', () => {
    expect(spokenText('勾股定理 $a^2+b^2=c^2$')).toBe('勾股定理 公式：a^2+b^2=c^2');
    expect(spokenText('$x$和$y$')).toBe('公式：x 和 公式：y');
  });

  it('returns formula-free text unchanged', () => {
    expect(spokenText('价格 $5')).toBe('价格 $5');
    expect(spokenText('普通主题')).toBe('普通主题');
  });
});
