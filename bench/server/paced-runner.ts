import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Request } from 'autocannon';
import type { PacedMix } from './term-mixes';

/**
 * Runs a paced mix as students arrive in a browser: each student at a random moment of the window
 * (uniform, seeded: a Poisson arrival of exactly `students` in `windowSec`), its requests one after
 * another on a keep-alive connection of its own while it is busy (at most `connections` open per
 * mix, spread over the server processes like a balancer would). A request's latency counts from
 * the moment the student asked for it (its arrival, or the previous answer), so time spent
 * waiting for a free connection or a late client timer is counted against the answer, not lost.
 *
 * Why not autocannon's `overallRate`: it cuts the connections to the rate (67 req/s → 67
 * connections), lets each send one request per second on a 1 s timer started at the same moment
 * for all of them, so the "67 req/s" arrive as 67 requests at once every second; and it corrects
 * for coordinated omission with an expected interval of ceil(1 / rate) = 1 ms, recording a 100 ms
 * answer as 100 values from 100 down to 1 (68,000 histogram values for 667 requests). Its p50/p99
 * on a paced mix are those of a burst, weighted by a bug, not of students arriving.
 */
export interface PacedResult {
  requests: number;
  reqPerSec: number;
  reqPerSecRange: [number, number];
  p50Ms: number;
  p99Ms: number;
  /** Transport failures and HTTP statuses other than 200 (enveloped failures are the mix's appErrors). */
  errors: number;
  /** p99 of how late the client started a student against its schedule: when large, the load generator was the bottleneck. */
  clientLagP99Ms: number;
}

/** A small seeded PRNG (mulberry32): the same arrival schedule on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arrival moments (ms from the start) of `count` students uniformly at random within `windowMs`, sorted. */
export function arrivals(count: number, windowMs: number, seed = 1): number[] {
  const rnd = seeded(seed);
  return Array.from({ length: count }, () => rnd() * windowMs).sort((a, b) => a - b);
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, base: URL, r: Request, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = r.body;
    const headers: Record<string, string | number> = { ...r.headers };
    if (body !== undefined) headers['content-length'] = Buffer.byteLength(body);
    const req = http.request({ host: base.hostname, port: base.port, method: r.method ?? 'GET', path: r.path, agent, headers, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    // headers and body leave in one write (Node joins them when the request ends with its body)
    req.end(body);
  });
}

export async function runPaced(urls: string[], mix: PacedMix, opts: { timeoutSec?: number; seed?: number } = {}): Promise<PacedResult> {
  const timeoutMs = (opts.timeoutSec ?? 10) * 1000;
  const bases = urls.map((u) => new URL(u));
  const perUrl = Math.max(1, Math.floor(mix.connections / urls.length));
  const agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: perUrl }));
  const schedule = arrivals(mix.students, mix.windowSec * 1000, opts.seed ?? 1);
  const latencies: number[] = [];
  const lags: number[] = [];
  const doneAt: number[] = [];
  let errors = 0;
  const start = performance.now() + 20;

  async function student(i: number, at: number) {
    const k = i % urls.length;
    const lateBy = performance.now() - (start + at);
    lags.push(Math.max(0, lateBy));
    let askedAt = start + at;
    const ctx: Record<string, unknown> = {};
    for (const template of mix.student()) {
      const r = template.setupRequest ? template.setupRequest({ ...template }, ctx) : template;
      try {
        const a = await send(agents[k]!, bases[k]!, r, timeoutMs);
        const now = performance.now();
        latencies.push(now - askedAt);
        doneAt.push(now - start);
        askedAt = now;
        if (a.status !== 200) errors++;
        template.onResponse?.(a.status, a.body, ctx);
      } catch (err) {
        errors++;
        askedAt = performance.now();
        const sample = (err as Error).message;
        mix.errorSamples ??= [];
        if (mix.errorSamples.length < 5 && !mix.errorSamples.includes(sample)) mix.errorSamples.push(sample);
      }
    }
  }

  const running: Promise<void>[] = [];
  for (let i = 0; i < schedule.length; i++) {
    const wait = start + schedule[i]! - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    running.push(student(i, schedule[i]!));
  }
  await Promise.all(running);
  const elapsedSec = Math.max(mix.windowSec, (performance.now() - start) / 1000);
  for (const a of agents) a.destroy();

  const sorted = [...latencies].sort((a, b) => a - b);
  const perSecond = new Array<number>(Math.ceil(elapsedSec)).fill(0);
  for (const t of doneAt) perSecond[Math.min(perSecond.length - 1, Math.floor(t / 1000))]!++;
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    requests: latencies.length,
    reqPerSec: Math.round(latencies.length / elapsedSec),
    reqPerSecRange: [Math.min(...perSecond), Math.max(...perSecond)],
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    errors,
    clientLagP99Ms: round(
      percentile(
        [...lags].sort((a, b) => a - b),
        99,
      ),
    ),
  };
}
