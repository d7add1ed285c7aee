import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

// A tiny static server for the built bench page (dist/bench): the bench measures the canvas,
// not the API server, so Fastify is not needed here. `/` is the page itself.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface StaticOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  host?: string;
  /** File served for `/`. */
  index?: string;
}

export async function serveStatic(
  root: string,
  { port = 0, host = '127.0.0.1', index = 'bench.html' }: StaticOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    if (path === '/' || path === '\\') path = index;
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const addr = server.address();
  const bound = typeof addr === 'object' && addr ? addr.port : port;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { url: `http://${shown}:${bound}`, close: () => new Promise((r) => server.close(() => r())) };
}
