import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('activity store', () => {
  it('changing tab resets the page; tab and page are stored locally and restored', async () => {
    const { activity, setPage, setTab } = await import('./activity-store');
    expect({ tab: activity.tab, page: activity.page }).toEqual({ tab: '0', page: 1 });
    setPage(2);
    await Promise.resolve();
    expect(JSON.parse(localStorage.getItem('pageNum')!)).toEqual({ tab: '0', page: 2 });
    setTab('1');
    expect(activity.page).toBe(1);
    setPage(3);
    setTab('1'); // same tab: page stays
    expect(activity.page).toBe(3);
    await Promise.resolve();
    vi.resetModules();
    const again = await import('./activity-store');
    expect({ tab: again.activity.tab, page: again.activity.page }).toEqual({ tab: '1', page: 3 });
  });

  it('ignores a broken stored value', async () => {
    localStorage.setItem('pageNum', JSON.stringify({ tab: 'x', page: -4 }));
    const { activity } = await import('./activity-store');
    expect({ tab: activity.tab, page: activity.page }).toEqual({ tab: '0', page: 1 });
  });
});
