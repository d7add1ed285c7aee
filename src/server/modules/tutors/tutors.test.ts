import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app';
import { GRADUATED, call, login } from '../../../../tests/server/helpers';

let t: TestApp;
let normal: string;
let graduated: string;
beforeAll(async () => {
  t = await createTestApp();
  [normal, graduated] = await Promise.all([login(t.app), login(t.app, GRADUATED)]);
});
afterAll(async () => t.close());

const get = (tok: string | null, url: string) => call(t.app, tok, { method: 'GET', url });
const form = {
  name: '王芳', sex: '1', identityNumber: '330106200201011234', phone: '13800000003', studentNo: '2022010103', specialty: '数据科学与大数据技术',
  classmate: '数据2201班', introduction: '对数据分析有浓厚兴趣。', specialtyHobby: '羽毛球', goalsIdeas: '继续读研深造。', teacherId: 'tutor-03',
};

describe('tutors', () => {
  it('getTeacherPage lists tutors with the student’s sign-up status', async () => {
    const body = await get(normal, '/api/customer/teacherResume/getTeacherPage?currentNum=1&currentSize=10');
    expect(body.data).toMatchObject({ total: 16, pages: 2, current: 1, size: 10 });
    const byId = Object.fromEntries(body.data.records.map((r: { uuid: string }) => [r.uuid, r]));
    expect(byId['tutor-01']).toMatchObject({ status: 1, isSignIn: 1, name: '张建国', technicalPosition: '教授' });
    expect(byId['tutor-06']).toMatchObject({ status: 2 });
    expect(byId['tutor-07']).toMatchObject({ status: 3 });
    expect(byId['tutor-02']).toMatchObject({ status: 0 });
    expect(byId['tutor-05']).toMatchObject({ signStatus: 1 });
    expect(byId['tutor-03']).not.toHaveProperty('status');
    for (const k of ['userId', 'avatar', 'sex', 'awardInfo', 'projectInfo', 'workExperience']) expect(byId['tutor-03']).toHaveProperty(k);
    expect((await get(graduated, '/api/customer/teacherResume/getTeacherList')).data.records[0].isSignIn).toBe(0);
    expect((await get(null, '/api/customer/teacherResume/getTeacherPage')).resultCode).toBe(40101);
  });

  it('getResumeDetails answers every tutor field', async () => {
    const body = await get(normal, '/api/customer/teacherResume/getResumeDetails?uid=tutor-01');
    for (const k of ['name', 'sex', 'avatar', 'technicalPosition', 'birthday', 'education', 'degree', 'firstDiscipline', 'secondaryDiscipline', 'videoIntro', 'workExperience', 'field', 'projectInfo', 'patentWorks', 'awardInfo', 'phone', 'email', 'signStatus', 'status']) {
      expect(body.data).toHaveProperty(k);
    }
    expect(body.data.videoIntro).toBe('file-tutor-video');
    expect((await get(normal, '/api/customer/teacherResume/getResumeDetails?uid=nope')).resultCode).toBe(404);
  });

  it('submitTeacherInfo validates the form with its messages and refuses full tutors and duplicates', async () => {
    const url = '/api/customer/teacherSignUp/submitTeacherInfo';
    const post = (tok: string, payload: object) => call(t.app, tok, { method: 'POST', url, payload });
    expect(await post(graduated, { ...form, introduction: ' ' })).toMatchObject({ resultCode: 400, errMsg: '请输入自我介绍' });
    expect(await post(graduated, { ...form, goalsIdeas: undefined })).toMatchObject({ resultCode: 400, errMsg: '请输入目标理想' });
    expect(await post(graduated, { ...form, phone: '123' })).toMatchObject({ resultCode: 400, errMsg: '请输入正确的手机号' });
    expect(await post(graduated, { ...form, teacherId: 'tutor-05' })).toMatchObject({ resultCode: 400, errMsg: '该导师报名人数已满' });
    expect(await post(graduated, form)).toMatchObject({ resultCode: 200, data: { status: 0 } });
    expect((await post(graduated, { ...form, teacherId: 'tutor-04' })).resultCode).toBe(400);
    expect((await get(graduated, '/api/customer/teacherResume/getResumeDetails?uid=tutor-03')).data).toMatchObject({ status: 0, isSignIn: 1 });
  });

  it('cancelSignIn cancels one’s own pending application only', async () => {
    expect((await get(graduated, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-02')).resultCode).toBe(400);
    expect((await get(normal, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-01')).resultCode).toBe(400);
    expect(await get(normal, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-02')).toMatchObject({ resultCode: 200, data: { status: 3 } });
    expect((await get(normal, '/api/customer/teacherResume/getResumeDetails?uid=tutor-02')).data.status).toBe(3);
  });
});
