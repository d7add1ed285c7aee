import type { KmNode } from '../../../engine/model/types';
import { decodeOutlineTopics, encodeText } from '../../../engine/protocols/text';

// The system clipboard (reference §1.5, §2.2). Copy writes the subtrees as outline text (any
// app can paste it) and, for this app, the .km JSON inside text/html, so a copy between two maps
// (two tabs, two cases) keeps notes, links, priorities and marks. Paste reads our JSON first,
// kityminder's clipboard JSON next, else plain indented text from another app through the
// engine's outline-text decoder (several top-level lines allowed, like kityminder's
// Text2Children).

const ATTR = 'data-xuetu-km';
/** kityminder's clipboard tag: '\uFFFF' (application/km) + '\uFEFF' separator + JSON. */
const KM_TAG = '\uFFFF\uFEFF';
/** Pasting more than this is refused rather than freezing the page (the server's map limit). */
export const MAX_PASTE_NODES = 50_000;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Outline text of the subtrees (TAB per level, LF line ends) and the HTML carrying the .km JSON. */
export function clipboardPayload(nodes: readonly KmNode[]): { text: string; html: string } {
  // encodeText ends every line with a lone CR and escapes line breaks inside titles, so every
  // CR left is a line end: LF is what other apps expect.
  const text = nodes
    .map((n) => encodeText(n))
    .join('')
    .replace(/\r/g, '\n');
  const html = `<meta charset="utf-8"><pre ${ATTR}="${escapeHtml(JSON.stringify(nodes))}">${escapeHtml(text)}</pre>`;
  return { text, html };
}

/** Checks the shape of clipboard JSON (data objects, children arrays), iteratively and bounded. */
function asNodes(x: unknown): KmNode[] | null {
  if (!Array.isArray(x) || !x.length) return null;
  const stack: unknown[] = [...x];
  let count = 0;
  while (stack.length) {
    const n = stack.pop() as { data?: unknown; children?: unknown } | null;
    if (!n || typeof n !== 'object' || !n.data || typeof n.data !== 'object' || Array.isArray(n.data)) return null;
    if (++count > MAX_PASTE_NODES) return null;
    if (n.children === undefined) continue;
    if (!Array.isArray(n.children)) return null;
    stack.push(...(n.children as unknown[]));
  }
  return x as KmNode[];
}

function fromJson(json: string): KmNode[] | null {
  try {
    return asNodes(JSON.parse(json));
  } catch {
    return null;
  }
}

/** Outline text as new subtrees: each unindented line starts one (throws 'Invalid local format' on a skipped level). */
export function nodesFromText(text: string): KmNode[] {
  // The engine's reading of pasted text (Text2Children): the student's own line numbers in an
  // error, and two spaces per level as in a file (a stand-in root line shifted both).
  return decodeOutlineTopics(text.replace(/&nbsp;/g, ' '));
}

/**
 * The subtrees a paste brings: our JSON from text/html, else kityminder's tagged JSON, else the
 * plain text as outline. [] when the clipboard holds nothing usable.
 */
export function nodesFromClipboard(html: string, text: string): KmNode[] {
  if (html.includes(ATTR)) {
    const el = new DOMParser().parseFromString(html, 'text/html').querySelector(`[${ATTR}]`);
    const nodes = el && fromJson(el.getAttribute(ATTR) ?? '');
    if (nodes) return nodes;
  }
  if (text.startsWith(KM_TAG)) {
    const nodes = fromJson(text.slice(KM_TAG.length));
    if (nodes) return nodes;
  }
  return /\S/.test(text) ? nodesFromText(text) : [];
}

/**
 * Puts the subtrees on the system clipboard. Called inside the key handler (the user gesture)
 * with the nodes still on their way from the worker: ClipboardItem takes promises. Resolves
 * false when the browser refused (the map's own clipboard still has the copy).
 */
export async function writeClipboard(nodes: Promise<readonly KmNode[] | undefined>): Promise<boolean> {
  const payload = nodes.then((n) => clipboardPayload(n ?? []));
  try {
    if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) throw new Error('no async clipboard');
    const blob = (type: 'text' | 'html') => payload.then((p) => new Blob([p[type]], { type: `text/${type === 'text' ? 'plain' : 'html'}` }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob('text'), 'text/html': blob('html') })]);
    return true;
  } catch {
    try {
      await navigator.clipboard.writeText((await payload).text);
      return true;
    } catch {
      return false;
    }
  }
}

/** The system clipboard's subtrees through the async API (the 粘贴 menu item; asks for permission). */
export async function readClipboard(): Promise<KmNode[]> {
  let html = '';
  let text = '';
  for (const item of await navigator.clipboard.read()) {
    if (item.types.includes('text/html')) html = await (await item.getType('text/html')).text();
    if (item.types.includes('text/plain')) text = await (await item.getType('text/plain')).text();
  }
  return nodesFromClipboard(html, text);
}
