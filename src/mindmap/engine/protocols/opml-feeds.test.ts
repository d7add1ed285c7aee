import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KmNode } from '../model/types';
import { importDocumentWithNotices } from './formats';

// Issue 33.3: a feed list keeps every xmlUrl (as the link; the site's htmlUrl in the note), and
// every attribute a map cannot hold is named in 未能保留 (an import used to drop them silently).

const opml = readFileSync(new URL('./fixtures/29-feeds.opml', import.meta.url));
const shape = (n: KmNode): unknown => {
  const { text, hyperlink, note } = n.data;
  return { text, ...(hyperlink ? { hyperlink } : {}), ...(note ? { note } : {}), ...(n.children?.length ? { children: n.children.map(shape) } : {}) };
};

describe('OPML feed lists', () => {
  it('xmlUrl is the link and htmlUrl a note line; url wins the link when there is one', () => {
    const r = importDocumentWithNotices('opml', opml, { name: 'feeds' });
    expect(shape(r.document.root)).toEqual({
      text: '我的订阅',
      children: [
        {
          text: '技术博客',
          children: [
            { text: '前端周刊', hyperlink: 'https://example.org/weekly/feed.xml', note: '网站：https://example.org/weekly/' },
            { text: '只有订阅源', hyperlink: 'https://example.net/rss' },
            { text: '只有 title 的源', hyperlink: 'https://example.com/' },
          ],
        },
        {
          text: '读书笔记',
          note: '第一章\n第二章',
          children: [{ text: '带链接的源', hyperlink: 'https://example.org/book', note: '订阅源：https://example.org/book.rss' }],
        },
      ],
    });
  });

  it('names every attribute it did not keep, with its count', () => {
    const r = importDocumentWithNotices('opml', opml, { name: 'feeds' });
    expect(r.notices.map((n) => n.message)).toEqual([
      '文件有 2 个顶层主题，已放在新建的根主题“我的订阅”下',
      '以下内容未能保留：OPML 属性 created 1 处、OPML 属性 type="rss" 3 处、OPML 属性 description 1 处、OPML 属性 language 1 处、OPML 属性 isComment 1 处、OPML 属性 _complete 1 处、OPML 头部 dateCreated 1 处、OPML 头部 ownerName 1 处',
    ]);
  });

  // outside walk: a one-feed-folder file's <title> and its feeds' type="rss" went unsaid
  it('one top-level outline: the file’s <title> is named when it differs from it, not when it is the same', () => {
    const file = (title: string) =>
      `<opml version="2.0"><head><title>${title}</title></head><body><outline text="技术博客"><outline type="rss" text="源" xmlUrl="https://e.org/rss"/></outline></body></opml>`;
    const messages = (title: string) => importDocumentWithNotices('opml', file(title), { name: 'feeds' }).notices.map((n) => n.message);
    expect(messages('订阅列表')).toEqual(['以下内容未能保留：OPML 属性 type="rss" 1 处、OPML 文件标题 1 个']);
    expect(messages('技术博客')).toEqual(['以下内容未能保留：OPML 属性 type="rss" 1 处']);
  });
});
