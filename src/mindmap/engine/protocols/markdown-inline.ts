// Titles in markdown: one line of inline markdown. The encoder escapes exactly what the decoder
// (or GitHub/markmap) would otherwise read differently, so every title comes back as it was:
//  * leading and trailing whitespace → numeric entities (`&#32;`), so it is not eaten by the
//    heading/list syntax or by editors that trim lines;
//  * a line break → `<br>` (kityminder's own files use it too); a CR → `&#13;`;
//  * `<` that could open a tag or comment (`<br>`, `<b>`, `<!--`) → `&lt;`;
//  * `&` that would read as an entity → `&amp;`; a backslash before ASCII punctuation → `\\`;
//  * a leading `[` (it would read as a link), a heading's closing `#` run, and list-item starts
//    that would nest a list or quote (`- `, `1. `, `> `, `#`) → backslash escapes.
// `*`, `_` and backticks are left alone: a student who typed `**重点**` meant markdown.
// The decoder reverses these, reads a title that is only a link `[t](url "title")` as the node's
// hyperlink, and a trailing `<!-- markmap: fold -->` as a collapsed node.

const PUNCT = /[!-/:-@[-`{-~]/;
const isPunct = (ch: string | undefined): boolean => ch !== undefined && ch.length === 1 && PUNCT.test(ch);
const ENTITY = /^&(?:(lt|gt|amp|quot|apos|nbsp)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };
const BR = /^<br[ \t]*\/?>/i;

function entityAt(s: string, i: number): [string, number] | null {
  const m = ENTITY.exec(s.slice(i, i + 12));
  if (!m) return null;
  if (m[1]) return [NAMED[m[1]], m[0].length];
  const code = m[2] !== undefined ? Number(m[2]) : parseInt(m[3], 16);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
  return [String.fromCodePoint(code), m[0].length];
}

/** Backslash escapes of ASCII punctuation, entities and `<br>`, in one pass. */
export function unescapeInline(s: string, breaks = true): string {
  if (!/[\\&<]/.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && isPunct(s[i + 1])) {
      out += s[++i];
    } else if (ch === '&') {
      const e = entityAt(s, i);
      if (e) {
        out += e[0];
        i += e[1] - 1;
      } else out += ch;
    } else if (ch === '<' && breaks && BR.test(s.slice(i, i + 8))) {
      out += '\n';
      i += BR.exec(s.slice(i, i + 8))![0].length - 1;
    } else out += ch;
  }
  return out;
}

const isWs = (ch: string): boolean => /\s/.test(ch);

/** The escapes shared by titles, link destinations and link titles. */
function escapeCore(text: string, i: number, out: string[]): boolean {
  const ch = text[i];
  if (ch === '\\') {
    // Doubled unless what follows is written as itself and cannot pair with it: before
    // punctuation, whitespace (written as an entity at either end) or the end it must be.
    const next = text[i + 1];
    out.push(next === undefined || isPunct(next) || /\s/.test(next) ? '\\\\' : '\\');
  } else if (ch === '&') out.push(entityAt(text, i) ? '&amp;' : '&');
  else if (ch === '\r') out.push('&#13;');
  else return false;
  return true;
}

export type TitleContext = 'heading' | 'item' | 'link';

// Most titles need nothing: no escapable character, no special first or last character.
const NEEDS_ESCAPE = /[\\&<\n\r[\]]|^[\s\-+*#>=\d_]|[\s#]$/;

export function escapeTitle(text: string, where: TitleContext): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  let lead = 0;
  while (lead < text.length && isWs(text[lead])) lead++;
  let trail = text.length;
  while (trail > lead && isWs(text[trail - 1])) trail--;
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (i < lead || i >= trail) out.push(`&#${ch.charCodeAt(0)};`);
    else if (escapeCore(text, i, out)) continue;
    else if (ch === '\n') out.push('<br>');
    else if (ch === '<' && /[A-Za-z/!?]/.test(text[i + 1] ?? '')) out.push('&lt;');
    else if (where === 'link' && (ch === '[' || ch === ']')) out.push('\\' + ch);
    else out.push(ch);
  }
  let s = out.join('');
  if (where === 'link') return s;
  // `[` would start a link, and `*…*` / `**…**` around the whole title would read back as italic / bold
  if (s[0] === '[' || wholeEmphasis(s)) s = '\\' + s;
  if (where === 'item') {
    const num = /^\d{1,9}(?=[.)])/.exec(s);
    if (num) s = num[0] + '\\' + s.slice(num[0].length);
    else if (/^[-+*#>=]/.test(s)) s = '\\' + s;
  } else {
    // A heading's closing run of '#' (after a space, or the whole title) is not text in CommonMark.
    const close = /(^|[ \t])#+$/.exec(s);
    if (close) s = s.slice(0, close.index + close[1].length) + '\\' + s.slice(close.index + close[1].length);
  }
  return s;
}

function escapeLinkPart(text: string, special: RegExp): string {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (escapeCore(text, i, out)) continue;
    if (ch === '\n') out.push('&#10;');
    else if (special.test(ch)) out.push('\\' + ch);
    else out.push(ch);
  }
  return out.join('');
}

