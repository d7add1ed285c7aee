import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { READ_ONLY_ERROR } from '../engine/commands/command';
import { DEPTH_ERROR } from '../engine/model/types';
import { NODE_STRIDE, NodeInt } from '../engine/render/render-patch';
import { localEngine } from './client';
import { createEngineHost } from './host';

const km = {
  root: {
    data: { id: 'r', text: '根' },
    children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' } }] }, { data: { id: 'b', text: '乙' } }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

describe('engine host (no Worker needed)', () => {
  it('loads, edits, undoes and redoes through the client API', async () => {
    const eng = localEngine(createEngineHost());
    const p = await eng.load(km);
    expect(p.full).toBe(true);
    expect(p.ids.sort()).toEqual(['a', 'a1', 'b', 'r']);
    expect(p.boxes.length).toBe(16);
    const { result, patch } = await eng.execute('appendChild', ['b', '丙']);
    expect(patch.full).toBe(false);
    expect(patch.ids).toContain(result);
    expect(patch.structure).toContainEqual(['b', [result]]);
    expect(patch.canUndo).toBe(true);
    const u = (await eng.undo())!;
    expect(u.removed).toEqual([result]);
    expect(u.canRedo).toBe(true);
    expect((await eng.redo())!.ids).toContain(result);
    expect(await eng.exportData('txt')).toContain('\t丙');
  });

  it('sends study progress on its own channel: full after the study set, then only the changed chain', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    await eng.setStudyNodes(['a1', 'b']);
    const full = await eng.takeProgress();
    expect(full.full).toBe(true);
    const at = (p: typeof full, id: string) => [p.counts[p.ids.indexOf(id) * 2], p.counts[p.ids.indexOf(id) * 2 + 1]];
    expect(at(full, 'r')).toEqual([0, 2]);
    await eng.execute('setStudy', ['a1', true]);
    const p = await eng.takeProgress();
    expect(p.full).toBe(false);
    expect(p.ids.sort()).toEqual(['a', 'a1', 'r']);
    expect(at(p, 'r')).toEqual([1, 2]);
  });

  it('reports the structure of a reorder and a typing burst is one undo step', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    const mv = await eng.execute('moveNode', ['b', 'r', 0]);
    expect(mv.patch.structure).toContainEqual(['r', ['b', 'a']]);
    await eng.execute('editText', ['b', '乙1'], { mergeKey: 'text:b' });
    await eng.execute('editText', ['b', '乙12'], { mergeKey: 'text:b' });
    await eng.undo();
    expect((await eng.getNodeData('b')).text).toBe('乙');
  });

  it('finds titles (ids in preorder) and replaces as one undo step', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    expect(await eng.find('甲')).toEqual(['a', 'a1']);
    expect(await eng.find('无')).toEqual([]);
    const { patch } = await eng.execute('replaceText', [['a', 'a1'], '甲', '丁']);
    expect(await eng.find('丁')).toEqual(['a', 'a1']);
    expect(patch.canUndo).toBe(true);
    await eng.undo();
    expect(await eng.find('丁')).toEqual([]);
  });

  it('rejects with the engine message: depth limit, read-only, bad import', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    const { result: l3 } = await eng.execute('appendChild', ['a1', '三']);
    await expect(eng.execute('appendChild', [String(l3), '四'])).rejects.toThrow(DEPTH_ERROR);
    await eng.setReadOnly(true);
    await expect(eng.execute('editText', ['a', 'x'])).rejects.toThrow(READ_ONLY_ERROR);
    await expect(eng.importData('txt', '根\n根2')).rejects.toThrow('Invalid local format');
    expect((await eng.toKm()).root.children?.length).toBe(2);
  });

  it('opens read-only from load', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km, true);
    await expect(eng.execute('appendChild', ['r', 'x'])).rejects.toThrow(READ_ONLY_ERROR);
  });

  it('an edit crosses as the canvas reads it: the changed nodes’ looks, rows, texts and parents; moved ones box only', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    const { result, patch } = await eng.execute('appendChild', ['a', '丙']);
    const i = patch.ids.indexOf(String(result));
    expect(patch.looks[patch.look[i]].connector).toBeTruthy();
    expect(patch.ints[i * NODE_STRIDE + NodeInt.level]).toBe(3);
    expect(patch.ints[i * NODE_STRIDE + NodeInt.index]).toBe(1);
    expect(patch.texts[i]).toBe('丙');
    expect(patch.parents[i]).toBe('a');
    expect(patch.texts).toHaveLength(patch.ids.length);
    // 'a' gained a child: its childCount column says so (the expander on the canvas follows it)
    const a = patch.ids.indexOf('a');
    expect(patch.ints[a * NODE_STRIDE + NodeInt.childCount]).toBe(2);
    // nodes only moved by the insert carry no look
    for (let k = 0; k < patch.ids.length; k++) if (!['a', String(result)].includes(patch.ids[k])) expect(patch.look[k], patch.ids[k]).toBe(-1);
  });

  it('uses the measurer it is given', async () => {
    const eng = localEngine(createEngineHost({ width: (_f, t) => t.length * 100 }));
    const p = await eng.load(km);
    const i = p.ids.indexOf('a1');
    expect(p.boxes[i * 4 + 2]).toBeGreaterThan(200);
  });
});

