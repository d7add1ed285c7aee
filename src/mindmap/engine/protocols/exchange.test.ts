import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { KmDocument, KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices, type FileData, type FileFormat } from './formats';

// XMind (2020+ content.json and XMind 8 content.xml), FreeMind/Freeplane .mm and OPML, read from
// fixtures written after the formats' public descriptions (fixtures/README.md), and what each
// could not hold said in one Chinese notice (issue 19.4).

const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;
const fixture = (name: string) => readFileSync(FIXTURES + name);
/** A 1×1 PNG. */
export const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

/** Node data without ids (restore gives fresh ones), image data URLs cut to their type. */
function shape(n: KmNode): Record<string, unknown> {
  const { id: _id, ...d } = n.data;
  if (typeof d.image === 'string') d.image = d.image.slice(0, d.image.indexOf(',') + 1);
  return { ...d, ...(n.children?.length ? { children: n.children.map(shape) } : {}) };
}

function imported(format: FileFormat, data: FileData, name?: string) {
  const r = importDocumentWithNotices(format, data, { name });
  return { root: shape(r.document.root), notices: r.notices.map((n) => n.message) };
}

describe('XMind, FreeMind and OPML files', () => {
  it('reads an XMind 2020 content.json: topics, notes, links, embedded image, markers, labels; says what it left', () => {
    const xmind = zipSync({ 'content.json': fixture('20-xmind2020.content.json'), 'resources/dot.png': PNG, 'metadata.json': strToU8('{}') });
    expect(imported('xmind', xmind)).toEqual({
      root: {
        text: '操作系统',
        note: '期末复习\n第 1–6 章',
        children: [
          {
            text: '进程管理',
            hyperlink: 'https://example.org/os/process?a=1&b=2',
            priority: 1,
            progress: 5,
            resource: ['重点', '必考'],
            children: [{ text: '进程与线程' }, { text: '调度算法', image: 'data:image/png;base64,', imageTitle: '', imageSize: { width: 64, height: 32 } }],
          },
          { text: '内存管理', progress: 9, expandState: 'collapse', children: [{ text: '分页 & 分段 <虚拟内存>' }] },
          { text: '自由主题' }, // a floating topic: kept as the root's last branch (issue 33.3)
        ],
      },
      notices: ['自由主题 1 个已连同其下级主题和备注放在中心主题下，作为最后的分支', '以下内容未能保留：外框 1 个、其他画布 1 个、图标标记 1 个'],
    });
  });

  it('reads an XMind 8 content.xml (attachments, html notes, marker-refs) when there is no content.json', () => {
    const xmind = zipSync({ 'content.xml': fixture('21-xmind8.content.xml'), 'attachments/dot.png': PNG });
    const r = imported('xmind', xmind);
    expect(r.root).toEqual({
      text: '数据结构',
      note: '线性表、树、图',
      children: [
        {
          text: '链表  Linked   List',
          hyperlink: 'https://example.org/ds?x=1&y=2',
          priority: 2,
          progress: 3,
          resource: ['基础'],
          children: [{ text: '单链表' }, { text: '双向链表', image: 'data:image/png;base64,', imageTitle: '', imageSize: { width: 40, height: 20 } }],
        },
        { text: '树 <Tree>', note: '第一行\n第二行 加粗', expandState: 'collapse', children: [{ text: '二叉树' }] },
        { text: '浮动主题' },
      ],
    });
    expect(r.notices).toEqual(['自由主题 1 个已连同其下级主题和备注放在中心主题下，作为最后的分支', '以下内容未能保留：图标标记 1 个']);
  });

  it('prefers content.json over the upgrade notice XMind 2020 writes into content.xml', () => {
    const stub = '<?xml version="1.0"?><xmap-content><sheet><topic><title>请升级 XMind</title></topic></sheet></xmap-content>';
    const xmind = zipSync({ 'content.xml': strToU8(stub), 'content.json': fixture('20-xmind2020.content.json') });
    expect(imported('xmind', xmind).root.text).toBe('操作系统');
  });

  it('reads FreeMind: TEXT or rich node text, rich notes as plain lines, LINK, full-N icons, FOLDED; counts clouds and rich-text bold', () => {
    expect(imported('mm', fixture('22-freemind.mm').toString('utf8'))).toEqual({
      root: {
        text: '计算机网络',
        note: '五层模型\n自顶向下',
        children: [
          {
            text: '应用层 "HTTP"',
            hyperlink: 'https://example.org/net?a=1&b=2',
            priority: 3,
            children: [{ text: 'DNS\t解析' }, { text: '电子邮件' }],
          },
          { text: '传输层 TCP', expandState: 'collapse', children: [{ text: '三次握手' }] },
        ],
      },
      notices: ['以下内容未能保留：外框 1 个、图标标记 1 个、主题文字中的格式（加粗、颜色等） 1 个'],
    });
  });

  it('reads Freeplane: progress icons, notes with CONTENT-TYPE, details, attributes and external images counted', () => {
    expect(imported('mm', fixture('23-freeplane.mm'))).toEqual({
      root: {
        text: '编译原理',
        children: [
          { text: '词法分析', note: '正则表达式 & 自动机', progress: 5, priority: 1, children: [{ text: '有限自动机' }] },
          { text: '语法分析', hyperlink: '#ID_1001' },
        ],
      },
      notices: ['以下内容未能保留：图片 1 张、详细描述 1 条、Freeplane 导图样式表（MapStyle） 1 个、属性 1 条'],
    });
  });

  it('reads OPML: text, _note, link outlines; several top outlines go under the <title>', () => {
    expect(imported('opml', fixture('24-outline.opml').toString('utf8'), '文件名')).toEqual({
      root: {
        text: '线性代数复习',
        children: [
          { text: '行列式', note: '定义与性质\n展开定理', children: [{ text: '克拉默法则' }] },
          { text: '矩阵 & 向量', hyperlink: 'https://example.org/la?a=1&b=2', children: [{ text: '秩' }, { text: '  逆矩阵  ' }] },
          { text: '特征值' },
        ],
      },
      // (the head's other metadata is named, as every attribute a map cannot hold)
      notices: ['文件有 3 个顶层主题，已放在新建的根主题“线性代数复习”下', '以下内容未能保留：OPML 头部 dateCreated 1 处'],
    });
  });
});

