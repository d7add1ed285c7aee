import type { KmDocument, KmNode } from '../model/types';

// Who decides whether `$…$` in a .km title is a formula (issue 33.3). kityminder/百度脑图 has no
// formulas: its titles are literal text (`$data和$props`, `通过${}或者$()`). This editor reads
// `$…$` as formulas (render/formula.ts). So a .km FILE says which reading it was written for in a
// top-level key kityminder ignores (like `relationships`):
//   "formulas": "dollar"  written by this editor for a map with `$` in its texts: formulas;
//   "formulas": "none"    a map whose `$` are all literal (one that came from kityminder);
//   absent                kityminder's file: literal when it has any `$` (KmDocument.formulas
//                         'none'), else nothing to decide (both readings are the same).
// Titles are never rewritten, so a round trip is lossless both ways. A map loaded from our own
// server (MindEditor.load) has always used this editor's rule: absent means formulas there.

export const FORMULAS_KEY = 'formulas';

/** True when a title, summary text or line label holds a `$` (the only place the two readings differ). */
export function hasDollar(doc: KmDocument): boolean {
  const stack: KmNode[] = [doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    const t = n.data.text;
    if (typeof t === 'string' && t.indexOf('$') >= 0) return true;
    for (const c of n.children ?? []) stack.push(c);
  }
  return !!(doc.summaries?.some((s) => s.text.indexOf('$') >= 0) || doc.relationships?.some((r) => (r.title ?? '').indexOf('$') >= 0));
}

/** A .km file's reading: literal unless this editor's marker says formulas (the raw parsed JSON is `raw`). */
export function fileFormulas(raw: unknown, doc: KmDocument): KmDocument {
  const mark = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)[FORMULAS_KEY] : undefined;
  if (mark === 'dollar') {
    delete doc.formulas;
    return doc;
  }
  if (mark === 'none' || hasDollar(doc)) doc.formulas = 'none';
  return doc;
}

/** The marker a .km this editor writes carries: absent when the map has no `$` at all. */
export function formulasMark(doc: KmDocument): 'none' | 'dollar' | undefined {
  if (doc.formulas === 'none') return 'none';
  return hasDollar(doc) ? 'dollar' : undefined;
}
