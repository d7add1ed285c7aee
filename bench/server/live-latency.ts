import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';
import { hashPassword } from '../../src/server/lib/password';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { call, login, NORMAL } from '../../tests/server/helpers';
import { connectLive, type LiveClient } from '../../tests/server/live-client';
import { mapOf } from './map-saves';

/**
 * Live co-editing on one process (issue 32): how long a member's saved set takes to reach every
 * other member's open socket — sent as a `sets` frame → the `set` frame received, on loopback —
 * with 2, 10 and 30 members on maps of 1k and 50k topics (p50 / p95 over every receiver of
 * LIVE_ROUNDS sets, senders taking turns); and what joining costs a member: the map read whole
 * (showMind) plus the socket's welcome and catch-up. The app and PGlite run in this process.
 * What the bench does not include: the receiving page applying the set and painting it (the
 * engine's receiveChangeSets and a frame): `npm run bench -- live-paint` (live-paint.ts) measures
 * that, with one member a Chromium page.
 * `NODE_OPTIONS=--expose-gc npm run bench -- live` (the heap column needs the flag); writes bench/results/live.json.
 */
export interface LiveBenchRow {
  topics: number;
  members: number;
  p50Ms: number;
  p95Ms: number;
  /** showMind (the map read whole) + socket open + welcome and catch-up, median of the members */
  joinMs: number;
  /** the process's heap after every member joined, less before, both after a GC (NaN without NODE_OPTIONS=--expose-gc); a room holds presence, not the map */
  heapMb: number;
}

const CASE = 'case-02';
const OWNER = 'stu-0001';
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const round = (x: number) => Math.round(x * 10) / 10;

/** The app on loopback with case-02's map owned by OWNER and shared (可编辑) with most - 1 classmates who applied for the case. */
export interface LiveCase {
  app: Awaited<ReturnType<typeof buildApp>>;
  base: string;
  /** tokens[0]: the owner; tokens[i]: classmate `live-bench-<i>` (phone LIVE_PHONE(i)) */
  tokens: string[];
  /** the map's version now */
  version: number;
  close(): Promise<void>;
}
export const LIVE_CASE = CASE;
export const LIVE_OWNER = OWNER;
export const livePhone = (i: number) => `1370000${String(5000 + i)}`;

