import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch, useSearchParams } from 'wouter';
import { navigate, splitHash, useHashLocation, useHashSearch, withQuery } from './hash-location';

function Probe() {
  const [params] = useSearchParams();
  return <p>name={params.get('name') ?? ''}</p>;
}

function App() {
  return (
    <Router hook={useHashLocation} searchHook={useHashSearch}>
      <Switch>
        <Route path="/course/list">
          <h1>课程列表</h1>
          <Probe />
        </Route>
        <Route path="/">
          <h1>首页</h1>
        </Route>
      </Switch>
    </Router>
  );
}

afterEach(() => {
  window.location.hash = '';
});

describe('splitHash', () => {
  it('separates the path from a query kept inside the hash', () => {
    expect(splitHash('#/course/list?name=%E6%95%B0&x=1')).toEqual({ path: '/course/list', search: 'name=%E6%95%B0&x=1' });
    expect(splitHash('')).toEqual({ path: '/', search: '' });
    expect(splitHash('#tutorDetail?id=3')).toEqual({ path: '/tutorDetail', search: 'id=3' });
  });
});

describe('hash routing', () => {
  it('matches a route whose query is inside the hash and exposes the query', async () => {
    window.location.hash = '#/course/list?name=数据';
    render(<App />);
    expect(screen.getByRole('heading').textContent).toBe('课程列表');
    expect(screen.getByText(/name=/).textContent).toBe('name=数据');
  });

  it('re-renders on navigation, including replace navigation', async () => {
    window.location.hash = '#/';
    render(<App />);
    expect(screen.getByRole('heading').textContent).toBe('首页');
    await act(async () => {
      navigate(withQuery('/course/list', { name: 'AI', empty: '' }), { replace: true });
    });
    expect(window.location.hash).toBe('#/course/list?name=AI');
    expect(screen.getByRole('heading').textContent).toBe('课程列表');
    expect(screen.getByText(/name=/).textContent).toBe('name=AI');
  });
});
