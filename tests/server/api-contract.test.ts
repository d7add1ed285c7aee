import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { login } from './helpers';
import { routes } from './routes';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app);
});
afterAll(async () => t.close());

describe('every route', () => {
  it('exists at its path and method', () => {
    for (const r of routes) expect(t.app.hasRoute({ method: r.method, url: r.url.replace('file-demo-video', ':id') }), `${r.method} ${r.url}`).toBe(true);
  });

  it('answers 40101 without a token on every protected route, and for an unknown token', async () => {
    for (const r of routes.filter((x) => !x.public)) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: authorization ? { authorization } : {} });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
        expect(res.json().resultCode, `${r.method} ${r.url}`).toBe(40101);
      }
    }
  });
});

// Random and malformed inputs: any JSON value as body, hostile strings and numbers in the query.
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '-1', '0', '1e309', 'NaN', 'null', '[]', '{}', "' or 1=1 --", '%00', '../../etc/passwd', '😀', 'a'.repeat(5000), '9'.repeat(40)),
  fc.integer().map(String),
  fc.double().map(String),
);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom('currentNum', 'currentSize', 'caseId', 'courseId', 'nodeId', 'uid', 'uuid', 'id', 'name', 'isLook', 'caseType', 'status', 'examId', 'taskId', 'userId', 'studentId', 'videoId', 'officialCourseId', 'dictType', 'token'), fc.string({ maxLength: 8 })),
  hostile,
  { maxKeys: 6 },
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record(
    {
      caseId: fc.oneof(hostile, fc.constant('case-02')),
      document: fc.oneof(fc.jsonValue({ maxDepth: 6 }), hostile),
      version: fc.oneof(fc.integer(), hostile),
      answers: fc.oneof(fc.array(fc.record({ questionId: hostile, answer: hostile })), fc.jsonValue()),
      examId: fc.oneof(hostile, fc.constant('exam-case-02-1')),
      courseId: fc.oneof(hostile, fc.constant('course-01')),
      nodeId: hostile,
      position: fc.oneof(fc.double(), hostile),
      phone: hostile,
      email: hostile,
      teacherId: hostile,
      taskId: hostile,
      answer: hostile,
    },
    { requiredKeys: [] },
  ),
);

describe('fuzzing', () => {
  it('never answers 500 to random or malformed input on any route', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), query, body, fc.boolean(), async (route, q, payload, rawText) => {
        const url = `${route.url}?${new URLSearchParams(q as Record<string, string>).toString()}`;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        // logout with the shared token would end the session the other runs use.
        if (!route.url.endsWith('/logout')) headers.authorization = token;
        const res = await t.app.inject({
          method: route.method,
          url,
          headers,
          payload: route.method === 'GET' ? undefined : rawText ? String(JSON.stringify(payload)).slice(0, -1) : JSON.stringify(payload ?? null),
        });
        expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
        if ((res.headers['content-type'] ?? '').toString().includes('application/json')) {
          expect(res.json().resultCode, `${route.method} ${url} ${res.body.slice(0, 200)}`).not.toBe(500);
        }
      }),
      { numRuns: 600, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000) },
    );
  });
});
