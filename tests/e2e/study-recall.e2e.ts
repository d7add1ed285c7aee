import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { seriousViolations } from './axe';
import { clickNode, item, nodeBox, openMinder, outline, pasteImport, saved } from './mindmap/helpers';
import { applyForCases, openSignedIn, toastWith, unexpectedErrors } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { masteryBall, pageApi, pixelsLike } from './study-helpers';
import { HEAT_FILLS } from '../../src/mindmap/canvas/mastery-mark';
import { e2eBaseURL } from './base-url';

// 回忆练习 on the student's own case map: the branch is folded while the student writes what they
// remember, 核对 shows what was recalled and missed, an extra item becomes a topic (one undo
// step), and the grades reach the review cards (mastery 学过, the chart's recall count).

const CASE = 'case-01';
const MAP = ['复习提纲', '\t数据结构', '\t\t栈', '\t\t队列', '\t\t链表', '\t算法'].join('\n');

interface Mastery {
  nodeIds: string[];
  levels: number[];
}

describe('recall practice from the map', () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.recallWalk.loginName);
    await applyForCases(s.page, CASE);
  });
  afterAll(async () => {
    expect(unexpectedErrors(s.errors)).toEqual([]);
    await s.close();
  });

  it('Alt+R on a branch: write from memory, 核对, add the extra item, grades go to review', { timeout: 180_000 }, async () => {
    const { page } = s;
    await openMinder(page, CASE);
    await saved(page, () => pasteImport(page, 'txt', MAP, '算法'));
    // 下一步 before any recall: the next unlearnt 知识点 of the case.
    const nextStep = page.getByRole('region', { name: '下一步' });
    await expect.poll(() => nextStep.textContent()).toMatch(/^下一步：「.+」是下一个还没学的知识点。去学习：/);
    // A topic with nothing below it says why instead of doing nothing.
    await clickNode(page, '算法');
    await page.keyboard.press('Alt+R');
    await toastWith(page, '「算法」没有下级主题，先添加下级主题再做回忆练习').waitFor();
    await clickNode(page, '数据结构');
    await page.keyboard.press('Alt+R');
    const dialog = page.getByRole('dialog', { name: '回忆练习：数据结构' });
    await dialog.waitFor();
    // The branch is folded behind the dialog: its topics are not in the tree while recalling (read
    // by class: the modal dialog hides the page from role queries).
    await expect.poll(() => page.locator('.mind-tree [role=treeitem] .mind-tree__text').allTextContents()).toEqual(['复习提纲', '数据结构', '算法']);
    await expect.poll(() => dialog.getByLabel(/整个分支/).isChecked()).toBe(true);

    // On a phone it is a full-width sheet like every dialog of the map (it was 24 px short).
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The field has the focus: the student writes at once.
    const field = dialog.getByRole('textbox', { name: '回忆的内容' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.insertText('栈');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('队 列');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('红黑树');
    // Esc in the field keeps the dialog and what was typed (the next Tab leaves the field).
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    // 取消 with written work asks first (the app's own question); 继续回忆 keeps everything.
    await dialog.getByRole('button', { name: '取消' }).click();
    const ask = page.getByRole('alertdialog', { name: '放弃这次回忆练习？' });
    await ask.getByRole('button', { name: '继续回忆' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await field.inputValue()).toBe('栈\n队 列\n红黑树');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '核对' }).click();

    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('想起 2 / 3 个主题');
    const results = await dialog.getByRole('list', { name: '核对结果' }).getByRole('listitem').allTextContents();
    // Each topic says the grade it gets (良好, or 简单 at a quick pace), and the rule is stated.
    expect(results.map((r) => r.replace(/，属于.*$/, '').replace(/ · (良好|简单)$/, ' · 写对'))).toEqual([
      '✓ 栈 · 写对',
      '✓ 队列 · 写对',
      '✗ 链表（没想起） · 重来',
    ]);
    await dialog.getByText(/^评分：没想起 → 重来；写法与主题不完全一样 → 困难；写对 → 良好；/).waitFor();
    const extra = dialog.getByRole('checkbox', { name: '红黑树' });
    expect(await extra.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    const recorded = page.waitForResponse((r) => r.url().includes('/api/course/review/recall'));
    await dialog.getByRole('button', { name: '添加 1 项并完成' }).click();
    expect((await (await recorded).json()).resultCode).toBe(200);
    await toastWith(page, '回忆练习已记录：想起 2/3 个主题').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The branch opens again, with the extra item as its last topic.
    await expect.poll(() => outline(page)).toEqual(['复习提纲', '数据结构', '栈', '队列', '链表', '红黑树', '算法']);
    expect(await item(page, '红黑树').getAttribute('aria-level')).toBe('3');

    // Adding was one step: undo takes the extra item away, redo brings it back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => outline(page)).toEqual(['复习提纲', '数据结构', '栈', '队列', '链表', '算法']);
    await page.keyboard.press('Control+y');
    await expect.poll(() => outline(page)).toContain('红黑树');

    // Every hidden topic was graded: the recalled ones are 学过 (or 熟悉 when recalled quickly: 简单),
    // the missed one (链表, 重来 at its first meeting) stays 未学; all three are the student's own
    // practised topics, so the branch counts them; the chart counts the session today.
    const mastery = await pageApi<Mastery & { ownPractised: string[] }>(page, `/api/course/review/mastery?caseId=${CASE}`);
    expect(mastery.nodeIds).toHaveLength(2);
    expect(mastery.levels.every((l) => l >= 1)).toBe(true);
    expect(mastery.ownPractised).toHaveLength(3);
    const history = await pageApi<{ days: { recalls: number }[] }>(page, `/api/course/review/history?caseId=${CASE}`);
    expect(history.days.at(-1)!.recalls).toBe(1);

    // 下一步 after it: the missed topic (链表, 重来) comes back within minutes; the recalled ones later.
    await expect.poll(() => nextStep.textContent()).toBe('下一步：有 1 个主题几分钟内到期（刚才没想起来的会很快再考一次）：到时复习，记得更牢。去复习');

    // Mastery on the map: the tree says each recalled topic's level and the branch's 掌握 N/M (the
    // three practised topics; the added one has no grade), the canvas draws a ball on each recalled one.
    await expect.poll(async () => (await item(page, '数据结构').getAttribute('aria-label')) ?? '').toMatch(/掌握 0\/3/);
    expect(await item(page, '栈').getAttribute('aria-label')).toMatch(/掌握度：(学过|熟悉)/);
    expect(await item(page, '红黑树').getAttribute('aria-label')).not.toMatch(/掌握度/);
    expect(await item(page, '链表').getAttribute('aria-label')).not.toMatch(/掌握度/);
    await expect.poll(async () => masteryBall(page, await nodeBox(page, '栈'))).toBeGreaterThan(8);
    expect(await masteryBall(page, await nodeBox(page, '链表'))).toBe(0);
    expect(await masteryBall(page, await nodeBox(page, '红黑树'))).toBe(0);

    // The 掌握度 view tints the map by level (算法: 未学) and says what fades.
    await page.getByRole('button', { name: '掌握度' }).click();
    const panel = page.getByRole('region', { name: '掌握度' });
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/^没有正在遗忘的分支。 全图预计回忆率：今天 \d+%，7 天后 \d+%。$/);
    const alg = await nodeBox(page, '算法');
    await expect.poll(() => pixelsLike(page, { x: alg.x + 2, y: alg.y + 2, width: 4, height: alg.height - 4 }, HEAT_FILLS[0], 4)).toBeGreaterThan(10);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '掌握度' }).click();
    await panel.waitFor({ state: 'detached' });

    // The case page says the same next step.
    await page.goto(`/#/project/detail?id=${CASE}`);
    await expect.poll(() => page.getByRole('region', { name: '下一步' }).textContent()).toContain('有 1 个主题几分钟内到期');
    expect(await seriousViolations(page)).toEqual([]);

    // 我的学习: the map's chart is drawn from the review rows — three topics graded by one 回忆练习,
    // which is one session and no 复习 (README: the numbers).
    await page.goto('/#/personal/myStudy');
    const chart = page.getByRole('region', { name: '导图学习记录' });
    await chart.getByRole('img', { name: /已学的知识点与掌握的主题、复习与回忆练习（按天）$/ }).waitFor();
    await expect
      .poll(() => chart.locator('.study-chart__summary').textContent())
      .toMatch(/^近 28 天：已学 0 个知识点，掌握 0 个主题；复习 0 次，回忆练习 1 次。预计今天记得 \d+%，7 天后 \d+%。$/);
    expect(await seriousViolations(page)).toEqual([]);

    // 复习 shows the grades: the missed topic (重来) is due within a minute — on screen, or announced
    // as the next card — and nothing counts as 复习 done today.
    await page.goto('/#/personal/review');
    await expect.poll(() => page.locator('#review-progress-label').textContent()).toMatch(/^今日进度：已复习 0 次，还剩 [01] 张$/);
    await expect
      .poll(async () =>
        (await page.locator('.review-card').count()) ? page.locator('.review-card').first().textContent() : page.locator('.review__next').textContent(),
      )
      .toMatch(/链表|下一张卡片.*到期/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
