// Which `$…$` in a node's text (or note) are formulas (issue 19.3). The rule is pandoc's
// tex_math_dollars, so a price stays text:
// - `\$` is a literal dollar, never a delimiter;
// - `$$` is never a delimiter either (an escape for a literal "$$"; no display math in a title);
// - the opening `$` must be followed by a non-space, the closing one preceded by a non-space
//   and NOT followed by a digit ("价格 $5 到 $6" is text: "$6" cannot close "$5 到 ").
// Text outside formulas is kept verbatim (no unescaping), so what a student typed is what a
// formula-free title shows, and a title without `$` never reaches this parser (`mayHaveFormula`).

export type Segment = { kind: 'text'; text: string } | { kind: 'math'; tex: string };

/** The cheap first check: text without `$` takes exactly the formula-free path everywhere. */
export const mayHaveFormula = (text: string): boolean => text.indexOf('$') >= 0;

const isSpace = (c: string | undefined) => c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u3000';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** Index of the `$` closing a formula opened at `open`, or -1. */
function closeOf(text: string, open: number): number {
  for (let j = open + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') {
      if (text[j + 1] === '\n') return -1; // a line break stays one, escaped or not
      j++; // `\$` (or any escaped char) inside a formula is TeX's, not a delimiter
      continue;
    }
    if (c === '\n') return -1; // a formula never spans lines of a title
    if (c !== '$') continue;
    if (text[j + 1] === '$') return -1; // `$$` ends nothing
    if (!isSpace(text[j - 1]) && !isDigit(text[j + 1])) return j;
  }
  return -1;
}

/** Splits text into verbatim text and formula segments; no formula → one text segment (or none for ''). */
export function splitFormulas(text: string): Segment[] {
  const out: Segment[] = [];
  let start = 0; // start of the pending text segment
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c !== '$') {
      i++;
      continue;
    }
    if (text[i + 1] === '$') {
      i += 2; // `$$`: literal
      continue;
    }
    const close = isSpace(text[i + 1]) ? -1 : closeOf(text, i);
    if (close < 0) {
      i++;
      continue;
    }
    if (i > start) out.push({ kind: 'text', text: text.slice(start, i) });
    out.push({ kind: 'math', tex: text.slice(i + 1, close) });
    i = start = close + 1;
  }
  if (start < text.length) out.push({ kind: 'text', text: text.slice(start) });
  return out;
}

/** True when the text holds at least one formula (cheap check first). */
export function hasFormula(text: string): boolean {
  return mayHaveFormula(text) && splitFormulas(text).some((s) => s.kind === 'math');
}

/**
 * What a screen reader says for a title: formulas as their LaTeX source after 公式：
 * ("勾股定理 $a^2+b^2=c^2$" → "勾股定理 公式：a^2+b^2=c^2"). Text without a formula is returned as is,
 * and so is every text of a map whose `$` are literal (`literal`: MapModel.literalText).
 */
export function spokenText(text: string, literal = false): string {
  if (literal || !mayHaveFormula(text)) return text;
  const segs = splitFormulas(text);
  if (!segs.some((s) => s.kind === 'math')) return text;
  let out = '';
  for (const s of segs) {
    if (s.kind === 'text') {
      out += out && !/\s$/.test(out) && !/^[\s，。、；：！？,.;:!?）)]/.test(s.text) ? ` ${s.text}` : s.text;
      continue;
    }
    const said = `公式：${s.tex}`;
    out += out && !/\s$/.test(out) ? ` ${said}` : said;
  }
  return out;
}
