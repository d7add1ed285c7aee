import type { Page } from 'playwright-core';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { expect } from 'vitest';

// Visual reference comparison shared by the screenshot e2e files. A missing reference is
// written; outside CI that passes (so new references can be committed), in CI it fails.

export interface Comparison {
  missing: boolean;
  ratio: number;
  detail: string;
}

/** Differing pixels of `actual` against `dir/file`; the reference is written when missing. */
export function compareWithReference(dir: string, file: string, actual: Buffer, tolerance: number): Comparison {
  const path = join(dir, file);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return { missing: true, ratio: 0, detail: `wrote new reference ${path}` };
  }
  const want = PNG.sync.read(readFileSync(path));
  const got = PNG.sync.read(actual);
  const out = join(tmpdir(), `xuetu-shot-${file.replace(/[\\/]/g, '-')}`);
  if (want.width !== got.width || want.height !== got.height) {
    writeFileSync(out, actual);
    return { missing: false, ratio: 1, detail: `size ${got.width}x${got.height} instead of ${want.width}x${want.height}; actual in ${out}` };
  }
  const diff = new PNG({ width: want.width, height: want.height });
  const differing = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.1 });
  const ratio = differing / (want.width * want.height);
  if (ratio > tolerance) {
    writeFileSync(out, actual);
    writeFileSync(out.replace(/\.png$/, '.diff.png'), PNG.sync.write(diff));
    return { missing: false, ratio, detail: `${(ratio * 100).toFixed(2)}% of pixels differ; actual and diff in ${out}` };
  }
  return { missing: false, ratio, detail: '' };
}

/** Asserts a screenshot matches its reference within `tolerance` (share of differing pixels). */
export function expectMatchesReference(dir: string, file: string, actual: Buffer, tolerance: number): void {
  const result = compareWithReference(dir, file, actual, tolerance);
  if (result.missing) expect(process.env.CI, result.detail).toBeFalsy();
  else expect(result.ratio, result.detail).toBeLessThanOrEqual(tolerance);
}

/**
 * Waits until the page's height has stayed the same over two frames and 150 ms: a full-page shot
 * taken while a late block still grew the page came out cut short (the footer's bottom missing)
 * on a loaded machine.
 */
export async function layoutSettled(page: Page): Promise<void> {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const h = await page.evaluate(
      () => new Promise<number>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(document.documentElement.scrollHeight)))),
    );
    if (h === last) return;
    last = h;
    await page.waitForTimeout(150);
  }
}
