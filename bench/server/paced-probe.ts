/**
 * Where the paced mixes' latency floor comes from (`npx tsx bench/server/paced-probe.ts`, PostgreSQL
 * at DATABASE_URL): one real server process, one heartbeat (saveUserRecord) and one exam start
 * (getExamByNodeId) at a time; then 67 req/s spaced evenly, and the same 67 sent at once every
 * second; then the same pacing through autocannon's overallRate (what the bench used) and through
 * paced-runner.ts (what it uses now). Prints p50/p90/p99 per line with the load average.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon, { type Client, type Request } from 'autocannon';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/seed/seed';
import { freshSchema, spawnServer } from '../../tests/server/spawn-server';
import { BENCH_CASE, seedLoadStudents } from './seed-load';
import { examStart, steadyHeartbeats } from './term-mixes';
import { runPaced } from './paced-runner';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const s = await freshSchema(url, 'probe');
const handle = await openDatabase({ databaseUrl: url, searchPath: s.schema, poolSize: 2 });
await migrateToLatest(handle.db);
await seedDemo(handle.db);
const tokens = await seedLoadStudents(handle.db, 4000);
await handle.close();
const server = await spawnServer({ DATABASE_URL: url, DATABASE_SCHEMA: s.schema, SEED: 'none', LOG_LEVEL: 'warn' });
const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
const u = new URL(server.url);

function send(method: string, path: string, token: string, body?: string): Promise<number> {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method,
        path,
        agent,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (r) => {
        let data = '';
        r.on('data', (c) => (data += c));
        r.on('end', () => {
          const code = JSON.parse(data).resultCode;
          if (code !== 200) rej(new Error(data.slice(0, 200)));
          else res(performance.now() - t0);
        });
      },
    );
    req.on('error', rej);
    req.end(body);
  });
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const show = (label: string, xs: number[]) =>
  console.log(
    `${label.padEnd(48)} n=${String(xs.length).padStart(5)} p50 ${q(xs, 50).toFixed(1).padStart(6)} p90 ${q(xs, 90).toFixed(1).padStart(6)} p99 ${q(xs, 99).toFixed(1).padStart(6)} max ${Math.max(
      ...xs,
    )
      .toFixed(1)
      .padStart(6)}  load ${loadavg()[0]!.toFixed(2)}`,
  );

const shown = await (await fetch(`${server.url}/api/course/mindStudent/showMind?caseId=${BENCH_CASE}`, { headers: { authorization: tokens[0]! } })).json();
const nodeId = shown.data.document.root.children[0].children[0].data.id as string;
const examPath = `/api/course/nodeTestUser/getExamByNodeId?caseId=${BENCH_CASE}&nodeId=${nodeId}`;
const hbPath = '/api/course/userModelRecord/saveUserRecord';
let pos = 0;
const hbBody = () => JSON.stringify({ courseId: 'course-01', nodeId: 'course-01-c1-s2', position: (pos += 15) % 600, watched: pos % 600 });
let nextStudent = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// warm up
for (let i = 0; i < 200; i++) await send('POST', hbPath, tokens[3000 + (i % 500)]!, hbBody());
for (let i = 0; i < 50; i++) await send('GET', examPath, tokens[nextStudent++]!);

// 1. idle: one at a time, 100 ms apart
const idleHb: number[] = [];
const idleEx: number[] = [];
for (let i = 0; i < 60; i++) {
  idleHb.push(await send('POST', hbPath, tokens[3000 + (i % 500)]!, hbBody()));
  await sleep(50);
  idleEx.push(await send('GET', examPath, tokens[nextStudent++]!));
  await sleep(50);
}
await show('idle heartbeat (1 at a time)', idleHb);
await show('idle exam start (1 at a time)', idleEx);

// 2. paced evenly: 67 req/s, each at its own time (a browser's arrivals), 10 s
async function paced(rate: number, seconds: number, one: (i: number) => Promise<number>, burst: boolean) {
  const lat: number[] = [];
  const start = performance.now();
  const all: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const at = burst ? Math.floor(i / rate) * 1000 : (i * 1000) / rate;
    const wait = start + at - performance.now();
    if (wait > 1) await sleep(wait);
    const t0 = performance.now();
    all.push(one(i).then(() => void lat.push(performance.now() - t0)));
  }
  await Promise.all(all);
  return lat;
}
const hb = (i: number) => send('POST', hbPath, tokens[3000 + (i % 1000)]!, hbBody());
const ex = () => send('GET', examPath, tokens[nextStudent++]!);
await show('heartbeat 67/s evenly spaced', await paced(67, 10, hb, false));
await show('exam start 67/s evenly spaced', await paced(67, 10, ex, false));
await show('heartbeat 67/s as 67 at once each second', await paced(67, 10, hb, true));
await show('exam start 67/s as 67 at once each second', await paced(67, 10, ex, true));

// 3. the same paced mixes through autocannon's overallRate (the bench before) and through paced-runner.ts (after)
const ac = (requests: (token: string) => Request[], pool: string[]) => {
  let n = 0;
  return (client: Client) => client.setRequests(requests(pool[n++ % pool.length]!));
};
const hbReq = (token: string): Request[] => [
  { method: 'POST', path: hbPath, headers: { 'content-type': 'application/json', authorization: token }, setupRequest: (r) => ({ ...r, body: hbBody() }) },
];
const exReq = (token: string): Request[] => [{ method: 'GET', path: examPath, headers: { authorization: token } }];
for (const [label, reqs, pool] of [
  ['heartbeat', hbReq, tokens.slice(3000, 4000)],
  ['exam start', exReq, tokens.slice(nextStudent, nextStudent + 670)],
] as const) {
  const r = await autocannon({ url: server.url, connections: 100, timeout: 10, setupClient: ac(reqs, pool), amount: 670, overallRate: 67 });
  console.log(
    `${('autocannon overallRate 67: ' + label).padEnd(48)} n=${String(r.requests.total).padStart(5)} p50 ${String(r.latency.p50).padStart(6)} p99 ${String(r.latency.p99).padStart(6)} (histogram values: ${r.latency.totalCount})  load ${loadavg()[0]!.toFixed(2)}`,
  );
}
nextStudent += 670;
for (const mix of [
  steadyHeartbeats(tokens.slice(3000, 4000), 1000, 15, 10),
  examStart(tokens.slice(nextStudent, 3000), { caseId: BENCH_CASE, nodeId }, 670, 10),
]) {
  const r = await runPaced([server.url], mix);
  console.log(
    `${('paced-runner: ' + mix.name).padEnd(48)} n=${String(r.requests).padStart(5)} p50 ${String(r.p50Ms).padStart(6)} p99 ${String(r.p99Ms).padStart(6)} errors ${r.errors + mix.appErrors} client lag p99 ${r.clientLagP99Ms}  load ${loadavg()[0]!.toFixed(2)}`,
  );
}
console.log('server pid', server.child.pid, 'url', server.url, 'schema', s.schema);
if (process.env.PROBE_KEEP) {
  console.log('keeping');
  await sleep(Number(process.env.PROBE_KEEP));
}
await server.stop();
await s.drop();
agent.destroy();
