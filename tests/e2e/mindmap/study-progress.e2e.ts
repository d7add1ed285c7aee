import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../browser';
import { PNG } from 'pngjs';
import { clickNode, item, nodeBox, openMinder } from './helpers';
import { applyForCases, openSignedIn, unexpectedErrors } from '../shell-helpers';
import { E2E_STUDENTS } from '../students';
import { pageApi } from '../study-helpers';
import { e2eBaseURL } from '../base-url';

// Issue 22 item 2 on the live canvas: each branch with study nodes carries a ring and "3/8",
// the root the case percentage — read from what is painted (every fillText recorded), not from
// the ARIA tree. Signs in as E2E_STUDENTS.spare2 and edits only that student's own copy of
// case-04 (我的学习导图): a study node deleted and brought back with Ctrl+Z.

const CASE = 'case-04';
let s: BrowserSession;

beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.spare2.loginName);
  await applyForCases(s.page, CASE);
  // The app is a single page (hash routes): patch the live document, so texts drawn from now on
  // are recorded in order; `drawnSince` reads those after a mark.
  await s.page.evaluate(() => {
    const w = window as unknown as { __drawn: string[] };
    w.__drawn = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof fillText>) {
      w.__drawn.push(String(args[0]));
      return fillText.apply(this, args);
    };
  });
});

afterAll(async () => {
  expect(unexpectedErrors(s.errors)).toEqual([]);
  await s.close();
});

const mark = (page: Page) => page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn.length);
const drawnSince = (page: Page, from: number) => page.evaluate((n) => (window as unknown as { __drawn: string[] }).__drawn.slice(n), from);

/** "已学 3/8" of a tree row, as numbers. */
async function counts(page: Page, text: string): Promise<[number, number] | null> {
  const label = (await item(page, text).first().getAttribute('aria-label')) ?? '';
  const m = /已学 (\d+)\/(\d+)/.exec(label);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Pure white pixels in the lower strip of a node's box on screen, at its right end: the progress
 * pill's fill (its lower half, outside the box, lies under the selection outline). A topic's
 * fill (#EEF3F6), the map's background (#FBFBFB) and anti-aliased text are never pure white.
 */
async function ringPixels(page: Page, text: string): Promise<number> {
  const b = await nodeBox(page, text);
  const clip = { x: Math.round(b.x + b.width - 60), y: Math.round(b.y + b.height - 7), width: 60, height: 6 };
  const png = PNG.sync.read(await page.screenshot({ clip }));
  let n = 0;
  for (let i = 0; i < png.width * png.height; i++) if (png.data[i * 4] === 255 && png.data[i * 4 + 1] === 255 && png.data[i * 4 + 2] === 255) n++;
  return n;
}

describe('study progress drawn on the canvas', () => {
  it('a branch shows its ring with "learnt/total", the root the case percentage; deleting a study node redraws the count', { timeout: 120_000 }, async () => {
    const { page } = s;
    const nodes = await pageApi<Array<{ nodeId: string; text: string; level: number; resourceCount: number; hasExam: number }>>(
      page,
      `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${CASE}`,
    );
    // A study node (resources or an exam) below a level-2 branch, and that branch.
    const at = nodes.findIndex((n) => n.level >= 3 && (n.resourceCount > 0 || n.hasExam));
    expect(at).toBeGreaterThan(0);
    const node = nodes[at]!;
    const branch = nodes
      .slice(0, at)
      .reverse()
      .find((n) => n.level === node.level - 1)!;
    const root = nodes[0]!;

    const opened = await mark(page);
    await openMinder(page, CASE);
    await expect.poll(() => counts(page, branch.text)).not.toBeNull();
    const [learnt, total] = (await counts(page, branch.text))!;
    const [rootLearnt, rootTotal] = (await counts(page, root.text))!;
    // Painted: the branch's "learnt/total" and the root's percentage (not its "n/m").
    await expect.poll(async () => (await drawnSince(page, opened)).includes(`${learnt}/${total}`)).toBe(true);
    const percent = `${Math.floor((rootLearnt * 100) / rootTotal)}%`;
    expect(await drawnSince(page, opened)).toContain(percent);
    if (rootLearnt !== learnt || rootTotal !== total) expect(await drawnSince(page, opened)).not.toContain(`${rootLearnt}/${rootTotal}`);

    expect(await ringPixels(page, branch.text)).toBeGreaterThan(10);
    // none on a node without study nodes below
    const plain = nodes.find((n, i) => n.level >= 2 && !n.resourceCount && !n.hasExam && (nodes[i + 1]?.level ?? 0) <= n.level)!;
    expect(await ringPixels(page, plain.text)).toBe(0);

    // Delete the study node on the canvas: the render patch only removes it, the branch's count
    // comes through the progress channel and is painted anew.
    await clickNode(page, node.text);
    const beforeDelete = await mark(page);
    await page.keyboard.press('Delete');
    await expect.poll(() => counts(page, branch.text).then((c) => c?.[1])).toBeLessThan(total);
    const after = (await counts(page, branch.text)) ?? [0, 0];
    const drawn = () => drawnSince(page, beforeDelete);
    expect(after[1]).toBeGreaterThan(0); // case-04's first such branch has more than one study node
    await expect.poll(async () => (await drawn()).includes(`${after[0]}/${after[1]}`)).toBe(true);

    // Undo brings the node back, and the branch's count with it.
    await page.keyboard.press('Control+z');
    await expect.poll(() => counts(page, branch.text)).toEqual([learnt, total]);
    // (Its "learnt/total" may be another branch's text too, whose raster Pixi reuses without
    // drawing it again: the ring's pixels say it is there.)
    await expect.poll(() => ringPixels(page, branch.text)).toBeGreaterThan(10);
  });
});
