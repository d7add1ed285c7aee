import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (open dialogs included), as
 * "rule: targets"; every rule by default, or only those of `tags` (e.g. wcag2a, wcag2aa). axe is evaluated through the DevTools protocol, so no network and
 * no CSP bypass: the app's CSP (script-src 'self') rightly refuses inline script tags.
 */
export async function seriousViolations(page: Page, tags?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], ...(only && { runOnly: { type: 'tag', values: only } }) });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, tags);
}
