import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { ELK_MAX_NODES, elkLayout } from './elk-layout';

describe('elkLayout (optional, small maps)', () => {
  it('lays out a small map with the root centred', async () => {
    const ed = new MindEditor();
    const a = ed.execute('appendChild', [ed.doc.root.id, 'A']).result as string;
    ed.execute('appendChild', [a, 'A1']);
    ed.execute('appendChild', [ed.doc.root.id, 'B']);
    const r = await elkLayout(ed.doc, ed.layout, 'mrtree');
    expect(r.ids).toHaveLength(4);
    expect(r.boxes[0] + r.boxes[2] / 2).toBeCloseTo(0);
  });
  it('refuses maps above its size limit with a clear message', async () => {
    const ed = new MindEditor();
    ed.load({ root: { data: { id: 'r' }, children: Array.from({ length: ELK_MAX_NODES + 1 }, (_, i) => ({ data: { id: `c${i}` } })) }, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    await expect(elkLayout(ed.doc, ed.layout, 'radial')).rejects.toThrow(/最多支持 1000 个主题/);
  });
});
