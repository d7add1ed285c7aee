import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/browser';
import { connectLive, type LiveClient } from '../../tests/server/live-client';
import { ensureClientBuilt } from '../../src/server/client-build';
import { glRenderer } from '../configs';
import { LIVE_CASE, LIVE_OWNER, openLiveCase } from './live-latency';
import { mapOf } from './map-saves';
import type { Painted, PageWindow } from './live-paint-page';
import { formatLivePaintRow, livePaintRow, printLivePaintTable, round1, writeLivePaintResults, type LivePaintRow } from './live-paint-report';
import { api, clockOffset, epoch, joined, movePresence, openPage, pickTarget, type Join } from './live-paint-setup';

const WARM_UP = 5;
const ROUND_TIMEOUT_MS = 15_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const listEnv = (name: string, dflt: number[]) => process.env[name]?.split(',').map(Number) ?? dflt;

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
 *
 * Next to this file: the page's instruments (live-paint-page.ts), opening the page and the members
 * (live-paint-setup.ts), the rows and their table (live-paint-report.ts).
 */
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
        rows.push(livePaintRow({ topics, members, rounds, missed, join }, latencies, viaCdp, stages));
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
  if (opts.write !== false) writeLivePaintResults(gl, presenceMs, WARM_UP, rows);
  return rows;
}

export { formatLivePaintRow, printLivePaintTable, type LivePaintRow };

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  printLivePaintTable(await runLivePaintBench());
}
