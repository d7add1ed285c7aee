import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from './Pager';

describe('pageWindow', () => {
  it('shows at most 5 buttons around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('Pager', () => {
  it('is hidden with one page', () => {
    const { container } = render(<Pager page={1} pages={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('changes page by number and by previous/next', () => {
    const onChange = vi.fn();
    render(<Pager page={2} pages={7} onChange={onChange} />);
    expect(screen.getAllByRole('button', { name: /^第/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: '第 4 页' }));
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 2 页' }));
    expect(onChange.mock.calls).toEqual([[4], [1], [3]]);
  });
});
