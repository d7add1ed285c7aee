import { documentProblem } from '../model/limits';
import type { KmDocument } from '../model/types';
import { describeJsonError } from './json-error';
import { fileFormulas, formulasMark, FORMULAS_KEY } from './km-formulas';
import type { Lost } from './lost';
import { stripBom } from './notices';
import { restoreDocument } from './restore';

// .km = JSON.stringify of {root, template, theme, version}: one line, insertion key order,
// nulls kept, undefined dropped. Byte-compatible with kityminder's json protocol; relationship
// lines and summaries follow as extra top-level keys only when the map has any (model/items.ts),
// and `formulas` only when a text holds a `$` (km-formulas.ts).

/**
 * `lost` counts the items dropped because they pointed at topics the file does not have. `file`:
 * the text is a .km file from anywhere (an import), not a map saved by this app: without this
 * editor's marker its `$` are literal text, as kityminder shows them (km-formulas.ts).
 */
export function decodeKm(text: string, lost?: Lost, file = false): KmDocument {
  const json = stripBom(text);
  if (!/\S/.test(json)) throw new Error('无法导入 .km 文件：文件是空的');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    const e = describeJsonError(json);
    throw new Error(e ? `无法导入 .km 文件：第 ${e.line} 行第 ${e.column} 列：${e.what}（不是有效的 JSON）` : '无法导入 .km 文件：内容不是有效的 JSON');
  }
  const doc = restoreDocument(raw, lost);
  if (file) refuseBeyondLimits(doc);
  return file ? fileFormulas(raw, doc) : doc;
}

/**
 * A file from anywhere is held to the limits a save is (model/limits.ts) once restored: refused
 * here in Chinese instead of imported and then refused by the server at the first save.
 */
function refuseBeyondLimits(doc: KmDocument): void {
  const problem = documentProblem(doc);
  if (problem) throw new Error(`无法导入 .km 文件：${problem}`);
}

export function encodeKm(doc: KmDocument): string {
  const out: KmDocument = { root: doc.root, template: doc.template, theme: doc.theme, version: doc.version };
  if (doc.relationships?.length) out.relationships = doc.relationships;
  if (doc.summaries?.length) out.summaries = doc.summaries;
  const mark = formulasMark(doc);
  return JSON.stringify(mark ? { ...out, [FORMULAS_KEY]: mark } : out);
}
