import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MASTERY_INK } from '../../src/mindmap/canvas/mastery-mark';

/** An API answer's data, with the page's token (a GET, or a POST of `body`). */
export async function pageApi<T>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ p, b }) => {
      const token = JSON.parse(localStorage.getItem('token') ?? 'null') as string;
      const init: RequestInit = b
        ? { method: 'POST', headers: { Authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(b) }
        : { headers: { Authorization: token } };
      return ((await (await fetch(p, init)).json()) as { data: unknown }).data;
    },
    { p: path, b: body },
  ) as Promise<T>;
}

/**
 * Opens a case video resource in ProjectContent and watches it to the end through the real player
 * at 2×, until the server counts its node's requirement learnt.
 */
export async function watchCaseVideoToEnd(
  page: Page,
  v: { caseId: string; nodeId: string; nodeText: string; resourceId: string; fileName: string },
): Promise<void> {
  await page.goto(
    `/#/project/content?caseId=${v.caseId}&nodeId=${v.nodeId}&nodeName=${encodeURIComponent(v.nodeText)}&resourceId=${v.resourceId}&fileSuffix=3&fileName=${encodeURIComponent(v.fileName)}`,
  );
  const video = page.locator('video');
  await video.waitFor();
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    el.playbackRate = 2;
    await el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.ended), { timeout: 60_000 }).toBe(true);
  await expect
    .poll(() => pageApi<{ learnt: number }>(page, `/api/course/studyRecord/nodeRequirements?caseId=${v.caseId}&nodeId=${v.nodeId}`).then((r) => r.learnt), {
      timeout: 15_000,
    })
    .toBe(1);
}

/** Pixels of a screen area within `tol` of the colour `rgb` (e.g. a mastery ball's ink, a 掌握度 tint). */
export async function pixelsLike(page: Page, clip: { x: number; y: number; width: number; height: number }, rgb: number, tol = 24): Promise<number> {
  const { PNG } = await import('pngjs');
  const png = PNG.sync.read(
    await page.screenshot({ clip: { x: Math.round(clip.x), y: Math.round(clip.y), width: Math.round(clip.width), height: Math.round(clip.height) } }),
  );
  const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
  let n = 0;
  for (let i = 0; i < png.width * png.height; i++)
    if (Math.abs(png.data[i * 4] - r) <= tol && Math.abs(png.data[i * 4 + 1] - g) <= tol && Math.abs(png.data[i * 4 + 2] - b) <= tol) n++;
  return n;
}

/** The mastery ball's ink around a topic box's top-left corner (canvas/mastery-mark.ts). */
export const masteryBall = (page: Page, b: { x: number; y: number }) => pixelsLike(page, { x: b.x - 2, y: b.y - 8, width: 16, height: 16 }, MASTERY_INK);
