import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';
import { E2E_STUDENTS } from './students';
import { DEMO, hashOf, logIn, openLoginDialog, readCaptcha, recordApi, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';
import { e2eBaseURL } from './base-url';

const LOGIN = '/api/authcust/login/token';

let s: BrowserSession;
beforeEach(async () => {
  s = await openSession(e2eBaseURL());
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

  it('an over-long login name is told its limit in plain Chinese', async () => {
    await s.page.goto('/');
    const dialog = await openLoginDialog(s.page);
    await dialog.getByLabel('手机号').fill('1'.repeat(65));
    await dialog.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await dialog.getByLabel('验证码', { exact: true }).fill(await readCaptcha(s.page));
    await dialog.getByRole('button', { name: '登录' }).click();
    await toastWith(s.page, '登录名不能超过64个字符').waitFor();
  });

  it('a login with no network says the network is down and keeps what was typed', async () => {
    await s.page.goto('/');
    const dialog = await openLoginDialog(s.page);
    await dialog.getByLabel('手机号').fill(DEMO.loginName);
    await dialog.getByLabel('密码', { exact: true }).fill(DEMO.password);
    await dialog.getByLabel('验证码', { exact: true }).fill(await readCaptcha(s.page));
    await s.context.setOffline(true);
    await dialog.getByRole('button', { name: '登录' }).click();
    await toastWith(s.page, '网络连接失败，请检查网络后重试').waitFor();
    // what was typed stays, for a second try once the network is back
    expect(await dialog.getByLabel('手机号').inputValue()).toBe(DEMO.loginName);
    await s.context.setOffline(false);
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

  it('after a password change in 个人设置 the remembered password is the new one: a 40101 re-logs in silently', async () => {
    const student = E2E_STUDENTS.passwordRemember;
    const menu = s.page.getByRole('button', { name: `${student.username}的账户菜单` });
    const api = recordApi(s.page);
    await s.page.goto('/');
    await logIn(s.page, { loginName: student.loginName, remember: true });
    await menu.waitFor();
    const cipherBefore = await s.page.evaluate(() => localStorage.getItem('rememberPassword'));

    await s.page.goto('/#/set');
    const main = s.page.getByRole('main');
    await main.getByRole('tab', { name: '修改密码' }).click();
    const form = main.getByRole('form', { name: '修改密码' });
    await form.getByLabel('原密码').fill(DEMO.password);
    await form.getByLabel('新密码', { exact: true }).fill('Renjimi2027');
    await form.getByLabel('确认新密码').fill('Renjimi2027');
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByRole('status').filter({ hasText: '密码修改成功' }).waitFor();
    expect(await s.page.evaluate(() => localStorage.getItem('rememberPassword'))).not.toBe(cipherBefore);

    // The server forgets this session (as after its expiry); the next load meets 40101.
    await s.page.evaluate(async () => {
      await fetch('/api/authcust/login/logout', { method: 'POST', headers: { Authorization: JSON.parse(localStorage.getItem('token')!) } });
      sessionStorage.removeItem('userMessage');
    });
    const loginsBefore = api.count(LOGIN);
    await s.page.reload();
    await menu.waitFor();
    await main.getByRole('tab', { name: '修改密码' }).waitFor();
    expect(api.count(LOGIN) - loginsBefore).toBe(1);
    expect(hashOf(s.page)).toBe('#/set');
    expect(await toastWith(s.page, '已退出登录，将返回首页').count()).toBe(0);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});
