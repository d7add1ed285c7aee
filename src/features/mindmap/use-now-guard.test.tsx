import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../app/ui/use-remote';
import { testController, type EditorController } from '../../mindmap';
import { memberNowGuard, useNowGuard } from './use-now-guard';

const api = vi.hoisted(() => ({ markMemberNow: vi.fn(async () => {}) }));
vi.mock('./api', () => api);

// A member's 标记正在学 on a classmate's map (issue 32) is stored by the server first (markNow).
describe('memberNowGuard', () => {
  it('stores the mark as the member’s own on the owner’s map, then lets the page set it', async () => {
    const mark = vi.fn(async () => {});
    const guard = memberNowGuard('case-01', 'stu-owner', mark);
    expect(await guard('topic-1', true)).toBeNull();
    expect(await guard('topic-1', false)).toBeNull();
    expect(mark.mock.calls).toEqual([
      ['case-01', 'stu-owner', 'topic-1', true],
      ['case-01', 'stu-owner', 'topic-1', false],
    ]);
  });

  it('answers the server’s refusal in Chinese (the page shows it and sets no mark)', async () => {
    const guard = memberNowGuard('case-01', 'stu-owner', async () => {
      throw new ApiFailure('你不是这张导图的成员', 403);
    });
    expect(await guard('topic-1', true)).toBe('你不是这张导图的成员');
    const offline = memberNowGuard('case-01', 'stu-owner', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await offline('topic-1', true)).toMatch(/[\u4e00-\u9fff]/);
  });
});

function Page({ ctl, owner }: { ctl: EditorController; owner?: string }) {
  useNowGuard(ctl, 'case-01', owner);
  return null;
}

describe('useNowGuard', () => {
  it('guards a member’s page on a classmate’s map only, while it is open', async () => {
    // the hook only listens to the editor's asking (the editor's action asks: mindmap/editor/actions.test.ts)
    const ctl = await testController();
    const own = render(<Page ctl={ctl} />);
    // the student's own map: their 正在学 is saved with it, nothing to ask
    expect(ctl.events.count('markingNow')).toBe(0);
    own.unmount();
    const shared = render(<Page ctl={ctl} owner="stu-owner" />);
    expect(await Promise.all(ctl.events.emit('markingNow', 'b', true))).toEqual([null]);
    expect(api.markMemberNow).toHaveBeenCalledWith('case-01', 'stu-owner', 'b', true);
    shared.unmount();
    expect(ctl.events.count('markingNow')).toBe(0);
  });
});
