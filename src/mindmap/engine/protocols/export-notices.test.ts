// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { KmDocument } from '../model/types';
import { exportFile, importDocumentWithNotices } from './formats';

// Export notices name everything the format leaves out (export-lost.ts), and .mm keeps a note's
// paragraphs apart.

const FULL: KmDocument = {
  root: {
    data: { id: 'r', text: '根', note: '根的备注' },
    children: [
      { data: { id: 'a', text: '甲', hyperlink: 'https://example.com/', hyperlinkTitle: '例子', priority: 2, progress: 5 }, children: [] },
      { data: { id: 'b', text: '乙', image: 'https://example.com/a.png', resource: ['标签一', '标签二'], isStudy: 1, isNow: 1 }, children: [] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};
const messages = (r: { notices: Array<{ message: string }> }) => r.notices.map((n) => n.message);

describe('export notices list every field a format cannot hold', () => {
  it('.txt holds titles only: notes, links, link titles, images, priorities, progress, labels, 知识点 and 正在学 are listed', () => {
    expect(messages(exportFile('txt', FULL))).toEqual([
      '以下内容未能保留：标签 2 个、图片 1 张、备注 1 条、链接 1 个、链接标题 1 个、优先级 1 个、进度 1 个、知识点标记 1 个、正在学标记 1 个',
    ]);
  });

  it('.md holds notes and links (with titles); the rest is listed', () => {
    expect(messages(exportFile('md', FULL))).toEqual(['以下内容未能保留：标签 2 个、图片 1 张、优先级 1 个、进度 1 个、知识点标记 1 个、正在学标记 1 个']);
  });

  it('the 正在学 mark is Xuetu’s own: .xmind, .mm and .opml say it too', () => {
    const now: KmDocument = { ...FULL, root: { data: { id: 'r', text: '根', isNow: 1 }, children: [] } };
    for (const f of ['xmind', 'mm', 'opml'] as const) expect(messages(exportFile(f, now))).toEqual(['以下内容未能保留：正在学标记 1 个']);
  });

  it('a map of titles only exports to .txt with no notice', () => {
    const plain: KmDocument = { ...FULL, root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' }, children: [] }] } };
    expect(exportFile('txt', plain).notices).toEqual([]);
    expect(exportFile('md', plain).notices).toEqual([]);
  });

  it('.mm says a relationship line’s custom curve is not kept (the line is)', () => {
    const doc: KmDocument = {
      ...FULL,
      root: {
        data: { id: 'r', text: '根' },
        children: [
          { data: { id: 'a', text: '甲' }, children: [] },
          { data: { id: 'b', text: '乙' }, children: [] },
        ],
      },
      relationships: [
        {
          id: 'x',
          from: 'a',
          to: 'b',
          controls: [
            { x: 10, y: 20 },
            { x: -5, y: 8 },
          ],
        },
        { id: 'y', from: 'b', to: 'a' },
      ],
    };
    const out = exportFile('mm', doc);
    expect(messages(out)).toEqual(['以下内容未能保留：关联线的自定义弯曲 1 条']);
    expect(importDocumentWithNotices('mm', out.data).document.relationships).toHaveLength(2);
  });

  it('.mm import says a curve the file drew (inclinations) is not kept, once per kept line', () => {
    const mm =
      '<map version="1.0.1"><node TEXT="根" ID="r"><node TEXT="甲" ID="a"><arrowlink DESTINATION="b" STARTINCLINATION="40;-10;" ENDINCLINATION="30;20;"/>' +
      '<arrowlink DESTINATION="nowhere" STARTINCLINATION="1;1;" ENDINCLINATION="1;1;"/></node><node TEXT="乙" ID="b"/></node></map>';
    const r = importDocumentWithNotices('mm', mm);
    expect(r.document.relationships).toHaveLength(1);
    expect(messages(r)).toEqual(['以下内容未能保留：关联线 1 条、关联线的自定义弯曲 1 条']);
  });

  it('.mm keeps a note’s blank lines between paragraphs', () => {
    const note = '第一段\n\n第二段第一行\n第二段第二行\n\n\n第三段';
    const doc: KmDocument = { ...FULL, root: { data: { id: 'r', text: '根', note }, children: [] } };
    const out = exportFile('mm', doc);
    expect(out.data).toContain('<p>第一段</p><p><br/></p><p>第二段第一行</p>');
    expect(importDocumentWithNotices('mm', out.data).document.root.data.note).toBe(note);
  });
});
