import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * pdf.js's packed character maps, copied into the build under pdfjs/cmaps/ (src/app/pdf/pdf-loader.ts):
 * a PDF whose CJK fonts are not embedded cannot be read without them. Each is fetched only when a
 * document asks for it.
 */
function pdfjsCMaps(): Plugin {
  const dir = resolve(import.meta.dirname, 'node_modules/pdfjs-dist/cmaps');
  return {
    name: 'xuetu-pdfjs-cmaps',
    apply: 'build',
    generateBundle() {
      for (const name of readdirSync(dir)) {
        if (name.endsWith('.bcmap') || name === 'LICENSE')
          this.emitFile({ type: 'asset', fileName: `pdfjs/cmaps/${name}`, source: readFileSync(join(dir, name)) });
      }
    },
  };
}

// The SPA, built into dist/client, which the Fastify server serves. `npm run dev` proxies /api
// to a running server. The canvas bench page is built apart (bench/browser/vite.config.ts).
export default defineConfig({
  plugins: [react(), pdfjsCMaps()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input: resolve(import.meta.dirname, 'index.html') },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
});
