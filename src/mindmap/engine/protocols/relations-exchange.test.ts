import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Relationship } from '../model/items';
import type { KmDocument, KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices } from './formats';

// Relationship lines through XMind (content.json and content.xml), FreeMind .mm and the text
// formats: read from the fixtures, kept through an export and an import, said where lost.

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const fixture = (name: string) => readFileSync(FIXTURES + name);

const DOC: KmDocument = {
  root: {
    data: { id: 'r', text: '中心' },
    children: [
      { data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' }, children: [] }] },
      { data: { id: 'b', text: '乙' }, children: [] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
  relationships: [
    {
      id: 'x1',
      from: 'a1',
      to: 'b',
      title: '因果 <1>',
      controls: [
        { x: 40, y: -60 },
        { x: -30, y: 50 },
      ],
    },
    { id: 'x2', from: 'b', to: 'r' },
    // A line to a removed node is kept in the map but written to no file.
    { id: 'x3', from: 'a', to: 'gone' },
  ],
};

/** The lines as node texts (ids are fresh after an import). */
function byText(doc: KmDocument): Array<Omit<Relationship, 'id' | 'from' | 'to'> & { from: string; to: string }> {
  const text = new Map<string, string>();
  const stack: KmNode[] = [doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    text.set(n.data.id!, n.data.text ?? '');
    stack.push(...(n.children ?? []));
  }
  return (doc.relationships ?? []).map(({ id: _id, from, to, ...rest }) => ({ ...rest, from: text.get(from)!, to: text.get(to)! }));
}

const WANT = [
  {
    from: '甲一',
    to: '乙',
    title: '因果 <1>',
    controls: [
      { x: 40, y: -60 },
      { x: -30, y: 50 },
    ],
  },
  { from: '乙', to: '中心' },
];

describe('relationship lines in exchange formats', () => {
  it('reads XMind 2020 relationships between its topics, with the title', () => {
    const r = importDocumentWithNotices('xmind', zipSync({ 'content.json': fixture('20-xmind2020.content.json') }));
    expect(byText(r.document)).toEqual([
      { from: '进程与线程', to: '分页 & 分段 <虚拟内存>', title: '相关' },
      { from: '进程管理', to: '内存管理' },
    ]);
    expect(r.notices[0].message).not.toContain('关联线');
  });

  it('reads XMind 8 <relationships> and FreeMind arrow links', () => {
    const x8 = importDocumentWithNotices('xmind', zipSync({ 'content.xml': fixture('21-xmind8.content.xml') }));
    expect(byText(x8.document)).toEqual([{ from: '单链表', to: '二叉树', title: '对比' }]);
    const mm = importDocumentWithNotices('mm', fixture('22-freemind.mm').toString('utf8'));
    expect(byText(mm.document)).toEqual([{ from: '电子邮件', to: '三次握手' }]);
  });

  it('.xmind round trip keeps them (content.json and the XMind 8 copy alike); the dangling one is not written', () => {
    const out = exportFile('xmind', DOC);
    expect(out.notices).toEqual([]);
    const files = unzipSync(out.data as Uint8Array);
    const sheet = JSON.parse(strFromU8(files['content.json']))[0];
    expect(sheet.relationships).toEqual([
      { id: 'x1', end1Id: 'a1', end2Id: 'b', title: '因果 <1>', controlPoints: { '0': { x: 40, y: -60 }, '1': { x: -30, y: 50 } } },
      { id: 'x2', end1Id: 'b', end2Id: 'r' },
    ]);
    expect(byText(importDocumentWithNotices('xmind', out.data).document)).toEqual(WANT);
    delete files['content.json'];
    expect(byText(importDocumentWithNotices('xmind', zipSync(files)).document)).toEqual(WANT);
  });

  it('.mm round trip keeps ends and labels (FreeMind has no control points)', () => {
    const out = exportFile('mm', DOC);
    expect(out.data).toContain('<arrowlink DESTINATION="ID_b" ENDARROW="Default" STARTARROW="None" MIDDLE_LABEL="因果 &lt;1&gt;"/>');
    expect(byText(importDocumentWithNotices('mm', out.data).document)).toEqual(WANT.map(({ controls: _c, ...r }) => r));
  });

  it('a line whose end is not a topic of the sheet is counted as lost', () => {
    const content = [
      {
        id: 's',
        rootTopic: { id: 't0', title: '根', children: { attached: [{ id: 't1', title: '子' }] } },
        relationships: [
          { id: 'r', end1Id: 't1', end2Id: 'elsewhere' },
          { id: 'r2', end1Id: 't1', end2Id: 't0' },
          { id: 'r3', end1Id: 't1', end2Id: 't0' },
        ],
      },
    ];
    const r = importDocumentWithNotices('xmind', zipSync({ 'content.json': strToU8(JSON.stringify(content)) }));
    expect(byText(r.document)).toEqual([{ from: '子', to: '根' }]);
    expect(r.notices.map((n) => n.message)).toEqual(['以下内容未能保留：关联线 2 条']);
  });

  it('outline text, markdown and OPML say the lines they cannot hold; .km keeps them', () => {
    for (const f of ['txt', 'md', 'opml'] as const) expect(exportFile(f, DOC).notices.map((n) => n.message)).toEqual(['以下内容未能保留：关联线 2 条']);
    const km = exportFile('km', DOC);
    expect(km.notices).toEqual([]);
    expect(JSON.parse(km.data as string).relationships).toHaveLength(3);
  });
});
