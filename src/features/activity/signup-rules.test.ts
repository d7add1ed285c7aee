// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../../app/http/page';
import type { SignUpForm, TutorItem } from './api';
import { findActiveSignUp, prefillSignUp, REQUIRED_MSG, signUpFieldError, SIGNUP_FIELDS, statusActions } from './signup-rules';

describe('statusActions (SPEC §4)', () => {
  it('0 applying: cancel action and 申请中', () => {
    expect(statusActions({ status: 0, signStatus: 1, isSignIn: 1, isDone: '1' })).toEqual({ label: '申请中', action: 'cancel' });
  });
  it('1 succeeded and 2 failed: labels only', () => {
    expect(statusActions({ status: 1 })).toEqual({ label: '报名成功' });
    expect(statusActions({ status: 2, signStatus: 0 })).toEqual({ label: '报名失败' });
  });
  it('3 cancelled: re-apply unless the tutor is full', () => {
    expect(statusActions({ status: 3, signStatus: 0 })).toMatchObject({ action: 'reapply' });
    expect(statusActions({ status: 3, signStatus: 0, isSignIn: '1', isDone: '1' })).toMatchObject({ action: 'reapply' });
    expect(statusActions({ status: 3, signStatus: 1 }).action).toBeUndefined();
  });
  it('not signed: apply now unless isSignIn is 1, isDone is set or the tutor is full', () => {
    expect(statusActions({ status: undefined, signStatus: 0, isSignIn: '0', isDone: null })).toEqual({ action: 'apply' });
    expect(statusActions({ status: null, signStatus: 0, isSignIn: 0, isDone: '' })).toEqual({ action: 'apply' });
    expect(statusActions({ signStatus: 0, isSignIn: '1' })).toEqual({});
    expect(statusActions({ signStatus: 0, isSignIn: 1 })).toEqual({});
    expect(statusActions({ signStatus: 0, isSignIn: '0', isDone: '1' })).toEqual({});
    expect(statusActions({ signStatus: 1, isSignIn: '0' })).toEqual({});
  });
});

const item = (uuid: string, status?: TutorItem['status']): TutorItem => ({
  userId: uuid,
  uuid,
  name: uuid,
  avatar: '',
  sex: '0',
  technicalPosition: '教授',
  intro: '',
  awardInfo: '',
  projectInfo: '',
  workExperience: '',
  signStatus: 0,
  isSignIn: 0,
  status,
});
const page = (records: TutorItem[], total = records.length): Page<TutorItem> => ({ records, total, pages: Math.ceil(total / 10), current: 1, size: 10 });

describe('findActiveSignUp (SPEC §7 existing sign-up check)', () => {
  it('with 10 or fewer tutors searches the loaded list and asks for nothing', async () => {
    const fetchAll = vi.fn();
    expect(await findActiveSignUp(page([item('a', 2), item('b', 1)]), fetchAll)).toMatchObject({ uuid: 'b' });
    expect(await findActiveSignUp(page([item('a', 3), item('b', 2)]), fetchAll)).toBeUndefined();
    expect(fetchAll).not.toHaveBeenCalled();
  });

  it('with more than 10 asks for the whole list (currentSize = total) and finds status 0 or 1 there', async () => {
    const fetchAll = vi.fn().mockResolvedValue({ resultCode: 200, errMsg: '', data: page([item('a', 2), item('p2', 0)], 16) });
    expect(await findActiveSignUp(page([item('a', 2)], 16), fetchAll)).toMatchObject({ uuid: 'p2' });
    expect(fetchAll).toHaveBeenCalledWith(16);
  });

  it('falls back to the loaded list when the whole list answers non-200 or fails', async () => {
    const loaded = page([item('a', 1)], 12);
    expect(await findActiveSignUp(loaded, vi.fn().mockResolvedValue({ resultCode: 500, errMsg: '服务异常', data: null }))).toMatchObject({ uuid: 'a' });
    expect(await findActiveSignUp(loaded, vi.fn().mockRejectedValue(new Error('network')))).toMatchObject({ uuid: 'a' });
  });
});

describe('sign-up form rules (SPEC §5)', () => {
  const full: SignUpForm = {
    name: '李明',
    sex: '0',
    identityNumber: '330106200301011234',
    phone: '13800000001',
    studentNo: '2023010101',
    specialty: '计算机',
    classmate: '计科2301班',
    introduction: '你好',
    specialtyHobby: '篮球',
    goalsIdeas: '读研',
  };
  it('requires every field with its own message', () => {
    for (const f of SIGNUP_FIELDS) {
      expect(signUpFieldError(f, full)).toBeNull();
      expect(signUpFieldError(f, { ...full, [f]: '  ' })).toBe(REQUIRED_MSG[f]);
    }
    expect(Object.values(REQUIRED_MSG)).toEqual([
      '请输入姓名',
      '请选择性别',
      '请输入身份证号',
      '请输入手机号',
      '请输入学号',
      '请输入专业',
      '请输入班级',
      '请输入自我介绍',
      '请输入特长爱好',
      '请输入目标理想',
    ]);
  });
  it('checks the phone rule', () => {
    expect(signUpFieldError('phone', { ...full, phone: '11345678901' })).toBe('请输入正确的手机号');
    expect(signUpFieldError('phone', { ...full, phone: '1380000000' })).toBe('请输入正确的手机号');
  });
  it('prefills from the profile', () => {
    const user = {
      username: '王芳',
      sex: '1',
      identityNumber: '',
      phone: '13800000003',
      studentNo: '2022010103',
      specialty: '数据科学',
      classmate: '数据2201班',
    };
    expect(prefillSignUp(user)).toEqual({
      ...full,
      name: '王芳',
      sex: '1',
      identityNumber: '',
      phone: '13800000003',
      studentNo: '2022010103',
      specialty: '数据科学',
      classmate: '数据2201班',
      introduction: '',
      specialtyHobby: '',
      goalsIdeas: '',
    });
    expect(prefillSignUp({ ...user, sex: '' }).sex).toBe('');
    expect(prefillSignUp(null).name).toBe('');
  });
});
