import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CanceledError } from 'axios';
import { CardProgress } from './CardProgress';
import { FilterChips } from './FilterChips';
import { ListStatus } from './ListStatus';
import { MediaCard } from './MediaCard';
import { StudyMark, studyState } from './StudyMark';
import { ApiFailure, unwrap, useRemote } from './use-remote';

describe('ListStatus', () => {
  const base = { label: '课程列表', onRetry: () => {}, children: <p>内容</p> };
  it('shows loading, empty, content and error with retry', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ListStatus {...base} status="loading" hasData={false} />);
    expect(screen.getByRole('region', { name: '课程列表' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain('加载中');
    rerender(<ListStatus {...base} status="ok" hasData={false} emptyText="暂无课程" />);
    expect(screen.getByText('暂无课程')).toBeTruthy();
    rerender(<ListStatus {...base} status="ok" hasData />);
    expect(screen.getByText('内容')).toBeTruthy();
    rerender(<ListStatus {...base} status="error" hasData error="服务繁忙" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('服务繁忙');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('says a refusal as the heading with the way back, in its own words where the page gives them', () => {
    const back = { href: '/personal/myMaps', label: '返回我的导图' };
    const { rerender } = render(<ListStatus {...base} status="error" hasData={false} error="导图不存在或已被删除" refused={{ resultCode: 404, back }} />);
    expect(screen.getByRole('heading', { name: '导图不存在或已被删除' })).toBeTruthy();
    expect(screen.getByText(/链接可能有误/)).toBeTruthy();
    rerender(
      <ListStatus
        {...base}
        status="error"
        hasData={false}
        error="你已不在这张导图的共享成员中"
        refused={{ resultCode: 403, back, text: '创建者已将你移出这张导图' }}
      />,
    );
    expect(screen.getByText('创建者已将你移出这张导图')).toBeTruthy();
    expect(screen.queryByText(/链接可能有误/)).toBeNull();
    expect(screen.getByRole('link', { name: '返回我的导图' })).toBeTruthy();
  });
});

describe('FilterChips', () => {
  it('marks the selected option pressed and reports a change (全部 is the empty value)', () => {
    const onChange = vi.fn();
    render(<FilterChips label="分类" options={[{ value: 'a', label: 'Web开发' }]} value="a" onChange={onChange} />);
    const group = screen.getByRole('group', { name: '分类' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Web开发' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Web开发' }));
    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(onChange.mock.calls).toEqual([['']]);
  });
});

describe('MediaCard', () => {
  it('is one link named by the title and renders stored text as text', () => {
    render(<MediaCard href="/course/detail?id=1" title="<b>课程</b>" desc="<img src=x onerror=alert(1)>" />);
    const link = screen.getByRole('link', { name: '<b>课程</b>' });
    expect(link.getAttribute('href')).toContain('/course/detail?id=1');
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });
});

describe('StudyMark', () => {
  it('follows SPEC: 0 not started, 1 done, anything else in progress', () => {
    expect([0, '0', null, undefined, 1, '1', 2, 3].map((v) => studyState(v))).toEqual(['todo', 'todo', 'todo', 'todo', 'done', 'done', 'doing', 'doing']);
    render(<StudyMark isStudy={2} />);
    expect(screen.getByRole('img', { name: '学习中' })).toBeTruthy();
  });
});

describe('useRemote', () => {
  it('unwrap throws the errMsg of a non-200 envelope', () => {
    expect(unwrap({ resultCode: 200, errMsg: '', data: 5 })).toBe(5);
    expect(() => unwrap({ resultCode: 403, errMsg: '您已结业，无法进入学习', data: null })).toThrow(ApiFailure);
  });

  it('loads, reports errors with the server message, and reloads', async () => {
    let n = 0;
    const load = vi.fn(async () => {
      n += 1;
      if (n === 1) throw new ApiFailure('服务繁忙', 500);
      return n;
    });
    const { result } = renderHook(() => useRemote(load, []));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('服务繁忙');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ok'));
    expect(result.current.data).toBe(2);
  });

  it('ignores a request cancelled by a newer one and answers that arrive after a newer load', async () => {
    const resolvers: ((v: string) => void)[] = [];
    const { result, rerender } = renderHook(
      ({ k }) => useRemote(() => (k === 'a' ? Promise.reject(new CanceledError()) : new Promise<string>((r) => resolvers.push(r))), [k]),
      { initialProps: { k: 'a' } },
    );
    rerender({ k: 'b' });
    await act(async () => resolvers[0]!('b'));
    expect(result.current.status).toBe('ok');
    expect(result.current.data).toBe('b');
  });
});

describe('CardProgress', () => {
  it('shows the server percentage only while the case is studied', () => {
    const { container, rerender } = render(<CardProgress applyStatus={1} progress={37} />);
    expect(container.textContent).toBe('已学 37%');
    expect((container.querySelector('.card-progress__bar > span') as HTMLElement).style.width).toBe('37%');
    rerender(<CardProgress applyStatus={0} progress={0} />);
    expect(container.textContent).toBe('');
    rerender(<CardProgress applyStatus={2} progress={100} />);
    expect(container.textContent).toBe('');
  });
});