describe('file import with notices through the host', () => {
  it('puts an outline forest under a root named after the file and says so in Chinese', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    const { patch, notices } = await eng.importDataWithNotices('txt', '根一\n\t甲\n根二\n', { name: '计划' });
    expect(patch.full).toBe(true);
    const root = (await eng.toKm()).root;
    expect(root.data.text).toBe('计划');
    expect(root.children?.map((c) => c.data.text)).toEqual(['根一', '根二']);
    expect(notices).toEqual([{ code: 'forest', message: expect.stringContaining('“计划”') as string }]);
    // An import is one undo step: undo brings back the map it replaced.
    expect(patch.canUndo).toBe(true);
    const back = await eng.undo();
    expect(back?.full).toBe(true);
    expect((await eng.toKm()).root).toMatchObject(km.root);
  });

  it('reports a markdown preamble and refuses a bad file without touching the map', async () => {
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    const { notices } = await eng.importDataWithNotices('md', '前言文字\n\n# 读书笔记\n## 第一章\n', { name: '笔记' });
    expect(notices.map((n) => n.code)).toEqual(['preamble']);
    expect((await eng.toKm()).root.data.text).toBe('读书笔记');
    await expect(eng.importDataWithNotices('txt', '根\n\t\t跳级', { name: 'x' })).rejects.toThrow('缩进跳级');
    expect((await eng.toKm()).root.data.text).toBe('读书笔记');
  });

  it('transfers the buffers of a patch nested in a reply (Comlink lists transfers per returned object)', async () => {
    const listed = new Map<unknown, Transferable[]>();
    const host = createEngineHost(undefined, (v, t) => (listed.set(v, t), v));
    host.load(km);
    const ex = host.execute('appendChild', ['b', '丙']);
    expect(listed.get(ex)).toContain(ex.patch.boxes.buffer);
    const im = host.importDataWithNotices('txt', '甲\n乙', { name: '文件' });
    expect(listed.get(im)).toContain(im.patch.boxes.buffer);
    // an exported .xmind's bytes move to the main thread, they are not copied
    const xmind = host.exportFile('xmind');
    expect(listed.get(xmind)).toEqual([(xmind.data as Uint8Array).buffer]);
    const back = host.importDataWithNotices('xmind', xmind.data);
    expect(back.notices).toEqual([]);
  });

  it('draws a PDF asynchronously behind the client (the PDF bytes transferred) and refuses a broken font in Chinese', async () => {
    const listed = new Map<unknown, Transferable[]>();
    const host = createEngineHost(undefined, (v, t) => (listed.set(v, t), v));
    host.load(km);
    const font = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve('@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff')));
    const r = await host.exportPdf({ font });
    expect(listed.get(r)).toEqual([r.data.buffer]);
    const eng = localEngine(createEngineHost());
    await eng.load(km);
    const viaClient = await eng.exportPdf({ font, mode: 'tiled' });
    expect(new TextDecoder().decode(viaClient.data.slice(0, 5))).toBe('%PDF-');
    await expect(eng.exportPdf({ font: new Uint8Array(8) })).rejects.toThrow('无法读取生成 PDF 所用的字体文件');
  });
});
