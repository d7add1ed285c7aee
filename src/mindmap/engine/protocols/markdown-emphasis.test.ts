import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KmNode } from '../model/types';
import { exportDocument, importDocumentWithNotices } from './formats';
import { restoreDocument } from './restore';

// Issue 33.3: Markdown front matter is kept (the root's note) and said; `**…**` / `*…*` around a
// whole title become bold / italic; emphasis inside a title stays as typed and is counted.

const md = readFileSync(new URL('./fixtures/30-frontmatter-bold.md', import.meta.url));
const shape = (n: KmNode): unknown[] => [[n.data.text, n.data['font-weight'] ?? '', n.data['font-style'] ?? ''], ...(n.children ?? []).flatMap(shape)];

describe('Markdown front matter and emphasis', () => {
  const r = importDocumentWithNotices('md', md);

  it('keeps the front matter as the root note, ahead of its own, and says so', () => {
    expect(r.document.root.data.note).toBe('```yaml\n---\ntitle: 有机化学\ntags: [化学, 复习]\n---\n```\n\n总复习。');
    expect(r.notices[0]).toEqual({ code: 'frontMatter', message: '文件开头的 YAML 前言（front matter）已放在根主题的备注里' });
  });

  it('makes whole-title emphasis bold / italic and leaves inline emphasis as text, counted', () => {
    expect(shape(r.document.root)).toEqual([
      ['有机化学', '', ''],
      ['烷烃', 'bold', ''],
      ['甲烷', '', 'italic'],
      ['乙烷', 'bold', 'italic'],
      ['__丙烷__ 与 _丁烷_', '', ''],
      ['含 **行内加粗** 的标题', '', ''],
      ['2 * 3 * 4 不是斜体', '', ''],
      ['snake_case_name', '', ''],
    ]);
    expect(r.notices[1].message).toBe('以下内容未能保留：主题文字中的行内加粗或斜体（保留为原样的 ** 或 * 文字） 2 个');
  });

  it('writes a title that looks like emphasis so it reads back as the same text', () => {
    const doc = restoreDocument({ root: { data: { text: '*星号*' }, children: [{ data: { text: '_下划线_' } }, { data: { text: '**粗**' } }] } });
    const again = importDocumentWithNotices('md', exportDocument('md', doc)).document;
    expect(shape(again.root)).toEqual([
      ['*星号*', '', ''],
      ['_下划线_', '', ''],
      ['**粗**', '', ''],
    ]);
  });
});
