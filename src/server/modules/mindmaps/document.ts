import {
  documentProblem,
  LIMIT_MESSAGES,
  MAX_DOCUMENT_BYTES,
  type KmDocument,
  type KmNode,
  encodeKm,
  restoreDocument,
  decodeText,
  encodeText,
} from '../../../mindmap/core';
import { badRequest } from '../../http/envelope';

// The server reads and writes .km and outline text with the engine's codecs, so a map or outline
// the editor produced is read here exactly as the editor reads it (one format, one implementation).

export type { KmDocument, KmNode };
export { MAX_DOCUMENT_BYTES };

const NOT_JSON = '思维导图格式错误：不是有效的 JSON';

/** The engine's import errors are English (kityminder's wording); a student sees Chinese. */
function restoreMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (msg.startsWith('Theme ')) return '思维导图格式错误：未知的主题';
  if (msg.startsWith('Missing Layout')) return '思维导图格式错误：未知的布局';
  return '思维导图格式错误';
}

/**
 * The one way a document enters the server, whether sent as JSON or as a JSON string: parse,
 * check the structural limits (engine/model/limits: nodes, levels, nesting of every value,
 * prototype keys), restore with the engine (defaults, unique ids, known theme and layouts) and
 * encode as .km. Throws a 400 with the reason. What passes can always be served again: its
 * nesting is bounded far below what JSON.stringify can handle.
 */
export function parseDocument(input: unknown): { doc: KmDocument; text: string } {
  let raw = input;
  if (typeof input === 'string') {
    if (Buffer.byteLength(input) > MAX_DOCUMENT_BYTES) throw badRequest(LIMIT_MESSAGES.bytes);
    try {
      raw = JSON.parse(input); // V8's JSON.parse is iterative: deep text cannot overflow it
    } catch {
      throw badRequest(NOT_JSON);
    }
  }
  const problem = documentProblem(raw);
  if (problem) throw badRequest(problem);
  let doc: KmDocument;
  try {
    doc = restoreDocument(raw);
  } catch (e) {
    throw badRequest(restoreMessage(e));
  }
  const text = encodeKm(doc);
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw badRequest(LIMIT_MESSAGES.bytes);
  return { doc, text };
}

/** Visits every node with its level (root = 1) in document order. Iterative: maps may be deep. */
export function walk(root: KmNode, visit: (n: KmNode, level: number) => void): void {
  const stack: [KmNode, number][] = [[root, 1]];
  while (stack.length) {
    const [n, level] = stack.pop()!;
    visit(n, level);
    const ch = n.children ?? [];
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], level + 1]);
  }
}

/** Lines of outline text without the empty ones (the engine ends each line with a lone CR). */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/).filter((l) => l !== '');

/**
 * The map's outline as the editor's 大纲 shows it: the engine's outline export (a tab per level,
 * `\n` and `\` escaped in titles, empty titles as 分支主题), one line per node, LF between lines.
 */
export function toOutline(doc: KmDocument): string {
  return linesOf(encodeText(doc.root)).join('\n');
}

/**
 * Whether outline text describes this map: it is the engine's own export of it (byte for byte,
 * line endings aside), or the engine's outline import reads it as the same titles in the same
 * places (the student's wording: four spaces for a tab, blank lines).
 */
export function outlineDescribes(outline: string, doc: KmDocument): boolean {
  const expected = toOutline(doc);
  if (linesOf(outline).join('\n') === expected) return true;
  let root: KmNode | undefined;
  try {
    root = decodeText(outline);
  } catch {
    return false; // not an outline the editor could apply
  }
  return root !== undefined && linesOf(encodeText(root)).join('\n') === expected;
}

/**
 * Marks learnt nodes (isStudy 1) and the current one (isNow 1) for the student's view. 正在学 is
 * one node at most and never a learnt one (issue 22): the server's `now` (maps.ts#nowOf) when it
 * has one, else the first unlearnt node the student's own map marked; any other mark is dropped.
 */
export function markProgress(doc: KmDocument, learnt: ReadonlySet<string>, now: string | undefined): KmDocument {
  let kept = now;
  walk(doc.root, (n) => {
    const id = String(n.data.id ?? '');
    if (learnt.has(id)) n.data.isStudy = 1;
    const marked = Number(n.data.isNow) === 1;
    delete n.data.isNow;
    if (marked && kept === undefined && Number(n.data.isStudy) !== 1) kept = id;
  });
  if (kept !== undefined)
    walk(doc.root, (n) => {
      if (String(n.data.id ?? '') === kept && Number(n.data.isStudy) !== 1) n.data.isNow = 1;
    });
  return doc;
}
