import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from '../browser';
import { openSignedIn } from '../shell-helpers';
import { openMinder } from './helpers';
import { e2eBaseURL } from '../base-url';

// The 大纲 panel's 已学 a/b gutter stays line for line beside the outline text when the text
// scrolls (outside walk: the text scrolled and the gutter stayed, so counts sat beside other lines).
// Reads only: the demo student's case-01 map (taller than the panel).

describe('the outline gutter', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL());
  });
  afterAll(async () => s?.close());

  it('keeps each count beside its line when the text is scrolled to the end', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openMinder(page, 'case-01');
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const field = page.getByRole('textbox', { name: '大纲文本' });
    const gutter = page.getByTestId('outline-progress');
    await expect.poll(() => gutter.locator('span').count()).toBeGreaterThan(10);
    const { client, total } = await field.evaluate((t: HTMLTextAreaElement) => ({ client: t.clientHeight, total: t.scrollHeight }));
    expect(total).toBeGreaterThan(client);
    await field.evaluate((t: HTMLTextAreaElement) => {
      t.scrollTop = t.scrollHeight;
      t.dispatchEvent(new Event('scroll'));
    });
    // The last line's count is on screen at the height of the last line of the text.
    const last = gutter.locator('span').last();
    const [g, f] = [(await last.boundingBox())!, (await field.boundingBox())!];
    expect(g.y + g.height).toBeLessThanOrEqual(f.y + f.height + 1);
    expect(g.y + g.height).toBeGreaterThan(f.y + f.height - 3 * g.height);
    const scrolled = await field.evaluate((t: HTMLTextAreaElement) => t.scrollTop);
    await expect.poll(() => gutter.evaluate((el) => el.scrollTop)).toBeGreaterThan(scrolled - 20);

    // A keystroke makes the text no longer the map's (the gutter goes); undone, the gutter comes
    // back beside the text where it is scrolled, not from its top.
    await field.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await expect.poll(() => gutter.count()).toBe(0);
    await page.keyboard.press('Backspace');
    await expect.poll(() => gutter.count()).toBe(1);
    const now = await field.evaluate((t: HTMLTextAreaElement) => t.scrollTop);
    expect(now).toBeGreaterThan(0);
    await expect.poll(() => gutter.evaluate((el) => el.scrollTop)).toBeGreaterThan(now - 20);
  });
});
