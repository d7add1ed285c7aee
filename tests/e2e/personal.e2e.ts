import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type BrowserSession } from './browser';
import { DEMO, hashOf, logIn, toastWith, unexpectedErrors, watchCanvasText } from './shell-helpers';
import { E2E_STUDENTS } from './students';
import { e2eBaseURL } from './base-url';

// Messages, profile and password change run as 王芳 so the main demo account keeps its unread
// dot and password for the other suites sharing this run's database; the password is restored.
const WANG = { loginName: '13800000003', password: DEMO.password };
const NEW_PASSWORD = 'Wangfang2027';

let s: BrowserSession;
beforeAll(async () => {
  s = await openSession(e2eBaseURL());
  await watchCanvasText(s.context);
  await s.page.goto('/');
  await logIn(s.page, WANG);
  await s.page.getByRole('button', { name: '王芳的账户菜单' }).waitFor();
});
afterAll(async () => s?.close());

const main = () => s.page.getByRole('main');
const unreadMarks = () => main().getByText('未读：');
const dot = () => s.page.getByRole('banner').getByTestId('news-dot');

describe('personal centre', () => {
  it('has the study-centre menu with its entries (SPEC’s four and 我的考试)', async () => {
    await s.page.goto('/#/personal/myNews');
    const menu = s.page.getByRole('navigation', { name: '学习中心菜单' });
    for (const name of ['我的学习', '我的任务', '我的考试', '消息通知', '个人设置']) await menu.getByRole('link', { name }).waitFor();
    expect(await menu.getByRole('link', { name: '消息通知' }).getAttribute('aria-current')).toBe('page');
    await s.page.getByText('学号：2022010103').waitFor();
  });

  it('marks a message read on open and updates the header dot; 全部已读 clears the rest', async () => {
    await s.page.goto('/#/personal/myNews');
    await main()
      .getByRole('link', { name: /系统维护通知/ })
      .waitFor();
    await expect.poll(() => unreadMarks().count()).toBe(4);
    await dot().waitFor();
    expect(await s.page.getByRole('link', { name: '消息通知（有4条未读）' }).count()).toBe(1);

    await main()
      .getByRole('link', { name: /系统维护通知/ })
      .click();
    await expect.poll(() => hashOf(s.page)).toMatch(/^#\/personal\/newsDetail\?id=/);
    await main().getByRole('heading', { name: '系统维护通知' }).waitFor();
    await main().getByText('平台将于本周六 02:00—04:00 进行例行维护').waitFor();
    await s.page.getByRole('link', { name: '消息通知（有3条未读）' }).waitFor();

    await main().getByRole('link', { name: '返回列表' }).click();
    await expect.poll(() => unreadMarks().count()).toBe(3);
    expect(
      await main()
        .getByRole('link', { name: /^未读：系统维护通知/ })
        .count(),
    ).toBe(0);

    await main().getByRole('button', { name: '全部已读' }).click();
    await toastWith(s.page, '已全部标记为已读').waitFor();
    await expect.poll(() => unreadMarks().count()).toBe(0);
    await dot().waitFor({ state: 'detached' });
    expect(await s.page.getByRole('banner').getByRole('link', { name: '消息通知', exact: true }).count()).toBe(1);
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('validates and saves the profile', async () => {
    await s.page.goto('/#/set');
    const phone = main().getByLabel('手机号');
    const email = main().getByLabel('邮箱');
    await phone.fill('1380000');
    await email.fill('wang@');
    await phone.focus(); // blur the email field
    await main().getByText('请输入正确的邮箱').waitFor();
    await email.focus();
    await main().getByText('请输入正确的手机号').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    // submitting with errors sends nothing
    await main().getByRole('button', { name: '保存' }).click();
    expect(await toastWith(s.page, '个人信息保存成功').count()).toBe(0);

    await phone.fill('13912345678');
    await email.fill('wang.fang@mail.edu.cn');
    await main().getByRole('button', { name: '保存' }).click();
    await toastWith(s.page, '个人信息保存成功').waitFor();
    expect(await main().getByRole('alert').count()).toBe(0);

    await s.page.reload();
    await expect.poll(() => main().getByLabel('手机号').inputValue()).toBe('13912345678');
    expect(await main().getByLabel('邮箱').inputValue()).toBe('wang.fang@mail.edu.cn');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('changes the password: rules, wrong old password, other sessions end, this one stays; then restores it', async () => {
    // A second device signed in as the same student.
    const other = await s.browser.newContext({ baseURL: e2eBaseURL() });
    const otherToken = await (
      await other.request.post('/api/authcust/login/token', { data: { loginName: WANG.loginName, password: WANG.password, loginType: 0 } })
    ).json();
    const token = otherToken.data.token as string;
    const selectUser = async () => (await (await other.request.get('/api/customer/login/selectUser', { headers: { Authorization: token } })).json()).resultCode;
    expect(await selectUser()).toBe(200);

    await s.page.goto('/#/set');
    await main().getByRole('tab', { name: '修改密码' }).click();
    const form = main().getByRole('form', { name: '修改密码' });
    await form.getByRole('button', { name: '修改密码' }).click();
    await expect.poll(() => form.getByText('输入不可以为空').count()).toBe(3);

    await form.getByLabel('原密码').fill('Wrong2026');
    await form.getByLabel('新密码', { exact: true }).fill('abcdefgh');
    await form.getByLabel('确认新密码').fill('abcdefgh');
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByText('必须含有字母数字,8-20个字符').waitFor();

    await form.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('确认新密码').fill(`${NEW_PASSWORD}x`);
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByText('两次输入的新密码不一致').waitFor();
    await form.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByRole('alert').filter({ hasText: '原密码错误' }).waitFor();

    await form.getByLabel('原密码').fill(WANG.password);
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByRole('status').filter({ hasText: '密码修改成功' }).waitFor();
    expect(await form.getByLabel('原密码').inputValue()).toBe('');

    // The other device is signed out; this tab stays signed in, also after a reload.
    expect(await selectUser()).toBe(40101);
    await s.page.reload();
    await s.page.getByRole('button', { name: '王芳的账户菜单' }).waitFor();
    await other.close();

    // Restore the seeded password for the rest of this run.
    await main().getByRole('tab', { name: '修改密码' }).click();
    await form.getByLabel('原密码').fill(NEW_PASSWORD);
    await form.getByLabel('新密码', { exact: true }).fill(WANG.password);
    await form.getByLabel('确认新密码').fill(WANG.password);
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByRole('status').filter({ hasText: '密码修改成功' }).waitFor();
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('submits a task with an uploaded attachment', async () => {
    await s.page.goto('/#/personal/myTask');
    const item = main().getByRole('listitem').filter({ hasText: '校园二手交易平台需求规格说明书' });
    await item.getByText('未开始').waitFor();
    await item.getByText(/剩余\d+天/).waitFor();
    await item.getByRole('link').click();
    await expect.poll(() => hashOf(s.page)).toBe('#/task?id=task-1');
    await main().getByText('根据用户调研结果撰写需求规格说明书').waitFor();

    await main().getByRole('button', { name: '提交任务' }).click();
    await main().getByText('请输入作答内容').waitFor();
    await main().getByLabel('作答内容').fill('需求规格说明书见附件，含用例图 12 张。');
    await main()
      .getByLabel(/^附件/)
      .setInputFiles({ name: '需求规格说明书.txt', mimeType: 'text/plain', buffer: Buffer.from('需求规格说明书\n'.repeat(2000)) });
    await main()
      .getByText(/已上传：需求规格说明书\.txt/)
      .waitFor();
    await main().getByRole('button', { name: '提交任务' }).click();
    await toastWith(s.page, '任务提交成功').waitFor();
    await main().getByText('已提交', { exact: true }).waitFor();
    await main().getByText('需求规格说明书见附件，含用例图 12 张。').waitFor();
    const href = await main().getByRole('link', { name: '下载附件' }).getAttribute('href');
    // a short-lived signed URL that opens without the session, and carries no session token
    expect(href).toMatch(/^\/api\/folder\/resource\/file\/download\?uid=\w+&u=[\w-]+&exp=\d+&sig=[\w-]+$/);
    expect(href).not.toContain('token');
    const download = await s.page.request.get(href!, { headers: { authorization: '' } });
    expect(download.status()).toBe(200);
    expect((await download.body()).toString('utf8')).toContain('需求规格说明书');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });
});

describe('tasks of the main demo student', () => {
  let d: BrowserSession;
  beforeAll(async () => {
    d = await openSession(e2eBaseURL(), { width: 375, height: 740 });
    await watchCanvasText(d.context);
    await d.page.goto('/');
    await logIn(d.page);
  });
  afterAll(async () => d?.close());

  it('lists every status with deadlines and shows the review of a reviewed task (375 px wide)', async () => {
    await d.page.goto('/#/personal/myTask');
    const m = d.page.getByRole('main');
    await m.getByText('数据可视化大作业').waitFor();
    for (const label of ['未开始', '进行中', '已提交', '已批阅', '已逾期']) expect(await m.getByText(label, { exact: true }).count()).toBeGreaterThan(0);
    await m.getByRole('link', { name: '数据可视化大作业' }).click();
    await m.getByRole('heading', { name: '批阅结果' }).waitFor();
    await m.getByText('得分：92').waitFor();
    await m.getByText('教师评语：图表选择恰当，分析结论清晰。').waitFor();
    expect(await m.getByRole('button', { name: '重新提交' }).count()).toBe(0);
    expect(await d.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // An answer saved but not handed in (进行中) is a draft: no empty 提交时间.
    await d.page.goto('/#/task?id=task-2');
    await m.getByText('已完成 E-R 图初稿，正在整理字段说明。').waitFor();
    await m.getByText('草稿，尚未提交').waitFor();
    expect(await m.getByText(/提交时间/).count()).toBe(0);
    await m.getByRole('button', { name: '继续编辑并提交' }).waitFor();
    expect(unexpectedErrors(d.errors)).toEqual([]);
  });

  it('a 新任务 message links to the task it announces', async () => {
    await d.page.goto('/#/personal/myNews');
    const m = d.page.getByRole('main');
    await m.getByRole('link', { name: /新任务：销售数据清洗报告/ }).click();
    await m.getByText(/请在“我的任务”中查看/).waitFor();
    await m.getByRole('link', { name: '查看任务' }).click();
    await expect.poll(() => hashOf(d.page)).toBe('#/task?id=task-3');
    await m.getByText('说明缺失值与异常值的处理方法，并提交清洗后的数据摘要。').waitFor();
    expect(unexpectedErrors(d.errors)).toEqual([]);
  });

  it('exit in the study-centre panel signs out, warns like the avatar menu (SPEC §4) and returns Home', async () => {
    await d.page.goto('/#/personal/myStudy');
    await d.page.getByRole('complementary', { name: '学习中心' }).getByRole('button', { name: '退出' }).click();
    await toastWith(d.page, '已退出登录，将返回首页').waitFor();
    await expect.poll(() => hashOf(d.page)).toBe('#/');
    await d.page.getByRole('button', { name: '学生登录' }).first().waitFor();
    expect(await d.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await d.page.evaluate(() => sessionStorage.getItem('userMessage'))).toBeNull();
  });
});

describe('个人设置 opened as the first screen of a new tab (token kept, user copy gone)', () => {
  const student = E2E_STUDENTS.profileFirst;
  let f: BrowserSession;
  afterAll(async () => f?.close());

  it('waits for selectUser before filling the form, and a save changes only what the student changed', async () => {
    f = await openSession(e2eBaseURL());
    const login = await f.context.request.post('/api/authcust/login/token', { data: { loginName: student.loginName, password: DEMO.password, loginType: 0 } });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const profile = async () =>
      (
        (await (await f.context.request.get('/api/customer/login/selectUser', { headers: { Authorization: token } })).json()) as {
          data: Record<string, string>;
        }
      ).data;
    const before = await profile();
    expect(before.specialty).not.toBe('');
    // What a reopened browser holds: the token in local storage, no user in session storage.
    await f.context.addInitScript((t) => {
      if (!localStorage.getItem('token')) localStorage.setItem('token', JSON.stringify(t));
    }, token);
    // The real server answers selectUser; its answer reaches the page only when the test lets it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await f.page.route('**/api/customer/login/selectUser', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });

    await f.page.goto('/#/set');
    const m = f.page.getByRole('main');
    await m.getByRole('status').filter({ hasText: '正在加载个人资料…' }).waitFor();
    expect(await m.getByLabel('专业').count()).toBe(0);
    release();
    await expect.poll(() => m.getByLabel('用户名').inputValue()).toBe(student.username);
    expect(await m.getByLabel('专业').inputValue()).toBe(before.specialty);
    expect(await m.getByLabel('班级').inputValue()).toBe(before.classmate);
    expect(await m.getByRole('radio', { name: before.sex === '1' ? '女' : '男' }).isChecked()).toBe(true);

    await m.getByLabel('邮箱').fill('fang.ziliao@mail.edu.cn');
    await m.getByRole('button', { name: '保存' }).click();
    await toastWith(f.page, '个人信息保存成功').waitFor();
    expect(await profile()).toMatchObject({ ...before, email: 'fang.ziliao@mail.edu.cn' });
    expect(unexpectedErrors(f.errors)).toEqual([]);
  });
});
