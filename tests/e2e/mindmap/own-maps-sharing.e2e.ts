import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { seriousViolations } from '../axe';
import { editField, item, mapFocused, outline, saveState, selectedTexts } from './helpers';
import { hashOf, openSignedIn, toastWith } from '../shell-helpers';
import { E2E_STUDENTS, e2eStudentNo } from '../students';
import { e2eBaseURL } from '../base-url';

// A 我的导图 map shared with a classmate, as two students do it in two browsers: the owner invites
// by 学号 (a wrong one is refused in Chinese, the typed 学号 kept), the member finds the map in
// 共享给我的 and edits it, the owner sees the edit live (no reload); both rename a topic at once and
// both edits are kept with no conflict choice; made 只读, the member's open editor turns
// read-only; the member leaves. 共享主 and 共享员 are this file's own students.

const OWNER = E2E_STUDENTS.shareOwner;
const MEMBER = E2E_STUDENTS.shareMember;
const editorReady = async (page: Page) => {
  await page.locator('.mind-editor[aria-busy="false"]').waitFor();
  await item(page, /^.+/).first().waitFor();
};

describe('sharing a 我的导图 map with a classmate', () => {
  const sessions: BrowserSession[] = [];
  afterAll(async () => Promise.all(sessions.map((x) => x.close())));

  it('invite by 学号, the member edits, the owner sees it live; both edit at once; 只读 then 退出共享', { timeout: 180_000 }, async () => {
    const owner = await openSignedIn(e2eBaseURL(), OWNER.loginName);
    sessions.push(owner);
    const o = owner.page;
    await o.goto('/#/personal/myMaps');
    await o.getByRole('button', { name: '新建导图' }).click();
    const create = o.getByRole('dialog', { name: '新建导图' });
    await create.getByLabel(/导图名称/).fill('小组复习');
    await create.getByRole('button', { name: '创建并打开' }).click();
    await editorReady(o);
    const mapUrl = o.url();

    // 共享: a 学号 nobody has is refused and stays typed; the classmate's is accepted
    await o.getByRole('button', { name: '共享', exact: true }).click();
    const share = o.getByRole('dialog', { name: '共享导图' });
    await share.getByLabel('同学的学号').fill('1234567');
    await share.getByRole('button', { name: '邀请' }).click();
    await expect.poll(() => share.getByRole('alert').textContent()).toBe('没有找到该学号的同学，请核对后再邀请');
    expect(await share.getByLabel('同学的学号').inputValue()).toBe('1234567');
    await share.getByLabel('同学的学号').fill(e2eStudentNo('shareMember'));
    await share.getByLabel('权限').selectOption('edit');
    await share.getByRole('button', { name: '邀请' }).click();
    const members = share.getByRole('list', { name: '导图成员' });
    await members.getByRole('button', { name: new RegExp(`^移除\\s*${MEMBER.username}$`) }).waitFor();
    expect(await share.getByRole('alert').textContent()).toBe('');
    expect(await seriousViolations(o)).toEqual([]);
    await share.getByRole('button', { name: '关闭' }).click();

    // the member: 我的学习 → 共享给我的 → the map, editable
    const member = await openSignedIn(e2eBaseURL(), MEMBER.loginName);
    sessions.push(member);
    const m = member.page;
    await m.goto('/#/personal/myStudy');
    await m.getByRole('link', { name: '共享给我的（1 张）' }).click();
    await expect.poll(() => m.getByRole('button', { name: '共享给我的' }).getAttribute('aria-pressed')).toBe('true');
    await m.getByText(`由${OWNER.username}共享 · 可编辑`).waitFor();
    await m.getByRole('link', { name: '小组复习' }).click();
    await editorReady(m);
    await m.getByRole('heading', { name: '共享给我的导图', level: 1 }).waitFor();
    await item(m, '小组复习').click();
    await m.keyboard.press('Tab');
    await editField(m).waitFor();
    await m.keyboard.type('成员加的主题');
    await m.keyboard.press('Enter');
    await expect.poll(() => outline(m)).toContain('成员加的主题');
    await expect.poll(() => saveState(m).textContent(), { timeout: 15_000 }).toBe('已保存');

    // the owner's open map shows the member's topic without a reload (the live socket), and each
    // sees the other on the map
    await item(o, '成员加的主题').waitFor();
    expect(o.url()).toBe(mapUrl);
    await o.getByRole('list', { name: '也在这张导图上' }).getByText(MEMBER.username, { exact: true }).waitFor();
    await m.getByRole('list', { name: '也在这张导图上' }).getByText(OWNER.username, { exact: true }).waitFor();

    // both rename a different topic at once: both kept, on both pages, with no 保留我的 / 载入服务器 choice
    const rename = async (page: Page, from: string, to: string) => {
      await item(page, from).click();
      await page.keyboard.press('F2');
      await editField(page).fill(to);
      await page.keyboard.press('Enter');
    };
    await Promise.all([rename(o, '成员加的主题', '创建者改的主题'), rename(m, '小组复习', '小组复习（成员改）')]);
    for (const page of [o, m]) {
      await item(page, '创建者改的主题').waitFor();
      await item(page, '小组复习（成员改）').waitFor();
      await expect.poll(() => saveState(page).textContent(), { timeout: 15_000 }).toBe('已保存');
      expect(await page.getByRole('dialog', { name: '导图已在其他页面更新' }).count()).toBe(0);
    }
    // and the server has both: the owner's page opened again shows them
    await o.reload();
    await editorReady(o);
    await expect.poll(() => outline(o)).toEqual(['小组复习（成员改）', '创建者改的主题']);

    // made 只读 while typing a title: the member's open editor turns read-only at once; the title
    // not yet saved is not saved later, but shown to be copied
    await item(m, '创建者改的主题').click();
    await m.keyboard.press('F2');
    await editField(m).fill('没来得及保存的标题');
    await o.getByRole('button', { name: '共享', exact: true }).click();
    await share.getByLabel(`${MEMBER.username}的权限`).selectOption('view');
    await expect.poll(() => share.getByRole('status').textContent()).toBe(`${MEMBER.username}的权限已改为只读`);
    await share.getByRole('button', { name: '关闭' }).click();
    const lost = m.getByRole('alertdialog', { name: '有修改没有保存' });
    await lost.waitFor();
    expect(await lost.getByRole('textbox', { name: '没有保存的标题' }).inputValue()).toBe('没来得及保存的标题');
    expect(await lost.textContent()).toContain('创建者把你改为只读成员，你还没保存的下面 1 个标题不会再保存');
    expect(await seriousViolations(m)).toEqual([]);
    // the keys are the dialog's: the focus on the titles, Enter there closes nothing, Escape
    // closes it and the map has the focus again
    await expect.poll(() => m.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('没有保存的标题');
    await m.keyboard.press('Enter');
    expect(await lost.isVisible()).toBe(true);
    await m.keyboard.press('Escape');
    await lost.waitFor({ state: 'detached' });
    await mapFocused(m);
    // opened again read-only, the map keeps the student's place
    expect(await selectedTexts(m)).toEqual(['创建者改的主题']);
    await m.getByText(`由${OWNER.username}共享 · 只读`).waitFor();
    await item(m, '创建者改的主题').dblclick();
    expect(await editField(m).count()).toBe(0);

    // 退出共享 asks once more, then the map leaves 共享给我的
    await m.getByRole('button', { name: '退出共享' }).click();
    await m.getByRole('button', { name: '确定退出' }).click();
    await toastWith(m, '已退出共享').waitFor();
    await expect.poll(() => hashOf(m)).toBe('#/personal/myMaps');
    // leaving on purpose is not said as a removal (the live socket the server closes for it)
    expect(await toastWith(m, '你已不是这张导图的成员').count()).toBe(0);
    await m.getByRole('button', { name: '共享给我的' }).click();
    await m.getByText('还没有同学共享导图给你').waitFor();
    expect(await seriousViolations(m)).toEqual([]);

    // Invited again and removed while the map is open: the page says why it no longer edits, for
    // as long as it stays, and offers nothing that would fail (退出共享, 历史版本).
    await o.getByRole('button', { name: '共享', exact: true }).click();
    await share.getByLabel('同学的学号').fill(e2eStudentNo('shareMember'));
    await share.getByLabel('权限').selectOption('edit');
    await share.getByRole('button', { name: '邀请' }).click();
    const remove = members.getByRole('button', { name: new RegExp(`^移除\\s*${MEMBER.username}$`) });
    await remove.waitFor();
    await m.reload();
    await m.getByRole('button', { name: '共享给我的' }).click();
    await m.getByRole('link', { name: '小组复习（成员改）' }).click();
    await editorReady(m);
    await m.getByText(`由${OWNER.username}共享 · 可编辑，修改会自动保存`).waitFor();
    // editable again, the title typed while it was being made 只读 was not saved behind the owner's back
    expect(await outline(m)).not.toContain('没来得及保存的标题');
    await m.getByRole('list', { name: '也在这张导图上' }).getByText(OWNER.username, { exact: true }).waitFor();
    await remove.click();
    await m.getByRole('status').filter({ hasText: '这里只能查看打开时的内容' }).waitFor();
    expect(await m.getByRole('button', { name: '退出共享' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: '历史版本' }).count()).toBe(0);
    await item(m, '创建者改的主题').dblclick();
    expect(await editField(m).count()).toBe(0);
  });
});
