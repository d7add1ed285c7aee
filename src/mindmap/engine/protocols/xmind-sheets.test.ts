import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices, importXmindSheets, listXmindSheets } from './formats';
import { restoreDocument } from './restore';

// Issue 33.3: a workbook's sheets can be listed and each imported as its own map; floating
// (detached) topics are kept with their subtrees and notes as the root's last branches.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const book2020 = zipSync({ 'content.json': fixture('27-xmind2020-sheets.content.json') });
const book8 = zipSync({ 'content.xml': fixture('28-xmind8-sheets.content.xml') });

/** Titles and notes, ids left out. */
const shape = (n: KmNode): unknown => [n.data.text, ...(n.data.note ? [{ note: n.data.note }] : []), ...(n.children ?? []).map(shape)];
const messages = (r: { notices: Array<{ message: string }> }) => r.notices.map((n) => n.message);
const FLOATING = (n: number) => `自由主题 ${n} 个已连同其下级主题和备注放在中心主题下，作为最后的分支`;

describe('XMind workbooks: sheets and floating topics', () => {
  it('lists the sheets with a root topic: title (else the root title, else 画布 N) and topic count', () => {
    expect(listXmindSheets(book2020)).toEqual([
      { title: '第一章 绪论', topics: 8 },
      { title: '第二章 文献综述', topics: 3 },
      { title: '画布 3', topics: 1 },
    ]);
    expect(listXmindSheets(book8)).toEqual([
      { title: '笔记', topics: 4 },
      { title: '提纲', topics: 3 },
    ]);
  });

  it('XMind 2020: the first sheet by default, floating topics kept with subtrees and notes, the other sheets said', () => {
    const r = importDocumentWithNotices('xmind', book2020);
    expect(shape(r.document.root)).toEqual([
      '绪论',
      ['研究背景'],
      ['研究方法'],
      ['自由主题', { note: '随手记下的想法' }, ['想法一', { note: '要查文献' }], ['想法二', ['细节']]],
      ['待办'],
    ]);
    expect(messages(r)).toEqual([FLOATING(2), '以下内容未能保留：其他画布 2 个、画布名称 1 个']);
  });

  it('XMind 2020: a chosen sheet, and every sheet as its own map', () => {
    const second = importDocumentWithNotices('xmind', book2020, { sheet: 1 });
    expect(shape(second.document.root)).toEqual(['文献综述', ['国内研究'], ['国外研究']]);
    expect(messages(second)).toEqual(['以下内容未能保留：其他画布 2 个、画布名称 1 个']);
    const all = importXmindSheets(book2020);
    expect(all.map((m) => shape(m.document.root))).toEqual([
      shape(importDocumentWithNotices('xmind', book2020).document.root),
      ['文献综述', ['国内研究'], ['国外研究']],
      [''],
    ]);
    expect(all.flatMap(messages).join()).not.toContain('其他画布');
    expect(() => importDocumentWithNotices('xmind', book2020, { sheet: 3 })).toThrow('无法导入 .xmind 文件：没有第 4 个画布（这个文件共有 3 个画布）');
  });

  it('XMind 8: floating topics with their notes kept, a chosen sheet, every sheet', () => {
    const r = importDocumentWithNotices('xmind', book8);
    expect(shape(r.document.root)).toEqual(['课程笔记', ['第一讲'], ['浮动主题', { note: '浮动主题的备注' }, ['浮动子主题', { note: '子主题备注' }]]]);
    expect(messages(r)[0]).toBe(FLOATING(1));
    expect(messages(r)[1]).toContain('其他画布 1 个');
    expect(shape(importDocumentWithNotices('xmind', book8, { sheet: 1 }).document.root)).toEqual(['复习提纲', ['重点'], ['难点']]);
    expect(importXmindSheets(book8).map((m) => m.document.root.data.text)).toEqual(['课程笔记', '复习提纲']);
  });

  it('keeps the ids of floating topics (a line to one of them stays)', () => {
    const r = importDocumentWithNotices('xmind', book2020);
    expect(r.document.root.children!.map((c) => c.data.id)).toEqual(['a1', 'a2', 'f1', 'f2']);
  });
});

describe('XMind export keeps bold and italic (issue 33.3)', () => {
  const doc = restoreDocument({
    root: {
      data: { id: 'r', text: '根' },
      children: [
        { data: { id: 'b', text: '粗', 'font-weight': 'bold' } },
        { data: { id: 'i', text: '斜', 'font-style': 'italic' } },
        { data: { id: 'bi', text: '粗斜', 'font-weight': 'bold', 'font-style': 'italic' } },
      ],
    },
  });
  const styles = (n: KmNode): unknown[] => [[n.data.text, n.data['font-weight'] ?? '', n.data['font-style'] ?? ''], ...(n.children ?? []).flatMap(styles)];
  const want = [
    ['根', '', ''],
    ['粗', 'bold', ''],
    ['斜', '', 'italic'],
    ['粗斜', 'bold', 'italic'],
  ];

  it('writes fo:font-weight / fo:font-style (content.json and XMind 8 styles.xml) and reads them back, nothing said lost', () => {
    const out = exportFile('xmind', doc);
    expect(out.notices).toEqual([]);
    const files = unzipSync(out.data as Uint8Array);
    const again = importDocumentWithNotices('xmind', out.data);
    expect(styles(again.document.root)).toEqual(want);
    expect(again.notices).toEqual([]);
    // XMind 8 reads content.xml + styles.xml only
    const xmind8 = zipSync({ 'content.xml': files['content.xml'], 'styles.xml': files['styles.xml'] });
    const old = importDocumentWithNotices('xmind', xmind8);
    expect(styles(old.document.root)).toEqual(want);
    expect(old.notices).toEqual([]);
  });

  it('still says the styles XMind has no place for (a colour)', () => {
    const coloured = restoreDocument({ root: { data: { id: 'r', text: '根', 'font-weight': 'bold', color: '#f00' } } });
    expect(exportFile('xmind', coloured).notices.map((n) => n.message)).toEqual(['以下内容未能保留：文字样式 1 处']);
  });
});
