import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { seriousViolations } from '../axe';
import { importFile, outline } from './helpers';
import { hashOf, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// 批量导入 in 我的导图 (issue 33.2): a .zip of mixed formats, one file broken, one XMind workbook of
// two sheets (the page asks which to import) — every file reported, the broken one refused with
// its reason and no map made of it; axe clean with the dialog and the report. 批导入 is this file's
// own student.

const ME = E2E_STUDENTS.bulkImport;
let s: BrowserSession | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const topic = (id: string, title: string, attached: object[] = [], detached: object[] = []) => ({ id, title, children: { attached, detached } });
const workbook = zipSync({
  'content.json': strToU8(
    JSON.stringify([
      { id: 's1', title: '第一章', rootTopic: topic('r1', '绪论', [topic('a', '研究背景')], [topic('f', '自由主题', [topic('g', '想法')])]) },
      { id: 's2', title: '第二章', rootTopic: topic('r2', '文献综述', [topic('b', '国内研究')]) },
    ]),
  ),
});
const batch = zipSync({
  '线代.km': strToU8(JSON.stringify({ root: { data: { text: '线性代数' }, children: [{ data: { text: '特征值' } }] } })),
  'notes/高数.md': strToU8('---\ntitle: 高数\n---\n# 高等数学\n## **极限**\n- 夹逼准则\n'),
  '订阅.opml': strToU8('<opml version="2.0"><body><outline text="订阅源" xmlUrl="https://example.com/feed" created="2020-01-01"/></body></opml>'),
  '提纲.txt': strToU8('概率论\n\t随机变量\n'),
  '坏掉的.km': strToU8('{"root": {"data": '),
  '论文.xmind': workbook,
});

describe('我的导图 批量导入', () => {
  it('imports a mixed zip: asks for the workbook’s sheets, reports every file, refuses the broken one', async () => {
    s = await openSignedIn(e2eBaseURL(), ME.loginName);
    const { page } = s;
    await page.getByRole('button', { name: `${ME.username}的账户菜单` }).click();
    await page.getByRole('menuitem', { name: '我的导图' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/personal/myMaps');
    await page.getByText('还没有自己的导图').waitFor();

    await page.getByLabel('选择要导入的文件').setInputFiles({ name: '期末资料.zip', mimeType: 'application/zip', buffer: Buffer.from(batch) });

    // The workbook asks which sheets; the floating topic is said beside its sheet.
    const dialog = page.getByRole('dialog', { name: '选择要导入的画布' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('checkbox').count()).toBe(2);
    await dialog.getByText(/自由主题 1 个已连同其下级主题/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('checkbox', { name: /第二章/ }).uncheck();
    await dialog.getByRole('button', { name: '导入所选（1）' }).click();

    const report = page.getByRole('region', { name: /^导入完成/ });
    await report.waitFor({ timeout: 30_000 });
    await expect.poll(() => report.getByRole('heading').textContent()).toBe('导入完成：5 个文件已导入（5 张导图），1 个未导入，3 个有未能保留或已调整的内容');
    const items = await report
      .getByRole('listitem')
      .filter({ has: page.locator('.bulk-report__status') })
      .allTextContents();
    expect(items).toHaveLength(6);
    const broken = items.find((t) => t.includes('坏掉的.km'))!;
    expect(broken).toMatch(/^未导入期末资料\.zip\/坏掉的\.km原因：.*[\u4e00-\u9fff]/);
    expect(items.find((t) => t.includes('订阅.opml'))).toContain('OPML 属性 created');
    expect(items.find((t) => t.includes('论文.xmind'))).toContain('「绪论」');
    // the focus is on the report's summary, and the list holds the new maps (and no broken one)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^导入完成/);
    await expect
      .poll(async () => (await page.locator('.mymaps-row .mymaps-row__title').allTextContents()).sort())
      .toEqual(['线性代数', '高等数学', '订阅源', '概率论', '绪论'].sort());
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);

    // The editor's 导入 of the same workbook asks which one sheet replaces the map.
    await page.getByRole('link', { name: '绪论' }).first().click();
    await page.locator('.mind-editor[aria-busy="false"]').waitFor();
    await expect.poll(() => outline(page)).toContain('研究背景');
    await importFile(page, '论文.xmind', Buffer.from(workbook));
    const pick = page.getByRole('dialog', { name: '选择要导入的画布' });
    await pick.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await pick.getByRole('radio', { name: /第二章/ }).check();
    await pick.getByRole('button', { name: '导入', exact: true }).click();
    await expect.poll(() => outline(page)).toEqual(expect.arrayContaining(['文献综述', '国内研究']));
    expect(await outline(page)).not.toContain('研究背景');
  });
});
