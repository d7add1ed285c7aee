import { asClip, type MapClip } from '../engine/commands/clipboard';
import { MAX_ITEMS, restoreRelationship, restoreSummary, type Relationship, type Summary } from '../engine/model/items';
import type { KmNode } from '../engine/model/types';
import { decodeOutlineTopics, encodeText } from '../engine/protocols/text';

// The system clipboard (reference §1.5, §2.2). Copy writes the subtrees as outline text (any
// app can paste it) and, for this app, the .km JSON inside text/html, so a copy between two maps
// (two tabs, two cases) keeps notes, links, priorities and marks, and the summaries and lines
// that go with the topics (engine/commands/clipboard.ts). Paste reads our JSON first,
// kityminder's clipboard JSON next, else plain indented text from another app through the
// engine's outline-text decoder (several top-level lines allowed, like kityminder's
// Text2Children).

const ATTR = 'data-xuetu-km';
/** kityminder's clipboard tag: '\uFFFF' (application/km) + '\uFEFF' separator + JSON. */
const KM_TAG = '\uFFFF\uFEFF';
/** Pasting more than this is refused rather than freezing the page (the server's map limit). */
export const MAX_PASTE_NODES = 50_000;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Outline text of the subtrees (TAB per level, LF line ends) and the HTML carrying the clip's JSON. */
export function clipboardPayload(from: MapClip | KmNode[]): { text: string; html: string } {
  const clip = asClip(from);
  const { nodes } = clip;
  // encodeText ends every line with a lone CR and escapes line breaks inside titles, so every
  // CR left is a line end: LF is what other apps expect.
  const text = nodes
    .map((n) => encodeText(n))
    .join('')
    .replace(/\r/g, '\n');
  const html = `<meta charset="utf-8"><pre ${ATTR}="${escapeHtml(JSON.stringify(clip))}">${escapeHtml(text)}</pre>`;
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

/** Well-formed items only, at most MAX_ITEMS of each (the clipboard is outside input). */
function itemsOf<T>(list: unknown, restore: (v: unknown) => T | null): T[] {
  if (!Array.isArray(list)) return [];
  return list
    .slice(0, MAX_ITEMS)
    .map(restore)
    .filter((x): x is T => x !== null);
}

/** Our clip ({nodes, relationships, summaries, cut}), or bare subtrees (kityminder, earlier versions). */
function fromJson(json: string): MapClip | null {
  try {
    const x: unknown = JSON.parse(json);
    if (Array.isArray(x)) return asNodes(x) && asClip(x as KmNode[]);
    if (!x || typeof x !== 'object') return null;
    const o = x as Record<string, unknown>;
    const nodes = asNodes(o.nodes);
    if (!nodes) return null;
    const relationships = itemsOf<Relationship>(o.relationships, restoreRelationship);
    const summaries = itemsOf<Summary>(o.summaries, restoreSummary);
    return o.cut === true ? { nodes, relationships, summaries, cut: true } : { nodes, relationships, summaries };
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
 * What a paste brings: our clip from text/html, else kityminder's tagged JSON, else the plain
 * text as outline. No nodes when the clipboard holds nothing usable.
 */
export function clipFromClipboard(html: string, text: string): MapClip {
  if (html.includes(ATTR)) {
    const el = new DOMParser().parseFromString(html, 'text/html').querySelector(`[${ATTR}]`);
    const clip = el && fromJson(el.getAttribute(ATTR) ?? '');
    if (clip) return clip;
  }
  if (text.startsWith(KM_TAG)) {
    const clip = fromJson(text.slice(KM_TAG.length));
    if (clip) return clip;
  }
  return asClip(/\S/.test(text) ? nodesFromText(text) : []);
}

/**
 * Puts the subtrees on the system clipboard. Called inside the key handler (the user gesture)
 * with the nodes still on their way from the worker: ClipboardItem takes promises. Resolves
 * false when the browser refused (the map's own clipboard still has the copy).
 */
export async function writeClipboard(clip: Promise<MapClip | undefined>): Promise<boolean> {
  const payload = clip.then((c) => clipboardPayload(c ?? []));
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

/** The system clipboard's clip through the async API (the 粘贴 menu item; asks for permission). */
export async function readClipboard(): Promise<MapClip> {
  let html = '';
  let text = '';
  for (const item of await navigator.clipboard.read()) {
    if (item.types.includes('text/html')) html = await (await item.getType('text/html')).text();
    if (item.types.includes('text/plain')) text = await (await item.getType('text/plain')).text();
  }
  return clipFromClipboard(html, text);
}
