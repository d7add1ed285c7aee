import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { EXPERIENCE_MSG } from '../cases/access';
import { ACTIVE_SIGNUP_MSG } from './tutors';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED, experience: EXPERIENCE });
const { get, tokens } = t;

const form = {
  name: '王芳',
  sex: '1',
  identityNumber: '330106200201011234',
  phone: '13800000003',
  studentNo: '2022010103',
  specialty: '数据科学与大数据技术',
  classmate: '数据2201班',
  introduction: '对数据分析有浓厚兴趣。',
  specialtyHobby: '羽毛球',
  goalsIdeas: '继续读研深造。',
  teacherId: 'tutor-03',
};

describe('tutors', () => {
  it('getTeacherPage lists tutors with the student’s sign-up status', async () => {
    const body = await get(tokens.normal, '/api/customer/teacherResume/getTeacherPage?currentNum=1&currentSize=10');
    expect(body.data).toMatchObject({ total: 16, pages: 2, current: 1, size: 10 });
    const byId = Object.fromEntries(body.data.records.map((r: { uuid: string }) => [r.uuid, r]));
    expect(byId['tutor-01']).toMatchObject({ isSignIn: 1, name: '张建国', technicalPosition: '教授' });
    expect(byId['tutor-01']).not.toHaveProperty('status');
    expect(byId['tutor-06']).toMatchObject({ status: 2 });
    expect(byId['tutor-07']).toMatchObject({ status: 3 });
    expect(byId['tutor-05']).toMatchObject({ signStatus: 1 });
    expect(byId['tutor-03']).not.toHaveProperty('status');
    for (const k of ['userId', 'avatar', 'sex', 'awardInfo', 'projectInfo', 'workExperience']) expect(byId['tutor-03']).toHaveProperty(k);
    // The active (applying) sign-up sits on the second page: only the whole list shows it.
    const page2 = await get(tokens.normal, '/api/customer/teacherResume/getTeacherPage?currentNum=2&currentSize=10');
    expect(page2.data.records.find((r: { uuid: string }) => r.uuid === 'tutor-12')).toMatchObject({ status: 0, name: '何振宇' });
    const whole = await get(tokens.normal, '/api/customer/teacherResume/getTeacherList?currentNum=1&currentSize=16');
    expect(whole.data.records.filter((r: { status?: number }) => r.status === 0 || r.status === 1).map((r: { uuid: string }) => r.uuid)).toEqual(['tutor-12']);
    // 王芳 holds one accepted sign-up; the experience account none.
    const wang = (await get(tokens.graduated, '/api/customer/teacherResume/getTeacherList')).data.records;
    expect(wang[0]).toMatchObject({ uuid: 'tutor-01', status: 1, isSignIn: 1 });
    expect((await get(tokens.experience, '/api/customer/teacherResume/getTeacherList')).data.records[0].isSignIn).toBe(0);
    expect((await get(null, '/api/customer/teacherResume/getTeacherPage')).resultCode).toBe(40101);
  });

  it('getResumeDetails answers every tutor field', async () => {
    const body = await get(tokens.graduated, '/api/customer/teacherResume/getResumeDetails?uid=tutor-01');
    expect(body.data.status).toBe(1);
    for (const k of [
      'name',
      'sex',
      'avatar',
      'technicalPosition',
      'birthday',
      'education',
      'degree',
      'firstDiscipline',
      'secondaryDiscipline',
      'videoIntro',
      'workExperience',
      'field',
      'projectInfo',
      'patentWorks',
      'awardInfo',
      'phone',
      'email',
      'signStatus',
      'status',
    ]) {
      expect(body.data).toHaveProperty(k);
    }
    expect(body.data.videoIntro).toBe('file-tutor-video');
    // tutor-04's intro video has no file: getVideoUrl refuses it (the screen's "cannot play" path).
    const missing = (await get(tokens.normal, '/api/customer/teacherResume/getResumeDetails?uid=tutor-04')).data.videoIntro;
    expect(await get(tokens.normal, `/api/folder/resource/file/getVideoUrl?videoId=${missing}`)).toMatchObject({ resultCode: 404, errMsg: '视频不存在' });
    expect((await get(tokens.normal, '/api/customer/teacherResume/getResumeDetails?uid=nope')).resultCode).toBe(404);
  });

  const submit = (tok: string, payload: object) => call(t.app, tok, { method: 'POST', url: '/api/customer/teacherSignUp/submitTeacherInfo', payload });

  it('submitTeacherInfo validates the form with its messages and refuses full tutors and duplicates', async () => {
    // A student with no sign-up yet; the experience account may not sign up at all (SPEC §6).
    const fresh = await addStudent(t, 'stu-tutor-new', '13700000801');
    expect(await submit(tokens.experience, form)).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
    expect(await submit(fresh, { ...form, introduction: ' ' })).toMatchObject({ resultCode: 400, errMsg: '请输入自我介绍' });
    expect(await submit(fresh, { ...form, goalsIdeas: undefined })).toMatchObject({ resultCode: 400, errMsg: '请输入目标理想' });
    expect(await submit(fresh, { ...form, phone: '123' })).toMatchObject({ resultCode: 400, errMsg: '请输入正确的手机号' });
    expect(await submit(fresh, { ...form, sex: '2' })).toMatchObject({ resultCode: 400, errMsg: '请选择性别' });
    expect(await submit(fresh, { ...form, teacherId: 'tutor-05' })).toMatchObject({ resultCode: 400, errMsg: '该导师报名人数已满' });
    expect(await submit(fresh, form)).toMatchObject({ resultCode: 200, data: { status: 0 } });
    expect(await submit(fresh, { ...form, teacherId: 'tutor-04' })).toMatchObject({ resultCode: 400, errMsg: ACTIVE_SIGNUP_MSG });
    expect((await get(fresh, '/api/customer/teacherResume/getResumeDetails?uid=tutor-03')).data).toMatchObject({ status: 0, isSignIn: 1 });
    expect((await get(fresh, '/api/customer/teacherResume/getResumeDetails?uid=tutor-04')).data).not.toHaveProperty('status');
    // A cancelled application comes back with the detail (重新报名 starts from it), to its writer only.
    const detail = async (tok: string) => (await get(tok, '/api/customer/teacherResume/getResumeDetails?uid=tutor-03')).data;
    expect(await detail(fresh)).not.toHaveProperty('application');
    expect((await get(fresh, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-03')).resultCode).toBe(200);
    const { teacherId: _t, ...written } = form;
    expect((await detail(fresh)).application).toEqual(written);
    expect(await detail(tokens.normal)).not.toHaveProperty('application');
  });

  it('refuses a second tutor while one sign-up is active, whether applying (0) or accepted (1)', async () => {
    // 王芳 was accepted by tutor-01; 李明 is applying with tutor-12.
    expect(await submit(tokens.graduated, { ...form, teacherId: 'tutor-08' })).toMatchObject({ resultCode: 400, errMsg: ACTIVE_SIGNUP_MSG });
    expect(await submit(tokens.normal, { ...form, teacherId: 'tutor-07' })).toMatchObject({ resultCode: 400, errMsg: ACTIVE_SIGNUP_MSG });
    // Two submissions at once: exactly one gets through.
    const [a, b] = await Promise.all([submit(tokens.normal, { ...form, teacherId: 'tutor-08' }), submit(tokens.normal, { ...form, teacherId: 'tutor-09' })]);
    expect([a.resultCode, b.resultCode]).toEqual([400, 400]);
  });

  it('cancelSignIn cancels one’s own pending application only; afterwards another tutor is open', async () => {
    expect((await get(tokens.graduated, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-12')).resultCode).toBe(400);
    expect((await get(tokens.graduated, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-01')).resultCode).toBe(400); // accepted, not pending
    expect((await get(tokens.normal, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-06')).resultCode).toBe(400); // failed, not pending
    expect(await get(tokens.normal, '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-12')).toMatchObject({ resultCode: 200, data: { status: 3 } });
    expect((await get(tokens.normal, '/api/customer/teacherResume/getResumeDetails?uid=tutor-12')).data).toMatchObject({ status: 3, isSignIn: 0 });
    const [a, b] = await Promise.all([submit(tokens.normal, { ...form, teacherId: 'tutor-08' }), submit(tokens.normal, { ...form, teacherId: 'tutor-09' })]);
    expect([a.resultCode, b.resultCode].sort()).toEqual([200, 400]);
  });
});
