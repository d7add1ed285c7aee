import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { postgresCopy } from './database-copies';
import { call, login } from './helpers';
import { routeCases, type RouteCase } from './routes';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Every route the app registered (its onRoute hook), for the cross-cutting tests. */
  routes: RouteCase[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Sees (and may add hooks to) every route as it is registered. */
  onRoute?: (route: RouteOptions) => void;
}

/** A real app on a real, migrated and seeded database of its own (a copy of global-setup's template). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const storageDir = mkdtempSync(join(tmpdir(), 'xuetu-files-'));
  const config = { ...loadConfig({}), clientDir: null, storageDir, logLevel: 'silent' };
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (process.env.TEST_DB === 'postgres') {
    const copy = await postgresCopy();
    database = await openDatabase({ databaseUrl: copy.url });
    dropDatabase = copy.drop;
  } else {
    const template = readFileSync(inject('pgliteTemplate'));
    database = await openDatabase({ loadDataDir: new Blob([template]) });
  }
  const registered: RouteOptions[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    onRoute: (route) => {
      options.onRoute?.(route);
      registered.push({ ...route });
    },
  });
  await app.ready();
  return {
    app,
    database,
    routes: routeCases(registered),
    close: async () => {
      await app.close();
      await dropDatabase();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for the whole test file: registers its beforeAll/afterAll, logs the named demo accounts in
 * (`{ normal: NORMAL }` gives `tokens.normal`), and offers GET/POST shortcuts on `call`, so server
 * test files do not each repeat the same setup. `app` and `database` exist once beforeAll has run.
 */
export function useTestApp<K extends string = never>(accounts: Record<K, string> = {} as Record<K, string>, options: TestAppOptions = {}) {
  let t: TestApp | undefined;
  const tokens = {} as Record<K, string>;
  beforeAll(async () => {
    t = await createTestApp(options);
    const names = Object.keys(accounts) as K[];
    const issued = await Promise.all(names.map((name) => login(t!.app, accounts[name])));
    names.forEach((name, i) => (tokens[name] = issued[i]));
  });
  afterAll(async () => t?.close());
  const ready = () => {
    if (!t) throw new Error('useTestApp: the app exists only once beforeAll has run');
    return t;
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get routes() {
      return ready().routes;
    },
    tokens: tokens as Readonly<Record<K, string>>,
    get: (token: string | null, url: string) => call(ready().app, token, { method: 'GET', url }),
    post: (token: string | null, url: string, payload: object) => call(ready().app, token, { method: 'POST', url, payload }),
  };
}
