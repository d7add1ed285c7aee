import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { editField, item, openMinder, outline, saved } from './helpers';
import { applyForCases, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';

// One student's map open on two devices (two browsers, no shared storage): an edit saved on one
// reaches the other over the live socket as it happens — a `set` frame, then the title on
// screen — not at the next 10 s poll. 两台机 is this file's own student.

const ME = E2E_STUDENTS.liveDevices;
const CASE = 'case-01';

describe('the same map on two devices', () => {
  const sessions: BrowserSession[] = [];
  afterAll(async () => Promise.all(sessions.map((x) => x.close())));

  it('an edit saved on the laptop is pushed to the phone’s open map', async () => {
    const laptop = await openSignedIn(inject('baseURL'), ME.loginName);
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

    const phone = await openSignedIn(inject('baseURL'), ME.loginName);
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
});
