import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { openSession, type BrowserSession } from './browser';
import { logIn, watchCanvasText } from './shell-helpers';
import { e2eBaseURL } from './base-url';

/** DESIGN budget: Home's initial JavaScript, gzip. */
const HOME_JS_BUDGET = 180 * 1024;
/** Libraries only the player, PDF and mind-map screens may download. */
const HEAVY = /node_modules\/(video\.js|@videojs|pixi\.js|@pixi|elkjs|pdfjs-dist)\//;

let s: BrowserSession;
beforeAll(async () => {
  s = await openSession(e2eBaseURL());
  await watchCanvasText(s.context);
});
afterAll(async () => s?.close());

/** Every script Home downloads on a fresh load, with its gzip size and the sources its source map names. */
async function homeScripts(): Promise<{ url: string; gzip: number; sources: string[] }[]> {
  const scripts: Response[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  };
  s.page.on('response', onResponse);
  await s.page.reload({ waitUntil: 'networkidle' });
  await s.page.getByRole('heading', { level: 1 }).first().waitFor();
  s.page.off('response', onResponse);
  return scripts.map((r) => {
    const path = new URL(r.url()).pathname;
    // Vite's own tiny helpers (preload helper, runtime) have no source map: they hold no library code.
    const mapFile = resolve('dist/client', `.${path}.map`);
    const sources = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources : [];
    // The built file itself: a reload may answer 304 without a body.
    return { url: path, gzip: gzipSync(readFileSync(resolve('dist/client', `.${path}`))).length, sources };
  });
}

describe('Home bundle budget', () => {
  it('downloads at most 180 KB gzip of JavaScript and none of video.js, pixi, elkjs or pdf.js, signed out and signed in', async () => {
    await s.page.goto('/');
    for (const who of ['visitor', 'student']) {
      if (who === 'student') await logIn(s.page);
      const scripts = await homeScripts();
      expect(scripts.length, who).toBeGreaterThan(0);
      const total = scripts.reduce((t, x) => t + x.gzip, 0);
      expect(total, `${who}: ${scripts.map((x) => `${x.url} ${x.gzip}`).join(', ')}`).toBeLessThanOrEqual(HOME_JS_BUDGET);
      const heavy = scripts.flatMap((x) => x.sources.filter((src) => HEAVY.test(src)).map((src) => `${x.url}: ${src}`));
      expect(heavy, who).toEqual([]);
    }
    // the student's Home did render its signed-in parts
    await s.page.getByRole('heading', { name: '推荐课程' }).waitFor();
  });

  it('downloads video.js only when a player screen opens (so the check above can see it)', async () => {
    const loaded: string[] = [];
    s.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
    });
    await s.page.goto('/#/course/content?courseId=course-01&videoId=file-lesson-video&nodeId=course-01-c1-s1&name=x&duration=30');
    await s.page.locator('video').waitFor();
    const withVideoJs = loaded.filter((path) => {
      const mapFile = resolve('dist/client', `.${path}.map`);
      return existsSync(mapFile) && (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources.some((src) => HEAVY.test(src));
    });
    expect(withVideoJs.length).toBeGreaterThan(0);
  });

  it('downloads pdf.js only when a PDF is shown', async () => {
    const loaded: string[] = [];
    s.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
    });
    await s.page.goto('/#/project/content?nodeId=x&caseId=case-01&nodeName=x&resourceId=case-01-r04&fileSuffix=4&fileName=x');
    await s.page.getByText(/^第 1 \/ \d+ 页$/).waitFor();
    const withPdfJs = loaded.filter((path) => {
      const mapFile = resolve('dist/client', `.${path}.map`);
      return (
        existsSync(mapFile) &&
        (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources.some((src) => /node_modules\/pdfjs-dist\//.test(src))
      );
    });
    expect(withPdfJs.length).toBeGreaterThan(0);
  });

  it('ships no benchmark code: the bench page and its fallback layout are built apart (dist/bench)', () => {
    expect(existsSync(resolve('dist/client/bench.html'))).toBe(false);
    const maps = readdirSync(resolve('dist/client/assets')).filter((f) => f.endsWith('.map'));
    const benchSources = maps.flatMap((f) =>
      (JSON.parse(readFileSync(resolve('dist/client/assets', f), 'utf8')) as { sources: string[] }).sources.filter((src) =>
        /(^|\/)bench\/|fallback-layout/.test(src),
      ),
    );
    expect(maps.length).toBeGreaterThan(0);
    expect(benchSources).toEqual([]);
  });
});
