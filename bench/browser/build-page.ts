import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Builds the bench page (bench/browser/page) into dist/bench when missing or older than what it
// is made of: the page, the canvas and editor code, the worker and the engine.

const ROOT = resolve(import.meta.dirname, '../..');
export const BENCH_DIST = join(ROOT, 'dist/bench');
const SOURCES = ['bench/browser/page', 'bench/browser/vite.config.ts', 'src/mindmap', 'src/features/mindmap'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of readdirSync(path)) t = Math.max(t, newestMtime(join(path, e)));
  return t;
}

/** `BENCH_REBUILD=1` rebuilds whatever the dates say. */
export function buildBenchPage(): void {
  const page = join(BENCH_DIST, 'bench.html');
  const sources = Math.max(...SOURCES.map((p) => newestMtime(join(ROOT, p))));
  if (existsSync(page) && statSync(page).mtimeMs > sources && !process.env.BENCH_REBUILD) return;
  execFileSync('npx', ['vite', 'build', '--config', 'bench/browser/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}
