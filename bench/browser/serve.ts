import { buildBenchPage, BENCH_DIST } from './build-page';
import { serveStatic } from './static-server';

// `npm run bench -- serve`: builds the standalone editor canvas page and serves it on PORT
// (default 8090; HOST, default 127.0.0.1) for outside harnesses, which drive it through the
// globals load(tree), addChild(i), panBy(dx, dy) and exportText() (bench/browser/page/bench-page.ts).
// Runs until interrupted.

export async function serveBenchPage(): Promise<void> {
  buildBenchPage();
  const port = Number(process.env.PORT ?? 8090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${process.env.PORT}`);
  const server = await serveStatic(BENCH_DIST, { port, host: process.env.HOST ?? '127.0.0.1' });
  console.log(`bench page: ${server.url}/bench.html (globals load, addChild, panBy, exportText; ?labels=bitmap, ?renderer=webgl|canvas, ?layout=fallback)`);
  await new Promise<void>((done) => {
    const stop = () => void server.close().then(done);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
