import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSession, type BrowserSession } from './browser';
import { ROUTES, unstable, visit, type RouteVisit } from './phone-routes';
import { expectMatchesReference, layoutSettled } from './screenshot-compare';
import { startServer, type RunningServer } from './server';
import { logIn, watchCanvasText } from './shell-helpers';

/**
 * Visual references of the learning screens at a phone and a desktop width, and of every route
 * (phone-routes.ts) at 375 px. The screens run against their own freshly seeded server (other e2e
 * files change study data), with a fixed clock, animations off, and what moves between runs masked:
 * the video frame, dates and times, canvases (comparison: screenshot-compare.ts).
 */
const REFERENCES = resolve('tests/e2e/screenshots');
const WIDTHS = [375, 1440] as const;
/** share of pixels allowed to differ (font hinting, image decoding) */
const TOLERANCE = 0.01;
const FIXED_NOW = new Date('2026-11-23T09:00:00+08:00');

interface Screen {
  name: string;
  path: string;
  ready(page: Page): Promise<unknown>;
  mask?(page: Page): Locator[];
}

const SCREENS: Screen[] = [
  { name: 'home', path: '/', ready: (p) => p.getByRole('region', { name: '最近学习' }).getByText('校园二手交易平台').waitFor() },
  {
    name: 'course-detail',
    path: '/course/detail?id=course-01',
    ready: async (p) => {
      await p.getByText('已学 2/9').waitFor();
      await p.getByRole('region', { name: '相关推荐' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'course-content',
    path: '/course/content?courseId=course-01&videoId=file-lesson-video&nodeId=course-01-c1-s3&name=1.3+输入与输出&duration=30',
    ready: async (p) => {
      await p.locator('video').waitFor();
      await p.getByText('已从上次学到的 00:12 处继续').waitFor();
    },
    mask: (p) => [p.locator('.video-player')],
  },
  {
    name: 'project-detail',
    path: '/project/detail?id=case-01',
    ready: (p) => p.getByRole('region', { name: '学习排行' }).getByRole('listitem').first().waitFor(),
  },
  {
    name: 'project-content',
    path: '/project/content?nodeId=case-01-n002&caseId=case-01&nodeName=用户调研&resourceId=case-01-r00&fileSuffix=0&fileName=用户调研要点.txt',
    ready: (p) => p.getByRole('article', { name: '文本资料' }).waitFor(),
  },
];

let server: RunningServer;
let s: BrowserSession;
beforeAll(async () => {
  server = await startServer();
  s = await openSession(server.url);
  await s.page.clock.setFixedTime(FIXED_NOW);
  await watchCanvasText(s.context);
  await s.page.goto('/');
  await logIn(s.page);
});
afterAll(async () => {
  await s?.close();
  await server?.stop();
});

/** Every image on the page loaded and decoded (lazy ones too: the shot is full-page). */
async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        // decode(): resolves once the picture is loaded and decodable (a lazy image not yet
        // requested reports complete, so waiting on that could shoot before it arrived)
        return img.decode().catch(() => undefined);
      }),
    ),
  );
  await page
    .waitForFunction(
      () =>
        [...document.images].every((img) => {
          img.loading = 'eager';
          return img.complete && img.naturalWidth > 0;
        }),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {}); // (an image that cannot load is the reference's business)
}

/**
 * The shot once every image is in it: an image React put in after the wait (a list drawn again)
 * came out as an empty box on a loaded machine (home's case covers), so the images are marked
 * before the shot and the shot is taken again if one came or was still loading by its end.
 */
async function shotWithImages(page: Page, shoot: () => Promise<Buffer>): Promise<Buffer> {
  type Seen = HTMLImageElement & { __shot?: boolean };
  for (let attempt = 1; ; attempt++) {
    await imagesLoaded(page);
    await page.evaluate(() => document.fonts.ready);
    await layoutSettled(page);
    await page.evaluate(() => [...document.images].forEach((img) => ((img as Seen).__shot = true)));
    const shot = await shoot();
    const whole = await page.evaluate(() => [...document.images].every((img) => (img as Seen).__shot && img.complete && img.naturalWidth > 0));
    if (whole || attempt === 3) return shot;
  }
}

async function capture(page: Page, screen: Screen, width: number): Promise<Buffer> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`/#${screen.path}`);
  await screen.ready(page);
  await page.waitForLoadState('networkidle');
  return shotWithImages(page, () =>
    page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', mask: screen.mask?.(page) ?? [], maskColor: '#333333' }),
  );
}

/** The learning screens above keep their own references at both widths. */
const COVERED = new Set(SCREENS.map((screen) => screen.path));

async function capturePhone(page: Page, route: RouteVisit): Promise<Buffer> {
  await page.setViewportSize({ width: 375, height: 812 });
  await visit(page, route);
  await layoutSettled(page);
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide', mask: unstable(page), maskColor: '#333333' });
}

describe('screenshots of every route at 375 px', () => {
  for (const route of ROUTES.filter((r) => !COVERED.has(r.path))) {
    it(`${route.name} matches its reference`, async () => {
      const shot = await capturePhone(s.page, route);
      expect(await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${route.name} scrolls sideways`).toBeLessThanOrEqual(0);
      expectMatchesReference(REFERENCES, `routes/${route.name}-375.png`, shot, TOLERANCE);
    });
  }
});

describe('screenshots of the learning screens', () => {
  for (const screen of SCREENS) {
    it(`${screen.name} at ${WIDTHS.join(' and ')} px matches its reference`, async () => {
      for (const width of WIDTHS) {
        const shot = await capture(s.page, screen, width);
        const overflow = await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
        expectMatchesReference(REFERENCES, `${screen.name}-${width}.png`, shot, TOLERANCE);
      }
    });
  }
});
