import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { download, importFile, item, openMinder, outline, saved } from './helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// XMind, FreeMind and OPML through the editor's 导入 / 导出 menu (issue 19.4): an .xmind chosen
// in the real file input is imported and says what it could not keep; the map exported as
// .xmind, .mm and .opml comes back with its titles, notes and links.

const FIXTURES = new URL('../../../src/mindmap/engine/protocols/fixtures/', import.meta.url).pathname;
/** A 1×1 PNG for the fixture's embedded image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// the floating topic is kept as the root's last branch (its subtree folded under it)
const TITLES = ['操作系统', '进程管理', '进程与线程', '调度算法', '内存管理', '自由主题'];

describe('XMind, FreeMind and OPML files', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.formatsWalk.loginName);
    await applyForCases(s.page, 'case-04'); // an imported map is saved: that needs an application
  });
  afterAll(async () => s?.close());

  it('imports an .xmind, reports what it could not keep, and round-trips through .xmind, .mm and .opml', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    const xmind = Buffer.from(zipSync({ 'content.json': readFileSync(FIXTURES + '20-xmind2020.content.json'), 'resources/dot.png': PNG }));
    // a workbook of two sheets asks which one replaces the map (the first is chosen at first)
    await saved(page, async () => {
      await importFile(page, '操作系统.xmind', xmind);
      const ask = page.getByRole('dialog', { name: '选择要导入的画布' });
      await ask.getByText('「操作系统.xmind」有 2 个画布。').waitFor();
      expect(await ask.getByRole('radio').count()).toBe(2);
      expect(await ask.getByRole('radio').first().isChecked()).toBe(true);
      await ask.getByRole('button', { name: '导入', exact: true }).click();
    });
    await expect.poll(() => outline(page)).toEqual(TITLES);
    await toastWith(page, '自由主题 1 个已连同其下级主题和备注放在中心主题下').waitFor();
    await toastWith(page, '以下内容未能保留：外框 1 个、其他画布 1 个、图标标记 1 个').waitFor();
    await item(page, /^操作系统，.*有备注/).waitFor();
    await item(page, /^进程管理，.*有链接/).waitFor();

    // .xmind: the XMind 2020 layout, everything kept (no warning)
    const exported = await download(page, /XMind/);
    const files = unzipSync(new Uint8Array(exported));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['content.json', 'metadata.json', 'manifest.json', 'resources/image1.png']));
    expect(JSON.parse(strFromU8(files['content.json']))[0].rootTopic.title).toBe('操作系统');
    // .opml has no place for summaries, labels, images, priority or progress: it says so after the download
    const opml = await download(page, /OPML/);
    await toastWith(page, '已导出「操作系统.opml」，以下内容未能保留：关联线 2 条、概要 1 个、标签 2 个、图片 1 张、优先级 1 个、进度 2 个。').waitFor();
    const mm = await download(page, /FreeMind/);

    for (const [name, bytes] of [
      ['回来.opml', opml],
      ['回来.mm', mm],
      ['回来.xmind', exported],
    ] as const) {
      // start from another map each time, so the outline below is the file's
      await saved(page, () => importFile(page, '别的.txt', '别的图\n\t子项\n'));
      await expect.poll(() => outline(page)).toEqual(['别的图', '子项']);
      await saved(page, () => importFile(page, name, bytes));
      // OPML keeps no folding: 内存管理's child shows, above the floating topic kept last
      await expect.poll(() => outline(page)).toEqual(name.endsWith('.opml') ? [...TITLES.slice(0, -1), '分页 & 分段 <虚拟内存>', '自由主题'] : TITLES);
      await item(page, /^操作系统，.*有备注/).waitFor();
      await item(page, /^进程管理，.*有链接/).waitFor();
    }
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('refuses a broken .xmind with a Chinese reason and keeps the map', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    const before = await outline(page);
    await importFile(page, '坏.xmind', Buffer.from('不是压缩包'));
    await toastWith(page, '无法导入 .xmind 文件：文件不是有效的 XMind 文件').waitFor();
    expect(await outline(page)).toEqual(before);
  });

  it('reads a GBK .txt as GBK; refuses a binary .txt and a .km without a root, keeping the map (outside walk B)', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    // 中心 / TAB 分支 as old Windows Notepad saves it: it used to import as ���� with a success toast
    await saved(page, () => importFile(page, '笔记.txt', readFileSync(FIXTURES + '15-gbk.txt')));
    await expect.poll(() => outline(page)).toEqual(['中心', '分支']);
    await importFile(page, '数据.txt', Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    await toastWith(page, '无法导入：文件不是文本（含有 NUL 字节').waitFor();
    await importFile(page, '空.km', Buffer.from('{"template":"default"}'));
    await toastWith(page, '无法导入：文件内容不是导图（.km 文件应是一个含根节点的 JSON 对象）').waitFor();
    expect(await outline(page)).toEqual(['中心', '分支']);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('says a Freeplane map’s style sheet and edge-colour rule were not kept (they were dropped unsaid; outside walk B)', async () => {
    const { page } = s;
    await openMinder(page, 'case-04');
    await saved(page, () => importFile(page, '样式.mm', readFileSync(FIXTURES + '25-freeplane-styles.mm')));
    await expect.poll(() => outline(page)).toEqual(['样式', '甲', '甲一', '乙', '丙']);
    await toastWith(page, 'Freeplane 导图样式表（MapStyle） 1 个、Freeplane 自动连线配色（AutomaticEdgeColor） 1 个').waitFor();
  });
});
