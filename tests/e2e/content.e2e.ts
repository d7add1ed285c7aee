import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, type BrowserSession } from './browser';
import { hashOf, logIn, recordApi, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';

async function signedIn(loginName?: string): Promise<BrowserSession> {
  const session = await openSession(inject('baseURL'));
  await watchCanvasText(session.context);
  // External sites are not reachable here: answer them locally so a new tab has something to show.
  await session.context.route(/^https?:\/\/(developer\.mozilla\.org|www\.icourse163\.org)\//, (r) => r.fulfill({ body: 'external', contentType: 'text/plain' }));
  await session.page.goto('/');
  await logIn(session.page, { loginName });
  return session;
}

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
const query = (page: Page) => Object.fromEntries(new URLSearchParams(hashOf(page).split('?')[1] ?? ''));

describe('course content player', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await signedIn();
  });
  afterAll(async () => s?.close());

  it('refuses a course the student has not signed up for, with a way to sign up', async () => {
    await s.page.goto('/#/course/content?courseId=course-05&videoId=file-lesson-video&nodeId=course-05-c1-s1&name=x&duration=30');
    await s.page.getByRole('heading', { name: '请先报名该课程，再开始学习' }).waitFor();
    expect(await s.page.locator('video').count()).toBe(0);
    await s.page.getByRole('link', { name: '去报名' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/detail?id=course-05');
  });

  it('signs up, plays a section, and resumes where it stopped after a reload', async () => {
    const api = recordApi(s.page);
    await s.page.goto('/#/course/detail?id=course-02');
    await s.page.getByRole('button', { name: '立即报名' }).click();
    await toastWith(s.page, '报名成功').waitFor();
    await s.page.getByRole('button', { name: '开始学习' }).click();
    await expect.poll(() => query(s.page)).toMatchObject({ courseId: 'course-02', nodeId: 'course-02-c1-s1', videoId: 'file-lesson-video', duration: '30' });
    // Outside the main layout: no site header, a back link instead.
    expect(await s.page.getByRole('banner').getByRole('link', { name: '返回课程详情' }).count()).toBe(1);
    await s.page.getByRole('complementary', { name: '课程目录' }).getByRole('button', { name: /1\.1 / }).and(s.page.locator('[aria-current="true"]')).waitFor();

    const player = s.page.getByRole('region', { name: /^视频：1\.1 / });
    await player.getByRole('button', { name: '播放视频' }).click();
    await expect.poll(() => videoTime(s.page), { timeout: 15_000 }).toBeGreaterThan(3);
    // the control bar fades (and ignores the pointer) while playing: pause from the keyboard
    await player.getByRole('button', { name: '暂停' }).press('Enter');
    const stoppedAt = await videoTime(s.page);
    await expect.poll(() => api.count('/api/course/userModelRecord/saveUserRecord')).toBeGreaterThanOrEqual(2);

    await s.page.reload();
    await s.page.getByText(/^已从上次学到的 00:0\d 处继续$/).waitFor();
    await expect.poll(() => videoTime(s.page)).toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);

    // the section is now in progress in the tree, and the study-centre card leads back here
    expect(await s.page.getByRole('complementary', { name: '课程目录' }).getByRole('img', { name: '学习中' }).count()).toBe(1);
    await s.page.goto('/#/personal/myNews');
    const card = s.page.getByRole('region', { name: '最近学习' });
    await card.getByText('C语言程序设计').waitFor();
    await card.getByText(/^视频：1\.1 .+00:30$/).waitFor();
    await card.getByText('学习中').waitFor();
    await card.getByRole('button', { name: /继续学习/ }).click();
    await expect.poll(() => query(s.page)).toMatchObject({ courseId: 'course-02', nodeId: 'course-02-c1-s1', videoId: 'file-lesson-video', duration: '30' });
    await s.page.getByText(/^已从上次学到的/).waitFor();
  });

  it('moves to the next and previous section; a recommend link opens in a new tab', async () => {
    await s.page.goto('/#/course/content?courseId=course-01&videoId=file-lesson-video&nodeId=course-01-c1-s1&name=x&duration=30');
    await s.page.getByRole('heading', { level: 1, name: /^1\.1 / }).waitFor();
    expect(await s.page.getByRole('button', { name: '上一节' }).isDisabled()).toBe(true);
    await s.page.getByRole('button', { name: '下一节' }).click();
    await expect.poll(() => query(s.page).nodeId).toBe('course-01-c1-s2');
    await s.page.getByRole('button', { name: '上一节' }).click();
    await expect.poll(() => query(s.page).nodeId).toBe('course-01-c1-s1');
    const outline = s.page.getByRole('complementary', { name: '课程目录' });
    const last = outline.getByRole('listitem').filter({ hasText: '外链' }).getByRole('button');
    const [popup] = await Promise.all([s.context.waitForEvent('page'), last.click()]);
    await expect.poll(() => popup.url()).toContain('icourse163.org');
    await popup.close();
    expect(query(s.page).nodeId).toBe('course-01-c1-s1');
    await s.page.getByRole('link', { name: '返回课程详情' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/course/detail?id=course-01');
  });
});