/** `[title](url "tooltip")`, the url bare when it is plain, else in `<…>`. */
export function linkMarkdown(title: string, url: string, tooltip: string | null | undefined): string {
  const dest = /^[^\s()<>\\&]+$/.test(url) ? url : `<${escapeLinkPart(url, /[<>]/)}>`;
  const tip = tooltip ? ` "${escapeLinkPart(tooltip, /"/)}"` : '';
  return `[${escapeTitle(title, 'link')}](${dest}${tip})`;
}

export interface InlineTitle {
  text: string;
  hyperlink?: string;
  hyperlinkTitle?: string;
  fold: boolean;
  /** `**…**` / `*…*` around the whole title (issue 33.3). */
  bold?: boolean;
  italic?: boolean;
  /** Emphasis inside the title, kept as typed (the import counts it). */
  inlineEmphasis?: boolean;
}

const MARKMAP = /[ \t]*<!--[ \t]*markmap:([^>]*?)-->[ \t]*$/;

/** Reads `\x` escapes up to (not including) a stop character; returns [value, index after]. */
function readUntil(s: string, i: number, stop: (ch: string) => boolean): [string, number] {
  let v = '';
  for (; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && isPunct(s[i + 1])) v += ch + s[++i];
    else if (stop(ch)) break;
    else v += ch;
  }
  return [v, i];
}

function parseLinkOnly(s: string): { text: string; dest: string; title?: string } | null {
  if (s[0] !== '[' || s[s.length - 1] !== ')') return null;
  const [text, close] = readUntil(s, 1, (ch) => ch === ']' || ch === '[');
  if (s[close] !== ']' || s[close + 1] !== '(') return null;
  let i = close + 2;
  let dest: string;
  if (s[i] === '<') {
    [dest, i] = readUntil(s, i + 1, (ch) => ch === '>' || ch === '<' || ch === '\n');
    if (s[i] !== '>') return null;
    i++;
  } else {
    let depth = 0;
    [dest, i] = readUntil(s, i, (ch) => /\s/.test(ch) || (ch === ')' && depth-- === 0) || (ch === '(' && ++depth < 0));
  }
  let title: string | undefined;
  const gap = i;
  while (s[i] === ' ' || s[i] === '\t') i++;
  if (s[i] === '"' && i > gap) {
    [title, i] = readUntil(s, i + 1, (ch) => ch === '"');
    if (s[i] !== '"') return null;
    i++;
    while (s[i] === ' ' || s[i] === '\t') i++;
  }
  if (i !== s.length - 1) return null;
  return { text, dest: unescapeInline(dest, false), title: title === undefined ? undefined : unescapeInline(title, false) };
}

export function decodeTitle(raw: string): InlineTitle {
  let s = raw;
  let fold = false;
  const mm = s.includes('<!--') ? MARKMAP.exec(s) : null;
  if (mm) {
    fold = /\bfold\b/.test(mm[1]);
    s = s.slice(0, mm.index);
  }
  const link = s[0] === '[' ? parseLinkOnly(s) : null;
  if (!link) {
    const emph = wholeEmphasis(s.replace(/[ \t]+$/, ''));
    if (emph) return { text: unescapeInline(emph.inner), fold, bold: emph.bold, italic: emph.italic };
    return { text: unescapeInline(s), fold, ...(hasInlineEmphasis(s) ? { inlineEmphasis: true } : {}) };
  }
  const out: InlineTitle = { text: unescapeInline(link.text), hyperlink: link.dest, fold };
  if (link.title) out.hyperlinkTitle = link.title;
  return out;
}

const EMPHASIS: ReadonlyArray<[string, bold: boolean, italic: boolean]> = [
  ['***', true, true],
  ['___', true, true],
  ['**', true, false],
  ['__', true, false],
  ['*', false, true],
  ['_', false, true],
];

/**
 * `**bold**`, `*italic*` (or `__`/`_`, `***` both) around a WHOLE title (issue 33.3): the inner
 * text and its style; null when the title is not one emphasis run (`**a** b`, `*a* *b*`).
 */
export function wholeEmphasis(raw: string): { inner: string; bold: boolean; italic: boolean } | null {
  for (const [d, bold, italic] of EMPHASIS) {
    if (raw.length <= 2 * d.length || !raw.startsWith(d) || !raw.endsWith(d)) continue;
    const inner = raw.slice(d.length, -d.length);
    // a run of the same character inside would close it early; edge spaces or an escaped closer are not emphasis
    if (inner.includes(d[0]) || /^\s|\s$|\\$/.test(inner)) return null;
    return { inner, bold, italic };
  }
  return null;
}

/** Whether a title holds an emphasis run inside it (kept as text, said in the notice). */
export function hasInlineEmphasis(raw: string): boolean {
  return /(^|[^\\*])(\*\*|\*)(?=\S)([^*]*?\S)\2(?!\*)/.test(raw) || /(^|[^\\\w_])(__|_)(?=\S)([^_]*?\S)\2(?![\w_])/.test(raw);
}
