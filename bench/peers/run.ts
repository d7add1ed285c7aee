import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { BENCH_DIST, buildBenchPage } from '../browser/build-page';
import { serveStatic } from '../browser/static-server';
import { generateTree } from '../browser/tree-gen';
import { configLabel, configsFromEnv, glRenderer, isSoftwareGl, launchFor, throttle, type BenchConfig } from '../configs';
import { medianRow, round1 } from '../stats';
import { buildPeerPages, PEERS_DIST } from './build';
import { heapMB, measurePeer, XUETU_ADAPTER, type PeerAdapter } from './harness';
import { PEERS } from './vite.config';

// `npm run bench -- peers`: the same open / edit / pan / heap measurement (harness.ts) on Xuetu's
// bench page and on other open-source mind-map editors installed as devDependencies, each on its
// own page, in the same Chromium and on the same generated maps. A peer that does not finish a
// measurement within BENCH_PEER_TIMEOUT ms is a "timeout" row (and so are its larger sizes, not
// run); one that throws is an "error" row. Nothing is dropped.

const ROOT = resolve(import.meta.dirname, '../..');

export interface PeerRow {
  peer: string;
  version: string;
  renderer: string;
  options: string;
  nodes: number;
  gpu: string;
  cpuThrottle: number;
  glRenderer: string;
  status: 'ok' | 'timeout' | 'error';
  /** For a timeout: the measurement that was running when the time ran out. */
  phase?: 'open' | 'edit' | 'pan p95 frame';
  note?: string;
  timeoutMs: number;
  runs: number;
  openMs: number;
  editMs: number;
  panP95: number;
  heapMB: number;
  openMsRange?: [number, number];
  editMsRange?: [number, number];
  panP95Range?: [number, number];
  heapMBRange?: [number, number];
}

type Measured = Pick<PeerRow, 'openMs' | 'editMs' | 'panP95' | 'heapMB'>;
type Info = Pick<PeerRow, 'version' | 'renderer' | 'options' | 'glRenderer' | 'phase'>;

class Timeout extends Error {}

/** One measurement in a fresh context; `info` gets what the page says of itself before the timed part starts. */
async function measureOnce(
  browser: Browser,
  url: string,
  isXuetu: boolean,
  config: BenchConfig,
  nodes: number,
  limitMs: number,
  info: Info,
): Promise<Measured | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  let timer: NodeJS.Timeout | undefined;
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    if (isXuetu) {
      await page.waitForFunction(() => 'load' in window && '__mindmap' in window);
      await page.evaluate(XUETU_ADAPTER);
    } else await page.waitForFunction(() => '__peer' in window);
    const self = (await page.evaluate('({ ...window.__peer })')) as PeerAdapter;
    Object.assign(info, { version: self.version, renderer: self.renderer, options: self.options, glRenderer: await glRenderer(page) });
    if (config.gpu === 'hardware' && isSoftwareGl(info.glRenderer)) return null;
    await throttle(page, config);
    const tree = generateTree(nodes);
    const work = (async () => ({ ...(await measurePeer(page, tree, (p) => (info.phase = p))), heapMB: await heapMB(page) }))();
    const limit = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Timeout(`no result within ${limitMs} ms`)), limitMs)));
    const out = await Promise.race([work, limit]);
    info.renderer = (await page.evaluate('window.__peer.renderer')) as string; // Xuetu's is known once a map is open
    if (errors.length) throw new Error(`page errors: ${errors.join('; ').slice(0, 300)}`);
    return out;
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => {});
  }
}

