import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../app/ui/use-remote';
import { SHARE_MSG } from '../../contract/rules';
import { sharedCaseMap } from './share-api';

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
