import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../app/ui/use-remote';
import { SHARE_MSG } from '../../contract/rules';
import { FORMER_MEMBER_TEXT, mapRefusal, sharedCaseMap } from './share-api';

// the answer of 共享给我的 (the map read beside it is passed in as the page makes it)
const client = vi.hoisted(() => ({ apiGet: vi.fn() }));
vi.mock('../../app/http/client', async (original) => ({ ...(await original<object>()), apiGet: client.apiGet }));

const listed = (maps: object[]) => client.apiGet.mockResolvedValue({ resultCode: 200, errMsg: '', data: { maps } });
const map = { kind: 'case', mapId: 'case-01', ownerId: 'stu-1', ownerName: '合作主', title: '导图', role: 'edit', since: '' };

describe('sharedCaseMap: a classmate’s case map opened from 共享给我的', () => {
  it('answers the share while it is listed', async () => {
    listed([map]);
    await expect(sharedCaseMap('case-01', 'stu-1', Promise.resolve({}))).resolves.toMatchObject({ role: 'edit' });
  });

  it('no longer listed: refused in the words of the server’s refusal of the map (a removed member is told so)', async () => {
    listed([]);
    const removed = Promise.reject(new ApiFailure(SHARE_MSG.removed, 403));
    await expect(sharedCaseMap('case-01', 'stu-1', removed)).rejects.toMatchObject({ message: SHARE_MSG.removed, resultCode: 403 });
    listed([]);
    const stranger = Promise.reject(new ApiFailure('无权查看其他学生的思维导图', 403));
    await expect(sharedCaseMap('case-01', 'stu-1', stranger)).rejects.toMatchObject({ message: '无权查看其他学生的思维导图' });
    // the map read failing otherwise (offline, say) or not at all: the share's own refusal
    listed([]);
    await expect(sharedCaseMap('case-01', 'stu-1', Promise.reject(new Error('Network Error')))).rejects.toMatchObject({ message: SHARE_MSG.notMember });
  });
});

// Outside walk (issue 32): a member removed from a shared map who reloaded it read 你已不在这张导图的共享成员中
// over the generic 链接可能有误或内容已被移除 — wrong here: the owner removed them (or they left).
describe('mapRefusal: how a map page says its refusal', () => {
  const back = { href: '/project/list', label: '返回案例列表' };
  it('tells a former member why, and leads back to 我的导图', () => {
    expect(mapRefusal(SHARE_MSG.removed, back)).toEqual({ back: { href: '/personal/myMaps', label: '返回我的导图' }, text: FORMER_MEMBER_TEXT });
    expect(FORMER_MEMBER_TEXT).toContain('创建者已将你移出这张导图');
  });
  it('leaves any other refusal to the generic line and the page’s own way back', () => {
    expect(mapRefusal(SHARE_MSG.noMap, back)).toEqual({ back });
    expect(mapRefusal(undefined, back)).toEqual({ back });
  });
});
