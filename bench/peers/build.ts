import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// Builds the peer pages into dist/bench-peers (when missing, or BENCH_REBUILD=1) and puts
// kityminder's classic scripts beside them: they set globals and are loaded as they ship.

const ROOT = resolve(import.meta.dirname, '../..');
export const PEERS_DIST = join(ROOT, 'dist/bench-peers');
const require = createRequire(import.meta.url);

export function buildPeerPages(): void {
  const marker = join(PEERS_DIST, 'kity.min.js');
  const config = join(import.meta.dirname, 'vite.config.ts');
  if (existsSync(marker) && statSync(marker).mtimeMs > statSync(join(ROOT, 'package-lock.json')).mtimeMs && !process.env.BENCH_REBUILD) return;
  execFileSync('npx', ['vite', 'build', '--config', config], { cwd: ROOT, stdio: 'inherit' });
  const kity = dirname(require.resolve('kity/dist/kity.min.js'));
  const core = dirname(require.resolve('kityminder-core/dist/kityminder.core.min.js'));
  copyFileSync(join(core, 'kityminder.core.min.js'), join(PEERS_DIST, 'kityminder.core.min.js'));
  copyFileSync(join(core, 'kityminder.core.css'), join(PEERS_DIST, 'kityminder.core.css'));
  copyFileSync(join(kity, 'kity.min.js'), marker);
}
