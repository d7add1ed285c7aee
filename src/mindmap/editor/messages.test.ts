// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEPTH_ERROR } from '../engine/model/types';
import { uploadError } from './dialogs';
import { GENERIC_MSG, READ_ONLY_MSG, userMessage } from './messages';

const CJK = /[\u4e00-\u9fff]/;

describe('userMessage', () => {
  it('passes Chinese messages through and keeps the SPEC codes recognisable', () => {
    expect(userMessage(new Error(DEPTH_ERROR))).toBe(DEPTH_ERROR);
    expect(userMessage(new Error('Invalid local format：第 2 行'))).toBe('Invalid local format：第 2 行');
    expect(userMessage(new Error('Not supported protocol'))).toContain('Not supported protocol');
    expect(userMessage(new Error('Invalid local format'))).toContain('Invalid local format');
    expect(userMessage(new Error('Theme nope not exists!'))).toContain('“nope”');
    expect(userMessage(new Error('Document is read-only'))).toBe(READ_ONLY_MSG);
  });

  it('never lets an English message through', () => {
    for (const m of [
      'Invalid .km JSON: Unexpected token } in JSON at position 3',
      'Node not found: x',
      'Cannot move a node into its own subtree',
      'Unknown command: nope',
      'Failed to fetch',
      '',
    ]) {
      const shown = userMessage(new Error(m));
      expect(shown).toMatch(CJK);
    }
    expect(userMessage(undefined)).toBe(GENERIC_MSG);
    expect(userMessage(new Error('Node not found: x'))).toBe(GENERIC_MSG);
    expect(uploadError(new Error('Network Error'))).toBe('图片上传失败，请检查网络后重试');
    expect(uploadError(new Error('图片不能超过 20 MB'))).toBe('图片不能超过 20 MB');
  });
});
