import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { toast, toasts } from '../ui/toast-store';

/** Every API answer: HTTP 200 with this body (DESIGN §4). */
export interface Envelope<T = unknown> {
  resultCode: number;
  errMsg: string;
  data: T;
}

export const RESULT_OK = 200;
export const SESSION_EXPIRED = 40101;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: do not abort an earlier pending request to the same URL (default true). */
    dedupe?: boolean;
    /**
     * true for the login call itself: never waits for, nor triggers, a silent re-login, and a
     * transport failure stays silent (SPEC §8: login request failure is silently ignored).
     */
    skipAuthRefresh?: boolean;
    /** true: a transport failure shows no toast (calls whose failure SPEC §8 says to ignore). */
    silent?: boolean;
  }
}

/** What the client needs from the session, injected so the client has no import cycle with it. */
export interface AuthHooks {
  getToken(): string | null;
  /** Logs in again with remembered credentials; resolves true once a fresh token is stored. */
  reLogin(): Promise<boolean>;
  /** No credentials or the re-login failed: forget token and user. */
  onAuthLost(): void;
}

interface Tracked extends InternalAxiosRequestConfig {
  _key?: string;
  _controller?: AbortController;
  /** The token the request went out with; tells a stale 40101 from a fresh one. */
  _token?: string | null;
  _retried?: boolean;
}

export const NETWORK_FAILED = '网络连接失败，请检查网络后重试';
export const TIMED_OUT = '请求超时，请稍后再试';
export const SERVER_UNAVAILABLE = '服务暂时不可用，请稍后再试';

/**
 * The Chinese message for a request that never got an API answer (server unreachable, the 10 s
 * timeout, a proxy's 5xx page), or null when it did get one or was cancelled on purpose.
 */
export function transportFailureMessage(error: unknown): string | null {
  if (!axios.isAxiosError(error) || axios.isCancel(error)) return null;
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return TIMED_OUT;
  if (!error.response) return NETWORK_FAILED;
  if (error.response.status >= 500) return SERVER_UNAVAILABLE;
  return null;
}

/** One toast per message on screen: ten parallel requests failing together say it once. */
function notifyTransportFailure(message: string): void {
  if (!toasts.items.some((t) => t.message === message)) toast.error(message);
}

const noAuth: AuthHooks = { getToken: () => null, reLogin: async () => false, onAuthLost: () => {} };

export interface HttpClient {
  http: AxiosInstance;
  setAuthHooks(hooks: AuthHooks): void;
  /**
   * POSTs `body` as JSON with the token, in a request that outlives the page (fetch keepalive),
   * started before this returns — for the page going away, where axios' asynchronous interceptors
   * may never reach the network. The answer is not read. False (nothing sent) when the body is
   * over what keepalive requests may carry.
   */
  sendAsPageGoes(url: string, body: unknown): boolean;
}

/** What a keepalive request may carry (the Fetch standard's 64 KiB for all of a page's, less headroom). */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

/**
 * The one axios instance (DESIGN §2): base '/', 10 s timeout, JSON, the token in `Authorization`
 * (raw, as the API expects). Two behaviours live here so no screen re-implements them:
 *
 * - De-duplication: a new request to the same method+URL aborts the earlier pending one (the
 *   earlier promise rejects with a CanceledError, see `isCanceled`). Typing in a search box or
 *   paging quickly therefore never renders an older answer over a newer one.
 * - Transport failures (server unreachable, 10 s timeout, a 5xx from a proxy) show one clear
 *   Chinese toast, except for login/logout and calls marked `silent`; callers still get the
 *   rejection and keep their own error state (e.g. ListStatus with 重试).
 * - Session refresh (SPEC §4): a 40101 answer starts exactly one silent re-login; requests that
 *   get 40101 meanwhile, and requests started meanwhile, wait for it and then go out (again) with
 *   the new token. A 40101 for a token that was already replaced is simply retried, so a late
 *   answer to a parallel request never causes a second login.
 */
