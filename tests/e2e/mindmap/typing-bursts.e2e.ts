import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { closeTab, DEPTH, editField, importFile, item, mapFocused, openMinder, saved, saveState, tree } from './helpers';
import { applyForCases, openSignedIn } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { e2eBaseURL } from '../base-url';
import { burst, composed, ENTER, TAB, typed, type Step } from './cdp-keys';

// No lost keystrokes (issue 30.4): keys typed faster than the worker answers apply in order,
// and a title confirmed with Enter survives the tab closing or reloading right after. The keys
// go through CDP with no gap between them (what a queue of keys after a busy frame looks like).
// Signs in as 连按键 (E2E_STUDENTS.typingBursts), who applies for prac-01 here and edits his own
// map of it; no other file uses this student.

const CASE = 'prac-01';
const REPEATS = 20;

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.typingBursts.loginName);
  await applyForCases(s.page, CASE);
});
afterAll(async () => {
  await s?.close();
});

/** The ARIA tree as "level text" rows, in order. */
const rows = (page: Page) =>
  tree(page)
    .locator('[role=treeitem]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-level')} ${e.querySelector('.mind-tree__text')?.textContent ?? ''}`));

/** The rows with two new children `a`, `b` appended to the branch of row `at` (level `level`). */
function withChildren(before: string[], at: number, level: number, a: string, b: string): string[] {
  let end = at + 1;
  while (end < before.length && Number(before[end].split(' ')[0]) > level) end++;
  return [...before.slice(0, end), `${level + 1} ${a}`, `${level + 1} ${b}`, ...before.slice(end)];
}

/** Whether `page` shows `expected` within a few seconds (the answer of the last key included). */
async function shows(page: Page, expected: string[]): Promise<boolean> {
  try {
    await expect.poll(() => rows(page), { timeout: 4000 }).toEqual(expected);
    return true;
  } catch {
    return false;
  }
}

describe('a click right after a burst of keys', () => {
  // Keys the page has not applied yet (the worker still answering the first Tab) were typed
  // before the click: they land where they were typed, and the click selects after them. (The
  // click took effect first once: the second topic was made next to the clicked one.) First in the file:
  // the map as opened, its tree short enough not to scroll under the click.
  it('Tab, letters, Enter, Enter, letters, Enter, then a click on the root row: the burst where typed, the root untouched and selected, 8 times of 8', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const cdp = await page.context().newCDPSession(page);
    const wrong: string[] = [];
    for (let i = 0; i < 8; i++) {
      await expect.poll(() => saveState(page).textContent(), { timeout: 10_000 }).toBe('已保存');
      const first = tree(page).locator('[role=treeitem][aria-level="2"]').first();
      await first.click();
      await mapFocused(page);
      const before = await rows(page);
      const at = before.findIndex((r) => r.startsWith('2 '));
      // the root's row: above every row the burst adds, so the click finds it where it was
      const root = tree(page).locator('[role=treeitem][aria-level="1"]');
      const box = (await root.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const click: Step[] = [
        ['Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 }],
        ['Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 }],
      ];
      const [a, b] = [`c${i}a`, `c${i}b`];
      await burst(cdp, [...TAB, ...typed(a), ...ENTER, ...ENTER, ...typed(b), ...ENTER, ...click]);
      if (!(await shows(page, withChildren(before, at, 2, a, b))))
        wrong.push(`第 ${i + 1} 次：${JSON.stringify((await rows(page)).filter((r) => !before.includes(r)))}`);
      else {
        try {
          await expect.poll(() => root.getAttribute('aria-selected'), { timeout: 4000 }).toBe('true');
        } catch {
          wrong.push(`第 ${i + 1} 次：点击的根主题没有被选中`);
        }
      }
      // Taken out again: a branch grown long makes the tree scroll to each new row as it is
      // selected, moving the root's row from under the click.
      for (const t of [a, b]) {
        if (!(await item(page, t).count())) continue;
        await item(page, t).click();
        await mapFocused(page);
        await page.keyboard.press('Delete');
        await item(page, t).waitFor({ state: 'detached' });
      }
    }
    await cdp.detach();
    expect(wrong, `${wrong.length} of 8 bursts went wrong`).toEqual([]);
  });
});

describe('keys typed in a burst', () => {
  it('Tab, letters, Enter, Enter, Chinese by IME, Enter: two new topics with their titles, 20 times of 20', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const cdp = await page.context().newCDPSession(page);
    const lost: string[] = [];
    for (let i = 0; i < REPEATS; i++) {
      // The branch: the root's first child, selected from its row (the focus goes to the map).
      const first = tree(page).locator('[role=treeitem][aria-level="2"]').first();
      const name = (await first.locator('.mind-tree__text').textContent())!;
      await first.click();
      await mapFocused(page);
      const before = await rows(page);
      const at = before.indexOf(`2 ${name}`);
      const [a, b] = [`k${i}x`, `乙${i}号`];
      await burst(cdp, [...TAB, ...typed(a), ...ENTER, ...ENTER, ...composed('yi', b), ...ENTER]);
      const expected = withChildren(before, at, 2, a, b);
      if (!(await shows(page, expected))) {
        lost.push(`第 ${i + 1} 次：${JSON.stringify((await rows(page)).filter((r) => !before.includes(r)))}`);
        // Go on from what the page shows, so one lost burst does not fail every later one.
      }
    }
    await cdp.detach();
    expect(lost, `${lost.length} of ${REPEATS} bursts lost work`).toEqual([]);
  });
});

describe('keys typed in a burst into a row of the 大纲 tree', () => {
  // The walk typed into the tree's rows, not the map: a printable key on a focused row starts
  // editing that row's topic, Enter confirms, the next Enter adds a sibling; the keys after each
  // must reach the field (or the row) in order, never a row or field the focus has already left.
  it('letters, Enter, Enter, letters, Enter, Tab, Chinese by IME, Enter on a focused row: every title kept, 8 times of 8', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const cdp = await page.context().newCDPSession(page);
    const lost: string[] = [];
    for (let i = 0; i < 8; i++) {
      // The last burst saved first: a click on a row as its answers were still coming in left the
      // focus on that burst's last row once in a clean-clone run (noted, not this test's subject).
      await expect.poll(() => saveState(page).textContent(), { timeout: 10_000 }).toBe('已保存');
      const first = tree(page).locator('[role=treeitem][aria-level="2"]').first();
      await first.click();
      await mapFocused(page);
      await first.focus();
      const before = await rows(page);
      const at = before.findIndex((r) => r.startsWith('2 '));
      const [a, b, c] = [`r${i}a`, `r${i}b`, `丙${i}号`];
      await burst(cdp, [...typed(a), ...ENTER, ...ENTER, ...typed(b), ...ENTER, ...TAB, ...composed('bing', c), ...ENTER]);
      // The row renamed a; a sibling b after its branch; c, b's child.
      const renamed = [...before];
      renamed[at] = `2 ${a}`;
      let end = at + 1;
      while (end < renamed.length && Number(renamed[end].split(' ')[0]) > 2) end++;
      const expected = [...renamed.slice(0, end), `2 ${b}`, `3 ${c}`, ...renamed.slice(end)];
      if (!(await shows(page, expected))) lost.push(`第 ${i + 1} 次：${JSON.stringify((await rows(page)).filter((r) => !before.includes(r)))}`);
    }
    await cdp.detach();
    expect(lost, `${lost.length} of 8 bursts lost work`).toEqual([]);
  });
});

describe('keys typed in a burst into the 大纲文本 (the outline as text)', () => {
  // Tab indents the caret's line by setting the field's text; the letters typed right after it
  // (before the next frame) must go on that line, not to the end of the text.
  it('Enter, Tab, letters, Enter, letters after the first line: the new lines where the caret was, 8 times of 8', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await page.getByRole('button', { name: '编辑大纲' }).click();
    const field = page.getByRole('textbox', { name: '大纲文本' });
    await expect.poll(() => field.inputValue()).not.toBe('');
    const cdp = await page.context().newCDPSession(page);
    const lost: string[] = [];
    for (let i = 0; i < 8; i++) {
      const before = await field.inputValue();
      const eol = before.indexOf('\n');
      await field.evaluate((el: HTMLTextAreaElement, at) => (el.focus(), el.setSelectionRange(at, at)), eol);
      await burst(cdp, [...ENTER, ...TAB, ...typed(`t${i}a`), ...ENTER, ...typed(`t${i}b`)]);
      // (Enter starts its line at the margin: a textarea does not carry the indent over)
      const expected = `${before.slice(0, eol)}\n\tt${i}a\nt${i}b${before.slice(eol)}`;
      try {
        await expect.poll(() => field.inputValue(), { timeout: 3000 }).toBe(expected);
      } catch {
        lost.push(`第 ${i + 1} 次：${JSON.stringify((await field.inputValue()).slice(0, 80))}`);
        await field.fill(before);
      }
    }
    await cdp.detach();
    expect(lost, `${lost.length} of 8 bursts put lines elsewhere`).toEqual([]);
  });
});

describe('a level-4 topic, where Tab is refused', () => {
  // 不能插入4级主题以下的节点: the title typed for the topic that was not made, and its Enter, must
  // not rename the topic still selected — typed at once or after a pause (outside walks renamed a
  // real topic both ways). No dialog listener: the alert closes at once, as when a browser
  // suppresses a page's dialogs; the refusal must still show, beside the topic.
  it('Tab, letters, Enter — in a burst, and again after a pause: the refusal shows beside the topic, no title changes; a press on the topic, then typing renames it', async () => {
    const { page } = s;
    await openMinder(page, CASE);
    const cdp = await page.context().newCDPSession(page);
    // a level-4 topic of this student's own, made by hand
    await tree(page).locator('[role=treeitem][aria-level="3"]').first().click();
    await mapFocused(page);
    await burst(cdp, [...TAB, ...typed('d4'), ...ENTER]);
    await expect.poll(() => rows(page)).toContain('4 d4');
    const before = await rows(page);
    const notice = page.locator('.mind-refused', { hasText: DEPTH });

    await burst(cdp, [...TAB, ...typed('zz9'), ...ENTER]);
    // every key of the burst handled and dropped (an open field would show what was typed)
    expect(await page.locator('.mind-edit:not(.is-armed)').count()).toBe(0);
    expect(await rows(page)).toEqual(before);
    expect(await page.locator('.mind-edit').inputValue()).toBe('');

    await burst(cdp, TAB);
    await notice.waitFor();
    // the student reads it, then types the title anyway
    await page.waitForTimeout(1500);
    await burst(cdp, typed('def'));
    expect(await notice.isVisible()).toBe(true);
    await burst(cdp, ENTER);
    await notice.waitFor({ state: 'detached' });
    expect(await rows(page)).toEqual(before);

    // A press on the topic starts something new: typing now edits it, as anywhere on the map.
    await item(page, 'd4').click();
    await mapFocused(page);
    await burst(cdp, [...typed('d5'), ...ENTER]);
    await expect.poll(() => rows(page)).toEqual(before.map((r) => (r === '4 d4' ? '4 d5' : r)));
    await cdp.detach();
  });
});

describe('a title confirmed with Enter, then the tab closes or reloads', () => {
  // A map of 10 000 topics (imported by the first test here): the rename's answer and the read of
  // the map after it take the worker longer, widening the window in which the page goes first (on
  // an idle machine the worker often still wins it; the copy kept on leaving must not depend on that).
  let big = false;
  async function bigMap(page: Page): Promise<void> {
    if (big) return;
    await openMinder(page, CASE);
    const lines = ['大图'];
    for (let b = 0; b < 50; b++) lines.push(`\t分支${b}`, ...Array.from({ length: 199 }, (_, l) => `\t\t叶${b}-${l}`));
    await saved(page, () => importFile(page, '大图.txt', lines.join('\n')));
    big = true;
  }

  /**
   * Types `title` over the root's first child, confirms it with Enter, waits `ms`, then leaves by
   * `how`. Offline from Enter until the page is gone: no save can reach the server, so what comes
   * back is what the page kept on this device as it went.
   */
  async function confirmThenLeave(page: Page, title: string, ms: number, how: 'close' | 'reload'): Promise<Page> {
    // Full speed again whatever an earlier leave (or a failed try) left: a reload swaps the page's
    // renderer, and a 10 000-topic map opened at 8× throttling on a loaded box took over 30 s.
    const reset = await page.context().newCDPSession(page);
    await reset.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await reset.detach();
    await openMinder(page, CASE);
    await tree(page).locator('[role=treeitem][aria-level="2"]').first().click();
    await mapFocused(page);
    await page.keyboard.insertText(title);
    await expect.poll(() => editField(page).inputValue()).toBe(title);
    const cdp = await page.context().newCDPSession(page);
    // A slow device (its worker too): the page can go before the worker has answered the rename.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await s.context.setOffline(true);
    // Awaited: the page has handled the key; the worker has not necessarily answered the rename.
    await cdp.send('Input.dispatchKeyEvent', ENTER[0][1] as never);
    if (ms) await new Promise((r) => setTimeout(r, ms));
    let next = page;
    if (how === 'reload') {
      await page.reload().catch(() => {}); // (offline: the reload itself fails)
      // Chromium's network-error page reloads itself once online, racing the reopening's own
      // navigation ("interrupted by another navigation"): left while still offline.
      await page.goto('about:blank').catch(() => {});
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    } else {
      await closeTab(page);
      next = await s.context.newPage();
    }
    await s.context.setOffline(false);
    return next;
  }

  it('a new topic (Enter, its title typed, Enter) with the tab closed 0 ms after: there after reopening', async () => {
    await bigMap(s.page);
    const page = s.page;
    await openMinder(page, CASE);
    await item(page, '叶0-0').click();
    await mapFocused(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await s.context.setOffline(true);
    await burst(cdp, [...ENTER, ['Input.insertText', { text: '关闭前新建的主题' }]]);
    await cdp.send('Input.dispatchKeyEvent', ENTER[0][1] as never);
    await closeTab(page);
    s.page = await s.context.newPage();
    await s.context.setOffline(false);
    await openMinder(s.page, CASE);
    expect(await item(s.page, '关闭前新建的主题').getAttribute('aria-level')).toBe('3');
  });

  for (const how of ['close', 'reload'] as const) {
    // (three leaves and reopenings of a 10 000-topic map: 35-55 s on an idle box, up to 115 s on a loaded one)
    it(`${how === 'close' ? 'closed' : 'reloaded'} 0, 30 and 60 ms after Enter: the title is there after reopening`, { timeout: 240_000 }, async () => {
      await bigMap(s.page);
      const missing: string[] = [];
      for (const ms of [0, 30, 60]) {
        const title = `${how === 'close' ? '关闭' : '刷新'}前${ms}毫秒确认`;
        const page = await confirmThenLeave(s.page, title, ms, how);
        s.page = page;
        await openMinder(page, CASE);
        const there = await item(page, title)
          .waitFor({ timeout: 4000 })
          .then(() => true)
          .catch(() => false);
        if (!there) missing.push(`${ms} ms`);
        // Saved before the next leave: a reopening while this page's save was still on its way
        // was once met by the 导图已在其他页面更新 choice (noted; not this test's subject).
        await expect.poll(() => saveState(page).textContent(), { timeout: 30_000 }).toBe('已保存');
      }
      expect(missing, `titles lost when the page went ${missing.join(', ')} after Enter`).toEqual([]);
    });
  }
});
