import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { connectLive, type LiveClient } from '../../tests/server/live-client';
import { ensureClientBuilt } from '../../src/server/client-build';
import { glRenderer } from '../configs';
import { LIVE_CASE, LIVE_OWNER, openLiveCase, type LiveCase } from './live-latency';
import { mapOf } from './map-saves';

/**
 * Remote paint latency of live co-editing (issue 32, in the browser): the real app (PGlite, in
 * this process) serving the built client; ONE headless Chromium page is a member with the owner's
 * shared case map open (the real editor, its canvas drawing); the other members are Node sockets
 * (tests/server/live-client.ts). Each round the owner renames a topic the page shows, saved as a
 * change set over HTTP (saveChanges, as a page saves), and the figure is the time from just
 * before that request to the page having rendered the new title on its canvas. The page does what
 * it does in use: the `set` frame hands its set to the autosaver (which asks mapChanges only when a
 * frame is missing or a save of its own is on its way), the worker applies the set, the canvas
 * paints a frame. The idle members move their selection now and then
 * (presence), which the page draws too.
 *
 * How "painted" is seen, with nothing added to the client: Pixi calls globalThis.__PIXI_APP_INIT__
 * with every Application it initialises (its devtools hook); the page's init script wraps that
 * app's renderer.render and, after each render, looks on the stage for a visible label holding the
 * awaited title inside the screen. Then it calls a CDP binding; latency = the binding's arrival
 * in Node − the request's start, both on Node's clock (the CDP hop, well under a millisecond
 * idle, is included). Stages (medians) come from epoch timestamps (performance.timeOrigin + now)
 * of both processes on this machine: the server answering and the `set` frame reaching the page,
 * the page asking (mapChanges, when it does: else 0) and getting the set, then the worker's apply and the frame.
 *
 * Also per map size: the page's join (navigation → the map painted with the socket welcomed,
 * bundle load and sign-in included; median of BENCH_LIVE_PAINT_JOINS opens) and, with
 * NODE_OPTIONS=--expose-gc, the server's heap for the open map (after a GC, with the page and the
 * members joined and the rounds done, less before the map was saved; the map's head cache
 * included).
 *
 * `NODE_OPTIONS=--expose-gc npm run bench -- live-paint`; knobs BENCH_LIVE_PAINT_SIZES (1000,50000),
 * BENCH_LIVE_PAINT_MEMBERS (2,10,30), BENCH_LIVE_PAINT_ROUNDS (40, after 5 warm-up),
 * BENCH_LIVE_PAINT_PRESENCE_MS (each idle member's mean pause between presence moves, 3000; 0: none),
 * BENCH_LIVE_PAINT_JOINS (3). Writes bench/results/live-paint.json.
 */
export interface LivePaintRow {
  topics: number;
  members: number;
  rounds: number;
  /** set sent (saveChanges request starts) → the page has rendered the new title (epoch clocks of both processes, the page's offset measured) */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** the same rounds timed on Node's clock alone, to the page's report arriving over CDP (the hop included): a check on the clocks */
  cdpP95Ms: number;
  /** rounds whose title was not painted within ROUND_TIMEOUT_MS (left out of the quantiles) */
  missed: number;
  /** medians per stage, ms: send → `set` frame at the page; → mapChanges asked; its answer; → frame rendered (worker apply, patch, wait for the frame), of which → the worker answered; the render */
  stages: { toPage: number; toFetch: number; fetch: number; toFrame: number; worker: number; render: number };
  /** the page's join for this map size: navigation → map painted and socket welcomed (median of the opens) */
  joinMs: number;
  /** of the join: navigation → showMind asked, its answer, → map painted (worker load, layout, first frame); the median open's */
  joinStages: { toShowMind: number; showMind: number; toPaint: number };
  /** the server's heap for the open map (NaN without --expose-gc) */
  serverHeapMb: number;
}

const WARM_UP = 5;
const ROUND_TIMEOUT_MS = 15_000;
const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN);
const round1 = (x: number) => Math.round(x * 10) / 10;
const epoch = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const listEnv = (name: string, dflt: number[]) => process.env[name]?.split(',').map(Number) ?? dflt;