export async function runPeersBench(): Promise<PeerRow[]> {
  const wanted = process.env.BENCH_PEERS?.split(',').map((s) => s.trim());
  const known = ['xuetu', ...PEERS];
  const unknown = wanted?.filter((w) => !known.includes(w)) ?? [];
  // (a misspelt name ran nothing and overwrote peers.json with no rows)
  if (unknown.length) throw new Error(`BENCH_PEERS: no editor named ${unknown.join(', ')} (known: ${known.join(', ')})`);
  buildBenchPage();
  buildPeerPages();
  const ours = await serveStatic(BENCH_DIST);
  const theirs = await serveStatic(PEERS_DIST);
  const sizes = (process.env.BENCH_PEER_SIZES ?? '1000,10000').split(',').map(Number);
  const repeats = Math.max(1, Number(process.env.BENCH_PEER_REPEAT ?? 3));
  const limitMs = Number(process.env.BENCH_PEER_TIMEOUT ?? 20_000);
  const pages = [{ name: 'xuetu', url: `${ours.url}/bench.html?labels=text` }, ...PEERS.map((p) => ({ name: p, url: `${theirs.url}/${p}.html` }))].filter(
    (p) => !wanted || wanted.includes(p.name),
  );
  const rows: PeerRow[] = [];
  const skipped = new Set<string>();
  try {
    for (const config of configsFromEnv()) {
      const { browser } = await launchFor(config);
      try {
        for (const p of pages) {
          let stopped: PeerRow | undefined;
          for (const nodes of sizes) {
            if (stopped) {
              rows.push({ ...stopped, nodes, runs: 0, phase: 'open', note: `not run: timed out at ${stopped.nodes} nodes` });
              continue;
            }
            const info: Info = { version: '', renderer: '', options: '', glRenderer: '' };
            const base = { peer: p.name, nodes, gpu: config.gpu, cpuThrottle: config.cpuThrottle, timeoutMs: limitMs };
            const runs: Measured[] = [];
            let failure: PeerRow | undefined;
            for (let k = 0; k < repeats && !failure; k++) {
              try {
                info.phase = undefined;
                const m = await measureOnce(browser, p.url, p.name === 'xuetu', config, nodes, limitMs, info);
                if (!m) {
                  // No hardware GPU: the config is absent here, said once per editor and size.
                  skipped.add(`${configLabel(config)}: no hardware GPU (WebGL renderer: ${info.glRenderer})`);
                  break;
                }
                runs.push(m);
              } catch (err) {
                const status = err instanceof Timeout ? 'timeout' : 'error';
                failure = {
                  ...base,
                  ...info,
                  status,
                  note: `${info.phase ?? 'page load'}: ${(err as Error).message}`,
                  runs: 0,
                  openMs: NaN,
                  editMs: NaN,
                  panP95: NaN,
                  heapMB: NaN,
                };
              }
            }
            const row = failure ?? (runs.length ? rowOf({ ...base, ...info, phase: undefined }, runs) : undefined);
            if (!row) continue;
            rows.push(row);
            console.error(
              `  ${p.name} ${nodes}: ${row.status} open ${row.openMs} edit ${row.editMs} pan95 ${row.panP95} heap ${row.heapMB}${row.note ? ` (${row.note})` : ''}`,
            );
            if (row.status === 'timeout') stopped = row;
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await ours.close();
    await theirs.close();
  }
  printPeersTable(rows);
  for (const s of skipped) console.log(`[bench] skipped ${s}`);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/peers.json'), JSON.stringify({ when: new Date().toISOString(), skipped: [...skipped], rows }, null, 2));
  return rows;
}

function rowOf(base: Omit<PeerRow, 'status' | 'runs' | 'openMs' | 'editMs' | 'panP95' | 'heapMB'>, runs: Measured[]): PeerRow {
  const m = medianRow(runs, ['openMs', 'editMs', 'panP95', 'heapMB']);
  return { ...base, status: 'ok', ...m } as PeerRow;
}

export function printPeersTable(rows: PeerRow[]): void {
  const f = (x: number) => (Number.isFinite(x) ? String(round1(x)) : '—');
  const head = `${'editor'.padEnd(16)} ${'renderer'.padEnd(30)} ${'config'.padEnd(16)} ${'nodes'.padStart(6)} ${'status'.padEnd(8)} ${'open ms'.padStart(8)} ${'edit ms'.padStart(8)} ${'pan95 ms'.padStart(8)} ${'heap MB'.padStart(8)}`;
  const lines = rows.map(
    (r) =>
      `${r.peer.padEnd(16)} ${r.renderer.slice(0, 30).padEnd(30)} ${`${r.gpu}${r.cpuThrottle > 1 ? ` cpu÷${r.cpuThrottle}` : ''}`.padEnd(16)} ${String(r.nodes).padStart(6)} ${r.status.padEnd(8)} ${f(r.openMs).padStart(8)} ${f(r.editMs).padStart(8)} ${f(r.panP95).padStart(8)} ${f(r.heapMB).padStart(8)}${r.note ? `  ${r.note}` : ''}`,
  );
  console.log([head, ...lines].join('\n'));
}
