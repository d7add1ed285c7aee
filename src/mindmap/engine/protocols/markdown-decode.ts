import type { KmNode } from '../model/types';
import { decodeTitle } from './markdown-inline';
import { Lost } from './lost';
import { forestNotice, stripBom, wrapForest, type ImportNotice } from './notices';

// Markdown → tree. kityminder (reference §2.3) read headings only; real files (markmap notes,
// READMEs) also hold their tree in lists. Rules:
//  * `#` headings (at column 0; a space after the hashes is optional, as in kityminder) nest by
//    level; a heading that skips levels is a child of the nearest shallower one (markmap);
//  * list items (`-`, `*`, `+`, `1.`, `1)`) are nodes, nested by indentation, under the current
//    heading (or at the top when the file has no heading);
//  * everything else is the note of the heading or item it belongs to: lines indented into a list
//    item are that item's note (with the item's indentation removed), other lines the heading's;
//  * `<!--Note-->` … `<!--/Note-->` holds a note verbatim (kityminder's markers);
//  * a code fence (``` or ~~~) runs to a closing fence of the same kind and at least the same
//    length; one opened inside a list item also ends where the item ends;
//  * YAML frontmatter at the start becomes the root's note, in a ```yaml block (its `title:` also
//    names the root of a forest; a notice says so); `**…**` / `*…*` around a whole title make it
//    bold / italic, emphasis inside a title stays as typed and is counted in 未能保留; a setext
//    `===` title on the first line is a level-1 heading (kityminder);
//  * several top-level headings/items become siblings under a new root (a notice says so); text
//    before the first heading is left out (a notice says so), as kityminder drops it.

export const NOTE_OPEN = '<!--Note-->';
export const NOTE_CLOSE = '<!--/Note-->';
export const NO_NODES = '无法导入 Markdown：文件里没有标题（# 开头的行）或列表项（- 开头的行）';

