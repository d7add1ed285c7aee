// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateAll } from '../../app/ui/use-field-checks';
import { changedFields, PASSWORD_MISMATCH, PASSWORD_SAME, passwordFieldError, profileFieldError, type PasswordValues, type ProfileValues } from './set-rules';

const profile: ProfileValues = { username: '李明', sex: '0', phone: '', email: '', specialty: '', classmate: '' };

describe('profile rules', () => {
  it('accepts empty phone and email (optional) and rejects malformed ones with the SPEC messages', () => {
    expect(validateAll(['username', 'phone', 'email'], profile, profileFieldError)).toEqual({});
    expect(profileFieldError('phone', { ...profile, phone: '11345678901' })).toBe('请输入正确的手机号');
    expect(profileFieldError('phone', { ...profile, phone: '1380000000' })).toBe('请输入正确的手机号');
    expect(profileFieldError('phone', { ...profile, phone: ' 13912345678 ' })).toBeNull();
    expect(profileFieldError('email', { ...profile, email: 'a@b' })).toBe('请输入正确的邮箱');
    expect(profileFieldError('email', { ...profile, email: 'li.ming@mail.edu.cn' })).toBeNull();
    expect(profileFieldError('username', { ...profile, username: '  ' })).toBe('输入不可以为空');
  });
});

describe('what a profile save sends', () => {
  const filled: ProfileValues = { ...profile, specialty: '软件工程', classmate: '软工2201' };
  it('only the changed fields, trimmed; nothing when nothing changed', () => {
    expect(changedFields(filled, { ...filled })).toBeNull();
    expect(changedFields(filled, { ...filled, phone: ' 13912345678 ' })).toEqual({ phone: '13912345678' });
    expect(changedFields(filled, { ...filled, sex: '1', classmate: '' })).toEqual({ sex: '1', classmate: '' });
    expect(changedFields(filled, { ...filled, username: '李明 ' })).toBeNull();
  });
});

describe('password rules', () => {
  const v = (p: Partial<PasswordValues>): PasswordValues => ({ oldPassword: 'Xuetu2026', newPassword: 'Newpass2027', confirm: 'Newpass2027', ...p });

  it('requires every field', () => {
    expect(validateAll(['oldPassword', 'newPassword', 'confirm'], v({ oldPassword: '', newPassword: '', confirm: '' }), passwordFieldError)).toEqual({
      oldPassword: '输入不可以为空',
      newPassword: '输入不可以为空',
      confirm: '输入不可以为空',
    });
  });

  it('needs letters and digits in the new password, checking only the mix (SPEC §5; the length is the server’s check)', () => {
    expect(passwordFieldError('newPassword', v({ newPassword: 'abcdefgh' }))).toBe('必须含有字母数字,8-20个字符');
    expect(passwordFieldError('newPassword', v({ newPassword: '12345678' }))).toBe('必须含有字母数字,8-20个字符');
    expect(passwordFieldError('newPassword', v({ newPassword: 'a1' }))).toBeNull();
    expect(passwordFieldError('newPassword', v({ newPassword: 'Newpass2028' }))).toBeNull();
  });

  it('wants a confirmation that matches and a password that differs from the old one', () => {
    expect(passwordFieldError('confirm', v({ confirm: 'Newpass2028' }))).toBe(PASSWORD_MISMATCH);
    expect(passwordFieldError('newPassword', v({ newPassword: 'Xuetu2026' }))).toBe(PASSWORD_SAME);
    expect(validateAll(['oldPassword', 'newPassword', 'confirm'], v({}), passwordFieldError)).toEqual({});
  });
});
