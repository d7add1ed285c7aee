import { newId } from '../model/ids';
import { isRefusedField } from '../model/limits';
import { restoreItems } from '../model/items';
import { KM_VERSION, type KmDocument, type KmNode, type KmNodeData } from '../model/types';
import { themeExists } from '../theme/themes';
import { isKnownLayout } from '../layout/layout-names';
import { repairItems } from './item-repair';
import { upgradeLegacy } from './legacy';
import type { Lost } from './lost';

// Every import goes parse → restore → validate. restore() works on the freshly parsed object,
// never on the live document, so a failure anywhere leaves the editor's current map intact.
// Validation (unique ids, known layouts, known theme) runs in the same walk as the repairs.

const NOT_A_MAP = '无法导入：文件内容不是导图（.km 文件应是一个含根节点的 JSON 对象）';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Fills defaults, drops invalid children (non-objects, nodes without a data object), coerces
 * obviously wrong field types, and gives a fresh id to every node whose id is missing or already
 * used. Ids are prepended to the data object so the key order matches kityminder's constructor.
 * Items pointing at missing topics are repaired or dropped (item-repair.ts), the dropped counted
 * in `lost` when given.
 */
export function restoreDocument(raw: unknown, lost?: Lost): KmDocument {
  if (!isObject(raw)) throw new Error(NOT_A_MAP);
  // {root: {...}}, or a kityminder 1.1.x file that is the root node itself ({data, children}):
  // an object with neither (e.g. {"template":"default"}) would become one empty root.
  if (!isObject(raw.root) && !isObject(raw.data)) throw new Error(NOT_A_MAP);
  const json = upgradeLegacy(raw);
  if (!isObject(json.root)) throw new Error(NOT_A_MAP);
  const seen = new Set<string>();
  const root = restoreTree(json.root as unknown as KmNode, seen, lost);
  // Key order of a .km root object is root, template, theme, version: build a fresh shell.
  const template = typeof json.template === 'string' && json.template ? json.template : 'default';
  const theme = typeof json.theme === 'string' && json.theme ? json.theme : 'fresh-blue';
  // SPEC's words first (the product has always shown them), then what they mean.
  if (!themeExists(theme)) throw new Error(`Theme ${theme} not exists!（文件使用的主题“${theme}”不存在）`);
  const items = restoreItems(json);
  repairItems(root, items, seen, lost);
  return { root, template, theme, version: KM_VERSION, ...items, ...(json.formulas === 'none' ? { formulas: 'none' as const } : {}) };
}

/**
 * Repairs the parsed tree in place (the parse result is ours, so no copy is needed; on 100k
 * nodes the copy was a third of the import time) and checks per-node rules in the same walk.
 */
export function restoreTree(rootIn: KmNode, seen: Set<string>, lost?: Lost): KmNode {
  const stack: KmNode[] = [rootIn];
  while (stack.length) {
    const n = stack.pop()!;
    restoreNode(n, seen, lost);
    const ch = n.children;
    if (!Array.isArray(ch)) {
      n.children = [];
      continue;
    }
    let valid = true;
    for (const c of ch) if (!isObject(c) || !isObject(c.data)) valid = false; // drop invalid
    const kids = valid ? ch : ch.filter((c) => isObject(c) && isObject(c.data));
    n.children = kids;
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return rootIn;
}

function restoreNode(n: KmNode, seen: Set<string>, lost?: Lost): void {
  const inData = isObject(n.data) ? (n.data as KmNodeData) : {};
  // A field a save would refuse goes, counted, before anything reads it: a value with its own
  // toString that is not a function throws once made text (the title, the layout's name below).
  // (for…in, no key array: this runs for every node of every map opened)
  for (const k in inData)
    if (isRefusedField(k, inData[k])) {
      delete inData[k];
      lost?.add('unreadable');
    }
  const id = inData.id;
  if (typeof id === 'string' && id && !seen.has(id)) {
    n.data = inData;
  } else {
    const rest: KmNodeData = {};
    for (const k of Object.keys(inData)) if (k !== 'id') rest[k] = inData[k];
    n.data = { id: uniqueId(seen), ...rest };
  }
  const data = n.data;
  seen.add(data.id as string);
  // kityminder draws a null text as blank; String(null) would have shown "null".
  if (data.text !== undefined && typeof data.text !== 'string') data.text = data.text === null ? '' : String(data.text);
  const layout = data.layout;
  if (layout != null && !isKnownLayout(layout))
    throw new Error(`Missing Layout: ${layout}（节点“${String(data.text ?? '').slice(0, 20)}”使用的布局“${layout}”不存在）`);
}

function uniqueId(seen: Set<string>): string {
  let id = newId();
  while (seen.has(id)) id = newId();
  return id;
}
