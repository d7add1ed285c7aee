import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';
import { DEMO, hashOf, logIn, openLoginDialog, readCaptcha, recordApi, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';

const LOGIN = '/api/authcust/login/token';

let s: BrowserSession;
beforeEach(async () => {
  s = await openSession(inject('baseURL'));
  await watchCanvasText(s.context);
});
afterEach(async () => s?.close());

describe('login dialog', () => {
  it('checks the captcha before any request and enables login only when all three are filled', async () => {
    const api = recordApi(s.page);
    await s.page.goto('/');
    const dialog = await openLoginDialog(s.page);
    const submit = dialog.getByRole('button', { name: '登录' });
    expect(await submit.isDisabled()).toBe(true);

    await dialog.getByLabel('手机号').focus();
    await dialog.getByLabel('密码', { exact: true }).focus();
    await dialog.getByText('请输入手机号').waitFor();
    await dialog.getByLabel('手机号').focus();
    await dialog.getByText('请输入密码').waitFor();

    await dialog.getByLabel('手机号').fill(DEMO.loginName);
    await dialog.getByLabel('密码', { exact: true }).fill(DEMO.password);
    expect(await submit.isDisabled()).toBe(true);
    const code = await readCaptcha(s.page);
    expect(code).toMatch(/^[A-Za-z0-9]{4}$/);
    await dialog.getByLabel('验证码', { exact: true }).fill(code === 'AAAA' ? 'BBBB' : 'AAAA');
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByLabel('验证码', { exact: true }).press('Enter');
    await toastWith(s.page, '验证码错误！').waitFor();
    expect(api.count(LOGIN)).toBe(0);

    // clicking the image draws a new code
    const before = await readCaptcha(s.page);
    let after = before;
    for (let i = 0; i < 5 && after === before; i += 1) {
      await dialog.getByRole('button', { name: /换一张验证码/ }).click();
      after = await readCaptcha(s.page);
    }
    expect(after).not.toBe(before);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('shows the server message for a wrong password and clears the field', async () => {
    await s.page.goto('/');
    const dialog = await openLoginDialog(s.page);
    await dialog.getByLabel('手机号').fill('13800000003');
    await dialog.getByLabel('密码', { exact: true }).fill('Wrong12345');
    // typed in lower case: the comparison ignores case
    await dialog.getByLabel('验证码', { exact: true }).fill((await readCaptcha(s.page)).toLowerCase());
    await dialog.getByRole('button', { name: '登录' }).click();
    await toastWith(s.page, '账号或密码错误').waitFor();
    expect(await dialog.getByLabel('密码', { exact: true }).inputValue()).toBe('');
    // shown for 1.5 s, then gone
    await toastWith(s.page, '账号或密码错误').waitFor({ state: 'detached', timeout: 4000 });
  });

  it('logs in: avatar, unread dot and study-centre link; logout off Home warns and returns Home', async () => {
    await s.page.goto('/#/forget');
    await logIn(s.page);
    const header = s.page.getByRole('banner');
    await header.getByRole('button', { name: '李明的账户菜单' }).waitFor();
    await header.getByTestId('news-dot').waitFor();
    expect(await header.getByRole('link', { name: /消息通知（有\d+条未读）/ }).count()).toBe(1);
    expect(await header.getByRole('link', { name: '学习中心' }).getAttribute('href')).toBe('#/personal/myStudy');
    expect(await header.getByRole('button', { name: '学生登录' }).count()).toBe(0);
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(JSON.parse((await s.page.evaluate(() => sessionStorage.getItem('userMessage'))) ?? '{}').username).toBe('李明');

    await header.getByRole('button', { name: '李明的账户菜单' }).click();
    await s.page.getByRole('menuitem', { name: '退出登录' }).click();
    await toastWith(s.page, '已退出登录，将返回首页').waitFor();
    expect(hashOf(s.page)).toBe('#/');
    await header.getByRole('button', { name: '学生登录' }).waitFor();
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('remember-me survives a reload and re-logs in once for parallel requests after server-side expiry', async () => {
    const api = recordApi(s.page);
    await s.page.goto('/');
    await logIn(s.page, { remember: true });
    await s.page.getByRole('button', { name: '李明的账户菜单' }).waitFor();
    const stored = await s.page.evaluate(() => ({ ...localStorage }));
    expect(JSON.stringify(stored)).not.toContain(DEMO.password);
    expect(JSON.parse(stored.rememberUsername).value).toBe(DEMO.loginName);
    expect(JSON.parse(stored.rememberFlag).value).toBe(true);
    const ttl = JSON.parse(stored.rememberPassword).expires - Date.now();
    expect(ttl).toBeGreaterThan(2592000000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(2592000000);

    await s.page.reload();
    await s.page.getByRole('button', { name: '李明的账户菜单' }).waitFor();

    // The server forgets the session; the next page load sends selectUser and newsCheck together.
    const oldToken = await s.page.evaluate(async () => {
      const token = localStorage.getItem('token')!;
      await fetch('/api/authcust/login/logout', { method: 'POST', headers: { Authorization: JSON.parse(token) } });
      sessionStorage.removeItem('userMessage');
      return token;
    });
    const loginsBefore = api.count(LOGIN);
    const selectsBefore = api.count('/api/customer/login/selectUser');
    await s.page.reload();
    await s.page.getByRole('button', { name: '李明的账户菜单' }).waitFor();
    await s.page.getByTestId('news-dot').waitFor();
    expect(api.count(LOGIN) - loginsBefore).toBe(1);
    // selectUser went out with the dead token, waited for the one re-login, and was retried once
    expect(api.count('/api/customer/login/selectUser') - selectsBefore).toBe(2);
    expect(await s.page.evaluate(() => localStorage.getItem('token'))).not.toBe(oldToken);
    expect(hashOf(s.page)).toBe('#/');

    // the dialog offers the remembered account
    await s.page.evaluate(() => localStorage.removeItem('token'));
    await s.page.reload();
    const dialog = await openLoginDialog(s.page);
    await expect.poll(() => dialog.getByLabel('手机号').inputValue()).toBe(DEMO.loginName);
    expect(await dialog.getByLabel('记住密码').isChecked()).toBe(true);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
