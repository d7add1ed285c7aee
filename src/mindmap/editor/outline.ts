import type { KmDocument } from '../engine/model/types';
import { baseLinesOf, linesOf, sameLines } from '../engine/outline/outline-lines';
import type { BaseLine, OutlineLine } from '../engine/outline/outline-match';
import { exportDocument, importDocument } from '../engine/protocols/formats';

// The 大纲 (outline text) view's logic: the map as text plus the node id of every line (the
// base an edit is diffed against, engine `applyOutline`), parsing through the engine's text
// import with a Chinese explanation and the line at fault. The text format itself is the
// engine's (encodeText/decodeText): nothing here re-implements it.

export const INVALID = 'Invalid local format';

/** The engine's outline export ends every line with a lone CR; the text field wants LF. */
export function outlineFromExport(txt: string): string {
  return txt
    .split(/\r\n|\r|\n/)
    .filter((l) => l !== '')
    .join('\n');
}

function levelOf(line: string): number {
  let level = 0;
  for (let i = 0; ; level++) {
    if (line[i] === '\t') i += 1;
    else if (line.startsWith('    ', i)) i += 4;
    else return level;
  }
}

/** 1-based line of the first line the import refuses (a second root or a skipped level), or 0. */
export function badLine(text: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  let prev = -1;
  let roots = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!/\S/.test(lines[i])) continue;
    const level = levelOf(lines[i]);
    if (level === 0 && ++roots > 1) return i + 1;
    if (level > prev + 1) return i + 1;
    prev = level;
  }
  return 0;
}

/** The user-facing message of a refused outline (the engine's text, explained). */
export function outlineError(text: string, error: unknown): string {
  const msg = error instanceof Error ? error.message : String(error);
  if (msg !== INVALID) return msg;
  if (!/\S/.test(text)) return `${INVALID}：大纲为空，至少需要一个根主题`;
  const line = badLine(text);
  const where = line ? `第 ${line} 行：` : '';
  return `${INVALID}：${where}大纲只能有一个根主题（第一行，不缩进），每一级用一个 Tab 或四个空格缩进，且不能跳级`;
}

/**
 * Parses outline text with the engine's text import; throws the message to show. Never touches a
 * map. Any depth is read: the level-4 rule limits inserting (the engine's applyOutline refuses a
 * new or moved node below level 4), so the outline of a deeper imported map can still be applied
 * and exported as an image.
 */
export function parseOutline(text: string): KmDocument {
  try {
    return importDocument('txt', text);
  } catch (e) {
    throw new Error(outlineError(text, e));
  }
}

/** The map's outline: the text to show and, per line, the node it stands for. */
export function outlineOfMap(km: KmDocument): { text: string; base: BaseLine[] } {
  return { text: outlineFromExport(exportDocument('txt', km)), base: baseLinesOf(km.root) };
}

/** The lines of an edited outline; throws the message to show (a refused outline, a fifth level). */
export function editedLines(text: string): OutlineLine[] {
  return linesOf(parseOutline(text).root);
}

/** True when `text` (e.g. the student's own wording, four spaces or blank lines) says exactly the map's outline. */
export function describes(text: string, base: readonly BaseLine[]): boolean {
  try {
    return sameLines(editedLines(text), base);
  } catch {
    return false;
  }
}

/** Same lines and the same nodes behind them. */
export function sameBase(a: readonly BaseLine[] | null, b: readonly BaseLine[]): boolean {
  return !!a && sameLines(a, b) && a.every((l, i) => l.id === b[i].id);
}
