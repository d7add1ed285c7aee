// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MapVersionEntry } from '../../contract/mindmaps';
import { keepMessage, versionChange } from './version-text';

const entry = (nodeCount: number): MapVersionEntry => ({
  id: 1,
  mapVersion: 1,
  savedAt: '2026-11-24 10:00:00',
  title: '中心主题',
  nodeCount,
  bytes: 100,
  current: 0,
});

describe('versionChange (entries that share a title tell themselves apart)', () => {
  it('says how many topics the version added or removed against the one before it', () => {
    expect(versionChange(entry(12), entry(9))).toBe('比上一版本多 3 个主题');
    expect(versionChange(entry(8), entry(9))).toBe('比上一版本少 1 个主题');
    expect(versionChange(entry(9), entry(9))).toBe('主题数与上一版本相同');
    expect(versionChange(entry(9), undefined)).toBe('');
  });
});

describe('keepMessage (what 保留当前版本 did)', () => {
  const at = (id: number, mapVersion: number, current = 0): MapVersionEntry => ({ ...entry(3), id, mapVersion, current, savedAt: '2026-11-25 05:55:13' });
  it('names the time of the entry kept now', () => {
    expect(keepMessage([at(0, 4, 1), at(7, 3)], [at(8, 4, 1), at(7, 3)], 4)).toBe('已保留当前版本（11-25 05:55:13）');
  });
  it('says a state already kept is not kept twice', () => {
    expect(keepMessage([at(8, 4, 1), at(7, 3)], [at(8, 4, 1), at(7, 3)], 4)).toBe('当前版本已保留，无需重复保留');
  });
  it('still says it was kept when the list could not be read', () => {
    expect(keepMessage(undefined, [], 4)).toBe('已保留当前版本');
  });
});
