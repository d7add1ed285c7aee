import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// One page per peer editor (bench/peers/pages), built into dist/bench-peers for `npm run bench -- peers`.
const ROOT = resolve(import.meta.dirname, '../..');
export const PEERS = ['mind-elixir', 'markmap', 'kityminder-core', 'simple-mind-map'] as const;

export default defineConfig({
  root: resolve(import.meta.dirname, 'pages'),
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: resolve(ROOT, 'dist/bench-peers'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 5000,
    rollupOptions: { input: Object.fromEntries(PEERS.map((p) => [p, resolve(import.meta.dirname, `pages/${p}.html`)])) },
  },
});
