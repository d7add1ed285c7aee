import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { useTestApp } from '../test-app';
import { NORMAL } from '../helpers';

// ASVS 14.4 headers on the SPA and the API; ASVS 13.1 bounded, well-formed request bodies.
const t = useTestApp({ normal: NORMAL });
let spa: FastifyInstance;
const clientDir = mkdtempSync(join(tmpdir(), 'xuetu-spa-'));
beforeAll(async () => {
  // The root index.html is what Vite builds from: it must carry no inline script either.
  writeFileSync(join(clientDir, 'index.html'), readFileSync('index.html', 'utf8').replace('/src/app/main.tsx', '/assets/index.js'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'index.js'), 'console.log(1)');
  spa = await buildApp({ config: { ...t.app.config, clientDir }, database: { ...t.database, close: async () => {} }, logger: false });
  await spa.ready();
});
afterAll(async () => {
  await spa.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Nothing of ours may be framed: not the app, not stored files (PDFs are drawn by pdf.js, not framed). */
function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  const csp = directives(String(headers['content-security-policy'] ?? ''));
  const script = csp.get('script-src') ?? csp.get('default-src')!;
  expect(script, label).toContain("'self'");
  expect(script, label).not.toContain("'unsafe-inline'");
  expect(script, label).not.toContain("'unsafe-eval'");
  expect(
    script.some((s) => s === '*' || s === 'http:' || s === 'https:' || s === 'data:'),
    label,
  ).toBe(false);
  expect(csp.get('worker-src'), label).toEqual(expect.arrayContaining(["'self'", 'blob:']));
  expect(csp.get('img-src'), label).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(csp.get('media-src'), label).toContain("'self'");
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'self'"]);
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('on the SPA page and its assets', async () => {
    for (const url of ['/', '/index.html', '/assets/index.js']) {
      const res = await spa.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
    }
    const page = await spa.inject({ method: 'GET', url: '/' });
    // No inline script in the shell: every <script> has a src.
    for (const tag of page.body.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
      expect(tag).toMatch(/\bsrc=/);
      expect(
        tag
          .replace(/<script\b[^>]*>/, '')
          .replace('</script>', '')
          .trim(),
      ).toBe('');
    }
    expect(page.body).not.toMatch(/\son\w+=/i);
  });

  it('keeps hashed assets for good and always checks the page that names them', async () => {
    const asset = await spa.inject({ method: 'GET', url: '/assets/index.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html']) expect((await spa.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-cache');
  });

  it('on API answers, errors, 404s, downloads and media', async () => {
    const urls = [
      ['/api/health', undefined],
      ['/api/customer/login/selectUser', t.tokens.normal],
      ['/api/customer/login/selectUser', undefined],
      ['/api/nope', undefined],
      ['/api/folder/resource/file/vod/file-demo-video', undefined],
      ['/api/folder/resource/file/download?uid=missing', undefined],
    ] as const;
    for (const [url, auth] of urls) {
      const res = await spa.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
      expectSecurityHeaders(res.headers, url);
    }
    const bad = await spa.inject({ method: 'POST', url: '/api/authcust/login/token', payload: '{"x":', headers: { 'content-type': 'application/json' } });
    expectSecurityHeaders(bad.headers, 'bad json');
  });

  it('API answers are JSON, never sniffable as HTML', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/course/caseDetails/getCasesDetails?caseId=%3Cscript%3E',
      headers: { authorization: t.tokens.normal },
    });
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });
});

describe('request bodies', () => {
  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: t.tokens.normal } });

  it('an oversized JSON body is a clean 400 envelope on every kind of route', async () => {
    const big = JSON.stringify({ username: 'x', pad: 'y'.repeat(3 * 1024 * 1024) });
    for (const url of ['/api/customer/login/updateUserInfo', '/api/authcust/login/token', '/api/course/taskStudentResource/addTaskByStudent']) {
      const res = await post(url, big);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ resultCode: 400, errMsg: '上传内容过大', data: null });
    }
    // The map save has its own 5 MB allowance; past it the same clean answer.
    const map = JSON.stringify({ caseId: 'case-01', version: 0, document: { root: { data: { text: 'z'.repeat(6 * 1024 * 1024) } } } });
    expect((await post('/api/course/mindStudent/saveStuMind', map)).json()).toMatchObject({ resultCode: 400, errMsg: '上传内容过大' });
  });

  it('malformed, deeply nested and mistyped bodies are 400, never 500', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const deepObj = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const cases: [string, string, string?][] = [
      ['/api/customer/login/updateUserInfo', '{"username":'],
      ['/api/customer/login/updateUserInfo', 'not json at all'],
      ['/api/customer/login/updateUserInfo', deep],
      ['/api/course/mindStudent/saveStuMind', `{"caseId":"case-01","version":0,"document":${deepObj}}`],
      ['/api/course/mindStudent/saveStuMind', `{"caseId":"case-01","version":0,"document":"${'{\\"root\\":'.repeat(10_000)}"}`],
      ['/api/course/nodeTestUser/submitExam', `{"examId":"exam-case-01-1","answers":${deep}}`],
      ['/api/customer/login/updateUserInfo', '{"__proto__":{"isAdmin":true},"username":"proto"}'],
      ['/api/customer/login/updateUserInfo', '{"constructor":{"prototype":{"polluted":1}}}'],
      ['/api/customer/login/updateUserInfo', 'username=x', 'application/x-www-form-urlencoded'],
      ['/api/customer/login/updateUserInfo', '<xml/>', 'application/xml'],
      ['/api/customer/login/updateUserInfo', '{"username":"x"}', 'text/plain'],
    ];
    for (const [url, body, type] of cases) {
      const res = await post(url, body, type);
      expect(res.statusCode, `${url} ${body.slice(0, 40)}`).toBeLessThan(500);
      expect(res.json().resultCode, `${url} ${body.slice(0, 40)} ${res.json().errMsg}`).toBe(400);
    }
    // Deep nesting is refused anywhere, even in a field the schema does not know (no input of ours nests deeper than a map at its limits).
    const extra = await post('/api/customer/login/updateUserInfo', `{"username":"深层","extra":${deepObj}}`);
    expect(extra.json()).toMatchObject({ resultCode: 400, errMsg: '参数格式错误：嵌套层级过深' });
    const shallow = await post('/api/customer/login/updateUserInfo', `{"username":"浅层","extra":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}`);
    expect(shallow.json()).toMatchObject({ resultCode: 200, data: { username: '浅层' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // The server is still healthy afterwards.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
  });
});
