import { DEFAULT_TEXT, type KmNode } from '../model/types';

// Outline text (.txt, "大纲文本"), reference §2.1. Export: TAB per level, every line ends with a lone
// CR. Import: TAB or exactly four spaces per level, `\n` escapes.
// Deliberate fixes (documented in README): an empty text exports as 分支主题 so the file re-imports,
// and a line whose parent level was not seen since its nearest shallower line (kityminder's
// stale-parent quirk) is rejected with `Invalid local format` like any other skipped level.

const INVALID = 'Invalid local format';

const NEEDS_ENCODE = /[\\\n\r]/;

export function encodeWrap(text: string): string {
  if (!NEEDS_ENCODE.test(text)) return text; // fast path: most titles have nothing to escape
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined || next === '\n' || next === '\r') continue; // kityminder drops these
      if (next === 'n') {
        out += '\\\\n';
        i++;
        continue;
      }
      out += ch + next;
      i++;
    } else if (ch === '\n' || ch === '\r') out += '\\n';
    else out += ch;
  }
  return out;
}

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
    if (next === undefined) break; // trailing lone backslash is lost
    if (next === 'n') {
      out += '\n';
      i++;
    } else if (next === '\\' && text[i + 2] === 'n') {
      out += '\\n';
      i += 2;
    } else {
      out += ch + next;
      i++;
    }
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

function levelOf(line: string): [number, string] {
  let level = 0;
  let i = 0;
  for (;;) {
    if (line[i] === '\t') i += 1;
    else if (line.startsWith('    ', i)) i += 4;
    else break;
    level++;
  }
  return [level, line.slice(i)];
}

/** Returns a bare node like kityminder's decoder (leaves have no children key), or undefined for empty input. */
export function decodeText(input: string): KmNode | undefined {
  const lines = input.split(/\r\n|\r|\n/);
  // path[k] = the current node at level k; cleared below a new line's level (the stale-parent fix).
  const path: KmNode[] = [];
  let root: KmNode | undefined;
  for (const line of lines) {
    if (!/\S/.test(line)) continue;
    const [level, rest] = levelOf(line);
    const node: KmNode = { data: { text: decodeWrap(rest) } };
    if (level === 0) {
      if (root) throw new Error(INVALID);
      root = node;
    } else {
      const parent = path[level - 1];
      if (!parent || path.length < level) throw new Error(INVALID);
      (parent.children ??= []).push(node);
    }
    path.length = level;
    path[level] = node;
  }
  return root;
}