const DOC: KmDocument = {
  root: {
    data: {
      id: 'r',
      text: '复习 <&>',
      note: '第一行\n第二行',
      hyperlink: 'https://a.example/?q=1&r=2',
      hyperlinkTitle: '说明',
      priority: 2,
      progress: 3,
      isStudy: 1,
    },
    children: [
      {
        data: { id: 'a', text: '图片', image: `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`, imageSize: { width: 1, height: 1 } },
        children: [],
      },
      {
        data: { id: 'b', text: '标签', resource: ['甲', '乙'], color: '#ff0000', progress: 9, expandState: 'collapse' },
        children: [{ data: { id: 'c', text: '叶' }, children: [] }],
      },
      { data: { id: 'd', text: '外链图', image: 'https://cdn.example/x.png' }, children: [] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

describe('exports say what the format could not hold', () => {
  it('.xmind also holds an XMind 8 content.xml with the same topics', async () => {
    const { unzipSync } = await import('fflate');
    const files = unzipSync(exportFile('xmind', DOC).data as Uint8Array);
    delete files['content.json'];
    expect(imported('xmind', zipSync(files))).toEqual(imported('xmind', exportFile('xmind', DOC).data));
    expect(imported('xmind', zipSync(files)).root.children).toHaveLength(3);
  });

  it('.xmind keeps notes, links, data images, priority, progress, labels and folding', () => {
    const out = exportFile('xmind', DOC);
    expect(out.notices.map((n) => n.message)).toEqual(['以下内容未能保留：图片 1 张、链接标题 1 个、知识点标记 1 个、文字样式 1 处']);
    const back = imported('xmind', out.data);
    expect(back.notices).toEqual([]);
    expect(back.root).toEqual({
      text: '复习 <&>',
      note: '第一行\n第二行',
      hyperlink: 'https://a.example/?q=1&r=2',
      priority: 2,
      progress: 3,
      children: [
        { text: '图片', image: 'data:image/png;base64,', imageTitle: '', imageSize: { width: 1, height: 1 } },
        { text: '标签', progress: 9, resource: ['甲', '乙'], expandState: 'collapse', children: [{ text: '叶' }] },
        { text: '外链图' },
      ],
    });
  });

  it('.xmind embeds linked images the caller read for it (the student uploads the engine cannot fetch)', () => {
    const dataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`;
    const out = exportFile('xmind', DOC, { images: { 'https://cdn.example/x.png': dataUrl } });
    expect(out.notices.map((n) => n.message)).toEqual(['以下内容未能保留：链接标题 1 个、知识点标记 1 个、文字样式 1 处']);
    expect(imported('xmind', out.data).root.children).toContainEqual({
      text: '外链图',
      image: 'data:image/png;base64,',
      imageTitle: '',
      imageSize: { width: 1, height: 1 },
    });
  });

  it('.mm keeps notes, links, priority, text styles and the progress steps Freeplane has an icon for', () => {
    // 3/8 done has no Freeplane icon (0, 25, 50, 75, 100 %): counted, not rounded
    expect(exportFile('mm', { ...DOC, root: { data: { text: 'x', progress: 4 } } }).notices[0].message).toBe('以下内容未能保留：进度 1 个');
    const out = exportFile('mm', DOC);
    expect(out.notices.map((n) => n.message)).toEqual(['以下内容未能保留：标签 2 个、图片 2 张、链接标题 1 个、知识点标记 1 个']);
    expect(imported('mm', out.data).root).toEqual({
      text: '复习 <&>',
      note: '第一行\n第二行',
      hyperlink: 'https://a.example/?q=1&r=2',
      priority: 2,
      progress: 3,
      children: [{ text: '图片' }, { text: '标签', color: '#ff0000', progress: 9, expandState: 'collapse', children: [{ text: '叶' }] }, { text: '外链图' }],
    });
  });

  it('.opml keeps titles, notes and links', () => {
    const out = exportFile('opml', DOC);
    expect(out.notices.map((n) => n.message)).toEqual([
      '以下内容未能保留：标签 2 个、图片 2 张、链接标题 1 个、优先级 1 个、进度 2 个、知识点标记 1 个、文字样式 1 处',
    ]);
    expect(imported('opml', out.data).root).toEqual({
      text: '复习 <&>',
      note: '第一行\n第二行',
      hyperlink: 'https://a.example/?q=1&r=2',
      children: [{ text: '图片' }, { text: '标签', children: [{ text: '叶' }] }, { text: '外链图' }],
    });
  });

  it('.xmind is the XMind 2020 layout: content.json, metadata.json, manifest.json listing the resources', async () => {
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(exportFile('xmind', DOC).data as Uint8Array);
    expect(Object.keys(files).sort()).toEqual([
      'META-INF/manifest.xml',
      'content.json',
      'content.xml',
      'manifest.json',
      'meta.xml',
      'metadata.json',
      'resources/image1.png',
    ]);
    const manifest = JSON.parse(strFromU8(files['manifest.json']));
    expect(Object.keys(manifest['file-entries'])).toContain('resources/image1.png');
    const [sheet] = JSON.parse(strFromU8(files['content.json']));
    expect(sheet.class).toBe('sheet');
    expect(sheet.rootTopic.children.attached[1].markers).toEqual([{ markerId: 'task-done' }]);
    expect(sheet.rootTopic.markers).toEqual([{ markerId: 'priority-2' }, { markerId: 'task-quarter' }]);
  });
});
