import { DEFAULT_TEXT, type KmNode } from '../model/types';

// Markdown/GFM (.md), reference §2.3: one heading per node ('#' × level, unlimited depth), the
// note as the paragraph(s) under it. Deliberate fixes, each tested:
//  * note inflation: a note that would not read back verbatim is wrapped in <!--Note--> markers
//    and written unchanged (kityminder prefixed the node's hashes to every '#' line, so note
//    headings got deeper on each round trip);
//  * heading collapse: a later level-1 heading does not replace the whole document, it becomes
//    note text of the current node (like any skipped-level heading);
//  * line breaks inside a title are written as <br> so they cannot leak out of the heading;
//  * empty text exports as 分支主题; a document without a level-1 heading is `Invalid local format`.

const NOTE_OPEN = '<!--Note-->';
const NOTE_CLOSE = '<!--/Note-->';
const HEADING = /^(#+)?\s*(.*)$/;
const FENCE = /^\s*```/;

function noteNeedsMarkers(note: string): boolean {
  const lines = note.split('\n');
  if (!/\S/.test(lines[0]) || !/\S/.test(lines[lines.length - 1])) return true; // would be trimmed
  // A balanced ``` fence keeps its '#' lines verbatim on import; outside fences they would become headings.
  let code = false;
  for (const l of lines) {
    if (FENCE.test(l)) code = !code;
    else if (!code && l.startsWith('#')) return true;
    if (l === NOTE_OPEN || l === NOTE_CLOSE || l.includes('\r')) return true;
  }
  return code;
}

export function encodeMarkdown(root: KmNode): string {
  const lines: string[] = [];
  const stack: Array<[KmNode, number]> = [[root, 1]];
  while (stack.length) {
    const [n, level] = stack.pop()!;
    const text = n.data.text ? n.data.text.replace(/\r\n|\r|\n/g, '<br>') : DEFAULT_TEXT;
    lines.push('#'.repeat(level) + ' ' + text, '');
    const note = n.data.note;
    if (typeof note === 'string' && note !== '') {
      if (noteNeedsMarkers(note)) lines.push(NOTE_OPEN, note, NOTE_CLOSE, '');
      else lines.push(note, '');
    }
    const ch = n.children ?? [];
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], level + 1]);
  }
  return lines.join('\n');
}

interface Pending {
  node: KmNode;
  lines: string[];
  /** Content of marker blocks; used verbatim when it is the node's only content. */
  blocks: string[][];
}

export function decodeMarkdown(input: string): KmNode {
  let md = input;
  const setext = /^(.+)\n={3,}/.exec(md);
  if (setext && setext.index === 0) md = '# ' + setext[1] + md.slice(setext[0].length);
  const lines = md.split(/\r\n|\r|\n/);
  const byLevel: KmNode[] = [];
  const pendings: Pending[] = [];
  let current: Pending | null = null;
  let root: KmNode | null = null;
  let lastLevel = 0;
  let noteMode = false;
  let codeMode = false;
  for (const line of lines) {
    if (line === NOTE_OPEN || line === NOTE_CLOSE) {
      noteMode = line === NOTE_OPEN;
      if (current && noteMode) current.blocks.push([]);
      continue;
    }
    if (!noteMode && FENCE.test(line)) codeMode = !codeMode;
    const m = HEADING.exec(line)!;
    const level = m[1] ? m[1].length : 0;
    const isNote = noteMode || codeMode || level === 0 || level > lastLevel + 1 || (level === 1 && root !== null);
    if (isNote) {
      if (!current) continue; // text before the first heading is dropped, as in kityminder
      current.lines.push(line);
      if (noteMode) current.blocks[current.blocks.length - 1].push(line);
      continue;
    }
    const node: KmNode = { data: { text: m[2].replace(/<br>/g, '\n') } };
    if (level === 1) root = node;
    else (byLevel[level - 1].children ??= []).push(node);
    byLevel[level] = node;
    byLevel.length = level + 1;
    lastLevel = level;
    current = { node, lines: [], blocks: [] };
    pendings.push(current);
  }
  if (!root) throw new Error('Invalid local format');
  for (const p of pendings) finishNote(p);
  return root;
}

function finishNote(p: Pending): void {
  const { data } = p.node;
  const blockLines = p.blocks.length === 1 ? p.blocks[0].length : -1;
  const otherContent = p.lines.length - blockLines;
  const othersBlank = p.blocks.length === 1 && p.lines.filter((l) => /\S/.test(l)).length === p.blocks[0].filter((l) => /\S/.test(l)).length;
  if (p.blocks.length === 1 && othersBlank && otherContent >= 0) {
    data.note = p.blocks[0].join('\n');
    return;
  }
  // The note key is only ever added (never added then deleted: that deoptimises V8 objects).
  const text = p.lines.join('\n');
  if (!/\S/.test(text)) return;
  const ls = p.lines.slice();
  while (ls.length && !/\S/.test(ls[0])) ls.shift();
  while (ls.length && !/\S/.test(ls[ls.length - 1])) ls.pop();
  data.note = ls.join('\n');
}