/** Starts the app (PGlite, in this process) with the shared case; `clientDir` also serves the built client. */
export async function openLiveCase(most: number, clientDir: string | null = null): Promise<LiveCase> {
  const storageDir = mkdtempSync(join(tmpdir(), 'xuetu-live-'));
  const database = await openDatabase({});
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  // 30 students log in from one address within a second: the login limit is for attackers, not this bench
  const app = await buildApp({
    config: { ...loadConfig({}), clientDir, storageDir, logLevel: 'silent', loginRateLimitMax: 1000 },
    database,
    logger: false,
  });
  const close = async () => {
    await app.close();
    rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    await app.ready();
    const owner = await login(app, NORMAL);
    await call(app, owner, { method: 'POST', url: '/api/course/caseApply/saveApply', payload: { caseId: CASE } });
    // classmates who applied for the case, invited as 可编辑
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const tokens = [owner];
    for (let i = 1; i < most; i++) {
      const id = `live-bench-${i}`;
      const phone = livePhone(i);
      await database.db
        .insertInto('students')
        .values({ id, login_name: phone, password_hash: passwordHash, username: `同学${i}`, student_no: `LB${i}`, phone, customer_type: 0 })
        .execute();
      await database.db
        .insertInto('case_applications')
        .values({ id: `apply-${id}`, student_id: id, case_id: CASE, status: 1 })
        .execute();
      tokens.push(await login(app, phone));
      const invited = await call(app, owner, {
        method: 'POST',
        url: '/api/share/invite',
        payload: { kind: 'case', mapId: CASE, studentNo: `LB${i}`, role: 'edit' },
      });
      if (invited.resultCode !== 200) throw new Error(`invite: ${invited.errMsg}`);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const version = (await call(app, owner, { method: 'GET', url: `/api/course/mindStudent/checkIssue?caseId=${CASE}` })).data.version as number;
    return { app, base, tokens, version, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export async function runLiveBench(opts: { sizes?: number[]; members?: number[]; rounds?: number; write?: boolean } = {}): Promise<LiveBenchRow[]> {
  const sizes = opts.sizes ?? [1_000, 50_000];
  const counts = opts.members ?? [2, 10, 30];
  const rounds = opts.rounds ?? Number(process.env.LIVE_ROUNDS ?? 30);
  const live = await openLiveCase(Math.max(...counts));
  const { app, base, tokens } = live;
  let version = live.version;
  const owner = tokens[0];
  const rows: LiveBenchRow[] = [];
  const open: LiveClient[] = [];
  try {
    for (const topics of sizes) {
      const saved = await call(app, owner, {
        method: 'POST',
        url: '/api/course/mindStudent/saveStuMind',
        payload: { caseId: CASE, version, document: mapOf(topics) },
      });
      if (saved.resultCode !== 200) throw new Error(`save ${topics}: ${saved.errMsg}`);
      version = saved.data.version;
      for (const members of counts) {
        global.gc?.();
        const heapBefore = process.memoryUsage().heapUsed;
        const clients: LiveClient[] = [];
        const joins: number[] = [];
        for (let i = 0; i < members; i++) {
          const t0 = performance.now();
          const shown = await fetch(`${base}/api/course/mindStudent/showMind?caseId=${CASE}${i ? `&studentId=${OWNER}` : ''}`, {
            headers: { authorization: tokens[i] },
          });
          const map = (await shown.json()) as { data: { version: number } };
          const client = await connectLive(base, tokens[i], { mapId: CASE, ownerId: OWNER, since: map.data.version });
          await client.next('welcome');
          await client.next('changes', undefined, 30_000).catch(() => undefined); // none when nothing came after `since`
          joins.push(performance.now() - t0);
          clients.push(client);
          open.push(client);
        }
        global.gc?.();
        // without --expose-gc the heap moves with whatever was collected meanwhile: not a figure
        const heapMb = global.gc ? (process.memoryUsage().heapUsed - heapBefore) / 1048576 : Number.NaN;
        const latencies: number[] = [];
        for (let r = 0; r < rounds; r++) {
          const sender = clients[r % members];
          const id = `bench${members}x${topics}:${r + 1}`;
          const arrived = clients.filter((c) => c !== sender).map((c) => c.next('set', (m) => m.set.id === id, 30_000).then(() => performance.now()));
          const t0 = performance.now();
          sender.send({
            type: 'sets',
            req: r + 1,
            base: version,
            sets: [{ id, changes: [{ op: 'set', id: 'c0', key: 'text', before: null, after: `第一章 ${id}` }] }] as never,
          });
          const ack = await sender.next('ack', (m) => m.req === r + 1, 30_000);
          version = ack.version;
          for (const t of await Promise.all(arrived)) latencies.push(t - t0);
        }
        const row = {
          topics,
          members,
          p50Ms: round(quantile(latencies, 0.5)),
          p95Ms: round(quantile(latencies, 0.95)),
          joinMs: round(quantile(joins, 0.5)),
          heapMb: round(heapMb),
        };
        rows.push(row);
        console.error(`  ${formatLiveRow(row)}`);
        for (const c of clients) c.ws.close();
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } finally {
    for (const c of open) c.ws.terminate();
    await live.close();
  }
  if (opts.write !== false) {
    const out = resolve(dirname(fileURLToPath(import.meta.url)), '../results/live.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
  }
  return rows;
}

export const formatLiveRow = (r: LiveBenchRow) =>
  `${String(r.topics).padStart(6)} topics · ${String(r.members).padStart(2)} members · set → others p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms · join ${r.joinMs} ms · ${Number.isNaN(r.heapMb) ? 'heap n/a (NODE_OPTIONS=--expose-gc)' : `heap +${r.heapMb} MB`}`;

export function printLiveTable(rows: LiveBenchRow[]): void {
  console.log('\nLive co-editing (one process, PGlite, loopback): a saved set reaching every other member');
  for (const r of rows) console.log(formatLiveRow(r));
}
