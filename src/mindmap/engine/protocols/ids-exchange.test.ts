import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { KmDocument, KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices } from './formats';

// Re-importing our own .xmind keeps the node ids (the topic ids it wrote), so the study marks the
// server keys by node id still match; ids a file cannot lend us (duplicates, junk) are replaced.

const DOC: KmDocument = {
  root: {
    data: { id: 'root-1', text: '操作系统' },
    children: [
      { data: { id: 'p', text: '进程管理' }, children: [{ data: { id: 'p-1', text: '进程与线程' } }] },
      { data: { id: 'mem 内存', text: '内存管理' } },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

function ids(n: KmNode, out: string[] = []): string[] {
  out.push(String(n.data.id));
  for (const c of n.children ?? []) ids(c, out);
  return out;
}

const xmindIds = (data: Uint8Array) => ids(importDocumentWithNotices('xmind', data).document.root);

describe('node ids through .xmind', () => {
  const exported = exportFile('xmind', DOC).data as Uint8Array;

  it('an exported .xmind re-imports with the same node ids (XMind 2020 content.json)', () => {
    expect(xmindIds(exported)).toEqual(['root-1', 'p', 'p-1', 'mem 内存']);
  });

  it('and through its XMind 8 content.xml alone', () => {
    const files = unzipSync(exported);
    delete files['content.json'];
    expect(xmindIds(zipSync(files))).toEqual(['root-1', 'p', 'p-1', 'mem 内存']);
  });

  it('duplicate, empty, over-long and control-character ids get fresh unique ids', () => {
    const topic = (id: unknown, title: string, attached: unknown[] = []) => ({ id, class: 'topic', title, children: { attached } });
    const rootTopic = topic('same', '根', [
      topic('same', '甲'),
      topic('', '乙'),
      topic('x'.repeat(65), '丙'),
      topic('a\u0001b', '丁'),
      topic(7, '戊'),
      topic('ok', '己'),
    ]);
    const xmind = zipSync({ 'content.json': strToU8(JSON.stringify([{ id: 's', class: 'sheet', rootTopic }])) });
    const got = xmindIds(xmind);
    expect(new Set(got).size).toBe(7);
    expect(got[0]).toBe('same');
    expect(got[6]).toBe('ok');
    for (const bad of ['', 'x'.repeat(65), 'a\u0001b', '7']) expect(got).not.toContain(bad);
  });
});
