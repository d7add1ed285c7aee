import { proxy } from 'valtio';
import type { UserView } from '../../contract/customer';
import { getLocal, getSession, removeLocal, removeSession, setLocal, setSession, STORAGE_KEYS } from '../lib/storage';

/** The signed-in student as the API returns it (login and selectUser, SPEC §3). */
export type User = UserView;

export interface SessionState {
  token: string | null;
  user: User | null;
}

/**
 * The session (valtio), mirroring storage: token in local storage (survives the tab), user in
 * session storage (SPEC §3). Write it only through the functions below so the two never disagree.
 * Read it in components with `useSnapshot(session)`.
 */
export const session = proxy<SessionState>({
  token: getLocal<string>(STORAGE_KEYS.token),
  user: getSession<User>(STORAGE_KEYS.userMessage),
});

export function setToken(token: string): void {
  session.token = token;
  setLocal(STORAGE_KEYS.token, token);
}

export function setUser(user: User): void {
  session.user = user;
  setSession(STORAGE_KEYS.userMessage, user);
}

/** Logged out: token and user gone (remembered credentials stay, SPEC §4). */
export function clearSession(): void {
  session.token = null;
  session.user = null;
  removeLocal(STORAGE_KEYS.token);
  removeSession(STORAGE_KEYS.userMessage);
}

/** Token removed in another tab (or by hand in devtools of another tab) → logged out here too. */
export function watchTokenRemoval(): () => void {
  const onStorage = (e: StorageEvent) => {
    if ((e.key === STORAGE_KEYS.token || e.key === null) && getLocal(STORAGE_KEYS.token) === null && session.token) clearSession();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
