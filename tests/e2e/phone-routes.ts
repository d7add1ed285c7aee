import type { Locator, Page } from 'playwright-core';

/**
 * One visit per screen of src/app/routes.tsx (with seed records that exist in every e2e database),
 * for the phone suites: phone.e2e.ts (no sideways scrolling, tap targets, axe) and the 375 px
 * references of screenshots.e2e.ts. Read-only visits: nothing here changes a student's state.
 */
export interface RouteVisit {
  name: string;
  path: string;
  /** open to visitors (the others show 请先登录 when logged out) */
  public?: boolean;
  /** the map pages: canvas, tree and toolbar are the map editor's own phone layout */
  map?: boolean;
  /** what shows once the screen has its data (default: its h1) */
  ready?(page: Page): Promise<unknown>;
}

const COURSE_CONTENT = '/course/content?courseId=course-01&videoId=file-lesson-video&nodeId=course-01-c1-s3&name=1.3+输入与输出&duration=30';
const TEXT_RESOURCE = '/project/content?nodeId=case-01-n002&caseId=case-01&nodeName=用户调研&resourceId=case-01-r00&fileSuffix=0&fileName=用户调研要点.txt';
const PDF_RESOURCE = '/project/content?nodeId=case-01-n002&caseId=case-01&nodeName=用户调研&resourceId=case-01-r04&fileSuffix=4&fileName=x';

export const ROUTES: RouteVisit[] = [
  { name: 'home', path: '/', public: true, ready: (p) => p.getByRole('region', { name: '最近学习' }).getByText('校园二手交易平台').waitFor() },
  { name: 'forget', path: '/forget', public: true },
  { name: 'course-list', path: '/course/list' },
  {
    name: 'course-detail',
    path: '/course/detail?id=course-01',
    ready: (p) => p.getByRole('region', { name: '相关推荐' }).getByRole('listitem').first().waitFor(),
  },
  { name: 'course-content', path: COURSE_CONTENT, ready: (p) => p.locator('video').waitFor() },
  { name: 'project-list', path: '/project/list' },
  {
    name: 'project-detail',
    path: '/project/detail?id=case-01',
    ready: (p) => p.getByRole('region', { name: '学习排行' }).getByRole('listitem').first().waitFor(),
  },
  { name: 'project-minder', path: '/project/minder?caseId=case-01', map: true },
  // (the 完成条件 of the node in view load after the map: a shot before showed 正在加载…)
  { name: 'project-mind-detail', path: '/project/mindDetail?caseId=case-01', map: true, ready: (p) => p.locator('.mind-rules[aria-busy="false"]').waitFor() },
  { name: 'project-content-text', path: TEXT_RESOURCE, ready: (p) => p.getByRole('article', { name: '文本资料' }).waitFor() },
  { name: 'project-content-pdf', path: PDF_RESOURCE, ready: (p) => p.locator('.pdf-viewer__page[style*="height"] canvas').waitFor() },
  { name: 'exam-list', path: '/exam/exam' },
  { name: 'exam-answer', path: '/exam/answer?caseId=case-01&nodeId=case-01-n002' },
  { name: 'course-exam', path: '/exam/courseExam?courseId=course-01' },
  { name: 'course-answer', path: '/exam/courseAnswer?courseId=course-03&examId=exam-course-03-final', ready: (p) => p.getByRole('alert').first().waitFor() },
  { name: 'practice-list', path: '/practice' },
  { name: 'practice-detail', path: '/practiceDetail?id=prac-01' },
  { name: 'my-news', path: '/personal/myNews' },
  // a message 李明 has read already (messages-data.ts), so opening it changes nothing
  { name: 'news-detail', path: '/personal/newsDetail?id=msg-1-01' },
  // the map's study chart comes last and grows the page: captured once its words are there and the footer is below it
  {
    name: 'my-study',
    path: '/personal/myStudy',
    ready: async (p) => {
      await p
        .getByText(/^近 28 天/)
        .first()
        .waitFor();
      await p.getByRole('contentinfo').waitFor();
    },
  },
  { name: 'my-maps', path: '/personal/myMaps', ready: (p) => p.locator('.mymaps-row').first().waitFor() },
  // the demo student's seeded own map (own-maps-data.ts); opening it saves nothing
  { name: 'own-map', path: '/personal/myMap?mapId=ownmap-demo-review', map: true },
  { name: 'review', path: '/personal/review', ready: (p) => p.locator('.review-card, .empty').first().waitFor() },
  { name: 'my-task', path: '/personal/myTask' },
  { name: 'task-detail', path: '/task?id=task-3' },
  { name: 'set', path: '/set' },
  { name: 'help', path: '/help', public: true },
  { name: 'activity', path: '/activity', ready: (p) => p.locator('.tutor-grid li').first().waitFor() },
  { name: 'tutor-detail', path: '/tutorDetail?id=tutor-01&uid=tutor-01&isSignIn=1&isDone=1' },
  { name: 'not-found', path: '/no/such/page', public: true },
];

/** Opens a route and waits until it has its data, its images and its fonts. */
export async function visit(page: Page, route: RouteVisit, signedIn = true): Promise<void> {
  await page.goto(`/#${route.path}`);
  if (route.ready && signedIn) await route.ready(page);
  // logged out, a protected screen shows 请先登录 behind the login dialog (hidden from the role tree)
  else await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager';
        return img.complete ? null : new Promise((r) => (img.addEventListener('load', r, { once: true }), img.addEventListener('error', r, { once: true })));
      }),
    ),
  );
  await page.evaluate(() => document.fonts.ready);
}

/** What differs between two runs on the same seed: dates and times, videos, canvases (charts, captcha). */
export function unstable(page: Page): Locator[] {
  return [
    page.getByText(/\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}|\d{1,2}:\d{2}/),
    page.locator('video, .video-player, .study-chart__box, :not(.study-chart__box) > canvas'),
  ];
}
