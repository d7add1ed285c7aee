import type { Browser, Page } from 'playwright-core';
import type { LiveClient } from '../../tests/server/live-client';
import { LIVE_CASE, LIVE_OWNER, type LiveCase } from './live-latency';
import { PAGE_SCRIPT, type PageWindow } from './live-paint-page';

// Setting up a size's measurement: the page signed in and joined, its clock, the topic to rename, the idle members.

export const epoch = () => performance.timeOrigin + performance.now();

/** An enveloped call as member `i` over loopback HTTP (as a page makes it); resolves `data`. */
export async function api(live: LiveCase, i: number, method: 'GET' | 'POST', url: string, body?: object): Promise<Record<string, unknown>> {
  const res = await fetch(live.base + url, {
    method,
    headers: { authorization: live.tokens[i], ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json()) as { resultCode: number; errMsg: string; data: Record<string, unknown> };
  if (env.resultCode !== 200) throw new Error(`${url}: ${env.resultCode} ${env.errMsg}`);
  return env.data;
}

/** A fresh context signed in as member 1 (token and user stored as the login dialog leaves them), on the owner's shared map. */
export async function openPage(browser: Browser, live: LiveCase, rootTitle: string): Promise<Page> {
  const { token: _token, ...user } = await api(live, 1, 'GET', '/api/customer/login/selectUser');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`  [page] ${e.message}`));
  await context.addInitScript(
    ([token, u]) => {
      localStorage.setItem('token', JSON.stringify(token));
      sessionStorage.setItem('userMessage', JSON.stringify(u));
    },
    [live.tokens[1], user] as const,
  );
  await context.addInitScript(PAGE_SCRIPT);
  await context.addInitScript((t) => ((window as unknown as PageWindow).__livePaint.rootTitle = t), rootTitle);
  await page.goto(`${live.base}/#/project/minder?caseId=${LIVE_CASE}&owner=${LIVE_OWNER}`);
  return page;
}

export interface Join {
  total: number;
  toShowMind: number;
  showMind: number;
  toPaint: number;
}

/** Navigation → the map painted (its root's title on screen) and the socket welcomed, ms of the page's clock; and its stages. */
export async function joined(page: Page): Promise<Join> {
  await page.waitForFunction(
    () => {
      const s = (window as unknown as PageWindow).__livePaint;
      return s.mapPaintedAt > 0 && s.welcomed > 0;
    },
    undefined,
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(() => {
    const s = (window as unknown as PageWindow).__livePaint;
    const shown = performance.getEntriesByType('resource').find((e) => e.name.includes('/showMind')) as PerformanceResourceTiming | undefined;
    const painted = s.mapPaintedAt - performance.timeOrigin;
    return {
      total: Math.max(painted, s.welcomed - performance.timeOrigin),
      toShowMind: shown?.startTime ?? NaN,
      showMind: shown ? shown.responseEnd - shown.startTime : NaN,
      toPaint: painted - (shown?.responseEnd ?? NaN),
    };
  });
}

/** The page's epoch clock (performance.timeOrigin + now) less Node's, from the quickest of a few round trips. */
export async function clockOffset(page: Page): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 7; i++) {
    const t0 = epoch();
    const there = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t1 = epoch();
    if (t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: there - (t0 + t1) / 2 };
  }
  return best.offset;
}

/** A topic on screen to rename each round: a leaf (知识点 i：…), else a chapter (第k章), else the root. */
export function pickTarget(shown: string[], rootTitle: string): { id: string; text: string; rename(n: number): string } {
  for (const text of shown) {
    const leaf = /^知识点 (\d+)：/.exec(text);
    if (leaf) return { id: `n${leaf[1]}`, text, rename: (n) => `知识点 ${leaf[1]}：改名 ${n}` };
  }
  for (const text of shown) {
    const chapter = /^第(\d+)章$/.exec(text);
    if (chapter) return { id: `c${Number(chapter[1]) - 1}`, text, rename: (n) => `第${chapter[1]}章 改名 ${n}` };
  }
  return { id: 'root', text: rootTitle, rename: (n) => `${rootTitle} ${n}` };
}

/** An idle member moving its selection at random, a move every `meanMs` on average; returns its stop. */
export function movePresence(c: LiveClient, ids: string[], meanMs: number): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const next = () => {
    timer = setTimeout(
      () => {
        if (c.ws.readyState === 1) c.send({ type: 'presence', selected: ids[Math.floor(Math.random() * ids.length)], editing: null });
        next();
      },
      meanMs * (0.5 + Math.random()),
    );
  };
  next();
  return () => clearTimeout(timer);
}