/** What the page reports when the awaited title is on its canvas (epoch ms of the page's clock). */
interface Painted {
  title: string;
  /** the `set` frame naming the awaited set arrived */
  wsAt: number;
  /** the mapChanges request after it: started, answered (0 when none was seen) */
  fetchStart: number;
  fetchEnd: number;
  /** the engine worker's first answer after that (receiveChangeSets'; 0 when none was seen) */
  workerAt: number;
  renderStart: number;
  renderEnd: number;
}

// The page's side (a string: tsx-compiled closures carry helpers the browser lacks). Pixi's
// devtools hook hands over each Application; its renderer.render is wrapped to look, after each
// render, for the awaited title on a visible label inside the screen.
const PAGE_SCRIPT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const st = { title: null, setId: null, wsAt: 0, welcomed: 0, rootTitle: null, mapPaintedAt: 0, apps: [], workerAt: [] };
  window.__livePaint = st;
  const labels = (c, out) => {
    if (!c.visible) return out;
    if (typeof c.text === 'string' && c.text) out.push(c);
    for (const k of c.children || []) labels(k, out);
    return out;
  };
  const onScreen = (app, o) => {
    const b = o.getBounds();
    return b.width > 0 && b.x + b.width > 0 && b.y + b.height > 0 && b.x < app.renderer.width && b.y < app.renderer.height;
  };
  const find = (app, title) => labels(app.stage, []).find((o) => o.text.replace(/\\n/g, '') === title && onScreen(app, o));
  /** the visible labels of every app, their text, nearest the screen's centre first (the bench picks a topic to rename from these) */
  st.onScreen = () => st.apps
    .flatMap((app) => labels(app.stage, []).filter((o) => onScreen(app, o)).map((o) => {
      const b = o.getBounds();
      return { text: o.text.replace(/\\n/g, ''), d: Math.hypot(b.x + b.width / 2 - app.renderer.width / 2, b.y + b.height / 2 - app.renderer.height / 2) };
    }))
    .sort((a, b) => a.d - b.d)
    .map((l) => l.text);
  st.debug = (part) => st.apps.flatMap((app) => { const all = []; const walk = (c, vis) => { const v = vis && c.visible; if (typeof c.text === 'string' && c.text.includes(part)) { const b = c.getBounds(); all.push({ text: c.text, v, x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.width) }); } for (const k of c.children || []) walk(k, v); }; walk(app.stage, true); return all; });
  st.expect = (title, setId) => { st.title = title; st.setId = setId; st.wsAt = 0; performance.clearResourceTimings(); };
  globalThis.__PIXI_APP_INIT__ = (app) => {
    st.apps.push(app);
    const r = app.renderer;
    const render = r.render.bind(r);
    r.render = (...args) => {
      const t0 = now();
      const out = render(...args);
      const t1 = now();
      if (st.rootTitle && !st.mapPaintedAt && find(app, st.rootTitle)) st.mapPaintedAt = t1;
      if (st.title && find(app, st.title)) {
        const title = st.title;
        st.title = null;
        const f = performance.getEntriesByType('resource').filter((e) => e.name.includes('/mapChanges') && performance.timeOrigin + e.startTime >= st.wsAt - 1).at(0);
        const fetchEnd = f ? performance.timeOrigin + f.responseEnd : 0;
        // the worker's answer after the set reached the page (after mapChanges' answer when the page asked)
        const from = fetchEnd || st.wsAt;
        const workerAt = st.workerAt.find((t) => from && t >= from && t <= t0) || 0;
        window.__livePainted({ title, wsAt: st.wsAt, fetchStart: f ? performance.timeOrigin + f.startTime : 0, fetchEnd, workerAt, renderStart: t0, renderEnd: t1 });
      }
      return out;
    };
  };
  // the engine worker's answers (Comlink): the first after mapChanges answered is receiveChangeSets'
  const Worker0 = window.Worker;
  window.Worker = class extends Worker0 {
    constructor(url, opts) {
      super(url, opts);
      this.addEventListener('message', () => {
        st.workerAt.push(now());
        if (st.workerAt.length > 64) st.workerAt.shift();
      });
    }
  };
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return;
        if (!st.welcomed && e.data.startsWith('{"type":"welcome"')) st.welcomed = now();
        if (st.setId && !st.wsAt && e.data.includes(st.setId)) st.wsAt = now();
      });
    }
  };
})();`;

interface PageState {
  wsAt: number;
  rootTitle: string | null;
  mapPaintedAt: number;
  welcomed: number;
  onScreen(): string[];
  expect(title: string, setId: string): void;
}
type PageWindow = { __livePaint: PageState };

export async function runLivePaintBench(opts: { sizes?: number[]; members?: number[]; rounds?: number; write?: boolean } = {}): Promise<LivePaintRow[]> {
  const sizes = opts.sizes ?? listEnv('BENCH_LIVE_PAINT_SIZES', [1_000, 50_000]);
  const counts = [...(opts.members ?? listEnv('BENCH_LIVE_PAINT_MEMBERS', [2, 10, 30]))].sort((a, b) => a - b);
  const rounds = opts.rounds ?? Number(process.env.BENCH_LIVE_PAINT_ROUNDS ?? 40);
  const presenceMs = Number(process.env.BENCH_LIVE_PAINT_PRESENCE_MS ?? 3000);
  const joinsPerSize = Math.max(1, Number(process.env.BENCH_LIVE_PAINT_JOINS ?? 3));
  if (counts[0] < 2) throw new Error('BENCH_LIVE_PAINT_MEMBERS: at least 2 (the page and the sender)');
  const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/client');
  await ensureClientBuilt(clientDir);
  const most = counts.at(-1)!;
  // members: tokens[0] the owner (the sender, a Node socket), tokens[1] the page, the rest Node sockets
  const live = await openLiveCase(most, clientDir);
  const rows: LivePaintRow[] = [];
  let browser: Browser | null = null;
  const clients: LiveClient[] = [];
  const stopPresence: (() => void)[] = [];
  let gl = '';
  try {
    browser = await launchBrowser();
    let version = live.version;
    for (const topics of sizes) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const doc = mapOf(topics);
      const saved = await api(live, 0, 'POST', '/api/course/mindStudent/saveStuMind', { caseId: LIVE_CASE, version, document: doc });
      version = saved.version as number;
      const ids = [...doc.root.children.flatMap((c) => [c.data.id, ...c.children.map((n) => (n as { data: { id: string } }).data.id)])];
      const rootTitle = doc.root.data.text;

      // joins: each open a fresh context; the last one stays open for the rounds
      const joins: Join[] = [];
      let page: Page | null = null;
      for (let j = 0; j < joinsPerSize; j++) {
        await page?.context().close();
        page = await openPage(browser, live, rootTitle);
        joins.push(await joined(page));
      }
      page = page!;
      const join = [...joins].sort((a, b) => a.total - b.total)[Math.floor(joins.length / 2)];
      gl ||= await glRenderer(page);
      const offset = await clockOffset(page);
      const painted = new Map<string, (p: Painted & { at: number }) => void>();
      await page.exposeBinding('__livePainted', (_src, p: Painted) => {
        const at = performance.now();
        painted.get(p.title)?.({ ...p, at });
      });
      // the topic to rename: a leaf on screen (a chapter, else the root, when none is)
      const shown = await page.evaluate(() => (window as unknown as PageWindow).__livePaint.onScreen());
      const target = pickTarget(shown, rootTitle);
      let before = target.text;
      console.error(
        `  ${topics} topics: the page joined in ${joins.map((j) => Math.round(j.total)).join(', ')} ms; page clock ${offset.toFixed(2)} ms off Node's; renaming ${target.id} 「${target.text}」 (${shown.length} labels on screen)`,
      );

      for (const members of counts) {
        // members − 1 Node sockets (the owner among them), the page the last member
        while (clients.length < members - 1) {
          const i = clients.length === 0 ? 0 : clients.length + 1; // token 1 is the page's
          const c = await connectLive(live.base, live.tokens[i], { mapId: LIVE_CASE, ownerId: LIVE_OWNER, since: version });
          await c.next('welcome');
          clients.push(c);
          if (i !== 0 && presenceMs > 0) stopPresence.push(movePresence(c, ids, presenceMs));
        }
        if (process.env.BENCH_DEBUG)
          console.error(
            `    ${members} members: ${JSON.stringify(await page.evaluate((id) => (window as unknown as { __livePaint: { debug(s: string): unknown } }).__livePaint.debug(id), target.id.slice(1)))}`,
          );
        const latencies: number[] = [];
        const viaCdp: number[] = [];
        const stages: Record<keyof LivePaintRow['stages'], number[]> = { toPage: [], toFetch: [], fetch: [], toFrame: [], worker: [], render: [] };
        let missed = 0;
        for (let r = 0; r < WARM_UP + rounds; r++) {
          const n = rows.length * 1000 + r;
          const setId = `paint${topics}x${members}:${r + 1}`;
          const title = target.rename(n);
          await page.evaluate(([t, s]) => (window as unknown as PageWindow).__livePaint.expect(t, s), [title, setId] as const);
          const seen = new Promise<(Painted & { at: number }) | null>((res) => {
            painted.set(title, res);
            setTimeout(() => res(null), ROUND_TIMEOUT_MS);
          });
          const sentAt = epoch();
          const t0 = performance.now();
          const ans = await api(live, 0, 'POST', '/api/course/mindStudent/saveChanges', {
            caseId: LIVE_CASE,
            base: version,
            sets: [{ id: setId, changes: [{ op: 'set', id: target.id, key: 'text', before, after: title }] }],
          });
          const answeredAt = epoch();
          version = ans.version as number;
          before = title;
          const p = await seen;
          painted.delete(title);
          if (r < WARM_UP) continue;
          if (!p) {
            if (process.env.BENCH_DEBUG)
              console.error(
                `    ${setId} missed: ${JSON.stringify(await page.evaluate((id) => ({ wsAt: (window as unknown as PageWindow).__livePaint.wsAt, shown: (window as unknown as { __livePaint: { debug(s: string): unknown } }).__livePaint.debug(id) }), target.id.slice(1)))}`,
              );
            missed++;
            continue;
          }
          latencies.push(p.renderEnd - offset - sentAt);
          viaCdp.push(p.at - t0);
          if (p.wsAt) stages.toPage.push(p.wsAt - sentAt);
          // the page applies a set from its frame (no mapChanges asked: those stages are 0)
          const applyFrom = p.fetchEnd || p.wsAt;
          if (p.wsAt) stages.toFetch.push(p.fetchStart ? p.fetchStart - p.wsAt : 0);
          stages.fetch.push(p.fetchStart ? p.fetchEnd - p.fetchStart : 0);
          if (applyFrom) stages.toFrame.push(p.renderStart - applyFrom);
          if (p.workerAt && applyFrom) stages.worker.push(p.workerAt - applyFrom);
          stages.render.push(p.renderEnd - p.renderStart);
          if (process.env.BENCH_DEBUG)
            console.error(
              `    ${setId} ${(p.renderEnd - offset - sentAt).toFixed(1)} ms, via CDP ${(p.at - t0).toFixed(1)} (answered +${(answeredAt - sentAt).toFixed(1)}, frame +${(p.wsAt - sentAt).toFixed(1)}, ask +${(p.fetchStart - sentAt).toFixed(1)}, got +${(p.fetchEnd - sentAt).toFixed(1)}, worker +${(p.workerAt - sentAt).toFixed(1)}, render +${(p.renderStart - sentAt).toFixed(1)}…${(p.renderEnd - sentAt).toFixed(1)})`,
            );
          await sleep(100 + Math.random() * 200);
        }
        rows.push({
          topics,
          members,
          rounds,
          p50Ms: round1(quantile(latencies, 0.5)),
          p95Ms: round1(quantile(latencies, 0.95)),
          maxMs: round1(Math.max(...latencies)),
          cdpP95Ms: round1(quantile(viaCdp, 0.95)),
          missed,
          stages: {
            toPage: round1(quantile(stages.toPage, 0.5)),
            toFetch: round1(quantile(stages.toFetch, 0.5)),
            fetch: round1(quantile(stages.fetch, 0.5)),
            toFrame: round1(quantile(stages.toFrame, 0.5)),
            worker: round1(quantile(stages.worker, 0.5)),
            render: round1(quantile(stages.render, 0.5)),
          },
          joinMs: Math.round(join.total),
          joinStages: { toShowMind: Math.round(join.toShowMind), showMind: Math.round(join.showMind), toPaint: Math.round(join.toPaint) },
          serverHeapMb: NaN,
        });
        console.error(`  ${formatLivePaintRow(rows.at(-1)!)}`);
      }
      global.gc?.();
      const heapMb = global.gc ? round1((process.memoryUsage().heapUsed - heapBefore) / 1048576) : NaN;
      for (const row of rows) if (row.topics === topics) row.serverHeapMb = heapMb;
      // before the next size's whole save (which would reload everyone)
      for (const stop of stopPresence.splice(0)) stop();
      for (const c of clients.splice(0)) c.ws.close();
      await page.context().close();
      await sleep(200);
    }
  } finally {
    for (const stop of stopPresence) stop();
    for (const c of clients) c.ws.terminate();
    await browser?.close();
    await live.close();
  }
  if (opts.write !== false) {
    const out = resolve(dirname(fileURLToPath(import.meta.url)), '../results/live-paint.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), glRenderer: gl, presenceMs, warmUp: WARM_UP, rows }, null, 2));
  }
  return rows;
}

