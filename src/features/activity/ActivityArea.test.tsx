import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ui } from '../../app/ui-store';
import type * as api from './api';
import type { Page } from '../../app/http/page';
import { pageTutors, wholeTutorList, type TutorItem } from './api';
import { activity } from './activity-store';
import { ActivityArea } from './ActivityArea';

vi.mock('./api', async (orig) => ({ ...(await orig<typeof api>()), pageTutors: vi.fn(), wholeTutorList: vi.fn() }));

const item = (n: number, extra: Partial<TutorItem> = {}): TutorItem => ({
  userId: `t${n}`,
  uuid: `t${n}`,
  name: `导师${n}`,
  avatar: '',
  sex: n % 2 ? '1' : '0',
  technicalPosition: '教授',
  intro: `简介${n}`,
  awardInfo: '',
  projectInfo: '',
  workExperience: '',
  signStatus: 0,
  isSignIn: 0,
  ...extra,
});
const ok = (records: TutorItem[], total = records.length) => ({
  resultCode: 200,
  errMsg: '',
  data: { records, total, pages: Math.ceil(total / 10), current: 1, size: 10 } as Page<TutorItem>,
});

beforeEach(() => {
  vi.mocked(pageTutors).mockReset();
  vi.mocked(wholeTutorList).mockReset();
  activity.tab = '0';
  activity.page = 1;
});

describe('ActivityArea', () => {
  it('shows the empty-state placeholder with no tutors, and holds the footer until the first answer', async () => {
    let answer: (v: ReturnType<typeof ok>) => void = () => {};
    vi.mocked(pageTutors).mockReturnValue(new Promise((r) => (answer = r)));
    render(<ActivityArea />);
    expect(ui.footerHeld).toBe(true);
    expect(screen.queryByRole('list')).toBeNull();
    await act(async () => answer(ok([])));
    expect(screen.getByText('暂无导师')).toBeTruthy();
    expect(ui.footerHeld).toBe(false);
    expect(screen.queryByRole('navigation', { name: '导师分页' })).toBeNull();
  });

  it('cards show name, position, intro and the full badge, and link to TutorDetail with the query', async () => {
    vi.mocked(pageTutors).mockResolvedValue(ok([item(1, { signStatus: 1 }), item(2, { status: 1, isSignIn: 1 })]));
    render(<ActivityArea />);
    const full = await screen.findByRole('link', { name: '导师1 已满' });
    const card = full.closest('li')!;
    expect(card.textContent).toContain('简介1');
    expect(card.textContent).toContain('查看详情');
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/avatar-female.svg');
    await screen.findByText(/您已报名导师/);
    expect(screen.getByRole('link', { name: '导师2' }).getAttribute('href')).toMatch(/\/tutorDetail\?id=t2&uid=t2&isSignIn=1&isDone=1$/);
    expect(wholeTutorList).not.toHaveBeenCalled();
  });

  it('a non-200 answer leaves the list unchanged and the screen usable', async () => {
    const records = Array.from({ length: 10 }, (_, i) => item(i + 1));
    vi.mocked(pageTutors)
      .mockResolvedValueOnce(ok(records, 12))
      .mockResolvedValueOnce({ resultCode: 500, errMsg: '服务繁忙', data: null as never });
    vi.mocked(wholeTutorList).mockResolvedValue(ok([...records, item(11), item(12, { status: 0 })], 12));
    render(<ActivityArea />);
    await screen.findByText(/您已报名导师/);
    expect(screen.getByText('导师12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    await screen.findByText(/导师列表加载失败：服务繁忙/);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(wholeTutorList).toHaveBeenCalledWith(12));
  });
  it('the tutor panel is busy until the whole-list sign-up check answers, so the notice lands before it is read', async () => {
    const records = Array.from({ length: 10 }, (_, i) => item(i + 1));
    vi.mocked(pageTutors).mockResolvedValue(ok(records, 12));
    let answer: (v: ReturnType<typeof ok>) => void = () => {};
    vi.mocked(wholeTutorList).mockReturnValue(new Promise((r) => (answer = r)));
    render(<ActivityArea />);
    await screen.findByText('导师1');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/您已报名导师/)).toBeNull();
    await act(async () => answer(ok([...records, item(11), item(12, { status: 0 })], 12)));
    expect(screen.getByText(/您已报名导师/).textContent).toContain('导师12');
    expect(panel.getAttribute('aria-busy')).toBe('false');
  });
});
