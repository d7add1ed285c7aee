import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../src/server/client-build';
import { prepareDatabaseTemplate, startServer } from './server';

/**
 * Builds the real app and starts one real server per e2e worker, each on a free port with its own
 * copy of one seeded embedded database (see server.ts): files running at the same time never share
 * a student's state, and files on one worker run one after another as they always did. A test
 * finds its worker's server through base-url.ts; a file that starts a server of its own copies the
 * same template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureClientBuilt(resolve('dist/client'));
  const template = await prepareDatabaseTemplate();
  project.provide('e2eDatabaseTemplate', template.dir);
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer(template.dir)));
  project.provide(
    'baseURLs',
    servers.map((s) => s.url),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    template.remove();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[];
    /** The folder whose pglite/ every e2e server copies (server.ts). */
    e2eDatabaseTemplate: string;
  }
}
