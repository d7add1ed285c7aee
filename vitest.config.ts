import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: browser-side units (jsdom), the engine and worker (node), the server
// against real databases (node), and end-to-end flows in headless Chromium.

const SERVER_FILES = ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'];
/**
 * Server test files that open no database of their project's kind (no in-process app, no spawned
 * server on the project's database, no TEST_DB or DATABASE_URL of their own): sockets, streams,
 * storage, pure rules. They check the same thing in server-pg as in server, so they run once.
 */
const DATABASE_ENTRY = /\b(useTestApp|createTestApp|spawnTarget|openDatabase|TEST_DB|DATABASE_URL|postgresCopy)\b/;
const databaseFreeServerFiles = ['src/server', 'tests/server']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
  .filter((f) => f.endsWith('.test.ts') && !DATABASE_ENTRY.test(readFileSync(f, 'utf8')));
const serverProjects: { test: Record<string, unknown> & { name: string } }[] = [
  {
    test: {
      name: 'server',
      environment: 'node',
      include: SERVER_FILES,
      // Losing and regaining a database connection has nothing to check on PGlite.
      exclude: ['src/server/db/*-postgres.test.ts'],
      env: { TEST_DB: 'pglite' },
      globalSetup: ['tests/server/global-setup.ts'],
      // Files of a worker share one module graph: each imported the whole app (and compiled PGlite)
      // again, ~2.4 s a file. Every file builds its own app on its own database copy, and the
      // server keeps no module-level state, so nothing carries from one file to the next.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.DATABASE_URL) {
  serverProjects.push({
    test: {
      name: 'server-pg',
      environment: 'node',
      include: SERVER_FILES,
      // The PGlite data-folder test has nothing to check on PostgreSQL.
      exclude: ['src/server/db/database.test.ts', ...databaseFreeServerFiles],
      env: { TEST_DB: 'postgres' },
      globalSetup: ['tests/server/global-setup.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

// Browser-side units in jsdom. Files of a worker share one module graph and one jsdom window
// (isolate: false): setting both up again per file was ~85 % of the project's time (110 s → 16 s
// at one worker). tests/unit-setup.ts puts the shared page back between files.
const UNIT_FILES = ['src/app/**/*.test.{ts,tsx}', 'src/features/**/*.test.{ts,tsx}', 'src/mindmap/**/*.test.{ts,tsx}'];
// the map package's engine and worker run in Node (project node)
const UNIT_EXCLUDE = ['src/mindmap/engine/**', 'src/mindmap/worker/**'];
const mockingUnitFiles = ['src/app', 'src/features', 'src/mindmap']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`))
  .filter((f) => /\.test\.tsx?$/.test(f) && !/^src\/mindmap\/(engine|worker)\//.test(f))
  .filter((f) => /\bvi\.mock\(/.test(readFileSync(f, 'utf8')));

function unitProject(name: string, test: { include: string[]; exclude: string[]; isolate?: boolean }) {
  return {
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      ...test,
      setupFiles: ['tests/unit-setup.ts'],
      // Screens' tests load the map package's entry, and with it @pixi/react, whose ESM build
      // imports 'react-reconciler/constants' without an extension: Node's resolver refuses that,
      // Vite's (inlining the package) does not.
      server: { deps: { inline: ['@pixi/react'] } },
      // A bound on hangs, not a speed check: jsdom renders of the editor took over 5 s on a
      // loaded 2-core box (a dialog test timed out at the default 5 s).
      testTimeout: 20_000,
    },
  };
}

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI box,
    // where server files mostly wait on their own database and timers. Two keep both cores busy
    // (every server file has its own PGlite copy or PostgreSQL schema, so files never share state).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      unitProject('unit', { include: UNIT_FILES, exclude: [...UNIT_EXCLUDE, ...mockingUnitFiles], isolate: false }),
      // A file that mocks a module (vi.mock) gets a fresh module graph, so the mock stays its own.
      unitProject('unit-mocks', { include: mockingUnitFiles.length ? mockingUnitFiles : ['-'], exclude: UNIT_EXCLUDE }),
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/mindmap/engine/**/*.test.ts', 'src/mindmap/worker/**/*.test.ts', 'tests/lint/**/*.test.ts', 'bench/**/*.test.ts'],
          // one module graph per worker (64 s → 25 s at one worker): nothing here mocks a module
          isolate: false,
          testTimeout: 30_000,
        },
      },
      ...serverProjects,
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // A bound on hangs, not a speed check: SwiftShader flows on a busy 2-core CI box can take
          // several times their usual 5-10 s.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: on a loaded 2-core box one UI round trip
          // (touch → worker → patch → render) was seen to take longer, failing a correct undo.
          expect: { poll: { timeout: 10_000 } },
          // Three files at a time by default, each worker with its own server and database
          // (global-setup.ts): a flow mostly waits (on its page, its server, a video playing in
          // real time), so one file at a time kept about 0.6 of a 2-core box busy; at three the
          // whole suite took 13 min where one at a time took 23-31. E2E_WORKERS sets another count.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
          // One more try for a failed flow: on a loaded 2-core box a rare timing (a CDP round trip
          // past a 100 ms debounce, a shot taken a frame early) failed three landings in a row, each
          // a different test. A flow that fails twice still fails the run; one that passes only on
          // its second try is named in the summary (tests/summary-reporter.ts) to be fixed.
          retry: Number(process.env.E2E_RETRY ?? 1),
          // one module graph per worker: each file imported the map package's core again (~2 s)
          isolate: false,
        },
      },
    ],
  },
});
