// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KmDocument, KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices, type FileData } from './formats';

// FreeMind/Freeplane text styles (freemind-style.ts): kept both ways under the keys the editor's
// style commands set; a value it cannot apply, and what a map has no place for (edge styles,
// shapes, sides, plug-ins), said in the import's notice — never dropped silently.

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

function shape(n: KmNode): Record<string, unknown> {
  const { id: _id, ...d } = n.data;
  return { ...d, ...(n.children?.length ? { children: n.children.map(shape) } : {}) };
}

function imported(data: FileData) {
  const r = importDocumentWithNotices('mm', data);
  return { root: shape(r.document.root), notices: r.notices.map((n) => n.message), document: r.document };
}

const STYLED = {
  text: '样式',
  children: [
    {
      text: '甲',
      color: '#ff0000',
      background: '#ffff00',
      'font-family': 'sans-serif',
      'font-size': 18,
      'font-weight': 'bold',
      'font-style': 'italic',
      children: [{ text: '甲一', color: '#0a0', 'font-family': 'Microsoft YaHei', 'font-size': 12 }],
    },
    { text: '乙' },
    { text: '丙', 'font-family': '"Source Han Sans 2"', 'font-size': 10 },
  ],
};

const mm = (nodes: string) => `<map version="1.0.1"><node TEXT="根">${nodes}</node></map>`;

describe('.mm text styles', () => {
  it('reads colour, background and <font> into the editor keys; says what a map cannot hold', () => {
    const r = imported(readFileSync(FIXTURES + '25-freeplane-styles.mm', 'utf8'));
    expect(r.root).toEqual(STYLED);
    // 乙 is left in the file, right in our layout (first half of three); 丙's <edge/> has nothing;
    // the map's style sheet and the edge-colour rule are said by name (they were dropped unsaid).
    expect(r.notices).toEqual([
      '以下内容未能保留：节点形状 1 个、连线样式 2 处、分支左右位置 1 个、FreeMind/Freeplane 插件内容 1 处、Freeplane 导图样式表（MapStyle） 1 个、Freeplane 自动连线配色（AutomaticEdgeColor） 1 个',
    ]);
  });

  it('keeps the styles through .mm → map → .mm → map, with nothing said on export', () => {
    const first = imported(readFileSync(FIXTURES + '25-freeplane-styles.mm', 'utf8'));
    const out = exportFile('mm', first.document);
    expect(out.notices).toEqual([]);
    expect(out.data).toContain('<font NAME="SansSerif" SIZE="18" BOLD="true" ITALIC="true"');
    expect(out.data).toContain('COLOR="#00aa00"');
    const back = imported(out.data);
    // #rgb is written as FreeMind reads colours (#rrggbb): the same colour
    const [a, b, c] = STYLED.children;
    expect(back.root).toEqual({ ...STYLED, children: [{ ...a, children: [{ ...a.children![0], color: '#00aa00' }] }, b, c] });
    expect(back.notices).toEqual([]);
    // a second trip writes the same file
    expect(exportFile('mm', back.document).data).toBe(out.data);
  });

  it('counts colours and sizes it cannot apply as 文字样式, and does not apply them', () => {
    const r = imported(
      mm(
        '<node TEXT="a" COLOR="red" BACKGROUND_COLOR="#12"><font SIZE="200"/></node>' +
          '<node TEXT="b" COLOR="#FFF" STYLE_REF="Topic"><font SIZE="big" NAME="x;y" STRIKETHROUGH="true"/></node>',
      ),
    );
    expect(r.root.children).toEqual([{ text: 'a' }, { text: 'b', color: '#fff' }]);
    expect(r.notices).toEqual(['以下内容未能保留：文字样式 7 处']);
  });

  it('counts first-level POSITION our layout does not give, and rich text formatting', () => {
    const r = imported(
      mm(
        '<node TEXT="1" POSITION="left"/><node TEXT="2" POSITION="right"/>' +
          '<node POSITION="right"><richcontent TYPE="NODE"><html><head><style>p {}</style></head><body><p>x <font color="red">y</font></p></body></html></richcontent>' +
          '<node TEXT="deep" POSITION="left"/></node>',
      ),
    );
    expect(r.root.children).toHaveLength(3);
    expect(r.notices).toEqual(['以下内容未能保留：主题文字中的格式（加粗、颜色等） 1 个、分支左右位置 2 个']);
  });

  it('an export says the colours and sizes .mm cannot hold, and writes #rgb as #rrggbb', () => {
    const doc: KmDocument = {
      root: {
        data: { id: 'r', text: 'r', color: 'rgb(1, 2, 3)', background: '#abc', 'font-size': 'x' as unknown as number, 'font-family': 'Arial, sans-serif' },
        children: [{ data: { id: 'c', text: 'c', 'font-family': 'monospace', 'font-weight': 'normal' }, children: [] }],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    };
    const out = exportFile('mm', doc);
    expect(out.notices.map((n) => n.message)).toEqual(['以下内容未能保留：文字样式 2 处']);
    expect(imported(out.data).root).toEqual({
      text: 'r',
      background: '#aabbcc',
      'font-family': 'Arial',
      children: [{ text: 'c', 'font-family': 'monospace' }],
    });
  });
});