/** An enveloped call as member `i` over loopback HTTP (as a page makes it); resolves `data`. */
async function api(live: LiveCase, i: number, method: 'GET' | 'POST', url: string, body?: object): Promise<Record<string, unknown>> {
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
async function openPage(browser: Browser, live: LiveCase, rootTitle: string): Promise<Page> {
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

interface Join {
  total: number;
  toShowMind: number;
  showMind: number;
  toPaint: number;
}

/** Navigation → the map painted (its root's title on screen) and the socket welcomed, ms of the page's clock; and its stages. */
async function joined(page: Page): Promise<Join> {
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
async function clockOffset(page: Page): Promise<number> {
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
function pickTarget(shown: string[], rootTitle: string): { id: string; text: string; rename(n: number): string } {
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
function movePresence(c: LiveClient, ids: string[], meanMs: number): () => void {
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

export const formatLivePaintRow = (r: LivePaintRow) =>
  `${String(r.topics).padStart(6)} topics · ${String(r.members).padStart(2)} members · sent → painted p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms${r.missed ? ` (${r.missed} missed)` : ''} (p95 via CDP ${r.cdpP95Ms}) · ` +
  `stages ${r.stages.toPage} / ${r.stages.toFetch} / ${r.stages.fetch} / ${r.stages.toFrame} (worker ${r.stages.worker}) / ${r.stages.render} ms · join ${r.joinMs} ms (${r.joinStages.toShowMind} / ${r.joinStages.showMind} / ${r.joinStages.toPaint})` +
  (Number.isNaN(r.serverHeapMb) ? '' : ` · server heap +${r.serverHeapMb} MB`);

export function printLivePaintTable(rows: LivePaintRow[]): void {
  console.log('\nLive co-editing in the browser (one process, PGlite, loopback; one Chromium page, the other members Node sockets):');
  console.log(
    'a rename saved (saveChanges) → painted on the page; stages (medians): → set frame at the page / → mapChanges asked / its answer / → frame (worker apply, of it → the worker answered; patch; next frame) / render',
  );
  console.log('join: navigation → map painted, socket welcomed (→ showMind asked / its answer / → painted)');
  for (const r of rows) console.log(formatLivePaintRow(r));
  if (rows.some((r) => Number.isNaN(r.serverHeapMb))) console.log('server heap: n/a (NODE_OPTIONS=--expose-gc)');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  printLivePaintTable(await runLivePaintBench());
}
