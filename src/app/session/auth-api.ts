import { apiGet, apiPost } from '../http/client';
import type { User } from './session-store';

export interface LoginData extends User {
  token: string;
}

/** SPEC §7 login. Never waits for nor triggers the silent re-login (it *is* the re-login). */
export const loginRequest = (loginName: string, password: string) =>
  apiPost<LoginData>('/api/authcust/login/token', { loginName, password, loginType: 0 }, { skipAuthRefresh: true, dedupe: false });

export const logoutRequest = () => apiPost<null>('/api/authcust/login/logout', undefined, { skipAuthRefresh: true });

export const selectUser = () => apiGet<User>('/api/customer/login/selectUser');

/** The header's unread dot: page 1, size 10, unread only (SPEC §9); data.list.total is the count. */
export const newsCheck = () => apiGet<{ list: { total: number } }>('/api/customer/userMessage/newsCheck', { currentNum: 1, currentSize: 10, isLook: 0 });
