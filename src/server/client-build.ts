import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SOURCE_ROOTS = ['src/app', 'src/features', 'src/mindmap', 'index.html', 'vite.config.ts', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds the SPA with Vite when dist is missing or older than any client source. */
export async function ensureClientBuilt(clientDir: string): Promise<void> {
  const index = join(clientDir, 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCE_ROOTS.map((p) => newestMtime(resolve(p))));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt ? '前端代码有更新，正在重新构建…' : '首次启动，正在构建前端…');
  const { build } = await import('vite');
  // Vite keeps an inherited NODE_ENV (Vitest sets 'test'), which would ship React's development
  // build: the app is always built for production, whoever starts it.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production' });
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
}
