import { afterEach, describe, expect, it } from 'vitest';
import { getLocal, getSession, REMEMBER_ME_MS, removeLocal, setLocal, setSession, STORAGE_KEYS } from './storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('local storage with expiry', () => {
  it('keeps remember-me for exactly 30 days', () => {
    expect(REMEMBER_ME_MS).toBe(30 * 24 * 3600 * 1000);
    const t0 = 1_000_000;
    setLocal(STORAGE_KEYS.rememberUsername, '13800000001', REMEMBER_ME_MS, t0);
    expect(getLocal(STORAGE_KEYS.rememberUsername, t0 + REMEMBER_ME_MS - 1)).toBe('13800000001');
    expect(getLocal(STORAGE_KEYS.rememberUsername, t0 + REMEMBER_ME_MS)).toBeNull();
    // the expired item is gone, not just hidden
    expect(localStorage.getItem(STORAGE_KEYS.rememberUsername)).toBeNull();
  });

  it('stores values without expiry as plain JSON', () => {
    setLocal(STORAGE_KEYS.yearList, ['2021', '2022']);
    expect(localStorage.getItem('yearList')).toBe('["2021","2022"]');
    expect(getLocal(STORAGE_KEYS.yearList)).toEqual(['2021', '2022']);
    removeLocal(STORAGE_KEYS.yearList);
    expect(getLocal(STORAGE_KEYS.yearList)).toBeNull();
  });

  it('reads a bare string written by something else', () => {
    localStorage.setItem('token', 'abc.def');
    expect(getLocal(STORAGE_KEYS.token)).toBe('abc.def');
  });

  it('keeps the user in session storage', () => {
    setSession(STORAGE_KEYS.userMessage, { username: '李明' });
    expect(getSession(STORAGE_KEYS.userMessage)).toEqual({ username: '李明' });
    expect(localStorage.length).toBe(0);
  });
});