const HEADING = /^(#+)[ \t]*(.*)$/s; // s: a title may hold U+2028, which `.` would not match
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/s;
const THEMATIC_BREAK = /^[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

interface Target {
  node: KmNode;
  lines: string[];
  /** Content of marker blocks; used verbatim when it is the node's only content. */
  blocks: string[][];
}

interface Fence {
  ch: string;
  len: number;
  strip: number;
  owner: Target;
  inItem: boolean;
}

function columns(line: string): number {
  let col = 0;
  for (const ch of line) {
    if (ch === ' ') col++;
    else if (ch === '\t') col += 4 - (col % 4);
    else break;
  }
  return col;
}

function stripColumns(line: string, n: number): string {
  let col = 0;
  let i = 0;
  while (col < n && i < line.length) {
    if (line[i] === ' ') col++;
    else if (line[i] === '\t') col += 4 - (col % 4);
    else break;
    i++;
  }
  return line.slice(i);
}

function closesFence(text: string, f: Fence): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(text);
  return m !== null && m[1][0] === f.ch && m[1].length >= f.len;
}

function frontmatter(lines: string[]): { end: number; title?: string } {
  if (lines[0]?.trimEnd() !== '---') return { end: 0 };
  for (let j = 1; j < lines.length; j++) {
    const l = lines[j].trimEnd();
    if (l !== '---' && l !== '...') continue;
    let title: string | undefined;
    for (const f of lines.slice(1, j)) {
      const m = /^title:[ \t]*(.*?)[ \t]*$/.exec(f);
      if (m) title = m[1].replace(/^(["'])(.*)\1$/, '$2');
    }
    return { end: j + 1, title };
  }
  return { end: 0 };
}

/** Titles with `**…**` / `*…*` inside (not around the whole title): kept as typed, counted. */
type Said = { inline: number };

function newTarget(raw: string, said: Said): Target {
  // Trailing spaces of a heading or item are not part of it (CommonMark); ours are written as entities.
  const t = decodeTitle(raw.replace(/[ \t]+$/, ''));
  if (t.inlineEmphasis) said.inline++;
  const data: KmNode['data'] = { text: t.text };
  if (t.bold) data['font-weight'] = 'bold';
  if (t.italic) data['font-style'] = 'italic';
  if (t.hyperlink !== undefined) data.hyperlink = t.hyperlink;
  if (t.hyperlinkTitle !== undefined) data.hyperlinkTitle = t.hyperlinkTitle;
  if (t.fold) data.expandState = 'collapse';
  return { node: { data }, lines: [], blocks: [] };
}

function addChild(parent: KmNode, child: KmNode): void {
  (parent.children ??= []).push(child);
}

export interface MarkdownResult {
  root: KmNode;
  notices: ImportNotice[];
}

export function decodeMarkdownDoc(input: string, name?: string): MarkdownResult {
  const lines = stripBom(input).split(/\r\n|\r|\n/);
  const fm = frontmatter(lines);
  let start = fm.end;
  if (start + 1 < lines.length && /\S/.test(lines[start]) && !/^[#\s]/.test(lines[start]) && /^={3,}[ \t]*$/.test(lines[start + 1])) {
    lines[start + 1] = '# ' + lines[start]; // kityminder: a setext title on the first line
    start++;
  }
  const said: Said = { inline: 0 };
  const top: Target = { node: { data: { text: '' }, children: [] }, lines: [], blocks: [] };
  const all: Target[] = [top];
  const headings: Array<{ level: number; t: Target }> = [{ level: 0, t: top }];
  const items: Array<{ content: number; t: Target }> = [];
  let fence: Fence | null = null;
  let markers: { t: Target; strip: number } | null = null;
  let blanks = 0;
  let preambleLines = 0;

  const open = (t: Target) => {
    all.push(t);
    blanks = 0;
  };
  /** The heading or item a non-structural line belongs to, by its indentation. */
  const owner = (line: string): [Target, number] => {
    const indent = columns(line);
    while (items.length && indent < items[items.length - 1].content) items.pop();
    if (items.length) return [items[items.length - 1].t, items[items.length - 1].content];
    return [headings[headings.length - 1].t, 0];
  };
  const note = (t: Target, text: string) => {
    // Blank lines separate paragraphs of one note, also around a child item in between.
    if (blanks && t.lines.length) for (let k = 0; k < blanks; k++) t.lines.push('');
    blanks = 0;
    t.lines.push(text);
    if (t === top && headings.length === 1 && /\S/.test(text)) preambleLines++;
  };

  for (let i = start; i < lines.length; i++) {
    const line = lines[i];
    if (markers) {
      if (line.trim() === NOTE_CLOSE) markers = null;
      else {
        const text = stripColumns(line, markers.strip);
        markers.t.lines.push(text);
        markers.t.blocks[markers.t.blocks.length - 1].push(text);
      }
      continue;
    }
    if (fence) {
      if (!(fence.inItem && /\S/.test(line) && columns(line) < fence.strip)) {
        const text = stripColumns(line, fence.strip);
        note(fence.owner, text);
        if (closesFence(text, fence)) fence = null;
        continue;
      }
      fence = null; // the list item ended, and with it the fence opened inside it
    }
    if (!/\S/.test(line)) {
      blanks++;
      continue;
    }
    if (line.trim() === NOTE_OPEN) {
      const [t, strip] = owner(line);
      markers = { t, strip };
      t.blocks.push([]);
      blanks = 0;
      continue;
    }
    const h = line[0] === '#' ? HEADING.exec(line) : null;
    if (h) {
      const level = h[1].length;
      while (headings[headings.length - 1].level >= level) headings.pop();
      const t = newTarget(h[2], said);
      addChild(headings[headings.length - 1].t.node, t.node);
      headings.push({ level, t });
      items.length = 0;
      open(t);
      continue;
    }
    const li = LIST_ITEM.exec(line);
    if (li && !THEMATIC_BREAK.test(line)) {
      const indent = columns(li[1]);
      const gap = li[3] ? columns(' '.repeat(indent + li[2].length) + li[3]) - indent - li[2].length : 1;
      const content = indent + li[2].length + (gap > 4 ? 1 : gap);
      while (items.length && indent < items[items.length - 1].content) items.pop();
      const parent = items.length ? items[items.length - 1].t : headings[headings.length - 1].t;
      const t = newTarget(li[4] ?? '', said);
      addChild(parent.node, t.node);
      items.push({ content, t });
      open(t);
      continue;
    }
    const [t, strip] = owner(line);
    const text = stripColumns(line, strip);
    note(t, text);
    const f = FENCE_OPEN.exec(text);
    if (f && !(f[1][0] === '`' && f[2].includes('`'))) fence = { ch: f[1][0], len: f[1].length, strip, owner: t, inItem: items.length > 0 };
  }

  const tops = top.node.children!;
  if (tops.length === 0) throw new Error(NO_NODES);
  for (const t of all) finishNote(t);
  const notices: ImportNotice[] = [];
  let root: KmNode;
  if (tops.length === 1) {
    root = tops[0];
    if (preambleLines) notices.push({ code: 'preamble', message: `有 ${preambleLines} 行文字不在任何标题或列表项之下，没有导入` });
  } else {
    root = wrapForest(tops, fm.title || name);
    if (top.node.data.note) root.data.note = top.node.data.note;
    notices.push(forestNotice(tops.length, root));
  }
  if (fm.end) {
    // Front matter (YAML: title, tags, markmap options…) is the root's note, ahead of its own.
    const yaml = ['```yaml', ...lines.slice(0, fm.end), '```'].join('\n');
    root.data.note = root.data.note ? `${yaml}\n\n${root.data.note}` : yaml;
    notices.push({ code: 'frontMatter', message: '文件开头的 YAML 前言（front matter）已放在根主题的备注里' });
  }
  const lost = new Lost();
  lost.addNamed('主题文字中的行内加粗或斜体（保留为原样的 ** 或 * 文字）', '个', said.inline);
  return { root, notices: [...notices, ...lost.notices()] };
}

function finishNote(p: Target): void {
  const { data } = p.node;
  const blockLines = p.blocks.length === 1 ? p.blocks[0].length : -1;
  const otherContent = p.lines.length - blockLines;
  const othersBlank = p.blocks.length === 1 && p.lines.filter((l) => /\S/.test(l)).length === p.blocks[0].filter((l) => /\S/.test(l)).length;
  if (p.blocks.length === 1 && othersBlank && otherContent >= 0) {
    data.note = p.blocks[0].join('\n');
    return;
  }
  // The note key is only ever added (never added then deleted: that deoptimises V8 objects).
  if (!p.lines.some((l) => /\S/.test(l))) return;
  const ls = p.lines.slice();
  while (ls.length && !/\S/.test(ls[0])) ls.shift();
  while (ls.length && !/\S/.test(ls[ls.length - 1])) ls.pop();
  data.note = ls.join('\n');
}
