import { RESULT_OK, setAuthHooks, type Envelope } from '../http/client';
import { getLocal, REMEMBER_ME_MS, removeLocal, setLocal, STORAGE_KEYS } from '../lib/storage';
import { loginRequest, logoutRequest, selectUser, type LoginData } from './auth-api';
import { loadYearList } from './reference-store';
import { clearSession, session, setToken, setUser, type User } from './session-store';

// jsencrypt is ~20 KB gzip: loaded only when a password is remembered or replayed, never for Home.
const rsa = () => import('../lib/rsa');

export interface RememberedLogin {
  loginName: string;
  password: string;
}

/** The remember-me credentials, decrypted; null when none (or expired, or undecryptable). */
export async function rememberedLogin(): Promise<RememberedLogin | null> {
  const flag = getLocal<boolean>(STORAGE_KEYS.rememberFlag);
  const loginName = getLocal<string>(STORAGE_KEYS.rememberUsername);
  const cipher = getLocal<string>(STORAGE_KEYS.rememberPassword);
  if (!flag || !loginName || !cipher) return null;
  const password = (await rsa()).decryptPassword(cipher);
  return password ? { loginName, password } : null;
}

async function remember(loginName: string, password: string, on: boolean): Promise<void> {
  if (!on) {
    removeLocal(STORAGE_KEYS.rememberUsername);
    removeLocal(STORAGE_KEYS.rememberPassword);
    removeLocal(STORAGE_KEYS.rememberFlag);
    return;
  }
  const cipher = (await rsa()).encryptPassword(password);
  setLocal(STORAGE_KEYS.rememberUsername, loginName, REMEMBER_ME_MS);
  setLocal(STORAGE_KEYS.rememberPassword, cipher, REMEMBER_ME_MS);
  setLocal(STORAGE_KEYS.rememberFlag, true, REMEMBER_ME_MS);
}

/**
 * After a password change: a remembered password becomes the new one, or the next silent
 * re-login (SPEC §4) would replay the old one, fail, sign the student out and count toward the
 * lockout. Nothing remembered, nothing stored.
 */
export async function rememberChangedPassword(password: string): Promise<void> {
  const loginName = getLocal<string>(STORAGE_KEYS.rememberUsername);
  if (getLocal<boolean>(STORAGE_KEYS.rememberFlag) && loginName) await remember(loginName, password, true);
}

function userOf({ token: _token, ...user }: LoginData): User {
  return user;
}

let reading: Promise<void> | null = null;

/** Reloads the user (selectUser); a failure keeps the one we have. Callers meanwhile share the one read. */
export function refreshUser(): Promise<void> {
  reading ??= (async () => {
    try {
      const res = await selectUser();
      if (res.resultCode === RESULT_OK && res.data) setUser(res.data);
    } catch {
      // keep the stored user
    } finally {
      reading = null;
    }
  })();
  return reading;
}

/**
 * The signed-in user, read first when this tab does not have it yet (the token outlives the tab,
 * the user does not: App reads it as a tab opens); null when signed out or it could not be read.
 */
export async function userKnown(): Promise<User | null> {
  if (session.token && !session.user) await refreshUser();
  return session.user;
}

/**
 * Dialog login (SPEC §4). Returns the envelope so the dialog can show errMsg; a network failure
 * rejects and the dialog ignores it (SPEC §8). On success: token stored, remember-me applied,
 * then user info and year list fetched.
 */
export async function login(loginName: string, password: string, rememberMe: boolean): Promise<Envelope<LoginData>> {
  const res = await loginRequest(loginName, password);
  if (res.resultCode !== RESULT_OK || !res.data?.token) return res;
  setToken(res.data.token);
  setUser(userOf(res.data));
  await remember(loginName, password, rememberMe);
  void refreshUser();
  void loadYearList();
  return res;
}

/** The silent re-login of SPEC §4, used by the http client on 40101. */
export async function silentReLogin(): Promise<boolean> {
  const creds = await rememberedLogin();
  if (!creds) return false;
  const res = await loginRequest(creds.loginName, creds.password);
  if (res.resultCode !== RESULT_OK || !res.data?.token) return false;
  setToken(res.data.token);
  setUser(userOf(res.data));
  return true;
}

/** Logout: tell the server (best effort), then forget token and user. */
export async function logout(): Promise<void> {
  try {
    if (session.token) await logoutRequest();
  } catch {
    // best effort: the server expires the session anyway
  }
  clearSession();
}

/** Connects the http client to the session; called once at start-up. */
export function installAuth(): void {
  setAuthHooks({ getToken: () => session.token, reLogin: silentReLogin, onAuthLost: clearSession });
}
