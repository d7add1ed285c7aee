// @vitest-environment node
import { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_FAILED, SERVER_UNAVAILABLE, TIMED_OUT, createHttpClient, isCanceled, type AuthHooks } from './client';
import { toasts } from '../ui/toast-store';

interface Call {
  url: string;
  auth: string | null;
}

/**
 * A fake server as an axios adapter: answers after `delay` ms, honours the abort signal like the
 * real XHR adapter, and treats only `validToken` as signed in on `/api/private*`.
 */
function fakeServer(opts: { validToken: () => string; delay?: number }) {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      calls.push({ url: config.url ?? '', auth: typeof auth === 'string' ? auth : null });
      const signal = config.signal as AbortSignal | undefined;
      if (signal?.aborted) return reject(new CanceledError(undefined, undefined, config));
      const timer = setTimeout(() => {
        const expired = config.url?.startsWith('/api/private') && auth !== opts.validToken();
        const body = expired ? { resultCode: 40101, errMsg: '登录已过期', data: null } : { resultCode: 200, errMsg: '', data: config.url };
        resolve({ data: body, status: 200, statusText: 'OK', headers: {}, config });
      }, opts.delay ?? 5);
      signal?.addEventListener?.('abort', () => {
        clearTimeout(timer);
        reject(new CanceledError(undefined, undefined, config));
      });
    });
  return { adapter, calls };
}

// The fake server answers and the re-login waits on faked timers: the clock moves only when a test
// moves it (`drain` runs every pending timer, and the timers those start, then settles `p`).
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());
async function drain<T>(p: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return p;
}

describe('http client', () => {
  it('sends the token raw in Authorization with the defaults of DESIGN §2', async () => {
    const server = fakeServer({ validToken: () => 't1' });
    const { http, setAuthHooks } = createHttpClient(server.adapter);
    setAuthHooks({ getToken: () => 't1', reLogin: async () => false, onAuthLost: () => {} });
    expect(http.defaults.timeout).toBe(10_000);
    expect(http.defaults.baseURL).toBe('/');
    const res = await drain(http.get('/api/private/a'));
    expect(res.data.resultCode).toBe(200);
    expect(server.calls).toEqual([{ url: '/api/private/a', auth: 't1' }]);
  });

  it('aborts an earlier pending request to the same URL, not to other URLs', async () => {
    const server = fakeServer({ validToken: () => '', delay: 20 });
    const { http } = createHttpClient(server.adapter);
    const first = http.get('/api/list', { params: { name: 'a' } });
    const other = http.get('/api/other');
    const second = http.get('/api/list', { params: { name: 'ab' } });
    await expect(first).rejects.toSatisfy(isCanceled);
    await vi.runAllTimersAsync();
    await expect(second).resolves.toMatchObject({ data: { resultCode: 200 } });
    await expect(other).resolves.toMatchObject({ data: { resultCode: 200 } });
    // opting out keeps both
    const a = http.get('/api/list', { dedupe: false });
    const b = http.get('/api/list', { dedupe: false });
    await expect(drain(Promise.all([a, b]))).resolves.toHaveLength(2);
  });

  it('does not abort a finished request when the same URL is called again', async () => {
    const server = fakeServer({ validToken: () => '' });
    const { http } = createHttpClient(server.adapter);
    await drain(http.get('/api/x'));
    await expect(drain(http.get('/api/x'))).resolves.toMatchObject({ data: { resultCode: 200 } });
  });

  it('re-logs in exactly once for parallel 40101 answers and retries every request', async () => {
    let token = 'old';
    let valid = 'new';
    const server = fakeServer({ validToken: () => valid, delay: 5 });
    const { http, setAuthHooks } = createHttpClient(server.adapter);
    const reLogin = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 30));
      token = 'new';
      return true;
    });
    const onAuthLost = vi.fn();
    setAuthHooks({ getToken: () => token, reLogin, onAuthLost });

    const first = await drain(Promise.all(['/api/private/a', '/api/private/b', '/api/private/c'].map((u) => http.get(u))));
    expect(first.map((r) => r.data.resultCode)).toEqual([200, 200, 200]);
    expect(reLogin).toHaveBeenCalledTimes(1);
    expect(onAuthLost).not.toHaveBeenCalled();
    // each went out twice: once with the stale token, once (retried) with the new one
    for (const u of ['/api/private/a', '/api/private/b', '/api/private/c']) {
      expect(server.calls.filter((c) => c.url === u).map((c) => c.auth)).toEqual(['old', 'new']);
    }

    // expire again: a request started while the re-login runs waits for it instead of failing
    valid = 'newer';
    reLogin.mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 30));
      token = 'newer';
      return true;
    });
    server.calls.length = 0;
    const a = http.get('/api/private/a');
    await vi.advanceTimersByTimeAsync(12); // a's 40101 arrived at 5 ms, the re-login runs until 35 ms
    expect(reLogin).toHaveBeenCalledTimes(2);
    const late = http.get('/api/private/late');
    await expect(drain(Promise.all([a, late]))).resolves.toHaveLength(2);
    expect(reLogin).toHaveBeenCalledTimes(2);
    expect(server.calls.filter((c) => c.url === '/api/private/late').map((c) => c.auth)).toEqual(['newer']);
  });

  it('clears the session once when re-login is impossible, and returns the 40101 answer', async () => {
    let token: string | null = 'old';
    const server = fakeServer({ validToken: () => 'other' });
    const { http, setAuthHooks } = createHttpClient(server.adapter);
    const hooks: AuthHooks = {
      getToken: () => token,
      reLogin: vi.fn(async () => false),
      onAuthLost: vi.fn(() => {
        token = null;
      }),
    };
    setAuthHooks(hooks);
    const answers = await drain(Promise.all(['/api/private/a', '/api/private/b'].map((u) => http.get(u))));
    expect(answers.map((r) => r.data.resultCode)).toEqual([40101, 40101]);
    expect(hooks.reLogin).toHaveBeenCalledTimes(1);
    expect(hooks.onAuthLost).toHaveBeenCalledTimes(1);
    expect(token).toBeNull();
  });

  it('treats a throwing re-login as failed and never re-logs in for the login call itself', async () => {
    const server = fakeServer({ validToken: () => 'x' });
    const { http, setAuthHooks } = createHttpClient(server.adapter);
    const reLogin = vi.fn(async () => {
      throw new Error('network');
    });
    const onAuthLost = vi.fn();
    setAuthHooks({ getToken: () => 'stale', reLogin, onAuthLost });
    const skipped = await drain(http.get('/api/private/login', { skipAuthRefresh: true }));
    expect(skipped.data.resultCode).toBe(40101);
    expect(reLogin).not.toHaveBeenCalled();
    const res = await drain(http.get('/api/private/a'));
    expect(res.data.resultCode).toBe(40101);
    expect(reLogin).toHaveBeenCalledTimes(1);
    expect(onAuthLost).toHaveBeenCalledTimes(1);
  });
});

