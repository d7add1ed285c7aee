import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../src/server/client-build';
import { startServer } from './server';

/**
 * Builds the real app and starts the real server on a free port with a fresh seeded embedded
 * database (see server.ts), and hands its URL to the tests.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureClientBuilt(resolve('dist/client'));
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('e2eDataDir', server.dataDir);
  return server.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    e2eDataDir: string;
  }
}
