import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import type { BrowserSession } from './browser';
import { DEMO, hashOf, logIn, openSignedIn, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// Seed (src/server/seed/tutors-data.ts): 16 tutors, full: 刘洋 (05), 郑凯 (10), 韩磊 (14).
// 李明: 赵海峰 (06) failed, 孙丽华 (07) cancelled, 何振宇 (12, page 2) applying. 王芳: 张建国 (01) accepted.
// 张建国 has an intro video; 陈晓燕 (04) one whose source is missing.
const WANG = { loginName: '13800000003', password: DEMO.password };

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
  await s.page.getByRole('button', { name: '李明的账户菜单' }).waitFor();
});
afterAll(async () => s?.close());

const main = (page: Page = s.page) => page.getByRole('main');
const tutorList = (page: Page = s.page) => main(page).getByRole('region', { name: '导师列表' });
const cards = (page: Page = s.page) => tutorList(page).getByRole('listitem');
const pager = () => main().getByRole('navigation', { name: '导师分页' });
const head = (page: Page = s.page) =>
  main(page)
    .getByRole('region', { name: /^(?!导师介绍)/ })
    .first();

/** The activity area on tutor page `n` (the screen itself remembers the last page). */
async function openActivity(page: Page = s.page, n = 1) {
  await page.goto('/#/activity');
  await tutorList(page).and(page.locator('[aria-busy="false"]')).waitFor();
  const button = main(page)
    .getByRole('navigation', { name: '导师分页' })
    .getByRole('button', { name: `第 ${n} 页` });
  if ((await button.getAttribute('aria-current')) !== 'page') {
    await button.click();
    await expect.poll(() => button.getAttribute('aria-current')).toBe('page');
    await tutorList(page).and(page.locator('[aria-busy="false"]')).waitFor();
  }
}

