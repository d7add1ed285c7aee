import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { BrowserSession } from './browser';
import { E2E_STUDENTS } from './students';
import { catalogueCard, hashOf, openSignedIn, toastWith, unexpectedErrors } from './shell-helpers';
import { e2eBaseURL } from './base-url';

// Issue 18 items 6 and 8: a practice item opens like a case, and the small dead ends.
// Mutates only E2E_STUDENTS.practiceWalk (孙练习): starts prac-03 and studies two of its steps,
// submits task-3 (assigned to it in students.ts) with an attachment, uploads a profile photo.
// Reads 王芳 (13800000003, accepted by 张建国) without changing her.

let s: BrowserSession;
beforeAll(async () => {
  s = await openSignedIn(e2eBaseURL(), E2E_STUDENTS.practiceWalk.loginName);
});
afterAll(async () => s?.close());

const main = () => s.page.getByRole('main');

describe('practice opens like a case (issue 18 item 6)', () => {
  it('start, open a step’s resource, come back with progress, 继续练习 goes to the next step; the map is an option', async () => {
    const { page } = s;
    await page.goto('/#/practice');
    const card = catalogueCard(page, /Python数据处理实训/);
    // the card's step count is the count of rows the detail lists
    const cardSteps = Number((await card.getByText(/个步骤/).textContent())!.match(/\d+/)![0]);
    await card.click();
    await page.getByRole('heading', { level: 1, name: 'Python数据处理实训' }).waitFor();
    const steps = page.getByRole('region', { name: '训练步骤' });
    await steps.getByRole('button', { name: /CSV与Excel/ }).waitFor();
    expect(await steps.locator('.case-node').count()).toBe(cardSteps);
    await page.getByText(`${cardSteps} 个步骤`, { exact: true }).waitFor();

    await page.getByRole('button', { name: '开始练习' }).click();
    await toastWith(page, '已加入练习').waitFor();
    await page.getByText(`已完成 0/${cardSteps}`).first().waitFor();
    await page.getByRole('link', { name: '我的练习导图' }).waitFor();

    // a step is clickable: its resources open in the content screen, which leads back here. 数据类型
    // (the first step, CSV与Excel, also needs its node exam passed: issue 22's completion rule)
    await steps.getByRole('button', { name: /数据类型/ }).click();
    let caseRecords = 0;
    page.on('response', (r) => void (r.url().includes('/api/course/caseRecord/addRecord') && caseRecords++));
    await steps.getByRole('list', { name: '数据类型 的学习资源' }).getByRole('button').first().click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/project\/content\?.*nodeName=数据类型/);
    // its resource is a 示意图: a real picture (the architecture drawing), not a blank gradient
    const diagram = page.getByRole('img', { name: '数据类型示意图.png' });
    expect(await diagram.evaluate(async (img: HTMLImageElement) => (await img.decode(), [img.naturalWidth, img.naturalHeight]))).toEqual([960, 600]);
    // an image counts as studied once it has been open 5 s: the record at opening, then the one after 5 s
    await expect.poll(() => caseRecords, { timeout: 15_000 }).toBe(2);
    await page.getByRole('link', { name: '返回训练详情' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/practiceDetail?id=prac-03');
    await page.getByText(`已完成 1/${cardSteps}`).first().waitFor();
    expect(await page.getByRole('progressbar', { name: '练习进度' }).getAttribute('aria-valuenow')).toBe(String(Math.round(100 / cardSteps)));

    // 继续练习 resumes at the first step not yet done (CSV与Excel), not in the map editor
    await page.getByRole('button', { name: '继续练习' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/project\/content\?.*nodeName=CSV与Excel/);
    await page.getByRole('article', { name: '文本资料' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(unexpectedErrors(s.errors)).toEqual([]);
  });

  it('the last-record card shows the resource title, not its file name', async () => {
    await s.page.goto('/#/personal/myStudy');
    const card = s.page.getByRole('region', { name: '最近学习' });
    await card.getByText('Python数据处理实训').waitFor();
    await card.getByText('CSV与Excel要点', { exact: false }).first().waitFor();
    expect(await card.textContent()).not.toMatch(/\.(webm|txt|png|pdf)/);
  });
});

describe('small dead ends (issue 18 item 8)', () => {
  it('a submitted task names its attachment', async () => {
    const { page } = s;
    await page.goto('/#/task?id=task-3');
    const form = page.getByRole('form', { name: '提交任务' });
    await form.getByLabel('作答内容').fill('清洗步骤与结果见附件。');
    await form.getByLabel('附件（可选，不超过20MB）').setInputFiles({ name: '清洗报告.txt', mimeType: 'text/plain', buffer: Buffer.from('缺失值：均值填充') });
    await form.getByText('已上传：清洗报告.txt').waitFor();
    await form.getByRole('button', { name: '提交任务' }).click();
    await main().getByText('附件：清洗报告.txt').waitFor();
    await main().getByRole('link', { name: '下载附件' }).waitFor();
  });

  it('the header search box follows the page instead of keeping an old term', async () => {
    const { page } = s;
    const box = page.getByRole('banner').getByRole('searchbox', { name: '搜索关键词' });
    await page.goto('/#/course/list');
    await box.fill('Python');
    await box.press('Enter');
    await expect.poll(() => hashOf(page)).toBe('#/course/list?name=Python');
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await page.goto('/#/practice?name=SQL');
    await expect.poll(() => box.inputValue()).toBe('SQL');
  });

  it('the study centre leads to the exam list', async () => {
    await s.page.goto('/#/personal/myStudy');
    await s.page.getByRole('link', { name: '我的考试' }).click();
    await expect.poll(() => hashOf(s.page)).toBe('#/exam/exam');
  });

  it('个人设置 uploads a photo: choose, crop with keys and zoom, preview, save', async () => {
    const { page } = s;
    await page.goto('/#/set');
    const picker = page.getByRole('region', { name: '头像' });
    // a 300×200 image: left half red, right half blue
    const png = new PNG({ width: 300, height: 200 });
    for (let y = 0; y < 200; y++) for (let x = 0; x < 300; x++) png.data.set(x < 150 ? [220, 30, 30, 255] : [30, 60, 220, 255], (y * 300 + x) * 4);
    await picker.getByLabel('选择头像图片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    const crop = picker.getByRole('img', { name: /裁剪区域/ });
    await crop.focus();
    // all the way left: the square shows only the red half
    for (let i = 0; i < 10; i++) await crop.press('Shift+ArrowRight');
    await picker.getByRole('slider', { name: '缩放' }).fill('150');
    const previewCentre = () =>
      picker.getByRole('img', { name: '头像预览' }).evaluate((c: HTMLCanvasElement) => [...c.getContext('2d')!.getImageData(48, 48, 1, 1).data.slice(0, 3)]);
    await expect.poll(previewCentre).toEqual([220, 30, 30]);
    await picker.getByRole('button', { name: '保存头像' }).click();
    await toastWith(page, '头像已更新').waitFor();
    await expect.poll(() => picker.getByRole('img', { name: '当前头像' }).getAttribute('src')).toMatch(/^\/api\/folder\/resource\/file\/vod\/[0-9a-f]{32}$/);
    // it is a real square image the browser loads
    const size = await picker.getByRole('img', { name: '当前头像' }).evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([256, 256]);

    // Another photo chosen, the profile edited, and the form's 保存 pressed (not 保存头像): both kept.
    const before = await picker.getByRole('img', { name: '当前头像' }).getAttribute('src');
    await picker.getByLabel('选择头像图片').setInputFiles({ name: 'me2.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await picker.getByRole('img', { name: '头像预览' }).waitFor();
    const form = page.getByRole('form', { name: '基本资料' });
    const specialty = form.getByLabel('专业');
    const major = (await specialty.inputValue()) === '软件工程' ? '计算机科学与技术' : '软件工程';
    await specialty.fill(major);
    await form.getByRole('button', { name: '保存' }).click();
    await toastWith(page, '头像已更新').waitFor();
    await toastWith(page, '个人信息保存成功').waitFor();
    await page.reload();
    await expect.poll(() => picker.getByRole('img', { name: '当前头像' }).getAttribute('src')).not.toBe(before);
    await expect.poll(() => page.getByRole('form', { name: '基本资料' }).getByLabel('专业').inputValue()).toBe(major);
  });

  it('a tutor page says why there is no 立即报名 and links to the other application', async () => {
    const w = await openSignedIn(e2eBaseURL(), '13800000003');
    try {
      await w.page.goto('/#/tutorDetail?id=tutor-02&uid=tutor-02');
      const why = w.page.getByRole('note');
      await why.getByText(/你已报名导师 张建国（报名成功）/).waitFor();
      expect(await w.page.getByRole('button', { name: '立即报名' }).count()).toBe(0);
      await why.getByRole('link', { name: '查看我的导师报名' }).click();
      await w.page.getByRole('heading', { level: 1, name: /张建国/ }).waitFor();
      await w.page.getByText('报名成功').first().waitFor();
    } finally {
      await w.close();
    }
  });

  it('a course or case id that does not open, reached in the app, says why and leads back to the list, never showing the previous one', async () => {
    const { page } = s;
    // the address changed in place (a hash edit, a link from another detail): the screen stays mounted
    const goInApp = (hash: string) => page.evaluate((h) => (location.hash = h), hash);
    await page.goto('/#/course/detail?id=course-01');
    await main().getByRole('heading', { level: 1, name: 'Python程序设计基础' }).waitFor();
    await goInApp('#/course/detail?id=no-such-course');
    await main().getByRole('heading', { level: 1, name: '课程不存在' }).waitFor();
    expect(
      await main()
        .getByRole('button', { name: /立即报名|重试/ })
        .count(),
    ).toBe(0);
    await main().getByRole('link', { name: '返回课程列表' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/course/list');

    await page.goto('/#/project/detail?id=case-01');
    await main().getByRole('heading', { level: 1, name: '校园二手交易平台' }).waitFor();
    await goInApp('#/project/detail?id=no-such-case');
    await main().getByRole('heading', { level: 1, name: '案例不存在' }).waitFor();
    expect(
      await main()
        .getByRole('button', { name: /报名|重试/ })
        .count(),
    ).toBe(0);
    await main().getByRole('link', { name: '返回案例列表' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/project/list');

    // 王芳 graduated from case-01: reached from her active case-02, the SPEC warning and the way back
    const w = await openSignedIn(e2eBaseURL(), '13800000003');
    try {
      await w.page.goto('/#/project/detail?id=case-02');
      await w.page.getByRole('heading', { level: 1, name: '电商订单管理系统' }).waitFor();
      await w.page.evaluate(() => (location.hash = '#/project/detail?id=case-01'));
      await w.page.getByRole('heading', { level: 1, name: '您已结业，无法进入学习' }).waitFor();
      await toastWith(w.page, '您已结业，无法进入学习').waitFor();
      expect(
        await w.page
          .getByRole('main')
          .getByRole('button', { name: /报名|重试/ })
          .count(),
      ).toBe(0);
      await w.page.getByRole('main').getByRole('link', { name: '返回案例列表' }).click();
      await expect.poll(() => hashOf(w.page)).toBe('#/project/list');
    } finally {
      await w.close();
    }
  });
});

describe('a bad id says the page does not exist and leads back (issue 31 item 3)', () => {
  // (the addresses a mistyped or stale link brings; 重试 could never succeed there)
  // [address, the heading (the service's refusal), the way back]
  const bad: [address: string, heading: RegExp, back: RegExp][] = [
    ['/#/project/mindDetail?caseId=nope-31', /不存在/, /返回案例列表/],
    ['/#/project/content?caseId=nope-31&nodeId=nope&resourceId=nope&fileName=视频.webm', /不存在/, /返回案例详情/],
    ['/#/course/content?courseId=nope-31&nodeId=nope', /不存在/, /返回课程详情/],
    ['/#/tutorDetail?id=nope-31', /不存在/, /返回导师活动/],
    ['/#/exam/answer?caseId=prac-01&nodeId=nope-31', /暂无测验/, /返回节点测验/],
    ['/#/exam/courseAnswer?courseId=nope-31&examId=nope-31', /不存在/, /返回课程考试/],
  ];
  for (const [address, heading, back] of bad) {
    it(address, async () => {
      const { page } = s;
      await page.goto(address);
      const region = page.getByRole('main');
      await region.getByRole('heading', { name: heading }).first().waitFor({ timeout: 8000 });
      expect(await region.getByRole('button', { name: '重试' }).count()).toBe(0);
      expect(await region.getByRole('link', { name: back }).count()).toBeGreaterThan(0);
    });
  }
});
