// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { readingTime, toast, toasts } from './toast-store';

// (the store is shared by every file of the worker: start each test from none)
beforeEach(() => void toasts.items.splice(0));

describe('toast time on screen', () => {
  it('gives a long message time to be read, an error at least 5 s, a short notice 3 s', () => {
    const long = '导入失败：content.json 第 12 行第 34 列不是有效的 JSON（文件可能已损坏或不是 XMind 保存的），导图未改动。';
    toast.error(long);
    toast.error('网络连接失败');
    toast.success('已保存');
    const [a, b, c] = toasts.items.map((t) => t.duration);
    expect(a).toBeGreaterThanOrEqual(8_000);
    expect(b).toBe(5_000);
    expect(c).toBe(3_000);
    expect(readingTime('warning', '长'.repeat(500))).toBe(12_000);
  });

  it('keeps a time its caller names (SPEC: a login error shows 1.5 s)', () => {
    toast.error('账号或密码错误', 1500);
    expect(toasts.items[0].duration).toBe(1500);
  });

  it('does not show the same words twice while they are up', () => {
    const said = '标题同时被修改：你的「方法」较晚保存，替换了别处的「方法论」';
    expect(toast.warning(said, 8000)).toBe(toast.warning(said, 8000));
    toast.error(said);
    expect(toasts.items.map((t) => t.kind)).toEqual(['warning', 'error']);
  });
});
