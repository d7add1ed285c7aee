import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserSession } from './browser';
import { openSignedIn, toastWith } from './shell-helpers';

// The server stops answering (connection refused, then a request hanging past the 10 s timeout):
// the student sees a clear Chinese message, and the screen recovers once the server is back.
let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(inject('baseURL'));
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
