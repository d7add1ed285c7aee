import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../src/server/client-build';
import { startServer } from './server';

/**
 * Builds the real app and starts one real server per e2e worker, each on a free port with its own
 * fresh, seeded embedded database (see server.ts): files running at the same time never share a
 * student's state, and files on one worker run one after another as they always did. A test
 * finds its worker's server through base-url.ts.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureClientBuilt(resolve('dist/client'));
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  project.provide(
    'baseURLs',
    servers.map((s) => s.url),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[];
  }
}
