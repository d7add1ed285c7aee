import { DEFAULT_TEXT, type KmNode } from '../model/types';
import { INVALID, type ImportNotice, forestNotice, stripBom, wrapForest } from './notices';

// Outline text (.txt, "大纲文本"), reference §2.1. Export: TAB per level, every line ends with a
// lone CR, as kityminder writes it. Every title reads back exactly (issue 15.4):
//  * backslash escapes, reversed by the decoder: `\n` line break, `\r` carriage return, `\\` a
//    backslash, and — only as a title's first two characters — `\` + a whitespace character for
//    that character (so a title that starts with spaces or is all blank is neither read as
//    indentation nor skipped as a blank line). A backslash is doubled only where it would
//    otherwise read as one of these escapes, so `C:\dir` and `\d+` are written as they are;
//  * an empty title exports as 分支主题 (SPEC).
// Import reads kityminder's files as kityminder does (only `\n` and `\\n` were escapes; a
// literal `\\` followed by anything else now reads as one backslash) and plain indented text
// from people and other apps: see levelUnit for how leading spaces are read.
// Deliberate fixes (README): kityminder's stale-parent quirk is rejected like any skipped level;
// a forest (several unindented lines) is refused by decodeText (the outline panel edits one map)
// but imported under a new root by decodeOutline (a file).

const isSpace = (ch: string | undefined): boolean => ch !== undefined && /\s/.test(ch);
const ESCAPED_BY_BACKSLASH = new Set(['\\', 'n', 'r', '\n', '\r']);
const NEEDS_ENCODE = /[\\\n\r]|^\s/;

/** One title → the text of its line (without indentation). */
export function encodeWrap(text: string): string {
  if (!NEEDS_ENCODE.test(text)) return text; // fast path: most titles have nothing to escape
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\\') {
      const next = text[i + 1];
      const misread = next === undefined || ESCAPED_BY_BACKSLASH.has(next) || (i === 0 && isSpace(next));
      out += misread ? '\\\\' : '\\';
    } else if (i === 0 && isSpace(ch)) out += '\\' + ch;
    else out += ch;
  }
  return out;
}

/** The text of a line (indentation removed) → the title. */
export function decodeWrap(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text[i + 1];
    if (next === 'n') out += '\n';
    else if (next === 'r') out += '\r';
    else if (next === '\\') out += '\\';
    else if (i === 0 && isSpace(next)) out += next;
    else {
      out += ch; // any other backslash is a literal one (and so is a trailing one)
      continue;
    }
    i++;
  }
  return out;
}

export function encodeText(root: KmNode): string {
  const parts: string[] = [];
  const stack: Array<[KmNode, number]> = [[root, 0]];
  while (stack.length) {
    const [n, depth] = stack.pop()!;
    const text = n.data.text;
    parts.push('\t'.repeat(depth) + encodeWrap(text ? text : DEFAULT_TEXT) + '\r');
    const ch = n.children ?? [];
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], depth + 1]);
  }
  return parts.join('');
}

/**
 * Spaces per level. A TAB is always one level. Leading spaces are ambiguous: kityminder (and our
 * export, which only ever indents with TABs) counts four spaces as a level and leaves 1–3
 * leftover spaces in the title. Outliners and editors often indent with two. So: in a file where
 * no line is indented with a TAB and some line starts with 2, 6, 10… spaces, two spaces make a
 * level; otherwise four do. Leftover spaces stay part of the title, as in kityminder.
 */
export function levelUnit(lines: readonly string[]): number {
  let twos = false;
  for (const line of lines) {
    if (line[0] === '\t' && /\S/.test(line)) return 4;
    if (line[0] !== ' ' || !/\S/.test(line)) continue;
    let n = 0;
    while (line[n] === ' ') n++;
    if (line[n] === '\t') return 4;
    if (n % 4 === 2) twos = true;
  }
  return twos ? 2 : 4;
}

/**
 * Text copied from a web page indents with no-break spaces: in the indentation they count as
 * spaces (kityminder's Firefox variant did so too). Ours never writes them there: a title that
 * starts with one has it escaped.
 */
function nbspIndent(line: string): string {
  if (!line.includes('\u00a0')) return line;
  return line.replace(/^[\t \u00a0]+/, (indent) => indent.replace(/\u00a0/g, ' '));
}

function levelOf(line: string, unit: number): [number, string] {
  const spaces = ' '.repeat(unit);
  let level = 0;
  let i = 0;
  for (;;) {
    if (line[i] === '\t') i += 1;
    else if (line.startsWith(spaces, i)) i += unit;
    else break;
    level++;
  }
  return [level, line.slice(i)];
}

const where = (line: number) => `${INVALID}：第 ${line} 行：`;

export interface OutlineResult {
  root: KmNode;
  notices: ImportNotice[];
}

/**
 * The top-level topics of outline text, each a bare node tree (leaves have no children key, no
 * ids). `refuse` throws on a second top-level line, naming it; skipped levels always throw.
 */
function parseTopics(input: string, forest: 'wrap' | 'refuse'): KmNode[] {
  const lines = stripBom(input)
    .split(/\r\n|\r|\n/)
    .map(nbspIndent);
  const unit = levelUnit(lines);
  // path[k] = the current node at level k; cleared below a new line's level (the stale-parent fix).
  const path: KmNode[] = [];
  const tops: KmNode[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!/\S/.test(line)) continue;
    const [level, rest] = levelOf(line, unit);
    const node: KmNode = { data: { text: decodeWrap(rest) } };
    if (level === 0) {
      if (tops.length && forest === 'refuse') {
        throw new Error(`${where(i + 1)}出现第二个根主题（只有第一个主题可以不缩进，其余主题都要缩进在它下面）`);
      }
      tops.push(node);
    } else if (path.length < level) {
      const detail =
        path.length === 0
          ? '第一个主题不能缩进'
          : `上一级是第 ${path.length} 级，这一行缩进到了第 ${level + 1} 级；每级用一个 Tab 或 ${unit} 个空格，每次只能深一级`;
      throw new Error(`${where(i + 1)}缩进跳级（${detail}）`);
    } else {
      (path[level - 1].children ??= []).push(node);
    }
    path.length = level;
    path[level] = node;
  }
  return tops;
}

/**
 * Parses outline text into a bare node tree, or undefined when there is no line at all.
 * `forest: 'wrap'` puts several top-level lines under a new root named `name` (or 中心主题) and
 * reports it; 'refuse' throws, naming the line.
 */
export function decodeOutline(input: string, opts: { forest: 'wrap' | 'refuse'; name?: string }): OutlineResult | undefined {
  const tops = parseTopics(input, opts.forest);
  if (tops.length === 0) return undefined;
  if (tops.length === 1) return { root: tops[0], notices: [] };
  const root = wrapForest(tops, opts.name);
  return { root, notices: [forestNotice(tops.length, root)] };
}

/** Outline text pasted under a node (kityminder's Text2Children): every top-level line is one topic. */
export function decodeOutlineTopics(input: string): KmNode[] {
  return parseTopics(input, 'wrap');
}

/** kityminder's decoder contract: a bare node, undefined for empty input; a second root throws. */
export function decodeText(input: string): KmNode | undefined {
  return decodeOutline(input, { forest: 'refuse' })?.root;
}
