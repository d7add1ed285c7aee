import type { LoginData } from '../../contract/auth';
import type { UserWithToken } from '../../contract/customer';
import type { NewsCheck } from '../../contract/messages';
import { apiGet, apiPost } from '../http/client';

export type { LoginData };

/** SPEC §7 login. Never waits for nor triggers the silent re-login (it *is* the re-login). */
export const loginRequest = (loginName: string, password: string) =>
  apiPost<LoginData>('/api/authcust/login/token', { loginName, password, loginType: 0 }, { skipAuthRefresh: true, dedupe: false });

export const logoutRequest = () => apiPost<null>('/api/authcust/login/logout', undefined, { skipAuthRefresh: true });

export const selectUser = () => apiGet<UserWithToken>('/api/customer/login/selectUser');

/** The header's unread dot: page 1, size 10, unread only (SPEC §9); data.list.total is the count. */
export const newsCheck = () => apiGet<NewsCheck>('/api/customer/userMessage/newsCheck', { currentNum: 1, currentSize: 10, isLook: 0 });
