import { describe, expect, it } from 'vitest';
import type { MapVersionEntry } from '../../contract/mindmaps';
import { versionChange } from './version-text';

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
