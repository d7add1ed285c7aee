import { describe, expect, it } from 'vitest';
import { clickNode, item, openMinder } from './helpers';
import { openSignedIn, unexpectedErrors } from '../shell-helpers';
import { e2eBaseURL } from '../base-url';

// The system clipboard (issue 15 item 16): Ctrl+C writes the subtree as outline text (and .km
// JSON for this app), Ctrl+V in another map recreates it with its data, and indented plain text
// copied from another app becomes nodes. The student has not applied for prac-01 or case-05, so
// nothing here is saved (the autosave is refused) and the other flows see those maps unchanged.

describe('system clipboard', () => {
  it('copies a subtree between two maps with its data, and pastes indented text from another app', async () => {
    const baseURL = e2eBaseURL();
    const s = await openSignedIn(baseURL);
    try {
      const { page, context } = s;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await openMinder(page, 'prac-01');
      await clickNode(page, '页面结构');
      await page.keyboard.press('Control+3');
      await item(page, /^页面结构，优先级3/).waitFor();
      await page.keyboard.press('Control+c');
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^页面结构\n\t语义化标签\n/);

      // Another map, another page: Ctrl+V under its root brings the subtree, priority included.
      const other = await context.newPage();
      await openMinder(other, 'case-05');
      await clickNode(other, '城市共享单车需求预测');
      await other.keyboard.press('Control+v');
      await expect.poll(async () => item(other, /^页面结构，优先级3/).getAttribute('aria-level')).toBe('2');
      expect(await item(other, '语义化标签').getAttribute('aria-level')).toBe('3');

      // Plain text from another app: a tab or four spaces per level, several top-level lines.
      await other.evaluate(() => navigator.clipboard.writeText('外部笔记\n\t要点一\n    要点二\n另一条\n'));
      await clickNode(other, '问题定义');
      await other.keyboard.press('Control+v');
      await expect.poll(async () => item(other, '外部笔记').getAttribute('aria-level')).toBe('3');
      expect(await item(other, '要点一').getAttribute('aria-level')).toBe('4');
      expect(await item(other, '要点二').getAttribute('aria-level')).toBe('4');
      expect(await item(other, '另一条').getAttribute('aria-level')).toBe('3');
      expect(unexpectedErrors(s.errors)).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
