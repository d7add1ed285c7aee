import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';
import { DEMO, logIn, watchCanvasText } from './shell-helpers';
import { e2eBaseURL } from './base-url';

/**
 * Stored XSS: script-bearing text planted through the real API wherever a student's own text comes
 * back on screen, then those screens opened in Chromium. Nothing may run (window.__xss stays
 * unset) and no javascript: link may be rendered clickable. Everything planted is restored after.
 */
const IMG = '<img src=x onerror=window.__xss=1>';
const IMG_SHORT = '<img src=x onerror=__xss=1>'; // the user name allows 32 characters
const JS_URL = 'javascript:window.__xss=2';
const ANSWER = `${IMG}\n[点我](${JS_URL})\n<a href="${JS_URL}">链接</a>\n<svg onload=window.__xss=3>\n${JS_URL}`;
const ORIGINAL = { username: '李明', specialty: '计算机科学与技术', classmate: '计科2301班' };
const ORIGINAL_ANSWER = '缺失值采用同店同品类均值填充，异常值按 3σ 原则剔除。';

let s: BrowserSession;
let base: string;
let token: string;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (json.resultCode !== 200) throw new Error(`${path}: ${json.resultCode} ${json.errMsg}`);
  return json.data;
}

beforeAll(async () => {
  base = e2eBaseURL();
  const login = await fetch(`${base}/api/authcust/login/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: DEMO.loginName, password: DEMO.password }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  // Profile (header, personal centre, the case ranking), a task answer (task detail), a personal
  // mind map (node text, note, hyperlink) and its outline.
  await api('POST', '/api/customer/login/updateUserInfo', { username: IMG_SHORT, specialty: IMG, classmate: `<a href="${JS_URL}">班</a>` });
  await api('POST', '/api/course/taskStudentResource/addTaskByStudent', { taskId: 'task-3', answer: ANSWER });
  const shown = await api('GET', '/api/course/mindStudent/showMind?caseId=case-04');
  const doc = shown.document;
  Object.assign(doc.root.data, { text: IMG, note: `${IMG} ${JS_URL}`, hyperlink: JS_URL, hyperlinkTitle: IMG });
  doc.root.children[0].data.text = JS_URL;
  const saved = await api('POST', '/api/course/mindStudent/saveStuMind', { caseId: 'case-04', version: shown.version, document: doc });
  // The stored outline must describe the map: the derived one, in four-space wording.
  const { outline } = await api('GET', '/api/course/mindStudent/getMindOutline?caseId=case-04');
  await api('POST', '/api/course/mindStudent/saveOutline', { caseId: 'case-04', outline: outline.replace(/\t/g, '    '), version: saved.version });

  s = await openSession(base);
  await watchCanvasText(s.context);
  await s.page.goto('/');
  await logIn(s.page);
});

afterAll(async () => {
  await s?.close();
  await api('POST', '/api/customer/login/updateUserInfo', ORIGINAL);
  await api('POST', '/api/course/taskStudentResource/addTaskByStudent', { taskId: 'task-3', answer: ORIGINAL_ANSWER });
});

/** Nothing planted ran, and nothing planted became live markup or a javascript: link. */
async function expectInert(where: string) {
  await s.page.waitForLoadState('networkidle');
  const found = await s.page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    jsLinks: [...document.querySelectorAll('a[href], area[href], [xlink\\:href]')]
      // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
      // eslint-disable-next-line no-control-regex
      .map((a) => (a.getAttribute('href') ?? a.getAttribute('xlink:href') ?? '').replace(/[\s\u0000-\u001f]/g, '').toLowerCase())
      .filter((h) => h.startsWith('javascript:')),
    handlers: [...document.querySelectorAll('[onerror], [onload], [onclick]')].map((e) => e.outerHTML.slice(0, 80)),
    plantedImages: [...document.querySelectorAll('img')].filter((i) => i.getAttribute('src') === 'x').length,
  }));
  expect(found, where).toEqual({ xss: undefined, jsLinks: [], handlers: [], plantedImages: 0 });
}

describe('stored XSS payloads render as text', () => {
  it('profile name and fields: header, personal centre and settings', async () => {
    await s.page.getByRole('button', { name: `${IMG_SHORT}的账户菜单` }).waitFor();
    await expectInert('header');
    await s.page.goto('/#/set');
    await s.page.getByRole('main').getByLabel('专业').waitFor();
    expect(await s.page.getByRole('main').getByLabel('专业').inputValue()).toBe(IMG);
    await expectInert('/set');
    await s.page.goto('/#/personal/myNews');
    await s.page.getByRole('complementary', { name: '学习中心' }).waitFor();
    await expectInert('/personal/myNews');
  });

  it('a task answer with markup and javascript: links', async () => {
    await s.page.goto('/#/task?id=task-3');
    await s.page.getByRole('main').getByText('[点我](javascript:window.__xss=2)', { exact: false }).first().waitFor();
    await expectInert('/task');
    await s.page.goto('/#/personal/myTask');
    await s.page.getByRole('main').getByText('销售数据清洗报告').waitFor();
    await expectInert('/personal/myTask');
  });

  it('the case page with the learner ranking (masked names) and the node list', async () => {
    await s.page.goto('/#/project/detail?id=case-04');
    await s.page.getByRole('main').getByRole('heading').first().waitFor();
    await expectInert('/project/detail');
    await s.page.goto('/#/project/detail?id=case-01');
    await s.page.getByRole('main').getByRole('heading').first().waitFor();
    await expectInert('/project/detail case-01');
  });

  it('home, where the study shelves and the user area render', async () => {
    await s.page.goto('/#/');
    await s.page.getByRole('main').waitFor();
    await expectInert('/');
  });
});
