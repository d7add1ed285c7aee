import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from './test-app';
import { NORMAL } from './helpers';
import { PUBLIC_ROUTES, type RouteCase } from './routes';

const t = useTestApp({ normal: NORMAL });
const { tokens } = t;

describe('every route', () => {
  it('is in the table the app registered, and every public route is one the reviewed list names', () => {
    expect(t.routes.length).toBeGreaterThan(60);
    for (const r of t.routes) expect(t.app.hasRoute({ method: r.method, url: r.path }), `${r.method} ${r.path}`).toBe(true);
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.path}`));
    for (const name of PUBLIC_ROUTES) expect(registered.has(name), name).toBe(true);
  });
});

// Random and malformed inputs: any JSON value as body, hostile strings and numbers everywhere.
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "' or 1=1 --",
    "'; drop table students; --",
    '%00',
    '\u0000',
    'a\u0000b',
    '../../etc/passwd',
    '..\\..\\win.ini',
    '😀',
    '\ud800',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '__proto__',
    'constructor',
    'prototype',
    'a'.repeat(5000),
    '9'.repeat(40),
    '${7*7}',
    '{{7*7}}',
    '%s%n',
    '\r\nX-Injected: 1',
    'case-01',
    'case-02',
    'course-01',
    'course-01-c1-s1',
    'exam-case-01-1',
    'task-1',
    'tutor-01',
    'msg-1-01',
    'stu-0003',
    'file-demo-video',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const fieldNames = [
  'currentNum',
  'currentSize',
  'caseId',
  'courseId',
  'nodeId',
  'uid',
  'uuid',
  'id',
  'name',
  'isLook',
  'caseType',
  'status',
  'examId',
  'taskId',
  'userId',
  'studentId',
  'videoId',
  'officialCourseId',
  'dictType',
  'token',
  'title',
  'classifyId',
  'category',
  'loginName',
  'password',
  'oldPassword',
  'newPassword',
  'username',
  'sex',
  'phone',
  'email',
  'userPicUrl',
  'specialty',
  'classmate',
  'identityNumber',
  'studentNo',
  'introduction',
  'specialtyHobby',
  'goalsIdeas',
  'teacherId',
  'answer',
  'fileId',
  'outline',
  'document',
  'version',
  'answers',
  'position',
  'watched',
  'resourceId',
  'fileSuffix',
  'isStudy',
  '__proto__',
  'constructor',
];
const query = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })), hostile, { maxKeys: 6 });
const value = fc.oneof(hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 12 }),
  fc.record(
    {
      caseId: fc.oneof(hostile, fc.constant('case-02')),
      document: fc.oneof(
        fc.jsonValue({ maxDepth: 6 }),
        hostile,
        fc.record({
          root: fc.record({
            data: fc.dictionary(fc.constantFrom('id', 'text', 'note', 'hyperlink', 'image'), value),
            children: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }),
          }),
        }),
      ),
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
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
);
const authorization = fc.oneof(
  fc.constant('valid'),
  fc.constant('none'),
  hostile.map((h) => `Bearer ${h}`),
);

/** One request must come back as a well-formed answer: never a 5xx, never a 500 envelope. */
async function expectNoServerError(route: RouteCase, res: Awaited<ReturnType<TestApp['app']['inject']>>, url: string) {
  expect(res.statusCode, `${route.method} ${url}`).toBeLessThan(500);
  if ((res.headers['content-type'] ?? '').toString().includes('application/json')) {
    expect(res.json().resultCode, `${route.method} ${url} ${res.body.slice(0, 200)}`).not.toBe(500);
  }
}

/** encodeURIComponent throws on a lone surrogate; such an id becomes its escaped UTF-16 units. */
function encodePath(id: string): string {
  try {
    return encodeURIComponent(id);
  } catch {
    return [...id].map((c) => `%25u${c.charCodeAt(0).toString(16)}`).join('');
  }
}

// Every registered route gets its own bounded run of random and hostile input (~10 s for the whole file; FUZZ_RUNS raises it).
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100000);

describe('fuzzing every route', () => {
  it('no registered route answers 500 to random or malformed input', { timeout: 600_000 }, async () => {
    for (const route of t.routes) await fuzz(route);
  });

  const fuzz = (route: RouteCase) =>
    fc.assert(
      fc.asyncProperty(query, body, fc.boolean(), contentType, authorization, hostile, async (q, payload, rawText, type, auth, pathId) => {
        const path = route.url.replace('file-demo-video', encodePath(pathId) || 'x');
        const url = `${path}?${new URLSearchParams(q as Record<string, string>).toString()}`;
        const headers: Record<string, string> = {};
        if (type) headers['content-type'] = type;
        // logout with the shared token would end the session the other runs use.
        if (auth === 'valid' && !route.url.endsWith('/logout')) headers.authorization = tokens.normal;
        else if (auth !== 'none' && auth !== 'valid') headers.authorization = auth;
        const res = await t.app.inject({
          method: route.method,
          url,
          headers,
          payload: route.method === 'GET' ? undefined : rawText ? String(JSON.stringify(payload)).slice(0, -1) : JSON.stringify(payload ?? null),
        });
        await expectNoServerError(route, res, url);
      }),
      { numRuns: RUNS, seed: SEED },
    );

  it('the server is still healthy and the shared session alive after all of it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data).toMatchObject({ status: 'ok', database: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/login/selectUser', headers: { authorization: tokens.normal } })).json().resultCode).toBe(
      200,
    );
  });
});
