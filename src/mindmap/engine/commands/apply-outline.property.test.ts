import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindEditor } from '../editor';
import { DEFAULT_TEXT, type KmDocument, type KmNode } from '../model/types';
import { baseLinesOf, linesOf } from '../outline/outline-lines';
import type { OutlineLine } from '../outline/outline-match';
import { exportDocument, importDocument } from '../protocols/formats';

// Properties of 大纲 apply over random titles (spaces, tabs, #, -, \, <br>, CJK, emoji) and random
// edits: an untouched outline changes nothing; any edited outline yields exactly that outline;
// one undo restores the map byte for byte; kept nodes keep their other fields.

const title = fc.string({ unit: fc.constantFrom('a', ' ', '\t', '#', '-', '\\', '<br>', 'n', '主', '题', '😀', '分支主题'), maxLength: 8 });

function mapOf(titles: string[], levels: number[]): KmDocument {
  const root: KmNode = { data: { id: 'n0', text: titles[0], note: 'n0' }, children: [] };
  const path: KmNode[] = [root];
  for (let i = 1; i < titles.length; i++) {
    const level = Math.min(levels[i] ?? 1, path.length, 3);
    const node: KmNode = { data: { id: `n${i}`, text: titles[i], note: `n${i}`, priority: (i % 9) + 1 }, children: [] };
    path[level - 1].children!.push(node);
    path.length = level;
    path[level] = node;
  }
  return { root, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

/** Levels made valid: one root, no skipped level, at most 4 levels. */
function valid(lines: OutlineLine[]): OutlineLine[] {
  const out: OutlineLine[] = [];
  lines.forEach((l, i) => out.push({ title: l.title, level: i === 0 ? 0 : Math.max(1, Math.min(l.level, out[i - 1].level + 1, 3)) }));
  return out;
}

const arbMap = fc.tuple(fc.array(title, { minLength: 1, maxLength: 25 }), fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 25 }));
type Edit = { kind: 'rename' | 'insert' | 'delete' | 'level'; at: number; title: string; level: number };
const arbEdits = fc.array(
  fc.record({ kind: fc.constantFrom<Edit['kind']>('rename', 'insert', 'delete', 'level'), at: fc.nat(), title, level: fc.integer({ min: 1, max: 3 }) }),
  { maxLength: 8 },
);

function edited(base: OutlineLine[], edits: Edit[]): OutlineLine[] {
  const lines = base.map((l) => ({ ...l }));
  for (const e of edits) {
    const i = 1 + (e.at % Math.max(1, lines.length));
    if (e.kind === 'insert') lines.splice(Math.min(i, lines.length), 0, { level: e.level, title: e.title });
    else if (i >= lines.length) continue;
    else if (e.kind === 'rename') lines[i].title = e.title;
    else if (e.kind === 'delete') lines.splice(i, 1);
    else lines[i].level = e.level;
  }
  return valid(lines);
}

/** The map's outline as the text shows it (an empty title reads 分支主题). */
const outlineOf = (ed: MindEditor) => baseLinesOf(ed.toKm().root).map((l) => `${l.level}|${l.title}`);
const shown = (l: OutlineLine) => `${l.level}|${l.title || DEFAULT_TEXT}`;

describe('applyOutline (property)', () => {
  it('the untouched outline, read back through the text codec, changes nothing', () => {
    fc.assert(
      fc.property(arbMap, ([titles, levels]) => {
        const ed = new MindEditor();
        ed.load(mapOf(titles, levels));
        const km = ed.exportData('km');
        const text = exportDocument('txt', ed.toKm());
        const next = linesOf(importDocument('txt', text).root);
        ed.execute('applyOutline', [baseLinesOf(ed.toKm().root), next]);
        expect(ed.exportData('km')).toBe(km);
        expect(ed.canUndo).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('any edited outline becomes the map; matched nodes keep their fields; one undo restores it', () => {
    fc.assert(
      fc.property(arbMap, arbEdits, ([titles, levels], edits) => {
        const ed = new MindEditor();
        ed.load(mapOf(titles, levels));
        const before = ed.exportData('km');
        const base = baseLinesOf(ed.toKm().root);
        const next = edited(base, edits);
        ed.execute('applyOutline', [base, next]);
        expect(outlineOf(ed)).toEqual(next.map(shown));
        for (const n of ed.doc.byId.values()) if (/^n\d+$/.test(n.id)) expect(n.data.note).toBe(n.id);
        ed.undo();
        expect(ed.exportData('km')).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
