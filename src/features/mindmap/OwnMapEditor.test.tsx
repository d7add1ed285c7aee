import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { useHashLocation, useHashSearch } from '../../app/router/hash-location';
import { ApiFailure } from '../../app/ui/use-remote';
import { showOwnMap } from './own-map-api';
import { OwnMapEditor } from './OwnMapEditor';

// Only the gate in front of the editor is drawn here: every map read is refused, so the editor
// never mounts (its package still loads, as it does for the screen).
// (no IndexedDB in jsdom: no draft kept)
vi.mock('./use-autosave', () => ({ useAutosave: vi.fn() }));
vi.mock('./map-drafts', () => ({ drafts: () => ({ list: async () => [] }), openableDraft: async () => undefined }));
vi.mock('./own-map-api', () => ({
  showOwnMap: vi.fn(),
  saveOwnMap: vi.fn(),
  saveOwnChanges: vi.fn(),
  ownMapChanges: vi.fn(),
  keepOwnVersion: vi.fn(),
  ownVersions: vi.fn(),
}));

afterEach(() => {
  window.location.hash = '';
});

describe('我的导图 editor with a bad mapId', () => {
  // Issue 31 (outside walk): #/personal/myMap?mapId=<bad id> showed only 重试.
  it('says the refusal as the heading with the way back to 我的导图, not 重试', async () => {
    vi.mocked(showOwnMap).mockRejectedValue(new ApiFailure('导图不存在或已被删除', 404));
    window.location.hash = '#/personal/myMap?mapId=nope';
    render(
      <Router hook={useHashLocation} searchHook={useHashSearch}>
        <OwnMapEditor />
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '导图不存在或已被删除' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的导图' }).getAttribute('href')).toBe('/personal/myMaps');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  // Outside walk (issue 32): a removed member reloading the map read 链接可能有误或内容已被移除 under the heading.
  it('tells a former member of a shared map why, with the way back, not that the link may be wrong', async () => {
    vi.mocked(showOwnMap).mockRejectedValue(new ApiFailure('你已不在这张导图的共享成员中', 403));
    window.location.hash = '#/personal/myMap?mapId=m1';
    render(
      <Router hook={useHashLocation} searchHook={useHashSearch}>
        <OwnMapEditor />
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '你已不在这张导图的共享成员中' })).toBeTruthy();
    expect(screen.getByText(/创建者已将你移出这张导图/)).toBeTruthy();
    expect(screen.queryByText(/链接可能有误/)).toBeNull();
    expect(screen.getByRole('link', { name: '返回我的导图' }).getAttribute('href')).toBe('/personal/myMaps');
  });

  // Outside walk: #/personal/myMap without a mapId said the API's 「mapId不能为空」.
  it('says 缺少导图信息 with the way back when the address names no map', async () => {
    vi.mocked(showOwnMap).mockRejectedValue(new ApiFailure('mapId不能为空', 400));
    window.location.hash = '#/personal/myMap';
    render(
      <Router hook={useHashLocation} searchHook={useHashSearch}>
        <OwnMapEditor />
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '缺少导图信息' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的导图' }).getAttribute('href')).toBe('/personal/myMaps');
    expect(screen.queryByText(/mapId/)).toBeNull();
  });
});
