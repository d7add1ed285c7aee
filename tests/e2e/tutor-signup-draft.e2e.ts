import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { openSignedIn, toastWith, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { e2eBaseURL } from './base-url';

// Issue 31 item 2: the 填写信息 dialog keeps what the student wrote, asks before closing with
// typed text, asks before cancelling an application, and 重新报名 starts from the cancelled one.
// Runs as its own student (唐草稿, no sign-up yet) with tutor-08, who has room.
const student = E2E_STUDENTS.signUpDraft;
const TUTOR = '/#/tutorDetail?id=tutor-08&uid=tutor-08';
const WRITTEN: [string, string][] = [
  ['身份证号', '330106200405051234'],
  ['自我介绍', '软件工程专业，做过校园二手平台的课程项目。'],
  ['特长爱好', '算法竞赛、摄影'],
  ['目标理想', '跟随导师参与科研，毕业后读研。'],
];

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), student.loginName);
  await s.page.getByRole('button', { name: `${student.username}的账户菜单` }).waitFor();
});
afterAll(async () => s?.close());

const main = () => s.page.getByRole('main');
const dialog = () => s.page.getByRole('dialog', { name: '填写信息' });
const askClose = () => s.page.getByRole('alertdialog', { name: '关闭填写信息？' });

/** The accessible label of the focused element ('' on the body). */
const focusedLabel = () =>
  s.page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent?.replace(/[*＊\s]/g, '') ?? el?.tagName ?? '';
  });

async function expectWritten(d: Locator) {
  for (const [label, value] of WRITTEN) expect(await d.getByLabel(label, { exact: true }).inputValue()).toBe(value);
}

describe('tutor sign-up keeps what the student wrote', () => {
  it('asks before closing with typed text and keeps the draft over closing and a reload', async () => {
    await s.page.goto(TUTOR);
    await main().getByRole('button', { name: '立即报名' }).click();
    for (const [label, value] of WRITTEN) await dialog().getByLabel(label, { exact: true }).fill(value);

    // Esc asks; 继续填写 goes back to the form as it was, the focus in the field the student was in
    await s.page.keyboard.press('Escape');
    await askClose().getByRole('button', { name: '继续填写' }).click();
    await askClose().waitFor({ state: 'detached' });
    await expectWritten(dialog());
    await expect.poll(focusedLabel).toBe('目标理想');
    // the same after a click outside or on ×: back in the last field, never on the page's body
    await dialog().getByLabel('特长爱好', { exact: true }).focus();
    await s.page.mouse.click(4, 4);
    await askClose().getByRole('button', { name: '继续填写' }).click();
    await askClose().waitFor({ state: 'detached' });
    await expect.poll(focusedLabel).toBe('特长爱好');
    await dialog().getByRole('button', { name: '关闭' }).click(); // the ×
    await askClose().getByRole('button', { name: '继续填写' }).click();
    await askClose().waitFor({ state: 'detached' });
    await expect.poll(focusedLabel).toBe('特长爱好');

    // a click outside asks too; 关闭 closes
    await s.page.mouse.click(4, 4);
    await askClose().getByRole('button', { name: '关闭' }).click();
    await dialog().waitFor({ state: 'detached' });

    // reopened, and after a reload: what was written is there
    await main().getByRole('button', { name: '立即报名' }).click();
    await expectWritten(dialog());
    await dialog().getByRole('button', { name: '关闭' }).click(); // the ×
    await askClose().getByRole('button', { name: '关闭' }).click();
    await s.page.reload();
    await main().getByRole('button', { name: '立即报名' }).click();
    await expectWritten(dialog());

    await dialog().getByRole('button', { name: '提交' }).click();
    await toastWith(s.page, '导师报名信息提交成功！').waitFor();
    await main().getByText('申请中', { exact: true }).waitFor();
    expect(await s.page.evaluate(() => localStorage.getItem('signUpDrafts'))).not.toContain('算法竞赛');
  });

  it('confirms 取消申请, and 重新报名 starts from the cancelled application', async () => {
    await s.page.goto(TUTOR);
    const cancel = main().getByRole('button', { name: '取消申请' });
    const ask = s.page.getByRole('alertdialog', { name: '取消导师报名？' });
    await cancel.click();
    await ask.getByRole('button', { name: '暂不取消' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await main().getByText('申请中', { exact: true }).count()).toBe(1);

    // on a slow network the cancelled application comes late: 重新报名, clicked the moment it
    // shows, still starts from it (it once showed before the application came, with the profile)
    const detail = '**/api/customer/teacherResume/getResumeDetails**';
    await s.page.route(detail, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await cancel.click();
    await ask.getByRole('button', { name: '确定取消' }).click();
    await main().getByRole('button', { name: '重新报名' }).click();
    await s.page.unroute(detail);
    await toastWith(s.page, '取消导师报名成功！').waitFor();
    expect(await dialog().getByLabel('自我介绍').inputValue()).toBe(WRITTEN[1]![1]);
    await expectWritten(dialog());
    // nothing typed since: closing asks nothing
    await s.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await askClose().count()).toBe(0);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
