import { describe, expect, it } from 'vitest';
import { decodeKm, encodeKm } from '../protocols/km';
import { invertChanges, summarize, type Change } from './change';
import { MindDoc } from './doc';
import { restoreItems, type Relationship } from './items';
import type { KmDocument } from './types';

const base = (): KmDocument => ({
  root: { data: { id: 'r', text: '中心' }, children: [{ data: { id: 'a', text: '甲' } }, { data: { id: 'b', text: '乙' } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

describe('document items', () => {
  it('a map without items encodes exactly as before (no extra keys)', () => {
    const text = encodeKm(new MindDoc(base()).toKm());
    expect(text.endsWith('"version":"1.4.43"}')).toBe(true);
  });

  it('setItem records add / replace / remove, and the inverse list undoes them in place', () => {
    const doc = new MindDoc(base());
    const rec: Change[] = [];
    doc.recorder = rec;
    const r1: Relationship = { id: 'x1', from: 'a', to: 'b' };
    const r2: Relationship = { id: 'x2', from: 'b', to: 'a', title: '因果' };
    doc.setItem('relationships', 'x1', r1);
    doc.setItem('relationships', 'x2', r2);
    doc.setItem('relationships', 'x1', { ...r1, title: '关联' });
    doc.setItem('relationships', 'x1', undefined);
    doc.recorder = null;
    expect(doc.items.relationships).toEqual([r2]);
    expect(summarize(rec).items).toBe(true);
    for (const c of invertChanges(rec)) doc.apply(c);
    expect(doc.items.relationships).toEqual([]);
    for (const c of rec) doc.apply(c);
    expect(doc.items.relationships).toEqual([r2]);
    // Undo of only the removal puts x1 back before x2, where it was.
    doc.apply(invertChanges(rec.slice(3))[0]);
    expect(doc.items.relationships.map((r) => r.id)).toEqual(['x1', 'x2']);
  });

  it('round-trips through .km as extra top-level keys after version', () => {
    const km = {
      ...base(),
      relationships: [
        {
          id: 'x',
          from: 'a',
          to: 'b',
          title: 'a→b',
          controls: [
            { x: 1, y: 2 },
            { x: -3, y: 4 },
          ],
        },
      ],
      summaries: [{ id: 's', parent: 'r', first: 'a', last: 'b', text: '小结' }],
    };
    const text = encodeKm(new MindDoc(decodeKm(JSON.stringify(km))).toKm());
    const back = JSON.parse(text) as KmDocument;
    expect(back.relationships).toEqual(km.relationships);
    expect(back.summaries).toEqual(km.summaries);
    expect(Object.keys(JSON.parse(text))).toEqual(['root', 'template', 'theme', 'version', 'relationships', 'summaries']);
  });

  it('drops malformed items from a file and keeps ids unique', () => {
    const out = restoreItems({
      relationships: [
        { id: 'x', from: 'a', to: 'a' },
        { id: 'y', from: 'a' },
        'no',
        { id: 'z', from: 'a', to: 'b', controls: [{ x: 'q' }] },
        { id: 'z', from: 'b', to: 'a' },
      ],
      summaries: [
        { id: 'z', parent: 'r', first: 'a', last: 'b' },
        { id: 's', parent: 'r', first: 'a', last: 'b', text: 5 },
      ],
    });
    expect(out.relationships).toEqual([{ id: 'z', from: 'a', to: 'b' }]);
    expect(out.summaries).toEqual([{ id: 's', parent: 'r', first: 'a', last: 'b', text: '' }]);
  });
});
