import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewCard } from './review-api';
import { ReviewCardView } from './ReviewCardView';

const now = Date.now();
const card: ReviewCard = {
  kind: 'case',
  sourceId: 'case-01',
  nodeId: 'n1',
  sourceName: '校园二手交易平台',
  text: '用户调研',
  path: ['校园二手交易平台', '需求分析'],
  note: '**访谈** 与问卷\n\n- 目标用户\n- <script>x</script>',
  children: ['访谈提纲', '问卷设计'],
  origin: 1,
  state: 0,
  reps: 0,
  due: '',
  dueAt: now,
  preview: { again: now + 60_000, hard: now + 6 * 60_000, good: now + 10 * 60_000, easy: now + 8 * 86400_000 },
};

describe('a review card', () => {
  it('shows the front with its path, and the answer only once revealed', () => {
    const onReveal = vi.fn();
    render(<ReviewCardView card={card} revealed={false} onReveal={onReveal} onGrade={() => {}} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('用户调研');
    expect(screen.getByRole('list', { name: '在导图中的位置' }).textContent).toBe('校园二手交易平台需求分析');
    expect(screen.queryByRole('region', { name: '答案' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '显示答案（空格）' }));
    expect(onReveal).toHaveBeenCalledOnce();
  });

  it('renders the note as the editor does (no raw HTML), the children, and four grades with their intervals', () => {
    const onGrade = vi.fn();
    const { container } = render(<ReviewCardView card={card} revealed onReveal={() => {}} onGrade={onGrade} />);
    const back = screen.getByRole('region', { name: '答案' });
    expect(back.querySelector('strong')?.textContent).toBe('访谈');
    expect(container.querySelector('script')).toBeNull();
    expect(back.textContent).toContain('<script>x</script>');
    expect(screen.getAllByRole('list')[1].textContent).toContain('目标用户');
    expect(back.textContent).toContain('访谈提纲');
    const buttons = screen.getByRole('group', { name: '评分' }).querySelectorAll('button');
    expect([...buttons].map((b) => b.getAttribute('aria-label'))).toEqual([
      '重来，1分钟后再复习',
      '困难，6分钟后再复习',
      '良好，10分钟后再复习',
      '简单，8天后再复习',
    ]);
    expect([...buttons].map((b) => b.getAttribute('aria-keyshortcuts'))).toEqual(['1', '2', '3', '4']);
    fireEvent.click(buttons[2]);
    expect(onGrade).toHaveBeenCalledWith(3);
  });
});
