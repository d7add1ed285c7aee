import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The standalone editor canvas page for benchmarks and outside harnesses (bench/browser/page),
// built apart from the SPA into dist/bench: it never ships with the product.
// `npm run bench -- serve` builds and serves it; `npm run bench -- browser` measures it.
const ROOT = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: resolve(import.meta.dirname, 'page'),
  publicDir: false,
  build: {
    outDir: resolve(ROOT, 'dist/bench'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input: resolve(import.meta.dirname, 'page/bench.html') },
  },
  worker: { format: 'es' },
});