export function createHttpClient(adapter?: AxiosAdapter): HttpClient {
  const http = axios.create({ baseURL: '/', timeout: 10_000, headers: { 'Content-Type': 'application/json' }, adapter });
  let hooks = noAuth;
  const pending = new Map<string, AbortController>();
  let refreshing: Promise<boolean> | null = null;
  let failedToken: string | null | undefined;

  const release = (config: Tracked | undefined) => {
    if (config?._key && pending.get(config._key) === config._controller) pending.delete(config._key);
  };

  const refreshOnce = (usedToken: string | null | undefined): Promise<boolean> => {
    const current = hooks.getToken();
    if (current && current !== usedToken) return Promise.resolve(true);
    if (refreshing) return refreshing;
    if (failedToken !== undefined && failedToken === usedToken) return Promise.resolve(false);
    refreshing = (async () => {
      let ok = false;
      try {
        ok = await hooks.reLogin();
      } catch {
        ok = false;
      }
      if (!ok) {
        failedToken = usedToken;
        hooks.onAuthLost();
      }
      return ok;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  http.interceptors.request.use(async (config: Tracked) => {
    if (config.dedupe !== false) {
      const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
      pending.get(key)?.abort();
      const controller = new AbortController();
      const outer = config.signal as AbortSignal | undefined;
      outer?.addEventListener?.('abort', () => controller.abort());
      pending.set(key, controller);
      config._key = key;
      config._controller = controller;
      config.signal = controller.signal;
    }
    if (!config.skipAuthRefresh && refreshing) await refreshing;
    const token = hooks.getToken();
    config._token = token;
    if (token) config.headers.set('Authorization', token);
    else config.headers.delete('Authorization');
    return config;
  });

  http.interceptors.response.use(
    async (response: AxiosResponse) => {
      const config = response.config as Tracked;
      release(config);
      const body = response.data as Partial<Envelope> | undefined;
      if (body?.resultCode !== SESSION_EXPIRED || config.skipAuthRefresh || config._retried) return response;
      if (!(await refreshOnce(config._token))) return response;
      const retry: Tracked = { ...config, _retried: true, signal: undefined };
      return http.request(retry);
    },
    (error: unknown) => {
      const config = axios.isAxiosError(error) ? (error.config as Tracked | undefined) : undefined;
      release(config);
      const message = transportFailureMessage(error);
      if (message && !config?.skipAuthRefresh && !config?.silent) notifyTransportFailure(message);
      return Promise.reject(error);
    },
  );

  return {
    http,
    setAuthHooks(next) {
      hooks = next;
      failedToken = undefined;
    },
    sendAsPageGoes(url, body) {
      const json = JSON.stringify(body);
      if (typeof fetch !== 'function' || new TextEncoder().encode(json).length > KEEPALIVE_MAX_BYTES) return false;
      const token = hooks.getToken();
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) };
      fetch(url, { method: 'POST', keepalive: true, headers, body: json }).catch(() => {});
      return true;
    },
  };
}

const client = createHttpClient();

/** The app's axios instance. Prefer the helpers below, which return the envelope. */
export const http = client.http;

/** Called once by the session module at start-up. */
export const setAuthHooks = client.setAuthHooks;

/** A POST that outlives the page going away (HttpClient.sendAsPageGoes). */
export const sendAsPageGoes = client.sendAsPageGoes;

/** True for a request aborted by a newer one to the same URL: ignore it, a newer answer is coming. */
export const isCanceled = (error: unknown): boolean => axios.isCancel(error);

export async function apiGet<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return (await http.get<Envelope<T>>(url, { ...config, params })).data;
}

export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return (await http.post<Envelope<T>>(url, body, config)).data;
}

export async function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<Envelope<T>> {
  return (await http.put<Envelope<T>>(url, body, config)).data;
}
