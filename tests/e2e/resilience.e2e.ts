import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserSession } from './browser';
import { openSignedIn, toastWith } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// The server stops answering (connection refused, then a request hanging past the 10 s timeout):
// the student sees a clear Chinese message, and the screen recovers once the server is back.
let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL());
  await s.page.getByRole('button', { name: '李明的账户菜单' }).waitFor();
});
afterAll(async () => s?.close());

const main = () => s.page.getByRole('main');
const caseList = () => main().getByRole('region', { name: '案例列表' });
const caseLinks = () => caseList().locator('a[href*="/project/detail"]');

describe('when the server cannot be reached', () => {
  it('shows 网络连接失败 and the list recovers with 重试 once the server answers again', async () => {
    await s.page.goto('/#/course/list');
    await main().locator('a[href*="/course/detail"]').first().waitFor();

    await s.page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await s.page.goto('/#/project/list');
    await toastWith(s.page, '网络连接失败，请检查网络后重试').waitFor();
    const alert = caseList().getByRole('alert');
    await alert.getByText('网络连接失败，请检查网络后重试').waitFor();
    // Several calls failed together (list, classifications, years): one toast says it once.
    expect(await toastWith(s.page, '网络连接失败').count()).toBe(1);

    await s.page.unroute('**/api/**');
    await alert.getByRole('button', { name: '重试' }).click();
    await caseLinks().first().waitFor();
    expect(await caseList().getByRole('alert').count()).toBe(0);
    // Still signed in: the failure did not cost the session.
    await s.page.getByRole('button', { name: '李明的账户菜单' }).waitFor();
  });

  it('shows 请求超时 when the list does not answer within 10 s, and recovers after', async () => {
    await s.page.goto('/#/project/list');
    await caseLinks().first().waitFor();
    await s.page.route('**/api/course/caseDetails/queryCasePage**', async (route) => {
      await new Promise((r) => setTimeout(r, 12_000));
      await route.continue().catch(() => {}); // the page gave up on it long ago
    });
    await main().getByRole('searchbox').fill('数据');
    await main().getByRole('searchbox').press('Enter');
    await toastWith(s.page, '请求超时，请稍后再试').waitFor({ timeout: 20_000 });
    const alert = caseList().getByRole('alert');
    await alert.getByText('请求超时，请稍后再试').waitFor();

    await s.page.unroute('**/api/course/caseDetails/queryCasePage**');
    await alert.getByRole('button', { name: '重试' }).click();
    await caseLinks().first().waitFor();
  });
});

// SPEC §8: a last-record fetch error is silently ignored; the card stays away and no toast shows,
// while any other call failing the same way still says so.
describe('when the last-study-record call fails', () => {
  const LAST = '**/api/course/studyRecord/querLastRecord**';

  /** Loads the app afresh on `path` with the last-record call failing, and waits until it really failed. */
  async function openWithLastRecordFailing(path: string, fail: 'abort' | 500) {
    await s.page.goto('about:blank'); // a fresh app: no toast left over from earlier tests
    await s.page.route(LAST, (route) =>
      fail === 'abort' ? route.abort('internetdisconnected') : route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>500</h1>' }),
    );
    const failed =
      fail === 'abort'
        ? s.page.waitForEvent('requestfailed', (r) => r.url().includes('/querLastRecord'))
        : s.page.waitForResponse((r) => r.url().includes('/querLastRecord') && r.status() === 500);
    await s.page.goto(path);
    await failed;
  }

  it('a network failure shows no toast and no card (personal page)', async () => {
    await openWithLastRecordFailing('/#/personal/myStudy', 'abort');
    await s.page.getByRole('navigation', { name: '学习中心菜单' }).waitFor();
    // The toast would be added in the same task as the rejection; give the page a frame to paint it.
    await s.page.waitForTimeout(500);
    expect(await s.page.locator('.toast').count()).toBe(0);
    expect(await s.page.getByRole('region', { name: '最近学习' }).count()).toBe(0);
    await s.page.unroute(LAST);
  });

  it('an HTTP 500 shows no toast (Home), while another call failing still toasts', async () => {
    await openWithLastRecordFailing('/#/', 500);
    await s.page.waitForTimeout(500);
    expect(await s.page.locator('.toast').count()).toBe(0);
    expect(await s.page.getByRole('region', { name: '最近学习' }).count()).toBe(0);

    await s.page.route('**/api/course/officialCourse/pages**', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>500</h1>' }));
    await s.page.goto('/#/course/list');
    await toastWith(s.page, '服务暂时不可用，请稍后再试').waitFor();
    await s.page.unroute('**/api/course/officialCourse/pages**');
    await s.page.unroute(LAST);
  });
});
