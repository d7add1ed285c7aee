import { DEFAULT_TEXT, type KmNode, type KmNodeData } from '../model/types';
import { decodeMarkdownDoc, NOTE_CLOSE, NOTE_OPEN, type MarkdownResult } from './markdown-decode';
import { escapeTitle, linkMarkdown } from './markdown-inline';

// Markdown/GFM (.md), reference §2.3: one heading per node, the note as the paragraph(s) under
// it, written as kityminder writes it. Deliberate changes, each tested:
//  * levels 1–6 are headings; deeper nodes are nested `- ` list items (two spaces per level), which
//    GitHub and markmap read; kityminder wrote `#######`, which is not a heading anywhere;
//  * titles are escaped so they read back exactly (markdown-inline.ts); a hyperlink is written
//    as the title's link `[title](url "tooltip")`, as markmap files hold links;
//  * a note that would not read back verbatim (it holds headings, list items, an open fence,
//    leading/trailing blank lines…) is wrapped in <!--Note--> markers and written unchanged
//    (kityminder prefixed the node's hashes to every '#' line, so note headings got deeper on
//    each round trip); a list item's note is always wrapped, indented into the item;
//  * empty text exports as 分支主题 (SPEC).
// Import: markdown-decode.ts.

export { NOTE_CLOSE, NOTE_OPEN } from './markdown-decode';

const MAX_HEADING = 6;

function titleOf(data: KmNodeData, where: 'heading' | 'item'): string {
  const text = data.text ? data.text : DEFAULT_TEXT;
  const link = data.hyperlink;
  if (typeof link === 'string' && link) return linkMarkdown(text, link, typeof data.hyperlinkTitle === 'string' ? data.hyperlinkTitle : null);
  return escapeTitle(text, where);
}

/** True when the note, written raw under a heading, reads back as exactly this note and nothing else. */
function readsBackRaw(note: string): boolean {
  if (note.includes('\r') || !/\S/.test(note.slice(0, note.indexOf('\n') >>> 0)) || !/\S/.test(note.slice(note.lastIndexOf('\n') + 1))) return false;
  try {
    const { root } = decodeMarkdownDoc(`# x\n\n${note}\n\n## y\n`);
    const kids = root.children ?? [];
    return (
      root.data.text === 'x' &&
      root.data.note === note &&
      kids.length === 1 &&
      kids[0].data.text === 'y' &&
      kids[0].data.note === undefined &&
      !kids[0].children
    );
  } catch {
    return false;
  }
}

export function encodeMarkdown(root: KmNode): string {
  const out: string[] = [];
  const stack: Array<[KmNode, number]> = [[root, 1]];
  while (stack.length) {
    const [n, level] = stack.pop()!;
    const note = typeof n.data.note === 'string' && n.data.note !== '' ? n.data.note : null;
    if (level <= MAX_HEADING) {
      if (out.length && out[out.length - 1] !== '') out.push('');
      out.push('#'.repeat(level) + ' ' + titleOf(n.data, 'heading'), '');
      if (note !== null) {
        if (readsBackRaw(note)) out.push(note, '');
        else out.push(NOTE_OPEN, note, NOTE_CLOSE, '');
      }
    } else {
      const indent = '  '.repeat(level - MAX_HEADING - 1);
      out.push(indent + '- ' + titleOf(n.data, 'item'));
      if (note !== null) {
        const pad = indent + '  ';
        out.push(pad + NOTE_OPEN);
        for (const l of note.split('\n')) out.push(l ? pad + l : '');
        out.push(pad + NOTE_CLOSE);
      }
    }
    const ch = n.children ?? [];
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], level + 1]);
  }
  if (out[out.length - 1] !== '') out.push('');
  return out.join('\n');
}

/** Bare node tree like kityminder's decoder; several top-level topics go under a 中心主题 root. */
export function decodeMarkdown(input: string): KmNode {
  return decodeMarkdownDoc(input).root;
}

/** The tree and what changed shape on the way (a forest wrapped, a preamble left out). */
export function decodeMarkdownWithNotices(input: string, name?: string): MarkdownResult {
  return decodeMarkdownDoc(input, name);
}
