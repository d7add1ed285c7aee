import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeValidationError } from './validation-messages';

const failing = (keyword: string, instancePath: string, params: Record<string, unknown>) =>
  ({ validation: [{ keyword, instancePath, params, message: '' }] }) as unknown as FastifyError;

describe('validation messages', () => {
  it('says a length bound in plain Chinese with its limit', () => {
    expect(describeValidationError(failing('maxLength', '/loginName', { limit: 64 }))).toBe('登录名不能超过64个字符');
    expect(describeValidationError(failing('minLength', '/password', { limit: 1 }))).toBe('密码不能为空');
    expect(describeValidationError(failing('minLength', '/newPassword', { limit: 8 }))).toBe('新密码不能少于8个字符');
    // an empty course id in the address (#/course/detail?id=) is named in Chinese, not as officialCourseId
    expect(describeValidationError(failing('minLength', '/officialCourseId', { limit: 1 }))).toBe('课程编号不能为空');
  });

  it('keeps the missing and format messages for the other failures', () => {
    expect(describeValidationError(failing('required', '', { missingProperty: 'loginName' }))).toBe('缺少参数：登录名');
    expect(describeValidationError(failing('pattern', '/phone', { pattern: '^1' }))).toBe('参数格式错误：手机号');
  });
});
