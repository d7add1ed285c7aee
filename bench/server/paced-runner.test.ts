import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivals, runPaced } from './paced-runner';
import type { PacedMix } from './term-mixes';
import { counted } from './mixes';

describe('paced runner', () => {
  it('spreads the students over the window at seeded random moments, not in bursts', () => {
    const at = arrivals(1000, 10_000, 7);
    expect(at).toHaveLength(1000);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(at[0]).toBeGreaterThanOrEqual(0);
    expect(at.at(-1)).toBeLessThan(10_000);
    expect(arrivals(1000, 10_000, 7)).toEqual(at);
    // autocannon's overallRate sent a whole second's requests at one instant; here no instant holds more than a few
    const sameMs = new Map<number, number>();
    for (const t of at) sameMs.set(Math.floor(t), (sameMs.get(Math.floor(t)) ?? 0) + 1);
    expect(Math.max(...sameMs.values())).toBeLessThan(5);
    // every second of the window gets its share, roughly
    const perSecond = new Array<number>(10).fill(0);
    for (const t of at) perSecond[Math.floor(t / 1000)]!++;
    expect(Math.min(...perSecond)).toBeGreaterThan(60);
  });

  let server: Server;
  let url = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers.authorization} ${body}`);
        if (req.url === '/missing') res.writeHead(404).end('{}');
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resultCode: req.url === '/refused' ? 403 : 200 }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends each student's requests in order with its token and counts failures", async () => {
    seen.length = 0;
    const pool = ['t1', 't2', 't3'];
    let next = 0;
    const mix: PacedMix = {
      name: 'test',
      connections: 2,
      students: 6,
      windowSec: 0.2,
      appErrors: 0,
      student: () => {
        const token = pool[next++ % pool.length]!;
        const paths = token === 't3' ? ['/a', '/refused'] : token === 't2' ? ['/a', '/missing'] : ['/a', '/b'];
        return paths.map((path, i) => counted(mix, { method: 'POST', path, headers: { authorization: token }, body: String(i) }));
      },
    };
    const r = await runPaced([url], mix);
    expect(r.requests).toBe(12);
    expect(r.errors).toBe(2); // the two 404s
    expect(mix.appErrors).toBe(2); // the two enveloped 403s
    for (const token of pool) {
      const mine = seen.filter((s) => s.split(' ')[2] === token);
      expect(mine).toHaveLength(4);
      expect(mine[0]!.startsWith('POST /a')).toBe(true);
    }
    expect(r.p50Ms).toBeGreaterThan(0);
  });
});
