import { AxiosError, type AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiGet, http, NETWORK_FAILED } from '../../app/http/client';
import { toasts } from '../../app/ui/toast-store';
import { mapChanges, mapMastery, mapReview, saveChanges, saveStuMind } from './api';
import { ownMapChanges, saveOwnChanges, saveOwnMap } from './own-map-api';
import type { KmDocument } from '../../mindmap';

// Offline, the map's autosave calls fail without the generic red 网络连接失败 toast: the autosaver
// says itself that the edits are kept on this device (autosave-deps OFFLINE_SAID); nor do the
// map's background reads after a save. Other screens' requests keep the generic message.

const down: AxiosAdapter = async (config) => {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
};
const doc: KmDocument = { root: { data: { id: 'r', text: '根' } }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
let adapter: typeof http.defaults.adapter;

beforeEach(() => {
  toasts.items.splice(0);
  adapter = http.defaults.adapter;
  http.defaults.adapter = down;
});
afterEach(() => {
  http.defaults.adapter = adapter;
});

describe('the map autosave offline', () => {
  it('its saves and catch-ups fail without the generic network toast', async () => {
    const calls = [
      saveStuMind('c1', doc, 3),
      saveChanges('c1', 3, []),
      mapChanges('c1', 3),
      saveOwnMap('m1', doc, 3),
      saveOwnChanges('m1', 3, []),
      ownMapChanges('m1', 3),
    ];
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('rejected'));
    expect(toasts.items.map((t) => t.message)).toEqual([]);
  });

  it('the review marks and mastery read again after a save fail without it too (the save status says 离线)', async () => {
    const results = await Promise.allSettled([mapReview('c1'), mapMastery('c1')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(toasts.items.map((t) => t.message)).toEqual([]);
  });

  it("other screens' requests still say 网络连接失败", async () => {
    await expect(apiGet('/api/course/case/list')).rejects.toThrow();
    expect(toasts.items.map((t) => t.message)).toEqual([NETWORK_FAILED]);
  });
});
