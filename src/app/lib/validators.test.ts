// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { requireLoginName, requirePassword, validateEmail, validatePassword, validatePhone } from './validators';

describe('validatePhone', () => {
  it('accepts 11 digits starting 1 then 2-9, or empty', () => {
    expect(validatePhone('13800000001')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
    expect(validatePhone('')).toBeNull();
  });
  it('rejects anything else with the SPEC message', () => {
    for (const bad of ['11800000001', '1380000000', '138000000012', '23800000001', '1380000000a']) {
      expect(validatePhone(bad)).toBe('请输入正确的手机号');
    }
  });
});

describe('validateEmail', () => {
  it('accepts a simple address with a 2-8 letter suffix and up to two parts after the first', () => {
    expect(validateEmail('li.ming@xuetu.cn')).toBeNull();
    expect(validateEmail('a_b@mail.xuetu.edu')).toBeNull();
    // A university mailbox: what the server accepts, the form must not refuse.
    expect(validateEmail('li.ming@mail.ustc.edu.cn')).toBeNull();
    expect(validateEmail('')).toBeNull();
  });
  it('rejects other shapes', () => {
    for (const bad of ['no-at.cn', 'a@b', 'a@b.c', 'a@b.abcdefghi', 'a@b.c.d.e.cn', 'a@b.c1']) {
      expect(validateEmail(bad)).toBe('请输入正确的邮箱');
    }
  });
});

describe('validatePassword', () => {
  it('requires a value', () => {
    expect(validatePassword('')).toBe('输入不可以为空');
  });
  it('requires letters and digits mixed, and (SPEC §5) only that: the length is the server’s check', () => {
    expect(validatePassword('abcdefgh')).toBe('必须含有字母数字,8-20个字符');
    expect(validatePassword('12345678')).toBe('必须含有字母数字,8-20个字符');
    expect(validatePassword('a1')).toBeNull();
    expect(validatePassword('abc12345678901234567x')).toBeNull();
    expect(validatePassword('Xuetu2026')).toBeNull();
  });
});

describe('login field rules', () => {
  it('uses the login dialog messages', () => {
    expect(requireLoginName(' ')).toBe('请输入手机号');
    expect(requireLoginName('13800000001')).toBeNull();
    expect(requirePassword('')).toBe('请输入密码');
    expect(requirePassword('x')).toBeNull();
  });
});
