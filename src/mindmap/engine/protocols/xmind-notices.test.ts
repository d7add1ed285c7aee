import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importDocumentWithNotices } from './formats';

// What an XMind file holds that a map keeps only in part is said on import (outside walk: a
// note's bold and the sheet's own name went without a word).

const notices = (files: Record<string, string>) =>
  importDocumentWithNotices('xmind', zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))), {}).notices.map((n) => n.message);

const xml = (sheetTitle: string, notes: string) => `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:xhtml="http://www.w3.org/1999/xhtml" version="2.0">
  <sheet id="s1"><topic id="t1"><title>数据结构</title>${notes}</topic><title>${sheetTitle}</title></sheet>
</xmap-content>`;

const json = (sheetTitle: string, notes: object) =>
  JSON.stringify([{ id: 's1', class: 'sheet', title: sheetTitle, rootTopic: { id: 't1', class: 'topic', title: '数据结构', notes } }]);

describe('XMind import notices', () => {
  it('XMind 8: a rich note with bold or a style run, and a sheet name of its own, are said', () => {
    const rich = '<notes><plain>顺序表与链表</plain><html><xhtml:p>顺序表与<xhtml:strong>链表</xhtml:strong></xhtml:p></html></notes>';
    expect(notices({ 'content.xml': xml('我的画布', rich) })).toEqual(['以下内容未能保留：备注中的格式（加粗、颜色等） 1 条、画布名称 1 个']);
    const styled = '<notes><html><xhtml:p>甲<xhtml:span style-id="b1">乙</xhtml:span></xhtml:p></html></notes>';
    expect(notices({ 'content.xml': xml('画布 1', styled) })).toEqual(['以下内容未能保留：备注中的格式（加粗、颜色等） 1 条']);
    // paragraphs only, XMind's default sheet name or the root's title: nothing is lost
    const plain = '<notes><html><xhtml:p>第一行</xhtml:p><xhtml:p>第二行 <xhtml:span>两字</xhtml:span></xhtml:p></html></notes>';
    expect(notices({ 'content.xml': xml('画布 1', plain) })).toEqual([]);
    expect(notices({ 'content.xml': xml('数据结构', plain) })).toEqual([]);
  });

  it('XMind 2020: realHTML with formatting beside the plain note, and a sheet name of its own, are said', () => {
    const notes = { plain: { content: '顺序表与链表' }, realHTML: { content: '<div>顺序表与<strong>链表</strong></div>' } };
    expect(notices({ 'content.json': json('复习用', notes) })).toEqual(['以下内容未能保留：备注中的格式（加粗、颜色等） 1 条、画布名称 1 个']);
    const plain = { plain: { content: '一行' }, realHTML: { content: '<div>一行</div>' } };
    expect(notices({ 'content.json': json('Sheet 1', plain) })).toEqual([]);
  });
});
