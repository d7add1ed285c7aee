import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setUser, type User } from '../session/session-store';
import type { LastRecord } from './last-study';
import { LastStudyCard } from './LastStudyCard';

const api = vi.hoisted(() => ({ fetchLastRecord: vi.fn(), addStudyRecord: vi.fn(), fetchNextStep: vi.fn() }));
vi.mock('./study-api', () => api);

const link: LastRecord = {
  uuid: 'r',
  isType: 0,
  isStudy: 1,
  nodeId: 'n-1',
  nodeName: '需求分析',
  name: '校园二手交易平台',
  caseId: 'case-01',
  resourceId: 'res-2',
  fileId: '',
  fileName: '参考资料',
  fileUrl: 'developer.mozilla.org',
  fileSuffixCode: 2,
  duration: 0,
  videoId: '',
  recommendUrl: '',
};

beforeEach(() => {
  setUser({ userId: 'stu-1', username: '李明' } as User);
});
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('LastStudyCard', () => {
  it('shows the record and, for a case link, opens it in a new tab and posts a study record', async () => {
    api.fetchLastRecord.mockResolvedValue(link);
    api.addStudyRecord.mockResolvedValue(undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<LastStudyCard />);
    await screen.findByText('校园二手交易平台');
    expect(api.fetchLastRecord).toHaveBeenCalledWith('stu-1');
    expect(screen.getByText('项目案例')).toBeTruthy();
    expect(screen.getByText('节点：需求分析')).toBeTruthy();
    expect(screen.getByText('链接：参考资料')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /继续学习/ }));
    expect(open).toHaveBeenCalledWith('http://developer.mozilla.org', '_blank', 'noopener');
    expect(api.addStudyRecord).toHaveBeenCalledWith({ caseId: 'case-01', nodeId: 'n-1', resourceId: 'res-2', studentId: 'stu-1' });
  });

  // outside walk: 学习中心's 下一步 said "有 5 个主题到了复习时间" while the header and 复习 counted 10 (every map's)
  it('says its 下一步 is this map’s (学习中心)', async () => {
    api.fetchLastRecord.mockResolvedValue(link);
    api.fetchNextStep.mockResolvedValue({ caseId: 'case-01', kind: 'review', nodeId: '', nodeName: '', count: 5, reason: '有 5 个主题到了复习时间。' });
    render(<LastStudyCard nextStep />);
    const step = await screen.findByRole('region', { name: '下一步' });
    expect(step.textContent).toBe('下一步：这张导图有 5 个主题到了复习时间。去复习');
    expect(api.fetchNextStep).toHaveBeenCalledWith('case-01');
  });

  it('goes to CourseContent for a course video', async () => {
    api.fetchLastRecord.mockResolvedValue({ ...link, isType: 1, courseId: 'course-01', nodeName: '1.3 循环', fileSuffixCode: 3, duration: 30, videoId: 'v' });
    render(<LastStudyCard />);
    fireEvent.click(await screen.findByRole('button', { name: /继续学习/ }));
    expect(screen.getByText('视频：1.3 循环')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/course/content?courseId=course-01&videoId=v&nodeId=n-1&name=1.3+%E5%BE%AA%E7%8E%AF&duration=30'));
  });

  it('deep-links a case record into the map at its node; a course record has no map link', async () => {
    api.fetchLastRecord.mockResolvedValue(link);
    const { unmount } = render(<LastStudyCard />);
    const onMap = await screen.findByRole('link', { name: '在导图中查看：需求分析' });
    expect(onMap.getAttribute('href')).toMatch(/\/project\/mindDetail\?caseId=case-01&nodeId=n-1$/);
    unmount();
    api.fetchLastRecord.mockResolvedValue({ ...link, isType: 1, courseId: 'course-01', fileSuffixCode: 3, duration: 30, videoId: 'v' });
    render(<LastStudyCard />);
    await screen.findByRole('button', { name: /继续学习/ });
    expect(screen.queryByRole('link', { name: /在导图中查看/ })).toBeNull();
  });

  it('stays away when the fetch fails or there is no record', async () => {
    api.fetchLastRecord.mockRejectedValue(new Error('network'));
    const { container } = render(<LastStudyCard />);
    await waitFor(() => expect(api.fetchLastRecord).toHaveBeenCalled());
    expect(container.innerHTML).toBe('');
  });
});