/** Another signed-in tab of its own (own storage), e.g. for a second account. */
async function signedInPage(account: { loginName: string; password: string }): Promise<Page> {
  const context = await s.browser.newContext({
    baseURL: e2eBaseURL(),
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  await watchCanvasText(context);
  const page = await context.newPage();
  await page.goto('/');
  await logIn(page, account);
  await page.getByRole('button', { name: /的账户菜单$/ }).waitFor();
  return page;
}

async function openTutor(name: string | RegExp, page: Page = s.page) {
  // a click in the middle of the card (not on the name): the whole card opens the detail
  await cards(page).filter({ hasText: name }).first().click();
  await main(page).getByRole('heading', { level: 1, name }).waitFor();
}

async function expectNoAction(page: Page = s.page) {
  for (const name of ['立即报名', '重新报名', '取消申请']) expect(await main(page).getByRole('button', { name }).count()).toBe(0);
}

describe('tutor activity area', () => {
  it('lists 10 tutors a page with full badges, finds the sign-up on page 2, keeps the page over a reload and resets it on tab change', async () => {
    const whole = s.page.waitForRequest((r) => r.url().includes('/getTeacherList?') && new URL(r.url()).searchParams.get('currentSize') === '16');
    await s.page.goto('/');
    await s.page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '导师活动' }).click();
    await cards().first().waitFor();
    expect(hashOf(s.page)).toBe('#/activity');
    await s.page.getByRole('contentinfo').waitFor();
    expect(await cards().count()).toBe(10);
    expect(await s.page.getByRole('tab', { name: '导师报名' }).getAttribute('aria-selected')).toBe('true');
    await cards().filter({ hasText: '刘洋' }).getByText('已满').waitFor();
    expect(await tutorList().getByRole('link', { name: '郑凯 已满' }).count()).toBe(1);
    const first = cards().first();
    for (const text of ['张建国', '教授', '查看详情']) await first.getByText(text).first().waitFor();
    expect(await first.locator('img').getAttribute('src')).toBe('/avatar-male.svg');
    expect(await cards().filter({ hasText: '李慧敏' }).locator('img').getAttribute('src')).toBe('/avatar-female.svg');
    // The applying sign-up is with 何振宇 on page 2: only the whole-list check (currentSize = total) sees it.
    await whole;
    await main().getByText('您已报名导师 何振宇（申请中）').waitFor();

    expect(
      await pager()
        .getByRole('button', { name: /^第 \d 页$/ })
        .count(),
    ).toBe(2);
    await pager().getByRole('button', { name: '第 2 页' }).click();
    await expect.poll(() => cards().count()).toBe(6);
    expect(await pager().getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    await s.page.reload();
    await tutorList().getByRole('link', { name: '何振宇' }).waitFor();
    expect(await cards().count()).toBe(6);
    expect(await pager().getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');

    await s.page.getByRole('tab', { name: '活动报名' }).click();
    await main().getByText('暂无活动').waitFor();
    expect(await pager().count()).toBe(0);
    await s.page.getByRole('tab', { name: '导师报名' }).click();
    await tutorList().getByRole('link', { name: '张建国' }).waitFor();
    expect(await cards().count()).toBe(10);
    expect(await pager().getByRole('button', { name: '第 1 页' }).getAttribute('aria-current')).toBe('page');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('opens TutorDetail with the query and shows every status with its actions', async () => {
    await openActivity();
    await openTutor('赵海峰');
    expect(hashOf(s.page)).toBe('#/tutorDetail?id=tutor-06&uid=tutor-06&isSignIn=1&isDone=1');
    await main().getByText('报名失败', { exact: true }).waitFor();
    await expectNoAction();
    // header facts and the introduction body
    for (const fact of ['出生日期', '学历', '学位', '一级学科', '二级学科']) await head().getByText(fact, { exact: true }).waitFor();
    const intro = main().getByRole('region', { name: '导师介绍' });
    for (const title of ['工作经历', '研究领域', '科研项目', '论文/专利', '获奖情况', '联系方式']) await intro.getByRole('heading', { name: title }).waitFor();
    await intro.getByText(/^0571-8868\d{4} \| tutor6@xuetu\.edu\.cn$/).waitFor();

    await s.page.goBack();
    await openTutor('孙丽华');
    await main().getByText('已取消', { exact: true }).waitFor();
    await main().getByRole('button', { name: '重新报名' }).waitFor();

    // Not signed up, but an active sign-up elsewhere (isSignIn 1, isDone set): no apply action.
    await s.page.goBack();
    await openTutor('王志强');
    await expectNoAction();

    // Full tutor: badge, and no apply action.
    await s.page.goBack();
    await openTutor(/刘洋/);
    await main().getByRole('heading', { level: 1 }).getByText('已满').waitFor();
    await expectNoAction();
  });

  it('plays an intro video in video.js and says when one cannot play', async () => {
    await s.page.goto('/#/tutorDetail?id=tutor-01&uid=tutor-01&isSignIn=1&isDone=1');
    const player = main().locator('.video-js');
    await player.waitFor();
    expect(await player.getAttribute('class')).toContain('vjs-fluid');
    const video = player.locator('video');
    expect(await video.getAttribute('preload')).toBe('auto');
    expect(await video.getAttribute('autoplay')).toBeNull();
    expect(await video.getAttribute('src')).toMatch(/\/api\/folder\/resource\/file\/vod\/file-tutor-video$/);
    await player.getByRole('button', { name: '播放视频' }).waitFor({ state: 'attached' });
    expect(await player.locator('.vjs-playback-rate .vjs-menu-item').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('1.25x'), expect.stringContaining('2x')]),
    );
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    await s.page.goto('/#/tutorDetail?id=tutor-04&uid=tutor-04&isSignIn=1&isDone=1');
    await main().getByText('此视频暂无法播放，请稍后再试').waitFor();
    await toastWith(s.page, '视频不存在').waitFor();
    expect(await main().locator('video').count()).toBe(0);
  });

  it('cancels the pending application', async () => {
    await openActivity(s.page, 2);
    await openTutor('何振宇');
    await main().getByText('申请中', { exact: true }).waitFor();
    await main().getByRole('button', { name: '取消申请' }).click();
    await s.page.getByRole('alertdialog', { name: '取消导师报名？' }).getByRole('button', { name: '确定取消' }).click();
    await toastWith(s.page, '取消导师报名成功！').waitFor();
    await main().getByText('已取消', { exact: true }).waitFor();
    await main().getByRole('button', { name: '重新报名' }).waitFor();
    expect(await main().getByRole('button', { name: '取消申请' }).count()).toBe(0);
  });

  it('validates the sign-up form field by field, then submits it by keyboard', async () => {
    await openActivity();
    expect(
      await main()
        .getByText(/您已报名导师/)
        .count(),
    ).toBe(0);
    await openTutor('王志强');
    const apply = main().getByRole('button', { name: '立即报名' });
    await apply.click();
    const dialog = s.page.getByRole('dialog', { name: '填写信息' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(646);
    // prefilled from the profile
    expect(await dialog.getByLabel('姓名').inputValue()).toBe('李明');
    expect(await dialog.getByLabel('手机号').inputValue()).toBe(DEMO.loginName);
    expect(await dialog.getByLabel('学号').inputValue()).toBe('2023010101');
    expect(await dialog.getByRole('radio', { name: '男' }).isChecked()).toBe(true);

    const messages: [string, string][] = [
      ['姓名', '请输入姓名'],
      ['身份证号', '请输入身份证号'],
      ['手机号', '请输入手机号'],
      ['学号', '请输入学号'],
      ['专业', '请输入专业'],
      ['班级', '请输入班级'],
      ['自我介绍', '请输入自我介绍'],
      ['特长爱好', '请输入特长爱好'],
      ['目标理想', '请输入目标理想'],
    ];
    for (const [label, message] of messages) {
      const field = dialog.getByLabel(label, { exact: true });
      await field.fill('');
      await field.blur();
      await dialog.getByText(message, { exact: true }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(await dialog.getByRole('alert').count()).toBe(messages.length);
    await dialog.getByLabel('手机号').fill('1380000');
    await dialog.getByLabel('手机号').blur();
    await dialog.getByText('请输入正确的手机号').waitFor();
    // submitting with errors sends nothing and keeps the dialog
    await dialog.getByRole('button', { name: '提交' }).click();
    expect(await toastWith(s.page, '导师报名信息提交成功！').count()).toBe(0);
    await s.page.keyboard.press('Escape');
    await s.page.getByRole('alertdialog', { name: '关闭填写信息？' }).getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Keyboard only: open, tab through every field, pick the sex with arrows, submit with Enter.
    await apply.focus();
    await s.page.keyboard.press('Enter');
    await dialog.waitFor();
    const values: [string, string][] = [
      ['姓名', '李明'],
      ['身份证号', '330106200301011234'],
      ['手机号', DEMO.loginName],
      ['学号', '2023010101'],
      ['专业', '计算机科学与技术'],
      ['班级', '计科2301班'],
      ['自我介绍', '计算机专业学生，做过两个课程项目。'],
      ['特长爱好', '编程、篮球'],
      ['目标理想', '参与科研项目，毕业后从事软件研发。'],
    ];
    for (const [label, value] of values) {
      await tabTo(dialog.getByLabel(label, { exact: true }));
      await s.page.keyboard.press('ControlOrMeta+a');
      await s.page.keyboard.type(value);
    }
    await tabTo(dialog.getByRole('radio', { name: '男' }));
    await s.page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: '女' }).isChecked()).toBe(true);
    await s.page.keyboard.press('ArrowLeft');
    await tabTo(dialog.getByRole('button', { name: '提交' }));
    await s.page.keyboard.press('Enter');
    await toastWith(s.page, '导师报名信息提交成功！').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // the detail reloads with the new application
    await main().getByText('申请中', { exact: true }).waitFor();
    await main().getByRole('button', { name: '取消申请' }).waitFor();
  });

  it('refuses a second tutor with the server’s message as an error toast', async () => {
    await openActivity();
    await main().getByText('您已报名导师 王志强（申请中）').waitFor();
    await openTutor('孙丽华');
    await main().getByRole('button', { name: '重新报名' }).click();
    const dialog = s.page.getByRole('dialog', { name: '填写信息' });
    await dialog.getByLabel('身份证号').fill('330106200301011234');
    await dialog.getByLabel('自我介绍').fill('再次申请。');
    await dialog.getByLabel('特长爱好').fill('编程');
    await dialog.getByLabel('目标理想').fill('读研');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toastWith(s.page, '您已有申请中或报名成功的导师，不能同时报名其他导师').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('has no serious or critical accessibility violations on both screens', async () => {
    const page = await signedInPage(DEMO);
    try {
      await openActivity(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/#/tutorDetail?id=tutor-01&uid=tutor-01&isSignIn=1&isDone=1');
      await main(page).locator('.video-js').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/#/tutorDetail?id=tutor-12&uid=tutor-12&isSignIn=1&isDone=1');
      await main(page).getByRole('button', { name: '重新报名' }).click();
      const dialog = page.getByRole('dialog', { name: '填写信息' });
      // 重新报名 starts from the cancelled application: empty 自我介绍 so its message shows
      await dialog.getByLabel('自我介绍').fill('');
      await dialog.getByLabel('特长爱好').focus();
      await dialog.getByText('请输入自我介绍').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('shows an accepted sign-up (王芳)', async () => {
    const page = await signedInPage(WANG);
    try {
      await openActivity(page);
      await main(page).getByText('您已报名导师 张建国（报名成功）').waitFor();
      await openTutor('张建国', page);
      await main(page).getByText('报名成功', { exact: true }).waitFor();
      await expectNoAction(page);
    } finally {
      await page.context().close();
    }
  });
});

/** Presses Tab until `target` has focus (fails after 40 presses). */
async function tabTo(target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await s.page.keyboard.press('Tab');
  }
  throw new Error('could not reach the control with Tab');
}
