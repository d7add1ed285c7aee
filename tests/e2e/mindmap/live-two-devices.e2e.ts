import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { editField, item, nodeBox, openMinder, outline, saved } from './helpers';
import { pixelsLike } from '../study-helpers';
import { seriousViolations } from '../axe';
import { applyForCases, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';

// One student's map open on two devices (two browsers, no shared storage): an edit saved on one
// reaches the other over the live socket as it happens — a `set` frame, then the title on
// screen — not at the next 10 s poll. 两台机 is this file's own student.

const ME = E2E_STUDENTS.liveDevices;
const CASE = 'case-01';

describe('the same map on two devices', () => {
  const sessions: BrowserSession[] = [];
  afterAll(async () => Promise.all(sessions.map((x) => x.close())));

  it('an edit saved on the laptop is pushed to the phone’s open map', async () => {
    const laptop = await openSignedIn(e2eBaseURL(), ME.loginName);
    sessions.push(laptop);
    await applyForCases(laptop.page, CASE);
    const a = laptop.page;
    await openMinder(a, CASE);
    // the first save makes the student's own copy (whole); edits after it go as change sets
    const [, first, second] = await outline(a);
    await saved(a, async () => {
      await item(a, first).click();
      await a.keyboard.press('F2');
      await editField(a).fill('第一台改的');
      await a.keyboard.press('Enter');
    });

    const phone = await openSignedIn(e2eBaseURL(), ME.loginName);
    sessions.push(phone);
    const b = phone.page;
    const frames: string[] = [];
    b.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await openMinder(b, CASE);
    await item(b, '第一台改的').waitFor();
    await expect.poll(() => frames.some((f) => f.includes('"type":"welcome"'))).toBe(true);

    await saved(a, async () => {
      await item(a, second).click();
      await a.keyboard.press('F2');
      await editField(a).fill('推送过来的标题');
      await a.keyboard.press('Enter');
    });
    await expect.poll(() => frames.some((f) => f.includes('"type":"set"'))).toBe(true);
    await item(b, '推送过来的标题').waitFor();
    expect(laptop.errors.concat(phone.errors)).toEqual([]);
  });

  it('each sees where the other is: named in the toolbar and the tree, a ring in its colour on the canvas, said politely', async () => {
    const [laptop, phone] = sessions;
    const a = laptop.page;
    const b = phone.page;
    const third = '用例建模';
    const bar = a.getByRole('list', { name: '也在这张导图上' });
    await expect.poll(() => bar.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('你的另一个页面')]);
    // The phone selects a topic: the laptop's tree row says so, and the canvas rings it in the colour of the bar's dot.
    await item(b, third).click();
    await expect.poll(async () => (await item(a, third).getAttribute('aria-label')) ?? '').toContain('你的另一个页面正在看');
    const box = await nodeBox(a, third);
    const dot = await bar.locator('.mind-presence__dot').evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, bl] = dot.match(/\d+/g)!.map(Number);
    // the upper half of the dot with the initial on the topic's top-left corner (the laptop's own selection outline hugs the edge, below it)
    const ringInk = () => pixelsLike(a, { x: box.x, y: box.y - 10, width: 12, height: 6 }, (r << 16) | (g << 8) | bl, 30);
    await expect.poll(ringInk).toBeGreaterThan(6);
    // Typing a title there: 正在编辑.
    await b.keyboard.press('F2');
    await expect.poll(async () => (await item(a, third).getAttribute('aria-label')) ?? '').toContain('你的另一个页面正在编辑');
    await b.keyboard.press('Escape');
    expect(await seriousViolations(a)).toEqual([]);
    // The phone's page goes: the laptop says so in its live region, the bar empties, the ring goes.
    await phone.close();
    sessions.pop();
    await expect.poll(() => a.locator('.mind-editor__live').textContent()).toContain('你的另一个页面离开了这张导图');
    await bar.waitFor({ state: 'detached' });
    await expect.poll(ringInk).toBeLessThan(2);
    expect(laptop.errors).toEqual([]);
  });
});