/** An adapter whose server is unreachable, times out, or sits behind a proxy answering 502. */
function brokenServer(kind: 'down' | 'timeout' | '502' | 'ok') {
  let calls = 0;
  const adapter: AxiosAdapter = async (config) => {
    calls++;
    if (kind === 'down') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (kind === 'timeout') throw new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, config);
    if (kind === '502') {
      const response = { data: '<html>Bad Gateway</html>', status: 502, statusText: 'Bad Gateway', headers: {}, config };
      throw new AxiosError('Request failed with status code 502', AxiosError.ERR_BAD_RESPONSE, config, undefined, response);
    }
    return { data: { resultCode: 200, errMsg: '', data: null }, status: 200, statusText: 'OK', headers: {}, config };
  };
  return { adapter, calls: () => calls };
}

describe('transport failures', () => {
  beforeEach(() => {
    toasts.items.splice(0);
  });
  const messages = () => toasts.items.map((t) => [t.kind, t.message]);

  it('an unreachable server shows 网络连接失败 once, however many requests fail together', async () => {
    const { http } = createHttpClient(brokenServer('down').adapter);
    const results = await Promise.allSettled([http.get('/api/a'), http.get('/api/b'), http.post('/api/c')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(messages()).toEqual([['error', NETWORK_FAILED]]);
  });

  it('the 10 s timeout shows 请求超时, a proxy 5xx page shows 服务暂时不可用', async () => {
    await expect(createHttpClient(brokenServer('timeout').adapter).http.get('/api/a')).rejects.toThrow();
    await expect(createHttpClient(brokenServer('502').adapter).http.get('/api/a')).rejects.toThrow();
    expect(messages()).toEqual([
      ['error', TIMED_OUT],
      ['error', SERVER_UNAVAILABLE],
    ]);
  });

  it('login and logout failures stay silent (SPEC §8), and so do calls marked silent', async () => {
    const { http } = createHttpClient(brokenServer('down').adapter);
    await expect(http.post('/api/authcust/login/token', {}, { skipAuthRefresh: true })).rejects.toThrow();
    await expect(http.get('/api/course/studyRecord/querLastRecord', { silent: true })).rejects.toThrow();
    expect(messages()).toEqual([]);
  });

  it('a cancelled request and an API error envelope are not transport failures', async () => {
    const server = fakeServer({ validToken: () => 'never', delay: 20 });
    const { http } = createHttpClient(server.adapter);
    const first = http.get('/api/list');
    const second = http.get('/api/list');
    await expect(first).rejects.toSatisfy(isCanceled);
    await drain(second);
    // A 40101 with no way to re-login is the session flow's business, not a network toast.
    expect((await drain(http.get('/api/private/x'))).data.resultCode).toBe(40101);
    expect(messages()).toEqual([]);
  });

  it('the 40101 re-login still works after the network came back', async () => {
    let down = true;
    let valid = 'old';
    const live = fakeServer({ validToken: () => valid });
    const adapter: AxiosAdapter = (config) => (down ? brokenServer('down').adapter(config) : live.adapter(config));
    const { http, setAuthHooks } = createHttpClient(adapter);
    let token = 'stale';
    setAuthHooks({ getToken: () => token, reLogin: async () => ((token = valid = 'fresh'), true), onAuthLost: () => {} });
    await expect(http.get('/api/private/a')).rejects.toThrow();
    down = false;
    const res = await drain(http.get('/api/private/a'));
    expect(res.data).toMatchObject({ resultCode: 200 });
    expect(live.calls.map((c) => c.auth)).toEqual(['stale', 'fresh']);
    expect(messages()).toEqual([['error', NETWORK_FAILED]]);
  });
});
