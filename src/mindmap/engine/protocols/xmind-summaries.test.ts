import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { KmDocument } from '../model/types';
import { exportFile, importDocumentWithNotices } from './formats';
import { parseRange } from './xmind-summaries';

// Summaries (概要) in .xmind files: read from XMind 2020 and XMind 8 files, written to both
// (content.json and content.xml), and back without loss; formats that cannot hold them say so.

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

function doc(): KmDocument {
  return {
    root: {
      data: { id: 'r', text: '中心' },
      children: [
        {
          data: { id: 'a', text: '甲' },
          children: [{ data: { id: 'a1', text: '甲一' } }, { data: { id: 'a2', text: '甲二' } }, { data: { id: 'a3', text: '甲三' } }],
        },
        { data: { id: 'b', text: '乙' } },
        { data: { id: 'c', text: '丙' } },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
    summaries: [
      { id: 's1', parent: 'a', first: 'a2', last: 'a3', text: '后两项' },
      { id: 's2', parent: 'r', first: 'b', last: 'c', text: '其余 & <分支>' },
      // Not drawn (its nodes are no longer siblings under r): not written either.
      { id: 's3', parent: 'r', first: 'a1', last: 'b', text: '失效' },
    ],
  };
}

/** The summaries as text ranges: parent text, first text, last text, summary text. */
function ranges(km: KmDocument): string[][] {
  const text = new Map<string, string>();
  const stack = [km.root];
  while (stack.length) {
    const n = stack.pop()!;
    text.set(String(n.data.id), String(n.data.text));
    stack.push(...(n.children ?? []));
  }
  return (km.summaries ?? []).map((s) => [text.get(s.parent)!, text.get(s.first)!, text.get(s.last)!, s.text]).sort((x, y) => x[3].localeCompare(y[3]));
}

describe('summaries in .xmind', () => {
  it('parses XMind ranges', () => {
    expect(parseRange('(0,2)')).toEqual([0, 2]);
    expect(parseRange(' ( 3 , 1 ) ')).toEqual([1, 3]);
    expect(parseRange('master')).toBeNull();
    expect(parseRange(undefined)).toBeNull();
  });

  it('reads the summary of an XMind 2020 and an XMind 8 file, with its topic text', () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const j = importDocumentWithNotices('xmind', zipSync({ 'content.json': readFileSync(FIXTURES + '20-xmind2020.content.json'), 'resources/dot.png': png }));
    expect(ranges(j.document)).toEqual([['进程管理', '进程与线程', '调度算法', '核心概念']]);
    const x = importDocumentWithNotices('xmind', zipSync({ 'content.xml': readFileSync(FIXTURES + '21-xmind8.content.xml'), 'attachments/dot.png': png }));
    expect(ranges(x.document)).toEqual([['链表  Linked   List', '单链表', '双向链表', '概要主题']]);
  });

  it('writes content.json and content.xml summaries that read back the same, and no notice for them', () => {
    const out = exportFile('xmind', doc());
    expect(out.notices).toEqual([]);
    const files = unzipSync(out.data as Uint8Array);
    const sheet = JSON.parse(strFromU8(files['content.json']))[0];
    expect(sheet.rootTopic.summaries).toEqual([{ id: 's2', range: '(1,2)', topicId: 's2-topic' }]);
    expect(sheet.rootTopic.children.summary).toEqual([{ id: 's2-topic', class: 'topic', title: '其余 & <分支>' }]);
    expect(sheet.rootTopic.children.attached[0].summaries).toEqual([{ id: 's1', range: '(1,2)', topicId: 's1-topic' }]);
    const xml = strFromU8(files['content.xml']);
    expect(xml).toContain('<summary id="s1" range="(1,2)" topic-id="s1-topic"');
    expect(xml).toContain('<topics type="summary">');
    const want = ranges({ ...doc(), summaries: doc().summaries!.slice(0, 2) });
    expect(ranges(importDocumentWithNotices('xmind', out.data).document)).toEqual(want);
    // XMind 8 alone (content.xml) keeps them too.
    const only8 = zipSync({ 'content.xml': files['content.xml'] });
    expect(ranges(importDocumentWithNotices('xmind', only8).document)).toEqual(want);
  });

  it('an XMind summary whose range does not fit its topic is counted lost', () => {
    const sheet = [
      {
        id: 's',
        class: 'sheet',
        rootTopic: { id: 'r', title: '根', children: { attached: [{ id: 'a', title: 'A' }] }, summaries: [{ range: '(0,4)', topicId: 'x' }] },
      },
    ];
    const r = importDocumentWithNotices('xmind', zipSync({ 'content.json': strToU8(JSON.stringify(sheet)) }));
    expect(r.document.summaries).toBeUndefined();
    expect(r.notices.map((n) => n.message)).toEqual(['以下内容未能保留：概要 1 个']);
  });

  it('the editor exports .xmind and imports it back with the summaries drawn again', () => {
    const ed = new MindEditor();
    // (a and b: both on the right of the root in the mind template, which .xmind files open in)
    const km = doc();
    km.summaries![1] = { ...km.summaries![1], first: 'a', last: 'b' };
    km.summaries!.pop(); // (s3 would open repaired, over 乙 alone: protocols/item-repair.ts)
    ed.load(km);
    expect(ed.layout.summaryPlaces(ed.doc)).toHaveLength(2);
    const bytes = ed.exportFile('xmind').data;
    const back = new MindEditor();
    const { patch } = back.importDataWithNotices('xmind', bytes);
    expect(patch.summaryBoxes).toHaveLength(2);
    expect(patch.items?.summaries.map((s) => s.text).sort()).toEqual(['其余 & <分支>', '后两项'].sort());
  });
});

describe('summaries in formats without them', () => {
  it('markdown, outline text, FreeMind and OPML say how many summaries they left out; .km keeps them', () => {
    for (const f of ['md', 'txt', 'mm', 'opml'] as const) expect(exportFile(f, doc()).notices.map((n) => n.message)).toEqual(['以下内容未能保留：概要 2 个']);
    const km = exportFile('km', doc());
    expect(km.notices).toEqual([]);
    expect(JSON.parse(km.data as string).summaries).toHaveLength(3);
  });
});
