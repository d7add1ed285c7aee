import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/session/session-store';
import type * as api from './api';
import { submitSignUp } from './api';
import { SignUpDialog } from './SignUpDialog';

vi.mock('./api', async (orig) => ({ ...(await orig<typeof api>()), submitSignUp: vi.fn() }));

beforeEach(() => {
  vi.mocked(submitSignUp).mockReset();
  // A profile without sex: the one way a student meets 请选择性别 (a chosen radio cannot be unchosen).
  session.user = {
    userId: 'u1',
    username: '张三',
    studentNo: '2023',
    userPicUrl: '',
    sex: '',
    identityNumber: '330106200301011234',
    specialty: '软件工程',
    classmate: '软工1班',
    phone: '13900000000',
    email: '',
    customerType: 0,
  };
});

describe('SignUpDialog', () => {
  it('asks for the sex on leaving the radios and on submit, then sends the form with teacherId', async () => {
    const onSubmitted = vi.fn();
    vi.mocked(submitSignUp).mockResolvedValue({ resultCode: 200, errMsg: '', data: { signUpId: 's1', status: 0 } });
    render(<SignUpDialog open onOpenChange={() => {}} teacherId="tutor-03" onSubmitted={onSubmitted} />);
    const dialog = screen.getByRole('dialog', { name: '填写信息' });
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三');

    const male = screen.getByRole('radio', { name: '男' });
    fireEvent.blur(male, { relatedTarget: screen.getByRole('radio', { name: '女' }) }); // moving inside the group: no message
    expect(screen.queryByText('请选择性别')).toBeNull();
    fireEvent.blur(male, { relatedTarget: screen.getByLabelText('身份证号') });
    expect(screen.getByText('请选择性别')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: '性别' }).getAttribute('aria-invalid')).toBe('true');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(submitSignUp).not.toHaveBeenCalled();
    expect(dialog.textContent).toContain('请输入自我介绍');

    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    expect(screen.queryByText('请选择性别')).toBeNull();
    for (const [label, value] of [
      ['自我介绍', '你好'],
      ['特长爱好', '篮球'],
      ['目标理想', ' 读研 '],
    ])
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(submitSignUp).toHaveBeenCalledWith({
      name: '张三',
      sex: '1',
      identityNumber: '330106200301011234',
      phone: '13900000000',
      studentNo: '2023',
      specialty: '软件工程',
      classmate: '软工1班',
      introduction: '你好',
      specialtyHobby: '篮球',
      goalsIdeas: '读研',
      teacherId: 'tutor-03',
    });
    expect(onSubmitted).toHaveBeenCalled();
  });
});
