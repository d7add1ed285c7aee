import type { FastifyRequest, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NORMAL } from './helpers';
import { useTestApp } from './test-app';
import { authMatrix, PUBLIC_ROUTES, unschemed, type Input } from './routes';

// The route table is what the app registered (onRoute), so no route can be left out of these
// checks by being left off a hand-written list.

/** `METHOD path` → the inputs its handler read although the route declares no schema for them. */
const readUnchecked = new Map<string, Set<Input>>();

/**
 * Each input without a schema is handed to the handler behind a proxy that notes any field the
 * handler reads: a route must declare a schema (src/contract) for every input it reads.
 */
function watchUncheckedReads(route: RouteOptions): void {
  const inputs = unschemed(route.schema as never);
  if (inputs.length === 0) return;
  const names = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`);
  const note = (input: Input) => names.forEach((n) => readUnchecked.set(n, (readUnchecked.get(n) ?? new Set()).add(input)));
  const watch = async (request: FastifyRequest) => {
    const req = request as unknown as Record<Input, unknown>;
    for (const input of inputs) {
      const value = req[input];
      if (value === null || typeof value !== 'object') continue;
      req[input] = new Proxy(value, {
        get: (target, key, receiver) => (typeof key === 'string' && note(input), Reflect.get(target, key, receiver)),
        has: (target, key) => (note(input), Reflect.has(target, key)),
        ownKeys: (target) => (note(input), Reflect.ownKeys(target)),
      });
    }
  };
  const before = route.preHandler;
  route.preHandler = [...(before === undefined ? [] : Array.isArray(before) ? before : [before]), watch];
}

const t = useTestApp({ normal: NORMAL }, { onRoute: watchUncheckedReads });

describe('every registered route', () => {
  it('declares its response schema, and a request schema for each input it reads (src/contract)', async () => {
    expect(t.routes.length).toBeGreaterThan(60);
    const noResponse = t.routes.filter((r) => !r.schema.response?.['200']).map((r) => `${r.method} ${r.path}`);
    expect(noResponse).toEqual([]);
    const noParams = t.routes.filter((r) => r.path.includes(':') && !r.schema.params).map((r) => `${r.method} ${r.path}`);
    expect(noParams).toEqual([]);
    // Run every handler that has an input without a schema, signed in and with something to read
    // in the query and body; logout last, as it ends the session.
    const open = t.routes.filter((r) => unschemed(r.schema).some((i) => i !== 'params'));
    open.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    for (const r of open) {
      const res = await t.app.inject({
        method: r.method,
        url: `${r.url}?probe=1`,
        headers: { authorization: t.tokens.normal },
        ...(r.method === 'GET' ? {} : { payload: { probe: 1 } }),
      });
      expect(res.statusCode, `${r.method} ${r.path}`).toBeLessThan(500);
    }
    const read = [...readUnchecked].map(([name, inputs]) => `${name}: ${[...inputs].join(', ')}`);
    expect(read).toEqual([]);
  });

  it('is in the auth matrix unless the reviewed public list names it', () => {
    const matrix = new Set(authMatrix(t.routes));
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.path}`));
    for (const name of PUBLIC_ROUTES) expect(registered.has(name), name).toBe(true);
    for (const r of t.routes) expect(matrix.has(r) || PUBLIC_ROUTES.has(`${r.method} ${r.path}`), `${r.method} ${r.path}`).toBe(true);
  });

  it('answers 40101 without a token, and for an unknown token, on every route of the auth matrix', async () => {
    for (const r of authMatrix(t.routes)) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: authorization ? { authorization } : {} });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
        expect(res.json(), `${r.method} ${r.url}`).toMatchObject({ resultCode: 40101, data: null });
      }
    }
  });
});
