import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserRow } from '../browser/run';
import type { BenchRow } from '../engine/run';
import type { ServerBenchRow } from '../server/run';
import type { PeerRow } from '../peers/run';
import type { LayoutResults } from '../layout/run';
import { gpuArgs, type GpuMode } from '../configs';

// Everything one report shows, gathered from the parts' JSON files under bench/results plus the
// machine, browser, flags and commit it ran on. The same shape is the recorded test fixture.

export const RESULTS_DIR = resolve(import.meta.dirname, '../results');

export interface RunMeta {
  commit: string;
  dirty: boolean;
  date: string;
  machine: { cpu: string; cores: number; memGB: number; os: string; load: number[] };
  node: string;
  chromium: string;
  /** Launch flags per GPU situation that occurs in the rows. */
  flags: Record<string, string[]>;
}

export interface BenchResults {
  meta: RunMeta;
  browser: BrowserRow[];
  peers: PeerRow[];
  engine: BenchRow[];
  server: ServerBenchRow[];
  /** The layout benchmark (bench/layout), absent until `npm run bench -- layout` ran. */
  layout?: LayoutResults;
  /** Configs asked for that could not hold on this machine (a hardware GPU where there is none). */
  skipped?: string[];
}

const git = (args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: RESULTS_DIR, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

function chromiumVersion(): string {
  for (const p of [process.env.CHROME_PATH, '/usr/bin/chromium']) {
    if (!p || !existsSync(p)) continue;
    try {
      return execFileSync(p, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      // fall through to the next candidate
    }
  }
  return 'unknown';
}

export function runMeta(gpus: string[]): RunMeta {
  return {
    commit: git(['rev-parse', '--short=10', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memGB: Math.round(totalmem() / 2 ** 30),
      os: `${osType()} ${release()}`,
      load: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    node: process.version,
    chromium: chromiumVersion(),
    flags: Object.fromEntries([...new Set(gpus)].map((g) => [g, gpuArgs(g as GpuMode)])),
  };
}

function rowsOf<T>(file: string, key = 'rows'): T[] {
  const p = join(RESULTS_DIR, file);
  if (!existsSync(p)) return [];
  return ((JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>)[key] as T[]) ?? [];
}

const META_FILE = join(RESULTS_DIR, 'meta.json');

/**
 * What the parts last wrote to bench/results (a part not run this time keeps its previous file).
 * `fresh`: the meta of this moment (a run that just ended, saved for later); otherwise the saved
 * one, so `npm run bench -- report` still names the run's commit, date and load.
 */
export function loadResults(fresh = false): BenchResults {
  const browser = rowsOf<BrowserRow>('browser.json');
  const peers = rowsOf<PeerRow>('peers.json');
  const gpus = [...browser, ...peers].map((r) => r.gpu ?? 'swiftshader');
  let meta: RunMeta;
  if (fresh || !existsSync(META_FILE)) {
    meta = runMeta(gpus);
    if (fresh) writeFileSync(META_FILE, JSON.stringify(meta, null, 2));
  } else meta = JSON.parse(readFileSync(META_FILE, 'utf8')) as RunMeta;
  const skipped = [...new Set([...rowsOf<string>('browser.json', 'skipped'), ...rowsOf<string>('peers.json', 'skipped')])];
  const layoutFile = join(RESULTS_DIR, 'layout.json');
  const layout = existsSync(layoutFile) ? (JSON.parse(readFileSync(layoutFile, 'utf8')) as LayoutResults) : undefined;
  return { meta, browser, peers, engine: rowsOf<BenchRow>('engine.json'), server: rowsOf<ServerBenchRow>('server.json'), layout, skipped };
}
