import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMarkdown, encodeMarkdown } from './markdown';
import { decodeKm } from './km';
import { decodeOutlineTopics } from './text';
import { exportDocument, importDocument, importDocumentWithNotices } from './formats';
import type { KmNode } from '../model/types';

// Shapes found in real .md/.txt files (markmap notes, other outliners), beyond kityminder's own
// fixtures. The fixtures are ours, written in those shapes.
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Compact tree: title, then the interesting fields, then children. */
function tree(n: KmNode): unknown {
  const d = n.data;
  const out: Record<string, unknown> = { t: d.text };
  if (d.note) out.note = d.note;
  if (d['font-weight']) out.bold = true; // **…** around a whole title (issue 33.3)
  if (d.hyperlink) out.link = d.hyperlink;
  if (d.hyperlinkTitle) out.linkTitle = d.hyperlinkTitle;
  if (d.expandState) out.state = d.expandState;
  if (n.children?.length) out.c = n.children.map(tree);
  return out;
}

describe('markmap-style markdown', () => {
  it('imports headings, nested lists, links, a fence in a list item, frontmatter and two # headings as one tree', () => {
    const { document, notices } = importDocumentWithNotices('md', fixture('10-markmap.md'), { name: 'ml-notes' });
    expect(tree(document.root)).toEqual({
      t: '机器学习复习',
      // the front matter is kept (issue 33.3)
      note: '```yaml\n---\ntitle: 机器学习复习\nmarkmap:\n  colorFreezeLevel: 2\n---\n```',
      c: [
        {
          t: '机器学习复习',
          note: '复习范围：第 1–8 章。',
          c: [
            {
              t: '监督学习',
              c: [
                { t: '回归', c: [{ t: '线性回归', link: 'https://zh.wikipedia.org/wiki/线性回归' }, { t: '岭回归' }] },
                {
                  t: '分类',
                  c: [
                    {
                      t: '逻辑回归',
                      note: '```python\nfrom sklearn.linear_model import LogisticRegression\n# 这一行以 # 开头，但在代码块里\nmodel = LogisticRegression()\n```',
                    },
                    { t: '支持向量机' },
                  ],
                },
                { t: '决策树', bold: true, state: 'collapse', c: [{ t: 'ID3' }, { t: 'C4.5' }] },
              ],
            },
            {
              t: '无监督学习',
              c: [
                { t: '聚类', c: [{ t: 'K-Means' }, { t: 'DBSCAN' }] },
                { t: '降维', c: [{ t: 'PCA' }] },
              ],
            },
          ],
        },
        { t: '附录', c: [{ t: '参考书目', link: 'https://example.com/机器 学习(第2版)', linkTitle: '书单' }, { t: '术语表' }] },
      ],
    });
    expect(notices.map((n) => n.code)).toEqual(['forest', 'frontMatter']);
    expect(notices[0].message).toBe('文件有 2 个顶层主题，已放在新建的根主题“机器学习复习”下');
  });

  it('closes a fence opened in a list item where the item ends, and only on a matching fence', () => {
    const root = decodeMarkdown(fixture('11-fence-in-list.md'));
    expect(tree(root)).toEqual({
      t: '部署笔记',
      c: [
        { t: '安装依赖', note: '```bash\nnpm install' },
        { t: '构建', note: '````md\n```js\n# 不是标题\n```\n````\n\n构建完成后看 dist 目录。', c: [{ t: '检查产物' }] },
        { t: '上线' },
        { t: '回滚' },
      ],
    });
  });

  it('several # headings become siblings under one root named after the file, or 中心主题', () => {
    const md = '# 甲\n## 甲一\n# 乙\n';
    expect(tree(importDocument('md', md).root)).toEqual({ t: '中心主题', c: [{ t: '甲', c: [{ t: '甲一' }] }, { t: '乙' }] });
    expect(importDocumentWithNotices('md', md, { name: '笔记' }).document.root.data.text).toBe('笔记');
  });

  it('re-exports the markmap file so that it reads back the same (links, fences, nesting)', () => {
    const doc = importDocument('md', fixture('10-markmap.md'));
    const md = exportDocument('md', doc);
    // bold is not written back into .md (the export says so: 文字样式), only read from it
    const noState = (x: unknown) => JSON.parse(JSON.stringify(x).replace(/,"state":"collapse"|,"bold":true/g, ''));
    expect(noState(tree(importDocument('md', md).root))).toEqual(noState(tree(doc.root)));
    expect(md).toContain('\n### [参考书目](<https://example.com/机器 学习(第2版)> "书单")\n');
  });

  it('trailing spaces after a heading or item are not part of the title', () => {
    expect(tree(decodeMarkdown('# 根  \n- 项 \t\n'))).toEqual({ t: '根', c: [{ t: '项' }] });
  });

  it('a list without headings, and headings that skip levels, still make a tree', () => {
    expect(tree(decodeMarkdown('- 根\n  - 子\n    - 孙\n'))).toEqual({ t: '根', c: [{ t: '子', c: [{ t: '孙' }] }] });
    expect(tree(decodeMarkdown('# 根\n### 跳到三级\n## 二级\n'))).toEqual({ t: '根', c: [{ t: '跳到三级' }, { t: '二级' }] });
  });

  it('exports maps deeper than 6 levels as nested list items, and reads them back', () => {
    const d = decodeKm(fixture('14-deep.km'));
    const md = encodeMarkdown(d.root);
    expect(md).toBe(fixture('14-deep.export.md'));
    expect(md).not.toMatch(/^#{7}/m);
    expect(tree(importDocument('md', md).root)).toEqual(tree(d.root));
  });
});

describe('outline text from people and other apps', () => {
  it('a forest imports under a root named after the file, with a notice', () => {
    const { document, notices } = importDocumentWithNotices('txt', fixture('12-forest.txt'), { name: '高数' });
    expect(tree(document.root)).toEqual({
      t: '高数',
      c: [
        { t: '第一章 函数', c: [{ t: '定义域' }, { t: '值域' }] },
        { t: '第二章 导数', c: [{ t: '求导法则', c: [{ t: '链式法则' }] }] },
        { t: '第三章 积分' },
      ],
    });
    expect(notices).toEqual([{ code: 'forest', message: '文件有 3 个顶层主题，已放在新建的根主题“高数”下' }]);
    expect(importDocumentWithNotices('txt', fixture('12-forest.txt')).document.root.data.text).toBe('中心主题');
    // The outline panel edits one map: there a second root stays an error, naming the line.
    expect(() => importDocument('txt', fixture('12-forest.txt'))).toThrow('Invalid local format：第 4 行');
  });

  it('pasted outline text gives its top-level topics (kityminder Text2Children), two-space indents included', () => {
    expect(decodeOutlineTopics('甲\n  甲一\n乙\n').map(tree)).toEqual([{ t: '甲', c: [{ t: '甲一' }] }, { t: '乙' }]);
    expect(decodeOutlineTopics(' \n')).toEqual([]);
  });

  it('two spaces per level (no tabs in the file) read as levels', () => {
    expect(tree(importDocument('txt', fixture('13-two-space.txt')).root)).toEqual({
      t: '项目计划',
      c: [
        { t: '需求', c: [{ t: '访谈' }, { t: '问卷' }] },
        { t: '设计', c: [{ t: '原型（4 个空格：第 3 级）' }] },
      ],
    });
  });

  it('no-break spaces copied from a web page indent like spaces; an escaped one stays in the title', () => {
    expect(tree(importDocument('txt', '根\n\u00a0\u00a0\u00a0\u00a0子\n\t\t孙').root)).toEqual({ t: '根', c: [{ t: '子', c: [{ t: '孙' }] }] });
    const root = { data: { text: '根' }, children: [{ data: { text: '\u00a0前导' } }] };
    expect(
      importDocument('txt', exportDocument('txt', { root, template: 'default', theme: 'fresh-blue', version: '1.4.43' })).root.children![0].data.text,
    ).toBe('\u00a0前导');
  });

  it('a byte-order mark does not become part of the root title', () => {
    expect(importDocument('txt', '\uFEFF根\n\t子').root.data.text).toBe('根');
    expect(importDocument('md', '\uFEFF# 根').root.data.text).toBe('根');
    expect(importDocument('km', '\uFEFF{"root":{"data":{"text":"根"}}}').root.data.text).toBe('根');
  });

  it('exports what it imported', () => {
    const d = importDocument('txt', fixture('13-two-space.txt'));
    expect(exportDocument('txt', d)).toBe('项目计划\r\t需求\r\t\t访谈\r\t\t问卷\r\t设计\r\t\t原型（4 个空格：第 3 级）\r');
  });
});
